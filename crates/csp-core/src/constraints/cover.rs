//! ItemCover: pieces placed on items, each item covered a number of times
//! within its bounds (exact cover by placements, and its generalisations).
//!
//! # Background
//!
//! Many puzzles lay pieces: dominoes on a board (Dominosa: every cell once,
//! every domino once), ships on a sea (Battleships: every cell at most
//! once, a fleet of each length), magnets with their poles (Magnets: so
//! many `+` in a row). Written as a *cover*, each possible position of a
//! piece is a **placement**, a [`Literal`] (a 0/1 variable, or a literal
//! such as `x == 2` over a variable with more values), and each thing a
//! placement uses is an **item** with bounds `min ..= max`: the number of
//! chosen placements (true literals) that cover the item must lie within
//! them. Knuth's exact cover is the case `min = max = 1` for every item;
//! "at most once" items (`0 ..= 1`) are his secondary items; counts such
//! as "three ship cells in this row" are items with `min = max = 3`.
//!
//! [`ItemCover`] propagates with three rules, one per
//! [`CoverStrength`], each containing the one before:
//!
//! 1. **Counting** (`CoverStrength::Counting`): per item, with `t` its
//!    placements already true and `u` those undecided, `t > max` or
//!    `t + u < min` fails; `t = max` makes every undecided placement of the
//!    item false (the item is *full*); `t + u = min` makes them all true
//!    (every one is *needed*). This is one [`exactly`](crate::Model::exactly)
//!    per item, and a person's first reasoning: "this domino has one place
//!    left", "this row has all its `+` already".
//! 2. **Variables** (`CoverStrength::Variables`): placements that are
//!    literals of one variable are counted together. A variable
//!    contributes to an item the number of its literals there that its
//!    value makes true, and its domain bounds that contribution; the sum
//!    of the bounds over the item's variables is compared with `min` and
//!    `max` as above, and a value whose contribution does not fit beside
//!    the others' bounds is removed. With one variable per domino of
//!    Magnets (`0` blank, `1` and `2` its two polarities), a domino lying
//!    in a row gives that row exactly one `+` once it is known not to be
//!    blank, which the counting rule cannot see.
//! 3. **Overlap** (`CoverStrength::Overlap`, the default): a placement is
//!    removed when choosing it would leave an item it does not cover
//!    without enough placements to reach that item's `min`. Two undecided
//!    placements *overlap* when one excludes the other: they are literals of
//!    one variable that no value left satisfies together, or they share an
//!    item that has room for one more at most. So if every remaining
//!    placement of a domino covers one cell, the other placements on that
//!    cell go (Tatham's "all placements of a domino share a square"), and a
//!    placement that overlaps every remaining placement of some domino goes
//!    too. The rule is looked at for items with at most
//!    [`OVERLAP_ITEM_LIMIT`] undecided placements, where it can fire and
//!    stays cheap.
//!
//! Rule 1 is domain consistent on one item whose placements are distinct
//! 0/1 variables (`tests/oracle_cover.rs` checks it under random
//! assumptions); rule 2 reasons on the bounds of each variable's share,
//! which is domain consistent too when every share can take each count
//! between its bounds (as a Magnets domino's 0 or 1 `+` in a line can).
//! Together the items are NP-hard to decide (exact cover is NP-complete),
//! so no propagation is complete, but every rule is sound and a fixed
//! assignment is checked exactly.
//!
//! # Practical
//!
//! - **Cost.** One call runs the rules to a fixpoint: a pass over every
//!   item's placements per round, `O(P)` for `P` item entries (a one-word
//!   domain's literal is a mask, so testing one is an AND and a compare),
//!   and for the overlap rule, per item with a few undecided placements, a
//!   walk over the items those placements share. Nothing is allocated per
//!   call (the buffers come from [`Scratch`](crate::Scratch)).
//! - **Domains.** The placements' variables need one-word domains (at
//!   most 64 values between their smallest and largest), as every grid
//!   puzzle's have.
//! - **Wake-ups.** On any change of a variable with more than two values,
//!   on fixing for 0/1 variables. The constraint runs at priority level 3,
//!   after the clauses and counts beside it.
//! - **Explanations** (for learning): a removal by the counting rules is
//!   explained by the placements of the item that were true (or false)
//!   and, for a variable's bound, by the values it had lost; a removal by
//!   the overlap rule by the placements of the emptied item that were
//!   false and, for each overlap through a shared item, the placements
//!   that had filled that item.
//!
//! ```
//! use csp_core::{CoverItem, Model, Solver};
//! // Tile a 2 x 3 board with three dominoes: 7 placements, 6 cells.
//! let mut model = Model::new();
//! let dominoes = model.new_bools(7)?;
//! // Horizontal placements 0-3 (rows 0 and 1), vertical 4-6 (columns 0-2).
//! let cells: [&[usize]; 6] = [&[0, 4], &[0, 1, 5], &[1, 6], &[2, 4], &[2, 3, 5], &[3, 6]];
//! let items: Vec<CoverItem> = cells.iter().map(|p| CoverItem::exactly(p.to_vec(), 1)).collect();
//! model.cover(&dominoes, &items)?;
//! assert_eq!(Solver::new(&model).count(None).count, 3); // the 3 tilings of 2 x 3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! D. E. Knuth, *Dancing links*, Millennial Perspectives in Computer
//! Science, 2000 (exact cover with primary and secondary items, the
//! choice of the item with fewest options). The counting rule is the
//! *among* reasoning of N. Beldiceanu and E. Contejean, *Introducing
//! global constraints in CHIP*, 1994. The overlap rule is the "option
//! excluded by every option of an item" of exact-cover solvers and
//! Tatham's Dominosa deductions (S. Tatham, *Portable Puzzle Collection*,
//! `dominosa.c`: "a domino has one placement", "all placements of a
//! domino overlap this one").

use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority, ReadDomains};
use crate::constraints::Literal;
use crate::error::ModelError;
use crate::learn::{ExplainContext, Explaining};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};

/// Rule names used in traces.
pub mod rules {
    /// An item has all the placements it may have: the others go.
    pub const FULL: &str = "cover: item full";
    /// An item needs every placement it has left.
    pub const NEEDED: &str = "cover: all needed";
    /// A variable's share of an item is bounded by the other variables'.
    pub const SHARE: &str = "cover: share of an item";
    /// Choosing the placement would leave another item short.
    pub const OVERLAP: &str = "cover: would leave an item short";
}

/// The items the overlap rule looks at have at most this many undecided
/// placements.
pub const OVERLAP_ITEM_LIMIT: usize = 16;

/// How much an [`ItemCover`] prunes (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CoverStrength {
    /// Each item counts its true and undecided placements.
    Counting,
    /// Placements of one variable are counted together.
    Variables,
    /// Plus: a placement that would leave another item short is removed.
    #[default]
    Overlap,
}

impl CoverStrength {
    /// Every strength, weakest first.
    pub const ALL: [CoverStrength; 3] = [
        CoverStrength::Counting,
        CoverStrength::Variables,
        CoverStrength::Overlap,
    ];
}

/// An item of an [`ItemCover`]: the placements (indices into the cover's list)
/// that cover it, and how many of them must be chosen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoverItem {
    /// Indices of the placements covering the item (each at most once).
    pub placements: Vec<usize>,
    /// The fewest chosen placements.
    pub min: u32,
    /// The most chosen placements.
    pub max: u32,
}

impl CoverItem {
    /// Covered exactly `k` times.
    pub fn exactly(placements: impl Into<Vec<usize>>, k: u32) -> CoverItem {
        CoverItem::between(placements, k, k)
    }

    /// Covered at most `k` times.
    pub fn at_most(placements: impl Into<Vec<usize>>, k: u32) -> CoverItem {
        CoverItem::between(placements, 0, k)
    }

    /// Covered between `min` and `max` times.
    pub fn between(placements: impl Into<Vec<usize>>, min: u32, max: u32) -> CoverItem {
        CoverItem {
            placements: placements.into(),
            min,
            max,
        }
    }
}

/// Placements chosen so that every item is covered within its bounds.
/// Post it with [`Model::cover`](crate::Model::cover),
/// [`Model::cover_with`](crate::Model::cover_with) or
/// [`Model::exact_cover`](crate::Model::exact_cover); see the
/// [module docs](self).
#[derive(Clone, Debug)]
pub struct ItemCover {
    /// The distinct variables of the placements.
    scope: Vec<VarId>,
    /// Per placement: its literal.
    lits: Vec<Literal>,
    /// Per placement: the mask of the values making it true (bit `i` is
    /// the variable's base + `i`).
    masks: Vec<u64>,
    /// Per placement: its variable's position in `scope`.
    pvar: Vec<u32>,
    /// Items: `item_places[item_start[i]..item_start[i + 1]]`, sorted by
    /// variable so the placements of one variable are consecutive.
    item_start: Vec<u32>,
    item_places: Vec<u32>,
    item_min: Vec<u32>,
    item_max: Vec<u32>,
    /// Per placement, the items covering it: `place_items[place_start[p]..]`.
    place_start: Vec<u32>,
    place_items: Vec<u32>,
    /// Per scope variable, its placements: `var_places[var_start[v]..]`.
    var_start: Vec<u32>,
    var_places: Vec<u32>,
    strength: CoverStrength,
    events: Events,
}

/// A placement's truth under a domain word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Truth {
    False,
    True,
    Open,
}

#[inline]
fn truth(d: u64, mask: u64) -> Truth {
    let s = d & mask;
    if s == 0 {
        Truth::False
    } else if s == d {
        Truth::True
    } else {
        Truth::Open
    }
}

/// Where the domains are read from: the solver's now, or an explanation's
/// moment.
/// `var`'s domain as one word (a placement's variable is 0/1), 0 if wide.
#[inline]
fn word(d: &impl ReadDomains, var: VarId) -> u64 {
    d.mask(var).map_or(0, |(_, w)| w)
}

/// The bounds of an item's count: the sum of the smallest and of the
/// largest contributions of its variables.
#[derive(Clone, Copy, Debug)]
struct Sums {
    low: u32,
    high: u32,
}

impl ItemCover {
    /// The placements' literals, in the order given.
    pub fn placements(&self) -> &[Literal] {
        &self.lits
    }

    /// The number of items.
    pub fn num_items(&self) -> usize {
        self.item_min.len()
    }

    /// The placements of item `item` and its bounds, or `None` past the last.
    pub fn item(&self, item: usize) -> Option<(impl Iterator<Item = usize> + '_, u32, u32)> {
        let places = self.places_of(item)?;
        Some((
            places.iter().map(|&p| p as usize),
            self.item_min[item],
            self.item_max[item],
        ))
    }

    /// The strength.
    pub fn strength(&self) -> CoverStrength {
        self.strength
    }

    fn places_of(&self, item: usize) -> Option<&[u32]> {
        let a = *self.item_start.get(item)? as usize;
        let b = *self.item_start.get(item + 1)? as usize;
        Some(&self.item_places[a..b])
    }

    #[inline]
    fn item_range(&self, item: usize) -> (usize, usize) {
        (
            self.item_start[item] as usize,
            self.item_start[item + 1] as usize,
        )
    }

    #[inline]
    fn items_of(&self, p: usize) -> &[u32] {
        &self.place_items[self.place_start[p] as usize..self.place_start[p + 1] as usize]
    }

    #[inline]
    fn on_var(&self, v: usize) -> &[u32] {
        &self.var_places[self.var_start[v] as usize..self.var_start[v + 1] as usize]
    }

    #[inline]
    fn var_of(&self, p: usize) -> VarId {
        self.scope[self.pvar[p] as usize]
    }

    /// The end of the group (same variable) starting at entry `k` of an
    /// item ending at `b`.
    #[inline]
    fn group_end(&self, k: usize, b: usize) -> usize {
        let v = self.pvar[self.item_places[k] as usize];
        let mut e = k + 1;
        while e < b && self.pvar[self.item_places[e] as usize] == v {
            e += 1;
        }
        e
    }

    /// How many of the group's placements (entries `a..b`) the value of
    /// bit `bit` makes true.
    #[inline]
    fn contribution(&self, a: usize, b: usize, bit: u64) -> u32 {
        self.item_places[a..b]
            .iter()
            .filter(|&&p| self.masks[p as usize] & bit != 0)
            .count() as u32
    }

    /// The smallest and largest contributions of the group `a..b` under
    /// the domain word `d` (placements counted one by one when `grouped`
    /// is false: then each entry is a group of its own).
    #[inline]
    fn group_range(&self, a: usize, b: usize, d: u64) -> (u32, u32) {
        if b - a == 1 {
            return match truth(d, self.masks[self.item_places[a] as usize]) {
                Truth::False => (0, 0),
                Truth::True => (1, 1),
                Truth::Open => (0, 1),
            };
        }
        let (mut lo, mut hi) = (u32::MAX, 0);
        let mut w = d;
        while w != 0 {
            let bit = w & w.wrapping_neg();
            w ^= bit;
            let c = self.contribution(a, b, bit);
            lo = lo.min(c);
            hi = hi.max(c);
        }
        if lo == u32::MAX { (0, 0) } else { (lo, hi) }
    }

    /// The item's sums under `words` (`grouped`: placements of a variable
    /// together).
    fn sums(&self, words: &impl ReadDomains, item: usize, grouped: bool) -> Sums {
        let (a, b) = self.item_range(item);
        let (mut low, mut high) = (0, 0);
        let mut k = a;
        while k < b {
            let e = if grouped { self.group_end(k, b) } else { k + 1 };
            let d = word(words, self.var_of(self.item_places[k] as usize));
            let (lo, hi) = self.group_range(k, e, d);
            low += lo;
            high += hi;
            k = e;
        }
        Sums { low, high }
    }

    /// The counting rules on one item. Returns whether a domain changed.
    fn count_item(
        &self,
        ctx: &mut PropagationContext<'_>,
        item: usize,
        grouped: bool,
    ) -> Result<bool, Conflict> {
        let (min, max) = (self.item_min[item], self.item_max[item]);
        let s = self.sums(ctx, item, grouped);
        if s.high < min || s.low > max {
            ctx.set_rule(if s.low > max {
                rules::FULL
            } else {
                rules::NEEDED
            });
            return Err(ctx.conflict());
        }
        // Each group's contribution must lie in
        // [min - (high - hi_g), max - (low - lo_g)]: only a group whose
        // range is wider than a slack can lose values.
        let slack_up = max - s.low;
        let slack_down = s.high - min;
        let (a, b) = self.item_range(item);
        let mut changed = false;
        let mut k = a;
        while k < b {
            let e = if grouped { self.group_end(k, b) } else { k + 1 };
            let var = self.var_of(self.item_places[k] as usize);
            let d = word(ctx, var);
            let (lo, hi) = self.group_range(k, e, d);
            if hi - lo > slack_up.min(slack_down) {
                changed |= self.narrow(ctx, k, e, var, d, lo, hi, slack_up, slack_down)?;
            }
            k = e;
        }
        Ok(changed)
    }

    /// Keeps the values of `var` (domain `d`) whose contribution to the
    /// group `a..b` lies in `[hi - slack_down, lo + slack_up]`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the group's bounds and slacks, computed once by the caller"
    )]
    fn narrow(
        &self,
        ctx: &mut PropagationContext<'_>,
        a: usize,
        b: usize,
        var: VarId,
        d: u64,
        lo: u32,
        hi: u32,
        slack_up: u32,
        slack_down: u32,
    ) -> Result<bool, Conflict> {
        let top = lo.saturating_add(slack_up);
        let bottom = hi.saturating_sub(slack_down);
        let mut keep = 0u64;
        let mut w = d;
        while w != 0 {
            let bit = w & w.wrapping_neg();
            w ^= bit;
            let c = self.contribution(a, b, bit);
            if c >= bottom && c <= top {
                keep |= bit;
            }
        }
        if keep == d {
            return Ok(false);
        }
        ctx.set_rule(if b - a > 1 {
            rules::SHARE
        } else if top < hi {
            rules::FULL
        } else {
            rules::NEEDED
        });
        let Some((base, _)) = ctx.mask(var) else {
            return Ok(false);
        };
        ctx.intersect_mask(var, base, keep)
    }

    /// Whether undecided placements `p` and `q` overlap under `words`:
    /// literals of one variable that no value left satisfies together, or
    /// sharing an item with room for one more at most (`trues[item]`: its
    /// true placements).
    fn overlap(
        &self,
        words: &impl ReadDomains,
        p: usize,
        q: usize,
        trues: &dyn Fn(usize) -> u32,
    ) -> bool {
        if self.pvar[p] == self.pvar[q] {
            let d = word(words, self.var_of(p));
            if d & self.masks[p] & self.masks[q] == 0 {
                return true;
            }
        }
        self.shared_full(p, q, trues).is_some()
    }

    /// An item covering both `p` and `q` whose room is one at most.
    fn shared_full(&self, p: usize, q: usize, trues: &dyn Fn(usize) -> u32) -> Option<usize> {
        let (ip, iq) = (self.items_of(p), self.items_of(q));
        ip.iter()
            .copied()
            .find(|i| iq.contains(i) && self.item_max[*i as usize] <= trues(*i as usize) + 1)
            .map(|i| i as usize)
    }

    /// The overlap rule over every item. Returns whether a domain changed.
    fn overlap_pass(
        &self,
        ctx: &mut PropagationContext<'_>,
        buf: &mut Vec<u32>,
    ) -> Result<bool, Conflict> {
        let (np, ni) = (self.lits.len(), self.num_items());
        // buf: [trues per item | hits per placement | mark per placement | open list | touched list]
        buf.clear();
        buf.resize(ni + 2 * np, 0);
        for (item, slot) in buf[..ni].iter_mut().enumerate() {
            let (a, b) = self.item_range(item);
            *slot = self.item_places[a..b]
                .iter()
                .filter(|&&p| {
                    truth(word(ctx, self.var_of(p as usize)), self.masks[p as usize]) == Truth::True
                })
                .count() as u32;
        }
        let (hits_at, mark_at) = (ni, ni + np);
        let lists = ni + 2 * np;
        let mut changed = false;
        for item in 0..ni {
            let min = self.item_min[item];
            if min == 0 {
                continue;
            }
            // The item's own true and open placements, as of now (the
            // other items' counts of true placements may be older, which
            // only hides overlaps).
            let (a, b) = self.item_range(item);
            buf.truncate(lists);
            let mut t = 0;
            for &p in &self.item_places[a..b] {
                match truth(word(ctx, self.var_of(p as usize)), self.masks[p as usize]) {
                    Truth::Open => buf.push(p),
                    Truth::True => t += 1,
                    Truth::False => {}
                }
            }
            let open = buf.len() - lists;
            if t >= min || open == 0 || open > OVERLAP_ITEM_LIMIT || (open as u32) < min - t {
                continue;
            }
            let need = min - t;
            // Count, for each placement, the open placements of the item
            // it overlaps.
            let touched_at = buf.len();
            for k in 0..open {
                let p = buf[lists + k] as usize;
                let tag = (item * OVERLAP_ITEM_LIMIT + k + 1) as u32;
                // Through the items of p with room for one more at most.
                for &j in self.items_of(p) {
                    let j = j as usize;
                    if self.item_max[j] > buf[j] + 1 {
                        continue;
                    }
                    let (ja, jb) = self.item_range(j);
                    for &q in &self.item_places[ja..jb] {
                        let q = q as usize;
                        if q != p && buf[mark_at + q] != tag {
                            buf[mark_at + q] = tag;
                            if buf[hits_at + q] == 0 {
                                buf.push(q as u32);
                            }
                            buf[hits_at + q] += 1;
                        }
                    }
                }
                // Through p's variable.
                let v = self.pvar[p] as usize;
                let d = word(ctx, self.scope[v]);
                for &q in self.on_var(v) {
                    let q = q as usize;
                    if q != p && buf[mark_at + q] != tag && d & self.masks[p] & self.masks[q] == 0 {
                        buf[mark_at + q] = tag;
                        if buf[hits_at + q] == 0 {
                            buf.push(q as u32);
                        }
                        buf[hits_at + q] += 1;
                    }
                }
            }
            // A placement overlapping more than `open - need` of them
            // leaves fewer than `need`: it goes (if it is open and not the
            // item's own).
            let threshold = open as u32 - need;
            for k in touched_at..buf.len() {
                let q = buf[k] as usize;
                let hits = std::mem::take(&mut buf[hits_at + q]);
                if hits <= threshold || buf[lists..lists + open].contains(&(q as u32)) {
                    continue;
                }
                let var = self.var_of(q);
                if truth(word(ctx, var), self.masks[q]) != Truth::Open {
                    continue;
                }
                ctx.set_rule(rules::OVERLAP);
                if let Some((base, _)) = ctx.mask(var) {
                    changed |= ctx.intersect_mask(var, base, !self.masks[q])?;
                }
            }
        }
        Ok(changed)
    }

    // ---------------------------------------------------------------
    // Explanations
    // ---------------------------------------------------------------

    /// Pushes the reason for the item's low sum (`side_low`: every other
    /// group's smallest contribution) or high sum, leaving out the
    /// variable at scope position `skip`.
    fn push_sum_reason(&self, ctx: &mut ExplainContext<'_>, item: usize, low: bool, skip: u32) {
        let (a, b) = self.item_range(item);
        let mut k = a;
        while k < b {
            let e = self.group_end(k, b);
            let v = self.pvar[self.item_places[k] as usize];
            if v != skip {
                let var = self.scope[v as usize];
                let d = word(ctx, var);
                let (lo, hi) = self.group_range(k, e, d);
                let group = &self.item_places[k..e];
                let count = |w: Value| -> u32 {
                    group
                        .iter()
                        .filter(|&&p| self.lits[p as usize].holds(w))
                        .count() as u32
                };
                if low && lo > 0 {
                    ctx.push_none_of(var, |w| count(w) < lo);
                } else if !low && hi < (e - k) as u32 {
                    ctx.push_none_of(var, |w| count(w) > hi);
                }
            }
            k = e;
        }
    }

    /// Explains the removal of `value` from the variable at scope position
    /// `v` by the counting rules of some item, if one accounts for it.
    fn explain_by_counts(&self, ctx: &mut ExplainContext<'_>, v: u32, value: Value) -> bool {
        let Some((base, _)) = ctx.mask(self.scope[v as usize]) else {
            return false;
        };
        let off = i64::from(value) - i64::from(base);
        if !(0..64).contains(&off) {
            return false;
        }
        let bit = 1u64 << off;
        for &p in self.on_var(v as usize) {
            for &item in self.items_of(p as usize) {
                let item = item as usize;
                // Only the first placement of the variable in the item
                // leads (the group is looked at once).
                let (a, b) = self.item_range(item);
                let Some(k) = self.item_places[a..b]
                    .iter()
                    .position(|&q| self.pvar[q as usize] == v)
                    .map(|k| a + k)
                else {
                    continue;
                };
                if self.item_places[k] != p {
                    continue;
                }
                let e = self.group_end(k, b);
                let s = self.sums(ctx, item, true);
                let d = word(ctx, self.scope[v as usize]);
                let (lo, hi) = self.group_range(k, e, d);
                let c = self.contribution(k, e, bit);
                let (min, max) = (self.item_min[item], self.item_max[item]);
                if c + (s.low - lo) > max {
                    self.push_sum_reason(ctx, item, true, v);
                    return true;
                }
                if c + (s.high - hi) < min {
                    self.push_sum_reason(ctx, item, false, v);
                    return true;
                }
            }
        }
        false
    }

    /// The true placements of `item` at the explanation's moment.
    fn trues_at(&self, ctx: &ExplainContext<'_>, item: usize) -> u32 {
        let (a, b) = self.item_range(item);
        self.item_places[a..b]
            .iter()
            .filter(|&&p| {
                truth(word(ctx, self.var_of(p as usize)), self.masks[p as usize]) == Truth::True
            })
            .count() as u32
    }

    /// Pushes why undecided `p` and `q` overlapped.
    fn push_overlap_reason(&self, ctx: &mut ExplainContext<'_>, p: usize, q: usize) {
        if self.pvar[p] == self.pvar[q] {
            let var = self.var_of(p);
            let d = word(ctx, var);
            if d & self.masks[p] & self.masks[q] == 0 {
                let (lp, lq) = (self.lits[p], self.lits[q]);
                ctx.push_none_of(var, |w| lp.holds(w) && lq.holds(w));
                return;
            }
        }
        let trues = |i: usize| self.trues_at(ctx, i);
        if let Some(j) = self.shared_full(p, q, &trues) {
            let (a, b) = self.item_range(j);
            for &r in &self.item_places[a..b] {
                let r = r as usize;
                if truth(word(ctx, self.var_of(r)), self.masks[r]) == Truth::True {
                    ctx.push(self.lits[r]);
                }
            }
        }
    }

    /// Explains that placement `q` was made false by the overlap rule, if
    /// some item accounts for it.
    fn explain_by_overlap(&self, ctx: &mut ExplainContext<'_>, q: usize) -> bool {
        if truth(word(ctx, self.var_of(q)), self.masks[q]) != Truth::Open {
            return false;
        }
        // Candidate items: those of the placements q overlaps.
        let trues = |i: usize| self.trues_at(ctx, i);
        let mut found = None;
        'search: for &j in self.items_of(q) {
            let (ja, jb) = self.item_range(j as usize);
            for &p in self.item_places[ja..jb]
                .iter()
                .chain(self.on_var(self.pvar[q] as usize))
            {
                let p = p as usize;
                if p == q {
                    continue;
                }
                for &item in self.items_of(p) {
                    let item = item as usize;
                    if self.item_min[item] == 0 || self.items_of(q).contains(&(item as u32)) {
                        continue;
                    }
                    let t = trues(item);
                    if t >= self.item_min[item] {
                        continue;
                    }
                    let need = self.item_min[item] - t;
                    let (a, b) = self.item_range(item);
                    let mut open = 0u32;
                    let mut free = 0u32;
                    for &r in &self.item_places[a..b] {
                        let r = r as usize;
                        if truth(word(ctx, self.var_of(r)), self.masks[r]) == Truth::Open {
                            open += 1;
                            if !self.overlap(ctx, q, r, &trues) {
                                free += 1;
                            }
                        }
                    }
                    if open as usize <= OVERLAP_ITEM_LIMIT && free < need {
                        found = Some(item);
                        break 'search;
                    }
                }
            }
        }
        let Some(item) = found else {
            return false;
        };
        let (a, b) = self.item_range(item);
        for &r in &self.item_places[a..b] {
            let r = r as usize;
            match truth(word(ctx, self.var_of(r)), self.masks[r]) {
                Truth::False => ctx.push(!self.lits[r]),
                Truth::Open => self.push_overlap_reason(ctx, q, r),
                Truth::True => {}
            }
        }
        true
    }
}

impl Constraint for ItemCover {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        if values.len() != self.scope.len() {
            return false;
        }
        (0..self.num_items()).all(|item| {
            let (a, b) = self.item_range(item);
            let n = self.item_places[a..b]
                .iter()
                .filter(|&&p| {
                    let p = p as usize;
                    self.lits[p].holds(values[self.pvar[p] as usize])
                })
                .count() as u32;
            (self.item_min[item]..=self.item_max[item]).contains(&n)
        })
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let grouped = self.strength != CoverStrength::Counting;
        let mut scratch = ctx.take_scratch();
        let result = (|| {
            loop {
                let mut changed = false;
                for item in 0..self.num_items() {
                    changed |= self.count_item(ctx, item, grouped)?;
                }
                if !changed && self.strength == CoverStrength::Overlap {
                    changed = self.overlap_pass(ctx, &mut scratch.indices)?;
                }
                if !changed {
                    return Ok(());
                }
            }
        })();
        ctx.give_back_scratch(scratch);
        result
    }

    /// A removal by the counting rules: the other variables' bounds on
    /// the item (the placements that were true, or false, or a variable's
    /// lost values). By the overlap rule: the false placements of the
    /// item left short and, per overlap through a shared item, the
    /// placements that filled it. A failure: the bounds of the item that
    /// failed.
    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        match what {
            Explaining::Removal { var, value } => {
                let Some(v) = self.scope.iter().position(|&x| x == var) else {
                    return ctx.push_scope(&self.scope);
                };
                if self.explain_by_counts(ctx, v as u32, value) {
                    return;
                }
                // The placements the value makes true, one of which the
                // overlap rule made false.
                for &q in self.on_var(v) {
                    let q = q as usize;
                    if self.lits[q].holds(value) && self.explain_by_overlap(ctx, q) {
                        return;
                    }
                }
                ctx.push_scope(&self.scope);
            }
            Explaining::Failure => {
                for item in 0..self.num_items() {
                    let s = self.sums(ctx, item, true);
                    if s.low > self.item_max[item] {
                        return self.push_sum_reason(ctx, item, true, u32::MAX);
                    }
                    if s.high < self.item_min[item] {
                        return self.push_sum_reason(ctx, item, false, u32::MAX);
                    }
                }
                ctx.push_scope(&self.scope);
            }
        }
    }

    fn events(&self) -> Events {
        self.events
    }

    fn priority(&self) -> Priority {
        Priority::NORMAL
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "cover"
    }
}

impl crate::Model {
    /// Placements (each a [`Literal`], or a 0/1 variable standing for
    /// `b == 1`) chosen so that every item is covered (by true
    /// placements) between its `min` and `max` times; see
    /// [`ItemCover`](crate::constraints::cover) for the rules and strengths.
    /// The default strength, [`CoverStrength::Overlap`].
    ///
    /// Errors: a placement index out of range or listed twice in one item,
    /// an item with `min > max`, or a variable whose domain needs more than
    /// one word are [`InvalidArgument`](ModelError::InvalidArgument); no
    /// placements at all is [`EmptyScope`](ModelError::EmptyScope).
    pub fn cover<L: Into<Literal> + Copy>(
        &mut self,
        placements: &[L],
        items: &[CoverItem],
    ) -> Result<ConstraintId, ModelError> {
        self.cover_with(placements, items, CoverStrength::default())
    }

    /// [`cover`](Self::cover) with every item covered exactly once (exact
    /// cover); `items[i]` lists the placements covering item `i`.
    pub fn exact_cover<L: Into<Literal> + Copy>(
        &mut self,
        placements: &[L],
        items: &[Vec<usize>],
    ) -> Result<ConstraintId, ModelError> {
        let items: Vec<CoverItem> = items
            .iter()
            .map(|p| CoverItem::exactly(p.clone(), 1))
            .collect();
        self.cover(placements, &items)
    }

    /// [`cover`](Self::cover) at a chosen strength.
    pub fn cover_with<L: Into<Literal> + Copy>(
        &mut self,
        placements: &[L],
        items: &[CoverItem],
        strength: CoverStrength,
    ) -> Result<ConstraintId, ModelError> {
        let invalid = |reason: String| ModelError::InvalidArgument {
            constraint: "cover".to_owned(),
            reason,
        };
        let lits: Vec<Literal> = placements.iter().map(|&l| l.into()).collect();
        if lits.is_empty() {
            return Err(ModelError::EmptyScope {
                constraint: "cover".to_owned(),
            });
        }
        let compiled = self.compile_literals(&lits)?;
        let events = self.literal_events(&compiled);
        let mut scope: Vec<VarId> = Vec::new();
        let mut pvar = Vec::with_capacity(lits.len());
        let mut masks = Vec::with_capacity(lits.len());
        for l in &lits {
            let var = l.var();
            let layout = self.layout[var.index()];
            if layout.words != 1 {
                return Err(invalid(format!(
                    "variable {} has a domain of more than 64 values",
                    self.display_var(var)
                )));
            }
            let v = match scope.iter().position(|&x| x == var) {
                Some(v) => v,
                None => {
                    scope.push(var);
                    scope.len() - 1
                }
            };
            pvar.push(v as u32);
            let mut mask = 0u64;
            for i in 0..64 {
                let value = i64::from(layout.base) + i;
                if let Ok(value) = Value::try_from(value) {
                    if l.holds(value) {
                        mask |= 1 << i;
                    }
                }
            }
            masks.push(mask);
        }
        let np = lits.len();
        let too_many = || invalid("too many placements or items".to_owned());
        let mut item_start = vec![0u32];
        let mut item_places: Vec<u32> = Vec::new();
        let (mut item_min, mut item_max) = (Vec::new(), Vec::new());
        let mut per_place: Vec<Vec<u32>> = vec![Vec::new(); np];
        for (i, item) in items.iter().enumerate() {
            if item.min > item.max {
                return Err(invalid(format!(
                    "item {i} has min {} above max {}",
                    item.min, item.max
                )));
            }
            let mut places: Vec<u32> = Vec::with_capacity(item.placements.len());
            for &p in &item.placements {
                if p >= np {
                    return Err(invalid(format!(
                        "item {i} names placement {p}, but there are {np}"
                    )));
                }
                if places.contains(&(p as u32)) {
                    return Err(invalid(format!("item {i} names placement {p} twice")));
                }
                places.push(p as u32);
                per_place[p].push(i as u32);
            }
            places.sort_by_key(|&p| (pvar[p as usize], p));
            item_places.extend(places);
            item_start.push(u32::try_from(item_places.len()).map_err(|_| too_many())?);
            item_min.push(item.min);
            item_max.push(item.max);
        }
        let mut place_start = vec![0u32];
        let mut place_items = Vec::new();
        for list in per_place {
            place_items.extend(list);
            place_start.push(u32::try_from(place_items.len()).map_err(|_| too_many())?);
        }
        let mut var_start = vec![0u32];
        let mut var_places = Vec::new();
        for v in 0..scope.len() {
            var_places.extend((0..np as u32).filter(|&p| pvar[p as usize] == v as u32));
            var_start.push(var_places.len() as u32);
        }
        self.post(
            Box::new(ItemCover {
                scope,
                lits,
                masks,
                pvar,
                item_start,
                item_places,
                item_min,
                item_max,
                place_start,
                place_items,
                var_start,
                var_places,
                strength,
                events,
            }),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{CoverItem, CoverStrength};
    use crate::{Literal, Model, Solver, VarId};

    fn root(model: &Model, vars: &[VarId]) -> Option<Vec<Vec<i32>>> {
        let mut s = Solver::new(model);
        let d = s.propagate().ok()?;
        Some(vars.iter().map(|&v| d.iter(v).collect()).collect())
    }

    /// The dominoes of a `rows x cols` board: placements (horizontal first)
    /// and the items (cells) they cover.
    fn dominoes(rows: usize, cols: usize) -> (Vec<(usize, usize)>, Vec<Vec<usize>>) {
        let mut places = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if c + 1 < cols {
                    places.push((i, i + 1));
                }
                if r + 1 < rows {
                    places.push((i, i + cols));
                }
            }
        }
        let mut cells = vec![Vec::new(); rows * cols];
        for (p, &(a, b)) in places.iter().enumerate() {
            cells[a].push(p);
            cells[b].push(p);
        }
        (places, cells)
    }

    #[test]
    fn counts_domino_tilings_at_every_strength() {
        // Domino tilings of 2 x n are Fibonacci numbers; 4 x 4 has 36, 3 x 4 has 11.
        for strength in CoverStrength::ALL {
            for (rows, cols, tilings) in [(2, 3, 3), (2, 6, 13), (3, 4, 11), (4, 4, 36)] {
                let (places, cells) = dominoes(rows, cols);
                let mut m = Model::new();
                let x = m.new_bools(places.len()).unwrap();
                let items: Vec<CoverItem> = cells
                    .iter()
                    .map(|c| CoverItem::exactly(c.clone(), 1))
                    .collect();
                m.cover_with(&x, &items, strength).unwrap();
                assert_eq!(
                    Solver::new(&m).count(None).count,
                    tilings,
                    "{rows}x{cols} at {strength:?}"
                );
            }
        }
    }

    #[test]
    fn full_item_clears_and_needed_item_fills() {
        let mut m = Model::new();
        let x = m.new_bools(4).unwrap();
        m.cover(
            &x,
            &[
                CoverItem::exactly(vec![0, 1, 2], 1),
                CoverItem::exactly(vec![2, 3], 2),
            ],
        )
        .unwrap();
        // Item 1 needs both 2 and 3; then item 0 is full.
        assert_eq!(
            root(&m, &x).unwrap(),
            vec![vec![0], vec![0], vec![1], vec![1]]
        );
    }

    #[test]
    fn variables_see_a_domino_lying_in_a_row() {
        // A Magnets row of four cells: dominoes a (cells 0, 1) and b
        // (cells 2, 3), each 0 blank, 1 (+ -) or 2 (- +). Two `+` in the row.
        // Counting cell by cell, nothing follows; together, each domino gives
        // at most one `+`, so neither is blank.
        let mut m = Model::new();
        let a = m.new_var(0..=2).unwrap();
        let b = m.new_var(0..=2).unwrap();
        let plus = [
            Literal::eq(a, 1),
            Literal::eq(a, 2),
            Literal::eq(b, 1),
            Literal::eq(b, 2),
        ];
        let item = CoverItem::exactly(vec![0, 1, 2, 3], 2);
        let mut weak = Model::new();
        let wa = weak.new_var(0..=2).unwrap();
        let wb = weak.new_var(0..=2).unwrap();
        let wplus = [
            Literal::eq(wa, 1),
            Literal::eq(wa, 2),
            Literal::eq(wb, 1),
            Literal::eq(wb, 2),
        ];
        weak.cover_with(&wplus, std::slice::from_ref(&item), CoverStrength::Counting)
            .unwrap();
        assert_eq!(root(&weak, &[wa, wb]).unwrap(), vec![vec![0, 1, 2]; 2]);
        m.cover_with(&plus, &[item], CoverStrength::Variables)
            .unwrap();
        assert_eq!(root(&m, &[a, b]).unwrap(), vec![vec![1, 2]; 2]);
    }

    #[test]
    fn overlap_removes_a_placement_that_starves_an_item() {
        // Item 0 can only be covered by placements 0 or 1, both of which
        // use cell item 2; placement 2 also uses cell item 2 but not item 0.
        let mut m = Model::new();
        let x = m.new_bools(4).unwrap();
        let items = [
            CoverItem::exactly(vec![0, 1], 1),
            CoverItem::at_most(vec![1, 3], 1),
            CoverItem::at_most(vec![0, 1, 2], 1),
        ];
        let mut weak = Model::new();
        let y = weak.new_bools(4).unwrap();
        weak.cover_with(&y, &items, CoverStrength::Variables)
            .unwrap();
        assert_eq!(root(&weak, &y).unwrap(), vec![vec![0, 1]; 4]);
        m.cover(&x, &items).unwrap();
        assert_eq!(
            root(&m, &x).unwrap(),
            vec![vec![0, 1], vec![0, 1], vec![0], vec![0, 1]]
        );
    }

    #[test]
    fn bad_arguments_are_errors() {
        let mut m = Model::new();
        let x = m.new_bools(2).unwrap();
        assert!(m.cover(&x, &[CoverItem::exactly(vec![0, 2], 1)]).is_err());
        assert!(m.cover(&x, &[CoverItem::exactly(vec![0, 0], 1)]).is_err());
        assert!(
            m.cover(&x, &[CoverItem::between(vec![0, 1], 2, 1)])
                .is_err()
        );
        let none: [VarId; 0] = [];
        assert!(m.cover(&none, &[]).is_err());
        let wide = m.new_var(0..=100).unwrap();
        assert!(
            m.cover(&[Literal::eq(wide, 3)], &[CoverItem::exactly(vec![0], 1)])
                .is_err()
        );
    }

    #[test]
    fn an_item_without_placements_fails_or_holds() {
        let mut m = Model::new();
        let x = m.new_bools(1).unwrap();
        m.cover(&x, &[CoverItem::exactly(Vec::new(), 1)]).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 0);
        let mut m = Model::new();
        let x = m.new_bools(1).unwrap();
        m.cover(&x, &[CoverItem::at_most(Vec::new(), 1)]).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 2);
    }
}
