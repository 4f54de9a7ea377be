//! No heap allocation per search node for the connectivity constraints:
//! `Connected` (plain and non-empty), `SingleLoop` (with and without
//! vertex variables) and `Acyclic` (Slant's diagonals) search without
//! allocating once the solver has run once. Same technique as `tests/no_alloc.rs` (a counting global
//! allocator, one test per binary). Run with `--nocapture` for the figures.

use csp_core::constraints::LoopLattice;
use csp_core::graph::Graph;
use csp_core::{Literal, Model, RelOp, SearchOptions, Solver, VariableOrder};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// A Hitori-like shading of an `n x n` grid: the 1s (unshaded) are
/// connected, no two 0s touch, and exactly `ones` cells are 1.
fn shading(n: usize, ones: usize, non_empty: bool) -> Model {
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 0..=1).unwrap();
    let g = Graph::grid(n, n).unwrap();
    if non_empty {
        m.connected_non_empty(&cells, &g).unwrap();
    } else {
        m.connected(&cells, &g).unwrap();
    }
    for (a, b) in g.edges() {
        m.clause(&[Literal::eq(cells[a], 1), Literal::eq(cells[b], 1)])
            .unwrap();
    }
    m.exactly(&cells, 1, ones).unwrap();
    m
}

/// Loops round the cells of a `rows x cols` grid with a few cell counts
/// (a Slitherlink-like model), so that search has work to do.
fn loops_around(rows: usize, cols: usize) -> Model {
    let mut m = Model::new();
    let lattice = LoopLattice::around_cells(&mut m, rows, cols).unwrap();
    m.single_loop(lattice.edges(), lattice.graph()).unwrap();
    for r in 0..rows {
        for c in 0..cols {
            if (r * cols + c) % 3 == 0 {
                let edges = lattice.cell_edges(r, c).unwrap();
                m.exactly(&edges, 1, 1 + (r + c) % 3).unwrap();
            }
        }
    }
    m
}

/// Loops through the cells of an `n x n` grid with vertex variables,
/// some of them required (a Masyu-like model).
fn loops_through(n: usize) -> Model {
    let mut m = Model::new();
    let lattice = LoopLattice::through_cells(&mut m, n, n).unwrap();
    let on = m.new_vars(n * n, 0..=1).unwrap();
    m.single_loop_with_vertices(lattice.edges(), lattice.graph(), &on)
        .unwrap();
    for (i, &v) in on.iter().enumerate() {
        if i % 5 == 1 {
            m.fix(v, 1).unwrap();
        }
    }
    m
}

/// Slant on an `n x n` board: one variable per cell (`\\` at 1, `/` at
/// 0), the diagonals acyclic on the points, and a few point clues
/// counting the diagonals that touch them.
fn slant(n: usize) -> Model {
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 0..=1).unwrap();
    let point = |r: usize, c: usize| r * (n + 1) + c;
    let mut pairs = Vec::new();
    let mut lits = Vec::new();
    let mut touching = vec![Vec::new(); (n + 1) * (n + 1)];
    for r in 0..n {
        for c in 0..n {
            let x = cells[r * n + c];
            pairs.push((point(r, c), point(r + 1, c + 1)));
            lits.push(Literal::eq(x, 1));
            touching[point(r, c)].push(Literal::eq(x, 1));
            touching[point(r + 1, c + 1)].push(Literal::eq(x, 1));
            pairs.push((point(r, c + 1), point(r + 1, c)));
            lits.push(Literal::eq(x, 0));
            touching[point(r, c + 1)].push(Literal::eq(x, 0));
            touching[point(r + 1, c)].push(Literal::eq(x, 0));
        }
    }
    let g = Graph::new((n + 1) * (n + 1), &pairs).unwrap();
    m.acyclic_literals(&lits, &g).unwrap();
    for (p, t) in touching.iter().enumerate() {
        if p % 7 == 3 && t.len() == 4 {
            m.count_literals(t, RelOp::Eq, 2).unwrap();
        }
    }
    m
}

#[test]
fn connectivity_searches_without_allocating() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");
    let cases = [
        ("connected 6x6", shading(6, 26, false)),
        ("connected non-empty 7x7", shading(7, 36, true)),
        ("single loop around 5x5", loops_around(5, 5)),
        ("single loop around 4x7", loops_around(4, 7)),
        ("single loop through 6x6", loops_through(6)),
        ("acyclic slant 7x7", slant(7)),
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
                "{name:<28} {order:?}: {} solutions, {decisions} decisions; count {count} solve {solve} \
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
