//! No heap allocation per search node for `ItemCover` (placements of pieces):
//! a domino tiling and a Magnets-like board of polarised dominoes search
//! without allocating once the solver has run once, at every strength.
//! Same technique as `tests/no_alloc.rs` (a counting global allocator, one
//! test per binary). Run with `--nocapture` for the figures.

use csp_core::{
    CoverItem, CoverStrength, Literal, Model, SearchOptions, Solver, VarId, VariableOrder,
};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Domino tilings of a 6 x 6 board (6,728 of them).
fn tilings(strength: CoverStrength) -> Model {
    let (rows, cols) = (6, 6);
    let mut cells = vec![Vec::new(); rows * cols];
    let mut np = 0;
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if c + 1 < cols {
                cells[i].push(np);
                cells[i + 1].push(np);
                np += 1;
            }
            if r + 1 < rows {
                cells[i].push(np);
                cells[i + cols].push(np);
                np += 1;
            }
        }
    }
    let mut m = Model::new();
    let x = m.new_bools(np).unwrap();
    let items: Vec<CoverItem> = cells
        .into_iter()
        .map(|c| CoverItem::exactly(c, 1))
        .collect();
    m.cover_with(&x, &items, strength).unwrap();
    m
}

/// A 4 x 4 board of eight horizontal dominoes, each blank (0), `+ -` (1)
/// or `- +` (2), with two `+` and two `-` in every row and column and no
/// two like poles side by side vertically (left to the search).
fn magnets(strength: CoverStrength) -> Model {
    let mut m = Model::new();
    let d: Vec<VarId> = m.new_vars(8, 0..=2).unwrap();
    // Cell (r, c) is domino 2r + c/2, its left cell when c is even.
    let pole = |r: usize, c: usize, plus: bool| {
        let dom = d[2 * r + c / 2];
        let left = c % 2 == 0;
        Literal::eq(dom, if left == plus { 1 } else { 2 })
    };
    let mut lits = Vec::new();
    let mut items = Vec::new();
    for plus in [true, false] {
        for r in 0..4 {
            let start = lits.len();
            lits.extend((0..4).map(|c| pole(r, c, plus)));
            items.push(CoverItem::exactly(
                (start..lits.len()).collect::<Vec<_>>(),
                2,
            ));
        }
        for c in 0..4 {
            let start = lits.len();
            lits.extend((0..4).map(|r| pole(r, c, plus)));
            items.push(CoverItem::between(
                (start..lits.len()).collect::<Vec<_>>(),
                1,
                2,
            ));
        }
    }
    m.cover_with(&lits, &items, strength).unwrap();
    m
}

#[test]
fn cover_searches_without_allocating() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");
    for strength in CoverStrength::ALL {
        let cases = [
            ("tilings 6x6", tilings(strength)),
            ("magnets 4x4", magnets(strength)),
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
                    "{name:<14} {strength:?} {order:?}: {} solutions, {decisions} decisions; \
                     count {count} solve {solve} ({returned} returned) propagate {propagate}",
                    first.count
                );
                assert!(root, "{name}: root propagation fails");
                assert!(first.count > 0, "{name}: has solutions");
                assert_eq!(count, 0, "{name} {strength:?}: count() allocated");
                assert_eq!(
                    solve, returned,
                    "{name} {strength:?}: solve() allocated beyond its solution"
                );
                assert_eq!(propagate, 0, "{name} {strength:?}: propagate() allocated");
            }
        }
    }
}
