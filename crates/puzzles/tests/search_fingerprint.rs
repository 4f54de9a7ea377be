//! The search statistics of a few Tatham puzzles, pinned: work that only
//! makes building or propagating cheaper (the fixed cost of a small model)
//! must leave every search exactly as it was: the same nodes, decisions,
//! failures and propagator calls, so the same tree in the same order.
//!
//! The figures were taken before the fixed-cost work of issue 10 (model
//! building without per-cell allocations, the Skyscrapers clue's fixed-line
//! shortcut); a change that means to alter the search (a new propagator,
//! another order) updates them and says so.

use gridcsp_puzzles::families::kenken::KenKen;
use gridcsp_puzzles::families::skyscrapers::Skyscrapers;
use gridcsp_puzzles::{Family, Limits, Unique};

/// `(game ID, nodes, decisions, failures, propagations)`.
type Pinned = (&'static str, u64, u64, u64, u64);

fn assert_pinned<F: Family>(family: &F, pinned: &[Pinned]) {
    for &(id, nodes, decisions, failures, propagations) in pinned {
        let puzzle = family.parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let (unique, stats) = family.uniqueness(&puzzle, &Limits::default());
        let Unique::Unique(solution) = unique else {
            panic!("{id} is not unique: {unique:?}");
        };
        assert!(family.check(&puzzle, &solution).is_empty(), "{id}");
        assert_eq!(
            (
                stats.nodes,
                stats.decisions,
                stats.failures,
                stats.propagations
            ),
            (nodes, decisions, failures, propagations),
            "{id}: (nodes, decisions, failures, propagations)"
        );
    }
}

#[test]
fn towers_searches_are_unchanged() {
    assert_pinned(
        &Skyscrapers,
        &[
            ("4:/2//3//////////2//2,a2f2g", 3, 1, 1, 53),
            ("4:////////3/////2//2,i2b1c", 3, 1, 1, 59),
            ("6:/2///2////3//3///2//4///4///2/4/,2g2c3w", 3, 1, 1, 184),
            ("6:/2//3/4///4/3/3//////2//4/1/3//3//,v3m", 31, 15, 15, 1002),
            (
                "8://4//4///5/2/3//4/3/2///2//3////2///3/4/5///3/,e3d4a3n7d2c1d6_2_3k2h",
                9,
                4,
                4,
                476,
            ),
            (
                "8:2/3//3//2//5///7/1/4/4/3////5/1//5//2/3//2//2//1/,e2k2m3b5c2u1_4b",
                9,
                4,
                4,
                544,
            ),
        ],
    );
}

#[test]
fn keen_searches_are_unchanged() {
    assert_pinned(
        &KenKen,
        &[
            ("4:aa_a_3a4__a_a,m8s1s1a5a4m48d2", 1, 0, 0, 44),
            ("4:__a_3a_aab_a__b,a5a5m24m8m4s2s1", 1, 0, 0, 55),
            (
                "6:aa_aa_4a_3a_3aa_a__b_aa__aa_a_aa_bb,d2s1a6a12m36s1m60d2m90m6a9a7d2s4s1",
                11,
                5,
                5,
                328,
            ),
            (
                "6:__aa_a__a__a_6a__abab__a__a__a__aa_aa_,m6m6d2s1a6a5s3m10s2s1a5m48d2m12s1a7d3",
                9,
                4,
                4,
                354,
            ),
            (
                "9:_4aa_12a_3a_a_3a3_5ba__aa__ba__a8b__a_b__a_aa_a__a_5a_7aa__a3_aabaa,a9m189a21m9m42d4s5m16a9s1s4a14m8s3s4m63d3a8d2a11d4d3a10a15m54s1a14s1m42m8m160s2d2d2s5",
                39,
                19,
                19,
                1857,
            ),
        ],
    );
}
