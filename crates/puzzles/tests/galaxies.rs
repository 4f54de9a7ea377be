//! Galaxies: formats (text layout, Tatham Galaxies IDs, puzz.link
//! tentaisho), the rule checker, the model against an independent
//! brute-force counter, the ladder, the generator and Tatham's own
//! puzzles.

use gridcsp_puzzles::families::galaxies::{Dot, Galaxies, GalaxiesPuzzle};
use gridcsp_puzzles::{Family, GenerateOptions, Limits, RenderOptions, Solved, Unique, puzzlink};
use proptest::prelude::*;

/// A 4x4 worked by hand. Dots: between r1c1 and r1c2 (code 1), at the
/// corner of r1c3-r2c4 and of r2c1-r3c2 (code 3), in r3c3 (0), between
/// r3c4 and r4c4 (2), in r4c2 (0). Every cell but r4c1 and r4c3 touches a
/// dot. r4c1's mirror about the corner dot r2c1-r3c2 is r1c2, taken by the
/// first dot; about the others it falls outside the grid, but for the dot
/// in r4c2, whose mirror of r4c1 is r4c3: so both are that dot's.
const HAND: &str = "4 4
1 - 3 -
3 - - -
- - 0 2
- 0 - -
";
const HAND_SOLUTION: &str = "4 4
1 1 2 2
3 3 2 2
3 3 4 5
6 6 6 5
";

/// Whether a labelling keeps the rules, written apart from the family:
/// every label's cells connected, holding the cells of exactly one dot
/// and no cell of another, and closed under the half turn about it.
fn keeps_rules(p: &GalaxiesPuzzle, labels: &[usize]) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    let touch = |d: &Dot| -> Vec<usize> {
        let rs = if d.y % 2 == 1 {
            vec![d.y / 2, d.y / 2 + 1]
        } else {
            vec![d.y / 2]
        };
        let cs = if d.x % 2 == 1 {
            vec![d.x / 2, d.x / 2 + 1]
        } else {
            vec![d.x / 2]
        };
        rs.iter()
            .flat_map(|&r| cs.iter().map(move |&c| r * cols + c))
            .collect()
    };
    let labels_used: std::collections::BTreeSet<usize> = labels.iter().copied().collect();
    for &l in &labels_used {
        let cells: Vec<usize> = (0..n).filter(|&i| labels[i] == l).collect();
        let dots: Vec<&Dot> = p
            .dots()
            .iter()
            .filter(|d| touch(d).iter().any(|&i| labels[i] == l))
            .collect();
        let [d] = dots.as_slice() else { return false };
        if touch(d).iter().any(|&i| labels[i] != l) {
            return false;
        }
        for &i in &cells {
            let (r, c) = (i / cols, i % cols);
            let (Some(mr), Some(mc)) = (d.y.checked_sub(r), d.x.checked_sub(c)) else {
                return false;
            };
            if mr >= rows || mc >= cols || labels[mr * cols + mc] != l {
                return false;
            }
        }
        // Connected: a flood from the first cell reaches them all.
        let mut seen = vec![cells[0]];
        let mut k = 0;
        while k < seen.len() {
            let i = seen[k];
            k += 1;
            let (r, c) = (i / cols, i % cols);
            let mut next = Vec::new();
            if r > 0 {
                next.push(i - cols);
            }
            if r + 1 < rows {
                next.push(i + cols);
            }
            if c > 0 {
                next.push(i - 1);
            }
            if c + 1 < cols {
                next.push(i + 1);
            }
            for j in next {
                if labels[j] == l && !seen.contains(&j) {
                    seen.push(j);
                }
            }
        }
        if seen.len() != cells.len() {
            return false;
        }
    }
    true
}

/// Every labelling of the cells by dot number, counted when it keeps the
/// rules (labellings are the solutions: a dot's galaxy is its label).
fn brute_force(p: &GalaxiesPuzzle) -> u64 {
    let n = p.rows() * p.cols();
    let k = p.dots().len();
    if k == 0 {
        return 0;
    }
    let mut labels = vec![0usize; n];
    let mut count = 0;
    loop {
        // Each dot's label is its number, so a labelling is counted once
        // when dot j's cells carry label j.
        let own = p.dots().iter().enumerate().all(|(j, d)| {
            let (r, c) = (d.y / 2, d.x / 2);
            labels[r * p.cols() + c] == j
        });
        if own && keeps_rules(p, &labels) {
            count += 1;
        }
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            labels[i] += 1;
            if labels[i] < k {
                break;
            }
            labels[i] = 0;
            i += 1;
        }
    }
}

fn parse(text: &str) -> GalaxiesPuzzle {
    Galaxies
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn the_hand_worked_puzzle_has_one_solution() {
    let p = parse(HAND);
    assert_eq!(p.dots().len(), 6);
    let Unique::Unique(s) = Galaxies.uniqueness(&p, &Limits::default()).0 else {
        panic!("not unique");
    };
    assert!(Galaxies.check(&p, &s).is_empty());
    let text = Galaxies.write_solution(&p, &s);
    assert_eq!(text, HAND_SOLUTION);
    assert_eq!(Galaxies.parse_solution(&p, &text).expect("reads back"), s);
    // Any labelling reads: the same cut with other numbers.
    let other = "4 4\n9 9 4 4\n0 0 4 4\n0 0 7 3\n5 5 5 3\n";
    assert_eq!(Galaxies.parse_solution(&p, other).expect("reads"), s);
    assert_eq!(Galaxies.write(&p), HAND);
}

#[test]
fn tathams_generated_puzzles_solve_uniquely_grade_as_he_grades_and_ids_round_trip() {
    let text = include_str!("data/galaxies_tatham.txt");
    let ids: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(ids.len(), 20);
    for id in ids {
        let p = parse(id);
        let plain = id.replace("dn:", ":").replace("du:", ":");
        assert_eq!(Galaxies.write_game_id(&p).as_deref(), Some(plain.as_str()));
        let Unique::Unique(s) = Galaxies.uniqueness(&p, &Limits::default()).0 else {
            panic!("{id}: not unique");
        };
        assert!(Galaxies.check(&p, &s).is_empty(), "{id}");
        let labels: Vec<usize> = s.labels().iter().map(|&l| l as usize).collect();
        assert!(keeps_rules(&p, &labels), "{id}");
        // Graded as his own solver grades it (the level in the params):
        // before the first rung was his Normal solver, five of these ten
        // Unreasonable came out `normal`.
        let grade = Galaxies.grade(&p, &Limits::default()).expect("grades");
        let his = if id.contains("dn:") {
            "normal"
        } else {
            "unreasonable"
        };
        assert_eq!(grade.level, his, "{id}");
        // The text layout and puzz.link carry the same dots.
        assert_eq!(parse(&Galaxies.write(&p)), p, "{id}");
        let url = Galaxies.to_puzzlink(&p).expect("writes").to_string();
        assert_eq!(puzzlink::read(&Galaxies, &url).expect("reads"), p, "{id}");
    }
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse("2 3\n0 - 0\n- - -\n");
    let check = |rows: &str| {
        let s = Galaxies
            .parse_solution(&p, &format!("2 3\n{rows}"))
            .expect("reads");
        Galaxies
            .check(&p, &s)
            .into_iter()
            .map(|v| v.rule)
            .collect::<Vec<_>>()
    };
    assert!(
        check("1 1 2\n1 1 2\n")
            .iter()
            .any(|r| r.contains("not symmetric"))
    );
    let many = check("1 1 1\n1 1 1\n");
    assert!(many.iter().any(|r| r.contains("2 dots")), "{many:?}");
    let none = check("1 3 2\n3 3 2\n");
    assert!(none.iter().any(|r| r.contains("no dot")), "{none:?}");
    let pieces = check("1 2 2\n2 1 2\n");
    assert!(pieces.iter().any(|r| r.contains("pieces")), "{pieces:?}");
    // Two dots touching one cell break the rules before any solving.
    let clash = parse("2 2\n3 -\n0 -\n");
    assert!(!Galaxies.check_givens(&clash).is_empty());
    assert!(matches!(
        Galaxies.solve(&clash, &Limits::default()).0,
        Solved::Unsolvable
    ));
}

#[test]
fn bad_input_names_the_line_and_column() {
    let err = Galaxies
        .parse("3 3\n- - -\n- 4 -\n- - -\n")
        .expect_err("a 4");
    assert_eq!((err.line, err.column), (Some(3), Some(3)), "{err}");
    // A dot on the outer border: right edge of the last column.
    let err = Galaxies
        .parse("3 3\n- - -\n- - 1\n- - -\n")
        .expect_err("outside");
    assert_eq!((err.line, err.column), (Some(3), Some(5)), "{err}");
    let err = Galaxies.parse("3 3\n- - -\n- - -\n").expect_err("short");
    assert_eq!(err.line, Some(4), "{err}");
    let err = Galaxies.parse("3x3:al#").expect_err("a stray character");
    assert_eq!((err.line, err.column), (Some(1), Some(7)), "{err}");
    // pzprjs's own tentaisho example has a hole in r1c5 (its Empty bits).
    let err = puzzlink::read(
        &Galaxies,
        "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000",
    )
    .expect_err("a hole");
    assert!(err.message.contains("r1c5"), "{err}");
    // Without the hole its dots read, black ones as any other.
    let p = puzzlink::read(
        &Galaxies,
        "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf",
    )
    .expect("reads");
    assert_eq!(p.dots().len(), 12);
    assert_eq!(p.dots()[0], Dot { y: 0, x: 0 });
    assert_eq!(p.dots()[11], Dot { y: 8, x: 6 });
}

#[test]
fn generated_puzzles_are_unique_at_their_level() {
    for level in 0..Galaxies.info().levels.len() {
        for seed in 1..=2 {
            let options = GenerateOptions::new(7, 7, level).with_seed(seed);
            let g = Galaxies.generate(&options).expect("generates");
            assert_eq!(g.grade.rank, level, "seed {seed}");
            let Unique::Unique(s) = Galaxies.uniqueness(&g.puzzle, &Limits::default()).0 else {
                panic!("level {level} seed {seed}: not unique");
            };
            assert_eq!(s, g.solution);
            assert!(Galaxies.check(&g.puzzle, &s).is_empty());
            assert_eq!(Galaxies.generate(&options).expect("again").puzzle, g.puzzle);
            assert_eq!(parse(&Galaxies.write(&g.puzzle)), g.puzzle);
            let id = Galaxies.write_game_id(&g.puzzle).expect("an ID");
            assert_eq!(parse(&id), g.puzzle);
        }
    }
}

#[test]
fn steps_speak_the_rules_of_the_docs_page() {
    let names: Vec<&str> = Galaxies.rules().iter().map(|r| r.name).collect();
    let p = parse("7x7dn:mekdtvzdrtbbu");
    let e = Galaxies.explain(&p, &Limits::default()).expect("explains");
    assert!(!e.steps.is_empty());
    for step in &e.steps {
        assert!(names.contains(&step.rule.as_str()), "{}", step.text);
        for word in ["clause", "reify", "connected", "= 1", "= 0"] {
            assert!(!step.text.contains(word), "{}", step.text);
        }
    }
    let svg = Galaxies.render(&p, None, &RenderOptions::default());
    assert_eq!(svg.matches("class=\"ring\"").count(), p.dots().len());
}

fn small_puzzle() -> impl Strategy<Value = GalaxiesPuzzle> {
    (1usize..=3, 1usize..=3).prop_flat_map(|(rows, cols)| {
        let points = (2 * rows - 1) * (2 * cols - 1);
        proptest::collection::btree_set(0..points, 1..=3).prop_map(move |at| {
            let dots = at
                .into_iter()
                .map(|s| Dot {
                    y: s / (2 * cols - 1),
                    x: s % (2 * cols - 1),
                })
                .collect();
            GalaxiesPuzzle::new(rows, cols, dots).expect("inside")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The model counts what the rules allow, and every solution it gives
    /// passes the checker; so does the first rung's.
    #[test]
    fn the_model_counts_what_brute_force_counts(p in small_puzzle()) {
        let (count, _) = Galaxies.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, brute_force(&p));
        if let Solved::Solution(s) = Galaxies.solve(&p, &Limits::default()).0 {
            prop_assert!(Galaxies.check(&p, &s).is_empty());
        }
        // The first rung's model (Tatham's Normal reasoning in place of
        // the flags and `connected`) has the same solutions; a model that
        // cannot be built (a cell no dot can take) has none.
        let normal = Galaxies
            .build_for_level(&p, 0)
            .map_or(0, |b| csp_core::Solver::new(&b.model).count(None).count);
        prop_assert_eq!(normal, brute_force(&p));
    }
}

/// Found by the solving fuzzer: a grid with no dot (`7x7:`) was "solved"
/// with every cell in one galaxy, an answer the family's own checker
/// refuses. With no dot there is no galaxy, so no solution, and the
/// givens say why.
#[test]
fn a_grid_without_dots_has_no_solution() {
    let p = Galaxies
        .parse("7x7:")
        .expect("a game ID without dots reads");
    assert!(p.dots().is_empty());
    let (solved, _) = Galaxies.solve(&p, &Limits::default());
    assert!(matches!(solved, Solved::Unsolvable), "{solved:?}");
    let (unique, _) = Galaxies.uniqueness(&p, &Limits::default());
    assert!(matches!(unique, Unique::None), "{unique:?}");
    let givens = Galaxies.check_givens(&p);
    assert!(givens[0].to_string().contains("no dot"), "{givens:?}");
}
