//! Magnets: both formats, the rule checker, the model at every level
//! against an independent brute force over the dominoes' polarities,
//! parse errors with line and column, grades, steps and the generator.

use gridcsp_puzzles::families::magnets::{Magnets, MagnetsPuzzle, Pole};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, Solved, Unique};
use proptest::prelude::*;

/// Tatham's example in the comment at the top of `magnets.c` (his
/// Magnets, drawn there with its solution): 3 columns, 3 rows, a lone
/// blank cell in the middle.
const TATHAM_3X3: &str = "3x3:201,102,120,111,LRTT*BBLR";
/// Its solution as drawn there, in the solution layout.
const TATHAM_3X3_SOLUTION: &str = "3 3\n+ - x\n- x x\n+ - +\n";
/// The same puzzle in janko.at's text layout (the lone cell has a label
/// of its own).
const TATHAM_3X3_TEXT: &str = "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n1 1 2\n3 4 2\n3 5 5\n";
/// "Janko 6x6" and a Zotmeister 5x5 from the same comment (no solutions
/// given there; each has exactly one).
const JANKO_6X6: &str = "6x6:322223,323132,232223,232223,LRTLRTTTBLRBBBTTLRLRBBLRTTLRTTBBLRBB";
const ZOTMEISTER_5X5: &str = "5x5:.2..1,3..1.,.2..2,2..2.,LRLRTTLRTBBT*BTTBLRBBLRLR";

fn parse(text: &str) -> MagnetsPuzzle {
    Magnets
        .parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Solutions by brute force: every domino blank, `+ -` or `- +`, lone
/// cells blank, kept when the rule checker finds nothing.
fn brute_force(p: &MagnetsPuzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let firsts: Vec<Cell> = (0..rows * cols)
        .map(|i| Cell::new(i / cols, i % cols))
        .filter(|&c| {
            p.partner(c)
                .is_some_and(|o| (o.row, o.col) > (c.row, c.col))
        })
        .collect();
    let mut found = 0;
    for code in 0..3u64.pow(firsts.len() as u32) {
        let mut cells = vec![Pole::Blank; rows * cols];
        let mut k = code;
        for &c in &firsts {
            let pole = [Pole::Blank, Pole::Plus, Pole::Minus][(k % 3) as usize];
            k /= 3;
            let o = p.partner(c).unwrap();
            cells[c.row * cols + c.col] = pole;
            cells[o.row * cols + o.col] = match pole {
                Pole::Plus => Pole::Minus,
                Pole::Minus => Pole::Plus,
                Pole::Blank => Pole::Blank,
            };
        }
        let text = Magnets.write_solution(
            p,
            &gridcsp_puzzles::families::magnets::MagnetsSolution::new(rows, cols, cells).unwrap(),
        );
        let s = Magnets.parse_solution(p, &text).unwrap();
        if Magnets.check(p, &s).is_empty() {
            found += 1;
        }
    }
    found
}

#[test]
fn tathams_example_solves_as_drawn() {
    let p = parse(TATHAM_3X3);
    let Unique::Unique(s) = Magnets.uniqueness(&p, &Limits::default()).0 else {
        panic!("one solution");
    };
    assert_eq!(Magnets.write_solution(&p, &s), TATHAM_3X3_SOLUTION);
    assert!(Magnets.check(&p, &s).is_empty());
    assert_eq!(Magnets.parse_solution(&p, TATHAM_3X3_SOLUTION), Ok(s));
    assert_eq!(brute_force(&p), 1);
}

#[test]
fn the_formats_round_trip() {
    let p = parse(TATHAM_3X3);
    // The lone cell is written `@`, janko.at's cell outside every domino.
    assert_eq!(
        Magnets.write(&p),
        TATHAM_3X3_TEXT.replace("3 4 2\n3 5 5", "3 @ 2\n3 4 4")
    );
    assert_eq!(parse(TATHAM_3X3_TEXT), p);
    assert_eq!(Magnets.write_game_id(&p).as_deref(), Some(TATHAM_3X3));
    for id in [JANKO_6X6, ZOTMEISTER_5X5] {
        let p = parse(id);
        assert_eq!(Magnets.write_game_id(&p).as_deref(), Some(id));
        assert_eq!(parse(&Magnets.write(&p)), p);
        let (u, _) = Magnets.uniqueness(&p, &Limits::default());
        let Unique::Unique(s) = u else {
            panic!("{id}: one solution, got {u:?}");
        };
        assert!(Magnets.check(&p, &s).is_empty());
    }
    // Tatham's parameters may carry a difficulty and strip-clues flag.
    assert_eq!(parse("3x3dtS:201,102,120,111,LRTT*BBLR"), parse(TATHAM_3X3));
}

#[test]
fn givens_are_read_kept_and_written() {
    // The 3x3 with r1c1 given + and r3c3 given + (a second grid of rows).
    let text = "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n+ . .\n. . .\n. . +\n1 1 2\n3 4 2\n3 5 5\n";
    let p = parse(text);
    assert_eq!(p.given(Cell::new(0, 0)), Some(Pole::Plus));
    assert_eq!(p.given(Cell::new(1, 1)), None);
    assert_eq!(
        Magnets.write(&p),
        text.replace("3 4 2\n3 5 5", "3 @ 2\n3 4 4")
    );
    assert_eq!(
        Magnets.write_game_id(&p),
        None,
        "Tatham's IDs have no givens"
    );
    assert!(matches!(
        Magnets.solve(&p, &Limits::default()).0,
        Solved::Solution(_)
    ));
    // A given that contradicts the only solution leaves none.
    let wrong = text.replace("+ . .\n", "- . .\n");
    assert!(matches!(
        Magnets.solve(&parse(&wrong), &Limits::default()).0,
        Solved::Unsolvable
    ));
}

#[test]
fn bad_input_names_line_and_column() {
    for (text, line, column, words) in [
        (
            "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 q\n1 1 2\n3 4 2\n3 5 5\n",
            5,
            5,
            "clue",
        ),
        (
            "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n1 1 2\n3 4 5\n3 5 5\n",
            8,
            3,
            "do not touch",
        ),
        (
            "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n1 1 2\n3 1 2\n3 5 5\n",
            7,
            3,
            "third cell",
        ),
        (
            "3 3\n2 0 9\n1 2 0\n1 0 2\n1 1 1\n1 1 2\n3 4 2\n3 5 5\n",
            2,
            5,
            "out of range",
        ),
        (
            "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n+ . .\n. ? .\n. . .\n1 1 2\n3 4 2\n3 5 5\n",
            7,
            3,
            "'?'",
        ),
    ] {
        let e = Magnets.parse(text).unwrap_err();
        assert_eq!(
            (e.line, e.column),
            (Some(line), Some(column)),
            "{text}: {e}"
        );
        assert!(e.to_string().contains(words), "{e}");
    }
    for (id, column) in [
        ("3x3:201,102,120,111,LRTT*BBLQ", 29),
        ("3x3:2#1,102,120,111,LRTT*BBLR", 6),
        ("3x3:201,102,120,111,RRTT*BBLR", 21),
        ("3x3:201,102,120,111,LRTT*BBL", 29),
        ("3x3:201,102,120,111,LRTL*BBLR", 24),
    ] {
        let e = Magnets.parse(id).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(column)), "{id}: {e}");
    }
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(TATHAM_3X3);
    let s = Magnets
        .parse_solution(&p, "3 3\n+ - x\n+ x x\n+ - +\n")
        .unwrap();
    let broken: Vec<String> = Magnets
        .check(&p, &s)
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert!(
        broken
            .iter()
            .any(|v| v.starts_with("a domino is blank at both ends")),
        "{broken:?}"
    );
    assert!(
        broken
            .iter()
            .any(|v| v.starts_with("like poles never touch: two +")),
        "{broken:?}"
    );
    assert!(
        broken
            .iter()
            .any(|v| v.starts_with("column 1 must hold 2 + but holds 3")),
        "{broken:?}"
    );
    let lone = Magnets
        .parse_solution(&p, "3 3\n+ - x\n- + x\n+ - +\n")
        .unwrap();
    let broken: Vec<String> = Magnets
        .check(&p, &lone)
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert!(broken.iter().any(|v| v.contains("lone cell")), "{broken:?}");
    let bad = parse("3 3\n3 0 1\n1 2 0\n1 0 2\n1 1 1\n1 1 2\n3 4 2\n3 5 5\n");
    assert!(
        Magnets
            .check_givens(&bad)
            .iter()
            .any(|v| v.rule.contains("column 1 asks for 3 + and 1 -"))
    );
}

#[test]
fn grades_follow_the_ladder_and_steps_name_the_rules() {
    let limits = Limits::default();
    assert_eq!(
        Magnets.grade(&parse(TATHAM_3X3), &limits).unwrap().level,
        "easy"
    );
    let e = Magnets.explain(&parse(JANKO_6X6), &limits).unwrap();
    assert_eq!(e.grade.level, "tricky");
    let names: Vec<&str> = Magnets.rules().iter().map(|r| r.name).collect();
    for step in &e.steps {
        assert!(names.contains(&step.rule.as_str()), "{step:?}");
        for word in ["cover", "clause", "table", "count:"] {
            assert!(!step.text.contains(word), "engine words in {}", step.text);
        }
    }
    assert!(e.steps.iter().any(|s| s.rule == "dominoes along a line"));
    assert!(e.steps.iter().any(|s| s.rule == "like poles never touch"));
    assert!(e.steps.iter().any(|s| s.rule == "magnet or blank"));
    let hint = Magnets.hint(&parse(ZOTMEISTER_5X5), &limits).unwrap();
    assert!(hint.to_string().contains("r"), "{hint}");
}

#[test]
fn the_generator_makes_unique_puzzles_of_the_level_asked() {
    let limits = Limits::default();
    for (level, size) in [(0, 5), (1, 6), (2, 6)] {
        let options = GenerateOptions::new(size, size, level).with_seed(3);
        let g = Magnets.generate(&options).unwrap();
        assert_eq!(g.grade.rank, level);
        let (u, _) = Magnets.uniqueness(&g.puzzle, &limits);
        assert_eq!(u, Unique::Unique(g.solution.clone()));
        assert!(Magnets.check(&g.puzzle, &g.solution).is_empty());
        assert_eq!(
            Magnets.generate(&options).unwrap().puzzle,
            g.puzzle,
            "seeded"
        );
        assert_eq!(parse(&Magnets.write(&g.puzzle)), g.puzzle);
    }
    assert!(Magnets.generate(&GenerateOptions::new(2, 2, 0)).is_err());
    assert!(Magnets.generate(&GenerateOptions::new(6, 6, 7)).is_err());
}

/// A random small puzzle: a random tiling from a seed, clues from a
/// random polarity, some clues dropped.
fn random_puzzle(rows: usize, cols: usize, seed: u64, drop: u64) -> MagnetsPuzzle {
    let g = Magnets.generate(
        &GenerateOptions::new(rows, cols, 2)
            .with_seed(seed)
            .with_max_attempts(1),
    );
    let text = match g {
        Ok(g) => Magnets.write(&g.puzzle),
        // No hard puzzle from that seed: the easiest instead.
        Err(_) => Magnets.write(
            &Magnets
                .generate(&GenerateOptions::new(rows, cols, 0).with_seed(seed))
                .unwrap()
                .puzzle,
        ),
    };
    // Drop clues by the bits of `drop` (lines 2-5 of the layout).
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut bit = 0;
    for line in lines.iter_mut().skip(1).take(4) {
        let tokens: Vec<String> = line
            .split_whitespace()
            .map(|t| {
                bit += 1;
                if drop >> (bit % 64) & 1 == 1 {
                    "-".to_owned()
                } else {
                    t.to_owned()
                }
            })
            .collect();
        *line = tokens.join(" ");
    }
    parse(&(lines.join("\n") + "\n"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_level_counts_as_brute_force(rows in 3usize..=4, cols in 3usize..=4, seed in 0u64..1000, drop in any::<u64>()) {
        let p = random_puzzle(rows, cols, seed, drop);
        let want = brute_force(&p);
        for level in 0..Magnets.info().levels.len() {
            let b = Magnets.build_for_level(&p, level).unwrap();
            let mut s = csp_core::Solver::new(&b.model);
            s.set_assumptions(&b.assumptions).unwrap();
            prop_assert_eq!(s.count(None).count, want, "level {}\n{}", level, Magnets.write(&p));
        }
        prop_assert_eq!(Magnets.count(&p, None, &Limits::default()).0.count, want);
    }

    #[test]
    fn garbage_never_panics(text in "[0-9 +.x\\-\n]{0,80}") {
        if let Ok(p) = Magnets.parse(&text) {
            let _ = Magnets.check_givens(&p);
            prop_assert_eq!(Magnets.parse(&Magnets.write(&p)), Ok(p));
        }
    }
}

/// janko.at's Magnete 9 (puzzlekit dataset `9_6x6`): `@` cells outside
/// every domino, given blank (`x`) in the grid of givens, and its
/// published solution.
const JANKO_9: &str = "6 6\n1 0 2 1 2 0\n0 1 2 0 2 1\n2 0 1 1 2 0\n1 1 1 2 0 1\n. . . x x x\nx . . . . x\nx . . . . .\n. . . . . .\nx x . . . .\nx x x . . x\n1 1 2 @ @ @\n@ 3 2 8 8 @\n@ 3 7 7 4 4\n5 5 6 9 9 10\n@ @ 6 11 12 10\n@ @ @ 11 12 @\n";
const JANKO_9_SOLUTION: &str = "6 6
+ - + x x x
x x - x x x
x x x x + -
x x - + - x
x x + x + x
x x x x - x
";

#[test]
fn holes_are_lone_blank_cells() {
    let p = parse(JANKO_9);
    assert_eq!(p.partner(Cell::new(0, 3)), Some(Cell::new(0, 3)));
    let want = Magnets.parse_solution(&p, JANKO_9_SOLUTION).unwrap();
    assert!(Magnets.check(&p, &want).is_empty());
    assert_eq!(brute_force(&p), 1);
    let (u, _) = Magnets.uniqueness(&p, &Limits::default());
    assert_eq!(u, Unique::Unique(want));
    let text = Magnets.write(&p);
    assert!(text.ends_with("@ @ @ 11 12 @\n"), "{text}");
    assert_eq!(parse(&text), p);
    // A pole given on a hole is an error at the given, naming the hole.
    let bad = JANKO_9.replacen(". . . x x x", ". . . + x x", 1);
    let e = Magnets.parse(&bad).unwrap_err();
    assert_eq!((e.line, e.column), (Some(6), Some(7)), "{e}");
    assert!(e.to_string().contains("outside every domino"), "{e}");
}
