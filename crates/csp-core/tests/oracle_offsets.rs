//! AllDifferent over variables whose domains start at different values
//! (shifted and narrow ranges such as `i..i+n` for `q_i + i`, scattered sets,
//! negative values, multi-word domains), and AllDifferent over offset values
//! `x_i + c_i` (`Model::all_different_offset`), checked against the
//! brute-force oracle at every strength, with and without givens, traced and
//! untraced. The model lines the values up on one frame of words when the
//! constraint is posted; these tests check that the frame changes nothing
//! but the speed.

use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{AllDifferent, Model, ModelError, SearchOptions, Solver, Strength, Value, VarId};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// One variable's domain: `base + k` for the bits `k` of `bits` (never
/// empty), optionally with `far` added (a value 60-140 above, which makes
/// the scope span several words).
#[derive(Clone, Debug)]
struct Dom {
    base: Value,
    bits: u16,
    far: Option<Value>,
}

impl Dom {
    fn values(&self) -> Vec<Value> {
        let mut v: Vec<Value> = (0..16)
            .filter(|k| self.bits & (1 << k) != 0)
            .map(|k| self.base + k)
            .collect();
        if v.is_empty() {
            v.push(self.base);
        }
        v.extend(self.far.map(|f| self.base + f));
        v
    }
}

fn dom() -> impl Strategy<Value = Dom> {
    (
        -80..80i32,
        1..u16::MAX,
        prop::option::weighted(0.2, 60..140i32),
    )
        .prop_map(|(base, bits, far)| Dom { base, bits, far })
}

/// A scope of 2-5 variables, small enough for brute force.
fn scope() -> impl Strategy<Value = Vec<Dom>> {
    prop::collection::vec(dom(), 2..=5).prop_filter("brute force size", |ds| {
        ds.iter().map(|d| d.values().len() as u64).product::<u64>() <= 50_000
    })
}

fn strength() -> impl Strategy<Value = Strength> {
    prop::sample::select(Strength::ALL.to_vec())
}

/// The model: one variable per domain (bases kept), AllDifferent over all
/// of them, posted through the model (frame) or with `Model::add` (no
/// frame), and a given when `given` names a position.
fn model(doms: &[Dom], strength: Strength, via_add: bool, given: Option<usize>) -> Model {
    let mut m = Model::new();
    let vars: Vec<VarId> = doms
        .iter()
        .map(|d| m.new_var(d.values()).unwrap())
        .collect();
    if via_add {
        m.add(AllDifferent::new(vars.clone(), strength)).unwrap();
    } else {
        m.all_different_with(&vars, strength).unwrap();
    }
    if let Some(i) = given {
        let i = i % vars.len();
        m.fix(vars[i], doms[i].values()[0]).unwrap();
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn shifted_domains_match_brute_force(
        doms in scope(),
        strength in strength(),
        given in prop::option::of(0..5usize),
    ) {
        let m = model(&doms, strength, false, given);
        check_against_brute_force(&m, SearchOptions::default());
        // Traced runs take the same path with explanations on.
        check_against_brute_force(&m, SearchOptions::default().with_trace(true));
    }

    #[test]
    fn the_frame_changes_nothing_but_the_speed(
        doms in scope(),
        strength in strength(),
    ) {
        // The same constraint posted through the model (one frame) and with
        // `Model::add` (values lined up, or numbered, at every call): the
        // same solutions and the same root domains.
        let framed = model(&doms, strength, false, None);
        let plain = model(&doms, strength, true, None);
        let solutions = |m: &Model| -> BTreeSet<Vec<Value>> {
            Solver::new(m).solutions().map(|s| s.into_values()).collect()
        };
        prop_assert_eq!(solutions(&framed), solutions(&plain));
        let expected: BTreeSet<_> = brute_force_solutions(&framed, 1 << 20)
            .unwrap()
            .into_iter()
            .collect();
        prop_assert_eq!(solutions(&framed), expected);
        let root = |m: &Model| {
            let mut s = Solver::new(m);
            s.propagate().ok().map(|d| m.vars().map(|v| d.domain(v)).collect::<Vec<_>>())
        };
        prop_assert_eq!(root(&framed), root(&plain));
    }
}

/// Offsets for a scope: small ones (values overlap), or far ones that
/// spread the scope over several words, or beyond a frame.
fn offsets(n: usize) -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(
        prop_oneof![
            4 => -6..=6i32,
            1 => -200..=200i32,
            1 => prop::sample::select(vec![i32::MIN, i32::MAX, 5_000_000]),
        ],
        n,
    )
}

fn offset_scope() -> impl Strategy<Value = (Vec<Dom>, Vec<Value>)> {
    scope().prop_flat_map(|doms| {
        let n = doms.len();
        (Just(doms), offsets(n))
    })
}

/// The model: `x_i + c_i` pairwise distinct, posted through the model.
fn offset_model(doms: &[Dom], cs: &[Value], strength: Strength, given: Option<usize>) -> Model {
    let mut m = Model::new();
    let vars: Vec<VarId> = doms
        .iter()
        .map(|d| m.new_var(d.values()).unwrap())
        .collect();
    let terms: Vec<_> = vars.iter().copied().zip(cs.iter().copied()).collect();
    m.all_different_offset_with(&terms, strength).unwrap();
    if let Some(i) = given {
        let i = i % vars.len();
        m.fix(vars[i], doms[i].values()[0]).unwrap();
    }
    m
}

/// The solutions by brute force, checked independently of the
/// constraint's own `is_satisfied`: the sums `x_i + c_i` in `i64`.
fn offset_solutions(doms: &[Dom], cs: &[Value], given: Option<usize>) -> BTreeSet<Vec<Value>> {
    let mut out = BTreeSet::new();
    let domains: Vec<Vec<Value>> = doms.iter().map(Dom::values).collect();
    let mut pick = vec![0usize; doms.len()];
    loop {
        let values: Vec<Value> = pick.iter().zip(&domains).map(|(&k, d)| d[k]).collect();
        let sums: BTreeSet<i64> = values
            .iter()
            .zip(cs)
            .map(|(&v, &c)| i64::from(v) + i64::from(c))
            .collect();
        let fixed = given.is_none_or(|g| {
            let g = g % doms.len();
            values[g] == domains[g][0]
        });
        if sums.len() == values.len() && fixed {
            out.insert(values);
        }
        let mut i = 0;
        loop {
            if i == pick.len() {
                return out;
            }
            pick[i] += 1;
            if pick[i] < domains[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn offset_values_match_brute_force(
        (doms, cs) in offset_scope(),
        strength in strength(),
        given in prop::option::of(0..5usize),
    ) {
        let m = offset_model(&doms, &cs, strength, given);
        let n = check_against_brute_force(&m, SearchOptions::default());
        check_against_brute_force(&m, SearchOptions::default().with_trace(true));
        let expected = offset_solutions(&doms, &cs, given);
        prop_assert_eq!(n, expected.len());
        let found: BTreeSet<Vec<Value>> =
            Solver::new(&m).solutions().map(|s| s.into_values()).collect();
        prop_assert_eq!(found, expected);
    }
}

#[test]
fn offsets_of_zero_are_a_plain_all_different() {
    for strength in Strength::ALL {
        let mut m = Model::new();
        let xs = m.new_vars(4, 1..=4).unwrap();
        let terms: Vec<_> = xs.iter().map(|&x| (x, 0)).collect();
        m.all_different_offset_with(&terms, strength).unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 24, "{strength:?}");
    }
}

#[test]
fn offset_input_errors_are_typed() {
    let mut m = Model::new();
    let x = m.new_var(0..=3).unwrap();
    let stranger = Model::new().new_var(0..=1).unwrap();
    assert!(matches!(
        m.all_different_offset(&[(x, 1), (x, 2)]),
        Err(ModelError::DuplicateVariable { .. })
    ));
    assert_eq!(
        m.all_different_offset(&[(x, 1), (stranger, 2)]),
        Err(ModelError::ForeignVariable(stranger))
    );
    assert!(matches!(
        m.all_different_offset(&[]),
        Err(ModelError::EmptyScope { .. })
    ));
}

#[test]
fn queens_diagonals_without_auxiliary_variables() {
    // n-queens counts (OEIS A000170) at every strength, with the diagonals
    // as offsets, including boards whose domains span several words.
    let known = [(4, 2), (5, 10), (6, 4), (7, 40), (8, 92)];
    for strength in Strength::ALL {
        for (n, want) in known {
            let mut m = Model::new();
            let q = m.new_vars(n, 0..n as Value).unwrap();
            m.all_different_with(&q, strength).unwrap();
            let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
            let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
            m.all_different_offset_with(&down, strength).unwrap();
            m.all_different_offset_with(&up, strength).unwrap();
            assert_eq!(
                Solver::new(&m).count(None).count,
                want,
                "{strength:?} n = {n}"
            );
        }
    }
    // 40 queens (diagonal frames of two words): a first solution, checked.
    let n = 40;
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as Value).unwrap();
    m.all_different(&q).unwrap();
    let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
    let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
    m.all_different_offset(&down).unwrap();
    m.all_different_offset(&up).unwrap();
    let s = Solver::new(&m).solve().into_solution().expect("40 queens");
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (s[q[i]], s[q[j]]);
            assert!(a != b && (a - b).abs() != (j - i) as Value, "{i} {j}");
        }
    }
}

#[test]
fn narrow_diagonals_of_six_queens_count_four() {
    // q_i + i and q_i - i as auxiliary variables with exactly their values.
    for strength in Strength::ALL {
        let n = 6;
        let mut m = Model::new();
        let qs = m.new_vars(n, 0..n as Value).unwrap();
        let (mut up, mut down) = (Vec::new(), Vec::new());
        for (i, &q) in qs.iter().enumerate() {
            let i = i as Value;
            let u = m.new_var(i..i + n as Value).unwrap();
            let l = m.new_var(-i..n as Value - i).unwrap();
            m.relation(q, csp_core::RelOp::Eq, u, i).unwrap();
            m.relation(q, csp_core::RelOp::Eq, l, -i).unwrap();
            up.push(u);
            down.push(l);
        }
        for group in [&qs, &up, &down] {
            m.all_different_with(group, strength).unwrap();
        }
        assert_eq!(Solver::new(&m).count(None).count, 4, "{strength:?}");
    }
}
