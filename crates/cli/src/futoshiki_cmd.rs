//! `gridcsp futoshiki ...`: solve, count, check, grade, explain, generate.
//!
//! Futoshiki input is cut as the family path cuts it
//! ([`crate::family_cmd::futoshiki_shape`]): a game ID on one line, or a
//! grid. A Futoshiki model depends on the puzzle's signs,
//! so each puzzle gets its own csp-core model; there is no state to keep
//! between puzzles.

use crate::answer::{Answer, GenJob, Status};
use crate::args::{
    FamilyCommand, FutoshikiCommand, FutoshikiGenerateArgs, FutoshikiInput, RunArgs,
};
use crate::batch::{self, Tally};
use crate::common::{clock_seed, conflict_line, search_options};
use crate::framing::{Form, Record};
use crate::output::{Io, Layout, Printer};
use csp_core::{SearchOptions, SolveOutcome};
use futoshiki::{
    ADJACENT_DIRECTIVE, Contradiction, GenerateOptions, GradeError, Mode, ParseError, Puzzle,
    PuzzleModel,
};
use serde_json::Value;
use std::borrow::Cow;
use std::io;

/// Runs a Futoshiki subcommand.
pub(crate) fn run(command: FutoshikiCommand, run_args: &RunArgs, io: &Io) -> io::Result<Tally> {
    let json = run_args.json;
    let layout = |blocks: bool| match (json, blocks) {
        (true, _) => Layout::Json,
        (false, true) => Layout::Blocks,
        (false, false) => Layout::Lines,
    };
    match command {
        FutoshikiCommand::Solve(a) => {
            let run_args = run_args.with_offline(&a.offline);
            let options = search_options(Some(&a.limits));
            let pretty = a.pretty;
            records(&a.input, &run_args, Printer::new(layout(pretty), io), |r| {
                solve(r, &options, pretty, json)
            })
        }
        FutoshikiCommand::Count(a) => {
            let run_args = run_args.with_offline(&a.offline);
            let options = search_options(Some(&a.limits));
            let limit = a.limit;
            records(&a.input, &run_args, Printer::new(layout(false), io), |r| {
                count(r, &options, limit)
            })
        }
        FutoshikiCommand::Check(input) => {
            records(&input, run_args, Printer::new(layout(false), io), |r| {
                check(r, json)
            })
        }
        FutoshikiCommand::Grade(input) => {
            records(&input, run_args, Printer::new(layout(false), io), |r| {
                grade(r, false, json)
            })
        }
        FutoshikiCommand::Explain(a) => {
            let family = &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD;
            let l = csp_core::Limits::default();
            records(&a.input, run_args, Printer::new(layout(true), io), |r| {
                let answer = grade(r, true, json);
                crate::family_cmd::draw_record_steps(family, r, &l, &a.pictures, answer)
            })
        }
        FutoshikiCommand::Hint(a) => {
            // As every other family's `hint`, through the family path.
            let family = &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD;
            crate::family_cmd::run(family, FamilyCommand::Hint(a), run_args, io)
        }
        FutoshikiCommand::Generate(a) => {
            let mut printer = Printer::new(layout(a.grid), io);
            generate(&a, run_args, &mut printer)
        }
        FutoshikiCommand::Render(a) => {
            let family = &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD;
            crate::render_cmd::run(
                family,
                &a.input.files,
                crate::family_cmd::futoshiki_shape(),
                &a.render,
                run_args,
                io,
            )
        }
        FutoshikiCommand::Convert(a) => {
            let family = &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD;
            crate::convert::convert_records(
                family,
                &a,
                crate::family_cmd::futoshiki_shape(),
                run_args,
                io,
            )
        }
    }
}

fn records<F>(
    input: &FutoshikiInput,
    run_args: &RunArgs,
    mut printer: Printer<'_>,
    work: F,
) -> io::Result<Tally>
where
    F: Fn(&Record) -> Answer + Sync,
{
    batch::run_records(
        run_args,
        &input.files,
        crate::family_cmd::futoshiki_shape(),
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

/// Reads a record as a game ID or a grid, as it was cut. A grid just
/// after the `# adjacent` comment is an Adjacent puzzle even without bars.
fn puzzle(record: &Record) -> Result<Puzzle, Answer> {
    if let Some(defect) = &record.defect {
        return Err(Answer::invalid(defect.clone()));
    }
    match record.form {
        Form::Line if gridcsp_puzzles::puzzlink::is_url(&record.text) => {
            // Not a genre of puzz.link: the reader names the URL's genre.
            let e = gridcsp_puzzles::puzzlink::read(
                &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD,
                &record.text,
            );
            Err(Answer::invalid(e.err().map_or_else(
                || "Futoshiki is not on puzz.link".to_owned(),
                |e| e.to_string(),
            )))
        }
        Form::Line => {
            Puzzle::from_game_id(&record.text).map_err(|e| Answer::invalid(e.to_string()))
        }
        Form::Block => {
            let adjacent = record
                .comment
                .as_deref()
                .is_some_and(|c| c.trim().eq_ignore_ascii_case(ADJACENT_DIRECTIVE));
            let (text, first) = if adjacent {
                let text = format!("{ADJACENT_DIRECTIVE}\n{}", record.text);
                (Cow::Owned(text), record.line - 1)
            } else {
                (Cow::Borrowed(record.text.as_str()), record.line)
            };
            Puzzle::from_grid(&text).map_err(|e| Answer::invalid(relocate(&e, first)))
        }
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
    let write = |s: &csp_core::Solution| model.solution(s).to_symbols();
    let query = crate::parallel::Query::Solve;
    if let Some(a) = crate::parallel::offline_answer(model.model(), &[], options, query, &write) {
        return a;
    }
    let (outcome, stats) = match crate::parallel::instance_threads() {
        Some(threads) => crate::parallel::solve(model.model(), &[], options, threads),
        None => {
            let mut solver = model.solver_with(options.clone());
            (solver.solve(), solver.stats())
        }
    };
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
    let write = |s: &csp_core::Solution| model.solution(s).to_symbols();
    let query = crate::parallel::Query::Count(limit);
    if let Some(a) = crate::parallel::offline_answer(model.model(), &[], options, query, &write) {
        return a;
    }
    let (c, stats) = match crate::parallel::instance_threads() {
        Some(threads) => crate::parallel::count(model.model(), &[], options, limit, threads),
        None => {
            let mut solver = model.solver_with(options.clone());
            (solver.count(limit), solver.stats())
        }
    };
    Answer::counted(c, stats)
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

/// A library value's serde form (those of the futoshiki crate cannot fail
/// to serialise: names and numbers).
fn json_value(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn level(d: futoshiki::Difficulty) -> String {
    d.name().to_ascii_lowercase()
}

fn grade(record: &Record, explain: bool, json: bool) -> Answer {
    let puzzle = match puzzle(record) {
        Ok(p) => p,
        Err(a) => return a,
    };
    let answer = match puzzle.explain() {
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
            // The futoshiki crate's serde forms: `tricky`, `forcing chain`
            // (`null` for a full grid).
            let a = a
                .field("level", json_value(e.difficulty))
                .field("technique", json_value(e.hardest));
            if explain {
                let steps: Vec<Value> = e.steps.iter().map(|s| s.text.clone().into()).collect();
                a.field("steps", steps)
                    .field("deductions", deductions(&e.steps, puzzle.size()))
            } else {
                a
            }
        }
        Err(GradeError::NoSolution) => unsolvable(),
        Err(GradeError::MultipleSolutions) => Answer::new(Status::Failed, "multiple", "multiple"),
        Err(e) => Answer::invalid(e.to_string()),
    };
    // The uniqueness search runs inside the futoshiki crate, which does not
    // report its nodes.
    answer.uncounted()
}

/// `explain --json`'s `deductions`, as every family has them: each step's
/// words (those of `steps`), its rule (a technique of the futoshiki
/// crate, named as `docs/futoshiki.md` lists it), the cells it reads and
/// those it settles.
fn deductions(steps: &[futoshiki::Step], size: usize) -> Vec<Value> {
    steps
        .iter()
        .map(|s| {
            let mut step = gridcsp_puzzles::families::futoshiki::step_of(s, size);
            step.text.clone_from(&s.text);
            crate::family_cmd::step_json(&step)
        })
        .collect()
}

fn generate(
    a: &FutoshikiGenerateArgs,
    run_args: &RunArgs,
    printer: &mut Printer<'_>,
) -> io::Result<Tally> {
    let seed = a.seed.unwrap_or_else(clock_seed);
    if run_args.stats {
        printer.io().stderr.line(&format!("seed:       {seed}"));
    }
    let mode = if a.adjacent {
        Mode::Adjacent
    } else {
        Mode::Standard
    };
    let (size, difficulty, grid, json) = (usize::from(a.size), a.difficulty, a.grid, run_args.json);
    let family = &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD;
    let pages = crate::render_cmd::Pages::new(&a.booklet, family, a.count)?;
    let tally = batch::run_generate(
        run_args,
        a.count,
        seed,
        printer,
        || (),
        |_, job: &GenJob| {
            let options = GenerateOptions::new(size, difficulty)
                .with_seed(job.seed)
                .with_mode(mode);
            let answer = match futoshiki::generate(&options) {
                Ok(made) => {
                    let id = made.puzzle.to_game_id();
                    let text = if grid {
                        made.puzzle.to_grid().trim_end().to_owned()
                    } else {
                        id.clone()
                    };
                    let a = Answer::new(Status::Done, "generated", text);
                    let a = crate::render_cmd::keep(
                        pages.as_ref(),
                        job.index,
                        &id,
                        &level(difficulty),
                        a,
                    );
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
                    crate::render_cmd::skip(pages.as_ref(), job.index);
                    let mut a = Answer::new(Status::Failed, "failed", "failed");
                    a.message = Some(e.to_string());
                    a
                }
            };
            // The generator's searches are its own.
            answer.uncounted()
        },
    )?;
    pages.map_or(Ok(()), crate::render_cmd::Pages::write)?;
    Ok(tally)
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
