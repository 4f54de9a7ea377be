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

fn solve(puzzle: &Puzzle, name: &str) -> bool {
    println!("{name} ({0}x{0}):", puzzle.size());
    print!("{puzzle}");
    println!("game ID: {}", puzzle.to_game_id());
    if let Err(problems) = puzzle.check() {
        for p in problems {
            eprintln!("contradiction: {p}");
        }
        return false;
    }
    let model = match PuzzleModel::new(puzzle) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    let mut solver = model.solver();
    let outcome = solver.uniqueness();
    let stats = solver.stats();
    let ok = match outcome {
        csp_core::Uniqueness::Unique(s) => {
            let solution = model.solution(&s);
            println!("\nsolution (unique):");
            match puzzle.filled_with(&solution) {
                Ok(filled) => print!("{filled}"),
                Err(e) => eprintln!("error: {e}"),
            }
            println!("solution string: {solution}");
            true
        }
        csp_core::Uniqueness::Multiple(a, b) => {
            println!("\nmore than one solution, e.g.:");
            println!("{}\n{}", model.solution(&a), model.solution(&b));
            false
        }
        csp_core::Uniqueness::NoSolution => {
            println!("\nno solution");
            false
        }
        other => {
            println!("\nsearch stopped: {other:?}");
            false
        }
    };
    match puzzle.grade() {
        Ok(g) => match g.hardest {
            Some(t) => println!("grade: {} (hardest technique: {t})", g.difficulty),
            None => println!("grade: {}", g.difficulty),
        },
        Err(e) => println!("grade: {e}"),
    }
    println!("statistics: {stats}");
    ok
}

fn main() -> ExitCode {
    let arg = std::env::args().nth(1);
    let (text, source) = match arg {
        None => (BUILT_IN.to_owned(), "built-in puzzle".to_owned()),
        Some(a) if std::path::Path::new(&a).is_file() => match std::fs::read_to_string(&a) {
            Ok(t) => (t, a),
            Err(e) => {
                eprintln!("error: cannot read {a}: {e}");
                return ExitCode::FAILURE;
            }
        },
        Some(a) => (a, "argument".to_owned()),
    };
    let entries = match parse_all(&text) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error in {source}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut all_ok = true;
    for (k, entry) in entries.iter().enumerate() {
        if k > 0 {
            println!();
        }
        let name = entry.comments.last().cloned().unwrap_or_else(|| {
            if entries.len() == 1 {
                source.clone()
            } else {
                format!("puzzle {} (line {})", k + 1, entry.line)
            }
        });
        all_ok &= solve(&entry.puzzle, &name);
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
