//! Explanations: the trace of givens, decisions, refutations, deductions
//! (naming the constraint and the rule), conflicts and solutions; and
//! `decisions_at`.

#[path = "support/problems.rs"]
mod problems;

use csp_core::constraints::all_different::rules;
use csp_core::trace::decisions_at;
use csp_core::{
    Deduction, Model, SearchOptions, SolveOutcome, Solver, Strength, TraceEvent, Uniqueness, Value,
    ValueOrder, VarId, VariableOrder,
};
use problems::{HARD_SUDOKUS, SUM_BOUNDS, Sum, SumBetween, pigeons, sudoku};

fn traced() -> SearchOptions {
    SearchOptions::default().with_trace(true)
}

fn deductions(trace: &[TraceEvent]) -> Vec<(bool, Deduction)> {
    trace
        .iter()
        .filter_map(|e| match *e {
            TraceEvent::Removed(d) => Some((false, d)),
            TraceEvent::Fixed(d) => Some((true, d)),
            _ => None,
        })
        .collect()
}

#[test]
fn hidden_single_then_decision_then_elimination() {
    let mut model = Model::new();
    let a = model.new_named_var("a", [1, 2]).unwrap();
    let b = model.new_named_var("b", [1, 2]).unwrap();
    let c = model.new_named_var("c", [1, 2, 3]).unwrap();
    let id = model
        .all_different_with(&[a, b, c], Strength::HiddenSingles)
        .unwrap();
    let mut solver = Solver::with_options(&model, traced());
    let solution = solver.solve().into_solution().unwrap();
    assert_eq!(solution.values(), &[1, 2, 3]);
    let d = |depth, var, value, rule| Deduction {
        depth,
        var,
        value,
        constraint: id,
        rule,
    };
    assert_eq!(
        solver.trace(),
        &[
            // At the root: 3 fits only c, and all three values are needed.
            TraceEvent::Removed(d(0, c, 1, rules::HIDDEN_SINGLE)),
            TraceEvent::Removed(d(0, c, 2, rules::HIDDEN_SINGLE)),
            TraceEvent::Fixed(d(0, c, 3, rules::HIDDEN_SINGLE)),
            // MRV: a and b have two values each; a comes first.
            TraceEvent::Decision {
                depth: 1,
                var: a,
                value: 1
            },
            TraceEvent::Removed(d(1, b, 1, rules::ELIMINATION)),
            TraceEvent::Fixed(d(1, b, 2, rules::ELIMINATION)),
            TraceEvent::Solution { depth: 1 },
        ]
    );
    let last = solver.trace().len() - 1;
    assert_eq!(decisions_at(solver.trace(), last), vec![(a, 1)]);
    assert_eq!(decisions_at(solver.trace(), 2), vec![]);
}

#[test]
fn givens_come_first_and_decisions_are_reconstructed() {
    let (model, grid, givens) = sudoku(HARD_SUDOKUS[0], Strength::HiddenSingles);
    let mut solver = Solver::with_options(&model, traced());
    solver.set_assumptions(&givens).unwrap();
    let solution = solver.solve().into_solution().unwrap();
    let trace = solver.trace();
    let given_events: Vec<_> = trace
        .iter()
        .take_while(|e| matches!(e, TraceEvent::Given { .. }))
        .map(|e| match *e {
            TraceEvent::Given { var, value } => (var, value),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        given_events, givens,
        "every given, in order, before anything else"
    );
    assert!(
        trace
            .iter()
            .skip(givens.len())
            .all(|e| !matches!(e, TraceEvent::Given { .. }))
    );
    assert!(matches!(trace.last(), Some(TraceEvent::Solution { .. })));

    // decisions_at agrees with the decisions and refutations read in order.
    let mut open: Vec<(VarId, Value)> = Vec::new();
    let mut decisions = 0;
    for (i, e) in trace.iter().enumerate() {
        match *e {
            TraceEvent::Decision { depth, var, value } => {
                decisions += 1;
                assert_eq!(
                    depth as usize,
                    open.len() + 1,
                    "a decision opens the next level"
                );
                open.push((var, value));
            }
            TraceEvent::Refutation { depth, .. } => open.truncate(depth as usize),
            _ => {}
        }
        if i % 7 == 0 || i == trace.len() - 1 {
            assert_eq!(decisions_at(trace, i), open, "event {i}");
        }
    }
    assert!(decisions > 0, "this puzzle needs search");
    assert_eq!(decisions as u64, solver.stats().decisions);
    // Every decision and refutation is a node, and so is the root.
    let refutations = trace
        .iter()
        .filter(|e| matches!(e, TraceEvent::Refutation { .. }))
        .count() as u64;
    assert_eq!(solver.stats().nodes, 1 + decisions as u64 + refutations);
    // The last open decisions are all part of the solution.
    for (var, value) in decisions_at(trace, trace.len() - 1) {
        assert_eq!(solution[var], value);
    }
    // Deductions name the cells' constraints: rows, columns and boxes.
    for (_, d) in deductions(trace) {
        let scope = model.constraint(d.constraint).unwrap().scope();
        assert!(
            scope.contains(&d.var),
            "{d:?} names a constraint that does not hold the cell"
        );
        assert!(grid.position(d.var).is_some());
        assert!(
            [rules::ELIMINATION, rules::HIDDEN_SINGLE].contains(&d.rule),
            "{d:?}"
        );
    }
}

/// Replays a trace against the unique `solution`: while every decision,
/// refutation and given in force agrees with the solution, no deduction
/// may remove a solution value, fix another value, or fail.
fn check_trace_is_sound(trace: &[TraceEvent], solution: &[Value]) -> (usize, usize) {
    // (level, var, value, equal?) for each assertion in force.
    let mut in_force: Vec<(u32, VarId, Value, bool)> = Vec::new();
    let (mut checked, mut skipped) = (0, 0);
    for (i, e) in trace.iter().enumerate() {
        let consistent = in_force
            .iter()
            .all(|&(_, var, value, eq)| (solution[var.index()] == value) == eq);
        match *e {
            TraceEvent::Given { var, value } => in_force.push((0, var, value, true)),
            TraceEvent::Decision { depth, var, value } => {
                in_force.retain(|a| a.0 < depth);
                in_force.push((depth, var, value, true));
            }
            TraceEvent::Refutation { depth, var, value } => {
                in_force.retain(|a| a.0 <= depth);
                in_force.push((depth, var, value, false));
            }
            TraceEvent::Removed(d) | TraceEvent::Fixed(d) if consistent => {
                checked += 1;
                let fixed = matches!(e, TraceEvent::Fixed(_));
                let right = solution[d.var.index()] == d.value;
                assert_eq!(right, fixed, "event {i}: unsound deduction {e:?}");
            }
            TraceEvent::Conflict { .. } if consistent => {
                panic!("event {i}: conflict {e:?} on a path to the solution")
            }
            _ => skipped += 1,
        }
    }
    (checked, skipped)
}

#[test]
fn every_deduction_on_the_path_to_the_solution_is_sound() {
    for puzzle in HARD_SUDOKUS {
        for strength in Strength::ALL {
            for options in [
                traced(),
                traced().with_value_order(ValueOrder::Random { seed: 3 }),
                traced().with_variable_order(VariableOrder::Input),
            ] {
                let (model, _, givens) = sudoku(puzzle, strength);
                let mut solver = Solver::with_options(&model, options);
                solver.set_assumptions(&givens).unwrap();
                let Uniqueness::Unique(solution) = solver.uniqueness() else {
                    panic!("unique puzzle")
                };
                let (checked, _) = check_trace_is_sound(solver.trace(), solution.values());
                assert!(checked > 100, "{checked} deductions checked");
            }
        }
    }
}

#[test]
fn conflicts_and_refutations_are_recorded() {
    // Three pigeons, two holes, pairwise `!=`.
    let model = pigeons(2);
    let mut solver = Solver::with_options(&model, traced());
    assert_eq!(solver.solve(), SolveOutcome::Unsatisfiable);
    let trace = solver.trace();
    let p0 = model.vars().next().unwrap();
    let skeleton: Vec<_> = trace
        .iter()
        .filter(|e| !matches!(e, TraceEvent::Removed(_) | TraceEvent::Fixed(_)))
        .copied()
        .collect();
    assert_eq!(skeleton.len(), 4, "{trace:#?}");
    assert_eq!(
        skeleton[0],
        TraceEvent::Decision {
            depth: 1,
            var: p0,
            value: 1
        }
    );
    assert!(matches!(
        skeleton[1],
        TraceEvent::Conflict {
            depth: 1,
            constraint: Some(_),
            rule: "not equal"
        }
    ));
    assert_eq!(
        skeleton[2],
        TraceEvent::Refutation {
            depth: 0,
            var: p0,
            value: 1
        }
    );
    assert!(matches!(
        skeleton[3],
        TraceEvent::Conflict {
            depth: 0,
            constraint: Some(_),
            rule: "not equal"
        }
    ));
    for (_, d) in deductions(trace) {
        assert_eq!(d.rule, "not equal");
        assert!(
            model
                .constraint(d.constraint)
                .unwrap()
                .scope()
                .contains(&d.var)
        );
    }
    assert_eq!(decisions_at(trace, trace.len() - 1), vec![]);
}

#[test]
fn contradictory_givens_give_a_conflict_without_a_constraint() {
    let mut model = Model::new();
    let x = model.new_var(1..=3).unwrap();
    let mut solver = Solver::with_options(&model, traced());
    solver.set_assumptions(&[(x, 1), (x, 2)]).unwrap();
    assert_eq!(solver.solve(), SolveOutcome::Unsatisfiable);
    assert_eq!(
        solver.trace(),
        &[
            TraceEvent::Given { var: x, value: 1 },
            TraceEvent::Given { var: x, value: 2 },
            TraceEvent::Conflict {
                depth: 0,
                constraint: None,
                rule: ""
            },
        ]
    );
}

#[test]
fn rules_name_each_kind_of_deduction() {
    // Matching (Régin): a naked pair.
    let mut model = Model::new();
    let a = model.new_var([1, 2]).unwrap();
    let b = model.new_var([1, 2]).unwrap();
    let c = model.new_var(1..=4).unwrap();
    let id = model
        .all_different_with(&[a, b, c], Strength::DomainConsistent)
        .unwrap();
    let mut solver = Solver::with_options(&model, traced());
    solver.propagate().unwrap();
    let rule = rules::MATCHING;
    assert_eq!(
        solver.trace(),
        &[
            TraceEvent::Removed(Deduction {
                depth: 0,
                var: c,
                value: 1,
                constraint: id,
                rule
            }),
            TraceEvent::Removed(Deduction {
                depth: 0,
                var: c,
                value: 2,
                constraint: id,
                rule
            }),
        ]
    );

    // Pigeonhole: three variables, two values.
    let mut model = Model::new();
    let xs = model.new_vars(3, [4, 7]).unwrap();
    let id = model
        .all_different_with(&xs, Strength::HiddenSingles)
        .unwrap();
    let mut solver = Solver::with_options(&model, traced());
    assert!(solver.propagate().is_err());
    assert_eq!(
        solver.trace(),
        &[TraceEvent::Conflict {
            depth: 0,
            constraint: Some(id),
            rule: rules::PIGEONHOLE
        }]
    );

    // Relations: bounds of `x + 3 < y`, and `==`.
    let mut model = Model::new();
    let x = model.new_var(1..=9).unwrap();
    let y = model.new_var(1..=9).unwrap();
    let z = model.new_var([2, 4, 6]).unwrap();
    let lt = model.relation(x, csp_core::RelOp::Lt, y, 3).unwrap();
    let eq = model.equal(y, z).unwrap();
    let mut solver = Solver::with_options(&model, traced());
    let d = solver.propagate().unwrap();
    assert_eq!(d.iter(y).collect::<Vec<_>>(), vec![6]);
    assert_eq!(d.iter(x).collect::<Vec<_>>(), vec![1, 2]);
    let ds = deductions(solver.trace());
    for (_, dd) in &ds {
        let want = if dd.constraint == lt {
            "bounds"
        } else {
            "equality"
        };
        assert!(dd.constraint == lt || dd.constraint == eq);
        assert_eq!(dd.rule, want, "{dd:?}");
    }
    // x loses 6..=9 to the bounds first (ascending), y and z their odd ones out.
    let removed_from = |v| ds.iter().filter(|(f, dd)| !f && dd.var == v).count();
    assert_eq!(
        (removed_from(x), removed_from(y), removed_from(z)),
        (7, 8, 2)
    );

    // A user constraint with the default forward checking, and one with
    // its own rule name.
    let mut model = Model::new();
    let x = model.new_var(0..=5).unwrap();
    let y = model.new_var(0..=5).unwrap();
    let sum = model
        .add(Sum {
            vars: vec![x, y],
            total: 5,
        })
        .unwrap();
    let bounds = model
        .add(SumBetween {
            vars: vec![x, y],
            lo: 8,
            hi: 9,
        })
        .unwrap();
    let mut solver = Solver::with_options(&model, traced());
    solver.set_assumptions(&[(x, 2)]).unwrap();
    assert!(
        solver.propagate().is_err(),
        "x = 2 leaves y = 3, and 2 + 3 < 8"
    );
    let ds = deductions(solver.trace());
    assert!(
        ds.iter()
            .any(|(_, d)| d.constraint == sum && d.rule == "forward checking")
    );
    assert!(
        ds.iter()
            .all(|(_, d)| d.constraint != bounds || d.rule == SUM_BOUNDS)
    );
}

/// What a run did, leaving out the propagator calls (see below).
fn shape(s: csp_core::Stats) -> (u64, u64, u64, u32, u64) {
    (s.decisions, s.nodes, s.failures, s.max_depth, s.solutions)
}

#[test]
fn trace_is_empty_when_off_and_changes_no_decision_when_on() {
    for puzzle in HARD_SUDOKUS {
        for strength in Strength::ALL {
            let (model, _, givens) = sudoku(puzzle, strength);
            let mut off = Solver::new(&model);
            let mut on = Solver::with_options(&model, traced());
            for solver in [&mut off, &mut on] {
                solver.set_assumptions(&givens).unwrap();
            }
            assert!(off.trace().is_empty());
            assert_eq!(off.solve(), on.solve());
            assert!(off.trace().is_empty());
            assert!(!on.trace().is_empty());
            assert_eq!(shape(off.stats()), shape(on.stats()), "{strength:?}");
            assert_eq!(off.uniqueness(), on.uniqueness());
            assert!(off.trace().is_empty());
            assert_eq!(shape(off.stats()), shape(on.stats()), "{strength:?}");
            assert_eq!(off.count(None), on.count(None));
            assert!(off.propagate().is_ok() && off.trace().is_empty());
            // Turning the trace off again empties it on the next run.
            on.set_options(SearchOptions::default());
            on.solve();
            assert!(on.trace().is_empty());
        }
    }
}

#[test]
fn trace_changes_no_statistic() {
    for puzzle in HARD_SUDOKUS {
        for strength in Strength::ALL {
            let (model, _, givens) = sudoku(puzzle, strength);
            let mut off = Solver::new(&model);
            let mut on = Solver::with_options(&model, traced());
            for solver in [&mut off, &mut on] {
                solver.set_assumptions(&givens).unwrap();
                solver.uniqueness();
            }
            assert_eq!(
                off.stats().without_time(),
                on.stats().without_time(),
                "{strength:?}"
            );
        }
    }
}
