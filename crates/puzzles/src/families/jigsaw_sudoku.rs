//! Jigsaw Sudoku: a Sudoku whose boxes are irregular regions of N cells.
//!
//! Read from the text layout (`N N`, then N rows of givens, then N rows of
//! region numbers; see `docs/formats/jigsaw-sudoku.md`) or from a Tatham
//! Solo jigsaw ID (`9j:...`, `9jx:...`). The rules, the model, the grades
//! (the sudoku crate's human techniques, which work on any regions) and
//! the pictures are the `sudoku` crate's ([`sudoku::Variant::jigsaw`]).

use super::sudoku::{self as sudoku_family, SudokuPuzzle};
use super::sudoku_layout::{self as layout, Words};
use crate::family::{
    Built, Cell, Explanation, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Grade,
    GradeError, Hint, ParseError, RecordShape, Rule, Violation,
};
use crate::render::RenderOptions;
use crate::text::Reader;
use csp_core::{ConstraintId, Limits, ModelError, Value};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;
use sudoku::{Board, Difficulty, Shape, Variant};

/// Jigsaw Sudoku, from the text layout or a Solo jigsaw ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JigsawSudoku;

/// The largest jigsaw the generator makes.
pub const MAX_GENERATED_SIZE: usize = 12;

fn info() -> &'static FamilyInfo {
    static INFO: OnceLock<FamilyInfo> = OnceLock::new();
    INFO.get_or_init(|| FamilyInfo {
        name: "jigsaw-sudoku",
        title: "Jigsaw Sudoku",
        rules: "Fill the grid so that every row, column and outlined region holds each value once.",
        levels: sudoku_family::levels(),
        shape: RecordShape::Header {
            lines: |h| layout::lines_after(h, 2),
            one_line: super::grid_text::is_one_line,
        },
        default_size: (9, 9),
    })
}

const WORDS: Words = Words {
    boxes: false,
    regions: false,
    givens: false,
};

fn parse_text(text: &str) -> Result<SudokuPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = layout::header(&mut r, WORDS)?;
    let n = h.n;
    let givens = layout::givens_rows(&mut r, n, "givens")?;
    let first = r.line_no();
    let regions = layout::label_rows(&mut r, n, "region", false)?;
    r.end()?;
    let labels: Vec<Option<u32>> = regions.iter().map(|x| x.0).collect();
    let dense: Vec<usize> = layout::dense(&labels)
        .into_iter()
        .map(|k| k.unwrap_or(0))
        .collect();
    // Name the first cell of a region too many or too big.
    let mut sizes = vec![0usize; n * n];
    for (i, &k) in dense.iter().enumerate() {
        sizes[k] += 1;
        if k >= n || sizes[k] > n {
            return Err(regions[i].1.error(format!(
                "region {} has more than {n} cells (there must be {n} regions of {n} cells)",
                labels[i].unwrap_or(0)
            )));
        }
    }
    let shape = Shape::new(n).map_err(|e| ParseError::at_line(1, e.to_string()))?;
    let mut variant = Variant::classic(shape)
        .with_regions(&dense)
        .map_err(|e| ParseError::at_line(first, e.to_string()))?;
    if h.x {
        variant = variant.with_diagonals();
    }
    let board = Board::from_values(shape, &givens).map_err(|e| ParseError::new(e.to_string()))?;
    Ok(SudokuPuzzle { variant, board })
}

fn write_text(puzzle: &SudokuPuzzle) -> String {
    let n = puzzle.variant.size();
    let mut out = format!("{n} {n}");
    if puzzle.variant.has_diagonals() {
        out.push_str(" x");
    }
    out.push('\n');
    layout::write_rows(&mut out, n, &layout::board_tokens(&puzzle.board));
    layout::write_rows(&mut out, n, &layout::region_tokens(&puzzle.variant));
    out
}

/// Random connected regions of `n` cells: the default boxes, then many
/// random swaps of two cells across a border, each kept only if both
/// regions stay connected.
fn random_regions(rng: &mut ChaCha8Rng, n: usize) -> Vec<usize> {
    let shape = Shape::new(n).unwrap_or(Shape::CLASSIC);
    let mut label: Vec<usize> = (0..n * n).map(|i| shape.box_of(i / n, i % n)).collect();
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    };
    let connected = |label: &[usize], region: usize| {
        let cells: Vec<usize> = (0..n * n).filter(|&i| label[i] == region).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            for j in neighbours(i) {
                if !seen[j] && label[j] == region {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        count == cells.len()
    };
    for _ in 0..n * n * 8 {
        let a = rng.random_range(0..n * n);
        let others: Vec<usize> = neighbours(a).filter(|&j| label[j] != label[a]).collect();
        let Some(&b0) = others.choose(rng) else {
            continue;
        };
        let (ra, rb) = (label[a], label[b0]);
        // A cell of region B next to region A, other than a's neighbour
        // choice, moves the other way.
        let back: Vec<usize> = (0..n * n)
            .filter(|&j| label[j] == rb && neighbours(j).any(|k| label[k] == ra && k != a))
            .collect();
        let Some(&b) = back.choose(rng) else {
            continue;
        };
        label[a] = rb;
        label[b] = ra;
        if !(connected(&label, ra) && connected(&label, rb)) {
            label[a] = ra;
            label[b] = rb;
        }
    }
    label
}

/// A seeded jigsaw of the level asked: random regions, then the sudoku
/// crate's generator for those rules (unique, graded by the same ladder).
fn generate(o: &GenerateOptions) -> Result<Generated<SudokuPuzzle, Board>, GenerateError> {
    let n = o.rows;
    if o.cols != n || !(4..=MAX_GENERATED_SIZE).contains(&n) {
        return Err(GenerateError::BadOptions(format!(
            "jigsaw sudokus are generated from 4x4 to {MAX_GENERATED_SIZE}x{MAX_GENERATED_SIZE}, not {}x{}",
            o.rows, o.cols
        )));
    }
    let Some(&level) = Difficulty::ALL.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for jigsaw-sudoku (0 to {})",
            o.level,
            Difficulty::ALL.len() - 1
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let shape = Shape::new(n).map_err(|e| GenerateError::BadOptions(e.to_string()))?;
    // Each round draws new regions and gives the sudoku crate's generator
    // a few tries on them: some region sets make the level hard to reach.
    const TRIES_PER_REGIONS: u32 = 4;
    let rounds = o.attempts_or(200).div_ceil(TRIES_PER_REGIONS);
    for round in 0..rounds {
        o.check()?;
        let regions = random_regions(&mut rng, n);
        let variant = Variant::classic(shape)
            .with_regions(&regions)
            .map_err(|e| GenerateError::BadOptions(e.to_string()))?;
        let mut generator = sudoku::Generator::new(variant.clone(), rng.random())
            .map_err(|e| GenerateError::BadOptions(e.to_string()))?
            .with_max_attempts(TRIES_PER_REGIONS);
        let Ok(made) = generator.generate(level) else {
            continue;
        };
        let puzzle = SudokuPuzzle {
            variant,
            board: made.puzzle,
        };
        let Ok(grade) = sudoku_family::grade(&puzzle, &Limits::default()) else {
            continue;
        };
        if grade.rank != o.level {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution: made.solution,
            grade,
            attempts: (round + 1) * TRIES_PER_REGIONS,
        });
    }
    Err(GenerateError::GaveUp {
        level: level.name(),
        attempts: rounds * TRIES_PER_REGIONS,
    })
}

impl Family for JigsawSudoku {
    type Puzzle = SudokuPuzzle;
    type Solution = Board;

    fn info(&self) -> &FamilyInfo {
        info()
    }

    fn parse(&self, text: &str) -> Result<SudokuPuzzle, ParseError> {
        if super::grid_text::is_one_line(text) {
            let p = layout::parse_solo(text)?;
            if !p.variant.cages().is_empty() {
                return Err(ParseError::at(
                    1,
                    1,
                    "a killer ID (its parameters have 'k'): read it as killer-sudoku",
                ));
            }
            if p.variant.regions().is_none() {
                return Err(ParseError::at(
                    1,
                    1,
                    "not a jigsaw ID (its parameters have no 'j'): read it as sudoku",
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
        sudoku_family::clashes(&puzzle.variant, &puzzle.board)
    }

    fn value_at(&self, solution: &Board, c: Cell) -> Option<Value> {
        solution.get(c.row, c.col).map(Value::from)
    }

    fn describe_constraint(&self, puzzle: &SudokuPuzzle, built: &Built, c: ConstraintId) -> String {
        layout::describe_constraint(puzzle, built, c)
    }

    fn render(
        &self,
        puzzle: &SudokuPuzzle,
        solution: Option<&Board>,
        options: &RenderOptions,
    ) -> String {
        let n = puzzle.variant.size();
        let candidates = options.candidates.then(|| {
            (0..n * n)
                .map(|i| {
                    let values = puzzle.variant.candidates(&puzzle.board, i / n, i % n);
                    Some(values.into_iter().map(Value::from).collect())
                })
                .collect()
        });
        sudoku_family::render(puzzle, solution, candidates, options)
    }

    fn grade(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Grade, GradeError> {
        sudoku_family::grade(puzzle, limits)
    }

    fn explain(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Explanation, GradeError> {
        sudoku_family::explain(puzzle, limits)
    }

    fn rules(&self) -> &'static [Rule] {
        &sudoku_family::RULES
    }

    fn hint(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Hint, GradeError> {
        sudoku_family::hint(puzzle, limits)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<SudokuPuzzle, Board>, GenerateError> {
        generate(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_regions_are_connected_and_even() {
        for seed in 0..4 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for n in [4, 5, 9] {
                let labels = random_regions(&mut rng, n);
                let v = Variant::jigsaw(n, &labels).unwrap();
                // Solo writes only connected regions.
                assert!(sudoku::solo::write(&v, &Board::empty(v.shape())).is_some());
            }
        }
    }
}
