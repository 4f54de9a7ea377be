//! Sudoku's options and answers on the family path.
//!
//! Every `gridcsp sudoku ...` subcommand but `generate` runs through
//! [`crate::family_cmd`], as every family's does: `hint`, `convert` and
//! `render` are the shared ones, and `solve`, `count`, `check`, `grade`
//! and `explain` are answered by Sudoku's [`Dialect`], which keeps the
//! output they had before the move byte for byte (issue 43;
//! `tests/golden.rs`). The dialect cuts records by [`shape`] (one puzzle
//! per line, or with `--grid` grids of as many rows as the board has,
//! see [`grid_extent`]), reads them with the sudoku crate (Solo IDs and
//! puzz.link URLs too, `--box`, `--diagonal`), and keeps what a batch
//! reuses: the csp-core models (and the grading models), built once per
//! board shape and shared by every thread, and one [`SudokuSolver`] per
//! shape in each thread's [`Worker`] for the whole run. `generate` keeps
//! its own options (`--technique`, `--max-rating`, box shapes, variants)
//! and runs here.

use crate::answer::{Answer, GenJob, Status};
use crate::args::{
    FamilyCheckArgs, FamilyCommand, FamilyCountArgs, FamilyExplainArgs, FamilyInput,
    FamilyLimitedArgs, FamilyRenderArgs, FamilySolveArgs, Format, LimitArgs, RunArgs,
    StepPictureArgs, SudokuCommand, SudokuGenerateArgs, SudokuInput,
};
use crate::batch::{self, Tally};
use crate::common::{clock_seed, conflict_line, search_options, usage};
use crate::family_cmd::{self, Ask, Dialect};
use crate::framing::{Block, Comments, Extent, Form, Record, RecordShape, Vote, is_blank, vote};
use crate::output::{Io, Layout, Printer};
use csp_core::SearchOptions;
use gridcsp_puzzles::families::sudoku::Sudoku;
use gridcsp_puzzles::{AnyFamily, AnyPuzzle, Family, Solved};
use serde_json::Value;
use std::io;
use std::sync::OnceLock;
use sudoku::{
    Board, Cell, Difficulty, Generator, Logic, Outcome, Shape, SudokuError, SudokuModel,
    SudokuSolver, Symmetry, Target, Variant,
};

/// Runs a Sudoku subcommand: its options made the family path's.
pub(crate) fn run(command: SudokuCommand, run_args: &RunArgs, io: &Io) -> io::Result<Tally> {
    let json = run_args.json;
    let files = |i: &SudokuInput| FamilyInput {
        files: i.files.clone(),
    };
    let (command, words) = match command {
        SudokuCommand::Solve(a) => {
            let words = Words::new(&a.input, Some(&a.limits), json).pretty(a.pretty);
            let solve = FamilySolveArgs {
                input: files(&a.input),
                limits: a.limits,
                offline: a.offline,
            };
            (FamilyCommand::Solve(solve), words)
        }
        SudokuCommand::Count(a) => {
            let words = Words::new(&a.input, Some(&a.limits), json);
            let count = FamilyCountArgs {
                input: files(&a.input),
                limit: a.limit,
                limits: a.limits,
                offline: a.offline,
            };
            (FamilyCommand::Count(count), words)
        }
        SudokuCommand::Check(input) => {
            let words = Words::new(&input, None, json);
            let check = FamilyCheckArgs {
                input: files(&input),
                solutions: None,
            };
            (FamilyCommand::Check(check), words)
        }
        SudokuCommand::Grade(a) => {
            let words = Words::new(&a.input, Some(&a.limits), json);
            let grade = FamilyLimitedArgs {
                input: files(&a.input),
                limits: a.limits,
            };
            (FamilyCommand::Grade(grade), words)
        }
        SudokuCommand::Explain(a) => {
            let g = a.grade;
            let words = Words::new(&g.input, Some(&g.limits), json).pictures(a.pictures.clone());
            let explain = FamilyExplainArgs {
                limited: FamilyLimitedArgs {
                    input: files(&g.input),
                    limits: g.limits,
                },
                pictures: a.pictures,
            };
            (FamilyCommand::Explain(explain), words)
        }
        SudokuCommand::Render(a) => {
            let words = Words::new(&a.input, None, json);
            let render = FamilyRenderArgs {
                input: files(&a.input),
                render: a.render,
            };
            (FamilyCommand::Render(render), words)
        }
        // The shared answers, classic rules, on records cut as the other
        // subcommands cut them (one per line, or a janko.at grid after its
        // header line).
        SudokuCommand::Hint(a) => {
            let hint = FamilyCommand::Hint(a);
            return family_cmd::run_with(&Sudoku::CLASSIC, hint, &LineRecords, run_args, io);
        }
        SudokuCommand::Convert(a) => {
            let convert = FamilyCommand::Convert(a);
            return family_cmd::run_with(&Sudoku::CLASSIC, convert, &LineRecords, run_args, io);
        }
        SudokuCommand::Generate(a) => {
            let layout = match (json, a.pretty) {
                (true, _) => Layout::Json,
                (false, true) => Layout::Blocks,
                (false, false) => Layout::Lines,
            };
            return generate(&a, run_args, &mut Printer::new(layout, io));
        }
    };
    family_cmd::run_with(&words.family(), command, &words, run_args, io)
}

/// The shared path's answers on Sudoku's records without `--grid` (the
/// subcommands that have no Sudoku options: `hint`, `convert`).
struct LineRecords;

impl Dialect for LineRecords {
    fn shape(&self) -> Option<RecordShape> {
        Some(shape(false, None))
    }
}

/// Sudoku's words, and what a run shares: the options that read a record
/// (`--grid`, `--box`, `--diagonal`), those of the answers (`--pretty`,
/// the pictures of `explain`) and the models.
struct Words {
    ctx: Ctx,
    /// `--grid`.
    grid: bool,
    /// `solve --pretty`: each solution as a grid.
    pretty: bool,
    /// `explain --svg` and its options.
    pictures: Option<StepPictureArgs>,
    /// The limits of `grade` and `explain`, for the pictures.
    limits: csp_core::Limits,
}

impl Words {
    fn new(input: &SudokuInput, limits: Option<&LimitArgs>, json: bool) -> Words {
        Words {
            ctx: Ctx::new(input, limits, json),
            grid: input.grid,
            pretty: false,
            pictures: None,
            limits: limits.map(family_cmd::limits).unwrap_or_default(),
        }
    }

    fn pretty(self, pretty: bool) -> Words {
        Words { pretty, ..self }
    }

    fn pictures(self, pictures: StepPictureArgs) -> Words {
        Words {
            pictures: Some(pictures),
            ..self
        }
    }

    /// The family the options make: the box shape of `--box`, and the
    /// diagonals of `--diagonal` (for `render` and the step pictures).
    fn family(&self) -> Sudoku {
        Sudoku {
            shape: self.ctx.shape,
            diagonal: self.ctx.diagonal,
        }
    }
}

impl Dialect for Words {
    fn shape(&self) -> Option<RecordShape> {
        Some(shape(self.grid, self.ctx.shape.map(|s| s.size())))
    }

    fn worker(&self) -> Option<Box<dyn family_cmd::Worker + Send + '_>> {
        Some(Box::new(Worker {
            words: self,
            solvers: Vec::new(),
        }))
    }

    fn solve_lines(&self) -> bool {
        !self.pretty
    }
}

/// The record shape of Sudoku input: one puzzle per line, or with
/// `--grid` the grid form (`size`: the board size `--box` gives). Either
/// way a header line `N N` (janko.at's layout, see
/// [`sudoku::is_janko_layout`](gridcsp_puzzles::families::sudoku::is_janko_layout))
/// starts a grid of `N` rows.
pub(crate) fn shape(grid: bool, size: Option<usize>) -> RecordShape {
    let block = |ignorable: fn(&str) -> bool| Block {
        extent: Box::new(move |lines: &[&str]| grid_extent(lines, size)),
        comments: Comments::End,
        ignorable,
    };
    if grid {
        // Border lines such as `------+------` between grids.
        RecordShape::Block(block(|line| cells(line) == 0))
    } else {
        // Between one-line puzzles every line is a record (a lone `|` is
        // an invalid puzzle, not a border).
        RecordShape::HeaderOrLine {
            is_header,
            block: block(|_| false),
        }
    }
}

/// Whether a line is a janko.at header `N N` (with `x` or a box shape).
fn is_header(line: &str) -> bool {
    gridcsp_puzzles::families::sudoku::is_janko_layout(line)
}

/// Whether a character of a grid is layout, not a cell: spaces, `|`, `-`
/// and `+` (as in the sudoku crate's reader).
fn is_layout(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

/// The cells on a line of a grid.
fn cells(line: &str) -> usize {
    line.chars().filter(|&c| !is_layout(c)).count()
}

/// Where a Sudoku grid ends, from its lines so far. A grid has `n` rows
/// (lines with a cell; `------+------` lines do not count): `n` is the size
/// `--box` gives, or else the number of cells of its first row; when the
/// second row disagrees with the first, the count two of the first three
/// rows share (so a damaged first row does not decide the height alone;
/// if all three disagree, the grid ends at the next blank line). A blank
/// line ends a grid early, and a row of more than 35 cells is a record of
/// its own (it belongs to no board). Lines after the n-th row start the
/// next record: grids may follow each other directly. After a header line
/// `N N` the grid has the `N` rows it announces, and a second header line
/// starts the next record.
fn grid_extent(lines: &[&str], size: Option<usize>) -> Extent {
    let last = lines.len() - 1;
    if last > 0 && is_blank(lines[last]) {
        return Extent::Cut(last);
    }
    if is_header(lines[0]) {
        if last > 0 && is_header(lines[last]) {
            return Extent::Cut(last);
        }
        let n = lines[0]
            .split_whitespace()
            .next()
            .and_then(|w| w.parse::<usize>().ok())
            .unwrap_or(0);
        let rows = lines[1..].iter().filter(|l| cells(l) > 0).count();
        return if rows >= n {
            Extent::Cut(last + 1)
        } else {
            Extent::More
        };
    }
    let mut row_ends = Vec::new();
    let mut counts = Vec::with_capacity(3);
    for (i, line) in lines.iter().enumerate() {
        let c = cells(line);
        if c > 0 {
            row_ends.push(i + 1);
            if counts.len() < 3 {
                counts.push(c);
            }
        }
    }
    let n = match (size, counts.first()) {
        (Some(n), _) => n,
        (None, None) => return Extent::More,
        (None, Some(&first)) if first > sudoku::MAX_SIZE => return Extent::Cut(row_ends[0]),
        (None, Some(_)) => match vote(&counts) {
            Vote::Agreed(n) => n,
            Vote::Wait => return Extent::More,
            Vote::Split => return Extent::ToEmptyLine,
        },
    };
    match row_ends.get(n.max(1) - 1) {
        Some(&end) => Extent::Cut(end),
        None => Extent::More,
    }
}

/// A grid error with the line of its row counted from the start of the
/// input: `line 14: row 3, column 2: unexpected 'x'`.
fn locate_in_grid(e: &sudoku::ParseError, record: &Record) -> String {
    use sudoku::ParseError as P;
    let row = match e {
        P::UnexpectedChar { row, .. }
        | P::ValueOutOfRange { row, .. }
        | P::WrongRowLength { row, .. } => *row,
        _ => return e.to_string(),
    };
    let line = record
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| cells(l) > 0)
        .nth(row - 1)
        .map(|(i, _)| record.line + i);
    match line {
        Some(line) => format!("line {line}: {e}"),
        None => e.to_string(),
    }
}

/// An entry of a [`Registry`]: built on first use, or why it could not be.
type Slot<T> = OnceLock<Result<Box<T>, String>>;

/// The rules of a record: its box shape, and whether the diagonals are
/// houses too (`--diagonal`, or an X-Sudoku Solo ID).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Rules {
    shape: Shape,
    diagonal: bool,
}

/// Models built at most once per rules (box shape, diagonals), shared by
/// all threads.
struct Registry<T> {
    slots: Box<[Slot<T>]>,
}

impl<T> Registry<T> {
    fn new() -> Self {
        Registry {
            slots: (0..2 * sudoku::MAX_SIZE * sudoku::MAX_SIZE)
                .map(|_| OnceLock::new())
                .collect(),
        }
    }

    /// The entry for `rules`, built by `build` the first time.
    fn get(
        &self,
        rules: Rules,
        build: impl FnOnce() -> Result<T, SudokuError>,
    ) -> Result<&T, String> {
        let shape = rules.shape;
        let index = (shape.box_rows() - 1) * sudoku::MAX_SIZE
            + (shape.box_cols() - 1)
            + usize::from(rules.diagonal) * sudoku::MAX_SIZE * sudoku::MAX_SIZE;
        let Some(slot) = self.slots.get(index) else {
            return Err(format!(
                "unsupported box shape {}x{}",
                shape.box_rows(),
                shape.box_cols()
            ));
        };
        slot.get_or_init(|| build().map(Box::new).map_err(|e| e.to_string()))
            .as_deref()
            .map_err(Clone::clone)
    }
}

/// What every puzzle of a run shares.
struct Ctx {
    /// The box shape given with `--box`.
    shape: Option<Shape>,
    /// X-Sudoku.
    diagonal: bool,
    /// Limits for solving, counting, and the uniqueness search of grading.
    options: SearchOptions,
    /// Fill JSON fields.
    json: bool,
    models: Registry<SudokuModel>,
    logic: Registry<Logic>,
}

impl Ctx {
    fn new(input: &SudokuInput, limits: Option<&LimitArgs>, json: bool) -> Ctx {
        Ctx {
            shape: input.boxes.and_then(|(r, c)| Shape::with_boxes(r, c).ok()),
            diagonal: input.diagonal,
            options: search_options(limits),
            json,
            models: Registry::new(),
            logic: Registry::new(),
        }
    }

    /// Reads a record as a board and its rules, or says why it is not one.
    /// A line with a `:` is a Solo game ID (`3x3:...`, `2x3x:...`), which
    /// brings its own box shape and diagonals; the jigsaw and killer
    /// variants belong to their own commands.
    fn board(&self, record: &Record) -> Result<(Board, Rules), Answer> {
        if let Some(defect) = &record.defect {
            return Err(Answer::invalid(defect.clone()));
        }
        let text = &record.text;
        if record.form == Form::Line && gridcsp_puzzles::puzzlink::is_url(text) {
            let family = Sudoku {
                shape: self.shape,
                diagonal: false,
            };
            let p = gridcsp_puzzles::puzzlink::read(&family, text)
                .map_err(|e| Answer::invalid(e.to_string()))?;
            let rules = Rules {
                shape: p.board.shape(),
                diagonal: self.diagonal,
            };
            return Ok((p.board, rules));
        }
        if record.form == Form::Line && text.contains(':') {
            let (variant, board) =
                sudoku::solo::parse(text).map_err(|e| Answer::invalid(e.to_string()))?;
            if variant.regions().is_some() {
                return Err(Answer::invalid(
                    "a jigsaw Solo ID: `gridcsp jigsaw-sudoku` reads it".to_owned(),
                ));
            }
            if !variant.cages().is_empty() {
                return Err(Answer::invalid(
                    "a killer Solo ID: `gridcsp killer-sudoku` reads it".to_owned(),
                ));
            }
            let rules = Rules {
                shape: variant.shape(),
                diagonal: self.diagonal || variant.has_diagonals(),
            };
            return Ok((board, rules));
        }
        if record.form == Form::Block && is_header(text.lines().next().unwrap_or("")) {
            let family = Sudoku {
                shape: self.shape,
                diagonal: self.diagonal,
            };
            let p = family
                .parse(text)
                .map_err(|e| Answer::invalid(e.relocated(record.line).to_string()))?;
            let rules = Rules {
                shape: p.board.shape(),
                diagonal: p.variant.has_diagonals(),
            };
            return Ok((p.board, rules));
        }
        let board = match (record.form, self.shape) {
            (Form::Line, Some(shape)) => Board::parse_with_shape(text, shape),
            (Form::Line, None) => Board::parse(text),
            (Form::Block, Some(shape)) => Board::parse_grid_with_shape(text, shape),
            (Form::Block, None) => Board::parse_grid(text),
        };
        let board = board.map_err(|e| match record.form {
            Form::Line => Answer::invalid(e.to_string()),
            Form::Block => Answer::invalid(locate_in_grid(&e, record)),
        })?;
        let rules = Rules {
            shape: board.shape(),
            diagonal: self.diagonal,
        };
        Ok((board, rules))
    }

    fn model(&self, rules: Rules) -> Result<&SudokuModel, Answer> {
        self.models
            .get(rules, || SudokuModel::new(variant(rules)))
            .map_err(Answer::invalid)
    }
}

fn variant(rules: Rules) -> Variant {
    if rules.diagonal {
        Variant::x_sudoku(rules.shape)
    } else {
        Variant::classic(rules.shape)
    }
}

/// One thread's solvers, one per board shape met so far.
struct Worker<'c> {
    words: &'c Words,
    solvers: Vec<SudokuSolver<'c>>,
}

impl<'c> Worker<'c> {
    fn solver(&mut self, rules: Rules) -> Result<&mut SudokuSolver<'c>, Answer> {
        let index = match self.solvers.iter().position(|s| {
            let v = s.model().variant();
            v.shape() == rules.shape && v.has_diagonals() == rules.diagonal
        }) {
            Some(i) => i,
            None => {
                let ctx = &self.words.ctx;
                let model = ctx.model(rules)?;
                self.solvers.push(model.solver_with(ctx.options.clone()));
                self.solvers.len() - 1
            }
        };
        Ok(&mut self.solvers[index])
    }
}

impl family_cmd::Worker for Worker<'_> {
    fn answer(&mut self, ask: Ask, record: &Record) -> Option<Answer> {
        let words = self.words;
        let ctx = &words.ctx;
        Some(match ask {
            Ask::Solve => solve(ctx, self, record, words.pretty),
            Ask::Count(limit) => count(ctx, self, record, limit),
            Ask::Check => check(ctx, record),
            Ask::Grade => grade(ctx, record, false),
            Ask::Explain => {
                let answer = grade(ctx, record, true);
                match &words.pictures {
                    Some(pictures) => family_cmd::draw_record_steps(
                        &words.family(),
                        record,
                        &words.limits,
                        pictures,
                        answer,
                    ),
                    None => answer,
                }
            }
            // Sudoku has no `check --solutions`; `hint` is the shared one.
            Ask::CheckSolutions | Ask::Hint => return None,
        })
    }
}

fn unsolvable(reason: Option<String>) -> Answer {
    let a = Answer::new(Status::Failed, "unsolvable", "unsolvable");
    match reason {
        Some(r) => a.field("reason", r),
        None => a,
    }
}

fn solve(ctx: &Ctx, w: &mut Worker<'_>, record: &Record, pretty: bool) -> Answer {
    let limits = &w.words.limits;
    let (board, rules) = match ctx.board(record) {
        Ok(b) => b,
        Err(a) => return a,
    };
    let solver = match w.solver(rules) {
        Ok(s) => s,
        Err(a) => return a,
    };
    if let Some(a) = offline(solver, &board, limits, crate::parallel::Query::Solve) {
        return a;
    }
    let solved = search_solve(solver, &board, limits);
    match solved {
        Ok((outcome, stats)) => match outcome {
            Outcome::Solved(solution) => {
                let line = solution.to_line();
                let text = if pretty {
                    solution.to_string().trim_end().to_owned()
                } else if ctx.json {
                    line.clone()
                } else {
                    // The common case: the line is the answer's one text.
                    return Answer::new(Status::Done, "solved", line).with_stats(stats);
                };
                let a = Answer::new(Status::Done, "solved", text).with_stats(stats);
                if ctx.json {
                    a.field("solution", line)
                } else {
                    a
                }
            }
            Outcome::NoSolution => unsolvable(None).with_stats(stats),
            Outcome::Stopped(reason) => Answer::limit(reason).with_stats(stats),
        },
        Err(SudokuError::Clash(c)) => {
            unsolvable(ctx.json.then(|| SudokuError::Clash(c).to_string()))
        }
        Err(e) => Answer::invalid(e.to_string()),
    }
}

fn count(ctx: &Ctx, w: &mut Worker<'_>, record: &Record, limit: Option<u64>) -> Answer {
    let limits = &w.words.limits;
    let (board, rules) = match ctx.board(record) {
        Ok(b) => b,
        Err(a) => return a,
    };
    let solver = match w.solver(rules) {
        Ok(s) => s,
        Err(a) => return a,
    };
    let query = crate::parallel::Query::Count(limit);
    if let Some(a) = offline(solver, &board, limits, query) {
        return a;
    }
    let counted = search_count(solver, &board, limit, limits);
    match counted {
        Ok((c, stats)) => Answer::counted(c, stats),
        Err(SudokuError::Clash(_)) => Answer::new(Status::Done, "counted", "0")
            .field("count", 0)
            .field("exact", true),
        Err(e) => Answer::invalid(e.to_string()),
    }
}

/// Runs `search`, one of the searches every family shares
/// ([`crate::parallel`]: one puzzle on many threads, `--split`,
/// `--subproblems`), on the family path's form of `board`: its line read
/// by [`Sudoku`] with the rules of `solver`. That puzzle's model is the
/// solver's model, the givens its assumptions, its options the solver's,
/// so the answers, the statistics and the subproblem files are those a
/// search of the solver's own model would give. Givens that clash are
/// not searched (`Err`); [`SudokuSolver::solve`] does not search them
/// either.
fn shared<R>(
    solver: &SudokuSolver<'_>,
    board: &Board,
    search: impl FnOnce(&dyn AnyPuzzle) -> R,
) -> Result<R, SudokuError> {
    let v = solver.model().variant();
    let clashes = v.clashes(board);
    if !clashes.is_empty() {
        return Err(SudokuError::Clash(clashes));
    }
    let family = Sudoku {
        shape: Some(v.shape()),
        diagonal: v.has_diagonals(),
    };
    let puzzle = family.load(&board.to_line()).map_err(|e| unread(&e))?;
    Ok(search(&*puzzle))
}

/// A board the family path could not read back (its own line): a bug,
/// answered as an invalid record rather than a panic.
fn unread(e: &dyn std::fmt::Display) -> SudokuError {
    SudokuError::Model(csp_core::ModelError::InvalidArgument {
        constraint: "sudoku".to_owned(),
        reason: e.to_string(),
    })
}

/// With `--split` or `--subproblems`, the answer for the puzzle.
fn offline(
    solver: &SudokuSolver<'_>,
    board: &Board,
    limits: &csp_core::Limits,
    query: crate::parallel::Query,
) -> Option<Answer> {
    if !crate::parallel::offline_active() {
        return None;
    }
    shared(solver, board, |p| {
        family_cmd::family_offline(p, limits, query)
    })
    .unwrap_or_else(|e| Some(Answer::invalid(e.to_string())))
}

/// [`SudokuSolver::solve`], on `threads` threads when the input is this
/// one puzzle.
fn search_solve(
    solver: &mut SudokuSolver<'_>,
    board: &Board,
    limits: &csp_core::Limits,
) -> Result<(Outcome, csp_core::Stats), SudokuError> {
    let shared = crate::parallel::instance_threads()
        .map(|t| shared(solver, board, |p| family_cmd::parallel_solve(p, limits, t)));
    Ok(match shared.transpose()?.flatten() {
        Some((Solved::Solution(line), stats)) => {
            let solution = Board::parse_with_shape(&line, board.shape()).map_err(|e| unread(&e))?;
            (Outcome::Solved(solution), stats)
        }
        Some((Solved::Unsolvable, stats)) => (Outcome::NoSolution, stats),
        Some((Solved::Stopped(reason), stats)) => (Outcome::Stopped(reason), stats),
        None => (solver.solve(board)?, solver.stats()),
    })
}

/// [`SudokuSolver::count`], on `threads` threads when the input is this
/// one puzzle.
fn search_count(
    solver: &mut SudokuSolver<'_>,
    board: &Board,
    limit: Option<u64>,
    limits: &csp_core::Limits,
) -> Result<(csp_core::Count, csp_core::Stats), SudokuError> {
    let shared = crate::parallel::instance_threads().map(|t| {
        shared(solver, board, |p| {
            family_cmd::parallel_count(p, limit, limits, t)
        })
    });
    match shared.transpose()?.flatten() {
        Some(counted) => Ok(counted),
        None => Ok((solver.count(board, limit)?, solver.stats())),
    }
}

fn check(ctx: &Ctx, record: &Record) -> Answer {
    let (board, rules) = match ctx.board(record) {
        Ok(b) => b,
        Err(a) => return a,
    };
    let model = match ctx.model(rules) {
        Ok(m) => m,
        Err(a) => return a,
    };
    let conflicts: Vec<Cell> = model.variant().conflicts(&board);
    if conflicts.is_empty() {
        if board.is_complete() {
            Answer::new(Status::Done, "complete", "complete")
        } else {
            Answer::new(Status::Done, "ok", "ok")
        }
    } else {
        let (text, names) = conflict_line(conflicts.iter().map(|c| (c.row, c.col)).collect());
        let mut a = Answer::new(Status::Failed, "conflict", text);
        if ctx.json {
            let clashes: Vec<Value> = model
                .variant()
                .clashes(&board)
                .iter()
                .map(|c| c.to_string().into())
                .collect();
            a = a.field("conflicts", names).field("clashes", clashes);
        }
        a
    }
}

/// The JSON fields of a grade, in the sudoku crate's serde forms: `level`
/// (`easy`), `rating` (a number, 4.2), `technique` (the hardest one's name,
/// `null` for a full grid) and `techniques`, the steps each took.
#[derive(serde::Serialize)]
struct GradeFields {
    level: Difficulty,
    rating: sudoku::Rating,
    technique: Option<sudoku::Technique>,
    techniques: Vec<TechniqueSteps>,
}

/// One technique of a grade and the steps it took.
#[derive(serde::Serialize)]
struct TechniqueSteps {
    technique: sudoku::Technique,
    steps: usize,
}

impl GradeFields {
    fn of(g: &sudoku::Grade) -> GradeFields {
        GradeFields {
            level: g.difficulty,
            rating: g.rating,
            technique: g.hardest,
            techniques: g
                .techniques
                .iter()
                .map(|&(technique, steps)| TechniqueSteps { technique, steps })
                .collect(),
        }
    }
}

/// The grade line: level, rating, then the hardest technique (`guess`
/// when the techniques ran out).
fn grade_words(grade: &sudoku::Grade) -> String {
    match grade.hardest {
        Some(t) => format!("{} {} {t}", grade.difficulty, grade.rating),
        None => format!("{} {}", grade.difficulty, grade.rating),
    }
}

fn grade(ctx: &Ctx, record: &Record, explain: bool) -> Answer {
    let (board, rules) = match ctx.board(record) {
        Ok(b) => b,
        Err(a) => return a,
    };
    let logic = match ctx.logic.get(rules, || {
        Logic::new(variant(rules)).map(|l| l.with_search_options(ctx.options.clone()))
    }) {
        Ok(l) => l,
        Err(e) => return Answer::invalid(e),
    };
    let result = if explain {
        logic.explain(&board).map(|e| {
            let g = e.grade.clone();
            (g, Some(e))
        })
    } else {
        logic.grade(&board).map(|g| (g, None))
    };
    let answer = match result {
        Ok((g, explanation)) => {
            let words = grade_words(&g);
            let text = match &explanation {
                Some(e) => e.to_string().trim_end().to_owned(),
                None => words.clone(),
            };
            let outcome = if explain { "explained" } else { "graded" };
            let mut a = Answer::new(Status::Done, outcome, text);
            if ctx.json {
                a = a.fields(&GradeFields::of(&g));
                if let Some(e) = explanation {
                    let steps: Vec<Value> = e.steps.iter().map(|s| s.to_string().into()).collect();
                    // As every family's: rule (a technique, named as
                    // `docs/sudoku.md` lists it), reads and settles.
                    let v = variant(rules);
                    let deductions: Vec<Value> = e
                        .steps
                        .iter()
                        .map(|s| {
                            family_cmd::step_json(&gridcsp_puzzles::families::sudoku::step_of(
                                &v, s,
                            ))
                        })
                        .collect();
                    a = a
                        .field("steps", steps)
                        .field("deductions", deductions)
                        .field("solution", e.solution.to_line());
                }
            }
            a
        }
        Err(SudokuError::NoSolution) => unsolvable(None),
        Err(e @ SudokuError::Clash(_)) => unsolvable(ctx.json.then(|| e.to_string())),
        Err(SudokuError::MultipleSolutions) => Answer::new(Status::Failed, "multiple", "multiple"),
        Err(SudokuError::Stopped(reason)) => Answer::limit(reason),
        Err(e) => Answer::invalid(e.to_string()),
    };
    // The uniqueness search runs inside `Logic`, which does not report its
    // nodes.
    answer.uncounted()
}

fn generate(
    a: &SudokuGenerateArgs,
    run_args: &RunArgs,
    printer: &mut Printer<'_>,
) -> io::Result<Tally> {
    let shape = match (a.boxes, a.size) {
        (Some((r, c)), _) => Shape::with_boxes(r, c),
        (None, Some(n)) => Shape::new(n),
        (None, None) => Ok(Shape::CLASSIC),
    };
    let shape = match shape {
        Ok(s) => s,
        Err(e) => return Err(usage(e.to_string())),
    };
    let seed = a.seed.unwrap_or_else(clock_seed);
    if run_args.stats {
        printer.io().stderr.line(&format!("seed:       {seed}"));
    }
    let symmetry = if a.symmetric {
        Symmetry::Rotational
    } else {
        Symmetry::None
    };
    let (json, pretty, minimal, diagonal) = (run_args.json, a.pretty, a.minimal, a.diagonal);
    let to = a.to;
    let target = sudoku_target(a);
    let family = Sudoku {
        shape: Some(shape),
        diagonal,
    };
    let pages = crate::render_cmd::Pages::new(&a.booklet, &family, a.count)?;
    let tally = batch::run_generate(
        run_args,
        a.count,
        seed,
        printer,
        || (),
        |_, job: &GenJob| {
            let made = Generator::new(variant(Rules { shape, diagonal }), job.seed).and_then(|g| {
                g.with_symmetry(symmetry)
                    .with_minimal(minimal)
                    .generate_target(&target)
            });
            let answer = match made {
                Ok(made) => {
                    let line = made.puzzle.to_line();
                    let text = match to {
                        _ if pretty => made.puzzle.to_string().trim_end().to_owned(),
                        None | Some(Format::Text) => line.clone(),
                        Some(to) => {
                            let written = AnyFamily::load(&family, &line)
                                .map_err(|e| e.to_string())
                                .and_then(|p| crate::convert::written(&*p, to));
                            match written {
                                Ok(text) => text,
                                Err(reason) => {
                                    let mut a = Answer::new(Status::Failed, "failed", "failed");
                                    a.message = Some(reason);
                                    return a.uncounted();
                                }
                            }
                        }
                    };
                    let a = Answer::new(Status::Done, "generated", text);
                    let level = made.grade.as_ref().map_or("", |g| g.difficulty.name());
                    let a = crate::render_cmd::keep(pages.as_ref(), job.index, &line, level, a);
                    if json {
                        let words = made.grade.as_ref().map(grade_words).unwrap_or_default();
                        let rating = made.grade.as_ref().map(|g| g.rating.value());
                        a.field("puzzle", line)
                            .field("solution", made.solution.to_line())
                            .field("grade", words)
                            .field("rating", rating)
                            .field("clues", made.puzzle.filled())
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

/// What `generate` must make: the level, hardest technique and highest
/// rating asked for (medium when none is).
fn sudoku_target(a: &SudokuGenerateArgs) -> Target {
    let mut target = match (a.difficulty, a.technique, a.max_rating) {
        (None, None, None) => Target::level(Difficulty::Medium),
        (d, _, _) => d.map(Target::level).unwrap_or_default(),
    };
    if let Some(t) = a.technique {
        target = target.with_technique(t);
    }
    if let Some(r) = a.max_rating {
        target = target.with_max_rating(r);
    }
    target
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framing::frame;

    /// The first line and text of each record of `text` in `--grid` mode.
    fn grids(text: &str, size: Option<usize>) -> Vec<(usize, String)> {
        frame(&shape(true, size), text)
            .into_iter()
            .map(|r| (r.line, r.text))
            .collect()
    }

    fn own(v: &[(usize, &str)]) -> Vec<(usize, String)> {
        v.iter().map(|&(l, t)| (l, t.to_owned())).collect()
    }

    #[test]
    fn grids_end_after_their_rows_or_at_a_blank_line() {
        let grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1";
        let text = format!("# a\n{grid}\n{grid}\n\n\n{grid}");
        let got = grids(&text, None);
        assert_eq!(got, own(&[(2, grid), (7, grid), (14, grid)]));
        // Short: the blank line ends it; a lone row stays alone.
        let got = grids("1 2 3 4\n1 . . .\n\n1 . . .\n# c\n. .\n. .", None);
        assert_eq!(
            got,
            own(&[(1, "1 2 3 4\n1 . . ."), (4, "1 . . ."), (6, ". .\n. .")])
        );
    }

    #[test]
    fn a_header_line_starts_a_grid_of_its_height_in_either_mode() {
        let janko = "4 4\n1 - - -\n- - 3 -\n- 4 - -\n- - - 2";
        let line = "1...3..4.......2";
        // Line mode: lines are puzzles, a header starts a grid.
        let text = format!("{line}\n{janko}\n{line}\n\n{janko}\n{janko}");
        let got: Vec<(usize, String)> = frame(&shape(false, None), &text)
            .into_iter()
            .map(|r| (r.line, r.text))
            .collect();
        assert_eq!(
            got,
            own(&[(1, line), (2, janko), (7, line), (9, janko), (14, janko)])
        );
        // Grid mode: the header gives the height; a short grid ends at the
        // next header or blank line.
        let short = "4 4\n1 - - -\n- - 3 -";
        let got = grids(
            &format!("{janko}\n{short}\n{janko}\n{short}\n\n{janko}"),
            None,
        );
        assert_eq!(
            got,
            own(&[(1, janko), (6, short), (9, janko), (14, short), (18, janko)])
        );
    }

    #[test]
    fn borders_between_grids_are_skipped() {
        let bordered = "+---+\n|1 2|\n|2 1|\n+---+";
        let got = grids(&format!("{bordered}\n{bordered}"), None);
        assert_eq!(got, own(&[(2, "|1 2|\n|2 1|"), (6, "|1 2|\n|2 1|")]));
    }

    #[test]
    fn a_damaged_row_does_not_decide_the_height() {
        // The first row has a cell too many: rows 2 and 3 outvote it.
        let got = grids("1 . . . 5\n. . . .\n. . . .\n. . . .\n1 2\n2 1", None);
        assert_eq!(
            got,
            own(&[(1, "1 . . . 5\n. . . .\n. . . .\n. . . ."), (5, "1 2\n2 1")])
        );
        // All three differ: to the next blank line.
        let got = grids("1 2\n1 2 3\n1\n1 2 3 4\n\n5", None);
        assert_eq!(got, own(&[(1, "1 2\n1 2 3\n1\n1 2 3 4"), (6, "5")]));
        // A size from --box is not voted on.
        let got = grids("1 . . . 5\n. . . .\n. . . .\n. . . .\n1 2", Some(4));
        assert_eq!(
            got,
            own(&[(1, "1 . . . 5\n. . . .\n. . . .\n. . . ."), (5, "1 2")])
        );
        // A row wider than any board is a record of its own.
        let wide = "1".repeat(81);
        let got = grids(&format!("{wide}\n{wide}"), None);
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn grid_errors_name_the_line_of_their_row() {
        let record = |text: &str| Record {
            seq: 0,
            source: std::sync::Arc::from("f"),
            line: 10,
            text: text.to_owned(),
            form: Form::Block,
            defect: None,
            comment: None,
        };
        let r = record("1 2 | 3 4\n----+----\n3 x | 1 2\n. . . .\n. . . .");
        let e = Board::parse_grid(&r.text).expect_err("x");
        assert_eq!(
            locate_in_grid(&e, &r),
            "line 12: row 2, column 2: unexpected 'x'"
        );
    }

    #[test]
    fn conflict_lines_are_sorted_and_unique() {
        let (text, names) = conflict_line(vec![(0, 6), (0, 1), (0, 6)]);
        assert_eq!(text, "conflict r1c2 r1c7");
        assert_eq!(names, ["r1c2", "r1c7"]);
    }

    #[test]
    fn registry_builds_once_per_shape_and_diagonals() {
        let r: Registry<u32> = Registry::new();
        let rules = |shape, diagonal| Rules { shape, diagonal };
        let classic = rules(Shape::CLASSIC, false);
        assert_eq!(r.get(classic, || Ok(7)), Ok(&7));
        assert_eq!(r.get(classic, || Ok(8)), Ok(&7));
        assert_eq!(r.get(rules(Shape::CLASSIC, true), || Ok(5)), Ok(&5));
        let big = Shape::with_boxes(5, 7).expect("35x35");
        assert_eq!(r.get(rules(big, false), || Ok(9)), Ok(&9));
        assert_eq!(r.get(rules(big, true), || Ok(6)), Ok(&6));
    }
}
