//! Tatham's Adjacent mode as a plug-in [`Constraint`]: a bar means the two
//! values differ by exactly 1, no bar means they do not.
//!
//! Two neighbouring cells of a Futoshiki grid share a row or a column, so
//! their values also differ. A constraint made with
//! [`Adjacency::neighbours`] knows this and uses it: without a bar, a value
//! `v` of one cell is supported only by a value of the other that is neither
//! `v - 1`, `v + 1` nor `v` itself. Tatham's Adjacent solver reasons the same
//! way at its Tricky level (a candidate of one square needs, in the other, a
//! candidate that is different and (non-)consecutive as the clue says), and
//! leaving the `v` out is what makes puzzles he grades Tricky or Extreme
//! solvable without guessing.

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
    /// The two values must also differ (neighbours in one line).
    distinct: bool,
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
            distinct: false,
            strength,
            priority: Priority::FASTEST,
        }
    }

    /// The constraint between two neighbouring cells of a grid, which share
    /// a row or a column: as [`new`](Self::new), and the two values differ.
    /// Without a bar this prunes more: a value needs a partner that is
    /// neither consecutive nor equal to it.
    pub fn neighbours(a: VarId, b: VarId, bar: bool, strength: AdjacencyStrength) -> Adjacency {
        Adjacency {
            distinct: true,
            ..Adjacency::new(a, b, bar, strength)
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

    /// Whether the values `a` and `b` satisfy the constraint.
    fn holds(&self, a: Value, b: Value) -> bool {
        ((i64::from(a) - i64::from(b)).abs() == 1) == self.bar && !(self.distinct && a == b)
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
                    // v is supported unless y's values are all within
                    // {v-1, v+1} (and v itself, for neighbours).
                    let mut keep = 0u64;
                    let mut bits = mx;
                    let same = if self.distinct { 1 } else { 0 };
                    while bits != 0 {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        let near = 1u64.checked_shl(b + 1).unwrap_or(0)
                            | if b > 0 { 1u64 << (b - 1) } else { 0 }
                            | same << b;
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
                ctx.retain(x, |_, v| ys.iter().any(|&w| self.holds(v, w)))
                    .map(|_| ())
            }
        }
    }
}

impl Constraint for Adjacency {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [a, b] => self.holds(*a, *b),
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
    fn neighbours_also_differ() {
        for strength in [
            AdjacencyStrength::CheckOnly,
            AdjacencyStrength::FromFixed,
            AdjacencyStrength::Full,
        ] {
            let mut m = Model::new();
            let a = m.new_var(1..=5).unwrap();
            let b = m.new_var(1..=5).unwrap();
            m.add(Adjacency::neighbours(a, b, false, strength)).unwrap();
            // 17 pairs not 1 apart, minus the 5 equal ones.
            assert_eq!(Solver::new(&m).count(None).count, 12, "{strength:?}");
        }
    }

    #[test]
    fn neighbours_without_a_bar_need_a_different_partner() {
        // a in {3, 4}, no bar: b = 3 would need a = 3 (equal) or 4
        // (consecutive), b = 4 would need a = 3 (consecutive) or 4 (equal):
        // both go; 1, 2 and 5 have a partner.
        let mut m = Model::new();
        let a = m.new_var([3, 4]).unwrap();
        let b = m.new_var(1..=5).unwrap();
        m.add(Adjacency::neighbours(a, b, false, AdjacencyStrength::Full))
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.domain(b).iter().collect::<Vec<_>>(), vec![1, 2, 5]);
        // Without the distinctness the 3 and 4 of b stay (b = a).
        let mut m = Model::new();
        let a = m.new_var([3, 4]).unwrap();
        let b = m.new_var(1..=5).unwrap();
        m.add(Adjacency::new(a, b, false, AdjacencyStrength::Full))
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.domain(b).iter().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn every_strength_agrees_with_brute_force() {
        use csp_core::SearchOptions;
        use csp_core::testing::check_against_brute_force;
        let domains: [&[i32]; 5] = [&[1, 2, 3], &[2, 4], &[1, 3, 4, 5], &[3], &[1, 2, 4, 5]];
        for strength in [
            AdjacencyStrength::CheckOnly,
            AdjacencyStrength::FromFixed,
            AdjacencyStrength::Full,
        ] {
            for bar in [false, true] {
                for (i, da) in domains.iter().enumerate() {
                    for db in &domains[i..] {
                        for make in [Adjacency::new, Adjacency::neighbours] {
                            let mut m = Model::new();
                            let a = m.new_var(da.to_vec()).unwrap();
                            let b = m.new_var(db.to_vec()).unwrap();
                            m.add(make(a, b, bar, strength)).unwrap();
                            check_against_brute_force(&m, SearchOptions::default());
                        }
                    }
                }
            }
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
