//! Hitori: hand-checked puzzles, both formats, the rules, the ladder and
//! the generator, and Tatham's own puzzles at both of his levels.

use gridcsp_puzzles::families::hitori::{Hitori, Puzzle, Shading};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, Solved, Unique};
use proptest::prelude::*;

/// Hand-checked: the only shading (every row and column, the touching rule
/// and the connected area verified by hand).
const PUZZLE: &str = "5 5\n5 2 2 1 1\n4 2 1 3 5\n1 4 1 5 2\n4 5 4 1 5\n3 1 1 2 4\n";
const SOLUTION: &str = "5 5\n- x - x -\n- - - - -\n- - x - -\nx - - - x\n- - x - -\n";

const TATHAM: &str = include_str!("data/hitori/tatham.txt");

fn tatham() -> impl Iterator<Item = (&'static str, Puzzle)> {
    TATHAM
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| (l, Hitori.parse(l).unwrap_or_else(|e| panic!("{l}: {e}"))))
}

fn solution(p: &Puzzle) -> Shading {
    match Hitori.uniqueness(p, &Limits::default()).0 {
        Unique::Unique(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_hand_checked_puzzle_is_solved_uniquely() {
    let p = Hitori.parse(PUZZLE).unwrap();
    let want = Hitori.parse_solution(&p, SOLUTION).unwrap();
    assert_eq!(solution(&p), want);
    assert!(Hitori.check(&p, &want).is_empty());
    assert_eq!(Hitori.write_solution(&p, &want), SOLUTION);
    let (solved, _) = Hitori.solve(&p, &Limits::default());
    assert_eq!(solved, Solved::Solution(want));
}

#[test]
fn text_and_game_id_round_trip() {
    let p = Hitori.parse(PUZZLE).unwrap();
    assert_eq!(Hitori.write(&p), PUZZLE);
    let id = Hitori.write_game_id(&p).unwrap();
    assert_eq!(id, "5x5:5221142135141524541531124");
    assert_eq!(Hitori.parse(&id).unwrap(), p);
    // Rows may run their digits together.
    assert_eq!(
        Hitori
            .parse("5 5\n52211\n42135\n14152\n45415\n31124\n")
            .unwrap(),
        p
    );
    for (line, p) in tatham() {
        let id = Hitori.write_game_id(&p).unwrap();
        let params = line.split(':').next().unwrap();
        let size = params.split('d').next().unwrap();
        assert_eq!(id, format!("{size}:{}", line.split(':').nth(1).unwrap()));
        assert_eq!(Hitori.parse(&Hitori.write(&p)).unwrap(), p);
    }
    // Wide numbers are right-aligned and read back.
    let wide = Puzzle::new(2, 2, vec![10, 2, 2, 10]).unwrap();
    assert_eq!(Hitori.write(&wide), "2 2\n10  2\n 2 10\n");
    assert_eq!(Hitori.parse(&Hitori.write(&wide)).unwrap(), wide);
    assert_eq!(Hitori.write_game_id(&wide), None, "10 is over the side");
}

#[test]
fn bad_input_names_its_line_and_column() {
    let cases = [
        ("2 2\n1 2\n2 q\n", Some(3), Some(3)),
        ("2 2\n1 2\n2 1000\n", Some(3), Some(3)),
        ("2 2\n1 2\n", Some(3), None),
        ("2 2\n1 2 3\n2 1\n", Some(2), None),
        ("2 2 x\n1 2\n2 1\n", Some(1), Some(5)),
        ("3x3:12312331", Some(1), None),
        ("3x3:123123314", Some(1), Some(13)),
        ("3x3d:123123312", Some(1), Some(5)),
    ];
    for (text, line, column) in cases {
        let e = Hitori.parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        if column.is_some() {
            assert_eq!(e.column, column, "{text:?}: {e}");
        }
    }
    let p = Hitori.parse(PUZZLE).unwrap();
    let e = Hitori
        .parse_solution(
            &p,
            "5 5\n- x - x -\n- - - - -\n- - o - -\nx - - - x\n- - x - -\n",
        )
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(5)));
    assert!(Hitori.parse_solution(&p, "4 4\n").is_err());
}

#[test]
fn check_names_each_broken_rule_and_its_cells() {
    let p = Hitori.parse(PUZZLE).unwrap();
    let s = |text: &str| Hitori.parse_solution(&p, text).unwrap();
    // r1c3 shaded instead of r1c2: the 2s of column 2 repeat, r1c3 and
    // r1c4 touch.
    let v = Hitori.check(
        &p,
        &s("5 5\n- - x x -\n- - - - -\n- - x - -\nx - - - x\n- - x - -\n"),
    );
    let rules: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert!(
        rules.contains(&"2 is unshaded 2 times in column 2 (r1c2 r2c2)".to_owned()),
        "{rules:?}"
    );
    assert!(
        rules.contains(&"two shaded cells touch (r1c3 r1c4)".to_owned()),
        "{rules:?}"
    );
    // Walling off the corner r1c1.
    let v = Hitori.check(
        &p,
        &s("5 5\n- x - x -\nx - - - -\n- - x - -\nx - - - x\n- - x - -\n"),
    );
    let split = v
        .iter()
        .find(|v| v.rule.contains("connected"))
        .expect("the split is named");
    assert_eq!(split.cells, vec![Cell::new(0, 0)]);
}

#[test]
fn tathams_puzzles_are_solved_uniquely_and_graded_like_his_levels() {
    let limits = Limits::default();
    let mut agree = [0usize; 2];
    let mut total = [0usize; 2];
    for (line, p) in tatham() {
        let s = solution(&p);
        assert!(Hitori.check(&p, &s).is_empty(), "{line}");
        let grade = Hitori.grade(&p, &limits).unwrap();
        let his = usize::from(line.contains("dk:"));
        total[his] += 1;
        if grade.rank == his {
            agree[his] += 1;
        }
        // Our first two levels are his two.
        assert_eq!(grade.rank, his, "{line}: {grade}");
    }
    assert_eq!(agree, total);
    println!(
        "agreement with Tatham: Easy {}/{}, Tricky {}/{}",
        agree[0], total[0], agree[1], total[1]
    );
}

#[test]
fn generated_puzzles_are_unique_of_their_level_and_seeded() {
    let limits = Limits::default();
    for (size, level) in [(5, 0), (6, 0), (6, 1), (8, 1), (8, 2), (10, 0)] {
        let o = GenerateOptions::new(size, size, level).with_seed(5);
        let g = Hitori.generate(&o).unwrap();
        assert_eq!(
            solution(&g.puzzle),
            g.solution,
            "{}",
            Hitori.write(&g.puzzle)
        );
        assert!(Hitori.check(&g.puzzle, &g.solution).is_empty());
        assert_eq!(Hitori.grade(&g.puzzle, &limits).unwrap().rank, level);
        assert_eq!(Hitori.generate(&o).unwrap().puzzle, g.puzzle);
    }
    let hard = GenerateOptions::new(7, 7, 3)
        .with_seed(1)
        .with_max_attempts(2_000);
    if let Ok(g) = Hitori.generate(&hard) {
        assert_eq!(Hitori.grade(&g.puzzle, &limits).unwrap().rank, 3);
    }
    assert!(Hitori.generate(&GenerateOptions::new(1, 5, 0)).is_err());
    assert!(Hitori.generate(&GenerateOptions::new(5, 5, 4)).is_err());
}

#[test]
fn render_draws_numbers_shading_and_circles() {
    let p = Hitori.parse(PUZZLE).unwrap();
    let s = solution(&p);
    let plain = Hitori.render(&p, None, &Default::default());
    let solved = Hitori.render(&p, Some(&s), &Default::default());
    assert_eq!(plain.matches("<text").count(), 25);
    assert_eq!(solved.matches("class=\"ring\"").count(), 19);
    assert_eq!(solved.matches("class=\"rev\"").count(), 6);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_never_panics(text in "[0-9a-zA-Z: x\\-\n]{0,60}") {
        let _ = Hitori.parse(&text);
    }

    #[test]
    fn mutated_records_never_panic(pos in 0usize..60, ch in any::<char>()) {
        for base in [PUZZLE, "5x5:5221142135141524541531124"] {
            let mut chars: Vec<char> = base.chars().collect();
            let i = pos % chars.len();
            chars[i] = ch;
            let text: String = chars.into_iter().collect();
            if let Ok(p) = Hitori.parse(&text) {
                prop_assert_eq!(Hitori.parse(&Hitori.write(&p)).unwrap(), p);
            }
        }
    }
}

/// Every level's model has exactly the solutions the rules allow: on
/// random grids up to 4x4 (numbers 1 to 3, so the corner patterns, the
/// offset pairs and the number patterns all come up), the count of each
/// level's model is the number of shadings `check` accepts, by brute
/// force over all of them.
#[test]
fn every_level_model_counts_what_brute_force_counts() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for round in 0..200 {
        let (rows, cols) = (2 + round % 3, 2 + (round / 3) % 3);
        let numbers: Vec<u16> = (0..rows * cols).map(|_| rng.random_range(1..=3)).collect();
        let p = Puzzle::new(rows, cols, numbers.clone()).unwrap();
        let cells = rows * cols;
        let valid = (0u32..1 << cells)
            .filter(|bits| {
                let shaded = (0..cells).map(|i| bits >> i & 1 == 1).collect();
                let s = Shading::new(rows, cols, shaded).unwrap();
                Hitori.check(&p, &s).is_empty()
            })
            .count() as u64;
        for level in 0..Hitori.info().levels.len() {
            let built = Hitori.build_for_level(&p, level).unwrap();
            let mut solver = csp_core::Solver::new(&built.model);
            solver.set_assumptions(&built.assumptions).unwrap();
            let count = solver.count(None).count;
            assert_eq!(count, valid, "level {level}, {rows}x{cols} {numbers:?}");
        }
    }
}
