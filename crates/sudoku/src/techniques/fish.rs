//! Fish: X-wing, swordfish, jellyfish.

use super::memo::ValueMemo;
use super::{any_combination, keep, level, mask, rules};
use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Fish of size `k` on the rows and columns of an `n x n` grid: if a value
/// fits, in each of `k` rows, only cells of the same `k` columns, it leaves
/// those columns' other cells (and the same with rows and columns swapped).
#[derive(Clone, Debug)]
pub(crate) struct Fish {
    cells: Vec<VarId>,
    n: usize,
    k: usize,
    /// The per-value keys of the last run that found nothing (fish look
    /// at one value at a time; see the `memo` module), in the state words.
    memo: Option<ValueMemo>,
}

impl Fish {
    /// Fish of size `k` on the `n x n` grid `cells`, skipping the values
    /// known to give nothing if `memo`.
    pub(crate) fn new(cells: Vec<VarId>, n: usize, k: usize, memo: bool) -> Self {
        let memo = (memo && n <= 64).then(|| ValueMemo::new(n, cells.len()));
        Fish { cells, n, k, memo }
    }

    fn rule(&self) -> &'static str {
        match self.k {
            2 => rules::X_WING,
            3 => rules::SWORDFISH,
            _ => rules::JELLYFISH,
        }
    }

    /// One orientation: `at(line, pos)` is the cell at position `pos` of
    /// base line `line`. Returns the eliminations `(line, pos)` of the first
    /// fish that has any, for value bit `bit`.
    fn find(&self, masks: &[u64], bit: u64, transpose: bool) -> Option<(u64, u64)> {
        let n = self.n;
        let at = |line: usize, pos: usize| {
            if transpose {
                pos * n + line
            } else {
                line * n + pos
            }
        };
        let mut lines_pos = [0u64; 64];
        let mut base: Vec<u8> = Vec::new();
        for line in 0..n {
            let mut p = 0u64;
            let mut fixed = false;
            for pos in 0..n {
                let m = masks[at(line, pos)];
                if m & bit != 0 {
                    if m.is_power_of_two() {
                        fixed = true;
                    }
                    p |= 1 << pos;
                }
            }
            if fixed {
                continue;
            }
            lines_pos[line] = p;
            if (2..=self.k as u32).contains(&p.count_ones()) {
                base.push(line as u8);
            }
        }
        let mut found = None;
        any_combination(&base, self.k, &mut |combo| {
            let cover = combo.iter().fold(0, |u, &l| u | lines_pos[usize::from(l)]);
            if cover.count_ones() as usize != self.k {
                return false;
            }
            let lines = combo.iter().fold(0u64, |u, &l| u | 1 << l);
            let hits = (0..n).any(|line| lines & (1 << line) == 0 && lines_pos[line] & cover != 0);
            if hits {
                found = Some((lines, cover));
            }
            hits
        });
        found
    }

    /// Applies the first fish with an elimination, on the values not in
    /// `skip`; whether there was one.
    fn apply(
        &self,
        ctx: &mut PropagationContext<'_>,
        masks: &[u64],
        skip: u64,
    ) -> Result<bool, Conflict> {
        let n = self.n;
        for v in 0..n {
            let bit = 1u64 << v;
            if skip & bit != 0 {
                continue;
            }
            for transpose in [false, true] {
                let Some((lines, cover)) = self.find(masks, bit, transpose) else {
                    continue;
                };
                ctx.set_rule(self.rule());
                for line in 0..n {
                    if lines & (1 << line) != 0 {
                        continue;
                    }
                    for pos in 0..n {
                        if cover & (1 << pos) == 0 {
                            continue;
                        }
                        let i = if transpose {
                            pos * n + line
                        } else {
                            line * n + pos
                        };
                        let m = masks[i];
                        if m & bit != 0 && !m.is_power_of_two() {
                            keep(ctx, self.cells[i], !bit)?;
                        }
                    }
                }
                return Ok(true);
            }
        }
        Ok(false)
    }
}

impl Constraint for Fish {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, _values: &[Value]) -> bool {
        true // a reasoning rule, implied by the AllDifferent constraints
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if super::halt::halted() {
            return Ok(()); // over the analysis's time
        }
        let mut masks = ctx.take_words();
        masks.extend(self.cells.iter().map(|&v| mask(ctx, v)));
        let mut scratch = ctx.take_scratch();
        let mut skip = 0;
        if let Some(memo) = &self.memo {
            memo.keys(&masks, &mut scratch.words);
            skip = memo.unchanged(ctx.state(), 0, &scratch.words);
        }
        let result = self.apply(ctx, &masks, skip);
        if let (Ok(false), Some(_)) = (&result, &self.memo) {
            super::memo::store(ctx, 0, &scratch.words);
        }
        ctx.give_back_scratch(scratch);
        ctx.give_back_words(masks);
        result.map(|_| ())
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn state_words(&self) -> usize {
        self.memo.as_ref().map_or(0, ValueMemo::state_words)
    }

    fn priority(&self) -> Priority {
        Priority::new(match self.k {
            2 => level::X_WING,
            3 => level::SWORDFISH,
            _ => level::QUADS,
        })
    }

    fn name(&self) -> &str {
        "fish"
    }
}
