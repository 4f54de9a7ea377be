//! Hashi: the formats, the rule checker, the model against a brute force
//! over every assignment of bridges, parse errors with line and column,
//! Tatham's IDs solved, unique and graded against his ladder, steps and the
//! generator.

use gridcsp_puzzles::families::hashi::{Hashi, HashiPuzzle};
use gridcsp_puzzles::{Family, GenerateOptions, Limits, Unique};
use proptest::prelude::*;

/// A hand-checked 3x5: the 4 at r1c3 has two links (left to the 3, down
/// to the 3 at r3c3), so two bridges on each; the 3 at r1c1 then has one
/// left for the 1 below it, which is full, so the 3 at r3c3 takes its
/// last bridge from the 1 at r3c5.
const SMALL: &str = "3 5\n3 - 4 - -\n- - - - -\n1 - 3 - 1\n";
const SMALL_SOLUTION: &str = "3 5\n- 2 - - -\na - b - -\n- - - 1 -\n";

fn parse(text: &str) -> HashiPuzzle {
    Hashi.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Tatham's IDs from `benches/data/bridges` (his generator, his three
/// levels) of the given files, with the level his parameters ask for.
fn tatham_ids(files: &[&'static str]) -> Vec<(&'static str, &'static str)> {
    files
        .iter()
        .flat_map(|text| text.lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|id| {
            let level = match id.split_once(':').unwrap().0.chars().last() {
                Some('0') => "easy",
                Some('1') => "medium",
                _ => "hard",
            };
            (id, level)
        })
        .collect()
}

fn small_ids() -> Vec<(&'static str, &'static str)> {
    tatham_ids(&[
        include_str!("../../../benches/data/bridges/bridges_7x7_easy.txt"),
        include_str!("../../../benches/data/bridges/bridges_7x7_medium.txt"),
        include_str!("../../../benches/data/bridges/bridges_7x7_hard.txt"),
        include_str!("../../../benches/data/bridges/bridges_10x10_easy.txt"),
        include_str!("../../../benches/data/bridges/bridges_10x10_medium.txt"),
        include_str!("../../../benches/data/bridges/bridges_10x10_hard.txt"),
    ])
}

/// Every ID of `benches/data/bridges`: 7x7 to 15x15 at his three
/// levels, and 25x25 and 40x40 at Hard.
fn all_ids() -> Vec<(&'static str, &'static str)> {
    let mut out = small_ids();
    out.extend(tatham_ids(&[
        include_str!("../../../benches/data/bridges/bridges_15x15_easy.txt"),
        include_str!("../../../benches/data/bridges/bridges_15x15_medium.txt"),
        include_str!("../../../benches/data/bridges/bridges_15x15_hard.txt"),
        include_str!("../../../benches/data/bridges/bridges_25x25_hard.txt"),
        include_str!("../../../benches/data/bridges/bridges_40x40_hard.txt"),
    ]));
    out
}

#[test]
fn a_hand_checked_grid_solves_as_drawn() {
    let p = parse(SMALL);
    let Unique::Unique(s) = Hashi.uniqueness(&p, &Limits::default()).0 else {
        panic!("one solution");
    };
    assert_eq!(Hashi.write_solution(&p, &s), SMALL_SOLUTION);
    assert!(Hashi.check(&p, &s).is_empty());
    assert_eq!(Hashi.parse_solution(&p, SMALL_SOLUTION), Ok(s));
    assert_eq!(brute_force(&p), 1);
}

#[test]
fn the_formats_round_trip() {
    let p = parse(SMALL);
    assert_eq!(Hashi.write(&p), SMALL);
    let id = Hashi.write_game_id(&p).unwrap();
    assert_eq!(id, "5x3m2:3a4g1a3a1");
    assert_eq!(parse(&id), p);
    let url = Hashi.to_puzzlink(&p).unwrap().to_string();
    assert_eq!(
        gridcsp_puzzles::puzzlink::read(&Hashi, &url).unwrap(),
        p,
        "{url}"
    );
    for (id, _) in small_ids() {
        let p = parse(id);
        assert_eq!(parse(&Hashi.write(&p)), p);
        assert_eq!(parse(&Hashi.write_game_id(&p).unwrap()), p);
        let (params, desc) = id.split_once(':').unwrap();
        assert!(params.contains("m2"));
        assert!(Hashi.write_game_id(&p).unwrap().ends_with(desc));
    }
}

#[test]
fn bad_input_names_line_and_column() {
    for (text, line, column, words) in [
        ("2 3\n1 - 9\n- - -\n", Some(2), Some(5), "out of range"),
        ("2 3\n1 - x\n- - -\n", Some(2), Some(5), "'x'"),
        ("2 3\n1 1 -\n- - -\n", Some(2), None, "touch"),
        ("2 3\n1 - -\n", Some(3), None, "row 2"),
        ("3x3m2:1a1b", Some(1), Some(11), "ends after"),
        ("3x3m1:1a1f", Some(1), Some(4), "m1"),
        ("3x3m2L:1a1f", Some(1), Some(6), "'L'"),
        ("3x3m2:1aH", Some(1), Some(9), "'H'"),
        ("3x3m2:9a1f", Some(1), Some(7), "at most 8"),
    ] {
        let e = Hashi.parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text}: {e}");
        if column.is_some() {
            assert_eq!(e.column, column, "{text}: {e}");
        }
        assert!(e.message.contains(words), "{text}: {e}");
    }
    let p = parse(SMALL);
    for (text, words) in [
        ("3 5\n- 2 - - -\na - b - -\n- - - 1\n", "5 cells"),
        ("3 5\n- 2 - - -\na - b - -\n- - - x -\n", "'x'"),
        ("3 4\n- 2 - -\na - b -\n- - - 1\n", "3x4"),
    ] {
        let e = Hashi.parse_solution(&p, text).unwrap_err();
        assert!(e.message.contains(words), "{text}: {e}");
        assert!(e.line.is_some(), "{text}: {e}");
    }
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(SMALL);
    let broken = |text: &str| -> Vec<String> {
        let s = Hashi.parse_solution(&p, text).unwrap();
        Hashi.check(&p, &s).into_iter().map(|v| v.rule).collect()
    };
    // The double bridge made single: the 3 and the 4 are short.
    let v = broken("3 5\n- 1 - - -\na - b - -\n- - - 1 -\n");
    assert!(
        v.iter().any(|r| r.contains("r1c1 needs 3 bridges, has 2")),
        "{v:?}"
    );
    // A bridge into the water.
    let v = broken("3 5\n- 2 - 1 1\na - b - -\n- - - 1 -\n");
    assert!(
        v.iter().any(|r| r.contains("must run between two islands")),
        "{v:?}"
    );
    // Two groups: the 1s joined to each other cannot be, so cut the 1
    // at r3c5 off.
    let v = broken("3 5\n- 2 - - -\na - b - -\n- - - - -\n");
    assert!(v.iter().any(|r| r.contains("connected")), "{v:?}");
    // A bridge over an island.
    let v = broken("3 5\n- 2 - - -\na - b - -\n- - 1 1 -\n");
    assert!(
        v.iter().any(|r| r.contains("over the island at r3c3")),
        "{v:?}"
    );
}

/// Solutions by brute force: every multiplicity 0..=2 of every link
/// (islands in line with only water between), written as a solution and
/// kept when the rule checker finds nothing.
fn brute_force(p: &HashiPuzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let island = |r: usize, c: usize| p.number(gridcsp_puzzles::Cell::new(r, c)).is_some();
    let mut links: Vec<(bool, Vec<usize>)> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !island(r, c) {
                continue;
            }
            let cells: Vec<usize> = (c + 1..cols)
                .take_while(|&cc| !island(r, cc))
                .map(|cc| r * cols + cc)
                .collect();
            if c + 1 + cells.len() < cols && !cells.is_empty() {
                links.push((true, cells));
            }
            let cells: Vec<usize> = (r + 1..rows)
                .take_while(|&rr| !island(rr, c))
                .map(|rr| rr * cols + c)
                .collect();
            if r + 1 + cells.len() < rows && !cells.is_empty() {
                links.push((false, cells));
            }
        }
    }
    let mut found = 0;
    let total = 3u64.pow(links.len() as u32);
    'next: for mut code in 0..total {
        let mut tokens = vec!["-"; rows * cols];
        for (horizontal, cells) in &links {
            let k = (code % 3) as usize;
            code /= 3;
            if k == 0 {
                continue;
            }
            let t = if *horizontal {
                ["1", "2"][k - 1]
            } else {
                ["a", "b"][k - 1]
            };
            for &i in cells {
                if tokens[i] != "-" {
                    continue 'next;
                }
                tokens[i] = t;
            }
        }
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            text.push_str(&tokens[r * cols..(r + 1) * cols].join(" "));
            text.push('\n');
        }
        let s = Hashi.parse_solution(p, &text).unwrap();
        if Hashi.check(p, &s).is_empty() {
            found += 1;
        }
    }
    found
}

#[test]
fn tathams_ids_are_solved_unique_and_graded_on_his_ladder() {
    let limits = Limits::default();
    let ids = all_ids();
    let mut per_level: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let mut graded: std::collections::BTreeMap<(&str, &str), usize> = Default::default();
    for &(id, want) in &ids {
        let p = parse(id);
        let (u, _) = Hashi.uniqueness(&p, &limits);
        let Unique::Unique(s) = u else {
            panic!("{id}: one solution, got {u:?}");
        };
        assert!(Hashi.check(&p, &s).is_empty());
        let grade = Hashi.grade(&p, &limits).unwrap();
        let e = per_level.entry(want).or_default();
        e.0 += usize::from(grade.level == want);
        e.1 += 1;
        *graded.entry((want, grade.level)).or_default() += 1;
    }
    for ((want, got), n) in &graded {
        println!("Tatham {want}, ours {got}: {n}");
    }
    for (level, (agree, n)) in &per_level {
        println!("{level}: {agree} of {n} agree");
        // The grade is his solver's stages (docs/formats/hashi.md): every
        // one of his IDs is graded as he grades it.
        assert_eq!(agree, n, "{level}: {agree} of {n} agree");
    }
}

#[test]
fn steps_name_the_rules_in_the_players_words() {
    let limits = Limits::default();
    let names: Vec<&str> = Hashi.rules().iter().map(|r| r.name).collect();
    let mut used = std::collections::BTreeSet::new();
    for (id, _) in small_ids().into_iter().step_by(6) {
        let e = Hashi.explain(&parse(id), &limits).unwrap();
        for step in &e.steps {
            assert!(names.contains(&step.rule.as_str()), "{step:?}");
            for word in ["clause", "edge connected", "linear", "count:", "= 1:"] {
                assert!(!step.text.contains(word), "engine words in {}", step.text);
            }
            used.insert(step.rule.clone());
        }
    }
    for rule in ["island count", "no crossing"] {
        assert!(used.contains(rule), "{rule} never used: {used:?}");
    }
    let hint = Hashi.hint(&parse(small_ids()[0].0), &limits).unwrap();
    assert!(hint.to_string().contains("bridge"), "{hint}");
}

#[test]
fn the_generator_makes_unique_puzzles_of_the_level_asked() {
    let limits = Limits::default();
    for (level, size) in [(0, 7), (1, 7), (2, 8)] {
        let options = GenerateOptions::new(size, size, level).with_seed(5);
        let g = Hashi.generate(&options).unwrap();
        assert_eq!(g.grade.rank, level);
        let (u, _) = Hashi.uniqueness(&g.puzzle, &limits);
        assert_eq!(u, Unique::Unique(g.solution.clone()));
        assert!(Hashi.check(&g.puzzle, &g.solution).is_empty());
        assert_eq!(Hashi.generate(&options).unwrap().puzzle, g.puzzle);
    }
    assert!(Hashi.generate(&GenerateOptions::new(3, 3, 0)).is_err());
}

/// A random grid of up to 4x4 with islands, none side by side.
fn grid() -> impl Strategy<Value = String> {
    (2usize..=4, 2usize..=4)
        .prop_flat_map(|(rows, cols)| {
            (
                Just((rows, cols)),
                proptest::collection::vec(prop_oneof![3 => Just(0u32), 2 => 1u32..=4], rows * cols),
            )
        })
        .prop_map(|((rows, cols), mut cells)| {
            for i in 0..rows * cols {
                if cells[i] > 0
                    && ((i % cols > 0 && cells[i - 1] > 0) || (i >= cols && cells[i - cols] > 0))
                {
                    cells[i] = 0;
                }
            }
            let mut text = format!("{rows} {cols}\n");
            for r in 0..rows {
                let row: Vec<String> = cells[r * cols..(r + 1) * cols]
                    .iter()
                    .map(|&k| {
                        if k == 0 {
                            "-".to_owned()
                        } else {
                            k.to_string()
                        }
                    })
                    .collect();
                text.push_str(&row.join(" "));
                text.push('\n');
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn counts_match_brute_force_at_every_level(text in grid()) {
        let p = parse(&text);
        let want = brute_force(&p);
        let got = Hashi.count(&p, None, &Limits::default()).0.count;
        prop_assert_eq!(got, want, "{}", text);
        // The grade (our rules, then search) is an error exactly
        // when the puzzle has no solution or several: the rules never
        // finishes a puzzle wrongly.
        prop_assert_eq!(Hashi.grade(&p, &Limits::default()).is_ok(), want == 1, "{}", text);
    }
}
