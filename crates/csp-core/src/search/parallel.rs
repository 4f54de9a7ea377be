//! Deterministic parallel search on one instance: embarrassingly parallel
//! search.
//!
//! # Background
//!
//! Embarrassingly parallel search (EPS; Régin, Rezgui and Malapert, CP
//! 2013) splits the search space of one problem into many more subproblems
//! than there are workers, by the first decisions of the search, and hands
//! them to the workers one at a time: a worker that finishes a small
//! subproblem takes the next, so the load balances itself without any work
//! stealing inside the solver. Subproblems that propagation already proves
//! infeasible are dropped while splitting. Régin et al. report 30
//! subproblems per worker as a good ratio.
//!
//! # Practical
//!
//! [`ParallelSolver::split`] runs the solver's own search order (the same
//! variable and value heuristics, the same propagation) breadth-first over
//! the binary tree of decisions `x = v` / refutations `x != v`, one level
//! at a time, until the open nodes number at least the target (or none can
//! be split further). Each open node is a [`Subproblem`]: the literals on
//! its path, plain data that can be written to a file and solved elsewhere
//! ([`Solver::set_subproblem`] replays them as depth-first search reaches
//! that node). They are listed in the order depth-first search visits them,
//! and together they cover the search tree exactly once.
//!
//! The subproblems are then solved on worker threads, each worker taking
//! the next subproblem in order, and the results merged *in subproblem
//! order*, never in completion order, so what a run returns does not
//! depend on the number of threads:
//!
//! - **count**: the sum of the subproblems' counts; with a limit, prefix
//!   sums in order (the subproblem where the limit is reached is counted
//!   again with the exact remainder if it was counted with more).
//! - **solve**: the first solution of subproblem `k`, the first subproblem
//!   that has one, which is sequential search's first solution. Later
//!   subproblems, searched speculatively, are cancelled and their work is
//!   not in the statistics.
//! - **uniqueness** and **solutions**: the solutions of the subproblems in
//!   order, which is sequential search's order.
//! - **statistics**: the splitting's work (each node it propagates is a
//!   node, each node it splits a decision) plus the sum of the merged
//!   subproblems' statistics (`max_depth` counted from the root, the
//!   subproblem's path included; `elapsed` is the wall time of the whole
//!   run). They are identical for every thread count, but not equal to a
//!   sequential run's: each subproblem propagates its path from the root
//!   again.
//! - **node limit**: one budget of `N` decisions for the whole run, spent
//!   in a fixed order. The split takes at most `N / 2` (it stops splitting
//!   there, leaving the other nodes whole); subproblem `k` then gets
//!   exactly what the split and subproblems `0..k` left. A worker does not
//!   know that yet when it starts `k` (earlier subproblems may still be
//!   running), so it starts with what the *finished* earlier ones leave,
//!   an upper bound; the merge, which takes the results in order, runs a
//!   subproblem again with the exact remainder when it was given more and
//!   used more. Where the run stops, and its statistics, are therefore
//!   fixed by the model and the options: at most `N` decisions in the
//!   statistics, the same at every thread count. Once the merge stops,
//!   every subproblem still running (all after the stopping point) is
//!   cancelled and no new one starts, so the work thrown away is at most
//!   one budget per thread.
//! - **time limit** and **cancellation**: the split stops splitting at the
//!   deadline, no subproblem starts after it, and running ones stop at
//!   their next decision (every 0.25 ms or so), so the run ends within
//!   about a node's propagation of the deadline. The user's cancellation
//!   flag is passed on to the running subproblems within a millisecond.
//!   Where these stop depends on timing, as it does sequentially.
//!
//! The split depends on the model, the options and the target number of
//! subproblems, never on the threads: keep the target fixed (the default,
//! [`ParallelSolver::DEFAULT_SUBPROBLEMS`]) to compare runs.
//!
//! With the default orders (MRV, degree, input, ascending, descending,
//! decision variables), counts, first solution and solution order equal
//! sequential search's. Dom/wdeg learns weights from the failures it has
//! seen and a random value order draws from a generator: both still give
//! the same results for every thread count, but not sequential search's.
//! Restarts are not used (as in counting): a parallel `solve` is the
//! plain depth-first search's.
//!
//! Without the default `parallel` feature, the subproblems are solved one
//! after the other on the calling thread, with the same results.
//!
//! # References
//!
//! - J.-C. Régin, M. Rezgui, A. Malapert, "Embarrassingly Parallel Search",
//!   CP 2013, LNCS 8124, pp. 596-610.
//! - A. Malapert, J.-C. Régin, M. Rezgui, "Embarrassingly Parallel Search
//!   in Constraint Programming", JAIR 57 (2016), pp. 421-464.

use super::engine::Solver;
use super::options::SearchOptions;
use super::outcome::{Count, SearchStatus, Solution, SolveOutcome, StopReason, Uniqueness};
use super::stats::Stats;
use crate::constraints::boolean::Literal;
use crate::error::ModelError;
use crate::model::Model;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// One part of a split search space: the literals on the path from the
/// root to one node of the search tree (decisions `x = v` and refutations
/// `x != v`, in order). Solve it with [`Solver::set_subproblem`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Subproblem {
    /// The path, root first.
    pub literals: Vec<Literal>,
}

/// Searches one instance on several threads, with results that do not
/// depend on how many (see the [module docs](self) for the method and the
/// determinism argument).
///
/// ```
/// use csp_core::{Model, ParallelSolver, RelOp, Solver};
/// // 6 queens: one per column, rows and diagonals all different.
/// let mut model = Model::new();
/// let q = model.new_vars(6, 0..=5)?;
/// model.all_different(&q)?;
/// for i in 0..6 {
///     for j in i + 1..6 {
///         let d = (j - i) as i32;
///         model.relation(q[i], RelOp::Ne, q[j], d)?;
///         model.relation(q[i], RelOp::Ne, q[j], -d)?;
///     }
/// }
/// let mut sequential = Solver::new(&model);
/// let mut one = ParallelSolver::new(&model).with_threads(1);
/// let mut two = ParallelSolver::new(&model).with_threads(2);
/// assert_eq!(two.count(None).count, 4);
/// assert_eq!(two.count(None), one.count(None));
/// assert_eq!(one.stats().without_time(), two.stats().without_time());
/// assert_eq!(two.solve(), sequential.solve());
/// assert_eq!(two.uniqueness(), sequential.uniqueness());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelSolver<'m> {
    model: &'m Model,
    options: SearchOptions,
    assumptions: Vec<Literal>,
    threads: usize,
    target: usize,
    stats: Stats,
}

/// What one subproblem's run gave.
#[derive(Debug, Default)]
struct Part {
    count: u64,
    /// The first solutions (as many as the run keeps).
    solutions: Vec<Solution>,
    status: Option<SearchStatus>,
    stats: Stats,
    /// The node and solution limits it ran with.
    node_limit: Option<u64>,
    solution_limit: Option<u64>,
    /// Not run: a subproblem before it reached the solution limit.
    skipped: bool,
}

/// What a run asks of each subproblem.
#[derive(Clone, Copy, Debug)]
struct Job {
    /// Stop each subproblem after this many solutions (and cancel later
    /// subproblems when one reaches it on its own).
    solution_limit: Option<u64>,
    /// Solutions to keep.
    keep: usize,
}

impl<'m> ParallelSolver<'m> {
    /// The default number of subproblems a run splits into, whatever the
    /// threads. Régin et al. suggest 30 per core; measured here, 480 (30
    /// per core of 16) left 14-queens unbalanced on two threads (1.27x,
    /// a few subtrees far larger than the rest), 4,000 gave 1.84x there
    /// and 2.12x on the 6x6 Sudoku grids, for a split that costs under a
    /// second of those runs (`cargo bench --bench parallel`).
    pub const DEFAULT_SUBPROBLEMS: usize = 4000;

    /// A parallel solver with the default options, one thread per core and
    /// [`DEFAULT_SUBPROBLEMS`](Self::DEFAULT_SUBPROBLEMS).
    pub fn new(model: &'m Model) -> Self {
        ParallelSolver::with_options(model, SearchOptions::default())
    }

    /// A parallel solver with the given options (orders, limits).
    pub fn with_options(model: &'m Model, options: SearchOptions) -> Self {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        ParallelSolver {
            model,
            options,
            assumptions: Vec::new(),
            threads,
            target: Self::DEFAULT_SUBPROBLEMS,
            stats: Stats::default(),
        }
    }

    /// Uses `threads` worker threads (at least one). The results do not
    /// depend on it.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Splits into at least `target` subproblems where the tree allows it
    /// (at least one). The statistics depend on it; the answers do not.
    pub fn with_subproblems(mut self, target: usize) -> Self {
        self.target = target.max(1);
        self
    }

    /// Restricts every run to the literals, imposed at the root before
    /// propagation, as [`Solver::assume`] does (givens, for example).
    pub fn assume(&mut self, literals: &[Literal]) -> Result<(), ModelError> {
        // Validates them the solver's way.
        Solver::new(self.model).assume(literals)?;
        self.assumptions.clear();
        self.assumptions.extend_from_slice(literals);
        Ok(())
    }

    /// Statistics of the last run (see the module docs for what they sum).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn solver(&self, options: SearchOptions) -> Solver<'m> {
        let mut solver = Solver::with_options(self.model, options);
        solver
            .assume(&self.assumptions)
            .expect("assumptions were validated by ParallelSolver::assume");
        solver
    }

    /// Splits the search space into subproblems, in depth-first order (see
    /// the module docs). Their solutions partition the model's.
    ///
    /// ```
    /// use csp_core::{Model, ParallelSolver, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(5, 1..=5)?;
    /// model.all_different(&xs)?;
    /// let parts = ParallelSolver::new(&model).with_subproblems(8).split();
    /// assert!(parts.len() >= 8);
    /// let mut solver = Solver::new(&model);
    /// let mut total = 0;
    /// for part in &parts {
    ///     solver.set_subproblem(&part.literals)?;
    ///     total += solver.count(None).count;
    /// }
    /// assert_eq!(total, 120);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split(&mut self) -> Vec<Subproblem> {
        let (parts, stats) = self.split_within(None, None);
        self.stats = stats;
        parts
    }

    /// [`split`](Self::split) with at most `max_decisions` decisions (the
    /// nodes it splits) and no new node propagated after `deadline`: the
    /// nodes not split then stay whole, so the subproblems still cover
    /// the tree exactly once, in depth-first order. The cap depends only
    /// on the options, so the split stays the same at every thread count.
    fn split_within(
        &self,
        max_decisions: Option<u64>,
        deadline: Option<Instant>,
    ) -> (Vec<Subproblem>, Stats) {
        let mut options = self.options.clone();
        options.limits = Default::default();
        options.trace = false;
        let mut solver = self.solver(options);
        let mut stats = Stats::default();
        // Open nodes, with whether they can still be split.
        let mut open: Vec<(Subproblem, bool)> = vec![(Subproblem::default(), true)];
        while open.len() < self.target && open.iter().any(|(_, more)| *more) {
            let mut next = Vec::with_capacity(2 * open.len());
            for (part, more) in open {
                let spent = max_decisions.is_some_and(|m| stats.decisions >= m)
                    || deadline.is_some_and(|d| Instant::now() >= d);
                if !more || spent {
                    next.push((part, false));
                    continue;
                }
                solver
                    .set_subproblem(&part.literals)
                    .expect("split literals come from the model");
                let root = solver.start_run();
                add(&mut stats, &solver.stats());
                if root.is_err() {
                    continue; // infeasible: dropped
                }
                match solver.next_decision() {
                    None => next.push((part, false)), // a solution leaf
                    Some((var, value)) => {
                        stats.decisions += 1;
                        for literal in [Literal::eq(var, value), Literal::ne(var, value)] {
                            let mut literals = part.literals.clone();
                            literals.push(literal);
                            next.push((Subproblem { literals }, true));
                        }
                    }
                }
            }
            open = next;
        }
        (open.into_iter().map(|(p, _)| p).collect(), stats)
    }

    /// Counts solutions, stopping at `limit` if given (as
    /// [`Solver::count`]).
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        let limit = match (limit, self.options.limits.solutions) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let job = Job {
            solution_limit: limit,
            keep: 0,
        };
        let (count, _, status) = self.run(job);
        Count { count, status }
    }

    /// The first solution in search order (as [`Solver::solve`]).
    pub fn solve(&mut self) -> SolveOutcome {
        let job = Job {
            solution_limit: Some(1),
            keep: 1,
        };
        let (_, mut solutions, status) = self.run(job);
        match (solutions.pop(), status) {
            (Some(s), _) => SolveOutcome::Solved(s),
            (None, SearchStatus::Stopped(reason)) if reason != StopReason::SolutionLimit => {
                SolveOutcome::Stopped(reason)
            }
            (None, _) => SolveOutcome::Unsatisfiable,
        }
    }

    /// Whether there is no solution, exactly one, or several (as
    /// [`Solver::uniqueness`]: the first two in search order).
    pub fn uniqueness(&mut self) -> Uniqueness {
        let job = Job {
            solution_limit: Some(2),
            keep: 2,
        };
        let (_, mut solutions, status) = self.run(job);
        let second = (solutions.len() == 2).then(|| solutions.pop()).flatten();
        let first = solutions.pop();
        match (first, second, status) {
            (Some(a), Some(b), _) => Uniqueness::Multiple(a, b),
            (found, None, SearchStatus::Stopped(reason)) => Uniqueness::Unknown { found, reason },
            (Some(a), None, SearchStatus::Complete) => Uniqueness::Unique(a),
            (None, _, _) => Uniqueness::NoSolution,
        }
    }

    /// All solutions (at most `limit`), in sequential search order, and
    /// whether the enumeration was complete.
    pub fn solutions(&mut self, limit: Option<u64>) -> (Vec<Solution>, SearchStatus) {
        let limit = match (limit, self.options.limits.solutions) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let job = Job {
            solution_limit: limit,
            keep: usize::MAX,
        };
        let (_, solutions, status) = self.run(job);
        (solutions, status)
    }

    /// Splits, solves the subproblems in parallel and merges in order.
    ///
    /// A node limit `N` is one budget for the whole run, spent in a fixed
    /// order: the split may use up to `N / 2` decisions, and the rest goes
    /// to the subproblems in subproblem order, each getting what the ones
    /// before it left (see the module docs).
    fn run(&mut self, job: Job) -> (u64, Vec<Solution>, SearchStatus) {
        let started = Instant::now();
        let deadline = self.options.limits.time.map(|t| started + t);
        let nodes = self.options.limits.nodes;
        let (parts, split_stats) = self.split_within(nodes.map(|n| n / 2), deadline);
        let merge = Merge {
            job,
            next: 0,
            done: (0..parts.len()).map(|_| None).collect(),
            rerunning: false,
            nodes_left: nodes.map(|n| n.saturating_sub(split_stats.decisions)),
            solutions_left: job.solution_limit,
            count: 0,
            solutions: Vec::new(),
            status: SearchStatus::Complete,
            stats: split_stats,
            finished: parts.is_empty(),
        };
        let merge = self.solve_parts(&parts, merge, deadline);
        let mut stats = merge.stats;
        stats.elapsed = started.elapsed();
        stats.cpu_time = None;
        self.stats = stats;
        (merge.count, merge.solutions, merge.status)
    }

    /// Options for one subproblem's solver.
    fn part_options(
        &self,
        node_limit: Option<u64>,
        solution_limit: Option<u64>,
        deadline: Option<Instant>,
        cancel: Option<Arc<AtomicBool>>,
    ) -> SearchOptions {
        let mut options = self.options.clone();
        options.trace = false;
        options.cpu_time = false;
        options.limits.nodes = node_limit;
        options.limits.solutions = solution_limit;
        options.limits.time = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if cancel.is_some() {
            options.limits.cancel = cancel;
        }
        options
    }

    /// Runs one subproblem.
    fn run_part(
        &self,
        part: &Subproblem,
        job: Job,
        node_limit: Option<u64>,
        solution_limit: Option<u64>,
        deadline: Option<Instant>,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Part {
        let options = self.part_options(node_limit, solution_limit, deadline, cancel);
        let mut solver = self.solver(options);
        solver
            .set_subproblem(&part.literals)
            .expect("split literals come from the model");
        let mut result = Part {
            node_limit,
            solution_limit,
            ..Part::default()
        };
        if job.keep == 0 {
            // Counting only: no solution is built.
            let c = solver.count(solution_limit);
            result.count = c.count;
            result.status = Some(c.status);
            result.stats = solver.stats();
            return result;
        }
        let mut solutions = solver.solutions();
        loop {
            if solution_limit.is_some_and(|l| result.count >= l) {
                result.status = Some(SearchStatus::Stopped(StopReason::SolutionLimit));
                break;
            }
            match solutions.next() {
                Some(s) => {
                    result.count += 1;
                    if result.solutions.len() < job.keep {
                        result.solutions.push(s);
                    }
                }
                None => {
                    result.status = solutions.status();
                    break;
                }
            }
        }
        result.stats = solver.stats();
        result
    }

    /// Solves the subproblems on the threads, each worker taking the next
    /// one in order, and merges each result as soon as every subproblem
    /// before it is merged. A subproblem starts with the budget the
    /// finished subproblems before it leave (an upper bound of what it
    /// will get, since those still running can only use more); the merge
    /// runs a subproblem again with the exact remainder when it got more
    /// than that and used it. Once the merge stops (a limit, a solution
    /// limit, the user's cancellation), the subproblems after the stopping
    /// point are cancelled and no new one starts, so the work beyond the
    /// budget is at most one budget per thread.
    fn solve_parts(&self, parts: &[Subproblem], merge: Merge, deadline: Option<Instant>) -> Merge {
        let n = parts.len();
        let shared = Mutex::new(merge);
        let claimed = AtomicUsize::new(0);
        // Raised when the merge stops: every subproblem still running is
        // after the stopping point then. The user's flag raises it too.
        let stop = Arc::new(AtomicBool::new(false));
        let user_cancel = self.options.limits.cancel.clone();
        let work = || {
            while !stop.load(Ordering::Acquire) {
                let k = claimed.fetch_add(1, Ordering::AcqRel);
                if k >= n {
                    break;
                }
                let (job, node_cap, solution_cap) = {
                    let m = lock(&shared);
                    if m.finished {
                        break;
                    }
                    let (nodes, solutions) = m.caps(k);
                    (m.job, nodes, solutions)
                };
                let cancelled = user_cancel
                    .as_ref()
                    .is_some_and(|f| f.load(Ordering::Relaxed));
                let late = deadline.is_some_and(|d| Instant::now() >= d);
                let part = if cancelled {
                    Part {
                        skipped: true,
                        ..Part::default()
                    }
                } else if late {
                    Part {
                        status: Some(SearchStatus::Stopped(StopReason::TimeLimit)),
                        node_limit: node_cap,
                        solution_limit: solution_cap,
                        ..Part::default()
                    }
                } else {
                    let flag = Some(stop.clone());
                    self.run_part(&parts[k], job, node_cap, solution_cap, deadline, flag)
                };
                self.deposit(&shared, parts, k, part, deadline, &stop);
            }
        };
        run_workers(
            self.threads.min(n.max(1)),
            &work,
            user_cancel.as_deref(),
            &stop,
        );
        let mut merge = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        if !merge.finished {
            // The user's flag stopped the workers before a subproblem the
            // merge needed was run.
            merge.status = SearchStatus::Stopped(StopReason::Cancelled);
        }
        merge
    }

    /// Hands in subproblem `k`'s result and merges what can be merged.
    fn deposit(
        &self,
        shared: &Mutex<Merge>,
        parts: &[Subproblem],
        k: usize,
        part: Part,
        deadline: Option<Instant>,
        stop: &Arc<AtomicBool>,
    ) {
        let mut m = lock(shared);
        m.done[k] = Some(part);
        loop {
            if m.finished {
                stop.store(true, Ordering::Release);
                return;
            }
            if m.rerunning {
                return;
            }
            let head = m.next;
            let Some(part) = m.done[head].take() else {
                return;
            };
            let depth = parts[head].literals.len() as u32;
            if m.needs_rerun(&part) {
                // Run again with the exact remainder, outside the lock;
                // results handed in meanwhile wait for it.
                m.rerunning = true;
                let (job, nodes, solutions) = (m.job, m.nodes_left, m.solutions_left);
                drop(m);
                let flag = Some(stop.clone());
                let part = self.run_part(&parts[head], job, nodes, solutions, deadline, flag);
                m = lock(shared);
                m.rerunning = false;
                m.absorb(part, depth, parts.len());
            } else {
                m.absorb(part, depth, parts.len());
            }
        }
    }
}

/// The merge of a run's subproblem results, in subproblem order.
#[derive(Debug)]
struct Merge {
    job: Job,
    /// Subproblems merged so far: the next one to merge.
    next: usize,
    /// Results handed in and not merged yet, by subproblem.
    done: Vec<Option<Part>>,
    /// The next subproblem is being run again with its exact budget.
    rerunning: bool,
    /// Decisions left of the node limit after the merged subproblems.
    nodes_left: Option<u64>,
    /// Solutions left of the solution limit.
    solutions_left: Option<u64>,
    count: u64,
    solutions: Vec<Solution>,
    status: SearchStatus,
    stats: Stats,
    /// Merged up to where the run stops (or every subproblem).
    finished: bool,
}

impl Merge {
    /// The budgets subproblem `k` starts with: what is left after the
    /// merged subproblems, less what the finished ones between them and
    /// `k` used (those still running count as nothing yet).
    fn caps(&self, k: usize) -> (Option<u64>, Option<u64>) {
        let between = || self.done[self.next.min(k)..k].iter().flatten();
        let nodes = self
            .nodes_left
            .map(|left| left.saturating_sub(between().map(|p| p.stats.decisions).sum::<u64>()));
        let solutions = self
            .solutions_left
            .map(|left| left.saturating_sub(between().map(|p| p.count).sum::<u64>()));
        (nodes, solutions)
    }

    /// Whether `part`, run with a larger budget than it gets in order, used
    /// more than it gets (then it runs again with the exact remainder).
    fn needs_rerun(&self, part: &Part) -> bool {
        if part.skipped {
            return false;
        }
        let over_nodes = self.nodes_left.is_some_and(|left| {
            (part.stats.decisions > left
                || part.status == Some(SearchStatus::Stopped(StopReason::NodeLimit)))
                && part.node_limit != Some(left)
        });
        let over_solutions = self.solutions_left.is_some_and(|left| {
            (part.count >= left
                || part.status == Some(SearchStatus::Stopped(StopReason::SolutionLimit)))
                && part.solution_limit != Some(left)
        });
        over_nodes || over_solutions
    }

    /// Merges the next subproblem's result (`depth`: its path's length).
    fn absorb(&mut self, part: Part, depth: u32, total: usize) {
        self.next += 1;
        if self.solutions_left == Some(0) {
            self.status = SearchStatus::Stopped(StopReason::SolutionLimit);
            self.finished = true;
            return;
        }
        if part.skipped {
            // Only the user's flag skips a subproblem.
            self.status = SearchStatus::Stopped(StopReason::Cancelled);
            self.finished = true;
            return;
        }
        add(&mut self.stats, &part.stats);
        self.stats.max_depth = self.stats.max_depth.max(part.stats.max_depth + depth);
        self.count += part.count;
        let room = self.job.keep.saturating_sub(self.solutions.len());
        self.solutions.extend(part.solutions.into_iter().take(room));
        if let Some(left) = self.nodes_left.as_mut() {
            *left = left.saturating_sub(part.stats.decisions);
        }
        if let Some(left) = self.solutions_left.as_mut() {
            *left = left.saturating_sub(part.count);
        }
        match part.status {
            Some(SearchStatus::Complete) | None => {}
            Some(stopped) => {
                self.status = stopped;
                self.finished = true;
            }
        }
        if self.next == total {
            self.finished = true;
        }
    }
}

fn lock(m: &Mutex<Merge>) -> std::sync::MutexGuard<'_, Merge> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Adds `part`'s counters to `total` (`max_depth` by maximum).
fn add(total: &mut Stats, part: &Stats) {
    total.decisions += part.decisions;
    total.nodes += part.nodes;
    total.failures += part.failures;
    total.propagations += part.propagations;
    total.solutions += part.solutions;
    total.restarts += part.restarts;
    total.max_depth = total.max_depth.max(part.max_depth);
}

/// Runs `work` on `threads` threads (this one and `threads - 1` more).
/// While they run, the user's cancellation flag, if any, is passed on to
/// `stop` (the solvers read one flag each).
#[cfg(feature = "parallel")]
fn run_workers(
    threads: usize,
    work: &(impl Fn() + Sync),
    user_cancel: Option<&AtomicBool>,
    stop: &AtomicBool,
) {
    let active = AtomicUsize::new(threads);
    let worker = || {
        work();
        active.fetch_sub(1, Ordering::AcqRel);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot be had leaves its share to the others.
            if std::thread::Builder::new()
                .spawn_scoped(scope, worker)
                .is_err()
            {
                active.fetch_sub(1, Ordering::AcqRel);
            }
        }
        if let Some(user) = user_cancel {
            scope.spawn(|| watch(user, stop, &active));
        }
        worker();
    });
}

/// Runs `work` on this thread (built without the `parallel` feature).
#[cfg(not(feature = "parallel"))]
fn run_workers(
    _threads: usize,
    work: &(impl Fn() + Sync),
    user_cancel: Option<&AtomicBool>,
    stop: &AtomicBool,
) {
    let active = AtomicUsize::new(1);
    std::thread::scope(|scope| {
        if let Some(user) = user_cancel {
            scope.spawn(|| watch(user, stop, &active));
        }
        work();
        active.store(0, Ordering::Release);
    });
}

/// Passes the user's flag on to `stop` until no worker is active.
fn watch(user: &AtomicBool, stop: &AtomicBool, active: &AtomicUsize) {
    while active.load(Ordering::Acquire) > 0 && !stop.load(Ordering::Acquire) {
        if user.load(Ordering::Relaxed) {
            stop.store(true, Ordering::Release);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}
