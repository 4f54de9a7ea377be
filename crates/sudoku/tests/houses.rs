//! The solver's model (one propagator for all the houses) against the
//! model of one AllDifferent per house: the same counts, uniqueness answers
//! and valid solutions, on random boards of several shapes and variants and
//! on the first puzzles of the datasets.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use sudoku::{Board, Outcome, Shape, Strength, SudokuModel, Uniqueness, Variant};

/// How a uniqueness answer compares, solutions aside.
fn kind(u: &Uniqueness) -> &'static str {
    match u {
        Uniqueness::NoSolution => "none",
        Uniqueness::Unique(_) => "unique",
        Uniqueness::Multiple(..) => "multiple",
        Uniqueness::Unknown { .. } => "unknown",
    }
}

/// Checks both models on `board`: counts up to `limit`, uniqueness, and that
/// the first solution of the houses' model solves the puzzle.
fn agree(houses: &SudokuModel, reference: &SudokuModel, board: &Board, limit: u64) {
    let (mut a, mut b) = (houses.solver(), reference.solver());
    let (ca, cb) = (
        a.count(board, Some(limit)).unwrap(),
        b.count(board, Some(limit)).unwrap(),
    );
    assert_eq!(ca.count, cb.count, "{}", board.to_line());
    assert_eq!(ca.status, cb.status, "{}", board.to_line());
    let (ua, ub) = (a.uniqueness(board).unwrap(), b.uniqueness(board).unwrap());
    assert_eq!(kind(&ua), kind(&ub), "{}", board.to_line());
    if let Uniqueness::Unique(s) = &ua {
        assert_eq!(Some(s), ub_board(&ub), "{}", board.to_line());
    }
    match a.solve(board).unwrap() {
        Outcome::Solved(s) => assert!(houses.variant().is_solution_of(&s, board)),
        Outcome::NoSolution => assert_eq!(cb.count, 0),
        Outcome::Stopped(r) => panic!("stopped: {r:?}"),
    }
}

fn ub_board(u: &Uniqueness) -> Option<&Board> {
    match u {
        Uniqueness::Unique(s) => Some(s),
        _ => None,
    }
}

/// A board of `variant` with `givens` random digits in random cells (repeats
/// within a group allowed to be skipped), so some have no solution, some one,
/// some many.
fn random_board(rng: &mut ChaCha8Rng, variant: &Variant, givens: usize) -> Board {
    let n = variant.size();
    let mut board = Board::empty(variant.shape());
    for _ in 0..givens {
        let (r, c) = (rng.random_range(0..n), rng.random_range(0..n));
        let v = rng.random_range(1..=n as u8);
        let before = board.get(r, c).unwrap_or(0);
        board.set(r, c, v).unwrap();
        if !variant.clashes(&board).is_empty() {
            board.set(r, c, before).unwrap();
        }
    }
    board
}

fn check_random(variant: Variant, boards: usize, givens: std::ops::RangeInclusive<usize>) {
    let houses = SudokuModel::new(variant.clone()).unwrap();
    assert!(houses.houses_constraint().is_some());
    let reference = SudokuModel::with_strength(variant.clone(), Strength::HiddenSingles).unwrap();
    assert!(reference.houses_constraint().is_none());
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for _ in 0..boards {
        let k = rng.random_range(givens.clone());
        let board = random_board(&mut rng, &variant, k);
        agree(&houses, &reference, &board, 30);
    }
}

#[test]
fn random_classic_boards_of_several_shapes() {
    check_random(
        Variant::classic(Shape::with_boxes(2, 2).unwrap()),
        200,
        0..=8,
    );
    check_random(
        Variant::classic(Shape::with_boxes(2, 3).unwrap()),
        150,
        4..=16,
    );
    check_random(Variant::classic(Shape::CLASSIC), 150, 18..=40);
}

#[test]
fn random_x_and_jigsaw_boards() {
    check_random(Variant::x_sudoku(Shape::CLASSIC), 80, 14..=36);
    let mut labels: Vec<usize> = (0..81).map(|i| (i / 27) * 3 + (i % 9) / 3).collect();
    labels.swap(0, 9 + 5);
    check_random(Variant::jigsaw(9, &labels).unwrap(), 80, 18..=40);
    check_random(
        Variant::jigsaw_from_str("aabb\nacbb\nacdd\nccdd").unwrap(),
        100,
        0..=6,
    );
}

#[test]
fn every_4x4_grid_is_counted() {
    let model = SudokuModel::new(Variant::classic(Shape::new(4).unwrap())).unwrap();
    let count = model
        .solver()
        .count(&Board::blank(4).unwrap(), None)
        .unwrap();
    assert_eq!(count.count, 288);
    assert!(count.status.is_complete());
}

#[test]
fn first_puzzles_of_the_datasets() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets/sudoku");
    let houses = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let reference =
        SudokuModel::with_strength(Variant::classic(Shape::CLASSIC), Strength::HiddenSingles)
            .unwrap();
    let mut checked = 0;
    for name in [
        "top1465.txt",
        "forum_hardest_1106.txt",
        "kaggle_20k.txt",
        "17_clue.txt",
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            eprintln!("{name}: missing, skipped");
            continue;
        };
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| l.len() == 81)
            .take(25)
        {
            let board: Board = line.parse().unwrap();
            agree(&houses, &reference, &board, 2);
            checked += 1;
        }
    }
    eprintln!("{checked} dataset puzzles checked");
}

/// Boards of more than 128 cells, whose bitboards take 3 to 4 words (12x12,
/// 16x16) and 10 words (25x25), against the AllDifferent model.
#[test]
fn random_boards_of_several_words() {
    check_random(
        Variant::classic(Shape::with_boxes(3, 4).unwrap()),
        40,
        30..=70,
    );
    check_random(
        Variant::classic(Shape::with_boxes(4, 4).unwrap()),
        30,
        60..=130,
    );
    check_random(
        Variant::x_sudoku(Shape::with_boxes(4, 4).unwrap()),
        20,
        60..=130,
    );
    // 25x25: a grid made by a pattern, with a third of its cells blanked
    // (random givens would make most searches long).
    let shape = Shape::with_boxes(5, 5).unwrap();
    let variant = Variant::classic(shape);
    let houses = SudokuModel::new(variant.clone()).unwrap();
    let reference = SudokuModel::with_strength(variant.clone(), Strength::HiddenSingles).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for _ in 0..4 {
        let mut board = Board::empty(shape);
        for r in 0..25 {
            for c in 0..25 {
                if rng.random_range(0..3) != 0 {
                    let v = (r * 5 + r / 5 + c) % 25 + 1;
                    board.set(r, c, v as u8).unwrap();
                }
            }
        }
        agree(&houses, &reference, &board, 3);
    }
}

/// Clashing givens are an error from every search, although the groups are
/// scanned for clashes only after the search found no solution.
#[test]
fn clashing_givens_are_an_error_from_every_search() {
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver();
    let mut line = "1".repeat(2);
    line.push_str(&".".repeat(79));
    let board: Board = line.parse().unwrap();
    let is_clash =
        |e: sudoku::SudokuError| matches!(e, sudoku::SudokuError::Clash(c) if !c.is_empty());
    assert!(is_clash(solver.solve(&board).unwrap_err()));
    assert!(is_clash(solver.count(&board, None).unwrap_err()));
    assert!(is_clash(solver.uniqueness(&board).unwrap_err()));
    assert!(is_clash(solver.is_unique(&board).unwrap_err()));
    // The same solver still solves a good board afterwards.
    let good: Board = ".".repeat(81).parse().unwrap();
    assert!(matches!(solver.solve(&good).unwrap(), Outcome::Solved(_)));
}
