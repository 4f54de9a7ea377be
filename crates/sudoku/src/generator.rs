//! Seeded puzzle generation: complete grids, unique puzzles at a chosen
//! difficulty, optional symmetric clue patterns and minimality, and the
//! simple "remove k cells" mode.
//!
//! All randomness comes from a [`ChaCha8Rng`] seeded with the caller's
//! `u64`, and shuffles are done here (Fisher-Yates on `next_u64`), so the
//! same seed gives the same puzzle on every machine.

use crate::board::{Board, Cell, Shape};
use crate::error::{GenerateError, SudokuError};
use crate::logic::{Difficulty, Grade, Logic, Technique, UniqueRule, analyse};
use crate::rating::Rating;
use crate::rules::Variant;
use crate::solver::SudokuSolver;
use csp_core::{SearchOptions, ValueOrder};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Which cells are cleared together, so the clues form a pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No pattern.
    #[default]
    None,
    /// Half-turn: (r, c) with (n-1-r, n-1-c), the classic newspaper look.
    Rotational,
    /// Quarter-turn: the four rotations of a cell.
    QuarterTurn,
    /// Mirror left-right.
    Horizontal,
    /// Mirror top-bottom.
    Vertical,
    /// Both mirrors.
    BothMirrors,
}

/// A generated puzzle with its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Board,
    /// Its solution (the only one, unless made by
    /// [`Generator::remove_cells`] without the uniqueness guarantee).
    pub solution: Board,
    /// The grade, when the puzzle has exactly one solution.
    pub grade: Option<Grade>,
}

/// What a generated puzzle must be: a level, a hardest technique, a
/// highest rating, or several of these at once.
///
/// ```
/// use sudoku::{Difficulty, Target, Technique};
/// let t = Target::technique(Technique::XYWing).with_max_rating("4.5".parse()?);
/// assert_eq!(t.hardest(), Some(Technique::XYWing));
/// let t = Target::level(Difficulty::Hard);
/// assert_eq!(t.difficulty(), Some(Difficulty::Hard));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Target {
    difficulty: Option<Difficulty>,
    technique: Option<Technique>,
    max_rating: Option<Rating>,
}

impl Target {
    /// Puzzles of this level (their rating in its band).
    pub fn level(difficulty: Difficulty) -> Target {
        Target {
            difficulty: Some(difficulty),
            ..Target::default()
        }
    }

    /// Puzzles whose hardest step is exactly this technique.
    pub fn technique(technique: Technique) -> Target {
        Target {
            technique: Some(technique),
            ..Target::default()
        }
    }

    /// Puzzles rated at most `rating`.
    pub fn max_rating(rating: Rating) -> Target {
        Target {
            max_rating: Some(rating),
            ..Target::default()
        }
    }

    /// Also require this level.
    pub fn with_level(mut self, difficulty: Difficulty) -> Target {
        self.difficulty = Some(difficulty);
        self
    }

    /// Also require this hardest technique.
    pub fn with_technique(mut self, technique: Technique) -> Target {
        self.technique = Some(technique);
        self
    }

    /// Also require a rating of at most `rating`.
    pub fn with_max_rating(mut self, rating: Rating) -> Target {
        self.max_rating = Some(rating);
        self
    }

    /// The level asked for.
    pub fn difficulty(&self) -> Option<Difficulty> {
        self.difficulty
    }

    /// The hardest technique asked for.
    pub fn hardest(&self) -> Option<Technique> {
        self.technique
    }

    /// The highest rating allowed.
    pub fn highest_rating(&self) -> Option<Rating> {
        self.max_rating
    }

    /// The highest rating a puzzle may have on the way (clues are removed
    /// while it stays at most this).
    fn cap(&self) -> Option<Rating> {
        let band = self.difficulty.and_then(|d| d.band().1);
        match (band, self.max_rating) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether a grade meets the target.
    pub fn accepts(&self, grade: &Grade) -> bool {
        self.difficulty.is_none_or(|d| grade.difficulty == d)
            && self.technique.is_none_or(|t| grade.hardest == Some(t))
            && self.max_rating.is_none_or(|r| grade.rating <= r)
    }

    /// The hardest technique the puzzles may need, easiest-first order.
    fn ceiling(&self) -> Technique {
        if let Some(t) = self.technique {
            return t;
        }
        let by_rating = self.cap().map(|cap| {
            Technique::ALL
                .into_iter()
                .filter(|t| *t != Technique::Guess && t.rating() <= cap)
                .max()
                .unwrap_or(Technique::HiddenSingle)
        });
        match (by_rating, self.difficulty) {
            (Some(t), _) => t,
            (None, Some(Difficulty::Beyond) | None) => Technique::Guess,
            (None, Some(_)) => Technique::ForcingNet,
        }
    }
}

impl From<Difficulty> for Target {
    fn from(d: Difficulty) -> Target {
        Target::level(d)
    }
}

/// A seeded puzzle generator.
///
/// ```
/// use sudoku::{Difficulty, Generator};
/// let mut generator = Generator::classic(42);
/// let made = generator.generate(Difficulty::Easy)?;
/// assert_eq!(made.grade.as_ref().map(|g| g.difficulty), Some(Difficulty::Easy));
/// assert!(made.puzzle.uniqueness()?.is_unique());
/// // The same seed gives the same puzzle, on every machine.
/// assert_eq!(Generator::classic(42).generate(Difficulty::Easy)?.puzzle, made.puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Generator {
    logic: Logic,
    rng: ChaCha8Rng,
    symmetry: Symmetry,
    minimal: bool,
    max_attempts: u32,
}

impl Generator {
    /// A generator for these rules (no killer cages), seeded.
    pub fn new(variant: Variant, seed: u64) -> Result<Generator, GenerateError> {
        if !variant.cages().is_empty() {
            return Err(GenerateError::Unsupported("killer cages".to_owned()));
        }
        let max_attempts = default_attempts(variant.size());
        Ok(Generator {
            logic: Logic::new(variant)?,
            rng: ChaCha8Rng::seed_from_u64(seed),
            symmetry: Symmetry::None,
            minimal: false,
            max_attempts,
        })
    }

    /// A generator of classic 9 x 9 puzzles, seeded.
    pub fn classic(seed: u64) -> Generator {
        Generator::for_shape(Shape::CLASSIC, seed)
    }

    /// A generator of classic puzzles of any shape, seeded.
    pub fn for_shape(shape: Shape, seed: u64) -> Generator {
        let variant = Variant::classic(shape);
        // A classic model of a valid shape is always accepted by csp-core.
        match Generator::new(variant, seed) {
            Ok(g) => g,
            Err(e) => unreachable!("classic rules build: {e}"),
        }
    }

    /// Clears cells in symmetric groups (default: none).
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self
    }

    /// Makes puzzles minimal: no given can be removed keeping exactly one
    /// solution (with a symmetry, no symmetric group of givens). Default:
    /// off.
    pub fn with_minimal(mut self, minimal: bool) -> Generator {
        self.minimal = minimal;
        self
    }

    /// How many complete grids to try before giving up (default 500 on
    /// boards of 9 x 9 and larger; more on smaller boards, where an attempt
    /// is cheaper and a grid less likely to give a puzzle of the level
    /// asked for: 2,500 on 6 x 6, 5,000 on 4 x 4).
    pub fn with_max_attempts(mut self, attempts: u32) -> Generator {
        self.max_attempts = attempts.max(1);
        self
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        self.logic.variant()
    }

    /// A random complete grid.
    pub fn solution_grid(&mut self) -> Result<Board, GenerateError> {
        let mut solver = self.logic.plain_model().solver();
        random_grid(&mut self.rng, &mut solver)
    }

    /// A puzzle with exactly one solution whose level is `difficulty`.
    pub fn generate(&mut self, difficulty: Difficulty) -> Result<Generated, GenerateError> {
        self.generate_target(&Target::level(difficulty))
    }

    /// A puzzle with exactly one solution that meets `target`: its level,
    /// its hardest technique (exactly that one) and its highest rating.
    ///
    /// Each attempt takes a random complete grid and removes clues in a
    /// random order (as the symmetry groups them) as long as the puzzle
    /// stays solvable by the techniques up to the target's hardest one
    /// within its rating; the attempt counts if the grade then meets the
    /// target. Puzzles of level [`Beyond`](Difficulty::Beyond) only need
    /// to stay unique.
    ///
    /// ```
    /// use sudoku::{Generator, Target, Technique};
    /// let made = Generator::classic(3).generate_target(&Target::technique(Technique::XWing))?;
    /// assert_eq!(made.grade.unwrap().hardest, Some(Technique::XWing));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_target(&mut self, target: &Target) -> Result<Generated, GenerateError> {
        let Generator {
            logic: rules,
            rng,
            symmetry,
            minimal,
            max_attempts,
        } = self;
        let ceiling = target.ceiling();
        let cap = target.cap();
        let search = ceiling == Technique::Guess && cap.is_none();
        // The techniques up to the ceiling only: cheaper, and a puzzle they
        // finish needs nothing harder.
        let restricted = Logic::with_rules(rules.variant().clone(), UniqueRule::Prove, ceiling)?;
        let mut unique = rules.plain_model().solver();
        unique.set_options(SudokuSolver::default_options().with_node_limit(UNIQUE_NODE_LIMIT));
        let mut logic = restricted.logic_solver();
        let accept = |b: &Board,
                      logic: &mut SudokuSolver<'_>,
                      unique: &mut SudokuSolver<'_>|
         -> Result<bool, SudokuError> {
            if search {
                return proven_unique(unique, b);
            }
            let a = analyse(logic, b, false)?;
            Ok(a.solved()
                && cap.is_none_or(|c| a.rating <= c)
                && (!a.used_unique || proven_unique(unique, b)?))
        };
        for _ in 0..*max_attempts {
            let grid = random_grid(rng, &mut unique)?;
            let orbits = shuffled_orbits(rng, *symmetry, grid.shape());
            let mut puzzle = grid.clone();
            for orbit in &orbits {
                let trial = cleared(&puzzle, orbit);
                if trial != puzzle && accept(&trial, &mut logic, &mut unique)? {
                    puzzle = trial;
                }
            }
            let grade = match rules.grade(&puzzle) {
                Ok(g) => g,
                Err(SudokuError::Stopped(_)) => continue,
                Err(e) => return Err(e.into()),
            };
            if !target.accepts(&grade) {
                continue;
            }
            if *minimal {
                // Removals that keep uniqueness and the target, then check.
                let mut ok = true;
                for orbit in &orbits {
                    let trial = cleared(&puzzle, orbit);
                    if trial == puzzle || !proven_unique(&mut unique, &trial)? {
                        continue;
                    }
                    match rules.grade(&trial) {
                        Ok(g) if target.accepts(&g) => puzzle = trial,
                        _ => ok = false,
                    }
                }
                if !ok || !is_minimal(&puzzle, &orbits, &mut unique)? {
                    continue;
                }
            }
            let grade = rules.grade(&puzzle)?;
            return Ok(Generated {
                puzzle,
                solution: grid,
                grade: Some(grade),
            });
        }
        Err(GenerateError::GaveUp {
            attempts: *max_attempts,
        })
    }

    /// A random complete grid with `k` cells cleared (in symmetric groups
    /// if a symmetry is set, so possibly a few more). With `unique`, only
    /// cells whose removal keeps exactly one solution are cleared.
    pub fn remove_cells(&mut self, k: usize, unique: bool) -> Result<Generated, GenerateError> {
        let shape = self.variant().shape();
        if k > shape.num_cells() {
            return Err(GenerateError::TooManyRemovals {
                asked: k,
                cells: shape.num_cells(),
            });
        }
        let Generator {
            logic: rules,
            rng,
            symmetry,
            max_attempts,
            ..
        } = self;
        let mut checker = rules.plain_model().solver();
        for _ in 0..*max_attempts {
            let grid = random_grid(rng, &mut checker)?;
            let orbits = shuffled_orbits(rng, *symmetry, shape);
            let mut puzzle = grid.clone();
            let mut removed = 0;
            for orbit in &orbits {
                if removed >= k {
                    break;
                }
                let trial = cleared(&puzzle, orbit);
                if !unique || checker.is_unique(&trial)? {
                    removed += puzzle.filled() - trial.filled();
                    puzzle = trial;
                }
            }
            if removed < k {
                continue;
            }
            let grade = if unique || checker.is_unique(&puzzle)? {
                Some(rules.grade(&puzzle)?)
            } else {
                None
            };
            return Ok(Generated {
                puzzle,
                solution: grid,
                grade,
            });
        }
        Err(GenerateError::GaveUp {
            attempts: *max_attempts,
        })
    }
}

/// The most decisions (the node limit) one uniqueness check of [`Generator::generate`]
/// may take. A few hundred are typical up to 16x16, but on 25x25 boards
/// with few clues one check can run for minutes; a clue whose removal is
/// not proven to keep one solution within the limit stays. The limit counts
/// decisions, not time, so a seed still gives the same puzzle on every machine.
const UNIQUE_NODE_LIMIT: u64 = 2_000;

/// The default number of attempts on `n x n` boards: 500 on 9 x 9 and
/// larger, more on smaller boards (an attempt's work grows about as the
/// square of the cells): 2,500 on 6 x 6, at most 5,000. Small boards need
/// them: on 6 x 6 only one grid in 300 or 400 gives a medium puzzle, and
/// 500 attempts failed about a quarter of the requests for one.
fn default_attempts(n: usize) -> u32 {
    let cells = (n * n).max(1) as u64;
    let scale = (81 * 81 / (cells * cells)).clamp(1, 10);
    u32::try_from(500 * scale).unwrap_or(u32::MAX)
}

/// Whether `board` is proven to have exactly one solution within the
/// solver's node limit (a check cut short proves nothing: `false`).
fn proven_unique(unique: &mut SudokuSolver<'_>, board: &Board) -> Result<bool, SudokuError> {
    match unique.is_unique(board) {
        Err(SudokuError::Stopped(_)) => Ok(false),
        other => other,
    }
}

fn random_grid(
    rng: &mut ChaCha8Rng,
    solver: &mut SudokuSolver<'_>,
) -> Result<Board, GenerateError> {
    let seed = rng.next_u64();
    let saved = solver.options().clone();
    solver.set_options(
        SearchOptions::default()
            .with_value_order(ValueOrder::Random { seed })
            .with_node_limit(1_000_000),
    );
    let blank = Board::empty(solver.model().variant().shape());
    let grid = solver.solve(&blank);
    solver.set_options(saved);
    grid?
        .into_board()
        .ok_or_else(|| GenerateError::Unsupported("the rules have no complete grid".to_owned()))
}

fn is_minimal(
    puzzle: &Board,
    orbits: &[Vec<Cell>],
    unique: &mut SudokuSolver<'_>,
) -> Result<bool, SudokuError> {
    for orbit in orbits {
        let trial = cleared(puzzle, orbit);
        if trial != *puzzle && proven_unique(unique, &trial)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Uniform in `0..n` by multiply-shift on one `next_u64`.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The cells grouped by the symmetry, in a random order (Fisher-Yates).
fn shuffled_orbits(rng: &mut ChaCha8Rng, symmetry: Symmetry, shape: Shape) -> Vec<Vec<Cell>> {
    let n = shape.size();
    let mut seen = vec![false; n * n];
    let mut orbits = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if seen[r * n + c] {
                continue;
            }
            let mut orbit = orbit_of(symmetry, n, Cell::new(r, c));
            orbit.retain(|x| !std::mem::replace(&mut seen[x.row * n + x.col], true));
            orbits.push(orbit);
        }
    }
    for i in (1..orbits.len()).rev() {
        let j = below(rng, i + 1);
        orbits.swap(i, j);
    }
    orbits
}

fn cleared(board: &Board, orbit: &[Cell]) -> Board {
    let mut b = board.clone();
    for c in orbit {
        b.clear(c.row, c.col);
    }
    b
}

fn orbit_of(symmetry: Symmetry, n: usize, cell: Cell) -> Vec<Cell> {
    let Cell { row: r, col: c } = cell;
    let m = n - 1;
    let mut out = match symmetry {
        Symmetry::None => vec![cell],
        Symmetry::Rotational => vec![cell, Cell::new(m - r, m - c)],
        Symmetry::QuarterTurn => vec![
            cell,
            Cell::new(c, m - r),
            Cell::new(m - r, m - c),
            Cell::new(m - c, r),
        ],
        Symmetry::Horizontal => vec![cell, Cell::new(r, m - c)],
        Symmetry::Vertical => vec![cell, Cell::new(m - r, c)],
        Symmetry::BothMirrors => {
            vec![
                cell,
                Cell::new(r, m - c),
                Cell::new(m - r, c),
                Cell::new(m - r, m - c),
            ]
        }
    };
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::SudokuModel;

    #[test]
    fn uniqueness_check_cut_short_by_the_node_limit_keeps_the_clue() {
        // A blank 25x25 board needs search; one node proves nothing.
        let model = SudokuModel::new(Variant::classic(Shape::new(25).unwrap())).unwrap();
        let mut solver = model.solver();
        solver.set_options(SudokuSolver::default_options().with_node_limit(1));
        let blank = Board::blank(25).unwrap();
        assert!(matches!(
            solver.is_unique(&blank),
            Err(SudokuError::Stopped(_))
        ));
        assert!(!proven_unique(&mut solver, &blank).unwrap());
        // A proof within the limit still counts.
        let solution = Generator::classic(1).solution_grid().unwrap();
        let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
        let mut solver = model.solver();
        solver.set_options(SudokuSolver::default_options().with_node_limit(UNIQUE_NODE_LIMIT));
        assert!(proven_unique(&mut solver, &solution).unwrap());
    }
}
