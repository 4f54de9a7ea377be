//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod all_different;
pub mod boolean;
pub mod cardinality;
pub mod count;
pub mod lex;
pub mod reify;
pub mod relation;

pub use all_different::{AllDifferent, Strength};
pub use boolean::{Clause, Literal};
pub use cardinality::{GccOptions, GccStrength, GlobalCardinality};
pub use count::{CountBound, LiteralCount};
pub use lex::{Lex, VectorsDiffer};
pub use reify::{Reified, ReifiedRelation};
pub use relation::{RelOp, Relation};
