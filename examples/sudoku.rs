//! Solve a Sudoku and print it with its solution and the search statistics.
//!
//! ```text
//! cargo run --release --example sudoku                  # the built-in puzzle
//! cargo run --release --example sudoku -- 53..7....6..195....  (one line, any size)
//! cargo run --release --example sudoku -- puzzle.txt    # one puzzle (line or grid)
//! cargo run --release --example sudoku -- puzzles.txt   # one puzzle per line
//! ```
//!
//! For a file of several one-line puzzles, each solution is printed as one
//! line (in order, `none` for a puzzle without solution) and a summary goes
//! to stderr. Errors are reported on stderr with a non-zero exit status.

use gridcsp::sudoku::{Board, Logic, Outcome, SudokuModel, Uniqueness};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const BUILT_IN: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

fn main() -> ExitCode {
    let stdout = std::io::stdout();
    match run(std::env::args().nth(1), &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Solves the puzzle named by `arg` (a puzzle line, a grid, or a file), or
/// the built-in one, writing the report to `out`.
pub(crate) fn run(arg: Option<String>, out: &mut dyn Write) -> Result<(), String> {
    let text = match &arg {
        None => BUILT_IN.to_owned(),
        Some(a) if std::path::Path::new(a).is_file() => {
            std::fs::read_to_string(a).map_err(|e| format!("cannot read {a}: {e}"))?
        }
        Some(a) => a.clone(),
    };
    match Board::parse(&text) {
        Ok(board) => solve_one(&board, out),
        Err(one_err) => {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() > 1 && lines.iter().all(|l| Board::parse(l).is_ok()) {
                solve_many(&lines, out)
            } else {
                Err(one_err.to_string())
            }
        }
    }
}

fn solve_one(puzzle: &Board, out: &mut dyn Write) -> Result<(), String> {
    let model = SudokuModel::new(puzzle.rules()).map_err(|e| e.to_string())?;
    let mut solver = model.solver();
    writeln!(out, "Puzzle ({} givens):\n{puzzle}", puzzle.filled()).map_err(io_error)?;
    let outcome = solver.uniqueness(puzzle).map_err(|e| e.to_string())?;
    let stats = solver.stats();
    match outcome {
        Uniqueness::Unique(solution) => {
            writeln!(out, "Solution (unique):\n{solution}").map_err(io_error)?;
        }
        Uniqueness::Multiple(a, b) => {
            writeln!(out, "Solution (one of several):\n{a}").map_err(io_error)?;
            writeln!(out, "Another solution:\n{b}").map_err(io_error)?;
        }
        Uniqueness::NoSolution => writeln!(out, "No solution.").map_err(io_error)?,
        Uniqueness::Unknown { reason, .. } => {
            writeln!(out, "Stopped: {reason}").map_err(io_error)?;
        }
    }
    writeln!(out, "Statistics (uniqueness check): {stats}").map_err(io_error)?;
    if puzzle.size() <= 16 {
        if let Ok(logic) = Logic::new(puzzle.rules()) {
            if let Ok(grade) = logic.grade(puzzle) {
                writeln!(out, "Grade: {grade}").map_err(io_error)?;
            }
        }
    }
    Ok(())
}

fn io_error(e: std::io::Error) -> String {
    format!("cannot write the output: {e}")
}

fn solve_many(lines: &[&str], out: &mut dyn Write) -> Result<(), String> {
    let first = Board::parse(lines[0]).map_err(|e| e.to_string())?;
    let model = SudokuModel::new(first.rules()).map_err(|e| e.to_string())?;
    let mut solver = model.solver();
    let start = Instant::now();
    let (mut solved, mut decisions) = (0usize, 0u64);
    for (i, line) in lines.iter().enumerate() {
        let puzzle = Board::parse(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        match solver
            .solve(&puzzle)
            .map_err(|e| format!("line {}: {e}", i + 1))?
        {
            Outcome::Solved(s) => {
                writeln!(out, "{}", s.to_line()).map_err(io_error)?;
                solved += 1;
            }
            _ => writeln!(out, "none").map_err(io_error)?,
        }
        decisions += solver.stats().decisions;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "solved {solved} of {} puzzles in {:.3} s ({:.0} puzzles/s, {decisions} decisions)",
        lines.len(),
        secs,
        lines.len() as f64 / secs.max(1e-9)
    );
    Ok(())
}
