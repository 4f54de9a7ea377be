//! `Model::paths` (Numberlink's vertex-disjoint paths) against the
//! brute-force oracle (which also checks every explanation its parts give
//! for learning), and its solution count against an independent count of
//! edge sets that are a solution by the puzzle's own rules.

#[path = "support/problems.rs"]
mod problems;

use csp_core::graph::Graph;
use csp_core::testing::check_against_brute_force;
use csp_core::{Model, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;

/// A small graph, pairs of terminals, cover or not, and edge fixings
/// (0 free, 1 at 0, 2 at 1), as data so proptest can print and shrink it.
#[derive(Clone, Debug)]
struct PathsCase {
    n: usize,
    edges: Vec<(usize, usize)>,
    pairs: Vec<(usize, usize)>,
    cover: bool,
    fixes: Vec<u8>,
    /// Labels created from -1 (which `paths` removes), so their words are
    /// not based at 0 and the reachability takes its general path.
    wide: bool,
}

fn paths_case(max_n: usize, max_edges: usize) -> impl Strategy<Value = PathsCase> {
    (3..=max_n).prop_flat_map(move |n| {
        let all: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let count = all.len();
        (
            prop::collection::vec(prop_oneof![2 => Just(true), 1 => Just(false)], count),
            Just(n).prop_flat_map(|n| Just((0..n).collect::<Vec<usize>>()).prop_shuffle()),
            1..=2usize,
            any::<bool>(),
            any::<bool>(),
            prop::collection::vec(
                prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
                max_edges,
            ),
        )
            .prop_map(move |(keep, order, k, cover, wide, fixes)| {
                let edges: Vec<(usize, usize)> = all
                    .iter()
                    .zip(&keep)
                    .filter(|(_, k)| **k)
                    .map(|(&p, _)| p)
                    .take(max_edges)
                    .collect();
                let k = k.min(n / 2);
                let pairs = (0..k).map(|i| (order[2 * i], order[2 * i + 1])).collect();
                PathsCase {
                    n,
                    edges,
                    pairs,
                    cover,
                    fixes,
                    wide,
                }
            })
    })
}

/// A `rows x cols` grid with the given pairs (cells `r * cols + c`).
fn grid_case(rows: usize, cols: usize, pairs: &[(usize, usize)], cover: bool) -> PathsCase {
    let g = Graph::grid(rows, cols).unwrap();
    PathsCase {
        n: rows * cols,
        edges: g.edges().collect(),
        pairs: pairs.to_vec(),
        cover,
        fixes: Vec::new(),
        wide: false,
    }
}

impl PathsCase {
    /// The model and its edge variables, or `None` when `paths` rejects
    /// the instance (a terminal with no edge, a covered vertex of degree
    /// below 2).
    fn build(&self) -> Option<(Model, Vec<VarId>)> {
        let g = Graph::new(self.n, &self.edges).unwrap();
        let mut model = Model::new();
        let edges = model.new_bools(self.edges.len()).unwrap();
        let low = if self.wide { -1 } else { 0 };
        let labels = model
            .new_vars(self.n, low..=self.pairs.len() as Value)
            .unwrap();
        model
            .paths(&g, &edges, &labels, &self.pairs, self.cover)
            .ok()?;
        for (e, &f) in edges.iter().zip(&self.fixes) {
            if f > 0 {
                model.fix(*e, Value::from(f - 1)).unwrap();
            }
        }
        Some((model, edges))
    }

    /// The number of edge sets (within the fixings) that solve the puzzle,
    /// by its rules: components are simple paths joining a pair's two
    /// terminals, every terminal on one, no edge elsewhere; with `cover`
    /// every vertex on a path.
    fn count_by_rules(&self) -> usize {
        let m = self.edges.len();
        let mut pair_of = vec![usize::MAX; self.n];
        for (i, &(a, b)) in self.pairs.iter().enumerate() {
            pair_of[a] = i;
            pair_of[b] = i;
        }
        let mut total = 0;
        'sets: for set in 0..1u32 << m {
            for (e, &f) in self.fixes.iter().enumerate().take(m) {
                if f > 0 && (set >> e & 1) as u8 != f - 1 {
                    continue 'sets;
                }
            }
            let chosen: Vec<(usize, usize)> = (0..m)
                .filter(|&e| set >> e & 1 == 1)
                .map(|e| self.edges[e])
                .collect();
            let mut adj = vec![Vec::new(); self.n];
            for &(a, b) in &chosen {
                adj[a].push(b);
                adj[b].push(a);
            }
            // Walk from each terminal along its path.
            let mut on_path = vec![false; self.n];
            let mut path_of = vec![usize::MAX; self.n];
            for (i, &(a, b)) in self.pairs.iter().enumerate() {
                if adj[a].len() != 1 {
                    continue 'sets;
                }
                let (mut prev, mut cur) = (a, adj[a][0]);
                on_path[a] = true;
                path_of[a] = i;
                loop {
                    if on_path[cur] {
                        continue 'sets;
                    }
                    on_path[cur] = true;
                    path_of[cur] = i;
                    if cur == b {
                        break;
                    }
                    if pair_of[cur] != usize::MAX || adj[cur].len() != 2 {
                        continue 'sets;
                    }
                    let next = if adj[cur][0] == prev {
                        adj[cur][1]
                    } else {
                        adj[cur][0]
                    };
                    (prev, cur) = (cur, next);
                }
            }
            // No chosen edge off the paths (a cycle elsewhere, a second
            // edge at a path's far end), every vertex covered if asked.
            if chosen
                .iter()
                .any(|&(a, b)| !on_path[a] || path_of[a] != path_of[b])
            {
                continue;
            }
            if self.cover && on_path.iter().any(|&p| !p) {
                continue;
            }
            total += 1;
        }
        total
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Exactly the brute-force solutions of the model (and sound, precise
    /// explanations), whose number is that of the puzzle's rules.
    #[test]
    fn paths_match_brute_force(case in paths_case(5, 7), options in search_options()) {
        if let Some((model, _)) = case.build() {
            let count = check_against_brute_force(&model, options);
            prop_assert_eq!(count, case.count_by_rules());
        }
    }

    /// Larger graphs than brute force allows: the solver's count equals
    /// the count by the rules.
    #[test]
    fn paths_count_by_rules(case in paths_case(8, 13)) {
        if let Some((model, _)) = case.build() {
            let count = Solver::new(&model).count(None).count as usize;
            prop_assert_eq!(count, case.count_by_rules());
        }
    }
}

#[test]
fn grid_cases_have_the_known_counts() {
    // 2 x 3, one pair on the top corners: along the top, around, or
    // down and up through the middle column on either side.
    assert_eq!(grid_case(2, 3, &[(0, 2)], false).count_by_rules(), 4);
    // Covering: only around (the top middle cell must be used too: none).
    assert_eq!(grid_case(2, 3, &[(0, 2)], true).count_by_rules(), 0);
    // 2 x 3, pair on the left column's cells: the long way round covers.
    assert_eq!(grid_case(2, 3, &[(0, 3)], true).count_by_rules(), 1);
    assert_eq!(grid_case(2, 2, &[(0, 1)], true).count_by_rules(), 1);
    for (case, expected) in [
        (grid_case(2, 3, &[(0, 2)], false), 4),
        (grid_case(2, 2, &[(0, 1)], true), 1),
        (grid_case(3, 3, &[(0, 2), (6, 8)], true), 0),
        // Crossing pairs on a 3 x 3 grid: no way.
        (grid_case(3, 3, &[(0, 8), (2, 6)], false), 0),
        // 0-1 adjacent (the way round passes the 3); the 3-5 path goes
        // through the middle or below it: 3-4-5, 3-6-7-8-5, 3-6-7-4-5,
        // 3-4-7-8-5.
        (grid_case(3, 3, &[(0, 1), (3, 5)], false), 4),
    ] {
        let (model, _) = case.build().unwrap();
        assert_eq!(case.count_by_rules(), expected, "{case:?}");
        assert_eq!(
            Solver::new(&model).count(None).count,
            expected as u64,
            "{case:?}"
        );
        if case.n <= 6 {
            check_against_brute_force(&model, Default::default());
        }
    }
}

#[test]
fn bad_arguments_are_errors() {
    let g = Graph::grid(2, 2).unwrap();
    let mut model = Model::new();
    let edges = model.new_bools(g.num_edges()).unwrap();
    let labels = model.new_vars(4, 0..=2).unwrap();
    assert!(
        model
            .paths(&g, &edges[1..], &labels, &[(0, 3)], false)
            .is_err()
    );
    assert!(
        model
            .paths(&g, &edges, &labels[1..], &[(0, 3)], false)
            .is_err()
    );
    assert!(model.paths(&g, &edges, &labels, &[(0, 4)], false).is_err());
    assert!(
        model
            .paths(&g, &edges, &labels, &[(0, 3), (3, 1)], false)
            .is_err()
    );
    assert!(model.paths(&g, &edges, &labels, &[(0, 0)], false).is_err());
    let wide = model.new_vars(g.num_edges(), 0..=2).unwrap();
    assert!(model.paths(&g, &wide, &labels, &[(0, 3)], false).is_err());
}

/// Reachability: a part of the graph that no edge joins to a pair's
/// terminals loses the pair's label at the root (degrees alone keep it:
/// a cycle there has degree 2 everywhere), and a pair walled off fails.
#[test]
fn unreachable_vertices_lose_the_label() {
    // A triangle 0-1-2 holding the pair, a square 3-4-5-6 apart.
    let g = Graph::new(7, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 6), (6, 3)]).unwrap();
    let mut model = Model::new();
    let edges = model.new_bools(g.num_edges()).unwrap();
    let labels = model.new_vars(7, 0..=1).unwrap();
    model.paths(&g, &edges, &labels, &[(0, 1)], false).unwrap();
    let mut solver = Solver::new(&model);
    let d = solver.propagate().expect("solvable");
    for &l in &labels[3..] {
        assert_eq!(d.value(l), Some(0), "the square is unused");
    }
    for &e in &edges[3..] {
        assert_eq!(d.value(e), Some(0), "the square's edges are unused");
    }
    check_against_brute_force(&model, Default::default());
    // The pair split across the two parts: no solution, found at the root.
    let mut model = Model::new();
    let edges = model.new_bools(g.num_edges()).unwrap();
    let labels = model.new_vars(7, 0..=1).unwrap();
    model.paths(&g, &edges, &labels, &[(0, 3)], false).unwrap();
    assert!(Solver::new(&model).propagate().is_err());
}
