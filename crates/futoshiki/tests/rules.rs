//! Rules, contradictory clues, grading errors and hints.

use futoshiki::{
    Cell, Contradiction, Difficulty, GradeError, Hint, Link, Puzzle, Technique, Uniqueness,
};

fn c(r: usize, col: usize) -> Cell {
    Cell::new(r, col)
}

#[test]
fn repeated_values_are_reported_with_both_cells() {
    let p = Puzzle::from_grid("1 . 1\n     \n. . .\n     \n. . .\n").unwrap();
    assert_eq!(
        p.check(),
        Err(vec![Contradiction::RepeatedInRow {
            value: 1,
            cells: [c(0, 0), c(0, 2)]
        }])
    );
    let p = Puzzle::from_grid("2 . .\n     \n. . .\n     \n2 . .\n").unwrap();
    let e = p.check().unwrap_err();
    assert_eq!(
        e,
        vec![Contradiction::RepeatedInColumn {
            value: 2,
            cells: [c(0, 0), c(2, 0)]
        }]
    );
    assert_eq!(
        e[0].to_string(),
        "2 appears twice in column 1: r1c1 and r3c1"
    );
    assert_eq!(p.uniqueness(), Uniqueness::NoSolution);
    assert_eq!(p.grade(), Err(GradeError::NoSolution));
}

#[test]
fn a_given_one_that_must_be_greater_is_reported() {
    // r1c1 = 1 > r1c2: the chain needs r1c1 >= 2.
    let p = Puzzle::from_grid("1>. .\n     \n. . .\n     \n. . .\n").unwrap();
    let e = p.check().unwrap_err();
    assert_eq!(
        e,
        vec![Contradiction::ImpossibleChain {
            cell: c(0, 0),
            given: Some(1),
            min: 2,
            max: 3,
            chain: vec![c(0, 1), c(0, 0)],
        }]
    );
    assert!(e[0].to_string().contains("r1c1 is given as 1"), "{}", e[0]);
    // Two givens that break their sign directly.
    let p = Puzzle::from_grid("3<2 .\n     \n. . .\n     \n. . .\n").unwrap();
    assert_eq!(
        p.check(),
        Err(vec![Contradiction::BrokenSign {
            lo: c(0, 0),
            lo_value: 3,
            hi: c(0, 1),
            hi_value: 2
        }])
    );
    // A longer chain: r1c1 < r1c2 < r1c3 with r1c3 = 2 leaves r1c1 nothing.
    let p = Puzzle::from_grid(".<.<2\n     \n. . .\n     \n. . .\n").unwrap();
    let e = p.check().unwrap_err();
    assert!(
        matches!(&e[0], Contradiction::ImpossibleChain { given: None, .. }),
        "{e:?}"
    );
}

#[test]
fn a_cycle_of_signs_is_reported() {
    // r1c1 < r1c2, r1c2 < r2c2, r2c2 < r2c1, r2c1 < r1c1.
    let p = Puzzle::from_grid(".<. .\nv ^  \n.>. .\n     \n. . .\n").unwrap();
    let e = p.check().unwrap_err();
    let Contradiction::SignCycle { cells } = &e[0] else {
        panic!("{e:?}")
    };
    assert_eq!(cells.len(), 4);
    for k in 0..4 {
        let (a, b) = (cells[k], cells[(k + 1) % 4]);
        assert_eq!(p.link_between(a, b), Some(Link::Less), "{a} < {b}");
    }
    assert!(
        e[0].to_string().starts_with("the signs form a cycle: "),
        "{}",
        e[0]
    );
}

#[test]
fn moves_conflicts_and_candidates() {
    let p = Puzzle::from_game_id("4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,").unwrap();
    assert!(p.is_legal(c(0, 1), 3));
    assert!(matches!(
        p.check_move(c(0, 1), 4),
        Err(Contradiction::RepeatedInRow { value: 4, .. })
    ));
    assert!(matches!(
        p.check_move(c(1, 0), 1),
        Err(Contradiction::RepeatedInColumn { value: 1, .. })
    ));
    assert!(matches!(
        p.check_move(c(9, 9), 1),
        Err(Contradiction::OutOfRange { .. })
    ));
    assert_eq!(p.candidates(c(0, 1)), vec![2, 3]);
    assert_eq!(p.candidates(c(0, 0)), vec![1]);
    let mut q = p.clone();
    q.set_given(c(0, 1), Some(2)).unwrap();
    q.set_given(c(0, 2), Some(3)).unwrap();
    assert_eq!(
        q.conflicts(),
        vec![Contradiction::BrokenSign {
            lo: c(0, 2),
            lo_value: 3,
            hi: c(0, 1),
            hi_value: 2
        }]
    );
    assert!(matches!(
        q.hint(),
        Hint::Conflict(Contradiction::BrokenSign { .. })
    ));
}

#[test]
fn hints_place_a_value_on_a_partly_filled_grid() {
    let p = Puzzle::from_game_id("5:0,0L,0,0,0,0,0,0L,0D,0,0,0,0U,3,0D,0,0,0,0,0D,4U,0U,0,0,2,")
        .unwrap();
    let solution = p.solve().unwrap();
    let mut partial = p.clone();
    partial
        .set_given(c(0, 0), Some(solution.value(c(0, 0))))
        .unwrap();
    match partial.hint() {
        Hint::Step { step, .. } => {
            assert!(!step.placed.is_empty());
            for &(cell, v) in &step.placed {
                assert_eq!(solution.value(cell), v, "{}", step.text);
            }
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(p.filled_with(&solution).unwrap().hint(), Hint::Solved);
}

#[test]
fn hints_tell_several_solutions_from_none() {
    // A blank 3x3 grid: 12 Latin squares.
    let blank = Puzzle::from_game_id("3:0,0,0,0,0,0,0,0,0,").unwrap();
    assert_eq!(blank.hint(), Hint::MultipleSolutions);
    // 3 > 2 > 1 down the first column: the other columns still free.
    let chain = Puzzle::from_game_id("3:3D,0,0,0D,0,0,0,0,0,").unwrap();
    assert_eq!(chain.hint(), Hint::MultipleSolutions);
    // The same signs under a 1: no solution, and the chain is named.
    let broken = Puzzle::from_game_id("3:1D,0,0,0D,0,0,0,0,0,").unwrap();
    assert!(matches!(
        broken.hint(),
        Hint::Conflict(Contradiction::ImpossibleChain { .. })
    ));
}

#[test]
fn explanation_of_a_bounds_step_reads_naturally() {
    let p = Puzzle::from_game_id("4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,").unwrap();
    let e = p.explain().unwrap();
    assert_eq!(e.difficulty, Difficulty::Easy);
    let bounds: Vec<_> = e
        .steps
        .iter()
        .filter(|s| s.technique == Technique::Bounds)
        .collect();
    assert!(!bounds.is_empty());
    let t = &bounds[0].text;
    assert!(
        t.contains(" < ") && t.contains(", so ") && t.contains(" is "),
        "{t}"
    );
    // Every step's removals are true of the solution.
    let s = p.solve().unwrap();
    for step in &e.steps {
        for &(cell, v) in &step.removed {
            assert_ne!(s.value(cell), v, "{}", step.text);
        }
    }
}

#[test]
fn multiple_solutions_are_not_graded() {
    let p = Puzzle::new(4).unwrap();
    assert!(matches!(p.uniqueness(), Uniqueness::Multiple(..)));
    assert_eq!(p.grade(), Err(GradeError::MultipleSolutions));
    assert_eq!(p.count(None), 576);
}

#[test]
fn adjacent_rules() {
    // 3x3 Adjacent: r1c1 | r1c2 with givens 1 and 3 breaks the bar.
    let p = Puzzle::from_game_id("3a:1R,3L,0,0,0,0,0,0,0,").unwrap();
    assert!(matches!(
        p.check().unwrap_err()[0],
        Contradiction::BrokenBar { bar: true, .. }
    ));
    let p = Puzzle::from_game_id("3a:1,2,0,0,0,0,0,0,0,").unwrap();
    assert!(matches!(
        p.check().unwrap_err()[0],
        Contradiction::BrokenBar { bar: false, .. }
    ));
}
