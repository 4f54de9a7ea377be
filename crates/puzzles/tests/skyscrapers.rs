//! Skyscrapers: hand-checked puzzles, Tatham's Towers IDs at every
//! difficulty, janko.at's layouts with empty cells and diagonals, the
//! formats' errors, `check`, the ladder and the generator.

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
        pick in 0usize..4,
        at in 0usize..200,
        with in "[0-9a-z/,_: \\n-]{0,3}",
    ) {
        let valid = ["4:///4/////2///4////,a3n", HARD_4, JANKO[0].1, JANKO[5].1][pick];
        let cut = at.min(valid.len());
        let mutated = format!("{}{}{}", &valid[..cut], with, &valid[(cut + 1).min(valid.len())..]);
        if let Ok(p) = Skyscrapers.parse(&mutated) {
            // Whatever parses, writes and reads back the same.
            prop_assert_eq!(Skyscrapers.parse(&Skyscrapers.write(&p)).unwrap(), p.clone());
            // Game IDs hold the plain puzzles only.
            prop_assert_eq!(Skyscrapers.write_game_id(&p).is_some(), p.is_plain());
            if let Some(id) = Skyscrapers.write_game_id(&p) {
                prop_assert_eq!(Skyscrapers.parse(&id).unwrap(), p);
            }
        }
    }
}

/// janko.at's Wolkenkratzer in its own layouts, with its published
/// solutions (www.janko.at/Raetsel/Wolkenkratzer/NNN.a.htm, through the
/// puzzlekit dataset): (number, puzzle, solution).
const JANKO: &[(u32, &str, &str)] = &[
    // `N N K`: heights 1..=3, one empty cell per row and column.
    (
        15,
        "4 4 3\n2 2 1 2\n1 2 3 1\n2 2 3 1\n2 2 1 3\n- - - -\n- - - -\n- - - -\n- - - -\n",
        "4 4 3\n0 1 3 2\n2 3 0 1\n1 0 2 3\n3 2 1 0\n",
    ),
    (
        29,
        "4 4 3\n3 2 - 2\n- - - -\n3 2 - -\n- 2 - -\n- - - -\n- - - -\n- - - -\n- - - -\n",
        "4 4 3\n1 2 3 0\n2 3 0 1\n0 1 2 3\n3 0 1 2\n",
    ),
    // Two empty cells per line.
    (
        39,
        "5 5 3\n- - - - 1\n- 3 - 3 -\n- 2 - 2 1\n2 1 1 2 -\n\
         - - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n",
        "5 5 3\n1 3 2 0 0\n0 2 1 3 0\n0 1 0 2 3\n2 0 3 0 1\n3 0 0 1 2\n",
    ),
    // `N N N D`: no empty cells, the diagonals hold 1..=4 too.
    (
        5,
        "4 4 4 D\n- - - -\n- - - -\n1 2 3 -\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n",
        "4 4 4 D\n4 1 3 2\n3 2 4 1\n2 3 1 4\n1 4 2 3\n",
    ),
    // `N N K D`: both.
    (
        271,
        "5 5 4 D\n2 3 2 1 1\n2 1 2 4 3\n2 3 2 1 2\n1 1 3 2 3\n\
         - - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n",
        "5 5 4 D\n3 1 2 4 0\n2 0 1 3 4\n0 3 4 2 1\n4 2 0 1 3\n1 4 3 0 2\n",
    ),
    (
        276,
        "6 6 5 D\n3 2 2 1 4 2\n3 4 3 2 1 2\n3 2 1 2 5 3\n2 3 5 3 1 2\n\
         - - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n",
        "6 6 5 D\n1 3 0 5 2 4\n2 5 4 1 0 3\n5 4 3 2 1 0\n4 2 5 0 3 1\n0 1 2 3 4 5\n3 0 1 4 5 2\n",
    ),
];

#[test]
fn janko_layouts_solve_to_the_published_answer_at_every_level() {
    let f = Skyscrapers;
    for &(number, text, published) in JANKO {
        let p = f
            .parse(text)
            .unwrap_or_else(|e| panic!("janko {number}: {e}"));
        assert!(!p.is_plain(), "janko {number}");
        // The writer writes janko's header (the shortest that says it).
        assert_eq!(f.write(&p), text, "janko {number}");
        assert_eq!(
            f.write_game_id(&p),
            None,
            "janko {number}: Towers has no blanks"
        );
        assert!(f.to_puzzlink(&p).is_err(), "janko {number}");
        let s = unique(&p);
        assert_eq!(f.write_solution(&p, &s), published, "janko {number}");
        assert_eq!(f.parse_solution(&p, published).unwrap(), s);
        assert!(f.check(&p, &s).is_empty(), "janko {number}");
        assert!(f.check_givens(&p).is_empty(), "janko {number}");
        // Every level's model (the hard level's tables, the extreme
        // level's fish) keeps the one solution.
        for level in 0..f.info().levels.len() {
            let built = f.build_for_level(&p, level).unwrap();
            let count = csp_core::Solver::new(&built.model).count(Some(2));
            assert_eq!(count.count, 1, "janko {number} level {level}");
        }
        let grade = f.grade(&p, &limits()).unwrap();
        assert!(grade.rank < f.info().levels.len(), "janko {number}");
        // The steps call a height-0 cell empty.
        let steps = f.explain(&p, &limits()).unwrap().steps;
        let text: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        if p.blanks() > 0 {
            assert!(
                text.iter().any(|t| t.contains(" empty")),
                "janko {number}: {text:#?}"
            );
        }
        assert!(
            text.iter()
                .all(|t| !t.contains(" is 0") && !t.contains("be 0")),
            "janko {number}: {text:#?}"
        );
        // The empty cells are shaded, with no number.
        let svg = f.render(&p, Some(&s), &RenderOptions::default());
        let clues = p.clues().count();
        let empty = s.heights().iter().filter(|&&h| h == 0).count();
        assert_eq!(
            svg.matches("<text").count(),
            clues + p.size().pow(2) - empty
        );
    }
}

#[test]
fn the_diagonals_are_named_and_matter() {
    let f = Skyscrapers;
    let (_, text, _) = JANKO[4];
    let p = f.parse(text).unwrap();
    let built = f.build(&p).unwrap();
    let words: Vec<String> = built
        .model
        .constraints()
        .map(|(c, _)| f.describe_constraint(&p, &built, c))
        .collect();
    assert!(words.iter().any(|w| w == "the main diagonal"), "{words:?}");
    assert!(words.iter().any(|w| w == "the anti-diagonal"), "{words:?}");
    // The steps name a diagonal when it is the reason, and a height's
    // last place in a line as the cell it is.
    let steps = f.explain(&p, &limits()).unwrap().steps;
    assert!(
        steps
            .iter()
            .any(|s| s.text.contains("the anti-diagonal has its")),
        "{steps:#?}"
    );
    assert!(
        steps
            .iter()
            .any(|s| s.text.contains("has no other place than")
                && s.text.contains("(hidden single)")),
        "{steps:#?}"
    );
    // Without `D` the same clues have more than one solution.
    let loose = f.parse(&text.replacen("5 5 4 D", "5 5 4", 1)).unwrap();
    assert!(f.count(&loose, Some(2), &limits()).0.count > 1);
    // Columns 1 and 2 swapped: every row and column still holds each
    // height once, the main diagonal (1 2 4 1 2) does not.
    let s = unique(&p);
    let mut h = s.heights().to_vec();
    for row in h.chunks_mut(5) {
        row.swap(0, 1);
    }
    let bare = f
        .parse(&format!("5 5 4 D\n{}", "- - - - -\n".repeat(9)))
        .unwrap();
    let v = f.check(&bare, &Heights::new(5, h).unwrap());
    assert!(!v.is_empty());
    assert!(v.iter().all(|v| v.rule.contains("diagonal")), "{v:?}");
}

#[test]
fn bad_janko_headers_and_heights_name_their_line_and_column() {
    let f = Skyscrapers;
    let rest = "- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n";
    let cases: &[(String, &str, &str)] = &[
        // K = 0 and K > N: the third token.
        (format!("4 4 0\n{rest}"), "line 1, column 5", "tallest"),
        (format!("4 4 5\n{rest}"), "line 1, column 5", "tallest"),
        // An unknown flag.
        (format!("4 4 3 X\n{rest}"), "line 1, column 7", "'D'"),
        (format!("4 4 3 D D\n{rest}"), "line 1", "header"),
        // A clue above K (line 3, third token).
        (
            "4 4 3\n- - - -\n- - 4 -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n"
                .to_owned(),
            "line 3, column 5",
            "clue",
        ),
        // A given above K (row 2: line 7, fourth token).
        (
            "4 4 3\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - 4\n- - - -\n- - - -\n"
                .to_owned(),
            "line 7, column 7",
            "height",
        ),
        // A given 0 where there are no empty cells.
        (
            "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n0 - - -\n- - - -\n- - - -\n- - - -\n"
                .to_owned(),
            "line 6, column 1",
            "height",
        ),
    ];
    for (text, place, what) in cases {
        let e = f.parse(text).expect_err(text).to_string();
        assert!(e.contains(place) && e.contains(what), "{text:?}: {e}");
    }
    // A given empty cell (0) is read where there are empty cells, and
    // written back.
    let p = f
        .parse("4 4 3\n- - - -\n- - - -\n- - - -\n- - - -\n0 - - -\n- - - -\n- - - -\n- - - -\n")
        .unwrap();
    assert_eq!(p.given(Cell::new(0, 0)), Some(0));
    assert_eq!(f.parse(&f.write(&p)).unwrap(), p);
    // A solution's header must be the puzzle's (or just the side).
    let (_, text, published) = JANKO[0];
    let p = f.parse(text).unwrap();
    let e = f
        .parse_solution(&p, &published.replacen("4 4 3", "4 4 3 D", 1))
        .unwrap_err();
    assert!(e.to_string().contains("line 1"), "{e}");
    assert!(
        f.parse_solution(&p, &published.replacen("4 4 3", "4 4", 1))
            .is_ok()
    );
}

#[test]
fn check_names_a_line_with_too_many_or_too_few_empty_cells() {
    let f = Skyscrapers;
    let (_, text, _) = JANKO[0];
    let p = f.parse(text).unwrap();
    // Row 1 with two empty cells (its 1 gone), row 4 with none.
    let bad = f
        .parse_solution(&p, "4 4 3\n0 0 3 2\n2 3 0 1\n1 0 2 3\n3 2 1 1\n")
        .unwrap();
    let v = f.check(&p, &bad);
    assert!(
        v.iter().any(|v| v.rule.contains("row 1 has 2 empty cells")),
        "{v:?}"
    );
    assert!(
        v.iter().any(|v| v.rule.contains("row 4 has 0 empty cells")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|v| v.rule.contains("row 4 has height 1 more than once")),
        "{v:?}"
    );
}

/// The solutions of `p` counted by brute force (every cell tried in turn,
/// each line checked against the rules as it fills), up to `cap`.
fn brute_count(p: &SkyscrapersPuzzle, cap: u64) -> u64 {
    fn line_ok(p: &SkyscrapersPuzzle, cells: &[Cell], h: &[u32], full: bool) -> bool {
        let n = p.size();
        let values: Vec<u32> = cells
            .iter()
            .map(|c| h[c.row * n + c.col])
            .filter(|&v| v != u32::MAX)
            .collect();
        let zeros = values.iter().filter(|&&v| v == 0).count();
        let mut nonzero: Vec<u32> = values.iter().copied().filter(|&v| v > 0).collect();
        let len = nonzero.len();
        nonzero.sort_unstable();
        nonzero.dedup();
        zeros <= p.blanks() && nonzero.len() == len && (!full || values.len() == n)
    }
    fn go(p: &SkyscrapersPuzzle, h: &mut Vec<u32>, i: usize, cap: u64, found: &mut u64) {
        let n = p.size();
        if *found >= cap {
            return;
        }
        if i == n * n {
            let line = |side: Side, j: usize| -> Vec<u32> {
                p.line(side, j)
                    .iter()
                    .map(|c| h[c.row * n + c.col])
                    .collect()
            };
            let clues_hold = p.clues().all(|(side, j, k)| {
                let mut tallest = 0;
                let mut seen = 0;
                for v in line(side, j) {
                    if v > tallest {
                        tallest = v;
                        seen += 1;
                    }
                }
                seen == k
            });
            if clues_hold {
                *found += 1;
            }
            return;
        }
        let (r, c) = (i / n, i % n);
        for v in 0..=p.tallest() as u32 {
            if v == 0 && p.blanks() == 0 {
                continue;
            }
            if p.given(Cell::new(r, c)).is_some_and(|g| g != v) {
                continue;
            }
            h[i] = v;
            let row: Vec<Cell> = (0..n).map(|x| Cell::new(r, x)).collect();
            let col: Vec<Cell> = (0..n).map(|x| Cell::new(x, c)).collect();
            let mut ok = line_ok(p, &row, h, false) && line_ok(p, &col, h, false);
            if p.diagonals() {
                let main: Vec<Cell> = (0..n).map(|x| Cell::new(x, x)).collect();
                let anti: Vec<Cell> = (0..n).map(|x| Cell::new(x, n - 1 - x)).collect();
                ok = ok && line_ok(p, &main, h, false) && line_ok(p, &anti, h, false);
            }
            if ok {
                go(p, h, i + 1, cap, found);
            }
            h[i] = u32::MAX;
        }
    }
    let mut h = vec![u32::MAX; p.size() * p.size()];
    let mut found = 0;
    go(p, &mut h, 0, cap, &mut found);
    found
}

#[test]
fn counts_with_empty_cells_and_diagonals_equal_a_brute_force_count() {
    // A small xorshift: the cases are the same on every run.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m
    };
    let cap = 40;
    let mut seen_counts = [0usize; 3];
    for round in 0..60 {
        let n = 3 + round % 3;
        let tallest = n - 1 - (next(2) as usize).min(n - 3);
        let diagonals = next(3) == 0;
        let clue = |next: &mut dyn FnMut(u64) -> u64| -> Option<u32> {
            (next(3) == 0).then(|| 1 + next(tallest as u64) as u32)
        };
        let clues: [Vec<Option<u32>>; 4] =
            std::array::from_fn(|_| (0..n).map(|_| clue(&mut next)).collect());
        let givens: Vec<Option<u32>> = (0..n * n)
            .map(|_| (next(12) == 0).then(|| next(tallest as u64 + 1) as u32))
            .collect();
        let p = SkyscrapersPuzzle::with_layout(n, tallest, diagonals, clues, givens).unwrap();
        let brute = brute_count(&p, cap);
        let (count, _) = Skyscrapers.count(&p, Some(cap), &limits());
        assert_eq!(count.count, brute, "round {round}:\n{p}");
        seen_counts[(brute as usize).min(2)] += 1;
    }
    // The cases include puzzles with none, one and several solutions.
    assert!(seen_counts.iter().all(|&k| k > 0), "{seen_counts:?}");
}
