//! KenKen: hand-checked instances, the text layout and Keen game IDs (round
//! trips, every bad token named), `check`, the grade ladder against
//! Tatham's own grades, and the generator.

use gridcsp_puzzles::families::kenken::{KenKen, KenKenPuzzle, KenKenSolution, Op};
use gridcsp_puzzles::{Cell, Family, GenerateOptions, Limits, ParseError, Unique};
use proptest::prelude::*;

const F: KenKen = KenKen::STANDARD;

/// A 4x4 puzzle, solved by hand:
///
/// ```text
/// a a b c      1 2 4 3
/// d e b c      4 3 1 2     a 3+  (1 2)   b 4x (4 1)  c 5+ (3 2)
/// d e f f      3 1 2 4     d 7+  (4 3)   e 2- (3 1)  f 8x (2 4)
/// g g h h      2 4 3 1     g 2/  (2 4)   h 2- (3 1)
/// ```
///
/// Unique: r4 is {2,4} then {1,3}; with `e` = 3-1 or 1-3 and column
/// constraints the cages force one grid (checked by the solver below and
/// by the count).
const SMALL: &str = "4 4\n\
a a b c\n\
d e b c\n\
d e f f\n\
g g h h\n\
a 3 +\n\
b 4 x\n\
c 5 +\n\
d 7 +\n\
e 2 -\n\
f 8 x\n\
g 2 /\n\
h 2 -\n";

const SMALL_SOLUTION: &str = "4 4\n1 2 4 3\n4 3 1 2\n3 1 2 4\n2 4 3 1\n";

fn tatham() -> Vec<(&'static str, &'static str)> {
    include_str!("data/kenken_tatham.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split_whitespace();
            let level = parts.next().unwrap();
            let _params = parts.next().unwrap();
            (level, parts.next().unwrap())
        })
        .collect()
}

fn unique(p: &KenKenPuzzle) -> KenKenSolution {
    match F.uniqueness(p, &Limits::default()).0 {
        Unique::Unique(s) => s,
        other => panic!("not unique: {other:?}\n{}", F.write(p)),
    }
}

#[test]
fn a_hand_checked_puzzle_solves_uniquely() {
    let p = F.parse(SMALL).unwrap();
    let s = unique(&p);
    assert_eq!(F.write_solution(&p, &s), SMALL_SOLUTION);
    assert!(F.check(&p, &s).is_empty());
    assert!(F.check_givens(&p).is_empty());
    assert_eq!(F.parse_solution(&p, SMALL_SOLUTION).unwrap(), s);
}

#[test]
fn attached_operations_and_printed_signs_read_the_same() {
    let attached = SMALL
        .replace("3 +", "3+")
        .replace("4 x", "4\u{d7}")
        .replace("2 /", "2\u{f7}")
        .replace("2 -", "2\u{2212}");
    assert_eq!(F.parse(&attached).unwrap(), F.parse(SMALL).unwrap());
}

#[test]
fn text_layout_and_game_id_round_trip() {
    let p = F.parse(SMALL).unwrap();
    assert_eq!(F.parse(&F.write(&p)).unwrap(), p);
    let id = F.write_game_id(&p).unwrap();
    assert_eq!(F.parse(&id).unwrap(), p);
    for (_, id) in tatham() {
        let p = F.parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(
            F.write_game_id(&p).unwrap(),
            id,
            "written as Tatham writes it"
        );
        assert_eq!(F.parse(&F.write(&p)).unwrap(), p, "{id}");
    }
}

#[test]
fn tatham_puzzles_solve_uniquely_and_check() {
    for (_, id) in tatham() {
        let p = F.parse(id).unwrap();
        let s = unique(&p);
        assert!(F.check(&p, &s).is_empty(), "{id}");
        assert!(F.check_givens(&p).is_empty(), "{id}");
    }
}

/// Tatham's five levels against ours (the table is printed with
/// `--nocapture`; `docs/formats/kenken.md` gives it). The ladder keeps his
/// levels: every puzzle grades at his level.
#[test]
fn grades_agree_with_tathams() {
    let names: Vec<&str> = F.info().levels.iter().map(|l| l.name).collect();
    let mut table = [[0usize; 5]; 5];
    for (level, id) in tatham() {
        let his = names.iter().position(|n| *n == level).unwrap();
        let p = F.parse(id).unwrap();
        let ours = F.grade(&p, &Limits::default()).unwrap().rank;
        table[his][ours] += 1;
        assert_eq!(ours, his, "{level} graded {}: {id}", names[ours]);
    }
    let mut agree = 0;
    for (his, row) in table.iter().enumerate() {
        println!("{:>13}: {row:?}", names[his]);
        agree += row[his];
    }
    println!("agreement: {agree} of {}", tatham().len());
}

#[test]
fn check_names_the_rule_and_the_cells() {
    let p = F.parse(SMALL).unwrap();
    // Swap r1c1 and r1c2: the row stays a permutation, columns 1 and 2
    // break and cage a still adds up (2 + 1 = 3).
    let s = F
        .parse_solution(&p, "4 4\n2 1 4 3\n4 3 1 2\n3 1 2 4\n2 4 3 1\n")
        .unwrap();
    let v = F.check(&p, &s);
    assert!(
        v.iter()
            .any(|v| v.rule == "column 1 holds 2 twice"
                && v.cells == [Cell::new(0, 0), Cell::new(3, 0)]),
        "{v:?}"
    );
    // Break cage f (8x): r3c3 r3c4 = 4 2 is still 8; r3c3 = 1 is not.
    let s = F
        .parse_solution(&p, "4 4\n1 2 4 3\n4 3 2 1\n3 1 2 4\n2 4 3 1\n")
        .unwrap();
    let v = F.check(&p, &s);
    assert!(
        v.iter().any(|v| v
            .rule
            .starts_with("the cage at r1c3 (4\u{d7}) must multiply to 4")
            && v.cells == [Cell::new(0, 2), Cell::new(1, 2)]),
        "{v:?}"
    );
    let s = F
        .parse_solution(&p, "4 4\n1 2 4 3\n4 3 1 2\n3 1 2 4\n2 4 3 -\n")
        .unwrap();
    assert!(F.check(&p, &s).iter().any(|v| v.cells == [Cell::new(3, 3)]));
}

#[test]
fn impossible_givens_are_named() {
    let text = "2 2\na b\na b\na 5 +\nb 3 x\n";
    let p = F.parse(text).unwrap();
    let v = F.check_givens(&p);
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(v[0].rule.contains("cannot be met"));
    assert_eq!(F.uniqueness(&p, &Limits::default()).0, Unique::None);
}

fn error_at(text: &str) -> ParseError {
    F.parse(text).expect_err(text)
}

#[test]
fn bad_text_names_its_line_and_column() {
    let cases: &[(&str, usize, usize)] = &[
        (
            "4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 +\nb 4 x\nc 5 +\nd 7 +\ne 2 -\nf 8 x\ng 2 /\nh 2 %\n",
            13,
            5,
        ),
        (
            "4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 +\nb 4 x\nc 5 +\nd 7 +\ne 2 -\nf 8 x\ng 2 /\nq 2 -\n",
            13,
            1,
        ),
        (
            "4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 +\nb 4 x\nc 5 +\nd 7 +\ne 2 -\nf 8 x\ng 2 /\nh z -\n",
            13,
            3,
        ),
        ("4 4\na a b c\nd e b c\nd e - f\ng g h h\na 3 +\n", 4, 5),
        ("4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 =\n", 6, 3),
        (
            "4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 +\na 3 +\n",
            7,
            1,
        ),
    ];
    for &(text, line, column) in cases {
        let e = error_at(text);
        assert_eq!(
            (e.line, e.column),
            (Some(line), Some(column)),
            "{e}\n{text}"
        );
    }
    // A header that is not square, a missing cage line.
    assert_eq!(error_at("4 5\n").line, Some(1));
    let missing = error_at("2 2\na b\na b\na 3 +\n");
    assert!(missing.message.contains("cage 'b'"), "{missing}");
}

/// `SMALL` as a Keen ID, encoded by hand: the vertical lines in reading
/// order, then the horizontal ones column by column (undrawn U, drawn D):
/// `UDD DDD DDU UDU | DUD DUD UDD UDD` and the virtual last line, so the
/// runs of undrawn lines before each drawn one are `1 0 0 0 0 0 0 2 1 1 0
/// 1 1 0 1 0 0`: `a______baa_aa_a__`, with six `_` as `_6`.
const SMALL_ID: &str = "4:a_6baa_aa_a__,a3m4a5a7s2m8d2s2";

#[test]
fn the_game_id_is_tathams_encoding() {
    let p = F.parse(SMALL).unwrap();
    assert_eq!(F.write_game_id(&p).unwrap(), SMALL_ID);
    assert_eq!(F.parse(SMALL_ID).unwrap(), p);
    // His optional parameters (difficulty, multiplication only) are read
    // and dropped.
    assert_eq!(F.parse(&SMALL_ID.replacen("4:", "4dhm:", 1)).unwrap(), p);
}

#[test]
fn bad_game_ids_name_their_column() {
    let cases: &[(&str, usize)] = &[
        ("0:a,a1", 1),
        ("4x:a_6baa_aa_a__,a3m4a5a7s2m8d2s2", 2),
        ("4dq:a_6baa_aa_a__,a3m4a5a7s2m8d2s2", 3),
        ("4:a_6baa_aa_a__!,a3m4a5a7s2m8d2s2", 16),
        ("4:a_6baa_aa_a_,a3m4a5a7s2m8d2s2", 15),
        ("4:a_6baa_aa_a__,a3m4a5a7s2m8d2q2", 31),
        ("4:a_6baa_aa_a__,a3m4a5a7s2m8d2s2a1", 33),
        ("4:a_6baa_aa_a__,a3m4a5a7s2m8d2", 31),
        ("4:a_6baa_aa_a__,a3m4a5a7s2m8d2s", 32),
        ("4:a_6baa_aa_a__,a3m4a5a7s2m8d2s0", 32),
    ];
    for &(id, column) in cases {
        let e = error_at(id);
        assert_eq!((e.line, e.column), (Some(1), Some(column)), "{e}: {id}");
    }
}

#[test]
fn the_generator_makes_unique_puzzles_of_every_level() {
    let limits = Limits::default();
    for level in 0..4 {
        for (n, seed) in [(4, 1), (6, 2)] {
            let o = GenerateOptions::new(n, n, level).with_seed(seed);
            let Ok(g) = F.generate(&o) else {
                // Small grids have few hard puzzles: only 6x6 must succeed.
                assert!(n < 6, "level {level} {n}x{n}");
                continue;
            };
            assert_eq!(unique(&g.puzzle), g.solution);
            assert_eq!(F.grade(&g.puzzle, &limits).unwrap().rank, level);
            assert_eq!(g.grade.rank, level);
            assert_eq!(F.generate(&o).unwrap().puzzle, g.puzzle, "same seed");
        }
    }
    assert!(F.generate(&GenerateOptions::new(6, 5, 0)).is_err());
    assert!(F.generate(&GenerateOptions::new(40, 40, 0)).is_err());
    assert!(F.generate(&GenerateOptions::new(6, 6, 9)).is_err());
}

#[test]
fn render_draws_cages_and_clues() {
    let p = F.parse(SMALL).unwrap();
    let s = unique(&p);
    let svg = F.render(&p, Some(&s), &gridcsp_puzzles::RenderOptions::default());
    assert!(svg.contains("3+") && svg.contains("4\u{d7}") && svg.contains("2\u{f7}"));
    assert!(svg.trim_end().ends_with("</svg>"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = F.parse(&text);
    }

    #[test]
    fn mutated_records_never_panic(
        which in 0usize..3,
        at in 0usize..200,
        ch in prop::sample::select(vec!['a', 'z', '_', '0', '9', ',', ':', '-', ' ', '\n', 'x', '+', 'm', 's', 'd', '.', '*', '?']),
        delete in any::<bool>(),
    ) {
        let base: Vec<char> = if which == 0 {
            SMALL.chars().collect()
        } else if which == 2 {
            JANKO_008.chars().collect()
        } else {
            "6:a_a_13a__aba4_bba__a_3a__aa__,a7d2d3s2m4m8m6a7a9s2s1m6m54s3d3s3a5".chars().collect()
        };
        let mut text = base.clone();
        let i = at % text.len();
        if delete { text.remove(i); } else { text[i] = ch; }
        let text: String = text.into_iter().collect();
        if let Ok(p) = F.parse(&text) {
            // Whatever parses writes and reads back.
            prop_assert_eq!(F.parse(&F.write(&p)).unwrap(), p.clone());
            if let Some(id) = F.write_game_id(&p) {
                prop_assert_eq!(F.parse(&id).unwrap(), p);
            }
        }
    }
}

/// The example of Wikipedia's "KenKen" article (6x6; source in
/// `benches/data/catalogue/README.md`): unique, and its solution checks.
#[test]
fn the_wikipedia_example_solves_uniquely() {
    let text = include_str!("../../../benches/data/catalogue/kenken_wikipedia.txt");
    let p = F.parse(text).unwrap();
    let s = unique(&p);
    assert!(F.check(&p, &s).is_empty());
    // The article's solution, row by row.
    assert_eq!(
        F.write_solution(&p, &s),
        "6 6\n5 6 3 4 1 2\n6 1 4 5 2 3\n4 5 2 3 6 1\n3 4 1 2 5 6\n2 3 6 1 4 5\n1 2 5 6 3 4\n"
    );
}

/// Every level's model keeps exactly the solution (its reasoning rules,
/// the cage unions, the cage-line rule and the forcing chains, remove no
/// solution): searched to the end, each has one, the solving model's.
#[test]
fn every_level_model_keeps_the_one_solution() {
    for (_, id) in tatham().into_iter().step_by(3) {
        let p = F.parse(id).unwrap();
        let want = unique(&p);
        for level in 0..F.info().levels.len() {
            let built = F.build_for_level(&p, level).unwrap();
            let mut solver = csp_core::Solver::new(&built.model);
            solver.set_assumptions(&built.assumptions).unwrap();
            let solutions: Vec<_> = solver.solutions().take(2).collect();
            assert_eq!(solutions.len(), 1, "level {level}: {id}");
            assert_eq!(
                F.decode(&p, &built, &solutions[0]),
                want,
                "level {level}: {id}"
            );
        }
    }
}

/// janko.at Kendoku 1 (`https://www.janko.at/Raetsel/Kendoku/001.a.htm`)
/// in janko's layout, as the puzzlekit dataset keeps it: the clue grid
/// (each clue on one cell of its cage), then the cage grid.
const JANKO_001: &str = "4 4
24* 2/ . 3-
. . 7+ .
3- 5+ . 3
. . 2/ .
1 2 2 3
1 1 4 3
5 6 4 7
5 6 8 8
";
const JANKO_001_SOLUTION: &str = "4 4\n3 1 2 4\n2 4 3 1\n1 2 4 3\n4 3 1 2\n";

/// janko.at Kendoku 8 (`.../Kendoku/008.a.htm`): the clue `2` of the
/// cage r1c2-r1c3 has no operation (the solver finds which).
const JANKO_008: &str = "5 5
12* 2 . 150* .
. . 5 3+ .
4 4+ . . .
30* . 2- . 8+
. 4- . . .
10 11 11 5 5
10 10 9 6 5
8 7 7 6 5
3 3 4 4 1
3 2 2 1 1
";
const JANKO_008_SOLUTION: &str = "5 5\n1 2 4 5 3\n3 4 5 1 2\n4 1 3 2 5\n5 3 2 4 1\n2 5 1 3 4\n";

#[test]
fn janko_layout_solves_to_the_published_solutions() {
    for (text, published) in [
        (JANKO_001, JANKO_001_SOLUTION),
        (JANKO_008, JANKO_008_SOLUTION),
    ] {
        let p = F.parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let s = unique(&p);
        assert_eq!(F.write_solution(&p, &s), published);
        assert!(F.check(&p, &s).is_empty());
        assert!(F.check_givens(&p).is_empty());
        // Written in the cage-line layout, read back the same; every level
        // keeps the one solution.
        assert_eq!(F.parse(&F.write(&p)).unwrap(), p, "{}", F.write(&p));
        for level in 0..F.info().levels.len() {
            let built = F.build_for_level(&p, level).unwrap();
            let mut solver = csp_core::Solver::new(&built.model);
            solver.set_assumptions(&built.assumptions).unwrap();
            let solutions: Vec<_> = solver.solutions().take(2).collect();
            assert_eq!(solutions.len(), 1, "level {level}");
        }
    }
    // Kendoku 1 is the cage-line layout's puzzle with its clues moved.
    let lines = "4 4\na b b c\na a d c\ne f d g\ne f h h\n\
                 a 24 *\nb 2 /\nc 3 -\nd 7 +\ne 3 -\nf 5 +\ng 3\nh 2 /\n";
    assert_eq!(F.parse(JANKO_001).unwrap(), F.parse(lines).unwrap());
    // `.` and `-` are both "no clue".
    assert_eq!(
        F.parse(&JANKO_001.replace(". ", "- ")).unwrap(),
        F.parse(JANKO_001).unwrap()
    );
}

#[test]
fn a_clue_without_operation_is_any_operation() {
    let p = F.parse(JANKO_008).unwrap();
    let any: Vec<_> = p
        .cages()
        .iter()
        .filter(|c| c.op() == Op::Any)
        .map(|c| (c.cells()[0], c.target(), c.cells().len()))
        .collect();
    assert_eq!(any, [(Cell::new(0, 1), 2, 2)], "{p:?}");
    // Keen has no such cage: no game ID; the cage-line layout writes `?`.
    assert_eq!(F.write_game_id(&p), None);
    assert!(F.write(&p).contains(" 2 ?\n"), "{}", F.write(&p));
    // `2` on two cells holds as a difference or a quotient (4 and 2, 3 and
    // 6), not as neither (1 and 4).
    let cage = p.cages().iter().find(|c| c.op() == Op::Any).unwrap();
    assert!(cage.holds(&[2, 4]));
    assert!(cage.holds(&[6, 3]));
    assert!(!cage.holds(&[1, 4]));
    // A wrong grid names the cage and what it must do: r1c2-r1c3 as 1 4.
    let wrong = "5 5\n2 1 4 5 3\n3 4 5 1 2\n4 1 3 2 5\n5 3 2 4 1\n2 5 1 3 4\n";
    let broken = F.check(&p, &F.parse_solution(&p, wrong).unwrap());
    assert!(
        broken
            .iter()
            .any(|v| v.rule.contains("must reach 2 by adding, multiplying")),
        "{broken:?}"
    );
    // The `?` of the cage-line layout on a one-cell cage is its value.
    let one = F.parse("2 2\na b\nc c\na 1 ?\nb 2\nc 3 ?\n").unwrap();
    assert_eq!(one.cages()[0].op(), Op::Given);
    assert_eq!(one.cages()[2].op(), Op::Any);
    // On three cells: a sum or a product.
    let three = F
        .parse("3 3\na a a\nb b c\nb c c\na 6 ?\nb 6 ?\nc 6 ?\n")
        .unwrap();
    let row = &three.cages()[0];
    assert!(row.holds(&[1, 2, 3]) && row.holds(&[2, 2, 2]));
    assert!(!row.holds(&[1, 1, 3]));
}

#[test]
fn bad_janko_layouts_name_their_line_and_column() {
    let cases: &[(&str, &str, usize, usize)] = &[
        // A second clue in cage 1, at the second clue.
        (". . 7+ .", "4+ . 7+ .", 3, 1),
        // Cage 1 without a clue, at its first cell in the cage grid.
        ("24* 2/", ". 2/", 6, 1),
        // '-' on a cage of three cells, at the clue.
        ("24* 2/", "5- 2/", 2, 1),
        // '/' on three cells.
        ("24* 2/", "6/ 2/", 2, 1),
        // '=' on three cells.
        ("24* 2/", "24= 2/", 2, 1),
        // Not a clue.
        ("24* 2/", "24% 2/", 2, 1),
        (". . 7+ .", ". . 7+ +", 3, 8),
        // Cage 1 in two pieces, at its first cell.
        ("5 6 8 8", "5 6 8 1", 6, 1),
    ];
    for &(from, to, line, column) in cases {
        let text = JANKO_001.replacen(from, to, 1);
        assert_ne!(text, JANKO_001);
        let e = error_at(&text);
        assert_eq!(
            (e.line, e.column),
            (Some(line), Some(column)),
            "{e}\n{text}"
        );
    }
    let second = error_at(&JANKO_001.replacen(". . 7+ .", "4+ . 7+ .", 1));
    assert!(second.message.contains("second clue"), "{second}");
    assert!(second.message.contains("line 2, column 1"), "{second}");
}
