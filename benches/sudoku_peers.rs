//! gridcsp against the crates.io `sudoku` crate, one thread, in one run.
//!
//! Run with `cargo bench --bench sudoku_peers` (optionally `-- FILTER` to run
//! only the files whose name contains FILTER; `GRIDCSP_LIMIT=N` caps the
//! puzzles read per file). For each of top1465, forum_hardest_1106,
//! kaggle_20k and 17_clue in `../shared/datasets/sudoku/` (a missing file is
//! skipped with a message) it times, on the same puzzles:
//!
//! - **gridcsp, CLI path**: what `gridcsp sudoku solve --threads 1` does per
//!   record: parse the line with [`Board::parse`], solve it with the one
//!   [`SudokuSolver`](gridcsp::sudoku::SudokuSolver) kept for the whole run
//!   (the givens reach csp-core as assumptions), and write the answer line
//!   with [`Board::to_line`] into an output buffer;
//! - **the `sudoku` crate** (emerentius/sudoku 0.8, a dev-dependency renamed
//!   `sudoku_crate`), first-solution mode: `Sudoku::from_str_line` and
//!   `some_solution`, the answer written with `to_bytes` into a buffer.
//!
//! Each side is run twice over the file, alternating (gridcsp, crate,
//! gridcsp, crate), and the faster run of each is kept, so that a burst of
//! load on the shared machine hits both sides alike. Every answer of both
//! sides is verified independently (rules and givens). It prints puzzles per
//! second of each and the ratio (crate / gridcsp: how many times faster the
//! crate is). `benches/peers/sudoku_cli.sh` times the real CLI binary on
//! the same files.

use gridcsp::sudoku::{Board, Outcome, Shape, SudokuModel, Variant};
use std::path::PathBuf;
use std::time::Instant;
use sudoku_crate::Sudoku;

const FILES: [&str; 4] = [
    "top1465.txt",
    "forum_hardest_1106.txt",
    "kaggle_20k.txt",
    "17_clue.txt",
];

/// The puzzle lines of a file: 81 characters of `1-9`, `.` or `0`.
fn puzzle_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() == 81 && l.bytes().all(|b| matches!(b, b'.' | b'0' | b'1'..=b'9')))
        .collect()
}

/// Whether `answer` (81 digit characters) solves the puzzle `line`.
fn valid(line: &str, answer: &[u8]) -> bool {
    if answer.len() != 81 {
        return false;
    }
    let grid: Vec<u8> = answer.iter().map(|b| b.wrapping_sub(b'0')).collect();
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
    }) && line
        .bytes()
        .zip(answer)
        .all(|(p, &g)| matches!(p, b'.' | b'0') || p == g)
}

/// Answers of one run: the output text, one line per puzzle.
struct Run {
    secs: f64,
    out: Vec<u8>,
}

fn run_gridcsp(model: &SudokuModel, lines: &[&str]) -> Run {
    let mut solver = model.solver();
    let mut out = Vec::with_capacity(lines.len() * 82);
    let start = Instant::now();
    for line in lines {
        match Board::parse(line).map(|b| solver.solve(&b)) {
            Ok(Ok(Outcome::Solved(s))) => out.extend_from_slice(s.to_line().as_bytes()),
            _ => out.extend_from_slice(b"unsolvable"),
        }
        out.push(b'\n');
    }
    Run {
        secs: start.elapsed().as_secs_f64(),
        out,
    }
}

fn run_crate(lines: &[&str]) -> Run {
    let mut out = Vec::with_capacity(lines.len() * 82);
    let start = Instant::now();
    for line in lines {
        match Sudoku::from_str_line(line)
            .ok()
            .and_then(Sudoku::some_solution)
        {
            Some(s) => out.extend(s.to_bytes().iter().map(|d| b'0' + d)),
            None => out.extend_from_slice(b"unsolvable"),
        }
        out.push(b'\n');
    }
    Run {
        secs: start.elapsed().as_secs_f64(),
        out,
    }
}

/// How many answers of a run solve their puzzles.
fn verified(lines: &[&str], run: &Run) -> usize {
    lines
        .iter()
        .zip(run.out.split(|&b| b == b'\n'))
        .filter(|(l, a)| valid(l, a))
        .count()
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let limit: usize = std::env::var("GRIDCSP_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets/sudoku");
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).expect("the classic model");

    println!(
        "{:<24} {:>8} {:>14} {:>14} {:>8} {:>9}",
        "file", "puzzles", "gridcsp/s", "sudoku crate/s", "ratio", "verified"
    );
    for name in FILES {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            println!("{name:<24} (missing, skipped)");
            continue;
        };
        let mut lines = puzzle_lines(&text);
        lines.truncate(limit);
        let n = lines.len().max(1) as f64;
        let (mut ours, mut theirs) = (f64::INFINITY, f64::INFINITY);
        let mut ok = true;
        for _ in 0..2 {
            let a = run_gridcsp(&model, &lines);
            let b = run_crate(&lines);
            ok &= verified(&lines, &a) == lines.len() && verified(&lines, &b) == lines.len();
            ours = ours.min(a.secs);
            theirs = theirs.min(b.secs);
        }
        println!(
            "{:<24} {:>8} {:>14.0} {:>14.0} {:>7.2}x {:>9}",
            name.trim_end_matches(".txt"),
            lines.len(),
            n / ours,
            n / theirs,
            ours / theirs,
            if ok { "all" } else { "NO" }
        );
    }
}
