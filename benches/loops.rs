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

#[path = "support/files.rs"]
#[allow(
    dead_code,
    reason = "each file bench uses its part of the shared support"
)]
mod support;

use gridcsp::puzzles::family;
use std::time::Duration;
use support::{Table, data_files, line_records, name_filter, rounds, stem, time_unique};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/loops");

fn main() {
    let rounds = rounds("LOOPS_ROUNDS");
    let table = Table::new(26, false);
    let mut slowest = (Duration::ZERO, String::new());
    for path in data_files(DATA, &name_filter()) {
        let stem = stem(&path);
        let name = stem.split('_').next().unwrap_or_default();
        let Some(f) = family(name) else {
            eprintln!("{}: no family {name}, skipped", path.display());
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let mut runs = Vec::new();
        for r in line_records(&text) {
            let run = time_unique(f, &r, rounds);
            if run.0 > slowest.0 {
                slowest = (run.0, format!("{stem}: {r}"));
            }
            runs.push(run);
        }
        table.row(&stem, &runs);
    }
    println!(
        "slowest: {:.1} ms, {}",
        slowest.0.as_secs_f64() * 1e3,
        slowest.1
    );
}
