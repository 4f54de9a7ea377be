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
//! The subproblems are then solved on a rayon pool and the results merged
//! *in subproblem order*, never in completion order, so what a run returns
//! does not depend on the number of threads:
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
//! - **limits**: a node limit is a budget of decisions spent in subproblem
//!   order, so it stops at the same place for every thread count (a
//!   subproblem run with a larger budget than was left for it is run again
//!   with the exact remainder). A time limit and a cancellation flag stop
//!   the run as they do sequentially, at a moment that depends on timing.
//!   In `solve`, `uniqueness` and a limited `count` the cancellation flag is
//!   read before each subproblem starts (the solvers use flags of their own
//!   to cancel speculative work).
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
//! Without the default `parallel` feature (which brings rayon), the
//! subproblems are solved one after the other on the calling thread, with
//! the same results.
//!
//! # References
//!
//! - J.-C. Régin, M. Rezgui, A. Malapert, "Embarrassingly Parallel Search",
//!   CP 2013, LNCS 8124, pp. 596-610.
//! - A. Malapert, J.-C. Régin, M. Rezgui, "Embarrassingly Parallel Search
//!   in Constraint Programming", JAIR 57 (2016), pp. 421-464.

use super::clock::Instant;
use super::engine::Solver;
use super::options::SearchOptions;
use super::outcome::{Count, SearchStatus, Solution, SolveOutcome, StopReason, Uniqueness};
use super::stats::Stats;
use crate::constraints::boolean::Literal;
use crate::error::ModelError;
use crate::model::Model;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
        let (parts, stats) = self.split_with_stats();
        self.stats = stats;
        parts
    }

    fn split_with_stats(&self) -> (Vec<Subproblem>, Stats) {
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
                if !more {
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
    fn run(&mut self, job: Job) -> (u64, Vec<Solution>, SearchStatus) {
        let started = Instant::now();
        let (parts, split_stats) = self.split_with_stats();
        let deadline = self.options.limits.time.map(|t| started + t);
        let results = self.solve_parts(&parts, job, deadline);
        let (count, solutions, status, mut stats) =
            self.merge(&parts, results, job, split_stats, deadline);
        stats.elapsed = started.elapsed();
        stats.cpu_time = None;
        self.stats = stats;
        (count, solutions, status)
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

    /// Solves every subproblem (speculatively, later ones cancelled once
    /// an earlier one reaches the solution limit on its own).
    fn solve_parts(&self, parts: &[Subproblem], job: Job, deadline: Option<Instant>) -> Vec<Part> {
        let node_limit = self.options.limits.nodes;
        let user_cancel = self.options.limits.cancel.clone();
        // With a solution limit, each subproblem gets a flag of its own.
        let flags: Vec<Arc<AtomicBool>> = if job.solution_limit.is_some() {
            (0..parts.len())
                .map(|_| Arc::new(AtomicBool::new(false)))
                .collect()
        } else {
            Vec::new()
        };
        let done_at = AtomicUsize::new(usize::MAX);
        let work = |i: usize| -> Part {
            if i > done_at.load(Ordering::Acquire)
                || user_cancel
                    .as_ref()
                    .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                return Part {
                    skipped: true,
                    ..Part::default()
                };
            }
            let cancel = flags.get(i).cloned();
            let part = self.run_part(
                &parts[i],
                job,
                node_limit,
                job.solution_limit,
                deadline,
                cancel,
            );
            if part.status == Some(SearchStatus::Stopped(StopReason::SolutionLimit)) {
                let before = done_at.fetch_min(i, Ordering::AcqRel);
                for flag in flags.iter().take(before.min(parts.len())).skip(i + 1) {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            part
        };
        execute(self.threads, parts.len(), work)
    }

    /// Merges the results in subproblem order.
    fn merge(
        &self,
        parts: &[Subproblem],
        results: Vec<Part>,
        job: Job,
        mut stats: Stats,
        deadline: Option<Instant>,
    ) -> (u64, Vec<Solution>, SearchStatus, Stats) {
        let mut count = 0u64;
        let mut solutions = Vec::new();
        let mut status = SearchStatus::Complete;
        let mut decisions_left = self.options.limits.nodes;
        let mut solutions_left = job.solution_limit;
        for (i, mut part) in results.into_iter().enumerate() {
            if solutions_left == Some(0) {
                status = SearchStatus::Stopped(StopReason::SolutionLimit);
                break;
            }
            if part.skipped {
                // Only the user's flag skips a subproblem needed here.
                status = SearchStatus::Stopped(StopReason::Cancelled);
                break;
            }
            let over_nodes = |p: &Part| {
                decisions_left.is_some_and(|left| {
                    (p.stats.decisions > left
                        || p.status == Some(SearchStatus::Stopped(StopReason::NodeLimit)))
                        && p.node_limit != Some(left)
                })
            };
            let over_solutions = |p: &Part| {
                solutions_left.is_some_and(|left| p.count >= left && p.solution_limit != Some(left))
            };
            if over_nodes(&part) || over_solutions(&part) {
                part = self.run_part(
                    &parts[i],
                    job,
                    decisions_left,
                    solutions_left,
                    deadline,
                    None,
                );
            }
            let depth = parts[i].literals.len() as u32;
            add(&mut stats, &part.stats);
            stats.max_depth = stats.max_depth.max(part.stats.max_depth + depth);
            count += part.count;
            let room = job.keep.saturating_sub(solutions.len());
            solutions.extend(part.solutions.into_iter().take(room));
            if let Some(left) = decisions_left.as_mut() {
                *left = left.saturating_sub(part.stats.decisions);
            }
            if let Some(left) = solutions_left.as_mut() {
                *left = left.saturating_sub(part.count);
            }
            match part.status {
                Some(SearchStatus::Complete) | None => {}
                Some(SearchStatus::Stopped(StopReason::SolutionLimit)) => {
                    status = SearchStatus::Stopped(StopReason::SolutionLimit);
                    break;
                }
                Some(stopped) => {
                    status = stopped;
                    break;
                }
            }
        }
        (count, solutions, status, stats)
    }
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

/// Runs `work(0..n)` on `threads` threads and returns the results in index
/// order.
#[cfg(feature = "parallel")]
fn execute<T: Send>(threads: usize, n: usize, work: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    use rayon::prelude::*;
    if threads <= 1 || n <= 1 {
        return (0..n).map(work).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| (0..n).into_par_iter().with_max_len(1).map(work).collect()),
        // No threads to be had: the same results on this one.
        Err(_) => (0..n).map(work).collect(),
    }
}

/// Runs `work(0..n)` in index order on this thread (built without the
/// `parallel` feature).
#[cfg(not(feature = "parallel"))]
fn execute<T: Send>(_threads: usize, n: usize, work: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    (0..n).map(work).collect()
}
