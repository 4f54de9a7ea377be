//! Edge cases: the empty model, typed errors for bad input and bad
//! assumptions, models that fail at the root, unusual domains.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::check_against_brute_force;
use csp_core::{
    Constraint, Count, Domain, Model, ModelError, RelOp, SearchOptions, SearchStatus, SolveOutcome,
    Solver, Strength, Uniqueness, Value, VarId,
};
use problems::Sum;

const COMPLETE: SearchStatus = SearchStatus::Complete;

#[test]
fn the_empty_model_has_one_empty_solution() {
    let model = Model::new();
    assert_eq!(model.num_vars(), 0);
    let mut solver = Solver::new(&model);
    let s = solver
        .solve()
        .into_solution()
        .expect("the empty assignment");
    assert!(s.values().is_empty());
    assert_eq!(
        solver.count(None),
        Count {
            count: 1,
            status: COMPLETE
        }
    );
    assert_eq!(solver.stats().decisions, 0);
    assert_eq!(solver.stats().nodes, 1, "the root only");
    let all: Vec<_> = solver.solutions().collect();
    assert_eq!(all.len(), 1);
    assert!(matches!(solver.uniqueness(), Uniqueness::Unique(s) if s.values().is_empty()));
    assert!(solver.propagate().is_ok());
    solver.set_assumptions(&[]).unwrap();
    assert_eq!(
        check_against_brute_force(&model, SearchOptions::default()),
        1
    );
}

#[test]
fn a_model_without_constraints_counts_the_product_of_domains() {
    let mut model = Model::new();
    model.new_var(-2..=2).unwrap();
    model.new_var([7]).unwrap();
    model.new_var([0, 100, 1000]).unwrap();
    assert_eq!(
        Solver::new(&model).count(None),
        Count {
            count: 15,
            status: COMPLETE
        }
    );
    assert_eq!(
        check_against_brute_force(&model, SearchOptions::default()),
        15
    );
}

#[derive(Debug)]
struct Nothing;

impl Constraint for Nothing {
    fn scope(&self) -> &[VarId] {
        &[]
    }
    fn is_satisfied(&self, _: &[Value]) -> bool {
        true
    }
}

#[test]
fn bad_model_input_gives_typed_errors() {
    let mut m = Model::new();
    // Empty domains, in every form.
    let (lo, hi) = (5, 4);
    assert!(matches!(
        m.new_var(Domain::range(5, 4)),
        Err(ModelError::EmptyDomain { .. })
    ));
    assert!(matches!(
        m.new_var(lo..=hi),
        Err(ModelError::EmptyDomain { .. })
    ));
    assert!(matches!(
        m.new_var(3..3),
        Err(ModelError::EmptyDomain { .. })
    ));
    assert!(matches!(
        m.new_var(Vec::<Value>::new()),
        Err(ModelError::EmptyDomain { .. })
    ));
    assert!(matches!(
        m.new_var(Domain::empty()),
        Err(ModelError::EmptyDomain { .. })
    ));
    assert!(matches!(
        m.new_vars(2, [0; 0]),
        Err(ModelError::EmptyDomain { .. })
    ));
    match m.new_named_var("cell", 1..1) {
        Err(ModelError::EmptyDomain { name }) => assert_eq!(name, "cell"),
        other => panic!("{other:?}"),
    }
    // Too wide.
    match m.new_var([i32::MIN, i32::MAX]) {
        Err(ModelError::DomainTooWide {
            min_value,
            max_value,
            ..
        }) => {
            assert_eq!((min_value, max_value), (i32::MIN, i32::MAX));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        m.new_var(0..=2_000_000),
        Err(ModelError::DomainTooWide { .. })
    ));
    assert_eq!(m.num_vars(), 0, "failed variables are not added");

    // Wide but allowed: at least 1,024 distinct values.
    let wide = m.new_var(-600..=600).unwrap();
    assert_eq!(m.initial_domain(wide).unwrap().len(), 1201);

    let x = m.new_named_var("x", 1..=3).unwrap();
    let y = m.new_var(1..=3).unwrap();
    let stranger = Model::new().new_var(0..=1).unwrap();
    let unknown = Err(ModelError::ForeignVariable(stranger));
    assert_eq!(m.all_different(&[x, stranger]), unknown);
    assert_eq!(
        m.all_different_with(&[stranger], Strength::DomainConsistent),
        unknown
    );
    assert_eq!(m.relation(stranger, RelOp::Lt, x, 0), unknown);
    assert_eq!(m.relation(x, RelOp::Ne, stranger, 1), unknown);
    assert_eq!(m.less_than(x, stranger), unknown);
    assert_eq!(m.equal(stranger, y), unknown);
    assert_eq!(m.fix(stranger, 1), unknown.clone().map(|_| ()));
    assert_eq!(m.remove_value(stranger, 1), unknown.clone().map(|_| ()));
    assert_eq!(
        m.add(Sum {
            vars: vec![x, stranger],
            total: 3
        }),
        unknown
    );
    assert_eq!(m.initial_domain(stranger), None);
    assert_eq!(m.var_name(stranger), None);

    match m.all_different(&[x, y, x]) {
        Err(ModelError::DuplicateVariable { name, .. }) => assert_eq!(name, "x"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        m.all_different(&[]),
        Err(ModelError::EmptyScope { .. })
    ));
    assert!(matches!(m.add(Nothing), Err(ModelError::EmptyScope { .. })));
    assert!(matches!(
        m.add(Sum {
            vars: vec![],
            total: 0
        }),
        Err(ModelError::EmptyScope { .. })
    ));

    match m.fix(x, 4) {
        Err(ModelError::GivenOutsideDomain { name, value }) => {
            assert_eq!((name.as_str(), value), ("x", 4));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(m.num_constraints(), 0, "failed constraints are not added");

    // Removing values: fine until the domain would be empty.
    m.remove_value(x, 1).unwrap();
    m.remove_value(x, 1).unwrap();
    m.remove_value(x, 17).unwrap();
    m.remove_value(x, 2).unwrap();
    assert!(matches!(
        m.remove_value(x, 3),
        Err(ModelError::EmptyDomain { .. })
    ));
    // A given after a removal must be in what is left.
    assert!(matches!(
        m.fix(x, 2),
        Err(ModelError::GivenOutsideDomain { .. })
    ));

    // Every error has a message naming what is wrong.
    for e in [
        ModelError::ForeignVariable(stranger),
        ModelError::EmptyScope {
            constraint: "sum".into(),
        },
        ModelError::TooManyVariables,
    ] {
        assert!(!e.to_string().is_empty());
    }
    assert_eq!(
        ModelError::ForeignVariable(stranger).to_string(),
        "variable x0 belongs to another model"
    );
}

#[test]
fn bad_assumptions_give_typed_errors_and_keep_the_previous_ones() {
    let mut m = Model::new();
    let x = m.new_named_var("x", 1..=3).unwrap();
    let y = m.new_var(1..=3).unwrap();
    m.fix(y, 2).unwrap();
    m.less_than(x, y).unwrap();
    let mut solver = Solver::new(&m);
    solver.set_assumptions(&[(x, 1)]).unwrap();
    let stranger = Model::new().new_var(0..=1).unwrap();
    assert_eq!(
        solver.set_assumptions(&[(stranger, 1)]),
        Err(ModelError::ForeignVariable(stranger))
    );
    assert!(matches!(
        solver.set_assumptions(&[(x, 1), (x, 0)]),
        Err(ModelError::GivenOutsideDomain { value: 0, .. })
    ));
    // Outside the domain after the model's own givens.
    assert!(matches!(
        solver.set_assumptions(&[(y, 3)]),
        Err(ModelError::GivenOutsideDomain { value: 3, .. })
    ));
    // The failed calls left `x = 1` in force.
    let s = solver.solve().into_solution().unwrap();
    assert_eq!((s[x], s[y]), (1, 2));

    // Assumptions that contradict the model are not errors: no solution.
    solver.set_assumptions(&[(x, 3)]).unwrap();
    assert_eq!(solver.solve(), SolveOutcome::Unsatisfiable);
    assert!(solver.propagate().is_err());
    assert_eq!(solver.uniqueness(), Uniqueness::NoSolution);
    // Contradicting each other.
    solver.set_assumptions(&[(x, 1), (x, 2)]).unwrap();
    assert_eq!(
        solver.count(None),
        Count {
            count: 0,
            status: COMPLETE
        }
    );
    solver.clear_assumptions();
    assert_eq!(
        solver.count(None),
        Count {
            count: 1,
            status: COMPLETE
        }
    );
}

fn assert_unsatisfiable_at_the_root(model: &Model) {
    let mut solver = Solver::new(model);
    assert!(solver.propagate().is_err());
    assert_eq!(solver.solve(), SolveOutcome::Unsatisfiable);
    assert_eq!(solver.stats().decisions, 0, "no decision needed");
    assert_eq!(solver.stats().nodes, 1, "the root, which failed");
    assert_eq!(solver.stats().failures, 1);
    assert_eq!(
        solver.count(None),
        Count {
            count: 0,
            status: COMPLETE
        }
    );
    assert_eq!(solver.uniqueness(), Uniqueness::NoSolution);
    let mut it = solver.solutions();
    assert_eq!(it.next(), None);
    assert_eq!(it.status(), Some(COMPLETE));
    assert_eq!(
        check_against_brute_force(model, SearchOptions::default()),
        0
    );
}

#[test]
fn models_that_fail_at_the_root() {
    // Pigeonhole.
    for strength in [Strength::HiddenSingles, Strength::DomainConsistent] {
        let mut m = Model::new();
        let xs = m.new_vars(4, -1..=1).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        assert_unsatisfiable_at_the_root(&m);
    }
    // Two givens equal under AllDifferent (every strength).
    for strength in Strength::ALL {
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=5).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        m.fix(xs[0], 4).unwrap();
        m.fix(xs[2], 4).unwrap();
        assert_unsatisfiable_at_the_root(&m);
    }
    // `x < x`, and `x + 1 <= x`.
    let mut m = Model::new();
    let x = m.new_var(1..=3).unwrap();
    m.less_than(x, x).unwrap();
    assert_unsatisfiable_at_the_root(&m);
    let mut m = Model::new();
    let x = m.new_var(1..=3).unwrap();
    m.relation(x, RelOp::Le, x, 1).unwrap();
    assert_unsatisfiable_at_the_root(&m);
    // Bounds that cross: x + 5 < y over 1..=5.
    let mut m = Model::new();
    let x = m.new_var(1..=5).unwrap();
    let y = m.new_var(1..=5).unwrap();
    m.relation(x, RelOp::Lt, y, 5).unwrap();
    assert_unsatisfiable_at_the_root(&m);
    // Equality with no common value.
    let mut m = Model::new();
    let x = m.new_var([1, 3, 5]).unwrap();
    let y = m.new_var([2, 4, 6]).unwrap();
    m.equal(x, y).unwrap();
    assert_unsatisfiable_at_the_root(&m);
    // A user constraint whose fully fixed scope fails.
    let mut m = Model::new();
    let x = m.new_var([2]).unwrap();
    let y = m.new_var([2]).unwrap();
    m.add(Sum {
        vars: vec![x, y],
        total: 5,
    })
    .unwrap();
    assert_unsatisfiable_at_the_root(&m);
}

#[test]
fn relations_with_extreme_offsets_do_not_overflow() {
    let mut m = Model::new();
    let x = m.new_var([i32::MAX - 1, i32::MAX]).unwrap();
    let y = m.new_var([i32::MIN, i32::MIN + 1]).unwrap();
    m.relation(x, RelOp::Gt, y, i32::MAX).unwrap(); // x + MAX > y: always
    m.relation(y, RelOp::Lt, x, i32::MIN).unwrap(); // y + MIN < x: always
    m.relation(x, RelOp::Ne, y, i32::MIN).unwrap(); // x + MIN != y: always
    assert_eq!(check_against_brute_force(&m, SearchOptions::default()), 4);
    let mut m = Model::new();
    let x = m.new_var([i32::MAX - 1, i32::MAX]).unwrap();
    let y = m.new_var([i32::MIN, i32::MIN + 1]).unwrap();
    m.relation(x, RelOp::Eq, y, i32::MIN).unwrap(); // x + MIN is -2 or -1: never y
    m.relation(y, RelOp::Ge, x, i32::MAX).unwrap();
    check_against_brute_force(&m, SearchOptions::default());
}

#[test]
fn named_variables_show_in_messages() {
    let mut m = Model::new();
    let a = m.new_named_var("alpha", 0..=1).unwrap();
    let b = m.new_var(0..=1).unwrap();
    assert_eq!(m.display_var(a), "alpha");
    assert_eq!(m.display_var(b), b.to_string());
    assert_eq!(m.var_name(b), None);
}

#[test]
fn multi_word_domains_behave_like_small_ones() {
    // A domain of 1,024+ values, shifted and sparse, under relations and
    // AllDifferent, against the oracle.
    let mut m = Model::new();
    let x = m.new_var(-700..=700).unwrap();
    let y = m.new_var([-700, -3, 0, 64, 65, 127, 128, 700]).unwrap();
    m.relation(x, RelOp::Eq, y, 1).unwrap(); // x + 1 == y: every y but -700
    let z = m.new_var([63, 64, 128, 129]).unwrap();
    m.all_different(&[y, z]).unwrap();
    assert_eq!(
        check_against_brute_force(&m, SearchOptions::default()),
        7 * 4 - 2
    );
}

#[test]
fn all_different_over_more_than_64_variables_or_values() {
    for strength in Strength::ALL {
        // 100 variables over 100 values: the scope is wider than a word.
        let mut m = Model::new();
        let xs = m.new_vars(100, 0..=99).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        let mut solver = Solver::new(&m);
        let s = solver.solve().into_solution().expect("a permutation");
        let mut values = s.values().to_vec();
        values.sort_unstable();
        assert_eq!(values, (0..=99).collect::<Vec<_>>(), "{strength:?}");
        assert_eq!(
            solver.stats().failures,
            0,
            "{strength:?}: {}",
            solver.stats()
        );
        // One more variable than values: pigeonhole at the root.
        let mut m = Model::new();
        let xs = m.new_vars(101, 0..=99).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        assert!(Solver::new(&m).propagate().is_err(), "{strength:?}");

        // 64 variables over one word of values, and 65.
        let mut m = Model::new();
        let xs = m.new_vars(64, -10..=53).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        let s = Solver::new(&m)
            .solve()
            .into_solution()
            .expect("a permutation");
        let distinct: std::collections::BTreeSet<_> = s.values().iter().collect();
        assert_eq!(distinct.len(), 64);
        let mut m = Model::new();
        let xs = m.new_vars(65, -10..=53).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        assert_eq!(
            Solver::new(&m).solve(),
            SolveOutcome::Unsatisfiable,
            "{strength:?}"
        );

        // 70 variables whose union has exactly 70 values, some given.
        let mut m = Model::new();
        let xs = m.new_vars(70, 1000..=1069).unwrap();
        m.all_different_with(&xs, strength).unwrap();
        for (i, &x) in xs.iter().enumerate().step_by(7) {
            m.fix(x, 1069 - i as Value).unwrap();
        }
        let s = Solver::new(&m)
            .solve()
            .into_solution()
            .expect("a permutation");
        assert_eq!(s[xs[7]], 1062);
        let distinct: std::collections::BTreeSet<_> = s.values().iter().collect();
        assert_eq!(distinct.len(), 70);
    }
}
