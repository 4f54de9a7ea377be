//! The modeller's helpers on small puzzles checked by hand: a Kakuro on a
//! masked grid (its runs from `Grid::runs`), a Star Battle whose stars may
//! not touch even diagonally (`Neighbourhood::King`), and variables of one
//! model posted to another (`ModelError::ForeignVariable`).

use csp_core::{
    Direction, Grid, Literal, Model, ModelError, Neighbourhood, RelOp, SearchOptions, Solver,
    Uniqueness, VarId,
};

/// The Kakuro of the format docs: black clue cells `D,R` (down, right
/// totals) round a 2x2 block of white cells.
///
/// ```text
///  -   4,  3,
///  ,4  .   .
///  ,3  .   .
/// ```
/// Right runs: row 1 sums to 4, row 2 to 3; down runs: column 1 sums to 4,
/// column 2 to 3. The only solution is `3 1 / 1 2`.
#[test]
fn a_kakuro_on_a_masked_grid_takes_its_runs_from_the_grid() {
    let (rows, cols) = (3, 3);
    let white = |r: usize, c: usize| r > 0 && c > 0;
    let mask: Vec<bool> = (0..rows * cols)
        .map(|i| white(i / cols, i % cols))
        .collect();
    let mut model = Model::new();
    let grid = Grid::with_mask(&mut model, rows, cols, 1..=9, &mask).unwrap();
    // The clue of a run sits on the black cell just before its start.
    let across = [(1, 4), (2, 3)]; // (row, total)
    let down = [(1, 4), (2, 3)]; // (column, total)
    let runs = grid.runs(2);
    assert_eq!(runs.len(), 4, "two across and two down runs of two cells");
    for run in &runs {
        let (r, c) = run.start;
        let total = match run.direction {
            Direction::Across => across.iter().find(|&&(row, _)| row == r).unwrap().1,
            Direction::Down => down.iter().find(|&&(col, _)| col == c).unwrap().1,
        };
        model.all_different_sum(&run.cells, total).unwrap();
    }
    // The black cells are no variables: asking for one gives None.
    assert_eq!(grid.get(0, 0), None);
    assert_eq!(grid.cells().len(), 4);
    let mut solver = Solver::new(&model);
    let Uniqueness::Unique(solution) = solver.uniqueness() else {
        panic!("the Kakuro has one solution");
    };
    let at = |r, c| solution[grid.get(r, c).unwrap()];
    assert_eq!([at(1, 1), at(1, 2), at(2, 1), at(2, 2)], [3, 1, 1, 2]);
    // Root propagation alone solves it: the combinations of two distinct
    // digits adding up to 3 are {1, 2} only.
    assert_eq!(solver.stats().decisions, 0);
}

/// A 4x4 Star Battle with one star per row, column and region, checked by
/// hand: the two placements of four non-touching kings (rows 0..3 in
/// columns 1 3 0 2, or 2 0 3 1) are the only ones, and the regions
///
/// ```text
/// A A B B
/// A C B B
/// D C C B
/// D D C C
/// ```
/// keep the first (the second puts two stars in region B).
#[test]
fn a_star_battle_keeps_its_stars_apart_in_king_moves() {
    let regions = "A A B B\nA C B B\nD C C B\nD D C C";
    let build = |with_regions: bool| {
        let mut model = Model::new();
        let grid = Grid::new_unnamed(&mut model, 4, 4, 0..=1).unwrap();
        for line in grid.lines() {
            model.exactly(&line, 1, 1).unwrap();
        }
        if with_regions {
            for (_, cells) in grid.regions_from_map(regions).unwrap() {
                model.exactly(&cells, 1, 1).unwrap();
            }
        }
        for (a, b) in grid.adjacent_pairs_in(Neighbourhood::King) {
            model.at_most_one(&[a, b]).unwrap();
        }
        (model, grid)
    };
    let (model, _) = build(false);
    assert_eq!(Solver::new(&model).count(None).count, 2);
    let (model, grid) = build(true);
    let Uniqueness::Unique(solution) = Solver::new(&model).uniqueness() else {
        panic!("the regions leave one placement");
    };
    let stars: Vec<usize> = grid
        .rows()
        .map(|row| row.iter().position(|&v| solution[v] == 1).unwrap())
        .collect();
    assert_eq!(stars, [1, 3, 0, 2]);
    // King moves include the diagonals: 4x4 has 3*4*2 orthogonal and 3*3*2
    // diagonal neighbour pairs.
    assert_eq!(grid.adjacent_pairs_in(Neighbourhood::King).len(), 24 + 18);
}

/// Every way a variable reaches a model or a solver rejects one made by
/// another model, though its index exists here too.
#[test]
fn variables_of_another_model_are_rejected_everywhere() {
    let mut model = Model::new();
    let xs = model.new_vars(4, 1..=4).unwrap();
    let mut other = Model::new();
    let stranger: VarId = other.new_vars(4, 1..=4).unwrap()[0];
    assert_eq!(stranger.index(), xs[0].index());
    assert_ne!(stranger, xs[0]);
    let foreign = |r: Result<_, ModelError>| matches!(r, Err(ModelError::ForeignVariable(v)) if v == stranger);
    let with = |i: usize| {
        let mut v = xs.clone();
        v[i] = stranger;
        v
    };
    assert!(foreign(model.all_different(&with(2)).map(drop)));
    assert!(foreign(model.not_equal(xs[0], stranger).map(drop)));
    assert!(foreign(
        model.relation(stranger, RelOp::Lt, xs[1], 0).map(drop)
    ));
    assert!(foreign(model.fix(stranger, 1)));
    assert!(foreign(model.remove_value(stranger, 1)));
    assert!(foreign(model.sum_eq(&with(1), 10).map(drop)));
    assert!(foreign(
        model
            .linear(&[(1, xs[0]), (2, stranger)], RelOp::Le, 7)
            .map(drop)
    ));
    assert!(foreign(model.all_different_sum(&with(3), 10).map(drop)));
    assert!(foreign(
        model.table(&with(0), &[vec![1, 2, 3, 4]]).map(drop)
    ));
    assert!(foreign(model.clause(&[Literal::eq(stranger, 2)]).map(drop)));
    assert!(foreign(model.exactly(&with(1), 1, 1).map(drop)));
    // Nothing was posted by the failed calls.
    assert_eq!(model.num_constraints(), 0);
    model.all_different(&xs).unwrap();
    let mut solver = Solver::new(&model);
    assert!(foreign(solver.set_assumptions(&[(stranger, 1)])));
    assert!(foreign(solver.assume(&[Literal::ne(stranger, 1)])));
    assert!(foreign(solver.minimize(stranger).map(drop)));
    assert_eq!(
        solver.count(None).count,
        24,
        "the failed calls left no trace"
    );
    // A decision list naming the stranger ignores it (documented).
    let options = SearchOptions::default().with_decision_vars(&[stranger, xs[3]]);
    assert_eq!(Solver::with_options(&model, options).count(None).count, 24);
}
