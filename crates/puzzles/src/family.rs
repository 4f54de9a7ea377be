//! The [`Family`] trait and the types every family shares.

use crate::generic;
use crate::puzzlink::{EncodeError, Genre, Url};
use crate::render::RenderOptions;
use csp_core::{
    ConstraintId, Deduction, Limits, ModelError, SearchOptions, Stats, StopReason, VarId,
};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A cell of a grid, 0-based; shown 1-based as `r1c1`, as players write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Row, from 0 at the top.
    pub row: usize,
    /// Column, from 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col` (0-based).
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A text that is not a puzzle (or not a solution) of the family: what is
/// wrong, and where, counted from the start of the text (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", location(*.line, *.column))]
pub struct ParseError {
    /// The line, from 1, if the error is on one line.
    pub line: Option<usize>,
    /// The column (in characters, from 1), if the error is at one place.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

fn location(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
        (Some(l), None) => format!("line {l}: "),
        _ => String::new(),
    }
}

impl ParseError {
    /// An error about the whole text.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// An error on line `line` (from 1).
    pub fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line: Some(line),
            column: None,
            message: message.into(),
        }
    }

    /// An error at `line`, `column` (both from 1).
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line: Some(line),
            column: Some(column),
            message: message.into(),
        }
    }

    /// The same error with its line counted from `first_line` instead of 1
    /// (a record that starts on line `first_line` of a file).
    pub fn relocated(mut self, first_line: usize) -> ParseError {
        if let Some(l) = self.line.as_mut() {
            *l += first_line - 1;
        }
        self
    }
}

/// A broken rule, with the cells that break it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Violation {
    /// The rule, in words: "the run right of r2c1 must sum to 17".
    pub rule: String,
    /// The cells involved.
    pub cells: Vec<Cell>,
}

impl Violation {
    /// A violation of `rule` by `cells`.
    pub fn new(rule: impl Into<String>, cells: Vec<Cell>) -> Violation {
        Violation {
            rule: rule.into(),
            cells,
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rule)?;
        if !self.cells.is_empty() {
            f.write_str(" (")?;
            for (i, c) in self.cells.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// One rung of a family's difficulty ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name used on the command line and in grades (`easy`).
    pub name: &'static str,
    /// What a puzzle of this level needs, in one sentence.
    pub about: &'static str,
}

/// What a family is called and how its records look.
#[derive(Clone, Copy, Debug)]
pub struct FamilyInfo {
    /// The name on the command line (`kakuro`, `star-battle`).
    pub name: &'static str,
    /// The name in prose (`Kakuro`, `Star Battle`).
    pub title: &'static str,
    /// The rules in one or two sentences.
    pub rules: &'static str,
    /// The difficulty ladder, easiest first. The last level is the one of
    /// puzzles that need search (trial and error) after the deductions of
    /// every other level.
    pub levels: &'static [Level],
    /// How records of the family are laid out in a file.
    pub shape: RecordShape,
    /// The size `generate` makes when none is asked for (rows, columns).
    pub default_size: (usize, usize),
}

/// Where one record (one puzzle) of a family starts and ends in a file.
///
/// The command-line tool cuts its input into records with this, before any
/// parsing, so a damaged record never takes a line of the next one.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum RecordShape {
    /// One puzzle per line.
    Line,
    /// A header line followed by a number of lines the header determines
    /// (`lines(header)`: the lines after the header, or `None` if the
    /// header is not a valid one, in which case the record ends at the next
    /// empty line). A line that looks like a one-line form
    /// (`one_line(line)`) is a record of its own.
    Header {
        /// Lines after the header, from the header line.
        lines: fn(&str) -> Option<usize>,
        /// Whether a line is a puzzle in a one-line form (a Tatham game ID).
        one_line: fn(&str) -> bool,
    },
    /// As [`Header`](Self::Header), for a layout whose rows may start
    /// with `#` (a hole in janko.at's Star Battle): within the lines the
    /// header announces, a line starting with `#` that `is_row(header,
    /// line)` accepts is a row; any other ends the record and is a
    /// comment, as a `#` line is before the header and after the last row.
    HeaderHashRows {
        /// Lines after the header, from the header line.
        lines: fn(&str) -> Option<usize>,
        /// Whether a line is a puzzle in a one-line form (a Tatham game ID).
        one_line: fn(&str) -> bool,
        /// Whether a line starting with `#` can be a row of the grid the
        /// header line announces.
        is_row: fn(header: &str, line: &str) -> bool,
    },
}

/// A puzzle compiled to a csp-core model, with the map back to its cells.
#[derive(Debug)]
pub struct Built {
    /// The model.
    pub model: csp_core::Model,
    /// The grid's size.
    pub rows: usize,
    /// The grid's size.
    pub cols: usize,
    /// The variable of each cell, row-major; `None` for cells without one
    /// (a Kakuro block, a Light Up wall).
    pub cells: Vec<Option<VarId>>,
    /// Givens applied as assumptions before each run (empty when the
    /// model already fixes them).
    pub assumptions: Vec<(VarId, csp_core::Value)>,
    /// The search options to solve with.
    pub options: SearchOptions,
    /// What the family keeps beside the model for its reasons (which clue
    /// each constraint stands for, say), so that putting a deduction into
    /// words need not build the model again: set with
    /// [`Built::with_data`], read with [`Built::data`].
    pub data: Option<Arc<dyn std::any::Any + Send + Sync>>,
}

impl Built {
    /// The same model with `data` kept beside it ([`Built::data`]).
    #[must_use]
    pub fn with_data<T: std::any::Any + Send + Sync>(mut self, data: T) -> Built {
        self.data = Some(Arc::new(data));
        self
    }

    /// The data the family kept beside the model, if it is a `T`.
    pub fn data<T: std::any::Any>(&self) -> Option<&T> {
        self.data.as_deref()?.downcast_ref()
    }

    /// The data the family kept beside the model if it is a `T`, else
    /// what `make` gives (for a model built without it).
    pub fn data_or_else<T: std::any::Any + Clone>(
        &self,
        make: impl FnOnce() -> T,
    ) -> std::borrow::Cow<'_, T> {
        match self.data::<T>() {
            Some(data) => std::borrow::Cow::Borrowed(data),
            None => std::borrow::Cow::Owned(make()),
        }
    }

    /// A model over a `rows x cols` grid whose cells have no variable yet.
    pub fn new(model: csp_core::Model, rows: usize, cols: usize) -> Built {
        Built::with_cells(model, rows, cols, vec![None; rows * cols])
    }

    /// A model over a `rows x cols` grid with the variable of each cell
    /// (row-major, `rows * cols` of them) given at once, rather than
    /// [`Built::new`]'s empty cells replaced.
    pub fn with_cells(
        model: csp_core::Model,
        rows: usize,
        cols: usize,
        cells: Vec<Option<VarId>>,
    ) -> Built {
        debug_assert_eq!(cells.len(), rows * cols);
        Built {
            model,
            rows,
            cols,
            cells,
            assumptions: Vec::new(),
            options: generic::default_search_options(),
            data: None,
        }
    }

    /// The variable of the cell, if it has one.
    pub fn var(&self, cell: Cell) -> Option<VarId> {
        if cell.row < self.rows && cell.col < self.cols {
            self.cells[cell.row * self.cols + cell.col]
        } else {
            None
        }
    }

    /// The cell a variable stands for (`None` for auxiliary variables).
    pub fn cell_of(&self, var: VarId) -> Option<Cell> {
        let i = self.cells.iter().position(|&v| v == Some(var))?;
        Some(Cell::new(i / self.cols, i % self.cols))
    }
}

/// A puzzle's grade on its family's ladder.
///
/// With the `serde` feature it serialises (`{"rank":1,"level":"medium",...}`)
/// but does not deserialise: `level` borrows the family's own name for the
/// level; read the `rank` back and look it up in [`FamilyInfo::levels`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Grade {
    /// Index into [`FamilyInfo::levels`].
    pub rank: usize,
    /// The level's name.
    pub level: &'static str,
    /// The hardest technique the deductions used, if any: a rule of the
    /// family's list by name ([`Family::rules`]: the latest there the
    /// deductions used, as [`Explanation::hardest`] names it), the
    /// engine's rule for a family without a list, or `search` at the
    /// level that needs trial and error.
    pub technique: Option<String>,
    /// Search decisions needed after the deductions (0 below the top level).
    pub decisions: u64,
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.level)?;
        if let Some(t) = &self.technique {
            write!(f, " {t}")?;
        }
        Ok(())
    }
}

/// One deduction in words: every cell one reason settles, what is written
/// there, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// The deduction: "r2c2 and r2c3 cannot be 4 to 9: the run right of
    /// r2c1 sums to 3 (run sum)".
    pub text: String,
    /// The first cell it settles.
    pub cell: Option<Cell>,
    /// The value placed there, for a placement.
    pub placed: Option<csp_core::Value>,
    /// The rule, by its name in the family's list ([`Family::rules`], the
    /// family's page in `docs/formats`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub rule: String,
    /// The cells the reason reads (a clue, a line, a region).
    #[cfg_attr(feature = "serde", serde(default))]
    pub reads: Vec<Cell>,
    /// Every cell the step settles (for a line on an edge, the cells on
    /// either side of it).
    #[cfg_attr(feature = "serde", serde(default))]
    pub settles: Vec<Cell>,
}

impl Step {
    /// A step that says `text` about nothing in particular (no rule, no
    /// cells).
    pub fn new(text: impl Into<String>) -> Step {
        Step {
            text: text.into(),
            cell: None,
            placed: None,
            rule: String::new(),
            reads: Vec::new(),
            settles: Vec::new(),
        }
    }
}

/// A named deduction of a family, as a player knows it: what
/// [`Family::rules`] lists and each step names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Its name ("clue full", "hidden single").
    pub name: &'static str,
    /// What it says, in one sentence.
    pub about: &'static str,
    /// The level of Simon Tatham's version of the game it belongs to,
    /// where he has the game.
    pub tatham: Option<&'static str>,
}

impl Rule {
    /// A rule named `name` that says `about`, at Tatham level `tatham`.
    pub const fn new(
        name: &'static str,
        about: &'static str,
        tatham: Option<&'static str>,
    ) -> Rule {
        Rule {
            name,
            about,
            tatham,
        }
    }
}

/// Why the engine made a deduction, in the player's words
/// ([`Family::reason`]). Deductions in a row with equal reasons, or with
/// one rule and the same cells read, make one step
/// ([`generic::steps_of`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The rule, by its name in [`Family::rules`].
    pub rule: String,
    /// What the player looks at: "the 2 at r1c5 has its two bulbs". Empty
    /// when the rule's name says it all.
    pub cause: String,
    /// The cells of the cause.
    pub reads: Vec<Cell>,
}

impl Reason {
    /// A reason: `rule` because of `cause`, which reads `reads`.
    pub fn new(rule: impl Into<String>, cause: impl Into<String>, reads: Vec<Cell>) -> Reason {
        Reason {
            rule: rule.into(),
            cause: cause.into(),
            reads,
        }
    }
}

/// Where a deduction writes on the grid: a cell, or a line between
/// places (Slitherlink's sides of cells, Masyu's links between cell
/// centres).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Spot {
    /// A cell.
    Cell(Cell),
    /// A side of a cell on the lattice of cell corners: the top side of
    /// cell `(row, col)` when `top`, else its left side; `row` may be the
    /// number of rows (the bottom border), `col` the number of columns.
    Side {
        /// Top (a horizontal side) or left (a vertical one).
        top: bool,
        /// Row of the cell whose top or left it is (0-based).
        row: usize,
        /// Its column.
        col: usize,
    },
    /// The link between the centres of two neighbouring cells.
    Link(Cell, Cell),
}

impl Spot {
    /// The cells the spot touches inside a `rows x cols` grid.
    pub fn cells(&self, rows: usize, cols: usize) -> Vec<Cell> {
        let inside = |c: &Cell| c.row < rows && c.col < cols;
        let all = match *self {
            Spot::Cell(c) => vec![c],
            Spot::Side { top, row, col } => {
                let here = Cell::new(row, col);
                let before = if top {
                    row.checked_sub(1).map(|r| Cell::new(r, col))
                } else {
                    col.checked_sub(1).map(|c| Cell::new(row, c))
                };
                before.into_iter().chain([here]).collect()
            }
            Spot::Link(a, b) => vec![a, b],
        };
        all.into_iter().filter(inside).collect()
    }
}

/// Cells as players write them (`r1c2`); sides as a cell and the side
/// (`r3c2 bottom`, named from the cell above or left of them except on
/// the grid's top and left border); links as their two cells
/// (`r1c1-r1c2`).
impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Spot::Cell(c) => write!(f, "{c}"),
            Spot::Side {
                top: true,
                row: 0,
                col,
            } => write!(f, "{} top", Cell::new(0, col)),
            Spot::Side {
                top: true,
                row,
                col,
            } => write!(f, "{} bottom", Cell::new(row - 1, col)),
            Spot::Side {
                top: false,
                row,
                col: 0,
            } => write!(f, "{} left", Cell::new(row, 0)),
            Spot::Side {
                top: false,
                row,
                col,
            } => write!(f, "{} right", Cell::new(row, col - 1)),
            Spot::Link(a, b) => write!(f, "{a}-{b}"),
        }
    }
}

/// A step-by-step solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Explanation {
    /// The deductions, in order.
    pub steps: Vec<Step>,
    /// The grade.
    pub grade: Grade,
    /// The hardest rule the steps use: the one latest in
    /// [`Family::rules`] (easiest first), by name.
    pub hardest: Option<String>,
}

/// The numbered steps, then the grade's level and the hardest rule the
/// steps use, in the player's words (the rule the grade's technique
/// names too).
impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.steps.iter().enumerate() {
            writeln!(f, "{:>3}. {}", i + 1, s.text)?;
        }
        write!(f, "grade: {}", self.grade.level)?;
        if self.grade.technique.as_deref() == Some("search") {
            f.write_str(" (trial and error)")?;
        } else if let Some(rule) = &self.hardest {
            write!(f, " (hardest step: {rule})")?;
        }
        writeln!(f)
    }
}

/// Why a puzzle could not be graded, explained or hinted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// No solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// Several solutions.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// A limit stopped the search first.
    #[error("{0}")]
    Stopped(StopReason),
    /// The model could not be built.
    #[error(transparent)]
    Model(#[from] ModelError),
}

/// What [`Family::generate`] is asked for.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// Rows of the grid (families with a fixed size ignore it).
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The level, an index into [`FamilyInfo::levels`].
    pub level: usize,
    /// The seed: the same options give the same puzzle on every machine.
    pub seed: u64,
    /// Candidates tried before giving up; 0 (the default) for the
    /// family's own budget (see [`GenerateOptions::attempts_or`]), sized
    /// from how many candidates its rarest level takes and what one costs,
    /// as 0 threads means "all cores" elsewhere.
    pub max_attempts: u32,
    /// When to give up (see [`GenerateOptions::with_time_limit`]); `None`
    /// for no time limit.
    pub deadline: Option<Instant>,
    /// A flag another thread raises to stop the generator (see
    /// [`GenerateOptions::with_cancel`]).
    pub cancel: Option<Arc<AtomicBool>>,
}

/// Equal when every option is, the cancellation flags by identity (the
/// same flag, or none on both sides).
impl PartialEq for GenerateOptions {
    fn eq(&self, other: &GenerateOptions) -> bool {
        let same_flag = match (&self.cancel, &other.cancel) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        self.rows == other.rows
            && self.cols == other.cols
            && self.level == other.level
            && self.seed == other.seed
            && self.max_attempts == other.max_attempts
            && self.deadline == other.deadline
            && same_flag
    }
}

impl Eq for GenerateOptions {}

impl GenerateOptions {
    /// Options for a `rows x cols` puzzle of level `level`, seed 0, with
    /// the family's own attempt budget.
    pub fn new(rows: usize, cols: usize, level: usize) -> GenerateOptions {
        GenerateOptions {
            rows,
            cols,
            level,
            seed: 0,
            max_attempts: 0,
            deadline: None,
            cancel: None,
        }
    }

    /// The same options with another seed.
    pub fn with_seed(mut self, seed: u64) -> GenerateOptions {
        self.seed = seed;
        self
    }

    /// The same options with another attempt budget (0: the family's
    /// own).
    pub fn with_max_attempts(mut self, attempts: u32) -> GenerateOptions {
        self.max_attempts = attempts;
        self
    }

    /// The same options with a time limit: the generator gives up with
    /// [`GenerateError::Stopped`] once `limit` has passed since this call.
    /// Generators look at the clock between candidates (and Sudoku's and
    /// Futoshiki's only before they start), so one candidate under way
    /// still finishes: the limit is not exact.
    pub fn with_time_limit(mut self, limit: Duration) -> GenerateOptions {
        self.deadline = Instant::now().checked_add(limit);
        self
    }

    /// The same options with a cancellation flag: once another thread sets
    /// it, the generator gives up with [`GenerateError::Stopped`] (with
    /// [`StopReason::Cancelled`]) at its next candidate, as a search stops
    /// on [`Limits::cancel`].
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> GenerateOptions {
        self.cancel = Some(flag);
        self
    }

    /// Why the generator must stop now, if it must: the cancellation flag
    /// is set, or the deadline has passed.
    pub fn stopped(&self) -> Option<StopReason> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            Some(StopReason::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::TimeLimit)
        } else {
            None
        }
    }

    /// `Err(GenerateError::Stopped(..))` when the generator must stop now
    /// (see [`GenerateOptions::stopped`]): each generator calls it before
    /// each candidate.
    ///
    /// ```
    /// use gridcsp_puzzles::{GenerateError, GenerateOptions, StopReason};
    /// use std::time::Duration;
    /// let o = GenerateOptions::new(7, 7, 0);
    /// assert_eq!(o.check(), Ok(()));
    /// let late = o.with_time_limit(Duration::ZERO);
    /// assert_eq!(late.check(), Err(GenerateError::Stopped(StopReason::TimeLimit)));
    /// ```
    pub fn check(&self) -> Result<(), GenerateError> {
        match self.stopped() {
            Some(reason) => Err(GenerateError::Stopped(reason)),
            None => Ok(()),
        }
    }

    /// The attempt budget for a family whose own is `default`:
    /// `max_attempts`, or `default` when that is 0. Never 0.
    ///
    /// ```
    /// use gridcsp_puzzles::GenerateOptions;
    /// let o = GenerateOptions::new(7, 7, 0);
    /// assert_eq!(o.attempts_or(5_000), 5_000);
    /// assert_eq!(o.with_max_attempts(3).attempts_or(5_000), 3);
    /// ```
    pub fn attempts_or(&self, default: u32) -> u32 {
        match self.max_attempts {
            0 => default.max(1),
            n => n,
        }
    }
}

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Generated<P, S> {
    /// The puzzle.
    pub puzzle: P,
    /// Its only solution.
    pub solution: S,
    /// Its grade.
    pub grade: Grade,
    /// Candidates made before this one was accepted.
    pub attempts: u32,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The family has no generator.
    #[error("{family} has no generator")]
    Unsupported {
        /// The family.
        family: &'static str,
    },
    /// The options make no sense (size out of range, unknown level).
    #[error("{0}")]
    BadOptions(String),
    /// No candidate of the asked level came up within the attempts.
    #[error("no {level} puzzle found in {attempts} attempts")]
    GaveUp {
        /// The level asked for.
        level: &'static str,
        /// Attempts made.
        attempts: u32,
    },
    /// The time limit or the cancellation flag of the options stopped the
    /// generator.
    #[error("the generator stopped: {0}")]
    Stopped(StopReason),
    /// The model could not be built.
    #[error(transparent)]
    Model(#[from] ModelError),
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Solved<S> {
    /// A solution.
    Solution(S),
    /// No solution (proved).
    Unsolvable,
    /// A limit stopped the search.
    Stopped(StopReason),
}

/// The result of a uniqueness check.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Unique<S> {
    /// No solution.
    None,
    /// Exactly one.
    Unique(S),
    /// At least two; here are two.
    Multiple(S, S),
    /// A limit stopped the search.
    Stopped(StopReason),
}

/// A hint: the next deduction, or what stands in the way.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Hint {
    /// The next deduction that places a value, with the ones before it
    /// that it depends on.
    Step {
        /// The placement.
        step: Step,
        /// Eliminations made before it.
        before: Vec<Step>,
    },
    /// No deduction places a value: trial and error is needed; the cell
    /// and the value the solution has there, and what a player writes for
    /// it.
    #[non_exhaustive]
    Guess {
        /// The cell.
        cell: Cell,
        /// Its value in the solution.
        value: csp_core::Value,
        /// The value as a player writes it, after the cell's name
        /// ([`Family::mark`]): "is 5", "is \\", "is +", "holds a star".
        #[cfg_attr(feature = "serde", serde(default))]
        mark: String,
    },
    /// Every cell is already decided by the givens.
    Solved,
}

impl Hint {
    /// A guess: `value` at `cell`, which a player writes as `mark` after
    /// the cell's name ("is 5", "holds a star").
    ///
    /// ```
    /// use gridcsp_puzzles::{Cell, Hint};
    /// let h = Hint::guess(Cell::new(0, 0), 1, "is \\");
    /// assert_eq!(h.to_string(), "no deduction applies; try: r1c1 is \\ (from the solution)");
    /// ```
    pub fn guess(cell: Cell, value: csp_core::Value, mark: impl Into<String>) -> Hint {
        Hint::Guess {
            cell,
            value,
            mark: mark.into(),
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Step { step, .. } => f.write_str(&step.text),
            Hint::Guess { cell, value, mark } => {
                if mark.is_empty() {
                    write!(
                        f,
                        "no deduction applies; try: {cell} is {value} (from the solution)"
                    )
                } else {
                    write!(
                        f,
                        "no deduction applies; try: {cell} {mark} (from the solution)"
                    )
                }
            }
            Hint::Solved => f.write_str("nothing left to deduce"),
        }
    }
}

/// A puzzle family: how to read and write its puzzles, the csp-core model
/// of an instance, and the map from a solution back to the grid.
///
/// Only the reading, writing, modelling and checking methods are required;
/// solving, counting, uniqueness, grading, explanations and hints have
/// defaults that run csp-core on [`build`](Family::build)'s model, so a
/// new family is one module. A family is a value (often a unit struct), so
/// it can carry options (a Sudoku's box shape).
///
/// The grade's default is the engine's own reasoning: a family builds its
/// model for each level of its ladder ([`build_for_level`](Family::build_for_level):
/// stronger propagation, more deduction rules at higher levels), and a
/// puzzle's level is the lowest one whose propagation alone, without
/// search, solves it. The last level is for puzzles that need search.
pub trait Family: Send + Sync {
    /// A parsed puzzle.
    type Puzzle: Clone + fmt::Debug + PartialEq + Send + Sync;
    /// A solution, in the family's terms.
    type Solution: Clone + fmt::Debug + PartialEq + Send + Sync;

    /// The family's name, rules, ladder and record shape.
    fn info(&self) -> &FamilyInfo;

    /// Reads a puzzle in any of the family's formats (the text layout, a
    /// one-line form such as a Tatham game ID). puzz.link URLs are read by
    /// [`from_puzzlink`](Family::from_puzzlink), which
    /// [`AnyFamily::load`](crate::AnyFamily::load) calls for a URL.
    fn parse(&self, text: &str) -> Result<Self::Puzzle, ParseError>;

    /// Writes a puzzle in the text layout; [`parse`](Family::parse) reads
    /// it back to an equal puzzle.
    fn write(&self, puzzle: &Self::Puzzle) -> String;

    /// Writes a puzzle in its one-line form (a Tatham game ID), if the
    /// family has one.
    fn write_game_id(&self, puzzle: &Self::Puzzle) -> Option<String> {
        let _ = puzzle;
        None
    }

    /// The family's genre on puzz.link, if it has one; `None` (the
    /// default): the family is not on puzz.link.
    fn puzzlink(&self) -> Option<&'static Genre> {
        None
    }

    /// Reads a puzz.link URL of the family's genre (split by
    /// [`Url::parse`]; [`puzzlink::read`](crate::puzzlink::read) checks the
    /// genre first). Flags, variants and clues the family cannot take are
    /// an error that names them. The default: not on puzz.link.
    #[expect(
        clippy::wrong_self_convention,
        reason = "the family reads the URL: `self` carries its options (a Sudoku's box shape)"
    )]
    fn from_puzzlink(&self, url: &Url) -> Result<Self::Puzzle, ParseError> {
        Err(url.error(format!("{} is not on puzz.link", self.info().title)))
    }

    /// Writes a puzzle as a puzz.link URL; [`from_puzzlink`](Family::from_puzzlink)
    /// reads it back to an equal puzzle. An error for a puzzle the genre
    /// cannot hold (and, by default, for a family not on puzz.link).
    fn to_puzzlink(&self, puzzle: &Self::Puzzle) -> Result<Url, EncodeError> {
        let _ = puzzle;
        Err(EncodeError::new(format!(
            "{} is not on puzz.link",
            self.info().title
        )))
    }

    /// The csp-core model for solving.
    fn build(&self, puzzle: &Self::Puzzle) -> Result<Built, ModelError>;

    /// The model whose propagation is that of ladder level `level`. The
    /// default is the solving model at every level (a two-level ladder:
    /// solved by propagation, or needs search).
    fn build_for_level(&self, puzzle: &Self::Puzzle, level: usize) -> Result<Built, ModelError> {
        let _ = level;
        self.build(puzzle)
    }

    /// Whether the solutions of [`build`](Family::build)'s model are the
    /// puzzle's, one for one, and [`solve`](Family::solve) and
    /// [`count`](Family::count) search that model as it is: then tools may
    /// search it another way (in parallel, by subproblems). A family that
    /// overrides `count` to merge several model solutions into one says
    /// `false`.
    fn searches_model(&self) -> bool {
        true
    }

    /// The family's solution from a solution of [`build`](Family::build)'s
    /// model (or of [`build_for_level`](Family::build_for_level)'s: they
    /// share the cells' variables).
    fn decode(
        &self,
        puzzle: &Self::Puzzle,
        built: &Built,
        solution: &csp_core::Solution,
    ) -> Self::Solution;

    /// Writes a solution: the header line, then the solved grid.
    fn write_solution(&self, puzzle: &Self::Puzzle, solution: &Self::Solution) -> String;

    /// Reads a solution as [`write_solution`](Family::write_solution)
    /// writes it.
    fn parse_solution(
        &self,
        puzzle: &Self::Puzzle,
        text: &str,
    ) -> Result<Self::Solution, ParseError>;

    /// The rules a solution breaks (empty: it is a solution). Written
    /// against the rules, not the model, so it also checks the model.
    fn check(&self, puzzle: &Self::Puzzle, solution: &Self::Solution) -> Vec<Violation>;

    /// The rules the givens already break (empty by default).
    fn check_givens(&self, puzzle: &Self::Puzzle) -> Vec<Violation> {
        let _ = puzzle;
        Vec::new()
    }

    /// The rules that a player's `entries` (cells and the values put
    /// there, in the values of [`play::sheet`](crate::play::sheet)) break
    /// on their own, with the entries that break each. The default asks
    /// each constraint of [`build`](Family::build)'s model
    /// ([`play::check_entries`](crate::play::check_entries)); a family
    /// whose model has constraints too large for that to see a broken rule
    /// early (a Sudoku's houses are one constraint over the whole grid)
    /// checks its rules itself.
    fn check_entries(
        &self,
        puzzle: &Self::Puzzle,
        entries: &[(Cell, csp_core::Value)],
    ) -> Result<Vec<Violation>, ModelError> {
        crate::play::check_entries(self, puzzle, entries)
    }

    /// The value a solution has at a cell, for hints (`None`: no value there).
    fn value_at(&self, solution: &Self::Solution, cell: Cell) -> Option<csp_core::Value>;

    /// A picture of the puzzle as an SVG document (see [`crate::render`]),
    /// with `solution` drawn in when given, the candidates (from
    /// [`generic::candidates`]) when `options.candidates` is set, and the
    /// cells of `options.highlight` highlighted.
    fn render(
        &self,
        puzzle: &Self::Puzzle,
        solution: Option<&Self::Solution>,
        options: &RenderOptions,
    ) -> String;

    /// A deduction of the engine in words. The default names the cell, the
    /// value and the constraint ([`describe_constraint`](Family::describe_constraint)).
    fn describe(
        &self,
        puzzle: &Self::Puzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
    ) -> String {
        generic::describe(self, puzzle, built, d, placed)
    }

    /// A constraint of [`build`](Family::build)'s model in words ("the run
    /// right of r2c1"). Default: its rule name and id.
    fn describe_constraint(&self, puzzle: &Self::Puzzle, built: &Built, c: ConstraintId) -> String {
        let _ = puzzle;
        match built.model.constraint(c) {
            Some(k) => format!("{} {c}", k.name()),
            None => c.to_string(),
        }
    }

    /// The family's named deductions, easiest first: the rules its steps
    /// name ([`Step::rule`]), as its page in `docs/formats` lists them.
    /// Empty by default (the steps then name the engine's rules).
    fn rules(&self) -> &'static [Rule] {
        &[]
    }

    /// What a variable of the model stands for on the grid, for the steps:
    /// by default the cell it is the variable of ([`Built::cell_of`]).
    /// Deductions on a variable without a spot are not told.
    fn spot(&self, puzzle: &Self::Puzzle, built: &Built, var: VarId) -> Option<Spot> {
        let _ = puzzle;
        built.cell_of(var).map(Spot::Cell)
    }

    /// What a player writes for `value` at `spot`, as the words that
    /// follow one spot and several: `Some(["holds a star", "hold stars"])`.
    /// `None` (the default) for a digit: the steps then say "r1c1 is 5"
    /// and "r1c1 cannot be 3 or 4".
    fn mark(
        &self,
        puzzle: &Self::Puzzle,
        spot: Spot,
        value: csp_core::Value,
    ) -> Option<[&'static str; 2]> {
        let _ = (puzzle, spot, value);
        None
    }

    /// [`mark`](Family::mark) for a family whose words depend on the
    /// puzzle (Shikaku's cell "is in the rectangle of the 6 at r2c2"):
    /// by default `mark`'s words. The steps and a guess's hint use this
    /// one; `None` for a digit.
    fn mark_words(
        &self,
        puzzle: &Self::Puzzle,
        spot: Spot,
        value: csp_core::Value,
    ) -> Option<[String; 2]> {
        self.mark(puzzle, spot, value)
            .map(|[one, many]| [one.to_owned(), many.to_owned()])
    }

    /// Why the engine made a deduction, in the player's words: the rule
    /// (one of [`rules`](Family::rules)), the cause and the cells it
    /// reads, given whether it places `d.value` (else it removes it) and
    /// the candidates just before it (`now`). Deductions in a row with
    /// equal reasons, or of one rule reading the same cells or settling
    /// the same cells, are one step ([`generic::steps_of`]). The
    /// default names the constraint
    /// ([`describe_constraint`](Family::describe_constraint)) and the
    /// engine's rule.
    fn reason(
        &self,
        puzzle: &Self::Puzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &generic::Progress,
    ) -> Reason {
        let _ = (placed, now);
        generic::reason(self, puzzle, built, d)
    }

    /// Whether `rule` spreads from cell to cell, so that its deductions in
    /// a row, each reading a cell the one before settled, are one step
    /// (Slitherlink's inside and outside, flooding an area across its
    /// crosses). False by default: each is a step of its own, unless it
    /// reads the same cells or settles the same spot as the one before
    /// (see [`generic::steps_of`]).
    fn spreads(&self, rule: &str) -> bool {
        let _ = rule;
        false
    }

    /// Solves the puzzle, in the family's search order ([`Built::options`])
    /// within `limits`. The methods below take limits the same way: a
    /// stopped search is reported as such, never as "no solution".
    fn solve(&self, puzzle: &Self::Puzzle, limits: &Limits) -> Outcome<Self> {
        generic::solve(self, puzzle, limits)
    }

    /// Counts solutions up to `limit`.
    fn count(&self, puzzle: &Self::Puzzle, limit: Option<u64>, limits: &Limits) -> Counted {
        generic::count(self, puzzle, limit, limits)
    }

    /// None, one or several solutions.
    fn uniqueness(&self, puzzle: &Self::Puzzle, limits: &Limits) -> UniqueOutcome<Self> {
        generic::uniqueness(self, puzzle, limits)
    }

    /// The puzzle's grade on the family's ladder.
    fn grade(&self, puzzle: &Self::Puzzle, limits: &Limits) -> Result<Grade, GradeError> {
        generic::grade(self, puzzle, limits)
    }

    /// The deductions that solve the puzzle, in words, and its grade.
    fn explain(&self, puzzle: &Self::Puzzle, limits: &Limits) -> Result<Explanation, GradeError> {
        generic::explain(self, puzzle, limits)
    }

    /// The next deduction. Like [`grade`](Family::grade), for a puzzle
    /// with exactly one solution ([`GradeError::NoSolution`] or
    /// [`GradeError::MultipleSolutions`] otherwise).
    fn hint(&self, puzzle: &Self::Puzzle, limits: &Limits) -> Result<Hint, GradeError> {
        generic::hint(self, puzzle, limits)
    }

    /// A seeded puzzle with one solution, of the level asked for.
    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Self::Puzzle, Self::Solution>, GenerateError> {
        let _ = options;
        Err(GenerateError::Unsupported {
            family: self.info().name,
        })
    }
}

/// A solve's result with the search statistics.
pub type Outcome<F> = (Solved<<F as Family>::Solution>, Stats);
/// A uniqueness check's result with the search statistics.
pub type UniqueOutcome<F> = (Unique<<F as Family>::Solution>, Stats);
/// A count with the search statistics.
pub type Counted = (csp_core::Count, Stats);
