//! Sight count: the cells seen along lines of sight add up to a number
//! (Kurodoko, Tatham's Range; Cave).
//!
//! # Background
//!
//! A clue cell looks along *arms* (in a grid, the four directions from
//! it) and sees the open cells up to the first blocked one or the edge.
//! Over 0/1 variables, 1 for open, [`SightCount`] requires the leading
//! runs of 1s of the arms to add up to `total`. Kurodoko's clue counts
//! the cell itself too: post `total = clue - 1` and fix the clue cell
//! open.
//!
//! Per arm, the run is at least the number of leading cells fixed to 1
//! (`lo`) and at most the number of leading cells not fixed to 0 (`hi`).
//! The propagator fails when `sum lo > total` or `sum hi < total`, and
//! otherwise:
//!
//! - **must see**: an arm whose run must be at least
//!   `total - sum of the other arms' hi` has that many leading cells fixed
//!   to 1;
//! - **sees enough**: an arm whose run cannot exceed
//!   `cap = total - sum of the other arms' lo`, and cannot be longer than
//!   its leading 1s within that cap, has the next cell fixed to 0.
//!
//! A run of `l` cells needs its cell `l` (if any) blocked, so a length
//! whose next cell is fixed to 1 is impossible (the run would join the
//! open cells behind it): an arm's *reach* is its longest possible run
//! within its cap, and the *must see* bound uses the other arms' reach
//! rather than their `hi` (Tatham's Range reasons the same way: an
//! undecided cell that would join a run of open cells beyond it and so
//! see too many is blocked). That is bounds consistency on the run
//! lengths with those holes, and the whole rule on a fixed scope.
//!
//! # Practical
//!
//! One pass over the leading cells of each arm, twice: `O(length)` per
//! call, no allocation. It wakes when a cell is fixed and runs at priority
//! level 2. For learning, a *must see* is explained by the blocking cells
//! (fixed to 0) that end the other arms, a *sees enough* by the leading 1s
//! of every arm, and a failure by the one or the other; a deduction that
//! read a run beyond an open cell by every arm's fixed cells up to its
//! first blocking cell.
//!
//! ```
//! use csp_core::{Model, Solver};
//! // A clue between two arms of 3 cells that sees 4 cells besides itself.
//! let mut model = Model::new();
//! let left = model.new_vars(3, 0..=1)?;
//! let right = model.new_vars(3, 0..=1)?;
//! model.sight_count(&[left.clone(), right.clone()], 4)?;
//! // Runs (1, 3), (2, 2), (3, 1), each with the cells after it free or
//! // blocked: 2 + 1 + 2 = 5 ways.
//! assert_eq!(Solver::new(&model).count(None).count, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! S. Tatham's Portable Puzzle Collection, `range.c` (the same count,
//! reasoned about cell by cell).

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// The arms cannot see that many cells (or already see too many).
    pub const WRONG_COUNT: &str = "sight: wrong count";
    /// An arm must see at least this far.
    pub const MUST_SEE: &str = "sight: must see";
    /// An arm sees enough: the next cell blocks it.
    pub const SEES_ENOUGH: &str = "sight: sees enough";
}

/// The leading runs of 1s of the arms add up to a total. Post it with
/// [`Model::sight_count`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct SightCount {
    /// Every arm's cells, arm after arm, nearest first.
    cells: Vec<VarId>,
    /// Where each arm starts in `cells` (one more entry).
    start: Vec<usize>,
    total: u32,
}

/// The arms' runs: each arm's (lo, hi) at the moment, from a domain view.
fn runs(arm: &[VarId], value: impl Fn(VarId) -> Option<Value>) -> (u32, u32) {
    let lo = arm.iter().take_while(|&&v| value(v) == Some(1)).count();
    let hi = lo
        + arm[lo..]
            .iter()
            .take_while(|&&v| value(v) != Some(0))
            .count();
    (lo as u32, hi as u32)
}

/// The longest run an arm with bounds `(lo, hi)` can take within `cap`
/// cells: a run of `l` cells ends at the edge or at a cell that can block,
/// so a length whose next cell is fixed to 1 is skipped (the run would
/// join the open cells beyond it). `lo` itself always can.
fn reach(
    arm: &[VarId],
    (lo, hi): (u32, u32),
    cap: u32,
    value: impl Fn(VarId) -> Option<Value>,
) -> u32 {
    let top = hi.min(cap.max(lo));
    (lo..=top)
        .rev()
        .find(|&l| l as usize == arm.len() || value(arm[l as usize]) != Some(1))
        .unwrap_or(lo)
}

impl SightCount {
    fn arm(&self, a: usize) -> &[VarId] {
        &self.cells[self.start[a]..self.start[a + 1]]
    }

    fn arms(&self) -> usize {
        self.start.len() - 1
    }

    /// The sums of lo and hi over the arms.
    fn sums(&self, value: &impl Fn(VarId) -> Option<Value>) -> (u32, u32) {
        (0..self.arms()).fold((0, 0), |(l, h), a| {
            let (lo, hi) = runs(self.arm(a), value);
            (l + lo, h + hi)
        })
    }

    fn run(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        loop {
            let (sum_lo, sum_hi) = self.sums(&|v| ctx.value(v));
            if sum_lo > self.total || sum_hi < self.total {
                ctx.set_rule(rules::WRONG_COUNT);
                return Err(ctx.conflict());
            }
            // Each arm's longest possible run, given the others' least.
            let sum_reach: u32 = (0..self.arms())
                .map(|a| {
                    let arm = self.arm(a);
                    let (lo, hi) = runs(arm, |v| ctx.value(v));
                    reach(arm, (lo, hi), self.total - (sum_lo - lo), |v| ctx.value(v))
                })
                .sum();
            if sum_reach < self.total {
                ctx.set_rule(rules::WRONG_COUNT);
                return Err(ctx.conflict());
            }
            let mut changed = false;
            for a in 0..self.arms() {
                // The arms' cells are disjoint: this arm's bounds are
                // those `sum_reach` read.
                let arm = self.arm(a);
                let (lo, hi) = runs(arm, |v| ctx.value(v));
                let longest = reach(arm, (lo, hi), self.total - (sum_lo - lo), |v| ctx.value(v));
                let at_least = self.total.saturating_sub(sum_reach - longest);
                if at_least > lo {
                    ctx.set_rule(rules::MUST_SEE);
                    for &v in &arm[lo as usize..at_least as usize] {
                        changed |= ctx.fix(v, 1)?;
                    }
                } else if longest == lo && (lo as usize) < arm.len() {
                    ctx.set_rule(rules::SEES_ENOUGH);
                    changed |= ctx.fix(arm[lo as usize], 0)?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn explain_at(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) -> bool {
        let value = |v: VarId| ctx.value(v);
        let (sum_lo, sum_hi) = self.sums(&value);
        let ranges: Vec<(u32, u32)> = (0..self.arms()).map(|a| runs(self.arm(a), value)).collect();
        // The blocking cell of each arm but `except` (the bound hi).
        let push_blocks = |ctx: &mut crate::ExplainContext<'_>, except: Option<usize>| {
            for (a, &(_, hi)) in ranges.iter().enumerate() {
                if Some(a) != except && (hi as usize) < self.arm(a).len() {
                    ctx.push(Literal::eq(self.arm(a)[hi as usize], 0));
                }
            }
        };
        // The leading 1s of each arm (the bound lo).
        let push_ones = |ctx: &mut crate::ExplainContext<'_>| {
            for (a, &(lo, _)) in ranges.iter().enumerate() {
                for &v in &self.arm(a)[..lo as usize] {
                    ctx.push(Literal::eq(v, 1));
                }
            }
        };
        match what {
            crate::Explaining::Failure => {
                if sum_lo > self.total {
                    push_ones(ctx);
                } else if sum_hi < self.total {
                    push_blocks(ctx, None);
                } else {
                    return false;
                }
                true
            }
            crate::Explaining::Removal {
                var,
                value: removed,
            } => {
                let Some(i) = self.cells.iter().position(|&c| c == var) else {
                    return false;
                };
                let a = self.start.partition_point(|&s| s <= i) - 1;
                let t = (i - self.start[a]) as u32;
                let (lo, hi) = ranges[a];
                if removed == 0 && self.total + hi > sum_hi + t {
                    // Must see past t: the other arms see too little.
                    push_blocks(ctx, Some(a));
                    true
                } else if removed == 1 && t == lo && sum_lo >= self.total {
                    // Sees enough: every arm's leading 1s.
                    push_ones(ctx);
                    true
                } else {
                    false
                }
            }
        }
    }
}

impl Constraint for SightCount {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let seen: usize = (0..self.arms())
            .map(|a| {
                values[self.start[a]..self.start[a + 1]]
                    .iter()
                    .take_while(|&&v| v == 1)
                    .count()
            })
            .sum();
        seen == self.total as usize
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        self.run(ctx)
    }

    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        if !self.explain_at(ctx, what) {
            // A deduction that read a run beyond an open cell: every
            // arm's fixed cells up to its first blocking one (the cells
            // after it do not count).
            for a in 0..self.arms() {
                for &v in self.arm(a) {
                    match ctx.value(v) {
                        Some(0) => {
                            ctx.push(Literal::eq(v, 0));
                            break;
                        }
                        Some(x) => ctx.push(Literal::eq(v, x)),
                        None => {}
                    }
                }
            }
        }
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(2)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "sight count"
    }
}

impl Model {
    /// The leading runs of 1s of the `arms` add up to `total`: a clue that
    /// sees `total` open cells along its lines of sight (the arms list
    /// each line's cells, nearest first; 1 is open, 0 blocks the view).
    /// For Kurodoko, whose clue counts its own cell, pass the four arms of
    /// the clue cell and `clue - 1`.
    ///
    /// The cells must be distinct 0/1 variables; an arm may be empty (a
    /// clue at the edge). Propagation is bounds consistent on the run
    /// lengths; see [`constraints::sight`](crate::constraints::sight).
    ///
    /// ```
    /// use csp_core::{Model, Solver};
    /// let mut model = Model::new();
    /// let up = model.new_vars(2, 0..=1)?;
    /// let down = model.new_vars(2, 0..=1)?;
    /// model.sight_count(&[up.clone(), down.clone()], 4)?; // sees everything
    /// let mut solver = Solver::new(&model);
    /// let domains = solver.propagate().unwrap();
    /// assert!(up.iter().chain(&down).all(|&c| domains.value(c) == Some(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sight_count(
        &mut self,
        arms: &[Vec<VarId>],
        total: u32,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "sight count";
        let cells: Vec<VarId> = arms.iter().flatten().copied().collect();
        self.check_distinct(NAME, &cells)?;
        super::connected::check_booleans(self, NAME, &cells)?;
        let mut start = vec![0];
        for arm in arms {
            start.push(start.last().copied().unwrap_or(0) + arm.len());
        }
        if cells.is_empty() {
            // Nothing to see: only a total of 0 holds.
            return if total == 0 {
                Err(ModelError::EmptyScope {
                    constraint: NAME.to_owned(),
                })
            } else {
                Err(ModelError::InvalidArgument {
                    constraint: NAME.to_owned(),
                    reason: format!("no cell to see, but a total of {total}"),
                })
            };
        }
        let c = SightCount {
            cells,
            start,
            total,
        };
        self.post_distinct(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn counts_match_a_closed_form() {
        // Two arms of length L with total t: for each split (a, b) with
        // a + b = t, the cells after a blocked run are free.
        for len in 1..=4usize {
            for total in 0..=(2 * len) as u32 {
                let mut m = Model::new();
                let arms = vec![
                    m.new_vars(len, 0..=1).unwrap(),
                    m.new_vars(len, 0..=1).unwrap(),
                ];
                m.sight_count(&arms, total).unwrap();
                let ways = |r: usize| if r == len { 1u64 } else { 1 << (len - r - 1) };
                let want: u64 = (0..=len)
                    .filter(|&a| (total as usize) >= a && total as usize - a <= len)
                    .map(|a| ways(a) * ways(total as usize - a))
                    .sum();
                assert_eq!(
                    Solver::new(&m).count(None).count,
                    want,
                    "len {len} total {total}"
                );
            }
        }
    }

    #[test]
    fn a_satisfied_count_blocks_the_arms() {
        let mut m = Model::new();
        let a = m.new_vars(3, 0..=1).unwrap();
        let b = m.new_vars(3, 0..=1).unwrap();
        m.sight_count(&[a.clone(), b.clone()], 2).unwrap();
        m.fix(a[0], 1).unwrap();
        m.fix(b[0], 1).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.value(a[1]), Some(0));
        assert_eq!(d.value(b[1]), Some(0));
        assert_eq!(d.value(a[2]), None);
    }

    #[test]
    fn a_run_that_would_join_the_open_cells_beyond_is_blocked() {
        // Arm a: open, undecided, open; arm b: one undecided cell; the
        // clue sees 2 besides itself. Opening a[1] would make a see 3, so
        // it blocks, a sees 1 and b must see its cell.
        let mut m = Model::new();
        let a = m.new_vars(3, 0..=1).unwrap();
        let b = m.new_vars(1, 0..=1).unwrap();
        m.sight_count(&[a.clone(), b.clone()], 2).unwrap();
        m.fix(a[0], 1).unwrap();
        m.fix(a[2], 1).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.value(a[1]), Some(0));
        assert_eq!(d.value(b[0]), Some(1));
    }

    #[test]
    fn bad_input_is_rejected() {
        let mut m = Model::new();
        let a = m.new_vars(2, 0..=2).unwrap();
        assert!(
            m.sight_count(&[a], 1)
                .unwrap_err()
                .to_string()
                .contains("not 0/1")
        );
        let e = m.sight_count(&[vec![], vec![]], 2).unwrap_err();
        assert!(e.to_string().contains("no cell"), "{e}");
    }
}
