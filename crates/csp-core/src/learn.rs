//! Learning from conflicts: lazy clause generation.
//!
//! # Background
//!
//! Depth-first search forgets why a node failed, so below every later
//! decision it can fail again for the same reason. A *learning* search
//! records, for every domain change, its reason: the decision, or the
//! constraint that made it, which can explain the change as a conjunction
//! of literals (`x == v`, `x != v`, `x <= v`, `x >= v`) true before it.
//! When a node fails, the failure is traced back through those reasons to
//! a *nogood*: a small conjunction of literals that cannot hold together in
//! any solution. Its negation, a clause, is added to the model for the rest
//! of the run: it prunes every later node where the same combination
//! appears, and the search jumps back to the level where the clause first
//! says something new instead of the parent node. This is lazy clause
//! generation (Ohrimenko, Stuckey and Codish, 2009), the engine of Chuffed,
//! CP-SAT and Pumpkin, on top of gridcsp's bitset domains: the literals are
//! not variables of their own, just tests of the domains.
//!
//! # Practical
//!
//! - **Switching it on.** [`SearchOptions::with_learning`](crate::SearchOptions::with_learning)
//!   with [`Learning::On`], or [`Learning::Auto`] to start without and
//!   switch on when a run has failed often. Pair it with
//!   [`VariableOrder::Activity`](crate::VariableOrder::Activity) (branch on
//!   the variables of recent conflicts) and
//!   [`ValueOrder::Saved`](crate::ValueOrder::Saved) (try a variable's last
//!   value first), and a restart schedule.
//! - **Explanations.** A constraint explains its changes through
//!   [`Constraint::explain`](crate::Constraint::explain) (asked only when a
//!   failure needs it) or by giving the reason with the change
//!   ([`PropagationContext::explained_by`](crate::PropagationContext::explained_by)).
//!   One that does neither is explained by the decisions made so far: always
//!   sound, but the search learns little from it.
//! - **Exact answers.** Counting, uniqueness and all solutions stay exact:
//!   after a solution, the newest decision is *flipped* (its other branch
//!   becomes a decision level of its own), and no backjump or restart ever
//!   undoes a flipped decision, so no part of the tree is searched twice.
//!   Optimisation restarts from the root with the bound as a fact after each
//!   improvement.
//! - **Memory.** Learned clauses are deleted by literal block distance
//!   (Audemard and Simon, 2009) every few thousand conflicts: those with
//!   two levels or fewer stay, half of the others go.
//! - **Cost.** Recording reasons costs a few percent per change; a search
//!   that never fails learns nothing. [`Learning::Auto`] pays only when a
//!   run turns out hard.

mod analyze;
mod clauses;
mod explain;
mod lit;
mod recorder;

pub use explain::{ExplainContext, Explaining};

#[cfg(any(test, feature = "test-support"))]
pub(crate) use analyze::Explained;
pub(crate) use analyze::{Analyzer, Learned, View};
pub(crate) use clauses::{ClauseDb, ON_FIX, ON_MAX, ON_MIN, ON_REMOVE, Watch, list_of};
pub(crate) use lit::{Kind, Lit, Norm, Space, truth};
pub(crate) use recorder::{FIXED, Failure, MAX, MIN, MULTI, Reason, Recorder};

use crate::constraints::Literal;

/// Whether and when a search learns from its conflicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Learning {
    /// Never: depth-first search with chronological backtracking.
    #[default]
    Off,
    /// From the start of every run.
    On,
    /// Start without, and switch on once the run has failed
    /// `after_failures` times (the search goes on from where it is, with
    /// nothing found so far lost or found twice). Easy runs pay nothing for
    /// learning, hard ones get it. From the switch on, the search branches
    /// as learning wants it: by activity
    /// ([`VariableOrder::Activity`](crate::VariableOrder::Activity)) unless
    /// the options name a custom selector, and with phase saving
    /// ([`ValueOrder::Saved`](crate::ValueOrder::Saved)) unless they name a
    /// random, saved or custom value order.
    Auto {
        /// Failures before learning starts.
        after_failures: u64,
    },
}

impl Learning {
    /// [`Learning::Auto`] after 1,000 failures.
    pub const AUTO: Learning = Learning::Auto {
        after_failures: 1000,
    };
}

/// The search state of learning that lives beside the solver (the event
/// trail lives in the domain store).
#[derive(Clone, Debug)]
pub(crate) struct Learner {
    pub(crate) db: ClauseDb,
    /// Per decision level from 1: the literal that opened it.
    pub(crate) primaries: Vec<Lit>,
    /// The same as public literals.
    pub(crate) decisions: Vec<Literal>,
    /// Per decision level from 1: whether its decision is flipped (its
    /// other branch was searched already; never undone but by exhausting it).
    pub(crate) flipped: Vec<bool>,
    /// Variable activity (VSIDS).
    pub(crate) activity: Vec<f64>,
    pub(crate) bump: f64,
    pub(crate) analyzer: Analyzer,
    pub(crate) learned: Learned,
    /// Conflicts until the next clause deletion.
    pub(crate) until_reduce: u64,
    pub(crate) reductions: u64,
    /// Learned clauses of one literal (imposed again after a flip undoes
    /// the level they were imposed at).
    pub(crate) units: Vec<Lit>,
}

/// Conflicts between two deletions of learned clauses: the first, then the
/// growth after each.
const REDUCE_FIRST: u64 = 2000;
const REDUCE_STEP: u64 = 300;

impl Learner {
    pub(crate) fn new(num_vars: usize, bits: usize) -> Self {
        Learner {
            db: ClauseDb::new(num_vars),
            primaries: Vec::new(),
            decisions: Vec::new(),
            flipped: Vec::new(),
            activity: vec![0.0; num_vars],
            bump: 1.0,
            analyzer: Analyzer::new(bits),
            learned: Learned::default(),
            until_reduce: REDUCE_FIRST,
            reductions: 0,
            units: Vec::new(),
        }
    }

    /// Forgets everything learned (a new run: clauses learned under other
    /// assumptions may not hold).
    pub(crate) fn clear(&mut self) {
        self.db.clear();
        self.primaries.clear();
        self.decisions.clear();
        self.flipped.clear();
        self.activity.fill(0.0);
        self.bump = 1.0;
        self.until_reduce = REDUCE_FIRST;
        self.reductions = 0;
        self.units.clear();
    }

    /// The highest flipped level (0 if none).
    pub(crate) fn highest_flip(&self) -> usize {
        self.flipped.iter().rposition(|&f| f).map_or(0, |i| i + 1)
    }

    /// Bumps the activity of the variables of the last analysis and ages
    /// every other.
    pub(crate) fn bump_activity(&mut self) {
        for &v in &self.analyzer.vars {
            let a = &mut self.activity[v as usize];
            *a += self.bump;
            if *a > 1e100 {
                for a in &mut self.activity {
                    *a *= 1e-100;
                }
                self.bump *= 1e-100;
            }
        }
        self.bump /= 0.95;
        for i in 0..self.analyzer.clauses.len() {
            let c = self.analyzer.clauses[i];
            if !self.db.clauses[c as usize].deleted {
                self.db.bump(c);
            }
        }
        self.db.decay();
    }

    /// Whether the clause deletion is due (counts a conflict).
    pub(crate) fn reduce_due(&mut self) -> bool {
        self.until_reduce = self.until_reduce.saturating_sub(1);
        self.until_reduce == 0
    }

    /// Schedules the next deletion.
    pub(crate) fn reduced(&mut self) {
        self.reductions += 1;
        self.until_reduce = REDUCE_FIRST + REDUCE_STEP * self.reductions;
    }
}
