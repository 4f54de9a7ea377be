//! The seeded Tents generator, after Tatham's recipe (`tents.c`): place
//! one tent per five cells at random where none touches another, give each
//! tent a tree of its own among its orthogonal neighbours (a random
//! maximum matching), require something in every row and column, count
//! the tents per row and column, and keep the puzzle if it has one
//! solution graded at the level asked for.
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::{Field, KING, LEVELS, ORTHOGONAL, Spot, Tents, TentsPuzzle};
use crate::families::quick_grade::level_of;
use crate::family::{Cell, GenerateError, GenerateOptions, Generated, Grade};
use csp_core::Limits;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 40;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 154 at the median and at most 321.
const ATTEMPTS: u32 = 5000;

pub(crate) fn generate(
    o: &GenerateOptions,
) -> Result<Generated<TentsPuzzle, Field>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !(4..=MAX_GENERATED_SIDE).contains(&rows) || !(4..=MAX_GENERATED_SIDE).contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Tents puzzles are generated from 4x4 to {MAX_GENERATED_SIDE}x{MAX_GENERATED_SIDE}, not {rows}x{cols}"
        )));
    }
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for tents (0 to {})",
            o.level,
            LEVELS.len() - 1
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits::default();
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        let Some(solution) = candidate(rows, cols, &mut rng) else {
            continue;
        };
        let count = |pred: &dyn Fn(Cell) -> bool| {
            Some(solution.cells_with(Spot::Tent).filter(|&c| pred(c)).count())
        };
        let puzzle = TentsPuzzle {
            field: Field {
                rows,
                cols,
                spots: solution
                    .spots
                    .iter()
                    .map(|&s| if s == Spot::Tent { Spot::Empty } else { s })
                    .collect(),
            },
            columns: (0..cols).map(|c| count(&|x| x.col == c)).collect(),
            rows: (0..rows).map(|r| count(&|x| x.row == r)).collect(),
        };
        if level_of(&Tents, &puzzle, &limits) == Some(o.level) {
            return Ok(Generated {
                puzzle,
                solution,
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

/// One candidate solution: tents that do not touch, each with a tree of
/// its own next to it, and something in every row and column.
fn candidate(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Option<Field> {
    let n = rows * cols;
    let want = (n / 5).max(1);
    let mut field = Field {
        rows,
        cols,
        spots: vec![Spot::Empty; n],
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut tents = Vec::with_capacity(want);
    for &i in &order {
        if tents.len() == want {
            break;
        }
        let cell = Cell::new(i / cols, i % cols);
        if !field
            .around(cell, KING)
            .any(|c| field.get(c) == Some(Spot::Tent))
        {
            field.spots[i] = Spot::Tent;
            tents.push(cell);
        }
    }
    if tents.len() < want {
        return None;
    }
    // A tree for each tent among its empty orthogonal neighbours: a
    // maximum matching by augmenting paths, tents and neighbours in random
    // order.
    tents.shuffle(rng);
    let choices: Vec<Vec<usize>> = tents
        .iter()
        .map(|&t| {
            let mut c: Vec<usize> = field
                .around(t, ORTHOGONAL)
                .map(|c| c.row * cols + c.col)
                .collect();
            c.shuffle(rng);
            c
        })
        .collect();
    let mut owner: Vec<Option<usize>> = vec![None; n];
    for t in 0..tents.len() {
        let mut seen = vec![false; n];
        if !augment(t, &choices, &mut seen, &mut owner) {
            return None;
        }
    }
    for (i, o) in owner.iter().enumerate() {
        if o.is_some() {
            field.spots[i] = Spot::Tree;
        }
    }
    let used_row = |r: usize| (0..cols).any(|c| field.at(r, c) != Spot::Empty);
    let used_col = |c: usize| (0..rows).any(|r| field.at(r, c) != Spot::Empty);
    ((0..rows).all(used_row) && (0..cols).all(used_col)).then_some(field)
}

fn augment(
    t: usize,
    choices: &[Vec<usize>],
    seen: &mut [bool],
    owner: &mut [Option<usize>],
) -> bool {
    for &s in &choices[t] {
        if !seen[s] {
            seen[s] = true;
            if owner[s].is_none_or(|u| augment(u, choices, seen, owner)) {
                owner[s] = Some(t);
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_pair_every_tent_with_a_tree() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut made = 0;
        for _ in 0..20 {
            if let Some(f) = candidate(8, 8, &mut rng) {
                made += 1;
                let tents = f.cells_with(Spot::Tent).count();
                assert_eq!(tents, 64 / 5);
                assert_eq!(f.cells_with(Spot::Tree).count(), tents);
            }
        }
        assert!(made > 0);
    }
}
