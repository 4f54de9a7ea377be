//! Killer Sudoku: the text layout and Solo IDs read, written and read
//! back; hand-checked puzzles solved, unique and checked; the checker
//! naming the broken rule and its cells; and Tatham's generated killers of
//! every size and variant solved uniquely.

use gridcsp_puzzles::families::killer_sudoku::KillerSudoku;
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, RecordShape, Solved, Unique};
use proptest::prelude::*;

/// Hand-made on the grid 1234 / 3412 / 2143 / 4321 (cages checked by hand:
/// 1+2+4, 3+4+1, 3+2+4, 2+3, 1+4, 3+2+1); its uniqueness was checked
/// against all 288 4x4 Sudoku grids, and several simpler cage sets were
/// rejected there (two grids fit them).
const SMALL: &str = "\
4 4
7 - 8 -
9 - - 5
- 5 - -
- 6 - -
1 1 2 2
3 1 2 4
3 5 5 4
3 6 6 6
";
const SMALL_SOLUTION: &str = "4 4\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";

const SOLO: &str = include_str!("data/killer_sudoku.txt");

fn solo_ids() -> Vec<&'static str> {
    SOLO.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect()
}

fn unique(
    text: &str,
) -> (
    gridcsp_puzzles::families::sudoku::SudokuPuzzle,
    sudoku::Board,
) {
    let f = KillerSudoku;
    let p = f.parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (u, _) = f.uniqueness(&p, &Limits::default());
    let Unique::Unique(s) = u else {
        panic!("not unique: {u:?}\n{text}")
    };
    assert!(f.check(&p, &s).is_empty(), "{text}");
    (p, s)
}

#[test]
fn the_hand_checked_puzzle_has_one_solution() {
    let f = KillerSudoku;
    let (p, s) = unique(SMALL);
    assert_eq!(f.write_solution(&p, &s), SMALL_SOLUTION);
    assert_eq!(f.parse_solution(&p, SMALL_SOLUTION).unwrap(), s);
    let (Solved::Solution(t), _) = f.solve(&p, &Limits::default()) else {
        panic!("solvable")
    };
    assert_eq!(t, s);
    assert_eq!(f.write(&p), SMALL);
}

#[test]
fn text_and_solo_id_round_trip() {
    let f = KillerSudoku;
    let p = f.parse(SMALL).unwrap();
    let id = f.write_game_id(&p).unwrap();
    // Checked with Tatham's own solver (solo.c built with STANDALONE_SOLVER).
    assert_eq!(id, "2x2k:p,aa___a_bc_a__a_,7a8a9b5a5c6b");
    assert_eq!(f.parse(&id).unwrap(), p);
    // A sum may sit on any cell of its cage; it is written on the first.
    let moved = SMALL.replace("9 - - 5\n- 5 - -", "- - - 5\n9 5 - -");
    assert_eq!(f.parse(&moved).unwrap(), p);
    // Cage numbers are any labels.
    let relabelled = SMALL
        .replace("1 1 2 2", "8 8 2 2")
        .replace("3 1 2 4", "30 8 2 4")
        .replace("3 5 5 4", "30 50 50 4")
        .replace("3 6 6 6", "30 60 60 60");
    let q = f.parse(&relabelled).unwrap();
    assert_eq!(q, p);
}

#[test]
fn header_words_carry_diagonals_boxes_regions_and_givens() {
    let f = KillerSudoku;
    for id in solo_ids() {
        let p = f.parse(id).unwrap();
        let text = f.write(&p);
        let back = f.parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, p, "{id}\n{text}");
        assert_eq!(f.write_game_id(&back).as_deref(), Some(id));
        let RecordShape::Header { lines, .. } = f.info().shape else {
            panic!("a header shape")
        };
        let header = text.lines().next().unwrap();
        assert_eq!(lines(header), Some(text.lines().count() - 1), "{header}");
    }
    let with_givens =
        SMALL.replacen("4 4", "4 4 x givens", 1) + "1 - - -\n- - - -\n- - - -\n- - - 1\n";
    let p = f.parse(&with_givens).unwrap();
    assert!(p.variant.has_diagonals());
    assert_eq!(p.board.filled(), 2);
    assert_eq!(f.parse(&f.write(&p)).unwrap(), p);
}

#[test]
fn tathams_killers_are_solved_uniquely() {
    let ids = solo_ids();
    assert!(ids.len() >= 20, "{}", ids.len());
    for id in ids {
        let (p, s) = unique(id);
        assert!(p.variant.is_solution_of(&s, &p.board), "{id}");
    }
}

#[test]
fn tathams_killers_grade() {
    let f = KillerSudoku;
    for id in solo_ids().into_iter().step_by(6) {
        let p = f.parse(id).unwrap();
        let g = f
            .grade(&p, &Limits::default())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(g.rank < f.info().levels.len());
    }
}

#[test]
fn check_names_the_rule_and_the_cells() {
    let f = KillerSudoku;
    let p = f.parse(SMALL).unwrap();
    // Swap two values of row 1 in their cage: the row stays a permutation,
    // the boxes too, cage 1 still sums to 7, but the columns clash.
    let wrong = f
        .parse_solution(&p, "4 4\n2 1 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n")
        .unwrap();
    let v = f.check(&p, &wrong);
    assert!(
        v.iter()
            .any(|v| v.rule.contains("column 1") && v.cells.contains(&Cell::new(0, 0))),
        "{v:?}"
    );
    // Rows, columns and boxes fine, cage sums wrong: the transposed grid.
    let transposed = f
        .parse_solution(&p, "4 4\n1 3 2 4\n2 4 1 3\n3 1 4 2\n4 2 3 1\n")
        .unwrap();
    let v = f.check(&p, &transposed);
    let cage = v
        .iter()
        .find(|v| v.rule.starts_with("cage 1 must sum to 7 (it sums to 8)"))
        .unwrap_or_else(|| panic!("{v:?}"));
    assert_eq!(
        cage.cells,
        vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1)]
    );
    // A wrong sum in a cage down column 1.
    let q = f
        .parse("4 4\n5 - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n1 - - -\n- - - -\n- - - -\n")
        .unwrap();
    let mut grid = String::from("4 4\n");
    grid.push_str("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
    let s = f.parse_solution(&q, &grid).unwrap();
    let v = f.check(&q, &s);
    assert!(v.iter().any(|v| v.rule.contains("cage 1")), "{v:?}");
    let twice = "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n1 - - -\n- - - -\n- - - -\n";
    assert!(f.parse(twice).is_err(), "a cage without a sum");
    let q = f
        .parse("4 4\n3 - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n1 - - -\n- - - -\n- - - -\n")
        .unwrap();
    let s = f
        .parse_solution(&q, "4 4\n1 2 3 4\n1 4 2 3\n2 1 4 3\n4 3 1 2\n")
        .unwrap();
    let v = f.check(&q, &s);
    assert!(
        v.iter().any(|v| v.rule.contains("twice in cage 1")
            && v.cells == vec![Cell::new(0, 0), Cell::new(1, 0)]),
        "{v:?}"
    );
    // The givens: a cage no values can fill.
    let q = f
        .parse("4 4\n9 - - -\n- - - -\n- - - -\n- - - -\n1 1 - -\n- - - -\n- - - -\n- - - -\n")
        .unwrap();
    let v = f.check_givens(&q);
    assert!(v[0].rule.contains("cannot sum to 9"), "{v:?}");
}

#[test]
fn bad_tokens_name_their_line_and_column() {
    let f = KillerSudoku;
    let at = |text: &str| {
        let e = f
            .parse(text)
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{text}"));
        (e.line, e.column, e.message)
    };
    let (l, c, _) = at(&SMALL.replacen("9 -", "9 q", 1));
    assert_eq!((l, c), (Some(3), Some(3)));
    let (l, c, m) = at(&SMALL.replacen("9 -", "9 65", 1));
    assert_eq!((l, c), (Some(3), Some(3)), "{m}");
    let (l, c, _) = at(&SMALL.replacen("3 1 2 4", "3 1 x 4", 1));
    assert_eq!((l, c), (Some(7), Some(5)));
    let (l, c, m) = at(&SMALL.replacen("- 5 - -", "- 5 - 2", 1));
    assert_eq!((l, c), (Some(4), Some(7)), "{m}");
    assert!(m.contains("second sum"), "{m}");
    let (l, _, _) = at(&SMALL.replacen("- 6 - -", "- 6 -", 1));
    assert_eq!(l, Some(5));
    let (l, c, _) = at(&SMALL.replacen("4 4", "4 4 boxes", 1));
    assert_eq!((l, c), (Some(1), Some(5)));
    let (l, c, _) = at(&SMALL.replacen("4 4", "4 4 3x3", 1));
    assert_eq!((l, c), (Some(1), Some(5)));
    let (l, _, _) = at(&SMALL.replacen("4 4", "4 5", 1));
    assert_eq!(l, Some(1));
    let (l, _, _) = at(&format!("{SMALL}1 2 3 4\n"));
    assert_eq!(l, Some(10));
    // A sum on a cell outside every cage, and a cage without a sum.
    let (l, c, m) = at(&SMALL
        .replacen("3 1 2 4", "- 1 2 4", 1)
        .replacen("9 -", "- -", 1));
    assert!(m.contains("no sum"), "{m}");
    assert_eq!((l, c), (Some(8), Some(1)));
    let no_cage = SMALL.replacen("3 1 2 4", "- 1 2 4", 1);
    let (l, c, m) = at(&no_cage);
    assert_eq!((l, c), (Some(3), Some(1)), "{m}");
    // Solo IDs: the column of the ID.
    let (l, c, _) = at("2x2k:p,a______abbaa_a__,5a4_6_8_6d5b6Q");
    assert_eq!((l, c), (Some(1), Some(38)));
    let (_, _, m) = at("2x2:p");
    assert!(m.contains("not a killer"), "{m}");
    let (l, c, _) = at("\n  2x2k:p,a______abbaa_a__,5a4_6_8_6d5b6Q");
    assert_eq!((l, c), (Some(2), Some(40)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_never_panics(text in "[ 0-9a-z_,:x\\-\n]{0,80}") {
        let _ = KillerSudoku.parse(&text);
    }

    #[test]
    fn mutated_records_never_panic(pos in 0usize..400, ch in "[ 0-9a-zA-Z_,:\\-\n]", which in 0usize..3) {
        let ids = solo_ids();
        let base = match which {
            0 => SMALL.to_owned(),
            1 => ids[pos % ids.len()].to_owned(),
            _ => KillerSudoku.write(&KillerSudoku.parse(ids[pos % ids.len()]).unwrap()),
        };
        let mut chars: Vec<char> = base.chars().collect();
        let i = pos % chars.len();
        chars[i] = ch.chars().next().unwrap_or(' ');
        let text: String = chars.into_iter().collect();
        if let Ok(p) = KillerSudoku.parse(&text) {
            let again = KillerSudoku.parse(&KillerSudoku.write(&p));
            prop_assert_eq!(again.ok(), Some(p));
        }
    }
}

#[test]
fn the_generator_makes_unique_puzzles_of_the_level_asked() {
    let f = KillerSudoku;
    for (n, level) in [(4, 0), (6, 0), (6, 1), (9, 0), (9, 1), (9, 2)] {
        let o = GenerateOptions::new(n, n, level).with_seed(7);
        let made = f
            .generate(&o)
            .unwrap_or_else(|e| panic!("{n}x{n} level {level}: {e}"));
        assert_eq!(made.grade.rank, level);
        assert_eq!(
            f.grade(&made.puzzle, &Limits::default()).unwrap().rank,
            level
        );
        let (u, _) = f.uniqueness(&made.puzzle, &Limits::default());
        assert_eq!(u, Unique::Unique(made.solution.clone()));
        assert!(f.check(&made.puzzle, &made.solution).is_empty());
        let again = f.generate(&o).unwrap();
        assert_eq!(again.puzzle, made.puzzle, "same seed, same puzzle");
        let text = f.write(&made.puzzle);
        assert_eq!(f.parse(&text).unwrap(), made.puzzle, "{text}");
    }
    assert!(f.generate(&GenerateOptions::new(10, 10, 0)).is_err());
    assert!(f.generate(&GenerateOptions::new(9, 9, 4)).is_err());
}

/// janko.at Killer Sudoku 196 (`https://www.janko.at/Raetsel/Sudoku/Killer/196.a.htm`),
/// a "Killer X" in janko's layout, which does not mark the diagonals.
const JANKO_196: &str = "9 9
11 - 14 14 13 - - 12 -
12 - - - 13 - 3 - 9
- - 9 - 11 16 - 15 -
6 - 10 - - 13 - - -
16 - - 18 2 - 21 - -
15 - - - 10 9 - 4 -
17 - 6 - - 10 - 18 -
- 5 - 16 - 11 4 16 -
13 - 13 - - - - - -
30 30 35 37 40 40 40 41 41
34 30 35 37 31 31 32 32 33
34 34 36 36 38 39 39 10 33
42 42 43 43 38 44 44 10 10
11 11 11 15 12 44 13 13 13
14 14 15 15 19 16 16 17 17
22 14 18 18 19 20 20 21 21
22 23 23 24 24 28 29 25 21
26 26 27 27 27 28 29 25 25
";
const JANKO_196_SOLUTION: &str = "9 9
1 4 9 6 3 2 8 7 5
7 6 5 8 4 9 2 1 3
3 2 8 1 5 7 9 4 6
5 1 7 3 6 8 4 9 2
4 9 3 5 2 1 6 8 7
2 8 6 7 9 4 5 3 1
9 5 4 2 1 3 7 6 8
8 3 2 9 7 6 1 5 4
6 7 1 4 8 5 3 2 9
";

/// A user states the diagonals with `x` after the header: then the
/// published solution is the only one; without it there are two.
#[test]
fn janko_killer_x_needs_its_x() {
    let f = KillerSudoku;
    let with_x = JANKO_196.replacen("9 9", "9 9 x", 1);
    let (p, s) = unique(&with_x);
    assert!(p.variant.has_diagonals());
    assert_eq!(f.write_solution(&p, &s), JANKO_196_SOLUTION);
    let written = f.write(&p);
    assert!(written.starts_with("9 9 x\n"), "{written}");
    assert_eq!(f.parse(&written).unwrap(), p);
    let plain = f.parse(JANKO_196).unwrap();
    assert!(matches!(
        f.uniqueness(&plain, &Limits::default()).0,
        Unique::Multiple(..)
    ));
}
