//! Slant: a published puzzle with its published solution, the model
//! against an independent brute-force counter, the rule checker, Tatham's
//! own puzzles graded as he grades them, the steps in the player's words
//! and the generator.

use gridcsp_puzzles::families::slant::{Puzzle, Slant, Slants};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Hint, Limits, Unique};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// pzprjs's Gokigen example (`test/script/gokigen.js` of robx/pzprjs,
/// URL `gokigen/4/4/iaegcgcj6a`) and the solution its test data marks
/// correct (its `1` is `\`, `2` is `/`). Checked by hand: the 0 at
/// corner r1c4 makes r1c3 `\` and r1c4 `/`; the 4 at corner r2c2 fixes
/// the four cells around it; the rest follows from the 2s, the 1 and the
/// 0 on the bottom row and the loop rule.
const PZPRJS: &str = "4 4
- - - 0 -
- 4 - - -
2 - - - 2
- - - - -
- 1 - 0 -
";
const PZPRJS_SOLUTION: &str = "4 4
\\ / \\ /
/ \\ \\ \\
\\ \\ / /
/ / / \\
";

fn parse(text: &str) -> Puzzle {
    Slant.parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The corners around which the diagonals of `back` (row-major, `true`:
/// `\`) close a loop, by a depth-first search on the corner graph (no
/// csp-core, no union-find).
fn has_loop(rows: usize, cols: usize, back: &[bool]) -> bool {
    let w = cols + 1;
    let n = (rows + 1) * w;
    let mut adj = vec![Vec::new(); n];
    for r in 0..rows {
        for c in 0..cols {
            let (a, b) = if back[r * cols + c] {
                (r * w + c, (r + 1) * w + c + 1)
            } else {
                (r * w + c + 1, (r + 1) * w + c)
            };
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    let mut seen = vec![false; n];
    for start in 0..n {
        if seen[start] {
            continue;
        }
        // (vertex, parent); a visited neighbour other than the parent is a
        // cycle (the graph is simple: two diagonals never join the same
        // two corners).
        let mut stack = vec![(start, usize::MAX)];
        seen[start] = true;
        while let Some((v, parent)) = stack.pop() {
            for &u in &adj[v] {
                if u == parent {
                    continue;
                }
                if seen[u] {
                    return true;
                }
                seen[u] = true;
                stack.push((u, v));
            }
        }
    }
    false
}

/// Counts solutions over every filling (grids of at most 16 cells).
fn brute_force(p: &Puzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    (0u32..1 << n)
        .filter(|&bits| {
            let back: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            let clues_ok = (0..=rows).all(|i| {
                (0..=cols).all(|j| {
                    let Some(k) = p.clue(i, j) else { return true };
                    let at = |r: usize, c: usize| back[r * cols + c];
                    let touching = [
                        i > 0 && j > 0 && at(i - 1, j - 1),
                        i > 0 && j < cols && !at(i - 1, j),
                        i < rows && j > 0 && !at(i, j - 1),
                        i < rows && j < cols && at(i, j),
                    ];
                    touching.iter().filter(|&&t| t).count() == usize::from(k)
                })
            });
            clues_ok && !has_loop(rows, cols, &back)
        })
        .count() as u64
}

#[test]
fn the_pzprjs_example_has_its_published_solution() {
    let p = parse(PZPRJS);
    let (u, _) = Slant.uniqueness(&p, &Limits::default());
    let Unique::Unique(s) = u else {
        panic!("expected one solution, got {u:?}")
    };
    assert_eq!(Slant.write_solution(&p, &s), PZPRJS_SOLUTION);
    assert!(Slant.check(&p, &s).is_empty());
    assert_eq!(Slant.parse_solution(&p, PZPRJS_SOLUTION), Ok(s));
    assert_eq!(Slant.write(&p), PZPRJS);
    assert_eq!(
        Slant.write_game_id(&p).as_deref(),
        Some("4x4:c0b4c2c2f1a0a")
    );
    let url = Slant.to_puzzlink(&p).unwrap().to_string();
    assert_eq!(url, "https://puzz.link/p?gokigen/4/4/iaegcgcj6a");
}

#[test]
fn the_model_counts_as_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    for (rows, cols, trials) in [
        (1usize, 1usize, 10),
        (2, 2, 60),
        (2, 3, 60),
        (3, 3, 60),
        (3, 4, 40),
    ] {
        for _ in 0..trials {
            let density = rng.random_range(1..=4);
            let clues: Vec<Option<u8>> = (0..(rows + 1) * (cols + 1))
                .map(|_| (rng.random_range(0..6) < density).then(|| rng.random_range(0..=4)))
                .collect();
            let p = Puzzle::new(rows, cols, clues).unwrap();
            let want = brute_force(&p);
            let got = Slant.count(&p, None, &Limits::default()).0.count;
            assert_eq!(got, want, "{}", Slant.write(&p));
        }
    }
}

#[test]
fn check_names_the_broken_rule_and_its_cells() {
    let p = parse(PZPRJS);
    let mut s = Slant.parse_solution(&p, PZPRJS_SOLUTION).unwrap();
    assert!(s.is_backslash(Cell::new(0, 0)));
    // r1c2 turned to `\`: the 4 loses a diagonal.
    let mut back: Vec<bool> = (0..16)
        .map(|i| s.is_backslash(Cell::new(i / 4, i % 4)))
        .collect();
    back[1] = true;
    s = Slants::new(4, 4, back).unwrap();
    let broken: Vec<String> = Slant
        .check(&p, &s)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        broken
            .iter()
            .any(|r| r.starts_with("the 4 at corner r2c2 is touched by 3 diagonals")),
        "{broken:?}"
    );
    // A diamond closes a loop; its four cells are named.
    let q = parse("2 2\n- - -\n- - -\n- - -\n");
    let diamond = Slant.parse_solution(&q, "2 2\n/ \\\n\\ /\n").unwrap();
    let v = Slant.check(&q, &diamond);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].cells.len(), 4);
    assert!(v[0].rule.contains("form a loop"), "{}", v[0].rule);
    let e = Slant.parse_solution(&q, "2 2\n/ \\\n\\ x\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(3)));
    let bad = parse("1 1\n2 -\n- -\n");
    assert!(
        Slant.check_givens(&bad)[0]
            .rule
            .contains("has only 1 cell around it")
    );
}

#[test]
fn every_bad_token_names_its_line_and_column() {
    let cases: &[(&str, (usize, usize))] = &[
        ("2 2 2\n", (1, 5)),
        ("2 y\n", (1, 3)),
        ("1 1\n- 5\n- -\n", (2, 3)),
        ("1 1\n- -\n- - -\n", (3, 0)),
        ("1 1\n- -\n- -\n-\n", (4, 0)),
        ("2x2:j", (1, 5)),
        ("2x2:i7", (1, 6)),
    ];
    for &(text, (line, column)) in cases {
        let e = Slant.parse(text).unwrap_err();
        assert_eq!(e.line, Some(line), "{text:?}: {e}");
        if column > 0 {
            assert_eq!(e.column, Some(column), "{text:?}: {e}");
        }
    }
}

/// Tatham's own Easy and Hard puzzles: each unique and graded as he
/// grades it (Easy: the easy deductions solve it; Hard: they do not, his
/// generator checks that).
#[test]
fn tathams_puzzles_grade_as_he_grades_them() {
    let data = include_str!("data/slant_tatham.txt");
    let mut seen = [0; 2];
    for id in data.lines().filter(|l| !l.starts_with('#')) {
        let p = parse(id);
        assert_eq!(
            Slant.write_game_id(&p).as_deref(),
            id.split_once(':')
                .map(|(params, desc)| {
                    // His IDs carry the level; ours do not.
                    let size = params.split('d').next().unwrap_or(params);
                    format!("{size}:{desc}")
                })
                .as_deref()
        );
        let want = if id.contains("dh:") { 1 } else { 0 };
        let grade = Slant
            .grade(&p, &Limits::default())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(grade.rank, want, "{id}");
        seen[want] += 1;
    }
    assert_eq!(seen, [24, 24]);
}

#[test]
fn steps_are_in_the_players_words() {
    let p = parse(PZPRJS);
    let e = Slant.explain(&p, &Limits::default()).unwrap();
    let names: Vec<&str> = Slant.rules().iter().map(|r| r.name).collect();
    assert!(!e.steps.is_empty());
    for step in &e.steps {
        let rule = step.rule.as_str();
        assert!(names.contains(&rule), "{}: {rule}", step.text);
        for word in ["clause", "count", "acyclic", "= 1", "constraint"] {
            assert!(!step.text.contains(word), "{}", step.text);
        }
    }
    for words in [
        "r1c3 is \\; r1c4 is /: the 0 at corner r1c4 takes no diagonal (corner full)",
        "the 4 at corner r2c2 needs every cell left",
        "r4c1 is /: the 1 at corner r5c2 has its diagonal (corner full)",
    ] {
        assert!(
            e.steps.iter().any(|s| s.text.contains(words)),
            "{words}\n{e}"
        );
    }
    let Hint::Step { step, .. } = Slant.hint(&p, &Limits::default()).unwrap() else {
        panic!("a step")
    };
    assert!(
        step.text.contains(" is \\") || step.text.contains(" is /"),
        "{}",
        step.text
    );
    // A loop step: the 4 x 4 easy puzzle below needs the loop rule.
    let loop_step = e.steps.iter().any(|s| s.rule == "no loop") || tatham_easy_loop_step();
    assert!(loop_step, "no step used the loop rule");
}

/// Whether some Tatham Easy puzzle of the test data is explained with a
/// "no loop" step that names the cell and the diagonal that would close
/// the loop.
fn tatham_easy_loop_step() -> bool {
    include_str!("data/slant_tatham.txt")
        .lines()
        .filter(|l| l.contains("de:"))
        .any(|id| {
            let e = Slant.explain(&parse(id), &Limits::default()).unwrap();
            e.steps
                .iter()
                .any(|s| s.rule == "no loop" && s.text.contains("would close a loop"))
        })
}

#[test]
fn the_generator_makes_unique_puzzles_of_each_level() {
    for (rows, cols) in [(5, 5), (6, 8)] {
        for level in 0..2 {
            for seed in 0..3 {
                let options = GenerateOptions::new(rows, cols, level).with_seed(seed);
                let g = Slant.generate(&options).unwrap();
                assert_eq!(g.grade.rank, level);
                let (u, _) = Slant.uniqueness(&g.puzzle, &Limits::default());
                assert_eq!(u, Unique::Unique(g.solution.clone()));
                assert!(Slant.check(&g.puzzle, &g.solution).is_empty());
                // Seeded: the same options make the same puzzle.
                assert_eq!(Slant.generate(&options).unwrap().puzzle, g.puzzle);
            }
        }
    }
    assert!(Slant.generate(&GenerateOptions::new(1, 5, 0)).is_err());
    assert!(Slant.generate(&GenerateOptions::new(5, 5, 2)).is_err());
}

/// A header of the largest row count frames no record instead of
/// overflowing (the corner rows are one more than the cell rows).
#[test]
fn a_huge_header_frames_no_record() {
    let gridcsp_puzzles::RecordShape::Header { lines, .. } = Slant.info().shape else {
        panic!("slant records start with a header");
    };
    assert_eq!(lines(&format!("{} 4", usize::MAX)), None);
    assert_eq!(lines("3 4"), Some(4));
}
