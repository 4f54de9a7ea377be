//! Grid puzzle families behind one trait, modelled on [`csp_core`].
//!
//! # Overview
//!
//! - A [`Family`] is one kind of puzzle (Kakuro, Star Battle, ...): how its
//!   puzzles and solutions are read and written, the csp-core [`Built`]
//!   model of an instance, the map from a csp-core solution back to the
//!   grid, and a rule checker written against the rules themselves.
//!   Solving, counting, uniqueness, grading, step-by-step explanations and
//!   hints come with it: the defaults in [`generic`] run csp-core on the
//!   family's model and turn its trace into words.
//! - [`AnyFamily`] and [`AnyPuzzle`] are the same operations behind an
//!   object-safe interface, text in and out; [`families()`] lists the
//!   built-in families and [`family`] finds one by its command-line name.
//!   The command-line tool, the benches and the cross-family tests use only
//!   this, so a new family is one module plus one line in
//!   [`families::ALL`].
//! - [`puzzlink`] reads and writes puzz.link URLs for the families on
//!   puzz.link: one shared codec, and each family's mapping in its own
//!   module ([`Family::puzzlink`]).
//! - [`text`] reads the plain text layout every family shares (a header
//!   line, rows of whitespace-separated tokens, `-` for an empty cell) with
//!   errors that name the line and column.
//!
//! # Example
//!
//! ```
//! use gridcsp_puzzles::{Family, Limits, Solved};
//! use gridcsp_puzzles::families::futoshiki::Futoshiki;
//!
//! let family = Futoshiki::STANDARD;
//! let puzzle = family.parse("4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,")?;
//! let (solved, stats) = family.solve(&puzzle, &Limits::default());
//! let Solved::Solution(solution) = solved else { panic!("solvable") };
//! assert!(family.check(&puzzle, &solution).is_empty());
//! println!("{} ({stats})", family.write_solution(&puzzle, &solution));
//! # Ok::<(), gridcsp_puzzles::ParseError>(())
//! ```

pub mod dynamic;
pub mod families;
mod family;
pub mod generic;
pub mod play;
pub mod puzzlink;
pub mod render;
#[cfg(feature = "serde")]
mod serde_text;
pub mod text;

pub use csp_core::{Limits, Stats, StopReason};
pub use dynamic::{AnyFamily, AnyPuzzle, GeneratedText, families, family};
pub use family::{
    Built, Cell, Counted, Explanation, Family, FamilyInfo, GenerateError, GenerateOptions,
    Generated, Grade, GradeError, Hint, Level, Outcome, ParseError, Reason, RecordShape, Rule,
    Solved, Spot, Step, Unique, UniqueOutcome, Violation,
};
pub use generic::default_search_options;
pub use render::RenderOptions;

// The README (the crate's page on crates.io) runs as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
