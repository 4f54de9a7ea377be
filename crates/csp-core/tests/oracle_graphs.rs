//! The graph constraints of issue 37 against the brute-force oracle (which
//! also checks every explanation they give for learning) and at their
//! claimed strength.
//!
//! - `Acyclic` on random small graphs and grid lattices: 0/1 edges (domain
//!   consistent after propagation under random partial assignments, as its
//!   docs claim), Slant's complementary pairs of diagonals over one
//!   variable (domain consistent too), and literals over wider shared
//!   variables (exact solutions only); counts with closed forms (forests
//!   of complete graphs, OEIS A001858; of cycles, 2^n - 1).

#[path = "support/problems.rs"]
mod problems;

use csp_core::graph::Graph;
use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{Domains, Literal, Model, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;

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

/// Random simple graphs on `2..=max_n` vertices with at most `max_edges`
/// edges (each pair kept with probability about one half).
fn graph_case(max_n: usize, max_edges: usize) -> impl Strategy<Value = GraphCase> {
    (2..=max_n).prop_flat_map(move |n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let count = pairs.len();
        prop::collection::vec(any::<bool>(), count).prop_map(move |keep| {
            let edges: Vec<(usize, usize)> = pairs
                .iter()
                .zip(&keep)
                .filter(|(_, k)| **k)
                .map(|(&p, _)| p)
                .take(max_edges)
                .collect();
            GraphCase { n, edges }
        })
    })
}

/// Whether the edges `set` (a bitset over `g.edges`) form a forest (an
/// independent union-find).
fn is_forest(g: &GraphCase, set: u64) -> bool {
    let mut root: Vec<usize> = (0..g.n).collect();
    fn find(root: &mut [usize], mut v: usize) -> usize {
        while root[v] != v {
            v = root[v];
        }
        v
    }
    for (e, &(a, b)) in g.edges.iter().enumerate() {
        if set >> e & 1 == 1 {
            let (ra, rb) = (find(&mut root, a), find(&mut root, b));
            if ra == rb {
                return false;
            }
            root[ra] = rb;
        }
    }
    true
}

/// The values left for 0/1 `vars`: bit 0 for 0, bit 1 for 1.
fn masks(domains: &Domains<'_>, vars: &[VarId]) -> Vec<u8> {
    vars.iter()
        .map(|&v| u8::from(domains.contains(v, 0)) | u8::from(domains.contains(v, 1)) << 1)
        .collect()
}

/// `None` if every value left is used by some forest within the domains
/// (each variable `x` of `vars` chooses edge `on1[x]` at 1 and edge
/// `on0[x]` at 0, either possibly none).
fn forest_gac_violation(
    g: &GraphCase,
    domains: &Domains<'_>,
    vars: &[VarId],
    on1: &[Option<usize>],
    on0: &[Option<usize>],
) -> Option<String> {
    let m = masks(domains, vars);
    let free: Vec<usize> = (0..m.len()).filter(|&i| m[i] == 3).collect();
    let mut supported = vec![0u8; m.len()];
    let mut any = false;
    for k in 0..1u64 << free.len() {
        let value = |i: usize| match m[i] {
            1 => 0,
            2 => 1,
            _ => (k >> free.iter().position(|&f| f == i).unwrap_or(0)) & 1,
        };
        let mut set = 0u64;
        for i in 0..m.len() {
            let e = if value(i) == 1 { on1[i] } else { on0[i] };
            if let Some(e) = e {
                set |= 1 << e;
            }
        }
        if is_forest(g, set) {
            any = true;
            for (i, s) in supported.iter_mut().enumerate() {
                *s |= 1 << value(i);
            }
        }
    }
    if !any {
        return Some(format!("no support in {m:?}: should have failed"));
    }
    (supported != m).then(|| format!("domains {m:?}, supported values {supported:?}"))
}

/// Root propagation under each prefix of `order` (variable, value) pairs,
/// less those outside the model's domains (a fixed variable): the first
/// violation of `check`, if any. Failing propagation must mean no solution
/// agrees with the assumptions.
fn check_under_assumptions(
    model: &Model,
    order: &[(VarId, Value)],
    check: impl Fn(&Domains<'_>) -> Option<String>,
) -> Option<String> {
    let initial = model.initial_domains();
    let order: Vec<(VarId, Value)> = order
        .iter()
        .copied()
        .filter(|&(v, x)| initial.contains(v, x))
        .collect();
    let solutions = brute_force_solutions(model, 1 << 20).expect("small");
    let mut solver = Solver::new(model);
    for k in 0..=order.len() {
        let assumed = &order[..k];
        solver.set_assumptions(assumed).expect("in the domains");
        let agreeing = solutions
            .iter()
            .any(|s| assumed.iter().all(|&(v, x)| s[v.index()] == x));
        match solver.propagate() {
            Ok(d) => {
                if let Some(v) = check(&d) {
                    return Some(format!("under {assumed:?}: {v}"));
                }
            }
            Err(_) if agreeing => return Some(format!("failed under {assumed:?} with solutions")),
            Err(_) => {}
        }
    }
    None
}

// ---------------------------------------------------------------------------
// Acyclic
// ---------------------------------------------------------------------------

/// One 0/1 variable per edge, with random fixings (0 free, 1 at 0, 2 at 1).
#[derive(Clone, Debug)]
struct ForestCase {
    graph: GraphCase,
    fixes: Vec<u8>,
    /// Assumptions tried in order: (edge, value).
    order: Vec<(usize, u8)>,
}

fn forest_case() -> impl Strategy<Value = ForestCase> {
    graph_case(7, 12).prop_flat_map(|graph| {
        let m = graph.edges.len().max(1);
        (
            Just(graph),
            prop::collection::vec(
                prop_oneof![6 => Just(0u8), 1 => Just(1u8), 2 => Just(2u8)],
                m,
            ),
            prop::collection::vec((0..m, 0u8..2), 0..8),
        )
            .prop_map(|(graph, fixes, order)| ForestCase {
                graph,
                fixes,
                order,
            })
    })
}

impl ForestCase {
    fn build(&self) -> Option<(Model, Vec<VarId>)> {
        let m = self.graph.edges.len();
        if m == 0 {
            return None;
        }
        let mut model = Model::new();
        let edges = model.new_bools(m).unwrap();
        model.acyclic(&edges, &self.graph.graph()).unwrap();
        for (e, &f) in edges.iter().zip(&self.fixes) {
            if f > 0 {
                model.fix(*e, Value::from(f - 1)).unwrap();
            }
        }
        Some((model, edges))
    }
}

/// Slant's cells: each variable chooses one of two edges (`x == 1` the
/// first, `x == 0` the second) of a lattice of points; random cells of a
/// small board.
#[derive(Clone, Debug)]
struct SlantCase {
    rows: usize,
    cols: usize,
    fixes: Vec<u8>,
    order: Vec<(usize, u8)>,
}

fn slant_case() -> impl Strategy<Value = SlantCase> {
    (1..=3usize, 1..=4usize).prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        (
            Just(rows),
            Just(cols),
            prop::collection::vec(
                prop_oneof![5 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
                n,
            ),
            prop::collection::vec((0..n, 0u8..2), 0..8),
        )
            .prop_map(|(rows, cols, fixes, order)| SlantCase {
                rows,
                cols,
                fixes,
                order,
            })
    })
}

impl SlantCase {
    /// The model, the cell variables, the graph, and per cell its `\` and
    /// `/` edges.
    fn build(&self) -> (Model, Vec<VarId>, GraphCase) {
        let (rows, cols) = (self.rows, self.cols);
        let point = |r: usize, c: usize| r * (cols + 1) + c;
        let mut model = Model::new();
        let cells = model.new_bools(rows * cols).unwrap();
        let mut edges = Vec::new();
        let mut lits = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let x = cells[r * cols + c];
                edges.push((point(r, c), point(r + 1, c + 1)));
                lits.push(Literal::eq(x, 1));
                edges.push((point(r, c + 1), point(r + 1, c)));
                lits.push(Literal::eq(x, 0));
            }
        }
        let g = GraphCase {
            n: (rows + 1) * (cols + 1),
            edges,
        };
        model.acyclic_literals(&lits, &g.graph()).unwrap();
        for (x, &f) in cells.iter().zip(&self.fixes) {
            if f > 0 {
                model.fix(*x, Value::from(f - 1)).unwrap();
            }
        }
        (model, cells, g)
    }
}

/// Literals over shared variables of three values: each edge is chosen by
/// `x == v`, `x <= v` or `x >= v` of one of a few variables.
#[derive(Clone, Debug)]
struct SharedCase {
    graph: GraphCase,
    vars: usize,
    picks: Vec<(usize, u8, i32)>,
}

fn shared_case() -> impl Strategy<Value = SharedCase> {
    (graph_case(6, 9), 1..=5usize).prop_flat_map(|(graph, vars)| {
        let m = graph.edges.len();
        (
            Just(graph),
            Just(vars),
            prop::collection::vec((0..vars, 0u8..3, 0i32..3), m),
        )
            .prop_map(|(graph, vars, picks)| SharedCase { graph, vars, picks })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// 0/1 edges: exactly the brute-force solutions (and sound explanations).
    #[test]
    fn acyclic_matches_brute_force(case in forest_case(), options in search_options()) {
        if let Some((model, _)) = case.build() {
            check_against_brute_force(&model, options);
        }
    }

    /// 0/1 edges: domain consistent after propagation, under a sequence of
    /// assumptions.
    #[test]
    fn acyclic_is_domain_consistent(case in forest_case()) {
        let Some((model, edges)) = case.build() else { return Ok(()) };
        let m = edges.len();
        let on1: Vec<Option<usize>> = (0..m).map(Some).collect();
        let on0 = vec![None; m];
        let order: Vec<(VarId, Value)> = case
            .order
            .iter()
            .map(|&(e, v)| (edges[e % m], Value::from(v)))
            .collect();
        let g = case.graph.clone();
        let violation = check_under_assumptions(&model, &order, |d| {
            forest_gac_violation(&g, d, &edges, &on1, &on0)
        });
        prop_assert_eq!(violation, None);
    }

    /// Slant's diagonals over one variable per cell: exact and domain
    /// consistent.
    #[test]
    fn acyclic_slant_cells(case in slant_case(), options in search_options()) {
        let (model, cells, g) = case.build();
        check_against_brute_force(&model, options);
        let n = cells.len();
        let on1: Vec<Option<usize>> = (0..n).map(|i| Some(2 * i)).collect();
        let on0: Vec<Option<usize>> = (0..n).map(|i| Some(2 * i + 1)).collect();
        let order: Vec<(VarId, Value)> = case
            .order
            .iter()
            .map(|&(i, v)| (cells[i % n], Value::from(v)))
            .collect();
        let violation = check_under_assumptions(&model, &order, |d| {
            forest_gac_violation(&g, d, &cells, &on1, &on0)
        });
        prop_assert_eq!(violation, None);
    }

    /// Literals over shared three-valued variables: exactly the brute-force
    /// solutions.
    #[test]
    fn acyclic_shared_literals(case in shared_case(), options in search_options()) {
        if case.graph.edges.is_empty() {
            return Ok(());
        }
        let mut model = Model::new();
        let xs = model.new_vars(case.vars, 0..=2).unwrap();
        let lits: Vec<Literal> = case
            .picks
            .iter()
            .map(|&(x, kind, v)| match kind {
                0 => Literal::eq(xs[x], v),
                1 => Literal::le(xs[x], v),
                _ => Literal::ge(xs[x], v),
            })
            .collect();
        model.acyclic_literals(&lits, &case.graph.graph()).unwrap();
        check_against_brute_force(&model, options);
    }
}

fn count_forests(g: &GraphCase) -> u64 {
    let mut model = Model::new();
    let edges = model.new_bools(g.edges.len()).unwrap();
    model.acyclic(&edges, &g.graph()).unwrap();
    Solver::new(&model).count(None).count
}

#[test]
fn forests_have_their_closed_forms() {
    // Forests of K_n: OEIS A001858 (1, 2, 7, 38, 291, 2932).
    let want = [1u64, 2, 7, 38, 291, 2932];
    for (n, &w) in (1..=6usize).zip(&want) {
        let g = GraphCase {
            n,
            edges: (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect(),
        };
        if g.edges.is_empty() {
            continue;
        }
        assert_eq!(count_forests(&g), w, "K{n}");
    }
    // A cycle of n edges: every subset but the whole cycle.
    for n in 3..=12usize {
        let g = GraphCase {
            n,
            edges: (0..n).map(|i| (i, (i + 1) % n)).collect(),
        };
        assert_eq!(count_forests(&g), (1u64 << n) - 1, "C{n}");
    }
    // Slant fillings of a 2 x 2 board: all 16 but the diamond.
    let case = SlantCase {
        rows: 2,
        cols: 2,
        fixes: vec![0; 4],
        order: Vec::new(),
    };
    assert_eq!(Solver::new(&case.build().0).count(None).count, 15);
}

/// A case proptest found: with learning, the last solution is forced by a
/// learned unit clause, and flipping the decision that found it must
/// end the search (the flipped literal is already false), not fail with a
/// reason that was never true.
#[test]
fn a_flip_the_learned_units_exclude_ends_the_search() {
    let g = Graph::new(5, &[(0, 3), (0, 4), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]).unwrap();
    let mut model = Model::new();
    let x = model.new_vars(2, 0..=2).unwrap();
    let lits = [
        Literal::le(x[0], 1),
        Literal::ge(x[0], 0),
        Literal::ge(x[0], 0),
        Literal::le(x[1], 1),
        Literal::ge(x[0], 0),
        Literal::ge(x[1], 1),
        Literal::ge(x[1], 1),
    ];
    model.acyclic_literals(&lits, &g).unwrap();
    let options = csp_core::SearchOptions::default()
        .with_variable_order(csp_core::VariableOrder::Input)
        .with_value_order(csp_core::ValueOrder::Random {
            seed: 9125460933757988383,
        });
    assert_eq!(check_against_brute_force(&model, options), 1);
}
