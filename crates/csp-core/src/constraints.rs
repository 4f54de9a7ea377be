//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod all_different;
pub mod element;
pub mod nonogram;
pub mod regular;
pub mod relation;
pub mod table;
pub mod visibility;

pub use all_different::{AllDifferent, Strength};
pub use element::{Element, ElementVars};
pub use nonogram::NonogramLine;
pub use regular::{Dfa, Regular};
pub use relation::{RelOp, Relation};
pub use table::Table;
pub use visibility::VisibleCount;
