//! No heap allocation per search node in the arithmetic constraints: the
//! technique of `tests/no_alloc.rs` (a counting global allocator; a warm
//! run, then the allocations of a second run, which must be zero except
//! the returned solutions' vectors), over models that use every new
//! constraint: magic squares (linear at both strengths), a Killer Sudoku
//! (sums of distinct values), a KenKen (products, differences, quotients,
//! domain-consistent sums) and the fallbacks (a distinct sum over more than
//! 64 values, a product with too many partial products, `!=` and `<=`).
//!
//! This binary holds a single test, so no other test thread allocates
//! while it counts. Run it with `--nocapture` to see the figures. The harness's own
//! thread still allocates now and then, so each warm figure is the fewest
//! of three runs (`alloc_count::fewest`).

use csp_core::{
    Grid, LinearStrength, Model, RelOp, SearchOptions, Solver, Uniqueness, Value, VarId,
    VariableOrder,
};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Warm run, then counted runs: `count(limit)`, `solve`, `uniqueness`,
/// `propagate`. Returns the nodes of the counted run.
fn assert_no_allocation(name: &str, model: &Model, options: SearchOptions, limit: u64) -> u64 {
    let mut solver = Solver::with_options(model, options);
    let first = solver.count(Some(limit));
    let (again, count) = fewest(GLOBAL, || solver.count(Some(limit)));
    assert_eq!(first, again, "{name}");
    let nodes = solver.stats().nodes;
    let (outcome, solve) = fewest(GLOBAL, || solver.solve());
    let (unique, uniqueness) = fewest(GLOBAL, || solver.uniqueness());
    let (root, propagate) = fewest(GLOBAL, || solver.propagate().is_ok());
    assert!(root, "{name}");
    let returned = usize::from(outcome.solution().is_some());
    let kept = match &unique {
        Uniqueness::Unique(_) => 1,
        Uniqueness::Multiple(..) => 2,
        _ => 0,
    };
    println!(
        "{name:<44} nodes {nodes:>7} count {count} solve {solve} uniq {uniqueness} prop {propagate}"
    );
    assert_eq!(count, 0, "{name}: count() allocated");
    assert_eq!(propagate, 0, "{name}: propagate() allocated");
    assert_eq!(
        solve, returned,
        "{name}: solve() allocated more than its solution"
    );
    assert_eq!(
        uniqueness, kept,
        "{name}: uniqueness() allocated more than its solutions"
    );
    nodes
}

fn magic_square(n: usize, strength: LinearStrength) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(n * n, 1..=(n * n) as Value).unwrap();
    let magic = (n * (n * n + 1) / 2) as i64;
    model.all_different(&cells).unwrap();
    let mut lines: Vec<Vec<VarId>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|j| cells[i * n + j]).collect());
        lines.push((0..n).map(|j| cells[j * n + i]).collect());
    }
    lines.push((0..n).map(|i| cells[i * n + i]).collect());
    lines.push((0..n).map(|i| cells[i * n + n - 1 - i]).collect());
    for line in lines {
        let terms: Vec<(i64, VarId)> = line.iter().map(|&x| (1, x)).collect();
        model
            .linear_with(&terms, RelOp::Eq, magic, strength)
            .unwrap();
    }
    model
}

/// Wikipedia's Killer Sudoku (Toon Spin, public domain).
const KILLER_CAGES: &str = "
    aabbbcdef gghhccdef ggiicjkkf lmminjkof lppqnjoor
    sptqnuvvr sttqwuuxx syzwwAAxx syzwBBBCC";
const KILLER_SUMS: [i64; 29] = [
    3, 15, 22, 4, 16, 15, 25, 17, 9, 8, 20, 6, 14, 17, 17, 13, 20, 12, 27, 6, 20, 6, 10, 14, 8, 16,
    15, 13, 17,
];

fn killer() -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 9, 9, 1..=9).unwrap();
    for group in grid.lines().chain(grid.boxes(3, 3).unwrap()) {
        model.all_different(&group).unwrap();
    }
    let labels = "abcdefghijklmnopqrstuvwxyzABC";
    for (label, cells) in grid.regions_from_map(KILLER_CAGES).unwrap() {
        let k = labels.find(label).unwrap();
        model.all_different_sum(&cells, KILLER_SUMS[k]).unwrap();
    }
    model
}

/// Wikipedia's 6 x 6 KenKen.
fn kenken() -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 6, 6, 1..=6).unwrap();
    for line in grid.lines() {
        model.all_different(&line).unwrap();
    }
    let map = "abbcdd aeecfd gghhfd ggijkk llijjm nnnoom";
    let cages = grid.regions_from_map(map).unwrap();
    let cell = |l: char| cages.iter().find(|(c, _)| *c == l).unwrap().1.clone();
    let sum = LinearStrength::Domain;
    let terms = |cells: Vec<VarId>| cells.iter().map(|&x| (1, x)).collect::<Vec<_>>();
    model
        .linear_with(&terms(cell('a')), RelOp::Eq, 11, sum)
        .unwrap();
    model.quotient(cell('b')[0], cell('b')[1], 2).unwrap();
    model.product(&cell('c'), 20).unwrap();
    model.product(&cell('d'), 6).unwrap();
    model.difference(cell('e')[0], cell('e')[1], 3).unwrap();
    model.quotient(cell('f')[0], cell('f')[1], 3).unwrap();
    model.product(&cell('g'), 240).unwrap();
    model.product(&cell('h'), 6).unwrap();
    model.product(&cell('i'), 6).unwrap();
    model
        .linear_with(&terms(cell('j')), RelOp::Eq, 7, sum)
        .unwrap();
    model.product(&cell('k'), 30).unwrap();
    model.product(&cell('l'), 6).unwrap();
    model
        .linear_with(&terms(cell('m')), RelOp::Eq, 9, sum)
        .unwrap();
    model
        .linear_with(&terms(cell('n')), RelOp::Eq, 8, sum)
        .unwrap();
    model.quotient(cell('o')[0], cell('o')[1], 2).unwrap();
    model
}

/// The fallbacks and the other linear forms.
fn fallbacks() -> Model {
    let mut model = Model::new();
    let wide = model
        .new_vars(3, [-100, -50, 0, 3, 50, 64, 100, 130])
        .unwrap();
    let more = model.new_vars(2, 0..=70).unwrap();
    let mut scope = wide.clone();
    scope.extend(&more);
    model.all_different_sum(&scope, 150).unwrap(); // > 64 values: fallback
    let factors = model.new_vars(6, 1..=50_000).unwrap();
    // 2^4 3^2 5 7 11 13 17 19 has 960 divisors: too many partial products.
    let c = model.product(&factors, 232_792_560).unwrap();
    assert!(format!("{:?}", model.constraint(c).unwrap()).contains("Fallback"));
    model
        .linear(&[(2, wide[0]), (-3, more[0])], RelOp::Ne, 7)
        .unwrap();
    model
        .linear(&[(1, more[1]), (5, factors[0])], RelOp::Le, 300)
        .unwrap();
    model
}

#[test]
fn arithmetic_search_allocates_nothing_after_setup() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1, "the counter sees allocations");

    for strength in LinearStrength::ALL {
        for order in [VariableOrder::MrvDegree, VariableOrder::DomWdeg] {
            let options = SearchOptions::default().with_variable_order(order.clone());
            let name = format!("magic 4x4 {strength:?} {order:?}");
            let nodes = assert_no_allocation(&name, &magic_square(4, strength), options, 40);
            assert!(nodes > 0);
        }
    }
    assert_no_allocation(
        "magic 3x3",
        &magic_square(3, LinearStrength::Bounds),
        SearchOptions::default(),
        100,
    );
    assert_no_allocation("killer (wikipedia)", &killer(), SearchOptions::default(), 2);
    assert_no_allocation("kenken (wikipedia)", &kenken(), SearchOptions::default(), 2);
    let nodes = assert_no_allocation("fallbacks", &fallbacks(), SearchOptions::default(), 20);
    assert!(nodes > 0);
}
