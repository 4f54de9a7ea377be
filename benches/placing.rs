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

#[path = "support/files.rs"]
#[allow(
    dead_code,
    reason = "each file bench uses its part of the shared support"
)]
mod support;

use gridcsp::puzzles::{GenerateOptions, family};
use std::path::{Path, PathBuf};
use std::time::Instant;
use support::{Table, block_records, data_files, name_filter, rounds, stem, time_unique};

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

fn main() {
    let rounds = rounds("PLACING_ROUNDS");
    generate(std::env::var_os("PLACING_GENERATE").is_some_and(|v| v == "1"));
    let table = Table::new(24, false);
    for path in data_files(DATA, &name_filter()) {
        let stem = stem(&path);
        let name = stem.split('_').next().unwrap_or_default();
        let Some(f) = family(name) else {
            eprintln!("{}: no family {name}, skipped", path.display());
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let runs: Vec<_> = block_records(&text)
            .iter()
            .map(|r| time_unique(f, r, rounds))
            .collect();
        table.row(&stem, &runs);
    }
}
