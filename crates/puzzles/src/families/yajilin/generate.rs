//! The seeded Yajilin generator: a random loop (Masyu's: the border of a
//! random region of the squares between cell centres), then the cells off
//! it in random order shaded wherever no neighbour is (each with odds of
//! 4 in 5), every other cell off the loop a clue with a random arrow
//! (among those that see a cell), its number counted from the shading.
//! An `easy` candidate keeps every clue and must be solved by the easy
//! deductions (and unique); for `hard`, clues become blank black cells in
//! random order, each while the puzzle stays unique, until the easy
//! deductions no longer solve it. The result is kept if it grades exactly
//! at the level asked.
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::{Arrow, Given, LEVELS, SHADED, Yajilin, YajilinPuzzle, YajilinSolution};
use crate::families::masyu::generate::loop_exits;
use crate::families::quick_grade::{level_of, solved_at};
use crate::family::{Family, GenerateError, GenerateOptions, Generated, Unique};
use csp_core::Limits;
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

/// The smallest side the generator makes.
pub const MIN_GENERATED_SIDE: usize = 4;
/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 20;

/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 500;

pub(crate) fn generate(
    o: &GenerateOptions,
) -> Result<Generated<YajilinPuzzle, YajilinSolution>, GenerateError> {
    let level = crate::generic::generation_level(
        "yajilin",
        o,
        MIN_GENERATED_SIDE..=MAX_GENERATED_SIDE,
        LEVELS,
    )?;
    crate::generic::generate_graded(&Yajilin, o, level, ATTEMPTS, 50_000, |rng, limits| {
        let (puzzle, solution) = candidate(o.rows, o.cols, o.level, rng, limits)?;
        // The cheap pre-check: root propagation per level before any search.
        (level_of(&Yajilin, &puzzle, limits) == Some(o.level)).then_some((puzzle, solution))
    })
}

/// A random loop, shading and clues (see the module docs), the clues
/// thinned out while the puzzle stays at `level`.
fn candidate(
    rows: usize,
    cols: usize,
    level: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(YajilinPuzzle, YajilinSolution)> {
    let n = rows * cols;
    let mut cells = loop_exits(rows, cols, rng);
    let mut off: Vec<usize> = (0..n).filter(|&i| cells[i] == 0).collect();
    off.shuffle(rng);
    let mut puzzle = YajilinPuzzle::new(rows, cols, vec![Given::Empty; n])?;
    let mut clues = Vec::new();
    for &i in &off {
        let free = !puzzle.neighbours(i).any(|j| cells[j] == SHADED);
        if free && rng.random_bool(0.8) {
            cells[i] = SHADED;
        } else {
            clues.push(i);
        }
    }
    for &i in &clues {
        // A placeholder, so that later rays skip this cell.
        puzzle.givens[i] = Given::Black;
    }
    for &i in &clues {
        let arrows: Vec<Arrow> = Arrow::ALL
            .into_iter()
            .filter(|&a| !puzzle.open_ray(i, a).is_empty())
            .collect();
        let Some(&arrow) = arrows.choose(rng) else {
            continue;
        };
        let count = puzzle
            .ray(i, arrow)
            .iter()
            .filter(|&&j| cells[j] == SHADED)
            .count() as u32;
        puzzle.givens[i] = Given::Clue { count, arrow };
    }
    let solution = YajilinSolution { rows, cols, cells };
    let top = LEVELS.len() - 1;
    let unique = |p: &YajilinPuzzle| matches!(Yajilin.uniqueness(p, limits).0, Unique::Unique(_));
    // Root propagation fixing every cell leaves the loop's route open in
    // principle, so every level asks for uniqueness too.
    let keeps = |p: &YajilinPuzzle| (level == top || solved_at(&Yajilin, p, level)) && unique(p);
    if !keeps(&puzzle) {
        return None;
    }
    // For `hard`, clues become black cells (in random order, each while
    // the puzzle stays unique) until the easy deductions no longer solve
    // it; `easy` keeps every clue.
    if level == top {
        clues.shuffle(rng);
        for &i in &clues {
            if !solved_at(&Yajilin, &puzzle, 0) {
                break;
            }
            let given = std::mem::replace(&mut puzzle.givens[i], Given::Black);
            if given == Given::Black || !keeps(&puzzle) {
                puzzle.givens[i] = given;
            }
        }
    }
    Some((puzzle, solution))
}
