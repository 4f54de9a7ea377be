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
//! 6. the corner patterns (Tatham's Easy "QC", "TC", "DC"): equal
//!    numbers in the 2x2 block at a corner of the grid decide a cell
//!    ([`corners`]), as one-literal clauses;
//! 7. from the second level on, the offset pairs (Tatham's Tricky "IP",
//!    [`offset_pairs`]), as one-literal clauses;
//! 8. at the third level, [`Probe`]: a cell is given the other value
//!    when one value's direct consequences (a shaded cell's neighbours
//!    unshaded, an unshaded cell's equal numbers in its row and column
//!    shaded, repeated to a fixpoint) break a rule or split the unshaded
//!    cells.
//!
//! Clauses and counts are domain consistent, so the first level is the
//! rules one at a time with the number patterns, as a person starts:
//! Tatham's Easy (his "CC, CE, QM", a cell's last way out, are cases of
//! (3)); its connectivity check waits for a complete shading, since
//! deciding the last open cell by it is already the next level's
//! reasoning. The second adds the connectivity reasoning and the offset
//! pairs, which is Tatham's Tricky. On 870 puzzles of his generator every
//! level agrees (`docs/formats/hitori.md`).
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
use crate::families::words;
use crate::family::{Built, Reason, Rule};
use crate::generic::Progress;
use csp_core::{
    Conflict, Constraint, ConstraintId, Deduction, Events, Literal, Model, ModelError, Priority,
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
    /// A grid corner's 2x2 block (corner, its neighbour in the row, its
    /// neighbour in the column, the inner cell), the cell its equal
    /// numbers decide and whether it is shaded.
    Corner([usize; 4], usize, bool),
    /// An offset pair: equal numbers `a1`, `a2` in a line, equal numbers
    /// `b1` (next to `a1`) and `b2` (diagonal to `a2`) in the parallel
    /// line, and the cell next to `a2` and `b2` that stays unshaded.
    Offset([usize; 4], usize),
    Probe,
}

/// The corner patterns of `p` (Tatham's Easy "QC", "TC", "DC"): in the 2x2
/// block at each corner of the grid, equal numbers decide cells. The
/// corner has two neighbours only, so it can be neither shaded next to a
/// shaded neighbour nor unshaded between two shaded ones.
fn corners(p: &Puzzle) -> Vec<Origin> {
    let (rows, cols) = (p.rows, p.cols);
    if rows < 2 || cols < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (r, c, dr, dc) in [
        (0, 0, 1, 1),
        (0, cols - 1, 1, -1),
        (rows - 1, cols - 1, -1, -1),
        (rows - 1, 0, -1, 1),
    ] {
        let at = |y: usize, x: usize| {
            let row = r as isize + dr * y as isize;
            let col = c as isize + dc * x as isize;
            row as usize * cols + col as usize
        };
        // Corner, its neighbour in the row, in the column, the inner cell.
        let b = [at(0, 0), at(0, 1), at(1, 0), at(1, 1)];
        let n = b.map(|i| p.numbers[i]);
        let decided: &[(usize, bool)] = if n[0] == n[1] && n[0] == n[2] && n[0] == n[3] {
            &[(0, true), (3, true)]
        } else if n[0] == n[1] && n[0] == n[2] {
            &[(0, true)]
        } else if n[1] == n[2] && n[1] == n[3] {
            &[(3, true)]
        } else if n[0] == n[1] || n[1] == n[3] {
            &[(2, false)]
        } else if n[0] == n[2] || n[2] == n[3] {
            &[(1, false)]
        } else {
            &[]
        };
        out.extend(
            decided
                .iter()
                .map(|&(k, shade)| Origin::Corner(b, b[k], shade)),
        );
    }
    out
}

/// The offset pairs of `p` (Tatham's Tricky "IP"): with equal numbers A at
/// `a1` and `a2` in one line, and equal numbers B at `b1`, next to `a1`
/// across the line, and at `b2`, diagonal to `a2` on the same side, one of
/// `a1` and `b1` stays unshaded, so `a2` or `b2` is shaded; the two cells
/// next to both `a2` and `b2` are then unshaded.
fn offset_pairs(p: &Puzzle) -> Vec<Origin> {
    let (rows, cols) = (p.rows as isize, p.cols as isize);
    let index = |r: isize, c: isize| {
        (r >= 0 && c >= 0 && r < rows && c < cols).then(|| (r * cols + c) as usize)
    };
    let mut out = Vec::new();
    for (_, _, line) in p.lines() {
        for (k, &a1) in line.iter().enumerate() {
            for &a2 in &line[k + 1..] {
                if p.numbers[a1] != p.numbers[a2] {
                    continue;
                }
                for (a1, a2) in [(a1, a2), (a2, a1)] {
                    let (r1, c1) = ((a1 / p.cols) as isize, (a1 % p.cols) as isize);
                    let (r2, c2) = ((a2 / p.cols) as isize, (a2 % p.cols) as isize);
                    // Along the line, and the two sides across it.
                    let (lr, lc) = if r1 == r2 { (0, 1) } else { (1, 0) };
                    for (pr, pc) in [(lc, lr), (-lc, -lr)] {
                        let Some(b1) = index(r1 + pr, c1 + pc) else {
                            continue;
                        };
                        for d in [1, -1] {
                            let Some(b2) = index(r2 + pr + d * lr, c2 + pc + d * lc) else {
                                continue;
                            };
                            if b2 == b1 || p.numbers[b1] != p.numbers[b2] {
                                continue;
                            }
                            let cells = [a1, a2, b1, b2];
                            for w in [index(r2 + pr, c2 + pc), index(r2 + d * lr, c2 + d * lc)] {
                                out.extend(w.map(|w| Origin::Offset(cells, w)));
                            }
                        }
                    }
                }
            }
        }
    }
    out
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
    out.extend(corners(p));
    if level >= 1 {
        out.extend(offset_pairs(p));
    }
    if level >= 2 {
        out.push(Origin::Probe);
    }
    out
}

/// Hitori's named deductions, easiest first (menneske.no's names, which
/// Tatham's `singles.c` uses, in brackets in the docs).
pub(crate) static RULES: [Rule; 9] = [
    Rule::new(
        "sandwich",
        "a cell between two equal numbers of its line stays unshaded (shading it would leave both)",
        Some("Easy"),
    ),
    Rule::new(
        "pair",
        "two equal numbers side by side: one of them stays, so that number is shaded everywhere else in the line",
        Some("Easy"),
    ),
    Rule::new(
        "corner",
        "equal numbers in the 2x2 block at a corner of the grid decide the corner or the inner cell",
        Some("Easy"),
    ),
    Rule::new(
        "once per line",
        "a number left unshaded is shaded everywhere else in its row and column",
        Some("Easy"),
    ),
    Rule::new(
        "shaded cells never touch",
        "the neighbours of a shaded cell stay unshaded",
        Some("Easy"),
    ),
    Rule::new(
        "a way out",
        "an unshaded cell keeps an unshaded neighbour: its last open neighbour stays unshaded",
        Some("Easy"),
    ),
    Rule::new(
        "keep it connected",
        "a cell whose shading would cut the unshaded cells in two stays unshaded",
        Some("Tricky"),
    ),
    Rule::new(
        "offset pairs",
        "equal numbers A in a line and equal numbers B beside and diagonal to them: one of the second A and B is shaded, so the two cells next to both stay unshaded",
        Some("Tricky"),
    ),
    Rule::new(
        "one step ahead",
        "a choice whose direct consequences break a rule or cut the unshaded cells goes the other way",
        None,
    ),
];

/// The deduction `d` of a level's model of `p` in the player's words.
pub(crate) fn reason(p: &Puzzle, built: &Built, d: &Deduction, now: &Progress) -> Reason {
    let cell = |i: usize| p.cell(i);
    let n = |i: usize| p.numbers[i];
    match origins_of(p, built).get(d.constraint.index()) {
        Some(&Origin::Touch(a, b)) => {
            let here = built.cell_of(d.var);
            let other = if here == Some(cell(a)) { b } else { a };
            Reason::new(
                RULES[4].name,
                format!("{} is shaded", cell(other)),
                vec![cell(other)],
            )
        }
        Some(&Origin::Repeat(across, k, number, _)) => {
            let kept = words::holders(built, now, d.constraint, &Deduction { value: 1, ..*d });
            let cause = match kept.first() {
                Some(c) => format!(
                    "the {number} at {c} stays unshaded in {}",
                    words::line_name(across, k)
                ),
                None => format!("{} keeps one {number}", words::line_name(across, k)),
            };
            Reason::new(RULES[3].name, cause, kept)
        }
        Some(&Origin::Lonely(i)) => Reason::new(
            RULES[5].name,
            format!("{} needs an unshaded neighbour", cell(i)),
            vec![cell(i)],
        ),
        Some(Origin::Connected | Origin::Area) => Reason::new(
            RULES[6].name,
            "shading it would cut the unshaded cells in two",
            Vec::new(),
        ),
        Some(&Origin::Between(a, _, b)) => Reason::new(
            RULES[0].name,
            format!(
                "it lies between the two {}s at {} and {}",
                n(a),
                cell(a),
                cell(b)
            ),
            vec![cell(a), cell(b)],
        ),
        Some(&Origin::Pair(a, b, _)) => Reason::new(
            RULES[1].name,
            format!(
                "the {}s at {} and {} are side by side",
                n(a),
                cell(a),
                cell(b)
            ),
            vec![cell(a), cell(b)],
        ),
        Some(&Origin::Corner(block, _, _)) => Reason::new(
            RULES[2].name,
            format!(
                "the numbers of the corner block {}, {}, {} and {}",
                cell(block[0]),
                cell(block[1]),
                cell(block[2]),
                cell(block[3])
            ),
            block.iter().map(|&i| cell(i)).collect(),
        ),
        Some(&Origin::Offset([a1, a2, b1, b2], _)) => Reason::new(
            RULES[7].name,
            format!(
                "the {}s at {} and {} and the {}s at {} and {}",
                n(a1),
                cell(a1),
                cell(a2),
                n(b1),
                cell(b1),
                cell(b2)
            ),
            vec![cell(a1), cell(a2), cell(b1), cell(b2)],
        ),
        _ => Reason::new(
            RULES[8].name,
            if d.rule == rules::SHADE_FAILS {
                "shading it breaks a rule a few steps on"
            } else {
                "leaving it unshaded breaks a rule a few steps on"
            },
            Vec::new(),
        ),
    }
}

/// What each constraint of a model of `p` stands for (the models of
/// every level are prefixes of level 2's): kept beside the model by
/// [`build`], rebuilt for a model built without them.
fn origins_of<'b>(p: &Puzzle, built: &'b Built) -> std::borrow::Cow<'b, [Origin]> {
    match built.data::<Vec<Origin>>() {
        Some(kept) => std::borrow::Cow::Borrowed(kept),
        None => std::borrow::Cow::Owned(origins(p, 2)),
    }
}

/// A constraint of the model of `p` (any level) in words.
pub(crate) fn describe(p: &Puzzle, built: &Built, c: ConstraintId) -> String {
    let cell = |i: usize| p.cell(i);
    match origins_of(p, built).get(c.index()) {
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
        Some(&Origin::Corner(b, t, shade)) => format!(
            "{} is {} by the equal numbers of the corner block {}, {}, {}, {}",
            cell(t),
            if shade { "shaded" } else { "unshaded" },
            cell(b[0]),
            cell(b[1]),
            cell(b[2]),
            cell(b[3])
        ),
        Some(&Origin::Offset([a1, a2, b1, b2], _)) => format!(
            "offset pairs: the {}s at {} and {}, the {}s at {} and {} (one of {} and {} is shaded)",
            p.numbers[a1],
            cell(a1),
            cell(a2),
            p.numbers[b1],
            cell(b1),
            cell(b2),
            cell(a2),
            cell(b2)
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
            Origin::Corner(_, t, shade) => {
                model.clause(&[Literal::eq(vars[t], if shade { SHADED } else { WHITE })])?;
            }
            Origin::Offset(_, w) => {
                model.clause(&[vars[w]])?;
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
    // Read by every step's words: kept, not rebuilt per deduction.
    Ok(built.with_data(origins(p, 2)))
}

/// The unshaded cells are connected, checked once every cell is decided
/// (not forward checking, which would decide the last open cell): the
/// first level's connectivity, which leaves the cut-cell reasoning to the
/// second level.
#[derive(Debug)]
struct Area {
    scope: Vec<VarId>,
    graph: Graph,
}

impl Constraint for Area {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        self.graph.is_connected_set(|v| values[v] == WHITE)
    }

    /// Checks a complete shading only. Forward checking would also decide
    /// the last open cell by connectivity, which is the second level's
    /// reasoning (Tatham's Easy solver leaves such a cell open: measured
    /// on his Tricky puzzles, which that made us grade `easy`).
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if self.scope.iter().any(|&v| !ctx.is_fixed(v)) {
            return Ok(());
        }
        csp_core::forward_check(self, ctx)
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
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

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
        let text = describe(&p, &built, id);
        assert!(text.starts_with(&p.cell(1).to_string()), "{text}");
    }
}
