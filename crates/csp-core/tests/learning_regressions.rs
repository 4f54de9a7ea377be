//! Searches with learning that once went wrong, kept as regressions.

use csp_core::{
    Learning, Literal, Model, SearchOptions, SearchStatus, Solver, StopReason, graph::Graph,
};

/// A 10 x 10 Nurikabe (janko.at's puzzle 29): an island of 37 cells
/// clued at r2c2 (the border ring and the clue), one of 36 at r3c3 (the
/// inner 6 x 6), and the ring of sea between them; unique.
fn two_big_islands() -> Model {
    let n = 10;
    let mut m = Model::new();
    let cells = m.new_bools(n * n).unwrap();
    m.islands(&cells, &Graph::grid(n, n).unwrap(), &[(11, 37), (22, 36)])
        .unwrap();
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let b = [
                r * n + c,
                r * n + c + 1,
                (r + 1) * n + c,
                (r + 1) * n + c + 1,
            ];
            m.clause(&b.map(|i| !Literal::from(cells[i]))).unwrap();
        }
    }
    m
}

/// The clause database was reduced between a conflict on a learned clause
/// and the analysis of that conflict; the reduction deleted the clause,
/// the analysis read its (emptied) literals as a failure that depends on
/// no decision, and the search answered "no solution, complete" after
/// 7,902 failures. (The puzzle is hard for today's island reasoning: the
/// search does not finish within this limit, which is not the point.)
#[test]
fn a_reduction_never_deletes_the_clause_of_a_pending_conflict() {
    let model = two_big_islands();
    let options = SearchOptions::default()
        .with_learning(Learning::AUTO)
        .with_node_limit(20_000);
    let result = Solver::with_options(&model, options).count(Some(2));
    assert!(
        result.count == 1 || result.status == SearchStatus::Stopped(StopReason::NodeLimit),
        "{result:?}"
    );
}
