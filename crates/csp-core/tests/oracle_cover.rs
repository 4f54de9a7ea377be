//! The `ItemCover` constraint (placements of pieces, issue 37) against the
//! brute-force oracle at every strength (which also runs the model with
//! learning on and checks every explanation the constraint gives), and at
//! its claimed strength.
//!
//! - random 0/1 placements on random items with random bounds;
//! - literals (`==`, `!=`, `<=`, `>=`) over a few shared variables, as
//!   Magnets' dominoes are (one variable per domino, its values the
//!   polarities), on items with random bounds;
//! - dominoes on small boards with holes, every cell covered once or at
//!   most once, and random fixings;
//! - the counting rule is domain consistent on one item of distinct 0/1
//!   placements under random assumptions, as the module docs claim.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::{brute_force_solutions, check_against_brute_force};
use csp_core::{CoverItem, CoverStrength, Literal, Model, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;

fn strength() -> impl Strategy<Value = CoverStrength> {
    prop_oneof![
        Just(CoverStrength::Counting),
        Just(CoverStrength::Variables),
        Just(CoverStrength::Overlap),
    ]
}

/// An item as data: the placements (a bitset) and its bounds.
#[derive(Clone, Debug)]
struct ItemCase {
    set: u32,
    min: u32,
    max: u32,
}

impl ItemCase {
    fn item(&self, np: usize) -> CoverItem {
        let places: Vec<usize> = (0..np).filter(|&p| self.set >> p & 1 == 1).collect();
        CoverItem::between(places, self.min, self.max)
    }
}

fn item_case(np: usize) -> impl Strategy<Value = ItemCase> {
    (0u32..1 << np, 0u32..=3, 0u32..=2).prop_map(|(set, min, extra)| ItemCase {
        set,
        min: min.min(set.count_ones()),
        max: min.min(set.count_ones()) + extra,
    })
}

// ---------------------------------------------------------------------------
// 0/1 placements
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct BoolCase {
    np: usize,
    items: Vec<ItemCase>,
    /// Per placement: 0 free, 1 fixed at 0, 2 fixed at 1.
    fixes: Vec<u8>,
}

fn bool_case() -> impl Strategy<Value = BoolCase> {
    (1usize..=9).prop_flat_map(|np| {
        (
            Just(np),
            prop::collection::vec(item_case(np), 1..=5),
            prop::collection::vec(
                prop_oneof![8 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
                np,
            ),
        )
            .prop_map(|(np, items, fixes)| BoolCase { np, items, fixes })
    })
}

impl BoolCase {
    fn build(&self, strength: CoverStrength) -> Model {
        let mut m = Model::new();
        let x = m.new_bools(self.np).unwrap();
        let items: Vec<CoverItem> = self.items.iter().map(|i| i.item(self.np)).collect();
        m.cover_with(&x, &items, strength).unwrap();
        for (&v, &f) in x.iter().zip(&self.fixes) {
            if f > 0 {
                m.fix(v, Value::from(f - 1)).unwrap();
            }
        }
        m
    }
}

// ---------------------------------------------------------------------------
// Literals over shared variables
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct LiteralCase {
    /// Per variable, its largest value (domains `0..=top`).
    tops: Vec<Value>,
    /// Per placement: variable, kind (0 `==`, 1 `!=`, 2 `<=`, 3 `>=`), value.
    places: Vec<(usize, u8, Value)>,
    items: Vec<ItemCase>,
}

fn literal_case() -> impl Strategy<Value = LiteralCase> {
    (prop::collection::vec(1 as Value..=3, 1..=4), 1usize..=8).prop_flat_map(|(tops, np)| {
        let nv = tops.len();
        (
            Just(tops),
            prop::collection::vec(
                (
                    0..nv,
                    prop_oneof![5 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8)],
                    0 as Value..=3,
                ),
                np,
            ),
            prop::collection::vec(item_case(np), 1..=4),
        )
            .prop_map(|(tops, places, items)| LiteralCase {
                tops,
                places,
                items,
            })
    })
}

impl LiteralCase {
    fn build(&self, strength: CoverStrength) -> Model {
        let mut m = Model::new();
        let vars: Vec<VarId> = self
            .tops
            .iter()
            .map(|&t| m.new_var(0..=t).unwrap())
            .collect();
        let lits: Vec<Literal> = self
            .places
            .iter()
            .map(|&(v, kind, x)| match kind {
                0 => Literal::eq(vars[v], x),
                1 => Literal::ne(vars[v], x),
                2 => Literal::le(vars[v], x),
                _ => Literal::ge(vars[v], x),
            })
            .collect();
        let items: Vec<CoverItem> = self.items.iter().map(|i| i.item(lits.len())).collect();
        m.cover_with(&lits, &items, strength).unwrap();
        m
    }
}

// ---------------------------------------------------------------------------
// Dominoes
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct DominoCase {
    rows: usize,
    cols: usize,
    /// Per cell: 0 covered exactly once, 1 at most once, 2 a hole.
    kinds: Vec<u8>,
    /// Per placement (up to the count): 0 free, 1 fixed at 0, 2 fixed at 1.
    fixes: Vec<u8>,
}

fn domino_case() -> impl Strategy<Value = DominoCase> {
    (1usize..=3, 2usize..=4).prop_flat_map(|(rows, cols)| {
        (
            Just(rows),
            Just(cols),
            prop::collection::vec(
                prop_oneof![6 => Just(0u8), 2 => Just(1u8), 1 => Just(2u8)],
                rows * cols,
            ),
            prop::collection::vec(
                prop_oneof![10 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
                17,
            ),
        )
            .prop_map(|(rows, cols, kinds, fixes)| DominoCase {
                rows,
                cols,
                kinds,
                fixes,
            })
    })
}

impl DominoCase {
    fn build(&self, strength: CoverStrength) -> Option<Model> {
        let (rows, cols) = (self.rows, self.cols);
        let open = |i: usize| self.kinds[i] != 2;
        let mut places = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if c + 1 < cols && open(i) && open(i + 1) {
                    places.push((i, i + 1));
                }
                if r + 1 < rows && open(i) && open(i + cols) {
                    places.push((i, i + cols));
                }
            }
        }
        if places.is_empty() {
            return None;
        }
        let mut cells = vec![Vec::new(); rows * cols];
        for (p, &(a, b)) in places.iter().enumerate() {
            cells[a].push(p);
            cells[b].push(p);
        }
        let items: Vec<CoverItem> = cells
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| open(i))
            .map(|(i, c)| {
                if self.kinds[i] == 0 {
                    CoverItem::exactly(c, 1)
                } else {
                    CoverItem::at_most(c, 1)
                }
            })
            .collect();
        let mut m = Model::new();
        let x = m.new_bools(places.len()).unwrap();
        m.cover_with(&x, &items, strength).unwrap();
        for (&v, &f) in x.iter().zip(&self.fixes) {
            if f > 0 {
                m.fix(v, Value::from(f - 1)).unwrap();
            }
        }
        Some(m)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn cover_bools_match_brute_force(case in bool_case(), s in strength(), options in search_options()) {
        check_against_brute_force(&case.build(s), options);
    }

    #[test]
    fn cover_literals_match_brute_force(case in literal_case(), s in strength(), options in search_options()) {
        check_against_brute_force(&case.build(s), options);
    }

    #[test]
    fn cover_dominoes_match_brute_force(case in domino_case(), s in strength(), options in search_options()) {
        if let Some(model) = case.build(s) {
            check_against_brute_force(&model, options);
        }
    }

    /// One item over distinct 0/1 placements: after propagation under any
    /// assumptions, every value left has a support (the counting rule is
    /// domain consistent there), at every strength.
    #[test]
    fn one_item_is_domain_consistent(
        np in 1usize..=8,
        min in 0u32..=4,
        extra in 0u32..=2,
        order in prop::collection::vec((0usize..8, 0 as Value..=1), 0..8),
        s in strength(),
    ) {
        let mut m = Model::new();
        let x = m.new_bools(np).unwrap();
        let min = min.min(np as u32);
        m.cover_with(&x, &[CoverItem::between((0..np).collect::<Vec<_>>(), min, min + extra)], s)
            .unwrap();
        let solutions = brute_force_solutions(&m, 1 << 12).unwrap();
        let order: Vec<(VarId, Value)> = order.iter().filter(|&&(v, _)| v < np).map(|&(v, b)| (x[v], b)).collect();
        let mut solver = Solver::new(&m);
        for k in 0..=order.len() {
            let assumed = &order[..k];
            solver.set_assumptions(assumed).unwrap();
            let agreeing: Vec<&Vec<Value>> = solutions
                .iter()
                .filter(|s| assumed.iter().all(|&(v, b)| s[v.index()] == b))
                .collect();
            match solver.propagate() {
                Ok(d) => {
                    for &v in &x {
                        for b in d.iter(v) {
                            prop_assert!(
                                agreeing.iter().any(|s| s[v.index()] == b),
                                "under {assumed:?}: {v:?} = {b} left without support"
                            );
                        }
                    }
                }
                Err(_) => prop_assert!(agreeing.is_empty(), "failed under {assumed:?} with solutions"),
            }
        }
    }
}

/// The dominoes of a `rows x cols` board as exact-cover items.
fn tiling_items(rows: usize, cols: usize) -> (usize, Vec<Vec<usize>>) {
    let mut np = 0;
    let mut cells = vec![Vec::new(); rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if c + 1 < cols {
                cells[i].push(np);
                cells[i + 1].push(np);
                np += 1;
            }
            if r + 1 < rows {
                cells[i].push(np);
                cells[i + cols].push(np);
                np += 1;
            }
        }
    }
    (np, cells)
}

/// Domino tilings of m x n boards have a closed form (Kasteleyn, 1961;
/// OEIS A099390 tabulates them): each strength counts them all, with and
/// without learning.
#[test]
fn tilings_have_their_known_counts() {
    for (rows, cols, tilings) in [
        (2, 8, 34),
        (3, 6, 41),
        (4, 5, 95),
        (4, 6, 281),
        (6, 6, 6728),
    ] {
        for s in CoverStrength::ALL {
            let (np, cells) = tiling_items(rows, cols);
            let mut m = Model::new();
            let x = m.new_bools(np).unwrap();
            let items: Vec<CoverItem> = cells
                .into_iter()
                .map(|c| CoverItem::exactly(c, 1))
                .collect();
            m.cover_with(&x, &items, s).unwrap();
            assert_eq!(
                Solver::new(&m).count(None).count,
                tilings,
                "{rows}x{cols} {s:?}"
            );
            let learning = csp_core::SearchOptions::default().learning();
            assert_eq!(
                Solver::with_options(&m, learning).count(None).count,
                tilings,
                "{rows}x{cols} {s:?} with learning"
            );
        }
    }
}

/// Each strength prunes at least as much as the one before it.
#[test]
fn stronger_strengths_prune_at_least_as_much() {
    let (np, cells) = tiling_items(3, 4);
    let mut sizes = Vec::new();
    for s in CoverStrength::ALL {
        let mut m = Model::new();
        let x = m.new_bools(np).unwrap();
        let items: Vec<CoverItem> = cells
            .iter()
            .map(|c| CoverItem::exactly(c.clone(), 1))
            .collect();
        m.cover_with(&x, &items, s).unwrap();
        // The horizontal domino on cells 1, 2 (placement 2) is chosen.
        m.fix(x[2], 1).unwrap();
        let mut solver = Solver::new(&m);
        let d = solver.propagate().unwrap();
        sizes.push(x.iter().map(|&v| d.size(v)).sum::<u32>());
    }
    assert!(sizes.windows(2).all(|w| w[1] <= w[0]), "{sizes:?}");
}
