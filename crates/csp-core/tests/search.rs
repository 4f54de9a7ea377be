//! Search behaviour: limits (nodes, solutions, time), cancellation from
//! another thread, determinism, parallel solvers on one model, and models of
//! 10,000 variables that search or propagate 10,000 levels deep.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::violated_constraint;
use csp_core::{
    Count, Grid, Limits, Model, SearchOptions, SearchStatus, SolveOutcome, Solver, Stats,
    StopReason, Strength, Uniqueness, ValueOrder, VarId, VariableOrder,
};
use problems::{HARD_SUDOKUS, pigeons, queens_relations, sudoku};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const STOPPED_NODES: SearchStatus = SearchStatus::Stopped(StopReason::NodeLimit);

fn latin(order: usize) -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, order, order, 1..=order as i32).unwrap();
    for group in grid.rows().chain(grid.columns()) {
        model.all_different(&group).unwrap();
    }
    model
}

// ---------------------------------------------------------------------------
// Node limit
// ---------------------------------------------------------------------------

#[test]
fn node_limit_stops_every_kind_of_run() {
    let model = pigeons(9); // 10 pigeons, 9 holes: no solution, a big tree
    let options = SearchOptions::default().with_node_limit(100);
    let mut solver = Solver::with_options(&model, options);
    assert_eq!(solver.solve(), SolveOutcome::Stopped(StopReason::NodeLimit));
    assert_eq!(solver.stats().decisions, 100);
    assert_eq!(
        solver.count(None),
        Count {
            count: 0,
            status: STOPPED_NODES
        }
    );
    assert_eq!(solver.stats().decisions, 100);
    assert_eq!(
        solver.uniqueness(),
        Uniqueness::Unknown {
            found: None,
            reason: StopReason::NodeLimit
        }
    );
    let mut it = solver.solutions();
    assert_eq!(it.next(), None);
    assert_eq!(it.status(), Some(STOPPED_NODES));
}

#[test]
fn node_limit_gives_a_lower_bound_count() {
    // 161,280 Latin squares of order 5; a few thousand nodes find some.
    let model = latin(5);
    let mut solver = Solver::with_options(&model, SearchOptions::default().with_node_limit(2_000));
    let count = solver.count(None);
    assert_eq!(count.status, STOPPED_NODES);
    assert!(count.count > 0 && count.count < 161_280, "{count:?}");
    assert_eq!(solver.stats().solutions, count.count);
    assert!(solver.stats().decisions <= 2_000);
}

#[test]
fn uniqueness_is_unknown_when_the_limit_hits_after_the_first_solution() {
    // A hard Sudoku with forward checking only: proving uniqueness takes
    // more nodes than finding the solution.
    let (model, _, givens) = sudoku(HARD_SUDOKUS[0], Strength::ForwardChecking);
    let mut solver = Solver::new(&model);
    solver.set_assumptions(&givens).unwrap();
    let Uniqueness::Unique(solution) = solver.uniqueness() else {
        panic!("unique puzzle")
    };
    let total = solver.stats().decisions;
    assert!(solver.solve().solution() == Some(&solution));
    let first = solver.stats().decisions;
    assert!(
        total > first + 1,
        "uniqueness needs {total} nodes, the first solution {first}"
    );

    let limit = (first + total) / 2;
    solver.set_options(SearchOptions::default().with_node_limit(limit));
    assert_eq!(
        solver.uniqueness(),
        Uniqueness::Unknown {
            found: Some(solution.clone()),
            reason: StopReason::NodeLimit
        }
    );
    let count = solver.count(None);
    assert_eq!(
        count,
        Count {
            count: 1,
            status: STOPPED_NODES
        }
    );
}

#[test]
fn node_limit_stops_only_when_more_nodes_are_needed() {
    // With a limit of exactly the nodes the unlimited run takes, the run
    // completes: "stop after this many decisions" must not discard the
    // result of the last one.
    let (model, _, givens) = sudoku(HARD_SUDOKUS[0], Strength::HiddenSingles);
    let mut solver = Solver::new(&model);
    solver.set_assumptions(&givens).unwrap();
    let solution = solver.solve().into_solution().unwrap();
    let needed = solver.stats().decisions;
    assert!(needed > 0);
    solver.set_options(SearchOptions::default().with_node_limit(needed));
    assert_eq!(solver.solve(), SolveOutcome::Solved(solution));
}

#[test]
fn node_limit_zero_still_reports_a_root_solution() {
    // A model solved by propagation alone needs no node at all.
    let mut model = Model::new();
    let xs = model.new_vars(3, 1..=3).unwrap();
    model.all_different(&xs).unwrap();
    model.fix(xs[0], 1).unwrap();
    model.fix(xs[1], 2).unwrap();
    let mut solver = Solver::with_options(&model, SearchOptions::default().with_node_limit(0));
    assert!(matches!(solver.solve(), SolveOutcome::Solved(_)));
    assert_eq!(
        solver.count(None),
        Count {
            count: 1,
            status: SearchStatus::Complete
        }
    );
}

// ---------------------------------------------------------------------------
// Solution limit
// ---------------------------------------------------------------------------

#[test]
fn solution_limit_caps_count_and_the_iterator() {
    let model = latin(4);
    let limits = Limits {
        solutions: Some(5),
        ..Limits::default()
    };
    let mut solver = Solver::with_options(&model, SearchOptions::default().with_limits(limits));
    let stopped = SearchStatus::Stopped(StopReason::SolutionLimit);
    assert_eq!(
        solver.count(None),
        Count {
            count: 5,
            status: stopped
        }
    );
    assert_eq!(
        solver.count(Some(3)),
        Count {
            count: 3,
            status: stopped
        }
    );
    assert_eq!(
        solver.count(Some(10)),
        Count {
            count: 5,
            status: stopped
        }
    );
    let mut it = solver.solutions();
    assert_eq!(it.by_ref().count(), 5);
    assert_eq!(it.status(), Some(stopped));
    // solve() wants one solution, which the limit allows.
    assert!(matches!(solver.solve(), SolveOutcome::Solved(_)));

    let mut solver = Solver::new(&model);
    assert_eq!(
        solver.count(Some(0)),
        Count {
            count: 0,
            status: stopped
        }
    );
    assert_eq!(
        solver.count(Some(575)),
        Count {
            count: 575,
            status: stopped
        }
    );
    assert_eq!(
        solver.count(Some(577)),
        Count {
            count: 576,
            status: SearchStatus::Complete
        }
    );
    assert_eq!(
        solver.count(None),
        Count {
            count: 576,
            status: SearchStatus::Complete
        }
    );
}

// ---------------------------------------------------------------------------
// Time limit
// ---------------------------------------------------------------------------

/// Options for a run that would take very long: a small time limit, and a
/// node limit as a backstop so a broken time limit fails instead of hanging.
fn timed(time: Duration) -> SearchOptions {
    SearchOptions::default()
        .with_time_limit(time)
        .with_node_limit(20_000_000)
}

#[test]
fn time_limit_stops_a_hard_search() {
    let model = pigeons(12);
    for time in [
        Duration::ZERO,
        Duration::from_millis(1),
        Duration::from_millis(30),
    ] {
        let mut solver = Solver::with_options(&model, timed(time));
        assert_eq!(
            solver.solve(),
            SolveOutcome::Stopped(StopReason::TimeLimit),
            "{time:?}"
        );
        assert_eq!(
            solver.count(None).status,
            SearchStatus::Stopped(StopReason::TimeLimit),
            "{time:?}"
        );
        assert!(matches!(
            solver.uniqueness(),
            Uniqueness::Unknown {
                found: None,
                reason: StopReason::TimeLimit
            }
        ));
        let mut it = solver.solutions();
        assert_eq!(it.next(), None);
        assert_eq!(
            it.status(),
            Some(SearchStatus::Stopped(StopReason::TimeLimit))
        );
    }
}

#[test]
fn a_generous_time_limit_does_not_change_the_result() {
    let (model, _) = queens_relations(8);
    let mut limited = Solver::with_options(
        &model,
        SearchOptions::default().with_time_limit(Duration::from_secs(600)),
    );
    let mut free = Solver::new(&model);
    assert_eq!(limited.count(None), free.count(None));
    assert_eq!(limited.stats().without_time(), free.stats().without_time());
}

// ---------------------------------------------------------------------------
// Cancellation
// ---------------------------------------------------------------------------

#[test]
fn cancel_flag_raised_before_the_run() {
    let model = latin(4);
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::with_options(
        &model,
        SearchOptions::default().with_cancel_flag(flag.clone()),
    );
    assert_eq!(solver.solve(), SolveOutcome::Stopped(StopReason::Cancelled));
    assert_eq!(solver.stats().decisions, 0);
    assert_eq!(
        solver.count(None),
        Count {
            count: 0,
            status: SearchStatus::Stopped(StopReason::Cancelled)
        }
    );
    assert_eq!(
        solver.uniqueness(),
        Uniqueness::Unknown {
            found: None,
            reason: StopReason::Cancelled
        }
    );
    // Lowering the flag lets the same solver run to the end.
    flag.store(false, Ordering::SeqCst);
    assert_eq!(
        solver.count(None),
        Count {
            count: 576,
            status: SearchStatus::Complete
        }
    );
}

/// `x < y` and `y < x` over 0..=20,000: each run of one of the two
/// lowers the maxima by two or so, so the root fixpoint takes about
/// 10,000 propagator runs before it fails.
fn ping_pong() -> Model {
    let mut model = Model::new();
    let x = model.new_var(0..=20_000).unwrap();
    let y = model.new_var(0..=20_000).unwrap();
    model.less_than(x, y).unwrap();
    model.less_than(y, x).unwrap();
    model
}

/// The limits were read only between decisions, so one long propagation
/// fixpoint (the root of a large grid) ran to its end whatever they said.
/// The fixpoint now reads them every 64 propagator runs.
#[test]
fn a_long_fixpoint_stops_at_the_limits() {
    let model = ping_pong();
    let mut free = Solver::new(&model);
    assert_eq!(free.solve(), SolveOutcome::Unsatisfiable);
    assert!(free.stats().propagations > 5_000, "{:?}", free.stats());
    let flag = Arc::new(AtomicBool::new(true));
    for (options, reason) in [
        (
            SearchOptions::default().with_cancel_flag(flag),
            StopReason::Cancelled,
        ),
        (
            SearchOptions::default().with_time_limit(Duration::ZERO),
            StopReason::TimeLimit,
        ),
    ] {
        for learning in [false, true] {
            let options = if learning {
                options.clone().learning()
            } else {
                options.clone()
            };
            let mut solver = Solver::with_options(&model, options);
            assert_eq!(solver.solve(), SolveOutcome::Stopped(reason));
            assert!(solver.stats().propagations <= 64, "{:?}", solver.stats());
            assert_eq!(
                solver.count(None).status,
                SearchStatus::Stopped(reason),
                "a stopped fixpoint is no failure"
            );
        }
    }
    // `propagate` gives its caller a fixpoint: it is not cut short.
    let mut solver = Solver::with_options(
        &model,
        SearchOptions::default().with_time_limit(Duration::ZERO),
    );
    assert!(solver.propagate().is_err());
}

#[test]
fn cancel_flag_raised_from_another_thread_while_solving() {
    let model = pigeons(13); // far more than a minute of search
    let flag = Arc::new(AtomicBool::new(false));
    let options = timed(Duration::from_secs(120)).with_cancel_flag(flag.clone());
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::SeqCst);
        })
    };
    let mut solver = Solver::with_options(&model, options);
    let outcome = solver.solve();
    raiser.join().unwrap();
    assert_eq!(outcome, SolveOutcome::Stopped(StopReason::Cancelled));
    assert!(solver.stats().decisions > 0, "the search had started");
}

#[test]
fn cancel_flag_stops_a_solver_running_in_another_thread() {
    // The mirror case: the solver runs in a worker, the test thread cancels.
    let model = pigeons(13);
    let flag = Arc::new(AtomicBool::new(false));
    let options = timed(Duration::from_secs(120)).with_cancel_flag(flag.clone());
    let count = std::thread::scope(|scope| {
        let worker = scope.spawn(|| Solver::with_options(&model, options).count(None));
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::SeqCst);
        worker.join().unwrap()
    });
    assert_eq!(
        count,
        Count {
            count: 0,
            status: SearchStatus::Stopped(StopReason::Cancelled)
        }
    );
}

// ---------------------------------------------------------------------------
// Determinism
// ---------------------------------------------------------------------------

fn every_option() -> Vec<SearchOptions> {
    let mut all = Vec::new();
    for var in [
        VariableOrder::MrvDegree,
        VariableOrder::Mrv,
        VariableOrder::Input,
    ] {
        for val in [
            ValueOrder::Ascending,
            ValueOrder::Descending,
            ValueOrder::Random { seed: 0 },
            ValueOrder::Random { seed: 0xDEAD_BEEF },
        ] {
            all.push(
                SearchOptions::default()
                    .with_variable_order(var.clone())
                    .with_value_order(val),
            );
        }
    }
    all
}

fn run(model: &Model, options: &SearchOptions, limit: usize) -> (Vec<Vec<i32>>, Stats) {
    let mut solver = Solver::with_options(model, options.clone());
    let sols = solver
        .solutions()
        .take(limit)
        .map(|s| s.into_values())
        .collect();
    (sols, solver.stats().without_time())
}

#[test]
fn two_runs_are_identical() {
    let models = [
        latin(4),
        queens_relations(7).0,
        sudoku(HARD_SUDOKUS[1], Strength::HiddenSingles).0,
    ];
    for (m, model) in models.iter().enumerate() {
        for options in every_option() {
            let a = run(model, &options, 200);
            let b = run(model, &options, 200);
            assert!(!a.0.is_empty());
            assert_eq!(a, b, "model {m}, {options:?}");
            // The same solver reused gives the same run again.
            let mut solver = Solver::with_options(model, options.clone());
            let first: Vec<_> = solver.solutions().take(200).collect();
            let stats = solver.stats().without_time();
            let second: Vec<_> = solver.solutions().take(200).collect();
            assert_eq!(first, second);
            assert_eq!(stats, solver.stats().without_time());
            assert_eq!(stats, a.1);
        }
    }
}

#[test]
fn traces_of_two_runs_are_identical() {
    let (model, _, givens) = sudoku(HARD_SUDOKUS[2], Strength::DomainConsistent);
    let options = SearchOptions::default()
        .with_value_order(ValueOrder::Random { seed: 5 })
        .with_trace(true);
    let trace = || {
        let mut solver = Solver::with_options(&model, options.clone());
        solver.set_assumptions(&givens).unwrap();
        let u = solver.uniqueness();
        (u, solver.trace().to_vec(), solver.stats().without_time())
    };
    let (a, b) = (trace(), trace());
    assert!(matches!(a.0, Uniqueness::Unique(_)));
    assert!(a.1.len() > 100);
    assert_eq!(a, b);
}

#[test]
fn seeds_change_the_order_but_not_the_set() {
    let model = latin(4);
    let mut firsts = std::collections::BTreeSet::new();
    let mut sets = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let options = SearchOptions::default().with_value_order(ValueOrder::Random { seed });
        let (sols, _) = run(&model, &options, usize::MAX);
        firsts.insert(sols[0].clone());
        let mut sorted = sols;
        sorted.sort();
        sets.insert(sorted);
    }
    assert!(
        firsts.len() > 1,
        "different seeds should start with different squares"
    );
    assert_eq!(sets.len(), 1, "every seed finds the same 576 squares");
}

#[test]
fn parallel_solvers_on_one_model_agree_with_sequential_runs() {
    let (model, _, givens) = sudoku(HARD_SUDOKUS[1], Strength::HiddenSingles);
    let options: Vec<_> = (0..4)
        .map(|seed| SearchOptions::default().with_value_order(ValueOrder::Random { seed }))
        .collect();
    let solve = |options: &SearchOptions| {
        let mut solver = Solver::with_options(&model, options.clone());
        solver.set_assumptions(&givens).unwrap();
        (solver.uniqueness(), solver.stats().without_time())
    };
    let sequential: Vec<_> = options.iter().map(solve).collect();
    let parallel: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = options
            .iter()
            .map(|o| scope.spawn(move || solve(o)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(sequential, parallel);
    for (u, _) in &sequential {
        let Uniqueness::Unique(s) = u else {
            panic!("unique puzzle: {u:?}")
        };
        assert_eq!(violated_constraint(&model, s.values()), None);
    }
}

// ---------------------------------------------------------------------------
// 10,000 variables
// ---------------------------------------------------------------------------

const BIG: usize = 10_000;

fn path(colours: i32) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let xs = model.new_vars(BIG, 1..=colours).unwrap();
    for w in xs.windows(2) {
        model.not_equal(w[0], w[1]).unwrap();
    }
    (model, xs)
}

#[test]
fn ten_thousand_variables_searched_ten_thousand_deep() {
    // 3-colouring a path: every decision leaves the next variable two
    // values, so the search goes (almost) one level per variable.
    let (model, xs) = path(3);
    for order in [VariableOrder::MrvDegree, VariableOrder::Input] {
        let options = SearchOptions::default().with_variable_order(order.clone());
        let mut solver = Solver::with_options(&model, options);
        let solution = solver
            .solve()
            .into_solution()
            .expect("a path is 3-colourable");
        assert!(xs.windows(2).all(|w| solution[w[0]] != solution[w[1]]));
        assert!(
            solver.stats().max_depth as usize >= BIG - 2,
            "{order:?}: {}",
            solver.stats()
        );
        // Backtracking from that depth finds more.
        assert_eq!(solver.count(Some(50)).count, 50);
        assert!(matches!(solver.uniqueness(), Uniqueness::Multiple(..)));
    }
}

#[test]
fn ten_thousand_variables_fixed_by_one_propagation_cascade() {
    // 2-colouring a path: one decision fixes all 10,000 variables.
    let (model, xs) = path(2);
    let mut solver = Solver::new(&model);
    assert_eq!(
        solver.count(None),
        Count {
            count: 2,
            status: SearchStatus::Complete
        }
    );
    assert_eq!(solver.stats().max_depth, 1);
    let s = solver.solve().into_solution().unwrap();
    assert!(xs.windows(2).all(|w| s[w[0]] != s[w[1]]));

    // Closing the path into an odd cycle makes it unsatisfiable; the
    // conflict is found at the far end of the cascade.
    let (mut model, xs) = path(2);
    model.equal(xs[0], xs[BIG - 1]).unwrap();
    let mut solver = Solver::new(&model);
    assert_eq!(solver.solve(), SolveOutcome::Unsatisfiable);
    assert_eq!(
        solver.count(None),
        Count {
            count: 0,
            status: SearchStatus::Complete
        }
    );
}

#[test]
fn ten_thousand_variable_chain_backtracks_at_depth() {
    // x0 <= x1 <= ... <= x9999 over 0..=2: a solution is a run of 0s, 1s and
    // 2s; consecutive solutions differ near the bottom of a 10,000-deep
    // branch.
    let mut model = Model::new();
    let xs = model.new_vars(BIG, 0..=2).unwrap();
    for w in xs.windows(2) {
        model.less_eq(w[0], w[1]).unwrap();
    }
    let options = SearchOptions::default().with_variable_order(VariableOrder::Input);
    let mut solver = Solver::with_options(&model, options);
    let first: Vec<_> = solver.solutions().take(20).collect();
    assert_eq!(first.len(), 20);
    for s in &first {
        assert!(xs.windows(2).all(|w| s[w[0]] <= s[w[1]]));
    }
    assert!(solver.stats().max_depth as usize >= BIG - 2);
}

// ---------------------------------------------------------------------------
// User selectors, solver reuse, statistics
// ---------------------------------------------------------------------------

/// Branches on the last unfixed variable, or (when `bad`) on a fixed or
/// unknown one, which the engine must ignore.
#[derive(Debug)]
struct LastUnfixed {
    bad: bool,
}

impl csp_core::VariableSelector for LastUnfixed {
    fn select(&self, domains: &csp_core::Domains<'_>) -> Option<VarId> {
        if self.bad {
            let mut other = Model::new();
            return domains
                .vars()
                .find(|&v| domains.is_fixed(v))
                .or(other.new_var(0..=1).ok());
        }
        domains.vars().rev().find(|&v| !domains.is_fixed(v))
    }
}

/// Tries the value closest to 2 first, or (when `bad`) a value outside the
/// domain, which the engine must replace with the smallest.
#[derive(Debug)]
struct NearTwo {
    bad: bool,
}

impl csp_core::ValueSelector for NearTwo {
    fn select(&self, var: VarId, domains: &csp_core::Domains<'_>) -> i32 {
        if self.bad {
            return i32::MIN;
        }
        domains.iter(var).min_by_key(|v| (v - 2).abs()).unwrap()
    }
}

#[test]
fn user_selectors_are_honoured_and_bad_choices_ignored() {
    let (model, qs) = queens_relations(6);
    let mut reference = Solver::new(&model);
    let mut expected: Vec<_> = reference.solutions().collect();
    expected.sort_by(|a, b| a.values().cmp(b.values()));
    for bad_var in [false, true] {
        for bad_value in [false, true] {
            let options = SearchOptions::default()
                .with_variable_order(VariableOrder::Custom(Arc::new(LastUnfixed {
                    bad: bad_var,
                })))
                .with_value_order(ValueOrder::Custom(Arc::new(NearTwo { bad: bad_value })));
            let mut solver = Solver::with_options(&model, options.clone());
            let found: Vec<_> = solver.solutions().collect();
            let mut sorted = found.clone();
            sorted.sort_by(|a, b| a.values().cmp(b.values()));
            assert_eq!(sorted, expected, "bad var {bad_var}, bad value {bad_value}");
            // The first decision follows the selectors when they are sane.
            let mut traced = Solver::with_options(&model, options.with_trace(true));
            traced.solve();
            let first = traced
                .trace()
                .iter()
                .find_map(|e| match *e {
                    csp_core::TraceEvent::Decision { var, value, .. } => Some((var, value)),
                    _ => None,
                })
                .unwrap();
            let want_var = if bad_var { qs[0] } else { qs[5] };
            let want_value = if bad_value { 0 } else { 2 };
            assert_eq!(
                first,
                (want_var, want_value),
                "bad var {bad_var}, bad value {bad_value}"
            );
        }
    }
}

#[test]
fn one_solver_reused_for_many_puzzles_matches_fresh_solvers() {
    let (model, grid, _) = sudoku(HARD_SUDOKUS[0], Strength::HiddenSingles);
    let mut reused = Solver::new(&model);
    for puzzle in HARD_SUDOKUS.iter().chain(HARD_SUDOKUS.iter().rev()) {
        let givens: Vec<_> = puzzle
            .bytes()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, b)| (grid.cells()[i], i32::from(b - b'0')))
            .collect();
        reused.set_assumptions(&givens).unwrap();
        let mut fresh = Solver::new(&model);
        fresh.set_assumptions(&givens).unwrap();
        assert_eq!(reused.uniqueness(), fresh.uniqueness());
        assert_eq!(reused.stats().without_time(), fresh.stats().without_time());
    }
}

#[test]
fn statistics_add_up() {
    let (model, _, givens) = sudoku(HARD_SUDOKUS[2], Strength::ForwardChecking);
    let mut solver = Solver::new(&model);
    solver.set_assumptions(&givens).unwrap();
    let count = solver.count(None);
    let s = solver.stats();
    assert_eq!(
        count,
        Count {
            count: 1,
            status: SearchStatus::Complete
        }
    );
    assert_eq!(s.solutions, 1);
    assert!(s.decisions >= u64::from(s.max_depth));
    assert!(s.max_depth > 0 && s.failures > 0);
    // A complete binary search tree has one more leaf (a failure or a
    // solution) than it has decisions, and every decision has its
    // refutation: with the root, 2 * decisions + 1 nodes, as Gecode counts.
    assert_eq!(s.failures + s.solutions, s.decisions + 1, "{s}");
    assert_eq!(s.nodes, 2 * s.decisions + 1, "{s}");
    assert!(s.propagations > s.decisions);
    assert_eq!(format!("{s}").split(',').count(), 8);
    // A first-solution run stops before the refutations of the decisions
    // on the path to its solution.
    let outcome = solver.solve();
    let s = solver.stats();
    assert!(outcome.solution().is_some());
    assert!(
        s.nodes <= 2 * s.decisions + 1 && s.nodes > s.decisions,
        "{s}"
    );
}
