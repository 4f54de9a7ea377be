//! `EdgeConnected` (Hashi's bridges) against the brute-force oracle, which
//! also checks every explanation it gives for learning, and at its claimed
//! strength.
//!
//! - Without degrees, on random small graphs with multiplicities `0..=k`
//!   and random restrictions: exactly the brute-force solutions, and domain
//!   consistent after propagation under a sequence of assumptions, as its
//!   docs claim.
//! - With degrees (planted from a random multigraph, so that many cases
//!   have solutions, or random), with and without crossing clauses:
//!   exactly the brute-force solutions (the constraint claims no strength
//!   there).
//! - Small Hashi boards with their published counts worked by hand.

#[path = "support/problems.rs"]
mod problems;

use csp_core::graph::Graph;
use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{Domains, Literal, Model, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;

/// A small graph with a multiplicity range and restrictions per edge.
#[derive(Clone, Debug)]
struct Case {
    n: usize,
    edges: Vec<(usize, usize)>,
    /// The largest multiplicity.
    k: i32,
    /// Per edge: 0 free, 1 at 0, 2 above 0, 3 not 1.
    fixes: Vec<u8>,
    /// Per edge, a multiplicity used to plant degrees.
    planted: Vec<i32>,
    /// Degrees: none, planted, or random (`random`).
    degrees: u8,
    random: Vec<i32>,
    /// Pairs of edges that may not both be present.
    crossings: Vec<(usize, usize)>,
    /// Assumptions tried in order: (edge, value).
    order: Vec<(usize, i32)>,
}

fn case(with_degrees: bool) -> impl Strategy<Value = Case> {
    (2..=6usize, 1..=3i32).prop_flat_map(move |(n, k)| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let count = pairs.len();
        (
            prop::collection::vec(prop::bool::weighted(0.6), count),
            prop::collection::vec(
                prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8)],
                count,
            ),
            prop::collection::vec(0..=k, count),
            if with_degrees { 1u8..=2 } else { 0u8..=0 },
            prop::collection::vec(0..=4i32, n),
            prop::collection::vec((0..count, 0..count), 0..3),
            prop::collection::vec((0..count, 0..=k), 0..8),
        )
            .prop_map(
                move |(keep, fixes, planted, degrees, random, crossings, order)| {
                    let edges: Vec<(usize, usize)> = pairs
                        .iter()
                        .zip(&keep)
                        .filter(|(_, k)| **k)
                        .map(|(&p, _)| p)
                        .take(8)
                        .collect();
                    let m = edges.len();
                    Case {
                        n,
                        k,
                        fixes: fixes[..m].to_vec(),
                        planted: planted[..m].to_vec(),
                        degrees,
                        random,
                        crossings: crossings
                            .into_iter()
                            .filter(|&(a, b)| a < m && b < m && a != b)
                            .collect(),
                        order: order.into_iter().filter(|&(e, _)| e < m).collect(),
                        edges,
                    }
                },
            )
    })
}

impl Case {
    fn degrees(&self) -> Option<Vec<Value>> {
        match self.degrees {
            0 => None,
            1 => {
                let mut d = vec![0; self.n];
                for (&(a, b), &x) in self.edges.iter().zip(&self.planted) {
                    d[a] += x;
                    d[b] += x;
                }
                Some(d)
            }
            _ => Some(self.random.clone()),
        }
    }

    fn build(&self) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let x = model.new_vars(self.edges.len(), 0..=self.k).unwrap();
        let g = Graph::new(self.n, &self.edges).unwrap();
        match self.degrees() {
            Some(d) => model.edge_connected_with_degrees(&x, &g, &d).unwrap(),
            None => model.edge_connected(&x, &g).unwrap(),
        };
        for &(a, b) in &self.crossings {
            model
                .clause(&[Literal::le(x[a], 0), Literal::le(x[b], 0)])
                .unwrap();
        }
        for (&v, &f) in x.iter().zip(&self.fixes) {
            match f {
                1 => model.fix(v, 0).unwrap(),
                2 => model.remove_value(v, 0).unwrap(),
                3 if self.k > 1 => model.remove_value(v, 1).unwrap(),
                _ => {}
            }
        }
        (model, x)
    }

    /// Whether `values` (one per edge) satisfy the constraint alone.
    fn holds(&self, values: &[Value]) -> bool {
        if let Some(d) = self.degrees() {
            let mut sum = vec![0; self.n];
            for (&(a, b), &x) in self.edges.iter().zip(values) {
                sum[a] += x;
                sum[b] += x;
            }
            if sum != d {
                return false;
            }
        }
        let mut seen = vec![false; self.n];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for (&(a, b), &x) in self.edges.iter().zip(values) {
                if x > 0 && (a == v || b == v) {
                    let u = if a == v { b } else { a };
                    if !seen[u] {
                        seen[u] = true;
                        stack.push(u);
                    }
                }
            }
        }
        seen.iter().all(|&s| s)
    }
}

/// `None` if every value left in `vars`' domains is used by some
/// assignment within the domains that satisfies `case` alone.
fn gac_violation(case: &Case, domains: &Domains<'_>, vars: &[VarId]) -> Option<String> {
    let doms: Vec<Vec<Value>> = vars.iter().map(|&v| domains.iter(v).collect()).collect();
    let mut supported: Vec<Vec<Value>> = vec![Vec::new(); vars.len()];
    let mut idx = vec![0usize; vars.len()];
    let mut any = false;
    loop {
        let values: Vec<Value> = idx.iter().zip(&doms).map(|(&i, d)| d[i]).collect();
        if case.holds(&values) {
            any = true;
            for (s, &v) in supported.iter_mut().zip(&values) {
                if !s.contains(&v) {
                    s.push(v);
                }
            }
        }
        let mut k = 0;
        while k < idx.len() {
            idx[k] += 1;
            if idx[k] < doms[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
        if k == idx.len() {
            break;
        }
    }
    if !any {
        return Some(format!("no support in {doms:?}: should have failed"));
    }
    for s in &mut supported {
        s.sort_unstable();
    }
    (supported != doms).then(|| format!("domains {doms:?}, supported {supported:?}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Without degrees: exactly the brute-force solutions (and sound
    /// explanations).
    #[test]
    fn edge_connected_matches_brute_force(case in case(false), options in search_options()) {
        if case.edges.is_empty() {
            return Ok(());
        }
        let (model, _) = case.build();
        check_against_brute_force(&model, options);
    }

    /// With degrees and crossings: exactly the brute-force solutions.
    #[test]
    fn edge_connected_with_degrees_matches_brute_force(
        case in case(true),
        options in search_options(),
    ) {
        if case.edges.is_empty() {
            return Ok(());
        }
        let (model, _) = case.build();
        check_against_brute_force(&model, options);
    }

    /// Without degrees or crossings: domain consistent after propagation,
    /// under each prefix of a sequence of assumptions.
    #[test]
    fn edge_connected_is_domain_consistent(case in case(false)) {
        if case.edges.is_empty() {
            return Ok(());
        }
        let mut case = case;
        case.crossings.clear();
        let (model, x) = case.build();
        let initial = model.initial_domains();
        let order: Vec<(VarId, Value)> = case
            .order
            .iter()
            .map(|&(e, v)| (x[e], v))
            .filter(|&(v, value)| initial.contains(v, value))
            .collect();
        let solutions = brute_force_solutions(&model, 1 << 20).expect("small");
        let mut solver = Solver::new(&model);
        for k in 0..=order.len() {
            let assumed = &order[..k];
            solver.set_assumptions(assumed).expect("in the domains");
            let agreeing = solutions
                .iter()
                .any(|s| assumed.iter().all(|&(v, value)| s[v.index()] == value));
            match solver.propagate() {
                Ok(d) => {
                    let violation = gac_violation(&case, &d, &x);
                    prop_assert_eq!(violation, None, "under {:?}", assumed);
                }
                Err(_) => prop_assert!(!agreeing, "failed under {:?} with solutions", assumed),
            }
        }
    }
}

/// A Hashi board as islands `(row, col, number)`: the model (bridges
/// `0..=2` between islands in line with nothing between, crossings as
/// clauses) and its bridge variables.
fn hashi(islands: &[(usize, usize, Value)]) -> (Model, Vec<VarId>) {
    let mut edges = Vec::new();
    for (i, &(r, c, _)) in islands.iter().enumerate() {
        // The nearest island to the right and below.
        let right = (0..islands.len())
            .filter(|&j| islands[j].0 == r && islands[j].1 > c)
            .min_by_key(|&j| islands[j].1);
        let below = (0..islands.len())
            .filter(|&j| islands[j].1 == c && islands[j].0 > r)
            .min_by_key(|&j| islands[j].0);
        edges.extend(right.map(|j| (i, j)));
        edges.extend(below.map(|j| (i, j)));
    }
    let g = Graph::new(islands.len(), &edges).unwrap();
    let mut model = Model::new();
    let x = model.new_vars(edges.len(), 0..=2).unwrap();
    let degrees: Vec<Value> = islands.iter().map(|i| i.2).collect();
    model.edge_connected_with_degrees(&x, &g, &degrees).unwrap();
    for (e, &(a, b)) in edges.iter().enumerate() {
        for (f, &(p, q)) in edges.iter().enumerate() {
            let (ia, ib, ip, iq) = (islands[a], islands[b], islands[p], islands[q]);
            // e horizontal, f vertical, crossing strictly inside both.
            if ia.0 == ib.0
                && ip.1 == iq.1
                && ip.0 < ia.0
                && ia.0 < iq.0
                && ia.1 < ip.1
                && ip.1 < ib.1
            {
                model
                    .clause(&[Literal::le(x[e], 0), Literal::le(x[f], 0)])
                    .unwrap();
            }
        }
    }
    (model, x)
}

#[test]
fn small_hashi_boards_have_their_counts() {
    // A plus of islands round a centre 4: bridges to all four arms, one
    // each, the arms 1s. One solution.
    let plus = [(0, 1, 1), (1, 0, 1), (1, 1, 4), (1, 2, 1), (2, 1, 1)];
    let (m, x) = hashi(&plus);
    assert_eq!(Solver::new(&m).count(None).count, 1);
    let outcome = Solver::new(&m).solve();
    let s = outcome.solution().expect("solved");
    assert!(x.iter().all(|&v| s.value(v) == 1));
    // The corners of a square, each 2: a cycle of single bridges, or two
    // double bridges on opposite sides (which leave two islands apart):
    // one solution.
    let square = [(0, 0, 2), (0, 2, 2), (2, 0, 2), (2, 2, 2)];
    let (m, _) = hashi(&square);
    assert_eq!(Solver::new(&m).count(None).count, 1);
    // Two 1s in a row with a 2 below each: the 1s may not be joined to
    // each other (closed off), so each takes its 2 and the 2s join.
    let board = [(0, 0, 1), (0, 2, 1), (2, 0, 2), (2, 2, 2)];
    let (m, x) = hashi(&board);
    let mut solver = Solver::new(&m);
    let d = solver.propagate().unwrap();
    assert!(
        x.iter().all(|&v| d.value(v).is_some()),
        "solved by propagation"
    );
    assert_eq!(Solver::new(&m).count(None).count, 1);
    // A crossing: islands above, below, left and right of an empty centre
    // with 1s: either the horizontal or the vertical pair, never both, and
    // neither joins all four: no solution.
    let cross = [(0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 1, 1)];
    let (m, _) = hashi(&cross);
    assert_eq!(Solver::new(&m).count(None).count, 0);
}

#[test]
fn brute_force_agrees_on_the_small_boards() {
    for board in [
        vec![(0, 0, 2), (0, 2, 3), (2, 0, 3), (2, 2, 2), (1, 1, 0)],
        vec![(0, 0, 1), (0, 3, 3), (2, 0, 3), (2, 3, 3), (0, 1, 0)],
        vec![
            (0, 0, 2),
            (0, 2, 4),
            (0, 4, 2),
            (2, 0, 2),
            (2, 2, 4),
            (2, 4, 2),
        ],
    ] {
        let islands: Vec<_> = board.into_iter().filter(|i| i.2 > 0).collect();
        let (m, _) = hashi(&islands);
        check_against_brute_force(&m, csp_core::SearchOptions::default());
    }
}
