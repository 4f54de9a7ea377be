//! Release-mode throughput of the placement and shading families (Light
//! Up, Tents, Binairo, Unruly, Norinori, Thermometers) on fixed files of
//! generated puzzles: the gridcsp side of `benches/peers/cpsat_placing.py`.
//!
//! The puzzles live in `benches/data/placing/<family>_<size>_<level>.txt`:
//! records in the family's text layout, separated by blank lines (`#`
//! lines are comments). They were made once by the families' own seeded
//! generators (seeds 0, 1, ...) and committed, so that this bench and the
//! CP-SAT script read the very same puzzles; `PLACING_GENERATE=1` makes
//! them again (the same seeds give the same files on every machine), and
//! a missing file is made on the first run.
//!
//! For each puzzle, single-threaded: the text is parsed (untimed), then
//! timed together the model is built, the solution found and proven unique
//! (`AnyPuzzle::uniqueness`), and after the clock stops the answer is
//! checked against the rules by the family's checker. One row per file:
//! puzzles, puzzles per second, mean and worst microseconds per puzzle,
//! and mean search decisions. A puzzle that is not unique, or whose answer
//! breaks a rule, stops the bench with an error.
//!
//! `cargo bench --bench placing [FILTER]` (only files whose name contains
//! FILTER); `PLACING_ROUNDS=N` solves each puzzle N times and keeps its
//! fastest time (default 3, as the CP-SAT script).

use gridcsp::puzzles::{AnyFamily, GenerateOptions, Limits, Unique, family};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/placing");

/// Puzzles made per size and level.
const PER_CLASS: u64 = 10;

/// The families and the square sizes their files are made at.
const CLASSES: &[(&str, &[usize])] = &[
    ("light-up", &[7, 10, 14]),
    ("tents", &[8, 10, 15]),
    ("binairo", &[6, 8, 10]),
    ("unruly", &[8, 10, 14]),
    ("norinori", &[6, 8, 10]),
    ("thermometers", &[6, 8]),
];

/// The records of a file: blocks of non-comment lines between blank lines.
fn records(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push_str(line);
            current.push('\n');
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn file_name(family: &str, size: usize, level: &str) -> PathBuf {
    Path::new(DATA).join(format!("{family}_{size}_{level}.txt"))
}

/// Makes the files that are missing (all of them with `regenerate`).
fn generate(regenerate: bool) {
    std::fs::create_dir_all(DATA).unwrap_or_else(|e| panic!("{DATA}: {e}"));
    for &(name, sizes) in CLASSES {
        let f = family(name).unwrap_or_else(|| panic!("no family {name}"));
        for &size in sizes {
            for (level, info) in f.info().levels.iter().enumerate() {
                let path = file_name(name, size, info.name);
                if path.exists() && !regenerate {
                    continue;
                }
                let start = Instant::now();
                let mut text = format!(
                    "# {name} {size}x{size} {}: the family's generator, seeds 0..{PER_CLASS}\n\
                     # (made by `PLACING_GENERATE=1 cargo bench --bench placing`)\n",
                    info.name
                );
                let mut made = 0;
                for seed in 0..PER_CLASS {
                    let options = GenerateOptions::new(size, size, level).with_seed(seed);
                    match f.generate_text(&options) {
                        Ok(g) => {
                            text.push('\n');
                            text.push_str(g.puzzle.trim_end());
                            text.push('\n');
                            made += 1;
                        }
                        Err(e) => eprintln!("{name} {size} {} seed {seed}: {e}", info.name),
                    }
                }
                eprintln!(
                    "{}: {made} puzzles in {:.1} s",
                    path.display(),
                    start.elapsed().as_secs_f64()
                );
                if made > 0 {
                    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
                }
            }
        }
    }
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
    let rounds: u32 = std::env::var("PLACING_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    generate(std::env::var_os("PLACING_GENERATE").is_some_and(|v| v == "1"));
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
        "| {:<24} | {:>7} | {:>9} | {:>9} | {:>9} | {:>9} |",
        "file", "puzzles", "puzzles/s", "mean µs", "worst µs", "mean dec."
    );
    println!(
        "|{:-<26}|{:->9}|{:->11}|{:->11}|{:->11}|{:->11}|",
        "", "", "", "", "", ""
    );
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
        }
        let n = records.len() as f64;
        println!(
            "| {:<24} | {:>7} | {:>9.0} | {:>9.1} | {:>9.1} | {:>9.1} |",
            stem,
            records.len(),
            n / total.as_secs_f64(),
            total.as_secs_f64() * 1e6 / n,
            worst.as_secs_f64() * 1e6,
            decisions as f64 / n,
        );
    }
}
