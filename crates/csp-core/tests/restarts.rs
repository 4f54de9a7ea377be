//! Restarts (`SearchOptions::with_restarts`): the same answers with and
//! without them (first solutions, unsatisfiability, optima), deterministic
//! statistics for a seed, ignored by counting and uniqueness, and a hard
//! instance where they help: a pigeonhole core hidden behind variables that
//! dom/wdeg tries early.

use csp_core::testing::violated_constraint;
use csp_core::{
    Model, Objective, OptimizeOutcome, RelOp, Restarts, SearchOptions, SolveOutcome, Solver, Stats,
    Strength, TraceEvent, Value, ValueOrder, VarId, VariableOrder,
};

const SCHEDULES: [Restarts; 3] = [
    Restarts::Luby { scale: 1 },
    Restarts::Luby { scale: 8 },
    Restarts::Geometric {
        base: 2,
        factor: 1.3,
    },
];

/// `holes + 1` pigeons in `holes` holes, pairwise `!=` (no pigeonhole
/// reasoning: the proof needs a search that grows like `holes!`), next to
/// `free` 0/1 variables linked by relations that always hold (small
/// domains of high degree, which dom/wdeg tries early).
fn hidden_pigeons(holes: usize, free: usize) -> Model {
    let mut m = Model::new();
    let ys = m.new_vars(free, 0..=1).unwrap();
    for i in 0..free {
        for k in 1..=3 {
            // y_i - 5 <= y_j: always true on 0/1, never fails.
            m.relation(ys[i], RelOp::Le, ys[(i + k) % free], -5)
                .unwrap();
        }
    }
    let ps = m.new_vars(holes + 1, 0..holes as Value).unwrap();
    for i in 0..ps.len() {
        for j in i + 1..ps.len() {
            m.not_equal(ps[i], ps[j]).unwrap();
        }
    }
    m
}

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

fn orders() -> Vec<SearchOptions> {
    vec![
        SearchOptions::default().with_variable_order(VariableOrder::DomWdeg),
        SearchOptions::default().with_value_order(ValueOrder::Random { seed: 17 }),
        SearchOptions::default()
            .with_variable_order(VariableOrder::DomWdeg)
            .with_value_order(ValueOrder::Random { seed: 5 }),
    ]
}

#[test]
fn first_solutions_and_unsatisfiability_agree_with_plain_search() {
    let (q20, _) = queens(20);
    let (q3, _) = queens(3); // no solution
    let unsat = hidden_pigeons(4, 4);
    let mut latin = Model::new();
    let g = csp_core::Grid::new(&mut latin, 6, 6, 1..=6).unwrap();
    for line in g.lines() {
        latin
            .all_different_with(&line, Strength::ForwardChecking)
            .unwrap();
    }
    for (name, model) in [
        ("20 queens", &q20),
        ("3 queens", &q3),
        ("hidden pigeons", &unsat),
        ("latin 6", &latin),
    ] {
        for base in orders() {
            let plain = Solver::with_options(model, base.clone()).solve();
            for schedule in SCHEDULES {
                let options = base.clone().with_restarts(schedule);
                let mut solver = Solver::with_options(model, options);
                let outcome = solver.solve();
                match (&plain, &outcome) {
                    (SolveOutcome::Solved(_), SolveOutcome::Solved(s)) => {
                        assert_eq!(violated_constraint(model, s.values()), None, "{name}");
                    }
                    (SolveOutcome::Unsatisfiable, SolveOutcome::Unsatisfiable) => {}
                    _ => panic!("{name} {schedule:?}: {plain:?} without restarts, {outcome:?}"),
                }
            }
        }
    }
}

#[test]
fn optima_agree_with_plain_branch_and_bound() {
    // Maximise the column of the last queen plus nothing else, and minimise
    // the first: small objectives, many improvements on the way.
    let (model, q) = queens(12);
    for base in orders() {
        for objective in [Objective::Maximize(q[11]), Objective::Minimize(q[5])] {
            let plain = Solver::with_options(&model, base.clone())
                .optimize(objective)
                .unwrap();
            for schedule in SCHEDULES {
                let options = base.clone().with_restarts(schedule);
                let outcome = Solver::with_options(&model, options)
                    .optimize(objective)
                    .unwrap();
                assert!(outcome.is_proven(), "{schedule:?}: {outcome:?}");
                assert_eq!(outcome.value(), plain.value(), "{schedule:?} {objective:?}");
                let OptimizeOutcome::Optimal { solution, .. } = outcome else {
                    panic!()
                };
                assert_eq!(violated_constraint(&model, solution.values()), None);
            }
        }
    }
}

#[test]
fn a_seed_gives_the_same_run_every_time() {
    let model = hidden_pigeons(5, 6);
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::DomWdeg)
        .with_value_order(ValueOrder::Random { seed: 99 })
        .with_restarts(Restarts::Luby { scale: 4 })
        .with_trace(true);
    let run = || {
        let mut solver = Solver::with_options(&model, options.clone());
        let outcome = solver.solve();
        (
            outcome,
            solver.stats().without_time(),
            solver.trace().to_vec(),
        )
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert!(a.1.restarts > 0, "{}", a.1);
    // Every restart is in the trace and opens a new root.
    let restarts =
        a.2.iter()
            .filter(|e| matches!(e, TraceEvent::Restart { .. }))
            .count();
    assert_eq!(restarts as u64, a.1.restarts);
    let refutations =
        a.2.iter()
            .filter(|e| matches!(e, TraceEvent::Refutation { .. }))
            .count();
    assert_eq!(
        a.1.nodes,
        1 + a.1.decisions + refutations as u64 + a.1.restarts
    );
    // A reused solver repeats it too.
    let mut solver = Solver::with_options(&model, options.clone());
    solver.solve();
    let first = solver.stats().without_time();
    solver.solve();
    assert_eq!(first, solver.stats().without_time());
}

#[test]
fn counting_and_uniqueness_ignore_restarts() {
    let (model, _) = queens(8);
    let plain = SearchOptions::default().with_variable_order(VariableOrder::DomWdeg);
    let restarted = plain.clone().with_restarts(Restarts::Luby { scale: 1 });
    let stats = |options: &SearchOptions, f: &dyn Fn(&mut Solver<'_>)| -> Stats {
        let mut solver = Solver::with_options(&model, options.clone());
        f(&mut solver);
        solver.stats().without_time()
    };
    let count = |s: &mut Solver<'_>| assert_eq!(s.count(None).count, 92);
    let unique = |s: &mut Solver<'_>| {
        s.uniqueness();
    };
    let all = |s: &mut Solver<'_>| assert_eq!(s.solutions().count(), 92);
    for f in [&count as &dyn Fn(&mut Solver<'_>), &unique, &all] {
        let (a, b) = (stats(&plain, f), stats(&restarted, f));
        assert_eq!(a, b);
        assert_eq!(b.restarts, 0);
    }
}

#[test]
fn restarts_shorten_a_hard_unsatisfiable_search() {
    // 8 pigeons in 7 holes with pairwise `!=` (behind 8 free variables): a
    // heavy search for dom/wdeg alone. Restarting keeps its weights and
    // starts again from the root, where they now pick better variables.
    // The figures (release mode) are in docs/performance.md.
    let model = hidden_pigeons(7, 8);
    let base = SearchOptions::default().with_variable_order(VariableOrder::DomWdeg);
    let mut plain = Solver::with_options(&model, base.clone());
    assert_eq!(plain.solve(), SolveOutcome::Unsatisfiable);
    let without = plain.stats();
    println!("without restarts: {without}");
    let mut nodes = Vec::new();
    for schedule in [
        Restarts::Luby { scale: 1 },
        Restarts::Luby { scale: 100 },
        Restarts::Geometric {
            base: 10,
            factor: 1.5,
        },
    ] {
        let mut solver = Solver::with_options(&model, base.clone().with_restarts(schedule));
        assert_eq!(solver.solve(), SolveOutcome::Unsatisfiable);
        let with = solver.stats();
        println!("{schedule:?}: {with}");
        assert!(with.restarts > 0);
        nodes.push(with.nodes);
    }
    // Luby's sequence from 1 restarts too often here; scaled by 100 it
    // helps, and the geometric schedule more.
    assert!(nodes[1] < without.nodes, "{nodes:?} against {without}");
    assert!(nodes[2] * 3 < without.nodes, "{nodes:?} against {without}");
}
