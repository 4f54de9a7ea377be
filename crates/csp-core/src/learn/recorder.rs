//! The event trail: while the search learns, every domain change is
//! recorded with its reason, so that a conflict can be traced back to the
//! decisions that caused it.
//!
//! An [`Event`] is one write of one variable's domain: the values it
//! removed, the decision level it was made at, and its [`Reason`]. The
//! events of each variable are chained newest first (`prev`), so the
//! moment a literal became true, and the domain a variable had before any
//! event, are found by walking that variable's few events: nothing is
//! recorded per removed value.

use crate::constraints::Literal;
use crate::variable::Value;
use std::cell::Cell;

/// No event (the end of a chain).
pub(crate) const NONE: u32 = u32::MAX;

/// [`Event::word`] of a write of several words: its masks are in
/// [`Recorder::masks`].
pub(crate) const MULTI: u32 = u32::MAX;

/// Event flags: the change fixed the variable, raised its minimum, lowered
/// its maximum.
pub(crate) const FIXED: u8 = 1;
pub(crate) const MIN: u8 = 2;
pub(crate) const MAX: u8 = 4;

/// Why a domain change happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// A change the engine made at the root: an assumption, a subproblem's
    /// path, an optimisation bound. True for the whole run.
    Fact,
    /// The decision (or flipped decision) that opened the level.
    Decision,
    /// Implied by the decisions made so far, with no finer reason (the
    /// engine's own deductions, such as a failed probe).
    Decisions,
    /// Made by constraint `c`, which explains it when asked
    /// ([`Constraint::explain`](crate::Constraint::explain)).
    Lazy(u32),
    /// Made by a constraint that gave its reason at once: the conjunction
    /// of `Recorder::arena[start..start + len]`.
    Eager { start: u32, len: u32 },
    /// Unit propagation of learned clause `c`.
    Clause(u32),
}

/// One write of one variable's domain.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Event {
    /// The variable's index.
    pub(crate) var: u32,
    /// The decision level the write was made at.
    pub(crate) level: u32,
    /// Which of the variable's words changed, or [`MULTI`].
    pub(crate) word: u32,
    /// The bits removed from that word; for [`MULTI`], the index in
    /// [`Recorder::masks`] of the first of the variable's words.
    pub(crate) removed: u64,
    /// The variable's previous event, or [`NONE`].
    pub(crate) prev: u32,
    pub(crate) reason: Reason,
    /// [`FIXED`], [`MIN`], [`MAX`].
    pub(crate) flags: u8,
}

impl Event {
    /// The bits this event removed from word `i` of its variable.
    #[inline]
    pub(crate) fn removed_in(&self, masks: &[u64], i: usize) -> u64 {
        if self.word == MULTI {
            masks[self.removed as usize + i]
        } else if self.word as usize == i {
            self.removed
        } else {
            0
        }
    }
}

/// What made the current node fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// A change for `reason` would have emptied the domain of `var` (it
    /// would have removed every value left).
    Wipe { var: u32, reason: Reason },
    /// A constraint found its rule broken.
    Explicit(Reason),
    /// Every literal of learned clause `c` is false.
    Clause(u32),
}

/// The event trail and what goes with it, kept in the domain store while
/// the search learns (see the [module](self)).
#[derive(Clone, Debug, Default)]
pub(crate) struct Recorder {
    pub(crate) events: Vec<Event>,
    /// The removed masks of writes of several words.
    pub(crate) masks: Vec<u64>,
    /// Per variable: its newest event, or [`NONE`].
    pub(crate) last: Vec<u32>,
    /// The literals of eager reasons.
    pub(crate) arena: Vec<Literal>,
    /// Per level from 1: the lengths of `events`, `masks` and `arena` when
    /// it was opened.
    starts: Vec<(u32, u32, u32)>,
    /// Why the current node failed, if it did.
    pub(crate) failure: Option<Failure>,
    /// Per variable: the value it had when it was last fixed (phase saving).
    pub(crate) phase: Vec<Option<Value>>,
    /// The first event learned clauses have not looked at yet.
    pub(crate) qhead: usize,
    /// The words explanations have rebuilt (see [`PastWords`]).
    pub(crate) past: PastWords,
}

/// The domain words of the past that the explanation under way has
/// rebuilt, so that reading a variable again costs one look-up instead of
/// a walk back through its events (an explanation such as a region's reads
/// the same cells once per value it looks at). Each explanation takes a
/// fresh [`generation`](Self::fresh); a word is valid only under the
/// generation that stored it, so nothing needs clearing between two.
#[derive(Clone, Debug, Default)]
pub(crate) struct PastWords {
    /// Per word of the store: the generation its entry belongs to.
    stamp: Vec<Cell<u32>>,
    words: Vec<Cell<u64>>,
    generation: Cell<u32>,
}

impl PastWords {
    /// Room for a store of `n` words.
    pub(crate) fn ensure(&mut self, n: usize) {
        if self.stamp.len() < n {
            self.stamp.resize(n, Cell::new(0));
            self.words.resize(n, Cell::new(0));
        }
    }

    /// A generation no stored word belongs to.
    pub(crate) fn fresh(&self) -> u32 {
        let g = self.generation.get().wrapping_add(1);
        if g == 0 {
            for s in &self.stamp {
                s.set(0);
            }
            self.generation.set(1);
            return 1;
        }
        self.generation.set(g);
        g
    }

    /// Word `pos` of the store under `generation`, computed by `walk`
    /// the first time it is asked for.
    #[inline]
    pub(crate) fn get(&self, generation: u32, pos: usize, walk: impl FnOnce() -> u64) -> u64 {
        match (self.stamp.get(pos), self.words.get(pos)) {
            (Some(stamp), Some(word)) => {
                if stamp.get() != generation {
                    stamp.set(generation);
                    word.set(walk());
                }
                word.get()
            }
            _ => walk(),
        }
    }
}

impl Recorder {
    pub(crate) fn new(num_vars: usize) -> Self {
        Recorder {
            last: vec![NONE; num_vars],
            phase: vec![None; num_vars],
            ..Recorder::default()
        }
    }

    /// Forgets every event (a new run), keeping the saved phases.
    pub(crate) fn clear(&mut self) {
        self.events.clear();
        self.masks.clear();
        self.arena.clear();
        self.starts.clear();
        self.last.fill(NONE);
        self.failure = None;
        self.qhead = 0;
    }

    /// The current decision level.
    #[inline]
    pub(crate) fn level(&self) -> u32 {
        self.starts.len() as u32
    }

    /// Opens a decision level.
    pub(crate) fn new_level(&mut self) {
        self.starts.push((
            self.events.len() as u32,
            self.masks.len() as u32,
            self.arena.len() as u32,
        ));
    }

    /// Forgets the events of the levels above `level`.
    pub(crate) fn undo_to(&mut self, level: usize) {
        let Some(&(events, masks, arena)) = self.starts.get(level) else {
            return;
        };
        self.starts.truncate(level);
        while self.events.len() > events as usize {
            if let Some(e) = self.events.pop() {
                self.last[e.var as usize] = e.prev;
            }
        }
        self.masks.truncate(masks as usize);
        self.arena.truncate(arena as usize);
        self.qhead = self.qhead.min(self.events.len());
        self.failure = None;
    }

    /// Records a write of one word (`word` of the variable's words) from
    /// `old` to `new`, with the change `flags`; `value` is the variable's
    /// value if the write fixed it.
    #[inline]
    pub(crate) fn record(
        &mut self,
        var: u32,
        word: u32,
        removed: u64,
        reason: Reason,
        flags: u8,
        value: Option<Value>,
    ) {
        let i = var as usize;
        let level = self.level();
        self.events.push(Event {
            var,
            level,
            word,
            removed,
            prev: self.last[i],
            reason,
            flags,
        });
        self.last[i] = (self.events.len() - 1) as u32;
        if let Some(v) = value {
            self.phase[i] = Some(v);
        }
    }

    /// Adds an eager reason to the arena and returns its [`Reason`].
    pub(crate) fn eager(&mut self, literals: &[Literal]) -> Reason {
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(literals);
        Reason::Eager {
            start,
            len: literals.len() as u32,
        }
    }
}
