//! Killer Sudokus from Simon Tatham's generator (`tests/data/killer_tatham.txt`):
//! each has exactly one solution, which keeps every cage, and propagation
//! (the cages' digit combinations plus the cages the houses imply) leaves
//! almost nothing to search: Tatham's own solver needs no guess on them.

use sudoku::{Board, Cage, Cell, Shape, SudokuModel, Uniqueness, Variant};

const DATA: &str = include_str!("data/killer_tatham.txt");
const SYMBOLS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

fn puzzles() -> Vec<(Board, Variant)> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [givens, map, sums] = fields[..] else {
                panic!("bad line {line:?}");
            };
            let map: Vec<char> = map.chars().collect();
            let cages = sums
                .split(',')
                .zip(SYMBOLS.chars())
                .map(|(sum, symbol)| {
                    let cells = (0..81)
                        .filter(|&i| map[i] == symbol)
                        .map(|i| Cell::new(i / 9, i % 9))
                        .collect();
                    Cage::new(cells, sum.parse().unwrap())
                })
                .collect();
            let variant = Variant::killer(Shape::CLASSIC, cages).unwrap();
            (givens.parse().unwrap(), variant)
        })
        .collect()
}

#[test]
fn tatham_killers_have_one_solution_found_with_almost_no_search() {
    let puzzles = puzzles();
    assert_eq!(puzzles.len(), 20);
    let mut total = 0;
    for (i, (givens, variant)) in puzzles.into_iter().enumerate() {
        let model = SudokuModel::new(variant).unwrap();
        let mut solver = model.solver();
        let Uniqueness::Unique(solution) = solver.uniqueness(&givens).unwrap() else {
            panic!("puzzle {i}: not unique");
        };
        assert!(
            model.variant().is_solution_of(&solution, &givens),
            "puzzle {i}"
        );
        let decisions = solver.stats().decisions;
        // 0 or 1 when this test was written (with bounds-only cages: 4 to
        // 306); the bound leaves room for changes in the search order.
        assert!(decisions <= 5, "puzzle {i}: {decisions} decisions");
        total += decisions;
    }
    assert!(total <= 20, "{total} decisions in all");
}
