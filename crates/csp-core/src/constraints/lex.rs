//! Vectors of variables: lexicographic order (`xs <lex ys`, `xs <=lex ys`)
//! and pairwise different vectors (Binairo's "no two rows alike").
//!
//! # Background
//!
//! **Lex.** `xs <=lex ys` holds when the vectors are equal or, at the first
//! position where they differ, `x_i < y_i`. The propagator follows Frisch,
//! Hnich, Kiziltan, Miguel and Walsh (CP 2002). Let `alpha` be the first
//! position where `x_alpha` and `y_alpha` are not both fixed to the same
//! value. Every pruning happens at `alpha`: there `x_alpha <= y_alpha` must
//! hold, strictly when the rest of the vectors cannot be ordered any more
//! (the paper's `beta = alpha + 1`). The rest can still be ordered when, at
//! the first later position where `min(x_j) != max(y_j)`, `min(x_j) <
//! max(y_j)` (or, with no such position, when the order is not strict). The
//! bounds are then `max(x_alpha) <= max(y_alpha) - s` and `min(y_alpha) >=
//! min(x_alpha) + s` (`s` = 1 if strict there, else 0); when that fixes
//! both to one value, `alpha` moves on. Once `max(x_alpha) < min(y_alpha)`
//! the constraint is entailed.
//!
//! **Different vectors.** `a != b` as vectors is the clause "some position
//! differs", propagated with two watched positions (as
//! [`Clause`](super::Clause) watches literals): positions that are not yet
//! fixed to equal values. When a single one is left it must differ, so once
//! one side of it is fixed its value is removed from the other (forward
//! checking on vector equality); when none is left the node fails.
//! [`Model::all_different_vectors`](crate::Model::all_different_vectors)
//! posts one such constraint per pair of vectors.
//!
//! # Practical
//!
//! - **Strength.** Lex is domain consistent (generalised arc consistent)
//!   when no variable occurs twice in `xs ++ ys`. A position holding the
//!   same variable in both vectors is always equal and is dropped when the
//!   constraint is posted; other repetitions keep it sound. A pair of
//!   different vectors is domain consistent too (the last open position
//!   gets `x != y`, which prunes only a fixed side's value).
//! - **Cost.** Lex keeps `alpha` in one trailed state word (it only moves
//!   forward along a branch) and, instead of the paper's `beta` pointer,
//!   scans from `alpha + 1` to the first position that decides whether the
//!   rest can be ordered: O(1) amortised for `alpha`, plus the length of
//!   the run of positions with `min(x_j) == max(y_j)` (usually none or a
//!   few); entailment is remembered, so later calls are O(1). Different
//!   vectors: O(1) per call while the two watched positions stay open,
//!   O(n) to move a watch.
//! - **One constraint per pair.** A single global constraint over all the
//!   vectors (looking only at vectors fixed but for one position, with
//!   hashes of their values) was tried: it ran about 4% fewer instructions
//!   than the pairs when counting the 6x6 Binairo grids, but its scope of
//!   every cell blunts dom/wdeg, which learns from the scopes of failing
//!   constraints: 33,026 nodes against 1,771 for the first solutions of an
//!   empty 14x14 Binairo from 20 seeds (`examples/logic_bench.rs` of
//!   csp-core, run at the time). The pairs stay.
//! - **Wake-ups.** Lex on bound changes; different vectors when a variable
//!   is fixed (only a fixing can make a position equal, or let the last
//!   open position prune).
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut model = Model::new();
//! let (a, b) = (model.new_bools(3)?, model.new_bools(3)?);
//! model.lex_less(&a, &b)?;
//! assert_eq!(Solver::new(&model).count(None).count, 28); // (64 - 8) / 2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! A. M. Frisch, B. Hnich, Z. Kiziltan, I. Miguel, T. Walsh, *Global
//! constraints for lexicographic orderings*, CP 2002 (the `alpha`/`beta`
//! algorithm; also Artificial Intelligence 170(10), 2006, *Propagation
//! algorithms for lexicographic ordering constraints*). M. W. Moskewicz et
//! al., *Chaff*, DAC 2001 (watched literals).

use super::reify::shift;
use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::domain::Domains;
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// Rule names used in traces.
pub mod rules {
    /// `x_alpha <= y_alpha` (or `<`) at the first open position.
    pub const LEX: &str = "lex: first open position";
    /// The last position where two vectors can still differ must differ.
    pub const DIFFER: &str = "vectors differ: last open position";
}

/// The state word of an entailed lex constraint.
const ENTAILED: u64 = u64::MAX;

/// Pairs `(x_i, y_i)`, without the positions that hold one variable twice.
fn pairs(xs: &[VarId], ys: &[VarId]) -> Vec<(VarId, VarId)> {
    xs.iter()
        .zip(ys)
        .filter(|(x, y)| x != y)
        .map(|(&x, &y)| (x, y))
        .collect()
}

/// `xs <lex ys` or `xs <=lex ys`. Create it with
/// [`Model::lex_less`](crate::Model::lex_less) or
/// [`Model::lex_less_eq`](crate::Model::lex_less_eq).
#[derive(Clone)]
pub struct Lex {
    /// `xs ++ ys`.
    scope: Vec<VarId>,
    pairs: Vec<(VarId, VarId)>,
    strict: bool,
}

impl Lex {
    /// Whether the order is strict (`<lex`).
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// Whether `xs[j..] <=lex ys[j..]` (strict: `<lex`) can still hold,
    /// from the bounds, assuming the earlier positions equal.
    fn rest_can_hold(&self, ctx: &PropagationContext<'_>, from: usize) -> bool {
        for &(x, y) in &self.pairs[from..] {
            let (lo, hi) = (ctx.min(x), ctx.max(y));
            if lo != hi {
                return lo < hi;
            }
        }
        !self.strict
    }

    /// Prunes at `alpha` until nothing changes; returns whether the
    /// constraint is entailed.
    fn run(&self, ctx: &mut PropagationContext<'_>, alpha: &mut usize) -> Result<bool, Conflict> {
        let n = self.pairs.len();
        loop {
            while *alpha < n && fixed_equal(&ctx.domains(), self.pairs[*alpha]) {
                *alpha += 1;
            }
            if *alpha == n {
                return if self.strict {
                    Err(ctx.conflict())
                } else {
                    Ok(true)
                };
            }
            let (x, y) = self.pairs[*alpha];
            if ctx.max(x) < ctx.min(y) {
                return Ok(true);
            }
            let s = i64::from(!self.rest_can_hold(ctx, *alpha + 1));
            let a = ctx.set_max(x, i64::from(ctx.max(y)) - s)?;
            let b = ctx.set_min(y, i64::from(ctx.min(x)) + s)?;
            if !(a || b) {
                return Ok(false);
            }
        }
    }
}

fn fixed_equal(d: &Domains<'_>, (x, y): (VarId, VarId)) -> bool {
    match (d.value(x), d.value(y)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

impl fmt::Debug for Lex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.scope.len() / 2;
        let op = if self.strict { "<lex" } else { "<=lex" };
        write!(f, "{:?} {op} {:?}", &self.scope[..n], &self.scope[n..])
    }
}

impl Constraint for Lex {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values.len() / 2;
        match values[..n].cmp(&values[n..]) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => !self.strict,
            std::cmp::Ordering::Greater => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let word = ctx.state()[0];
        if word == ENTAILED {
            return Ok(());
        }
        ctx.set_rule(rules::LEX);
        let mut alpha = word as usize;
        let entailed = self.run(ctx, &mut alpha)?;
        ctx.set_state(0, if entailed { ENTAILED } else { alpha as u64 });
        Ok(())
    }

    fn events(&self) -> Events {
        Events::BOUNDS
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        if self.strict {
            "lex less"
        } else {
            "lex less or equal"
        }
    }

    fn state_words(&self) -> usize {
        1
    }
}

/// How one position of two vectors stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    /// Both fixed to the same value.
    Equal,
    /// No common value left: the vectors differ here.
    Differ,
    Open,
}

/// How `x` and `y` stand: the word-sized, same-base case (0/1 variables,
/// grid cells) in a few bit operations.
#[inline(always)]
fn position(d: &Domains<'_>, (x, y): (VarId, VarId)) -> Pos {
    if let (Some((bx, mx)), Some((by, my))) = (d.mask(x), d.mask(y)) {
        if bx == by {
            return if mx & my == 0 {
                Pos::Differ
            } else if (mx | my).is_power_of_two() {
                // They meet and hold one value between them: both fixed to it.
                Pos::Equal
            } else {
                Pos::Open
            };
        }
    }
    position_shifted(d, x, y)
}

#[cold]
#[inline(never)]
fn position_shifted(d: &Domains<'_>, x: VarId, y: VarId) -> Pos {
    if let (Some((bx, mx)), Some((by, my))) = (d.mask(x), d.mask(y)) {
        // y's word in x's frame: value by + j is bit j + (by - bx) (values
        // x cannot hold fall out, which the tests below allow for).
        let shifted = shift(my, i64::from(by) - i64::from(bx));
        return if mx & shifted == 0 {
            Pos::Differ
        } else if mx.is_power_of_two() && my.is_power_of_two() {
            // Both fixed, and they meet: the same value.
            Pos::Equal
        } else {
            Pos::Open
        };
    }
    match (d.value(x), d.value(y)) {
        (Some(a), Some(b)) if a == b => Pos::Equal,
        (Some(_), Some(_)) => Pos::Differ,
        _ => Pos::Open,
    }
}

/// Two vectors of equal length differ in at least one position. Create it
/// with [`Model::vectors_differ`](crate::Model::vectors_differ) or
/// [`Model::all_different_vectors`](crate::Model::all_different_vectors).
#[derive(Clone)]
pub struct VectorsDiffer {
    /// `a ++ b`.
    scope: Vec<VarId>,
    pairs: Vec<(VarId, VarId)>,
}

impl VectorsDiffer {
    /// `x != y` at the last open position.
    fn differ_at(&self, ctx: &mut PropagationContext<'_>, i: usize) -> Result<(), Conflict> {
        let (x, y) = self.pairs[i];
        ctx.set_rule(rules::DIFFER);
        if let Some(v) = ctx.value(x) {
            ctx.remove(y, v)?;
        }
        if let Some(v) = ctx.value(y) {
            ctx.remove(x, v)?;
        }
        Ok(())
    }

    /// An open or differing position other than `a` and `b`, searched from
    /// `a + 1` on, wrapping around.
    fn replacement(&self, d: &Domains<'_>, a: usize, b: usize) -> Option<(usize, Pos)> {
        let n = self.pairs.len();
        (a + 1..n).chain(0..a).filter(|&i| i != b).find_map(|i| {
            let p = position(d, self.pairs[i]);
            (p != Pos::Equal).then_some((i, p))
        })
    }
}

impl fmt::Debug for VectorsDiffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.scope.len() / 2;
        write!(f, "{:?} != {:?}", &self.scope[..n], &self.scope[n..])
    }
}

fn unpack(w: u64) -> (usize, usize) {
    ((w & 0xFFFF_FFFF) as usize, (w >> 32) as usize)
}

fn pack(a: usize, b: usize) -> u64 {
    a as u64 | (b as u64) << 32
}

impl Constraint for VectorsDiffer {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values.len() / 2;
        values[..n] != values[n..]
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        match self.pairs.len() {
            0 => {
                ctx.set_rule(rules::DIFFER);
                return Err(ctx.conflict());
            }
            1 => return self.differ_at(ctx, 0),
            _ => {}
        }
        let d = ctx.domains();
        let (mut a, mut b) = unpack(ctx.state()[0]);
        let mut pa = position(&d, self.pairs[a]);
        if pa == Pos::Differ {
            return Ok(());
        }
        if a == b {
            // One open position left (set below, undone on backtracking).
            return match pa {
                Pos::Equal => {
                    ctx.set_rule(rules::DIFFER);
                    Err(ctx.conflict())
                }
                _ => self.differ_at(ctx, a),
            };
        }
        let mut pb = position(&d, self.pairs[b]);
        if pb == Pos::Differ || (pa == Pos::Open && pb == Pos::Open) {
            return Ok(());
        }
        if pa == Pos::Equal {
            if let Some((i, p)) = self.replacement(&d, a, b) {
                (a, pa) = (i, p);
            }
        }
        if pb == Pos::Equal && pa == Pos::Open {
            if let Some((i, p)) = self.replacement(&d, b, a) {
                (b, pb) = (i, p);
            }
        }
        match (pa, pb) {
            (Pos::Equal, Pos::Equal) => {
                ctx.set_rule(rules::DIFFER);
                Err(ctx.conflict())
            }
            (Pos::Equal, Pos::Open) => {
                ctx.set_state(0, pack(b, b));
                self.differ_at(ctx, b)
            }
            (Pos::Open, Pos::Equal) => {
                ctx.set_state(0, pack(a, a));
                self.differ_at(ctx, a)
            }
            _ => {
                ctx.set_state(0, pack(a, b));
                Ok(())
            }
        }
    }

    fn events(&self) -> Events {
        // Only a fixing can make a position equal or a last open position
        // prunable; other changes at most make a position differ, which
        // the watches notice on the next call.
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "vectors differ"
    }

    fn state_words(&self) -> usize {
        usize::from(self.pairs.len() > 1)
    }

    fn init_state(&self, _: &Domains<'_>, state: &mut [u64]) {
        if let Some(w) = state.first_mut() {
            *w = pack(0, 1);
        }
    }
}

impl crate::Model {
    /// Checks two vectors for a lex or difference constraint.
    fn check_vectors(&self, constraint: &str, a: &[VarId], b: &[VarId]) -> Result<(), ModelError> {
        self.check_vars(a)?;
        self.check_vars(b)?;
        if a.len() != b.len() {
            return Err(ModelError::InvalidArgument {
                constraint: constraint.to_owned(),
                reason: format!(
                    "the vectors have different lengths ({} and {})",
                    a.len(),
                    b.len()
                ),
            });
        }
        Ok(())
    }

    fn post_lex(
        &mut self,
        xs: &[VarId],
        ys: &[VarId],
        strict: bool,
    ) -> Result<ConstraintId, ModelError> {
        let name = if strict {
            "lex less"
        } else {
            "lex less or equal"
        };
        self.check_vectors(name, xs, ys)?;
        let scope = xs.iter().chain(ys).copied().collect();
        self.post(
            Box::new(Lex {
                scope,
                pairs: pairs(xs, ys),
                strict,
            }),
            false,
        )
    }

    /// `xs <lex ys`: at the first position where the vectors differ, `xs`
    /// is smaller (and they do differ). Vectors of different lengths are
    /// an [`InvalidArgument`](ModelError::InvalidArgument) error; empty
    /// ones an [`EmptyScope`](ModelError::EmptyScope) error.
    pub fn lex_less(&mut self, xs: &[VarId], ys: &[VarId]) -> Result<ConstraintId, ModelError> {
        self.post_lex(xs, ys, true)
    }

    /// `xs <=lex ys`: the vectors are equal, or `xs <lex ys`.
    pub fn lex_less_eq(&mut self, xs: &[VarId], ys: &[VarId]) -> Result<ConstraintId, ModelError> {
        self.post_lex(xs, ys, false)
    }

    /// The vectors `a` and `b` (of equal length) differ in some position.
    pub fn vectors_differ(&mut self, a: &[VarId], b: &[VarId]) -> Result<ConstraintId, ModelError> {
        self.check_vectors("vectors differ", a, b)?;
        let scope = a.iter().chain(b).copied().collect();
        self.post(
            Box::new(VectorsDiffer {
                scope,
                pairs: pairs(a, b),
            }),
            false,
        )
    }

    /// The vectors are pairwise different (Binairo: no two rows alike):
    /// one [`VectorsDiffer`] per pair, whose ids are returned. All vectors
    /// must have the same length, checked before anything is posted.
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut model = Model::new();
    /// let rows: Vec<_> = (0..3).map(|_| model.new_bools(2)).collect::<Result<_, _>>()?;
    /// model.all_different_vectors(&rows)?;
    /// assert_eq!(Solver::new(&model).count(None).count, 4 * 3 * 2); // 3 of the 4 rows, in order
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_different_vectors<V: AsRef<[VarId]>>(
        &mut self,
        vectors: &[V],
    ) -> Result<Vec<ConstraintId>, ModelError> {
        let Some(first) = vectors.first() else {
            return Ok(Vec::new());
        };
        for v in vectors {
            self.check_vectors("all different vectors", first.as_ref(), v.as_ref())?;
        }
        let mut ids = Vec::with_capacity(vectors.len() * vectors.len().saturating_sub(1) / 2);
        for (i, a) in vectors.iter().enumerate() {
            for b in &vectors[i + 1..] {
                ids.push(self.vectors_differ(a.as_ref(), b.as_ref())?);
            }
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Model, ModelError, Solver, VarId};

    fn root(model: &Model, vars: &[VarId]) -> Option<Vec<Vec<i32>>> {
        let mut s = Solver::new(model);
        let d = s.propagate().ok()?;
        Some(vars.iter().map(|&v| d.iter(v).collect()).collect())
    }

    #[test]
    fn paper_example_prunes_at_alpha() {
        // Worked by hand: x = <{2}, {1,3,4}, {1..5}, {1,2},
        // {3..5}>, y = <{0..2}, {1}, {0..4}, {0,1}, {0..2}> with x <=lex y.
        // alpha = 0; position 1 has min x = max y = 1, position 2 has
        // min x = 1 < 4 = max y: the rest can be ordered, so x0 <= y0 only:
        // y0 = 2. Then alpha = 1: x1 <= y1 = 1 gives x1 = 1; alpha = 2,
        // where x2 <= y2 is bounds: x2 in 1..=4, y2 in 1..=4. Position 3
        // has min x = 1 = max y; position 4 has min x = 3 > max y = 2: the
        // rest cannot be ordered, so x2 < y2 strictly: x2 in 1..=3, y2 in
        // 2..=4.
        let mut m = Model::new();
        let xs = vec![
            m.new_var([2]).unwrap(),
            m.new_var([1, 3, 4]).unwrap(),
            m.new_var(1..=5).unwrap(),
            m.new_var([1, 2]).unwrap(),
            m.new_var(3..=5).unwrap(),
        ];
        let ys = vec![
            m.new_var(0..=2).unwrap(),
            m.new_var([1]).unwrap(),
            m.new_var(0..=4).unwrap(),
            m.new_var([0, 1]).unwrap(),
            m.new_var(0..=2).unwrap(),
        ];
        m.lex_less_eq(&xs, &ys).unwrap();
        let d = root(&m, &[xs[0], ys[0], xs[1], xs[2], ys[2]]).unwrap();
        assert_eq!(
            d,
            vec![vec![2], vec![2], vec![1], vec![1, 2, 3], vec![2, 3, 4]]
        );
    }

    #[test]
    fn equal_fixed_vectors_fail_strict_and_pass_non_strict() {
        let mut m = Model::new();
        let xs = m.new_vars(3, 0..=1).unwrap();
        let ys = m.new_vars(3, 0..=1).unwrap();
        for (&x, &y) in xs.iter().zip(&ys) {
            m.fix(x, 1).unwrap();
            m.fix(y, 1).unwrap();
        }
        let mut strict = Model::new();
        let a = strict.new_vars(2, [4]).unwrap();
        let b = strict.new_vars(2, [4]).unwrap();
        strict.lex_less(&a, &b).unwrap();
        assert!(root(&strict, &a).is_none());
        m.lex_less_eq(&xs, &ys).unwrap();
        assert!(root(&m, &xs).is_some());
    }

    #[test]
    fn same_variable_positions_are_dropped() {
        // <x, y> <lex <x, z> is y < z.
        let mut m = Model::new();
        let x = m.new_var(0..=2).unwrap();
        let y = m.new_var(0..=2).unwrap();
        let z = m.new_var(0..=2).unwrap();
        m.lex_less(&[x, y], &[x, z]).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 3 * 3);
        // <x> <lex <x> never holds.
        let mut m = Model::new();
        let x = m.new_var(0..=2).unwrap();
        m.lex_less(&[x], &[x]).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 0);
    }

    #[test]
    fn last_open_position_must_differ() {
        let mut m = Model::new();
        let a = m.new_vars(3, 1..=3).unwrap();
        let b = m.new_vars(3, 1..=3).unwrap();
        m.vectors_differ(&a, &b).unwrap();
        for i in 0..2 {
            m.fix(a[i], 2).unwrap();
            m.fix(b[i], 2).unwrap();
        }
        m.fix(b[2], 3).unwrap();
        assert_eq!(root(&m, &[a[2]]).unwrap(), vec![vec![1, 2]]);
    }

    #[test]
    fn mismatched_lengths_are_invalid() {
        let mut m = Model::new();
        let a = m.new_vars(3, 0..=1).unwrap();
        let b = m.new_vars(2, 0..=1).unwrap();
        for result in [
            m.lex_less(&a, &b),
            m.lex_less_eq(&a, &b),
            m.vectors_differ(&a, &b),
        ] {
            assert!(matches!(result, Err(ModelError::InvalidArgument { .. })));
        }
        let before = m.num_constraints();
        assert!(matches!(
            m.all_different_vectors(&[&a[..], &a[..2], &b[..]]),
            Err(ModelError::InvalidArgument { .. })
        ));
        let empty: [&[VarId]; 2] = [&[], &[]];
        assert!(matches!(
            m.all_different_vectors(&empty),
            Err(ModelError::EmptyScope { .. })
        ));
        assert_eq!(m.num_constraints(), before, "nothing posted");
    }
}
