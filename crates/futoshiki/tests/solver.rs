//! `PuzzleSolver` (cached Latin models for sign-less puzzles) agrees with
//! per-puzzle models.

use futoshiki::{Difficulty, GenerateOptions, Puzzle, PuzzleSolver, Uniqueness, generate};

#[test]
fn cached_and_per_puzzle_models_agree() {
    let mut solver = PuzzleSolver::new();
    for size in [4, 5, 6] {
        for difficulty in [Difficulty::Trivial, Difficulty::Easy] {
            for seed in 0..3 {
                let made =
                    generate(&GenerateOptions::new(size, difficulty).with_seed(seed)).unwrap();
                let p = &made.puzzle;
                assert_eq!(solver.uniqueness(p).unwrap(), p.uniqueness());
                assert_eq!(solver.solve(p).unwrap(), Some(made.solution.clone()));
                assert_eq!(solver.count(p, None).unwrap(), 1);
            }
        }
    }
    // Sign-less puzzles with several or no solutions, through the cache.
    let empty = Puzzle::new(4).unwrap();
    assert_eq!(solver.count(&empty, None).unwrap(), 576);
    assert!(matches!(
        solver.uniqueness(&empty).unwrap(),
        Uniqueness::Multiple(..)
    ));
    let clash = Puzzle::from_game_id("3:1,1,0,0,0,0,0,0,0,").unwrap();
    assert_eq!(solver.uniqueness(&clash).unwrap(), Uniqueness::NoSolution);
    assert_eq!(solver.solve(&clash).unwrap(), None);
}
