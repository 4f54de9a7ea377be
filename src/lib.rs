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
//!   grading;
//! - [`puzzles`]: every other family (Kakuro, Light Up, Tents, Binairo, ...)
//!   behind one `Family` trait.
//!
//! Start with the [`guide`]. The feature `test-support` turns on
//! csp-core's brute-force oracle (`csp_core::testing`) for your own tests.
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

/// The user guide (`docs/guide.md`): modelling with csp-core, the built-in
/// constraints, writing your own, searching, counting, explanations and
/// performance advice. Every snippet in it runs as a doc-test.
pub mod guide {
    #![doc = include_str!("../docs/guide.md")]
}

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
