//! Tatham's Adjacent mode as a plug-in [`Constraint`]: a bar means the two
//! values differ by exactly 1, no bar means they do not.

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// How much an [`Adjacency`] constraint prunes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AdjacencyStrength {
    /// Only fails once both cells are fixed (grading: trivial level).
    CheckOnly,
    /// Prunes a neighbour of a fixed cell (Tatham's easy level).
    FromFixed,
    /// Domain consistent: every value left has a support in the other cell
    /// (Tatham's tricky level; the default for solving).
    #[default]
    Full,
}

/// Rule names used in traces.
pub(crate) mod rules {
    /// Pruned from a fixed neighbour.
    pub const FROM_FIXED: &str = "adjacency: fixed neighbour";
    /// Pruned because no value of the neighbour supports it.
    pub const SUPPORT: &str = "adjacency: no support";
}

/// `|a - b| == 1` (a bar) or `|a - b| != 1` (no bar) between two cells.
#[derive(Clone, Debug)]
pub struct Adjacency {
    scope: [VarId; 2],
    bar: bool,
    strength: AdjacencyStrength,
    priority: Priority,
}

impl Adjacency {
    /// The constraint between `a` and `b`: `bar` says whether they must be
    /// consecutive (`true`) or must not be (`false`).
    pub fn new(a: VarId, b: VarId, bar: bool, strength: AdjacencyStrength) -> Adjacency {
        Adjacency {
            scope: [a, b],
            bar,
            strength,
            priority: Priority::FASTEST,
        }
    }

    /// The same constraint at another priority (grading orders techniques
    /// by priority). Default: [`Priority::FASTEST`].
    pub fn with_priority(mut self, priority: Priority) -> Adjacency {
        self.priority = priority;
        self
    }

    /// Whether this is a bar (consecutive values).
    pub fn is_bar(&self) -> bool {
        self.bar
    }

    /// Keeps in `x` only values with a support in `y`.
    fn support(
        &self,
        ctx: &mut PropagationContext<'_>,
        x: VarId,
        y: VarId,
    ) -> Result<(), Conflict> {
        let bar = self.bar;
        match (ctx.mask(x), ctx.mask(y)) {
            (Some((bx, mx)), Some((by, my))) if bx == by => {
                let keep = if bar {
                    (my << 1) | (my >> 1)
                } else {
                    // v is supported unless y's values are all within {v-1, v+1}.
                    let mut keep = 0u64;
                    let mut bits = mx;
                    while bits != 0 {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        let near = 1u64.checked_shl(b + 1).unwrap_or(0)
                            | if b > 0 { 1u64 << (b - 1) } else { 0 };
                        if my & !near != 0 {
                            keep |= 1 << b;
                        }
                    }
                    keep
                };
                ctx.intersect_mask(x, bx, keep).map(|_| ())
            }
            _ => {
                let ys: Vec<Value> = ctx.iter(y).collect();
                ctx.retain(x, |_, v| {
                    ys.iter()
                        .any(|&w| ((i64::from(v) - i64::from(w)).abs() == 1) == bar)
                })
                .map(|_| ())
            }
        }
    }
}

impl Constraint for Adjacency {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [a, b] => ((i64::from(*a) - i64::from(*b)).abs() == 1) == self.bar,
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let [a, b] = self.scope;
        match self.strength {
            AdjacencyStrength::CheckOnly => {
                if let (Some(x), Some(y)) = (ctx.value(a), ctx.value(b)) {
                    if !self.is_satisfied(&[x, y]) {
                        ctx.set_rule("adjacency: check");
                        return Err(ctx.conflict());
                    }
                }
                Ok(())
            }
            AdjacencyStrength::FromFixed => {
                ctx.set_rule(rules::FROM_FIXED);
                if ctx.is_fixed(a) {
                    self.support(ctx, b, a)?;
                }
                if ctx.is_fixed(b) {
                    self.support(ctx, a, b)?;
                }
                Ok(())
            }
            AdjacencyStrength::Full => {
                ctx.set_rule(rules::SUPPORT);
                self.support(ctx, a, b)?;
                self.support(ctx, b, a)
            }
        }
    }

    fn events(&self) -> Events {
        match self.strength {
            AdjacencyStrength::Full => Events::DOMAIN,
            _ => Events::FIXED,
        }
    }

    fn priority(&self) -> Priority {
        self.priority
    }

    fn name(&self) -> &str {
        if self.bar {
            "adjacent (bar)"
        } else {
            "not adjacent"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Model, Solver};

    fn count(bar: bool, strength: AdjacencyStrength) -> u64 {
        let mut m = Model::new();
        let a = m.new_var(1..=5).unwrap();
        let b = m.new_var(1..=5).unwrap();
        m.add(Adjacency::new(a, b, bar, strength)).unwrap();
        Solver::new(&m).count(None).count
    }

    #[test]
    fn counts_match_brute_force_for_every_strength() {
        for strength in [
            AdjacencyStrength::CheckOnly,
            AdjacencyStrength::FromFixed,
            AdjacencyStrength::Full,
        ] {
            assert_eq!(count(true, strength), 8, "{strength:?}");
            assert_eq!(count(false, strength), 17, "{strength:?}");
        }
    }

    #[test]
    fn full_strength_prunes_unsupported_values() {
        let mut m = Model::new();
        let a = m.new_var([1, 5]).unwrap();
        let b = m.new_var(1..=5).unwrap();
        m.add(Adjacency::new(a, b, true, AdjacencyStrength::Full))
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.domain(b).iter().collect::<Vec<_>>(), vec![2, 4]);

        let mut m = Model::new();
        let a = m.new_var([3]).unwrap();
        let b = m.new_var(1..=5).unwrap();
        m.add(Adjacency::new(a, b, false, AdjacencyStrength::Full))
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.domain(b).iter().collect::<Vec<_>>(), vec![1, 3, 5]);
    }
}
