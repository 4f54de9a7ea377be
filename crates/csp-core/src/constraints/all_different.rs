//! AllDifferent: the variables take pairwise distinct values; with offsets,
//! the values `x_i + c_i` are pairwise distinct.
//!
//! # Background
//!
//! AllDifferent is the constraint behind every Latin-square puzzle; with
//! offsets (Gecode's `distinct(c, x)`), it also states the diagonals of
//! n-queens without auxiliary variables. Three
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
//! All three work on 64-bit masks, one per variable. When the constraint is
//! posted through the model, the scope's values are lined up once on a
//! common *frame*: the value `v` of variable `i` becomes bit `v - lo` of the
//! frame, where `lo` is the smallest value of the scope, so each variable's
//! word is moved by its own base's distance to `lo` (a rotation, one
//! instruction). Domains with different ranges (`i..i+n` for the diagonal
//! `q_i + i` of n-queens, the two positions of a Langford pair) then cost
//! what domains over one common range cost: whenever the whole scope spans
//! at most 64 values, every strength takes the word-sized path. An offset
//! `c_i` is one more shift of the same kind (value `v` of `x_i` is bit
//! `v + c_i - lo`), so `x_i + c_i` costs what `x_i` costs.
//!
//! Wider scopes get a frame of several words per variable (when it is not
//! much wider than the widest domain), with forward checking, pigeonhole
//! and hidden singles on whole words (matching needs the word-sized form,
//! so `DomainConsistent` acts as `HiddenSingles` there). A constraint built
//! with [`AllDifferent::new`] and posted with
//! [`Model::add`](crate::Model::add) cannot see the domains when it is
//! created: it takes the word paths only when every variable has the same
//! layout. Those, and scopes whose values are spread too thinly for a
//! frame, number the distinct values of the scope at each call: masks over
//! that numbering when there are at most 64, forward checking plus the
//! pigeonhole test value by value otherwise. The
//! default strength is chosen by measurement on the Sudoku datasets; see
//! `docs/performance.md`.
//!
//! # References
//!
//! J.-C. Régin, *A filtering algorithm for constraints of difference in
//! CSPs*, AAAI 1994. J. E. Hopcroft and R. M. Karp, *An n^5/2 algorithm for
//! maximum matchings in bipartite graphs*, 1973 (the augmenting-path idea).

use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::domain::VarLayout;
use crate::error::ModelError;
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

/// The variables take pairwise distinct values, or, with offsets, the
/// values `x_i + c_i` are pairwise distinct. Create it with
/// [`Model::all_different`](crate::Model::all_different),
/// [`Model::all_different_with`](crate::Model::all_different_with),
/// [`Model::all_different_offset`](crate::Model::all_different_offset) or
/// [`Model::all_different_offset_with`](crate::Model::all_different_offset_with).
#[derive(Clone, Debug)]
pub struct AllDifferent {
    vars: Vec<VarId>,
    /// Per variable, the constant added to its value before comparing
    /// (empty: all zero).
    offsets: Vec<Value>,
    strength: Strength,
    /// The scope's values on one common frame, when the constraint was
    /// posted through the model (which knows the domains).
    frame: Option<Frame>,
}

/// The most variables the small path keeps on the stack (Sudoku up to
/// 25x25 and 32x32 boards, Latin squares, n-queens, Langford up to L(2, 16)).
const SMALL: usize = 32;

/// Scratch masks for one propagation; a scope of more than 64 variables over
/// at most 64 values fails before these are used.
const MAX: usize = 64;

/// The largest frame, in words per variable, that the word-wise path uses
/// (beyond it, the values are numbered instead).
const MAX_FRAME_WORDS: i64 = 1 << 14;

/// Where each variable's domain words sit on one frame shared by the whole
/// scope: the bit of value `v` of variable `i` is bit `v + c_i - lo` of the
/// frame, where `c_i` is its offset and `lo` the smallest `v + c_i` of the
/// initial domains. Computed once, when the constraint is posted: domains
/// only shrink, so the frame holds for every search state.
///
/// A variable's own word has bit `j` for value `base_i + j`; on the frame
/// that bit moves by `base_i + c_i - lo` places. Variables over different
/// ranges (`i..i+n` for `q_i + i`, the positions of a Langford pair) or with
/// offsets then line up, and the propagator works on whole words whatever
/// the layouts are.
#[derive(Clone, Debug, PartialEq)]
struct Frame {
    /// Words per variable on the frame.
    words: usize,
    /// One word, and every variable's domain is one word: the fused
    /// word-sized path applies.
    fused: bool,
    /// Every shift is 0 (the common case of one range, as in Sudoku): the
    /// words are used as they are.
    aligned: bool,
    /// Per variable: frame bit minus own bit. On a one-word frame every
    /// variable is one word whose set bits stay inside the word when moved,
    /// so the move is a rotation by `shift mod 64`. Empty when `aligned`
    /// (every shift 0: see [`shift`](Self::shift)), which saves small models
    /// an allocation per constraint.
    shift: Vec<i64>,
    /// Per variable: its layout (where its domain word is, and its base:
    /// the value of its bit 0), so the small path reads and writes the
    /// words without looking them up.
    layouts: Vec<VarLayout>,
    /// Fused and at most [`SMALL`] variables: the small path applies
    /// (below domain consistency, untraced).
    small: bool,
    /// Per variable: [`rotation`](Self::rotation), for the small path;
    /// empty when `aligned` (every rotation 0).
    rotations: Vec<u32>,
}

impl Frame {
    /// The frame of `vars` (with `offsets`, or none) over the model's
    /// initial domains; `None` if their values are spread too thinly for
    /// whole words to pay.
    fn new(model: &crate::Model, vars: &[VarId], offsets: &[Value]) -> Option<Frame> {
        if offsets.is_empty() {
            if let Some(frame) = Frame::one_word(model, vars) {
                return Some(frame);
            }
        }
        Frame::general(model, vars, offsets)
    }

    /// [`new`](Frame::new) in the usual case, a grid's line: no offsets,
    /// and one-word domains on one base, the base itself in one of them.
    /// The frame is then that base's word, every shift 0; `None` in any
    /// other case (for [`general`](Frame::general)), which gives the same
    /// frame here at about a fifth of the instructions a variable.
    fn one_word(model: &crate::Model, vars: &[VarId]) -> Option<Frame> {
        let base = model.layout.get(vars.first()?.index())?.base;
        let mut layouts: Vec<VarLayout> = Vec::with_capacity(vars.len());
        let mut union = 0u64;
        for &v in vars {
            let l = *model.layout.get(v.index())?;
            let w = *model.init_words.get(l.start as usize)?;
            if l.words != 1 || l.base != base || w == 0 {
                return None;
            }
            union |= w;
            layouts.push(l);
        }
        // The lowest value is the base: the frame starts there.
        if union & 1 == 0 {
            return None;
        }
        Some(Frame {
            words: 1,
            fused: true,
            aligned: true,
            shift: Vec::new(),
            layouts,
            small: vars.len() <= SMALL,
            rotations: Vec::new(),
        })
    }

    /// [`new`](Frame::new) for any scope and offsets.
    fn general(model: &crate::Model, vars: &[VarId], offsets: &[Value]) -> Option<Frame> {
        if vars.is_empty() {
            return None; // the model rejects the empty scope
        }
        let domains = model.initial_domains();
        let offset = |i: usize| offsets.get(i).map_or(0, |&c| i64::from(c));
        let (mut lo, mut hi, mut widest, mut one_word) = (i64::MAX, i64::MIN, 1i64, true);
        let mut layouts: Vec<VarLayout> = Vec::with_capacity(vars.len());
        for (i, &v) in vars.iter().enumerate() {
            let l = *model.layout.get(v.index())?;
            // A one-word domain (the usual case) is read in place.
            let (min, max) = match model.init_words.get(l.start as usize) {
                Some(&w) if l.words == 1 && w != 0 => {
                    let base = i64::from(l.base);
                    (
                        base + i64::from(w.trailing_zeros()),
                        base + 63 - i64::from(w.leading_zeros()),
                    )
                }
                _ => (i64::from(domains.min(v)?), i64::from(domains.max(v)?)),
            };
            lo = lo.min(min + offset(i));
            hi = hi.max(max + offset(i));
            widest = widest.max(i64::from(l.words));
            one_word &= l.words == 1;
            layouts.push(l);
        }
        let words = (hi - lo + 64) / 64; // hi >= lo: at least one word
        if words > 1 && (words > 4 * widest + 4 || words > MAX_FRAME_WORDS) {
            return None;
        }
        let shift_of = |i: usize, l: &VarLayout| i64::from(l.base) + offset(i) - lo;
        // (With offsets, equal shifts need equal bases to share the base.)
        let aligned = layouts.iter().enumerate().all(|(i, l)| shift_of(i, l) == 0)
            && layouts.iter().all(|l| l.base == layouts[0].base);
        let fused = words == 1 && one_word;
        let (shift, rotations) = if aligned {
            (Vec::new(), Vec::new())
        } else {
            let shift: Vec<i64> = layouts
                .iter()
                .enumerate()
                .map(|(i, l)| shift_of(i, l))
                .collect();
            let rotations = shift.iter().map(|k| k.rem_euclid(64) as u32).collect();
            (shift, rotations)
        };
        Some(Frame {
            small: fused && vars.len() <= SMALL,
            rotations,
            words: words as usize,
            // A multi-word variable whose values fit one word takes the
            // word-wise path: its values need not be in its first word.
            fused,
            aligned,
            shift,
            layouts,
        })
    }

    /// The rotation that moves variable `i`'s word onto a one-word frame.
    #[inline]
    fn rotation(&self, i: usize) -> u32 {
        self.shift(i).rem_euclid(64) as u32
    }

    /// Variable `i`'s shift (0 on an aligned frame).
    #[inline]
    fn shift(&self, i: usize) -> i64 {
        self.shift.get(i).copied().unwrap_or(0)
    }
}

/// How the masks of the fused path map back to the variables' own words.
#[derive(Clone, Copy)]
enum Align<'a> {
    /// Every variable's word has this base.
    Base(Value),
    /// Each variable's word is rotated onto the frame.
    Frame(&'a Frame),
}

impl Align<'_> {
    /// Variable `i`'s base and its own word for the frame mask `mask`.
    #[inline]
    fn own(self, i: usize, mask: u64) -> (Value, u64) {
        match self {
            Align::Base(base) => (base, mask),
            Align::Frame(f) => (f.layouts[i].base, mask.rotate_right(f.rotation(i))),
        }
    }
}

impl AllDifferent {
    /// The constraint over `vars` with the given strength. The model checks
    /// that the variables are distinct and known.
    ///
    /// Posted with [`Model::add`](crate::Model::add), it cannot see the
    /// domains: it works on whole words only when the variables share one
    /// layout, and numbers their values at every call otherwise. The
    /// model's [`all_different_with`](crate::Model::all_different_with)
    /// lines any domains up once, when it posts the constraint.
    pub fn new(vars: Vec<VarId>, strength: Strength) -> Self {
        AllDifferent {
            vars,
            offsets: Vec::new(),
            strength,
            frame: None,
        }
    }

    /// The strength this constraint propagates with.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The constant added to each variable's value (in scope order) before
    /// the values are compared; empty when there are none.
    pub fn offsets(&self) -> &[Value] {
        &self.offsets
    }

    /// The offset of scope position `i` (0 without offsets), in `i64`.
    #[inline]
    fn offset(&self, i: usize) -> i64 {
        self.offsets.get(i).map_or(0, |&c| i64::from(c))
    }

    /// Propagation over compact masks (bit `i` is `values[i]`), phase by
    /// phase, each phase written back under its own rule name.
    fn run_masks(
        &self,
        ctx: &mut PropagationContext<'_>,
        masks: &mut [u64],
        written: &mut [u64],
        values: &[i64],
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
        values: &[i64],
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
                // A value of var's domain, so it fits a Value.
                ctx.remove(var, (values[b] - self.offset(i)) as Value)?;
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
        align: Align<'_>,
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
                let (base, mask) = align.own(i, masks[i]);
                let by = [
                    (align.own(i, hs).1, rules::HIDDEN_SINGLE),
                    (align.own(i, matched).1, rules::MATCHING),
                ];
                ctx.intersect_mask_explained(self.vars[i], base, mask, by, fixed_by)?;
            } else {
                let (base, mask) = align.own(i, masks[i]);
                ctx.intersect_mask(self.vars[i], base, mask)?;
            }
        }
        Ok(())
    }

    /// The untraced path for a scope of at most [`SMALL`] variables with
    /// one-word domains on a one-word frame, at forward checking or hidden
    /// singles (Sudoku's case, Latin squares, n-queens with offsets): the
    /// same fixpoint and the same writes, in the same order, as
    /// [`propagate_fused`](Self::propagate_fused), but with the masks on
    /// the stack, the words read and written through the layouts kept in
    /// the frame, and one pass over the scope per round (fixed values,
    /// values seen once and values seen twice together) instead of three.
    fn propagate_small(
        &self,
        ctx: &mut PropagationContext<'_>,
        frame: &Frame,
    ) -> Result<(), Conflict> {
        let layouts = &frame.layouts[..];
        let n = layouts.len();
        let mut all = [0u64; SMALL];
        if frame.aligned {
            for (m, &l) in all.iter_mut().zip(layouts) {
                *m = ctx.word_at(l);
            }
        } else {
            for ((m, &l), &r) in all.iter_mut().zip(layouts).zip(&frame.rotations) {
                *m = ctx.word_at(l).rotate_left(r);
            }
        }
        let masks = &mut all[..n];
        let single = |d: u64| d & d.wrapping_sub(1) == 0;
        // Bit i set: masks[i] changed and must be written back.
        let mut dirty = 0u32;
        loop {
            let (mut fixed, mut once, mut twice) = (0u64, 0u64, 0u64);
            for &d in masks.iter() {
                if single(d) {
                    if fixed & d != 0 {
                        ctx.set_rule(rules::ELIMINATION);
                        return Err(ctx.conflict());
                    }
                    fixed |= d;
                }
                twice |= once & d;
                once |= d;
            }
            // A fixed value in two masks: one of them is not fixed.
            if twice & fixed != 0 {
                let mut newly_fixed = false;
                for (i, d) in masks.iter_mut().enumerate() {
                    if *d & fixed != 0 && !single(*d) {
                        *d &= !fixed;
                        if *d == 0 {
                            ctx.set_rule(rules::ELIMINATION);
                            return Err(ctx.conflict());
                        }
                        dirty |= 1 << i;
                        newly_fixed |= single(*d);
                    }
                }
                if newly_fixed {
                    continue;
                }
                // Only fixed values left the other masks: each is now in
                // its own mask alone, and every other count is unchanged.
                twice &= !fixed;
            }
            if self.strength == Strength::ForwardChecking {
                break;
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
                    *d = h;
                    dirty |= 1 << i;
                }
            }
        }
        while dirty != 0 {
            let i = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let own = if frame.aligned {
                masks[i]
            } else {
                masks[i].rotate_right(frame.rotations[i])
            };
            ctx.narrow_word(self.vars[i], layouts[i], own)?;
        }
        Ok(())
    }

    /// Forward checking, pigeonhole (every strength) and hidden singles
    /// (from `HiddenSingles` on) on multi-word domains, `w` words each, laid
    /// out variable after variable in `buf`: the variables' own words when
    /// they share one layout (`frame` is `None`), or their words moved onto
    /// `frame`. Matching needs word-sized domains, so `DomainConsistent`
    /// propagates like `HiddenSingles` here. In traces, a variable given its
    /// value by a hidden single has all of that call's removals attributed
    /// to the hidden-single rule.
    fn propagate_words(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: usize,
        frame: Option<&Frame>,
        buf: &mut Vec<u64>,
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        // buf: [domains n*w][original n*w][fixed w][once w][twice w]
        //      [set by a hidden single: n][one variable's own words]
        let own_words = match frame {
            Some(_) => self.vars.iter().map(|&v| ctx.words_of(v).len()).max(),
            None => None,
        };
        buf.extend_from_within(..n * w);
        buf.resize(2 * n * w + 3 * w + n + own_words.unwrap_or(0), 0);
        let (doms, rest) = buf.split_at_mut(n * w);
        let (orig, rest) = rest.split_at_mut(n * w);
        let (fixed, rest) = rest.split_at_mut(w);
        let (once, rest) = rest.split_at_mut(w);
        let (twice, rest) = rest.split_at_mut(w);
        let (by_hidden, own) = rest.split_at_mut(n);
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
                match frame {
                    None => ctx.intersect_words(var, new)?,
                    Some(f) => {
                        let own = &mut own[..ctx.words_of(var).len()];
                        shift_out(new, f.shift(i), own);
                        ctx.intersect_words(var, own)?
                    }
                };
            }
        }
        Ok(())
    }

    /// The word-sized path on the masks in `buf` (one per variable).
    fn propagate_masks(
        &self,
        ctx: &mut PropagationContext<'_>,
        align: Align<'_>,
        buf: &mut Vec<u64>,
    ) -> Result<(), Conflict> {
        if self.vars.len() > MAX {
            // More than 64 variables over at most 64 values.
            ctx.set_rule(rules::PIGEONHOLE);
            Err(ctx.conflict())
        } else {
            self.propagate_fused(ctx, align, buf)
        }
    }

    /// The general path: number the distinct values `x_i + c_i` of the
    /// scope; masks over that numbering if there are at most 64, value by
    /// value otherwise.
    fn propagate_numbered(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        let mut scratch = ctx.take_scratch();
        let values = &mut scratch.ints;
        for (i, &var) in self.vars.iter().enumerate() {
            let c = self.offset(i);
            values.extend(ctx.iter(var).map(|v| i64::from(v) + c));
        }
        values.sort_unstable();
        values.dedup();
        let result = if values.len() > MAX || n > values.len() {
            self.propagate_wide(ctx, values.len())
        } else {
            let mut masks = [0u64; MAX];
            let mut written = [0u64; MAX];
            for (i, &var) in self.vars.iter().enumerate() {
                let c = self.offset(i);
                let mut m = 0u64;
                for v in ctx.iter(var) {
                    if let Ok(k) = values.binary_search(&(i64::from(v) + c)) {
                        m |= 1 << k;
                    }
                }
                masks[i] = m;
            }
            written[..n].copy_from_slice(&masks[..n]);
            self.run_masks(ctx, &mut masks[..n], &mut written[..n], values)
        };
        ctx.give_back_scratch(scratch);
        result
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
                let taken = i64::from(v) + self.offset(i);
                for (j, &y) in self.vars.iter().enumerate() {
                    // y + c_j == taken is y == taken - c_j.
                    let Ok(w) = Value::try_from(taken - self.offset(j)) else {
                        continue;
                    };
                    if i != j {
                        let was_fixed = ctx.is_fixed(y);
                        if ctx.remove(y, w)? && !was_fixed && ctx.is_fixed(y) {
                            changed = true;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl crate::Model {
    /// The variables take pairwise distinct values, propagated with the
    /// default [`Strength`].
    pub fn all_different(&mut self, vars: &[VarId]) -> Result<ConstraintId, ModelError> {
        self.all_different_with(vars, Strength::default())
    }

    /// The variables take pairwise distinct values, propagated with `strength`.
    ///
    /// The variables may have different domains: their values are lined up
    /// on one frame when the constraint is posted, so the propagator works on
    /// whole words whether the domains share a range or not (see the
    /// [module docs](crate::constraints::all_different)).
    pub fn all_different_with(
        &mut self,
        vars: &[VarId],
        strength: Strength,
    ) -> Result<ConstraintId, ModelError> {
        self.check_distinct("all different", vars)?;
        let mut c = AllDifferent::new(vars.to_vec(), strength);
        c.frame = Frame::new(self, vars, &[]);
        self.post_distinct(Box::new(c), false)
    }

    /// The values `x_i + c_i` are pairwise distinct, for the pairs
    /// `(x_i, c_i)` of `terms`, propagated with the default [`Strength`].
    ///
    /// The diagonals of n-queens are the classic use: with `q_i` the column
    /// of the queen in row `i`, the falling diagonals are
    /// `all_different_offset` of `(q_i, i)` and the rising ones of
    /// `(q_i, -i)`, with no auxiliary variable. The sums are computed in
    /// `i64`, so no offset can overflow. Each variable appears once (a
    /// repetition is [`ModelError::DuplicateVariable`]).
    ///
    /// ```
    /// use csp_core::{Model, Solver};
    /// let n = 8;
    /// let mut model = Model::new();
    /// let q = model.new_vars(n, 0..n as i32)?;
    /// model.all_different(&q)?;
    /// let down: Vec<_> = (0..n).map(|i| (q[i], i as i32)).collect();
    /// let up: Vec<_> = (0..n).map(|i| (q[i], -(i as i32))).collect();
    /// model.all_different_offset(&down)?;
    /// model.all_different_offset(&up)?;
    /// assert_eq!(Solver::new(&model).count(None).count, 92);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_different_offset(
        &mut self,
        terms: &[(VarId, Value)],
    ) -> Result<ConstraintId, ModelError> {
        self.all_different_offset_with(terms, Strength::default())
    }

    /// [`all_different_offset`](Self::all_different_offset) with the given
    /// strength. Every strength works as on plain variables: the offsets are
    /// folded into the frame the values are lined up on, so `x_i + c_i` over
    /// at most 64 values takes the word-sized path.
    pub fn all_different_offset_with(
        &mut self,
        terms: &[(VarId, Value)],
        strength: Strength,
    ) -> Result<ConstraintId, ModelError> {
        let vars: Vec<VarId> = terms.iter().map(|&(v, _)| v).collect();
        self.check_distinct("all different offset", &vars)?;
        let offsets: Vec<Value> = if terms.iter().all(|&(_, c)| c == 0) {
            Vec::new()
        } else {
            terms.iter().map(|&(_, c)| c).collect()
        };
        let frame = Frame::new(self, &vars, &offsets);
        let c = AllDifferent {
            vars,
            offsets,
            strength,
            frame,
        };
        self.post_distinct(Box::new(c), false)
    }
}

/// The values `var` had at the explained moment.
fn ctx_values(ctx: &crate::ExplainContext<'_>, var: VarId) -> Vec<Value> {
    let (lo, hi) = (ctx.min(var), ctx.max(var));
    (lo..=hi).filter(|&v| ctx.contains(var, v)).collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MaskConflict {
    Wipeout,
    Pigeonhole,
}

impl Constraint for AllDifferent {
    /// A value removed because another variable took it (forward
    /// checking), because the variable is the only place left for another
    /// of its values (a hidden single), or because a group of variables
    /// needs all of a set of values including it (a Hall set made of the
    /// variables whose values all lie within one variable's); anything else
    /// by the scope's domains.
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        use crate::Literal;
        let n = self.vars.len();
        let shifted = |i: usize, v: Value| i64::from(v) + self.offset(i);
        let unshift = |i: usize, s: i64| Value::try_from(s - self.offset(i)).ok();
        let crate::Explaining::Removal { var, value } = what else {
            return ctx.push_scope(&self.vars);
        };
        let Some(xi) = self.vars.iter().position(|&v| v == var) else {
            return ctx.push_scope(&self.vars);
        };
        let s = shifted(xi, value);
        // Forward checking: another variable has the value.
        for (i, &y) in self.vars.iter().enumerate() {
            if i != xi {
                if let Some(w) = ctx.value(y) {
                    if shifted(i, w) == s {
                        return ctx.push(Literal::eq(y, w));
                    }
                }
            }
        }
        // A hidden single: when the variables have exactly as many values
        // as there are variables, each value is used, so a value `u` of
        // `var` that no other variable has is `var`'s.
        let mut union: Vec<i64> = Vec::new();
        for (i, &y) in self.vars.iter().enumerate() {
            union.extend(ctx_values(ctx, y).iter().map(|&w| shifted(i, w)));
        }
        union.sort_unstable();
        union.dedup();
        if union.len() == n {
            for u in ctx_values(ctx, var) {
                if u == value {
                    continue;
                }
                let su = shifted(xi, u);
                let elsewhere = (0..n).any(|i| {
                    i != xi && unshift(i, su).is_some_and(|w| ctx.contains(self.vars[i], w))
                });
                if elsewhere {
                    continue;
                }
                for (i, &y) in self.vars.iter().enumerate() {
                    let off = self.offset(i);
                    ctx.push_none_of(y, |w| union.binary_search(&(i64::from(w) + off)).is_err());
                    if i != xi {
                        if let Some(w) = unshift(i, su) {
                            ctx.push(Literal::ne(y, w));
                        }
                    }
                }
                return;
            }
        }
        // A Hall set: the variables whose values lie within those of one
        // variable holding the value, as many as those values.
        for (hi, &h) in self.vars.iter().enumerate() {
            if hi == xi {
                continue;
            }
            let set: Vec<i64> = ctx_values(ctx, h).iter().map(|&w| shifted(hi, w)).collect();
            if !set.contains(&s) {
                continue;
            }
            let members: Vec<usize> = (0..n)
                .filter(|&i| {
                    i != xi
                        && ctx_values(ctx, self.vars[i])
                            .iter()
                            .all(|&w| set.contains(&shifted(i, w)))
                })
                .collect();
            if members.len() >= set.len() {
                for &i in &members {
                    let off = self.offset(i);
                    ctx.push_none_of(self.vars[i], |w| !set.contains(&(i64::from(w) + off)));
                }
                return;
            }
        }
        ctx.push_scope(&self.vars);
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let shifted = |i: usize| i64::from(values[i]) + self.offset(i);
        if values.len() <= 16 {
            (0..values.len()).all(|i| (0..i).all(|j| shifted(i) != shifted(j)))
        } else {
            let mut sorted: Vec<i64> = (0..values.len()).map(shifted).collect();
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        if let Some(frame) = &self.frame {
            if frame.small && self.strength != Strength::DomainConsistent && !ctx.is_tracing() {
                return self.propagate_small(ctx, frame);
            }
        }
        let mut buf = ctx.take_words();
        let result = match &self.frame {
            // Word-sized: every variable's word rotated onto the frame.
            Some(frame) if frame.fused => {
                let align = if frame.aligned {
                    buf.extend(self.vars.iter().map(|&v| ctx.words_of(v)[0]));
                    Align::Base(frame.layouts[0].base)
                } else {
                    for (i, &v) in self.vars.iter().enumerate() {
                        buf.push(ctx.words_of(v)[0].rotate_left(frame.rotation(i)));
                    }
                    Align::Frame(frame)
                };
                Some(self.propagate_masks(ctx, align, &mut buf))
            }
            // Wider: every variable's words moved onto the frame.
            Some(frame) => {
                let w = frame.words;
                buf.resize(n * w, 0);
                for (i, &v) in self.vars.iter().enumerate() {
                    shift_in(
                        ctx.words_of(v),
                        frame.shift(i),
                        &mut buf[i * w..(i + 1) * w],
                    );
                }
                Some(self.propagate_words(ctx, w, Some(frame), &mut buf))
            }
            // Posted without the model: the same paths when the layouts
            // happen to agree.
            None if self.offsets.is_empty() => {
                if let Some(base) = ctx.masks_into(&self.vars, &mut buf) {
                    Some(self.propagate_masks(ctx, Align::Base(base), &mut buf))
                } else {
                    buf.clear();
                    ctx.words_into(&self.vars, &mut buf)
                        .map(|(_, w)| self.propagate_words(ctx, w, None, &mut buf))
                }
            }
            None => None,
        };
        ctx.give_back_words(buf);
        match result {
            Some(result) => result,
            None => self.propagate_numbered(ctx),
        }
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
        if self.offsets.is_empty() {
            "all different"
        } else {
            "all different offset"
        }
    }
}

/// Moves the bits of `own` onto `frame` (zeroed by the caller): own bit `j`
/// becomes frame bit `j + shift`. Bits that fall outside the frame are
/// dropped (the frame covers every value, so they are never set).
fn shift_in(own: &[u64], shift: i64, frame: &mut [u64]) {
    let (q, r) = (shift.div_euclid(64), shift.rem_euclid(64) as u32);
    for (a, &w) in own.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let at = a as i64 + q;
        if let Some(f) = usize::try_from(at).ok().and_then(|k| frame.get_mut(k)) {
            *f |= w << r;
        }
        if r > 0 {
            if let Some(f) = usize::try_from(at + 1).ok().and_then(|k| frame.get_mut(k)) {
                *f |= w >> (64 - r);
            }
        }
    }
}

/// The inverse of [`shift_in`]: own bit `j` is frame bit `j + shift`.
fn shift_out(frame: &[u64], shift: i64, own: &mut [u64]) {
    let (q, r) = (shift.div_euclid(64), shift.rem_euclid(64) as u32);
    let word = |k: i64| usize::try_from(k).ok().and_then(|k| frame.get(k)).copied();
    for (a, o) in own.iter_mut().enumerate() {
        let at = a as i64 + q;
        let low = word(at).unwrap_or(0) >> r;
        let high = if r > 0 {
            word(at + 1).unwrap_or(0) << (64 - r)
        } else {
            0
        };
        *o = low | high;
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

    /// The one-word shortcut gives the general frame wherever it applies,
    /// and declines where it does not (other bases, a lowest value above
    /// the base, several words, an empty domain).
    #[test]
    fn the_one_word_frame_is_the_general_frame() {
        let domains: &[&[Value]] = &[
            &[1, 2, 3, 4],
            &[2, 4],
            &[1],
            &[3, 9],
            &[0, 63],
            &[1, 64],
            &[1, 100],
            &[-5, 7],
            &[63],
        ];
        let mut taken = 0;
        for a in domains {
            for b in domains {
                for c in domains {
                    let mut model = Model::new();
                    let vars: Vec<VarId> = [a, b, c]
                        .iter()
                        .map(|&&d| model.new_var(d).unwrap())
                        .collect();
                    let general = Frame::general(&model, &vars, &[]);
                    if let Some(fast) = Frame::one_word(&model, &vars) {
                        taken += 1;
                        assert_eq!(Some(fast), general, "{a:?} {b:?} {c:?}");
                    }
                    assert_eq!(Frame::new(&model, &vars, &[]), general);
                }
            }
        }
        assert!(taken > 0);
        let mut model = Model::new();
        let x = model.new_var(1..=3).unwrap();
        let y = model.new_var(1..=3).unwrap();
        model.fix(y, 2).unwrap();
        assert_eq!(
            Frame::one_word(&model, &[x, y]),
            Frame::general(&model, &[x, y], &[])
        );
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

    /// The frame of the model's first constraint's scope, over the model's
    /// current initial domains (as `all_different_with` computes it).
    fn frame_of(model: &Model) -> Option<Frame> {
        let scope = model.constraints[0].constraint.scope().to_vec();
        Frame::new(model, &scope, &[])
    }

    #[test]
    fn shifted_ranges_line_up_on_one_word() {
        // i..i+8 for i in 0..8: a common frame 0..15, one word.
        let mut model = Model::new();
        let xs: Vec<_> = (0..8).map(|i| model.new_var(i..i + 8).unwrap()).collect();
        model.all_different(&xs).unwrap();
        let f = frame_of(&model).unwrap();
        assert!(f.fused && f.words == 1);
        assert_eq!(f.shift, (0..8).collect::<Vec<i64>>());
        // Negative and positive bases, still within 64 values.
        let mut model = Model::new();
        let a = model.new_var(-40..=-30).unwrap();
        let b = model.new_var(10..=20).unwrap();
        model.all_different(&[a, b]).unwrap();
        let f = frame_of(&model).unwrap();
        assert!(f.fused);
        assert_eq!(f.shift, vec![0, 50]);
    }

    #[test]
    fn wide_or_multi_word_scopes_get_a_frame_of_words() {
        let mut model = Model::new();
        let a = model.new_var(0..=99).unwrap();
        let b = model.new_var(50..=149).unwrap();
        let c = model.new_var(120..=130).unwrap();
        model.all_different(&[a, b, c]).unwrap();
        let f = frame_of(&model).unwrap();
        assert!(!f.fused);
        assert_eq!((f.words, f.shift.clone()), (3, vec![0, 50, 120]));
        // A two-word variable whose values fit one word is read word-wise.
        let mut model = Model::new();
        let a = model.new_var(0..=99).unwrap();
        for v in 10..=99 {
            model.remove_value(a, v).unwrap();
        }
        let b = model.new_var(0..=9).unwrap();
        model.all_different(&[a, b]).unwrap();
        let f = frame_of(&model).unwrap();
        assert!(!f.fused && f.words == 1);
    }

    #[test]
    fn values_spread_thinly_are_numbered_instead() {
        // Two narrow domains 1,000 values apart: a frame would be 16 words
        // per variable for 2 values each.
        let mut model = Model::new();
        let a = model.new_var([0, 1]).unwrap();
        let b = model.new_var([1000, 1001]).unwrap();
        let c = model.new_var([1, 1000]).unwrap();
        model.all_different(&[a, b]).unwrap();
        model.all_different(&[a, b, c]).unwrap();
        assert!(frame_of(&model).is_none());
        model.fix(c, 1).unwrap();
        let mut solver = Solver::new(&model);
        assert_eq!(solver.propagate().unwrap().value(a), Some(0));
        assert_eq!(solver.count(None).count, 2);
    }

    #[test]
    fn moving_words_onto_a_frame_and_back_is_lossless() {
        let own = [0x8000_0000_0000_0001u64, 0x3];
        for shift in [0i64, 1, 5, 63, 64, 65, 130] {
            let mut frame = [0u64; 5];
            shift_in(&own, shift, &mut frame);
            let ones: u32 = frame.iter().map(|w| w.count_ones()).sum();
            assert_eq!(ones, 4, "shift {shift}");
            let mut back = [0u64; 2];
            shift_out(&frame, shift, &mut back);
            assert_eq!(back, own, "shift {shift}");
        }
        // A negative shift drops only bits below the frame (never set in use).
        let own = [0b1100u64];
        let mut frame = [0u64; 1];
        shift_in(&own, -2, &mut frame);
        assert_eq!(frame, [0b11]);
        let mut back = [0u64; 1];
        shift_out(&frame, -2, &mut back);
        assert_eq!(back, own);
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
