//! The pigeonhole rule between two partitions of a Star Battle grid (rows
//! and regions, or columns and regions): the Hall sets of the bipartite
//! graph "line meets region".
//!
//! # Background
//!
//! Let `P` and `Q` be two partitions of the grid into `n` parts each (the
//! rows and the regions), every part holding exactly `k` stars. Join part
//! `p` of `P` to part `q` of `Q` when they share a cell that may still
//! hold a star. In a solution, let `f(p, q)` be the number of stars in
//! `p ∩ q`: every row of the matrix `f` and every column sums to `k`, so
//! `f / k` is doubly stochastic, and by the Birkhoff-von Neumann theorem
//! it is a convex combination of permutation matrices whose entries lie
//! where `f` is positive. So every pair `(p, q)` that shares a star lies
//! on a perfect matching of the graph. Contrapositively:
//!
//! - if the graph has no perfect matching, there is no solution;
//! - every edge that lies on no perfect matching holds no star: its cells
//!   are emptied.
//!
//! That is the players' pigeonhole rule ("these two regions lie within
//! these two rows, so the rest of the rows is empty", and its converse,
//! "these two rows cross only these two regions"), for every set of parts
//! at once: an edge on no perfect matching is one that leaves a tight Hall
//! set. The edges on some perfect matching are found as in Régin's
//! AllDifferent filtering: take one perfect matching; an edge `(p, q)`
//! off it lies on another exactly when `p` and the part matched to `q`
//! lie on one alternating cycle, that is in one strongly connected
//! component of the graph `p -> mate(q)` for every edge `(p, q)`.
//!
//! # Practical
//!
//! - csp-core has no constraint over two partitions at once: the counts
//!   see one row or one region each, and AllDifferent (which does this
//!   filtering) needs one variable per region, which holds only when each
//!   region has a single star. Without this rule the counts and the
//!   no-touching rule need hundreds of search nodes on 10x10 two-star
//!   puzzles that players solve without a guess (measured in
//!   `docs/formats/star-battle.md`).
//! - `n <= 64`: a part's neighbours are one machine word, the matching is
//!   Kuhn's augmenting paths over words, and the components come from the
//!   transitive closure of the `n x n` reachability bits (Warshall, `n`
//!   word operations per part). A call reads every cell once and
//!   allocates nothing.
//! - Woken when a cell is fixed (only emptied cells change the graph);
//!   idempotent, since emptying edges that lie on no perfect matching
//!   leaves every perfect matching in place.
//!
//! # References
//!
//! J.-C. Régin, *A filtering algorithm for constraints of difference in
//! CSPs*, AAAI 1994 (edges on no maximum matching, by alternating cycles).
//! G. Birkhoff, *Tres observaciones sobre el algebra lineal*, Univ. Nac.
//! Tucumán Rev. Ser. A 5, 1946 (doubly stochastic matrices).
//! P. Hall, *On representatives of subsets*, J. London Math. Soc. 10, 1935.

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Rule names used in traces.
pub(crate) mod rules {
    /// Cells emptied because their line meets their region on no perfect
    /// matching of lines to regions.
    pub(crate) const PIGEONHOLE: &str = "pigeonhole";
}

/// The most parts a partition may have (one machine word of neighbours).
pub(crate) const MAX_PARTS: usize = 64;

const NONE: u8 = u8::MAX;

/// The pigeonhole rule between two partitions of the same cells.
#[derive(Clone, Debug)]
pub(crate) struct Pigeonhole {
    /// The cells' variables (0/1).
    scope: Vec<VarId>,
    /// The part of each cell (by scope position) in the first partition.
    a: Vec<u8>,
    /// The part of each cell in the second partition.
    b: Vec<u8>,
    /// The scope positions of each part of the first partition.
    a_cells: Vec<Vec<u32>>,
    /// Parts per partition.
    n: usize,
    name: &'static str,
    /// Whether the cells are one run of variables (created one after the
    /// other), so that a call reads their domains as one slice.
    run: bool,
}

impl Pigeonhole {
    /// The rule over `cells`, with each cell's part in the two partitions
    /// (`a[i]`, `b[i]`, both below `n <= 64`). `None` if the arguments do
    /// not fit.
    pub(crate) fn new(
        cells: Vec<VarId>,
        a: Vec<u8>,
        b: Vec<u8>,
        n: usize,
        name: &'static str,
    ) -> Option<Pigeonhole> {
        if n == 0
            || n > MAX_PARTS
            || a.len() != cells.len()
            || b.len() != cells.len()
            || a.iter().chain(&b).any(|&p| usize::from(p) >= n)
        {
            return None;
        }
        let mut a_cells = vec![Vec::new(); n];
        for (i, &p) in a.iter().enumerate() {
            a_cells[usize::from(p)].push(i as u32);
        }
        let run = cells
            .iter()
            .enumerate()
            .all(|(i, v)| v.index().checked_sub(cells[0].index()) == Some(i));
        Some(Pigeonhole {
            run,
            scope: cells,
            a,
            b,
            a_cells,
            n,
            name,
        })
    }
}

impl Pigeonhole {
    /// The set `S` of first-partition parts (a word) that explains `what`
    /// in the graph `adj`: for a failure, parts with fewer neighbours than
    /// themselves; for the removal of a star from a cell of the pair
    /// `(p, q)`, a tight set (as many neighbours as parts) that holds the
    /// part matched to `q` but not `p`, the one of the two extreme such
    /// sets with fewer pairs to name. `None` when neither is found (the
    /// caller then names the whole scope).
    fn hall_set(&self, adj: &[u64; MAX_PARTS], what: csp_core::Explaining) -> Option<u64> {
        let n = self.n;
        let mut mate = [NONE; MAX_PARTS];
        for p in 0..n {
            let mut seen = 0;
            if !augment(p, adj, &mut mate, &mut seen) {
                // p and the parts matched to what its search saw.
                let mut s = 1u64 << p;
                let mut qs = seen;
                while qs != 0 {
                    let q = qs.trailing_zeros() as usize;
                    qs &= qs - 1;
                    s |= 1 << mate[q];
                }
                return Some(s);
            }
        }
        let csp_core::Explaining::Removal { var, value: 1 } = what else {
            return None;
        };
        let i = self.scope.iter().position(|&v| v == var)?;
        let (p, q) = (usize::from(self.a[i]), usize::from(self.b[i]));
        let reach = closure(adj, &mate, n);
        let m = usize::from(mate[q]);
        // The parts m reaches by alternating paths, or those that do not
        // reach p: both are tight, both hold m and not p (else the pair
        // lay on a perfect matching).
        let forward = reach[m] | 1 << m;
        let mut backward = 1u64 << p;
        for (x, r) in reach.iter().enumerate().take(n) {
            if r >> p & 1 == 1 {
                backward |= 1 << x;
            }
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let other = all & !backward;
        if forward >> p & 1 == 1 || other >> m & 1 == 0 {
            return None;
        }
        let pairs = |s: u64| s.count_ones() * (n as u32 - s.count_ones());
        Some(if pairs(other) < pairs(forward) {
            other
        } else {
            forward
        })
    }
}

/// Tries to match part `p` of the first partition, along augmenting paths
/// (Kuhn): `mate[q]` is the part matched to `q`, `seen` the second
/// partition's parts visited in this search.
fn augment(p: usize, adj: &[u64; MAX_PARTS], mate: &mut [u8; MAX_PARTS], seen: &mut u64) -> bool {
    let mut options = adj[p] & !*seen;
    while options != 0 {
        let q = options.trailing_zeros() as usize;
        options &= options - 1;
        *seen |= 1 << q;
        if mate[q] == NONE || augment(usize::from(mate[q]), adj, mate, seen) {
            mate[q] = p as u8;
            return true;
        }
        options &= !*seen;
    }
    false
}

impl Constraint for Pigeonhole {
    /// Explained by a Hall set: the emptied cells between a set `S` of
    /// first-partition parts and the parts their cells may no longer meet.
    /// For a failure, `S` has fewer neighbours than parts (no perfect
    /// matching); for an emptied cell of the pair `(p, q)`, `S` is tight
    /// (as many neighbours as parts), holds the part matched to `q` but not
    /// `p`, so its stars fill its neighbours and `q` has none left for `p`.
    /// Either way only the cells that are empty and keep `S` within its
    /// neighbours are named (not every fixed cell of the grid), the
    /// smaller of the two tight sets when there is a choice.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, what: csp_core::Explaining) {
        let mut adj = [0u64; MAX_PARTS];
        for (i, &v) in self.scope.iter().enumerate() {
            if ctx.contains(v, 1) {
                adj[usize::from(self.a[i])] |= 1 << self.b[i];
            }
        }
        let Some(s) = self.hall_set(&adj, what) else {
            ctx.push_scope(self.scope());
            return;
        };
        let mut near = 0u64;
        for (p, &word) in adj.iter().enumerate().take(self.n) {
            if s >> p & 1 == 1 {
                near |= word;
            }
        }
        for (p, cells) in self.a_cells.iter().enumerate() {
            if s >> p & 1 == 0 {
                continue;
            }
            for &i in cells {
                let i = i as usize;
                if near >> self.b[i] & 1 == 0 {
                    ctx.push(csp_core::Literal::eq(self.scope[i], 0));
                }
            }
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    /// The rule's consequence on a full assignment: the matrix of stars
    /// per pair of parts has equal row and column sums (the counts, posted
    /// separately, say which). Checked as: no pair of parts holds stars
    /// unless it lies on a perfect matching of the pairs that do.
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.n;
        let mut adj = [0u64; MAX_PARTS];
        for (i, &v) in values.iter().enumerate() {
            if v == 1 {
                adj[usize::from(self.a[i])] |= 1 << self.b[i];
            }
        }
        let (mut row, mut col) = ([0u32; MAX_PARTS], [0u32; MAX_PARTS]);
        for (i, &v) in values.iter().enumerate() {
            if v == 1 {
                row[usize::from(self.a[i])] += 1;
                col[usize::from(self.b[i])] += 1;
            }
        }
        let k = row[0];
        if row[..n].iter().chain(&col[..n]).any(|&c| c != k) {
            // Unequal counts: the counts' business, not this rule's.
            return true;
        }
        k == 0 || edges_on_perfect_matchings(&adj, n).is_some_and(|on| on == adj)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.n;
        let mut adj = [0u64; MAX_PARTS];
        let words = self
            .scope
            .first()
            .filter(|&&first| self.run && ctx.mask(first).is_some_and(|(base, _)| base == 0))
            .and_then(|&first| ctx.words_of_run(first, self.scope.len()));
        match words {
            // Bit 1 of a 0/1 cell's word is the value 1.
            Some(words) => {
                for (i, &word) in words.iter().enumerate() {
                    if word & 2 != 0 {
                        adj[usize::from(self.a[i])] |= 1 << self.b[i];
                    }
                }
            }
            None => {
                let d = ctx.domains();
                for (i, &v) in self.scope.iter().enumerate() {
                    if d.contains(v, 1) {
                        adj[usize::from(self.a[i])] |= 1 << self.b[i];
                    }
                }
            }
        }
        ctx.set_rule(rules::PIGEONHOLE);
        let Some(on) = edges_on_perfect_matchings(&adj, n) else {
            return Err(ctx.conflict());
        };
        for p in 0..n {
            let off = adj[p] & !on[p];
            if off == 0 {
                continue;
            }
            for &i in &self.a_cells[p] {
                let i = i as usize;
                if off >> self.b[i] & 1 == 1 {
                    ctx.fix(self.scope[i], 0)?;
                }
            }
        }
        Ok(())
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::SLOW
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        self.name
    }
}

/// The alternating reachability of a perfect matching (`mate[q]` the part
/// matched to `q`): bit `p'` of word `p` when an alternating path leads
/// from `p` to `p'` (`p` is joined to the part matched to `p'`, and so on).
fn closure(adj: &[u64; MAX_PARTS], mate: &[u8; MAX_PARTS], n: usize) -> [u64; MAX_PARTS] {
    // p -> p' when p is joined to the region matched to p'.
    let mut reach = [0u64; MAX_PARTS];
    for p in 0..n {
        let mut qs = adj[p];
        while qs != 0 {
            let q = qs.trailing_zeros() as usize;
            qs &= qs - 1;
            reach[p] |= 1 << mate[q];
        }
    }
    // Transitive closure (Warshall over words).
    for k in 0..n {
        let via = reach[k];
        for r in reach.iter_mut().take(n) {
            if *r >> k & 1 == 1 {
                *r |= via;
            }
        }
    }
    reach
}

/// The edges of the bipartite graph `adj` (part `p` of the first side to
/// the parts `q` with bit `q` of `adj[p]`) that lie on some perfect
/// matching, as adjacency words; `None` if there is no perfect matching.
fn edges_on_perfect_matchings(adj: &[u64; MAX_PARTS], n: usize) -> Option<[u64; MAX_PARTS]> {
    let mut mate = [NONE; MAX_PARTS];
    for p in 0..n {
        let mut seen = 0;
        if !augment(p, adj, &mut mate, &mut seen) {
            return None;
        }
    }
    let reach = closure(adj, &mate, n);
    let mut on = [0u64; MAX_PARTS];
    for p in 0..n {
        let mut qs = adj[p];
        while qs != 0 {
            let q = qs.trailing_zeros() as usize;
            qs &= qs - 1;
            let m = usize::from(mate[q]);
            if m == p || (reach[p] >> m & 1 == 1 && reach[m] >> p & 1 == 1) {
                on[p] |= 1 << q;
            }
        }
    }
    Some(on)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(rows: &[&[usize]]) -> [u64; MAX_PARTS] {
        let mut adj = [0u64; MAX_PARTS];
        for (p, qs) in rows.iter().enumerate() {
            for &q in *qs {
                adj[p] |= 1 << q;
            }
        }
        adj
    }

    #[test]
    fn a_tight_pair_keeps_others_out() {
        // Parts 0 and 1 meet only q0 and q1: part 2 cannot use them.
        let adj = graph(&[&[0, 1], &[0, 1], &[0, 1, 2]]);
        let on = edges_on_perfect_matchings(&adj, 3).unwrap();
        assert_eq!(on[..3], graph(&[&[0, 1], &[0, 1], &[2]])[..3]);
    }

    #[test]
    fn no_perfect_matching_is_a_conflict() {
        let adj = graph(&[&[0], &[0], &[1, 2]]);
        assert!(edges_on_perfect_matchings(&adj, 3).is_none());
    }

    #[test]
    fn every_edge_of_a_complete_graph_is_kept() {
        let adj = graph(&[&[0, 1, 2], &[0, 1, 2], &[0, 1, 2]]);
        assert_eq!(edges_on_perfect_matchings(&adj, 3), Some(adj));
    }

    #[test]
    fn edges_off_every_matching_go_by_brute_force() {
        // Every bipartite graph on 4 + 4 vertices with a fixed pattern of
        // seeds: compare with the edges of all 24 permutations.
        let perms: Vec<[usize; 4]> = {
            let mut out = Vec::new();
            for a in 0..4 {
                for b in 0..4 {
                    for c in 0..4 {
                        for d in 0..4 {
                            let p = [a, b, c, d];
                            let mut s = p;
                            s.sort_unstable();
                            if s == [0, 1, 2, 3] {
                                out.push(p);
                            }
                        }
                    }
                }
            }
            out
        };
        for bits in (0u32..1 << 16).step_by(7) {
            let mut adj = [0u64; MAX_PARTS];
            for (p, word) in adj.iter_mut().take(4).enumerate() {
                *word = u64::from(bits >> (4 * p) & 0xF);
            }
            let mut want = [0u64; MAX_PARTS];
            let mut any = false;
            for perm in &perms {
                if (0..4).all(|p| adj[p] >> perm[p] & 1 == 1) {
                    any = true;
                    for (w, &q) in want.iter_mut().zip(perm) {
                        *w |= 1 << q;
                    }
                }
            }
            let got = edges_on_perfect_matchings(&adj, 4);
            if any {
                assert_eq!(got, Some(want), "graph {bits:016b}");
            } else {
                assert_eq!(got, None, "graph {bits:016b}");
            }
        }
    }
}
