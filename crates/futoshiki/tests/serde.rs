//! The serde forms (feature `serde`): puzzles (as game IDs, both modes),
//! solutions, grades, explanations, hints, contradictions and generated
//! puzzles survive a JSON round trip unchanged, and input that is not a
//! valid puzzle or solution is refused.

use futoshiki::{
    Cell, Difficulty, GenerateOptions, Hint, Mode, Puzzle, Solution, Technique, Uniqueness,
    generate,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

const ID: &str = "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,";

/// Serialises `value` to JSON and back, checks nothing was lost, and returns
/// the JSON text.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(&back, value, "round trip through {json}");
    json
}

#[test]
fn puzzles_are_game_ids() {
    let puzzle = Puzzle::parse(ID).expect("parses");
    assert_eq!(round_trip(&puzzle), format!("\"{ID}\""));
    for (size, mode, difficulty, seed) in [
        (5, Mode::Standard, Difficulty::Tricky, 1),
        (6, Mode::Adjacent, Difficulty::Easy, 2),
        (4, Mode::Adjacent, Difficulty::Trivial, 3),
    ] {
        let options = GenerateOptions::new(size, difficulty)
            .with_mode(mode)
            .with_seed(seed);
        let made = generate(&options).expect("generates");
        round_trip(&made);
        round_trip(&made.puzzle);
        round_trip(&made.solution);
        round_trip(&made.puzzle.grade().expect("grades"));
        let explanation = made.puzzle.explain().expect("explains");
        round_trip(&explanation);
        for step in &explanation.steps {
            round_trip(step);
        }
        round_trip(&made.puzzle.hint());
        round_trip(&made.puzzle.uniqueness());
    }
}

#[test]
fn bad_input_is_refused() {
    for bad in [r#""4:1,0R""#, r#""""#, r#""0:""#, "17"] {
        assert!(
            serde_json::from_str::<Puzzle>(bad).is_err(),
            "{bad} was read"
        );
    }
    for bad in [
        r#"{"size":2,"values":[1,2,2]}"#,
        r#"{"size":2,"values":[1,2,2,0]}"#,
        r#"{"size":2,"values":[1,2,2,3]}"#,
        r#"{"size":0,"values":[]}"#,
    ] {
        assert!(
            serde_json::from_str::<Solution>(bad).is_err(),
            "{bad} was read"
        );
    }
    let ok: Solution = serde_json::from_str(r#"{"size":2,"values":[1,2,2,1]}"#).expect("valid");
    assert_eq!(ok.value(Cell::new(1, 0)), 2);
}

#[test]
fn conflicts_and_multiple_solutions_round_trip() {
    // Two equal values in the first row.
    let clash = Puzzle::parse("3:1,1,0,0,0,0,0,0,0,").expect("parses");
    let problems = clash.check().expect_err("a repeated value");
    for problem in &problems {
        round_trip(problem);
    }
    let hint = clash.hint();
    assert!(matches!(hint, Hint::Conflict(_)));
    round_trip(&hint);
    let open = Puzzle::new(3).expect("size");
    assert!(matches!(open.uniqueness(), Uniqueness::Multiple(..)));
    round_trip(&open.uniqueness());
}

#[test]
fn scalar_forms_are_names() {
    let names: Vec<String> = Difficulty::ALL.iter().map(round_trip).collect();
    assert_eq!(
        names,
        [
            r#""trivial""#,
            r#""easy""#,
            r#""tricky""#,
            r#""extreme""#,
            r#""recursive""#
        ]
    );
    assert_eq!(round_trip(&Technique::ForcingChain), r#""forcing chain""#);
    assert_eq!(round_trip(&Technique::Subset), r#""naked/hidden subset""#);
    assert!(serde_json::from_str::<Technique>(r#""forcing_chain""#).is_err());
    assert_eq!(round_trip(&Mode::Adjacent), r#""adjacent""#);
}
