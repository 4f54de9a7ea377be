//! Branch and bound (`Solver::minimize`, `maximize`, `improvements`): the
//! optimum matches brute force (every solution enumerated, the best taken)
//! on random knapsacks and on weighted n-queens, every improvement is a
//! solution strictly better than the one before, limits stop the run with
//! the best solution so far and `proven: false`, and runs are deterministic.

use csp_core::testing::{brute_force_solutions, violated_constraint};
use csp_core::{
    Constraint, Model, ModelError, Objective, OptimizeOutcome, SearchOptions, SearchStatus, Solver,
    StopReason, Value, VarId,
};
use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// `z == sum c_i x_i` (scope: the xs, then z), checked only: the engine
/// forward-checks it, so `z` is fixed once the xs are.
#[derive(Debug)]
struct WeightedSum {
    scope: Vec<VarId>,
    coefs: Vec<i64>,
}

impl Constraint for WeightedSum {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (xs, z) = values.split_at(values.len() - 1);
        let sum: i64 = xs
            .iter()
            .zip(&self.coefs)
            .map(|(&x, c)| c * i64::from(x))
            .sum();
        sum == i64::from(z[0])
    }
}

/// `sum c_i x_i <= capacity`, checked only.
#[derive(Debug)]
struct Capacity {
    vars: Vec<VarId>,
    coefs: Vec<i64>,
    capacity: i64,
}

impl Constraint for Capacity {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let sum: i64 = values
            .iter()
            .zip(&self.coefs)
            .map(|(&x, c)| c * i64::from(x))
            .sum();
        sum <= self.capacity
    }
}

#[derive(Clone, Debug)]
struct Knapsack {
    /// (weight, value, most copies) per item.
    items: Vec<(i64, i64, i32)>,
    capacity: i64,
}

fn knapsack() -> impl Strategy<Value = Knapsack> {
    (
        prop::collection::vec((1..7i64, -3..10i64, 1..=2i32), 2..=5),
        0..15i64,
    )
        .prop_map(|(items, capacity)| Knapsack { items, capacity })
}

/// The model, its item counts and the objective variable (total value).
fn knapsack_model(k: &Knapsack) -> (Model, Vec<VarId>, VarId) {
    let mut m = Model::new();
    let xs: Vec<VarId> = k
        .items
        .iter()
        .map(|&(_, _, most)| m.new_var(0..=most).unwrap())
        .collect();
    let (lo, hi) = k.items.iter().fold((0, 0), |(lo, hi), &(_, v, most)| {
        let extreme = v * i64::from(most);
        (lo + extreme.min(0), hi + extreme.max(0))
    });
    let z = m.new_var(lo as Value..=hi as Value).unwrap();
    let weights: Vec<i64> = k.items.iter().map(|i| i.0).collect();
    let values: Vec<i64> = k.items.iter().map(|i| i.1).collect();
    m.add(Capacity {
        vars: xs.clone(),
        coefs: weights,
        capacity: k.capacity,
    })
    .unwrap();
    let mut scope = xs.clone();
    scope.push(z);
    m.add(WeightedSum {
        scope,
        coefs: values,
    })
    .unwrap();
    (m, xs, z)
}

/// Runs `improvements` to the end and checks the sequence: each one a
/// solution, each strictly better than the last. Returns the values and
/// the final status.
fn improvements(
    model: &Model,
    options: SearchOptions,
    objective: Objective,
) -> (Vec<Value>, Option<SearchStatus>) {
    let mut solver = Solver::with_options(model, options);
    let mut run = solver.improvements(objective).unwrap();
    let mut values: Vec<Value> = Vec::new();
    for (solution, value) in run.by_ref() {
        assert_eq!(violated_constraint(model, solution.values()), None);
        assert_eq!(solution[objective.var()], value);
        if let Some(&last) = values.last() {
            assert!(objective.is_better(value, last), "{value} after {last}");
        }
        values.push(value);
    }
    assert_eq!(run.stats().solutions, values.len() as u64);
    (values, run.status())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn knapsack_optimum_matches_brute_force(k in knapsack(), decide_items in any::<bool>()) {
        let (model, xs, z) = knapsack_model(&k);
        let all = brute_force_solutions(&model, 1 << 21).unwrap();
        let options = if decide_items {
            SearchOptions::default().with_decision_vars(&xs)
        } else {
            SearchOptions::default()
        };
        for objective in [Objective::Maximize(z), Objective::Minimize(z)] {
            let best = all.iter().map(|s| s[z.index()]).reduce(|a, b| {
                if objective.is_better(b, a) { b } else { a }
            });
            let outcome = Solver::with_options(&model, options.clone())
                .optimize(objective)
                .unwrap();
            match (best, &outcome) {
                (None, OptimizeOutcome::Unsatisfiable) => {}
                (Some(b), OptimizeOutcome::Optimal { solution, value }) => {
                    prop_assert_eq!(*value, b);
                    prop_assert!(all.contains(&solution.values().to_vec()));
                }
                _ => prop_assert!(false, "{objective:?}: brute force {best:?}, got {outcome:?}"),
            }
            prop_assert!(outcome.is_proven());
            let (values, status) = improvements(&model, options.clone(), objective);
            prop_assert_eq!(status, Some(SearchStatus::Complete));
            prop_assert_eq!(values.last().copied(), best);
        }
    }
}

/// n-queens (diagonals as offsets) with `z = sum (i + 1) q_i`.
fn weighted_queens(n: usize) -> (Model, Vec<VarId>, VarId) {
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as Value).unwrap();
    m.all_different(&q).unwrap();
    let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
    m.all_different_offset(&down).unwrap();
    m.all_different_offset(&up).unwrap();
    let top = (n * (n + 1) / 2 * (n - 1)) as Value;
    let z = m.new_var(0..=top).unwrap();
    let mut scope = q.clone();
    scope.push(z);
    m.add(WeightedSum {
        scope,
        coefs: (1..=n as i64).collect(),
    })
    .unwrap();
    (m, q, z)
}

#[test]
fn weighted_queens_optimum_is_the_best_of_all_solutions() {
    for n in 4..=8 {
        let (model, q, z) = weighted_queens(n);
        let options = SearchOptions::default().with_decision_vars(&q);
        let all: Vec<Value> = Solver::with_options(&model, options.clone())
            .solutions()
            .map(|s| s[z])
            .collect();
        for objective in [Objective::Minimize(z), Objective::Maximize(z)] {
            let best = all
                .iter()
                .copied()
                .reduce(|a, b| if objective.is_better(b, a) { b } else { a });
            let mut solver = Solver::with_options(&model, options.clone());
            let outcome = solver.optimize(objective).unwrap();
            assert_eq!(outcome.value(), best, "n = {n}, {objective:?}");
            assert!(outcome.is_proven());
            let (values, _) = improvements(&model, options.clone(), objective);
            assert_eq!(values.last().copied(), best);
            // Branch and bound explores less than enumerating everything.
            let mut every = Solver::with_options(&model, options.clone());
            every.count(None);
            assert!(solver.stats().nodes <= every.stats().nodes, "n = {n}");
        }
    }
}

#[test]
fn limits_stop_with_the_best_so_far_not_proven() {
    let (model, q, z) = weighted_queens(10);
    let base = SearchOptions::default().with_decision_vars(&q);
    let optimum = Solver::with_options(&model, base.clone())
        .maximize(z)
        .unwrap();
    let OptimizeOutcome::Optimal { value: best, .. } = optimum else {
        panic!("{optimum:?}")
    };
    let (values, _) = improvements(&model, base.clone(), Objective::Maximize(z));
    assert!(values.len() >= 2, "several improvements: {values:?}");

    // One improving solution: the first one, not proven.
    let limits = csp_core::Limits {
        solutions: Some(1),
        ..Default::default()
    };
    let outcome = Solver::with_options(&model, base.clone().with_limits(limits))
        .maximize(z)
        .unwrap();
    match outcome {
        OptimizeOutcome::Best { value, reason, .. } => {
            assert_eq!(value, values[0]);
            assert_eq!(reason, StopReason::SolutionLimit);
        }
        other => panic!("{other:?}"),
    }

    // A node limit below what the proof needs.
    let mut solver = Solver::with_options(&model, base.clone());
    solver.maximize(z).unwrap();
    let needed = solver.stats().decisions;
    for limit in [needed / 2, needed - 1] {
        let mut solver = Solver::with_options(&model, base.clone().with_node_limit(limit));
        let outcome = solver.maximize(z).unwrap();
        assert!(!outcome.is_proven(), "{limit}: {outcome:?}");
        assert!(solver.stats().decisions <= limit);
        match outcome {
            OptimizeOutcome::Best { value, reason, .. } => {
                assert_eq!(reason, StopReason::NodeLimit);
                assert!(value <= best && values.contains(&value));
            }
            OptimizeOutcome::Stopped(StopReason::NodeLimit) => {}
            other => panic!("{other:?}"),
        }
    }
    // The exact number of decisions needed proves the optimum.
    let outcome = Solver::with_options(&model, base.clone().with_node_limit(needed))
        .maximize(z)
        .unwrap();
    assert_eq!(outcome.value(), Some(best));
    assert!(outcome.is_proven());

    // No time, or cancelled before the start: nothing found, not proven.
    let outcome = Solver::with_options(&model, base.clone().with_time_limit(Duration::ZERO))
        .maximize(z)
        .unwrap();
    assert_eq!(outcome, OptimizeOutcome::Stopped(StopReason::TimeLimit));
    let flag = Arc::new(AtomicBool::new(true));
    let outcome = Solver::with_options(&model, base.with_cancel_flag(flag))
        .maximize(z)
        .unwrap();
    assert_eq!(outcome, OptimizeOutcome::Stopped(StopReason::Cancelled));
}

#[test]
fn optimisation_runs_are_deterministic_and_reusable() {
    let (model, q, z) = weighted_queens(8);
    let options = SearchOptions::default().with_decision_vars(&q);
    let mut solver = Solver::with_options(&model, options.clone());
    let first: Vec<_> = solver
        .improvements(Objective::Minimize(z))
        .unwrap()
        .collect();
    let stats = solver.stats().without_time();
    let again: Vec<_> = solver
        .improvements(Objective::Minimize(z))
        .unwrap()
        .collect();
    assert_eq!(first, again);
    assert_eq!(stats, solver.stats().without_time());
    // Other runs on the same solver do not keep the bound.
    assert_eq!(solver.count(None).count, 92);
}

#[test]
fn unsatisfiable_root_solution_and_bad_objective() {
    let mut model = Model::new();
    let xs = model.new_vars(3, 1..=2).unwrap();
    model.all_different(&xs).unwrap();
    assert_eq!(
        Solver::new(&model).minimize(xs[0]).unwrap(),
        OptimizeOutcome::Unsatisfiable
    );
    // Solved at the root: optimal without a decision.
    let mut model = Model::new();
    let x = model.new_var(3..=5).unwrap();
    model.fix(x, 4).unwrap();
    let mut solver = Solver::new(&model);
    let outcome = solver.maximize(x).unwrap();
    assert_eq!(outcome.value(), Some(4));
    assert!(outcome.is_proven());
    assert_eq!(solver.stats().decisions, 0);
    let stranger = Model::new().new_var(0..=1).unwrap();
    assert_eq!(
        solver.minimize(stranger),
        Err(ModelError::ForeignVariable(stranger))
    );
}
