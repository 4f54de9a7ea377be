//! Slitherlink (Tatham's Loopy, square grids): draw one closed loop along
//! the sides of the cells, never crossing or touching itself, so that each
//! numbered cell has that many of its sides on the loop.
//!
//! The puzzle is read from the text layout (`ROWS COLS`, then ROWS rows of
//! `0`-`4` or `-`) or from a Tatham Loopy game ID for the square grid
//! type (`7x7t0:...`); see `docs/formats/slitherlink.md`. A solution
//! prints the cells inside the loop (`x`) and outside it (`-`): the loop
//! is the border between the two.
//!
//! The model (in `model.rs`) is one 0/1 variable per side of a cell
//! ([`LoopLattice::around_cells`](csp_core::constraints::LoopLattice::around_cells))
//! under [`single_loop`](csp_core::Model::single_loop), an
//! [`exactly`](csp_core::Model::exactly) per clue, and one 0/1 variable
//! per cell (1: inside) tied to the sides by parity: a side is on the loop
//! exactly when the cells on its two sides differ (the outside of the grid
//! counts as outside).

pub(crate) mod generate;
mod model;

pub use generate::MAX_GENERATED_SIDE;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_four_cell};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::{ConstraintId, ModelError, Value};

/// The largest number of rows or columns a Slitherlink grid may have.
pub const MAX_SIDE: usize = 100;

/// Slitherlink, read from the text layout or a Tatham Loopy game ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slitherlink;

/// A Slitherlink puzzle: a grid of clues (`None`: no clue).
///
/// With the `serde` feature it is a string, its game ID (Tatham's Loopy,
/// square grid), or the text layout where no ID holds the puzzle exactly;
/// either is read back by [`Slitherlink`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    clues: Vec<Option<u8>>,
}

impl Puzzle {
    /// A puzzle of `rows x cols` clues given row-major; `None` if the
    /// count is not `rows * cols`, a side is 0 or over [`MAX_SIDE`], or a
    /// clue is over 4.
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u8>>) -> Option<Puzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && clues.len() == rows * cols
            && clues.iter().flatten().all(|&k| k <= 4);
        ok.then_some(Puzzle { rows, cols, clues })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The clue at `cell` (`None`: no clue, or outside the grid).
    pub fn clue(&self, cell: Cell) -> Option<u8> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.clues[cell.row * self.cols + cell.col])
            .flatten()
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(Puzzle, Slitherlink);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Inside {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| {
            crate::serde_text::shaded_token(self.inside[i])
        })
    }

    fn from_text(text: &str) -> Result<Inside, ParseError> {
        let (rows, cols, inside) = crate::serde_text::read_shaded(text, "inside the loop")?;
        Ok(Inside { rows, cols, inside })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Inside);

/// A Slitherlink solution: the cells inside the loop.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `x` (inside) and `-` of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inside {
    rows: usize,
    cols: usize,
    inside: Vec<bool>,
}

impl Inside {
    /// The cells of a `rows x cols` grid inside the loop, row-major;
    /// `None` if the count is not `rows * cols`.
    pub fn new(rows: usize, cols: usize, inside: Vec<bool>) -> Option<Inside> {
        (inside.len() == rows * cols).then_some(Inside { rows, cols, inside })
    }

    /// Whether `cell` is inside the loop (`false` outside the grid).
    pub fn is_inside(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.inside[cell.row * self.cols + cell.col]
    }

    /// Whether row `r`, column `c` (either may be one past the grid or,
    /// as `None`, one before it) is inside.
    fn at(&self, r: Option<usize>, c: Option<usize>) -> bool {
        matches!((r, c), (Some(r), Some(c)) if r < self.rows && c < self.cols && self.inside[r * self.cols + c])
    }

    /// Whether the top side of cell `(r, c)` (`r` up to `rows`: the bottom
    /// border) is on the loop.
    pub(crate) fn horizontal(&self, r: usize, c: usize) -> bool {
        self.at(Some(r), Some(c)) != self.at(r.checked_sub(1), Some(c))
    }

    /// Whether the left side of cell `(r, c)` (`c` up to `cols`) is on the loop.
    pub(crate) fn vertical(&self, r: usize, c: usize) -> bool {
        self.at(Some(r), Some(c)) != self.at(Some(r), c.checked_sub(1))
    }

    /// The sides of cell `(r, c)` on the loop.
    fn sides(&self, r: usize, c: usize) -> usize {
        [
            self.horizontal(r, c),
            self.horizontal(r + 1, c),
            self.vertical(r, c),
            self.vertical(r, c + 1),
        ]
        .into_iter()
        .filter(|&b| b)
        .count()
    }

    /// The loop in ASCII: `+` points, `-` and `|` loop sides, `x` inside.
    pub fn draw(&self) -> String {
        let mut out = String::new();
        for r in 0..=self.rows {
            for c in 0..=self.cols {
                out.push('+');
                if c < self.cols {
                    out.push(if self.horizontal(r, c) { '-' } else { ' ' });
                }
            }
            out.push('\n');
            if r < self.rows {
                for c in 0..=self.cols {
                    out.push(if self.vertical(r, c) { '|' } else { ' ' });
                    if c < self.cols {
                        out.push(' ');
                    }
                }
                out.push('\n');
            }
        }
        out
    }
}

const LEVELS: &[Level] = &[
    Level {
        name: "normal",
        about: "the rules propagated to a fixpoint: clue counts, two loop sides at a point or none, no loop closed early, no side that no cycle can use, and inside/outside colouring (Tatham's Easy to Tricky)",
    },
    Level {
        name: "hard",
        about: "needs trial and error (Tatham's Hard: his solver tries cases)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "slitherlink",
    title: "Slitherlink",
    rules: "Draw one closed loop along the sides of the cells, never crossing or touching itself, so that each numbered cell has that many of its sides on the loop.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

fn parse_text(text: &str) -> Result<Puzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    let mut clues = Vec::with_capacity(h.rows * h.cols);
    for row in 0..h.rows {
        for t in grid_text::cells(&mut r, h.cols, &format!("row {}", row + 1))? {
            clues.push(match t.text {
                "-" | "." => None,
                s if s.len() == 1 && matches!(s.as_bytes()[0], b'0'..=b'4') => {
                    Some(s.as_bytes()[0] - b'0')
                }
                s => {
                    return Err(
                        t.error(format!("expected a clue 0-4 or '-' (no clue), found '{s}'"))
                    );
                }
            });
        }
    }
    r.end()?;
    Ok(Puzzle {
        rows: h.rows,
        cols: h.cols,
        clues,
    })
}

/// Reads Tatham's Loopy game ID for square grids: `W[xH][t0][dD]:DESC`,
/// DESC row by row: `0`-`4` a clue, `a`-`z` 1-26 cells without one.
fn parse_game_id(line: &str) -> Result<Puzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('t') {
        let column = c.column();
        let t = c.number("the grid type", 0, 99)?;
        if t != 0 {
            return Err(ParseError::at(
                1,
                column,
                format!("grid type {t} is not the square grid (type 0)"),
            ));
        }
    }
    if c.eat('d') {
        match c.next_char() {
            Some('e' | 'n' | 't' | 'h') => {}
            Some(ch) => {
                return Err(ParseError::at(
                    1,
                    c.column() - 1,
                    format!("expected the difficulty 'e', 'n', 't' or 'h', found '{ch}'"),
                ));
            }
            None => return Err(c.error("expected the difficulty 'e', 'n', 't' or 'h'")),
        }
    }
    c.expect_colon()?;
    let total = rows * cols;
    let mut clues = Vec::with_capacity(total);
    while let Some(ch) = c.peek() {
        if clues.len() >= total {
            return Err(c.error("the description is longer than the grid"));
        }
        match ch {
            'a'..='z' => {
                let run = (ch as usize) - ('a' as usize) + 1;
                if clues.len() + run > total {
                    return Err(c.error("the description is longer than the grid"));
                }
                clues.extend(std::iter::repeat_n(None, run));
            }
            '0'..='4' => clues.push(Some(ch as u8 - b'0')),
            _ => {
                return Err(c.error(format!(
                    "expected a clue 0-4 or 'a'-'z' (cells without a clue), found '{ch}'"
                )));
            }
        }
        c.next_char();
    }
    if clues.len() < total {
        return Err(c.error(format!(
            "the description covers {} of the {total} cells",
            clues.len()
        )));
    }
    Ok(Puzzle { rows, cols, clues })
}

fn write_game_id(p: &Puzzle) -> Option<String> {
    // Tatham's program takes square grids of at least 3x3.
    if p.rows < 3 || p.cols < 3 {
        return None;
    }
    let mut out = format!("{}x{}t0:", p.cols, p.rows);
    let mut run = 0u8;
    let flush = |out: &mut String, run: &mut u8| {
        if *run > 0 {
            out.push(char::from(b'a' + *run - 1));
            *run = 0;
        }
    };
    for &k in &p.clues {
        match k {
            None => {
                if run == 26 {
                    flush(&mut out, &mut run);
                }
                run += 1;
            }
            Some(k) => {
                flush(&mut out, &mut run);
                out.push(char::from(b'0' + k));
            }
        }
    }
    flush(&mut out, &mut run);
    Some(out)
}

/// The connected piece of `member` cells around `start`, as a mask.
fn flood(rows: usize, cols: usize, member: &[bool], start: usize) -> Vec<bool> {
    let mut seen = vec![false; rows * cols];
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        let (r, c) = (i / cols, i % cols);
        let next = [
            (r > 0).then(|| i - cols),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
        ];
        for j in next.into_iter().flatten() {
            if member[j] && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// The rules about the loop's shape that `inside` breaks: no loop at all,
/// inside cells in two pieces (two loops), outside cells enclosed (a loop
/// inside the loop), a point where the loop touches itself.
fn shape_violations(s: &Inside) -> Vec<Violation> {
    let (rows, cols) = (s.rows, s.cols);
    let cell = |i: usize| Cell::new(i / cols, i % cols);
    let mut out = Vec::new();
    let Some(first) = s.inside.iter().position(|&b| b) else {
        return vec![Violation::new("there is no loop", Vec::new())];
    };
    let reached = flood(rows, cols, &s.inside, first);
    let apart: Vec<Cell> = (0..rows * cols)
        .filter(|&i| s.inside[i] && !reached[i])
        .map(cell)
        .collect();
    if !apart.is_empty() {
        out.push(Violation::new(
            "there must be one loop: these inside cells are enclosed by another",
            apart,
        ));
    }
    // Outside cells must reach the border through outside cells.
    let outside: Vec<bool> = s.inside.iter().map(|&b| !b).collect();
    let mut free = vec![false; rows * cols];
    for i in 0..rows * cols {
        let (r, c) = (i / cols, i % cols);
        let border = r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
        if border && outside[i] && !free[i] {
            for (j, seen) in flood(rows, cols, &outside, i).into_iter().enumerate() {
                free[j] |= seen;
            }
        }
    }
    let holes: Vec<Cell> = (0..rows * cols)
        .filter(|&i| outside[i] && !free[i])
        .map(cell)
        .collect();
    if !holes.is_empty() {
        out.push(Violation::new(
            "there must be one loop: these outside cells are enclosed by a second one",
            holes,
        ));
    }
    for r in 1..rows {
        for c in 1..cols {
            let [a, b, d, e] = [
                s.inside[(r - 1) * cols + c - 1],
                s.inside[(r - 1) * cols + c],
                s.inside[r * cols + c - 1],
                s.inside[r * cols + c],
            ];
            if a == e && b == d && a != b {
                out.push(Violation::new(
                    format!(
                        "the loop touches itself at the corner of {} and {}",
                        Cell::new(r - 1, c - 1),
                        Cell::new(r, c)
                    ),
                    vec![Cell::new(r - 1, c - 1), Cell::new(r, c)],
                ));
            }
        }
    }
    out
}

fn check(p: &Puzzle, s: &Inside) -> Vec<Violation> {
    if (p.rows, p.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = shape_violations(s);
    for (i, k) in p.clues.iter().enumerate() {
        let Some(k) = *k else { continue };
        let (r, c) = (i / p.cols, i % p.cols);
        let n = s.sides(r, c);
        if n != usize::from(k) {
            out.push(Violation::new(
                format!("the {k} at {} has {n} sides on the loop", Cell::new(r, c)),
                vec![Cell::new(r, c)],
            ));
        }
    }
    out
}

/// puzz.link's genre: `slither`, the clues in 4Cell.
const GENRE: Genre = Genre {
    name: "slither",
    aliases: &["slitherlink"],
};

/// Reads a `slither` URL. A `?` clue constrains nothing, so it is read as
/// no clue; the flag `f` (the loop visits every vertex) is an error.
fn from_puzzlink(url: &Url) -> Result<Puzzle, ParseError> {
    if url.pflag.contains('f') {
        return Err(url.error(
            "the puzz.link flag `f` (the loop visits every vertex) is not supported by \
             gridcsp's slitherlink",
        ));
    }
    url.no_flags("slitherlink")?;
    let (rows, cols) = (url.rows, url.cols);
    let mut r = url.reader();
    let clues = r.four_cell(rows * cols)?;
    r.finish()?;
    let clues = clues.iter().map(|c| c.number().map(|k| k as u8)).collect();
    Puzzle::new(rows, cols, clues)
        .ok_or_else(|| url.size_error(format!("over the largest Slitherlink ({MAX_SIDE})")))
}

fn to_puzzlink(p: &Puzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p
        .clues
        .iter()
        .map(|c| Clue::from_option(c.map(u32::from)))
        .collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_four_cell(&clues)?,
    ))
}

impl Family for Slitherlink {
    type Puzzle = Puzzle;
    type Solution = Inside;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<Puzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        parse_text(text)
    }

    fn write(&self, p: &Puzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
            match p.clues[r * p.cols + c] {
                Some(k) => ["0", "1", "2", "3", "4"][usize::from(k)],
                None => "-",
            }
        });
        out
    }

    fn write_game_id(&self, p: &Puzzle) -> Option<String> {
        write_game_id(p)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<Puzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &Puzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &Puzzle) -> Result<Built, ModelError> {
        model::build(p, false)
    }

    fn build_for_level(&self, p: &Puzzle, _level: usize) -> Result<Built, ModelError> {
        model::build(p, true)
    }

    fn decode(&self, p: &Puzzle, built: &Built, solution: &csp_core::Solution) -> Inside {
        let inside = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| solution.get(v)) == Some(1))
            .collect();
        Inside {
            rows: p.rows,
            cols: p.cols,
            inside,
        }
    }

    fn write_solution(&self, p: &Puzzle, s: &Inside) -> String {
        let mut out = p.header();
        out.push('\n');
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
            if s.inside[r * p.cols + c] { "x" } else { "-" }
        });
        out
    }

    fn parse_solution(&self, p: &Puzzle, text: &str) -> Result<Inside, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let mut inside = Vec::with_capacity(p.rows * p.cols);
        for row in 0..p.rows {
            for t in grid_text::cells(&mut r, p.cols, &format!("row {}", row + 1))? {
                inside.push(match t.text {
                    "x" | "X" => true,
                    "-" | "." => false,
                    other => {
                        return Err(t.error(format!(
                            "expected 'x' (inside the loop) or '-' (outside), found '{other}'"
                        )));
                    }
                });
            }
        }
        r.end()?;
        Ok(Inside {
            rows: p.rows,
            cols: p.cols,
            inside,
        })
    }

    fn check(&self, p: &Puzzle, s: &Inside) -> Vec<Violation> {
        check(p, s)
    }

    fn value_at(&self, s: &Inside, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| Value::from(s.is_inside(cell)))
    }

    fn describe_constraint(&self, p: &Puzzle, built: &Built, c: ConstraintId) -> String {
        model::describe(p, built, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &model::RULES
    }

    fn spot(&self, p: &Puzzle, built: &Built, var: csp_core::VarId) -> Option<crate::Spot> {
        model::spot(p, built, var)
    }

    fn mark(&self, _: &Puzzle, spot: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(match spot {
            crate::Spot::Cell(_) if value == 1 => ["is inside", "are inside"],
            crate::Spot::Cell(_) => ["is outside", "are outside"],
            _ => super::words::line(value),
        })
    }

    fn reason(
        &self,
        p: &Puzzle,
        built: &Built,
        d: &csp_core::Deduction,
        _: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        model::reason(p, built, d, now)
    }

    fn spreads(&self, rule: &str) -> bool {
        // Inside and outside floods an area across its crosses (and
        // across its lines to the other side): one step.
        rule == model::RULES[8].name
    }

    fn render(&self, p: &Puzzle, solution: Option<&Inside>, options: &RenderOptions) -> String {
        render(p, solution, options)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Puzzle, Inside>, GenerateError> {
        generate::generate(options)
    }
}

/// Draws the dots and clues; for a solution, the inside cells washed grey
/// and the loop as thick lines along the cells' sides.
fn render(p: &Puzzle, solution: Option<&Inside>, options: &RenderOptions) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let mut c = Canvas::new(rows, cols, &format!("Slitherlink {rows}x{cols}"));
    if let Some(s) = solution {
        for (i, _) in s.inside.iter().enumerate().filter(|(_, b)| **b) {
            c.fill(i / cols, i % cols, "#e8eef7");
        }
    }
    c.highlights(options);
    for (i, k) in p.clues.iter().enumerate() {
        if let Some(k) = k {
            c.text(i / cols, i % cols, &k.to_string(), Ink::Given);
        }
    }
    if let Some(s) = solution {
        for r in 0..=rows {
            for col in 0..cols {
                if s.horizontal(r, col) {
                    c.line((col as f64, r as f64), (col as f64 + 1.0, r as f64));
                }
            }
        }
        for r in 0..rows {
            for col in 0..=cols {
                if s.vertical(r, col) {
                    c.line((col as f64, r as f64), (col as f64, r as f64 + 1.0));
                }
            }
        }
    }
    for r in 0..=rows {
        for col in 0..=cols {
            c.dot(col as f64, r as f64);
        }
    }
    c.finish(options.cell_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_game_id_read_the_same_puzzle() {
        let text = "3 3\n- 3 -\n3 - 3\n- 2 -\n";
        let a = Slitherlink.parse(text).unwrap();
        let id = write_game_id(&a).unwrap();
        assert_eq!(id, "3x3t0:a3a3a3a2a");
        assert_eq!(Slitherlink.parse(&id).unwrap(), a);
        assert_eq!(Slitherlink.parse("3x3t0dh:a3a3a3a2a").unwrap(), a);
        assert_eq!(Slitherlink.write(&a), text);
        let wide = Puzzle::new(3, 30, vec![None; 90]).unwrap();
        let id = write_game_id(&wide).unwrap();
        assert_eq!(id, "30x3t0:zzzl");
        assert_eq!(Slitherlink.parse(&id).unwrap(), wide);
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Slitherlink.parse("2 2\n- 1\n5 -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(1)));
        let e = Slitherlink.parse("3x3t1:i").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = Slitherlink.parse("3x3t0:h5").unwrap_err();
        assert_eq!(e.column, Some(8));
        let e = Slitherlink.parse("3x3:h").unwrap_err();
        assert!(e.to_string().contains("8 of the 9"), "{e}");
        let e = Slitherlink.parse("3x3t0dq:i").unwrap_err();
        assert_eq!(e.column, Some(7));
    }

    #[test]
    fn the_shape_rules_are_named() {
        let s = |rows, cols, cells: &str| {
            Inside::new(rows, cols, cells.bytes().map(|b| b == b'x').collect()).unwrap()
        };
        assert!(shape_violations(&s(2, 2, "xx-x")).is_empty());
        assert!(
            shape_violations(&s(2, 2, "x--x"))
                .iter()
                .any(|v| v.rule.contains("touches itself"))
        );
        assert!(
            shape_violations(&s(1, 3, "x-x"))[0]
                .rule
                .contains("another")
        );
        assert!(
            shape_violations(&s(3, 3, "xxxx-xxxx"))[0]
                .rule
                .contains("second")
        );
        assert!(shape_violations(&s(1, 2, "--"))[0].rule.contains("no loop"));
        assert_eq!(s(1, 1, "x").draw(), "+-+\n| |\n+-+\n");
    }
}
