//! Human solving techniques as csp-core plug-in constraints, used by the
//! grader, the explanations and the hints (never by the plain solver).
//!
//! Each technique is a [`Constraint`](csp_core::Constraint) with its own
//! [`Priority`](csp_core::Priority): the engine always runs the lowest
//! non-empty level first, so propagation applies singles (AllDifferent at
//! level 1) until they are exhausted, then locked candidates (2), pairs (3),
//! triples (4), quads (5) and fish (6). Each technique constraint makes one
//! deduction per call and is then queued again, so after every advanced
//! step the cheap ones run first, as a person would solve. Every deduction
//! is named with [`set_rule`](csp_core::PropagationContext::set_rule) for
//! the trace.

mod fish;
mod locked;
mod subsets;

pub(crate) use fish::Fish;
pub(crate) use locked::LockedCandidates;
pub(crate) use subsets::Subsets;

use crate::error::SudokuError;
use crate::rules::{GroupKind, Variant};
use csp_core::{Model, VarId};

/// What a constraint of a [`SudokuModel`](crate::SudokuModel) stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The AllDifferent of group `g` of the variant.
    Group(u32),
    /// The sum of cage `k`.
    Cage(u32),
    /// Locked candidates between groups `a` (box-like) and `b` (line-like).
    Intersection(u32, u32),
    /// Naked and hidden subsets of one size in group `g`.
    Subset(u32, u8),
    /// Fish over rows and columns.
    Fish,
}

/// Trace rule names of the techniques.
pub mod rules {
    /// Bounds of a killer cage's sum.
    pub const CAGE_SUM: &str = "cage sum";
    /// A value confined to one line inside a box leaves the rest of the line.
    pub const POINTING: &str = "locked candidates (pointing)";
    /// A value confined to one box inside a line leaves the rest of the box.
    pub const CLAIMING: &str = "locked candidates (claiming)";
    /// Two cells of a group holding only the same two values.
    pub const NAKED_PAIR: &str = "naked pair";
    /// Two values of a group fitting only the same two cells.
    pub const HIDDEN_PAIR: &str = "hidden pair";
    /// Three cells, three values.
    pub const NAKED_TRIPLE: &str = "naked triple";
    /// Three values, three cells.
    pub const HIDDEN_TRIPLE: &str = "hidden triple";
    /// Four cells, four values.
    pub const NAKED_QUAD: &str = "naked quad";
    /// Four values, four cells.
    pub const HIDDEN_QUAD: &str = "hidden quad";
    /// A fish of size 2.
    pub const X_WING: &str = "X-wing";
    /// A fish of size 3.
    pub const SWORDFISH: &str = "swordfish";
    /// A fish of size 4.
    pub const JELLYFISH: &str = "jellyfish";
}

/// Priority levels of the techniques.
pub(crate) const LEVEL_LOCKED: u8 = 2;
pub(crate) const LEVEL_PAIRS: u8 = 3;
pub(crate) const LEVEL_FISH: u8 = 6;

/// Adds every technique for `variant` to `model` (whose first variables are
/// the cells, row-major), recording each constraint's origin.
pub(crate) fn add_all(
    model: &mut Model,
    variant: &Variant,
    cells: &[VarId],
    origins: &mut Vec<Origin>,
) -> Result<(), SudokuError> {
    let n = variant.size();
    let var = |c: crate::Cell| cells[c.row * n + c.col];
    let groups = variant.groups();
    let houses: Vec<usize> = (0..groups.len())
        .filter(|&g| groups[g].is_house(n))
        .collect();
    // Locked candidates: every pair of houses sharing two or more cells.
    let box_like = |k: GroupKind| matches!(k, GroupKind::Box(_) | GroupKind::Region(_));
    for (i, &ga) in houses.iter().enumerate() {
        for &gb in &houses[i + 1..] {
            let (a, b) = if box_like(groups[gb].kind()) && !box_like(groups[ga].kind()) {
                (gb, ga)
            } else {
                (ga, gb)
            };
            let (ca, cb) = (groups[a].cells(), groups[b].cells());
            let inter: Vec<_> = ca.iter().filter(|c| cb.contains(c)).copied().collect();
            if inter.len() < 2 || inter.len() == n {
                continue;
            }
            let a_rest: Vec<VarId> = ca
                .iter()
                .filter(|c| !inter.contains(c))
                .map(|&c| var(c))
                .collect();
            let b_rest: Vec<VarId> = cb
                .iter()
                .filter(|c| !inter.contains(c))
                .map(|&c| var(c))
                .collect();
            let inter: Vec<VarId> = inter.iter().map(|&c| var(c)).collect();
            model.add(LockedCandidates::new(inter, a_rest, b_rest))?;
            origins.push(Origin::Intersection(a as u32, b as u32));
        }
    }
    // Subsets, pairs then triples then quads.
    for k in 2..=4u8 {
        if usize::from(k) * 2 > n {
            break;
        }
        for &g in &houses {
            let vars: Vec<VarId> = groups[g].cells().iter().map(|&c| var(c)).collect();
            model.add(Subsets::new(vars, k))?;
            origins.push(Origin::Subset(g as u32, k));
        }
    }
    // Fish on rows and columns.
    for k in 2..=4usize {
        if k * 2 > n {
            break;
        }
        model.add(Fish::new(cells.to_vec(), n, k))?;
        origins.push(Origin::Fish);
    }
    Ok(())
}

/// Calls `f` with every `k`-subset of `items` (as a slice of items, in
/// order) until it returns `true`; returns whether it did.
pub(crate) fn any_combination(items: &[u8], k: usize, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    fn rec(items: &[u8], k: usize, chosen: &mut Vec<u8>, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        if chosen.len() == k {
            return f(chosen);
        }
        let need = k - chosen.len();
        for i in 0..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen.push(items[i]);
            if rec(&items[i + 1..], k, chosen, f) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    if k == 0 || k > items.len() {
        return false;
    }
    let mut chosen = Vec::with_capacity(k);
    rec(items, k, &mut chosen, f)
}

/// The candidate mask of a cell: bit `v - 1` for value `v` (values 1 to
/// 64; a Sudoku cell's domain is `1..=size`).
#[inline]
pub(crate) fn mask(ctx: &csp_core::PropagationContext<'_>, var: VarId) -> u64 {
    match ctx.mask(var) {
        Some((1, m)) => m,
        Some((base, m)) if (1..=64).contains(&base) => m << (base - 1),
        _ => 0,
    }
}

/// Keeps only the values of `var` whose bits (as in [`mask`]) are set.
#[inline]
pub(crate) fn keep(
    ctx: &mut csp_core::PropagationContext<'_>,
    var: VarId,
    values: u64,
) -> Result<bool, csp_core::Conflict> {
    ctx.intersect_mask(var, 1, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Domain, Solver};

    /// A model of `domains.len()` variables with the given domains.
    fn vars(model: &mut Model, domains: &[&[i32]]) -> Vec<VarId> {
        domains
            .iter()
            .map(|d| model.new_var(Domain::from(d.to_vec())).unwrap())
            .collect()
    }

    fn after(model: &Model, xs: &[VarId]) -> Vec<Vec<i32>> {
        let mut s = Solver::new(model);
        let d = s.propagate().unwrap();
        xs.iter().map(|&x| d.iter(x).collect()).collect()
    }

    #[test]
    fn naked_pair_removes_its_values_from_the_rest() {
        let mut m = Model::new();
        let xs = vars(&mut m, &[&[1, 2], &[1, 2], &[1, 2, 3], &[1, 3, 4], &[3, 4]]);
        m.add(Subsets::new(xs.clone(), 2)).unwrap();
        let d = after(&m, &xs);
        assert_eq!(d[2], vec![3]);
        assert_eq!(d[3], vec![3, 4]);
    }

    #[test]
    fn hidden_pair_keeps_only_its_values() {
        let mut m = Model::new();
        // 1 and 2 fit only the first two cells.
        let xs = vars(
            &mut m,
            &[&[1, 2, 3, 4], &[1, 2, 4], &[3, 4], &[3, 4, 5], &[4, 5]],
        );
        m.add(Subsets::new(xs.clone(), 2)).unwrap();
        let d = after(&m, &xs);
        assert_eq!(d[0], vec![1, 2]);
        assert_eq!(d[1], vec![1, 2]);
    }

    #[test]
    fn pointing_and_claiming() {
        let mut m = Model::new();
        // I = 2 cells, A rest = 2 cells (box), B rest = 2 cells (line).
        let xs = vars(
            &mut m,
            &[&[1, 2], &[1, 3], &[2, 3], &[3, 4], &[1, 4], &[2, 4]],
        );
        m.add(LockedCandidates::new(
            xs[..2].to_vec(),
            xs[2..4].to_vec(),
            xs[4..].to_vec(),
        ))
        .unwrap();
        let d = after(&m, &xs);
        // 1 is only in I within the box: pointing removes it from the line.
        assert_eq!(d[4], vec![4]);
        // (2 also sits in the box outside I; claiming for 2 needs 2 out of
        // the line rest, which holds it: nothing.)
        assert_eq!(d[5], vec![2, 4]);
    }

    #[test]
    fn x_wing_clears_the_cover_columns() {
        // 4 x 4 grid; value 1 fits rows 0 and 2 only in columns 0 and 3.
        let mut m = Model::new();
        let all: &[i32] = &[1, 2, 3, 4];
        let no1: &[i32] = &[2, 3, 4];
        let rows: [[&[i32]; 4]; 4] = [
            [all, no1, no1, all],
            [all, all, all, all],
            [all, no1, no1, all],
            [all, all, all, all],
        ];
        let flat: Vec<&[i32]> = rows.iter().flatten().copied().collect();
        let xs = vars(&mut m, &flat);
        m.add(Fish::new(xs.clone(), 4, 2)).unwrap();
        let d = after(&m, &xs);
        for r in [1, 3] {
            assert!(!d[r * 4].contains(&1) && !d[r * 4 + 3].contains(&1));
            assert!(d[r * 4 + 1].contains(&1));
        }
    }

    #[test]
    fn combinations_are_visited_in_order() {
        let mut seen = Vec::new();
        let found = any_combination(&[1, 2, 3, 4], 2, &mut |c| {
            seen.push(c.to_vec());
            false
        });
        assert!(!found);
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[0], vec![1, 2]);
        assert_eq!(seen[5], vec![3, 4]);
    }
}
