//! Islands: the unshaded cells form areas of given sizes, one clue each
//! (Nurikabe), and the shaded cells are connected.
//!
//! # Background
//!
//! Each vertex of a graph holds a 0/1 variable: 0 for an *island* cell
//! (unshaded), 1 for the *sea* (shaded). Some vertices hold a clue `k`.
//! [`Islands`] requires every island (maximal connected set of 0s) to
//! hold exactly one clue and exactly that many cells, and every clue cell
//! to be an island cell. [`Model::islands`] posts it together with
//! [`Connected`](super::Connected) over the sea: the rules of Nurikabe
//! but its "no 2 x 2 block of sea", which is one clause per block.
//!
//! Call the connected pieces of cells fixed to 0 *areas*, and an area
//! with a clue *clued*. The propagator applies:
//!
//! - **two clues**: an area with two clues fails; a cell next to two clued
//!   areas is sea;
//! - **too big**: a clued area larger than its clue fails; a cell whose
//!   joining would make a clued area larger than its clue (with the other
//!   areas it touches) is sea, so a complete island is walled in;
//! - **cannot grow**: a clued area of `s` cells with clue `k` grows into
//!   cells not yet sea, at most `k - s` steps away, never into another
//!   clued area nor next to one; fewer than `k` cells within reach fails;
//! - **only way**: a cell every completion of a clued area needs (an
//!   articulation point of what it reaches) is an island cell;
//! - **unreachable**: a cell no clued area can reach is sea, and an
//!   unclued area no clued area can reach fails.
//!
//! This is the reasoning Nurikabe solvers start with (Tatham has no
//! Nurikabe; these are the "unreachable cell" and "island expansion"
//! rules of the genre's solving guides). It is not domain consistent: the
//! puzzle is NP-complete.
//!
//! # Practical
//!
//! One call labels the areas (`O(n + m)` for `n` cells and `m` edges),
//! then runs a breadth-first search bounded by the missing size and a
//! depth-first search from each unfinished clued area; buffers come from
//! the solver's scratch, nothing is allocated per call. It wakes when a
//! cell is fixed, runs at priority level 5, and is not idempotent (an
//! island cell found for one clue can close another).
//!
//! For learning, the *two clues* and *too big* deductions are explained by
//! the cells of the areas involved; the others by the piece of cells not
//! yet sea that holds the cell: its island cells and the wall of sea
//! around it. As for [`RegionSize`](super::RegionSize), a change the
//! analysis of the moment does not reproduce is explained by the scope's
//! domains (sound, less precise).
//!
//! ```
//! use csp_core::{Model, Solver, graph::Graph};
//! // A 1 x 4 strip with a 2 at the left: island 0 0 and sea 1 1.
//! let mut model = Model::new();
//! let cells = model.new_vars(4, 0..=1)?;
//! model.islands(&cells, &Graph::grid(1, 4)?, &[(0, 2)])?;
//! let solution = Solver::new(&model).solve().into_solution().unwrap();
//! assert_eq!(cells.iter().map(|&c| solution[c]).collect::<Vec<_>>(), [0, 0, 1, 1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! M. Holzer, A. Klein and M. Kutrib, *On the NP-completeness of the
//! Nurikabe pencil puzzle and variants thereof*, FUN 2004; R. E. Tarjan,
//! *Depth-first search and linear graph algorithms*, SIAM J. Computing
//! 1(2), 1972 (articulation points).

use super::areas::{self, Bufs};
use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::error::ModelError;
use crate::graph::Graph;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// An island would hold two clues.
    pub const TWO_CLUES: &str = "islands: two clues";
    /// An island would be larger than its clue.
    pub const TOO_BIG: &str = "islands: too big";
    /// A clued island cannot reach its size.
    pub const CANNOT_GROW: &str = "islands: cannot grow";
    /// A cell every completion of an island needs.
    pub const ONLY_WAY: &str = "islands: only way";
    /// A cell (or an island without a clue) no clued island can reach.
    pub const UNREACHABLE: &str = "islands: unreachable";
}

/// The unshaded cells (0) form islands of one clue each, of the clue's
/// size. Post it with [`Model::islands`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Islands {
    cells: Vec<VarId>,
    graph: Graph,
    /// The clue of each cell, 0 for none.
    clue: Vec<u32>,
    /// Words of one cell bitset.
    words: usize,
}

/// The size of a clue that holds its island without saying how large it
/// is (Nurikabe's `?`): such an island holds exactly one clue and any
/// number of cells. See [`Model::islands`].
pub const ANY_SIZE: u32 = u32::MAX;

/// No area.
const NONE: u32 = u32::MAX;
/// An area with two clues or more (in `clued`).
const MANY: u32 = u32::MAX - 1;

/// One deduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// The cell is sea (loses 0).
    Sea(usize, &'static str),
    /// The cell is an island cell (loses 1).
    Island(usize, &'static str),
    /// The constraint fails; the cell is one of the area's.
    Fail(usize, &'static str),
}

struct Work<'a> {
    bufs: Bufs<'a>,
    /// The area of each cell, or [`NONE`].
    area: &'a mut [u32],
    members: &'a mut [u32],
    start: &'a mut [u32],
    /// Per area: the last cell that counted it.
    mark: &'a mut [u32],
    /// Per area: the cell of its clue, [`NONE`] or [`MANY`].
    clued: &'a mut [u32],
    /// Per open cell: the clued area it touches, or [`NONE`].
    touch: &'a mut [u32],
    /// The cells some clued area can reach.
    live: &'a mut [u64],
}

#[inline]
fn bit(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 != 0
}

#[inline]
fn set_bit(set: &mut [u64], i: usize) {
    set[i / 64] |= 1 << (i % 64);
}

fn ones(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let i = w.trailing_zeros() as usize;
                w &= w - 1;
                64 * k + i
            })
        })
    })
}

/// Index buffers a call needs for `n` cells.
fn index_words(n: usize) -> usize {
    areas::BUFFERS * n + 6 * n + 1
}

impl Islands {
    /// The graph over the cells.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The clues as (cell, size), in cell order; [`ANY_SIZE`] for a clue
    /// of unknown size.
    pub fn clues(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.clue
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k > 0)
            .map(|(i, &k)| (i, k))
    }

    fn work<'a>(&self, indices: &'a mut [u32], live: &'a mut [u64]) -> Work<'a> {
        let n = self.cells.len();
        let (bufs, rest) = indices.split_at_mut(areas::BUFFERS * n);
        let (area, rest) = rest.split_at_mut(n);
        let (members, rest) = rest.split_at_mut(n);
        let (start, rest) = rest.split_at_mut(n + 1);
        let (mark, rest) = rest.split_at_mut(n);
        let (clued, touch) = rest.split_at_mut(n);
        Work {
            bufs: Bufs::split(bufs, n),
            area,
            members,
            start,
            mark,
            clued,
            touch,
            live,
        }
    }

    /// The analysis on the cells that can be island (`m`, narrowed by its
    /// own deductions) and those that are (`f`).
    fn analyse<E>(
        &self,
        m: &mut [u64],
        f: &[u64],
        k: &mut Work<'_>,
        act: &mut impl FnMut(Action) -> Result<(), E>,
    ) -> Result<(), E> {
        // 1. The areas, and their clues.
        k.area.fill(NONE);
        let mut areas = 0usize;
        let mut filled = 0usize;
        for c in ones(f) {
            if k.area[c] != NONE {
                continue;
            }
            k.start[areas] = filled as u32;
            k.clued[areas] = NONE;
            k.area[c] = areas as u32;
            k.members[filled] = c as u32;
            let mut head = filled;
            filled += 1;
            while head < filled {
                let x = k.members[head] as usize;
                head += 1;
                if self.clue[x] > 0 {
                    k.clued[areas] = if k.clued[areas] == NONE {
                        x as u32
                    } else {
                        MANY
                    };
                }
                for &(u, _) in self.graph.incident(x) {
                    let u = u as usize;
                    if bit(f, u) && k.area[u] == NONE {
                        k.area[u] = areas as u32;
                        k.members[filled] = u as u32;
                        filled += 1;
                    }
                }
            }
            areas += 1;
        }
        k.start[areas] = filled as u32;
        let size = |start: &[u32], a: usize| start[a + 1] - start[a];
        for a in 0..areas {
            let first = k.members[k.start[a] as usize] as usize;
            match k.clued[a] {
                MANY => return act(Action::Fail(first, rules::TWO_CLUES)),
                NONE => {}
                c if size(k.start, a) > self.clue[c as usize] => {
                    return act(Action::Fail(first, rules::TOO_BIG));
                }
                _ => {}
            }
        }
        // 2. Open cells that would join two clues or overfill one.
        k.mark[..areas].fill(NONE);
        for w in 0..m.len() {
            let mut open = m[w] & !f[w];
            while open != 0 {
                let c = 64 * w + open.trailing_zeros() as usize;
                open &= open - 1;
                let mut total = 1u32;
                let mut clued = NONE;
                let mut two = false;
                for &(u, _) in self.graph.incident(c) {
                    let a = k.area[u as usize];
                    if a == NONE || k.mark[a as usize] == c as u32 {
                        continue;
                    }
                    k.mark[a as usize] = c as u32;
                    total += size(k.start, a as usize);
                    if k.clued[a as usize] != NONE {
                        two |= clued != NONE;
                        clued = a;
                    }
                }
                k.touch[c] = clued;
                if two {
                    m[w] &= !(1 << (c % 64));
                    act(Action::Sea(c, rules::TWO_CLUES))?;
                } else if clued != NONE && total > self.clue[k.clued[clued as usize] as usize] {
                    m[w] &= !(1 << (c % 64));
                    act(Action::Sea(c, rules::TOO_BIG))?;
                }
            }
        }
        // 3. Each unfinished clued area: its reach and the cells it needs
        // (an area of unknown size: its reach, unbounded, only).
        k.live.fill(0);
        for a in 0..areas {
            let clue = match k.clued[a] {
                NONE | MANY => continue,
                c => self.clue[c as usize],
            };
            let s = size(k.start, a);
            if s >= clue {
                continue;
            }
            let any = clue == ANY_SIZE;
            let (area, touch, clued) = (&*k.area, &*k.touch, &*k.clued);
            let allowed = |u: usize| {
                bit(m, u)
                    && match area[u] {
                        NONE => touch[u] == NONE || touch[u] == a as u32,
                        b => b == a as u32 || clued[b as usize] == NONE,
                    }
            };
            let seeds = &k.members[k.start[a] as usize..k.start[a + 1] as usize];
            let steps = if any {
                self.cells.len() as u32
            } else {
                clue - s
            };
            let count = areas::reach(&self.graph, seeds, steps, allowed, &mut k.bufs);
            if !any && (count as u32) < clue {
                k.bufs.clear(count);
                return act(Action::Fail(seeds[0] as usize, rules::CANNOT_GROW));
            }
            for &c in &k.bufs.order[..count] {
                set_bit(k.live, c as usize);
            }
            if any {
                k.bufs.clear(count);
                continue;
            }
            let found = areas::critical_cells(&self.graph, count, clue, &mut k.bufs, |y| {
                act(Action::Island(y, rules::ONLY_WAY))
            });
            k.bufs.clear(count);
            found?;
        }
        // 4. Unclued areas no clue reaches, open cells no clue reaches.
        for a in 0..areas {
            if k.clued[a] != NONE {
                continue;
            }
            let cells = &k.members[k.start[a] as usize..k.start[a + 1] as usize];
            if !cells.iter().any(|&c| bit(k.live, c as usize)) {
                return act(Action::Fail(cells[0] as usize, rules::UNREACHABLE));
            }
        }
        for w in 0..m.len() {
            let mut dead = m[w] & !f[w] & !k.live[w];
            while dead != 0 {
                let c = 64 * w + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                act(Action::Sea(c, rules::UNREACHABLE))?;
            }
        }
        Ok(())
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let n = self.cells.len();
        let w = self.words;
        s.words.resize(3 * w, 0);
        Bufs::init(&mut s.indices, n);
        s.indices.resize(index_words(n), 0);
        let (m, rest) = s.words.split_at_mut(w);
        let (f, live) = rest.split_at_mut(w);
        for (i, &var) in self.cells.iter().enumerate() {
            if ctx.contains(var, 0) {
                set_bit(m, i);
                if ctx.is_fixed(var) {
                    set_bit(f, i);
                }
            }
        }
        let mut k = self.work(&mut s.indices, live);
        self.analyse(m, f, &mut k, &mut |a| match a {
            Action::Sea(c, rule) => {
                ctx.set_rule(rule);
                ctx.fix(self.cells[c], 1).map(drop)
            }
            Action::Island(c, rule) => {
                ctx.set_rule(rule);
                ctx.fix(self.cells[c], 0).map(drop)
            }
            Action::Fail(_, rule) => {
                ctx.set_rule(rule);
                Err(ctx.conflict())
            }
        })
    }
}

/// Explanations (for learning), rebuilt from the domains of the moment.
impl Islands {
    fn sets_at(&self, ctx: &crate::ExplainContext<'_>) -> (Vec<u64>, Vec<u64>) {
        let mut m = vec![0; self.words];
        let mut f = vec![0; self.words];
        for (i, &var) in self.cells.iter().enumerate() {
            if ctx.contains(var, 0) {
                set_bit(&mut m, i);
                if ctx.is_fixed(var) {
                    set_bit(&mut f, i);
                }
            }
        }
        (m, f)
    }

    fn find(
        &self,
        ctx: &crate::ExplainContext<'_>,
        stop: impl Fn(Action) -> bool,
    ) -> Option<Action> {
        let (mut m, f) = self.sets_at(ctx);
        let mut indices = Vec::new();
        Bufs::init(&mut indices, self.cells.len());
        indices.resize(index_words(self.cells.len()), 0);
        let mut live = vec![0; self.words];
        let mut k = self.work(&mut indices, &mut live);
        self.analyse(&mut m, &f, &mut k, &mut |a| {
            if stop(a) { Err(a) } else { Ok(()) }
        })
        .err()
    }

    /// The cells of the pieces of `set` holding a cell of `from`.
    fn pieces(&self, set: &[u64], from: &[usize]) -> Vec<usize> {
        let mut seen = vec![false; self.cells.len()];
        let mut stack: Vec<usize> = Vec::new();
        for &c in from {
            if bit(set, c) && !seen[c] {
                seen[c] = true;
                stack.push(c);
            }
        }
        let mut out = Vec::new();
        while let Some(c) = stack.pop() {
            out.push(c);
            for u in self.graph.neighbours(c) {
                if !seen[u] && bit(set, u) {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        out
    }

    /// Pushes `cell == 0` for the cells of the areas holding (or, with
    /// `touching`, next to) `at`.
    fn push_areas(&self, ctx: &mut crate::ExplainContext<'_>, at: usize, touching: bool) {
        let (_, f) = self.sets_at(ctx);
        let from: Vec<usize> = if touching {
            self.graph.neighbours(at).collect()
        } else {
            vec![at]
        };
        for c in self.pieces(&f, &from) {
            ctx.push(Literal::eq(self.cells[c], 0));
        }
    }

    /// Pushes the piece of cells not yet sea around `at`: its island cells
    /// and the sea around it.
    fn push_piece(&self, ctx: &mut crate::ExplainContext<'_>, at: usize) {
        let (m, f) = self.sets_at(ctx);
        let piece = self.pieces(&m, &[at]);
        let mut inside = vec![false; self.cells.len()];
        for &c in &piece {
            inside[c] = true;
        }
        let mut walled = vec![false; self.cells.len()];
        for &c in &piece {
            if bit(&f, c) {
                ctx.push(Literal::eq(self.cells[c], 0));
            }
            for u in self.graph.neighbours(c) {
                if !inside[u] && !walled[u] {
                    walled[u] = true;
                    ctx.push(Literal::eq(self.cells[u], 1));
                }
            }
        }
    }

    fn explain_at(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) -> bool {
        match what {
            crate::Explaining::Removal { var, value } => {
                let Some(x) = self.cells.iter().position(|&c| c == var) else {
                    return false;
                };
                let found = self.find(ctx, |a| match a {
                    Action::Sea(c, _) => c == x && value == 0,
                    Action::Island(c, _) => c == x && value == 1,
                    Action::Fail(..) => false,
                });
                match found {
                    Some(Action::Sea(_, rules::TWO_CLUES | rules::TOO_BIG)) => {
                        self.push_areas(ctx, x, true)
                    }
                    Some(_) => self.push_piece(ctx, x),
                    None => return false,
                }
                true
            }
            crate::Explaining::Failure => {
                match self.find(ctx, |a| matches!(a, Action::Fail(..))) {
                    Some(Action::Fail(c, rules::TWO_CLUES | rules::TOO_BIG)) => {
                        self.push_areas(ctx, c, false)
                    }
                    Some(Action::Fail(c, _)) => self.push_piece(ctx, c),
                    _ => return false,
                }
                true
            }
        }
    }
}

impl Constraint for Islands {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values.len();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if self.clue[start] > 0 && values[start] != 0 {
                return false;
            }
            if seen[start] || values[start] != 0 {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let (mut size, mut clues, mut clue) = (0u32, 0, 0);
            while let Some(c) = stack.pop() {
                size += 1;
                if self.clue[c] > 0 {
                    clues += 1;
                    clue = self.clue[c];
                }
                for u in self.graph.neighbours(c) {
                    if !seen[u] && values[u] == 0 {
                        seen[u] = true;
                        stack.push(u);
                    }
                }
            }
            if clues != 1 || (size != clue && clue != ANY_SIZE) {
                return false;
            }
        }
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        if !self.explain_at(ctx, what) {
            ctx.push_scope(self.scope());
        }
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::SLOW
    }

    fn name(&self) -> &str {
        "islands"
    }
}

impl Model {
    /// The island rules of Nurikabe: `cells` are 0/1 variables, 0 for an
    /// island cell (unshaded) and 1 for the sea (shaded), `cells[i]` being
    /// vertex `i` of `graph`; `clues` are (vertex, size) pairs. Every
    /// island (connected set of 0s) holds exactly one clue and as many
    /// cells as it says; the clue cells are fixed to 0 here; and the sea
    /// (the 1s) is connected: a [`connected`](Self::connected) constraint
    /// is posted with it. The returned id is the islands constraint's.
    /// A clue of size [`ANY_SIZE`](crate::constraints::islands::ANY_SIZE)
    /// (Nurikabe's `?`) holds its island, of any size: only the *two
    /// clues* and *unreachable* rules of the [module docs](crate::constraints::islands)
    /// see it.
    ///
    /// An error names a cell that is not 0/1, a clue outside the graph or
    /// of size 0, or a cell with two clues.
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// // 2 . .      a 2 and a 1 in a 3 x 3 grid
    /// // . . .
    /// // . . 1
    /// let mut model = Model::new();
    /// let cells = model.new_vars(9, 0..=1)?;
    /// model.islands(&cells, &Graph::grid(3, 3)?, &[(0, 2), (8, 1)])?;
    /// // The 2 goes right or down; the sea stays connected either way.
    /// assert_eq!(Solver::new(&model).count(None).count, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn islands(
        &mut self,
        cells: &[VarId],
        graph: &Graph,
        clues: &[(usize, u32)],
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "islands";
        let invalid = |reason: String| ModelError::InvalidArgument {
            constraint: NAME.to_owned(),
            reason,
        };
        self.check_distinct(NAME, cells)?;
        if graph.num_vertices() != cells.len() {
            return Err(invalid(format!(
                "{} cells for a graph of {} vertices",
                cells.len(),
                graph.num_vertices()
            )));
        }
        super::connected::check_booleans(self, NAME, cells)?;
        let mut clue = vec![0u32; cells.len()];
        for &(at, k) in clues {
            if at >= cells.len() {
                return Err(invalid(format!("a clue at vertex {at}, outside the graph")));
            }
            if k == 0 {
                return Err(invalid(format!("the clue at vertex {at} is 0")));
            }
            if clue[at] != 0 {
                return Err(invalid(format!("vertex {at} has two clues")));
            }
            clue[at] = k;
        }
        for &(at, _) in clues {
            self.fix(cells[at], 0)?;
        }
        let c = Islands {
            cells: cells.to_vec(),
            graph: graph.clone(),
            clue,
            words: cells.len().div_ceil(64),
        };
        let id = self.post_distinct(Box::new(c), false)?;
        self.connected(cells, graph)?;
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    fn model(rows: usize, cols: usize, clues: &[(usize, u32)]) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let x = m.new_vars(rows * cols, 0..=1).unwrap();
        m.islands(&x, &Graph::grid(rows, cols).unwrap(), clues)
            .unwrap();
        (m, x)
    }

    #[test]
    fn a_complete_island_is_walled_in_and_far_cells_are_sea() {
        // 1 . . .   the 1 is complete: its neighbours are sea, and the 3 at
        // . . . 3   r2c4 reaches r1c3 .. r3c4 only.
        // . . . .
        let (m, x) = model(3, 4, &[(0, 1), (7, 3)]);
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.value(x[1]), Some(1));
        assert_eq!(d.value(x[4]), Some(1));
        // r3c1 is three steps from the 3's cell: out of reach.
        assert_eq!(d.value(x[8]), Some(1));
    }

    #[test]
    fn an_island_of_unknown_size_takes_any_size_and_reaches_far() {
        // ? . . 1 on a strip: the 1 is walled in by r1c3; the ? takes
        // r1c2 or leaves it to the sea.
        let (m, x) = model(1, 4, &[(0, ANY_SIZE), (3, 1)]);
        assert_eq!(Solver::new(&m).count(None).count, 2);
        let mut s = Solver::new(&m);
        assert_eq!(s.propagate().unwrap().value(x[2]), Some(1));
        // ? . . . . with r1c5 an island cell: only the ? reaches it, far
        // as it is, so the whole strip is its island (a 1 at r1c1 would
        // leave r1c5 out of reach).
        let (mut m, x) = model(1, 5, &[(0, ANY_SIZE)]);
        m.fix(x[4], 0).unwrap();
        let d = Solver::new(&m).solve().into_solution().unwrap();
        assert!(x.iter().all(|&c| d[c] == 0));
        let (mut m, x) = model(1, 5, &[(0, 1)]);
        m.fix(x[4], 0).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn two_clues_never_share_an_island() {
        // 2 . 2 in a strip: the middle cell would join them.
        let (m, _) = model(1, 3, &[(0, 2), (2, 2)]);
        // The middle cell is sea, then neither 2 can grow: no solution.
        assert!(Solver::new(&m).propagate().is_err());
        let (m, x2) = model(1, 4, &[(0, 1), (3, 2)]);
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.value(x2[2]), Some(0), "the 2 needs r1c3");
        assert_eq!(d.value(x2[1]), Some(1));
    }

    #[test]
    fn the_sea_stays_connected() {
        // 1 . 1 on a strip: the middle is sea and alone, fine; on 1 . 1 .
        // with the last cell sea too, the two seas would be split by the
        // right 1: no solution.
        let (m, _) = model(1, 3, &[(0, 1), (2, 1)]);
        assert_eq!(Solver::new(&m).count(None).count, 1);
        let (m, _) = model(1, 4, &[(0, 1), (2, 1)]);
        assert_eq!(Solver::new(&m).count(None).count, 0);
    }

    #[test]
    fn bad_input_is_rejected() {
        let mut m = Model::new();
        let x = m.new_vars(4, 0..=1).unwrap();
        let g = Graph::grid(2, 2).unwrap();
        for (clues, want) in [
            (vec![(4, 1)], "outside"),
            (vec![(0, 0)], "is 0"),
            (vec![(1, 1), (1, 2)], "two clues"),
        ] {
            let e = m.islands(&x, &g, &clues).unwrap_err();
            assert!(e.to_string().contains(want), "{e}");
        }
        let y = m.new_vars(4, 0..=2).unwrap();
        assert!(
            m.islands(&y, &g, &[])
                .unwrap_err()
                .to_string()
                .contains("not 0/1")
        );
    }
}
