//! No heap allocation per search node: a counting global allocator around
//! the solve of hard puzzles asserts that, once a solver is set up (and has
//! run once, so its scratch buffers have their final size), searching
//! allocates nothing; a run that returns solutions allocates exactly one
//! vector per solution returned.
//!
//! The counting allocator comes from `stats_alloc`: an allocator of our own
//! needs `unsafe impl GlobalAlloc`, and the workspace forbids `unsafe_code`
//! (a `forbid` that no `allow` in this file can override).
//!
//! This binary holds a single test, so no other test thread allocates while
//! it counts (the counters are process-wide). Run it with `--nocapture` to
//! see the figures. The harness's own
//! thread still allocates now and then, so each warm figure is the fewest
//! of three runs (`alloc_count::fewest`).

#[path = "support/problems.rs"]
mod problems;

use csp_core::{
    Model, RelOp, SearchOptions, Solver, Strength, Uniqueness, ValueOrder, VariableOrder,
};
use problems::{HARD_SUDOKUS, queens_all_different, queens_relations, sudoku};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// One measured case: the allocations of a cold run, then of warm runs.
#[derive(Debug)]
struct Row {
    name: String,
    decisions: u64,
    cold: usize,
    count: usize,
    solve: usize,
    uniqueness: usize,
    propagate: usize,
}

fn measure(
    name: String,
    model: &Model,
    givens: &[(csp_core::VarId, i32)],
    options: SearchOptions,
) -> Row {
    let mut solver = Solver::with_options(model, options);
    solver.set_assumptions(givens).unwrap();
    let (first, cold) = counted(GLOBAL, || solver.count(Some(2)));
    // Warm: the same run again.
    let (again, count) = fewest(GLOBAL, || solver.count(Some(2)));
    assert_eq!(first, again);
    let decisions = solver.stats().decisions;
    let (outcome, solve) = fewest(GLOBAL, || solver.solve());
    let (unique, uniqueness) = fewest(GLOBAL, || solver.uniqueness());
    let (root, propagate) = fewest(GLOBAL, || solver.propagate().is_ok());
    assert!(root);
    // A solution holds one Vec: that is the only allocation of a run that
    // returns one; `uniqueness` returns one (unique) or two.
    let returned = usize::from(outcome.solution().is_some());
    let kept = match &unique {
        Uniqueness::Unique(_) => 1,
        Uniqueness::Multiple(..) => 2,
        _ => 0,
    };
    let row = Row {
        name,
        decisions,
        cold,
        count,
        solve,
        uniqueness,
        propagate,
    };
    assert_eq!(row.count, 0, "count() allocated during search: {row:?}");
    assert_eq!(row.propagate, 0, "propagate() allocated: {row:?}");
    assert_eq!(
        row.solve, returned,
        "solve() allocated more than its solution: {row:?}"
    );
    assert_eq!(
        row.uniqueness, kept,
        "uniqueness() allocated more than its solutions: {row:?}"
    );
    row
}

#[test]
fn searching_allocates_nothing_after_setup() {
    // The counter sees allocations (guards against a test that measures
    // nothing), and setting up a solver does allocate.
    let (v, n) = counted(GLOBAL, || vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1);
    let mut model = Model::new();
    let xs = model.new_vars(3, 1..=3).unwrap();
    model.all_different(&xs).unwrap();
    let (_solver, setup) = counted(GLOBAL, || Solver::new(&model));
    assert!(setup > 0, "setting up a solver allocates");

    let mut rows = Vec::new();

    // Hard Sudokus, every strength, several search orders.
    let orders = [
        ("mrv+degree, ascending", SearchOptions::default()),
        (
            "mrv, random",
            SearchOptions::default()
                .with_variable_order(VariableOrder::Mrv)
                .with_value_order(ValueOrder::Random { seed: 11 }),
        ),
        (
            "input, descending",
            SearchOptions::default()
                .with_variable_order(VariableOrder::Input)
                .with_value_order(ValueOrder::Descending),
        ),
    ];
    for (p, puzzle) in HARD_SUDOKUS.iter().enumerate() {
        for strength in Strength::ALL {
            let (model, _, givens) = sudoku(puzzle, strength);
            for (label, options) in &orders {
                let name = format!("sudoku {p} {strength:?} {label}");
                let row = measure(name, &model, &givens, options.clone());
                assert!(row.decisions > 0 || strength != Strength::ForwardChecking);
                rows.push(row);
            }
        }
    }

    // n-queens: relations only, and AllDifferent with `==` links (retain).
    let (model, _) = queens_relations(8);
    rows.push(measure(
        "8-queens, != relations".into(),
        &model,
        &[],
        SearchOptions::default(),
    ));
    let (model, _) = queens_all_different(8, Strength::DomainConsistent);
    rows.push(measure(
        "8-queens, all-different".into(),
        &model,
        &[],
        SearchOptions::default(),
    ));

    // Multi-word domains, the compact AllDifferent path and user
    // constraints (forward checking and a custom propagate).
    let mut model = Model::new();
    let xs = model.new_vars(5, 0..=99).unwrap();
    for w in xs.windows(2) {
        model.relation(w[0], RelOp::Lt, w[1], 15).unwrap();
    }
    let ys = model.new_vars(3, [-50, 0, 7, 64, 130]).unwrap();
    model.all_different(&[xs[0], ys[0], ys[1], ys[2]]).unwrap();
    model
        .add(problems::Sum {
            vars: vec![ys[0], ys[1]],
            total: 7,
        })
        .unwrap();
    model
        .add(problems::SumBetween {
            vars: xs.clone(),
            lo: 200,
            hi: 260,
        })
        .unwrap();
    model
        .add(problems::Parity {
            vars: vec![xs[4], ys[2]],
            odd: true,
        })
        .unwrap();
    let row = measure(
        "wide domains + user constraints".into(),
        &model,
        &[],
        SearchOptions::default(),
    );
    assert!(row.decisions > 0);
    rows.push(row);

    // The numbers, for the record (`--nocapture`).
    println!(
        "{:<48} {:>6} {:>5} {:>6} {:>6} {:>6} {:>6}",
        "case", "decisions", "cold", "count", "solve", "uniq", "prop"
    );
    for r in &rows {
        println!(
            "{:<48} {:>6} {:>5} {:>6} {:>6} {:>6} {:>6}",
            r.name, r.decisions, r.cold, r.count, r.solve, r.uniqueness, r.propagate
        );
    }
    let hard = rows
        .iter()
        .filter(|r| r.name.starts_with("sudoku"))
        .map(|r| r.decisions)
        .max();
    println!("largest search measured: {hard:?} decisions");
}
