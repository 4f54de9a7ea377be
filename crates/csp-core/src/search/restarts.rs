//! Restart schedules: how many failures each attempt of a restarted search
//! may use before it starts again from the root.
//!
//! # Background
//!
//! A depth-first search that makes a bad decision near the root can spend
//! almost all its time below it: run times of backtracking search on
//! random and structured instances are heavy-tailed. Restarting after a
//! number of failures, with something changed between attempts (the
//! weights of dom/wdeg, which keep what earlier attempts learned about the
//! hard constraints, or a random value order), cuts the tail. Luby,
//! Sinclair and Zuckerman showed that the sequence
//! 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... of cutoffs is within a
//! logarithmic factor of the best fixed cutoff for any run-time
//! distribution, without knowing it; a geometric sequence grows faster and
//! suits searches whose attempts learn a lot.
//!
//! # Practical
//!
//! Cutoffs count failures (failed nodes), as most CP solvers do: each
//! attempt may fail `cutoff` times, then the search goes back to the root.
//! Cutoffs grow without bound (a geometric one by at least 1 each time), so
//! a restarted search stays complete: an attempt eventually has room to
//! exhaust the tree, which proves unsatisfiability or optimality. What the
//! attempts keep: dom/wdeg weights (Boussemart et al.), the random
//! generator's state (each attempt draws new values), the optimisation
//! bound, and refutations made at the root, which hold for good (the
//! subtree they close was exhausted).
//!
//! # References
//!
//! M. Luby, A. Sinclair and D. Zuckerman, *Optimal speedup of Las Vegas
//! algorithms*, Information Processing Letters 47(4), 1993. F. Boussemart,
//! F. Hemery, C. Lecoutre and L. Sais, *Boosting systematic search by
//! weighting constraints*, ECAI 2004. C. P. Gomes, B. Selman and H. Kautz,
//! *Boosting combinatorial search through randomization*, AAAI 1998.

/// When a search restarts from the root; see the
/// [module docs](crate::search::restarts).
///
/// Restarts apply to [`Solver::solve`](crate::Solver::solve) and to
/// optimisation ([`Solver::minimize`](crate::Solver::minimize) and the
/// like). Counting, enumerating solutions and checking uniqueness ignore
/// them: a restarted enumeration would report solutions again.
///
/// Restarting repeats the same search unless something changes between
/// attempts: use it with [`VariableOrder::DomWdeg`](crate::VariableOrder::DomWdeg)
/// (the weights learned carry over) or
/// [`ValueOrder::Random`](crate::ValueOrder::Random) (each attempt draws
/// other values from the same seeded generator), or both.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Restarts {
    /// Luby's sequence 1, 1, 2, 1, 1, 2, 4, ... times `scale` failures
    /// (a `scale` of 0 counts as 1).
    Luby {
        /// Failures per unit of the sequence (100 is a common choice).
        scale: u64,
    },
    /// `base`, `base * factor`, `base * factor^2`, ... failures, rounded up,
    /// each at least one more than the one before (so a `factor` of 1 still
    /// grows, and the search stays complete; a `factor` below 1, or not a
    /// number, counts as 1).
    Geometric {
        /// The first cutoff (0 counts as 1).
        base: u64,
        /// The growth per restart (1.5 is a common choice). With `f64`
        /// arithmetic, which is exact to the rounding rules of IEEE 754, so
        /// the cutoffs are the same on every machine.
        factor: f64,
    },
}

/// The sequence of cutoffs of one run.
#[derive(Clone, Debug)]
pub(crate) struct Schedule {
    restarts: Restarts,
    /// Attempts started (1 for the first).
    attempt: u64,
    /// The cutoff of the current attempt.
    cutoff: u64,
}

impl Schedule {
    /// The schedule at the first attempt.
    pub(crate) fn new(restarts: Restarts) -> Self {
        let cutoff = match restarts {
            Restarts::Luby { scale } => scale.max(1),
            Restarts::Geometric { base, .. } => base.max(1),
        };
        Schedule {
            restarts,
            attempt: 1,
            cutoff,
        }
    }

    /// The failures the current attempt may use.
    pub(crate) fn cutoff(&self) -> u64 {
        self.cutoff
    }

    /// Moves to the next attempt.
    pub(crate) fn advance(&mut self) {
        self.attempt += 1;
        self.cutoff = match self.restarts {
            Restarts::Luby { scale } => luby(self.attempt).saturating_mul(scale.max(1)),
            Restarts::Geometric { factor, .. } => {
                let factor = if factor >= 1.0 { factor } else { 1.0 }; // NaN too
                let grown = (self.cutoff as f64 * factor).ceil();
                let grown = if grown.is_finite() && grown < u64::MAX as f64 {
                    grown as u64
                } else {
                    u64::MAX
                };
                grown.max(self.cutoff.saturating_add(1))
            }
        };
    }
}

/// The `i`-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, ...:
/// `2^(k-1)` if `i = 2^k - 1`, else the term at `i - 2^(k-1) + 1` for the
/// `k` with `2^(k-1) <= i < 2^k - 1`.
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if k == 64 {
            return 1 << 63; // i = 2^64 - 1 is the only term this far out
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(u64::MAX), 1 << 63);
    }

    #[test]
    fn schedules_grow_and_never_stall() {
        let mut luby = Schedule::new(Restarts::Luby { scale: 10 });
        let mut cutoffs = vec![luby.cutoff()];
        for _ in 0..6 {
            luby.advance();
            cutoffs.push(luby.cutoff());
        }
        assert_eq!(cutoffs, vec![10, 10, 20, 10, 10, 20, 40]);

        let mut geo = Schedule::new(Restarts::Geometric {
            base: 4,
            factor: 1.5,
        });
        let mut cutoffs = vec![geo.cutoff()];
        for _ in 0..4 {
            geo.advance();
            cutoffs.push(geo.cutoff());
        }
        assert_eq!(cutoffs, vec![4, 6, 9, 14, 21]);

        for factor in [1.0, 0.5, f64::NAN, -3.0] {
            let mut flat = Schedule::new(Restarts::Geometric { base: 0, factor });
            let (a, _) = (flat.cutoff(), flat.advance());
            assert!(flat.cutoff() > a, "factor {factor}");
        }
        let mut huge = Schedule::new(Restarts::Geometric {
            base: u64::MAX - 1,
            factor: 10.0,
        });
        huge.advance();
        huge.advance();
        assert_eq!(huge.cutoff(), u64::MAX);
    }
}
