//! Norinori: shade cells so that every region holds exactly two shaded
//! cells and every shaded cell touches exactly one other shaded cell
//! orthogonally (the shaded cells form dominoes, no two dominoes side by
//! side).
//!
//! The model is one 0/1 variable per cell (1: shaded), `exactly(2)` per
//! region, and per cell the domino rule as clauses: a shaded cell has a
//! shaded neighbour (one clause) and no two (a clause per pair of its
//! neighbours; posted as a `linear` and clauses). That clause set is the
//! whole local rule, and its unit propagation already empties the cells
//! around a domino and the fourth cell of a 2x2 block with two diagonal
//! shaded cells, so an `at_most(2)` over each 2x2 block adds nothing (it was
//! tried as a middle rung: no generated puzzle landed on it). The ladder
//! has two rungs: the rules' propagation, then search.

use super::grid_text;
use super::shading::{self, Regions, Shading};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::puzzlink::{Borders, EncodeError, Genre, Url};
use crate::render::{Canvas, RenderOptions};
use crate::text::Reader;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, RelOp, Value, VarId};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, easy, took 2 at the median and at most 4.
const ATTEMPTS: u32 = 1000;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 4;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 20;

/// Norinori (also Dominion): regions given, dominoes shaded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Norinori;

/// A Norinori puzzle: the cells given shaded and the regions.
///
/// With the `serde` feature it is a string, its text layout (Tatham has
/// no such game), read back by [`Norinori`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NorinoriPuzzle {
    rows: usize,
    cols: usize,
    /// Cells given shaded, row-major.
    given: Vec<bool>,
    regions: Regions,
}

impl NorinoriPuzzle {
    /// A puzzle from its given shaded cells (row-major) and regions; `None`
    /// if the sizes disagree.
    pub fn new(rows: usize, cols: usize, given: Vec<bool>, regions: Regions) -> Option<Self> {
        (given.len() == rows * cols && regions.labels().len() == rows * cols).then_some(
            NorinoriPuzzle {
                rows,
                cols,
                given,
                regions,
            },
        )
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether a cell is given shaded.
    pub fn is_given(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.given[cell.row * self.cols + cell.col]
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    /// Orthogonal neighbours of row-major cell `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (i / cols, i % cols);
        [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ]
        .into_iter()
        .flatten()
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(NorinoriPuzzle, Norinori, layout);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a region with two shaded cells empties the rest, one with two open cells left shades them, a shaded cell with one possible partner gets it, a domino empties the cells around it",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

fn record_lines(header: &str) -> Option<usize> {
    grid_text::header_size(header, false).and_then(|(rows, _)| rows.checked_mul(2))
}

static INFO: FamilyInfo = FamilyInfo {
    name: "norinori",
    title: "Norinori",
    rules: "Shade cells so that every region holds exactly two shaded cells and every shaded cell touches exactly one other shaded cell orthogonally.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: |_| false,
    },
    default_size: (6, 6),
};

impl Norinori {
    /// The model (the same at both levels: the top level adds search).
    fn model(&self, p: &NorinoriPuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        for (_, group) in p.regions.groups() {
            let vars: Vec<VarId> = group.iter().map(|&i| cells[i]).collect();
            m.exactly(&vars, 1, 2)?;
        }
        for i in 0..rows * cols {
            let near: Vec<usize> = p.neighbours(i).collect();
            // Shaded: at least one shaded neighbour ...
            let mut partner = vec![(-1, cells[i])];
            partner.extend(near.iter().map(|&j| (1, cells[j])));
            m.linear(&partner, RelOp::Ge, 0)?;
            // ... and never two.
            for (a, &x) in near.iter().enumerate() {
                for &y in &near[a + 1..] {
                    m.clause(&[
                        !Literal::from(cells[i]),
                        !Literal::from(cells[x]),
                        !Literal::from(cells[y]),
                    ])?;
                }
            }
        }
        let mut built = Built::new(m, rows, cols);
        built.assumptions = (0..rows * cols)
            .filter(|&i| p.given[i])
            .map(|i| (cells[i], 1))
            .collect();
        built.cells = cells.into_iter().map(Some).collect();
        Ok(built)
    }
}

/// Norinori's named deductions, easiest first (Tatham has no Norinori).
static RULES: [crate::Rule; 4] = [
    crate::Rule::new(
        "region full",
        "a region with its two shaded cells: the rest of it is unshaded",
        None,
    ),
    crate::Rule::new(
        "region needs every cell",
        "a region with only two cells left that can be shaded: both are",
        None,
    ),
    crate::Rule::new(
        "domino partner",
        "a shaded cell with one neighbour left that can be shaded: that neighbour is, and makes its domino",
        None,
    ),
    crate::Rule::new(
        "dominoes never touch",
        "the cells next to a complete domino are unshaded",
        None,
    ),
];

/// puzz.link's genre: `norinori`, the regions in Border (no shaded
/// givens).
const GENRE: Genre = Genre {
    name: "norinori",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<NorinoriPuzzle, ParseError> {
    url.no_flags("norinori")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Norinori ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let borders = r.border(rows, cols)?;
    r.finish()?;
    let labels = borders.regions().into_iter().map(|l| l as u64).collect();
    Regions::new(rows, cols, labels)
        .and_then(|regions| NorinoriPuzzle::new(rows, cols, vec![false; rows * cols], regions))
        .ok_or_else(|| url.error("not a Norinori puzzle"))
}

fn to_puzzlink(p: &NorinoriPuzzle) -> Result<Url, EncodeError> {
    if let Some(i) = p.given.iter().position(|&g| g) {
        return Err(EncodeError::new(format!(
            "{} is given shaded: puzz.link's Norinori has no shaded givens",
            Cell::new(i / p.cols, i % p.cols)
        )));
    }
    let borders = Borders::from_regions(p.rows, p.cols, p.regions.labels())?;
    Ok(Url::new(GENRE.name, p.cols, p.rows, borders.encode()))
}

impl Family for Norinori {
    type Puzzle = NorinoriPuzzle;
    type Solution = Shading;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<NorinoriPuzzle, ParseError> {
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let (rows, cols) = (h.rows, h.cols);
        let mut given = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of givens", row + 1))? {
                given.push(match t.text {
                    "x" => true,
                    "-" => false,
                    _ => {
                        return Err(
                            t.error(format!("expected 'x' (shaded) or '-', found '{}'", t.text))
                        );
                    }
                });
            }
        }
        let regions = Regions::read(&mut r, rows, cols)?;
        r.end()?;
        Ok(NorinoriPuzzle {
            rows,
            cols,
            given,
            regions,
        })
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<NorinoriPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &NorinoriPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn write(&self, p: &NorinoriPuzzle) -> String {
        let grid = Shading::new(p.rows, p.cols, p.given.clone())
            .unwrap_or_else(|| unreachable!("a given per cell"));
        let mut out = grid.write(&p.header());
        p.regions.write(&mut out);
        out
    }

    fn build(&self, p: &NorinoriPuzzle) -> Result<Built, ModelError> {
        self.model(p)
    }

    fn decode(&self, _: &NorinoriPuzzle, built: &Built, s: &csp_core::Solution) -> Shading {
        Shading::decode(built, s, 1)
    }

    fn write_solution(&self, p: &NorinoriPuzzle, s: &Shading) -> String {
        s.write(&p.header())
    }

    fn parse_solution(&self, p: &NorinoriPuzzle, text: &str) -> Result<Shading, ParseError> {
        Shading::parse(text, &[p.rows, p.cols], "ROWS COLS", p.rows, p.cols)
    }

    fn check(&self, p: &NorinoriPuzzle, s: &Shading) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &NorinoriPuzzle) -> Vec<Violation> {
        let given = Shading::new(p.rows, p.cols, p.given.clone())
            .unwrap_or_else(|| unreachable!("a given per cell"));
        let mut out = Vec::new();
        for (l, cells) in p.regions.cell_groups() {
            let shaded: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&c| given.is_shaded(c))
                .collect();
            if cells.len() < 2 {
                out.push(Violation::new(
                    format!(
                        "region {} has {} cell, too few for two shaded cells",
                        p.regions.number(l),
                        cells.len()
                    ),
                    cells,
                ));
            } else if shaded.len() > 2 {
                out.push(Violation::new(
                    format!(
                        "region {} must hold two shaded cells but {} are given",
                        p.regions.number(l),
                        shaded.len()
                    ),
                    shaded,
                ));
            }
        }
        out.extend(touching(p, &given, false));
        out
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows() && cell.col < s.cols()).then(|| Value::from(s.is_shaded(cell)))
    }

    fn render(&self, p: &NorinoriPuzzle, s: Option<&Shading>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(p.rows, p.cols, &format!("Norinori {}x{}", p.rows, p.cols));
        c.highlights(options);
        for r in 0..p.rows {
            for col in 0..p.cols {
                let i = r * p.cols + col;
                if p.given[i] {
                    c.fill(r, col, "#222");
                } else if s.is_some_and(|s| s.is_shaded(Cell::new(r, col))) {
                    c.fill(r, col, "#777");
                } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                    match values.as_slice() {
                        [1] => c.fill(r, col, "#777"),
                        [0] => c.dot(col as f64 + 0.5, r as f64 + 0.5),
                        _ => {}
                    }
                }
            }
        }
        c.grid_lines();
        shading::draw_regions(&mut c, &p.regions);
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &NorinoriPuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = shading::cell_of(built, d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let what = if (d.value == 1) == placed {
            "is shaded"
        } else {
            "is not shaded"
        };
        format!(
            "{cell} {what}: {}",
            self.describe_constraint(p, built, d.constraint)
        )
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &NorinoriPuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(super::words::shaded(value))
    }

    fn reason(
        &self,
        p: &NorinoriPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        let cells = built
            .model
            .constraint(d.constraint)
            .and_then(|k| shading::scope_cells(built, k.scope()))
            .unwrap_or_default();
        let name = built
            .model
            .constraint(d.constraint)
            .map_or("", |k| k.name());
        let shade = (d.value == 1) == placed;
        // The cell the others are all next to: the one a domino rule is about.
        let centre = cells.iter().copied().find(|&c| {
            cells
                .iter()
                .all(|&o| o == c || o.row.abs_diff(c.row) + o.col.abs_diff(c.col) == 1)
        });
        let label = cells.first().and_then(|&c| p.regions.label(c));
        match (name, centre) {
            // The cell itself unshaded: shaded, it would have no partner.
            ("linear", Some(c)) if !shade && shading::cell_of(built, d.var) == Some(c) => {
                crate::Reason::new(
                    RULES[2].name,
                    format!("{c} has no neighbour left that could be its partner"),
                    vec![c],
                )
            }
            ("linear", Some(c)) => crate::Reason::new(
                RULES[2].name,
                format!("shaded {c} has one neighbour left for its partner"),
                vec![c],
            ),
            ("clause", Some(_)) => {
                let mut pair: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&o| built.var(o).and_then(|v| now.value(v)) == Some(1))
                    .collect();
                // One domino, one reason, whichever cell's rule saw it.
                pair.sort_unstable();
                crate::Reason::new(
                    RULES[3].name,
                    format!("the domino {} is complete", shading::cell_list(&pair)),
                    pair,
                )
            }
            _ => {
                let region =
                    label.map_or_else(String::new, |l| format!("region {}", p.regions.number(l)));
                if shade {
                    crate::Reason::new(
                        RULES[1].name,
                        format!("{region} has only two cells left that can be shaded"),
                        cells,
                    )
                } else {
                    crate::Reason::new(
                        RULES[0].name,
                        format!("{region} has its two shaded cells"),
                        cells,
                    )
                }
            }
        }
    }

    fn describe_constraint(&self, p: &NorinoriPuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        let Some(cells) = shading::scope_cells(built, k.scope()) else {
            return format!("{} {c}", k.name());
        };
        let Some(&first) = cells.first() else {
            return format!("{} {c}", k.name());
        };
        // The cell the others are all next to: the one a domino rule is about.
        let centre = cells.iter().copied().find(|&c| {
            cells
                .iter()
                .all(|&o| o == c || o.row.abs_diff(c.row) + o.col.abs_diff(c.col) == 1)
        });
        let region = p.regions.label(first).filter(|&l| {
            cells.iter().all(|&c| p.regions.label(c) == Some(l))
                && p.regions.labels().iter().filter(|&&x| x == l).count() == cells.len()
        });
        match (k.name(), centre, region) {
            (_, _, Some(l)) if k.name() == "count" => {
                format!("region {} holds two shaded cells", p.regions.number(l))
            }
            ("linear", Some(c), _) => format!("shaded {c} needs a shaded neighbour"),
            ("clause", Some(c), _) => {
                let others: Vec<Cell> = cells.iter().copied().filter(|&o| o != c).collect();
                format!(
                    "shaded {c} touches only one shaded cell ({})",
                    shading::cell_list(&others)
                )
            }
            _ => format!("{} {c}", k.name()),
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<NorinoriPuzzle, Shading>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "norinori",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 50_000, |rng, limits| {
            candidate(rows, cols, options.level, rng, limits)
        })
    }
}

/// Shaded cells with more than one shaded neighbour (and, when
/// `need_partner`, shaded cells with none).
fn touching(p: &NorinoriPuzzle, s: &Shading, need_partner: bool) -> Vec<Violation> {
    let mut out = Vec::new();
    for i in 0..p.rows * p.cols {
        let cell = Cell::new(i / p.cols, i % p.cols);
        if !s.is_shaded(cell) {
            continue;
        }
        let near: Vec<Cell> = p
            .neighbours(i)
            .map(|j| Cell::new(j / p.cols, j % p.cols))
            .filter(|&c| s.is_shaded(c))
            .collect();
        if near.len() > 1 || (need_partner && near.is_empty()) {
            let mut cells = vec![cell];
            cells.extend(&near);
            out.push(Violation::new(
                format!(
                    "shaded {cell} must touch exactly one shaded cell but touches {}",
                    near.len()
                ),
                cells,
            ));
        }
    }
    out
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &NorinoriPuzzle, s: &Shading) -> Vec<Violation> {
    if s.rows() != p.rows || s.cols() != p.cols {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows(),
                s.cols(),
                p.rows,
                p.cols
            ),
            Vec::new(),
        )];
    }
    let mut out = Vec::new();
    let unshaded: Vec<Cell> = (0..p.rows * p.cols)
        .filter(|&i| p.given[i] && !s.cells()[i])
        .map(|i| Cell::new(i / p.cols, i % p.cols))
        .collect();
    if !unshaded.is_empty() {
        out.push(Violation::new(
            "cells given shaded must stay shaded",
            unshaded,
        ));
    }
    for (l, cells) in p.regions.cell_groups() {
        let shaded: Vec<Cell> = cells.iter().copied().filter(|&c| s.is_shaded(c)).collect();
        if shaded.len() != 2 {
            out.push(Violation::new(
                format!(
                    "region {} must hold two shaded cells but holds {}",
                    p.regions.number(l),
                    shaded.len()
                ),
                if shaded.is_empty() { cells } else { shaded },
            ));
        }
    }
    out.extend(touching(p, s, true));
    out
}

/// A unique puzzle near level `target`: planted dominoes, regions grown
/// around them, then givens from the plant added until it is the only
/// solution, and givens removed (in random order) while it stays unique
/// and its level gets no farther from `target`.
fn candidate(
    rows: usize,
    cols: usize,
    target: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(NorinoriPuzzle, Shading)> {
    let n = rows * cols;
    let probe = NorinoriPuzzle {
        rows,
        cols,
        given: vec![false; n],
        regions: Regions::new(rows, cols, vec![0; n])?,
    };
    // Dominoes at random, none touching another.
    let mut shaded = vec![false; n];
    let mut blocked = vec![false; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut dominoes: Vec<[usize; 2]> = Vec::new();
    for &i in &order {
        let mut options: Vec<usize> = probe.neighbours(i).collect();
        options.shuffle(rng);
        for j in options {
            if blocked[i] || blocked[j] {
                continue;
            }
            shaded[i] = true;
            shaded[j] = true;
            for k in [i, j] {
                blocked[k] = true;
                for t in probe.neighbours(k) {
                    blocked[t] = true;
                }
            }
            dominoes.push([i, j]);
            break;
        }
    }
    // Regions grown from the dominoes through unshaded cells.
    let mut label = vec![usize::MAX; n];
    let mut frontier: Vec<(usize, usize)> = Vec::new();
    for (g, d) in dominoes.iter().enumerate() {
        for &i in d {
            label[i] = g;
            frontier.extend(probe.neighbours(i).map(|t| (g, t)));
        }
    }
    while !frontier.is_empty() {
        let k = rng.random_range(0..frontier.len());
        let (g, t) = frontier.swap_remove(k);
        if label[t] != usize::MAX || shaded[t] {
            continue;
        }
        label[t] = g;
        frontier.extend(probe.neighbours(t).map(|u| (g, u)));
    }
    if label.contains(&usize::MAX) {
        return None;
    }
    let solution = Shading::new(rows, cols, shaded.clone())?;
    let mut puzzle = NorinoriPuzzle {
        rows,
        cols,
        given: vec![false; n],
        regions: Regions::new(rows, cols, label.iter().map(|&g| g as u64).collect())?,
    };
    // Givens until the plant is the only solution.
    loop {
        match Norinori.uniqueness(&puzzle, limits).0 {
            Unique::Unique(_) => break,
            Unique::Multiple(a, b) => {
                let other = if a == solution { b } else { a };
                let fresh: Vec<usize> = (0..n)
                    .filter(|&i| shaded[i] && !other.cells()[i] && !puzzle.given[i])
                    .collect();
                let &i = fresh.get(rng.random_range(0..fresh.len().max(1)))?;
                puzzle.given[i] = true;
            }
            _ => return None,
        }
    }
    // Fewer givens, towards the level asked.
    let mut level = super::quick_grade::level_of(&Norinori, &puzzle, limits)?;
    let mut givens: Vec<usize> = (0..n).filter(|&i| puzzle.given[i]).collect();
    givens.shuffle(rng);
    for i in givens {
        puzzle.given[i] = false;
        match super::quick_grade::level_of(&Norinori, &puzzle, limits) {
            Some(l) if l.abs_diff(target) <= level.abs_diff(target) => level = l,
            _ => puzzle.given[i] = true,
        }
    }
    Some((puzzle, solution))
}
