//! Kurodoko: formats (text layout, Tatham Range IDs, puzz.link), the rule
//! checker, the model against an independent brute-force counter, the
//! ladder, the generator and Tatham's own puzzles.

use gridcsp_puzzles::families::kurodoko::{Kurodoko, KurodokoPuzzle};
use gridcsp_puzzles::families::shading::Shading;
use gridcsp_puzzles::{
    Cell, Family, GenerateOptions, Limits, RenderOptions, Solved, Unique, puzzlink,
};
use proptest::prelude::*;

/// The example of pzprjs's tests (`test/script/kurodoko.js` of
/// robx/pzprjs, puzz.link's source): URL `5/5/i7g5l2l2g4i`, and the
/// solution the same script checks as correct.
const PZPRJS: &str = "5 5
- - - 7 -
5 - - - -
- - 2 - -
- - - - 2
- 4 - - -
";
const PZPRJS_URL: &str = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i";
const PZPRJS_SOLUTION: &str = "5 5
- x - - -
- - x - -
- x - - x
- - x - -
x - - - x
";

/// The example in the comment at the top of Tatham's `range.c`, with the
/// solution drawn there.
const TATHAM: &str = "7 7
- - - - 7 - -
3 - - - - - 8
- - - - - 5 -
- - 7 - 7 - -
- 13 - - - - -
4 - - - - - 8
- - 4 - - - -
";
const TATHAM_SOLUTION: &str = "7 7
- - - - - - -
- - x - x - -
x - - x - - -
- - - - - x -
- - - - - - -
- - x - x - -
x - - - - x -
";

fn parse(text: &str) -> KurodokoPuzzle {
    Kurodoko
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Whether a shading keeps the rules, written apart from the family (no
/// csp-core): numbers unshaded and seeing their count, shaded cells
/// apart, unshaded cells connected.
fn keeps_rules(p: &KurodokoPuzzle, s: &[bool]) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    let at = |r: isize, c: isize| -> Option<usize> {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
            .then(|| r as usize * cols + c as usize)
    };
    for i in 0..n {
        let (r, c) = ((i / cols) as isize, (i % cols) as isize);
        if s[i]
            && [(0, 1), (1, 0)]
                .iter()
                .any(|&(dr, dc)| at(r + dr, c + dc).is_some_and(|j| s[j]))
        {
            return false;
        }
        if let Some(k) = p.clue(Cell::new(i / cols, i % cols)) {
            if s[i] {
                return false;
            }
            let mut sees = 1;
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (mut rr, mut cc) = (r + dr, c + dc);
                while let Some(j) = at(rr, cc).filter(|&j| !s[j]) {
                    let _ = j;
                    sees += 1;
                    rr += dr;
                    cc += dc;
                }
            }
            if sees != k {
                return false;
            }
        }
    }
    // Unshaded cells connected.
    let Some(start) = (0..n).find(|&i| !s[i]) else {
        return true;
    };
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = ((i / cols) as isize, (i % cols) as isize);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if let Some(j) = at(r + dr, c + dc).filter(|&j| !s[j] && !seen[j]) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    (0..n).all(|i| s[i] || seen[i])
}

/// Counts solutions over every shading (grids of at most 16 cells).
fn brute_force(p: &KurodokoPuzzle) -> u64 {
    let n = p.rows() * p.cols();
    (0u32..1 << n)
        .filter(|&b| {
            let s: Vec<bool> = (0..n).map(|i| b >> i & 1 == 1).collect();
            keeps_rules(p, &s)
        })
        .count() as u64
}

fn solves_to(p: &KurodokoPuzzle, solution: &str) -> Shading {
    let Unique::Unique(s) = Kurodoko.uniqueness(p, &Limits::default()).0 else {
        panic!("unique");
    };
    assert_eq!(Kurodoko.write_solution(p, &s), solution);
    assert_eq!(Kurodoko.parse_solution(p, solution), Ok(s.clone()));
    assert!(Kurodoko.check(p, &s).is_empty());
    s
}

#[test]
fn the_pzprjs_example_has_its_published_solution() {
    let p = parse(PZPRJS);
    assert_eq!(Kurodoko.write(&p), PZPRJS);
    solves_to(&p, PZPRJS_SOLUTION);
    // Its URL reads to the same puzzle and writes back the same.
    let from_url = puzzlink::read(&Kurodoko, PZPRJS_URL).expect("reads");
    assert_eq!(from_url, p);
    assert_eq!(
        Kurodoko.to_puzzlink(&p).expect("writes").to_string(),
        PZPRJS_URL
    );
}

#[test]
fn tathams_example_has_its_published_solution_and_id() {
    let p = parse(TATHAM);
    solves_to(&p, TATHAM_SOLUTION);
    // Written as a game ID the way range.c writes one: letters for runs,
    // '_' only between two numbers, and read back.
    let id = Kurodoko.write_game_id(&p).expect("an ID");
    assert_eq!(id, "7x7:d7b3e8e5c7a7c13e4e8b4d");
    assert_eq!(parse(&id), p);
}

#[test]
fn tathams_generated_puzzles_solve_uniquely_and_ids_round_trip() {
    let text = include_str!("data/kurodoko_tatham.txt");
    let ids: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(ids.len(), 40);
    for id in ids {
        let p = parse(id);
        assert_eq!(Kurodoko.write_game_id(&p).as_deref(), Some(id));
        let Unique::Unique(s) = Kurodoko.uniqueness(&p, &Limits::default()).0 else {
            panic!("{id}: not unique");
        };
        assert!(Kurodoko.check(&p, &s).is_empty(), "{id}");
        assert!(Kurodoko.grade(&p, &Limits::default()).is_ok(), "{id}");
    }
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(PZPRJS);
    let check = |rows: &str| {
        let s = Kurodoko
            .parse_solution(&p, &format!("5 5\n{rows}"))
            .expect("reads");
        Kurodoko
            .check(&p, &s)
            .into_iter()
            .map(|v| v.rule)
            .collect::<Vec<_>>()
    };
    // pzprjs's own failing boards: nothing shaded, two shaded touching,
    // unshaded cells cut apart, a number seeing the wrong count.
    let none = check("- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n");
    assert!(none.iter().any(|r| r.contains("sees 9 cells")), "{none:?}");
    let touch = check("- - - - -\n- - - - -\n- - - - -\n- - x - -\n- - x - -\n");
    assert!(touch.iter().any(|r| r.contains("touch")), "{touch:?}");
    let split = check("- - - - -\n- - - - -\n- - - - -\nx - - - -\n- x - - -\n");
    assert!(split.iter().any(|r| r.contains("parts")), "{split:?}");
    let shaded_number = check("- - - - -\nx - - - -\n- - - - -\n- - - - -\n- - - - -\n");
    assert!(
        shaded_number.iter().any(|r| r.contains("numbered cells")),
        "{shaded_number:?}"
    );
}

#[test]
fn bad_input_names_the_line_and_column() {
    let err = Kurodoko
        .parse("3 3\n- - -\n- a -\n- - -\n")
        .expect_err("a letter");
    assert_eq!((err.line, err.column), (Some(3), Some(3)), "{err}");
    let err = Kurodoko
        .parse("3 3\n- - -\n- 0 -\n- - -\n")
        .expect_err("a 0");
    assert_eq!((err.line, err.column), (Some(3), Some(3)), "{err}");
    // A 3x3 cell sees at most 5 cells.
    let err = Kurodoko
        .parse("3 3\n- - -\n- - 6\n- - -\n")
        .expect_err("too many");
    assert_eq!((err.line, err.column), (Some(3), Some(5)), "{err}");
    let err = Kurodoko.parse("3 3\n- - -\n- - -\n").expect_err("short");
    assert_eq!(err.line, Some(4), "{err}");
    let err = Kurodoko.parse("3x3:a6g").expect_err("too large in an ID");
    assert_eq!((err.line, err.column), (Some(1), Some(6)), "{err}");
    let err = Kurodoko.parse("3x3:a2f").expect_err("short ID");
    assert_eq!(err.line, Some(1), "{err}");
    let err = Kurodoko.parse("3x3:a2g!").expect_err("a stray character");
    assert_eq!((err.line, err.column), (Some(1), Some(8)), "{err}");
    assert!(puzzlink::read(&Kurodoko, "https://puzz.link/p?kurodoko/3/3/.n").is_err());
    assert!(puzzlink::read(&Kurodoko, "https://puzz.link/p?kurodoko/3/3/9m").is_err());
}

#[test]
fn a_lone_cell_sees_itself() {
    let p = parse("1 1\n1\n");
    assert!(matches!(
        Kurodoko.solve(&p, &Limits::default()).0,
        Solved::Solution(_)
    ));
    let p = parse("1 2\n1 -\n");
    let Solved::Solution(s) = Kurodoko.solve(&p, &Limits::default()).0 else {
        panic!("solves");
    };
    assert_eq!(Kurodoko.write_solution(&p, &s), "1 2\n- x\n");
}

#[test]
fn generated_puzzles_are_unique_at_their_level() {
    for level in 0..Kurodoko.info().levels.len() {
        for seed in 1..=3 {
            let options = GenerateOptions::new(7, 7, level).with_seed(seed);
            let g = Kurodoko.generate(&options).expect("generates");
            assert_eq!(g.grade.rank, level, "seed {seed}");
            let Unique::Unique(s) = Kurodoko.uniqueness(&g.puzzle, &Limits::default()).0 else {
                panic!("level {level} seed {seed}: not unique");
            };
            assert_eq!(s, g.solution);
            assert!(Kurodoko.check(&g.puzzle, &s).is_empty());
            // The same seed, the same puzzle.
            assert_eq!(Kurodoko.generate(&options).expect("again").puzzle, g.puzzle);
            // Round trips: text, game ID, puzz.link.
            assert_eq!(parse(&Kurodoko.write(&g.puzzle)), g.puzzle);
            let id = Kurodoko.write_game_id(&g.puzzle).expect("an ID");
            assert_eq!(parse(&id), g.puzzle);
            let url = Kurodoko.to_puzzlink(&g.puzzle).expect("writes").to_string();
            assert_eq!(puzzlink::read(&Kurodoko, &url).expect("reads"), g.puzzle);
        }
    }
}

#[test]
fn steps_speak_the_rules_of_the_docs_page() {
    let names: Vec<&str> = Kurodoko.rules().iter().map(|r| r.name).collect();
    for text in [PZPRJS, TATHAM] {
        let p = parse(text);
        let e = Kurodoko.explain(&p, &Limits::default()).expect("explains");
        assert!(!e.steps.is_empty());
        for step in &e.steps {
            assert!(names.contains(&step.rule.as_str()), "{}", step.text);
            for word in ["clause", "sight", "connected:", "= 1", "= 0"] {
                assert!(!step.text.contains(word), "{}", step.text);
            }
        }
    }
    let p = parse(PZPRJS);
    let svg = Kurodoko.render(&p, None, &RenderOptions::default());
    assert!(svg.contains(">7<") && svg.contains(">4<"));
}

fn small_puzzle() -> impl Strategy<Value = KurodokoPuzzle> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| {
        let max = (rows + cols - 1) as u32;
        proptest::collection::vec(
            prop_oneof![3 => Just(None), 1 => (1u32..=max).prop_map(Some)],
            rows * cols,
        )
        .prop_map(move |clues| KurodokoPuzzle::new(rows, cols, clues).expect("sizes"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The model counts what the rules allow, and every solution it gives
    /// passes the checker.
    #[test]
    fn the_model_counts_what_brute_force_counts(p in small_puzzle()) {
        let (count, _) = Kurodoko.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, brute_force(&p));
        if let Solved::Solution(s) = Kurodoko.solve(&p, &Limits::default()).0 {
            prop_assert!(Kurodoko.check(&p, &s).is_empty());
        }
    }
}
