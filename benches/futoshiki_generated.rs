//! Release-mode throughput of the futoshiki solver on generated puzzles.
//!
//! Generates seeded sets of sizes 5, 7 and 9 at every difficulty with the
//! crate's generator, then times solving them single-threaded with one
//! `PuzzleSolver` per set: each solve proves the solution unique on
//! csp-core, with a model built for the puzzle (or, for puzzles without
//! signs, the cached Latin-square model of its size). Every answer is
//! checked against the generator's solution. Prints puzzles per second and
//! mean microseconds per puzzle for both AllDifferent strengths: HS =
//! hidden singles (csp-core's default, the crate's choice), DC = Régin's
//! domain consistency.
//!
//! Times are the thread's CPU time where Linux provides it (so a busy
//! machine does not inflate them), wall time elsewhere.
//!
//! `cargo bench --bench futoshiki_generated` (set `FUTOSHIKI_BENCH_COUNT`
//! to change the number of puzzles per set, default 30).

use csp_core::Strength;
use futoshiki::{
    Difficulty, GenerateOptions, Puzzle, PuzzleSolver, Solution, Uniqueness, generate,
};
use std::time::{Duration, Instant};

/// CPU time of this thread (Linux `/proc/thread-self/schedstat`), so that
/// other processes on a busy machine do not inflate the figures; `None`
/// elsewhere (wall time is used then).
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn solve_all(set: &[(Puzzle, Solution)], strength: Strength) -> Duration {
    // Repeat small sets so each measurement lasts at least ~200 ms.
    let mut solver = PuzzleSolver::with_strength(strength);
    let mut rounds = 0u32;
    let start = Instant::now();
    let cpu_start = cpu_time();
    loop {
        for (puzzle, expected) in set {
            match solver.uniqueness(puzzle) {
                Ok(Uniqueness::Unique(s)) => assert_eq!(&s, expected, "wrong solution"),
                other => panic!(
                    "{}: expected one solution, got {other:?}",
                    puzzle.to_game_id()
                ),
            }
        }
        rounds += 1;
        if start.elapsed() >= Duration::from_millis(200) {
            break;
        }
    }
    match (cpu_start, cpu_time()) {
        (Some(a), Some(b)) if b > a => (b - a) / rounds,
        _ => start.elapsed() / rounds,
    }
}

fn main() {
    let count: u64 = std::env::var("FUTOSHIKI_BENCH_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    println!(
        "{:>4} {:<10} {:>7} {:>10} | {:>12} {:>10} | {:>12} {:>10}",
        "size", "difficulty", "puzzles", "gen ms/pz", "HS pz/s", "HS µs", "DC pz/s", "DC µs"
    );
    for size in [5usize, 7, 9] {
        for difficulty in Difficulty::ALL {
            let gen_start = Instant::now();
            let mut set = Vec::new();
            for seed in 0..count {
                let options = GenerateOptions::new(size, difficulty).with_seed(seed);
                match generate(&options) {
                    Ok(g) => set.push((g.puzzle, g.solution)),
                    Err(e) => eprintln!("size {size} {difficulty} seed {seed}: {e}"),
                }
            }
            let gen_ms = gen_start.elapsed().as_secs_f64() * 1e3 / set.len().max(1) as f64;
            if set.is_empty() {
                continue;
            }
            let n = set.len() as f64;
            let dc = solve_all(&set, Strength::DomainConsistent).as_secs_f64();
            let hs = solve_all(&set, Strength::HiddenSingles).as_secs_f64();
            println!(
                "{:>4} {:<10} {:>7} {:>10.2} | {:>12.0} {:>10.1} | {:>12.0} {:>10.1}",
                size,
                difficulty.name(),
                set.len(),
                gen_ms,
                n / hs,
                hs * 1e6 / n,
                n / dc,
                dc * 1e6 / n
            );
        }
    }
}
