//! A seeded generator of puzzles with exactly one solution and a chosen grade.
//!
//! Each attempt follows Tatham's recipe: draw a random Latin square, add
//! clues (givens, and signs above the trivial level) in random order until
//! the techniques of the target level finish the puzzle, then try to remove
//! each clue again (givens first), keeping a removal when the puzzle stays
//! solvable at that level (uniquely solvable, for Recursive). An attempt
//! whose result the next easier level also solves is thrown away. The
//! random numbers come from `ChaCha8Rng::seed_from_u64(seed)` and csp-core's
//! seeded search, so a seed gives the same puzzle on every machine.

use crate::grade::{Difficulty, solvable_at};
use crate::model::PuzzleModel;
use crate::puzzle::{Cell, Link, MAX_SIZE, Mode, Puzzle, Solution};
use csp_core::{SearchOptions, Strength, ValueOrder};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The size `n` of the `n x n` grid (2 to 35; 4 to 9 are the usual ones).
    pub size: usize,
    /// The grade the puzzle must have.
    pub difficulty: Difficulty,
    /// Standard or Adjacent.
    pub mode: Mode,
    /// The seed: the same options give the same puzzle everywhere.
    pub seed: u64,
    /// Attempts before giving up with [`GenerateError::GaveUp`].
    pub max_attempts: u32,
}

impl GenerateOptions {
    /// A standard puzzle of `size` at `difficulty`, seed 0, and the
    /// default attempts for the size: 200 from 9 x 9 up, more on smaller
    /// grids (10,000 up to 5 x 5), where an attempt is cheap and the hard
    /// levels rare.
    pub fn new(size: usize, difficulty: Difficulty) -> GenerateOptions {
        GenerateOptions {
            size,
            difficulty,
            mode: Mode::Standard,
            seed: 0,
            max_attempts: default_attempts(size),
        }
    }

    /// Sets the seed.
    pub fn with_seed(mut self, seed: u64) -> GenerateOptions {
        self.seed = seed;
        self
    }

    /// Sets the mode.
    pub fn with_mode(mut self, mode: Mode) -> GenerateOptions {
        self.mode = mode;
        self
    }

    /// Sets the number of attempts.
    pub fn with_max_attempts(mut self, attempts: u32) -> GenerateOptions {
        self.max_attempts = attempts;
        self
    }
}

/// The attempts [`GenerateOptions::new`] allows on `size x size` grids:
/// 200 from 9 x 9 up, more on smaller grids, where an attempt takes tens
/// of microseconds but the hard levels are rare. Measured over 20 seeds
/// (`gridcsp futoshiki generate --json` reports the attempts each puzzle
/// took): a 4 x 4 Tricky puzzle took 331 attempts at the median and up to
/// 1,833, a 5 x 5 Adjacent Extreme 202 and up to 2,608, a 6 x 6 Adjacent
/// Extreme 69 and up to 401, so 200 gave up on many such requests.
fn default_attempts(size: usize) -> u32 {
    match size {
        0..=5 => 10_000,
        6 => 2_000,
        7 => 1_000,
        8 => 400,
        _ => 200,
    }
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The size is not supported.
    #[error("cannot generate size {size} (2 to {MAX_SIZE})")]
    BadSize {
        /// The size asked for.
        size: usize,
    },
    /// Every attempt gave a puzzle of another grade.
    #[error("no {difficulty} {size}x{size} puzzle found in {attempts} attempts (seed {seed})")]
    GaveUp {
        /// The size.
        size: usize,
        /// The grade asked for.
        difficulty: Difficulty,
        /// Attempts made.
        attempts: u32,
        /// The seed.
        seed: u64,
    },
    /// csp-core rejected a model (a bug).
    #[error(transparent)]
    Model(#[from] csp_core::ModelError),
}

/// A generated puzzle with its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Solution,
    /// The attempts it took (1 = the first).
    pub attempts: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClueRef {
    Given(usize),
    /// Index into `Puzzle::pairs()`.
    Sign(usize),
}

/// Generates a puzzle with exactly one solution and the grade asked for.
///
/// Each attempt draws a random Latin square, adds clues (givens, and signs
/// above Trivial) in random order until the target level's techniques
/// finish the puzzle, then removes each clue again (givens first) while the
/// puzzle stays solvable at that level (uniquely solvable, for Recursive).
/// An attempt that the next easier level also solves is thrown away; after
/// `max_attempts` the result is [`GenerateError::GaveUp`]. The same options
/// give the same puzzle on every machine.
///
/// ```
/// use futoshiki::{Difficulty, GenerateOptions, generate};
/// let made = generate(&GenerateOptions::new(5, Difficulty::Easy).with_seed(3))?;
/// assert_eq!(made.puzzle.grade()?.difficulty, Difficulty::Easy);
/// assert_eq!(made.puzzle.solve(), Some(made.solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
    let n = options.size;
    if !(2..=MAX_SIZE).contains(&n) {
        return Err(GenerateError::BadSize { size: n });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    for attempt in 1..=options.max_attempts.max(1) {
        let square = latin_square(n, &mut rng)?;
        if let Some(puzzle) = attempt_with(options, &square, &mut rng) {
            return Ok(Generated {
                puzzle,
                solution: square,
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::GaveUp {
        size: n,
        difficulty: options.difficulty,
        attempts: options.max_attempts.max(1),
        seed: options.seed,
    })
}

/// A random Latin square: csp-core's search with a seeded random value
/// order, then random row, column and symbol permutations.
fn latin_square(n: usize, rng: &mut ChaCha8Rng) -> Result<Solution, GenerateError> {
    let empty = Puzzle::new(n).map_err(|_| GenerateError::BadSize { size: n })?;
    let pm = PuzzleModel::with_strength(&empty, Strength::DomainConsistent)?;
    let mut base: Vec<u8> = Vec::new();
    for _ in 0..100 {
        let seed: u64 = rng.random();
        let options = SearchOptions::default()
            .with_value_order(ValueOrder::Random { seed })
            .with_node_limit(10_000);
        if let Some(s) = pm.solver_with(options).solve().solution() {
            base = pm.solution(s).values().to_vec();
            break;
        }
    }
    if base.is_empty() {
        // Fall back to the cyclic square (shuffled below).
        base = (0..n * n)
            .map(|i| ((i / n + i % n) % n + 1) as u8)
            .collect();
    }
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rows.shuffle(rng);
    cols.shuffle(rng);
    symbols.shuffle(rng);
    let values = (0..n * n)
        .map(|i| symbols[usize::from(base[rows[i / n] * n + cols[i % n]]) - 1])
        .collect();
    Solution::new(n, values).map_err(|_| GenerateError::BadSize { size: n })
}

fn apply(
    base: &Puzzle,
    square: &Solution,
    pairs: &[(Cell, Cell, Link)],
    clues: &[ClueRef],
) -> Puzzle {
    let mut p = base.clone();
    let n = p.size();
    for &c in clues {
        match c {
            ClueRef::Given(i) => {
                let cell = Cell::from_index(i, n);
                p.set_given(cell, Some(square.value(cell))).ok();
            }
            ClueRef::Sign(k) => {
                let (a, b, _) = pairs[k];
                let link = if square.value(a) < square.value(b) {
                    Link::Less
                } else {
                    Link::Greater
                };
                if a.row == b.row {
                    p.set_right(a, link).ok();
                } else {
                    p.set_down(a, link).ok();
                }
            }
        }
    }
    p
}

fn good_enough(p: &Puzzle, difficulty: Difficulty) -> bool {
    match difficulty {
        Difficulty::Recursive => proven_unique(p),
        level => solvable_at(p, level),
    }
}

/// The most decisions (the node limit) one uniqueness check of the Recursive generator
/// may take: a few hundred are typical at 9x9, but from 11x11 on one check
/// can run for seconds or minutes. A clue whose removal is not proven to
/// keep one solution within the limit stays. Decisions, not time, so a seed
/// still gives the same puzzle on every machine.
const UNIQUE_NODE_LIMIT: u64 = 20_000;

/// Whether `p` is proven to have exactly one solution within
/// [`UNIQUE_NODE_LIMIT`] decisions.
fn proven_unique(p: &Puzzle) -> bool {
    PuzzleModel::new(p).is_ok_and(|m| {
        let options = crate::model::search_options().with_node_limit(UNIQUE_NODE_LIMIT);
        let c = m.solver_with(options).count(Some(2));
        c.count == 1 && c.status.is_complete()
    })
}

fn attempt_with(
    options: &GenerateOptions,
    square: &Solution,
    rng: &mut ChaCha8Rng,
) -> Option<Puzzle> {
    let n = options.size;
    let difficulty = options.difficulty;
    let mut base = Puzzle::with_mode(n, options.mode).ok()?;
    let pairs = base.pairs();
    if options.mode == Mode::Adjacent {
        for &(a, b, _) in &pairs {
            let link = if square.value(a).abs_diff(square.value(b)) == 1 {
                Link::Bar
            } else {
                Link::None
            };
            let set = if a.row == b.row {
                base.set_right(a, link)
            } else {
                base.set_down(a, link)
            };
            set.ok()?;
        }
    }
    let mut givens: Vec<ClueRef> = (0..n * n).map(ClueRef::Given).collect();
    givens.shuffle(rng);
    let mut signs: Vec<ClueRef> = Vec::new();
    if options.mode == Mode::Standard && difficulty > Difficulty::Trivial {
        signs = (0..pairs.len()).map(ClueRef::Sign).collect();
        signs.shuffle(rng);
    }
    let mut all: Vec<ClueRef> = givens.iter().chain(&signs).copied().collect();
    all.shuffle(rng);
    // Assemble: the shortest prefix the target level solves (binary search;
    // solvability only grows with more clues).
    let assemble_level = difficulty.min(Difficulty::Extreme);
    let (mut lo, mut hi) = (0, all.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if solvable_at(&apply(&base, square, &pairs, &all[..mid]), assemble_level) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let mut kept: Vec<ClueRef> = all[..lo].to_vec();
    // Strip: givens first, then signs.
    kept.sort_by_key(|c| matches!(c, ClueRef::Sign(_)));
    let mut i = 0;
    while i < kept.len() {
        let removed = kept.remove(i);
        if good_enough(&apply(&base, square, &pairs, &kept), difficulty) {
            continue;
        }
        kept.insert(i, removed);
        i += 1;
    }
    let puzzle = apply(&base, square, &pairs, &kept);
    if let Some(easier) = difficulty.easier() {
        if solvable_at(&puzzle, easier.min(Difficulty::Extreme)) {
            return None;
        }
    }
    Some(puzzle)
}

impl Puzzle {
    /// Generates a puzzle (see [`generate`]).
    pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
        generate(options)
    }
}

#[cfg(test)]
mod unique_tests {
    use super::*;

    #[test]
    fn recursive_uniqueness_checks_are_bounded_and_still_prove_unique_puzzles() {
        let made = generate(&GenerateOptions::new(6, Difficulty::Recursive).with_seed(4))
            .expect("a 6x6 recursive puzzle");
        assert!(proven_unique(&made.puzzle));
        assert!(!proven_unique(&Puzzle::new(6).unwrap()));
        const { assert!(UNIQUE_NODE_LIMIT >= 10_000) };
    }
}
