//! Yajilin: some cells hold a clue (a number and an arrow) or are blank
//! black cells. Shade some of the other cells and draw one closed loop
//! through the centres of all the rest: shaded cells never share an edge,
//! the loop never enters a clue or a shaded cell, and a clue counts the
//! shaded cells in its arrow's direction up to the grid's edge.
//!
//! The puzzle is read from janko.at's text layout (`ROWS COLS`, then rows
//! of `-` empty, `x` blank black, `Nd` a clue: N shaded cells in direction
//! d of `n e s w`) or a puzz.link `yajilin` URL; see
//! `docs/formats/yajilin.md`. A solution prints `-` at the clue and black
//! cells, `x` at a shaded cell and the loop's two exits elsewhere (`ns`,
//! `ew`, `se`, `sw`, `ne`, `nw`).
//!
//! # Model
//!
//! Masyu's: [`LoopLattice::through_cells`] gives a 0/1 variable per step
//! between two neighbouring cells, under
//! [`single_loop_with_vertices`](csp_core::Model::single_loop_with_vertices)
//! with one 0/1 variable per cell (1: the loop passes), fixed to 0 at the
//! clue and black cells. Every other cell is on the loop or shaded, so its
//! variable at 0 *is* its shading: a two-literal
//! [`clause`](csp_core::Model::clause) per pair of neighbours (not both
//! shaded) and an [`exactly`](csp_core::Model::exactly) per clue over the
//! cells along its arrow (that many at 0) are the whole model. No new
//! constraint was needed: the loop constraint already keeps a cell off the
//! loop (shaded) once fewer than two of its steps are left.

mod generate;

pub use generate::{MAX_GENERATED_SIDE, MIN_GENERATED_SIDE};

use super::grid_text;
use super::masyu::{E, S, exits_of, loop_violations, read_exits, token};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{ArrowClue, Clue, EncodeError, Genre, Url, encode_arrow_number16};
use crate::render::{Canvas, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::LoopLattice;
use csp_core::constraints::count::rules as count;
use csp_core::{ConstraintId, Deduction, Literal, Model, ModelError, Value, VarId};

/// The largest number of rows or columns read (janko.at's largest
/// Yajilin are about 20x30).
pub const MAX_SIDE: usize = 64;

/// A cell's exits bit for a shaded cell in a [`YajilinSolution`] (the
/// loop's bits are Masyu's).
const SHADED: u8 = 16;

/// Yajilin (also Yajirin, Arrow Ring).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Yajilin;

/// The direction of a clue's arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arrow {
    /// Up (`n`).
    North,
    /// Right (`e`).
    East,
    /// Down (`s`).
    South,
    /// Left (`w`).
    West,
}

impl Arrow {
    const ALL: [Arrow; 4] = [Arrow::North, Arrow::East, Arrow::South, Arrow::West];

    fn letter(self) -> char {
        match self {
            Arrow::North => 'n',
            Arrow::East => 'e',
            Arrow::South => 's',
            Arrow::West => 'w',
        }
    }

    fn step(self) -> (isize, isize) {
        match self {
            Arrow::North => (-1, 0),
            Arrow::East => (0, 1),
            Arrow::South => (1, 0),
            Arrow::West => (0, -1),
        }
    }

    fn word(self) -> &'static str {
        match self {
            Arrow::North => "up",
            Arrow::East => "right",
            Arrow::South => "down",
            Arrow::West => "left",
        }
    }
}

/// A cell of a Yajilin puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Given {
    /// An empty cell (`-`): on the loop or shaded.
    Empty,
    /// A blank black cell (`x`): off the loop, no clue.
    Black,
    /// A clue (`2e`): `count` shaded cells lie along `arrow`.
    Clue {
        /// The number of shaded cells.
        count: u32,
        /// The direction they lie in.
        arrow: Arrow,
    },
}

/// A Yajilin puzzle: a grid of clues.
///
/// With the `serde` feature it is a string, its text layout, read back by
/// [`Yajilin`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct YajilinPuzzle {
    rows: usize,
    cols: usize,
    givens: Vec<Given>,
}

impl YajilinPuzzle {
    /// A puzzle of `rows x cols` cells given row-major; `None` if the count
    /// is not `rows * cols` or a side is 0 or over [`MAX_SIDE`].
    pub fn new(rows: usize, cols: usize, givens: Vec<Given>) -> Option<YajilinPuzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && givens.len() == rows * cols;
        ok.then_some(YajilinPuzzle { rows, cols, givens })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The given at `cell` (`Empty` outside the grid too).
    pub fn given(&self, cell: Cell) -> Given {
        if cell.row < self.rows && cell.col < self.cols {
            self.givens[cell.row * self.cols + cell.col]
        } else {
            Given::Empty
        }
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// The cells from `i` (not included) along `arrow` to the edge.
    fn ray(&self, i: usize, arrow: Arrow) -> Vec<usize> {
        let (dr, dc) = arrow.step();
        let mut out = Vec::new();
        let (mut r, mut c) = (i / self.cols, i % self.cols);
        while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
            if nr >= self.rows || nc >= self.cols {
                break;
            }
            (r, c) = (nr, nc);
            out.push(r * self.cols + c);
        }
        out
    }

    /// The empty cells (those that may be shaded) along a clue's arrow.
    fn open_ray(&self, i: usize, arrow: Arrow) -> Vec<usize> {
        let mut cells = self.ray(i, arrow);
        cells.retain(|&j| self.givens[j] == Given::Empty);
        cells
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        super::grid_cells::neighbours(self.rows, self.cols, i)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(YajilinPuzzle, Yajilin, layout);

/// A Yajilin solution: for each cell, the directions the loop leaves it
/// by, or shaded.
///
/// With the `serde` feature it is a string: `ROWS COLS`, then the rows of
/// the solution layout (`-`, `x`, exit letters).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct YajilinSolution {
    rows: usize,
    cols: usize,
    /// Masyu's exit bits, or [`SHADED`].
    cells: Vec<u8>,
}

impl YajilinSolution {
    /// Whether `cell` is shaded (false outside the grid).
    pub fn is_shaded(&self, cell: Cell) -> bool {
        cell.row < self.rows
            && cell.col < self.cols
            && self.cells[cell.row * self.cols + cell.col] == SHADED
    }

    /// The cell's token in the solution layout: `x` shaded, the loop's
    /// exits (`ns`, `se`...), or `-` (`None` outside the grid).
    pub fn token(&self, cell: Cell) -> Option<String> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| cell_token(self.cells[cell.row * self.cols + cell.col]))
    }

    /// The loop's exits alone (shaded cells have none).
    fn exits(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|&x| if x == SHADED { 0 } else { x })
            .collect()
    }
}

fn cell_token(x: u8) -> String {
    if x == SHADED {
        "x".to_owned()
    } else {
        token(x)
    }
}

fn read_cell(t: &crate::text::Token<'_>) -> Result<u8, ParseError> {
    if t.text == "x" || t.text == "X" {
        Ok(SHADED)
    } else {
        read_exits(t).map_err(|_| {
            t.error(format!(
                "expected 'x' (shaded), '-' or the loop's exits (letters 'n', 'e', 's', 'w'), found '{}'",
                t.text
            ))
        })
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for YajilinSolution {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.rows, self.cols, |i| cell_token(self.cells[i]))
    }

    fn from_text(text: &str) -> Result<YajilinSolution, ParseError> {
        let (rows, cols, cells) = crate::serde_text::read_grid(text, |t, _| read_cell(t))?;
        Ok(YajilinSolution { rows, cols, cells })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(YajilinSolution);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the named deductions alone: clue counts, shaded cells apart, cells with no way on shaded, the loop's own rules",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "yajilin",
    title: "Yajilin",
    rules: "Shade some cells that hold no clue and draw one closed loop through the centres of all the others: shaded cells never touch, and each clue counts the shaded cells along its arrow.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: |_| false,
    },
    default_size: (7, 7),
};

/// Yajilin's named deductions, easiest first (Tatham has no Yajilin).
static RULES: [crate::Rule; 10] = [
    crate::Rule::new(
        "count reached",
        "a clue that already sees its number of shaded cells along its arrow: the other cells along it are on the loop",
        None,
    ),
    crate::Rule::new(
        "count needs every cell",
        "a clue with just as many cells left along its arrow that can be shaded as it still needs: they are shaded",
        None,
    ),
    crate::Rule::new(
        "shaded cells apart",
        "a cell next to a shaded cell is on the loop",
        None,
    ),
    crate::Rule::new(
        "loop keeps off",
        "the loop never enters a clue, a black cell or a shaded cell: the sides into them have crosses",
        None,
    ),
    crate::Rule::new(
        "no way through",
        "a cell with fewer than two sides left that the loop can leave by cannot be on the loop: it is shaded",
        None,
    ),
    without_tatham(super::words::LOOP_RULES[0]),
    without_tatham(super::words::LOOP_RULES[1]),
    without_tatham(super::words::LOOP_RULES[2]),
    without_tatham(super::words::LOOP_RULES[3]),
    without_tatham(super::words::LOOP_RULES[4]),
];

/// A shared loop rule without the Tatham level it has in his loop games
/// (he has no Yajilin).
const fn without_tatham(rule: crate::Rule) -> crate::Rule {
    crate::Rule::new(rule.name, rule.about, None)
}

/// What each constraint stands for, in posting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Loop,
    /// Cells `i` and `j` are not both shaded.
    Apart(usize, usize),
    /// The clue at cell `i`.
    Clue(usize),
}

/// The model: the loop over steps and cells, then a clause per pair of
/// neighbouring empty cells, then a count per clue.
fn build(p: &YajilinPuzzle) -> Result<(Built, Vec<Origin>), ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let mut model = Model::new();
    let lattice = LoopLattice::through_cells(&mut model, rows, cols)?;
    let on: Vec<VarId> = (0..rows * cols)
        .map(|i| {
            let top = if p.givens[i] == Given::Empty { 1 } else { 0 };
            model.new_named_var(p.cell(i).to_string(), 0..=top)
        })
        .collect::<Result<_, _>>()?;
    let mut origins = vec![Origin::Loop];
    model.single_loop_with_vertices(lattice.edges(), lattice.graph(), &on)?;
    for i in 0..rows * cols {
        if p.givens[i] != Given::Empty {
            continue;
        }
        for j in p.neighbours(i).filter(|&j| j > i) {
            if p.givens[j] == Given::Empty {
                model.clause(&[Literal::eq(on[i], 1), Literal::eq(on[j], 1)])?;
                origins.push(Origin::Apart(i, j));
            }
        }
    }
    for (i, &g) in p.givens.iter().enumerate() {
        if let Given::Clue { count, arrow } = g {
            let vars: Vec<VarId> = p.open_ray(i, arrow).iter().map(|&j| on[j]).collect();
            if vars.is_empty() && count == 0 {
                // Nothing to count (and a count over no variables is not
                // posted).
                continue;
            }
            if vars.is_empty() {
                // No cell to shade: "the clue's own cell is on the loop",
                // which it never is, so the count cannot be met.
                model.clause(&[Literal::eq(on[i], 1)])?;
            } else {
                model.exactly(&vars, 0, count as usize)?;
            }
            origins.push(Origin::Clue(i));
        }
    }
    let mut built = Built::new(model, rows, cols);
    built.cells = on.into_iter().map(Some).collect();
    built.options = built.options.clone().with_decision_vars(lattice.edges());
    let built = built.with_data(origins.clone());
    Ok((built, origins))
}

fn parse_text(text: &str) -> Result<YajilinPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!("unexpected '{}' after the grid size", t.text)));
    }
    let max = h.rows.max(h.cols);
    let mut givens = Vec::with_capacity(h.rows * h.cols);
    for row in 0..h.rows {
        for t in r.row(h.cols, &format!("row {}", row + 1))? {
            givens.push(read_given(&t, max)?);
        }
    }
    r.end()?;
    Ok(YajilinPuzzle {
        rows: h.rows,
        cols: h.cols,
        givens,
    })
}

/// A puzzle cell's token: `-`, `x` or a clue `Nd` with N at most `max`
/// (the grid's longer side).
fn read_given(t: &crate::text::Token<'_>, max: usize) -> Result<Given, ParseError> {
    let bad = || {
        t.error(format!(
            "expected '-', 'x' (a black cell) or a clue: a number and an arrow 'n', 'e', 's' or 'w' (like '2e'), found '{}'",
            t.text
        ))
    };
    match t.text {
        "-" | "." => return Ok(Given::Empty),
        "x" | "X" => return Ok(Given::Black),
        _ => {}
    }
    let Some(last) = t.text.chars().last() else {
        return Err(bad());
    };
    let arrow = match last.to_ascii_lowercase() {
        'n' => Arrow::North,
        'e' => Arrow::East,
        's' => Arrow::South,
        'w' => Arrow::West,
        _ => return Err(bad()),
    };
    let digits = &t.text[..t.text.len() - 1];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let count = digits
        .parse::<usize>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| {
            t.error(format!(
                "the clue '{}' counts more shaded cells than a line of the grid has ({max})",
                t.text
            ))
        })?;
    Ok(Given::Clue {
        count: count as u32,
        arrow,
    })
}

/// A clue as a player names it: "the 2 pointing left at r3c4".
fn clue_words(g: Given, at: Cell) -> String {
    match g {
        Given::Clue { count, arrow } => format!("the {count} pointing {} at {at}", arrow.word()),
        _ => format!("the black cell at {at}"),
    }
}

fn given_token(g: Given) -> String {
    match g {
        Given::Empty => "-".to_owned(),
        Given::Black => "x".to_owned(),
        Given::Clue { count, arrow } => format!("{count}{}", arrow.letter()),
    }
}

fn check(p: &YajilinPuzzle, s: &YajilinSolution) -> Vec<Violation> {
    if (p.rows, p.cols) != (s.rows, s.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let n = p.rows * p.cols;
    let cell = |i: usize| p.cell(i);
    let mut out = Vec::new();
    let used: Vec<Cell> = (0..n)
        .filter(|&i| p.givens[i] != Given::Empty && s.cells[i] != 0)
        .map(cell)
        .collect();
    if !used.is_empty() {
        out.push(Violation::new(
            "clue and black cells are neither shaded nor on the loop",
            used,
        ));
    }
    match loop_violations(p.rows, p.cols, &s.exits()) {
        Ok(v) => out.extend(v),
        Err(broken) => {
            out.push(broken);
            return out;
        }
    }
    let blank: Vec<Cell> = (0..n)
        .filter(|&i| p.givens[i] == Given::Empty && s.cells[i] == 0)
        .map(cell)
        .collect();
    if !blank.is_empty() {
        out.push(Violation::new(
            "every cell without a clue is shaded or on the loop",
            blank,
        ));
    }
    for i in 0..n {
        for j in p.neighbours(i).filter(|&j| j > i) {
            if s.cells[i] == SHADED && s.cells[j] == SHADED {
                out.push(Violation::new(
                    "two shaded cells touch",
                    vec![cell(i), cell(j)],
                ));
            }
        }
    }
    for (i, &g) in p.givens.iter().enumerate() {
        if let Given::Clue { count, arrow } = g {
            let ray = p.ray(i, arrow);
            let got = ray.iter().filter(|&&j| s.cells[j] == SHADED).count();
            if got != count as usize {
                let mut cells = vec![cell(i)];
                cells.extend(ray.iter().map(|&j| cell(j)));
                out.push(Violation::new(
                    format!(
                        "the clue {} at {} sees {got} shaded cells {}",
                        given_token(g),
                        cell(i),
                        arrow.word()
                    ),
                    cells,
                ));
            }
        }
    }
    out
}

/// puzz.link's genre: `yajilin` (`yajirin`), the clues in ArrowNumber16.
const GENRE: Genre = Genre {
    name: "yajilin",
    aliases: &["yajirin"],
};

/// Reads a `yajilin` URL (the flag `b`, clue cells drawn grey, is only
/// how pzprjs draws them). A cell with a number and no arrow, a `?` or a
/// `+` constrains nothing: it reads as a black cell.
fn from_puzzlink(url: &Url) -> Result<YajilinPuzzle, ParseError> {
    if url.variant.is_some() || url.pflag.chars().any(|c| c != 'b') {
        url.no_flags("yajilin")?;
    }
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Yajilin ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let clues = r.arrow_number16(rows * cols)?;
    r.finish()?;
    let max = rows.max(cols);
    let mut givens = Vec::with_capacity(rows * cols);
    for (i, c) in clues.into_iter().enumerate() {
        givens.push(match c {
            ArrowClue::Empty => Given::Empty,
            ArrowClue::Arrow {
                direction: d @ 1..=4,
                number: Clue::Number(n),
            } => {
                if n as usize > max {
                    return Err(url.error(format!(
                        "the clue at {} counts {n} shaded cells, more than a line of the grid has ({max})",
                        Cell::new(i / cols, i % cols)
                    )));
                }
                let arrow = [Arrow::North, Arrow::South, Arrow::West, Arrow::East][d as usize - 1];
                Given::Clue { count: n, arrow }
            }
            ArrowClue::Plus | ArrowClue::Arrow { .. } => Given::Black,
        });
    }
    YajilinPuzzle::new(rows, cols, givens)
        .ok_or_else(|| url.size_error(format!("over the largest Yajilin ({MAX_SIDE})")))
}

/// Writes a `yajilin` URL: a black cell as a `?` without an arrow (`0.`).
fn to_puzzlink(p: &YajilinPuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<ArrowClue> = p
        .givens
        .iter()
        .map(|&g| match g {
            Given::Empty => ArrowClue::Empty,
            Given::Black => ArrowClue::Arrow {
                direction: 0,
                number: Clue::Unknown,
            },
            Given::Clue { count, arrow } => ArrowClue::Arrow {
                direction: match arrow {
                    Arrow::North => 1,
                    Arrow::South => 2,
                    Arrow::West => 3,
                    Arrow::East => 4,
                },
                number: Clue::Number(count),
            },
        })
        .collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_arrow_number16(&clues)?,
    ))
}

/// The end of the step `d` is about that the loop keeps off (a clue, a
/// black cell or a cell already shaded), if any.
fn off_ends(p: &YajilinPuzzle, built: &Built, d: &Deduction, now: &Progress) -> Option<Cell> {
    let Some(crate::Spot::Link(a, b)) = Yajilin.spot(p, built, d.var) else {
        return None;
    };
    [a, b].into_iter().find(|&c| {
        p.given(c) != Given::Empty || built.var(c).is_some_and(|v| now.value(v) == Some(0))
    })
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(
    p: &YajilinPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> crate::Reason {
    let origins = built.data_or_else(|| build(p).map(|(_, o)| o).unwrap_or_default());
    // A cell's variable: 1 on the loop, 0 shaded.
    let on_loop = if placed { d.value == 1 } else { d.value != 1 };
    match origins.get(d.constraint.index()) {
        Some(&Origin::Clue(i)) => {
            let at = p.cell(i);
            let clue = clue_words(p.givens[i], at);
            if d.rule == count::NEEDED {
                crate::Reason::new(
                    RULES[1].name,
                    format!("{clue} needs every cell left along its arrow"),
                    vec![at],
                )
            } else {
                crate::Reason::new(
                    RULES[0].name,
                    format!("{clue} already sees all its shaded cells"),
                    vec![at],
                )
            }
        }
        Some(&Origin::Apart(i, j)) => {
            let other = match built.cell_of(d.var) {
                Some(c) if c == p.cell(i) => p.cell(j),
                _ => p.cell(i),
            };
            crate::Reason::new(RULES[2].name, format!("{other} is shaded"), vec![other])
        }
        _ => match built.cell_of(d.var) {
            Some(c) if !on_loop => crate::Reason::new(
                RULES[4].name,
                format!("the loop has fewer than two ways into {c}"),
                vec![c],
            ),
            Some(c) => crate::Reason::new(RULES[6].name, format!("a line runs into {c}"), vec![c]),
            None => match off_ends(p, built, d, now) {
                Some(c) if !placed || d.value == 0 => {
                    crate::Reason::new(RULES[3].name, format!("the loop never enters {c}"), vec![c])
                }
                _ => super::words::loop_reason(d, "cell"),
            },
        },
    }
}

impl Family for Yajilin {
    type Puzzle = YajilinPuzzle;
    type Solution = YajilinSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<YajilinPuzzle, ParseError> {
        parse_text(text)
    }

    fn write(&self, p: &YajilinPuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        let tokens: Vec<String> = p.givens.iter().map(|&g| given_token(g)).collect();
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
            tokens[r * p.cols + c].as_str()
        });
        out
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<YajilinPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &YajilinPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &YajilinPuzzle) -> Result<Built, ModelError> {
        build(p).map(|(b, _)| b)
    }

    fn decode(
        &self,
        p: &YajilinPuzzle,
        built: &Built,
        solution: &csp_core::Solution,
    ) -> YajilinSolution {
        let mut cells = exits_of(p.rows, p.cols, built, solution);
        for (i, x) in cells.iter_mut().enumerate() {
            if *x == 0 && p.givens[i] == Given::Empty {
                *x = SHADED;
            }
        }
        YajilinSolution {
            rows: p.rows,
            cols: p.cols,
            cells,
        }
    }

    fn write_solution(&self, p: &YajilinPuzzle, s: &YajilinSolution) -> String {
        let mut out = p.header();
        out.push('\n');
        let tokens: Vec<String> = s.cells.iter().map(|&x| cell_token(x)).collect();
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

    fn parse_solution(&self, p: &YajilinPuzzle, text: &str) -> Result<YajilinSolution, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let mut cells = Vec::with_capacity(p.rows * p.cols);
        for row in 0..p.rows {
            for t in r.row(p.cols, &format!("row {}", row + 1))? {
                cells.push(read_cell(&t)?);
            }
        }
        r.end()?;
        Ok(YajilinSolution {
            rows: p.rows,
            cols: p.cols,
            cells,
        })
    }

    fn check(&self, p: &YajilinPuzzle, s: &YajilinSolution) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &YajilinPuzzle) -> Vec<Violation> {
        p.givens
            .iter()
            .enumerate()
            .filter_map(|(i, &g)| {
                let Given::Clue { count, arrow } = g else {
                    return None;
                };
                // Shaded cells apart: at most one of each two in a row of
                // empty cells along the arrow.
                let ray = p.ray(i, arrow);
                let mut most = 0;
                let mut run = 0;
                for &j in &ray {
                    if p.givens[j] == Given::Empty {
                        run += 1;
                    } else {
                        most += run / 2 + run % 2;
                        run = 0;
                    }
                }
                most += run / 2 + run % 2;
                (count as usize > most).then(|| {
                    Violation::new(
                        format!(
                            "the clue {} at {} asks for more shaded cells than fit along its arrow apart ({most})",
                            given_token(g),
                            p.cell(i)
                        ),
                        vec![p.cell(i)],
                    )
                })
            })
            .collect()
    }

    fn value_at(&self, s: &YajilinSolution, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| {
            let x = s.cells[cell.row * s.cols + cell.col];
            Value::from(x != 0 && x != SHADED)
        })
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn spot(&self, p: &YajilinPuzzle, built: &Built, var: VarId) -> Option<crate::Spot> {
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

    fn mark(
        &self,
        _: &YajilinPuzzle,
        spot: crate::Spot,
        value: Value,
    ) -> Option<[&'static str; 2]> {
        Some(match spot {
            crate::Spot::Cell(_) if value == 1 => ["is on the loop", "are on the loop"],
            crate::Spot::Cell(_) => ["is shaded", "are shaded"],
            _ => super::words::line(value),
        })
    }

    fn reason(
        &self,
        p: &YajilinPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &Progress,
    ) -> crate::Reason {
        reason(p, built, d, placed, now)
    }

    fn describe_constraint(&self, p: &YajilinPuzzle, built: &Built, c: ConstraintId) -> String {
        let origins = built.data_or_else(|| build(p).map(|(_, o)| o).unwrap_or_default());
        match origins.get(c.index()) {
            Some(Origin::Loop) => "the loop is one closed loop".to_owned(),
            Some(&Origin::Apart(i, j)) => {
                format!("{} and {} are not both shaded", p.cell(i), p.cell(j))
            }
            Some(&Origin::Clue(i)) => clue_words(p.givens[i], p.cell(i)),
            None => c.to_string(),
        }
    }

    fn render(
        &self,
        p: &YajilinPuzzle,
        solution: Option<&YajilinSolution>,
        options: &RenderOptions,
    ) -> String {
        let (rows, cols) = (p.rows, p.cols);
        let mut c = Canvas::new(rows, cols, &format!("Yajilin {rows}x{cols}"));
        c.highlights(options);
        if let Some(s) = solution {
            for (i, &x) in s.cells.iter().enumerate() {
                if x == SHADED {
                    c.fill(i / cols, i % cols, "#777");
                }
            }
        }
        c.grid_lines();
        for (i, &g) in p.givens.iter().enumerate() {
            if g != Given::Empty {
                draw_given(&mut c, i / cols, i % cols, g);
            }
        }
        if let Some(s) = solution {
            for (i, &x) in s.cells.iter().enumerate() {
                if x == SHADED {
                    continue;
                }
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
    ) -> Result<Generated<YajilinPuzzle, YajilinSolution>, GenerateError> {
        generate::generate(options)
    }
}

/// A clue or black cell: dark, with the number and its arrow in white.
fn draw_given(c: &mut Canvas, row: usize, col: usize, g: Given) {
    let (x, y) = (col as f64, row as f64);
    c.raw(&format!(
        "<rect x=\"{col}\" y=\"{row}\" width=\"1\" height=\"1\" fill=\"#222\"/>"
    ));
    let Given::Clue { count, arrow } = g else {
        return;
    };
    // The arrow along the top (or the left side), the number below it (or
    // right of it).
    let (path, tx, ty) = match arrow {
        Arrow::East => (
            format!(
                "M{} {}h0.6l-0.12 -0.08m0.12 0.08l-0.12 0.08",
                x + 0.2,
                y + 0.2
            ),
            x + 0.5,
            y + 0.82,
        ),
        Arrow::West => (
            format!(
                "M{} {}h-0.6l0.12 -0.08m-0.12 0.08l0.12 0.08",
                x + 0.8,
                y + 0.2
            ),
            x + 0.5,
            y + 0.82,
        ),
        Arrow::South => (
            format!(
                "M{} {}v0.6l-0.08 -0.12m0.08 0.12l0.08 -0.12",
                x + 0.18,
                y + 0.2
            ),
            x + 0.6,
            y + 0.68,
        ),
        Arrow::North => (
            format!(
                "M{} {}v-0.6l-0.08 0.12m0.08 -0.12l0.08 0.12",
                x + 0.18,
                y + 0.8
            ),
            x + 0.6,
            y + 0.68,
        ),
    };
    c.raw(&format!("<path class=\"diag\" d=\"{path}\"/>"));
    c.raw(&format!(
        "<text class=\"rev\" x=\"{tx}\" y=\"{ty}\" font-size=\"0.5\">{count}</text>"
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_reads_and_writes_back() {
        let text = "3 4\n- 1e - x\n- - - -\n0n - - 2n\n";
        let p = Yajilin.parse(text).unwrap();
        assert_eq!(Yajilin.write(&p), text);
        assert_eq!(
            p.given(Cell::new(0, 1)),
            Given::Clue {
                count: 1,
                arrow: Arrow::East
            }
        );
        assert_eq!(p.given(Cell::new(0, 3)), Given::Black);
        assert_eq!(p.ray(1, Arrow::East), vec![2, 3]);
        assert_eq!(p.open_ray(1, Arrow::East), vec![2]);
        assert_eq!(p.ray(8, Arrow::North), vec![4, 0]);
    }

    #[test]
    fn bad_tokens_name_their_line_and_column() {
        let e = Yajilin.parse("2 2\n- 1q\n- -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = Yajilin.parse("2 2\n- -\ne -\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(1)));
        let e = Yajilin.parse("2 2\n- 9s\n- -\n").unwrap_err();
        assert!(e.to_string().contains("more shaded cells"), "{e}");
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
    }

    #[test]
    fn shaded_cells_print_as_x() {
        assert_eq!(cell_token(SHADED), "x");
        assert_eq!(cell_token(0), "-");
    }
}
