//! The graph constraints against the brute-force oracle and at their
//! claimed strength.
//!
//! - `Connected` on random small graphs (grid graphs, with holes, and random
//!   graphs of up to 10 vertices), random fixings and random side
//!   constraints (so it is woken several times per node, through its
//!   incremental early outs): the solver finds exactly the brute-force
//!   solutions under several search orders, and at every search node (a
//!   checking variable selector) and at the root the domains are *domain
//!   consistent* for the constraint, as its docs claim.
//! - `SingleLoop` likewise, with and without vertex variables: exact
//!   solutions, and at every node the fixpoint its docs describe (degrees,
//!   no premature loop, no open bridge, everything in one 2-edge-connected
//!   piece), checked by naive re-implementations.
//! - Counts with closed forms or published values: connected subsets of
//!   paths, cycles, complete graphs, stars and grids; cycles of ladders,
//!   complete graphs and square grids (OEIS A140517), Hamiltonian cycles
//!   of complete graphs and of square grids (OEIS A003763).

#[path = "support/problems.rs"]
mod problems;

use csp_core::graph::Graph;
use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{
    Constraint, Domains, Grid, LoopLattice, Model, SearchOptions, Solver, Value, VarId,
    VariableOrder, VariableSelector,
};
use problems::search_options;
use proptest::prelude::*;
use std::sync::{Arc, Mutex};

// ---------------------------------------------------------------------------
// Graphs
// ---------------------------------------------------------------------------

/// A small graph as data, so proptest can print and shrink it.
#[derive(Clone, Debug)]
struct GraphCase {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl GraphCase {
    fn graph(&self) -> Graph {
        Graph::new(self.n, &self.edges).expect("a simple graph")
    }
}

/// A `rows x cols` grid graph with the positions of `holes` (bit `i` is
/// position `i`) left out, vertices renumbered.
fn grid_case(rows: usize, cols: usize, holes: u64) -> GraphCase {
    let present: Vec<usize> = (0..rows * cols)
        .filter(|&p| p >= 64 || holes >> p & 1 == 0)
        .collect();
    let index = |p: usize| present.iter().position(|&q| q == p);
    let mut edges = Vec::new();
    for &p in &present {
        let (r, c) = (p / cols, p % cols);
        if c + 1 < cols {
            if let (Some(a), Some(b)) = (index(p), index(p + 1)) {
                edges.push((a, b));
            }
        }
        if r + 1 < rows {
            if let (Some(a), Some(b)) = (index(p), index(p + cols)) {
                edges.push((a, b));
            }
        }
    }
    GraphCase {
        n: present.len(),
        edges,
    }
}

/// Random simple graphs on `1..=max_n` vertices with at most `max_edges`
/// edges, and grid graphs (with a few holes) of at most `max_n` cells.
fn graph_case(max_n: usize, max_edges: usize) -> impl Strategy<Value = GraphCase> {
    let random = (1..=max_n).prop_flat_map(move |n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let count = pairs.len();
        (prop::collection::vec(0u8..3, count), Just(pairs)).prop_map(move |(pick, pairs)| {
            // Each pair with probability 1/3 or 2/3, depending on the draw.
            let mut edges: Vec<(usize, usize)> = pairs
                .iter()
                .zip(&pick)
                .filter(|(_, p)| **p == 0)
                .map(|(e, _)| *e)
                .collect();
            edges.truncate(max_edges);
            GraphCase { n, edges }
        })
    });
    let grids = (1..=4usize, 1..=4usize, any::<u32>())
        .prop_filter("small enough", move |(r, c, _)| r * c <= max_n)
        .prop_map(|(r, c, holes)| {
            // Holes are rare: about one position in eight.
            let h = holes & (holes >> 8) & (holes >> 16);
            grid_case(r, c, u64::from(h))
        })
        .prop_filter("few enough edges", move |g| {
            g.edges.len() <= max_edges && g.n > 0
        });
    prop_oneof![random, grids]
}

// ---------------------------------------------------------------------------
// Side constraints and a checking selector
// ---------------------------------------------------------------------------

/// Not both variables equal `value`: the "no two adjacent shaded" of
/// Hitori, written with the check only (the engine forward-checks it).
#[derive(Clone, Debug)]
struct NotBoth {
    vars: [VarId; 2],
    value: Value,
}

impl Constraint for NotBoth {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        !(values[0] == self.value && values[1] == self.value)
    }
}

/// The values left for `vars` (all 0/1): bit 0 for 0, bit 1 for 1.
fn masks(domains: &Domains<'_>, vars: &[VarId]) -> Vec<u8> {
    vars.iter()
        .map(|&v| u8::from(domains.contains(v, 0)) | u8::from(domains.contains(v, 1)) << 1)
        .collect()
}

/// Every 0/1 assignment within `masks`, as bitsets (bit i = variable i is 1).
fn assignments(masks: &[u8]) -> impl Iterator<Item = u64> + '_ {
    let free: Vec<usize> = (0..masks.len()).filter(|&i| masks[i] == 3).collect();
    let base: u64 = (0..masks.len())
        .filter(|&i| masks[i] == 2)
        .map(|i| 1u64 << i)
        .sum();
    (0..1u64 << free.len()).map(move |k| {
        let mut a = base;
        for (j, &i) in free.iter().enumerate() {
            if k >> j & 1 == 1 {
                a |= 1 << i;
            }
        }
        a
    })
}

/// Whether the vertices of `set` induce a connected subgraph (a plain
/// flood fill, independent of the library's).
fn connected_set(g: &GraphCase, set: u64) -> bool {
    if set == 0 {
        return true;
    }
    let mut seen = 1u64 << set.trailing_zeros();
    loop {
        let mut grown = seen;
        for &(a, b) in &g.edges {
            if set >> a & 1 == 1 && set >> b & 1 == 1 {
                if seen >> a & 1 == 1 {
                    grown |= 1 << b;
                }
                if seen >> b & 1 == 1 {
                    grown |= 1 << a;
                }
            }
        }
        if grown == seen {
            return seen == set;
        }
        seen = grown;
    }
}

/// `None` if the cells' domains are domain consistent for "connected";
/// otherwise what is wrong.
fn connected_gac_violation(
    g: &GraphCase,
    non_empty: bool,
    domains: &Domains<'_>,
    cells: &[VarId],
) -> Option<String> {
    let m = masks(domains, cells);
    let mut supported = vec![0u8; cells.len()];
    let mut any = false;
    for a in assignments(&m) {
        if (a != 0 || !non_empty) && connected_set(g, a) {
            any = true;
            for (i, s) in supported.iter_mut().enumerate() {
                *s |= 1 << (a >> i & 1);
            }
        }
    }
    if !any {
        return Some(format!("no support at all in {m:?}: should have failed"));
    }
    (supported != m).then(|| format!("domains {m:?}, supported values {supported:?}"))
}

/// A variable selector that checks a property of the domains at every
/// search node (after propagation), records the first violation, and
/// branches on the first, last or middle unfixed variable.
struct Checker<F> {
    check: F,
    vars: Vec<VarId>,
    pick: u8,
    nodes: Mutex<u64>,
    violation: Mutex<Option<String>>,
}

impl<F> std::fmt::Debug for Checker<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker").field("pick", &self.pick).finish()
    }
}

impl<F: Fn(&Domains<'_>) -> Option<String> + Send + Sync> VariableSelector for Checker<F> {
    fn select(&self, domains: &Domains<'_>) -> Option<VarId> {
        *self.nodes.lock().unwrap() += 1;
        if let Some(v) = (self.check)(domains) {
            self.violation.lock().unwrap().get_or_insert(v);
        }
        let unfixed: Vec<VarId> = self
            .vars
            .iter()
            .copied()
            .filter(|&v| !domains.is_fixed(v))
            .collect();
        match self.pick {
            0 => unfixed.first().copied(),
            1 => unfixed.last().copied(),
            _ => unfixed.get(unfixed.len() / 2).copied(),
        }
    }
}

/// Searches `model` for all solutions with a checker on `check`, and
/// returns the number of solutions and the first violation (also checked
/// at the root).
fn count_checked(
    model: &Model,
    vars: &[VarId],
    pick: u8,
    check: impl Fn(&Domains<'_>) -> Option<String> + Send + Sync + 'static,
) -> (u64, Option<String>) {
    let mut root = Solver::new(model);
    if let Ok(d) = root.propagate() {
        if let Some(v) = check(&d) {
            return (0, Some(format!("at the root: {v}")));
        }
    }
    let checker = Arc::new(Checker {
        check,
        vars: vars.to_vec(),
        pick,
        nodes: Mutex::new(0),
        violation: Mutex::new(None),
    });
    let options =
        SearchOptions::default().with_variable_order(VariableOrder::Custom(checker.clone()));
    let count = Solver::with_options(model, options).count(None).count;
    let violation = checker.violation.lock().unwrap().clone();
    (count, violation)
}

// ---------------------------------------------------------------------------
// Connected
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct ConnectedCase {
    graph: GraphCase,
    non_empty: bool,
    /// Per cell: 0 free, 1 fixed to 0, 2 fixed to 1 (mostly free).
    fixes: Vec<u8>,
    /// Side constraints: not both `a` and `b` at `value`.
    side: Vec<(usize, usize, Value)>,
}

fn connected_case() -> impl Strategy<Value = ConnectedCase> {
    graph_case(10, 20).prop_flat_map(|graph| {
        let n = graph.n;
        (
            Just(graph),
            any::<bool>(),
            prop::collection::vec(
                prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
                n,
            ),
            prop::collection::vec((0..n, 0..n, 0..=1), 0..5),
        )
            .prop_map(|(graph, non_empty, fixes, side)| ConnectedCase {
                graph,
                non_empty,
                fixes,
                side,
            })
    })
}

impl ConnectedCase {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let cells = model.new_vars(self.graph.n, 0..=1).unwrap();
        let g = self.graph.graph();
        if self.non_empty {
            model.connected_non_empty(&cells, &g).unwrap();
        } else {
            model.connected(&cells, &g).unwrap();
        }
        for (i, &f) in self.fixes.iter().enumerate() {
            if f > 0 {
                model.fix(cells[i], Value::from(f - 1)).unwrap();
            }
        }
        for &(a, b, value) in &self.side {
            if a != b {
                let vars = [cells[a], cells[b]];
                model.add(NotBoth { vars, value }).unwrap();
            }
        }
        (model, cells)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Exactly the brute-force solutions, under the usual search orders.
    #[test]
    fn connected_matches_brute_force(case in connected_case(), options in search_options()) {
        let (model, _) = case.build();
        check_against_brute_force(&model, options);
    }

    /// Domain consistent at the root and at every node of a search (whose
    /// side constraints wake the constraint again between its own calls),
    /// and the count is right.
    #[test]
    fn connected_is_domain_consistent_at_every_node(case in connected_case(), pick in 0u8..3) {
        let (model, cells) = case.build();
        let expected = brute_force_solutions(&model, 1 << 20).unwrap().len() as u64;
        let g = case.graph.clone();
        let non_empty = case.non_empty;
        let vars = cells.clone();
        let (count, violation) = count_checked(&model, &cells, pick, move |d| {
            connected_gac_violation(&g, non_empty, d, &vars)
        });
        prop_assert_eq!(violation, None);
        prop_assert_eq!(count, expected);
    }
}

/// Connected induced subgraphs (non-empty) of a graph, by brute force.
fn connected_subsets(g: &GraphCase) -> u64 {
    (1..1u64 << g.n).filter(|&s| connected_set(g, s)).count() as u64
}

fn count_connected(g: &GraphCase, non_empty: bool) -> u64 {
    let mut model = Model::new();
    let cells = model.new_vars(g.n, 0..=1).unwrap();
    if non_empty {
        model.connected_non_empty(&cells, &g.graph()).unwrap();
    } else {
        model.connected(&cells, &g.graph()).unwrap();
    }
    Solver::new(&model).count(None).count
}

#[test]
fn connected_subsets_have_their_closed_forms() {
    for n in 1..=12usize {
        let path = GraphCase {
            n,
            edges: (1..n).map(|i| (i - 1, i)).collect(),
        };
        // Intervals of a path: n (n + 1) / 2.
        let want = (n * (n + 1) / 2) as u64;
        assert_eq!(count_connected(&path, true), want, "path {n}");
        assert_eq!(count_connected(&path, false), want + 1, "path {n}");
        if n >= 3 {
            let mut cycle = path.clone();
            cycle.edges.push((n - 1, 0));
            // Arcs of a cycle: n (n - 1) proper ones, plus the whole cycle.
            let want = (n * (n - 1) + 1) as u64;
            assert_eq!(count_connected(&cycle, true), want, "cycle {n}");
        }
        // A star with n leaves: every set holding the centre, plus the leaves alone.
        let star = GraphCase {
            n: n + 1,
            edges: (1..=n).map(|i| (0, i)).collect(),
        };
        assert_eq!(
            count_connected(&star, true),
            (1u64 << n) + n as u64,
            "star {n}"
        );
    }
    for n in 1..=8usize {
        let complete = GraphCase {
            n,
            edges: (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect(),
        };
        assert_eq!(count_connected(&complete, true), (1u64 << n) - 1, "K{n}");
    }
}

#[test]
fn connected_subsets_of_grids_match_brute_force() {
    // Non-empty connected induced subgraphs of the n x n grid: 1, 13, 218
    // (verified here by the independent flood fill), and 2 x n grids.
    let squares: Vec<u64> = (1..=3)
        .map(|n| count_connected(&grid_case(n, n, 0), true))
        .collect();
    assert_eq!(squares, vec![1, 13, 218]);
    for (r, c) in [(2, 2), (3, 3), (2, 5), (3, 4), (4, 4)] {
        let g = grid_case(r, c, 0);
        assert_eq!(count_connected(&g, true), connected_subsets(&g), "{r}x{c}");
    }
    // The same through the grid convenience, holes included.
    let mut model = Model::new();
    let mask = [true, true, true, true, false, true, true, true, true];
    let grid = Grid::with_mask(&mut model, 3, 3, 0..=1, &mask).unwrap();
    model.connected_grid(&grid).unwrap();
    let ring = grid_case(3, 3, 1 << 4);
    assert_eq!(
        Solver::new(&model).count(None).count,
        connected_subsets(&ring) + 1
    );
    assert_eq!(connected_subsets(&ring), 8 * 7 + 1);
}

// ---------------------------------------------------------------------------
// Single loop
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct LoopCase {
    graph: GraphCase,
    with_vertices: bool,
    /// Per edge, then per vertex: 0 free, 1 fixed to 0, 2 fixed to 1.
    fixes: Vec<u8>,
}

fn loop_case() -> impl Strategy<Value = LoopCase> {
    graph_case(9, 14).prop_flat_map(|graph| {
        let (n, m) = (graph.n, graph.edges.len());
        let with_vertices = if n + m <= 18 {
            any::<bool>().boxed()
        } else {
            Just(false).boxed()
        };
        (
            Just(graph),
            with_vertices,
            prop::collection::vec(
                prop_oneof![8 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
                m + n,
            ),
        )
            .prop_map(|(graph, with_vertices, fixes)| LoopCase {
                graph,
                with_vertices,
                fixes,
            })
    })
}

impl LoopCase {
    /// The model, its edge variables and its vertex variables (if any).
    fn build(&self) -> (Model, Vec<VarId>, Vec<VarId>) {
        let mut model = Model::new();
        let m = self.graph.edges.len();
        let edges = model.new_vars(m, 0..=1).unwrap();
        let g = self.graph.graph();
        let vertices = if self.with_vertices {
            let on = model.new_vars(self.graph.n, 0..=1).unwrap();
            model.single_loop_with_vertices(&edges, &g, &on).unwrap();
            on
        } else {
            if m > 0 {
                model.single_loop(&edges, &g).unwrap();
            }
            Vec::new()
        };
        let all: Vec<VarId> = edges.iter().chain(&vertices).copied().collect();
        for (i, &v) in all.iter().enumerate() {
            if self.fixes[i] > 0 {
                model.fix(v, Value::from(self.fixes[i] - 1)).unwrap();
            }
        }
        (model, edges, vertices)
    }
}

/// Whether `a` and `b` are joined by the edges `keep` (a bitset of edges).
fn joined(g: &GraphCase, keep: u64, a: usize, b: usize) -> bool {
    let mut seen = 1u64 << a;
    loop {
        let mut grown = seen;
        for (e, &(x, y)) in g.edges.iter().enumerate() {
            if keep >> e & 1 == 1 {
                if seen >> x & 1 == 1 {
                    grown |= 1 << y;
                }
                if seen >> y & 1 == 1 {
                    grown |= 1 << x;
                }
            }
        }
        if grown == seen {
            return seen >> b & 1 == 1;
        }
        seen = grown;
    }
}

/// Whether `a` and `b` stay joined after removing any one edge of `keep`.
fn two_edge_connected(g: &GraphCase, keep: u64, a: usize, b: usize) -> bool {
    (0..g.edges.len()).all(|e| joined(g, keep & !(1 << e), a, b))
}

/// `None` if the domains are at the fixpoint the single loop's docs
/// describe; otherwise what is wrong.
fn loop_fixpoint_violation(
    g: &GraphCase,
    domains: &Domains<'_>,
    edges: &[VarId],
    vertices: &[VarId],
) -> Option<String> {
    let em = masks(domains, edges);
    let vm = masks(domains, vertices);
    let chosen: u64 = (0..em.len()).filter(|&e| em[e] == 2).map(|e| 1 << e).sum();
    let open: u64 = (0..em.len()).filter(|&e| em[e] == 3).map(|e| 1 << e).sum();
    let live = chosen | open;
    let at = |v: usize, set: u64| {
        g.edges
            .iter()
            .enumerate()
            .filter(|&(e, &(a, b))| set >> e & 1 == 1 && (a == v || b == v))
            .count()
    };
    let state = format!("edges {em:?}, vertices {vm:?}");
    let required: Vec<usize> = (0..vm.len()).filter(|&v| vm[v] == 2).collect();
    if live == 0 {
        return Some(format!("no edge left: should have failed: {state}"));
    }
    // 1. Degrees.
    for v in 0..g.n {
        let (c, o) = (at(v, chosen), at(v, open));
        let y = vm.get(v).copied();
        let bad = c > 2
            || (c == 2 && o > 0)
            || (c == 1 && o < 2)
            || (c == 0 && o == 1)
            || (y == Some(1) && c + o > 0)
            || (y == Some(2) && (c + o < 2 || (c == 0 && o == 2)))
            || (y == Some(3) && (c > 0 || c + o == 0));
        if bad {
            return Some(format!("degree rule at vertex {v} (c {c}, o {o}): {state}"));
        }
    }
    // 2. Subtours: a chosen cycle leaves nothing open; no open edge closes
    // a path that misses a chosen edge or a required vertex.
    for e in 0..em.len() {
        if chosen >> e & 1 == 1 {
            let (a, b) = g.edges[e];
            if joined(g, chosen & !(1 << e), a, b) && open != 0 {
                return Some(format!("a closed loop with open edges left: {state}"));
            }
        }
        if open >> e & 1 == 1 {
            let (a, b) = g.edges[e];
            if joined(g, chosen, a, b) {
                let all_edges = (0..em.len())
                    .filter(|&f| chosen >> f & 1 == 1)
                    .all(|f| joined(g, chosen, a, g.edges[f].0));
                let all_vertices = required.iter().all(|&v| joined(g, chosen, a, v));
                if !(all_edges && all_vertices) {
                    return Some(format!("open edge {e} closes a premature loop: {state}"));
                }
            }
        }
    }
    // 2b. A vertex on no path keeps no open edge whose every partner at
    // it would close a path through it too early.
    let other = |e: usize, x: usize| {
        let (a, b) = g.edges[e];
        if a == x { b } else { a }
    };
    for x in 0..g.n {
        if at(x, chosen) != 0 || vm.get(x) == Some(&3) {
            continue;
        }
        let here: Vec<usize> = (0..em.len())
            .filter(|&e| open >> e & 1 == 1 && (g.edges[e].0 == x || g.edges[e].1 == x))
            .collect();
        if here.len() < 2 {
            continue;
        }
        let closes = |e: usize, f: usize| {
            let (a, b) = (other(e, x), other(f, x));
            a != b && joined(g, chosen, a, b) && {
                let all_edges = (0..em.len())
                    .filter(|&h| chosen >> h & 1 == 1)
                    .all(|h| joined(g, chosen, a, g.edges[h].0));
                let all_vertices = required.iter().all(|&v| v == x || joined(g, chosen, a, v));
                !(all_edges && all_vertices)
            }
        };
        for &e in &here {
            if here.iter().all(|&f| f == e || closes(e, f)) {
                return Some(format!(
                    "open edge {e} at vertex {x} closes a path with every partner: {state}"
                ));
            }
        }
    }
    if open == 0 {
        return None;
    }
    // 3. Bridges and the home piece.
    for e in 0..em.len() {
        if live >> e & 1 == 1 {
            let (a, b) = g.edges[e];
            if !joined(g, live & !(1 << e), a, b) {
                return Some(format!("edge {e} is a bridge: {state}"));
            }
        }
    }
    let demand: Vec<usize> = (0..em.len())
        .filter(|&e| chosen >> e & 1 == 1)
        .map(|e| g.edges[e].0)
        .chain(required.iter().copied())
        .collect();
    if let Some(&home) = demand.first() {
        for &d in &demand {
            if !two_edge_connected(g, live, home, d) {
                return Some(format!("loop parts in two pieces should fail: {state}"));
            }
        }
        for e in 0..em.len() {
            if open >> e & 1 == 1 && !two_edge_connected(g, live, home, g.edges[e].0) {
                return Some(format!("open edge {e} outside the loop's piece: {state}"));
            }
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Exactly the brute-force solutions, under the usual search orders.
    #[test]
    fn single_loop_matches_brute_force(case in loop_case(), options in search_options()) {
        let (model, _, _) = case.build();
        check_against_brute_force(&model, options);
    }

    /// At the root and at every search node the domains are at the
    /// fixpoint the docs describe, and the count is right.
    #[test]
    fn single_loop_reaches_its_fixpoint_at_every_node(case in loop_case(), pick in 0u8..3) {
        let (model, edges, vertices) = case.build();
        if edges.is_empty() {
            return Ok(());
        }
        let expected = brute_force_solutions(&model, 1 << 20).unwrap().len() as u64;
        let g = case.graph.clone();
        let all: Vec<VarId> = edges.iter().chain(&vertices).copied().collect();
        let (count, violation) = count_checked(&model, &all, pick, move |d| {
            loop_fixpoint_violation(&g, d, &edges, &vertices)
        });
        prop_assert_eq!(violation, None);
        prop_assert_eq!(count, expected);
    }
}

fn count_loops(g: &GraphCase, hamiltonian: bool) -> u64 {
    let mut model = Model::new();
    let edges = model.new_vars(g.edges.len(), 0..=1).unwrap();
    if hamiltonian {
        let on = model.new_vars(g.n, 1..=1).unwrap();
        model
            .single_loop_with_vertices(&edges, &g.graph(), &on)
            .unwrap();
    } else {
        model.single_loop(&edges, &g.graph()).unwrap();
    }
    Solver::new(&model).count(None).count
}

fn complete(n: usize) -> GraphCase {
    GraphCase {
        n,
        edges: (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect(),
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

#[test]
fn loops_have_their_closed_forms() {
    // A ladder of 1 x n cells: a loop is the boundary of a run of cells.
    for n in 1..=10usize {
        let g = grid_case(2, n + 1, 0);
        assert_eq!(
            count_loops(&g, false),
            (n * (n + 1) / 2) as u64,
            "ladder {n}"
        );
        // Exactly one Hamiltonian cycle: the outer boundary.
        assert_eq!(count_loops(&g, true), 1, "ladder {n}");
    }
    // K_n: C(n, k) (k - 1)! / 2 cycles of each length k >= 3; (n - 1)! / 2
    // Hamiltonian ones.
    for n in 3..=7u64 {
        let g = complete(n as usize);
        let want: u64 = (3..=n).map(|k| binomial(n, k) * factorial(k - 1) / 2).sum();
        assert_eq!(count_loops(&g, false), want, "K{n}");
        assert_eq!(count_loops(&g, true), factorial(n - 1) / 2, "K{n}");
    }
    // A cycle graph has one cycle; a tree none.
    let mut ring = grid_case(1, 7, 0);
    ring.edges.push((6, 0));
    assert_eq!(count_loops(&ring, false), 1);
    assert_eq!(count_loops(&grid_case(1, 7, 0), false), 0);
}

#[test]
fn loops_on_square_lattices_match_oeis() {
    // Cycles of the grid graph of (n + 1) x (n + 1) points, i.e. the loops
    // of an n x n Slitherlink without clues: OEIS A140517 (1, 13, 213, 9349).
    let want = [1, 13, 213, 9349];
    for (n, &w) in (1..=4).zip(&want) {
        let mut model = Model::new();
        let lattice = LoopLattice::around_cells(&mut model, n, n).unwrap();
        model.single_loop(lattice.edges(), lattice.graph()).unwrap();
        assert_eq!(Solver::new(&model).count(None).count, w, "{n}x{n} cells");
    }
    // Hamiltonian cycles of the 2n x 2n grid of points: OEIS A003763
    // (1, 6, 1072).
    for (n, w) in [(2usize, 1u64), (4, 6), (6, 1072)] {
        let g = grid_case(n, n, 0);
        assert_eq!(count_loops(&g, true), w, "{n}x{n} points");
    }
    // Odd numbers of points have no Hamiltonian cycle (the grid is bipartite).
    assert_eq!(count_loops(&grid_case(3, 3, 0), true), 0);
    assert_eq!(count_loops(&grid_case(3, 5, 0), true), 0);
}

#[test]
fn small_loop_counts_match_brute_force() {
    for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (2, 6)] {
        let g = grid_case(r, c, 0);
        let mut model = Model::new();
        let edges = model.new_vars(g.edges.len(), 0..=1).unwrap();
        model.single_loop(&edges, &g.graph()).unwrap();
        let brute = brute_force_solutions(&model, 1 << 20).unwrap().len() as u64;
        assert_eq!(Solver::new(&model).count(None).count, brute, "{r}x{c}");
    }
}
