//! Kakuro: the hand-checked example of issue 10, the text layout (round
//! trip, every bad token named), `check`, the ladder and the generator.

use gridcsp_puzzles::families::kakuro::{Kakuro, KakuroPuzzle, KakuroSolution};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, ParseError, Unique};
use proptest::prelude::*;

const F: Kakuro = Kakuro::STANDARD;

/// Issue 10's example. By hand: the right runs sum 4 and 3 in two cells,
/// so {1,3} and {1,2}; the down run below r1c3 sums 3: {1,2}, so r2c3 is
/// 1 (in {1,3} and {1,2}), r2c2 = 3, r3c2 = 4 - 3 = 1, r3c3 = 2.
const SMALL: &str = "3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n";
const SMALL_SOLUTION: &str = "3 3\n- - -\n- 3 1\n- 1 2\n";

/// A 5x5 layout for the parser's tests (clues of one and two sides,
/// aligned with extra spaces).
const MEDIUM: &str = "5 5\n\
-  -    23,  6,   -\n\
- ,16   0    0    17,\n\
- 9,17  0    0    0\n\
,8 0    0    10,  16,\n\
,14 0   0    0    0\n";

fn unique(p: &KakuroPuzzle) -> KakuroSolution {
    match F.uniqueness(p, &Limits::default()).0 {
        Unique::Unique(s) => s,
        other => panic!("not unique: {other:?}\n{}", F.write(p)),
    }
}

#[test]
fn the_issue_example_solves_uniquely() {
    let p = F.parse(SMALL).unwrap();
    let s = unique(&p);
    assert_eq!(F.write_solution(&p, &s), SMALL_SOLUTION);
    assert!(F.check(&p, &s).is_empty());
    assert!(F.check_givens(&p).is_empty());
    assert_eq!(F.parse_solution(&p, SMALL_SOLUTION).unwrap(), s);
    // Root propagation of the runs' combinations solves it.
    assert_eq!(F.grade(&p, &Limits::default()).unwrap().rank, 1);
}

#[test]
fn runs_are_found_and_described() {
    let p = F.parse(SMALL).unwrap();
    let names: Vec<String> = p.runs().iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        [
            "the run right of r2c1 (sum 4)",
            "the run right of r3c1 (sum 3)",
            "the run below r1c2 (sum 4)",
            "the run below r1c3 (sum 3)",
        ]
    );
    assert_eq!(p.runs()[2].cells, [Cell::new(1, 1), Cell::new(2, 1)]);
}

#[test]
fn text_layout_round_trips() {
    for text in [SMALL, MEDIUM] {
        let p = F.parse(text).unwrap();
        assert_eq!(F.parse(&F.write(&p)).unwrap(), p);
    }
    for seed in 0..5 {
        let g = F
            .generate(&GenerateOptions::new(7, 7, 1).with_seed(seed))
            .unwrap();
        assert_eq!(F.parse(&F.write(&g.puzzle)).unwrap(), g.puzzle);
    }
}

#[test]
fn check_names_the_rule_and_the_cells() {
    let p = F.parse(SMALL).unwrap();
    let s = F.parse_solution(&p, "3 3\n- - -\n- 1 3\n- 3 2\n").unwrap();
    let v = F.check(&p, &s);
    assert!(
        v.iter().any(|v| v.rule
            == "the run right of r3c1 (sum 3) must add up to 3 (it adds up to 5)"
            && v.cells == [Cell::new(2, 1), Cell::new(2, 2)]),
        "{v:?}"
    );
    let s = F.parse_solution(&p, "3 3\n- - -\n- 2 2\n- 1 2\n").unwrap();
    let v = F.check(&p, &s);
    assert!(
        v.iter()
            .any(|v| v.rule == "the run right of r2c1 (sum 4) holds 2 twice"
                && v.cells == [Cell::new(1, 1), Cell::new(1, 2)]),
        "{v:?}"
    );
    let s = F.parse_solution(&p, "3 3\n- - -\n- 3 1\n- 1 -\n").unwrap();
    assert!(F.check(&p, &s).iter().any(|v| v.cells == [Cell::new(2, 2)]));
    // A digit on a block is not a solution.
    let s = F.parse_solution(&p, "3 3\n5 - -\n- 3 1\n- 1 2\n").unwrap();
    let v = F.check(&p, &s);
    assert!(
        v.iter()
            .any(|v| v.rule == "blocks hold no digit" && v.cells == [Cell::new(0, 0)]),
        "{v:?}"
    );
    let e = F
        .parse_solution(&p, "3 3\n- - -\n- 3 1\n- 1 x\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(5)));
}

#[test]
fn impossible_sums_are_named() {
    let p = F.parse("3 3\n- 4, 18,\n,4 0 0\n,3 0 0\n").unwrap();
    let v = F.check_givens(&p);
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(
        v[0].rule
            .starts_with("the run below r1c3 (sum 18) cannot add up to 18")
    );
    assert_eq!(F.uniqueness(&p, &Limits::default()).0, Unique::None);
}

fn error_at(text: &str) -> ParseError {
    F.parse(text).expect_err(text)
}

#[test]
fn bad_text_names_its_line_and_column() {
    let cases: &[(&str, usize, usize)] = &[
        ("3 3\n- 4, 3,\n,4 0 x\n,3 0 0\n", 3, 6),
        ("3 3\n- 4, 3,\n,4 0 0\n,3 0 7\n", 4, 6),
        ("3 3\n- 4, 3,\n,46 0 0\n,3 0 0\n", 3, 2),
        ("3 3\n- 4,q 3,\n,4 0 0\n,3 0 0\n", 2, 5),
        ("3 3\n- 4, 3,\n,4 0 0\n,3 0 0 0\n", 4, 1),
        ("3 3\n- 4, ,3\n,4 0 0\n,3 0 0\n", 2, 6),
        ("3 3\n- 4, 3,\n,4 0 0\n", 4, 1),
        ("3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n0 0 0\n", 5, 1),
        ("3 x\n", 1, 3),
    ];
    for &(text, line, column) in cases {
        let e = error_at(text);
        assert_eq!(e.line, Some(line), "{e}\n{text}");
        if e.column.is_some() {
            assert_eq!(e.column, Some(column), "{e}\n{text}");
        }
    }
}

/// Every level at a size where it comes up (easy puzzles are small: see
/// `docs/formats/kakuro.md`): what is made is unique, graded as asked, and
/// the same seed makes the same puzzle.
#[test]
fn generated_puzzles_are_unique_and_of_the_level_asked() {
    let limits = Limits::default();
    for (level, n) in [(0, 5), (1, 7), (2, 7)] {
        let mut made = 0;
        for seed in 0..6 {
            let o = GenerateOptions::new(n, n, level).with_seed(seed);
            let Ok(g) = F.generate(&o) else { continue };
            made += 1;
            assert_eq!(unique(&g.puzzle), g.solution);
            assert!(F.check(&g.puzzle, &g.solution).is_empty());
            assert_eq!(F.grade(&g.puzzle, &limits).unwrap().rank, level);
            assert_eq!(F.generate(&o).unwrap().puzzle, g.puzzle, "same seed");
        }
        assert!(made > 0, "level {level} at {n}x{n}");
    }
    assert!(F.generate(&GenerateOptions::new(2, 7, 0)).is_err());
    assert!(F.generate(&GenerateOptions::new(7, 7, 5)).is_err());
}

#[test]
fn render_draws_clues_and_digits() {
    let p = F.parse(SMALL).unwrap();
    let s = unique(&p);
    let svg = F.render(&p, Some(&s), &gridcsp_puzzles::RenderOptions::default());
    assert!(svg.contains(">4<") && svg.contains(">3<") && svg.contains(">2<"));
    assert!(svg.trim_end().ends_with("</svg>"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = F.parse(&text);
    }

    #[test]
    fn mutated_records_never_panic(
        at in 0usize..200,
        ch in prop::sample::select(vec!['0', '9', ',', '-', ' ', '\n', 'x', '4']),
        delete in any::<bool>(),
    ) {
        let mut text: Vec<char> = MEDIUM.chars().collect();
        let i = at % text.len();
        if delete { text.remove(i); } else { text[i] = ch; }
        let text: String = text.into_iter().collect();
        if let Ok(p) = F.parse(&text) {
            prop_assert_eq!(F.parse(&F.write(&p)).unwrap(), p.clone());
            let _ = F.check_givens(&p);
        }
    }
}

/// Nikoli's two "Hard" Kakuro of Gecode's `examples/kakuro.cpp` (by Yuichi
/// Saito, 12x20, and by mimic, 14x22; sources in
/// `benches/data/catalogue/README.md`): each solves, uniquely, and checks.
#[test]
fn published_puzzles_solve_uniquely_and_check() {
    for text in [
        include_str!("../../../benches/data/catalogue/kakuro_gecode6_saito.txt"),
        include_str!("../../../benches/data/catalogue/kakuro_gecode7_mimic.txt"),
    ] {
        let p = F.parse(text).unwrap();
        assert!(F.check_givens(&p).is_empty());
        let s = unique(&p);
        assert!(F.check(&p, &s).is_empty());
        assert_eq!(F.parse_solution(&p, &F.write_solution(&p, &s)).unwrap(), s);
    }
}
