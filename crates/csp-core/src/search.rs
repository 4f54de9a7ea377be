//! Search: depth-first backtracking with propagation to a fixpoint at every
//! node, options for variable and value order, limits, branch and bound for
//! optimisation, and the results.

mod cdcl;
mod cpu;
mod engine;
pub mod optimize;
mod options;
mod outcome;
pub mod parallel;
pub mod probe;
pub mod restarts;
mod select;
mod stats;

pub use engine::{Solutions, Solver};
pub use optimize::{Improvements, Objective, OptimizeOutcome};
pub use options::{
    Limits, SearchOptions, ValueOrder, ValueSelector, VariableOrder, VariableSelector,
};
pub use outcome::{Count, SearchStatus, Solution, SolveOutcome, StopReason, Uniqueness};
pub use parallel::{ParallelSolver, Subproblem};
pub use probe::Probing;
pub use restarts::Restarts;
pub use stats::Stats;
