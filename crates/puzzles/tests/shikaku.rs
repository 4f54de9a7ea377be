//! Shikaku: formats (janko.at layout, Tatham game IDs, puzz.link), the
//! rule checker, the model against an independent tiling counter, the
//! ladder, the steps in words and the generator.

use gridcsp_puzzles::families::shading::Regions;
use gridcsp_puzzles::families::shikaku::{Shikaku, ShikakuPuzzle};
use gridcsp_puzzles::puzzlink;
use gridcsp_puzzles::{Family, GenerateOptions, Hint, Limits, Solved, Unique};
use proptest::prelude::*;

/// pzprjs's Shikaku test puzzle (robx/pzprjs, `test/script/shikaku.js`),
/// with the answer that file accepts, its borders read off as regions.
const PZPRJS_URL: &str = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j";
const PZPRJS: &str = "6 6
- - - - 3 -
5 6 - - 6 -
- - - - - -
- - - - - -
- 6 - - 2 3
- 5 - - - -
";
const PZPRJS_SOLUTION: &str = "6 6
1 2 2 3 3 3
1 2 2 4 4 4
1 2 2 4 4 4
1 5 5 5 6 7
1 5 5 5 6 7
8 8 8 8 8 7
";

fn parse(text: &str) -> ShikakuPuzzle {
    Shikaku
        .parse(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn solve(p: &ShikakuPuzzle) -> Regions {
    match Shikaku.solve(p, &Limits::default()).0 {
        Solved::Solution(s) => s,
        other => panic!("not solved: {other:?}"),
    }
}

#[test]
fn the_pzprjs_puzzle_has_its_published_answer() {
    let from_url = puzzlink::read(&Shikaku, PZPRJS_URL).unwrap();
    let p = parse(PZPRJS);
    assert_eq!(from_url, p);
    assert_eq!(Shikaku.write(&p), PZPRJS);
    let s = solve(&p);
    assert_eq!(Shikaku.write_solution(&p, &s), PZPRJS_SOLUTION);
    assert!(Shikaku.check(&p, &s).is_empty());
    assert!(matches!(
        Shikaku.uniqueness(&p, &Limits::default()).0,
        Unique::Unique(_)
    ));
    assert_eq!(Shikaku.to_puzzlink(&p).unwrap().to_string(), PZPRJS_URL);
    // Any labelling reads, and reads back equal to the solver's.
    let relabelled =
        "6 6\n9 0 0 3 3 3\n9 0 0 4 4 4\n9 0 0 4 4 4\n9 5 5 5 6 7\n9 5 5 5 6 7\n80 80 80 80 80 7\n";
    assert_eq!(Shikaku.parse_solution(&p, relabelled).unwrap(), s);
}

#[test]
fn tatham_ids_read_and_write() {
    let p = parse(PZPRJS);
    let id = Shikaku.write_game_id(&p).unwrap();
    assert_eq!(id, "6x6:d3a5_6b6n6b2_3a5d");
    assert_eq!(parse(&id), p);
    // His parameters (expansion factor, "not unique") are read and left.
    assert_eq!(parse("6x6e4a:d3a5_6b6n6b2_3a5d"), p);
    // Numbers in a row are separated by '_'.
    let id = Shikaku.write_game_id(&parse("2 2\n2 2\n- -\n")).unwrap();
    assert_eq!(id, "2x2:2_2b");
}

#[test]
fn broken_rules_are_named() {
    let p = parse(PZPRJS);
    let bad = |text: &str| {
        let s = Shikaku.parse_solution(&p, text).unwrap();
        Shikaku
            .check(&p, &s)
            .into_iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    };
    // The 3 at r1c5 and the 6 below it in one 9-cell rectangle.
    let two =
        bad("6 6\n1 2 2 3 3 3\n1 2 2 3 3 3\n1 2 2 3 3 3\n1 5 5 5 6 7\n1 5 5 5 6 7\n8 8 8 8 8 7\n");
    assert!(two.contains("holds 2 numbers"), "{two}");
    // An L-shaped area.
    let ell =
        bad("6 6\n1 2 2 3 3 3\n1 2 2 4 4 4\n1 2 2 4 4 4\n1 5 5 5 6 7\n1 5 5 5 6 7\n1 1 8 8 8 7\n");
    assert!(ell.contains("not a rectangle"), "{ell}");
    // A rectangle of the wrong area and one with no number.
    let area =
        bad("6 6\n1 2 2 3 3 3\n1 2 2 4 4 4\n1 2 2 4 4 4\n1 5 5 5 6 7\n1 5 5 5 6 7\n8 8 8 8 9 7\n");
    assert!(area.contains("has 4 cells, not 5"), "{area}");
    assert!(area.contains("holds no number"), "{area}");
}

#[test]
fn bad_input_names_the_line_and_column() {
    let e = Shikaku.parse("2 2\n- 0\n- -\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(3)));
    let e = Shikaku.parse("2 2\n- x\n- -\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(3)));
    let e = Shikaku.parse("2 2\n- 4\n").unwrap_err();
    assert!(e.line.is_some(), "{e}");
    let e = Shikaku.parse("3x2:ab").unwrap_err();
    assert!(e.to_string().contains("covers 3 of the 6"), "{e}");
    let e = puzzlink::read(&Shikaku, "https://puzz.link/p?shikaku/2/2/.h").unwrap_err();
    assert!(e.to_string().contains("r1c1"), "{e}");
    let givens = Shikaku.check_givens(&parse("2 2\n3 -\n- -\n"));
    assert!(givens[0].to_string().contains("add up to 3"), "{givens:?}");
}

#[test]
fn the_steps_name_the_numbers_and_the_rules() {
    let p = parse(PZPRJS);
    let e = Shikaku.explain(&p, &Limits::default()).unwrap();
    assert_eq!(e.grade.level, "easy");
    let text: Vec<&str> = e.steps.iter().map(|s| s.text.as_str()).collect();
    assert!(!text.is_empty());
    for t in &text {
        assert!(
            t.contains("(out of reach)") || t.contains("(covered by every rectangle)"),
            "{t}"
        );
        assert!(!t.contains("placement"), "engine words: {t}");
    }
    assert!(
        text.iter()
            .any(|t| t.contains("is in the rectangle of the 3 at r1c5")),
        "{text:?}"
    );
    match Shikaku.hint(&p, &Limits::default()).unwrap() {
        Hint::Step { step, .. } => assert!(step.placed.is_some(), "{step:?}"),
        other => panic!("{other:?}"),
    }
}

/// Tilings of the grid by rectangles holding one number each, of its area,
/// counted without csp-core: the first free cell (row by row) is the top
/// left corner of its rectangle.
fn tilings(p: &ShikakuPuzzle, limit: usize) -> usize {
    fn go(p: &ShikakuPuzzle, taken: &mut Vec<bool>, limit: usize) -> usize {
        let (rows, cols) = (p.rows(), p.cols());
        let Some(start) = taken.iter().position(|&t| !t) else {
            return 1;
        };
        let (r0, c0) = (start / cols, start % cols);
        let mut total = 0;
        for h in 1..=rows - r0 {
            for w in 1..=cols - c0 {
                let cells: Vec<usize> = (r0..r0 + h)
                    .flat_map(|r| (c0..c0 + w).map(move |c| r * cols + c))
                    .collect();
                if cells.iter().any(|&i| taken[i]) {
                    continue;
                }
                let numbers: Vec<u32> = cells
                    .iter()
                    .filter_map(|&i| p.clue(gridcsp_puzzles::Cell::new(i / cols, i % cols)))
                    .collect();
                if numbers.len() != 1 || numbers[0] as usize != h * w {
                    continue;
                }
                for &i in &cells {
                    taken[i] = true;
                }
                total += go(p, taken, limit - total);
                for &i in &cells {
                    taken[i] = false;
                }
                if total >= limit {
                    return total;
                }
            }
        }
        total
    }
    go(p, &mut vec![false; p.rows() * p.cols()], limit)
}

fn small_puzzle() -> impl Strategy<Value = ShikakuPuzzle> {
    (1..=5usize, 1..=5usize).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            prop::sample::select(vec![
                None,
                None,
                None,
                Some(1u32),
                Some(2),
                Some(3),
                Some(4),
                Some(6),
            ]),
            rows * cols,
        )
        .prop_map(move |clues| ShikakuPuzzle::new(rows, cols, clues).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_model_counts_as_the_tilings_do(p in small_puzzle()) {
        let counted = Shikaku.count(&p, Some(50), &Limits::default()).0.count as usize;
        prop_assert_eq!(counted, tilings(&p, 50));
    }
}

#[test]
fn generated_puzzles_are_unique_and_of_their_level() {
    for (level, seeds) in [(0, 1..=4u64), (1, 1..=2)] {
        for seed in seeds {
            let options = GenerateOptions::new(7, 7, level).with_seed(seed);
            let g = Shikaku.generate(&options).unwrap();
            assert_eq!(g.grade.rank, level, "seed {seed}");
            assert!(Shikaku.check(&g.puzzle, &g.solution).is_empty());
            match Shikaku.uniqueness(&g.puzzle, &Limits::default()).0 {
                Unique::Unique(s) => assert_eq!(s, g.solution),
                other => panic!("seed {seed}: {other:?}"),
            }
            // Seeded: the same puzzle again.
            assert_eq!(Shikaku.generate(&options).unwrap().puzzle, g.puzzle);
        }
    }
}

/// Found by the fuzzer (CI, stop 51): the text layout took a 6 in a 2x2
/// grid that the game ID it wrote then refused, so the puzzle could not be
/// read back from its own ID. Every form now refuses an area larger than
/// the grid.
#[test]
fn an_area_larger_than_the_grid_is_refused_in_every_form() {
    let from_text = Shikaku
        .parse("2\n6 3\n- -\n")
        .expect_err("6 cells in a 2x2 grid");
    assert!(
        from_text.to_string().contains("out of range (1 to 4)"),
        "{from_text}"
    );
    assert!(from_text.to_string().contains("line 2"), "{from_text}");
    let from_id = Shikaku.parse("2x2:6c").expect_err("the same puzzle");
    assert!(
        from_id.to_string().contains("out of range (1 to 4)"),
        "{from_id}"
    );
    let from_url = puzzlink::read(&Shikaku, "https://puzz.link/p?shikaku/2/2/6i")
        .expect_err("the same puzzle");
    assert!(
        from_url.to_string().contains("out of range (1 to 4)"),
        "{from_url}"
    );
    // The largest area the grid holds is still read in every form.
    let p = Shikaku.parse("2\n4 -\n- -\n").expect("one rectangle of 4");
    let id = Shikaku.write_game_id(&p).expect("2x2 has an ID");
    assert_eq!(Shikaku.parse(&id).expect("reads back"), p);
    assert_eq!(solve(&p), solve(&Shikaku.parse(&id).unwrap()));
}
