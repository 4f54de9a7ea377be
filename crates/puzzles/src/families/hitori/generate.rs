//! The seeded Hitori generator, after Tatham's recipe (`singles.c`): a
//! random Latin square of the numbers `1..=max(ROWS, COLS)`, a random set
//! of shaded cells that never touch and leave the rest connected, then a
//! number under each shaded cell copied from an unshaded cell of its row
//! or column (so that it has to be shaded). The numbers under the shaded
//! cells are drawn again a few times when the puzzle is not of the level
//! asked, then a new grid is drawn.
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::{Hitori, LEVELS, Puzzle, Shading, cut_off};
use crate::families::quick_grade::level_of;
use crate::family::{GenerateError, GenerateOptions, Generated, Grade};
use csp_core::Limits;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 20;

/// Draws of the shaded cells' numbers per grid.
const RENUMBERINGS: u32 = 8;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, extreme, took 417 at the median and at most 1,526.
const ATTEMPTS: u32 = 20_000;

pub(crate) fn generate(o: &GenerateOptions) -> Result<Generated<Puzzle, Shading>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !(2..=MAX_GENERATED_SIDE).contains(&rows) || !(2..=MAX_GENERATED_SIDE).contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Hitori puzzles are generated from 2x2 to {MAX_GENERATED_SIDE}x{MAX_GENERATED_SIDE}, not {rows}x{cols}"
        )));
    }
    let top = LEVELS.len() - 1;
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for hitori (0 to {top})",
            o.level
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits::default();
    let attempts = o.attempts_or(ATTEMPTS);
    let mut attempt = 0;
    while attempt < attempts {
        o.check()?;
        let mut puzzle = latin(rows, cols, &mut rng);
        let shading = shade(&puzzle, &mut rng);
        for _ in 0..RENUMBERINGS {
            attempt += 1;
            renumber(&mut puzzle, &shading, &mut rng);
            if level_of(&Hitori, &puzzle, &limits) == Some(o.level) {
                return Ok(Generated {
                    puzzle,
                    solution: shading,
                    grade: Grade {
                        rank: o.level,
                        level: level.name,
                        technique: None,
                        decisions: 0,
                    },
                    attempts: attempt,
                });
            }
            if attempt >= attempts {
                break;
            }
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts,
    })
}

/// A Latin rectangle: `number(r, c) = symbol[(row[r] + col[c]) mod n]`
/// with shuffled symbols, rows and columns, `n = max(rows, cols)`.
fn latin(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Puzzle {
    let n = rows.max(cols);
    let mut symbols: Vec<u16> = (1..=n as u16).collect();
    symbols.shuffle(rng);
    let mut row: Vec<usize> = (0..n).collect();
    row.shuffle(rng);
    let mut col: Vec<usize> = (0..n).collect();
    col.shuffle(rng);
    let numbers = (0..rows * cols)
        .map(|i| symbols[(row[i / cols] + col[i % cols]) % n])
        .collect();
    Puzzle {
        rows,
        cols,
        numbers,
    }
}

/// Shaded cells in random order, each kept if it touches no shaded cell
/// and leaves the unshaded cells connected, up to about 30% of the grid.
fn shade(p: &Puzzle, rng: &mut ChaCha8Rng) -> Shading {
    let n = p.numbers.len();
    let target = (n * 3).div_ceil(10);
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut shaded = vec![false; n];
    let mut count = 0;
    for i in order {
        if count >= target {
            break;
        }
        if p.neighbours(i).any(|j| shaded[j]) {
            continue;
        }
        shaded[i] = true;
        if cut_off(p, &shaded).is_empty() {
            count += 1;
        } else {
            shaded[i] = false;
        }
    }
    Shading {
        rows: p.rows,
        cols: p.cols,
        shaded,
    }
}

/// Gives each shaded cell the number of a random unshaded cell of its row
/// or column.
fn renumber(p: &mut Puzzle, s: &Shading, rng: &mut ChaCha8Rng) {
    let cols = p.cols;
    for i in 0..p.numbers.len() {
        if !s.shaded[i] {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let line: Vec<usize> = (0..cols)
            .map(|k| r * cols + k)
            .chain((0..p.rows).map(|k| k * cols + c))
            .filter(|&j| !s.shaded[j])
            .collect();
        if !line.is_empty() {
            p.numbers[i] = p.numbers[line[rng.random_range(0..line.len())]];
        }
    }
}
