//! Slant (Gokigen Naname, Tatham's Slant): draw one diagonal in every
//! cell so that each numbered corner touches that many diagonals and the
//! diagonals never close a loop.
//!
//! The puzzle is read from the janko.at text layout (`ROWS COLS` counting
//! cells, then ROWS + 1 rows of COLS + 1 corner clues `0`-`4` or `-`),
//! from a Tatham Slant game ID (`8x8de:...`) or from a puzz.link
//! `gokigen` URL; see `docs/formats/slant.md`. A solution prints each
//! cell's diagonal, `\` or `/`.
//!
//! The model is one 0/1 variable per cell (1: `\`, joining its top-left
//! and bottom-right corners; 0: `/`), a
//! [`count_literals`](csp_core::Model::count_literals) per numbered corner
//! (the diagonals of the up to four cells around it that touch it), and
//! one [`acyclic_literals`](csp_core::Model::acyclic_literals) over the
//! graph of corners whose edges are the two diagonals of every cell. The
//! counts are bounds consistent and the forest rule is domain consistent
//! on this complementary pair, so their propagation is exactly the two
//! deductions of Tatham's Easy level ("a corner with its count met, or
//! needing every cell left" and "a diagonal that would close a loop"):
//! the ladder is Easy (that propagation solves it) and Hard (it does not;
//! Tatham's Hard deductions, equivalent cells and dead ends, and beyond
//! are left to search).

use super::grid_text::{self, IdCursor};
use super::quick_grade;
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_four_cell};
use crate::render::{Canvas, RenderOptions};
use crate::text::Reader;
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Literal, ModelError, RelOp, Value, VarId};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The largest number of cell rows or columns read.
pub const MAX_SIDE: usize = 100;
/// The smallest grid [`Family::generate`] makes (Tatham's smallest).
pub const MIN_GENERATED: usize = 2;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 30;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): a Hard candidate at 8x8 is Hard about half the
/// time (Tatham's generator retries the same way), an Easy one always.
const ATTEMPTS: u32 = 200;

/// Slant, read from the janko.at layout, a Tatham Slant game ID or a
/// puzz.link `gokigen` URL.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slant;

/// A Slant puzzle: a grid of `rows x cols` cells and a clue (`None`: no
/// clue) at each of its `(rows + 1) x (cols + 1)` corners.
///
/// With the `serde` feature it is a string, its Tatham game ID (or the
/// text layout where no ID holds it: grids under 2x2), read back by
/// [`Slant`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    /// Row-major over the corners: corner `(i, j)` is the top-left corner
    /// of cell `(i, j)`.
    clues: Vec<Option<u8>>,
}

impl Puzzle {
    /// A puzzle of `rows x cols` cells with the clues of its corners given
    /// row-major (`(rows + 1) * (cols + 1)` of them); `None` if the count
    /// is wrong, a side is 0 or over [`MAX_SIDE`], or a clue is over 4.
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u8>>) -> Option<Puzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && clues.len() == (rows + 1) * (cols + 1)
            && clues.iter().flatten().all(|&k| k <= 4);
        ok.then_some(Puzzle { rows, cols, clues })
    }

    /// Rows of cells.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of cells.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The clue at corner `(row, col)` (the top-left corner of cell
    /// `(row, col)`; `row` up to [`rows`](Puzzle::rows), `col` up to
    /// [`cols`](Puzzle::cols)); `None` without a clue or outside.
    pub fn clue(&self, row: usize, col: usize) -> Option<u8> {
        (row <= self.rows && col <= self.cols)
            .then(|| self.clues[row * (self.cols + 1) + col])
            .flatten()
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    /// The cells around corner `v` (row-major over the corners), each with
    /// the diagonal that touches the corner (`true`: `\`).
    fn around(&self, v: usize) -> impl Iterator<Item = (usize, bool)> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        let (i, j) = (v / (cols + 1), v % (cols + 1));
        let cell = move |r: usize, c: usize| r * cols + c;
        [
            (i > 0 && j > 0).then(|| (cell(i - 1, j - 1), true)),
            (i > 0 && j < cols).then(|| (cell(i - 1, j), false)),
            (i < rows && j > 0).then(|| (cell(i, j - 1), false)),
            (i < rows && j < cols).then(|| (cell(i, j), true)),
        ]
        .into_iter()
        .flatten()
    }

    /// The corner `(row, col)` as players name it: `corner r2c3`, counted
    /// from 1 like cells (corner r1c1 is the grid's top-left corner).
    fn corner_name(&self, v: usize) -> String {
        let w = self.cols + 1;
        format!("corner r{}c{}", v / w + 1, v % w + 1)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(Puzzle, Slant);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Slants {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(
            self.rows,
            self.cols,
            |i| {
                if self.back[i] { "\\" } else { "/" }
            },
        )
    }

    fn from_text(text: &str) -> Result<Slants, ParseError> {
        let (rows, cols, back) = crate::serde_text::read_grid(text, |t, _| slash(t))?;
        Ok(Slants { rows, cols, back })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Slants);

/// A Slant solution: the diagonal of every cell.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `\` and `/` of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Slants {
    rows: usize,
    cols: usize,
    /// `true`: `\`.
    back: Vec<bool>,
}

impl Slants {
    /// The diagonals of a `rows x cols` grid, row-major (`true`: `\`);
    /// `None` if the count is not `rows * cols`.
    pub fn new(rows: usize, cols: usize, back: Vec<bool>) -> Option<Slants> {
        (back.len() == rows * cols).then_some(Slants { rows, cols, back })
    }

    /// Whether `cell` holds `\` (`false`: `/`, or outside the grid).
    pub fn is_backslash(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.back[cell.row * self.cols + cell.col]
    }
}

/// Reads a `\` or `/` token.
fn slash(t: &crate::text::Token<'_>) -> Result<bool, ParseError> {
    match t.text {
        "\\" => Ok(true),
        "/" => Ok(false),
        other => Err(t.error(format!("expected '\\' or '/', found '{other}'"))),
    }
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "corner counts and loop avoidance propagated to a fixpoint (Tatham's Easy)",
    },
    Level {
        name: "hard",
        about: "needs more than the easy deductions: Tatham's Hard (equivalent cells, dead ends) or trial and error",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "slant",
    title: "Slant",
    rules: "Draw a diagonal in every cell so that each numbered corner touches that many diagonals and the diagonals never form a closed loop.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: |h| grid_text::header_size(h, false).and_then(|(rows, _)| rows.checked_add(1)),
        one_line: grid_text::is_one_line,
    },
    default_size: (8, 8),
};

/// Slant's named deductions, easiest first (both Tatham's Easy).
static RULES: [crate::Rule; 3] = [
    crate::Rule::new(
        "corner full",
        "a numbered corner touched by that many diagonals: the other cells around it slant away from it",
        Some("Easy"),
    ),
    crate::Rule::new(
        "corner needs every cell",
        "a numbered corner with only as many cells left as it still needs: they all slant to touch it",
        Some("Easy"),
    ),
    crate::Rule::new(
        "no loop",
        "a diagonal whose two ends the diagonals already join would close a loop: the cell takes the other one",
        Some("Easy"),
    ),
];

fn parse_text(text: &str) -> Result<Puzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    let mut clues = Vec::with_capacity((h.rows + 1) * (h.cols + 1));
    for row in 0..=h.rows {
        for t in grid_text::cells(&mut r, h.cols + 1, &format!("corner row {}", row + 1))? {
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

/// Reads Tatham's Slant game ID: `W[xH][dD]:DESC`, DESC over the corners
/// row by row: `0`-`4` a clue, `a`-`z` 1-26 corners without one.
fn parse_game_id(line: &str) -> Result<Puzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('d') {
        match c.next_char() {
            Some('e' | 'h') => {}
            Some(ch) => {
                return Err(ParseError::at(
                    1,
                    c.column() - 1,
                    format!("expected the difficulty 'e' or 'h', found '{ch}'"),
                ));
            }
            None => return Err(c.error("expected the difficulty 'e' or 'h'")),
        }
    }
    c.expect_colon()?;
    let total = (rows + 1) * (cols + 1);
    let mut clues = Vec::with_capacity(total);
    while let Some(ch) = c.peek() {
        match ch {
            'a'..='z' => {
                let run = (ch as usize) - ('a' as usize) + 1;
                if clues.len() + run > total {
                    return Err(c.error("the description is longer than the grid's corners"));
                }
                clues.extend(std::iter::repeat_n(None, run));
            }
            '0'..='4' if clues.len() < total => clues.push(Some(ch as u8 - b'0')),
            '0'..='4' => return Err(c.error("the description is longer than the grid's corners")),
            _ => {
                return Err(c.error(format!(
                    "expected a clue 0-4 or 'a'-'z' (corners without a clue), found '{ch}'"
                )));
            }
        }
        c.next_char();
    }
    if clues.len() < total {
        return Err(c.error(format!(
            "the description covers {} of the {total} corners",
            clues.len()
        )));
    }
    Ok(Puzzle { rows, cols, clues })
}

fn write_game_id(p: &Puzzle) -> Option<String> {
    // Tatham's program takes grids of at least 2x2.
    if p.rows < 2 || p.cols < 2 {
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

/// puzz.link's genre: `gokigen`, the corner clues in 4Cross (4Cell over
/// the corners).
const GENRE: Genre = Genre {
    name: "gokigen",
    aliases: &["slant"],
};

/// Reads a `gokigen` URL. A `?` clue constrains nothing and is read as no
/// clue; flags (`d`: pzprjs's old encoding) are an error.
fn from_puzzlink(url: &Url) -> Result<Puzzle, ParseError> {
    url.no_flags("slant")?;
    let (rows, cols) = (url.rows, url.cols);
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(url.size_error(format!("over the largest Slant ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let clues = r.four_cell((rows + 1) * (cols + 1))?;
    r.finish()?;
    let clues = clues.iter().map(|c| c.number().map(|k| k as u8)).collect();
    Puzzle::new(rows, cols, clues).ok_or_else(|| url.error("not a Slant puzzle"))
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

/// The corners joined by each cell's two diagonals, `\` then `/`, in cell
/// order: the edges of the graph of corners.
fn diagonals(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let w = cols + 1;
    let mut out = Vec::with_capacity(2 * rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            out.push((r * w + c, (r + 1) * w + c + 1));
            out.push((r * w + c + 1, (r + 1) * w + c));
        }
    }
    out
}

/// The model: one 0/1 variable per cell (1: `\`); a count per clue, in
/// corner order, then the forest rule (the order [`origin`] relies on).
fn build(p: &Puzzle) -> Result<Built, ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let mut m = csp_core::Model::new();
    let cells: Vec<VarId> = (0..rows * cols)
        .map(|i| m.new_named_var(p.cell(i).to_string(), 0..=1))
        .collect::<Result<_, _>>()?;
    for (v, k) in p.clues.iter().enumerate() {
        let Some(k) = *k else { continue };
        let lits: Vec<Literal> = p
            .around(v)
            .map(|(i, back)| Literal::eq(cells[i], Value::from(back)))
            .collect();
        m.count_literals(&lits, RelOp::Eq, usize::from(k))?;
    }
    let graph = Graph::new((rows + 1) * (cols + 1), &diagonals(rows, cols))?;
    let lits: Vec<Literal> = cells
        .iter()
        .flat_map(|&x| [Literal::eq(x, 1), Literal::eq(x, 0)])
        .collect();
    m.acyclic_literals(&lits, &graph)?;
    Ok(Built::with_cells(
        m,
        rows,
        cols,
        cells.into_iter().map(Some).collect(),
    ))
}

/// What constraint `c` of [`build`]'s model stands for: `Some(corner)` for
/// a clue's count, `None` for the forest rule.
fn origin(p: &Puzzle, c: ConstraintId) -> Option<usize> {
    p.clues
        .iter()
        .enumerate()
        .filter(|(_, k)| k.is_some())
        .nth(c.index())
        .map(|(v, _)| v)
}

fn describe_constraint(p: &Puzzle, c: ConstraintId) -> String {
    match origin(p, c) {
        Some(v) => format!(
            "the {} at {}",
            p.clues[v].unwrap_or_default(),
            p.corner_name(v)
        ),
        None => "the diagonals form no loop".to_owned(),
    }
}

fn reason(p: &Puzzle, d: &Deduction, placed: bool) -> crate::Reason {
    // The diagonal the deduction leaves in the cell.
    let back = (d.value == 1) == placed;
    let i = d.var.index();
    match origin(p, d.constraint) {
        Some(v) => {
            let reads = p.around(v).map(|(j, _)| p.cell(j)).collect();
            let touches = p.around(v).any(|(j, b)| j == i && b == back);
            let k = p.clues[v].unwrap_or_default();
            let name = p.corner_name(v);
            if touches {
                crate::Reason::new(
                    RULES[1].name,
                    format!("the {k} at {name} needs every cell left"),
                    reads,
                )
            } else {
                let has = match k {
                    0 => "takes no diagonal".to_owned(),
                    1 => "has its diagonal".to_owned(),
                    k => format!("has its {k} diagonals"),
                };
                crate::Reason::new(RULES[0].name, format!("the {k} at {name} {has}"), reads)
            }
        }
        None => {
            let other = if back { '/' } else { '\\' };
            crate::Reason::new(
                RULES[2].name,
                format!("a {other} in {} would close a loop", p.cell(i)),
                vec![p.cell(i)],
            )
        }
    }
}

/// The clues a solution breaks: corners touched by the wrong number of
/// diagonals.
fn clue_violations(p: &Puzzle, s: &Slants) -> Vec<Violation> {
    let mut out = Vec::new();
    for (v, k) in p.clues.iter().enumerate() {
        let Some(k) = *k else { continue };
        let n = p.around(v).filter(|&(i, b)| s.back[i] == b).count();
        if n != usize::from(k) {
            out.push(Violation::new(
                format!(
                    "the {k} at {} is touched by {n} diagonal{}",
                    p.corner_name(v),
                    if n == 1 { "" } else { "s" }
                ),
                p.around(v).map(|(i, _)| p.cell(i)).collect(),
            ));
        }
    }
    out
}

/// The loops the diagonals of `s` close, each as the cells of its
/// diagonals (one violation per diagonal that closes a cycle, in cell
/// order).
fn loops(s: &Slants) -> Vec<Violation> {
    let (rows, cols) = (s.rows, s.cols);
    let n = (rows + 1) * (cols + 1);
    // Adjacency of the diagonals laid so far: (other corner, cell).
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut uf: Vec<usize> = (0..n).collect();
    fn find(uf: &mut [usize], mut v: usize) -> usize {
        while uf[v] != v {
            uf[v] = uf[uf[v]];
            v = uf[v];
        }
        v
    }
    let edges = diagonals(rows, cols);
    let mut out = Vec::new();
    for i in 0..rows * cols {
        let (a, b) = edges[2 * i + usize::from(!s.back[i])];
        let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
        if ra == rb {
            // The path from a to b through the forest, by breadth first.
            let mut from: Vec<Option<(usize, usize)>> = vec![None; n];
            let mut queue = std::collections::VecDeque::from([a]);
            let mut seen = vec![false; n];
            seen[a] = true;
            while let Some(u) = queue.pop_front() {
                for &(w, cell) in &adj[u] {
                    if !seen[w] {
                        seen[w] = true;
                        from[w] = Some((u, cell));
                        queue.push_back(w);
                    }
                }
            }
            let mut cells = vec![Cell::new(i / cols, i % cols)];
            let mut at = b;
            while let Some((u, cell)) = from[at] {
                cells.push(Cell::new(cell / cols, cell % cols));
                at = u;
            }
            cells.sort_unstable();
            out.push(Violation::new(
                format!(
                    "the diagonals of {} form a loop",
                    super::shading::cell_list(&cells)
                ),
                cells,
            ));
        } else {
            uf[ra] = rb;
        }
        adj[a].push((b, i));
        adj[b].push((a, i));
    }
    out
}

fn check(p: &Puzzle, s: &Slants) -> Vec<Violation> {
    if (p.rows, p.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = clue_violations(p, s);
    out.extend(loops(s));
    out
}

impl Family for Slant {
    type Puzzle = Puzzle;
    type Solution = Slants;

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
        grid_text::write_grid(&mut out, p.rows + 1, p.cols + 1, |r, c| {
            match p.clues[r * (p.cols + 1) + c] {
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
        build(p)
    }

    fn decode(&self, p: &Puzzle, built: &Built, solution: &csp_core::Solution) -> Slants {
        let back = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| solution.get(v)) == Some(1))
            .collect();
        Slants {
            rows: p.rows,
            cols: p.cols,
            back,
        }
    }

    fn write_solution(&self, p: &Puzzle, s: &Slants) -> String {
        let mut out = p.header();
        out.push('\n');
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
            if s.back[r * p.cols + c] { "\\" } else { "/" }
        });
        out
    }

    fn parse_solution(&self, p: &Puzzle, text: &str) -> Result<Slants, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let mut back = Vec::with_capacity(p.rows * p.cols);
        for row in 0..p.rows {
            for t in grid_text::cells(&mut r, p.cols, &format!("row {}", row + 1))? {
                back.push(slash(&t)?);
            }
        }
        r.end()?;
        Ok(Slants {
            rows: p.rows,
            cols: p.cols,
            back,
        })
    }

    fn check(&self, p: &Puzzle, s: &Slants) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &Puzzle) -> Vec<Violation> {
        let mut out = Vec::new();
        for (v, k) in p.clues.iter().enumerate() {
            let Some(k) = *k else { continue };
            let cells: Vec<Cell> = p.around(v).map(|(i, _)| p.cell(i)).collect();
            if usize::from(k) > cells.len() {
                out.push(Violation::new(
                    format!(
                        "the {k} at {} has only {} cell{} around it",
                        p.corner_name(v),
                        cells.len(),
                        if cells.len() == 1 { "" } else { "s" }
                    ),
                    cells,
                ));
            }
        }
        out
    }

    fn value_at(&self, s: &Slants, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| Value::from(s.is_backslash(cell)))
    }

    fn describe_constraint(&self, p: &Puzzle, _: &Built, c: ConstraintId) -> String {
        describe_constraint(p, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &Puzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["is \\", "are \\"]
        } else {
            ["is /", "are /"]
        })
    }

    fn reason(
        &self,
        p: &Puzzle,
        _: &Built,
        d: &Deduction,
        placed: bool,
        _: &crate::generic::Progress,
    ) -> crate::Reason {
        reason(p, d, placed)
    }

    fn render(&self, p: &Puzzle, solution: Option<&Slants>, options: &RenderOptions) -> String {
        render(self, p, solution, options)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Puzzle, Slants>, GenerateError> {
        generate(options)
    }
}

/// Draws the grid, the diagonals of a solution (or, with candidates, those
/// the easy deductions fix) and the corner clues in rings.
fn render(f: &Slant, p: &Puzzle, solution: Option<&Slants>, options: &RenderOptions) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let mut c = Canvas::new(rows, cols, &format!("Slant {rows}x{cols}"));
    c.highlights(options);
    c.grid_lines();
    c.outer_border();
    let candidates = options.candidates.then(|| crate::generic::candidates(f, p));
    for i in 0..rows * cols {
        let known = match (solution, &candidates) {
            (Some(s), _) => Some(s.back[i]),
            (None, Some(k)) => match k.get(i) {
                Some(Some(values)) if values.len() == 1 => Some(values[0] == 1),
                _ => None,
            },
            _ => None,
        };
        if let Some(back) = known {
            c.diagonal(i / cols, i % cols, back);
        }
    }
    for (v, k) in p.clues.iter().enumerate() {
        if let Some(k) = k {
            let (x, y) = ((v % (cols + 1)) as f64, (v / (cols + 1)) as f64);
            c.point_clue(x, y, &k.to_string());
        }
    }
    c.finish(options.cell_size)
}

/// A filling of every cell with no loop: cells in random order, each a
/// random diagonal unless that one closes a loop (then the other, which
/// never closes one too: two diagonals of one cell closing loops would
/// need a loop around one of its corners already).
fn random_filling(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Option<Vec<bool>> {
    let n = (rows + 1) * (cols + 1);
    let mut uf: Vec<usize> = (0..n).collect();
    fn find(uf: &mut [usize], mut v: usize) -> usize {
        while uf[v] != v {
            uf[v] = uf[uf[v]];
            v = uf[v];
        }
        v
    }
    let edges = diagonals(rows, cols);
    let mut order: Vec<usize> = (0..rows * cols).collect();
    order.shuffle(rng);
    let mut back = vec![false; rows * cols];
    for i in order {
        let first = rng.random_bool(0.5);
        let mut placed = false;
        for b in [first, !first] {
            let (x, y) = edges[2 * i + usize::from(!b)];
            let (rx, ry) = (find(&mut uf, x), find(&mut uf, y));
            if rx != ry {
                uf[rx] = ry;
                back[i] = b;
                placed = true;
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    Some(back)
}

/// A unique puzzle of the asked level, Tatham's way: a random filling,
/// every corner clued, then clues taken away in random order while the
/// puzzle stays solvable at the level (easy: by the easy deductions;
/// hard: uniquely, the obvious starting clues first), and for hard, kept
/// only if the easy deductions do not solve it.
fn generate(options: &GenerateOptions) -> Result<Generated<Puzzle, Slants>, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let level =
        crate::generic::generation_level("slant", options, MIN_GENERATED..=MAX_GENERATED, LEVELS)?;
    let w = cols + 1;
    crate::generic::generate_graded(&Slant, options, level, ATTEMPTS, 100_000, |rng, limits| {
        let back = random_filling(rows, cols, rng)?;
        let solution = Slants { rows, cols, back };
        let mut puzzle = Puzzle {
            rows,
            cols,
            clues: vec![None; (rows + 1) * w],
        };
        for v in 0..puzzle.clues.len() {
            let k = puzzle
                .around(v)
                .filter(|&(i, b)| solution.back[i] == b)
                .count();
            puzzle.clues[v] = Some(k as u8);
        }
        let mut order: Vec<usize> = (0..puzzle.clues.len()).collect();
        order.shuffle(rng);
        // Tatham's obvious starting points, taken away first for hard.
        let obvious = |v: usize, k: u8| {
            let edge = |x: usize, n: usize| x == 0 || x == n;
            let (i, j) = (v / w, v % w);
            k == 0
                || k == 4
                || (k == 2 && (edge(i, rows) || edge(j, cols)))
                || (k == 1 && edge(i, rows) && edge(j, cols))
        };
        let passes: &[bool] = if options.level == 0 {
            &[true]
        } else {
            &[true, false]
        };
        for &first in passes {
            for &v in &order {
                let Some(k) = puzzle.clues[v] else { continue };
                if options.level > 0 && obvious(v, k) != first {
                    continue;
                }
                puzzle.clues[v] = None;
                let keep = if options.level == 0 {
                    quick_grade::solved_at(&Slant, &puzzle, 0)
                } else {
                    matches!(Slant.uniqueness(&puzzle, limits).0, Unique::Unique(_))
                };
                if !keep {
                    puzzle.clues[v] = Some(k);
                }
            }
        }
        // A hard puzzle that the easy rules alone finish is not hard.
        (options.level == 0 || !quick_grade::solved_at(&Slant, &puzzle, 0))
            .then_some((puzzle, solution))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_game_id_read_the_same_puzzle() {
        let text = "2 3\n- 1 - -\n1 - 3 -\n- - 1 0\n";
        let a = Slant.parse(text).unwrap();
        assert_eq!(Slant.write(&a), text);
        let id = write_game_id(&a).unwrap();
        assert_eq!(id, "3x2:a1b1a3c10");
        assert_eq!(Slant.parse(&id).unwrap(), a);
        assert_eq!(Slant.parse("3x2dh:a1b1a3c10").unwrap(), a);
        let wide = Puzzle::new(2, 30, vec![None; 93]).unwrap();
        let id = write_game_id(&wide).unwrap();
        assert_eq!(id, "30x2:zzzo");
        assert_eq!(Slant.parse(&id).unwrap(), wide);
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Slant.parse("1 1\n- 1\n5 -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(1)));
        let e = Slant.parse("1 1\n- 1\n").unwrap_err();
        assert!(e.line.is_some(), "{e}");
        let e = Slant.parse("2x2:h5").unwrap_err();
        assert_eq!(e.column, Some(6));
        let e = Slant.parse("2x2:h").unwrap_err();
        assert!(e.to_string().contains("8 of the 9"), "{e}");
        let e = Slant.parse("2x2dq:i").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = Slant.parse("2x2:i0").unwrap_err();
        assert_eq!(e.column, Some(6));
    }

    #[test]
    fn loops_name_the_cells_of_the_loop() {
        // A diamond: / \ over \ /.
        let s = Slants::new(2, 2, vec![false, true, true, false]).unwrap();
        let v = loops(&s);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].cells.len(), 4);
        assert!(v[0].rule.contains("form a loop"), "{}", v[0].rule);
        let s = Slants::new(2, 2, vec![true, true, true, false]).unwrap();
        assert!(loops(&s).is_empty());
    }
}
