//! Linear constraints: `a_1 * x_1 + ... + a_n * x_n OP c` for `OP` in
//! `==`, `!=`, `<=`, `<`, `>=`, `>` ([`RelOp`]), with integer
//! coefficients of any sign.
//!
//! ```
//! # use csp_core::{Model, RelOp, Solver};
//! let mut model = Model::new();
//! let (x, y) = (model.new_var(0..=9)?, model.new_var(0..=9)?);
//! model.linear(&[(2, x), (-3, y)], RelOp::Eq, 1)?; // 2x - 3y == 1
//! assert_eq!(Solver::new(&model).count(None).count, 3); // (2,1) (5,3) (8,5)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Background
//!
//! The constraint is normalised when it is posted: repeated variables are
//! merged (`x + 2x` is `3x`), zero coefficients dropped, `<` and `>` made
//! non-strict (`s < c` is `s <= c - 1`) and `>=` turned into `<=` by
//! negating the coefficients. What is left is `s <= c`, `s == c` or
//! `s != c`, propagated as follows.
//!
//! - **`<=` (and `<`, `>=`, `>`): bounds consistent, which for a linear
//!   inequality is also domain consistent.** The smallest value of the sum,
//!   `L = sum of min(a_i * x_i)`, is computed once; then every term is
//!   capped by `a_i * x_i <= c - (L - min(a_i * x_i))`, rounded to the
//!   integers (`floor` for a positive coefficient, `ceil` for a negative
//!   one). Capping a term never changes `L`, so one pass is the fixpoint
//!   (the propagator is idempotent). Every value left has a support: the
//!   other variables at their best bounds.
//! - **`==`: bounds consistent** in the classic sense of Gecode's
//!   `int/linear` propagators (bounds(R) consistency: each bound of each
//!   variable has a support in which the other variables take real values
//!   within their bounds). Both the smallest and the largest sum are
//!   computed, each term is squeezed into `[c - (U - max_i), c - (L -
//!   min_i)]`, the sums are updated as bounds move, and passes repeat until
//!   none changes a bound (idempotent). Holes inside the domains are not
//!   looked at: `x + y == 6` over `x in {1, 3, 5}`, `y in {1, 5}` keeps
//!   `x = 3` although no `y` completes it.
//! - **`!=`: forward checking, which is domain consistent for `!=`.** With
//!   two or more unfixed variables every value has a support; with one left,
//!   the single value that would make the sum equal `c` is removed; with
//!   none, the sum is checked.
//! - **[`LinearStrength::Domain`]** makes `==` *domain consistent*:
//!   after the bounds passes, a dynamic program over the reachable partial
//!   sums (a bitset per prefix of the unfixed terms, forward, then the
//!   sums that can still reach `c`, backward) keeps exactly the values that
//!   appear in some solution of the constraint. For the other operators
//!   bounds reasoning already is domain consistent, so the strength changes
//!   nothing there.
//!
//! # Practical
//!
//! Cost per call: `O(n)` for `<=`, `O(n)` per pass for `==` (usually one or
//! two passes), `O(n)` for `!=` (woken only when a variable is fixed). The
//! sums are recomputed on every call rather than trailed: the tightening
//! pass reads every term's bounds anyway, so trailing would not change the
//! order of the cost. The domain-consistent pass costs `O(sum |D_i| *
//! W / 64)` word operations, where `W` is the width of the range of the sum
//! of the unfixed terms; it is skipped (bounds reasoning only) when `W`
//! exceeds [`DOMAIN_SPAN_LIMIT`] or the bitsets would exceed
//! [`DOMAIN_WORDS_LIMIT`] words, so it can never blow up. Nothing is
//! allocated per call (the bitsets live in the solver's scratch buffers).
//!
//! All arithmetic is in `i64`. When the constraint is posted, the model
//! checks that `sum |a_i| * max |x_i|` plus `|c| + 1` is at most `2^62`
//! (on the initial domains, which only shrink); otherwise posting fails with
//! [`ModelError::Overflow`], so propagation can never wrap or panic.
//!
//! # References
//!
//! W. Harvey and J. Schimpf, *Bounds consistency techniques for long linear
//! constraints*, TRICS 2002 (the one-pass bounds rule). C. Schulte and P. J.
//! Stuckey, *When do bounds and domain propagation lead to the same search
//! space?*, TOPLAS 2005 (bounds vs domain consistency for linear
//! constraints; Gecode's `int/linear/int-lin.hpp` and `int-dom.hpp`). M. A.
//! Trick, *A dynamic programming approach for consistency and propagation
//! for knapsack constraints*, Annals of OR 2003 (the reachable-sums
//! program).

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::constraints::RelOp;
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// The largest width (largest minus smallest possible value, plus one) of
/// the sum of the unfixed terms for which [`LinearStrength::Domain`] runs
/// its reachable-sums program; above it the call does bounds reasoning only.
pub const DOMAIN_SPAN_LIMIT: i64 = 1 << 14;

/// The most bitset words (`(unfixed terms + 3) * ceil(width / 64)`) the
/// domain-consistent pass may use; above it the call does bounds reasoning
/// only.
pub const DOMAIN_WORDS_LIMIT: usize = 1 << 16;

/// The largest magnitude the constraint's arithmetic may reach (checked on
/// the initial domains when it is posted): `2^62`, so that every
/// intermediate difference of two such sums fits in an `i64`.
const ARITH_LIMIT: i128 = 1 << 62;

/// How hard a [`Linear`] prunes. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LinearStrength {
    /// Bounds consistency (domain consistency for `<=`, `<`, `>=`, `>`,
    /// `!=`). Cheap: linear time per call.
    #[default]
    Bounds,
    /// Domain consistency for `==` too, by dynamic programming over the
    /// reachable partial sums (bounded, see [`DOMAIN_SPAN_LIMIT`]).
    Domain,
}

impl LinearStrength {
    /// Every strength, weakest first.
    pub const ALL: [LinearStrength; 2] = [LinearStrength::Bounds, LinearStrength::Domain];
}

/// Rule names used in traces.
pub mod rules {
    /// A bound moved by bounds reasoning on the sum.
    pub const BOUNDS: &str = "linear: bounds";
    /// A value has no support among the reachable partial sums.
    pub const SUPPORT: &str = "linear: no support";
    /// The last unfixed variable of a `!=` cannot take the value that
    /// would make the sum equal the constant.
    pub const NOT_EQUAL: &str = "linear: not equal";
}

/// The normalised relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `sum <= rhs`
    Le,
    /// `sum == rhs`
    Eq,
    /// `sum != rhs`
    Ne,
    /// Every coefficient cancelled: the constraint is `0 OP c`, a constant.
    Constant(bool),
}

/// The constraint `a_1 * x_1 + ... + a_n * x_n OP c`. Create it with
/// [`Model::linear`](crate::Model::linear),
/// [`Model::linear_with`](crate::Model::linear_with),
/// [`Model::sum`](crate::Model::sum) or [`Model::sum_eq`](crate::Model::sum_eq).
#[derive(Clone)]
pub struct Linear {
    /// The distinct variables with a nonzero coefficient (all distinct
    /// variables given when every coefficient cancelled).
    scope: Vec<VarId>,
    /// The normalised coefficients, one per scope entry (empty for a
    /// constant form).
    coefs: Vec<i64>,
    /// The normalised right-hand side.
    limit: i64,
    form: Form,
    strength: LinearStrength,
    /// As posted, for `Debug`.
    op: RelOp,
    rhs: i64,
    /// Whether the coefficients were negated by normalisation (`>=`, `>`).
    negated: bool,
}

impl Linear {
    /// Normalises `terms OP rhs` and checks its arithmetic against the
    /// initial domains of `model`.
    fn build(
        model: &crate::Model,
        terms: &[(i64, VarId)],
        op: RelOp,
        rhs: i64,
        strength: LinearStrength,
    ) -> Result<Linear, ModelError> {
        let overflow = || ModelError::Overflow {
            constraint: "linear".to_owned(),
        };
        // Merge repeated variables (in order of first appearance).
        let mut merged: Vec<(VarId, i64)> = Vec::with_capacity(terms.len());
        for &(a, x) in terms {
            model.check_var(x)?;
            match merged.iter_mut().find(|(y, _)| *y == x) {
                Some((_, b)) => *b = b.checked_add(a).ok_or_else(overflow)?,
                None => merged.push((x, a)),
            }
        }
        let all_vars: Vec<VarId> = merged.iter().map(|&(x, _)| x).collect();
        merged.retain(|&(_, a)| a != 0);
        // The overflow check, in i128 on the initial domains.
        let domains = model.initial_domains();
        let mut bound = i128::from(rhs).abs() + 1;
        for &(x, a) in &merged {
            let lo = i128::from(domains.min(x).unwrap_or(0));
            let hi = i128::from(domains.max(x).unwrap_or(0));
            bound += i128::from(a).abs() * lo.abs().max(hi.abs());
            if bound > ARITH_LIMIT {
                return Err(overflow());
            }
        }
        let negated = matches!(op, RelOp::Ge | RelOp::Gt);
        let (form, norm_rhs) = match op {
            RelOp::Le => (Form::Le, rhs),
            RelOp::Lt => (Form::Le, rhs - 1),
            RelOp::Ge => (Form::Le, -rhs),
            RelOp::Gt => (Form::Le, -rhs - 1),
            RelOp::Eq => (Form::Eq, rhs),
            RelOp::Ne => (Form::Ne, rhs),
        };
        if merged.is_empty() {
            return Ok(Linear {
                scope: all_vars,
                coefs: Vec::new(),
                limit: rhs,
                form: Form::Constant(op.holds(0, rhs)),
                strength,
                op,
                rhs,
                negated: false,
            });
        }
        Ok(Linear {
            scope: merged.iter().map(|&(x, _)| x).collect(),
            coefs: merged
                .iter()
                .map(|&(_, a)| if negated { -a } else { a })
                .collect(),
            limit: norm_rhs,
            form,
            strength,
            op,
            rhs,
            negated,
        })
    }

    /// The terms `(coefficient, variable)` after merging repeated variables
    /// and dropping zero coefficients, with the coefficients as posted
    /// (before any negation by normalisation).
    pub fn terms(&self) -> impl Iterator<Item = (i64, VarId)> + '_ {
        let sign = if self.negated { -1 } else { 1 };
        self.coefs
            .iter()
            .zip(&self.scope)
            .map(move |(&a, &x)| (sign * a, x))
    }

    /// The operator as posted.
    pub fn op(&self) -> RelOp {
        self.op
    }

    /// The right-hand side as posted.
    pub fn rhs(&self) -> i64 {
        self.rhs
    }

    /// The strength this constraint propagates with.
    pub fn strength(&self) -> LinearStrength {
        self.strength
    }

    /// `[min, max]` of term `i` (`a_i * x_i`) under the current domains.
    #[inline]
    fn term_bounds(&self, ctx: &PropagationContext<'_>, i: usize) -> (i64, i64) {
        let a = self.coefs[i];
        let x = self.scope[i];
        // One-word domains (every puzzle's): both bounds from one mask.
        let (lo, hi) = match ctx.mask(x) {
            Some((base, m)) => (
                i64::from(base) + i64::from(m.trailing_zeros()),
                i64::from(base) + 63 - i64::from(m.leading_zeros()),
            ),
            None => (i64::from(ctx.min(x)), i64::from(ctx.max(x))),
        };
        if a > 0 {
            (a * lo, a * hi)
        } else {
            (a * hi, a * lo)
        }
    }

    /// Restricts `a * x` to `[lower, upper]` (either side may be open).
    /// Returns whether `x` changed.
    #[inline]
    fn squeeze(
        ctx: &mut PropagationContext<'_>,
        x: VarId,
        a: i64,
        lower: Option<i64>,
        upper: Option<i64>,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        if a > 0 {
            if let Some(u) = upper {
                changed |= ctx.set_max(x, u.div_euclid(a))?;
            }
            if let Some(l) = lower {
                changed |= ctx.set_min(x, -((-l).div_euclid(a)))?;
            }
        } else {
            let b = -a;
            // a x <= u  <=>  x >= -u / b (rounded up)
            if let Some(u) = upper {
                changed |= ctx.set_min(x, -(u.div_euclid(b)))?;
            }
            // a x >= l  <=>  x <= -l / b (rounded down)
            if let Some(l) = lower {
                changed |= ctx.set_max(x, (-l).div_euclid(b))?;
            }
        }
        Ok(changed)
    }

    /// `sum <= rhs`: one pass is the fixpoint.
    fn propagate_le(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::BOUNDS);
        let mut low = 0i64;
        for i in 0..self.scope.len() {
            low += self.term_bounds(ctx, i).0;
        }
        if low > self.limit {
            return Err(ctx.conflict());
        }
        for i in 0..self.scope.len() {
            let (lo, hi) = self.term_bounds(ctx, i);
            let cap = self.limit - (low - lo);
            if hi > cap {
                Self::squeeze(ctx, self.scope[i], self.coefs[i], None, Some(cap))?;
            }
        }
        Ok(())
    }

    /// `sum == rhs`: passes until no bound moves. Returns the final sums'
    /// bounds.
    fn propagate_eq_bounds(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::BOUNDS);
        let (mut low, mut high) = (0i64, 0i64);
        for i in 0..self.scope.len() {
            let (lo, hi) = self.term_bounds(ctx, i);
            low += lo;
            high += hi;
        }
        loop {
            if low > self.limit || high < self.limit {
                return Err(ctx.conflict());
            }
            let mut changed = false;
            for i in 0..self.scope.len() {
                let (lo, hi) = self.term_bounds(ctx, i);
                let upper = self.limit - (low - lo);
                let lower = self.limit - (high - hi);
                if hi <= upper && lo >= lower {
                    continue;
                }
                if Self::squeeze(
                    ctx,
                    self.scope[i],
                    self.coefs[i],
                    (lo < lower).then_some(lower),
                    (hi > upper).then_some(upper),
                )? {
                    changed = true;
                    let (nlo, nhi) = self.term_bounds(ctx, i);
                    low += nlo - lo;
                    high += nhi - hi;
                    if low > self.limit || high < self.limit {
                        return Err(ctx.conflict());
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// `sum != rhs`: forward checking on the last unfixed variable.
    fn propagate_ne(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut open = None;
        let mut fixed_sum = 0i64;
        for (i, (&x, &a)) in self.scope.iter().zip(&self.coefs).enumerate() {
            match ctx.value(x) {
                Some(v) => fixed_sum += a * i64::from(v),
                None if open.is_some() => return Ok(()),
                None => open = Some(i),
            }
        }
        ctx.set_rule(rules::NOT_EQUAL);
        match open {
            None if fixed_sum == self.limit => Err(ctx.conflict()),
            None => Ok(()),
            Some(i) => {
                let (x, a) = (self.scope[i], self.coefs[i]);
                let need = self.limit - fixed_sum;
                if need % a == 0 {
                    if let Ok(v) = Value::try_from(need / a) {
                        ctx.remove(x, v)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Domain consistency for `sum == rhs` (after the bounds passes): the
    /// reachable-sums program over the unfixed terms. Does nothing when it
    /// would exceed its limits.
    fn propagate_eq_domain(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut scratch = ctx.take_scratch();
        let result = self.eq_domain_with(ctx, &mut scratch);
        ctx.give_back_scratch(scratch);
        result
    }

    fn eq_domain_with(
        &self,
        ctx: &mut PropagationContext<'_>,
        scratch: &mut crate::Scratch,
    ) -> Result<(), Conflict> {
        // The unfixed terms (indices), their minima, and the constant left.
        let open = &mut scratch.indices;
        let mins = &mut scratch.ints;
        let mut target = self.limit;
        let mut width = 0i64;
        for i in 0..self.scope.len() {
            let (lo, hi) = self.term_bounds(ctx, i);
            if lo == hi {
                target -= lo;
            } else {
                open.push(i as u32);
                mins.push(lo);
                width += hi - lo;
            }
        }
        if open.len() < 2 || width >= DOMAIN_SPAN_LIMIT {
            // One open term: the bounds passes have fixed it already.
            return Ok(());
        }
        let nw = (width as usize + 1).div_ceil(64);
        let m = open.len();
        if (m + 3) * nw > DOMAIN_WORDS_LIMIT {
            return Ok(());
        }
        // target is now relative to the sum of the open terms' minima.
        target -= mins.iter().sum::<i64>();
        if target < 0 || target > width {
            return Err(ctx.conflict());
        }
        // words: F_0 .. F_m (prefix sums, offset by the prefix minima),
        // then R and R' (sums of the prefix that still reach the target).
        let words = &mut scratch.words;
        words.resize((m + 3) * nw, 0);
        words[0] = 1;
        for (k, &i) in open.iter().enumerate() {
            let (i, a, lo) = (i as usize, self.coefs[i as usize], mins[k]);
            let (done, rest) = words.split_at_mut((k + 1) * nw);
            let src = &done[k * nw..];
            let dst = &mut rest[..nw];
            for v in ctx.iter(self.scope[i]) {
                let shift = (a * i64::from(v) - lo) as usize;
                or_shifted_left(dst, src, shift);
            }
        }
        let (prefixes, rs) = words.split_at_mut((m + 1) * nw);
        let (mut r, mut r_prev) = rs.split_at_mut(nw);
        let (tw, tb) = (target as usize / 64, target as usize % 64);
        if prefixes[m * nw + tw] & (1u64 << tb) == 0 {
            return Err(ctx.conflict());
        }
        r[tw] = 1u64 << tb;
        let removed = &mut scratch.values;
        ctx.set_rule(rules::SUPPORT);
        for k in (0..m).rev() {
            let i = open[k] as usize;
            let (a, lo) = (self.coefs[i], mins[k]);
            let f = &prefixes[k * nw..(k + 1) * nw];
            r_prev.fill(0);
            removed.clear();
            for v in ctx.iter(self.scope[i]) {
                let shift = (a * i64::from(v) - lo) as usize;
                if or_shifted_right_masked(r_prev, r, shift, f) {
                    continue;
                }
                removed.push(v);
            }
            for &v in removed.iter() {
                ctx.remove(self.scope[i], v)?;
            }
            std::mem::swap(&mut r, &mut r_prev);
        }
        Ok(())
    }
}

/// `dst |= src << shift` (bit `j` of `src` to bit `j + shift`), truncated
/// to `dst`'s length.
fn or_shifted_left(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / 64, shift % 64);
    let n = dst.len();
    for j in (ws..n).rev() {
        let s = j - ws;
        let mut w = src.get(s).map_or(0, |&x| x << bs);
        if bs != 0 && s > 0 {
            w |= src.get(s - 1).map_or(0, |&x| x >> (64 - bs));
        }
        dst[j] |= w;
    }
}

/// `dst |= (src >> shift) & mask` (bit `j + shift` of `src` to bit `j`);
/// returns whether anything was set.
fn or_shifted_right_masked(dst: &mut [u64], src: &[u64], shift: usize, mask: &[u64]) -> bool {
    let (ws, bs) = (shift / 64, shift % 64);
    let n = dst.len().min(mask.len());
    let mut any = 0u64;
    for j in 0..n {
        let s = j + ws;
        let Some(&x) = src.get(s) else { break };
        let mut w = x >> bs;
        if bs != 0 {
            w |= src.get(s + 1).map_or(0, |&y| y << (64 - bs));
        }
        let w = w & mask[j];
        dst[j] |= w;
        any |= w;
    }
    any != 0
}

impl fmt::Debug for Linear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.coefs.is_empty() {
            return write!(f, "0 {} {}", self.op.symbol(), self.rhs);
        }
        for (k, (a, x)) in self.terms().enumerate() {
            let sign = if a < 0 { "-" } else { "+" };
            match (k, a.unsigned_abs()) {
                (0, 1) if a < 0 => write!(f, "-{x}")?,
                (0, 1) => write!(f, "{x}")?,
                (0, m) if a < 0 => write!(f, "-{m}*{x}")?,
                (0, m) => write!(f, "{m}*{x}")?,
                (_, 1) => write!(f, " {sign} {x}")?,
                (_, m) => write!(f, " {sign} {m}*{x}")?,
            }
        }
        write!(f, " {} {}", self.op.symbol(), self.rhs)
    }
}

impl Constraint for Linear {
    /// Bounds reasoning, explained by the bounds it read: a value removed
    /// because the other terms' smallest (or largest) contributions leave
    /// no room for it. Other deductions (the domain-consistent program) are
    /// explained by the scope's domains.
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        use crate::Literal;
        let limit = i128::from(self.limit);
        // The smallest and largest sum of the terms other than `skip`.
        let sums = |ctx: &crate::ExplainContext<'_>, skip: Option<usize>| {
            let (mut lo, mut hi) = (0i128, 0i128);
            for (i, (&a, &x)) in self.coefs.iter().zip(&self.scope).enumerate() {
                if Some(i) == skip {
                    continue;
                }
                let (a, min, max) = (
                    i128::from(a),
                    i128::from(ctx.min(x)),
                    i128::from(ctx.max(x)),
                );
                if a > 0 {
                    lo += a * min;
                    hi += a * max;
                } else {
                    lo += a * max;
                    hi += a * min;
                }
            }
            (lo, hi)
        };
        // The literals behind the smallest (`low`) or largest sum.
        let push_bounds = |ctx: &mut crate::ExplainContext<'_>, skip: Option<usize>, low: bool| {
            for (i, (&a, &x)) in self.coefs.iter().zip(&self.scope).enumerate() {
                if Some(i) == skip {
                    continue;
                }
                if (a > 0) == low {
                    let m = ctx.min(x);
                    ctx.push(Literal::ge(x, m));
                } else {
                    let m = ctx.max(x);
                    ctx.push(Literal::le(x, m));
                }
            }
        };
        match (self.form, what) {
            (Form::Constant(_), _) => {}
            (Form::Le | Form::Eq, crate::Explaining::Removal { var, value }) => {
                let Some(j) = self.scope.iter().position(|&x| x == var) else {
                    return ctx.push_scope(&self.scope);
                };
                let (lo, hi) = sums(ctx, Some(j));
                let own = i128::from(self.coefs[j]) * i128::from(value);
                if own + lo > limit {
                    push_bounds(ctx, Some(j), true);
                } else if self.form == Form::Eq && own + hi < limit {
                    push_bounds(ctx, Some(j), false);
                } else {
                    ctx.push_scope(&self.scope);
                }
            }
            (Form::Le | Form::Eq, crate::Explaining::Failure) => {
                let (lo, hi) = sums(ctx, None);
                if lo > limit {
                    push_bounds(ctx, None, true);
                } else if self.form == Form::Eq && hi < limit {
                    push_bounds(ctx, None, false);
                } else {
                    ctx.push_scope(&self.scope);
                }
            }
            (Form::Ne, _) => {
                // Every other term fixed: their values.
                for &x in &self.scope {
                    if let Some(v) = ctx.value(x) {
                        ctx.push(Literal::eq(x, v));
                    }
                }
            }
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        // i128: exact for any values, whatever the posted domains were.
        let sum: i128 = self
            .coefs
            .iter()
            .zip(values)
            .map(|(&a, &v)| i128::from(a) * i128::from(v))
            .sum();
        let rhs = i128::from(self.limit);
        match self.form {
            Form::Le => sum <= rhs,
            Form::Eq => sum == rhs,
            Form::Ne => sum != rhs,
            Form::Constant(holds) => holds,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        match self.form {
            Form::Constant(true) => Ok(()),
            Form::Constant(false) => Err(ctx.conflict()),
            Form::Le => self.propagate_le(ctx),
            Form::Ne => self.propagate_ne(ctx),
            Form::Eq => {
                self.propagate_eq_bounds(ctx)?;
                if self.strength == LinearStrength::Domain {
                    self.propagate_eq_domain(ctx)?;
                }
                Ok(())
            }
        }
    }

    fn events(&self) -> Events {
        match (self.form, self.strength) {
            (Form::Eq, LinearStrength::Domain) => Events::DOMAIN,
            (Form::Ne | Form::Constant(_), _) => Events::FIXED,
            _ => Events::BOUNDS,
        }
    }

    fn priority(&self) -> Priority {
        match (self.form, self.strength) {
            (Form::Eq, LinearStrength::Domain) => Priority::NORMAL,
            _ if self.scope.len() <= 2 => Priority::FASTEST,
            _ => Priority::FAST,
        }
    }

    /// Every form reaches its own fixpoint in one call: `<=` in one pass,
    /// `==` by repeating passes, the domain-consistent program by
    /// construction, `!=` trivially.
    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "linear"
    }
}

impl crate::Model {
    /// `a_1 * x_1 + ... + a_n * x_n OP rhs`, given as `(coefficient,
    /// variable)` pairs, propagated with [`LinearStrength::Bounds`].
    ///
    /// Coefficients may have any sign; a variable may appear several times
    /// (its coefficients are added) and zero coefficients are dropped.
    ///
    /// ```
    /// # use csp_core::{Model, RelOp, Solver};
    /// let mut model = Model::new();
    /// let (x, y) = (model.new_var(0..=9)?, model.new_var(0..=9)?);
    /// model.linear(&[(3, x), (1, y)], RelOp::Ge, 25)?; // 3x + y >= 25
    /// let mut solver = Solver::new(&model);
    /// let lowest = solver.propagate().expect("consistent").min(x);
    /// assert_eq!(lowest, Some(6)); // 3 * 5 + 9 < 25
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Errors: [`ModelError::ForeignVariable`], [`ModelError::EmptyScope`]
    /// for no terms, and [`ModelError::Overflow`] when the sum of
    /// `|coefficient| * max |value|` over the initial domains, plus
    /// `|rhs| + 1`, exceeds `2^62`.
    pub fn linear(
        &mut self,
        terms: &[(i64, VarId)],
        op: RelOp,
        rhs: i64,
    ) -> Result<crate::ConstraintId, ModelError> {
        self.linear_with(terms, op, rhs, LinearStrength::Bounds)
    }

    /// [`linear`](Self::linear) with a chosen [`LinearStrength`].
    pub fn linear_with(
        &mut self,
        terms: &[(i64, VarId)],
        op: RelOp,
        rhs: i64,
        strength: LinearStrength,
    ) -> Result<crate::ConstraintId, ModelError> {
        let c = Linear::build(self, terms, op, rhs, strength)?;
        self.post(Box::new(c), false)
    }

    /// `x_1 + ... + x_n OP rhs` (bounds consistent; see [`linear`](Self::linear)).
    pub fn sum(
        &mut self,
        vars: &[VarId],
        op: RelOp,
        rhs: i64,
    ) -> Result<crate::ConstraintId, ModelError> {
        let terms: Vec<(i64, VarId)> = vars.iter().map(|&x| (1, x)).collect();
        self.linear(&terms, op, rhs)
    }

    /// `x_1 + ... + x_n == rhs` (bounds consistent; for domain consistency
    /// use [`linear_with`](Self::linear_with) and [`LinearStrength::Domain`]).
    pub fn sum_eq(&mut self, vars: &[VarId], rhs: i64) -> Result<crate::ConstraintId, ModelError> {
        self.sum(vars, RelOp::Eq, rhs)
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

    #[test]
    fn shifts_move_bits_across_words() {
        let src = [1u64 << 63 | 1, 1];
        let mut dst = [0u64; 3];
        or_shifted_left(&mut dst, &src, 1);
        assert_eq!(dst, [2, 3, 0]);
        let mut dst = [0u64; 3];
        or_shifted_left(&mut dst, &src, 64);
        assert_eq!(dst, [0, 1 << 63 | 1, 1]);
        let mut back = [0u64; 2];
        let any = or_shifted_right_masked(&mut back, &[2, 3], 1, &[u64::MAX, u64::MAX]);
        assert!(any);
        assert_eq!(back, [1 << 63 | 1, 1]);
    }

    #[test]
    fn less_or_equal_caps_each_term_in_one_pass() {
        // 2x + 3y <= 12, x, y in 0..=9: x <= 6, y <= 4.
        let mut m = Model::new();
        let (x, y) = (m.new_var(0..=9).unwrap(), m.new_var(0..=9).unwrap());
        m.linear(&[(2, x), (3, y)], RelOp::Le, 12).unwrap();
        let d = root(&m, &[x, y]).unwrap();
        assert_eq!(d[0], (0..=6).collect::<Vec<_>>());
        assert_eq!(d[1], (0..=4).collect::<Vec<_>>());
    }

    #[test]
    fn negative_coefficients_round_the_right_way() {
        // x - 2y >= 3 with x in 0..=9, y in -3..=5: 2y <= x - 3 <= 6 so
        // y <= 3; x >= 3 + 2 * (-3) = -3 (no change).
        let mut m = Model::new();
        let x = m.new_var(0..=9).unwrap();
        let y = m.new_var(-3..=5).unwrap();
        m.linear(&[(1, x), (-2, y)], RelOp::Ge, 3).unwrap();
        let d = root(&m, &[x, y]).unwrap();
        assert_eq!(d[1], (-3..=3).collect::<Vec<_>>());
        // -3x > 7 means x <= -3 (x < -7/3).
        let mut m = Model::new();
        let x = m.new_var(-9..=9).unwrap();
        m.linear(&[(-3, x)], RelOp::Gt, 7).unwrap();
        assert_eq!(root(&m, &[x]).unwrap()[0], (-9..=-3).collect::<Vec<_>>());
    }

    #[test]
    fn equality_squeezes_bounds_to_a_fixpoint() {
        // x + y + z == 25 over 1..=9: each at least 7.
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=9).unwrap();
        m.sum_eq(&xs, 25).unwrap();
        for d in root(&m, &xs).unwrap() {
            assert_eq!(d, vec![7, 8, 9]);
        }
    }

    #[test]
    fn domain_strength_removes_values_without_support() {
        // 2x + 4y == 10, x in {1, 2, 3}, y in 0..=2: x must be odd.
        // Bounds keeps x = 2 (a real support exists); domain removes it.
        for (strength, want) in [
            (LinearStrength::Bounds, vec![1, 2, 3]),
            (LinearStrength::Domain, vec![1, 3]),
        ] {
            let mut m = Model::new();
            let x = m.new_var(1..=3).unwrap();
            let y = m.new_var(0..=2).unwrap();
            m.linear_with(&[(2, x), (4, y)], RelOp::Eq, 10, strength)
                .unwrap();
            assert_eq!(root(&m, &[x, y]).unwrap()[0], want, "{strength:?}");
        }
        // Holes: x + y == 6 over {1, 3, 5} x {0, 4}: x = 3 has no support.
        let mut m = Model::new();
        let x = m.new_var([1, 3, 5]).unwrap();
        let y = m.new_var([1, 5]).unwrap();
        m.linear_with(&[(1, x), (1, y)], RelOp::Eq, 6, LinearStrength::Domain)
            .unwrap();
        assert_eq!(root(&m, &[x, y]).unwrap(), vec![vec![1, 5], vec![1, 5]]);
    }

    #[test]
    fn not_equal_prunes_the_last_open_variable() {
        let mut m = Model::new();
        let x = m.new_var(0..=3).unwrap();
        let y = m.new_var(0..=5).unwrap();
        m.fix(x, 2).unwrap();
        m.linear(&[(1, x), (2, y)], RelOp::Ne, 8).unwrap(); // y != 3
        assert_eq!(root(&m, &[y]).unwrap()[0], vec![0, 1, 2, 4, 5]);
    }

    #[test]
    fn repeated_variables_merge_and_cancelled_ones_are_constant() {
        let mut m = Model::new();
        let x = m.new_var(-5..=5).unwrap();
        let c = m.linear(&[(1, x), (2, x), (-1, x)], RelOp::Eq, 4).unwrap(); // 2x == 4
        assert_eq!(root(&m, &[x]).unwrap()[0], vec![2]);
        let lin = m.constraint(c).unwrap();
        assert_eq!(lin.scope(), &[x]);
        assert_eq!(format!("{lin:?}"), "2*x0 == 4");
        let mut m = Model::new();
        let x = m.new_var(0..=2).unwrap();
        m.linear(&[(1, x), (-1, x)], RelOp::Lt, 0).unwrap(); // 0 < 0
        assert!(root(&m, &[x]).is_none());
        let mut m = Model::new();
        let x = m.new_var(0..=2).unwrap();
        m.linear(&[(1, x), (-1, x)], RelOp::Le, 0).unwrap(); // 0 <= 0
        assert_eq!(Solver::new(&m).count(None).count, 3);
    }

    #[test]
    fn overflow_is_a_model_error() {
        let mut m = Model::new();
        let x = m.new_var(-1000..=1000).unwrap();
        let y = m.new_var(0..=1).unwrap();
        let err = m.linear(&[(i64::MAX / 100, x), (1, y)], RelOp::Le, 0);
        assert!(matches!(err, Err(ModelError::Overflow { .. })), "{err:?}");
        let err = m.linear(&[(i64::MAX, y), (i64::MAX, y)], RelOp::Le, 0);
        assert!(matches!(err, Err(ModelError::Overflow { .. })), "{err:?}");
        let err = m.linear(&[(1, y)], RelOp::Lt, i64::MIN);
        assert!(matches!(err, Err(ModelError::Overflow { .. })), "{err:?}");
        // Large but safe: 2^40 * 1000 + small.
        assert!(m.linear(&[(1 << 40, x), (1, y)], RelOp::Le, 5).is_ok());
        assert!(matches!(
            m.linear(&[], RelOp::Eq, 0),
            Err(ModelError::EmptyScope { .. })
        ));
    }

    #[test]
    fn debug_reads_like_the_constraint() {
        let mut m = Model::new();
        let (x, y) = (m.new_var(0..=9).unwrap(), m.new_var(0..=9).unwrap());
        let c = m.linear(&[(-1, x), (3, y)], RelOp::Ge, -2).unwrap();
        assert_eq!(
            format!("{:?}", m.constraint(c).unwrap()),
            "-x0 + 3*x1 >= -2"
        );
    }
}
