//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod all_different;
pub mod relation;

pub use all_different::{AllDifferent, Strength};
pub use relation::{RelOp, Relation};
