//! Search statistics.

use std::time::Duration;

/// What one search run did. All counters are deterministic: the same model,
/// options and seed give the same numbers; only `elapsed` varies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Decisions taken (search nodes below the root).
    pub nodes: u64,
    /// Propagations that failed (including refutations that failed).
    pub failures: u64,
    /// Propagator calls.
    pub propagations: u64,
    /// Deepest decision level reached.
    pub max_depth: u32,
    /// Solutions found.
    pub solutions: u64,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Stats {
    /// The same statistics with `elapsed` zeroed, for comparing two runs.
    pub fn without_time(self) -> Stats {
        Stats {
            elapsed: Duration::ZERO,
            ..self
        }
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} nodes, {} failures, {} propagations, max depth {}, {} solutions, {:.3} ms",
            self.nodes,
            self.failures,
            self.propagations,
            self.max_depth,
            self.solutions,
            self.elapsed.as_secs_f64() * 1e3
        )
    }
}
