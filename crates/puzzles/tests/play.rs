//! The play interface of every family (`gridcsp_puzzles::play`, what the
//! web page plays with): a player's entries that agree with the solution
//! never break a rule, however few or many; a wrong value in a full grid
//! always does, and the rule it breaks names it or other entries (and
//! givens); the entries of the whole solution make that solution.

use csp_core::Value;
use gridcsp_puzzles::{AnyPuzzle, Cell, GenerateOptions, Limits, Solved, families};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A generated puzzle of each family, small enough for a debug build.
fn puzzles() -> Vec<(&'static str, String)> {
    families()
        .iter()
        .map(|f| {
            let info = f.info();
            let (rows, cols) = match info.name {
                // Sizes of their own (Dominosa's grid is N+1 by N+2).
                "sudoku" | "killer-sudoku" | "jigsaw-sudoku" | "dominosa" | "lits" => {
                    info.default_size
                }
                "futoshiki" | "skyscrapers" | "kenken" => (4, 4),
                _ => (6, 6),
            };
            // LITS's easy level needs many candidates (docs/formats/lits.md).
            let level = usize::from(info.name == "lits");
            let made = f
                .generate_text(&GenerateOptions::new(rows, cols, level).with_seed(5))
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            (info.name, made.puzzle)
        })
        .collect()
}

/// The cells a player fills in (not given) and their values in the
/// puzzle's solution.
fn solution_entries(p: &dyn AnyPuzzle) -> (String, Vec<(Cell, Value)>) {
    let Solved::Solution(text) = p.solve(&Limits::default()).0 else {
        panic!("no solution");
    };
    let sheet = p.sheet().expect("a model");
    let values = p.solution_values(&text).expect("the solution reads back");
    assert_eq!(values.len(), sheet.rows * sheet.cols);
    let mut entries = Vec::new();
    for (i, (cell, value)) in sheet.cells.iter().zip(&values).enumerate() {
        let Some(cell) = cell else {
            assert_eq!(*value, None, "a cell without a variable has no value");
            continue;
        };
        let value = value.expect("a playable cell has a value in the solution");
        assert!(
            cell.values.contains(&value),
            "{value} not in {:?}",
            cell.values
        );
        if let Some(given) = cell.given {
            assert_eq!(given, value, "the solution keeps the givens");
            continue;
        }
        entries.push((Cell::new(i / sheet.cols, i % sheet.cols), value));
    }
    (text, entries)
}

#[test]
fn entries_of_the_solution_break_no_rule_and_make_the_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    for (name, text) in puzzles() {
        let family = gridcsp_puzzles::family(name).expect("built in");
        let p = family.load(&text).expect("a generated puzzle reads back");
        let (solution, mut entries) = solution_entries(&*p);
        assert!(!entries.is_empty(), "{name}: nothing to fill in");
        // Any part of the solution keeps every rule.
        for _ in 0..5 {
            entries.shuffle(&mut rng);
            let k = rng.random_range(0..=entries.len());
            let v = p.check_entries(&entries[..k]).expect("a model");
            assert!(v.is_empty(), "{name}: {k} right entries break {v:?}");
        }
        let made = p
            .solution_of_entries(&entries, &Limits::default())
            .expect("a model");
        assert_eq!(made.as_deref(), Some(solution.as_str()), "{name}");
        // One cell short: not a solution yet.
        let made = p
            .solution_of_entries(&entries[1..], &Limits::default())
            .expect("a model");
        assert_eq!(made, None, "{name}: a cell is open");
    }
}

#[test]
fn a_wrong_value_in_a_full_grid_breaks_a_rule_on_entered_cells() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for (name, text) in puzzles() {
        // Slitherlink's and Masyu's cell variables (inside the loop, on
        // the loop) decide the lines only through several constraints
        // together (the sides' parity, then the clues on the sides), which
        // a check of each constraint on its own does not see; the page
        // plays their lines, which it checks itself (web/src/loops.js).
        // Hashi's water cells are tied to their bridge's link variable by
        // one clause each: one cell of a bridge changed breaks no clause
        // on its own (the page does not play Hashi). Yajilin's cells are
        // Masyu's (on the loop or, there, shaded): a cell of the loop
        // entered as shaded breaks a rule only with its lines. Numberlink's
        // cells are the labels of paths, tied to each other only through
        // the lines between them.
        if name == "slitherlink"
            || name == "masyu"
            || name == "hashi"
            || name == "yajilin"
            || name == "numberlink"
        {
            continue;
        }
        let family = gridcsp_puzzles::family(name).expect("built in");
        let p = family.load(&text).expect("a generated puzzle reads back");
        let (_, mut entries) = solution_entries(&*p);
        let sheet = p.sheet().expect("a model");
        for _ in 0..3 {
            let i = rng.random_range(0..entries.len());
            let (cell, right) = entries[i];
            let choices: Vec<Value> = sheet.cells[cell.row * sheet.cols + cell.col]
                .as_ref()
                .expect("playable")
                .values
                .iter()
                .copied()
                .filter(|&v| v != right)
                .collect();
            let Some(&wrong) = choices.first() else {
                continue;
            };
            entries[i].1 = wrong;
            // The solution is unique, so the grid breaks a rule.
            let v = p.check_entries(&entries).expect("a model");
            assert!(!v.is_empty(), "{name}: {cell} = {wrong} breaks nothing");
            // Each broken rule names an entry, and otherwise only givens
            // (a digit that repeats a given names both).
            let given = |c: &Cell| {
                sheet.cells[c.row * sheet.cols + c.col]
                    .as_ref()
                    .is_some_and(|s| s.given.is_some())
            };
            for violation in &v {
                let entered = |c: &Cell| entries.iter().any(|(e, _)| e == c);
                assert!(
                    violation.cells.iter().any(entered),
                    "{name}: {violation} names no entry"
                );
                for c in &violation.cells {
                    assert!(
                        entered(c) || given(c),
                        "{name}: {violation} names {c}, neither entered nor given"
                    );
                }
            }
            let made = p
                .solution_of_entries(&entries, &Limits::default())
                .expect("a model");
            assert_eq!(made, None, "{name}: {cell} = {wrong} is not the solution");
            entries[i].1 = right;
        }
    }
}

#[test]
fn repeated_digits_are_the_cells_reported() {
    let sudoku = gridcsp_puzzles::family("sudoku").expect("built in");
    let p = sudoku
        .load("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        .expect("a puzzle");
    // r1c3 = 5 repeats the given 5 at r1c1; r1c4 = 6 repeats nothing.
    let v = p
        .check_entries(&[(Cell::new(0, 2), 5), (Cell::new(0, 3), 6)])
        .expect("a model");
    let cells: Vec<Cell> = v.iter().flat_map(|v| v.cells.clone()).collect();
    assert!(cells.contains(&Cell::new(0, 2)), "{v:?}");
    assert!(!cells.contains(&Cell::new(0, 3)), "{v:?}");
    // A value the cell cannot take.
    let v = p.check_entries(&[(Cell::new(0, 2), 10)]).expect("a model");
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].cells, [Cell::new(0, 2)]);
}
