//! Both text formats: proptest round trips and every rejection of the format file.

use futoshiki::{Cell, Link, Mode, ParseError, Puzzle, parse_all};
use proptest::prelude::*;

fn puzzle_strategy() -> impl Strategy<Value = Puzzle> {
    (1usize..=16, any::<bool>()).prop_flat_map(|(n, adjacent)| {
        let cells = n * n;
        (
            Just(n),
            Just(adjacent),
            proptest::collection::vec(0..=n as u8, cells),
            proptest::collection::vec(0u8..3, cells),
            proptest::collection::vec(0u8..3, cells),
        )
            .prop_map(|(n, adjacent, values, right, down)| {
                let mode = if adjacent {
                    Mode::Adjacent
                } else {
                    Mode::Standard
                };
                let mut p = Puzzle::with_mode(n, mode).unwrap();
                let link = |k: u8| match (mode, k) {
                    (_, 0) => Link::None,
                    (Mode::Adjacent, _) => Link::Bar,
                    (_, 1) => Link::Less,
                    _ => Link::Greater,
                };
                for cell in p.cells().collect::<Vec<_>>() {
                    let i = cell.index(n);
                    p.set_given(cell, (values[i] != 0).then_some(values[i]))
                        .unwrap();
                    if cell.col + 1 < n {
                        p.set_right(cell, link(right[i])).unwrap();
                    }
                    if cell.row + 1 < n {
                        p.set_down(cell, link(down[i])).unwrap();
                    }
                }
                p
            })
    })
}

proptest! {
    #[test]
    fn game_id_round_trips(p in puzzle_strategy()) {
        let id = p.to_game_id();
        prop_assert!(id.ends_with(','));
        let back = Puzzle::from_game_id(&id).unwrap();
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_game_id(), id);
    }

    #[test]
    fn grid_round_trips_padded_and_stripped(p in puzzle_strategy()) {
        let grid = p.to_grid();
        let back = Puzzle::from_grid(&grid).unwrap();
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_grid(), grid.clone());
        let stripped: String = grid.lines().map(|l| format!("{}\r\n", l.trim_end())).collect();
        prop_assert_eq!(Puzzle::from_grid(&stripped).unwrap(), p);
    }

    #[test]
    fn multi_puzzle_files_round_trip(ps in proptest::collection::vec(puzzle_strategy(), 1..4)) {
        let text = futoshiki::write_all(&ps);
        let back: Vec<Puzzle> = parse_all(&text).unwrap().into_iter().map(|e| e.puzzle).collect();
        prop_assert_eq!(back, ps);
    }
}

fn grid_err(text: &str) -> ParseError {
    Puzzle::from_grid(text).unwrap_err()
}

#[test]
fn grid_rejections_name_line_and_column() {
    let e = grid_err(". . .\n\n. . .\n");
    assert!(
        matches!(
            e,
            ParseError::TooFewLines {
                size: 3,
                expected: 5,
                found: 3,
                ..
            }
        ),
        "{e}"
    );
    let e = grid_err("\n. ..\n");
    assert_eq!(e, ParseError::EvenWidth { line: 2, length: 4 });
    let e = grid_err(". .\n");
    assert!(
        matches!(
            e,
            ParseError::TooFewLines {
                line: 2,
                size: 2,
                expected: 3,
                found: 1
            }
        ),
        "{e}"
    );
    let e = grid_err(".<.\n   \n. *\n");
    assert_eq!(
        e,
        ParseError::UnknownChar {
            line: 3,
            column: 3,
            ch: '*'
        }
    );
    assert_eq!(e.line_column(), Some((3, 3)));
    assert!(e.to_string().starts_with("line 3, column 3"), "{e}");
    let e = grid_err(". .\n     v\n. .\n");
    assert!(
        matches!(
            e,
            ParseError::LineTooLong {
                line: 2,
                column: 4,
                width: 3
            }
        ),
        "{e}"
    );
    let e = grid_err(". 3\n   \n. .\n");
    assert_eq!(
        e,
        ParseError::ValueTooLarge {
            line: 1,
            column: 3,
            value: 3,
            size: 2
        }
    );
    let e = grid_err(". .\n ^ \n. .\n");
    assert_eq!(
        e,
        ParseError::OddPositionInRelationRow {
            line: 2,
            column: 2,
            ch: '^'
        }
    );
    let e = grid_err(". .\n<  \n. .\n");
    assert_eq!(
        e,
        ParseError::HorizontalSignInRelationRow {
            line: 2,
            column: 1,
            ch: '<'
        }
    );
    let e = grid_err(".v.\n   \n. .\n");
    assert_eq!(
        e,
        ParseError::VerticalSignInCellRow {
            line: 1,
            column: 2,
            ch: 'v'
        }
    );
    let e = grid_err(". .\n\t  \n. .\n");
    assert_eq!(e, ParseError::Tab { line: 2, column: 1 });
    let e = grid_err(".<.\n-  \n. .\n");
    assert!(
        matches!(
            e,
            ParseError::MixedMarks {
                line: 2,
                column: 1,
                ..
            }
        ),
        "{e}"
    );
    let e = grid_err(". .\n   \n. .\n. .\n");
    assert_eq!(e, ParseError::TrailingText { line: 4, size: 2 });
    // Errors further down a multi-puzzle file count lines from its start.
    let e = parse_all("# a\n. .\n\n. .\n\n. .\n  \n? .\n").unwrap_err();
    assert_eq!(
        e,
        ParseError::UnknownChar {
            line: 8,
            column: 1,
            ch: '?'
        }
    );
    assert_eq!(
        Puzzle::from_grid("\n# only a comment\n").unwrap_err(),
        ParseError::Empty
    );
}

#[test]
fn grid_readers_accept_aliases_and_blank_zero() {
    let p = Puzzle::from_grid("0 .\n\u{2227} V\n. .\n").unwrap();
    assert_eq!(p.given(Cell::new(0, 0)), None);
    assert_eq!(p.to_grid(), ". .\n^ v\n. .\n");
    let mut text = String::new();
    for r in 0..10 {
        let row: Vec<String> = (0..10)
            .map(|c| {
                if r == c {
                    "a".to_owned()
                } else {
                    ".".to_owned()
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
        if r < 9 {
            text.push('\n');
        }
    }
    let p = Puzzle::from_grid(&text).unwrap();
    assert_eq!(
        p.given(Cell::new(3, 3)),
        Some(10),
        "lower-case letters are read"
    );
    assert!(p.to_grid().starts_with("A . "), "writers use upper case");
}

#[test]
fn grid_readers_accept_unicode_signs() {
    let p = Puzzle::from_grid("1 .\n\u{2227} \u{2228}\n. 1\n").unwrap();
    assert_eq!(p.down(Cell::new(0, 0)), Link::Less);
    assert_eq!(p.down(Cell::new(0, 1)), Link::Greater);
    assert_eq!(p.to_grid(), "1 .\n^ v\n. 1\n");
}

#[test]
fn game_id_rejections() {
    use ParseError::*;
    let err = |s: &str| Puzzle::from_game_id(s).unwrap_err();
    assert!(matches!(
        err("2:0,0,0"),
        TooFewEntries {
            expected: 4,
            found: 3
        }
    ));
    assert!(matches!(
        err("2:0,0,0,0,0"),
        TooManyEntries { expected: 4, .. }
    ));
    assert!(matches!(
        err("2:0,0;0,0"),
        MissingComma {
            entry: 1,
            ch: ';',
            ..
        }
    ));
    assert!(matches!(
        err("2:0,3,0,0"),
        NumberTooLarge {
            entry: 1,
            value: 3,
            order: 2,
            ..
        }
    ));
    assert!(matches!(
        err("2:0U,0,0,0"),
        FlagOffGrid {
            entry: 0,
            flag: 'U',
            ..
        }
    ));
    assert!(matches!(
        err("2:0R,0L,0,0"),
        ContradictoryFlags {
            entry: 0,
            flag: 'R',
            ..
        }
    ));
    assert!(matches!(
        err("2:0D,0,0U,0"),
        ContradictoryFlags {
            entry: 0,
            flag: 'D',
            ..
        }
    ));
    assert!(matches!(err("2a:0R,0,0,0"), UnmatchedBar { entry: 0, .. }));
    assert!(matches!(err("2:0,,0,0"), ExpectedNumber { entry: 1, .. }));
    assert!(matches!(err("20"), MissingColon));
    assert!(matches!(err("2q:0,0,0,0"), BadParams { position: 1, .. }));
    assert!(matches!(err("99:0"), BadOrder { order: 99 }));
    let e = err("3:0,0,7,0,0,0,0,0,0,");
    assert_eq!(
        e.to_string(),
        "game ID: entry 2 (r1c3), character 6: 7 is greater than the order 3"
    );
}

#[test]
fn game_id_readers_accept_tatham_variants() {
    // Skip letters, a difficulty, flags in any order, no final comma.
    let a = Puzzle::from_game_id("4de:2,0D,b0L,e0U,0,0L,0,0R,b").unwrap_err();
    let _ = a; // "b" at the very end skips two cells then expects a number
    let p = Puzzle::from_game_id("4de:2,0D,a0L,e0U,0,0L,0,0R,0,0").unwrap();
    assert_eq!(p.to_game_id(), "4:2,0D,0,0L,0,0,0,0,0,0U,0,0L,0,0R,0,0,");
    let q = Puzzle::from_game_id("3:0DR,0,0,0,0,0,0,0,0").unwrap();
    let r = Puzzle::from_game_id("3:0RD,0,0,0,0,0,0,0,0,").unwrap();
    assert_eq!(q, r);
    assert_eq!(q.to_game_id(), "3:0RD,0,0,0,0,0,0,0,0,");
    // Sizes above 9 use two-digit numbers in IDs and letters in grids.
    let mut big = Puzzle::new(12).unwrap();
    big.set_given(Cell::new(0, 0), Some(12)).unwrap();
    assert!(big.to_game_id().starts_with("12:12,"));
    assert!(big.to_grid().starts_with("C . "));
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = Puzzle::parse(&text);
        let _ = parse_all(&text);
        let _ = Puzzle::from_game_id(&text);
    }

    #[test]
    fn near_valid_inputs_never_panic(
        text in "[0-9]{1,2}a?(d[tekxr])?:([a-z]?[0-9]{0,2}[URDL]{0,3},?){0,40}",
        grid in "([.0-9A-Za-z<>^vV| -]{0,9}\n){1,9}",
    ) {
        if let Ok(p) = Puzzle::parse(&text) {
            prop_assert_eq!(Puzzle::from_game_id(&p.to_game_id()).unwrap(), p.clone());
            let _ = p.check();
            let _ = p.grade();
        }
        if let Ok(p) = Puzzle::parse(&grid) {
            prop_assert_eq!(Puzzle::from_grid(&p.to_grid()).unwrap(), p.clone());
            let _ = p.check();
            let _ = p.hint();
        }
    }
}

#[test]
fn letters_in_small_grid_cells_are_unexpected_characters_or_misplaced_signs() {
    // Letters are values only from size 10 on: below that, a stray letter
    // is an unknown character and a `v` a sign in the wrong place, not
    // "value 33 is greater than the size 2".
    assert_eq!(
        grid_err("1 x\n   \n. .\n"),
        ParseError::UnknownChar {
            line: 1,
            column: 3,
            ch: 'x'
        }
    );
    assert_eq!(
        grid_err(". .\n   \nV .\n"),
        ParseError::VerticalSignInCellRow {
            line: 3,
            column: 1,
            ch: 'V'
        }
    );
    // From size 10 on a letter is a value: too large, or accepted.
    let row = |c: char| format!("{c}{}", " .".repeat(9));
    let mut lines = vec![row('x')];
    for _ in 0..9 {
        lines.push(String::new());
        lines.push(row('.'));
    }
    assert!(matches!(
        grid_err(&lines.join("\n")),
        ParseError::ValueTooLarge {
            line: 1,
            column: 1,
            value: 33,
            size: 10
        }
    ));
    lines[0] = row('a');
    assert_eq!(
        Puzzle::from_grid(&lines.join("\n"))
            .unwrap()
            .given(Cell::new(0, 0)),
        Some(10)
    );
}
