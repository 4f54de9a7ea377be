//! The killer-cage sum, written against csp-core's plug-in [`Constraint`]
//! trait.

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// The variables add up to `sum` (bounds reasoning).
///
/// For each variable, the others can add at least the sum of their minima
/// and at most the sum of their maxima, so its own value lies in
/// `sum - (others' max) ..= sum - (others' min)`. The rule is applied until
/// nothing changes. Distinctness inside a cage is a separate AllDifferent.
#[derive(Clone, Debug)]
pub struct CageSum {
    vars: Vec<VarId>,
    sum: i64,
}

impl CageSum {
    /// The constraint `vars` add up to `sum`.
    pub fn new(vars: Vec<VarId>, sum: i64) -> CageSum {
        CageSum { vars, sum }
    }
}

impl Constraint for CageSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.sum
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(crate::techniques::rules::CAGE_SUM);
        loop {
            let (mut lo, mut hi) = (0i64, 0i64);
            for &v in &self.vars {
                lo += i64::from(ctx.min(v));
                hi += i64::from(ctx.max(v));
            }
            if lo > self.sum || hi < self.sum {
                return Err(ctx.conflict());
            }
            let mut changed = false;
            for &v in &self.vars {
                let (min, max) = (i64::from(ctx.min(v)), i64::from(ctx.max(v)));
                let others_lo = lo - min;
                let others_hi = hi - max;
                changed |= ctx.set_min(v, self.sum - others_hi)?;
                changed |= ctx.set_max(v, self.sum - others_lo)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn events(&self) -> Events {
        Events::BOUNDS
    }

    fn idempotent(&self) -> bool {
        true
    }

    /// Cheap bounds arithmetic: runs with the AllDifferent constraints.
    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn name(&self) -> &str {
        "cage sum"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Model, Solver};

    #[test]
    fn bounds_prune_a_two_cell_cage() {
        let mut m = Model::new();
        let xs = m.new_vars(2, 1..=9).unwrap();
        m.add(CageSum::new(xs.clone(), 4)).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.max(xs[0]), Some(3));
        assert_eq!(d.max(xs[1]), Some(3));
        assert_eq!(s.count(None).count, 3); // 1+3, 2+2, 3+1
    }

    #[test]
    fn unreachable_sum_fails_at_the_root() {
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=4).unwrap();
        m.add(CageSum::new(xs, 13)).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }
}
