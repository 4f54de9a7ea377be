//! The seeded Slitherlink generator: grow a random region of cells (one
//! piece, no enclosed outside cells, never two inside cells meeting only
//! at a corner, so that its border is one simple loop) to about half the
//! grid, write every clue, then take clues away in random order while the
//! puzzle stays within the level asked for (solved by propagation alone,
//! or unique for the top level). The result is kept if it grades exactly
//! at that level.
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::{Inside, LEVELS, Puzzle, Slitherlink, shape_violations};
use crate::families::quick_grade::{level_of, solved_at};
use crate::family::{Family, GenerateError, GenerateOptions, Generated, Grade, Unique};
use csp_core::Limits;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 30;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 1 at the median and at most 1.
const ATTEMPTS: u32 = 200;

pub(crate) fn generate(o: &GenerateOptions) -> Result<Generated<Puzzle, Inside>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !(2..=MAX_GENERATED_SIDE).contains(&rows) || !(2..=MAX_GENERATED_SIDE).contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Slitherlink puzzles are generated from 2x2 to {MAX_GENERATED_SIDE}x{MAX_GENERATED_SIDE}, not {rows}x{cols}"
        )));
    }
    let top = LEVELS.len() - 1;
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for slitherlink (0 to {top})",
            o.level
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits::default();
    let good = |p: &Puzzle| {
        if o.level < top {
            solved_at(&Slitherlink, p, o.level)
        } else {
            matches!(Slitherlink.uniqueness(p, &limits).0, Unique::Unique(_))
        }
    };
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        let inside = region(rows, cols, &mut rng);
        let clues = (0..rows * cols)
            .map(|i| Some(inside.sides(i / cols, i % cols) as u8))
            .collect();
        let mut puzzle = Puzzle { rows, cols, clues };
        if !good(&puzzle) {
            continue;
        }
        let mut order: Vec<usize> = (0..rows * cols).collect();
        order.shuffle(&mut rng);
        for i in order {
            let clue = puzzle.clues[i].take();
            if !good(&puzzle) {
                puzzle.clues[i] = clue;
            }
        }
        if level_of(&Slitherlink, &puzzle, &limits) == Some(o.level) {
            return Ok(Generated {
                puzzle,
                solution: inside,
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

/// A random region whose border is one simple loop, grown a cell at a
/// time from a random cell to about half the grid.
pub(crate) fn region(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Inside {
    let n = rows * cols;
    let mut s = Inside {
        rows,
        cols,
        inside: vec![false; n],
    };
    s.inside[rng.random_range(0..n)] = true;
    let target = n.div_ceil(2);
    let mut count = 1;
    for _ in 0..8 * n {
        if count >= target {
            break;
        }
        let i = rng.random_range(0..n);
        let (r, c) = (i / cols, i % cols);
        let touches = (r > 0 && s.inside[i - cols])
            || (c + 1 < cols && s.inside[i + 1])
            || (r + 1 < rows && s.inside[i + cols])
            || (c > 0 && s.inside[i - 1]);
        if s.inside[i] || !touches {
            continue;
        }
        s.inside[i] = true;
        if shape_violations(&s).is_empty() {
            count += 1;
        } else {
            s.inside[i] = false;
        }
    }
    s
}
