//! The sudoku family reads and writes Tatham's Solo IDs of classic and X
//! puzzles (any box shape) and sends jigsaw and killer IDs to their
//! families.

use gridcsp_puzzles::families::sudoku::Sudoku;
use gridcsp_puzzles::{Family, Limits, Unique};

// Printed by Tatham's Solo generator (see crates/sudoku/tests/data/solo.txt).
const IDS: &[&str] = &[
    "3x3:7f1a3_6a8d4a2_8b6c8a2_5c7c4_7a2_1c3c4_9a2c3b8_4a4d1a2_6a5f7",
    "3x2:3b6c5f1b6_5b3f4c2b5",
    "2x3:b4b2b6d2b6_1_1_6b3d1b3b4b",
    "3x3x:a8_6b7_4d9a8c6_1c6d3a8b4o2b3a4d2c5_9c1a2d5_9b1_6a",
];

#[test]
fn classic_and_x_ids_solve_and_round_trip() {
    let f = Sudoku::CLASSIC;
    for id in IDS {
        let p = f.parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(f.write_game_id(&p).as_deref(), Some(*id));
        assert_eq!(p.variant.has_diagonals(), id.starts_with("3x3x"));
        let (Unique::Unique(s), _) = f.uniqueness(&p, &Limits::default()) else {
            panic!("{id}: not unique")
        };
        assert!(f.check(&p, &s).is_empty(), "{id}");
    }
    // The one-line text layout has an ID too.
    let p = f
        .parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        .unwrap();
    let id = f.write_game_id(&p).unwrap();
    assert!(id.starts_with("3x3:5_3b7"), "{id}");
    assert_eq!(f.parse(&id).unwrap(), p);
}

#[test]
fn other_variants_and_bad_ids_are_errors_with_a_column() {
    let f = Sudoku::CLASSIC;
    let e = f.parse("4j:1h3c4b,aaa_ae_a_ab_").unwrap_err();
    assert!(e.message.contains("jigsaw-sudoku"), "{e}");
    let e = f
        .parse("2x2k:p,a______abbaa_a__,5a4_6_8_6d5b6b")
        .unwrap_err();
    assert!(e.message.contains("killer-sudoku"), "{e}");
    let e = f.parse("2x2:b2c1b4c2!").unwrap_err();
    assert_eq!((e.line, e.column), (Some(1), Some(13)));
}
