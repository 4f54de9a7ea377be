//! Skyscrapers (Simon Tatham's *Towers*): fill an `n x n` grid with tower
//! heights `1..=n`, each once per row and column, so that each clue outside
//! the grid counts the towers seen from there along its row or column (a
//! tower hides every lower tower behind it).
//!
//! Puzzles are read from the text layout (`N N`, four lines of clues: top,
//! bottom, left, right, then the givens) or from a Tatham game ID
//! (`5:3///3//////2////2/4/3//2//,q2g`); see `docs/formats/skyscrapers.md`.
//! The text layout also reads janko.at's variants: `N N K` (heights
//! `1..=K` with `K < N`, so each row and column has `N - K` empty cells,
//! written `0` in a solution) and `N N K D` (both main diagonals hold each
//! height once, and `N - K` empty cells, too).
//!
//! The model ([`model`]) is the rules: a Latin square (an
//! [`all_different`](csp_core::Model::all_different) per row and column)
//! and one [`visible_count`](csp_core::Model::visible_count) per clue over
//! the line read from the clue. The grade ladder follows Tatham's levels
//! (Easy, Hard, Extreme, Unreasonable) with stronger reasoning at each
//! level.

mod generate;
pub mod model;

pub use generate::GENERATED_SIZES;

use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::{Reader, Token};
use csp_core::{ConstraintId, ModelError, Value};
use std::fmt;

/// The largest side a Skyscrapers grid may have (heights are one machine
/// word of values in csp-core's clue propagator).
pub const MAX_SIZE: usize = 64;

/// Skyscrapers, read from the text layout or a Tatham Towers game ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skyscrapers;

/// A side of the grid, where a clue stands (serde: `"top"`, `"bottom"`,
/// `"left"`, `"right"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Side {
    /// Above the grid, looking down a column.
    Top,
    /// Below the grid, looking up a column.
    Bottom,
    /// Left of the grid, looking along a row.
    Left,
    /// Right of the grid, looking back along a row.
    Right,
}

impl Side {
    /// The four sides in the order of the text layout and of Tatham's game
    /// IDs: top, bottom, left, right.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The side's name as the text layout's clue lines are described.
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The position of the `i`-th clue of this side in words: "above
    /// column 3", "right of row 2" (1-based).
    pub fn place(self, i: usize) -> String {
        match self {
            Side::Top => format!("above column {}", i + 1),
            Side::Bottom => format!("below column {}", i + 1),
            Side::Left => format!("left of row {}", i + 1),
            Side::Right => format!("right of row {}", i + 1),
        }
    }

    /// The side facing this one across the grid.
    pub fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Top => 0,
            Side::Bottom => 1,
            Side::Left => 2,
            Side::Right => 3,
        }
    }
}

/// A Skyscrapers puzzle: its size, the tallest height, whether the
/// diagonals count, the clues round the grid and the givens.
///
/// With the `serde` feature it is a string, its game ID (Tatham's Towers),
/// or the text layout where no ID holds the puzzle exactly; either is read
/// back by [`Skyscrapers`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SkyscrapersPuzzle {
    size: usize,
    /// The tallest height `K` (`size` in the plain puzzle): each row and
    /// column holds `1..=K` once and `size - K` empty cells (height 0).
    tallest: usize,
    /// Both main diagonals hold `1..=K` once (and `size - K` empty cells).
    diagonals: bool,
    /// `4 * size` clues: top (left to right), bottom (left to right), left
    /// (top to bottom), right (top to bottom), as in Tatham's IDs.
    clues: Vec<Option<u32>>,
    /// Row-major; `Some(0)` is a given empty cell (only when `tallest <
    /// size`).
    givens: Vec<Option<u32>>,
}

impl SkyscrapersPuzzle {
    /// A puzzle of side `size` with the clues of each side (`clues[s]` for
    /// [`Side::ALL`]`[s]`, each `size` long, listed left to right or top to
    /// bottom) and the givens (row-major, `size * size` long). An error
    /// names what does not fit: a side outside `1..=MAX_SIZE`, a list of
    /// the wrong length, a clue or a height outside `1..=size`.
    pub fn new(
        size: usize,
        clues: [Vec<Option<u32>>; 4],
        givens: Vec<Option<u32>>,
    ) -> Result<SkyscrapersPuzzle, ModelError> {
        SkyscrapersPuzzle::with_layout(size, size, false, clues, givens)
    }

    /// janko.at's layouts: heights `1..=tallest` (each row and column then
    /// has `size - tallest` empty cells, height 0; a given may be 0 for a
    /// given empty cell) and, with `diagonals`, both main diagonals hold
    /// each height once (and as many empty cells). Errors as for
    /// [`SkyscrapersPuzzle::new`], plus a `tallest` outside `1..=size`.
    pub fn with_layout(
        size: usize,
        tallest: usize,
        diagonals: bool,
        clues: [Vec<Option<u32>>; 4],
        givens: Vec<Option<u32>>,
    ) -> Result<SkyscrapersPuzzle, ModelError> {
        if (1..=MAX_SIZE).contains(&size) && (1..=size).contains(&tallest) {
            for (side, list) in Side::ALL.iter().zip(&clues) {
                let bad = |reason: String| ModelError::InvalidArgument {
                    constraint: "skyscrapers".to_owned(),
                    reason,
                };
                if list.len() != size {
                    return Err(bad(format!(
                        "{} clues: {} for a side of {size}",
                        side.name(),
                        list.len()
                    )));
                }
                if let Some(k) = list
                    .iter()
                    .flatten()
                    .find(|&&k| k == 0 || k > tallest as u32)
                {
                    return Err(bad(format!(
                        "a {} clue of {k} is not in 1..={tallest}",
                        side.name()
                    )));
                }
            }
        }
        SkyscrapersPuzzle::from_flat(size, tallest, diagonals, clues.concat(), givens)
    }

    /// [`SkyscrapersPuzzle::new`] with the `4 * size` clues in one list,
    /// side after side.
    fn from_flat(
        size: usize,
        tallest: usize,
        diagonals: bool,
        clues: Vec<Option<u32>>,
        givens: Vec<Option<u32>>,
    ) -> Result<SkyscrapersPuzzle, ModelError> {
        let bad = |reason: String| ModelError::InvalidArgument {
            constraint: "skyscrapers".to_owned(),
            reason,
        };
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(bad(format!("the side {size} is not in 1..={MAX_SIZE}")));
        }
        if !(1..=size).contains(&tallest) {
            return Err(bad(format!(
                "the tallest height {tallest} is not in 1..={size}"
            )));
        }
        let top = tallest as u32;
        if clues.len() != 4 * size {
            return Err(bad(format!("{} clues for a side of {size}", clues.len())));
        }
        for (side, list) in Side::ALL.iter().zip(clues.chunks(size)) {
            if let Some(k) = list.iter().flatten().find(|&&k| k == 0 || k > top) {
                return Err(bad(format!(
                    "a {} clue of {k} is not in 1..={tallest}",
                    side.name()
                )));
            }
        }
        if givens.len() != size * size {
            return Err(bad(format!(
                "{} givens for {size}x{size} cells",
                givens.len()
            )));
        }
        let lowest = u32::from(tallest == size);
        if let Some(v) = givens.iter().flatten().find(|&&v| v < lowest || v > top) {
            return Err(bad(format!(
                "a given height {v} is not in {lowest}..={tallest}"
            )));
        }
        Ok(SkyscrapersPuzzle {
            size,
            tallest,
            diagonals,
            clues,
            givens,
        })
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The tallest height `K`: the side in the plain puzzle, less in
    /// janko.at's layout with empty cells.
    pub fn tallest(&self) -> usize {
        self.tallest
    }

    /// The empty cells (height 0) of each row, column and (with
    /// [`diagonals`](Self::diagonals)) diagonal: `size - tallest`.
    pub fn blanks(&self) -> usize {
        self.size - self.tallest
    }

    /// Whether both main diagonals hold each height once.
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether the puzzle is the plain Latin square: heights `1..=size`,
    /// no diagonals (what Tatham's game IDs and puzz.link URLs hold).
    pub fn is_plain(&self) -> bool {
        self.tallest == self.size && !self.diagonals
    }

    /// The clue at position `i` (0-based, left to right or top to bottom)
    /// of `side`, if any.
    pub fn clue(&self, side: Side, i: usize) -> Option<u32> {
        (i < self.size)
            .then(|| self.clues[side.index() * self.size + i])
            .flatten()
    }

    /// Every clue with its side and position.
    pub fn clues(&self) -> impl Iterator<Item = (Side, usize, u32)> + '_ {
        Side::ALL.into_iter().flat_map(move |side| {
            (0..self.size).filter_map(move |i| self.clue(side, i).map(|k| (side, i, k)))
        })
    }

    /// The given height at `cell`, if any.
    pub fn given(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.size && cell.col < self.size)
            .then(|| self.givens[cell.row * self.size + cell.col])
            .flatten()
    }

    /// The cells of the line the `i`-th clue of `side` looks along, nearest
    /// the clue first.
    pub fn line(&self, side: Side, i: usize) -> Vec<Cell> {
        line_cells(self.size, side, i)
    }
}

/// The cells of the line the `i`-th clue of `side` looks along in a grid of
/// side `n`, nearest the clue first.
pub fn line_cells(n: usize, side: Side, i: usize) -> Vec<Cell> {
    line_iter(n, side, i).collect()
}

/// The cells of the main diagonal (`true`, top left to bottom right) or
/// the anti-diagonal (top right to bottom left) of a grid of side `n`.
pub fn diagonal_cells(n: usize, main: bool) -> Vec<Cell> {
    (0..n)
        .map(|i| Cell::new(i, if main { i } else { n - 1 - i }))
        .collect()
}

/// [`line_cells`] without collecting them.
fn line_iter(n: usize, side: Side, i: usize) -> impl Iterator<Item = Cell> + Clone {
    (0..n).map(move |j| match side {
        Side::Top => Cell::new(j, i),
        Side::Bottom => Cell::new(n - 1 - j, i),
        Side::Left => Cell::new(i, j),
        Side::Right => Cell::new(i, n - 1 - j),
    })
}

/// A filled Skyscrapers grid: a height per cell (0 for an empty cell).
///
/// With the `serde` feature it is a string: `N N`, then the rows of
/// heights (0 to N) of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heights {
    size: usize,
    heights: Vec<u32>,
}

impl Heights {
    /// A grid of side `size` from its heights, row-major; `None` if there
    /// are not `size * size` of them.
    pub fn new(size: usize, heights: Vec<u32>) -> Option<Heights> {
        (heights.len() == size * size).then_some(Heights { size, heights })
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The height at `cell` (0 outside the grid).
    pub fn height(&self, cell: Cell) -> u32 {
        if cell.row < self.size && cell.col < self.size {
            self.heights[cell.row * self.size + cell.col]
        } else {
            0
        }
    }

    /// Every height, row-major.
    pub fn heights(&self) -> &[u32] {
        &self.heights
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(SkyscrapersPuzzle, Skyscrapers);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Heights {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.size, self.size, |i| self.heights[i].to_string())
    }

    fn from_text(text: &str) -> Result<Heights, ParseError> {
        let (rows, cols, heights) =
            crate::serde_text::read_numbers(text, "a height", 0, |n, _| n as i64, None)?;
        if rows != cols {
            return Err(ParseError::at_line(
                1,
                format!("a Skyscrapers grid is square, not {rows}x{cols}"),
            ));
        }
        Ok(Heights {
            size: rows,
            heights,
        })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Heights);

/// The number of towers seen along `heights`, from the first: the
/// left-to-right maxima.
pub fn seen(heights: impl IntoIterator<Item = u32>) -> u32 {
    let mut tallest = 0;
    let mut count = 0;
    for h in heights {
        if h > tallest {
            tallest = h;
            count += 1;
        }
    }
    count
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "singles and the clues read on their own (Tatham's Easy)",
    },
    Level {
        name: "hard",
        about: "plus subsets in rows and columns and the two clues of a line together (Tatham's Hard)",
    },
    Level {
        name: "extreme",
        about: "plus every value's places in the whole square and forcing chains (Tatham's Extreme)",
    },
    Level {
        name: "unreasonable",
        about: "needs trial and error (Tatham's Unreasonable)",
    },
];

/// Lines after the header: four of clues and `N` rows. Only the first two
/// numbers are read here (`N N`, `N N K`, `N N K D`): the parser names
/// what is wrong with the rest.
fn record_lines(header: &str) -> Option<usize> {
    let numbers: Vec<usize> = header
        .split_whitespace()
        .take(2)
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    match numbers.as_slice() {
        &[r, c] if r == c && (1..=MAX_SIZE).contains(&r) => Some(4 + r),
        _ => None,
    }
}

/// The header line: `N N`, `N N K` or `N N K D` (janko.at's layouts):
/// the side, the tallest height and whether the diagonals count.
fn read_header(r: &mut Reader<'_>) -> Result<(usize, usize, bool), ParseError> {
    const NAMES: &str = "N N [K] [D]";
    let line = r.line_no();
    let tokens = r.line(&format!("a header line '{NAMES}'"))?;
    if !(2..=4).contains(&tokens.len()) {
        return Err(ParseError::at_line(
            line,
            format!(
                "expected a header line '{NAMES}' (the side twice, then optionally the \
                 tallest height and D), found {} tokens",
                tokens.len()
            ),
        ));
    }
    let rows = tokens[0].number("ROWS", 1, MAX_SIZE as i64)? as usize;
    let cols = tokens[1].number("COLS", 1, MAX_SIZE as i64)? as usize;
    if rows != cols {
        return Err(tokens[1].error(format!("a Skyscrapers grid is square, not {rows}x{cols}")));
    }
    let tallest = match tokens.get(2) {
        Some(t) => t.number("the tallest height K", 1, rows as i64)? as usize,
        None => rows,
    };
    let diagonals = match tokens.get(3) {
        Some(t) if t.text == "D" || t.text == "d" => true,
        Some(t) => {
            return Err(t.error(format!(
                "expected 'D' (both diagonals hold each height once), found '{}'",
                t.text
            )));
        }
        None => false,
    };
    Ok((rows, tallest, diagonals))
}

/// The header [`read_header`] reads, in its shortest form.
fn header_text(n: usize, tallest: usize, diagonals: bool) -> String {
    match (tallest == n, diagonals) {
        (true, false) => format!("{n} {n}"),
        (_, false) => format!("{n} {n} {tallest}"),
        (_, true) => format!("{n} {n} {tallest} D"),
    }
}

/// A game ID: one line with a colon.
fn is_game_id(line: &str) -> bool {
    line.contains(':')
}

static INFO: FamilyInfo = FamilyInfo {
    name: "skyscrapers",
    title: "Skyscrapers",
    rules: "Fill the grid with towers of heights 1..n, each once per row and column; a clue \
            outside the grid counts the towers seen from there (taller towers hide lower ones).",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: is_game_id,
    },
    default_size: (5, 5),
};

/// A height or a clue token: `-` (nothing) or a number in `lo..=hi`.
fn number_or_blank(
    t: &Token<'_>,
    what: &str,
    lo: usize,
    hi: usize,
) -> Result<Option<u32>, ParseError> {
    if t.is_empty_cell() {
        Ok(None)
    } else {
        Ok(Some(t.number(what, lo as i64, hi as i64)? as u32))
    }
}

/// Reads the text layout.
fn parse_text(text: &str) -> Result<SkyscrapersPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let (n, tallest, diagonals) = read_header(&mut r)?;
    let mut clues: [Vec<Option<u32>>; 4] = Default::default();
    for (side, list) in Side::ALL.iter().zip(clues.iter_mut()) {
        let what = format!("the line of {} clues", side.name());
        for t in r.row(n, &what)? {
            list.push(number_or_blank(&t, "a clue", 1, tallest)?);
        }
    }
    // A given 0 is a given empty cell, where there are empty cells.
    let lowest = usize::from(tallest == n);
    let mut givens = Vec::with_capacity(n * n);
    for row in 0..n {
        for t in r.row(n, &format!("row {}", row + 1))? {
            givens.push(number_or_blank(&t, "a height", lowest, tallest)?);
        }
    }
    r.end()?;
    SkyscrapersPuzzle::with_layout(n, tallest, diagonals, clues, givens)
        .map_err(|e| ParseError::new(e.to_string()))
}

/// Reads a Tatham Towers game ID, `params:description`: `params` is the
/// side with an optional difficulty (`5`, `6dh`), the description the
/// `4n` clues separated by `/` (empty for none) and, after a comma, the
/// givens run-length coded (`a`-`z` skip 1-26 cells, numbers are heights,
/// `_` separates two numbers).
fn parse_game_id(text: &str) -> Result<SkyscrapersPuzzle, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((index, raw)) = lines.next() else {
        return Err(ParseError::new("expected a Towers game ID, found nothing"));
    };
    if let Some((j, _)) = lines.next() {
        return Err(ParseError::at_line(
            j + 1,
            "unexpected text after the game ID (an ID is one line)",
        ));
    }
    // Columns are counted in characters of the line, from 1.
    let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
    let line = raw.trim();
    // Sized once (a character is at least a byte), not grown as collected.
    let mut chars: Vec<char> = Vec::with_capacity(line.len());
    chars.extend(line.chars());
    let err = |at: usize, message: String| ParseError::at(index + 1, lead + at + 1, message);
    let colon = chars
        .iter()
        .position(|&c| c == ':')
        .ok_or_else(|| err(0, "expected 'size:clues' (a Towers game ID)".to_owned()))?;
    // Parameters: the side, then optionally `d` and a difficulty letter.
    let digits = chars[..colon]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let n: usize = decimal(&chars[..digits])
        .map(|n| n as usize)
        .filter(|n| (1..=MAX_SIZE).contains(n))
        .ok_or_else(|| {
            let size_text: String = chars[..digits].iter().collect();
            err(
                0,
                format!("expected a grid side in 1..={MAX_SIZE} before ':', found '{size_text}'"),
            )
        })?;
    let rest = &chars[digits..colon];
    if !rest.is_empty() && !matches!(rest, ['d', 'e' | 'h' | 'x' | 'u']) {
        let found: String = rest.iter().collect();
        return Err(err(
            digits,
            format!("expected ':' or a difficulty (de, dh, dx, du), found '{found}'"),
        ));
    }
    let mut at = colon + 1;
    // Clues.
    let mut flat = Vec::with_capacity(4 * n);
    for i in 0..4 * n {
        if i > 0 {
            match chars.get(at) {
                Some('/') => at += 1,
                Some(&c) => {
                    return Err(err(at, format!("expected '/' between clues, found '{c}'")));
                }
                None => {
                    return Err(err(
                        at,
                        format!(
                            "too few clues: expected {} for a side of {n}, found {i}",
                            4 * n
                        ),
                    ));
                }
            }
        }
        let start = at;
        while chars.get(at).is_some_and(char::is_ascii_digit) {
            at += 1;
        }
        if start == at {
            flat.push(None);
            continue;
        }
        match decimal(&chars[start..at]) {
            Some(k) if (1..=n as u32).contains(&k) => flat.push(Some(k)),
            _ => {
                let text: String = chars[start..at].iter().collect();
                return Err(err(start, format!("clue {text} is not in 1..={n}")));
            }
        }
    }
    let mut givens = vec![None; n * n];
    match chars.get(at) {
        None => {}
        Some('/') => return Err(err(at, format!("too many clues for a side of {n}"))),
        Some(',') => {
            at += 1;
            let mut cell = 0usize;
            while at < chars.len() {
                let c = chars[at];
                match c {
                    'a'..='z' => {
                        cell += c as usize - 'a' as usize + 1;
                        at += 1;
                    }
                    '_' => at += 1,
                    '1'..='9' => {
                        let start = at;
                        while chars.get(at).is_some_and(char::is_ascii_digit) {
                            at += 1;
                        }
                        let v = decimal(&chars[start..at])
                            .filter(|v| (1..=n as u32).contains(v))
                            .ok_or_else(|| {
                                let text: String = chars[start..at].iter().collect();
                                err(start, format!("height {text} is not in 1..={n}"))
                            })?;
                        if cell >= n * n {
                            return Err(err(start, format!("too many cells for {n}x{n}")));
                        }
                        givens[cell] = Some(v);
                        cell += 1;
                    }
                    _ => {
                        return Err(err(
                            at,
                            format!("unexpected '{c}' in the givens (a-z, 1-9 or _)"),
                        ));
                    }
                }
                if cell > n * n {
                    return Err(err(at - 1, format!("too many cells for {n}x{n}")));
                }
            }
            if cell < n * n {
                return Err(err(
                    at,
                    format!("the givens cover {cell} of the {} cells", n * n),
                ));
            }
        }
        Some(&c) => return Err(err(at, format!("unexpected '{c}' after the clues"))),
    }
    SkyscrapersPuzzle::from_flat(n, n, false, flat, givens)
        .map_err(|e| ParseError::new(e.to_string()))
}

/// The value of a run of ASCII digits; `None` if it is empty or does not
/// fit a `u32`.
fn decimal(digits: &[char]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |acc, c| {
        acc.checked_mul(10)?.checked_add(c.to_digit(10)?)
    })
}

fn token(v: Option<u32>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

/// Writes the text layout.
fn write_text(p: &SkyscrapersPuzzle) -> String {
    let n = p.size;
    let mut out = header_text(n, p.tallest, p.diagonals);
    out.push('\n');
    let mut line = |values: &mut dyn Iterator<Item = Option<u32>>| {
        let tokens: Vec<String> = values.map(token).collect();
        out.push_str(&tokens.join(" "));
        out.push('\n');
    };
    for side in Side::ALL {
        line(&mut (0..n).map(|i| p.clue(side, i)));
    }
    for row in 0..n {
        line(&mut (0..n).map(|col| p.given(Cell::new(row, col))));
    }
    out
}

/// Writes a Tatham Towers game ID (of a plain puzzle: Towers has no empty
/// cells and no diagonals).
fn write_game_id(p: &SkyscrapersPuzzle) -> String {
    let n = p.size;
    let clues: Vec<String> = p
        .clues
        .iter()
        .map(|c| c.map_or_else(String::new, |k| k.to_string()))
        .collect();
    let mut out = format!("{n}:{}", clues.join("/"));
    if p.givens.iter().any(Option::is_some) {
        out.push(',');
        let mut run = 0usize;
        let mut first = true;
        let flush = |out: &mut String, run: &mut usize| {
            while *run > 0 {
                let step = (*run).min(26);
                out.push(char::from(b'a' + step as u8 - 1));
                *run -= step;
            }
        };
        for g in &p.givens {
            match g {
                None => run += 1,
                Some(v) => {
                    if run > 0 {
                        flush(&mut out, &mut run);
                    } else if !first {
                        out.push('_');
                    }
                    out.push_str(&v.to_string());
                }
            }
            first = false;
        }
        flush(&mut out, &mut run);
    }
    out
}

/// Reads a solution: the header line, then `n` rows of heights.
fn parse_heights(p: &SkyscrapersPuzzle, text: &str) -> Result<Heights, ParseError> {
    let n = p.size;
    let mut r = Reader::new(text);
    let (rows, tallest, diagonals) = read_header(&mut r)?;
    if rows != n {
        return Err(ParseError::at_line(
            1,
            format!("the solution is {rows}x{rows}, the puzzle {n}x{n}"),
        ));
    }
    // `N N` names the side alone and fits every puzzle of that side.
    if (tallest, diagonals) != (p.tallest, p.diagonals) && (tallest, diagonals) != (n, false) {
        return Err(ParseError::at_line(
            1,
            format!(
                "the solution's header '{}' is not the puzzle's '{}'",
                header_text(n, tallest, diagonals),
                header_text(n, p.tallest, p.diagonals)
            ),
        ));
    }
    let lowest = i64::from(p.tallest == n);
    let mut heights = Vec::with_capacity(n * n);
    for row in 0..n {
        for t in r.row(n, &format!("row {}", row + 1))? {
            heights.push(t.number("a height", lowest, p.tallest as i64)? as u32);
        }
    }
    r.end()?;
    Ok(Heights { size: n, heights })
}

/// Writes a solution: the puzzle's header, then the heights (0 for an
/// empty cell, as janko.at writes it).
fn write_heights(p: &SkyscrapersPuzzle, h: &Heights) -> String {
    let n = h.size;
    let mut out = header_text(n, p.tallest, p.diagonals);
    out.push('\n');
    for row in h.heights.chunks(n) {
        let tokens: Vec<String> = row.iter().map(u32::to_string).collect();
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    out
}

/// The lines each height is once in: rows, columns and, with diagonals,
/// the two diagonals, each with its name ("row 2", "the main diagonal").
fn houses(p: &SkyscrapersPuzzle) -> Vec<(String, Vec<Cell>)> {
    let n = p.size;
    let mut out: Vec<(String, Vec<Cell>)> = (0..n)
        .map(|i| (format!("row {}", i + 1), line_cells(n, Side::Left, i)))
        .chain((0..n).map(|i| (format!("column {}", i + 1), line_cells(n, Side::Top, i))))
        .collect();
    if p.diagonals {
        out.push(("the main diagonal".to_owned(), diagonal_cells(n, true)));
        out.push(("the anti-diagonal".to_owned(), diagonal_cells(n, false)));
    }
    out
}

/// Repeated heights in a line and lines with too many empty cells, as
/// violations: `value(cell)` is the cell's height (0: empty), if any.
fn repeats(
    p: &SkyscrapersPuzzle,
    value: impl Fn(Cell) -> Option<u32>,
    what: &str,
    out: &mut Vec<Violation>,
) {
    let top = p.tallest as u32;
    for (name, cells) in houses(p) {
        // Heights are in `1..=K` with `K <= MAX_SIZE = 64`: one bit each.
        let (mut once, mut twice) = (0u64, 0u64);
        for v in cells.iter().filter_map(|&c| value(c)) {
            if (1..=top).contains(&v) {
                let bit = 1u64 << (v - 1);
                twice |= once & bit;
                once |= bit;
            }
        }
        while twice != 0 {
            let v = twice.trailing_zeros() + 1;
            twice &= twice - 1;
            let with: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&c| value(c) == Some(v))
                .collect();
            out.push(Violation::new(
                format!("{name} has {what} {v} more than once"),
                with,
            ));
        }
        let empty: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| value(c) == Some(0))
            .collect();
        if empty.len() > p.blanks() {
            out.push(Violation::new(
                format!(
                    "{name} has {} empty cells, it must have {}",
                    empty.len(),
                    p.blanks()
                ),
                empty,
            ));
        }
    }
}

/// Whether `values` (a line's heights) hold `1..=tallest` once each and
/// nothing else but `blanks` zeros.
fn full_line(values: impl Iterator<Item = u32>, tallest: usize, blanks: usize) -> bool {
    let (mut seen, mut zeros) = (0u64, 0usize);
    for v in values {
        if v == 0 {
            zeros += 1;
        } else if v as usize > tallest || seen & (1 << (v - 1)) != 0 {
            return false;
        } else {
            seen |= 1 << (v - 1);
        }
    }
    zeros == blanks && seen == u64::MAX >> (64 - tallest)
}

/// Whether a filled grid breaks no rule: [`check_heights`] would find
/// nothing. One pass over the heights by bit masks, for the common case of
/// a right answer; the rules are then read one by one only for a wrong one.
fn holds(p: &SkyscrapersPuzzle, h: &Heights) -> bool {
    let n = p.size;
    let heights = &h.heights;
    if h.size != n {
        return false;
    }
    let latin = if p.is_plain() {
        super::latin::is_latin_square(heights, n)
    } else {
        houses(p).iter().all(|(_, cells)| {
            full_line(
                cells.iter().map(|c| heights[c.row * n + c.col]),
                p.tallest,
                p.blanks(),
            )
        })
    };
    if !latin {
        return false;
    }
    let kept = p
        .givens
        .iter()
        .zip(heights)
        .all(|(g, &v)| g.is_none_or(|g| g == v));
    kept && p
        .clues()
        .all(|(side, i, k)| seen(line_iter(n, side, i).map(|c| heights[c.row * n + c.col])) == k)
}

/// The rules a filled grid breaks.
fn check_heights(p: &SkyscrapersPuzzle, h: &Heights) -> Vec<Violation> {
    let n = p.size;
    let mut out = Vec::new();
    if holds(p, h) {
        return out;
    }
    if h.size != n {
        out.push(Violation::new(
            format!("the grid must be {n}x{n}, not {0}x{0}", h.size),
            Vec::new(),
        ));
        return out;
    }
    let lowest = u32::from(p.tallest == n);
    let top = p.tallest as u32;
    let outside: Vec<Cell> = (0..n * n)
        .map(|i| Cell::new(i / n, i % n))
        .filter(|&c| !(lowest..=top).contains(&h.height(c)))
        .collect();
    if !outside.is_empty() {
        out.push(Violation::new(
            format!("every height must be in {lowest}..={top}"),
            outside,
        ));
    }
    repeats(p, |c| Some(h.height(c)), "height", &mut out);
    if p.blanks() > 0 {
        for (name, cells) in houses(p) {
            let empty = cells.iter().filter(|&&c| h.height(c) == 0).count();
            if empty < p.blanks() {
                out.push(Violation::new(
                    format!(
                        "{name} has {empty} empty cells, it must have {}",
                        p.blanks()
                    ),
                    cells,
                ));
            }
        }
    }
    for (side, i, k) in p.clues() {
        let s = seen(line_iter(n, side, i).map(|c| h.height(c)));
        if s != k {
            out.push(Violation::new(
                format!(
                    "the clue {k} {} must see {k} towers, it sees {s}",
                    side.place(i)
                ),
                p.line(side, i),
            ));
        }
    }
    let changed: Vec<Cell> = (0..n * n)
        .map(|i| Cell::new(i / n, i % n))
        .filter(|&c| p.given(c).is_some_and(|g| g != h.height(c)))
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("the givens must be kept", changed));
    }
    out
}

/// The rules the givens and clues break on their own.
fn check_clues(p: &SkyscrapersPuzzle) -> Vec<Violation> {
    let n = p.size;
    let mut out = Vec::new();
    repeats(p, |c| p.given(c), "the given", &mut out);
    for i in 0..n {
        for side in [Side::Top, Side::Left] {
            let far = side.opposite();
            if let (Some(a), Some(b)) = (p.clue(side, i), p.clue(far, i)) {
                if a + b > p.tallest as u32 + 1 {
                    out.push(Violation::new(
                        format!(
                            "the clues {a} {} and {b} {} cannot both hold: two clues facing \
                             each other sum to at most {}",
                            side.place(i),
                            far.place(i),
                            p.tallest + 1
                        ),
                        p.line(side, i),
                    ));
                }
            }
        }
    }
    for (side, i, k) in p.clues() {
        let cells = p.line(side, i);
        let given: Vec<u32> = cells.iter().filter_map(|&c| p.given(c)).collect();
        if given.len() == n {
            let s = seen(given.iter().copied());
            if s != k {
                out.push(Violation::new(
                    format!(
                        "the clue {k} {} must see {k} towers, the givens show {s}",
                        side.place(i)
                    ),
                    cells,
                ));
            }
        }
    }
    out
}

impl fmt::Display for SkyscrapersPuzzle {
    /// The text layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_text(self))
    }
}

/// puzz.link's genre: `skyscrapers` (`building`), the clues around the
/// grid in Number16ExCell (top, bottom, left, right, as here), then the
/// givens in Number16 when there are any.
const GENRE: Genre = Genre {
    name: "skyscrapers",
    aliases: &["building", "skyscraper"],
};

/// Reads a `skyscrapers` URL; a `?` clue or given constrains nothing and
/// is read as none.
fn from_puzzlink(url: &Url) -> Result<SkyscrapersPuzzle, ParseError> {
    url.no_flags("skyscrapers")?;
    let n = url.cols;
    if url.rows != n {
        return Err(url.size_error("a Skyscrapers grid is square"));
    }
    if n > MAX_SIZE {
        return Err(url.size_error(format!("over the largest Skyscrapers ({MAX_SIZE})")));
    }
    let mut r = url.reader();
    let around = r.number16(4 * n)?;
    let givens = r.number16(n * n)?;
    r.finish()?;
    let side = |s: usize| {
        around[s * n..(s + 1) * n]
            .iter()
            .map(|c| c.number())
            .collect()
    };
    let clues = [side(0), side(1), side(2), side(3)];
    let givens = givens.iter().map(|c| c.number()).collect();
    SkyscrapersPuzzle::new(n, clues, givens).map_err(|e| url.error(e.to_string()))
}

fn to_puzzlink(p: &SkyscrapersPuzzle) -> Result<Url, EncodeError> {
    if !p.is_plain() {
        return Err(EncodeError::new(
            "puzz.link's skyscrapers has heights 1..N and no diagonals: this puzzle's \
             empty cells or diagonals have no place in its URL",
        ));
    }
    let around: Vec<Clue> = p.clues.iter().map(|&c| Clue::from_option(c)).collect();
    let mut body = encode_number16(&around)?;
    if p.givens.iter().any(Option::is_some) {
        let givens: Vec<Clue> = p.givens.iter().map(|&c| Clue::from_option(c)).collect();
        body += &encode_number16(&givens)?;
    }
    Ok(Url::new(GENRE.name, p.size, p.size, body))
}

impl Family for Skyscrapers {
    type Puzzle = SkyscrapersPuzzle;
    type Solution = Heights;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<SkyscrapersPuzzle, ParseError> {
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        if is_game_id(first) {
            parse_game_id(text)
        } else {
            parse_text(text)
        }
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<SkyscrapersPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &SkyscrapersPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn write(&self, puzzle: &SkyscrapersPuzzle) -> String {
        write_text(puzzle)
    }

    fn write_game_id(&self, puzzle: &SkyscrapersPuzzle) -> Option<String> {
        puzzle.is_plain().then(|| write_game_id(puzzle))
    }

    fn build(&self, puzzle: &SkyscrapersPuzzle) -> Result<Built, ModelError> {
        model::build(puzzle, model::SOLVE)
    }

    fn build_for_level(
        &self,
        puzzle: &SkyscrapersPuzzle,
        level: usize,
    ) -> Result<Built, ModelError> {
        model::build(puzzle, model::Reasoning::of_level(level))
    }

    fn decode(&self, puzzle: &SkyscrapersPuzzle, built: &Built, s: &csp_core::Solution) -> Heights {
        let heights = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u32))
            .collect();
        Heights {
            size: puzzle.size,
            heights,
        }
    }

    fn write_solution(&self, puzzle: &SkyscrapersPuzzle, solution: &Heights) -> String {
        write_heights(puzzle, solution)
    }

    fn parse_solution(
        &self,
        puzzle: &SkyscrapersPuzzle,
        text: &str,
    ) -> Result<Heights, ParseError> {
        parse_heights(puzzle, text)
    }

    fn check(&self, puzzle: &SkyscrapersPuzzle, solution: &Heights) -> Vec<Violation> {
        check_heights(puzzle, solution)
    }

    fn check_givens(&self, puzzle: &SkyscrapersPuzzle) -> Vec<Violation> {
        check_clues(puzzle)
    }

    fn value_at(&self, solution: &Heights, cell: Cell) -> Option<Value> {
        (cell.row < solution.size && cell.col < solution.size)
            .then(|| solution.height(cell) as Value)
    }

    fn describe_constraint(
        &self,
        puzzle: &SkyscrapersPuzzle,
        _: &Built,
        c: ConstraintId,
    ) -> String {
        model::describe(puzzle, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &model::RULES
    }

    /// With empty cells, height 0 is written "is empty" (and a removal
    /// "is not empty or 3"); plain puzzles keep the digits' words.
    fn mark(
        &self,
        puzzle: &SkyscrapersPuzzle,
        _: crate::Spot,
        value: Value,
    ) -> Option<[&'static str; 2]> {
        (puzzle.blanks() > 0 && value == 0).then_some(["is empty", "are empty"])
    }

    fn mark_words(
        &self,
        puzzle: &SkyscrapersPuzzle,
        spot: crate::Spot,
        value: Value,
    ) -> Option<[String; 2]> {
        if puzzle.blanks() == 0 {
            return None;
        }
        Some(match self.mark(puzzle, spot, value) {
            Some([one, many]) => [one.to_owned(), many.to_owned()],
            None => [format!("is {value}"), format!("are {value}")],
        })
    }

    fn reason(
        &self,
        puzzle: &SkyscrapersPuzzle,
        built: &Built,
        d: &csp_core::Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        model::reason(puzzle, built, d, placed, now)
    }

    fn render(
        &self,
        puzzle: &SkyscrapersPuzzle,
        solution: Option<&Heights>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        render(puzzle, solution, candidates, options)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<SkyscrapersPuzzle, Heights>, GenerateError> {
        generate::generate(self, options)
    }
}

/// Draws the grid with the clues round it.
fn render(
    p: &SkyscrapersPuzzle,
    solution: Option<&Heights>,
    candidates: Option<Vec<Option<Vec<Value>>>>,
    options: &RenderOptions,
) -> String {
    let n = p.size;
    let mut c = Canvas::new(n, n, &format!("Skyscrapers {n}x{n}")).with_margins(1.0, 1.0, 1.0, 1.0);
    // The diagonals that count are tinted; an empty cell (height 0, given
    // or solved) is shaded grey, with no number.
    if p.diagonals {
        for i in 0..n {
            c.fill(i, i, "#eef2f8");
            c.fill(i, n - 1 - i, "#eef2f8");
        }
    }
    let solution = solution.filter(|s| s.size == n);
    for row in 0..n {
        for col in 0..n {
            let cell = Cell::new(row, col);
            let height = p.given(cell).or_else(|| solution.map(|s| s.height(cell)));
            if p.blanks() > 0 && height == Some(0) {
                c.fill(row, col, "#b0b0b0");
            }
        }
    }
    c.highlights(options);
    c.grid_lines();
    c.outer_border();
    let size = if n >= 10 { 0.45 } else { 0.55 };
    for (side, i, k) in p.clues() {
        let (x, y) = match side {
            Side::Top => (i as f64 + 0.5, -0.5),
            Side::Bottom => (i as f64 + 0.5, n as f64 + 0.5),
            Side::Left => (-0.5, i as f64 + 0.5),
            Side::Right => (n as f64 + 0.5, i as f64 + 0.5),
        };
        c.text_at(x, y, &k.to_string(), Ink::Clue, size);
    }
    for row in 0..n {
        for col in 0..n {
            let cell = Cell::new(row, col);
            if let Some(v) = p.given(cell) {
                if v > 0 {
                    c.text(row, col, &v.to_string(), Ink::Given);
                }
            } else if let Some(s) = solution {
                if s.height(cell) > 0 || p.blanks() == 0 {
                    c.text(row, col, &s.height(cell).to_string(), Ink::Filled);
                }
            } else if let Some(Some(values)) =
                candidates.as_ref().and_then(|k| k.get(row * n + col))
            {
                c.candidates(row, col, values, p.tallest as Value);
            }
        }
    }
    c.finish(options.cell_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "5:3///3//////2////2/4/3//2//,q2g";

    #[test]
    fn game_ids_and_text_round_trip() {
        let p = parse_game_id(ID).unwrap();
        assert_eq!(write_game_id(&p), ID);
        assert_eq!(parse_text(&write_text(&p)).unwrap(), p);
        assert_eq!(p.clue(Side::Top, 0), Some(3));
        assert_eq!(p.clue(Side::Top, 3), Some(3));
        // Fields 5-9 are the bottom clues, 10-14 the left, 15-19 the right.
        assert_eq!(p.clue(Side::Bottom, 4), Some(2));
        assert_eq!(p.clue(Side::Left, 0), None);
        assert_eq!(p.clue(Side::Left, 3), Some(2));
        assert_eq!(p.clue(Side::Left, 4), Some(4));
        assert_eq!(p.clue(Side::Right, 0), Some(3));
        assert_eq!(p.clue(Side::Right, 2), Some(2));
        assert_eq!(p.clues().count(), 7);
        // q skips 17 cells: the 2 is r4c3, then g skips 7: the rest.
        assert_eq!(p.given(Cell::new(3, 2)), Some(2));
        assert_eq!(p.givens.iter().flatten().count(), 1);
    }

    #[test]
    fn adjacent_givens_are_separated_and_long_runs_split() {
        let mut givens = vec![None; 36];
        givens[0] = Some(1);
        givens[1] = Some(2);
        givens[35] = Some(6);
        let p = SkyscrapersPuzzle::new(6, Default::default(), givens.clone());
        assert!(p.is_err(), "clue lists must have 6 entries");
        let none = || vec![None; 6];
        let p = SkyscrapersPuzzle::new(6, [none(), none(), none(), none()], givens).unwrap();
        let id = write_game_id(&p);
        assert_eq!(id, "6:///////////////////////,1_2zg6");
        assert_eq!(parse_game_id(&id).unwrap(), p);
    }

    #[test]
    fn seen_counts_the_maxima() {
        assert_eq!(seen([1, 2, 3, 4]), 4);
        assert_eq!(seen([4, 1, 2, 3]), 1);
        assert_eq!(seen([2, 1, 4, 3]), 2);
    }
}
