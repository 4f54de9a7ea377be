//! Failed-literal probing: try each value of each open variable, and
//! remove the values whose propagation fails.
//!
//! # Background
//!
//! Propagation alone sees each constraint on its own. Probing asks the
//! whole model a question per value: with `x = v` added, does propagation
//! fail? If it does, `x != v` holds at this node, and removing `v` may
//! trigger more propagation, so the pass repeats until no probe fails.
//! This is singleton arc consistency's cheap form (one pass to a
//! fixpoint, no caching of supports), and the main tool of the strongest
//! Nonogram solvers, whose line solving stalls on puzzles that are not
//! line-solvable: a cell is probed both ways and the failing side settles
//! it without a branch.
//!
//! # Practical
//!
//! [`Probing::Root`] probes once, at the root of each run (after the
//! assumptions); [`Probing::EveryNode`] at every node before branching,
//! which prunes most but costs a propagation per open value at every
//! node. Only the decision variables are probed when
//! [`SearchOptions::with_decision_vars`](crate::SearchOptions::with_decision_vars)
//! names them (all variables otherwise), and only variables with at most
//! [`PROBE_MAX_VALUES`] values, so a wide auxiliary domain never costs a
//! thousand propagations. A probe is a trailed sub-level: it is undone
//! before the next one, so probing changes no state but the values it
//! removes, and a probe that fails does not add to the dom/wdeg weights
//! (it is not a failure of the search). Probing is deterministic
//! (variables in index order, values ascending); its propagations count
//! in [`Stats::propagations`](crate::Stats::propagations), and its
//! removals are neither decisions nor failures. The solutions and their
//! number never change; the order in which they are found can, when the
//! variable order looks at domain sizes (probing leaves smaller ones).
//! With tracing on, probing is skipped, so that every traced removal has
//! a constraint as its reason.
//!
//! # References
//!
//! - R. Debruyne and C. Bessière, "Some Practicable Filtering Techniques
//!   for the Constraint Satisfaction Problem", IJCAI 1997 (singleton arc
//!   consistency).
//! - J. Wolter, "pbnsolve", probing on paint-by-number puzzles (2009-2013);
//!   K.-J. Batenburg and W. A. Kosters, "Solving Nonograms by combining
//!   relaxations", Pattern Recognition 42 (2009).

use super::engine::Solver;
use crate::constraint::Conflict;

/// Variables with more values than this are not probed.
pub const PROBE_MAX_VALUES: u32 = 16;

/// When the search probes values (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Probing {
    /// Never (the default).
    #[default]
    Off,
    /// Once per run, at the root, after the assumptions.
    Root,
    /// At every node, before branching.
    EveryNode,
}

impl Solver<'_> {
    /// Probes every open value of the probed variables at the current node,
    /// to a fixpoint. `Err` if the node fails.
    pub(super) fn probe_node(&mut self) -> Result<(), Conflict> {
        let level = self.decision_level();
        let n = self.probe_var_count();
        // Round and round the variables until `n` in a row probe without a
        // removal: the same fixpoint as repeating whole passes, without the
        // last pass that only confirms it.
        let (mut k, mut unchanged) = (0, 0);
        while unchanged < n {
            let var = self.probe_var(k);
            k = (k + 1) % n;
            unchanged += 1;
            let size = self.domains().size(var);
            if !(2..=PROBE_MAX_VALUES).contains(&size) {
                continue;
            }
            let mut next = self.domains().min(var);
            while let Some(value) = next {
                if self.probe_fails(level, var, value) {
                    self.remove_at_node(var, value)?;
                    unchanged = 0;
                }
                if self.domains().is_fixed(var) {
                    break;
                }
                next = self.domains().iter(var).find(|&v| v > value);
            }
        }
        Ok(())
    }
}
