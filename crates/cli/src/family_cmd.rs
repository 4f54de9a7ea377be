//! `gridcsp <family> ...` for every family of `gridcsp-puzzles`: one code
//! path, through the object-safe [`AnyFamily`] interface, so a new family
//! needs no code here. The family's [`FamilyInfo::shape`] says how its
//! records are cut from the input. A family whose answers read
//! differently from the shared ones (Sudoku's and Futoshiki's, kept as
//! they were before they joined this path) says where through a
//! [`Dialect`], which may also cut records its own way and keep state
//! for a whole run and per thread (Sudoku's models and solvers).

use crate::answer::{Answer, GenJob, Status};
use crate::args::{
    FamilyCommand, FamilyGenerateArgs, FamilyInput, Format, LimitArgs, RunArgs, StepPictureArgs,
    UrlSolveArgs,
};
use crate::batch::{self, Tally};
use crate::common::{clock_seed, usage};
use crate::convert::{convert_records, failed, load};
use crate::framing::{
    Block, Comments, Extent, Record, RecordShape, Vote, header_block, is_blank, vote,
};
use crate::input::read_file_records;
use crate::output::{Io, Layout, Printer};
use csp_core::{Limits, SolveOutcome, Stats};
use gridcsp_puzzles::{
    AnyFamily, AnyPuzzle, FamilyInfo, GenerateOptions, GradeError, Hint, Solved, Violation,
};
use serde_json::Value;
use std::io;

/// The framer's shape for a family's records.
pub(crate) fn shape(info: &FamilyInfo) -> RecordShape {
    match info.shape {
        gridcsp_puzzles::RecordShape::Header { lines, one_line } => RecordShape::LineOrBlock {
            is_line: one_line,
            block: header_block(lines, Comments::End),
        },
        gridcsp_puzzles::RecordShape::HeaderHashRows {
            lines,
            one_line,
            is_row,
        } => RecordShape::LineOrBlock {
            is_line: one_line,
            block: header_block(lines, Comments::EndUnless(is_row)),
        },
        // Game IDs and grids, whatever the subcommand (`hint` included).
        _ if info.name == "futoshiki" => futoshiki_shape(),
        _ => RecordShape::Line,
    }
}

/// The record shape of Futoshiki input (the one family whose grids have
/// no header line to say their height): a line holding `:` or `,` is a
/// game ID (every game ID has both, no grid line has either); any other
/// line starts a grid, which ends where [`grid_extent`] says, or at a
/// comment line or a game ID.
pub(crate) fn futoshiki_shape() -> RecordShape {
    RecordShape::LineOrBlock {
        is_line: |line| line.contains([':', ',']),
        block: Block {
            extent: Box::new(grid_extent),
            comments: Comments::End,
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

/// Solutions as `solve` writes them: a header line whose first number is
/// the number of rows that follow.
fn solution_shape() -> RecordShape {
    RecordShape::Block(header_block(
        |header| header.split_whitespace().next()?.parse().ok(),
        Comments::End,
    ))
}

pub(crate) fn limits(args: &LimitArgs) -> Limits {
    Limits {
        nodes: args.node_limit,
        time: args.time_limit,
        ..Limits::default()
    }
}

/// What a subcommand asks of one record, as a [`Worker`] is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// `solve`.
    Solve,
    /// `count`, stopping at `limit` solutions.
    Count(Option<u64>),
    /// `check` without `--solutions`.
    Check,
    /// `check --solutions`: each puzzle's solution from the file.
    CheckSolutions,
    /// `grade`.
    Grade,
    /// `explain`: a worker that answers it draws the pictures of
    /// `--svg` too (as [`draw_record_steps`] does).
    Explain,
    /// `hint`.
    Hint,
}

/// A thread's part of a [`Dialect`], made once per thread of a run (by
/// [`Dialect::worker`]), so that it may keep what the thread reuses from
/// one record to the next (Sudoku: one solver per board shape).
pub(crate) trait Worker {
    /// The whole answer to `ask` for `record`, before the shared path
    /// reads it, or `None` to leave the record to the shared path (and
    /// the dialect's other hooks).
    fn answer(&mut self, ask: Ask, record: &Record) -> Option<Answer>;
}

/// Where a family's answers differ from the shared path's. Every hook
/// has the shared answer as its default; a family overrides only what it
/// writes differently (Sudoku: `sudoku_cmd`; Futoshiki: `futoshiki_cmd`;
/// each keeps the output it had before it joined this path byte for
/// byte, issue 43).
pub(crate) trait Dialect: Sync {
    /// How records are cut from the input, or `None` for the family's
    /// shape ([`shape`]). Sudoku's depends on `--grid` and `--box`.
    fn shape(&self) -> Option<RecordShape> {
        None
    }

    /// A thread's worker, which answers records before the shared path
    /// reads them; `None` (the default) leaves every record to the shared
    /// path.
    fn worker(&self) -> Option<Box<dyn Worker + Send + '_>> {
        None
    }

    /// A record that is no puzzle of the family, as the family words it:
    /// `Some(answer)` stops there, `None` reads it as the shared path does
    /// (`convert::load`).
    fn refuse(&self, _record: &Record) -> Option<Answer> {
        None
    }

    /// `solve` writes one line per puzzle rather than blocks.
    fn solve_lines(&self) -> bool {
        false
    }

    /// `solve`: the answer for givens that break the rules (there is no
    /// search then), or `None` for the shared one (`unsolvable`, with the
    /// broken rules as JSON `violations`).
    fn clash(&self, _record: &Record, _json: bool) -> Option<Answer> {
        None
    }

    /// `solve`: the text of the answer for `solution` (as the family
    /// writes solutions); the JSON `solution` stays `solution`.
    fn solved(&self, _record: &Record, solution: &str) -> Result<String, Answer> {
        Ok(solution.to_owned())
    }

    /// `check` without `--solutions`: the answer, or `None` for the
    /// shared one.
    fn check(&self, _record: &Record, _json: bool) -> Option<Answer> {
        None
    }

    /// `grade` (`explain` false) and `explain`: the answer, or `None` for
    /// the shared one.
    fn grade(&self, _record: &Record, _explain: bool, _json: bool) -> Option<Answer> {
        None
    }
}

/// The shared answers everywhere.
pub(crate) struct Shared;

impl Dialect for Shared {}

/// Runs a family subcommand.
pub(crate) fn run(
    family: &dyn AnyFamily,
    command: FamilyCommand,
    run_args: &RunArgs,
    io: &Io,
) -> io::Result<Tally> {
    run_with(family, command, &Shared, run_args, io)
}

/// Runs a family subcommand, with the answers `dialect` words its own way.
pub(crate) fn run_with(
    family: &dyn AnyFamily,
    command: FamilyCommand,
    dialect: &dyn Dialect,
    run_args: &RunArgs,
    io: &Io,
) -> io::Result<Tally> {
    let layout = |blocks: bool| match (run_args.json, blocks) {
        (true, _) => Layout::Json,
        (false, true) => Layout::Blocks,
        (false, false) => Layout::Lines,
    };
    let json = run_args.json;
    match command {
        FamilyCommand::Solve(a) => {
            let run_args = run_args.with_offline(&a.offline);
            let l = limits(&a.limits);
            let d = dialect;
            let lines = layout(!d.solve_lines());
            let mut printer = Printer::new(lines, io);
            records_with(
                family,
                d,
                Ask::Solve,
                &a.input,
                &run_args,
                &mut printer,
                |p, r| {
                    if let Some(a) = d.clash(r, json) {
                        return a;
                    }
                    let a = solve(p, &l, json);
                    if a.outcome != "solved" {
                        return a;
                    }
                    match d.solved(r, &a.text) {
                        Ok(text) => Answer { text, ..a },
                        Err(refused) => refused,
                    }
                },
            )
        }
        FamilyCommand::Count(a) => {
            let run_args = run_args.with_offline(&a.offline);
            let (l, limit) = (limits(&a.limits), a.limit);
            records(
                family,
                dialect,
                Ask::Count(limit),
                &a.input,
                &run_args,
                &mut Printer::new(layout(false), io),
                |p| {
                    let query = crate::parallel::Query::Count(limit);
                    if let Some(a) = family_offline(p, &l, query) {
                        return a;
                    }
                    let (count, stats) = match crate::parallel::instance_threads() {
                        Some(threads) => parallel_count(p, limit, &l, threads)
                            .unwrap_or_else(|| p.count(limit, &l)),
                        None => p.count(limit, &l),
                    };
                    Answer::counted(count, stats)
                },
            )
        }
        FamilyCommand::Check(a) => {
            let solutions = match &a.solutions {
                Some(file) => Some(read_solutions(file)?),
                None => None,
            };
            let solutions = solutions.as_deref();
            let ask = match solutions {
                None => Ask::Check,
                Some(_) => Ask::CheckSolutions,
            };
            records_with(
                family,
                dialect,
                ask,
                &a.input,
                run_args,
                &mut Printer::new(layout(false), io),
                |p, r| match solutions {
                    None => dialect
                        .check(r, json)
                        .unwrap_or_else(|| check(p, r, None, json)),
                    Some(_) => check(p, r, solutions, json),
                },
            )
        }
        FamilyCommand::Grade(a) => {
            let l = limits(&a.limits);
            records_with(
                family,
                dialect,
                Ask::Grade,
                &a.input,
                run_args,
                &mut Printer::new(layout(false), io),
                |p, r| {
                    dialect
                        .grade(r, false, json)
                        .unwrap_or_else(|| grade(p, &l, false, json))
                },
            )
        }
        FamilyCommand::Explain(a) => {
            let l = limits(&a.limited.limits);
            let pictures = &a.pictures;
            records_with(
                family,
                dialect,
                Ask::Explain,
                &a.limited.input,
                run_args,
                &mut Printer::new(layout(true), io),
                |p, r| {
                    let answer = dialect
                        .grade(r, true, json)
                        .unwrap_or_else(|| grade(p, &l, true, json));
                    draw_steps(p, &l, pictures, r.seq, answer)
                },
            )
        }
        FamilyCommand::Hint(a) => {
            let l = limits(&a.limits);
            records(
                family,
                dialect,
                Ask::Hint,
                &a.input,
                run_args,
                &mut Printer::new(layout(false), io),
                |p| hint(p, &l, json),
            )
        }
        FamilyCommand::Generate(a) => {
            let blocks = !a.id && matches!(a.to, None | Some(Format::Text));
            let mut printer = Printer::new(layout(blocks), io);
            let pages = crate::render_cmd::Pages::new(&a.booklet, family, a.count)?;
            let tally = generate(family, &a, run_args, &mut printer, pages.as_ref())?;
            pages.map_or(Ok(()), crate::render_cmd::Pages::write)?;
            Ok(tally)
        }
        FamilyCommand::Render(a) => {
            let shape = dialect.shape().unwrap_or_else(|| shape(family.info()));
            crate::render_cmd::run(family, &a.input.files, shape, &a.render, run_args, io)
        }
        FamilyCommand::Convert(a) => {
            let shape = dialect.shape().unwrap_or_else(|| shape(family.info()));
            convert_records(family, &a, shape, run_args, io)
        }
    }
}

/// `gridcsp solve URL...`: each record a puzz.link URL, solved by the
/// family its genre names.
pub(crate) fn solve_urls(a: &UrlSolveArgs, run_args: &RunArgs, io: &Io) -> io::Result<Tally> {
    let layout = if run_args.json {
        Layout::Json
    } else {
        Layout::Blocks
    };
    let mut printer = Printer::new(layout, io);
    let l = limits(&a.limits);
    let json = run_args.json;
    batch::run_records(
        run_args,
        &a.inputs,
        RecordShape::Line,
        &mut printer,
        || (),
        |_, record| {
            if let Some(defect) = &record.defect {
                return Answer::invalid(defect.clone());
            }
            if !gridcsp_puzzles::puzzlink::is_url(&record.text) {
                return Answer::invalid(
                    "not a puzz.link URL (`gridcsp solve` without a family reads URLs only; \
                     `gridcsp FAMILY solve` reads the family's other forms)",
                );
            }
            match gridcsp_puzzles::puzzlink::load(&record.text) {
                Ok(p) => {
                    let a = solve(&*p, &l, json);
                    match gridcsp_puzzles::puzzlink::Url::parse(&record.text)
                        .ok()
                        .and_then(|u| gridcsp_puzzles::puzzlink::family_of(&u.genre))
                    {
                        Some(f) if json => a.field("family", f.info().name),
                        _ => a,
                    }
                }
                Err(e) => Answer::invalid(e.relocated(record.line).to_string()),
            }
        },
    )
}

/// Runs `work` on every puzzle read from `input`.
fn records<F>(
    family: &dyn AnyFamily,
    dialect: &dyn Dialect,
    ask: Ask,
    input: &FamilyInput,
    run_args: &RunArgs,
    printer: &mut Printer<'_>,
    work: F,
) -> io::Result<Tally>
where
    F: Fn(&dyn AnyPuzzle) -> Answer + Sync,
{
    records_with(family, dialect, ask, input, run_args, printer, |p, _| {
        work(p)
    })
}

/// Runs `work` on every puzzle read from `input`, with its record, cut
/// as the dialect says. A record the dialect's worker answers (for `ask`)
/// is answered so; one the dialect refuses, or that is no puzzle, is
/// answered so.
fn records_with<F>(
    family: &dyn AnyFamily,
    dialect: &dyn Dialect,
    ask: Ask,
    input: &FamilyInput,
    run_args: &RunArgs,
    printer: &mut Printer<'_>,
    work: F,
) -> io::Result<Tally>
where
    F: Fn(&dyn AnyPuzzle, &Record) -> Answer + Sync,
{
    let shape = dialect.shape().unwrap_or_else(|| shape(family.info()));
    batch::run_records(
        run_args,
        &input.files,
        shape,
        printer,
        || dialect.worker(),
        |worker, record| {
            if let Some(answer) = worker.as_mut().and_then(|w| w.answer(ask, record)) {
                return answer;
            }
            if let Some(refused) = dialect.refuse(record) {
                return refused;
            }
            match load(family, record) {
                Ok(p) => work(&*p, record),
                Err(a) => a,
            }
        },
    )
}

fn unsolvable() -> Answer {
    Answer::new(Status::Failed, "unsolvable", "unsolvable")
}

/// A broken rule in JSON: the rule in words and its cells as players write
/// them (`r1c1`), where the library's serde form of a
/// [`Violation`] has 0-based `{row, col}` objects.
#[derive(serde::Serialize)]
struct ViolationFields<'a> {
    rule: &'a str,
    cells: Vec<String>,
}

fn violations_json(v: &[Violation]) -> Value {
    let fields: Vec<ViolationFields<'_>> = v
        .iter()
        .map(|v| ViolationFields {
            rule: &v.rule,
            cells: v.cells.iter().map(ToString::to_string).collect(),
        })
        .collect();
    serde_json::to_value(fields).unwrap_or(Value::Null)
}

fn solve(p: &dyn AnyPuzzle, limits: &Limits, json: bool) -> Answer {
    let broken = p.check_givens();
    if !broken.is_empty() {
        let a = unsolvable();
        return if json {
            a.field("violations", violations_json(&broken))
        } else {
            a
        };
    }
    if let Some(a) = family_offline(p, limits, crate::parallel::Query::Solve) {
        return a;
    }
    let (solved, stats): (Solved<String>, Stats) = match crate::parallel::instance_threads() {
        Some(threads) => parallel_solve(p, limits, threads).unwrap_or_else(|| p.solve(limits)),
        None => p.solve(limits),
    };
    match solved {
        Solved::Solution(text) => {
            let text = text.trim_end().to_owned();
            let a = Answer::new(Status::Done, "solved", text.clone()).with_stats(stats);
            if json { a.field("solution", text) } else { a }
        }
        Solved::Unsolvable => unsolvable().with_stats(stats),
        Solved::Stopped(reason) => Answer::limit(reason).with_stats(stats),
    }
}

/// With `--split` or `--subproblems`, the answer for the puzzle; a
/// solution is written on one line, its lines joined by ` / `.
pub(crate) fn family_offline(
    p: &dyn AnyPuzzle,
    limits: &Limits,
    query: crate::parallel::Query,
) -> Option<Answer> {
    if !crate::parallel::offline_active() {
        return None;
    }
    let built = match p.built() {
        None => {
            return Some(Answer::invalid(
                "this family does not search its model as it is: --split and --subproblems do not apply",
            ));
        }
        Some(Err(e)) => return Some(Answer::invalid(e.to_string())),
        Some(Ok(built)) => built,
    };
    let options = built.options.clone().with_limits(limits.clone());
    let givens = crate::parallel::givens(&built.assumptions);
    let write = |s: &csp_core::Solution| {
        let text = p.write_model_solution(&built, s);
        text.trim_end().lines().collect::<Vec<_>>().join(" / ")
    };
    crate::parallel::offline_answer(&built.model, &givens, &options, query, &write)
}

/// [`AnyPuzzle::solve`] on `threads` threads (one puzzle in the input);
/// `None` if the family does not search its model as it is.
pub(crate) fn parallel_solve(
    p: &dyn AnyPuzzle,
    limits: &Limits,
    threads: usize,
) -> Option<(Solved<String>, Stats)> {
    let Ok(built) = p.built()? else {
        return Some((Solved::Unsolvable, Stats::default()));
    };
    let options = built.options.clone().with_limits(limits.clone());
    let givens = crate::parallel::givens(&built.assumptions);
    let (outcome, stats) = crate::parallel::solve(&built.model, &givens, &options, threads);
    let solved = match outcome {
        SolveOutcome::Solved(s) => Solved::Solution(p.write_model_solution(&built, &s)),
        SolveOutcome::Unsatisfiable => Solved::Unsolvable,
        SolveOutcome::Stopped(r) => Solved::Stopped(r),
    };
    Some((solved, stats))
}

/// [`AnyPuzzle::count`] on `threads` threads (one puzzle in the input);
/// `None` if the family does not search its model as it is.
pub(crate) fn parallel_count(
    p: &dyn AnyPuzzle,
    limit: Option<u64>,
    limits: &Limits,
    threads: usize,
) -> Option<(csp_core::Count, Stats)> {
    let Ok(built) = p.built()? else {
        let none = csp_core::Count {
            count: 0,
            status: csp_core::SearchStatus::Complete,
        };
        return Some((none, Stats::default()));
    };
    let options = built.options.clone().with_limits(limits.clone());
    let givens = crate::parallel::givens(&built.assumptions);
    Some(crate::parallel::count(
        &built.model,
        &givens,
        &options,
        limit,
        threads,
    ))
}

/// The solutions of `--solutions`, in order.
fn read_solutions(file: &str) -> io::Result<Vec<Record>> {
    read_file_records(file, &solution_shape())
}

/// `ok`, or `conflict` with the broken rules and their cells.
fn violations_answer(violations: &[Violation], json: bool) -> Answer {
    if violations.is_empty() {
        return Answer::new(Status::Done, "ok", "ok");
    }
    let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
    let a = Answer::new(
        Status::Failed,
        "conflict",
        format!("conflict {}", words.join("; ")),
    );
    if json {
        a.field("violations", violations_json(violations))
    } else {
        a
    }
}

fn check(p: &dyn AnyPuzzle, record: &Record, solutions: Option<&[Record]>, json: bool) -> Answer {
    let Some(solutions) = solutions else {
        return violations_answer(&p.check_givens(), json);
    };
    let Some(solution) = usize::try_from(record.seq)
        .ok()
        .and_then(|i| solutions.get(i))
    else {
        return Answer::invalid(format!(
            "no solution for this puzzle: the solutions file has {}",
            solutions.len()
        ));
    };
    if let Some(defect) = &solution.defect {
        return Answer::invalid(format!("{}: {defect}", solution.location()));
    }
    match p.check_solution(&solution.text) {
        Ok(v) => violations_answer(&v, json),
        Err(e) => Answer::invalid(format!(
            "{}: {}",
            solution.source,
            e.relocated(solution.line)
        )),
    }
}

fn grade_failure(e: GradeError) -> Answer {
    match e {
        GradeError::NoSolution => unsolvable(),
        GradeError::MultipleSolutions => Answer::new(Status::Failed, "multiple", "multiple"),
        GradeError::Stopped(reason) => Answer::limit(reason),
        other => Answer::invalid(other.to_string()),
    }
}

fn grade(p: &dyn AnyPuzzle, limits: &Limits, explain: bool, json: bool) -> Answer {
    let result = if explain {
        p.explain(limits).map(|e| (e.grade.clone(), Some(e)))
    } else {
        p.grade(limits).map(|g| (g, None))
    };
    match result {
        Ok((grade, explanation)) => {
            let (outcome, text) = match &explanation {
                Some(e) => ("explained", e.to_string().trim_end().to_owned()),
                None => ("graded", grade.to_string()),
            };
            let a = Answer::new(Status::Done, outcome, text).uncounted();
            if !json {
                return a;
            }
            // The library's serde form of the grade: `level`, `rank`,
            // `technique` (`null` when none was needed) and `decisions`.
            let a = a.fields(&grade);
            match explanation {
                Some(e) => {
                    let steps: Vec<Value> = e.steps.iter().map(|s| s.text.clone().into()).collect();
                    let deductions: Vec<Value> = e.steps.iter().map(step_json).collect();
                    a.field("steps", steps).field("deductions", deductions)
                }
                None => a,
            }
        }
        Err(e) => grade_failure(e).uncounted(),
    }
}

fn cell_names(cells: &[gridcsp_puzzles::Cell]) -> Vec<String> {
    cells.iter().map(ToString::to_string).collect()
}

/// A step as JSON: its words, its rule, the cells it reads and those it
/// settles.
pub(crate) fn step_json(s: &gridcsp_puzzles::Step) -> Value {
    serde_json::json!({
        "text": s.text,
        "rule": s.rule,
        "reads": cell_names(&s.reads),
        "settles": cell_names(&s.settles),
    })
}

/// `explain --svg DIR`: a picture of each step of the puzzle `seq` (from
/// 0) of the input, `DIR/step-001.svg`, ... for the first puzzle,
/// `DIR/<n>/step-001.svg`, ... for puzzle `n` (from 1) after it (`.png`
/// with `--png`), at `--cell-size`, written as `render --out` writes
/// (atomically). A failed write makes the answer `failed`. Nothing is
/// drawn without `--svg`, or for a puzzle that was not explained.
pub(crate) fn draw_steps(
    p: &dyn AnyPuzzle,
    limits: &Limits,
    pictures: &StepPictureArgs,
    seq: u64,
    answer: Answer,
) -> Answer {
    let Some(dir) = pictures.svg.as_deref() else {
        return answer;
    };
    if answer.outcome != "explained" {
        return answer;
    }
    let Ok(e) = p.explain(limits) else {
        return answer;
    };
    let ext = if pictures.png { "png" } else { "svg" };
    let dir = if seq == 0 {
        dir.to_path_buf()
    } else {
        dir.join((seq + 1).to_string())
    };
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        for (i, s) in e.steps.iter().enumerate() {
            let options = gridcsp_puzzles::RenderOptions::default()
                .with_highlight(s.settles.clone())
                .with_cause(s.reads.clone())
                .with_cell_size(pictures.cell_size);
            let svg = p.render(&options, limits);
            let bytes = if pictures.png {
                gridcsp_puzzles::render::png::to_png(&svg, 1.0).map_err(io::Error::other)?
            } else {
                svg.into_bytes()
            };
            let file = dir.join(format!("step-{:03}.{ext}", i + 1));
            crate::atomic::write_file(&file, &bytes)?;
        }
        Ok(())
    });
    match written {
        Ok(()) => answer,
        Err(err) => {
            let mut a = Answer::new(Status::Failed, "failed", "failed").uncounted();
            a.message = Some(format!("cannot write {}: {err}", dir.display()));
            a
        }
    }
}

/// [`draw_steps`] for a [`Worker`]'s `explain` (Sudoku's runs its own
/// crate): the record is read again by the family path (`family`), whose
/// steps are the crate's steps, so picture N is step N as printed.
pub(crate) fn draw_record_steps(
    family: &dyn AnyFamily,
    record: &Record,
    limits: &Limits,
    pictures: &StepPictureArgs,
    answer: Answer,
) -> Answer {
    if pictures.svg.is_none() || answer.outcome != "explained" {
        return answer;
    }
    match load(family, record) {
        Ok(p) => draw_steps(&*p, limits, pictures, record.seq, answer),
        Err(_) => answer,
    }
}

fn hint(p: &dyn AnyPuzzle, limits: &Limits, json: bool) -> Answer {
    match p.hint(limits) {
        Ok(h) => {
            let a = Answer::new(Status::Done, "hint", h.to_string()).uncounted();
            if !json {
                return a;
            }
            match h {
                Hint::Step { step, before } => {
                    let before: Vec<Value> = before.iter().map(|s| s.text.clone().into()).collect();
                    a.field("cell", step.cell.map(|c| c.to_string()))
                        .field("value", step.placed)
                        .field("before", before)
                        .field("rule", step.rule.clone())
                        .field("reads", cell_names(&step.reads))
                        .field("settles", cell_names(&step.settles))
                }
                Hint::Guess {
                    cell, value, mark, ..
                } => a
                    .field("cell", cell.to_string())
                    .field("value", value)
                    .field("mark", mark)
                    .field("guess", true),
                _ => a,
            }
        }
        Err(e) => grade_failure(e).uncounted(),
    }
}

fn generate(
    family: &dyn AnyFamily,
    a: &FamilyGenerateArgs,
    run_args: &RunArgs,
    printer: &mut Printer<'_>,
    pages: Option<&crate::render_cmd::Pages<'_>>,
) -> io::Result<Tally> {
    let info = family.info();
    let level = match &a.difficulty {
        None => 0,
        Some(name) => info
            .levels
            .iter()
            .position(|l| l.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = info.levels.iter().map(|l| l.name).collect();
                usage(format!(
                    "{} has no level {name:?}; its levels are {}",
                    info.name,
                    names.join(", ")
                ))
            })?,
    };
    let (rows, cols) = a.size.unwrap_or(info.default_size);
    let seed = a.seed.unwrap_or_else(clock_seed);
    if run_args.stats {
        printer.io().stderr.line(&format!("seed:       {seed}"));
    }
    let json = run_args.json;
    let to = a.to.or(a.id.then_some(Format::Id));
    batch::run_generate(
        run_args,
        a.count,
        seed,
        printer,
        || (),
        |_, job: &GenJob| {
            let options = GenerateOptions::new(rows, cols, level).with_seed(job.seed);
            match family.generate_text(&options) {
                Ok(made) => {
                    let url = || match family.load(&made.puzzle) {
                        Ok(p) => p.puzzlink().map_err(|e| e.to_string()),
                        Err(e) => Err(e.to_string()),
                    };
                    let text = match (&made.game_id, to) {
                        (Some(g), Some(Format::Id)) => g.clone(),
                        (_, Some(Format::Puzzlink)) => match url() {
                            Ok(u) => u,
                            Err(reason) => return failed(reason).uncounted(),
                        },
                        _ => made.puzzle.trim_end().to_owned(),
                    };
                    let a = Answer::new(Status::Done, "generated", text).uncounted();
                    let level = made.grade.level;
                    let a = crate::render_cmd::keep(pages, job.index, &made.puzzle, level, a);
                    if json {
                        a.field("puzzlink", url().ok())
                            .field("puzzle", made.puzzle)
                            .field("game_id", made.game_id)
                            .field("solution", made.solution)
                            .field("level", made.grade.level)
                            .field("attempts", made.attempts)
                    } else {
                        a
                    }
                }
                Err(e) => {
                    crate::render_cmd::skip(pages, job.index);
                    let mut a = Answer::new(Status::Failed, "failed", "failed").uncounted();
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
    use crate::framing::{Form, frame};

    /// The first line and text of each record of `text`.
    fn records(text: &str) -> Vec<(usize, String)> {
        frame(&futoshiki_shape(), text)
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
        let got = frame(&futoshiki_shape(), &text);
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
}
