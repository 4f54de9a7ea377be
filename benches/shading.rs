//! Release-mode throughput of the Norinori and Thermometers families on
//! puzzles their generators make (seeds 0, 1, ...; `SHADING_GENERATED` per
//! size and level, default 5): for each puzzle, single-threaded, the model
//! is built, the puzzle solved and proven unique (`Family::uniqueness`) and
//! the answer checked with `Family::check`. Prints per family, size and
//! level: puzzles, puzzles per second, mean and worst microseconds (best
//! of 3 runs each), mean nodes and decisions, and the generator's mean
//! time per puzzle.
//!
//! `cargo bench --bench shading`

use gridcsp_puzzles::families::norinori::Norinori;
use gridcsp_puzzles::families::thermometers::Thermometers;
use gridcsp_puzzles::{Family, GenerateOptions, Limits, Unique};
use std::time::{Duration, Instant};

fn table<F: Family>(family: &F, sizes: &[usize], count: u64) {
    let name = family.info().name;
    for &n in sizes {
        for (level, info) in family.info().levels.iter().enumerate() {
            let start = Instant::now();
            let puzzles: Vec<F::Puzzle> = (0..count)
                .filter_map(|seed| {
                    let options = GenerateOptions::new(n, n, level).with_seed(seed);
                    family.generate(&options).ok().map(|g| g.puzzle)
                })
                .collect();
            let gen_ms = start.elapsed().as_secs_f64() * 1e3 / count as f64;
            if puzzles.is_empty() {
                eprintln!("{name} {n}x{n} {}: none generated", info.name);
                continue;
            }
            let (mut total, mut worst, mut nodes, mut decisions) =
                (Duration::ZERO, Duration::ZERO, 0u64, 0u64);
            for p in &puzzles {
                let mut best = Duration::MAX;
                for run in 0..3 {
                    let t = Instant::now();
                    let (u, stats) = family.uniqueness(p, &Limits::default());
                    let elapsed = t.elapsed();
                    let Unique::Unique(s) = u else {
                        panic!(
                            "{name}: expected one solution, got {u:?}\n{}",
                            family.write(p)
                        )
                    };
                    assert!(family.check(p, &s).is_empty(), "{name}: a wrong answer");
                    best = best.min(elapsed);
                    // The search is deterministic: every run has the same effort.
                    if run == 0 {
                        nodes += stats.nodes;
                        decisions += stats.decisions;
                    }
                }
                total += best;
                worst = worst.max(best);
            }
            let k = puzzles.len() as f64;
            println!(
                "| {:<12} | {:>5} | {:<6} | {:>7} | {:>9.0} | {:>9.1} | {:>9.1} | {:>10.1} | {:>9.1} | {:>9.1} |",
                name,
                format!("{n}x{n}"),
                info.name,
                puzzles.len(),
                k / total.as_secs_f64(),
                total.as_secs_f64() * 1e6 / k,
                worst.as_secs_f64() * 1e6,
                nodes as f64 / k,
                decisions as f64 / k,
                gen_ms,
            );
        }
    }
}

fn main() {
    let count: u64 = std::env::var("SHADING_GENERATED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    println!(
        "| {:<12} | {:>5} | {:<6} | {:>7} | {:>9} | {:>9} | {:>9} | {:>10} | {:>9} | {:>9} |",
        "family",
        "size",
        "level",
        "puzzles",
        "puzzles/s",
        "mean µs",
        "worst µs",
        "mean nodes",
        "mean dec.",
        "gen ms"
    );
    table(&Norinori, &[6, 8, 10], count);
    table(&Thermometers, &[6, 8], count);
}
