//! The csp-core model of a Hitori grid, per level of the ladder, and the
//! middle level's technique.
//!
//! # Background
//!
//! One 0/1 variable per cell, 1 when the cell stays unshaded (so the
//! connectivity rule reads "the cells at 1 are connected"). The
//! constraints, posted in this order (the order [`describe`] relies on):
//!
//! 1. two neighbours are not both shaded: a two-literal
//!    [`clause`](csp_core::Model::clause) per pair, row-major;
//! 2. in every row, then every column, each number written more than once
//!    is unshaded at most once ([`at_most_one`](csp_core::Model::at_most_one));
//! 3. an unshaded cell has an unshaded neighbour (a clause over the
//!    cell's shading and its neighbours; sound on grids of 4 cells or
//!    more, where a solution leaves at least two cells unshaded);
//! 4. the unshaded cells are connected: from the second level on with
//!    [`connected`](csp_core::Model::connected) (it fails on a split and
//!    keeps unshaded every cell that separates two unshaded cells:
//!    Tatham's Tricky "this shading would split the white area"); at the
//!    first level only checked once every cell is decided ([`Area`]);
//! 5. two deductions from the numbers alone, as one-literal clauses
//!    (Tatham's Easy "SP/ST" and "PI"): a cell between two equal numbers
//!    of its line is unshaded (shading it would leave both unshaded), and
//!    when two equal numbers are neighbours one of them stays unshaded, so
//!    that number is shaded everywhere else in the line;
//! 6. at the third level, [`Probe`]: a cell is given the other value
//!    when one value's direct consequences (a shaded cell's neighbours
//!    unshaded, an unshaded cell's equal numbers in its row and column
//!    shaded, repeated to a fixpoint) break a rule or split the unshaded
//!    cells.
//!
//! Clauses and counts are domain consistent, so the first level is the
//! rules one at a time with the two number patterns, as a person starts:
//! Tatham's Easy (his corner patterns "CC, CE, QM" are cases of (3)). The
//! second adds the connectivity reasoning, which is Tatham's Tricky.
//!
//! # Practical
//!
//! The solving model is the second level's; the probe costs `O(n)` per
//! tried value, so `O(n^2)` per call, more than the search it saves.
//!
//! # References
//!
//! S. Tatham, *Simon Tatham's Portable Puzzle Collection*, `singles.c`
//! (the difficulty levels and the menneske.no names of the deductions).

use super::Puzzle;
use crate::family::Built;
use csp_core::{
    Conflict, Constraint, ConstraintId, Events, Literal, Model, ModelError, Priority,
    PropagationContext, Value, VarId, graph::Graph,
};

/// The level whose model solves (the second: search does the rest).
pub(crate) const SOLVE: usize = 1;

/// Trace rule names of the technique.
pub mod rules {
    /// Shading this cell leads, by the rules alone, to a contradiction.
    pub const SHADE_FAILS: &str = "shading it breaks a rule";
    /// Leaving this cell unshaded leads, by the rules alone, to a contradiction.
    pub const UNSHADE_FAILS: &str = "leaving it unshaded breaks a rule";
}

/// What each constraint stands for, in posting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Touch(usize, usize),
    /// A line (across or down, its index), the number, the group's index.
    Repeat(bool, usize, u16, usize),
    Lonely(usize),
    Connected,
    Area,
    Between(usize, usize, usize),
    Pair(usize, usize, usize),
    Probe,
}

/// The cells of each number of each line that is written more than once.
fn repeats(p: &Puzzle) -> Vec<(bool, usize, u16, Vec<usize>)> {
    let mut out = Vec::new();
    for (across, k, line) in p.lines() {
        let mut groups: Vec<(u16, Vec<usize>)> = Vec::new();
        for &i in &line {
            let n = p.numbers[i];
            match groups.iter_mut().find(|(m, _)| *m == n) {
                Some((_, g)) => g.push(i),
                None => groups.push((n, vec![i])),
            }
        }
        out.extend(
            groups
                .into_iter()
                .filter(|(_, g)| g.len() > 1)
                .map(|(n, g)| (across, k, n, g)),
        );
    }
    out
}

fn origins(p: &Puzzle, level: usize) -> Vec<Origin> {
    let mut out = Vec::new();
    for i in 0..p.numbers.len() {
        out.extend(
            p.neighbours(i)
                .filter(|&n| n > i)
                .map(|n| Origin::Touch(i, n)),
        );
    }
    let groups = repeats(p);
    out.extend(
        groups
            .iter()
            .enumerate()
            .map(|(g, (a, k, n, _))| Origin::Repeat(*a, *k, *n, g)),
    );
    if p.numbers.len() >= 4 {
        out.extend(
            (0..p.numbers.len())
                .filter(|&i| p.neighbours(i).next().is_some())
                .map(Origin::Lonely),
        );
    }
    out.push(if level >= 1 {
        Origin::Connected
    } else {
        Origin::Area
    });
    for (_, _, line) in p.lines() {
        for w in line.windows(3) {
            if p.numbers[w[0]] == p.numbers[w[2]] {
                out.push(Origin::Between(w[0], w[1], w[2]));
            }
        }
    }
    for (_, _, _, g) in &groups {
        for w in g.windows(2) {
            if p.neighbours(w[0]).any(|n| n == w[1]) {
                out.extend(
                    g.iter()
                        .filter(|&&r| r != w[0] && r != w[1])
                        .map(|&r| Origin::Pair(w[0], w[1], r)),
                );
            }
        }
    }
    if level >= 2 {
        out.push(Origin::Probe);
    }
    out
}

/// A constraint of the model of `p` (any level) in words.
pub(crate) fn describe(p: &Puzzle, c: ConstraintId) -> String {
    let cell = |i: usize| p.cell(i);
    match origins(p, 2).get(c.index()) {
        Some(&Origin::Touch(a, b)) => {
            format!("shaded cells cannot touch ({} and {})", cell(a), cell(b))
        }
        Some(&Origin::Repeat(across, k, n, _)) => format!(
            "the {n}s of {} {} (one unshaded at most)",
            if across { "row" } else { "column" },
            k + 1
        ),
        Some(&Origin::Lonely(i)) => format!("{} needs an unshaded neighbour", cell(i)),
        Some(Origin::Connected | Origin::Area) => {
            "the unshaded cells must stay connected".to_owned()
        }
        Some(&Origin::Between(a, m, b)) => format!(
            "{} lies between the two {}s at {} and {}",
            cell(m),
            p.numbers[a],
            cell(a),
            cell(b)
        ),
        Some(&Origin::Pair(a, b, _)) => format!(
            "one of the neighbouring {}s at {} and {} stays unshaded",
            p.numbers[a],
            cell(a),
            cell(b)
        ),
        Some(Origin::Probe) => "the consequences of the other choice".to_owned(),
        None => c.to_string(),
    }
}

/// The model of `p` at ladder level `level` (0: the rules and the number
/// patterns, connectivity only checked; 1: connectivity propagated; 2 and
/// above: plus [`Probe`]).
pub(crate) fn build(p: &Puzzle, level: usize) -> Result<Built, ModelError> {
    let n = p.numbers.len();
    let mut model = Model::new();
    let vars = model.new_bools(n)?;
    let mut neighbours = vec![Vec::new(); n];
    let mut peers = vec![Vec::new(); n];
    let groups = repeats(p);
    for origin in origins(p, level) {
        match origin {
            Origin::Touch(a, b) => {
                model.clause(&[vars[a], vars[b]])?;
                neighbours[a].push(b as u32);
                neighbours[b].push(a as u32);
            }
            Origin::Repeat(_, _, _, g) => {
                let g = &groups[g].3;
                let lits: Vec<VarId> = g.iter().map(|&i| vars[i]).collect();
                model.at_most_one(&lits)?;
                for &i in g {
                    peers[i].extend(g.iter().filter(|&&j| j != i).map(|&j| j as u32));
                }
            }
            Origin::Lonely(i) => {
                let mut lits = vec![Literal::eq(vars[i], 0)];
                lits.extend(p.neighbours(i).map(|j| Literal::eq(vars[j], 1)));
                model.clause(&lits)?;
            }
            Origin::Connected => {
                model.connected(&vars, &Graph::grid(p.rows, p.cols)?)?;
            }
            Origin::Area => {
                model.add(Area {
                    scope: vars.clone(),
                    graph: Graph::grid(p.rows, p.cols)?,
                })?;
            }
            Origin::Between(_, m, _) => {
                model.clause(&[vars[m]])?;
            }
            Origin::Pair(_, _, r) => {
                model.clause(&[Literal::eq(vars[r], 0)])?;
            }
            Origin::Probe => {
                model.add(Probe {
                    scope: vars.clone(),
                    neighbours: neighbours.clone(),
                    peers: peers.clone(),
                })?;
            }
        }
    }
    let mut built = Built::new(model, p.rows, p.cols);
    built.cells = vars.into_iter().map(Some).collect();
    Ok(built)
}

/// The unshaded cells are connected, checked once every cell is decided
/// (forward checking): the first level's connectivity, which leaves the
/// cut-cell reasoning to the second level.
#[derive(Debug)]
struct Area {
    scope: Vec<VarId>,
    graph: Graph,
}

impl Constraint for Area {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        self.graph.is_connected_set(|v| values[v] == WHITE)
    }

    fn name(&self) -> &str {
        "connected (checked)"
    }
}

/// One-step lookahead over the local rules and connectivity: a cell whose
/// value leads, by the rules' direct consequences, to a broken rule or a
/// split unshaded area takes the other value. One deduction per call.
#[derive(Debug)]
struct Probe {
    /// The cells' variables (1: unshaded).
    scope: Vec<VarId>,
    /// Each cell's orthogonal neighbours.
    neighbours: Vec<Vec<u32>>,
    /// Each cell's equal numbers in its row and column.
    peers: Vec<Vec<u32>>,
}

const SHADED: Value = 0;
const WHITE: Value = 1;
const OPEN: Value = 2;

impl Probe {
    /// Whether giving cell `c` the value `v` (with `state` the current
    /// values, [`OPEN`] for unfixed cells) breaks a rule after its direct
    /// consequences. `state` is restored before returning; `queue` and
    /// `seen` are work space.
    fn refutes(&self, state: &mut [Value], c: usize, v: Value, queue: &mut Vec<u32>) -> bool {
        queue.clear();
        state[c] = v;
        queue.push(c as u32);
        let mut head = 0;
        let mut broken = false;
        let mut shaded_any = false;
        'spread: while head < queue.len() {
            let x = queue[head] as usize;
            head += 1;
            let (next, forbidden, forced) = if state[x] == SHADED {
                shaded_any = true;
                (&self.neighbours[x], SHADED, WHITE)
            } else {
                (&self.peers[x], WHITE, SHADED)
            };
            for &y in next {
                let y = y as usize;
                if state[y] == forbidden {
                    broken = true;
                    break 'spread;
                }
                if state[y] == OPEN {
                    state[y] = forced;
                    queue.push(y as u32);
                }
            }
        }
        if !broken && shaded_any {
            broken = self.split(state, queue.len(), queue);
        }
        for &x in queue.iter() {
            state[x as usize] = OPEN;
        }
        broken
    }

    /// Whether the unshaded cells of `state` are split: some unshaded cell
    /// is not reachable from another through cells not shaded. Uses
    /// `queue[keep..]` as a stack and marks visits by adding 3 to states
    /// (undone before returning).
    fn split(&self, state: &mut [Value], keep: usize, queue: &mut Vec<u32>) -> bool {
        let Some(start) = state.iter().position(|&s| s == WHITE) else {
            return false;
        };
        let mut whites = state.iter().filter(|&&s| s == WHITE).count();
        state[start] += 3;
        whites -= 1;
        queue.push(start as u32);
        let mut top = keep;
        while top < queue.len() {
            let x = queue[top] as usize;
            top += 1;
            for &y in &self.neighbours[x] {
                let y = y as usize;
                if state[y] == WHITE || state[y] == OPEN {
                    if state[y] == WHITE {
                        whites -= 1;
                    }
                    state[y] += 3;
                    queue.push(y as u32);
                }
            }
        }
        for &x in &queue[keep..] {
            state[x as usize] -= 3;
        }
        queue.truncate(keep);
        whites > 0
    }
}

impl Constraint for Probe {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, _: &[Value]) -> bool {
        // A technique: the rules are the other constraints of the model.
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut scratch = ctx.take_scratch();
        let csp_core::Scratch {
            values: state,
            indices: queue,
            ..
        } = &mut scratch;
        state.extend(self.scope.iter().map(|&v| ctx.value(v).unwrap_or(OPEN)));
        let mut found = None;
        'cells: for c in 0..self.scope.len() {
            if state[c] != OPEN {
                continue;
            }
            for v in [SHADED, WHITE] {
                if self.refutes(state, c, v, queue) {
                    found = Some((c, v));
                    break 'cells;
                }
            }
        }
        ctx.give_back_scratch(scratch);
        match found {
            Some((c, v)) => {
                ctx.set_rule(if v == SHADED {
                    rules::SHADE_FAILS
                } else {
                    rules::UNSHADE_FAILS
                });
                ctx.remove(self.scope[c], v).map(|_| ())
            }
            None => Ok(()),
        }
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(5)
    }

    fn name(&self) -> &str {
        "one-step lookahead"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Family;
    use crate::families::hitori::Hitori;

    #[test]
    fn the_number_patterns_are_posted_and_described() {
        // 1 2 1: r1c2 lies between two 1s.
        let p = Hitori.parse("3 3\n1 2 1\n3 3 2\n2 1 3\n").unwrap();
        let os = origins(&p, 0);
        assert!(os.contains(&Origin::Between(0, 1, 2)));
        assert!(!os.contains(&Origin::Probe));
        assert!(os.contains(&Origin::Area) && !os.contains(&Origin::Connected));
        assert!(origins(&p, 2).contains(&Origin::Probe));
        let built = build(&p, 0).unwrap();
        let c = built.model.num_constraints();
        assert_eq!(c, os.len());
        let between = os
            .iter()
            .position(|o| matches!(o, Origin::Between(..)))
            .unwrap();
        let id = built.model.constraints().nth(between).unwrap().0;
        let text = describe(&p, id);
        assert!(text.starts_with(&p.cell(1).to_string()), "{text}");
    }
}
