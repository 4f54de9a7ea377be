//! Killer Sudoku: a Sudoku whose grid is divided into cages, each with a
//! sum; the digits of a cage are different and add up to its sum.
//!
//! Read from the text layout (`N N`, then N rows with each cage's sum on
//! one of its cells, then N rows of cage numbers; see
//! `docs/formats/killer-sudoku.md`) or from a Tatham Solo killer ID
//! (`3x3k:...`, `9jk:...`, `3x3xk:...`). The rules, the model, the grades
//! and the pictures are the `sudoku` crate's ([`sudoku::Variant::killer`]):
//! one variable per cell, an AllDifferent per house, csp-core's
//! [`all_different_sum`](csp_core::Model::all_different_sum) per cage and
//! the cages the houses imply (the "45 rule").

use super::sudoku::{self as sudoku_family, SudokuPuzzle};
use super::sudoku_layout::{self as layout, Header, Words};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::render::RenderOptions;
use crate::text::Reader;
use csp_core::{ConstraintId, Limits, ModelError, Value};
use csp_core::{Model, Strength, VarId};
use rand::seq::IndexedRandom;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;
use sudoku::{Board, Cage, GroupKind, SudokuModel, Variant};

/// Killer Sudoku, from the text layout or a Solo killer ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KillerSudoku;

fn info() -> &'static FamilyInfo {
    static INFO: OnceLock<FamilyInfo> = OnceLock::new();
    INFO.get_or_init(|| FamilyInfo {
        name: "killer-sudoku",
        title: "Killer Sudoku",
        rules: "Fill the grid so that every row, column and box holds each value once, and the values of each cage are different and add up to its sum.",
        levels: LEVELS,
        shape: RecordShape::Header {
            lines: |h| layout::lines_after(h, 2),
            one_line: super::grid_text::is_one_line,
        },
        default_size: (9, 9),
    })
}

const HOUSE: [crate::Rule; 4] = super::words::house_rules(None, None);

/// Killer Sudoku's named deductions, easiest first (Tatham's Solo has
/// killer puzzles but grades them with his Sudoku levels).
static RULES: [crate::Rule; 6] = [
    HOUSE[0],
    HOUSE[1],
    HOUSE[2],
    HOUSE[3],
    crate::Rule::new(
        "cage combinations",
        "only some sets of different digits add up to a cage's sum: a cell keeps the digits of the sets that still fit",
        None,
    ),
    crate::Rule::new(
        "innies and outies",
        "whole rows, columns or boxes add up to 45 each: less the cages inside them, the cells left over (or sticking out) have a known total",
        None,
    ),
];

/// The grade ladder: the propagation that solves the puzzle without search.
const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "each cage's digit combinations, naked and hidden singles",
    },
    Level {
        name: "medium",
        about: "plus the cages the houses imply (the 45 rule: innies and outies)",
    },
    Level {
        name: "hard",
        about: "plus every house's AllDifferent domain consistent (naked and hidden subsets of any size)",
    },
    Level {
        name: "expert",
        about: "needs search (trial and error) after all of the above",
    },
];

const WORDS: Words = Words {
    boxes: true,
    regions: true,
    givens: true,
};

/// The smallest and largest sum of `k` different values in `1..=n`.
fn sum_range(k: usize, n: usize) -> (usize, usize) {
    let low = k * (k + 1) / 2;
    let high = k * (2 * n + 1 - k) / 2;
    (low, high)
}

fn parse_text(text: &str) -> Result<SudokuPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h: Header = layout::header(&mut r, WORDS)?;
    let n = h.n;
    // Solo accepts sums up to N^3; sums no cage can make are
    // `check_givens`' business, not the reader's.
    let max_sum = (n * n * n) as i64;
    let mut sums = Vec::with_capacity(n * n);
    for row in 0..n {
        let what = format!("sum row {}", row + 1);
        sums.extend(layout::number_row(&mut r, n, &what, 1, max_sum)?);
    }
    let cages = layout::label_rows(&mut r, n, "cage", true)?;
    let regions = if h.regions {
        Some(layout::label_rows(&mut r, n, "region", false)?)
    } else {
        None
    };
    let givens = if h.givens {
        layout::givens_rows(&mut r, n, "givens")?
    } else {
        vec![0; n * n]
    };
    r.end()?;
    let labels: Vec<Option<u32>> = cages.iter().map(|c| c.0).collect();
    let dense = layout::dense(&labels);
    let count = dense.iter().flatten().max().map_or(0, |&k| k + 1);
    let mut cells: Vec<Vec<sudoku::Cell>> = vec![Vec::new(); count];
    let mut sum_of: Vec<Option<u32>> = vec![None; count];
    for (i, &k) in dense.iter().enumerate() {
        let cell = sudoku::Cell::new(i / n, i % n);
        let (sum, token) = sums[i];
        match (k, sum) {
            (Some(k), Some(s)) => {
                if sum_of[k].is_some() {
                    return Err(token.error(format!(
                        "a second sum for cage {} (the cage of {cell})",
                        labels[i].unwrap_or(0)
                    )));
                }
                sum_of[k] = Some(s);
            }
            (None, Some(_)) => {
                return Err(token.error(format!("a sum on {cell}, which is in no cage")));
            }
            _ => {}
        }
        if let Some(k) = k {
            cells[k].push(cell);
            if cells[k].len() > n {
                return Err(cages[i].1.error(format!(
                    "cage {} has more than {n} cells",
                    labels[i].unwrap_or(0)
                )));
            }
        }
    }
    let mut list = Vec::with_capacity(count);
    for (k, cells) in cells.into_iter().enumerate() {
        let first = cells[0];
        let Some(sum) = sum_of[k] else {
            let token = cages[first.row * n + first.col].1;
            return Err(token.error(format!(
                "cage {} has no sum",
                labels[first.row * n + first.col].unwrap_or(0)
            )));
        };
        list.push(Cage::new(cells, sum));
    }
    let at_line =
        |line: usize| move |e: sudoku::SudokuError| ParseError::at_line(line, e.to_string());
    let mut variant = Variant::classic(layout::shape(n, h.boxes)?);
    if let Some(regions) = &regions {
        let labels: Vec<usize> = regions.iter().map(|r| r.0.unwrap_or(0) as usize).collect();
        variant = variant
            .with_regions(&labels)
            .map_err(at_line(regions[0].1.line))?;
    }
    if h.x {
        variant = variant.with_diagonals();
    }
    let variant = variant.with_cages(list).map_err(at_line(cages[0].1.line))?;
    let board =
        Board::from_values(variant.shape(), &givens).map_err(|e| ParseError::new(e.to_string()))?;
    Ok(SudokuPuzzle { variant, board })
}

fn write_text(puzzle: &SudokuPuzzle) -> String {
    let v = &puzzle.variant;
    let n = v.size();
    let mut out = format!("{n} {n}");
    if v.has_diagonals() {
        out.push_str(" x");
    }
    let shape = v.shape();
    let default = sudoku::Shape::new(n).ok();
    if v.regions().is_none() && default != Some(shape) {
        out.push_str(&format!(" {}x{}", shape.box_rows(), shape.box_cols()));
    }
    if v.regions().is_some() {
        out.push_str(" regions");
    }
    let givens = puzzle.board.filled() > 0;
    if givens {
        out.push_str(" givens");
    }
    out.push('\n');
    let mut sums = vec!["-".to_owned(); n * n];
    let mut labels = vec!["-".to_owned(); n * n];
    for (k, cage) in v.cages().iter().enumerate() {
        let first = cage.cells().iter().map(|c| c.row * n + c.col).min();
        if let Some(first) = first {
            sums[first] = cage.sum().to_string();
        }
        for c in cage.cells() {
            labels[c.row * n + c.col] = (k + 1).to_string();
        }
    }
    layout::write_rows(&mut out, n, &sums);
    layout::write_rows(&mut out, n, &labels);
    if v.regions().is_some() {
        layout::write_rows(&mut out, n, &layout::region_tokens(v));
    }
    if givens {
        layout::write_rows(&mut out, n, &layout::board_tokens(&puzzle.board));
    }
    out
}

/// The model of ladder level `level` (see [`LEVELS`]); the cells'
/// variables are the first `N * N`, row-major, at every level.
fn build_level(puzzle: &SudokuPuzzle, level: usize) -> Result<Built, ModelError> {
    let v = &puzzle.variant;
    let n = v.size();
    let (model, cells) = match level {
        0 => {
            let mut m = Model::new();
            let cells = m.new_vars(n * n, 1..=n as Value)?;
            for g in v.groups() {
                if !matches!(g.kind(), GroupKind::Cage(_)) {
                    let vars: Vec<VarId> =
                        g.cells().iter().map(|c| cells[c.row * n + c.col]).collect();
                    m.all_different_with(&vars, Strength::HiddenSingles)?;
                }
            }
            for cage in v.cages() {
                let vars: Vec<VarId> = cage
                    .cells()
                    .iter()
                    .map(|c| cells[c.row * n + c.col])
                    .collect();
                m.all_different_sum(&vars, i64::from(cage.sum()))?;
            }
            (m, cells)
        }
        _ => {
            let strength = if level == 1 {
                Strength::HiddenSingles
            } else {
                Strength::DomainConsistent
            };
            SudokuModel::with_strength(v.clone(), strength)
                .map_err(sudoku_error)?
                .into_parts()
        }
    };
    let mut built = Built::new(model, n, n);
    built.assumptions = puzzle
        .board
        .filled_cells()
        .map(|(c, value)| (cells[c.row * n + c.col], Value::from(value)))
        .collect();
    built.cells = cells.into_iter().map(Some).collect();
    built.options = sudoku::SudokuSolver::default_options();
    Ok(built)
}

fn sudoku_error(e: sudoku::SudokuError) -> ModelError {
    match e {
        sudoku::SudokuError::Model(m) => m,
        other => ModelError::InvalidArgument {
            constraint: "killer-sudoku".to_owned(),
            reason: other.to_string(),
        },
    }
}

/// A constraint of a level's model in words: the sudoku crate's names
/// for the models it builds, the group or the cage for level 0's.
fn describe(puzzle: &SudokuPuzzle, built: &Built, c: ConstraintId) -> String {
    let v = &puzzle.variant;
    let houses: Vec<GroupKind> = v
        .groups()
        .iter()
        .map(|g| g.kind())
        .filter(|k| !matches!(k, GroupKind::Cage(_)))
        .collect();
    if built.model.num_constraints() == houses.len() + v.cages().len() {
        return match houses.get(c.index()) {
            Some(k) => k.to_string(),
            None => {
                let k = c.index() - houses.len();
                match v.cages().get(k) {
                    Some(cage) => format!("cage {} (sum {})", k + 1, cage.sum()),
                    None => c.to_string(),
                }
            }
        };
    }
    layout::describe_constraint(puzzle, built, c)
}

/// The rules the givens break, and the cages no values can fill.
fn check_givens(puzzle: &SudokuPuzzle) -> Vec<Violation> {
    let n = puzzle.variant.size();
    let mut out = sudoku_family::clashes(&puzzle.variant, &puzzle.board);
    for (k, cage) in puzzle.variant.cages().iter().enumerate() {
        let (low, high) = sum_range(cage.cells().len(), n);
        let sum = cage.sum() as usize;
        if sum < low || sum > high {
            out.push(Violation::new(
                format!(
                    "cage {} of {} cells cannot sum to {sum} (different values 1 to {n} make {low} to {high})",
                    k + 1,
                    cage.cells().len()
                ),
                cage.cells().iter().map(|&c| layout::cell(c)).collect(),
            ));
        }
    }
    out
}

impl Family for KillerSudoku {
    type Puzzle = SudokuPuzzle;
    type Solution = Board;

    fn info(&self) -> &FamilyInfo {
        info()
    }

    fn parse(&self, text: &str) -> Result<SudokuPuzzle, ParseError> {
        if super::grid_text::is_one_line(text) {
            let p = layout::parse_solo(text)?;
            if p.variant.cages().is_empty() {
                return Err(ParseError::at(
                    1,
                    1,
                    "not a killer ID (its parameters have no 'k'): read it as sudoku or jigsaw-sudoku",
                ));
            }
            return Ok(p);
        }
        parse_text(text)
    }

    fn write(&self, puzzle: &SudokuPuzzle) -> String {
        write_text(puzzle)
    }

    fn write_game_id(&self, puzzle: &SudokuPuzzle) -> Option<String> {
        if puzzle.variant.cages().is_empty() {
            return None;
        }
        sudoku::solo::write(&puzzle.variant, &puzzle.board)
    }

    fn build(&self, puzzle: &SudokuPuzzle) -> Result<Built, ModelError> {
        sudoku_family::build(puzzle)
    }

    fn decode(&self, puzzle: &SudokuPuzzle, built: &Built, s: &csp_core::Solution) -> Board {
        sudoku_family::decode(puzzle, built, s)
    }

    fn write_solution(&self, _: &SudokuPuzzle, solution: &Board) -> String {
        layout::write_solution(solution)
    }

    fn parse_solution(&self, puzzle: &SudokuPuzzle, text: &str) -> Result<Board, ParseError> {
        layout::parse_solution(puzzle, text)
    }

    fn check(&self, puzzle: &SudokuPuzzle, solution: &Board) -> Vec<Violation> {
        sudoku_family::check_board(puzzle, solution)
    }

    fn check_entries(
        &self,
        puzzle: &SudokuPuzzle,
        entries: &[(Cell, Value)],
    ) -> Result<Vec<Violation>, ModelError> {
        sudoku_family::check_entries(self, puzzle, entries)
    }

    fn check_givens(&self, puzzle: &SudokuPuzzle) -> Vec<Violation> {
        check_givens(puzzle)
    }

    fn value_at(&self, solution: &Board, c: Cell) -> Option<Value> {
        solution.get(c.row, c.col).map(Value::from)
    }

    fn describe_constraint(&self, puzzle: &SudokuPuzzle, built: &Built, c: ConstraintId) -> String {
        describe(puzzle, built, c)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        puzzle: &SudokuPuzzle,
        built: &Built,
        d: &csp_core::Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        use super::words;
        use csp_core::constraints::all_different::rules as ad;
        let mut scope = words::scope_cells(built, d.constraint);
        scope.sort_unstable();
        // The group (row, column, box, region, cage) whose cells the
        // constraint is over, if any: the sudoku crate's models post
        // other sums too (the houses' totals).
        let group = puzzle.variant.groups().iter().find(|g| {
            let mut cells: Vec<Cell> = g.cells().iter().map(|&c| layout::cell(c)).collect();
            cells.sort_unstable();
            cells == scope
        });
        let cage = |k: usize| {
            puzzle
                .variant
                .cages()
                .get(k)
                .map_or_else(String::new, |c| format!("cage {} (sum {})", k + 1, c.sum()))
        };
        match group.map(sudoku::Group::kind) {
            Some(GroupKind::Cage(k)) if d.rule != ad::ELIMINATION => crate::Reason::new(
                RULES[4].name,
                format!("{}: the sets of different digits with that sum", cage(k)),
                scope,
            ),
            Some(GroupKind::Cage(k)) => {
                words::house_reason(built, now, d, placed, &format!("cage {}", k + 1))
            }
            Some(kind) => words::house_reason(built, now, d, placed, &kind.to_string()),
            None => crate::Reason::new(
                RULES[5].name,
                "the 45 rule on whole houses less the cages inside them",
                scope,
            ),
        }
    }

    fn render(
        &self,
        puzzle: &SudokuPuzzle,
        solution: Option<&Board>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        sudoku_family::render(puzzle, solution, candidates, options)
    }

    fn build_for_level(&self, puzzle: &SudokuPuzzle, level: usize) -> Result<Built, ModelError> {
        build_level(puzzle, level)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<SudokuPuzzle, Board>, GenerateError> {
        generate(options)
    }
}

/// The largest killer the generator makes (Solo's limit too).
pub const MAX_GENERATED_SIZE: usize = 9;

/// Cuts the solved grid into random connected cages of different values,
/// `2..=max` cells each (a cell left alone joins a neighbouring cage where
/// its value is new, else stays a one-cell cage).
fn random_cages(rng: &mut ChaCha8Rng, solution: &Board, max: usize) -> Vec<Cage> {
    let n = solution.size();
    let value = |i: usize| solution.values()[i];
    let mut cage_of = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(i - n);
        }
        if r + 1 < n {
            out.push(i + n);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < n {
            out.push(i + 1);
        }
        out
    };
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let k = cages.len();
        let target = rng.random_range(2..=max.max(2));
        let mut cells = vec![start];
        cage_of[start] = k;
        while cells.len() < target {
            let mut free: Vec<usize> = cells
                .iter()
                .flat_map(|&i| neighbours(i))
                .filter(|&j| {
                    cage_of[j] == usize::MAX && cells.iter().all(|&i| value(i) != value(j))
                })
                .collect();
            free.sort_unstable();
            free.dedup();
            let Some(&j) = free.choose(rng) else { break };
            cage_of[j] = k;
            cells.push(j);
        }
        cages.push(cells);
    }
    // Singletons join a neighbouring cage that lacks their value.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let i = cages[k][0];
        let mut options: Vec<usize> = neighbours(i)
            .into_iter()
            .map(|j| cage_of[j])
            .filter(|&o| {
                o != k && cages[o].len() < n && cages[o].iter().all(|&x| value(x) != value(i))
            })
            .collect();
        options.sort_unstable();
        options.dedup();
        if let Some(&o) = options.choose(rng) {
            cages[o].push(i);
            cages[k].clear();
            cage_of[i] = o;
        }
    }
    let mut out: Vec<Vec<usize>> = cages.into_iter().filter(|c| !c.is_empty()).collect();
    for c in &mut out {
        c.sort_unstable();
    }
    out.sort_unstable();
    out.into_iter()
        .map(|cells| {
            let sum = cells.iter().map(|&i| u32::from(value(i))).sum();
            Cage::new(
                cells
                    .into_iter()
                    .map(|i| sudoku::Cell::new(i / n, i % n))
                    .collect(),
                sum,
            )
        })
        .collect()
}

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 24 at the median and at most 162.
const ATTEMPTS: u32 = 1000;

/// A seeded killer of the level asked: a random solved grid cut into
/// random cages (smaller cages for the easier levels), then digits of the
/// solution given one by one while the puzzle has several solutions or
/// grades above the level; kept when it grades exactly at the level.
fn generate(o: &GenerateOptions) -> Result<Generated<SudokuPuzzle, Board>, GenerateError> {
    let n = o.rows;
    if o.cols != n || !(4..=MAX_GENERATED_SIZE).contains(&n) {
        return Err(GenerateError::BadOptions(format!(
            "killer sudokus are generated from 4x4 to {MAX_GENERATED_SIZE}x{MAX_GENERATED_SIZE}, not {}x{}",
            o.rows, o.cols
        )));
    }
    let levels = LEVELS;
    let Some(level) = levels.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for killer-sudoku (0 to {})",
            o.level,
            levels.len() - 1
        )));
    };
    let shape = sudoku::Shape::new(n).map_err(|e| GenerateError::BadOptions(e.to_string()))?;
    let bad = |e: sudoku::GenerateError| GenerateError::BadOptions(e.to_string());
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits::default();
    let max_cage = (3 + 2 * o.level).min(n);
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        let mut grids =
            sudoku::Generator::new(Variant::classic(shape), rng.random()).map_err(bad)?;
        let solution = grids.solution_grid().map_err(bad)?;
        let cages = random_cages(&mut rng, &solution, max_cage);
        let Ok(variant) = Variant::classic(shape).with_cages(cages) else {
            continue;
        };
        let mut puzzle = SudokuPuzzle {
            variant,
            board: Board::empty(shape),
        };
        // Too hard, or several solutions: give one more digit of the
        // solution, in a random order, until the level is reached.
        let mut cells: Vec<usize> = (0..n * n).collect();
        cells.shuffle(&mut rng);
        for &i in cells.iter().take(n * n / 3) {
            match KillerSudoku.grade(&puzzle, &limits) {
                Ok(grade) if grade.rank == o.level => {
                    return Ok(Generated {
                        puzzle,
                        solution,
                        grade,
                        attempts: attempt,
                    });
                }
                Ok(grade) if grade.rank < o.level => break,
                _ => {}
            }
            let value = solution.values()[i];
            if puzzle.board.set(i / n, i % n, value).is_err() {
                break;
            }
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts: o.attempts_or(ATTEMPTS),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_k_different_values() {
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(1, 4), (1, 4));
    }
}
