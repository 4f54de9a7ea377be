//! Property tests against the brute-force oracle on random small problems:
//! random domains (ranges and sets, negative values, mixed bases,
//! multi-word domains), AllDifferent at every strength, all six relations
//! with offsets (same-variable cases too), givens, and user constraints
//! (default forward checking and a custom `propagate`), under every variable
//! order and value order.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::{brute_force_solutions, check_against_brute_force, violated_constraint};
use csp_core::{
    Model, SearchOptions, SearchStatus, Solver, Strength, TraceEvent, Value, ValueOrder, VarId,
    VariableOrder,
};
use problems::{Problem, SumBetween, problem, search_options};
use proptest::prelude::*;
use std::collections::BTreeSet;

type SolutionSet = BTreeSet<Vec<Value>>;
/// The values left for each variable after root propagation.
type RootDomains = Vec<Vec<Value>>;

fn solution_set(model: &Model, options: SearchOptions) -> BTreeSet<Vec<Value>> {
    let mut solver = Solver::with_options(model, options);
    let list: Vec<_> = solver.solutions().map(|s| s.into_values()).collect();
    let set: BTreeSet<_> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "a solution was reported twice");
    set
}

/// Replays a traced search against the brute-force solutions: at every
/// event, the solutions consistent with the givens, decisions and
/// refutations in force must keep every value a deduction removes, and a
/// conflict may only happen when no solution is consistent. Deductions and
/// conflicts carry the current decision depth.
fn check_trace_against_solutions(trace: &[TraceEvent], solutions: &[Vec<Value>]) {
    // (level, var, value, equal?) for each assertion in force.
    let mut in_force: Vec<(u32, VarId, Value, bool)> = Vec::new();
    let mut depth = 0u32;
    for (i, e) in trace.iter().enumerate() {
        let consistent = || {
            solutions.iter().filter(|s| {
                in_force
                    .iter()
                    .all(|&(_, var, value, eq)| (s[var.index()] == value) == eq)
            })
        };
        match *e {
            TraceEvent::Given { var, value } => in_force.push((0, var, value, true)),
            TraceEvent::Decision {
                depth: d,
                var,
                value,
            } => {
                assert_eq!(d, depth + 1, "event {i}: {e:?}");
                depth = d;
                in_force.retain(|a| a.0 < d);
                in_force.push((d, var, value, true));
            }
            TraceEvent::Refutation {
                depth: d,
                var,
                value,
            } => {
                assert!(d < depth, "event {i}: {e:?} at depth {depth}");
                depth = d;
                in_force.retain(|a| a.0 <= d);
                in_force.push((d, var, value, false));
            }
            TraceEvent::Removed(d) => {
                assert_eq!(d.depth, depth, "event {i}: {e:?}");
                if let Some(s) = consistent().find(|s| s[d.var.index()] == d.value) {
                    panic!("event {i}: {e:?} removes a value of solution {s:?}");
                }
            }
            TraceEvent::Fixed(d) => {
                assert_eq!(d.depth, depth, "event {i}: {e:?}");
                if let Some(s) = consistent().find(|s| s[d.var.index()] != d.value) {
                    panic!("event {i}: {e:?} excludes solution {s:?}");
                }
            }
            TraceEvent::Conflict { depth: d, .. } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                if let Some(s) = consistent().next() {
                    panic!("event {i}: {e:?} although solution {s:?} is consistent");
                }
            }
            TraceEvent::Solution { depth: d } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                assert!(
                    consistent().next().is_some(),
                    "event {i}: a solution no one sees"
                );
            }
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Solutions equal brute force (each once, each satisfying every
    /// constraint), count and uniqueness agree, and propagation never
    /// prunes a value of a solution, at the root or under a partial
    /// assignment taken from a solution.
    #[test]
    fn solver_matches_brute_force(p in problem(), options in search_options()) {
        let (model, _) = p.build();
        check_against_brute_force(&model, options);
    }

    /// The same problem with every AllDifferent at each strength: the same
    /// solution set, and a stronger strength prunes at least as much at the
    /// root.
    #[test]
    fn every_strength_agrees(p in problem(), options in search_options()) {
        let mut previous: Option<(Strength, SolutionSet, Option<RootDomains>)> = None;
        for strength in Strength::ALL {
            let (model, xs) = p.build_with(Some(strength));
            check_against_brute_force(&model, options.clone());
            let set = solution_set(&model, options.clone());
            let mut solver = Solver::with_options(&model, options.clone());
            let root: Option<Vec<Vec<Value>>> = solver
                .propagate()
                .ok()
                .map(|d| xs.iter().map(|&x| d.iter(x).collect()).collect());
            if let Some((weaker, weaker_set, weaker_root)) = &previous {
                prop_assert_eq!(&set, weaker_set, "{:?} vs {:?}", strength, weaker);
                match (&root, weaker_root) {
                    (Some(d), Some(w)) => {
                        for (i, (a, b)) in d.iter().zip(w).enumerate() {
                            prop_assert!(
                                a.iter().all(|v| b.contains(v)),
                                "x{i}: {strength:?} keeps {a:?}, weaker {weaker:?} keeps {b:?}"
                            );
                        }
                    }
                    (None, _) => {}
                    (Some(_), None) => prop_assert!(false, "{:?} failed at the root, {:?} not", weaker, strength),
                }
            }
            previous = Some((strength, set, root));
        }
    }

    /// Two runs of the same model and options give the same solutions in
    /// the same order with the same statistics (random value order too).
    #[test]
    fn runs_are_deterministic(p in problem(), options in search_options()) {
        let (model, _) = p.build();
        let run = || {
            let mut solver = Solver::with_options(&model, options.clone());
            let sols: Vec<_> = solver.solutions().collect();
            (sols, solver.stats().without_time())
        };
        let (a, sa) = run();
        let (b, sb) = run();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(sa, sb);
        prop_assert_eq!(sa.solutions, a.len() as u64);
    }

    /// Every deduction of a traced search (count of all solutions, with
    /// random givens as assumptions) is sound with respect to the
    /// brute-force solutions consistent with the decisions in force.
    #[test]
    fn traced_deductions_are_sound(
        p in problem(),
        options in search_options(),
        givens in prop::collection::vec((0..5usize, -4..=8 as Value), 0..=2),
    ) {
        let (model, xs) = p.build();
        let solutions = brute_force_solutions(&model, 1_000_000).unwrap();
        let assumptions: Vec<_> = givens
            .iter()
            .filter(|&&(i, v)| i < xs.len() && model.initial_domains().contains(xs[i], v))
            .map(|&(i, v)| (xs[i], v))
            .collect();
        let mut solver = Solver::with_options(&model, options.with_trace(true));
        solver.set_assumptions(&assumptions).unwrap();
        let count = solver.count(None);
        let expected = solutions
            .iter()
            .filter(|s| assumptions.iter().all(|&(x, v)| s[x.index()] == v))
            .count();
        prop_assert_eq!(count.count, expected as u64);
        check_trace_against_solutions(solver.trace(), &solutions);
        let events = solver.trace().iter();
        let solved = events.filter(|e| matches!(e, TraceEvent::Solution { .. })).count();
        prop_assert_eq!(solved, expected);
    }

    /// Wide scopes: AllDifferent over sparse domains whose union has more
    /// than 64 values (the fallback path) or spans several words.
    #[test]
    fn wide_all_different_matches_brute_force(
        domains in prop::collection::vec(prop::collection::vec(-100..=100i32, 1..=24), 2..=3),
        strength in prop::sample::select(Strength::ALL.to_vec()),
        fix_first in any::<bool>(),
    ) {
        let mut model = Model::new();
        let xs: Vec<_> = domains.iter().map(|d| model.new_var(d.clone()).unwrap()).collect();
        model.all_different_with(&xs, strength).unwrap();
        if fix_first {
            let v = model.initial_domains().min(xs[1]).unwrap();
            if model.initial_domains().contains(xs[0], v) {
                model.fix(xs[0], v).unwrap();
            }
        }
        check_against_brute_force(&model, SearchOptions::default());
    }
}

#[test]
fn user_constraint_with_custom_propagate_prunes_bounds_at_the_root() {
    // x, y, z in 0..=9, 20 <= x + y + z <= 21  =>  every variable >= 2.
    let mut model = Model::new();
    let xs = model.new_vars(3, 0..=9).unwrap();
    let c = model
        .add(SumBetween {
            vars: xs.clone(),
            lo: 20,
            hi: 21,
        })
        .unwrap();
    let mut solver = Solver::new(&model);
    let d = solver.propagate().unwrap();
    for &x in &xs {
        assert_eq!((d.min(x), d.max(x)), (Some(2), Some(9)));
    }
    assert_eq!(
        check_against_brute_force(&model, SearchOptions::default()),
        36 + 28
    );
    assert_eq!(model.constraint(c).unwrap().name(), "sum between");
}

#[test]
fn user_constraint_with_a_repeated_variable() {
    // 2x + y == 7 written as the scope [x, x, y].
    let mut model = Model::new();
    let x = model.new_var(-2..=5).unwrap();
    let y = model.new_var(-3..=9).unwrap();
    model
        .add(problems::Sum {
            vars: vec![x, x, y],
            total: 7,
        })
        .unwrap();
    let n = check_against_brute_force(&model, SearchOptions::default());
    // x = -1 (y = 9), 0 (7), 1 (5), 2 (3), 3 (1), 4 (-1), 5 (-3)
    assert_eq!(n, 7);
}

#[test]
fn every_order_finds_the_same_solutions() {
    let p = Problem {
        domains: vec![
            problems::DomSpec::Range(-2, 3),
            problems::DomSpec::Set(vec![-4, 0, 2, 8]),
            problems::DomSpec::Range(0, 4),
            problems::DomSpec::Set(vec![1, 3, 130]),
        ],
        constraints: vec![
            problems::ConSpec::AllDiff {
                vars: vec![0, 1, 2, 3],
                strength: Strength::HiddenSingles,
            },
            problems::ConSpec::Rel {
                x: 0,
                op: csp_core::RelOp::Lt,
                y: 2,
                offset: 1,
            },
            problems::ConSpec::SumBetween {
                vars: vec![0, 1, 2],
                lo: 2,
                hi: 9,
            },
        ],
    };
    let (model, _) = p.build();
    let expected: BTreeSet<_> = brute_force_solutions(&model, 10_000)
        .unwrap()
        .into_iter()
        .collect();
    assert!(
        expected.len() > 5,
        "the instance should have several solutions"
    );
    for var in [
        VariableOrder::MrvDegree,
        VariableOrder::Mrv,
        VariableOrder::Input,
    ] {
        for val in [
            ValueOrder::Ascending,
            ValueOrder::Descending,
            ValueOrder::Random { seed: 1 },
            ValueOrder::Random { seed: u64::MAX },
        ] {
            let options = SearchOptions::default()
                .with_variable_order(var.clone())
                .with_value_order(val);
            assert_eq!(
                solution_set(&model, options.clone()),
                expected,
                "{options:?}"
            );
            let mut solver = Solver::with_options(&model, options);
            let first = solver.solve().into_solution().unwrap();
            assert_eq!(violated_constraint(&model, first.values()), None);
        }
    }
    // Input order with ascending values gives lexicographic order.
    let options = SearchOptions::default().with_variable_order(VariableOrder::Input);
    let mut solver = Solver::with_options(&model, options);
    let mut it = solver.solutions();
    let lex: Vec<_> = it.by_ref().map(|s| s.into_values()).collect();
    assert_eq!(it.status(), Some(SearchStatus::Complete));
    assert_eq!(lex, expected.into_iter().collect::<Vec<_>>());
}
