//! Suguru: hand-checked puzzles, the format's errors, `check`, the ladder
//! and the generator.

use gridcsp_puzzles::families::suguru::{Digits, Suguru, SuguruPuzzle};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, RenderOptions, Unique};
use proptest::prelude::*;

/// Regions of 4, 4, 3 and 1 cells; one given, the 2 at r3c3.
const SMALL: &str = "3 4\n- - - -\n- - - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n";

/// Checked by hand: r2c2 touches all three cells of region 3 (which hold
/// 1-3), so it is 4; r3c4 is alone (1); the given 2 at r3c3 then forces
/// r2c3 = 3, r2c4 = 4, r1c2 = 1, r1c1 = 3, r1c3 = 2, r1c4 = 1, r2c1 = 2,
/// r3c2 = 1, r3c1 = 3. Without the given, r3c3 = 3 gives a second
/// solution (2 1 3 1 / 3 4 2 4 / 2 1 3 1).
const SMALL_SOLUTION: &str = "3 4\n3 1 2 1\n2 4 3 4\n3 1 2 1\n";

fn limits() -> Limits {
    Limits::default()
}

fn unique(p: &SuguruPuzzle) -> Digits {
    match Suguru.uniqueness(p, &limits()).0 {
        Unique::Unique(s) => s,
        other => panic!("not unique: {other:?}\n{p}"),
    }
}

#[test]
fn a_hand_checked_puzzle_solves_uniquely() {
    let f = Suguru;
    let p = f.parse(SMALL).unwrap();
    assert_eq!(p.regions().len(), 4);
    assert_eq!(p.max_digit(Cell::new(2, 3)), 1);
    assert_eq!(p.given(Cell::new(2, 2)), Some(2));
    assert_eq!(f.parse(&f.write(&p)).unwrap(), p);
    let s = unique(&p);
    assert_eq!(f.write_solution(&p, &s), SMALL_SOLUTION);
    assert_eq!(f.parse_solution(&p, SMALL_SOLUTION).unwrap(), s);
    assert!(f.check(&p, &s).is_empty());
    // Without the given: exactly the two solutions of the comment above.
    let open = f.parse(&SMALL.replace("- - 2 -", "- - - -")).unwrap();
    let (count, _) = f.count(&open, Some(10), &limits());
    assert_eq!(count.count, 2);
}

#[test]
fn region_labels_are_any_numbers() {
    let f = Suguru;
    let relabelled = SMALL
        .replace("1 1 2 2", "70 70 8 8")
        .replace("3 3 3 4", "0 0 0 12");
    assert_eq!(f.parse(&relabelled).unwrap(), f.parse(SMALL).unwrap());
}

#[test]
fn every_bad_token_names_its_line_and_column() {
    let f = Suguru;
    let cases: &[(&str, &str)] = &[
        // A 5 in a region of 4 cells (line 2, column 1).
        (
            "3 4\n5 - - -\n- - - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n",
            "line 2, column 1",
        ),
        // A letter for a given.
        (
            "3 4\n- - - -\n- x - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n",
            "line 3, column 3",
        ),
        // A region label that is not a number.
        (
            "3 4\n- - - -\n- - - -\n- - 2 -\n1 1 2 2\n1 a 2 2\n3 3 3 4\n",
            "line 6, column 3",
        ),
        // A short row.
        (
            "3 4\n- - - -\n- - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n",
            "line 3",
        ),
        // Missing region rows.
        ("3 4\n- - - -\n- - - -\n- - 2 -\n1 1 2 2\n", "line"),
        // A bad header.
        ("3\n", "line 1"),
    ];
    for &(text, place) in cases {
        let e = f.parse(text).expect_err(text).to_string();
        assert!(e.contains(place), "{text:?}: {e}");
    }
}

#[test]
fn check_names_the_broken_rule_and_its_cells() {
    let f = Suguru;
    let p = f.parse(SMALL).unwrap();
    // r1c1 and r2c1 swapped: region 1 still holds 1-4, but the 3 now at
    // r2c1 touches the 3 at r3c1.
    let bad = f
        .parse_solution(&p, "3 4\n2 1 2 1\n3 4 3 4\n3 1 2 1\n")
        .unwrap();
    let v = f.check(&p, &bad);
    assert!(
        v.iter()
            .any(|v| v.rule.contains("touch") && v.cells == [Cell::new(1, 0), Cell::new(2, 0)]),
        "{v:?}"
    );
    // A digit too large for its region, and a repeat in a region.
    let bad = f
        .parse_solution(&p, "3 4\n3 1 2 1\n2 4 3 4\n3 1 2 2\n")
        .unwrap();
    let v = f.check(&p, &bad);
    assert!(
        v.iter()
            .any(|v| v.rule.contains("1 to k") && v.cells == [Cell::new(2, 3)]),
        "{v:?}"
    );
    let bad = f
        .parse_solution(&p, "3 4\n3 1 2 1\n2 4 3 4\n1 1 2 1\n")
        .unwrap();
    let v = f.check(&p, &bad);
    assert!(v.iter().any(|v| v.rule.contains("region 3")), "{v:?}");
    // Givens that touch.
    let p = f.parse("2 2\n1 -\n- 1\n1 1\n1 1\n").unwrap();
    let v = f.check_givens(&p);
    assert!(v.iter().any(|v| v.rule.contains("touch")), "{v:?}");
}

#[test]
fn constraints_are_described_in_words() {
    let f = Suguru;
    let p = f.parse(SMALL).unwrap();
    let built = f.build(&p).unwrap();
    let words: Vec<String> = built
        .model
        .constraints()
        .map(|(c, _)| f.describe_constraint(&p, &built, c))
        .collect();
    assert_eq!(words[0], "region 1 (from r1c1)");
    assert!(words[4].starts_with("the 2x2 block from r1c1"), "{words:?}");
    assert_eq!(words.len(), 4 + 6);
}

#[test]
fn the_render_shows_givens_and_the_solution() {
    let f = Suguru;
    let p = f.parse(SMALL).unwrap();
    let s = unique(&p);
    let plain = f.render(&p, None, &RenderOptions::default());
    let solved = f.render(&p, Some(&s), &RenderOptions::default());
    assert_eq!(plain.matches("<text").count(), 1);
    assert_eq!(solved.matches("<text").count(), 12);
}

#[test]
fn the_generator_makes_unique_puzzles_of_each_level_reproducibly() {
    let f = Suguru;
    for level in 0..f.info().levels.len() {
        let o = GenerateOptions::new(6, 6, level).with_seed(3);
        let g = f
            .generate(&o)
            .unwrap_or_else(|e| panic!("level {level}: {e}"));
        assert_eq!(g.grade.rank, level);
        assert_eq!(f.grade(&g.puzzle, &limits()).unwrap().rank, level);
        assert_eq!(unique(&g.puzzle), g.solution);
        assert!(f.check(&g.puzzle, &g.solution).is_empty());
        assert!(f.check_givens(&g.puzzle).is_empty());
        assert_eq!(f.generate(&o).unwrap().puzzle, g.puzzle, "same seed");
    }
    assert!(f.generate(&GenerateOptions::new(1, 6, 0)).is_err());
    assert!(f.generate(&GenerateOptions::new(6, 6, 9)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_never_panics_on_arbitrary_text(text in "\\PC{0,80}") {
        let _ = Suguru.parse(&text);
    }

    #[test]
    fn parse_never_panics_on_mutated_records(
        at in 0usize..60,
        with in "[0-9 \\n-]{0,3}",
    ) {
        let cut = at.min(SMALL.len());
        let mutated = format!("{}{}{}", &SMALL[..cut], with, &SMALL[(cut + 1).min(SMALL.len())..]);
        if let Ok(p) = Suguru.parse(&mutated) {
            prop_assert_eq!(Suguru.parse(&Suguru.write(&p)).unwrap(), p);
        }
    }
}

#[test]
fn larger_grids_generate() {
    let f = Suguru;
    for (rows, cols) in [(12, 12), (5, 9)] {
        let g = f
            .generate(&GenerateOptions::new(rows, cols, 0).with_seed(2))
            .unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"));
        assert_eq!(unique(&g.puzzle), g.solution);
        assert!(g.puzzle.regions().iter().all(|r| r.len() >= 3));
    }
}
