//! Hitori (Tatham's Singles): shade cells so that no number repeats among
//! the unshaded cells of a row or column, no two shaded cells touch
//! orthogonally, and the unshaded cells form one orthogonally connected
//! area.
//!
//! The puzzle is read from the text layout (`ROWS COLS`, then ROWS rows of
//! numbers) or from a Tatham Singles game ID (`5x5:...`: one character per
//! cell, `1`-`9`, then `a`-`z` for 10-35 and `A`-`Z` for 36-61); see
//! `docs/formats/hitori.md`. A solution prints `x` for a shaded cell and
//! `-` for an unshaded one.
//!
//! The model (in `model.rs`) is one 0/1 variable per cell (1: unshaded),
//! a two-literal [`clause`](csp_core::Model::clause) per pair of
//! neighbours, an [`at_most_one`](csp_core::Model::at_most_one) per
//! repeated number of a row or column, and
//! [`connected`](csp_core::Model::connected) over every cell.

mod generate;
mod model;

pub use generate::MAX_GENERATED_SIDE;
pub use model::rules;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_hitori};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::{ConstraintId, Deduction, ModelError, Value};

/// The largest number of rows or columns a Hitori grid may have.
pub const MAX_SIDE: usize = 100;

/// The largest number a cell may hold in the text layout.
pub const MAX_NUMBER: u16 = 999;

/// The largest number a Tatham game ID can write (`Z`).
const MAX_ID_NUMBER: u16 = 61;

/// Hitori, read from the text layout or a Tatham Singles game ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hitori;

/// A Hitori puzzle: a grid of numbers.
///
/// With the `serde` feature it is a string: its game ID (Tatham's
/// Singles), or the text layout when no ID holds the puzzle exactly (a
/// number too large for one); either is read back by [`Hitori`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    numbers: Vec<u16>,
}

impl Puzzle {
    /// A puzzle of `rows x cols` numbers given row-major; `None` if the
    /// count is not `rows * cols`, a side is 0 or over [`MAX_SIDE`], or a
    /// number is 0 or over [`MAX_NUMBER`].
    pub fn new(rows: usize, cols: usize, numbers: Vec<u16>) -> Option<Puzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && numbers.len() == rows * cols
            && numbers.iter().all(|n| (1..=MAX_NUMBER).contains(n));
        ok.then_some(Puzzle {
            rows,
            cols,
            numbers,
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

    /// The number at `cell`, `None` outside the grid.
    pub fn get(&self, cell: Cell) -> Option<u16> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.numbers[cell.row * self.cols + cell.col])
    }

    /// Every number, row-major.
    pub fn numbers(&self) -> &[u16] {
        &self.numbers
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// The orthogonal neighbours of cell `i` (row-major indices).
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (i / cols, i % cols);
        [
            (r > 0).then(|| i - cols),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The lines of the grid: every row, then every column, as row-major
    /// cell indices.
    fn lines(&self) -> impl Iterator<Item = (bool, usize, Vec<usize>)> + '_ {
        let (rows, cols) = (self.rows, self.cols);
        let across = (0..rows).map(move |r| (true, r, (0..cols).map(|c| r * cols + c).collect()));
        let down = (0..cols).map(move |c| (false, c, (0..rows).map(|r| r * cols + c).collect()));
        across.chain(down)
    }
}

/// A Hitori solution: which cells are shaded.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `x` (shaded) and `-` of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shading {
    rows: usize,
    cols: usize,
    shaded: Vec<bool>,
}

impl Shading {
    /// A shading of `rows x cols` cells given row-major (`true`: shaded);
    /// `None` if the count is not `rows * cols`.
    pub fn new(rows: usize, cols: usize, shaded: Vec<bool>) -> Option<Shading> {
        (shaded.len() == rows * cols).then_some(Shading { rows, cols, shaded })
    }

    /// Whether `cell` is shaded (`false` outside the grid).
    pub fn is_shaded(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.shaded[cell.row * self.cols + cell.col]
    }

    /// Every cell, row-major (`true`: shaded).
    pub fn cells(&self) -> &[bool] {
        &self.shaded
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(Puzzle, Hitori);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Shading {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| {
            crate::serde_text::shaded_token(self.shaded[i])
        })
    }

    fn from_text(text: &str) -> Result<Shading, ParseError> {
        let (rows, cols, shaded) = crate::serde_text::read_shaded(text, "shaded")?;
        Ok(Shading { rows, cols, shaded })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Shading);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the rules one at a time, plus a number between two equal ones is unshaded and an adjacent equal pair shades that number elsewhere in its line (Tatham's Easy)",
    },
    Level {
        name: "tricky",
        about: "plus keeping unshaded every cell whose shading would split the unshaded area (Tatham's Tricky)",
    },
    Level {
        name: "hard",
        about: "plus ruling out a choice whose direct consequences break a rule or split the unshaded area",
    },
    Level {
        name: "extreme",
        about: "needs trial and error (beyond Tatham's levels)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "hitori",
    title: "Hitori",
    rules: "Shade cells so that no number repeats among the unshaded cells of a row or column, no two shaded cells touch orthogonally, and the unshaded cells form one connected area.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (6, 6),
};

fn parse_text(text: &str) -> Result<Puzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    let mut numbers = Vec::with_capacity(h.rows * h.cols);
    for row in 0..h.rows {
        for t in grid_text::cells(&mut r, h.cols, &format!("row {}", row + 1))? {
            numbers.push(t.number("a cell's number", 1, i64::from(MAX_NUMBER))? as u16);
        }
    }
    r.end()?;
    Ok(Puzzle {
        rows: h.rows,
        cols: h.cols,
        numbers,
    })
}

/// The number a game ID character stands for (`1`-`9`, `a`-`z` 10-35,
/// `A`-`Z` 36-61).
fn id_number(ch: char) -> Option<u16> {
    match ch {
        '0'..='9' => Some(ch as u16 - '0' as u16),
        'a'..='z' => Some(ch as u16 - 'a' as u16 + 10),
        'A'..='Z' => Some(ch as u16 - 'A' as u16 + 36),
        _ => None,
    }
}

fn id_char(n: u16) -> char {
    match n {
        0..=9 => char::from(b'0' + n as u8),
        10..=35 => char::from(b'a' + (n - 10) as u8),
        _ => char::from(b'A' + (n - 36) as u8),
    }
}

/// Reads Tatham's Singles game ID: `W[xH][dD]:DESC`, DESC one character
/// per cell, row by row, each a number from 1 to `max(W, H)`.
fn parse_game_id(line: &str) -> Result<Puzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('d') {
        match c.next_char() {
            Some('e' | 'k') => {}
            Some(ch) => {
                return Err(ParseError::at(
                    1,
                    c.column() - 1,
                    format!("expected the difficulty 'e' or 'k', found '{ch}'"),
                ));
            }
            None => return Err(c.error("expected the difficulty 'e' or 'k'")),
        }
    }
    c.expect_colon()?;
    let max = rows.max(cols).min(usize::from(MAX_ID_NUMBER)) as u16;
    let total = rows * cols;
    let mut numbers = Vec::with_capacity(total);
    while let Some(ch) = c.peek() {
        if numbers.len() >= total {
            return Err(c.error("the description is longer than the grid"));
        }
        match id_number(ch) {
            Some(n) if (1..=max).contains(&n) => numbers.push(n),
            _ => {
                return Err(c.error(format!(
                    "expected a number from 1 to {max} ('{}' at most), found '{ch}'",
                    id_char(max)
                )));
            }
        }
        c.next_char();
    }
    if numbers.len() < total {
        return Err(c.error(format!(
            "the description covers {} of the {total} cells",
            numbers.len()
        )));
    }
    Ok(Puzzle {
        rows,
        cols,
        numbers,
    })
}

fn write_game_id(p: &Puzzle) -> Option<String> {
    // Tatham's program takes 2x2 to 62x62 grids with numbers up to the
    // longer side.
    let max = p.rows.max(p.cols);
    let fits = p.rows >= 2
        && p.cols >= 2
        && max <= 62
        && p.numbers
            .iter()
            .all(|&n| usize::from(n) <= max && n <= MAX_ID_NUMBER);
    if !fits {
        return None;
    }
    let mut out = format!("{}x{}:", p.cols, p.rows);
    out.extend(p.numbers.iter().map(|&n| id_char(n)));
    Some(out)
}

fn write_solution(p: &Puzzle, s: &Shading) -> String {
    let mut out = p.header();
    out.push('\n');
    grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
        if s.shaded[r * p.cols + c] { "x" } else { "-" }
    });
    out
}

fn parse_solution(p: &Puzzle, text: &str) -> Result<Shading, ParseError> {
    let mut r = Reader::new(text);
    grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
    let mut shaded = Vec::with_capacity(p.rows * p.cols);
    for row in 0..p.rows {
        for t in grid_text::cells(&mut r, p.cols, &format!("row {}", row + 1))? {
            shaded.push(match t.text {
                "x" | "X" | "#" => true,
                "-" | "." => false,
                other => {
                    return Err(t.error(format!(
                        "expected 'x' (shaded) or '-' (unshaded), found '{other}'"
                    )));
                }
            });
        }
    }
    r.end()?;
    Ok(Shading {
        rows: p.rows,
        cols: p.cols,
        shaded,
    })
}

/// The unshaded cells outside the largest connected area of unshaded
/// cells (empty when the unshaded cells are connected).
fn cut_off(p: &Puzzle, shaded: &[bool]) -> Vec<usize> {
    let n = shaded.len();
    let mut area = vec![usize::MAX; n];
    let mut sizes = Vec::new();
    for start in 0..n {
        if shaded[start] || area[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        area[start] = id;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            for j in p.neighbours(i) {
                if !shaded[j] && area[j] == usize::MAX {
                    area[j] = id;
                    stack.push(j);
                }
            }
        }
        sizes.push(size);
    }
    // The first of the largest areas is kept.
    let Some(biggest) = (0..sizes.len()).max_by_key(|&a| (sizes[a], std::cmp::Reverse(a))) else {
        return Vec::new();
    };
    (0..n)
        .filter(|&i| !shaded[i] && area[i] != biggest)
        .collect()
}

fn check(p: &Puzzle, s: &Shading) -> Vec<Violation> {
    if (p.rows, p.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    for (across, k, line) in p.lines() {
        let what = if across { "row" } else { "column" };
        let mut seen: Vec<(u16, Vec<Cell>)> = Vec::new();
        for &i in line.iter().filter(|&&i| !s.shaded[i]) {
            match seen.iter_mut().find(|(n, _)| *n == p.numbers[i]) {
                Some((_, cells)) => cells.push(p.cell(i)),
                None => seen.push((p.numbers[i], vec![p.cell(i)])),
            }
        }
        for (n, cells) in seen.into_iter().filter(|(_, c)| c.len() > 1) {
            out.push(Violation::new(
                format!("{n} is unshaded {} times in {what} {}", cells.len(), k + 1),
                cells,
            ));
        }
    }
    for i in 0..s.shaded.len() {
        for n in p.neighbours(i).filter(|&n| n > i) {
            if s.shaded[i] && s.shaded[n] {
                out.push(Violation::new(
                    "two shaded cells touch",
                    vec![p.cell(i), p.cell(n)],
                ));
            }
        }
    }
    let apart = cut_off(p, &s.shaded);
    if !apart.is_empty() {
        out.push(Violation::new(
            "the unshaded cells must form one connected area",
            apart.into_iter().map(|i| p.cell(i)).collect(),
        ));
    }
    out
}

/// puzz.link's genre: `hitori`, its own body (a character per cell).
const GENRE: Genre = Genre {
    name: "hitori",
    aliases: &[],
};

/// Reads a `hitori` URL: every cell must hold a number from 1 to
/// [`MAX_NUMBER`] (puzz.link also allows empty cells and `?`, which
/// gridcsp's Hitori has not).
fn from_puzzlink(url: &Url) -> Result<Puzzle, ParseError> {
    url.no_flags("hitori")?;
    let (rows, cols) = (url.rows, url.cols);
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(url.size_error(format!("over the largest Hitori ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let clues = r.hitori(rows * cols)?;
    r.finish()?;
    let mut numbers = Vec::with_capacity(clues.len());
    for (i, c) in clues.iter().enumerate() {
        let cell = Cell::new(i / cols, i % cols);
        match *c {
            Clue::Number(n) if (1..=u32::from(MAX_NUMBER)).contains(&n) => numbers.push(n as u16),
            Clue::Number(n) => {
                return Err(url.error(format!("{cell}: {n} is out of range (1 to {MAX_NUMBER})")));
            }
            Clue::Empty | Clue::Unknown => {
                return Err(url.error(format!(
                    "{cell} has no number: gridcsp's hitori needs one in every cell"
                )));
            }
        }
    }
    Puzzle::new(rows, cols, numbers).ok_or_else(|| url.error("not a Hitori puzzle"))
}

fn to_puzzlink(p: &Puzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p
        .numbers
        .iter()
        .map(|&n| Clue::Number(u32::from(n)))
        .collect();
    Ok(Url::new(GENRE.name, p.cols, p.rows, encode_hitori(&clues)?))
}

impl Family for Hitori {
    type Puzzle = Puzzle;
    type Solution = Shading;

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
        let width = p
            .numbers
            .iter()
            .map(|n| n.to_string().len())
            .max()
            .unwrap_or(1);
        let tokens: Vec<String> = p.numbers.iter().map(|n| format!("{n:>width$}")).collect();
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| &tokens[r * p.cols + c]);
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
        model::build(p, model::SOLVE)
    }

    fn build_for_level(&self, p: &Puzzle, level: usize) -> Result<Built, ModelError> {
        model::build(p, level)
    }

    fn decode(&self, p: &Puzzle, built: &Built, solution: &csp_core::Solution) -> Shading {
        let shaded = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| solution.get(v)) == Some(0))
            .collect();
        Shading {
            rows: p.rows,
            cols: p.cols,
            shaded,
        }
    }

    fn write_solution(&self, p: &Puzzle, s: &Shading) -> String {
        write_solution(p, s)
    }

    fn parse_solution(&self, p: &Puzzle, text: &str) -> Result<Shading, ParseError> {
        parse_solution(p, text)
    }

    fn check(&self, p: &Puzzle, s: &Shading) -> Vec<Violation> {
        check(p, s)
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| Value::from(!s.is_shaded(cell)))
    }

    fn describe(&self, p: &Puzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = built
            .cell_of(d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let unshaded = (d.value == 1) == placed;
        let why = self.describe_constraint(p, built, d.constraint);
        let what = if unshaded { "unshaded" } else { "shaded" };
        if d.rule.is_empty() {
            format!("{cell} is {what}: {why}")
        } else {
            format!("{cell} is {what}: {why} ({})", d.rule)
        }
    }

    fn describe_constraint(&self, p: &Puzzle, built: &Built, c: ConstraintId) -> String {
        model::describe(p, built, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &model::RULES
    }

    fn mark(&self, _: &Puzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        // 1: the cell stays unshaded.
        Some(super::words::shaded(1 - value))
    }

    fn reason(
        &self,
        p: &Puzzle,
        built: &Built,
        d: &Deduction,
        _: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        model::reason(p, built, d, now)
    }

    fn render(&self, p: &Puzzle, solution: Option<&Shading>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        render(p, solution, candidates.as_deref(), options)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Puzzle, Shading>, GenerateError> {
        generate::generate(options)
    }
}

/// Draws the numbers; for a solution, shaded cells black with their number
/// in grey and unshaded ones circled. Candidates shade a cell known to be
/// shaded grey and circle one known to be unshaded.
fn render(
    p: &Puzzle,
    solution: Option<&Shading>,
    candidates: Option<&[Option<Vec<Value>>]>,
    options: &RenderOptions,
) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let mut c = Canvas::new(rows, cols, &format!("Hitori {rows}x{cols}"));
    c.highlights(options);
    let known = |i: usize| -> Option<bool> {
        if let Some(s) = solution {
            return Some(s.shaded[i]);
        }
        match candidates.and_then(|k| k.get(i)).and_then(|v| v.as_deref()) {
            Some([0]) => Some(true),
            Some([1]) => Some(false),
            _ => None,
        }
    };
    for i in 0..p.numbers.len() {
        if known(i) == Some(true) {
            c.fill(
                i / cols,
                i % cols,
                if solution.is_some() { "#222" } else { "#999" },
            );
        }
    }
    c.grid_lines();
    let size = if p.numbers.iter().any(|&n| n >= 100) {
        0.4
    } else if p.numbers.iter().any(|&n| n >= 10) {
        0.5
    } else {
        0.6
    };
    for (i, &n) in p.numbers.iter().enumerate() {
        let (r, col) = (i / cols, i % cols);
        match known(i) {
            Some(true) => c.raw(&format!(
                "<text class=\"rev\" x=\"{col}.5\" y=\"{}\" font-size=\"{size}\">{n}</text>",
                r as f64 + 0.5 + 0.35 * size
            )),
            Some(false) => {
                c.circle(r, col, 0.4, false);
                c.text_at(
                    col as f64 + 0.5,
                    r as f64 + 0.5,
                    &n.to_string(),
                    Ink::Given,
                    size,
                );
            }
            None => c.text_at(
                col as f64 + 0.5,
                r as f64 + 0.5,
                &n.to_string(),
                Ink::Given,
                size,
            ),
        }
    }
    c.outer_border();
    c.finish(options.cell_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_game_id_read_the_same_puzzle() {
        let text = "3 3\n1 2 1\n2 3 3\n3 1 2\n";
        let a = Hitori.parse(text).unwrap();
        let id = write_game_id(&a).unwrap();
        assert_eq!(id, "3x3:121233312");
        assert_eq!(Hitori.parse(&id).unwrap(), a);
        assert_eq!(Hitori.parse("3x3dk:121233312").unwrap(), a);
        assert_eq!(Hitori.write(&a), text);
        assert_eq!((id_char(10), id_char(36)), ('a', 'A'));
        assert_eq!((id_number('a'), id_number('Z')), (Some(10), Some(61)));
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Hitori.parse("2 2\n1 2\n2 x\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(3)));
        let e = Hitori.parse("2 2\n1 0\n2 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = Hitori.parse("2x2:1221x").unwrap_err();
        assert_eq!(e.column, Some(9));
        let e = Hitori.parse("2x2:1213").unwrap_err();
        assert_eq!(e.column, Some(8));
        let e = Hitori.parse("2x2:121").unwrap_err();
        assert!(e.to_string().contains("3 of the 4"), "{e}");
        let e = Hitori.parse("2x2dq:1212").unwrap_err();
        assert_eq!(e.column, Some(5));
    }
}
