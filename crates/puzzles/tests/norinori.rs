//! Norinori: formats, the rule checker, the model against an independent
//! brute-force counter, the ladder and the generator.

use gridcsp_puzzles::families::norinori::{Norinori, NorinoriPuzzle};
use gridcsp_puzzles::families::shading::{Regions, Shading};
use gridcsp_puzzles::{Family, GenerateOptions, Limits, RenderOptions, Unique};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A 5x5 puzzle made for this test, no givens. Its only solution, by hand:
/// regions 4 (r1c2, r2c2) and 3 (r5c1, r5c2) have two cells each, so both
/// are shaded; region 0 (the 2x2 block r1c3-r2c4) needs a domino and
/// r1c3, r2c3 touch region 4's, so r1c4, r2c4; that empties r1c5, r2c5,
/// r3c4 and leaves region 1 r3c3, r3c5, r4c4; r4c4 would need a partner
/// among r4c3, r4c5, r5c4 and leave region 1's second star to r3c3 or r3c5,
/// each touching it or needing r4c3/r4c5 too; so r3c3 and r3c5, whose
/// partners r4c3 and r4c5 (region 2) complete region 2.
const HAND: &str = "5 5
- - - - -
- - - - -
- - - - -
- - - - -
- - - - -
2 4 0 0 1
2 4 0 0 1
2 2 1 1 1
2 2 2 1 2
3 3 2 2 2
";
const HAND_SOLUTION: &str = "5 5
- x - x -
- x - x -
- - x - x
- - x - x
x x - - -
";

fn parse(text: &str) -> NorinoriPuzzle {
    Norinori
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Whether a shading keeps the rules (no csp-core).
fn keeps_rules(p: &NorinoriPuzzle, s: &[bool]) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let near = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ]
        .into_iter()
        .flatten()
        .filter(|&j| s[j])
        .count()
    };
    let labels = p.regions().labels();
    let regions_ok = labels
        .iter()
        .all(|&l| (0..rows * cols).filter(|&i| labels[i] == l && s[i]).count() == 2);
    let givens_ok = (0..rows * cols)
        .all(|i| !p.is_given(gridcsp_puzzles::Cell::new(i / cols, i % cols)) || s[i]);
    regions_ok && givens_ok && (0..rows * cols).all(|i| !s[i] || near(i) == 1)
}

/// Counts solutions over every shading (grids of at most 16 cells).
fn brute_force(p: &NorinoriPuzzle) -> u64 {
    let n = p.rows() * p.cols();
    (0u32..1 << n)
        .filter(|&b| {
            let s: Vec<bool> = (0..n).map(|i| b >> i & 1 == 1).collect();
            keeps_rules(p, &s)
        })
        .count() as u64
}

fn random_puzzle(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> NorinoriPuzzle {
    let n = rows * cols;
    let count = rng.random_range(2..=n / 2);
    let mut label = vec![u64::MAX; n];
    for g in 0..count {
        loop {
            let i = rng.random_range(0..n);
            if label[i] == u64::MAX {
                label[i] = g as u64;
                break;
            }
        }
    }
    while label.contains(&u64::MAX) {
        let i = rng.random_range(0..n);
        if label[i] != u64::MAX {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let near = [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ];
        if let Some(j) = near.into_iter().flatten().find(|&j| label[j] != u64::MAX) {
            label[i] = label[j];
        }
    }
    let given: Vec<bool> = (0..n).map(|_| rng.random_range(0..10) == 0).collect();
    NorinoriPuzzle::new(rows, cols, given, Regions::new(rows, cols, label).unwrap()).unwrap()
}

#[test]
fn the_hand_made_puzzle_has_its_one_solution() {
    let p = parse(HAND);
    let (u, _) = Norinori.uniqueness(&p, &Limits::default());
    let Unique::Unique(s) = u else {
        panic!("expected one solution, got {u:?}")
    };
    assert_eq!(Norinori.write_solution(&p, &s), HAND_SOLUTION);
    assert!(Norinori.check(&p, &s).is_empty());
    assert_eq!(Norinori.parse_solution(&p, HAND_SOLUTION), Ok(s));
    assert_eq!(Norinori.write(&p), HAND, "the text layout round trips");
}

#[test]
fn the_model_counts_as_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (rows, cols, trials) in [
        (2usize, 2usize, 20),
        (3, 3, 40),
        (3, 4, 40),
        (4, 4, 40),
        (2, 6, 20),
    ] {
        for _ in 0..trials {
            let p = random_puzzle(rows, cols, &mut rng);
            let want = brute_force(&p);
            for level in 0..Norinori.info().levels.len() {
                let b = Norinori.build_for_level(&p, level).unwrap();
                let mut solver = csp_core::Solver::with_options(&b.model, b.options.clone());
                let got = if solver.set_assumptions(&b.assumptions).is_ok() {
                    solver.count(None).count
                } else {
                    0
                };
                assert_eq!(got, want, "level {level}\n{}", Norinori.write(&p));
            }
        }
    }
}

#[test]
fn every_bad_token_names_its_line_and_column() {
    let cases: &[(&str, (usize, usize))] = &[
        ("2 2 2\n", (1, 5)),
        ("2 y\n", (1, 3)),
        ("2 2\n- o\n", (2, 3)),
        ("2 2\n- x\n- -\n0 a\n", (4, 3)),
        ("2 2\n- x\n- -\n0 0\n0\n", (5, 0)),
        ("2 2\n- x\n- -\n0 0\n0 0\n1\n", (6, 0)),
    ];
    for &(text, (line, column)) in cases {
        let e = Norinori.parse(text).unwrap_err();
        assert_eq!(e.line, Some(line), "{text:?}: {e}");
        if column > 0 {
            assert_eq!(e.column, Some(column), "{text:?}: {e}");
        }
    }
}

#[test]
fn check_names_the_broken_rule_and_its_cells() {
    let p = parse(HAND);
    let mut s = Norinori
        .parse_solution(&p, HAND_SOLUTION)
        .unwrap()
        .cells()
        .to_vec();
    s[2 * 5 + 3] = true; // r3c4 joins r2c4's domino
    let broken: Vec<String> = Norinori
        .check(&p, &Shading::new(5, 5, s).unwrap())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        broken
            .iter()
            .any(|r| r.starts_with("region 4 must hold two shaded cells but holds 3")),
        "{broken:?}"
    );
    assert!(
        broken
            .iter()
            .any(|r| r.starts_with("shaded r3c4 must touch exactly one shaded cell but touches 3")),
        "{broken:?}"
    );
    let bad = parse("2 2\nx x\nx -\n0 0\n0 0\n");
    let givens: Vec<String> = Norinori
        .check_givens(&bad)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        givens.iter().any(|r| r.contains("but 3 are given")),
        "{givens:?}"
    );
}

/// A player numbers regions from 1 in reading order of their first cell,
/// whatever numbers the text gives them.
#[test]
fn regions_are_numbered_from_1_in_reading_order() {
    let r = Regions::new(2, 3, vec![7, 0, 0, 5, 5, 7]).unwrap();
    assert_eq!([7, 0, 5].map(|l| r.number(l)), [1, 2, 3]);
    let p = parse(HAND);
    let labels = [2, 4, 0, 1, 3];
    let numbers = labels.map(|l| p.regions().number(l));
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
}

#[test]
fn grades_explanations_and_pictures() {
    let p = parse(HAND);
    let g = Norinori.grade(&p, &Limits::default()).unwrap();
    assert!(g.rank < Norinori.info().levels.len());
    let e = Norinori
        .explain(&p, &Limits::default())
        .unwrap()
        .to_string();
    assert!(e.contains("region") || e.contains("shaded"), "{e}");
    // The text's region 0 is what a player calls region 3 (regions are
    // named from 1 in reading order of their first cell).
    assert!(!e.contains("region 0"), "{e}");
    assert!(
        !e.contains("linear") && !e.contains("clause") && !e.contains("count c"),
        "{e}"
    );
    let svg = Norinori.render(&p, None, &RenderOptions::default());
    assert!(svg.contains("</svg>"));
}

#[test]
fn the_generator_makes_unique_graded_seeded_puzzles() {
    for (n, level) in [(5usize, 0usize), (6, 0), (6, 1), (8, 0), (8, 1)] {
        let options = GenerateOptions::new(n, n, level).with_seed(2);
        let g = Norinori
            .generate(&options)
            .unwrap_or_else(|e| panic!("{n}x{n} level {level}: {e}"));
        assert_eq!(g.grade.rank, level);
        let (u, _) = Norinori.uniqueness(&g.puzzle, &Limits::default());
        assert_eq!(u, Unique::Unique(g.solution.clone()));
        assert!(Norinori.check(&g.puzzle, &g.solution).is_empty());
        assert_eq!(Norinori.generate(&options).unwrap().puzzle, g.puzzle);
    }
    assert!(Norinori.generate(&GenerateOptions::new(3, 3, 0)).is_err());
    assert!(Norinori.generate(&GenerateOptions::new(6, 6, 7)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_never_panics_on_any_text(text in "[0-9 x\\-\\n]{0,60}") {
        let _ = Norinori.parse(&text);
    }

    #[test]
    fn parse_never_panics_on_mutated_records(at in 0usize..200, byte in any::<u8>()) {
        let mut bytes = HAND.as_bytes().to_vec();
        let at = at % bytes.len();
        bytes[at] = byte;
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(p) = Norinori.parse(&text) {
            let _ = Norinori.check_givens(&p);
            prop_assert_eq!(Norinori.parse(&Norinori.write(&p)), Ok(p));
        }
    }
}
