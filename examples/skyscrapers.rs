//! Skyscrapers: fill an `n x n` grid with building heights 1..=n, each once
//! per row and column (a Latin square). A clue outside the grid says how many
//! buildings are visible from there, looking along the row or column: a
//! building is visible when it is taller than every building before it.
//!
//! Run `cargo run --release --example skyscrapers`.
//!
//! The model is the rules, one line each: a Latin square (AllDifferent on
//! every row and column) and, per clue, csp-core's built-in
//! [`visible_count`](Model::visible_count) over the line read from the clue.

use gridcsp::csp_core::{Grid, Model, Solver, Stats, Uniqueness, Value, VarId};
use std::error::Error;

/// The default puzzle, 6 x 6, made for this example: clues of a random
/// Latin square, removed one by one while the solution stayed unique (10 of
/// the 24 are left). Each line lists the clues on one side, in order (left to
/// right for `top` and `bottom`, top to bottom for `left` and `right`); `.`
/// is no clue.
pub(crate) const CLUES: &str = "
    top    . . . 4 4 2
    bottom . 5 2 . 3 .
    left   . . . . 5 3
    right  3 . 4 . . .
";

/// The solution of the default puzzle.
pub(crate) const SOLUTION: [[Value; 6]; 6] = [
    [3, 6, 5, 2, 1, 4],
    [4, 5, 6, 3, 2, 1],
    [6, 2, 1, 5, 4, 3],
    [5, 4, 3, 1, 6, 2],
    [1, 3, 2, 4, 5, 6],
    [2, 1, 4, 6, 3, 5],
];

/// The clues of one side, `None` where there is no clue.
pub(crate) type Side = Vec<Option<usize>>;

/// The Skyscrapers model: an `n x n` Latin square over 1..=n and one
/// `visible_count` per clue.
pub(crate) fn model(n: usize, clues: &str) -> Result<(Model, Grid), Box<dyn Error>> {
    let [top, bottom, left, right] = parse_clues(clues, n)?;
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 1..=Value::try_from(n)?)?;
    for line in grid.lines() {
        model.all_different(&line)?;
    }
    let mut add = |cells: Vec<VarId>, clue: Option<usize>| match clue {
        Some(seen) => model.visible_count(&cells, seen).map(|_| ()),
        None => Ok(()),
    };
    for i in 0..n {
        let column = grid.column(i);
        let row = grid.row(i).to_vec();
        add(column.clone(), top[i])?;
        add(column.into_iter().rev().collect(), bottom[i])?;
        add(row.clone(), left[i])?;
        add(row.into_iter().rev().collect(), right[i])?;
    }
    Ok((model, grid))
}

/// Parses clues written like [`CLUES`]: the sides `top`, `bottom`, `left`
/// and `right`, in this order.
pub(crate) fn parse_clues(text: &str, n: usize) -> Result<[Side; 4], String> {
    let mut sides: [Side; 4] = Default::default();
    let names = ["top", "bottom", "left", "right"];
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() != 4 {
        return Err(format!("expected 4 lines of clues, found {}", lines.len()));
    }
    for ((side, name), line) in sides.iter_mut().zip(names).zip(lines) {
        let mut words = line.split_whitespace();
        if words.next() != Some(name) {
            return Err(format!("expected the line of {name} clues, found {line:?}"));
        }
        for word in words {
            side.push(match word {
                "." => None,
                _ => Some(
                    word.parse()
                        .map_err(|_| format!("bad clue {word:?} ({name})"))?,
                ),
            });
        }
        if side.len() != n {
            return Err(format!("{name}: expected {n} clues, found {}", side.len()));
        }
    }
    Ok(sides)
}

/// A solved grid, row by row.
pub(crate) type Rows = Vec<Vec<Value>>;

/// Solves the default puzzle and proves the solution unique: the solution
/// row by row (or `None` if there is not exactly one) and the statistics.
pub(crate) fn solve_default() -> Result<(Option<Rows>, Stats), Box<dyn Error>> {
    let (model, grid) = model(6, CLUES)?;
    let mut solver = Solver::new(&model);
    let solution = match solver.uniqueness() {
        Uniqueness::Unique(solution) => Some(grid.values(&solution)),
        _ => None,
    };
    Ok((solution, solver.stats()))
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("clues:{CLUES}");
    let (solution, stats) = solve_default()?;
    match solution {
        Some(rows) => {
            for row in &rows {
                let line: Vec<String> = row.iter().map(ToString::to_string).collect();
                println!("{}", line.join(" "));
            }
            let matches = rows.iter().zip(&SOLUTION).all(|(a, b)| a == b);
            println!("unique solution; matches the recorded one: {matches}");
        }
        None => println!("the puzzle does not have exactly one solution"),
    }
    println!("search: {stats}");
    Ok(())
}
