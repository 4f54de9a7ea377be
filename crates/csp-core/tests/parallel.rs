//! Embarrassingly parallel search (`ParallelSolver`): on random small
//! problems and fixed models, every thread count gives sequential search's
//! counts, first solution, solution order and uniqueness answer, the same
//! statistics, and the subproblems partition the solutions.

#[path = "support/problems.rs"]
mod problems;

use csp_core::{
    Model, ParallelSolver, SearchOptions, SearchStatus, Solver, Stats, Strength, Subproblem,
    Uniqueness, ValueOrder, VariableOrder,
};
use problems::{problem, queens_all_different, queens_relations, search_options};
use proptest::prelude::*;

/// Options under which parallel search equals sequential search: the
/// orders that depend on the domains only.
fn history_free(options: &SearchOptions) -> bool {
    !matches!(options.value_order, ValueOrder::Random { .. })
        && !matches!(options.variable_order, VariableOrder::DomWdeg)
}

fn parallel<'m>(
    model: &'m Model,
    options: &SearchOptions,
    threads: usize,
    target: usize,
) -> ParallelSolver<'m> {
    ParallelSolver::with_options(model, options.clone())
        .with_threads(threads)
        .with_subproblems(target)
}

/// Each subproblem counted on its own: the counts, and every solution in
/// subproblem order.
fn by_parts(
    model: &Model,
    options: &SearchOptions,
    parts: &[Subproblem],
) -> (Vec<u64>, Vec<Vec<i32>>) {
    let mut solver = Solver::with_options(model, options.clone());
    let mut counts = Vec::new();
    let mut all = Vec::new();
    for part in parts {
        solver.set_subproblem(&part.literals).unwrap();
        let before = all.len();
        all.extend(solver.solutions().map(|s| s.into_values()));
        counts.push((all.len() - before) as u64);
    }
    (counts, all)
}

/// Runs every query at 1..=4 threads; checks they agree with each other
/// (answers and statistics) and, for history-free orders, with sequential
/// search.
fn check(model: &Model, options: &SearchOptions, target: usize) {
    let mut sequential = Solver::with_options(model, options.clone());
    let seq_solutions: Vec<_> = sequential.solutions().map(|s| s.into_values()).collect();
    let seq_count = sequential.count(None);
    let seq_solve = sequential.solve();
    let seq_unique = sequential.uniqueness();
    let seq_two = sequential.count(Some(2));
    let exact = history_free(options);

    let mut reference: Option<Vec<Stats>> = None;
    let mut reference_answers = None;
    for threads in 1..=4 {
        let mut p = parallel(model, options, threads, target);
        let parts = p.split();
        let (counts, in_parts) = by_parts(model, options, &parts);
        // The subproblems cover the tree exactly once.
        assert_eq!(counts.iter().sum::<u64>(), seq_count.count, "{parts:?}");
        let count = p.count(None);
        let count_stats = p.stats().without_time();
        let solve = p.solve();
        let solve_stats = p.stats().without_time();
        let unique = p.uniqueness();
        let unique_stats = p.stats().without_time();
        let two = p.count(Some(2));
        let two_stats = p.stats().without_time();
        let (solutions, status) = p.solutions(None);
        let solutions: Vec<_> = solutions.into_iter().map(|s| s.into_values()).collect();
        assert_eq!(status, SearchStatus::Complete);
        assert_eq!(count, seq_count);
        assert_eq!(two, seq_two);
        assert_eq!(solutions, in_parts, "merged in subproblem order");
        assert_eq!(count_stats.solutions, count.count);
        if exact {
            assert_eq!(solutions, seq_solutions, "sequential order");
            assert_eq!(solve, seq_solve);
            assert_eq!(unique, seq_unique);
        } else {
            // Same set, and answers consistent with it.
            let mut sorted = solutions.clone();
            sorted.sort();
            let mut seq_sorted = seq_solutions.clone();
            seq_sorted.sort();
            assert_eq!(sorted, seq_sorted);
            assert_eq!(solve.solution().is_some(), !seq_solutions.is_empty());
            assert_eq!(
                matches!(unique, Uniqueness::Multiple(..)),
                seq_solutions.len() >= 2
            );
        }
        let stats = vec![count_stats, solve_stats, unique_stats, two_stats];
        let answers = (count, solve, unique, two, solutions);
        match &reference {
            None => {
                reference = Some(stats);
                reference_answers = Some(answers);
            }
            Some(r) => {
                assert_eq!(&stats, r, "statistics at {threads} threads");
                assert_eq!(
                    Some(&answers),
                    reference_answers.as_ref(),
                    "{threads} threads"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_problems_agree_for_every_thread_count(
        p in problem(),
        options in search_options(),
        target in 1usize..12,
    ) {
        let (model, _) = p.build();
        check(&model, &options, target);
    }
}

#[test]
fn queens_agree_for_every_thread_count() {
    for n in [4, 5, 6, 7] {
        let (model, _) = queens_relations(n);
        check(&model, &SearchOptions::default(), 16);
        let (model, qs) = queens_all_different(n, Strength::DomainConsistent);
        let options = SearchOptions::default().with_decision_vars(&qs);
        check(&model, &options, 10);
    }
}

#[test]
fn latin_squares_count_with_limits() {
    // 4x4 Latin squares: 576.
    let mut model = Model::new();
    let cells = model.new_vars(16, 1..=4).unwrap();
    for i in 0..4 {
        let row: Vec<_> = (0..4).map(|j| cells[4 * i + j]).collect();
        let col: Vec<_> = (0..4).map(|j| cells[4 * j + i]).collect();
        model.all_different(&row).unwrap();
        model.all_different(&col).unwrap();
    }
    check(&model, &SearchOptions::default(), 40);
    for limit in [0, 1, 7, 100, 575, 576, 577] {
        let mut sequential = Solver::new(&model);
        let expected = sequential.count(Some(limit));
        let mut stats = None;
        for threads in 1..=3 {
            let mut p = ParallelSolver::new(&model)
                .with_threads(threads)
                .with_subproblems(30);
            assert_eq!(p.count(Some(limit)), expected, "limit {limit}");
            let s = p.stats().without_time();
            assert_eq!(
                *stats.get_or_insert(s),
                s,
                "limit {limit}, {threads} threads"
            );
        }
    }
}

#[test]
fn node_limits_stop_at_the_same_place_for_every_thread_count() {
    let (model, _) = queens_relations(8);
    let mut sequential = Solver::new(&model);
    let total = sequential.count(None).count;
    assert_eq!(total, 92);
    for nodes in [0, 1, 50, 300, 1_000, 100_000] {
        let options = SearchOptions::default().with_node_limit(nodes);
        let mut first = None;
        for threads in 1..=4 {
            let mut p = ParallelSolver::with_options(&model, options.clone())
                .with_threads(threads)
                .with_subproblems(24);
            let count = p.count(None);
            let stats = p.stats().without_time();
            let solve = p.solve();
            let unique = p.uniqueness();
            let result = (count, stats, solve, unique);
            assert_eq!(
                first.get_or_insert_with(|| result.clone()),
                &result,
                "{nodes}"
            );
        }
        let (count, _, _, _) = first.unwrap();
        assert!(count.count <= total);
        assert_eq!(
            count.status.is_complete(),
            count.count == total && nodes >= 1_000
        );
    }
}

#[test]
fn an_infeasible_root_and_assumptions() {
    let mut model = Model::new();
    let xs = model.new_vars(4, 1..=3).unwrap();
    model.all_different(&xs).unwrap();
    let mut p = ParallelSolver::new(&model).with_threads(2);
    assert!(p.split().is_empty());
    assert_eq!(p.count(None).count, 0);
    assert_eq!(p.uniqueness(), Uniqueness::NoSolution);

    let mut model = Model::new();
    let xs = model.new_vars(4, 1..=4).unwrap();
    model.all_different(&xs).unwrap();
    let mut p = ParallelSolver::new(&model)
        .with_threads(2)
        .with_subproblems(5);
    p.assume(&[
        csp_core::Literal::eq(xs[0], 1),
        csp_core::Literal::eq(xs[1], 2),
    ])
    .unwrap();
    assert_eq!(p.count(None).count, 2);
    assert!(p.assume(&[csp_core::Literal::eq(xs[0], 9)]).is_err());
}

/// Issue 42: a node limit is one budget for the split and every
/// subproblem together, spent in subproblem order, so the statistics hold
/// at most the limit's decisions and stop at the same place whatever the
/// threads, even when many subproblems run speculatively.
#[test]
fn r42_node_limit_is_one_budget_for_the_whole_run() {
    let (model, _) = queens_relations(10);
    for nodes in [0, 1, 2, 9, 150, 999, 2_500, 20_000] {
        let options = SearchOptions::default().with_node_limit(nodes);
        let mut first = None;
        for threads in 1..=4 {
            let mut p = ParallelSolver::with_options(&model, options.clone())
                .with_threads(threads)
                .with_subproblems(300);
            let count = p.count(None);
            let stats = p.stats().without_time();
            assert!(
                stats.decisions <= nodes,
                "limit {nodes}, {threads} threads: {} decisions",
                stats.decisions
            );
            let solve = p.solve();
            let solve_stats = p.stats().without_time();
            assert!(solve_stats.decisions <= nodes);
            let result = (count, stats, solve, solve_stats);
            assert_eq!(
                first.get_or_insert_with(|| result.clone()),
                &result,
                "limit {nodes}, {threads} threads"
            );
        }
    }
}

/// Issue 42: a time limit stops a parallel run that would take far longer
/// (every permutation of 13 values: 6.2 billion), at any thread count.
#[test]
fn r42_time_limit_stops_a_long_parallel_count() {
    let mut model = Model::new();
    let xs = model.new_vars(13, 1..=13).unwrap();
    model.all_different(&xs).unwrap();
    for threads in [1, 2, 3] {
        let options =
            SearchOptions::default().with_time_limit(std::time::Duration::from_millis(100));
        let mut p = ParallelSolver::with_options(&model, options).with_threads(threads);
        let started = std::time::Instant::now();
        let count = p.count(None);
        let took = started.elapsed();
        assert_eq!(
            count.status,
            SearchStatus::Stopped(csp_core::StopReason::TimeLimit),
            "{threads} threads"
        );
        // The bound is 50 ms over (measured in docs/parallel.md); a
        // loaded test machine gets more room here.
        assert!(
            took < std::time::Duration::from_secs(2),
            "{threads}: {took:?}"
        );
    }
}
