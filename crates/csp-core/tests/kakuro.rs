//! Kakuro with sums of distinct values: two published "hard" puzzles
//! from Nikoli's free puzzle section (www.nikoli.com; by Yuichi Saito, 20 x
//! 12, and by OX, 22 x 14; the clue lists are those Gecode's
//! `examples/kakuro.cpp` transcribes as `k6` and `k8`), redrawn here as
//! grids. Every run is one [`Model::all_different_sum`]; the test checks
//! that each puzzle has exactly one solution and that it satisfies every
//! clue, checked independently of the model.
//!
//! For the record (release mode, `uniqueness()`, MRV): with these
//! constraints each puzzle is proven unique at the root (0 search nodes,
//! about 0.1 ms); with an AllDifferent and a bounds-consistent sum per run,
//! 834 and 25,884 nodes (18 ms and 0.4 s); with check-only run constraints
//! (forward checking on `is_satisfied`), 2.8 million nodes (7.5 s) for the
//! first and no answer within 120 s for the second. No timing is asserted
//! here.

use csp_core::{Model, SearchOptions, Solver, Uniqueness, Value, VarId, VariableOrder};

/// `#` a blank cell, `.` a cell to fill, `d\a` a clue cell: the run below
/// adds up to `d`, the run to the right to `a` (either may be empty).
const SAITO: &str = r"
     #    6\   16\     #   10\   12\     #     #     #   28\   12\   24\     #     #     #   10\   17\   22\     #     #
   \10     .     .  18\5     .     .   10\     #  8\23     .     .     .   10\   18\   \11     .     .     .   12\     #
   \38     .     .     .     .     .     . 11\39     .     .     .     .     .     .  7\30     .     .     .     .    7\
     #    8\  7\10     .     . 25\11     .     .     .     .  4\18     .     .     .     .     .  15\7     .     .     .
    \7     .     .     .  11\7     .     .     .    \6     .     .   42\  17\8     .     . 26\11     .     .     .     .
    \8     .     . 22\14     .     .     .     . 16\24     .     .     .     . 30\10     .     .     .     .   24\     #
     #   \13     .     .     .     .  7\14     .     .     .  4\19     .     .     . 29\29     .     .     .     .   14\
     #   16\ 11\15     .     .     .     . 24\14     .     .     .     .   \29     .     .     .     . 21\16     .     .
   \29     .     .     .     . 23\13     .     .   12\  20\8     .     . 17\23     .     .     .  6\22     .     .     .
   \10     .     .     .  9\32     .     .     .     .     . 16\29     .     .     .     .  9\10     .     .    3\   12\
     #   \14     .     .     .     .   \39     .     .     .     .     .     .   \22     .     .     .     .     .     .
     #     #   \21     .     .     .     #     #   \23     .     .     .     #     #    \6     .     .   \11     .     .
";

const OX: &str = r"
     #    4\   15\     #     #   16\   10\   18\   29\     #   16\    6\     #    8\   16\   38\     #     #   15\    8\    7\    8\
    \6     .     .   45\   \30     .     .     .     .    \6     .     .   \10     .     .     .    4\   \12     .     .     .     .
    \8     .     .     .  3\11     .     .     .     .  39\4     .     .   \20     .     .     .     .  3\11     .     .     .     .
     #  5\12     .     .     .     . 22\28     .     .     .     .   22\     # 38\15     .     .     .     .     .  45\5     .     .
   \22     .     .     .     .     .     .  4\28     .     .     .     .  24\8     .     .     .  38\6     .     .     .   24\     #
    \7     .     .     .  16\7     .     .     . 14\40     .     .     .     .     .     .     .     . 16\22     .     .     .   11\
     #    4\   8\8     .     .  7\12     .     .     .     . 18\23     .     .     . 16\22     .     .     . 16\22     .     .     .
   \38     .     .     .     .     .     . 22\24     .     .     .  7\23     .     .     . 15\39     .     .     .     .     .     .
    \6     .     .     .  35\6     .     .     .  34\6     .     .     . 34\29     .     .     .     . 34\14     .     .   34\    3\
     #   \18     .     .     . 16\36     .     .     .     .     .     .     .     . 12\22     .     .     .  7\10     .     .     .
     #   23\ 21\22     .     .     .  9\24     .     .     .   \10     .     .     .     . 20\21     .     .     .     .     .     .
   \16     .     . 17\34     .     .     .     .     .    4\     #  4\29     .     .     .     . 10\30     .     .     .     .   16\
   \29     .     .     .     .   \12     .     .     .     .   \10     .     .   \10     .     .     .     .   \23     .     .     .
   \28     .     .     .     .     #    \7     .     .     .   \11     .     .   \28     .     .     .     .     #   \13     .     .
";

/// A run: its cells (row, column) and its total.
type Run = (Vec<(usize, usize)>, i64);

/// The cells to fill, row-major, and the runs.
fn parse(grid: &str) -> (Vec<(usize, usize)>, Vec<Run>) {
    let rows: Vec<Vec<&str>> = grid
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let white = |r: usize, c: usize| rows.get(r).and_then(|row| row.get(c)) == Some(&".");
    let mut cells = Vec::new();
    let mut runs = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, token) in row.iter().enumerate() {
            if *token == "." {
                cells.push((r, c));
            }
            let Some((down, across)) = token.split_once('\\') else {
                continue;
            };
            if !down.is_empty() {
                let run: Vec<_> = (r + 1..)
                    .take_while(|&i| white(i, c))
                    .map(|i| (i, c))
                    .collect();
                runs.push((run, down.parse().unwrap()));
            }
            if !across.is_empty() {
                let run: Vec<_> = (c + 1..)
                    .take_while(|&j| white(r, j))
                    .map(|j| (r, j))
                    .collect();
                runs.push((run, across.parse().unwrap()));
            }
        }
    }
    (cells, runs)
}

/// A Kakuro model: one variable per cell (in the order of `cells`).
struct Kakuro {
    model: Model,
    cells: Vec<(usize, usize)>,
    vars: Vec<VarId>,
    runs: Vec<Run>,
}

fn model(grid: &str) -> Kakuro {
    let (cells, runs) = parse(grid);
    let mut model = Model::new();
    let vars = model.new_vars(cells.len(), 1..=9).unwrap();
    for (run, total) in &runs {
        let scope: Vec<VarId> = run
            .iter()
            .map(|p| vars[cells.binary_search(p).unwrap()])
            .collect();
        model.all_different_sum(&scope, *total).unwrap();
    }
    Kakuro {
        model,
        cells,
        vars,
        runs,
    }
}

fn check(grid: &str, cells_expected: usize, runs_expected: usize) {
    let Kakuro {
        model,
        cells,
        vars,
        runs,
    } = model(grid);
    assert_eq!((cells.len(), runs.len()), (cells_expected, runs_expected));
    // A well-drawn Kakuro: every cell in one run across and one down.
    for p in &cells {
        let n = runs.iter().filter(|(run, _)| run.contains(p)).count();
        assert_eq!(n, 2, "cell {p:?} is in {n} runs");
    }
    for order in [VariableOrder::Mrv, VariableOrder::DomWdeg] {
        let mut solver =
            Solver::with_options(&model, SearchOptions::default().with_variable_order(order));
        let Uniqueness::Unique(solution) = solver.uniqueness() else {
            panic!("expected a unique solution");
        };
        let value = |p: &(usize, usize)| solution[vars[cells.binary_search(p).unwrap()]];
        for (run, total) in &runs {
            let values: Vec<Value> = run.iter().map(value).collect();
            let mut sorted = values.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), values.len(), "a digit repeats in {run:?}");
            assert_eq!(values.iter().map(|&v| i64::from(v)).sum::<i64>(), *total);
        }
    }
}

#[test]
fn nikoli_hard_by_yuichi_saito_has_one_solution() {
    check(SAITO, 150, 94);
}

#[test]
fn nikoli_hard_by_ox_has_one_solution() {
    check(OX, 208, 118);
}
