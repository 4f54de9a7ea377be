//! The Skyscrapers model: a Latin square and one clue constraint per clue.
//!
//! Every level of the ladder builds the same variables (one per cell, in
//! row-major order, over `1..=n`) and posts, in this order: an
//! `all_different` per row, then per column, then a `visible_count` per
//! clue (in the order of [`SkyscrapersPuzzle::clues`]), then whatever the
//! level adds. [`describe`] relies on that order.

use super::SkyscrapersPuzzle;
use crate::family::{Built, Cell};
use csp_core::{ConstraintId, Grid, Model, ModelError, Value};

/// How strongly a model reasons: the propagation of one ladder level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reasoning {
    /// The strength of the rows' and columns' `all_different`.
    pub latin: csp_core::Strength,
}

/// The model `solve`, `count` and `uniqueness` use.
pub const SOLVE: Reasoning = Reasoning {
    latin: csp_core::Strength::HiddenSingles,
};

impl Reasoning {
    /// The reasoning of ladder level `level` (the top level, search, has
    /// the solving model's).
    pub fn of_level(level: usize) -> Reasoning {
        match level {
            0 => Reasoning {
                latin: csp_core::Strength::HiddenSingles,
            },
            1 => Reasoning {
                latin: csp_core::Strength::DomainConsistent,
            },
            2 => Reasoning {
                latin: csp_core::Strength::DomainConsistent,
            },
            _ => SOLVE,
        }
    }
}

/// The model of `puzzle` with the propagation of `reasoning`.
pub fn build(puzzle: &SkyscrapersPuzzle, reasoning: Reasoning) -> Result<Built, ModelError> {
    let n = puzzle.size();
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, n, n, 1..=n as Value)?;
    for r in 0..n {
        model.all_different_with(grid.row(r), reasoning.latin)?;
    }
    let mut line = Vec::with_capacity(n);
    for c in 0..n {
        line.clear();
        line.extend((0..n).map(|r| grid.cells()[r * n + c]));
        model.all_different_with(&line, reasoning.latin)?;
    }
    for (side, i, k) in puzzle.clues() {
        line.clear();
        line.extend(
            puzzle
                .line(side, i)
                .iter()
                .map(|c| grid.cells()[c.row * n + c.col]),
        );
        model.visible_count(&line, k as usize)?;
    }
    for (i, &var) in grid.cells().iter().enumerate() {
        if let Some(v) = puzzle.given(Cell::new(i / n, i % n)) {
            model.fix(var, v as Value)?;
        }
    }
    let mut built = Built::new(model, n, n);
    built.cells = grid.cells().iter().copied().map(Some).collect();
    Ok(built)
}

/// A constraint of [`build`]'s model in words: "row 3", "column 2", "the
/// clue 4 left of row 1".
pub fn describe(puzzle: &SkyscrapersPuzzle, c: ConstraintId) -> String {
    let n = puzzle.size();
    let i = c.index();
    if i < n {
        return format!("row {}", i + 1);
    }
    if i < 2 * n {
        return format!("column {}", i - n + 1);
    }
    match puzzle.clues().nth(i - 2 * n) {
        Some((side, at, k)) => format!("the clue {k} {}", side.place(at)),
        None => format!("constraint {c}"),
    }
}
