//! Test support: a brute-force oracle for small models, and seeded
//! generators of planted instances.
//!
//! Enabled by the `test-support` feature. Build a model with small domains,
//! then call [`check_against_brute_force`]: it enumerates every full
//! assignment, keeps those that satisfy every constraint's
//! [`is_satisfied`](crate::Constraint::is_satisfied), and compares with the
//! solver. This turns a new constraint's validity check into its main test.
//!
//! ```
//! use csp_core::{Model, SearchOptions, testing::check_against_brute_force};
//! let mut model = Model::new();
//! let xs = model.new_vars(3, -1..=2)?;
//! model.all_different(&xs)?;
//! model.less_than(xs[0], xs[2])?;
//! assert_eq!(check_against_brute_force(&model, SearchOptions::default()), 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{
    ConstraintId, Learning, Literal, Model, SearchOptions, SearchStatus, Solver, Uniqueness, Value,
    VarId,
};
use std::collections::BTreeSet;

/// The largest number of full assignments [`check_against_brute_force`]
/// enumerates.
pub const MAX_BRUTE_FORCE_ASSIGNMENTS: u64 = 2_000_000;

/// How many solutions [`check_against_brute_force`] replays as partial
/// assignments (the first ones in lexicographic order).
const MAX_REPLAYED_SOLUTIONS: usize = 64;

/// Every full assignment of `model` that satisfies all its constraints, in
/// lexicographic order. Meant for tiny models (the product of the domain
/// sizes is the work). Returns `None` if there are more than `max_assignments`.
pub fn brute_force_solutions(model: &Model, max_assignments: u64) -> Option<Vec<Vec<Value>>> {
    let domains: Vec<Vec<Value>> = model
        .vars()
        .map(|v| model.initial_domains().iter(v).collect())
        .collect();
    let total = domains
        .iter()
        .try_fold(1u64, |acc, d| acc.checked_mul(d.len() as u64))?;
    if total > max_assignments {
        return None;
    }
    let mut out = Vec::new();
    if domains.iter().any(Vec::is_empty) {
        return Some(out);
    }
    let mut idx = vec![0usize; domains.len()];
    let mut values: Vec<Value> = domains.iter().map(|d| d[0]).collect();
    loop {
        if violated_constraint(model, &values).is_none() {
            out.push(values.clone());
        }
        // next assignment (odometer)
        let mut i = domains.len();
        loop {
            if i == 0 {
                return Some(out);
            }
            i -= 1;
            idx[i] += 1;
            if idx[i] < domains[i].len() {
                values[i] = domains[i][idx[i]];
                break;
            }
            idx[i] = 0;
            values[i] = domains[i][0];
        }
    }
}

/// The first constraint of `model` (in the order they were added) that the
/// full assignment `values` (indexed by [`VarId::index`]) breaks, or `None`
/// if it satisfies them all. A value outside its variable's initial domain
/// is reported as a violation of no constraint: check domains separately
/// with [`in_initial_domains`].
pub fn violated_constraint(model: &Model, values: &[Value]) -> Option<ConstraintId> {
    let mut scratch = Vec::new();
    model
        .constraints()
        .find(|(_, c)| {
            scratch.clear();
            scratch.extend(c.scope().iter().map(|v| values[v.index()]));
            !c.is_satisfied(&scratch)
        })
        .map(|(id, _)| id)
}

/// Whether `values` gives every variable of `model` a value of its initial
/// domain (after givens).
pub fn in_initial_domains(model: &Model, values: &[Value]) -> bool {
    values.len() == model.num_vars()
        && model
            .vars()
            .all(|v| model.initial_domains().contains(v, values[v.index()]))
}

/// Checks the solver against brute force on `model` with `options`.
///
/// Panics with a description of the first difference ("failed on solution",
/// "solved on non-solution", as in Gecode's test suite). Checks that:
///
/// - [`Solver::solutions`] reports exactly the satisfying assignments, each
///   once, and the search is complete (so `options` should set no limit);
/// - [`Solver::count`] and [`Solver::uniqueness`] agree with that set;
/// - root propagation ([`Solver::propagate`]) never removes a value that
///   some solution uses, and fails only when there is no solution;
/// - propagation under a partial assignment taken from a solution (a prefix
///   of the variables, in creation order and in reverse, given as
///   [assumptions](Solver::set_assumptions)) never fails and never removes a
///   value of that solution. This covers the states the search visits.
///
/// Returns the number of solutions.
pub fn check_against_brute_force(model: &Model, options: SearchOptions) -> usize {
    let expected = brute_force_solutions(model, MAX_BRUTE_FORCE_ASSIGNMENTS)
        .expect("model too large for brute force");
    let mut solver = Solver::with_options(model, options.clone());
    let mut iter = solver.solutions();
    let found: Vec<Vec<Value>> = iter.by_ref().map(|s| s.into_values()).collect();
    assert_eq!(
        iter.status(),
        Some(SearchStatus::Complete),
        "the search was not complete"
    );
    let found_set: BTreeSet<_> = found.iter().cloned().collect();
    assert_eq!(
        found_set.len(),
        found.len(),
        "a solution was reported twice: {found:?}"
    );
    let expected_set: BTreeSet<_> = expected.iter().cloned().collect();
    for s in &found_set {
        assert!(expected_set.contains(s), "solved on non-solution {s:?}");
    }
    for s in &expected_set {
        assert!(found_set.contains(s), "failed on solution {s:?}");
    }
    assert_eq!(
        solver.stats().solutions,
        found.len() as u64,
        "Stats::solutions is off"
    );

    let count = solver.count(None);
    assert_eq!(
        count.count,
        expected.len() as u64,
        "count(None) differs from brute force"
    );
    assert_eq!(
        count.status,
        SearchStatus::Complete,
        "count(None) was not complete"
    );
    match (solver.uniqueness(), expected.len()) {
        (Uniqueness::NoSolution, 0) => {}
        (Uniqueness::Unique(s), 1) => {
            assert_eq!(
                s.values(),
                &expected[0][..],
                "uniqueness() returned another solution"
            );
        }
        (Uniqueness::Multiple(a, b), n) if n >= 2 => {
            assert_ne!(a, b, "uniqueness() returned the same solution twice");
            assert!(
                expected_set.contains(a.values()),
                "uniqueness() on non-solution {a:?}"
            );
            assert!(
                expected_set.contains(b.values()),
                "uniqueness() on non-solution {b:?}"
            );
        }
        (other, n) => panic!("uniqueness() returned {other:?} for {n} solutions"),
    }

    // Soundness of root propagation: every value used by a solution survives.
    match solver.propagate() {
        Ok(domains) => {
            for s in &expected {
                for v in model.vars() {
                    assert!(
                        domains.contains(v, s[v.index()]),
                        "root propagation removed {} = {} used by solution {s:?}",
                        model.display_var(v),
                        s[v.index()]
                    );
                }
            }
        }
        Err(_) => assert!(
            expected.is_empty(),
            "root propagation failed but solutions exist"
        ),
    }

    // Soundness under partial assignments taken from solutions.
    let forward: Vec<VarId> = model.vars().collect();
    let mut backward = forward.clone();
    backward.reverse();
    let mut assumptions = Vec::with_capacity(model.num_vars());
    for s in expected.iter().take(MAX_REPLAYED_SOLUTIONS) {
        for order in [&forward, &backward] {
            for k in 1..=order.len() {
                assumptions.clear();
                assumptions.extend(order[..k].iter().map(|&v| (v, s[v.index()])));
                solver
                    .set_assumptions(&assumptions)
                    .expect("solution values are in the domains");
                let Ok(domains) = solver.propagate() else {
                    panic!("propagation failed under {assumptions:?}, part of solution {s:?}");
                };
                for v in model.vars() {
                    assert!(
                        domains.contains(v, s[v.index()]),
                        "propagation under {assumptions:?} removed {} = {} used by solution {s:?}",
                        model.display_var(v),
                        s[v.index()]
                    );
                }
            }
        }
    }
    check_learning(model, &options, &expected_set);
    check_explanations(model, &expected);
    expected.len()
}

/// The same search with learning on ([`Learning::On`], with the options'
/// orders and with [`SearchOptions::learning`]'s): the same solutions, count
/// and uniqueness.
fn check_learning(model: &Model, options: &SearchOptions, expected: &BTreeSet<Vec<Value>>) {
    let mut solver = Solver::with_options(model, options.clone().with_learning(Learning::On));
    let mut iter = solver.solutions();
    let found: Vec<Vec<Value>> = iter.by_ref().map(|s| s.into_values()).collect();
    assert_eq!(
        iter.status(),
        Some(SearchStatus::Complete),
        "the learning search was not complete"
    );
    let found_set: BTreeSet<_> = found.iter().cloned().collect();
    assert_eq!(
        found_set.len(),
        found.len(),
        "learning: a solution was reported twice: {found:?}"
    );
    assert_eq!(&found_set, expected, "learning found other solutions");
    let mut solver = Solver::with_options(model, options.clone().learning());
    let count = solver.count(None);
    assert_eq!(
        (count.count, count.status),
        (expected.len() as u64, SearchStatus::Complete),
        "learning: count(None) differs from brute force"
    );
    let unique = solver.uniqueness();
    let ok = match (&unique, expected.len()) {
        (Uniqueness::NoSolution, 0) => true,
        (Uniqueness::Unique(s), 1) => expected.contains(s.values()),
        (Uniqueness::Multiple(a, b), n) if n >= 2 => {
            a != b && expected.contains(a.values()) && expected.contains(b.values())
        }
        _ => false,
    };
    assert!(
        ok,
        "learning: uniqueness() returned {unique:?} for {} solutions",
        expected.len()
    );
    // Switching to learning in the middle of a run (after two failures).
    let auto = options
        .clone()
        .with_learning(Learning::Auto { after_failures: 2 });
    let mut solver = Solver::with_options(model, auto);
    let mut iter = solver.solutions();
    let found: Vec<Vec<Value>> = iter.by_ref().map(|s| s.into_values()).collect();
    let found_set: BTreeSet<Vec<Value>> = found.iter().cloned().collect();
    assert_eq!(
        (&found_set, found.len()),
        (expected, expected.len()),
        "learning from the third failure on found other solutions, or one twice"
    );
    let count = solver.count(None);
    assert_eq!(
        (count.count, count.status),
        (expected.len() as u64, SearchStatus::Complete),
        "learning from the third failure on: count(None) differs from brute force"
    );
}

/// The largest number of scope tuples [`check_explanations`] enumerates to
/// check an explanation against its constraint alone; above it, the
/// explanation is checked against the model's solutions.
const MAX_LOCAL_TUPLES: u64 = 20_000;

/// The explanation oracle: replays paths of decisions with learning on
/// (each solution's values in creation order and in reverse, and seeded
/// random decisions, which also fail) and checks every explanation a
/// constraint gives for a change or a failure:
///
/// - every literal of it was true before the change;
/// - it implies the change: no assignment allowed by the constraint and by
///   the explanation (enumerated over the constraint's scope when small,
///   else among the model's `solutions`) gives the variable the removed
///   value, and none at all for a failure.
///
/// `solutions` are all the solutions of `model` (as
/// [`brute_force_solutions`] lists them). Panics on the first wrong
/// explanation. Returns how many explanations it checked.
pub fn check_explanations(model: &Model, solutions: &[Vec<Value>]) -> usize {
    let mut solver = Solver::new(model);
    let vars: Vec<VarId> = model.vars().collect();
    let mut paths: Vec<Vec<(VarId, Value)>> = Vec::new();
    for s in solutions.iter().take(16) {
        let forward: Vec<(VarId, Value)> = vars.iter().map(|&v| (v, s[v.index()])).collect();
        let mut backward = forward.clone();
        backward.reverse();
        paths.push(forward);
        paths.push(backward);
    }
    let mut rng = SplitMix64(0x5EED ^ model.num_vars() as u64);
    let initial = model.initial_domains();
    for _ in 0..24 {
        let mut path = Vec::new();
        for _ in 0..vars.len() {
            let v = vars[rng.below(vars.len())];
            let values: Vec<Value> = initial.iter(v).collect();
            if !values.is_empty() {
                path.push((v, values[rng.below(values.len())]));
            }
        }
        paths.push(path);
    }
    let mut checked = 0;
    for path in &paths {
        for e in solver.explain_path(path) {
            checked += 1;
            let what = match (e.var, e.value) {
                (Some(x), Some(v)) => format!("{} != {v}", model.display_var(x)),
                _ => "the failure".to_string(),
            };
            let name = e
                .constraint
                .and_then(|c| model.constraints().nth(c as usize))
                .map_or_else(|| "an eager reason".to_string(), |(_, k)| format!("{k:?}"));
            assert!(
                e.valid,
                "{name}: the explanation {:?} of {what} names a literal not true before it (path {path:?})",
                e.reason
            );
            let removal = e.var.zip(e.value);
            let constraint = e
                .constraint
                .and_then(|c| model.constraints().nth(c as usize))
                .filter(|_| !e.global);
            let counterexample = match constraint {
                Some((_, k)) if local_tuples(model, k.scope(), &e.reason).is_some() => {
                    local_counterexample(model, k, &e.reason, removal)
                }
                _ => solutions
                    .iter()
                    .find(|s| {
                        e.reason.iter().all(|l| l.holds(s[l.var().index()]))
                            && removal.is_none_or(|(x, v)| s[x.index()] == v)
                    })
                    .map(|s| format!("solution {s:?}")),
            };
            if let Some(c) = counterexample {
                panic!(
                    "{name}: the explanation {:?} of {what} does not imply it: {c} (path {path:?})",
                    e.reason
                );
            }
        }
    }
    checked
}

/// The number of tuples of `scope`'s distinct variables, if the reason
/// names only those variables and there are at most [`MAX_LOCAL_TUPLES`].
fn local_tuples(model: &Model, scope: &[VarId], reason: &[Literal]) -> Option<u64> {
    if !reason.iter().all(|l| scope.contains(&l.var())) {
        return None;
    }
    let mut distinct: Vec<VarId> = scope.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let d = model.initial_domains();
    distinct
        .iter()
        .try_fold(1u64, |acc, &v| acc.checked_mul(u64::from(d.size(v))))
        .filter(|&n| n <= MAX_LOCAL_TUPLES)
}

/// A tuple of `c`'s scope that satisfies `c` and every literal of `reason`
/// (and gives `removal.0` the value `removal.1`), if there is one.
fn local_counterexample(
    model: &Model,
    c: &dyn crate::Constraint,
    reason: &[Literal],
    removal: Option<(VarId, Value)>,
) -> Option<String> {
    let scope = c.scope();
    let mut distinct: Vec<VarId> = scope.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let d = model.initial_domains();
    let domains: Vec<Vec<Value>> = distinct.iter().map(|&v| d.iter(v).collect()).collect();
    if domains.iter().any(Vec::is_empty) {
        return None;
    }
    let mut idx = vec![0usize; distinct.len()];
    let mut values = vec![0; scope.len()];
    loop {
        let value_of = |v: VarId| {
            let k = distinct.binary_search(&v).unwrap_or(0);
            domains[k][idx[k]]
        };
        for (slot, &v) in values.iter_mut().zip(scope) {
            *slot = value_of(v);
        }
        if c.is_satisfied(&values)
            && reason.iter().all(|l| l.holds(value_of(l.var())))
            && removal.is_none_or(|(x, v)| !scope.contains(&x) || value_of(x) == v)
        {
            let named: Vec<String> = distinct
                .iter()
                .map(|&v| format!("{} = {}", model.display_var(v), value_of(v)))
                .collect();
            return Some(named.join(", "));
        }
        let mut i = distinct.len();
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            idx[i] += 1;
            if idx[i] < domains[i].len() {
                break;
            }
            idx[i] = 0;
        }
    }
}

/// SplitMix64, so the generators below need no dependency and give the same
/// instance for a seed on every platform.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A Latin square of the given order over the values `1..=order`, row-major,
/// drawn from `seed`: the cyclic square with its rows, columns and symbols
/// shuffled. Use it to plant a solution: give some of its cells as givens
/// and add only constraints it satisfies.
///
/// ```
/// use csp_core::testing::latin_square;
/// let square = latin_square(5, 42);
/// assert_eq!(square.len(), 25);
/// for i in 0..5 {
///     let mut row: Vec<_> = square[5 * i..5 * i + 5].to_vec();
///     row.sort_unstable();
///     assert_eq!(row, vec![1, 2, 3, 4, 5]);
/// }
/// ```
pub fn latin_square(order: usize, seed: u64) -> Vec<Value> {
    let mut rng = SplitMix64(seed);
    let mut rows: Vec<usize> = (0..order).collect();
    let mut cols: Vec<usize> = (0..order).collect();
    let mut symbols: Vec<Value> = (1..=order as Value).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut symbols);
    let mut square = Vec::with_capacity(order * order);
    for &r in &rows {
        for &c in &cols {
            square.push(symbols[(r + c) % order]);
        }
    }
    square
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_squares_are_latin_and_seeded() {
        for order in 1..=7 {
            for seed in 0..5 {
                let sq = latin_square(order, seed);
                assert_eq!(sq, latin_square(order, seed));
                for i in 0..order {
                    let row: BTreeSet<_> = sq[order * i..order * (i + 1)].iter().collect();
                    let col: BTreeSet<_> = (0..order).map(|j| sq[order * j + i]).collect();
                    assert_eq!(row.len(), order);
                    assert_eq!(col.len(), order);
                }
            }
        }
        assert_ne!(latin_square(6, 1), latin_square(6, 2));
    }

    #[test]
    fn violated_constraint_names_the_broken_one() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        let y = m.new_var(1..=3).unwrap();
        let first = m.less_than(x, y).unwrap();
        let second = m.not_equal(x, y).unwrap();
        assert_eq!(violated_constraint(&m, &[1, 2]), None);
        assert_eq!(violated_constraint(&m, &[2, 2]), Some(first));
        m.fix(x, 1).unwrap();
        assert!(in_initial_domains(&m, &[1, 3]));
        assert!(!in_initial_domains(&m, &[2, 3]));
        assert_ne!(first, second);
    }
}
