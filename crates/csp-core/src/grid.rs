//! Grid helpers: a rectangle of variables and the groups puzzles constrain
//! (rows, columns, boxes, irregular regions, diagonals, neighbours, cages).
//!
//! ```
//! use csp_core::{Grid, Model, Solver};
//! // A 4 x 4 Sudoku in five lines of rules.
//! let mut model = Model::new();
//! let grid = Grid::new(&mut model, 4, 4, 1..=4)?;
//! for group in grid.rows().chain(grid.columns()).chain(grid.boxes(2, 2)?) {
//!     model.all_different(&group)?;
//! }
//! assert_eq!(Solver::new(&model).count(None).count, 288);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::domain::Domain;
use crate::error::ModelError;
use crate::model::Model;
use crate::variable::VarId;

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

impl Grid {
    /// Adds `rows * cols` variables with the same domain to `model`.
    pub fn new(
        model: &mut Model,
        rows: usize,
        cols: usize,
        domain: impl Into<Domain>,
    ) -> Result<Grid, ModelError> {
        let domain = domain.into();
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                cells.push(model.new_named_var(format!("r{}c{}", r + 1, c + 1), domain.clone())?);
            }
        }
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
        self.get(row, col).ok_or(GridError::OutOfGrid { row, col, rows: self.rows, cols: self.cols })
    }

    /// The (row, col) of a cell of this grid.
    pub fn position(&self, var: VarId) -> Option<(usize, usize)> {
        let first = self.cells.first()?.index();
        let i = var.index().checked_sub(first)?;
        (i < self.cells.len() && self.cells[i] == var).then(|| (i / self.cols, i % self.cols))
    }

    /// Row `row`, left to right.
    pub fn row(&self, row: usize) -> &[VarId] {
        &self.cells[row * self.cols..(row + 1) * self.cols]
    }

    /// Column `col`, top to bottom.
    pub fn column(&self, col: usize) -> Vec<VarId> {
        (0..self.rows).map(|r| self.cells[r * self.cols + col]).collect()
    }

    /// Every row.
    pub fn rows(&self) -> impl Iterator<Item = Vec<VarId>> + '_ {
        (0..self.rows).map(|r| self.row(r).to_vec())
    }

    /// Every column.
    pub fn columns(&self) -> impl Iterator<Item = Vec<VarId>> + '_ {
        (0..self.cols).map(|c| self.column(c))
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

    /// The cells at the given (row, col) positions: a cage, a thermometer, ...
    pub fn group(&self, positions: &[(usize, usize)]) -> Result<Vec<VarId>, GridError> {
        positions.iter().map(|&(r, c)| self.cell(r, c)).collect()
    }

    /// The main diagonal, top-left to bottom-right (square grids).
    pub fn diagonal(&self) -> Vec<VarId> {
        (0..self.rows.min(self.cols)).map(|i| self.cells[i * self.cols + i]).collect()
    }

    /// The anti-diagonal, top-right to bottom-left (square grids).
    pub fn anti_diagonal(&self) -> Vec<VarId> {
        let n = self.rows.min(self.cols);
        (0..n).map(|i| self.cells[i * self.cols + (self.cols - 1 - i)]).collect()
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
}

impl std::ops::Index<(usize, usize)> for Grid {
    type Output = VarId;
    /// Panics outside the grid; use [`Grid::get`] for a checked lookup.
    fn index(&self, (row, col): (usize, usize)) -> &VarId {
        assert!(row < self.rows && col < self.cols, "({row}, {col}) is outside the grid");
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
        assert_eq!(g.column(2), vec![g[(0, 2)], g[(1, 2)], g[(2, 2)], g[(3, 2)]]);
        let boxes = g.boxes(2, 3).unwrap();
        assert_eq!(boxes.len(), 4);
        assert_eq!(boxes[1], vec![g[(0, 3)], g[(0, 4)], g[(0, 5)], g[(1, 3)], g[(1, 4)], g[(1, 5)]]);
        assert!(g.boxes(3, 3).is_err());
        assert_eq!(g.neighbours(0, 0), vec![g[(0, 1)], g[(1, 0)]]);
        assert_eq!(g.adjacent_pairs().len(), 4 * 5 + 3 * 6);
        assert_eq!(g.position(g[(3, 5)]), Some((3, 5)));
        assert_eq!(m.display_var(g[(2, 4)]), "r3c5");
        assert!(g.cell(4, 0).is_err());
        assert!(g.regions(&[0; 3]).is_err());
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
