//! Boards: shape, cells, parsing and printing.

use crate::error::{ParseError, ShapeError, SudokuError};
use std::fmt;
use std::str::FromStr;

/// The largest supported board: 35 x 35 (values `1`-`9` then `A`-`Z`).
pub const MAX_SIZE: usize = 35;

/// A cell position, 0-based. Shown 1-based as players write it: `r4c5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
}

impl Cell {
    /// The cell at (row, col), 0-based.
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl From<(usize, usize)> for Cell {
    fn from((row, col): (usize, usize)) -> Cell {
        Cell { row, col }
    }
}

/// The size of a board and the shape of its boxes: `size = box_rows * box_cols`.
///
/// ```
/// use sudoku::Shape;
/// let s = Shape::new(6)?;
/// assert_eq!((s.box_rows(), s.box_cols()), (2, 3)); // boxes wider than tall
/// assert_eq!(Shape::new(9)?.box_rows(), 3);
/// assert!(Shape::with_boxes(2, 4).is_ok()); // 8 x 8 with 2 x 4 boxes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ShapeForm", into = "ShapeForm"))]
pub struct Shape {
    size: usize,
    box_rows: usize,
    box_cols: usize,
}

impl Shape {
    /// The classic 9 x 9 board with 3 x 3 boxes.
    pub const CLASSIC: Shape = Shape {
        size: 9,
        box_rows: 3,
        box_cols: 3,
    };

    /// A `size x size` board with the default boxes: `box_rows` is the
    /// largest divisor of `size` not above its square root (so boxes are
    /// wider than tall: 2 x 3 for 6, 3 x 4 for 12; 1 x `size` for a prime).
    pub fn new(size: usize) -> Result<Shape, ShapeError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ShapeError::UnsupportedSize { size });
        }
        let box_rows = (1..=size)
            .filter(|d| d * d <= size && size % d == 0)
            .max()
            .unwrap_or(1);
        Ok(Shape {
            size,
            box_rows,
            box_cols: size / box_rows,
        })
    }

    /// A board of `box_rows * box_cols` with boxes of that shape.
    pub fn with_boxes(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        let size = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 {
            return Err(ShapeError::BadBoxes {
                size,
                box_rows,
                box_cols,
            });
        }
        if size > MAX_SIZE {
            return Err(ShapeError::UnsupportedSize { size });
        }
        Ok(Shape {
            size,
            box_rows,
            box_cols,
        })
    }

    /// Cells per row (and values per cell).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Rows of a box.
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// Columns of a box.
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// Number of cells, `size * size`.
    pub fn num_cells(&self) -> usize {
        self.size * self.size
    }

    /// The box holding (row, col), numbered row-major from 0.
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        (row / self.box_rows) * (self.size / self.box_cols) + col / self.box_cols
    }
}

/// The serde form of a [`Shape`]: the box dimensions (the size is their
/// product), checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct ShapeForm {
    box_rows: usize,
    box_cols: usize,
}

#[cfg(feature = "serde")]
impl From<Shape> for ShapeForm {
    fn from(shape: Shape) -> ShapeForm {
        ShapeForm {
            box_rows: shape.box_rows,
            box_cols: shape.box_cols,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<ShapeForm> for Shape {
    type Error = ShapeError;
    fn try_from(form: ShapeForm) -> Result<Shape, ShapeError> {
        Shape::with_boxes(form.box_rows, form.box_cols)
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::CLASSIC
    }
}

/// The symbol of a value: `1`-`9`, then `A`-`Z` for 10 to 35, `.` for blank
/// (`?` above 35). The shared notation of [`csp_core::grid::value_symbol`].
pub fn symbol(value: u8) -> char {
    csp_core::grid::value_symbol(u32::from(value)).unwrap_or('?')
}

/// The value of a symbol: `Some(0)` for a blank (`.` or `0`), `Some(v)` for
/// `1`-`9` and `A`-`Z`, `None` for anything else (lower-case letters
/// included, so a stray `x` is reported as unexpected).
pub fn symbol_value(ch: char) -> Option<u8> {
    // A base-36 digit is below 36, so it fits a `u8`.
    csp_core::grid::symbol_value(ch, false).map(|v| v as u8)
}

/// Checks values for a board of `shape`: one per cell, each `0..=size`.
fn check_values(shape: Shape, values: &[u8]) -> Result<(), ParseError> {
    if values.len() != shape.num_cells() {
        return Err(ParseError::WrongLength {
            expected: shape.num_cells(),
            found: values.len(),
        });
    }
    let n = shape.size;
    match values.iter().position(|&v| usize::from(v) > n) {
        Some(i) => Err(ParseError::NumberOutOfRange {
            row: i / n + 1,
            col: i % n + 1,
            value: values[i],
            size: n,
        }),
        None => Ok(()),
    }
}

fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

/// A Sudoku board: a puzzle, a partly filled board or a solution. Each
/// cell holds a value `1..=size` or is blank.
///
/// It reads and writes every common format, all round-tripping:
///
/// - one line of `size * size` symbols, row-major, `.` or `0` for blank
///   (the size is inferred from the length);
/// - a grid of `size` lines, in which spaces and `|`, `-`, `+` are ignored:
///   what [`Display`](fmt::Display) prints;
/// - arrays such as `[[u8; 9]; 9]` and `Vec<Vec<u8>>`, 0 for blank.
///
/// ```
/// use sudoku::Board;
/// let line = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
/// let board: Board = line.parse()?;
/// assert_eq!(board.get(0, 0), Some(5));
/// assert_eq!(board.get(0, 2), None);
/// let pretty = board.to_string();
/// assert!(pretty.starts_with("5 3 . | . 7 . | . . .\n"));
/// assert_eq!(pretty.parse::<Board>()?, board);
/// assert_eq!(board.to_line().replace('.', "0"), line);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "BoardForm", into = "BoardForm"))]
pub struct Board {
    shape: Shape,
    cells: Vec<u8>,
}

/// The serde form of a [`Board`]: its shape and its one-line text
/// (`.` for blank), read back with [`Board::parse_with_shape`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct BoardForm {
    shape: Shape,
    cells: String,
}

#[cfg(feature = "serde")]
impl From<Board> for BoardForm {
    fn from(board: Board) -> BoardForm {
        BoardForm {
            shape: board.shape,
            cells: board.to_line(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<BoardForm> for Board {
    type Error = ParseError;
    fn try_from(form: BoardForm) -> Result<Board, ParseError> {
        Board::parse_with_shape(&form.cells, form.shape)
    }
}

impl Board {
    /// A blank board of the given shape.
    pub fn empty(shape: Shape) -> Board {
        Board {
            shape,
            cells: vec![0; shape.num_cells()],
        }
    }

    /// A blank `size x size` board with the default boxes.
    pub fn blank(size: usize) -> Result<Board, ShapeError> {
        Ok(Board::empty(Shape::new(size)?))
    }

    /// A board from its values, row-major, 0 for blank.
    pub fn from_values(shape: Shape, values: &[u8]) -> Result<Board, ParseError> {
        check_values(shape, values)?;
        Ok(Board {
            shape,
            cells: values.to_vec(),
        })
    }

    /// [`Board::from_values`] keeping `values` as the board's cells (no
    /// copy: a solution decoded from a model is made into a board so).
    pub fn from_vec(shape: Shape, values: Vec<u8>) -> Result<Board, ParseError> {
        check_values(shape, &values)?;
        Ok(Board {
            shape,
            cells: values,
        })
    }

    /// A board from rows of values (0 for blank), with the default boxes
    /// for the number of rows.
    pub fn from_rows<R: AsRef<[u8]>>(rows: &[R]) -> Result<Board, ParseError> {
        let shape = Shape::new(rows.len())?;
        Board::from_rows_with_shape(rows, shape)
    }

    /// A board from rows of values (0 for blank) with the given shape.
    pub fn from_rows_with_shape<R: AsRef<[u8]>>(
        rows: &[R],
        shape: Shape,
    ) -> Result<Board, ParseError> {
        let n = shape.size;
        if rows.len() != n {
            return Err(ParseError::WrongRowCount {
                expected: n,
                found: rows.len(),
            });
        }
        let mut values = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != n {
                return Err(ParseError::WrongRowLength {
                    row: r + 1,
                    expected: n,
                    found: row.len(),
                });
            }
            values.extend_from_slice(row);
        }
        Board::from_values(shape, &values)
    }

    /// Reads a board in one-line or grid form, inferring the size (from the
    /// number of cells, or the number of lines of a grid) and using the
    /// default boxes. Same as [`str::parse`].
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        parse(text, None)
    }

    /// Reads a board of the given shape in one-line or grid form.
    pub fn parse_with_shape(text: &str, shape: Shape) -> Result<Board, ParseError> {
        parse(text, Some(shape))
    }

    /// Reads a board in the grid form only: one row per line (lines with no
    /// cell, such as `------+------`, are skipped), the size inferred as by
    /// [`Board::parse`]. Unlike [`Board::parse`], one line is a grid of one
    /// row, never the one-line form, so a lone row is an error rather than
    /// a small board.
    ///
    /// ```
    /// use sudoku::{Board, ParseError};
    /// assert_eq!(Board::parse_grid("1 2\n2 1")?.get(1, 0), Some(2));
    /// assert_eq!(
    ///     Board::parse_grid("1 . . .").unwrap_err(),
    ///     ParseError::WrongRowCount { expected: 4, found: 1 }
    /// );
    /// assert!(Board::parse("1 . . .").is_ok()); // a 2x2 board, one line
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_grid(text: &str) -> Result<Board, ParseError> {
        parse_form(text, None, true)
    }

    /// Reads a board of the given shape in the grid form only (see
    /// [`Board::parse_grid`]).
    pub fn parse_grid_with_shape(text: &str, shape: Shape) -> Result<Board, ParseError> {
        parse_form(text, Some(shape), true)
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Cells per row.
    pub fn size(&self) -> usize {
        self.shape.size
    }

    /// The value at (row, col), or `None` if the cell is blank or outside
    /// the board.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        let n = self.shape.size;
        if row >= n || col >= n {
            return None;
        }
        match self.cells[row * n + col] {
            0 => None,
            v => Some(v),
        }
    }

    /// The value in `cell`, or `None` if blank or outside the board.
    pub fn value(&self, cell: Cell) -> Option<u8> {
        self.get(cell.row, cell.col)
    }

    /// Puts `value` at (row, col); 0 clears the cell.
    pub fn set(&mut self, row: usize, col: usize, value: u8) -> Result<(), SudokuError> {
        let n = self.shape.size;
        if row >= n || col >= n {
            return Err(SudokuError::CellOutOfRange {
                cell: Cell::new(row, col),
                size: n,
            });
        }
        if usize::from(value) > n {
            return Err(SudokuError::ValueOutOfRange { value, size: n });
        }
        self.cells[row * n + col] = value;
        Ok(())
    }

    /// Clears (row, col); does nothing outside the board.
    pub fn clear(&mut self, row: usize, col: usize) {
        let n = self.shape.size;
        if row < n && col < n {
            self.cells[row * n + col] = 0;
        }
    }

    /// All values, row-major, 0 for blank.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The rows, 0 for blank (the `Vec<Vec<u8>>` form).
    pub fn to_rows(&self) -> Vec<Vec<u8>> {
        self.cells
            .chunks(self.shape.size)
            .map(<[u8]>::to_vec)
            .collect()
    }

    /// The one-line form: `size * size` symbols, `.` for blank.
    pub fn to_line(&self) -> String {
        // Every symbol is one byte (`.`, digits, capitals; `?` never
        // happens on a board): sized once, read from a table.
        const SYMBOLS: &[u8; 36] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let mut line = String::with_capacity(self.cells.len());
        line.extend(
            self.cells
                .iter()
                .map(|&v| SYMBOLS.get(usize::from(v)).map_or('?', |&b| char::from(b))),
        );
        line
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The filled cells with their values, row-major.
    pub fn filled_cells(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        let n = self.shape.size;
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(move |(i, &v)| (Cell::new(i / n, i % n), v))
    }

    /// The blank cells, row-major.
    pub fn blank_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let n = self.shape.size;
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, v)| **v == 0)
            .map(move |(i, _)| Cell::new(i / n, i % n))
    }

    /// Whether no cell is blank (says nothing about the rules; see
    /// [`is_solved`](Self::is_solved)).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board({}x{}, {:?})",
            self.shape.box_rows,
            self.shape.box_cols,
            self.to_line()
        )
    }
}

/// The pretty grid: boxes separated by `|` and `------+-------+------`
/// rows. With `{:#}`, the one-line form instead.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.to_line());
        }
        let Shape {
            size: n,
            box_rows,
            box_cols,
        } = self.shape;
        let boxes_across = n / box_cols;
        let width = 2 * box_cols - 1;
        let mut separator = String::new();
        for b in 0..boxes_across {
            if b > 0 {
                separator.push('+');
            }
            let pad = usize::from(b > 0) + usize::from(b + 1 < boxes_across);
            separator.extend(std::iter::repeat_n('-', width + pad));
        }
        for r in 0..n {
            if r > 0 && r % box_rows == 0 && boxes_across > 0 {
                writeln!(f, "{separator}")?;
            }
            let mut line = String::with_capacity(2 * n + 2 * boxes_across);
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % box_cols == 0 { " | " } else { " " });
                }
                line.push(symbol(self.cells[r * n + c]));
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Board, ParseError> {
        parse(s, None)
    }
}

impl<const N: usize> TryFrom<[[u8; N]; N]> for Board {
    type Error = ParseError;
    fn try_from(rows: [[u8; N]; N]) -> Result<Board, ParseError> {
        Board::from_rows(&rows)
    }
}

impl<const N: usize> TryFrom<&[[u8; N]; N]> for Board {
    type Error = ParseError;
    fn try_from(rows: &[[u8; N]; N]) -> Result<Board, ParseError> {
        Board::from_rows(rows)
    }
}

impl TryFrom<Vec<Vec<u8>>> for Board {
    type Error = ParseError;
    fn try_from(rows: Vec<Vec<u8>>) -> Result<Board, ParseError> {
        Board::from_rows(&rows)
    }
}

impl TryFrom<&[Vec<u8>]> for Board {
    type Error = ParseError;
    fn try_from(rows: &[Vec<u8>]) -> Result<Board, ParseError> {
        Board::from_rows(rows)
    }
}

impl From<&Board> for Vec<Vec<u8>> {
    fn from(board: &Board) -> Self {
        board.to_rows()
    }
}

fn isqrt(n: usize) -> usize {
    let mut r = (n as f64).sqrt() as usize;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn parse(text: &str, shape: Option<Shape>) -> Result<Board, ParseError> {
    // The common case, one line of `n * n` symbols and nothing else (a
    // dataset line), read straight; anything else (separators, errors to
    // report) takes the general path, which reads it the same way.
    let bytes = text.as_bytes();
    let n = isqrt(bytes.len());
    if n > 0 && n * n == bytes.len() && shape.is_none_or(|s| s.size == n) {
        let mut cells = Vec::with_capacity(bytes.len());
        let plain = bytes.iter().all(|&b| match symbol_value(char::from(b)) {
            Some(v) if b.is_ascii() && usize::from(v) <= n => {
                cells.push(v);
                true
            }
            _ => false,
        });
        if plain {
            if let Ok(shape) = shape.map_or_else(|| Shape::new(n), Ok) {
                return Ok(Board { shape, cells });
            }
        }
    }
    parse_form(text, shape, false)
}

/// Reads a board; `grid_only`: one line is a row, not the one-line form.
fn parse_form(text: &str, shape: Option<Shape>, grid_only: bool) -> Result<Board, ParseError> {
    let lines: Vec<Vec<char>> = text
        .lines()
        .map(|l| {
            l.chars()
                .filter(|&c| !is_separator(c))
                .collect::<Vec<char>>()
        })
        .filter(|l| !l.is_empty())
        .collect();
    let found: usize = lines.iter().map(Vec::len).sum();
    if found == 0 {
        return Err(ParseError::Empty);
    }
    let shape = if lines.len() == 1 && !grid_only {
        match shape {
            Some(s) if s.num_cells() == found => s,
            Some(s) => {
                return Err(ParseError::WrongLength {
                    expected: s.num_cells(),
                    found,
                });
            }
            None => {
                let n = isqrt(found);
                if n * n != found {
                    let near = if found - n * n <= (n + 1) * (n + 1) - found {
                        n
                    } else {
                        n + 1
                    };
                    return Err(ParseError::WrongLength {
                        expected: near * near,
                        found,
                    });
                }
                Shape::new(n)?
            }
        }
    } else {
        let shape = match shape {
            Some(s) => s,
            None => {
                // Rows all of one length that is not the number of rows:
                // rows are missing (or extra), not every row too long.
                let width = lines[0].len();
                if width != lines.len() && lines.iter().all(|l| l.len() == width) {
                    return Err(ParseError::WrongRowCount {
                        expected: width,
                        found: lines.len(),
                    });
                }
                Shape::new(lines.len())?
            }
        };
        let n = shape.size;
        if lines.len() != n {
            return Err(ParseError::WrongRowCount {
                expected: n,
                found: lines.len(),
            });
        }
        if let Some(r) = lines.iter().position(|l| l.len() != n) {
            return Err(ParseError::WrongRowLength {
                row: r + 1,
                expected: n,
                found: lines[r].len(),
            });
        }
        shape
    };
    let n = shape.size;
    let mut cells = Vec::with_capacity(n * n);
    for (i, &ch) in lines.iter().flatten().enumerate() {
        let (row, col) = (i / n + 1, i % n + 1);
        match symbol_value(ch) {
            None => return Err(ParseError::UnexpectedChar { row, col, ch }),
            Some(v) if usize::from(v) > n => {
                return Err(ParseError::ValueOutOfRange {
                    row,
                    col,
                    ch,
                    size: n,
                });
            }
            Some(v) => cells.push(v),
        }
    }
    Ok(Board { shape, cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn the_line_writes_each_value_with_its_symbol() {
        // Every size, every value of it (blank included), at every cell.
        for n in 1..=MAX_SIZE {
            let shape = Shape::new(n).unwrap();
            let values: Vec<u8> = (0..n * n).map(|i| (i % (n + 1)) as u8).collect();
            let board = Board::from_vec(shape, values.clone()).unwrap();
            let line: String = values.iter().map(|&v| symbol(v)).collect();
            assert_eq!(board.to_line(), line, "size {n}");
            assert_eq!(Board::parse_with_shape(&line, shape).unwrap(), board);
        }
        // A value past the size is refused, as by `from_values`.
        let shape = Shape::new(4).unwrap();
        let mut values = vec![0u8; 16];
        values[5] = 5;
        assert_eq!(
            Board::from_vec(shape, values.clone()).unwrap_err(),
            Board::from_values(shape, &values).unwrap_err()
        );
        assert!(Board::from_vec(shape, vec![0; 15]).is_err());
    }

    #[test]
    fn default_boxes_are_wider_than_tall() {
        let shapes: Vec<_> = [4, 6, 8, 9, 12, 16, 25, 7, 1]
            .iter()
            .map(|&n| {
                let s = Shape::new(n).unwrap();
                (s.box_rows(), s.box_cols())
            })
            .collect();
        assert_eq!(
            shapes,
            vec![
                (2, 2),
                (2, 3),
                (2, 4),
                (3, 3),
                (3, 4),
                (4, 4),
                (5, 5),
                (1, 7),
                (1, 1)
            ]
        );
        assert!(Shape::new(0).is_err() && Shape::new(36).is_err());
    }

    #[test]
    fn pretty_print_has_box_separators() {
        let b: Board = LINE.parse().unwrap();
        let text = b.to_string();
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "5 3 . | . 7 . | . . .");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(format!("{b:#}"), b.to_line());
    }

    #[test]
    fn bad_input_names_the_position() {
        let mut bad = LINE.to_owned();
        bad.replace_range(24..25, "x");
        assert_eq!(
            bad.parse::<Board>().unwrap_err(),
            ParseError::UnexpectedChar {
                row: 3,
                col: 7,
                ch: 'x'
            }
        );
        assert_eq!(
            LINE[..80].parse::<Board>().unwrap_err(),
            ParseError::WrongLength {
                expected: 81,
                found: 80
            }
        );
        let mut big = LINE.to_owned();
        big.replace_range(0..1, "A");
        assert!(matches!(
            big.parse::<Board>().unwrap_err(),
            ParseError::ValueOutOfRange {
                row: 1,
                col: 1,
                ch: 'A',
                size: 9
            }
        ));
        assert_eq!("  \n | ".parse::<Board>().unwrap_err(), ParseError::Empty);
        assert!(matches!(
            "12\n3\n".parse::<Board>().unwrap_err(),
            ParseError::WrongRowLength {
                row: 2,
                expected: 2,
                found: 1
            }
        ));
    }

    #[test]
    fn grid_with_a_missing_row_says_rows_are_missing() {
        let rows: Vec<&str> = (0..9).map(|r| &LINE[r * 9..r * 9 + 9]).collect();
        let eight = rows[..8].join("\n");
        assert_eq!(
            eight.parse::<Board>().unwrap_err(),
            ParseError::WrongRowCount {
                expected: 9,
                found: 8
            }
        );
        let ten = format!("{}\n{}", rows.join("\n"), rows[0]);
        assert_eq!(
            ten.parse::<Board>().unwrap_err(),
            ParseError::WrongRowCount {
                expected: 9,
                found: 10
            }
        );
        // One bad row among good ones is still named.
        let mut long = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
        long[4].push('1');
        assert_eq!(
            long.join("\n").parse::<Board>().unwrap_err(),
            ParseError::WrongRowLength {
                row: 5,
                expected: 9,
                found: 10
            }
        );
    }

    #[test]
    fn grid_form_only_reads_a_lone_row_as_a_row() {
        assert_eq!(
            Board::parse_grid("1 . . .").unwrap_err(),
            ParseError::WrongRowCount {
                expected: 4,
                found: 1
            }
        );
        assert_eq!(
            Board::parse_grid_with_shape("1 2 3 4", Shape::new(4).unwrap()).unwrap_err(),
            ParseError::WrongRowCount {
                expected: 4,
                found: 1
            }
        );
        assert_eq!(
            Board::parse_grid("7").unwrap_err().to_string(),
            "row 1, column 1: '7' is not a value of a 1x1 board (1 to 1)"
        );
        assert_eq!(Board::parse_grid("1").unwrap().size(), 1);
        let b: Board = LINE.parse().unwrap();
        assert_eq!(Board::parse_grid(&b.to_string()).unwrap(), b);
        assert_eq!(Board::parse_grid(" | \n--").unwrap_err(), ParseError::Empty);
    }

    #[test]
    fn arrays_round_trip() {
        let b: Board = LINE.parse().unwrap();
        let rows = b.to_rows();
        assert_eq!(Board::try_from(rows.clone()).unwrap(), b);
        let mut arr = [[0u8; 9]; 9];
        for (r, row) in rows.iter().enumerate() {
            arr[r].copy_from_slice(row);
        }
        assert_eq!(Board::try_from(arr).unwrap(), b);
        arr[2][3] = 10;
        assert!(matches!(
            Board::try_from(arr),
            Err(ParseError::NumberOutOfRange {
                row: 3,
                col: 4,
                value: 10,
                size: 9
            })
        ));
    }

    #[test]
    fn sixteen_uses_letters() {
        let mut b = Board::blank(16).unwrap();
        b.set(0, 0, 16).unwrap();
        b.set(15, 15, 10).unwrap();
        let line = b.to_line();
        assert!(line.starts_with('G') && line.ends_with('A'));
        assert_eq!(line.parse::<Board>().unwrap(), b);
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        assert!(b.set(0, 0, 17).is_err());
        assert!(b.set(16, 0, 1).is_err());
    }
}
