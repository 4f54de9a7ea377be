//! What a search returns.

use crate::variable::{Value, VarId};

/// A full assignment: one value per variable of the model.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Solution {
    pub(crate) values: Vec<Value>,
}

impl Solution {
    /// The value of `var`, or `None` if the model has no such variable.
    pub fn get(&self, var: VarId) -> Option<Value> {
        self.values.get(var.index()).copied()
    }

    /// The value of `var`. Panics only if `var` comes from another, larger model.
    pub fn value(&self, var: VarId) -> Value {
        self.values[var.index()]
    }

    /// All values, indexed by [`VarId::index`].
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The values, indexed by [`VarId::index`].
    pub fn into_values(self) -> Vec<Value> {
        self.values
    }
}

impl std::ops::Index<VarId> for Solution {
    type Output = Value;
    fn index(&self, var: VarId) -> &Value {
        &self.values[var.index()]
    }
}

/// Why a search stopped before it was complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StopReason {
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The solution limit was reached.
    SolutionLimit,
    /// The cancellation flag was raised.
    Cancelled,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::SolutionLimit => "solution limit reached",
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// Whether a search explored everything it had to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SearchStatus {
    /// The search space was exhausted (or the question answered).
    Complete,
    /// A limit stopped the search first.
    Stopped(StopReason),
}

impl SearchStatus {
    /// Whether the search was complete.
    pub fn is_complete(self) -> bool {
        self == SearchStatus::Complete
    }
}

/// The result of [`Solver::solve`](crate::Solver::solve).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SolveOutcome {
    /// A solution.
    Solved(Solution),
    /// There is no solution (proved).
    Unsatisfiable,
    /// A limit stopped the search before a solution was found.
    Stopped(StopReason),
}

impl SolveOutcome {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            SolveOutcome::Solved(s) => Some(s),
            _ => None,
        }
    }

    /// The solution, if one was found.
    pub fn into_solution(self) -> Option<Solution> {
        match self {
            SolveOutcome::Solved(s) => Some(s),
            _ => None,
        }
    }
}

/// The result of [`Solver::count`](crate::Solver::count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Count {
    /// Solutions counted.
    pub count: u64,
    /// `Complete` if `count` is the exact number of solutions.
    pub status: SearchStatus,
}

/// The result of [`Solver::uniqueness`](crate::Solver::uniqueness).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Uniqueness {
    /// No solution.
    NoSolution,
    /// Exactly one solution.
    Unique(Solution),
    /// At least two solutions; here are two that differ.
    Multiple(Solution, Solution),
    /// A limit stopped the search before the answer was known.
    Unknown {
        /// The solution found so far, if any.
        found: Option<Solution>,
        /// What stopped the search.
        reason: StopReason,
    },
}
