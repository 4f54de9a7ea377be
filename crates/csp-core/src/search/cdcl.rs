//! The search while it learns from conflicts (see [`learn`](crate::learn)).
//!
//! # The loop and its invariant
//!
//! Every decision level opens with one literal and nothing else is
//! reasonless: a decision `x = v`, or a *flipped* decision `x != v` (the
//! other branch of a decision whose subtree has been searched, after a
//! solution). At the top of [`Solver::search_cdcl`]'s loop the domains are
//! at a fixpoint of the constraints and the learned clauses, or a failure
//! or a reported solution is pending.
//!
//! - A **failure** is analysed into a clause. If the failure's level is
//!   above every flipped level, the search jumps back to the clause's
//!   assertion level (but never below a flipped level) and the clause
//!   asserts its first literal there. Otherwise the flipped subtree the
//!   failure is in is exhausted: the search undoes it and flips the newest
//!   decision below it, as depth-first search does.
//! - After a **solution**, the newest decision that is not flipped yet is
//!   flipped (everything above it has been searched), or, when optimising,
//!   the search restarts from the root with the bound as a fact.
//! - A **restart** undoes every level above the highest flipped one.
//!
//! A learned clause is implied by the model alone (flipped decisions are
//! decisions, not reasons), so it holds in every later part of the run, and
//! the levels a backjump or a restart undoes hold no solution not found
//! again later and none found before: counts and enumerations are exact.

use super::engine::{Phase, Solver};
use super::outcome::{SearchStatus, StopReason};
use super::restarts::{Restarts, Schedule};
use super::select::{select_value, select_variable};
use crate::constraint::Conflict;
use crate::domain::Domains;
use crate::learn::{
    FIXED, Failure, Kind, Learner, Lit, MAX, MIN, Norm, ON_FIX, ON_MAX, ON_MIN, ON_REMOVE, Reason,
    Recorder, Space, View, Watch, list_of, truth,
};
use crate::propagation::{PropagationContext, Shared};
use crate::search::ValueOrder;
use crate::search::VariableOrder;
use crate::trace::TraceEvent;
use crate::variable::{Value, VarId};

/// The restart schedule while learning, when the options set none.
const DEFAULT_RESTARTS: Restarts = Restarts::Luby { scale: 100 };

impl<'m> Solver<'m> {
    /// Whether the current run learns.
    #[inline]
    pub(crate) fn learning_on(&self) -> bool {
        self.store.learn.is_some()
    }

    /// Starts learning at the root of a run: an empty event trail, no
    /// clauses, the restart schedule.
    pub(super) fn begin_learning(&mut self) {
        let num_vars = self.model.num_vars();
        let mut rec = self
            .spare_recorder
            .take()
            .unwrap_or_else(|| Box::new(Recorder::new(num_vars)));
        rec.clear();
        rec.past.ensure(self.model.init_words.len());
        self.store.learn = Some(rec);
        match self.learner.as_mut() {
            Some(l) => l.clear(),
            None => {
                self.learner = Some(Box::new(Learner::new(
                    num_vars,
                    64 * self.model.init_words.len(),
                )));
            }
        }
        let restarts = self.options.restarts.unwrap_or(DEFAULT_RESTARTS);
        self.restart = Some((Schedule::new(restarts), self.stats.failures));
    }

    /// Stops learning (the next run does not learn).
    pub(super) fn end_learning(&mut self) {
        if let Some(rec) = self.store.learn.take() {
            self.spare_recorder = Some(rec);
        }
    }

    /// Whether a depth-first run switches to learning now
    /// ([`Learning::Auto`](crate::Learning::Auto) after its failures).
    #[inline]
    pub(super) fn learning_due(&self) -> bool {
        match self.options.learning {
            crate::Learning::Auto { after_failures } => {
                self.stats.failures >= after_failures && !self.options.trace
            }
            _ => false,
        }
    }

    /// Switches the run under way to learning. Before any solution (and
    /// always when optimising, whose bound excludes the solutions found),
    /// the search starts again from the root, with what it learns from
    /// now on. After a solution, the node the depth-first search is at is
    /// rebuilt with the event trail on: each decision becomes a decision
    /// level, and each refutation in force (a subtree searched already) a
    /// flipped decision of its own, so nothing is found twice or lost.
    pub(super) fn switch_to_learning(&mut self) {
        let decisions = std::mem::take(&mut self.decisions);
        let refuted = std::mem::take(&mut self.refuted);
        let keep_path = self.stats.solutions > 0 && self.objective.is_none();
        let mut path: Vec<(crate::Literal, bool)> = Vec::new();
        if keep_path {
            let mut r = 0;
            for level in 0..=decisions.len() {
                while r < refuted.len() && refuted[r].0 as usize == level {
                    let (_, var, value) = refuted[r];
                    path.push((crate::Literal::ne(var, value), true));
                    r += 1;
                }
                if let Some(&(var, value)) = decisions.get(level) {
                    path.push((crate::Literal::eq(var, value), false));
                }
            }
        }
        self.store.words.copy_from_slice(&self.initial);
        self.store.trail.clear();
        self.store.queue.clear();
        self.store.depth = 0;
        self.begin_learning();
        let (nodes, max_depth) = (self.stats.nodes, self.stats.max_depth);
        self.phase = Phase::Branch;
        let root = self
            .propagate_root()
            .and_then(|()| self.apply_bound())
            .and_then(|()| self.propagate_learning());
        if root.is_err() {
            self.phase = Phase::Done(SearchStatus::Complete);
            return;
        }
        for (literal, flipped) in path {
            let lit = match self.space().norm(literal) {
                Norm::Lit(lit) => lit,
                _ => continue,
            };
            match truth(
                lit,
                &self.store.words[self.model.layout[lit.var as usize].range()],
            ) {
                Some(true) => continue,
                Some(false) => {
                    self.note_failure();
                    self.phase = Phase::Conflict;
                    break;
                }
                None => {}
            }
            if self.open_level(lit, flipped).is_err() {
                self.note_failure();
                self.phase = Phase::Conflict;
                break;
            }
        }
        self.stats.nodes = nodes;
        self.stats.max_depth = max_depth;
    }

    fn space(&self) -> Space<'m> {
        Space {
            layout: &self.model.layout,
            init: &self.model.init_words,
            model: self.model.tag,
        }
    }

    /// The current decision level.
    fn level(&self) -> usize {
        self.store.learn.as_ref().map_or(0, |r| r.level() as usize)
    }

    /// Undoes every level above `level`.
    fn undo_levels(&mut self, level: usize) {
        let words = &mut self.store.words;
        self.store
            .trail
            .restore_to(level, |(i, old)| words[i as usize] = old);
        if let Some(rec) = self.store.learn.as_deref_mut() {
            rec.undo_to(level);
        }
        if let Some(l) = self.learner.as_deref_mut() {
            l.primaries.truncate(level);
            l.decisions.truncate(level);
            l.flipped.truncate(level);
        }
        self.store.queue.clear();
        self.store.depth = level as u32;
    }

    /// Opens a level with `primary` (a decision, or a flipped one) and
    /// propagates.
    fn open_level(&mut self, primary: Lit, flipped: bool) -> Result<(), Conflict> {
        self.store.trail.new_checkpoint();
        if let Some(rec) = self.store.learn.as_deref_mut() {
            rec.new_level();
        }
        let space = self.space();
        if let Some(l) = self.learner.as_deref_mut() {
            l.primaries.push(primary);
            l.decisions.push(space.literal(primary));
            l.flipped.push(flipped);
        }
        let level = self.level() as u32;
        self.store.depth = level;
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(level);
        if let Some(t) = self.store.trace.as_mut() {
            let var = VarId::from_index(primary.var as usize, self.model.tag);
            let value = space.value(primary);
            t.push(if flipped {
                TraceEvent::Refutation {
                    depth: level,
                    var,
                    value,
                }
            } else {
                TraceEvent::Decision {
                    depth: level,
                    var,
                    value,
                }
            });
        }
        self.impose(primary, Reason::Decision)?;
        self.propagate_learning()
    }

    /// Makes `lit` true with `reason`.
    fn impose(&mut self, lit: Lit, reason: Reason) -> Result<bool, Conflict> {
        if let Some(rec) = self.store.learn.as_deref_mut() {
            rec.failure = None;
        }
        let space = self.space();
        let var = VarId::from_index(lit.var as usize, self.model.tag);
        let value = space.value(lit);
        let shared = Shared {
            model: self.model.tag,
            layout: &self.model.layout,
            watches: &self.watches,
            state: &self.state_start,
        };
        let mut ctx = PropagationContext::with_reason(&mut self.store, shared, None, reason);
        match lit.kind {
            Kind::Eq => ctx.fix(var, value),
            Kind::Ne => ctx.remove(var, value),
            Kind::Le => ctx.set_max(var, i64::from(value)),
            Kind::Ge => ctx.set_min(var, i64::from(value)),
        }
    }

    /// Propagates the learned clauses and the constraints to a fixpoint.
    pub(super) fn propagate_learning(&mut self) -> Result<(), Conflict> {
        loop {
            self.propagate_clauses()?;
            if !self.run_one_constraint()? || self.interrupted() {
                return Ok(());
            }
        }
    }

    /// Unit propagation of the learned clauses over the events not seen yet.
    fn propagate_clauses(&mut self) -> Result<(), Conflict> {
        loop {
            let Some(rec) = self.store.learn.as_deref_mut() else {
                return Ok(());
            };
            if rec.qhead >= rec.events.len() {
                return Ok(());
            }
            let ev = rec.events[rec.qhead];
            rec.qhead += 1;
            let x = ev.var;
            let removed = |bit: u32, rec: &Recorder| {
                ev.removed_in(&rec.masks, (bit / 64) as usize) & (1 << (bit % 64)) != 0
            };
            // `x == v` watched: false if `v` went.
            self.visit_watches(4 * x as usize + ON_REMOVE, |w, rec, _| removed(w.bit, rec))?;
            if ev.flags & FIXED != 0 {
                // `x != v` watched: false if `x` is now `v`.
                self.visit_watches(4 * x as usize + ON_FIX, |w, _, words| {
                    let (i, b) = ((w.bit / 64) as usize, w.bit % 64);
                    words.get(i).is_some_and(|&d| d == 1 << b)
                })?;
            }
            if ev.flags & MIN != 0 {
                self.visit_watches(4 * x as usize + ON_MIN, |_, _, _| true)?;
            }
            if ev.flags & MAX != 0 {
                self.visit_watches(4 * x as usize + ON_MAX, |_, _, _| true)?;
            }
        }
    }

    /// Visits the watches of list `li` that `hit` selects: each such
    /// clause watches another literal, asserts its other watched literal,
    /// or fails.
    fn visit_watches(
        &mut self,
        li: usize,
        hit: impl Fn(&Watch, &Recorder, &[u64]) -> bool,
    ) -> Result<(), Conflict> {
        let Some(learner) = self.learner.as_deref_mut() else {
            return Ok(());
        };
        let mut list = std::mem::take(&mut learner.db.watches[li]);
        if list.is_empty() {
            learner.db.watches[li] = list;
            return Ok(());
        }
        let var = li / 4;
        let model: &'m crate::Model = self.model;
        let layout = &model.layout;
        let mut result = Ok(());
        let (mut i, mut j) = (0, 0);
        while i < list.len() {
            let w = list[i];
            i += 1;
            let Some(rec) = self.store.learn.as_deref() else {
                break;
            };
            let words = &self.store.words;
            let truth_of = |l: Lit| truth(l, &words[layout[l.var as usize].range()]);
            // Decided from the watch alone, without reading the clause: the
            // change left the watched literal alone, or the blocker holds.
            if !hit(&w, rec, &words[layout[var].range()]) || truth_of(w.blocker) == Some(true) {
                list[j] = w;
                j += 1;
                continue;
            }
            let learner = self
                .learner
                .as_deref_mut()
                .unwrap_or_else(|| unreachable!());
            let clause = &mut learner.db.clauses[w.clause as usize];
            if clause.deleted {
                continue;
            }
            // The watched literal: make it the second.
            let is_watched = |l: &Lit| l.var as usize == var && l.bit == w.bit && list_of(*l) == li;
            // Only a watched literal that is false moves anything (a clause
            // that is the reason of a change keeps its asserted literal first).
            let at = if is_watched(&clause.lits[0]) {
                0
            } else if is_watched(&clause.lits[1]) {
                1
            } else {
                2
            };
            if at == 2 || truth_of(clause.lits[at]) != Some(false) {
                list[j] = w;
                j += 1;
                continue;
            }
            if at == 0 {
                clause.lits.swap(0, 1);
            }
            let first = clause.lits[0];
            if truth_of(first) == Some(true) {
                list[j] = Watch {
                    blocker: first,
                    ..w
                };
                j += 1;
                continue;
            }
            // Another literal to watch?
            let other = (2..clause.lits.len()).find(|&k| truth_of(clause.lits[k]) != Some(false));
            if let Some(k) = other {
                clause.lits.swap(1, k);
                let new = clause.lits[1];
                learner.db.watches[list_of(new)].push(Watch {
                    clause: w.clause,
                    bit: new.bit,
                    blocker: first,
                });
                continue;
            }
            list[j] = w;
            j += 1;
            if truth_of(first) == Some(false) {
                if let Some(rec) = self.store.learn.as_deref_mut() {
                    rec.failure = Some(Failure::Clause(w.clause));
                }
                result = Err(Conflict);
                break;
            }
            if self.impose(first, Reason::Clause(w.clause)).is_err() {
                result = Err(Conflict);
                break;
            }
        }
        // Keep the watches not visited, and any added to this list meanwhile.
        while i < list.len() {
            list[j] = list[i];
            i += 1;
            j += 1;
        }
        list.truncate(j);
        if let Some(learner) = self.learner.as_deref_mut() {
            let added = std::mem::take(&mut learner.db.watches[li]);
            list.extend(added);
            learner.db.watches[li] = list;
        }
        if result.is_err() {
            self.store.queue.clear();
        }
        result
    }

    /// Runs the next queued constraint; `Ok(false)` if none is queued.
    fn run_one_constraint(&mut self) -> Result<bool, Conflict> {
        let Some(c) = self.store.queue.pop() else {
            return Ok(false);
        };
        self.run_constraint(c)?;
        Ok(true)
    }

    /// The learning search: to the next solution (`Ok`) or the end.
    pub(super) fn search_cdcl(&mut self) -> Result<(), SearchStatus> {
        loop {
            match self.phase {
                Phase::Done(status) => return Err(status),
                Phase::Conflict => {
                    self.phase = self.after_conflict();
                    continue;
                }
                Phase::Backtrack => {
                    // After a solution.
                    self.phase = self.resume();
                    continue;
                }
                Phase::Branch => {}
            }
            self.restart_if_due();
            // A fixpoint cut short (here or by the restart) is no leaf.
            if let Some(reason) = self.stopping {
                self.phase = Phase::Done(SearchStatus::Stopped(reason));
                continue;
            }
            let Some((var, value)) = self.select_learning() else {
                if self.verify_leaf() {
                    self.stats.solutions += 1;
                    if let Some(t) = self.store.trace.as_mut() {
                        t.push(TraceEvent::Solution {
                            depth: self.store.depth,
                        });
                    }
                    self.phase = Phase::Backtrack;
                    return Ok(());
                }
                self.stats.failures += 1;
                self.phase = Phase::Conflict;
                continue;
            };
            if let Some(reason) = self.limit_hit() {
                self.phase = Phase::Done(SearchStatus::Stopped(reason));
                continue;
            }
            self.stats.decisions += 1;
            let lit = match self.space().norm(crate::Literal::eq(var, value)) {
                Norm::Lit(lit) => lit,
                // An unfixed variable's value is never always true or false.
                _ => unreachable!("a decision on a fixed variable"),
            };
            if self.open_level(lit, false).is_err() {
                self.stats.failures += 1;
                self.phase = Phase::Conflict;
            }
        }
    }

    /// Restarts (back to the highest flipped level) if the schedule says so.
    fn restart_if_due(&mut self) {
        let Some((schedule, start)) = &self.restart else {
            return;
        };
        if self.stats.failures - start < schedule.cutoff() {
            return;
        }
        let keep = self.learner.as_ref().map_or(0, |l| l.highest_flip());
        if self.level() <= keep {
            return;
        }
        self.undo_levels(keep);
        self.stats.restarts += 1;
        if let Some((schedule, start)) = self.restart.as_mut() {
            schedule.advance();
            *start = self.stats.failures;
        }
        if let Some(t) = self.store.trace.as_mut() {
            t.push(TraceEvent::Restart {
                count: self.stats.restarts,
            });
        }
    }

    /// The next decision, or `None` if every variable is fixed.
    fn select_learning(&mut self) -> Option<(VarId, Value)> {
        let domains = Domains {
            words: &self.store.words,
            layout: &self.model.layout,
            model: self.model.tag,
        };
        let auto = matches!(self.options.learning, crate::Learning::Auto { .. });
        let activity = match self.options.variable_order {
            VariableOrder::Activity => true,
            VariableOrder::Custom(_) => false,
            _ => auto,
        };
        let var = match self.learner.as_deref() {
            Some(learner) if activity => {
                let pick = |vars: &mut dyn Iterator<Item = usize>| {
                    let mut best: Option<(usize, f64)> = None;
                    for i in vars {
                        let v = VarId::from_index(i, self.model.tag);
                        if domains.is_fixed(v) {
                            continue;
                        }
                        let a = learner.activity[i];
                        if best.is_none_or(|(_, b)| a > b) {
                            best = Some((i, a));
                        }
                    }
                    best.map(|(i, _)| VarId::from_index(i, self.model.tag))
                };
                match self.branch.as_ref() {
                    None => pick(&mut (0..self.model.num_vars())),
                    Some(b) => {
                        let (first, rest) = b.vars.split_at(b.primary);
                        pick(&mut first.iter().map(|&i| i as usize))
                            .or_else(|| pick(&mut rest.iter().map(|&i| i as usize)))
                    }
                }
            }
            _ => select_variable(
                &self.options.variable_order,
                &domains,
                &self.model.degree,
                &self.var_weight,
                self.branch.as_ref(),
            ),
        }?;
        let phase_saving = match self.options.value_order {
            ValueOrder::Saved => true,
            ValueOrder::Ascending | ValueOrder::Descending => auto,
            _ => false,
        };
        let saved = match phase_saving {
            true => self
                .store
                .learn
                .as_ref()
                .and_then(|r| r.phase[var.index()])
                .filter(|&v| domains.contains(var, v)),
            false => None,
        };
        let value = match saved {
            Some(v) => v,
            None => select_value(&self.options.value_order, &mut self.rng, var, &domains),
        };
        Some((var, value))
    }

    /// Analyses the pending failure and goes on from it. Returns `false`
    /// when the search is complete, the limit that stopped it if the time
    /// limit or the cancellation came during the analyses.
    fn resolve_conflict(&mut self) -> Result<bool, StopReason> {
        loop {
            if self.level() == 0 {
                return Ok(false);
            }
            let Some(learned) = self.analyse()? else {
                return Ok(false);
            };
            let lits = learned.lits;
            if lits.is_empty() {
                // The failure does not depend on any decision.
                return Ok(false);
            }
            let keep = self.learner.as_ref().map_or(0, |l| l.highest_flip()) as u32;
            let result = if learned.conflict_level > keep {
                // Backjump and assert.
                let target = learned.level.max(keep);
                self.undo_levels(target as usize);
                let reason = self.store_clause(&lits, learned.lbd, target);
                self.impose(lits[0], reason)
                    .and_then(|_| self.propagate_learning())
            } else {
                // The failure lies in a flipped subtree: it is exhausted.
                self.undo_levels(learned.conflict_level as usize);
                self.store_clause(&lits, learned.lbd, u32::MAX);
                match self.flip_newest(learned.conflict_level as usize) {
                    None => return Ok(false),
                    Some(r) => r,
                }
            };
            self.reduce_if_due();
            if let Some(l) = self.learner.as_deref_mut() {
                l.bump_activity();
            }
            match result {
                Ok(()) => return Ok(true),
                Err(Conflict) => {
                    self.stats.failures += 1;
                    self.note_failure();
                    // A run of failures without a decision: the limits are
                    // read before each decision, so read them here too.
                    if let Some(reason) =
                        super::engine::stop_now(&self.options.limits, self.started)
                    {
                        return Err(reason);
                    }
                }
            }
        }
    }

    /// Makes sure a failure is recorded for the analysis.
    fn note_failure(&mut self) {
        if let Some(rec) = self.store.learn.as_deref_mut() {
            if rec.failure.is_none() {
                rec.failure = Some(Failure::Explicit(Reason::Decisions));
            }
        }
    }

    /// Runs the conflict analysis on the recorded failure.
    fn analyse(&mut self) -> Result<Option<crate::learn::Learned>, StopReason> {
        let space = self.space();
        let (Some(learner), Some(rec)) = (self.learner.as_deref_mut(), self.store.learn.as_deref())
        else {
            return Ok(None);
        };
        let Learner {
            db,
            primaries,
            decisions,
            analyzer,
            learned,
            ..
        } = learner;
        let view = View {
            words: &self.store.words,
            rec,
            space,
            constraints: &self.model.constraints,
            db,
            primaries,
            decisions,
        };
        // The time limit and the user's cancellation, read while the
        // analysis runs (see `stop_now`).
        let (limits, started) = (&self.options.limits, self.started);
        let stop = || super::engine::stop_now(limits, started);
        analyzer.analyze(&view, learned, &stop)?;
        Ok(Some(learned.clone()))
    }

    /// Stores a learned clause (at least two literals) or a unit one, and
    /// returns the reason its first literal is asserted with at level
    /// `level` (`u32::MAX`: not asserted now; the clause is then checked
    /// against the current domains as it is added).
    fn store_clause(&mut self, lits: &[Lit], lbd: u32, level: u32) -> Reason {
        if lits.len() == 1 {
            if let Some(l) = self.learner.as_deref_mut() {
                l.units.push(lits[0]);
            }
            return if level == 0 {
                Reason::Fact
            } else {
                self.empty_reason()
            };
        }
        let Some(l) = self.learner.as_deref_mut() else {
            return Reason::Decisions;
        };
        let c = l.db.add(lits, lbd);
        Reason::Clause(c)
    }

    /// The reason "implied by the model alone" (an empty conjunction).
    fn empty_reason(&mut self) -> Reason {
        match self.store.learn.as_deref_mut() {
            Some(rec) => rec.eager(&[]),
            None => Reason::Fact,
        }
    }

    /// After exhausting the subtree at `level`, flips the newest decision at
    /// or below it that is not flipped yet (undoing the levels above it).
    /// `None` if there is none: the search is complete. The learned units
    /// are imposed again after the flip.
    ///
    /// When the units already make the flipped decision false, its subtree
    /// is empty and the next decision down is flipped instead (opening a
    /// level on a false literal would fail with a reason that is not true).
    fn flip_newest(&mut self, mut level: usize) -> Option<Result<(), Conflict>> {
        loop {
            let (k, primary) = {
                let l = self.learner.as_deref()?;
                let mut k = level.min(l.flipped.len());
                while k >= 1 && l.flipped[k - 1] {
                    k -= 1;
                }
                if k == 0 {
                    return None;
                }
                (k, l.primaries[k - 1])
            };
            self.undo_levels(k - 1);
            let flipped = self.space().negate(primary);
            if let Err(c) = self.reimpose_units() {
                return Some(Err(c));
            }
            let words = &self.store.words[self.model.layout[flipped.var as usize].range()];
            if truth(flipped, words) == Some(false) {
                level = k - 1;
                continue;
            }
            return Some(self.open_level(flipped, true));
        }
    }

    /// Imposes the learned unit clauses again (after a flip undid the level
    /// where they were imposed).
    fn reimpose_units(&mut self) -> Result<(), Conflict> {
        let n = self.learner.as_ref().map_or(0, |l| l.units.len());
        for i in 0..n {
            let Some(lit) = self.learner.as_ref().map(|l| l.units[i]) else {
                break;
            };
            let reason = if self.level() == 0 {
                Reason::Fact
            } else {
                self.empty_reason()
            };
            self.impose(lit, reason)?;
        }
        self.propagate_learning()
    }

    /// After a solution: flips the newest unflipped decision, or, when
    /// optimising, restarts with the bound. Returns the phase that follows.
    fn resume(&mut self) -> Phase {
        let result = if self.objective.is_some() {
            self.undo_levels(0);
            self.stats.nodes += 1;
            self.apply_bound().and_then(|()| self.propagate_learning())
        } else {
            let level = self.level();
            match self.flip_newest(level) {
                None => return Phase::Done(SearchStatus::Complete),
                Some(r) => r,
            }
        };
        match result {
            Ok(()) => Phase::Branch,
            Err(Conflict) => {
                self.stats.failures += 1;
                self.note_failure();
                if self.level() == 0 {
                    return Phase::Done(SearchStatus::Complete);
                }
                self.after_conflict()
            }
        }
    }

    /// Resolves the recorded failure (and those that follow it without a
    /// decision): the phase that follows.
    fn after_conflict(&mut self) -> Phase {
        match self.resolve_conflict() {
            Ok(true) => Phase::Branch,
            Ok(false) => Phase::Done(SearchStatus::Complete),
            Err(reason) => Phase::Done(SearchStatus::Stopped(reason)),
        }
    }

    /// Deletes half of the learned clauses of literal block distance above
    /// two, the least useful first, every few thousand conflicts.
    fn reduce_if_due(&mut self) {
        let Some(l) = self.learner.as_deref_mut() else {
            return;
        };
        if !l.reduce_due() {
            return;
        }
        let Some(rec) = self.store.learn.as_deref() else {
            return;
        };
        // A clause that is the reason of a change on the trail stays, and
        // so does the clause of a failure not yet analysed: deleting it
        // empties its literals, and the analysis would read an empty
        // nogood as a failure that depends on no decision (a search
        // reported complete with solutions left).
        let mut locked = vec![false; l.db.clauses.len()];
        for ev in &rec.events {
            if let Reason::Clause(c) = ev.reason {
                if let Some(x) = locked.get_mut(c as usize) {
                    *x = true;
                }
            }
        }
        let failing = match rec.failure {
            Some(Failure::Clause(c))
            | Some(Failure::Explicit(Reason::Clause(c)))
            | Some(Failure::Wipe {
                reason: Reason::Clause(c),
                ..
            }) => Some(c),
            _ => None,
        };
        if let Some(x) = failing.and_then(|c| locked.get_mut(c as usize)) {
            *x = true;
        }
        let mut candidates: Vec<(u32, u32, f32)> =
            l.db.clauses
                .iter()
                .enumerate()
                .filter(|&(c, k)| !k.deleted && k.lbd > 2 && !locked[c])
                .map(|(c, k)| (c as u32, k.lbd, k.activity))
                .collect();
        // Worst first: high distance, then low activity, then newest.
        candidates.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.total_cmp(&b.2)).then(b.0.cmp(&a.0)));
        let drop = candidates.len() / 2;
        for &(c, _, _) in &candidates[..drop] {
            l.db.delete(c);
        }
        l.db.sweep_watches();
        l.reduced();
    }
}

#[cfg(any(test, feature = "test-support"))]
impl Solver<'_> {
    /// Replays `path` (decisions `x = v`, each propagated at a level of its
    /// own, with learning on) and returns the explanation of every change a
    /// constraint made, and of the failure if the path fails. For the
    /// explanation oracle.
    pub(crate) fn explain_path(&mut self, path: &[(VarId, Value)]) -> Vec<crate::learn::Explained> {
        let options = self.options.clone();
        self.options.learning = crate::Learning::On;
        self.options.trace = false;
        let root = self.start_run();
        if root.is_ok() {
            for &(var, value) in path {
                let domains = Domains {
                    words: &self.store.words,
                    layout: &self.model.layout,
                    model: self.model.tag,
                };
                if domains.is_fixed(var) || !domains.contains(var, value) {
                    continue;
                }
                let Norm::Lit(lit) = self.space().norm(crate::Literal::eq(var, value)) else {
                    continue;
                };
                if self.open_level(lit, false).is_err() {
                    self.note_failure();
                    break;
                }
            }
        }
        let out = match (self.learner.as_deref(), self.store.learn.as_deref()) {
            (Some(learner), Some(rec)) => View {
                words: &self.store.words,
                rec,
                space: self.space(),
                constraints: &self.model.constraints,
                db: &learner.db,
                primaries: &learner.primaries,
                decisions: &learner.decisions,
            }
            .explain_all(),
            _ => Vec::new(),
        };
        self.end_learning();
        self.options = options;
        out
    }
}
