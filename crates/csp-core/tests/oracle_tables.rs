//! Property tests of the extensional constraints against the brute-force
//! oracle (`check_against_brute_force`: exact solution set, no value of a
//! solution pruned at the root or under partial assignments), under several
//! variable and value orders: positive and negative tables (arity 1-4,
//! domains of 2-5 values with negatives and gaps, random tuple sets
//! including empty and full ones, repeated variables), element over
//! constants and over variables (aliased ones too), regular on random DFAs
//! of 1-5 states, Nonogram lines with random clues (compared with the
//! layered graph on the same automaton). A single constraint alone is also
//! checked to be domain consistent where it promises it.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{Dfa, Model, SearchOptions, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;

/// A domain of 2 to 5 values within -3..=4 (gaps and negatives), now and
/// then with a far value (a multi-word domain).
fn small_domain() -> impl Strategy<Value = Vec<Value>> {
    let near = prop::collection::btree_set(-3..=4 as Value, 2..=5);
    prop_oneof![
        5 => near.prop_map(|s| s.into_iter().collect()),
        1 => (prop::collection::btree_set(-3..=4 as Value, 1..=4), prop::sample::select(vec![-70, 70, 130]))
            .prop_map(|(s, far)| s.into_iter().chain(std::iter::once(far)).collect()),
    ]
}

/// Every tuple of the product of `domains`.
fn product(domains: &[Vec<Value>]) -> Vec<Vec<Value>> {
    let mut out = vec![Vec::new()];
    for d in domains {
        out = out
            .into_iter()
            .flat_map(|t| {
                d.iter().map(move |&v| {
                    let mut t = t.clone();
                    t.push(v);
                    t
                })
            })
            .collect();
    }
    out
}

/// How a table's tuples are drawn.
#[derive(Clone, Debug)]
enum Tuples {
    /// Random tuples over -4..=5 (some values outside the domains).
    Random(Vec<Vec<Value>>),
    /// Every tuple of the domains' product, minus those picked by the mask.
    FullMinus(Vec<bool>),
}

#[derive(Clone, Debug)]
struct TableSpec {
    scope: Vec<usize>,
    tuples: Tuples,
    positive: bool,
}

#[derive(Clone, Debug)]
struct TableProblem {
    domains: Vec<Vec<Value>>,
    tables: Vec<TableSpec>,
}

fn table_spec(n: usize) -> impl Strategy<Value = TableSpec> {
    prop::collection::vec(0..n, 1..=4).prop_flat_map(|scope| {
        let a = scope.len();
        let tuples = prop_oneof![
            3 => prop::collection::vec(
                    prop::collection::vec(prop_oneof![8 => -4..=5 as Value, 1 => Just(130)], a),
                    0..=24,
                )
                .prop_map(Tuples::Random),
            1 => prop::collection::vec(prop::bool::weighted(0.3), 0..=64).prop_map(Tuples::FullMinus),
        ];
        (Just(scope), tuples, any::<bool>()).prop_map(|(scope, tuples, positive)| TableSpec {
            scope,
            tuples,
            positive,
        })
    })
}

fn table_problem() -> impl Strategy<Value = TableProblem> {
    (1..=4usize).prop_flat_map(|n| {
        (
            prop::collection::vec(small_domain(), n),
            prop::collection::vec(table_spec(n), 1..=3),
        )
            .prop_map(|(domains, tables)| TableProblem { domains, tables })
    })
}

impl TableProblem {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        for t in &self.tables {
            let vars: Vec<VarId> = t.scope.iter().map(|&i| xs[i]).collect();
            let tuples = match &t.tuples {
                Tuples::Random(ts) => ts.clone(),
                Tuples::FullMinus(mask) => {
                    let doms: Vec<Vec<Value>> =
                        t.scope.iter().map(|&i| self.domains[i].clone()).collect();
                    product(&doms)
                        .into_iter()
                        .enumerate()
                        .filter(|(k, _)| !mask.get(*k).copied().unwrap_or(false))
                        .map(|(_, t)| t)
                        .collect()
                }
            };
            if t.positive {
                m.table(&vars, &tuples).unwrap();
            } else {
                m.forbidden_tuples(&vars, &tuples).unwrap();
            }
        }
        (m, xs)
    }
}

/// Checks that propagation of a model with a single domain-consistent
/// constraint keeps exactly the values that some solution uses, at the root
/// and under every single assumption `x = v` and every prefix of the first
/// solutions (variable order and reverse): domain consistency, not only
/// soundness.
fn check_domain_consistent(model: &Model) {
    let solutions = brute_force_solutions(model, 1_000_000).expect("small model");
    let vars: Vec<VarId> = model.vars().collect();
    let mut cases: Vec<Vec<(VarId, Value)>> = vec![Vec::new()];
    for &v in &vars {
        for value in model.initial_domains().iter(v) {
            cases.push(vec![(v, value)]);
        }
    }
    for s in solutions.iter().take(8) {
        for k in 1..vars.len() {
            cases.push(vars[..k].iter().map(|&v| (v, s[v.index()])).collect());
            cases.push(
                vars[vars.len() - k..]
                    .iter()
                    .map(|&v| (v, s[v.index()]))
                    .collect(),
            );
        }
    }
    let mut solver = Solver::new(model);
    for assumed in cases {
        solver.set_assumptions(&assumed).unwrap();
        let consistent: Vec<&Vec<Value>> = solutions
            .iter()
            .filter(|s| assumed.iter().all(|&(v, x)| s[v.index()] == x))
            .collect();
        match solver.propagate() {
            Err(_) => assert!(
                consistent.is_empty(),
                "failed under {assumed:?} with solutions"
            ),
            Ok(d) => {
                assert!(
                    !consistent.is_empty(),
                    "no failure under {assumed:?} without solutions"
                );
                for &v in &vars {
                    let kept: Vec<Value> = d.iter(v).collect();
                    let mut used: Vec<Value> = consistent.iter().map(|s| s[v.index()]).collect();
                    used.sort_unstable();
                    used.dedup();
                    assert_eq!(kept, used, "{v} under {assumed:?}: not domain consistent");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn tables_match_brute_force(p in table_problem(), options in search_options()) {
        let (model, _) = p.build();
        check_against_brute_force(&model, options);
    }

    /// Tracing changes nothing: the same count and statistics, and every
    /// removal is attributed to a named rule.
    #[test]
    fn traced_runs_agree(p in table_problem(), e in element_problem(), r in regular_problem()) {
        for model in [p.build().0, e.build(), r.build()] {
            let plain = Solver::new(&model).count(None).count;
            let mut traced = Solver::with_options(&model, SearchOptions::default().with_trace(true));
            prop_assert_eq!(traced.count(None).count, plain);
            for event in traced.trace() {
                if let csp_core::TraceEvent::Removed(d) = event {
                    prop_assert!(!d.rule.is_empty(), "{:?}", event);
                }
            }
        }
    }

    /// One table alone is domain consistent at the root and under
    /// assumptions.
    #[test]
    fn a_table_alone_is_domain_consistent(p in table_problem()) {
        let p = TableProblem { tables: p.tables[..1].to_vec(), ..p };
        let (model, _) = p.build();
        check_domain_consistent(&model);
    }

    #[test]
    fn element_matches_brute_force(p in element_problem(), options in search_options()) {
        let model = p.build();
        check_against_brute_force(&model, options);
        if p.single() {
            check_domain_consistent(&model);
        }
    }

    #[test]
    fn regular_matches_brute_force(p in regular_problem(), options in search_options()) {
        let model = p.build();
        check_against_brute_force(&model, options);
        if p.distinct() {
            check_domain_consistent(&model);
        }
    }

    #[test]
    fn visibility_matches_brute_force(p in visibility_problem(), options in search_options()) {
        let model = p.build();
        check_against_brute_force(&model, options);
    }

    #[test]
    fn nonogram_lines_match_brute_force(p in nonogram_problem(), options in search_options()) {
        let model = p.build(false);
        check_against_brute_force(&model, options.clone());
        check_domain_consistent(&model);
        // The layered graph on the same automaton keeps the same values.
        let by_automaton = p.build(true);
        check_against_brute_force(&by_automaton, options);
        let a = Solver::new(&model).propagate().ok().map(|d| snapshot(&model, &d));
        let b = Solver::new(&by_automaton)
            .propagate()
            .ok()
            .map(|d| snapshot(&by_automaton, &d));
        prop_assert_eq!(a, b);
    }
}

/// Every variable's values.
fn snapshot(model: &Model, d: &csp_core::Domains<'_>) -> Vec<Vec<Value>> {
    model.vars().map(|v| d.iter(v).collect()).collect()
}

// ---------------------------------------------------------------------------
// Element

#[derive(Clone, Debug)]
struct ElementProblem {
    /// Domains of the variables: 0 is the index, 1 the value, then the array.
    domains: Vec<Vec<Value>>,
    /// Constants (`Some`) or array entries as variable numbers.
    array: Result<Vec<Value>, Vec<usize>>,
}

fn element_problem() -> impl Strategy<Value = ElementProblem> {
    let index_domain = prop::collection::btree_set(-2..=6 as Value, 1..=5)
        .prop_map(|s| s.into_iter().collect::<Vec<_>>());
    prop_oneof![
        (
            index_domain.clone(),
            small_domain(),
            prop::collection::vec(-3..=4 as Value, 0..=6)
        )
            .prop_map(|(i, v, consts)| ElementProblem {
                domains: vec![i, v],
                array: Ok(consts)
            }),
        (1..=4usize).prop_flat_map(move |len| {
            (
                index_domain.clone(),
                small_domain(),
                prop::collection::vec(small_domain(), len),
                // Mostly distinct array variables; sometimes the index, the
                // value or another entry again.
                prop::collection::vec(
                    prop_oneof![4 => Just(None), 1 => (0..len + 2).prop_map(Some)],
                    len,
                ),
            )
                .prop_map(move |(i, v, mut doms, alias)| {
                    let array: Vec<usize> = alias
                        .iter()
                        .enumerate()
                        .map(|(k, a)| a.unwrap_or(k + 2))
                        .collect();
                    let mut domains = vec![i, v];
                    domains.append(&mut doms);
                    ElementProblem {
                        domains,
                        array: Err(array),
                    }
                })
        }),
    ]
}

impl ElementProblem {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        match &self.array {
            Ok(consts) => {
                m.element(consts, xs[0], xs[1]).unwrap();
            }
            Err(vars) => {
                let vars: Vec<VarId> = vars.iter().map(|&k| xs[k]).collect();
                m.element_vars(&vars, xs[0], xs[1]).unwrap();
            }
        }
        m
    }

    /// Whether the model is one element over pairwise distinct variables
    /// (every array variable used), where domain consistency is promised.
    fn single(&self) -> bool {
        match &self.array {
            Ok(_) => true,
            Err(vars) => {
                let mut v = vars.clone();
                v.sort_unstable();
                v.dedup();
                v.len() == vars.len()
                    && v.iter().all(|&k| k >= 2)
                    && v.len() + 2 == self.domains.len()
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Regular

#[derive(Clone, Debug)]
struct RegularProblem {
    domains: Vec<Vec<Value>>,
    scope: Vec<usize>,
    states: usize,
    accepting: Vec<usize>,
    transitions: Vec<(usize, Value, usize)>,
}

fn regular_problem() -> impl Strategy<Value = RegularProblem> {
    (1..=5usize, 1..=5usize).prop_flat_map(|(states, n)| {
        let transition = (0..states, -1..=3 as Value, 0..states);
        (
            prop::collection::vec(small_domain(), n),
            prop_oneof![
                3 => Just((0..n).collect::<Vec<_>>()),
                1 => prop::collection::vec(0..n, 1..=5),
            ],
            prop::collection::vec(0..states, 0..=states),
            prop::collection::vec(transition, 0..=3 * states + 2),
        )
            .prop_map(move |(domains, scope, accepting, transitions)| {
                // Keep the first transition of each (state, value).
                let mut seen = std::collections::BTreeSet::new();
                let transitions = transitions
                    .into_iter()
                    .filter(|&(s, v, _)| seen.insert((s, v)))
                    .collect();
                RegularProblem {
                    domains,
                    scope,
                    states,
                    accepting,
                    transitions,
                }
            })
    })
}

impl RegularProblem {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        let dfa = Dfa::new(self.states, 0, &self.accepting, &self.transitions).unwrap();
        let vars: Vec<VarId> = self.scope.iter().map(|&i| xs[i]).collect();
        m.regular(&vars, &dfa).unwrap();
        m
    }

    fn distinct(&self) -> bool {
        let mut v = self.scope.clone();
        v.sort_unstable();
        v.dedup();
        v.len() == self.scope.len()
    }
}

// ---------------------------------------------------------------------------
// Nonogram lines

#[derive(Clone, Debug)]
struct NonogramProblem {
    domains: Vec<Vec<Value>>,
    runs: Vec<usize>,
}

fn nonogram_problem() -> impl Strategy<Value = NonogramProblem> {
    let cell = prop_oneof![
        6 => Just(vec![0, 1]),
        2 => Just(vec![0]),
        2 => Just(vec![1]),
        1 => Just(vec![0, 1, 2]),
        1 => Just(vec![-1, 1]),
        1 => Just(vec![0, 1, 130]),
    ];
    let clue_from_picture = prop::collection::vec(any::<bool>(), 1..=10).prop_map(|bits| {
        let mut runs = Vec::new();
        let mut r = 0;
        for b in bits.iter().chain(std::iter::once(&false)) {
            if *b {
                r += 1;
            } else if r > 0 {
                runs.push(r);
                r = 0;
            }
        }
        runs
    });
    (1..=9usize).prop_flat_map(move |n| {
        (
            prop::collection::vec(cell.clone(), n),
            prop_oneof![
                3 => clue_from_picture.clone(),
                1 => prop::collection::vec(1..=4usize, 0..=3),
            ],
        )
            .prop_map(|(domains, runs)| NonogramProblem { domains, runs })
    })
}

impl NonogramProblem {
    fn build(&self, by_automaton: bool) -> Model {
        let mut m = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        if by_automaton {
            m.regular(&xs, &Dfa::nonogram(&self.runs).unwrap()).unwrap();
        } else {
            m.nonogram_line(&xs, &self.runs).unwrap();
        }
        m
    }
}

#[test]
fn long_nonogram_lines_match_the_automaton() {
    // Lines of 60 to 200 cells (one to four words), with a few cells given.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for n in [60usize, 64, 65, 100, 128, 129, 200] {
        for _ in 0..20 {
            let picture: Vec<bool> = (0..n).map(|_| next() % 3 != 0).collect();
            let mut runs = Vec::new();
            let mut r = 0;
            for b in picture.iter().chain(std::iter::once(&false)) {
                if *b {
                    r += 1;
                } else if r > 0 {
                    runs.push(r);
                    r = 0;
                }
            }
            let givens: Vec<(usize, Value)> = (0..n)
                .filter(|_| next() % 5 == 0)
                .map(|i| (i, Value::from(picture[i])))
                .collect();
            let build = |automaton: bool| {
                let mut m = Model::new();
                let xs = m.new_vars(n, 0..=1).unwrap();
                if automaton {
                    m.regular(&xs, &Dfa::nonogram(&runs).unwrap()).unwrap();
                } else {
                    m.nonogram_line(&xs, &runs).unwrap();
                }
                for &(i, v) in &givens {
                    m.fix(xs[i], v).unwrap();
                }
                m
            };
            let (a, b) = (build(false), build(true));
            let da = Solver::new(&a)
                .propagate()
                .map(|d| snapshot(&a, &d))
                .unwrap();
            let db = Solver::new(&b)
                .propagate()
                .map(|d| snapshot(&b, &d))
                .unwrap();
            assert_eq!(da, db, "n = {n}, runs {runs:?}");
            let first = Solver::with_options(&a, SearchOptions::default()).solve();
            let values = first.into_solution().unwrap().into_values();
            let filled: Vec<bool> = values.iter().map(|&v| v == 1).collect();
            assert!(
                Dfa::nonogram(&runs).unwrap().accepts(&values) && filled.len() == n,
                "n = {n}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Visibility

#[derive(Clone, Debug)]
struct VisibilityProblem {
    domains: Vec<Vec<Value>>,
    seen: usize,
    /// Also a second clue from the other end.
    back: Option<usize>,
}

fn visibility_problem() -> impl Strategy<Value = VisibilityProblem> {
    let heights = prop_oneof![
        4 => prop::collection::btree_set(1..=5 as Value, 1..=5),
        1 => prop::collection::btree_set(prop::sample::select(vec![-70, -2, 0, 3, 64, 100]), 1..=4),
    ]
    .prop_map(|s| s.into_iter().collect::<Vec<_>>());
    (1..=5usize).prop_flat_map(move |n| {
        (
            prop::collection::vec(heights.clone(), n),
            0..=n + 1,
            prop::option::of(1..=n),
        )
            .prop_map(|(domains, seen, back)| VisibilityProblem {
                domains,
                seen,
                back,
            })
    })
}

impl VisibilityProblem {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        m.visible_count(&xs, self.seen).unwrap();
        if let Some(b) = self.back {
            let rev: Vec<VarId> = xs.iter().rev().copied().collect();
            m.visible_count(&rev, b).unwrap();
        }
        m
    }
}
