//! Small helpers that every command module uses: usage errors, the clock
//! seed, conflicting cells named as players write them, and the engine's
//! search options with a command's limits.

use crate::args::LimitArgs;
use csp_core::SearchOptions;
use std::io;
use sudoku::SudokuSolver;

/// An error that makes the run a usage error (exit status 2).
pub(crate) fn usage(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// A seed from the clock, for runs without `--seed`.
pub(crate) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// `conflict r1c2 r1c7`, from cells in any order.
pub(crate) fn conflict_line(mut cells: Vec<(usize, usize)>) -> (String, Vec<String>) {
    cells.sort_unstable();
    cells.dedup();
    let names: Vec<String> = cells
        .iter()
        .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect();
    (format!("conflict {}", names.join(" ")), names)
}

/// The sudoku crate's search options with the node and time limits asked for.
pub(crate) fn search_options(limits: Option<&LimitArgs>) -> SearchOptions {
    let mut options = SudokuSolver::default_options();
    if let Some(limits) = limits {
        if let Some(n) = limits.node_limit {
            options = options.with_node_limit(n);
        }
        if let Some(t) = limits.time_limit {
            options = options.with_time_limit(t);
        }
    }
    options
}
