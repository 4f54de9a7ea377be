//! Slitherlink: a hand-checked puzzle, both formats, the rules, the ladder
//! and the generator.

use gridcsp_puzzles::families::slitherlink::{Inside, Puzzle, Slitherlink};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, Solved, Unique};
use proptest::prelude::*;

/// Hand-checked: every clue counted, the inside cells one piece, every
/// outside cell reaching the border, no two inside cells meeting only at
/// a corner.
const PUZZLE: &str = "4 4\n2 - - -\n3 - - 3\n2 - - 2\n0 2 3 2\n";
const SOLUTION: &str = "4 4\n- x - -\nx x - x\n- x x x\n- - x -\n";
const DRAWING: &str = "\
+ +-+ + +
  | |    
+-+ + +-+
|   | | |
+-+ +-+ +
  |     |
+ +-+ +-+
    | |  
+ + +-+ +
";

fn solution(p: &Puzzle) -> Inside {
    match Slitherlink.uniqueness(p, &Limits::default()).0 {
        Unique::Unique(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_hand_checked_puzzle_is_solved_uniquely() {
    let p = Slitherlink.parse(PUZZLE).unwrap();
    let want = Slitherlink.parse_solution(&p, SOLUTION).unwrap();
    assert_eq!(solution(&p), want);
    assert!(Slitherlink.check(&p, &want).is_empty());
    assert_eq!(Slitherlink.write_solution(&p, &want), SOLUTION);
    assert_eq!(want.draw(), DRAWING);
    let (solved, stats) = Slitherlink.solve(&p, &Limits::default());
    assert_eq!(solved, Solved::Solution(want));
    assert_eq!(stats.decisions, 0, "propagation alone solves it");
    assert_eq!(
        Slitherlink.grade(&p, &Limits::default()).unwrap().level,
        "normal"
    );
}

#[test]
fn text_and_game_id_round_trip() {
    let p = Slitherlink.parse(PUZZLE).unwrap();
    assert_eq!(Slitherlink.write(&p), PUZZLE);
    let id = Slitherlink.write_game_id(&p).unwrap();
    assert_eq!(id, "4x4t0:2c3b32b20232");
    assert_eq!(Slitherlink.parse(&id).unwrap(), p);
    assert_eq!(Slitherlink.parse("4x4t0de:2c3b32b20232").unwrap(), p);
    assert_eq!(Slitherlink.parse("4x4:2c3b32b20232").unwrap(), p);
    assert_eq!(
        Slitherlink.parse("4 4\n2---\n3--3\n2--2\n0232\n").unwrap(),
        p
    );
    let tiny = Puzzle::new(2, 2, vec![Some(4), None, None, None]).unwrap();
    assert_eq!(
        Slitherlink.write_game_id(&tiny),
        None,
        "Tatham's grids are 3x3 or more"
    );
}

#[test]
fn bad_input_names_its_line_and_column() {
    let cases = [
        ("2 2\n- 1\n- q\n", Some(3), Some(3)),
        ("2 2\n- 1\n", Some(3), None),
        ("2 2\n- 1 2\n- -\n", Some(2), None),
        ("4x4t2:p", Some(1), Some(5)),
        ("4x4t0:2c3b32b2023", Some(1), None),
        ("4x4t0:2c3b32b202329", Some(1), Some(19)),
        ("4x4t0:2c3b32b2023A", Some(1), Some(18)),
    ];
    for (text, line, column) in cases {
        let e = Slitherlink.parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        if column.is_some() {
            assert_eq!(e.column, column, "{text:?}: {e}");
        }
    }
    let p = Slitherlink.parse(PUZZLE).unwrap();
    let e = Slitherlink
        .parse_solution(&p, "4 4\n- x - -\nx x - x\n- x o x\n- - x -\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(5)));
}

#[test]
fn check_names_each_broken_rule_and_its_cells() {
    let p = Slitherlink.parse(PUZZLE).unwrap();
    let s = |text: &str| Slitherlink.parse_solution(&p, text).unwrap();
    let v = Slitherlink.check(&p, &s("4 4\n- x - -\nx x - x\n- x x x\n- - - -\n"));
    let rules: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert!(
        rules.contains(&"the 3 at r4c3 has 1 sides on the loop (r4c3)".to_owned()),
        "{rules:?}"
    );
    let v = Slitherlink.check(&p, &s("4 4\nx - - -\n- - - -\n- - - -\n- - - x\n"));
    assert!(
        v.iter()
            .any(|v| v.rule.contains("another") && v.cells == vec![Cell::new(3, 3)]),
        "{v:?}"
    );
    let v = Slitherlink.check(&p, &s("4 4\nx x x -\nx - x -\nx x x -\n- - - -\n"));
    assert!(
        v.iter()
            .any(|v| v.rule.contains("second") && v.cells == vec![Cell::new(1, 1)]),
        "{v:?}"
    );
    let v = Slitherlink.check(&p, &s("4 4\nx - - -\n- x - -\n- - - -\n- - - -\n"));
    assert!(v.iter().any(|v| v.rule.contains("touches itself")), "{v:?}");
}

#[test]
fn generated_puzzles_are_unique_of_their_level_and_seeded() {
    let limits = Limits::default();
    for (size, level) in [(4, 0), (5, 1), (7, 0), (7, 1), (10, 0)] {
        let o = GenerateOptions::new(size, size, level).with_seed(5);
        let g = Slitherlink.generate(&o).unwrap();
        assert_eq!(
            solution(&g.puzzle),
            g.solution,
            "{}",
            Slitherlink.write(&g.puzzle)
        );
        assert!(Slitherlink.check(&g.puzzle, &g.solution).is_empty());
        assert_eq!(Slitherlink.grade(&g.puzzle, &limits).unwrap().rank, level);
        assert_eq!(Slitherlink.generate(&o).unwrap().puzzle, g.puzzle);
    }
    assert!(
        Slitherlink
            .generate(&GenerateOptions::new(1, 5, 0))
            .is_err()
    );
    assert!(
        Slitherlink
            .generate(&GenerateOptions::new(5, 5, 2))
            .is_err()
    );
}

#[test]
fn render_draws_clues_dots_and_the_loop() {
    let p = Slitherlink.parse(PUZZLE).unwrap();
    let s = solution(&p);
    let plain = Slitherlink.render(&p, None, &Default::default());
    let solved = Slitherlink.render(&p, Some(&s), &Default::default());
    assert_eq!(plain.matches("<text").count(), 9);
    assert_eq!(plain.matches("class=\"loop\"").count(), 0);
    // The loop has 20 sides (count the `-` and `|` of the drawing).
    let sides = DRAWING.chars().filter(|&c| c == '-' || c == '|').count();
    assert_eq!(solved.matches("class=\"loop\"").count(), sides);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_never_panics(text in "[0-9a-zA-Z: x\\-\n]{0,60}") {
        let _ = Slitherlink.parse(&text);
    }

    #[test]
    fn mutated_records_never_panic(pos in 0usize..40, ch in any::<char>()) {
        for base in [PUZZLE, "4x4t0:2c3b32b20232"] {
            let mut chars: Vec<char> = base.chars().collect();
            let i = pos % chars.len();
            chars[i] = ch;
            let text: String = chars.into_iter().collect();
            if let Ok(p) = Slitherlink.parse(&text) {
                prop_assert_eq!(Slitherlink.parse(&Slitherlink.write(&p)).unwrap(), p);
            }
        }
    }
}

/// Puzzles of Tatham's own generator (`tests/data/slitherlink_tatham.txt`):
/// each is solved uniquely, his Easy and Normal ones with propagation
/// alone (`normal`; the first ten needed trial and error before the rule
/// that a side closing the loop must leave every clue met), his Hard ones
/// with search.
#[test]
fn tathams_puzzles_are_solved_and_graded_on_the_two_rungs() {
    let limits = Limits::default();
    for line in include_str!("data/slitherlink_tatham.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let p = Slitherlink
            .parse(line)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        let s = solution(&p);
        assert!(Slitherlink.check(&p, &s).is_empty(), "{line}");
        let rank = Slitherlink.grade(&p, &limits).unwrap().rank;
        if line.contains("de:") || line.contains("dn:") {
            assert_eq!(rank, 0, "{line}");
        } else if line.contains("dh:") {
            assert_eq!(rank, 1, "{line}");
        }
    }
}

/// The grading model (with the closing rule) keeps exactly the solution:
/// searched to the end, it has one, the solving model's.
#[test]
fn the_grading_model_keeps_the_one_solution() {
    for line in include_str!("data/slitherlink_tatham.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let p = Slitherlink.parse(line).unwrap();
        let want = solution(&p);
        let built = Slitherlink.build_for_level(&p, 0).unwrap();
        let mut solver = csp_core::Solver::new(&built.model);
        solver.set_assumptions(&built.assumptions).unwrap();
        let found: Vec<_> = solver.solutions().take(2).collect();
        assert_eq!(found.len(), 1, "{line}");
        assert_eq!(Slitherlink.decode(&p, &built, &found[0]), want, "{line}");
    }
}

/// On random small grids with random clues (any number of solutions), the
/// grading model and the solving model have the same solutions: the
/// closing rule removes none.
#[test]
fn the_closing_rule_removes_no_solution_on_random_grids() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let count = |built: &gridcsp_puzzles::Built| {
        let mut solver = csp_core::Solver::new(&built.model);
        solver.set_assumptions(&built.assumptions).unwrap();
        solver.count(Some(500)).count
    };
    for round in 0..150 {
        let (rows, cols) = (2 + round % 3, 2 + (round / 3) % 3);
        let mut text = format!("{rows} {cols}\n");
        for _ in 0..rows {
            let row: Vec<String> = (0..cols)
                .map(|_| match rng.random_range(0..6) {
                    k @ 0..=3 => k.to_string(),
                    _ => "-".to_owned(),
                })
                .collect();
            text += &row.join(" ");
            text += "\n";
        }
        let p = Slitherlink.parse(&text).unwrap();
        let graded = Slitherlink.build_for_level(&p, 0).unwrap();
        let solving = Slitherlink.build(&p).unwrap();
        assert_eq!(count(&graded), count(&solving), "{text}");
    }
}
