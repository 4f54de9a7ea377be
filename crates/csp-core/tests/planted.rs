//! Planted-solution property tests: draw a full assignment first (a random
//! Latin square, or random values), then only givens and constraints that it
//! satisfies, so every instance is known to be satisfiable. The solver must
//! find a solution that satisfies every constraint, and counting, the
//! solution iterator and uniqueness must agree.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::{in_initial_domains, latin_square, violated_constraint};
use csp_core::{
    Grid, Model, RelOp, SearchOptions, SearchStatus, Solution, SolveOutcome, Solver, Strength,
    Uniqueness, Value, VarId,
};
use problems::{ALL_OPS, ConSpec, DomSpec, Problem, constraint, search_options};
use proptest::prelude::*;

/// The first operator of `ALL_OPS` that holds for `a + offset OP b`, starting
/// the scan at `start` (so every operator gets drawn).
fn holding_op(start: usize, a: Value, offset: Value, b: Value) -> RelOp {
    (0..ALL_OPS.len())
        .map(|k| ALL_OPS[(start + k) % ALL_OPS.len()])
        .find(|op| op.holds(i64::from(a) + i64::from(offset), i64::from(b)))
        .expect("one of == and != always holds")
}

/// Checks what every planted instance must satisfy; `planted` is a solution
/// of `model` (under the solver's assumptions).
fn check_planted(mut solver: Solver<'_>, planted: &[Value], givens: &[(VarId, Value)]) {
    let model = solver.model();
    let agrees = |s: &Solution| givens.iter().all(|&(v, x)| s[v] == x);
    // A solution is found, and it is one.
    let first = match solver.solve() {
        SolveOutcome::Solved(s) => s,
        other => panic!("planted instance not solved: {other:?}"),
    };
    assert!(
        in_initial_domains(model, first.values()),
        "{first:?} outside the domains"
    );
    assert_eq!(
        violated_constraint(model, first.values()),
        None,
        "{first:?}"
    );
    assert!(agrees(&first), "{first:?} ignores a given");

    // count, the iterator and uniqueness agree.
    const LIMIT: u64 = 25;
    let count = solver.count(Some(LIMIT));
    let listed: Vec<Solution> = solver.solutions().take(LIMIT as usize).collect();
    assert_eq!(count.count, listed.len() as u64, "count vs solutions()");
    assert!(count.count >= 1);
    assert_eq!(
        listed[0], first,
        "solve() and solutions() start differently"
    );
    for s in &listed {
        assert_eq!(violated_constraint(model, s.values()), None, "{s:?}");
        assert!(agrees(s));
    }
    let set: std::collections::BTreeSet<_> = listed.iter().map(Solution::values).collect();
    assert_eq!(set.len(), listed.len(), "a solution was reported twice");
    match count.status {
        SearchStatus::Complete => {
            assert!(count.count < LIMIT);
            assert!(set.contains(planted), "the planted solution was not listed");
        }
        status => assert_eq!(
            status,
            SearchStatus::Stopped(csp_core::StopReason::SolutionLimit)
        ),
    }
    match solver.uniqueness() {
        Uniqueness::Unique(s) => {
            assert_eq!(
                count,
                csp_core::Count {
                    count: 1,
                    status: SearchStatus::Complete
                }
            );
            assert_eq!(
                s.values(),
                planted,
                "the unique solution must be the planted one"
            );
        }
        Uniqueness::Multiple(a, b) => {
            assert!(count.count >= 2);
            assert_eq!((&a, &b), (&listed[0], &listed[1]));
        }
        other => panic!("uniqueness() gave {other:?} for a satisfiable instance"),
    }

    // Giving the whole planted solution leaves exactly it.
    let all: Vec<_> = model.vars().map(|v| (v, planted[v.index()])).collect();
    solver.set_assumptions(&all).unwrap();
    match solver.uniqueness() {
        Uniqueness::Unique(s) => assert_eq!(s.values(), planted),
        other => panic!("the planted solution as assumptions gave {other:?}"),
    }
    assert_eq!(
        solver.stats().decisions,
        0,
        "a full assignment needs no decision"
    );
}

#[derive(Clone, Debug)]
struct PlantedLatin {
    order: usize,
    square: Vec<Value>,
    /// Cells given (a random subset).
    givens: Vec<usize>,
    /// `(cell, right (else down), op scan start, offset)`: relations between
    /// neighbours, made to hold on the square.
    relations: Vec<(usize, bool, usize, Value)>,
    strength: Strength,
    by_assumptions: bool,
}

fn planted_latin() -> impl Strategy<Value = PlantedLatin> {
    (4..=6usize).prop_flat_map(|n| {
        let perm = move || Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
        let square = (perm(), perm(), perm()).prop_map(move |(rows, cols, symbols)| {
            let mut sq = Vec::with_capacity(n * n);
            for &r in &rows {
                for &c in &cols {
                    sq.push(symbols[(r + c) % n] as Value + 1);
                }
            }
            sq
        });
        let givens =
            (0..=100u32, prop::collection::vec(0..100u32, n * n)).prop_map(|(percent, draws)| {
                draws
                    .iter()
                    .enumerate()
                    .filter(|&(_, &d)| d < percent)
                    .map(|(i, _)| i)
                    .collect()
            });
        let relations = prop::collection::vec(
            (0..n * n, any::<bool>(), 0..ALL_OPS.len(), -2..=2 as Value),
            0..=10,
        );
        (
            square,
            givens,
            relations,
            prop::sample::select(Strength::ALL.to_vec()),
            any::<bool>(),
        )
            .prop_map(
                move |(square, givens, relations, strength, by_assumptions)| PlantedLatin {
                    order: n,
                    square,
                    givens,
                    relations,
                    strength,
                    by_assumptions,
                },
            )
    })
}

impl PlantedLatin {
    fn build(&self) -> (Model, Grid, Vec<(VarId, Value)>) {
        let n = self.order;
        let mut model = Model::new();
        let grid = Grid::new(&mut model, n, n, 1..=n as Value).unwrap();
        for group in grid.rows().chain(grid.columns()) {
            model.all_different_with(&group, self.strength).unwrap();
        }
        for &(cell, right, start, offset) in &self.relations {
            let (r, c) = (cell / n, cell % n);
            let (r2, c2) = if right { (r, c + 1) } else { (r + 1, c) };
            let Some(other) = grid.get(r2, c2) else {
                continue;
            };
            let (a, b) = (self.square[cell], self.square[r2 * n + c2]);
            let op = holding_op(start, a, offset, b);
            model.relation(grid[(r, c)], op, other, offset).unwrap();
        }
        let givens: Vec<_> = self
            .givens
            .iter()
            .map(|&i| (grid.cells()[i], self.square[i]))
            .collect();
        if !self.by_assumptions {
            for &(v, x) in &givens {
                model.fix(v, x).unwrap();
            }
        }
        (model, grid, givens)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Latin squares of order 4-6 with random givens and neighbour
    /// relations that the square satisfies.
    #[test]
    fn planted_latin_squares_are_solved(p in planted_latin(), options in search_options()) {
        let (model, _grid, givens) = p.build();
        let mut solver = Solver::with_options(&model, options);
        if p.by_assumptions {
            solver.set_assumptions(&givens).unwrap();
        }
        check_planted(solver, &p.square, &givens);
    }

    /// Random variables with random values planted, and random constraints
    /// repaired so that the planted values satisfy them (up to 16
    /// variables, beyond brute force).
    #[test]
    fn planted_random_problems_are_solved(
        (planted, extra, specs) in (6..=16usize).prop_flat_map(|n| (
            prop::collection::vec(-5..=12 as Value, n),
            prop::collection::vec(prop::collection::vec(-5..=12 as Value, 0..=5), n),
            prop::collection::vec(constraint(n), 0..=14),
        )),
        subset in prop::collection::vec(any::<bool>(), 16),
        options in search_options(),
    ) {
        let problem = plant(&planted, &extra, specs);
        let (model, xs) = problem.build();
        prop_assert_eq!(violated_constraint(&model, &planted), None);
        // Some of the planted values as assumptions.
        let givens: Vec<_> = xs
            .iter()
            .zip(&subset)
            .filter(|&(_, &take)| take)
            .map(|(&x, _)| (x, planted[x.index()]))
            .collect();
        let mut solver = Solver::with_options(&model, options.clone());
        solver.set_assumptions(&givens).unwrap();
        check_planted(solver, &planted, &givens);
        check_planted(Solver::with_options(&model, options), &planted, &[]);
    }
}

/// Repairs random constraint specs so that `planted` satisfies them.
fn plant(planted: &[Value], extra: &[Vec<Value>], specs: Vec<ConSpec>) -> Problem {
    let domains = planted
        .iter()
        .zip(extra)
        .map(|(&v, more)| {
            let mut values = more.clone();
            values.push(v);
            DomSpec::Set(values)
        })
        .collect();
    let sum = |vars: &[usize]| vars.iter().map(|&i| i64::from(planted[i])).sum::<i64>();
    let constraints = specs
        .into_iter()
        .map(|spec| match spec {
            ConSpec::AllDiff { vars, strength } => {
                let mut seen = Vec::new();
                let vars: Vec<usize> = vars
                    .into_iter()
                    .filter(|&i| {
                        let fresh = !seen.contains(&planted[i]);
                        seen.push(planted[i]);
                        fresh
                    })
                    .collect();
                ConSpec::AllDiff { vars, strength }
            }
            ConSpec::Rel { x, op, y, offset } => {
                let start = ALL_OPS.iter().position(|&o| o == op).unwrap_or(0);
                let op = holding_op(start, planted[x], offset, planted[y]);
                ConSpec::Rel { x, op, y, offset }
            }
            ConSpec::Sum { vars, .. } => ConSpec::Sum {
                total: sum(&vars),
                vars,
            },
            ConSpec::Parity { vars, .. } => ConSpec::Parity {
                odd: sum(&vars) % 2 != 0,
                vars,
            },
            ConSpec::SumBetween { vars, lo, hi } => {
                let s = sum(&vars);
                let width = hi - lo;
                let below = (lo.rem_euclid(width + 1)).min(width);
                ConSpec::SumBetween {
                    lo: s - below,
                    hi: s - below + width,
                    vars,
                }
            }
            ConSpec::Fix { x, .. } => ConSpec::Fix {
                x,
                value: planted[x],
            },
        })
        .collect();
    Problem {
        domains,
        constraints,
    }
}

#[test]
fn seeded_latin_squares_planted_with_few_givens() {
    // The seeded generator of `testing`: order 7 and 8 too, with a quarter of
    // the cells given, for every strength.
    for (order, seed) in [(7, 1), (8, 2), (6, 3)] {
        let square = latin_square(order, seed);
        for strength in Strength::ALL {
            let mut model = Model::new();
            let grid = Grid::new(&mut model, order, order, 1..=order as Value).unwrap();
            for group in grid.rows().chain(grid.columns()) {
                model.all_different_with(&group, strength).unwrap();
            }
            let givens: Vec<_> = (0..order * order)
                .filter(|i| i % 4 == 0)
                .map(|i| (grid.cells()[i], square[i]))
                .collect();
            let mut solver = Solver::new(&model);
            solver.set_assumptions(&givens).unwrap();
            check_planted(solver, &square, &givens);
        }
    }
}

#[test]
fn the_solution_iterator_resumes_after_each_solution() {
    // Interleaving `next` with nothing else: the iterator's sequence equals
    // the sequence of a fresh run, and its status is set only at the end.
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 3, 3, 1..=3).unwrap();
    for group in grid.rows().chain(grid.columns()) {
        model.all_different(&group).unwrap();
    }
    let mut solver = Solver::with_options(&model, SearchOptions::default());
    let mut it = solver.solutions();
    let mut seen = Vec::new();
    while let Some(s) = it.next() {
        assert_eq!(it.status(), None);
        seen.push(s);
    }
    assert_eq!(it.status(), Some(SearchStatus::Complete));
    assert_eq!(it.next(), None, "a finished iterator stays finished");
    assert_eq!(seen.len(), 12);
    let again: Vec<_> = Solver::new(&model).solutions().collect();
    assert_eq!(seen, again);
}
