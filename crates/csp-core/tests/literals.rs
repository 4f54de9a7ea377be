//! Assumptions as literals (`Solver::assume`): `x = v` and `x != v` split
//! the search space into subproblems whose solutions partition the whole
//! (the basis of embarrassingly parallel search), with typed errors for bad
//! literals.

use csp_core::{Literal, Model, ModelError, SearchOptions, Solver, TraceEvent, Value, VarId};
use std::collections::BTreeSet;

fn queens(n: usize) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as Value).unwrap();
    m.all_different(&q).unwrap();
    let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
    m.all_different_offset(&down).unwrap();
    m.all_different_offset(&up).unwrap();
    (m, q)
}

/// Splits on `x = v` / `x != v` (x the next variable, v its smallest
/// value not yet excluded) `depth` times and returns the subproblems.
fn split(model: &Model, vars: &[VarId], depth: usize) -> Vec<Vec<Literal>> {
    let mut leaves = vec![Vec::new()];
    for level in 0..depth {
        let x = vars[level % vars.len()];
        let mut next = Vec::new();
        for lits in leaves {
            let excluded: Vec<Value> = lits
                .iter()
                .filter(|l: &&Literal| l.var() == x)
                .filter_map(|l| l.ne_value())
                .collect();
            let fixed = lits.iter().any(|l| l.var() == x && l.eq_value().is_some());
            let value = model
                .initial_domains()
                .iter(x)
                .find(|v| !excluded.contains(v));
            match (fixed, value) {
                (false, Some(v)) => {
                    let mut eq = lits.clone();
                    eq.push(Literal::eq(x, v));
                    let mut ne = lits;
                    ne.push(Literal::ne(x, v));
                    next.push(eq);
                    next.push(ne);
                }
                _ => next.push(lits),
            }
        }
        leaves = next;
    }
    leaves
}

#[test]
fn split_subproblems_partition_the_solutions() {
    let (model, q) = queens(8);
    let mut solver = Solver::new(&model);
    let all: BTreeSet<Vec<Value>> = solver.solutions().map(|s| s.into_values()).collect();
    assert_eq!(all.len(), 92);
    for depth in [1, 3, 6] {
        let leaves = split(&model, &q[..2], depth);
        let mut union = BTreeSet::new();
        let mut total = 0;
        for lits in &leaves {
            solver.assume(lits).unwrap();
            assert_eq!(solver.assumptions(), &lits[..]);
            let found: Vec<Vec<Value>> = solver.solutions().map(|s| s.into_values()).collect();
            for s in &found {
                assert!(
                    lits.iter().all(|l| l.holds(s[l.var().index()])),
                    "{lits:?}: {s:?}"
                );
                assert!(union.insert(s.clone()), "in two subproblems: {s:?}");
            }
            let count = solver.count(None);
            assert!(count.status.is_complete());
            assert_eq!(count.count, found.len() as u64);
            total += count.count;
        }
        assert_eq!(total, 92, "depth {depth}");
        assert_eq!(union, all);
    }
}

#[test]
fn bad_literals_are_typed_errors_and_harmless_ones_are_accepted() {
    let (model, q) = queens(5);
    let mut solver = Solver::new(&model);
    let stranger = Model::new().new_var(0..=1).unwrap();
    assert_eq!(
        solver.assume(&[Literal::ne(stranger, 0)]),
        Err(ModelError::ForeignVariable(stranger))
    );
    assert!(matches!(
        solver.assume(&[Literal::eq(q[0], 9)]),
        Err(ModelError::GivenOutsideDomain { value: 9, .. })
    ));
    // Excluding a value the domain does not hold excludes nothing.
    solver.assume(&[Literal::ne(q[0], 9)]).unwrap();
    assert_eq!(solver.count(None).count, 10);
    // Excluding every value leaves no solution (a root failure, not an error).
    let all: Vec<_> = (0..5).map(|v| Literal::ne(q[0], v)).collect();
    solver.assume(&all).unwrap();
    assert_eq!(solver.count(None).count, 0);
    // `set_assumptions` is the `Eq` case.
    solver.set_assumptions(&[(q[0], 1)]).unwrap();
    assert_eq!(solver.assumptions(), &[Literal::eq(q[0], 1)]);
    assert_eq!(Literal::eq(q[0], 1).negate(), Literal::ne(q[0], 1));
}

#[test]
fn assumptions_are_in_the_trace() {
    let (model, q) = queens(6);
    let mut solver = Solver::with_options(&model, SearchOptions::default().with_trace(true));
    solver
        .assume(&[Literal::ne(q[0], 1), Literal::eq(q[1], 3)])
        .unwrap();
    solver.solve();
    let trace = solver.trace();
    assert_eq!(
        trace[0],
        TraceEvent::Assumed {
            literal: Literal::ne(q[0], 1)
        }
    );
    assert_eq!(
        trace[1],
        TraceEvent::Given {
            var: q[1],
            value: 3
        }
    );
}
