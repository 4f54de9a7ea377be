//! Connected: the cells set to 1 form one connected area of a graph.
//!
//! # Background
//!
//! "The white cells form one orthogonally connected area" is the global
//! rule of Hitori, Nurikabe (the sea), Heyawake, Yin-Yang and many more. It
//! cannot be written as a conjunction of local constraints. Over 0/1
//! variables `x_v`, one per vertex of an undirected graph (usually the
//! orthogonal adjacency of a grid's cells), [`Connected`] requires the
//! vertices with `x_v = 1` to induce a connected subgraph.
//!
//! Call `F` the vertices fixed to 1 and `P` those not fixed to 0 (still
//! possible). When `F` is not empty:
//!
//! - every vertex of `F` must lie in one connected component of the graph
//!   induced by `P`, otherwise the node fails ("split");
//! - a vertex outside that component can never join `F`: it is fixed to 0
//!   ("unreachable");
//! - a vertex whose removal from `P` separates two vertices of `F` is fixed
//!   to 1 ("cut cell"). These are the *articulation points* of `P` that
//!   have a vertex of `F` on both sides.
//!
//! All three come from one depth-first search of `P` from a vertex `r` of
//! `F`, computing Tarjan's *lowpoints*: `low(c)` is the smallest discovery
//! time reachable from the subtree of `c` by one back edge. A vertex `v`
//! separates the subtree of its tree child `c` from `r` exactly when
//! `low(c) >= disc(v)`; `v` is then forced to 1 when that subtree holds a
//! vertex of `F` (`r` itself is in `F`, on the other side).
//!
//! This is *domain consistent* (every value left is used by some solution
//! of the constraint alone): with `F` non-empty, a vertex of `r`'s
//! component can be 1 (take the whole component), and can be 0 exactly when
//! it separates no two vertices of `F`. When `F` is empty, any single
//! vertex of `P` (and, unless forbidden, the empty set) is a solution, so
//! nothing is pruned, except that with [`Connected::non_empty`] an empty `P`
//! fails and a lone vertex of `P` is fixed to 1.
//!
//! **The empty set.** With [`Model::connected`](crate::Model::connected) no
//! vertex at all at 1 counts as connected (the usual graph-theory
//! convention for vertex sets, and the one that composes: "at least one"
//! is a separate fact). Hitori, Heyawake and Nurikabe always have cells of
//! each colour, so it makes no difference there, but when a model needs
//! the area to be non-empty, [`Model::connected_non_empty`](crate::Model::connected_non_empty)
//! says so, and propagates it.
//!
//! # Practical
//!
//! Each call scans the cells once (`O(n)`), then runs the search over `P`
//! (`O(n + m)` for `n` cells and `m` edges; iterative, no recursion, in
//! [`Scratch`] buffers: no allocation per call). Two early
//! outs skip the search:
//!
//! - while no cell is fixed to 1, there is nothing to search;
//! - the constraint keeps, in trailed state words, the cells fixed to 0
//!   and to 1 at the end of its last call. When the only changes since
//!   are new 1s touching older 1s (through new 1s) and new 0s at cells that
//!   had at most one possible neighbour, the last fixpoint still holds: a
//!   cell separating a new 1 from `r` would already separate its fixed
//!   neighbour, and no path between two cells runs through a dead end.
//!
//! On a 17x17 Hitori search most calls end in one of these (see the bench
//! `connect` for figures). The constraint is woken when a cell is fixed and
//! runs at priority level 4, after the binary and linear rules that surround
//! it in puzzle models, so one search covers a whole batch of their
//! deductions.
//!
//! ```
//! use csp_core::{Grid, Model, Solver};
//! let mut model = Model::new();
//! let grid = Grid::new(&mut model, 2, 2, 0..=1)?; // 1 = in the area
//! model.connected_grid(&grid)?;
//! // 16 subsets, minus the 2 diagonal pairs: 13 connected ones and the empty set.
//! assert_eq!(Solver::new(&model).count(None).count, 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! R. E. Tarjan, *Depth-first search and linear graph algorithms*, SIAM J.
//! Computing 1(2), 1972 (lowpoints and articulation points); J. Hopcroft
//! and R. E. Tarjan, *Algorithm 447: efficient algorithms for graph
//! manipulation*, CACM 16(6), 1973 (biconnected components).

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::error::ModelError;
use crate::graph::Graph;
use crate::grid::{Grid, Neighbourhood};
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Domains, Model};

/// Rule names used in traces.
pub mod rules {
    /// The cells fixed to 1 lie in different components of the possible cells.
    pub const SPLIT: &str = "connected: split";
    /// A cell no possible path joins to the cells fixed to 1.
    pub const UNREACHABLE: &str = "connected: unreachable";
    /// A cell every path between two cells fixed to 1 goes through.
    pub const CUT_CELL: &str = "connected: cut cell";
    /// The area must not be empty.
    pub const NON_EMPTY: &str = "connected: at least one cell";
}

/// The cells set to 1 form one connected set of a [`Graph`]. Post it with
/// [`Model::connected`], [`Model::connected_non_empty`] or
/// [`Model::connected_grid`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Connected {
    cells: Vec<VarId>,
    graph: Graph,
    non_empty: bool,
    /// Words of one cell bitset.
    words: usize,
}

/// State word 0: flags; then the cells fixed to 0, then those fixed to 1,
/// as seen at the end of the last call.
const VALID: u64 = 1;

impl Connected {
    /// Whether an empty area (no cell at 1) is rejected.
    pub fn non_empty(&self) -> bool {
        self.non_empty
    }

    /// The graph over the cells.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let w = self.words;
        // s.words: [zero w][one w][previous zero w][previous one w][spare w]
        s.words.resize(5 * w, 0);
        let mut ones = 0usize;
        let mut unknown = 0usize;
        let mut last_unknown = 0usize;
        {
            let (zero, rest) = s.words.split_at_mut(w);
            let one = &mut rest[..w];
            for (i, &v) in self.cells.iter().enumerate() {
                match ctx.value(v) {
                    Some(0) => zero[i / 64] |= 1 << (i % 64),
                    Some(_) => {
                        one[i / 64] |= 1 << (i % 64);
                        ones += 1;
                    }
                    None => {
                        unknown += 1;
                        last_unknown = i;
                    }
                }
            }
        }
        if ones == 0 {
            if self.non_empty {
                ctx.set_rule(rules::NON_EMPTY);
                match unknown {
                    0 => return Err(ctx.conflict()),
                    1 => {
                        ctx.fix(self.cells[last_unknown], 1)?;
                        s.words[w + last_unknown / 64] |= 1 << (last_unknown % 64);
                    }
                    _ => {}
                }
            }
            self.save(ctx, &s.words[..2 * w], 0);
            return Ok(());
        }
        let state = ctx.state();
        let valid = state[0] & VALID != 0;
        s.words[2 * w..4 * w].copy_from_slice(&state[1..1 + 2 * w]);
        if valid && self.changes_are_harmless(&mut s.words) {
            self.save(ctx, &s.words[..2 * w], VALID);
            return Ok(());
        }
        self.search(ctx, s)?;
        self.save(ctx, &s.words[..2 * w], VALID);
        Ok(())
    }

    /// Whether the changes between the last call's statuses (`words[2w..4w]`)
    /// and the current ones (`words[..2w]`) leave the last fixpoint intact:
    /// every new 0 had at most one possible neighbour, every new 1 is joined
    /// to an old 1 through new 1s. Uses `words[4w..5w]`.
    fn changes_are_harmless(&self, words: &mut [u64]) -> bool {
        let w = self.words;
        let (cur, rest) = words.split_at_mut(2 * w);
        let (prev, spare) = rest.split_at_mut(2 * w);
        let (zero, one) = cur.split_at(w);
        let (prev_zero, prev_one) = prev.split_at(w);
        let bit = |set: &[u64], i: usize| set[i / 64] >> (i % 64) & 1 != 0;
        let mut new_ones = 0usize;
        for k in 0..w {
            let mut new0 = zero[k] & !prev_zero[k];
            while new0 != 0 {
                let i = 64 * k + new0.trailing_zeros() as usize;
                new0 &= new0 - 1;
                let open = self
                    .graph
                    .incident(i)
                    .iter()
                    .filter(|&&(u, _)| !bit(prev_zero, u as usize))
                    .count();
                if open > 1 {
                    return false;
                }
            }
            new_ones += (one[k] & !prev_one[k]).count_ones() as usize;
        }
        if new_ones == 0 {
            return true;
        }
        // Grow "joined" from the old ones through the new ones.
        let joined = &mut spare[..w];
        joined.copy_from_slice(prev_one);
        let mut left = new_ones;
        loop {
            let before = left;
            for k in 0..w {
                let mut new1 = one[k] & !joined[k];
                while new1 != 0 {
                    let i = 64 * k + new1.trailing_zeros() as usize;
                    new1 &= new1 - 1;
                    if self
                        .graph
                        .incident(i)
                        .iter()
                        .any(|&(u, _)| bit(joined, u as usize))
                    {
                        joined[k] |= 1 << (i % 64);
                        left -= 1;
                    }
                }
            }
            if left == 0 {
                return true;
            }
            if left == before {
                return false;
            }
        }
    }

    /// The depth-first search of the possible cells from a fixed one, and
    /// its prunings. Updates the statuses in `s.words[..2w]`.
    fn search(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let n = self.cells.len();
        let w = self.words;
        let (zero, one) = s.words[..2 * w].split_at_mut(w);
        let bit = |set: &[u64], i: usize| set[i / 64] >> (i % 64) & 1 != 0;
        // s.indices: [disc n][low n][next incidence n][stack n]
        s.indices.clear();
        s.indices.resize(4 * n, 0);
        let (disc, rest) = s.indices.split_at_mut(n);
        let (low, rest) = rest.split_at_mut(n);
        let (next, stack) = rest.split_at_mut(n);
        // Flags per cell, in s.ints: bit 0 the subtree holds a 1, bit 1 cut cell.
        s.ints.clear();
        s.ints.resize(n, 0);
        let flags = &mut s.ints[..];
        const HAS_ONE: i64 = 1;
        const CUT: i64 = 2;
        let root = (0..w)
            .find(|&k| one[k] != 0)
            .map(|k| 64 * k + one[k].trailing_zeros() as usize)
            .expect("a cell is fixed to 1");
        let mut time = 1u32;
        disc[root] = time;
        low[root] = time;
        flags[root] = HAS_ONE;
        stack[0] = root as u32;
        let mut top = 1usize;
        let mut reached_ones = 1usize;
        while top > 0 {
            let v = stack[top - 1] as usize;
            let inc = self.graph.incident(v);
            let k = next[v] as usize;
            if k < inc.len() {
                next[v] += 1;
                let u = inc[k].0 as usize;
                if bit(zero, u) {
                    continue;
                }
                if disc[u] == 0 {
                    time += 1;
                    disc[u] = time;
                    low[u] = time;
                    if bit(one, u) {
                        flags[u] = HAS_ONE;
                        reached_ones += 1;
                    }
                    stack[top] = u as u32;
                    top += 1;
                } else {
                    // A back edge, or the edge to the parent (the graph is
                    // simple, so that only lowers low[v] to disc[parent],
                    // which the cut test below tolerates: it uses >=).
                    low[v] = low[v].min(disc[u]);
                }
            } else {
                top -= 1;
                if top > 0 {
                    let p = stack[top - 1] as usize;
                    low[p] = low[p].min(low[v]);
                    if flags[v] & HAS_ONE != 0 {
                        flags[p] |= HAS_ONE;
                        if p != root && low[v] >= disc[p] {
                            flags[p] |= CUT;
                        }
                    }
                }
            }
        }
        let total_ones: usize = one.iter().map(|x| x.count_ones() as usize).sum();
        if reached_ones < total_ones {
            ctx.set_rule(rules::SPLIT);
            return Err(ctx.conflict());
        }
        ctx.set_rule(rules::UNREACHABLE);
        for i in 0..n {
            if disc[i] == 0 && !bit(zero, i) {
                // Not reached, so not a 1 (all ones were reached).
                ctx.fix(self.cells[i], 0)?;
                zero[i / 64] |= 1 << (i % 64);
            }
        }
        ctx.set_rule(rules::CUT_CELL);
        for i in 0..n {
            if flags[i] & CUT != 0 && !bit(one, i) {
                ctx.fix(self.cells[i], 1)?;
                one[i / 64] |= 1 << (i % 64);
            }
        }
        Ok(())
    }

    /// Writes the statuses `zero_one` (2w words) and `flags` to the state.
    fn save(&self, ctx: &mut PropagationContext<'_>, zero_one: &[u64], flags: u64) {
        ctx.set_state(0, flags);
        for (k, &word) in zero_one.iter().enumerate() {
            ctx.set_state(1 + k, word);
        }
    }
}

/// Why a cell is fixed or the node failed, rebuilt from the domains of
/// the moment (for learning: see [`Constraint::explain`]): a cell walled
/// off from a cell at 1, or the only way between two cells at 1, is
/// explained by that cell (or those two) and the wall of cells at 0 around
/// the area reachable from one side.
impl Connected {
    /// The cells reachable from `from` through cells not at 0, avoiding
    /// `avoid`, at the moment being explained.
    fn reach(
        &self,
        ctx: &crate::ExplainContext<'_>,
        from: usize,
        avoid: Option<usize>,
    ) -> Vec<bool> {
        let n = self.cells.len();
        let mut seen = vec![false; n];
        if Some(from) == avoid || ctx.value(self.cells[from]) == Some(0) {
            return seen;
        }
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(v) = stack.pop() {
            for u in self.graph.neighbours(v) {
                if !seen[u] && Some(u) != avoid && ctx.value(self.cells[u]) != Some(0) {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        seen
    }

    /// Pushes `cell == 0` for every cell next to the area `seen` and
    /// outside it (`avoid` excepted): the wall that closes the area.
    fn push_wall(&self, ctx: &mut crate::ExplainContext<'_>, seen: &[bool], avoid: Option<usize>) {
        let mut walled = vec![false; seen.len()];
        for v in (0..seen.len()).filter(|&v| seen[v]) {
            for u in self.graph.neighbours(v) {
                if !seen[u] && Some(u) != avoid && !walled[u] {
                    walled[u] = true;
                    ctx.push(crate::Literal::eq(self.cells[u], 0));
                }
            }
        }
    }

    /// A cell at 1 outside `seen`, if any.
    fn one_outside(&self, ctx: &crate::ExplainContext<'_>, seen: &[bool]) -> Option<usize> {
        (0..self.cells.len()).find(|&v| !seen[v] && ctx.value(self.cells[v]) == Some(1))
    }

    fn explain_at(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) -> bool {
        let cell = |v: VarId| self.cells.iter().position(|&c| c == v);
        match what {
            crate::Explaining::Removal { var, value } => {
                let Some(x) = cell(var) else { return false };
                if value == 1 {
                    // Unreachable: walled off from a cell at 1.
                    let seen = self.reach(ctx, x, None);
                    let Some(r) = self.one_outside(ctx, &seen) else {
                        return false;
                    };
                    ctx.push(crate::Literal::eq(self.cells[r], 1));
                    // The wall of `x`'s area, less `x` itself if it is 0.
                    if seen[x] {
                        self.push_wall(ctx, &seen, None);
                    } else {
                        return false;
                    }
                    true
                } else {
                    // A cut cell: without it, a cell at 1 is walled off
                    // from another.
                    for a in 0..self.cells.len() {
                        if a == x || ctx.value(self.cells[a]) != Some(1) {
                            continue;
                        }
                        let seen = self.reach(ctx, a, Some(x));
                        if let Some(b) = self.one_outside(ctx, &seen) {
                            if b == x {
                                continue;
                            }
                            ctx.push(crate::Literal::eq(self.cells[a], 1));
                            ctx.push(crate::Literal::eq(self.cells[b], 1));
                            self.push_wall(ctx, &seen, Some(x));
                            return true;
                        }
                        return false;
                    }
                    false
                }
            }
            crate::Explaining::Failure => {
                // Split: two cells at 1 walled off from each other.
                let Some(a) = (0..self.cells.len()).find(|&v| ctx.value(self.cells[v]) == Some(1))
                else {
                    return false;
                };
                let seen = self.reach(ctx, a, None);
                let Some(b) = self.one_outside(ctx, &seen) else {
                    return false;
                };
                ctx.push(crate::Literal::eq(self.cells[a], 1));
                ctx.push(crate::Literal::eq(self.cells[b], 1));
                self.push_wall(ctx, &seen, None);
                true
            }
        }
    }
}

impl Constraint for Connected {
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        if !self.explain_at(ctx, what) {
            ctx.push_scope(self.scope());
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        if !values.contains(&1) {
            return !self.non_empty;
        }
        self.graph.is_connected_set(|i| values[i] == 1)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "connected"
    }

    fn state_words(&self) -> usize {
        1 + 2 * self.words
    }

    fn init_state(&self, _: &Domains<'_>, _: &mut [u64]) {
        // All zero: no statuses seen, no fixpoint established.
    }
}

/// Checks that the variables are 0/1 (their initial domains within {0, 1}).
pub(crate) fn check_booleans(
    model: &Model,
    constraint: &str,
    vars: &[VarId],
) -> Result<(), ModelError> {
    let domains = model.initial_domains();
    for &v in vars {
        if domains.iter(v).any(|x| x != 0 && x != 1) {
            return Err(ModelError::InvalidArgument {
                constraint: constraint.to_owned(),
                reason: format!(
                    "variable {} is not 0/1 (its domain is {:?})",
                    model.display_var(v),
                    domains.iter(v).collect::<Vec<_>>()
                ),
            });
        }
    }
    Ok(())
}

impl Model {
    /// The cells set to 1 form one connected set of `graph`, whose vertex
    /// `i` is `cells[i]`; no cell at 1 also counts as connected (see
    /// [`connected_non_empty`](Self::connected_non_empty)). The cells must
    /// be distinct 0/1 variables, one per vertex.
    ///
    /// Propagation is domain consistent; see
    /// [`constraints::connected`](crate::constraints::connected).
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// let mut model = Model::new();
    /// let cells = model.new_vars(4, 0..=1)?;
    /// let path = Graph::new(4, &[(0, 1), (1, 2), (2, 3)])?;
    /// model.connected(&cells, &path)?;
    /// model.fix(cells[0], 1)?;
    /// model.fix(cells[3], 1)?;
    /// let mut solver = Solver::new(&model);
    /// let domains = solver.propagate().unwrap();
    /// assert_eq!(domains.value(cells[1]), Some(1)); // a cut cell
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn connected(
        &mut self,
        cells: &[VarId],
        graph: &Graph,
    ) -> Result<ConstraintId, ModelError> {
        self.post_connected(cells, graph, false)
    }

    /// Like [`connected`](Self::connected), but at least one cell must be 1.
    pub fn connected_non_empty(
        &mut self,
        cells: &[VarId],
        graph: &Graph,
    ) -> Result<ConstraintId, ModelError> {
        self.post_connected(cells, graph, true)
    }

    /// The grid's cells set to 1 form one orthogonally connected area
    /// (holes are not cells): [`connected`](Self::connected) over
    /// `grid.cells()` and [`Graph::from_grid`] with
    /// [`Neighbourhood::Orthogonal`].
    pub fn connected_grid(&mut self, grid: &Grid) -> Result<ConstraintId, ModelError> {
        let graph = Graph::from_grid(grid, Neighbourhood::Orthogonal);
        self.post_connected(grid.cells(), &graph, false)
    }

    fn post_connected(
        &mut self,
        cells: &[VarId],
        graph: &Graph,
        non_empty: bool,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "connected";
        self.check_distinct(NAME, cells)?;
        if graph.num_vertices() != cells.len() {
            return Err(ModelError::InvalidArgument {
                constraint: NAME.to_owned(),
                reason: format!(
                    "{} cells for a graph of {} vertices",
                    cells.len(),
                    graph.num_vertices()
                ),
            });
        }
        check_booleans(self, NAME, cells)?;
        let c = Connected {
            cells: cells.to_vec(),
            graph: graph.clone(),
            non_empty,
            words: cells.len().div_ceil(64),
        };
        self.post(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    fn path(n: usize) -> Graph {
        let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
        Graph::new(n, &edges).unwrap()
    }

    #[test]
    fn cut_cells_are_forced_and_unreachable_cells_cleared() {
        // 0 - 1 - 2 - 3   4 - 5
        let g = Graph::new(6, &[(0, 1), (1, 2), (2, 3), (4, 5)]).unwrap();
        let mut m = Model::new();
        let x = m.new_vars(6, 0..=1).unwrap();
        m.connected(&x, &g).unwrap();
        m.fix(x[0], 1).unwrap();
        m.fix(x[2], 1).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.value(x[1]), Some(1));
        assert_eq!(d.value(x[3]), None);
        assert_eq!(d.value(x[4]), Some(0));
        assert_eq!(d.value(x[5]), Some(0));
    }

    #[test]
    fn split_ones_fail() {
        let mut m = Model::new();
        let x = m.new_vars(3, 0..=1).unwrap();
        m.connected(&x, &path(3)).unwrap();
        m.fix(x[0], 1).unwrap();
        m.fix(x[1], 0).unwrap();
        m.fix(x[2], 1).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn empty_set_is_connected_unless_forbidden() {
        for non_empty in [false, true] {
            let mut m = Model::new();
            let x = m.new_vars(3, 0..=1).unwrap();
            if non_empty {
                m.connected_non_empty(&x, &path(3)).unwrap();
            } else {
                m.connected(&x, &path(3)).unwrap();
            }
            // Subsets of a 3-path that are intervals: 6 non-empty, plus the empty set.
            let want = if non_empty { 6 } else { 7 };
            assert_eq!(Solver::new(&m).count(None).count, want);
            m.fix(x[0], 0).unwrap();
            m.fix(x[2], 0).unwrap();
            let mut s = Solver::new(&m);
            let d = s.propagate().unwrap();
            assert_eq!(d.value(x[1]), non_empty.then_some(1));
        }
    }

    #[test]
    fn bad_input_is_rejected() {
        let mut m = Model::new();
        let x = m.new_vars(3, 0..=1).unwrap();
        let y = m.new_var(0..=2).unwrap();
        assert!(matches!(
            m.connected(&x, &path(4)),
            Err(ModelError::InvalidArgument { .. })
        ));
        let e = m.connected(&[x[0], x[1], y], &path(3)).unwrap_err();
        assert!(e.to_string().contains("not 0/1"), "{e}");
        assert!(matches!(
            m.connected(&[x[0], x[0], x[1]], &path(3)),
            Err(ModelError::DuplicateVariable { .. })
        ));
        assert!(matches!(
            m.connected(&[], &path(0)),
            Err(ModelError::EmptyScope { .. })
        ));
    }
}
