//! Shikaku (Tatham's Rectangles): cut the grid into rectangles, each
//! holding exactly one number, which is its area.
//!
//! The model is one variable per cell, the number of the clue whose
//! rectangle covers it (clues numbered 1, 2, ... row by row), and one
//! [`placement`](csp_core::Model::placement) piece per clue whose
//! placements are the rectangles of its area around it that hold no other
//! clue ([`rectangles`]), every cell covered exactly once. The
//! placement's two rules are the ladder's first rung: a cell no rectangle
//! left for a clue covers is out of that clue's reach, and a cell every
//! rectangle left for a clue covers is that clue's. Puzzles those rules do
//! not finish need search (the second rung). Tatham's Rectangles has no
//! difficulty levels, so the ladder is of named deductions.

use super::grid_text::{self, IdCursor};
use super::shading::{self, Regions};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::placement::{Cover, Piece, rectangles, rules as placement_rules};
use csp_core::{ConstraintId, Deduction, Limits, ModelError, Value};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 1000;
/// Clue placements tried per planted cut before a new cut.
const CLUE_TRIES: usize = 20;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 3;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 20;

/// Shikaku (Tatham's Rectangles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shikaku;

/// A Shikaku puzzle: the numbers in the grid.
///
/// With the `serde` feature it is a string, its Tatham game ID when it has
/// one (at least 2x2), else its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShikakuPuzzle {
    rows: usize,
    cols: usize,
    /// The number of each cell, row-major (`None`: no number).
    clues: Vec<Option<u32>>,
}

impl ShikakuPuzzle {
    /// A puzzle from a number or none per cell, row-major; `None` if the
    /// length is not `rows * cols` or a number is 0.
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u32>>) -> Option<ShikakuPuzzle> {
        (rows.checked_mul(cols) == Some(clues.len()) && !clues.contains(&Some(0)))
            .then_some(ShikakuPuzzle { rows, cols, clues })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number at a cell, if any.
    pub fn clue(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.clues[cell.row * self.cols + cell.col])
            .flatten()
    }

    /// The clues' cells, row by row: clue `k` (from 1) is the `k`-th.
    fn clue_cells(&self) -> Vec<usize> {
        (0..self.clues.len())
            .filter(|&i| self.clues[i].is_some())
            .collect()
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// "the 6 at r1c1", clue `k` (from 1).
    fn clue_name(&self, k: usize) -> String {
        match self.clue_cells().get(k.wrapping_sub(1)) {
            Some(&i) => format!("the {} at {}", self.clues[i].unwrap_or(0), self.cell(i)),
            None => format!("clue {k}"),
        }
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(ShikakuPuzzle, Shikaku);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a cell no rectangle left for a number reaches is not that number's, and a cell every rectangle left for a number covers is",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

/// Shikaku's named deductions, easiest first.
static RULES: [crate::Rule; 2] = [
    crate::Rule::new(
        "out of reach",
        "no rectangle left for a number covers the cell: it is not that number's",
        None,
    ),
    crate::Rule::new(
        "covered by every rectangle",
        "every rectangle left for a number covers the cell: it is that number's",
        None,
    ),
];

static INFO: FamilyInfo = FamilyInfo {
    name: "shikaku",
    title: "Shikaku",
    rules: "Cut the grid into rectangles along the grid lines so that every rectangle holds exactly one number, which is its area.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

/// puzz.link's genre: `shikaku` (also `sikaku`), the numbers in Number16.
const GENRE: Genre = Genre {
    name: "shikaku",
    aliases: &["sikaku"],
};

/// Reads a Tatham Rectangles game ID: `WxH` (optionally `e` and the
/// expansion factor, `a` for "not unique"), `:`, then the squares: a
/// number, `a`-`z` for 1-26 empty squares, `_` between two numbers.
fn parse_game_id(line: &str) -> Result<ShikakuPuzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('e') {
        while c.peek().is_some_and(|ch| ch.is_ascii_digit() || ch == '.') {
            c.next_char();
        }
    }
    c.eat('a');
    c.expect_colon()?;
    let total = rows * cols;
    let mut clues: Vec<Option<u32>> = Vec::with_capacity(total);
    let mut after_number = false;
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
                c.next_char();
                after_number = false;
            }
            '_' if after_number => {
                c.next_char();
                after_number = false;
            }
            '0'..='9' => {
                let n = c.number("a number", 1, total)?;
                clues.push(Some(n as u32));
                after_number = true;
            }
            _ => {
                return Err(c.error(format!(
                    "expected a number, 'a'-'z' (empty squares) or '_', found '{ch}'"
                )));
            }
        }
    }
    if clues.len() < total {
        return Err(c.error(format!(
            "the description covers {} of the {total} squares",
            clues.len()
        )));
    }
    Ok(ShikakuPuzzle { rows, cols, clues })
}

fn write_game_id(p: &ShikakuPuzzle) -> Option<String> {
    // Tatham's program takes grids of at least 2x2.
    if p.rows < 2 || p.cols < 2 {
        return None;
    }
    let mut out = format!("{}x{}:", p.cols, p.rows);
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let k = (*run).min(26);
            out.push((b'a' + k as u8 - 1) as char);
            *run -= k;
        }
    };
    let mut last_number = false;
    for &clue in &p.clues {
        match clue {
            None => run += 1,
            Some(n) => {
                if run > 0 {
                    flush(&mut out, &mut run);
                } else if last_number {
                    out.push('_');
                }
                out.push_str(&n.to_string());
            }
        }
        last_number = clue.is_some() && run == 0;
    }
    flush(&mut out, &mut run);
    Some(out)
}

fn from_puzzlink(url: &Url) -> Result<ShikakuPuzzle, ParseError> {
    url.no_flags("shikaku")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Shikaku ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let clues = r.number16(rows * cols)?;
    r.finish()?;
    let mut out = Vec::with_capacity(rows * cols);
    for (i, clue) in clues.into_iter().enumerate() {
        out.push(match clue {
            Clue::Empty => None,
            Clue::Number(n) if n > 0 && n as usize <= rows * cols => Some(n),
            Clue::Number(n) if n > 0 => {
                return Err(url.error(format!(
                    "{} has the area {n}, out of range (1 to {}): the grid has {} cells",
                    Cell::new(i / cols, i % cols),
                    rows * cols,
                    rows * cols
                )));
            }
            Clue::Number(_) => {
                return Err(url.error(format!(
                    "{} has the number 0: a rectangle has at least one cell",
                    Cell::new(i / cols, i % cols)
                )));
            }
            Clue::Unknown => {
                return Err(url.error(format!(
                    "{} has a number not given ('?'): gridcsp's Shikaku needs every area",
                    Cell::new(i / cols, i % cols)
                )));
            }
        });
    }
    Ok(ShikakuPuzzle {
        rows,
        cols,
        clues: out,
    })
}

fn to_puzzlink(p: &ShikakuPuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p.clues.iter().map(|&c| Clue::from_option(c)).collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_number16(&clues)?,
    ))
}

/// A cell's number in the layout: `-` or a positive integer.
/// A number larger than the grid's `cells` is refused here, as the game ID
/// and the puzz.link URL refuse it, so every form reads the same puzzles.
fn read_clue(t: &crate::text::Token<'_>, cells: usize) -> Result<Option<u32>, ParseError> {
    if t.text == "-" {
        return Ok(None);
    }
    match t.text.parse::<u32>() {
        Ok(n) if n > 0 && t.text.bytes().all(|b| b.is_ascii_digit()) => {
            if n as usize > cells {
                return Err(t.error(format!(
                    "the area {n} is out of range (1 to {cells}): the grid has {cells} cells"
                )));
            }
            Ok(Some(n))
        }
        _ => Err(t.error(format!(
            "expected '-' or a positive number (an area), found '{}'",
            t.text
        ))),
    }
}

impl Shikaku {
    fn model(&self, p: &ShikakuPuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let clue_cells = p.clue_cells();
        let top = Value::try_from(clue_cells.len().max(1)).unwrap_or(Value::MAX);
        let mut m = csp_core::Model::new();
        let cells = m.new_vars(rows * cols, 1..=top)?;
        let is_clue: Vec<bool> = p.clues.iter().map(Option::is_some).collect();
        let pieces: Vec<Piece> = clue_cells
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let area = p.clues[i].unwrap_or(0) as usize;
                let places = rectangles(rows, cols, i / cols, i % cols, area)
                    .into_iter()
                    .filter(|r| r.iter().all(|&j| j == i || !is_clue[j]))
                    .collect();
                Piece::new(k as Value + 1, places)
            })
            .collect();
        m.placement(&cells, &pieces, Cover::Exactly)?;
        let mut built = Built::new(m, rows, cols);
        built.cells = cells.into_iter().map(Some).collect();
        Ok(built)
    }

    /// The clue (from 1) a deduction is about: the value it places or
    /// removes when that is the placing piece's, else the one clue cell in
    /// the constraint's cells.
    fn clue_of(&self, p: &ShikakuPuzzle, built: &Built, c: ConstraintId) -> Option<usize> {
        let k = built.model.constraint(c)?;
        let cells = shading::scope_cells(built, k.scope())?;
        let clue_cells = p.clue_cells();
        cells.iter().find_map(|cell| {
            let i = cell.row * p.cols + cell.col;
            clue_cells.iter().position(|&j| j == i).map(|k| k + 1)
        })
    }
}

impl Family for Shikaku {
    type Puzzle = ShikakuPuzzle;
    type Solution = Regions;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<ShikakuPuzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let (rows, cols) = (h.rows, h.cols);
        let mut clues = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of numbers", row + 1))? {
                clues.push(read_clue(&t, rows * cols)?);
            }
        }
        r.end()?;
        Ok(ShikakuPuzzle { rows, cols, clues })
    }

    fn write(&self, p: &ShikakuPuzzle) -> String {
        let mut out = format!("{}\n", p.header());
        shading::write_aligned(&mut out, p.rows, p.cols, |i| {
            p.clues[i].map_or_else(|| "-".to_owned(), |n| n.to_string())
        });
        out
    }

    fn write_game_id(&self, p: &ShikakuPuzzle) -> Option<String> {
        write_game_id(p)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<ShikakuPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &ShikakuPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &ShikakuPuzzle) -> Result<Built, ModelError> {
        self.model(p)
    }

    fn decode(&self, _: &ShikakuPuzzle, built: &Built, s: &csp_core::Solution) -> Regions {
        Regions::decode(built, s)
    }

    fn write_solution(&self, p: &ShikakuPuzzle, s: &Regions) -> String {
        let mut out = format!("{}\n", p.header());
        let labels = shading::canonical_labels(s.labels());
        shading::write_aligned(&mut out, p.rows, p.cols, |i| labels[i].to_string());
        out
    }

    /// Reads a labelling (any labels); each region holding exactly one
    /// number takes that number's clue number (from 1, row by row), the
    /// others labels after the last clue's, so a solution reads back equal
    /// to the one [`Family::solve`] gives.
    fn parse_solution(&self, p: &ShikakuPuzzle, text: &str) -> Result<Regions, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let regions = Regions::read(&mut r, p.rows, p.cols)?;
        r.end()?;
        let clue_cells = p.clue_cells();
        let mut next = clue_cells.len() as u64;
        let mut map: Vec<(u64, u64)> = Vec::new();
        for (l, cells) in regions.groups() {
            let inside: Vec<usize> = clue_cells
                .iter()
                .enumerate()
                .filter(|&(_, &i)| cells.contains(&i))
                .map(|(k, _)| k)
                .collect();
            let to = match inside.as_slice() {
                [k] => *k as u64 + 1,
                _ => {
                    next += 1;
                    next
                }
            };
            map.push((l, to));
        }
        let labels = regions
            .labels()
            .iter()
            .map(|l| map.iter().find(|(f, _)| f == l).map_or(0, |&(_, t)| t))
            .collect();
        Regions::new(p.rows, p.cols, labels).ok_or_else(|| ParseError::new("wrong size"))
    }

    fn check(&self, p: &ShikakuPuzzle, s: &Regions) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &ShikakuPuzzle) -> Vec<Violation> {
        let cells = p.clue_cells();
        let total: u64 = cells
            .iter()
            .map(|&i| u64::from(p.clues[i].unwrap_or(0)))
            .sum();
        let area = (p.rows * p.cols) as u64;
        if total == area {
            return Vec::new();
        }
        vec![Violation::new(
            format!("the numbers add up to {total} but the grid has {area} cells"),
            cells.into_iter().map(|i| p.cell(i)).collect(),
        )]
    }

    fn value_at(&self, s: &Regions, cell: Cell) -> Option<Value> {
        s.label(cell).and_then(|l| Value::try_from(l).ok())
    }

    fn render(&self, p: &ShikakuPuzzle, s: Option<&Regions>, options: &RenderOptions) -> String {
        let mut c = Canvas::new(p.rows, p.cols, &format!("Shikaku {}x{}", p.rows, p.cols));
        c.highlights(options);
        c.grid_lines();
        if let Some(s) = s {
            c.region_borders(|r, col| s.label(Cell::new(r, col)));
        } else if options.candidates {
            // The first rung's progress: a line between two cells settled
            // to different numbers.
            let k = crate::generic::candidates(self, p);
            let settled = |i: usize| match k.get(i) {
                Some(Some(v)) if v.len() == 1 => Some(v[0]),
                _ => None,
            };
            let mut d = String::new();
            for i in 0..p.rows * p.cols {
                let (r, col) = (i / p.cols, i % p.cols);
                let apart =
                    |j: usize| matches!((settled(i), settled(j)), (Some(a), Some(b)) if a != b);
                if col + 1 < p.cols && apart(i + 1) {
                    d.push_str(&format!("M{} {r}v1", col + 1));
                }
                if r + 1 < p.rows && apart(i + p.cols) {
                    d.push_str(&format!("M{col} {}h1", r + 1));
                }
            }
            if !d.is_empty() {
                c.raw(&format!("<path class=\"thick\" d=\"{d}\"/>"));
            }
            c.outer_border();
        } else {
            c.outer_border();
        }
        for i in 0..p.clues.len() {
            if let Some(n) = p.clues[i] {
                c.text(i / p.cols, i % p.cols, &n.to_string(), Ink::Given);
            }
        }
        c.finish(options.cell_size)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        p: &ShikakuPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        _: &crate::generic::Progress,
    ) -> crate::Reason {
        let cell = built.cell_of(d.var);
        let own = self.clue_of(p, built, d.constraint);
        let about = |k: usize| p.clue_name(k);
        let reads = |k: usize| {
            p.clue_cells()
                .get(k.wrapping_sub(1))
                .map(|&i| vec![p.cell(i)])
                .unwrap_or_default()
        };
        // A cell placed because the last other number's rectangles cannot
        // reach it is out of reach of that number, not covered by it.
        let covered = d.rule == placement_rules::COVERED
            || (placed && d.rule != placement_rules::NOT_REACHABLE);
        match own {
            Some(k) if covered => crate::Reason::new(
                RULES[1].name,
                format!("every rectangle left for {} covers it", about(k)),
                reads(k),
            ),
            Some(k) => crate::Reason::new(
                RULES[0].name,
                format!("no rectangle left for {} reaches it", about(k)),
                reads(k),
            ),
            None => crate::Reason::new(
                RULES[0].name,
                format!(
                    "no rectangle reaches {}",
                    cell.map_or_else(String::new, |c| c.to_string())
                ),
                Vec::new(),
            ),
        }
    }

    /// A cell's value is the number (clue, from 1) whose rectangle covers
    /// it: "is in the rectangle of the 6 at r2c2".
    fn mark_words(&self, p: &ShikakuPuzzle, _: crate::Spot, value: Value) -> Option<[String; 2]> {
        let k = usize::try_from(value).ok()?;
        let name = p.clue_name(k);
        Some([
            format!("is in the rectangle of {name}"),
            format!("are in the rectangle of {name}"),
        ])
    }

    fn describe_constraint(&self, p: &ShikakuPuzzle, built: &Built, c: ConstraintId) -> String {
        match self.clue_of(p, built, c) {
            Some(k) => format!("the rectangle of {} (clue {k})", p.clue_name(k)),
            None => c.to_string(),
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<ShikakuPuzzle, Regions>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "shikaku",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 50_000, |rng, limits| {
            candidate(rows, cols, rng, limits)
        })
    }
}

/// The rules a labelling breaks, from the rules alone: every region a
/// rectangle (it fills its bounding box and is one piece), holding exactly
/// one number, equal to its area.
fn check(p: &ShikakuPuzzle, s: &Regions) -> Vec<Violation> {
    if s.labels().len() != p.rows * p.cols {
        return vec![Violation::new(
            format!("the solution is not {}x{}", p.rows, p.cols),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    for (_, cells) in s.cell_groups() {
        let top = cells.iter().map(|c| c.row).min().unwrap_or(0);
        let bottom = cells.iter().map(|c| c.row).max().unwrap_or(0);
        let left = cells.iter().map(|c| c.col).min().unwrap_or(0);
        let right = cells.iter().map(|c| c.col).max().unwrap_or(0);
        let first = cells.first().copied().unwrap_or(Cell::new(0, 0));
        if (bottom - top + 1) * (right - left + 1) != cells.len() {
            out.push(Violation::new(
                format!(
                    "the area at {first} is not a rectangle (it does not fill r{}c{}-r{}c{})",
                    top + 1,
                    left + 1,
                    bottom + 1,
                    right + 1
                ),
                cells.clone(),
            ));
            continue;
        }
        let numbers: Vec<(Cell, u32)> = cells
            .iter()
            .filter_map(|&c| p.clue(c).map(|n| (c, n)))
            .collect();
        match numbers.as_slice() {
            [] => out.push(Violation::new(
                format!("the rectangle at {first} holds no number"),
                cells.clone(),
            )),
            [(c, n)] if *n as usize != cells.len() => out.push(Violation::new(
                format!(
                    "the rectangle of the {n} at {c} has {} cells, not {n}",
                    cells.len()
                ),
                cells.clone(),
            )),
            [_] => {}
            many => out.push(Violation::new(
                format!(
                    "the rectangle at {first} holds {} numbers, not one",
                    many.len()
                ),
                many.iter().map(|&(c, _)| c).collect(),
            )),
        }
    }
    out
}

/// A unique puzzle: the grid cut into random rectangles (from the first
/// free cell, a random rectangle of free cells, favouring areas 2-6), then
/// a number at a random cell of each, retried until the cut is the only
/// solution.
fn candidate(
    rows: usize,
    cols: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(ShikakuPuzzle, Regions)> {
    let n = rows * cols;
    let mut label = vec![0u64; n];
    let mut rects: Vec<Vec<usize>> = Vec::new();
    let max_area = (n / 4).clamp(4, 12);
    for start in 0..n {
        if label[start] != 0 {
            continue;
        }
        let (r0, c0) = (start / cols, start % cols);
        // Every free rectangle with its top-left corner here.
        let mut options: Vec<(usize, usize)> = Vec::new();
        let mut width_limit = cols - c0;
        for h in 1..=rows - r0 {
            let free = (0..width_limit)
                .take_while(|&w| label[(r0 + h - 1) * cols + c0 + w] == 0)
                .count();
            width_limit = free;
            if width_limit == 0 {
                break;
            }
            for w in 1..=width_limit {
                if h * w <= max_area {
                    options.push((h, w));
                }
            }
        }
        let weights: Vec<u32> = options
            .iter()
            .map(|&(h, w)| match h * w {
                1 => 1,
                2..=6 => 6,
                _ => 3,
            })
            .collect();
        let total: u32 = weights.iter().sum();
        let mut pick = rng.random_range(0..total.max(1));
        let mut chosen = *options.first()?;
        for (o, &wt) in options.iter().zip(&weights) {
            if pick < wt {
                chosen = *o;
                break;
            }
            pick -= wt;
        }
        let (h, w) = chosen;
        let id = rects.len() as u64 + 1;
        let cells: Vec<usize> = (r0..r0 + h)
            .flat_map(|r| (c0..c0 + w).map(move |c| r * cols + c))
            .collect();
        for &i in &cells {
            label[i] = id;
        }
        rects.push(cells);
    }
    for _ in 0..CLUE_TRIES {
        let mut clues = vec![None; n];
        for cells in &rects {
            let &i = cells.choose(rng)?;
            clues[i] = Some(cells.len() as u32);
        }
        let puzzle = ShikakuPuzzle { rows, cols, clues };
        if let Unique::Unique(solution) = Shikaku.uniqueness(&puzzle, limits).0 {
            return Some((puzzle, solution));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_round_trip() {
        let p = Shikaku.parse("4x3:2b4_2a3e").unwrap();
        assert_eq!((p.rows, p.cols), (3, 4));
        assert_eq!(p.clues[0], Some(2));
        assert_eq!(p.clues[3], Some(4));
        assert_eq!(p.clues[4], Some(2));
        assert_eq!(p.clues[6], Some(3));
        assert_eq!(write_game_id(&p).unwrap(), "4x3:2b4_2a3e");
        assert!(Shikaku.parse("4x3e2.5a:2b4_2a3e").is_ok());
        let e = Shikaku.parse("4x3:2b4_2a3f").unwrap_err();
        assert!(e.to_string().contains("longer"), "{e}");
        let e = Shikaku.parse("4x3:2b4?2a3e").unwrap_err();
        assert_eq!(e.column, Some(8));
    }
}
