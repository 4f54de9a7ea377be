//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod all_different;
pub mod all_different_sum;
pub mod arithmetic;
pub mod linear;
pub mod relation;

pub use all_different::{AllDifferent, Strength};
pub use all_different_sum::AllDifferentSum;
pub use arithmetic::{Difference, Product, Quotient};
pub use linear::{Linear, LinearStrength};
pub use relation::{RelOp, Relation};
