//! Classic counting problems, every solution, against the same models in
//! Gecode 6.2 (`benches/peers/gecode_counting.cpp`; both are run side by
//! side by `benches/peers/compare_counting.sh`).
//!
//! Run with `cargo bench --bench counting` (optionally `-- FILTER` to run
//! only the rows whose name contains FILTER). Each row counts every
//! solution of one model (no symmetry breaking) with csp-core's catalogue
//! only, and prints the count, the decisions, the search-tree nodes, the
//! failures and the best of `GRIDCSP_REPEAT` runs (default 3) in
//! milliseconds, the model build included. The models, in both files:
//!
//! - `queens n` (n = 10..13): a queen per row, `q_i` over `0..n`; three
//!   AllDifferent: `q`, `q_i + i` and `q_i - i`
//!   ([`Model::all_different_offset`], no auxiliary variable; Gecode's
//!   `distinct(c, x)`). Branching on the queens.
//! - `latin 5`: a 5x5 grid over `1..=5`, AllDifferent per row and column.
//! - `magic 4`: a 4x4 grid over `1..=16`, one AllDifferent, rows, columns
//!   and both diagonals summing to 34 ([`Model::sum_eq`], bounds).
//! - `langford n` (n = 11, 12): L(2, n), positions `f_k` over `0..2n-k-1`
//!   of the first copy of `k` and `s_k = f_k + k + 1`, all `2n` positions
//!   different. Branching on the first copies.
//! - `all-interval n` (n = 10..12): a series `x` over `0..n`, all
//!   different, and its differences `d_i = |x_{i+1} - x_i|` over `1..n`,
//!   all different, each `(x_{i+1}, x_i, d_i)` a positive table
//!   ([`Model::table`], domain consistent; Gecode's `extensional`).
//!   Branching on the series.
//!
//! Our settings: csp-core's default AllDifferent strength (hidden singles)
//! and MRV with degree tie-break, values in increasing order; the failure
//! weighted order (`GRIDCSP_ORDER=wdeg`) is there to compare.

use gridcsp::csp_core::{Grid, Model, RelOp, SearchOptions, Solver, Value, VarId, VariableOrder};
use std::time::{Duration, Instant};

/// n-queens over offsets; the queens.
fn queens(n: usize) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as Value).expect("domain");
    model.all_different(&q).expect("distinct");
    let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
    model.all_different_offset(&down).expect("distinct");
    model.all_different_offset(&up).expect("distinct");
    (model, q)
}

/// Latin squares of order n; the cells.
fn latin(n: usize) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, n, n, 1..=n as Value).expect("grid");
    for line in grid.lines().collect::<Vec<_>>() {
        model.all_different(&line).expect("distinct");
    }
    (model, grid.cells().to_vec())
}

/// Magic squares of order 4; the cells.
fn magic() -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, 4, 4, 1..=16).expect("grid");
    model.all_different(grid.cells()).expect("distinct");
    let mut lines: Vec<Vec<VarId>> = grid.lines().collect();
    lines.push(grid.diagonal());
    lines.push(grid.anti_diagonal());
    for l in &lines {
        model.sum_eq(l, 34).expect("line");
    }
    (model, grid.cells().to_vec())
}

/// Langford pairings L(2, n); the first copies.
fn langford(n: usize) -> (Model, Vec<VarId>) {
    let len = 2 * n as Value;
    let mut model = Model::new();
    let mut firsts = Vec::with_capacity(n);
    let mut all = Vec::with_capacity(2 * n);
    for k in 1..=n as Value {
        let f = model.new_var(0..len - k - 1).expect("domain");
        let s = model.new_var(k + 1..len).expect("domain");
        model.relation(f, RelOp::Eq, s, k + 1).expect("relation");
        firsts.push(f);
        all.extend([f, s]);
    }
    model.all_different(&all).expect("distinct");
    (model, firsts)
}

/// All-interval series of length n; the series.
fn all_interval(n: usize) -> (Model, Vec<VarId>) {
    let top = n as Value;
    let mut model = Model::new();
    let xs = model.new_vars(n, 0..top).expect("domain");
    let ds = model.new_vars(n - 1, 1..top).expect("domain");
    model.all_different(&xs).expect("distinct");
    model.all_different(&ds).expect("distinct");
    let tuples: Vec<[Value; 3]> = (0..top)
        .flat_map(|a| {
            (0..top)
                .filter(move |&b| b != a)
                .map(move |b| [a, b, (a - b).abs()])
        })
        .collect();
    for i in 0..n - 1 {
        model
            .table(&[xs[i + 1], xs[i], ds[i]], &tuples)
            .expect("table");
    }
    (model, xs)
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let repeat = std::env::var("GRIDCSP_REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3usize)
        .max(1);
    let order = match std::env::var("GRIDCSP_ORDER").as_deref() {
        Ok("wdeg") => VariableOrder::DomWdeg,
        _ => VariableOrder::MrvDegree,
    };
    type Build = Box<dyn Fn() -> (Model, Vec<VarId>)>;
    let mut rows: Vec<(String, Build)> = Vec::new();
    for n in 10..=13 {
        rows.push((format!("queens {n}"), Box::new(move || queens(n))));
    }
    rows.push(("latin 5".into(), Box::new(|| latin(5))));
    rows.push(("magic 4".into(), Box::new(magic)));
    for n in [11, 12] {
        rows.push((format!("langford {n}"), Box::new(move || langford(n))));
    }
    for n in 10..=12 {
        rows.push((
            format!("all-interval {n}"),
            Box::new(move || all_interval(n)),
        ));
    }
    println!("variable order: {order:?}");
    println!(
        "{:<18} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "model", "solutions", "decisions", "nodes", "failures", "best ms"
    );
    for (name, build) in rows {
        if !name.contains(&filter) {
            continue;
        }
        let mut best = Duration::MAX;
        let mut result = None;
        for _ in 0..repeat {
            let start = Instant::now();
            let (model, branch) = build();
            let options = SearchOptions::default()
                .with_variable_order(order.clone())
                .with_decision_vars(&branch);
            let mut solver = Solver::with_options(&model, options);
            let count = solver.count(None);
            best = best.min(start.elapsed());
            assert!(count.status.is_complete(), "{name}: the count is exact");
            result = Some((count.count, solver.stats()));
        }
        let (count, stats) = result.expect("at least one run");
        println!(
            "{name:<18} {count:>10} {:>10} {:>10} {:>10} {:>10.1}",
            stats.decisions,
            stats.nodes,
            stats.failures,
            best.as_secs_f64() * 1e3
        );
    }
}
