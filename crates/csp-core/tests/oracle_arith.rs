//! Property tests of the arithmetic constraints against the brute-force
//! oracle: linear (every operator, both strengths, coefficients of both
//! signs, repeated variables), the sum of distinct values (both its
//! domain-consistent form and its fallback), product, difference and
//! quotient, on random small scopes (2-4 variables, domains of 2-5 values
//! with negatives and gaps, some spanning several words), alone and
//! combined, under several variable and value orders. The constraints that
//! claim domain consistency are also checked to keep, at the root, exactly
//! the values some solution uses.

#[path = "support/problems.rs"]
mod problems;

use csp_core::constraints::{all_different_sum, arithmetic, linear};
use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{LinearStrength, Model, RelOp, SearchOptions, Solver, TraceEvent, Value, VarId};
use problems::{ALL_OPS, search_options};
use proptest::prelude::*;

/// Every rule name the arithmetic constraints use in traces.
const RULES: [&str; 8] = [
    linear::rules::BOUNDS,
    linear::rules::SUPPORT,
    linear::rules::NOT_EQUAL,
    all_different_sum::rules::SUM,
    all_different_sum::rules::ELIMINATION,
    arithmetic::rules::PRODUCT,
    arithmetic::rules::DIFFERENCE,
    arithmetic::rules::QUOTIENT,
];

/// One arithmetic constraint over variable indices.
#[derive(Clone, Debug)]
enum Arith {
    Linear {
        terms: Vec<(i64, usize)>,
        op: RelOp,
        rhs: i64,
        strength: LinearStrength,
    },
    DistinctSum {
        vars: Vec<usize>,
        total: i64,
    },
    Product {
        vars: Vec<usize>,
        total: i64,
    },
    Difference {
        x: usize,
        y: usize,
        d: i64,
    },
    Quotient {
        x: usize,
        y: usize,
        q: i64,
    },
}

impl Arith {
    fn post(&self, model: &mut Model, xs: &[VarId]) {
        match self {
            Arith::Linear {
                terms,
                op,
                rhs,
                strength,
            } => {
                let terms: Vec<(i64, VarId)> = terms.iter().map(|&(a, i)| (a, xs[i])).collect();
                model.linear_with(&terms, *op, *rhs, *strength).unwrap();
            }
            Arith::DistinctSum { vars, total } => {
                let vars: Vec<VarId> = vars.iter().map(|&i| xs[i]).collect();
                model.all_different_sum(&vars, *total).unwrap();
            }
            Arith::Product { vars, total } => {
                let vars: Vec<VarId> = vars.iter().map(|&i| xs[i]).collect();
                model.product(&vars, *total).unwrap();
            }
            Arith::Difference { x, y, d } => {
                model.difference(xs[*x], xs[*y], *d).unwrap();
            }
            Arith::Quotient { x, y, q } => {
                model.quotient(xs[*x], xs[*y], *q).unwrap();
            }
        }
    }

    /// Whether this constraint alone is domain consistent after root
    /// propagation.
    fn claims_domain_consistency(&self) -> bool {
        match self {
            Arith::Linear { op, strength, .. } => {
                *op != RelOp::Eq || *strength == LinearStrength::Domain
            }
            Arith::Product { vars, .. } => {
                let mut v = vars.clone();
                v.sort_unstable();
                v.dedup();
                v.len() == vars.len()
            }
            // The fallback (more than 64 values) is not; see `wide` below.
            Arith::DistinctSum { .. } => true,
            Arith::Difference { .. } | Arith::Quotient { .. } => true,
        }
    }
}

/// 2 to 5 values with negatives and gaps; often with a common base, and
/// sometimes a far value (several words, mixed bases).
fn domain() -> impl Strategy<Value = Vec<Value>> {
    let near = prop::collection::btree_set(-4..=8i32, 2..=5).prop_map(|s| s.into_iter().collect());
    let far = (
        prop::collection::btree_set(-4..=8i32, 1..=4),
        prop::sample::select(vec![-70, 64, 90]),
    )
        .prop_map(|(s, f)| {
            let mut v: Vec<Value> = s.into_iter().collect();
            v.push(f);
            v
        });
    // Sets that contain -4 share one base (-4): the word-sized fast paths.
    let based = prop::collection::btree_set(-3..=5i32, 1..=4).prop_map(|s| {
        let mut v: Vec<Value> = s.into_iter().collect();
        v.insert(0, -4);
        v
    });
    prop_oneof![3 => near, 3 => based, 1 => far]
}

fn arith(n: usize) -> impl Strategy<Value = Arith> {
    let all: Vec<usize> = (0..n).collect();
    let strengths = prop::sample::select(LinearStrength::ALL.to_vec());
    prop_oneof![
        4 => (prop::collection::vec((-3..=3i64, 0..n), 1..=4),
              prop::sample::select(ALL_OPS.to_vec()), -10..=12i64, strengths)
            .prop_map(|(terms, op, rhs, strength)| Arith::Linear { terms, op, rhs, strength }),
        3 => (prop::sample::subsequence(all.clone(), 1..=n).prop_shuffle(), -4..=20i64)
            .prop_map(|(vars, total)| Arith::DistinctSum { vars, total }),
        3 => (prop::collection::vec(0..n, 1..=4), prop::sample::select(vec![0i64, 1, -1, 2, 4, -6, 6, 8, 12, -12, 16, 24, 36, 7]))
            .prop_map(|(vars, total)| Arith::Product { vars, total }),
        1 => (0..n, 0..n, 0..=5i64).prop_map(|(x, y, d)| Arith::Difference { x, y, d }),
        1 => (0..n, 0..n, -3..=4i64).prop_map(|(x, y, q)| Arith::Quotient { x, y, q }),
    ]
}

#[derive(Clone, Debug)]
struct Problem {
    domains: Vec<Vec<Value>>,
    constraints: Vec<Arith>,
    /// Givens `(variable, index into its domain)`.
    fixes: Vec<(usize, usize)>,
}

impl Problem {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.new_var(d.clone()).unwrap())
            .collect();
        for c in &self.constraints {
            c.post(&mut model, &xs);
        }
        for &(i, k) in &self.fixes {
            let v = self.domains[i][k % self.domains[i].len()];
            // A second given on the same variable may clash: then skip it.
            if model.initial_domains().contains(xs[i], v) {
                model.fix(xs[i], v).unwrap();
            }
        }
        (model, xs)
    }
}

/// 2-4 variables and 1-3 arithmetic constraints.
fn problem(max_constraints: usize) -> impl Strategy<Value = Problem> {
    (2..=4usize).prop_flat_map(move |n| {
        (
            prop::collection::vec(domain(), n),
            prop::collection::vec(arith(n), 1..=max_constraints),
            prop::collection::vec((0..n, 0..5usize), 0..=1),
        )
            .prop_map(|(domains, constraints, fixes)| Problem {
                domains,
                constraints,
                fixes,
            })
    })
}

/// Root propagation keeps exactly the values that some solution uses.
fn assert_domain_consistent_at_root(model: &Model, xs: &[VarId]) -> Result<(), TestCaseError> {
    let solutions = brute_force_solutions(model, 1_000_000).unwrap();
    let mut solver = Solver::new(model);
    match solver.propagate() {
        Err(_) => prop_assert!(solutions.is_empty(), "failed at the root with solutions"),
        Ok(d) => {
            prop_assert!(
                !solutions.is_empty(),
                "no solution, but the root did not fail"
            );
            for &x in xs {
                let kept: Vec<Value> = d.iter(x).collect();
                let mut used: Vec<Value> = solutions.iter().map(|s| s[x.index()]).collect();
                used.sort_unstable();
                used.dedup();
                prop_assert_eq!(kept, used, "{} at the root", x);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// One constraint, and two or three together, against brute force
    /// under random search orders.
    #[test]
    fn arithmetic_matches_brute_force(p in problem(3), options in search_options()) {
        let (model, _) = p.build();
        check_against_brute_force(&model, options);
    }

    /// A single constraint that claims domain consistency keeps exactly
    /// the supported values at the root.
    #[test]
    fn domain_consistent_constraints_keep_exactly_the_supported_values(p in problem(1)) {
        prop_assume!(p.constraints[0].claims_domain_consistency());
        let (model, xs) = p.build();
        assert_domain_consistent_at_root(&model, &xs)?;
    }

    /// Linear at both strengths: the same solutions; Domain prunes at least
    /// as much as Bounds at the root.
    #[test]
    fn linear_strengths_agree(
        domains in prop::collection::vec(domain(), 2..=4),
        coefs in prop::collection::vec(-4..=4i64, 4),
        rhs in -12..=16i64,
        op in prop::sample::select(ALL_OPS.to_vec()),
    ) {
        let mut roots = Vec::new();
        for strength in LinearStrength::ALL {
            let mut model = Model::new();
            let xs: Vec<VarId> = domains.iter().map(|d| model.new_var(d.clone()).unwrap()).collect();
            let terms: Vec<(i64, VarId)> = xs.iter().zip(&coefs).map(|(&x, &a)| (a, x)).collect();
            model.linear_with(&terms, op, rhs, strength).unwrap();
            let n = check_against_brute_force(&model, SearchOptions::default());
            let root: Option<Vec<Vec<Value>>> = Solver::new(&model)
                .propagate()
                .ok()
                .map(|d| xs.iter().map(|&x| d.iter(x).collect()).collect());
            roots.push((n, root));
        }
        prop_assert_eq!(roots[0].0, roots[1].0);
        if let (Some(bounds), Some(domain)) = (&roots[0].1, &roots[1].1) {
            for (b, d) in bounds.iter().zip(domain) {
                prop_assert!(d.iter().all(|v| b.contains(v)), "domain {:?} vs bounds {:?}", d, b);
            }
        } else {
            prop_assert!(roots[1].1.is_none() || roots[0].1.is_some());
        }
    }

    /// Tracing changes nothing (the same solutions and statistics), names
    /// every deduction after one of the constraints' rules, and every
    /// value removed at the root is used by no solution.
    #[test]
    fn traced_runs_match_and_root_deductions_are_sound(p in problem(3), options in search_options()) {
        let (model, _) = p.build();
        let mut plain = Solver::with_options(&model, options.clone());
        let count = plain.count(None).count;
        let mut traced = Solver::with_options(&model, options.with_trace(true));
        prop_assert_eq!(traced.count(None).count, count);
        prop_assert_eq!(traced.stats().without_time(), plain.stats().without_time());
        for event in traced.trace() {
            if let TraceEvent::Removed(d) | TraceEvent::Fixed(d) = event {
                prop_assert!(RULES.contains(&d.rule), "unknown rule {:?}", d.rule);
            }
        }
        let solutions = brute_force_solutions(&model, 1_000_000).unwrap();
        let mut root = Solver::with_options(&model, SearchOptions::default().with_trace(true));
        let _ = root.propagate();
        for event in root.trace() {
            if let TraceEvent::Removed(d) = event {
                let used = solutions.iter().find(|s| s[d.var.index()] == d.value);
                prop_assert!(used.is_none(), "{:?} removes a value of {:?}", d, used);
            }
        }
    }

    /// The sum of distinct values over unions of more than 64 values: the
    /// fallback (forward checking and bounds) is sound and exact.
    #[test]
    fn wide_distinct_sums_fall_back_soundly(
        domains in prop::collection::vec(prop::collection::vec(-100..=100i32, 1..=24), 2..=3),
        total in -60..=60i64,
        options in search_options(),
    ) {
        let mut model = Model::new();
        let xs: Vec<VarId> = domains.iter().map(|d| model.new_var(d.clone()).unwrap()).collect();
        model.all_different_sum(&xs, total).unwrap();
        check_against_brute_force(&model, options);
    }
}

#[test]
fn every_operator_with_every_strength_on_a_fixed_instance() {
    // 2x - 3y + z OP c over x in {-2, 0, 3}, y in -1..=2, z in {1, 5}.
    for op in ALL_OPS {
        for strength in LinearStrength::ALL {
            for c in -8..=10 {
                let mut model = Model::new();
                let x = model.new_var([-2, 0, 3]).unwrap();
                let y = model.new_var(-1..=2).unwrap();
                let z = model.new_var([1, 5]).unwrap();
                model
                    .linear_with(&[(2, x), (-3, y), (1, z)], op, c, strength)
                    .unwrap();
                check_against_brute_force(&model, SearchOptions::default());
            }
        }
    }
}
