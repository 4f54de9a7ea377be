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
//! This first version is a **decomposition** on constraints of the
//! catalogue, each already tested on its own:
//!
//! - at a terminal, the sum of its edges is 1 and its label is fixed to its
//!   pair ([`Model::sum_eq`]);
//! - elsewhere the sum of its edges is twice a 0/1 variable `used`
//!   (degree 0 or 2), reified to `label != 0` ([`Model::reify`]); with
//!   `cover`, the sum is 2 and `0` is removed from the label;
//! - an edge at 1 makes its two labels equal
//!   ([`Model::half_reify_relation`]): labels that can no longer be equal
//!   set the edge to 0;
//! - the chosen edges form a forest ([`Model::acyclic`]).
//!
//! Degrees of 1 at terminals and 0 or 2 elsewhere make every component of
//! the chosen edges a path or a cycle; the forest rule removes the cycles,
//! so every path ends at two terminals, which the equal labels make a
//! pair's two terminals. The reasoning is therefore that of the parts:
//! *dead ends* (a vertex left with one open edge and no path through it:
//! the edge is 0; a terminal with one open edge: the edge is 1; a vertex
//! with a path entering and one exit left: the exit is 1), *labels along
//! edges* (a chosen edge copies the label domain across; two disjoint
//! label domains remove the edge) and *no loops* (an edge whose ends the
//! chosen edges already join is 0). It does **not** yet reason on
//! reachability: a label that no path of its pair can reach any more is
//! removed only when the search fixes the edges around it. Explanations
//! for learning are those of the parts, each precise.
//!
//! Cost per wake-up: O(degree) for the sums, O(1) for a label relation on
//! small label domains, O(m α(n)) for the forest rule (no allocation: each
//! part uses [`Scratch`](crate::Scratch) buffers or none).
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
//! replaces their cycle-breaking constraints. Reachability pruning (the
//! next step) is the `path` reasoning of N. Beldiceanu and X. Lorca's
//! graph constraints (*Necessary condition for path partitioning
//! constraints*, CPAIOR 2007).

use crate::constraints::RelOp;
use crate::constraints::connected::check_booleans;
use crate::error::ModelError;
use crate::graph::Graph;
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

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
        Ok(ids)
    }
}
