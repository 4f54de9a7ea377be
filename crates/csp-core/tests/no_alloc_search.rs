//! No heap allocation per search node with the engine's search features:
//! decision variables, restarts (Luby and geometric, with dom/wdeg and a
//! random value order) and branch and bound, once the solver has run once.
//! A run allocates only the solutions it returns. Same technique as
//! `tests/no_alloc.rs` (a counting global allocator, one test per binary).

use csp_core::{
    Model, Objective, RelOp, Restarts, SearchOptions, Solver, Value, ValueOrder, VariableOrder,
};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn search_features_allocate_nothing_per_node() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");

    // 10 queens (diagonals as offsets) with auxiliary copies of the
    // queens, and a 7-pigeon, 6-hole core that needs search.
    let n = 10;
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as Value).unwrap();
    model.all_different(&q).unwrap();
    let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
    model.all_different_offset(&down).unwrap();
    model.all_different_offset(&up).unwrap();
    let copies = model.new_vars(n, 0..n as Value).unwrap();
    for (&a, &b) in q.iter().zip(&copies) {
        model.relation(a, RelOp::Eq, b, 0).unwrap();
    }
    let mut pigeons = Model::new();
    let ps = pigeons.new_vars(7, 0..6).unwrap();
    for i in 0..7 {
        for j in i + 1..7 {
            pigeons.not_equal(ps[i], ps[j]).unwrap();
        }
    }

    let restarted = |r: Restarts| {
        SearchOptions::default()
            .with_variable_order(VariableOrder::DomWdeg)
            .with_value_order(ValueOrder::Random { seed: 1 })
            .with_restarts(r)
    };
    let cases = [
        (
            "decision vars",
            &model,
            SearchOptions::default().with_decision_vars(&q),
        ),
        (
            "luby, queens",
            &model,
            restarted(Restarts::Luby { scale: 2 }),
        ),
        (
            "geometric, pigeons",
            &pigeons,
            restarted(Restarts::Geometric {
                base: 3,
                factor: 1.2,
            }),
        ),
        (
            "luby, pigeons",
            &pigeons,
            restarted(Restarts::Luby { scale: 1 }),
        ),
    ];
    for (name, model, options) in cases {
        let mut solver = Solver::with_options(model, options);
        let first = solver.solve();
        let (again, solve) = fewest(GLOBAL, || solver.solve());
        assert_eq!(first, again, "{name}");
        let returned = usize::from(again.solution().is_some());
        let (_, count) = fewest(GLOBAL, || solver.count(Some(5)));
        println!(
            "{name:<24} solve {solve} ({returned} returned), count {count}: {}",
            solver.stats()
        );
        assert_eq!(
            solve, returned,
            "{name}: solve() allocated beyond its solution"
        );
        assert_eq!(count, 0, "{name}: count() allocated");
    }

    // Branch and bound: one solution per improvement, nothing else.
    for options in [
        SearchOptions::default().with_decision_vars(&q),
        restarted(Restarts::Luby { scale: 4 }),
    ] {
        let mut solver = Solver::with_options(&model, options);
        let objective = Objective::Maximize(q[0]);
        let warm: Vec<_> = solver.improvements(objective).unwrap().collect();
        let (found, allocations) = fewest(GLOBAL, || {
            let mut run = solver.improvements(objective).unwrap();
            let mut found = 0usize;
            for _ in run.by_ref() {
                found += 1;
            }
            found
        });
        assert_eq!(found, warm.len());
        assert_eq!(allocations, found, "one vector per improving solution");
    }
}
