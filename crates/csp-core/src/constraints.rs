//! The built-in constraints, one file each. They implement the same
//! [`Constraint`](crate::Constraint) trait as user constraints.

pub mod abs_diff;
pub mod all_different;
pub mod all_different_sum;
mod areas;
pub mod arithmetic;
pub mod boolean;
pub mod cardinality;
pub mod connected;
pub mod count;
pub mod element;
pub mod islands;
pub mod lex;
pub mod linear;
pub mod nonogram;
pub mod region_size;
pub mod regular;
pub mod reify;
pub mod relation;
pub mod sight;
pub mod single_loop;
pub mod spaced;
pub mod table;
pub mod visibility;

pub use abs_diff::AbsDiff;
pub use all_different::{AllDifferent, Strength};
pub use all_different_sum::AllDifferentSum;
pub use arithmetic::{Difference, Product, Quotient};
pub use boolean::{Clause, Literal};
pub use cardinality::{GccOptions, GccStrength, GlobalCardinality};
pub use connected::Connected;
pub use count::{CountBound, LiteralCount};
pub use element::{Element, ElementVars};
pub use islands::Islands;
pub use lex::{Lex, VectorsDiffer};
pub use linear::{Linear, LinearStrength};
pub use nonogram::NonogramLine;
pub use region_size::RegionSize;
pub use regular::{Dfa, Regular};
pub use reify::{Reified, ReifiedRelation};
pub use relation::{RelOp, Relation};
pub use sight::SightCount;
pub use single_loop::{LoopLattice, SingleLoop};
pub use spaced::EqualApart;
pub use table::Table;
pub use visibility::VisibleCount;
