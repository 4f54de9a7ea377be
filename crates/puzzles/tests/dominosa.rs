//! Dominosa: both formats, the rule checker, the model at both levels
//! against an independent brute force over every tiling, parse errors
//! with line and column, Tatham's IDs solved and graded, steps and the
//! generator.

use gridcsp_puzzles::families::dominosa::{Dominosa, DominosaPuzzle};
use gridcsp_puzzles::{Family, GenerateOptions, Limits, Unique};
use proptest::prelude::*;

/// A hand-checked 2x3 (N = 1): `0-0` must lie across the top left
/// (the two 0s of column 1 and 2 would otherwise give `0-1` twice).
const SMALL: &str = "2 3\n0 0 1\n1 1 0\n";
const SMALL_SOLUTION: &str = "2 3\n1 1 2\n3 3 2\n";

fn parse(text: &str) -> DominosaPuzzle {
    Dominosa
        .parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every tiling of a `rows x cols` grid, as partner lists (depth first:
/// the first free cell pairs right or down).
fn tilings(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    fn go(rows: usize, cols: usize, partner: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let Some(i) = partner.iter().position(|&p| p == usize::MAX) else {
            out.push(partner.clone());
            return;
        };
        for j in [
            (i % cols + 1 < cols).then(|| i + 1),
            (i / cols + 1 < rows).then(|| i + cols),
        ]
        .into_iter()
        .flatten()
        {
            if partner[j] == usize::MAX {
                partner[i] = j;
                partner[j] = i;
                go(rows, cols, partner, out);
                partner[i] = usize::MAX;
                partner[j] = usize::MAX;
            }
        }
    }
    let mut out = Vec::new();
    go(rows, cols, &mut vec![usize::MAX; rows * cols], &mut out);
    out
}

/// Solutions by brute force: every tiling, written as a solution and kept
/// when the rule checker finds nothing.
fn brute_force(p: &DominosaPuzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let mut found = 0;
    for t in tilings(rows, cols) {
        let mut label = vec![0; rows * cols];
        let mut next = 0;
        for i in 0..rows * cols {
            if t[i] > i {
                next += 1;
                label[i] = next;
                label[t[i]] = next;
            }
        }
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            let line: Vec<String> = (0..cols).map(|c| label[r * cols + c].to_string()).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        let s = Dominosa.parse_solution(p, &text).unwrap();
        if Dominosa.check(p, &s).is_empty() {
            found += 1;
        }
    }
    found
}

fn tatham_ids() -> Vec<&'static str> {
    include_str!("data/dominosa_tatham.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect()
}

#[test]
fn a_hand_checked_grid_solves_as_drawn() {
    let p = parse(SMALL);
    let Unique::Unique(s) = Dominosa.uniqueness(&p, &Limits::default()).0 else {
        panic!("one solution");
    };
    assert_eq!(Dominosa.write_solution(&p, &s), SMALL_SOLUTION);
    assert!(Dominosa.check(&p, &s).is_empty());
    assert_eq!(Dominosa.parse_solution(&p, SMALL_SOLUTION), Ok(s));
    assert_eq!(brute_force(&p), 1);
    // Any labels read: letters, in another order.
    assert!(
        Dominosa
            .parse_solution(&p, "2 3\nb b x\nq q x\n")
            .is_ok_and(|s| Dominosa.check(&p, &s).is_empty())
    );
}

#[test]
fn the_formats_round_trip() {
    let p = parse(SMALL);
    assert_eq!(Dominosa.write(&p), SMALL);
    assert_eq!(Dominosa.write_game_id(&p).as_deref(), Some("1:001110"));
    assert_eq!(parse("1:001110"), p);
    // Digits run together in a row read too.
    assert_eq!(parse("2 3\n001\n110\n"), p);
    for id in tatham_ids() {
        let p = parse(id);
        let plain = id.split_once(':').map(|(n, rest)| {
            let n: String = n.chars().take_while(char::is_ascii_digit).collect();
            format!("{n}:{rest}")
        });
        assert_eq!(Dominosa.write_game_id(&p), plain);
        assert_eq!(parse(&Dominosa.write(&p)), p);
    }
    // Numbers above 9 are in brackets; a tall grid has no game ID.
    let big = parse(&("10:".to_owned() + &"[10]".repeat(132))).max_number();
    assert_eq!(big, 10);
    assert_eq!(Dominosa.write_game_id(&parse("3 2\n0 0\n1 1\n0 1\n")), None);
}

#[test]
fn bad_input_names_line_and_column() {
    for (text, line, column, words) in [
        ("2 3\n0 0 1\n1 2 0\n", 3, 3, "out of range"),
        ("2 3\n0 0 1\n1 x 0\n", 3, 3, "expected a number"),
        ("2 4\n0 0 1 1\n1 1 0 0\n", 1, 0, "(N+1)(N+2)"),
        ("2 3\n0 0 1\n", 3, 0, ""),
    ] {
        let e = Dominosa.parse(text).unwrap_err();
        assert_eq!(e.line, Some(line), "{text}: {e}");
        if column > 0 {
            assert_eq!(e.column, Some(column), "{text}: {e}");
        }
        assert!(e.to_string().contains(words), "{e}");
    }
    for (id, column) in [
        ("1:00111", 8),
        ("1:0011102", 9),
        ("1:0021[1", 5),
        ("1x:001110", 2),
    ] {
        let e = Dominosa.parse(id).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(column)), "{id}: {e}");
    }
    let p = parse(SMALL);
    let e = Dominosa
        .parse_solution(&p, "2 3\n1 1 2\n3 1 2\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(3)), "{e}");
    assert!(e.to_string().contains("third cell"), "{e}");
    let e = Dominosa
        .parse_solution(&p, "2 3\n1 1 2\n3 4 2\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(1)), "{e}");
    assert!(e.to_string().contains("on one cell"), "{e}");
    // A label on two cells that do not touch reads; the checker names the
    // cells that are in no domino.
    for (text, cells) in [("2 3\n1 2 1\n3 3 2\n", ["r1c1", "r1c3"])] {
        let s = Dominosa.parse_solution(&p, text).unwrap();
        let broken: Vec<String> = Dominosa
            .check(&p, &s)
            .iter()
            .map(|v| v.to_string())
            .collect();
        for cell in cells {
            assert!(
                broken
                    .iter()
                    .any(|v| v.starts_with(&format!("{cell} is in no domino"))),
                "{text}: {broken:?}"
            );
        }
    }
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(SMALL);
    // All vertical: 0-1 three times, 0-0 and 1-1 missing.
    let s = Dominosa.parse_solution(&p, "2 3\n1 2 3\n1 2 3\n").unwrap();
    let broken: Vec<String> = Dominosa
        .check(&p, &s)
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert!(
        broken.iter().any(|v| v.contains("0-1 is used 3 times")),
        "{broken:?}"
    );
    assert!(
        broken.iter().any(|v| v.contains("0-0 is missing")),
        "{broken:?}"
    );
    let unbalanced = parse("2 3\n0 0 0\n1 1 0\n");
    assert!(
        Dominosa
            .check_givens(&unbalanced)
            .iter()
            .any(|v| v.rule.contains("the number 0 is on 4 cells")),
    );
    assert!(Dominosa.check_givens(&p).is_empty());
}

#[test]
fn tathams_ids_are_solved_unique_and_graded_on_his_ladder() {
    let limits = Limits::default();
    let mut agree = 0;
    let ids = tatham_ids();
    for id in &ids {
        let p = parse(id);
        let (u, _) = Dominosa.uniqueness(&p, &limits);
        let Unique::Unique(s) = u else {
            panic!("{id}: one solution, got {u:?}");
        };
        assert!(Dominosa.check(&p, &s).is_empty());
        let want = match id.split_once(':').unwrap().0.chars().last() {
            Some('t') => "trivial",
            Some('b') => "basic",
            _ => "hard",
        };
        let grade = Dominosa.grade(&p, &limits).unwrap();
        agree += usize::from(grade.level == want);
    }
    // Every Trivial and Hard/Extreme ID agrees; a few Basic ones need
    // Tatham's parity or double-duplicate rules, which the model lacks.
    assert!(
        agree * 10 >= ids.len() * 8,
        "{agree} of {} agree",
        ids.len()
    );
}

#[test]
fn steps_name_the_rules_in_the_players_words() {
    let limits = Limits::default();
    let names: Vec<&str> = Dominosa.rules().iter().map(|r| r.name).collect();
    let mut used = std::collections::BTreeSet::new();
    for id in tatham_ids().into_iter().take(18) {
        let e = Dominosa.explain(&parse(id), &limits).unwrap();
        for step in &e.steps {
            assert!(names.contains(&step.rule.as_str()), "{step:?}");
            for word in ["cover", "clause", "overlap", "count:"] {
                assert!(!step.text.contains(word), "engine words in {}", step.text);
            }
            used.insert(step.rule.clone());
        }
    }
    for rule in [
        "only place for a domino",
        "already placed",
        "would leave no place",
    ] {
        assert!(used.contains(rule), "{rule} never used: {used:?}");
    }
    let hint = Dominosa.hint(&parse(tatham_ids()[0]), &limits).unwrap();
    assert!(hint.to_string().contains(" is joined to r"), "{hint}");
}

#[test]
fn the_generator_makes_unique_puzzles_of_the_level_asked() {
    let limits = Limits::default();
    for (level, rows) in [(0, 5), (1, 6), (2, 7)] {
        let options = GenerateOptions::new(rows, rows + 1, level).with_seed(3);
        let g = Dominosa.generate(&options).unwrap();
        assert_eq!(g.grade.rank, level);
        let (u, _) = Dominosa.uniqueness(&g.puzzle, &limits);
        assert_eq!(u, Unique::Unique(g.solution.clone()));
        assert!(Dominosa.check(&g.puzzle, &g.solution).is_empty());
        assert!(Dominosa.check_givens(&g.puzzle).is_empty());
        assert_eq!(Dominosa.generate(&options).unwrap().puzzle, g.puzzle);
    }
    assert!(
        Dominosa
            .generate(&GenerateOptions::new(6, 6, 0))
            .is_err_and(|e| e.to_string().contains("N+1 by N+2"))
    );
}

/// A random grid of numbers `0..=N` for `N` in 1..=3 (balanced or not).
fn grid() -> impl Strategy<Value = String> {
    prop_oneof![
        Just((2usize, 3usize, 1u32)),
        Just((3, 4, 2)),
        Just((4, 3, 2)),
        Just((4, 5, 3))
    ]
    .prop_flat_map(|(rows, cols, n)| {
        (
            Just((rows, cols)),
            proptest::collection::vec(0..=n, rows * cols),
            Just(n),
        )
    })
    .prop_map(|((rows, cols), mut cells, n)| {
        // The largest number must appear for the header to say N.
        cells[0] = n;
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            let line: Vec<String> = cells[r * cols..(r + 1) * cols]
                .iter()
                .map(u32::to_string)
                .collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn counts_match_brute_force_at_every_level(text in grid()) {
        let p = parse(&text);
        let want = brute_force(&p);
        let got = Dominosa.count(&p, None, &Limits::default()).0.count;
        prop_assert_eq!(got, want, "{}", text);
        // The trivial level's model gives the same solutions.
        let built = Dominosa.build_for_level(&p, 0).unwrap();
        let trivial = csp_core::Solver::new(&built.model).count(None).count;
        prop_assert_eq!(trivial, want, "{}", text);
    }
}

#[test]
fn grids_laid_from_a_tiling_match_brute_force() {
    // The full set laid on a tiling in a rotated order: always at least
    // one solution, sometimes several.
    for (rows, cols) in [(2, 3), (3, 4), (4, 3), (4, 5)] {
        let all = tilings(rows, cols);
        let n = (0..)
            .find(|n: &usize| (n + 1) * (n + 2) == rows * cols)
            .unwrap();
        let set: Vec<(usize, usize)> = (0..=n).flat_map(|b| (0..=b).map(move |a| (a, b))).collect();
        for seed in 0..12usize {
            let t = &all[(seed * 7919) % all.len()];
            let mut numbers = vec![0; rows * cols];
            let mut k = seed;
            for i in 0..rows * cols {
                if t[i] > i {
                    let (a, b) = set[k % set.len()];
                    k += 1;
                    let (a, b) = if (seed + i) % 2 == 0 { (a, b) } else { (b, a) };
                    numbers[i] = a;
                    numbers[t[i]] = b;
                }
            }
            let mut text = format!("{rows} {cols}\n");
            for r in 0..rows {
                let line: Vec<String> = numbers[r * cols..(r + 1) * cols]
                    .iter()
                    .map(usize::to_string)
                    .collect();
                text.push_str(&line.join(" "));
                text.push('\n');
            }
            let p = parse(&text);
            let want = brute_force(&p);
            assert!(want >= 1, "{text}");
            assert_eq!(
                Dominosa.count(&p, None, &Limits::default()).0.count,
                want,
                "{text}"
            );
        }
    }
}

/// Sizes where a random laying was almost never unique (11x12 `trivial`
/// gave up on 2 seeds of 3, 16x17 `trivial` on all 3) before 2x2 squares
/// that can be cut the other way were removed: unique and of the level
/// asked. Under a second in a debug build.
#[test]
fn the_generator_makes_large_puzzles() {
    let limits = Limits::default();
    for (rows, level) in [(11, 0), (16, 0), (16, 2)] {
        let options = GenerateOptions::new(rows, rows + 1, level).with_seed(1);
        let g = Dominosa
            .generate(&options)
            .unwrap_or_else(|e| panic!("{rows} level {level}: {e}"));
        assert_eq!(g.grade.rank, level);
        let (u, _) = Dominosa.uniqueness(&g.puzzle, &limits);
        assert_eq!(u, Unique::Unique(g.solution.clone()));
        assert!(Dominosa.check(&g.puzzle, &g.solution).is_empty());
    }
}
