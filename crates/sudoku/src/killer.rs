//! Killer cages in the csp-core model: each cage is a sum of distinct
//! values, plus the cages the "45 rule" implies.
//!
//! Every cage is csp-core's [`all_different_sum`](csp_core::Model::all_different_sum),
//! domain consistent on its digit combinations. On top of the printed
//! cages the model posts the cages that Killer solvers derive from the
//! houses (Tatham's Solo does the same in its solver, as "extra cages"):
//! a house (row, column, box, region, diagonal) holds every value once, so
//! its cells add up to `n (n + 1) / 2`. Take away the cages that lie wholly
//! inside the house: the cells left over (the *innies*) are distinct (one
//! house) and add up to the rest, so they form a cage. When the innies all
//! belong to one printed cage that sticks out of the house, the part of
//! that cage outside the house is a cage too (distinct: one cage), with the
//! cage's total minus the innies'. These constraints are implied by the
//! rules, so they never change the solutions; they only let propagation
//! find what a solver would otherwise guess.

use crate::board::Cell;
use crate::rules::{GroupKind, Variant};
use crate::techniques::Origin;
use csp_core::{Model, ModelError, VarId};

/// Posts the printed cages, then the implied ones, recording each
/// constraint's origin.
pub(crate) fn post_cages(
    model: &mut Model,
    variant: &Variant,
    var: impl Fn(Cell) -> VarId,
    origins: &mut Vec<Origin>,
) -> Result<(), ModelError> {
    let n = variant.size();
    let cages = variant.cages();
    for (k, cage) in cages.iter().enumerate() {
        let vars: Vec<VarId> = cage.cells().iter().map(|&c| var(c)).collect();
        model.all_different_sum(&vars, i64::from(cage.sum()))?;
        origins.push(Origin::Cage(k as u32));
    }
    if cages.is_empty() {
        return Ok(());
    }
    let mut cage_of: Vec<Option<usize>> = vec![None; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for c in cage.cells() {
            cage_of[c.row * n + c.col] = Some(k);
        }
    }
    let full = (n * (n + 1) / 2) as i64;
    for (g, group) in variant.groups().iter().enumerate() {
        if !group.is_house(n) || matches!(group.kind(), GroupKind::Cage(_)) {
            continue;
        }
        let inside = |k: usize| cages[k].cells().iter().all(|c| group.cells().contains(c));
        let mut rest = full;
        let mut counted: Vec<usize> = Vec::new();
        let mut innies: Vec<Cell> = Vec::new();
        for &c in group.cells() {
            match cage_of[c.row * n + c.col] {
                Some(k) if inside(k) => {
                    if !counted.contains(&k) {
                        counted.push(k);
                        rest -= i64::from(cages[k].sum());
                    }
                }
                _ => innies.push(c),
            }
        }
        if innies.is_empty() || innies.len() == n {
            continue;
        }
        let vars: Vec<VarId> = innies.iter().map(|&c| var(c)).collect();
        model.all_different_sum(&vars, rest)?;
        origins.push(Origin::Group(g as u32));
        // The innies all in one printed cage: its outside part is a cage.
        let first = cage_of[innies[0].row * n + innies[0].col];
        if let Some(k) = first {
            if innies.iter().all(|c| cage_of[c.row * n + c.col] == first) {
                let outside: Vec<VarId> = cages[k]
                    .cells()
                    .iter()
                    .filter(|c| !innies.contains(c))
                    .map(|&c| var(c))
                    .collect();
                if !outside.is_empty() {
                    model.all_different_sum(&outside, i64::from(cages[k].sum()) - rest)?;
                    origins.push(Origin::Cage(k as u32));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{Board, Cage, Shape, SudokuModel, Variant};

    /// Counts the killer's solutions with the implied cages and by
    /// filtering the 288 grids of 4x4 Sudoku.
    fn counts(cages: Vec<Cage>) -> (u64, u64, usize) {
        let shape = Shape::new(4).unwrap();
        let killer = Variant::killer(shape, cages).unwrap();
        let model = SudokuModel::new(killer.clone()).unwrap();
        let got = model
            .solver()
            .count(&Board::blank(4).unwrap(), None)
            .unwrap();
        let classic = SudokuModel::new(Variant::classic(shape)).unwrap();
        let mut engine = csp_core::Solver::new(classic.model());
        let want = engine
            .solutions()
            .filter(|s| {
                let values: Vec<u8> = classic.cell_vars().iter().map(|&v| s[v] as u8).collect();
                killer.is_solved(&Board::from_values(shape, &values).unwrap())
            })
            .count();
        (got.count, want as u64, model.model().num_constraints())
    }

    // Cages planted on the grid 1234 / 3412 / 2143 / 4321.
    const A: &[(usize, usize)] = &[(0, 0), (0, 1)]; // 3
    const D: &[(usize, usize)] = &[(1, 0), (1, 1)]; // 7
    const E: &[(usize, usize)] = &[(2, 0), (3, 0)]; // 6

    #[test]
    fn innies_of_a_house_are_a_cage() {
        // Row 1 holds A; its innies r1c3, r1c4 lie in two cages.
        let cages = vec![
            Cage::from_positions(A, 3),
            Cage::from_positions(&[(0, 2), (1, 2)], 4),
            Cage::from_positions(&[(0, 3), (1, 3), (2, 3)], 9),
            Cage::from_positions(D, 7),
            Cage::from_positions(E, 6),
            Cage::from_positions(&[(2, 1), (2, 2), (3, 1)], 8),
        ];
        let (got, want, constraints) = counts(cages);
        assert_eq!(got, want);
        assert!(got >= 1);
        // The houses' propagator, 6 cage groups, 6 cages, and some implied
        // cages.
        assert!(constraints > 1 + 6 + 6, "{constraints}");
    }

    #[test]
    fn a_cage_sticking_out_of_a_house_splits() {
        // Row 1: A inside, the innies r1c3 r1c4 both in the 3-cell cage,
        // whose outside part r2c4 must then be 9 - (10 - 3) = 2.
        let cages = vec![
            Cage::from_positions(A, 3),
            Cage::from_positions(&[(0, 2), (0, 3), (1, 3)], 9),
            Cage::from_positions(D, 7),
            Cage::from_positions(E, 6),
        ];
        let (got, want, _) = counts(cages.clone());
        assert_eq!(got, want);
        let killer = Variant::killer(Shape::new(4).unwrap(), cages).unwrap();
        let model = SudokuModel::new(killer).unwrap();
        let mut solver = model.solver();
        solver.engine().propagate().unwrap();
        let r2c4 = model.var(1, 3).unwrap();
        assert_eq!(solver.engine().domains().value(r2c4), Some(2));
    }
}
