//! The rules: which groups of cells must hold different values (rows,
//! columns, boxes or jigsaw regions, diagonals, killer cages) and the sums of
//! killer cages. Classic Sudoku and its variants share one type, [`Variant`],
//! and every checker and solver takes one.

use crate::board::{Board, Cell, Shape};
use crate::error::SudokuError;
use crate::houses::HouseTables;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// What a group of cells is, for messages ("row 4", "box 6").
/// Numbers are 0-based inside and shown 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GroupKind {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row-major.
    Box(usize),
    /// A jigsaw region, numbered in order of first appearance.
    Region(usize),
    /// The main diagonal (X-Sudoku).
    Diagonal,
    /// The anti-diagonal (X-Sudoku).
    AntiDiagonal,
    /// A killer cage, numbered as given.
    Cage(usize),
}

impl fmt::Display for GroupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GroupKind::Row(i) => write!(f, "row {}", i + 1),
            GroupKind::Column(i) => write!(f, "column {}", i + 1),
            GroupKind::Box(i) => write!(f, "box {}", i + 1),
            GroupKind::Region(i) => write!(f, "region {}", i + 1),
            GroupKind::Diagonal => f.write_str("main diagonal"),
            GroupKind::AntiDiagonal => f.write_str("anti-diagonal"),
            GroupKind::Cage(i) => write!(f, "cage {}", i + 1),
        }
    }
}

/// Cells that must all hold different values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    kind: GroupKind,
    cells: Vec<Cell>,
}

impl Group {
    /// What the group is.
    pub fn kind(&self) -> GroupKind {
        self.kind
    }

    /// Its cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether the group must hold every value once (rows, columns, boxes,
    /// regions, diagonals: as many cells as values), as opposed to a cage.
    pub fn is_house(&self, size: usize) -> bool {
        self.cells.len() == size
    }
}

/// A killer cage: its cells hold different values adding up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<Cell>,
    sum: u32,
}

impl Cage {
    /// A cage over the given cells.
    pub fn new(cells: Vec<Cell>, sum: u32) -> Cage {
        Cage { cells, sum }
    }

    /// A cage over (row, col) positions, 0-based.
    pub fn from_positions(positions: &[(usize, usize)], sum: u32) -> Cage {
        Cage {
            cells: positions.iter().map(|&p| Cell::from(p)).collect(),
            sum,
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The sum.
    pub fn sum(&self) -> u32 {
        self.sum
    }
}

/// Two cells of one group holding the same value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Clash {
    /// The first cell (row-major order).
    pub first: Cell,
    /// The second cell.
    pub second: Cell,
    /// The value both hold.
    pub value: u8,
    /// The group they share.
    pub group: GroupKind,
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} both hold {} in {}",
            self.first, self.second, self.value, self.group
        )
    }
}

/// The rules of a puzzle: the board shape, the groups that must hold
/// different values, and any killer cages.
///
/// ```
/// use sudoku::{Board, Cage, Shape, Variant};
/// let classic = Variant::classic(Shape::CLASSIC);
/// let x = Variant::x_sudoku(Shape::CLASSIC);
/// assert_eq!(classic.groups().len(), 27);
/// assert_eq!(x.groups().len(), 29);
/// let killer = Variant::killer(Shape::new(4)?, vec![Cage::from_positions(&[(0, 0), (0, 1)], 3)])?;
/// let solution = killer.solve(&Board::blank(4)?)?.into_board().expect("solvable");
/// assert_eq!(solution.get(0, 0).unwrap() + solution.get(0, 1).unwrap(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A variant is cheap to clone: its groups and tables are shared (an
/// [`Arc`]), and the classic and X rules of a box shape are built once per
/// process and shared by every variant of that shape (a model is built per
/// puzzle on the family path, which clones the rules each time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    shape: Shape,
    diagonals: bool,
    rules: Arc<Rules>,
}

/// What a [`Variant`] derives from its shape, regions, diagonals and cages.
#[derive(Debug, PartialEq, Eq)]
struct Rules {
    regions: Option<Vec<usize>>,
    cages: Vec<Cage>,
    groups: Vec<Group>,
    /// For each cell, the indices of the groups holding it.
    cell_groups: Vec<Vec<u32>>,
    /// For each cell, the cage holding it (`u32::MAX` for none).
    cage_of: Vec<u32>,
    /// The cells (row-major indices) of each house: the groups of `n`
    /// cells that are not cages, in group order.
    houses: Vec<Vec<usize>>,
    /// Every group's cells (row-major indices) one after the other, in
    /// group order: what `clashes` reads, without a vector per group.
    group_cells: Vec<u16>,
    /// The houses' propagator's tables, built on first use.
    house_tables: HouseTablesOnce,
}

/// The houses' propagator's tables of some [`Rules`], built the first time
/// a model asks for them. Derived from the rules' houses, so it never tells
/// two rules apart.
#[derive(Debug, Default)]
struct HouseTablesOnce(OnceLock<Option<Arc<HouseTables>>>);

impl PartialEq for HouseTablesOnce {
    fn eq(&self, _: &HouseTablesOnce) -> bool {
        true
    }
}

impl Eq for HouseTablesOnce {}

/// The classic and X rules built so far, by shape (see [`Variant`]).
static SHARED: Mutex<Vec<(Shape, bool, Arc<Rules>)>> = Mutex::new(Vec::new());

/// The rules of `shape` without regions and cages, with or without the
/// diagonals, built on first use.
fn shared_rules(shape: Shape, diagonals: bool) -> Arc<Rules> {
    let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((.., r)) = shared
        .iter()
        .find(|(s, d, _)| *s == shape && *d == diagonals)
    {
        return Arc::clone(r);
    }
    let rules = Arc::new(Rules::build(shape, None, diagonals, Vec::new()));
    shared.push((shape, diagonals, Arc::clone(&rules)));
    rules
}

impl Variant {
    /// Classic Sudoku: rows, columns and boxes.
    pub fn classic(shape: Shape) -> Variant {
        Variant::build(shape, None, false, Vec::new())
    }

    /// X-Sudoku: classic plus both diagonals.
    pub fn x_sudoku(shape: Shape) -> Variant {
        Variant::build(shape, None, true, Vec::new())
    }

    /// Jigsaw Sudoku: rows, columns and irregular regions instead of boxes.
    /// `labels[i]` is the region of cell `i` (row-major); there must be
    /// `size` regions of `size` cells each.
    pub fn jigsaw(size: usize, labels: &[usize]) -> Result<Variant, SudokuError> {
        let shape = Shape::new(size).map_err(|e| SudokuError::BadRegions {
            reason: e.to_string(),
        })?;
        Variant::classic(shape).with_regions(labels)
    }

    /// Jigsaw regions from text: one symbol per cell (any non-space
    /// character), row-major, spaces and line breaks ignored; cells with
    /// the same symbol form a region.
    pub fn jigsaw_from_str(text: &str) -> Result<Variant, SudokuError> {
        let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let mut seen: Vec<char> = Vec::new();
        let labels: Vec<usize> = symbols
            .iter()
            .map(|&c| match seen.iter().position(|&s| s == c) {
                Some(k) => k,
                None => {
                    seen.push(c);
                    seen.len() - 1
                }
            })
            .collect();
        let n = (1..=crate::board::MAX_SIZE)
            .find(|n| n * n == labels.len())
            .ok_or_else(|| SudokuError::BadRegions {
                reason: format!("{} labels is not the square of a board size", labels.len()),
            })?;
        Variant::jigsaw(n, &labels)
    }

    /// Killer Sudoku: classic plus cages (different values adding up to
    /// each cage's sum).
    pub fn killer(shape: Shape, cages: Vec<Cage>) -> Result<Variant, SudokuError> {
        Variant::classic(shape).with_cages(cages)
    }

    /// These rules plus both diagonals.
    pub fn with_diagonals(self) -> Variant {
        Variant::build(
            self.shape,
            self.rules.regions.clone(),
            true,
            self.rules.cages.clone(),
        )
    }

    /// These rules with jigsaw regions in place of the boxes.
    pub fn with_regions(self, labels: &[usize]) -> Result<Variant, SudokuError> {
        let n = self.shape.size();
        if labels.len() != n * n {
            return Err(SudokuError::BadRegions {
                reason: format!(
                    "expected {} labels (one per cell), found {}",
                    n * n,
                    labels.len()
                ),
            });
        }
        let mut order: Vec<usize> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        let mut dense = Vec::with_capacity(labels.len());
        for &l in labels {
            let k = match order.iter().position(|&o| o == l) {
                Some(k) => k,
                None => {
                    order.push(l);
                    counts.push(0);
                    order.len() - 1
                }
            };
            counts[k] += 1;
            dense.push(k);
        }
        if order.len() != n || counts.iter().any(|&c| c != n) {
            return Err(SudokuError::BadRegions {
                reason: format!(
                    "expected {n} regions of {n} cells, found {} regions of sizes {counts:?}",
                    order.len()
                ),
            });
        }
        Ok(Variant::build(
            self.shape,
            Some(dense),
            self.diagonals,
            self.rules.cages.clone(),
        ))
    }

    /// These rules plus killer cages. Cages must lie on the board, not
    /// overlap, and have at most `size` cells.
    pub fn with_cages(self, cages: Vec<Cage>) -> Result<Variant, SudokuError> {
        let n = self.shape.size();
        let mut used = vec![false; n * n];
        for c in &self.rules.cages {
            for cell in &c.cells {
                used[cell.row * n + cell.col] = true;
            }
        }
        for (index, cage) in cages.iter().enumerate() {
            let bad = |reason: String| SudokuError::BadCage { index, reason };
            if cage.cells.is_empty() || cage.cells.len() > n {
                return Err(bad(format!(
                    "a cage has 1 to {n} cells, not {}",
                    cage.cells.len()
                )));
            }
            for cell in &cage.cells {
                if cell.row >= n || cell.col >= n {
                    return Err(bad(format!("{cell} is outside the board")));
                }
                let i = cell.row * n + cell.col;
                if used[i] {
                    return Err(bad(format!("{cell} is already in a cage")));
                }
                used[i] = true;
            }
        }
        let mut all = self.rules.cages.clone();
        all.extend(cages);
        Ok(Variant::build(
            self.shape,
            self.rules.regions.clone(),
            self.diagonals,
            all,
        ))
    }

    /// The variant of these parts; the classic and X rules of a shape are
    /// shared.
    fn build(
        shape: Shape,
        regions: Option<Vec<usize>>,
        diagonals: bool,
        cages: Vec<Cage>,
    ) -> Variant {
        let rules = if regions.is_none() && cages.is_empty() {
            shared_rules(shape, diagonals)
        } else {
            Arc::new(Rules::build(shape, regions, diagonals, cages))
        };
        Variant {
            shape,
            diagonals,
            rules,
        }
    }
}

impl Rules {
    /// The groups and tables of these parts.
    fn build(
        shape: Shape,
        regions: Option<Vec<usize>>,
        diagonals: bool,
        cages: Vec<Cage>,
    ) -> Rules {
        let n = shape.size();
        let mut groups = Vec::new();
        for r in 0..n {
            groups.push(Group {
                kind: GroupKind::Row(r),
                cells: (0..n).map(|c| Cell::new(r, c)).collect(),
            });
        }
        for c in 0..n {
            groups.push(Group {
                kind: GroupKind::Column(c),
                cells: (0..n).map(|r| Cell::new(r, c)).collect(),
            });
        }
        match &regions {
            None => {
                for b in 0..n {
                    groups.push(Group {
                        kind: GroupKind::Box(b),
                        cells: Vec::new(),
                    });
                }
                for r in 0..n {
                    for c in 0..n {
                        groups[2 * n + shape.box_of(r, c)]
                            .cells
                            .push(Cell::new(r, c));
                    }
                }
            }
            Some(labels) => {
                for k in 0..n {
                    groups.push(Group {
                        kind: GroupKind::Region(k),
                        cells: Vec::new(),
                    });
                }
                for (i, &k) in labels.iter().enumerate() {
                    groups[2 * n + k].cells.push(Cell::new(i / n, i % n));
                }
            }
        }
        if diagonals {
            groups.push(Group {
                kind: GroupKind::Diagonal,
                cells: (0..n).map(|i| Cell::new(i, i)).collect(),
            });
            groups.push(Group {
                kind: GroupKind::AntiDiagonal,
                cells: (0..n).map(|i| Cell::new(i, n - 1 - i)).collect(),
            });
        }
        let mut cage_of = vec![u32::MAX; n * n];
        for (k, cage) in cages.iter().enumerate() {
            for cell in &cage.cells {
                cage_of[cell.row * n + cell.col] = k as u32;
            }
            if cage.cells.len() > 1 {
                groups.push(Group {
                    kind: GroupKind::Cage(k),
                    cells: cage.cells.clone(),
                });
            }
        }
        let mut cell_groups = vec![Vec::new(); n * n];
        for (g, group) in groups.iter().enumerate() {
            for cell in &group.cells {
                cell_groups[cell.row * n + cell.col].push(g as u32);
            }
        }
        let houses = groups
            .iter()
            .filter(|g| g.cells.len() == n && !matches!(g.kind, GroupKind::Cage(_)))
            .map(|g| g.cells.iter().map(|c| c.row * n + c.col).collect())
            .collect();
        // At most 35 x 35 cells (`MAX_SIZE`): every index fits.
        let group_cells = groups
            .iter()
            .flat_map(|g| g.cells.iter().map(|c| (c.row * n + c.col) as u16))
            .collect();
        Rules {
            regions,
            cages,
            groups,
            cell_groups,
            cage_of,
            houses,
            group_cells,
            house_tables: HouseTablesOnce::default(),
        }
    }
}

impl Variant {
    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Cells per row.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// Every group of cells that must hold different values: rows, then
    /// columns, then boxes (or regions), then diagonals, then cages of two
    /// or more cells.
    pub fn groups(&self) -> &[Group] {
        &self.rules.groups
    }

    /// The cells (row-major indices) of each house: the groups of `n`
    /// cells that are not cages (rows, columns, boxes or regions,
    /// diagonals), in group order.
    pub(crate) fn house_cells(&self) -> &[Vec<usize>] {
        &self.rules.houses
    }

    /// The tables of the houses' propagator for [`house_cells`](Self::house_cells),
    /// built once per rules (so once per box shape for the classic and X
    /// rules); `None` where the propagator does not apply (see
    /// [`HouseTables::new`]).
    pub(crate) fn house_tables(&self) -> Option<Arc<HouseTables>> {
        let n = self.size();
        self.rules
            .house_tables
            .0
            .get_or_init(|| HouseTables::new(n * n, n, self.house_cells()).map(Arc::new))
            .clone()
    }

    /// The groups holding `cell`.
    pub fn groups_of(&self, cell: Cell) -> impl Iterator<Item = &Group> + '_ {
        let n = self.size();
        let list: &[u32] = if cell.row < n && cell.col < n {
            &self.rules.cell_groups[cell.row * n + cell.col]
        } else {
            &[]
        };
        list.iter().map(move |&g| &self.rules.groups[g as usize])
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.rules.cages
    }

    /// The jigsaw region of each cell (dense labels `0..size`), if the
    /// boxes were replaced.
    pub fn regions(&self) -> Option<&[usize]> {
        self.rules.regions.as_deref()
    }

    /// Whether the diagonals are groups.
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether these are the classic rules (no diagonals, regions or cages).
    pub fn is_classic(&self) -> bool {
        !self.diagonals && self.rules.regions.is_none() && self.rules.cages.is_empty()
    }

    pub(crate) fn check_board(&self, board: &Board) -> Result<(), SudokuError> {
        if board.size() != self.size() {
            return Err(SudokuError::ShapeMismatch {
                expected: self.size(),
                found: board.size(),
            });
        }
        Ok(())
    }

    /// Whether `value` can go at (row, col) without repeating a value in
    /// one of its groups or overshooting a cage sum. The cell's own value
    /// is ignored. `false` outside the board or for a value out of range.
    pub fn is_legal(&self, board: &Board, row: usize, col: usize, value: u8) -> bool {
        let n = self.size();
        if row >= n || col >= n || value == 0 || usize::from(value) > n || board.size() != n {
            return false;
        }
        let cell = Cell::new(row, col);
        let values = board.values();
        for group in self.groups_of(cell) {
            for &other in &group.cells {
                if other != cell && values[other.row * n + other.col] == value {
                    return false;
                }
            }
        }
        let k = self.rules.cage_of[row * n + col];
        if k != u32::MAX {
            let cage = &self.rules.cages[k as usize];
            let mut total = u32::from(value);
            let mut blanks = 0;
            for &other in &cage.cells {
                if other != cell {
                    match values[other.row * n + other.col] {
                        0 => blanks += 1,
                        v => total += u32::from(v),
                    }
                }
            }
            if total > cage.sum || (blanks == 0 && total != cage.sum) {
                return false;
            }
        }
        true
    }

    /// The values that are legal at (row, col) (see
    /// [`is_legal`](Self::is_legal)), ascending.
    pub fn candidates(&self, board: &Board, row: usize, col: usize) -> Vec<u8> {
        (1..=self.size() as u8)
            .filter(|&v| self.is_legal(board, row, col, v))
            .collect()
    }

    /// Every pair of cells in one group holding the same value.
    pub fn clashes(&self, board: &Board) -> Vec<Clash> {
        let n = self.size();
        let values = board.values();
        if board.size() != n {
            return Vec::new();
        }
        // Fast path: one bitmask per group (values are at most 35); the
        // detailed pass below runs only when some group repeats a value.
        let mut cells = self.rules.group_cells.as_slice();
        let repeated = self.rules.groups.iter().any(|group| {
            let (these, rest) = cells.split_at(group.cells.len().min(cells.len()));
            cells = rest;
            // Bit `v` for each value `v` seen; bit 0 (blank) never counts.
            let (mut mask, mut twice) = (0u64, 0u64);
            for &i in these {
                let bit = 1u64 << values[usize::from(i)];
                twice |= mask & bit;
                mask |= bit;
            }
            twice & !1 != 0
        });
        if !repeated {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut seen = [u16::MAX; crate::board::MAX_SIZE + 1];
        for group in &self.rules.groups {
            seen.fill(u16::MAX);
            for (k, &cell) in group.cells.iter().enumerate() {
                let v = values[cell.row * n + cell.col];
                if v == 0 {
                    continue;
                }
                let slot = &mut seen[usize::from(v)];
                if *slot == u16::MAX {
                    *slot = k as u16;
                } else {
                    let first = group.cells[usize::from(*slot)];
                    out.push(Clash {
                        first,
                        second: cell,
                        value: v,
                        group: group.kind,
                    });
                }
            }
        }
        out
    }

    /// The cells that break a rule: they share a group with a cell holding
    /// the same value, or they lie in a filled cage with the wrong sum (or
    /// a cage whose values already exceed its sum). Sorted, each once: what
    /// an app outlines in red.
    pub fn conflicts(&self, board: &Board) -> Vec<Cell> {
        let n = self.size();
        let mut out: Vec<Cell> = Vec::new();
        for c in self.clashes(board) {
            out.push(c.first);
            out.push(c.second);
        }
        if board.size() == n {
            for cage in &self.rules.cages {
                let vals: Vec<u8> = cage
                    .cells
                    .iter()
                    .map(|c| board.values()[c.row * n + c.col])
                    .collect();
                let total: u32 = vals.iter().map(|&v| u32::from(v)).sum();
                let full = vals.iter().all(|&v| v != 0);
                if total > cage.sum || (full && total != cage.sum) {
                    out.extend(
                        cage.cells
                            .iter()
                            .filter(|c| board.values()[c.row * n + c.col] != 0),
                    );
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether no filled cell breaks a rule (blanks allowed).
    pub fn is_valid(&self, board: &Board) -> bool {
        board.size() == self.size() && self.conflicts(board).is_empty()
    }

    /// Whether the board is complete and breaks no rule.
    pub fn is_solved(&self, board: &Board) -> bool {
        board.is_complete() && self.is_valid(board)
    }

    /// Whether `solution` is a solved board that keeps every filled cell of
    /// `puzzle`.
    pub fn is_solution_of(&self, solution: &Board, puzzle: &Board) -> bool {
        self.is_solved(solution)
            && solution.size() == puzzle.size()
            && puzzle
                .values()
                .iter()
                .zip(solution.values())
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

/// The classic rules, checked on the board itself.
impl Board {
    /// The classic rules for this board's shape.
    pub fn rules(&self) -> Variant {
        Variant::classic(self.shape())
    }

    /// Whether `value` can go at (row, col) without repeating a value in
    /// its row, column or box (the cell's own value is ignored).
    ///
    /// ```
    /// use sudoku::Board;
    /// let b: Board = "530070000600195000098000060800060003400803001700020006060000280000419005000080079".parse()?;
    /// assert!(b.is_legal(0, 2, 4));
    /// assert!(!b.is_legal(0, 2, 5)); // a 5 is already in row 1
    /// assert_eq!(b.candidates(0, 2), vec![1, 2, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, row: usize, col: usize, value: u8) -> bool {
        let shape = self.shape();
        let n = shape.size();
        if row >= n || col >= n || value == 0 || usize::from(value) > n {
            return false;
        }
        let v = self.values();
        let (br, bc) = (row - row % shape.box_rows(), col - col % shape.box_cols());
        for i in 0..n {
            if (i != col && v[row * n + i] == value) || (i != row && v[i * n + col] == value) {
                return false;
            }
            let (r, c) = (br + i / shape.box_cols(), bc + i % shape.box_cols());
            if (r, c) != (row, col) && v[r * n + c] == value {
                return false;
            }
        }
        true
    }

    /// The values legal at (row, col), ascending.
    pub fn candidates(&self, row: usize, col: usize) -> Vec<u8> {
        (1..=self.size() as u8)
            .filter(|&v| self.is_legal(row, col, v))
            .collect()
    }

    /// The cells sharing a row, column or box with a cell of the same
    /// value, sorted.
    pub fn conflicts(&self) -> Vec<Cell> {
        self.rules().conflicts(self)
    }

    /// Every pair of cells that repeat a value in a row, column or box.
    pub fn clashes(&self) -> Vec<Clash> {
        self.rules().clashes(self)
    }

    /// Whether no two filled cells clash (blanks allowed).
    pub fn is_valid(&self) -> bool {
        self.clashes().is_empty()
    }

    /// Whether the board is complete and valid.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.is_valid()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_share_their_tables_and_list_their_houses() {
        let shape = Shape::CLASSIC;
        let (a, b) = (Variant::classic(shape), Variant::classic(shape));
        assert!(
            Arc::ptr_eq(&a.rules, &b.rules),
            "one classic table per shape"
        );
        assert!(Arc::ptr_eq(&a.rules, &a.clone().rules), "clones share");
        let (ta, tb) = (a.house_tables().unwrap(), b.house_tables().unwrap());
        assert!(Arc::ptr_eq(&ta, &tb), "the houses' tables too");
        let x = Variant::x_sudoku(shape);
        assert!(!Arc::ptr_eq(&a.rules, &x.rules));
        assert!(!Arc::ptr_eq(&ta, &x.house_tables().unwrap()));
        assert_eq!(a.clone().with_diagonals(), x);
        assert_ne!(a, x);
        let other = Variant::classic(Shape::with_boxes(2, 3).unwrap());
        assert_eq!(other.house_cells().len(), 18);
        // Every house is a row, column, box, region or diagonal of n
        // cells, in group order; cages are not houses.
        let n = 9;
        let cell = |i: usize| Cell::new(i / n, i % n);
        for v in [&a, &x] {
            let groups: Vec<&Group> = v.groups().iter().filter(|g| g.cells.len() == n).collect();
            assert_eq!(v.house_cells().len(), groups.len());
            for (house, group) in v.house_cells().iter().zip(groups) {
                let cells: Vec<Cell> = house.iter().map(|&i| cell(i)).collect();
                assert_eq!(cells, group.cells);
            }
        }
        assert_eq!(x.house_cells().len(), 29);
        assert_eq!(
            x.house_cells()[27],
            (0..n).map(|i| i * n + i).collect::<Vec<_>>()
        );
        let labels: Vec<usize> = (0..81).map(|i| (i / 9 + i % 9) % 9).collect();
        let jigsaw = Variant::jigsaw(9, &labels).unwrap();
        assert_eq!(jigsaw.house_cells().len(), 27);
        assert!(jigsaw.house_cells()[18].iter().all(|&i| labels[i] == 0));
        let cages = (0..9)
            .map(|r| Cage::from_positions(&(0..9).map(|c| (r, c)).collect::<Vec<_>>(), 45))
            .collect();
        let killer = Variant::killer(shape, cages).unwrap();
        assert_eq!(killer.groups().len(), 27 + 9);
        assert_eq!(
            killer.house_cells(),
            a.house_cells(),
            "cages are not houses"
        );
        assert!(!Arc::ptr_eq(&killer.rules, &a.rules));
    }

    #[test]
    fn clashes_name_both_cells_and_the_group() {
        let mut b = Board::blank(9).unwrap();
        b.set(0, 0, 5).unwrap();
        b.set(0, 4, 5).unwrap();
        let clashes = b.clashes();
        assert_eq!(clashes.len(), 1);
        assert_eq!(clashes[0].to_string(), "r1c1 and r1c5 both hold 5 in row 1");
        assert_eq!(b.conflicts(), vec![Cell::new(0, 0), Cell::new(0, 4)]);
        assert!(!b.is_valid());
        b.set(1, 1, 5).unwrap();
        assert_eq!(b.conflicts().len(), 3);
    }

    #[test]
    fn regions_are_checked() {
        assert!(Variant::jigsaw(4, &[0; 16]).is_err());
        let labels: Vec<usize> = (0..16).map(|i| i / 4).collect();
        let v = Variant::jigsaw(4, &labels).unwrap();
        assert_eq!(v.groups()[8].kind(), GroupKind::Region(0));
        assert_eq!(v.groups()[8].cells().len(), 4);
    }

    #[test]
    fn cages_are_checked() {
        let s = Shape::new(4).unwrap();
        let a = Cage::from_positions(&[(0, 0), (0, 1)], 3);
        let b = Cage::from_positions(&[(0, 1), (1, 1)], 5);
        assert!(matches!(
            Variant::killer(s, vec![a.clone(), b]),
            Err(SudokuError::BadCage { index: 1, .. })
        ));
        let v = Variant::killer(s, vec![a]).unwrap();
        let mut board = Board::blank(4).unwrap();
        board.set(0, 0, 1).unwrap();
        assert!(v.is_legal(&board, 0, 1, 2));
        assert!(!v.is_legal(&board, 0, 1, 3));
        board.set(0, 1, 3).unwrap();
        assert_eq!(v.conflicts(&board), vec![Cell::new(0, 0), Cell::new(0, 1)]);
    }
}
