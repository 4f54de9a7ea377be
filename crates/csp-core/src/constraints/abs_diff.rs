//! Distances between two values: `|x - y| >= d` and `|x - y| <= d` (and
//! the strict forms), for the rules "neighbours differ by at least d"
//! (consecutive-free Sudoku, some Futoshiki variants) and "neighbours
//! differ by at most d".
//!
//! # Background
//!
//! [`AbsDiff`] is a binary constraint, propagated to **domain
//! consistency**: a value `a` of `x` stays when `y` holds a value `b`
//! with `|a - b| OP d`, and the other way round.
//!
//! - `|x - y| >= d`: `a` is supported when `min(y) <= a - d` or
//!   `max(y) >= a + d`, a test of `y`'s bounds; the constraint wakes when
//!   a bound changes.
//! - `|x - y| <= d`: `a` is supported when `y` holds a value of
//!   `a - d ..= a + d`: the smallest value of `y` from `a - d` on is
//!   found by walking `y`'s sorted values once, together with `x`'s; it
//!   wakes on any change.
//!
//! ([`Model::difference`](crate::Model::difference) is `|x - y| == d`.)
//!
//! # Practical
//!
//! `O(|D(x)| + |D(y)|)` per call, no allocation; priority level 0 (the
//! binary rules). One revision of each side reaches the fixpoint (a value
//! of `y` removed had no support in `x`, so it supported none), so the
//! constraint is idempotent. For learning, a removal of `a` from `x` is
//! explained by `y` having none of the values that support `a`.
//!
//! ```
//! use csp_core::{Model, RelOp, Solver};
//! let mut model = Model::new();
//! let x = model.new_var(1..=4)?;
//! let y = model.new_var(1..=4)?;
//! model.abs_diff(x, y, RelOp::Ge, 2)?; // differ by 2 or more
//! assert_eq!(Solver::new(&model).count(None).count, 6);
//! model.fix(y, 2)?;
//! let mut solver = Solver::new(&model);
//! let domains = solver.propagate().unwrap();
//! assert_eq!(domains.iter(x).collect::<Vec<_>>(), [4]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::constraints::RelOp;
use crate::error::ModelError;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Model};

/// Rule names used in traces.
pub mod rules {
    /// A value with no partner at the required distance.
    pub const NO_SUPPORT: &str = "distance: no support";
}

/// `|x - y| >= d` or `|x - y| <= d`. Post it with [`Model::abs_diff`]; see
/// the [module docs](self).
#[derive(Clone, Debug)]
pub struct AbsDiff {
    scope: [VarId; 2],
    /// The bound, after turning `>` and `<` into `>=` and `<=`.
    d: i64,
    /// `>=` (true) or `<=` (false).
    at_least: bool,
}

impl AbsDiff {
    /// Whether `a` and `b` are far enough apart (or near enough).
    #[inline]
    fn holds(&self, a: i64, b: i64) -> bool {
        let gap = (a - b).abs();
        if self.at_least {
            gap >= self.d
        } else {
            gap <= self.d
        }
    }

    /// Removes the values of `x` without support in `y`, collecting them
    /// in `drop` (and `y`'s values in `ys`) first.
    fn revise(
        &self,
        ctx: &mut PropagationContext<'_>,
        x: VarId,
        y: VarId,
        s: &mut Scratch,
    ) -> Result<(), Conflict> {
        s.values.clear();
        if self.at_least {
            // Supported iff min(y) <= a - d or max(y) >= a + d: the values
            // of x strictly between max(y) - d and min(y) + d go.
            let (lo, hi) = (i64::from(ctx.min(y)), i64::from(ctx.max(y)));
            let from = hi.saturating_sub(self.d).saturating_add(1);
            let to = lo.saturating_add(self.d).saturating_sub(1);
            if from > to || i64::from(ctx.min(x)) > to || i64::from(ctx.max(x)) < from {
                return Ok(());
            }
            s.values
                .extend(ctx.iter(x).filter(|&a| (from..=to).contains(&i64::from(a))));
        } else {
            // <= d: walk both sorted domains once.
            s.ints.clear();
            s.ints.extend(ctx.iter(y).map(i64::from));
            let mut k = 0;
            for a in ctx.iter(x) {
                let a64 = i64::from(a);
                while k < s.ints.len() && s.ints[k] < a64.saturating_sub(self.d) {
                    k += 1;
                }
                if k == s.ints.len() || s.ints[k] > a64.saturating_add(self.d) {
                    s.values.push(a);
                }
            }
        }
        s.values
            .iter()
            .try_for_each(|&a| ctx.remove(x, a).map(drop))
    }
}

impl Constraint for AbsDiff {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [a, b] => self.holds(i64::from(*a), i64::from(*b)),
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::NO_SUPPORT);
        let [x, y] = self.scope;
        let mut s = ctx.take_scratch();
        let result = self
            .revise(ctx, x, y, &mut s)
            .and_then(|()| self.revise(ctx, y, x, &mut s));
        ctx.give_back_scratch(s);
        result
    }

    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        match what {
            crate::Explaining::Removal { var, value } if self.scope.contains(&var) => {
                let other = if var == self.scope[0] {
                    self.scope[1]
                } else {
                    self.scope[0]
                };
                let a = i64::from(value);
                ctx.push_none_of(other, |b| self.holds(a, i64::from(b)));
            }
            _ => ctx.push_scope(&self.scope),
        }
    }

    fn events(&self) -> Events {
        if self.at_least {
            Events::BOUNDS
        } else {
            Events::DOMAIN
        }
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "distance"
    }
}

impl Model {
    /// `|x - y| OP d` for `OP` one of `>=`, `>`, `<=`, `<` (`RelOp::Ge`,
    /// `Gt`, `Le`, `Lt`): two values at least (or at most) `d` apart.
    /// Domain consistent; see [`constraints::abs_diff`](crate::constraints::abs_diff).
    /// `|x - y| == d` is [`difference`](Self::difference); `==` and `!=`
    /// here are an error, as is `x` and `y` being one variable.
    ///
    /// ```
    /// use csp_core::{Model, RelOp, Solver};
    /// let mut model = Model::new();
    /// let x = model.new_var(1..=9)?;
    /// let y = model.new_var(1..=9)?;
    /// model.fix(x, 5)?;
    /// model.abs_diff(x, y, RelOp::Le, 1)?; // neighbours within 1
    /// let mut solver = Solver::new(&model);
    /// let domains = solver.propagate().unwrap();
    /// assert_eq!(domains.iter(y).collect::<Vec<_>>(), [4, 5, 6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abs_diff(
        &mut self,
        x: VarId,
        y: VarId,
        op: RelOp,
        d: i64,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "abs_diff";
        self.check_distinct(NAME, &[x, y])?;
        let (d, at_least) = match op {
            RelOp::Ge => (d, true),
            RelOp::Gt => (d.saturating_add(1), true),
            RelOp::Le => (d, false),
            RelOp::Lt => (d.saturating_sub(1), false),
            RelOp::Eq | RelOp::Ne => {
                return Err(ModelError::InvalidArgument {
                    constraint: NAME.to_owned(),
                    reason: format!(
                        "'{op:?}' is not a distance bound: use difference for |x - y| == d"
                    ),
                });
            }
        };
        self.post_distinct(
            Box::new(AbsDiff {
                scope: [x, y],
                d,
                at_least,
            }),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn counts_match_the_closed_forms() {
        // Pairs of 1..=n at distance >= d: (n - d)(n - d + 1); <= d: the
        // rest plus the pairs at distance exactly... counted directly.
        for n in 1..=7i64 {
            for d in -1..=n + 1 {
                for (op, at_least) in [
                    (RelOp::Ge, true),
                    (RelOp::Le, false),
                    (RelOp::Gt, true),
                    (RelOp::Lt, false),
                ] {
                    let mut m = Model::new();
                    let x = m.new_var(1..=n as i32).unwrap();
                    let y = m.new_var(1..=n as i32).unwrap();
                    m.abs_diff(x, y, op, d).unwrap();
                    let want = (1..=n)
                        .flat_map(|a| (1..=n).map(move |b| (a - b).abs()))
                        .filter(|&g| match op {
                            RelOp::Ge => g >= d,
                            RelOp::Gt => g > d,
                            RelOp::Le => g <= d,
                            _ => g < d,
                        })
                        .count() as u64;
                    assert_eq!(
                        Solver::new(&m).count(None).count,
                        want,
                        "{n} {d} {op:?} {at_least}"
                    );
                }
            }
        }
    }

    #[test]
    fn extreme_bounds_do_not_overflow() {
        for d in [i64::MIN, i64::MIN + 1, -1, i64::MAX - 1, i64::MAX] {
            for op in [RelOp::Ge, RelOp::Gt, RelOp::Le, RelOp::Lt] {
                let mut m = Model::new();
                let x = m.new_var(-5..=5).unwrap();
                let y = m.new_var(3..=9).unwrap();
                m.abs_diff(x, y, op, d).unwrap();
                let want = (-5..=5i64)
                    .flat_map(|a| (3..=9i64).map(move |b| (a - b).abs()))
                    .filter(|&g| match op {
                        RelOp::Ge => g >= d,
                        RelOp::Gt => i128::from(g) > i128::from(d),
                        RelOp::Le => g <= d,
                        _ => i128::from(g) < i128::from(d),
                    })
                    .count() as u64;
                assert_eq!(Solver::new(&m).count(None).count, want, "{op:?} {d}");
            }
        }
    }

    #[test]
    fn equality_is_refused() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        let y = m.new_var(1..=3).unwrap();
        assert!(m.abs_diff(x, y, RelOp::Eq, 1).is_err());
        assert!(m.abs_diff(x, x, RelOp::Ge, 1).is_err());
    }
}
