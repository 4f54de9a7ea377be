//! Galaxies (Tentaisho, Tatham's Galaxies): cut the grid into regions,
//! each holding exactly one dot and symmetric under a half turn about it.
//!
//! A dot lies at a cell's centre, at the midpoint of an edge between two
//! cells, or at a corner of four; the cells it touches are its galaxy's.
//! Positions are in half cells: the dot at `(y, x)` (`0 <= y <= 2 * (rows
//! - 1)`, the same for `x`) is the centre of cell `(y / 2, x / 2)` when
//! both are even, and the half turn about it takes cell `(r, c)` to
//! `(y - r, x - c)`.
//!
//! The model is one variable per cell, the number of its galaxy (dots
//! numbered 1, 2, ... in reading order of their positions). A value is
//! left out of a cell's initial domain when the cell's mirror about that
//! dot is outside the grid; two clauses per cell and dot say that a cell
//! is in a galaxy exactly when its mirror is; and per dot, a 0/1 variable
//! per cell it can reach (reified `cell = dot`) is
//! [`connected`](csp_core::Model::connected), so a galaxy is one piece.
//!
//! The ladder is Tatham's: root propagation of the first rung's model
//! ("normal") is exactly his Normal solver, the clauses with
//! a constraint per dot of its own in place of `connected` (which keeps in a
//! galaxy every cell it can only join through, stronger than his Normal);
//! a puzzle it does not finish needs search ("unreasonable").

mod normal;

use super::grid_cells;
use super::grid_text::{self, IdCursor};
use super::shading::{self, Regions};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::puzzlink::{EncodeError, Genre, Url, encode_dots};
use crate::render::{Canvas, RenderOptions};
use crate::text::Reader;
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, Value};
use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 2000;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes (Tatham's smallest).
pub const MIN_GENERATED: usize = 3;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 20;

/// Galaxies (Tentaisho; Tatham's Galaxies).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Galaxies;

/// A dot: its position in half cells, `(y, x)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dot {
    /// Half-cell row: `2 * row` at a cell's centre, odd between two rows.
    pub y: usize,
    /// Half-cell column: `2 * col` at a cell's centre, odd between two
    /// columns.
    pub x: usize,
}

impl Dot {
    /// The cells the dot touches (one, two or four), row-major.
    fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        let rows = [self.y / 2, self.y.div_ceil(2)];
        let cols = [self.x / 2, self.x.div_ceil(2)];
        let nr = if self.y % 2 == 1 { 2 } else { 1 };
        let nc = if self.x % 2 == 1 { 2 } else { 1 };
        (0..nr).flat_map(move |a| (0..nc).map(move |b| (rows[a], cols[b])))
    }

    /// The mirror of cell `(r, c)` about the dot, if it is in a `rows x
    /// cols` grid.
    fn mirror(self, rows: usize, cols: usize, r: usize, c: usize) -> Option<(usize, usize)> {
        let mr = self.y.checked_sub(r)?;
        let mc = self.x.checked_sub(c)?;
        (mr < rows && mc < cols).then_some((mr, mc))
    }

    /// "the dot in r2c3", "the dot between r2c3 and r2c4", "the dot at
    /// the corner of r2c3 and r3c4".
    fn name(self) -> String {
        let cells: Vec<Cell> = self.cells().map(|(r, c)| Cell::new(r, c)).collect();
        match cells.as_slice() {
            [one] => format!("the dot in {one}"),
            [a, b] => format!("the dot between {a} and {b}"),
            [a, .., d] => format!("the dot at the corner of {a} and {d}"),
            [] => "a dot".to_owned(),
        }
    }
}

/// A Galaxies puzzle: the grid's size and its dots.
///
/// With the `serde` feature it is a string, its Tatham game ID when it has
/// one (at least 3x3), else its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GalaxiesPuzzle {
    rows: usize,
    cols: usize,
    /// The dots, in reading order of their positions (dot `k`, from 1, is
    /// the `k`-th).
    dots: Vec<Dot>,
}

impl GalaxiesPuzzle {
    /// A puzzle from its dots (any order, no repeats, each inside the
    /// grid: `y <= 2 * (rows - 1)`, `x <= 2 * (cols - 1)`); `None`
    /// otherwise.
    pub fn new(rows: usize, cols: usize, mut dots: Vec<Dot>) -> Option<GalaxiesPuzzle> {
        dots.sort();
        let inside = dots
            .iter()
            .all(|d| d.y + 2 <= 2 * rows && d.x + 2 <= 2 * cols);
        let distinct = dots.windows(2).all(|w| w[0] != w[1]);
        (inside && distinct && rows > 0 && cols > 0).then_some(GalaxiesPuzzle { rows, cols, dots })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The dots, in reading order.
    pub fn dots(&self) -> &[Dot] {
        &self.dots
    }

    /// Dot `k` (from 1).
    fn dot(&self, k: usize) -> Option<Dot> {
        self.dots.get(k.wrapping_sub(1)).copied()
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    /// The points a dot can take, in reading order: `(2R - 1) x (2C - 1)`.
    fn points(&self) -> (usize, usize) {
        (2 * self.rows - 1, 2 * self.cols - 1)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(GalaxiesPuzzle, Galaxies);

const LEVELS: &[Level] = &[
    Level {
        name: "normal",
        about: "mirror images, the reach of each dot's galaxy and the one way out of a piece cut off from its dot decide every cell (Tatham's Normal)",
    },
    Level {
        name: "unreasonable",
        about: "needs trial and error (search) after those deductions",
    },
];

/// Galaxies' named deductions, easiest first.
static RULES: [crate::Rule; 4] = [
    crate::Rule::new(
        "mirror taken",
        "the cell's mirror about a dot is in another galaxy: the cell is not in that dot's galaxy",
        Some("normal"),
    ),
    crate::Rule::new(
        "mirror image",
        "a cell is in a dot's galaxy: so is its mirror about the dot",
        Some("normal"),
    ),
    crate::Rule::new(
        "out of reach",
        "no path of cells that can still be in a dot's galaxy joins the cell to the dot: it is not in that galaxy",
        Some("normal"),
    ),
    crate::Rule::new(
        "one way out",
        "a piece of a dot's galaxy cut off from the dot has one free neighbour: it is in that galaxy",
        Some("normal"),
    ),
];

static INFO: FamilyInfo = FamilyInfo {
    name: "galaxies",
    title: "Galaxies",
    rules: "Cut the grid into regions along the grid lines so that every region holds exactly one dot and looks the same after a half turn about it.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

/// puzz.link's genre: `tentaisho` (also `tentai`), the dots as Dot.
const GENRE: Genre = Genre {
    name: "tentaisho",
    aliases: &["tentai"],
};

/// Reads a Tatham Galaxies game ID: `WxH` (optionally `d` and a level
/// letter), `:`, then the dots over the `(2W - 1) x (2H - 1)` points in
/// reading order: `a`-`y` (or `A`-`Y`, a black dot) a dot after 0-24
/// points without one, `z` 25 points without one.
fn parse_game_id(line: &str) -> Result<GalaxiesPuzzle, ParseError> {
    let mut c = IdCursor::new(line);
    let (rows, cols) = c.size(MAX_SIDE)?;
    if c.eat('d') && c.peek().is_some_and(|ch| ch == 'n' || ch == 'u') {
        c.next_char();
    }
    c.expect_colon()?;
    let (pr, pc) = (2 * rows - 1, 2 * cols - 1);
    let total = pr * pc;
    let mut at = 0usize;
    let mut dots = Vec::new();
    while let Some(ch) = c.peek() {
        let skip = match ch {
            'z' => {
                c.next_char();
                at += 25;
                continue;
            }
            'a'..='y' => ch as usize - 'a' as usize,
            'A'..='Y' => ch as usize - 'A' as usize,
            _ => {
                return Err(c.error(format!(
                    "expected 'a'-'y' or 'A'-'Y' (a dot) or 'z', found '{ch}'"
                )));
            }
        };
        at += skip;
        if at >= total {
            return Err(c.error("the description is longer than the grid"));
        }
        dots.push(Dot {
            y: at / pc,
            x: at % pc,
        });
        at += 1;
        c.next_char();
    }
    let _ = pr;
    Ok(GalaxiesPuzzle { rows, cols, dots })
}

fn write_game_id(p: &GalaxiesPuzzle) -> Option<String> {
    // Tatham's program takes grids of at least 3x3.
    if p.rows < 3 || p.cols < 3 {
        return None;
    }
    let mut out = format!("{}x{}:", p.cols, p.rows);
    let pc = p.points().1;
    let mut next = 0usize;
    for d in &p.dots {
        let at = d.y * pc + d.x;
        let mut run = at - next;
        while run > 24 {
            out.push('z');
            run -= 25;
        }
        out.push((b'a' + run as u8) as char);
        next = at + 1;
    }
    Some(out)
}

fn from_puzzlink(url: &Url) -> Result<GalaxiesPuzzle, ParseError> {
    url.no_flags("galaxies")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE || rows == 0 || cols == 0 {
        return Err(url.size_error(format!("not 1 to {MAX_SIDE} rows and columns")));
    }
    let (pr, pc) = (2 * rows - 1, 2 * cols - 1);
    let mut r = url.reader();
    let values = r.dots(pr * pc)?;
    let empty = r.binary(rows * cols)?;
    r.finish()?;
    if let Some(i) = empty.iter().position(|&e| e) {
        return Err(url.error(format!(
            "{} is a hole in the grid: gridcsp's Galaxies has none",
            Cell::new(i / cols, i % cols)
        )));
    }
    let dots = (0..values.len())
        .filter(|&s| values[s] > 0)
        .map(|s| Dot {
            y: s / pc,
            x: s % pc,
        })
        .collect();
    Ok(GalaxiesPuzzle { rows, cols, dots })
}

fn to_puzzlink(p: &GalaxiesPuzzle) -> Result<Url, EncodeError> {
    let (pr, pc) = p.points();
    let mut values = vec![0u8; pr * pc];
    for d in &p.dots {
        values[d.y * pc + d.x] = 1;
    }
    Ok(Url::new(GENRE.name, p.cols, p.rows, encode_dots(&values)?))
}

/// A cell's token in the layout: `-`, or `0`-`3`, a dot at the cell's
/// centre, right edge, bottom edge or bottom-right corner.
fn read_token(
    t: &crate::text::Token<'_>,
    rows: usize,
    cols: usize,
    r: usize,
    c: usize,
) -> Result<Option<Dot>, ParseError> {
    let code = match t.text {
        "-" => return Ok(None),
        "0" => 0,
        "1" => 1,
        "2" => 2,
        "3" => 3,
        other => {
            return Err(t.error(format!(
                "expected '-' or a dot code 0-3 (centre, right edge, bottom edge, corner), found '{other}'"
            )));
        }
    };
    let (dy, dx) = (code / 2, code % 2);
    if (dx == 1 && c + 1 >= cols) || (dy == 1 && r + 1 >= rows) {
        return Err(t.error(format!(
            "a dot with code {code} at {} lies on the grid's outer border",
            Cell::new(r, c)
        )));
    }
    Ok(Some(Dot {
        y: 2 * r + dy,
        x: 2 * c + dx,
    }))
}

/// Each cell's galaxy as the model builds it: for dot `k` (from 1), the
/// cells whose mirror about it is in the grid.
fn reachable(p: &GalaxiesPuzzle, d: Dot) -> Vec<usize> {
    (0..p.rows * p.cols)
        .filter(|&i| d.mirror(p.rows, p.cols, i / p.cols, i % p.cols).is_some())
        .collect()
}

impl Galaxies {
    /// The model: at the first rung (`normal`) with Tatham's Normal
    /// reasoning about each galaxy's shape ([`normal::Reach`]), else with
    /// `connected` over 0/1 flags per dot, which is stronger.
    fn model(&self, p: &GalaxiesPuzzle, normal: bool) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let n = rows * cols;
        let top = Value::try_from(p.dots.len().max(1)).unwrap_or(Value::MAX);
        let mut m = csp_core::Model::new();
        let cells = m.new_vars(n, 1..=top)?;
        if p.dots.is_empty() {
            // No dot, so no galaxy a cell could belong to: no solution
            // (the single value 1 stands for a dot that is not there).
            m.clause(&[Literal::ne(cells[0], 1)])?;
        }
        // Values whose mirror is outside the grid.
        let mut live = vec![Vec::new(); p.dots.len()];
        for (k, &d) in p.dots.iter().enumerate() {
            live[k] = reachable(p, d);
            let mut ok = vec![false; n];
            for &i in &live[k] {
                ok[i] = true;
            }
            for i in 0..n {
                if !ok[i] {
                    m.remove_value(cells[i], k as Value + 1)?;
                }
            }
        }
        // The cells a dot touches are its galaxy's.
        let mut given: Vec<Option<Value>> = vec![None; n];
        for (k, d) in p.dots.iter().enumerate() {
            let v = k as Value + 1;
            for (r, c) in d.cells() {
                let i = r * cols + c;
                if given[i].is_none() {
                    given[i] = Some(v);
                    m.fix(cells[i], v)?;
                } else {
                    // Two dots touch the cell: no solution.
                    m.clause(&[Literal::eq(cells[i], v)])?;
                }
            }
        }
        for (k, &d) in p.dots.iter().enumerate() {
            let v = k as Value + 1;
            for &i in &live[k] {
                let Some((mr, mc)) = d.mirror(rows, cols, i / cols, i % cols) else {
                    continue;
                };
                let j = mr * cols + mc;
                if j != i {
                    m.clause(&[Literal::ne(cells[i], v), Literal::eq(cells[j], v)])?;
                }
            }
            if normal {
                m.add(normal::Reach {
                    scope: cells.clone(),
                    rows,
                    cols,
                    value: v,
                    home: d.cells().map(|(r, c)| r * cols + c).collect(),
                })?;
                continue;
            }
            // The galaxy in one piece over the cells it can reach.
            let at: Vec<Option<usize>> = {
                let mut at = vec![None; n];
                for (a, &i) in live[k].iter().enumerate() {
                    at[i] = Some(a);
                }
                at
            };
            let mut edges = Vec::new();
            for (a, &i) in live[k].iter().enumerate() {
                for j in grid_cells::neighbours(rows, cols, i) {
                    if let Some(b) = at[j].filter(|&b| b > a) {
                        edges.push((a, b));
                    }
                }
            }
            let inside = m.new_bools(live[k].len())?;
            for (a, &i) in live[k].iter().enumerate() {
                m.reify(inside[a], Literal::eq(cells[i], v))?;
            }
            m.connected(&inside, &Graph::new(live[k].len(), &edges)?)?;
        }
        let mut built = Built::new(m, rows, cols);
        built.cells = cells.into_iter().map(Some).collect();
        Ok(built)
    }
}

impl Family for Galaxies {
    type Puzzle = GalaxiesPuzzle;
    type Solution = Regions;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<GalaxiesPuzzle, ParseError> {
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
        let mut dots = Vec::new();
        for row in 0..rows {
            for (col, t) in r
                .row(cols, &format!("row {} of dots", row + 1))?
                .into_iter()
                .enumerate()
            {
                dots.extend(read_token(&t, rows, cols, row, col)?);
            }
        }
        r.end()?;
        dots.sort();
        Ok(GalaxiesPuzzle { rows, cols, dots })
    }

    fn write(&self, p: &GalaxiesPuzzle) -> String {
        let mut out = format!("{}\n", p.header());
        let mut tokens = vec!["-"; p.rows * p.cols];
        for d in &p.dots {
            let code = ["0", "1", "2", "3"][(d.y % 2) * 2 + d.x % 2];
            tokens[(d.y / 2) * p.cols + d.x / 2] = code;
        }
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| tokens[r * p.cols + c]);
        out
    }

    fn write_game_id(&self, p: &GalaxiesPuzzle) -> Option<String> {
        write_game_id(p)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<GalaxiesPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &GalaxiesPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &GalaxiesPuzzle) -> Result<Built, ModelError> {
        self.model(p, false)
    }

    /// The first rung is Tatham's Normal solver (`normal.rs`); the second
    /// is search on the solving model.
    fn build_for_level(&self, p: &GalaxiesPuzzle, level: usize) -> Result<Built, ModelError> {
        self.model(p, level == 0)
    }

    fn decode(&self, _: &GalaxiesPuzzle, built: &Built, s: &csp_core::Solution) -> Regions {
        Regions::decode(built, s)
    }

    fn write_solution(&self, p: &GalaxiesPuzzle, s: &Regions) -> String {
        let mut out = format!("{}\n", p.header());
        let labels = shading::canonical_labels(s.labels());
        shading::write_aligned(&mut out, p.rows, p.cols, |i| labels[i].to_string());
        out
    }

    /// Reads a labelling (any labels); each region holding every cell of
    /// exactly one dot takes that dot's number (from 1, in reading order),
    /// the others labels after the last dot's, so a solution reads back
    /// equal to the one [`Family::solve`] gives.
    fn parse_solution(&self, p: &GalaxiesPuzzle, text: &str) -> Result<Regions, ParseError> {
        let mut r = Reader::new(text);
        grid_text::solution_header(&mut r, p.rows, p.cols, &p.header(), MAX_SIDE)?;
        let regions = Regions::read(&mut r, p.rows, p.cols)?;
        r.end()?;
        let mut next = p.dots.len() as u64;
        let mut map: Vec<(u64, u64)> = Vec::new();
        for (l, cells) in regions.groups() {
            let inside: Vec<usize> = (0..p.dots.len())
                .filter(|&k| {
                    p.dots[k]
                        .cells()
                        .all(|(r, c)| cells.contains(&(r * p.cols + c)))
                })
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

    fn check(&self, p: &GalaxiesPuzzle, s: &Regions) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &GalaxiesPuzzle) -> Vec<Violation> {
        let mut owner: Vec<Option<usize>> = vec![None; p.rows * p.cols];
        let mut out = Vec::new();
        if p.dots.is_empty() {
            out.push(Violation::new(
                "the puzzle has no dot: every cell belongs to the galaxy of a dot",
                Vec::new(),
            ));
        }
        for (k, d) in p.dots.iter().enumerate() {
            for (r, c) in d.cells() {
                let i = r * p.cols + c;
                match owner[i] {
                    Some(o) => out.push(Violation::new(
                        format!(
                            "{} and {} both touch {}: a cell is in one galaxy",
                            p.dots[o].name(),
                            d.name(),
                            Cell::new(r, c)
                        ),
                        vec![Cell::new(r, c)],
                    )),
                    None => owner[i] = Some(k),
                }
            }
        }
        out
    }

    fn value_at(&self, s: &Regions, cell: Cell) -> Option<Value> {
        s.label(cell).and_then(|l| Value::try_from(l).ok())
    }

    fn render(&self, p: &GalaxiesPuzzle, s: Option<&Regions>, options: &RenderOptions) -> String {
        let mut c = Canvas::new(p.rows, p.cols, &format!("Galaxies {}x{}", p.rows, p.cols));
        c.highlights(options);
        c.grid_lines();
        if let Some(s) = s {
            shading::draw_regions(&mut c, s);
        } else {
            c.outer_border();
        }
        for d in &p.dots {
            c.ring((d.x as f64 + 1.0) / 2.0, (d.y as f64 + 1.0) / 2.0, 0.16);
        }
        c.finish(options.cell_size)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        p: &GalaxiesPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        let fallback = || crate::generic::reason(self, p, built, d);
        let Some(cell) = shading::cell_of(built, d.var) else {
            return fallback();
        };
        let Some(k) = built.model.constraint(d.constraint) else {
            return fallback();
        };
        let Some(dot) = usize::try_from(d.value).ok().and_then(|v| p.dot(v)) else {
            return fallback();
        };
        // A removal that leaves one value comes as that value placed,
        // under the constraint that removed another: the dot the
        // constraint is about is then not `dot`.
        match k.name() {
            "clause" => {
                let Some(o) = k
                    .scope()
                    .iter()
                    .filter_map(|&v| shading::cell_of(built, v))
                    .find(|&o| o != cell)
                else {
                    return fallback();
                };
                let about = Dot {
                    y: cell.row + o.row,
                    x: cell.col + o.col,
                };
                // The clause says: if the cell is in the galaxy of the
                // dot `about`, so is its mirror `o` about that dot. Its
                // removals name the dot the step's cell is (or is not) in
                // already, so the cause does not name it again.
                if about == dot && placed {
                    // `o` is in that galaxy, so the cell is too.
                    crate::Reason::new(
                        RULES[1].name,
                        format!("its mirror {o} is in that galaxy"),
                        vec![o],
                    )
                } else if about == dot && now.candidates(d.var).len() != 2 {
                    crate::Reason::new(
                        RULES[0].name,
                        format!("its mirror {o} is not in that galaxy"),
                        vec![o],
                    )
                } else if placed || about == dot {
                    // The removal of `about`, the last dot but one, and
                    // the last one placed: one step, in the same words.
                    crate::Reason::new(
                        RULES[0].name,
                        format!(
                            "{} was its only other choice, and its mirror {o} about that dot is not in that dot's galaxy",
                            about.name()
                        ),
                        vec![o],
                    )
                } else {
                    // `o` is in the galaxy of `about`, so the cell is too:
                    // the other dots leave it, in the same words as the
                    // placement that follows, so they make one step.
                    crate::Reason::new(
                        RULES[1].name,
                        format!("its mirror {o} is in that galaxy"),
                        vec![o],
                    )
                }
            }
            // The same words for the other dots removed and the dot
            // placed (a fix comes as both), so they make one step.
            "galaxy reach" if d.rule == normal::rules::ONE_WAY_OUT => crate::Reason::new(
                RULES[3].name,
                "a piece of that galaxy cut off from its dot has no other free neighbour"
                    .to_owned(),
                Vec::new(),
            ),
            "galaxy reach" if placed => crate::Reason::new(
                RULES[2].name,
                "no other dot's galaxy can reach it".to_owned(),
                Vec::new(),
            ),
            "galaxy reach" => crate::Reason::new(
                RULES[2].name,
                format!(
                    "no path of cells that can be in the galaxy of {} joins it to the dot",
                    dot.name()
                ),
                Vec::new(),
            ),
            _ => fallback(),
        }
    }

    /// A cell's value is the dot (from 1) whose galaxy holds it: "is in
    /// the galaxy of the dot in r2c2".
    fn mark_words(&self, p: &GalaxiesPuzzle, _: crate::Spot, value: Value) -> Option<[String; 2]> {
        let dot = p.dot(usize::try_from(value).ok()?)?;
        let name = dot.name();
        Some([
            format!("is in the galaxy of {name}"),
            format!("are in the galaxy of {name}"),
        ])
    }

    fn describe_constraint(&self, p: &GalaxiesPuzzle, built: &Built, c: ConstraintId) -> String {
        match built.model.constraint(c) {
            Some(k) if k.name() == "clause" => {
                match shading::scope_cells(built, k.scope()).as_deref() {
                    Some([a, b]) => format!("{a} and {b} mirror each other"),
                    _ => c.to_string(),
                }
            }
            Some(k) if k.name() == "connected" => "a galaxy in one piece".to_owned(),
            Some(k) if k.name() == "galaxy reach" => {
                "a galaxy reaching out from its dot".to_owned()
            }
            _ => {
                let _ = p;
                c.to_string()
            }
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<GalaxiesPuzzle, Regions>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "galaxies",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        for attempt in 1..=options.attempts_or(ATTEMPTS) {
            options.check()?;
            let puzzle = candidate(rows, cols, options.level > 0, &mut rng);
            if super::quick_grade::level_of(self, &puzzle, &limits) != Some(options.level) {
                continue;
            }
            let Unique::Unique(solution) = self.uniqueness(&puzzle, &limits).0 else {
                continue;
            };
            let Ok(grade) = self.grade(&puzzle, &limits) else {
                continue;
            };
            return Ok(Generated {
                puzzle,
                solution,
                grade,
                attempts: attempt,
            });
        }
        Err(GenerateError::GaveUp {
            level: level.name,
            attempts: options.attempts_or(ATTEMPTS),
        })
    }
}

/// The rules a labelling breaks, from the rules alone: every region in
/// one piece, holding exactly one dot (all the cells it touches), and its
/// own mirror image about that dot.
fn check(p: &GalaxiesPuzzle, s: &Regions) -> Vec<Violation> {
    let (rows, cols) = (p.rows, p.cols);
    if s.labels().len() != rows * cols {
        return vec![Violation::new(
            format!("the solution is not {rows}x{cols}"),
            Vec::new(),
        )];
    }
    let labels = s.labels();
    let mut out = Vec::new();
    for d in &p.dots {
        let cells: Vec<Cell> = d.cells().map(|(r, c)| Cell::new(r, c)).collect();
        let first = labels[cells[0].row * cols + cells[0].col];
        if cells.iter().any(|c| labels[c.row * cols + c.col] != first) {
            out.push(Violation::new(
                format!("{} is split between regions", d.name()),
                cells,
            ));
        }
    }
    for (l, group) in s.groups() {
        let first = Cell::new(group[0] / cols, group[0] % cols);
        let pieces = grid_cells::areas(rows, cols, |i| labels[i] == l);
        if pieces.len() > 1 {
            out.push(Violation::new(
                format!(
                    "the region at {first} is in {} pieces, not one",
                    pieces.len()
                ),
                group
                    .iter()
                    .map(|&i| Cell::new(i / cols, i % cols))
                    .collect(),
            ));
        }
        let inside: Vec<Dot> = p
            .dots
            .iter()
            .copied()
            .filter(|d| d.cells().any(|(r, c)| labels[r * cols + c] == l))
            .collect();
        match inside.as_slice() {
            [] => out.push(Violation::new(
                format!("the region at {first} holds no dot"),
                group
                    .iter()
                    .map(|&i| Cell::new(i / cols, i % cols))
                    .collect(),
            )),
            [d] => {
                let lopsided: Vec<Cell> = group
                    .iter()
                    .filter(|&&i| {
                        d.mirror(rows, cols, i / cols, i % cols)
                            .is_none_or(|(r, c)| labels[r * cols + c] != l)
                    })
                    .map(|&i| Cell::new(i / cols, i % cols))
                    .collect();
                if !lopsided.is_empty() {
                    out.push(Violation::new(
                        format!(
                            "the galaxy of {} is not symmetric about it: the mirror of {} is not in it",
                            d.name(),
                            shading::cell_list(&lopsided)
                        ),
                        lopsided,
                    ));
                }
            }
            many => out.push(Violation::new(
                format!("the region at {first} holds {} dots, not one", many.len()),
                many.iter()
                    .flat_map(|d| d.cells().map(|(r, c)| Cell::new(r, c)))
                    .collect(),
            )),
        }
    }
    out
}

/// A candidate puzzle: galaxies grown at random until they fill the grid.
/// Each round plants a dot (at a cell's centre, an edge or a corner whose
/// cells are free) at a random free cell, then grows every galaxy of the
/// round by mirrored pairs of free cells next to it, up to a random size
/// (`large`: up to half the grid, for the harder level), until none can
/// grow; rounds go on until no cell is free.
fn candidate(rows: usize, cols: usize, large: bool, rng: &mut ChaCha8Rng) -> GalaxiesPuzzle {
    let n = rows * cols;
    let mut label: Vec<Option<usize>> = vec![None; n];
    let mut dots: Vec<Dot> = Vec::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    // Larger galaxies for the harder level: fewer dots, more to decide.
    let max_size = if large {
        (n / 2).clamp(6, 40)
    } else {
        (n / 3).clamp(4, 24)
    };
    loop {
        let free: Vec<usize> = (0..n).filter(|&i| label[i].is_none()).collect();
        if free.is_empty() {
            break;
        }
        // Plant up to a few dots this round.
        let plant = (free.len() / 6).clamp(1, 8);
        let mut round: Vec<(usize, usize)> = Vec::new();
        for _ in 0..plant {
            let free: Vec<usize> = (0..n).filter(|&i| label[i].is_none()).collect();
            let Some(&i) = free.get(rng.random_range(0..free.len().max(1))) else {
                break;
            };
            let (r, c) = (i / cols, i % cols);
            let mut shapes = vec![(0, 0), (0, 1), (1, 0), (1, 1)];
            shapes.shuffle(rng);
            // Centres more often than edges and corners.
            if rng.random_range(0..3) == 0 {
                shapes.retain(|&s| s != (0, 0));
                shapes.insert(0, (0, 0));
            }
            for (dy, dx) in shapes {
                let d = Dot {
                    y: 2 * r + dy,
                    x: 2 * c + dx,
                };
                if d.y > 2 * (rows - 1) || d.x > 2 * (cols - 1) {
                    continue;
                }
                if d.cells().all(|(a, b)| label[a * cols + b].is_none()) {
                    let k = dots.len();
                    let cells: Vec<usize> = d.cells().map(|(a, b)| a * cols + b).collect();
                    for &j in &cells {
                        label[j] = Some(k);
                    }
                    dots.push(d);
                    members.push(cells);
                    round.push((k, rng.random_range(1..=max_size)));
                    break;
                }
            }
        }
        // Grow the round's galaxies by mirrored pairs.
        let mut growing: Vec<(usize, usize)> = round;
        while !growing.is_empty() {
            let g = rng.random_range(0..growing.len());
            let (k, size) = growing[g];
            let d = dots[k];
            let mut options: Vec<(usize, usize)> = Vec::new();
            for &i in &members[k] {
                for j in grid_cells::neighbours(rows, cols, i) {
                    if label[j].is_some() {
                        continue;
                    }
                    if let Some((mr, mc)) = d.mirror(rows, cols, j / cols, j % cols) {
                        let m = mr * cols + mc;
                        if label[m].is_none() && !options.contains(&(j.min(m), j.max(m))) {
                            options.push((j.min(m), j.max(m)));
                        }
                    }
                }
            }
            if options.is_empty() || members[k].len() >= size {
                growing.swap_remove(g);
                continue;
            }
            let (a, b) = options[rng.random_range(0..options.len())];
            for j in [a, b] {
                if label[j].is_none() {
                    label[j] = Some(k);
                    members[k].push(j);
                }
            }
        }
    }
    dots.sort();
    GalaxiesPuzzle { rows, cols, dots }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_touch_and_mirror() {
        let corner = Dot { y: 1, x: 3 };
        assert_eq!(
            corner.cells().collect::<Vec<_>>(),
            [(0, 1), (0, 2), (1, 1), (1, 2)]
        );
        assert_eq!(corner.mirror(3, 4, 0, 0), Some((1, 3)));
        assert_eq!(corner.mirror(3, 4, 2, 0), None);
        assert_eq!(Dot { y: 2, x: 1 }.name(), "the dot between r2c1 and r2c2");
        assert_eq!(Dot { y: 0, x: 0 }.name(), "the dot in r1c1");
        assert_eq!(
            Dot { y: 1, x: 1 }.name(),
            "the dot at the corner of r1c1 and r2c2"
        );
    }

    #[test]
    fn game_ids_round_trip() {
        // 3x3 has 5x5 points: a dot at point 0 (r1c1's centre), one at
        // point 12 (r2c2's centre) and one at point 24 (r3c3's centre).
        let p = Galaxies.parse("3x3:all").unwrap();
        assert_eq!(
            p.dots,
            [Dot { y: 0, x: 0 }, Dot { y: 2, x: 2 }, Dot { y: 4, x: 4 }]
        );
        assert_eq!(write_game_id(&p).unwrap(), "3x3:all");
        assert_eq!(Galaxies.parse("3x3dn:AlL").unwrap(), p);
        let e = Galaxies.parse("3x3:alln").unwrap_err();
        assert!(e.to_string().contains("longer"), "{e}");
        let e = Galaxies.parse("3x3:al!").unwrap_err();
        assert_eq!(e.column, Some(7));
        // A run over 24 points: 'z' then the rest.
        let big = GalaxiesPuzzle::new(5, 5, vec![Dot { y: 8, x: 8 }]).unwrap();
        let id = write_game_id(&big).unwrap();
        assert_eq!(id, "5x5:zzzf");
        assert_eq!(Galaxies.parse(&id).unwrap(), big);
    }
}
