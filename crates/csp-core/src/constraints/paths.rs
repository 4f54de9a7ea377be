//! Paths: vertex-disjoint paths of a graph joining given pairs of
//! terminals (Numberlink, Flow).
//!
//! # Background
//!
//! Numberlink gives pairs of equal numbers on a grid and asks for one path
//! per pair, along the grid's edges, joining the two cells of the pair;
//! no two paths share a cell, a path passes no other number, and in some
//! rule sets (Flow) every cell is used. [`Model::paths`] states this on
//! any undirected [`Graph`] with two kinds of variables:
//!
//! - one 0/1 variable per edge of the graph, 1 when a path uses it;
//! - one *label* per vertex: `i + 1` on the path of pair `i`, `0` on a
//!   vertex no path uses (with `cover`, `0` is not allowed).
//!
//! A solution is exactly a set of edges forming, for each pair, a simple
//! path between its two terminals, the paths vertex-disjoint and no other
//! edge used, with the labels naming each vertex's path.
//!
//! # Practical
//!
//! [`Model::paths`] posts a **decomposition** on constraints of the
//! catalogue, each tested on its own, plus one propagator of its own:
//!
//! - at a terminal, the sum of its edges is 1 and its label is fixed to its
//!   pair ([`Model::sum_eq`]);
//! - elsewhere the sum of its edges is twice a 0/1 variable `used`
//!   (degree 0 or 2), reified to `label != 0` ([`Model::reify`]); with
//!   `cover`, the sum is 2 and `0` is removed from the label;
//! - an edge at 1 makes its two labels equal
//!   ([`Model::half_reify_relation`]): labels that can no longer be equal
//!   set the edge to 0;
//! - the chosen edges form a forest ([`Model::acyclic`]);
//! - [`PathsReach`]: per pair `i`, the vertices reachable from its first
//!   terminal through vertices whose label may still be `i + 1` and edges
//!   that may still be 1. A vertex outside loses the label `i + 1`
//!   ("unreachable"); a second terminal outside fails the node ("pair cut
//!   off").
//!
//! Degrees of 1 at terminals and 0 or 2 elsewhere make every component of
//! the chosen edges a path or a cycle; the forest rule removes the cycles,
//! so every path ends at two terminals, which the equal labels make a
//! pair's two terminals. The reasoning is that of the parts: *dead ends*
//! (a vertex left with one open edge and no path through it: the edge is
//! 0; a terminal with one open edge: the edge is 1; a vertex with a path
//! entering and one exit left: the exit is 1), *labels along edges* (a
//! chosen edge copies the label domain across; two disjoint label domains
//! remove the edge), *no loops* (an edge whose ends the chosen edges
//! already join is 0) and *reachability* as above. It is not domain
//! consistent (that is NP-hard: it decides vertex-disjoint paths): it
//! does not see that two pairs must cross, nor that a vertex reachable by
//! a pair only through a cut vertex another pair needs is lost. For
//! learning, each part explains its own changes; [`PathsReach`] explains a
//! lost label, and a pair cut off, by the wall around the area reached:
//! per edge leaving it, the edge at 0 or the far vertex without the label.
//!
//! Cost per wake-up: O(degree) for the sums, O(1) for a label relation on
//! small label domains, O(m α(n)) for the forest rule and O(k (n + m)) for
//! reachability with `k` pairs (no allocation: each part uses
//! [`Scratch`](crate::Scratch) buffers or none). Reachability runs at the
//! last priority level, once the cheap parts have reached their fixpoint.
//! Measured with `examples/numberlink.rs --random` (random boards, not
//! unique, on a shared and loaded 2-core machine): 10 x 10 boards with
//! 10 to 13 pairs take 1 to 150 ms to solve and find a second solution,
//! 15 x 15 ones with 22 to 26 pairs 2 to 6 s or more than 10 s, and
//! 20 x 30 ones are not solved within 10 s. Reachability is still most of
//! the time (79% of it on 15 x 15 boards, under `perf`): the hard sizes
//! need it incremental (work only for the pairs whose labels or edges
//! changed) and stronger (pairs that must cross, vertices a pair can reach
//! only through another pair's cut vertex).
//!
//! ```
//! use csp_core::{Model, Solver, graph::Graph};
//! // A 2 x 3 grid (vertex r * 3 + c), one pair at the two top corners.
//! let g = Graph::grid(2, 3)?;
//! let mut model = Model::new();
//! let edges = model.new_bools(g.num_edges())?;
//! let labels = model.new_vars(6, 0..=1)?;
//! model.paths(&g, &edges, &labels, &[(0, 2)], false)?;
//! // Along the top, around the bottom, or through the middle column
//! // (down and up on either side of it).
//! assert_eq!(Solver::new(&model).count(None).count, 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! Numberlink (Nikoli) and its rules: <https://www.nikoli.co.jp/en/puzzles/numberlink/>.
//! The degree-plus-labels decomposition is the usual CP and SAT model of
//! the puzzle (e.g. the `numlin` model of cspuz and the "flow free" SAT
//! encodings, which add connectivity through labels); the forest rule
//! replaces their cycle-breaking constraints. Reachability pruning is the
//! simplest of the `path` reasonings of N. Beldiceanu and X. Lorca's
//! graph constraints (*Necessary condition for path partitioning
//! constraints*, CPAIOR 2007).

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::constraints::RelOp;
use crate::constraints::connected::check_booleans;
use crate::error::ModelError;
use crate::graph::Graph;
use crate::learn::{ExplainContext, Explaining};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// A vertex no path of a pair can reach any more loses that pair's label.
    pub const UNREACHABLE: &str = "paths: unreachable";
    /// A pair's two terminals can no longer be joined.
    pub const CUT_OFF: &str = "paths: pair cut off";
}

/// The reachability part of [`Model::paths`]: every vertex labelled `i + 1`
/// is joined to pair `i`'s first terminal through vertices that may carry
/// that label and edges that may be used, and so is the second terminal.
/// Posted by [`Model::paths`] beside the decomposition (see the
/// [module docs](self)).
#[derive(Clone, Debug)]
pub struct PathsReach {
    /// The edge variables, then the labels.
    scope: Vec<VarId>,
    graph: Graph,
    terminals: Vec<(usize, usize)>,
}

impl PathsReach {
    /// The graph the paths run on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The pairs of terminal vertices, pair `i` labelled `i + 1`.
    pub fn terminals(&self) -> &[(usize, usize)] {
        &self.terminals
    }

    fn edge(&self, e: usize) -> VarId {
        self.scope[e]
    }

    fn label(&self, v: usize) -> VarId {
        self.scope[self.graph.num_edges() + v]
    }

    /// Marks in `seen` (stamp `mark`) the vertices reachable from `from`
    /// through vertices and edges that `open(edge, vertex)` allows (`None`
    /// for the start), using `stack` (room for every vertex).
    fn reach(
        &self,
        open: impl Fn(Option<usize>, usize) -> bool,
        from: usize,
        seen: &mut [u32],
        stack: &mut [u32],
        mark: u32,
    ) {
        if !open(None, from) {
            return;
        }
        seen[from] = mark;
        stack[0] = from as u32;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let v = stack[top] as usize;
            for &(u, e) in self.graph.incident(v) {
                let u = u as usize;
                if seen[u] != mark && open(Some(e as usize), u) {
                    seen[u] = mark;
                    stack[top] = u as u32;
                    top += 1;
                }
            }
        }
    }

    /// The one-word fast path: every label's domain a word based at 0
    /// (at most 63 pairs). One pass reads the label masks and the open
    /// edges, one search per pair marks the vertices it reaches in a
    /// per-vertex mask, and one pass removes the labels not reached.
    /// Returns `None` when a domain is wider.
    fn run_words(
        &self,
        ctx: &mut PropagationContext<'_>,
        s: &mut crate::Scratch,
    ) -> Option<Result<(), Conflict>> {
        let n = self.graph.num_vertices();
        let m = self.graph.num_edges();
        if self.terminals.len() >= 63 {
            return None;
        }
        // s.words: [label masks n][reached n][edge open m]
        s.words.clear();
        s.words.resize(2 * n + m, 0);
        for v in 0..n {
            match ctx.mask(self.label(v)) {
                Some((0, mask)) => s.words[v] = mask,
                _ => return None,
            }
        }
        for e in 0..m {
            s.words[2 * n + e] = u64::from(ctx.contains(self.edge(e), 1));
        }
        s.indices.clear();
        s.indices.resize(n, 0);
        let stack = &mut s.indices[..];
        let (masks, rest) = s.words.split_at_mut(n);
        let (reached, open) = rest.split_at_mut(n);
        let mut pairs_bits = 0u64;
        for (i, &(a, b)) in self.terminals.iter().enumerate() {
            let bit = 1u64 << (i + 1);
            pairs_bits |= bit;
            if masks[a] & bit != 0 {
                reached[a] |= bit;
                stack[0] = a as u32;
                let mut top = 1;
                while top > 0 {
                    top -= 1;
                    let v = stack[top] as usize;
                    for &(u, e) in self.graph.incident(v) {
                        let u = u as usize;
                        if reached[u] & bit == 0 && masks[u] & bit != 0 && open[e as usize] != 0 {
                            reached[u] |= bit;
                            stack[top] = u as u32;
                            top += 1;
                        }
                    }
                }
            }
            if reached[b] & bit == 0 {
                ctx.set_rule(rules::CUT_OFF);
                return Some(Err(ctx.conflict()));
            }
        }
        ctx.set_rule(rules::UNREACHABLE);
        for v in 0..n {
            let mut lost = masks[v] & !reached[v] & pairs_bits;
            while lost != 0 {
                let value = lost.trailing_zeros() as Value;
                lost &= lost - 1;
                if let Err(c) = ctx.remove(self.label(v), value) {
                    return Some(Err(c));
                }
            }
        }
        Some(Ok(()))
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, buf: &mut Vec<u32>) -> Result<(), Conflict> {
        let n = self.graph.num_vertices();
        buf.clear();
        buf.resize(2 * n, 0);
        let (seen, stack) = buf.split_at_mut(n);
        for (i, &(a, b)) in self.terminals.iter().enumerate() {
            let value = i as Value + 1;
            let mark = i as u32 + 1;
            {
                let d = ctx.domains();
                let open = |e: Option<usize>, u: usize| {
                    e.is_none_or(|e| d.contains(self.edge(e), 1))
                        && d.contains(self.label(u), value)
                };
                self.reach(open, a, seen, stack, mark);
            }
            if seen[b] != mark {
                ctx.set_rule(rules::CUT_OFF);
                return Err(ctx.conflict());
            }
            ctx.set_rule(rules::UNREACHABLE);
            for (v, &s) in seen.iter().enumerate() {
                if s != mark && ctx.contains(self.label(v), value) {
                    ctx.remove(self.label(v), value)?;
                }
            }
        }
        Ok(())
    }

    /// Pushes the wall around the area of `from` at the moment explained:
    /// per edge leaving it, the edge at 0 or the far label without `value`.
    fn push_wall(&self, ctx: &mut ExplainContext<'_>, from: usize, value: Value) -> Vec<bool> {
        let n = self.graph.num_vertices();
        let mut seen = vec![0u32; n];
        let mut stack = vec![0u32; n];
        let open = |e: Option<usize>, u: usize| {
            e.is_none_or(|e| ctx.contains(self.edge(e), 1)) && ctx.contains(self.label(u), value)
        };
        self.reach(open, from, &mut seen, &mut stack, 1);
        let mut wall = Vec::new();
        for v in (0..n).filter(|&v| seen[v] == 1) {
            for &(u, e) in self.graph.incident(v) {
                let (u, e) = (u as usize, e as usize);
                if seen[u] == 1 {
                    continue;
                }
                if !ctx.contains(self.edge(e), 1) {
                    wall.push(Literal::eq(self.edge(e), 0));
                } else {
                    wall.push(Literal::ne(self.label(u), value));
                }
            }
        }
        for l in wall {
            ctx.push(l);
        }
        seen.iter().map(|&s| s == 1).collect()
    }

    fn explain_at(&self, ctx: &mut ExplainContext<'_>, what: Explaining) -> bool {
        match what {
            Explaining::Removal { var, value } => {
                let m = self.graph.num_edges();
                let Some(x) = self.scope[m..].iter().position(|&l| l == var) else {
                    return false;
                };
                if value < 1 || value as usize > self.terminals.len() {
                    return false;
                }
                let (a, _) = self.terminals[value as usize - 1];
                if !ctx.contains(var, value) {
                    return false;
                }
                let area = self.push_wall(ctx, x, value);
                if area[a] {
                    return false;
                }
                ctx.push(Literal::eq(self.label(a), value));
                true
            }
            Explaining::Failure => {
                for (i, &(a, b)) in self.terminals.iter().enumerate() {
                    let value = i as Value + 1;
                    let probe = {
                        let n = self.graph.num_vertices();
                        let mut seen = vec![0u32; n];
                        let mut stack = vec![0u32; n];
                        let open = |e: Option<usize>, u: usize| {
                            e.is_none_or(|e| ctx.contains(self.edge(e), 1))
                                && ctx.contains(self.label(u), value)
                        };
                        self.reach(open, a, &mut seen, &mut stack, 1);
                        seen[b] == 1
                    };
                    if !probe {
                        self.push_wall(ctx, a, value);
                        ctx.push(Literal::eq(self.label(a), value));
                        ctx.push(Literal::eq(self.label(b), value));
                        return true;
                    }
                }
                false
            }
        }
    }
}

impl Constraint for PathsReach {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    /// Every vertex labelled `i + 1`, and the second terminal of pair `i`,
    /// is joined to the first through vertices so labelled and edges at 1.
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let m = self.graph.num_edges();
        let n = self.graph.num_vertices();
        let mut seen = vec![0u32; n];
        let mut stack = vec![0u32; n];
        for (i, &(a, b)) in self.terminals.iter().enumerate() {
            let value = i as Value + 1;
            let mark = i as u32 + 1;
            let open = |e: Option<usize>, u: usize| {
                e.is_none_or(|e| values[e] == 1) && values[m + u] == value
            };
            self.reach(open, a, &mut seen, &mut stack, mark);
            if seen[b] != mark || (0..n).any(|v| values[m + v] == value && seen[v] != mark) {
                return false;
            }
        }
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = match self.run_words(ctx, &mut s) {
            Some(result) => result,
            None => self.run(ctx, &mut s.indices),
        };
        ctx.give_back_scratch(s);
        result
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::SLOWEST
    }

    /// Removing a label from a vertex a pair does not reach changes no
    /// other vertex's reachability, and no edge is changed: one call
    /// reaches the fixpoint.
    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "paths"
    }

    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        if !self.explain_at(ctx, what) {
            ctx.push_scope(self.scope());
        }
    }
}

impl Model {
    /// Vertex-disjoint paths of `graph` joining the pairs of `terminals`
    /// (see the [module docs](crate::constraints::paths)). Edge `i` of the
    /// graph is `edges[i]`, a 0/1 variable (1: a path uses it); vertex `v`
    /// is labelled `labels[v]`: `i + 1` on the path of pair `i`, `0` when
    /// no path uses it. With `cover`, every vertex is on a path.
    ///
    /// Restricts the labels' initial domains to `0..=terminals.len()`
    /// (`1..=` with `cover`) and fixes the terminals' labels. Posts a
    /// decomposition and returns the ids of its constraints. Errors: a
    /// wrong number of edges or labels, an edge variable that is not 0/1,
    /// a repeated variable, a terminal out of range, a pair joining a
    /// vertex to itself, a vertex in two pairs, a label that cannot take
    /// its value.
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// // A 3 x 3 grid, pairs 1 (corners 0 and 2) and 2 (corners 6 and 8),
    /// // every cell used: the top row and the bottom row, the middle row
    /// // cannot be used (its cells would need degree 2): no solution.
    /// let g = Graph::grid(3, 3)?;
    /// let mut model = Model::new();
    /// let edges = model.new_bools(g.num_edges())?;
    /// let labels = model.new_vars(9, 0..=2)?;
    /// model.paths(&g, &edges, &labels, &[(0, 2), (6, 8)], true)?;
    /// assert_eq!(Solver::new(&model).count(None).count, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paths(
        &mut self,
        graph: &Graph,
        edges: &[VarId],
        labels: &[VarId],
        terminals: &[(usize, usize)],
        cover: bool,
    ) -> Result<Vec<ConstraintId>, ModelError> {
        const NAME: &str = "paths";
        let invalid = |reason: String| ModelError::InvalidArgument {
            constraint: NAME.to_owned(),
            reason,
        };
        let n = graph.num_vertices();
        if edges.len() != graph.num_edges() {
            return Err(invalid(format!(
                "{} edge variables for a graph of {} edges",
                edges.len(),
                graph.num_edges()
            )));
        }
        if labels.len() != n {
            return Err(invalid(format!(
                "{} labels for a graph of {n} vertices",
                labels.len()
            )));
        }
        let all: Vec<VarId> = edges.iter().chain(labels).copied().collect();
        self.check_distinct(NAME, &all)?;
        check_booleans(self, NAME, edges)?;
        // The pair of each terminal vertex.
        let mut pair_of: Vec<Option<usize>> = vec![None; n];
        for (i, &(a, b)) in terminals.iter().enumerate() {
            for v in [a, b] {
                if v >= n {
                    return Err(invalid(format!("pair {i} has vertex {v} of {n}")));
                }
                if pair_of[v].is_some() {
                    return Err(invalid(format!("vertex {v} is a terminal twice")));
                }
                pair_of[v] = Some(i);
            }
        }
        let k = terminals.len() as Value;
        let low: Value = if cover { 1 } else { 0 };
        for (v, &x) in labels.iter().enumerate() {
            let values: Vec<Value> = self.initial_domains().iter(x).collect();
            for value in values {
                let keep = match pair_of[v] {
                    Some(i) => value == i as Value + 1,
                    None => (low..=k).contains(&value),
                };
                if !keep {
                    self.remove_value(x, value)
                        .map_err(|_| invalid(format!("vertex {v} cannot take its label")))?;
                }
            }
            if self.initial_domains().size(x) == 0 {
                return Err(invalid(format!("vertex {v} has no label left")));
            }
        }
        let mut ids = Vec::new();
        let mut incident: Vec<Vec<VarId>> = vec![Vec::new(); n];
        for (e, (a, b)) in graph.edges().enumerate() {
            incident[a].push(edges[e]);
            incident[b].push(edges[e]);
        }
        for v in 0..n {
            let around = &incident[v];
            if pair_of[v].is_some() {
                if around.is_empty() {
                    return Err(invalid(format!("terminal {v} has no edge")));
                }
                ids.push(self.sum_eq(around, 1)?);
            } else if cover {
                if around.len() < 2 {
                    return Err(invalid(format!(
                        "vertex {v} has {} edges and must be covered",
                        around.len()
                    )));
                }
                ids.push(self.sum_eq(around, 2)?);
            } else if around.is_empty() {
                self.fix(labels[v], 0)?;
            } else {
                let used = self.new_bool()?;
                ids.push(self.reify(used, Literal::ne(labels[v], 0))?);
                let mut terms: Vec<(i64, VarId)> = around.iter().map(|&e| (1, e)).collect();
                terms.push((-2, used));
                ids.push(self.linear(&terms, RelOp::Eq, 0)?);
            }
        }
        for (e, (a, b)) in graph.edges().enumerate() {
            ids.push(self.half_reify_relation(edges[e], labels[a], RelOp::Eq, labels[b], 0)?);
        }
        ids.push(self.acyclic(edges, graph)?);
        let reach = PathsReach {
            scope: all,
            graph: graph.clone(),
            terminals: terminals.to_vec(),
        };
        ids.push(self.post(Box::new(reach), false)?);
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use crate::graph::Graph;
    use crate::{Model, Solver, Value, VarId};

    /// A 10 x 10 board, janko.at's Arukone 13 (five pairs, every
    /// cell used by its one solution): cells `r * 10 + c`.
    const PAIRS: [(usize, usize); 5] = [(0, 88), (10, 18), (24, 28), (9, 63), (8, 47)];

    /// Replays seeded random decision paths with learning on, as the
    /// search does, and checks every explanation of the reachability part
    /// (the constraint posted last): never the whole scope (that would
    /// make learning useless on the hard puzzles), always a wall much
    /// smaller than the board, true before the change (the explanation
    /// oracle checks that they imply it, on small graphs).
    #[test]
    fn reachability_explains_by_walls_not_by_its_scope() {
        let g = Graph::grid(10, 10).unwrap();
        let mut m = Model::new();
        let edges = m.new_bools(g.num_edges()).unwrap();
        let labels = m.new_vars(100, 0..=PAIRS.len() as Value).unwrap();
        let ids = m.paths(&g, &edges, &labels, &PAIRS, false).unwrap();
        let reach = ids.last().unwrap().index() as u32;
        let scope = g.num_edges() + 100;
        let vars: Vec<VarId> = edges.iter().chain(&labels).copied().collect();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut count, mut total, mut longest) = (0usize, 0usize, 0usize);
        for _ in 0..40 {
            let path: Vec<(VarId, Value)> = (0..60)
                .map(|_| {
                    let i = next(vars.len());
                    let value = if i < edges.len() {
                        next(2) as Value
                    } else {
                        next(PAIRS.len() + 1) as Value
                    };
                    (vars[i], value)
                })
                .collect();
            let mut solver = Solver::new(&m);
            for e in solver.explain_path(&path) {
                if e.constraint != Some(reach) {
                    continue;
                }
                assert!(e.valid, "{:?} names a literal not true before it", e.reason);
                assert!(!e.global, "a reachability explanation names the decisions");
                assert!(
                    e.reason.len() < scope / 2,
                    "an explanation of {} literals for a scope of {scope}",
                    e.reason.len()
                );
                count += 1;
                total += e.reason.len();
                longest = longest.max(e.reason.len());
            }
        }
        assert!(count > 0, "no reachability change on 40 random paths");
        eprintln!(
            "reachability on 10 x 10: {count} explanations, mean {:.1} literals, longest {longest}",
            total as f64 / count as f64
        );
    }
}
