//! Heyawake: formats (janko.at text layout, puzz.link), the rule checker,
//! the model against an independent brute-force counter, the ladder and
//! the generator.

use gridcsp_puzzles::families::heyawake::{Heyawake, HeyawakePuzzle};
use gridcsp_puzzles::families::shading::{Regions, Shading};
use gridcsp_puzzles::{
    Cell, Family, GenerateOptions, Limits, RenderOptions, Solved, Unique, puzzlink,
};
use proptest::prelude::*;

/// The example of pzprjs's tests (`test/script/heyawake.js` of
/// robx/pzprjs, puzz.link's source): URL `6/6/lll155007rs12222j`, its
/// rooms and numbers as that script's boards draw them, and the solution
/// the same script checks as correct.
const PZPRJS: &str = "6 6
2 2 - 2 - 2
- - - - - -
- - - - - -
- - - - - -
- - - - - -
- - - - - -
1 2 2 3 3 4
1 2 2 3 3 4
1 2 2 3 3 4
5 5 5 5 5 4
6 6 6 7 7 4
6 6 6 7 7 8
";
const PZPRJS_URL: &str = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j";
const PZPRJS_SOLUTION: &str = "6 6
x - x - - x
- - - x - -
x - x - x -
- - - - - -
- x - x - x
- - x - - -
";

fn parse(text: &str) -> HeyawakePuzzle {
    Heyawake
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Whether a shading keeps the rules, written apart from the family (no
/// csp-core): room numbers, shaded cells apart, unshaded cells connected,
/// and every maximal straight run of unshaded cells crossing at most one
/// room border.
fn keeps_rules(p: &HeyawakePuzzle, s: &[bool]) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    let room = |i: usize| p.rooms().labels()[i];
    for i in 0..n {
        if let Some(k) = p.clue(Cell::new(i / cols, i % cols)) {
            let got = (0..n).filter(|&j| room(j) == room(i) && s[j]).count();
            if got != k as usize {
                return false;
            }
        }
        if s[i] && ((i % cols + 1 < cols && s[i + 1]) || (i + cols < n && s[i + cols])) {
            return false;
        }
    }
    // Straight runs: walk each line, counting borders since the last
    // shaded cell.
    let lines = (0..rows)
        .map(|r| (0..cols).map(|c| r * cols + c).collect::<Vec<_>>())
        .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()));
    for line in lines {
        let mut borders = 0;
        for w in line.windows(2) {
            if s[w[0]] || s[w[1]] {
                borders = 0;
            } else if room(w[0]) != room(w[1]) {
                borders += 1;
                if borders > 1 {
                    return false;
                }
            }
        }
    }
    let Some(start) = (0..n).find(|&i| !s[i]) else {
        return true;
    };
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = (i / cols, i % cols);
        let near = [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ];
        for j in near.into_iter().flatten() {
            if !s[j] && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    (0..n).all(|i| s[i] || seen[i])
}

/// Counts solutions over every shading (grids of at most 16 cells).
fn brute_force(p: &HeyawakePuzzle) -> u64 {
    let n = p.rows() * p.cols();
    (0u32..1 << n)
        .filter(|&b| {
            let s: Vec<bool> = (0..n).map(|i| b >> i & 1 == 1).collect();
            keeps_rules(p, &s)
        })
        .count() as u64
}

fn solves_to(p: &HeyawakePuzzle, solution: &str) -> Shading {
    let Unique::Unique(s) = Heyawake.uniqueness(p, &Limits::default()).0 else {
        panic!("unique");
    };
    assert_eq!(Heyawake.write_solution(p, &s), solution);
    assert_eq!(Heyawake.parse_solution(p, solution), Ok(s.clone()));
    assert!(Heyawake.check(p, &s).is_empty());
    s
}

#[test]
fn the_pzprjs_example_has_its_published_solution() {
    let p = parse(PZPRJS);
    assert_eq!(Heyawake.write(&p), PZPRJS);
    solves_to(&p, PZPRJS_SOLUTION);
    let from_url = puzzlink::read(&Heyawake, PZPRJS_URL).expect("reads");
    assert_eq!(from_url, p);
    assert_eq!(
        Heyawake.to_puzzlink(&p).expect("writes").to_string(),
        PZPRJS_URL
    );
}

#[test]
fn rooms_are_any_tokens_and_numbers_any_cell_of_the_room() {
    // Room names as letters, the 2 of the first room in its last cell.
    let letters = "6 6
- 2 - 2 - 2
- - - - - -
2 - - - - -
- - - - - -
- - - - - -
- - - - - -
a  b  b  c  c  d
a  b  b  c  c  d
a  b  b  c  c  d
e  e  e  e  e  d
f  f  f  gg gg d
f  f  f  gg gg h
";
    let p = parse(letters);
    assert_eq!(p.clue(Cell::new(2, 0)), Some(2));
    assert_eq!(p.rooms(), parse(PZPRJS).rooms());
    solves_to(&p, PZPRJS_SOLUTION);
    // puzz.link keeps the number in the room's top cell.
    assert_eq!(
        Heyawake.to_puzzlink(&p).expect("writes").to_string(),
        PZPRJS_URL
    );
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(PZPRJS);
    let check = |rows: &str| {
        let s = Heyawake
            .parse_solution(&p, &format!("6 6\n{rows}"))
            .expect("reads");
        Heyawake
            .check(&p, &s)
            .into_iter()
            .map(|v| v.rule)
            .collect::<Vec<_>>()
    };
    // pzprjs's own failing boards: two shaded cells touching, the
    // unshaded cells cut apart, a room with the wrong count, a line of
    // unshaded cells across three rooms.
    let touch =
        check("- - - - - -\n- - - - - -\n- x - - - -\n- x - - - -\n- - - - - -\n- - - - - -\n");
    assert!(touch.iter().any(|r| r.contains("touch")), "{touch:?}");
    let split =
        check("- x - - - -\nx - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n");
    assert!(split.iter().any(|r| r.contains("parts")), "{split:?}");
    let count =
        check("x - - - - -\n- - - x - -\nx - x - x -\n- x - - - -\n- - - - - -\n- - - - - -\n");
    assert!(
        count
            .iter()
            .any(|r| r.contains("the room of the 2 at r1c2 holds 1")),
        "{count:?}"
    );
    let borders =
        check("x - x - - x\n- - - x - -\nx - x - x -\n- - - - - -\n- x - x - x\n- - - - - -\n");
    assert_eq!(
        borders,
        vec!["a line of unshaded cells crosses two room borders".to_owned()]
    );
}

#[test]
fn bad_input_names_the_line_and_column() {
    let err = Heyawake
        .parse("2 2\n- a\n- -\n1 1\n2 2\n")
        .expect_err("a letter");
    assert_eq!((err.line, err.column), (Some(2), Some(3)), "{err}");
    let err = Heyawake
        .parse("2 2\n1 1\n- -\n1 1\n2 2\n")
        .expect_err("two numbers in a room");
    assert_eq!((err.line, err.column), (Some(2), Some(3)), "{err}");
    let err = Heyawake.parse("2 2\n- -\n- -\n1 1\n").expect_err("short");
    assert_eq!(err.line, Some(5), "{err}");
    let err = Heyawake
        .parse("2 2\n- -\n- -\n1 1 1\n2 2\n")
        .expect_err("a long row");
    assert_eq!(err.line, Some(4), "{err}");
    assert!(puzzlink::read(&Heyawake, "https://puzz.link/p?heyawake/2/2/00.").is_err());
    assert!(puzzlink::read(&Heyawake, "https://puzz.link/p?heyawake/2/2/00-ff").is_err());
}

#[test]
fn a_room_that_cannot_hold_its_number_is_named() {
    let p = parse("2 2\n3 -\n- -\nA A\nA A\n");
    assert_eq!(Heyawake.check_givens(&p).len(), 1);
    assert!(matches!(
        Heyawake.solve(&p, &Limits::default()).0,
        Solved::Unsolvable
    ));
}

/// A generated puzzle of `size` at `level`: of that level, its solution
/// the only one, keeping the rules.
fn generated_at(size: usize, level: usize, seed: u64) {
    let options = GenerateOptions::new(size, size, level).with_seed(seed);
    let g = Heyawake.generate(&options).expect("generates");
    assert_eq!(g.grade.rank, level, "{size}x{size} seed {seed}");
    assert_eq!(
        Heyawake.grade(&g.puzzle, &Limits::default()).unwrap().rank,
        level
    );
    let Unique::Unique(s) = Heyawake.uniqueness(&g.puzzle, &Limits::default()).0 else {
        panic!("{size}x{size} level {level} seed {seed}: not unique");
    };
    assert_eq!(s, g.solution);
    assert!(Heyawake.check(&g.puzzle, &s).is_empty());
}

/// 10x10 used to give up at both levels: its planted shadings failed.
#[test]
fn generates_10x10_at_every_level() {
    for level in 0..Heyawake.info().levels.len() {
        generated_at(10, level, 1);
    }
}

/// The sizes players use: 15x15 at every level.
#[test]
#[ignore = "slow in a debug build"]
fn generates_15x15_at_every_level() {
    for level in 0..Heyawake.info().levels.len() {
        generated_at(15, level, 2);
    }
}

#[test]
fn generated_puzzles_are_unique_at_their_level() {
    for level in 0..Heyawake.info().levels.len() {
        for seed in 1..=3 {
            let options = GenerateOptions::new(7, 7, level).with_seed(seed);
            let g = Heyawake.generate(&options).expect("generates");
            assert_eq!(g.grade.rank, level, "seed {seed}");
            let Unique::Unique(s) = Heyawake.uniqueness(&g.puzzle, &Limits::default()).0 else {
                panic!("level {level} seed {seed}: not unique");
            };
            assert_eq!(s, g.solution);
            assert!(Heyawake.check(&g.puzzle, &s).is_empty());
            assert_eq!(Heyawake.generate(&options).expect("again").puzzle, g.puzzle);
            assert_eq!(parse(&Heyawake.write(&g.puzzle)), g.puzzle);
            let url = Heyawake.to_puzzlink(&g.puzzle).expect("writes").to_string();
            let back = puzzlink::read(&Heyawake, &url).expect("reads");
            assert_eq!(back.rooms(), g.puzzle.rooms());
            assert!(matches!(
                Heyawake.uniqueness(&back, &Limits::default()).0,
                Unique::Unique(t) if t == s
            ));
        }
    }
}

#[test]
fn steps_speak_the_rules_of_the_docs_page() {
    let names: Vec<&str> = Heyawake.rules().iter().map(|r| r.name).collect();
    let p = parse(PZPRJS);
    let e = Heyawake.explain(&p, &Limits::default()).expect("explains");
    assert!(!e.steps.is_empty());
    for step in &e.steps {
        assert!(names.contains(&step.rule.as_str()), "{}", step.text);
        for word in ["clause", "count", "connected:", "= 1", "= 0"] {
            assert!(!step.text.contains(word), "{}", step.text);
        }
    }
    let svg = Heyawake.render(&p, None, &RenderOptions::default());
    assert!(svg.contains(">2<"));
}

fn small_puzzle() -> impl Strategy<Value = HeyawakePuzzle> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        (
            proptest::collection::vec(0u64..4, n),
            proptest::collection::vec(
                prop_oneof![2 => Just(None), 1 => (0u32..=3).prop_map(Some)],
                n,
            ),
        )
            .prop_map(move |(labels, numbers)| {
                // At most one number per room: the first cell's.
                let mut clues = vec![None; n];
                let mut done: Vec<u64> = Vec::new();
                for i in 0..n {
                    if numbers[i].is_some() && !done.contains(&labels[i]) {
                        done.push(labels[i]);
                        clues[i] = numbers[i];
                    }
                }
                let rooms = Regions::new(rows, cols, labels).expect("sizes");
                HeyawakePuzzle::new(rows, cols, clues, rooms).expect("one number a room")
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The model counts what the rules allow, and every solution it gives
    /// passes the checker.
    #[test]
    fn the_model_counts_what_brute_force_counts(p in small_puzzle()) {
        let (count, _) = Heyawake.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, brute_force(&p));
        if let Solved::Solution(s) = Heyawake.solve(&p, &Limits::default()).0 {
            prop_assert!(Heyawake.check(&p, &s).is_empty());
        }
    }
}
