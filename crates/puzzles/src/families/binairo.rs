//! Binairo (Takuzu) and Tatham's Unruly: fill the grid with 1s and 2s so
//! that each row and column holds as many 1s as 2s and never three equal
//! symbols in a line; in Binairo, moreover, no two rows and no two columns
//! are equal. Unruly is the same puzzle without that last rule (Tatham's
//! "unique rows and columns" option restores it: such a puzzle is a
//! Binairo).
//!
//! One module, two family values: [`Binairo::BINAIRO`] (`binairo` on the
//! command line: rows and columns always distinct) and [`Binairo::UNRULY`]
//! (`unruly`: distinct only when the puzzle says so, with the header word
//! `unique` or the `u` of a Tatham game ID). The text layout is `ROWS
//! COLS` (both even), then the grid of `1`, `2` and `-`; Tatham's Unruly
//! IDs (`8x8:AbCbajabBaeeEBAbgCBFb`, `8x8u:...`) are read too; see
//! `docs/formats/binairo.md`.
//!
//! The model (in the private module `model`) is one variable over `{1, 2}` per cell with
//! csp-core's catalogue constraints: a count per line
//! ([`exactly`](csp_core::Model::exactly)), two three-literal clauses per
//! window of three cells (not all 1s, not all 2s), and
//! [`all_different_vectors`](csp_core::Model::all_different_vectors) over
//! the rows and over the columns for Binairo.

mod generate;
mod model;

pub use generate::MAX_GENERATED_SIDE;
pub use model::rules;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::{ConstraintId, ModelError, Value};

/// The largest number of rows or columns a grid may have.
pub const MAX_SIDE: usize = 100;

/// Binairo or Unruly: which rules a family value reads puzzles with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binairo {
    /// Every puzzle read has distinct rows and columns (Binairo); when
    /// false, only those that say so (Unruly with its `unique` option).
    pub distinct: bool,
}

impl Binairo {
    /// Binairo: rows and columns distinct.
    pub const BINAIRO: Binairo = Binairo { distinct: true };
    /// Tatham's Unruly: rows and columns may repeat unless a puzzle says
    /// otherwise.
    pub const UNRULY: Binairo = Binairo { distinct: false };
}

/// A grid of 1s, 2s and (in puzzles) 0 for an empty cell.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `1`, `2` and `-` (empty) of the text layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BinaryGrid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl BinaryGrid {
    /// A `rows x cols` grid of `0` (empty), `1` and `2`, row-major; `None`
    /// if a side is odd, 0 or over [`MAX_SIDE`], the number of cells is not
    /// `rows * cols`, or a cell is above 2.
    pub fn new(rows: usize, cols: usize, cells: Vec<u8>) -> Option<BinaryGrid> {
        let side = |n: usize| n % 2 == 0 && (2..=MAX_SIDE).contains(&n);
        (side(rows) && side(cols) && cells.len() == rows * cols && cells.iter().all(|&v| v <= 2))
            .then_some(BinaryGrid { rows, cols, cells })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Every cell, row-major: 0 empty, 1 or 2.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value at `cell` (0: empty), `None` outside the grid.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.cells[cell.row * self.cols + cell.col])
    }

    fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// Line `i` of `n` along rows (`across`) or columns, as cells.
    fn line(&self, across: bool, i: usize) -> Vec<Cell> {
        if across {
            (0..self.cols).map(|c| Cell::new(i, c)).collect()
        } else {
            (0..self.rows).map(|r| Cell::new(r, i)).collect()
        }
    }
}

/// A Binairo or Unruly puzzle: the givens and whether rows and columns
/// must be distinct.
///
/// With the `serde` feature it is a string, its Unruly game ID (`u` in its
/// parameters when rows and columns must be distinct) where Tatham's
/// program takes one, else the text layout (the header word `unique`);
/// either is read back by [`Binairo::UNRULY`]'s parser, which keeps
/// [`distinct`](BinairoPuzzle::distinct) as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BinairoPuzzle {
    /// The givens (0 for an empty cell).
    pub grid: BinaryGrid,
    /// No two rows and no two columns may be equal.
    pub distinct: bool,
}

const TOKENS: [&str; 3] = ["-", "1", "2"];

const LEVELS: &[Level] = &[
    Level {
        name: "trivial",
        about: "three in a line ruled out, and a line's last empty cell (Tatham's Trivial)",
    },
    Level {
        name: "easy",
        about: "plus a line whose 1s or 2s are all placed, and the last cell that keeps two lines apart (Tatham's Easy)",
    },
    Level {
        name: "normal",
        about: "plus every way to complete a line, such as a line one symbol short (Tatham's Normal)",
    },
    Level {
        name: "hard",
        about: "needs trial and error (beyond Tatham's levels)",
    },
];

static BINAIRO_INFO: FamilyInfo = FamilyInfo {
    name: "binairo",
    title: "Binairo",
    rules: "Fill the grid with 1s and 2s: each row and column holds as many 1s as 2s, never three equal in a line, and no two rows (nor two columns) are equal.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: |h| grid_text::header_size(h, true).map(|(rows, _)| rows),
        one_line: grid_text::is_one_line,
    },
    default_size: (8, 8),
};

static UNRULY_INFO: FamilyInfo = FamilyInfo {
    name: "unruly",
    title: "Unruly",
    rules: "Fill the grid with 1s and 2s: each row and column holds as many 1s as 2s and never three equal in a line (with the 'unique' option, no two rows nor two columns are equal either).",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: |h| grid_text::header_size(h, true).map(|(rows, _)| rows),
        one_line: grid_text::is_one_line,
    },
    default_size: (8, 8),
};

/// The largest number of distinct balanced rows of length `2n` without
/// three equal in a row (OEIS A177790), as Tatham's Unruly checks its
/// unique-rows mode with, for `n` up to 23.
const A177790: [u64; 24] = [
    1, 2, 6, 14, 34, 84, 208, 518, 1296, 3254, 8196, 20700, 52404, 132942, 337878, 860142, 2192902,
    5598144, 14308378, 36610970, 93770358, 240390602, 616787116, 1583765724,
];

/// Whether `lines` distinct lines of length `len` can exist (a lower
/// bound test: Tatham's, exact for the counts it knows).
fn enough_lines(len: usize, lines: usize) -> bool {
    A177790
        .get(len / 2)
        .is_none_or(|&most| lines as u64 <= most)
}

impl BinairoPuzzle {
    fn header(&self, family_distinct: bool) -> String {
        let mut h = format!("{} {}", self.grid.rows, self.grid.cols);
        if self.distinct && !family_distinct {
            h.push_str(" unique");
        }
        h
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(BinairoPuzzle, Binairo::UNRULY);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for BinaryGrid {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| TOKENS[usize::from(self.cells[i])])
    }

    fn from_text(text: &str) -> Result<BinaryGrid, ParseError> {
        let (rows, cols, cells) = crate::serde_text::read_grid(text, |t, _| match t.text {
            "-" => Ok(0),
            "1" => Ok(1),
            "2" => Ok(2),
            other => Err(t.error(format!("expected '1', '2' or '-', found '{other}'"))),
        })?;
        BinaryGrid::new(rows, cols, cells).ok_or_else(|| {
            ParseError::at_line(
                1,
                format!("a grid of {rows}x{cols}: its sides must be even, 2 to {MAX_SIDE}"),
            )
        })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(BinaryGrid);

impl Binairo {
    fn read_grid(
        &self,
        r: &mut Reader<'_>,
        rows: usize,
        cols: usize,
        empty: bool,
    ) -> Result<BinaryGrid, ParseError> {
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in grid_text::cells(r, cols, &format!("row {}", row + 1))? {
                cells.push(match t.text {
                    "1" => 1,
                    "2" => 2,
                    "-" if empty => 0,
                    other => {
                        let expected = if empty {
                            "'1', '2' or '-'"
                        } else {
                            "'1' or '2'"
                        };
                        return Err(t.error(format!("expected {expected}, found '{other}'")));
                    }
                });
            }
        }
        r.end()?;
        Ok(BinaryGrid { rows, cols, cells })
    }

    /// The header line: the size (even) and the optional word `unique`.
    fn read_header(&self, r: &mut Reader<'_>) -> Result<(usize, usize, bool), ParseError> {
        let line = r.line_no();
        let h = grid_text::header(r, MAX_SIDE)?;
        let mut distinct = self.distinct;
        for t in &h.extra {
            match t.text {
                "unique" | "u" => distinct = true,
                other => {
                    return Err(t.error(format!(
                        "expected 'unique' (rows and columns distinct) after the size, found '{other}'"
                    )));
                }
            }
        }
        if h.rows % 2 == 1 || h.cols % 2 == 1 {
            return Err(ParseError::at_line(
                line,
                format!(
                    "a {}x{} grid cannot balance 1s and 2s: rows and columns must be even",
                    h.rows, h.cols
                ),
            ));
        }
        Ok((h.rows, h.cols, distinct))
    }

    fn parse_text(&self, text: &str) -> Result<BinairoPuzzle, ParseError> {
        let mut r = Reader::new(text);
        let (rows, cols, distinct) = self.read_header(&mut r)?;
        let grid = self.read_grid(&mut r, rows, cols, true)?;
        Ok(BinairoPuzzle { grid, distinct })
    }

    /// Reads Tatham's Unruly game ID: `W[xH][u][dX]:DESC`, where DESC runs
    /// row by row: `a`-`y` skip that many cells less one then a 0 (our 2),
    /// `A`-`Y` the same with a 1, `z`/`Z` skip 25, ending one cell past the
    /// grid.
    fn parse_game_id(&self, line: &str) -> Result<BinairoPuzzle, ParseError> {
        let mut c = IdCursor::new(line);
        let start = c.column();
        let (rows, cols) = c.size(MAX_SIDE)?;
        if rows % 2 == 1 || cols % 2 == 1 {
            return Err(ParseError::at(
                1,
                start,
                "width and height must both be even",
            ));
        }
        let unique = c.eat('u');
        if c.eat('d') {
            match c.peek() {
                Some('t' | 'e' | 'n') => {
                    c.next_char();
                }
                _ => return Err(c.error("expected a difficulty 't', 'e' or 'n' after 'd'")),
            }
        }
        c.expect_colon()?;
        let total = rows * cols;
        let mut cells = vec![0u8; total];
        let mut pos = 0usize;
        while let Some(ch) = c.peek() {
            if pos > total {
                return Err(c.error("the description is longer than the grid"));
            }
            let (skip, value) = match ch {
                'a'..='y' => ((ch as usize) - ('a' as usize), 2),
                'A'..='Y' => ((ch as usize) - ('A' as usize), 1),
                'z' | 'Z' => (25, 0),
                _ => {
                    return Err(c.error(format!(
                        "expected a letter 'a'-'z' or 'A'-'Z', found '{ch}'"
                    )));
                }
            };
            pos += skip;
            if value > 0 {
                if pos < total {
                    cells[pos] = value;
                }
                pos += 1;
            }
            if pos > total + 1 {
                return Err(c.error("the description is longer than the grid"));
            }
            c.next_char();
        }
        if pos != total + 1 {
            return Err(c.error(format!(
                "the description reaches cell {pos} of {total}, and must end one cell past the grid"
            )));
        }
        Ok(BinairoPuzzle {
            grid: BinaryGrid { rows, cols, cells },
            distinct: self.distinct || unique,
        })
    }
}

fn write_game_id(p: &BinairoPuzzle) -> Option<String> {
    let g = &p.grid;
    // Tatham's programs take even sides of at least 6, and in unique mode
    // no more lines than distinct lines exist.
    if g.rows < 6
        || g.cols < 6
        || (p.distinct && !(enough_lines(g.cols, g.rows) && enough_lines(g.rows, g.cols)))
    {
        return None;
    }
    let mut out = format!(
        "{}x{}{}:",
        g.cols,
        g.rows,
        if p.distinct { "u" } else { "" }
    );
    let mut run = 0usize;
    for i in 0..=g.cells.len() {
        let v = if i == g.cells.len() { 2 } else { g.cells[i] };
        if v == 0 {
            run += 1;
            continue;
        }
        let (skip, base) = if v == 2 { ('z', b'a') } else { ('Z', b'A') };
        while run > 24 {
            out.push(skip);
            run -= 25;
        }
        out.push(char::from(base + run as u8));
        run = 0;
    }
    Some(out)
}

fn check(p: &BinairoPuzzle, s: &BinaryGrid) -> Vec<Violation> {
    let g = &p.grid;
    if (g.rows, g.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, g.rows, g.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let changed: Vec<Cell> = (0..g.cells.len())
        .filter(|&i| g.cells[i] != 0 && g.cells[i] != s.cells[i])
        .map(|i| Cell::new(i / g.cols, i % g.cols))
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("the givens must be kept", changed));
    }
    let empty: Vec<Cell> = (0..s.cells.len())
        .filter(|&i| s.cells[i] == 0)
        .map(|i| Cell::new(i / s.cols, i % s.cols))
        .collect();
    if !empty.is_empty() {
        out.push(Violation::new("every cell must be filled", empty));
    }
    for across in [true, false] {
        let (what, lines) = if across {
            ("row", s.rows)
        } else {
            ("column", s.cols)
        };
        for i in 0..lines {
            let cells = s.line(across, i);
            let ones = cells.iter().filter(|&&c| s.get(c) == Some(1)).count();
            let twos = cells.iter().filter(|&&c| s.get(c) == Some(2)).count();
            if ones != twos {
                out.push(Violation::new(
                    format!(
                        "{what} {} must hold as many 1s as 2s (it has {ones} and {twos})",
                        i + 1
                    ),
                    cells.clone(),
                ));
            }
            for w in cells.windows(3) {
                let v = s.get(w[0]);
                if v != Some(0) && w.iter().all(|&c| s.get(c) == v) {
                    out.push(Violation::new(
                        format!("three {}s in a {what}", v.unwrap_or(0)),
                        w.to_vec(),
                    ));
                }
            }
        }
        if p.distinct {
            for a in 0..lines {
                for b in a + 1..lines {
                    let (la, lb) = (s.line(across, a), s.line(across, b));
                    let full = la.iter().chain(&lb).all(|&c| s.get(c) != Some(0));
                    if full && la.iter().zip(&lb).all(|(&x, &y)| s.get(x) == s.get(y)) {
                        out.push(Violation::new(
                            format!("{what}s {} and {} are equal", a + 1, b + 1),
                            la.into_iter().chain(lb).collect(),
                        ));
                    }
                }
            }
        }
    }
    out
}

/// The rules the givens break: three equal in a line, too many of one
/// symbol in a line, two full lines alike (when they must differ), or more
/// lines than distinct lines exist.
fn check_givens(p: &BinairoPuzzle) -> Vec<Violation> {
    let g = &p.grid;
    let mut out: Vec<Violation> = check(p, g)
        .into_iter()
        .filter(|v| v.rule.starts_with("three") || v.rule.contains("are equal"))
        .collect();
    for across in [true, false] {
        let (what, lines) = if across {
            ("row", g.rows)
        } else {
            ("column", g.cols)
        };
        for i in 0..lines {
            let cells = g.line(across, i);
            let half = cells.len() / 2;
            for v in [1, 2] {
                let n = cells.iter().filter(|&&c| g.get(c) == Some(v)).count();
                if n > half {
                    out.push(Violation::new(
                        format!(
                            "{what} {} holds {n} {v}s, more than half its {} cells",
                            i + 1,
                            cells.len()
                        ),
                        cells.clone(),
                    ));
                }
            }
        }
    }
    if p.distinct && !(enough_lines(g.cols, g.rows) && enough_lines(g.rows, g.cols)) {
        out.push(Violation::new(
            format!(
                "a {}x{} grid has more lines than there are distinct lines",
                g.rows, g.cols
            ),
            Vec::new(),
        ));
    }
    out
}

impl Family for Binairo {
    type Puzzle = BinairoPuzzle;
    type Solution = BinaryGrid;

    fn info(&self) -> &FamilyInfo {
        if self.distinct {
            &BINAIRO_INFO
        } else {
            &UNRULY_INFO
        }
    }

    fn parse(&self, text: &str) -> Result<BinairoPuzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, |line| self.parse_game_id(line));
        }
        self.parse_text(text)
    }

    fn write(&self, p: &BinairoPuzzle) -> String {
        let mut out = p.header(self.distinct);
        out.push('\n');
        grid_text::write_grid(&mut out, p.grid.rows, p.grid.cols, |r, c| {
            TOKENS[usize::from(p.grid.at(r, c))]
        });
        out
    }

    fn write_game_id(&self, p: &BinairoPuzzle) -> Option<String> {
        write_game_id(p)
    }

    fn build(&self, p: &BinairoPuzzle) -> Result<Built, ModelError> {
        model::build(p, model::SOLVE)
    }

    fn build_for_level(&self, p: &BinairoPuzzle, level: usize) -> Result<Built, ModelError> {
        model::build(p, Some(level))
    }

    fn decode(
        &self,
        p: &BinairoPuzzle,
        built: &Built,
        solution: &csp_core::Solution,
    ) -> BinaryGrid {
        let cells = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| solution.get(v)).map_or(0, |x| x as u8))
            .collect();
        BinaryGrid {
            rows: p.grid.rows,
            cols: p.grid.cols,
            cells,
        }
    }

    fn write_solution(&self, p: &BinairoPuzzle, s: &BinaryGrid) -> String {
        let mut out = p.header(self.distinct);
        out.push('\n');
        grid_text::write_grid(&mut out, s.rows, s.cols, |r, c| {
            TOKENS[usize::from(s.at(r, c))]
        });
        out
    }

    fn parse_solution(&self, p: &BinairoPuzzle, text: &str) -> Result<BinaryGrid, ParseError> {
        let (rows, cols) = (p.grid.rows, p.grid.cols);
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, rows, cols, &p.header(self.distinct), MAX_SIDE)?;
        self.read_grid(&mut r, rows, cols, false)
    }

    fn check(&self, p: &BinairoPuzzle, s: &BinaryGrid) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &BinairoPuzzle) -> Vec<Violation> {
        check_givens(p)
    }

    fn value_at(&self, s: &BinaryGrid, cell: Cell) -> Option<Value> {
        s.get(cell).filter(|&v| v != 0).map(Value::from)
    }

    fn describe_constraint(&self, p: &BinairoPuzzle, _: &Built, c: ConstraintId) -> String {
        model::describe(p, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &model::RULES
    }

    fn reason(
        &self,
        p: &BinairoPuzzle,
        _: &Built,
        d: &csp_core::Deduction,
        placed: bool,
        _: &crate::generic::Progress,
    ) -> crate::Reason {
        model::reason(p, d, placed)
    }

    fn render(
        &self,
        p: &BinairoPuzzle,
        solution: Option<&BinaryGrid>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let g = &p.grid;
        let title = if p.distinct { "Binairo" } else { "Unruly" };
        let mut c = Canvas::new(g.rows, g.cols, &format!("{title} {}x{}", g.rows, g.cols));
        c.highlights(options);
        c.grid_lines();
        c.outer_border();
        for (i, &v) in g.cells.iter().enumerate() {
            let (r, col) = (i / g.cols, i % g.cols);
            if v != 0 {
                c.text(r, col, TOKENS[usize::from(v)], Ink::Given);
            } else if let Some(s) = solution.and_then(|s| s.cells.get(i)).filter(|&&s| s != 0) {
                c.text(r, col, TOKENS[usize::from(*s)], Ink::Filled);
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                if let [v] = values.as_slice() {
                    c.text_at(
                        col as f64 + 0.5,
                        r as f64 + 0.5,
                        &v.to_string(),
                        Ink::Candidate,
                        0.4,
                    );
                }
            }
        }
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<BinairoPuzzle, BinaryGrid>, GenerateError> {
        generate::generate(self.distinct, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tatham_ids_read_and_write_back() {
        for id in ["8x8:AbCbajabBaeeEBAbgCBFb", "8x8u:EdCATHdCbJDa", "6x10:zzk"] {
            let p = Binairo::UNRULY
                .parse(id)
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(write_game_id(&p).as_deref(), Some(id));
            let text = Binairo::UNRULY.write(&p);
            assert_eq!(Binairo::UNRULY.parse(&text).unwrap(), p, "{text}");
        }
        let u = Binairo::UNRULY.parse("8x8u:EdCATHdCbJDa").unwrap();
        assert!(u.distinct);
        assert!(Binairo::UNRULY.write(&u).starts_with("8 8 unique\n"));
        // Binairo reads any Unruly ID with its own rules.
        assert!(
            Binairo::BINAIRO
                .parse("8x8:AbCbajabBaeeEBAbgCBFb")
                .unwrap()
                .distinct
        );
        let first = Binairo::UNRULY.parse("8x8:AbCbajabBaeeEBAbgCBFb").unwrap();
        assert_eq!(&first.grid.cells[..4], &[1, 0, 2, 0]);
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Binairo::BINAIRO.parse("2 2\n1 -\n- 3\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(3)));
        let e = Binairo::BINAIRO.parse("3 4\n").unwrap_err();
        assert_eq!(e.line, Some(1));
        let e = Binairo::UNRULY.parse("6 6 twice\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(5)));
        let e = Binairo::UNRULY.parse("6x6:ab0").unwrap_err();
        assert_eq!(e.column, Some(7));
        let e = Binairo::UNRULY.parse("7x6:a").unwrap_err();
        assert_eq!(e.column, Some(1));
        let e = Binairo::UNRULY.parse("6x6:a").unwrap_err();
        assert!(e.to_string().contains("one cell past the grid"), "{e}");
    }
}
