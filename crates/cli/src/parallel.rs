//! One puzzle on many threads: when the whole input is a single puzzle,
//! `--threads N` searches it with csp-core's deterministic
//! [`ParallelSolver`] (embarrassingly parallel search) instead of leaving
//! N - 1 threads idle; so does `--threads 1`, on one thread, so that the
//! answer and the statistics do not depend on N, limits included. A
//! puzzle is first searched sequentially for [`PROBE_DECISIONS`]
//! decisions: most finish there, and splitting them would only add work;
//! the probe's decisions and time count against the limits.
//!
//! The subproblems are also plain data: `--split N` writes them
//! ([`split_text`], in the format of `docs/formats/subproblems.md`) and
//! `--subproblems FILE` searches each of them ([`subproblem_lines`]), so
//! that a cluster can shard one search over machines.
//!
//! The batch engine (the layer above) decides (the input held one record) and
//! sets the thread count and the offline mode for the calling thread with
//! [`with_instance`]; each family's solve and count read them with
//! [`instance_threads`] and [`offline_answer`].

use crate::answer::{Answer, Status};
use crate::args::RunArgs;
use csp_core::{
    Count, Literal, Model, ParallelSolver, SearchOptions, SearchStatus, Solution, SolveOutcome,
    Solver, Stats, StopReason, VarId,
};
use std::cell::{Cell, RefCell};
use std::sync::OnceLock;
use std::time::Instant;

/// `--split` or `--subproblems`.
#[derive(Clone, Debug)]
pub(crate) enum Offline {
    /// Write at least this many subproblems.
    Split(usize),
    /// Search the subproblems of this file.
    Subproblems(String),
}

impl Offline {
    /// From the command line.
    pub(crate) fn from_args(run: &RunArgs) -> Option<Offline> {
        match (&run.split, &run.subproblems) {
            (Some(n), _) => Some(Offline::Split(*n as usize)),
            (None, Some(file)) => Some(Offline::Subproblems(file.clone())),
            (None, None) => None,
        }
    }

    /// The answer for each puzzle when the input holds more than one.
    pub(crate) fn one_puzzle_only() -> Answer {
        Answer::invalid("--split and --subproblems take an input of exactly one puzzle")
    }
}

thread_local! {
    /// Threads for the search of the puzzle handled on this thread (0: the
    /// puzzle is one of many, searched sequentially).
    static INSTANCE_THREADS: Cell<usize> = const { Cell::new(0) };
    /// `--split` or `--subproblems` for the puzzle handled on this thread.
    static OFFLINE: RefCell<Option<Offline>> = const { RefCell::new(None) };
}

/// Runs `f` with the searches it starts on this thread using `threads`
/// threads each, or written / read as subproblems (`offline`).
pub(crate) fn with_instance<R>(
    threads: usize,
    offline: Option<Offline>,
    f: impl FnOnce() -> R,
) -> R {
    let before = INSTANCE_THREADS.with(|t| t.replace(threads));
    let offline_before = OFFLINE.with(|o| o.replace(offline));
    let result = f();
    INSTANCE_THREADS.with(|t| t.set(before));
    OFFLINE.with(|o| o.replace(offline_before));
    result
}

/// The threads the current puzzle's search may use, when it is the only
/// puzzle of the input (at every thread count, one included, so that the
/// answer does not depend on it).
pub(crate) fn instance_threads() -> Option<usize> {
    Some(INSTANCE_THREADS.with(Cell::get)).filter(|&t| t >= 1)
}

/// Whether `--split` or `--subproblems` is in force for this puzzle.
pub(crate) fn offline_active() -> bool {
    OFFLINE.with(|o| o.borrow().is_some())
}

/// What a solve or count asks of each subproblem.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Query {
    /// The first solution.
    Solve,
    /// The number of solutions, up to the limit.
    Count(Option<u64>),
}

/// With `--split` or `--subproblems`, the whole answer for the puzzle
/// (`None` otherwise: search as usual). `write` writes a solution of
/// `model` on one line.
pub(crate) fn offline_answer(
    model: &Model,
    givens: &[Literal],
    options: &SearchOptions,
    query: Query,
    write: &dyn Fn(&Solution) -> String,
) -> Option<Answer> {
    let offline = OFFLINE.with(|o| o.borrow().clone())?;
    Some(match offline {
        Offline::Split(n) => {
            let mut solver = ParallelSolver::with_options(model, options.clone())
                .with_threads(1)
                .with_subproblems(n);
            if solver.assume(givens).is_err() {
                return Some(Answer::invalid("a given lies outside its cell's domain"));
            }
            let parts = solver.split();
            Answer::new(Status::Done, "split", split_text(model, givens, &parts))
        }
        Offline::Subproblems(file) => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => return Some(Answer::invalid(format!("{file}: {e}"))),
            };
            match subproblem_lines(model, givens, options, query, write, &file, &text) {
                Ok(lines) => Answer::new(Status::Done, "subproblems", lines.join("\n")),
                Err(message) => Answer::invalid(message),
            }
        }
    })
}

/// The first line of a subproblem file.
const MAGIC: &str = "gridcsp-subproblems 1";

/// A fingerprint of the model searched: its variables' initial domains,
/// its number of constraints and the givens (FNV-1a, 64 bits), so that a
/// file split from another puzzle is recognised.
fn fingerprint(model: &Model, givens: &[Literal]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut eat = |x: i64| {
        for b in x.to_le_bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    let domains = model.initial_domains();
    eat(model.num_vars() as i64);
    eat(model.num_constraints() as i64);
    for var in model.vars() {
        eat(-1);
        for v in domains.iter(var) {
            eat(i64::from(v));
        }
    }
    for g in givens {
        eat(-2);
        eat(g.var().index() as i64);
        eat(g.eq_value().map_or(i64::MIN, i64::from));
    }
    hash
}

fn header(model: &Model, givens: &[Literal], parts: usize) -> String {
    format!(
        "{MAGIC} model={:016x} vars={} subproblems={parts}",
        fingerprint(model, givens),
        model.num_vars()
    )
}

/// The file `--split` writes: the header, then one subproblem per line.
pub(crate) fn split_text(
    model: &Model,
    givens: &[Literal],
    parts: &[csp_core::Subproblem],
) -> String {
    let mut out = header(model, givens, parts.len());
    for part in parts {
        out.push('\n');
        if part.literals.is_empty() {
            out.push('*');
        }
        for (i, l) in part.literals.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let (op, value) = match (l.eq_value(), l.ne_value()) {
                (Some(v), _) => ("=", v),
                (None, Some(v)) => ("!=", v),
                // The split only branches on `=` and `!=`.
                (None, None) => ("=", 0),
            };
            out.push_str(&format!("x{}{op}{value}", l.var().index()));
        }
    }
    out
}

/// Reads one literal, `x12=3` or `x12!=3`.
fn parse_literal(model: &Model, word: &str) -> Result<Literal, String> {
    let bad = || format!("expected a literal such as x12=3 or x12!=3, found '{word}'");
    let rest = word.strip_prefix('x').ok_or_else(bad)?;
    let (index, value, equal) = match rest.split_once("!=") {
        Some((i, v)) => (i, v, false),
        None => {
            let (i, v) = rest.split_once('=').ok_or_else(bad)?;
            (i, v, true)
        }
    };
    let index: usize = index.parse().map_err(|_| bad())?;
    let value: csp_core::Value = value.parse().map_err(|_| bad())?;
    let var = model.vars().nth(index).ok_or_else(|| {
        format!(
            "variable x{index} does not exist (the model has {})",
            model.num_vars()
        )
    })?;
    Ok(if equal {
        Literal::eq(var, value)
    } else {
        Literal::ne(var, value)
    })
}

/// Searches each subproblem of `text` (the file `file`); one result line
/// each: the count, or the solution (`unsolvable`, `limit`).
pub(crate) fn subproblem_lines(
    model: &Model,
    givens: &[Literal],
    options: &SearchOptions,
    query: Query,
    write: &dyn Fn(&Solution) -> String,
    file: &str,
    text: &str,
) -> Result<Vec<String>, String> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines
        .next()
        .ok_or_else(|| format!("{file}: empty, expected a '{MAGIC} ...' header"))?;
    let words: Vec<&str> = first.split_whitespace().collect();
    let expected = format!("{:016x}", fingerprint(model, givens));
    let found = words
        .iter()
        .find_map(|w| w.strip_prefix("model="))
        .filter(|_| first.starts_with(MAGIC))
        .ok_or_else(|| format!("{file}:1: expected a '{MAGIC} model=...' header"))?;
    if found != expected {
        return Err(format!(
            "{file}:1: these subproblems are of another puzzle (model {found}; this puzzle's is {expected})"
        ));
    }
    let mut solver = Solver::with_options(model, options.clone());
    solver
        .assume(givens)
        .map_err(|e| format!("the puzzle's givens: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let literals = if line == "*" {
            Vec::new()
        } else {
            line.split_whitespace()
                .map(|w| parse_literal(model, w))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("{file}:{}: {e}", i + 1))?
        };
        solver
            .set_subproblem(&literals)
            .map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        out.push(match query {
            Query::Count(limit) => {
                let c = solver.count(limit);
                match c.status {
                    SearchStatus::Complete | SearchStatus::Stopped(StopReason::SolutionLimit) => {
                        c.count.to_string()
                    }
                    SearchStatus::Stopped(_) => "limit".to_owned(),
                }
            }
            Query::Solve => match solver.solve() {
                SolveOutcome::Solved(s) => write(&s),
                SolveOutcome::Unsatisfiable => "unsolvable".to_owned(),
                SolveOutcome::Stopped(_) => "limit".to_owned(),
            },
        });
    }
    Ok(out)
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

/// How many decisions a puzzle gets sequentially before its search goes
/// parallel: most puzzles finish within it, with exactly the answer and
/// the statistics of a sequential search; a search that needs more is
/// split, and the probe's work counts against the limits (its decisions
/// and time are taken from `--node-limit` and `--time-limit`, and are in
/// the statistics). The split's subproblems each start cold (no learned
/// clauses, no weights), which on the hard published puzzles costs far
/// more than a second core gives back (docs/parallel.md has the
/// figures), so the split is kept for long enumerations. The environment
/// variable `GRIDCSP_PROBE_DECISIONS` sets another budget (a value that
/// is not a whole number is ignored).
pub(crate) const PROBE_DECISIONS: u64 = 1_000_000;

/// [`PROBE_DECISIONS`], or what `GRIDCSP_PROBE_DECISIONS` says.
fn probe_decisions() -> u64 {
    static BUDGET: OnceLock<u64> = OnceLock::new();
    *BUDGET.get_or_init(|| {
        std::env::var("GRIDCSP_PROBE_DECISIONS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(PROBE_DECISIONS)
    })
}

/// A sequential solver limited to the probe (or to the user's node limit,
/// if smaller), and whether hitting its node limit means "go parallel".
fn probe<'m>(model: &'m Model, givens: &[Literal], options: &SearchOptions) -> (Solver<'m>, bool) {
    let user = options.limits.nodes;
    let budget = probe_decisions();
    let probe_only = user.is_none_or(|n| n > budget);
    let mut probe = options.clone();
    probe.limits.nodes = Some(user.map_or(budget, |n| n.min(budget)));
    let mut solver = Solver::with_options(model, probe);
    if solver.assume(givens).is_err() {
        solver.clear_assumptions();
    }
    (solver, probe_only)
}

/// The options of the parallel search after a probe that took `spent` and
/// started at `started`: what is left of the node and time limits.
fn after_probe(options: &SearchOptions, spent: &Stats, started: Instant) -> SearchOptions {
    let mut rest = options.clone();
    rest.limits.nodes = options
        .limits
        .nodes
        .map(|n| n.saturating_sub(spent.decisions));
    rest.limits.time = options
        .limits
        .time
        .map(|t| t.saturating_sub(started.elapsed()));
    rest
}

/// The probe's work added to the parallel search's statistics (its
/// solutions were found again, so they are not added).
fn with_probe(probe: &Stats, mut parallel: Stats) -> Stats {
    parallel.decisions += probe.decisions;
    parallel.nodes += probe.nodes;
    parallel.failures += probe.failures;
    parallel.propagations += probe.propagations;
    parallel.restarts += probe.restarts;
    parallel.max_depth = parallel.max_depth.max(probe.max_depth);
    parallel.elapsed += probe.elapsed;
    parallel
}

/// The first solution, on `threads` threads (after a sequential probe).
pub(crate) fn solve(
    model: &Model,
    givens: &[Literal],
    options: &SearchOptions,
    threads: usize,
) -> (SolveOutcome, Stats) {
    let started = Instant::now();
    let (mut probe, probe_only) = probe(model, givens, options);
    let outcome = probe.solve();
    if !(probe_only && outcome == SolveOutcome::Stopped(StopReason::NodeLimit)) {
        return (outcome, probe.stats());
    }
    let rest = after_probe(options, &probe.stats(), started);
    let mut s = solver(model, givens, &rest, threads);
    let outcome = s.solve();
    (outcome, with_probe(&probe.stats(), s.stats()))
}

/// Counts up to `limit`, on `threads` threads (after a sequential probe).
pub(crate) fn count(
    model: &Model,
    givens: &[Literal],
    options: &SearchOptions,
    limit: Option<u64>,
    threads: usize,
) -> (Count, Stats) {
    let started = Instant::now();
    let (mut probe, probe_only) = probe(model, givens, options);
    let c = probe.count(limit);
    if !(probe_only && c.status == SearchStatus::Stopped(StopReason::NodeLimit)) {
        return (c, probe.stats());
    }
    let rest = after_probe(options, &probe.stats(), started);
    let mut s = solver(model, givens, &rest, threads);
    let c = s.count(limit);
    (c, with_probe(&probe.stats(), s.stats()))
}
