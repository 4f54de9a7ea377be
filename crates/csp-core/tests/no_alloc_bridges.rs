//! No heap allocation per search node for `EdgeConnected` (Hashi's
//! bridges), with and without degrees: it searches without allocating
//! once the solver has run once. Same technique as `tests/no_alloc.rs` (a
//! counting global allocator, one test per binary). Run with
//! `--nocapture` for the figures.

use csp_core::graph::Graph;
use csp_core::{Model, SearchOptions, Solver, Value, VariableOrder};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Islands on every point of an `n x n` lattice, bridges `0..=2` between
/// neighbours; with `degrees`, each island's number is planted from a
/// connected pattern of bridges (a snake through all the islands plus
/// pseudo-random others), so the model has solutions and search has work.
fn lattice(n: usize, degrees: bool) -> Model {
    let g = Graph::grid(n, n).unwrap();
    let mut m = Model::new();
    let x = m.new_vars(g.num_edges(), 0..=2).unwrap();
    if !degrees {
        m.edge_connected(&x, &g).unwrap();
        return m;
    }
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut d = vec![0 as Value; n * n];
    for (a, b) in g.edges() {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        // The snake: every horizontal edge, and the vertical ones at the
        // row ends it turns at.
        let snake = ra == rb || (ca == cb && ca == if ra % 2 == 0 { n - 1 } else { 0 });
        let extra = (seed >> 33) % 3;
        let value = if snake { 1 + extra % 2 } else { extra % 2 } as Value;
        d[a] += value;
        d[b] += value;
    }
    m.edge_connected_with_degrees(&x, &g, &d).unwrap();
    m
}

#[test]
fn bridges_search_without_allocating() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");
    let cases = [
        ("edge connected 5x5", lattice(5, false)),
        ("edge connected with degrees 6x6", lattice(6, true)),
        ("edge connected with degrees 9x9", lattice(9, true)),
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
                "{name:<34} {order:?}: {} solutions, {decisions} decisions; count {count} solve {solve} \
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
