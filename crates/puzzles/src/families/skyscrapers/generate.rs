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
use crate::family::{Family, GenerateError, GenerateOptions, Generated, Unique};
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
    let top = family.info().levels.len() - 1;
    if level >= top {
        return matches!(
            family.uniqueness(p, &Limits::default()).0,
            Unique::Unique(_)
        );
    }
    let Ok(built) = family.build_for_level(p, level) else {
        return false;
    };
    let mut solver = Solver::with_options(&built.model, built.options.clone());
    match solver.propagate() {
        Ok(d) => built.cells.iter().flatten().all(|&v| d.is_fixed(v)),
        Err(_) => false,
    }
}

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
    let attempts = o.max_attempts.max(1);
    for attempt in 1..=attempts {
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
        let mut puzzle = SkyscrapersPuzzle {
            size: n,
            clues,
            givens: square.iter().map(|&h| Some(h)).collect(),
        };
        let mut order: Vec<usize> = (0..n * n).collect();
        order.shuffle(&mut rng);
        for &j in &order {
            let given = puzzle.givens[j].take();
            if !solvable(family, &puzzle, o.level) {
                puzzle.givens[j] = given;
            }
        }
        // Easy puzzles keep every clue, as Tatham's do.
        if o.level > 0 {
            let mut order: Vec<usize> = (0..4 * n).collect();
            order.shuffle(&mut rng);
            for &j in &order {
                let clue = puzzle.clues[j].take();
                if !solvable(family, &puzzle, o.level) {
                    puzzle.clues[j] = clue;
                }
            }
        }
        if o.level > 0 && solvable(family, &puzzle, o.level - 1) {
            continue;
        }
        let grade = family
            .grade(&puzzle, &Limits::default())
            .map_err(|e| GenerateError::BadOptions(e.to_string()))?;
        if grade.rank != o.level {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution,
            grade,
            attempts: attempt,
        });
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts,
    })
}
