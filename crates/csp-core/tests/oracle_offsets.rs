//! AllDifferent over variables whose domains start at different values
//! (shifted and narrow ranges such as `i..i+n` for `q_i + i`, scattered sets,
//! negative values, multi-word domains), checked against the brute-force
//! oracle at every strength, with and without givens, traced and untraced.
//! The model lines such variables up on one frame of words when the
//! constraint is posted; these tests check that the frame changes nothing
//! but the speed.

use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{AllDifferent, Model, SearchOptions, Solver, Strength, Value, VarId};
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
