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
use std::process::ExitCode;
use std::time::Instant;

const BUILT_IN: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let arg = std::env::args().nth(1);
    let text = match &arg {
        None => BUILT_IN.to_owned(),
        Some(a) if std::path::Path::new(a).is_file() => {
            std::fs::read_to_string(a).map_err(|e| format!("cannot read {a}: {e}"))?
        }
        Some(a) => a.clone(),
    };
    match Board::parse(&text) {
        Ok(board) => solve_one(&board),
        Err(one_err) => {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() > 1 && lines.iter().all(|l| Board::parse(l).is_ok()) {
                solve_many(&lines)
            } else {
                Err(one_err.to_string())
            }
        }
    }
}

fn solve_one(puzzle: &Board) -> Result<(), String> {
    let model = SudokuModel::new(puzzle.rules()).map_err(|e| e.to_string())?;
    let mut solver = model.solver();
    println!("Puzzle ({} givens):\n{puzzle}", puzzle.filled());
    let outcome = solver.uniqueness(puzzle).map_err(|e| e.to_string())?;
    let stats = solver.stats();
    match outcome {
        Uniqueness::Unique(solution) => println!("Solution (unique):\n{solution}"),
        Uniqueness::Multiple(a, b) => {
            println!("Solution (one of several):\n{a}");
            println!("Another solution:\n{b}");
        }
        Uniqueness::NoSolution => println!("No solution."),
        Uniqueness::Unknown { reason, .. } => println!("Stopped: {reason}"),
    }
    println!("Statistics (uniqueness check): {stats}");
    if puzzle.size() <= 16 {
        if let Ok(logic) = Logic::new(puzzle.rules()) {
            if let Ok(grade) = logic.grade(puzzle) {
                println!("Grade: {grade}");
            }
        }
    }
    Ok(())
}

fn solve_many(lines: &[&str]) -> Result<(), String> {
    let first = Board::parse(lines[0]).map_err(|e| e.to_string())?;
    let model = SudokuModel::new(first.rules()).map_err(|e| e.to_string())?;
    let mut solver = model.solver();
    let start = Instant::now();
    let (mut solved, mut nodes) = (0usize, 0u64);
    for (i, line) in lines.iter().enumerate() {
        let puzzle = Board::parse(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        match solver
            .solve(&puzzle)
            .map_err(|e| format!("line {}: {e}", i + 1))?
        {
            Outcome::Solved(s) => {
                println!("{}", s.to_line());
                solved += 1;
            }
            _ => println!("none"),
        }
        nodes += solver.stats().nodes;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "solved {solved} of {} puzzles in {:.3} s ({:.0} puzzles/s, {nodes} search nodes)",
        lines.len(),
        secs,
        lines.len() as f64 / secs.max(1e-9)
    );
    Ok(())
}
