//! `gridcsp futoshiki ...`: solve, count, check, grade, explain, generate.
//!
//! Futoshiki input is cut by [`shape`]: a game ID on one line, or a grid
//! (see [`grid_extent`]). A Futoshiki model depends on the puzzle's signs,
//! so each puzzle gets its own csp-core model; there is no state to keep
//! between puzzles.

use crate::answer::{Answer, GenJob, Status};
use crate::args::{
    FamilyCommand, FutoshikiCommand, FutoshikiGenerateArgs, FutoshikiInput, RunArgs,
};
use crate::batch::{self, Tally};
use crate::common::{clock_seed, conflict_line, search_options};
use crate::framing::{Block, Extent, Form, Record, RecordShape, Vote, is_blank, vote};
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
            crate::render_cmd::run(family, &a.input.files, shape(), &a.render, run_args, io)
        }
        FutoshikiCommand::Convert(a) => {
            let family = &gridcsp_puzzles::families::futoshiki::Futoshiki::STANDARD;
            crate::convert::convert_records(family, &a, shape(), run_args, io)
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
        shape(),
        &mut printer,
        || (),
        |_, r| work(r),
    )
}

/// The record shape of Futoshiki input: a line holding `:` or `,` is a
/// game ID (every game ID has both, no grid line has either); any other
/// line starts a grid, which ends where [`grid_extent`] says, or at a
/// comment line or a game ID.
pub(crate) fn shape() -> RecordShape {
    RecordShape::LineOrBlock {
        is_line: |line| line.contains([':', ',']),
        block: Block {
            extent: Box::new(grid_extent),
            comments_end: true,
            ignorable: |_| false,
        },
    }
}

/// The widest cell row: a 35x35 grid's 69 characters.
const MAX_WIDTH: usize = 2 * futoshiki::MAX_SIZE - 1;

/// A line's width without its trailing spaces, in characters.
fn width(line: &str) -> usize {
    line.trim_end_matches(' ').chars().count()
}

/// Where a Futoshiki grid ends, from its lines so far. A grid of size n
/// has 2n-1 lines, the width of its cell rows (lines 1, 3, 5, ...): the
/// first line's width, or, when the next cell row disagrees with it, the
/// width two of the first three cell rows share (a damaged first row does
/// not decide the height alone; if they all differ, or agree on an even
/// width, the grid ends at the next blank line). An empty line inside a
/// grid is an empty relation row, except that it ends the grid where a
/// cell row is due (a cell row is never empty; two empty lines in a row
/// always end a grid) and in a grid that pads its relation rows with
/// spaces to the full width (as gridcsp writes them). A line wider than
/// any grid (69 characters) is a record of its own.
fn grid_extent(lines: &[&str]) -> Extent {
    let k = lines.len() - 1;
    let first = width(lines[0]);
    if first > MAX_WIDTH {
        return Extent::Cut(1);
    }
    let widths: Vec<usize> = lines.iter().step_by(2).take(3).map(|l| width(l)).collect();
    let voted = vote(&widths);
    if k > 0 && is_blank(lines[k]) {
        if k % 2 == 0 {
            // A cell row is due: the grid ended, and an empty line before
            // this one was the separator, not an empty relation row.
            return Extent::Cut(if is_blank(lines[k - 1]) { k - 1 } else { k });
        }
        let full = match voted {
            Vote::Agreed(w) => w,
            Vote::Wait | Vote::Split => first,
        };
        let padded = |l: &&str| l.ends_with(' ') && l.chars().count() >= full;
        if lines[k].is_empty() && lines[1..k].iter().step_by(2).any(padded) {
            return Extent::Cut(k);
        }
    }
    let w = match voted {
        Vote::Agreed(w) if w % 2 == 1 && w <= MAX_WIDTH => w,
        Vote::Agreed(_) if widths.len() < 3 => return Extent::More,
        Vote::Wait => return Extent::More,
        Vote::Agreed(_) | Vote::Split => return Extent::ToEmptyLine,
    };
    if lines.len() >= w {
        Extent::Cut(w)
    } else {
        Extent::More
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
    use crate::framing::frame;

    /// The first line and text of each record of `text`.
    fn records(text: &str) -> Vec<(usize, String)> {
        frame(&shape(), text)
            .into_iter()
            .map(|r| (r.line, r.text))
            .collect()
    }

    fn own(v: &[(usize, &str)]) -> Vec<(usize, String)> {
        v.iter().map(|&(l, t)| (l, t.to_owned())).collect()
    }

    #[test]
    fn grids_keep_empty_relation_rows_and_end_at_their_height() {
        let stripped = "2 . .<.\n  v\n. . . .\n\n. . .<.\n\n. .>. .";
        let text = format!("# one\n{stripped}\n4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,\n{stripped}");
        let got = frame(&shape(), &text);
        let starts: Vec<(usize, Form)> = got.iter().map(|r| (r.line, r.form)).collect();
        assert_eq!(
            starts,
            [(2, Form::Block), (9, Form::Line), (10, Form::Block)]
        );
        assert_eq!(got[0].text, stripped);
        assert_eq!(got[0].comment.as_deref(), Some("# one"));
        // Grids may follow each other directly.
        let two = records("1 .\n\n. .\n. 1\n\n. .");
        assert_eq!(two, own(&[(1, "1 .\n\n. ."), (4, ". 1\n\n. .")]));
    }

    #[test]
    fn a_damaged_first_row_does_not_decide_the_height() {
        // See: issue 18, item 4.
        let got = records(". . .\n\n. .\n\n1 .\n\n. .");
        assert_eq!(got, own(&[(1, ". . .\n\n. ."), (5, "1 .\n\n. .")]));
        // A middle row is outvoted by the first and the third.
        let got = records(". . .\n\n. . . .\n\n. . .\n\n1 .");
        assert_eq!(got, own(&[(1, ". . .\n\n. . . .\n\n. . ."), (7, "1 .")]));
    }

    #[test]
    fn empty_lines_end_a_grid_where_they_cannot_be_relation_rows() {
        // Where a cell row is due (two empty lines in a row).
        let got = records(". . .\n\n\n1 .\n\n. .");
        assert_eq!(got, own(&[(1, ". . ."), (4, "1 .\n\n. .")]));
        // In a grid padded to its full width, as gridcsp writes them.
        let got = records(". . .\n     \n. . .\n\n1 .\n   \n. .");
        assert_eq!(
            got,
            own(&[(1, ". . .\n     \n. . ."), (5, "1 .\n   \n. .")])
        );
        // A relation row with one stray space is no padding.
        let got = records(". . .\n \n. . .\n\n. . .");
        assert_eq!(got, own(&[(1, ". . .\n \n. . .\n\n. . .")]));
    }

    #[test]
    fn game_ids_comments_and_wide_lines_end_grids() {
        let id = "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,";
        let got = records(&format!(". . .\n{id}\n4;1,0R\n. .\n# c\n. 1"));
        assert_eq!(
            got,
            own(&[(1, ". . ."), (2, id), (3, "4;1,0R"), (4, ". ."), (6, ". 1")])
        );
        let wide = ". ".repeat(40);
        let got = records(&format!("{wide}\n1 .\n\n. ."));
        assert_eq!(got, own(&[(1, &wide), (2, "1 .\n\n. .")]));
        // A line of one cell is a whole 1x1 grid, at once.
        assert_eq!(records("1\n1"), own(&[(1, "1"), (2, "1")]));
    }

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
