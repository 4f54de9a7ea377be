//! Binary relations with a constant offset: `x + c OP y` for
//! `OP` in `<`, `<=`, `>`, `>=`, `==`, `!=`.
//!
//! Propagation: the four orderings are bounds consistent (`x + c <= y`
//! raises `y`'s minimum and lowers `x`'s maximum), `==` is domain consistent
//! and `!=` removes the forbidden value once the other side is fixed. All run
//! at [`Priority::FASTEST`].

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// The comparison of a [`Relation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelOp {
    /// `x + c < y`
    Lt,
    /// `x + c <= y`
    Le,
    /// `x + c > y`
    Gt,
    /// `x + c >= y`
    Ge,
    /// `x + c == y`
    Eq,
    /// `x + c != y`
    Ne,
}

impl RelOp {
    /// The operator as written in source code (`"<"`, `"<="`, ...).
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Gt => ">",
            RelOp::Ge => ">=",
            RelOp::Eq => "==",
            RelOp::Ne => "!=",
        }
    }

    /// Whether `a OP b`.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            RelOp::Lt => a < b,
            RelOp::Le => a <= b,
            RelOp::Gt => a > b,
            RelOp::Ge => a >= b,
            RelOp::Eq => a == b,
            RelOp::Ne => a != b,
        }
    }
}

/// What the relation reduces to after normalisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `a + c <= b`
    Le { a: VarId, b: VarId, c: i64 },
    /// `a + c == b`
    Eq { a: VarId, b: VarId, c: i64 },
    /// `a + c != b`
    Ne { a: VarId, b: VarId, c: i64 },
    /// Both sides are the same variable: always true or always false.
    Constant(bool),
}

/// The constraint `x + offset OP y`. Create it with
/// [`Model::relation`](crate::Model::relation) or the shorthands such as
/// [`Model::less_than`](crate::Model::less_than).
#[derive(Clone)]
pub struct Relation {
    scope: [VarId; 2],
    op: RelOp,
    offset: Value,
    form: Form,
}

impl Relation {
    /// `x + offset OP y`.
    pub fn new(x: VarId, op: RelOp, y: VarId, offset: Value) -> Self {
        let c = i64::from(offset);
        let form = if x == y {
            Form::Constant(op.holds(c, 0))
        } else {
            match op {
                RelOp::Le => Form::Le { a: x, b: y, c },
                RelOp::Lt => Form::Le {
                    a: x,
                    b: y,
                    c: c + 1,
                },
                // x + c >= y  <=>  y - c <= x
                RelOp::Ge => Form::Le { a: y, b: x, c: -c },
                // x + c > y  <=>  y - c + 1 <= x
                RelOp::Gt => Form::Le {
                    a: y,
                    b: x,
                    c: 1 - c,
                },
                RelOp::Eq => Form::Eq { a: x, b: y, c },
                RelOp::Ne => Form::Ne { a: x, b: y, c },
            }
        };
        Relation {
            scope: [x, y],
            op,
            offset,
            form,
        }
    }

    /// The left variable `x`.
    pub fn x(&self) -> VarId {
        self.scope[0]
    }

    /// The right variable `y`.
    pub fn y(&self) -> VarId {
        self.scope[1]
    }

    /// The operator.
    pub fn op(&self) -> RelOp {
        self.op
    }

    /// The constant `c` in `x + c OP y`.
    pub fn offset(&self) -> Value {
        self.offset
    }
}

impl fmt::Debug for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            0 => write!(
                f,
                "{} {} {}",
                self.scope[0],
                self.op.symbol(),
                self.scope[1]
            ),
            c => write!(
                f,
                "{} + {} {} {}",
                self.scope[0],
                c,
                self.op.symbol(),
                self.scope[1]
            ),
        }
    }
}

impl Constraint for Relation {
    /// A value removed because the other variable had lost every value
    /// that supports it.
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        let [x, y] = self.scope;
        let c = i64::from(self.offset);
        let op = self.op;
        match what {
            crate::Explaining::Removal { var, value } if x != y => {
                let v = i64::from(value);
                if var == x {
                    ctx.push_none_of(y, |w| op.holds(v + c, i64::from(w)));
                } else {
                    ctx.push_none_of(x, |u| op.holds(i64::from(u) + c, v));
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
            [x, y] => self
                .op
                .holds(i64::from(*x) + i64::from(self.offset), i64::from(*y)),
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        match self.form {
            Form::Constant(true) => Ok(()),
            Form::Constant(false) => Err(ctx.conflict()),
            Form::Le { a, b, c } => {
                ctx.set_rule("bounds");
                ctx.set_max(a, i64::from(ctx.max(b)) - c)?;
                ctx.set_min(b, i64::from(ctx.min(a)) + c)?;
                Ok(())
            }
            Form::Eq { a, b, c } => {
                ctx.set_rule("equality");
                ctx.retain(a, |d, v| {
                    fits(i64::from(v) + c).is_some_and(|w| d.contains(b, w))
                })?;
                ctx.retain(b, |d, v| {
                    fits(i64::from(v) - c).is_some_and(|w| d.contains(a, w))
                })?;
                Ok(())
            }
            Form::Ne { a, b, c } => {
                ctx.set_rule("not equal");
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

    fn events(&self) -> Events {
        match self.form {
            Form::Le { .. } => Events::BOUNDS,
            Form::Eq { .. } | Form::Constant(_) => Events::DOMAIN,
            Form::Ne { .. } => Events::FIXED,
        }
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        match self.op {
            RelOp::Lt => "less than",
            RelOp::Le => "less or equal",
            RelOp::Gt => "greater than",
            RelOp::Ge => "greater or equal",
            RelOp::Eq => "equal",
            RelOp::Ne => "not equal",
        }
    }
}

fn fits(v: i64) -> Option<Value> {
    Value::try_from(v).ok()
}

#[cfg(test)]
mod tests {
    use crate::{Model, RelOp, Solver};

    fn count(op: RelOp, offset: i32) -> (u64, u64) {
        let mut m = Model::new();
        let x = m.new_var(-2..=4).unwrap();
        let y = m.new_var([0, 1, 3, 7]).unwrap();
        m.relation(x, op, y, offset).unwrap();
        let expected = (-2..=4)
            .flat_map(|a| [0, 1, 3, 7].map(move |b| (a, b)))
            .filter(|&(a, b)| op.holds(i64::from(a) + i64::from(offset), i64::from(b)))
            .count() as u64;
        (Solver::new(&m).count(None).count, expected)
    }

    #[test]
    fn every_operator_and_offset_counts_like_brute_force() {
        for op in [
            RelOp::Lt,
            RelOp::Le,
            RelOp::Gt,
            RelOp::Ge,
            RelOp::Eq,
            RelOp::Ne,
        ] {
            for offset in -4..=4 {
                let (got, want) = count(op, offset);
                assert_eq!(got, want, "{op:?} offset {offset}");
            }
        }
    }

    #[test]
    fn bounds_propagate_at_the_root() {
        let mut m = Model::new();
        let x = m.new_var(1..=9).unwrap();
        let y = m.new_var(1..=9).unwrap();
        m.relation(x, RelOp::Lt, y, 3).unwrap(); // x + 3 < y
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!((d.min(x), d.max(x)), (Some(1), Some(5)));
        assert_eq!((d.min(y), d.max(y)), (Some(5), Some(9)));
    }

    #[test]
    fn same_variable_on_both_sides_is_a_constant() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        m.less_than(x, x).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 0);
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        m.relation(x, RelOp::Le, x, -1).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 3);
    }

    #[test]
    fn a_long_chain_is_bounds_consistent_at_the_root() {
        // Note: a FIFO queue needs O(n^2) propagator calls on such a chain
        // (each round moves the upper-bound wave one step); see
        // docs/performance.md.
        let n = 300;
        let mut m = Model::new();
        let xs = m.new_vars(n, 0..=(n as i32 - 1)).unwrap();
        for w in xs.windows(2) {
            m.less_than(w[0], w[1]).unwrap();
        }
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert!(
            xs.iter()
                .enumerate()
                .all(|(i, &x)| d.value(x) == Some(i as i32))
        );
    }
}
