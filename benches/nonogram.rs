//! Release-mode throughput of the Nonogram family over whole puzzle files
//! (`benches/data/nonogram/*.txt`, described in that folder's README).
//!
//! For every puzzle, timed together: the model is built
//! (`Nonogram::build`), the solution found and proven unique (a search for
//! a second one fails), and the answer checked against the clues by the
//! family's rule checker, which shares no code with the model. One table
//! row per file: puzzles per second, mean and worst microseconds per
//! puzzle, mean search decisions, and how many puzzles grade at each
//! level of the family's ladder (easy / medium / hard, untimed). Any puzzle that is not unique, or whose
//! answer breaks a rule, stops the bench with an error.
//!
//! `cargo bench --bench nonogram [FILTER]` (only files whose name contains
//! FILTER); `NONOGRAM_ROUNDS=N` repeats each file N times and keeps each
//! puzzle's fastest time (default 3). Times are wall-clock: the thread's
//! CPU time from `/proc` is counted in scheduler ticks (4 ms here), too
//! coarse for puzzles that take a fraction of one; the fastest of several
//! rounds keeps a noisy machine's pauses out.

use csp_core::{Solver, Uniqueness};
use gridcsp_puzzles::families::nonogram::Nonogram;
use gridcsp_puzzles::{Family, Limits};
use std::path::Path;
use std::time::{Duration, Instant};

/// The records of a file: one-line game IDs, and text layouts ending at an
/// empty line; `#` lines between records are comments.
fn records(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = String::new();
    for line in text.lines() {
        if block.is_empty() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            if line.contains(':') {
                out.push(line.trim().to_owned());
                continue;
            }
        }
        if line.trim().is_empty() {
            out.push(std::mem::take(&mut block));
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

struct Row {
    name: String,
    puzzles: usize,
    total: Duration,
    worst: Duration,
    decisions: u64,
    /// Puzzles per ladder level.
    grades: [usize; 3],
}

fn run_file(path: &Path, rounds: u32) -> Result<Row, String> {
    let family = Nonogram;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let puzzles = records(&text)
        .iter()
        .enumerate()
        .map(|(i, r)| {
            family
                .parse(r)
                .map_err(|e| format!("{name} #{}: {e}", i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut row = Row {
        name,
        puzzles: puzzles.len(),
        total: Duration::ZERO,
        worst: Duration::ZERO,
        decisions: 0,
        grades: [0; 3],
    };
    for (i, p) in puzzles.iter().enumerate() {
        let mut best = Duration::MAX;
        let mut decisions = 0;
        for _ in 0..rounds {
            let wall = Instant::now();
            let built = family
                .build(p)
                .map_err(|e| format!("{} #{}: {e}", row.name, i + 1))?;
            let mut solver = Solver::with_options(&built.model, built.options.clone());
            solver
                .set_assumptions(&built.assumptions)
                .map_err(|e| e.to_string())?;
            let Uniqueness::Unique(s) = solver.uniqueness() else {
                return Err(format!("{} #{}: not unique", row.name, i + 1));
            };
            let solution = family.decode(p, &built, &s);
            let broken = family.check(p, &solution);
            let t = wall.elapsed();
            if !broken.is_empty() {
                return Err(format!("{} #{}: {}", row.name, i + 1, broken[0]));
            }
            best = best.min(t);
            decisions = solver.stats().decisions;
        }
        row.total += best;
        row.worst = row.worst.max(best);
        row.decisions += decisions;
        let grade = family
            .grade(p, &Limits::default())
            .map_err(|e| format!("{} #{}: {e}", row.name, i + 1))?;
        row.grades[grade.rank.min(2)] += 1;
    }
    Ok(row)
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let rounds: u32 = std::env::var("NONOGRAM_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/nonogram");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| {
        p.extension().is_some_and(|e| e == "txt")
            && p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(&filter))
    });
    files.sort();
    println!(
        "Nonogram: build + solve + prove unique + check, single thread, fastest of {rounds} round(s)"
    );
    println!(
        "| {:<20} | {:>7} | {:>10} | {:>10} | {:>10} | {:>10} | {:>13} |",
        "file", "puzzles", "puzzles/s", "mean us", "worst us", "mean dec.", "easy/med/hard"
    );
    println!(
        "|{:-<22}|{:->9}|{:->12}|{:->12}|{:->12}|{:->12}|{:->15}|",
        "", "", "", "", "", "", ""
    );
    let mut failed = false;
    for f in &files {
        match run_file(f, rounds) {
            Ok(r) => {
                let n = r.puzzles.max(1) as f64;
                let secs = r.total.as_secs_f64();
                println!(
                    "| {:<20} | {:>7} | {:>10.0} | {:>10.1} | {:>10.1} | {:>10.2} | {:>13} |",
                    r.name,
                    r.puzzles,
                    if secs > 0.0 { n / secs } else { f64::INFINITY },
                    secs * 1e6 / n,
                    r.worst.as_secs_f64() * 1e6,
                    r.decisions as f64 / n,
                    format!("{}/{}/{}", r.grades[0], r.grades[1], r.grades[2])
                );
            }
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
