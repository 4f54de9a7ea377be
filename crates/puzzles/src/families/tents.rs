//! Tents (Tatham's Tents): place tents so that tents and trees pair up one
//! to one, each tent orthogonally next to its own tree; no two tents touch,
//! not even diagonally; and each row and column holds the number of tents
//! its count gives.
//!
//! The puzzle is read from the text layout (`ROWS COLS`, a line of column
//! counts, a line of row counts, then the grid: `x` a tree, `-` empty; a
//! count may be `-` for none) or from a Tatham game ID
//! (`8x8:a_liciba_ehaa,2,0,3,...`); see `docs/formats/tents.md`.
//!
//! The model (in the private module `model`) gives each tree a *direction* variable (which
//! neighbour holds its tent) and each cell next to a tree a 0/1 *tent*
//! variable, linked by counting: a cell holds a tent exactly when one tree
//! points at it. Since the puzzle's answer is the tents, not the pairing, a
//! placement with two pairings is still one solution: uniqueness and counts
//! are over placements: one search decides the tent cells first, so the
//! pairings of a placement come one after another and each placement is
//! counted once, within the limits of that one search.

mod generate;
mod model;

pub use generate::MAX_GENERATED_SIDE;
pub use model::rules;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Counted, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level,
    ParseError, RecordShape, Solved, Unique, UniqueOutcome, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16, encode_one_cell};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::{Reader, Token};
use csp_core::{
    ConstraintId, Count, Deduction, Limits, ModelError, SearchStatus, SolveOutcome, Solver, Stats,
    StopReason, Value, VarId,
};

/// The largest number of rows or columns a Tents grid may have.
pub const MAX_SIDE: usize = 100;

/// Tents, read from the text layout or a Tatham game ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tents;

/// What a cell of a Tents grid holds (serde: `"empty"`, `"tree"`,
/// `"tent"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Spot {
    /// Nothing (`-`).
    Empty,
    /// A tree (`x`).
    Tree,
    /// A tent (`o`, solutions only).
    Tent,
}

impl Spot {
    /// The cell's token in the text layout.
    pub fn token(self) -> &'static str {
        match self {
            Spot::Empty => "-",
            Spot::Tree => "x",
            Spot::Tent => "o",
        }
    }
}

/// A grid of trees (a puzzle's) or of trees and tents (a solution).
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `-`, `x` (a tree) and `o` (a tent) of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    rows: usize,
    cols: usize,
    spots: Vec<Spot>,
}

impl Field {
    /// A field of `rows x cols` spots given row-major; `None` if the number
    /// of spots is not `rows * cols` or a side is 0 or over [`MAX_SIDE`].
    pub fn new(rows: usize, cols: usize, spots: Vec<Spot>) -> Option<Field> {
        ((1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && spots.len() == rows * cols)
            .then_some(Field { rows, cols, spots })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Every spot, row-major.
    pub fn spots(&self) -> &[Spot] {
        &self.spots
    }

    /// The spot at `cell`, `None` outside the grid.
    pub fn get(&self, cell: Cell) -> Option<Spot> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.spots[cell.row * self.cols + cell.col])
    }

    fn at(&self, r: usize, c: usize) -> Spot {
        self.spots[r * self.cols + c]
    }

    /// The cells `offsets` away from `cell` that lie inside the grid.
    fn around(
        &self,
        cell: Cell,
        offsets: &'static [(isize, isize)],
    ) -> impl Iterator<Item = Cell> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        offsets.iter().filter_map(move |&(dr, dc)| {
            let r = cell.row.checked_add_signed(dr)?;
            let c = cell.col.checked_add_signed(dc)?;
            (r < rows && c < cols).then_some(Cell::new(r, c))
        })
    }

    fn cells_with(&self, spot: Spot) -> impl Iterator<Item = Cell> + '_ {
        let cols = self.cols;
        (0..self.spots.len())
            .filter(move |&i| self.spots[i] == spot)
            .map(move |i| Cell::new(i / cols, i % cols))
    }
}

/// Up, right, down, left.
pub(crate) const ORTHOGONAL: &[(isize, isize)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];
/// The eight surrounding cells.
pub(crate) const KING: &[(isize, isize)] = &[
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A Tents puzzle: the trees and the counts (`None`: no count given).
///
/// With the `serde` feature it is a string, its game ID where one holds
/// the puzzle exactly (Tatham's program wants every count given), else the
/// text layout; either is read back by [`Tents`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TentsPuzzle {
    /// The trees (no tents).
    pub field: Field,
    /// Tents per column, left to right.
    pub columns: Vec<Option<usize>>,
    /// Tents per row, top to bottom.
    pub rows: Vec<Option<usize>>,
}

impl TentsPuzzle {
    fn header(&self) -> String {
        format!("{} {}", self.field.rows, self.field.cols)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(TentsPuzzle, Tents);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Field {
    fn to_text(&self) -> String {
        let mut out = format!("{} {}\n", self.rows, self.cols);
        write_field(&mut out, self);
        out
    }

    fn from_text(text: &str) -> Result<Field, ParseError> {
        let mut r = Reader::new(text);
        let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIDE)?;
        read_field(&mut r, rows, cols, true)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Field);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "pairing trees and tents, no tents touching, and each row's or column's count on its own (Tatham's Easy)",
    },
    Level {
        name: "tricky",
        about: "plus a tree's last two places ruling out a cell next to both, and a line's count ruling out cells of the next line (Tatham's Tricky)",
    },
    Level {
        name: "hard",
        about: "needs trial and error (beyond Tatham's levels)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "tents",
    title: "Tents",
    rules: "Place tents so that tents and trees pair up one to one, each tent next to its own tree (not diagonally); no two tents touch, not even diagonally; the numbers give the tents in each row and column.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: |h| grid_text::header_size(h, false).and_then(|(rows, _)| rows.checked_add(2)),
        one_line: grid_text::is_one_line,
    },
    default_size: (8, 8),
};

fn counts(tokens: &[Token<'_>], max: usize) -> Result<Vec<Option<usize>>, ParseError> {
    tokens
        .iter()
        .map(|t| {
            if t.is_empty_cell() {
                Ok(None)
            } else {
                t.number("a count", 0, max as i64).map(|k| Some(k as usize))
            }
        })
        .collect()
}

fn read_field(
    r: &mut Reader<'_>,
    rows: usize,
    cols: usize,
    tents: bool,
) -> Result<Field, ParseError> {
    let mut spots = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in grid_text::cells(r, cols, &format!("row {}", row + 1))? {
            spots.push(match t.text {
                "-" => Spot::Empty,
                "x" | "X" => Spot::Tree,
                "o" | "O" if tents => Spot::Tent,
                other => {
                    let expected = if tents {
                        "'-', 'o' (a tent) or 'x' (a tree)"
                    } else {
                        "'-' (empty) or 'x' (a tree)"
                    };
                    return Err(t.error(format!("expected {expected}, found '{other}'")));
                }
            });
        }
    }
    r.end()?;
    Ok(Field { rows, cols, spots })
}

fn parse_text(text: &str) -> Result<TentsPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    let columns = counts(
        &grid_text::cells(&mut r, h.cols, "the column counts")?,
        h.rows,
    )?;
    let rows = counts(&grid_text::cells(&mut r, h.rows, "the row counts")?, h.cols)?;
    let field = read_field(&mut r, h.rows, h.cols, false)?;
    Ok(TentsPuzzle {
        field,
        columns,
        rows,
    })
}

/// Reads Tatham's Tents game ID: `WxH[dX]:DESC,C1,...,CW,R1,...,RH`, where
/// DESC runs row by row: `_` a tree, `a`-`y` 1-25 empty cells then a tree,
/// `z` 25 empty cells, ending with a tree just past the grid.
fn parse_game_id(line: &str) -> Result<TentsPuzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('d') {
        match c.peek() {
            Some('e' | 't') => {
                c.next_char();
            }
            _ => return Err(c.error("expected a difficulty 'e' or 't' after 'd'")),
        }
    }
    c.expect_colon()?;
    let total = rows * cols;
    let mut spots = vec![Spot::Empty; total];
    let mut pos = 0usize;
    let mut closed = false;
    while let Some(ch) = c.peek() {
        if ch == ',' {
            break;
        }
        if closed {
            return Err(c.error("the grid description goes on past the grid"));
        }
        let (run, tree) = match ch {
            '_' => (0, true),
            'a'..='y' => ((ch as usize) - ('a' as usize) + 1, true),
            'z' => (25, false),
            '!' | '-' => {
                return Err(c.error("tent and non-tent marks in a game ID are not supported"));
            }
            _ => {
                return Err(c.error(format!(
                    "expected '_', 'a'-'z' or ',' in the grid description, found '{ch}'"
                )));
            }
        };
        pos += run;
        if pos > total || (pos == total && !tree) {
            return Err(c.error("the grid description is longer than the grid"));
        }
        if tree {
            if pos == total {
                closed = true;
            } else {
                spots[pos] = Spot::Tree;
                pos += 1;
            }
        }
        c.next_char();
    }
    if !closed {
        return Err(c.error(format!(
            "the grid description covers {pos} of the {total} cells and must end with a tree past the grid"
        )));
    }
    let mut numbers = Vec::with_capacity(rows + cols);
    for i in 0..rows + cols {
        if !c.eat(',') {
            return Err(match c.peek() {
                Some(ch) => c.error(format!("expected ',' before count {}, found '{ch}'", i + 1)),
                None => c.error(format!(
                    "expected {} counts after the grid, found {i}",
                    rows + cols
                )),
            });
        }
        let max = if i < cols { rows } else { cols };
        numbers.push(Some(c.number("a count", 0, max)?));
    }
    if let Some(ch) = c.peek() {
        return Err(c.error(format!("unexpected '{ch}' after the counts")));
    }
    let rows_counts = numbers.split_off(cols);
    Ok(TentsPuzzle {
        field: Field { rows, cols, spots },
        columns: numbers,
        rows: rows_counts,
    })
}

fn write_game_id(p: &TentsPuzzle) -> Option<String> {
    let (rows, cols) = (p.field.rows, p.field.cols);
    // Tatham's programs accept grids of at least 4x4, every count given.
    if rows < 4 || cols < 4 || p.columns.iter().chain(&p.rows).any(Option::is_none) {
        return None;
    }
    let mut out = format!("{cols}x{rows}:");
    let mut blanks = 0usize;
    for i in 0..=rows * cols {
        if i == rows * cols || p.field.spots[i] == Spot::Tree {
            out.push(if blanks == 0 {
                '_'
            } else {
                char::from(b'a' + (blanks - 1) as u8)
            });
            blanks = 0;
        } else {
            blanks += 1;
            while blanks > 25 {
                out.push('z');
                blanks -= 25;
            }
        }
    }
    for k in p.columns.iter().chain(&p.rows).flatten() {
        out.push(',');
        out.push_str(&k.to_string());
    }
    Some(out)
}

fn write_text(p: &TentsPuzzle) -> String {
    let mut out = p.header();
    out.push('\n');
    let show = |k: &Option<usize>| k.map_or_else(|| "-".to_owned(), |k| k.to_string());
    out.push_str(&p.columns.iter().map(show).collect::<Vec<_>>().join(" "));
    out.push('\n');
    out.push_str(&p.rows.iter().map(show).collect::<Vec<_>>().join(" "));
    out.push('\n');
    write_field(&mut out, &p.field);
    out
}

fn write_field(out: &mut String, f: &Field) {
    grid_text::write_grid(out, f.rows, f.cols, |r, c| f.at(r, c).token());
}

/// A maximum matching of tents to orthogonally adjacent trees (Kuhn's
/// augmenting paths): for each tent, its tree's index in `trees` if
/// matched.
fn pair_up(field: &Field, tents: &[Cell], trees: &[Cell]) -> Vec<Option<usize>> {
    let adjacent: Vec<Vec<usize>> = tents
        .iter()
        .map(|&t| {
            field
                .around(t, ORTHOGONAL)
                .filter_map(|n| trees.iter().position(|&x| x == n))
                .collect()
        })
        .collect();
    let mut tree_of: Vec<Option<usize>> = vec![None; tents.len()];
    let mut tent_of: Vec<Option<usize>> = vec![None; trees.len()];
    fn augment(
        t: usize,
        adjacent: &[Vec<usize>],
        seen: &mut [bool],
        tree_of: &mut [Option<usize>],
        tent_of: &mut [Option<usize>],
    ) -> bool {
        for &x in &adjacent[t] {
            if !seen[x] {
                seen[x] = true;
                if tent_of[x].is_none_or(|u| augment(u, adjacent, seen, tree_of, tent_of)) {
                    tent_of[x] = Some(t);
                    tree_of[t] = Some(x);
                    return true;
                }
            }
        }
        false
    }
    for t in 0..tents.len() {
        let mut seen = vec![false; trees.len()];
        augment(t, &adjacent, &mut seen, &mut tree_of, &mut tent_of);
    }
    tree_of
}

fn check(p: &TentsPuzzle, s: &Field) -> Vec<Violation> {
    let f = &p.field;
    if (f.rows, f.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, f.rows, f.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let moved: Vec<Cell> = (0..f.spots.len())
        .filter(|&i| (f.spots[i] == Spot::Tree) != (s.spots[i] == Spot::Tree))
        .map(|i| Cell::new(i / f.cols, i % f.cols))
        .collect();
    if !moved.is_empty() {
        out.push(Violation::new("the trees must be kept as given", moved));
    }
    let tents: Vec<Cell> = s.cells_with(Spot::Tent).collect();
    for &t in &tents {
        for n in s.around(t, KING) {
            if n > t && s.get(n) == Some(Spot::Tent) {
                out.push(Violation::new("two tents touch", vec![t, n]));
            }
        }
    }
    for (what, lines, counts) in [("row", s.rows, &p.rows), ("column", s.cols, &p.columns)] {
        for (i, k) in counts.iter().enumerate().take(lines) {
            let Some(k) = *k else { continue };
            let here: Vec<Cell> = tents
                .iter()
                .copied()
                .filter(|c| {
                    if what == "row" {
                        c.row == i
                    } else {
                        c.col == i
                    }
                })
                .collect();
            if here.len() != k {
                out.push(Violation::new(
                    format!(
                        "{what} {} must hold {k} tents (it holds {})",
                        i + 1,
                        here.len()
                    ),
                    here,
                ));
            }
        }
    }
    let trees: Vec<Cell> = f.cells_with(Spot::Tree).collect();
    let tree_of = pair_up(s, &tents, &trees);
    let mut unpaired: Vec<Cell> = tents
        .iter()
        .zip(&tree_of)
        .filter(|(_, x)| x.is_none())
        .map(|(&t, _)| t)
        .collect();
    let used: Vec<usize> = tree_of.iter().flatten().copied().collect();
    unpaired.extend(
        (0..trees.len())
            .filter(|i| !used.contains(i))
            .map(|i| trees[i]),
    );
    if !unpaired.is_empty() {
        unpaired.sort();
        out.push(Violation::new(
            "tents and trees must pair up one to one, each tent next to its own tree",
            unpaired,
        ));
    }
    out
}

fn check_givens(p: &TentsPuzzle) -> Vec<Violation> {
    let f = &p.field;
    let mut out = Vec::new();
    if f.spots.contains(&Spot::Tent) {
        out.push(Violation::new(
            "a puzzle has no tents yet",
            f.cells_with(Spot::Tent).collect(),
        ));
    }
    let trees: Vec<Cell> = f.cells_with(Spot::Tree).collect();
    for &t in &trees {
        if !f
            .around(t, ORTHOGONAL)
            .any(|n| f.get(n) != Some(Spot::Tree))
        {
            out.push(Violation::new(
                format!("the tree at {t} has no free cell next to it"),
                vec![t],
            ));
        }
    }
    for (what, counts, len) in [("row", &p.rows, f.cols), ("column", &p.columns, f.rows)] {
        for (i, k) in counts.iter().enumerate() {
            if let Some(k) = *k {
                if k > len.div_ceil(2) {
                    out.push(Violation::new(
                        format!(
                            "{what} {} asks for {k} tents, but at most {} fit",
                            i + 1,
                            len.div_ceil(2)
                        ),
                        Vec::new(),
                    ));
                }
            }
        }
        if counts.iter().all(Option::is_some) {
            let sum: usize = counts.iter().flatten().sum();
            if sum != trees.len() {
                out.push(Violation::new(
                    format!(
                        "the {what} counts add up to {sum} tents, but there are {} trees",
                        trees.len()
                    ),
                    Vec::new(),
                ));
            }
        }
    }
    out
}

/// Runs one search of `built` within `limits` that decides the tent
/// cells before anything else, so that the pairings of one tent placement
/// come one after another, and calls `each` once per placement (with the
/// first solution that has it) until it returns `false`. Returns how the
/// search ended (`Stopped(SolutionLimit)` when `each` stopped it) and its
/// statistics: one search, so the limits and `nodes = 2 * decisions + 1`
/// hold as for every other family.
fn placements(
    built: &Built,
    limits: &Limits,
    mut each: impl FnMut(&csp_core::Solution) -> bool,
) -> (SearchStatus, Stats) {
    let tents: Vec<VarId> = built.cells.iter().flatten().copied().collect();
    let options = built
        .options
        .clone()
        .with_limits(limits.clone())
        .with_decision_vars(&tents);
    let mut solver = Solver::with_options(&built.model, options);
    let mut last: Option<Vec<Value>> = None;
    let mut solutions = solver.solutions();
    let status = loop {
        let Some(s) = solutions.next() else {
            break solutions.status().unwrap_or(SearchStatus::Complete);
        };
        let key: Vec<Value> = tents.iter().map(|&v| s.get(v).unwrap_or(0)).collect();
        if last.as_ref() != Some(&key) {
            last = Some(key);
            if !each(&s) {
                break SearchStatus::Stopped(StopReason::SolutionLimit);
            }
        }
    };
    (status, solver.stats())
}

/// puzz.link's genre: `tents`, the counts above the columns and left of
/// the rows in Number16ExCell, then the trees in 1Cell.
const GENRE: Genre = Genre {
    name: "tents",
    aliases: &[],
};

/// Reads a `tents` URL; a `?` count constrains nothing and is read as
/// none.
fn from_puzzlink(url: &Url) -> Result<TentsPuzzle, ParseError> {
    url.no_flags("tents")?;
    let (rows, cols) = (url.rows, url.cols);
    let mut r = url.reader();
    let counts = r.number16(cols + rows)?;
    let trees = r.one_cell(rows * cols)?;
    r.finish()?;
    let spots = trees
        .iter()
        .map(|&t| if t { Spot::Tree } else { Spot::Empty })
        .collect();
    let field = Field::new(rows, cols, spots)
        .ok_or_else(|| url.size_error(format!("over the largest Tents ({MAX_SIDE})")))?;
    let count = |c: &Clue| c.number().map(|k| k as usize);
    Ok(TentsPuzzle {
        field,
        columns: counts[..cols].iter().map(count).collect(),
        rows: counts[cols..].iter().map(count).collect(),
    })
}

fn to_puzzlink(p: &TentsPuzzle) -> Result<Url, EncodeError> {
    let f = &p.field;
    if f.spots.contains(&Spot::Tent) {
        return Err(EncodeError::new("a puzzle has no tents placed"));
    }
    let counts: Vec<Clue> = p
        .columns
        .iter()
        .chain(&p.rows)
        .map(|&c| Clue::from_option(c.map(|k| k as u32)))
        .collect();
    let trees: Vec<bool> = f.spots.iter().map(|&s| s == Spot::Tree).collect();
    let body = encode_number16(&counts)? + &encode_one_cell(&trees);
    Ok(Url::new(GENRE.name, f.cols, f.rows, body))
}

impl Family for Tents {
    type Puzzle = TentsPuzzle;
    type Solution = Field;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<TentsPuzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        parse_text(text)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<TentsPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &TentsPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn write(&self, puzzle: &TentsPuzzle) -> String {
        write_text(puzzle)
    }

    fn write_game_id(&self, puzzle: &TentsPuzzle) -> Option<String> {
        write_game_id(puzzle)
    }

    fn build(&self, puzzle: &TentsPuzzle) -> Result<Built, ModelError> {
        model::build(puzzle, model::SOLVE)
    }

    fn build_for_level(&self, puzzle: &TentsPuzzle, level: usize) -> Result<Built, ModelError> {
        model::build(puzzle, Some(level))
    }

    fn decode(&self, puzzle: &TentsPuzzle, built: &Built, solution: &csp_core::Solution) -> Field {
        let mut field = puzzle.field.clone();
        for (spot, v) in field.spots.iter_mut().zip(&built.cells) {
            if v.and_then(|v| solution.get(v)) == Some(1) {
                *spot = Spot::Tent;
            }
        }
        field
    }

    fn write_solution(&self, puzzle: &TentsPuzzle, solution: &Field) -> String {
        let mut out = puzzle.header();
        out.push('\n');
        write_field(&mut out, solution);
        out
    }

    fn parse_solution(&self, puzzle: &TentsPuzzle, text: &str) -> Result<Field, ParseError> {
        let (rows, cols) = (puzzle.field.rows, puzzle.field.cols);
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, rows, cols, &puzzle.header(), MAX_SIDE)?;
        read_field(&mut r, rows, cols, true)
    }

    fn check(&self, puzzle: &TentsPuzzle, solution: &Field) -> Vec<Violation> {
        check(puzzle, solution)
    }

    fn check_givens(&self, puzzle: &TentsPuzzle) -> Vec<Violation> {
        check_givens(puzzle)
    }

    fn value_at(&self, solution: &Field, cell: Cell) -> Option<Value> {
        match solution.get(cell)? {
            Spot::Tent => Some(1),
            Spot::Empty => Some(0),
            Spot::Tree => None,
        }
    }

    fn describe(&self, puzzle: &TentsPuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = built
            .cell_of(d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let tent = (d.value == 1) == placed;
        let why = self.describe_constraint(puzzle, built, d.constraint);
        let what = if tent { "a tent" } else { "no tent" };
        if d.rule.is_empty() {
            format!("{what} at {cell}: {why}")
        } else {
            format!("{what} at {cell}: {why} ({})", d.rule)
        }
    }

    fn describe_constraint(&self, puzzle: &TentsPuzzle, _: &Built, c: ConstraintId) -> String {
        model::describe(puzzle, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &model::RULES
    }

    fn mark(&self, _: &TentsPuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["holds a tent", "hold tents"]
        } else {
            ["is grass", "are grass"]
        })
    }

    fn reason(
        &self,
        puzzle: &TentsPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        model::reason(puzzle, built, d, placed, now)
    }

    fn uniqueness(&self, puzzle: &TentsPuzzle, limits: &Limits) -> UniqueOutcome<Self> {
        let Ok(built) = self.build(puzzle) else {
            return (Unique::None, Stats::default());
        };
        let mut found: Vec<Field> = Vec::new();
        let (status, stats) = placements(&built, limits, |s| {
            found.push(self.decode(puzzle, &built, s));
            found.len() < 2
        });
        let mut found = found.into_iter();
        let u = match (found.next(), found.next(), status) {
            (Some(a), Some(b), _) => Unique::Multiple(a, b),
            (Some(a), None, SearchStatus::Complete) => Unique::Unique(a),
            (None, _, SearchStatus::Complete) => Unique::None,
            (_, _, SearchStatus::Stopped(r)) => Unique::Stopped(r),
        };
        (u, stats)
    }

    fn searches_model(&self) -> bool {
        false // solutions are tent placements, not pairings: see `placements`
    }

    fn count(&self, puzzle: &TentsPuzzle, limit: Option<u64>, limits: &Limits) -> Counted {
        let Ok(built) = self.build(puzzle) else {
            let none = Count {
                count: 0,
                status: SearchStatus::Complete,
            };
            return (none, Stats::default());
        };
        if limit == Some(0) {
            let status = SearchStatus::Stopped(StopReason::SolutionLimit);
            return (Count { count: 0, status }, Stats::default());
        }
        let mut count = 0u64;
        let (status, stats) = placements(&built, limits, |_| {
            count += 1;
            limit.is_none_or(|l| count < l)
        });
        (Count { count, status }, stats)
    }

    fn solve(&self, puzzle: &TentsPuzzle, limits: &Limits) -> crate::family::Outcome<Self> {
        let Ok(built) = self.build(puzzle) else {
            return (Solved::Unsolvable, Stats::default());
        };
        let options = built.options.clone().with_limits(limits.clone());
        let mut s = Solver::with_options(&built.model, options);
        let outcome = match s.solve() {
            SolveOutcome::Solved(a) => Solved::Solution(self.decode(puzzle, &built, &a)),
            SolveOutcome::Unsatisfiable => Solved::Unsolvable,
            SolveOutcome::Stopped(r) => Solved::Stopped(r),
        };
        (outcome, s.stats())
    }

    fn render(
        &self,
        puzzle: &TentsPuzzle,
        solution: Option<&Field>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        render(puzzle, solution, candidates.as_deref(), options)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<TentsPuzzle, Field>, GenerateError> {
        generate::generate(options)
    }
}

/// Draws the trees, the counts (columns below the grid, rows to its right,
/// as Tatham does) and, for a solution, the tents; candidates cross out the
/// cells that cannot hold a tent.
fn render(
    p: &TentsPuzzle,
    solution: Option<&Field>,
    candidates: Option<&[Option<Vec<Value>>]>,
    options: &RenderOptions,
) -> String {
    let (rows, cols) = (p.field.rows, p.field.cols);
    let mut c =
        Canvas::new(rows, cols, &format!("Tents {rows}x{cols}")).with_margins(0.25, 0.25, 1.0, 1.0);
    c.highlights(options);
    c.grid_lines();
    c.outer_border();
    for (i, &spot) in p.field.spots.iter().enumerate() {
        let (r, col) = (i / cols, i % cols);
        if spot == Spot::Tree {
            c.tree(r, col);
        } else if solution.is_some_and(|s| s.spots.get(i) == Some(&Spot::Tent)) {
            c.tent(r, col);
        } else if solution.is_some() {
            continue;
        } else if let Some(Some(values)) = candidates.and_then(|k| k.get(i)) {
            if values.as_slice() == [1] {
                c.tent(r, col);
            } else if values.as_slice() == [0] {
                c.cross(r, col);
            }
        } else if candidates.is_some() {
            c.cross(r, col);
        }
    }
    for (i, k) in p.columns.iter().enumerate() {
        if let Some(k) = k {
            c.text_at(
                i as f64 + 0.5,
                rows as f64 + 0.5,
                &k.to_string(),
                Ink::Clue,
                0.55,
            );
        }
    }
    for (i, k) in p.rows.iter().enumerate() {
        if let Some(k) = k {
            c.text_at(
                cols as f64 + 0.5,
                i as f64 + 0.5,
                &k.to_string(),
                Ink::Clue,
                0.55,
            );
        }
    }
    c.finish(options.cell_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TATHAM_8X8: &str = "8x8:a_liciba_ehaa,2,0,3,0,2,1,1,3,2,1,1,2,2,1,2,1";

    #[test]
    fn text_and_game_id_read_the_same_puzzle() {
        let p = Tents.parse(TATHAM_8X8).unwrap();
        assert_eq!(p.field.cells_with(Spot::Tree).count(), 12);
        assert_eq!(Tents.write_game_id(&p).as_deref(), Some(TATHAM_8X8));
        let text = Tents.write(&p);
        assert!(
            text.starts_with("8 8\n2 0 3 0 2 1 1 3\n2 1 1 2 2 1 2 1\n- x x -"),
            "{text}"
        );
        assert_eq!(Tents.parse(&text).unwrap(), p);
        // A count may be missing in the text layout (no game ID then).
        let q = Tents.parse("2 2\n1 -\n- 1\nx -\n- -\n").unwrap();
        assert_eq!(q.columns, vec![Some(1), None]);
        assert_eq!(Tents.write_game_id(&q), None);
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Tents.parse("2 2\n1 0\n1 0\nx -\n- t\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(5), Some(3)));
        let e = Tents.parse("2 2\n1 3\n1 0\nx -\n- -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = Tents.parse("4x4:a_b!,1,1,1,1,1,1,1,1").unwrap_err();
        assert_eq!(e.column, Some(8));
        let e = Tents.parse("4x4:zzz,1").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = Tents.parse("4x4:p,1,1").unwrap_err();
        assert!(e.to_string().contains("expected 8 counts"), "{e}");
        let e = Tents.parse("4x4:a_l_,1,1,1,1,1,1,1,9").unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
    }
}
