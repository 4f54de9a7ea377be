//! The sum of distinct values: the variables take pairwise different values
//! that add up to a total. This is the cage of Killer Sudoku and the run of
//! Kakuro.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut model = Model::new();
//! let cage = model.new_vars(2, 1..=9)?;
//! model.all_different_sum(&cage, 4)?; // 1 + 3 only
//! let mut solver = Solver::new(&model);
//! let domains = solver.propagate().expect("consistent");
//! assert_eq!(domains.iter(cage[0]).collect::<Vec<_>>(), [1, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Background
//!
//! Posting AllDifferent and a sum separately loses the reasoning puzzle
//! solvers rely on: two cells adding up to 4 must hold 1 and 3 (2 + 2 is
//! not distinct), three cells adding up to 7 must hold 1, 2 and 4. Killer
//! and Kakuro solvers keep, for each cage, the *combinations*: the sets of
//! `k` distinct values that reach the total, and intersect them with the
//! cells' candidates.
//!
//! This constraint does exactly that, and is **domain consistent** on every
//! scope it can enumerate: when posted, it lists the sets of `k` distinct
//! values (from the union of the cells' initial domains) that add up to the
//! total, as bitmasks. At each call, a set `S` is *feasible* if the current
//! domains admit a bijection from the cells onto `S` (a perfect matching
//! between cells and `S`'s values); a value stays in a cell only if some
//! feasible `S` has a perfect matching that gives the cell that value
//! (Régin's rule for a matching that covers every value: an edge survives
//! if it is matched or on an alternating cycle). So a cage of total 3 over
//! two cells `1..=9` is `{1, 2}` at once, a 2-cell cage of 4 keeps `{1,
//! 3}`, and a cell fixed to `v` removes `v` from the rest of the cage (the
//! AllDifferent part).
//!
//! # Practical
//!
//! The sets are found once, when the constraint is posted, by a depth-first
//! enumeration of the union's values in ascending order, cut as soon as the
//! smallest or largest sum of the values still to choose misses the total.
//! Sets that have no perfect matching on the initial domains are dropped.
//! Which sets are still feasible is trailed state (one bit per set, see
//! [`Constraint::state_words`]): a set found infeasible is skipped for the
//! rest of that branch. A call costs, per live set, a few mask operations,
//! a matching on masks (`O(k^2)`) and, when the set could add a value not
//! yet supported, a transitive closure over its `k` values (`O(k^2)` mask
//! operations). Puzzle cages (values 1 to 9) have at most 126 sets.
//! Nothing is allocated per call.
//!
//! **Fallback.** When the union of the initial domains has more than 64
//! values, or the enumeration finds more than [`MAX_COMBINATIONS`] sets or
//! visits more than [`MAX_ENUMERATION_NODES`] nodes, the constraint is not
//! domain consistent: it propagates AllDifferent by forward checking (a
//! fixed value leaves the other cells, two cells fixed to one value fail)
//! and the sum by bounds reasoning (each cell within the total minus the
//! others' largest and smallest sums), repeated to a fixpoint, `O(k^2)` per
//! round. [`AllDifferentSum::combinations`] says which form was chosen.
//!
//! # References
//!
//! J.-C. Régin, *A filtering algorithm for constraints of difference in
//! CSPs*, AAAI 1994 (the alternating-cycle rule). The combination tables
//! are the classic Kakuro/Killer technique; see also H. Simonis, *Kakuro
//! as a constraint problem*, ModRef 2008, which compares this "sum of
//! distinct values" propagation with its decompositions.

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};

/// The most sets of distinct values the constraint enumerates; with more
/// it falls back to forward checking and bounds.
pub const MAX_COMBINATIONS: usize = 1024;

/// The most search nodes the enumeration of the sets may visit; with more
/// it falls back to forward checking and bounds.
pub const MAX_ENUMERATION_NODES: usize = 1 << 20;

/// Rule names used in traces.
pub mod rules {
    /// A value is in no feasible combination (or breaks the sum's bounds in
    /// the fallback). Named as Killer players name it; the `sudoku` crate's
    /// explanations key on it.
    pub const SUM: &str = "cage sum";
    /// A value taken by a fixed cell left the other cells (the AllDifferent
    /// part); the same name as AllDifferent's own elimination.
    pub const ELIMINATION: &str = crate::constraints::all_different::rules::ELIMINATION;
}

/// How bits of the combination masks map to values.
#[derive(Clone, Debug)]
enum Space {
    /// Every cell has a one-word domain with this base: bit `b` is the
    /// value `base + b`, the same as the domains' own masks.
    Aligned(Value),
    /// Bit `b` is `values[b]` (sorted; at most 64).
    Compact(Vec<Value>),
}

#[derive(Clone, Debug)]
enum Plan {
    /// Domain consistent over these sets.
    Combinations { space: Space, combos: Vec<u64> },
    /// Forward checking and bounds.
    Fallback,
}

/// The variables take pairwise distinct values adding up to `total`.
/// Create it with [`Model::all_different_sum`](crate::Model::all_different_sum).
#[derive(Clone, Debug)]
pub struct AllDifferentSum {
    vars: Vec<VarId>,
    total: i64,
    plan: Plan,
}

impl AllDifferentSum {
    fn build(model: &crate::Model, vars: &[VarId], total: i64) -> AllDifferentSum {
        let plan = Self::plan(model, vars, total).unwrap_or(Plan::Fallback);
        AllDifferentSum {
            vars: vars.to_vec(),
            total,
            plan,
        }
    }

    /// The sets of the domain-consistent form, or `None` for the fallback.
    fn plan(model: &crate::Model, vars: &[VarId], total: i64) -> Option<Plan> {
        let domains = model.initial_domains();
        let base = domains.mask(*vars.first()?).map(|(b, _)| b);
        let aligned = base.filter(|&base| {
            vars.iter()
                .all(|&x| domains.mask(x).is_some_and(|(b, _)| b == base))
        });
        let (space, masks): (Space, Vec<u64>) = if let Some(base) = aligned {
            let masks = vars.iter().filter_map(|&x| domains.mask(x)).map(|(_, m)| m);
            (Space::Aligned(base), masks.collect())
        } else {
            let mut values: Vec<Value> = Vec::new();
            for &x in vars {
                values.extend(domains.iter(x));
                values.sort_unstable();
                values.dedup();
                if values.len() > 64 {
                    return None;
                }
            }
            let masks = vars
                .iter()
                .map(|&x| compact_mask(&values, domains.iter(x)))
                .collect();
            (Space::Compact(values), masks)
        };
        let union = masks.iter().fold(0u64, |a, &m| a | m);
        // (bit, value) in ascending value order (bit order is value order).
        let mut items: Vec<(u32, i64)> = Vec::with_capacity(union.count_ones() as usize);
        let mut bits = union;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            let value = match &space {
                Space::Aligned(base) => i64::from(*base) + i64::from(b),
                Space::Compact(values) => i64::from(values[b as usize]),
            };
            items.push((b, value));
        }
        let mut found = Vec::new();
        let mut nodes = 0usize;
        let k = vars.len();
        if k <= items.len() {
            let mut suffix_max = vec![0i64; k + 1]; // sum of the r largest
            for r in 1..=k {
                suffix_max[r] = suffix_max[r - 1] + items[items.len() - r].1;
            }
            let mut prefix = vec![0i64; items.len() + 1];
            for (i, &(_, v)) in items.iter().enumerate() {
                prefix[i + 1] = prefix[i] + v;
            }
            let search = Enumeration {
                items: &items,
                prefix: &prefix,
                suffix_max: &suffix_max,
            };
            if !search.run(0, k, total, 0, &mut found, &mut nodes) {
                return None;
            }
        }
        let mut mate = [0u8; 64];
        found.retain(|&s| {
            let r: Vec<u64> = masks.iter().map(|&m| m & s).collect();
            perfect_matching(&r, &mut mate)
        });
        Some(Plan::Combinations {
            space,
            combos: found,
        })
    }

    /// The number of sets of distinct values the domain-consistent form
    /// works with, or `None` when the constraint uses the fallback (forward
    /// checking and bounds; see the [module docs](self)).
    pub fn combinations(&self) -> Option<usize> {
        match &self.plan {
            Plan::Combinations { combos, .. } => Some(combos.len()),
            Plan::Fallback => None,
        }
    }

    /// The total.
    pub fn total(&self) -> i64 {
        self.total
    }

    fn propagate_combinations(
        &self,
        ctx: &mut PropagationContext<'_>,
        space: &Space,
        combos: &[u64],
    ) -> Result<(), Conflict> {
        let k = self.vars.len();
        let mut buf = ctx.take_words();
        match space {
            Space::Aligned(_) => {
                let aligned = ctx.masks_into(&self.vars, &mut buf);
                debug_assert!(aligned.is_some(), "layouts do not change");
            }
            Space::Compact(values) => {
                for &x in &self.vars {
                    let m = compact_mask(values, ctx.iter(x));
                    buf.push(m);
                }
            }
        }
        buf.resize(2 * k, 0);
        let result = self.filter(ctx, combos, &mut buf);
        if let Ok(fixed) = result {
            let (masks, support) = buf.split_at(k);
            let outcome = self.write_back(ctx, space, masks, support, fixed);
            ctx.give_back_words(buf);
            return outcome;
        }
        ctx.give_back_words(buf);
        result.map(|_| ())
    }

    /// Two cells on one base, untraced (KenKen's and Kakuro's two-cell
    /// sums): the same domains as
    /// [`propagate_combinations`](Self::propagate_combinations), on masks.
    /// A value stays where its partner `total - value` is in the other
    /// cell and differs from it; one pass over both cells is the fixpoint
    /// (a value of the second cell that keeps its partner keeps it in the
    /// first). The sets' live bits are left as they are: they are only a
    /// filter (every retired set fails its test again), and the traced
    /// path, which uses them, rereads the masks.
    fn propagate_pair(
        &self,
        ctx: &mut PropagationContext<'_>,
        base: Value,
        space: &Space,
        combos: &[u64],
    ) -> Result<(), Conflict> {
        let (x, y) = (self.vars[0], self.vars[1]);
        let (Some((_, mx)), Some((_, my))) = (ctx.mask(x), ctx.mask(y)) else {
            // (Not reached: the layouts are those of the initial domains,
            // one word each.)
            return self.propagate_combinations(ctx, space, combos);
        };
        // Bit `i` is `base + i`; its partner's bit is `s - i`.
        let s = self.total - 2 * i64::from(base);
        let half = if s % 2 == 0 && (0..128).contains(&s) {
            1u64 << (s / 2)
        } else {
            0
        };
        ctx.set_rule(rules::SUM);
        let kx = mx & mirror(my, s) & !half;
        let ky = my & mirror(kx, s) & !half;
        for (v, m, keep) in [(x, mx, kx), (y, my, ky)] {
            if keep == 0 {
                return Err(ctx.conflict());
            }
            if keep != m {
                ctx.intersect_mask(v, base, keep)?;
            }
        }
        Ok(())
    }

    /// Marks in `buf[k..2k]` the values each cell takes in some perfect
    /// matching of some feasible set, and retires the infeasible sets.
    /// Returns the values of the fixed cells.
    fn filter(
        &self,
        ctx: &mut PropagationContext<'_>,
        combos: &[u64],
        buf: &mut [u64],
    ) -> Result<u64, Conflict> {
        let k = self.vars.len();
        let (masks, support) = buf.split_at_mut(k);
        let mut fixed = 0u64;
        let mut union = 0u64;
        for &m in masks.iter() {
            if m.is_power_of_two() {
                if fixed & m != 0 {
                    ctx.set_rule(rules::ELIMINATION);
                    return Err(ctx.conflict());
                }
                fixed |= m;
            }
            union |= m;
        }
        let mut r = [0u64; 64];
        let mut mate = [0u8; 64];
        let mut reach = [0u64; 64];
        for w in 0..combos.len().div_ceil(64) {
            let live = ctx.state()[w];
            let mut still = live;
            let mut bits = live;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let s = combos[64 * w + c];
                let mut ok = s & fixed == fixed && s & !union == 0;
                if ok {
                    for (rj, &m) in r.iter_mut().zip(masks.iter()) {
                        *rj = m & s;
                        ok &= *rj != 0;
                    }
                }
                if !ok || !perfect_matching(&r[..k], &mut mate) {
                    still &= !(1u64 << c);
                    continue;
                }
                let news = r[..k]
                    .iter()
                    .zip(support.iter())
                    .any(|(&rj, &sj)| rj & !sj != 0);
                if !news {
                    continue;
                }
                // Alternating cycles: from the value matched to cell j, the
                // other values of j. Transitive closure over S's values.
                for j in 0..k {
                    let own = mate[j] as usize;
                    reach[own] = r[j] & !(1u64 << own);
                }
                let mut ks = s;
                while ks != 0 {
                    let kb = ks.trailing_zeros() as usize;
                    ks &= ks - 1;
                    let mut vs = s;
                    while vs != 0 {
                        let v = vs.trailing_zeros() as usize;
                        vs &= vs - 1;
                        if reach[v] & (1u64 << kb) != 0 {
                            reach[v] |= reach[kb];
                        }
                    }
                }
                for j in 0..k {
                    let own = mate[j] as usize;
                    let mut keep = 1u64 << own;
                    let mut others = r[j] & !keep & !support[j];
                    while others != 0 {
                        let b = others.trailing_zeros() as usize;
                        others &= others - 1;
                        if reach[b] & (1u64 << own) != 0 {
                            keep |= 1u64 << b;
                        }
                    }
                    support[j] |= keep;
                }
            }
            if still != live {
                ctx.set_state(w, still);
            }
        }
        Ok(fixed)
    }

    fn write_back(
        &self,
        ctx: &mut PropagationContext<'_>,
        space: &Space,
        masks: &[u64],
        support: &[u64],
        fixed: u64,
    ) -> Result<(), Conflict> {
        ctx.set_rule(rules::SUM);
        let tracing = ctx.is_tracing();
        for ((&x, &m), &s) in self.vars.iter().zip(masks).zip(support) {
            let keep = m & s;
            if keep == m {
                continue;
            }
            if keep == 0 {
                return Err(ctx.conflict());
            }
            let taken = m & !keep & fixed;
            match space {
                Space::Aligned(base) if tracing => {
                    let by = [(taken, rules::ELIMINATION), (0, rules::SUM)];
                    ctx.intersect_mask_explained(x, *base, keep, by, None)?;
                }
                Space::Aligned(base) => {
                    ctx.intersect_mask(x, *base, keep)?;
                }
                Space::Compact(values) => {
                    let mut gone = m & !keep;
                    while gone != 0 {
                        let b = gone.trailing_zeros();
                        gone &= gone - 1;
                        let rule = if taken & (1u64 << b) != 0 {
                            rules::ELIMINATION
                        } else {
                            rules::SUM
                        };
                        ctx.set_rule(rule);
                        ctx.remove(x, values[b as usize])?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Forward checking and bounds, to a fixpoint.
    fn propagate_fallback(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        loop {
            let mut changed = false;
            ctx.set_rule(rules::ELIMINATION);
            for (i, &x) in self.vars.iter().enumerate() {
                let Some(v) = ctx.value(x) else { continue };
                for (j, &y) in self.vars.iter().enumerate() {
                    if i != j {
                        changed |= ctx.remove(y, v)?;
                    }
                }
            }
            ctx.set_rule(rules::SUM);
            let (mut low, mut high) = (0i64, 0i64);
            for &x in &self.vars {
                low += i64::from(ctx.min(x));
                high += i64::from(ctx.max(x));
            }
            for &x in &self.vars {
                if low > self.total || high < self.total {
                    return Err(ctx.conflict());
                }
                let (lo, hi) = (i64::from(ctx.min(x)), i64::from(ctx.max(x)));
                let a = ctx.set_min(x, self.total - (high - hi))?;
                let b = ctx.set_max(x, self.total - (low - lo))?;
                if a || b {
                    changed = true;
                    low += i64::from(ctx.min(x)) - lo;
                    high += i64::from(ctx.max(x)) - hi;
                }
            }
            if low > self.total || high < self.total {
                return Err(ctx.conflict());
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The depth-first enumeration of `k` distinct values adding up to a total.
struct Enumeration<'a> {
    /// `(bit, value)`, ascending values.
    items: &'a [(u32, i64)],
    /// `prefix[i]`: the sum of the first `i` values.
    prefix: &'a [i64],
    /// `suffix_max[r]`: the sum of the `r` largest values.
    suffix_max: &'a [i64],
}

impl Enumeration<'_> {
    /// Chooses `r` more values from `items[from..]` adding up to `need`;
    /// pushes each set (with `chosen`) to `out`. Returns `false` if a limit
    /// was hit.
    fn run(
        &self,
        from: usize,
        r: usize,
        need: i64,
        chosen: u64,
        out: &mut Vec<u64>,
        nodes: &mut usize,
    ) -> bool {
        *nodes += 1;
        if *nodes > MAX_ENUMERATION_NODES {
            return false;
        }
        if r == 0 {
            if need == 0 {
                out.push(chosen);
                return out.len() <= MAX_COMBINATIONS;
            }
            return true;
        }
        let n = self.items.len();
        for i in from..=n - r {
            // The smallest sum: items i..i+r; it only grows with i.
            let smallest = self.prefix[i + r] - self.prefix[i];
            if smallest > need {
                break;
            }
            // The largest sum from here on is the r largest overall.
            if self.suffix_max[r] < need {
                break;
            }
            let (bit, value) = self.items[i];
            if !self.run(i + 1, r - 1, need - value, chosen | 1u64 << bit, out, nodes) {
                return false;
            }
        }
        true
    }
}

/// The mask, over the sorted `values`, of the values `iter` yields.
fn compact_mask(values: &[Value], iter: impl Iterator<Item = Value>) -> u64 {
    let mut m = 0u64;
    for v in iter {
        if let Ok(b) = values.binary_search(&v) {
            m |= 1u64 << b;
        }
    }
    m
}

/// The mask whose bit `j` is bit `s - j` of `mask` (bits outside the word
/// dropped): the partners of a mask's values under a sum.
fn mirror(mask: u64, s: i64) -> u64 {
    // Reversed, bit `i` is at `63 - i`; it belongs at `s - i`.
    let k = 63 - s;
    match k {
        0..=63 => mask.reverse_bits() >> k,
        -63..=-1 => mask.reverse_bits() << -k,
        _ => 0,
    }
}

/// A perfect matching of the cells (masks `r`, at most 64) onto distinct
/// values, by augmenting paths; `mate[j]` is cell `j`'s value bit.
fn perfect_matching(r: &[u64], mate: &mut [u8; 64]) -> bool {
    const FREE: u8 = u8::MAX;
    let mut owner = [FREE; 64];
    let mut taken = 0u64;
    let mut pending = 0u64;
    for (j, &m) in r.iter().enumerate() {
        let free = m & !taken;
        if free != 0 {
            let b = free.trailing_zeros() as usize;
            owner[b] = j as u8;
            mate[j] = b as u8;
            taken |= 1u64 << b;
        } else {
            pending |= 1u64 << j;
        }
    }
    while pending != 0 {
        let j = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        let mut visited = 0u64;
        if !augment(j, r, &mut owner, mate, &mut visited) {
            return false;
        }
    }
    true
}

fn augment(
    j: usize,
    r: &[u64],
    owner: &mut [u8; 64],
    mate: &mut [u8; 64],
    visited: &mut u64,
) -> bool {
    let mut candidates = r[j] & !*visited;
    while candidates != 0 {
        let b = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        *visited |= 1u64 << b;
        let holder = owner[b];
        if holder == u8::MAX || augment(holder as usize, r, owner, mate, visited) {
            owner[b] = j as u8;
            mate[j] = b as u8;
            return true;
        }
    }
    false
}

impl Constraint for AllDifferentSum {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
        distinct && values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        match &self.plan {
            Plan::Combinations {
                space: space @ Space::Aligned(base),
                combos,
            } if self.vars.len() == 2 && !ctx.is_tracing() => {
                self.propagate_pair(ctx, *base, space, combos)
            }
            Plan::Combinations { space, combos } => self.propagate_combinations(ctx, space, combos),
            Plan::Fallback => self.propagate_fallback(ctx),
        }
    }

    fn events(&self) -> Events {
        match self.plan {
            Plan::Combinations { .. } => Events::DOMAIN,
            Plan::Fallback => Events::BOUNDS,
        }
    }

    /// With the AllDifferent constraints: puzzle cages are small.
    fn priority(&self) -> Priority {
        Priority::FAST
    }

    /// Domain consistency is its own fixpoint; the fallback loops to it.
    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "all different sum"
    }

    fn state_words(&self) -> usize {
        match &self.plan {
            Plan::Combinations { combos, .. } => combos.len().div_ceil(64),
            Plan::Fallback => 0,
        }
    }

    fn init_state(&self, _: &crate::Domains<'_>, state: &mut [u64]) {
        if let Plan::Combinations { combos, .. } = &self.plan {
            for (w, word) in state.iter_mut().enumerate() {
                let n = (combos.len() - 64 * w).min(64);
                *word = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            }
        }
    }
}

impl crate::Model {
    /// The variables take pairwise distinct values that add up to `total`
    /// (a Killer Sudoku cage, a Kakuro run), domain consistent on
    /// puzzle-sized scopes; see [`AllDifferentSum`].
    ///
    /// Errors: [`ModelError::ForeignVariable`], [`ModelError::EmptyScope`],
    /// and [`ModelError::DuplicateVariable`] if a variable appears twice.
    pub fn all_different_sum(
        &mut self,
        vars: &[VarId],
        total: i64,
    ) -> Result<crate::ConstraintId, ModelError> {
        self.check_distinct("all different sum", vars)?;
        if vars.is_empty() {
            return Err(ModelError::EmptyScope {
                constraint: "all different sum".to_owned(),
            });
        }
        let c = AllDifferentSum::build(self, vars, total);
        self.post_distinct(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Model, Solver};

    fn root(model: &Model, vars: &[VarId]) -> Option<Vec<Vec<Value>>> {
        let mut s = Solver::new(model);
        let d = s.propagate().ok()?;
        Some(vars.iter().map(|&x| d.iter(x).collect()).collect())
    }

    fn cage(cells: usize, total: i64) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let xs = m.new_vars(cells, 1..=9).unwrap();
        m.all_different_sum(&xs, total).unwrap();
        (m, xs)
    }

    #[test]
    fn mirror_maps_each_value_to_its_partner() {
        // Values 0..: bit i is i. Sum 5: 1 <-> 4, 2 <-> 3.
        assert_eq!(mirror(0b10010, 5), 0b10010);
        assert_eq!(mirror(0b00010, 5), 0b10000);
        assert_eq!(mirror(1, 0), 1);
        assert_eq!(mirror(1, 63), 1 << 63);
        assert_eq!(mirror(1 << 63, 126), 1 << 63);
        assert_eq!(mirror(1 << 63, 127), 0);
        assert_eq!(mirror(u64::MAX, -1), 0);
        assert_eq!(mirror(u64::MAX, 200), 0);
    }

    /// The two-cell path (untraced) keeps what the sets keep (traced), on
    /// every pair of small domains of one base and every total.
    #[test]
    fn two_cells_untraced_keep_what_the_sets_keep() {
        let subsets: Vec<Vec<Value>> = (1u32..64)
            .map(|bits| {
                (0..6)
                    .filter(|b| bits & 1 << b != 0)
                    .map(|b| b + 1)
                    .collect()
            })
            .filter(|v: &Vec<Value>| v.contains(&1))
            .collect();
        for total in 0..=13 {
            for a in subsets.iter().step_by(3) {
                for b in subsets.iter().step_by(5) {
                    let mut m = Model::new();
                    let x = m.new_var(a.clone()).unwrap();
                    let y = m.new_var(b.clone()).unwrap();
                    m.all_different_sum(&[x, y], total).unwrap();
                    let root = |trace: bool| {
                        let options = crate::SearchOptions::default().with_trace(trace);
                        let mut s = Solver::with_options(&m, options);
                        s.propagate()
                            .ok()
                            .map(|d| (d.iter(x).collect::<Vec<_>>(), d.iter(y).collect::<Vec<_>>()))
                    };
                    assert_eq!(root(false), root(true), "{a:?} + {b:?} = {total}");
                }
            }
        }
    }

    #[test]
    fn two_cells_of_three_are_one_and_two() {
        let (m, xs) = cage(2, 3);
        assert_eq!(root(&m, &xs).unwrap(), vec![vec![1, 2], vec![1, 2]]);
    }

    #[test]
    fn two_cells_of_four_skip_the_double_two() {
        let (m, xs) = cage(2, 4);
        assert_eq!(root(&m, &xs).unwrap(), vec![vec![1, 3], vec![1, 3]]);
        assert_eq!(Solver::new(&m).count(None).count, 2);
    }

    #[test]
    fn kakuro_classics() {
        // 3 in 7: {1, 2, 4}; 4 in 30: {6, 7, 8, 9}; 8 in 36: all but 9.
        let (m, xs) = cage(3, 7);
        assert!(root(&m, &xs).unwrap().iter().all(|d| d == &[1, 2, 4]));
        let (m, xs) = cage(4, 30);
        assert!(root(&m, &xs).unwrap().iter().all(|d| d == &[6, 7, 8, 9]));
        let (m, xs) = cage(8, 36);
        assert!(
            root(&m, &xs)
                .unwrap()
                .iter()
                .all(|d| d == &[1, 2, 3, 4, 5, 6, 7, 8])
        );
        assert_eq!(Solver::new(&m).count(None).count, 40_320);
        let (m, _) = cage(3, 5);
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn combinations_meet_the_cells_candidates() {
        // 3 cells of 10, one cell limited to {5, 6}: sets {1,4,5} {2,3,5}
        // {1,3,6}: the other cells lose 7 8 9 and 6's partner values.
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=9).unwrap();
        for v in [1, 2, 3, 4, 7, 8, 9] {
            m.remove_value(xs[0], v).unwrap();
        }
        let c = m.all_different_sum(&xs, 10).unwrap();
        let d = root(&m, &xs).unwrap();
        assert_eq!(d[0], vec![5, 6]);
        assert_eq!(d[1], vec![1, 2, 3, 4]);
        let constraint = m.constraint(c).unwrap();
        assert_eq!(constraint.name(), "all different sum");
    }

    #[test]
    fn a_value_needs_a_matching_not_just_a_set() {
        // Cells {1,2}, {1,2}, {1..=9}; total 6: set {1,2,3}: the third cell
        // is 3 (the pair takes 1 and 2), though {1,2,3} contains 1 and 2.
        let mut m = Model::new();
        let a = m.new_var([1, 2]).unwrap();
        let b = m.new_var([1, 2]).unwrap();
        let c = m.new_var(1..=9).unwrap();
        m.all_different_sum(&[a, b, c], 6).unwrap();
        assert_eq!(root(&m, &[c]).unwrap()[0], vec![3]);
    }

    #[test]
    fn a_fixed_cell_leaves_the_rest_of_the_cage() {
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=9).unwrap();
        m.fix(xs[0], 5).unwrap();
        m.all_different_sum(&xs, 15).unwrap();
        let d = root(&m, &xs).unwrap();
        assert!(!d[1].contains(&5) && !d[2].contains(&5));
        assert_eq!(d[1], vec![1, 2, 3, 4, 6, 7, 8, 9]);
    }

    #[test]
    fn mixed_domains_use_the_compact_numbering() {
        let mut m = Model::new();
        let a = m.new_var([-3, 0, 7]).unwrap();
        let b = m.new_var(5..=8).unwrap();
        let c = m.new_var([100, 2]).unwrap();
        let id = m.all_different_sum(&[a, b, c], 9).unwrap();
        let count = Solver::new(&m).count(None).count;
        // brute force
        let mut want = 0;
        for x in [-3, 0, 7] {
            for y in 5..=8 {
                for z in [100, 2] {
                    if x != y && y != z && x != z && x + y + z == 9 {
                        want += 1;
                    }
                }
            }
        }
        assert_eq!(count, want);
        assert!(m.constraint(id).is_some());
    }

    #[test]
    fn too_many_combinations_fall_back() {
        let mut m = Model::new();
        let xs = m.new_vars(12, 0..=40).unwrap();
        let id = m.all_different_sum(&xs, 240).unwrap();
        let c = m.constraint(id).unwrap();
        assert_eq!(c.state_words(), 0, "fallback has no state");
        let wide = m.new_vars(2, [0, 1000, 2000, 3000]).unwrap();
        let mut vars = wide.clone();
        vars.push(m.new_var(0..=70).unwrap());
        m.all_different_sum(&vars, 3070).unwrap();
        let d = root(&m, &vars).unwrap();
        assert_eq!(d[2], (0..=70).collect::<Vec<_>>());
    }

    #[test]
    fn bad_input_gives_typed_errors() {
        let mut m = Model::new();
        let x = m.new_var(1..=9).unwrap();
        assert!(matches!(
            m.all_different_sum(&[x, x], 3),
            Err(ModelError::DuplicateVariable { .. })
        ));
        assert!(matches!(
            m.all_different_sum(&[], 3),
            Err(ModelError::EmptyScope { .. })
        ));
    }
}
