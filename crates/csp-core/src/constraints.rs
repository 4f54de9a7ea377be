//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod acyclic;
pub mod all_different;
pub mod all_different_sum;
pub mod arithmetic;
pub mod boolean;
pub mod cardinality;
pub mod connected;
pub mod count;
pub mod element;
pub mod lex;
pub mod linear;
pub mod nonogram;
pub mod regular;
pub mod reify;
pub mod relation;
pub mod single_loop;
pub mod table;
pub mod visibility;

pub use acyclic::Acyclic;
pub use all_different::{AllDifferent, Strength};
pub use all_different_sum::AllDifferentSum;
pub use arithmetic::{Difference, Product, Quotient};
pub use boolean::{Clause, Literal};
pub use cardinality::{GccOptions, GccStrength, GlobalCardinality};
pub use connected::Connected;
pub use count::{CountBound, LiteralCount};
pub use element::{Element, ElementVars};
pub use lex::{Lex, VectorsDiffer};
pub use linear::{Linear, LinearStrength};
pub use nonogram::NonogramLine;
pub use regular::{Dfa, Regular};
pub use reify::{Reified, ReifiedRelation};
pub use relation::{RelOp, Relation};
pub use single_loop::{LoopLattice, SingleLoop};
pub use table::Table;
pub use visibility::VisibleCount;
