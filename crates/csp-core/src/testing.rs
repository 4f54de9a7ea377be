//! Test support: a brute-force oracle for small models.
//!
//! Enabled by the `test-support` feature. Build a model with small domains,
//! then call [`check_against_brute_force`]: it enumerates every full
//! assignment, keeps those that satisfy every constraint's
//! [`is_satisfied`](crate::Constraint::is_satisfied), and compares with the
//! solver. This turns a new constraint's validity check into its main test.

use crate::{Model, SearchOptions, Solver, Value};
use std::collections::BTreeSet;

/// Every full assignment of `model` that satisfies all its constraints, in
/// lexicographic order. Meant for tiny models (the product of the domain
/// sizes is the work). Returns `None` if there are more than `max_assignments`.
pub fn brute_force_solutions(model: &Model, max_assignments: u64) -> Option<Vec<Vec<Value>>> {
    let domains: Vec<Vec<Value>> = model
        .vars()
        .map(|v| model.initial_domains().iter(v).collect())
        .collect();
    let total = domains.iter().try_fold(1u64, |acc, d| acc.checked_mul(d.len() as u64))?;
    if total > max_assignments {
        return None;
    }
    let mut out = Vec::new();
    if domains.iter().any(Vec::is_empty) {
        return Some(out);
    }
    let mut idx = vec![0usize; domains.len()];
    let mut values: Vec<Value> = domains.iter().map(|d| d[0]).collect();
    let mut scratch = Vec::new();
    loop {
        let ok = model.constraints().all(|(_, c)| {
            scratch.clear();
            scratch.extend(c.scope().iter().map(|v| values[v.index()]));
            c.is_satisfied(&scratch)
        });
        if ok {
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

/// Checks the solver against brute force on `model` with `options`:
/// the same set of solutions, each reported once, and root propagation never
/// removes a value that some solution uses. Panics with a description of the
/// first difference. Returns the number of solutions.
pub fn check_against_brute_force(model: &Model, options: SearchOptions) -> usize {
    let expected = brute_force_solutions(model, 2_000_000).expect("model too large for brute force");
    let mut solver = Solver::with_options(model, options);
    let found: Vec<Vec<Value>> = solver.solutions().map(|s| s.into_values()).collect();
    let found_set: BTreeSet<_> = found.iter().cloned().collect();
    assert_eq!(found_set.len(), found.len(), "a solution was reported twice");
    let expected_set: BTreeSet<_> = expected.iter().cloned().collect();
    for s in &found_set {
        assert!(expected_set.contains(s), "solved on non-solution {s:?}");
    }
    for s in &expected_set {
        assert!(found_set.contains(s), "failed on solution {s:?}");
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
        Err(_) => assert!(expected.is_empty(), "root propagation failed but solutions exist"),
    }
    expected.len()
}
