//! gridcsp: constraint satisfaction for grid puzzles.
//!
//! This facade re-exports the workspace's crates so one dependency brings
//! them all:
//!
//! - [`csp_core`]: the generic engine (variables, bitset domains,
//!   AllDifferent, relations, plug-in constraints, search);
//! - [`sudoku`]: Sudoku of any box shape, with variants, generation, grading
//!   and hints;
//! - [`futoshiki`]: Futoshiki with Tatham's game-ID format, generation and
//!   grading.
//!
//! ```
//! use gridcsp::csp_core::{Model, Solver};
//! let mut model = Model::new();
//! let xs = model.new_vars(3, 1..=3)?;
//! model.all_different(&xs)?;
//! assert_eq!(Solver::new(&model).count(None).count, 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use csp_core;
pub use futoshiki;
pub use gridcsp_puzzles as puzzles;
pub use sudoku;

#[doc = include_str!("../docs/guide.md")]
#[cfg(doctest)]
pub struct GuideDoctests;

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
