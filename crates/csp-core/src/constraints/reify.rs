//! Reification: a 0/1 variable `b` that is 1 exactly when a condition
//! holds. `b <-> (x == v)` and the other [`Literal`]s
//! ([`Model::reify`](crate::Model::reify)), `b <-> (x + c OP y)` for the
//! six operators of [`RelOp`]
//! ([`Model::reify_relation`](crate::Model::reify_relation)), and the
//! half-reification `b -> (x + c OP y)`
//! ([`Model::half_reify_relation`](crate::Model::half_reify_relation)).
//! (The half-reification of a literal is [`Model::implies`](crate::Model::implies).)
//!
//! # Background
//!
//! A reified constraint propagates in both directions. Once `b` is fixed,
//! the condition (for `b = 1`) or its negation (for `b = 0`) is enforced
//! like the plain constraint. While `b` is open, the condition is tested
//! for *entailment* (it holds for every combination of values left: then
//! `b = 1`) and *disentailment* (it holds for none: then `b = 0`). A
//! half-reification `b -> C` keeps only the directions that follow from
//! the implication: `b = 1` enforces `C`, and `C` disentailed sets `b = 0`.
//! Half-reification is often all a model needs, and it prunes no less where
//! it matters (Feydy, Somogyi, Stuckey).
//!
//! # Practical
//!
//! - **Strength.** Domain consistent, for all six operators. For the
//!   orderings (`x + c <= y` and friends) the bounds reasoning of
//!   [`Relation`](super::Relation) is already domain consistent (a value of
//!   `x` at most `max(y) - c` is supported by `max(y)`), and entailment is
//!   a comparison of bounds. For `==` and `!=` disentailment (entailment)
//!   is the test that `x + c` and `y` have no common value, one AND of two
//!   shifted words for one-word domains.
//! - **Cost.** O(1) per call for one-word domains; for wider domains
//!   `==`/`!=` walk the values of `x` (O(|D(x)|)).
//! - **Wake-ups.** The orderings and the literals `<=`/`>=` wake on bound
//!   changes, `==`/`!=` on any change; `b` on fixing.
//! - `b` must be a 0/1 variable: its initial domain within `{0, 1}`, or the
//!   model returns [`ModelError::InvalidArgument`].
//!
//! ```
//! # use csp_core::{Literal, Model, RelOp, Solver};
//! let mut model = Model::new();
//! let (x, y, b) = (model.new_var(1..=4)?, model.new_var(1..=4)?, model.new_bool()?);
//! model.reify_relation(b, x, RelOp::Lt, y, 0)?; // b <-> x < y
//! assert_eq!(Solver::new(&model).count(None).count, 16); // b is a function of x, y
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! T. Feydy, Z. Somogyi, P. J. Stuckey, *Half reification and flattening*,
//! CP 2011. C. Schulte, G. Tack, M. Z. Lagerkvist, *Modeling and
//! programming with Gecode* (reification and half-reification of the basic
//! propagators).

use super::boolean::{Lit, Literal, Truth, union};
use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::constraints::RelOp;
use crate::domain::Domains;
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// Rule names used in traces.
pub mod rules {
    /// `b` was fixed because the condition is entailed or disentailed.
    pub const DECIDED: &str = "reify: condition decided";
    /// `b` is fixed, so the condition (or its negation) is enforced.
    pub const ENFORCED: &str = "reify: condition enforced";
}

/// `b <-> lit`. Create it with [`Model::reify`](crate::Model::reify).
#[derive(Clone)]
pub struct Reified {
    /// `[b, lit.var]`.
    scope: [VarId; 2],
    lit: Lit,
    events: Events,
}

impl Reified {
    /// The 0/1 variable.
    pub fn indicator(&self) -> VarId {
        self.scope[0]
    }

    /// The reified literal.
    pub fn literal(&self) -> Literal {
        self.lit.lit
    }
}

impl fmt::Debug for Reified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} <-> {}", self.scope[0], self.lit.lit)
    }
}

impl Constraint for Reified {
    /// The indicator fixed by the literal's truth, or the literal set by
    /// the indicator's value.
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        let [b, x] = self.scope;
        match what {
            crate::Explaining::Removal { var, .. } if b != x => {
                if var == b {
                    match ctx.holds(self.lit.lit) {
                        Some(true) => ctx.push(self.lit.lit),
                        Some(false) => ctx.push(!self.lit.lit),
                        None => ctx.push_scope(&self.scope),
                    }
                } else {
                    match ctx.value(b) {
                        Some(v) => ctx.push(Literal::eq(b, v)),
                        None => ctx.push_scope(&self.scope),
                    }
                }
            }
            _ => ctx.push_scope(&self.scope),
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [b, x] => (*b == 1) == self.lit.lit.holds(*x),
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let b = self.scope[0];
        match ctx.value(b) {
            Some(v) => {
                ctx.set_rule(rules::ENFORCED);
                self.lit.set(ctx, v == 1).map(drop)
            }
            None => {
                ctx.set_rule(rules::DECIDED);
                match self.lit.truth(&ctx.domains()) {
                    Truth::True => ctx.fix(b, 1).map(drop),
                    Truth::False => ctx.fix(b, 0).map(drop),
                    Truth::Undecided => Ok(()),
                }
            }
        }
    }

    fn events(&self) -> Events {
        self.events
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        self.scope[0] != self.scope[1]
    }

    fn name(&self) -> &str {
        "reify"
    }
}

/// `a + c <= b`, `a + c == b`, `a + c != b` or a constant: a relation after
/// normalisation (as in [`Relation`](super::Relation)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Le { a: VarId, b: VarId, c: i64 },
    Eq { a: VarId, b: VarId, c: i64 },
    Ne { a: VarId, b: VarId, c: i64 },
    Constant(bool),
}

impl Form {
    fn new(x: VarId, op: RelOp, y: VarId, offset: Value) -> Form {
        let c = i64::from(offset);
        if x == y {
            return Form::Constant(op.holds(c, 0));
        }
        match op {
            RelOp::Le => Form::Le { a: x, b: y, c },
            RelOp::Lt => Form::Le {
                a: x,
                b: y,
                c: c + 1,
            },
            RelOp::Ge => Form::Le { a: y, b: x, c: -c },
            RelOp::Gt => Form::Le {
                a: y,
                b: x,
                c: 1 - c,
            },
            RelOp::Eq => Form::Eq { a: x, b: y, c },
            RelOp::Ne => Form::Ne { a: x, b: y, c },
        }
    }

    /// The negated relation: not (a + c <= b) is b + 1 - c <= a.
    fn negate(self) -> Form {
        match self {
            Form::Le { a, b, c } => Form::Le {
                a: b,
                b: a,
                c: 1 - c,
            },
            Form::Eq { a, b, c } => Form::Ne { a, b, c },
            Form::Ne { a, b, c } => Form::Eq { a, b, c },
            Form::Constant(t) => Form::Constant(!t),
        }
    }

    /// Whether every (entailed), no (disentailed) or some combination of
    /// the values left satisfies the relation.
    fn truth(self, d: &Domains<'_>) -> Truth {
        let min = |v| i64::from(d.min(v).unwrap_or(0));
        let max = |v| i64::from(d.max(v).unwrap_or(0));
        match self {
            Form::Constant(true) => Truth::True,
            Form::Constant(false) => Truth::False,
            Form::Le { a, b, c } => {
                if max(a) + c <= min(b) {
                    Truth::True
                } else if min(a) + c > max(b) {
                    Truth::False
                } else {
                    Truth::Undecided
                }
            }
            Form::Eq { a, b, c } => equal_truth(d, a, b, c),
            Form::Ne { a, b, c } => match equal_truth(d, a, b, c) {
                Truth::True => Truth::False,
                Truth::False => Truth::True,
                Truth::Undecided => Truth::Undecided,
            },
        }
    }

    /// Enforces the relation (the propagation of [`Relation`](super::Relation)).
    fn enforce(self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        match self {
            Form::Constant(true) => Ok(()),
            Form::Constant(false) => Err(ctx.conflict()),
            Form::Le { a, b, c } => {
                ctx.set_max(a, i64::from(ctx.max(b)) - c)?;
                ctx.set_min(b, i64::from(ctx.min(a)) + c)?;
                Ok(())
            }
            Form::Eq { a, b, c } => {
                if let (Some((ba, ma)), Some((bb, mb))) = (ctx.mask(a), ctx.mask(b)) {
                    // Bit i of a's word is the value ba + i; ba + i + c is
                    // bit i + s of b's word.
                    let s = i64::from(ba) + c - i64::from(bb);
                    let ka = ma & shift(mb, -s);
                    ctx.intersect_mask(a, ba, ka)?;
                    ctx.intersect_mask(b, bb, mb & shift(ka, s))?;
                    return Ok(());
                }
                ctx.retain(a, |d, v| {
                    fits(i64::from(v) + c).is_some_and(|w| d.contains(b, w))
                })?;
                ctx.retain(b, |d, v| {
                    fits(i64::from(v) - c).is_some_and(|w| d.contains(a, w))
                })?;
                Ok(())
            }
            Form::Ne { a, b, c } => {
                if let Some(v) = ctx.value(a) {
                    if let Some(w) = fits(i64::from(v) + c) {
                        ctx.remove(b, w)?;
                    }
                }
                if let Some(w) = ctx.value(b) {
                    if let Some(v) = fits(i64::from(w) - c) {
                        ctx.remove(a, v)?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// The truth of `a + c == b`.
fn equal_truth(d: &Domains<'_>, a: VarId, b: VarId, c: i64) -> Truth {
    if let (Some(va), Some(vb)) = (d.value(a), d.value(b)) {
        return if i64::from(va) + c == i64::from(vb) {
            Truth::True
        } else {
            Truth::False
        };
    }
    let meet = match (d.mask(a), d.mask(b)) {
        (Some((ba, ma)), Some((bb, mb))) => shift(ma, i64::from(ba) + c - i64::from(bb)) & mb != 0,
        _ => d
            .iter(a)
            .any(|v| fits(i64::from(v) + c).is_some_and(|w| d.contains(b, w))),
    };
    if meet { Truth::Undecided } else { Truth::False }
}

/// `m` moved `s` bits up (down for negative `s`); bits pushed out are lost.
pub(crate) fn shift(m: u64, s: i64) -> u64 {
    if s >= 64 || s <= -64 {
        0
    } else if s >= 0 {
        m << s
    } else {
        m >> -s
    }
}

fn fits(v: i64) -> Option<Value> {
    Value::try_from(v).ok()
}

/// `b <-> (x + offset OP y)`, or `b -> (x + offset OP y)` when half
/// reified. Create it with
/// [`Model::reify_relation`](crate::Model::reify_relation) or
/// [`Model::half_reify_relation`](crate::Model::half_reify_relation).
#[derive(Clone)]
pub struct ReifiedRelation {
    /// `[b, x, y]`.
    scope: [VarId; 3],
    op: RelOp,
    offset: Value,
    form: Form,
    half: bool,
}

impl ReifiedRelation {
    /// The 0/1 variable.
    pub fn indicator(&self) -> VarId {
        self.scope[0]
    }

    /// The operator.
    pub fn op(&self) -> RelOp {
        self.op
    }

    /// Whether this is the half-reification `b -> relation`.
    pub fn is_half(&self) -> bool {
        self.half
    }
}

impl fmt::Debug for ReifiedRelation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [b, x, y] = self.scope;
        let arrow = if self.half { "->" } else { "<->" };
        let op = self.op.symbol();
        match self.offset {
            0 => write!(f, "{b} {arrow} {x} {op} {y}"),
            c => write!(f, "{b} {arrow} {x} + {c} {op} {y}"),
        }
    }
}

impl Constraint for ReifiedRelation {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let [b, x, y] = values else { return false };
        let holds = self
            .op
            .holds(i64::from(*x) + i64::from(self.offset), i64::from(*y));
        if self.half {
            *b == 0 || holds
        } else {
            (*b == 1) == holds
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let b = self.scope[0];
        match ctx.value(b) {
            Some(1) => {
                ctx.set_rule(rules::ENFORCED);
                self.form.enforce(ctx)
            }
            Some(_) if self.half => Ok(()),
            Some(_) => {
                ctx.set_rule(rules::ENFORCED);
                self.form.negate().enforce(ctx)
            }
            None => {
                ctx.set_rule(rules::DECIDED);
                match self.form.truth(&ctx.domains()) {
                    Truth::True if !self.half => ctx.fix(b, 1).map(drop),
                    Truth::False => ctx.fix(b, 0).map(drop),
                    _ => Ok(()),
                }
            }
        }
    }

    fn events(&self) -> Events {
        match self.form {
            Form::Le { .. } => Events::BOUNDS,
            _ => Events::DOMAIN,
        }
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        let [b, x, y] = self.scope;
        b != x && b != y
    }

    fn name(&self) -> &str {
        if self.half {
            "half-reified relation"
        } else {
            "reified relation"
        }
    }
}

impl crate::Model {
    /// Checks that `b` is a 0/1 variable (initial domain within `{0, 1}`).
    fn check_indicator(&self, constraint: &str, b: VarId) -> Result<(), ModelError> {
        self.check_var(b)?;
        let d = self.initial_domains();
        if d.min(b).is_some_and(|v| v >= 0) && d.max(b).is_some_and(|v| v <= 1) {
            Ok(())
        } else {
            Err(ModelError::InvalidArgument {
                constraint: constraint.to_owned(),
                reason: format!(
                    "{} must be a 0/1 variable, but its domain is {:?}",
                    self.display_var(b),
                    d.domain(b)
                ),
            })
        }
    }

    /// `b <-> lit`: the 0/1 variable `b` is 1 exactly when `lit` holds.
    ///
    /// ```
    /// # use csp_core::{Literal, Model, Solver};
    /// let mut model = Model::new();
    /// let (x, b) = (model.new_var(1..=5)?, model.new_bool()?);
    /// model.reify(b, Literal::ge(x, 4))?;
    /// model.fix(b, 1)?;
    /// let mut solver = Solver::new(&model);
    /// assert_eq!(solver.propagate().unwrap().min(x), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reify(&mut self, b: VarId, lit: impl Into<Literal>) -> Result<ConstraintId, ModelError> {
        self.check_indicator("reify", b)?;
        let lits = self.compile_literals(&[lit.into()])?;
        let lit = lits[0];
        let events = union(self.literal_events(&lits), Events::FIXED);
        self.post(
            Box::new(Reified {
                scope: [b, lit.lit.var()],
                lit,
                events,
            }),
            false,
        )
    }

    /// `b <-> (x + offset OP y)`: the 0/1 variable `b` is 1 exactly when
    /// the relation holds.
    pub fn reify_relation(
        &mut self,
        b: VarId,
        x: VarId,
        op: RelOp,
        y: VarId,
        offset: Value,
    ) -> Result<ConstraintId, ModelError> {
        self.post_reified_relation(b, x, op, y, offset, false)
    }

    /// `b -> (x + offset OP y)`: when the 0/1 variable `b` is 1 the
    /// relation holds (and when the relation cannot hold, `b` is 0).
    pub fn half_reify_relation(
        &mut self,
        b: VarId,
        x: VarId,
        op: RelOp,
        y: VarId,
        offset: Value,
    ) -> Result<ConstraintId, ModelError> {
        self.post_reified_relation(b, x, op, y, offset, true)
    }

    fn post_reified_relation(
        &mut self,
        b: VarId,
        x: VarId,
        op: RelOp,
        y: VarId,
        offset: Value,
        half: bool,
    ) -> Result<ConstraintId, ModelError> {
        let name = if half {
            "half-reified relation"
        } else {
            "reified relation"
        };
        self.check_indicator(name, b)?;
        self.check_var(x)?;
        self.check_var(y)?;
        self.post(
            Box::new(ReifiedRelation {
                scope: [b, x, y],
                op,
                offset,
                form: Form::new(x, op, y, offset),
                half,
            }),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Model, Solver};

    const OPS: [RelOp; 6] = [
        RelOp::Lt,
        RelOp::Le,
        RelOp::Gt,
        RelOp::Ge,
        RelOp::Eq,
        RelOp::Ne,
    ];

    #[test]
    fn negation_is_the_complement() {
        let mut model = Model::new();
        let (x, y) = (model.new_var(0..=1).unwrap(), model.new_var(0..=1).unwrap());
        let holds = |f: Form, a: i64, b: i64| match f {
            Form::Le { a: p, c, .. } => {
                if p == x {
                    a + c <= b
                } else {
                    b + c <= a
                }
            }
            Form::Eq { c, .. } => a + c == b,
            Form::Ne { c, .. } => a + c != b,
            Form::Constant(t) => t,
        };
        for op in OPS {
            for c in -3..=3 {
                let f = Form::new(x, op, y, c);
                for a in -4..=4 {
                    for b in -4..=4 {
                        let want = op.holds(a + i64::from(c), b);
                        assert_eq!(holds(f, a, b), want, "{op:?} {c} {a} {b}");
                        assert_eq!(holds(f.negate(), a, b), !want, "not {op:?} {c} {a} {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn entailment_fixes_the_indicator() {
        // x in 1..=3, y in 5..=7.
        let cases = [
            (RelOp::Lt, 2, None),    // 1 + 2 < 7 but not 3 + 2 < 5
            (RelOp::Lt, 1, Some(1)), // 3 + 1 < 5
            (RelOp::Le, 2, Some(1)), // 3 + 2 <= 5
            (RelOp::Eq, 4, None),    // x + 4 in 5..=7
            (RelOp::Eq, 0, Some(0)), // disjoint
            (RelOp::Ne, 0, Some(1)), // disjoint
            (RelOp::Ge, 6, Some(1)), // 1 + 6 >= 7
            (RelOp::Ge, 5, None),    // 1 + 5 < 7 but 3 + 5 >= 5
            (RelOp::Gt, 1, Some(0)), // 3 + 1 > 5 never
        ];
        for (op, c, want) in cases {
            let mut m = Model::new();
            let x = m.new_var(1..=3).unwrap();
            let y = m.new_var(5..=7).unwrap();
            let b = m.new_bool().unwrap();
            m.reify_relation(b, x, op, y, c).unwrap();
            let mut s = Solver::new(&m);
            let d = s.propagate().unwrap();
            assert_eq!(d.value(b), want, "{op:?} {c}");
        }
    }

    #[test]
    fn fixed_indicator_enforces_the_relation_or_its_negation() {
        // b = 0 on x < y: x >= y, so x in 3..=5 when y in 3..=9 and x in 1..=5.
        let mut m = Model::new();
        let x = m.new_var(1..=5).unwrap();
        let y = m.new_var(3..=9).unwrap();
        let b = m.new_bool().unwrap();
        m.reify_relation(b, x, RelOp::Lt, y, 0).unwrap();
        m.fix(b, 0).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!((d.min(x), d.max(x), d.max(y)), (Some(3), Some(5), Some(5)));
        // b = 1 on x + 1 == y with y in {0, 4, 6}: x in {3, 5}.
        let mut m = Model::new();
        let x = m.new_var(1..=5).unwrap();
        let y = m.new_var([0, 4, 6]).unwrap();
        let b = m.new_bool().unwrap();
        m.reify_relation(b, x, RelOp::Eq, y, 1).unwrap();
        m.fix(b, 1).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.iter(x).collect::<Vec<_>>(), vec![3, 5]);
        assert_eq!(d.iter(y).collect::<Vec<_>>(), vec![4, 6]);
    }

    #[test]
    fn half_reification_leaves_b_zero_unconstrained() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        let y = m.new_var(1..=3).unwrap();
        let b = m.new_bool().unwrap();
        m.half_reify_relation(b, x, RelOp::Lt, y, 0).unwrap();
        // b = 0: 9; b = 1: 3 pairs with x < y.
        assert_eq!(Solver::new(&m).count(None).count, 12);
    }

    #[test]
    fn indicator_must_be_zero_one() {
        let mut m = Model::new();
        let x = m.new_var(0..=2).unwrap();
        let y = m.new_var(0..=2).unwrap();
        let err = m.reify_relation(x, x, RelOp::Eq, y, 0).unwrap_err();
        assert!(matches!(err, ModelError::InvalidArgument { .. }), "{err}");
        assert!(m.reify(x, Literal::eq(y, 1)).is_err());
        let one = m.new_var([1]).unwrap();
        assert!(m.reify(one, Literal::eq(y, 1)).is_ok());
    }
}
