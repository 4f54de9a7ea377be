//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod all_different;
pub mod connected;
pub mod relation;
pub mod single_loop;

pub use all_different::{AllDifferent, Strength};
pub use connected::Connected;
pub use relation::{RelOp, Relation};
pub use single_loop::{LoopLattice, SingleLoop};
