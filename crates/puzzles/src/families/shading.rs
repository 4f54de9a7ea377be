//! What the binary families share (Star Battle, Norinori, Thermometers,
//! Nurikabe, Kurodoko, Heyawake, LITS, Battleships):
//! a solved grid of shaded cells ([`Shading`]), a grid of region numbers
//! ([`Regions`]), and the reading, writing and drawing of both.
//!
//! In these families every cell is either shaded (a star, a shaded cell,
//! mercury) or not, so a solution is a grid of booleans, written as the
//! puzzle's header line followed by ROWS rows of `x` (shaded) and `-`.

use crate::family::{Built, Cell, ParseError};
use crate::render::Canvas;
use crate::text::{Reader, Token};
use csp_core::{Value, VarId};
use std::collections::BTreeMap;

/// A solved grid: which cells are shaded (hold a star, are filled).
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `x` (shaded) and `-` of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shading {
    rows: usize,
    cols: usize,
    cells: Vec<bool>,
}

impl Shading {
    /// A `rows x cols` grid, `cells` row-major; `None` if the lengths
    /// disagree.
    pub fn new(rows: usize, cols: usize, cells: Vec<bool>) -> Option<Shading> {
        (rows.checked_mul(cols) == Some(cells.len())).then_some(Shading { rows, cols, cells })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `cell` is shaded (`false` outside the grid).
    pub fn is_shaded(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.cells[cell.row * self.cols + cell.col]
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }

    /// The shaded cells, row-major.
    pub fn shaded(&self) -> impl Iterator<Item = Cell> + '_ {
        let cols = self.cols;
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s)
            .map(move |(i, _)| Cell::new(i / cols, i % cols))
    }

    /// The grid as text: `header`, then one row per line, `x` for a shaded
    /// cell and `-` for the others.
    pub(crate) fn write(&self, header: &str) -> String {
        let mut out = String::with_capacity(header.len() + 1 + self.cells.len() * 2);
        out.push_str(header);
        out.push('\n');
        for r in 0..self.rows {
            for c in 0..self.cols {
                if c > 0 {
                    out.push(' ');
                }
                out.push(if self.cells[r * self.cols + c] {
                    'x'
                } else {
                    '-'
                });
            }
            out.push('\n');
        }
        out
    }

    /// Reads a grid as [`write`](Shading::write) writes it: a header line
    /// whose numbers must be `header` (named by `names`, "ROWS COLS"),
    /// then `rows` rows of `cols` tokens `x` or `-`.
    pub(crate) fn parse(
        text: &str,
        header: &[usize],
        names: &str,
        rows: usize,
        cols: usize,
    ) -> Result<Shading, ParseError> {
        let mut r = Reader::new(text);
        let line = r.line_no();
        let tokens = r.line(&format!("a header line '{names}'"))?;
        if tokens.len() != header.len() {
            return Err(ParseError::at_line(
                line,
                format!(
                    "expected the header line '{names}' ({} numbers), found {} tokens",
                    header.len(),
                    tokens.len()
                ),
            ));
        }
        let words: Vec<&str> = names.split_whitespace().collect();
        for (i, (t, &want)) in tokens.iter().zip(header).enumerate() {
            let what = words.get(i).copied().unwrap_or("a number");
            let got = t.number(what, 0, i64::MAX)?;
            if got != want as i64 {
                return Err(t.error(format!(
                    "{what} is {got} here but {want} in the puzzle: not its solution"
                )));
            }
        }
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of the solution", row + 1))? {
                cells.push(match t.text {
                    "x" => true,
                    "-" => false,
                    _ => return Err(t.error(format!("expected 'x' or '-', found '{}'", t.text))),
                });
            }
        }
        r.end()?;
        Ok(Shading { rows, cols, cells })
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Shading {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| {
            crate::serde_text::shaded_token(self.cells[i])
        })
    }

    fn from_text(text: &str) -> Result<Shading, ParseError> {
        let (rows, cols, cells) = crate::serde_text::read_shaded(text, "shaded")?;
        Ok(Shading { rows, cols, cells })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Shading);

/// A grid's division into regions: a number per cell (any non-negative
/// integers, not necessarily consecutive). A region is the set of cells
/// with one number; it need not be connected.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// region numbers, as the puzzles' text layouts write them.
///
/// A cell labelled [`Regions::HOLE`] is in no region: janko.at's `@`, a
/// hole in the grid (LITS and Star Battle read it; the other families
/// refuse it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    rows: usize,
    cols: usize,
    /// The number of each cell, row-major.
    labels: Vec<u64>,
}

impl Regions {
    /// The label of a hole: a cell in no region, written `@`.
    pub const HOLE: u64 = u64::MAX;

    /// Regions from a number per cell (row-major); `None` if the length is
    /// not `rows * cols`.
    pub fn new(rows: usize, cols: usize, labels: Vec<u64>) -> Option<Regions> {
        (rows.checked_mul(cols) == Some(labels.len())).then_some(Regions { rows, cols, labels })
    }

    /// The region number of a cell (`None` outside the grid and on a
    /// hole).
    pub fn label(&self, cell: Cell) -> Option<u64> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.labels[cell.row * self.cols + cell.col])
            .filter(|&l| l != Self::HOLE)
    }

    /// Whether `cell` is a hole (in no region).
    pub fn is_hole(&self, cell: Cell) -> bool {
        cell.row < self.rows
            && cell.col < self.cols
            && self.labels[cell.row * self.cols + cell.col] == Self::HOLE
    }

    /// Whether some cell is a hole.
    pub fn has_holes(&self) -> bool {
        self.labels.contains(&Self::HOLE)
    }

    /// The numbers, row-major.
    pub fn labels(&self) -> &[u64] {
        &self.labels
    }

    /// The number a player reads for the region labelled `label` in the
    /// text: regions are numbered from 1 in reading order of their first
    /// cell (the region of r1c1 is 1), whatever numbers the text gives
    /// them. A label no cell has is returned as it is.
    pub fn number(&self, label: u64) -> u64 {
        let mut seen: Vec<u64> = Vec::new();
        for &x in self.labels.iter().filter(|&&x| x != Self::HOLE) {
            if !seen.contains(&x) {
                seen.push(x);
            }
            if x == label {
                return seen.len() as u64;
            }
        }
        label
    }

    /// Every region as (number, its cells' row-major indices), in
    /// increasing order of number (holes are in none).
    pub fn groups(&self) -> Vec<(u64, Vec<usize>)> {
        let mut map: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (i, &l) in self.labels.iter().enumerate() {
            if l == Self::HOLE {
                continue;
            }
            map.entry(l).or_default().push(i);
        }
        map.into_iter().collect()
    }

    /// The regions' cells as [`Cell`]s, in increasing order of number.
    pub fn cell_groups(&self) -> Vec<(u64, Vec<Cell>)> {
        let cols = self.cols;
        self.groups()
            .into_iter()
            .map(|(l, cells)| {
                (
                    l,
                    cells
                        .into_iter()
                        .map(|i| Cell::new(i / cols, i % cols))
                        .collect(),
                )
            })
            .collect()
    }

    /// Reads `rows` rows of `cols` region numbers.
    pub(crate) fn read(
        r: &mut Reader<'_>,
        rows: usize,
        cols: usize,
    ) -> Result<Regions, ParseError> {
        Self::read_rows(r, rows, cols, false)
    }

    /// Reads `rows` rows of `cols` region numbers or holes: janko.at's
    /// `@` (a cell outside the grid) or `#` (a black cell), both in no
    /// region.
    pub(crate) fn read_with_holes(
        r: &mut Reader<'_>,
        rows: usize,
        cols: usize,
    ) -> Result<Regions, ParseError> {
        Self::read_rows(r, rows, cols, true)
    }

    fn read_rows(
        r: &mut Reader<'_>,
        rows: usize,
        cols: usize,
        holes: bool,
    ) -> Result<Regions, ParseError> {
        let mut labels = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of region numbers", row + 1))? {
                labels.push(if holes && (t.text == "@" || t.text == "#") {
                    Self::HOLE
                } else {
                    region_number(&t)?
                });
            }
        }
        Ok(Regions { rows, cols, labels })
    }

    /// Writes the numbers as rows, each column as wide as its widest
    /// number (so the regions can be read off the text), a hole as `@`.
    pub(crate) fn write(&self, out: &mut String) {
        write_aligned(out, self.rows, self.cols, |i| match self.labels[i] {
            Self::HOLE => "@".to_owned(),
            l => l.to_string(),
        });
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Regions {
    fn to_text(&self) -> String {
        let mut out = format!("{} {}\n", self.rows, self.cols);
        if self.cols > 0 {
            self.write(&mut out);
        }
        out
    }

    fn from_text(text: &str) -> Result<Regions, ParseError> {
        let (rows, cols, labels) = crate::serde_text::read_grid(text, |t, _| match t.text {
            "@" => Ok(Regions::HOLE),
            _ => region_number(t),
        })?;
        Ok(Regions { rows, cols, labels })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Regions);

/// A region number: a non-negative integer.
fn region_number(t: &Token<'_>) -> Result<u64, ParseError> {
    if !t.text.is_empty() && t.text.bytes().all(|b| b.is_ascii_digit()) {
        t.text
            .parse::<u64>()
            .ok()
            .filter(|&l| l != Regions::HOLE)
            .ok_or_else(|| t.error(format!("region number '{}' is too large", t.text)))
    } else {
        Err(t.error(format!(
            "expected a region number (a non-negative integer), found '{}'",
            t.text
        )))
    }
}

/// Writes `rows x cols` tokens (`token(i)` for row-major index `i`) with
/// each column padded to its widest token, separated by single spaces.
pub(crate) fn write_aligned(
    out: &mut String,
    rows: usize,
    cols: usize,
    token: impl Fn(usize) -> String,
) {
    let tokens: Vec<String> = (0..rows * cols).map(token).collect();
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            (0..rows)
                .map(|r| tokens[r * cols + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..cols {
            let t = &tokens[r * cols + c];
            if c > 0 {
                line.push(' ');
            }
            line.push_str(t);
            if c + 1 < cols {
                for _ in t.chars().count()..width[c] {
                    line.push(' ');
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// Which cells a solution of `built` gives `value`, row-major (a cell
/// without a variable has none): the shaded cells of a binary family.
pub(crate) fn cells_valued(built: &Built, s: &csp_core::Solution, value: Value) -> Vec<bool> {
    built
        .cells
        .iter()
        .map(|v| v.and_then(|v| s.get(v)) == Some(value))
        .collect()
}

impl Shading {
    /// The shading a solution of `built` gives: the cells whose variable
    /// takes `shaded` (the family's value for a shaded cell, a star, a
    /// ship part).
    pub(crate) fn decode(built: &Built, s: &csp_core::Solution, shaded: Value) -> Shading {
        Shading {
            rows: built.rows,
            cols: built.cols,
            cells: cells_valued(built, s, shaded),
        }
    }
}

impl Regions {
    /// The regions a solution of `built` gives: each cell labelled by its
    /// variable's value (a cell without a variable, or a negative value,
    /// is region 0).
    pub(crate) fn decode(built: &Built, s: &csp_core::Solution) -> Regions {
        Regions {
            rows: built.rows,
            cols: built.cols,
            labels: built
                .cells
                .iter()
                .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x.max(0) as u64))
                .collect(),
        }
    }
}

/// The cell of a variable: cells are the model's first variables, in
/// row-major order, in every family here, so this is an index check
/// (with the general lookup as a fallback).
pub(crate) fn cell_of(built: &Built, var: VarId) -> Option<Cell> {
    match built.cells.get(var.index()) {
        Some(&Some(v)) if v == var => Some(Cell::new(
            var.index() / built.cols,
            var.index() % built.cols,
        )),
        _ => built.cell_of(var),
    }
}

/// The cells of a constraint's scope, in scope order (`None` if one of
/// its variables is not a cell's).
pub(crate) fn scope_cells(built: &Built, scope: &[VarId]) -> Option<Vec<Cell>> {
    scope.iter().map(|&v| cell_of(built, v)).collect()
}

/// The usual names for a set of cells: "row 3", "column 2", or `None`.
pub(crate) fn line_name(cells: &[Cell], rows: usize, cols: usize) -> Option<String> {
    let first = cells.first()?;
    if cells.len() == cols && cells.iter().all(|c| c.row == first.row) {
        return Some(format!("row {}", first.row + 1));
    }
    if cells.len() == rows && cells.iter().all(|c| c.col == first.col) {
        return Some(format!("column {}", first.col + 1));
    }
    None
}

/// A list of cells in words: "r1c1, r1c2 and r2c1".
pub(crate) fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Region labels renumbered from 1 in order of first appearance, row by
/// row (how the text layouts print a labelling).
pub(crate) fn canonical_labels(labels: &[u64]) -> Vec<u64> {
    let mut seen: Vec<u64> = Vec::new();
    labels
        .iter()
        .map(|l| match seen.iter().position(|s| s == l) {
            Some(k) => k as u64 + 1,
            None => {
                seen.push(*l);
                seen.len() as u64
            }
        })
        .collect()
}

/// Draws the region borders of `regions` on `canvas`.
/// A hole is filled dark grey and bordered as a region of its own.
pub(crate) fn draw_regions(canvas: &mut Canvas, regions: &Regions) {
    let cols = regions.cols;
    for (i, &l) in regions.labels.iter().enumerate() {
        if l == Regions::HOLE {
            canvas.fill(i / cols, i % cols, HOLE_FILL);
        }
    }
    canvas.region_borders(|r, c| match regions.labels[r * cols + c] {
        // Each hole apart: borders between two holes too.
        Regions::HOLE => (Regions::HOLE, r * cols + c),
        l => (l, 0),
    });
}

/// The colour of a hole.
const HOLE_FILL: &str = "#555555";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shading_round_trips_and_checks_its_header() {
        let s = Shading::new(2, 3, vec![true, false, false, false, false, true]).unwrap();
        let text = s.write("2 3 1");
        assert_eq!(text, "2 3 1\nx - -\n- - x\n");
        assert_eq!(Shading::parse(&text, &[2, 3, 1], "R C S", 2, 3), Ok(s));
        let e = Shading::parse("2 3 2\nx - -\n- - x\n", &[2, 3, 1], "R C S", 2, 3).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(5)));
        let e = Shading::parse("2 3 1\nx - -\n- o x\n", &[2, 3, 1], "R C S", 2, 3).unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(3)));
        assert!(Shading::new(2, 2, vec![true]).is_none());
    }

    #[test]
    fn regions_read_any_numbers_and_write_aligned() {
        let mut r = Reader::new("7 12\n0 7\n");
        let g = Regions::read(&mut r, 2, 2).unwrap();
        assert_eq!(
            g.groups(),
            vec![(0, vec![2]), (7, vec![0, 3]), (12, vec![1])]
        );
        let mut out = String::new();
        g.write(&mut out);
        assert_eq!(out, "7 12\n0 7\n");
        let e = Regions::read(&mut Reader::new("1 -2\n"), 1, 2).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(3)));
        let e = Regions::read(&mut Reader::new("99999999999999999999999\n"), 1, 1).unwrap_err();
        assert!(e.message.contains("too large"), "{e}");
    }

    #[test]
    fn holes_are_in_no_region_and_written_as_at() {
        let text = "1 @\n# 1\n";
        let e = Regions::read(&mut Reader::new(text), 2, 2).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(3)));
        let g = Regions::read_with_holes(&mut Reader::new(text), 2, 2).unwrap();
        assert_eq!(g.groups(), vec![(1, vec![0, 3])]);
        assert!(g.has_holes() && g.is_hole(Cell::new(1, 0)));
        assert_eq!(g.label(Cell::new(0, 1)), None);
        assert_eq!(g.number(1), 1);
        let mut out = String::new();
        g.write(&mut out);
        assert_eq!(out, "1 @\n@ 1\n");
        let e = Regions::read(&mut Reader::new("18446744073709551615\n"), 1, 1).unwrap_err();
        assert!(e.message.contains("too large"), "{e}");
    }

    #[test]
    fn canonical_labels_follow_first_appearance() {
        assert_eq!(canonical_labels(&[7, 7, 3, 9, 3]), [1, 1, 2, 3, 2]);
    }

    #[test]
    fn lists_read_well() {
        let cells = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0)];
        assert_eq!(cell_list(&cells), "r1c1, r1c2 and r2c1");
        assert_eq!(cell_list(&cells[..1]), "r1c1");
        assert_eq!(line_name(&cells[..2], 2, 2), Some("row 1".to_owned()));
        assert_eq!(
            line_name(&[cells[0], cells[2]], 2, 2),
            Some("column 1".to_owned())
        );
    }
}
