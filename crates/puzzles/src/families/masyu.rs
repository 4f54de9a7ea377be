//! Masyu (Tatham's Pearl): draw one closed loop through the centres of
//! cells, visiting each cell at most once, that passes through every
//! pearl: it turns on a black pearl and goes straight through the cells
//! either side of it; it goes straight through a white pearl and turns in
//! at least one of the cells either side.
//!
//! The puzzle is read from the text layout (`ROWS COLS`, then ROWS rows of
//! `b` black pearl, `w` white pearl, `-` empty) or from a Tatham Pearl
//! game ID (`7x7de:...`); see `docs/formats/masyu.md`. A solution prints
//! for each cell the directions the loop leaves it by, letters from
//! `n s e w` in that order (`ns`, `ew`, `se`, `sw`, `ne`, `nw`), or `-`.
//!
//! # Model
//!
//! [`LoopLattice::through_cells`] gives one 0/1 variable per step between
//! two neighbouring cells, under
//! [`single_loop_with_vertices`](csp_core::Model::single_loop_with_vertices)
//! with one 0/1 variable per cell (1: the loop passes), fixed to 1 at the
//! pearls. Each pearl's rule is a few [`clause`](csp_core::Model::clause)s
//! over its steps and its neighbours' (posted in this order, after the
//! loop): a black pearl takes one step of each pair (`!n | !s`, `n | s`,
//! and so for `e`, `w`), and each of its legs goes on straight (`!n |
//! n'`, with `n'` the step north of the northern neighbour) with no step
//! across there (`!n | !e''`, `!n | !w''`), never into a black pearl; a
//! white pearl goes straight (`n = s`, `e = w`) and turns next to it: not
//! both neighbours go on (`!e | !e' | !w'`), one of them has a step
//! across (`!e | ...`, leaving out white neighbours, which go straight
//! too), and the other one when one goes on (`!e | !e' | ...`). The
//! clauses in positive form are Tatham's Easy rules ("a square that
//! cannot be a straight", "two squares that cannot be corners") for unit
//! propagation: with them every Easy puzzle of his generator needs no
//! trial and error (`docs/formats/masyu.md`).

pub(super) mod generate;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{EncodeError, Genre, Url, encode_circles};
use crate::render::{Canvas, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::LoopLattice;
use csp_core::{ConstraintId, Literal, Model, ModelError, Value, VarId};

pub use generate::MAX_GENERATED_SIDE;

/// The largest number of rows or columns a Masyu grid may have.
pub const MAX_SIDE: usize = 100;

/// Masyu, read from the text layout or a Tatham Pearl game ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Masyu;

/// A cell of a Masyu puzzle (serde: `"empty"`, `"black"`, `"white"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Pearl {
    /// No pearl (`-`).
    Empty,
    /// A black pearl (`b`): the loop turns here and goes straight on both sides.
    Black,
    /// A white pearl (`w`): the loop goes straight here and turns next to it.
    White,
}

/// A Masyu puzzle: a grid of pearls.
///
/// With the `serde` feature it is a string, its game ID (Tatham's Pearl),
/// or the text layout where no ID holds the puzzle exactly; either is read
/// back by [`Masyu`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    pearls: Vec<Pearl>,
}

impl Puzzle {
    /// A puzzle of `rows x cols` cells given row-major; `None` if the count
    /// is not `rows * cols` or a side is 0 or over [`MAX_SIDE`].
    pub fn new(rows: usize, cols: usize, pearls: Vec<Pearl>) -> Option<Puzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && pearls.len() == rows * cols;
        ok.then_some(Puzzle { rows, cols, pearls })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The pearl at `cell` (`Empty` outside the grid too).
    pub fn pearl(&self, cell: Cell) -> Pearl {
        if cell.row < self.rows && cell.col < self.cols {
            self.pearls[cell.row * self.cols + cell.col]
        } else {
            Pearl::Empty
        }
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }
}

/// Directions, as bits of a cell's exits (shared with Yajilin).
pub(super) const N: u8 = 1;
pub(super) const S: u8 = 2;
pub(super) const E: u8 = 4;
pub(super) const W: u8 = 8;
pub(super) const DIRS: [(u8, char, isize, isize); 4] = [
    (N, 'n', -1, 0),
    (S, 's', 1, 0),
    (E, 'e', 0, 1),
    (W, 'w', 0, -1),
];

/// A Masyu solution: for each cell, the directions the loop leaves it by.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// exit tokens (`se`, `ew`, `-`) of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    rows: usize,
    cols: usize,
    exits: Vec<u8>,
}

impl Path {
    /// The exits of `cell`, as a token: letters of `nsew` in that order,
    /// or `-` where the loop does not pass (`None` outside the grid).
    pub fn token(&self, cell: Cell) -> Option<String> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| token(self.exits[cell.row * self.cols + cell.col]))
    }

    fn neighbour(&self, i: usize, dr: isize, dc: isize) -> Option<usize> {
        let r = (i / self.cols).checked_add_signed(dr)?;
        let c = (i % self.cols).checked_add_signed(dc)?;
        (r < self.rows && c < self.cols).then_some(r * self.cols + c)
    }
}

/// A solution cell's exits from its token: letters of the exits in any
/// order; `-` is a filler (`-` alone: no exit). A cell with one, three or
/// four exits reads, and `check` names it.
pub(super) fn read_exits(t: &crate::text::Token<'_>) -> Result<u8, ParseError> {
    let mut x = 0u8;
    for ch in t.text.chars() {
        if ch == '-' {
            continue;
        }
        let bit = DIRS.iter().find(|d| d.1 == ch).map(|d| d.0);
        match bit {
            Some(b) if x & b == 0 => x |= b,
            _ => {
                return Err(t.error(format!(
                    "expected the letters 'n', 's', 'e', 'w' (each once) or '-', found '{}'",
                    t.text
                )));
            }
        }
    }
    Ok(x)
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(Puzzle, Masyu);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Path {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| token(self.exits[i]))
    }

    fn from_text(text: &str) -> Result<Path, ParseError> {
        let (rows, cols, exits) = crate::serde_text::read_grid(text, |t, _| read_exits(t))?;
        Ok(Path { rows, cols, exits })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Path);

pub(super) fn token(exits: u8) -> String {
    if exits == 0 {
        return "-".to_owned();
    }
    DIRS.iter()
        .filter(|d| exits & d.0 != 0)
        .map(|d| d.1)
        .collect()
}

const LEVELS: &[Level] = &[
    Level {
        name: "normal",
        about: "propagation alone: the pearls' rules, two steps at a cell or none, no loop closed early, no step on no cycle (Tatham's Easy and most Tricky)",
    },
    Level {
        name: "hard",
        about: "needs trial and error",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "masyu",
    title: "Masyu",
    rules: "Draw one closed loop through the centres of cells, visiting each at most once and every pearl: it turns on a black pearl and goes straight through the cells either side; it goes straight through a white pearl and turns next to it.",
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
    let mut pearls = Vec::with_capacity(h.rows * h.cols);
    for row in 0..h.rows {
        for t in grid_text::cells(&mut r, h.cols, &format!("row {}", row + 1))? {
            pearls.push(match t.text {
                "-" | "." => Pearl::Empty,
                // janko.at writes some of its Masyu as digits: `1` white, `2`
                // black (as their published solutions show), like puzz.link.
                "b" | "B" | "2" => Pearl::Black,
                "w" | "W" | "1" => Pearl::White,
                s => {
                    return Err(t.error(format!(
                        "expected 'b' or '2' (black pearl), 'w' or '1' (white pearl) or '-', found '{s}'"
                    )));
                }
            });
        }
    }
    r.end()?;
    Ok(Puzzle {
        rows: h.rows,
        cols: h.cols,
        pearls,
    })
}

/// Reads Tatham's Pearl game ID: `W[xH][dD][n]:DESC`, DESC row by row:
/// `a`-`z` 1-26 empty cells, `B` a black pearl, `W` a white one.
fn parse_game_id(line: &str) -> Result<Puzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('d') {
        match c.next_char() {
            Some('e' | 't') => {}
            Some(ch) => {
                return Err(ParseError::at(
                    1,
                    c.column() - 1,
                    format!("expected the difficulty 'e' or 't', found '{ch}'"),
                ));
            }
            None => return Err(c.error("expected the difficulty 'e' or 't'")),
        }
    }
    c.eat('n');
    c.expect_colon()?;
    let total = rows * cols;
    let mut pearls = Vec::with_capacity(total);
    while let Some(ch) = c.peek() {
        if pearls.len() >= total {
            return Err(c.error("the description is longer than the grid"));
        }
        match ch {
            'a'..='z' => {
                let run = (ch as usize) - ('a' as usize) + 1;
                if pearls.len() + run > total {
                    return Err(c.error("the description is longer than the grid"));
                }
                pearls.extend(std::iter::repeat_n(Pearl::Empty, run));
            }
            'B' => pearls.push(Pearl::Black),
            'W' => pearls.push(Pearl::White),
            _ => {
                return Err(c.error(format!(
                    "expected 'a'-'z' (empty cells), 'B' or 'W', found '{ch}'"
                )));
            }
        }
        c.next_char();
    }
    if pearls.len() < total {
        return Err(c.error(format!(
            "the description covers {} of the {total} cells",
            pearls.len()
        )));
    }
    Ok(Puzzle { rows, cols, pearls })
}

fn write_game_id(p: &Puzzle) -> Option<String> {
    // Tatham's program takes grids of at least 5x5.
    if p.rows < 5 || p.cols < 5 {
        return None;
    }
    let mut out = format!("{}x{}:", p.cols, p.rows);
    let mut run = 0u8;
    let flush = |out: &mut String, run: &mut u8| {
        if *run > 0 {
            out.push(char::from(b'a' + *run - 1));
            *run = 0;
        }
    };
    for &s in &p.pearls {
        match s {
            Pearl::Empty => {
                if run == 26 {
                    flush(&mut out, &mut run);
                }
                run += 1;
            }
            Pearl::Black | Pearl::White => {
                flush(&mut out, &mut run);
                out.push(if s == Pearl::Black { 'B' } else { 'W' });
            }
        }
    }
    flush(&mut out, &mut run);
    Some(out)
}

/// The cell `dr, dc` away from cell `i` of a `rows x cols` grid.
fn neighbour_of(rows: usize, cols: usize, i: usize, dr: isize, dc: isize) -> Option<usize> {
    let r = (i / cols).checked_add_signed(dr)?;
    let c = (i % cols).checked_add_signed(dc)?;
    (r < rows && c < cols).then_some(r * cols + c)
}

/// The loop's own rules over cells' exits (shared with Yajilin): `Err`
/// with the cells whose exits are not returned or not two (nothing else
/// is worth checking then), else the violations of "one loop": no loop,
/// or cells on a second one.
pub(super) fn loop_violations(
    rows: usize,
    cols: usize,
    exits: &[u8],
) -> Result<Vec<Violation>, Violation> {
    let cell = |i: usize| Cell::new(i / cols, i % cols);
    let n = rows * cols;
    let mut out = Vec::new();
    // Exits that lead off the grid or are not returned.
    let mut broken = Vec::new();
    for i in 0..n {
        let x = exits[i];
        if x != 0 && x.count_ones() != 2 {
            broken.push(cell(i));
            continue;
        }
        for &(bit, _, dr, dc) in &DIRS {
            if x & bit != 0 {
                let back = match bit {
                    N => S,
                    S => N,
                    E => W,
                    _ => E,
                };
                if neighbour_of(rows, cols, i, dr, dc).is_none_or(|j| exits[j] & back == 0) {
                    broken.push(cell(i));
                    break;
                }
            }
        }
    }
    if !broken.is_empty() {
        return Err(Violation::new(
            "the loop must run from cell to cell, entering and leaving each cell it visits once",
            broken,
        ));
    }
    // One loop: the visited cells form one piece.
    match (0..n).find(|&i| exits[i] != 0) {
        None => out.push(Violation::new("there is no loop", Vec::new())),
        Some(start) => {
            let mut seen = vec![false; n];
            seen[start] = true;
            let mut stack = vec![start];
            while let Some(i) = stack.pop() {
                for &(bit, _, dr, dc) in &DIRS {
                    if exits[i] & bit != 0 {
                        if let Some(j) = neighbour_of(rows, cols, i, dr, dc) {
                            if !seen[j] {
                                seen[j] = true;
                                stack.push(j);
                            }
                        }
                    }
                }
            }
            let apart: Vec<Cell> = (0..n)
                .filter(|&i| exits[i] != 0 && !seen[i])
                .map(cell)
                .collect();
            if !apart.is_empty() {
                out.push(Violation::new(
                    "there must be one loop: these cells are on another",
                    apart,
                ));
            }
        }
    }
    Ok(out)
}

fn check(p: &Puzzle, s: &Path) -> Vec<Violation> {
    if (p.rows, p.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let cell = |i: usize| Cell::new(i / p.cols, i % p.cols);
    let n = p.rows * p.cols;
    let mut out = match loop_violations(p.rows, p.cols, &s.exits) {
        Ok(v) => v,
        Err(broken) => return vec![broken],
    };
    let straight = |x: u8| x == N | S || x == E | W;
    for i in 0..n {
        let x = s.exits[i];
        match p.pearls[i] {
            Pearl::Empty => {}
            _ if x == 0 => out.push(Violation::new(
                format!("the loop must pass through the pearl at {}", cell(i)),
                vec![cell(i)],
            )),
            Pearl::Black => {
                if straight(x) {
                    out.push(Violation::new(
                        format!("the loop must turn on the black pearl at {}", cell(i)),
                        vec![cell(i)],
                    ));
                }
                for &(bit, _, dr, dc) in &DIRS {
                    if x & bit != 0 {
                        let next = s.neighbour(i, dr, dc).map(|j| s.exits[j]);
                        if next.is_some_and(|y| !straight(y)) {
                            out.push(Violation::new(
                                format!(
                                    "the loop must go straight on beside the black pearl at {}",
                                    cell(i)
                                ),
                                vec![cell(i)],
                            ));
                        }
                    }
                }
            }
            Pearl::White => {
                if !straight(x) {
                    out.push(Violation::new(
                        format!(
                            "the loop must go straight through the white pearl at {}",
                            cell(i)
                        ),
                        vec![cell(i)],
                    ));
                } else {
                    let turns = DIRS.iter().any(|&(bit, _, dr, dc)| {
                        x & bit != 0
                            && s.neighbour(i, dr, dc)
                                .is_some_and(|j| !straight(s.exits[j]))
                    });
                    if !turns {
                        out.push(Violation::new(
                            format!("the loop must turn next to the white pearl at {}", cell(i)),
                            vec![cell(i)],
                        ));
                    }
                }
            }
        }
    }
    out
}

/// What each constraint stands for, in posting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Loop,
    Pearl(usize, Pearl),
}

/// The model: the loop, then each pearl's clauses (its steps in the
/// lattice's order: up, right, down, left).
fn build(p: &Puzzle) -> Result<(Built, Vec<Origin>), ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let mut model = Model::new();
    let lattice = LoopLattice::through_cells(&mut model, rows, cols)?;
    let on: Vec<VarId> = (0..rows * cols)
        .map(|i| model.new_named_var(Cell::new(i / cols, i % cols).to_string(), 0..=1))
        .collect::<Result<_, _>>()?;
    let mut origins = vec![Origin::Loop];
    model.single_loop_with_vertices(lattice.edges(), lattice.graph(), &on)?;
    // The step from (r, c) in direction d (0 up, 1 right, 2 down, 3 left).
    let step = |r: usize, c: usize, d: usize| -> Option<VarId> { lattice.point_edges(r, c)[d] };
    let ahead = |r: usize, c: usize, d: usize| -> Option<(usize, usize)> {
        let (dr, dc) = [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)][d];
        let r = r.checked_add_signed(dr)?;
        let c = c.checked_add_signed(dc)?;
        (r < rows && c < cols).then_some((r, c))
    };
    let yes = |v: VarId| Literal::eq(v, 1);
    let no = |v: VarId| Literal::eq(v, 0);
    for (i, &pearl) in p.pearls.iter().enumerate() {
        if pearl == Pearl::Empty {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let mut clauses: Vec<Vec<Literal>> = Vec::new();
        clauses.push(vec![yes(on[i])]);
        for d in 0..4 {
            let opposite = (d + 2) % 4;
            let Some(e) = step(r, c, d) else {
                continue;
            };
            match pearl {
                Pearl::Black => {
                    if let Some(o) = step(r, c, opposite) {
                        if d < 2 {
                            // One step of each pair: it turns.
                            clauses.push(vec![no(e), no(o)]);
                            clauses.push(vec![yes(e), yes(o)]);
                        }
                    } else {
                        // At the border the step inward is the pair's one.
                        clauses.push(vec![yes(e)]);
                    }
                    // The leg goes on straight: the next cell's step onward,
                    // and neither of its steps across (Tatham's "a corner
                    // clue next to a square that cannot be a straight").
                    let next = ahead(r, c, d);
                    let onward = next.and_then(|(nr, nc)| step(nr, nc, d));
                    match onward {
                        Some(f) => clauses.push(vec![no(e), yes(f)]),
                        None => clauses.push(vec![no(e)]),
                    }
                    if let Some((nr, nc)) = next {
                        if p.pearls[nr * cols + nc] == Pearl::Black {
                            // A black pearl turns: it cannot be that straight.
                            clauses.push(vec![no(e)]);
                        }
                        for q in [(d + 1) % 4, (d + 3) % 4] {
                            if let Some(x) = step(nr, nc, q) {
                                clauses.push(vec![no(e), no(x)]);
                            }
                        }
                    }
                }
                Pearl::White => {
                    match step(r, c, opposite) {
                        Some(o) => clauses.push(vec![no(e), yes(o)]),
                        None => clauses.push(vec![no(e)]),
                    }
                    // Through horizontally (or vertically): a neighbour turns,
                    // so not both go on straight, and one of them has a step
                    // across (Tatham's "a straight clue between two squares
                    // that cannot be corners").
                    if d < 2 {
                        let a = ahead(r, c, d).and_then(|(nr, nc)| step(nr, nc, d));
                        let b = ahead(r, c, opposite).and_then(|(nr, nc)| step(nr, nc, opposite));
                        if let (Some(a), Some(b)) = (a, b) {
                            clauses.push(vec![no(e), no(a), no(b)]);
                        }
                        // (A white neighbour goes straight too, so it cannot
                        // be the one that turns; a black one always turns.)
                        let sides = [ahead(r, c, d), ahead(r, c, opposite)];
                        let black = sides
                            .iter()
                            .flatten()
                            .any(|&(nr, nc)| p.pearls[nr * cols + nc] == Pearl::Black);
                        if !black {
                            // The steps across of a side that can turn.
                            let across = |side: Option<(usize, usize)>| -> Vec<Literal> {
                                match side {
                                    Some((nr, nc)) if p.pearls[nr * cols + nc] != Pearl::White => {
                                        [(d + 1) % 4, (d + 3) % 4]
                                            .into_iter()
                                            .filter_map(|q| step(nr, nc, q).map(yes))
                                            .collect()
                                    }
                                    _ => Vec::new(),
                                }
                            };
                            let (ta, tb) = (across(sides[0]), across(sides[1]));
                            let mut turns = vec![no(e)];
                            turns.extend(ta.iter().copied());
                            turns.extend(tb.iter().copied());
                            clauses.push(turns);
                            // A side that goes on straight leaves the turn to
                            // the other.
                            if let (Some(a), Some(b)) = (a, b) {
                                let mut cl = vec![no(e), no(a)];
                                cl.extend(tb.iter().copied());
                                clauses.push(cl);
                                let mut cl = vec![no(e), no(b)];
                                cl.extend(ta.iter().copied());
                                clauses.push(cl);
                            }
                        }
                    }
                }
                Pearl::Empty => {}
            }
        }
        for cl in clauses {
            model.clause(&cl)?;
            origins.push(Origin::Pearl(i, pearl));
        }
    }
    let mut built = Built::new(model, rows, cols);
    built.cells = on.into_iter().map(Some).collect();
    // The decision variables are the steps (the cells follow).
    built.options = built.options.clone().with_decision_vars(lattice.edges());
    let built = built.with_data(origins.clone());
    Ok((built, origins))
}

/// The cells' exits in a solution of a model whose first variables are
/// the steps of a `rows x cols` [`LoopLattice::through_cells`]
/// (horizontal row by row, then vertical): Masyu's and Yajilin's.
pub(super) fn exits_of(
    rows: usize,
    cols: usize,
    built: &Built,
    solution: &csp_core::Solution,
) -> Vec<u8> {
    let horizontal = rows * cols.saturating_sub(1);
    let steps: Vec<bool> = built
        .model
        .vars()
        .take(horizontal + rows.saturating_sub(1) * cols)
        .map(|v| solution.get(v) == Some(1))
        .collect();
    let on = |k: usize| steps.get(k).copied().unwrap_or(false);
    let mut exits = vec![0u8; rows * cols];
    for r in 0..rows {
        for c in 0..cols.saturating_sub(1) {
            if on(r * (cols - 1) + c) {
                exits[r * cols + c] |= E;
                exits[r * cols + c + 1] |= W;
            }
        }
    }
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols {
            if on(horizontal + r * cols + c) {
                exits[r * cols + c] |= S;
                exits[(r + 1) * cols + c] |= N;
            }
        }
    }
    exits
}

/// Masyu's named deductions, easiest first.
static RULES: [crate::Rule; 7] = [
    crate::Rule::new(
        "black pearl",
        "the loop turns on a black pearl and goes straight on for one cell each way: no leg into the border, a black neighbour or a turn",
        Some("Easy"),
    ),
    crate::Rule::new(
        "white pearl",
        "the loop goes straight through a white pearl and turns on at least one of its two neighbours along the way",
        Some("Easy"),
    ),
    super::words::LOOP_RULES[0],
    super::words::LOOP_RULES[1],
    super::words::LOOP_RULES[2],
    super::words::LOOP_RULES[3],
    super::words::LOOP_RULES[4],
];

/// puzz.link's genre: `mashu` (`pearl`), the pearls in Circle (1 white,
/// 2 black).
const GENRE: Genre = Genre {
    name: "mashu",
    aliases: &["pearl", "masyu"],
};

/// Reads a `mashu` URL; the flag `f` (the loop visits every cell) is an
/// error.
fn from_puzzlink(url: &Url) -> Result<Puzzle, ParseError> {
    if url.pflag.contains('f') {
        return Err(url.error(
            "the puzz.link flag `f` (the loop visits every cell) is not supported by \
             gridcsp's masyu",
        ));
    }
    url.no_flags("masyu")?;
    let (rows, cols) = (url.rows, url.cols);
    let mut r = url.reader();
    let circles = r.circles(rows * cols)?;
    r.finish()?;
    let pearls = circles
        .iter()
        .map(|&v| match v {
            1 => Pearl::White,
            2 => Pearl::Black,
            _ => Pearl::Empty,
        })
        .collect();
    Puzzle::new(rows, cols, pearls)
        .ok_or_else(|| url.size_error(format!("over the largest Masyu ({MAX_SIDE})")))
}

fn to_puzzlink(p: &Puzzle) -> Result<Url, EncodeError> {
    let values: Vec<u8> = p
        .pearls
        .iter()
        .map(|&pearl| match pearl {
            Pearl::Empty => 0,
            Pearl::White => 1,
            Pearl::Black => 2,
        })
        .collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_circles(&values)?,
    ))
}

impl Family for Masyu {
    type Puzzle = Puzzle;
    type Solution = Path;

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
            match p.pearls[r * p.cols + c] {
                Pearl::Empty => "-",
                Pearl::Black => "b",
                Pearl::White => "w",
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
        build(p).map(|(b, _)| b)
    }

    fn decode(&self, p: &Puzzle, built: &Built, solution: &csp_core::Solution) -> Path {
        Path {
            rows: p.rows,
            cols: p.cols,
            exits: exits_of(p.rows, p.cols, built, solution),
        }
    }

    fn write_solution(&self, p: &Puzzle, s: &Path) -> String {
        let mut out = p.header();
        out.push('\n');
        let tokens: Vec<String> = s.exits.iter().map(|&x| token(x)).collect();
        let width = tokens.iter().map(String::len).max().unwrap_or(1);
        for r in 0..p.rows {
            let row: Vec<String> = (0..p.cols)
                .map(|c| format!("{:<width$}", tokens[r * p.cols + c]))
                .collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
        }
        out
    }

    fn parse_solution(&self, p: &Puzzle, text: &str) -> Result<Path, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let mut exits = Vec::with_capacity(p.rows * p.cols);
        for row in 0..p.rows {
            for t in r.row(p.cols, &format!("row {}", row + 1))? {
                exits.push(read_exits(&t)?);
            }
        }
        r.end()?;
        Ok(Path {
            rows: p.rows,
            cols: p.cols,
            exits,
        })
    }

    fn check(&self, p: &Puzzle, s: &Path) -> Vec<Violation> {
        check(p, s)
    }

    fn value_at(&self, s: &Path, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols)
            .then(|| Value::from(s.exits[cell.row * s.cols + cell.col] != 0))
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn spot(&self, p: &Puzzle, built: &Built, var: VarId) -> Option<crate::Spot> {
        // The links come first (the lattice's horizontal edges row by row,
        // then its vertical ones), then the cells.
        let (rows, cols) = (p.rows, p.cols);
        let i = var.index();
        let across = rows * cols.saturating_sub(1);
        let down = rows.saturating_sub(1) * cols;
        if i < across {
            let (r, c) = (i / (cols - 1), i % (cols - 1));
            return Some(crate::Spot::Link(Cell::new(r, c), Cell::new(r, c + 1)));
        }
        if i < across + down {
            let k = i - across;
            let (r, c) = (k / cols, k % cols);
            return Some(crate::Spot::Link(Cell::new(r, c), Cell::new(r + 1, c)));
        }
        built.cell_of(var).map(crate::Spot::Cell)
    }

    fn mark(&self, _: &Puzzle, spot: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(match spot {
            crate::Spot::Cell(_) if value == 1 => ["is on the loop", "are on the loop"],
            crate::Spot::Cell(_) => ["is off the loop", "are off the loop"],
            _ => super::words::line(value),
        })
    }

    fn reason(
        &self,
        p: &Puzzle,
        built: &Built,
        d: &csp_core::Deduction,
        _: bool,
        _: &crate::generic::Progress,
    ) -> crate::Reason {
        let origins = built.data_or_else(|| build(p).map(|(_, o)| o).unwrap_or_default());
        match origins.get(d.constraint.index()) {
            Some(&Origin::Pearl(i, pearl)) => {
                let at = Cell::new(i / p.cols, i % p.cols);
                if pearl == Pearl::Black {
                    crate::Reason::new(
                        RULES[0].name,
                        format!(
                            "the black pearl at {at} turns, and goes straight on for a cell both ways"
                        ),
                        vec![at],
                    )
                } else {
                    crate::Reason::new(
                        RULES[1].name,
                        format!(
                            "the white pearl at {at} goes straight through, and turns next to it on one side"
                        ),
                        vec![at],
                    )
                }
            }
            _ => super::words::loop_reason(d, "cell"),
        }
    }

    fn describe_constraint(&self, p: &Puzzle, built: &Built, c: ConstraintId) -> String {
        let origins = built.data_or_else(|| build(p).map(|(_, o)| o).unwrap_or_default());
        match origins.get(c.index()) {
            Some(Origin::Loop) => "the loop is one closed loop".to_owned(),
            Some(&Origin::Pearl(i, pearl)) => format!(
                "the {} pearl at {}",
                if pearl == Pearl::Black {
                    "black"
                } else {
                    "white"
                },
                Cell::new(i / p.cols, i % p.cols)
            ),
            None => c.to_string(),
        }
    }

    fn render(&self, p: &Puzzle, solution: Option<&Path>, options: &RenderOptions) -> String {
        let (rows, cols) = (p.rows, p.cols);
        let mut c = Canvas::new(rows, cols, &format!("Masyu {rows}x{cols}"));
        c.highlights(options);
        c.grid_lines();
        // Pearls first: the loop is drawn through them, as on paper (a
        // white pearl drawn over it would hide where it goes).
        for (i, &pearl) in p.pearls.iter().enumerate() {
            if pearl != Pearl::Empty {
                c.circle(i / cols, i % cols, 0.3, pearl == Pearl::Black);
            }
        }
        if let Some(s) = solution {
            for (i, &x) in s.exits.iter().enumerate() {
                let (r, col) = ((i / cols) as f64 + 0.5, (i % cols) as f64 + 0.5);
                if x & E != 0 {
                    c.line((col, r), (col + 1.0, r));
                }
                if x & S != 0 {
                    c.line((col, r), (col, r + 1.0));
                }
            }
        }
        c.outer_border();
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Puzzle, Path>, GenerateError> {
        generate::generate(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_game_id_read_the_same_puzzle() {
        let text = "5 5\nb - - - w\n- - - - -\n- - w - -\n- - - - -\nw - - - b\n";
        let a = Masyu.parse(text).unwrap();
        let id = write_game_id(&a).unwrap();
        assert_eq!(id, "5x5:BcWgWgWcB");
        assert_eq!(Masyu.parse(&id).unwrap(), a);
        assert_eq!(Masyu.parse("5x5dtn:BcWgWgWcB").unwrap(), a);
        assert_eq!(Masyu.write(&a), text);
        assert_eq!(token(N | S), "ns");
        assert_eq!(token(S | W), "sw");
        assert_eq!(token(0), "-");
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Masyu.parse("2 2\n- b\nq -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(1)));
        let e = Masyu.parse("5x5:BcWgWgWcX").unwrap_err();
        assert_eq!(e.column, Some(13));
        let e = Masyu.parse("5x5dq:y").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = Masyu.parse("5x5:x").unwrap_err();
        assert!(e.to_string().contains("24 of the 25"), "{e}");
    }
}
