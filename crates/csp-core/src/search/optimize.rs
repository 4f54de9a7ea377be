//! Optimisation: minimise or maximise an integer variable by branch and
//! bound.
//!
//! # Background
//!
//! Branch and bound is depth-first search that, after each solution,
//! requires every later solution to be strictly better: with the objective
//! `z` to minimise and the best value so far `b`, the constraint `z < b`
//! holds from then on. The search therefore finds a sequence of improving
//! solutions, and when the tree is exhausted the last one is optimal.
//! Gecode's BAB engine does the same by posting the constraint in every
//! node it explores after a solution.
//!
//! # Practical
//!
//! The bound is a domain change on the objective (`set_max(z, b - 1)`), so
//! the objective's constraints propagate it like any other change. It is
//! applied right after each solution and again at every node the search
//! backtracks to (restoring the trail undoes changes made below that node,
//! the bound included), so no node is explored without it. Every limit of
//! [`SearchOptions`](crate::SearchOptions) applies: a run stopped by one
//! returns the best solution found with `proven: false` in the sense of
//! [`OptimizeOutcome::Best`]. The solution limit counts improving
//! solutions. The search is deterministic like every other run.
//!
//! A linear objective `sum a_i x_i` is an auxiliary variable `z` defined by
//! a linear equality `z == sum a_i x_i` (the built-in linear constraint),
//! then optimised as a variable; list the `x_i` as decision variables
//! ([`SearchOptions::with_decision_vars`](crate::SearchOptions::with_decision_vars))
//! so that `z` is fixed by propagation rather than branched on.
//!
//! # References
//!
//! A. H. Land and A. G. Doig, *An automatic method of solving discrete
//! programming problems*, Econometrica 28(3), 1960. C. Schulte, G. Tack and
//! M. Z. Lagerkvist, *Modeling and Programming with Gecode*, section 9.4
//! (branch-and-bound search).

use super::engine::Solver;
use super::outcome::{SearchStatus, Solution, StopReason};
use super::stats::Stats;
use crate::error::ModelError;
use crate::variable::{Value, VarId};

/// What to optimise: a variable's value, made as small or as large as the
/// constraints allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The smallest value of the variable.
    Minimize(VarId),
    /// The largest value of the variable.
    Maximize(VarId),
}

impl Objective {
    /// The variable optimised.
    pub fn var(self) -> VarId {
        match self {
            Objective::Minimize(v) | Objective::Maximize(v) => v,
        }
    }

    /// Whether `a` is strictly better than `b` for this objective.
    pub fn is_better(self, a: Value, b: Value) -> bool {
        match self {
            Objective::Minimize(_) => a < b,
            Objective::Maximize(_) => a > b,
        }
    }
}

/// The result of [`Solver::minimize`], [`Solver::maximize`] and
/// [`Solver::optimize`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum OptimizeOutcome {
    /// The best solution, proven optimal: the search space was exhausted.
    Optimal {
        /// A solution with the best value.
        solution: Solution,
        /// The objective's value in it.
        value: Value,
    },
    /// The best solution found before a limit stopped the search: not
    /// proven optimal (a better one may exist).
    Best {
        /// The best solution found.
        solution: Solution,
        /// The objective's value in it.
        value: Value,
        /// What stopped the search.
        reason: StopReason,
    },
    /// There is no solution at all (proved).
    Unsatisfiable,
    /// A limit stopped the search before any solution was found.
    Stopped(StopReason),
}

impl OptimizeOutcome {
    /// The best solution found, if any.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            OptimizeOutcome::Optimal { solution, .. } | OptimizeOutcome::Best { solution, .. } => {
                Some(solution)
            }
            _ => None,
        }
    }

    /// The objective's value in the best solution found, if any.
    pub fn value(&self) -> Option<Value> {
        match *self {
            OptimizeOutcome::Optimal { value, .. } | OptimizeOutcome::Best { value, .. } => {
                Some(value)
            }
            _ => None,
        }
    }

    /// Whether the answer is proven: an optimal solution, or no solution.
    pub fn is_proven(&self) -> bool {
        matches!(
            self,
            OptimizeOutcome::Optimal { .. } | OptimizeOutcome::Unsatisfiable
        )
    }

    /// The outcome of a run that found `best` (the last improving solution
    /// and its value, if any) and ended with `status`.
    fn new(best: Option<(Solution, Value)>, status: SearchStatus) -> Self {
        match (best, status) {
            (Some((solution, value)), SearchStatus::Complete) => {
                OptimizeOutcome::Optimal { solution, value }
            }
            (Some((solution, value)), SearchStatus::Stopped(reason)) => OptimizeOutcome::Best {
                solution,
                value,
                reason,
            },
            (None, SearchStatus::Complete) => OptimizeOutcome::Unsatisfiable,
            (None, SearchStatus::Stopped(reason)) => OptimizeOutcome::Stopped(reason),
        }
    }
}

impl<'m> Solver<'m> {
    /// The solution with the smallest value of `var`, by branch and bound
    /// (see the [`optimize`](crate::search::optimize) module). An error only
    /// if `var` is not a variable of the model.
    ///
    /// ```
    /// use csp_core::{Model, OptimizeOutcome, Solver};
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9)?;
    /// let y = model.new_var(0..=9)?;
    /// model.less_than(x, y)?; // x < y, so x is at most 8
    /// let mut solver = Solver::new(&model);
    /// match solver.maximize(x)? {
    ///     OptimizeOutcome::Optimal { solution, value } => {
    ///         assert_eq!(value, 8);
    ///         assert_eq!(solution[y], 9);
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimize(&mut self, var: VarId) -> Result<OptimizeOutcome, ModelError> {
        self.optimize(Objective::Minimize(var))
    }

    /// The solution with the largest value of `var`; see
    /// [`minimize`](Self::minimize).
    pub fn maximize(&mut self, var: VarId) -> Result<OptimizeOutcome, ModelError> {
        self.optimize(Objective::Maximize(var))
    }

    /// Optimises `objective` to the end (or to a limit) and returns the best
    /// solution found, saying whether it is proven optimal.
    pub fn optimize(&mut self, objective: Objective) -> Result<OptimizeOutcome, ModelError> {
        let mut run = self.improvements(objective)?;
        let best = run.by_ref().last();
        let status = run.status.unwrap_or(SearchStatus::Complete);
        Ok(OptimizeOutcome::new(best, status))
    }

    /// A lazy iterator over the improving solutions of a branch-and-bound
    /// run: each one strictly better than the one before, with the
    /// objective's value. When it returns `None`,
    /// [`Improvements::status`] says whether the search was complete (then
    /// the last solution is optimal) or stopped by a limit. Use it to show
    /// progress or to stop when a solution is good enough.
    ///
    /// ```
    /// use csp_core::{Model, Objective, SearchStatus, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(3, 1..=3)?;
    /// model.all_different(&xs)?;
    /// let mut solver = Solver::new(&model);
    /// let mut run = solver.improvements(Objective::Maximize(xs[0]))?;
    /// let values: Vec<i32> = run.by_ref().map(|(_, value)| value).collect();
    /// assert_eq!(values, vec![1, 2, 3]); // smallest values are tried first
    /// assert_eq!(run.status(), Some(SearchStatus::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn improvements(
        &mut self,
        objective: Objective,
    ) -> Result<Improvements<'_, 'm>, ModelError> {
        self.model().check_var(objective.var())?;
        self.start_run().ok();
        self.allow_restarts();
        self.set_objective(objective);
        Ok(Improvements {
            solver: self,
            objective,
            status: None,
        })
    }
}

/// The improving solutions of a branch-and-bound run; see
/// [`Solver::improvements`].
#[derive(Debug)]
pub struct Improvements<'s, 'm> {
    solver: &'s mut Solver<'m>,
    objective: Objective,
    status: Option<SearchStatus>,
}

impl Improvements<'_, '_> {
    /// How the search ended, once the iterator has returned `None`:
    /// `Complete` if the last solution returned is optimal (or, if none was
    /// returned, there is no solution).
    pub fn status(&self) -> Option<SearchStatus> {
        self.status
    }

    /// The objective being optimised.
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }
}

impl Iterator for Improvements<'_, '_> {
    type Item = (Solution, Value);

    fn next(&mut self) -> Option<(Solution, Value)> {
        if self.status.is_some() {
            return None;
        }
        if let Some(limit) = self.solver.options().limits.solutions {
            if self.solver.stats().solutions >= limit {
                self.status = Some(SearchStatus::Stopped(StopReason::SolutionLimit));
                return None;
            }
        }
        match self.solver.next_leaf() {
            Ok(()) => {
                let solution = self.solver.current_solution();
                let value = solution[self.objective.var()];
                self.solver.improve_to(value);
                Some((solution, value))
            }
            Err(status) => {
                self.status = Some(status);
                None
            }
        }
    }
}
