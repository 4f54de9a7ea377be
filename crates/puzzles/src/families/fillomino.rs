//! Fillomino: write a number in every cell so that each area of equal
//! numbers (cells joined orthogonally) holds as many cells as its number;
//! the given numbers stay.
//!
//! The model is one variable per cell, its number, under csp-core's
//! [`region_size`](csp_core::Model::region_size) constraint, whose
//! deductions are those of Tatham's Filling solver; the givens are
//! assumptions. Tatham's Filling has one level (his generator keeps a
//! puzzle his solver finishes without guessing), so the ladder is that
//! level, `normal`, and `hard` for puzzles that need search.

use super::grid_cells::neighbours;
use super::grid_text;
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::region_size::rules as rs;
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, ModelError, Value};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 3;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 15;
/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 200;

/// Fillomino (Tatham's Filling).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fillomino;

/// A Fillomino puzzle: the given numbers.
///
/// With the `serde` feature it is a string: its Tatham game ID when the
/// numbers fit one (1 to 9), else its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FillominoPuzzle {
    rows: usize,
    cols: usize,
    /// The given number of each cell, row-major.
    givens: Vec<Option<u32>>,
}

impl FillominoPuzzle {
    /// A puzzle from its given numbers, row-major; `None` if the sizes
    /// disagree or a number is 0.
    pub fn new(rows: usize, cols: usize, givens: Vec<Option<u32>>) -> Option<Self> {
        (rows.checked_mul(cols) == Some(givens.len()) && !givens.contains(&Some(0)))
            .then_some(FillominoPuzzle { rows, cols, givens })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number given at a cell, if any.
    pub fn given(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.givens[cell.row * self.cols + cell.col])
            .flatten()
    }

    /// The largest number a cell may hold in the model: the largest given
    /// `g`, or, if larger, the largest an area with no number given can
    /// be. Such an area (every area of a number above `g`) holds no given
    /// cell, and it is connected, so it lies within one connected piece of
    /// the cells without a given: at most the largest piece's cells. It
    /// holds none of the `g` cells of the largest given's own area either
    /// (they are all `g`), so at most the number of cells less `g`. With
    /// no number given, the number of cells.
    pub fn max_number(&self) -> u32 {
        let cells = u32::try_from(self.rows * self.cols).unwrap_or(u32::MAX);
        let Some(given) = self.givens.iter().flatten().copied().max() else {
            return cells;
        };
        let piece = u32::try_from(self.largest_open_piece()).unwrap_or(u32::MAX);
        given.max(piece.min(cells.saturating_sub(given)))
    }

    /// The number of cells of the largest connected piece of cells
    /// without a given.
    fn largest_open_piece(&self) -> usize {
        let (rows, cols) = (self.rows, self.cols);
        let mut seen: Vec<bool> = self.givens.iter().map(Option::is_some).collect();
        let mut stack = Vec::new();
        let mut best = 0;
        for start in 0..rows * cols {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let mut size = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                for j in neighbours(rows, cols, i) {
                    if !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            best = best.max(size);
        }
        best
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }
}

/// A filled Fillomino grid: a number per cell.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// numbers of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Numbers {
    rows: usize,
    cols: usize,
    numbers: Vec<u32>,
}

impl Numbers {
    /// A grid from its numbers, row-major; `None` unless there are
    /// `rows * cols` of them.
    pub fn new(rows: usize, cols: usize, numbers: Vec<u32>) -> Option<Numbers> {
        (rows.checked_mul(cols) == Some(numbers.len())).then_some(Numbers {
            rows,
            cols,
            numbers,
        })
    }

    /// The number at `cell` (0 outside the grid).
    pub fn number(&self, cell: Cell) -> u32 {
        if cell.row < self.rows && cell.col < self.cols {
            self.numbers[cell.row * self.cols + cell.col]
        } else {
            0
        }
    }

    /// Every number, row-major.
    pub fn numbers(&self) -> &[u32] {
        &self.numbers
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(FillominoPuzzle, Fillomino);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Numbers {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| self.numbers[i].to_string())
    }

    fn from_text(text: &str) -> Result<Numbers, ParseError> {
        let (rows, cols, numbers) = crate::serde_text::read_numbers(
            text,
            "a number",
            1,
            |rows, cols| (rows * cols) as i64,
            None,
        )?;
        Ok(Numbers {
            rows,
            cols,
            numbers,
        })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Numbers);

/// The areas of equal numbers of a filled grid: each cell's area and
/// each area's cells.
fn areas(rows: usize, cols: usize, numbers: &[u32]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let n = rows * cols;
    let mut label = vec![usize::MAX; n];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for start in 0..n {
        if label[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        label[start] = id;
        let mut cells = vec![start];
        let mut k = 0;
        while k < cells.len() {
            let i = cells[k];
            k += 1;
            for j in neighbours(rows, cols, i) {
                if label[j] == usize::MAX && numbers[j] == numbers[start] {
                    label[j] = id;
                    cells.push(j);
                }
            }
        }
        out.push(cells);
    }
    (label, out)
}

const LEVELS: &[Level] = &[
    Level {
        name: "normal",
        about: "Tatham's Filling level: complete areas closed, the cells an area must grow through filled, numbers no area can reach ruled out (his solver's deductions); every puzzle his generator makes",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the normal deductions",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "fillomino",
    title: "Fillomino",
    rules: "Write a number in every cell so that each area of equal numbers holds as many cells as its number; the given numbers stay.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

/// Fillomino's named deductions, easiest first; all are Tatham's.
static RULES: [crate::Rule; 4] = [
    crate::Rule::new(
        "area complete",
        "an area as large as its number (or that would grow past it by taking the cell): the cells around it take other numbers",
        Some("normal"),
    ),
    crate::Rule::new(
        "only way out",
        "a cell every way of completing an area passes through takes its number",
        Some("normal"),
    ),
    crate::Rule::new(
        "out of reach",
        "a number no area can bring to the cell in time, with no room for a new area of it there, is ruled out",
        Some("normal"),
    ),
    crate::Rule::new(
        "one number left",
        "a cell with every other number ruled out takes the one left",
        Some("normal"),
    ),
];

/// puzz.link's genre: `fillomino`, the numbers in Number16.
const GENRE: Genre = Genre {
    name: "fillomino",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<FillominoPuzzle, ParseError> {
    url.no_flags("fillomino")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Fillomino ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let numbers = r.number16(rows * cols)?;
    r.finish()?;
    let mut givens = Vec::with_capacity(rows * cols);
    for (i, c) in numbers.into_iter().enumerate() {
        let cell = Cell::new(i / cols, i % cols);
        givens.push(match c {
            Clue::Empty => None,
            Clue::Number(n) if n > 0 && n as usize <= rows * cols => Some(n),
            Clue::Number(n) => {
                return Err(url.error(format!("{cell} holds {n}, not an area size")));
            }
            // A '?' says the cell is in some area: every cell is.
            Clue::Unknown => None,
        });
    }
    FillominoPuzzle::new(rows, cols, givens).ok_or_else(|| url.error("not a Fillomino puzzle"))
}

fn to_puzzlink(p: &FillominoPuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p.givens.iter().map(|&c| Clue::from_option(c)).collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_number16(&clues)?,
    ))
}

/// Reads a Tatham Filling game ID `WxH:desc`: the cells row by row, a
/// digit a given number (`0` an empty cell), a letter `a`-`z` a run of 1
/// to 26 empty cells.
fn parse_game_id(line: &str) -> Result<FillominoPuzzle, ParseError> {
    let mut cur = grid_text::IdCursor::new(line.trim_end());
    let (rows, cols) = cur.size(MAX_SIDE)?;
    cur.expect_colon()?;
    let n = rows * cols;
    let mut givens = Vec::with_capacity(n);
    while let Some(ch) = cur.peek() {
        let column = cur.column();
        cur.next_char();
        match ch {
            '0' => givens.push(None),
            '1'..='9' => {
                let v = ch as u32 - '0' as u32;
                if v as usize > n {
                    return Err(ParseError::at(
                        1,
                        column,
                        format!(
                            "a number {v} is out of range (1 to {n}): a {cols}x{rows} grid has {n} cells"
                        ),
                    ));
                }
                givens.push(Some(v));
            }
            'a'..='z' => givens.extend(std::iter::repeat_n(None, ch as usize - 'a' as usize + 1)),
            _ => {
                return Err(ParseError::at(
                    1,
                    column,
                    format!("expected a digit or a letter a-z in the game ID, found '{ch}'"),
                ));
            }
        }
        if givens.len() > n {
            return Err(ParseError::at(
                1,
                column,
                format!("the game ID describes more than the {n} cells of a {cols}x{rows} grid"),
            ));
        }
    }
    if givens.len() < n {
        return Err(cur.error(format!(
            "the game ID describes {} of the {n} cells of a {cols}x{rows} grid",
            givens.len()
        )));
    }
    Ok(FillominoPuzzle { rows, cols, givens })
}

impl Family for Fillomino {
    type Puzzle = FillominoPuzzle;
    type Solution = Numbers;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<FillominoPuzzle, ParseError> {
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
        let max = u32::try_from(rows * cols).unwrap_or(u32::MAX);
        let mut givens = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of the grid", row + 1))? {
                givens.push(match t.text {
                    // janko.at writes some empty cells as '.'.
                    "-" | "." => None,
                    s if s.bytes().all(|b| b.is_ascii_digit()) => {
                        Some(t.number("a number", 1, i64::from(max))? as u32)
                    }
                    s => {
                        return Err(
                            t.error(format!("expected '-' (or '.') or a number, found '{s}'"))
                        );
                    }
                });
            }
        }
        r.end()?;
        Ok(FillominoPuzzle { rows, cols, givens })
    }

    fn write(&self, p: &FillominoPuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        grid_text::write_numbers(&mut out, p.rows, p.cols, &p.givens);
        out
    }

    fn write_game_id(&self, p: &FillominoPuzzle) -> Option<String> {
        let mut out = format!("{}x{}:", p.cols, p.rows);
        let mut run = 0;
        let flush = |out: &mut String, run: &mut usize| {
            while *run > 0 {
                let k = (*run).min(26);
                out.push((b'a' + k as u8 - 1) as char);
                *run -= k;
            }
        };
        for &g in &p.givens {
            match g {
                None => run += 1,
                Some(k @ 1..=9) => {
                    flush(&mut out, &mut run);
                    out.push((b'0' + k as u8) as char);
                }
                Some(_) => return None,
            }
        }
        flush(&mut out, &mut run);
        Some(out)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<FillominoPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &FillominoPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &FillominoPuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let max = Value::try_from(p.max_number()).unwrap_or(Value::MAX);
        let mut m = csp_core::Model::new();
        let cells = m.new_vars(rows * cols, 1..=max)?;
        m.region_size(&cells, &Graph::grid(rows, cols)?)?;
        let mut built = Built::with_cells(m, rows, cols, cells.iter().copied().map(Some).collect());
        built.assumptions = p
            .givens
            .iter()
            .enumerate()
            .filter_map(|(i, &g)| Some((cells[i], Value::try_from(g?).ok()?)))
            .collect();
        Ok(built)
    }

    fn decode(&self, _: &FillominoPuzzle, built: &Built, s: &csp_core::Solution) -> Numbers {
        let numbers = built
            .cells
            .iter()
            .map(|v| {
                v.and_then(|v| s.get(v))
                    .and_then(|x| u32::try_from(x).ok())
                    .unwrap_or(0)
            })
            .collect();
        Numbers::new(built.rows, built.cols, numbers)
            .unwrap_or_else(|| unreachable!("a value per cell"))
    }

    fn write_solution(&self, p: &FillominoPuzzle, s: &Numbers) -> String {
        let mut out = p.header();
        out.push('\n');
        let numbers: Vec<Option<u32>> = s.numbers.iter().map(|&k| Some(k)).collect();
        grid_text::write_numbers(&mut out, s.rows, s.cols, &numbers);
        out
    }

    fn parse_solution(&self, p: &FillominoPuzzle, text: &str) -> Result<Numbers, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let max = u32::try_from(p.rows * p.cols).unwrap_or(u32::MAX);
        let mut numbers = Vec::with_capacity(p.rows * p.cols);
        for row in 0..p.rows {
            for t in r.row(p.cols, &format!("row {} of the solution", row + 1))? {
                numbers.push(t.number("a number", 1, i64::from(max))? as u32);
            }
        }
        r.end()?;
        Ok(Numbers {
            rows: p.rows,
            cols: p.cols,
            numbers,
        })
    }

    fn check(&self, p: &FillominoPuzzle, s: &Numbers) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &FillominoPuzzle) -> Vec<Violation> {
        // A group of equal givens already larger than its number.
        let numbers: Vec<u32> = p.givens.iter().map(|g| g.unwrap_or(0)).collect();
        let (_, groups) = areas(p.rows, p.cols, &numbers);
        groups
            .into_iter()
            .filter(|g| numbers[g[0]] != 0 && g.len() > numbers[g[0]] as usize)
            .map(|g| {
                Violation::new(
                    format!(
                        "{} given {}s touch, more than an area of {} holds",
                        g.len(),
                        numbers[g[0]],
                        numbers[g[0]]
                    ),
                    g.iter().map(|&i| p.cell(i)).collect(),
                )
            })
            .collect()
    }

    fn value_at(&self, s: &Numbers, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| Value::try_from(s.number(cell)).ok())?
    }

    fn render(&self, p: &FillominoPuzzle, s: Option<&Numbers>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let (rows, cols) = (p.rows, p.cols);
        let mut c = Canvas::new(rows, cols, &format!("Fillomino {rows}x{cols}"));
        c.highlights(options);
        c.grid_lines();
        if let Some(s) = s {
            // The areas' borders, as a solved Fillomino is drawn.
            let (label, _) = areas(rows, cols, &s.numbers);
            c.region_borders(|r, col| label[r * cols + col]);
        } else {
            c.outer_border();
        }
        // Candidate slots: 9 or the longer side (the usual numbers), more
        // only when a cell still allows a larger number.
        let max = candidates
            .iter()
            .flatten()
            .flatten()
            .flat_map(|values| values.iter().copied())
            .fold(rows.max(cols).max(9) as i32, i32::max);
        for i in 0..rows * cols {
            let (r, col) = (i / cols, i % cols);
            if let Some(k) = p.givens[i] {
                c.text(r, col, &k.to_string(), Ink::Given);
            } else if let Some(s) = s {
                c.text(r, col, &s.numbers[i].to_string(), Ink::Filled);
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                c.candidates(r, col, values, max);
            }
        }
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &FillominoPuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = built
            .cell_of(d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let why = self.describe_constraint(p, built, d.constraint);
        if placed {
            format!("{cell} is {}: {why}", d.value)
        } else {
            format!("{cell} cannot be {}: {why}", d.value)
        }
    }

    fn describe_constraint(&self, _: &FillominoPuzzle, built: &Built, c: ConstraintId) -> String {
        match built.model.constraint(c).map(|k| k.name()) {
            Some("region size") => {
                "every area of equal numbers holds as many cells as its number".to_owned()
            }
            Some(name) => format!("{name} {c}"),
            None => c.to_string(),
        }
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        p: &FillominoPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &Progress,
    ) -> crate::Reason {
        reason(p, built, d, placed, now)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<FillominoPuzzle, Numbers>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "fillomino",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 20_000, |rng, limits| {
            let solution = plant(rows, cols, rng)?;
            let puzzle = thin(&solution, options.level, rng, limits);
            // No uniqueness search unless the top level is asked.
            (super::quick_grade::level_at_most(self, &puzzle, limits, options.level)
                == Some(options.level))
            .then_some((puzzle, solution))
        })
    }
}

/// The areas of `value` settled so far (`now`, cell `at` left out) that
/// a deduction about `at` reads: with `needing`, those that cannot reach
/// their size without `at` (within their missing size, through cells that
/// can still hold `value`); else those next to `at`. Their cells.
fn areas_around(
    built: &Built,
    now: &Progress,
    at: usize,
    value: Value,
    needing: bool,
) -> Vec<Cell> {
    let (rows, cols) = (built.rows, built.cols);
    let n = rows * cols;
    let holds = |i: usize| built.cells[i].and_then(|v| now.value(v)) == Some(value) && i != at;
    let may = |i: usize| built.cells[i].is_some_and(|v| now.candidates(v).contains(&value));
    let want = usize::try_from(value).unwrap_or(0);
    let mut seen = vec![false; n];
    let mut dist = vec![usize::MAX; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] || !holds(start) {
            continue;
        }
        let mut area = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < area.len() {
            for j in neighbours(rows, cols, area[k]) {
                if !seen[j] && holds(j) {
                    seen[j] = true;
                    area.push(j);
                }
            }
            k += 1;
        }
        let budget = want.saturating_sub(area.len());
        // How many cells the area reaches, with `at` open or closed.
        let mut reach = |open_at: bool| {
            dist.fill(usize::MAX);
            let mut queue = area.clone();
            for &i in &area {
                dist[i] = 0;
            }
            let mut q = 0;
            while q < queue.len() {
                let i = queue[q];
                q += 1;
                if dist[i] >= budget {
                    continue;
                }
                for j in neighbours(rows, cols, i) {
                    if dist[j] == usize::MAX && may(j) && (open_at || j != at) {
                        dist[j] = dist[i] + 1;
                        queue.push(j);
                    }
                }
            }
            (queue.len(), dist[at] != usize::MAX)
        };
        let keep = if needing {
            let (with, reached) = reach(true);
            reached && with >= want && reach(false).0 < want
        } else {
            neighbours(rows, cols, at).any(|j| area.contains(&j))
        };
        if keep {
            out.extend(area.iter().map(|&i| Cell::new(i / cols, i % cols)));
        }
    }
    out.sort_unstable();
    out
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(
    p: &FillominoPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> crate::Reason {
    let Some(cell) = built.cell_of(d.var) else {
        return crate::generic::reason(&Fillomino, p, built, d);
    };
    let at = cell.row * p.cols + cell.col;
    let v = d.value;
    let needed_by = |w: Value| {
        let reads = areas_around(built, now, at, w, true);
        let cause = match reads.first() {
            Some(c) => format!("the area of {w} at {c} cannot be completed without it"),
            None => format!("an area of {w} cannot be completed without it"),
        };
        crate::Reason::new(RULES[1].name, cause, reads)
    };
    match d.rule {
        rs::ONLY_WAY | rs::CANNOT_GROW if placed => needed_by(v),
        rs::ONLY_WAY | rs::CANNOT_GROW => {
            // The cell is taken by the area that needs it: its other
            // numbers go with the same reason, one step with the placing.
            let candidates = built.var(cell).map_or(&[][..], |x| now.candidates(x));
            let taker = candidates
                .iter()
                .copied()
                .find(|&w| w != v && !areas_around(built, now, at, w, true).is_empty());
            match taker {
                Some(w) => needed_by(w),
                None => crate::Reason::new(
                    RULES[1].name,
                    "another area cannot be completed without it",
                    Vec::new(),
                ),
            }
        }
        _ if placed => crate::Reason::new(
            RULES[3].name,
            format!("every other number is ruled out at {cell}"),
            vec![cell],
        ),
        rs::TOO_BIG => {
            let reads: Vec<Cell> = areas_around(built, now, at, v, false)
                .into_iter()
                .filter(|c| {
                    let j = c.row * p.cols + c.col;
                    neighbours(p.rows, p.cols, at).any(|k| k == j)
                })
                .collect();
            let cause = match reads.as_slice() {
                [] => format!("a {v} there would make an area larger than {v}"),
                [one] => format!("the area of {v} at {one} is complete"),
                _ => format!(
                    "a {v} there would join {} into an area larger than {v}",
                    super::shading::cell_list(&reads)
                ),
            };
            crate::Reason::new(RULES[0].name, cause, reads)
        }
        rs::UNREACHABLE => crate::Reason::new(
            RULES[2].name,
            // The number is the step's own (it names them all: "cannot be
            // 5 to 9"), so the cause does not repeat it per number; a
            // placement is the last number left.
            if placed {
                "no area of another number can reach there, nor is there room for a new one"
                    .to_owned()
            } else {
                "no such area can reach there, nor is there room for a new one".to_owned()
            },
            Vec::new(),
        ),
        _ => crate::generic::reason(&Fillomino, p, built, d),
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &FillominoPuzzle, s: &Numbers) -> Vec<Violation> {
    let (rows, cols) = (p.rows, p.cols);
    if s.rows != rows || s.cols != cols {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {rows}x{cols}",
                s.rows, s.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let changed: Vec<Cell> = (0..rows * cols)
        .filter(|&i| p.givens[i].is_some_and(|g| g != s.numbers[i]))
        .map(|i| p.cell(i))
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("given numbers stay", changed));
    }
    let (_, groups) = areas(rows, cols, &s.numbers);
    for g in groups {
        let k = s.numbers[g[0]];
        if g.len() != k as usize {
            out.push(Violation::new(
                format!("an area of {k}s has {} cells", g.len()),
                g.iter().map(|&i| p.cell(i)).collect(),
            ));
        }
    }
    out
}

/// A random filled grid: every cell its own area, then areas next to an
/// area of their own size merged into their smallest neighbour that
/// keeps them at most `max` (the longer side, 3 to 9), until no two areas
/// of one size touch. An area that touches one of its size and has no
/// neighbour it may merge with (both too large, say two 5s under a
/// `max` of 9) falls apart into single cells, which merge again: the
/// process never gets stuck, and `None` comes only after `4 * n` rounds
/// without settling.
fn plant(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Option<Numbers> {
    let n = rows * cols;
    let max = rows.max(cols).clamp(3, 9);
    // Each cell's area, and each area's cells (empty once merged away).
    let mut label: Vec<usize> = (0..n).collect();
    let mut cells: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    let mut order: Vec<usize> = (0..n).collect();
    for _ in 0..4 * n {
        order.shuffle(rng);
        let mut changed = false;
        for &i in &order {
            let a = label[i];
            let mut near: Vec<usize> = neighbours(rows, cols, i).collect();
            near.shuffle(rng);
            let mut clash = false;
            let mut best: Option<usize> = None;
            for j in near {
                let b = label[j];
                if b == a {
                    continue;
                }
                let (sa, sb) = (cells[a].len(), cells[b].len());
                if sb == sa {
                    clash = true;
                }
                if sa + sb <= max
                    && best.is_none_or(|o| sb < cells[o].len())
                    && rng.random_range(0..10) > 0
                {
                    best = Some(b);
                }
            }
            if !clash {
                continue;
            }
            changed = true;
            match best {
                Some(b) => {
                    let moved = std::mem::take(&mut cells[b]);
                    for &k in &moved {
                        label[k] = a;
                    }
                    cells[a].extend(moved);
                }
                // No merge keeps the sizes at most `max`: the area falls
                // apart, each cell its own area under its own id (free: a
                // living area's id is always one of its own cells).
                None => {
                    for k in std::mem::take(&mut cells[a]) {
                        label[k] = k;
                        cells[k] = vec![k];
                    }
                }
            }
        }
        if !changed {
            let numbers = (0..n).map(|i| cells[label[i]].len() as u32).collect();
            return Numbers::new(rows, cols, numbers);
        }
    }
    None
}

/// The puzzle of a filled grid: all numbers given, then, in random order,
/// whole areas and single cells taken away while the puzzle stays unique
/// and (for level 0) propagation alone still solves it. A removal is
/// tested by root propagation first, and by a uniqueness search only when
/// propagation leaves cells open.
fn thin(
    solution: &Numbers,
    level: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> FillominoPuzzle {
    let (rows, cols) = (solution.rows, solution.cols);
    let n = rows * cols;
    let mut puzzle = FillominoPuzzle {
        rows,
        cols,
        givens: solution.numbers.iter().map(|&k| Some(k)).collect(),
    };
    // Unique at `level` or below: root propagation first, the uniqueness
    // search only when it leaves cells open (then the puzzle is `hard`).
    let keeps = |p: &FillominoPuzzle| {
        super::quick_grade::level_at_most(&Fillomino, p, limits, level).is_some()
    };
    let (_, groups) = areas(rows, cols, &solution.numbers);
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.shuffle(rng);
    for g in order {
        let before = puzzle.givens.clone();
        for &i in &groups[g] {
            puzzle.givens[i] = None;
        }
        if !keeps(&puzzle) {
            puzzle.givens = before;
        }
    }
    let mut cells: Vec<usize> = (0..n).collect();
    cells.shuffle(rng);
    for i in cells {
        let Some(k) = puzzle.givens[i] else {
            continue;
        };
        puzzle.givens[i] = None;
        if !keeps(&puzzle) {
            puzzle.givens[i] = Some(k);
        }
    }
    puzzle
}
