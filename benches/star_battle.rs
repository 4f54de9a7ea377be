//! Release-mode throughput of the Star Battle family on files of puzzles.
//!
//! Reads every `benches/data/star_battle/*.txt` (records in the family's
//! text layout, separated by blank lines; `#` lines are comments), and for
//! each puzzle, single-threaded: builds the model, solves it and proves the
//! solution unique (`AnyPuzzle::uniqueness`), then checks the answer
//! against the rules with the family's checker. Prints per file: puzzles,
//! puzzles per second, mean and worst microseconds per puzzle (model build
//! included), and mean search nodes and decisions.
//!
//! Then the same for puzzles the family's generator makes (seeds 0, 1,
//! ...: `STAR_BATTLE_GENERATED` per size and level, default 4; 0 skips
//! them), by size and level, with the generator's mean time per puzzle.
//!
//! `cargo bench --bench star_battle [FILTER]` (only files whose name
//! contains FILTER); `STAR_BATTLE_ROUNDS` runs each puzzle that many times
//! and keeps its fastest time (default 3).

#[path = "support/files.rs"]
#[allow(
    dead_code,
    reason = "each file bench uses its part of the shared support"
)]
mod support;

use gridcsp::puzzles::{GenerateOptions, family};
use std::time::Instant;
use support::{Table, block_records, data_files, name_filter, rounds, stem, time_unique};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/star_battle");

fn main() {
    let filter = name_filter();
    let rounds = rounds("STAR_BATTLE_ROUNDS");
    let f = family("star-battle").expect("the star-battle family is registered");
    let table = Table::new(34, true);
    for path in data_files(DATA, &filter) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let runs: Vec<_> = block_records(&text)
            .iter()
            .map(|r| time_unique(f, r, rounds))
            .collect();
        table.row(&stem(&path), &runs);
    }
    let generated: u64 = std::env::var("STAR_BATTLE_GENERATED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    if generated == 0 || !filter.is_empty() {
        return;
    }
    for size in [6usize, 8, 10, 14] {
        for (level, info) in f.info().levels.iter().enumerate() {
            // From 10x10 up, easy and medium puzzles are rare finds for the
            // generator (docs/formats/star-battle.md).
            if size >= 10 && level < 2 {
                continue;
            }
            let start = Instant::now();
            let puzzles: Vec<String> = (0..generated)
                .filter_map(|seed| {
                    let options = GenerateOptions::new(size, size, level).with_seed(seed);
                    f.generate_text(&options).ok().map(|g| g.puzzle)
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
            let runs: Vec<_> = puzzles.iter().map(|r| time_unique(f, r, rounds)).collect();
            let name = format!("generated {size}x{size} {} ({gen_ms:.0} ms)", info.name);
            table.row(&name, &runs);
        }
    }
}
