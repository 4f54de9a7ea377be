//! A small, fast, deterministic constraint-satisfaction engine for grid
//! puzzles.
//!
//! # Overview
//!
//! - A [`Model`] holds integer variables ([`VarId`]) with finite
//!   [`Domain`]s (bitsets: one machine word for up to 64 values) and
//!   constraints: [`all_different`](Model::all_different), binary relations
//!   `x + c OP y` ([`relation`](Model::relation)), givens
//!   ([`fix`](Model::fix)), and any [`Constraint`] of your own.
//! - A [`Solver`] borrows a model and searches it: depth-first, iterative,
//!   with propagation to a fixpoint after every decision, undo through a
//!   trail, MRV variable order by default. It finds the first solution,
//!   iterates over all of them, counts, decides uniqueness, minimises or
//!   maximises a variable by branch and bound ([`Solver::minimize`]), and
//!   honours node, time and solution limits and a cancellation flag.
//! - [`SearchOptions`] pick the variable and value order, the limits and
//!   whether to record a trace of deductions ([`TraceEvent`]) for
//!   explanations.
//! - A [`PropagationContext`] is what a constraint sees while it propagates:
//!   read access to the domains and the only ways to change them.
//!
//! Search is deterministic: the same model, options and seed give the same
//! solutions in the same order with the same [`Stats`].
//!
//! # Example
//!
//! The 4 x 4 Latin squares: every row and column all different.
//!
//! ```
//! use csp_core::{Model, Solver};
//!
//! let mut model = Model::new();
//! let cells: Vec<_> = (0..16).map(|_| model.new_var(1..=4)).collect::<Result<_, _>>()?;
//! for i in 0..4 {
//!     let row: Vec<_> = (0..4).map(|j| cells[4 * i + j]).collect();
//!     let col: Vec<_> = (0..4).map(|j| cells[4 * j + i]).collect();
//!     model.all_different(&row)?;
//!     model.all_different(&col)?;
//! }
//! let mut solver = Solver::new(&model);
//! assert_eq!(solver.count(None).count, 576);
//! let square = solver.solve().into_solution().expect("a Latin square exists");
//! assert_eq!(square[cells[0]], 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Writing your own constraint
//!
//! 1. **Start with the check.** Implement [`Constraint`] with
//!    [`scope`](Constraint::scope) and
//!    [`is_satisfied`](Constraint::is_satisfied). That is already a working
//!    constraint: the engine forward-checks it and verifies every solution
//!    against it. See the sum cage in the [`Constraint`] docs.
//! 2. **Test it against the oracle.** With the `test-support` feature,
//!    `csp_core::testing::check_against_brute_force` enumerates every assignment of a
//!    small model and checks that the solver finds exactly the satisfying
//!    ones and never prunes a value some solution uses.
//! 3. **Add `propagate`** for stronger pruning (for a sum: bounds on the
//!    unfixed cells), using the mutators of [`PropagationContext`], and
//!    declare the [`events`](Constraint::events) that should wake it. Call
//!    [`forward_check`] from it to keep the default behaviour. Run the oracle
//!    test again.
//! 4. **Benchmark** with criterion on real instances; compare search effort
//!    ([`Stats::decisions`], [`Stats::nodes`]) and time with and without
//!    your `propagate`.

pub mod constraint;
pub mod constraints;
pub mod domain;
pub mod error;
pub mod graph;
pub mod grid;
pub mod learn;
mod model;
mod propagation;
pub mod search;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;
pub mod trace;
pub mod trail;
pub mod variable;

pub use constraint::{Conflict, Constraint, ConstraintId, Events, Priority, ReadDomains};
pub use constraints::PathsReach;
pub use constraints::Table;
pub use constraints::VisibleCount;
pub use constraints::{AbsDiff, EqualApart};
pub use constraints::{
    Acyclic, Connected, EdgeConnected, Islands, LoopLattice, RegionSize, SightCount, SingleLoop,
};
pub use constraints::{AllDifferent, RelOp, Relation, Strength};
pub use constraints::{AllDifferentSum, Difference, Linear, LinearStrength, Product, Quotient};
pub use constraints::{
    Clause, CountBound, GccOptions, GccStrength, GlobalCardinality, Lex, Literal, LiteralCount,
    Reified, ReifiedRelation, VectorsDiffer,
};
pub use constraints::{Cover, Piece, Placement};
pub use constraints::{CoverItem, CoverStrength, ItemCover};
pub use constraints::{Dfa, NonogramLine, Regular};
pub use constraints::{Element, ElementVars};
pub use domain::{Domain, Domains, ValueIter};
pub use error::ModelError;
pub use graph::Graph;
pub use grid::{Direction, Grid, Neighbourhood, Run};
pub use learn::{ExplainContext, Explaining, Learning};
pub use model::Model;
pub use propagation::{PropagationContext, Scratch, forward_check};
pub use search::{
    Count, Improvements, Limits, Objective, OptimizeOutcome, Probing, Restarts, SearchOptions,
    SearchStatus, Solution, Solutions, SolveOutcome, Solver, Stats, StopReason, Uniqueness,
    ValueOrder, ValueSelector, VariableOrder, VariableSelector,
};
pub use search::{ParallelSolver, Subproblem};
pub use trace::{Deduction, TraceEvent};
pub use variable::{Value, VarId};

// The README (the crate's page on crates.io) runs as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
