//! Locked candidates: pointing and claiming.

use super::{keep, level, mask, rules};
use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Two houses `A` (a box) and `B` (a line) sharing the cells `I`. If a value
/// of `A` fits only inside `I`, it leaves `B \ I` (pointing); if a value of
/// `B` fits only inside `I`, it leaves `A \ I` (claiming).
#[derive(Clone, Debug)]
pub(crate) struct LockedCandidates {
    /// `I`, then `A \ I`, then `B \ I`.
    scope: Vec<VarId>,
    inter: usize,
    a_rest: usize,
}

impl LockedCandidates {
    pub(crate) fn new(inter: Vec<VarId>, a_rest: Vec<VarId>, b_rest: Vec<VarId>) -> Self {
        let (i, a) = (inter.len(), a_rest.len());
        let mut scope = inter;
        scope.extend(a_rest);
        scope.extend(b_rest);
        LockedCandidates {
            scope,
            inter: i,
            a_rest: a,
        }
    }

    fn union(ctx: &PropagationContext<'_>, vars: &[VarId]) -> u64 {
        vars.iter().fold(0, |u, &v| u | mask(ctx, v))
    }

    /// Removes `values` from `targets`; returns whether anything changed.
    fn strip(
        ctx: &mut PropagationContext<'_>,
        targets: &[VarId],
        values: u64,
        rule: &'static str,
    ) -> Result<bool, Conflict> {
        if targets.iter().all(|&t| mask(ctx, t) & values == 0) {
            return Ok(false);
        }
        ctx.set_rule(rule);
        for &t in targets {
            if mask(ctx, t) & values != 0 {
                keep(ctx, t, !values)?;
            }
        }
        Ok(true)
    }
}

impl Constraint for LockedCandidates {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, _values: &[Value]) -> bool {
        true // a reasoning rule, implied by the AllDifferent constraints
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let (inter, rest) = self.scope.split_at(self.inter);
        let (a_rest, b_rest) = rest.split_at(self.a_rest);
        let ui = Self::union(ctx, inter);
        let ua = Self::union(ctx, a_rest);
        let ub = Self::union(ctx, b_rest);
        // One value at a time: the smallest that gives a deduction.
        let mut pointing = ui & !ua & ub;
        while pointing != 0 {
            let v = pointing & pointing.wrapping_neg();
            pointing &= pointing - 1;
            if Self::strip(ctx, b_rest, v, rules::POINTING)? {
                return Ok(());
            }
        }
        let mut claiming = ui & !ub & ua;
        while claiming != 0 {
            let v = claiming & claiming.wrapping_neg();
            claiming &= claiming - 1;
            if Self::strip(ctx, a_rest, v, rules::CLAIMING)? {
                return Ok(());
            }
        }
        Ok(())
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::new(level::LOCKED)
    }

    fn name(&self) -> &str {
        "locked candidates"
    }
}
