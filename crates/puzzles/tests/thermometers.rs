//! Thermometers: formats, the rule checker, the model against an
//! independent brute-force counter, and the generator.

use gridcsp_puzzles::families::shading::Shading;
use gridcsp_puzzles::families::thermometers::{Thermometers, ThermometersPuzzle};
use gridcsp_puzzles::{Family, GenerateOptions, Limits, RenderOptions, Unique};
use proptest::prelude::*;

/// A 4x4 puzzle made for this test. Its only solution, by hand: column 1
/// (count 4) is full; row 2 (count 1) is then r2c1 alone, which empties
/// thermometer 3 and thermometer 1 above its bulb; row 4 (count 2) has
/// r4c1 and can take only the bulb of thermometer 5 (its top would bring
/// the row to 4), so column 4's one cell is r1c4; row 1 (count 3) adds
/// r1c2 only; column 2 (count 3) adds r3c2, and row 3 (count 3) r3c3.
const HAND: &str = "4 4
4 3 1 1
3 1 3 2
0.1 0.2 0.3 1.1
2.1 3.1 3.2 1.2
2.2 4.1 4.2 1.3
2.3 5.1 5.2 5.3
";
const HAND_SOLUTION: &str = "4 4
x x - x
x - - -
x x x -
x x - -
";

fn parse(text: &str) -> ThermometersPuzzle {
    Thermometers
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Counts the solutions over every mercury level of every thermometer.
fn brute_force(p: &ThermometersPuzzle, rows: &[usize], cols: &[usize]) -> u64 {
    let therms: Vec<Vec<usize>> = p.thermometers().into_values().collect();
    let (r, c) = (p.rows(), p.cols());
    let mut levels = vec![0usize; therms.len()];
    let mut found = 0;
    loop {
        let mut filled = vec![false; r * c];
        for (t, &l) in therms.iter().zip(&levels) {
            for &i in &t[..l] {
                filled[i] = true;
            }
        }
        let ok = (0..r).all(|y| (0..c).filter(|&x| filled[y * c + x]).count() == rows[y])
            && (0..c).all(|x| (0..r).filter(|&y| filled[y * c + x]).count() == cols[x]);
        found += u64::from(ok);
        // Next combination of levels.
        let mut k = 0;
        loop {
            if k == levels.len() {
                return found;
            }
            levels[k] += 1;
            if levels[k] <= therms[k].len() {
                break;
            }
            levels[k] = 0;
            k += 1;
        }
    }
}

#[test]
fn the_hand_made_puzzle_has_its_one_solution() {
    let p = parse(HAND);
    assert_eq!(brute_force(&p, &[3, 1, 3, 2], &[4, 3, 1, 1]), 1);
    let (u, _) = Thermometers.uniqueness(&p, &Limits::default());
    let Unique::Unique(s) = u else {
        panic!("expected one solution, got {u:?}")
    };
    assert_eq!(Thermometers.write_solution(&p, &s), HAND_SOLUTION);
    assert!(Thermometers.check(&p, &s).is_empty());
    assert_eq!(Thermometers.parse_solution(&p, HAND_SOLUTION), Ok(s));
    assert_eq!(Thermometers.write(&p), HAND, "the text layout round trips");
    let g = Thermometers.grade(&p, &Limits::default()).unwrap();
    assert_eq!(g.level, "easy", "the hand solution needs no guess");
    let e = Thermometers
        .explain(&p, &Limits::default())
        .unwrap()
        .to_string();
    assert!(e.contains("column 1 needs 4 filled cells"), "{e}");
    assert!(
        Thermometers
            .render(&p, None, &RenderOptions::default())
            .contains("</svg>")
    );
}

#[test]
fn generated_puzzles_count_as_the_brute_force() {
    // The generator's candidates have a plant; count every one's
    // solutions both ways, unique or not.
    for seed in 0..30 {
        let options = GenerateOptions::new(4, 4, 0)
            .with_seed(seed)
            .with_max_attempts(1);
        let Ok(g) = Thermometers.generate(&options) else {
            continue;
        };
        let text = Thermometers.write(&g.puzzle);
        let lines: Vec<Vec<usize>> = text
            .lines()
            .skip(1)
            .take(2)
            .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
            .collect();
        assert_eq!(brute_force(&g.puzzle, &lines[1], &lines[0]), 1, "{text}");
    }
    for text in [HAND, "2 2\n1 1\n1 1\n0.1 0.2\n1.1 1.2\n"] {
        let p = parse(text);
        let lines: Vec<Vec<usize>> = text
            .lines()
            .skip(1)
            .take(2)
            .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
            .collect();
        let want = brute_force(&p, &lines[1], &lines[0]);
        let (got, _) = Thermometers.count(&p, None, &Limits::default());
        assert_eq!(got.count, want, "{text}");
    }
}

#[test]
fn every_bad_token_names_its_line_and_column() {
    let cases: &[(&str, (usize, usize))] = &[
        ("2 2 2\n", (1, 5)),
        ("2 2\n1 x\n", (2, 3)),
        ("2 2\n1 1\n1 3\n", (3, 3)),
        ("2 2\n1 1\n1 1\n0.1 0.2\n1.1 1\n", (5, 5)),
        ("2 2\n1 1\n1 1\n0.1 0.0\n1.1 1.2\n", (4, 5)),
        ("2 2\n1 1\n1 1\n0.1 0.1\n1.1 1.2\n", (4, 5)),
        ("2 2\n1 1\n1 1\n0.1 0.3\n1.1 1.2\n", (4, 5)),
        ("2 2\n1 1\n1 1\n0.1 1.1\n1.2 0.2\n", (5, 5)),
        ("2 2\n1 1\n1 1\n0.2 0.3\n1.1 1.2\n", (4, 1)),
    ];
    for &(text, (line, column)) in cases {
        let e = Thermometers.parse(text).unwrap_err();
        assert_eq!(
            (e.line, e.column),
            (Some(line), Some(column)),
            "{text:?}: {e}"
        );
    }
}

#[test]
fn check_names_the_broken_rule_and_its_cells() {
    let p = parse(HAND);
    let mut s = Thermometers
        .parse_solution(&p, HAND_SOLUTION)
        .unwrap()
        .cells()
        .to_vec();
    s[0] = false; // r1c1, the bulb of thermometer 0 (the first: thermometer 1)
    let broken: Vec<String> = Thermometers
        .check(&p, &Shading::new(4, 4, s).unwrap())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        broken
            .contains(&"thermometer 1 must fill from its bulb without gaps (r1c1 r1c2)".to_owned()),
        "{broken:?}"
    );
    assert!(
        broken
            .iter()
            .any(|r| r.starts_with("column 1 must hold 4 filled cells but holds 3")),
        "{broken:?}"
    );
    let bad = parse("2 2\n1 1\n1 0\n0.1 0.2\n1.1 1.2\n");
    assert!(!Thermometers.check_givens(&bad).is_empty());
}

#[test]
fn the_generator_makes_unique_graded_seeded_puzzles() {
    for (n, level) in [(4usize, 0usize), (6, 0), (6, 1)] {
        let options = GenerateOptions::new(n, n, level).with_seed(1);
        let g = Thermometers
            .generate(&options)
            .unwrap_or_else(|e| panic!("{n}x{n} level {level}: {e}"));
        assert_eq!(g.grade.rank, level);
        let (u, _) = Thermometers.uniqueness(&g.puzzle, &Limits::default());
        assert_eq!(u, Unique::Unique(g.solution.clone()));
        assert!(Thermometers.check(&g.puzzle, &g.solution).is_empty());
        assert_eq!(Thermometers.generate(&options).unwrap().puzzle, g.puzzle);
    }
    assert!(
        Thermometers
            .generate(&GenerateOptions::new(2, 2, 0))
            .is_err()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_never_panics_on_any_text(text in "[0-9 .x\\-\\n]{0,60}") {
        let _ = Thermometers.parse(&text);
    }

    #[test]
    fn parse_never_panics_on_mutated_records(at in 0usize..200, byte in any::<u8>()) {
        let mut bytes = HAND.as_bytes().to_vec();
        let at = at % bytes.len();
        bytes[at] = byte;
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(p) = Thermometers.parse(&text) {
            let _ = Thermometers.check_givens(&p);
            prop_assert_eq!(Thermometers.parse(&Thermometers.write(&p)), Ok(p));
        }
    }
}
