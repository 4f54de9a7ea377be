//! The grading techniques as plug-in csp-core constraints, one per rung of
//! Tatham's ladder. Their priorities follow the ladder, so csp-core (which
//! always runs the lowest non-empty priority first) only uses a technique
//! when every easier one is at its fixpoint.

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Rule names recorded in traces.
pub(crate) mod rules {
    /// A sign checked on two fixed cells.
    pub const SIGN_CHECK: &str = "sign check";
    /// Bounds along one sign.
    pub const BOUNDS: &str = "bounds";
    /// Single-value fish (X-wing, swordfish, ...).
    pub const FISH: &str = "fish";
    /// Forcing chain over two-candidate cells.
    pub const FORCING_CHAIN: &str = "forcing chain";
}

/// Priority of the easy-level techniques (after singles at level 1).
pub(crate) const EASY: Priority = Priority::new(2);
/// Priority of Adjacent-mode support at the tricky level.
pub(crate) const TRICKY_ADJ: Priority = Priority::new(4);
/// Priority of fish.
pub(crate) const FISH: Priority = Priority::new(6);
/// Priority of forcing chains.
pub(crate) const FORCING: Priority = Priority::new(7);

/// `lo < hi`, checked only when both are fixed (grading's trivial level).
#[derive(Clone, Debug)]
pub struct SignCheck {
    scope: [VarId; 2],
}

impl SignCheck {
    /// The check `lo < hi`.
    pub fn new(lo: VarId, hi: VarId) -> SignCheck {
        SignCheck { scope: [lo, hi] }
    }
}

impl Constraint for SignCheck {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        matches!(values, [a, b] if a < b)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if let (Some(a), Some(b)) = (ctx.value(self.scope[0]), ctx.value(self.scope[1])) {
            if a >= b {
                ctx.set_rule(rules::SIGN_CHECK);
                return Err(ctx.conflict());
            }
        }
        Ok(())
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
    fn priority(&self) -> Priority {
        Priority::FASTEST
    }
    fn idempotent(&self) -> bool {
        true
    }
    fn name(&self) -> &str {
        "sign check"
    }
}

/// `lo < hi` with bounds reasoning (Tatham's easy level): `lo` below
/// `hi`'s maximum, `hi` above `lo`'s minimum. The same pruning as
/// csp-core's relation, at the easy grading priority.
#[derive(Clone, Debug)]
pub struct SignBounds {
    scope: [VarId; 2],
}

impl SignBounds {
    /// The constraint `lo < hi`.
    pub fn new(lo: VarId, hi: VarId) -> SignBounds {
        SignBounds { scope: [lo, hi] }
    }
}

impl Constraint for SignBounds {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        matches!(values, [a, b] if a < b)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let [lo, hi] = self.scope;
        ctx.set_rule(rules::BOUNDS);
        ctx.set_max(lo, i64::from(ctx.max(hi)) - 1)?;
        ctx.set_min(hi, i64::from(ctx.min(lo)) + 1)?;
        Ok(())
    }
    fn events(&self) -> Events {
        Events::BOUNDS
    }
    fn priority(&self) -> Priority {
        EASY
    }
    fn idempotent(&self) -> bool {
        true
    }
    fn name(&self) -> &str {
        "sign bounds"
    }
}

/// Reads the domain of every cell as a mask (bit `v` = value `v`).
fn load(ctx: &PropagationContext<'_>, cells: &[VarId], out: &mut Vec<u64>) {
    out.clear();
    for &v in cells {
        let m = match ctx.mask(v) {
            Some((base, m)) if base >= 0 => m << base,
            _ => ctx
                .iter(v)
                .filter(|&x| (0..64).contains(&x))
                .fold(0, |m, x| m | 1 << x),
        };
        out.push(m);
    }
}

/// Single-value fish (Tatham's "set elimination" on the value dimension):
/// for each value, the rows and the columns it can still go in form a
/// bipartite graph that needs a perfect matching; positions on no perfect
/// matching are removed (X-wing, swordfish and larger, all at once).
#[derive(Clone, Debug)]
pub struct Fish {
    size: usize,
    cells: Vec<VarId>,
}

impl Fish {
    /// Fish over the `size x size` grid `cells` (row-major).
    pub fn new(size: usize, cells: Vec<VarId>) -> Fish {
        Fish { size, cells }
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
        true // the row and column constraints check the solution
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.size;
        let mut doms = Vec::with_capacity(n * n);
        load(ctx, &self.cells, &mut doms);
        ctx.set_rule(rules::FISH);
        let mut rows = [0u64; 64];
        for v in 1..=n {
            let bit = 1u64 << v;
            for (r, row) in rows.iter_mut().enumerate().take(n) {
                *row = (0..n)
                    .filter(|&c| doms[r * n + c] & bit != 0)
                    .fold(0, |m, c| m | 1 << c);
            }
            let before = rows;
            if !hall_filter(&mut rows[..n]) {
                return Err(ctx.conflict());
            }
            for r in 0..n {
                let mut gone = before[r] & !rows[r];
                while gone != 0 {
                    let c = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    ctx.remove(self.cells[r * n + c], v as Value)?;
                    doms[r * n + c] &= !bit;
                }
            }
        }
        Ok(())
    }
    fn priority(&self) -> Priority {
        FISH
    }
    fn name(&self) -> &str {
        "fish"
    }
}

/// Removes from `masks` (row `i` may use the columns in `masks[i]`) every
/// edge that lies on no perfect matching. `false` if there is none.
pub(crate) fn hall_filter(masks: &mut [u64]) -> bool {
    let n = masks.len();
    const FREE: usize = usize::MAX;
    let mut owner = [FREE; 64];
    let mut mate = [0usize; 64];
    for i in 0..n {
        let mut visited = 0u64;
        if !augment(i, masks, &mut owner, &mut mate, &mut visited) {
            return false;
        }
    }
    // reach[v]: matched values reachable from value v (the owner of v moves
    // to another of its values, whose owner moves on, ...).
    let mut reach = [0u64; 64];
    for i in 0..n {
        reach[mate[i]] = masks[i] & !(1u64 << mate[i]);
    }
    let all: u64 = (0..n).fold(0, |m, i| m | 1 << mate[i]);
    let mut ks = all;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        let mut vs = all;
        while vs != 0 {
            let v = vs.trailing_zeros() as usize;
            vs &= vs - 1;
            if reach[v] & (1 << k) != 0 {
                reach[v] |= reach[k];
            }
        }
    }
    for i in 0..n {
        let own = 1u64 << mate[i];
        let mut others = masks[i] & !own;
        while others != 0 {
            let b = others.trailing_zeros() as usize;
            others &= others - 1;
            if reach[b] & own == 0 {
                masks[i] &= !(1u64 << b);
            }
        }
    }
    true
}

fn augment(
    i: usize,
    masks: &[u64],
    owner: &mut [usize; 64],
    mate: &mut [usize; 64],
    visited: &mut u64,
) -> bool {
    let mut candidates = masks[i] & !*visited;
    while candidates != 0 {
        let v = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        *visited |= 1 << v;
        let holder = owner[v];
        if holder == usize::MAX || augment(holder, masks, owner, mate, visited) {
            owner[v] = i;
            mate[i] = v;
            return true;
        }
    }
    false
}

/// Forcing chains over two-candidate cells (Tatham's `latin_solver_forcing`).
///
/// Start at a cell `s` with candidates `{v, w}` and suppose `s = w`. A cell
/// in line with a forced cell whose two candidates include the forced value
/// must take its other candidate, and so on along the chain. If the chain
/// forces some cell `u` to `v`, then `s = v` or `u = v`, so any third cell
/// in line with both `s` and `u` cannot be `v`.
#[derive(Clone, Debug)]
pub struct ForcingChains {
    size: usize,
    cells: Vec<VarId>,
}

impl ForcingChains {
    /// Forcing chains over the `size x size` grid `cells` (row-major).
    pub fn new(size: usize, cells: Vec<VarId>) -> ForcingChains {
        ForcingChains { size, cells }
    }
}

impl Constraint for ForcingChains {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }
    fn is_satisfied(&self, _values: &[Value]) -> bool {
        true
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.size;
        let mut doms = Vec::with_capacity(n * n);
        load(ctx, &self.cells, &mut doms);
        ctx.set_rule(rules::FORCING_CHAIN);
        let mut forced = vec![0u64; n * n];
        let mut queue = Vec::with_capacity(n * n);
        let in_line = |a: usize, b: usize| a != b && (a / n == b / n || a % n == b % n);
        for s in 0..n * n {
            if doms[s].count_ones() != 2 {
                continue;
            }
            let pair = doms[s];
            for w in [pair.trailing_zeros(), 63 - pair.leading_zeros()] {
                let v_bit = pair & !(1u64 << w);
                forced.fill(0);
                queue.clear();
                forced[s] = 1 << w;
                queue.push(s);
                let mut head = 0;
                while head < queue.len() {
                    let t = queue[head];
                    head += 1;
                    let cur = forced[t];
                    let (tr, tc) = (t / n, t % n);
                    let peers = (0..n).map(|c| tr * n + c).chain((0..n).map(|r| r * n + tc));
                    for u in peers {
                        if u == t
                            || forced[u] != 0
                            || doms[u].count_ones() != 2
                            || doms[u] & cur == 0
                        {
                            continue;
                        }
                        forced[u] = doms[u] & !cur;
                        queue.push(u);
                    }
                }
                for &u in &queue[1..] {
                    if forced[u] != v_bit {
                        continue;
                    }
                    let v = v_bit.trailing_zeros() as Value;
                    for (z, dom) in doms.iter_mut().enumerate() {
                        if z != s && z != u && in_line(z, s) && in_line(z, u) && *dom & v_bit != 0 {
                            ctx.remove(self.cells[z], v)?;
                            *dom &= !v_bit;
                        }
                    }
                }
            }
        }
        Ok(())
    }
    fn priority(&self) -> Priority {
        FORCING
    }
    fn name(&self) -> &str {
        "forcing chains"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hall_filter_keeps_only_perfect_matching_edges() {
        // rows 0 and 1 both limited to columns {0, 1}: row 2 cannot use them.
        let mut m = [0b011, 0b011, 0b111];
        assert!(hall_filter(&mut m));
        assert_eq!(m, [0b011, 0b011, 0b100]);
        let mut m = [0b001, 0b001, 0b111];
        assert!(!hall_filter(&mut m));
    }
}

/// Naked and hidden subsets in every row and column at once (Régin's
/// matching filter on each line), as one low-priority constraint: it runs
/// once per fixpoint of the cheaper constraints instead of once per changed
/// line. Used by the solving model on top of hidden-singles AllDifferent.
#[derive(Clone, Debug)]
pub struct LineSubsets {
    size: usize,
    cells: Vec<VarId>,
}

impl LineSubsets {
    /// Subsets over the `size x size` grid `cells` (row-major).
    pub fn new(size: usize, cells: Vec<VarId>) -> LineSubsets {
        LineSubsets { size, cells }
    }
}

impl Constraint for LineSubsets {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }
    fn is_satisfied(&self, _values: &[Value]) -> bool {
        true // the AllDifferent constraints check the solution
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.size;
        let mut doms = Vec::with_capacity(n * n);
        load(ctx, &self.cells, &mut doms);
        ctx.set_rule("all-different: matching");
        let mut line = [0u64; 64];
        let mut idx = [0usize; 64];
        for k in 0..2 * n {
            let mut open = false;
            for j in 0..n {
                idx[j] = if k < n { k * n + j } else { j * n + (k - n) };
                line[j] = doms[idx[j]] >> 1;
                open |= !line[j].is_power_of_two();
            }
            if !open {
                continue;
            }
            let before = line;
            if !hall_filter(&mut line[..n]) {
                return Err(ctx.conflict());
            }
            for j in 0..n {
                if line[j] != before[j] {
                    ctx.intersect_mask(self.cells[idx[j]], 1, line[j])?;
                    doms[idx[j]] = line[j] << 1;
                }
            }
        }
        Ok(())
    }
    fn priority(&self) -> Priority {
        Priority::SLOWEST
    }
    fn name(&self) -> &str {
        "line subsets"
    }
}
