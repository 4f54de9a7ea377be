//! Errors: reading a board ([`ParseError`]), building or solving a puzzle
//! ([`SudokuError`]) and generating one ([`GenerateError`]).
//!
//! "No solution" is not an error: it is an [`Outcome`](crate::Outcome) or a
//! [`Uniqueness`](crate::Uniqueness) like any other answer.

use crate::board::Cell;
use crate::rules::Clash;

/// Why a board shape is not supported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// Sizes run from 1 to 35 (the symbols `1`-`9` then `A`-`Z`).
    #[error("a board must be 1 to {max} cells wide, not {size}", max = crate::board::MAX_SIZE)]
    UnsupportedSize {
        /// The size asked for.
        size: usize,
    },
    /// The boxes must tile the board: `box_rows * box_cols == size`.
    #[error("boxes of {box_rows}x{box_cols} do not make a board of size {size}")]
    BadBoxes {
        /// The size asked for.
        size: usize,
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
}

/// Why a text or an array is not a board.
///
/// Positions are 1-based, as players write them.
///
/// ```
/// use sudoku::{Board, ParseError};
/// let err = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....41x..5....8..79"
///     .parse::<Board>()
///     .unwrap_err();
/// assert_eq!(err.to_string(), "row 8, column 6: unexpected 'x'");
/// assert!(matches!(err, ParseError::UnexpectedChar { row: 8, col: 6, ch: 'x' }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The input holds no cell at all.
    #[error("empty input: expected a board")]
    Empty,
    /// A character that is neither a value, a blank (`.` or `0`) nor a
    /// separator (space, `|`, `-`, `+`).
    #[error("row {row}, column {col}: unexpected {ch:?}")]
    UnexpectedChar {
        /// Row of the cell (1-based).
        row: usize,
        /// Column of the cell (1-based).
        col: usize,
        /// The character found.
        ch: char,
    },
    /// A value symbol too large for the board (`A` = 10 on a 9 x 9 board).
    #[error(
        "row {row}, column {col}: {ch:?} is not a value of a {size}x{size} board (1 to {size})"
    )]
    ValueOutOfRange {
        /// Row of the cell (1-based).
        row: usize,
        /// Column of the cell (1-based).
        col: usize,
        /// The symbol found (for arrays, the number as a character when it
        /// has one, else `'?'`).
        ch: char,
        /// The board size.
        size: usize,
    },
    /// A number in an array too large for the board.
    #[error(
        "row {row}, column {col}: {value} is not a value of a {size}x{size} board (0 for blank, 1 to {size})"
    )]
    NumberOutOfRange {
        /// Row of the cell (1-based).
        row: usize,
        /// Column of the cell (1-based).
        col: usize,
        /// The number found.
        value: u8,
        /// The board size.
        size: usize,
    },
    /// The input has the wrong number of cells.
    #[error("expected {expected} cells, found {found}")]
    WrongLength {
        /// Cells a board of the inferred or requested size has.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A row of a grid or an array has the wrong number of cells.
    #[error("row {row}: expected {expected} cells, found {found}")]
    WrongRowLength {
        /// The row (1-based).
        row: usize,
        /// Cells each row must have.
        expected: usize,
        /// Cells found in this row.
        found: usize,
    },
    /// A grid or an array has the wrong number of rows.
    #[error("expected {expected} rows, found {found}")]
    WrongRowCount {
        /// Rows the board must have.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// The size or box shape is not supported.
    #[error(transparent)]
    Shape(#[from] ShapeError),
}

/// Why a puzzle cannot be built, changed or solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// The givens already break a rule; found before any search.
    #[error("the givens break the rules: {}", list(.0))]
    Clash(Vec<Clash>),
    /// A board of one shape handed to rules or a solver of another.
    #[error("board is {found}x{found} but the rules are for {expected}x{expected}")]
    ShapeMismatch {
        /// Size the rules are for.
        expected: usize,
        /// Size of the board.
        found: usize,
    },
    /// A cell outside the board.
    #[error("{cell} is outside a {size}x{size} board")]
    CellOutOfRange {
        /// The cell asked for (0-based inside, shown 1-based).
        cell: Cell,
        /// The board size.
        size: usize,
    },
    /// A value outside `0..=size` (0 clears a cell).
    #[error("{value} is not a value of a {size}x{size} board (0 to clear, 1 to {size})")]
    ValueOutOfRange {
        /// The value.
        value: u8,
        /// The board size.
        size: usize,
    },
    /// Jigsaw regions must be `size` regions of `size` cells each.
    #[error("bad jigsaw regions: {reason}")]
    BadRegions {
        /// What is wrong.
        reason: String,
    },
    /// A killer cage that cannot be used.
    #[error("bad cage {index}: {reason}")]
    BadCage {
        /// The cage's position in the list (0-based).
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// The puzzle has no solution (for operations that need one, such as
    /// grading).
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution (for operations that need
    /// exactly one, such as grading).
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// A search limit stopped the work before it was done.
    #[error("stopped before an answer was found: {0}")]
    Stopped(csp_core::StopReason),
    /// The engine rejected the model (should not happen for valid shapes).
    #[error("model error: {0}")]
    Model(#[from] csp_core::ModelError),
}

fn list(clashes: &[Clash]) -> String {
    clashes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why the generator gave up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No puzzle met the request within the allowed number of attempts.
    #[error("no puzzle met the request in {attempts} attempts")]
    GaveUp {
        /// Attempts made.
        attempts: u32,
    },
    /// More cells to remove than the board has.
    #[error("cannot remove {asked} cells from a board of {cells}")]
    TooManyRemovals {
        /// Cells asked to remove.
        asked: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// The rules have no complete grid (for example jigsaw regions that
    /// cannot be filled), or killer cages, which the generator does not
    /// support.
    #[error("cannot generate for these rules: {0}")]
    Unsupported(String),
    /// Building or solving failed.
    #[error(transparent)]
    Sudoku(#[from] SudokuError),
}
