//! The worked examples of `shared/formats/futoshiki.md`.

use futoshiki::{Difficulty, Puzzle, Uniqueness, parse_all};

struct Example {
    id: &'static str,
    grid: &'static str,
    solution: &'static str,
    solution_grid: &'static str,
    tatham: Difficulty,
}

const EXAMPLES: [Example; 4] = [
    Example {
        id: "4:2,0D,0,0L,0,0,0,0,0,0U,0,0L,0,0R,0,0,",
        grid: "2 . .<.\n  v    \n. . . .\n  ^    \n. . .<.\n       \n. .>. .\n",
        solution: "2413314212344321",
        solution_grid: "2 4 1<3\n  v    \n3 1 4 2\n  ^    \n1 2 3<4\n       \n4 3>2 1\n",
        tatham: Difficulty::Easy,
    },
    Example {
        id: "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,",
        grid: "1 .>. 4\n       \n. . . .\n  ^ ^  \n. . . .\n       \n. .>. .\n",
        solution: "1324413232412413",
        solution_grid: "1 3>2 4\n       \n4 1 3 2\n  ^ ^  \n3 2 4 1\n       \n2 4>1 3\n",
        tatham: Difficulty::Easy,
    },
    Example {
        id: "5:0,0L,0,0,0,0,0,0L,0D,0,0,0,0U,3,0D,0,0,0,0,0D,4U,0U,0,0,2,",
        grid: ".<. . . .\n         \n. .<. . .\n    ^ v  \n. . . 3 .\n        v\n. . . . .\n^ ^     v\n4 . . . 2\n",
        solution: "3452151243124352315445312",
        solution_grid: "3<4 5 2 1\n         \n5 1<2 4 3\n    ^ v  \n1 2 4 3 5\n        v\n2 3 1 5 4\n^ ^     v\n4 5 3 1 2\n",
        tatham: Difficulty::Tricky,
    },
    Example {
        id: "6:0D,0,0L,0R,0,2,0,0,5,0,0,0L,0,0,0,0U,0,0U,0,0,0L,3R,0,0,0R,0,0,0,0L,0U,0,0,0R,0R,0,0U,",
        grid: ". .<. .>. 2\nv          \n. . 5 . .<.\n      ^   ^\n. . . . . .\n           \n. .<. 3>. .\n          ^\n.>. . .<. .\n          ^\n. . .>.>. .\n",
        solution: "314652265134132546456321521463643215",
        solution_grid: "3 1<4 6>5 2\nv          \n2 6 5 1 3<4\n      ^   ^\n1 3 2 5 4 6\n           \n4 5<6 3>2 1\n          ^\n5>2 1 4<6 3\n          ^\n6 4 3>2>1 5\n",
        tatham: Difficulty::Extreme,
    },
];

#[test]
fn worked_examples_solve_to_the_given_solutions() {
    for ex in &EXAMPLES {
        let p = Puzzle::from_game_id(ex.id).unwrap();
        let Uniqueness::Unique(s) = p.uniqueness() else {
            panic!("{} not unique", ex.id)
        };
        assert_eq!(s.to_solution_string(), ex.solution, "{}", ex.id);
        assert_eq!(p.filled_with(&s).unwrap().to_grid(), ex.solution_grid);
        assert_eq!(p.check(), Ok(()));
    }
}

#[test]
fn worked_examples_round_trip_in_both_formats() {
    for ex in &EXAMPLES {
        let from_id = Puzzle::from_game_id(ex.id).unwrap();
        let from_grid = Puzzle::from_grid(ex.grid).unwrap();
        assert_eq!(from_id, from_grid, "{}", ex.id);
        assert_eq!(from_id.to_game_id(), ex.id);
        assert_eq!(from_id.to_grid(), ex.grid);
        // Stripped trailing spaces (empty relation rows) read the same.
        let stripped: String = ex
            .grid
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        assert_eq!(Puzzle::from_grid(&stripped).unwrap(), from_id);
        assert_eq!(Puzzle::parse(ex.id).unwrap(), from_id);
        assert_eq!(Puzzle::parse(ex.grid).unwrap(), from_id);
    }
}

#[test]
fn worked_examples_grade_like_tatham() {
    for ex in &EXAMPLES {
        let p = Puzzle::from_game_id(ex.id).unwrap();
        let grade = p.grade().unwrap();
        assert_eq!(grade.difficulty, ex.tatham, "{}", ex.id);
        assert_eq!(grade.hardest.map(|t| t.difficulty()), Some(ex.tatham));
    }
}

#[test]
fn multi_puzzle_file_with_comments_and_empty_relation_rows() {
    let mut text = String::from("# first\n");
    for ex in &EXAMPLES {
        let stripped: String = ex
            .grid
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        text.push_str(&stripped);
        text.push_str("\n# next\n\n");
    }
    text.push_str(EXAMPLES[0].id);
    text.push('\n');
    let entries = parse_all(&text).unwrap();
    assert_eq!(entries.len(), EXAMPLES.len() + 1);
    assert_eq!(entries[0].comments, vec!["first".to_owned()]);
    for (e, ex) in entries.iter().zip(&EXAMPLES) {
        assert_eq!(e.puzzle.to_game_id(), ex.id);
    }
    assert_eq!(entries[EXAMPLES.len()].puzzle.to_game_id(), EXAMPLES[0].id);
}

#[test]
fn explanations_read_like_a_player() {
    let p = Puzzle::from_game_id(EXAMPLES[1].id).unwrap();
    let e = p.explain().unwrap();
    assert!(!e.steps.is_empty());
    let text = e.to_string();
    assert!(text.contains(" < "), "{text}");
    assert!(text.contains("Grade: Easy"), "{text}");
}
