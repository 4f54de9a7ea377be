//! Counts with a closed form: n variables over m values under AllDifferent,
//! Latin squares of order 4, 4x4 Sudoku, n-queens for n = 1..=10.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::violated_constraint;
use csp_core::{
    Grid, Model, SearchOptions, SearchStatus, Solver, Strength, ValueOrder, VariableOrder,
};
use problems::{queens_all_different, queens_relations};

/// m! / (m - n)!, or 0 when n > m.
fn falling_factorial(m: u64, n: u64) -> u64 {
    if n > m { 0 } else { (m - n + 1..=m).product() }
}

fn complete_count(model: &Model, options: SearchOptions) -> u64 {
    let count = Solver::with_options(model, options).count(None);
    assert_eq!(count.status, SearchStatus::Complete);
    count.count
}

#[test]
fn n_variables_over_m_values_all_different() {
    for strength in Strength::ALL {
        for m in 1..=7u64 {
            for n in 1..=m + 2 {
                let mut model = Model::new();
                // An offset base, so values are not 1..=m.
                let xs = model.new_vars(n as usize, -3..=m as i32 - 4).unwrap();
                model.all_different_with(&xs, strength).unwrap();
                let want = falling_factorial(m, n);
                assert_eq!(
                    complete_count(&model, SearchOptions::default()),
                    want,
                    "{strength:?}: {n} variables over {m} values"
                );
            }
        }
    }
}

#[test]
fn all_different_over_sets_with_gaps() {
    // The same count whatever the values are: 5 variables over 6 scattered
    // values (negative, multi-word) give 6!/1! = 720.
    for strength in Strength::ALL {
        let mut model = Model::new();
        let xs = model.new_vars(5, [-40, -1, 0, 7, 63, 200]).unwrap();
        model.all_different_with(&xs, strength).unwrap();
        assert_eq!(
            complete_count(&model, SearchOptions::default()),
            720,
            "{strength:?}"
        );
    }
}

fn latin_square(order: usize, strength: Strength) -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, order, order, 1..=order as i32).unwrap();
    for group in grid.rows().chain(grid.columns()) {
        model.all_different_with(&group, strength).unwrap();
    }
    model
}

#[test]
fn latin_squares_of_order_4_are_576() {
    for strength in Strength::ALL {
        let model = latin_square(4, strength);
        for options in [
            SearchOptions::default(),
            SearchOptions::default().with_variable_order(VariableOrder::Input),
            SearchOptions::default().with_value_order(ValueOrder::Random { seed: 9 }),
        ] {
            assert_eq!(
                complete_count(&model, options.clone()),
                576,
                "{strength:?} {options:?}"
            );
        }
        // The lazy iterator gives the same number, all distinct and valid.
        let mut solver = Solver::new(&model);
        let all: Vec<_> = solver.solutions().collect();
        assert_eq!(all.len(), 576);
        let distinct: std::collections::BTreeSet<_> = all.iter().map(|s| s.values()).collect();
        assert_eq!(distinct.len(), 576);
        assert!(
            all.iter()
                .all(|s| violated_constraint(&model, s.values()).is_none())
        );
    }
}

#[test]
fn latin_squares_of_order_1_to_3() {
    for strength in Strength::ALL {
        for (order, want) in [(1, 1), (2, 2), (3, 12)] {
            let model = latin_square(order, strength);
            assert_eq!(complete_count(&model, SearchOptions::default()), want);
        }
    }
}

#[test]
fn sudoku_4x4_grids_are_288() {
    for strength in Strength::ALL {
        let mut model = Model::new();
        let grid = Grid::new(&mut model, 4, 4, 1..=4).unwrap();
        for group in grid
            .rows()
            .chain(grid.columns())
            .chain(grid.boxes(2, 2).unwrap())
        {
            model.all_different_with(&group, strength).unwrap();
        }
        assert_eq!(
            complete_count(&model, SearchOptions::default()),
            288,
            "{strength:?}"
        );
    }
}

const QUEENS: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

#[test]
fn n_queens_with_relations() {
    for (i, &want) in QUEENS.iter().enumerate() {
        let n = i + 1;
        let (model, _) = queens_relations(n);
        assert_eq!(
            complete_count(&model, SearchOptions::default()),
            want,
            "{n}-queens"
        );
    }
}

#[test]
fn n_queens_with_all_different_on_diagonals() {
    for strength in Strength::ALL {
        for (i, &want) in QUEENS.iter().enumerate() {
            let n = i + 1;
            let (model, _) = queens_all_different(n, strength);
            let got = complete_count(&model, SearchOptions::default());
            assert_eq!(got, want, "{n}-queens, {strength:?}");
        }
    }
}

#[test]
fn n_queens_solutions_are_valid_under_every_order() {
    let (model, qs) = queens_relations(8);
    for options in [
        SearchOptions::default().with_variable_order(VariableOrder::Input),
        SearchOptions::default().with_variable_order(VariableOrder::Mrv),
        SearchOptions::default().with_value_order(ValueOrder::Descending),
        SearchOptions::default().with_value_order(ValueOrder::Random { seed: 2024 }),
    ] {
        let mut solver = Solver::with_options(&model, options.clone());
        let all: Vec<_> = solver.solutions().collect();
        assert_eq!(all.len(), 92, "{options:?}");
        for s in &all {
            for i in 0..8 {
                for j in i + 1..8 {
                    let (a, b) = (s[qs[i]], s[qs[j]]);
                    assert!(a != b && (a - b).unsigned_abs() as usize != j - i, "{s:?}");
                }
            }
        }
    }
}
