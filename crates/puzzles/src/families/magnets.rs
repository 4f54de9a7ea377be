//! Magnets: the board is cut into dominoes; make each one blank or a
//! magnet (one `+` end and one `-` end) so that no two like poles touch
//! orthogonally and every row and column holds as many `+` and `-` as
//! its clues say.
//!
//! The model is one variable per cell (0 blank, 1 `+`, 2 `-`), a table
//! per domino (blank-blank, `+ -` or `- +`: "magnet or blank"), a clause
//! per pair of neighbours in different dominoes and pole ("like poles
//! never touch"), and one [`ItemCover`](csp_core::ItemCover) per clue counting
//! the line's poles. The ladder follows Tatham's two levels: *easy*
//! counts a line cell by cell ([`CoverStrength::Counting`]: "line full",
//! "line needs every place"), *tricky* counts a domino lying along the
//! line as one pole at most of each sign ([`CoverStrength::Variables`]
//! over the domino's first cell: "dominoes along a line"), and *hard*
//! needs search after both.

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::cover::rules as cover_rules;
use csp_core::{
    ConstraintId, CoverItem, CoverStrength, Deduction, Limits, Literal, ModelError, Value,
};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;

/// janko.at's label of a cell outside every domino (a lone blank cell).
const HOLE: &str = "@";
/// The smallest grid [`Family::generate`] makes (Tatham's smallest
/// Tricky board is 5 wide).
pub const MIN_GENERATED: usize = 3;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 16;
/// Candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 500;

/// What a cell holds: blank (0), `+` (1) or `-` (2), the values of the
/// model's cell variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pole {
    /// Neutral (`x` in janko.at's solutions).
    Blank,
    /// A positive pole.
    Plus,
    /// A negative pole.
    Minus,
}

impl Pole {
    /// The cell variable's value.
    pub fn value(self) -> Value {
        match self {
            Pole::Blank => 0,
            Pole::Plus => 1,
            Pole::Minus => 2,
        }
    }

    fn from_value(v: Value) -> Pole {
        match v {
            1 => Pole::Plus,
            2 => Pole::Minus,
            _ => Pole::Blank,
        }
    }

    fn token(self) -> &'static str {
        match self {
            Pole::Blank => "x",
            Pole::Plus => "+",
            Pole::Minus => "-",
        }
    }

    /// The other end of a domino holding this pole.
    fn opposite(self) -> Pole {
        match self {
            Pole::Blank => Pole::Blank,
            Pole::Plus => Pole::Minus,
            Pole::Minus => Pole::Plus,
        }
    }
}

/// Magnets (janko.at's Magnete, Tatham's Magnets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Magnets;

/// A Magnets puzzle: the dominoes, the clues of `+` and `-` per row and
/// column, and any given cells.
///
/// With the `serde` feature it is a string: its Tatham game ID when it has
/// one, else its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagnetsPuzzle {
    rows: usize,
    cols: usize,
    /// `+` per column, left to right (`None`: no clue).
    col_plus: Vec<Option<u32>>,
    /// `-` per column.
    col_minus: Vec<Option<u32>>,
    /// `+` per row, top to bottom.
    row_plus: Vec<Option<u32>>,
    /// `-` per row.
    row_minus: Vec<Option<u32>>,
    /// Given cells, row-major.
    given: Vec<Option<Pole>>,
    /// The other cell of each cell's domino (itself: a lone cell, always
    /// blank).
    partner: Vec<usize>,
}

impl MagnetsPuzzle {
    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The other cell of the cell's domino (the cell itself for a lone
    /// cell), `None` outside the grid.
    pub fn partner(&self, cell: Cell) -> Option<Cell> {
        let i = self.index(cell)?;
        let j = self.partner[i];
        Some(Cell::new(j / self.cols, j % self.cols))
    }

    /// The clue of `pole` (`+` or `-`) for row `i` (`across`) or column
    /// `i`.
    pub fn clue(&self, across: bool, i: usize, pole: Pole) -> Option<u32> {
        let list = match (across, pole) {
            (true, Pole::Plus) => &self.row_plus,
            (true, Pole::Minus) => &self.row_minus,
            (false, Pole::Plus) => &self.col_plus,
            (false, Pole::Minus) => &self.col_minus,
            (_, Pole::Blank) => return self.blank_clue(across, i),
        };
        list.get(i).copied().flatten()
    }

    /// Blanks in a line whose `+` and `-` are both clued.
    fn blank_clue(&self, across: bool, i: usize) -> Option<u32> {
        let len = if across { self.cols } else { self.rows } as u32;
        let p = self.clue(across, i, Pole::Plus)?;
        let m = self.clue(across, i, Pole::Minus)?;
        len.checked_sub(p + m)
    }

    /// The given pole of a cell, if any.
    pub fn given(&self, cell: Cell) -> Option<Pole> {
        self.index(cell).and_then(|i| self.given[i])
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        (cell.row < self.rows && cell.col < self.cols).then_some(cell.row * self.cols + cell.col)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (i / cols, i % cols);
        [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ]
        .into_iter()
        .flatten()
    }

    fn line(&self, across: bool, i: usize) -> Vec<usize> {
        if across {
            (0..self.cols).map(|c| i * self.cols + c).collect()
        } else {
            (0..self.rows).map(|r| r * self.cols + i).collect()
        }
    }

    /// The clued (line, pole) pairs in the order the model posts their
    /// covers (their constraint ids are 0, 1, ...): rows then columns,
    /// `+`, `-` then blanks.
    fn clued(&self) -> Vec<(bool, usize, Pole, u32)> {
        let mut out = Vec::new();
        for across in [true, false] {
            let n = if across { self.rows } else { self.cols };
            for i in 0..n {
                for pole in [Pole::Plus, Pole::Minus, Pole::Blank] {
                    if let Some(k) = self.clue(across, i, pole) {
                        out.push((across, i, pole, k));
                    }
                }
            }
        }
        out
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(MagnetsPuzzle, Magnets);

/// A solved Magnets grid: each cell's pole.
///
/// With the `serde` feature it is a string, the solution layout (`ROWS
/// COLS`, then rows of `+`, `-` and `x`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagnetsSolution {
    rows: usize,
    cols: usize,
    cells: Vec<Pole>,
}

impl MagnetsSolution {
    /// A solution from its cells, row-major; `None` if the sizes disagree.
    pub fn new(rows: usize, cols: usize, cells: Vec<Pole>) -> Option<MagnetsSolution> {
        (cells.len() == rows * cols).then_some(MagnetsSolution { rows, cols, cells })
    }

    /// The pole at a cell (`None` outside the grid).
    pub fn pole(&self, cell: Cell) -> Option<Pole> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.cells[cell.row * self.cols + cell.col])
    }

    fn write(&self) -> String {
        let mut out = format!("{} {}\n", self.rows, self.cols);
        crate::text::write_rows(
            &mut out,
            self.cells
                .chunks(self.cols)
                .map(|r| r.iter().map(|p| p.token())),
        );
        out
    }

    fn parse(text: &str) -> Result<MagnetsSolution, ParseError> {
        let mut r = Reader::new(text);
        let [rows, cols] = r.header::<2>("ROWS COLS", 1, MAX_SIDE)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in grid_text::cells(&mut r, cols, &format!("row {} of the solution", row + 1))? {
                cells.push(match t.text {
                    "+" => Pole::Plus,
                    "-" => Pole::Minus,
                    "x" | "." => Pole::Blank,
                    other => {
                        return Err(
                            t.error(format!("expected '+', '-' or 'x' (blank), found '{other}'"))
                        );
                    }
                });
            }
        }
        r.end()?;
        Ok(MagnetsSolution { rows, cols, cells })
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for MagnetsSolution {
    fn to_text(&self) -> String {
        self.write()
    }

    fn from_text(text: &str) -> Result<Self, ParseError> {
        MagnetsSolution::parse(text)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(MagnetsSolution);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "Tatham's Easy: a domino's two ends, like poles never touching, and a line that is full or needs every place left",
    },
    Level {
        name: "tricky",
        about: "Tatham's Tricky: also a domino lying along a line gives it at most one + and one -",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the tricky deductions",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "magnets",
    title: "Magnets",
    rules: "Make each domino blank or a magnet with one + and one - end, so that no two like poles touch orthogonally and every row and column holds as many + and - as its clues say.",
    levels: LEVELS,
    shape: RecordShape::Header {
        // Givens make the record longer: it ends at the next empty line.
        lines: |_| None,
        one_line: grid_text::is_one_line,
    },
    default_size: (6, 6),
};

/// Magnets' named deductions, easiest first, with Tatham's level.
static RULES: [crate::Rule; 5] = [
    crate::Rule::new(
        "magnet or blank",
        "a domino is blank at both ends or a magnet with one + and one -: one end settles the other",
        Some("Easy"),
    ),
    crate::Rule::new(
        "like poles never touch",
        "a cell next to a + cannot be +, next to a - cannot be -",
        Some("Easy"),
    ),
    crate::Rule::new(
        "line full",
        "a row or column with all the + (or -, or blanks) its clue asks: no other cell of it holds one",
        Some("Easy"),
    ),
    crate::Rule::new(
        "line needs every place",
        "a row or column with only as many cells left for + (or -, or blanks) as its clue asks: they all hold one",
        Some("Easy"),
    ),
    crate::Rule::new(
        "dominoes along a line",
        "a domino lying along a row or column gives it at most one + and one -, so counting dominoes rather than cells settles more",
        Some("Tricky"),
    ),
];

fn clue_token(k: Option<u32>) -> String {
    k.map_or_else(|| "-".to_owned(), |k| k.to_string())
}

fn read_clues(
    r: &mut Reader<'_>,
    n: usize,
    max: usize,
    what: &str,
) -> Result<Vec<Option<u32>>, ParseError> {
    r.row(n, what)?
        .iter()
        .map(|t| {
            if t.text == "-" {
                Ok(None)
            } else {
                t.number(&format!("a clue of {what}"), 0, max as i64)
                    .map(|k| Some(k as u32))
            }
        })
        .collect()
}

/// The partners of a grid of domino labels (`labels[i]`, with the token's
/// line and column for errors): each label on two neighbouring cells, or
/// on one (a lone blank cell).
fn partners(
    rows: usize,
    cols: usize,
    labels: &[(String, usize, usize)],
) -> Result<Vec<usize>, ParseError> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut partner: Vec<usize> = (0..rows * cols).collect();
    for (i, (label, line, column)) in labels.iter().enumerate() {
        if label == HOLE {
            // janko.at's cell outside every domino: a lone cell.
            continue;
        }
        match seen.get(label.as_str()) {
            None => {
                seen.insert(label, i);
            }
            Some(&j) => {
                let (ri, ci, rj, cj) = (i / cols, i % cols, j / cols, j % cols);
                if partner[j] != j {
                    return Err(ParseError::at(
                        *line,
                        *column,
                        format!("domino '{label}' has a third cell here"),
                    ));
                }
                if ri.abs_diff(rj) + ci.abs_diff(cj) != 1 {
                    return Err(ParseError::at(
                        *line,
                        *column,
                        format!(
                            "domino '{label}' is on {} and here, which do not touch",
                            Cell::new(rj, cj)
                        ),
                    ));
                }
                partner[i] = j;
                partner[j] = i;
            }
        }
    }
    Ok(partner)
}

fn parse_text(text: &str) -> Result<MagnetsPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!(
            "expected a header line 'ROWS COLS', found '{}' after it",
            t.text
        )));
    }
    let (rows, cols) = (h.rows, h.cols);
    let col_plus = read_clues(&mut r, cols, rows, "the columns' + clues (line 2)")?;
    let col_minus = read_clues(&mut r, cols, rows, "the columns' - clues (line 3)")?;
    let row_plus = read_clues(&mut r, rows, cols, "the rows' + clues (line 4)")?;
    let row_minus = read_clues(&mut r, rows, cols, "the rows' - clues (line 5)")?;
    // Givens come first when the record has a second grid of rows.
    let lines = text.trim_end().lines().count();
    let mut given = vec![None; rows * cols];
    // Where each given pole was read, to name it if it lies on a hole.
    let mut given_at = vec![(0, 0); rows * cols];
    if lines > 5 + rows {
        for row in 0..rows {
            for (c, t) in grid_text::cells(&mut r, cols, &format!("row {} of givens", row + 1))?
                .iter()
                .enumerate()
            {
                given_at[row * cols + c] = (t.line, t.column);
                given[row * cols + c] = match t.text {
                    "." => None,
                    "+" => Some(Pole::Plus),
                    "-" => Some(Pole::Minus),
                    "x" => Some(Pole::Blank),
                    _ => {
                        return Err(t.error(format!(
                            "expected '.', '+', '-' or 'x' (a given blank), found '{}'",
                            t.text
                        )));
                    }
                };
            }
        }
    }
    let mut labels = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in r.row(cols, &format!("row {} of domino labels", row + 1))? {
            labels.push((t.text.to_owned(), t.line, t.column));
        }
    }
    r.end()?;
    for (i, (label, line, column)) in labels.iter().enumerate() {
        if let (HOLE, Some(pole @ (Pole::Plus | Pole::Minus))) = (label.as_str(), given[i]) {
            let (gl, gc) = given_at[i];
            return Err(ParseError::at(
                gl,
                gc,
                format!(
                    "{} is given '{}' but lies outside every domino ('@' at line {line}, \
                     column {column}): it is always blank",
                    Cell::new(i / cols, i % cols),
                    pole.token()
                ),
            ));
        }
    }
    let partner = partners(rows, cols, &labels)?;
    Ok(MagnetsPuzzle {
        rows,
        cols,
        col_plus,
        col_minus,
        row_plus,
        row_minus,
        given,
        partner,
    })
}

/// Tatham's clue character: `0-9`, `a-z` for 10-35, `A-Z` for 36-61.
fn clue_char(k: Option<u32>) -> Option<char> {
    match k {
        None => Some('.'),
        Some(k @ 0..=9) => char::from_digit(k, 10),
        Some(k @ 10..=35) => char::from_u32('a' as u32 + k - 10),
        Some(k @ 36..=61) => char::from_u32('A' as u32 + k - 36),
        Some(_) => None,
    }
}

fn clue_of_char(c: char) -> Option<Option<u32>> {
    match c {
        '.' => Some(None),
        '0'..='9' => Some(Some(c as u32 - '0' as u32)),
        'a'..='z' => Some(Some(c as u32 - 'a' as u32 + 10)),
        'A'..='Z' => Some(Some(c as u32 - 'A' as u32 + 36)),
        _ => None,
    }
}

/// Reads a Tatham game ID: `WxH[dX][S]:` then the columns' `+`, the
/// rows' `+`, the columns' `-`, the rows' `-` (a character each, `.` for
/// none, each list ended by `,`), then a letter per cell: `L`/`R` the
/// left/right end of a domino, `T`/`B` its top/bottom, `*` a lone blank
/// cell (commas between them ignored).
fn parse_game_id(line: &str) -> Result<MagnetsPuzzle, ParseError> {
    let mut cur = IdCursor::new(line);
    let (rows, cols) = cur.size(MAX_SIDE)?;
    if cur.eat('d') && cur.next_char().is_none() {
        return Err(cur.error("expected a difficulty letter after 'd'"));
    }
    cur.eat('S');
    cur.expect_colon()?;
    let mut lists = Vec::new();
    for (n, max, what) in [
        (cols, rows, "the columns' + clues"),
        (rows, cols, "the rows' + clues"),
        (cols, rows, "the columns' - clues"),
        (rows, cols, "the rows' - clues"),
    ] {
        let mut list = Vec::with_capacity(n);
        for _ in 0..n {
            let at = cur.column();
            let c = cur
                .next_char()
                .ok_or_else(|| cur.error(format!("the ID ends inside {what}")))?;
            match clue_of_char(c) {
                Some(Some(k)) if k as usize > max => {
                    return Err(ParseError::at(
                        1,
                        at,
                        format!("clue {k} in {what} is more than the line's {max} cells"),
                    ));
                }
                Some(k) => list.push(k),
                None => {
                    return Err(ParseError::at(1, at, format!("unexpected '{c}' in {what}")));
                }
            }
        }
        if !cur.eat(',') {
            return Err(cur.error(format!("expected ',' after {what}")));
        }
        lists.push(list);
    }
    let mut partner = Vec::with_capacity(rows * cols);
    let mut columns = Vec::with_capacity(rows * cols);
    while partner.len() < rows * cols {
        let i = partner.len();
        let at = cur.column();
        let Some(c) = cur.next_char() else {
            return Err(cur.error(format!(
                "the ID ends after {i} of the {} cells' domino letters",
                rows * cols
            )));
        };
        let (r, col) = (i / cols, i % cols);
        let j = match c {
            ',' => continue,
            '*' => Some(i),
            'L' => (col + 1 < cols).then(|| i + 1),
            'R' => (col > 0).then(|| i - 1),
            'T' => (r + 1 < rows).then(|| i + cols),
            'B' => (r > 0).then(|| i - cols),
            _ => {
                return Err(ParseError::at(
                    1,
                    at,
                    format!("expected a domino letter 'L', 'R', 'T', 'B' or '*', found '{c}'"),
                ));
            }
        };
        let Some(j) = j else {
            return Err(ParseError::at(
                1,
                at,
                format!("'{c}' at {} points off the grid", Cell::new(r, col)),
            ));
        };
        partner.push(j);
        columns.push(at);
    }
    if let Some(c) = cur.peek() {
        return Err(cur.error(format!("unexpected '{c}' after the last cell")));
    }
    for i in 0..rows * cols {
        let j = partner[i];
        if partner[j] != i {
            return Err(ParseError::at(
                1,
                columns[i],
                format!(
                    "the domino at {} has no matching other end",
                    Cell::new(i / cols, i % cols)
                ),
            ));
        }
    }
    let mut lists = lists.into_iter();
    let mut next = || lists.next().unwrap_or_default();
    let (col_plus, row_plus, col_minus, row_minus) = (next(), next(), next(), next());
    Ok(MagnetsPuzzle {
        rows,
        cols,
        col_plus,
        col_minus,
        row_plus,
        row_minus,
        given: vec![None; rows * cols],
        partner,
    })
}

fn write_game_id(p: &MagnetsPuzzle) -> Option<String> {
    if p.given.iter().any(Option::is_some) {
        return None;
    }
    let mut out = format!("{}x{}:", p.cols, p.rows);
    for list in [&p.col_plus, &p.row_plus, &p.col_minus, &p.row_minus] {
        for &k in list {
            out.push(clue_char(k)?);
        }
        out.push(',');
    }
    for i in 0..p.rows * p.cols {
        let j = p.partner[i];
        out.push(if j == i {
            '*'
        } else if j == i + 1 {
            'L'
        } else if j + 1 == i {
            'R'
        } else if j > i {
            'T'
        } else {
            'B'
        });
    }
    Some(out)
}

impl Magnets {
    /// The model of ladder level `level` (0 easy: lines counted cell by
    /// cell; above: dominoes along a line counted together).
    fn model(&self, p: &MagnetsPuzzle, level: usize) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let n = rows * cols;
        let mut m = csp_core::Model::new();
        let cells = m.new_vars(n, 0..=2)?;
        // The covers first: constraint i is clue i of `p.clued()`.
        for (across, i, pole, k) in p.clued() {
            let lits: Vec<Literal> = p
                .line(across, i)
                .into_iter()
                .map(|c| {
                    let j = p.partner[c];
                    if level == 0 || j > c || j == c {
                        Literal::eq(cells[c], pole.value())
                    } else {
                        // The second end, through its domino's first.
                        Literal::eq(cells[j], pole.opposite().value())
                    }
                })
                .collect();
            let strength = if level == 0 {
                CoverStrength::Counting
            } else {
                CoverStrength::Variables
            };
            let all: Vec<usize> = (0..lits.len()).collect();
            m.cover_with(&lits, &[CoverItem::exactly(all, k)], strength)?;
        }
        for i in 0..n {
            let j = p.partner[i];
            if j == i {
                m.fix(cells[i], 0)?;
            } else if i < j {
                m.table(&[cells[i], cells[j]], &[[0, 0], [1, 2], [2, 1]])?;
            }
        }
        for i in 0..n {
            for j in p.neighbours(i) {
                if j > i && p.partner[i] != j {
                    for pole in [1, 2] {
                        m.clause(&[Literal::ne(cells[i], pole), Literal::ne(cells[j], pole)])?;
                    }
                }
            }
        }
        let mut built = Built::with_cells(m, rows, cols, cells.iter().copied().map(Some).collect());
        built.assumptions = (0..n)
            .filter_map(|i| p.given[i].map(|g| (cells[i], g.value())))
            .collect();
        Ok(built)
    }

    /// The clue a cover constraint counts, by its id.
    fn clue_of(p: &MagnetsPuzzle, c: ConstraintId) -> Option<(bool, usize, Pole, u32)> {
        p.clued().get(c.index()).copied()
    }
}

fn pole_words(pole: Pole) -> (&'static str, &'static str) {
    match pole {
        Pole::Plus => ("+", "+"),
        Pole::Minus => ("-", "-"),
        Pole::Blank => ("blank", "blanks"),
    }
}

impl Family for Magnets {
    type Puzzle = MagnetsPuzzle;
    type Solution = MagnetsSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<MagnetsPuzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        parse_text(text)
    }

    fn write(&self, p: &MagnetsPuzzle) -> String {
        let mut out = format!("{} {}\n", p.rows, p.cols);
        for list in [&p.col_plus, &p.col_minus, &p.row_plus, &p.row_minus] {
            let tokens: Vec<String> = list.iter().map(|&k| clue_token(k)).collect();
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
        if p.given.iter().any(Option::is_some) {
            crate::text::write_rows(
                &mut out,
                p.given
                    .chunks(p.cols)
                    .map(|r| r.iter().map(|g| g.map_or(".", Pole::token))),
            );
        }
        // Dominoes numbered from 1 in order of first appearance; a lone
        // cell is janko.at's `@`.
        let mut label = vec![String::new(); p.rows * p.cols];
        let mut next = 0;
        for i in 0..p.rows * p.cols {
            let j = p.partner[i];
            if j == i {
                label[i] = HOLE.to_owned();
            } else if j > i {
                next += 1;
                label[i] = next.to_string();
                label[j] = next.to_string();
            }
        }
        let labels = label;
        crate::text::write_rows(
            &mut out,
            labels.chunks(p.cols).map(|r| r.iter().map(String::as_str)),
        );
        out
    }

    fn write_game_id(&self, p: &MagnetsPuzzle) -> Option<String> {
        write_game_id(p)
    }

    fn build(&self, p: &MagnetsPuzzle) -> Result<Built, ModelError> {
        self.model(p, 1)
    }

    fn build_for_level(&self, p: &MagnetsPuzzle, level: usize) -> Result<Built, ModelError> {
        self.model(p, level.min(1))
    }

    fn decode(&self, p: &MagnetsPuzzle, built: &Built, s: &csp_core::Solution) -> MagnetsSolution {
        let cells = built
            .cells
            .iter()
            .map(|v| Pole::from_value(v.and_then(|v| s.get(v)).unwrap_or(0)))
            .collect();
        MagnetsSolution {
            rows: p.rows,
            cols: p.cols,
            cells,
        }
    }

    fn write_solution(&self, _: &MagnetsPuzzle, s: &MagnetsSolution) -> String {
        s.write()
    }

    fn parse_solution(&self, p: &MagnetsPuzzle, text: &str) -> Result<MagnetsSolution, ParseError> {
        let s = MagnetsSolution::parse(text)?;
        if (s.rows, s.cols) != (p.rows, p.cols) {
            return Err(ParseError::at(
                1,
                1,
                format!(
                    "the solution is {}x{}, the puzzle {}x{}",
                    s.rows, s.cols, p.rows, p.cols
                ),
            ));
        }
        Ok(s)
    }

    fn check(&self, p: &MagnetsPuzzle, s: &MagnetsSolution) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &MagnetsPuzzle) -> Vec<Violation> {
        let mut out = Vec::new();
        for across in [true, false] {
            let n = if across { p.rows } else { p.cols };
            let len = if across { p.cols } else { p.rows } as u32;
            for i in 0..n {
                if let (Some(a), Some(b)) = (
                    p.clue(across, i, Pole::Plus),
                    p.clue(across, i, Pole::Minus),
                ) {
                    if a + b > len {
                        out.push(Violation::new(
                            format!(
                                "{} asks for {a} + and {b} - in {len} cells",
                                super::words::line_name(across, i)
                            ),
                            super::words::line_cells(across, i, p.rows, p.cols),
                        ));
                    }
                }
            }
        }
        for i in 0..p.rows * p.cols {
            let j = p.partner[i];
            if let Some(g) = p.given[i] {
                if j == i && g != Pole::Blank {
                    out.push(Violation::new(
                        format!("{} is a lone cell, always blank", p.cell(i)),
                        vec![p.cell(i)],
                    ));
                }
                if j > i && p.given[j].is_some_and(|h| h != g.opposite()) {
                    out.push(Violation::new(
                        "a domino is blank at both ends or a magnet with one + and one -",
                        vec![p.cell(i), p.cell(j)],
                    ));
                }
            }
        }
        out
    }

    fn value_at(&self, s: &MagnetsSolution, cell: Cell) -> Option<Value> {
        s.pole(cell).map(Pole::value)
    }

    fn render(
        &self,
        p: &MagnetsPuzzle,
        s: Option<&MagnetsSolution>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        render(p, s, candidates.as_deref(), options)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &MagnetsPuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(match value {
            1 => ["is +", "are +"],
            2 => ["is -", "are -"],
            _ => ["is blank", "are blank"],
        })
    }

    fn reason(
        &self,
        p: &MagnetsPuzzle,
        built: &Built,
        d: &Deduction,
        _: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        let name = built
            .model
            .constraint(d.constraint)
            .map_or("", |k| k.name());
        let cell = built.cell_of(d.var);
        match name {
            "cover" => {
                let Some((across, i, pole, k)) = Magnets::clue_of(p, d.constraint) else {
                    return crate::generic::reason(self, p, built, d);
                };
                let mut line = super::words::line_name(across, i);
                let reads = super::words::line_cells(across, i, p.rows, p.cols);
                // The tricky model counts a domino's second end through its
                // first: say so when the cell told is outside the line.
                if let Some(c) = cell.filter(|c| !reads.contains(c)) {
                    if let Some(o) = p.partner(c).filter(|o| reads.contains(o)) {
                        line = format!("{line} (which holds {o}, the other end of {c}'s domino)");
                    }
                }
                let (one, many) = pole_words(pole);
                let what = if k == 1 { one } else { many };
                match d.rule {
                    cover_rules::SHARE => crate::Reason::new(
                        RULES[4].name,
                        format!("{line} needs {k} {what}, counting each domino along it once"),
                        reads,
                    ),
                    cover_rules::FULL => crate::Reason::new(
                        RULES[2].name,
                        if k == 0 {
                            format!("{line} needs no {many}")
                        } else {
                            format!("{line} has its {k} {what}")
                        },
                        reads,
                    ),
                    _ => crate::Reason::new(
                        RULES[3].name,
                        format!("{line} needs {k} {what} and has only that many places left"),
                        reads,
                    ),
                }
            }
            "clause" => {
                let other = super::words::scope_cells(built, d.constraint)
                    .into_iter()
                    .find(|&c| Some(c) != cell);
                let pole = other
                    .and_then(|o| built.var(o))
                    .and_then(|v| now.value(v))
                    .map_or("a like pole", |v| if v == 1 { "the +" } else { "the -" });
                match other {
                    Some(o) => {
                        crate::Reason::new(RULES[1].name, format!("next to {pole} at {o}"), vec![o])
                    }
                    None => crate::Reason::new(RULES[1].name, "", Vec::new()),
                }
            }
            _ => {
                let other = cell.and_then(|c| p.partner(c)).filter(|&o| Some(o) != cell);
                match other {
                    Some(o) => {
                        let known = built.var(o).and_then(|v| now.value(v));
                        let cause = match known {
                            Some(v) => format!(
                                "the other end of its domino, {o}, is {}",
                                pole_words(Pole::from_value(v)).0
                            ),
                            None => format!("the other end of its domino is {o}"),
                        };
                        crate::Reason::new(RULES[0].name, cause, vec![o])
                    }
                    None => crate::Reason::new(RULES[0].name, "", Vec::new()),
                }
            }
        }
    }

    fn describe_constraint(&self, p: &MagnetsPuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        match k.name() {
            "cover" => match Magnets::clue_of(p, c) {
                Some((across, i, pole, n)) => {
                    let (one, many) = pole_words(pole);
                    format!(
                        "{} holds {n} {}",
                        super::words::line_name(across, i),
                        if n == 1 { one } else { many }
                    )
                }
                None => format!("cover {c}"),
            },
            "clause" => {
                let cells = super::words::scope_cells(built, c);
                format!(
                    "like poles never touch ({})",
                    cells
                        .iter()
                        .map(Cell::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            _ => {
                let cells = super::words::scope_cells(built, c);
                format!(
                    "the domino {} is blank or a magnet",
                    cells
                        .iter()
                        .map(Cell::to_string)
                        .collect::<Vec<_>>()
                        .join("-")
                )
            }
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<MagnetsPuzzle, MagnetsSolution>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "magnets",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 50_000, |rng, limits| {
            candidate(rows, cols, options.level, rng, limits)
        })
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &MagnetsPuzzle, s: &MagnetsSolution) -> Vec<Violation> {
    if (s.rows, s.cols) != (p.rows, p.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let changed: Vec<Cell> = (0..p.rows * p.cols)
        .filter(|&i| p.given[i].is_some_and(|g| g != s.cells[i]))
        .map(|i| p.cell(i))
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("given cells must keep their pole", changed));
    }
    for i in 0..p.rows * p.cols {
        let j = p.partner[i];
        if j == i && s.cells[i] != Pole::Blank {
            out.push(Violation::new(
                format!("{} is a lone cell and must be blank", p.cell(i)),
                vec![p.cell(i)],
            ));
        } else if j > i && s.cells[j] != s.cells[i].opposite() {
            out.push(Violation::new(
                "a domino is blank at both ends or a magnet with one + and one -",
                vec![p.cell(i), p.cell(j)],
            ));
        }
        for k in p.neighbours(i) {
            if k > i && p.partner[i] != k && s.cells[i] != Pole::Blank && s.cells[i] == s.cells[k] {
                out.push(Violation::new(
                    format!(
                        "like poles never touch: two {} side by side",
                        s.cells[i].token()
                    ),
                    vec![p.cell(i), p.cell(k)],
                ));
            }
        }
    }
    for (across, i, pole, k) in p.clued() {
        if pole == Pole::Blank {
            continue;
        }
        let cells = p.line(across, i);
        let n = cells.iter().filter(|&&c| s.cells[c] == pole).count() as u32;
        if n != k {
            out.push(Violation::new(
                format!(
                    "{} must hold {k} {} but holds {n}",
                    super::words::line_name(across, i),
                    pole.token()
                ),
                cells.into_iter().map(|c| p.cell(c)).collect(),
            ));
        }
    }
    out
}

/// Draws the dominoes (thick outlines), the clues (`+` above and left, `-`
/// below and right, as Tatham does), the givens and a solution's poles;
/// candidates write a settled cell's pole.
fn render(
    p: &MagnetsPuzzle,
    s: Option<&MagnetsSolution>,
    candidates: Option<&[Option<Vec<Value>>]>,
    options: &RenderOptions,
) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let mut c =
        Canvas::new(rows, cols, &format!("Magnets {rows}x{cols}")).with_margins(1.0, 1.0, 1.0, 1.0);
    c.highlights(options);
    c.grid_lines();
    let partner = &p.partner;
    c.region_borders(|r, col| {
        let i = r * cols + col;
        i.min(partner[i])
    });
    c.outer_border();
    for (i, &j) in partner.iter().enumerate() {
        let (r, col) = (i / cols, i % cols);
        if j == i {
            c.fill(r, col, "#777");
            continue;
        }
        let (text, ink) = if let Some(g) = p.given[i] {
            (Some(g), Ink::Given)
        } else if let Some(s) = s {
            (Some(s.cells[i]), Ink::Filled)
        } else if let Some(Some(values)) = candidates.and_then(|k| k.get(i)) {
            match values.as_slice() {
                [v] => (Some(Pole::from_value(*v)), Ink::Filled),
                _ => (None, Ink::Candidate),
            }
        } else {
            (None, Ink::Candidate)
        };
        match text {
            Some(Pole::Blank) => c.cross(r, col),
            Some(pole) => c.text(r, col, pole.token(), ink),
            None => {}
        }
    }
    let clue = |c: &mut Canvas, x: f64, y: f64, k: Option<u32>| {
        if let Some(k) = k {
            c.text_at(x, y, &k.to_string(), Ink::Clue, 0.55);
        }
    };
    c.text_at(-0.5, -0.5, "+", Ink::Clue, 0.55);
    c.text_at(cols as f64 + 0.5, rows as f64 + 0.5, "-", Ink::Clue, 0.55);
    for i in 0..cols {
        clue(&mut c, i as f64 + 0.5, -0.5, p.col_plus[i]);
        clue(&mut c, i as f64 + 0.5, rows as f64 + 0.5, p.col_minus[i]);
    }
    for i in 0..rows {
        clue(&mut c, -0.5, i as f64 + 0.5, p.row_plus[i]);
        clue(&mut c, cols as f64 + 0.5, i as f64 + 0.5, p.row_minus[i]);
    }
    c.finish(options.cell_size)
}

/// A random tiling: cells in row-major order, each still free paired with
/// its right or lower neighbour at random (a lone cell when neither is
/// free).
fn tiling(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let n = rows * cols;
    let mut partner = vec![usize::MAX; n];
    for i in 0..n {
        if partner[i] != usize::MAX {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let mut options = Vec::new();
        if c + 1 < cols && partner[i + 1] == usize::MAX {
            options.push(i + 1);
        }
        if r + 1 < rows {
            options.push(i + cols);
        }
        let j = options
            .get(rng.random_range(0..options.len().max(1)))
            .copied()
            .unwrap_or(i);
        partner[i] = j;
        partner[j] = i;
    }
    partner
}

/// A unique puzzle near level `target`: a random tiling and polarity,
/// every clue given, then clues removed (in random order) while the
/// puzzle stays unique and its level gets no farther from `target`.
fn candidate(
    rows: usize,
    cols: usize,
    target: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(MagnetsPuzzle, MagnetsSolution)> {
    let n = rows * cols;
    let partner = tiling(rows, cols, rng);
    let mut cells = vec![Pole::Blank; n];
    let mut order: Vec<usize> = (0..n).filter(|&i| partner[i] > i).collect();
    order.shuffle(rng);
    for i in order {
        let j = partner[i];
        let mut choices = vec![Pole::Plus, Pole::Minus];
        choices.shuffle(rng);
        if rng.random_range(0..4) == 0 {
            choices.insert(0, Pole::Blank);
        }
        choices.push(Pole::Blank);
        let touches = |cell: usize, pole: Pole, skip: usize, cells: &[Pole]| {
            let (r, c) = (cell / cols, cell % cols);
            [
                (r > 0).then(|| cell - cols),
                (c > 0).then(|| cell - 1),
                (c + 1 < cols).then(|| cell + 1),
                (r + 1 < rows).then(|| cell + cols),
            ]
            .into_iter()
            .flatten()
            .any(|k| k != skip && cells[k] == pole)
        };
        let pole = choices.into_iter().find(|&pole| {
            pole == Pole::Blank
                || (!touches(i, pole, j, &cells) && !touches(j, pole.opposite(), i, &cells))
        })?;
        cells[i] = pole;
        cells[j] = pole.opposite();
    }
    let count = |across: bool, i: usize, pole: Pole| {
        let line: Vec<usize> = if across {
            (0..cols).map(|c| i * cols + c).collect()
        } else {
            (0..rows).map(|r| r * cols + i).collect()
        };
        Some(line.iter().filter(|&&c| cells[c] == pole).count() as u32)
    };
    let mut puzzle = MagnetsPuzzle {
        rows,
        cols,
        col_plus: (0..cols).map(|i| count(false, i, Pole::Plus)).collect(),
        col_minus: (0..cols).map(|i| count(false, i, Pole::Minus)).collect(),
        row_plus: (0..rows).map(|i| count(true, i, Pole::Plus)).collect(),
        row_minus: (0..rows).map(|i| count(true, i, Pole::Minus)).collect(),
        given: vec![None; n],
        partner,
    };
    let solution = MagnetsSolution { rows, cols, cells };
    if !matches!(Magnets.uniqueness(&puzzle, limits).0, Unique::Unique(_)) {
        return None;
    }
    let mut level = super::quick_grade::level_of(&Magnets, &puzzle, limits)?;
    // Clues as (list, index): 0 col +, 1 col -, 2 row +, 3 row -.
    let mut clues: Vec<(usize, usize)> = (0..cols)
        .flat_map(|i| [(0, i), (1, i)])
        .chain((0..rows).flat_map(|i| [(2, i), (3, i)]))
        .collect();
    clues.shuffle(rng);
    for (list, i) in clues {
        if level == target {
            break;
        }
        let old = clue_slot(&mut puzzle, list, i).take();
        let unique = matches!(Magnets.uniqueness(&puzzle, limits).0, Unique::Unique(_));
        match super::quick_grade::level_of(&Magnets, &puzzle, limits) {
            Some(l) if unique && l.abs_diff(target) <= level.abs_diff(target) => level = l,
            _ => *clue_slot(&mut puzzle, list, i) = old,
        }
    }
    Some((puzzle, solution))
}

fn clue_slot(p: &mut MagnetsPuzzle, list: usize, i: usize) -> &mut Option<u32> {
    match list {
        0 => &mut p.col_plus[i],
        1 => &mut p.col_minus[i],
        2 => &mut p.row_plus[i],
        _ => &mut p.row_minus[i],
    }
}
