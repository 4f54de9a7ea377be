//! Every format round-trips, and bad input gives the right error.

use proptest::prelude::*;
use sudoku::{Board, ParseError, Shape};

/// A shape (with its boxes) and a board of random values, blanks included
/// (not necessarily valid: formats do not care about rules).
fn boards() -> impl Strategy<Value = Board> {
    let shapes = prop_oneof![
        Just((1, 1)),
        Just((2, 2)),
        Just((2, 3)),
        Just((2, 4)),
        Just((3, 3)),
        Just((3, 4)),
        Just((4, 4)),
        Just((5, 5)),
        Just((1, 7)),
    ];
    shapes.prop_flat_map(|(br, bc)| {
        let n = br * bc;
        proptest::collection::vec(0..=n as u8, n * n).prop_map(move |values| {
            let shape = Shape::with_boxes(br, bc).unwrap();
            Board::from_values(shape, &values).unwrap()
        })
    })
}

proptest! {
    #[test]
    fn one_line_round_trips(board in boards()) {
        let line = board.to_line();
        prop_assert_eq!(line.chars().count(), board.size() * board.size());
        prop_assert_eq!(Board::parse_with_shape(&line, board.shape()).unwrap(), board.clone());
        prop_assert_eq!(format!("{board:#}"), line.clone());
        // With the default boxes, plain `parse` gives the same board.
        if Shape::new(board.size()).unwrap() == board.shape() {
            prop_assert_eq!(line.parse::<Board>().unwrap(), board.clone());
            prop_assert_eq!(line.replace('.', "0").parse::<Board>().unwrap(), board);
        }
    }

    #[test]
    fn pretty_grid_round_trips(board in boards()) {
        let text = board.to_string();
        prop_assert_eq!(Board::parse_with_shape(&text, board.shape()).unwrap(), board.clone());
        if board.size() > 1 && Shape::new(board.size()).unwrap() == board.shape() {
            prop_assert_eq!(text.parse::<Board>().unwrap(), board);
        }
    }

    #[test]
    fn rows_round_trip(board in boards()) {
        let rows = board.to_rows();
        prop_assert_eq!(Board::from_rows_with_shape(&rows, board.shape()).unwrap(), board.clone());
        prop_assert_eq!(Vec::<Vec<u8>>::from(&board), rows);
    }

    #[test]
    fn parsing_never_panics(text in "[0-9A-Z.|+ \\-\n x]{0,120}") {
        let _ = text.parse::<Board>();
    }
}

#[test]
fn fixed_arrays_convert() {
    let rows = [[1u8, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]];
    let board = Board::try_from(rows).unwrap();
    assert!(board.is_solved());
    assert_eq!(board.to_line(), "1234341221434321");
    assert_eq!(Board::try_from(&rows).unwrap(), board);
}

#[test]
fn errors_say_what_and_where() {
    let line = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    let mut bad = line.to_owned();
    bad.replace_range(24..25, "x");
    let err = bad.parse::<Board>().unwrap_err();
    assert_eq!(err.to_string(), "row 3, column 7: unexpected 'x'");
    assert_eq!(
        line[..79].parse::<Board>().unwrap_err().to_string(),
        "expected 81 cells, found 79"
    );
    let shape = Shape::new(4).unwrap();
    assert_eq!(
        Board::parse_with_shape(line, shape).unwrap_err(),
        ParseError::WrongLength {
            expected: 16,
            found: 81
        }
    );
    let grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4\n4 3 | 2 1\n";
    assert_eq!(
        grid.parse::<Board>().unwrap_err().to_string(),
        "row 3: expected 4 cells, found 3"
    );
    assert!(matches!(
        Board::try_from(vec![vec![1u8, 2], vec![2]]),
        Err(ParseError::WrongRowLength {
            row: 2,
            expected: 2,
            found: 1
        })
    ));
    assert!(matches!(
        Board::try_from(vec![vec![0u8; 36]; 36]),
        Err(ParseError::Shape(sudoku::ShapeError::UnsupportedSize {
            size: 36
        }))
    ));
    assert_eq!(
        "9".repeat(16).parse::<Board>().unwrap_err().to_string(),
        "row 1, column 1: '9' is not a value of a 4x4 board (1 to 4)"
    );
}
