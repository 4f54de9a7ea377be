//! Jigsaw Sudoku: the text layout and Solo IDs read, written and read
//! back; a hand-checked puzzle solved, unique and checked; the checker
//! naming the broken rule and its cells; Tatham's generated jigsaws of
//! every difficulty and size solved uniquely; the generator.

use gridcsp_puzzles::families::jigsaw_sudoku::JigsawSudoku;
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, RecordShape, Solved, Unique};
use proptest::prelude::*;

/// Regions: an L down column 1, an L down column 4, the centre, row 4.
/// Solution checked by hand (rows, columns and the four regions); its
/// uniqueness with these three givens was checked against all 144 grids
/// these regions allow.
const SMALL: &str = "\
4 4
1 - - -
- - - -
- 3 - -
- 4 - -
1 1 2 2
1 3 3 2
1 3 3 2
4 4 4 4
";
const SMALL_SOLUTION: &str = "4 4\n1 2 3 4\n3 1 4 2\n4 3 2 1\n2 4 1 3\n";

const SOLO: &str = include_str!("data/jigsaw_sudoku.txt");

fn solo_ids() -> Vec<&'static str> {
    SOLO.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect()
}

#[test]
fn the_hand_checked_puzzle_has_one_solution() {
    let f = JigsawSudoku;
    let p = f.parse(SMALL).unwrap();
    let (Unique::Unique(s), _) = f.uniqueness(&p, &Limits::default()) else {
        panic!("unique")
    };
    assert!(f.check(&p, &s).is_empty());
    assert_eq!(f.write_solution(&p, &s), SMALL_SOLUTION);
    assert_eq!(f.parse_solution(&p, SMALL_SOLUTION).unwrap(), s);
    let (Solved::Solution(t), _) = f.solve(&p, &Limits::default()) else {
        panic!("solvable")
    };
    assert_eq!(t, s);
    assert_eq!(f.write(&p), SMALL);
    let id = f.write_game_id(&p).unwrap();
    // Checked with Tatham's own solver (solo.c built with STANDALONE_SOLVER).
    assert_eq!(id, "4j:1h3c4b,aaa_ae_a_ab_");
    assert_eq!(f.parse(&id).unwrap(), p);
}

#[test]
fn tathams_jigsaws_are_solved_uniquely_and_round_trip() {
    let f = JigsawSudoku;
    let ids = solo_ids();
    assert!(ids.len() >= 25, "{}", ids.len());
    let RecordShape::Header { lines, .. } = f.info().shape else {
        panic!("a header shape")
    };
    for id in ids {
        let p = f.parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(f.write_game_id(&p).as_deref(), Some(id));
        let text = f.write(&p);
        assert_eq!(f.parse(&text).unwrap(), p, "{text}");
        let header = text.lines().next().unwrap();
        assert_eq!(lines(header), Some(text.lines().count() - 1));
        let (Unique::Unique(s), _) = f.uniqueness(&p, &Limits::default()) else {
            panic!("{id}: not unique")
        };
        assert!(f.check(&p, &s).is_empty(), "{id}");
        assert!(p.variant.is_solution_of(&s, &p.board));
    }
}

#[test]
fn check_names_the_rule_and_the_cells() {
    let f = JigsawSudoku;
    let p = f.parse(SMALL).unwrap();
    // Rows and columns are a Latin square, but region 1 (r1c1 r1c2 r2c1
    // r3c1) holds 1, 2, 2, 3.
    let s = f
        .parse_solution(&p, "4 4\n1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 1\n")
        .unwrap();
    let v = f.check(&p, &s);
    let region = v
        .iter()
        .find(|v| v.rule == "2 appears twice in region 1")
        .unwrap_or_else(|| panic!("{v:?}"));
    assert_eq!(region.cells, vec![Cell::new(0, 1), Cell::new(1, 0)]);
    // A changed given.
    let s = f.parse_solution(&p, SMALL_SOLUTION).unwrap();
    assert!(f.check(&p, &s).is_empty());
    let q = f.parse(&SMALL.replacen("1 - - -", "2 - - -", 1)).unwrap();
    let v = f.check(&q, &s);
    assert!(
        v.iter()
            .any(|v| v.rule == "the givens must be kept" && v.cells == vec![Cell::new(0, 0)]),
        "{v:?}"
    );
    // Givens that already clash.
    let q = f.parse(&SMALL.replacen("- - - -", "1 - - -", 1)).unwrap();
    let v = f.check_givens(&q);
    assert!(
        v.iter().any(|v| v.rule == "1 appears twice in region 1"),
        "{v:?}"
    );
}

#[test]
fn bad_tokens_name_their_line_and_column() {
    let f = JigsawSudoku;
    let at = |text: &str| {
        let e = f
            .parse(text)
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{text}"));
        (e.line, e.column, e.message)
    };
    let (l, c, _) = at(&SMALL.replacen("- 3", "- 5", 1));
    assert_eq!((l, c), (Some(4), Some(3)));
    let (l, c, _) = at(&SMALL.replacen("- 3 - -", "- 3 - q", 1));
    assert_eq!((l, c), (Some(4), Some(7)));
    let (l, c, m) = at(&SMALL.replacen("4 4 4 4", "4 4 4 3", 1));
    assert_eq!((l, c), (Some(9), Some(7)), "{m}");
    let (l, c, _) = at(&SMALL.replacen("1 3 3 2", "1 3 - 2", 1));
    assert_eq!((l, c), (Some(7), Some(5)));
    let (l, c, _) = at(&SMALL.replacen("4 4\n", "4 4 regions\n", 1));
    assert_eq!((l, c), (Some(1), Some(5)));
    let (l, _, _) = at(&SMALL.replacen("1 1 2 2", "1 1 2", 1));
    assert_eq!(l, Some(6));
    let (_, _, m) = at("2x2:p");
    assert!(m.contains("not a jigsaw"), "{m}");
    let (_, _, m) = at("2x2k:p,a______abbaa_a__,5a4_6_8_6d5b6b");
    assert!(m.contains("killer"), "{m}");
    let (l, c, _) = at("4j:1h3c4b,aaa_ae_a_ab!");
    assert_eq!((l, c), (Some(1), Some(22)));
}

#[test]
fn the_generator_makes_unique_puzzles_of_the_level_asked() {
    let f = JigsawSudoku;
    for (n, level) in [(6, 0), (9, 0), (9, 1)] {
        let o = GenerateOptions::new(n, n, level).with_seed(5);
        let made = f.generate(&o).unwrap();
        assert_eq!(made.grade.rank, level);
        let (u, _) = f.uniqueness(&made.puzzle, &Limits::default());
        assert_eq!(u, Unique::Unique(made.solution.clone()));
        assert!(f.write_game_id(&made.puzzle).is_some());
        let again = f.generate(&o).unwrap();
        assert_eq!(again.puzzle, made.puzzle);
    }
    assert!(f.generate(&GenerateOptions::new(9, 8, 0)).is_err());
    assert!(f.generate(&GenerateOptions::new(9, 9, 17)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_never_panics(text in "[ 0-9a-z_,:jx\\-\n]{0,80}") {
        let _ = JigsawSudoku.parse(&text);
    }

    #[test]
    fn mutated_records_never_panic(pos in 0usize..400, ch in "[ 0-9a-zA-Z_,:\\-\n]", which in 0usize..3) {
        let ids = solo_ids();
        let base = match which {
            0 => SMALL.to_owned(),
            1 => ids[pos % ids.len()].to_owned(),
            _ => JigsawSudoku.write(&JigsawSudoku.parse(ids[pos % ids.len()]).unwrap()),
        };
        let mut chars: Vec<char> = base.chars().collect();
        let i = pos % chars.len();
        chars[i] = ch.chars().next().unwrap_or(' ');
        let text: String = chars.into_iter().collect();
        if let Ok(p) = JigsawSudoku.parse(&text) {
            let again = JigsawSudoku.parse(&JigsawSudoku.write(&p));
            prop_assert_eq!(again.ok(), Some(p));
        }
    }
}
