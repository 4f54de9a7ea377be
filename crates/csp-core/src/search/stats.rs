//! Search statistics.

use std::time::Duration;

/// What one search run did. All counters are deterministic: the same model,
/// options and seed give the same numbers; only `elapsed` and `cpu_time`
/// vary.
///
/// # Counting as Gecode does
///
/// The engine branches two ways: a *decision* `x = v` opens the left child
/// of a node, and when that subtree is done, the *refutation* `x != v` is
/// the right child. The counters follow Gecode's `Search::Statistics`, so
/// figures from the two solvers can be lined up:
///
/// - [`nodes`](Stats::nodes) is Gecode's `node`: every node of the search
///   tree that was propagated: the root, every decision and every
///   refutation, failed or not (a solution is a node too). A complete
///   search of a binary tree therefore has `nodes = 1 + 2 * decisions`.
///   One difference: Gecode propagates the root before its search starts
///   and does not count it when it fails; here the root is always node 1.
/// - [`failures`](Stats::failures) is Gecode's `fail`: the nodes whose
///   propagation failed (plus the full assignments a user constraint's
///   check rejected, which Gecode would see as a failed propagation).
/// - [`decisions`](Stats::decisions) are the left branches alone: what a
///   node limit bounds ([`Limits::nodes`](crate::Limits::nodes)), and the
///   "guesses" a puzzle needed. MiniZinc solvers report Gecode's `node`
///   under the name `nodes`; "choice points" in other solvers are closer to
///   decisions.
/// - [`max_depth`](Stats::max_depth) is Gecode's `depth`: the deepest
///   decision level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Stats {
    /// Decisions taken: the branches `x = v` (left children).
    pub decisions: u64,
    /// Search-tree nodes propagated: the root, every decision and every
    /// refutation `x != v` (Gecode's `node`).
    pub nodes: u64,
    /// Nodes that failed (including refutations that failed), and full
    /// assignments a user constraint rejected (Gecode's `fail`).
    pub failures: u64,
    /// Propagator calls.
    pub propagations: u64,
    /// Deepest decision level reached.
    pub max_depth: u32,
    /// Solutions found.
    pub solutions: u64,
    /// Restarts from the root (see [`Restarts`](crate::Restarts)); each
    /// new root is also a node.
    pub restarts: u64,
    /// Wall time of the run.
    pub elapsed: Duration,
    /// CPU time of the thread that ran the search, when asked for
    /// ([`SearchOptions::with_cpu_time`](crate::SearchOptions::with_cpu_time))
    /// and the platform gives it (Linux: `/proc/thread-self/schedstat`);
    /// `None` otherwise, and when a run's calls moved between threads.
    /// On a busy machine it excludes the time other processes took; its
    /// resolution is the kernel's accounting (a scheduler tick, 1-4 ms, on
    /// some kernels), so sum it over many small runs.
    pub cpu_time: Option<Duration>,
}

impl Stats {
    /// The same statistics with `elapsed` (and `cpu_time`) zeroed, for
    /// comparing two runs.
    pub fn without_time(self) -> Stats {
        Stats {
            elapsed: Duration::ZERO,
            cpu_time: self.cpu_time.map(|_| Duration::ZERO),
            ..self
        }
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} decisions, {} nodes, {} failures, {} propagations, max depth {}, {} solutions, {} restarts, {:.3} ms",
            self.decisions,
            self.nodes,
            self.failures,
            self.propagations,
            self.max_depth,
            self.solutions,
            self.restarts,
            self.elapsed.as_secs_f64() * 1e3
        )
    }
}
