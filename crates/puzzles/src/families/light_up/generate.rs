//! The seeded Light Up generator, after Tatham's recipe (`lightup.c`):
//! draw black cells with two-fold rotational symmetry, light the grid with
//! bulbs placed greedily in random order, number every black cell, then
//! take numbers away in random order while the puzzle stays within the
//! level asked for (solved by that level's propagation, or unique for the
//! top level). The result is kept if it grades exactly at that level;
//! every tenth failed attempt raises the share of black cells by 5%, up to
//! 50% (Tatham raises it the same way).
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::{Board, LEVELS, LightUp, Square, lit_by};
use crate::families::quick_grade::{level_of, solved_at};
use crate::family::{Cell, Family, GenerateError, GenerateOptions, Generated, Grade, Unique};
use csp_core::Limits;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 40;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 10 at the median and at most 26.
const ATTEMPTS: u32 = 1000;

pub(crate) fn generate(o: &GenerateOptions) -> Result<Generated<Board, Board>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !(2..=MAX_GENERATED_SIDE).contains(&rows) || !(2..=MAX_GENERATED_SIDE).contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Light Up puzzles are generated from 2x2 to {MAX_GENERATED_SIDE}x{MAX_GENERATED_SIDE}, not {rows}x{cols}"
        )));
    }
    let top = LEVELS.len() - 1;
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for light-up (0 to {top})",
            o.level
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits::default();
    let good = |b: &Board| {
        if o.level < top {
            solved_at(&LightUp, b, o.level)
        } else {
            matches!(LightUp.uniqueness(b, &limits).0, Unique::Unique(_))
        }
    };
    let mut black_pc = 20u32;
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        if attempt % 10 == 0 && black_pc < 50 {
            black_pc += 5;
        }
        let mut board = blacks(rows, cols, black_pc, &mut rng);
        if !board.squares.contains(&Square::White) {
            continue;
        }
        let solution = light(&board, &mut rng);
        for i in 0..board.squares.len() {
            if board.squares[i] == Square::Black {
                let cell = Cell::new(i / cols, i % cols);
                let k = board
                    .neighbours(cell)
                    .filter(|&n| solution.get(n) == Some(Square::Bulb))
                    .count();
                board.squares[i] = Square::Clue(k as u8);
            }
        }
        if !good(&board) {
            continue;
        }
        let mut clues: Vec<usize> = (0..board.squares.len())
            .filter(|&i| matches!(board.squares[i], Square::Clue(_)))
            .collect();
        clues.shuffle(&mut rng);
        for i in clues {
            let clue = board.squares[i];
            board.squares[i] = Square::Black;
            if !good(&board) {
                board.squares[i] = clue;
            }
        }
        if level_of(&LightUp, &board, &limits) == Some(o.level) {
            let mut solved = board.clone();
            for (i, &s) in solution.squares.iter().enumerate() {
                if s == Square::Bulb {
                    solved.squares[i] = Square::Bulb;
                }
            }
            return Ok(Generated {
                puzzle: board,
                solution: solved,
                grade: Grade {
                    rank: o.level,
                    level: level.name,
                    technique: None,
                    decisions: 0,
                },
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts: o.attempts_or(ATTEMPTS),
    })
}

/// A board of white cells with black cells drawn with probability
/// `percent`%, symmetric under a half turn.
fn blacks(rows: usize, cols: usize, percent: u32, rng: &mut ChaCha8Rng) -> Board {
    let n = rows * cols;
    let mut squares = vec![Square::White; n];
    for i in 0..n.div_ceil(2) {
        if rng.random_range(0..100) < percent {
            squares[i] = Square::Black;
            squares[n - 1 - i] = Square::Black;
        }
    }
    Board {
        rows,
        cols,
        squares,
    }
}

/// Bulbs placed on the white cells in random order, each on a cell that
/// is still dark, until every cell is lit.
fn light(board: &Board, rng: &mut ChaCha8Rng) -> Board {
    let cols = board.cols;
    let mut order: Vec<usize> = (0..board.squares.len())
        .filter(|&i| board.squares[i] == Square::White)
        .collect();
    order.shuffle(rng);
    let mut lit = vec![false; board.squares.len()];
    let mut out = board.clone();
    for i in order {
        if !lit[i] {
            out.squares[i] = Square::Bulb;
            for l in lit_by(board, Cell::new(i / cols, i % cols)) {
                lit[l.row * cols + l.col] = true;
            }
        }
    }
    out
}
