//! The serde forms (feature `serde`) of every family's puzzle and solution
//! types: for each family, hand-checked and generated puzzles and their
//! solutions survive a JSON round trip unchanged; the JSON of a puzzle is
//! the family's own text (its game ID or its text layout, which the
//! family's parser reads back), that of a solution the solution layout's
//! rows under `ROWS COLS`; and malformed JSON is an error naming the
//! problem, never a panic.

#![cfg(feature = "serde")]

use gridcsp_puzzles::families::slant::{self, Slant};
use gridcsp_puzzles::families::{
    battleships::Battleships, binairo::Binairo, dominosa::Dominosa, fillomino::Fillomino,
    futoshiki::Futoshiki, galaxies::Galaxies, hashi::Hashi, heyawake::Heyawake, hitori::Hitori,
    jigsaw_sudoku::JigsawSudoku, kakuro::Kakuro, kenken::KenKen, killer_sudoku::KillerSudoku,
    kurodoko::Kurodoko, light_up::LightUp, lits::Lits, magnets::Magnets, masyu::Masyu,
    nonogram::Nonogram, norinori::Norinori, numberlink::Numberlink, nurikabe::Nurikabe,
    ripple_effect::RippleEffect, shikaku::Shikaku, skyscrapers::Skyscrapers,
    slitherlink::Slitherlink, star_battle::StarBattle, sudoku::Sudoku, suguru::Suguru,
    tents::Tents, thermometers::Thermometers, yajilin::Yajilin,
};
use gridcsp_puzzles::families::{binairo, kakuro, kenken, light_up, masyu, shading, skyscrapers};
use gridcsp_puzzles::families::{hitori, nonogram, slitherlink, sudoku, suguru, tents};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, RecordShape, Solved};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// How a family's puzzles serialise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A string the family's parser reads.
    Text,
    /// Something else (a Sudoku puzzle's parts).
    Other,
}

/// Serialises `value` to JSON and back, checks nothing was lost, and
/// returns the JSON value.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> serde_json::Value {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(&back, value, "round trip through {json}");
    serde_json::from_str(&json).expect("JSON")
}

/// The tokens of a grid text's rows (after its header line).
fn grid_tokens(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect()
}

/// Round-trips `puzzle` and its solution; checks their JSON forms.
fn check_puzzle<F>(name: &str, family: &F, puzzle: &F::Puzzle, form: Form)
where
    F: Family,
    F::Puzzle: Serialize + DeserializeOwned,
    F::Solution: Serialize + DeserializeOwned,
{
    let json = round_trip(puzzle);
    if form == Form::Text {
        let text = json
            .as_str()
            .unwrap_or_else(|| panic!("{name}: a puzzle is a string, not {json}"));
        assert_eq!(
            family.parse(text).as_ref(),
            Ok(puzzle),
            "{name}: the family reads its puzzle's serde text {text}"
        );
        let expected = family
            .write_game_id(puzzle)
            .filter(|id| family.parse(id).as_ref() == Ok(puzzle));
        if let Some(id) = expected {
            assert_eq!(text, id, "{name}: the game ID where it keeps everything");
        }
    }
    let (solved, _) = family.solve(puzzle, &Limits::default());
    let Solved::Solution(solution) = solved else {
        panic!("{name}: solvable")
    };
    let json = round_trip(&solution);
    let written = family.write_solution(puzzle, &solution);
    if let Some(text) = json.as_str() {
        // A labelling of regions (Shikaku, Galaxies) is written renumbered
        // in order of first appearance; its serde text keeps the labels it
        // has.
        let relabel = |rows: Vec<Vec<String>>| -> Vec<Vec<String>> {
            if name != "shikaku" && name != "galaxies" {
                return rows;
            }
            let mut seen: Vec<String> = Vec::new();
            rows.into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|t| {
                            let k = seen.iter().position(|s| *s == t).unwrap_or_else(|| {
                                seen.push(t);
                                seen.len() - 1
                            });
                            (k + 1).to_string()
                        })
                        .collect()
                })
                .collect()
        };
        assert_eq!(
            relabel(grid_tokens(text)),
            grid_tokens(&written),
            "{name}: the solution layout's rows"
        );
        let header: Vec<&str> = text.lines().next().unwrap_or("").split(' ').collect();
        // Battleships' header also lists the fleet, as janko.at's does.
        let want = if name == "battleships" {
            header.len().max(3)
        } else {
            2
        };
        assert_eq!(
            header.len(),
            want,
            "{name}: the header is ROWS COLS: {text}"
        );
        // A bad token is an error at its line and column.
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let first = lines[1].find(' ').unwrap_or(lines[1].len());
        lines[1].replace_range(0..first, "?");
        let bad = serde_json::to_string(&lines.join("\n")).expect("a string");
        let e = serde_json::from_str::<F::Solution>(&bad).expect_err("a bad token");
        assert!(
            e.to_string().starts_with("line 2, column 1: expected"),
            "{name}: {e}"
        );
    }
}

/// Everything about a family: its samples (puzzle texts), a generated
/// puzzle and its solution; malformed input.
fn check_family<F>(name: &str, family: &F, samples: &[&str], form: Form)
where
    F: Family,
    F::Puzzle: Serialize + DeserializeOwned,
    F::Solution: Serialize + DeserializeOwned,
{
    for text in samples {
        let puzzle = family.parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_puzzle(name, family, &puzzle, form);
    }
    let (rows, cols) = family.info().default_size;
    for (level, seed) in [(0, 5), (1, 6), (1, 7)] {
        let made = family
            .generate(&GenerateOptions::new(rows, cols, level).with_seed(seed))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        check_puzzle(name, family, &made.puzzle, form);
    }
    let made = family
        .generate(&GenerateOptions::new(rows, cols, 0).with_seed(5))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let json = serde_json::to_value(&made).expect("a generated puzzle serialises");
    assert_eq!(json["puzzle"], serde_json::to_value(&made.puzzle).unwrap());
    assert_eq!(
        json["solution"],
        serde_json::to_value(&made.solution).unwrap()
    );
    assert_eq!(json["grade"]["rank"], 0, "{name}");

    // Malformed input: an error with a message, never a panic.
    for bad in [
        "5",
        "null",
        "[]",
        "{}",
        "\"\"",
        "\":\"",
        "\"3\"",
        "\"0 0\"",
        "\"1048576 1048576\"",
        "\"999999999999 2\\n\"",
        "\"\\ufeff\"",
        "\"2 2\\n1 2\\n\"",
        "\"4x4:\"",
        "\"4x4:zzzzzz\"",
        "\"3 3\\n- - -\\n- ? -\\n- - -\\n\"",
    ] {
        let p = serde_json::from_str::<F::Puzzle>(bad);
        let s = serde_json::from_str::<F::Solution>(bad);
        for e in [p.err(), s.err()].into_iter().flatten() {
            assert!(!e.to_string().is_empty(), "{name}: {bad}");
        }
    }
    if form == Form::Text {
        let text = serde_json::to_value(&made.puzzle).unwrap();
        let text = text.as_str().unwrap();
        // Junk after the puzzle, and a puzzle cut short.
        let long = format!("{text}\n? ? ?\n");
        let short: String = text.chars().take(text.chars().count() * 2 / 3).collect();
        let mut located = 0;
        for bad in [long, short] {
            let Err(parse) = family.parse(&bad) else {
                continue;
            };
            located += usize::from(parse.line.is_some());
            let json = serde_json::to_string(&bad).unwrap();
            let e = serde_json::from_str::<F::Puzzle>(&json).expect_err("malformed");
            assert!(
                e.to_string().starts_with(&parse.to_string()),
                "{name}: the serde error carries the parse error ({parse}): {e}"
            );
        }
        assert!(
            located > 0,
            "{name}: a malformed puzzle is named where it is"
        );
    }
}

#[test]
fn sudoku_families() {
    check_family(
        "sudoku",
        &Sudoku::CLASSIC,
        &["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"],
        Form::Other,
    );
    check_family(
        "futoshiki",
        &Futoshiki::STANDARD,
        &["4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,"],
        Form::Other,
    );
    check_family(
        "killer-sudoku",
        &KillerSudoku,
        &["4 4\n7 - 8 -\n9 - - 5\n- 5 - -\n- 6 - -\n1 1 2 2\n3 1 2 4\n3 5 5 4\n3 6 6 6\n"],
        Form::Other,
    );
    check_family(
        "jigsaw-sudoku",
        &JigsawSudoku,
        &["4 4\n1 - - -\n- - - -\n- 3 - -\n- 4 - -\n1 1 2 2\n1 3 3 2\n1 3 3 2\n4 4 4 4\n"],
        Form::Other,
    );
}

#[test]
fn placement_families() {
    check_family(
        "light-up",
        &LightUp,
        &["5 5\n- x - - 2\n- - - x -\n- 3 - x -\n- x - - -\nx - - x -\n"],
        Form::Text,
    );
    check_family(
        "tents",
        &Tents,
        &["5 5\n2 0 1 2 0\n1 1 1 1 1\n- - - - -\n- - - x -\nx x - - -\n- x - - -\n- - - - x\n"],
        Form::Text,
    );
    check_family(
        "binairo",
        &Binairo::BINAIRO,
        &["6 6\n- - - - 2 -\n- - 2 - - 2\n1 - - - 1 -\n- - - 2 - -\n1 - 2 - - 1\n- - 2 - - -\n"],
        Form::Text,
    );
    check_family(
        "unruly",
        &Binairo::UNRULY,
        &["6x6:aacdcADeCbCcd"],
        Form::Text,
    );
    check_family(
        "skyscrapers",
        &Skyscrapers,
        &[
            "4 4\n- - - 4\n- - - -\n2 - - 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n",
            "4:///4/////2///4////",
        ],
        Form::Text,
    );
    check_family(
        "suguru",
        &Suguru,
        &["3 4\n- - - -\n- - - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n"],
        Form::Text,
    );
    check_family(
        "kenken",
        &KenKen::STANDARD,
        &[
            "4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 +\nb 4 x\nc 5 +\nd 7 +\ne 2 -\nf 8 x\ng 2 /\nh 2 -\n",
        ],
        Form::Text,
    );
    check_family(
        "kakuro",
        &Kakuro::STANDARD,
        &["3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n"],
        Form::Text,
    );
}

#[test]
fn shading_and_loop_families() {
    check_family(
        "nonogram",
        &Nonogram,
        &["5 5\n4\n3\n1 1\n3\n4\n3\n2 2\n5\n1 1\n1 1\n"],
        Form::Text,
    );
    check_family(
        "hitori",
        &Hitori,
        &["5 5\n5 2 2 1 1\n4 2 1 3 5\n1 4 1 5 2\n4 5 4 1 5\n3 1 1 2 4\n"],
        Form::Text,
    );
    check_family(
        "slitherlink",
        &Slitherlink,
        &["4 4\n2 - - -\n3 - - 3\n2 - - 2\n0 2 3 2\n"],
        Form::Text,
    );
    check_family(
        "masyu",
        &Masyu,
        &["5 5\n- - - b -\nw - - - -\nb - b - -\n- - - w -\n- - - - -\n"],
        Form::Text,
    );
    check_family(
        "star-battle",
        &StarBattle,
        &["5 5 1\n0 0 0 1 1\n0 0 1 1 2\n3 3 3 2 2\n3 3 3 2 2\n3 3 3 4 4\n"],
        Form::Text,
    );
    check_family(
        "norinori",
        &Norinori,
        &[
            "5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n2 4 0 0 1\n2 4 0 0 1\n2 2 1 1 1\n2 2 2 1 2\n3 3 2 2 2\n",
        ],
        Form::Text,
    );
    check_family(
        "slant",
        &Slant,
        &["4 4\n- - - 0 -\n- 4 - - -\n2 - - - 2\n- - - - -\n- 1 - 0 -\n"],
        Form::Text,
    );
    check_family(
        "nurikabe",
        &Nurikabe,
        &["5 5\n- 5 - - -\n- - 2 - -\n- - - - -\n- - 1 - -\n- - - 3 -\n"],
        Form::Text,
    );
    check_family(
        "kurodoko",
        &Kurodoko,
        &[
            "5 5\n- - - 7 -\n5 - - - -\n- - 2 - -\n- - - - 2\n- 4 - - -\n",
            "9x6:d8d10e12a10_4p5_7a6e4d7d",
        ],
        Form::Text,
    );
    check_family(
        "ripple-effect",
        &RippleEffect,
        &["4 4\n- - - -\n- 1 4 -\n- 3 2 -\n- - - -\n1 1 2 2\n3 3 2 4\n5 5 2 4\n6 5 5 4\n"],
        Form::Text,
    );
    check_family(
        "fillomino",
        &Fillomino,
        &[
            "7x7:6b2b2a3a6a3a3e1a23a42a2e3a5a1a4a4b3b3",
            "4 4\n12 - - -\n- - - -\n- - - -\n- - - -\n",
        ],
        Form::Text,
    );
    check_family(
        "magnets",
        &Magnets,
        &[
            "3x3:201,102,120,111,LRTT*BBLR",
            "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n+ . .\n. . .\n. . +\n1 1 2\n3 4 2\n3 5 5\n",
        ],
        Form::Text,
    );
    check_family(
        "dominosa",
        &Dominosa,
        &[
            "1:001110",
            "5 6\n1 0 1 2 1 3\n0 1 4 3 0 2\n0 2 2 2 2 3\n3 0 4 4 1 0\n3 3 4 4 1 4\n",
        ],
        Form::Text,
    );
    check_family(
        "battleships",
        &Battleships,
        &[
            "6 6 3 2 1\n3 1 3 0 1 2\n3 0 2 3 1 1\n- - - - - o\n- - - - - -\n- - - - - -\n- - m - w -\n- - - - - -\n- - - - - -\n",
        ],
        Form::Text,
    );
    check_family(
        "hashi",
        &Hashi,
        &[
            "7x7m2:4a4b1j2a4a3g4b3g2b3b5b3",
            "3 5\n3 - 4 - -\n- - - - -\n1 - 3 - 1\n",
        ],
        Form::Text,
    );
    check_family(
        "galaxies",
        &Galaxies,
        &["7x7:mekdtvzdrtbbu", "3 3\n1 - 2\n2 0 -\n- 1 -\n"],
        Form::Text,
    );
    check_family(
        "lits",
        &Lits,
        &["4 4\n0 0 1 1\n0 0 1 2\n0 1 1 2\n2 2 2 2\n"],
        Form::Text,
    );
    check_family(
        "yajilin",
        &Yajilin,
        &[
            "3 4\n- - - -\n1e - - -\n- - - -\n",
            "3 3\n- - -\n- 0n -\n- - -\n",
        ],
        Form::Text,
    );
    check_family(
        "numberlink",
        &Numberlink,
        &[
            "2 3\n1 2 -\n- 1 2\n",
            "5 5\n1 - - - -\n2 - - 3 -\n- - - - -\n- 1 - - 2\n- - - - 3\n",
        ],
        Form::Text,
    );
    check_family(
        "heyawake",
        &Heyawake,
        &[
            "6 6\n2 2 - 2 - 2\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n1 2 2 3 3 4\n1 2 2 3 3 4\n1 2 2 3 3 4\n5 5 5 5 5 4\n6 6 6 7 7 4\n6 6 6 7 7 8\n",
        ],
        Form::Text,
    );
    check_family(
        "thermometers",
        &Thermometers,
        &[
            "4 4\n4 3 1 1\n3 1 3 2\n0.1 0.2 0.3 1.1\n2.1 3.1 3.2 1.2\n2.2 4.1 4.2 1.3\n2.3 5.1 5.2 5.3\n",
        ],
        Form::Text,
    );
    check_family(
        "shikaku",
        &Shikaku,
        &["6 6\n- - - - 3 -\n5 6 - - 6 -\n- - - - - -\n- - - - - -\n- 6 - - 2 3\n- 5 - - - -\n"],
        Form::Text,
    );
}

/// The error of reading `json` as a `T`, as text.
fn error_of<T: DeserializeOwned + Debug>(json: &str) -> String {
    match serde_json::from_str::<T>(json) {
        Ok(v) => panic!("{json} read as {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn grids_the_puzzles_hold_round_trip_and_are_checked() {
    let regions = shading::Regions::new(2, 3, vec![0, 7, 7, 12, 0, 3]).unwrap();
    assert_eq!(round_trip(&regions), "2 3\n0  7 7\n12 0 3\n");
    let field = tents::Field::new(
        1,
        3,
        vec![tents::Spot::Tree, tents::Spot::Tent, tents::Spot::Empty],
    )
    .unwrap();
    assert_eq!(round_trip(&field), "1 3\nx o -\n");
    // Grids of no cells are values too.
    for (rows, cols) in [(0, 0), (3, 0), (0, 4)] {
        round_trip(&shading::Shading::new(rows, cols, Vec::new()).unwrap());
        round_trip(&hitori::Shading::new(rows, cols, Vec::new()).unwrap());
        round_trip(&slitherlink::Inside::new(rows, cols, Vec::new()).unwrap());
        round_trip(&slant::Slants::new(rows, cols, Vec::new()).unwrap());
        round_trip(&nonogram::NonogramSolution::new(rows, cols, Vec::new()).unwrap());
        round_trip(&suguru::Digits::new(rows, cols, Vec::new()).unwrap());
    }
    round_trip(&skyscrapers::Heights::new(0, Vec::new()).unwrap());
    round_trip(&kenken::KenKenSolution::new(0, Vec::new()).unwrap());

    // The constructors' rules hold for what is read.
    let e = error_of::<binairo::BinaryGrid>("\"3 2\\n1 2\\n2 1\\n1 2\\n\"");
    assert!(e.contains("sides must be even"), "{e}");
    let e = error_of::<tents::Field>("\"1 2\\nx q\\n\"");
    assert!(e.starts_with("line 2, column 3: expected"), "{e}");
    let e = error_of::<kenken::KenKenSolution>("\"2 3\\n1 2 1\\n2 1 2\\n\"");
    assert!(e.contains("square"), "{e}");
    let e = error_of::<kenken::KenKenSolution>("\"2 2\\n1 3\\n2 1\\n\"");
    assert!(
        e.starts_with("line 2, column 3: a value 3 is out of range (1 to 2)"),
        "{e}"
    );
    let e = error_of::<skyscrapers::Heights>("\"2 2\\n1 2\\n2\\n\"");
    assert!(e.starts_with("line 3: expected 2 tokens in row 2"), "{e}");
    let e = error_of::<shading::Regions>("\"1 2\\n0 -1\\n\"");
    assert!(e.contains("region number"), "{e}");
    let e = error_of::<masyu::Path>("\"1 1\\nnn\\n\"");
    assert!(e.contains("each once"), "{e}");
    let e = error_of::<light_up::Board>("\"1 2\\n- 5\\n\"");
    assert!(e.starts_with("line 2, column 3"), "{e}");
}

#[test]
fn the_clue_types_have_plain_forms() {
    assert_eq!(
        serde_json::to_string(&light_up::Square::Clue(2)).unwrap(),
        r#"{"clue":2}"#
    );
    round_trip(&light_up::Square::Bulb);
    round_trip(&tents::Spot::Tent);
    assert_eq!(round_trip(&masyu::Pearl::Black), "black");
    assert_eq!(round_trip(&skyscrapers::Side::Left), "left");
    assert_eq!(round_trip(&kenken::Op::Div), "div");
    round_trip(&kakuro::Square::Clue {
        down: Some(16),
        right: None,
    });
    let puzzle = Kakuro::STANDARD
        .parse("3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n")
        .unwrap();
    for run in puzzle.runs() {
        round_trip(run);
    }
    let puzzle = KenKen::STANDARD.parse("2:a_a,a3a3").unwrap();
    for cage in puzzle.cages() {
        round_trip(cage);
    }
    let e = error_of::<kenken::Cage>(r#"{"op":"add","target":3,"cells":[]}"#);
    assert!(e.contains("a cage has no cells"), "{e}");
    let cages: Vec<kenken::Cage> = puzzle.cages().to_vec();
    let json = serde_json::to_string(&cages).unwrap();
    let back: Vec<kenken::Cage> = serde_json::from_str(&json).unwrap();
    assert_eq!(kenken::KenKenPuzzle::from_cages(2, back), Ok(puzzle));
    let _ = Cell::new(0, 0);
}

#[test]
fn sudoku_puzzles_are_their_parts_checked_on_the_way_in() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let board = format!(r#"{{"shape":{{"box_rows":3,"box_cols":3}},"cells":"{line}"}}"#);
    // The rules' parts may be left out: classic Sudoku.
    let classic: sudoku::SudokuPuzzle =
        serde_json::from_str(&format!(r#"{{"board":{board}}}"#)).unwrap();
    assert_eq!(classic, Sudoku::CLASSIC.parse(line).unwrap());
    let x: sudoku::SudokuPuzzle =
        serde_json::from_str(&format!(r#"{{"board":{board},"diagonals":true}}"#)).unwrap();
    assert!(x.variant.has_diagonals());
    round_trip(&x);
    let e = error_of::<sudoku::SudokuPuzzle>(&format!(r#"{{"board":{board},"regions":[0,1,2]}}"#));
    assert!(e.contains("81 labels"), "{e}");
    let e = error_of::<sudoku::SudokuPuzzle>(&format!(
        r#"{{"board":{board},"cages":[{{"sum":3,"cells":[{{"row":9,"col":0}}]}}]}}"#
    ));
    assert!(e.contains("outside the board"), "{e}");
    let e = error_of::<sudoku::SudokuPuzzle>(r#"{"diagonals":true}"#);
    assert!(e.contains("missing field `board`"), "{e}");
}

/// Reads `json` as every family's puzzle and solution types: each is a
/// value or an error, never a panic.
fn read_as_everything(json: &str) {
    fn read<T: DeserializeOwned>(json: &str) {
        let _ = serde_json::from_str::<T>(json);
    }
    read::<sudoku::SudokuPuzzle>(json);
    read::<light_up::Board>(json);
    read::<tents::TentsPuzzle>(json);
    read::<tents::Field>(json);
    read::<binairo::BinairoPuzzle>(json);
    read::<binairo::BinaryGrid>(json);
    read::<skyscrapers::SkyscrapersPuzzle>(json);
    read::<skyscrapers::Heights>(json);
    read::<suguru::SuguruPuzzle>(json);
    read::<suguru::Digits>(json);
    read::<nonogram::NonogramPuzzle>(json);
    read::<nonogram::NonogramSolution>(json);
    read::<kenken::KenKenPuzzle>(json);
    read::<kenken::KenKenSolution>(json);
    read::<kenken::Cage>(json);
    read::<kakuro::KakuroPuzzle>(json);
    read::<kakuro::KakuroSolution>(json);
    read::<hitori::Puzzle>(json);
    read::<hitori::Shading>(json);
    read::<slitherlink::Puzzle>(json);
    read::<slitherlink::Inside>(json);
    read::<slant::Puzzle>(json);
    read::<slant::Slants>(json);
    read::<masyu::Puzzle>(json);
    read::<masyu::Path>(json);
    read::<gridcsp_puzzles::families::star_battle::StarBattlePuzzle>(json);
    read::<gridcsp_puzzles::families::norinori::NorinoriPuzzle>(json);
    read::<gridcsp_puzzles::families::nurikabe::NurikabePuzzle>(json);
    read::<gridcsp_puzzles::families::fillomino::FillominoPuzzle>(json);
    read::<gridcsp_puzzles::families::fillomino::Numbers>(json);
    read::<gridcsp_puzzles::families::thermometers::ThermometersPuzzle>(json);
    read::<gridcsp_puzzles::families::shikaku::ShikakuPuzzle>(json);
    read::<gridcsp_puzzles::families::magnets::MagnetsPuzzle>(json);
    read::<gridcsp_puzzles::families::kurodoko::KurodokoPuzzle>(json);
    read::<gridcsp_puzzles::families::dominosa::DominosaPuzzle>(json);
    read::<gridcsp_puzzles::families::battleships::BattleshipsPuzzle>(json);
    read::<gridcsp_puzzles::families::heyawake::HeyawakePuzzle>(json);
    read::<gridcsp_puzzles::families::yajilin::YajilinPuzzle>(json);
    read::<gridcsp_puzzles::families::yajilin::YajilinSolution>(json);
    read::<gridcsp_puzzles::families::numberlink::NumberlinkPuzzle>(json);
    read::<gridcsp_puzzles::families::numberlink::NumberlinkSolution>(json);
    read::<gridcsp_puzzles::families::hashi::HashiPuzzle>(json);
    read::<gridcsp_puzzles::families::hashi::HashiSolution>(json);
    read::<gridcsp_puzzles::families::galaxies::GalaxiesPuzzle>(json);
    read::<shading::Shading>(json);
    read::<shading::Regions>(json);
}

/// Serde texts of valid puzzles and solutions, to mutate.
const VALID: &[&str] = &[
    "5x5:aBb2cBb3aBbBcBbBa",
    "5 5\n- x - o 2\n- o - x o\no 3 o x -\n- x - o -\nx o - x -\n",
    "5x5:ha_dg_,2,0,1,2,0,1,1,1,1,1",
    "6x6u:edcADeCbCcd",
    "5:2/1/2/3/3/3/2/1/2/3/2/1/4/2/3/4/2/1/2/3,d2l1g",
    "3 4\n- - - -\n- - - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n",
    "5x5:4/3/1.1/3/4/3/2.2/5/1.1/1.1",
    "4:a_6baa_aa_a__,a3m4a5a7s2m8d2s2",
    "3 3\n- 4, 3,\n,4  0  0\n,3  0  0\n",
    "5x5:5221142135141524541531124",
    "4x4t0:2c3b32b20232",
    "5x5:cBaWdBaBeWf",
    "5 5\nse ew ew sw -\nns - - ns -\nne ew sw ns -\n- - ns ns -\n- - ne nw -\n",
    "5 5 1\n0 0 0 1 1\n0 0 1 1 2\n3 3 3 2 2\n3 3 3 2 2\n3 3 3 4 4\n",
    "4 4\n4 3 1 1\n3 1 3 2\n0.1 0.2 0.3 1.1\n2.1 3.1 3.2 1.2\n2.2 4.1 4.2 1.3\n2.3 5.1 5.2 5.3\n",
    "4 4\n3 4 2 1\n4 3 1 2\n2 1 4 3\n1 2 3 4\n",
    "6x6:d3a5_6b6n6b2_3a5d",
    "4:101213014302022223304410334414",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        read_as_everything(&serde_json::to_string(&text).unwrap());
    }

    #[test]
    fn mutated_valid_texts_never_panic(
        which in 0..VALID.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(
            vec!["", "0", "9", "99", "-", "x", "o", ":", ",", "/", "_", " ", "\n", "a", "z", "Z", "B", "u"],
        )), 1..4),
    ) {
        let mut text: Vec<char> = VALID[which].chars().collect();
        for (at, insert) in edits {
            let i = at.index(text.len() + 1);
            if i < text.len() {
                text.remove(i);
            }
            for (k, ch) in insert.chars().enumerate() {
                text.insert((i + k).min(text.len()), ch);
            }
        }
        let text: String = text.into_iter().collect();
        read_as_everything(&serde_json::to_string(&text).unwrap());
    }

    #[test]
    fn arbitrary_json_never_panics(json in "[\\[\\]{}\",:0-9a-z ]{0,40}") {
        read_as_everything(&json);
    }
}

/// The records of a data file, cut by the family's record shape (`#`
/// lines are comments).
fn records(text: &str, shape: RecordShape) -> Vec<String> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if line.trim().is_empty() {
            continue;
        }
        let more = match shape {
            RecordShape::Header {
                lines: after,
                one_line,
            }
            | RecordShape::HeaderHashRows {
                lines: after,
                one_line,
                ..
            } if !one_line(line) => after(line),
            _ => Some(0),
        };
        let mut record = format!("{line}\n");
        match more {
            Some(n) => {
                for l in lines.iter().skip(i).take(n) {
                    record.push_str(l);
                    record.push('\n');
                }
                i += n;
            }
            None => {
                while i < lines.len() && !lines[i].trim().is_empty() {
                    record.push_str(lines[i]);
                    record.push('\n');
                    i += 1;
                }
            }
        }
        out.push(record);
    }
    out
}

/// Round-trips every record of a file through serde; the number read.
fn corpus<F>(family: &F, file: &str, text: &str) -> usize
where
    F: Family,
    F::Puzzle: Serialize + DeserializeOwned,
{
    let mut read = 0;
    for record in records(text, family.info().shape) {
        let puzzle = family
            .parse(&record)
            .unwrap_or_else(|e| panic!("{file}: {e}\n{record}"));
        let json = round_trip(&puzzle);
        if let Some(text) = json.as_str() {
            assert_eq!(family.parse(text).as_ref(), Ok(&puzzle), "{file}");
        }
        read += 1;
    }
    read
}

/// The family of a data file: its directory's or its name's (none for
/// `catalogue/`, the engine benches' own layouts).
fn family_of(path: &std::path::Path) -> Option<&'static str> {
    let dir = path.parent()?.file_name()?.to_str()?;
    let name = path.file_name()?.to_str()?;
    if dir == "catalogue" {
        return None;
    }
    let by_dir = match dir {
        "kakuro" | "kenken" | "nonogram" | "skyscrapers" => Some(dir),
        "star_battle" => Some("star-battle"),
        _ => None,
    };
    let by_name = match name {
        "towers.txt" => Some("skyscrapers"),
        "nonograms.txt" => Some("nonogram"),
        _ => gridcsp_puzzles::families()
            .iter()
            .map(|f| f.info().name)
            .filter(|n| name.replace('_', "-").starts_with(&format!("{n}-")))
            .max_by_key(|n| n.len()),
    };
    let f = by_dir.or(by_name)?;
    gridcsp_puzzles::family(f).map(|f| f.info().name)
}

/// Every puzzle of the benches' data sets (Tatham's generators, published
/// collections, the families' own generators): the serde form reads back
/// to the same puzzle. (Skipped where the data is absent: a packaged
/// crate has no benches.)
#[test]
fn every_puzzle_of_the_data_sets_round_trips() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benches/data");
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(root)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut total = 0;
    for path in &files {
        let Some(name) = family_of(path) else {
            continue;
        };
        let text = std::fs::read_to_string(path).expect("a data file");
        let file = path.display().to_string();
        let read = match name {
            "sudoku" => corpus(&Sudoku::CLASSIC, &file, &text),
            "futoshiki" => corpus(&Futoshiki::STANDARD, &file, &text),
            "light-up" => corpus(&LightUp, &file, &text),
            "tents" => corpus(&Tents, &file, &text),
            "binairo" => corpus(&Binairo::BINAIRO, &file, &text),
            "unruly" => corpus(&Binairo::UNRULY, &file, &text),
            "killer-sudoku" => corpus(&KillerSudoku, &file, &text),
            "jigsaw-sudoku" => corpus(&JigsawSudoku, &file, &text),
            "skyscrapers" => corpus(&Skyscrapers, &file, &text),
            "suguru" => corpus(&Suguru, &file, &text),
            "nonogram" => corpus(&Nonogram, &file, &text),
            "kenken" => corpus(&KenKen::STANDARD, &file, &text),
            "kakuro" => corpus(&Kakuro::STANDARD, &file, &text),
            "hitori" => corpus(&Hitori, &file, &text),
            "slitherlink" => corpus(&Slitherlink, &file, &text),
            "masyu" => corpus(&Masyu, &file, &text),
            "star-battle" => corpus(&StarBattle, &file, &text),
            "norinori" => corpus(&Norinori, &file, &text),
            "thermometers" => corpus(&Thermometers, &file, &text),
            "shikaku" => corpus(&Shikaku, &file, &text),
            "slant" => corpus(&Slant, &file, &text),
            "magnets" => corpus(&Magnets, &file, &text),
            "dominosa" => corpus(&Dominosa, &file, &text),
            "hashi" => corpus(&Hashi, &file, &text),
            "nurikabe" => corpus(&Nurikabe, &file, &text),
            "fillomino" => corpus(&Fillomino, &file, &text),
            "heyawake" => corpus(&Heyawake, &file, &text),
            "lits" => corpus(&Lits, &file, &text),
            "galaxies" => corpus(&Galaxies, &file, &text),
            "kurodoko" => corpus(&Kurodoko, &file, &text),
            "ripple-effect" => corpus(&RippleEffect, &file, &text),
            "yajilin" => corpus(&Yajilin, &file, &text),
            "battleships" => corpus(&Battleships, &file, &text),
            other => panic!("{other}: a family this test does not know"),
        };
        assert!(read > 0, "{file}: no puzzle read");
        total += read;
    }
    if !files.is_empty() {
        assert!(total >= 1000, "{total} puzzles read");
    }
}
