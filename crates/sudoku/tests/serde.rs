//! The serde forms (feature `serde`): boards, grades, explanations, hints,
//! clashes and generated puzzles survive a JSON round trip unchanged, the
//! forms are the documented ones, and input that is not a valid board,
//! shape, rating or technique is refused rather than half-read.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use sudoku::{
    Board, Difficulty, Generator, Hint, Logic, Rating, Shape, Technique, Uniqueness, Variant,
};

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// Serialises `value` to JSON and back, checks nothing was lost, and returns
/// the JSON text.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(&back, value, "round trip through {json}");
    json
}

#[test]
fn boards_round_trip_in_every_shape() {
    let board: Board = PUZZLE.parse().expect("parses");
    let json = round_trip(&board);
    assert_eq!(
        json,
        format!(
            r#"{{"shape":{{"box_rows":3,"box_cols":3}},"cells":"{}"}}"#,
            board.to_line()
        )
    );
    // Boxes that are not square, and boards past 9 (letters).
    for (rows, cols) in [(2, 3), (3, 2), (2, 4), (4, 4), (5, 7)] {
        let shape = Shape::with_boxes(rows, cols).expect("shape");
        let solution = Board::empty(shape).solve().expect("valid").into_board();
        let solution = solution.expect("an empty board is solvable");
        round_trip(&shape);
        round_trip(&solution);
        round_trip(&Board::empty(shape));
    }
}

#[test]
fn bad_boards_and_shapes_are_refused() {
    for bad in [
        // Too few cells for the shape.
        r#"{"shape":{"box_rows":2,"box_cols":2},"cells":"123"}"#,
        // A value above the size.
        r#"{"shape":{"box_rows":2,"box_cols":2},"cells":"5..............."}"#,
        // No such shape.
        r#"{"shape":{"box_rows":0,"box_cols":3},"cells":""}"#,
        r#"{"shape":{"box_rows":6,"box_cols":6},"cells":""}"#,
        // A field missing.
        r#"{"cells":"................"}"#,
    ] {
        assert!(
            serde_json::from_str::<Board>(bad).is_err(),
            "{bad} was read"
        );
    }
}

#[test]
fn grades_explanations_and_hints_round_trip() {
    let board: Board = PUZZLE.parse().expect("parses");
    let grade = board.grade().expect("grades");
    let json = round_trip(&grade);
    assert!(
        json.starts_with(r#"{"difficulty":"easy","rating":"#),
        "{json}"
    );
    let explanation = board.explain().expect("explains");
    round_trip(&explanation);
    for step in &explanation.steps {
        round_trip(step);
    }
    let logic = Logic::new(Variant::classic(Shape::CLASSIC)).expect("logic");
    let hint = logic.hint(&board).expect("hint");
    assert!(matches!(hint, Hint::Step(_)));
    round_trip(&hint);
    round_trip(&logic.hint(&explanation.solution).expect("hint"));

    // A clash, in a hint and on its own.
    let mut clashing = board.clone();
    clashing.set(0, 2, 5).expect("in range");
    let clashes = Variant::classic(Shape::CLASSIC).clashes(&clashing);
    assert!(!clashes.is_empty());
    for clash in &clashes {
        round_trip(clash);
    }
    round_trip(&logic.hint(&clashing).expect("hint"));
}

#[test]
fn scalar_forms_are_names_and_numbers() {
    for d in Difficulty::ALL {
        assert_eq!(round_trip(&d), format!("\"{}\"", d.name()));
    }
    for t in Technique::ALL {
        assert_eq!(round_trip(&t), format!("\"{}\"", t.name()));
    }
    assert_eq!(round_trip(&Rating::from_tenths(42)), "4.2");
    assert_eq!(round_trip(&Rating::from_tenths(0)), "0.0");
    assert_eq!(
        serde_json::from_str::<Rating>("7").ok(),
        Some(Rating::from_tenths(70))
    );
    for bad in ["4.25", "-1.0", "1e9", "\"4.2\""] {
        assert!(
            serde_json::from_str::<Rating>(bad).is_err(),
            "{bad} was read"
        );
    }
    assert!(serde_json::from_str::<Technique>(r#""no such technique""#).is_err());
    assert!(serde_json::from_str::<Difficulty>(r#""Easy""#).is_err());
}

#[test]
fn generated_puzzles_and_uniqueness_round_trip() {
    let made = Generator::classic(3)
        .generate(Difficulty::Easy)
        .expect("generates");
    round_trip(&made);
    let model = sudoku::SudokuModel::new(Variant::classic(Shape::CLASSIC)).expect("model");
    let mut solver = model.solver();
    let unique = solver.uniqueness(&made.puzzle).expect("valid");
    assert!(matches!(unique, Uniqueness::Unique(_)));
    assert!(round_trip(&unique).starts_with(r#"{"unique":{"shape":"#));
    let multiple = solver
        .uniqueness(&Board::empty(Shape::CLASSIC))
        .expect("valid");
    round_trip(&multiple);
    round_trip(&solver.solve(&made.puzzle).expect("valid"));
}
