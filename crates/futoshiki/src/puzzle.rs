//! The puzzle: size, givens, and the signs (or bars) between neighbours.

use std::fmt;

/// The largest supported size: values are written `1`-`9` then `A`-`Z` (10-35).
pub const MAX_SIZE: usize = 35;

/// The smallest supported size.
pub const MIN_SIZE: usize = 1;

/// A cell position, 0-based; shown 1-based as `r2c3` in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Row, 0-based from the top.
    pub row: usize,
    /// Column, 0-based from the left.
    pub col: usize,
}

impl Cell {
    /// The cell at (row, col), 0-based.
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// Row-major index `row * size + col`.
    pub const fn index(self, size: usize) -> usize {
        self.row * size + self.col
    }

    /// The cell with row-major index `index`.
    pub const fn from_index(index: usize, size: usize) -> Cell {
        Cell {
            row: index / size,
            col: index % size,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Which puzzle the marks describe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mode {
    /// Classic Futoshiki: marks are inequality signs.
    #[default]
    Standard,
    /// Tatham's "Adjacent" mode: a bar between two cells means their values
    /// differ by exactly 1, and no bar means they do not.
    Adjacent,
}

/// The mark between a cell and its right or lower neighbour.
///
/// `Less` and `Greater` read from the first cell (the left or upper one) to
/// the second: `Less` means first < second. `Bar` is only used in
/// [`Mode::Adjacent`], the signs only in [`Mode::Standard`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Link {
    /// No mark. In Adjacent mode this still says "not adjacent values".
    #[default]
    None,
    /// First cell < second cell.
    Less,
    /// First cell > second cell.
    Greater,
    /// The values differ by exactly 1 (Adjacent mode).
    Bar,
}

impl Link {
    /// The same relation read from the second cell to the first.
    pub fn reversed(self) -> Link {
        match self {
            Link::Less => Link::Greater,
            Link::Greater => Link::Less,
            other => other,
        }
    }

    /// Whether the values `a` (first cell) and `b` (second cell) satisfy the
    /// mark in `mode`.
    pub fn holds(self, mode: Mode, a: u8, b: u8) -> bool {
        match (mode, self) {
            (Mode::Standard, Link::None) => true,
            (_, Link::Less) => a < b,
            (_, Link::Greater) => a > b,
            (_, Link::Bar) => a.abs_diff(b) == 1,
            (Mode::Adjacent, Link::None) => a.abs_diff(b) != 1,
        }
    }
}

/// Why a puzzle could not be built or changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The size is outside `MIN_SIZE..=MAX_SIZE`.
    #[error("size {size} is not supported (sizes {MIN_SIZE} to {MAX_SIZE})")]
    BadSize {
        /// The size asked for.
        size: usize,
    },
    /// A cell outside the grid.
    #[error("cell {cell} is outside the {size}x{size} grid")]
    OutOfGrid {
        /// The cell.
        cell: Cell,
        /// The puzzle size.
        size: usize,
    },
    /// A value outside `1..=size`.
    #[error("{cell} cannot hold {value}: values go from 1 to {size}")]
    BadValue {
        /// The cell.
        cell: Cell,
        /// The value.
        value: u8,
        /// The puzzle size.
        size: usize,
    },
    /// A sign in an Adjacent puzzle, or a bar in a standard one.
    #[error("{cell}: a {link:?} mark does not belong in a {mode:?} puzzle")]
    WrongMark {
        /// The first cell of the pair.
        cell: Cell,
        /// The mark.
        link: Link,
        /// The puzzle's mode.
        mode: Mode,
    },
    /// A solution of the wrong size.
    #[error("the solution has {found} cells, the puzzle {expected}")]
    SizeMismatch {
        /// Cells in the puzzle.
        expected: usize,
        /// Cells given.
        found: usize,
    },
}

/// A Futoshiki puzzle: an `n x n` grid with some givens and marks between
/// orthogonal neighbours.
///
/// A partly filled grid (a player's progress) is also a `Puzzle`: the
/// filled cells are givens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GameId", into = "GameId"))]
pub struct Puzzle {
    size: usize,
    mode: Mode,
    /// Row-major values, 0 = blank.
    values: Vec<u8>,
    /// Mark between cell i and its right neighbour (`None` in the last column).
    right: Vec<Link>,
    /// Mark between cell i and the cell below (`None` in the last row).
    down: Vec<Link>,
}

impl Puzzle {
    /// An empty standard puzzle of the given size.
    pub fn new(size: usize) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_mode(size, Mode::Standard)
    }

    /// An empty puzzle of the given size and mode.
    pub fn with_mode(size: usize, mode: Mode) -> Result<Puzzle, PuzzleError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::BadSize { size });
        }
        let cells = size * size;
        Ok(Puzzle {
            size,
            mode,
            values: vec![0; cells],
            right: vec![Link::None; cells],
            down: vec![Link::None; cells],
        })
    }

    /// The size `n` of the `n x n` grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Standard or Adjacent.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// All cells, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let n = self.size;
        (0..n * n).map(move |i| Cell::from_index(i, n))
    }

    fn locate(&self, cell: Cell) -> Result<usize, PuzzleError> {
        if cell.row < self.size && cell.col < self.size {
            Ok(cell.index(self.size))
        } else {
            Err(PuzzleError::OutOfGrid {
                cell,
                size: self.size,
            })
        }
    }

    /// The given value of `cell`, if any (`None` also outside the grid).
    pub fn given(&self, cell: Cell) -> Option<u8> {
        let i = self.locate(cell).ok()?;
        Some(self.values[i]).filter(|&v| v != 0)
    }

    /// The values row-major, `0` for a blank.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Sets or clears the given of `cell`.
    pub fn set_given(&mut self, cell: Cell, value: Option<u8>) -> Result<(), PuzzleError> {
        let i = self.locate(cell)?;
        let v = value.unwrap_or(0);
        if value.is_some() && (v == 0 || usize::from(v) > self.size) {
            return Err(PuzzleError::BadValue {
                cell,
                value: v,
                size: self.size,
            });
        }
        self.values[i] = v;
        Ok(())
    }

    /// Number of givens.
    pub fn num_givens(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell has a value.
    pub fn is_filled(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The mark between `cell` and its right neighbour.
    pub fn right(&self, cell: Cell) -> Link {
        self.locate(cell).map_or(Link::None, |i| self.right[i])
    }

    /// The mark between `cell` and the cell below it.
    pub fn down(&self, cell: Cell) -> Link {
        self.locate(cell).map_or(Link::None, |i| self.down[i])
    }

    fn check_mark(&self, cell: Cell, link: Link) -> Result<(), PuzzleError> {
        let ok = match self.mode {
            Mode::Standard => link != Link::Bar,
            Mode::Adjacent => matches!(link, Link::None | Link::Bar),
        };
        if ok {
            Ok(())
        } else {
            Err(PuzzleError::WrongMark {
                cell,
                link,
                mode: self.mode,
            })
        }
    }

    /// Sets the mark between `cell` and its right neighbour.
    pub fn set_right(&mut self, cell: Cell, link: Link) -> Result<(), PuzzleError> {
        let i = self.locate(cell)?;
        self.locate(Cell::new(cell.row, cell.col + 1))?;
        self.check_mark(cell, link)?;
        self.right[i] = link;
        Ok(())
    }

    /// Sets the mark between `cell` and the cell below it.
    pub fn set_down(&mut self, cell: Cell, link: Link) -> Result<(), PuzzleError> {
        let i = self.locate(cell)?;
        self.locate(Cell::new(cell.row + 1, cell.col))?;
        self.check_mark(cell, link)?;
        self.down[i] = link;
        Ok(())
    }

    /// The mark from `a` to its orthogonal neighbour `b` (read from `a`),
    /// or `None` if they are not neighbours.
    pub fn link_between(&self, a: Cell, b: Cell) -> Option<Link> {
        self.locate(a).ok()?;
        self.locate(b).ok()?;
        if a.row == b.row && a.col + 1 == b.col {
            Some(self.right(a))
        } else if a.row == b.row && b.col + 1 == a.col {
            Some(self.right(b).reversed())
        } else if a.col == b.col && a.row + 1 == b.row {
            Some(self.down(a))
        } else if a.col == b.col && b.row + 1 == a.row {
            Some(self.down(b).reversed())
        } else {
            None
        }
    }

    /// Every pair of neighbours `(first, second, mark)`, row-major, with the
    /// first cell left of or above the second. Includes unmarked pairs.
    pub fn pairs(&self) -> Vec<(Cell, Cell, Link)> {
        let n = self.size;
        let mut out = Vec::with_capacity(2 * n * n);
        for cell in self.cells() {
            let i = cell.index(n);
            if cell.col + 1 < n {
                out.push((cell, Cell::new(cell.row, cell.col + 1), self.right[i]));
            }
            if cell.row + 1 < n {
                out.push((cell, Cell::new(cell.row + 1, cell.col), self.down[i]));
            }
        }
        out
    }

    /// The marked pairs only (signs, or bars in Adjacent mode).
    pub fn marks(&self) -> Vec<(Cell, Cell, Link)> {
        self.pairs()
            .into_iter()
            .filter(|p| p.2 != Link::None)
            .collect()
    }

    /// Number of marks (signs or bars).
    pub fn num_marks(&self) -> usize {
        self.right
            .iter()
            .chain(&self.down)
            .filter(|&&l| l != Link::None)
            .count()
    }

    /// Removes every given, keeping the marks.
    pub fn clear_givens(&mut self) {
        self.values.fill(0);
    }

    /// The same puzzle with every cell filled from `solution` (for printing a
    /// solution grid with its signs).
    pub fn filled_with(&self, solution: &Solution) -> Result<Puzzle, PuzzleError> {
        if solution.values.len() != self.values.len() {
            return Err(PuzzleError::SizeMismatch {
                expected: self.values.len(),
                found: solution.values.len(),
            });
        }
        let mut p = self.clone();
        p.values.copy_from_slice(&solution.values);
        Ok(p)
    }
}

/// The serde form of a [`Puzzle`]: its game ID ([`Puzzle::to_game_id`]),
/// read back with [`Puzzle::from_game_id`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct GameId(String);

#[cfg(feature = "serde")]
impl From<Puzzle> for GameId {
    fn from(puzzle: Puzzle) -> GameId {
        GameId(puzzle.to_game_id())
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GameId> for Puzzle {
    type Error = crate::format::ParseError;
    fn try_from(id: GameId) -> Result<Puzzle, Self::Error> {
        Puzzle::from_game_id(&id.0)
    }
}

/// The serde form of a [`Solution`]: the size and the row-major values,
/// checked on the way in by [`Solution::new`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct SolutionForm {
    size: usize,
    values: Vec<u8>,
}

#[cfg(feature = "serde")]
impl From<Solution> for SolutionForm {
    fn from(solution: Solution) -> SolutionForm {
        SolutionForm {
            size: solution.size,
            values: solution.values,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<SolutionForm> for Solution {
    type Error = PuzzleError;
    fn try_from(form: SolutionForm) -> Result<Solution, PuzzleError> {
        Solution::new(form.size, form.values)
    }
}

/// A filled grid: one value per cell, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "SolutionForm", into = "SolutionForm")
)]
pub struct Solution {
    size: usize,
    values: Vec<u8>,
}

impl Solution {
    /// A solution from row-major values (each `1..=size`).
    pub fn new(size: usize, values: Vec<u8>) -> Result<Solution, PuzzleError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::BadSize { size });
        }
        if values.len() != size * size {
            return Err(PuzzleError::SizeMismatch {
                expected: size * size,
                found: values.len(),
            });
        }
        if let Some(i) = values.iter().position(|&v| v == 0 || usize::from(v) > size) {
            return Err(PuzzleError::BadValue {
                cell: Cell::from_index(i, size),
                value: values[i],
                size,
            });
        }
        Ok(Solution { size, values })
    }

    /// The size of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value of `cell` (`0` outside the grid).
    pub fn value(&self, cell: Cell) -> u8 {
        if cell.row < self.size && cell.col < self.size {
            self.values[cell.index(self.size)]
        } else {
            0
        }
    }

    /// All values, row-major.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The solution string of the format file: `n*n` characters `1`-`9` for
    /// sizes up to 9, otherwise decimal values separated by commas.
    pub fn to_solution_string(&self) -> String {
        if self.size <= 9 {
            self.values.iter().map(|&v| char::from(b'0' + v)).collect()
        } else {
            let parts: Vec<String> = self.values.iter().map(u8::to_string).collect();
            parts.join(",")
        }
    }

    /// The values as grid symbols (`1`-`9`, then `A`-`Z`), row-major.
    pub fn to_symbols(&self) -> String {
        self.values
            .iter()
            .map(|&v| crate::format::value_char(v))
            .collect()
    }
}

impl fmt::Display for Solution {
    /// The solution string ([`to_solution_string`](Solution::to_solution_string)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_solution_string())
    }
}
