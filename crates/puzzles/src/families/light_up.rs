//! Light Up (Akari; Tatham's Light Up): place bulbs on white cells so that
//! every white cell is lit, no bulb lights another, and each numbered black
//! cell has that many bulbs orthogonally next to it.
//!
//! A bulb lights its own cell and every cell along its row and column
//! until a black cell stops the light: its row *segment* and column
//! segment. The puzzle is read from the text layout (`ROWS COLS`, then the
//! grid: `-` white, `x` black, `0`-`4` a numbered black cell) or from a
//! Tatham game ID (`7x7:b11p2Bb0b01pBBb`); see `docs/formats/light-up.md`.
//!
//! The model (in the private module `model`) is one 0/1 variable per white cell (1: a bulb)
//! and three rules of csp-core's catalogue: at most one bulb per segment
//! ([`at_most_one`](csp_core::Model::at_most_one)), every white cell lit (a
//! [`clause`](csp_core::Model::clause) over the cells of its two segments)
//! and each clue's count ([`exactly`](csp_core::Model::exactly)). The
//! grade ladder adds Tatham's "discount sets" deduction as a technique
//! constraint for the middle level.

mod generate;
mod model;

pub use generate::MAX_GENERATED_SIDE;
pub use model::rules;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    Reason, RecordShape, Rule, Spot, Violation,
};
use crate::generic::Progress;

use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_four_cell};
use crate::render::{Canvas, RenderOptions, escape};
use crate::text::Reader;
use csp_core::{ConstraintId, Deduction, ModelError, Value};

/// The largest number of rows or columns a Light Up grid may have.
pub const MAX_SIDE: usize = 100;

/// Light Up, read from the text layout or a Tatham game ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LightUp;

/// What a cell of a Light Up grid holds (serde: `"white"`, `"bulb"`,
/// `"black"`, `{"clue": 2}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Square {
    /// A white cell without a bulb (`-`).
    White,
    /// A white cell with a bulb (`o`, solutions only).
    Bulb,
    /// A black cell without a number (`x`).
    Black,
    /// A black cell with a number `0..=4` (the bulbs orthogonally next to it).
    Clue(u8),
}

impl Square {
    /// Whether the cell is black (numbered or not).
    pub fn is_black(self) -> bool {
        matches!(self, Square::Black | Square::Clue(_))
    }

    /// The cell's token in the text layout.
    pub fn token(self) -> &'static str {
        match self {
            Square::White => "-",
            Square::Bulb => "o",
            Square::Black => "x",
            Square::Clue(k) => ["0", "1", "2", "3", "4"]
                .get(usize::from(k))
                .copied()
                .unwrap_or("?"),
        }
    }
}

/// A Light Up grid: a puzzle (white and black cells) or a solution (the
/// same with bulbs on some white cells).
///
/// With the `serde` feature it is a string: a board without bulbs (a
/// puzzle) is its game ID where Tatham's programs take one (2x2 and
/// larger), else the text layout; a board with bulbs (a solution) is the
/// solution layout, bulbs `o`. Either is read back by [`LightUp`]'s
/// readers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    squares: Vec<Square>,
}

impl Board {
    /// A board of `rows x cols` squares given row-major; `None` if the
    /// number of squares is not `rows * cols`, a side is 0 or over
    /// [`MAX_SIDE`], or a clue is over 4.
    pub fn new(rows: usize, cols: usize, squares: Vec<Square>) -> Option<Board> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && squares.len() == rows * cols
            && squares
                .iter()
                .all(|s| !matches!(s, Square::Clue(k) if *k > 4));
        ok.then_some(Board {
            rows,
            cols,
            squares,
        })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The square at `cell`, `None` outside the grid.
    pub fn get(&self, cell: Cell) -> Option<Square> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.squares[cell.row * self.cols + cell.col])
    }

    /// Every square, row-major.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    fn at(&self, r: usize, c: usize) -> Square {
        self.squares[r * self.cols + c]
    }

    /// The orthogonal neighbours of a cell inside the grid.
    fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)]
            .into_iter()
            .filter_map(move |(dr, dc)| {
                let r = cell.row.checked_add_signed(dr)?;
                let c = cell.col.checked_add_signed(dc)?;
                (r < rows && c < cols).then_some(Cell::new(r, c))
            })
    }

    /// The same board with every bulb taken off (the puzzle of a solution).
    pub fn without_bulbs(&self) -> Board {
        let squares = self
            .squares
            .iter()
            .map(|&s| if s == Square::Bulb { Square::White } else { s })
            .collect();
        Board {
            rows: self.rows,
            cols: self.cols,
            squares,
        }
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn write_grid(&self) -> String {
        let mut out = self.header();
        out.push('\n');
        grid_text::write_grid(&mut out, self.rows, self.cols, |r, c| self.at(r, c).token());
        out
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Board {
    fn to_text(&self) -> String {
        if self.squares.contains(&Square::Bulb) {
            return self.write_grid();
        }
        crate::serde_text::game_id_or_layout(&LightUp, self)
    }

    fn from_text(text: &str) -> Result<Board, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        parse_text(text, true)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Board);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the rules one at a time: clue counts, one bulb per segment, a cell lit from one place only (Tatham's Easy)",
    },
    Level {
        name: "tricky",
        about: "plus ruling out a bulb that would leave some cell dark or some clue short (Tatham's Tricky: discount sets)",
    },
    Level {
        name: "hard",
        about: "needs trial and error (Tatham's Hard: his solver guesses)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "light-up",
    title: "Light Up",
    rules: "Place bulbs on white cells so that every white cell is lit (a bulb lights its row and column up to the black cells), no bulb lights another, and each numbered black cell has that many bulbs next to it.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

/// Reads a cell token of a puzzle (`bulbs`: also `o`, for solutions).
fn square(token: &crate::text::Token<'_>, bulbs: bool) -> Result<Square, ParseError> {
    Ok(match token.text {
        "-" => Square::White,
        "x" | "X" => Square::Black,
        "o" | "O" if bulbs => Square::Bulb,
        t if t.len() == 1 && matches!(t.as_bytes()[0], b'0'..=b'4') => {
            Square::Clue(t.as_bytes()[0] - b'0')
        }
        t => {
            let expected = if bulbs {
                "'-', 'o', 'x' or a clue 0-4"
            } else {
                "'-' (white), 'x' (black) or a clue 0-4"
            };
            return Err(token.error(format!("expected {expected}, found '{t}'")));
        }
    })
}

fn parse_text(text: &str, bulbs: bool) -> Result<Board, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    read_rows(&mut r, h.rows, h.cols, bulbs)
}

fn read_rows(
    r: &mut Reader<'_>,
    rows: usize,
    cols: usize,
    bulbs: bool,
) -> Result<Board, ParseError> {
    let mut squares = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in grid_text::cells(r, cols, &format!("row {}", row + 1))? {
            squares.push(square(&t, bulbs)?);
        }
    }
    r.end()?;
    Ok(Board {
        rows,
        cols,
        squares,
    })
}

/// Reads Tatham's Light Up game ID: `WxH[bB][sS][r][dD]:DESC`, where DESC
/// runs row by row: `a`-`z` for 1-26 white cells, `B` a black cell, `0`-`4`
/// a numbered one.
fn parse_game_id(line: &str) -> Result<Board, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    for letter in ['b', 's'] {
        if c.eat(letter) {
            c.number(
                if letter == 'b' {
                    "the black percentage"
                } else {
                    "the symmetry"
                },
                0,
                1_000,
            )?;
        }
    }
    c.eat('r');
    if c.eat('d') {
        c.number("the difficulty", 0, 2)?;
    }
    c.expect_colon()?;
    let total = rows * cols;
    let mut squares = Vec::with_capacity(total);
    while let Some(ch) = c.peek() {
        if squares.len() >= total {
            return Err(c.error("the description is longer than the grid"));
        }
        match ch {
            'a'..='z' => {
                let run = (ch as usize) - ('a' as usize) + 1;
                if squares.len() + run > total {
                    return Err(c.error("the description is longer than the grid"));
                }
                squares.extend(std::iter::repeat_n(Square::White, run));
            }
            'B' => squares.push(Square::Black),
            '0'..='4' => squares.push(Square::Clue(ch as u8 - b'0')),
            _ => {
                return Err(c.error(format!(
                    "expected 'a'-'z' (white cells), 'B' or a clue 0-4, found '{ch}'"
                )));
            }
        }
        c.next_char();
    }
    if squares.len() < total {
        return Err(c.error(format!(
            "the description covers {} of the {total} cells",
            squares.len()
        )));
    }
    Ok(Board {
        rows,
        cols,
        squares,
    })
}

fn write_game_id(board: &Board) -> Option<String> {
    // Tatham's programs accept grids of at least 2x2.
    if board.rows < 2 || board.cols < 2 {
        return None;
    }
    let mut out = format!("{}x{}:", board.cols, board.rows);
    let mut run = 0u8;
    let flush = |out: &mut String, run: &mut u8| {
        if *run > 0 {
            out.push(char::from(b'a' + *run - 1));
            *run = 0;
        }
    };
    for &s in &board.squares {
        match s {
            Square::White | Square::Bulb => {
                if run == 26 {
                    flush(&mut out, &mut run);
                }
                run += 1;
            }
            Square::Black => {
                flush(&mut out, &mut run);
                out.push('B');
            }
            Square::Clue(k) => {
                flush(&mut out, &mut run);
                out.push(char::from(b'0' + k));
            }
        }
    }
    flush(&mut out, &mut run);
    Some(out)
}

/// The cells a bulb at `cell` lights, itself included: its row and column
/// up to the black cells.
fn lit_by(board: &Board, cell: Cell) -> Vec<Cell> {
    let mut out = vec![cell];
    for (dr, dc) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)] {
        let (mut r, mut c) = (cell.row, cell.col);
        while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
            if nr >= board.rows || nc >= board.cols || board.at(nr, nc).is_black() {
                break;
            }
            out.push(Cell::new(nr, nc));
            (r, c) = (nr, nc);
        }
    }
    out
}

fn check(puzzle: &Board, solution: &Board) -> Vec<Violation> {
    if (puzzle.rows, puzzle.cols) != (solution.rows, solution.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                solution.rows, solution.cols, puzzle.rows, puzzle.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let cells = |pred: &dyn Fn(usize, usize) -> bool| -> Vec<Cell> {
        (0..puzzle.rows)
            .flat_map(|r| (0..puzzle.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| pred(r, c))
            .map(|(r, c)| Cell::new(r, c))
            .collect()
    };
    let changed = cells(&|r, c| {
        let (p, s) = (puzzle.at(r, c), solution.at(r, c));
        if p.is_black() { p != s } else { s.is_black() }
    });
    if !changed.is_empty() {
        out.push(Violation::new(
            "the black cells must be kept as given",
            changed,
        ));
    }
    // Two bulbs in one segment light each other: report each pair once
    // (the bulb and the next one to its right or below).
    for bulb in cells(&|r, c| solution.at(r, c) == Square::Bulb) {
        for (dr, dc) in [(0isize, 1isize), (1, 0)] {
            let (mut r, mut c) = (bulb.row, bulb.col);
            while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
                if nr >= solution.rows || nc >= solution.cols || solution.at(nr, nc).is_black() {
                    break;
                }
                if solution.at(nr, nc) == Square::Bulb {
                    out.push(Violation::new(
                        "two bulbs light each other",
                        vec![bulb, Cell::new(nr, nc)],
                    ));
                    break;
                }
                (r, c) = (nr, nc);
            }
        }
    }
    for clue in cells(&|r, c| matches!(puzzle.at(r, c), Square::Clue(_))) {
        let Some(Square::Clue(k)) = puzzle.get(clue) else {
            continue;
        };
        let bulbs = puzzle
            .neighbours(clue)
            .filter(|&n| solution.get(n) == Some(Square::Bulb))
            .count();
        if bulbs != usize::from(k) {
            out.push(Violation::new(
                format!("the {k} at {clue} needs {k} bulbs next to it (it has {bulbs})"),
                vec![clue],
            ));
        }
    }
    let mut lit = vec![false; solution.squares.len()];
    for bulb in cells(&|r, c| solution.at(r, c) == Square::Bulb) {
        for l in lit_by(solution, bulb) {
            lit[l.row * solution.cols + l.col] = true;
        }
    }
    let dark = cells(&|r, c| !solution.at(r, c).is_black() && !lit[r * solution.cols + c]);
    if !dark.is_empty() {
        out.push(Violation::new("every white cell must be lit", dark));
    }
    out
}

fn check_givens(puzzle: &Board) -> Vec<Violation> {
    let mut out = Vec::new();
    if puzzle.squares.contains(&Square::Bulb) {
        let bulbs: Vec<Cell> = (0..puzzle.squares.len())
            .filter(|&i| puzzle.squares[i] == Square::Bulb)
            .map(|i| Cell::new(i / puzzle.cols, i % puzzle.cols))
            .collect();
        out.push(Violation::new("a puzzle has no bulbs yet", bulbs));
    }
    for (i, &s) in puzzle.squares.iter().enumerate() {
        if let Square::Clue(k) = s {
            let cell = Cell::new(i / puzzle.cols, i % puzzle.cols);
            let white = puzzle
                .neighbours(cell)
                .filter(|&n| puzzle.get(n).is_some_and(|s| !s.is_black()))
                .count();
            if white < usize::from(k) {
                out.push(Violation::new(
                    format!("the {k} at {cell} has only {white} white cells next to it"),
                    vec![cell],
                ));
            }
        }
    }
    out
}

/// puzz.link's genre: `akari` (`lightup`), the black cells in 4Cell (`.`
/// a black cell without a number).
const GENRE: Genre = Genre {
    name: "akari",
    aliases: &["lightup", "bijutsukan"],
};

fn from_puzzlink(url: &Url) -> Result<Board, ParseError> {
    url.no_flags("light-up")?;
    let (rows, cols) = (url.rows, url.cols);
    let mut r = url.reader();
    let cells = r.four_cell(rows * cols)?;
    r.finish()?;
    let squares = cells
        .iter()
        .map(|&c| match c {
            Clue::Empty => Square::White,
            Clue::Unknown => Square::Black,
            Clue::Number(k) => Square::Clue(k as u8),
        })
        .collect();
    Board::new(rows, cols, squares)
        .ok_or_else(|| url.size_error(format!("over the largest Light Up ({MAX_SIDE})")))
}

fn to_puzzlink(p: &Board) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p
        .squares
        .iter()
        .map(|&s| match s {
            Square::White | Square::Bulb => Clue::Empty,
            Square::Black => Clue::Unknown,
            Square::Clue(k) => Clue::Number(u32::from(k)),
        })
        .collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_four_cell(&clues)?,
    ))
}

impl Family for LightUp {
    type Puzzle = Board;
    type Solution = Board;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        parse_text(text, false)
    }

    fn write(&self, puzzle: &Board) -> String {
        puzzle.write_grid()
    }

    fn write_game_id(&self, puzzle: &Board) -> Option<String> {
        write_game_id(puzzle)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<Board, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &Board) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, puzzle: &Board) -> Result<Built, ModelError> {
        model::build(puzzle, model::SOLVE)
    }

    fn build_for_level(&self, puzzle: &Board, level: usize) -> Result<Built, ModelError> {
        model::build(puzzle, level)
    }

    fn decode(&self, puzzle: &Board, built: &Built, solution: &csp_core::Solution) -> Board {
        let squares = puzzle
            .squares
            .iter()
            .zip(&built.cells)
            .map(|(&s, v)| match v.and_then(|v| solution.get(v)) {
                Some(1) => Square::Bulb,
                _ => s,
            })
            .collect();
        Board {
            rows: puzzle.rows,
            cols: puzzle.cols,
            squares,
        }
    }

    fn write_solution(&self, _: &Board, solution: &Board) -> String {
        solution.write_grid()
    }

    fn parse_solution(&self, puzzle: &Board, text: &str) -> Result<Board, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, puzzle.rows, puzzle.cols, &puzzle.header(), MAX_SIDE)?;
        read_rows(&mut r, puzzle.rows, puzzle.cols, true)
    }

    fn check(&self, puzzle: &Board, solution: &Board) -> Vec<Violation> {
        check(puzzle, solution)
    }

    fn check_givens(&self, puzzle: &Board) -> Vec<Violation> {
        check_givens(puzzle)
    }

    fn value_at(&self, solution: &Board, cell: Cell) -> Option<Value> {
        match solution.get(cell)? {
            Square::Bulb => Some(1),
            Square::White => Some(0),
            _ => None,
        }
    }

    fn describe(&self, puzzle: &Board, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = built
            .cell_of(d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let bulb = (d.value == 1) == placed;
        let why = self.describe_constraint(puzzle, built, d.constraint);
        let what = if bulb { "a bulb" } else { "no bulb" };
        if d.rule.is_empty() {
            format!("{what} at {cell}: {why}")
        } else {
            format!("{what} at {cell}: {why} ({})", d.rule)
        }
    }

    fn describe_constraint(&self, puzzle: &Board, built: &Built, c: ConstraintId) -> String {
        model::describe(puzzle, built, c)
    }

    fn rules(&self) -> &'static [Rule] {
        &model::RULES
    }

    fn mark(&self, _: &Board, _: Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["holds a bulb", "hold bulbs"]
        } else {
            ["holds no bulb", "hold no bulb"]
        })
    }

    fn reason(
        &self,
        puzzle: &Board,
        built: &Built,
        d: &Deduction,
        _: bool,
        now: &Progress,
    ) -> Reason {
        model::reason(puzzle, built, d, now)
    }

    fn render(&self, puzzle: &Board, solution: Option<&Board>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        render(puzzle, solution, candidates.as_deref(), options)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Board, Board>, GenerateError> {
        generate::generate(options)
    }
}

/// Draws the grid: black cells with white numbers, and, for a solution,
/// the lit cells washed yellow and the bulbs as yellow discs. Candidates
/// mark the cells that cannot hold a bulb with a cross and those that
/// must with a small disc.
fn render(
    puzzle: &Board,
    solution: Option<&Board>,
    candidates: Option<&[Option<Vec<Value>>]>,
    options: &RenderOptions,
) -> String {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut c = Canvas::new(rows, cols, &format!("Light Up {rows}x{cols}"));
    if let Some(s) = solution {
        let mut lit = vec![false; rows * cols];
        for (i, &sq) in s.squares.iter().enumerate() {
            if sq == Square::Bulb {
                for l in lit_by(s, Cell::new(i / cols, i % cols)) {
                    lit[l.row * cols + l.col] = true;
                }
            }
        }
        for (i, _) in lit.iter().enumerate().filter(|(_, l)| **l) {
            c.fill(i / cols, i % cols, "#fff4c2");
        }
    }
    c.highlights(options);
    c.grid_lines();
    for (i, &sq) in puzzle.squares.iter().enumerate() {
        let (r, col) = (i / cols, i % cols);
        match sq {
            Square::Black | Square::Clue(_) => {
                c.fill(r, col, "#222");
                if let Square::Clue(k) = sq {
                    c.raw(&format!(
                        "<text class=\"rev\" x=\"{}.5\" y=\"{}.71\" font-size=\"0.6\">{}</text>",
                        col,
                        r,
                        escape(&k.to_string())
                    ));
                }
            }
            _ => {
                let bulb = solution.is_some_and(|s| s.squares.get(i) == Some(&Square::Bulb));
                if bulb {
                    bulb_at(&mut c, r, col, 0.3);
                } else if let Some(Some(values)) = candidates.and_then(|k| k.get(i)) {
                    match values.as_slice() {
                        [0] => c.cross(r, col),
                        [1] => bulb_at(&mut c, r, col, 0.15),
                        _ => {}
                    }
                }
            }
        }
    }
    c.outer_border();
    c.finish(options.cell_size)
}

fn bulb_at(c: &mut Canvas, row: usize, col: usize, radius: f64) {
    c.raw(&format!(
        "<circle cx=\"{col}.5\" cy=\"{row}.5\" r=\"{radius}\" fill=\"#f5c400\" stroke=\"#000\" stroke-width=\"0.04\"/>"
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_game_id_read_the_same_board() {
        let text = "3 4\n- x - 1\n- - - -\n2 - - x\n";
        let a = LightUp.parse(text).unwrap();
        let id = write_game_id(&a).unwrap();
        assert_eq!(id, "4x3:aBa1d2bB");
        let b = LightUp.parse(&id).unwrap();
        assert_eq!(a, b);
        assert_eq!(LightUp.write(&b), text);
        // Runs longer than 26 white cells take two letters.
        let wide = Board::new(2, 30, vec![Square::White; 60]).unwrap();
        let id = write_game_id(&wide).unwrap();
        assert_eq!(id, "30x2:zzh");
        assert_eq!(LightUp.parse(&id).unwrap(), wide);
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = LightUp.parse("2 2\n- x\n- 5\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(3)));
        let e = LightUp.parse("2 2\n- o\n- -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = LightUp.parse("2x2:aBaQ").unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(8)));
        let e = LightUp.parse("2x2:aBa").unwrap_err();
        assert!(e.to_string().contains("3 of the 4"), "{e}");
        let e = LightUp.parse("2x2:zz").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = LightUp.parse("2x2q:d").unwrap_err();
        assert_eq!(e.column, Some(4));
    }
}
