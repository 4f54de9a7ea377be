//! `gridcsp futoshiki ...`: solve, count, check, grade, explain, generate.
//!
//! A Futoshiki model depends on the puzzle's signs, so each puzzle gets
//! its own csp-core model; there is no state to keep between puzzles.

use crate::args::{FutoshikiCommand, FutoshikiGenerateArgs, FutoshikiInput, RunArgs};
use crate::batch::{self, Answer, GenJob, Status, Tally};
use crate::input::{Framing, Record, looks_like_game_id};
use crate::output::{Layout, Printer};
use crate::sudoku_cmd::{clock_seed, conflict_line, search_options};
use csp_core::{SearchOptions, SolveOutcome};
use futoshiki::{
    Contradiction, GenerateOptions, GradeError, Mode, ParseError, Puzzle, PuzzleModel,
};
use serde_json::Value;
use std::io;

/// Runs a Futoshiki subcommand.
pub(crate) fn run(command: FutoshikiCommand, run_args: &RunArgs) -> io::Result<Tally> {
    let json = run_args.json;
    let layout = |blocks: bool| match (json, blocks) {
        (true, _) => Layout::Json,
        (false, true) => Layout::Blocks,
        (false, false) => Layout::Lines,
    };
    match command {
        FutoshikiCommand::Solve(a) => {
            let options = search_options(Some(&a.limits));
            let pretty = a.pretty;
            records(&a.input, run_args, layout(pretty), |r| {
                solve(r, &options, pretty, json)
            })
        }
        FutoshikiCommand::Count(a) => {
            let options = search_options(Some(&a.limits));
            let limit = a.limit;
            records(&a.input, run_args, layout(false), |r| {
                count(r, &options, limit)
            })
        }
        FutoshikiCommand::Check(input) => {
            records(&input, run_args, layout(false), |r| check(r, json))
        }
        FutoshikiCommand::Grade(input) => {
            records(&input, run_args, layout(false), |r| grade(r, false, json))
        }
        FutoshikiCommand::Explain(input) => {
            records(&input, run_args, layout(true), |r| grade(r, true, json))
        }
        FutoshikiCommand::Generate(a) => {
            let mut printer = Printer::new(layout(a.grid));
            generate(&a, run_args, &mut printer)
        }
    }
}

fn records<F>(
    input: &FutoshikiInput,
    run_args: &RunArgs,
    layout: Layout,
    work: F,
) -> io::Result<Tally>
where
    F: Fn(&Record) -> Answer + Sync,
{
    let mut printer = Printer::new(layout);
    batch::run_records(
        run_args,
        &input.files,
        Framing::Futoshiki,
        &mut printer,
        || (),
        |_, r| work(r),
    )
}

/// A grid error with the line counted from the start of the file.
fn relocate(e: &ParseError, first_line: usize) -> String {
    let message = e.to_string();
    let Some((line, column)) = e.line_column() else {
        return message;
    };
    let abs = first_line + line - 1;
    if let Some(rest) = message.strip_prefix(&format!("line {line}, column {column}: ")) {
        format!("line {abs}, column {column}: {rest}")
    } else if let Some(rest) = message.strip_prefix(&format!("line {line}: ")) {
        format!("line {abs}: {rest}")
    } else {
        message
    }
}

/// Reads a record as a game ID or a grid.
fn puzzle(record: &Record) -> Result<Puzzle, Answer> {
    if let Some(defect) = &record.defect {
        return Err(Answer::invalid(defect.clone()));
    }
    if looks_like_game_id(&record.text) {
        Puzzle::from_game_id(&record.text).map_err(|e| Answer::invalid(e.to_string()))
    } else {
        Puzzle::from_grid(&record.text).map_err(|e| Answer::invalid(relocate(&e, record.line)))
    }
}

fn unsolvable() -> Answer {
    Answer::new(Status::Failed, "unsolvable", "unsolvable")
}

fn solve(record: &Record, options: &SearchOptions, pretty: bool, json: bool) -> Answer {
    let puzzle = match puzzle(record) {
        Ok(p) => p,
        Err(a) => return a,
    };
    if let Err(problems) = puzzle.check() {
        // Clues that contradict each other: unsolvable before any search,
        // and (as for Sudoku) the reason in JSON.
        let a = unsolvable();
        return if json {
            let why: Vec<String> = problems.iter().map(ToString::to_string).collect();
            a.field("reason", why.join("; "))
        } else {
            a
        };
    }
    let model = match PuzzleModel::new(&puzzle) {
        Ok(m) => m,
        Err(e) => return Answer::invalid(e.to_string()),
    };
    let mut solver = model.solver_with(options.clone());
    let outcome = solver.solve();
    let stats = solver.stats();
    match outcome {
        SolveOutcome::Solved(s) => {
            let solution = model.solution(&s);
            let symbols = solution.to_symbols();
            let text = if pretty {
                match puzzle.filled_with(&solution) {
                    Ok(filled) => filled.to_grid().trim_end().to_owned(),
                    Err(e) => return Answer::invalid(e.to_string()),
                }
            } else {
                symbols.clone()
            };
            let a = Answer::new(Status::Done, "solved", text).with_stats(stats);
            if json {
                a.field("solution", symbols)
            } else {
                a
            }
        }
        SolveOutcome::Unsatisfiable => unsolvable().with_stats(stats),
        SolveOutcome::Stopped(reason) => Answer::limit(reason).with_stats(stats),
    }
}

fn count(record: &Record, options: &SearchOptions, limit: Option<u64>) -> Answer {
    let puzzle = match puzzle(record) {
        Ok(p) => p,
        Err(a) => return a,
    };
    let model = match PuzzleModel::new(&puzzle) {
        Ok(m) => m,
        Err(e) => return Answer::invalid(e.to_string()),
    };
    let mut solver = model.solver_with(options.clone());
    let c = solver.count(limit);
    Answer::counted(c, solver.stats())
}

/// The cells a contradiction is about.
fn cells_of(c: &Contradiction) -> Vec<futoshiki::Cell> {
    match c {
        Contradiction::RepeatedInRow { cells, .. }
        | Contradiction::RepeatedInColumn { cells, .. } => cells.to_vec(),
        Contradiction::BrokenSign { lo, hi, .. } => vec![*lo, *hi],
        Contradiction::BrokenBar { a, b, .. } => vec![*a, *b],
        Contradiction::SignCycle { cells } => cells.clone(),
        Contradiction::ImpossibleChain { cell, chain, .. } => {
            let mut v = chain.clone();
            v.push(*cell);
            v
        }
        Contradiction::OutOfRange { cell, .. } => vec![*cell],
        _ => Vec::new(),
    }
}

fn check(record: &Record, json: bool) -> Answer {
    let puzzle = match puzzle(record) {
        Ok(p) => p,
        Err(a) => return a,
    };
    match puzzle.check() {
        Ok(()) if puzzle.is_filled() => Answer::new(Status::Done, "complete", "complete"),
        Ok(()) => Answer::new(Status::Done, "ok", "ok"),
        Err(problems) => {
            let cells = problems
                .iter()
                .flat_map(cells_of)
                .map(|c| (c.row, c.col))
                .collect();
            let (text, names) = conflict_line(cells);
            let a = Answer::new(Status::Failed, "conflict", text);
            if json {
                let why: Vec<Value> = problems.iter().map(|p| p.to_string().into()).collect();
                a.field("conflicts", names).field("clashes", why)
            } else {
                a
            }
        }
    }
}

fn level(d: futoshiki::Difficulty) -> String {
    d.name().to_ascii_lowercase()
}

fn grade(record: &Record, explain: bool, json: bool) -> Answer {
    let puzzle = match puzzle(record) {
        Ok(p) => p,
        Err(a) => return a,
    };
    match puzzle.explain() {
        Ok(e) => {
            let technique = e.hardest.map(|t| t.to_string());
            let words = match &technique {
                Some(t) => format!("{} {t}", level(e.difficulty)),
                None => level(e.difficulty),
            };
            let (outcome, text) = if explain {
                ("explained", e.to_string().trim_end().to_owned())
            } else {
                ("graded", words)
            };
            let a = Answer::new(Status::Done, outcome, text);
            if !json {
                return a;
            }
            let a = a
                .field("level", level(e.difficulty))
                .field("technique", technique.unwrap_or_default());
            if explain {
                let steps: Vec<Value> = e.steps.iter().map(|s| s.text.clone().into()).collect();
                a.field("steps", steps)
            } else {
                a
            }
        }
        Err(GradeError::NoSolution) => unsolvable(),
        Err(GradeError::MultipleSolutions) => Answer::new(Status::Failed, "multiple", "multiple"),
        Err(e) => Answer::invalid(e.to_string()),
    }
}

fn generate(
    a: &FutoshikiGenerateArgs,
    run_args: &RunArgs,
    printer: &mut Printer,
) -> io::Result<Tally> {
    let seed = a.seed.unwrap_or_else(clock_seed);
    if run_args.stats {
        eprintln!("seed:       {seed}");
    }
    let mode = if a.adjacent {
        Mode::Adjacent
    } else {
        Mode::Standard
    };
    let (size, difficulty, grid, json) = (usize::from(a.size), a.difficulty, a.grid, run_args.json);
    batch::run_generate(
        run_args,
        a.count,
        seed,
        printer,
        || (),
        |_, job: &GenJob| {
            let options = GenerateOptions::new(size, difficulty)
                .with_seed(job.seed)
                .with_mode(mode);
            match futoshiki::generate(&options) {
                Ok(made) => {
                    let id = made.puzzle.to_game_id();
                    let text = if grid {
                        made.puzzle.to_grid().trim_end().to_owned()
                    } else {
                        id.clone()
                    };
                    let a = Answer::new(Status::Done, "generated", text);
                    if json {
                        a.field("puzzle", id)
                            .field("solution", made.solution.to_symbols())
                            .field("level", level(difficulty))
                            .field("attempts", made.attempts)
                    } else {
                        a
                    }
                }
                Err(e) => {
                    let mut a = Answer::new(Status::Failed, "failed", "failed");
                    a.message = Some(e.to_string());
                    a
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_errors_name_the_file_line() {
        let e = Puzzle::from_grid("1  2\n\n. .").expect_err("even width");
        let m = relocate(&e, 10);
        assert!(m.starts_with("line 10: "), "{m}");
        let e = Puzzle::from_grid("1 x\n   \n. .").expect_err("bad char");
        let m = relocate(&e, 10);
        assert!(m.starts_with("line 10, column 3: "), "{m}");
    }
}
