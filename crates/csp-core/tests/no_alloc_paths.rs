//! No heap allocation per search node for `Model::paths` (Numberlink's
//! paths): it searches without allocating once the solver has run once.
//! Same technique as `tests/no_alloc.rs` (a counting global allocator, one
//! test per binary). Run with `--nocapture` for the figures.

use csp_core::graph::Graph;
use csp_core::{Model, SearchOptions, Solver, Value, VariableOrder};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// An `n x n` grid whose top half rows are pairs (first and last cell of
/// each row, so the rows themselves are a solution), the bottom half free
/// for detours; optionally covering every cell.
fn rows(n: usize, cover: bool) -> Model {
    let g = Graph::grid(n, n).unwrap();
    let mut m = Model::new();
    let edges = m.new_bools(g.num_edges()).unwrap();
    let labels = m.new_vars(n * n, 0..=n as Value).unwrap();
    let pairs: Vec<(usize, usize)> = (0..n / 2).map(|r| (r * n, r * n + n - 1)).collect();
    m.paths(&g, &edges, &labels, &pairs, cover).unwrap();
    m
}

#[test]
fn paths_search_without_allocating() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");
    let cases = [
        ("paths 5x5", rows(5, false)),
        ("paths covering 6x6", rows(6, true)),
    ];
    for (name, model) in &cases {
        for order in [VariableOrder::MrvDegree, VariableOrder::DomWdeg] {
            let options = SearchOptions::default()
                .with_variable_order(order.clone())
                .with_node_limit(2000);
            let mut solver = Solver::with_options(model, options);
            let first = solver.count(Some(50));
            let (again, count) = fewest(GLOBAL, || solver.count(Some(50)));
            assert_eq!(first, again, "{name}: the same count twice");
            let decisions = solver.stats().decisions;
            assert!(decisions > 0, "{name}: searched");
            let (outcome, solve) = fewest(GLOBAL, || solver.solve());
            let returned = usize::from(outcome.solution().is_some());
            let (root, propagate) = fewest(GLOBAL, || solver.propagate().is_ok());
            println!(
                "{name:<20} {order:?}: {} solutions, {decisions} decisions; count {count} solve {solve} \
                 ({returned} returned) propagate {propagate}",
                first.count
            );
            assert!(root, "{name}: root propagation fails");
            assert_eq!(count, 0, "{name}: count() allocated");
            assert_eq!(
                solve, returned,
                "{name}: solve() allocated beyond its solution"
            );
            assert_eq!(propagate, 0, "{name}: propagate() allocated");
        }
    }
}
