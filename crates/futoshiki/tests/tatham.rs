//! Puzzles from Tatham's collection (the Guardian puzzles quoted in
//! `unequal.c`): each has one solution and a grade.

use futoshiki::{Puzzle, Uniqueness};

const GUARDIAN: [&str; 3] = [
    "5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,",
    "5:0,0,0,0,0,0,2,0U,3U,0U,0,0,3,0,0,0,3,0D,4,0,0,0L,0R,0,0,",
    "5:0D,0L,0,0R,0,0,0D,0,3,0D,0,0R,0,0R,0D,0U,0L,0,1,2,0,0,0U,0,0L,",
];

#[test]
fn guardian_puzzles_are_unique_and_graded() {
    for id in GUARDIAN {
        let p = Puzzle::parse(id).unwrap();
        assert!(matches!(p.uniqueness(), Uniqueness::Unique(_)), "{id}");
        let g = p.grade().unwrap();
        println!("{id}: {} ({:?})", g.difficulty, g.hardest);
        // Flags in any order read back to the canonical U R D L order.
        assert_eq!(Puzzle::from_game_id(&p.to_game_id()).unwrap(), p);
    }
}

#[test]
fn guardian_2_as_quoted_has_two_solutions() {
    // The comment in unequal.c lost a clue: as quoted it is ambiguous.
    let p = Puzzle::parse("5:0,0,0,4L,0L,0,2LU,0L,0U,0,0,0U,0,0,0,0,0D,0,3LRUD,0,0R,3,0L,0,0,")
        .unwrap();
    assert!(matches!(p.uniqueness(), Uniqueness::Multiple(..)));
    assert_eq!(p.grade(), Err(futoshiki::GradeError::MultipleSolutions));
}

/// Adjacent-mode puzzles of Tatham's own generator, graded by his solver
/// (see the data file's header). Every grade must match his, at every size
/// and level; before neighbours' values were known to differ in the
/// Tricky-level adjacency reasoning, many of his Tricky and Extreme puzzles
/// graded Recursive here.
#[test]
fn adjacent_mode_grades_match_tathams() {
    let data = include_str!("data/tatham_adjacent.txt");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (id, letter) = line.rsplit_once(' ').expect("<game ID> <grade>");
        let want = futoshiki::Difficulty::from_letter(letter.chars().next().unwrap()).unwrap();
        let p = Puzzle::parse(id).unwrap();
        assert_eq!(p.mode(), futoshiki::Mode::Adjacent, "{id}");
        let got = p.grade().unwrap().difficulty;
        if got != want {
            wrong.push(format!("{id}: Tatham {want}, here {got}"));
        }
        checked += 1;
    }
    assert!(checked >= 200, "only {checked} puzzles read");
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
