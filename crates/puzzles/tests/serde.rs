//! The serde forms (feature `serde`) of what the families return, through
//! the object-safe interface: solutions, uniqueness answers, hints, steps,
//! violations, cells and statistics survive a JSON round trip unchanged;
//! grades and explanations serialise with the fields they have.

use gridcsp_puzzles::{Cell, Grade, Hint, Limits, Solved, Stats, Unique, Violation, family};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// (family, puzzle, its only solution as `solve` writes it).
const SAMPLES: &[(&str, &str, &str)] = &[
    (
        "sudoku",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    (
        "futoshiki",
        "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,",
        "1324413232412413",
    ),
    (
        "light-up",
        "5 5\n- x - - 2\n- - - x -\n- 3 - x -\n- x - - -\nx - - x -\n",
        "5 5\n- x - o 2\n- o - x o\no 3 o x -\n- x - o -\nx o - x -\n",
    ),
];

/// Serialises `value` to JSON and back, checks nothing was lost, and returns
/// the JSON text.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(&back, value, "round trip through {json}");
    json
}

#[test]
fn answers_of_every_sample_round_trip() {
    let limits = Limits::default();
    for &(name, puzzle, solution) in SAMPLES {
        let family = family(name).expect("a built-in family");
        let puzzle = family.load(puzzle).expect("parses");
        let (solved, stats) = puzzle.solve(&limits);
        assert_eq!(solved, Solved::Solution(solution.to_owned()), "{name}");
        round_trip(&solved);
        round_trip(&stats.without_time());
        let (unique, _) = puzzle.uniqueness(&limits);
        assert!(matches!(unique, Unique::Unique(_)), "{name}");
        round_trip(&unique);
        let hint = puzzle.hint(&limits).expect("one solution");
        if let Hint::Step { step, before } = &hint {
            round_trip(step);
            before.iter().for_each(|s| {
                round_trip(s);
            });
        }
        round_trip(&hint);

        let grade = puzzle.grade(&limits).expect("one solution");
        let json = serde_json::to_value(&grade).expect("serialises");
        assert_eq!(json["rank"], grade.rank, "{name}");
        assert_eq!(json["level"], grade.level, "{name}");
        assert_eq!(json["decisions"], grade.decisions, "{name}");
        let explanation = puzzle.explain(&limits).expect("one solution");
        let json = serde_json::to_value(&explanation).expect("serialises");
        assert_eq!(
            json["steps"].as_array().map(Vec::len),
            Some(explanation.steps.len()),
            "{name}"
        );
        assert_eq!(
            json["grade"],
            serde_json::to_value(&explanation.grade).expect("grade")
        );
    }
}

#[test]
fn violations_round_trip_with_their_cells() {
    let family = family("light-up").expect("light up");
    let (_, puzzle, solution) = SAMPLES[2];
    let puzzle = family.load(puzzle).expect("parses");
    // Take away the first bulb.
    let broken = solution.replacen('o', "-", 1);
    let violations = puzzle.check_solution(&broken).expect("a grid");
    assert!(!violations.is_empty(), "a missing bulb breaks a rule");
    for v in &violations {
        round_trip(v);
    }
    let v = Violation::new("two stars touch", vec![Cell::new(0, 0), Cell::new(1, 1)]);
    assert_eq!(
        round_trip(&v),
        r#"{"rule":"two stars touch","cells":[{"row":0,"col":0},{"row":1,"col":1}]}"#
    );
}

#[test]
fn grades_and_stats_have_the_documented_fields() {
    let grade = Grade {
        rank: 1,
        level: "medium",
        technique: Some("pair".to_owned()),
        decisions: 0,
    };
    assert_eq!(
        serde_json::to_string(&grade).expect("serialises"),
        r#"{"rank":1,"level":"medium","technique":"pair","decisions":0}"#
    );
    let stats: Stats = serde_json::from_str(r#"{"nodes":3}"#).expect("missing counters are 0");
    assert_eq!((stats.nodes, stats.decisions), (3, 0));
}
