//! Edge connectivity: edges with multiplicities whose non-zero edges join
//! every vertex of a graph (Hashi's bridges).
//!
//! # Background
//!
//! Hashi (Bridges) joins islands by horizontal and vertical bridges, at
//! most two between two islands, as many at each island as its number,
//! no two crossing, and all islands connected. The multiplicity of each
//! possible bridge is an integer variable (`0..=2`); connectivity is about
//! the edges whose multiplicity is not zero. [`Connected`](super::Connected)
//! reasons on vertices, so before this constraint a model needed a vertex
//! per possible bridge. [`EdgeConnected`] works on the edges directly:
//! over an undirected [`Graph`] and one variable `x_e >= 0` per edge, the
//! edges with `x_e > 0` (the *present* edges) must join all the vertices.
//! Optionally (Hashi's numbers) each vertex `v` has a degree `d_v`, and
//! the multiplicities of the edges at `v` sum to `d_v`.
//!
//! Crossings are not part of it: two edges that cross (Hashi's horizontal
//! and vertical bridges over one gap) are a clause
//! `x_a <= 0 or x_b <= 0` ([`Model::clause`](crate::Model::clause)), one per
//! crossing pair, posted by the model beside this constraint.
//!
//! Call `lb(e)` and `ub(e)` the bounds of `x_e`; an edge is *possible*
//! when `ub(e) > 0`. Each call applies, to a fixpoint:
//!
//! - **degree** (with degrees): at a vertex `v`, the sum of the lower
//!   bounds must not exceed `d_v` nor the sum of the upper bounds fall
//!   short of it (else the node fails); each edge's bounds are narrowed to
//!   what the others leave (`x_e <= d_v - sum of the others' lb`,
//!   `x_e >= d_v - sum of the others' ub`);
//! - **split**: the possible edges must join all the vertices, else the
//!   node fails;
//! - **bridge**: a possible edge whose removal splits the possible edges
//!   (a *bridge* of that graph, in graph-theory terms) must be present:
//!   `x_e >= 1`;
//! - **closed off** (with degrees): the components of the edges with
//!   `lb(e) > 0` each have a *residual*, the degrees of their vertices
//!   less the lower bounds of the edges at them. An edge value that would
//!   leave a component short of all the vertices with no residual at all
//!   would close it off from the rest: that value is removed. This is
//!   Hashi's "two 1s are never joined, two 2s never by a double bridge",
//!   and its generalisation to whole groups of islands.
//!
//! Without degrees, propagation is *domain consistent* (every value left
//! is used by a solution of the constraint alone): a value above zero is
//! supported by making every possible edge present, zero by the same
//! with the edge removed, which leaves the rest connected exactly when
//! the edge is not a bridge. With degrees it is not (deciding whether a
//! connected multigraph with given degrees exists is a search problem in
//! itself): the degree rule reasons on bounds and the closed-off rule on
//! one edge at a time; search completes the rest.
//!
//! # Practical
//!
//! One pass reads the bounds of the edges (`O(m)`), narrows them at each
//! vertex (`O(n + m)`), then runs one iterative depth-first search of the
//! possible edges with Tarjan's lowpoints (`O(n + m)`: `low(c) > disc(p)`
//! makes the tree edge `p - c` a bridge) and one union-find for the
//! residuals (`O(m α(n))`), all in [`Scratch`] buffers: no
//! allocation per call. A pass that changes a bound is followed by another.
//! The constraint is woken when a bound changes and runs at priority level
//! 4. For learning, a degree deduction is explained by the bounds of the
//! other edges at the vertex, a bridge (or a split) by the edges at 0 that
//! wall one side off, a closed-off value by the lower bounds of the edges
//! of the component.
//!
//! With crossing clauses beside it, this decides Hashi: of the 380
//! Bridges puzzles Simon Tatham's generator made at his three levels, 7x7
//! to 40x40 (`benches/data/bridges`), propagation alone solves 371 and
//! proves them unique, every easy and medium one, and none needs more than
//! 2 decisions (measured with `examples/bridges.rs`).
//!
//! ```
//! use csp_core::{Model, Solver, graph::Graph};
//! // Hashi: islands 0 (1), 1 (1) and 2 (2), each pair in line.
//! let g = Graph::new(3, &[(0, 1), (1, 2), (0, 2)])?;
//! let mut model = Model::new();
//! let bridges = model.new_vars(3, 0..=2)?;
//! model.edge_connected_with_degrees(&bridges, &g, &[1, 1, 2])?;
//! // A bridge between the two 1s would close them off from the 2.
//! let mut solver = Solver::new(&model);
//! let domains = solver.propagate().unwrap();
//! assert_eq!(domains.value(bridges[0]), Some(0));
//! assert_eq!(Solver::new(&model).count(None).count, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! R. E. Tarjan, *A note on finding the bridges of a graph*, Information
//! Processing Letters 2(6), 1974 (bridges from lowpoints). Connectivity of
//! chosen edges is the `connected`/`tree` family of graph constraints in
//! CP (G. Dooms, Y. Deville and P. Dupont, *CP(Graph)*, CP 2005). The
//! degree and isolation rules are those of Hashi solvers: Simon Tatham's
//! `bridges.c` keeps islands' remaining counts and refuses a bridge that
//! would isolate a group of islands.

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::error::ModelError;
use crate::graph::Graph;
use crate::learn::{ExplainContext, Explaining};
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// A vertex's degree does not fit the bounds of its edges, or narrows them.
    pub const DEGREE: &str = "edge connected: degree";
    /// The possible edges do not join all the vertices.
    pub const SPLIT: &str = "edge connected: split";
    /// An edge every connection between two parts goes through.
    pub const BRIDGE: &str = "edge connected: bridge";
    /// An edge value that would close a group of vertices off from the rest.
    pub const CLOSED_OFF: &str = "edge connected: closed off";
}

/// The edges with a non-zero multiplicity join every vertex of a
/// [`Graph`], optionally with the multiplicities at each vertex summing to
/// its degree. Post it with [`Model::edge_connected`] or
/// [`Model::edge_connected_with_degrees`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct EdgeConnected {
    /// The multiplicity of each edge, in edge order.
    edges: Vec<VarId>,
    graph: Graph,
    /// The sum of the multiplicities at each vertex, if given.
    degrees: Option<Vec<Value>>,
}

/// The root of `v`'s set, halving the path on the way.
#[inline]
fn find(uf: &mut [u32], mut v: usize) -> usize {
    while uf[v] as usize != v {
        let p = uf[v] as usize;
        uf[v] = uf[p];
        v = p;
    }
    v
}

impl EdgeConnected {
    /// The graph whose edges carry the multiplicities.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The degree of each vertex, if the constraint has them.
    pub fn degrees(&self) -> Option<&[Value]> {
        self.degrees.as_deref()
    }

    /// One pass of the rules; returns whether a bound changed (then the
    /// caller runs another pass on fresh bounds).
    fn pass(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<bool, Conflict> {
        let n = self.graph.num_vertices();
        let m = self.edges.len();
        // s.ints: [lb m][ub m][residual n]
        s.ints.clear();
        s.ints.resize(2 * m + n, 0);
        let (lb, rest) = s.ints.split_at_mut(m);
        let (ub, residual) = rest.split_at_mut(m);
        for (e, &x) in self.edges.iter().enumerate() {
            lb[e] = i64::from(ctx.min(x));
            ub[e] = i64::from(ctx.max(x));
        }
        if let Some(degrees) = &self.degrees {
            if self.degree_rule(ctx, degrees, lb, ub)? {
                return Ok(true);
            }
        }
        if n < 2 {
            return Ok(false);
        }
        if self.bridge_rule(ctx, &mut s.indices, lb, ub)? {
            return Ok(true);
        }
        match &self.degrees {
            Some(degrees) => self.closed_off_rule(ctx, degrees, &mut s.indices, lb, ub, residual),
            None => Ok(false),
        }
    }

    /// Narrows each edge's bounds to what the degree of each of its ends
    /// leaves. Returns whether a bound changed.
    fn degree_rule(
        &self,
        ctx: &mut PropagationContext<'_>,
        degrees: &[Value],
        lb: &[i64],
        ub: &[i64],
    ) -> Result<bool, Conflict> {
        ctx.set_rule(rules::DEGREE);
        let mut changed = false;
        for (v, &d) in degrees.iter().enumerate() {
            let d = i64::from(d);
            let inc = self.graph.incident(v);
            let lo: i64 = inc.iter().map(|&(_, e)| lb[e as usize]).sum();
            let hi: i64 = inc.iter().map(|&(_, e)| ub[e as usize]).sum();
            if d < lo || d > hi {
                return Err(ctx.conflict());
            }
            for &(_, e) in inc {
                let e = e as usize;
                let most = d - (lo - lb[e]);
                let least = d - (hi - ub[e]);
                if most < ub[e] {
                    changed |= ctx.set_max(self.edges[e], most)?;
                }
                if least > lb[e] {
                    changed |= ctx.set_min(self.edges[e], least)?;
                }
            }
            if changed {
                // The sums of the next vertices would be stale.
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The depth-first search of the possible edges from vertex 0: fails
    /// when it misses a vertex, makes every bridge present. Returns whether
    /// a bound changed.
    fn bridge_rule(
        &self,
        ctx: &mut PropagationContext<'_>,
        indices: &mut Vec<u32>,
        lb: &[i64],
        ub: &[i64],
    ) -> Result<bool, Conflict> {
        let n = self.graph.num_vertices();
        // indices: [disc n][low n][next n][stack n][parent edge n]
        indices.clear();
        indices.resize(5 * n, 0);
        let (disc, rest) = indices.split_at_mut(n);
        let (low, rest) = rest.split_at_mut(n);
        let (next, rest) = rest.split_at_mut(n);
        let (stack, parent_edge) = rest.split_at_mut(n);
        let mut time = 1u32;
        disc[0] = time;
        low[0] = time;
        parent_edge[0] = u32::MAX;
        stack[0] = 0;
        let mut top = 1usize;
        let mut reached = 1usize;
        let mut changed = false;
        while top > 0 {
            let v = stack[top - 1] as usize;
            let inc = self.graph.incident(v);
            let k = next[v] as usize;
            if k < inc.len() {
                next[v] += 1;
                let (u, e) = (inc[k].0 as usize, inc[k].1);
                if ub[e as usize] <= 0 || e == parent_edge[v] {
                    continue;
                }
                if disc[u] == 0 {
                    time += 1;
                    disc[u] = time;
                    low[u] = time;
                    parent_edge[u] = e;
                    reached += 1;
                    stack[top] = u as u32;
                    top += 1;
                } else {
                    low[v] = low[v].min(disc[u]);
                }
            } else {
                top -= 1;
                if top > 0 {
                    let p = stack[top - 1] as usize;
                    low[p] = low[p].min(low[v]);
                    let e = parent_edge[v] as usize;
                    if low[v] > disc[p] && lb[e] <= 0 {
                        ctx.set_rule(rules::BRIDGE);
                        changed |= ctx.set_min(self.edges[e], 1)?;
                    }
                }
            }
        }
        if reached < n {
            ctx.set_rule(rules::SPLIT);
            return Err(ctx.conflict());
        }
        Ok(changed)
    }

    /// Removes the edge values that would close a component of the
    /// present edges off with no residual. Returns whether a bound changed.
    fn closed_off_rule(
        &self,
        ctx: &mut PropagationContext<'_>,
        degrees: &[Value],
        indices: &mut Vec<u32>,
        lb: &[i64],
        ub: &[i64],
        residual: &mut [i64],
    ) -> Result<bool, Conflict> {
        let n = self.graph.num_vertices();
        // indices: [union-find n][component size n]
        indices.clear();
        indices.resize(2 * n, 0);
        let (uf, size) = indices.split_at_mut(n);
        for (v, p) in uf.iter_mut().enumerate() {
            *p = v as u32;
        }
        for (e, &l) in lb.iter().enumerate() {
            if l > 0 {
                let (a, b) = self.graph.ends(e);
                let (ra, rb) = (find(uf, a), find(uf, b));
                if ra != rb {
                    uf[ra] = rb as u32;
                }
            }
        }
        residual.fill(0);
        for (v, &d) in degrees.iter().enumerate() {
            let r = find(uf, v);
            size[r] += 1;
            let used: i64 = self
                .graph
                .incident(v)
                .iter()
                .map(|&(_, e)| lb[e as usize])
                .sum();
            residual[r] += i64::from(d) - used;
        }
        ctx.set_rule(rules::CLOSED_OFF);
        for (e, &x) in self.edges.iter().enumerate() {
            if lb[e] >= ub[e] {
                continue;
            }
            let (a, b) = self.graph.ends(e);
            let (ra, rb) = (find(uf, a), find(uf, b));
            // The residual of the merged component without this edge's
            // lower bound, and its size.
            let (r, k) = if ra == rb {
                (residual[ra] + 2 * lb[e], size[ra])
            } else {
                (residual[ra] + residual[rb], size[ra] + size[rb])
            };
            if (k as usize) >= n || r % 2 != 0 {
                continue;
            }
            let value = r / 2;
            if value < 1 || value < lb[e] || value > ub[e] {
                continue;
            }
            let value = value as Value;
            if ctx.remove(x, value)?
                && (i64::from(ctx.min(x)) != lb[e] || i64::from(ctx.max(x)) != ub[e])
            {
                // A bound moved: the residuals are stale.
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Explanations (for learning: see [`Constraint::explain`]), rebuilt from
/// the domains of the moment.
impl EdgeConnected {
    /// The vertices reachable from `from` through possible edges other
    /// than `skip`, at the moment being explained.
    fn reach(&self, ctx: &ExplainContext<'_>, from: usize, skip: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; self.graph.num_vertices()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(v) = stack.pop() {
            for (u, e) in self.graph.incident_edges(v) {
                if !seen[u] && Some(e) != skip && ctx.max(self.edges[e]) > 0 {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        seen
    }

    /// Pushes `x_f <= 0` for every edge `f` (but `skip`) leaving `seen`.
    fn push_wall(&self, ctx: &mut ExplainContext<'_>, seen: &[bool], skip: Option<usize>) {
        for (f, (a, b)) in self.graph.edges().enumerate() {
            if seen[a] != seen[b] && Some(f) != skip {
                ctx.push(Literal::le(self.edges[f], 0));
            }
        }
    }

    /// `x_e == value` breaks vertex `v`'s degree given the other edges'
    /// bounds (with `e` none, the bounds of all its edges break it): pushes
    /// those bounds and returns true.
    fn explain_degree(
        &self,
        ctx: &mut ExplainContext<'_>,
        v: usize,
        e: Option<usize>,
        value: i64,
    ) -> bool {
        let Some(degrees) = &self.degrees else {
            return false;
        };
        let d = i64::from(degrees[v]);
        let others = || self.graph.incident_edges(v).filter(|&(_, f)| Some(f) != e);
        let lo: i64 = others()
            .map(|(_, f)| i64::from(ctx.min(self.edges[f])))
            .sum();
        let hi: i64 = others()
            .map(|(_, f)| i64::from(ctx.max(self.edges[f])))
            .sum();
        if lo + value > d {
            for (_, f) in others() {
                let min = ctx.min(self.edges[f]);
                if min > 0 {
                    ctx.push(Literal::ge(self.edges[f], min));
                }
            }
            true
        } else if hi + value < d {
            for (_, f) in others() {
                ctx.push(Literal::le(self.edges[f], ctx.max(self.edges[f])));
            }
            true
        } else {
            false
        }
    }

    /// `x_e == value` closes the component of the edges with a positive
    /// lower bound (and `e`) off: pushes those lower bounds and returns
    /// true.
    fn explain_closed_off(&self, ctx: &mut ExplainContext<'_>, e: usize, value: i64) -> bool {
        let Some(degrees) = &self.degrees else {
            return false;
        };
        if value < 1 {
            return false;
        }
        let n = self.graph.num_vertices();
        let present = |ctx: &ExplainContext<'_>, f: usize| f == e || ctx.min(self.edges[f]) > 0;
        let (a, _) = self.graph.ends(e);
        let mut seen = vec![false; n];
        let mut stack = vec![a];
        seen[a] = true;
        while let Some(v) = stack.pop() {
            for (u, f) in self.graph.incident_edges(v) {
                if !seen[u] && present(ctx, f) {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        if seen.iter().all(|&s| s) {
            return false;
        }
        let mut r = 0i64;
        for v in (0..n).filter(|&v| seen[v]) {
            r += i64::from(degrees[v]);
            for (_, f) in self.graph.incident_edges(v) {
                r -= if f == e {
                    value
                } else {
                    i64::from(ctx.min(self.edges[f]))
                };
            }
        }
        if r > 0 {
            return false;
        }
        for (f, (x, y)) in self.graph.edges().enumerate() {
            let min = ctx.min(self.edges[f]);
            if f != e && min > 0 && (seen[x] || seen[y]) {
                ctx.push(Literal::ge(self.edges[f], min));
            }
        }
        true
    }

    fn explain_at(&self, ctx: &mut ExplainContext<'_>, what: Explaining) -> bool {
        let n = self.graph.num_vertices();
        match what {
            Explaining::Removal { var, value } => {
                let Some(e) = self.edges.iter().position(|&x| x == var) else {
                    return false;
                };
                let (a, b) = self.graph.ends(e);
                let value = i64::from(value);
                if self.explain_degree(ctx, a, Some(e), value)
                    || self.explain_degree(ctx, b, Some(e), value)
                {
                    return true;
                }
                if value <= 0 {
                    // A bridge: without it, `a`'s side is walled off.
                    let seen = self.reach(ctx, a, Some(e));
                    if !seen[b] {
                        self.push_wall(ctx, &seen, Some(e));
                        return true;
                    }
                    return false;
                }
                self.explain_closed_off(ctx, e, value)
            }
            Explaining::Failure => {
                if (0..n).any(|v| self.explain_degree(ctx, v, None, 0)) {
                    return true;
                }
                if n < 2 {
                    return false;
                }
                let seen = self.reach(ctx, 0, None);
                if seen.iter().all(|&s| s) {
                    return false;
                }
                self.push_wall(ctx, &seen, None);
                true
            }
        }
    }
}

impl Constraint for EdgeConnected {
    fn scope(&self) -> &[VarId] {
        &self.edges
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        if let Some(degrees) = &self.degrees {
            for (v, &d) in degrees.iter().enumerate() {
                let sum: i64 = self
                    .graph
                    .incident(v)
                    .iter()
                    .map(|&(_, e)| i64::from(values[e as usize]))
                    .sum();
                if sum != i64::from(d) {
                    return false;
                }
            }
        }
        let n = self.graph.num_vertices();
        let mut uf: Vec<u32> = (0..n as u32).collect();
        let mut parts = n;
        for (e, &x) in values.iter().enumerate() {
            if x > 0 {
                let (a, b) = self.graph.ends(e);
                let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
                if ra != rb {
                    uf[ra] = rb as u32;
                    parts -= 1;
                }
            }
        }
        parts <= 1
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = (|| {
            while self.pass(ctx, &mut s)? {}
            Ok(())
        })();
        ctx.give_back_scratch(s);
        result
    }

    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        if !self.explain_at(ctx, what) {
            ctx.push_scope(&self.edges);
        }
    }

    fn events(&self) -> Events {
        Events::BOUNDS
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "edge connected"
    }
}

impl Model {
    /// The edges whose variable is above zero join all the vertices of
    /// `graph`; edge `i` of the graph has the multiplicity `edges[i]`, a
    /// variable whose values are all at least 0, each edge its own (a
    /// graph without edges is an [`EmptyScope`](ModelError::EmptyScope)
    /// error, as for every constraint). See
    /// [`constraints::edge_connected`](crate::constraints::edge_connected):
    /// propagation is domain consistent.
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// // A path 0 - 1 - 2 and a chord 0 - 2: the path's edges are not
    /// // bridges while the chord may be present.
    /// let g = Graph::new(3, &[(0, 1), (1, 2), (0, 2)])?;
    /// let mut model = Model::new();
    /// let edges = model.new_vars(3, 0..=2)?;
    /// model.edge_connected(&edges, &g)?;
    /// model.fix(edges[2], 0)?;
    /// let mut solver = Solver::new(&model);
    /// let domains = solver.propagate().unwrap();
    /// // Without the chord both edges of the path are bridges.
    /// assert_eq!(domains.min(edges[0]), Some(1));
    /// assert_eq!(domains.min(edges[1]), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edge_connected(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
    ) -> Result<ConstraintId, ModelError> {
        self.post_edge_connected(edges, graph, None)
    }

    /// Like [`edge_connected`](Self::edge_connected), and the multiplicities
    /// of the edges at vertex `v` sum to `degrees[v]` (Hashi: an island's
    /// number). Crossing edges are separate clauses; see
    /// [`constraints::edge_connected`](crate::constraints::edge_connected).
    pub fn edge_connected_with_degrees(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
        degrees: &[Value],
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "edge connected";
        if degrees.len() != graph.num_vertices() {
            return Err(ModelError::InvalidArgument {
                constraint: NAME.to_owned(),
                reason: format!(
                    "{} degrees for a graph of {} vertices",
                    degrees.len(),
                    graph.num_vertices()
                ),
            });
        }
        if let Some(v) = degrees.iter().position(|&d| d < 0) {
            return Err(ModelError::InvalidArgument {
                constraint: NAME.to_owned(),
                reason: format!("vertex {v} has the negative degree {}", degrees[v]),
            });
        }
        self.post_edge_connected(edges, graph, Some(degrees.to_vec()))
    }

    fn post_edge_connected(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
        degrees: Option<Vec<Value>>,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "edge connected";
        if edges.len() != graph.num_edges() {
            return Err(ModelError::InvalidArgument {
                constraint: NAME.to_owned(),
                reason: format!(
                    "{} edge variables for a graph of {} edges",
                    edges.len(),
                    graph.num_edges()
                ),
            });
        }
        self.check_distinct(NAME, edges)?;
        let domains = self.initial_domains();
        for &x in edges {
            let min = domains.min(x).unwrap_or(0);
            if min < 0 {
                return Err(ModelError::InvalidArgument {
                    constraint: NAME.to_owned(),
                    reason: format!(
                        "variable {} may be negative (its smallest value is {})",
                        self.display_var(x),
                        min
                    ),
                });
            }
        }
        let c = EdgeConnected {
            edges: edges.to_vec(),
            graph: graph.clone(),
            degrees,
        };
        self.post(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn bridges_are_forced_and_a_split_fails() {
        // 0 - 1 - 2 = 3 - 0 (a square) and a tail 2 - 4.
        let g = Graph::new(5, &[(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)]).unwrap();
        let mut m = Model::new();
        let x = m.new_vars(5, 0..=2).unwrap();
        m.edge_connected(&x, &g).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.min(x[4]), Some(1), "the tail is a bridge");
        assert_eq!(d.min(x[0]), Some(0), "a cycle edge is not");
        m.fix(x[0], 0).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(
            (d.min(x[1]), d.min(x[2]), d.min(x[3])),
            (Some(1), Some(1), Some(1))
        );
        m.fix(x[1], 0).unwrap();
        assert!(Solver::new(&m).propagate().is_err(), "1 is cut off");
    }

    #[test]
    fn two_ones_are_never_joined_and_two_twos_never_doubly() {
        // A row of islands 1, 2, 2, 1 (edges 0-1, 1-2, 2-3).
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
        let mut m = Model::new();
        let x = m.new_vars(3, 0..=2).unwrap();
        m.edge_connected_with_degrees(&x, &g, &[1, 2, 2, 1])
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        // Each edge is a bridge, so each is at least 1, and the 1s at the
        // ends leave one bridge between the 2s: every edge is 1.
        assert_eq!(
            (0..3).map(|e| d.value(x[e])).collect::<Vec<_>>(),
            vec![Some(1); 3]
        );
        // Islands 1, 1 and 2 in a triangle (0-1, 1-2, 0-2): the 1s may
        // not be joined.
        let g = Graph::new(3, &[(0, 1), (1, 2), (0, 2)]).unwrap();
        let mut m = Model::new();
        let x = m.new_vars(3, 0..=2).unwrap();
        m.edge_connected_with_degrees(&x, &g, &[1, 1, 2]).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(
            (d.value(x[0]), d.value(x[1]), d.value(x[2])),
            (Some(0), Some(1), Some(1))
        );
    }

    #[test]
    fn a_graph_without_edges_is_an_empty_scope() {
        for n in [0, 1, 2] {
            let g = Graph::new(n, &[]).unwrap();
            let mut m = Model::new();
            assert!(matches!(
                m.edge_connected(&[], &g),
                Err(ModelError::EmptyScope { .. })
            ));
            assert!(matches!(
                m.edge_connected_with_degrees(&[], &g, &vec![0; n]),
                Err(ModelError::EmptyScope { .. })
            ));
        }
    }

    #[test]
    fn bad_input_is_rejected() {
        let g = Graph::new(3, &[(0, 1), (1, 2)]).unwrap();
        let mut m = Model::new();
        let x = m.new_vars(2, 0..=2).unwrap();
        let neg = m.new_var(-1..=1).unwrap();
        assert!(m.edge_connected(&x[..1], &g).is_err());
        let err = m.edge_connected(&[x[0], neg], &g).unwrap_err();
        assert!(err.to_string().contains("negative"), "{err}");
        assert!(matches!(
            m.edge_connected(&[x[0], x[0]], &g),
            Err(ModelError::DuplicateVariable { .. })
        ));
        assert!(m.edge_connected_with_degrees(&x, &g, &[1, 2]).is_err());
        assert!(m.edge_connected_with_degrees(&x, &g, &[1, -2, 1]).is_err());
        assert!(m.edge_connected_with_degrees(&x, &g, &[1, 2, 1]).is_ok());
    }
}
