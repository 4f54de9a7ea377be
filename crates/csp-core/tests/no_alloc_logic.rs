//! No heap allocation per search node for the counting and logical
//! constraints: counting 6x6 Binairo grids (gcc or exactly, clauses,
//! different vectors), a two-star Star Battle without regions (exactly,
//! at most one), lex-ordered rows, reified ascents with a variable count,
//! a flow-based gcc and clauses over integer literals. Each model is run
//! once to warm the solver's buffers, then the allocations of a second
//! run are counted: none, except one vector per returned solution.
//!
//! One test in this binary, so no other test thread allocates while it
//! counts (the counters are process-wide); `--nocapture` prints the figures. The harness's own
//! thread still allocates now and then, so each warm figure is the fewest
//! of three runs (`alloc_count::fewest`).

use csp_core::{
    GccOptions, GccStrength, Grid, Literal, Model, RelOp, SearchOptions, Solver, Uniqueness,
    ValueOrder, VarId, VariableOrder,
};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Counts `model` twice (cold, then warm) and runs solve, uniqueness and
/// root propagation warm; asserts the warm runs allocate only returned
/// solutions. Returns (name, solutions, nodes, cold allocations).
fn measure(name: &str, model: &Model, options: SearchOptions) -> (String, u64, u64, usize) {
    let mut solver = Solver::with_options(model, options);
    let (first, cold) = counted(GLOBAL, || solver.count(None));
    let (again, warm) = fewest(GLOBAL, || solver.count(None));
    assert_eq!(first, again);
    let nodes = solver.stats().nodes;
    assert_eq!(warm, 0, "{name}: count() allocated {warm} times when warm");
    let (outcome, solve) = fewest(GLOBAL, || solver.solve());
    assert_eq!(
        solve,
        usize::from(outcome.solution().is_some()),
        "{name}: solve() allocated more than its solution"
    );
    let (unique, uniq) = fewest(GLOBAL, || solver.uniqueness());
    let kept = match unique {
        Uniqueness::Unique(_) => 1,
        Uniqueness::Multiple(..) => 2,
        _ => 0,
    };
    assert_eq!(
        uniq, kept,
        "{name}: uniqueness() allocated more than its solutions"
    );
    let (_, prop) = fewest(GLOBAL, || solver.propagate().is_ok());
    assert_eq!(prop, 0, "{name}: propagate() allocated");
    (name.to_owned(), first.count, nodes, cold)
}

/// 6x6 Binairo: each line three 0s and three 1s, no three equal in a
/// row, no two rows and no two columns alike.
fn binairo(balance_with_gcc: Option<GccStrength>) -> Model {
    let n = 6;
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
    let rows: Vec<Vec<VarId>> = grid.rows().collect();
    let cols: Vec<Vec<VarId>> = grid.columns().collect();
    for line in rows.iter().chain(&cols) {
        match balance_with_gcc {
            Some(strength) => {
                let options = GccOptions::default().closed().with_strength(strength);
                model
                    .gcc_with(line, &[(0, n / 2, n / 2), (1, n / 2, n / 2)], options)
                    .unwrap();
            }
            None => {
                model.exactly(line, 1, n / 2).unwrap();
            }
        }
        for w in line.windows(3) {
            model.clause(w).unwrap();
            let zeros: Vec<Literal> = w.iter().map(|&b| !Literal::from(b)).collect();
            model.clause(&zeros).unwrap();
        }
    }
    model.all_different_vectors(&rows).unwrap();
    model.all_different_vectors(&cols).unwrap();
    model
}

#[test]
fn logic_constraints_allocate_nothing_after_setup() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");

    let mut rows = Vec::new();
    let orders = [
        ("default", SearchOptions::default()),
        (
            "dom/wdeg, random",
            SearchOptions::default()
                .with_variable_order(VariableOrder::DomWdeg)
                .with_value_order(ValueOrder::Random { seed: 5 }),
        ),
    ];

    for (label, options) in &orders {
        for gcc in [
            None,
            Some(GccStrength::Counting),
            Some(GccStrength::DomainConsistent),
        ] {
            let name = format!("binairo 6x6 {gcc:?} {label}");
            rows.push(measure(&name, &binairo(gcc), options.clone()));
        }
    }
    let binairo_counts: Vec<u64> = rows.iter().map(|r| r.1).collect();
    assert!(binairo_counts.windows(2).all(|w| w[0] == w[1]));

    // Two stars per row and column of an 8x8 grid, none touching.
    let n = 8;
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
    for line in grid.rows().chain(grid.columns()) {
        model.exactly(&line, 1, 2).unwrap();
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let block: Vec<VarId> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                .iter()
                .map(|&(i, j)| grid.get(i, j).unwrap())
                .collect();
            model.at_most_one(&block).unwrap();
        }
    }
    rows.push(measure(
        "star battle 8x8, 2 stars",
        &model,
        SearchOptions::default(),
    ));

    // Lex-ordered rows of a 4x3 0/1 matrix with 1 or 2 ones per row.
    let mut model = Model::new();
    let lines: Vec<Vec<VarId>> = (0..4).map(|_| model.new_bools(3).unwrap()).collect();
    for w in lines.windows(2) {
        model.lex_less(&w[0], &w[1]).unwrap();
    }
    for l in &lines {
        let k = model.new_var(1..=2).unwrap();
        model.count(l, 1, RelOp::Eq, k).unwrap();
    }
    rows.push(measure("lex rows", &model, SearchOptions::default()));

    // Reified ascents of permutations, counted by a variable; a flow gcc;
    // clauses and literal counts over integer literals.
    let mut model = Model::new();
    let xs = model.new_vars(6, 1..=6).unwrap();
    model
        .gcc_with(
            &xs,
            &(1..=6).map(|v| (v, 1, 1)).collect::<Vec<_>>(),
            GccOptions::default().with_strength(GccStrength::DomainConsistent),
        )
        .unwrap();
    let bs = model.new_bools(5).unwrap();
    for (i, &b) in bs.iter().enumerate() {
        model
            .reify_relation(b, xs[i], RelOp::Lt, xs[i + 1], 0)
            .unwrap();
    }
    let ascents = model.new_var(0..=5).unwrap();
    model.count(&bs, 1, RelOp::Ge, ascents).unwrap();
    model
        .clause(&[
            Literal::le(xs[0], 2),
            Literal::ge(xs[5], 5),
            Literal::eq(xs[2], 3),
        ])
        .unwrap();
    model
        .count_literals(
            &[
                Literal::gt(xs[1], 3),
                Literal::lt(xs[3], 3),
                Literal::from(bs[0]),
            ],
            RelOp::Ne,
            2,
        )
        .unwrap();
    let h = model.new_bool().unwrap();
    model
        .half_reify_relation(h, xs[4], RelOp::Ne, xs[0], 1)
        .unwrap();
    model.reify(h, Literal::ne(xs[5], 6)).unwrap();
    rows.push(measure(
        "permutations + reification",
        &model,
        SearchOptions::default(),
    ));

    println!(
        "{:<48} {:>9} {:>8} {:>6}",
        "case", "solutions", "nodes", "cold"
    );
    for (name, sols, nodes, cold) in &rows {
        println!("{name:<48} {sols:>9} {nodes:>8} {cold:>6}");
        assert!(*nodes > 0, "{name}: the search ran");
    }
}
