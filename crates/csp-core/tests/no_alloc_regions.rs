//! No heap allocation per search node for the region and distance
//! constraints: `RegionSize`, `Islands` (with its `Connected`),
//! `SightCount`, `EqualApart`, `AbsDiff` and `Placement` search without allocating
//! once the solver has run once. Same technique as `tests/no_alloc.rs` (a
//! counting global allocator, one test per binary). Run with `--nocapture`
//! for the figures.

use csp_core::constraints::islands::ANY_SIZE;
use csp_core::graph::Graph;
use csp_core::{Model, RelOp, SearchOptions, Solver, VariableOrder};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// A 5 x 5 Fillomino-like grid with a few givens.
fn filling() -> Model {
    let mut m = Model::new();
    let cells = m.new_vars(25, 1..=5).unwrap();
    m.region_size(&cells, &Graph::grid(5, 5).unwrap()).unwrap();
    for (i, v) in [(0, 3), (6, 2), (12, 4), (18, 1), (24, 5)] {
        m.fix(cells[i], v).unwrap();
    }
    m
}

/// A 6 x 6 Nurikabe-like grid with a few clues, one of unknown size (no
/// 2 x 2 rule).
fn nurikabe() -> Model {
    let mut m = Model::new();
    let cells = m.new_vars(36, 0..=1).unwrap();
    m.islands(
        &cells,
        &Graph::grid(6, 6).unwrap(),
        &[(0, 3), (10, 2), (21, 4), (28, ANY_SIZE), (33, 1)],
    )
    .unwrap();
    m
}

/// A 5 x 5 grid of digits 1..=4, rows and columns spaced, neighbours
/// at least 1 apart across the rows, each cell seen from a corner clue.
fn ripple_and_sight() -> Model {
    let mut m = Model::new();
    let n = 5;
    let digits = m.new_vars(n * n, 1..=4).unwrap();
    for i in 0..n {
        let row: Vec<_> = (0..n).map(|c| digits[i * n + c]).collect();
        let col: Vec<_> = (0..n).map(|r| digits[r * n + i]).collect();
        m.equal_values_apart(&row).unwrap();
        m.equal_values_apart(&col).unwrap();
    }
    for r in 0..n - 1 {
        m.abs_diff(digits[r * n], digits[(r + 1) * n], RelOp::Ge, 1)
            .unwrap();
        m.abs_diff(digits[r * n + 1], digits[(r + 1) * n + 1], RelOp::Le, 2)
            .unwrap();
    }
    let open = m.new_vars(8, 0..=1).unwrap();
    m.sight_count(&[open[..4].to_vec(), open[4..].to_vec()], 5)
        .unwrap();
    m
}

/// A 6 x 6 Shikaku-like grid (rectangles by `Model::placement`) and a
/// row of tagged dominoes placed at most once each.
fn placement() -> Model {
    use csp_core::constraints::placement::{Cover, Piece, polyominoes, rectangles};
    let mut m = Model::new();
    let cells = m.new_vars(36, 0..=7).unwrap();
    let clues = [
        (0, 6),
        (4, 4),
        (11, 2),
        (14, 6),
        (21, 4),
        (24, 6),
        (29, 4),
        (35, 4),
    ];
    let pieces: Vec<Piece> = clues
        .iter()
        .enumerate()
        .map(|(p, &(c, area))| Piece::new(p as i32, rectangles(6, 6, c / 6, c % 6, area)))
        .collect();
    m.placement(&cells, &pieces, Cover::Exactly).unwrap();
    let row = m.new_vars(12, 0..=3).unwrap();
    let all: Vec<usize> = (0..12).collect();
    let pieces: Vec<Piece> = (1..=3)
        .map(|v| {
            let places = polyominoes(
                1,
                12,
                &all[(v as usize - 1) * 4..(v as usize * 4 + 1).min(12)],
                2,
            );
            let tags = places.iter().map(|p| (p[0] % 2) as i32).collect();
            let tag = m.new_var(0..=1).unwrap();
            Piece::new(v, places).with_tag(tag, tags)
        })
        .collect();
    m.placement(&row, &pieces, Cover::AtMost { empty: 0 })
        .unwrap();
    m
}

#[test]
fn region_constraints_search_without_allocating() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");
    let cases = [
        ("region size 5x5", filling()),
        ("islands 6x6", nurikabe()),
        ("spaced, distances, sight", ripple_and_sight()),
        ("placement", placement()),
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
                "{name:<26} {order:?}: {} solutions, {decisions} decisions; count {count} solve {solve} \
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
