//! The search engine.
//!
//! # The loop and its invariant
//!
//! The engine is an explicit-stack depth-first search with two-way
//! branching: at each node it picks a variable `x` and a value `v`, opens a
//! trail checkpoint and tries `x = v`; when that subtree is exhausted it
//! restores the checkpoint and continues with `x != v` at the parent level.
//!
//! *Invariant:* at the top of [`Solver::next_leaf`]'s loop, either a
//! backtrack is pending, or the domains are at a propagation fixpoint with
//! no empty domain, `decisions[i]` is the decision that opened trail level
//! `i + 1`, and `store.depth == decisions.len()`.
//!
//! Undo is through the trail only: every domain change recorded the old word,
//! so backtracking restores exactly the words that changed, never a copy of
//! the whole store. No memory is allocated per node: the decision stack, the
//! trail, the queue and the scratch buffers are reserved when the solver is
//! created.

use super::clock::Instant;
use super::cpu::CpuMark;
use super::optimize::Objective;
use super::options::{SearchOptions, VariableOrder};
use super::outcome::{Count, SearchStatus, Solution, SolveOutcome, StopReason, Uniqueness};
use super::probe::Probing;
use super::restarts::Schedule;
use super::select::{BranchOrder, SplitMix64, select_value, select_variable};
use super::stats::Stats;
use crate::constraint::Conflict;
use crate::constraints::boolean::Literal;
use crate::domain::{Domains, words_min};
use crate::error::ModelError;
use crate::learn::{Failure, Learner, Learning, Reason};
use crate::model::Model;
use crate::propagation::{PropQueue, PropagationContext, Shared, Store, Watches, filled};
use crate::trace::TraceEvent;
use crate::trail::Trail;
use crate::variable::{Value, VarId};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// When the time limit reads the clock: adapted to the speed of the
/// search, so that reads are about [`Clock::TARGET`] apart whatever a node
/// costs (a fixed count of nodes between reads let a 1 ms limit run for
/// 14 ms on 25x25 Sudokus, where 256 nodes take that long, and reading the
/// clock at every node would slow down fast searches).
///
/// The clock is read when the node count reaches `next`; after each read,
/// the number of nodes to the next one doubles while reads come less than
/// half the target apart, and shrinks in proportion when they come later
/// than the target. The first read is at the first decision.
#[derive(Clone, Copy, Debug)]
struct Clock {
    /// Read the clock when [`Stats::nodes`] reaches this.
    next: u64,
    /// Nodes from one read to the next.
    every: u64,
    /// Run time at the last read.
    last: Duration,
}

/// Whether `limits` stop a run started at `started` now: the user's
/// cancellation or the time limit (the node limit is counted at decisions).
/// Read at once, not on the clock's schedule: for work between two
/// decisions that can take long, such as a run of conflicts while
/// learning, each of which costs an analysis far dearer than a read of the
/// clock.
pub(super) fn stop_now(limits: &super::options::Limits, started: Instant) -> Option<StopReason> {
    if limits
        .cancel
        .as_ref()
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
    {
        return Some(StopReason::Cancelled);
    }
    limits
        .time
        .is_some_and(|t| started.elapsed() >= t)
        .then_some(StopReason::TimeLimit)
}

impl Clock {
    /// The aimed-for time between two reads: a time limit is overshot by
    /// about this much (plus the propagator run under way: a fixpoint
    /// reads the limits itself, see [`Solver::interrupted`]).
    const TARGET: Duration = Duration::from_micros(250);
    /// The most nodes between two reads.
    const MAX_EVERY: u64 = 1 << 16;

    fn new() -> Self {
        Clock {
            next: 0,
            every: 1,
            last: Duration::ZERO,
        }
    }

    /// Schedules the next read after one at `nodes` nodes and `now` of run
    /// time.
    fn schedule(&mut self, nodes: u64, now: Duration) {
        let since = now.saturating_sub(self.last);
        self.every = if since < Self::TARGET / 2 {
            (self.every * 2).min(Self::MAX_EVERY)
        } else if since > Self::TARGET {
            let scaled = u128::from(self.every) * Self::TARGET.as_nanos() / since.as_nanos();
            (scaled as u64).max(1)
        } else {
            self.every
        };
        self.last = now;
        self.next = nodes + self.every;
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// At a consistent fixpoint; branch next.
    Branch,
    /// The current node failed or was reported; backtrack next. (While
    /// learning: a solution was reported; go on from it.)
    Backtrack,
    /// While learning: the current node failed; analyse the failure next.
    Conflict,
    /// Finished.
    Done(SearchStatus),
}

/// Solves a [`Model`]: first solution, all solutions, counting, uniqueness,
/// or root propagation only.
///
/// A solver borrows its model and owns everything that changes during
/// search, allocated once. Reuse one solver for many runs (for example with
/// different [`assumptions`](Solver::set_assumptions)) to avoid setting it up
/// again.
///
/// ```
/// use csp_core::{Model, Solver, SolveOutcome};
/// let mut model = Model::new();
/// let x = model.new_var(1..=3)?;
/// let y = model.new_var(1..=3)?;
/// model.less_than(x, y)?;
/// let mut solver = Solver::new(&model);
/// match solver.solve() {
///     SolveOutcome::Solved(s) => assert!(s[x] < s[y]),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(solver.count(None).count, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver<'m> {
    pub(super) model: &'m Model,
    pub(super) watches: Watches,
    /// The words every run starts from: the model's initial domains, then
    /// each constraint's initial state.
    pub(super) initial: Vec<u64>,
    /// Where each constraint's state starts in the store (one more entry at
    /// the end).
    pub(super) state_start: Vec<u32>,
    pub(super) store: Store,
    pub(super) options: SearchOptions,
    /// The decision variables first, then the others (`None`: all, in
    /// index order).
    pub(super) branch: Option<BranchOrder>,
    pub(super) assumptions: Vec<Literal>,
    /// The subproblem's path (see [`Solver::set_subproblem`]): applied
    /// after root propagation, one literal at a time, each propagated.
    pub(super) path: Vec<Literal>,
    pub(super) decisions: Vec<(VarId, Value)>,
    pub(super) stats: Stats,
    /// Weighted degree per variable, for [`VariableOrder::DomWdeg`].
    pub(super) var_weight: Vec<u64>,
    pub(super) phase: Phase,
    pub(super) rng: SplitMix64,
    pub(super) started: Instant,
    /// The thread clock when the run started (with `SearchOptions::cpu_time`).
    pub(super) cpu_started: Option<CpuMark>,
    /// The objective of the current optimisation run, if any.
    pub(super) objective: Option<Objective>,
    /// The value of the best solution of the current optimisation run: the
    /// search only looks for strictly better ones.
    pub(super) bound: Option<Value>,
    /// The restart schedule of the current run (first-solution and
    /// optimisation runs with [`SearchOptions::restarts`] set), and the
    /// failure count when the current attempt began.
    pub(super) restart: Option<(Schedule, u64)>,
    /// When the time limit reads the clock next.
    clock: Clock,
    /// Whether this run probed at the root already ([`Probing::Root`]).
    pub(super) root_probed: bool,
    /// Why the run stopped in the middle of a propagation fixpoint (the
    /// time limit, or the cancellation): set by
    /// [`propagate_queue`](Self::propagate_queue), read before the next
    /// decision or leaf. While it is set, the domains are not a fixpoint
    /// and nothing is concluded from them.
    pub(super) stopping: Option<StopReason>,
    /// Whether a propagation fixpoint may stop early at the time limit or
    /// the cancellation: in the runs that search, not in
    /// [`propagate`](Self::propagate), whose caller reads the domains.
    pub(super) interruptible: bool,
    /// Propagator runs until the next read of the limits in a fixpoint.
    pub(super) poll: u32,
    /// Whether a probe is propagating (its failures do not weigh on
    /// dom/wdeg: they are not the search's).
    pub(super) probing_now: bool,
    /// While learning: the clauses, levels and activities.
    pub(super) learner: Option<Box<Learner>>,
    /// The event trail of an earlier learning run, kept for the next one.
    pub(super) spare_recorder: Option<Box<crate::learn::Recorder>>,
    /// The refutations of the depth-first search in force, with the level
    /// each was applied at (for a switch to learning: [`Learning::Auto`]).
    pub(super) refuted: Vec<(u32, VarId, Value)>,
}

impl<'m> Solver<'m> {
    /// A solver with the default options.
    pub fn new(model: &'m Model) -> Self {
        Solver::with_options(model, SearchOptions::default())
    }

    /// A solver with the given options.
    pub fn with_options(model: &'m Model, options: SearchOptions) -> Self {
        let constraints = &model.constraints;
        let watches = Watches::new(&model.degree, constraints);
        let mut max_scope = 0;
        let priority = constraints
            .iter()
            .map(|e| {
                max_scope = max_scope.max(e.constraint.scope().len());
                e.constraint.priority().level() as u8
            })
            .collect();
        // A path from the root holds at most one trail entry per removed
        // value; reserve that (capped) so the search never grows the trail.
        let removable: usize = model
            .init_words
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        let trail = Trail::with_capacity(removable.min(1 << 22) + model.init_words.len());
        // Trailed constraint state lives after the domain words, in the same
        // store, so the trail restores it with the domains. The starts are
        // summed first (see `initial_words`).
        let mut state_start = Vec::with_capacity(constraints.len() + 1);
        let mut at = model.init_words.len();
        for e in constraints {
            state_start.push(at as u32);
            at += e.constraint.state_words();
        }
        state_start.push(at as u32);
        let initial = initial_words(model, &state_start);
        let store = Store {
            words: initial.clone(),
            trail,
            queue: PropQueue::new(priority),
            trace: None,
            depth: 0,
            // The buffers few propagators use grow on their first use (one
            // allocation each, as here, but only in the models that need
            // them); the one the houses and the tables read domains into
            // is sized now.
            values_buf: Vec::new(),
            words_buf: Vec::new(),
            mask_buf: Vec::with_capacity(2 * max_scope.max(64)),
            scratch: Default::default(),
            blame: Default::default(),
            learn: None,
        };
        Solver {
            model,
            watches,
            initial,
            state_start,
            store,
            assumptions: Vec::new(),
            path: Vec::new(),
            // Grown by the search as it goes deeper (as the trail's levels
            // are): a puzzle that propagation alone solves takes none, and
            // a solver reused for many keeps the room of the deepest.
            decisions: Vec::new(),
            stats: Stats::default(),
            var_weight: model.degree.iter().map(|&d| u64::from(d)).collect(),
            phase: Phase::Done(SearchStatus::Complete),
            rng: SplitMix64::new(seed_of(&options)),
            branch: BranchOrder::new(
                options.decision_vars.as_deref(),
                model.tag,
                model.num_vars(),
            ),
            options,
            started: Instant::now(),
            cpu_started: None,
            objective: None,
            bound: None,
            restart: None,
            clock: Clock::new(),
            root_probed: false,
            stopping: None,
            interruptible: true,
            poll: 0,
            probing_now: false,
            learner: None,
            spare_recorder: None,
            refuted: Vec::new(),
        }
    }

    /// The model being solved.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// The options in force.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Replaces the options (used from the next run on).
    pub fn set_options(&mut self, options: SearchOptions) {
        self.branch = BranchOrder::new(
            options.decision_vars.as_deref(),
            self.model.tag,
            self.model.num_vars(),
        );
        self.options = options;
    }

    /// Restricts every following run to `var = value` for each pair (givens
    /// that change from run to run, applied before the search). Replaces the
    /// previous assumptions.
    pub fn set_assumptions(&mut self, assumptions: &[(VarId, Value)]) -> Result<(), ModelError> {
        let initial = self.model.initial_domains();
        for &(var, value) in assumptions {
            self.model.check_var(var)?;
            if !initial.contains(var, value) {
                return Err(ModelError::GivenOutsideDomain {
                    name: self.model.display_var(var),
                    value,
                });
            }
        }
        self.assumptions.clear();
        self.assumptions.extend(
            assumptions
                .iter()
                .map(|&(var, value)| Literal::eq(var, value)),
        );
        Ok(())
    }

    /// Restricts every following run to the literals (`x = v`, `x != v`,
    /// `x <= v`, `x >= v`: any [`Literal`]), applied at the root before
    /// propagation: the subproblems of a split search space. Replaces the
    /// previous assumptions.
    ///
    /// Splitting on `x = v` and `x != v` partitions the solutions, so the
    /// counts of the two halves add up (the basis of embarrassingly parallel
    /// search: many subproblems, each solved on its own, results merged in
    /// subproblem order). A literal `x = v` with `v` outside `x`'s initial
    /// domain is [`ModelError::GivenOutsideDomain`]; `x != v` with such a
    /// `v` excludes nothing.
    ///
    /// ```
    /// use csp_core::{Literal, Model, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(4, 1..=4)?;
    /// model.all_different(&xs)?;
    /// let mut solver = Solver::new(&model);
    /// solver.assume(&[Literal::eq(xs[0], 2)])?;
    /// let left = solver.count(None).count;
    /// solver.assume(&[Literal::ne(xs[0], 2)])?;
    /// let right = solver.count(None).count;
    /// assert_eq!((left, right), (6, 18));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn assume(&mut self, literals: &[Literal]) -> Result<(), ModelError> {
        let initial = self.model.initial_domains();
        for &literal in literals {
            let var = literal.var();
            self.model.check_var(var)?;
            if let Some(value) = literal.eq_value().filter(|&v| !initial.contains(var, v)) {
                return Err(ModelError::GivenOutsideDomain {
                    name: self.model.display_var(var),
                    value,
                });
            }
        }
        self.assumptions.clear();
        self.assumptions.extend_from_slice(literals);
        Ok(())
    }

    /// Restricts every following run to the subtree of one search node: the
    /// `literals` are the decisions (`x = v`) and refutations (`x != v`) on
    /// the path from the root to it, as
    /// [`ParallelSolver::split`](crate::ParallelSolver::split) lists them.
    ///
    /// Unlike [`assume`](Self::assume), which imposes its literals together
    /// before the root propagation, a subproblem's literals are applied
    /// after it, one at a time, each propagated to a fixpoint: exactly the
    /// steps by which depth-first search reaches that node, so the domains
    /// there, and the subtree searched from them, are the ones sequential
    /// search would see (for the orders that depend on the domains only;
    /// dom/wdeg and a random value order also depend on history). Replaces
    /// the previous subproblem; the assumptions still apply first.
    ///
    /// ```
    /// use csp_core::{Literal, Model, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(4, 1..=4)?;
    /// model.all_different(&xs)?;
    /// let mut solver = Solver::new(&model);
    /// solver.set_subproblem(&[Literal::ne(xs[0], 1), Literal::eq(xs[0], 2)])?;
    /// assert_eq!(solver.count(None).count, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_subproblem(&mut self, literals: &[Literal]) -> Result<(), ModelError> {
        let initial = self.model.initial_domains();
        for &literal in literals {
            let var = literal.var();
            self.model.check_var(var)?;
            if let Some(value) = literal.eq_value().filter(|&v| !initial.contains(var, v)) {
                return Err(ModelError::GivenOutsideDomain {
                    name: self.model.display_var(var),
                    value,
                });
            }
        }
        self.path.clear();
        self.path.extend_from_slice(literals);
        Ok(())
    }

    /// The assumptions in force (see [`assume`](Self::assume)).
    pub fn assumptions(&self) -> &[Literal] {
        &self.assumptions
    }

    /// Removes all assumptions.
    pub fn clear_assumptions(&mut self) {
        self.assumptions.clear();
    }

    /// Statistics of the last run.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The trace of the last run (empty unless
    /// [`SearchOptions::trace`] is on).
    pub fn trace(&self) -> &[TraceEvent] {
        self.store.trace.as_deref().unwrap_or(&[])
    }

    /// The current domains: after [`propagate`](Self::propagate), the root
    /// fixpoint; after a solution, the solution.
    pub fn domains(&self) -> Domains<'_> {
        Domains {
            words: &self.store.words,
            layout: &self.model.layout,
            model: self.model.tag,
        }
    }

    /// Applies the assumptions and propagates to a fixpoint without
    /// searching. Returns the domains, or the conflict if propagation alone
    /// shows there is no solution.
    pub fn propagate(&mut self) -> Result<Domains<'_>, Conflict> {
        self.interruptible = false;
        let root = self.start_run();
        self.interruptible = true;
        self.stamp();
        root.map(|()| self.domains())
    }

    /// Finds the first solution (in the search order of the options).
    pub fn solve(&mut self) -> SolveOutcome {
        self.start_run().ok();
        self.allow_restarts();
        match self.next_leaf() {
            Ok(()) => SolveOutcome::Solved(self.current_solution()),
            Err(SearchStatus::Complete) => SolveOutcome::Unsatisfiable,
            Err(SearchStatus::Stopped(reason)) => SolveOutcome::Stopped(reason),
        }
    }

    /// Counts solutions, stopping at `limit` if given (then the status says
    /// `Stopped(SolutionLimit)` and the count is a lower bound).
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        self.start_run().ok();
        let limit = match (limit, self.options.limits.solutions) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut count = 0;
        loop {
            if limit.is_some_and(|l| count >= l) {
                let status = SearchStatus::Stopped(StopReason::SolutionLimit);
                return Count { count, status };
            }
            match self.next_leaf() {
                Ok(()) => count += 1,
                Err(status) => return Count { count, status },
            }
        }
    }

    /// Whether there is no solution, exactly one, or several (with two of them).
    pub fn uniqueness(&mut self) -> Uniqueness {
        self.start_run().ok();
        let first = match self.next_leaf() {
            Ok(()) => self.current_solution(),
            Err(SearchStatus::Complete) => return Uniqueness::NoSolution,
            Err(SearchStatus::Stopped(reason)) => {
                return Uniqueness::Unknown {
                    found: None,
                    reason,
                };
            }
        };
        match self.next_leaf() {
            Ok(()) => Uniqueness::Multiple(first, self.current_solution()),
            Err(SearchStatus::Complete) => Uniqueness::Unique(first),
            Err(SearchStatus::Stopped(reason)) => Uniqueness::Unknown {
                found: Some(first),
                reason,
            },
        }
    }

    /// A lazy iterator over all solutions, in search order. Each `next`
    /// resumes the search where the previous one stopped.
    pub fn solutions(&mut self) -> Solutions<'_, 'm> {
        self.start_run().ok();
        Solutions {
            solver: self,
            status: None,
        }
    }

    /// Resets the state for a new run, applies the assumptions and
    /// propagates at the root.
    pub(super) fn start_run(&mut self) -> Result<(), Conflict> {
        self.objective = None;
        self.bound = None;
        self.restart = None;
        self.clock = Clock::new();
        self.started = Instant::now();
        self.cpu_started = if self.options.cpu_time {
            CpuMark::now()
        } else {
            None
        };
        self.stats = Stats::default();
        self.root_probed = false;
        self.stopping = None;
        self.poll = 0;
        self.refuted.clear();
        self.rng = SplitMix64::new(seed_of(&self.options));
        self.store.words.copy_from_slice(&self.initial);
        self.store.trail.clear();
        self.store.queue.clear();
        self.store.depth = 0;
        self.store.trace = self.options.trace.then(Vec::new);
        self.decisions.clear();
        if weighs_failures(&self.options.variable_order) {
            for (w, &d) in self.var_weight.iter_mut().zip(&self.model.degree) {
                *w = u64::from(d);
            }
        }
        self.phase = Phase::Done(SearchStatus::Complete);
        self.stats.nodes = 1; // the root
        // Tracing is for explanations of propagation, step by step: it
        // records depth-first search only.
        if matches!(self.options.learning, Learning::On) && !self.options.trace {
            self.begin_learning();
        } else {
            self.end_learning();
        }
        let root = self.propagate_root();
        if root.is_ok() {
            self.phase = Phase::Branch;
        } else {
            self.stats.failures += 1;
        }
        root
    }

    /// Applies the assumptions, propagates every constraint and applies
    /// the subproblem's path: the root of a run.
    pub(super) fn propagate_root(&mut self) -> Result<(), Conflict> {
        self.apply_assumptions()?;
        for c in 0..self.model.constraints.len() {
            self.store.queue.push(c as u32);
        }
        self.propagate_queue()?;
        self.apply_path()
    }

    fn apply_assumptions(&mut self) -> Result<(), Conflict> {
        for i in 0..self.assumptions.len() {
            let literal = self.assumptions[i];
            if let Some(t) = self.store.trace.as_mut() {
                t.push(match literal.eq_value() {
                    Some(value) => TraceEvent::Given {
                        var: literal.var(),
                        value,
                    },
                    None => TraceEvent::Assumed { literal },
                });
            }
            literal.impose(&mut self.engine_ctx())?;
        }
        Ok(())
    }

    /// Applies the subproblem's path, propagating after each literal.
    fn apply_path(&mut self) -> Result<(), Conflict> {
        for i in 0..self.path.len() {
            let literal = self.path[i];
            literal.impose(&mut self.engine_ctx())?;
            self.propagate_queue()?;
        }
        Ok(())
    }

    /// The decision search would take next at the current node (a
    /// consistent fixpoint), or `None` if every variable is fixed: what
    /// the splitting of [`ParallelSolver`](crate::ParallelSolver) branches on.
    pub(super) fn next_decision(&mut self) -> Option<(VarId, Value)> {
        let domains = Domains {
            words: &self.store.words,
            layout: &self.model.layout,
            model: self.model.tag,
        };
        let var = select_variable(
            &self.options.variable_order,
            &domains,
            &self.model.degree,
            &self.var_weight,
            self.branch.as_ref(),
        )?;
        let value = select_value(&self.options.value_order, &mut self.rng, var, &domains);
        Some((var, value))
    }

    fn engine_ctx(&mut self) -> PropagationContext<'_> {
        let shared = Shared {
            model: self.model.tag,
            layout: &self.model.layout,
            watches: &self.watches,
            state: &self.state_start,
        };
        PropagationContext::new(&mut self.store, shared, None)
    }

    /// Runs queued propagators until the queue is empty or one fails.
    pub(super) fn propagate_queue(&mut self) -> Result<(), Conflict> {
        if self.learning_on() {
            return self.propagate_learning();
        }
        while let Some(c) = self.store.queue.pop() {
            self.run_constraint(c)?;
            if self.interrupted() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Whether the fixpoint under way stops here: every
    /// [`POLL_EVERY`](Self::POLL_EVERY) propagator runs, the time limit and
    /// the cancellation are read. On a stop the queue is emptied and
    /// [`stopping`](Self::stopping) set: the caller returns as if the
    /// fixpoint were reached, and the search stops before it decides or
    /// reports anything from the domains.
    pub(super) fn interrupted(&mut self) -> bool {
        if self.stopping.is_some() {
            self.store.queue.clear();
            return true;
        }
        self.poll += 1;
        if self.poll < Self::POLL_EVERY || !self.interruptible {
            return false;
        }
        self.poll = 0;
        self.stopping = stop_now(&self.options.limits, self.started);
        if self.stopping.is_some() {
            self.store.queue.clear();
        }
        self.stopping.is_some()
    }

    /// Propagator runs between two reads of the limits within a fixpoint:
    /// a run costs from tens of nanoseconds to, for the global constraints
    /// of a large grid, a millisecond, and a read about 25 ns.
    const POLL_EVERY: u32 = 64;

    /// Runs constraint `c`'s propagator (on failure: the queue is cleared,
    /// the failure weighed for dom/wdeg and recorded for learning).
    pub(super) fn run_constraint(&mut self, c: u32) -> Result<(), Conflict> {
        let shared = Shared {
            model: self.model.tag,
            layout: &self.model.layout,
            watches: &self.watches,
            state: &self.state_start,
        };
        self.stats.propagations += 1;
        if let Some(rec) = self.store.learn.as_deref_mut() {
            // A failure the propagator catches itself is no failure.
            rec.failure = None;
        }
        let mut ctx = PropagationContext::new(&mut self.store, shared, Some(c));
        let constraint = &self.model.constraints[c as usize].constraint;
        if let Err(conflict) = constraint.propagate(&mut ctx) {
            self.store.queue.clear();
            if !self.probing_now && weighs_failures(&self.options.variable_order) {
                let blame = &self.store.blame;
                let vars = if blame.by == Some(c) {
                    &blame.vars[..]
                } else {
                    constraint.scope()
                };
                for v in vars {
                    if let Some(w) = self.var_weight.get_mut(v.index()) {
                        *w += 1;
                    }
                }
            }
            self.store.blame.by = None;
            if let Some(rec) = self.store.learn.as_deref_mut() {
                // A propagator that made its `Conflict` itself.
                rec.failure
                    .get_or_insert(Failure::Explicit(Reason::Lazy(c)));
            }
            return Err(conflict);
        }
        Ok(())
    }

    /// Runs the search to the next solution leaf (`Ok`, domains all fixed)
    /// or to the end (`Err(status)`).
    pub(super) fn next_leaf(&mut self) -> Result<(), SearchStatus> {
        let result = self.search();
        self.stamp();
        result
    }

    /// Records the run's wall time (and CPU time) so far.
    fn stamp(&mut self) {
        self.stats.elapsed = self.started.elapsed();
        self.stats.cpu_time = self.cpu_started.and_then(CpuMark::elapsed);
    }

    fn search(&mut self) -> Result<(), SearchStatus> {
        if self.learning_on() {
            return self.search_cdcl();
        }
        loop {
            match self.phase {
                Phase::Done(status) => return Err(status),
                // Only while learning (`search_cdcl`).
                Phase::Conflict => {
                    self.phase = Phase::Backtrack;
                    continue;
                }
                Phase::Backtrack => {
                    if self.restart_due() {
                        self.phase = if self.restart() {
                            Phase::Branch
                        } else {
                            Phase::Done(SearchStatus::Complete)
                        };
                        continue;
                    }
                    self.phase = if self.backtrack() {
                        Phase::Branch
                    } else {
                        Phase::Done(SearchStatus::Complete)
                    };
                    continue;
                }
                Phase::Branch => {}
            }
            if self.learning_due() {
                self.switch_to_learning();
                return self.search_cdcl();
            }
            if self.probe_due() {
                self.root_probed = true;
                if self.probe_node().is_err() {
                    self.store.queue.clear();
                    self.stats.failures += 1;
                    self.phase = Phase::Backtrack;
                    continue;
                }
            }
            // A fixpoint cut short (here or while probing) is no leaf.
            if let Some(reason) = self.stopping {
                self.phase = Phase::Done(SearchStatus::Stopped(reason));
                continue;
            }
            let domains = Domains {
                words: &self.store.words,
                layout: &self.model.layout,
                model: self.model.tag,
            };
            let Some(var) = select_variable(
                &self.options.variable_order,
                &domains,
                &self.model.degree,
                &self.var_weight,
                self.branch.as_ref(),
            ) else {
                self.phase = Phase::Backtrack;
                if self.verify_leaf() {
                    self.stats.solutions += 1;
                    if let Some(t) = self.store.trace.as_mut() {
                        t.push(TraceEvent::Solution {
                            depth: self.store.depth,
                        });
                    }
                    return Ok(());
                }
                self.stats.failures += 1;
                continue;
            };
            // Limits are checked before each new decision, never before
            // reporting a leaf that the current node already reached.
            if let Some(reason) = self.limit_hit() {
                self.phase = Phase::Done(SearchStatus::Stopped(reason));
                continue;
            }
            let domains = Domains {
                words: &self.store.words,
                layout: &self.model.layout,
                model: self.model.tag,
            };
            let value = select_value(&self.options.value_order, &mut self.rng, var, &domains);
            self.stats.decisions += 1;
            self.stats.nodes += 1;
            self.decisions.push((var, value));
            self.store.trail.new_checkpoint();
            self.store.depth = self.decisions.len() as u32;
            self.stats.max_depth = self.stats.max_depth.max(self.store.depth);
            if let Some(t) = self.store.trace.as_mut() {
                t.push(TraceEvent::Decision {
                    depth: self.store.depth,
                    var,
                    value,
                });
            }
            let ok = self.engine_ctx().fix(var, value).is_ok() && self.propagate_queue().is_ok();
            if !ok {
                self.stats.failures += 1;
                self.phase = Phase::Backtrack;
            }
        }
    }

    /// How many decisions are open (the trail level of the current node).
    pub(super) fn decision_level(&self) -> usize {
        self.decisions.len()
    }

    /// How many variables probing looks at: the decision variables if
    /// named, else all.
    pub(super) fn probe_var_count(&self) -> usize {
        match &self.branch {
            Some(order) => order.primary,
            None => self.model.layout.len(),
        }
    }

    /// The `k`-th variable probing looks at.
    pub(super) fn probe_var(&self, k: usize) -> VarId {
        let index = match &self.branch {
            Some(order) => order.vars[k] as usize,
            None => k,
        };
        VarId::from_index(index, self.model.tag)
    }

    /// Whether `var = value`, propagated at a sub-level of the node at
    /// `level`, fails; the sub-level is undone either way.
    pub(super) fn probe_fails(&mut self, level: usize, var: VarId, value: Value) -> bool {
        self.store.trail.new_checkpoint();
        self.probing_now = true;
        let failed = self.engine_ctx().fix(var, value).is_err() || self.propagate_queue().is_err();
        self.probing_now = false;
        self.store.queue.clear();
        self.undo_to(level);
        failed
    }

    /// Restores every trailed word to its value at trail level `level`.
    fn undo_to(&mut self, level: usize) {
        let words = &mut self.store.words;
        self.store
            .trail
            .restore_to(level, |(i, old)| words[i as usize] = old);
    }

    /// Removes `value` from `var` at the current node and propagates.
    pub(super) fn remove_at_node(&mut self, var: VarId, value: Value) -> Result<(), Conflict> {
        self.engine_ctx().remove(var, value)?;
        self.propagate_queue()
    }

    /// Whether the search probes at the current node.
    fn probe_due(&self) -> bool {
        if self.store.trace.is_some() || self.learning_on() {
            return false;
        }
        match self.options.probing {
            Probing::Off => false,
            Probing::Root => self.decisions.is_empty() && !self.root_probed,
            Probing::EveryNode => true,
        }
    }

    /// Undoes the newest decision and tries its refutation, repeatedly.
    /// Returns `false` when no decision is left (search complete).
    fn backtrack(&mut self) -> bool {
        while let Some((var, value)) = self.decisions.pop() {
            let level = self.decisions.len();
            self.undo_to(level);
            self.store.depth = level as u32;
            // Kept for a switch to learning ([`Learning::Auto`]).
            while self.refuted.last().is_some_and(|r| r.0 as usize > level) {
                self.refuted.pop();
            }
            self.refuted.push((level as u32, var, value));
            if let Some(t) = self.store.trace.as_mut() {
                t.push(TraceEvent::Refutation {
                    depth: level as u32,
                    var,
                    value,
                });
            }
            self.stats.nodes += 1;
            // The bound is enforced again at every node the search comes
            // back to: restoring the trail undid it below `level`.
            let ok = self.apply_bound().is_ok()
                && self.engine_ctx().remove(var, value).is_ok()
                && self.propagate_queue().is_ok();
            if ok {
                return true;
            }
            self.store.queue.clear();
            self.stats.failures += 1;
        }
        false
    }

    /// Lets the run just started restart on the schedule of the options
    /// (first-solution and optimisation runs only).
    pub(super) fn allow_restarts(&mut self) {
        if self.learning_on() {
            return; // learning restarts in every run, on its own schedule
        }
        self.restart = self
            .options
            .restarts
            .map(|r| (Schedule::new(r), self.stats.failures));
    }

    /// Whether the current attempt has used up its failures (and there is
    /// a decision to undo: with none, the search is over anyway).
    #[inline]
    fn restart_due(&self) -> bool {
        match &self.restart {
            Some((schedule, start)) => {
                !self.decisions.is_empty() && self.stats.failures - start >= schedule.cutoff()
            }
            None => false,
        }
    }

    /// Goes back to the root and starts the next attempt. Returns `false`
    /// if the root fails under the optimisation bound (the search is then
    /// complete).
    fn restart(&mut self) -> bool {
        self.undo_to(0);
        self.decisions.clear();
        while self.refuted.last().is_some_and(|r| r.0 > 0) {
            self.refuted.pop();
        }
        self.store.depth = 0;
        self.stats.restarts += 1;
        self.stats.nodes += 1; // the new root
        if let Some((schedule, start)) = self.restart.as_mut() {
            schedule.advance();
            *start = self.stats.failures;
        }
        if let Some(t) = self.store.trace.as_mut() {
            t.push(TraceEvent::Restart {
                count: self.stats.restarts,
            });
        }
        if self.apply_bound().is_ok() && self.propagate_queue().is_ok() {
            return true;
        }
        self.store.queue.clear();
        self.stats.failures += 1;
        false
    }

    /// Optimises `objective` in the run just started: from now on only
    /// solutions strictly better than the last one reported are searched for.
    pub(super) fn set_objective(&mut self, objective: Objective) {
        self.objective = Some(objective);
    }

    /// Records the value of the solution just reported: the search goes on
    /// for strictly better ones.
    pub(super) fn improve_to(&mut self, value: Value) {
        self.bound = Some(value);
    }

    /// Restricts the objective to values strictly better than the bound.
    pub(super) fn apply_bound(&mut self) -> Result<(), Conflict> {
        let (Some(objective), Some(best)) = (self.objective, self.bound) else {
            return Ok(());
        };
        let mut ctx = self.engine_ctx();
        let changed = match objective {
            Objective::Minimize(var) => ctx.set_max(var, i64::from(best) - 1),
            Objective::Maximize(var) => ctx.set_min(var, i64::from(best) + 1),
        };
        changed.map(|_| ())
    }

    pub(super) fn limit_hit(&mut self) -> Option<StopReason> {
        let limits = &self.options.limits;
        if limits.nodes.is_some_and(|n| self.stats.decisions >= n) {
            return Some(StopReason::NodeLimit);
        }
        if let Some(flag) = &limits.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(StopReason::Cancelled);
            }
        }
        if let Some(limit) = limits.time {
            if self.stats.nodes >= self.clock.next {
                let now = self.started.elapsed();
                if now >= limit {
                    return Some(StopReason::TimeLimit);
                }
                self.clock.schedule(self.stats.nodes, now);
            }
        }
        None
    }

    /// Checks the user constraints on a full assignment (the built-in ones
    /// are exact by construction).
    pub(super) fn verify_leaf(&mut self) -> bool {
        let mut values = std::mem::take(&mut self.store.values_buf);
        let domains = Domains {
            words: &self.store.words,
            layout: &self.model.layout,
            model: self.model.tag,
        };
        let mut failed = None;
        let ok = self
            .model
            .constraints
            .iter()
            .enumerate()
            .filter(|(_, e)| e.check_solutions)
            .all(|(c, e)| {
                failed = Some(c as u32);
                values.clear();
                values.extend(
                    e.constraint
                        .scope()
                        .iter()
                        .map(|&v| domains.min(v).unwrap_or(0)),
                );
                e.constraint.is_satisfied(&values)
            });
        self.store.values_buf = values;
        if !ok {
            if let (Some(rec), Some(c)) = (self.store.learn.as_deref_mut(), failed) {
                rec.failure = Some(Failure::Explicit(Reason::Lazy(c)));
            }
        }
        ok
    }

    pub(super) fn current_solution(&self) -> Solution {
        // Each variable's smallest value (its only one at a solution), read
        // from the layouts in order rather than looked up by id.
        let words = &self.store.words;
        Solution {
            values: self
                .model
                .layout
                .iter()
                .map(|l| words_min(l.base, &words[l.range()]).unwrap_or(0))
                .collect(),
        }
    }
}

/// The words a run starts from: the model's initial domains, then each
/// constraint's initial state (`state_start` as [`Solver`] keeps it). The
/// words are allocated once, zeroed, and each constraint initialises its
/// own part.
fn initial_words(model: &Model, state_start: &[u32]) -> Vec<u64> {
    let base = model.init_words.len();
    let mut initial = filled(state_start.last().map_or(base, |&e| e as usize), 0);
    let (domain_words, states) = initial.split_at_mut(base);
    domain_words.copy_from_slice(&model.init_words);
    let domains = Domains {
        words: domain_words,
        layout: &model.layout,
        model: model.tag,
    };
    for (e, w) in model.constraints.iter().zip(state_start.windows(2)) {
        let (from, to) = (w[0] as usize - base, w[1] as usize - base);
        if from < to {
            e.constraint.init_state(&domains, &mut states[from..to]);
        }
    }
    initial
}

/// Whether the order keeps dom/wdeg's failure weights.
fn weighs_failures(order: &VariableOrder) -> bool {
    matches!(order, VariableOrder::DomWdeg | VariableOrder::Activity)
}

fn seed_of(options: &SearchOptions) -> u64 {
    match options.value_order {
        super::ValueOrder::Random { seed } => seed,
        _ => 0,
    }
}

/// A lazy iterator over solutions; see [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s, 'm> {
    solver: &'s mut Solver<'m>,
    status: Option<SearchStatus>,
}

impl Solutions<'_, '_> {
    /// How the search ended, once the iterator has returned `None`:
    /// `Complete` if every solution was produced.
    pub fn status(&self) -> Option<SearchStatus> {
        self.status
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.solver.stats
    }
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.status.is_some() {
            return None;
        }
        if let Some(limit) = self.solver.options.limits.solutions {
            if self.solver.stats.solutions >= limit {
                self.status = Some(SearchStatus::Stopped(StopReason::SolutionLimit));
                return None;
            }
        }
        match self.solver.next_leaf() {
            Ok(()) => Some(self.solver.current_solution()),
            Err(status) => {
                self.status = Some(status);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Clock;
    use std::time::Duration;

    /// Feeds `clock` reads of `ns_per_node` nanoseconds per node and
    /// returns the time between the last two reads.
    fn settle(clock: &mut Clock, ns_per_node: u64, reads: usize) -> Duration {
        let mut gap = Duration::ZERO;
        for _ in 0..reads {
            let nodes = clock.next;
            let now = Duration::from_nanos(nodes * ns_per_node);
            gap = now - clock.last;
            clock.schedule(nodes, now);
        }
        gap
    }

    #[test]
    fn clock_reads_adapt_to_the_cost_of_a_node() {
        // From 50 ns to 5 ms per node, reads settle within the target (and
        // at most twice as far apart when a single node takes longer).
        for ns in [50, 1_000, 20_000, 300_000, 5_000_000] {
            let mut clock = Clock::new();
            let gap = settle(&mut clock, ns, 60);
            let bound = (2 * Clock::TARGET).max(Duration::from_nanos(ns));
            assert!(gap <= bound, "{ns} ns per node: reads {gap:?} apart");
            assert!(clock.every >= 1 && clock.every <= Clock::MAX_EVERY);
        }
        // Fast nodes are not read one by one: the interval grows.
        let mut clock = Clock::new();
        settle(&mut clock, 100, 60);
        assert!(clock.every > 1000, "{}", clock.every);
    }

    #[test]
    fn clock_reacts_at_once_when_nodes_become_slower() {
        let mut clock = Clock::new();
        settle(&mut clock, 100, 60); // fast: a long interval
        let every = clock.every;
        // The next interval took 100 times longer than planned.
        let nodes = clock.next;
        let now = clock.last + Duration::from_nanos(every * 10_000);
        clock.schedule(nodes, now);
        // Scaled down in proportion, not halved.
        assert!(clock.every * 50 <= every, "{every} -> {}", clock.every);
        let planned = Duration::from_nanos(clock.every * 10_000);
        assert!(planned <= Clock::TARGET, "{planned:?}");
    }
}
