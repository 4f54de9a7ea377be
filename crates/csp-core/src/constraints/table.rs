//! Table constraints: the scope takes one of a list of allowed tuples
//! ([`Model::table`]), or none of a list of forbidden tuples
//! ([`Model::forbidden_tuples`]).
//!
//! # Background
//!
//! A table is the most general finite constraint: any relation over a few
//! variables can be written out as the list of its tuples. Both forms here
//! are *domain consistent* (generalised arc consistent): after a call, every
//! value left in a domain belongs to a tuple of the relation whose values are
//! all still in their domains, and a scope that has no such tuple fails.
//!
//! Allowed tuples use *compact-table* (CT, Demeulenaere et al., CP 2016).
//! The tuples that are still possible ("live": every value still in its
//! domain) form a bitset, one bit per tuple; for each pair (variable, value)
//! a *support mask* built once at posting has the bits of the tuples that
//! use that value. A call first *updates* the live set from the values
//! removed since the last call: either it clears the union of their support
//! masks (incremental), or, when more values were removed than are left, it
//! intersects the live set with the union of the masks of the values left
//! (reset). It then *filters*: a value whose mask no longer meets the live
//! set has lost its last tuple and is removed.
//!
//! Forbidden tuples use the counting form of negative compact-table
//! (CT-neg, Verhaeghe, Lecoutre and Schaus, AAAI 2017): the live set holds
//! the forbidden tuples that are still possible, and `x = a` has no
//! allowed tuple left exactly when every combination of the other domains
//! is forbidden, i.e. when the number of live forbidden tuples with `x = a`
//! (a popcount of the live set under the mask of `(x, a)`) equals the
//! product of the other domain sizes. This needs the tuples distinct, which
//! posting ensures.
//!
//! # Practical
//!
//! - The live set is a *reversible sparse bitset* (the paper's
//!   `RSparseBitSet`) kept in the constraint's trailed state words
//!   ([`Constraint::state_words`]): the words, a permutation of word indices
//!   whose first `limit` entries are the non-zero words, and `limit`.
//!   Operations touch only the non-zero words, so a table whose tuples die
//!   off gets cheaper as the search goes down. The state also keeps each
//!   variable's domain as this constraint last saw it, which gives the
//!   removed values exactly, and per (variable, value) a *residue*: the
//!   index of the word where a support was last found, tried first.
//! - Cost per call, with `W` the number of non-zero live words: the update
//!   is `O(min(removed, left) * W)` word operations per changed variable,
//!   the filter `O(W)` per value in the worst case and `O(1)` when the
//!   residue still holds. CT's two shortcuts are used: fixed variables are
//!   not filtered, nor is the single variable that changed since the last
//!   call (its values keep their supports). One call reaches the fixpoint
//!   ([`idempotent`](Constraint::idempotent)).
//! - Posting takes the tuples as given: tuples with a value outside the
//!   domain of its variable are dead from the start (they are not stored in
//!   the bitsets), duplicates are merged, and a variable that appears twice
//!   in the scope keeps only the tuples that agree on it (the constraint is
//!   then over the distinct variables). An empty list of allowed tuples (or
//!   one whose tuples are all dead) makes the model unsatisfiable; it is
//!   not an error.
//! - Memory: one support mask of `ceil(tuples / 64)` words per (variable,
//!   value) pair that some tuple uses.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut m = Model::new(); let xs = m.new_vars(2, 0..=2)?;
//! m.table(&xs, &[[0, 1], [1, 2], [2, 0]])?; // a directed 3-cycle
//! assert_eq!(Solver::new(&m).count(None).count, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! J. Demeulenaere, R. Hartert, C. Lecoutre, G. Perez, L. Perron,
//! J.-C. Régin, P. Schaus, *Compact-Table: efficiently filtering table
//! constraints with reversible sparse bit-sets*, CP 2016.
//! H. Verhaeghe, C. Lecoutre, P. Schaus, *Extending Compact-Table to
//! negative and short tables*, AAAI 2017 (the counting test for negative
//! tables).

use crate::Model;
use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::domain::Domains;
use crate::error::ModelError;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};
use std::borrow::Cow;

/// Rule names used in traces.
pub mod rules {
    /// A value is in no live allowed tuple.
    pub const NO_SUPPORT: &str = "table: no tuple left";
    /// Every combination with this value is forbidden.
    pub const ALL_FORBIDDEN: &str = "forbidden tuples: every combination forbidden";
}

/// No support row: the value is in no stored tuple.
const NONE: u32 = u32::MAX;
/// Bit of state word 0 set once a call has filtered every variable.
const FILTERED: u64 = 1 << 32;
/// State word 0 holds `limit` (the number of non-zero live words) in its low bits.
const LIMIT_MASK: u64 = 0xffff_ffff;
/// The live words start at this state word.
const LIVE: usize = 1;

/// Where one scope variable's data lives.
#[derive(Clone, Debug)]
struct Position {
    var: VarId,
    /// Bit offset (in the variable's domain words) of the first value that
    /// has a support row.
    first_bit: u32,
    /// `row_of[row_start + o - first_bit]` is the support row of the value
    /// at bit offset `o`, for `o` in `first_bit..first_bit + span`.
    row_start: u32,
    span: u32,
    /// The last-seen domain: state words `seen..seen + words`.
    seen: u32,
    words: u32,
}

impl Position {
    #[inline]
    fn row(&self, row_of: &[u32], bit: u32) -> u32 {
        let o = bit.wrapping_sub(self.first_bit);
        if o < self.span {
            row_of[(self.row_start + o) as usize]
        } else {
            NONE
        }
    }
}

/// A table constraint over distinct variables: the scope's values form one
/// of the allowed tuples (positive table), or none of the forbidden ones
/// (negative table). Create it with [`Model::table`] or
/// [`Model::forbidden_tuples`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Table {
    vars: Vec<VarId>,
    positive: bool,
    /// Every tuple of the relation over `vars` (the ones outside the domains
    /// too), sorted and distinct, flat: `arity` values each. `is_satisfied`
    /// searches it.
    tuples: Vec<Value>,
    /// Number of tuples in the bitsets (those inside the domains at posting).
    stored: usize,
    /// Words per bitset: `ceil(stored / 64)`.
    words: usize,
    positions: Vec<Position>,
    row_of: Vec<u32>,
    /// Support masks, `words` words per row.
    supports: Vec<u64>,
    /// First state word of the residues (one per row), or `None` without.
    residues: Option<usize>,
    state_len: usize,
    /// A positive table of at most 64 stored tuples over at most
    /// [`SMALL_ARITY`] variables of one-word domains: propagated by
    /// [`run_small`](Self::run_small).
    small: bool,
}

/// The most variables of a table that [`Table::run_small`] propagates.
const SMALL_ARITY: usize = 8;

/// The distinct variables of `scope` (in the order of their first
/// appearance) and the tuples over them, flat, of those that give each
/// repeated variable one value.
fn project<T: AsRef<[Value]>>(scope: &[VarId], tuples: &[T]) -> (Vec<VarId>, Vec<Value>) {
    let mut vars: Vec<VarId> = Vec::with_capacity(scope.len());
    let mut slot = Vec::with_capacity(scope.len());
    for &v in scope {
        match vars.iter().position(|&w| w == v) {
            Some(k) => slot.push(k),
            None => {
                slot.push(vars.len());
                vars.push(v);
            }
        }
    }
    let arity = vars.len();
    let mut flat: Vec<Value> = Vec::with_capacity(tuples.len() * arity);
    let mut buf = vec![0; arity];
    let mut set = vec![false; arity];
    'tuples: for t in tuples {
        set.fill(false);
        for (&k, &value) in slot.iter().zip(t.as_ref()) {
            if set[k] && buf[k] != value {
                continue 'tuples;
            }
            set[k] = true;
            buf[k] = value;
        }
        flat.extend_from_slice(&buf);
    }
    (vars, flat)
}

impl Table {
    /// Builds the constraint; `tuples` have been checked for arity.
    fn build<T: AsRef<[Value]>>(
        domains: &Domains<'_>,
        scope: &[VarId],
        tuples: &[T],
        positive: bool,
        residues: bool,
    ) -> Table {
        // Project onto the distinct variables, keeping tuples that agree on
        // a repeated variable. A scope without repeats (the usual case)
        // takes the tuples as they are, with no projection buffers.
        let (vars, mut flat) = if crate::model::first_repeat(scope).is_none() {
            let mut flat: Vec<Value> = Vec::with_capacity(tuples.len() * scope.len());
            for t in tuples {
                flat.extend_from_slice(t.as_ref());
            }
            (scope.to_vec(), flat)
        } else {
            project(scope, tuples)
        };
        let arity = vars.len();
        // Sorted and distinct; tuples given in increasing order (as
        // generated tables often are) are kept as they are.
        let increasing = flat
            .chunks_exact(arity)
            .zip(flat.chunks_exact(arity).skip(1))
            .all(|(a, b)| a < b);
        if !increasing {
            let mut rows: Vec<&[Value]> = flat.chunks_exact(arity).collect();
            rows.sort_unstable();
            rows.dedup();
            flat = rows.concat();
        }

        // The tuples inside the domains get a bit each: the stored tuples
        // themselves when all are (as a table built from the domains'
        // values is), else a copy of those.
        let inside = |t: &[Value]| {
            vars.iter()
                .zip(t.iter())
                .all(|(&v, &x)| domains.contains(v, x))
        };
        let live: Cow<'_, [Value]> = if flat.chunks_exact(arity).all(inside) {
            Cow::Borrowed(&flat)
        } else {
            Cow::Owned(
                flat.chunks_exact(arity)
                    .filter(|t| inside(t))
                    .flatten()
                    .copied()
                    .collect(),
            )
        };
        let stored = live.len() / arity;
        let words = stored.div_ceil(64);

        // Per variable: the bit offsets its tuples use (all spans first, so
        // the rows are sized once), then one row each.
        let bit = |i: usize, x: Value| {
            (i64::from(x) - i64::from(domains.layout[vars[i].index()].base)) as u32
        };
        let mut positions = Vec::with_capacity(arity);
        let mut state = LIVE + 2 * words;
        let mut row_start = 0u32;
        for (i, &var) in vars.iter().enumerate() {
            let (first, last) = live.chunks_exact(arity).fold((u32::MAX, 0), |(a, b), t| {
                let o = bit(i, t[i]);
                (a.min(o), b.max(o))
            });
            let span = if stored == 0 { 0 } else { last - first + 1 };
            let l = domains.layout[var.index()];
            positions.push(Position {
                var,
                first_bit: first,
                row_start,
                span,
                seen: state as u32,
                words: l.words,
            });
            row_start += span;
            state += l.words as usize;
        }
        let mut row_of = vec![NONE; row_start as usize];
        let mut supports = Vec::with_capacity(row_start as usize * words);
        let mut n_rows = 0u32;
        for (i, p) in positions.iter().enumerate() {
            for (tuple_id, t) in live.chunks_exact(arity).enumerate() {
                let at = (p.row_start + bit(i, t[i]) - p.first_bit) as usize;
                if row_of[at] == NONE {
                    row_of[at] = n_rows;
                    n_rows += 1;
                    supports.resize(supports.len() + words, 0);
                }
                let r = row_of[at] as usize;
                supports[r * words + tuple_id / 64] |= 1 << (tuple_id % 64);
            }
        }
        drop(live);
        let residues = residues.then_some(state);
        if residues.is_some() {
            state += n_rows as usize;
        }
        let small = positive
            && words == 1
            && arity <= SMALL_ARITY
            && positions.iter().all(|p| p.words == 1);
        Table {
            vars,
            positive,
            tuples: flat,
            stored,
            words,
            positions,
            row_of,
            supports,
            residues,
            state_len: state,
            small,
        }
    }

    /// The variables (distinct, in the order of their first appearance in
    /// the scope given at posting).
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// Whether this is a table of allowed tuples (`false`: forbidden ones).
    pub fn is_positive(&self) -> bool {
        self.positive
    }

    /// The tuples of the relation over [`vars`](Self::vars), sorted and
    /// distinct (duplicates merged, tuples that disagree on a repeated
    /// variable dropped).
    pub fn tuples(&self) -> impl ExactSizeIterator<Item = &[Value]> {
        self.tuples.chunks_exact(self.vars.len())
    }

    #[inline]
    fn support(&self, row: u32) -> &[u64] {
        let r = row as usize * self.words;
        &self.supports[r..r + self.words]
    }

    /// Brings the live set and the last-seen domains up to date. Returns
    /// `limit`, the number of positions whose domain changed, and the last
    /// of them.
    fn update(
        &self,
        ctx: &mut PropagationContext<'_>,
        s: &mut Scratch,
        mut limit: usize,
    ) -> (usize, usize, usize) {
        let index = LIVE + self.words;
        let (mut changed, mut last) = (0, usize::MAX);
        for (i, p) in self.positions.iter().enumerate() {
            let (start, seen) = (self.start_of(ctx, p.var), p.seen as usize);
            let (mut removed, mut left) = (0u32, 0u32);
            {
                let (st, dw) = (ctx.state(), &ctx.domains().words[start..]);
                for w in 0..p.words as usize {
                    let (old, now) = (st[seen + w], dw[w]);
                    removed += (old & !now).count_ones();
                    left += now.count_ones();
                }
            }
            if removed == 0 {
                continue;
            }
            changed += 1;
            last = i;
            // Reset when fewer values are left than were removed (CT).
            let reset = left < removed;
            s.indices.clear();
            for w in 0..p.words as usize {
                let old = ctx.state()[seen + w];
                let now = ctx.domains().words[start + w];
                let mut bits = if reset { now } else { old & !now };
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    let row = p.row(&self.row_of, 64 * w as u32 + b);
                    if row != NONE {
                        s.indices.push(row);
                    }
                }
                if old != now {
                    ctx.set_state(seen + w, now);
                }
            }
            if limit > 0 {
                limit = self.apply(ctx, &s.indices, reset, limit, index);
            }
        }
        (limit, changed, last)
    }

    /// Clears (incremental) or keeps only (reset) the union of the support
    /// rows `rows` in the live set; returns the new `limit`.
    fn apply(
        &self,
        ctx: &mut PropagationContext<'_>,
        rows: &[u32],
        reset: bool,
        mut limit: usize,
        index: usize,
    ) -> usize {
        let w = self.words;
        let mut p = limit;
        while p > 0 {
            p -= 1;
            let wi = ctx.state()[index + p] as usize;
            let old = ctx.state()[LIVE + wi];
            let mut mask = 0u64;
            for &r in rows {
                mask |= self.supports[r as usize * w + wi];
            }
            let new = if reset { old & mask } else { old & !mask };
            if new != old {
                ctx.set_state(LIVE + wi, new);
                if new == 0 {
                    limit -= 1;
                    if p != limit {
                        let moved = ctx.state()[index + limit];
                        ctx.set_state(index + p, moved);
                        ctx.set_state(index + limit, wi as u64);
                    }
                }
            }
        }
        limit
    }

    /// Where `var`'s domain words start in the store.
    #[inline]
    fn start_of(&self, ctx: &PropagationContext<'_>, var: VarId) -> usize {
        ctx.domains().layout[var.index()].start as usize
    }

    /// Whether support row `row` meets the live set (trying the residue
    /// first, updating it when a support is found elsewhere).
    fn has_support(&self, ctx: &mut PropagationContext<'_>, row: u32, limit: usize) -> bool {
        let sup = self.support(row);
        let st = ctx.state();
        if let Some(res) = self.residues {
            let r = st[res + row as usize] as usize;
            if r < self.words && st[LIVE + r] & sup[r] != 0 {
                return true;
            }
        }
        let index = LIVE + self.words;
        for p in 0..limit {
            let wi = st[index + p] as usize;
            if st[LIVE + wi] & sup[wi] != 0 {
                if let Some(res) = self.residues {
                    ctx.set_state(res + row as usize, wi as u64);
                }
                return true;
            }
        }
        false
    }

    /// Number of live tuples in support row `row`.
    fn live_count(&self, ctx: &PropagationContext<'_>, row: u32, limit: usize) -> u64 {
        let sup = self.support(row);
        let st = ctx.state();
        let index = LIVE + self.words;
        (0..limit)
            .map(|p| {
                let wi = st[index + p] as usize;
                u64::from((st[LIVE + wi] & sup[wi]).count_ones())
            })
            .sum()
    }

    /// Removes from position `p`'s variable the values for which `drop`
    /// says so; values without a support row are dropped when
    /// `drop_unstored`. Returns whether the domain changed.
    fn filter_position(
        &self,
        ctx: &mut PropagationContext<'_>,
        s: &mut Scratch,
        p: &Position,
        drop_unstored: bool,
        mut unsupported: impl FnMut(&mut PropagationContext<'_>, u32) -> bool,
    ) -> Result<bool, Conflict> {
        let start = self.start_of(ctx, p.var);
        s.words.clear();
        let mut any = false;
        for w in 0..p.words as usize {
            let now = ctx.domains().words[start + w];
            let mut keep = now;
            let mut bits = now;
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let row = p.row(&self.row_of, 64 * w as u32 + b);
                let gone = if row == NONE {
                    drop_unstored
                } else {
                    unsupported(ctx, row)
                };
                if gone {
                    keep &= !(1 << b);
                }
            }
            any |= keep != now;
            s.words.push(keep);
        }
        if !any {
            return Ok(false);
        }
        if p.words == 1 {
            let base = ctx.domains().layout[p.var.index()].base;
            ctx.intersect_mask(p.var, base, s.words[0])
        } else {
            ctx.intersect_words(p.var, &s.words)
        }
    }

    /// The compact-table propagation, with the scratch buffers.
    fn run_general(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    /// A small table (see [`small`](Self::small)): its one live word is
    /// recomputed from the domains at every call, with no incremental
    /// bookkeeping (the last-seen domains and the word index are not used),
    /// then every value whose tuples are all dead is removed.
    fn run_small(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut doms = [(0, 0u64); SMALL_ARITY];
        let old = ctx.state()[LIVE];
        let mut live = old;
        for (p, d) in self.positions.iter().zip(doms.iter_mut()) {
            // One-word domains: the mask's bits are the bit offsets.
            let Some((base, word)) = ctx.mask(p.var) else {
                // (Not reached: the layouts were one word at posting.)
                return self.run_general(ctx);
            };
            *d = (base, word);
            let mut reach = 0;
            let mut bits = word;
            while bits != 0 {
                let row = p.row(&self.row_of, bits.trailing_zeros());
                bits &= bits - 1;
                if row != NONE {
                    reach |= self.supports[row as usize];
                }
            }
            live &= reach;
        }
        ctx.set_rule(rules::NO_SUPPORT);
        if live == 0 {
            return Err(ctx.conflict());
        }
        if live != old {
            ctx.set_state(LIVE, live);
        }
        for (p, &(base, word)) in self.positions.iter().zip(doms.iter()) {
            let mut kept = word;
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let row = p.row(&self.row_of, b);
                if row == NONE || self.supports[row as usize] & live == 0 {
                    kept &= !(1 << b);
                }
            }
            if kept != word {
                ctx.intersect_mask(p.var, base, kept)?;
            }
        }
        Ok(())
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let head = ctx.state()[0];
        let filtered = head & FILTERED != 0;
        let (limit, changed, last) = self.update(ctx, s, (head & LIMIT_MASK) as usize);
        ctx.set_state(0, limit as u64 | FILTERED);
        // With one variable changed since a call that reached the fixpoint,
        // that variable's values keep their supports.
        let skip = if filtered && changed == 1 {
            last
        } else {
            usize::MAX
        };
        if self.positive {
            if limit == 0 {
                ctx.set_rule(rules::NO_SUPPORT);
                return Err(ctx.conflict());
            }
            ctx.set_rule(rules::NO_SUPPORT);
            for (i, p) in self.positions.iter().enumerate() {
                if i == skip || ctx.is_fixed(p.var) {
                    continue;
                }
                let removed = self.filter_position(ctx, s, p, true, |ctx, row| {
                    !self.has_support(ctx, row, limit)
                })?;
                if removed {
                    // The removed values' tuples are dead already: the
                    // live set agrees with the new domain.
                    let (start, seen) = (self.start_of(ctx, p.var), p.seen as usize);
                    for w in 0..p.words as usize {
                        let now = ctx.domains().words[start + w];
                        ctx.set_state(seen + w, now);
                    }
                }
            }
            return Ok(());
        }
        if limit == 0 {
            return Ok(());
        }
        // Negative: compare live counts with the product of the other
        // domain sizes, all taken before this filtering (the live set
        // still counts tuples through the values removed here, so the
        // sizes must be the old ones too).
        let live: u64 = {
            let st = ctx.state();
            let index = LIVE + self.words;
            (0..limit)
                .map(|p| u64::from(st[LIVE + st[index + p] as usize].count_ones()))
                .sum()
        };
        s.ints.clear();
        s.ints
            .extend(self.positions.iter().map(|p| i64::from(ctx.size(p.var))));
        ctx.set_rule(rules::ALL_FORBIDDEN);
        for (i, p) in self.positions.iter().enumerate() {
            if i == skip {
                continue;
            }
            let mut others = 1u64;
            for (j, &size) in s.ints.iter().enumerate() {
                if j != i {
                    others = others.saturating_mul(size as u64);
                }
            }
            if others > live {
                continue;
            }
            self.filter_position(ctx, s, p, false, |ctx, row| {
                self.live_count(ctx, row, limit) >= others
            })?;
        }
        Ok(())
    }
}

impl Constraint for Table {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let arity = self.vars.len();
        let n = self.tuples.len() / arity.max(1);
        let (mut lo, mut hi) = (0, n);
        let mut found = false;
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.tuples[mid * arity..(mid + 1) * arity].cmp(values) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    found = true;
                    break;
                }
            }
        }
        found == self.positive
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if self.stored == 0 {
            if self.positive {
                ctx.set_rule(rules::NO_SUPPORT);
                return Err(ctx.conflict());
            }
            return Ok(());
        }
        if self.small {
            return self.run_small(ctx);
        }
        self.run_general(ctx)
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::NORMAL
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        if self.positive {
            "table"
        } else {
            "forbidden tuples"
        }
    }

    fn state_words(&self) -> usize {
        self.state_len
    }

    fn init_state(&self, domains: &Domains<'_>, state: &mut [u64]) {
        if self.small {
            // Every stored tuple: the first call (every constraint is
            // propagated at the root) drops those outside the domains.
            state[LIVE] = u64::MAX >> (64 - self.stored);
            return;
        }
        // Every stored tuple whose values are in these domains is live.
        let w = self.words;
        for (k, word) in state[LIVE..LIVE + w].iter_mut().enumerate() {
            let left = self.stored - 64 * k;
            *word = if left >= 64 { !0 } else { (1 << left) - 1 };
        }
        let (live, rest) = state[LIVE..].split_at_mut(w);
        // On the stack for tables of up to 256 stored tuples.
        let mut small = [0u64; 4];
        let mut large = Vec::new();
        let mask: &mut [u64] = if w <= small.len() {
            &mut small[..w]
        } else {
            large.resize(w, 0);
            &mut large
        };
        for p in &self.positions {
            let l = domains.layout[p.var.index()];
            mask.fill(0);
            for (k, &now) in domains.words[l.range()].iter().enumerate() {
                let mut bits = now;
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    let row = p.row(&self.row_of, 64 * k as u32 + b);
                    if row != NONE {
                        for (m, s) in mask.iter_mut().zip(self.support(row)) {
                            *m |= s;
                        }
                    }
                }
            }
            for (x, m) in live.iter_mut().zip(mask.iter()) {
                *x &= m;
            }
        }
        // The non-zero words first.
        let index = &mut rest[..w];
        let mut limit = 0;
        for (k, &x) in live.iter().enumerate() {
            if x != 0 {
                index[limit] = k as u64;
                limit += 1;
            }
        }
        let mut tail = limit;
        for (k, &x) in live.iter().enumerate() {
            if x == 0 {
                index[tail] = k as u64;
                tail += 1;
            }
        }
        state[0] = limit as u64;
        for p in &self.positions {
            let l = domains.layout[p.var.index()];
            let seen = p.seen as usize;
            state[seen..seen + l.words as usize].copy_from_slice(&domains.words[l.range()]);
        }
        if let Some(res) = self.residues {
            // Any word index is a valid hint; the first one is as good as any.
            state[res..].fill(0);
        }
    }
}

/// Checks the scope and the tuples' arity for `table` and `forbidden_tuples`.
fn check<T: AsRef<[Value]>>(
    model: &Model,
    name: &str,
    vars: &[VarId],
    tuples: &[T],
) -> Result<(), ModelError> {
    if vars.is_empty() {
        return Err(ModelError::InvalidArgument {
            constraint: name.to_owned(),
            reason: "the scope is empty".to_owned(),
        });
    }
    model.check_vars(vars)?;
    if let Some((i, t)) = tuples
        .iter()
        .enumerate()
        .find(|(_, t)| t.as_ref().len() != vars.len())
    {
        return Err(ModelError::InvalidArgument {
            constraint: name.to_owned(),
            reason: format!(
                "tuple {i} has {} values, the scope has {} variables",
                t.as_ref().len(),
                vars.len()
            ),
        });
    }
    Ok(())
}

impl Model {
    /// The values of `vars` form one of the `allowed` tuples (a *positive
    /// table*), propagated to domain consistency by compact-table (see
    /// [`constraints::table`](crate::constraints::table)).
    ///
    /// Each tuple lists one value per variable, in the order of `vars`
    /// (arrays, slices or vectors). Tuples with a value outside its
    /// variable's domain can never be used; duplicates do not matter; a
    /// variable may appear more than once in `vars` (then only tuples that
    /// give it one value count). No allowed tuple makes the model
    /// unsatisfiable.
    ///
    /// Errors: [`ModelError::InvalidArgument`] for an empty scope or a tuple
    /// whose length is not `vars.len()`; [`ModelError::ForeignVariable`].
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut m = Model::new();
    /// let (x, y) = (m.new_var(1..=3)?, m.new_var(1..=3)?);
    /// m.table(&[x, y], &[[1, 2], [2, 3], [3, 3]])?;
    /// let root = Solver::new(&m).propagate().map(|d| d.domain(y)).unwrap();
    /// assert_eq!(root.iter().collect::<Vec<_>>(), [2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table<T: AsRef<[Value]>>(
        &mut self,
        vars: &[VarId],
        allowed: &[T],
    ) -> Result<ConstraintId, ModelError> {
        check(self, "table", vars, allowed)?;
        let t = Table::build(&self.initial_domains(), vars, allowed, true, true);
        self.post(Box::new(t), false)
    }

    /// The values of `vars` form none of the `forbidden` tuples (a
    /// *negative table*), propagated to domain consistency by counting (see
    /// [`constraints::table`](crate::constraints::table)).
    ///
    /// Tuples are given as for [`table`](Self::table); an empty list
    /// forbids nothing. Errors as for [`table`](Self::table).
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut m = Model::new();
    /// let (x, y) = (m.new_var(0..=1)?, m.new_var(0..=1)?);
    /// m.forbidden_tuples(&[x, y], &[[0, 0], [1, 1]])?; // x != y
    /// assert_eq!(Solver::new(&m).count(None).count, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forbidden_tuples<T: AsRef<[Value]>>(
        &mut self,
        vars: &[VarId],
        forbidden: &[T],
    ) -> Result<ConstraintId, ModelError> {
        check(self, "forbidden tuples", vars, forbidden)?;
        let t = Table::build(&self.initial_domains(), vars, forbidden, false, false);
        self.post(Box::new(t), false)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Model, ModelError, Solver, Value, VarId};

    fn values(s: &mut Solver<'_>, v: VarId) -> Vec<Value> {
        s.propagate()
            .map(|d| d.iter(v).collect())
            .unwrap_or_default()
    }

    #[test]
    fn prunes_values_without_a_tuple() {
        let mut m = Model::new();
        let (x, y) = (m.new_var(1..=3).unwrap(), m.new_var(1..=3).unwrap());
        m.table(&[x, y], &[[1, 2], [2, 3], [3, 3]]).unwrap();
        let mut s = Solver::new(&m);
        assert_eq!(values(&mut s, x), [1, 2, 3]);
        assert_eq!(values(&mut s, y), [2, 3]);
        // y = 3 leaves x in {2, 3}; x = 1 forces y = 2.
        s.set_assumptions(&[(y, 3)]).unwrap();
        assert_eq!(values(&mut s, x), [2, 3]);
        s.set_assumptions(&[(x, 1)]).unwrap();
        assert_eq!(values(&mut s, y), [2]);
    }

    #[test]
    fn forbidden_tuples_remove_a_value_whose_combinations_are_all_forbidden() {
        let mut m = Model::new();
        let (x, y) = (m.new_var(0..=1).unwrap(), m.new_var(0..=1).unwrap());
        m.forbidden_tuples(&[x, y], &[[0, 0], [0, 1], [0, 1]])
            .unwrap();
        let mut s = Solver::new(&m);
        assert_eq!(values(&mut s, x), [1]);
        assert_eq!(values(&mut s, y), [0, 1]);
        assert_eq!(s.count(None).count, 2);
    }

    #[test]
    fn tuples_outside_the_domains_are_dead_and_an_empty_table_is_unsatisfiable() {
        let mut m = Model::new();
        let (x, y) = (m.new_var(1..=2).unwrap(), m.new_var(1..=2).unwrap());
        m.table(&[x, y], &[[0, 1], [2, 9], [2, 2]]).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 1);
        let mut m = Model::new();
        let x = m.new_var(1..=2).unwrap();
        m.table::<[Value; 1]>(&[x], &[]).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn a_repeated_variable_keeps_the_tuples_that_agree() {
        let mut m = Model::new();
        let (x, y) = (m.new_var(1..=3).unwrap(), m.new_var(1..=3).unwrap());
        m.table(&[x, y, x], &[[1, 1, 2], [2, 3, 2], [3, 1, 1]])
            .unwrap();
        let mut s = Solver::new(&m);
        assert_eq!(values(&mut s, x), [2]);
        assert_eq!(values(&mut s, y), [3]);
    }

    #[test]
    fn bad_input_is_an_invalid_argument() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        let e = m.table(&[x], &[vec![1], vec![1, 2]]).unwrap_err();
        assert!(matches!(e, ModelError::InvalidArgument { .. }), "{e}");
        assert!(e.to_string().contains("tuple 1 has 2 values"), "{e}");
        assert!(matches!(
            m.forbidden_tuples::<[Value; 0]>(&[], &[]),
            Err(ModelError::InvalidArgument { .. })
        ));
    }
}
