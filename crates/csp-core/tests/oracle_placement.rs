//! The placement constraint (`Model::placement`) against the brute-force
//! oracle (`check_against_brute_force`, which also runs the model with
//! learning on and checks every explanation the constraint gives), on small
//! random instances, and at its claimed strength:
//!
//! - Shikaku-like grids (`Cover::Exactly`, rectangles from `rectangles`),
//!   planted from a random cut into rectangles and with random clues;
//! - LITS-like grids (`Cover::AtMost`, polyominoes from `polyominoes` in
//!   random regions, tagged by shape);
//! - arbitrary placements (random cell sets) with random cell domains,
//!   random tags and both covers;
//! - one piece alone is domain consistent: root propagation leaves exactly
//!   the values some solution uses.

#[path = "support/problems.rs"]
mod problems;

use csp_core::constraints::placement::{Cover, Piece, polyominoes, rectangles};
use csp_core::testing::{
    MAX_BRUTE_FORCE_ASSIGNMENTS, brute_force_solutions, check_against_brute_force,
};
use csp_core::{Model, Solver, Value, VarId};
use problems::search_options;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The number of assignments brute force would try on `model`.
fn assignments(model: &Model) -> u64 {
    let d = model.initial_domains();
    model
        .vars()
        .map(|x| u64::from(d.size(x)))
        .try_fold(1u64, |acc, s| acc.checked_mul(s))
        .unwrap_or(u64::MAX)
}

// ---------------------------------------------------------------------------
// Shikaku-like: rectangles, exact cover
// ---------------------------------------------------------------------------

/// Clues as (cell, area) on a `rows x cols` grid.
#[derive(Clone, Debug)]
struct ShikakuCase {
    rows: usize,
    cols: usize,
    clues: Vec<(usize, usize)>,
}

fn grid() -> impl Strategy<Value = (usize, usize)> {
    (1..=4usize, 1..=4usize).prop_filter("small enough", |(r, c)| r * c <= 12)
}

/// Random clues (areas 1-5) on about a third of the cells.
fn shikaku_case() -> impl Strategy<Value = ShikakuCase> {
    grid().prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        prop::collection::vec(prop::sample::select(vec![0usize, 0, 0, 1, 2, 3, 4, 5]), n).prop_map(
            move |marks| ShikakuCase {
                rows,
                cols,
                clues: (0..n)
                    .filter(|&i| marks[i] > 0)
                    .map(|i| (i, marks[i]))
                    .collect(),
            },
        )
    })
}

/// Planted: the grid cut into rectangles by a random guillotine cut (each
/// piece split across or down at a random place, or kept), a clue of its
/// area at one of its cells.
fn planted_shikaku_case() -> impl Strategy<Value = ShikakuCase> {
    grid().prop_flat_map(|(rows, cols)| {
        prop::collection::vec(any::<u32>(), 64).prop_map(move |choices| {
            let mut next = choices.into_iter().cycle();
            let mut todo = vec![(0, 0, rows, cols)];
            let mut clues = Vec::new();
            while let Some((top, left, h, w)) = todo.pop() {
                let c = next.next().unwrap_or(0) as usize;
                if h * w > 1 && c % 3 != 0 {
                    let across = (c / 3) % 2 == 0;
                    if across && h > 1 {
                        let cut = 1 + c / 6 % (h - 1);
                        todo.push((top, left, cut, w));
                        todo.push((top + cut, left, h - cut, w));
                        continue;
                    } else if w > 1 {
                        let cut = 1 + c / 6 % (w - 1);
                        todo.push((top, left, h, cut));
                        todo.push((top, left + cut, h, w - cut));
                        continue;
                    }
                }
                let at = next.next().unwrap_or(0) as usize % (h * w);
                clues.push(((top + at / w) * cols + left + at % w, h * w));
            }
            clues.sort_unstable();
            ShikakuCase { rows, cols, clues }
        })
    })
}

impl ShikakuCase {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let top = Value::try_from(self.clues.len().max(1) - 1).unwrap();
        let cells = m.new_vars(self.rows * self.cols, 0..=top).unwrap();
        let pieces: Vec<Piece> = self
            .clues
            .iter()
            .enumerate()
            .map(|(p, &(cell, area))| {
                let (r, c) = (cell / self.cols, cell % self.cols);
                Piece::new(p as Value, rectangles(self.rows, self.cols, r, c, area))
            })
            .collect();
        m.placement(&cells, &pieces, Cover::Exactly).unwrap();
        m
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn shikaku_matches_brute_force(case in shikaku_case(), options in search_options()) {
        let m = case.build();
        prop_assume!(assignments(&m) <= MAX_BRUTE_FORCE_ASSIGNMENTS);
        check_against_brute_force(&m, options);
    }

    #[test]
    fn shikaku_finds_planted_cuts(case in planted_shikaku_case(), options in search_options()) {
        let m = case.build();
        prop_assume!(assignments(&m) <= MAX_BRUTE_FORCE_ASSIGNMENTS);
        prop_assert!(check_against_brute_force(&m, options) >= 1);
    }
}

// ---------------------------------------------------------------------------
// LITS-like: polyominoes in regions, at most one cover, tagged by shape
// ---------------------------------------------------------------------------

/// Regions as a label per cell (a region need not be connected), and a
/// piece size (2 or 3 cells).
#[derive(Clone, Debug)]
struct PolyCase {
    rows: usize,
    cols: usize,
    region: Vec<usize>,
    size: usize,
}

fn poly_case() -> impl Strategy<Value = PolyCase> {
    (grid(), 2..=3usize).prop_flat_map(|((rows, cols), size)| {
        prop::collection::vec(0..3usize, rows * cols).prop_map(move |region| PolyCase {
            rows,
            cols,
            region,
            size,
        })
    })
}

/// The shape of a placement up to translation (its cells relative to the
/// top-left corner of its bounding box), as a small number.
fn shape(cells: &[usize], cols: usize) -> Value {
    let top = cells.iter().map(|c| c / cols).min().unwrap_or(0);
    let left = cells.iter().map(|c| c % cols).min().unwrap_or(0);
    let mut key = 0u32;
    for &c in cells {
        key |= 1 << ((c / cols - top) * 4 + c % cols - left);
    }
    // Fold into a few classes so that tags repeat across placements.
    (key % 5) as Value
}

impl PolyCase {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let cells = m.new_vars(self.rows * self.cols, 0..=3).unwrap();
        let mut pieces = Vec::new();
        for r in 0..3 {
            let within: Vec<usize> = (0..self.region.len())
                .filter(|&i| self.region[i] == r)
                .collect();
            if within.is_empty() {
                continue;
            }
            let places = polyominoes(self.rows, self.cols, &within, self.size);
            let tags: Vec<Value> = places.iter().map(|p| shape(p, self.cols)).collect();
            let tag = m.new_var(0..=4).unwrap();
            pieces.push(Piece::new(r as Value + 1, places).with_tag(tag, tags));
        }
        m.placement(&cells, &pieces, Cover::AtMost { empty: 0 })
            .unwrap();
        m
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn polyominoes_in_regions_match_brute_force(case in poly_case(), options in search_options()) {
        let m = case.build();
        prop_assume!(assignments(&m) <= MAX_BRUTE_FORCE_ASSIGNMENTS);
        check_against_brute_force(&m, options);
    }
}

// ---------------------------------------------------------------------------
// Arbitrary placements, domains and tags
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct FreeCase {
    cells: usize,
    /// Per cell, its initial domain (a subset of -1..=3).
    domains: Vec<Vec<Value>>,
    /// Per piece, its placements, each with a tag 0..=2.
    pieces: Vec<Vec<(Vec<usize>, Value)>>,
    tagged: bool,
    exact: bool,
}

fn free_case() -> impl Strategy<Value = FreeCase> {
    (2..=7usize, 1..=3usize).prop_flat_map(|(n, k)| {
        let placement = (
            prop::collection::btree_set(0..n, 1..=n.min(4)),
            0..=2 as Value,
        )
            .prop_map(|(s, t)| (s.into_iter().collect::<Vec<_>>(), t));
        let domain = prop::collection::btree_set(-1..=3 as Value, 1..=5)
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        (
            prop::collection::vec(domain, n),
            prop::collection::vec(prop::collection::vec(placement, 0..=4), k),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(domains, pieces, tagged, exact)| FreeCase {
                cells: n,
                domains,
                pieces,
                tagged,
                exact,
            })
    })
}

impl FreeCase {
    fn build(&self) -> Model {
        let mut m = Model::new();
        let cells: Vec<VarId> = (0..self.cells)
            .map(|i| m.new_var(self.domains[i].clone()).unwrap())
            .collect();
        let pieces: Vec<Piece> = self
            .pieces
            .iter()
            .enumerate()
            .map(|(p, places)| {
                let piece = Piece::new(
                    p as Value + 1,
                    places.iter().map(|(s, _)| s.clone()).collect(),
                );
                if self.tagged {
                    let tag = m.new_var(0..=2).unwrap();
                    piece.with_tag(tag, places.iter().map(|&(_, t)| t).collect())
                } else {
                    piece
                }
            })
            .collect();
        let cover = if self.exact {
            Cover::Exactly
        } else {
            Cover::AtMost { empty: 0 }
        };
        m.placement(&cells, &pieces, cover).unwrap();
        m
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn free_placements_match_brute_force(case in free_case(), options in search_options()) {
        check_against_brute_force(&case.build(), options);
    }

    /// One piece alone: after root propagation every value left (in a cell
    /// and in the tag) is used by a solution, and a failure means none.
    #[test]
    fn one_piece_is_domain_consistent(mut case in free_case()) {
        case.pieces.truncate(1);
        let m = case.build();
        let solutions = brute_force_solutions(&m, MAX_BRUTE_FORCE_ASSIGNMENTS).unwrap();
        let mut solver = Solver::new(&m);
        match solver.propagate() {
            Err(_) => prop_assert!(solutions.is_empty()),
            Ok(d) => {
                for x in m.vars() {
                    let left: BTreeSet<Value> = d.iter(x).collect();
                    let used: BTreeSet<Value> =
                        solutions.iter().map(|s| s[x.index()]).collect();
                    prop_assert_eq!(left, used, "variable {:?}", x);
                }
            }
        }
    }
}

/// A 3 at r1c1 and a 6 at r3c3 on a 3x3 grid: the 3 is the top row and
/// the 6 the two rows below, or the 3 is the left column and the 6 the
/// two columns beside it (worked by hand).
#[test]
fn a_small_shikaku_has_its_two_answers() {
    let case = ShikakuCase {
        rows: 3,
        cols: 3,
        clues: vec![(0, 3), (8, 6)],
    };
    let m = case.build();
    let mut solver = Solver::new(&m);
    let mut all: Vec<Vec<Value>> = solver.solutions().map(|s| s.into_values()).collect();
    all.sort();
    assert_eq!(
        all,
        [
            vec![0, 0, 0, 1, 1, 1, 1, 1, 1],
            vec![0, 1, 1, 0, 1, 1, 0, 1, 1],
        ]
    );
}
