//! The seeded Masyu generator: a random loop (the border of a random
//! region of the grid of the cells' centres, grown as Slitherlink's
//! generator grows one), every pearl the loop allows (black where it
//! turns between two straight legs, white where it goes straight beside a
//! turn); while another loop also solves those pearls, that loop takes the
//! planted one's place with every pearl it allows ([`unique_pearls`]);
//! then pearls taken away in random order while the puzzle stays
//! within the level asked for (solved by propagation alone, or unique for
//! the top level). The result is kept if it grades exactly at that level.
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::{E, LEVELS, Masyu, N, Path, Pearl, Puzzle, S, W};
use crate::families::quick_grade::{level_of, solved_at};
use crate::families::slitherlink::Inside;
use crate::families::slitherlink::generate::region;
use crate::family::{Cell, Family, GenerateError, GenerateOptions, Generated, Grade, Unique};
use csp_core::Limits;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 30;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, normal, took 7 at the median and at most 113.
const ATTEMPTS: u32 = 2000;

/// The decisions each uniqueness search may take; a search stopped there
/// counts as "not shown unique" (the pearl stays, the candidate is
/// dropped), so the limit costs puzzles, never correctness.
const NODES: u64 = 50_000;

/// How many times [`unique_pearls`] may replace a loop by another that
/// solves its pearls.
const REPAIRS: usize = 40;

pub(crate) fn generate(o: &GenerateOptions) -> Result<Generated<Puzzle, Path>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !(3..=MAX_GENERATED_SIDE).contains(&rows) || !(3..=MAX_GENERATED_SIDE).contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Masyu puzzles are generated from 3x3 to {MAX_GENERATED_SIDE}x{MAX_GENERATED_SIDE}, not {rows}x{cols}"
        )));
    }
    let top = LEVELS.len() - 1;
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for masyu (0 to {top})",
            o.level
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    let good = |p: &Puzzle| {
        if o.level < top {
            solved_at(&Masyu, p, o.level)
        } else {
            // Propagation alone solving it proves it unique, without the
            // search (most early removals).
            solved_at(&Masyu, p, 0) || matches!(Masyu.uniqueness(p, &limits).0, Unique::Unique(_))
        }
    };
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        let path = loop_path(rows, cols, &mut rng);
        let Some((path, mut puzzle)) = unique_pearls(path, &limits) else {
            continue;
        };
        if !good(&puzzle) {
            continue;
        }
        let mut order: Vec<usize> = (0..rows * cols)
            .filter(|&i| puzzle.pearls[i] != Pearl::Empty)
            .collect();
        order.shuffle(&mut rng);
        for i in order {
            let pearl = std::mem::replace(&mut puzzle.pearls[i], Pearl::Empty);
            if !good(&puzzle) {
                puzzle.pearls[i] = pearl;
            }
        }
        if level_of(&Masyu, &puzzle, &limits) == Some(o.level) {
            return Ok(Generated {
                puzzle,
                solution: path,
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

/// A random loop through cell centres: the border of a random region of
/// the `(rows - 1) x (cols - 1)` squares between the centres, drawn on a
/// coarser grid whose rows and columns are strips of 1 to 3 squares
/// ([`strips`]). On the fine grid most of the loop's turns are next to
/// other turns (a staircase), where no pearl can stand, and a loop with
/// such stretches is seldom the only one; with strips the legs are mostly
/// two or more steps long, so nearly every cell the loop visits takes a
/// pearl.
fn loop_path(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Path {
    let down = strips(rows - 1, rng);
    let across = strips(cols - 1, rng);
    let coarse = region(down[rows - 2] + 1, across[cols - 2] + 1, rng);
    let inside = (0..(rows - 1) * (cols - 1))
        .map(|i| coarse.is_inside(Cell::new(down[i / (cols - 1)], across[i % (cols - 1)])))
        .collect();
    let exits = Inside::new(rows - 1, cols - 1, inside).map_or_else(
        || loop_exits(rows, cols, rng),
        |inside| exits_of(rows, cols, &inside),
    );
    Path { rows, cols, exits }
}

/// `n` squares (at least 1) cut into strips of 1 to 3 in a row, mostly 2:
/// each square's strip, numbered from 0.
fn strips(n: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut out = Vec::with_capacity(n);
    let mut strip = 0;
    while out.len() < n {
        let width = match rng.random_range(0..10) {
            0 => 1,
            1..=7 => 2,
            _ => 3,
        };
        out.extend(std::iter::repeat_n(strip, width.min(n - out.len())));
        strip += 1;
    }
    out
}

/// [`loop_path`]'s cells' exits on the fine grid (Yajilin's generator
/// draws its loop so too); `rows` and `cols` at least 2.
pub(crate) fn loop_exits(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    exits_of(rows, cols, &region(rows - 1, cols - 1, rng))
}

/// The exits of the cells of a `rows x cols` grid on the border of
/// `inside`, a region of the squares between their centres.
fn exits_of(rows: usize, cols: usize, inside: &Inside) -> Vec<u8> {
    let mut exits = vec![0u8; rows * cols];
    for r in 0..rows {
        for c in 0..cols - 1 {
            if inside.horizontal(r, c) {
                exits[r * cols + c] |= E;
                exits[r * cols + c + 1] |= W;
            }
        }
    }
    for r in 0..rows - 1 {
        for c in 0..cols {
            if inside.vertical(r, c) {
                exits[r * cols + c] |= S;
                exits[(r + 1) * cols + c] |= N;
            }
        }
    }
    exits
}

/// A loop whose pearls (every pearl it allows) have no other solution,
/// from `path`: while a search (at most [`NODES`] decisions) finds another
/// loop through the pearls, that loop replaces the planted one. It solves
/// the pearls, so it allows each of them (a black pearl where it turns
/// between straight legs, a white one where it goes straight beside a
/// turn), and usually more: the pearls only grow, and the loops that solve
/// them only shrink. `None` when they stop growing (two loops allow the
/// same pearls), after [`REPAIRS`] replacements, or when the search
/// reaches its limit.
fn unique_pearls(mut path: Path, limits: &Limits) -> Option<(Path, Puzzle)> {
    let mut puzzle = pearls(&path);
    let count = |p: &Puzzle| p.pearls.iter().filter(|&&q| q != Pearl::Empty).count();
    for _ in 0..=REPAIRS {
        // Propagation alone solving it proves it unique (cheaper than the
        // search).
        if solved_at(&Masyu, &puzzle, 0) {
            return Some((path, puzzle));
        }
        let other = match Masyu.uniqueness(&puzzle, limits).0 {
            Unique::Unique(_) => return Some((path, puzzle)),
            Unique::Multiple(a, b) => {
                if a == path {
                    b
                } else {
                    a
                }
            }
            _ => return None,
        };
        let next = pearls(&other);
        if count(&next) <= count(&puzzle) {
            return None;
        }
        path = other;
        puzzle = next;
    }
    None
}

/// Every pearl the loop allows.
fn pearls(path: &Path) -> Puzzle {
    let straight = |x: u8| x == N | S || x == E | W;
    let step = |i: usize, bit: u8| -> Option<usize> {
        let (dr, dc) = match bit {
            N => (-1, 0),
            S => (1, 0),
            E => (0, 1),
            _ => (0, -1),
        };
        path.neighbour(i, dr, dc)
    };
    let pearls = (0..path.exits.len())
        .map(|i| {
            let x = path.exits[i];
            if x == 0 {
                return Pearl::Empty;
            }
            let legs: Vec<u8> = [N, S, E, W]
                .into_iter()
                .filter(|&b| x & b != 0)
                .filter_map(|b| step(i, b).map(|j| path.exits[j]))
                .collect();
            if !straight(x) && legs.iter().all(|&y| straight(y)) {
                Pearl::Black
            } else if straight(x) && legs.iter().any(|&y| !straight(y)) {
                Pearl::White
            } else {
                Pearl::Empty
            }
        })
        .collect();
    Puzzle {
        rows: path.rows,
        cols: path.cols,
        pearls,
    }
}
