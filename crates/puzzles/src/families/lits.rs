//! LITS: shade one tetromino in every region (an L, I, T or S shape,
//! turned or mirrored), the shaded cells connected, no 2x2 block all
//! shaded, and two tetrominoes of the same shape never side by side.
//!
//! The model is one 0/1 variable per cell (1: shaded) and one variable
//! per region for its tetromino's shape (L, I, T, S), under csp-core's
//! [`placement`](csp_core::Model::placement): every region is a piece
//! whose placements are the tetrominoes inside it
//! ([`polyominoes`], the square left out), each tagged with its shape, at
//! most one piece over a cell (the others unshaded). Then
//! [`connected`](csp_core::Model::connected) over the shaded cells, one
//! clause per 2x2 block, and for two cells side by side in different
//! regions, per shape, a clause: not both shaded with both regions of
//! that shape. The named deductions are those propagators' rules in the
//! player's words, naming the shapes still possible in a region ("no L
//! or T left in region 3 reaches r2c4"); the ladder has two rungs, their
//! propagation and search.

use super::grid_cells::{areas, neighbours};
use super::grid_text;
use super::shading::{self, Regions};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{Borders, EncodeError, Genre, Url};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::placement::{Cover, Piece, polyominoes, rules as placement_rules};
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, Value, VarId};
use rand::Rng;
use rand::seq::{IndexedRandom as _, SliceRandom};
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 4;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 20;
/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 1000;
/// Region changes tried per planted grid to make its solution the only one.
const REPAIRS: usize = 60;
/// Moves [`tighten`] tries per cell of the grid.
const TIGHTEN_TRIES: usize = 4;
/// A hard candidate is tightened until at most one cell in this many is
/// left open by root propagation, before the searches that make it unique.
const HARD_OPEN: usize = 8;

/// LITS (also Nuruomino).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lits;

/// A tetromino's shape, as LITS names it (mirror images are the same
/// shape: S covers S and Z).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// Three in a line and one at an end, to the side.
    L,
    /// Four in a line.
    I,
    /// Three in a line and one at the middle, to the side.
    T,
    /// Two offset pairs (S or Z).
    S,
}

impl Shape {
    /// The four shapes, in the order of their values in the model (1-4).
    pub const ALL: [Shape; 4] = [Shape::L, Shape::I, Shape::T, Shape::S];

    /// The shape's letter.
    pub fn letter(self) -> &'static str {
        match self {
            Shape::L => "L",
            Shape::I => "I",
            Shape::T => "T",
            Shape::S => "S",
        }
    }

    /// The shape's value in the model (1-4).
    fn value(self) -> Value {
        match self {
            Shape::L => 1,
            Shape::I => 2,
            Shape::T => 3,
            Shape::S => 4,
        }
    }

    fn from_value(v: Value) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.value() == v)
    }

    /// The shape of four cells (row-major indices in a grid `cols` wide),
    /// `None` if they are not an L, I, T or S tetromino (not four, not
    /// connected, or the square).
    pub fn of(cols: usize, cells: &[usize]) -> Option<Shape> {
        if cells.len() != 4 || cols == 0 {
            return None;
        }
        let at: Vec<(usize, usize)> = cells.iter().map(|&i| (i / cols, i % cols)).collect();
        // Four cells of the grid are connected without a cycle exactly when
        // three pairs of them touch (the grid has no triangles); the square
        // has four.
        let mut touching = 0;
        for (k, &(r, c)) in at.iter().enumerate() {
            for &(r2, c2) in &at[k + 1..] {
                if r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    touching += 1;
                }
            }
        }
        if touching != 3 {
            return None;
        }
        let top = at.iter().map(|p| p.0).min()?;
        let left = at.iter().map(|p| p.1).min()?;
        let h = at.iter().map(|p| p.0).max()? - top + 1;
        let w = at.iter().map(|p| p.1).max()? - left + 1;
        if h == 4 || w == 4 {
            return Some(Shape::I);
        }
        // A 2x3 or 3x2 box: count along its long side's two lines.
        let (lines, across): (Vec<usize>, Vec<usize>) = if h == 2 {
            (
                at.iter().map(|p| p.0 - top).collect(),
                at.iter().map(|p| p.1 - left).collect(),
            )
        } else {
            (
                at.iter().map(|p| p.1 - left).collect(),
                at.iter().map(|p| p.0 - top).collect(),
            )
        };
        let in_first = lines.iter().filter(|&&l| l == 0).count();
        if in_first == 2 {
            return Some(Shape::S);
        }
        // The cell alone on its line: in the middle for a T.
        let alone = usize::from(in_first != 1);
        let k = lines.iter().position(|&l| l == alone)?;
        Some(if across[k] == 1 { Shape::T } else { Shape::L })
    }
}

/// A LITS puzzle: the regions.
///
/// With the `serde` feature it is a string, its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LitsPuzzle {
    rows: usize,
    cols: usize,
    regions: Regions,
}

impl LitsPuzzle {
    /// A puzzle from its regions; `None` if they are not `rows x cols`.
    pub fn new(rows: usize, cols: usize, regions: Regions) -> Option<LitsPuzzle> {
        (rows.checked_mul(cols) == Some(regions.labels().len())).then_some(LitsPuzzle {
            rows,
            cols,
            regions,
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

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// "region 3": the region of a cell, as a player numbers it (from 1 in
    /// reading order).
    fn region_name(&self, i: usize) -> String {
        format!("region {}", self.regions.number(self.regions.labels()[i]))
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(LitsPuzzle, Lits, layout);

/// A solved LITS grid: per cell, the shape of the tetromino shading it.
///
/// With the `serde` feature it is a string, the solution layout (`ROWS
/// COLS`, then rows of `-` and the letters `L`, `I`, `T`, `S`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LitsSolution {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Shape>>,
}

impl LitsSolution {
    /// A solution from its cells, row-major (`None`: unshaded); `None` if
    /// the sizes disagree.
    pub fn new(rows: usize, cols: usize, cells: Vec<Option<Shape>>) -> Option<LitsSolution> {
        (rows.checked_mul(cols) == Some(cells.len())).then_some(LitsSolution { rows, cols, cells })
    }

    /// The shape shading a cell (`None`: unshaded, or outside the grid).
    pub fn shape(&self, cell: Cell) -> Option<Shape> {
        if cell.row < self.rows && cell.col < self.cols {
            self.cells[cell.row * self.cols + cell.col]
        } else {
            None
        }
    }

    /// Whether a cell is shaded.
    pub fn is_shaded(&self, cell: Cell) -> bool {
        self.shape(cell).is_some()
    }

    fn write(&self) -> String {
        let mut out = format!("{} {}\n", self.rows, self.cols);
        grid_text::write_grid(&mut out, self.rows, self.cols, |r, c| {
            self.cells[r * self.cols + c].map_or("-", Shape::letter)
        });
        out
    }

    fn parse(text: &str, max: usize) -> Result<LitsSolution, ParseError> {
        let mut r = Reader::new(text);
        let [rows, cols] = r.header::<2>("ROWS COLS", 1, max)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in grid_text::cells(&mut r, cols, &format!("row {} of the solution", row + 1))? {
                cells.push(match t.text {
                    "-" => None,
                    "L" => Some(Shape::L),
                    "I" => Some(Shape::I),
                    "T" => Some(Shape::T),
                    "S" => Some(Shape::S),
                    other => {
                        return Err(t.error(format!(
                            "expected '-' (unshaded) or a shape 'L', 'I', 'T' or 'S', found '{other}'"
                        )));
                    }
                });
            }
        }
        r.end()?;
        Ok(LitsSolution { rows, cols, cells })
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for LitsSolution {
    fn to_text(&self) -> String {
        self.write()
    }

    fn from_text(text: &str) -> Result<Self, ParseError> {
        LitsSolution::parse(text, MAX_SIDE)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(LitsSolution);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a cell no tetromino left in its region reaches is unshaded and one every tetromino left covers is shaded, with the 2x2, same-shape and connection rules",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

/// LITS's named deductions, easiest first (Tatham has no LITS).
static RULES: [crate::Rule; 5] = [
    crate::Rule::new(
        "out of reach",
        "no tetromino left in the cell's region covers it: it is unshaded",
        None,
    ),
    crate::Rule::new(
        "covered by every tetromino",
        "every tetromino left in the cell's region covers it: it is shaded",
        None,
    ),
    crate::Rule::new(
        "no 2x2 shaded",
        "a 2x2 block with three shaded cells: the fourth is unshaded",
        None,
    ),
    crate::Rule::new(
        "same shapes never touch",
        "a cell next to a tetromino of the shape its own region's must take is unshaded",
        None,
    ),
    crate::Rule::new(
        "shaded cells connected",
        "a cell the shaded cells need to stay connected is shaded (one they cannot reach is unshaded)",
        None,
    ),
];

static INFO: FamilyInfo = FamilyInfo {
    name: "lits",
    title: "LITS",
    rules: "Shade one tetromino (an L, I, T or S shape, turned or mirrored) in every region so that the shaded cells are connected, no 2x2 block is all shaded, and two tetrominoes of the same shape never touch along a side.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: |_| false,
    },
    default_size: (5, 7),
};

/// puzz.link's genre: `lits`, the regions in Border.
const GENRE: Genre = Genre {
    name: "lits",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<LitsPuzzle, ParseError> {
    url.no_flags("lits")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest LITS ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let borders = r.border(rows, cols)?;
    r.finish()?;
    let labels = borders
        .regions()
        .into_iter()
        .map(|l| l as u64 + 1)
        .collect();
    Regions::new(rows, cols, labels)
        .map(|regions| LitsPuzzle {
            rows,
            cols,
            regions,
        })
        .ok_or_else(|| url.error("not a LITS puzzle"))
}

fn to_puzzlink(p: &LitsPuzzle) -> Result<Url, EncodeError> {
    if p.regions.has_holes() {
        return Err(EncodeError::new(
            "puzz.link's LITS has no holes ('@' cells outside every region)",
        ));
    }
    let borders = Borders::from_regions(p.rows, p.cols, p.regions.labels())?;
    Ok(Url::new(GENRE.name, p.cols, p.rows, borders.encode()))
}

/// The 2x2 blocks' four cells.
fn blocks(rows: usize, cols: usize) -> impl Iterator<Item = [usize; 4]> {
    (0..rows.saturating_sub(1)).flat_map(move |r| {
        (0..cols.saturating_sub(1)).map(move |c| {
            let i = r * cols + c;
            [i, i + 1, i + cols, i + cols + 1]
        })
    })
}

/// Pairs of cells side by side (each once, the smaller first).
fn sides(rows: usize, cols: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..rows * cols).flat_map(move |i| {
        neighbours(rows, cols, i)
            .filter(move |&j| j > i)
            .map(move |j| (i, j))
    })
}

/// Each region's tetrominoes (placements) with their shapes.
fn tetrominoes(rows: usize, cols: usize, region: &[usize]) -> (Vec<Vec<usize>>, Vec<Value>) {
    polyominoes(rows, cols, region, 4)
        .into_iter()
        .filter_map(|t| Shape::of(cols, &t).map(|s| (t, s.value())))
        .unzip()
}

impl Lits {
    fn model(&self, p: &LitsPuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        let groups = p.regions.groups();
        let shapes = m.new_vars(groups.len(), 1..=4)?;
        let mut region_of = vec![0usize; rows * cols];
        let mut pieces = Vec::with_capacity(groups.len());
        for (k, (_, group)) in groups.iter().enumerate() {
            for &i in group {
                region_of[i] = k;
            }
            let (places, tags) = tetrominoes(rows, cols, group);
            pieces.push(Piece::new(1, places).with_tag(shapes[k], tags));
        }
        // A hole (janko.at's `@`) is in no region: unshaded from the
        // start, so no deduction or search names it.
        let hole = |i: usize| p.regions.is_hole(p.cell(i));
        for (i, &v) in cells.iter().enumerate() {
            if hole(i) {
                m.fix(v, 0)?;
            }
        }
        m.placement(&cells, &pieces, Cover::AtMost { empty: 0 })?;
        m.connected(&cells, &Graph::grid(rows, cols)?)?;
        for block in blocks(rows, cols).filter(|b| !b.iter().any(|&i| hole(i))) {
            m.clause(&block.map(|i| !Literal::from(cells[i])))?;
        }
        for (i, j) in sides(rows, cols) {
            let (a, b) = (region_of[i], region_of[j]);
            if a == b || hole(i) || hole(j) {
                continue;
            }
            for shape in Shape::ALL {
                m.clause(&[
                    !Literal::from(cells[i]),
                    !Literal::from(cells[j]),
                    Literal::ne(shapes[a], shape.value()),
                    Literal::ne(shapes[b], shape.value()),
                ])?;
            }
        }
        Ok(Built::with_cells(
            m,
            rows,
            cols,
            cells
                .into_iter()
                .enumerate()
                .map(|(i, v)| (!hole(i)).then_some(v))
                .collect(),
        ))
    }
}

/// The shaded cells' shapes: each region's shaded cells take their
/// tetromino's shape (`None` where they are not one).
fn shapes_of(p: &LitsPuzzle, shaded: &[bool]) -> Vec<Option<Shape>> {
    let mut out = vec![None; shaded.len()];
    for (_, group) in p.regions.groups() {
        let on: Vec<usize> = group.iter().copied().filter(|&i| shaded[i]).collect();
        let shape = Shape::of(p.cols, &on);
        for i in on {
            out[i] = shape;
        }
    }
    out
}

/// The region's shape variable of a placement constraint (its one
/// variable that is not a cell's), with the region's first cell.
fn placement_region(built: &Built, c: ConstraintId) -> Option<(VarId, usize)> {
    let k = built.model.constraint(c)?;
    if k.name() != "placement" {
        return None;
    }
    // The cells are the model's first variables (a hole's too, though it
    // has no cell): the tag is the one after them.
    let tag = *k
        .scope()
        .iter()
        .find(|&&v| v.index() >= built.rows * built.cols)?;
    let first = k.scope().iter().find_map(|&v| shading::cell_of(built, v))?;
    Some((tag, first.row * built.cols + first.col))
}

/// "an L", "an L or T": the shapes still possible.
fn shapes_words(values: &[Value]) -> String {
    let letters: Vec<&str> = values
        .iter()
        .filter_map(|&v| Shape::from_value(v).map(Shape::letter))
        .collect();
    let article = match letters.first() {
        Some(&"L" | &"I" | &"S") => "an",
        _ => "a",
    };
    match letters.split_last() {
        None => "no tetromino".to_owned(),
        Some((one, [])) => format!("{article} {one}"),
        Some((last, rest)) => format!("{article} {} or {last}", rest.join(", ")),
    }
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(
    p: &LitsPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> crate::Reason {
    let Some(cell) = shading::cell_of(built, d.var) else {
        return crate::generic::reason(&Lits, p, built, d);
    };
    let shade = (d.value == 1) == placed;
    let Some(k) = built.model.constraint(d.constraint) else {
        return crate::generic::reason(&Lits, p, built, d);
    };
    let scope_cells: Vec<Cell> = k
        .scope()
        .iter()
        .filter_map(|&v| shading::cell_of(built, v))
        .collect();
    match k.name() {
        "placement" => {
            let Some((tag, first)) = placement_region(built, d.constraint) else {
                return crate::generic::reason(&Lits, p, built, d);
            };
            let region = p.region_name(first);
            let left = shapes_words(now.candidates(tag));
            let covered = shade || d.rule == placement_rules::COVERED;
            if covered {
                crate::Reason::new(
                    RULES[1].name,
                    format!("every way left to lay {left} in {region} covers it"),
                    scope_cells,
                )
            } else {
                crate::Reason::new(
                    RULES[0].name,
                    format!("no way left to lay {left} in {region} reaches it"),
                    scope_cells,
                )
            }
        }
        "clause" if scope_cells.len() == 4 => {
            let others: Vec<Cell> = scope_cells.into_iter().filter(|&c| c != cell).collect();
            crate::Reason::new(
                RULES[2].name,
                format!("{} are shaded", shading::cell_list(&others)),
                others,
            )
        }
        "clause" => {
            let other = scope_cells.iter().copied().find(|&c| c != cell);
            let shape = k
                .scope()
                .iter()
                .filter(|&&v| shading::cell_of(built, v).is_none())
                .find_map(|&v| match now.candidates(v) {
                    [one] => Shape::from_value(*one),
                    _ => None,
                });
            let at = cell.row * p.cols + cell.col;
            let cause = match (other, shape) {
                (Some(o), Some(s)) => format!(
                    "the {} through {o} touches it and {} must hold an {} too",
                    s.letter(),
                    p.region_name(at),
                    s.letter()
                ),
                _ => "two tetrominoes of one shape would touch".to_owned(),
            };
            crate::Reason::new(RULES[3].name, cause, other.into_iter().collect())
        }
        "connected" => crate::Reason::new(
            RULES[4].name,
            "the shaded cells must stay connected",
            Vec::new(),
        ),
        _ => crate::generic::reason(&Lits, p, built, d),
    }
}

impl Family for Lits {
    type Puzzle = LitsPuzzle;
    type Solution = LitsSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<LitsPuzzle, ParseError> {
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let (rows, cols) = (h.rows, h.cols);
        let regions = Regions::read_with_holes(&mut r, rows, cols)?;
        r.end()?;
        Ok(LitsPuzzle {
            rows,
            cols,
            regions,
        })
    }

    fn write(&self, p: &LitsPuzzle) -> String {
        let mut out = format!("{}\n", p.header());
        p.regions.write(&mut out);
        out
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<LitsPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &LitsPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &LitsPuzzle) -> Result<Built, ModelError> {
        self.model(p)
    }

    fn decode(&self, p: &LitsPuzzle, built: &Built, s: &csp_core::Solution) -> LitsSolution {
        let shaded = shading::cells_valued(built, s, 1);
        LitsSolution {
            rows: p.rows,
            cols: p.cols,
            cells: shapes_of(p, &shaded),
        }
    }

    fn write_solution(&self, _: &LitsPuzzle, s: &LitsSolution) -> String {
        s.write()
    }

    fn parse_solution(&self, p: &LitsPuzzle, text: &str) -> Result<LitsSolution, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        LitsSolution::parse(text, MAX_SIDE)
    }

    fn check(&self, p: &LitsPuzzle, s: &LitsSolution) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &LitsPuzzle) -> Vec<Violation> {
        p.regions
            .cell_groups()
            .into_iter()
            .zip(p.regions.groups())
            .filter(|(_, (_, group))| tetrominoes(p.rows, p.cols, group).0.is_empty())
            .map(|((l, cells), _)| {
                Violation::new(
                    format!(
                        "region {} holds no L, I, T or S tetromino",
                        p.regions.number(l)
                    ),
                    cells,
                )
            })
            .collect()
    }

    fn value_at(&self, s: &LitsSolution, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| Value::from(s.is_shaded(cell)))
    }

    fn render(&self, p: &LitsPuzzle, s: Option<&LitsSolution>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(p.rows, p.cols, &format!("LITS {}x{}", p.rows, p.cols));
        c.highlights(options);
        for i in 0..p.rows * p.cols {
            let (r, col) = (i / p.cols, i % p.cols);
            if let Some(shape) = s.and_then(|s| s.cells[i]) {
                c.fill(r, col, "#999");
                c.text(r, col, shape.letter(), Ink::Filled);
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                match values.as_slice() {
                    [1] => c.fill(r, col, "#999"),
                    [0] => c.dot(col as f64 + 0.5, r as f64 + 0.5),
                    _ => {}
                }
            }
        }
        c.grid_lines();
        shading::draw_regions(&mut c, &p.regions);
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &LitsPuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = shading::cell_of(built, d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let what = if (d.value == 1) == placed {
            "is shaded"
        } else {
            "is unshaded"
        };
        format!(
            "{cell} {what}: {}",
            self.describe_constraint(p, built, d.constraint)
        )
    }

    fn describe_constraint(&self, p: &LitsPuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        let cells = shading::scope_cells(
            built,
            &k.scope()
                .iter()
                .copied()
                .filter(|&v| shading::cell_of(built, v).is_some())
                .collect::<Vec<_>>(),
        )
        .unwrap_or_default();
        match k.name() {
            "placement" => match placement_region(built, c) {
                Some((_, first)) => format!("{} holds one L, I, T or S", p.region_name(first)),
                None => format!("placement {c}"),
            },
            "connected" => "the shaded cells are connected".to_owned(),
            "clause" if cells.len() == 4 => {
                format!("the block {} is not all shaded", shading::cell_list(&cells))
            }
            "clause" => format!(
                "tetrominoes of one shape never touch across {}",
                shading::cell_list(&cells)
            ),
            name => format!("{name} {c}"),
        }
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &LitsPuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(super::words::shaded(value))
    }

    fn reason(
        &self,
        p: &LitsPuzzle,
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
    ) -> Result<Generated<LitsPuzzle, LitsSolution>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "lits",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 50_000, |rng, limits| {
            let found = candidate(rows, cols, options.level == 0, rng, limits)?;
            (super::quick_grade::level_of(self, &found.0, limits) == Some(options.level))
                .then_some(found)
        })
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &LitsPuzzle, s: &LitsSolution) -> Vec<Violation> {
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
    let shaded: Vec<bool> = s.cells.iter().map(Option::is_some).collect();
    let actual = shapes_of(p, &shaded);
    let mut out = Vec::new();
    for (i, _) in shaded.iter().enumerate().filter(|&(_, &on)| on) {
        if p.regions.is_hole(p.cell(i)) {
            out.push(Violation::new(
                format!(
                    "{} is a hole, outside every region: it cannot be shaded",
                    p.cell(i)
                ),
                vec![p.cell(i)],
            ));
        }
    }
    for ((l, cells), (_, group)) in p.regions.cell_groups().into_iter().zip(p.regions.groups()) {
        let on: Vec<usize> = group.iter().copied().filter(|&i| shaded[i]).collect();
        let on_cells: Vec<Cell> = on.iter().map(|&i| p.cell(i)).collect();
        if on.len() != 4 {
            out.push(Violation::new(
                format!(
                    "region {} must hold 4 shaded cells but holds {}",
                    p.regions.number(l),
                    on.len()
                ),
                if on.is_empty() { cells } else { on_cells },
            ));
            continue;
        }
        match Shape::of(cols, &on) {
            None => out.push(Violation::new(
                format!(
                    "the shaded cells of region {} are not an L, I, T or S",
                    p.regions.number(l)
                ),
                on_cells,
            )),
            Some(shape) => {
                let wrong: Vec<Cell> = on
                    .iter()
                    .filter(|&&i| s.cells[i] != Some(shape))
                    .map(|&i| p.cell(i))
                    .collect();
                if !wrong.is_empty() {
                    out.push(Violation::new(
                        format!(
                            "the tetromino of region {1} is {0}-shaped but not marked {0}",
                            shape.letter(),
                            p.regions.number(l)
                        ),
                        wrong,
                    ));
                }
            }
        }
    }
    let parts = areas(rows, cols, |i| shaded[i]);
    if parts.len() > 1 {
        let mut cells: Vec<Cell> = parts.iter().skip(1).flatten().map(|&i| p.cell(i)).collect();
        cells.sort_unstable();
        out.push(Violation::new(
            format!("the shaded cells fall into {} parts", parts.len()),
            cells,
        ));
    }
    for block in blocks(rows, cols) {
        if block.iter().all(|&i| shaded[i]) {
            out.push(Violation::new(
                "a 2x2 block is all shaded",
                block.iter().map(|&i| p.cell(i)).collect(),
            ));
        }
    }
    let labels = p.regions.labels();
    for (i, j) in sides(rows, cols) {
        if labels[i] != labels[j] {
            if let (Some(a), Some(b)) = (actual[i], actual[j]) {
                if a == b {
                    out.push(Violation::new(
                        format!(
                            "the {} of region {} touches the {} of region {}",
                            a.letter(),
                            p.regions.number(labels[i]),
                            b.letter(),
                            p.regions.number(labels[j])
                        ),
                        vec![p.cell(i), p.cell(j)],
                    ));
                }
            }
        }
    }
    out
}

/// A random solved grid: tetrominoes laid one by one next to those laid,
/// each keeping the shading free of 2x2 blocks and away from a tetromino
/// of its own shape, until none fits; then regions grown around them
/// through the unshaded cells. Per tetromino its cells and shape, and each
/// cell's tetromino (`usize::MAX`: unshaded).
fn plant(
    rows: usize,
    cols: usize,
    dense: bool,
    rng: &mut ChaCha8Rng,
) -> Option<(Vec<Shape>, Vec<usize>)> {
    let n = rows * cols;
    let all: Vec<usize> = (0..n).collect();
    let (mut places, tags) = tetrominoes(rows, cols, &all);
    let mut options: Vec<(Vec<usize>, Shape)> = places
        .drain(..)
        .zip(tags)
        .filter_map(|(t, v)| Some((t, Shape::from_value(v)?)))
        .collect();
    options.shuffle(rng);
    let mut piece = vec![usize::MAX; n];
    let mut shapes: Vec<Shape> = Vec::new();
    // A share of the grid left for unshaded cells: stop at about half.
    let target = if dense {
        n
    } else {
        n / 2 + rng.random_range(0..=n / 8)
    };
    let mut shaded = 0;
    loop {
        let fits = |(cells, shape): &(Vec<usize>, Shape)| {
            if cells.iter().any(|&i| piece[i] != usize::MAX) {
                return false;
            }
            let mut next_to = false;
            for &i in cells {
                for j in neighbours(rows, cols, i) {
                    if piece[j] != usize::MAX {
                        next_to = true;
                        if shapes[piece[j]] == *shape {
                            return false;
                        }
                    }
                }
            }
            if !next_to && !shapes.is_empty() {
                return false;
            }
            blocks(rows, cols).all(|b| {
                b.iter()
                    .any(|i| piece[*i] == usize::MAX && !cells.contains(i))
            })
        };
        let Some(k) = options.iter().position(fits) else {
            break;
        };
        let (cells, shape) = options.swap_remove(k);
        for &i in &cells {
            piece[i] = shapes.len();
        }
        shapes.push(shape);
        shaded += 4;
        if shaded >= target {
            break;
        }
    }
    (!shapes.is_empty()).then_some((shapes, piece))
}

/// A unique puzzle: a planted solution's regions, grown at random around
/// its tetrominoes, then tightened by root propagation alone
/// ([`tighten`]): to no open cell for `easy` (which makes the puzzle unique
/// and easy without a search), to a few for `hard`; then, for `hard`,
/// cells moved between regions while another solution shades a cell the
/// plant leaves unshaded (moving that cell out of the region whose other
/// tetromino uses it).
fn candidate(
    rows: usize,
    cols: usize,
    easy: bool,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(LitsPuzzle, LitsSolution)> {
    let n = rows * cols;
    let (shapes, piece) = plant(rows, cols, easy, rng)?;
    let mut label = piece.clone();
    let mut frontier: Vec<(usize, usize)> = Vec::new();
    for (i, &k) in piece.iter().enumerate() {
        if k != usize::MAX {
            frontier.extend(neighbours(rows, cols, i).map(|j| (k, j)));
        }
    }
    while !frontier.is_empty() {
        let k = rng.random_range(0..frontier.len());
        let (g, j) = frontier.swap_remove(k);
        if label[j] != usize::MAX {
            continue;
        }
        label[j] = g;
        frontier.extend(neighbours(rows, cols, j).map(|t| (g, t)));
    }
    if label.contains(&usize::MAX) {
        return None;
    }
    let solution = LitsSolution {
        rows,
        cols,
        cells: piece
            .iter()
            .map(|&k| (k != usize::MAX).then(|| shapes[k]))
            .collect(),
    };
    let mut puzzle = LitsPuzzle {
        rows,
        cols,
        regions: Regions::new(rows, cols, label.iter().map(|&g| g as u64 + 1).collect())?,
    };
    let open = tighten(
        &mut puzzle,
        &mut label,
        &piece,
        if easy { 0 } else { n / HARD_OPEN },
        rng,
    );
    if easy {
        // Root propagation fixes every cell: the plant is the only
        // solution, found without a search.
        return (open == 0).then(|| (canonical(puzzle), solution));
    }
    for _ in 0..REPAIRS {
        let other = match Lits.uniqueness(&puzzle, limits).0 {
            Unique::Unique(s) if s == solution => return Some((canonical(puzzle), solution)),
            Unique::Multiple(a, b) => {
                if a == solution {
                    b
                } else {
                    a
                }
            }
            _ => return None,
        };
        // Cells the other solution shades and the plant does not.
        let mut extra: Vec<usize> = (0..n)
            .filter(|&i| other.cells[i].is_some() && piece[i] == usize::MAX)
            .collect();
        extra.shuffle(rng);
        let moved = extra.into_iter().find_map(|i| {
            let target = move_target(rows, cols, &label, i, rng)?;
            Some((i, target))
        });
        let (i, target) = moved?;
        label[i] = target;
        puzzle.regions = Regions::new(rows, cols, label.iter().map(|&g| g as u64 + 1).collect())?;
    }
    None
}

/// A random region next to cell `i` that `i` may move to: another region
/// than its own, whose rest stays in one piece; `None` if there is none.
fn move_target(
    rows: usize,
    cols: usize,
    label: &[usize],
    i: usize,
    rng: &mut ChaCha8Rng,
) -> Option<usize> {
    let from = label[i];
    let mut to: Vec<usize> = neighbours(rows, cols, i)
        .map(|j| label[j])
        .filter(|&l| l != from)
        .collect();
    to.shuffle(rng);
    let &target = to.first()?;
    (areas(rows, cols, |j| j != i && label[j] == from).len() == 1).then_some(target)
}

/// Towards fewer open cells, by root propagation alone (no search): while
/// more than `goal` cells are open, a random open cell unshaded in the
/// plant (`piece`) moves (its old region staying in one piece) to
/// whichever neighbouring region leaves the fewest cells
/// open; the move is kept unless it leaves more cells open. Each
/// move keeps the plant a solution: the cell is unshaded in it, and every
/// region keeps its planted tetromino. At most [`TIGHTEN_TRIES`] moves per
/// cell of the grid are tried. The cells left open.
fn tighten(
    puzzle: &mut LitsPuzzle,
    label: &mut [usize],
    piece: &[usize],
    goal: usize,
    rng: &mut ChaCha8Rng,
) -> usize {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let Some(mut open) = crate::generic::open_cells(&Lits, puzzle) else {
        return usize::MAX;
    };
    for _ in 0..TIGHTEN_TRIES * rows * cols {
        if open.len() <= goal {
            break;
        }
        let movable: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&i| piece[i] == usize::MAX)
            .collect();
        let Some(&i) = movable.choose(rng) else {
            break;
        };
        let from = label[i];
        if areas(rows, cols, |j| j != i && label[j] == from).len() != 1 {
            continue;
        }
        // Every neighbouring region is tried; the one leaving the fewest
        // cells open wins (the first of a tie, in the shuffled order).
        let mut to: Vec<usize> = neighbours(rows, cols, i)
            .map(|j| label[j])
            .filter(|&l| l != from)
            .collect();
        to.sort_unstable();
        to.dedup();
        to.shuffle(rng);
        let mut best: Option<(Vec<usize>, usize, LitsPuzzle)> = None;
        for target in to {
            label[i] = target;
            let regions = Regions::new(rows, cols, label.iter().map(|&g| g as u64 + 1).collect());
            label[i] = from;
            let Some(regions) = regions else { continue };
            let trial = LitsPuzzle {
                rows,
                cols,
                regions,
            };
            if let Some(now) = crate::generic::open_cells(&Lits, &trial)
                && now.len() <= open.len()
                && best.as_ref().is_none_or(|b| now.len() < b.0.len())
            {
                best = Some((now, target, trial));
            }
        }
        if let Some((now, target, trial)) = best {
            open = now;
            label[i] = target;
            *puzzle = trial;
        }
    }
    open.len()
}

/// The puzzle with its regions numbered from 1 in order of first
/// appearance, row by row.
fn canonical(p: LitsPuzzle) -> LitsPuzzle {
    let mut seen: Vec<u64> = Vec::new();
    let labels = p
        .regions
        .labels()
        .iter()
        .map(|l| match seen.iter().position(|s| s == l) {
            Some(k) => k as u64 + 1,
            None => {
                seen.push(*l);
                seen.len() as u64
            }
        })
        .collect();
    LitsPuzzle {
        regions: Regions::new(p.rows, p.cols, labels).unwrap_or(p.regions),
        ..p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_named_in_every_turn_and_mirror() {
        // On a 4-wide grid: r0 = 0..4, r1 = 4..8, r2 = 8..12.
        assert_eq!(Shape::of(4, &[0, 1, 2, 3]), Some(Shape::I));
        assert_eq!(Shape::of(4, &[0, 4, 8, 9]), Some(Shape::L));
        assert_eq!(Shape::of(4, &[1, 5, 9, 8]), Some(Shape::L));
        assert_eq!(Shape::of(4, &[0, 1, 2, 4]), Some(Shape::L));
        assert_eq!(Shape::of(4, &[0, 1, 2, 5]), Some(Shape::T));
        assert_eq!(Shape::of(4, &[1, 4, 5, 9]), Some(Shape::T));
        assert_eq!(Shape::of(4, &[1, 2, 4, 5]), Some(Shape::S));
        assert_eq!(Shape::of(4, &[0, 1, 5, 6]), Some(Shape::S));
        assert_eq!(Shape::of(4, &[0, 4, 5, 9]), Some(Shape::S));
        assert_eq!(Shape::of(4, &[0, 1, 4, 5]), None, "the square");
        assert_eq!(Shape::of(4, &[0, 1, 2, 7]), None, "not connected");
        assert_eq!(Shape::of(4, &[0, 1, 2]), None);
    }

    #[test]
    fn every_fixed_tetromino_of_a_region_is_listed_once_by_shape() {
        // A 4x4 region: 8 L's of each kind... counted by shape.
        let all: Vec<usize> = (0..16).collect();
        let (places, tags) = tetrominoes(4, 4, &all);
        let count = |s: Shape| tags.iter().filter(|&&t| t == s.value()).count();
        // Fixed placements in a 4x4 box: I 8, L 48, T 24, S 24 (O 9 left out).
        assert_eq!(count(Shape::I), 8);
        assert_eq!(count(Shape::L), 48);
        assert_eq!(count(Shape::T), 24);
        assert_eq!(count(Shape::S), 24);
        assert_eq!(places.len(), 104);
    }
}
