//! Board sizes and variants: blank boards of every common shape solve,
//! X-Sudoku, jigsaw and killer puzzles solve to their known solutions.

use sudoku::{Board, Cage, Cell, Generator, Outcome, Shape, SudokuError, Variant};

#[test]
fn blank_boards_of_every_common_shape_solve() {
    for (br, bc) in [
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (5, 5),
        (1, 5),
    ] {
        let shape = Shape::with_boxes(br, bc).unwrap();
        let variant = Variant::classic(shape);
        let solution = variant
            .solve(&Board::empty(shape))
            .unwrap()
            .into_board()
            .unwrap();
        assert!(variant.is_solved(&solution), "{br}x{bc}");
    }
    assert_eq!(
        Board::blank(4)
            .unwrap()
            .count_solutions(None)
            .unwrap()
            .count,
        288
    );
}

#[test]
fn generated_puzzles_of_other_sizes_solve_uniquely() {
    for size in [4, 6, 8, 12] {
        let made = Generator::for_shape(Shape::new(size).unwrap(), 11)
            .remove_cells(size * size / 2, true)
            .unwrap();
        let solved = made.puzzle.solve().unwrap().into_board().unwrap();
        assert_eq!(solved, made.solution);
        assert!(made.puzzle.uniqueness().unwrap().is_unique());
    }
}

#[test]
fn a_16x16_and_a_25x25_puzzle_solve() {
    for size in [16, 25] {
        let grid = Generator::for_shape(Shape::new(size).unwrap(), 2)
            .solution_grid()
            .unwrap();
        assert!(grid.is_solved());
        let mut puzzle = grid.clone();
        // Clear every other cell in a checkerboard: still plenty of givens.
        for r in 0..size {
            for c in 0..size {
                if (r + c) % 2 == 0 {
                    puzzle.clear(r, c);
                }
            }
        }
        let solved = puzzle.solve().unwrap().into_board().unwrap();
        assert!(Variant::classic(puzzle.shape()).is_solution_of(&solved, &puzzle));
    }
}

#[test]
fn x_sudoku_uses_both_diagonals() {
    let x = Variant::x_sudoku(Shape::CLASSIC);
    let grid = x
        .solve(&Board::blank(9).unwrap())
        .unwrap()
        .into_board()
        .unwrap();
    for d in 0..9 {
        for e in d + 1..9 {
            assert_ne!(grid.get(d, d), grid.get(e, e));
            assert_ne!(grid.get(d, 8 - d), grid.get(e, 8 - e));
        }
    }
    let made = Generator::new(x.clone(), 21)
        .unwrap()
        .generate(sudoku::Difficulty::Easy)
        .unwrap();
    assert!(x.uniqueness(&made.puzzle).unwrap().is_unique());
    assert_eq!(
        x.solve(&made.puzzle).unwrap().into_board(),
        Some(made.solution.clone())
    );
    // Without the diagonals the same givens may allow more solutions, never fewer.
    assert!(made.puzzle.count_solutions(Some(2)).unwrap().count >= 1);
    // A given on the diagonal that repeats is a clash naming the diagonal.
    let mut bad = Board::blank(9).unwrap();
    bad.set(0, 0, 1).unwrap();
    bad.set(4, 4, 1).unwrap();
    match x.solve(&bad) {
        Err(SudokuError::Clash(c)) => assert_eq!(
            c[0].to_string(),
            "r1c1 and r5c5 both hold 1 in main diagonal"
        ),
        other => panic!("{other:?}"),
    }
}

/// A classic solution; swapping r1c1 (box 1) with r2c6 (box 2), which
/// hold the same value, gives a jigsaw layout it still solves.
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn jigsaw_regions_replace_the_boxes() {
    let mut labels: Vec<usize> = (0..81).map(|i| (i / 27) * 3 + (i % 9) / 3).collect();
    labels.swap(0, 9 + 5);
    let v = Variant::jigsaw(9, &labels).unwrap();
    let known: Board = SOLUTION.parse().unwrap();
    assert_eq!(known.get(0, 0), known.get(1, 5));
    assert!(v.is_solved(&known));
    let made = Generator::new(v.clone(), 8)
        .unwrap()
        .generate(sudoku::Difficulty::Medium)
        .unwrap();
    assert!(v.uniqueness(&made.puzzle).unwrap().is_unique());
    assert!(v.is_solution_of(&made.solution, &made.puzzle));
}

#[test]
fn jigsaw_text_layouts() {
    let v = Variant::jigsaw_from_str("aabb\naabb\nccdd\nccdd").unwrap();
    assert_eq!(v.groups().len(), 12);
    assert!(
        Variant::jigsaw_from_str(
            "aaab
abbb
cccd
cddd"
        )
        .is_ok()
    );
    assert!(matches!(
        Variant::jigsaw_from_str("aaaa\naabb\nccdd\nccdd"),
        Err(SudokuError::BadRegions { .. })
    ));
    assert!(matches!(
        Variant::jigsaw_from_str("abc"),
        Err(SudokuError::BadRegions { .. })
    ));
}

/// The Killer Sudoku of Wikipedia's "Killer sudoku" article (public domain):
/// each letter is a cage.
const CAGES: &str = "
    aabbbcdef
    gghhccdef
    ggiicjkkf
    lmmin jkof
    lppqnjoor
    sptqnuvvr
    sttqwuuxx
    syzwwAAxx
    syzwBBBCC";
const SUMS: [(char, u32); 29] = [
    ('a', 3),
    ('b', 15),
    ('c', 22),
    ('d', 4),
    ('e', 16),
    ('f', 15),
    ('g', 25),
    ('h', 17),
    ('i', 9),
    ('j', 8),
    ('k', 20),
    ('l', 6),
    ('m', 14),
    ('n', 17),
    ('o', 17),
    ('p', 13),
    ('q', 20),
    ('r', 12),
    ('s', 27),
    ('t', 6),
    ('u', 20),
    ('v', 6),
    ('w', 10),
    ('x', 14),
    ('y', 8),
    ('z', 16),
    ('A', 15),
    ('B', 13),
    ('C', 17),
];
const KILLER_SOLUTION: &str =
    "215647398368952174794381652586274931142593867973816425821739546659428713437165289";

#[test]
fn killer_cages_solve_the_wikipedia_puzzle() {
    let symbols: Vec<char> = CAGES.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(symbols.len(), 81);
    let cages: Vec<Cage> = SUMS
        .iter()
        .map(|&(name, sum)| {
            let cells = (0..81)
                .filter(|&i| symbols[i] == name)
                .map(|i| Cell::new(i / 9, i % 9))
                .collect();
            Cage::new(cells, sum)
        })
        .collect();
    let killer = Variant::killer(Shape::CLASSIC, cages).unwrap();
    let blank = Board::blank(9).unwrap();
    let want: Board = KILLER_SOLUTION.parse().unwrap();
    assert!(killer.is_solved(&want));
    assert_eq!(killer.solve(&blank).unwrap(), Outcome::Solved(want.clone()));
    assert!(
        matches!(killer.uniqueness(&blank).unwrap(), sudoku::Uniqueness::Unique(s) if s == want)
    );
    // A wrong filled cage is a conflict an app can outline.
    let mut wrong = want.clone();
    wrong.set(0, 0, 1).unwrap();
    wrong.set(0, 1, 1).unwrap();
    assert!(killer.conflicts(&wrong).contains(&Cell::new(0, 0)));
}
