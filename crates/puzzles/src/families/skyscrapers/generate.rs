//! The Skyscrapers generator, after Tatham's recipe for Towers: a random
//! Latin square with every clue and every height given, then the givens
//! and (above the first level) the clues removed one by one in a random
//! order, each removal kept while the puzzle stays solvable at the level
//! asked; a candidate is accepted when it is not solvable one level below.
//!
//! "Solvable at level `L`" is the ladder's own test: root propagation of
//! [`build_for_level`](crate::Family::build_for_level)`(L)` fixes every
//! cell; at the top level it is uniqueness. Every random choice comes from
//! `ChaCha8Rng::seed_from_u64(seed)` and csp-core's seeded value order, so
//! a seed gives the same puzzle on every machine.

use super::{Heights, Side, Skyscrapers, SkyscrapersPuzzle, line_cells, seen};
use crate::families::quick_grade::{Root, root, solved_at};
use crate::family::{Built, Family, GenerateError, GenerateOptions, Generated, Grade, Unique};
use csp_core::{Grid, Limits, Model, SearchOptions, Solver, Value, ValueOrder};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sides the generator makes (Tatham's Towers: 3 to 9).
pub const GENERATED_SIZES: std::ops::RangeInclusive<usize> = 3..=12;

/// A random Latin square of side `n`, row-major: csp-core's search with a
/// seeded random value order.
fn latin_square(n: usize, rng: &mut ChaCha8Rng) -> Result<Vec<u32>, GenerateError> {
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, n, n, 1..=n as Value)?;
    for line in grid.lines() {
        model.all_different_with(&line, csp_core::Strength::DomainConsistent)?;
    }
    for _ in 0..100 {
        let seed: u64 = rng.random();
        let options = SearchOptions::default()
            .with_value_order(ValueOrder::Random { seed })
            .with_node_limit(10_000);
        if let Some(s) = Solver::with_options(&model, options).solve().solution() {
            return Ok(grid.cells().iter().map(|&v| s.value(v) as u32).collect());
        }
    }
    // The cyclic square, should every search hit its limit.
    Ok((0..n * n)
        .map(|i| ((i / n + i % n) % n + 1) as u32)
        .collect())
}

/// Whether the ladder's level `level` solves `p` (uniqueness at the top).
fn solvable(family: &Skyscrapers, p: &SkyscrapersPuzzle, level: usize) -> bool {
    if level >= top(family) {
        return matches!(
            family.uniqueness(p, &Limits::default()).0,
            Unique::Unique(_)
        );
    }
    solved_at(family, p, level)
}

fn top(family: &Skyscrapers) -> usize {
    family.info().levels.len() - 1
}

/// The levels a reduction to `level` tests, cheapest first: a level's
/// reasoning includes the one below, so whatever level 0 solves, `level`
/// solves, and most removals are settled by the cheap model.
fn passes(level: usize) -> Vec<usize> {
    if level == 0 { vec![0] } else { vec![0, level] }
}

/// Removes givens in `order` while the puzzle stays solvable at `level`.
/// Below the top level each pass builds one model (the clues fixed) and
/// varies the givens as assumptions.
fn reduce_givens(family: &Skyscrapers, p: &mut SkyscrapersPuzzle, order: &[usize], level: usize) {
    for pass in passes(level) {
        if pass >= top(family) {
            for &j in order {
                if let Some(given) = p.givens[j].take() {
                    if !solvable(family, p, pass) {
                        p.givens[j] = Some(given);
                    }
                }
            }
            continue;
        }
        let bare = SkyscrapersPuzzle {
            givens: vec![None; p.givens.len()],
            ..p.clone()
        };
        let Ok(mut built) = family.build_for_level(&bare, pass) else {
            return;
        };
        let assume = |p: &SkyscrapersPuzzle, built: &mut Built| {
            built.assumptions.clear();
            for (i, g) in p.givens.iter().enumerate() {
                if let (Some(g), Some(var)) = (g, built.cells[i]) {
                    built.assumptions.push((var, *g as Value));
                }
            }
        };
        for &j in order {
            if let Some(given) = p.givens[j].take() {
                assume(p, &mut built);
                if root(&built) != Root::Solved {
                    p.givens[j] = Some(given);
                }
            }
        }
    }
}

/// Removes clues in `order` while the puzzle stays solvable at `level`.
fn reduce_clues(family: &Skyscrapers, p: &mut SkyscrapersPuzzle, order: &[usize], level: usize) {
    for pass in passes(level) {
        for &j in order {
            if let Some(clue) = p.clues[j].take() {
                if !solvable(family, p, pass) {
                    p.clues[j] = Some(clue);
                }
            }
        }
    }
}

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, extreme, took 19 at the median and at most 180.
const ATTEMPTS: u32 = 2000;

/// The generator behind [`Skyscrapers::generate`](crate::Family::generate).
pub(super) fn generate(
    family: &Skyscrapers,
    o: &GenerateOptions,
) -> Result<Generated<SkyscrapersPuzzle, Heights>, GenerateError> {
    let n = o.rows;
    if o.rows != o.cols || !GENERATED_SIZES.contains(&n) {
        return Err(GenerateError::BadOptions(format!(
            "Skyscrapers grids are square, {} to {} on a side (asked {}x{})",
            GENERATED_SIZES.start(),
            GENERATED_SIZES.end(),
            o.rows,
            o.cols
        )));
    }
    let levels = family.info().levels;
    let Some(level) = levels.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for skyscrapers (0 to {})",
            o.level,
            levels.len() - 1
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let attempts = o.attempts_or(ATTEMPTS);
    for attempt in 1..=attempts {
        o.check()?;
        let square = latin_square(n, &mut rng)?;
        let solution = Heights {
            size: n,
            heights: square.clone(),
        };
        let mut clues = Vec::with_capacity(4 * n);
        for side in Side::ALL {
            for i in 0..n {
                let line = line_cells(n, side, i);
                clues.push(Some(seen(line.iter().map(|c| square[c.row * n + c.col]))));
            }
        }
        // Plain puzzles only: heights 1..=n, no diagonals.
        let mut puzzle = SkyscrapersPuzzle {
            size: n,
            tallest: n,
            diagonals: false,
            clues,
            givens: square.iter().map(|&h| Some(h)).collect(),
        };
        let mut order: Vec<usize> = (0..n * n).collect();
        order.shuffle(&mut rng);
        reduce_givens(family, &mut puzzle, &order, o.level);
        // Easy puzzles keep every clue, as Tatham's do.
        if o.level > 0 {
            let mut order: Vec<usize> = (0..4 * n).collect();
            order.shuffle(&mut rng);
            reduce_clues(family, &mut puzzle, &order, o.level);
            // Reasoning is monotone up the ladder: not solvable one level
            // below means not solvable at any level below.
            if solvable(family, &puzzle, o.level - 1) {
                continue;
            }
        }
        let decisions = if o.level == top(family) {
            family.uniqueness(&puzzle, &Limits::default()).1.decisions
        } else {
            0
        };
        return Ok(Generated {
            puzzle,
            solution,
            grade: Grade {
                rank: o.level,
                level: level.name,
                technique: None,
                decisions,
            },
            attempts: attempt,
        });
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts,
    })
}
