//! Visibility (the Skyscrapers clue): the cells of a line hold pairwise
//! distinct heights, and exactly `k` of them are visible from the start,
//! a height being visible when it is taller than every height before it
//! ([`Model::visible_count`]).
//!
//! # Background
//!
//! In Skyscrapers (Tatham's *Towers*) a clue outside the grid counts the
//! buildings seen along a row or column; the visible heights are the
//! left-to-right maxima of the line. Read from the viewer, a line is a word
//! over heights and the clue is checked by an automaton whose state after
//! `i` cells is *(tallest so far, number visible)*: this is Pesant's layered
//! graph again, with the states of a layer stored as one bitset of possible
//! tallest heights per count. The propagator unfolds it with the
//! distinctness the rule implies built into the transitions: the next
//! height is either above the tallest (visible, the count goes up) or
//! strictly below it (hidden).
//!
//! # Practical
//!
//! - A forward pass collects the states reachable from the viewer, a
//!   backward pass those from which exactly `k` visible can still be
//!   reached, and a height stays in a cell iff it labels a transition
//!   between two surviving states. Two pigeonhole tests prune states on the
//!   way: after `i + 1` cells the tallest is at least the `(i + 1)`-th
//!   smallest height the prefix can hold, and with `c` seen the tallest
//!   leaves room for `k - c` distinct taller heights in the rest of the
//!   line. Fixed heights are removed from the other cells (forward
//!   checking of the distinctness), and the passes are repeated until
//!   nothing changes, so one call reaches this propagator's fixpoint.
//! - Strength: domain consistent for the relaxation in which each height
//!   differs from the tallest before it (the automaton above), plus the
//!   two counting tests and forward checking on the distinctness; not full
//!   domain consistency for "a permutation with `k` maxima" (that is a
//!   table of permutations, which this file's measurements compare against:
//!   see `docs/performance.md`). Exact on fixed lines.
//! - Cost per pass: `O(n * k)` word operations for `n` cells, on 64-bit
//!   masks when the cells' domains share a one-word layout, or on a compact
//!   numbering of the heights when they do not (up to 64 distinct heights;
//!   wider lines get forward checking). No state, no allocation per call.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut m = Model::new(); let line = m.new_vars(4, 1..=4)?;
//! m.visible_count(&line, 4)?; // all four seen: 1 2 3 4
//! assert!(Solver::new(&m).propagate().unwrap().all_fixed());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! G. Pesant, *A regular language membership constraint for finite sequences
//! of variables*, CP 2004 (the layered graph). The number of permutations
//! of `n` with `k` left-to-right maxima is the unsigned Stirling number of
//! the first kind `c(n, k)` (D. E. Knuth, *The Art of Computer Programming*
//! vol. 1, 1.2.10; OEIS A132393), which the tests check.

use crate::Model;
use crate::constraint::{Conflict, Constraint, ConstraintId, Priority};
use crate::error::ModelError;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};

/// Rule names used in traces.
pub mod rules {
    /// A height that no line with `k` visible (and distinct heights) can
    /// use here.
    pub const VISIBILITY: &str = "visibility: clue";
}

/// Bits strictly above bit `b`.
#[inline]
fn above(b: u32) -> u64 {
    if b >= 63 { 0 } else { u64::MAX << (b + 1) }
}

/// Bits strictly below bit `b`.
#[inline]
fn below(b: u32) -> u64 {
    (1u64 << b) - 1
}

/// The highest set bit of a non-zero mask.
#[inline]
fn highest(mask: u64) -> u32 {
    63 - mask.leading_zeros()
}

/// The bits at or above the `r`-th lowest set bit of `mask` (`r >= 1`);
/// 0 if `mask` has fewer than `r` bits.
#[inline]
fn from_rank(mask: u64, r: usize) -> u64 {
    let mut m = mask;
    for _ in 1..r {
        m &= m.wrapping_sub(1);
    }
    if m == 0 {
        0
    } else {
        u64::MAX << m.trailing_zeros()
    }
}

/// The bits strictly below the `r`-th highest set bit of `mask`
/// (`r >= 1`); everything if `r == 0`, nothing if there are fewer bits.
#[inline]
fn below_rank_from_top(mask: u64, r: usize) -> u64 {
    if r == 0 {
        return u64::MAX;
    }
    let mut m = mask;
    for _ in 1..r {
        if m == 0 {
            return 0;
        }
        m &= !(1u64 << highest(m));
    }
    if m == 0 { 0 } else { below(highest(m)) }
}

/// The cells of a line hold distinct heights, exactly `seen` of them
/// visible from the first cell. Create it with [`Model::visible_count`];
/// see the [module docs](self).
#[derive(Clone, Debug)]
pub struct VisibleCount {
    cells: Vec<VarId>,
    seen: usize,
}

impl VisibleCount {
    /// The cells, nearest the viewer first.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// How many heights are visible.
    pub fn seen(&self) -> usize {
        self.seen
    }

    /// One round of the programme on masks (`doms`, bit `b` a height in
    /// increasing order); `work` holds at least [`Self::work_words`]
    /// words. Returns `false` when no line is left.
    fn filter(&self, doms: &mut [u64], work: &mut [u64]) -> bool {
        let n = doms.len();
        let k = self.seen;
        if k == 0 || k > n {
            return false;
        }
        let width = k + 1;
        let at = |i: usize, c: usize| i * width + c;
        // fwd: n rows of k + 1 states (count 0 unused); back: two rows,
        // the current cell's and the previous one's.
        let (fwd, rest) = work.split_at_mut(n * width);
        let (back, rest) = rest.split_at_mut(2 * width);
        let (low, suffix) = rest.split_at_mut(n);
        let suffix = &mut suffix[..n];
        // low[i]: the tallest after cells ..=i is at least the (i + 1)-th
        // smallest height they can hold; suffix[i]: union of doms[i..].
        let mut u = 0;
        for i in 0..n {
            u |= doms[i];
            low[i] = from_rank(u, i + 1);
        }
        u = 0;
        for i in (0..n).rev() {
            u |= doms[i];
            suffix[i] = u;
        }
        // States allowed by counting: after cells ..=i with c seen.
        let allowed = |i: usize, c: usize| {
            let high = if i + 1 < n {
                below_rank_from_top(suffix[i + 1], k - c)
            } else if c == k {
                u64::MAX
            } else {
                0
            };
            low[i] & high
        };
        // Row i uses the counts 1..=min(i + 1, k); the others stay 0.
        fwd[..width].fill(0);
        fwd[at(0, 1)] = doms[0] & allowed(0, 1);
        for i in 1..n {
            let d = doms[i];
            let (before, row) = fwd[(i - 1) * width..(i + 1) * width].split_at_mut(width);
            row.fill(0);
            let above_d = above(d.trailing_zeros());
            for c in 1..=i.min(k) {
                let tallest = before[c];
                if tallest == 0 {
                    continue;
                }
                if c < k {
                    row[c + 1] |= d & above(tallest.trailing_zeros());
                }
                row[c] |= tallest & above_d;
            }
            for (c, state) in row.iter_mut().enumerate().take((i + 1).min(k) + 1).skip(1) {
                *state &= allowed(i, c);
            }
        }
        let (next_row, this_row) = back.split_at_mut(width);
        let (mut later, mut earlier) = (next_row, this_row);
        later.fill(0);
        later[k] = fwd[at(n - 1, k)];
        if later[k] == 0 {
            return false;
        }
        for i in (1..n).rev() {
            let d = doms[i];
            let above_d = above(d.trailing_zeros());
            earlier.fill(0);
            let mut support = 0;
            for c in 1..=i.min(k) {
                let tallest = fwd[at(i - 1, c)];
                if tallest == 0 {
                    continue;
                }
                let next = if c < k { d & later[c + 1] } else { 0 };
                if next != 0 {
                    support |= next & above(tallest.trailing_zeros());
                    earlier[c] |= tallest & below(highest(next));
                }
                let stay = tallest & later[c] & above_d;
                if stay != 0 {
                    support |= d & below(highest(stay));
                    earlier[c] |= stay;
                }
            }
            doms[i] = support;
            if support == 0 {
                return false;
            }
            std::mem::swap(&mut later, &mut earlier);
        }
        doms[0] &= later[1];
        doms[0] != 0
    }

    /// The words [`filter`](Self::filter) works in, for `n` cells.
    fn work_words(&self, n: usize) -> usize {
        (n + 2) * (self.seen + 1) + 2 * n
    }

    /// Whether a line of fixed heights (one bit each) holds distinct
    /// heights with exactly `seen` visible.
    fn fixed_line_holds(&self, doms: &[u64]) -> bool {
        let (mut all, mut tallest, mut seen) = (0u64, 0u64, 0usize);
        for &d in doms {
            if all & d != 0 {
                return false;
            }
            all |= d;
            if d > tallest {
                tallest = d;
                seen += 1;
            }
        }
        seen == self.seen
    }

    /// Forward checking of the distinctness on masks, to its fixpoint.
    fn distinct(doms: &mut [u64]) -> bool {
        loop {
            let mut fixed = 0u64;
            for &d in doms.iter() {
                if d.is_power_of_two() {
                    if fixed & d != 0 {
                        return false;
                    }
                    fixed |= d;
                }
            }
            let mut again = false;
            for d in doms.iter_mut() {
                if !d.is_power_of_two() && *d & fixed != 0 {
                    *d &= !fixed;
                    if *d == 0 {
                        return false;
                    }
                    again |= d.is_power_of_two();
                }
            }
            if !again {
                return true;
            }
        }
    }

    /// The full propagation on masks: distinctness and the programme,
    /// repeated to a common fixpoint.
    fn solve_masks(&self, doms: &mut [u64], work: &mut [u64]) -> bool {
        loop {
            if !Self::distinct(doms) {
                return false;
            }
            let singles = doms.iter().filter(|d| d.is_power_of_two()).count();
            if !self.filter(doms, work) {
                return false;
            }
            if doms.iter().filter(|d| d.is_power_of_two()).count() == singles {
                return true;
            }
        }
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let n = self.cells.len();
        if self.seen == 0 || self.seen > n {
            ctx.set_rule(rules::VISIBILITY);
            return Err(ctx.conflict());
        }
        if n > 64 {
            return crate::forward_check(self, ctx);
        }
        // Masks directly when the cells share one word, else a compact
        // numbering of the heights (in increasing order).
        let direct = ctx.masks_into(&self.cells, &mut s.words);
        if direct.is_none() {
            s.words.clear();
            s.values.clear();
            for &c in &self.cells {
                s.values.extend(ctx.iter(c));
                if s.values.len() > 64 * 64 {
                    s.values.sort_unstable();
                    s.values.dedup();
                }
            }
            s.values.sort_unstable();
            s.values.dedup();
            if s.values.len() > 64 {
                return crate::forward_check(self, ctx);
            }
            for &c in &self.cells {
                let mut m = 0u64;
                for v in ctx.iter(c) {
                    if let Ok(r) = s.values.binary_search(&v) {
                        m |= 1 << r;
                    }
                }
                s.words.push(m);
            }
        }
        if s.words.iter().all(|d| d.is_power_of_two()) {
            // A fixed line: the programme is exact there, so it would
            // change nothing or fail; only the answer is needed.
            if self.fixed_line_holds(&s.words) {
                return Ok(());
            }
            ctx.set_rule(rules::VISIBILITY);
            return Err(ctx.conflict());
        }
        // [masks n][original n][work]
        s.words.extend_from_within(..n);
        s.words.resize(2 * n + self.work_words(n), 0);
        let (doms, rest) = s.words.split_at_mut(n);
        let (orig, work) = rest.split_at_mut(n);
        let ok = self.solve_masks(doms, work);
        ctx.set_rule(rules::VISIBILITY);
        if !ok {
            return Err(ctx.conflict());
        }
        for (i, &cell) in self.cells.iter().enumerate() {
            if doms[i] == orig[i] {
                continue;
            }
            match direct {
                Some(base) => {
                    ctx.intersect_mask(cell, base, doms[i])?;
                }
                None => {
                    let (keep, values) = (doms[i], &s.values);
                    ctx.retain(cell, |_, v| {
                        values.binary_search(&v).is_ok_and(|r| keep & (1 << r) != 0)
                    })?;
                }
            }
        }
        Ok(())
    }
}

impl Constraint for VisibleCount {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
        let mut tallest = None;
        let mut seen = 0;
        for &v in values {
            if tallest.is_none_or(|t| v > t) {
                tallest = Some(v);
                seen += 1;
            }
        }
        distinct && seen == self.seen
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn priority(&self) -> Priority {
        Priority::NORMAL
    }

    fn idempotent(&self) -> bool {
        self.cells.len() <= 64
    }

    fn name(&self) -> &str {
        "visible count"
    }
}

impl Model {
    /// The `cells` (listed from the viewer) hold pairwise distinct
    /// heights, and exactly `seen` of them are visible: taller than every
    /// height before them. This is the Skyscrapers (Towers) clue; see
    /// [`constraints::visibility`](crate::constraints::visibility) for the
    /// propagation. A `seen` of 0 or above the number of cells makes the
    /// model unsatisfiable.
    ///
    /// Errors: [`ModelError::InvalidArgument`] for no cells;
    /// [`ModelError::DuplicateVariable`] for a cell listed twice;
    /// [`ModelError::ForeignVariable`].
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut m = Model::new();
    /// let line = m.new_vars(5, 1..=5)?;
    /// m.visible_count(&line, 2)?;
    /// assert_eq!(Solver::new(&m).count(None).count, 50); // Stirling c(5, 2)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visible_count(
        &mut self,
        cells: &[VarId],
        seen: usize,
    ) -> Result<ConstraintId, ModelError> {
        if cells.is_empty() {
            return Err(ModelError::InvalidArgument {
                constraint: "visible count".to_owned(),
                reason: "the line has no cells".to_owned(),
            });
        }
        self.check_distinct("visible count", cells)?;
        let c = VisibleCount {
            cells: cells.to_vec(),
            seen,
        };
        self.post(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Model, ModelError, Solver, Value, VarId};

    fn root(n: usize, seen: usize) -> Option<Vec<Vec<Value>>> {
        let mut m = Model::new();
        let line: Vec<VarId> = m.new_vars(n, 1..=n as Value).unwrap();
        m.visible_count(&line, seen).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().ok()?;
        Some(line.iter().map(|&c| d.iter(c).collect()).collect())
    }

    #[test]
    fn one_seen_puts_the_tallest_first() {
        let d = root(4, 1).unwrap();
        assert_eq!(d[0], [4]);
        assert!(d[1..].iter().all(|c| c == &[1, 2, 3]));
    }

    #[test]
    fn all_seen_is_increasing() {
        let d = root(5, 5).unwrap();
        assert_eq!(d, [[1], [2], [3], [4], [5]]);
    }

    #[test]
    fn the_clue_bounds_the_near_cells() {
        // With k seen, the cell at distance i holds at most n - k + 1 + i.
        let d = root(6, 4).unwrap();
        for (i, cell) in d.iter().enumerate().take(3) {
            assert_eq!(*cell.last().unwrap(), (6 - 4 + 1 + i) as Value, "cell {i}");
        }
        // 2 seen out of 3: the first cell is not the tallest.
        assert_eq!(root(3, 2).unwrap()[0], [1, 2]);
    }

    #[test]
    fn impossible_clues_fail_and_bad_lines_are_errors() {
        assert!(root(3, 0).is_none());
        assert!(root(3, 4).is_none());
        let mut m = Model::new();
        let x = m.new_var(1..=2).unwrap();
        assert!(matches!(
            m.visible_count(&[], 1),
            Err(ModelError::InvalidArgument { .. })
        ));
        assert!(matches!(
            m.visible_count(&[x, x], 1),
            Err(ModelError::DuplicateVariable { .. })
        ));
    }
}
