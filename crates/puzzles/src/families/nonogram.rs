//! Nonograms (Griddlers, Paint by Numbers; Simon Tatham's *Pattern*)
//! through the [`Family`] trait.
//!
//! Each row and column has a clue, the lengths of its runs of filled cells
//! in order; runs are separated by at least one empty cell. Puzzles are
//! read in the text layout (a `ROWS COLS` header, the column clues, then
//! the row clues) or as Tatham game IDs (`WxH:2.1/3//...`); see
//! `docs/formats/nonogram.md`.
//!
//! The model is one 0/1 variable per cell and csp-core's exact line solver
//! ([`nonogram_line`](csp_core::Model::nonogram_line)) on every row and
//! column; search branches with dom/wdeg where line solving stops. The
//! grade ladder is the overlap method on each line, then exact line
//! solving to a fixpoint, then search.

mod format;
mod generate;
mod overlap;

use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Stacks, Url, encode_number16_stacks};
use crate::render::{Canvas, Ink, RenderOptions};
use csp_core::{ConstraintId, Deduction, Grid, Model, ModelError, Probing, Value, ValueOrder};

/// The Nonogram family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nonogram;

/// A Nonogram: its size, its clues and any given cells.
///
/// With the `serde` feature it is a string, its game ID (Tatham's
/// Pattern), or the text layout where no ID holds the puzzle exactly;
/// either is read back by [`Nonogram`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonogramPuzzle {
    rows: usize,
    cols: usize,
    col_clues: Vec<Vec<usize>>,
    row_clues: Vec<Vec<usize>>,
    /// Row-major: `Some(true)` a given filled cell, `Some(false)` a given
    /// empty one (Tatham's optional clue squares).
    givens: Vec<Option<bool>>,
}

impl NonogramPuzzle {
    /// A puzzle with these clues (run lengths, an empty list for an empty
    /// line) and no given cells. Clues are not checked here; the readers
    /// check them.
    pub fn new(
        rows: usize,
        cols: usize,
        col_clues: Vec<Vec<usize>>,
        row_clues: Vec<Vec<usize>>,
    ) -> NonogramPuzzle {
        NonogramPuzzle {
            rows,
            cols,
            col_clues,
            row_clues,
            givens: vec![None; rows * cols],
        }
    }

    /// The clues of a picture (`filled`, row-major, `rows x cols`).
    pub fn from_picture(rows: usize, cols: usize, filled: &[bool]) -> NonogramPuzzle {
        let at = |i: usize, j: usize| filled.get(i * cols + j).copied().unwrap_or(false);
        let row_clues = (0..rows)
            .map(|i| runs_of((0..cols).map(|j| at(i, j))))
            .collect();
        let col_clues = (0..cols)
            .map(|j| runs_of((0..rows).map(|i| at(i, j))))
            .collect();
        NonogramPuzzle::new(rows, cols, col_clues, row_clues)
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The clue of row `i` (top row 0), left to right.
    pub fn row_clue(&self, i: usize) -> &[usize] {
        self.row_clues.get(i).map_or(&[], Vec::as_slice)
    }

    /// The clue of column `j` (left column 0), top to bottom.
    pub fn col_clue(&self, j: usize) -> &[usize] {
        self.col_clues.get(j).map_or(&[], Vec::as_slice)
    }

    /// The given state of a cell, if it is given.
    pub fn given(&self, cell: Cell) -> Option<bool> {
        if cell.row < self.rows && cell.col < self.cols {
            self.givens[cell.row * self.cols + cell.col]
        } else {
            None
        }
    }

    /// Gives a cell (filled or empty); `None` takes the given away.
    pub fn set_given(&mut self, cell: Cell, state: Option<bool>) {
        if cell.row < self.rows && cell.col < self.cols {
            self.givens[cell.row * self.cols + cell.col] = state;
        }
    }

    /// Filled cells the row clues and the column clues ask for.
    fn totals(&self) -> (usize, usize) {
        let sum = |c: &[Vec<usize>]| c.iter().flatten().sum::<usize>();
        (sum(&self.row_clues), sum(&self.col_clues))
    }

    /// The cells of line `k` of the model: rows first, then columns.
    fn line_cells(&self, k: usize) -> Vec<Cell> {
        if k < self.rows {
            (0..self.cols).map(|j| Cell::new(k, j)).collect()
        } else {
            (0..self.rows)
                .map(|i| Cell::new(i, k - self.rows))
                .collect()
        }
    }
}

/// The run lengths of a line of cells.
fn runs_of(line: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut r = 0;
    for b in line.into_iter().chain(std::iter::once(false)) {
        if b {
            r += 1;
        } else if r > 0 {
            out.push(r);
            r = 0;
        }
    }
    out
}

/// A solved grid.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// `x` (filled) and `-` of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonogramSolution {
    rows: usize,
    cols: usize,
    /// Row-major, `true` filled.
    cells: Vec<bool>,
}

impl NonogramSolution {
    /// A grid of `rows x cols` cells, row-major, `true` filled; `None` if
    /// `cells` has another length.
    pub fn new(rows: usize, cols: usize, cells: Vec<bool>) -> Option<NonogramSolution> {
        (cells.len() == rows * cols).then_some(NonogramSolution { rows, cols, cells })
    }

    /// Whether cell (`row`, `col`) is filled.
    pub fn filled(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.cells[row * self.cols + col]
    }

    /// The cells, row-major, `true` filled.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(NonogramPuzzle, Nonogram);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for NonogramSolution {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| {
            crate::serde_text::shaded_token(self.cells[i])
        })
    }

    fn from_text(text: &str) -> Result<NonogramSolution, ParseError> {
        let (rows, cols, cells) = crate::serde_text::read_shaded(text, "filled")?;
        Ok(NonogramSolution { rows, cols, cells })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(NonogramSolution);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the overlap method on each line: slide every run to its leftmost and rightmost \
                places; cells covered both times are filled, cells no run reaches are empty",
    },
    Level {
        name: "medium",
        about: "exact line solving: a cell is decided when every placement of its line's runs \
                agrees on it, repeated over rows and columns",
    },
    Level {
        name: "hard",
        about: "line solving gets stuck: needs trial and error (search; still one solution)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "nonogram",
    title: "Nonogram",
    rules: "Fill cells so that each row and column has runs of filled cells of the lengths its \
            clue gives, in order, with at least one empty cell between runs.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: format::lines_after_header,
        one_line: format::is_game_id,
    },
    default_size: (15, 15),
};

/// Why a puzzle whose totals differ has no solution, if they differ.
fn totals_problem(p: &NonogramPuzzle) -> Option<String> {
    let (rows, cols) = p.totals();
    (rows != cols).then(|| {
        format!(
            "the row clues fill {rows} cells and the column clues {cols}: no grid satisfies both"
        )
    })
}

impl Nonogram {
    /// The model with each line posted by `line` (rows, then columns; the
    /// constraint of line `k` is constraint `k`).
    fn model_with(
        &self,
        p: &NonogramPuzzle,
        mut line: impl FnMut(&mut Model, Vec<csp_core::VarId>, &[usize]) -> Result<(), ModelError>,
    ) -> Result<Built, ModelError> {
        if let Some(reason) = totals_problem(p) {
            return Err(ModelError::InvalidArgument {
                constraint: "nonogram".to_owned(),
                reason,
            });
        }
        let mut model = Model::new();
        let grid = Grid::new(&mut model, p.rows, p.cols, 0..=1)?;
        for i in 0..p.rows {
            line(&mut model, grid.row(i).to_vec(), &p.row_clues[i])?;
        }
        for j in 0..p.cols {
            line(&mut model, grid.column(j), &p.col_clues[j])?;
        }
        for (&v, g) in grid.cells().iter().zip(&p.givens) {
            if let Some(full) = g {
                model.fix(v, Value::from(*full))?;
            }
        }
        let mut built = Built::new(model, p.rows, p.cols);
        built.cells = grid.cells().iter().copied().map(Some).collect();
        // dom/wdeg, trying "filled" first: on the generated hard 30 x 30
        // set (benches/data/nonogram) this halves the decisions to find
        // and prove the solution (643 against 1383 filling "empty" first);
        // on 20 x 20 both orders are within 10%. Probing at every node (a
        // cell whose either value fails by line solving is settled) is
        // what strong Nonogram solvers do when line solving stalls: on the
        // same set it takes the decisions to find and prove the 24
        // solutions from 15,438 to 4, and costs nothing on puzzles that
        // line solving finishes (it starts only where propagation stops).
        built.options = built
            .options
            .clone()
            .with_value_order(ValueOrder::Descending)
            .with_probing(Probing::EveryNode);
        Ok(built)
    }

    fn line_name(p: &NonogramPuzzle, k: usize) -> String {
        let (what, runs) = if k < p.rows {
            (format!("row {}", k + 1), &p.row_clues[k])
        } else if k < p.rows + p.cols {
            (
                format!("column {}", k - p.rows + 1),
                &p.col_clues[k - p.rows],
            )
        } else {
            return format!("constraint c{k}");
        };
        if runs.is_empty() {
            format!("{what} (empty)")
        } else {
            let parts: Vec<String> = runs.iter().map(ToString::to_string).collect();
            format!("{what} ({})", parts.join(" "))
        }
    }
}

/// Nonogram's named deductions, easiest first (Tatham's Pattern solver
/// is the second, on every line).
static RULES: [crate::Rule; 2] = [
    crate::Rule::new(
        "leftmost and rightmost",
        "slide a line's runs to their leftmost and rightmost places (given the cells known): cells a run covers both times are filled, cells no run reaches are empty",
        None,
    ),
    crate::Rule::new(
        "every placement",
        "a cell that every placement of its line's runs (given the cells known) fills, or leaves empty, is so",
        Some("(his solver)"),
    ),
];

/// puzz.link's genre: `nonogram`, the clues stacked above the columns and
/// left of the rows in Number16ExCell.
const GENRE: Genre = Genre {
    name: "nonogram",
    aliases: &[],
};

/// Reads a `nonogram` URL: a clue `0` alone is an empty line; a `?` clue
/// (a run of unknown length) is an error.
fn from_puzzlink(url: &Url) -> Result<NonogramPuzzle, ParseError> {
    url.no_flags("nonogram")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > format::MAX_SIDE || cols > format::MAX_SIDE {
        return Err(url.size_error(format!("over the largest Nonogram ({})", format::MAX_SIDE)));
    }
    let mut r = url.reader();
    let stacks = r.number16_stacks(rows, cols)?;
    r.finish()?;
    let lines = |lists: &[Vec<Clue>], len: usize, line: fn(usize) -> format::Line| {
        lists
            .iter()
            .enumerate()
            .map(|(i, list)| {
                let numbers: Vec<u32> = list
                    .iter()
                    .map(|c| {
                        c.number().ok_or_else(|| {
                            url.error(format!(
                                "{}: a `?` clue (a run of any length) is not supported by \
                                 gridcsp's nonogram",
                                line(i)
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?;
                format::checked_runs(line(i), len, &numbers).map_err(|e| url.error(e))
            })
            .collect::<Result<Vec<_>, ParseError>>()
    };
    let col_clues = lines(&stacks.columns, rows, format::Line::Column)?;
    let row_clues = lines(&stacks.rows, cols, format::Line::Row)?;
    Ok(NonogramPuzzle::new(rows, cols, col_clues, row_clues))
}

fn to_puzzlink(p: &NonogramPuzzle) -> Result<Url, EncodeError> {
    if let Some(i) = p.givens.iter().position(Option::is_some) {
        return Err(EncodeError::new(format!(
            "{} is a given cell: puzz.link's Nonogram has none",
            Cell::new(i / p.cols, i % p.cols)
        )));
    }
    let clue = |runs: &Vec<usize>| runs.iter().map(|&r| Clue::Number(r as u32)).collect();
    let stacks = Stacks {
        columns: p.col_clues.iter().map(clue).collect(),
        rows: p.row_clues.iter().map(clue).collect(),
    };
    let body = encode_number16_stacks(p.rows, p.cols, &stacks)?;
    Ok(Url::new(GENRE.name, p.cols, p.rows, body))
}

impl Family for Nonogram {
    type Puzzle = NonogramPuzzle;
    type Solution = NonogramSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<NonogramPuzzle, ParseError> {
        format::parse(text)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<NonogramPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &NonogramPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn write(&self, puzzle: &NonogramPuzzle) -> String {
        format::write_text(puzzle)
    }

    fn write_game_id(&self, puzzle: &NonogramPuzzle) -> Option<String> {
        Some(format::write_game_id(puzzle))
    }

    fn build(&self, puzzle: &NonogramPuzzle) -> Result<Built, ModelError> {
        self.model_with(puzzle, |m, cells, runs| {
            m.nonogram_line(&cells, runs).map(|_| ())
        })
    }

    fn build_for_level(&self, puzzle: &NonogramPuzzle, level: usize) -> Result<Built, ModelError> {
        if level == 0 {
            self.model_with(puzzle, |m, cells, runs| {
                m.add(overlap::OverlapLine::new(cells, runs.to_vec()))
                    .map(|_| ())
            })
        } else {
            self.build(puzzle)
        }
    }

    fn decode(
        &self,
        puzzle: &NonogramPuzzle,
        built: &Built,
        solution: &csp_core::Solution,
    ) -> NonogramSolution {
        let cells = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| solution.get(v)) == Some(1))
            .collect();
        NonogramSolution {
            rows: puzzle.rows,
            cols: puzzle.cols,
            cells,
        }
    }

    fn write_solution(&self, _: &NonogramPuzzle, solution: &NonogramSolution) -> String {
        format::write_solution(solution)
    }

    fn parse_solution(
        &self,
        puzzle: &NonogramPuzzle,
        text: &str,
    ) -> Result<NonogramSolution, ParseError> {
        format::parse_solution(puzzle, text)
    }

    fn check(&self, puzzle: &NonogramPuzzle, solution: &NonogramSolution) -> Vec<Violation> {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        if (solution.rows, solution.cols) != (rows, cols) {
            return vec![Violation::new(
                format!(
                    "the grid is {} x {}, the puzzle {rows} x {cols}",
                    solution.rows, solution.cols
                ),
                Vec::new(),
            )];
        }
        let mut out = Vec::new();
        for k in 0..rows + cols {
            let cells = puzzle.line_cells(k);
            let clue = if k < rows {
                &puzzle.row_clues[k]
            } else {
                &puzzle.col_clues[k - rows]
            };
            let got = runs_of(cells.iter().map(|c| solution.filled(c.row, c.col)));
            if &got != clue {
                let shown = |r: &[usize]| {
                    if r.is_empty() {
                        "none".to_owned()
                    } else {
                        let parts: Vec<String> = r.iter().map(ToString::to_string).collect();
                        parts.join(" ")
                    }
                };
                out.push(Violation::new(
                    format!(
                        "{}: its runs are {}, the clue asks for {}",
                        Self::line_name(puzzle, k)
                            .split(" (")
                            .next()
                            .unwrap_or_default(),
                        shown(&got),
                        shown(clue)
                    ),
                    cells,
                ));
            }
        }
        for i in 0..rows {
            for j in 0..cols {
                let c = Cell::new(i, j);
                if let Some(full) = puzzle.given(c) {
                    if solution.filled(i, j) != full {
                        let what = if full { "filled" } else { "empty" };
                        out.push(Violation::new(format!("{c} is given {what}"), vec![c]));
                    }
                }
            }
        }
        out
    }

    fn check_givens(&self, puzzle: &NonogramPuzzle) -> Vec<Violation> {
        let mut out: Vec<Violation> = totals_problem(puzzle)
            .map(|r| Violation::new(r, Vec::new()))
            .into_iter()
            .collect();
        // A line whose given cells leave its runs no placement.
        for k in 0..puzzle.rows + puzzle.cols {
            let cells = puzzle.line_cells(k);
            let given: Vec<Option<bool>> = cells.iter().map(|&c| puzzle.given(c)).collect();
            if given.iter().all(Option::is_none) {
                continue;
            }
            let can0: Vec<bool> = given.iter().map(|g| *g != Some(true)).collect();
            let can1: Vec<bool> = given.iter().map(|g| *g != Some(false)).collect();
            let clue = if k < puzzle.rows {
                &puzzle.row_clues[k]
            } else {
                &puzzle.col_clues[k - puzzle.rows]
            };
            if overlap::leftmost(&can0, &can1, clue).is_none() {
                let fixed = cells
                    .into_iter()
                    .zip(&given)
                    .filter_map(|(c, g)| g.map(|_| c))
                    .collect();
                out.push(Violation::new(
                    format!(
                        "{}: its given cells leave no place for its runs",
                        Self::line_name(puzzle, k)
                    ),
                    fixed,
                ));
            }
        }
        out
    }

    fn value_at(&self, solution: &NonogramSolution, cell: Cell) -> Option<Value> {
        (cell.row < solution.rows && cell.col < solution.cols)
            .then(|| Value::from(solution.filled(cell.row, cell.col)))
    }

    fn describe(
        &self,
        puzzle: &NonogramPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
    ) -> String {
        let cell = built
            .cell_of(d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        // On 0/1 cells, removing one value places the other.
        let filled = (d.value == 1) == placed;
        let why = self.describe_constraint(puzzle, built, d.constraint);
        let how = if d.rule == overlap::RULE {
            "overlap"
        } else {
            "line"
        };
        format!(
            "{cell} is {}: {why} ({how})",
            if filled { "filled" } else { "empty" }
        )
    }

    fn describe_constraint(&self, puzzle: &NonogramPuzzle, _: &Built, c: ConstraintId) -> String {
        Self::line_name(puzzle, c.index())
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &NonogramPuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["is filled", "are filled"]
        } else {
            ["is empty", "are empty"]
        })
    }

    fn reason(
        &self,
        puzzle: &NonogramPuzzle,
        built: &Built,
        d: &Deduction,
        _: bool,
        _: &crate::generic::Progress,
    ) -> crate::Reason {
        let k = d.constraint.index();
        let reads = if k < puzzle.rows {
            (0..puzzle.cols).map(|c| Cell::new(k, c)).collect()
        } else if k < puzzle.rows + puzzle.cols {
            (0..puzzle.rows)
                .map(|r| Cell::new(r, k - puzzle.rows))
                .collect()
        } else {
            Vec::new()
        };
        let line = Self::line_name(puzzle, k);
        let _ = built;
        if d.rule == overlap::RULE {
            crate::Reason::new(
                RULES[0].name,
                format!("{line}, its runs slid to the left end and to the right end"),
                reads,
            )
        } else {
            crate::Reason::new(
                RULES[1].name,
                format!("every placement of {line}'s runs agrees"),
                reads,
            )
        }
    }

    fn render(
        &self,
        puzzle: &NonogramPuzzle,
        solution: Option<&NonogramSolution>,
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
    ) -> Result<Generated<NonogramPuzzle, NonogramSolution>, GenerateError> {
        generate::generate(self, options)
    }
}

/// Width of one row-clue number, in cells.
const CLUE_W: f64 = 0.7;

fn render(
    p: &NonogramPuzzle,
    solution: Option<&NonogramSolution>,
    candidates: Option<&[Option<Vec<Value>>]>,
    options: &RenderOptions,
) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let top = p.col_clues.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let left = p.row_clues.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let title = format!("Nonogram {cols}x{rows}");
    let mut c = Canvas::new(rows, cols, &title).with_margins(
        left as f64 * CLUE_W + 0.3,
        top as f64 * 0.8 + 0.3,
        0.25,
        0.25,
    );
    c.highlights(options);
    for i in 0..rows {
        for j in 0..cols {
            let cell = Cell::new(i, j);
            let k = i * cols + j;
            let decided = candidates
                .and_then(|cs| cs.get(k))
                .and_then(|v| v.as_ref())
                .and_then(|v| (v.len() == 1).then(|| v[0] == 1));
            match (p.given(cell), solution.map(|s| s.filled(i, j)), decided) {
                (Some(true), ..) => c.fill(i, j, "#000"),
                (Some(false), ..) => c.cross(i, j),
                (None, Some(true), _) => c.fill(i, j, "#1f2f4f"),
                (None, Some(false), _) => {}
                (None, None, Some(true)) => c.fill(i, j, "#9aa4b8"),
                (None, None, Some(false)) => c.cross(i, j),
                (None, None, None) => {}
            }
        }
    }
    c.grid_lines();
    // A thicker line every five cells, as printed Nonograms have.
    let mut d = String::new();
    for r in (5..rows).step_by(5) {
        d.push_str(&format!("M0 {r}H{cols}"));
    }
    for col in (5..cols).step_by(5) {
        d.push_str(&format!("M{col} 0V{rows}"));
    }
    if !d.is_empty() {
        c.raw(&format!(
            "<path d=\"{d}\" fill=\"none\" stroke=\"#444\" stroke-width=\"0.05\"/>"
        ));
    }
    c.outer_border();
    let size = 0.5;
    for (j, runs) in p.col_clues.iter().enumerate() {
        let shown: Vec<String> = if runs.is_empty() {
            vec!["0".to_owned()]
        } else {
            runs.iter().map(ToString::to_string).collect()
        };
        let k = shown.len();
        for (t, text) in shown.iter().enumerate() {
            let y = -0.8 * (k - t) as f64 + 0.4 - 0.1;
            c.text_at(j as f64 + 0.5, y, text, Ink::Clue, size);
        }
    }
    for (i, runs) in p.row_clues.iter().enumerate() {
        let shown: Vec<String> = if runs.is_empty() {
            vec!["0".to_owned()]
        } else {
            runs.iter().map(ToString::to_string).collect()
        };
        let k = shown.len();
        for (t, text) in shown.iter().enumerate() {
            let x = -CLUE_W * (k - t) as f64 + CLUE_W / 2.0 - 0.15;
            c.text_at(x, i as f64 + 0.5, text, Ink::Clue, size);
        }
    }
    c.finish(options.cell_size)
}
