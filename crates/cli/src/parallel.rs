//! One puzzle on many threads: when the whole input is a single puzzle,
//! `--threads N` searches it with csp-core's deterministic
//! [`ParallelSolver`] (embarrassingly parallel search) instead of leaving
//! N - 1 threads idle. The answer and the statistics do not depend on N.
//!
//! [`batch::run`](crate::batch) decides (the input held one record) and
//! sets the thread count for the calling thread with
//! [`with_instance_threads`]; each family's solve and count read it with
//! [`instance_threads`] and call [`solve`] or [`count`] here.

use csp_core::{Count, Literal, Model, ParallelSolver, SearchOptions, SolveOutcome, Stats, VarId};
use std::cell::Cell;

thread_local! {
    /// Threads for the search of the puzzle handled on this thread.
    static INSTANCE_THREADS: Cell<usize> = const { Cell::new(1) };
}

/// Runs `f` with the searches it starts on this thread using `threads`
/// threads each.
pub(crate) fn with_instance_threads<R>(threads: usize, f: impl FnOnce() -> R) -> R {
    let before = INSTANCE_THREADS.with(|t| t.replace(threads));
    let result = f();
    INSTANCE_THREADS.with(|t| t.set(before));
    result
}

/// The threads the current puzzle's search may use, if more than one.
pub(crate) fn instance_threads() -> Option<usize> {
    Some(INSTANCE_THREADS.with(Cell::get)).filter(|&t| t > 1)
}

/// Givens `x = v` as literals.
pub(crate) fn givens(pairs: &[(VarId, csp_core::Value)]) -> Vec<Literal> {
    pairs.iter().map(|&(v, x)| Literal::eq(v, x)).collect()
}

fn solver<'m>(
    model: &'m Model,
    givens: &[Literal],
    options: &SearchOptions,
    threads: usize,
) -> ParallelSolver<'m> {
    let mut solver = ParallelSolver::with_options(model, options.clone()).with_threads(threads);
    // The callers' givens lie in the initial domains by construction; one
    // that does not would be a bug upstream: search without it rather than
    // panic (the answer is then checked like any other).
    if solver.assume(givens).is_err() {
        solver.assume(&[]).ok();
    }
    solver
}

/// The first solution, on `threads` threads.
pub(crate) fn solve(
    model: &Model,
    givens: &[Literal],
    options: &SearchOptions,
    threads: usize,
) -> (SolveOutcome, Stats) {
    let mut s = solver(model, givens, options, threads);
    let outcome = s.solve();
    (outcome, s.stats())
}

/// Counts up to `limit`, on `threads` threads.
pub(crate) fn count(
    model: &Model,
    givens: &[Literal],
    options: &SearchOptions,
    limit: Option<u64>,
    threads: usize,
) -> (Count, Stats) {
    let mut s = solver(model, givens, options, threads);
    let c = s.count(limit);
    (c, s.stats())
}
