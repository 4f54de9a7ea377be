//! The sudoku family reads janko.at's layout: a header line `N N` (with
//! `x` or a box shape), then `N` rows of givens, values past 9 as numbers.
//! The puzzles below are janko.at's, with their published solutions.

use gridcsp_puzzles::families::sudoku::{Sudoku, is_janko_layout};
use gridcsp_puzzles::{Family, Limits, Unique};

/// janko.at Sudoku 1 (9x9) and its published solution.
const JANKO_1: &str = concat!(
    "9 9\n",
    "2 1 - 4 - - - 3 6\n",
    "8 - - - - - - - 5\n",
    "- - 5 3 - 9 8 - -\n",
    "6 - 4 9 - 7 1 - -\n",
    "- - - - 3 - - - -\n",
    "- - 7 5 - 4 6 - 2\n",
    "- - 6 2 - 3 5 - -\n",
    "5 - - - - - - - 9\n",
    "9 3 - - - 5 - 2 7\n",
);
const JANKO_1_SOLUTION: &str = concat!(
    "9 9\n",
    "2 1 9 4 5 8 7 3 6\n",
    "8 4 3 1 7 6 2 9 5\n",
    "7 6 5 3 2 9 8 4 1\n",
    "6 2 4 9 8 7 1 5 3\n",
    "1 5 8 6 3 2 9 7 4\n",
    "3 9 7 5 1 4 6 8 2\n",
    "4 7 6 2 9 3 5 1 8\n",
    "5 8 2 7 4 1 3 6 9\n",
    "9 3 1 8 6 5 4 2 7\n",
);

/// janko.at Sudoku 747 (16x16, values 10-16 written as numbers).
const JANKO_747: &str = concat!(
    "16 16\n",
    "- - 1 - - 10 16 - - 12 4 - - 6 - -\n",
    "- 3 5 4 14 11 - - - - 13 6 10 16 1 -\n",
    "- 7 - - 8 - 4 12 2 15 - 1 - - 14 -\n",
    "11 - 15 12 - - - - - - - - 7 8 - 4\n",
    "- - 8 11 - 14 - 9 16 - 15 - 1 4 - -\n",
    "16 - 10 - - 15 - - - - 6 - - 3 - 13\n",
    "4 15 - 9 - - - 16 10 - - - 11 - 5 6\n",
    "- 14 - 6 - - 3 - - 5 - - 9 - 8 -\n",
    "- 11 - 2 - - 1 - - 10 - - 12 - 16 -\n",
    "7 5 - 3 - - - 15 4 - - - 6 - 9 10\n",
    "1 - 14 - - 12 - - - - 16 - - 2 - 3\n",
    "- - 16 10 - 7 - 5 14 - 9 - 13 1 - -\n",
    "2 - 7 5 - - - - - - - - 4 10 - 1\n",
    "- 4 - - 1 - 13 14 6 3 - 10 - - 15 -\n",
    "- 6 9 1 10 4 - - - - 8 16 2 13 12 -\n",
    "- - 13 - - 16 2 - - 4 5 - - 9 - -\n",
);
const JANKO_747_SOLUTION: &str = concat!(
    "16 16\n",
    "9 13 1 14 7 10 16 3 5 12 4 8 15 6 11 2\n",
    "8 3 5 4 14 11 15 2 9 7 13 6 10 16 1 12\n",
    "10 7 6 16 8 13 4 12 2 15 11 1 3 5 14 9\n",
    "11 2 15 12 6 5 9 1 3 16 10 14 7 8 13 4\n",
    "5 12 8 11 2 14 6 9 16 13 15 3 1 4 10 7\n",
    "16 1 10 7 5 15 12 4 8 9 6 11 14 3 2 13\n",
    "4 15 3 9 13 8 7 16 10 1 14 2 11 12 5 6\n",
    "13 14 2 6 11 1 3 10 12 5 7 4 9 15 8 16\n",
    "15 11 4 2 9 6 1 13 7 10 3 5 12 14 16 8\n",
    "7 5 12 3 16 2 14 15 4 8 1 13 6 11 9 10\n",
    "1 9 14 13 4 12 10 8 11 6 16 15 5 2 7 3\n",
    "6 8 16 10 3 7 11 5 14 2 9 12 13 1 4 15\n",
    "2 16 7 5 15 3 8 11 13 14 12 9 4 10 6 1\n",
    "12 4 11 8 1 9 13 14 6 3 2 10 16 7 15 5\n",
    "3 6 9 1 10 4 5 7 15 11 8 16 2 13 12 14\n",
    "14 10 13 15 12 16 2 6 1 4 5 7 8 9 3 11\n",
);

fn solves_as_published(puzzle: &str, published: &str) {
    let f = Sudoku::CLASSIC;
    let p = f.parse(puzzle).unwrap_or_else(|e| panic!("{e}"));
    let (Unique::Unique(s), _) = f.uniqueness(&p, &Limits::default()) else {
        panic!("not unique")
    };
    let published = f
        .parse_solution(&p, published)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(f.check(&p, &published).is_empty());
    assert_eq!(s, published);
}

#[test]
fn janko_grids_solve_as_published() {
    solves_as_published(JANKO_1, JANKO_1_SOLUTION);
    solves_as_published(JANKO_747, JANKO_747_SOLUTION);
}

#[test]
fn the_same_puzzle_in_the_line_form_and_in_janko_layout() {
    let f = Sudoku::CLASSIC;
    let janko = f.parse(JANKO_1).unwrap();
    let line = f.write(&janko);
    assert_eq!(f.parse(&line).unwrap(), janko);
    // Run-together rows and `.` read too.
    let packed: String = std::iter::once("9 9".to_owned())
        .chain(
            line.as_bytes()
                .chunks(9)
                .map(|r| String::from_utf8_lossy(r).into_owned()),
        )
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(f.parse(&packed).unwrap(), janko);
}

#[test]
fn header_words_set_the_rules() {
    let f = Sudoku::CLASSIC;
    let x = f
        .parse("4 4 x\n1 - - -\n- - - -\n- - - -\n- - - -")
        .unwrap();
    assert!(x.variant.has_diagonals());
    let plain = f.parse("4 4\n1 - - -\n- - - -\n- - - -\n- - - -").unwrap();
    assert!(!plain.variant.has_diagonals());
    // The family's own `diagonal` holds without the word.
    let xf = Sudoku {
        diagonal: true,
        ..Sudoku::CLASSIC
    };
    assert!(
        xf.parse("4 4\n1 - - -\n- - - -\n- - - -\n- - - -")
            .unwrap()
            .variant
            .has_diagonals()
    );
    let rows = "- - - - - -\n".repeat(6);
    let tall = f.parse(&format!("6 6 3x2\n{rows}")).unwrap();
    assert_eq!(tall.board.shape().box_rows(), 3);
    let wide = f.parse(&format!("6 6\n{rows}")).unwrap();
    assert_eq!(wide.board.shape().box_rows(), 2);
}

#[test]
fn only_a_header_line_starts_the_layout() {
    assert!(is_janko_layout("9 9\n..."));
    assert!(is_janko_layout("  16 16 x\n"));
    assert!(is_janko_layout("6 6 2x3\n"));
    // Rows of a grid, a line puzzle, other headers.
    assert!(!is_janko_layout("1 2 - -\n"));
    assert!(!is_janko_layout("3 3 - -\n"));
    assert!(!is_janko_layout("9 8\n"));
    assert!(!is_janko_layout("9 9 regions\n"));
    assert!(!is_janko_layout(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ));
}

#[test]
fn bad_janko_grids_name_the_line_and_column() {
    let f = Sudoku::CLASSIC;
    let err = |text: &str| f.parse(text).unwrap_err().to_string();
    let e = err("4 4\n1 - - -\n- - - -\n- - - -");
    assert!(e.contains("row 4"), "{e}");
    let e = err("4 4\n1 - - -\n- - 5 -\n- - - -\n- - - -");
    assert!(e.starts_with("line 3, column 5:"), "{e}");
    let e = err("4 4\n1 - - -\n- - - -\n- - - -\n- - - - -");
    assert!(e.contains("line 5"), "{e}");
    let e = err("4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n1 - - -");
    assert!(e.contains("line 6"), "{e}");
    let e = err("6 6 2x2\n");
    assert!(e.contains("2x2"), "{e}");
    let rows = format!("{}\n", "- ".repeat(16)).repeat(15);
    let e = err(&format!("16 16\n17{}\n{rows}", " -".repeat(15)));
    assert!(e.starts_with("line 2, column 1:"), "{e}");
}
