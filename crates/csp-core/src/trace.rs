//! Explanations: an optional record of every deduction the engine makes.
//!
//! Turn it on with [`SearchOptions::trace`](crate::SearchOptions); it is off
//! by default and then costs one predictable branch per domain change. Puzzle
//! crates turn the events into human steps ("r4c5 = 7: naked single") and
//! difficulty grades.

use crate::constraint::ConstraintId;
use crate::variable::{Value, VarId};

/// One value removed (or one variable fixed) by a constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// Decision depth at which it happened (0 = before any decision).
    pub depth: u32,
    /// The variable whose domain shrank.
    pub var: VarId,
    /// For [`TraceEvent::Removed`], the removed value; for
    /// [`TraceEvent::Fixed`], the value the variable is left with.
    pub value: Value,
    /// The constraint that made the deduction.
    pub constraint: ConstraintId,
    /// The rule the constraint named with
    /// [`PropagationContext::set_rule`](crate::PropagationContext::set_rule),
    /// or `""`.
    pub rule: &'static str,
}

/// One step of a traced search, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceEvent {
    /// An assumption (a given) applied before the search.
    Given {
        /// The variable.
        var: VarId,
        /// Its value.
        value: Value,
    },
    /// An assumption other than `var = value` (`x != v`, `x <= v`,
    /// `x >= v`) applied before the search (see
    /// [`Solver::assume`](crate::Solver::assume)).
    Assumed {
        /// The literal made true.
        literal: crate::Literal,
    },
    /// The search tried `var = value`, opening decision level `depth`.
    Decision {
        /// The new depth (1 for the first decision).
        depth: u32,
        /// The variable.
        var: VarId,
        /// The value tried.
        value: Value,
    },
    /// After the decision `var = value` failed, the search goes on at `depth`
    /// with `var != value`.
    Refutation {
        /// The depth the refutation is made at.
        depth: u32,
        /// The variable.
        var: VarId,
        /// The value excluded.
        value: Value,
    },
    /// A constraint removed a value.
    Removed(Deduction),
    /// A constraint's change left a variable with a single value.
    Fixed(Deduction),
    /// A propagation failed.
    Conflict {
        /// Depth of the failing node.
        depth: u32,
        /// The constraint that failed, or `None` for a decision or given that
        /// contradicted the domains.
        constraint: Option<ConstraintId>,
        /// The rule the constraint named, or `""`.
        rule: &'static str,
    },
    /// A solution was reached at `depth`.
    Solution {
        /// Its depth.
        depth: u32,
    },
    /// The search went back to the root to start again (see
    /// [`Restarts`](crate::Restarts)): every decision is undone; the
    /// refutations made at depth 0 stay.
    Restart {
        /// Restarts so far in this run (1 for the first).
        count: u64,
    },
}

/// The decisions in force at event `index` of a trace: the `(var, value)`
/// pairs of the open decision levels, outermost first.
///
/// ```
/// use csp_core::{Model, SearchOptions, Solver, TraceEvent, trace::decisions_at};
/// let mut model = Model::new();
/// let xs = model.new_vars(3, 1..=3)?;
/// model.all_different(&xs)?;
/// let mut solver = Solver::with_options(&model, SearchOptions::default().with_trace(true));
/// solver.solve();
/// let trace = solver.trace();
/// let last = trace.len() - 1;
/// assert!(matches!(trace[last], TraceEvent::Solution { .. }));
/// assert!(!decisions_at(trace, last).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decisions_at(trace: &[TraceEvent], index: usize) -> Vec<(VarId, Value)> {
    let mut open: Vec<(VarId, Value)> = Vec::new();
    for event in trace.iter().take(index + 1) {
        match *event {
            TraceEvent::Decision { depth, var, value } => {
                open.truncate(depth as usize - 1);
                open.push((var, value));
            }
            TraceEvent::Refutation { depth, .. } => open.truncate(depth as usize),
            TraceEvent::Restart { .. } => open.clear(),
            _ => {}
        }
    }
    open
}
