//! AllDifferent: the variables take pairwise distinct values.
//!
//! # Background
//!
//! AllDifferent is the constraint behind every Latin-square puzzle. Three
//! strengths of propagation are offered, each including the ones before:
//!
//! 1. [`Strength::ForwardChecking`]: a fixed variable's value is removed from
//!    the others (what Sudoku players call naked singles, applied
//!    repeatedly), and two variables fixed to the same value fail.
//! 2. [`Strength::HiddenSingles`]: when the variables must use every value of
//!    their union (as many values as variables), a value that fits a single
//!    variable is put there; and when the union has fewer values than there
//!    are variables, the node fails (pigeonhole).
//! 3. [`Strength::DomainConsistent`]: Régin's algorithm. A maximum matching
//!    between variables and values is found by augmenting paths; an edge
//!    `x = v` survives only if it lies on an alternating path from a free
//!    value or on an alternating cycle, i.e. if some maximum matching uses it.
//!    This finds every naked and hidden subset (pairs, triples, ...) at once.
//!
//! # Practical
//!
//! All three work on 64-bit masks, one per variable: directly when every
//! variable is a word-sized domain with the same base, otherwise through a
//! compact numbering of the values in the scope's domains. Wider domains
//! that share one layout (same base and number of words) get forward
//! checking, pigeonhole and hidden singles word by word (matching needs the
//! word-sized form, so `DomainConsistent` acts as `HiddenSingles` there);
//! other scopes with more than 64 distinct values get forward checking plus
//! the pigeonhole test, value by value. The default strength is chosen by measurement
//! on the Sudoku datasets; see `docs/performance.md`.
//!
//! # References
//!
//! J.-C. Régin, *A filtering algorithm for constraints of difference in
//! CSPs*, AAAI 1994. J. E. Hopcroft and R. M. Karp, *An n^5/2 algorithm for
//! maximum matchings in bipartite graphs*, 1973 (the augmenting-path idea).

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};

/// How hard an [`AllDifferent`] prunes. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// Remove fixed values from the other variables.
    ForwardChecking,
    /// Forward checking, hidden singles and the pigeonhole test (the default:
    /// fastest on the Sudoku benchmarks, see `docs/performance.md`).
    #[default]
    HiddenSingles,
    /// Full domain consistency (Régin's matching algorithm).
    DomainConsistent,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 3] = [
        Strength::ForwardChecking,
        Strength::HiddenSingles,
        Strength::DomainConsistent,
    ];
}

/// Rule names used in traces.
pub mod rules {
    /// A fixed variable's value was removed from another variable.
    pub const ELIMINATION: &str = "all-different: value taken";
    /// A value fits one variable only, so it was put there.
    pub const HIDDEN_SINGLE: &str = "all-different: hidden single";
    /// Fewer values than variables remain.
    pub const PIGEONHOLE: &str = "all-different: pigeonhole";
    /// A value is on no maximum matching of variables to values.
    pub const MATCHING: &str = "all-different: matching";
}

/// The variables take pairwise distinct values. Create it with
/// [`Model::all_different`](crate::Model::all_different) or
/// [`Model::all_different_with`](crate::Model::all_different_with).
#[derive(Clone, Debug)]
pub struct AllDifferent {
    vars: Vec<VarId>,
    strength: Strength,
}

/// Scratch masks for one propagation; a scope of more than 64 variables over
/// at most 64 values fails before these are used.
const MAX: usize = 64;

impl AllDifferent {
    /// The constraint over `vars` with the given strength. The model checks
    /// that the variables are distinct and known.
    pub fn new(vars: Vec<VarId>, strength: Strength) -> Self {
        AllDifferent { vars, strength }
    }

    /// The strength this constraint propagates with.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Propagation over compact masks (bit `i` is `values[i]`), phase by
    /// phase, each phase written back under its own rule name.
    fn run_masks(
        &self,
        ctx: &mut PropagationContext<'_>,
        masks: &mut [u64],
        written: &mut [u64],
        values: &[Value],
    ) -> Result<(), Conflict> {
        loop {
            let fc = forward_check(masks);
            self.write_back(ctx, masks, written, values, rules::ELIMINATION, fc)?;
            if self.strength == Strength::ForwardChecking {
                return Ok(());
            }
            let hs = hidden_singles(masks);
            let again = matches!(hs, Ok(true));
            self.write_back(ctx, masks, written, values, rules::HIDDEN_SINGLE, hs)?;
            if again {
                continue;
            }
            if self.strength == Strength::DomainConsistent {
                let dc = matching_filter(masks).map(|changed| changed != 0);
                self.write_back(ctx, masks, written, values, rules::MATCHING, dc)?;
            }
            return Ok(());
        }
    }

    fn write_back(
        &self,
        ctx: &mut PropagationContext<'_>,
        masks: &[u64],
        written: &mut [u64],
        values: &[Value],
        rule: &'static str,
        outcome: Result<bool, MaskConflict>,
    ) -> Result<(), Conflict> {
        ctx.set_rule(rule);
        // Apply what was deduced before a conflict too, so traces show it.
        for (i, &var) in self.vars.iter().enumerate() {
            let (new, old) = (masks[i], written[i]);
            if new == old || new == 0 {
                continue;
            }
            let mut gone = old & !new;
            while gone != 0 {
                let b = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                ctx.remove(var, values[b])?;
            }
            written[i] = new;
        }
        match outcome {
            Ok(_) => Ok(()),
            Err(MaskConflict::Pigeonhole) => {
                ctx.set_rule(rules::PIGEONHOLE);
                Err(ctx.conflict())
            }
            Err(MaskConflict::Wipeout) => Err(ctx.conflict()),
        }
    }

    /// The untraced fast path on aligned masks: forward checking and hidden
    /// singles fused into one loop, then matching, then one write-back. It
    /// reaches the same fixpoint as the traced, phase-by-phase path.
    fn propagate_fused(
        &self,
        ctx: &mut PropagationContext<'_>,
        base: Value,
        buf: &mut Vec<u64>,
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        let tracing = ctx.is_tracing();
        if tracing {
            // Per variable: bits removed by hidden singles, then by matching.
            buf.resize(3 * n, 0);
        }
        let (masks, explained) = buf.split_at_mut(n);
        // Bit i set: masks[i] changed and must be written back (n <= 64).
        let mut dirty = 0u64;
        let single = |d: u64| d & d.wrapping_sub(1) == 0;
        ctx.set_rule(rules::ELIMINATION);
        loop {
            // Forward checking to its fixpoint.
            let fixed = loop {
                let mut fixed = 0u64;
                for &d in masks.iter() {
                    if single(d) {
                        if fixed & d != 0 {
                            return Err(ctx.conflict());
                        }
                        fixed |= d;
                    }
                }
                let mut newly_fixed = false;
                for (i, d) in masks.iter_mut().enumerate() {
                    if *d & fixed != 0 && !single(*d) {
                        *d &= !fixed;
                        if *d == 0 {
                            return Err(ctx.conflict());
                        }
                        dirty |= 1 << i;
                        newly_fixed |= single(*d);
                    }
                }
                if !newly_fixed {
                    break fixed;
                }
            };
            if self.strength == Strength::ForwardChecking {
                break;
            }
            // Pigeonhole and hidden singles.
            let (mut once, mut twice) = (0u64, 0u64);
            for &d in masks.iter() {
                twice |= once & d;
                once |= d;
            }
            let distinct = once.count_ones() as usize;
            if distinct < n {
                ctx.set_rule(rules::PIGEONHOLE);
                return Err(ctx.conflict());
            }
            let hidden = once & !twice & !fixed;
            if distinct > n || hidden == 0 {
                break;
            }
            for (i, d) in masks.iter_mut().enumerate() {
                let h = *d & hidden;
                if h != 0 {
                    if !single(h) {
                        ctx.set_rule(rules::HIDDEN_SINGLE);
                        return Err(ctx.conflict());
                    }
                    if tracing {
                        explained[i] |= *d & !h;
                    }
                    *d = h;
                    dirty |= 1 << i;
                }
            }
        }
        if self.strength == Strength::DomainConsistent
            && masks.iter().filter(|d| !single(**d)).count() > 1
        {
            if tracing {
                explained[n..].copy_from_slice(masks);
            }
            // Matching leaves the constraint domain consistent: no new pass needed.
            let changed = matching_filter(masks).map_err(|_| {
                ctx.set_rule(rules::MATCHING);
                ctx.conflict()
            })?;
            dirty |= changed;
            if tracing {
                for (e, m) in explained[n..].iter_mut().zip(masks.iter()) {
                    *e &= !m;
                }
            }
        }
        while dirty != 0 {
            let i = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            if tracing {
                let (hs, matched) = (explained[i], explained[n + i]);
                let fixed_by = if hs != 0 {
                    Some(rules::HIDDEN_SINGLE)
                } else if matched != 0 {
                    Some(rules::MATCHING)
                } else {
                    None
                };
                let by = [(hs, rules::HIDDEN_SINGLE), (matched, rules::MATCHING)];
                ctx.intersect_mask_explained(self.vars[i], base, masks[i], by, fixed_by)?;
            } else {
                ctx.intersect_mask(self.vars[i], base, masks[i])?;
            }
        }
        Ok(())
    }

    /// Forward checking, pigeonhole (every strength) and hidden singles
    /// (from `HiddenSingles` on) on multi-word domains
    /// that share one layout (`w` words each, laid out variable after
    /// variable in `buf`). Matching needs word-sized domains, so
    /// `DomainConsistent` propagates like `HiddenSingles` here. In traces,
    /// a variable given its value by a hidden single has all of that
    /// call's removals attributed to the hidden-single rule.
    fn propagate_words(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: usize,
        buf: &mut Vec<u64>,
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        // buf: [domains n*w][original n*w][fixed w][once w][twice w]
        //      [set by a hidden single: n]
        buf.extend_from_within(..n * w);
        buf.resize(2 * n * w + 3 * w + n, 0);
        let (doms, rest) = buf.split_at_mut(n * w);
        let (orig, rest) = rest.split_at_mut(n * w);
        let (fixed, rest) = rest.split_at_mut(w);
        let (once, rest) = rest.split_at_mut(w);
        let (twice, by_hidden) = rest.split_at_mut(w);
        let size = |d: &[u64]| d.iter().map(|x| x.count_ones()).sum::<u32>();
        loop {
            // Forward checking to its fixpoint.
            loop {
                fixed.fill(0);
                for d in doms.chunks_exact(w) {
                    if size(d) == 1 {
                        if d.iter().zip(fixed.iter()).any(|(a, b)| a & b != 0) {
                            ctx.set_rule(rules::ELIMINATION);
                            return Err(ctx.conflict());
                        }
                        fixed.iter_mut().zip(d).for_each(|(f, x)| *f |= x);
                    }
                }
                let mut newly_fixed = false;
                for d in doms.chunks_exact_mut(w) {
                    let s = size(d);
                    if s > 1 && d.iter().zip(fixed.iter()).any(|(a, b)| a & b != 0) {
                        d.iter_mut().zip(fixed.iter()).for_each(|(x, f)| *x &= !f);
                        match size(d) {
                            0 => {
                                ctx.set_rule(rules::ELIMINATION);
                                return Err(ctx.conflict());
                            }
                            1 => newly_fixed = true,
                            _ => {}
                        }
                    }
                }
                if !newly_fixed {
                    break;
                }
            }
            once.fill(0);
            twice.fill(0);
            for d in doms.chunks_exact(w) {
                for k in 0..w {
                    twice[k] |= once[k] & d[k];
                    once[k] |= d[k];
                }
            }
            // The pigeonhole test is cheap on whole words: every strength
            // gets it here, as on the other wide path.
            let distinct = size(once) as usize;
            if distinct < n {
                ctx.set_rule(rules::PIGEONHOLE);
                return Err(ctx.conflict());
            }
            if distinct > n || self.strength == Strength::ForwardChecking {
                break;
            }
            // Values in exactly one domain, not already someone's value.
            for k in 0..w {
                once[k] &= !twice[k] & !fixed[k];
            }
            if size(once) == 0 {
                break;
            }
            for (i, d) in doms.chunks_exact_mut(w).enumerate() {
                let h: u32 = d
                    .iter()
                    .zip(once.iter())
                    .map(|(a, b)| (a & b).count_ones())
                    .sum();
                if h == 0 {
                    continue;
                }
                if h > 1 {
                    ctx.set_rule(rules::HIDDEN_SINGLE);
                    return Err(ctx.conflict());
                }
                d.iter_mut().zip(once.iter()).for_each(|(x, o)| *x &= o);
                by_hidden[i] = 1;
            }
        }
        for (i, &var) in self.vars.iter().enumerate() {
            let (new, old) = (&doms[i * w..(i + 1) * w], &orig[i * w..(i + 1) * w]);
            if new != old {
                let rule = if by_hidden[i] != 0 {
                    rules::HIDDEN_SINGLE
                } else {
                    rules::ELIMINATION
                };
                ctx.set_rule(rule);
                ctx.intersect_words(var, new)?;
            }
        }
        Ok(())
    }

    /// Forward checking plus pigeonhole when the scope has more than 64
    /// distinct values.
    fn propagate_wide(
        &self,
        ctx: &mut PropagationContext<'_>,
        distinct: usize,
    ) -> Result<(), Conflict> {
        if distinct < self.vars.len() {
            ctx.set_rule(rules::PIGEONHOLE);
            return Err(ctx.conflict());
        }
        ctx.set_rule(rules::ELIMINATION);
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &x) in self.vars.iter().enumerate() {
                let Some(v) = ctx.value(x) else { continue };
                for (j, &y) in self.vars.iter().enumerate() {
                    if i != j {
                        let was_fixed = ctx.is_fixed(y);
                        if ctx.remove(y, v)? && !was_fixed && ctx.is_fixed(y) {
                            changed = true;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MaskConflict {
    Wipeout,
    Pigeonhole,
}

impl Constraint for AllDifferent {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        if values.len() <= 16 {
            values
                .iter()
                .enumerate()
                .all(|(i, a)| values[..i].iter().all(|b| a != b))
        } else {
            let mut sorted = values.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        // Fast path: every domain is one word with the same base.
        let mut buf = ctx.take_words();
        let aligned = ctx.masks_into(&self.vars, &mut buf);
        if let Some(base) = aligned {
            let result = if n > MAX {
                ctx.set_rule(rules::PIGEONHOLE);
                Err(ctx.conflict())
            } else {
                self.propagate_fused(ctx, base, &mut buf)
            };
            ctx.give_back_words(buf);
            return result;
        }
        // Wide domains with a common layout: the same rules on whole words.
        buf.clear();
        if let Some((_, words)) = ctx.words_into(&self.vars, &mut buf) {
            let result = self.propagate_words(ctx, words, &mut buf);
            ctx.give_back_words(buf);
            return result;
        }
        ctx.give_back_words(buf);
        // General path: number the distinct values of the scope.
        let mut values = ctx.take_values();
        for &var in &self.vars {
            values.extend(ctx.iter(var));
        }
        values.sort_unstable();
        values.dedup();
        let result = if values.len() > MAX || n > values.len() {
            self.propagate_wide(ctx, values.len())
        } else {
            let mut masks = [0u64; MAX];
            let mut written = [0u64; MAX];
            for (i, &var) in self.vars.iter().enumerate() {
                let mut m = 0u64;
                for v in ctx.iter(var) {
                    if let Ok(k) = values.binary_search(&v) {
                        m |= 1 << k;
                    }
                }
                masks[i] = m;
            }
            written[..n].copy_from_slice(&masks[..n]);
            self.run_masks(ctx, &mut masks[..n], &mut written[..n], &values)
        };
        ctx.give_back_values(values);
        result
    }

    fn events(&self) -> Events {
        match self.strength {
            Strength::ForwardChecking => Events::FIXED,
            _ => Events::DOMAIN,
        }
    }

    fn priority(&self) -> Priority {
        match self.strength {
            Strength::DomainConsistent => Priority::SLOW,
            _ => Priority::FAST,
        }
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "all different"
    }
}

/// Removes fixed values from the other masks until nothing changes.
/// Returns whether anything changed.
fn forward_check(masks: &mut [u64]) -> Result<bool, MaskConflict> {
    let mut changed = false;
    loop {
        let mut fixed = 0u64;
        for &d in masks.iter() {
            if d.is_power_of_two() {
                if fixed & d != 0 {
                    return Err(MaskConflict::Wipeout);
                }
                fixed |= d;
            }
        }
        let mut newly_fixed = false;
        for d in masks.iter_mut() {
            if !d.is_power_of_two() && *d & fixed != 0 {
                *d &= !fixed;
                changed = true;
                if *d == 0 {
                    return Err(MaskConflict::Wipeout);
                }
                newly_fixed |= d.is_power_of_two();
            }
        }
        if !newly_fixed {
            return Ok(changed);
        }
    }
}

/// Pigeonhole test, then: when every value of the union is needed, a value
/// held by a single unfixed variable is put there. Returns whether anything
/// changed.
fn hidden_singles(masks: &mut [u64]) -> Result<bool, MaskConflict> {
    let (mut once, mut twice) = (0u64, 0u64);
    for &d in masks.iter() {
        twice |= once & d;
        once |= d;
    }
    let distinct = once.count_ones() as usize;
    if distinct < masks.len() {
        return Err(MaskConflict::Pigeonhole);
    }
    if distinct > masks.len() {
        return Ok(false);
    }
    let hidden = once & !twice;
    let mut changed = false;
    for d in masks.iter_mut() {
        let h = *d & hidden;
        if h != 0 && !d.is_power_of_two() {
            if !h.is_power_of_two() {
                // Two values that fit only this variable.
                return Err(MaskConflict::Pigeonhole);
            }
            *d = h;
            changed = true;
        }
    }
    Ok(changed)
}

/// Régin's filtering on masks (at most 64 variables and values). Returns
/// a bitmask of the variables whose masks shrank.
fn matching_filter(masks: &mut [u64]) -> Result<u64, MaskConflict> {
    const FREE: u8 = u8::MAX;
    let mut owner = [FREE; MAX];
    let mut mate = [0u8; MAX];
    // Greedy start (fixed variables first take their value), then
    // augmenting paths for the rest.
    let single = |d: u64| d & d.wrapping_sub(1) == 0;
    let mut unmatched = 0u64;
    let mut taken = 0u64;
    for (i, &d) in masks.iter().enumerate() {
        if single(d) {
            if taken & d != 0 {
                return Err(MaskConflict::Wipeout);
            }
            let v = d.trailing_zeros() as usize;
            owner[v] = i as u8;
            mate[i] = v as u8;
            taken |= d;
        }
    }
    let fixed_values = taken;
    for (i, &d) in masks.iter().enumerate() {
        if single(d) {
            continue;
        }
        let free = d & !taken;
        if free != 0 {
            let v = free.trailing_zeros() as usize;
            owner[v] = i as u8;
            mate[i] = v as u8;
            taken |= 1 << v;
        } else {
            unmatched |= 1 << i;
        }
    }
    while unmatched != 0 {
        let i = unmatched.trailing_zeros() as usize;
        unmatched &= unmatched - 1;
        let mut visited = 0u64;
        if !augment(i, masks, &mut owner, &mut mate, &mut visited) {
            return Err(MaskConflict::Pigeonhole);
        }
    }
    let union = masks.iter().fold(0u64, |a, &d| a | d);
    // Values from which an alternating path reaches a free value.
    let mut reaches_free = union & !taken_values(&mate[..masks.len()]);
    if reaches_free != 0 {
        loop {
            let mut grew = false;
            for (i, &d) in masks.iter().enumerate() {
                let v = 1u64 << mate[i];
                if reaches_free & v == 0 && d & reaches_free != 0 {
                    reaches_free |= v;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
    }
    // Transitive closure of "the owner of a can move to b", restricted to
    // the values that matter: matched, not reaching a free value (a path
    // from such a value never enters one that does), and owned by an
    // unfixed variable (a fixed variable cannot move).
    let active = taken_values(&mate[..masks.len()]) & !reaches_free & !fixed_values;
    if active.count_ones() < 2 {
        // No alternating cycle can exist; only edges to `reaches_free` survive.
        return Ok(prune(masks, &mate, reaches_free, |_, _| false));
    }
    let mut reach = [0u64; MAX];
    for (i, &d) in masks.iter().enumerate() {
        let own = 1u64 << mate[i];
        if active & own != 0 {
            reach[mate[i] as usize] = d & !own & active;
        }
    }
    let mut ks = active;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        let kb = 1u64 << k;
        let mut vs = active;
        while vs != 0 {
            let v = vs.trailing_zeros() as usize;
            vs &= vs - 1;
            if reach[v] & kb != 0 {
                reach[v] |= reach[k];
            }
        }
    }
    // x = b is viable on an alternating cycle through x's own value.
    Ok(prune(masks, &mate, reaches_free, |b, own| {
        reach[b] & own != 0
    }))
}

fn taken_values(mate: &[u8]) -> u64 {
    mate.iter().fold(0u64, |a, &v| a | 1 << v)
}

/// Keeps, for each variable, its matched value, the values reaching a free
/// value, and the values `b` with `on_cycle(b, own)`. Returns the changed
/// variables as a bitmask.
fn prune(
    masks: &mut [u64],
    mate: &[u8; MAX],
    reaches_free: u64,
    on_cycle: impl Fn(usize, u64) -> bool,
) -> u64 {
    let mut changed = 0u64;
    for (i, d) in masks.iter_mut().enumerate() {
        let own = 1u64 << mate[i];
        let mut doubtful = *d & !own & !reaches_free;
        while doubtful != 0 {
            let b = doubtful.trailing_zeros() as usize;
            doubtful &= doubtful - 1;
            if !on_cycle(b, own) {
                *d &= !(1u64 << b);
                changed |= 1 << i;
            }
        }
    }
    changed
}

fn augment(
    i: usize,
    masks: &[u64],
    owner: &mut [u8; MAX],
    mate: &mut [u8; MAX],
    visited: &mut u64,
) -> bool {
    let mut candidates = masks[i] & !*visited;
    while candidates != 0 {
        let v = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        *visited |= 1 << v;
        let holder = owner[v];
        if holder == u8::MAX || augment(holder as usize, masks, owner, mate, visited) {
            owner[v] = i as u8;
            mate[i] = v as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Model, Solver};

    fn falling_factorial(m: u64, n: u64) -> u64 {
        (m - n + 1..=m).product()
    }

    #[test]
    fn n_of_m_values_counts_m_falling_n_for_every_strength() {
        for strength in Strength::ALL {
            for m in 1..=6u64 {
                for n in 1..=m + 1 {
                    let mut model = Model::new();
                    let xs = model.new_vars(n as usize, 1..=m as i32).unwrap();
                    model.all_different_with(&xs, strength).unwrap();
                    let got = Solver::new(&model).count(None).count;
                    let want = if n > m { 0 } else { falling_factorial(m, n) };
                    assert_eq!(got, want, "{strength:?} n={n} m={m}");
                }
            }
        }
    }

    #[test]
    fn matching_removes_values_of_a_naked_pair() {
        let mut model = Model::new();
        let a = model.new_var([1, 2]).unwrap();
        let b = model.new_var([1, 2]).unwrap();
        let c = model.new_var(1..=4).unwrap();
        model
            .all_different_with(&[a, b, c], Strength::DomainConsistent)
            .unwrap();
        let mut solver = Solver::new(&model);
        let d = solver.propagate().unwrap();
        assert_eq!(d.domain(c).iter().collect::<Vec<_>>(), vec![3, 4]);
    }

    #[test]
    fn hidden_single_is_placed_only_when_every_value_is_needed() {
        let mut model = Model::new();
        let a = model.new_var([1, 2]).unwrap();
        let b = model.new_var([1, 2]).unwrap();
        let c = model.new_var([1, 2, 3]).unwrap();
        model
            .all_different_with(&[a, b, c], Strength::HiddenSingles)
            .unwrap();
        let d = Solver::new(&model).propagate().unwrap().domain(c);
        assert_eq!(d.iter().collect::<Vec<_>>(), vec![3]);

        let mut model = Model::new();
        let a = model.new_var([1, 2, 3]).unwrap();
        let b = model.new_var([1, 2]).unwrap();
        model
            .all_different_with(&[a, b], Strength::HiddenSingles)
            .unwrap();
        let d = Solver::new(&model).propagate().unwrap().domain(a);
        assert_eq!(d.len(), 3, "3 fits only a, but need not be used");
    }

    #[test]
    fn pigeonhole_fails_at_the_root() {
        for strength in [Strength::HiddenSingles, Strength::DomainConsistent] {
            let mut model = Model::new();
            let xs = model.new_vars(3, [4, 7]).unwrap();
            model.all_different_with(&xs, strength).unwrap();
            assert!(Solver::new(&model).propagate().is_err(), "{strength:?}");
        }
    }

    #[test]
    fn mixed_bases_and_negative_values_use_the_compact_path() {
        for strength in Strength::ALL {
            let mut model = Model::new();
            let a = model.new_var(-3..=-1).unwrap();
            let b = model.new_var([-2, 100]).unwrap();
            let c = model.new_var([-1, 100, 1000]).unwrap();
            model.all_different_with(&[a, b, c], strength).unwrap();
            // brute force: a in -3..=-1, b in {-2,100}, c in {-1,100,1000}
            let mut want = 0;
            for x in -3..=-1 {
                for y in [-2, 100] {
                    for z in [-1, 100, 1000] {
                        if x != y && y != z && x != z {
                            want += 1;
                        }
                    }
                }
            }
            assert_eq!(Solver::new(&model).count(None).count, want, "{strength:?}");
        }
    }

    #[test]
    fn wide_scopes_fall_back_to_forward_checking() {
        let mut model = Model::new();
        let xs = model.new_vars(3, 0..=99).unwrap();
        let ys = model.new_vars(2, [0, 1000, 2000]).unwrap();
        let mut all = xs.clone();
        all.extend(&ys);
        model.all_different(&all).unwrap();
        model.fix(xs[0], 0).unwrap();
        let mut solver = Solver::new(&model);
        let d = solver.propagate().unwrap();
        assert!(!d.contains(ys[0], 0) && !d.contains(ys[1], 0));
        model.fix(ys[0], 1000).unwrap();
        model.fix(ys[1], 1000).unwrap();
        assert!(Solver::new(&model).propagate().is_err());
    }

    #[test]
    fn multi_word_domains_with_one_layout_match_brute_force() {
        use crate::testing::check_against_brute_force;
        // Every domain spans 0..=150 (three words, base 0): the word-wise path.
        let pool = [0, 3, 64, 70, 100, 129, 130, 150];
        for strength in Strength::ALL {
            for seed in 0..40u32 {
                let mut model = Model::new();
                let mut vars = Vec::new();
                for k in 0..4u32 {
                    let mut values = vec![0, 150];
                    for (j, &v) in pool.iter().enumerate() {
                        if (seed * 7 + k * 13 + j as u32 * 5) % 3 == 0 {
                            values.push(v);
                        }
                    }
                    vars.push(model.new_var(values).unwrap());
                }
                model.all_different_with(&vars, strength).unwrap();
                if seed % 4 == 0 {
                    model.fix(vars[0], 150).unwrap();
                }
                check_against_brute_force(&model, crate::SearchOptions::default());
            }
        }
    }

    #[test]
    fn hidden_singles_apply_on_wide_domains() {
        // 70 variables over 0..=69 (two words): 69 of them cannot be 69.
        let mut model = Model::new();
        let xs = model.new_vars(70, 0..=69).unwrap();
        for &x in &xs[1..] {
            model.remove_value(x, 69).unwrap();
        }
        model.all_different(&xs).unwrap();
        let mut solver = Solver::new(&model);
        assert_eq!(solver.propagate().unwrap().value(xs[0]), Some(69));
    }
}
