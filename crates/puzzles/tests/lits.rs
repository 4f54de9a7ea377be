//! LITS: the text layout, the rule checker, the model against a brute
//! force over every shading of small grids, parse errors with line and
//! column, puzz.link, grades, steps naming the shapes, and the generator.

use gridcsp_puzzles::families::lits::{Lits, LitsPuzzle, LitsSolution, Shape};
use gridcsp_puzzles::families::shading::Regions;
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, Solved, Unique};
use proptest::prelude::*;

/// pzprjs's LITS example (`test/script/lits.js` of robx/pzprjs: the URL
/// `lits/4/4/9q02jg` and its solved board), in the text layout.
const PZPRJS: &str = "4 4\n0 0 1 1\n0 0 1 2\n0 1 1 2\n2 2 2 2\n";
/// Its solution as pzprjs draws it (`#` shaded), lettered by shape.
const PZPRJS_SOLUTION: &str = "4 4\nT - L L\nT T L -\nT - L -\nI I I I\n";

fn parse(text: &str) -> LitsPuzzle {
    Lits.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Solutions by brute force: every shading of the grid, kept when the
/// rule checker finds nothing (its letters from the regions' shapes).
fn brute_force(p: &LitsPuzzle) -> u64 {
    let (rows, cols) = (p.rows(), p.cols());
    let n = rows * cols;
    assert!(n <= 20, "brute force is for small grids");
    let mut found = 0;
    let holes: u32 = (0..n)
        .filter(|&i| p.regions().labels()[i] == Regions::HOLE)
        .fold(0, |m, i| m | 1 << i);
    for mask in 0u32..1 << n {
        // A hole is never shaded.
        if mask & holes != 0 {
            continue;
        }
        // Four shaded cells per region, before naming shapes.
        let mut per: std::collections::BTreeMap<u64, usize> = Default::default();
        for i in 0..n {
            if mask >> i & 1 == 1 {
                *per.entry(p.regions().labels()[i]).or_default() += 1;
            }
        }
        let regions: std::collections::BTreeSet<u64> = p
            .regions()
            .labels()
            .iter()
            .copied()
            .filter(|&l| l != Regions::HOLE)
            .collect();
        if regions.iter().any(|l| per.get(l) != Some(&4)) {
            continue;
        }
        let mut cells = vec![None; n];
        for l in &regions {
            let on: Vec<usize> = (0..n)
                .filter(|&i| mask >> i & 1 == 1 && p.regions().labels()[i] == *l)
                .collect();
            let shape = Shape::of(cols, &on);
            for i in on {
                cells[i] = shape.or(Some(Shape::L));
            }
        }
        let s = LitsSolution::new(rows, cols, cells).unwrap();
        if Lits.check(p, &s).is_empty() {
            found += 1;
        }
    }
    found
}

#[test]
fn the_pzprjs_example_has_its_published_solution() {
    let p = parse(PZPRJS);
    let Solved::Solution(s) = Lits.solve(&p, &Limits::default()).0 else {
        panic!("solvable")
    };
    assert_eq!(Lits.write_solution(&p, &s), PZPRJS_SOLUTION);
    assert!(matches!(
        Lits.uniqueness(&p, &Limits::default()).0,
        Unique::Unique(_)
    ));
    assert_eq!(brute_force(&p), 1);
    let read = Lits.parse_solution(&p, PZPRJS_SOLUTION).unwrap();
    assert_eq!(read, s);
    assert!(Lits.check(&p, &read).is_empty());
    // The URL pzprjs gives.
    let url = gridcsp_puzzles::puzzlink::Url::parse("https://puzz.link/p?lits/4/4/9q02jg").unwrap();
    let q = Lits.from_puzzlink(&url).unwrap();
    assert_eq!(Lits.solve(&q, &Limits::default()).0, Solved::Solution(s));
    assert_eq!(
        Lits.to_puzzlink(&q).unwrap().to_string(),
        "https://puzz.link/p?lits/4/4/9q02jg"
    );
}

#[test]
fn the_checker_names_each_broken_rule() {
    let p = parse(PZPRJS);
    let broken = |text: &str| -> Vec<String> {
        let s = Lits.parse_solution(&p, text).unwrap();
        Lits.check(&p, &s).into_iter().map(|v| v.rule).collect()
    };
    // A 2x2 block, region 1 (the text's 0: regions are named from 1 in
    // reading order) holding five.
    let v = broken("4 4\nT T L L\nT T L -\nT - L -\nI I I I\n");
    assert!(v.iter().any(|m| m.contains("2x2")), "{v:?}");
    assert!(
        v.iter().any(|m| m.contains("region 1 must hold 4")),
        "{v:?}"
    );
    // Letters that are not the shape.
    let v = broken("4 4\nL - L L\nL L L -\nL - L -\nI I I I\n");
    assert!(
        v.iter()
            .any(|m| m.contains("region 1 is T-shaped but not marked T")),
        "{v:?}"
    );
    // Two parts.
    let v = broken("4 4\nT - - -\nT T - -\nT - - -\n- - - -\n");
    assert!(
        v.iter().any(|m| m.contains("region 2 must hold 4")),
        "{v:?}"
    );
    // Same shapes touching: an I next to an I.
    let q = parse("4 2\n0 1\n0 1\n0 1\n0 1\n");
    let s = Lits
        .parse_solution(&q, "4 2\nI I\nI I\nI I\nI I\n")
        .unwrap();
    let v: Vec<String> = Lits.check(&q, &s).into_iter().map(|v| v.rule).collect();
    assert!(
        v.iter()
            .any(|m| m.contains("the I of region 1 touches the I of region 2")),
        "{v:?}"
    );
}

#[test]
fn bad_input_names_its_line_and_column() {
    let e = Lits.parse("2 2\n0 0\n0 x\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(3)), "{e}");
    let e = Lits.parse("2 2\n0 0\n").unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    let e = Lits.parse("2 2 1\n0 0\n0 0\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(1), Some(5)), "{e}");
    let p = parse(PZPRJS);
    let e = Lits
        .parse_solution(&p, "4 4\nT - L L\nT T L -\nT - Q -\nI I I I\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(5)), "{e}");
    let e = Lits.parse_solution(&p, "4 5\n").unwrap_err();
    assert_eq!(e.line, Some(1), "{e}");
}

#[test]
fn a_region_without_a_tetromino_is_reported_and_has_no_solution() {
    let p = parse("2 3\n0 0 1\n0 1 1\n");
    let v = Lits.check_givens(&p);
    assert_eq!(v.len(), 2, "{v:?}");
    assert_eq!(Lits.solve(&p, &Limits::default()).0, Solved::Unsolvable);
}

#[test]
fn steps_name_the_shapes_and_the_rules() {
    let p = parse(PZPRJS);
    let e = Lits.explain(&p, &Limits::default()).unwrap();
    assert!(!e.steps.is_empty());
    let text = e.to_string();
    assert!(
        ["an L", "an I", "a T", "an S", "an L or", "an I or"]
            .iter()
            .any(|w| text.contains(w)),
        "{text}"
    );
    for s in &e.steps {
        assert!(Lits.rules().iter().any(|r| r.name == s.rule), "{}", s.text);
    }
    // The text's regions 0, 1 and 2 are a player's regions 1, 2 and 3.
    assert!(!text.contains("region 0"), "{text}");
    assert!(
        text.contains("region 1") || text.contains("region 3"),
        "{text}"
    );
}

/// A generated puzzle of `size` at `level`: of that level, its solution
/// the only one, keeping the rules.
fn generated_at(size: usize, level: usize, seed: u64) {
    let options = GenerateOptions::new(size, size, level).with_seed(seed);
    let made = Lits.generate(&options).unwrap();
    assert_eq!(made.grade.rank, level, "{size}x{size} seed {seed}");
    assert_eq!(
        Lits.grade(&made.puzzle, &Limits::default()).unwrap().rank,
        level
    );
    assert!(Lits.check(&made.puzzle, &made.solution).is_empty());
    match Lits.uniqueness(&made.puzzle, &Limits::default()).0 {
        Unique::Unique(s) => assert_eq!(s, made.solution),
        other => panic!("{size}x{size} level {level} seed {seed}: {other:?}"),
    }
}

/// 8x8 easy used to give up (80 s, release build).
#[test]
#[ignore = "slow in a debug build"]
fn generates_8x8_easy() {
    generated_at(8, 0, 1);
}

#[test]
fn generated_puzzles_are_unique_and_of_their_level() {
    for (level, seed) in [(0, 3), (1, 1)] {
        let options = GenerateOptions::new(6, 6, level).with_seed(seed);
        let made = Lits.generate(&options).unwrap();
        assert_eq!(made.grade.rank, level);
        assert!(Lits.check(&made.puzzle, &made.solution).is_empty());
        match Lits.uniqueness(&made.puzzle, &Limits::default()).0 {
            Unique::Unique(s) => assert_eq!(s, made.solution),
            other => panic!("{other:?}"),
        }
        // The same seed makes the same puzzle.
        assert_eq!(Lits.generate(&options).unwrap().puzzle, made.puzzle);
        // Written and read back.
        assert_eq!(parse(&Lits.write(&made.puzzle)), made.puzzle);
        let url = Lits.to_puzzlink(&made.puzzle).unwrap();
        let back = Lits.from_puzzlink(&url).unwrap();
        assert_eq!(back.regions().labels(), made.puzzle.regions().labels());
    }
}

/// Random regions of a small grid: `k` seeds grown at random.
fn regions(rows: usize, cols: usize, picks: &[usize]) -> Regions {
    let n = rows * cols;
    let mut label = vec![u64::MAX; n];
    let seeds = 1 + picks[0] % 4;
    for s in 0..seeds {
        label[picks[1 + s] % n] = s as u64;
    }
    let mut k = 5;
    while label.contains(&u64::MAX) {
        // Past the picks' use, the cells left join their first neighbour.
        let i = if k < 4 * picks.len() {
            picks[k % picks.len()] % n
        } else {
            (k - 4 * picks.len()) % n
        };
        k += 1;
        if label[i] != u64::MAX {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let near = [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ];
        if let Some(j) = near.into_iter().flatten().find(|&j| label[j] != u64::MAX) {
            label[i] = label[j];
        }
    }
    Regions::new(rows, cols, label).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The same with holes punched in the regions (a region keeps at
    /// least one cell): holes are never shaded, the rest of the rules
    /// hold around them.
    #[test]
    fn the_model_counts_what_the_rules_allow_with_holes(
        tall in any::<bool>(),
        picks in proptest::collection::vec(0usize..1000, 64),
        punch in proptest::collection::vec(0usize..20, 1..4),
    ) {
        let (rows, cols) = if tall { (4, 4) } else { (3, 5) };
        let mut labels = regions(rows, cols, &picks).labels().to_vec();
        for i in punch {
            let i = i % (rows * cols);
            if labels.iter().filter(|&&l| l == labels[i]).count() > 1 {
                labels[i] = Regions::HOLE;
            }
        }
        let p = LitsPuzzle::new(rows, cols, Regions::new(rows, cols, labels).unwrap()).unwrap();
        let want = brute_force(&p);
        let (count, _) = Lits.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, want, "{}", Lits.write(&p));
        if let Solved::Solution(s) = Lits.solve(&p, &Limits::default()).0 {
            prop_assert!(Lits.check(&p, &s).is_empty());
        }
        prop_assert_eq!(parse(&Lits.write(&p)), p);
    }

    /// The model's count is the brute force's on random regions of 4x4
    /// and 3x5 grids, and each solution it gives passes the checker.
    #[test]
    fn the_model_counts_what_the_rules_allow(
        tall in any::<bool>(),
        picks in proptest::collection::vec(0usize..1000, 64),
    ) {
        let (rows, cols) = if tall { (4, 4) } else { (3, 5) };
        let p = LitsPuzzle::new(rows, cols, regions(rows, cols, &picks)).unwrap();
        let want = brute_force(&p);
        let (count, _) = Lits.count(&p, None, &Limits::default());
        prop_assert_eq!(count.count, want, "{}", Lits.write(&p));
        if let Solved::Solution(s) = Lits.solve(&p, &Limits::default()).0 {
            prop_assert!(Lits.check(&p, &s).is_empty());
        }
    }
}

#[test]
fn value_at_is_shading() {
    let p = parse(PZPRJS);
    let s = Lits.parse_solution(&p, PZPRJS_SOLUTION).unwrap();
    assert_eq!(Lits.value_at(&s, Cell::new(0, 0)), Some(1));
    assert_eq!(Lits.value_at(&s, Cell::new(0, 1)), Some(0));
    assert_eq!(Lits.value_at(&s, Cell::new(9, 9)), None);
}

/// janko.at's LITS 171 (puzzlekit dataset `171_9x8`): two `@` cells
/// outside every region, and its published solution.
const JANKO_171: &str = "9 8
1 1 1 1 7 10 11 11
2 2 1 7 7 10 10 11
2 2 4 7 7 7 10 11
2 4 4 4 4 10 10 11
2 5 5 8 8 11 11 11
3 5 5 8 8 9 11 @
3 5 5 8 8 9 9 @
3 3 5 6 9 9 6 6
3 3 6 6 6 6 6 6
";
const JANKO_171_SOLUTION: &str = "9 8
L L L - T - - -
I - L T T L L -
I - T - T - L -
I T T T - - L -
I - - L L T T T
- S - L - - T -
L S S L - S S -
L - S - S S - L
L L - - - L L L
";

#[test]
fn a_published_puzzle_with_holes_has_its_published_solution() {
    let p = parse(JANKO_171);
    assert!(p.regions().is_hole(Cell::new(5, 7)));
    let want = Lits.parse_solution(&p, JANKO_171_SOLUTION).unwrap();
    assert!(Lits.check(&p, &want).is_empty());
    let (u, _) = Lits.uniqueness(&p, &Limits::default());
    assert_eq!(u, Unique::Unique(want.clone()));
    let again = Lits.write(&p);
    assert!(again.contains(" @\n"), "{again}");
    assert_eq!(parse(&again), p);
    assert!(Lits.to_puzzlink(&p).is_err());
    // No variable, so no hint or candidate, on a hole.
    assert_eq!(Lits.build(&p).unwrap().var(Cell::new(5, 7)), None);
    // Shading a hole is named.
    let mut cells: Vec<Option<Shape>> = (0..72)
        .map(|i| want.shape(Cell::new(i / 8, i % 8)))
        .collect();
    cells[5 * 8 + 7] = Some(Shape::L);
    let s = LitsSolution::new(9, 8, cells).unwrap();
    let v = Lits.check(&p, &s);
    assert!(
        v.iter()
            .any(|v| v.rule.contains("r6c8 is a hole") && v.cells == [Cell::new(5, 7)]),
        "{v:?}"
    );
    // Any other token where a region number or a hole belongs is an
    // error with its line and column.
    let e = Lits.parse("2 2\n0 @\n? 0\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(1)), "{e}");
}
