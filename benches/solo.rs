//! Release-mode speed of the Sudoku families on Simon Tatham's Solo game
//! IDs, one file per Solo class: the gridcsp side of
//! `benches/peers/solo_compare.sh`, which times his own solver on the
//! same files.
//!
//! The puzzles live in `benches/data/solo/<params>.txt`, one Solo game ID
//! per line (`#` lines are comments), made by his generator at each box
//! shape and difficulty (`benches/data/solo/README.md`). Classic and X IDs
//! go to the `sudoku` family, jigsaw IDs (`9j...`) to `jigsaw-sudoku`.
//!
//! For each puzzle, single-threaded: the ID is parsed (untimed), then
//! timed together the model is built, the solution found and proven
//! unique (`AnyPuzzle::uniqueness`); after the clock stops the answer is
//! checked against the rules. One row per file: puzzles, puzzles per
//! second, mean and worst microseconds, mean search decisions.
//!
//! `cargo bench --bench solo [FILTER]` (only files whose name contains
//! FILTER); `SOLO_ROUNDS=N` solves each puzzle N times and keeps its
//! fastest time (default 3).

#[path = "support/files.rs"]
#[allow(
    dead_code,
    reason = "each file bench uses its part of the shared support"
)]
mod support;

use gridcsp::puzzles::family;
use support::{Table, data_files, line_records, name_filter, rounds, stem, time_unique};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/solo");

fn main() {
    let rounds = rounds("SOLO_ROUNDS");
    let table = Table::new(10, false);
    for path in data_files(DATA, &name_filter()) {
        let stem = stem(&path);
        let name = if stem.contains('j') {
            "jigsaw-sudoku"
        } else if stem.contains('k') {
            "killer-sudoku"
        } else {
            "sudoku"
        };
        let f = family(name).unwrap_or_else(|| panic!("no family {name}"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let runs: Vec<_> = line_records(&text)
            .iter()
            .map(|r| time_unique(f, r, rounds))
            .collect();
        table.row(&stem, &runs);
    }
}
