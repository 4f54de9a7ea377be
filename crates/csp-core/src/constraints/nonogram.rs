//! A Nonogram line: 0/1 cells whose runs of 1s have given lengths, in
//! order, separated by at least one 0 ([`Model::nonogram_line`]).
//!
//! # Background
//!
//! A Nonogram (Griddlers, Paint by Numbers) clue such as `3 1 2` says the
//! line holds a run of three filled cells, then one, then two, with empty
//! cells around and between them. The rule is a regular language, and the
//! [`Regular`] propagator on
//! [`Dfa::nonogram`](crate::Dfa::nonogram) makes a line domain consistent:
//! a cell keeps the value 1 (or 0) iff some placement of all the runs that
//! agrees with the current cells fills (or leaves empty) that cell. Human
//! solvers and programs call this *exact line solving*; puzzles of 30 x 30
//! and more are solved by alternating it over rows and columns, with search
//! where it gets stuck.
//!
//! This module reaches the same consistency with a line solver on machine
//! words: the line is a bitset of the cells that may be 0 and one of those
//! that may be 1, and the dynamic programme over runs and start positions
//! ("run `j` can start at `p` after a valid placement of runs `0..j`") is
//! computed for all start positions at once with shifts and one addition
//! per run (carry propagation fills a stretch of possible 0s).
//!
//! # Practical
//!
//! - A left-to-right pass gives, per run `j`, the set `F[j]` of starts
//!   consistent with the cells to its left, and per gap the cells that can
//!   be 0 there; the same pass on the reversed line gives `B[j]` and the
//!   gaps seen from the right. A cell may be 1 iff it is covered by a start
//!   in `F[j] & B[j]` for some run, and may be 0 iff it is in a gap reached
//!   from both sides. Cost per call: `O(k * (log r + w))` word operations for
//!   `k` runs of length at most `r` and `w = ceil(n / 64)`, plus one domain
//!   read per cell; no state, no allocation.
//! - Measured on 25 x 25 and 30 x 30 puzzles against the layered graph of
//!   [`Model::regular`]: see `docs/performance.md` (the line solver is the
//!   faster of the two, so `nonogram_line` uses it). Lines of more than 512
//!   cells fall back to the layered graph.
//! - Cells should be 0/1 variables; other values are removed. The cells
//!   must be distinct. One call reaches the fixpoint.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut m = Model::new(); let cells = m.new_vars(5, 0..=1)?;
//! m.nonogram_line(&cells, &[3, 1])?; // 1 1 1 0 1 is the only placement
//! assert!(Solver::new(&m).propagate().unwrap().all_fixed());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! K. J. Batenburg, W. A. Kosters, *Solving Nonograms by combining
//! relaxations*, Pattern Recognition 42 (2009) (the left/right placement
//! dynamic programme of exact line solving); G. Pesant, *A regular language
//! membership constraint for finite sequences of variables*, CP 2004 (the
//! same consistency by automaton); J. Wolter, *Survey of Paint-by-Number
//! puzzle solvers*, webpbn.com (the role of line solving in practice).

use crate::Model;
use crate::constraint::{Conflict, Constraint, ConstraintId, Priority};
use crate::constraints::regular::{Dfa, Regular};
use crate::error::ModelError;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};

/// Rule names used in traces.
pub mod rules {
    /// No placement of the runs fills (or leaves empty) this cell.
    pub const LINE: &str = "nonogram: line";
}

/// The longest line the word solver handles (8 words); longer lines use the
/// layered graph.
const MAX_CELLS: usize = 512;

/// Checks the clue: `[0]` (or nothing) is an empty line, a 0 among other
/// runs is an error.
pub(crate) fn check_runs(runs: &[usize]) -> Result<Vec<usize>, ModelError> {
    if runs == [0] {
        return Ok(Vec::new());
    }
    if let Some(j) = runs.iter().position(|&r| r == 0) {
        return Err(ModelError::InvalidArgument {
            constraint: "nonogram line".to_owned(),
            reason: format!("run {j} has length 0 (an empty line is the clue [] or [0])"),
        });
    }
    Ok(runs.to_vec())
}

/// A line of `64 * W` cells as a bitset (bit `i` is cell `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const ZERO: Self = Bits([0; W]);

    /// Bitset `i` of a buffer of bitsets laid out one after another.
    #[inline]
    fn load(buf: &[u64], i: usize) -> Self {
        let mut b = Self::ZERO;
        b.0.copy_from_slice(&buf[i * W..(i + 1) * W]);
        b
    }

    #[inline]
    fn store(self, buf: &mut [u64], i: usize) {
        buf[i * W..(i + 1) * W].copy_from_slice(&self.0);
    }

    #[inline]
    fn bit(i: usize) -> Self {
        let mut b = Self::ZERO;
        if i < 64 * W {
            b.0[i / 64] = 1 << (i % 64);
        }
        b
    }

    /// Cells `0..n`.
    #[inline]
    fn first(n: usize) -> Self {
        let mut b = Self::ZERO;
        for (k, w) in b.0.iter_mut().enumerate() {
            let lo = 64 * k;
            *w = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        b
    }

    #[inline]
    fn and(self, o: Self) -> Self {
        let mut r = self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a &= b);
        r
    }

    #[inline]
    fn or(self, o: Self) -> Self {
        let mut r = self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a |= b);
        r
    }

    #[inline]
    fn and_not(self, o: Self) -> Self {
        let mut r = self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a &= !b);
        r
    }

    #[inline]
    fn xor(self, o: Self) -> Self {
        let mut r = self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a ^= b);
        r
    }

    #[inline]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Towards higher cells by `k`.
    #[inline]
    fn shl(self, k: usize) -> Self {
        let (q, r) = (k / 64, (k % 64) as u32);
        let mut out = Self::ZERO;
        for i in (q..W).rev() {
            let mut w = self.0[i - q] << r;
            if r > 0 && i > q {
                w |= self.0[i - q - 1] >> (64 - r);
            }
            out.0[i] = w;
        }
        out
    }

    /// Towards lower cells by `k`.
    #[inline]
    fn shr(self, k: usize) -> Self {
        let (q, r) = (k / 64, (k % 64) as u32);
        let mut out = Self::ZERO;
        for i in 0..W.saturating_sub(q) {
            let mut w = self.0[i + q] >> r;
            if r > 0 && i + q + 1 < W {
                w |= self.0[i + q + 1] << (64 - r);
            }
            out.0[i] = w;
        }
        out
    }

    /// Addition with carries across words (wrapping at the top).
    #[inline]
    fn add(self, o: Self) -> Self {
        let mut out = Self::ZERO;
        let mut carry = false;
        for i in 0..W {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            out.0[i] = s2;
            carry = c1 | c2;
        }
        out
    }

    /// Cell `i` goes to cell `n - 1 - i` (cells `0..n`).
    #[inline]
    fn reverse(self, n: usize) -> Self {
        let mut out = Self::ZERO;
        for i in 0..W {
            out.0[i] = self.0[W - 1 - i].reverse_bits();
        }
        out.shr(64 * W - n)
    }

    /// The cells of `mask` reachable from a seed by moving up through cells
    /// of `mask`: one addition carries each seed through its stretch.
    #[inline]
    fn fill_up(seeds: Self, mask: Self) -> Self {
        let s = seeds.and(mask);
        mask.add(s).xor(mask).and(mask).or(s)
    }

    /// The starts `p` with cells `p..p + r` all in `self`.
    #[inline]
    fn windows(self, r: usize) -> Self {
        let (mut acc, mut len) = (self, 1);
        while len < r {
            let step = len.min(r - len);
            acc = acc.and(acc.shr(step));
            len += step;
        }
        acc
    }

    /// The cells `p..p + r` for every start `p` in `self`.
    #[inline]
    fn spread(self, r: usize) -> Self {
        let (mut acc, mut len) = (self, 1);
        while len < r {
            let step = len.min(r - len);
            acc = acc.or(acc.shl(step));
            len += step;
        }
        acc
    }
}

/// One pass of the placement programme: for runs `runs` (in order) on the
/// cells `0..n` that may be 0 (`can0`) or 1 (`can1`), writes as bitset `j`
/// of `starts` the starts of run `j` consistent with the cells before its end, and to
/// `gaps[g]` the cells that can be 0 in gap `g` (before run `g`; `g = k`
/// after the last run) given a valid placement of the runs before it.
#[inline]
fn pass<const W: usize>(
    can0: Bits<W>,
    can1: Bits<W>,
    n: usize,
    runs: impl Iterator<Item = usize>,
    starts: &mut [u64],
    gaps: &mut [u64],
) {
    let origin = Bits::bit(0);
    let mut gap = Bits::fill_up(origin, can0);
    gap.store(gaps, 0);
    let mut allowed = origin.or(gap.shl(1));
    for (j, r) in runs.enumerate() {
        // Run cells can be 1, and the cell after it is 0 or the line's end.
        let end_ok = can0
            .shr(r)
            .or(if r <= n { Bits::bit(n - r) } else { Bits::ZERO });
        let f = can1.windows(r).and(end_ok).and(allowed);
        f.store(starts, j);
        gap = Bits::fill_up(f.shl(r), can0);
        gap.store(gaps, j + 1);
        allowed = gap.shl(1);
    }
}

/// A Nonogram line. Create it with [`Model::nonogram_line`]; see the
/// [module docs](self).
#[derive(Clone, Debug)]
pub struct NonogramLine {
    cells: Vec<VarId>,
    runs: Vec<usize>,
    /// Lines longer than [`MAX_CELLS`] use the layered graph.
    fallback: Option<Regular>,
    /// Whether the runs and their gaps fit in the line at all.
    fits: bool,
}

impl NonogramLine {
    /// The cells, in order.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The run lengths, in order (empty for a line of 0s).
    pub fn runs(&self) -> &[usize] {
        &self.runs
    }

    fn solve<const W: usize>(
        &self,
        ctx: &mut PropagationContext<'_>,
        s: &mut Scratch,
    ) -> Result<(), Conflict> {
        let n = self.cells.len();
        let k = self.runs.len();
        // The cells' current values: may be 0, may be 1, holds another value.
        let (mut can0, mut can1, mut other) = (Bits::<W>::ZERO, Bits::ZERO, Bits::ZERO);
        for (i, &c) in self.cells.iter().enumerate() {
            let (w, b) = (i / 64, 1u64 << (i % 64));
            let (z, o, x) = match ctx.mask(c) {
                Some((base, m)) => {
                    let at = |v: i64| {
                        let off = v - i64::from(base);
                        if (0..64).contains(&off) {
                            1u64 << off
                        } else {
                            0
                        }
                    };
                    let (b0, b1) = (at(0), at(1));
                    (m & b0 != 0, m & b1 != 0, m & !(b0 | b1) != 0)
                }
                None => {
                    let (z, o) = (ctx.contains(c, 0), ctx.contains(c, 1));
                    (z, o, ctx.size(c) > u32::from(z) + u32::from(o))
                }
            };
            if z {
                can0.0[w] |= b;
            }
            if o {
                can1.0[w] |= b;
            }
            if x {
                other.0[w] |= b;
            }
        }
        // Scratch: [F: k][gaps L: k + 1][F reversed: k][gaps R: k + 1].
        s.words.resize((4 * k + 2) * W, 0);
        let (fl, rest) = s.words.split_at_mut(k * W);
        let (gl, rest) = rest.split_at_mut((k + 1) * W);
        let (fr, gr) = rest.split_at_mut(k * W);
        pass(can0, can1, n, self.runs.iter().copied(), fl, gl);
        let runs_back = self.runs.iter().rev().copied();
        pass(can0.reverse(n), can1.reverse(n), n, runs_back, fr, gr);
        let mut one_ok = Bits::<W>::ZERO;
        for (j, &r) in self.runs.iter().enumerate() {
            let from_right = Bits::<W>::load(fr, k - 1 - j).reverse(n).shr(r - 1);
            let both = Bits::<W>::load(fl, j).and(from_right);
            one_ok = one_ok.or(both.spread(r));
        }
        let mut zero_ok = Bits::<W>::ZERO;
        for g in 0..=k {
            let from_right = Bits::<W>::load(gr, k - g).reverse(n);
            zero_ok = zero_ok.or(Bits::<W>::load(gl, g).and(from_right));
        }
        ctx.set_rule(rules::LINE);
        if !Bits::first(n).and_not(zero_ok.or(one_ok)).is_zero() {
            return Err(ctx.conflict());
        }
        let dirty = can0.and_not(zero_ok).or(can1.and_not(one_ok)).or(other);
        for (w, &word) in dirty.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let b = 1u64 << (i % 64);
                let (z, o) = (zero_ok.0[w] & b != 0, one_ok.0[w] & b != 0);
                let c = self.cells[i];
                match ctx.mask(c) {
                    Some((base, _)) => {
                        let at = |v: i64| {
                            let off = v - i64::from(base);
                            if (0..64).contains(&off) {
                                1u64 << off
                            } else {
                                0
                            }
                        };
                        let keep = if z { at(0) } else { 0 } | if o { at(1) } else { 0 };
                        ctx.intersect_mask(c, base, keep)?;
                    }
                    None => {
                        ctx.retain(c, |_, v| (v == 0 && z) || (v == 1 && o))?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Constraint for NonogramLine {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut runs = self.runs.iter();
        let mut current = 0;
        for &v in values.iter().chain(std::iter::once(&0)) {
            match v {
                1 => current += 1,
                0 => {
                    if current > 0 {
                        if runs.next() != Some(&current) {
                            return false;
                        }
                        current = 0;
                    }
                }
                _ => return false,
            }
        }
        runs.next().is_none()
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if !self.fits {
            ctx.set_rule(rules::LINE);
            return Err(ctx.conflict());
        }
        if let Some(regular) = &self.fallback {
            return regular.propagate(ctx);
        }
        let mut s = ctx.take_scratch();
        let result = match self.cells.len().div_ceil(64) {
            1 => self.solve::<1>(ctx, &mut s),
            2 => self.solve::<2>(ctx, &mut s),
            3 | 4 => self.solve::<4>(ctx, &mut s),
            _ => self.solve::<8>(ctx, &mut s),
        };
        ctx.give_back_scratch(s);
        result
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "nonogram line"
    }
}

impl Model {
    /// The 0/1 `cells`, in order, hold runs of 1s of the lengths `runs`,
    /// in order, separated by at least one 0 (`&[]` or `&[0]`: all 0).
    /// Domain consistent (exact line solving) with the word-parallel line
    /// solver of [`constraints::nonogram`](crate::constraints::nonogram).
    /// A clue that does not fit makes the model unsatisfiable.
    ///
    /// Errors: [`ModelError::InvalidArgument`] for no cells or a run of
    /// length 0 among others; [`ModelError::DuplicateVariable`] for a cell
    /// listed twice; [`ModelError::ForeignVariable`].
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut m = Model::new();
    /// let cells = m.new_vars(10, 0..=1)?;
    /// m.nonogram_line(&cells, &[3, 1, 2])?;
    /// assert_eq!(Solver::new(&m).count(None).count, 10); // C(10 - 6 + 1, 3)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nonogram_line(
        &mut self,
        cells: &[VarId],
        runs: &[usize],
    ) -> Result<ConstraintId, ModelError> {
        if cells.is_empty() {
            return Err(ModelError::InvalidArgument {
                constraint: "nonogram line".to_owned(),
                reason: "the line has no cells".to_owned(),
            });
        }
        self.check_distinct("nonogram line", cells)?;
        let runs = check_runs(runs)?;
        let needed = runs
            .iter()
            .try_fold(runs.len().saturating_sub(1), |acc, &r| acc.checked_add(r));
        let fits = needed.is_some_and(|need| need <= cells.len());
        let fallback = if fits && cells.len() > MAX_CELLS {
            let dfa = Dfa::nonogram(&runs)?;
            Some(Regular::new(&self.initial_domains(), cells, &dfa))
        } else {
            None
        };
        let c = NonogramLine {
            cells: cells.to_vec(),
            runs,
            fallback,
            fits,
        };
        self.post(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Model, ModelError, Solver, Value};

    /// The line's cells after root propagation, as `#` (1), `.` (0) or `?`.
    fn solve_line(n: usize, runs: &[usize], givens: &[(usize, Value)]) -> Option<String> {
        let mut m = Model::new();
        let cells = m.new_vars(n, 0..=1).unwrap();
        m.nonogram_line(&cells, runs).unwrap();
        for &(i, v) in givens {
            m.fix(cells[i], v).unwrap();
        }
        let mut s = Solver::new(&m);
        let d = s.propagate().ok()?;
        Some(
            cells
                .iter()
                .map(|&c| match d.value(c) {
                    Some(1) => '#',
                    Some(_) => '.',
                    None => '?',
                })
                .collect(),
        )
    }

    #[test]
    fn overlaps_and_gaps_are_found() {
        // The classic overlap: a run of 3 in 5 cells covers the middle.
        assert_eq!(solve_line(5, &[3], &[]).unwrap(), "??#??");
        // 3 1 in 5 cells has one placement.
        assert_eq!(solve_line(5, &[3, 1], &[]).unwrap(), "###.#");
        // A filled cell at the end pins the last run; the one before it
        // must be empty.
        assert_eq!(solve_line(6, &[2], &[(5, 1)]).unwrap(), "....##");
        // An empty cell splits the line: 3 cannot fit left of cell 2.
        assert_eq!(solve_line(6, &[3], &[(2, 0)]).unwrap(), "...###");
        // No runs: all empty; a filled cell then fails.
        assert_eq!(solve_line(4, &[], &[]).unwrap(), "....");
        assert_eq!(solve_line(4, &[0], &[]).unwrap(), "....");
        assert!(solve_line(4, &[], &[(1, 1)]).is_none());
        // A clue that does not fit fails, however long its runs.
        assert!(solve_line(5, &[3, 2], &[]).is_none());
        assert!(solve_line(70, &[usize::MAX >> 1], &[]).is_none());
        assert!(solve_line(5, &[1 << 40, 1], &[]).is_none());
    }

    #[test]
    fn other_values_are_removed() {
        let mut m = Model::new();
        let cells = m.new_vars(3, -1..=2).unwrap();
        m.nonogram_line(&cells, &[3]).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert!(cells.iter().all(|&c| d.value(c) == Some(1)));
    }

    #[test]
    fn bad_lines_are_errors() {
        let mut m = Model::new();
        let cells = m.new_vars(3, 0..=1).unwrap();
        assert!(matches!(
            m.nonogram_line(&[], &[1]),
            Err(ModelError::InvalidArgument { .. })
        ));
        assert!(matches!(
            m.nonogram_line(&cells, &[1, 0]),
            Err(ModelError::InvalidArgument { .. })
        ));
        assert!(matches!(
            m.nonogram_line(&[cells[0], cells[0]], &[1]),
            Err(ModelError::DuplicateVariable { .. })
        ));
    }
}
