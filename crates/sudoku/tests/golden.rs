//! Golden corpora: every puzzle solved and compared with its stored
//! solution, which is itself checked against the rules and the givens.

use sudoku::{Board, Outcome, Shape, SudokuError, SudokuModel, Uniqueness, Variant};

fn lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// Solves every puzzle of `puzzles` with one reused solver and compares with
/// `solutions`; with `unique`, also proves each solution unique.
fn check_corpus(name: &str, puzzles: &str, solutions: &str, unique: bool) {
    let (puzzles, solutions) = (lines(puzzles), lines(solutions));
    assert_eq!(
        puzzles.len(),
        solutions.len(),
        "{name}: one solution per puzzle"
    );
    assert!(!puzzles.is_empty());
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver();
    for (i, (p, s)) in puzzles.iter().zip(&solutions).enumerate() {
        let puzzle: Board = p
            .parse()
            .unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        let stored: Board = s
            .parse()
            .unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        assert!(
            model.variant().is_solution_of(&stored, &puzzle),
            "{name}:{}: bad stored solution",
            i + 1
        );
        let got = solver.solve(&puzzle).unwrap().into_board();
        assert_eq!(got.as_ref(), Some(&stored), "{name}:{}", i + 1);
        if unique {
            assert_eq!(
                solver.uniqueness(&puzzle).unwrap(),
                Uniqueness::Unique(stored),
                "{name}:{}",
                i + 1
            );
        }
    }
}

macro_rules! corpus_test {
    ($name:ident, $unique:expr) => {
        #[test]
        fn $name() {
            check_corpus(
                stringify!($name),
                include_str!(concat!("data/", stringify!($name), ".txt")),
                include_str!(concat!("data/solved_", stringify!($name), ".txt")),
                $unique,
            );
        }
    };
}

corpus_test!(easy, true);
corpus_test!(hard, true);
corpus_test!(top1465, false);

#[test]
fn clashing_givens_are_reported_before_search() {
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver();
    for line in lines(include_str!("data/invalid.txt")) {
        let puzzle: Board = line.parse().unwrap();
        match solver.solve(&puzzle) {
            Err(SudokuError::Clash(clashes)) => {
                assert!(!clashes.is_empty());
                for c in &clashes {
                    assert_eq!(puzzle.value(c.first), Some(c.value));
                    assert_eq!(puzzle.value(c.second), Some(c.value));
                }
                assert_eq!(solver.stats().decisions, 0);
            }
            other => panic!("{line}: {other:?}"),
        }
        assert!(!puzzle.is_valid());
    }
}

#[test]
fn unsolvable_puzzles_have_no_solution() {
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver();
    for line in lines(include_str!("data/unsolvable.txt")) {
        let puzzle: Board = line.parse().unwrap();
        assert!(puzzle.is_valid());
        assert_eq!(
            solver.solve(&puzzle).unwrap(),
            Outcome::NoSolution,
            "{line}"
        );
        assert_eq!(solver.count(&puzzle, None).unwrap().count, 0);
        assert_eq!(solver.uniqueness(&puzzle).unwrap(), Uniqueness::NoSolution);
    }
}

#[test]
fn multiple_solutions_come_with_two_of_them() {
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver();
    for line in lines(include_str!("data/multiple.txt")) {
        let puzzle: Board = line.parse().unwrap();
        match solver.uniqueness(&puzzle).unwrap() {
            Uniqueness::Multiple(a, b) => {
                assert_ne!(a, b);
                assert!(model.variant().is_solution_of(&a, &puzzle));
                assert!(model.variant().is_solution_of(&b, &puzzle));
            }
            other => panic!("{line}: {other:?}"),
        }
        let count = solver.count(&puzzle, Some(2)).unwrap();
        assert_eq!(count.count, 2);
        assert!(!count.status.is_complete());
    }
}

#[test]
fn limits_pass_through_to_the_engine() {
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver_with(sudoku::SearchOptions::default().with_node_limit(1));
    let blank = Board::blank(9).unwrap();
    let hard: Board = lines(include_str!("data/hard.txt"))[0].parse().unwrap();
    assert!(matches!(
        solver.solve(&hard).unwrap(),
        Outcome::Stopped(sudoku::StopReason::NodeLimit)
    ));
    solver.set_options(sudoku::SearchOptions::default());
    assert!(
        solver
            .solve(&blank)
            .unwrap()
            .into_board()
            .unwrap()
            .is_solved()
    );
}
