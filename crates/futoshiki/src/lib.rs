//! Futoshiki (Simon Tatham's "Unequal") on the csp-core engine.
//!
//! # Overview
//!
//! - A [`Puzzle`] is an `n x n` grid (sizes 1 to 35; values `1`-`9` then
//!   `A`-`Z`) with givens and marks between neighbours: inequality signs
//!   ([`Link::Less`], [`Link::Greater`]) or, in Tatham's
//!   [`Mode::Adjacent`], bars ([`Link::Bar`]: the values differ by exactly
//!   1; no bar: they do not).
//! - Both text formats of `shared/formats/futoshiki.md` read and write:
//!   the ASCII grid ([`Puzzle::from_grid`], [`Puzzle::to_grid`], and
//!   [`parse_all`] for multi-puzzle files) and Tatham's game ID
//!   ([`Puzzle::from_game_id`], [`Puzzle::to_game_id`]). [`Puzzle::parse`]
//!   takes either. Errors ([`ParseError`]) name the line and column, or the
//!   entry and character.
//! - [`PuzzleModel`] compiles a puzzle to a csp-core model: one variable per
//!   cell, AllDifferent on every row and column, one `less_than` per sign,
//!   an [`Adjacency`] plug-in constraint per pair in Adjacent mode. Every
//!   solve, count and uniqueness check runs on csp-core's solver:
//!   [`Puzzle::solve`], [`Puzzle::count`], [`Puzzle::uniqueness`].
//!   [`PuzzleSolver`] reuses one model per size for batches of puzzles
//!   without signs.
//! - The rules: [`Puzzle::conflicts`], [`Puzzle::check_move`],
//!   [`Puzzle::candidates`], and [`Puzzle::check`], which names the clues
//!   that contradict each other before any search ([`Contradiction`]).
//! - [`Puzzle::grade`] places a puzzle on Tatham's ladder ([`Difficulty`]),
//!   [`Puzzle::explain`] lists the deductions in words, [`Puzzle::hint`]
//!   gives the next step for a partly filled grid, and [`generate`] makes
//!   seeded puzzles of a chosen size, grade and mode.
//!
//! # Example
//!
//! ```
//! use futoshiki::{Difficulty, Puzzle, Uniqueness};
//!
//! let puzzle = Puzzle::parse("4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,")?;
//! let Uniqueness::Unique(solution) = puzzle.uniqueness() else { panic!("one solution") };
//! assert_eq!(solution.to_solution_string(), "1324413232412413");
//! assert_eq!(puzzle.grade()?.difficulty, Difficulty::Easy);
//! // The grid form, and back.
//! let grid = puzzle.to_grid();
//! assert!(grid.starts_with("1 .>. 4\n"));
//! assert_eq!(Puzzle::from_grid(&grid)?, puzzle);
//! assert_eq!(puzzle.to_game_id(), "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Generating, grading and explaining:
//!
//! ```
//! use futoshiki::{Difficulty, GenerateOptions, generate};
//!
//! let made = generate(&GenerateOptions::new(5, Difficulty::Tricky).with_seed(7))?;
//! assert_eq!(made.puzzle.grade()?.difficulty, Difficulty::Tricky);
//! assert!(made.puzzle.uniqueness().is_unique());
//! for step in made.puzzle.explain()?.steps.iter().take(3) {
//!     println!("{}", step.text);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod adjacent;
mod format;
mod generate;
mod grade;
mod model;
mod puzzle;
mod rules;
mod techniques;

pub use adjacent::{Adjacency, AdjacencyStrength};
pub use format::{
    ADJACENT_DIRECTIVE, Entry, ParseError, char_value, parse_all, value_char, write_all,
};
pub use generate::{GenerateError, GenerateOptions, Generated, generate};
pub use grade::{Difficulty, Explanation, Grade, GradeError, Hint, Step, Technique};
pub use model::{Clue, DEFAULT_STRENGTH, PuzzleModel, PuzzleSolver, Uniqueness, search_options};
pub use puzzle::{Cell, Link, MAX_SIZE, MIN_SIZE, Mode, Puzzle, PuzzleError, Solution};
pub use rules::Contradiction;
pub use techniques::{Fish, ForcingChains, LineSubsets, SignBounds, SignCheck};

/// Rule names that the crate's constraints record in csp-core traces.
pub mod rule_names {
    pub use crate::adjacent::rules::{FROM_FIXED, SUPPORT};
    pub use crate::techniques::rules::{BOUNDS, FISH, FORCING_CHAIN, SIGN_CHECK};
}

// The README (the crate's page on crates.io) runs as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
