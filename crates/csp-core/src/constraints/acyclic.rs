//! Acyclic: the chosen edges of a graph form a forest (no closed loop).
//!
//! # Background
//!
//! Slant (Gokigen Naname) fills every cell with one diagonal, and the
//! diagonals may never close a loop; other puzzles ask for trees, or for
//! paths that must not come back to themselves. Over edges that are
//! *chosen* when a literal holds (a 0/1 variable at 1, or any [`Literal`]:
//! Slant's two diagonals of a cell are `x == 1` and `x == 0` of one
//! variable), [`Acyclic`] requires the chosen edges of an undirected
//! [`Graph`] to contain no cycle.
//!
//! With `F` the edges whose literal holds (chosen) and the open edges
//! those whose literal is undecided:
//!
//! - a cycle among the edges of `F` fails the node ("loop");
//! - an open edge whose two ends `F` already joins would close a loop: its
//!   literal is made false ("closes a loop"). When that decides another
//!   edge over the same variable (Slant's other diagonal becomes chosen),
//!   the rule runs again, to a fixpoint.
//!
//! A union-find over `F` answers both. This is *domain consistent* when no
//! value of a variable chooses two edges at once (one 0/1 variable per
//! edge, or Slant's complementary pair): `F` plus any one edge whose ends
//! `F` does not join is still a forest, and making an edge false never
//! closes a loop. When one value chooses several edges, each is checked
//! on its own, which is sound but may keep a value that would choose two
//! edges closing a loop together.
//!
//! # Practical
//!
//! One pass costs `O(m α(n))` for `n` vertices and `m` edges (a scan of the
//! literals and a union-find built from the chosen edges, in
//! [`Scratch`](crate::Scratch) buffers: no allocation per call); a pass
//! that decides an edge over a shared variable is followed by another. The
//! constraint is woken when a literal may have changed and runs at
//! priority level 4, after the counting rules that surround it in puzzle
//! models. For learning, a removal is explained by the chosen path that
//! joins the edge's ends, a failure by the chosen cycle.
//!
//! ```
//! use csp_core::{Model, Solver, graph::Graph};
//! // A triangle: any two of its three edges, but not all three.
//! let g = Graph::new(3, &[(0, 1), (1, 2), (2, 0)])?;
//! let mut model = Model::new();
//! let edges = model.new_bools(3)?;
//! model.acyclic(&edges, &g)?;
//! assert_eq!(Solver::new(&model).count(None).count, 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! Union-find with path halving: R. E. Tarjan and J. van Leeuwen, *Worst-case
//! analysis of set union algorithms*, J. ACM 31(2), 1984. The loop rule is
//! the "loop avoidance" deduction of Slant solvers (Simon Tatham's `slant.c`
//! keeps a union-find of the connected points for it); forest constraints
//! in CP (the `tree` constraint of N. Beldiceanu, P. Flener and X. Lorca,
//! CPAIOR 2005) reason the same way on chosen edges.

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::constraints::boolean::{Lit, Truth};
use crate::constraints::connected::check_booleans;
use crate::error::ModelError;
use crate::graph::Graph;
use crate::learn::{ExplainContext, Explaining};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// An edge whose ends the chosen edges join already: it would close a loop.
    pub const CLOSES: &str = "acyclic: closes a loop";
    /// The chosen edges close a loop.
    pub const LOOP: &str = "acyclic: loop";
}

/// The chosen edges of a [`Graph`] form a forest. Post it with
/// [`Model::acyclic`] (0/1 edge variables) or [`Model::acyclic_literals`]
/// (an edge is chosen when its literal holds); see the
/// [module docs](self).
#[derive(Clone, Debug)]
pub struct Acyclic {
    /// The distinct variables of the literals, in order of first use.
    scope: Vec<VarId>,
    /// Edge `e` is chosen when `lits[e]` holds.
    lits: Vec<Lit>,
    /// The scope position of each edge's variable.
    slot: Vec<u32>,
    graph: Graph,
    events: Events,
}

const OPEN: u32 = 0;
const CHOSEN: u32 = 1;
const REMOVED: u32 = 2;

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

impl Acyclic {
    /// The graph whose edges are chosen.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The literal that chooses each edge, in edge order.
    pub fn literals(&self) -> impl ExactSizeIterator<Item = Literal> + '_ {
        self.lits.iter().map(|l| l.lit)
    }

    fn status(&self, ctx: &PropagationContext<'_>, e: usize) -> u32 {
        match self.lits[e].truth(&ctx.domains()) {
            Truth::True => CHOSEN,
            Truth::False => REMOVED,
            Truth::Undecided => OPEN,
        }
    }

    /// One pass: the union-find of the chosen edges, then every open edge
    /// inside one of its sets is made false. Returns whether a literal
    /// changed.
    fn pass(&self, ctx: &mut PropagationContext<'_>, uf: &mut [u32]) -> Result<bool, Conflict> {
        for (v, p) in uf.iter_mut().enumerate() {
            *p = v as u32;
        }
        let m = self.lits.len();
        let mut open = 0usize;
        for e in 0..m {
            match self.status(ctx, e) {
                CHOSEN => {
                    let (a, b) = self.graph.ends(e);
                    let (ra, rb) = (find(uf, a), find(uf, b));
                    if ra == rb {
                        ctx.set_rule(rules::LOOP);
                        return Err(ctx.conflict());
                    }
                    uf[ra] = rb as u32;
                }
                OPEN => open += 1,
                _ => {}
            }
        }
        if open == 0 {
            return Ok(false);
        }
        let mut changed = false;
        ctx.set_rule(rules::CLOSES);
        for e in 0..m {
            // The status may have changed in this pass (a shared variable).
            if self.status(ctx, e) != OPEN {
                continue;
            }
            let (a, b) = self.graph.ends(e);
            if find(uf, a) == find(uf, b) {
                self.lits[e].set(ctx, false)?;
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// Explanations (for learning: see [`Constraint::explain`]), rebuilt from
/// the domains of the moment.
impl Acyclic {
    fn status_at(&self, ctx: &ExplainContext<'_>, e: usize) -> u32 {
        match ctx.holds(self.lits[e].lit) {
            Some(true) => CHOSEN,
            Some(false) => REMOVED,
            None => OPEN,
        }
    }

    /// The chosen edges of a path from `a` to `b` that avoids edge `skip`,
    /// at the moment being explained, if there is one.
    fn chosen_path(
        &self,
        ctx: &ExplainContext<'_>,
        a: usize,
        b: usize,
        skip: usize,
    ) -> Option<Vec<usize>> {
        let n = self.graph.num_vertices();
        let chosen: Vec<bool> = (0..self.lits.len())
            .map(|e| e != skip && self.status_at(ctx, e) == CHOSEN)
            .collect();
        // Breadth-first from `a`; `via[v]` is the edge it was reached by.
        let mut via = vec![u32::MAX; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::from([a]);
        seen[a] = true;
        while let Some(v) = queue.pop_front() {
            if v == b {
                break;
            }
            for (u, f) in self.graph.incident_edges(v) {
                if chosen[f] && !seen[u] {
                    seen[u] = true;
                    via[u] = f as u32;
                    queue.push_back(u);
                }
            }
        }
        if !seen[b] {
            return None;
        }
        let mut path = Vec::new();
        let mut v = b;
        while v != a {
            let f = via[v] as usize;
            path.push(f);
            let (x, y) = self.graph.ends(f);
            v = if x == v { y } else { x };
        }
        Some(path)
    }

    fn explain_at(&self, ctx: &mut ExplainContext<'_>, what: Explaining) -> bool {
        match what {
            Explaining::Removal { var, value } => {
                // An edge the removed value would choose, whose ends a
                // chosen path joined.
                for e in 0..self.lits.len() {
                    let lit = self.lits[e].lit;
                    if lit.var() != var || !lit.holds(value) {
                        continue;
                    }
                    let (a, b) = self.graph.ends(e);
                    if let Some(path) = self.chosen_path(ctx, a, b, e) {
                        for f in path {
                            ctx.push(self.lits[f].lit);
                        }
                        return true;
                    }
                }
                false
            }
            Explaining::Failure => {
                // A chosen edge whose ends the other chosen edges join.
                for e in 0..self.lits.len() {
                    if self.status_at(ctx, e) != CHOSEN {
                        continue;
                    }
                    let (a, b) = self.graph.ends(e);
                    if let Some(path) = self.chosen_path(ctx, a, b, e) {
                        ctx.push(self.lits[e].lit);
                        for f in path {
                            ctx.push(self.lits[f].lit);
                        }
                        return true;
                    }
                }
                false
            }
        }
    }
}

impl Constraint for Acyclic {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.graph.num_vertices();
        let mut uf: Vec<u32> = (0..n as u32).collect();
        for (e, l) in self.lits.iter().enumerate() {
            if l.lit.holds(values[self.slot[e] as usize]) {
                let (a, b) = self.graph.ends(e);
                let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
                if ra == rb {
                    return false;
                }
                uf[ra] = rb as u32;
            }
        }
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        s.indices.resize(self.graph.num_vertices(), 0);
        let result = (|| {
            while self.pass(ctx, &mut s.indices)? {}
            Ok(())
        })();
        ctx.give_back_scratch(s);
        result
    }

    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        if !self.explain_at(ctx, what) {
            ctx.push_scope(&self.scope);
        }
    }

    fn events(&self) -> Events {
        self.events
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "acyclic"
    }
}

impl Model {
    /// The edges set to 1 form a forest of `graph` (no cycle); edge `i` of
    /// the graph is `edges[i]`, a 0/1 variable, each edge its own. See
    /// [`constraints::acyclic`](crate::constraints::acyclic): propagation
    /// is domain consistent.
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// // A square 0-1-2-3: three edges chosen leave the fourth out.
    /// let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0)])?;
    /// let mut model = Model::new();
    /// let edges = model.new_bools(4)?;
    /// model.acyclic(&edges, &g)?;
    /// for &e in &edges[..3] {
    ///     model.fix(e, 1)?;
    /// }
    /// let mut solver = Solver::new(&model);
    /// let domains = solver.propagate().unwrap();
    /// assert_eq!(domains.value(edges[3]), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn acyclic(&mut self, edges: &[VarId], graph: &Graph) -> Result<ConstraintId, ModelError> {
        self.check_distinct("acyclic", edges)?;
        check_booleans(self, "acyclic", edges)?;
        let lits: Vec<Literal> = edges.iter().map(|&e| Literal::eq(e, 1)).collect();
        self.acyclic_literals(&lits, graph)
    }

    /// The edges whose literal holds form a forest of `graph`: edge `i` is
    /// chosen when `edges[i]` holds. Literals may share a variable: Slant's
    /// two diagonals of a cell are `x == 1` and `x == 0` of one variable.
    /// Propagation is domain consistent when no value chooses two edges at
    /// once (see [`constraints::acyclic`](crate::constraints::acyclic)).
    ///
    /// ```
    /// use csp_core::{Literal, Model, Solver, graph::Graph};
    /// // Two cells side by side, each `\` (x == 1) or `/` (x == 0), on the
    /// // 2 x 3 points around them (point r * 3 + c).
    /// let mut model = Model::new();
    /// let x = model.new_bools(2)?;
    /// let mut pairs = Vec::new();
    /// let mut lits = Vec::new();
    /// for c in 0..2 {
    ///     pairs.push((c, 3 + c + 1)); // `\`
    ///     lits.push(Literal::eq(x[c], 1));
    ///     pairs.push((c + 1, 3 + c)); // `/`
    ///     lits.push(Literal::eq(x[c], 0));
    /// }
    /// let g = Graph::new(6, &pairs)?;
    /// model.acyclic_literals(&lits, &g)?;
    /// // Two diagonals cannot close a loop: all four fillings.
    /// assert_eq!(Solver::new(&model).count(None).count, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn acyclic_literals(
        &mut self,
        edges: &[Literal],
        graph: &Graph,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "acyclic";
        if edges.len() != graph.num_edges() {
            return Err(ModelError::InvalidArgument {
                constraint: NAME.to_owned(),
                reason: format!(
                    "{} edge literals for a graph of {} edges",
                    edges.len(),
                    graph.num_edges()
                ),
            });
        }
        let lits = self.compile_literals(edges)?;
        let events = self.literal_events(&lits);
        let mut scope: Vec<VarId> = Vec::new();
        let mut slot = Vec::with_capacity(lits.len());
        for l in &lits {
            let v = l.lit.var();
            let k = match scope.iter().rposition(|&s| s == v) {
                Some(k) => k,
                None => {
                    scope.push(v);
                    scope.len() - 1
                }
            };
            slot.push(k as u32);
        }
        let c = Acyclic {
            scope,
            lits,
            slot,
            graph: graph.clone(),
            events,
        };
        self.post(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn a_chosen_cycle_fails() {
        let g = Graph::new(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
        let mut m = Model::new();
        let e = m.new_bools(3).unwrap();
        m.acyclic(&e, &g).unwrap();
        for &x in &e {
            m.fix(x, 1).unwrap();
        }
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn a_removed_diagonal_chooses_the_other_and_propagates_again() {
        // Points 0 1 / 2 3 of a square and a fifth point 4. One variable
        // chooses 0-3 (x == 1) or 1-2 (x == 0); 0-1 and 1-3 are chosen, so
        // 0-3 would close a loop: x = 0, which chooses 1-2. Then y chooses
        // 2-4 or 1-4, each fine with 0-1, 1-3 and 1-2: y stays open.
        let g = Graph::new(5, &[(0, 3), (1, 2), (0, 1), (1, 3), (2, 4), (1, 4)]).unwrap();
        let mut m = Model::new();
        let x = m.new_bool().unwrap();
        let y = m.new_bool().unwrap();
        let fixed = m.new_bools(2).unwrap();
        let lits = [
            Literal::eq(x, 1),
            Literal::eq(x, 0),
            Literal::eq(fixed[0], 1),
            Literal::eq(fixed[1], 1),
            Literal::eq(y, 1),
            Literal::eq(y, 0),
        ];
        m.acyclic_literals(&lits, &g).unwrap();
        m.fix(fixed[0], 1).unwrap();
        m.fix(fixed[1], 1).unwrap();
        let d = Solver::new(&m)
            .propagate()
            .map(|d| (d.value(x), d.value(y)));
        assert_eq!(d.unwrap(), (Some(0), None));
    }

    #[test]
    fn bad_input_is_rejected() {
        let g = Graph::new(3, &[(0, 1), (1, 2)]).unwrap();
        let mut m = Model::new();
        let e = m.new_bools(2).unwrap();
        let wide = m.new_var(0..=2).unwrap();
        assert!(m.acyclic(&e[..1], &g).is_err());
        let err = m.acyclic(&[e[0], wide], &g).unwrap_err();
        assert!(err.to_string().contains("not 0/1"), "{err}");
        assert!(matches!(
            m.acyclic(&[e[0], e[0]], &g),
            Err(ModelError::DuplicateVariable { .. })
        ));
        // Literals over a wider domain are fine.
        assert!(
            m.acyclic_literals(&[Literal::le(wide, 0), Literal::ge(wide, 2)], &g)
                .is_ok()
        );
    }
}
