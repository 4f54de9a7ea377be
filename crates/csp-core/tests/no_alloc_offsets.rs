//! No heap allocation per search node for AllDifferent over shifted domains
//! and offset values: every path (the one-word frame with rotations, the
//! frame of several words, the numbering of scattered values) searches
//! without allocating once the solver has run once. Same technique as
//! `tests/no_alloc.rs` (a counting global allocator, one test per binary).

use csp_core::{Model, SearchOptions, Solver, Strength, Value};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// n-queens with the diagonals as offsets (`spread` multiplies the offsets,
/// pushing the scope's values apart: 1 is the usual board).
fn queens(n: usize, strength: Strength, spread: Value) -> Model {
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as Value).unwrap();
    m.all_different_with(&q, strength).unwrap();
    let down: Vec<_> = (0..n).map(|i| (q[i], spread * i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -spread * (i as Value))).collect();
    m.all_different_offset_with(&down, strength).unwrap();
    m.all_different_offset_with(&up, strength).unwrap();
    m
}

/// Narrow auxiliary diagonals `u_i = q_i + i` over exactly `i..i+n`.
fn narrow_queens(n: usize, strength: Strength) -> Model {
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as Value).unwrap();
    let mut up = Vec::new();
    for (i, &x) in q.iter().enumerate() {
        let i = i as Value;
        let u = m.new_var(i..i + n as Value).unwrap();
        m.relation(x, csp_core::RelOp::Eq, u, i).unwrap();
        up.push(u);
    }
    m.all_different_with(&q, strength).unwrap();
    m.all_different_with(&up, strength).unwrap();
    m
}

#[test]
fn offsets_and_shifted_domains_search_without_allocating() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");
    let mut cases = Vec::new();
    for strength in Strength::ALL {
        cases.push((
            format!("8-queens offsets {strength:?}"),
            queens(8, strength, 1),
        ));
        cases.push((
            format!("70-queens offsets {strength:?}"),
            queens(70, strength, 1),
        ));
        // Offsets 1,000 apart: too spread for a frame, values numbered.
        cases.push((
            format!("6-queens spread {strength:?}"),
            queens(6, strength, 1000),
        ));
        cases.push((
            format!("8-queens narrow {strength:?}"),
            narrow_queens(8, strength),
        ));
    }
    for (name, model) in &cases {
        let mut solver = Solver::with_options(model, SearchOptions::default().with_node_limit(500));
        let first = solver.count(Some(3));
        let (again, count) = fewest(GLOBAL, || solver.count(Some(3)));
        assert_eq!(first, again);
        assert!(solver.stats().decisions > 0, "{name}: searched");
        let (outcome, solve) = fewest(GLOBAL, || solver.solve());
        let returned = usize::from(outcome.solution().is_some());
        println!("{name:<40} count {count} solve {solve} ({returned} returned)");
        assert_eq!(count, 0, "{name}: count() allocated");
        assert_eq!(
            solve, returned,
            "{name}: solve() allocated beyond its solution"
        );
    }
}
