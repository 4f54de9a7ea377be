//! Numberlink: some cells hold numbers, each number in exactly two cells.
//! Join each two equal numbers by a path of lines between the centres of
//! neighbouring cells: no two paths share a cell, a path passes no other
//! number, and cells may stay empty.
//!
//! The puzzle is read from janko.at's text layout (`ROWS COLS`, then rows
//! of `-` empty or a number) or a puzz.link `numlin` URL; see
//! `docs/formats/numberlink.md`. A solution prints, per cell, the
//! directions its path leaves by: one letter of `n e s w` at a number,
//! two (`ns`, `ew`, `ne`, `nw`, `se`, `sw`) on a path, `-` for an empty
//! cell.
//!
//! # Model
//!
//! [`Model::paths`](csp_core::Model::paths) on the grid's graph: a 0/1
//! variable per side between two neighbouring cells (1: a line), then a
//! label per cell, `0` for an empty cell and `i + 1` on the path of pair
//! `i`. Pairs are numbered in reading order of their first cell, so a
//! solution's labels follow from its lines alone (`labels_of`). Nothing
//! else is posted: the constraint's parts are the rules of the puzzle.

use super::grid_text;
use super::masyu::{DIRS, E, N, S, W, exits_of, read_exits, token};
use crate::families::quick_grade::level_of;
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::paths::rules as paths_rules;
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, Model, ModelError, Value, VarId};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read (janko.at's largest
/// puzzles of the new families are 36x54).
pub const MAX_SIDE: usize = 64;

/// The largest number a cell may hold (janko.at's go to 65).
pub const MAX_NUMBER: u32 = 999;

/// The smallest side the generator makes.
pub const MIN_GENERATED_SIDE: usize = 4;
/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 15;

/// Numberlink (also Arukone, Flow without the cover rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Numberlink;

/// A Numberlink puzzle: a grid of numbers, each in exactly two cells.
///
/// With the `serde` feature it is a string, its text layout, read back by
/// [`Numberlink`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberlinkPuzzle {
    rows: usize,
    cols: usize,
    /// The number at each cell, 0 for none.
    numbers: Vec<u32>,
}

impl NumberlinkPuzzle {
    /// A puzzle of `rows x cols` cells given row-major (`None` for an
    /// empty cell); `None` if the count is not `rows * cols`, a side is 0
    /// or over [`MAX_SIDE`], a number is 0 or over [`MAX_NUMBER`], or a
    /// number is not in exactly two cells.
    pub fn new(rows: usize, cols: usize, numbers: Vec<Option<u32>>) -> Option<NumberlinkPuzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && numbers.len() == rows * cols
            && numbers
                .iter()
                .flatten()
                .all(|n| (1..=MAX_NUMBER).contains(n));
        let p = NumberlinkPuzzle {
            rows,
            cols,
            numbers: numbers.into_iter().map(|n| n.unwrap_or(0)).collect(),
        };
        (ok && p.unpaired().is_none()).then_some(p)
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number at `cell` (`None` for an empty cell or outside the grid).
    pub fn number(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.numbers[cell.row * self.cols + cell.col])
            .filter(|&n| n != 0)
    }

    /// The pairs as cells `(a, b)` with `a < b`, in reading order of `a`:
    /// pair `i` is the model's label `i + 1`.
    pub fn pairs(&self) -> Vec<(Cell, Cell)> {
        self.pair_cells()
            .into_iter()
            .map(|(a, b)| (self.cell(a), self.cell(b)))
            .collect()
    }

    fn pair_cells(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (a, &n) in self.numbers.iter().enumerate() {
            if n == 0 {
                continue;
            }
            if let Some(b) = (a + 1..self.numbers.len()).find(|&b| self.numbers[b] == n) {
                out.push((a, b));
            }
        }
        out
    }

    /// The first cell of a number not in exactly two cells, with how many
    /// it is in.
    fn unpaired(&self) -> Option<(usize, usize)> {
        self.numbers.iter().enumerate().find_map(|(i, &n)| {
            let count = self.numbers.iter().filter(|&&m| m == n).count();
            (n != 0 && count != 2).then_some((i, count))
        })
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(NumberlinkPuzzle, Numberlink, layout);

/// A Numberlink solution: for each cell, the directions its path leaves
/// it by (none for an empty cell).
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// the solution layout (`-`, `e`, `ns`...).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberlinkSolution {
    rows: usize,
    cols: usize,
    /// Masyu's exit bits.
    exits: Vec<u8>,
}

impl NumberlinkSolution {
    /// The cell's token in the solution layout: its exits (`e`, `ns`...) or
    /// `-` (`None` outside the grid).
    pub fn token(&self, cell: Cell) -> Option<String> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| token(self.exits[cell.row * self.cols + cell.col]))
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for NumberlinkSolution {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| token(self.exits[i]))
    }

    fn from_text(text: &str) -> Result<NumberlinkSolution, ParseError> {
        let (rows, cols, exits) = crate::serde_text::read_grid(text, |t, _| read_exits(t))?;
        Ok(NumberlinkSolution { rows, cols, exits })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(NumberlinkSolution);

/// The cell `i` steps away by the direction `bit`, if on the grid.
fn step(rows: usize, cols: usize, i: usize, bit: u8) -> Option<usize> {
    let &(_, _, dr, dc) = DIRS.iter().find(|d| d.0 == bit)?;
    let r = (i / cols).checked_add_signed(dr)?;
    let c = (i % cols).checked_add_signed(dc)?;
    (r < rows && c < cols).then_some(r * cols + c)
}

fn back(bit: u8) -> u8 {
    match bit {
        N => S,
        S => N,
        E => W,
        _ => E,
    }
}

/// The label of each cell of a solution given by its exits: 0 for a cell
/// on no path from an end, else `i + 1` for the `i`-th path, paths
/// ordered by their first end in reading order (a cell with one exit is
/// an end). As the model's labels when the exits are a solution.
pub(crate) fn labels_of(rows: usize, cols: usize, exits: &[u8]) -> Vec<Value> {
    let mut labels = vec![0; exits.len()];
    let mut next = 0;
    for start in 0..exits.len() {
        if exits[start].count_ones() != 1 || labels[start] != 0 {
            continue;
        }
        next += 1;
        let (mut prev, mut cur) = (usize::MAX, start);
        loop {
            labels[cur] = next;
            let on = DIRS
                .iter()
                .filter(|d| exits[cur] & d.0 != 0)
                .filter_map(|d| step(rows, cols, cur, d.0).filter(|&j| exits[j] & back(d.0) != 0))
                .find(|&j| j != prev && labels[j] == 0);
            match on {
                Some(j) if exits[cur].count_ones() <= 2 => (prev, cur) = (cur, j),
                _ => break,
            }
        }
    }
    labels
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the named deductions alone: one way out, the line goes on, no branches, dead ends, numbers never meet, no loops, out of reach",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "numberlink",
    title: "Numberlink",
    rules: "Join each two equal numbers by a path of lines between the centres of neighbouring cells: no two paths share a cell, a path passes no other number, and cells may stay empty.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: |_| false,
    },
    default_size: (7, 7),
};

/// Numberlink's named deductions, easiest first (Tatham has no
/// Numberlink).
static RULES: [crate::Rule; 9] = [
    crate::Rule::new(
        "one way out",
        "a number with one side left that its line can leave by: the line leaves that way",
        None,
    ),
    crate::Rule::new(
        "one line per number",
        "a number's line leaves it once: once it has its line, its other sides have crosses",
        None,
    ),
    crate::Rule::new(
        "the line goes on",
        "a line that enters a cell with one side left to leave by goes on that way",
        None,
    ),
    crate::Rule::new(
        "no branches",
        "a cell with two lines has crosses on its other sides",
        None,
    ),
    crate::Rule::new(
        "dead end",
        "a cell with at most one side left that a line could use stays empty: that side has a cross",
        None,
    ),
    crate::Rule::new(
        "joined cells share a number",
        "cells joined by a line are on the same number's path",
        None,
    ),
    crate::Rule::new(
        "numbers never meet",
        "the side between cells on different numbers' paths has a cross",
        None,
    ),
    crate::Rule::new(
        "no loops",
        "a line that would close a loop has a cross",
        None,
    ),
    crate::Rule::new(
        "out of reach",
        "a number's path cannot reach a cell walled off from the number by crosses and other paths: the cell is not on it",
        None,
    ),
];

/// What each constraint of the model stands for, in posting order (that
/// of [`Model::paths`](csp_core::Model::paths)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// The number at cell `i` has one line.
    Number(usize),
    /// Cell `i` is used exactly when it has a label.
    Used(usize),
    /// Cell `i` has two lines or none.
    Degree(usize),
    /// The side `e` joins cells of one label.
    Link(usize),
    /// No loops.
    Forest,
    /// Reachability.
    Reach,
}

/// The model and what each of its constraints stands for.
fn build(p: &NumberlinkPuzzle) -> Result<(Built, Vec<Option<Origin>>), ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let graph = Graph::grid(rows, cols)?;
    let pairs = p.pair_cells();
    let mut model = Model::new();
    let edges = model.new_bools(graph.num_edges())?;
    let top = pairs.len() as Value;
    let labels: Vec<VarId> = (0..rows * cols)
        .map(|i| model.new_named_var(p.cell(i).to_string(), 0..=top))
        .collect::<Result<_, _>>()?;
    let ids = model.paths(&graph, &edges, &labels, &pairs, false)?;
    let mut origins = Vec::with_capacity(ids.len());
    let mut degree = vec![0usize; rows * cols];
    for (a, b) in graph.edges() {
        degree[a] += 1;
        degree[b] += 1;
    }
    for (i, &d) in degree.iter().enumerate() {
        if p.numbers[i] != 0 {
            origins.push(Origin::Number(i));
        } else if d > 0 {
            origins.push(Origin::Used(i));
            origins.push(Origin::Degree(i));
        }
    }
    origins.extend((0..graph.num_edges()).map(Origin::Link));
    origins.push(Origin::Forest);
    origins.push(Origin::Reach);
    // By constraint id; none if the decomposition changed (no origins
    // rather than wrong ones).
    let mut by_id = Vec::new();
    if origins.len() == ids.len() {
        by_id = vec![None; ids.iter().map(|c| c.index() + 1).max().unwrap_or(0)];
        for (id, o) in ids.iter().zip(origins) {
            by_id[id.index()] = Some(o);
        }
    }
    let mut built = Built::new(model, rows, cols);
    built.cells = labels.into_iter().map(Some).collect();
    let built = built.with_data(by_id.clone());
    Ok((built, by_id))
}

fn parse_text(text: &str) -> Result<NumberlinkPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    let mut numbers = Vec::with_capacity(h.rows * h.cols);
    let mut first: Vec<(u32, ParseError)> = Vec::new();
    let mut count: Vec<(u32, usize)> = Vec::new();
    for row in 0..h.rows {
        for t in r.row(h.cols, &format!("row {}", row + 1))? {
            let n = read_number(&t)?;
            if n != 0 {
                let at = Cell::new(row, numbers.len() % h.cols);
                match count.iter_mut().find(|(m, _)| *m == n) {
                    Some((_, k)) => {
                        *k += 1;
                        if *k > 2 {
                            return Err(t.error(format!(
                                "the number {n} is in a third cell ({at}): each number is in exactly two cells"
                            )));
                        }
                    }
                    None => {
                        count.push((n, 1));
                        first.push((
                            n,
                            t.error(format!(
                                "the number {n} at {at} is in no other cell: each number is in exactly two cells"
                            )),
                        ));
                    }
                }
            }
            numbers.push(n);
        }
    }
    r.end()?;
    if let Some((n, _)) = count.iter().find(|(_, k)| *k == 1) {
        if let Some((_, e)) = first.into_iter().find(|(m, _)| m == n) {
            return Err(e);
        }
    }
    Ok(NumberlinkPuzzle {
        rows: h.rows,
        cols: h.cols,
        numbers,
    })
}

/// A puzzle cell's token: `-` (or `.`) or a number 1 to [`MAX_NUMBER`].
fn read_number(t: &crate::text::Token<'_>) -> Result<u32, ParseError> {
    if t.text == "-" || t.text == "." {
        return Ok(0);
    }
    if !t.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(t.error(format!(
            "expected '-' (an empty cell) or a number, found '{}'",
            t.text
        )));
    }
    t.text
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_NUMBER).contains(n))
        .ok_or_else(|| {
            t.error(format!(
                "expected a number from 1 to {MAX_NUMBER}, found '{}'",
                t.text
            ))
        })
}

/// A direction as a player names it.
fn direction(bit: u8) -> &'static str {
    match bit {
        N => "north",
        S => "south",
        E => "east",
        _ => "west",
    }
}

fn check(p: &NumberlinkPuzzle, s: &NumberlinkSolution) -> Vec<Violation> {
    if (p.rows, p.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let (rows, cols) = (p.rows, p.cols);
    let n = rows * cols;
    let cell = |i: usize| p.cell(i);
    let x = &s.exits;
    let mut out = Vec::new();
    // Lines that lead off the grid or are not returned.
    let broken: Vec<Cell> = (0..n)
        .filter(|&i| {
            DIRS.iter().any(|d| {
                x[i] & d.0 != 0 && step(rows, cols, i, d.0).is_none_or(|j| x[j] & back(d.0) == 0)
            })
        })
        .map(cell)
        .collect();
    if !broken.is_empty() {
        out.push(Violation::new(
            "path broken: a line must join the centres of two neighbouring cells, drawn from both",
            broken,
        ));
        return out;
    }
    let lone: Vec<Cell> = (0..n)
        .filter(|&i| p.numbers[i] != 0 && x[i] == 0)
        .map(cell)
        .collect();
    if !lone.is_empty() {
        out.push(Violation::new(
            "number not joined: no line leaves these numbers",
            lone,
        ));
    }
    let branch: Vec<Cell> = (0..n)
        .filter(|&i| {
            let k = x[i].count_ones();
            if p.numbers[i] != 0 { k > 1 } else { k > 2 }
        })
        .map(cell)
        .collect();
    if !branch.is_empty() {
        out.push(Violation::new(
            "branch: a path leaves a number once and passes a cell once",
            branch,
        ));
    }
    let ends: Vec<Cell> = (0..n)
        .filter(|&i| p.numbers[i] == 0 && x[i].count_ones() == 1)
        .map(cell)
        .collect();
    if !ends.is_empty() {
        out.push(Violation::new(
            "path broken: a path ends at a cell without a number",
            ends,
        ));
    }
    // Follow each number's line to its other end.
    let labels = labels_of(rows, cols, x);
    let mut end_of: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        let l = labels[i] as usize;
        if l > 0 && (p.numbers[i] != 0 || x[i].count_ones() == 1) {
            if end_of.len() < l {
                end_of.resize(l, Vec::new());
            }
            end_of[l - 1].push(i);
        }
    }
    for ends in &end_of {
        let numbered: Vec<usize> = ends
            .iter()
            .copied()
            .filter(|&i| p.numbers[i] != 0)
            .collect();
        if let [a, b] = numbered[..] {
            if p.numbers[a] != p.numbers[b] {
                out.push(Violation::new(
                    format!(
                        "two numbers joined: the {} at {} and the {} at {}",
                        p.numbers[a],
                        cell(a),
                        p.numbers[b],
                        cell(b)
                    ),
                    vec![cell(a), cell(b)],
                ));
            }
        }
    }
    let looped: Vec<Cell> = (0..n)
        .filter(|&i| x[i] != 0 && labels[i] == 0 && p.numbers[i] == 0)
        .map(cell)
        .collect();
    if !looped.is_empty() {
        out.push(Violation::new(
            "loop: these cells are on a loop that joins no numbers",
            looped,
        ));
    }
    out
}

/// puzz.link's genre: `numlin`, the numbers in Number16.
const GENRE: Genre = Genre {
    name: "numlin",
    aliases: &["numberlink"],
};

/// Reads a `numlin` URL: the numbers in Number16, each in two cells.
fn from_puzzlink(url: &Url) -> Result<NumberlinkPuzzle, ParseError> {
    url.no_flags("numlin")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Numberlink ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let clues = r.number16(rows * cols)?;
    r.finish()?;
    let mut numbers = Vec::with_capacity(rows * cols);
    for (i, c) in clues.into_iter().enumerate() {
        let cell = Cell::new(i / cols, i % cols);
        numbers.push(match c {
            Clue::Empty => 0,
            Clue::Number(k) if (1..=MAX_NUMBER).contains(&k) => k,
            Clue::Number(k) => {
                return Err(url.error(format!("{cell} holds {k}: a number is 1 to {MAX_NUMBER}")));
            }
            Clue::Unknown => {
                return Err(url.error(format!(
                    "{cell} holds a '?': gridcsp's Numberlink needs every number"
                )));
            }
        });
    }
    let p = NumberlinkPuzzle {
        rows,
        cols,
        numbers,
    };
    match p.unpaired() {
        Some((i, k)) => Err(url.error(format!(
            "the number {} at {} is in {k} cells: each number is in exactly two",
            p.numbers[i],
            p.cell(i)
        ))),
        None => Ok(p),
    }
}

fn to_puzzlink(p: &NumberlinkPuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p
        .numbers
        .iter()
        .map(|&n| Clue::from_option((n != 0).then_some(n)))
        .collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_number16(&clues)?,
    ))
}

/// The side a variable stands for (the lines come first: across row by
/// row, then down), as its two cells' indices.
fn side_cells(p: &NumberlinkPuzzle, i: usize) -> Option<(usize, usize)> {
    let (rows, cols) = (p.rows, p.cols);
    let across = rows * cols.saturating_sub(1);
    let down = rows.saturating_sub(1) * cols;
    if i < across {
        let (r, c) = (i / (cols - 1), i % (cols - 1));
        Some((r * cols + c, r * cols + c + 1))
    } else if i < across + down {
        let k = i - across;
        Some((k, k + cols))
    } else {
        None
    }
}

/// The number at cell `i` as a player names it: "the 3 at r2c4".
fn number_words(p: &NumberlinkPuzzle, i: usize) -> String {
    format!("the {} at {}", p.numbers[i], p.cell(i))
}

/// The lines already drawn into cell `i`, by the candidates of `now`.
fn lines_at(p: &NumberlinkPuzzle, built: &Built, now: &Progress, i: usize) -> usize {
    let vars: Vec<VarId> = built.model.vars().collect();
    let across = p.rows * p.cols.saturating_sub(1);
    let (r, c) = (i / p.cols, i % p.cols);
    let mut sides = Vec::with_capacity(4);
    if c > 0 {
        sides.push(r * (p.cols - 1) + c - 1);
    }
    if c + 1 < p.cols {
        sides.push(r * (p.cols - 1) + c);
    }
    if r > 0 {
        sides.push(across + (r - 1) * p.cols + c);
    }
    if r + 1 < p.rows {
        sides.push(across + i);
    }
    sides
        .into_iter()
        .filter(|&k| vars.get(k).is_some_and(|&v| now.value(v) == Some(1)))
        .count()
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(
    p: &NumberlinkPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> crate::Reason {
    let origins = built.data_or_else(|| build(p).map(|(_, o)| o).unwrap_or_default());
    let side = side_cells(p, d.var.index());
    // A line drawn on a side, or a cross.
    let line = side.is_some() && (d.value == 1) == placed;
    let cell = |i: usize| p.cell(i);
    let rule =
        |k: usize, cause: String, reads: Vec<Cell>| crate::Reason::new(RULES[k].name, cause, reads);
    match (origins.get(d.constraint.index()).copied().flatten(), side) {
        (Some(Origin::Number(i)), Some((a, b))) if line => {
            let bit = DIRS
                .iter()
                .find(|dir| step(p.rows, p.cols, i, dir.0) == Some(if a == i { b } else { a }))
                .map_or(E, |dir| dir.0);
            rule(
                0,
                format!("{} can only leave {}", number_words(p, i), direction(bit)),
                vec![cell(i)],
            )
        }
        (Some(Origin::Number(i)), _) => rule(
            1,
            format!("{} already has its line", number_words(p, i)),
            vec![cell(i)],
        ),
        (Some(Origin::Degree(i) | Origin::Used(i)), Some(_)) if line => rule(
            2,
            format!("a line enters {} and has one way on", cell(i)),
            vec![cell(i)],
        ),
        (Some(Origin::Degree(i) | Origin::Used(i)), Some(_)) if lines_at(p, built, now, i) >= 2 => {
            rule(
                3,
                format!("{} already has two lines", cell(i)),
                vec![cell(i)],
            )
        }
        (Some(Origin::Degree(i) | Origin::Used(i)), _) => {
            let on = built.cell_of(d.var).is_some() && (d.value == 0) != placed;
            if on {
                rule(2, format!("a line runs into {}", cell(i)), vec![cell(i)])
            } else {
                rule(
                    4,
                    format!("{} has at most one side a line could use", cell(i)),
                    vec![cell(i)],
                )
            }
        }
        (Some(Origin::Link(e)), _) => {
            let (a, b) = side_cells(p, e).unwrap_or((0, 0));
            if side.is_some() {
                rule(
                    6,
                    format!(
                        "{} and {} are on different numbers' paths",
                        cell(a),
                        cell(b)
                    ),
                    vec![cell(a), cell(b)],
                )
            } else {
                let other = match built.cell_of(d.var) {
                    Some(c) if c == cell(a) => cell(b),
                    _ => cell(a),
                };
                rule(5, format!("a line joins it to {other}"), vec![other])
            }
        }
        (Some(Origin::Forest), Some((a, b))) => rule(
            7,
            format!(
                "a line between {} and {} would close a loop",
                cell(a),
                cell(b)
            ),
            vec![cell(a), cell(b)],
        ),
        _ => {
            let whose = if d.rule == paths_rules::UNREACHABLE && !placed {
                pair_words(p, d.value)
            } else {
                "a number's path".to_owned()
            };
            rule(
                8,
                format!("{whose} cannot reach it past the crosses and the other paths"),
                Vec::new(),
            )
        }
    }
}

/// The path of label `value` as a player names it: "the 3's path".
fn pair_words(p: &NumberlinkPuzzle, value: Value) -> String {
    let pairs = p.pair_cells();
    match usize::try_from(value - 1).ok().and_then(|k| pairs.get(k)) {
        Some(&(a, _)) => format!("the {}'s path", p.numbers[a]),
        None => "a number's path".to_owned(),
    }
}

impl Family for Numberlink {
    type Puzzle = NumberlinkPuzzle;
    type Solution = NumberlinkSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<NumberlinkPuzzle, ParseError> {
        parse_text(text)
    }

    fn write(&self, p: &NumberlinkPuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        let tokens: Vec<String> = p
            .numbers
            .iter()
            .map(|&n| {
                if n == 0 {
                    "-".to_owned()
                } else {
                    n.to_string()
                }
            })
            .collect();
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
            tokens[r * p.cols + c].as_str()
        });
        out
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<NumberlinkPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &NumberlinkPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &NumberlinkPuzzle) -> Result<Built, ModelError> {
        build(p).map(|(b, _)| b)
    }

    fn decode(
        &self,
        p: &NumberlinkPuzzle,
        built: &Built,
        solution: &csp_core::Solution,
    ) -> NumberlinkSolution {
        NumberlinkSolution {
            rows: p.rows,
            cols: p.cols,
            exits: exits_of(p.rows, p.cols, built, solution),
        }
    }

    fn write_solution(&self, p: &NumberlinkPuzzle, s: &NumberlinkSolution) -> String {
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

    fn parse_solution(
        &self,
        p: &NumberlinkPuzzle,
        text: &str,
    ) -> Result<NumberlinkSolution, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let mut exits = Vec::with_capacity(p.rows * p.cols);
        for row in 0..p.rows {
            for t in r.row(p.cols, &format!("row {}", row + 1))? {
                exits.push(read_exits(&t)?);
            }
        }
        r.end()?;
        Ok(NumberlinkSolution {
            rows: p.rows,
            cols: p.cols,
            exits,
        })
    }

    fn check(&self, p: &NumberlinkPuzzle, s: &NumberlinkSolution) -> Vec<Violation> {
        check(p, s)
    }

    fn value_at(&self, s: &NumberlinkSolution, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols)
            .then(|| labels_of(s.rows, s.cols, &s.exits)[cell.row * s.cols + cell.col])
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn spot(&self, p: &NumberlinkPuzzle, built: &Built, var: VarId) -> Option<crate::Spot> {
        match side_cells(p, var.index()) {
            Some((a, b)) => Some(crate::Spot::Link(p.cell(a), p.cell(b))),
            None => built.cell_of(var).map(crate::Spot::Cell),
        }
    }

    fn mark(
        &self,
        _: &NumberlinkPuzzle,
        spot: crate::Spot,
        value: Value,
    ) -> Option<[&'static str; 2]> {
        match spot {
            crate::Spot::Cell(_) if value == 0 => Some(["is empty", "are empty"]),
            crate::Spot::Cell(_) => None,
            _ => Some(super::words::line(value)),
        }
    }

    fn mark_words(
        &self,
        p: &NumberlinkPuzzle,
        spot: crate::Spot,
        value: Value,
    ) -> Option<[String; 2]> {
        match spot {
            crate::Spot::Cell(_) if value != 0 => {
                let path = pair_words(p, value);
                Some([format!("is on {path}"), format!("are on {path}")])
            }
            _ => self
                .mark(p, spot, value)
                .map(|[one, many]| [one.to_owned(), many.to_owned()]),
        }
    }

    fn reason(
        &self,
        p: &NumberlinkPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &Progress,
    ) -> crate::Reason {
        reason(p, built, d, placed, now)
    }

    fn describe_constraint(&self, p: &NumberlinkPuzzle, built: &Built, c: ConstraintId) -> String {
        let origins = built.data_or_else(|| build(p).map(|(_, o)| o).unwrap_or_default());
        match origins.get(c.index()).copied().flatten() {
            Some(Origin::Number(i)) => format!("{} has one line", number_words(p, i)),
            Some(Origin::Used(i) | Origin::Degree(i)) => {
                format!("{} has two lines or none", p.cell(i))
            }
            Some(Origin::Link(e)) => {
                let (a, b) = side_cells(p, e).unwrap_or((0, 0));
                format!(
                    "a line between {} and {} joins one number's path",
                    p.cell(a),
                    p.cell(b)
                )
            }
            Some(Origin::Forest) => "the lines close no loop".to_owned(),
            Some(Origin::Reach) => "each number's path reaches its partner".to_owned(),
            None => c.to_string(),
        }
    }

    fn render(
        &self,
        p: &NumberlinkPuzzle,
        solution: Option<&NumberlinkSolution>,
        options: &RenderOptions,
    ) -> String {
        let (rows, cols) = (p.rows, p.cols);
        let mut c = Canvas::new(rows, cols, &format!("Numberlink {rows}x{cols}"));
        c.highlights(options);
        c.grid_lines();
        if let Some(s) = solution {
            for (i, &x) in s.exits.iter().enumerate() {
                let (r, col) = ((i / cols) as f64 + 0.5, (i % cols) as f64 + 0.5);
                if x & E != 0 && i % cols + 1 < cols {
                    c.line((col, r), (col + 1.0, r));
                }
                if x & S != 0 && i / cols + 1 < rows {
                    c.line((col, r), (col, r + 1.0));
                }
            }
        }
        for (i, &n) in p.numbers.iter().enumerate() {
            if n != 0 {
                c.circle(i / cols, i % cols, 0.34, false);
                c.text(i / cols, i % cols, &n.to_string(), Ink::Given);
            }
        }
        c.outer_border();
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<NumberlinkPuzzle, NumberlinkSolution>, GenerateError> {
        generate(options)
    }
}

// The seeded generator: random snakes (self-avoiding walks that never
// touch themselves sideways) laid until no free cell is left, their ends
// numbered; while a second solution exists, a snake is cut in two at a
// cell that solution passes differently (that cell becomes a number, so
// the second solution is gone and the first still holds). The result is
// kept if it grades exactly at the level asked. Random numbers come from
// `ChaCha8Rng::seed_from_u64(seed)`, so a seed gives the same puzzle on
// every machine.

/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 1000;

fn generate(
    o: &GenerateOptions,
) -> Result<Generated<NumberlinkPuzzle, NumberlinkSolution>, GenerateError> {
    let level = crate::generic::generation_level(
        "numberlink",
        o,
        MIN_GENERATED_SIDE..=MAX_GENERATED_SIDE,
        LEVELS,
    )?;
    crate::generic::generate_graded(&Numberlink, o, level, ATTEMPTS, 50_000, |rng, limits| {
        let (puzzle, solution) = candidate(o.rows, o.cols, rng, limits)?;
        // The cheap pre-check: root propagation per level before any search.
        (level_of(&Numberlink, &puzzle, limits) == Some(o.level)).then_some((puzzle, solution))
    })
}

/// Random snakes laid until no free cell is left (those of one cell are
/// dropped: those cells stay empty).
fn snakes(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
    use rand::seq::SliceRandom;
    let n = rows * cols;
    let mut owner = vec![usize::MAX; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut out = Vec::new();
    for (s, &start) in order.iter().enumerate() {
        if owner[start] != usize::MAX {
            continue;
        }
        owner[start] = s;
        let mut snake = vec![start];
        let limit = 3 + rng.random_range(0..rows + cols);
        while snake.len() < limit {
            let head = snake[snake.len() - 1];
            let next: Vec<usize> = super::grid_cells::neighbours(rows, cols, head)
                .filter(|&u| {
                    owner[u] == usize::MAX
                        && super::grid_cells::neighbours(rows, cols, u)
                            .all(|w| w == head || owner[w] != s)
                })
                .collect();
            if next.is_empty() {
                break;
            }
            let u = next[rng.random_range(0..next.len())];
            owner[u] = s;
            snake.push(u);
        }
        if snake.len() >= 2 {
            out.push(snake);
        }
    }
    out
}

/// The puzzle and solution of a set of snakes: numbers 1, 2... in reading
/// order of each snake's first end.
fn of_snakes(
    rows: usize,
    cols: usize,
    snakes: &[Vec<usize>],
) -> (NumberlinkPuzzle, NumberlinkSolution) {
    let mut ends: Vec<(usize, usize)> = snakes
        .iter()
        .map(|s| {
            let (a, b) = (s[0], s[s.len() - 1]);
            (a.min(b), a.max(b))
        })
        .collect();
    ends.sort_unstable();
    let mut numbers = vec![0; rows * cols];
    for (k, &(a, b)) in ends.iter().enumerate() {
        numbers[a] = k as u32 + 1;
        numbers[b] = k as u32 + 1;
    }
    let mut exits = vec![0u8; rows * cols];
    for s in snakes {
        for w in s.windows(2) {
            let (a, b) = (w[0], w[1]);
            let bit = DIRS
                .iter()
                .find(|d| step(rows, cols, a, d.0) == Some(b))
                .map_or(0, |d| d.0);
            exits[a] |= bit;
            exits[b] |= back(bit);
        }
    }
    (
        NumberlinkPuzzle {
            rows,
            cols,
            numbers,
        },
        NumberlinkSolution { rows, cols, exits },
    )
}

/// Snakes made unique by cutting (see above), or `None` if a search
/// stopped or no cut was left.
fn candidate(
    rows: usize,
    cols: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(NumberlinkPuzzle, NumberlinkSolution)> {
    let mut snakes = snakes(rows, cols, rng);
    loop {
        let (puzzle, solution) = of_snakes(rows, cols, &snakes);
        let other = match Numberlink.uniqueness(&puzzle, limits).0 {
            Unique::Unique(_) => return Some((puzzle, solution)),
            Unique::Multiple(a, b) => {
                if a.exits == solution.exits {
                    b
                } else {
                    a
                }
            }
            Unique::None | Unique::Stopped(_) => return None,
        };
        // The cells inside a snake that the other solution passes
        // differently, in random order; cut at the first that leaves two
        // snakes of three cells or more (two numbers side by side say
        // little), else of two or more.
        let mut cuts: Vec<(usize, usize)> = snakes
            .iter()
            .enumerate()
            .flat_map(|(k, s)| {
                (1..s.len().saturating_sub(1))
                    .filter(|&j| other.exits[s[j]] != solution.exits[s[j]])
                    .map(move |j| (k, j))
                    .collect::<Vec<_>>()
            })
            .collect();
        use rand::seq::SliceRandom;
        cuts.shuffle(rng);
        let cut_with = |least: usize| {
            cuts.iter().find_map(|&(k, j)| {
                let len = snakes[k].len();
                if j + 1 >= least && len - (j + 1) >= least {
                    Some((k, j + 1))
                } else if j >= least && len - j >= least {
                    Some((k, j))
                } else {
                    None
                }
            })
        };
        let cut = cut_with(3).or_else(|| cut_with(2))?;
        let (k, at) = cut;
        let tail = snakes[k].split_off(at);
        snakes.push(tail);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_lines_in_reading_order() {
        // 1 - 1 across the top, 2 down the left of the second row... a
        // 2x3 grid: r1c1-r1c3 one path, r2c1-r2c2 another.
        let exits = [E, E | W, W, E, W, 0];
        assert_eq!(labels_of(2, 3, &exits), vec![1, 1, 1, 2, 2, 0]);
    }

    #[test]
    fn a_number_in_one_cell_is_an_error_at_it() {
        let e = Numberlink.parse("2 2\n1 -\n2 2\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(1)));
        let e = Numberlink.parse("2 2\n1 1\n1 -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(1)));
        let e = Numberlink.parse("2 2\n1 x\n1 -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
    }
}
