//! Sudoku of any size and its variants, modelled on the `csp-core`
//! constraint engine: parsing and printing, rule checks, solving, counting
//! and uniqueness, grading, step-by-step explanations and hints, and a
//! seeded generator.
//!
//! # Overview
//!
//! - A [`Board`] is a grid of values (a puzzle, a partly filled board or a
//!   solution) of any [`Shape`]: `size = box_rows * box_cols`, values
//!   `1..=size` written `1`-`9` then `A`-`Z`. It parses one-line and grid
//!   text and arrays, and prints both forms, all round-tripping.
//! - A [`Variant`] is a set of rules: classic, X-Sudoku (diagonals), jigsaw
//!   (irregular regions) or killer (cages with sums). It checks boards: legal
//!   values, candidates, clashing cells.
//! - A [`SudokuModel`] is the csp-core model of a variant (one variable per
//!   cell, one AllDifferent per group, csp-core's sum of distinct values
//!   per cage), built once; a [`SudokuSolver`] borrows it and solves, counts and checks
//!   uniqueness for any number of puzzles, passing each puzzle's givens to
//!   the engine as assumptions. There is no other solver in this crate.
//! - [`Logic`] grades puzzles ([`Difficulty`], [`Technique`]), explains them
//!   step by step and gives hints, from csp-core's trace of a model that holds
//!   the human techniques as constraints.
//! - [`solo`] reads and writes Simon Tatham's Solo game IDs of every
//!   variant.
//! - A [`Generator`] makes complete grids and unique puzzles of a chosen
//!   difficulty from a seed, identically on every machine.
//!
//! # Example
//!
//! ```
//! use sudoku::{Board, Difficulty, Generator, Shape, SudokuModel, Uniqueness, Variant};
//!
//! let puzzle: Board =
//!     "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
//!         .parse()?;
//!
//! // One call: solve under the classic rules.
//! let solution = puzzle.solve()?.into_board().expect("solvable");
//! assert!(solution.is_solved());
//! println!("{solution}"); // pretty grid with box separators
//!
//! // Many puzzles: build the model once, reuse the solver.
//! let model = SudokuModel::new(Variant::classic(Shape::CLASSIC))?;
//! let mut solver = model.solver();
//! assert!(matches!(solver.uniqueness(&puzzle)?, Uniqueness::Unique(_)));
//!
//! // Grade, explain, generate.
//! assert_eq!(puzzle.grade()?.difficulty, Difficulty::Easy);
//! let first = puzzle.explain()?.steps[0].to_string();
//! assert!(first.ends_with("(naked single)") || first.ends_with("(hidden single)"));
//! let made = Generator::classic(7).generate(Difficulty::Medium)?;
//! assert_eq!(made.grade.map(|g| g.difficulty), Some(Difficulty::Medium));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Speed
//!
//! Solving is csp-core's search (MRV, AllDifferent propagation, trail
//! undo). Build one [`SudokuModel`] per shape and reuse one
//! [`SudokuSolver`]: nothing is allocated per search node and the model is
//! not rebuilt per puzzle. `benches/sudoku_datasets.rs` measures it on the
//! standard datasets.

mod board;
mod clock;
mod error;
mod generator;
mod houses;
mod killer;
mod logic;
mod rating;
mod rules;
pub mod solo;
mod solver;
pub mod techniques;

pub use board::{Board, Cell, MAX_SIZE, Shape, symbol, symbol_value};
pub use csp_core::{Count, Limits, SearchOptions, SearchStatus, Stats, StopReason, Strength};
pub use error::{GenerateError, ParseError, ShapeError, SudokuError};
pub use generator::{Generated, Generator, Symmetry, Target};
pub use logic::{
    Difficulty, Explanation, Grade, Hint, Logic, Single, Step, Technique, UniqueRule,
    UnknownDifficulty, UnknownTechnique,
};
pub use rating::{Rating, UnknownRating};
pub use rules::{Cage, Clash, Group, GroupKind, Variant};
pub use solver::{Outcome, SudokuModel, SudokuSolver, Uniqueness};

// The README (the crate's page on crates.io) runs as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
