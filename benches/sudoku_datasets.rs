//! Release-mode throughput over the shared Sudoku datasets.
//!
//! Run with `cargo bench --bench sudoku_datasets` (optionally followed by
//! `-- FILTER` to run only files whose name contains FILTER). For every file
//! in `../shared/datasets/sudoku/` it solves each puzzle once (first
//! solution, single thread, one solver reused for the whole file), verifies
//! every answer against the rules and the givens, and prints puzzles per
//! second, mean microseconds per puzzle, mean decisions and propagator
//! calls per puzzle, and how much resident memory grew while solving the file.
//!
//! `GRIDCSP_STRENGTH=fc|hs|dc` picks the AllDifferent strength (default: the
//! library default); `GRIDCSP_ORDER=mrv` switches the variable order from the
//! crate's default (dom/wdeg) to MRV with degree tie-break; `GRIDCSP_LIMIT=N` caps the puzzles read per file.
//!
//! It goes through the `sudoku` crate's public API: one
//! [`SudokuModel`](gridcsp::sudoku::SudokuModel) built once, one
//! [`SudokuSolver`](gridcsp::sudoku::SudokuSolver) reused for every puzzle
//! (the givens reach csp-core as assumptions). Answers are verified by the
//! independent check below, not by the crate.

use gridcsp::csp_core::{SearchOptions, VariableOrder};
use gridcsp::sudoku::{Board, Outcome, Shape, Strength, SudokuModel, Variant};
use std::path::PathBuf;
use std::time::Instant;

const FILES: [&str; 7] = [
    "kaggle_20k.txt",
    "17_clue.txt",
    "top1465.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "random_minimal_100k.txt",
    "serg_benchmark.txt",
];

fn parse(line: &str) -> Option<Vec<u8>> {
    let bytes = line.trim().as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    bytes
        .iter()
        .map(|&b| match b {
            b'.' | b'0' => Some(0),
            b'1'..=b'9' => Some(b - b'0'),
            _ => None,
        })
        .collect()
}

fn valid(puzzle: &[u8], grid: &[u8]) -> bool {
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u16;
        for i in cells {
            let v = grid[i];
            if !(1..=9).contains(&v) || seen & (1 << v) != 0 {
                return false;
            }
            seen |= 1 << v;
        }
        true
    };
    (0..9).all(|k| {
        unit_ok(&mut (0..9).map(|j| 9 * k + j))
            && unit_ok(&mut (0..9).map(|j| 9 * j + k))
            && unit_ok(&mut (0..9).map(|j| 9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3))
    }) && puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g)
}

/// Resident memory in KiB (Linux `/proc`), to show that solving a whole file
/// does not grow it; `None` elsewhere.
fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let strength = match std::env::var("GRIDCSP_STRENGTH").as_deref() {
        Ok("fc") => Strength::ForwardChecking,
        Ok("hs") => Strength::HiddenSingles,
        Ok("dc") => Strength::DomainConsistent,
        _ => Strength::default(),
    };
    let limit: usize = std::env::var("GRIDCSP_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets/sudoku");

    let variant = Variant::classic(Shape::CLASSIC);
    let model = match std::env::var("GRIDCSP_STRENGTH") {
        Ok(_) => SudokuModel::with_strength(variant, strength),
        Err(_) => SudokuModel::new(variant),
    }
    .expect("the classic model builds");
    let mut solver = model.solver();
    if std::env::var("GRIDCSP_ORDER").as_deref() == Ok("mrv") {
        solver.set_options(SearchOptions::default().with_variable_order(VariableOrder::MrvDegree));
    }
    println!("variable order: {:?}", solver.options().variable_order);

    println!("AllDifferent strength: {strength:?}");
    println!(
        "{:<32} {:>8} {:>12} {:>10} {:>10} {:>10} {:>9} {:>9}",
        "file", "puzzles", "puzzles/s", "mean us", "dec/pz", "props/pz", "verified", "RSS +KiB"
    );
    for name in FILES {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            println!("{name:<32} (missing, skipped)");
            continue;
        };
        let puzzles: Vec<Vec<u8>> = text.lines().filter_map(parse).take(limit).collect();
        let boards: Vec<Board> = puzzles
            .iter()
            .map(|p| Board::from_values(Shape::CLASSIC, p).expect("81 values of 0..=9"))
            .collect();
        let (mut ok, mut decisions, mut props) = (0usize, 0u64, 0u64);
        let rss_before = rss_kib();
        let start = Instant::now();
        for (p, board) in puzzles.iter().zip(&boards) {
            if let Ok(Outcome::Solved(s)) = solver.solve(board) {
                if valid(p, s.values()) {
                    ok += 1;
                }
            }
            decisions += solver.stats().decisions;
            props += solver.stats().propagations;
        }
        let secs = start.elapsed().as_secs_f64();
        let rss_growth = match (rss_before, rss_kib()) {
            (Some(a), Some(b)) => format!("{}", b.saturating_sub(a)),
            _ => "n/a".to_string(),
        };
        let n = puzzles.len().max(1) as f64;
        println!(
            "{:<32} {:>8} {:>12.0} {:>10.1} {:>10.1} {:>10.0} {:>9} {:>9}",
            name,
            puzzles.len(),
            n / secs,
            secs * 1e6 / n,
            decisions as f64 / n,
            props as f64 / n,
            if ok == puzzles.len() {
                "all".to_string()
            } else {
                format!("{ok}!")
            },
            rss_growth
        );
    }
}
