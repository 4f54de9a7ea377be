//! The Nonogram family: hand-checked instances, both formats and their
//! round trips, every bad token's line and column, the rule checker, the
//! grade ladder, published puzzles (Tatham's Pattern, webpbn.com) and the
//! generator.

use gridcsp_puzzles::families::nonogram::{Nonogram, NonogramPuzzle, NonogramSolution};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, ParseError, Solved, Unique};
use proptest::prelude::*;

/// An "A": worked by hand. Row 3 (5) is full; row 1 (3) and column 3
/// (1 1) leave only the crossbar and the two legs.
const A: &str = "5 5\n4\n3\n1 1\n3\n4\n3\n2 2\n5\n1 1\n1 1\n";
const A_SOLVED: &str = "5 5\n- x x x -\nx x - x x\nx x x x x\nx - - - x\nx - - - x\n";

/// A 3 x 3 with an empty row: row 1 is full, so column 2's single run is
/// at the top and row 3 (1 1) takes both corners.
const EMPTY_ROW: &str = "3 3\n1 1\n1\n1 1\n3\n0\n1 1\n";
const EMPTY_ROW_SOLVED: &str = "3 3\nx x x\n- - -\nx - x\n";

fn parse(text: &str) -> NonogramPuzzle {
    Nonogram
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn solve(p: &NonogramPuzzle) -> NonogramSolution {
    match Nonogram.uniqueness(p, &Limits::default()).0 {
        Unique::Unique(s) => s,
        other => panic!("expected one solution, got {other:?}"),
    }
}

/// Every record of a data file: `#` lines are comments, a line with `:`
/// is a game ID, any other record ends at an empty line.
fn records(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = String::new();
    for line in text.lines() {
        if block.is_empty() && (line.trim().is_empty() || line.starts_with('#')) {
            continue;
        }
        if block.is_empty() && line.contains(':') {
            out.push(line.trim().to_owned());
        } else if line.trim().is_empty() {
            out.push(std::mem::take(&mut block));
        } else {
            block.push_str(line);
            block.push('\n');
        }
    }
    if !block.is_empty() {
        out.push(block);
    }
    out
}

#[test]
fn hand_checked_instances_solve_uniquely_and_check() {
    for (text, expected) in [(A, A_SOLVED), (EMPTY_ROW, EMPTY_ROW_SOLVED)] {
        let p = parse(text);
        let s = solve(&p);
        assert_eq!(Nonogram.write_solution(&p, &s), expected);
        assert!(Nonogram.check(&p, &s).is_empty());
        let back = Nonogram.parse_solution(&p, expected).unwrap();
        assert_eq!(back, s);
    }
}

#[test]
fn two_diagonals_are_two_solutions_until_a_cell_is_given() {
    let p = parse("2 2\n1\n1\n1\n1\n");
    assert!(matches!(
        Nonogram.uniqueness(&p, &Limits::default()).0,
        Unique::Multiple(..)
    ));
    // Tatham's clue squares: `A` gives cell 0 filled, `d` skips the rest.
    let given = parse("2x2:1/1/1/1,Ad");
    assert_eq!(given.given(Cell::new(0, 0)), Some(true));
    assert_eq!(given.given(Cell::new(1, 1)), None);
    let s = solve(&given);
    assert_eq!(Nonogram.write_solution(&given, &s), "2 2\nx -\n- x\n");
    // Lower case gives an empty cell: the other diagonal.
    let s = solve(&parse("2x2:1/1/1/1,ac"));
    assert!(!s.filled(0, 0) && s.filled(0, 1));
}

#[test]
fn clashing_totals_and_impossible_lines_have_no_solution() {
    // Rows ask for 2 cells, columns for 1.
    let p = parse("2 2\n1\n0\n1\n1\n");
    assert!(!Nonogram.check_givens(&p).is_empty());
    assert!(matches!(
        Nonogram.solve(&p, &Limits::default()).0,
        Solved::Unsolvable
    ));
    // Equal totals, no grid: row 1 is full, column 2 empty.
    let p = parse("2 2\n2\n0\n2\n0\n");
    assert!(matches!(
        Nonogram.solve(&p, &Limits::default()).0,
        Solved::Unsolvable
    ));
}

#[test]
fn text_layout_and_game_id_round_trip() {
    for text in [A, EMPTY_ROW, "2 2 givens\n1\n1\n1\n1\nx ?\n? -\n"] {
        let p = parse(text);
        let written = Nonogram.write(&p);
        assert_eq!(written, text);
        let id = Nonogram.write_game_id(&p).unwrap();
        assert_eq!(parse(&id), p, "{id}");
        assert_eq!(Nonogram.write_game_id(&parse(&id)).unwrap(), id);
    }
    assert_eq!(
        Nonogram.write_game_id(&parse(EMPTY_ROW)).unwrap(),
        "3x3:1.1/1/1.1/3//1.1"
    );
    // Tatham's run-length givens: 25 unknown cells in a row take `z`.
    let mut big = parse("6x5://////////");
    assert_eq!((big.rows(), big.cols()), (5, 6));
    big.set_given(Cell::new(4, 5), Some(false));
    let id = Nonogram.write_game_id(&big).unwrap();
    assert!(id.ends_with(",ze"), "{id}");
    assert_eq!(parse(&id), big);
}

#[test]
fn a_square_id_may_give_one_side() {
    let p = parse("2:1/1/1/1");
    assert_eq!((p.rows(), p.cols()), (2, 2));
}

fn error(text: &str) -> ParseError {
    match Nonogram.parse(text) {
        Ok(p) => panic!("accepted {text:?} as {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn every_bad_token_names_its_line_and_column() {
    let cases: &[(&str, usize, usize)] = &[
        ("5 x\n", 1, 3),
        ("0 2\n", 1, 1),
        ("2 2 foo\n1\n1\n1\n1\n", 1, 5),
        ("2 2\n1\n1\n1\n1a\n", 5, 1),
        ("2 2\n1\n3\n1\n1\n", 3, 1),
        ("2 2\n1 1\n1\n1\n1\n", 2, 3),
        ("2 2\n1\n0 1\n1\n1\n", 3, 1),
        ("2 2\n1\n1\n1\n-1\n", 5, 1),
        ("2 2\n1\n  1 x\n1\n1\n", 3, 5),
        ("2 2 givens\n1\n1\n1\n1\nx ?\n? q\n", 7, 3),
        ("2 2 givens\n1\n1\n1\n1\nx?\n?y\n", 7, 2),
        ("2x2:1/1/1/x", 1, 11),
        ("2y2:1/1/1/1", 1, 1),
        ("2x0:1/1/1/1", 1, 3),
        ("2x2:1/1/3/1", 1, 9),
        ("2x2:1/1.1/1/1", 1, 9),
        ("2x2:1/1/1/1/1", 1, 12),
        ("2x2:1/1/1/1,A!", 1, 14),
        ("2x2:1/1/1/1,Aa1", 1, 15),
        ("  2x2:1/1/1/0.1", 3 - 2, 13),
        ("\n\n2x2:1/1/1/1,Adb", 3, 15),
    ];
    for &(text, line, column) in cases {
        let e = error(text);
        assert_eq!(
            (e.line, e.column),
            (Some(line), Some(column)),
            "{text:?}: {e}"
        );
    }
    // A missing line names the line where it should be.
    assert_eq!(error("2 2\n1\n1\n1\n").line, Some(5));
    assert_eq!(error("2x2:1/1/1").line, Some(1));
    assert_eq!(error("2x2:1/1/1/1,A").line, Some(1));
    // Text after the record.
    assert_eq!(error("2 2\n1\n1\n1\n1\n1\n").line, Some(6));
}

#[test]
fn a_bad_solution_token_names_its_line_and_column() {
    let p = parse(A);
    let e = Nonogram
        .parse_solution(
            &p,
            "5 5\n- x x x -\nx x - x x\nx x o x x\nx - - - x\nx - - - x\n",
        )
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(5)));
    let e = Nonogram.parse_solution(&p, "5 4\n").unwrap_err();
    assert_eq!(e.line, Some(1));
}

#[test]
fn check_names_the_broken_line_and_its_cells() {
    let p = parse(A);
    let mut cells = parse_grid(A_SOLVED);
    // Empty r3c3 (row 3 of the picture, counting from 1): breaks row 3 and
    // column 3.
    cells[2 * 5 + 2] = false;
    let s = NonogramSolution::new(5, 5, cells).unwrap();
    let broken = Nonogram.check(&p, &s);
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].rule.starts_with("row 3:"), "{}", broken[0].rule);
    assert!(broken[0].rule.contains("2 2"), "{}", broken[0].rule);
    assert_eq!(broken[0].cells.len(), 5);
    assert!(broken[0].cells.iter().all(|c| c.row == 2));
    assert!(
        broken[1].rule.starts_with("column 3:"),
        "{}",
        broken[1].rule
    );
    assert!(broken[1].cells.iter().all(|c| c.col == 2));
    // A given cell that the answer contradicts is named alone.
    let given = parse("2x2:1/1/1/1,Ad");
    let anti = NonogramSolution::new(2, 2, vec![false, true, true, false]).unwrap();
    let broken = Nonogram.check(&given, &anti);
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0].cells, vec![Cell::new(0, 0)]);
}

#[test]
fn check_givens_names_lines_their_givens_break() {
    assert!(Nonogram.check_givens(&parse("2x2:1/1/1/1,Ad")).is_empty());
    // Row 1 (clue 1) with both cells given filled.
    let broken = Nonogram.check_givens(&parse("2x2:1/1/1/1,AAc"));
    assert!(!broken.is_empty());
    assert!(
        broken[0].rule.starts_with("row 1 (1)"),
        "{}",
        broken[0].rule
    );
    assert_eq!(broken[0].cells, vec![Cell::new(0, 0), Cell::new(0, 1)]);
}

fn parse_grid(solution: &str) -> Vec<bool> {
    solution
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace().map(|t| t == "x"))
        .collect()
}

#[test]
fn describe_constraint_names_rows_and_columns() {
    let p = parse(A);
    let built = Nonogram.build(&p).unwrap();
    let names: Vec<String> = built
        .model
        .constraints()
        .map(|(c, _)| Nonogram.describe_constraint(&p, &built, c))
        .collect();
    assert_eq!(names.len(), 10);
    assert_eq!(names[0], "row 1 (3)");
    assert_eq!(names[1], "row 2 (2 2)");
    assert_eq!(names[7], "column 3 (1 1)");
}

#[test]
fn explanations_name_lines() {
    let p = parse(A);
    let explained = Nonogram.explain(&p, &Limits::default()).unwrap();
    let text = explained.to_string();
    assert!(text.contains("row 3 (5)"), "{text}");
}

/// Tatham's Pattern (Debian sgt-puzzles), `sgt-pattern --generate`: his
/// generator keeps a picture only when his line solver finishes it, so
/// every one is unique and grades below search on our ladder.
#[test]
fn tatham_ids_solve_uniquely_without_search() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benches/data/nonogram");
    let mut seen = 0;
    for file in ["tatham_5x5", "tatham_10x10", "tatham_7x12", "tatham_20x10"] {
        let text = std::fs::read_to_string(format!("{dir}/{file}.txt")).unwrap();
        for id in records(&text).iter().take(25) {
            let p = parse(id);
            assert_eq!(Nonogram.write_game_id(&p).as_deref(), Some(id.as_str()));
            let s = solve(&p);
            assert!(Nonogram.check(&p, &s).is_empty(), "{id}");
            let grade = Nonogram.grade(&p, &Limits::default()).unwrap();
            assert!(grade.rank < 2, "{id}: {grade}");
            seen += 1;
        }
    }
    assert_eq!(seen, 100);
}

/// Published puzzles from webpbn.com (Jan Wolter's site), by number.
#[test]
fn published_webpbn_puzzles_solve_uniquely() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../benches/data/nonogram/webpbn.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let all = records(&text);
    assert!(all.len() >= 3);
    for r in &all {
        let p = parse(r);
        assert_eq!(Nonogram.write(&p), *r);
        let s = solve(&p);
        assert!(Nonogram.check(&p, &s).is_empty());
    }
}

#[test]
fn the_ladder_separates_overlap_line_solving_and_search() {
    // The A needs more than overlap: row 1 (3 in 5) gives only its centre.
    let p = parse(A);
    let g = Nonogram.grade(&p, &Limits::default()).unwrap();
    assert!(g.rank <= 1, "{g}");
    // A full row and column: overlap alone.
    let easy = parse("2 2\n2\n1\n2\n1\n");
    assert_eq!(Nonogram.grade(&easy, &Limits::default()).unwrap().rank, 0);
}

#[test]
fn the_generator_makes_unique_puzzles_of_each_level_reproducibly() {
    for level in 0..3 {
        let options = GenerateOptions::new(10, 10, level).with_seed(7);
        let made = Nonogram.generate(&options).unwrap();
        assert_eq!(made.grade.rank, level);
        let s = solve(&made.puzzle);
        assert_eq!(s, made.solution);
        assert_eq!(
            Nonogram
                .grade(&made.puzzle, &Limits::default())
                .unwrap()
                .rank,
            level
        );
        let again = Nonogram.generate(&options).unwrap();
        assert_eq!(again.puzzle, made.puzzle);
    }
    assert!(Nonogram.generate(&GenerateOptions::new(1, 10, 0)).is_err());
    assert!(Nonogram.generate(&GenerateOptions::new(10, 10, 3)).is_err());
}

#[test]
fn render_draws_clues_and_cells() {
    let p = parse(A);
    let s = solve(&p);
    let svg = Nonogram.render(&p, Some(&s), &Default::default());
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains(">2</text>") || svg.contains(">2<"));
}

proptest! {
    #[test]
    fn parse_never_panics_on_any_text(text in "\\PC{0,80}") {
        let _ = Nonogram.parse(&text);
    }

    #[test]
    fn parse_never_panics_on_mutated_records(
        which in 0usize..3,
        at in 0usize..64,
        ch in prop::sample::select(vec!['0', '1', '9', ' ', '\n', '/', '.', ',', ':', 'x', 'A', 'z', '-', '#']),
    ) {
        let base = [A.to_owned(), "2x2:1/1/1/1,Ad".to_owned(), "5x5:4/3/2/1.1/1.1/1.2/2/2/3/3".to_owned()];
        let mut chars: Vec<char> = base[which].chars().collect();
        let k = at % (chars.len() + 1);
        if k < chars.len() {
            chars[k] = ch;
        } else {
            chars.push(ch);
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Nonogram.parse(&text) {
            // Whatever parses writes and reads back the same.
            let again = Nonogram.parse(&Nonogram.write(&p)).unwrap();
            prop_assert_eq!(&again, &p);
            let id = Nonogram.write_game_id(&p).unwrap();
            prop_assert_eq!(Nonogram.parse(&id).unwrap(), p);
        }
    }
}
