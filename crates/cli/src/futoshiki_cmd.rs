//! Futoshiki's options and answers on the family path.
//!
//! Every `gridcsp futoshiki ...` subcommand but `generate` runs through
//! [`crate::family_cmd`], as every family's does: records are cut by the
//! family's shape ([`crate::family_cmd::futoshiki_shape`]: a game ID on
//! one line, or a grid), `solve` and `count` search the family's model
//! (in parallel for one puzzle, by subproblems), `hint`, `render`,
//! `convert` and the pictures of `explain --svg` are the shared ones.
//! What stays here is what Futoshiki says its own way, kept byte for byte
//! as it was before it joined that path (issue 43; `tests/golden.rs`):
//! its options (`solve --pretty`; `generate`, with its `--size N`,
//! `--adjacent`, `--grid` and five levels), and, through [`Dialect`], its
//! words for a record that is no puzzle, clues that clash, `check`,
//! `grade` and `explain`.

use crate::answer::{Answer, GenJob, Status};
use crate::args::{
    FamilyCheckArgs, FamilyCommand, FamilyCountArgs, FamilyExplainArgs, FamilyInput,
    FamilyLimitedArgs, FamilySolveArgs, FutoshikiCommand, FutoshikiGenerateArgs, FutoshikiInput,
    LimitArgs, RunArgs,
};
use crate::batch::{self, Tally};
use crate::common::{clock_seed, conflict_line};
use crate::family_cmd::Dialect;
use crate::framing::{Form, Record};
use crate::output::{Io, Layout, Printer};
use futoshiki::{
    ADJACENT_DIRECTIVE, Contradiction, GenerateOptions, GradeError, Mode, ParseError, Puzzle,
};
use gridcsp_puzzles::families::futoshiki::Futoshiki;
use serde_json::Value;
use std::borrow::Cow;
use std::io;

/// Runs a Futoshiki subcommand: its options made the family path's.
pub(crate) fn run(command: FutoshikiCommand, run_args: &RunArgs, io: &Io) -> io::Result<Tally> {
    let family = &Futoshiki::STANDARD;
    let input = |i: FutoshikiInput| FamilyInput { files: i.files };
    // Futoshiki's `grade` and `explain` take no limits: its grader runs
    // to the end.
    let unlimited = || LimitArgs {
        node_limit: None,
        time_limit: None,
    };
    let (command, dialect) = match command {
        FutoshikiCommand::Solve(a) => {
            let solve = FamilySolveArgs {
                input: input(a.input),
                limits: a.limits,
                offline: a.offline,
            };
            (FamilyCommand::Solve(solve), Words { pretty: a.pretty })
        }
        FutoshikiCommand::Count(a) => {
            let count = FamilyCountArgs {
                input: input(a.input),
                limit: a.limit,
                limits: a.limits,
                offline: a.offline,
            };
            (FamilyCommand::Count(count), Words::default())
        }
        FutoshikiCommand::Check(i) => {
            let check = FamilyCheckArgs {
                input: input(i),
                solutions: None,
            };
            (FamilyCommand::Check(check), Words::default())
        }
        FutoshikiCommand::Grade(i) => {
            let grade = FamilyLimitedArgs {
                input: input(i),
                limits: unlimited(),
            };
            (FamilyCommand::Grade(grade), Words::default())
        }
        FutoshikiCommand::Explain(a) => {
            let explain = FamilyExplainArgs {
                limited: FamilyLimitedArgs {
                    input: input(a.input),
                    limits: unlimited(),
                },
                pictures: a.pictures,
            };
            (FamilyCommand::Explain(explain), Words::default())
        }
        // The shared answers, bad records included.
        FutoshikiCommand::Hint(a) => {
            return crate::family_cmd::run(family, FamilyCommand::Hint(a), run_args, io);
        }
        FutoshikiCommand::Render(a) => {
            let render = crate::args::FamilyRenderArgs {
                input: input(a.input),
                render: a.render,
            };
            return crate::family_cmd::run(family, FamilyCommand::Render(render), run_args, io);
        }
        FutoshikiCommand::Convert(a) => {
            return crate::family_cmd::run(family, FamilyCommand::Convert(a), run_args, io);
        }
        FutoshikiCommand::Generate(a) => {
            let layout = match (run_args.json, a.grid) {
                (true, _) => Layout::Json,
                (false, true) => Layout::Blocks,
                (false, false) => Layout::Lines,
            };
            return generate(&a, run_args, &mut Printer::new(layout, io));
        }
    };
    crate::family_cmd::run_with(family, command, &dialect, run_args, io)
}

/// Futoshiki's words where they differ from the shared path's.
#[derive(Default)]
struct Words {
    /// `solve --pretty`: each solution as a grid with its signs.
    pretty: bool,
}

impl Dialect for Words {
    fn refuse(&self, record: &Record) -> Option<Answer> {
        puzzle(record).err()
    }

    fn solve_lines(&self) -> bool {
        !self.pretty
    }

    fn clash(&self, record: &Record, json: bool) -> Option<Answer> {
        let problems = puzzle(record).ok()?.check().err()?;
        // Clues that contradict each other: unsolvable before any search,
        // and (as for Sudoku) the reason in JSON.
        let a = unsolvable();
        Some(if json {
            let why: Vec<String> = problems.iter().map(ToString::to_string).collect();
            a.field("reason", why.join("; "))
        } else {
            a
        })
    }

    fn solved(&self, record: &Record, solution: &str) -> Result<String, Answer> {
        if !self.pretty {
            return Ok(solution.to_owned());
        }
        let p = puzzle(record)?;
        // The symbols `solve` writes, read back (`1`-`9`, `A`-`Z`).
        let values: Option<Vec<u8>> = solution
            .chars()
            .map(|c| futoshiki::char_value(c).and_then(|v| u8::try_from(v).ok()))
            .collect();
        let values = values.ok_or_else(|| Answer::invalid("a solution symbol out of range"))?;
        futoshiki::Solution::new(p.size(), values)
            .and_then(|s| p.filled_with(&s))
            .map(|filled| filled.to_grid().trim_end().to_owned())
            .map_err(|e| Answer::invalid(e.to_string()))
    }

    fn check(&self, record: &Record, json: bool) -> Option<Answer> {
        Some(check(record, json))
    }

    fn grade(&self, record: &Record, explain: bool, json: bool) -> Option<Answer> {
        Some(grade(record, explain, json))
    }
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
            let e = gridcsp_puzzles::puzzlink::read(&Futoshiki::STANDARD, &record.text);
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
    let family = &Futoshiki::STANDARD;
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
