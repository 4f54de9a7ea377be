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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<VarId>,
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
        let domain = domain.into();
        let size = rows
            .checked_mul(cols)
            .filter(|&n| u32::try_from(n).is_ok())
            .ok_or(ModelError::TooManyVariables)?;
        let mut cells = Vec::with_capacity(size);
        for r in 0..rows {
            for c in 0..cols {
                cells.push(model.new_named_var(format!("r{}c{}", r + 1, c + 1), domain.clone())?);
            }
        }
        Ok(Grid { rows, cols, cells })
    }

    /// Like [`Grid::new`], but the variables get no names (messages then
    /// say `x17`): for programs that build many small models and name cells
    /// themselves, this saves one string per cell.
    pub fn new_unnamed(
        model: &mut Model,
        rows: usize,
        cols: usize,
        domain: impl Into<Domain>,
    ) -> Result<Grid, ModelError> {
        let size = rows
            .checked_mul(cols)
            .filter(|&n| u32::try_from(n).is_ok())
            .ok_or(ModelError::TooManyVariables)?;
        let cells = model.new_vars(size, domain)?;
        Ok(Grid { rows, cols, cells })
    }

    /// Number of rows.
    pub fn num_rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn num_cols(&self) -> usize {
        self.cols
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The cell at (row, col), 0-based, or `None` outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<VarId> {
        (row < self.rows && col < self.cols).then(|| self.cells[row * self.cols + col])
    }

    /// The cell at (row, col), or an error naming the position.
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
        (i < self.cells.len() && self.cells[i] == var).then(|| (i / self.cols, i % self.cols))
    }

    /// Row `row`, left to right (empty if there is no such row).
    pub fn row(&self, row: usize) -> &[VarId] {
        if row >= self.rows {
            return &[];
        }
        &self.cells[row * self.cols..(row + 1) * self.cols]
    }

    /// Column `col`, top to bottom (empty if there is no such column).
    pub fn column(&self, col: usize) -> Vec<VarId> {
        if col >= self.cols {
            return Vec::new();
        }
        (0..self.rows)
            .map(|r| self.cells[r * self.cols + col])
            .collect()
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

    /// The `box_rows x box_cols` boxes, row-major (box 0 top-left).
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
                    b.extend_from_slice(&self.row(r)[bc..bc + box_cols]);
                }
                boxes.push(b);
            }
        }
        Ok(boxes)
    }

    /// Irregular regions (jigsaw): `labels[i]` is the region of cell `i`
    /// (row-major). Regions come out in order of first appearance.
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
                let (row, col) = (i / self.cols, i % self.cols);
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
            .map(|i| self.cells[i * self.cols + i])
            .collect()
    }

    /// The anti-diagonal, top-right to bottom-left (square grids).
    pub fn anti_diagonal(&self) -> Vec<VarId> {
        let n = self.rows.min(self.cols);
        (0..n)
            .map(|i| self.cells[i * self.cols + (self.cols - 1 - i)])
            .collect()
    }

    /// The orthogonal neighbours of (row, col): up, right, down, left, where present.
    pub fn neighbours(&self, row: usize, col: usize) -> Vec<VarId> {
        let mut out = Vec::with_capacity(4);
        if row >= self.rows || col >= self.cols {
            return out;
        }
        if row > 0 {
            out.push(self.cells[(row - 1) * self.cols + col]);
        }
        if col + 1 < self.cols {
            out.push(self.cells[row * self.cols + col + 1]);
        }
        if row + 1 < self.rows {
            out.push(self.cells[(row + 1) * self.cols + col]);
        }
        if col > 0 {
            out.push(self.cells[row * self.cols + col - 1]);
        }
        out
    }

    /// Every pair of orthogonally adjacent cells once: `(left, right)` and
    /// `(upper, lower)`, row-major.
    pub fn adjacent_pairs(&self) -> Vec<(VarId, VarId)> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let here = self.cells[r * self.cols + c];
                if c + 1 < self.cols {
                    out.push((here, self.cells[r * self.cols + c + 1]));
                }
                if r + 1 < self.rows {
                    out.push((here, self.cells[(r + 1) * self.cols + c]));
                }
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

    /// The grid's values in `solution`, row by row.
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
}

impl std::ops::Index<(usize, usize)> for Grid {
    type Output = VarId;
    /// Panics outside the grid; use [`Grid::get`] for a checked lookup.
    fn index(&self, (row, col): (usize, usize)) -> &VarId {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is outside the grid"
        );
        &self.cells[row * self.cols + col]
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
