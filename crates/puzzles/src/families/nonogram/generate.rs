//! The Nonogram generator: random pictures, kept when their clues have one
//! solution and grade at the level asked.
//!
//! Each attempt draws a picture with every cell filled with probability
//! 1/2 (a seeded ChaCha8 stream, so the same options give the same puzzle
//! everywhere), takes its clues, and grades them on the ladder: root
//! propagation of the level-0 model (the overlap method) and of the
//! level-1 model (exact line solving) decide the two lowest levels, and a
//! puzzle that line solving does not finish is kept for the top level only
//! when search proves its solution unique. A propagation fixpoint that
//! fixes every cell is the only solution (the line rules are sound), so the
//! lower levels need no search at all.

use super::{Nonogram, NonogramPuzzle, NonogramSolution};
use crate::family::{Built, Family, GenerateError, GenerateOptions, Generated, Grade};
use csp_core::{Solver, Uniqueness};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes (search on random pictures grows
/// fast beyond it).
pub(crate) const MAX_GENERATED_SIDE: usize = 40;

/// Nodes allowed to prove a top-level candidate unique before it is
/// dropped.
const NODE_LIMIT: u64 = 20_000;

/// Whether root propagation of `built` fixes every cell (`None`: it fails).
pub(crate) fn root_solves(built: &Built) -> Option<bool> {
    let mut s = Solver::with_options(&built.model, built.options.clone());
    s.set_assumptions(&built.assumptions).ok()?;
    let d = s.propagate().ok()?;
    Some(built.cells.iter().flatten().all(|&v| d.is_fixed(v)))
}

/// The puzzle's level (0, 1 or 2) and its solution, or `None` when it has
/// no unique solution (or its proof took too long) or is not of level
/// `wanted`. Line solving is tried first: a picture it finishes is unique
/// without search, and search runs only for a top-level candidate.
pub(crate) fn classify(
    family: &Nonogram,
    puzzle: &NonogramPuzzle,
    wanted: usize,
) -> Result<Option<(usize, NonogramSolution, u64)>, GenerateError> {
    let solved_by = |level: usize| -> Result<Option<bool>, GenerateError> {
        Ok(root_solves(&family.build_for_level(puzzle, level)?))
    };
    let level = match solved_by(1)? {
        None => return Ok(None),
        Some(false) => 2,
        Some(true) if solved_by(0)? == Some(true) => 0,
        Some(true) => 1,
    };
    if level != wanted {
        return Ok(None);
    }
    let built = family.build(puzzle)?;
    let mut options = built.options.clone();
    options.limits.nodes = Some(NODE_LIMIT);
    let mut s = Solver::with_options(&built.model, options);
    let Uniqueness::Unique(sol) = s.uniqueness() else {
        return Ok(None);
    };
    let decisions = s.stats().decisions;
    let solution = family.decode(puzzle, &built, &sol);
    Ok(Some((level, solution, decisions)))
}

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, medium, took 13 at the median and at most 157.
const ATTEMPTS: u32 = 2000;

pub(crate) fn generate(
    family: &Nonogram,
    options: &GenerateOptions,
) -> Result<Generated<NonogramPuzzle, NonogramSolution>, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let levels = family.info().levels;
    let Some(level) = levels.get(options.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for nonogram (levels 0 to {})",
            options.level,
            levels.len() - 1
        )));
    };
    if !(2..=MAX_GENERATED_SIDE).contains(&rows) || !(2..=MAX_GENERATED_SIDE).contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "nonogram sizes run from 2 x 2 to {MAX_GENERATED_SIDE} x {MAX_GENERATED_SIDE}, \
             not {rows} x {cols}"
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    for attempt in 1..=options.attempts_or(ATTEMPTS) {
        options.check()?;
        let picture: Vec<bool> = (0..rows * cols).map(|_| rng.random_bool(0.5)).collect();
        let puzzle = NonogramPuzzle::from_picture(rows, cols, &picture);
        let Some((got, solution, decisions)) = classify(family, &puzzle, options.level)? else {
            continue;
        };
        return Ok(Generated {
            puzzle,
            solution,
            grade: Grade {
                rank: got,
                level: level.name,
                technique: (got == levels.len() - 1).then(|| "search".to_owned()),
                decisions: if got == levels.len() - 1 {
                    decisions
                } else {
                    0
                },
            },
            attempts: attempt,
        });
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts: options.attempts_or(ATTEMPTS),
    })
}
