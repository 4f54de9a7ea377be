//! Conflict analysis: from a failed node to a learned clause, by
//! resolution back to the first unique implication point (1UIP; Marques-
//! Silva and Sakallah, GRASP, 1999; Zhang et al., ICCAD 2001), then
//! minimised by dropping literals whose reasons are already in the clause
//! (Sörensson and Biere, SAT 2009, in its local form).
//!
//! The analysis works on *true* literals: the failure is explained as a
//! conjunction of literals true at the node (a nogood), and each literal of
//! the conflict level is replaced by its reason, newest first, until one
//! literal of that level is left. The learned clause is the negation of
//! what remains.
//!
//! Every literal knows when it became true: the event that removed its
//! value (`x != v`) or the last of its excluded values (`x == v`,
//! `x <= v`, `x >= v`). Within one event the decision literal comes first,
//! then the values the event removed, then the literals those removals
//! completed, so the key `3 * event + rank` orders every literal after its
//! reasons.

use super::clauses::ClauseDb;
use super::explain::{ExplainContext, Explaining};
use super::lit::{Kind, Lit, Norm, Space, excluded};
use super::recorder::{Event, Failure, NONE, Reason, Recorder};
use crate::StopReason;
use crate::constraints::Literal;
use crate::model::Entry;
use crate::variable::VarId;
use std::collections::BinaryHeap;

/// What the analysis reads: the search state at the failure.
pub(crate) struct View<'a> {
    pub(crate) words: &'a [u64],
    pub(crate) rec: &'a Recorder,
    pub(crate) space: Space<'a>,
    pub(crate) constraints: &'a [Entry],
    pub(crate) db: &'a ClauseDb,
    /// Per level from 1: the decision literal that opened it.
    pub(crate) primaries: &'a [Lit],
    /// The same, as public literals (for explanations that fall back on
    /// the decisions).
    pub(crate) decisions: &'a [Literal],
}

/// A clause learned from a failure.
#[derive(Clone, Debug, Default)]
pub(crate) struct Learned {
    /// The literals: the first is the one the clause asserts after the
    /// backjump, the second has the highest level of the others.
    pub(crate) lits: Vec<Lit>,
    /// The level to backjump to (the second-highest level in the clause,
    /// 0 for a clause of one literal).
    pub(crate) level: u32,
    /// The level the failure was at (the highest level of its reasons).
    pub(crate) conflict_level: u32,
    /// Literal block distance.
    pub(crate) lbd: u32,
}

/// Reusable buffers of the analysis.
#[derive(Clone, Debug, Default)]
pub(crate) struct Analyzer {
    /// Per (bit, kind) of the store: the analysis that last saw it.
    seen: Vec<u32>,
    stamp: u32,
    heap: BinaryHeap<(u64, u32, u8, u32)>,
    lower: Vec<Lit>,
    reason: Vec<Literal>,
    pending: Vec<Lit>,
    /// The variables the last analysis met (their activity is bumped).
    pub(crate) vars: Vec<u32>,
    /// The learned clauses the last analysis resolved with.
    pub(crate) clauses: Vec<u32>,
    /// Explanations found wrong (a literal not true before the change):
    /// replaced by the decisions.
    pub(crate) bad_explanations: u64,
    levels: Vec<u32>,
}

fn kind_index(kind: Kind) -> usize {
    kind as usize
}

fn kind_of(i: u8) -> Kind {
    match i {
        0 => Kind::Ne,
        1 => Kind::Eq,
        2 => Kind::Le,
        _ => Kind::Ge,
    }
}

impl View<'_> {
    /// The event at which `lit` became true, or `None` if it is not true.
    pub(crate) fn when(&self, lit: Lit) -> Option<u32> {
        let l = self.space.layout[lit.var as usize];
        let current = &self.words[l.range()];
        if super::lit::truth(lit, current) != Some(true) {
            return None;
        }
        let init = self.space.words(lit.var);
        let rec = self.rec;
        let mut e = rec.last[lit.var as usize];
        if l.words == 1 {
            let mut ex = 0u64;
            excluded(lit, init, |_, m| ex = m);
            while e != NONE {
                let ev = &rec.events[e as usize];
                if ev.removed_in(&rec.masks, 0) & ex != 0 {
                    return Some(e);
                }
                e = ev.prev;
            }
            return None;
        }
        if lit.kind == Kind::Ne {
            // One value: only its word is read.
            let (w, bit) = ((lit.bit / 64) as usize, 1u64 << (lit.bit % 64));
            while e != NONE {
                let ev = &rec.events[e as usize];
                if ev.removed_in(&rec.masks, w) & bit != 0 {
                    return Some(e);
                }
                e = ev.prev;
            }
            return None;
        }
        while e != NONE {
            let ev = &rec.events[e as usize];
            let mut hit = false;
            excluded(lit, init, |i, m| {
                hit |= ev.removed_in(&rec.masks, i) & m != 0
            });
            if hit {
                return Some(e);
            }
            e = ev.prev;
        }
        None
    }

    fn event(&self, e: u32) -> &Event {
        &self.rec.events[e as usize]
    }

    /// The rank of `lit` within event `e` (see the module docs).
    fn rank(&self, lit: Lit, e: u32) -> u64 {
        let ev = self.event(e);
        if ev.reason == Reason::Decision && self.primaries.get(ev.level as usize - 1) == Some(&lit)
        {
            0
        } else if lit.kind == Kind::Ne {
            1
        } else {
            2
        }
    }
}

impl Analyzer {
    /// Makes room for a store of `bits` domain bits.
    pub(crate) fn new(bits: usize) -> Self {
        Analyzer {
            seen: vec![0; 4 * bits],
            ..Analyzer::default()
        }
    }

    fn seen_index(view: &View<'_>, lit: Lit) -> usize {
        let start = view.space.layout[lit.var as usize].start as usize;
        4 * (64 * start + lit.bit as usize) + kind_index(lit.kind)
    }

    /// How many literals the analysis resolves between two calls of its
    /// `stop` check.
    const CHECK_EVERY: u32 = 16;

    /// Learns a clause from the failure recorded in `view.rec`, into
    /// `out`. `stop` is asked every
    /// [`CHECK_EVERY`](Self::CHECK_EVERY) resolved literals (an analysis
    /// whose reasons are costly to rebuild can take long); when it answers,
    /// the analysis is dropped half-done and its answer returned.
    pub(crate) fn analyze(
        &mut self,
        view: &View<'_>,
        out: &mut Learned,
        stop: &dyn Fn() -> Option<StopReason>,
    ) -> Result<(), StopReason> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.heap.clear();
        self.lower.clear();
        self.vars.clear();
        self.clauses.clear();
        let now = view.rec.events.len() as u32;

        // The nogood: the failure as true literals.
        self.pending.clear();
        let failure = view
            .rec
            .failure
            .unwrap_or(Failure::Explicit(Reason::Decisions));
        match failure {
            Failure::Clause(c) => {
                self.clauses.push(c);
                for &l in &view.db.clauses[c as usize].lits {
                    self.pending.push(view.space.negate(l));
                }
            }
            Failure::Explicit(reason) => {
                self.reason_of(view, reason, None, now);
            }
            Failure::Wipe { var, reason } => {
                // The values left, each removed for `reason`, and the
                // values gone before.
                let l = view.space.layout[var as usize];
                let current = &view.words[l.range()];
                let init = view.space.words(var);
                for (i, (&w, &d0)) in current.iter().zip(init).enumerate() {
                    let mut gone = d0 & !w;
                    while gone != 0 {
                        let b = gone.trailing_zeros();
                        gone &= gone - 1;
                        self.pending.push(Lit {
                            var,
                            kind: Kind::Ne,
                            bit: 64 * i as u32 + b,
                        });
                    }
                }
                match reason {
                    Reason::Lazy(_) => {
                        for (i, &w) in current.iter().enumerate() {
                            let mut left = w;
                            while left != 0 {
                                let b = left.trailing_zeros();
                                left &= left - 1;
                                let bit = 64 * i as u32 + b;
                                self.reason_of(view, reason, Some((var, bit)), now);
                            }
                        }
                    }
                    _ => self.reason_of(view, reason, None, now),
                }
            }
        }

        // The conflict level: the highest level among the nogood's literals.
        let mut conflict_level = 0;
        for &lit in &self.pending {
            if let Some(e) = view.when(lit) {
                conflict_level = conflict_level.max(view.event(e).level);
            }
        }
        out.conflict_level = conflict_level;
        let pending = std::mem::take(&mut self.pending);
        for &lit in &pending {
            self.add(view, lit, conflict_level, now);
        }
        self.pending = pending;

        // Resolve the conflict level's literals, newest first, down to one.
        out.lits.clear();
        let mut until_check = Self::CHECK_EVERY;
        let uip = loop {
            let Some((_, var, kind, bit)) = self.heap.pop() else {
                break None;
            };
            until_check -= 1;
            if until_check == 0 {
                until_check = Self::CHECK_EVERY;
                if let Some(reason) = stop() {
                    return Err(reason);
                }
            }
            let lit = Lit {
                var,
                kind: kind_of(kind),
                bit,
            };
            if self.heap.is_empty() {
                break Some(lit);
            }
            self.expand(view, lit, conflict_level);
        };
        if let Some(uip) = uip {
            out.lits.push(view.space.negate(uip));
        }

        // Minimise: drop a lower literal whose reason is all in the clause
        // (an explanation each: the limits are read here too).
        let lower = std::mem::take(&mut self.lower);
        for (k, &lit) in lower.iter().enumerate() {
            if (k + 1) % Self::CHECK_EVERY as usize == 0 {
                if let Some(reason) = stop() {
                    self.lower = lower;
                    return Err(reason);
                }
            }
            if !self.redundant(view, lit) {
                out.lits.push(view.space.negate(lit));
            }
        }
        self.lower = lower;

        // Watch order: the asserted literal, then the highest of the rest.
        let level_of = |lit: Lit| {
            view.when(view.space.negate(lit))
                .map_or(0, |e| view.event(e).level)
        };
        let mut best = (0, 0);
        for (i, &lit) in out.lits.iter().enumerate().skip(1) {
            let level = level_of(lit);
            if level > best.1 || best.0 == 0 {
                best = (i, level);
            }
        }
        if best.0 > 1 {
            out.lits.swap(1, best.0);
        }
        out.level = if out.lits.len() > 1 { best.1 } else { 0 };
        self.levels.clear();
        for &lit in &out.lits {
            self.levels.push(level_of(lit));
        }
        self.levels.sort_unstable();
        self.levels.dedup();
        out.lbd = self.levels.len() as u32;
        Ok(())
    }

    /// Adds a true literal of the nogood: to the heap if it is of the
    /// conflict level, to the clause if lower, nowhere if a root fact.
    fn add(&mut self, view: &View<'_>, lit: Lit, conflict_level: u32, now: u32) {
        let Some(e) = view.when(lit).filter(|&e| e < now) else {
            debug_assert!(false, "a reason literal that is not true: {lit:?}");
            return;
        };
        let level = view.event(e).level;
        if level == 0 {
            return;
        }
        let i = Self::seen_index(view, lit);
        if self.seen[i] == self.stamp {
            return;
        }
        self.seen[i] = self.stamp;
        self.vars.push(lit.var);
        if level >= conflict_level {
            let key = 3 * u64::from(e) + view.rank(lit, e);
            self.heap.push((key, lit.var, lit.kind as u8, lit.bit));
        } else {
            self.lower.push(lit);
        }
    }

    /// Replaces `lit` (of the conflict level) by its reason.
    fn expand(&mut self, view: &View<'_>, lit: Lit, conflict_level: u32) {
        let Some(e) = view.when(lit) else { return };
        let reasons = self.reasons(view, lit, e);
        for &r in &reasons {
            self.add(view, r, conflict_level, e + 1);
        }
        self.pending = reasons;
    }

    /// The reason of true literal `lit`, which became true at event `e`,
    /// as literals true before it (in `self.pending`'s buffer, returned).
    fn reasons(&mut self, view: &View<'_>, lit: Lit, e: u32) -> Vec<Lit> {
        let mut pending = std::mem::take(&mut self.pending);
        pending.clear();
        self.pending = pending;
        let ev = *view.event(e);
        match view.rank(lit, e) {
            0 => {}
            1 => {
                if ev.reason == Reason::Decision {
                    let primary = view.primaries[ev.level as usize - 1];
                    self.pending.push(primary);
                } else {
                    self.reason_of(view, ev.reason, Some((lit.var, lit.bit)), e);
                }
            }
            _ => {
                // Completed by removals: its excluded values' atoms.
                let init = view.space.words(lit.var);
                excluded(lit, init, |i, mut m| {
                    while m != 0 {
                        let b = m.trailing_zeros();
                        m &= m - 1;
                        self.pending.push(Lit {
                            var: lit.var,
                            kind: Kind::Ne,
                            bit: 64 * i as u32 + b,
                        });
                    }
                });
            }
        }
        std::mem::take(&mut self.pending)
    }

    /// Appends to `self.pending` the literals of `reason`, for the removal
    /// of bit `removal.1` of variable `removal.0` (or for a failure), as of
    /// just before event `time`. A reason that is not made of literals true
    /// before then is replaced by the decisions (and counted).
    fn reason_of(
        &mut self,
        view: &View<'_>,
        reason: Reason,
        removal: Option<(u32, u32)>,
        time: u32,
    ) {
        let level = match view.rec.events.get(time as usize) {
            Some(ev) => ev.level,
            None => view.rec.level(),
        };
        match reason {
            Reason::Fact => {}
            Reason::Decision | Reason::Decisions => {
                self.pending
                    .extend_from_slice(&view.primaries[..level as usize]);
            }
            Reason::Clause(c) => {
                self.clauses.push(c);
                let clause = &view.db.clauses[c as usize];
                for &l in &clause.lits[1..] {
                    self.pending.push(view.space.negate(l));
                }
            }
            Reason::Eager { start, len } => {
                let lits = &view.rec.arena[start as usize..(start + len) as usize];
                self.reason.clear();
                self.reason.extend_from_slice(lits);
                self.public_reason(view, time, level);
            }
            Reason::Lazy(c) => {
                self.reason.clear();
                let what = match removal {
                    Some((var, bit)) => {
                        let v = VarId::from_index(var as usize, view.space.model);
                        let value = view.space.value(Lit {
                            var,
                            kind: Kind::Ne,
                            bit,
                        });
                        Explaining::Removal { var: v, value }
                    }
                    None => Explaining::Failure,
                };
                let mut reason = std::mem::take(&mut self.reason);
                {
                    let mut ctx = ExplainContext {
                        words: view.words,
                        recorder: view.rec,
                        layout: view.space.layout,
                        init: view.space.init,
                        model: view.space.model,
                        time,
                        generation: view.rec.past.fresh(),
                        decisions: &view.decisions[..level as usize],
                        out: &mut reason,
                        used_decisions: false,
                    };
                    if let Some(entry) = view.constraints.get(c as usize) {
                        entry.constraint.explain(&mut ctx, what);
                    }
                }
                self.reason = reason;
                self.public_reason(view, time, level);
            }
        }
    }

    /// Moves the public literals of `self.reason` to `self.pending`,
    /// checking each is true before `time`; if one is not, the decisions
    /// up to `level` are added as well (sound whatever the rest says).
    fn public_reason(&mut self, view: &View<'_>, time: u32, level: u32) {
        let mut ok = true;
        for i in 0..self.reason.len() {
            match view.space.norm(self.reason[i]) {
                Norm::True => {}
                Norm::False => ok = false,
                Norm::Lit(lit) => match view.when(lit) {
                    Some(e) if e < time => self.pending.push(lit),
                    _ => ok = false,
                },
            }
        }
        if !ok {
            self.bad_explanations += 1;
            self.pending
                .extend_from_slice(&view.primaries[..level as usize]);
        }
    }

    /// Whether lower literal `lit` is implied by the other literals of the
    /// clause (its reason's literals are all seen, or root facts).
    fn redundant(&mut self, view: &View<'_>, lit: Lit) -> bool {
        let Some(e) = view.when(lit) else {
            return false;
        };
        let ev = *view.event(e);
        if view.rank(lit, e) == 0 || matches!(ev.reason, Reason::Decisions) {
            return false;
        }
        let reasons = self.reasons(view, lit, e);
        let implied = reasons.iter().all(|&r| {
            view.when(r).is_some_and(|e| {
                view.event(e).level == 0 || self.seen[Self::seen_index(view, r)] == self.stamp
            })
        });
        self.pending = reasons;
        implied
    }
}

/// One change of a replayed path and its explanation, for the explanation
/// oracle ([`testing::check_explanations`](crate::testing::check_explanations)).
#[cfg(any(test, feature = "test-support"))]
#[derive(Clone, Debug)]
pub(crate) struct Explained {
    /// The constraint that made the change, if a constraint did.
    pub(crate) constraint: Option<u32>,
    /// The variable changed (for a failure: the one emptied, if any).
    pub(crate) var: Option<VarId>,
    /// The value removed; `None` for a failure.
    pub(crate) value: Option<crate::variable::Value>,
    /// The explanation.
    pub(crate) reason: Vec<Literal>,
    /// Whether every literal of it was true before the change.
    pub(crate) valid: bool,
    /// Whether it names the decisions (it then holds for the model, not
    /// for the constraint alone).
    pub(crate) global: bool,
}

#[cfg(any(test, feature = "test-support"))]
impl View<'_> {
    /// The explanation of every change made by a constraint (eagerly or
    /// lazily explained) on the trail, and of the failure if one is
    /// recorded.
    pub(crate) fn explain_all(&self) -> Vec<Explained> {
        let mut out = Vec::new();
        for (e, ev) in self.rec.events.iter().enumerate() {
            let constraint = match ev.reason {
                Reason::Lazy(c) => Some(c),
                Reason::Eager { .. } => None,
                _ => continue,
            };
            let l = self.space.layout[ev.var as usize];
            for i in 0..l.words as usize {
                let mut removed = ev.removed_in(&self.rec.masks, i);
                while removed != 0 {
                    let b = removed.trailing_zeros();
                    removed &= removed - 1;
                    let bit = 64 * i as u32 + b;
                    let mut reason = Vec::new();
                    let global =
                        self.raw_reason(ev.reason, Some((ev.var, bit)), e as u32, &mut reason);
                    let valid = self.all_true_before(&reason, e as u32);
                    let lit = Lit {
                        var: ev.var,
                        kind: Kind::Ne,
                        bit,
                    };
                    out.push(Explained {
                        constraint,
                        var: Some(VarId::from_index(ev.var as usize, self.space.model)),
                        value: Some(self.space.value(lit)),
                        reason,
                        valid,
                        global,
                    });
                }
            }
        }
        let now = self.rec.events.len() as u32;
        match self.rec.failure {
            Some(Failure::Explicit(reason @ Reason::Lazy(c))) => {
                let mut r = Vec::new();
                let global = self.raw_reason(reason, None, now, &mut r);
                let valid = self.all_true_before(&r, now);
                out.push(Explained {
                    constraint: Some(c),
                    var: None,
                    value: None,
                    reason: r,
                    valid,
                    global,
                });
            }
            Some(Failure::Wipe {
                var,
                reason: reason @ Reason::Lazy(c),
            }) => {
                // The values left were each removed; the rest were gone.
                let l = self.space.layout[var as usize];
                let mut r = Vec::new();
                let mut global = false;
                let current = &self.words[l.range()];
                for (i, &w) in current.iter().enumerate() {
                    let mut left = w;
                    while left != 0 {
                        let b = left.trailing_zeros();
                        left &= left - 1;
                        global |=
                            self.raw_reason(reason, Some((var, 64 * i as u32 + b)), now, &mut r);
                    }
                }
                let valid = self.all_true_before(&r, now);
                let v = VarId::from_index(var as usize, self.space.model);
                for (i, (&w, &d0)) in current.iter().zip(self.space.words(var)).enumerate() {
                    let mut gone = d0 & !w;
                    while gone != 0 {
                        let b = gone.trailing_zeros();
                        gone &= gone - 1;
                        let lit = Lit {
                            var,
                            kind: Kind::Ne,
                            bit: 64 * i as u32 + b,
                        };
                        r.push(self.space.literal(lit));
                    }
                }
                out.push(Explained {
                    constraint: Some(c),
                    var: Some(v),
                    value: None,
                    reason: r,
                    valid,
                    global,
                });
            }
            _ => {}
        }
        out
    }

    /// The public literals of `reason` for a removal (or the failure), as
    /// of just before event `time`, with no check. Returns whether they
    /// include the decisions.
    fn raw_reason(
        &self,
        reason: Reason,
        removal: Option<(u32, u32)>,
        time: u32,
        out: &mut Vec<Literal>,
    ) -> bool {
        match reason {
            Reason::Eager { start, len } => {
                out.extend_from_slice(&self.rec.arena[start as usize..(start + len) as usize]);
            }
            Reason::Lazy(c) => {
                let level = match self.rec.events.get(time as usize) {
                    Some(ev) => ev.level,
                    None => self.rec.level(),
                };
                let what = match removal {
                    Some((var, bit)) => Explaining::Removal {
                        var: VarId::from_index(var as usize, self.space.model),
                        value: self.space.value(Lit {
                            var,
                            kind: Kind::Ne,
                            bit,
                        }),
                    },
                    None => Explaining::Failure,
                };
                let mut ctx = ExplainContext {
                    words: self.words,
                    recorder: self.rec,
                    layout: self.space.layout,
                    init: self.space.init,
                    model: self.space.model,
                    time,
                    generation: self.rec.past.fresh(),
                    decisions: &self.decisions[..level as usize],
                    out,
                    used_decisions: false,
                };
                if let Some(entry) = self.constraints.get(c as usize) {
                    entry.constraint.explain(&mut ctx, what);
                }
                return ctx.used_decisions;
            }
            _ => {}
        }
        false
    }

    /// Whether every literal of `reason` was true before event `time`.
    fn all_true_before(&self, reason: &[Literal], time: u32) -> bool {
        reason.iter().all(|&l| match self.space.norm(l) {
            Norm::True => true,
            Norm::False => false,
            Norm::Lit(lit) => self.when(lit).is_some_and(|e| e < time),
        })
    }
}
