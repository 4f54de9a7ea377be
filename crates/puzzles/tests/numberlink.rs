//! Numberlink: formats (janko.at text layout, puzz.link), the rule
//! checker, the model against a brute-force count over every set of lines
//! checked by the checker alone, the ladder and the generator.

use gridcsp_puzzles::families::numberlink::{Numberlink, NumberlinkPuzzle};
use gridcsp_puzzles::{
    Cell, Family, GenerateOptions, Limits, RenderOptions, Solved, Unique, puzzlink,
};

fn parse(text: &str) -> NumberlinkPuzzle {
    Numberlink
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn solves_to(p: &NumberlinkPuzzle, solution: &str) {
    let Unique::Unique(s) = Numberlink.uniqueness(p, &Limits::default()).0 else {
        panic!("unique");
    };
    assert_eq!(Numberlink.write_solution(p, &s), solution);
    assert_eq!(Numberlink.parse_solution(p, solution), Ok(s.clone()));
    assert!(Numberlink.check(p, &s).is_empty());
}

/// Worked by hand: the 1 at r1c1 can only leave south (east is the 2),
/// and the 2 at r1c2 only east (its other sides are 1s); each line then
/// has one way on.
const SMALL: &str = "2 3\n1 2 -\n- 1 2\n";
const SMALL_SOLUTION: &str = "2 3\ns  e  sw\nne w  n\n";

/// The example of pzprjs's tests (`test/script/numlin.js` of robx/pzprjs,
/// puzz.link's source): URL `5/5/1j2h3m1h2j3`, with the answer that
/// script accepts (its last board, typed in from its lines): the 1 down
/// column 2, the 3 down column 4, the 2 around everything else.
const PZPRJS_URL: &str = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3";
const PZPRJS: &str = "5 5\n1 - - - -\n2 - - 3 -\n- - - - -\n- 1 - - 2\n- - - - 3\n";
const PZPRJS_SOLUTION: &str =
    "5 5\ne  sw se ew sw\ns  ns ns s  ns\nns ns ns ns ns\nns n  ns ns n\nne ew nw ne w\n";

#[test]
fn hand_checked_puzzles_have_their_solutions() {
    let small = parse(SMALL);
    assert_eq!(Numberlink.write(&small), SMALL);
    solves_to(&small, SMALL_SOLUTION);
    let pzprjs = parse(PZPRJS);
    solves_to(&pzprjs, PZPRJS_SOLUTION);
    let grade = |p: &NumberlinkPuzzle| {
        Numberlink
            .grade(p, &Limits::default())
            .expect("grades")
            .level
    };
    assert_eq!(grade(&small), "easy");
}

#[test]
fn the_pzprjs_example_reads_and_writes_back() {
    let p = puzzlink::read(&Numberlink, PZPRJS_URL).expect("reads");
    assert_eq!(p, parse(PZPRJS));
    assert_eq!(
        Numberlink.to_puzzlink(&p).expect("writes").to_string(),
        PZPRJS_URL
    );
    // A number in one cell, and a `?`, are errors.
    assert!(puzzlink::read(&Numberlink, "https://puzz.link/p?numlin/2/2/1i").is_err());
    assert!(puzzlink::read(&Numberlink, "https://puzz.link/p?numlin/2/2/.h.").is_err());
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(SMALL);
    let check = |rows: &str| {
        let s = Numberlink
            .parse_solution(&p, &format!("2 3\n{rows}"))
            .expect("reads");
        Numberlink
            .check(&p, &s)
            .into_iter()
            .map(|v| (v.rule, v.cells))
            .collect::<Vec<_>>()
    };
    assert!(check("s  e  sw\nne w  n\n").is_empty());
    // A line r2c1 does not draw back from r2c2: path broken at r2c2,
    // nothing else checked.
    let v = check("s  e  sw\nn  w  n\n");
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].0.starts_with("path broken"), "{v:?}");
    assert_eq!(v[0].1, vec![Cell::new(1, 1)]);
    // Numbers not joined.
    let v = check("s  -  -\nne w  -\n");
    assert!(
        v.iter().any(|(r, c)| r.starts_with("number not joined")
            && c == &vec![Cell::new(0, 1), Cell::new(1, 2)]),
        "{v:?}"
    );
    // The 1 at r1c1 and the 2 at r1c2 joined, the other two too.
    let v = check("e  w  -\n-  e  w\n");
    let joined: Vec<_> = v
        .iter()
        .filter(|(r, _)| r.starts_with("two numbers joined"))
        .collect();
    assert_eq!(joined.len(), 2, "{v:?}");
    assert_eq!(joined[0].1, vec![Cell::new(0, 0), Cell::new(0, 1)]);
    // A branch at a number, a path ending on an empty cell, a loop.
    let q = parse("3 3\n1 - 1\n- - -\n- - -\n");
    let check_q = |rows: &str| {
        let s = Numberlink
            .parse_solution(&q, &format!("3 3\n{rows}"))
            .expect("reads");
        Numberlink
            .check(&q, &s)
            .into_iter()
            .map(|v| (v.rule, v.cells))
            .collect::<Vec<_>>()
    };
    let v = check_q("es ew w\nn  -  -\n-  -  -\n");
    assert!(
        v.iter()
            .any(|(r, c)| r.starts_with("branch") && c == &vec![Cell::new(0, 0)]),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|(r, c)| r.starts_with("path broken") && c == &vec![Cell::new(1, 0)]),
        "{v:?}"
    );
    let v = check_q("e  ew w\nse sw -\nne nw -\n");
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].0.starts_with("loop"), "{v:?}");
    assert_eq!(v[0].1.len(), 4);
}

#[test]
fn bad_input_names_the_line_and_column() {
    let e = Numberlink
        .parse("2 3\n1 - 1\n- a -\n")
        .expect_err("a letter");
    assert_eq!((e.line, e.column), (Some(3), Some(3)), "{e}");
    let e = Numberlink.parse("2 3\n1 - 1\n- 0 -\n").expect_err("zero");
    assert_eq!((e.line, e.column), (Some(3), Some(3)), "{e}");
    let e = Numberlink.parse("2 3\n1 - 2\n- - -\n").expect_err("alone");
    assert_eq!((e.line, e.column), (Some(2), Some(1)), "{e}");
    let e = Numberlink.parse("2 3\n- - -\n").expect_err("short");
    assert_eq!(e.line, Some(3), "{e}");
    let p = parse(SMALL);
    let e = Numberlink
        .parse_solution(&p, "2 3\ns  e  sw\nne q  n\n")
        .expect_err("bad cell");
    assert_eq!((e.line, e.column), (Some(3), Some(4)), "{e}");
}

/// The puzzle of `seed`: a `rows x cols` grid with up to three pairs at
/// pseudo-random cells.
fn small_puzzle(rows: usize, cols: usize, seed: u64) -> NumberlinkPuzzle {
    let n = rows * cols;
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m as u64) as usize
    };
    let mut numbers = vec![None; n];
    let pairs = 1 + next(3);
    for k in 0..pairs as u32 {
        for _ in 0..2 {
            let free: Vec<usize> = (0..n).filter(|&i| numbers[i].is_none()).collect();
            numbers[free[next(free.len())]] = Some(k + 1);
        }
    }
    NumberlinkPuzzle::new(rows, cols, numbers).expect("a puzzle")
}

/// The number of sets of lines that the checker accepts, by trying every
/// set: the solutions by the rules alone.
fn brute_count(p: &NumberlinkPuzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let mut sides = Vec::new();
    for r in 0..rows {
        for c in 0..cols - 1 {
            sides.push((r, c, 'e', 'w', r, c + 1));
        }
    }
    for r in 0..rows - 1 {
        for c in 0..cols {
            sides.push((r, c, 's', 'n', r + 1, c));
        }
    }
    let mut count = 0;
    for bits in 0u32..1 << sides.len() {
        let mut cells = vec![String::new(); rows * cols];
        for (k, &(r, c, a, b, r2, c2)) in sides.iter().enumerate() {
            if bits >> k & 1 == 1 {
                cells[r * cols + c].push(a);
                cells[r2 * cols + c2].push(b);
            }
        }
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            let row: Vec<&str> = (0..cols)
                .map(|c| match cells[r * cols + c].as_str() {
                    "" => "-",
                    t => t,
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let Ok(s) = Numberlink.parse_solution(p, &text) else {
            continue; // a cell with a letter twice cannot happen
        };
        if Numberlink.check(p, &s).is_empty() {
            count += 1;
        }
    }
    count
}

#[test]
fn the_model_counts_what_the_checker_accepts() {
    for (rows, cols) in [(2, 3), (3, 3), (2, 4)] {
        for seed in 1..=12 {
            let p = small_puzzle(rows, cols, seed);
            let (count, _) = Numberlink.count(&p, None, &Limits::default());
            assert_eq!(count.count, brute_count(&p), "{}", Numberlink.write(&p));
        }
    }
}

#[test]
fn generated_puzzles_are_unique_at_their_level() {
    for level in 0..Numberlink.info().levels.len() {
        for seed in 1..=2 {
            let options = GenerateOptions::new(5, 5, level).with_seed(seed);
            let g = Numberlink.generate(&options).expect("generates");
            assert_eq!(g.grade.rank, level, "seed {seed}");
            let Unique::Unique(s) = Numberlink.uniqueness(&g.puzzle, &Limits::default()).0 else {
                panic!("level {level} seed {seed}: not unique");
            };
            assert_eq!(s, g.solution);
            assert!(Numberlink.check(&g.puzzle, &s).is_empty());
            assert_eq!(
                Numberlink.generate(&options).expect("again").puzzle,
                g.puzzle
            );
            assert_eq!(parse(&Numberlink.write(&g.puzzle)), g.puzzle);
            let url = Numberlink
                .to_puzzlink(&g.puzzle)
                .expect("writes")
                .to_string();
            assert_eq!(puzzlink::read(&Numberlink, &url).expect("reads"), g.puzzle);
        }
    }
}

#[test]
fn steps_speak_the_rules_of_the_docs_page() {
    let names: Vec<&str> = Numberlink.rules().iter().map(|r| r.name).collect();
    for text in [SMALL, PZPRJS] {
        let p = parse(text);
        let e = Numberlink
            .explain(&p, &Limits::default())
            .expect("explains");
        assert!(!e.steps.is_empty());
        for step in &e.steps {
            assert!(names.contains(&step.rule.as_str()), "{}", step.text);
            for word in ["clause", "linear", "acyclic", "paths:", "= 1", "= 0"] {
                assert!(!step.text.contains(word), "{}", step.text);
            }
        }
    }
    let e = Numberlink
        .explain(&parse(SMALL), &Limits::default())
        .expect("explains");
    assert!(
        e.steps
            .iter()
            .any(|s| s.text.contains("the 1 at r1c1 can only leave south")),
        "{:?}",
        e.steps.iter().map(|s| &s.text).collect::<Vec<_>>()
    );
    let svg = Numberlink.render(&parse(SMALL), None, &RenderOptions::default());
    assert!(svg.contains(">2<"));
    let Solved::Solution(s) = Numberlink.solve(&parse(SMALL), &Limits::default()).0 else {
        panic!("solvable");
    };
    let solved = Numberlink.render(&parse(SMALL), Some(&s), &RenderOptions::default());
    assert!(solved.contains("class=\"loop\""));
}
