//! Release-mode throughput of the Skyscrapers family on files of puzzles.
//!
//! Reads every `benches/data/skyscrapers/*.txt` (Tatham Towers game IDs or
//! text-layout records; `#` lines are comments), and for each puzzle, single
//! threaded: parses it, builds the model, proves the solution unique
//! (`Family::uniqueness`, the path the CLI takes) and verifies the answer
//! with `Family::check`. Each puzzle runs `SKYSCRAPERS_BENCH_ROUNDS` times
//! (default 5) and its best wall-clock time counts. Prints per file: puzzles/s, mean
//! and worst µs, mean search nodes and decisions, and the grade counts on
//! the family's ladder.
//!
//! `cargo bench --bench skyscrapers [FILTER...]`: with filters, only the
//! files whose name contains one of them (`4e`, `7`). `SKYSCRAPERS_BENCH_GRADES=0` skips the
//! grading (the grades print as `-`), so a profile of the run (callgrind)
//! holds only the timed work.

#[path = "support/files.rs"]
#[allow(
    dead_code,
    reason = "each file bench uses its part of the shared support"
)]
mod support;

use gridcsp_puzzles::families::skyscrapers::Skyscrapers;
use gridcsp_puzzles::{Family, Limits, Unique};
use std::time::{Duration, Instant};

/// Times `f` by the wall clock. Not by the thread's CPU time: Linux gives
/// that through `/proc/thread-self/schedstat`, which some kernels update
/// only at scheduler ticks (every 4 ms here, so a 20 µs run reads as 0 or
/// 4,000 µs), and each read costs several microseconds, which landed inside
/// the timed interval and doubled the figures of the 4x4 classes. The best
/// of several runs (see `main`) filters out the runs other processes
/// interrupted.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// The puzzles of a file: one per line for game IDs, blank-line separated
/// blocks for the text layout.
fn records(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = String::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if line.trim().is_empty() {
            if !block.is_empty() {
                out.push(std::mem::take(&mut block));
            }
        } else if line.contains(':') {
            out.push(line.trim().to_owned());
        } else {
            block.push_str(line);
            block.push('\n');
        }
    }
    if !block.is_empty() {
        out.push(block);
    }
    out
}

fn main() {
    let rounds: u32 = std::env::var("SKYSCRAPERS_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .max(1);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/skyscrapers");
    let files = support::data_files(dir, &support::name_filter());
    let grading = std::env::var("SKYSCRAPERS_BENCH_GRADES").map_or(true, |v| v != "0");
    let f = Skyscrapers;
    let limits = Limits::default();
    let levels = f.info().levels;
    println!(
        "{:<8} {:>4} {:>10} {:>9} {:>9} {:>8} {:>8}  grades ({})",
        "file",
        "n",
        "puzzles/s",
        "mean µs",
        "worst µs",
        "nodes",
        "decis.",
        levels.iter().map(|l| l.name).collect::<Vec<_>>().join("/")
    );
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable file");
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let puzzles = records(&text);
        let (mut total, mut worst) = (Duration::ZERO, Duration::ZERO);
        let (mut nodes, mut decisions) = (0u64, 0u64);
        let mut grades = vec![0usize; levels.len()];
        for record in &puzzles {
            let mut best = Duration::MAX;
            for _ in 0..rounds {
                let ((), spent) = timed(|| {
                    let p = f.parse(record).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let (u, stats) = f.uniqueness(&p, &limits);
                    let Unique::Unique(s) = u else {
                        panic!("{name}: {record} is not unique: {u:?}")
                    };
                    assert!(f.check(&p, &s).is_empty(), "{name}: wrong answer");
                    nodes += stats.nodes;
                    decisions += stats.decisions;
                });
                best = best.min(spent);
            }
            total += best;
            worst = worst.max(best);
            if grading {
                let p = f.parse(record).unwrap();
                grades[f.grade(&p, &limits).expect("graded").rank] += 1;
            }
        }
        let count = puzzles.len().max(1) as f64;
        let mean = total.as_secs_f64() / count;
        let runs = count * f64::from(rounds);
        println!(
            "{:<8} {:>4} {:>10.0} {:>9.1} {:>9.1} {:>8.1} {:>8.1}  {}",
            name,
            puzzles.len(),
            1.0 / mean,
            mean * 1e6,
            worst.as_secs_f64() * 1e6,
            nodes as f64 / runs,
            decisions as f64 / runs,
            if grading {
                grades
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join("/")
            } else {
                "-".to_owned()
            }
        );
    }
}
