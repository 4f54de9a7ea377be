//! The arithmetic cages of KenKen (Tatham's Keen): products of any number
//! of variables, and differences and quotients of two.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut model = Model::new();
//! let cage = model.new_vars(2, 1..=6)?;
//! model.product(&cage, 12)?; // 2 x 6, 3 x 4, 4 x 3, 6 x 2
//! let mut solver = Solver::new(&model);
//! let domains = solver.propagate().expect("consistent");
//! assert_eq!(domains.iter(cage[0]).collect::<Vec<_>>(), [2, 3, 4, 6]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! None of them assumes the values distinct: a KenKen cage may repeat a
//! value in cells that share no row or column (the rows and columns are
//! separate AllDifferent constraints). Addition cages are
//! [`Model::sum_eq`](crate::Model::sum_eq) or, domain consistent,
//! [`Model::linear_with`](crate::Model::linear_with) with
//! [`LinearStrength::Domain`](crate::LinearStrength::Domain).
//!
//! # Background
//!
//! - [`difference(x, y, d)`](crate::Model::difference): `|x - y| == d`.
//!   **Domain consistent**: `x` keeps `v` if `y` holds `v - d` or `v + d`, and the
//!   other way round. On word-sized domains with one base this is two
//!   shifts and an `and` per variable; otherwise value by value. `O(|D(x)| +
//!   |D(y)|)` per call.
//! - [`quotient(x, y, q)`](crate::Model::quotient): `x == q * y` or `y == q *
//!   x` (for positive values: the larger divided by the smaller is exactly `q`).
//!   **Domain consistent**, supports checked value by value: `O(|D(x)| +
//!   |D(y)|)` per call.
//! - [`product(xs, total)`](crate::Model::product): `x_1 * ... * x_n ==
//!   total`. **Domain consistent** for distinct variables (a variable repeated in the scope
//!   is handled soundly, each occurrence on its own). With `total == 0`:
//!   one variable must be 0, so when a single variable can still be 0 it is
//!   fixed there. Otherwise every factor, and every product of a prefix of
//!   the factors, must divide `total`, which leaves few partial products
//!   (the divisors of `total`). When the constraint is posted it builds,
//!   from the initial domains, the partial products reachable after each
//!   prefix and a transition table (partial product, value) -> partial
//!   product; each call runs a forward pass (which partial products the
//!   current domains reach) and a backward pass (which of them still reach
//!   `total`), and keeps a value of a variable exactly when one of its
//!   transitions joins the two. Cost per call: `O(sum over variables of
//!   (reachable products) * |D_i|)` table lookups, with no arithmetic.
//!
//! # Practical
//!
//! **Product fallback.** If some prefix reaches more than
//! [`MAX_PRODUCT_STATES`] partial products or the table would exceed
//! [`MAX_PRODUCT_TABLE`] entries, the product is not domain consistent:
//! each call removes the values that cannot divide `total` (and 0 unless
//! `total` is 0) and then forward-checks (the last unfixed variable keeps
//! the values that complete the product). The table is built in 128-bit
//! arithmetic and the check in `is_satisfied` stops as soon as a partial
//! product exceeds `|total|`, so no input overflows. Nothing is allocated
//! per call.
//!
//! # References
//!
//! The forward/backward pass over reachable partial results is the
//! layered-graph filtering of G. Pesant, *A regular language membership
//! constraint for finite sequences of variables*, CP 2004, applied to the
//! divisors of the target, as M. A. Trick does for sums (*A dynamic
//! programming approach for consistency and propagation for knapsack
//! constraints*, 2003).

use crate::constraint::{Conflict, Constraint, Priority};
use crate::domain::Domains;
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};

/// The most partial products one prefix of a [`Product`] may reach for the
/// domain-consistent table; with more it falls back to forward checking.
pub const MAX_PRODUCT_STATES: usize = 4096;

/// The most entries of a [`Product`]'s transition table; with more it
/// falls back to forward checking.
pub const MAX_PRODUCT_TABLE: usize = 1 << 18;

/// Rule names used in traces.
pub mod rules {
    /// A value of a product has no supporting assignment.
    pub const PRODUCT: &str = "product: no support";
    /// A value of a difference has no partner at distance `d`.
    pub const DIFFERENCE: &str = "difference: no support";
    /// A value of a quotient has no partner at ratio `q`.
    pub const QUOTIENT: &str = "quotient: no support";
}

const NONE: u32 = u32::MAX;

/// The transition table of a domain-consistent product.
#[derive(Clone, Debug)]
struct Table {
    /// Per position: the initial values that divide the total (ascending).
    values: Vec<Vec<Value>>,
    /// Per position `0..=n`: how many partial products the prefix reaches
    /// (position 0: just the empty product, 1).
    states: Vec<u32>,
    /// Per position: where its rows start in `trans`.
    start: Vec<usize>,
    /// Row `p` of position `i` (`values[i].len()` entries): the index of
    /// `product[p] * values[i][k]` among the next prefix's products, or
    /// `NONE`.
    trans: Vec<u32>,
    /// The index of `total` among the full products, if reachable.
    target: Option<u32>,
    /// Bitset words per position `0..=n` (`ceil(states / 64)`), summed.
    words: usize,
}

impl Table {
    fn build(domains: &Domains<'_>, vars: &[VarId], total: i64) -> Option<Table> {
        let t = i128::from(total);
        let mut level: Vec<i128> = vec![1];
        let mut table = Table {
            values: Vec::with_capacity(vars.len()),
            states: vec![1],
            start: Vec::with_capacity(vars.len()),
            trans: Vec::new(),
            target: None,
            words: 1,
        };
        for &x in vars {
            let values: Vec<Value> = domains
                .iter(x)
                .filter(|&v| v != 0 && t % i128::from(v) == 0)
                .collect();
            if level.len() * values.len() + table.trans.len() > MAX_PRODUCT_TABLE {
                return None;
            }
            let mut next: Vec<i128> = Vec::new();
            for &p in &level {
                for &v in &values {
                    let q = p * i128::from(v); // |p| <= |total|, |v| < 2^31
                    if t % q == 0 {
                        next.push(q);
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            if next.len() > MAX_PRODUCT_STATES {
                return None;
            }
            table.start.push(table.trans.len());
            for &p in &level {
                for &v in &values {
                    let q = p * i128::from(v);
                    let index = if t % q == 0 {
                        next.binary_search(&q).map_or(NONE, |k| k as u32)
                    } else {
                        NONE
                    };
                    table.trans.push(index);
                }
            }
            table.values.push(values);
            table.states.push(next.len() as u32);
            table.words += next.len().div_ceil(64);
            level = next;
        }
        table.target = level.binary_search(&t).ok().map(|k| k as u32);
        Some(table)
    }
}

#[derive(Clone, Debug)]
enum Plan {
    /// `total == 0`: some variable is 0.
    Zero,
    /// Domain consistent through the table.
    Table(Table),
    /// Divisor filter and forward checking.
    Fallback,
}

/// `x_1 * ... * x_n == total`. Create it with
/// [`Model::product`](crate::Model::product). See the [module docs](self).
#[derive(Clone, Debug)]
pub struct Product {
    vars: Vec<VarId>,
    total: i64,
    plan: Plan,
    /// Some variable appears more than once in the scope.
    repeats: bool,
}

impl Product {
    /// Whether the constraint is domain consistent (`false`: the fallback).
    pub fn is_domain_consistent(&self) -> bool {
        !matches!(self.plan, Plan::Fallback)
    }

    /// The total.
    pub fn total(&self) -> i64 {
        self.total
    }

    fn propagate_zero(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::PRODUCT);
        let mut zero: Option<VarId> = None;
        for &x in &self.vars {
            if ctx.contains(x, 0) {
                match zero {
                    Some(z) if z != x => return Ok(()),
                    _ => zero = Some(x),
                }
            }
        }
        match zero {
            Some(z) => ctx.fix(z, 0).map(|_| ()),
            None => Err(ctx.conflict()),
        }
    }

    fn propagate_fallback(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::PRODUCT);
        let t = self.total;
        for &x in &self.vars {
            ctx.retain(x, |_, v| v != 0 && t % i64::from(v) == 0)?;
        }
        crate::forward_check(self, ctx)
    }

    fn propagate_table(
        &self,
        ctx: &mut PropagationContext<'_>,
        table: &Table,
    ) -> Result<(), Conflict> {
        ctx.set_rule(rules::PRODUCT);
        let Some(target) = table.target else {
            return Err(ctx.conflict());
        };
        let mut scratch = ctx.take_scratch();
        let result = self.table_with(ctx, table, target, &mut scratch);
        ctx.give_back_scratch(scratch);
        result
    }

    fn table_with(
        &self,
        ctx: &mut PropagationContext<'_>,
        table: &Table,
        target: u32,
        scratch: &mut crate::Scratch,
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        // indices: the current values of each position, as indices into
        // table.values[i]; ints: where each position's list starts.
        let (cur, bounds) = (&mut scratch.indices, &mut scratch.ints);
        for (i, &x) in self.vars.iter().enumerate() {
            bounds.push(cur.len() as i64);
            let values = &table.values[i];
            let mut k = 0;
            for v in ctx.iter(x) {
                while k < values.len() && values[k] < v {
                    k += 1;
                }
                if k < values.len() && values[k] == v {
                    cur.push(k as u32);
                }
            }
        }
        bounds.push(cur.len() as i64);
        let list = |i: usize| &cur[bounds[i] as usize..bounds[i + 1] as usize];
        // words: F_0..F_n, then two R buffers, then a support bitset per
        // position over its table values.
        let widest = table.states.iter().map(|&s| s as usize).max().unwrap_or(1);
        let rw = widest.div_ceil(64);
        let support_words: usize = table.values.iter().map(|v| v.len().div_ceil(64)).sum();
        let words = &mut scratch.words;
        words.resize(table.words + 2 * rw + support_words, 0);
        let (f, rest) = words.split_at_mut(table.words);
        let (rbuf, support) = rest.split_at_mut(2 * rw);
        // Offsets of F_i.
        let offset = |i: usize| -> usize {
            table.states[..i]
                .iter()
                .map(|&s| (s as usize).div_ceil(64))
                .sum()
        };
        f[0] = 1;
        let mut at = 0usize; // offset of F_i
        for i in 0..n {
            let wi = (table.states[i] as usize).div_ceil(64);
            let (done, next) = f.split_at_mut(at + wi);
            let src = &done[at..];
            let width = table.values[i].len();
            for (w, &word) in src.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let p = 64 * w + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let row = &table.trans[table.start[i] + p * width..][..width];
                    for &k in list(i) {
                        let t = row[k as usize];
                        if t != NONE {
                            next[(t / 64) as usize] |= 1u64 << (t % 64);
                        }
                    }
                }
            }
            at += wi;
        }
        let (t_w, t_b) = ((target / 64) as usize, target % 64);
        if f[at + t_w] & (1u64 << t_b) == 0 {
            return Err(ctx.conflict());
        }
        let (mut r, mut r_prev) = rbuf.split_at_mut(rw);
        r[t_w] = 1u64 << t_b;
        let mut sup_at = support_words;
        for i in (0..n).rev() {
            let width = table.values[i].len();
            sup_at -= width.div_ceil(64);
            let sup = &mut support[sup_at..sup_at + width.div_ceil(64)];
            let fi = offset(i);
            let wi = (table.states[i] as usize).div_ceil(64);
            r_prev.fill(0);
            for w in 0..wi {
                let mut bits = f[fi + w];
                while bits != 0 {
                    let p = 64 * w + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let row = &table.trans[table.start[i] + p * width..][..width];
                    for &k in list(i) {
                        let t = row[k as usize];
                        if t != NONE && r[(t / 64) as usize] & (1u64 << (t % 64)) != 0 {
                            r_prev[w] |= 1u64 << (p % 64);
                            sup[(k / 64) as usize] |= 1u64 << (k % 64);
                        }
                    }
                }
            }
            std::mem::swap(&mut r, &mut r_prev);
        }
        // Write back: keep the supported values, remove the rest.
        let removed = &mut scratch.values;
        let mut sup_at = 0usize;
        for (i, &x) in self.vars.iter().enumerate() {
            let values = &table.values[i];
            let sup = &support[sup_at..sup_at + values.len().div_ceil(64)];
            sup_at += values.len().div_ceil(64);
            removed.clear();
            let mut k = 0;
            for v in ctx.iter(x) {
                while k < values.len() && values[k] < v {
                    k += 1;
                }
                let kept =
                    k < values.len() && values[k] == v && sup[k / 64] & (1u64 << (k % 64)) != 0;
                if !kept {
                    removed.push(v);
                }
            }
            for &v in removed.iter() {
                ctx.remove(x, v)?;
            }
        }
        Ok(())
    }
}

impl Constraint for Product {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        if values.contains(&0) {
            return self.total == 0;
        }
        let t = i128::from(self.total);
        let mut p: i128 = 1;
        for &v in values {
            p *= i128::from(v);
            // Every further factor has magnitude at least 1.
            if p.abs() > t.abs() {
                return false;
            }
        }
        p == t
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        match &self.plan {
            Plan::Zero => self.propagate_zero(ctx),
            Plan::Table(table) => self.propagate_table(ctx, table),
            Plan::Fallback => self.propagate_fallback(ctx),
        }
    }

    fn priority(&self) -> Priority {
        match self.plan {
            Plan::Zero => Priority::FAST,
            _ => Priority::NORMAL,
        }
    }

    /// Domain consistency is its own fixpoint for distinct variables.
    fn idempotent(&self) -> bool {
        match self.plan {
            Plan::Zero => true,
            Plan::Table(_) => !self.repeats,
            Plan::Fallback => false,
        }
    }

    fn name(&self) -> &str {
        "product"
    }
}

/// `|x - y| == d`. Create it with [`Model::difference`](crate::Model::difference).
#[derive(Clone, Debug)]
pub struct Difference {
    scope: [VarId; 2],
    d: i64,
}

impl Difference {
    /// The distance `d`.
    pub fn distance(&self) -> i64 {
        self.d
    }
}

fn partner(value: Value, delta: i64) -> Option<Value> {
    i64::from(value)
        .checked_add(delta)
        .and_then(|w| Value::try_from(w).ok())
}

/// `mask << d | mask >> d`: the bits at distance `d` from a bit of `mask`.
fn at_distance(mask: u64, d: i64) -> u64 {
    match u32::try_from(d) {
        Ok(d) if d < 64 => (mask << d) | (mask >> d),
        _ => 0,
    }
}

impl Constraint for Difference {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [x, y] => (i64::from(*x) - i64::from(*y)).abs() == self.d,
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::DIFFERENCE);
        let [x, y] = self.scope;
        let d = self.d;
        if x == y {
            return if d == 0 { Ok(()) } else { Err(ctx.conflict()) };
        }
        if let (Some((bx, mx)), Some((by, my))) = (ctx.mask(x), ctx.mask(y)) {
            if bx == by {
                let kx = mx & at_distance(my, d);
                let ky = my & at_distance(kx, d);
                ctx.intersect_mask(x, bx, kx)?;
                ctx.intersect_mask(y, by, ky)?;
                return Ok(());
            }
        }
        let near = |dom: &Domains<'_>, other: VarId, v: Value| {
            partner(v, d).is_some_and(|w| dom.contains(other, w))
                || partner(v, -d).is_some_and(|w| dom.contains(other, w))
        };
        ctx.retain(x, |dom, v| near(dom, y, v))?;
        ctx.retain(y, |dom, v| near(dom, x, v))?;
        Ok(())
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "difference"
    }
}

/// `x == q * y` or `y == q * x`. Create it with
/// [`Model::quotient`](crate::Model::quotient).
#[derive(Clone, Debug)]
pub struct Quotient {
    scope: [VarId; 2],
    q: i64,
}

impl Quotient {
    /// The ratio `q`.
    pub fn ratio(&self) -> i64 {
        self.q
    }

    /// Whether `a == q * b` or `b == q * a`.
    fn holds(&self, a: i64, b: i64) -> bool {
        let q = i128::from(self.q);
        let (a, b) = (i128::from(a), i128::from(b));
        a == q * b || b == q * a
    }

    /// Whether some value of `other` pairs with `v`.
    fn supported(&self, dom: &Domains<'_>, other: VarId, v: Value) -> bool {
        let q = self.q;
        let v64 = i64::from(v);
        // other == q * v
        if let Some(w) = q.checked_mul(v64).and_then(|w| Value::try_from(w).ok()) {
            if dom.contains(other, w) {
                return true;
            }
        }
        // v == q * other
        if q == 0 {
            v == 0
        } else {
            v64 % q == 0 && Value::try_from(v64 / q).is_ok_and(|w| dom.contains(other, w))
        }
    }

    /// The word-sized form of [`supported`](Self::supported): the bits of
    /// `mask` (bit `i` the value `base + i`) whose value pairs with one of
    /// `other`'s (bit `j` the value `other_base + j`).
    fn supported_mask(&self, base: Value, mask: u64, other_base: Value, other: u64) -> u64 {
        let q = self.q;
        let has = |w: i64| {
            let j = w - i64::from(other_base);
            (0..64).contains(&j) && other >> j & 1 == 1
        };
        let mut kept = 0;
        let mut bits = mask;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let v = i64::from(base) + i64::from(i);
            let paired = q.checked_mul(v).is_some_and(has)
                || if q == 0 {
                    v == 0
                } else {
                    v % q == 0 && has(v / q)
                };
            if paired {
                kept |= 1 << i;
            }
        }
        kept
    }
}

impl Constraint for Quotient {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [x, y] => self.holds(i64::from(*x), i64::from(*y)),
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::QUOTIENT);
        let [x, y] = self.scope;
        if x == y {
            ctx.retain(x, |_, v| self.holds(i64::from(v), i64::from(v)))?;
            return Ok(());
        }
        if let (Some((bx, mx)), Some((by, my))) = (ctx.mask(x), ctx.mask(y)) {
            // Word-sized domains: the supports from the masks (the relation
            // is symmetric, and a value of x without support supports no
            // value of y, so y is filtered against x's kept values).
            let kx = self.supported_mask(bx, mx, by, my);
            let ky = self.supported_mask(by, my, bx, kx);
            ctx.intersect_mask(x, bx, kx)?;
            ctx.intersect_mask(y, by, ky)?;
            return Ok(());
        }
        ctx.retain(x, |dom, v| self.supported(dom, y, v))?;
        ctx.retain(y, |dom, v| self.supported(dom, x, v))?;
        Ok(())
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "quotient"
    }
}

impl crate::Model {
    /// The product of the variables is `total` (a KenKen multiplication
    /// cage). Values may repeat, be zero or negative. Domain consistent
    /// within the limits of [`MAX_PRODUCT_STATES`] and
    /// [`MAX_PRODUCT_TABLE`]; see the [module docs](self).
    ///
    /// Errors: [`ModelError::ForeignVariable`], [`ModelError::EmptyScope`].
    pub fn product(
        &mut self,
        vars: &[VarId],
        total: i64,
    ) -> Result<crate::ConstraintId, ModelError> {
        self.check_vars(vars)?;
        let mut sorted = vars.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let plan = if total == 0 {
            Plan::Zero
        } else {
            Table::build(&self.initial_domains(), vars, total).map_or(Plan::Fallback, Plan::Table)
        };
        let c = Product {
            vars: vars.to_vec(),
            total,
            plan,
            repeats: sorted.len() < vars.len(),
        };
        self.post(Box::new(c), false)
    }

    /// `|x - y| == d` (a KenKen subtraction cage), domain consistent.
    ///
    /// Errors: [`ModelError::ForeignVariable`], and
    /// [`ModelError::InvalidArgument`] for a negative `d`.
    pub fn difference(
        &mut self,
        x: VarId,
        y: VarId,
        d: i64,
    ) -> Result<crate::ConstraintId, ModelError> {
        self.check_vars(&[x, y])?;
        if d < 0 {
            return Err(ModelError::InvalidArgument {
                constraint: "difference".to_owned(),
                reason: format!("the distance |x - y| cannot be negative ({d})"),
            });
        }
        self.post(Box::new(Difference { scope: [x, y], d }), false)
    }

    /// `x == q * y` or `y == q * x` (a KenKen division cage: the larger
    /// divided by the smaller is exactly `q`), domain consistent. Any `q`
    /// is accepted; the constraint is symmetric in `x` and `y`.
    ///
    /// Errors: [`ModelError::ForeignVariable`].
    pub fn quotient(
        &mut self,
        x: VarId,
        y: VarId,
        q: i64,
    ) -> Result<crate::ConstraintId, ModelError> {
        self.check_vars(&[x, y])?;
        self.post(Box::new(Quotient { scope: [x, y], q }), false)
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
    fn product_of_twelve_over_two_cells() {
        let mut m = Model::new();
        let xs = m.new_vars(2, 1..=6).unwrap();
        m.product(&xs, 12).unwrap();
        assert_eq!(root(&m, &xs).unwrap(), vec![vec![2, 3, 4, 6]; 2]);
        assert_eq!(Solver::new(&m).count(None).count, 4);
    }

    #[test]
    fn product_keeps_only_values_completed_by_the_rest() {
        // 3 cells of 1..=6 with product 60 = 3 * 4 * 5 = 2 * 5 * 6 (and
        // orders): 1 never fits (60 is not a product of two values <= 6).
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=6).unwrap();
        m.product(&xs, 60).unwrap();
        assert_eq!(root(&m, &xs).unwrap(), vec![vec![2, 3, 4, 5, 6]; 3]);
        // Fix one cell to 5: the others multiply to 12 = 2 x 6 = 3 x 4.
        m.fix(xs[0], 5).unwrap();
        assert_eq!(root(&m, &xs[1..]).unwrap(), vec![vec![2, 3, 4, 6]; 2]);
    }

    #[test]
    fn product_with_repeats_and_signs() {
        // x * x * y == -8 over -2..=2: x = +-2, y = -2. Each occurrence of
        // x is reasoned about on its own, so y = 2 (x = 2 once, -2 once)
        // survives the root; the search still finds exactly two solutions.
        let mut m = Model::new();
        let x = m.new_var(-2..=2).unwrap();
        let y = m.new_var(-2..=2).unwrap();
        m.product(&[x, x, y], -8).unwrap();
        assert_eq!(root(&m, &[x, y]).unwrap(), vec![vec![-2, 2], vec![-2, 2]]);
        assert_eq!(Solver::new(&m).count(None).count, 2);
    }

    #[test]
    fn zero_product_fixes_the_only_variable_that_can_be_zero() {
        let mut m = Model::new();
        let x = m.new_var(-1..=3).unwrap();
        let y = m.new_var(1..=3).unwrap();
        m.product(&[x, y], 0).unwrap();
        assert_eq!(root(&m, &[x]).unwrap()[0], vec![0]);
        let mut m = Model::new();
        let xs = m.new_vars(2, 1..=3).unwrap();
        m.product(&xs, 0).unwrap();
        assert!(root(&m, &xs).is_none());
    }

    #[test]
    fn an_unreachable_product_fails_at_the_root() {
        let mut m = Model::new();
        let xs = m.new_vars(2, 1..=6).unwrap();
        m.product(&xs, 7).unwrap();
        assert!(root(&m, &xs).is_none());
    }

    #[test]
    fn huge_totals_do_not_overflow() {
        // i64::MAX = 7^2 * 73 * 127 * 337 * 92737 * 649657.
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=5000).unwrap();
        m.product(&xs, i64::MAX).unwrap();
        assert!(root(&m, &xs).is_none(), "92737 and 649657 exceed 5000");
        // Products of four +-500000 overflow i64; the total does not.
        let big = 500_000;
        let values = [-big, -1, 1, big];
        let total = -(i64::from(big).pow(3));
        let mut m = Model::new();
        let ys = m.new_vars(4, values).unwrap();
        m.product(&ys, total).unwrap();
        let mut want = 0;
        for a in values {
            for b in values {
                for c in values {
                    for d in values {
                        let p: i128 = [a, b, c, d].iter().map(|&v| i128::from(v)).product();
                        want += u64::from(p == i128::from(total));
                    }
                }
            }
        }
        assert_eq!(Solver::new(&m).count(None).count, want);
        assert!(want > 0);
    }

    #[test]
    fn difference_keeps_partners_at_distance_d() {
        let mut m = Model::new();
        let x = m.new_var(1..=6).unwrap();
        let y = m.new_var([1, 2]).unwrap();
        m.difference(x, y, 3).unwrap();
        assert_eq!(root(&m, &[x, y]).unwrap(), vec![vec![4, 5], vec![1, 2]]);
        // Mixed bases take the value-by-value path.
        let mut m = Model::new();
        let x = m.new_var([-100, 0, 5]).unwrap();
        let y = m.new_var(1..=8).unwrap();
        m.difference(x, y, 5).unwrap();
        assert_eq!(root(&m, &[x, y]).unwrap(), vec![vec![0], vec![5]]);
        assert!(matches!(
            m.difference(x, y, -1),
            Err(ModelError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn quotient_keeps_exact_ratios_both_ways() {
        let mut m = Model::new();
        let x = m.new_var(1..=6).unwrap();
        let y = m.new_var(1..=6).unwrap();
        m.quotient(x, y, 3).unwrap();
        assert_eq!(root(&m, &[x, y]).unwrap(), vec![vec![1, 2, 3, 6]; 2]);
        assert_eq!(Solver::new(&m).count(None).count, 4); // 1:3 2:6 3:1 6:2
        let mut m = Model::new();
        let x = m.new_var(-3..=3).unwrap();
        m.quotient(x, x, 2).unwrap(); // x == 2x
        assert_eq!(root(&m, &[x]).unwrap()[0], vec![0]);
    }
}
