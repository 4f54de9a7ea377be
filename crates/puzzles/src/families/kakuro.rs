//! Kakuro: fill the white cells with digits 1-9 so that every run (a row
//! or column segment of white cells) holds distinct digits adding up to
//! the clue at its head.
//!
//! The text layout is that of `docs/formats/kakuro.md`: a header
//! `ROWS COLS`, then the grid, `-` a block, `0` a white cell, `D,R`, `D,`
//! or `,R` a clue block (the run below it sums to `D`, the run right of it
//! to `R`). Tatham's collection has no Kakuro, so there is no game ID.
//!
//! # Model
//!
//! One variable per white cell (`1..=9`) and one constraint per run:
//! [`Model::all_different_sum`](csp_core::Model::all_different_sum) for a
//! clued run (domain consistent on the run: its digit combinations), an
//! all-different for a run without a clue. The lowest level of the ladder
//! ([`LEVELS`]) propagates each sum by bounds and the distinct digits by
//! forward checking instead.

mod generate;

use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{EncodeError, Genre, KakuroBody, KakuroCell, Url};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::{Reader, Token};
use csp_core::{ConstraintId, LinearStrength, Model, ModelError, RelOp, Strength, Value, VarId};
use std::fmt;

/// The largest grid read (rows and columns).
pub const MAX_SIZE: usize = 64;

/// The largest clue: 1 + 2 + ... + 9.
const MAX_SUM: i64 = 45;

/// Kakuro through the [`Family`] trait.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kakuro;

impl Kakuro {
    /// The family (it has no options).
    pub const STANDARD: Kakuro = Kakuro;
}

/// A square of the grid (serde: `"block"`, `"white"`,
/// `{"clue": {"down": 16, "right": null}}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Square {
    /// A block without clues.
    Block,
    /// A white cell, to fill.
    White,
    /// A clue block: the sum of the run below it, of the run right of it.
    Clue {
        /// The down run's sum.
        down: Option<u8>,
        /// The right run's sum.
        right: Option<u8>,
    },
}

/// Which way a run goes (serde: `"right"`, `"down"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Direction {
    /// Left to right.
    Right,
    /// Top to bottom.
    Down,
}

/// A run: a maximal segment of white cells in a row or a column (serde:
/// its fields).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Run {
    /// Which way it goes.
    pub direction: Direction,
    /// Its clue block (the square before its first cell), if it is one
    /// with a sum for this direction.
    pub clue: Option<Cell>,
    /// The sum, if clued.
    pub sum: Option<u8>,
    /// Its cells, in order.
    pub cells: Vec<Cell>,
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = match self.direction {
            Direction::Right => "right of",
            Direction::Down => "below",
        };
        match (self.clue, self.sum) {
            (Some(c), Some(s)) => write!(f, "the run {way} {c} (sum {s})"),
            _ => write!(
                f,
                "the run from {} to {}",
                self.cells[0],
                self.cells[self.cells.len() - 1]
            ),
        }
    }
}

/// A Kakuro puzzle: the grid of squares and its runs.
///
/// With the `serde` feature it is a string, its text layout (Tatham has no
/// Kakuro), read back by [`Kakuro`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KakuroPuzzle {
    rows: usize,
    cols: usize,
    squares: Vec<Square>,
    /// Right runs in reading order of their first cells, then down runs.
    runs: Vec<Run>,
}

impl KakuroPuzzle {
    /// A puzzle from its squares (row-major). Every clue must head a run
    /// (the square after it in its direction is white); the message says
    /// which one does not.
    pub fn new(rows: usize, cols: usize, squares: Vec<Square>) -> Result<KakuroPuzzle, String> {
        if !(1..=MAX_SIZE).contains(&rows) || !(1..=MAX_SIZE).contains(&cols) {
            return Err(format!(
                "the size {rows}x{cols} is out of range (1 to {MAX_SIZE})"
            ));
        }
        if squares.len() != rows * cols {
            return Err(format!(
                "{} squares for a {rows}x{cols} grid",
                squares.len()
            ));
        }
        let mut p = KakuroPuzzle {
            rows,
            cols,
            squares,
            runs: Vec::new(),
        };
        for (i, s) in p.squares.iter().enumerate() {
            let cell = Cell::new(i / cols, i % cols);
            if let Square::Clue { down, right } = *s {
                if down.is_some() && !p.is_white(cell.row + 1, cell.col) {
                    return Err(format!("{cell} has a down sum but no white cell below it"));
                }
                if right.is_some() && !p.is_white(cell.row, cell.col + 1) {
                    return Err(format!(
                        "{cell} has a right sum but no white cell right of it"
                    ));
                }
                if let Some(v) = down
                    .into_iter()
                    .chain(right)
                    .find(|&v| v == 0 || i64::from(v) > MAX_SUM)
                {
                    return Err(format!(
                        "{cell}: the sum {v} is out of range (1 to {MAX_SUM})"
                    ));
                }
            }
        }
        p.runs = p.find_runs();
        Ok(p)
    }

    fn is_white(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.squares[row * self.cols + col] == Square::White
    }

    fn find_runs(&self) -> Vec<Run> {
        let mut runs = Vec::new();
        for direction in [Direction::Right, Direction::Down] {
            for r in 0..self.rows {
                for c in 0..self.cols {
                    let (pr, pc) = match direction {
                        Direction::Right => (r, c.wrapping_sub(1)),
                        Direction::Down => (r.wrapping_sub(1), c),
                    };
                    if !self.is_white(r, c) || self.is_white(pr, pc) {
                        continue;
                    }
                    let mut cells = Vec::new();
                    let (mut rr, mut cc) = (r, c);
                    while self.is_white(rr, cc) {
                        cells.push(Cell::new(rr, cc));
                        match direction {
                            Direction::Right => cc += 1,
                            Direction::Down => rr += 1,
                        }
                    }
                    let head = (pr < self.rows && pc < self.cols).then(|| Cell::new(pr, pc));
                    let sum = head.and_then(|h| match self.squares[h.row * self.cols + h.col] {
                        Square::Clue { down, right } => match direction {
                            Direction::Right => right,
                            Direction::Down => down,
                        },
                        _ => None,
                    });
                    runs.push(Run {
                        direction,
                        clue: sum.and(head),
                        sum,
                        cells,
                    });
                }
            }
        }
        runs
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The square at a cell (`None` outside the grid).
    pub fn square(&self, cell: Cell) -> Option<Square> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.squares[cell.row * self.cols + cell.col])
    }

    /// The runs: the right runs in reading order of their first cells,
    /// then the down runs.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }
}

/// A filled (or partly filled) grid: `0` for an empty white cell and for
/// every block.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// digits and `-` (a block or an empty cell) of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KakuroSolution {
    rows: usize,
    cols: usize,
    values: Vec<u8>,
}

impl KakuroSolution {
    /// The digit at a cell (`None`: a block, empty, or outside).
    pub fn value(&self, cell: Cell) -> Option<u8> {
        if cell.row >= self.rows || cell.col >= self.cols {
            return None;
        }
        match self.values[cell.row * self.cols + cell.col] {
            0 => None,
            v => Some(v),
        }
    }

    /// The digits, row-major (`0` = block or empty).
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(KakuroPuzzle, Kakuro::STANDARD, layout);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for KakuroSolution {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| match self.values[i] {
            0 => "-".to_owned(),
            v => v.to_string(),
        })
    }

    fn from_text(text: &str) -> Result<KakuroSolution, ParseError> {
        let (rows, cols, values) =
            crate::serde_text::read_numbers(text, "a digit", 1, |_, _| 9, Some(0))?;
        Ok(KakuroSolution { rows, cols, values })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(KakuroSolution);

/// The difficulty ladder (see `docs/formats/kakuro.md`).
pub const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "each run's sum by its bounds, and digits distinct",
    },
    Level {
        name: "medium",
        about: "each run's digit combinations, cell by cell",
    },
    Level {
        name: "hard",
        about: "needs trial and error (still one solution)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "kakuro",
    title: "Kakuro",
    rules: "Fill the white cells with digits 1-9 so that every run of white cells holds \
            distinct digits adding up to the clue at its head.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: super::grid_text::header_rows,
        one_line: |_| false,
    },
    default_size: (5, 5),
};

fn parse_square(t: &Token<'_>) -> Result<Square, ParseError> {
    match t.text {
        "-" => return Ok(Square::Block),
        "0" => return Ok(Square::White),
        _ => {}
    }
    let Some((d, r)) = t.text.split_once(',') else {
        return Err(t.error(format!(
            "expected '-' (a block), '0' (a white cell) or a clue 'D,R', 'D,' or ',R', found '{}'",
            t.text
        )));
    };
    let sum = |text: &str, offset: usize| -> Result<Option<u8>, ParseError> {
        if text.is_empty() {
            return Ok(None);
        }
        let token = Token {
            text,
            column: t.column + offset,
            ..*t
        };
        token.number("a sum", 1, MAX_SUM).map(|v| Some(v as u8))
    };
    let down = sum(d, 0)?;
    let right = sum(r, d.chars().count() + 1)?;
    if down.is_none() && right.is_none() {
        return Err(t.error("a clue block ',' needs a sum on at least one side"));
    }
    Ok(Square::Clue { down, right })
}

fn square_text(s: Square) -> String {
    match s {
        Square::Block => "-".to_owned(),
        Square::White => "0".to_owned(),
        Square::Clue { down, right } => format!(
            "{},{}",
            down.map(|v| v.to_string()).unwrap_or_default(),
            right.map(|v| v.to_string()).unwrap_or_default()
        ),
    }
}

fn parse_text(text: &str) -> Result<KakuroPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIZE)?;
    let mut squares = Vec::with_capacity(rows * cols);
    let mut tokens: Vec<Token<'_>> = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in r.row(cols, &format!("row {} of the grid", row + 1))? {
            squares.push(parse_square(&t)?);
            tokens.push(t);
        }
    }
    r.end()?;
    // Every clue heads a run: name the token of one that does not.
    for (i, s) in squares.iter().enumerate() {
        if let Square::Clue { down, right } = *s {
            let (row, col) = (i / cols, i % cols);
            let white = |rr: usize, cc: usize| {
                rr < rows && cc < cols && squares[rr * cols + cc] == Square::White
            };
            if down.is_some() && !white(row + 1, col) {
                return Err(tokens[i].error(format!(
                    "{} has a down sum but no white cell below it",
                    Cell::new(row, col)
                )));
            }
            if right.is_some() && !white(row, col + 1) {
                return Err(tokens[i].error(format!(
                    "{} has a right sum but no white cell right of it",
                    Cell::new(row, col)
                )));
            }
        }
    }
    KakuroPuzzle::new(rows, cols, squares).map_err(ParseError::new)
}

fn write_text(p: &KakuroPuzzle) -> String {
    let mut out = format!("{} {}\n", p.rows, p.cols);
    let texts: Vec<String> = p.squares.iter().map(|&s| square_text(s)).collect();
    let width = texts.iter().map(String::len).max().unwrap_or(1);
    for row in texts.chunks(p.cols) {
        let t: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
        out.push_str(t.join(" ").trim_start());
        out.push('\n');
    }
    out
}

/// Posts the model: `full` each run's combinations (else bounds and
/// forward checking).
fn build(p: &KakuroPuzzle, full: bool) -> Result<Built, ModelError> {
    let mut m = Model::new();
    let mut built_cells: Vec<Option<VarId>> = vec![None; p.rows * p.cols];
    for (i, s) in p.squares.iter().enumerate() {
        if *s == Square::White {
            built_cells[i] = Some(m.new_var(1..=9)?);
        }
    }
    let var = |c: Cell| {
        built_cells[c.row * p.cols + c.col].unwrap_or_else(|| unreachable!("run cells are white"))
    };
    let mut vars: Vec<VarId> = Vec::with_capacity(9);
    for run in &p.runs {
        vars.clear();
        vars.extend(run.cells.iter().map(|&c| var(c)));
        match run.sum {
            Some(sum) if full => {
                m.all_different_sum(&vars, i64::from(sum))?;
            }
            Some(sum) => {
                let terms: Vec<(i64, VarId)> = vars.iter().map(|&x| (1, x)).collect();
                m.linear_with(&terms, RelOp::Eq, i64::from(sum), LinearStrength::Domain)?;
                m.all_different_with(&vars, Strength::ForwardChecking)?;
            }
            None => {
                m.all_different_with(&vars, Strength::ForwardChecking)?;
            }
        }
    }
    let mut built = Built::new(m, p.rows, p.cols);
    built.cells = built_cells;
    Ok(built)
}

const HOUSE: [crate::Rule; 4] = super::words::house_rules(None, None);

/// Kakuro's named deductions, easiest first (Tatham has no Kakuro).
static RULES: [crate::Rule; 5] = [
    crate::Rule::new(
        "run sum",
        "a run's digits add up to its clue: each cell is at least the clue less the others' largest, at most the clue less their smallest",
        None,
    ),
    HOUSE[0],
    HOUSE[1],
    HOUSE[2],
    crate::Rule::new(
        "run combinations",
        "only some sets of different digits add up to a run's clue: a cell keeps the digits of the sets that still fit",
        None,
    ),
];

/// puzz.link's genre: `kakuro`, its own body. puzz.link's grid is this
/// grid without its first row and column, whose sums it writes after the
/// cells.
const GENRE: Genre = Genre {
    name: "kakuro",
    aliases: &[],
};

/// Reads a `kakuro` URL: a sum is kept where puzz.link draws it (next to a
/// white cell); a drawn `0` is an error, as any sum out of range.
fn from_puzzlink(url: &Url) -> Result<KakuroPuzzle, ParseError> {
    url.no_flags("kakuro")?;
    let (irows, icols) = (url.rows, url.cols);
    let (rows, cols) = (irows + 1, icols + 1);
    if rows > MAX_SIZE || cols > MAX_SIZE {
        return Err(url.size_error(format!(
            "over the largest Kakuro ({MAX_SIZE} with the clue row and column)"
        )));
    }
    let mut r = url.reader();
    let body = r.kakuro(irows, icols)?;
    r.finish()?;
    let white = |r: usize, c: usize| {
        r < irows && c < icols && body.cells[r * icols + c] == KakuroCell::White
    };
    let sum = |v: Option<u32>, shown: bool| v.filter(|_| shown).map(|v| v.min(255) as u8);
    let mut squares = vec![Square::Block; rows * cols];
    for c in 0..icols {
        if let Some(down) = sum(body.top[c], white(0, c)) {
            squares[c + 1] = Square::Clue {
                down: Some(down),
                right: None,
            };
        }
    }
    for r in 0..irows {
        if let Some(right) = sum(body.left[r], white(r, 0)) {
            squares[(r + 1) * cols] = Square::Clue {
                down: None,
                right: Some(right),
            };
        }
        for c in 0..icols {
            squares[(r + 1) * cols + c + 1] = match body.cells[r * icols + c] {
                KakuroCell::White => Square::White,
                KakuroCell::Block { down, right } => {
                    let (down, right) = (sum(down, white(r + 1, c)), sum(right, white(r, c + 1)));
                    if down.is_none() && right.is_none() {
                        Square::Block
                    } else {
                        Square::Clue { down, right }
                    }
                }
            };
        }
    }
    KakuroPuzzle::new(rows, cols, squares).map_err(|e| url.error(e))
}

/// Writes a `kakuro` URL: the first row and column must hold no white
/// cell (puzz.link keeps its sums outside the grid).
fn to_puzzlink(p: &KakuroPuzzle) -> Result<Url, EncodeError> {
    let (rows, cols) = (p.rows, p.cols);
    let at = |r: usize, c: usize| p.squares[r * cols + c];
    if rows < 2 || cols < 2 {
        return Err(EncodeError::new(
            "puzz.link's Kakuro needs a clue row and column and a cell",
        ));
    }
    if let Some(i) = (0..rows * cols)
        .filter(|&i| i / cols == 0 || i % cols == 0)
        .find(|&i| p.squares[i] == Square::White)
    {
        return Err(EncodeError::new(format!(
            "{} is white: puzz.link's Kakuro has only clues in the first row and column",
            Cell::new(i / cols, i % cols)
        )));
    }
    let cells = (1..rows)
        .flat_map(|r| (1..cols).map(move |c| (r, c)))
        .map(|(r, c)| match at(r, c) {
            Square::White => KakuroCell::White,
            Square::Block => KakuroCell::Block {
                down: None,
                right: None,
            },
            Square::Clue { down, right } => KakuroCell::Block {
                down: down.map(u32::from),
                right: right.map(u32::from),
            },
        })
        .collect();
    let top = (1..cols)
        .map(|c| match at(0, c) {
            Square::Clue { down, .. } => down.map(u32::from),
            _ => None,
        })
        .collect();
    let left = (1..rows)
        .map(|r| match at(r, 0) {
            Square::Clue { right, .. } => right.map(u32::from),
            _ => None,
        })
        .collect();
    let body = KakuroBody { cells, top, left };
    Ok(Url::new(
        GENRE.name,
        cols - 1,
        rows - 1,
        body.encode(cols - 1)?,
    ))
}

impl Family for Kakuro {
    type Puzzle = KakuroPuzzle;
    type Solution = KakuroSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<KakuroPuzzle, ParseError> {
        parse_text(text)
    }

    fn write(&self, puzzle: &KakuroPuzzle) -> String {
        write_text(puzzle)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<KakuroPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &KakuroPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, puzzle: &KakuroPuzzle) -> Result<Built, ModelError> {
        build(puzzle, true)
    }

    fn build_for_level(&self, puzzle: &KakuroPuzzle, level: usize) -> Result<Built, ModelError> {
        build(puzzle, level > 0)
    }

    fn decode(
        &self,
        puzzle: &KakuroPuzzle,
        built: &Built,
        s: &csp_core::Solution,
    ) -> KakuroSolution {
        KakuroSolution {
            rows: puzzle.rows,
            cols: puzzle.cols,
            values: built
                .cells
                .iter()
                .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u8))
                .collect(),
        }
    }

    fn write_solution(&self, puzzle: &KakuroPuzzle, solution: &KakuroSolution) -> String {
        let mut out = format!("{} {}\n", puzzle.rows, puzzle.cols);
        for r in 0..puzzle.rows {
            let row: Vec<String> = (0..puzzle.cols)
                .map(|c| match solution.values[r * puzzle.cols + c] {
                    0 => "-".to_owned(),
                    v => v.to_string(),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }

    fn parse_solution(
        &self,
        puzzle: &KakuroPuzzle,
        text: &str,
    ) -> Result<KakuroSolution, ParseError> {
        let mut r = Reader::new(text);
        let header_line = r.line_no();
        let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIZE)?;
        if (rows, cols) != (puzzle.rows, puzzle.cols) {
            return Err(ParseError::at_line(
                header_line,
                format!(
                    "expected a solution of {} {}, found {rows} {cols}",
                    puzzle.rows, puzzle.cols
                ),
            ));
        }
        let mut values = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of the solution", row + 1))? {
                // A digit on a block is read, for `check` to name.
                values.push(if t.is_empty_cell() {
                    0
                } else {
                    t.number("a digit", 1, 9)? as u8
                });
            }
        }
        r.end()?;
        Ok(KakuroSolution { rows, cols, values })
    }

    fn check(&self, puzzle: &KakuroPuzzle, solution: &KakuroSolution) -> Vec<Violation> {
        let mut out = Vec::new();
        if (solution.rows, solution.cols) != (puzzle.rows, puzzle.cols) {
            out.push(Violation::new(
                format!(
                    "the solution is {}x{}, the puzzle {}x{}",
                    solution.rows, solution.cols, puzzle.rows, puzzle.cols
                ),
                Vec::new(),
            ));
            return out;
        }
        let at = |c: Cell| solution.values[c.row * puzzle.cols + c.col];
        let empty: Vec<Cell> = (0..puzzle.rows * puzzle.cols)
            .filter(|&i| {
                puzzle.squares[i] == Square::White && !(1..=9).contains(&solution.values[i])
            })
            .map(|i| Cell::new(i / puzzle.cols, i % puzzle.cols))
            .collect();
        if !empty.is_empty() {
            out.push(Violation::new(
                "every white cell holds a digit from 1 to 9",
                empty,
            ));
        }
        let blocks: Vec<Cell> = (0..puzzle.rows * puzzle.cols)
            .filter(|&i| puzzle.squares[i] != Square::White && solution.values[i] != 0)
            .map(|i| Cell::new(i / puzzle.cols, i % puzzle.cols))
            .collect();
        if !blocks.is_empty() {
            out.push(Violation::new("blocks hold no digit", blocks));
        }
        for run in &puzzle.runs {
            for (i, &a) in run.cells.iter().enumerate() {
                let v = at(a);
                if v == 0 {
                    continue;
                }
                if let Some(&b) = run.cells[i + 1..].iter().find(|&&b| at(b) == v) {
                    out.push(Violation::new(format!("{run} holds {v} twice"), vec![a, b]));
                }
            }
            if let Some(sum) = run.sum {
                let digits: Vec<u8> = run.cells.iter().map(|&c| at(c)).collect();
                if !digits.contains(&0) {
                    let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                    if total != u32::from(sum) {
                        out.push(Violation::new(
                            format!("{run} must add up to {sum} (it adds up to {total})"),
                            run.cells.clone(),
                        ));
                    }
                }
            }
        }
        out
    }

    fn check_givens(&self, puzzle: &KakuroPuzzle) -> Vec<Violation> {
        let mut out = Vec::new();
        for run in &puzzle.runs {
            let k = run.cells.len() as u32;
            if k > 9 {
                out.push(Violation::new(
                    format!("{run} has {k} cells: more than the 9 distinct digits"),
                    run.cells.clone(),
                ));
            } else if let Some(sum) = run.sum {
                let (lo, hi) = (k * (k + 1) / 2, k * (19 - k) / 2);
                if !(lo..=hi).contains(&u32::from(sum)) {
                    out.push(Violation::new(
                        format!(
                            "{run} cannot add up to {sum} with {k} distinct digits ({lo} to {hi})"
                        ),
                        run.cells.clone(),
                    ));
                }
            }
        }
        out
    }

    fn value_at(&self, solution: &KakuroSolution, cell: Cell) -> Option<Value> {
        solution.value(cell).map(Value::from)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        puzzle: &KakuroPuzzle,
        built: &Built,
        d: &csp_core::Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        use super::words;
        let run = self.describe_constraint(puzzle, built, d.constraint);
        let name = built
            .model
            .constraint(d.constraint)
            .map_or("", |k| k.name());
        let reads = words::scope_cells(built, d.constraint);
        let sums = run.replace(" (sum ", " sums to ").replace(')', "");
        let short = run.split(" (sum").next().unwrap_or(&run).to_owned();
        match name {
            "linear" => crate::Reason::new(RULES[0].name, sums, reads),
            "all different sum"
                if d.rule != csp_core::constraints::all_different::rules::ELIMINATION =>
            {
                crate::Reason::new(
                    RULES[4].name,
                    format!("{sums} with different digits"),
                    reads,
                )
            }
            _ => words::house_reason(built, now, d, placed, &short),
        }
    }

    fn describe_constraint(&self, puzzle: &KakuroPuzzle, built: &Built, c: ConstraintId) -> String {
        // One constraint per run, in the order of `runs`; the easy level's
        // model posts a sum and an all-different per clued run.
        let mut i = c.index();
        if built.model.num_constraints() > puzzle.runs.len() {
            let mut k = 0;
            for (j, run) in puzzle.runs.iter().enumerate() {
                let n = if run.sum.is_some() { 2 } else { 1 };
                if i < k + n {
                    i = j;
                    break;
                }
                k += n;
            }
        }
        match puzzle.runs.get(i) {
            Some(run) => run.to_string(),
            None => c.to_string(),
        }
    }

    fn render(
        &self,
        puzzle: &KakuroPuzzle,
        solution: Option<&KakuroSolution>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        let mut c = Canvas::new(
            puzzle.rows,
            puzzle.cols,
            &format!("Kakuro {}x{}", puzzle.rows, puzzle.cols),
        );
        c.highlights(options);
        c.grid_lines();
        for r in 0..puzzle.rows {
            for col in 0..puzzle.cols {
                let cell = Cell::new(r, col);
                match puzzle.squares[r * puzzle.cols + col] {
                    Square::Block => c.fill(r, col, "#222"),
                    Square::Clue { down, right } => c.clue_block(
                        r,
                        col,
                        down.map(|v| v.to_string()).as_deref(),
                        right.map(|v| v.to_string()).as_deref(),
                    ),
                    Square::White => {
                        if let Some(v) = solution.and_then(|s| s.value(cell)) {
                            c.text(r, col, &v.to_string(), Ink::Filled);
                        } else if let Some(Some(values)) = candidates
                            .as_ref()
                            .and_then(|k| k.get(r * puzzle.cols + col))
                        {
                            if values.len() < 9 {
                                c.candidates(r, col, values, 9);
                            }
                        }
                    }
                }
            }
        }
        c.outer_border();
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<KakuroPuzzle, KakuroSolution>, GenerateError> {
        generate::generate(self, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_tokens() {
        let t = |s: &'static str| Token {
            text: s,
            line: 2,
            column: 5,
        };
        assert_eq!(
            parse_square(&t("4,17")).unwrap(),
            Square::Clue {
                down: Some(4),
                right: Some(17)
            }
        );
        assert_eq!(
            parse_square(&t(",3")).unwrap(),
            Square::Clue {
                down: None,
                right: Some(3)
            }
        );
        assert_eq!(parse_square(&t("4,x")).unwrap_err().column, Some(7));
        assert_eq!(parse_square(&t("46,")).unwrap_err().column, Some(5));
        assert!(parse_square(&t(",")).is_err());
        assert!(parse_square(&t("7")).is_err());
        for s in [
            Square::Block,
            Square::White,
            Square::Clue {
                down: Some(45),
                right: None,
            },
        ] {
            let text = square_text(s);
            assert_eq!(
                parse_square(&Token {
                    text: &text,
                    line: 1,
                    column: 1
                })
                .unwrap(),
                s
            );
        }
    }
}
