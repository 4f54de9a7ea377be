//! Nurikabe: formats, the rule checker, the model against an independent
//! brute-force counter, the ladder and the generator.

use gridcsp_puzzles::families::nurikabe::{Nurikabe, NurikabePuzzle, UNKNOWN};
use gridcsp_puzzles::families::shading::Shading;
use gridcsp_puzzles::{
    Cell, Family, GenerateOptions, Limits, RenderOptions, Solved, Unique, puzzlink,
};
use proptest::prelude::*;

/// The example of pzprjs's tests (`test/script/nurikabe.js` of
/// robx/pzprjs, puzz.link's source): URL `5/5/g5k2o1k3g`, and the
/// solution the same script checks as correct.
const PZPRJS: &str = "5 5
- 5 - - -
- - 2 - -
- - - - -
- - 1 - -
- - - 3 -
";
const PZPRJS_URL: &str = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g";
const PZPRJS_SOLUTION: &str = "5 5
- - x x x
- x - - x
- x x x x
- x - x -
x x x - -
";

fn parse(text: &str) -> NurikabePuzzle {
    Nurikabe
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Whether a shading keeps the rules, written apart from the family (no
/// csp-core): numbers unshaded, islands of one number and its size, one
/// sea, no 2x2 sea.
fn keeps_rules(p: &NurikabePuzzle, s: &[bool]) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    let near = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        let mut v = Vec::new();
        if r > 0 {
            v.push(i - cols);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < cols {
            v.push(i + 1);
        }
        if r + 1 < rows {
            v.push(i + cols);
        }
        v
    };
    if (0..n).any(|i| s[i] && p.clue(Cell::new(i / cols, i % cols)).is_some()) {
        return false;
    }
    let mut seen = vec![false; n];
    let mut seas = 0;
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let mut stack = vec![start];
        let mut area = Vec::new();
        seen[start] = true;
        while let Some(i) = stack.pop() {
            area.push(i);
            for j in near(i) {
                if !seen[j] && s[j] == s[start] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if s[start] {
            seas += 1;
        } else {
            let clues: Vec<u32> = area
                .iter()
                .filter_map(|&i| p.clue(Cell::new(i / cols, i % cols)))
                .collect();
            if clues.len() != 1 || (clues[0] != UNKNOWN && clues[0] as usize != area.len()) {
                return false;
            }
        }
    }
    let pool = (0..rows.saturating_sub(1)).any(|r| {
        (0..cols - 1).any(|c| {
            let i = r * cols + c;
            s[i] && s[i + 1] && s[i + cols] && s[i + cols + 1]
        })
    });
    seas <= 1 && !pool
}

/// Counts solutions over every shading (grids of at most 16 cells).
fn brute_force(p: &NurikabePuzzle) -> u64 {
    let n = p.rows() * p.cols();
    (0u32..1 << n)
        .filter(|&b| {
            let s: Vec<bool> = (0..n).map(|i| b >> i & 1 == 1).collect();
            keeps_rules(p, &s)
        })
        .count() as u64
}

#[test]
fn the_pzprjs_example_has_its_published_solution() {
    let p = parse(PZPRJS);
    assert_eq!(Nurikabe.write(&p), PZPRJS);
    let Unique::Unique(s) = Nurikabe.uniqueness(&p, &Limits::default()).0 else {
        panic!("unique");
    };
    assert_eq!(Nurikabe.write_solution(&p, &s), PZPRJS_SOLUTION);
    assert_eq!(Nurikabe.parse_solution(&p, PZPRJS_SOLUTION), Ok(s.clone()));
    assert!(Nurikabe.check(&p, &s).is_empty());
    // Its URL reads to the same puzzle and writes back the same.
    let from_url = puzzlink::read(&Nurikabe, PZPRJS_URL).expect("reads");
    assert_eq!(from_url, p);
    assert_eq!(
        Nurikabe.to_puzzlink(&p).expect("writes").to_string(),
        PZPRJS_URL
    );
    // Easy on the ladder: propagation alone solves it.
    let grade = Nurikabe.grade(&p, &Limits::default()).expect("grades");
    assert_eq!(grade.level, "easy");
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(PZPRJS);
    let check = |rows: &str| {
        let s = Nurikabe
            .parse_solution(&p, &format!("5 5\n{rows}"))
            .expect("reads");
        Nurikabe
            .check(&p, &s)
            .into_iter()
            .map(|v| v.rule)
            .collect::<Vec<_>>()
    };
    // pzprjs's own failing boards, in the same order.
    let pool = check("- - - - -\n- - - - -\nx x - - -\nx x - - -\n- - - - -\n");
    assert!(pool.iter().any(|r| r.contains("2x2")), "{pool:?}");
    let no_number = check("- - x x -\n- x - - x\n- x x x x\n- x - - -\nx - - - -\n");
    assert!(
        no_number.iter().any(|r| r.contains("without a number")),
        "{no_number:?}"
    );
    let split = check("- - x x x\n- x - - x\n- - x x x\n- - - - -\nx - - - -\n");
    assert!(split.iter().any(|r| r.contains("parts")), "{split:?}");
    let two = check("- - x x x\n- x - - x\n- x x x x\n- - - - -\n- - - - -\n");
    assert!(two.iter().any(|r| r.contains("numbers")), "{two:?}");
    let size = check("- - x x x\n- x - - x\n- x x x x\n- x - x -\n- x x - -\n");
    assert!(size.iter().any(|r| r.contains("has 6 cells")), "{size:?}");
    let shaded_number = check("- x x x x\n- x - - x\n- x x x x\n- x - x -\nx x x - -\n");
    assert!(
        shaded_number.iter().any(|r| r.contains("numbered cells")),
        "{shaded_number:?}"
    );
}

#[test]
fn bad_input_names_the_line_and_column() {
    let err = Nurikabe
        .parse("3 3\n- - -\n- a -\n- - -\n")
        .expect_err("a letter");
    assert_eq!((err.line, err.column), (Some(3), Some(3)), "{err}");
    let err = Nurikabe
        .parse("3 3\n- - -\n- 0 -\n- - -\n")
        .expect_err("a 0");
    assert_eq!((err.line, err.column), (Some(3), Some(3)), "{err}");
    let err = Nurikabe.parse("3 3\n- - -\n- - -\n").expect_err("short");
    assert_eq!(err.line, Some(4), "{err}");
    let err = Nurikabe.parse("2 2\n- -\n- - -\n").expect_err("a long row");
    assert_eq!(err.line, Some(3), "{err}");
    let err = Nurikabe
        .parse("2 2\n- ??\n- -\n")
        .expect_err("two question marks");
    assert_eq!((err.line, err.column), (Some(2), Some(3)), "{err}");
    assert!(err.to_string().contains("'?'"), "{err}");
}

/// The fuzzer's find: puzz.link's `nurikabe/1/5/ha` (a 10 in a grid of 5
/// cells) was read, and written as a text that the text layout refused.
#[test]
fn a_number_larger_than_the_grid_is_refused_in_every_form() {
    let from_url =
        puzzlink::read(&Nurikabe, "http://t?nurikabe/1/5/ha").expect_err("a 10 in 5 cells");
    assert!(from_url.to_string().contains("1 to 5"), "{from_url}");
    let from_text = Nurikabe
        .parse("5 1\n-\n-\n10\n-\n-\n")
        .expect_err("the same puzzle");
    assert!(from_text.to_string().contains("1 to 5"), "{from_text}");
    assert!(NurikabePuzzle::new(5, 1, vec![None, None, Some(10), None, None]).is_none());
    assert!(NurikabePuzzle::new(5, 1, vec![None, None, Some(5), None, Some(UNKNOWN)]).is_some());
    assert!(puzzlink::read(&Nurikabe, "http://t?nurikabe/1/5/h5h").is_ok());
}

/// janko.at prints a `?` for a number it does not give: the cell is
/// unshaded and its island holds no other number, of any size.
#[test]
fn a_question_mark_holds_an_island_of_any_size() {
    let text = "5 5\n- 1 - - -\n- - - 1 -\n1 - ? - -\n- - - - -\n- 2 - - -\n";
    let p = parse(text);
    assert_eq!(p.clue(Cell::new(2, 2)), Some(UNKNOWN));
    assert_eq!(Nurikabe.write(&p), text);
    let url = Nurikabe.to_puzzlink(&p).expect("writes").to_string();
    assert_eq!(puzzlink::read(&Nurikabe, &url).expect("reads"), p);
    // puzz.link's `.` is a `?`.
    let q = puzzlink::read(&Nurikabe, "https://puzz.link/p?nurikabe/3/3/.n").expect("reads");
    assert_eq!(q.clue(Cell::new(0, 0)), Some(UNKNOWN));
    let Unique::Unique(s) = Nurikabe.uniqueness(&p, &Limits::default()).0 else {
        panic!("unique");
    };
    assert!(Nurikabe.check(&p, &s).is_empty());
    // Its island has four cells here: no size is asked of it, so the
    // checker takes the solution, and any other size of it too.
    let solution = "5 5\nx - x x x\nx x x - x\n- x - x x\nx x - - x\n- - x x x\n";
    assert_eq!(Nurikabe.write_solution(&p, &s), solution);
    // Alone in a 2x2 grid: any connected island holding r1c1 (seven, the
    // whole grid included), the other cells sea.
    let one = parse("2 2\n? -\n- -\n");
    assert_eq!(Nurikabe.count(&one, None, &Limits::default()).0.count, 7);
    assert!(Nurikabe.check_givens(&one).is_empty());
    let e = Nurikabe.explain(&p, &Limits::default()).expect("explains");
    assert!(
        e.steps.iter().any(|s| s.text.contains("the ? at r3c3")),
        "{:?}",
        e.steps.iter().map(|s| &s.text).collect::<Vec<_>>()
    );
    let svg = Nurikabe.render(&p, None, &RenderOptions::default());
    assert!(svg.contains(">?<"));
}

#[test]
fn a_grid_too_full_is_named_by_check_givens() {
    let p = parse("2 2\n3 -\n- 2\n");
    assert_eq!(Nurikabe.check_givens(&p).len(), 1);
    assert!(matches!(
        Nurikabe.solve(&p, &Limits::default()).0,
        Solved::Unsolvable
    ));
}

#[test]
fn generated_puzzles_are_unique_at_their_level() {
    for level in 0..Nurikabe.info().levels.len() {
        for seed in 1..=3 {
            let options = GenerateOptions::new(6, 6, level).with_seed(seed);
            let g = Nurikabe.generate(&options).expect("generates");
            assert_eq!(g.grade.rank, level, "seed {seed}");
            let Unique::Unique(s) = Nurikabe.uniqueness(&g.puzzle, &Limits::default()).0 else {
                panic!("level {level} seed {seed}: not unique");
            };
            assert_eq!(s, g.solution);
            assert!(Nurikabe.check(&g.puzzle, &s).is_empty());
            // The same seed, the same puzzle.
            assert_eq!(Nurikabe.generate(&options).expect("again").puzzle, g.puzzle);
            // Round trips: text, puzz.link.
            assert_eq!(parse(&Nurikabe.write(&g.puzzle)), g.puzzle);
            let url = Nurikabe.to_puzzlink(&g.puzzle).expect("writes").to_string();
            assert_eq!(puzzlink::read(&Nurikabe, &url).expect("reads"), g.puzzle);
        }
    }
}

#[test]
fn steps_speak_the_rules_of_the_docs_page() {
    let p = parse(PZPRJS);
    let e = Nurikabe.explain(&p, &Limits::default()).expect("explains");
    let names: Vec<&str> = Nurikabe.rules().iter().map(|r| r.name).collect();
    assert!(!e.steps.is_empty());
    for step in &e.steps {
        assert!(names.contains(&step.rule.as_str()), "{}", step.text);
        for word in ["clause", "islands:", "connected:", "= 1", "= 0"] {
            assert!(!step.text.contains(word), "{}", step.text);
        }
    }
    let svg = Nurikabe.render(&p, None, &RenderOptions::default());
    assert!(svg.contains(">5<") && svg.contains(">3<"));
}

fn small_puzzle() -> impl Strategy<Value = NurikabePuzzle> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(
            prop_oneof![
                12 => Just(None),
                3 => (1u32..=5).prop_map(Some),
                1 => Just(Some(UNKNOWN)),
            ],
            rows * cols,
        )
        .prop_map(move |clues| {
            // A number larger than the grid is no puzzle (see above).
            let cells = (rows * cols) as u32;
            let clues = clues
                .into_iter()
                .map(|c| c.map(|k| if k == UNKNOWN { k } else { k.min(cells) }))
                .collect();
            NurikabePuzzle::new(rows, cols, clues).expect("sizes")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The model counts what the rules allow, and every solution it gives
    /// passes the checker.
    #[test]
    fn the_model_counts_what_brute_force_counts(p in small_puzzle()) {
        let (count, _) = Nurikabe.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, brute_force(&p));
        if let Solved::Solution(s) = Nurikabe.solve(&p, &Limits::default()).0 {
            prop_assert!(Nurikabe.check(&p, &s).is_empty());
            let _: &Shading = &s;
        }
    }
}

/// A generated puzzle of `size` at `level` from `seed`: unique, its
/// solution the one given, of the level asked.
fn assert_generates(size: usize, level: usize, seed: u64) {
    let options = GenerateOptions::new(size, size, level).with_seed(seed);
    let g = Nurikabe
        .generate(&options)
        .unwrap_or_else(|e| panic!("{size}x{size} level {level} seed {seed}: {e}"));
    assert_eq!(g.grade.rank, level, "{size}x{size} seed {seed}");
    let Unique::Unique(s) = Nurikabe.uniqueness(&g.puzzle, &Limits::default()).0 else {
        panic!("{size}x{size} level {level} seed {seed}: not unique");
    };
    assert_eq!(s, g.solution);
    assert!(Nurikabe.check(&g.puzzle, &s).is_empty());
}

/// 10x10 at both levels: `easy` gave up before its numbers moved to where
/// propagation settles the grid, `hard` took 6-8 s in a release build
/// before numbers moved to rule out a second solution. Seconds in a
/// release build: run with `--ignored`.
#[test]
#[ignore = "slow: 10x10 generation, about 10 s in a debug build"]
fn generated_large_puzzles_are_unique_at_their_level() {
    for level in 0..Nurikabe.info().levels.len() {
        for seed in 1..=2 {
            assert_generates(10, level, seed);
        }
    }
}

/// 12x12 at both levels, which gave up or ran past 120 s before easy
/// numbers moved where propagation settles the grid and hard candidates
/// shared one search budget (seed 3 of easy still gives up; 15x15 easy
/// gives up at every seed). Run with `--ignored`.
#[test]
#[ignore = "slow: 12x12 generation, about 45 s in a debug build"]
fn generates_12x12_at_every_level() {
    for level in 0..Nurikabe.info().levels.len() {
        for seed in 1..=2 {
            assert_generates(12, level, seed);
        }
    }
}
