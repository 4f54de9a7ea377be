//! Naked and hidden subsets (pairs, triples, quads) in one house.

use super::{any_combination, keep, level, mask, rules};
use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Which subsets a [`Subsets`] constraint looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SubsetKind {
    /// `k` cells holding `k` values between them.
    Naked,
    /// `k` values fitting only `k` cells.
    Hidden,
}

/// Naked or hidden subsets of size `k` in one house.
///
/// Naked: `k` cells whose candidates together are `k` values; those values
/// leave the other cells. Hidden: `k` values that together fit only `k`
/// cells; those cells lose their other values. Each kind and size has its
/// own priority (Sudoku Explainer rates a naked pair 3.0, a hidden pair
/// 3.4, a naked triple 3.6, a hidden triple 4.0, quads 5.0 and 5.4).
#[derive(Clone, Debug)]
pub(crate) struct Subsets {
    vars: Vec<VarId>,
    k: u8,
    kind: SubsetKind,
}

impl Subsets {
    pub(crate) fn new(vars: Vec<VarId>, k: u8, kind: SubsetKind) -> Self {
        Subsets { vars, k, kind }
    }

    fn rule(&self) -> &'static str {
        match (self.k, self.kind) {
            (2, SubsetKind::Naked) => rules::NAKED_PAIR,
            (2, SubsetKind::Hidden) => rules::HIDDEN_PAIR,
            (3, SubsetKind::Naked) => rules::NAKED_TRIPLE,
            (3, SubsetKind::Hidden) => rules::HIDDEN_TRIPLE,
            (_, SubsetKind::Naked) => rules::NAKED_QUAD,
            (_, SubsetKind::Hidden) => rules::HIDDEN_QUAD,
        }
    }

    /// Finds the first naked subset that removes something: `(cells, values)`.
    fn naked(&self, masks: &[u64]) -> Option<(u64, u64)> {
        let k = usize::from(self.k);
        let mut open = [0u8; 64];
        let mut len = 0;
        for (i, m) in masks.iter().enumerate() {
            if (2..=k as u32).contains(&m.count_ones()) {
                open[len] = i as u8;
                len += 1;
            }
        }
        let mut found = None;
        any_combination(&open[..len], k, &mut |combo| {
            let values = combo.iter().fold(0, |u, &i| u | masks[usize::from(i)]);
            if values.count_ones() as usize != k {
                return false;
            }
            let cells = combo.iter().fold(0u64, |u, &i| u | 1 << i);
            let hits = masks
                .iter()
                .enumerate()
                .any(|(j, &m)| cells & (1 << j) == 0 && m & values != 0 && !m.is_power_of_two());
            if hits {
                found = Some((cells, values));
            }
            hits
        });
        found
    }

    /// Finds the first hidden subset that removes something: `(cells, values)`.
    fn hidden(&self, masks: &[u64]) -> Option<(u64, u64)> {
        let k = usize::from(self.k);
        let unfixed = |m: u64| !m.is_power_of_two();
        let mut fixed_values = 0u64;
        // The places of each value in the unsolved cells, in one pass.
        let mut places = [0u64; 64];
        for (j, &m) in masks.iter().enumerate() {
            if !unfixed(m) {
                fixed_values |= m;
                continue;
            }
            let mut rest = m;
            while rest != 0 {
                places[rest.trailing_zeros() as usize] |= 1 << j;
                rest &= rest - 1;
            }
        }
        let mut values = [0u8; 64];
        let mut len = 0;
        for v in 0..64u8 {
            let p = places[usize::from(v)];
            if fixed_values & (1u64 << v) == 0 && (2..=k as u32).contains(&p.count_ones()) {
                values[len] = v;
                len += 1;
            }
        }
        let mut found = None;
        any_combination(&values[..len], k, &mut |combo| {
            let cells = combo.iter().fold(0, |u, &v| u | places[usize::from(v)]);
            if cells.count_ones() as usize != k {
                return false;
            }
            let vals = combo.iter().fold(0u64, |u, &v| u | 1 << v);
            let hits = masks
                .iter()
                .enumerate()
                .any(|(j, &m)| cells & (1 << j) != 0 && m & !vals != 0);
            if hits {
                found = Some((cells, vals));
            }
            hits
        });
        found
    }
}

impl Subsets {
    fn apply(&self, ctx: &mut PropagationContext<'_>, masks: &[u64]) -> Result<(), Conflict> {
        ctx.set_rule(self.rule());
        match self.kind {
            SubsetKind::Naked => {
                if let Some((cells, values)) = self.naked(masks) {
                    for (j, &var) in self.vars.iter().enumerate() {
                        if cells & (1 << j) == 0
                            && masks[j] & values != 0
                            && !masks[j].is_power_of_two()
                        {
                            keep(ctx, var, !values)?;
                        }
                    }
                }
            }
            SubsetKind::Hidden => {
                if let Some((cells, values)) = self.hidden(masks) {
                    for (j, &var) in self.vars.iter().enumerate() {
                        if cells & (1 << j) != 0 {
                            keep(ctx, var, values)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Subsets {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, _values: &[Value]) -> bool {
        true // a reasoning rule, implied by the AllDifferent constraint
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if super::halt::halted() {
            return Ok(()); // over the analysis's time
        }
        let mut masks = ctx.take_words();
        masks.extend(self.vars.iter().map(|&v| mask(ctx, v)));
        let result = self.apply(ctx, &masks);
        ctx.give_back_words(masks);
        result
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::new(match (self.k, self.kind) {
            (2, SubsetKind::Naked) => level::NAKED_PAIR,
            (2, SubsetKind::Hidden) => level::HIDDEN_PAIR,
            (3, SubsetKind::Naked) => level::NAKED_TRIPLE,
            (3, SubsetKind::Hidden) => level::HIDDEN_TRIPLE,
            _ => level::QUADS,
        })
    }

    fn name(&self) -> &str {
        "subsets"
    }
}
