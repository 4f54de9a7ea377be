//! Grid helpers: a rectangle of variables and the groups puzzles constrain
//! (rows, columns, boxes, irregular regions, diagonals, neighbours, cages).
//!
//! Every group comes out as the list of its variables, ready for
//! [`Model::all_different`] or for a constraint of your own. Nothing here
//! panics on bad input: a box shape that does not tile the grid, a cage map
//! of the wrong size or a position outside the grid is a [`GridError`].
//!
//! ```
//! use csp_core::{Grid, Model, Solver};
//! // A 4 x 4 Sudoku, written like its rules.
//! let mut model = Model::new();
//! let grid = Grid::new(&mut model, 4, 4, 1..=4)?;
//! for group in grid.lines().chain(grid.boxes(2, 2)?) {
//!     model.all_different(&group)?;
//! }
//! assert_eq!(Solver::new(&model).count(None).count, 288);
//!
//! // Givens from text, and a cage map: one character per cell.
//! for (cell, value) in grid.parse_givens("1... .2.. ..3. ...4")? {
//!     model.fix(cell, value)?;
//! }
//! let cages = grid.regions_from_map("aabb aacc ddee ffee")?;
//! assert_eq!(cages[0], ('a', grid.group(&[(0, 0), (0, 1), (1, 0), (1, 1)])?));
//! assert!(cages.iter().all(|(_, cells)| grid.is_connected(cells)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::domain::Domain;
use crate::error::ModelError;
use crate::model::Model;
use crate::search::Solution;
use crate::variable::{Value, VarId};

/// A `rows x cols` rectangle of variables, named `r1c1`, `r1c2`, ... in
/// messages (1-based, as puzzle players write them).
///
/// A grid may have holes ([`Grid::with_mask`]): cells without a variable,
/// such as a Kakuro's black blocks or a Light Up's walls. Every group then
/// holds the cells that are present only, and [`runs`](Grid::runs) gives the
/// maximal runs of present cells along rows and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    /// The present cells' variables, row-major.
    cells: Vec<VarId>,
    /// For each position `r * cols + c`, the index into `cells`, or `ABSENT`.
    /// The three tables are empty when the grid has no holes: a cell's index
    /// is then its position (three vectors less to build for every model
    /// of a full grid).
    slot: Vec<u32>,
    /// Row `r`'s cells are `cells[row_start[r]..row_start[r + 1]]`.
    row_start: Vec<u32>,
    /// For each present cell, its position `r * cols + c`.
    pos: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

/// Which cells count as neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Neighbourhood {
    /// Up, right, down, left.
    Orthogonal,
    /// The four diagonal neighbours.
    Diagonal,
    /// All eight surrounding cells (a chess king's moves): "not even
    /// diagonally" in Star Battle, Suguru and Tents.
    King,
}

impl Neighbourhood {
    /// The (row, column) offsets, clockwise from the top (or top-right).
    pub fn offsets(self) -> &'static [(isize, isize)] {
        match self {
            Neighbourhood::Orthogonal => &[(-1, 0), (0, 1), (1, 0), (0, -1)],
            Neighbourhood::Diagonal => &[(-1, 1), (1, 1), (1, -1), (-1, -1)],
            Neighbourhood::King => &[
                (-1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
            ],
        }
    }
}

/// The direction of a [`Run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right, along a row.
    Across,
    /// Top to bottom, along a column.
    Down,
}

/// A maximal run of present cells along a row or a column (a Kakuro run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Along a row or a column.
    pub direction: Direction,
    /// The (row, column) of its first cell.
    pub start: (usize, usize),
    /// Its cells, in order.
    pub cells: Vec<VarId>,
}

/// Why a grid group could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// Boxes must tile the grid exactly.
    #[error("boxes of {box_rows}x{box_cols} do not tile a {rows}x{cols} grid")]
    BoxesDoNotTile {
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// A region label list must have one entry per cell.
    #[error("expected {expected} region labels (one per cell), found {found}")]
    WrongLabelCount {
        /// Cells in the grid.
        expected: usize,
        /// Labels given.
        found: usize,
    },
    /// A map or a givens string must have one character per cell
    /// (whitespace is ignored).
    #[error("expected {expected} cells, found {found}")]
    WrongCellCount {
        /// Cells in the grid.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A character that a givens string does not allow.
    #[error("cell ({row}, {col}): {found:?} is not a digit 1-9, a letter A-Z or an empty mark")]
    BadCharacter {
        /// The 0-based row.
        row: usize,
        /// The 0-based column.
        col: usize,
        /// The character found.
        found: char,
    },
    /// A cell position outside the grid.
    #[error("cell ({row}, {col}) is outside the {rows}x{cols} grid")]
    OutOfGrid {
        /// The 0-based row asked for.
        row: usize,
        /// The 0-based column asked for.
        col: usize,
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
    },
}

/// The usual grid-puzzle symbol of a value: `.` for 0 (a blank), `1`-`9`,
/// then `A`-`Z` for 10 to 35; `None` above 35.
///
/// ```
/// use csp_core::grid::{symbol_value, value_symbol};
/// assert_eq!(value_symbol(0), Some('.'));
/// assert_eq!(value_symbol(16), Some('G'));
/// assert_eq!(symbol_value('G', false), Some(16));
/// assert_eq!(symbol_value('g', false), None);
/// assert_eq!(symbol_value('g', true), Some(16));
/// ```
pub fn value_symbol(value: u32) -> Option<char> {
    match value {
        0 => Some('.'),
        1..=35 => char::from_digit(value, 36).map(|c| c.to_ascii_uppercase()),
        _ => None,
    }
}

/// The value of a grid-puzzle symbol: 0 for a blank (`.` or `0`), `1`-`9`,
/// `A`-`Z` for 10 to 35, and `a`-`z` likewise when `lowercase` is true;
/// `None` for anything else.
pub fn symbol_value(ch: char, lowercase: bool) -> Option<u32> {
    match ch {
        '.' => Some(0),
        'a'..='z' if !lowercase => None,
        _ => ch.to_digit(36),
    }
}

impl Grid {
    /// Adds `rows * cols` variables with the same domain to `model`.
    pub fn new(
        model: &mut Model,
        rows: usize,
        cols: usize,
        domain: impl Into<Domain>,
    ) -> Result<Grid, ModelError> {
        grid_size(rows, cols)?;
        Grid::build(model, rows, cols, None, &domain.into(), true)
    }

    /// Like [`Grid::new`], but the variables get no names (messages then
    /// say `x17`), for programs that name cells themselves. (The names of
    /// [`Grid::new`] cost nothing up front: they are made from the cell's
    /// position when asked for.)
    pub fn new_unnamed(
        model: &mut Model,
        rows: usize,
        cols: usize,
        domain: impl Into<Domain>,
    ) -> Result<Grid, ModelError> {
        grid_size(rows, cols)?;
        Grid::build(model, rows, cols, None, &domain.into(), false)
    }

    /// A grid with holes: a variable (named `r1c1`, ...) for each position
    /// whose `mask` entry is `true` (row-major, one entry per position),
    /// none for the others.
    ///
    /// ```
    /// use csp_core::{Grid, Model};
    /// // A Kakuro-like board: `#` is a block.
    /// let mut model = Model::new();
    /// let mask: Vec<bool> = "#..\n.#.".chars().filter(|c| *c != '\n').map(|c| c == '.').collect();
    /// let grid = Grid::with_mask(&mut model, 2, 3, 1..=9, &mask)?;
    /// assert_eq!(grid.cells().len(), 4);
    /// assert_eq!(grid.get(0, 0), None);
    /// assert_eq!(grid.row(1), &[grid[(1, 0)], grid[(1, 2)]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_mask(
        model: &mut Model,
        rows: usize,
        cols: usize,
        domain: impl Into<Domain>,
        mask: &[bool],
    ) -> Result<Grid, ModelError> {
        let size = grid_size(rows, cols)?;
        if mask.len() != size {
            return Err(ModelError::InvalidArgument {
                constraint: "grid".to_owned(),
                reason: format!(
                    "the mask has {} entries for {rows}x{cols} = {size} positions",
                    mask.len()
                ),
            });
        }
        Grid::build(model, rows, cols, Some(mask), &domain.into(), true)
    }

    /// [`Grid::with_mask`] without names.
    pub fn with_mask_unnamed(
        model: &mut Model,
        rows: usize,
        cols: usize,
        domain: impl Into<Domain>,
        mask: &[bool],
    ) -> Result<Grid, ModelError> {
        let size = grid_size(rows, cols)?;
        if mask.len() != size {
            return Err(ModelError::InvalidArgument {
                constraint: "grid".to_owned(),
                reason: format!(
                    "the mask has {} entries for {rows}x{cols} = {size} positions",
                    mask.len()
                ),
            });
        }
        Grid::build(model, rows, cols, Some(mask), &domain.into(), false)
    }

    /// The grid's variables, row-major, at the positions `mask` keeps (all
    /// of them without a mask; the size was checked by the caller).
    fn build(
        model: &mut Model,
        rows: usize,
        cols: usize,
        mask: Option<&[bool]>,
        domain: &Domain,
        named: bool,
    ) -> Result<Grid, ModelError> {
        let size = rows * cols;
        let holes = mask.filter(|m| m.contains(&false));
        let present = holes.map_or(size, |m| m.iter().filter(|&&p| p).count());
        let (mut slot, mut pos, mut row_start) = (Vec::new(), Vec::new(), Vec::new());
        if let Some(mask) = holes {
            slot.reserve(size);
            pos.reserve(present);
            row_start.reserve(rows + 1);
            for r in 0..rows {
                row_start.push(pos.len() as u32);
                for c in 0..cols {
                    if mask[r * cols + c] {
                        slot.push(pos.len() as u32);
                        pos.push((r * cols + c) as u32);
                    } else {
                        slot.push(ABSENT);
                    }
                }
            }
            row_start.push(present as u32);
        }
        // The cells are named from their position when a name is asked
        // for (messages, traces), not one string each here.
        let first = model.num_vars();
        if named {
            model.name_grid(first, present, cols, pos.clone());
        }
        let first_index = match model.push_vars(present, domain) {
            Ok(i) => i,
            Err(e) => {
                if named {
                    model.unname_last_grid();
                }
                return Err(e);
            }
        };
        let tag = model.tag;
        let cells = (first_index..first_index + present)
            .map(|i| VarId::from_index(i, tag))
            .collect();
        Ok(Grid {
            rows,
            cols,
            cells,
            slot,
            row_start,
            pos,
        })
    }

    /// The index into `cells` of position `p` (`r * cols + c`, inside the
    /// grid), or `ABSENT`.
    fn slot(&self, p: usize) -> u32 {
        if self.slot.is_empty() {
            p as u32
        } else {
            self.slot[p]
        }
    }

    /// The position (`r * cols + c`) of the `i`-th present cell, if any.
    fn pos(&self, i: usize) -> Option<usize> {
        if self.pos.is_empty() {
            (i < self.cells.len()).then_some(i)
        } else {
            self.pos.get(i).map(|&p| p as usize)
        }
    }

    /// The cells of this grid, row-major, as a vector (a model built from
    /// a grid that needs its cells only keeps them without a copy).
    pub fn into_cells(self) -> Vec<VarId> {
        self.cells
    }

    /// Number of rows.
    pub fn num_rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn num_cols(&self) -> usize {
        self.cols
    }

    /// All (present) cells, row-major.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The cell at (row, col), 0-based, or `None` outside the grid or at a
    /// hole.
    pub fn get(&self, row: usize, col: usize) -> Option<VarId> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        match self.slot(row * self.cols + col) {
            ABSENT => None,
            i => Some(self.cells[i as usize]),
        }
    }

    /// Whether (row, col) is inside the grid and has a variable.
    pub fn is_present(&self, row: usize, col: usize) -> bool {
        self.get(row, col).is_some()
    }

    /// Whether the grid has holes.
    pub fn is_masked(&self) -> bool {
        self.cells.len() != self.rows * self.cols
    }

    /// The cell at (row, col), or an error naming the position (outside
    /// the grid, or a hole).
    pub fn cell(&self, row: usize, col: usize) -> Result<VarId, GridError> {
        self.get(row, col).ok_or(GridError::OutOfGrid {
            row,
            col,
            rows: self.rows,
            cols: self.cols,
        })
    }

    /// The (row, col) of a cell of this grid.
    pub fn position(&self, var: VarId) -> Option<(usize, usize)> {
        let first = self.cells.first()?.index();
        let i = var.index().checked_sub(first)?;
        let p = self.pos(i)?;
        (self.cells[i] == var).then(|| (p / self.cols, p % self.cols))
    }

    /// Row `row`'s cells, left to right (empty if there is no such row).
    pub fn row(&self, row: usize) -> &[VarId] {
        if row >= self.rows {
            return &[];
        }
        if self.row_start.is_empty() {
            return &self.cells[row * self.cols..(row + 1) * self.cols];
        }
        &self.cells[self.row_start[row] as usize..self.row_start[row + 1] as usize]
    }

    /// Column `col`'s cells, top to bottom (empty if there is no such column).
    pub fn column(&self, col: usize) -> Vec<VarId> {
        if col >= self.cols {
            return Vec::new();
        }
        (0..self.rows).filter_map(|r| self.get(r, col)).collect()
    }

    /// Every row.
    pub fn rows(&self) -> impl Iterator<Item = Vec<VarId>> + '_ {
        (0..self.rows).map(|r| self.row(r).to_vec())
    }

    /// Every column.
    pub fn columns(&self) -> impl Iterator<Item = Vec<VarId>> + '_ {
        (0..self.cols).map(|c| self.column(c))
    }

    /// Every row, then every column: the lines of a Latin square.
    pub fn lines(&self) -> impl Iterator<Item = Vec<VarId>> + '_ {
        self.rows().chain(self.columns())
    }

    /// The `box_rows x box_cols` boxes, row-major (box 0 top-left); a box
    /// holds its present cells.
    pub fn boxes(&self, box_rows: usize, box_cols: usize) -> Result<Vec<Vec<VarId>>, GridError> {
        if box_rows == 0 || box_cols == 0 || self.rows % box_rows != 0 || self.cols % box_cols != 0
        {
            return Err(GridError::BoxesDoNotTile {
                rows: self.rows,
                cols: self.cols,
                box_rows,
                box_cols,
            });
        }
        let mut boxes = Vec::new();
        for br in (0..self.rows).step_by(box_rows) {
            for bc in (0..self.cols).step_by(box_cols) {
                let mut b = Vec::with_capacity(box_rows * box_cols);
                for r in br..br + box_rows {
                    b.extend((bc..bc + box_cols).filter_map(|c| self.get(r, c)));
                }
                boxes.push(b);
            }
        }
        Ok(boxes)
    }

    /// Irregular regions (jigsaw): `labels[i]` is the region of cell `i`
    /// (the `i`-th present cell, row-major). Regions come out in order of
    /// first appearance.
    pub fn regions(&self, labels: &[usize]) -> Result<Vec<Vec<VarId>>, GridError> {
        if labels.len() != self.cells.len() {
            return Err(GridError::WrongLabelCount {
                expected: self.cells.len(),
                found: labels.len(),
            });
        }
        let mut order: Vec<usize> = Vec::new();
        let mut regions: Vec<Vec<VarId>> = Vec::new();
        for (i, &label) in labels.iter().enumerate() {
            let k = match order.iter().position(|&l| l == label) {
                Some(k) => k,
                None => {
                    order.push(label);
                    regions.push(Vec::new());
                    regions.len() - 1
                }
            };
            regions[k].push(self.cells[i]);
        }
        Ok(regions)
    }

    /// Regions or cages drawn as a character map: one non-whitespace
    /// character per cell, row-major; cells with the same character form one
    /// group, and `.` marks a cell in no group. Groups come out in order of
    /// first appearance, each with its character.
    ///
    /// ```
    /// # use csp_core::{Grid, Model};
    /// let mut model = Model::new();
    /// let grid = Grid::new(&mut model, 2, 3, 1..=3)?;
    /// let cages = grid.regions_from_map("
    ///     a a b
    ///     c . b
    /// ")?;
    /// assert_eq!(cages.len(), 3);
    /// assert_eq!(cages[1], ('b', vec![grid[(0, 2)], grid[(1, 2)]]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn regions_from_map(&self, map: &str) -> Result<Vec<(char, Vec<VarId>)>, GridError> {
        let labels: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        if labels.len() != self.cells.len() {
            return Err(GridError::WrongCellCount {
                expected: self.cells.len(),
                found: labels.len(),
            });
        }
        let mut groups: Vec<(char, Vec<VarId>)> = Vec::new();
        for (&label, &cell) in labels.iter().zip(&self.cells) {
            if label == '.' {
                continue;
            }
            match groups.iter_mut().find(|(l, _)| *l == label) {
                Some((_, cells)) => cells.push(cell),
                None => groups.push((label, vec![cell])),
            }
        }
        Ok(groups)
    }

    /// Givens written as text: one character per cell, row-major,
    /// whitespace ignored; `1`-`9` are the values 1 to 9, `A`-`Z` (or
    /// `a`-`z`) the values 10 to 35, and `.`, `0`, `_` or `-` an empty cell.
    /// Returns the `(cell, value)` pairs, ready for [`Model::fix`] or
    /// [`Solver::set_assumptions`](crate::Solver::set_assumptions).
    pub fn parse_givens(&self, text: &str) -> Result<Vec<(VarId, Value)>, GridError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != self.cells.len() {
            return Err(GridError::WrongCellCount {
                expected: self.cells.len(),
                found: chars.len(),
            });
        }
        let mut givens = Vec::new();
        for (i, (&ch, &cell)) in chars.iter().zip(&self.cells).enumerate() {
            let value = match ch {
                '.' | '0' | '_' | '-' => continue,
                _ => symbol_value(ch, true),
            };
            let Some(value) = value else {
                let p = self.pos(i).unwrap_or(i);
                let (row, col) = (p / self.cols, p % self.cols);
                return Err(GridError::BadCharacter {
                    row,
                    col,
                    found: ch,
                });
            };
            // A digit of base 36 is below 36, so it fits a `Value`.
            givens.push((cell, value as Value));
        }
        Ok(givens)
    }

    /// The cells at the given (row, col) positions: a cage, a thermometer, ...
    pub fn group(&self, positions: &[(usize, usize)]) -> Result<Vec<VarId>, GridError> {
        positions.iter().map(|&(r, c)| self.cell(r, c)).collect()
    }

    /// The main diagonal, top-left to bottom-right (square grids).
    pub fn diagonal(&self) -> Vec<VarId> {
        (0..self.rows.min(self.cols))
            .filter_map(|i| self.get(i, i))
            .collect()
    }

    /// The anti-diagonal, top-right to bottom-left (square grids).
    pub fn anti_diagonal(&self) -> Vec<VarId> {
        let n = self.rows.min(self.cols);
        (0..n)
            .filter_map(|i| self.get(i, self.cols - 1 - i))
            .collect()
    }

    /// The cell `(dr, dc)` away from (row, col), if it is present.
    fn offset(&self, row: usize, col: usize, (dr, dc): (isize, isize)) -> Option<VarId> {
        let r = row.checked_add_signed(dr)?;
        let c = col.checked_add_signed(dc)?;
        self.get(r, c)
    }

    /// The orthogonal neighbours of (row, col): up, right, down, left, where present.
    pub fn neighbours(&self, row: usize, col: usize) -> Vec<VarId> {
        self.neighbours_in(row, col, Neighbourhood::Orthogonal)
    }

    /// The neighbours of (row, col) in `hood`, clockwise, where present.
    ///
    /// ```
    /// use csp_core::{Grid, Model, grid::Neighbourhood};
    /// let mut model = Model::new();
    /// let g = Grid::new(&mut model, 3, 3, 0..=1)?;
    /// assert_eq!(g.neighbours_in(1, 1, Neighbourhood::King).len(), 8);
    /// assert_eq!(g.neighbours_in(0, 0, Neighbourhood::Diagonal), vec![g[(1, 1)]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn neighbours_in(&self, row: usize, col: usize, hood: Neighbourhood) -> Vec<VarId> {
        if !self.is_present(row, col) {
            return Vec::new();
        }
        hood.offsets()
            .iter()
            .filter_map(|&d| self.offset(row, col, d))
            .collect()
    }

    /// Every pair of orthogonally adjacent cells once: `(left, right)` and
    /// `(upper, lower)`, row-major.
    pub fn adjacent_pairs(&self) -> Vec<(VarId, VarId)> {
        self.adjacent_pairs_in(Neighbourhood::Orthogonal)
    }

    /// Every pair of neighbours in `hood` once, the earlier cell (row-major)
    /// first, ordered by the earlier cell: ready for "no two stars touch,
    /// not even diagonally" (`King`).
    pub fn adjacent_pairs_in(&self, hood: Neighbourhood) -> Vec<(VarId, VarId)> {
        let mut out = Vec::new();
        for (i, &here) in self.cells.iter().enumerate() {
            let p = self.pos(i).unwrap_or(i);
            let (r, c) = (p / self.cols, p % self.cols);
            for &d in hood.offsets() {
                // Later cells only: each pair once.
                if d.0 > 0 || (d.0 == 0 && d.1 > 0) {
                    if let Some(there) = self.offset(r, c, d) {
                        out.push((here, there));
                    }
                }
            }
        }
        out
    }

    /// The present cells of every `height x width` window inside the grid
    /// (top-left corner row-major); windows without a present cell are
    /// left out. `windows(2, 2)` serves "at most one per 2x2 square".
    pub fn windows(&self, height: usize, width: usize) -> Vec<Vec<VarId>> {
        let mut out = Vec::new();
        if height == 0 || width == 0 || height > self.rows || width > self.cols {
            return out;
        }
        for r in 0..=self.rows - height {
            for c in 0..=self.cols - width {
                let w: Vec<VarId> = (r..r + height)
                    .flat_map(|rr| (c..c + width).filter_map(move |cc| self.get(rr, cc)))
                    .collect();
                if !w.is_empty() {
                    out.push(w);
                }
            }
        }
        out
    }

    /// The maximal runs of present cells along rows (`Across`, row-major)
    /// then along columns (`Down`, column-major) with at least `min_len`
    /// cells: Kakuro's runs are `runs(2)`.
    pub fn runs(&self, min_len: usize) -> Vec<Run> {
        let mut out = Vec::new();
        let mut push = |direction, start, cells: Vec<VarId>| {
            if !cells.is_empty() && cells.len() >= min_len {
                out.push(Run {
                    direction,
                    start,
                    cells,
                });
            }
        };
        for r in 0..self.rows {
            let mut c = 0;
            while c < self.cols {
                let start = c;
                let mut cells = Vec::new();
                while let Some(v) = self.get(r, c) {
                    cells.push(v);
                    c += 1;
                }
                push(Direction::Across, (r, start), cells);
                c += 1;
            }
        }
        for c in 0..self.cols {
            let mut r = 0;
            while r < self.rows {
                let start = r;
                let mut cells = Vec::new();
                while let Some(v) = self.get(r, c) {
                    cells.push(v);
                    r += 1;
                }
                push(Direction::Down, (start, c), cells);
                r += 1;
            }
        }
        out
    }

    /// Whether `cells` (cells of this grid) form one orthogonally connected
    /// piece, as the cages of Killer Sudoku and KenKen must. An empty list,
    /// or one with a variable of another grid, is not connected.
    pub fn is_connected(&self, cells: &[VarId]) -> bool {
        let Some(positions) = cells
            .iter()
            .map(|&v| self.position(v))
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        let Some(&first) = positions.first() else {
            return false;
        };
        let mut reached = vec![first];
        let mut next = 0;
        while let Some(&(r, c)) = reached.get(next) {
            next += 1;
            for &p in &positions {
                if r.abs_diff(p.0) + c.abs_diff(p.1) == 1 && !reached.contains(&p) {
                    reached.push(p);
                }
            }
        }
        positions.iter().all(|p| reached.contains(p))
    }

    /// The grid's values in `solution`, row by row (present cells only).
    pub fn values(&self, solution: &Solution) -> Vec<Vec<Value>> {
        (0..self.rows)
            .map(|r| {
                self.row(r)
                    .iter()
                    .map(|&v| solution.get(v).unwrap_or(0))
                    .collect()
            })
            .collect()
    }

    /// The grid's values in `solution` as text: one line per row, values
    /// right-aligned and separated by a space.
    pub fn render(&self, solution: &Solution) -> String {
        let values = self.values(solution);
        let width = values
            .iter()
            .flatten()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for row in values {
            let line: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    /// The whole rectangle as text, holes included: one line per row, one
    /// token per position, separated by single spaces; `cell` writes a
    /// present cell's value and `hole` a position without a variable.
    ///
    /// ```
    /// use csp_core::{Grid, Model, Solver};
    /// let mut model = Model::new();
    /// let g = Grid::with_mask(&mut model, 1, 3, 1..=2, &[true, false, true])?;
    /// model.all_different(g.cells())?;
    /// let s = Solver::new(&model).solve().into_solution().unwrap();
    /// assert_eq!(g.render_with(&s, |v| v.to_string(), |_, _| "#".into()), "1 # 2\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render_with(
        &self,
        solution: &Solution,
        mut cell: impl FnMut(Value) -> String,
        mut hole: impl FnMut(usize, usize) -> String,
    ) -> String {
        let mut out = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if c > 0 {
                    out.push(' ');
                }
                match self.get(r, c) {
                    Some(v) => out.push_str(&cell(solution.get(v).unwrap_or(0))),
                    None => out.push_str(&hole(r, c)),
                }
            }
            out.push('\n');
        }
        out
    }
}

fn grid_size(rows: usize, cols: usize) -> Result<usize, ModelError> {
    rows.checked_mul(cols)
        .filter(|&n| u32::try_from(n).is_ok() && n < ABSENT as usize)
        .ok_or(ModelError::TooManyVariables)
}

impl std::ops::Index<(usize, usize)> for Grid {
    type Output = VarId;
    /// Panics outside the grid or at a hole; use [`Grid::get`] for a
    /// checked lookup.
    fn index(&self, (row, col): (usize, usize)) -> &VarId {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is outside the grid"
        );
        let i = self.slot(row * self.cols + col);
        assert!(i != ABSENT, "({row}, {col}) is a hole of the grid");
        &self.cells[i as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn groups_have_the_right_cells() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 4, 6, 1..=6).unwrap();
        assert_eq!(g.row(1), &g.cells()[6..12]);
        assert_eq!(
            g.column(2),
            vec![g[(0, 2)], g[(1, 2)], g[(2, 2)], g[(3, 2)]]
        );
        let boxes = g.boxes(2, 3).unwrap();
        assert_eq!(boxes.len(), 4);
        assert_eq!(
            boxes[1],
            vec![
                g[(0, 3)],
                g[(0, 4)],
                g[(0, 5)],
                g[(1, 3)],
                g[(1, 4)],
                g[(1, 5)]
            ]
        );
        assert!(g.boxes(3, 3).is_err());
        assert_eq!(g.neighbours(0, 0), vec![g[(0, 1)], g[(1, 0)]]);
        assert_eq!(g.adjacent_pairs().len(), 4 * 5 + 3 * 6);
        assert_eq!(g.position(g[(3, 5)]), Some((3, 5)));
        assert_eq!(m.display_var(g[(2, 4)]), "r3c5");
        assert!(g.cell(4, 0).is_err());
        assert!(g.regions(&[0; 3]).is_err());
    }

    #[test]
    fn cells_are_named_from_their_position_on_demand() {
        let mut m = Model::new();
        let before = m.new_named_var("before", 0..=1).unwrap();
        let plain = Grid::new_unnamed(&mut m, 2, 2, 1..=4).unwrap();
        let mask = [true, false, true, true, true, false];
        let holed = Grid::with_mask(&mut m, 2, 3, 1..=4, &mask).unwrap();
        let after = m.new_var(0..=1).unwrap();
        let named = m.new_named_var("named", 0..=1).unwrap();
        let g = Grid::new(&mut m, 3, 2, 1..=4).unwrap();
        let names: Vec<String> = holed.cells().iter().map(|&v| m.display_var(v)).collect();
        assert_eq!(names, ["r1c1", "r1c3", "r2c1", "r2c2"]);
        assert_eq!(m.var_name(g[(2, 1)]).as_deref(), Some("r3c2"));
        assert_eq!(m.var_name(g[(0, 0)]).as_deref(), Some("r1c1"));
        assert_eq!(m.var_name(before).as_deref(), Some("before"));
        assert_eq!(m.var_name(named).as_deref(), Some("named"));
        assert_eq!(m.var_name(after), None);
        assert_eq!(m.var_name(plain[(1, 1)]), None);
        assert_eq!(m.display_var(after), after.to_string());
        let stranger = Grid::new(&mut Model::new(), 1, 1, 1..=1).unwrap()[(0, 0)];
        assert_eq!(m.var_name(stranger), None);
        // A grid whose domain is refused names its first cell and leaves
        // no names behind for the variables made next.
        let e = Grid::new(&mut m, 2, 2, Domain::range(5, 4)).unwrap_err();
        assert_eq!(
            e,
            ModelError::EmptyDomain {
                name: "r1c1".to_owned()
            }
        );
        let next = m.new_var(0..=1).unwrap();
        assert_eq!(m.var_name(next), None);
    }

    #[test]
    fn out_of_range_lookups_are_empty_not_panics() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 2, 3, 1..=3).unwrap();
        assert!(g.row(2).is_empty());
        assert!(g.column(3).is_empty());
        assert_eq!(g.get(2, 0), None);
        assert_eq!(g.neighbours(5, 5), vec![]);
        assert_eq!(
            g.group(&[(0, 0), (9, 9)]),
            Err(GridError::OutOfGrid {
                row: 9,
                col: 9,
                rows: 2,
                cols: 3
            })
        );
        assert_eq!(
            Grid::new(&mut m, usize::MAX, 2, 1..=3),
            Err(ModelError::TooManyVariables)
        );
        let empty = Grid::new(&mut m, 0, 0, 1..=3).unwrap();
        assert_eq!(empty.lines().count(), 0);
        assert_eq!(empty.position(g[(0, 0)]), None);
    }

    #[test]
    fn lines_are_rows_then_columns() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 2, 3, 1..=3).unwrap();
        let lines: Vec<_> = g.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[1], g.row(1));
        assert_eq!(lines[4], g.column(2));
    }

    #[test]
    fn region_maps_group_cells_by_character() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 3, 3, 1..=9).unwrap();
        let cages = g.regions_from_map("aab\nc.b\ncdd").unwrap();
        let labels: Vec<char> = cages.iter().map(|(l, _)| *l).collect();
        assert_eq!(labels, vec!['a', 'b', 'c', 'd']);
        assert_eq!(cages[2].1, vec![g[(1, 0)], g[(2, 0)]]);
        assert_eq!(
            g.regions_from_map("aab c.b cd"),
            Err(GridError::WrongCellCount {
                expected: 9,
                found: 8
            })
        );
        // Same labels as `regions`, which takes numbers.
        let numbered = g.regions(&[0, 0, 1, 2, 3, 1, 2, 4, 4]).unwrap();
        assert_eq!(numbered[0], cages[0].1);
    }

    #[test]
    fn givens_parse_digits_letters_and_blanks() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 2, 3, 1..=20).unwrap();
        let givens = g.parse_givens("1.9\n0aG").unwrap();
        assert_eq!(
            givens,
            vec![
                (g[(0, 0)], 1),
                (g[(0, 2)], 9),
                (g[(1, 1)], 10),
                (g[(1, 2)], 16)
            ]
        );
        assert_eq!(
            g.parse_givens("1.9 0a?"),
            Err(GridError::BadCharacter {
                row: 1,
                col: 2,
                found: '?'
            })
        );
        assert!(matches!(
            g.parse_givens("12"),
            Err(GridError::WrongCellCount { .. })
        ));
    }

    #[test]
    fn connectivity_is_orthogonal() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 3, 3, 1..=9).unwrap();
        let l_shape = g.group(&[(0, 0), (1, 0), (1, 1)]).unwrap();
        assert!(g.is_connected(&l_shape));
        let diagonal = g.group(&[(0, 0), (1, 1)]).unwrap();
        assert!(!g.is_connected(&diagonal));
        assert!(!g.is_connected(&[]));
        let outsider = m.new_var(1..=2).unwrap();
        assert!(!g.is_connected(&[g[(0, 0)], outsider]));
    }

    #[test]
    fn render_aligns_values() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 2, 2, 1..=12).unwrap();
        for (cell, v) in g.parse_givens("1C A2").unwrap() {
            m.fix(cell, v).unwrap();
        }
        let s = Solver::new(&m).solve().into_solution().unwrap();
        assert_eq!(g.values(&s), vec![vec![1, 12], vec![10, 2]]);
        assert_eq!(g.render(&s), " 1 12\n10  2\n");
    }

    /// A 3x4 board with holes at (0, 0), (0, 3) and (2, 1):
    /// ```text
    /// # . . #
    /// . . . .
    /// . # . .
    /// ```
    fn holed(m: &mut Model) -> Grid {
        let mask: Vec<bool> = "#..#.....#..".chars().map(|c| c == '.').collect();
        Grid::with_mask(m, 3, 4, 1..=9, &mask).unwrap()
    }

    #[test]
    fn masked_grids_leave_holes_out_of_every_group() {
        let mut m = Model::new();
        let g = holed(&mut m);
        assert_eq!(g.cells().len(), 9);
        assert_eq!(m.num_vars(), 9);
        assert!(g.is_masked());
        assert_eq!(g.get(0, 0), None);
        assert!(g.cell(2, 1).is_err());
        assert_eq!(g.row(0), &[g[(0, 1)], g[(0, 2)]]);
        assert_eq!(g.row(2), &[g[(2, 0)], g[(2, 2)], g[(2, 3)]]);
        assert_eq!(g.column(1), vec![g[(0, 1)], g[(1, 1)]]);
        assert_eq!(g.position(g[(2, 3)]), Some((2, 3)));
        assert_eq!(m.display_var(g[(2, 3)]), "r3c4");
        assert_eq!(g.neighbours(1, 1), vec![g[(0, 1)], g[(1, 2)], g[(1, 0)]]);
        assert!(g.neighbours(0, 0).is_empty());
        assert_eq!(
            g.parse_givens("12 3456 789").unwrap().len(),
            9,
            "one symbol per present cell"
        );
        let e = g.parse_givens("12 3456 78?").unwrap_err();
        assert_eq!(
            e,
            GridError::BadCharacter {
                row: 2,
                col: 3,
                found: '?'
            }
        );
        assert!(matches!(
            Grid::with_mask(&mut m, 2, 2, 1..=2, &[true]),
            Err(ModelError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn runs_are_maximal_present_segments() {
        let mut m = Model::new();
        let g = holed(&mut m);
        let runs = g.runs(2);
        let described: Vec<(Direction, (usize, usize), usize)> = runs
            .iter()
            .map(|r| (r.direction, r.start, r.cells.len()))
            .collect();
        assert_eq!(
            described,
            vec![
                (Direction::Across, (0, 1), 2),
                (Direction::Across, (1, 0), 4),
                (Direction::Across, (2, 2), 2),
                (Direction::Down, (1, 0), 2),
                (Direction::Down, (0, 1), 2),
                (Direction::Down, (0, 2), 3),
                (Direction::Down, (1, 3), 2),
            ]
        );
        assert_eq!(runs[3].cells, vec![g[(1, 0)], g[(2, 0)]]);
        // Runs of one cell too: r3c1 across.
        let singles: Vec<_> = g
            .runs(1)
            .into_iter()
            .filter(|r| r.cells.len() == 1)
            .collect();
        assert_eq!(singles.len(), 1);
        assert_eq!(
            (singles[0].direction, singles[0].start),
            (Direction::Across, (2, 0))
        );
    }

    #[test]
    fn neighbourhoods_and_windows() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 3, 3, 0..=1).unwrap();
        assert_eq!(g.neighbours_in(1, 1, Neighbourhood::King).len(), 8);
        assert_eq!(g.neighbours_in(0, 0, Neighbourhood::King).len(), 3);
        assert_eq!(
            g.neighbours_in(1, 1, Neighbourhood::Diagonal),
            vec![g[(0, 2)], g[(2, 2)], g[(2, 0)], g[(0, 0)]]
        );
        // 12 orthogonal pairs, 8 diagonal ones, 20 king pairs, each once.
        assert_eq!(g.adjacent_pairs_in(Neighbourhood::Orthogonal).len(), 12);
        assert_eq!(g.adjacent_pairs_in(Neighbourhood::Diagonal).len(), 8);
        let king = g.adjacent_pairs_in(Neighbourhood::King);
        assert_eq!(king.len(), 20);
        assert!(king.iter().all(|&(a, b)| a < b));
        assert_eq!(
            g.adjacent_pairs(),
            g.adjacent_pairs_in(Neighbourhood::Orthogonal)
        );
        let w = g.windows(2, 2);
        assert_eq!(w.len(), 4);
        assert_eq!(w[3], vec![g[(1, 1)], g[(1, 2)], g[(2, 1)], g[(2, 2)]]);
        assert!(g.windows(4, 1).is_empty());
        assert!(g.windows(0, 1).is_empty());
        let mut m = Model::new();
        let h = holed(&mut m);
        assert_eq!(h.windows(2, 2)[0], vec![h[(0, 1)], h[(1, 0)], h[(1, 1)]]);
    }

    #[test]
    fn render_with_shows_holes() {
        let mut m = Model::new();
        let g = holed(&mut m);
        for (i, &v) in g.cells().iter().enumerate() {
            m.fix(v, i as Value + 1).unwrap();
        }
        let s = Solver::new(&m).solve().into_solution().unwrap();
        assert_eq!(
            g.render_with(&s, |v| v.to_string(), |_, _| "-".to_owned()),
            "- 1 2 -\n3 4 5 6\n7 - 8 9\n"
        );
    }

    #[test]
    fn latin_squares_of_order_4() {
        let mut m = Model::new();
        let g = Grid::new(&mut m, 4, 4, 1..=4).unwrap();
        for group in g.rows().chain(g.columns()) {
            m.all_different(&group).unwrap();
        }
        assert_eq!(Solver::new(&m).count(None).count, 576);
    }
}
