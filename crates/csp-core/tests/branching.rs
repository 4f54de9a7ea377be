//! Decision variables (`SearchOptions::with_decision_vars`): branching on a
//! subset gives the same solutions (each complete) as branching on every
//! variable, for every variable order; the subset is branched on first, the
//! rest after it; the variable order works within the subset.

use csp_core::testing::violated_constraint;
use csp_core::{
    Conflict, Constraint, Model, PropagationContext, RelOp, SearchOptions, Solver, TraceEvent,
    Value, VarId, VariableOrder,
};
use std::collections::BTreeSet;

/// `d = |x - y|`, domain consistent.
#[derive(Debug)]
struct AbsDiff {
    vars: [VarId; 3],
}

impl Constraint for AbsDiff {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        (i64::from(values[0]) - i64::from(values[1])).abs() == i64::from(values[2])
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let [x, y, d] = self.vars;
        loop {
            let mut changed = ctx.retain(d, |dom, dv| {
                dom.iter(x)
                    .any(|a| dom.contains(y, a + dv) || dom.contains(y, a - dv))
            })?;
            for (a, b) in [(x, y), (y, x)] {
                changed |= ctx.retain(a, |dom, av| {
                    dom.iter(d)
                        .any(|dv| dom.contains(b, av + dv) || dom.contains(b, av - dv))
                })?;
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The all-interval series of length `n` (CSPLib 7): the model, the series
/// and the differences.
fn all_interval(n: usize) -> (Model, Vec<VarId>, Vec<VarId>) {
    let mut model = Model::new();
    let xs = model.new_vars(n, 0..n as Value).unwrap();
    let ds = model.new_vars(n - 1, 1..n as Value).unwrap();
    model.all_different(&xs).unwrap();
    model.all_different(&ds).unwrap();
    for i in 0..n - 1 {
        model
            .add(AbsDiff {
                vars: [xs[i + 1], xs[i], ds[i]],
            })
            .unwrap();
    }
    (model, xs, ds)
}

/// Every all-interval series of length `n` (with its differences appended,
/// as the model orders its variables), by trying every permutation.
fn series_by_permutation(n: usize) -> BTreeSet<Vec<Value>> {
    fn extend(n: usize, series: &mut Vec<Value>, out: &mut BTreeSet<Vec<Value>>) {
        if series.len() == n {
            let diffs: Vec<Value> = series.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
            let distinct: BTreeSet<_> = diffs.iter().collect();
            if distinct.len() == n - 1 {
                out.insert(series.iter().copied().chain(diffs).collect());
            }
            return;
        }
        for v in 0..n as Value {
            if !series.contains(&v) {
                series.push(v);
                extend(n, series, out);
                series.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

const ORDERS: [VariableOrder; 4] = [
    VariableOrder::MrvDegree,
    VariableOrder::Mrv,
    VariableOrder::Input,
    VariableOrder::DomWdeg,
];

fn solutions(model: &Model, options: SearchOptions) -> (BTreeSet<Vec<Value>>, u64) {
    let mut solver = Solver::with_options(model, options);
    let all: Vec<_> = solver.solutions().map(|s| s.into_values()).collect();
    let set: BTreeSet<_> = all.iter().cloned().collect();
    assert_eq!(set.len(), all.len(), "a solution was reported twice");
    for s in &set {
        assert_eq!(violated_constraint(model, s), None, "not a solution: {s:?}");
    }
    (set, solver.stats().decisions)
}

#[test]
fn branching_on_the_series_finds_every_all_interval_series() {
    for n in 3..=7 {
        let (model, xs, _) = all_interval(n);
        let expected = series_by_permutation(n);
        assert!(!expected.is_empty());
        for order in ORDERS {
            let every = SearchOptions::default().with_variable_order(order.clone());
            let series = every.clone().with_decision_vars(&xs);
            let (all, _) = solutions(&model, every);
            let (sub, _) = solutions(&model, series);
            assert_eq!(all, expected, "n = {n}, {order:?}");
            assert_eq!(sub, expected, "n = {n}, {order:?}, series only");
        }
    }
}

#[test]
fn branching_on_the_series_takes_fewer_decisions() {
    let (model, xs, _) = all_interval(9);
    let mut every = Solver::new(&model);
    let mut series = Solver::with_options(&model, SearchOptions::default().with_decision_vars(&xs));
    assert_eq!(every.count(None), series.count(None));
    let (a, b) = (every.stats().decisions, series.stats().decisions);
    assert!(b < a, "series {b} decisions, every variable {a}");
}

#[test]
fn variables_left_open_are_branched_on_after_the_decision_variables() {
    // xs all different over 0..3, ys free over 0..2 and linked to nothing:
    // branching on the xs leaves the ys open, so the search must go on.
    let mut model = Model::new();
    let xs = model.new_vars(3, 0..=2).unwrap();
    let ys = model.new_vars(2, 0..=1).unwrap();
    model.all_different(&xs).unwrap();
    model.relation(ys[0], RelOp::Le, ys[1], 0).unwrap();
    for order in ORDERS {
        let options = SearchOptions::default()
            .with_variable_order(order.clone())
            .with_decision_vars(&xs)
            .with_trace(true);
        let mut solver = Solver::with_options(&model, options);
        assert_eq!(solver.count(None).count, 6 * 3, "{order:?}");
        // Every decision on a y comes after all xs are decided on that
        // branch: the first decision is on an x.
        let decided: Vec<VarId> = solver
            .trace()
            .iter()
            .filter_map(|e| match *e {
                TraceEvent::Decision { var, .. } => Some(var),
                _ => None,
            })
            .collect();
        assert!(xs.contains(&decided[0]), "{order:?}: {decided:?}");
        let (set, _) = solutions(&model, solver.options().clone());
        assert_eq!(set.len(), 18);
    }
}

#[test]
fn input_order_follows_the_listed_order() {
    let mut model = Model::new();
    let xs = model.new_vars(5, 0..=4).unwrap();
    model.all_different(&xs).unwrap();
    let listed = [xs[3], xs[1], xs[4], xs[0], xs[2]];
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::Input)
        .with_decision_vars(&listed)
        .with_trace(true);
    let mut solver = Solver::with_options(&model, options);
    assert!(solver.solve().into_solution().is_some());
    let decided: Vec<VarId> = solver
        .trace()
        .iter()
        .filter_map(|e| match *e {
            TraceEvent::Decision { var, .. } => Some(var),
            _ => None,
        })
        .collect();
    // Five variables, all different: four decisions, the fifth is forced.
    assert_eq!(decided, listed[..4].to_vec());
}

#[test]
fn mrv_within_the_subset_prefers_the_smallest_listed_domain() {
    let mut model = Model::new();
    let tiny = model.new_var(0..=1).unwrap(); // not listed: smallest overall
    let a = model.new_var(0..=5).unwrap();
    let b = model.new_var(0..=3).unwrap();
    model.not_equal(a, b).unwrap();
    model.not_equal(tiny, a).unwrap();
    model.not_equal(tiny, b).unwrap(); // a and b of degree 2 each
    for order in [
        VariableOrder::Mrv,
        VariableOrder::MrvDegree,
        VariableOrder::DomWdeg,
    ] {
        let options = SearchOptions::default()
            .with_variable_order(order.clone())
            .with_decision_vars(&[a, b])
            .with_trace(true);
        let mut solver = Solver::with_options(&model, options);
        solver.solve();
        let first = solver.trace().iter().find_map(|e| match *e {
            TraceEvent::Decision { var, .. } => Some(var),
            _ => None,
        });
        assert_eq!(first, Some(b), "{order:?}");
    }
}

#[test]
fn unknown_and_repeated_decision_variables_are_ignored() {
    let (model, xs, _) = all_interval(6);
    let stranger = Model::new().new_var(0..=1).unwrap();
    let messy = [xs[2], stranger, xs[2], xs[0], xs[1], xs[3], xs[4], xs[5]];
    let clean = [xs[2], xs[0], xs[1], xs[3], xs[4], xs[5]];
    let run = |vars: &[VarId]| {
        let mut solver =
            Solver::with_options(&model, SearchOptions::default().with_decision_vars(vars));
        let all: Vec<_> = solver.solutions().collect();
        (all, solver.stats().without_time())
    };
    assert_eq!(run(&messy), run(&clean));
    // An empty list is no list.
    let mut solver = Solver::with_options(&model, SearchOptions::default().with_decision_vars(&[]));
    let mut plain = Solver::new(&model);
    assert_eq!(solver.count(None), plain.count(None));
    assert_eq!(solver.stats().without_time(), plain.stats().without_time());
    // Options changed on a reused solver take effect.
    solver.set_options(SearchOptions::default().with_decision_vars(&xs));
    let mut fresh = Solver::with_options(&model, SearchOptions::default().with_decision_vars(&xs));
    assert_eq!(solver.count(None), fresh.count(None));
    assert_eq!(solver.stats().without_time(), fresh.stats().without_time());
}
