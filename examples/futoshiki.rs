//! Solve a Futoshiki puzzle and print it, its solution and the statistics.
//!
//! ```text
//! cargo run --example futoshiki                       # a built-in 5x5 puzzle
//! cargo run --example futoshiki -- '4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,'
//! cargo run --example futoshiki -- puzzles.txt        # every puzzle of a file
//! ```
//!
//! The argument is a game ID, a grid (with its line breaks) or a file of
//! grids and/or game IDs. Errors go to stderr with the line and column.

use futoshiki::{Puzzle, PuzzleModel, parse_all};
use std::io::{self, Write};
use std::process::ExitCode;

/// The 5x5 worked example of the format file (Tatham: Tricky).
const BUILT_IN: &str = "\
.<. . . .

. .<. . .
    ^ v
. . . 3 .
        v
. . . . .
^ ^     v
4 . . . 2
";

/// Solves one puzzle, writing the report to `out`; `Ok(true)` if it has
/// exactly one solution.
fn solve(puzzle: &Puzzle, name: &str, out: &mut dyn Write) -> io::Result<bool> {
    writeln!(out, "{name} ({0}x{0}):", puzzle.size())?;
    write!(out, "{puzzle}")?;
    writeln!(out, "game ID: {}", puzzle.to_game_id())?;
    if let Err(problems) = puzzle.check() {
        for p in problems {
            eprintln!("contradiction: {p}");
        }
        return Ok(false);
    }
    let model = match PuzzleModel::new(puzzle) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(false);
        }
    };
    let mut solver = model.solver();
    let outcome = solver.uniqueness();
    let stats = solver.stats();
    let ok = match outcome {
        csp_core::Uniqueness::Unique(s) => {
            let solution = model.solution(&s);
            writeln!(out, "\nsolution (unique):")?;
            match puzzle.filled_with(&solution) {
                Ok(filled) => write!(out, "{filled}")?,
                Err(e) => eprintln!("error: {e}"),
            }
            writeln!(out, "solution string: {solution}")?;
            true
        }
        csp_core::Uniqueness::Multiple(a, b) => {
            writeln!(out, "\nmore than one solution, e.g.:")?;
            writeln!(out, "{}\n{}", model.solution(&a), model.solution(&b))?;
            false
        }
        csp_core::Uniqueness::NoSolution => {
            writeln!(out, "\nno solution")?;
            false
        }
        other => {
            writeln!(out, "\nsearch stopped: {other:?}")?;
            false
        }
    };
    match puzzle.grade() {
        Ok(g) => match g.hardest {
            Some(t) => writeln!(out, "grade: {} (hardest technique: {t})", g.difficulty)?,
            None => writeln!(out, "grade: {}", g.difficulty)?,
        },
        Err(e) => writeln!(out, "grade: {e}")?,
    }
    writeln!(out, "statistics: {stats}")?;
    Ok(ok)
}

fn main() -> ExitCode {
    let stdout = io::stdout();
    match run(std::env::args().nth(1), &mut stdout.lock()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Solves every puzzle of `arg` (a game ID, a grid or a file), or the
/// built-in one, writing the report to `out`. `Ok(true)` if every puzzle has
/// exactly one solution; `Err` for input that cannot be read or parsed.
pub(crate) fn run(arg: Option<String>, out: &mut dyn Write) -> Result<bool, String> {
    let (text, source) = match arg {
        None => (BUILT_IN.to_owned(), "built-in puzzle".to_owned()),
        Some(a) if std::path::Path::new(&a).is_file() => match std::fs::read_to_string(&a) {
            Ok(t) => (t, a),
            Err(e) => return Err(format!("cannot read {a}: {e}")),
        },
        Some(a) => (a, "argument".to_owned()),
    };
    let entries = parse_all(&text).map_err(|e| format!("in {source}: {e}"))?;
    let mut all_ok = true;
    let write_error = |e: io::Error| format!("cannot write the output: {e}");
    for (k, entry) in entries.iter().enumerate() {
        if k > 0 {
            writeln!(out).map_err(write_error)?;
        }
        let name = entry.comments.last().cloned().unwrap_or_else(|| {
            if entries.len() == 1 {
                source.clone()
            } else {
                format!("puzzle {} (line {})", k + 1, entry.line)
            }
        });
        all_ok &= solve(&entry.puzzle, &name, out).map_err(write_error)?;
    }
    Ok(all_ok)
}
