//! Suguru (also sold as Tectonic): the grid is cut into regions; a region
//! of `k` cells holds the digits `1..=k`, each once, and equal digits never
//! touch, not even diagonally.
//!
//! The text layout is a header `ROWS COLS`, `ROWS` rows of givens (`-` or
//! a digit), then `ROWS` rows of region labels (any number per region, the
//! same number on every cell of a region); see `docs/formats/suguru.md`.
//!
//! The model: a variable per cell over `1..=k` for its region's size `k`,
//! an `all_different` per region, and an `all_different` over every 2x2
//! window of the grid. Two cells touch (orthogonally or diagonally) exactly
//! when some 2x2 window holds both, so the windows state "equal digits
//! never touch" with a quarter of the constraints that
//! [`Grid::adjacent_pairs_in`](csp_core::Grid::adjacent_pairs_in)`(King)`
//! pairs need, and reason on four cells at once.

pub(super) mod generate;

pub use generate::GENERATED_SIZES;

use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{Borders, Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::{ConstraintId, Model, ModelError, Strength, Value, VarId};
use std::fmt;

/// The largest number of rows or columns.
pub const MAX_SIZE: usize = 64;

/// The largest region (its cells hold `1..=k`: a region of more than 64
/// cells is no puzzle anyone prints).
pub const MAX_REGION: usize = 64;

/// Suguru, read from the text layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Suguru;

/// A Suguru puzzle: the grid's size, the regions and the givens.
///
/// With the `serde` feature it is a string, its text layout (Tatham has no
/// Suguru), read back by [`Suguru`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SuguruPuzzle {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// Region of each cell, row-major, numbered from 0 in reading order of
    /// their first cells.
    pub(super) region: Vec<usize>,
    /// Cells of each region, row-major.
    pub(super) regions: Vec<Vec<Cell>>,
    pub(super) givens: Vec<Option<u32>>,
}

impl SuguruPuzzle {
    /// A puzzle from its regions (any label per cell, row-major; equal
    /// labels are one region) and givens (row-major). An error names what
    /// does not fit: a size outside `1..=MAX_SIZE`, lists of the wrong
    /// length, a region over [`MAX_REGION`] cells, a given outside its
    /// region's `1..=k`.
    pub fn new<L: PartialEq>(
        rows: usize,
        cols: usize,
        labels: &[L],
        givens: Vec<Option<u32>>,
    ) -> Result<SuguruPuzzle, ModelError> {
        let bad = |reason: String| ModelError::InvalidArgument {
            constraint: "suguru".to_owned(),
            reason,
        };
        if !(1..=MAX_SIZE).contains(&rows) || !(1..=MAX_SIZE).contains(&cols) {
            return Err(bad(format!(
                "the size {rows}x{cols} is not within {MAX_SIZE}x{MAX_SIZE}"
            )));
        }
        if labels.len() != rows * cols || givens.len() != rows * cols {
            return Err(bad(format!(
                "{} region labels and {} givens for {rows}x{cols} cells",
                labels.len(),
                givens.len()
            )));
        }
        let mut firsts: Vec<usize> = Vec::new();
        let mut region = Vec::with_capacity(labels.len());
        for (i, l) in labels.iter().enumerate() {
            match firsts.iter().position(|&f| labels[f] == *l) {
                Some(r) => region.push(r),
                None => {
                    firsts.push(i);
                    region.push(firsts.len() - 1);
                }
            }
        }
        let mut regions = vec![Vec::new(); firsts.len()];
        for (i, &r) in region.iter().enumerate() {
            regions[r].push(Cell::new(i / cols, i % cols));
        }
        if let Some(big) = regions.iter().find(|r| r.len() > MAX_REGION) {
            return Err(bad(format!(
                "the region of {} has {} cells, more than {MAX_REGION}",
                big[0],
                big.len()
            )));
        }
        for (i, g) in givens.iter().enumerate() {
            let k = regions[region[i]].len() as u32;
            if let Some(v) = g.filter(|&v| v == 0 || v > k) {
                return Err(bad(format!(
                    "the given {v} at {} is not in 1..={k} (its region's size)",
                    Cell::new(i / cols, i % cols)
                )));
            }
        }
        Ok(SuguruPuzzle {
            rows,
            cols,
            region,
            regions,
            givens,
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

    /// The region of `cell` (numbered from 0 in reading order), if the
    /// cell is in the grid.
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.index(cell).map(|i| self.region[i])
    }

    /// The cells of every region, row-major.
    pub fn regions(&self) -> &[Vec<Cell>] {
        &self.regions
    }

    /// The given digit at `cell`, if any.
    pub fn given(&self, cell: Cell) -> Option<u32> {
        self.index(cell).and_then(|i| self.givens[i])
    }

    /// The largest digit `cell` may hold: its region's size (0 outside).
    pub fn max_digit(&self, cell: Cell) -> u32 {
        self.region_of(cell)
            .map_or(0, |r| self.regions[r].len() as u32)
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        (cell.row < self.rows && cell.col < self.cols).then(|| cell.row * self.cols + cell.col)
    }

    /// The top-left corners of the 2x2 windows, row-major.
    fn windows(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.rows.saturating_sub(1))
            .flat_map(move |r| (0..self.cols.saturating_sub(1)).map(move |c| Cell::new(r, c)))
    }
}

impl fmt::Display for SuguruPuzzle {
    /// The text layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_text(self))
    }
}

/// A filled Suguru grid: a digit per cell.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// digits (1 to [`MAX_REGION`]) of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digits {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) digits: Vec<u32>,
}

impl Digits {
    /// A grid from its digits, row-major; `None` unless there are
    /// `rows * cols` of them.
    pub fn new(rows: usize, cols: usize, digits: Vec<u32>) -> Option<Digits> {
        (digits.len() == rows * cols).then_some(Digits { rows, cols, digits })
    }

    /// The digit at `cell` (0 outside the grid).
    pub fn digit(&self, cell: Cell) -> u32 {
        if cell.row < self.rows && cell.col < self.cols {
            self.digits[cell.row * self.cols + cell.col]
        } else {
            0
        }
    }

    /// Every digit, row-major.
    pub fn digits(&self) -> &[u32] {
        &self.digits
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(SuguruPuzzle, Suguru, layout);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for Digits {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| self.digits[i].to_string())
    }

    fn from_text(text: &str) -> Result<Digits, ParseError> {
        let (rows, cols, digits) =
            crate::serde_text::read_numbers(text, "a digit", 1, |_, _| MAX_REGION as i64, None)?;
        Ok(Digits { rows, cols, digits })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(Digits);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a digit taken is removed from its region and from the cells it touches; a digit with one place left in a region goes there",
    },
    Level {
        name: "medium",
        about: "plus every region and 2x2 block domain consistent (naked and hidden pairs, triples, ... in a region or block)",
    },
    Level {
        name: "hard",
        about: "needs trial and error",
    },
];

/// Lines after the header: `2 * ROWS`.
pub(super) fn record_lines(header: &str) -> Option<usize> {
    match crate::text::header_numbers(header)?.as_slice() {
        &[r, c] if (1..=MAX_SIZE).contains(&r) && (1..=MAX_SIZE).contains(&c) => Some(2 * r),
        _ => None,
    }
}

static INFO: FamilyInfo = FamilyInfo {
    name: "suguru",
    title: "Suguru",
    rules: "Each region of k cells holds the digits 1 to k, once each; equal digits never touch, \
            not even diagonally.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: |_| false,
    },
    default_size: (6, 6),
};

pub(super) fn parse_text(text: &str) -> Result<SuguruPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIZE)?;
    let mut given_tokens = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        given_tokens.extend(r.row(cols, &format!("row {} of givens", row + 1))?);
    }
    let mut labels = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in r.row(cols, &format!("row {} of regions", row + 1))? {
            labels.push(t.number("a region number", 0, i64::from(u32::MAX))?);
        }
    }
    r.end()?;
    // Region sizes first, so a given too large for its region names its
    // token.
    let mut givens = Vec::with_capacity(rows * cols);
    for (i, t) in given_tokens.iter().enumerate() {
        if t.is_empty_cell() {
            givens.push(None);
        } else {
            let k = labels.iter().filter(|&&l| l == labels[i]).count();
            let k = k.min(MAX_REGION) as i64;
            givens.push(Some(
                t.number("a digit (its region's size at most)", 1, k)? as u32
            ));
        }
    }
    SuguruPuzzle::new(rows, cols, &labels, givens).map_err(|e| ParseError::new(e.to_string()))
}

fn token(v: Option<u32>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

pub(super) fn write_text(p: &SuguruPuzzle) -> String {
    let mut out = format!("{} {}\n", p.rows, p.cols);
    let width = (p.regions.len()).to_string().len();
    for row in p.givens.chunks(p.cols) {
        let tokens: Vec<String> = row.iter().map(|&g| token(g)).collect();
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    for row in p.region.chunks(p.cols) {
        let tokens: Vec<String> = row.iter().map(|&r| format!("{:>width$}", r + 1)).collect();
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    out
}

pub(super) fn parse_digits(p: &SuguruPuzzle, text: &str) -> Result<Digits, ParseError> {
    let mut r = Reader::new(text);
    let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIZE)?;
    if (rows, cols) != (p.rows, p.cols) {
        return Err(ParseError::at_line(
            1,
            format!(
                "the solution is {rows}x{cols}, the puzzle {}x{}",
                p.rows, p.cols
            ),
        ));
    }
    let mut digits = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in r.row(cols, &format!("row {}", row + 1))? {
            digits.push(t.number("a digit", 1, MAX_REGION as i64)? as u32);
        }
    }
    r.end()?;
    Ok(Digits { rows, cols, digits })
}

pub(super) fn write_digits(d: &Digits) -> String {
    let mut out = format!("{} {}\n", d.rows, d.cols);
    for row in d.digits.chunks(d.cols) {
        let tokens: Vec<String> = row.iter().map(u32::to_string).collect();
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    out
}

/// The cells touching `cell` after it in reading order (right, and the
/// three below): every touching pair once.
fn later_neighbours(p: &SuguruPuzzle, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
    let (r, c) = (cell.row as isize, cell.col as isize);
    [(0, 1), (1, -1), (1, 0), (1, 1)]
        .into_iter()
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |&(r, c)| r >= 0 && c >= 0 && (r as usize) < p.rows && (c as usize) < p.cols)
        .map(|(r, c)| Cell::new(r as usize, c as usize))
}

/// The rules broken by `value` (`None`: an empty cell, which breaks
/// nothing here).
fn broken(p: &SuguruPuzzle, value: impl Fn(Cell) -> Option<u32>, what: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    for (r, cells) in p.regions.iter().enumerate() {
        let k = cells.len() as u32;
        for v in 1..=k {
            let with: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&c| value(c) == Some(v))
                .collect();
            if with.len() > 1 {
                out.push(Violation::new(
                    format!("region {} has {what} {v} more than once", r + 1),
                    with,
                ));
            }
        }
    }
    for i in 0..p.rows * p.cols {
        let cell = Cell::new(i / p.cols, i % p.cols);
        let Some(v) = value(cell) else { continue };
        for other in later_neighbours(p, cell) {
            if value(other) == Some(v) {
                out.push(Violation::new(
                    format!("{what} {v} at {cell} and {other} touch"),
                    vec![cell, other],
                ));
            }
        }
    }
    out
}

fn check_digits(p: &SuguruPuzzle, d: &Digits) -> Vec<Violation> {
    if (d.rows, d.cols) != (p.rows, p.cols) {
        return vec![Violation::new(
            format!(
                "the grid must be {}x{}, not {}x{}",
                p.rows, p.cols, d.rows, d.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let cells = || (0..p.rows * p.cols).map(|i| Cell::new(i / p.cols, i % p.cols));
    let outside: Vec<Cell> = cells()
        .filter(|&c| !(1..=p.max_digit(c)).contains(&d.digit(c)))
        .collect();
    if !outside.is_empty() {
        out.push(Violation::new(
            "a region of k cells holds only the digits 1 to k",
            outside,
        ));
    }
    out.extend(broken(p, |c| Some(d.digit(c)), "the digit"));
    let changed: Vec<Cell> = cells()
        .filter(|&c| p.given(c).is_some_and(|g| g != d.digit(c)))
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("the givens must be kept", changed));
    }
    out
}

/// How strongly a model reasons: the propagation of one ladder level.
fn strength(level: usize) -> (Strength, Strength) {
    match level {
        1 => (Strength::DomainConsistent, Strength::DomainConsistent),
        // Level 0 and the solving model: hidden singles in regions,
        // forward checking in the windows.
        _ => (Strength::HiddenSingles, Strength::ForwardChecking),
    }
}

/// The model of `p`: regions first (in order), then the 2x2 windows
/// (row-major by top-left corner). [`describe`] relies on that order.
fn build(p: &SuguruPuzzle, level: usize) -> Result<Built, ModelError> {
    let (regions, windows) = strength(level);
    let mut model = Model::new();
    let mut cells: Vec<VarId> = Vec::with_capacity(p.rows * p.cols);
    for i in 0..p.rows * p.cols {
        let cell = Cell::new(i / p.cols, i % p.cols);
        let var = model.new_var(1..=p.max_digit(cell) as Value)?;
        if let Some(g) = p.givens[i] {
            model.fix(var, g as Value)?;
        }
        cells.push(var);
    }
    let at = |c: Cell| cells[c.row * p.cols + c.col];
    let mut vars = Vec::new();
    for region in &p.regions {
        vars.clear();
        vars.extend(region.iter().map(|&c| at(c)));
        model.all_different_with(&vars, regions)?;
    }
    for corner in p.windows() {
        vars.clear();
        for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            vars.push(at(Cell::new(corner.row + dr, corner.col + dc)));
        }
        model.all_different_with(&vars, windows)?;
    }
    let mut built = Built::new(model, p.rows, p.cols);
    built.cells = cells.into_iter().map(Some).collect();
    Ok(built)
}

fn describe(p: &SuguruPuzzle, c: ConstraintId) -> String {
    let i = c.index();
    if let Some(region) = p.regions.get(i) {
        return format!("region {} (from {})", i + 1, region[0]);
    }
    match p.windows().nth(i - p.regions.len()) {
        Some(corner) => format!("the 2x2 block from {corner} (no digit touches its equal)"),
        None => format!("constraint {c}"),
    }
}

/// Suguru's named deductions, easiest first (Tatham has no Suguru): a
/// region and every 2x2 block are houses (touching cells differ).
static RULES: [crate::Rule; 4] = super::words::house_rules(None, None);

/// puzz.link's genre: `suguru`, the regions in Border, the givens in
/// Number16, then cells outside the grid (Empty), which gridcsp's Suguru
/// has not.
const GENRE: Genre = Genre {
    name: "suguru",
    aliases: &[],
};

/// Reads a `suguru` URL (or a URL of another genre with the same body,
/// for family `name`: Ripple Effect's `ripple`); a `?` given constrains
/// nothing and is read as none.
pub(super) fn from_puzzlink(url: &Url, name: &str) -> Result<SuguruPuzzle, ParseError> {
    url.no_flags(name)?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIZE || cols > MAX_SIZE {
        return Err(url.size_error(format!("over the largest {name} ({MAX_SIZE})")));
    }
    let mut r = url.reader();
    let borders = r.border(rows, cols)?;
    let givens = r.number16(rows * cols)?;
    let empty = r.binary(rows * cols)?;
    r.finish()?;
    if let Some(i) = empty.iter().position(|&e| e) {
        return Err(url.error(format!(
            "{} is left out of the grid: gridcsp's {name} has no such cells",
            Cell::new(i / cols, i % cols)
        )));
    }
    let givens = givens.iter().map(|c| c.number()).collect();
    SuguruPuzzle::new(rows, cols, &borders.regions(), givens).map_err(|e| url.error(e.to_string()))
}

/// Writes `p` as a URL of genre `genre` (the body of `suguru`).
pub(super) fn to_puzzlink(p: &SuguruPuzzle, genre: &str) -> Result<Url, EncodeError> {
    let mut body = Borders::from_regions(p.rows, p.cols, &p.region)?.encode();
    let givens: Vec<Clue> = p.givens.iter().map(|&c| Clue::from_option(c)).collect();
    body += &encode_number16(&givens)?;
    Ok(Url::new(genre, p.cols, p.rows, body))
}

impl Family for Suguru {
    type Puzzle = SuguruPuzzle;
    type Solution = Digits;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<SuguruPuzzle, ParseError> {
        parse_text(text)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<SuguruPuzzle, ParseError> {
        from_puzzlink(url, "suguru")
    }

    fn to_puzzlink(&self, p: &SuguruPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p, GENRE.name)
    }

    fn write(&self, puzzle: &SuguruPuzzle) -> String {
        write_text(puzzle)
    }

    fn build(&self, puzzle: &SuguruPuzzle) -> Result<Built, ModelError> {
        build(puzzle, 0)
    }

    fn build_for_level(&self, puzzle: &SuguruPuzzle, level: usize) -> Result<Built, ModelError> {
        build(puzzle, level)
    }

    fn decode(&self, puzzle: &SuguruPuzzle, built: &Built, s: &csp_core::Solution) -> Digits {
        let digits = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u32))
            .collect();
        Digits {
            rows: puzzle.rows,
            cols: puzzle.cols,
            digits,
        }
    }

    fn write_solution(&self, _: &SuguruPuzzle, solution: &Digits) -> String {
        write_digits(solution)
    }

    fn parse_solution(&self, puzzle: &SuguruPuzzle, text: &str) -> Result<Digits, ParseError> {
        parse_digits(puzzle, text)
    }

    fn check(&self, puzzle: &SuguruPuzzle, solution: &Digits) -> Vec<Violation> {
        check_digits(puzzle, solution)
    }

    fn check_givens(&self, puzzle: &SuguruPuzzle) -> Vec<Violation> {
        broken(puzzle, |c| puzzle.given(c), "the given")
    }

    fn value_at(&self, solution: &Digits, cell: Cell) -> Option<Value> {
        (cell.row < solution.rows && cell.col < solution.cols)
            .then(|| solution.digit(cell) as Value)
    }

    fn describe_constraint(&self, puzzle: &SuguruPuzzle, _: &Built, c: ConstraintId) -> String {
        describe(puzzle, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        puzzle: &SuguruPuzzle,
        built: &Built,
        d: &csp_core::Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        let i = d.constraint.index();
        let house = match puzzle.regions.get(i) {
            Some(region) => format!("the region of {}", region[0]),
            None => match puzzle.windows().nth(i - puzzle.regions.len()) {
                Some(corner) => format!("the 2x2 block at {corner}"),
                None => String::new(),
            },
        };
        let reason = super::words::house_reason(built, now, d, placed, &house);
        let elimination = d.rule == csp_core::constraints::all_different::rules::ELIMINATION;
        match reason.reads.first() {
            // A digit leaves the cells it touches, whichever 2x2 blocks the
            // engine saw it by: one reason, one step.
            Some(&at) if i >= puzzle.regions.len() && elimination && !placed => crate::Reason::new(
                reason.rule,
                format!("next to the {} at {at}", d.value),
                vec![at],
            ),
            _ => reason,
        }
    }

    fn render(
        &self,
        puzzle: &SuguruPuzzle,
        solution: Option<&Digits>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let mut c = Canvas::new(rows, cols, &format!("Suguru {rows}x{cols}"));
        c.highlights(options);
        c.grid_lines();
        c.region_borders(|r, col| puzzle.region[r * cols + col]);
        c.outer_border();
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell::new(row, col);
                if let Some(v) = puzzle.given(cell) {
                    c.text(row, col, &v.to_string(), Ink::Given);
                } else if let Some(s) = solution.filter(|s| (s.rows, s.cols) == (rows, cols)) {
                    c.text(row, col, &s.digit(cell).to_string(), Ink::Filled);
                } else if let Some(Some(values)) =
                    candidates.as_ref().and_then(|k| k.get(row * cols + col))
                {
                    c.candidates(row, col, values, puzzle.max_digit(cell) as Value);
                }
            }
        }
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<SuguruPuzzle, Digits>, GenerateError> {
        generate::generate(self, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_renumbered_in_reading_order() {
        let p = SuguruPuzzle::new(1, 3, &[7, 7, 2], vec![None; 3]).unwrap();
        assert_eq!(p.region_of(Cell::new(0, 2)), Some(1));
        assert_eq!(write_text(&p), "1 3\n- - -\n1 1 2\n");
        assert_eq!(parse_text(&write_text(&p)).unwrap(), p);
    }

    #[test]
    fn neighbours_after_a_cell_cover_every_touching_pair_once() {
        let p = SuguruPuzzle::new(3, 3, &[0; 9], vec![None; 9]).unwrap();
        let pairs: usize = (0..9)
            .map(|i| later_neighbours(&p, Cell::new(i / 3, i % 3)).count())
            .sum();
        // 6 across, 6 down, 8 diagonal.
        assert_eq!(pairs, 20);
    }
}
