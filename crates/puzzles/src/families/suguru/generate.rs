//! The seeded Suguru generator: cut the grid into random regions of about
//! 3 to 5 cells (grown from random cells to 4 or 5; the cells of a region
//! left smaller than 3 join their smallest neighbours; layouts where a 2x2
//! window cannot hold four distinct digits are redrawn), fill it by
//! csp-core's search with a seeded random value order, give every digit, then take givens away in
//! random order while the puzzle stays solvable at the level asked (root
//! propagation of that level's model; uniqueness at the top). A puzzle
//! that the level below also solves is rejected.
//!
//! Every random choice comes from `ChaCha8Rng::seed_from_u64(seed)` and
//! csp-core's seeded value order, so a seed gives the same puzzle on every
//! machine.

use super::{Digits, LEVELS, Suguru, SuguruPuzzle};
use crate::families::quick_grade::{Root, root, solved_at};
use crate::family::{Cell, Family, GenerateError, GenerateOptions, Generated, Grade, Unique};
use csp_core::{Limits, Solver, Value, ValueOrder};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sides the generator makes.
pub const GENERATED_SIZES: std::ops::RangeInclusive<usize> = 2..=20;

/// The largest region the generator draws.
const LARGEST: usize = 5;

/// A random partition into orthogonally connected regions of at most
/// [`LARGEST`] cells, as a label per cell.
pub(in crate::families) fn regions(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let n = rows * cols;
    let mut label = vec![usize::MAX; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut next = 0;
    for &start in &order {
        if label[start] != usize::MAX {
            continue;
        }
        let target = rng.random_range(4..=LARGEST);
        let mut cells = vec![start];
        label[start] = next;
        while cells.len() < target {
            let mut frontier: Vec<usize> = Vec::new();
            for &i in &cells {
                let (r, c) = (i / cols, i % cols);
                let mut near = Vec::with_capacity(4);
                if r > 0 {
                    near.push(i - cols);
                }
                if r + 1 < rows {
                    near.push(i + cols);
                }
                if c > 0 {
                    near.push(i - 1);
                }
                if c + 1 < cols {
                    near.push(i + 1);
                }
                frontier.extend(near.into_iter().filter(|&j| label[j] == usize::MAX));
            }
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&j) = frontier.choose(rng) else {
                break;
            };
            label[j] = next;
            cells.push(j);
        }
        next += 1;
    }
    // A region of one or two cells leaves 2x2 windows short of distinct
    // digits (two dominoes side by side hold only 1 and 2): their cells
    // join their smallest neighbouring region no smaller than their own,
    // until none is left (each move raises the sum of the squared region
    // sizes, which is bounded, so this ends).
    let mut size = vec![0usize; next];
    for &l in &label {
        size[l] += 1;
    }
    let mut moved = true;
    while moved {
        moved = false;
        for i in 0..n {
            if size[label[i]] >= 3 {
                continue;
            }
            let (r, c) = (i / cols, i % cols);
            let mut near = Vec::with_capacity(4);
            if r > 0 {
                near.push(i - cols);
            }
            if r + 1 < rows {
                near.push(i + cols);
            }
            if c > 0 {
                near.push(i - 1);
            }
            if c + 1 < cols {
                near.push(i + 1);
            }
            let best = near
                .into_iter()
                .filter(|&j| label[j] != label[i] && size[label[j]] >= size[label[i]])
                .min_by_key(|&j| (size[label[j]], j));
            if let Some(j) = best {
                size[label[i]] -= 1;
                label[i] = label[j];
                size[label[j]] += 1;
                moved = true;
            }
        }
    }
    label
}

/// Whether every 2x2 window can hold four distinct digits: its cells'
/// region sizes, sorted, are at least 1, 2, 3, 4 (Hall's condition; two
/// dominoes side by side, for one, cannot).
fn windows_fit(p: &SuguruPuzzle) -> bool {
    p.windows().all(|corner| {
        let mut sizes = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .map(|(dr, dc)| p.max_digit(Cell::new(corner.row + dr, corner.col + dc)));
        sizes.sort_unstable();
        sizes.iter().enumerate().all(|(j, &k)| k as usize > j)
    })
}

/// Whether `level` solves `p` (uniqueness at the top).
fn solvable(p: &SuguruPuzzle, level: usize) -> bool {
    if level + 1 >= LEVELS.len() {
        matches!(
            Suguru.uniqueness(p, &Limits::default()).0,
            Unique::Unique(_)
        )
    } else {
        solved_at(&Suguru, p, level)
    }
}

/// Removes givens in `order` while `level` still solves the puzzle; below
/// the top level one model is built per pass and the givens are varied as
/// assumptions, and a first pass with level 0 (which every level's
/// reasoning includes) settles most removals cheaply.
fn reduce(p: &mut SuguruPuzzle, order: &[usize], level: usize) {
    let passes = if level == 0 { vec![0] } else { vec![0, level] };
    for pass in passes {
        if pass + 1 >= LEVELS.len() {
            for &j in order {
                if let Some(g) = p.givens[j].take() {
                    if !solvable(p, pass) {
                        p.givens[j] = Some(g);
                    }
                }
            }
            continue;
        }
        let bare = SuguruPuzzle {
            givens: vec![None; p.givens.len()],
            ..p.clone()
        };
        let Ok(mut built) = Suguru.build_for_level(&bare, pass) else {
            return;
        };
        for &j in order {
            if let Some(g) = p.givens[j].take() {
                built.assumptions.clear();
                for (i, g) in p.givens.iter().enumerate() {
                    if let (Some(g), Some(var)) = (g, built.cells[i]) {
                        built.assumptions.push((var, *g as Value));
                    }
                }
                if root(&built) != Root::Solved {
                    p.givens[j] = Some(g);
                }
            }
        }
    }
}

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 5 at the median and at most 21.
const ATTEMPTS: u32 = 1000;

/// The generator behind [`Suguru::generate`](crate::Family::generate).
pub(super) fn generate(
    family: &Suguru,
    o: &GenerateOptions,
) -> Result<Generated<SuguruPuzzle, Digits>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !GENERATED_SIZES.contains(&rows) || !GENERATED_SIZES.contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Suguru grids are generated from {0}x{0} to {1}x{1}, not {rows}x{cols}",
            GENERATED_SIZES.start(),
            GENERATED_SIZES.end()
        )));
    }
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for suguru (0 to {})",
            o.level,
            LEVELS.len() - 1
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let attempts = o.attempts_or(ATTEMPTS);
    for attempt in 1..=attempts {
        o.check()?;
        let labels = regions(rows, cols, &mut rng);
        let blank = SuguruPuzzle::new(rows, cols, &labels, vec![None; rows * cols])?;
        if !windows_fit(&blank) {
            continue;
        }
        let built = family.build(&blank)?;
        let options = built
            .options
            .clone()
            .with_value_order(ValueOrder::Random { seed: rng.random() })
            .with_node_limit(100_000);
        let outcome = Solver::with_options(&built.model, options).solve();
        let Some(s) = outcome.solution() else {
            continue;
        };
        let digits: Vec<u32> = built
            .cells
            .iter()
            .map(|v| v.map_or(0, |v| s.value(v) as u32))
            .collect();
        let mut puzzle = SuguruPuzzle {
            givens: digits.iter().map(|&d| Some(d)).collect(),
            ..blank
        };
        let mut order: Vec<usize> = (0..rows * cols).collect();
        order.shuffle(&mut rng);
        reduce(&mut puzzle, &order, o.level);
        // The ladder is monotone: not solved one level below is not
        // solved at any level below.
        if o.level > 0 && solvable(&puzzle, o.level - 1) {
            continue;
        }
        let decisions = if o.level + 1 == LEVELS.len() {
            family.uniqueness(&puzzle, &Limits::default()).1.decisions
        } else {
            0
        };
        return Ok(Generated {
            puzzle,
            solution: Digits { rows, cols, digits },
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
