//! Property tests of the counting and logical constraints against the
//! brute-force oracle: random small instances (integer variables with
//! negative values, gaps and multi-word domains, plus 0/1 variables) of
//! count (constant and variable `k`, every operator, repeated variables),
//! counting over random literals, at most one / exactly one, clauses,
//! implications, reification of literals and of all six relations (full
//! and half), global cardinality (open and closed, both strengths), lex
//! (strict and not) and different vectors, mixed together, under several
//! variable and value orders.
//!
//! A second family checks the strength each file claims: a single
//! constraint over distinct variables, propagated at the root, must leave
//! exactly the values some solution uses (domain consistency), and fail
//! exactly when there is no solution.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{
    GccOptions, GccStrength, Literal, Model, RelOp, SearchOptions, Solver, Value, ValueOrder,
    VarId, VariableOrder,
};
use problems::{ALL_OPS, DomSpec, domain};
use proptest::prelude::*;

/// A literal over variable `var` (an index into the problem's variables).
#[derive(Clone, Copy, Debug)]
struct LitSpec {
    var: usize,
    /// 0..6: ==, !=, <=, >=, <, >.
    kind: u8,
    value: Value,
}

impl LitSpec {
    fn build(self, vars: &[VarId]) -> Literal {
        let x = vars[self.var];
        match self.kind {
            0 => Literal::eq(x, self.value),
            1 => Literal::ne(x, self.value),
            2 => Literal::le(x, self.value),
            3 => Literal::ge(x, self.value),
            4 => Literal::lt(x, self.value),
            _ => Literal::gt(x, self.value),
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum K {
    Const(i64),
    Var(usize),
}

#[derive(Clone, Debug)]
enum Spec {
    Count {
        vars: Vec<usize>,
        value: Value,
        op: RelOp,
        k: K,
    },
    CountLits {
        lits: Vec<LitSpec>,
        op: RelOp,
        k: K,
    },
    AtMostOne(Vec<LitSpec>),
    ExactlyOne(Vec<LitSpec>),
    Clause(Vec<LitSpec>),
    Implies(LitSpec, LitSpec),
    /// `b` indexes the 0/1 variables.
    Reify {
        b: usize,
        lit: LitSpec,
    },
    ReifyRelation {
        b: usize,
        x: usize,
        op: RelOp,
        y: usize,
        offset: Value,
        half: bool,
    },
    Gcc {
        vars: Vec<usize>,
        bounds: Vec<(Value, usize, usize)>,
        closed: bool,
        strength: GccStrength,
    },
    Lex {
        xs: Vec<usize>,
        ys: Vec<usize>,
        strict: bool,
    },
    Differ {
        vectors: Vec<Vec<usize>>,
    },
}

/// Integer variables first, then `bools` 0/1 variables; constraints over
/// all of them.
#[derive(Clone, Debug)]
struct Problem {
    domains: Vec<DomSpec>,
    bools: usize,
    specs: Vec<Spec>,
}

impl Problem {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let mut vars: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.values()).expect("non-empty"))
            .collect();
        let first_bool = vars.len();
        vars.extend(m.new_bools(self.bools).expect("0/1"));
        let pick = |idx: &[usize]| idx.iter().map(|&i| vars[i]).collect::<Vec<_>>();
        let lits = |ls: &[LitSpec]| ls.iter().map(|l| l.build(&vars)).collect::<Vec<_>>();
        let k = |k: K| match k {
            K::Const(c) => csp_core::CountBound::Const(c),
            K::Var(i) => csp_core::CountBound::Var(vars[i]),
        };
        for s in &self.specs {
            match s {
                Spec::Count {
                    vars: v,
                    value,
                    op,
                    k: kk,
                } => {
                    m.count(&pick(v), *value, *op, k(*kk)).unwrap();
                }
                Spec::CountLits { lits: l, op, k: kk } => {
                    m.count_literals(&lits(l), *op, k(*kk)).unwrap();
                }
                Spec::AtMostOne(l) => {
                    m.at_most_one(&lits(l)).unwrap();
                }
                Spec::ExactlyOne(l) => {
                    m.exactly_one(&lits(l)).unwrap();
                }
                Spec::Clause(l) => {
                    m.clause(&lits(l)).unwrap();
                }
                Spec::Implies(a, b) => {
                    m.implies(a.build(&vars), b.build(&vars)).unwrap();
                }
                Spec::Reify { b, lit } => {
                    m.reify(vars[first_bool + b], lit.build(&vars)).unwrap();
                }
                Spec::ReifyRelation {
                    b,
                    x,
                    op,
                    y,
                    offset,
                    half,
                } => {
                    let b = vars[first_bool + b];
                    if *half {
                        m.half_reify_relation(b, vars[*x], *op, vars[*y], *offset)
                    } else {
                        m.reify_relation(b, vars[*x], *op, vars[*y], *offset)
                    }
                    .unwrap();
                }
                Spec::Gcc {
                    vars: v,
                    bounds,
                    closed,
                    strength,
                } => {
                    let mut options = GccOptions::default().with_strength(*strength);
                    if *closed {
                        options = options.closed();
                    }
                    m.gcc_with(&pick(v), bounds, options).unwrap();
                }
                Spec::Lex { xs, ys, strict } => {
                    if *strict {
                        m.lex_less(&pick(xs), &pick(ys)).unwrap();
                    } else {
                        m.lex_less_eq(&pick(xs), &pick(ys)).unwrap();
                    }
                }
                Spec::Differ { vectors } => {
                    let vs: Vec<Vec<VarId>> = vectors.iter().map(|v| pick(v)).collect();
                    m.all_different_vectors(&vs).unwrap();
                }
            }
        }
        (m, vars)
    }
}

fn lit(n: usize) -> impl Strategy<Value = LitSpec> + Clone {
    (0..n, 0..6u8, -3..=6i32).prop_map(|(var, kind, value)| LitSpec { var, kind, value })
}

fn op() -> impl Strategy<Value = RelOp> {
    prop::sample::select(ALL_OPS.to_vec())
}

fn k(n: usize) -> impl Strategy<Value = K> {
    prop_oneof![(-1..=5i64).prop_map(K::Const), (0..n).prop_map(K::Var)]
}

/// Distinct indices out of `0..n`, shuffled.
fn distinct(n: usize, min: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::sample::subsequence((0..n).collect::<Vec<_>>(), min.min(n)..=n).prop_shuffle()
}

fn gcc_bounds() -> impl Strategy<Value = Vec<(Value, usize, usize)>> {
    prop::collection::vec((-3..=6i32, 0..=2usize, 0..=3usize), 1..=4).prop_map(|mut b| {
        b.sort_by_key(|t| t.0);
        b.dedup_by_key(|t| t.0);
        b.into_iter().map(|(v, lo, w)| (v, lo, lo + w)).collect()
    })
}

/// One random constraint over `n` variables of which the last `bools` are 0/1.
fn spec(n: usize, bools: usize) -> BoxedStrategy<Spec> {
    let any_vars = prop::collection::vec(0..n, 1..=4);
    let lits = prop::collection::vec(lit(n), 1..=6);
    let mut options: Vec<(u32, BoxedStrategy<Spec>)> = vec![
        (
            3,
            (any_vars, -3..=6i32, op(), k(n))
                .prop_map(|(vars, value, op, k)| Spec::Count { vars, value, op, k })
                .boxed(),
        ),
        (
            2,
            (lits.clone(), op(), k(n))
                .prop_map(|(lits, op, k)| Spec::CountLits { lits, op, k })
                .boxed(),
        ),
        (1, lits.clone().prop_map(Spec::AtMostOne).boxed()),
        (1, lits.clone().prop_map(Spec::ExactlyOne).boxed()),
        (3, lits.prop_map(Spec::Clause).boxed()),
        (
            1,
            (lit(n), lit(n))
                .prop_map(|(a, b)| Spec::Implies(a, b))
                .boxed(),
        ),
        (
            3,
            (
                distinct(n, 1),
                gcc_bounds(),
                any::<bool>(),
                prop::sample::select(GccStrength::ALL.to_vec()),
            )
                .prop_map(|(vars, bounds, closed, strength)| Spec::Gcc {
                    vars,
                    bounds,
                    closed,
                    strength,
                })
                .boxed(),
        ),
        (
            2,
            (1..=3usize)
                .prop_flat_map(move |len| {
                    (
                        prop::collection::vec(0..n, len),
                        prop::collection::vec(0..n, len),
                        any::<bool>(),
                    )
                })
                .prop_map(|(xs, ys, strict)| Spec::Lex { xs, ys, strict })
                .boxed(),
        ),
        (
            2,
            (1..=3usize, 1..=3usize)
                .prop_flat_map(move |(len, count)| {
                    prop::collection::vec(prop::collection::vec(0..n, len), count)
                })
                .prop_map(|vectors| Spec::Differ { vectors })
                .boxed(),
        ),
    ];
    if bools > 0 {
        let first = n - bools;
        options.push((
            2,
            (0..bools, lit(n))
                .prop_map(|(b, lit)| Spec::Reify { b, lit })
                .boxed(),
        ));
        options.push((
            3,
            (
                0..bools,
                0..first.max(1),
                op(),
                0..n,
                -2..=2i32,
                any::<bool>(),
            )
                .prop_map(move |(b, x, op, y, offset, half)| Spec::ReifyRelation {
                    b,
                    x: x.min(n - 1),
                    op,
                    y,
                    offset,
                    half,
                })
                .boxed(),
        ));
    }
    prop::strategy::Union::new_weighted(options).boxed()
}

/// 1..=4 integer variables, 0..=3 Booleans, 1..=3 constraints.
fn problem() -> impl Strategy<Value = Problem> {
    (1..=4usize, 0..=3usize).prop_flat_map(|(ints, bools)| {
        let n = ints + bools;
        (
            prop::collection::vec(domain(), ints),
            prop::collection::vec(spec(n, bools), 1..=3),
        )
            .prop_map(move |(domains, specs)| Problem {
                domains,
                bools,
                specs,
            })
    })
}

fn orders() -> impl Strategy<Value = SearchOptions> {
    let var = prop_oneof![
        Just(VariableOrder::MrvDegree),
        Just(VariableOrder::Input),
        Just(VariableOrder::DomWdeg),
    ];
    let val = prop_oneof![
        Just(ValueOrder::Ascending),
        Just(ValueOrder::Descending),
        any::<u64>().prop_map(|seed| ValueOrder::Random { seed }),
    ];
    (var, val).prop_map(|(var, val)| {
        SearchOptions::default()
            .with_variable_order(var)
            .with_value_order(val)
    })
}

/// Root propagation of `model` leaves exactly the values that some
/// solution uses, and fails exactly when there is none.
fn assert_domain_consistent(model: &Model, what: &str) {
    let solutions = brute_force_solutions(model, 1_000_000).expect("small");
    let mut solver = Solver::new(model);
    match solver.propagate() {
        Err(_) => assert!(
            solutions.is_empty(),
            "{what}: root propagation failed with {} solutions",
            solutions.len()
        ),
        Ok(d) => {
            assert!(
                !solutions.is_empty(),
                "{what}: no solution, but root propagation did not fail"
            );
            for v in model.vars() {
                let mut used: Vec<Value> = solutions.iter().map(|s| s[v.index()]).collect();
                used.sort_unstable();
                used.dedup();
                let left: Vec<Value> = d.iter(v).collect();
                assert_eq!(
                    left,
                    used,
                    "{what}: {} keeps unsupported values",
                    model.display_var(v)
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Mixed random instances against brute force, under random orders.
    #[test]
    fn logic_constraints_match_brute_force(p in problem(), options in orders()) {
        let (model, _) = p.build();
        check_against_brute_force(&model, options);
    }

    /// Count over distinct variables (k a constant, or a variable not
    /// among them) is domain consistent, for every operator.
    #[test]
    fn count_is_domain_consistent(
        domains in prop::collection::vec(domain(), 2..=5),
        value in -3..=6i32,
        op in op(),
        k_const in -1..=5i64,
        k_var in any::<bool>(),
    ) {
        let mut m = Model::new();
        let mut xs: Vec<VarId> = domains.iter().map(|d| m.new_var(d.values()).unwrap()).collect();
        if k_var {
            let k = xs.pop().unwrap();
            m.count(&xs, value, op, k).unwrap();
        } else {
            m.count(&xs, value, op, k_const).unwrap();
        }
        assert_domain_consistent(&m, &format!("count {op:?}"));
    }

    /// Counting literals, at most one and exactly one over literals on
    /// distinct variables are domain consistent.
    #[test]
    fn literal_counts_are_domain_consistent(
        domains in prop::collection::vec(domain(), 1..=4),
        kinds in prop::collection::vec((0..6u8, -3..=6i32), 4),
        which in 0..3u8,
        op in op(),
        k in 0..=3i64,
    ) {
        let mut m = Model::new();
        let xs: Vec<VarId> = domains.iter().map(|d| m.new_var(d.values()).unwrap()).collect();
        let lits: Vec<Literal> = xs
            .iter()
            .zip(&kinds)
            .map(|(&x, &(kind, value))| LitSpec { var: 0, kind, value }.build(&[x]))
            .collect();
        match which {
            0 => m.at_most_one(&lits).unwrap(),
            1 => m.exactly_one(&lits).unwrap(),
            _ => m.count_literals(&lits, op, k).unwrap(),
        };
        assert_domain_consistent(&m, &format!("literal count {which} {op:?}"));
    }

    /// A clause over literals on distinct variables is domain consistent.
    #[test]
    fn clauses_are_domain_consistent(
        domains in prop::collection::vec(domain(), 1..=6),
        kinds in prop::collection::vec((0..6u8, -3..=6i32), 6),
    ) {
        let mut m = Model::new();
        let xs: Vec<VarId> = domains.iter().map(|d| m.new_var(d.values()).unwrap()).collect();
        let lits: Vec<Literal> = xs
            .iter()
            .zip(&kinds)
            .map(|(&x, &(kind, value))| LitSpec { var: 0, kind, value }.build(&[x]))
            .collect();
        m.clause(&lits).unwrap();
        assert_domain_consistent(&m, "clause");
    }

    /// Reified literals and reified / half-reified relations are domain
    /// consistent for all six operators.
    #[test]
    fn reification_is_domain_consistent(
        dx in domain(),
        dy in domain(),
        b_domain in prop::sample::select(vec![vec![0, 1], vec![0], vec![1]]),
        op in op(),
        offset in -3..=3i32,
        lit_kind in (0..6u8, -3..=6i32),
        which in 0..3u8,
    ) {
        let mut m = Model::new();
        let x = m.new_var(dx.values()).unwrap();
        let y = m.new_var(dy.values()).unwrap();
        let b = m.new_var(b_domain).unwrap();
        match which {
            0 => m.reify(b, LitSpec { var: 0, kind: lit_kind.0, value: lit_kind.1 }.build(&[x])),
            1 => m.reify_relation(b, x, op, y, offset),
            _ => m.half_reify_relation(b, x, op, y, offset),
        }
        .unwrap();
        assert_domain_consistent(&m, &format!("reify {which} {op:?} {offset}"));
    }

    /// The flow-based gcc is domain consistent, open or closed; counting
    /// never prunes more than it.
    #[test]
    fn gcc_flow_is_domain_consistent(
        domains in prop::collection::vec(domain(), 1..=5),
        bounds in gcc_bounds(),
        closed in any::<bool>(),
    ) {
        let build = |strength| {
            let mut m = Model::new();
            let xs: Vec<VarId> = domains.iter().map(|d| m.new_var(d.values()).unwrap()).collect();
            let mut options = GccOptions::default().with_strength(strength);
            if closed {
                options = options.closed();
            }
            m.gcc_with(&xs, &bounds, options).unwrap();
            m
        };
        let dc = build(GccStrength::DomainConsistent);
        assert_domain_consistent(&dc, "gcc flow");
        let counting = build(GccStrength::Counting);
        let mut a = Solver::new(&dc);
        let mut b = Solver::new(&counting);
        if let Ok(weak) = b.propagate() {
            if let Ok(strong) = a.propagate() {
                for v in dc.vars() {
                    for value in strong.iter(v) {
                        prop_assert!(weak.contains(v, value));
                    }
                }
            }
        }
    }

    /// Lex over distinct variables is domain consistent; so is one pair of
    /// different vectors.
    #[test]
    fn lex_and_differ_are_domain_consistent(
        domains in prop::collection::vec(domain(), 2..=6),
        which in 0..3u8,
    ) {
        let mut m = Model::new();
        let len = domains.len() / 2;
        let vars: Vec<VarId> = domains.iter().map(|d| m.new_var(d.values()).unwrap()).collect();
        let (xs, ys) = (&vars[..len], &vars[len..2 * len]);
        match which {
            0 => m.lex_less(xs, ys),
            1 => m.lex_less_eq(xs, ys),
            _ => m.vectors_differ(xs, ys),
        }
        .unwrap();
        assert_domain_consistent(&m, &format!("lex/differ {which}"));
    }
}
