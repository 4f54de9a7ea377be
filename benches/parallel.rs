//! Release-mode measurement of embarrassingly parallel search
//! (`csp_core::ParallelSolver`) on one instance: counting every 6x6
//! Sudoku grid (28,200,960) and every solution of 14-queens (365,596), at
//! 1 and 2 threads (or the thread counts in `GRIDCSP_THREADS`, comma
//! separated).
//!
//! Run with `cargo bench --bench parallel` (optionally followed by
//! `-- FILTER` to run only the rows whose name contains FILTER). Each row
//! prints the count, the statistics totals (which must be the same at
//! every thread count: the binary exits with an error if they differ), the
//! wall time and the speed-up over the first thread count, and a
//! sequential `Solver::count` for reference (its count must agree). The
//! machine's load average is printed first: the speed-up is only
//! meaningful on idle cores. `GRIDCSP_SUBPROBLEMS` sets the split target
//! (default `ParallelSolver::DEFAULT_SUBPROBLEMS`).

use gridcsp::csp_core::{Model, ParallelSolver, SearchOptions, Solver, Stats, Value};
use std::time::Instant;

/// Every 6x6 Sudoku grid: rows, columns and 2x3 boxes all different.
fn sudoku6() -> (Model, SearchOptions) {
    let mut model = Model::new();
    let cells = model.new_vars(36, 1..=6).expect("domain");
    for i in 0..6 {
        let row: Vec<_> = (0..6).map(|j| cells[6 * i + j]).collect();
        let col: Vec<_> = (0..6).map(|j| cells[6 * j + i]).collect();
        model.all_different(&row).expect("distinct");
        model.all_different(&col).expect("distinct");
    }
    for b in 0..6 {
        let (r0, c0) = (2 * (b / 2), 3 * (b % 2));
        let cells_of_box: Vec<_> = (0..6)
            .map(|k| cells[6 * (r0 + k / 3) + c0 + k % 3])
            .collect();
        model.all_different(&cells_of_box).expect("distinct");
    }
    (model, SearchOptions::default())
}

/// n-queens: all different queens and diagonals over offsets.
fn queens(n: usize) -> (Model, SearchOptions) {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as Value).expect("domain");
    model.all_different(&q).expect("distinct");
    let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
    model.all_different_offset(&down).expect("distinct");
    model.all_different_offset(&up).expect("distinct");
    (model, SearchOptions::default())
}

/// Builds one row's model.
type Build = fn() -> (Model, SearchOptions);

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let threads: Vec<usize> = std::env::var("GRIDCSP_THREADS")
        .ok()
        .map(|s| s.split(',').filter_map(|t| t.trim().parse().ok()).collect())
        .filter(|v: &Vec<usize>| !v.is_empty())
        .unwrap_or_else(|| vec![1, 2]);
    let target = std::env::var("GRIDCSP_SUBPROBLEMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(ParallelSolver::DEFAULT_SUBPROBLEMS);
    let rows: [(&str, Build, u64); 2] = [
        ("sudoku 6x6 grids", sudoku6, 28_200_960),
        ("queens 14", || queens(14), 365_596),
    ];
    println!("load average before: {}", load());
    println!("split target: {target} subproblems");
    let mut failed = false;
    for (name, build, expected) in rows {
        if !name.contains(&filter) {
            continue;
        }
        let (model, options) = build();
        let start = Instant::now();
        let sequential = Solver::with_options(&model, options.clone()).count(None);
        let seq_time = start.elapsed().as_secs_f64();
        println!(
            "{name}: sequential Solver::count {} in {:.3} s",
            sequential.count, seq_time
        );
        let mut first: Option<(Stats, f64)> = None;
        for &t in &threads {
            let mut solver = ParallelSolver::with_options(&model, options.clone())
                .with_threads(t)
                .with_subproblems(target);
            let start = Instant::now();
            let count = solver.count(None);
            let secs = start.elapsed().as_secs_f64();
            let stats = solver.stats();
            let (base_stats, base_secs) = *first.get_or_insert((stats, secs));
            let same = base_stats.without_time() == stats.without_time();
            println!(
                "{name}: {t} thread(s): {} solutions, {:.3} s, speed-up {:.2}x over {} thread(s), {:.2}x over sequential; stats {}{}",
                count.count,
                secs,
                base_secs / secs,
                threads[0],
                seq_time / secs,
                stats.without_time(),
                if same { "" } else { "  <-- STATS DIFFER" }
            );
            if count.count != expected || sequential.count != expected || !same {
                failed = true;
            }
        }
    }
    println!("load average after: {}", load());
    if failed {
        eprintln!("error: a count or the statistics differ");
        std::process::exit(1);
    }
}
