//! Grading without a trace, for generators that grade many candidates:
//! the same answer as [`generic::explain`](crate::generic::explain)'s
//! grade (the lowest level whose root propagation fixes every cell, the
//! top level for a unique puzzle that needs search), at the cost of one
//! root propagation per level.

use crate::family::{Built, Family, Unique};
use csp_core::{Limits, Solver};

/// What root propagation of a level's model did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    /// Every cell fixed: the puzzle has exactly that one solution.
    Solved,
    /// A fixpoint with open cells.
    Open,
    /// A contradiction: no solution.
    Failed,
}

/// Root propagation of `built` (its assumptions applied).
pub(crate) fn root(built: &Built) -> Root {
    let mut s = Solver::with_options(&built.model, built.options.clone());
    if s.set_assumptions(&built.assumptions).is_err() {
        return Root::Failed;
    }
    match s.propagate() {
        Ok(d) if built.cells.iter().flatten().all(|&v| d.is_fixed(v)) => Root::Solved,
        Ok(_) => Root::Open,
        Err(_) => Root::Failed,
    }
}

/// Whether the propagation of ladder level `level` alone solves `puzzle`
/// (which makes its solution unique).
pub(crate) fn solved_at<F: Family>(family: &F, puzzle: &F::Puzzle, level: usize) -> bool {
    family
        .build_for_level(puzzle, level)
        .is_ok_and(|b| root(&b) == Root::Solved)
}

/// The puzzle's level on the family's ladder, or `None` if it has no
/// solution or several (or a limit stopped the search).
pub(crate) fn level_of<F: Family>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Option<usize> {
    let top = family.info().levels.len().saturating_sub(1);
    for level in 0..top {
        match family.build_for_level(puzzle, level).map(|b| root(&b)) {
            Ok(Root::Solved) => return Some(level),
            Ok(Root::Failed) | Err(_) => return None,
            Ok(Root::Open) => {}
        }
    }
    matches!(family.uniqueness(puzzle, limits).0, Unique::Unique(_)).then_some(top)
}

/// [`level_of`] for a generator that only keeps levels up to `cap`: the
/// puzzle's level if it is at most `cap`, else `None`. The search that
/// proves a top-level puzzle unique runs only when `cap` reaches the top,
/// so below it each call costs root propagations alone.
pub(crate) fn level_at_most<F: Family>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
    cap: usize,
) -> Option<usize> {
    let top = family.info().levels.len().saturating_sub(1);
    for level in 0..top.min(cap.saturating_add(1)) {
        match family.build_for_level(puzzle, level).map(|b| root(&b)) {
            Ok(Root::Solved) => return Some(level),
            Ok(Root::Failed) | Err(_) => return None,
            Ok(Root::Open) => {}
        }
    }
    (cap >= top && matches!(family.uniqueness(puzzle, limits).0, Unique::Unique(_))).then_some(top)
}
