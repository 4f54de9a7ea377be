//! Ripple Effect (Nikoli's Hakyuu): the grid is cut into regions; a region
//! of `n` cells holds the digits `1..=n`, each once, and two equal digits
//! `d` in a row or column have at least `d` cells between them.
//!
//! The puzzle is Suguru's: the same text layout (`ROWS COLS`, the rows of
//! givens, the rows of region numbers; janko.at's), the same puzz.link
//! body (genre `ripple`), the same types ([`SuguruPuzzle`], [`Digits`]),
//! read and written by Suguru's code. Only the rule between regions
//! differs, so this file holds the model, the checker, the words and the
//! generator.
//!
//! The model: a variable per cell over `1..=n` for its region's size `n`,
//! an `all_different` per region and csp-core's
//! [`equal_values_apart`](csp_core::Model::equal_values_apart) per row and
//! per column.

use super::suguru::{self, Digits, SuguruPuzzle};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{EncodeError, Genre, Url};
use crate::render::{Canvas, Ink, RenderOptions};
use csp_core::constraints::spaced::rules as spaced;
use csp_core::{
    ConstraintId, Deduction, Limits, Model, ModelError, Solver, Strength, Value, ValueOrder,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Ripple Effect, read from Suguru's text layout (janko.at's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RippleEffect;

/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 3;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 15;
/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 500;

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a digit taken leaves its region and the cells too close to it in its row and column; a digit with one place left in a region goes there",
    },
    Level {
        name: "medium",
        about: "plus every region domain consistent (naked and hidden pairs, triples, ... in a region)",
    },
    Level {
        name: "hard",
        about: "needs trial and error",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "ripple-effect",
    title: "Ripple Effect",
    rules: "Each region of n cells holds the digits 1 to n, once each; two equal digits d in a row or column have at least d cells between them.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: suguru::record_lines,
        one_line: |_| false,
    },
    default_size: (6, 6),
};

/// Ripple Effect's named deductions, easiest first (Tatham has no Ripple
/// Effect): a region is a house, and the ripple rule.
static RULES: [crate::Rule; 5] = {
    let [a, b, c, d] = super::words::house_rules(None, None);
    [RIPPLE, a, b, c, d]
};

/// The ripple rule, by its name.
const RIPPLE: crate::Rule = crate::Rule::new(
    "too close",
    "a digit d leaves the cells fewer than d+1 steps from a d in its row or column",
    None,
);

/// puzz.link's genre: `ripple`, Suguru's body (regions in Border, givens
/// in Number16, cells outside the grid in Empty, which gridcsp has not).
const GENRE: Genre = Genre {
    name: "ripple",
    aliases: &[],
};

/// How strongly the regions reason at a ladder level.
fn strength(level: usize) -> Strength {
    match level {
        1 => Strength::DomainConsistent,
        _ => Strength::HiddenSingles,
    }
}

/// The model of `p`: the regions first (in order), then the rows, then
/// the columns; [`describe`] relies on that order.
fn build(p: &SuguruPuzzle, level: usize) -> Result<Built, ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let mut model = Model::new();
    let mut cells = Vec::with_capacity(rows * cols);
    for i in 0..rows * cols {
        let n = p.regions[p.region[i]].len() as Value;
        let var = model.new_var(1..=n)?;
        if let Some(g) = p.givens[i] {
            model.fix(var, g as Value)?;
        }
        cells.push(var);
    }
    for region in &p.regions {
        let vars: Vec<_> = region.iter().map(|c| cells[c.row * cols + c.col]).collect();
        model.all_different_with(&vars, strength(level))?;
    }
    for r in 0..rows {
        if cols > 1 {
            model.equal_values_apart(&cells[r * cols..(r + 1) * cols])?;
        }
    }
    for c in 0..cols {
        if rows > 1 {
            let line: Vec<_> = (0..rows).map(|r| cells[r * cols + c]).collect();
            model.equal_values_apart(&line)?;
        }
    }
    let mut built = Built::new(model, rows, cols);
    built.cells = cells.into_iter().map(Some).collect();
    Ok(built)
}

/// What constraint `c` of [`build`]'s model is: a region (its index), or
/// a row or column (across, its index).
enum Part {
    Region(usize),
    Line(bool, usize),
}

fn part(p: &SuguruPuzzle, c: ConstraintId) -> Option<Part> {
    let i = c.index();
    let lines_across = if p.cols > 1 { p.rows } else { 0 };
    let lines_down = if p.rows > 1 { p.cols } else { 0 };
    if i < p.regions.len() {
        Some(Part::Region(i))
    } else if i < p.regions.len() + lines_across {
        Some(Part::Line(true, i - p.regions.len()))
    } else if i < p.regions.len() + lines_across + lines_down {
        Some(Part::Line(false, i - p.regions.len() - lines_across))
    } else {
        None
    }
}

fn describe(p: &SuguruPuzzle, c: ConstraintId) -> String {
    match part(p, c) {
        Some(Part::Region(i)) => format!("region {} (from {})", i + 1, p.regions[i][0]),
        Some(Part::Line(across, i)) => format!(
            "{} (equal digits d at least d cells apart)",
            super::words::line_name(across, i)
        ),
        None => format!("constraint {c}"),
    }
}

/// The rules `d` breaks, naming cells.
fn check(p: &SuguruPuzzle, d: &Digits) -> Vec<Violation> {
    let (rows, cols) = (p.rows, p.cols);
    if (d.rows, d.cols) != (rows, cols) {
        return vec![Violation::new(
            format!("the grid must be {rows}x{cols}, not {}x{}", d.rows, d.cols),
            Vec::new(),
        )];
    }
    let cell = |i: usize| Cell::new(i / cols, i % cols);
    let mut out = Vec::new();
    let outside: Vec<Cell> = (0..rows * cols)
        .filter(|&i| !(1..=p.regions[p.region[i]].len() as u32).contains(&d.digits[i]))
        .map(cell)
        .collect();
    if !outside.is_empty() {
        out.push(Violation::new(
            "a region of n cells holds only the digits 1 to n",
            outside,
        ));
    }
    for (r, region) in p.regions.iter().enumerate() {
        for v in 1..=region.len() as u32 {
            let with: Vec<Cell> = region
                .iter()
                .copied()
                .filter(|c| d.digits[c.row * cols + c.col] == v)
                .collect();
            if with.len() > 1 {
                out.push(Violation::new(
                    format!("region {} has the digit {v} more than once", r + 1),
                    with,
                ));
            }
        }
    }
    for i in 0..rows * cols {
        let v = d.digits[i] as usize;
        let (r, c) = (i / cols, i % cols);
        // The equal digits to the right and below, within v cells.
        for k in 1..=v {
            for (rr, cc) in [(r, c + k), (r + k, c)] {
                if rr < rows && cc < cols && d.digits[rr * cols + cc] as usize == v {
                    out.push(Violation::new(
                        format!(
                            "the {v}s at {} and {} have fewer than {v} cells between them",
                            cell(i),
                            Cell::new(rr, cc)
                        ),
                        vec![cell(i), Cell::new(rr, cc)],
                    ));
                }
            }
        }
    }
    let changed: Vec<Cell> = (0..rows * cols)
        .filter(|&i| p.givens[i].is_some_and(|g| g != d.digits[i]))
        .map(cell)
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("the givens must be kept", changed));
    }
    out
}

/// The givens that already break a rule.
fn check_givens(p: &SuguruPuzzle) -> Vec<Violation> {
    let (rows, cols) = (p.rows, p.cols);
    let mut out = Vec::new();
    for (r, region) in p.regions.iter().enumerate() {
        for v in 1..=region.len() as u32 {
            let with: Vec<Cell> = region
                .iter()
                .copied()
                .filter(|c| p.givens[c.row * cols + c.col] == Some(v))
                .collect();
            if with.len() > 1 {
                out.push(Violation::new(
                    format!("region {} has the given {v} more than once", r + 1),
                    with,
                ));
            }
        }
    }
    for i in 0..rows * cols {
        let Some(v) = p.givens[i] else { continue };
        let (r, c) = (i / cols, i % cols);
        for k in 1..=v as usize {
            for (rr, cc) in [(r, c + k), (r + k, c)] {
                if rr < rows && cc < cols && p.givens[rr * cols + cc] == Some(v) {
                    out.push(Violation::new(
                        format!(
                            "the given {v}s at {} and {} are too close",
                            Cell::new(r, c),
                            Cell::new(rr, cc)
                        ),
                        vec![Cell::new(r, c), Cell::new(rr, cc)],
                    ));
                }
            }
        }
    }
    out
}

impl Family for RippleEffect {
    type Puzzle = SuguruPuzzle;
    type Solution = Digits;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<SuguruPuzzle, ParseError> {
        suguru::parse_text(text)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<SuguruPuzzle, ParseError> {
        suguru::from_puzzlink(url, "ripple-effect")
    }

    fn to_puzzlink(&self, p: &SuguruPuzzle) -> Result<Url, EncodeError> {
        suguru::to_puzzlink(p, GENRE.name)
    }

    fn write(&self, p: &SuguruPuzzle) -> String {
        suguru::write_text(p)
    }

    fn build(&self, p: &SuguruPuzzle) -> Result<Built, ModelError> {
        build(p, 0)
    }

    fn build_for_level(&self, p: &SuguruPuzzle, level: usize) -> Result<Built, ModelError> {
        build(p, level)
    }

    fn decode(&self, p: &SuguruPuzzle, built: &Built, s: &csp_core::Solution) -> Digits {
        let digits = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u32))
            .collect();
        Digits {
            rows: p.rows,
            cols: p.cols,
            digits,
        }
    }

    fn write_solution(&self, _: &SuguruPuzzle, s: &Digits) -> String {
        suguru::write_digits(s)
    }

    fn parse_solution(&self, p: &SuguruPuzzle, text: &str) -> Result<Digits, ParseError> {
        suguru::parse_digits(p, text)
    }

    fn check(&self, p: &SuguruPuzzle, s: &Digits) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &SuguruPuzzle) -> Vec<Violation> {
        check_givens(p)
    }

    fn value_at(&self, s: &Digits, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols).then(|| s.digit(cell) as Value)
    }

    fn describe_constraint(&self, p: &SuguruPuzzle, _: &Built, c: ConstraintId) -> String {
        describe(p, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        p: &SuguruPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &Progress,
    ) -> crate::Reason {
        match part(p, d.constraint) {
            Some(Part::Region(i)) => super::words::house_reason(
                built,
                now,
                d,
                placed,
                &format!("the region of {}", p.regions[i][0]),
            ),
            Some(Part::Line(across, i)) if d.rule == spaced::TOO_CLOSE => {
                // The cell within reach holding the digit.
                let at = built.cell_of(d.var);
                let v = d.value;
                let holder = at.and_then(|at| {
                    (1..=v as usize).find_map(|k| {
                        let near: [Option<Cell>; 2] = if across {
                            [
                                at.col.checked_sub(k).map(|c| Cell::new(at.row, c)),
                                Some(Cell::new(at.row, at.col + k)).filter(|c| c.col < p.cols),
                            ]
                        } else {
                            [
                                at.row.checked_sub(k).map(|r| Cell::new(r, at.col)),
                                Some(Cell::new(at.row + k, at.col)).filter(|c| c.row < p.rows),
                            ]
                        };
                        near.into_iter().flatten().find(|c| {
                            built.cells[c.row * p.cols + c.col].and_then(|x| now.value(x))
                                == Some(v)
                        })
                    })
                });
                let line = super::words::line_name(across, i);
                let cells = if v == 1 { "cell" } else { "cells" };
                match holder {
                    Some(h) => crate::Reason::new(
                        RIPPLE.name,
                        format!("the {v} at {h} in {line} is within {v} {cells}"),
                        vec![h],
                    ),
                    None => crate::Reason::new(
                        RIPPLE.name,
                        format!("a {v} in {line} is within {v} {cells}"),
                        Vec::new(),
                    ),
                }
            }
            _ => crate::generic::reason(self, p, built, d),
        }
    }

    fn render(
        &self,
        p: &SuguruPuzzle,
        solution: Option<&Digits>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let (rows, cols) = (p.rows, p.cols);
        let mut c = Canvas::new(rows, cols, &format!("Ripple Effect {rows}x{cols}"));
        c.highlights(options);
        c.grid_lines();
        c.region_borders(|r, col| p.region[r * cols + col]);
        c.outer_border();
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell::new(row, col);
                if let Some(v) = p.given(cell) {
                    c.text(row, col, &v.to_string(), Ink::Given);
                } else if let Some(s) = solution.filter(|s| (s.rows, s.cols) == (rows, cols)) {
                    c.text(row, col, &s.digit(cell).to_string(), Ink::Filled);
                } else if let Some(Some(values)) =
                    candidates.as_ref().and_then(|k| k.get(row * cols + col))
                {
                    c.candidates(row, col, values, p.max_digit(cell) as Value);
                }
            }
        }
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<SuguruPuzzle, Digits>, GenerateError> {
        generate(self, options)
    }
}

/// Whether `level` solves `p` (uniqueness at the top).
fn solvable(p: &SuguruPuzzle, level: usize) -> bool {
    if level + 1 >= LEVELS.len() {
        let limits = Limits {
            nodes: Some(100_000),
            ..Limits::default()
        };
        matches!(RippleEffect.uniqueness(p, &limits).0, Unique::Unique(_))
    } else {
        super::quick_grade::solved_at(&RippleEffect, p, level)
    }
}

/// The seeded generator: Suguru's random regions (connected, 3 to 5
/// cells), filled by csp-core's search with a seeded random value order,
/// every digit given; then givens are taken away in random order while
/// the level asked still solves the puzzle (first level 0's deductions,
/// then the level's own), and a puzzle the level below also solves is
/// rejected.
fn generate(
    family: &RippleEffect,
    o: &GenerateOptions,
) -> Result<Generated<SuguruPuzzle, Digits>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    let level = crate::generic::generation_level(
        "ripple-effect",
        o,
        MIN_GENERATED..=MAX_GENERATED,
        LEVELS,
    )?;
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let attempts = o.attempts_or(ATTEMPTS);
    for attempt in 1..=attempts {
        o.check()?;
        let labels = suguru::generate::regions(rows, cols, &mut rng);
        let Ok(blank) = SuguruPuzzle::new(rows, cols, &labels, vec![None; rows * cols]) else {
            continue;
        };
        let built = family.build(&blank)?;
        let options = built
            .options
            .clone()
            .with_value_order(ValueOrder::Random { seed: rng.random() })
            .with_node_limit(100_000);
        let outcome = Solver::with_options(&built.model, options).solve();
        let Some(s) = outcome.solution() else {
            continue;
        };
        let digits: Vec<u32> = built
            .cells
            .iter()
            .map(|v| v.map_or(0, |v| s.value(v) as u32))
            .collect();
        let mut puzzle = SuguruPuzzle {
            givens: digits.iter().map(|&d| Some(d)).collect(),
            ..blank
        };
        let mut order: Vec<usize> = (0..rows * cols).collect();
        order.shuffle(&mut rng);
        let passes = if o.level == 0 {
            vec![0]
        } else {
            vec![0, o.level]
        };
        for pass in passes {
            for &j in &order {
                if let Some(g) = puzzle.givens[j].take() {
                    if !solvable(&puzzle, pass) {
                        puzzle.givens[j] = Some(g);
                    }
                }
            }
        }
        if o.level > 0 && solvable(&puzzle, o.level - 1) {
            continue;
        }
        let Ok(grade) = family.grade(&puzzle, &Limits::default()) else {
            continue;
        };
        if grade.rank != o.level {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution: Digits { rows, cols, digits },
            grade,
            attempts: attempt,
        });
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts,
    })
}
