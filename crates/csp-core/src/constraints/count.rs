//! Counting: how many variables take a value (or how many literals hold),
//! compared with a constant or a variable: `count(xs, v) OP k`, with the
//! shorthands [`at_most`](crate::Model::at_most),
//! [`at_least`](crate::Model::at_least), [`exactly`](crate::Model::exactly),
//! [`at_most_one`](crate::Model::at_most_one) and
//! [`exactly_one`](crate::Model::exactly_one).
//!
//! # Background
//!
//! The classic counting propagator (Beldiceanu and Contejean's *among*,
//! and the cardinality reasoning of every CP solver): split the counted
//! literals (`x_i == v` for [`Model::count`](crate::Model::count)) into
//! those already true (`f` of them), those still undecided (`u`), and the
//! false rest. The count lies in `[f, f + u]`, and every number in between
//! is reachable. So, with the count required to lie in `[lo, hi]`:
//!
//! - `f > hi` or `f + u < lo`: fail;
//! - `f == hi`: every undecided literal must be false (the value is removed
//!   from the other variables);
//! - `f + u == lo`: every undecided literal must be true (they are fixed to
//!   the value);
//! - a variable `k` is narrowed to the counts that `OP` allows from
//!   `[f, f + u]` (for `==`: `f <= k <= f + u`), and its bounds give
//!   `[lo, hi]` (for `count <= k`: `hi = max(k)`).
//!
//! `!=` prunes only when a single literal is undecided (then one of its two
//! outcomes gives the forbidden count) or, for a variable `k`, when the
//! count is known.
//!
//! # Practical
//!
//! - **Strength.** Domain consistent, for every operator and for a constant
//!   or a variable `k`, when the scope's variables are distinct (`k`
//!   included). A variable repeated in the list (or `k` among the counted
//!   variables) keeps the propagation sound but weaker; the constraint is
//!   then re-run after its own changes.
//! - **Cost.** One pass over the literals per call, O(n); each literal on
//!   a one-word domain (0/1 variables and every grid puzzle's cells) is an
//!   AND and a compare against a mask computed when the constraint was
//!   posted, and fixing or clearing it is one masked write. A second pass
//!   only when the count is tight.
//! - **Wake-ups.** On any change of a counted variable with more than two
//!   values (a value can leave without a bound moving), on fixing for 0/1
//!   variables, and on bound changes of `k`.
//!
//! ```
//! # use csp_core::{Model, RelOp, Solver};
//! let mut model = Model::new();
//! let row = model.new_bools(6)?;
//! model.exactly(&row, 1, 2)?; // two stars in the row
//! assert_eq!(Solver::new(&model).count(None).count, 15); // 6 choose 2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! N. Beldiceanu, E. Contejean, *Introducing global constraints in CHIP*,
//! Mathematical and Computer Modelling 20(12), 1994 (`among`, `count`).
//! C. Bessiere, E. Hebrard, B. Hnich, Z. Kiziltan, T. Walsh, *Among,
//! common and disjoint constraints*, CSCLP 2005 (domain consistency of
//! among by the counting argument above).

use super::boolean::{Lit, Literal, Truth, union};
use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::constraints::RelOp;
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// Rule names used in traces.
pub mod rules {
    /// The count reached its maximum: the other literals are false.
    pub const FULL: &str = "count: maximum reached";
    /// Every undecided literal is needed to reach the minimum.
    pub const NEEDED: &str = "count: all needed";
    /// The count variable was narrowed to the reachable counts.
    pub const BOUNDS: &str = "count: bounds of k";
    /// The forbidden count of `!=` was ruled out.
    pub const NOT_EQUAL: &str = "count: forbidden count";
}

/// The right-hand side of a count: a constant or a variable. Integers and
/// [`VarId`]s convert into it, so `model.count(&xs, 1, RelOp::Le, 3)` and
/// `model.count(&xs, 1, RelOp::Eq, k)` both read naturally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountBound {
    /// A fixed number.
    Const(i64),
    /// A variable.
    Var(VarId),
}

impl From<i64> for CountBound {
    fn from(k: i64) -> Self {
        CountBound::Const(k)
    }
}

impl From<i32> for CountBound {
    fn from(k: i32) -> Self {
        CountBound::Const(i64::from(k))
    }
}

impl From<usize> for CountBound {
    fn from(k: usize) -> Self {
        CountBound::Const(i64::try_from(k).unwrap_or(i64::MAX))
    }
}

impl From<VarId> for CountBound {
    fn from(k: VarId) -> Self {
        CountBound::Var(k)
    }
}

/// The number of literals that hold, compared with a constant or a
/// variable. Create it with [`Model::count`](crate::Model::count),
/// [`Model::count_literals`](crate::Model::count_literals) or one of the
/// shorthands.
#[derive(Clone)]
pub struct LiteralCount {
    lits: Vec<Lit>,
    /// The literals' variables, then `k` if it is a variable.
    scope: Vec<VarId>,
    op: RelOp,
    bound: CountBound,
    events: Events,
    /// The scope's variables are distinct: one call reaches the fixpoint.
    distinct: bool,
    name: &'static str,
}

impl LiteralCount {
    /// The counted literals.
    pub fn literals(&self) -> impl ExactSizeIterator<Item = Literal> + '_ {
        self.lits.iter().map(|l| l.lit)
    }

    /// The comparison.
    pub fn op(&self) -> RelOp {
        self.op
    }

    /// The right-hand side.
    pub fn bound(&self) -> CountBound {
        self.bound
    }

    /// Sets every undecided literal to `holds`.
    fn set_undecided(&self, ctx: &mut PropagationContext<'_>, holds: bool) -> Result<(), Conflict> {
        ctx.set_rule(if holds { rules::NEEDED } else { rules::FULL });
        for l in &self.lits {
            if l.truth(&ctx.domains()) == Truth::Undecided {
                l.set(ctx, holds)?;
            }
        }
        Ok(())
    }

    /// `count != k` with `f` literals true and `u` undecided.
    fn not_equal(
        &self,
        ctx: &mut PropagationContext<'_>,
        f: i64,
        u: i64,
        k: i64,
    ) -> Result<(), Conflict> {
        ctx.set_rule(rules::NOT_EQUAL);
        match u {
            0 if f == k => Err(ctx.conflict()),
            1 if f == k || f + 1 == k => {
                let d = ctx.domains();
                match self.lits.iter().find(|l| l.truth(&d) == Truth::Undecided) {
                    Some(&l) => l.set(ctx, f == k).map(drop),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
}

impl fmt::Debug for LiteralCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "count(")?;
        for (i, l) in self.lits.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{}", l.lit)?;
        }
        write!(f, ") {} ", self.op.symbol())?;
        match self.bound {
            CountBound::Const(k) => write!(f, "{k}"),
            CountBound::Var(k) => write!(f, "{k}"),
        }
    }
}

impl Constraint for LiteralCount {
    /// A literal set false because enough others were true (their
    /// truth), or true because too many were false (their falsity); the
    /// bound variable's bound when it has one. Other deductions are
    /// explained by the scope's domains.
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        let (mut f, mut u) = (0i64, 0i64);
        for l in &self.lits {
            match ctx.holds(l.lit) {
                Some(true) => f += 1,
                None => u += 1,
                Some(false) => {}
            }
        }
        let push_true = |ctx: &mut crate::ExplainContext<'_>| {
            for l in &self.lits {
                if ctx.holds(l.lit) == Some(true) {
                    ctx.push(l.lit);
                }
            }
        };
        let push_false = |ctx: &mut crate::ExplainContext<'_>| {
            for l in &self.lits {
                if ctx.holds(l.lit) == Some(false) {
                    ctx.push(!l.lit);
                }
            }
        };
        // The range the count must lie in, and the literals behind it.
        let (lo, hi, k) = match self.bound {
            CountBound::Const(k) => match self.op {
                RelOp::Eq => (k, k, None),
                RelOp::Le => (i64::MIN, k, None),
                RelOp::Lt => (i64::MIN, k.saturating_sub(1), None),
                RelOp::Ge => (k, i64::MAX, None),
                RelOp::Gt => (k.saturating_add(1), i64::MAX, None),
                RelOp::Ne => return ctx.push_scope(&self.scope),
            },
            CountBound::Var(k) => {
                let (kmin, kmax) = (i64::from(ctx.min(k)), i64::from(ctx.max(k)));
                match self.op {
                    RelOp::Eq => (kmin, kmax, Some(k)),
                    RelOp::Le => (i64::MIN, kmax, Some(k)),
                    RelOp::Lt => (i64::MIN, kmax - 1, Some(k)),
                    RelOp::Ge => (kmin, i64::MAX, Some(k)),
                    RelOp::Gt => (kmin + 1, i64::MAX, Some(k)),
                    RelOp::Ne => return ctx.push_scope(&self.scope),
                }
            }
        };
        let bound_max = |ctx: &mut crate::ExplainContext<'_>| {
            if let Some(k) = k {
                let m = ctx.max(k);
                ctx.push(Literal::le(k, m));
            }
        };
        let bound_min = |ctx: &mut crate::ExplainContext<'_>| {
            if let Some(k) = k {
                let m = ctx.min(k);
                ctx.push(Literal::ge(k, m));
            }
        };
        match what {
            crate::Explaining::Removal { var, value } if Some(var) == k => {
                // The bound variable: at least `f`, at most `f + u`.
                if i64::from(value) < f {
                    push_true(ctx);
                } else if i64::from(value) > f + u {
                    push_false(ctx);
                } else {
                    ctx.push_scope(&self.scope);
                }
            }
            crate::Explaining::Removal { .. } => {
                if f >= hi {
                    push_true(ctx);
                    bound_max(ctx);
                } else if f + u <= lo {
                    push_false(ctx);
                    bound_min(ctx);
                } else {
                    ctx.push_scope(&self.scope);
                }
            }
            crate::Explaining::Failure => {
                if f > hi {
                    push_true(ctx);
                    bound_max(ctx);
                } else if f + u < lo {
                    push_false(ctx);
                    bound_min(ctx);
                } else {
                    ctx.push_scope(&self.scope);
                }
            }
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.lits.len();
        if values.len() < n {
            return false;
        }
        let c = self
            .lits
            .iter()
            .zip(values)
            .filter(|(l, v)| l.lit.holds(**v))
            .count() as i64;
        let k = match self.bound {
            CountBound::Const(k) => k,
            CountBound::Var(_) => match values.get(n) {
                Some(&k) => i64::from(k),
                None => return false,
            },
        };
        self.op.holds(c, k)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let (mut f, mut u) = (0i64, 0i64);
        {
            let d = ctx.domains();
            for l in &self.lits {
                match l.truth(&d) {
                    Truth::True => f += 1,
                    Truth::Undecided => u += 1,
                    Truth::False => {}
                }
            }
        }
        let (lo, hi) = match self.bound {
            CountBound::Const(k) => match self.op {
                RelOp::Eq => (k, k),
                RelOp::Le => (i64::MIN, k),
                RelOp::Lt => (i64::MIN, k.saturating_sub(1)),
                RelOp::Ge => (k, i64::MAX),
                RelOp::Gt => (k.saturating_add(1), i64::MAX),
                RelOp::Ne => return self.not_equal(ctx, f, u, k),
            },
            CountBound::Var(k) => {
                ctx.set_rule(rules::BOUNDS);
                match self.op {
                    RelOp::Eq => {
                        ctx.set_min(k, f)?;
                        ctx.set_max(k, f + u)?;
                    }
                    RelOp::Le => {
                        ctx.set_min(k, f)?;
                    }
                    RelOp::Lt => {
                        ctx.set_min(k, f + 1)?;
                    }
                    RelOp::Ge => {
                        ctx.set_max(k, f + u)?;
                    }
                    RelOp::Gt => {
                        ctx.set_max(k, f + u - 1)?;
                    }
                    RelOp::Ne => {
                        if u == 0 {
                            if let Ok(c) = Value::try_from(f) {
                                ctx.remove(k, c)?;
                            }
                            return Ok(());
                        }
                        return match ctx.value(k) {
                            Some(kv) => self.not_equal(ctx, f, u, i64::from(kv)),
                            None => Ok(()),
                        };
                    }
                }
                let (kmin, kmax) = (i64::from(ctx.min(k)), i64::from(ctx.max(k)));
                match self.op {
                    RelOp::Eq => (kmin, kmax),
                    RelOp::Le => (i64::MIN, kmax),
                    RelOp::Lt => (i64::MIN, kmax - 1),
                    RelOp::Ge => (kmin, i64::MAX),
                    _ => (kmin + 1, i64::MAX),
                }
            }
        };
        if f > hi || f + u < lo {
            ctx.set_rule(if f > hi { rules::FULL } else { rules::NEEDED });
            return Err(ctx.conflict());
        }
        if u > 0 {
            if f == hi {
                self.set_undecided(ctx, false)?;
            } else if f + u == lo {
                self.set_undecided(ctx, true)?;
            }
        }
        Ok(())
    }

    fn events(&self) -> Events {
        self.events
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn name(&self) -> &str {
        self.name
    }
}

impl crate::Model {
    /// `count(xs, value) OP k`: the number of variables of `xs` equal to
    /// `value`, compared with a constant or a variable `k`. For example
    /// `model.count(&row, 1, RelOp::Le, 2)` (at most two 1s) or
    /// `model.count(&cells, 3, RelOp::Eq, k)`.
    ///
    /// An empty `xs` with a constant `k` is an
    /// [`EmptyScope`](ModelError::EmptyScope) error.
    pub fn count(
        &mut self,
        xs: &[VarId],
        value: Value,
        op: RelOp,
        k: impl Into<CountBound>,
    ) -> Result<ConstraintId, ModelError> {
        let lits: Vec<Literal> = xs.iter().map(|&x| Literal::eq(x, value)).collect();
        self.post_count(&lits, op, k.into(), "count")
    }

    /// The number of `lits` that hold, compared with a constant or a
    /// variable `k` (each entry a [`Literal`] or a 0/1 variable).
    pub fn count_literals<L: Into<Literal> + Copy>(
        &mut self,
        lits: &[L],
        op: RelOp,
        k: impl Into<CountBound>,
    ) -> Result<ConstraintId, ModelError> {
        let lits: Vec<Literal> = lits.iter().map(|&l| l.into()).collect();
        self.post_count(&lits, op, k.into(), "count")
    }

    /// At most `k` variables of `xs` equal `value`.
    pub fn at_most(
        &mut self,
        xs: &[VarId],
        value: Value,
        k: usize,
    ) -> Result<ConstraintId, ModelError> {
        self.count(xs, value, RelOp::Le, k)
    }

    /// At least `k` variables of `xs` equal `value`.
    pub fn at_least(
        &mut self,
        xs: &[VarId],
        value: Value,
        k: usize,
    ) -> Result<ConstraintId, ModelError> {
        self.count(xs, value, RelOp::Ge, k)
    }

    /// Exactly `k` variables of `xs` equal `value`.
    pub fn exactly(
        &mut self,
        xs: &[VarId],
        value: Value,
        k: usize,
    ) -> Result<ConstraintId, ModelError> {
        self.count(xs, value, RelOp::Eq, k)
    }

    /// At most one of `lits` holds (each a [`Literal`] or a 0/1 variable).
    pub fn at_most_one<L: Into<Literal> + Copy>(
        &mut self,
        lits: &[L],
    ) -> Result<ConstraintId, ModelError> {
        let lits: Vec<Literal> = lits.iter().map(|&l| l.into()).collect();
        self.post_count(&lits, RelOp::Le, CountBound::Const(1), "at most one")
    }

    /// Exactly one of `lits` holds (each a [`Literal`] or a 0/1 variable).
    pub fn exactly_one<L: Into<Literal> + Copy>(
        &mut self,
        lits: &[L],
    ) -> Result<ConstraintId, ModelError> {
        let lits: Vec<Literal> = lits.iter().map(|&l| l.into()).collect();
        self.post_count(&lits, RelOp::Eq, CountBound::Const(1), "exactly one")
    }

    fn post_count(
        &mut self,
        lits: &[Literal],
        op: RelOp,
        bound: CountBound,
        name: &'static str,
    ) -> Result<ConstraintId, ModelError> {
        let lits = self.compile_literals(lits)?;
        let mut scope: Vec<VarId> = lits.iter().map(|l| l.lit.var()).collect();
        let mut events = self.literal_events(&lits);
        if let CountBound::Var(k) = bound {
            self.check_var(k)?;
            scope.push(k);
            let k_events = if op == RelOp::Ne {
                Events::FIXED
            } else {
                Events::BOUNDS
            };
            events = union(events, k_events);
        }
        let mut sorted = scope.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let distinct = sorted.len() == scope.len();
        self.post(
            Box::new(LiteralCount {
                lits,
                scope,
                op,
                bound,
                events,
                distinct,
                name,
            }),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::{Literal, Model, RelOp, Solver, VarId};

    fn root(model: &Model, vars: &[VarId]) -> Option<Vec<Vec<i32>>> {
        let mut s = Solver::new(model);
        let d = s.propagate().ok()?;
        Some(vars.iter().map(|&v| d.iter(v).collect()).collect())
    }

    #[test]
    fn full_count_removes_the_value_elsewhere() {
        // Two of four cells are fixed to 3 and at most two may be 3.
        let mut m = Model::new();
        let xs = m.new_vars(4, 1..=4).unwrap();
        m.at_most(&xs, 3, 2).unwrap();
        m.fix(xs[0], 3).unwrap();
        m.fix(xs[2], 3).unwrap();
        let d = root(&m, &xs).unwrap();
        assert_eq!(d, vec![vec![3], vec![1, 2, 4], vec![3], vec![1, 2, 4]]);
    }

    #[test]
    fn needed_literals_are_fixed() {
        // At least 2 of x0..x2 equal 5; x1 cannot: x0 = x2 = 5.
        let mut m = Model::new();
        let xs = m.new_vars(3, [1, 5, 9]).unwrap();
        m.at_least(&xs, 5, 2).unwrap();
        m.remove_value(xs[1], 5).unwrap();
        let d = root(&m, &xs).unwrap();
        assert_eq!(d, vec![vec![5], vec![1, 9], vec![5]]);
        m.at_least(&xs, 9, 2).unwrap();
        assert_eq!(root(&m, &xs), None);
    }

    #[test]
    fn variable_k_is_narrowed_to_the_reachable_counts() {
        let mut m = Model::new();
        let xs = m.new_bools(5).unwrap();
        let k = m.new_var(-3..=9).unwrap();
        m.count(&xs, 1, RelOp::Eq, k).unwrap();
        m.fix(xs[0], 1).unwrap();
        m.fix(xs[1], 0).unwrap();
        assert_eq!(root(&m, &[k]).unwrap(), vec![vec![1, 2, 3, 4]]);
        // k <= 1 leaves no room for another 1.
        let mut m2 = Model::new();
        let ys = m2.new_bools(4).unwrap();
        let k2 = m2.new_var(0..=1).unwrap();
        m2.count(&ys, 1, RelOp::Eq, k2).unwrap();
        m2.fix(ys[3], 1).unwrap();
        assert_eq!(
            root(&m2, &ys).unwrap(),
            vec![vec![0], vec![0], vec![0], vec![1]]
        );
        // count > k with k >= 3 over 4 Booleans: all four are 1.
        let mut m3 = Model::new();
        let zs = m3.new_bools(4).unwrap();
        let k3 = m3.new_var(3..=5).unwrap();
        m3.count(&zs, 1, RelOp::Gt, k3).unwrap();
        assert_eq!(root(&m3, &zs).unwrap(), vec![vec![1]; 4]);
        assert_eq!(root(&m3, &[k3]).unwrap(), vec![vec![3]]);
    }

    #[test]
    fn not_equal_prunes_the_last_literal() {
        // count(xs, 2) != 1 with x0 = 2 fixed and x1 undecided: x1 = 2.
        let mut m = Model::new();
        let xs = m.new_vars(2, 1..=3).unwrap();
        m.count(&xs, 2, RelOp::Ne, 1).unwrap();
        m.fix(xs[0], 2).unwrap();
        assert_eq!(root(&m, &xs).unwrap(), vec![vec![2], vec![2]]);
    }

    #[test]
    fn at_most_one_and_exactly_one_over_literals() {
        let mut m = Model::new();
        let x = m.new_var(0..=9).unwrap();
        let b = m.new_bool().unwrap();
        // Exactly one of: x <= 2, x >= 8, b.
        m.exactly_one(&[Literal::le(x, 2), Literal::ge(x, 8), Literal::from(b)])
            .unwrap();
        // b = 1: x in 3..=7 (5); b = 0: x in 0..=2 or 8..=9 (5).
        assert_eq!(Solver::new(&m).count(None).count, 10);
        m.fix(b, 0).unwrap();
        m.remove_value(x, 9).unwrap();
        m.remove_value(x, 8).unwrap();
        assert_eq!(root(&m, &[x]).unwrap(), vec![vec![0, 1, 2]]);
    }

    #[test]
    fn constant_out_of_range_fails_or_holds() {
        let mut m = Model::new();
        let xs = m.new_bools(3).unwrap();
        m.exactly(&xs, 1, 4).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 0);
        let mut m = Model::new();
        let xs = m.new_bools(3).unwrap();
        m.count(&xs, 1, RelOp::Ge, -5).unwrap();
        m.count(&xs, 1, RelOp::Lt, i64::MAX).unwrap();
        m.count(&xs, 1, RelOp::Gt, i64::MIN).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 8);
    }
}
