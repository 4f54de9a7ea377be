//! The propagation context handed to constraints, and the engine-side state
//! behind it: the domain store, the trail, the priority queue and the watch
//! lists.
//!
//! Every domain change goes through [`PropagationContext`]'s mutators, which
//! record the old word on the trail, wake the constraints watching the
//! variable and, when tracing, record the deduction. No constraint can forget
//! to undo a change or to wake its neighbours.

use crate::constraint::{Conflict, ConstraintId};
use crate::domain::{Domains, ValueIter, VarLayout};
use crate::learn::{Failure, Reason, Recorder};
use crate::trace::{Deduction, TraceEvent};
use crate::trail::Trail;
use crate::variable::{Value, VarId};

/// Change kinds, as bits (see [`Events`](crate::Events)).
const CHANGED: u8 = 4;
const BOUNDS: u8 = 2;
const FIXED: u8 = 1;

/// The constraints to run, one FIFO per priority level, each constraint at
/// most once. Each level is a ring buffer with room for every constraint, so
/// pushing never allocates or checks capacity.
#[derive(Debug, Clone)]
pub(crate) struct PropQueue {
    /// `levels * cap` slots: level `p` uses `ring[p * cap..(p + 1) * cap]`.
    ring: Vec<u32>,
    head: [usize; crate::Priority::LEVELS],
    tail: [usize; crate::Priority::LEVELS],
    /// Ring size per level (a power of two, at least the number of constraints).
    cap: usize,
    /// Per constraint: its priority level, plus [`QUEUED`] while it is in
    /// the queue (one byte, so a push reads one entry).
    state: Vec<u8>,
    /// No level below this one holds anything.
    lowest: usize,
}

/// The bit of [`PropQueue::state`] of a constraint in the queue.
const QUEUED: u8 = 0x80;

impl PropQueue {
    pub(crate) fn new(priority: Vec<u8>) -> Self {
        let cap = priority.len().max(1).next_power_of_two();
        debug_assert!(
            priority
                .iter()
                .all(|&p| usize::from(p) < crate::Priority::LEVELS)
        );
        PropQueue {
            ring: filled(cap * crate::Priority::LEVELS, 0),
            head: [0; crate::Priority::LEVELS],
            tail: [0; crate::Priority::LEVELS],
            cap,
            state: priority,
            lowest: crate::Priority::LEVELS,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, c: u32) {
        let ci = c as usize;
        let state = self.state[ci];
        if state & QUEUED == 0 {
            self.state[ci] = state | QUEUED;
            let p = usize::from(state);
            let tail = self.tail[p];
            self.ring[p * self.cap + (tail & (self.cap - 1))] = c;
            self.tail[p] = tail.wrapping_add(1);
            self.lowest = self.lowest.min(p);
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        while self.lowest < crate::Priority::LEVELS {
            let p = self.lowest;
            if self.head[p] != self.tail[p] {
                let c = self.ring[p * self.cap + (self.head[p] & (self.cap - 1))];
                self.head[p] = self.head[p].wrapping_add(1);
                self.state[c as usize] &= !QUEUED;
                return Some(c);
            }
            self.lowest += 1;
        }
        None
    }

    pub(crate) fn clear(&mut self) {
        while self.pop().is_some() {}
    }
}

/// `n` copies of `value`, allocated with `malloc` rather than `calloc`.
///
/// `vec![0; n]` asks the allocator for zeroed memory, which glibc's
/// `calloc` serves without its per-thread cache: for the small vectors of
/// a small model, several times the cost of a cached `malloc` and a fill
/// (the solver of a 4x4 Sudoku made three such vectors).
pub(crate) fn filled<T: Clone>(n: usize, value: T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    v.resize(n, value);
    v
}

/// For each variable, the constraints to wake and on which changes
/// (compressed rows: `entries[offsets[v]..offsets[v + 1]]`).
#[derive(Debug, Clone)]
pub(crate) struct Watches {
    offsets: Vec<u32>,
    /// `(constraint, event bits, key)`: the constraint is not woken by
    /// its own changes when `key` is the constraint running (`key` is the
    /// constraint itself if it is idempotent, [`NEVER`] otherwise).
    entries: Vec<(u32, u8, u32)>,
}

/// The watch key of a constraint woken by its own changes too: never the
/// running constraint's number (the contexts outside any constraint use
/// [`OUTSIDE`]).
const NEVER: u32 = u32::MAX;
/// The running constraint's number in a context outside any constraint.
const OUTSIDE: u32 = u32::MAX - 1;

impl Watches {
    /// Builds the lists of the model's constraints, in constraint order; a
    /// variable repeated in one scope is watched once. `degree[v]` is the
    /// number of constraints whose scope holds `v` (the model's count, kept
    /// as it posts them), so the lists are sized without a first pass over
    /// the scopes.
    pub(crate) fn new(degree: &[u32], constraints: &[crate::model::Entry]) -> Self {
        let num_vars = degree.len();
        // `offsets[v + 1]` is the start of `v`'s list. Placing the entries
        // with it as `v`'s cursor leaves it at the end of the list, the
        // start of `v + 1`'s: then, one dropped, `offsets[v]` is `v`'s start
        // for every `v`, with no copy of the starts.
        let mut offsets: Vec<u32> = Vec::with_capacity(num_vars + 2);
        offsets.extend([0, 0]);
        let mut total = 0u32;
        for &d in degree {
            total += d;
            offsets.push(total);
        }
        let mut entries = filled(total as usize, (0u32, 0u8, NEVER));
        // A scope in increasing order (a grid's line, a whole grid) or in
        // decreasing order (a line read from its far end) lists each
        // variable once; the others are deduplicated with `seen` (made at
        // the first of them): the scopes are the model's variables, so
        // their indices tell them apart.
        let mut seen: Vec<u32> = Vec::new();
        for (c, e) in constraints.iter().enumerate() {
            let (events, idempotent) = (e.constraint.events(), e.constraint.idempotent());
            let entry = (
                c as u32,
                events.bits(),
                if idempotent { c as u32 } else { NEVER },
            );
            let scope = e.constraint.scope();
            let dedup = !crate::model::is_monotone(scope);
            if dedup && seen.is_empty() {
                seen = filled(num_vars, u32::MAX);
            }
            for v in scope {
                if dedup {
                    if seen[v.index()] == c as u32 {
                        continue;
                    }
                    seen[v.index()] = c as u32;
                }
                let at = &mut offsets[v.index() + 1];
                entries[*at as usize] = entry;
                *at += 1;
            }
        }
        debug_assert!(
            {
                let mut end = 0;
                degree.iter().enumerate().all(|(v, &d)| {
                    end += d;
                    offsets[v + 1] == end
                })
            },
            "the model's degrees count the scopes"
        );
        offsets.pop();
        Watches { offsets, entries }
    }

    #[inline]
    fn of(&self, var: VarId) -> &[(u32, u8, u32)] {
        let i = var.index();
        &self.entries[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// The mutable search state that propagation works on.
#[derive(Debug, Clone)]
pub(crate) struct Store {
    pub(crate) words: Vec<u64>,
    pub(crate) trail: Trail<(u32, u64)>,
    pub(crate) queue: PropQueue,
    pub(crate) trace: Option<Vec<TraceEvent>>,
    pub(crate) depth: u32,
    pub(crate) values_buf: Vec<Value>,
    pub(crate) words_buf: Vec<u64>,
    pub(crate) mask_buf: Vec<u64>,
    pub(crate) scratch: Scratch,
    /// The variables the last conflict was blamed on, and the constraint
    /// that blamed them (see [`PropagationContext::conflict_on`]).
    pub(crate) blame: Blame,
    /// The event trail, while the search learns.
    pub(crate) learn: Option<Box<Recorder>>,
}

/// What [`PropagationContext::conflict_on`] recorded for dom/wdeg.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blame {
    pub(crate) vars: Vec<VarId>,
    pub(crate) by: Option<u32>,
}

/// Reusable buffers for one propagator call: take them with
/// [`PropagationContext::take_scratch`], use them, hand them back with
/// [`PropagationContext::give_back_scratch`]. They come back empty, with
/// the capacity of earlier calls kept, so a propagator allocates only until
/// its buffers have reached their largest size (on the first run).
///
/// The contents do not survive between calls (for state that must, see
/// [`Constraint::state_words`](crate::Constraint::state_words)).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Scratch {
    /// Words: bitsets, masks.
    pub words: Vec<u64>,
    /// Indices: stacks, queues, counters.
    pub indices: Vec<u32>,
    /// Wide integers: bounds, partial sums.
    pub ints: Vec<i64>,
    /// Values.
    pub values: Vec<Value>,
}

impl Scratch {
    fn clear(&mut self) {
        self.words.clear();
        self.indices.clear();
        self.ints.clear();
        self.values.clear();
    }
}

/// The engine-side facts a context needs, borrowed from the compiled model.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shared<'a> {
    /// The model's identity.
    pub(crate) model: u32,
    pub(crate) layout: &'a [VarLayout],
    pub(crate) watches: &'a Watches,
    /// Constraint `c`'s state words are `words[state[c]..state[c + 1]]`.
    pub(crate) state: &'a [u32],
}

/// What a constraint sees while it propagates: the current domains (read
/// through the methods below or [`domains`](Self::domains)) and the only ways
/// to change them.
///
/// All mutators return `Ok(true)` if the domain changed, `Ok(false)` if
/// there was nothing to do, and `Err(Conflict)` if the domain would become
/// empty (the domain is then left as it was and the search backtracks).
///
/// Every method takes variables of the model being solved (those of the
/// constraint's scope, which the model checked when the constraint was
/// added); a `VarId` from another, smaller model is a programming error and
/// panics.
pub struct PropagationContext<'a> {
    store: &'a mut Store,
    shared: Shared<'a>,
    current: Option<u32>,
    /// The reason of this context's changes when learning.
    base: Reason,
    /// The reason given for the next change ([`explained_by`](Self::explained_by)).
    pending: Option<Reason>,
    rule: &'static str,
    /// For traces of word-sized writes: the removed bits that another rule
    /// than `rule` accounts for, and the rule of the `Fixed` event.
    explained: Explained,
}

#[derive(Clone, Copy, Default)]
struct Explained {
    by: [(u64, &'static str); 2],
    fixed_by: Option<&'static str>,
}

impl std::fmt::Debug for PropagationContext<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PropagationContext")
            .field("constraint", &self.current)
            .field("depth", &self.store.depth)
            .finish_non_exhaustive()
    }
}

impl<'a> PropagationContext<'a> {
    pub(crate) fn new(store: &'a mut Store, shared: Shared<'a>, current: Option<u32>) -> Self {
        let base = current.map_or(Reason::Decisions, Reason::Lazy);
        Self::with_reason(store, shared, current, base)
    }

    /// A context whose changes have the reason `base` (the engine's own).
    pub(crate) fn with_reason(
        store: &'a mut Store,
        shared: Shared<'a>,
        current: Option<u32>,
        base: Reason,
    ) -> Self {
        PropagationContext {
            store,
            shared,
            current,
            base,
            pending: None,
            rule: "",
            explained: Explained::default(),
        }
    }

    /// The current domains of all variables.
    #[inline]
    pub fn domains(&self) -> Domains<'_> {
        Domains {
            words: &self.store.words,
            layout: self.shared.layout,
            model: self.shared.model,
        }
    }

    /// Number of values left in `var`'s domain.
    #[inline]
    pub fn size(&self, var: VarId) -> u32 {
        self.domains().size(var)
    }

    /// Whether `var` has one value left.
    #[inline]
    pub fn is_fixed(&self, var: VarId) -> bool {
        self.domains().is_fixed(var)
    }

    /// `var`'s value if it is fixed.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<Value> {
        self.domains().value(var)
    }

    /// The smallest value left for `var`.
    #[inline]
    pub fn min(&self, var: VarId) -> Value {
        self.domains().min(var).unwrap_or(0)
    }

    /// The largest value left for `var`.
    #[inline]
    pub fn max(&self, var: VarId) -> Value {
        self.domains().max(var).unwrap_or(0)
    }

    /// Whether `value` is still possible for `var`.
    #[inline]
    pub fn contains(&self, var: VarId, value: Value) -> bool {
        self.domains().contains(var, value)
    }

    /// The values left for `var`, ascending. Collect them before changing
    /// domains (the iterator borrows the context).
    pub fn iter(&self, var: VarId) -> ValueIter<'_> {
        self.domains().iter(var)
    }

    /// Word-sized fast path: see [`Domains::mask`].
    #[inline]
    pub fn mask(&self, var: VarId) -> Option<(Value, u64)> {
        self.domains().mask(var)
    }

    /// Word-sized fast path for a whole scope: if every variable of `vars`
    /// has a one-word domain with the same base, appends their masks to
    /// `out` and returns that base; otherwise returns `None` (`out` then
    /// holds unspecified words).
    #[inline]
    pub fn masks_into(&self, vars: &[VarId], out: &mut Vec<u64>) -> Option<Value> {
        let layout = self.shared.layout;
        let words: &[u64] = &self.store.words;
        let first = vars.first()?.index();
        let base = layout[first].base;
        // Fast path: consecutive variables (a board's cells), whose layouts
        // follow one another in the store. Every domain has a word at
        // least, so if the last one starts `len - 1` words after the
        // first, all but the last have exactly one; their words are then
        // one slice, copied at once.
        let (len, last) = (vars.len(), layout.get(first + vars.len() - 1));
        if let Some(last) = last {
            let (from, to) = (layout[first].start as usize, last.start as usize);
            if last.words == 1
                && to.checked_sub(from) == Some(len - 1)
                && vars.iter().enumerate().all(|(i, v)| v.index() == first + i)
                && layout[first..first + len].iter().all(|l| l.base == base)
            {
                out.extend_from_slice(&words[from..=to]);
                return Some(base);
            }
        }
        // One pass without an early exit or a capacity check per word (the
        // common case is a whole scope of one-word domains): each variable's
        // first word is read, and the layouts are checked all together.
        let mut aligned = true;
        out.extend(vars.iter().map(|v| {
            let l = layout[v.index()];
            aligned &= l.words == 1 && l.base == base;
            // A layout of no words may start past the end.
            words.get(l.start as usize).copied().unwrap_or(0)
        }));
        aligned.then_some(base)
    }

    /// The domain words of the `len` consecutive variables from `first`
    /// (`first`, the next variable, and so on), if each has a one-word
    /// domain: one slice of the store, found in constant time (the
    /// variables' words follow one another, and every domain has one word
    /// at least, so they are one word each if the last is one and starts
    /// `len - 1` words after the first). Bit `i` of word `k` is the value
    /// `base + i` of variable `k`, its base as [`mask`](Self::mask) gives
    /// it (a propagator that checked the bases once, in
    /// [`init_state`](crate::Constraint::init_state), need not look again:
    /// they never change). `None` if a domain is wider, `len` is 0, or the
    /// range passes the last variable.
    #[inline]
    pub fn words_of_run(&self, first: VarId, len: usize) -> Option<&[u64]> {
        let layout = self.shared.layout;
        let i = first.index();
        let (a, b) = (
            layout.get(i)?,
            layout.get(i.checked_add(len.checked_sub(1)?)?)?,
        );
        let (from, to) = (a.start as usize, b.start as usize);
        (b.words == 1 && to.checked_sub(from) == Some(len - 1))
            .then(|| &self.store.words[from..=to])
    }

    /// `var`'s domain words: bit `j` of word `k` is the value
    /// `base + 64 k + j` of its layout.
    #[inline]
    pub(crate) fn words_of(&self, var: VarId) -> &[u64] {
        let l = self.shared.layout[var.index()];
        &self.store.words[l.range()]
    }

    /// Multi-word counterpart of [`masks_into`](Self::masks_into): if every
    /// variable of `vars` has the same base and the same number of words,
    /// appends all their words (variable after variable) to `out` and
    /// returns the base and the words per variable.
    pub(crate) fn words_into(&self, vars: &[VarId], out: &mut Vec<u64>) -> Option<(Value, usize)> {
        let layout = self.shared.layout;
        let first = layout[vars.first()?.index()];
        for v in vars {
            let l = layout[v.index()];
            if l.words != first.words || l.base != first.base {
                return None;
            }
            out.extend_from_slice(&self.store.words[l.range()]);
        }
        Some((first.base, first.words as usize))
    }

    /// Keeps only the values of `var` whose bits are set in `words` (the
    /// layout [`words_into`](Self::words_into) reported).
    pub(crate) fn intersect_words(&mut self, var: VarId, words: &[u64]) -> Result<bool, Conflict> {
        let result = self.intersect_words_now(var, words);
        self.pending = None;
        result
    }

    fn intersect_words_now(&mut self, var: VarId, words: &[u64]) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        if l.words == 1 {
            let old = self.store.words[l.start as usize];
            let new = old & words[0];
            return if new == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, new)
            };
        }
        self.write_multi(var, l, |i, w| w & words[i])
    }

    /// The current constraint's trailed state words (see
    /// [`Constraint::state_words`](crate::Constraint::state_words)); empty
    /// outside a propagator call or for a constraint without state.
    #[inline]
    pub fn state(&self) -> &[u64] {
        match self.current {
            Some(c) => {
                let c = c as usize;
                let (a, b) = (self.shared.state[c], self.shared.state[c + 1]);
                &self.store.words[a as usize..b as usize]
            }
            None => &[],
        }
    }

    /// Sets word `index` of the current constraint's state to `word`,
    /// recording the old word on the trail (nothing is recorded if the word
    /// does not change). Wakes no constraint.
    ///
    /// Panics if `index` is not below the constraint's
    /// [`state_words`](crate::Constraint::state_words): that is a bug in
    /// the constraint, not bad input.
    #[inline]
    pub fn set_state(&mut self, index: usize, word: u64) {
        let Some(c) = self.current else { return };
        let c = c as usize;
        let (a, b) = (
            self.shared.state[c] as usize,
            self.shared.state[c + 1] as usize,
        );
        assert!(index < b - a, "state word {index} out of range");
        let wi = a + index;
        let old = self.store.words[wi];
        if old != word {
            self.store.trail.push((wi as u32, old));
            self.store.words[wi] = word;
        }
    }

    /// Sets words `start..start + words.len()` of the current constraint's
    /// state to `words`: [`set_state`](Self::set_state) for each, with the
    /// range looked up and checked once (for a propagator that saves a
    /// board at the end of each call). Only the words that change are
    /// recorded on the trail.
    ///
    /// Panics if the range is not within the constraint's
    /// [`state_words`](crate::Constraint::state_words).
    #[inline]
    pub fn set_states(&mut self, start: usize, words: &[u64]) {
        let Some(c) = self.current else { return };
        let c = c as usize;
        let (a, b) = (
            self.shared.state[c] as usize,
            self.shared.state[c + 1] as usize,
        );
        assert!(
            start <= b - a && words.len() <= b - a - start,
            "state words {start}..{} out of range",
            start + words.len()
        );
        let from = a + start;
        let store = &mut *self.store;
        for (k, (slot, &word)) in store.words[from..from + words.len()]
            .iter_mut()
            .zip(words)
            .enumerate()
        {
            if *slot != word {
                store.trail.push(((from + k) as u32, *slot));
                *slot = word;
            }
        }
    }

    /// Takes the reusable [`Scratch`] buffers (empty, capacity kept), to be
    /// handed back with [`give_back_scratch`](Self::give_back_scratch).
    pub fn take_scratch(&mut self) -> Scratch {
        let mut s = std::mem::take(&mut self.store.scratch);
        s.clear();
        s
    }

    /// Returns the buffers taken with [`take_scratch`](Self::take_scratch).
    pub fn give_back_scratch(&mut self, scratch: Scratch) {
        self.store.scratch = scratch;
    }

    /// Whether deductions are being traced (then it is worth calling
    /// [`set_rule`](Self::set_rule) before each kind of deduction).
    #[inline]
    pub fn is_tracing(&self) -> bool {
        self.store.trace.is_some()
    }

    /// Names the rule behind the next changes, for the trace (for example
    /// `"hidden single"`). Reset to `""` before every propagator call.
    #[inline]
    pub fn set_rule(&mut self, rule: &'static str) {
        self.rule = rule;
    }

    /// The decision depth of the current search node (0 at the root).
    pub fn depth(&self) -> u32 {
        self.store.depth
    }

    /// Reports a conflict found by the constraint itself (a fully fixed
    /// scope that fails, a sum that cannot be reached, ...).
    pub fn conflict(&mut self) -> Conflict {
        let reason = self.reason();
        self.pending = None;
        if let Some(rec) = self.store.learn.as_deref_mut() {
            rec.failure = Some(Failure::Explicit(reason));
        }
        self.record_conflict();
        Conflict
    }

    /// Whether the search is learning from its conflicts: then the reasons
    /// of changes matter, and a propagator that gives them with
    /// [`explained_by`](Self::explained_by) builds them only when this is
    /// true.
    #[inline]
    pub fn learning(&self) -> bool {
        self.store.learn.is_some()
    }

    /// Gives the reason of the next change (the next call of a mutator) or
    /// of the next [`conflict`](Self::conflict): a conjunction of literals,
    /// true now, that together with the constraint's rule implies it (see
    /// [`ExplainContext`](crate::ExplainContext) for what makes a reason).
    /// Changes made without one are explained later, if a conflict needs
    /// them, by [`Constraint::explain`](crate::Constraint::explain).
    ///
    /// Does nothing unless the search is [`learning`](Self::learning):
    /// check that first, so as not to build reasons for nothing. The reason
    /// holds for the next mutator call only, whether or not it changes a
    /// domain.
    pub fn explained_by(&mut self, reason: &[crate::Literal]) {
        if let Some(rec) = self.store.learn.as_deref_mut() {
            self.pending = Some(rec.eager(reason));
        }
    }

    /// The reason of the change being made: the one given with
    /// [`explained_by`](Self::explained_by), or this context's own.
    #[inline]
    fn reason(&self) -> Reason {
        self.pending.unwrap_or(self.base)
    }

    /// Records a one-word write for learning.
    #[cold]
    fn record_single(&mut self, var: VarId, l: VarLayout, old: u64, new: u64) {
        let mut flags = 0;
        if new.trailing_zeros() != old.trailing_zeros() {
            flags |= crate::learn::MIN;
        }
        if new.leading_zeros() != old.leading_zeros() {
            flags |= crate::learn::MAX;
        }
        let fixed = new.is_power_of_two().then(|| {
            flags |= crate::learn::FIXED;
            (i64::from(l.base) + i64::from(new.trailing_zeros())) as Value
        });
        let reason = self.reason();
        if let Some(rec) = self.store.learn.as_deref_mut() {
            rec.record(var.index() as u32, 0, old & !new, reason, flags, fixed);
        }
    }

    /// Records that a change of `var` would have emptied its domain.
    #[inline]
    fn fail(&mut self, var: VarId) {
        if self.store.learn.is_some() {
            let reason = self.reason();
            if let Some(rec) = self.store.learn.as_deref_mut() {
                rec.failure = Some(Failure::Wipe {
                    var: var.index() as u32,
                    reason,
                });
            }
        }
        self.record_conflict();
    }

    /// [`conflict`](Self::conflict), naming the variables that caused it:
    /// the dom/wdeg order ([`VariableOrder::DomWdeg`](crate::VariableOrder::DomWdeg))
    /// then adds the failure's weight to these variables instead of the
    /// whole scope. For global constraints over many variables, whose
    /// failures each involve a few of them (a propagator of all the houses
    /// of a Sudoku board blames the house that failed, as one AllDifferent
    /// per house would). Return the result at once.
    pub fn conflict_on(&mut self, vars: &[VarId]) -> Conflict {
        self.store.blame.vars.clear();
        self.store.blame.vars.extend_from_slice(vars);
        self.store.blame.by = self.current;
        self.conflict()
    }

    /// Removes `value` from `var`'s domain.
    #[inline]
    pub fn remove(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        let result = self.remove_now(var, value);
        self.pending = None;
        result
    }

    #[inline]
    fn remove_now(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        let off = i64::from(value) - i64::from(l.base);
        if off < 0 || off >= 64 * i64::from(l.words) {
            return Ok(false);
        }
        let wi = l.start as usize + (off / 64) as usize;
        let bit = 1u64 << (off % 64);
        let old = self.store.words[wi];
        if old & bit == 0 {
            return Ok(false);
        }
        if l.words == 1 {
            self.write_single(var, l, old, old & !bit)
        } else {
            self.write_multi(var, l, |i, w| {
                if l.start as usize + i == wi {
                    w & !bit
                } else {
                    w
                }
            })
        }
    }

    /// Fixes `var` to `value`; a conflict if `value` is not in the domain.
    #[inline]
    pub fn fix(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        let result = self.fix_now(var, value);
        self.pending = None;
        result
    }

    #[inline]
    fn fix_now(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        let off = i64::from(value) - i64::from(l.base);
        if off < 0 || off >= 64 * i64::from(l.words) {
            self.fail(var);
            return Err(Conflict);
        }
        if l.words == 1 {
            let old = self.store.words[l.start as usize];
            let new = old & (1u64 << off);
            if new == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, new)
            }
        } else {
            let wi = (off / 64) as usize;
            let bit = 1u64 << (off % 64);
            self.write_multi(var, l, |i, w| if i == wi { w & bit } else { 0 })
        }
    }

    /// Removes every value below `min` (computed in `i64`, so offsets cannot overflow).
    pub fn set_min(&mut self, var: VarId, min: i64) -> Result<bool, Conflict> {
        let result = self.set_min_now(var, min);
        self.pending = None;
        result
    }

    #[inline]
    fn set_min_now(&mut self, var: VarId, min: i64) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        let off = min - i64::from(l.base);
        if off <= 0 {
            return Ok(false);
        }
        if off >= 64 * i64::from(l.words) {
            self.fail(var);
            return Err(Conflict);
        }
        let (wi, b) = ((off / 64) as usize, off % 64);
        if l.words == 1 {
            let old = self.store.words[l.start as usize];
            let new = old & (u64::MAX << b);
            if new == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, new)
            }
        } else {
            self.write_multi(var, l, |i, w| match i.cmp(&wi) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => w & (u64::MAX << b),
                std::cmp::Ordering::Greater => w,
            })
        }
    }

    /// Removes every value above `max` (computed in `i64`).
    pub fn set_max(&mut self, var: VarId, max: i64) -> Result<bool, Conflict> {
        let result = self.set_max_now(var, max);
        self.pending = None;
        result
    }

    #[inline]
    fn set_max_now(&mut self, var: VarId, max: i64) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        let off = max - i64::from(l.base);
        if off < 0 {
            self.fail(var);
            return Err(Conflict);
        }
        if off >= 64 * i64::from(l.words) - 1 {
            return Ok(false);
        }
        let (wi, b) = ((off / 64) as usize, off % 64);
        let keep = if b == 63 {
            u64::MAX
        } else {
            (1u64 << (b + 1)) - 1
        };
        if l.words == 1 {
            let old = self.store.words[l.start as usize];
            let new = old & keep;
            if new == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, new)
            }
        } else {
            self.write_multi(var, l, |i, w| match i.cmp(&wi) {
                std::cmp::Ordering::Less => w,
                std::cmp::Ordering::Equal => w & keep,
                std::cmp::Ordering::Greater => 0,
            })
        }
    }

    /// Removes every value of `var` from `low` to `high` (both included;
    /// nothing if `low > high`), a word at a time: for wide domains far
    /// faster than [`retain`](Self::retain) with a range test.
    pub fn remove_range(&mut self, var: VarId, low: Value, high: Value) -> Result<bool, Conflict> {
        let result = self.remove_range_now(var, low, high);
        self.pending = None;
        result
    }

    fn remove_range_now(&mut self, var: VarId, low: Value, high: Value) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        let base = i64::from(l.base);
        // Bit offsets of the range within the domain's words, clamped.
        let top = 64 * i64::from(l.words) - 1;
        let (from, to) = (i64::from(low) - base, i64::from(high) - base);
        if from > to || to < 0 || from > top {
            return Ok(false);
        }
        let (from, to) = (from.max(0) as u64, to.min(top) as u64);
        // The bits of word `i` inside the range.
        let gone = move |i: usize| -> u64 {
            let (first, last) = (64 * i as u64, 64 * i as u64 + 63);
            if to < first || from > last {
                return 0;
            }
            let lo = from.max(first) - first;
            let hi = to.min(last) - first;
            (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
        };
        if l.words == 1 {
            let old = self.store.words[l.start as usize];
            let new = old & !gone(0);
            return if new == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, new)
            };
        }
        self.write_multi(var, l, |i, w| w & !gone(i))
    }

    /// Keeps only the values of `var` for which `keep` returns `true`.
    /// `keep` also receives the current domains, read-only.
    pub fn retain(
        &mut self,
        var: VarId,
        keep: impl FnMut(&Domains<'_>, Value) -> bool,
    ) -> Result<bool, Conflict> {
        let result = self.retain_now(var, keep);
        self.pending = None;
        result
    }

    fn retain_now(
        &mut self,
        var: VarId,
        mut keep: impl FnMut(&Domains<'_>, Value) -> bool,
    ) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        let mut buf = std::mem::take(&mut self.store.words_buf);
        buf.clear();
        {
            let view = self.domains();
            for (i, &w) in self.store.words[l.range()].iter().enumerate() {
                let mut new = w;
                let mut bits = w;
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    let value = (i64::from(l.base) + 64 * i as i64 + i64::from(b)) as Value;
                    if !keep(&view, value) {
                        new &= !(1u64 << b);
                    }
                }
                buf.push(new);
            }
        }
        let result = if l.words == 1 {
            let old = self.store.words[l.start as usize];
            if buf[0] == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, buf[0])
            }
        } else {
            self.write_multi(var, l, |i, _| buf[i])
        };
        self.store.words_buf = buf;
        result
    }

    /// Word-sized fast path: keeps only the values `base + i` for the bits
    /// `i` set in `mask`, where `base` is the one [`mask`](Self::mask)
    /// returned for `var`. For a wider domain, keeps the same values.
    #[inline]
    pub fn intersect_mask(&mut self, var: VarId, base: Value, mask: u64) -> Result<bool, Conflict> {
        let result = self.intersect_mask_now(var, base, mask);
        self.pending = None;
        result
    }

    #[inline]
    fn intersect_mask_now(&mut self, var: VarId, base: Value, mask: u64) -> Result<bool, Conflict> {
        let l = self.shared.layout[var.index()];
        if l.words == 1 && l.base == base {
            let old = self.store.words[l.start as usize];
            let new = old & mask;
            if new == old {
                Ok(false)
            } else {
                self.write_single(var, l, old, new)
            }
        } else {
            let base = i64::from(base);
            self.retain_now(var, |_, v| {
                let off = i64::from(v) - base;
                (0..64).contains(&off) && mask & (1u64 << off) != 0
            })
        }
    }

    /// [`intersect_mask`](Self::intersect_mask) for a propagator that applies
    /// several rules in one write: in the trace, the removed values in
    /// `by[k].0` are attributed to rule `by[k].1` (the others to the current
    /// rule), and a resulting `Fixed` event to `fixed_by`. Without tracing
    /// this is exactly `intersect_mask`, so traced and untraced runs make
    /// the same writes in the same order.
    pub fn intersect_mask_explained(
        &mut self,
        var: VarId,
        base: Value,
        mask: u64,
        by: [(u64, &'static str); 2],
        fixed_by: Option<&'static str>,
    ) -> Result<bool, Conflict> {
        self.explained = Explained { by, fixed_by };
        let result = self.intersect_mask(var, base, mask);
        self.explained = Explained::default();
        result
    }

    /// The one domain word of a variable of layout `l` (`l.words == 1`), for
    /// propagators that keep their scope's layouts.
    #[inline]
    pub(crate) fn word_at(&self, l: VarLayout) -> u64 {
        self.store.words[l.start as usize]
    }

    /// Keeps only the bits of `mask` in the one domain word of `var`, whose
    /// layout is `l` (`l.words == 1`): [`intersect_mask`](Self::intersect_mask)
    /// without looking the layout up.
    #[inline]
    pub(crate) fn narrow_word(
        &mut self,
        var: VarId,
        l: VarLayout,
        mask: u64,
    ) -> Result<bool, Conflict> {
        debug_assert_eq!(self.shared.layout[var.index()], l);
        let old = self.store.words[l.start as usize];
        let new = old & mask;
        let result = if new == old {
            Ok(false)
        } else {
            self.write_single(var, l, old, new)
        };
        self.pending = None;
        result
    }

    /// Takes the reusable value buffer (empty, with its capacity kept), to be
    /// handed back with [`give_back_values`](Self::give_back_values). Lets a
    /// propagator collect values without allocating per call.
    pub fn take_values(&mut self) -> Vec<Value> {
        let mut buf = std::mem::take(&mut self.store.values_buf);
        buf.clear();
        buf
    }

    /// Takes the reusable word buffer (empty, capacity kept), to be handed
    /// back with [`give_back_words`](Self::give_back_words): scratch masks
    /// for word-sized propagators, without allocating per call.
    pub fn take_words(&mut self) -> Vec<u64> {
        let mut buf = std::mem::take(&mut self.store.mask_buf);
        buf.clear();
        buf
    }

    /// Returns the buffer taken with [`take_words`](Self::take_words).
    pub fn give_back_words(&mut self, buf: Vec<u64>) {
        if buf.capacity() >= self.store.mask_buf.capacity() {
            self.store.mask_buf = buf;
        }
    }

    /// Returns the buffer taken with [`take_values`](Self::take_values).
    pub fn give_back_values(&mut self, buf: Vec<Value>) {
        if buf.capacity() >= self.store.values_buf.capacity() {
            self.store.values_buf = buf;
        }
    }

    #[inline]
    fn write_single(
        &mut self,
        var: VarId,
        l: VarLayout,
        old: u64,
        new: u64,
    ) -> Result<bool, Conflict> {
        if new == 0 {
            self.fail(var);
            return Err(Conflict);
        }
        let wi = l.start as usize;
        self.store.trail.push((wi as u32, old));
        self.store.words[wi] = new;
        let mut change = CHANGED;
        if new.trailing_zeros() != old.trailing_zeros()
            || new.leading_zeros() != old.leading_zeros()
        {
            change |= BOUNDS;
        }
        if new.is_power_of_two() {
            change |= FIXED;
        }
        if self.store.learn.is_some() {
            self.record_single(var, l, old, new);
        }
        if self.store.trace.is_some() {
            self.trace_removals(var, l.base, 0, old & !new);
            if change & FIXED != 0 {
                self.trace_fixed(var);
            }
        }
        self.notify(var, change);
        Ok(true)
    }

    /// Writes a multi-word domain: `f(i, old_word)` gives word `i`'s new contents.
    fn write_multi(
        &mut self,
        var: VarId,
        l: VarLayout,
        mut f: impl FnMut(usize, u64) -> u64,
    ) -> Result<bool, Conflict> {
        let range = l.range();
        let mut any = false;
        let mut changed = false;
        for (i, &w) in self.store.words[range.clone()].iter().enumerate() {
            let n = f(i, w) & w;
            any |= n != 0;
            changed |= n != w;
        }
        if !changed {
            return Ok(false);
        }
        if !any {
            self.fail(var);
            return Err(Conflict);
        }
        let before = self.domains();
        let (old_min, old_max) = (before.min(var), before.max(var));
        let masks_at = self.store.learn.as_ref().map(|r| r.masks.len());
        for i in 0..range.len() {
            let wi = range.start + i;
            let w = self.store.words[wi];
            let n = f(i, w) & w;
            if let Some(rec) = self.store.learn.as_deref_mut() {
                rec.masks.push(w & !n);
            }
            if n != w {
                self.store.trail.push((wi as u32, w));
                self.store.words[wi] = n;
                if self.store.trace.is_some() {
                    self.trace_removals(var, l.base, i, w & !n);
                }
            }
        }
        let after = self.domains();
        if let Some(at) = masks_at {
            let (new_min, new_max, fixed) = (after.min(var), after.max(var), after.value(var));
            let mut flags = 0;
            if new_min != old_min {
                flags |= crate::learn::MIN;
            }
            if new_max != old_max {
                flags |= crate::learn::MAX;
            }
            if fixed.is_some() {
                flags |= crate::learn::FIXED;
            }
            let reason = self.reason();
            if let Some(rec) = self.store.learn.as_deref_mut() {
                rec.record(
                    var.index() as u32,
                    crate::learn::MULTI,
                    at as u64,
                    reason,
                    flags,
                    fixed,
                );
            }
        }
        let after = self.domains();
        let mut change = CHANGED;
        if after.min(var) != old_min || after.max(var) != old_max {
            change |= BOUNDS;
        }
        if after.is_fixed(var) {
            change |= FIXED;
            if self.store.trace.is_some() {
                self.trace_fixed(var);
            }
        }
        self.notify(var, change);
        Ok(true)
    }

    #[inline]
    fn notify(&mut self, var: VarId, change: u8) {
        let current = self.current.unwrap_or(OUTSIDE);
        for &(c, events, key) in self.shared.watches.of(var) {
            if events & change != 0 && key != current {
                self.store.queue.push(c);
            }
        }
    }

    fn deduction(&self, var: VarId, value: Value, rule: &'static str) -> Option<Deduction> {
        let c = self.current?;
        Some(Deduction {
            depth: self.store.depth,
            var,
            value,
            constraint: ConstraintId::from_index(c as usize),
            rule,
        })
    }

    #[cold]
    fn trace_removals(&mut self, var: VarId, base: Value, word: usize, removed: u64) {
        if self.current.is_none() {
            return;
        }
        let start = i64::from(base) + 64 * word as i64;
        let mut bits = removed;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            let value = (start + i64::from(b)) as Value;
            let rule = match self.explained.by {
                [(m, r), _] if word == 0 && m & (1 << b) != 0 => r,
                [_, (m, r)] if word == 0 && m & (1 << b) != 0 => r,
                _ => self.rule,
            };
            if let Some(d) = self.deduction(var, value, rule) {
                if let Some(t) = self.store.trace.as_mut() {
                    t.push(TraceEvent::Removed(d));
                }
            }
        }
    }

    #[cold]
    fn trace_fixed(&mut self, var: VarId) {
        let Some(value) = self.value(var) else { return };
        let rule = self.explained.fixed_by.unwrap_or(self.rule);
        if let Some(d) = self.deduction(var, value, rule) {
            if let Some(t) = self.store.trace.as_mut() {
                t.push(TraceEvent::Fixed(d));
            }
        }
    }

    #[inline]
    fn record_conflict(&mut self) {
        if let Some(t) = self.store.trace.as_mut() {
            t.push(TraceEvent::Conflict {
                depth: self.store.depth,
                constraint: self.current.map(|c| ConstraintId::from_index(c as usize)),
                rule: self.rule,
            });
        }
    }
}

/// Forward checking for any constraint, from its
/// [`is_satisfied`](crate::Constraint::is_satisfied) alone: this is the
/// default [`Constraint::propagate`](crate::Constraint::propagate).
///
/// With every scope position fixed it checks the values; with exactly one
/// position unfixed it keeps the values of that variable that the check
/// accepts; with more unfixed positions it does nothing. Call it from your
/// own `propagate` to keep this behaviour and add more pruning.
pub fn forward_check<C: crate::Constraint + ?Sized>(
    constraint: &C,
    ctx: &mut PropagationContext<'_>,
) -> Result<(), Conflict> {
    let scope = constraint.scope();
    let mut unfixed = None;
    for (i, &v) in scope.iter().enumerate() {
        if !ctx.is_fixed(v) {
            if unfixed.is_some() {
                return Ok(());
            }
            unfixed = Some(i);
        }
    }
    let mut values = ctx.take_values();
    values.extend(scope.iter().map(|&v| ctx.min(v)));
    ctx.set_rule("forward checking");
    let result = match unfixed {
        None => {
            if constraint.is_satisfied(&values) {
                Ok(())
            } else {
                Err(ctx.conflict())
            }
        }
        Some(i) => ctx
            .retain(scope[i], |_, value| {
                values[i] = value;
                constraint.is_satisfied(&values)
            })
            .map(|_| ()),
    };
    ctx.give_back_values(values);
    result
}
