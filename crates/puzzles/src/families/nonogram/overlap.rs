//! The simple line rule of the ladder's first level: the *overlap method*
//! on each line alone.
//!
//! # Background
//!
//! Beginners solve a Nonogram line by sliding every run as far left as it
//! can go and as far right as it can go, given the cells already decided:
//! a cell that run `j` covers in both extreme placements is filled (the
//! run's overlap), and a cell that no run can reach, between the right end
//! of run `j` pushed right and the left end of run `j + 1` pushed left, is
//! empty. This "left-right overlap" is the first rule of every solver
//! survey; it is weaker than exact line solving (which considers every
//! placement of the line, not only the two extreme ones), so it tells
//! easy puzzles from those that need full line reasoning.
//!
//! # Practical
//!
//! The extreme placements respect the decided cells: a table `fits[j][p]`
//! ("runs `j..` can be placed in cells `p..`") lets a greedy walk take each
//! run at its leftmost start with no backtracking; the rightmost placement
//! is the same walk on the reversed line. Each run's start lies between its
//! two extremes in every placement, so both deductions are sound.
//! `O(k * n)` per call for `k` runs on `n` cells. This constraint exists
//! for grading only (the solving model uses csp-core's exact
//! [`nonogram_line`](csp_core::Model::nonogram_line)), so it keeps its
//! tables in plain vectors.
//!
//! # References
//!
//! J. Wolter, *Survey of Paint-by-Number puzzle solvers*, webpbn.com (the
//! left-right overlap line solver); K. J. Batenburg, W. A. Kosters,
//! *Solving Nonograms by combining relaxations*, Pattern Recognition 42
//! (2009) (the leftmost and rightmost placements).

use csp_core::{Conflict, Constraint, Priority, PropagationContext, Value, VarId};

/// The rule name of the overlap deductions in traces.
pub(crate) const RULE: &str = "overlap";

/// One line under the overlap method.
#[derive(Clone, Debug)]
pub(crate) struct OverlapLine {
    cells: Vec<VarId>,
    runs: Vec<usize>,
}

impl OverlapLine {
    pub(crate) fn new(cells: Vec<VarId>, runs: Vec<usize>) -> OverlapLine {
        OverlapLine { cells, runs }
    }
}

/// Whether `values` (0/1) has exactly the runs `runs`.
pub(crate) fn has_runs(values: impl IntoIterator<Item = bool>, runs: &[usize]) -> bool {
    let mut got = runs.iter();
    let mut current = 0;
    for v in values.into_iter().chain(std::iter::once(false)) {
        if v {
            current += 1;
        } else if current > 0 {
            if got.next() != Some(&current) {
                return false;
            }
            current = 0;
        }
    }
    got.next().is_none()
}

/// The leftmost start of each run consistent with the cells (`can0[i]`,
/// `can1[i]`: cell `i` may be empty, filled), or `None` if the line has no
/// placement.
pub(crate) fn leftmost(can0: &[bool], can1: &[bool], runs: &[usize]) -> Option<Vec<usize>> {
    let n = can0.len();
    let k = runs.len();
    let w = n + 2;
    // fits[j * w + p]: runs j.. fit in cells p.. (p <= n).
    let mut fits = vec![false; (k + 1) * w];
    // No run left: no cell of p.. may be filled.
    let mut clear = true;
    for p in (0..=n).rev() {
        if p < n {
            clear &= can0[p];
        }
        fits[k * w + p] = clear;
    }
    // Run r can start at p: cells p..p + r may be filled and the cell
    // after may be empty (or is the end).
    let run_at = |p: usize, r: usize| -> bool {
        p + r <= n && (p..p + r).all(|i| can1[i]) && (p + r == n || can0[p + r])
    };
    for j in (0..k).rev() {
        let r = runs[j];
        for p in (0..=n).rev() {
            let skip = p < n && can0[p] && fits[j * w + p + 1];
            let take = run_at(p, r) && fits[(j + 1) * w + (p + r + 1).min(n)];
            fits[j * w + p] = skip || take;
        }
    }
    if !fits[0] {
        return None;
    }
    let mut starts = Vec::with_capacity(k);
    let mut p = 0;
    for (j, &r) in runs.iter().enumerate() {
        while !(run_at(p, r) && fits[(j + 1) * w + (p + r + 1).min(n)]) {
            p += 1;
        }
        starts.push(p);
        p = (p + r + 1).min(n);
    }
    Some(starts)
}

/// The overlap method on one line: for each cell, `Some(true)` if it must
/// be filled, `Some(false)` if it must be empty, `None` if undecided; `None`
/// overall if the line has no placement.
pub(crate) fn deduce(can0: &[bool], can1: &[bool], runs: &[usize]) -> Option<Vec<Option<bool>>> {
    let n = can0.len();
    let left = leftmost(can0, can1, runs)?;
    let rev0: Vec<bool> = can0.iter().rev().copied().collect();
    let rev1: Vec<bool> = can1.iter().rev().copied().collect();
    let runs_back: Vec<usize> = runs.iter().rev().copied().collect();
    let back = leftmost(&rev0, &rev1, &runs_back)?;
    let k = runs.len();
    let mut out = vec![None; n];
    let mut reach = vec![false; n];
    for (j, &r) in runs.iter().enumerate() {
        // The rightmost start of run j, from its start on the reversed line.
        let right = n - back[k - 1 - j] - r;
        for cell in out.iter_mut().take(left[j] + r).skip(right) {
            *cell = Some(true);
        }
        for cell in &mut reach[left[j]..right + r] {
            *cell = true;
        }
    }
    for (cell, &reached) in out.iter_mut().zip(&reach) {
        if !reached {
            *cell = Some(false);
        }
    }
    Some(out)
}

impl Constraint for OverlapLine {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().all(|&v| v == 0 || v == 1)
            && has_runs(values.iter().map(|&v| v == 1), &self.runs)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(RULE);
        let can0: Vec<bool> = self.cells.iter().map(|&c| ctx.contains(c, 0)).collect();
        let can1: Vec<bool> = self.cells.iter().map(|&c| ctx.contains(c, 1)).collect();
        let Some(cells) = deduce(&can0, &can1, &self.runs) else {
            return Err(ctx.conflict());
        };
        for (&var, cell) in self.cells.iter().zip(cells) {
            if let Some(filled) = cell {
                ctx.fix(var, Value::from(filled))?;
            }
        }
        Ok(())
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn name(&self) -> &str {
        "nonogram overlap"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(line: &str, runs: &[usize]) -> Option<Vec<usize>> {
        let can0: Vec<bool> = line.chars().map(|c| c != '#').collect();
        let can1: Vec<bool> = line.chars().map(|c| c != '.').collect();
        leftmost(&can0, &can1, runs)
    }

    #[test]
    fn leftmost_placements_respect_decided_cells() {
        assert_eq!(left("?????", &[2, 1]), Some(vec![0, 3]));
        assert_eq!(left("?.???", &[2, 1]), None);
        assert_eq!(left("??.??", &[2, 1]), Some(vec![0, 3]));
        // A filled cell far right drags the last run there.
        assert_eq!(left("?????#", &[1, 1]), Some(vec![0, 5]));
        // The first run stops before a filled cell the second one takes.
        assert_eq!(left("???#??", &[2, 1]), Some(vec![0, 3]));
        // A filled cell no later run can take pulls the first run to it.
        assert_eq!(left("???#??", &[2]), Some(vec![2]));
        assert_eq!(left("", &[]), Some(vec![]));
        assert_eq!(left("#", &[]), None);
    }

    /// Every 0/1 line of `can0`/`can1`'s length that the masks allow and
    /// whose runs are `runs`.
    fn placements(can0: &[bool], can1: &[bool], runs: &[usize]) -> Vec<Vec<bool>> {
        let n = can0.len();
        (0u32..1 << n)
            .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|line| {
                line.iter()
                    .enumerate()
                    .all(|(i, &b)| if b { can1[i] } else { can0[i] })
            })
            .filter(|line| has_runs(line.iter().copied(), runs))
            .collect()
    }

    proptest::proptest! {
        /// Against brute force over every line the masks allow: every
        /// deduction agrees with every placement (sound), and the rule
        /// fails exactly when no placement exists.
        #[test]
        fn deductions_are_sound(
            picture in proptest::collection::vec(proptest::bool::ANY, 1..10),
            mask in proptest::collection::vec(0u8..4, 10),
            other_runs in proptest::bool::ANY,
        ) {
            let n = picture.len();
            let mut runs = Vec::new();
            let mut r = 0;
            for &b in picture.iter().chain([false].iter()) {
                if b { r += 1 } else if r > 0 { runs.push(r); r = 0; }
            }
            if other_runs && !runs.is_empty() {
                runs[0] += 1;
            }
            // 0: unknown, 1: known empty, 2: known filled, 3: unknown.
            let can0: Vec<bool> = (0..n).map(|i| mask[i] != 2).collect();
            let can1: Vec<bool> = (0..n).map(|i| mask[i] != 1).collect();
            let all = placements(&can0, &can1, &runs);
            match deduce(&can0, &can1, &runs) {
                None => proptest::prop_assert!(all.is_empty()),
                Some(cells) => {
                    proptest::prop_assert!(!all.is_empty());
                    for line in &all {
                        for (i, c) in cells.iter().enumerate() {
                            if let Some(v) = c {
                                proptest::prop_assert_eq!(line[i], *v, "cell {} of {:?}", i, line);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn overlap_fills_the_middle_of_a_long_run() {
        let free = vec![true; 5];
        let got = deduce(&free, &free, &[3]).unwrap();
        assert_eq!(got, vec![None, None, Some(true), None, None]);
        let got = deduce(&free, &free, &[2, 2]).unwrap();
        assert_eq!(
            got,
            vec![Some(true), Some(true), Some(false), Some(true), Some(true)]
        );
    }

    #[test]
    fn runs_are_read_from_values() {
        assert!(has_runs([true, true, false, true], &[2, 1]));
        assert!(!has_runs([true, true, true, false], &[2, 1]));
        assert!(has_runs([false, false], &[]));
    }
}
