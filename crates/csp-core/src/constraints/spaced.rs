//! Equal values far apart in a line: two cells of a line holding the same
//! value `v` have at least `v` cells between them (Ripple Effect).
//!
//! # Background
//!
//! [`EqualApart`] is posted on a line of variables (a row or a column):
//! for positions `i < j` with `x_i = x_j = v`, it requires `j - i > v`.
//! It is a conjunction of binary constraints, one per pair of positions,
//! and the propagator makes each of them domain consistent: the pair
//! `(x_i, x_j)` forbids only `x_i = x_j = v` with `j - i <= v`, so a value
//! `v` of `x_j` loses its support exactly when a cell within `v` positions
//! is fixed to `v` ("too close"). That is forward checking on the pairs,
//! and exact on a fixed line.
//!
//! # Practical
//!
//! A call scans the line's fixed cells and, for each, the `v` cells on
//! either side: `O(n + sum of the fixed values)`, no allocation. It wakes
//! when a cell is fixed, at priority level 1; it is not idempotent (a
//! removal can fix a cell, whose value then reaches farther). For
//! learning, a removal of `v` is explained by the cell fixed to `v` within
//! reach.
//!
//! ```
//! use csp_core::{Model, Solver};
//! let mut model = Model::new();
//! let row = model.new_vars(5, 1..=3)?;
//! model.equal_values_apart(&row)?;
//! model.fix(row[0], 2)?;
//! let mut solver = Solver::new(&model);
//! let domains = solver.propagate().unwrap();
//! // Two cells of gap at least: no 2 in the next two cells.
//! assert!(!domains.contains(row[1], 2) && !domains.contains(row[2], 2));
//! assert!(domains.contains(row[3], 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! Nikoli's Ripple Effect (Hakyuu) rules; the pairwise decomposition is
//! the textbook one (arc consistency on binary constraints).

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// A value already placed within that many cells.
    pub const TOO_CLOSE: &str = "equal values apart: too close";
}

/// Two equal values `v` of a line have at least `v` cells between them.
/// Post it with [`Model::equal_values_apart`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct EqualApart {
    line: Vec<VarId>,
}

impl EqualApart {
    /// The cells within reach of position `i` for value `v` (`v` on each
    /// side), but `i`.
    fn near(&self, i: usize, v: Value) -> impl Iterator<Item = usize> + use<> {
        let reach = usize::try_from(v).unwrap_or(0);
        let n = self.line.len();
        (i.saturating_sub(reach)..n.min(i.saturating_add(reach).saturating_add(1)))
            .filter(move |&j| j != i)
    }
}

impl Constraint for EqualApart {
    fn scope(&self) -> &[VarId] {
        &self.line
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        (0..values.len()).all(|i| self.near(i, values[i]).all(|j| values[j] != values[i]))
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::TOO_CLOSE);
        for (i, &x) in self.line.iter().enumerate() {
            if let Some(v) = ctx.value(x) {
                for j in self.near(i, v) {
                    ctx.remove(self.line[j], v)?;
                }
            }
        }
        Ok(())
    }

    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        if let crate::Explaining::Removal { var, value } = what {
            if let Some(j) = self.line.iter().position(|&x| x == var) {
                if let Some(i) = self
                    .near(j, value)
                    .find(|&i| ctx.value(self.line[i]) == Some(value))
                {
                    ctx.push(Literal::eq(self.line[i], value));
                    return;
                }
            }
        }
        ctx.push_scope(&self.line);
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn name(&self) -> &str {
        "equal values apart"
    }
}

impl Model {
    /// In the `line` (a row or a column, in order), two cells holding the
    /// same value `v` have at least `v` cells between them: the rule of
    /// Ripple Effect. The cells must be distinct. Forward checking, which
    /// is domain consistent on each pair of cells; see
    /// [`constraints::spaced`](crate::constraints::spaced).
    ///
    /// ```
    /// use csp_core::{Model, Solver};
    /// let mut model = Model::new();
    /// let row = model.new_vars(3, 1..=2)?;
    /// model.equal_values_apart(&row)?;
    /// // 1 2 1 is the only row: one cell between the 1s is enough, but
    /// // two 2s need two cells between them, and two 1s cannot touch.
    /// assert_eq!(Solver::new(&model).count(None).count, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn equal_values_apart(&mut self, line: &[VarId]) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "equal values apart";
        self.check_distinct(NAME, line)?;
        self.post_distinct(
            Box::new(EqualApart {
                line: line.to_vec(),
            }),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    fn brute(n: usize, k: i32) -> u64 {
        let total = (k as u64).pow(n as u32);
        (0..total)
            .filter(|&code| {
                let vals: Vec<i32> = (0..n)
                    .map(|i| (code / (k as u64).pow(i as u32) % k as u64) as i32 + 1)
                    .collect();
                (0..n).all(|i| (i + 1..n).all(|j| vals[i] != vals[j] || (j - i) as i32 > vals[i]))
            })
            .count() as u64
    }

    #[test]
    fn lines_count_as_brute_force_says() {
        for n in 1..=6 {
            for k in 1..=4 {
                let mut m = Model::new();
                let x = m.new_vars(n, 1..=k).unwrap();
                m.equal_values_apart(&x).unwrap();
                assert_eq!(
                    Solver::new(&m).count(None).count,
                    brute(n, k),
                    "n {n} k {k}"
                );
            }
        }
    }

    #[test]
    fn a_placed_value_clears_its_reach() {
        let mut m = Model::new();
        let x = m.new_vars(7, 1..=4).unwrap();
        m.equal_values_apart(&x).unwrap();
        m.fix(x[3], 3).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        for j in [0, 1, 2, 4, 5, 6] {
            assert!(!d.contains(x[j], 3), "cell {j}");
        }
        assert!(m.equal_values_apart(&[x[0], x[0]]).is_err());
    }
}
