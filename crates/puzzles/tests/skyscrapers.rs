//! Skyscrapers: hand-checked puzzles, Tatham's Towers IDs at every
//! difficulty, the formats' errors, `check`, the ladder and the generator.

use gridcsp_puzzles::families::skyscrapers::{Heights, Side, Skyscrapers, SkyscrapersPuzzle};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, RenderOptions, Unique};
use proptest::prelude::*;

/// Tatham's 4x4 Hard `4:///4/////2///4////` in the text layout: 4 above
/// column 4, 2 left of row 1, 4 left of row 4.
const HARD_4: &str =
    "4 4\n- - - 4\n- - - -\n2 - - 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n";

/// Its solution, checked by hand: column 4 reads 1 2 3 4 downwards (4
/// seen), row 1 reads 3 4 2 1 (3 and 4 seen), row 4 reads 1 2 3 4; every
/// row and column holds 1-4 once.
const HARD_4_SOLUTION: &str = "4 4\n3 4 2 1\n4 3 1 2\n2 1 4 3\n1 2 3 4\n";

fn limits() -> Limits {
    Limits::default()
}

fn unique(p: &SkyscrapersPuzzle) -> Heights {
    match Skyscrapers.uniqueness(p, &limits()).0 {
        Unique::Unique(s) => s,
        other => panic!("not unique: {other:?}\n{p}"),
    }
}

#[test]
fn a_hand_checked_puzzle_solves_uniquely_in_both_forms() {
    let f = Skyscrapers;
    let p = f.parse(HARD_4).unwrap();
    assert_eq!(p.clue(Side::Top, 3), Some(4));
    assert_eq!(p.clue(Side::Left, 0), Some(2));
    assert_eq!(p.clue(Side::Left, 3), Some(4));
    assert_eq!(p.clues().count(), 3);
    let from_id = f.parse("4:///4/////2///4////").unwrap();
    assert_eq!(from_id, p);
    assert_eq!(f.write_game_id(&p).as_deref(), Some("4:///4/////2///4////"));
    let s = unique(&p);
    assert_eq!(f.write_solution(&p, &s), HARD_4_SOLUTION);
    assert_eq!(f.parse_solution(&p, HARD_4_SOLUTION).unwrap(), s);
    assert!(f.check(&p, &s).is_empty());
    assert!(f.check_givens(&p).is_empty());
}

/// Tatham-generated IDs (test data file) with his solver's answers.
fn tatham() -> Vec<(&'static str, &'static str, &'static str)> {
    include_str!("data/skyscrapers_tatham.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap(), w.next().unwrap(), w.next().unwrap())
        })
        .collect()
}

#[test]
fn tatham_ids_at_every_difficulty_solve_to_his_answer() {
    let f = Skyscrapers;
    let rows = tatham();
    assert!(rows.len() >= 57);
    for (id, grade, answer) in rows {
        let p = f.parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(f.write_game_id(&p).as_deref(), Some(id), "ID round trip");
        assert_eq!(f.parse(&f.write(&p)).unwrap(), p, "{id}: text round trip");
        let s = unique(&p);
        let digits: String = s.heights().iter().map(u32::to_string).collect();
        assert_eq!(digits, answer, "{id}");
        assert!(f.check(&p, &s).is_empty(), "{id}");
        // His levels are ours, but for Hard: our easy level reads the
        // clues more strongly than his Easy, so some of his Hard ones are
        // our easy.
        let ours = f.grade(&p, &limits()).unwrap();
        match grade {
            "Hard" => assert!(["easy", "hard"].contains(&ours.level), "{id}"),
            _ => assert_eq!(ours.level, grade.to_lowercase(), "{id}"),
        }
    }
}

#[test]
fn ids_with_a_difficulty_and_givens_parse() {
    let f = Skyscrapers;
    let p = f.parse("5du:3///3//////2////2/4/3//2//,q2g").unwrap();
    assert_eq!(p.given(Cell::new(3, 2)), Some(2));
    // Written back without the difficulty (a game ID's params are the size).
    assert_eq!(
        f.write_game_id(&p).as_deref(),
        Some("5:3///3//////2////2/4/3//2//,q2g")
    );
    unique(&p);
}

#[test]
fn every_bad_token_names_its_line_and_column() {
    let f = Skyscrapers;
    let cases: &[(&str, &str)] = &[
        // A clue out of range on the third line, fourth token.
        (
            "4 4\n- - - 4\n- - - 5\n2 - - 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n",
            "line 3",
        ),
        // A letter for a height on row 2 (line 7).
        (
            "4 4\n- - - 4\n- - - -\n2 - - 4\n- - - -\n- - - -\nx - - -\n- - - -\n- - - -\n",
            "line 7",
        ),
        // A short row.
        (
            "4 4\n- - - 4\n- - - -\n2 - - 4\n- - - -\n- - - -\n- - -\n- - - -\n- - - -\n",
            "line 7",
        ),
        // Not square.
        ("4 5\n", "line 1"),
        // Missing rows.
        ("4 4\n- - - 4\n- - - -\n", "line"),
        // Game IDs: a clue too large, a bad letter, too few clues.
        ("4:///9/////2///4////", "column 6"),
        ("4:///4/////2///4////,a%", "column 23"),
        ("4:///4", "column"),
    ];
    for &(text, place) in cases {
        let e = f.parse(text).expect_err(text).to_string();
        assert!(e.contains(place), "{text:?}: {e}");
    }
}

#[test]
fn check_names_the_broken_rule_and_its_cells() {
    let f = Skyscrapers;
    let p = f.parse(HARD_4).unwrap();
    // Rows 1 and 2 swapped: still a Latin square, but the clue left of
    // row 1 now sees 4 3 1 2 (one tower, not two) and the one above
    // column 4 sees 2 1 3 4 (three, not four).
    let bad = f
        .parse_solution(&p, "4 4\n4 3 1 2\n3 4 2 1\n2 1 4 3\n1 2 3 4\n")
        .unwrap();
    let v = f.check(&p, &bad);
    assert_eq!(v.len(), 2, "{v:?}");
    let row_1: Vec<Cell> = (0..4).map(|c| Cell::new(0, c)).collect();
    let column_4: Vec<Cell> = (0..4).map(|r| Cell::new(r, 3)).collect();
    assert!(
        v.iter().any(|v| v.rule.contains("left of row 1")
            && v.rule.contains("sees 1")
            && v.cells == row_1),
        "{v:?}"
    );
    assert!(
        v.iter().any(|v| v.rule.contains("above column 4")
            && v.rule.contains("sees 3")
            && v.cells == column_4),
        "{v:?}"
    );
    // A repeated height names the row and the cells.
    let bad = f
        .parse_solution(&p, "4 4\n3 4 2 1\n4 3 1 2\n2 1 4 3\n1 2 3 3\n")
        .unwrap();
    let v = f.check(&p, &bad);
    assert!(
        v.iter()
            .any(|v| v.rule.contains("row 4") && v.cells == [Cell::new(3, 2), Cell::new(3, 3)]),
        "{v:?}"
    );
    // Givens breaking the rules: two 1s in row 1, clues 4 and 4 facing.
    let p = f
        .parse("3 3\n- - -\n- - -\n3 - -\n3 - -\n1 1 -\n- - -\n- - -\n")
        .unwrap();
    let v = f.check_givens(&p);
    assert!(v.iter().any(|v| v.rule.contains("row 1")), "{v:?}");
    assert!(v.iter().any(|v| v.rule.contains("facing")), "{v:?}");
}

#[test]
fn constraints_are_described_in_words() {
    let f = Skyscrapers;
    let p = f.parse(HARD_4).unwrap();
    let built = f.build_for_level(&p, 2).unwrap();
    let words: Vec<String> = built
        .model
        .constraints()
        .map(|(c, _)| f.describe_constraint(&p, &built, c))
        .collect();
    assert_eq!(words[0], "row 1");
    assert_eq!(words[4], "column 1");
    assert_eq!(words[8], "the clue 4 above column 4");
    assert!(words.iter().any(|w| w == "the clues of row 1 together"));
    assert!(words.iter().any(|w| w.contains("height 3")));
    assert!(
        words.iter().all(|w| !w.starts_with("constraint")),
        "{words:?}"
    );
}

#[test]
fn the_render_shows_clues_givens_and_the_solution() {
    let f = Skyscrapers;
    let p = f.parse("5:3///3//////2////2/4/3//2//,q2g").unwrap();
    let s = unique(&p);
    let plain = f.render(&p, None, &RenderOptions::default());
    let solved = f.render(&p, Some(&s), &RenderOptions::default());
    assert!(plain.starts_with("<svg"));
    // Seven clues and one given, then 24 more heights.
    assert_eq!(plain.matches("<text").count(), 7 + 1, "{plain}");
    assert_eq!(solved.matches("<text").count(), 7 + 25);
}

#[test]
fn the_generator_makes_unique_puzzles_of_each_level_reproducibly() {
    let f = Skyscrapers;
    for level in 0..f.info().levels.len() {
        let o = GenerateOptions::new(5, 5, level).with_seed(7);
        let g = f
            .generate(&o)
            .unwrap_or_else(|e| panic!("level {level}: {e}"));
        assert_eq!(g.grade.rank, level);
        assert_eq!(f.grade(&g.puzzle, &limits()).unwrap().rank, level);
        assert_eq!(unique(&g.puzzle), g.solution);
        assert!(f.check(&g.puzzle, &g.solution).is_empty());
        let again = f.generate(&o).unwrap();
        assert_eq!(again.puzzle, g.puzzle, "same seed, same puzzle");
    }
    assert!(f.generate(&GenerateOptions::new(5, 6, 0)).is_err());
    assert!(f.generate(&GenerateOptions::new(2, 2, 0)).is_err());
    assert!(f.generate(&GenerateOptions::new(5, 5, 9)).is_err());
}

#[test]
fn larger_sizes_generate_and_solve() {
    let f = Skyscrapers;
    for n in [3, 7, 9] {
        let g = f
            .generate(&GenerateOptions::new(n, n, 0).with_seed(1))
            .unwrap();
        assert_eq!(unique(&g.puzzle), g.solution);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_never_panics_on_arbitrary_text(text in "\\PC{0,80}") {
        let _ = Skyscrapers.parse(&text);
    }

    #[test]
    fn parse_never_panics_on_mutated_records(
        pick in 0usize..2,
        at in 0usize..200,
        with in "[0-9a-z/,_: \\n-]{0,3}",
    ) {
        let valid = ["4:///4/////2///4////,a3n", HARD_4][pick];
        let cut = at.min(valid.len());
        let mutated = format!("{}{}{}", &valid[..cut], with, &valid[(cut + 1).min(valid.len())..]);
        if let Ok(p) = Skyscrapers.parse(&mutated) {
            // Whatever parses, writes and reads back the same.
            prop_assert_eq!(Skyscrapers.parse(&Skyscrapers.write(&p)).unwrap(), p.clone());
            let id = Skyscrapers.write_game_id(&p).unwrap();
            prop_assert_eq!(Skyscrapers.parse(&id).unwrap(), p);
        }
    }
}
