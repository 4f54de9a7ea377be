//! The functions behind gridcsp.js, natively: the tool's answers (the
//! browser tests compare them with the tool itself for every family) and
//! the page's JSON.

use gridcsp_wasm::{cli, page};
use serde_json::Value;

const SUDOKU: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// A 4x4 Sudoku with a rectangle of 1s and 3s open: two solutions.
const TWO: &str = ".2.4.4.221434321";

#[test]
fn answers_are_the_tools_words() {
    assert_eq!(
        cli::solve("sudoku", SUDOKU).unwrap(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    assert_eq!(cli::count("sudoku", TWO, Some(5)).unwrap(), "2");
    assert_eq!(cli::count("sudoku", TWO, Some(1)).unwrap(), "1");
    assert_eq!(cli::grade("sudoku", TWO, false).unwrap(), "multiple");
    assert_eq!(
        cli::check("sudoku", "11..............").unwrap(),
        "conflict r1c1 r1c2"
    );
    assert_eq!(
        cli::solve("sudoku", "11..............").unwrap(),
        "unsolvable"
    );
    assert_eq!(
        cli::solve("futoshiki", "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,").unwrap(),
        "1324413232412413"
    );
    assert_eq!(
        cli::grade("futoshiki", "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,", false).unwrap(),
        "easy inequality bounds"
    );
    let svg = cli::render("masyu", "5x5:cBaWdBaBeWf").unwrap();
    assert!(
        svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
        "{svg}"
    );
}

#[test]
fn input_that_is_not_a_puzzle_is_an_error_with_the_reason() {
    let e = cli::solve("sudoku", "12x").unwrap_err();
    assert!(!e.is_empty());
    assert!(cli::solve("kakuro", "3 3\nnonsense").is_err());
    assert!(
        cli::solve("no-such-family", "1")
            .unwrap_err()
            .contains("no family")
    );
    assert!(cli::count("sudoku", SUDOKU, Some(0)).is_err());
    let e = cli::generate("kakuro", Some("impossible"), 1, None).unwrap_err();
    assert!(e.contains("its levels are"), "{e}");
}

#[test]
fn generating_is_seeded_and_the_puzzle_reads_back() {
    for family in ["sudoku", "futoshiki", "light-up", "slitherlink"] {
        let a = cli::generate(family, None, 3, None).unwrap();
        assert_eq!(a, cli::generate(family, None, 3, None).unwrap(), "{family}");
        assert_eq!(
            cli::count(family, &a, Some(2)).unwrap(),
            "1",
            "{family}: {a}"
        );
    }
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("JSON")
}

#[test]
fn the_page_gets_cells_broken_rules_hints_and_the_setters_answer() {
    let p = json(&page::puzzle("sudoku", SUDOKU).unwrap());
    assert_eq!((p["rows"].as_u64(), p["cols"].as_u64()), (Some(9), Some(9)));
    let cells = p["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 81);
    assert_eq!(cells[0]["given"], 5);
    assert_eq!(cells[2]["given"], Value::Null);

    let broken = json(&page::check_entries("sudoku", SUDOKU, "[[0,2,5],[0,3,6]]").unwrap());
    let named: Vec<Value> = broken
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|v| v["cells"].as_array().unwrap().clone())
        .collect();
    assert!(named.contains(&serde_json::json!([0, 2])), "{broken}");
    assert!(!named.contains(&serde_json::json!([0, 3])), "{broken}");
    assert!(page::check_entries("sudoku", SUDOKU, "not json").is_err());

    let hint = json(&page::hint("sudoku", SUDOKU).unwrap());
    assert_eq!(hint["kind"], "step");
    assert!(hint["cell"].is_array(), "{hint}");

    let u = json(&page::uniqueness("sudoku", TWO, 100_000).unwrap());
    assert_eq!(u["status"], "several");
    let values = u["values"].as_array().unwrap();
    assert_ne!(values[0], values[1]);
    let u = json(&page::uniqueness("sudoku", SUDOKU, 100_000).unwrap());
    assert_eq!(u["status"], "one");
    assert!(u["grade"].as_str().unwrap().starts_with("easy"), "{u}");

    let s = json(&page::solve("slitherlink", "4x4t0:2c3b32b20232").unwrap());
    assert_eq!(s["status"], "solved");
    let text = s["solution"].as_str().unwrap();
    assert_eq!(
        json(&page::check_solution("slitherlink", "4x4t0:2c3b32b20232", text).unwrap()),
        serde_json::json!([])
    );
}
