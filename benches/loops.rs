//! Release-mode throughput of the connectivity families (Hitori,
//! Slitherlink, Masyu) on fixed files of Tatham-generated puzzles: the
//! gridcsp side of `benches/peers/cpsat_loops.py`.
//!
//! The puzzles live in `benches/data/loops/<family>_<size>_<level>.txt`,
//! one Tatham game ID per line (`#` lines are comments), made by his own
//! generators for Singles, Loopy (square grid) and Pearl at every
//! difficulty his programs offer; `benches/data/loops/README.md` says how.
//!
//! For each puzzle, single-threaded: the ID is parsed (untimed), then
//! timed together the model is built, the solution found and proven unique
//! (`AnyPuzzle::uniqueness`), and after the clock stops the answer is
//! checked against the rules by the family's checker. One row per file:
//! puzzles, puzzles per second, mean and worst microseconds per puzzle,
//! and mean search decisions. A puzzle that is not unique, or whose answer
//! breaks a rule, stops the bench with an error. The target is no
//! puzzle over 100 ms; the last line names the slowest puzzle.
//!
//! `cargo bench --bench loops [FILTER]` (only files whose name contains
//! FILTER); `LOOPS_ROUNDS=N` solves each puzzle N times and keeps its
//! fastest time (default 3, as the CP-SAT script).

use gridcsp::puzzles::{AnyFamily, Limits, Unique, family};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/loops");

/// The records of a file: its non-empty, non-comment lines.
fn records(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// One puzzle's fastest time and its decisions.
fn run(f: &dyn AnyFamily, record: &str, rounds: u32) -> (Duration, u64) {
    let puzzle = f.load(record).unwrap_or_else(|e| panic!("{e}\n{record}"));
    let mut best = Duration::MAX;
    let mut decisions = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let (outcome, stats) = puzzle.uniqueness(&Limits::default());
        let elapsed = start.elapsed();
        match outcome {
            Unique::Unique(s) => {
                let broken = puzzle
                    .check_solution(&s)
                    .unwrap_or_else(|e| panic!("unreadable answer: {e}\n{s}"));
                assert!(broken.is_empty(), "a wrong answer: {broken:?}\n{record}");
            }
            other => panic!("expected one solution, got {other:?}\n{record}"),
        }
        best = best.min(elapsed);
        decisions = stats.decisions;
    }
    (best, decisions)
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rounds: u32 = std::env::var("LOOPS_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    let mut files: Vec<PathBuf> = std::fs::read_dir(DATA)
        .unwrap_or_else(|e| panic!("{DATA}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            filter.is_empty()
                || filter
                    .iter()
                    .any(|f| name.as_ref().is_some_and(|n| n.contains(f)))
        })
        .collect();
    files.sort();
    println!(
        "| {:<26} | {:>7} | {:>9} | {:>9} | {:>9} | {:>9} |",
        "file", "puzzles", "puzzles/s", "mean µs", "worst µs", "mean dec."
    );
    println!(
        "|{:-<28}|{:->9}|{:->11}|{:->11}|{:->11}|{:->11}|",
        "", "", "", "", "", ""
    );
    let mut slowest = (Duration::ZERO, String::new());
    for path in files {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = stem.split('_').next().unwrap_or_default();
        let Some(f) = family(name) else {
            eprintln!("{}: no family {name}, skipped", path.display());
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let records = records(&text);
        if records.is_empty() {
            continue;
        }
        let (mut total, mut worst, mut decisions) = (Duration::ZERO, Duration::ZERO, 0);
        for r in &records {
            let (t, d) = run(f, r, rounds);
            total += t;
            worst = worst.max(t);
            decisions += d;
            if t > slowest.0 {
                slowest = (t, format!("{stem}: {r}"));
            }
        }
        let n = records.len() as f64;
        println!(
            "| {:<26} | {:>7} | {:>9.0} | {:>9.1} | {:>9.1} | {:>9.1} |",
            stem,
            records.len(),
            n / total.as_secs_f64(),
            total.as_secs_f64() * 1e6 / n,
            worst.as_secs_f64() * 1e6,
            decisions as f64 / n,
        );
    }
    println!(
        "slowest: {:.1} ms, {}",
        slowest.0.as_secs_f64() * 1e3,
        slowest.1
    );
}
