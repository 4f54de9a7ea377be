//! Tatham's Solo game IDs of every variant (`tests/data/solo.txt`: classic
//! of several box shapes, X, jigsaw of sizes 5 to 12, killer, X killer,
//! jigsaw killer), as his generator printed them: each reads, writes back
//! to the same ID, and has exactly one solution under the rules it names.

use sudoku::{Uniqueness, solo};

const DATA: &str = include_str!("data/solo.txt");

#[test]
fn every_generated_id_reads_writes_back_and_has_one_solution() {
    let mut kinds = [0usize; 4]; // classic, X, jigsaw, killer
    for id in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (rules, givens) = solo::parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(solo::write(&rules, &givens).as_deref(), Some(id));
        let Uniqueness::Unique(solution) = rules.uniqueness(&givens).unwrap() else {
            panic!("{id}: not unique");
        };
        assert!(rules.is_solution_of(&solution, &givens), "{id}");
        if !rules.cages().is_empty() {
            kinds[3] += 1;
        } else if rules.regions().is_some() {
            kinds[2] += 1;
        } else if rules.has_diagonals() {
            kinds[1] += 1;
        } else {
            kinds[0] += 1;
        }
    }
    assert!(kinds.iter().all(|&k| k >= 2), "{kinds:?}");
}

#[test]
fn solo_boxes_are_c_rows_by_r_columns() {
    // 3x2 and 2x3 are different grids of six: boxes 3 tall or 2 tall.
    let (tall, _) = solo::parse("3x2:3b6c5f1b6_5b3f4c2b5").unwrap();
    let (wide, _) = solo::parse("2x3:b4b2b6d2b6_1_1_6b3d1b3b4b").unwrap();
    assert_eq!((tall.shape().box_rows(), tall.shape().box_cols()), (3, 2));
    assert_eq!((wide.shape().box_rows(), wide.shape().box_cols()), (2, 3));
}
