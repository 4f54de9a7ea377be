//! Release-mode throughput of the Star Battle family on files of puzzles.
//!
//! Reads every `benches/data/star_battle/*.txt` (records in the family's
//! text layout, separated by blank lines; `#` lines are comments), and for
//! each puzzle, single-threaded: builds the model, solves it and proves the
//! solution unique (`Family::uniqueness`), then checks the answer against
//! the rules with `Family::check`. Prints per file: puzzles, puzzles per
//! second, mean and worst microseconds per puzzle (model build included),
//! and mean search nodes and decisions.
//!
//! Then the same for puzzles the family's generator makes (seeds 0, 1,
//! ...: `STAR_BATTLE_GENERATED` per size and level, default 4; 0 skips
//! them), by size and level, with the generator's mean time per puzzle.
//!
//! `cargo bench --bench star_battle [FILTER]` (only files whose name
//! contains FILTER); `STAR_BATTLE_ROUNDS` runs each puzzle that many times
//! and keeps its fastest time (default 3).

use gridcsp_puzzles::families::star_battle::{StarBattle, StarBattlePuzzle};
use gridcsp_puzzles::{Family, GenerateOptions, Limits, Unique};
use std::time::{Duration, Instant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/star_battle");

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

/// One puzzle's fastest time, its nodes and decisions.
fn run(family: &StarBattle, p: &StarBattlePuzzle, rounds: u32) -> (Duration, u64, u64) {
    let mut best = Duration::MAX;
    let mut effort = (0, 0);
    for _ in 0..rounds {
        let start = Instant::now();
        let (outcome, stats) = family.uniqueness(p, &Limits::default());
        let elapsed = start.elapsed();
        match outcome {
            Unique::Unique(s) => {
                let broken = family.check(p, &s);
                assert!(
                    broken.is_empty(),
                    "a wrong answer: {broken:?}\n{}",
                    family.write(p)
                );
            }
            other => panic!("expected one solution, got {other:?}\n{}", family.write(p)),
        }
        best = best.min(elapsed);
        effort = (stats.nodes, stats.decisions);
    }
    (best, effort.0, effort.1)
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rounds: u32 = std::env::var("STAR_BATTLE_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let mut files: Vec<_> = std::fs::read_dir(DATA)
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
    let family = StarBattle;
    println!(
        "| {:<34} | {:>7} | {:>9} | {:>9} | {:>9} | {:>10} | {:>10} |",
        "file", "puzzles", "puzzles/s", "mean µs", "worst µs", "mean nodes", "mean dec."
    );
    println!(
        "|{:-<36}|{:->9}|{:->11}|{:->11}|{:->11}|{:->12}|{:->12}|",
        "", "", "", "", "", "", ""
    );
    let row = |name: &str, puzzles: &[StarBattlePuzzle]| {
        let (mut total, mut worst, mut nodes, mut decisions) =
            (Duration::ZERO, Duration::ZERO, 0, 0);
        for p in puzzles {
            let (t, n, d) = run(&family, p, rounds);
            total += t;
            worst = worst.max(t);
            nodes += n;
            decisions += d;
        }
        let n = puzzles.len() as f64;
        println!(
            "| {:<34} | {:>7} | {:>9.0} | {:>9.1} | {:>9.1} | {:>10.1} | {:>10.1} |",
            name,
            puzzles.len(),
            n / total.as_secs_f64(),
            total.as_secs_f64() * 1e6 / n,
            worst.as_secs_f64() * 1e6,
            nodes as f64 / n,
            decisions as f64 / n,
        );
    };
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let puzzles: Vec<StarBattlePuzzle> = records(&text)
            .iter()
            .map(|r| {
                family
                    .parse(r)
                    .unwrap_or_else(|e| panic!("{path:?}: {e}\n{r}"))
            })
            .collect();
        if puzzles.is_empty() {
            continue;
        }
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        row(&name, &puzzles);
    }
    let generated: u64 = std::env::var("STAR_BATTLE_GENERATED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    if generated == 0 || !filter.is_empty() {
        return;
    }
    for size in [6usize, 8, 10, 14] {
        for (level, info) in family.info().levels.iter().enumerate() {
            // From 10x10 up, easy and medium puzzles are rare finds for the
            // generator (docs/formats/star-battle.md).
            if size >= 10 && level < 2 {
                continue;
            }
            let start = Instant::now();
            let puzzles: Vec<StarBattlePuzzle> = (0..generated)
                .filter_map(|seed| {
                    let options = GenerateOptions::new(size, size, level).with_seed(seed);
                    family.generate(&options).ok().map(|g| g.puzzle)
                })
                .collect();
            let gen_ms = start.elapsed().as_secs_f64() * 1e3 / generated as f64;
            if puzzles.is_empty() {
                eprintln!(
                    "{size}x{size} {}: none generated ({gen_ms:.0} ms per try)",
                    info.name
                );
                continue;
            }
            let name = format!("generated {size}x{size} {} ({gen_ms:.0} ms)", info.name);
            row(&name, &puzzles);
        }
    }
}
