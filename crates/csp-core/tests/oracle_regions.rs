//! The region and distance constraints of issue 36 against the brute-force
//! oracle (`check_against_brute_force`, which also runs the model with
//! learning on and checks every explanation the constraints give), on small
//! random instances, and at their claimed strength where it is cheap to
//! state:
//!
//! - `AbsDiff` (`|x - y| >= d`, `<= d` and the strict forms) on chains of
//!   variables with random domains: exact, and domain consistent at the root;
//! - `EqualApart` (Ripple Effect's spacing) on rows and on small grids of
//!   rows and columns, with random givens: exact, and no value left within
//!   reach of a cell fixed to it;
//! - `SightCount` on two to four arms with random fixings and totals;
//! - `RegionSize` (Fillomino) on small grids and random graphs, with random
//!   domains and givens, with domains wider than any area can be, and on
//!   planted fillings;
//! - `Islands` (Nurikabe) on small grids with random and planted clues.

#[path = "support/problems.rs"]
mod problems;

use csp_core::constraints::islands::ANY_SIZE;
use csp_core::graph::Graph;
use csp_core::testing::check_against_brute_force;
use csp_core::{Model, RelOp, SearchOptions, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// AbsDiff
// ---------------------------------------------------------------------------

/// A chain `x0 - x1 - ... - xk` of distance constraints over random
/// domains (value sets within -3..=8).
#[derive(Clone, Debug)]
struct ChainCase {
    domains: Vec<Vec<Value>>,
    links: Vec<(RelOp, i64)>,
}

fn chain_case() -> impl Strategy<Value = ChainCase> {
    (2..=4usize).prop_flat_map(|n| {
        let domain = prop::collection::btree_set(-3..=8i32, 1..=6)
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        let op = prop::sample::select(vec![RelOp::Ge, RelOp::Gt, RelOp::Le, RelOp::Lt]);
        (
            prop::collection::vec(domain, n),
            prop::collection::vec((op, -1..=6i64), n - 1),
        )
            .prop_map(|(domains, links)| ChainCase { domains, links })
    })
}

impl ChainCase {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        for (i, &(op, d)) in self.links.iter().enumerate() {
            m.abs_diff(x[i], x[i + 1], op, d).unwrap();
        }
        (m, x)
    }
}

fn holds(a: Value, b: Value, op: RelOp, d: i64) -> bool {
    let gap = (i64::from(a) - i64::from(b)).abs();
    match op {
        RelOp::Ge => gap >= d,
        RelOp::Gt => gap > d,
        RelOp::Le => gap <= d,
        _ => gap < d,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn abs_diff_matches_brute_force(case in chain_case(), options in search_options()) {
        let (m, _) = case.build();
        check_against_brute_force(&m, options);
    }

    /// After root propagation every value left has a partner left in each
    /// neighbour of the chain (domain consistency of each link).
    #[test]
    fn abs_diff_is_domain_consistent(case in chain_case()) {
        let (m, x) = case.build();
        let mut solver = Solver::new(&m);
        let Ok(d) = solver.propagate() else { return Ok(()) };
        for (i, &(op, k)) in case.links.iter().enumerate() {
            for (p, q) in [(x[i], x[i + 1]), (x[i + 1], x[i])] {
                for a in d.iter(p) {
                    prop_assert!(
                        d.iter(q).any(|b| holds(a, b, op, k)),
                        "link {} value {} has no support", i, a
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// EqualApart
// ---------------------------------------------------------------------------

/// A `rows x cols` grid of digits `1..=max`, every row and column (of more
/// than one cell) spaced, with givens (0: none).
#[derive(Clone, Debug)]
struct RippleCase {
    rows: usize,
    cols: usize,
    max: Value,
    givens: Vec<u8>,
}

fn ripple_case() -> impl Strategy<Value = RippleCase> {
    prop_oneof![(1..=1usize, 2..=7usize), (2..=3usize, 2..=3usize)]
        .prop_flat_map(|(rows, cols)| {
            let max = if rows * cols > 7 { 3 } else { 4 };
            let n = rows * cols;
            (
                Just((rows, cols, max)),
                prop::collection::vec(prop::option::weighted(0.25, 1..=max as u8), n),
            )
        })
        .prop_map(|((rows, cols, max), g)| RippleCase {
            rows,
            cols,
            max,
            givens: g.into_iter().map(|v| v.unwrap_or(0)).collect(),
        })
}

impl RippleCase {
    fn lines(&self) -> Vec<Vec<usize>> {
        let mut lines: Vec<Vec<usize>> = (0..self.rows)
            .map(|r| (0..self.cols).map(|c| r * self.cols + c).collect())
            .collect();
        lines.extend((0..self.cols).map(|c| (0..self.rows).map(|r| r * self.cols + c).collect()));
        lines.retain(|l: &Vec<usize>| l.len() > 1);
        lines
    }

    fn build(&self) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let x = m.new_vars(self.rows * self.cols, 1..=self.max).unwrap();
        for line in self.lines() {
            let vars: Vec<VarId> = line.iter().map(|&i| x[i]).collect();
            m.equal_values_apart(&vars).unwrap();
        }
        for (i, &g) in self.givens.iter().enumerate() {
            if g > 0 {
                m.fix(x[i], Value::from(g)).unwrap();
            }
        }
        (m, x)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn equal_apart_matches_brute_force(case in ripple_case(), options in search_options()) {
        let (m, _) = case.build();
        check_against_brute_force(&m, options);
    }

    /// Forward checking at the root: no cell keeps a value fixed within
    /// that many cells of it in a line.
    #[test]
    fn equal_apart_clears_the_reach_of_fixed_cells(case in ripple_case()) {
        let (m, x) = case.build();
        let mut solver = Solver::new(&m);
        let Ok(d) = solver.propagate() else { return Ok(()) };
        for line in case.lines() {
            for (i, &a) in line.iter().enumerate() {
                let Some(v) = d.value(x[a]) else { continue };
                for (j, &b) in line.iter().enumerate() {
                    if j != i && i.abs_diff(j) <= v as usize {
                        prop_assert!(!d.contains(x[b], v), "cell {} keeps {}", b, v);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// SightCount
// ---------------------------------------------------------------------------

/// Arms of 0-3 cells, fixings (0 none, 1 blocked, 2 open) and a total.
#[derive(Clone, Debug)]
struct SightCase {
    arms: Vec<Vec<u8>>,
    total: u32,
}

fn sight_case() -> impl Strategy<Value = SightCase> {
    let arm = prop::collection::vec(prop::sample::select(vec![0u8, 0, 0, 1, 2]), 0..=3);
    (prop::collection::vec(arm, 2..=4), 0..=9u32)
        .prop_filter("a cell to see", |(arms, _)| {
            arms.iter().any(|a| !a.is_empty())
        })
        .prop_map(|(arms, total)| SightCase { arms, total })
}

impl SightCase {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let arms: Vec<Vec<VarId>> = self
            .arms
            .iter()
            .map(|a| m.new_vars(a.len(), 0..=1).unwrap())
            .collect();
        m.sight_count(&arms, self.total).unwrap();
        for (arm, fixes) in arms.iter().zip(&self.arms) {
            for (&v, &f) in arm.iter().zip(fixes) {
                if f > 0 {
                    m.fix(v, Value::from(f - 1)).unwrap();
                }
            }
        }
        m
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sight_count_matches_brute_force(case in sight_case(), options in search_options()) {
        check_against_brute_force(&case.build(), options);
    }
}

// ---------------------------------------------------------------------------
// Graphs for the area constraints
// ---------------------------------------------------------------------------

/// A grid of `rows x cols`, or a random graph on `n` vertices.
#[derive(Clone, Debug)]
struct GraphCase {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl GraphCase {
    fn graph(&self) -> Graph {
        Graph::new(self.n, &self.edges).expect("a simple graph")
    }

    fn grid(rows: usize, cols: usize) -> GraphCase {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let p = r * cols + c;
                if c + 1 < cols {
                    edges.push((p, p + 1));
                }
                if r + 1 < rows {
                    edges.push((p, p + cols));
                }
            }
        }
        GraphCase {
            n: rows * cols,
            edges,
        }
    }

    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.edges.iter().filter_map(move |&(a, b)| {
            if a == v {
                Some(b)
            } else if b == v {
                Some(a)
            } else {
                None
            }
        })
    }
}

/// Grids of up to `max_n` cells, and random graphs on up to `max_n`
/// vertices (each pair an edge with probability 1/3).
fn graph_case(max_n: usize) -> impl Strategy<Value = GraphCase> {
    let grids = (1..=4usize, 1..=4usize)
        .prop_filter("small enough", move |(r, c)| r * c <= max_n)
        .prop_map(|(r, c)| GraphCase::grid(r, c));
    let random = (1..=max_n).prop_flat_map(|n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let count = pairs.len();
        prop::collection::vec(0u8..3, count).prop_map(move |pick| GraphCase {
            n,
            edges: pairs
                .iter()
                .zip(&pick)
                .filter(|(_, p)| **p == 0)
                .map(|(e, _)| *e)
                .collect(),
        })
    });
    prop_oneof![2 => grids, 1 => random]
}

/// The connected pieces of equal labels of `labels` on `g`: (label of
/// each vertex's piece, size of each vertex's piece).
fn pieces(g: &GraphCase, same: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut piece = vec![usize::MAX; g.n];
    let mut sizes = Vec::new();
    for s in 0..g.n {
        if piece[s] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        piece[s] = id;
        let mut stack = vec![s];
        let mut size = 0;
        while let Some(v) = stack.pop() {
            size += 1;
            for u in g.neighbours(v) {
                if piece[u] == usize::MAX && same(s, u) {
                    piece[u] = id;
                    stack.push(u);
                }
            }
        }
        sizes.push(size);
    }
    piece.iter().map(|&p| sizes[p]).collect()
}

// ---------------------------------------------------------------------------
// RegionSize
// ---------------------------------------------------------------------------

/// A region-size instance: each vertex's domain (a subset of 1..=5) and
/// givens.
#[derive(Clone, Debug)]
struct FillCase {
    graph: GraphCase,
    domains: Vec<Vec<Value>>,
}

fn fill_case() -> impl Strategy<Value = FillCase> {
    graph_case(7).prop_flat_map(|graph| {
        let n = graph.n;
        let top = if n <= 5 { 5 } else { 4 };
        let domain = prop_oneof![
            3 => Just((1..=top).collect::<Vec<Value>>()),
            1 => (1..=top).prop_map(|v| vec![v]),
            1 => prop::collection::btree_set(1..=top, 1..=3)
                .prop_map(|s| s.into_iter().collect::<Vec<Value>>()),
        ];
        (Just(graph), prop::collection::vec(domain, n))
            .prop_map(|(graph, domains)| FillCase { graph, domains })
            .prop_filter("brute force size", |c| {
                c.domains.iter().map(|d| d.len() as u64).product::<u64>() <= 4_096
            })
    })
}

/// Planted: a labelling made valid by relabelling every piece with its size
/// (repeated; kept only if it settles), some of it given.
fn planted_fill_case() -> impl Strategy<Value = FillCase> {
    graph_case(8).prop_flat_map(|graph| {
        let n = graph.n;
        (
            Just(graph),
            prop::collection::vec(1..=3i32, n),
            prop::collection::vec(any::<bool>(), n),
        )
            .prop_filter_map("a valid filling", move |(graph, mut labels, shown)| {
                for _ in 0..6 {
                    let sizes = pieces(&graph, |a, b| labels[a] == labels[b]);
                    let next: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
                    if next == labels {
                        let top = 4.min(n as i32).max(*labels.iter().max()?);
                        let domains = labels
                            .iter()
                            .zip(&shown)
                            .map(|(&l, &s)| if s { vec![l] } else { (1..=top).collect() })
                            .collect();
                        let case = FillCase { graph, domains };
                        let size: u64 = case.domains.iter().map(|d| d.len() as u64).product();
                        return (size <= 4_096).then_some(case);
                    }
                    labels = next;
                }
                None
            })
    })
}

/// Wide domains: numbers up to three more than the vertices (no area can
/// be that large), with holes, so that runs of values share their cells
/// (the propagator handles such a run of values no cell is fixed to in one
/// pass) and runs are cut by fixed cells and holes.
fn wide_fill_case() -> impl Strategy<Value = FillCase> {
    graph_case(6).prop_flat_map(|graph| {
        let n = graph.n;
        let top = n as Value + 3;
        let domain = prop_oneof![
            2 => Just((1..=top).collect::<Vec<Value>>()),
            2 => (1..=top).prop_map(|v| vec![v]),
            1 => (1..=top).prop_map(move |v| (v..=top).collect::<Vec<Value>>()),
            1 => prop::collection::btree_set(1..=top, 1..=4)
                .prop_map(|s| s.into_iter().collect::<Vec<Value>>()),
        ];
        (Just(graph), prop::collection::vec(domain, n))
            .prop_map(|(graph, domains)| FillCase { graph, domains })
            .prop_filter("brute force size", |c| {
                c.domains.iter().map(|d| d.len() as u64).product::<u64>() <= 6_000
            })
    })
}

impl FillCase {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| m.new_var(d.clone()).unwrap())
            .collect();
        m.region_size(&x, &self.graph.graph()).unwrap();
        m
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn region_size_matches_brute_force(case in fill_case(), options in search_options()) {
        check_against_brute_force(&case.build(), options);
    }

    #[test]
    fn region_size_with_wide_domains_matches_brute_force(
        case in wide_fill_case(),
        options in search_options(),
    ) {
        check_against_brute_force(&case.build(), options);
    }

    #[test]
    fn region_size_finds_planted_fillings(case in planted_fill_case(), options in search_options()) {
        prop_assert!(check_against_brute_force(&case.build(), options) >= 1);
    }
}

// ---------------------------------------------------------------------------
// Islands
// ---------------------------------------------------------------------------

/// A Nurikabe-like instance on a grid: clues as (cell, size).
#[derive(Clone, Debug)]
struct IslandCase {
    rows: usize,
    cols: usize,
    clues: Vec<(usize, u32)>,
    /// Cells fixed to sea (1).
    sea: Vec<usize>,
}

fn island_grid() -> impl Strategy<Value = (usize, usize)> {
    (1..=4usize, 1..=4usize).prop_filter("small enough", |(r, c)| r * c <= 12)
}

/// Random clues (sizes 1-4, or unknown: 5) and sea cells.
fn island_case() -> impl Strategy<Value = IslandCase> {
    island_grid().prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        prop::collection::vec(
            prop::sample::select(vec![0u32, 0, 0, 0, 1, 2, 3, 4, 5, 9]),
            n,
        )
        .prop_map(move |marks| IslandCase {
            rows,
            cols,
            clues: (0..n)
                .filter(|&i| (1..=5).contains(&marks[i]))
                .map(|i| (i, if marks[i] == 5 { ANY_SIZE } else { marks[i] }))
                .collect(),
            sea: (0..n).filter(|&i| marks[i] == 9).collect(),
        })
    })
}

/// Planted: a random shading; each island gets a clue of its size at one
/// of its cells, a quarter of them of unknown size (the sea may be split,
/// then there is no solution).
fn planted_island_case() -> impl Strategy<Value = IslandCase> {
    island_grid().prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        (
            prop::collection::vec(any::<bool>(), n),
            prop::collection::vec(any::<prop::sample::Index>(), n),
            prop::collection::vec(prop::bool::weighted(0.25), n),
        )
            .prop_map(move |(sea, pick, unknown)| {
                let g = GraphCase::grid(rows, cols);
                let mut piece = vec![usize::MAX; n];
                let mut clues = Vec::new();
                for s in 0..n {
                    if sea[s] || piece[s] != usize::MAX {
                        continue;
                    }
                    piece[s] = s;
                    let mut cells = vec![s];
                    let mut k = 0;
                    while k < cells.len() {
                        let v = cells[k];
                        k += 1;
                        for u in g.neighbours(v) {
                            if !sea[u] && piece[u] == usize::MAX {
                                piece[u] = s;
                                cells.push(u);
                            }
                        }
                    }
                    let size = if unknown[s] {
                        ANY_SIZE
                    } else {
                        cells.len() as u32
                    };
                    clues.push((*pick[s].get(&cells), size));
                }
                IslandCase {
                    rows,
                    cols,
                    clues,
                    sea: Vec::new(),
                }
            })
    })
}

impl IslandCase {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let x = m.new_vars(self.rows * self.cols, 0..=1).unwrap();
        let g = Graph::grid(self.rows, self.cols).unwrap();
        m.islands(&x, &g, &self.clues).unwrap();
        for &s in &self.sea {
            if !self.clues.iter().any(|&(c, _)| c == s) {
                m.fix(x[s], 1).unwrap();
            }
        }
        m
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn islands_match_brute_force(case in island_case(), options in search_options()) {
        check_against_brute_force(&case.build(), options);
    }

    #[test]
    fn islands_find_planted_shadings(case in planted_island_case(), options in search_options()) {
        check_against_brute_force(&case.build(), options);
    }
}

/// Region size alone on a random labelling: every piece of equal labels
/// has its label's size, checked by the independent flood fill above.
#[test]
fn region_size_counts_match_an_independent_count() {
    for (rows, cols, top) in [(2, 2, 4), (2, 3, 4), (3, 3, 3), (2, 4, 4)] {
        let g = GraphCase::grid(rows, cols);
        let n = g.n;
        let mut want = 0u64;
        let mut labels = vec![1i32; n];
        loop {
            let sizes = pieces(&g, |a, b| labels[a] == labels[b]);
            if sizes.iter().zip(&labels).all(|(&s, &l)| s as i32 == l) {
                want += 1;
            }
            let Some(i) = labels.iter().position(|&l| l < top) else {
                break;
            };
            labels[i] += 1;
            labels[..i].fill(1);
        }
        let mut m = Model::new();
        let x = m.new_vars(n, 1..=top).unwrap();
        m.region_size(&x, &g.graph()).unwrap();
        assert_eq!(
            Solver::with_options(&m, SearchOptions::default())
                .count(None)
                .count,
            want,
            "{rows}x{cols} up to {top}"
        );
    }
}

/// A regression test for an engine bug found by
/// `equal_apart_matches_brute_force`, reproduced here with clauses only (no
/// constraint of this file): counting with learning on, a flipped decision
/// removed 2 from `x0` when learned units had already fixed it to 2, and
/// conflict analysis of that wipe-out named `x0 != 2`, a literal that never
/// became true, in the nogood (a `debug_assert` in `learn/analyze.rs`).
/// Fixed by skipping a flip whose branch the learned units exclude.
#[test]
fn a_flipped_decision_that_wipes_a_domain_is_analysed() {
    let mut m = Model::new();
    let x = m.new_vars(6, 1..=3).unwrap();
    for i in 0..6usize {
        for j in i + 1..6 {
            for v in 1..=3 {
                if (j - i) as i32 <= v {
                    m.clause(&[
                        csp_core::Literal::ne(x[i], v),
                        csp_core::Literal::ne(x[j], v),
                    ])
                    .unwrap();
                }
            }
        }
    }
    m.fix(x[3], 2).unwrap();
    assert_eq!(check_against_brute_force(&m, SearchOptions::default()), 2);
}
