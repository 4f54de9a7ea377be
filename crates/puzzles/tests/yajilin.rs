//! Yajilin: formats (janko.at text layout, puzz.link), the rule checker,
//! the model against an independent brute-force counter over every set
//! of loop steps, the ladder and the generator.

use gridcsp_puzzles::families::yajilin::{Arrow, Given, Yajilin, YajilinPuzzle};
use gridcsp_puzzles::{
    Cell, Family, GenerateOptions, Limits, RenderOptions, Solved, Unique, puzzlink,
};
use proptest::prelude::*;

fn parse(text: &str) -> YajilinPuzzle {
    Yajilin
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn solves_to(p: &YajilinPuzzle, solution: &str) {
    let Unique::Unique(s) = Yajilin.uniqueness(p, &Limits::default()).0 else {
        panic!("unique");
    };
    assert_eq!(Yajilin.write_solution(p, &s), solution);
    assert_eq!(Yajilin.parse_solution(p, solution), Ok(s.clone()));
    assert!(Yajilin.check(p, &s).is_empty());
}

/// Worked by hand: the clue in the middle keeps the loop off it, and a
/// shaded cell of the ring would leave both its ring neighbours a single
/// way on (so shaded, and touching it): the loop is the ring.
const RING: &str = "3 3\n- - -\n- 0n -\n- - -\n";
const RING_SOLUTION: &str = "3 3\nse ew sw\nns -  ns\nne ew nw\n";

/// Worked by hand: r1c1 and r3c1 have one way on (the clue blocks the
/// other), so they are shaded; r1c2 and r3c2 then go on through r2c2; of
/// r2c3 and r2c4, the one the clue shades is r2c3 (r2c4 shaded would
/// leave r1c4 a dead end).
const ARROW: &str = "3 4\n- - - -\n1e - - -\n- - - -\n";
const ARROW_SOLUTION: &str = "3 4\nx  se ew sw\n-  ns x  ns\nx  ne ew nw\n";

/// The example of pzprjs's tests (`test/script/yajilin.js` of robx/pzprjs,
/// puzz.link's source): URL `5/5/m32j10`, a 2 pointing left and a 0
/// pointing up.
const PZPRJS_URL: &str = "https://puzz.link/p?yajilin/5/5/m32j10";
const PZPRJS: &str = "5 5\n- - - - -\n- - - - -\n- - - 2w -\n- - - - -\n- - - - 0n\n";

#[test]
fn hand_checked_puzzles_have_their_solutions() {
    let ring = parse(RING);
    assert_eq!(Yajilin.write(&ring), RING);
    solves_to(&ring, RING_SOLUTION);
    let arrow = parse(ARROW);
    solves_to(&arrow, ARROW_SOLUTION);
    // The loop's own rules settle the ring; the arrow puzzle needs a
    // trial, as worked by hand above (shading r2c4 fails a step later).
    let grade = |p: &YajilinPuzzle| Yajilin.grade(p, &Limits::default()).expect("grades").level;
    assert_eq!(grade(&arrow), "hard");
    assert_eq!(grade(&ring), "easy");
}

#[test]
fn the_pzprjs_example_reads_and_writes_back() {
    let p = puzzlink::read(&Yajilin, PZPRJS_URL).expect("reads");
    assert_eq!(p, parse(PZPRJS));
    assert_eq!(
        Yajilin.to_puzzlink(&p).expect("writes").to_string(),
        PZPRJS_URL
    );
    let Solved::Solution(s) = Yajilin.solve(&p, &Limits::default()).0 else {
        panic!("solvable");
    };
    assert!(Yajilin.check(&p, &s).is_empty());
    // The `b` flag only greys the clue cells; `yajirin` is the old name;
    // a number without an arrow constrains nothing (a black cell).
    let b = puzzlink::read(&Yajilin, "https://puzz.link/p?yajirin/b/5/5/m32j10").expect("reads");
    assert_eq!(b, p);
    let q = puzzlink::read(&Yajilin, "https://puzz.link/p?yajilin/2/2/02c").expect("reads");
    assert_eq!(q.given(Cell::new(0, 0)), Given::Black);
    assert!(puzzlink::read(&Yajilin, "https://puzz.link/p?yajilin/2/2/4f").is_err());
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(ARROW);
    let check = |rows: &str| {
        let s = Yajilin
            .parse_solution(&p, &format!("3 4\n{rows}"))
            .expect("reads");
        Yajilin
            .check(&p, &s)
            .into_iter()
            .map(|v| (v.rule, v.cells))
            .collect::<Vec<_>>()
    };
    // The clue sees no shaded cell, and r1c1 and r3c1 are blank.
    let v = check("-  se ew sw\n-  ns ns ns\n-  ne nw ns\n");
    assert!(!v.is_empty());
    let v = check("x  se ew sw\n-  ns -  ns\nx  ne ew nw\n");
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(v[0].0.contains("shaded or on the loop"), "{v:?}");
    assert_eq!(v[0].1, vec![Cell::new(1, 2)]);
    assert!(v[1].0.contains("sees 0 shaded cells right"), "{v:?}");
    // Two shaded cells touch (and the loop is broken at r1c4).
    let v = check("x  se ew x \n-  ns x  ns\nx  ne ew nw\n");
    assert!(
        v.iter().any(|(r, _)| r.contains("entering and leaving")),
        "{v:?}"
    );
    let v = check("x  x  se sw\n-  x  ns ns\nx  x  ne nw\n");
    assert!(v.iter().any(|(r, _)| r.contains("touch")), "{v:?}");
    // A clue cell on the loop.
    let v = check("x  se ew sw\nse nw x  ns\nne ew ew nw\n");
    assert!(
        v.iter()
            .any(|(r, c)| r.contains("clue") && c == &vec![Cell::new(1, 0)]),
        "{v:?}"
    );
}

#[test]
fn bad_input_names_the_line_and_column() {
    let e = Yajilin.parse("2 3\n- 2 -\n- - -\n").expect_err("no arrow");
    assert_eq!((e.line, e.column), (Some(2), Some(3)), "{e}");
    let e = Yajilin
        .parse("2 3\n- - -\n- - 1d\n")
        .expect_err("no such arrow");
    assert_eq!((e.line, e.column), (Some(3), Some(5)), "{e}");
    let e = Yajilin.parse("2 3\n- - -\n").expect_err("short");
    assert_eq!(e.line, Some(3), "{e}");
    let e = Yajilin
        .parse("2 3\n- - - -\n- - -\n")
        .expect_err("long row");
    assert_eq!(e.line, Some(2), "{e}");
    let p = parse(ARROW);
    let e = Yajilin
        .parse_solution(&p, "3 4\nx  se ew sw\n-  ns q  ns\nx  ne ew nw\n")
        .expect_err("bad cell");
    assert_eq!((e.line, e.column), (Some(3), Some(7)), "{e}");
}

#[test]
fn a_clue_that_cannot_be_met_is_named() {
    let p = parse("1 4\n3e - - -\n");
    assert_eq!(Yajilin.check_givens(&p).len(), 1);
    assert!(matches!(
        Yajilin.solve(&p, &Limits::default()).0,
        Solved::Unsolvable
    ));
    assert!(Yajilin.check_givens(&parse(ARROW)).is_empty());
}

#[test]
fn generated_puzzles_are_unique_at_their_level() {
    for level in 0..Yajilin.info().levels.len() {
        for seed in 1..=3 {
            let options = GenerateOptions::new(6, 6, level).with_seed(seed);
            let g = Yajilin.generate(&options).expect("generates");
            assert_eq!(g.grade.rank, level, "seed {seed}");
            let Unique::Unique(s) = Yajilin.uniqueness(&g.puzzle, &Limits::default()).0 else {
                panic!("level {level} seed {seed}: not unique");
            };
            assert_eq!(s, g.solution);
            assert!(Yajilin.check(&g.puzzle, &s).is_empty());
            assert_eq!(Yajilin.generate(&options).expect("again").puzzle, g.puzzle);
            assert_eq!(parse(&Yajilin.write(&g.puzzle)), g.puzzle);
            let url = Yajilin.to_puzzlink(&g.puzzle).expect("writes").to_string();
            assert_eq!(puzzlink::read(&Yajilin, &url).expect("reads"), g.puzzle);
        }
    }
}

#[test]
fn steps_speak_the_rules_of_the_docs_page() {
    let names: Vec<&str> = Yajilin.rules().iter().map(|r| r.name).collect();
    for text in [RING, ARROW, PZPRJS] {
        let p = parse(text);
        let e = Yajilin.explain(&p, &Limits::default()).expect("explains");
        assert!(!e.steps.is_empty());
        for step in &e.steps {
            assert!(names.contains(&step.rule.as_str()), "{}", step.text);
            for word in ["clause", "count:", "single loop", "= 1", "= 0"] {
                assert!(!step.text.contains(word), "{}", step.text);
            }
        }
    }
    let svg = Yajilin.render(&parse(ARROW), None, &RenderOptions::default());
    assert!(svg.contains(">1<"));
}

/// Whether a set of steps (`horizontal` then `vertical` bits, as
/// `rows x (cols - 1)` and `(rows - 1) x cols`) solves the puzzle, by the
/// rules alone (no csp-core): every cell without a clue has two steps or
/// none, clue cells none, the steps form one loop, cells without steps
/// (shaded) never touch, and each clue sees its count.
fn keeps_rules(p: &YajilinPuzzle, bits: u32) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    let across = rows * (cols - 1);
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut k = 0;
    for r in 0..rows {
        for c in 0..cols - 1 {
            if bits >> k & 1 == 1 {
                adj[r * cols + c].push(r * cols + c + 1);
                adj[r * cols + c + 1].push(r * cols + c);
            }
            k += 1;
        }
    }
    for r in 0..rows - 1 {
        for c in 0..cols {
            if bits >> (across + r * cols + c) & 1 == 1 {
                adj[r * cols + c].push((r + 1) * cols + c);
                adj[(r + 1) * cols + c].push(r * cols + c);
            }
        }
    }
    let given = |i: usize| p.given(Cell::new(i / cols, i % cols));
    for (i, ends) in adj.iter().enumerate() {
        let d = ends.len();
        if d != 0 && (d != 2 || given(i) != Given::Empty) {
            return false;
        }
    }
    let shaded = |i: usize| given(i) == Given::Empty && adj[i].is_empty();
    // One loop.
    let Some(start) = (0..n).find(|&i| !adj[i].is_empty()) else {
        return false;
    };
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        for &j in &adj[i] {
            if !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    if (0..n).any(|i| !adj[i].is_empty() && !seen[i]) {
        return false;
    }
    for i in 0..n {
        if shaded(i)
            && ((i % cols + 1 < cols && shaded(i + 1)) || (i + cols < n && shaded(i + cols)))
        {
            return false;
        }
        if let Given::Clue { count, arrow } = given(i) {
            let (dr, dc) = match arrow {
                Arrow::North => (-1isize, 0isize),
                Arrow::East => (0, 1),
                Arrow::South => (1, 0),
                Arrow::West => (0, -1),
            };
            let (mut r, mut c) = (i / cols, i % cols);
            let mut got = 0;
            while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
                if nr >= rows || nc >= cols {
                    break;
                }
                (r, c) = (nr, nc);
                got += usize::from(shaded(r * cols + c));
            }
            if got != count as usize {
                return false;
            }
        }
    }
    true
}

/// Counts solutions over every set of steps.
fn brute_force(p: &YajilinPuzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let edges = rows * (cols - 1) + (rows - 1) * cols;
    (0u32..1 << edges).filter(|&b| keeps_rules(p, b)).count() as u64
}

fn small_puzzle() -> impl Strategy<Value = YajilinPuzzle> {
    prop_oneof![
        Just((2usize, 2usize)),
        Just((2, 3)),
        Just((3, 3)),
        Just((2, 4)),
        Just((3, 4))
    ]
    .prop_flat_map(|(rows, cols)| {
        let given = prop_oneof![
            6 => Just(Given::Empty),
            1 => Just(Given::Black),
            2 => (0u32..=2, 0usize..4).prop_map(|(count, a)| Given::Clue {
                count,
                arrow: [Arrow::North, Arrow::East, Arrow::South, Arrow::West][a],
            }),
        ];
        proptest::collection::vec(given, rows * cols)
            .prop_map(move |givens| YajilinPuzzle::new(rows, cols, givens).expect("sizes"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The model counts what the rules allow, and every solution it gives
    /// passes the checker and is one of those.
    #[test]
    fn the_model_counts_what_brute_force_counts(p in small_puzzle()) {
        let (count, _) = Yajilin.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, brute_force(&p));
        if let Solved::Solution(s) = Yajilin.solve(&p, &Limits::default()).0 {
            prop_assert!(Yajilin.check(&p, &s).is_empty());
        }
    }
}
