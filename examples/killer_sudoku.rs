//! Killer Sudoku: a Sudoku with no givens, where the grid is cut into cages;
//! the digits of a cage add up to the cage's total and do not repeat.
//!
//! Run `cargo run --release --example killer_sudoku`.
//!
//! A cage is csp-core's built-in sum of distinct values,
//! [`Model::all_different_sum`]: it knows the cage's digit combinations (two
//! cells adding up to 4 hold 1 and 3, never 2 and 2) and keeps exactly the
//! candidates that some combination can still place, which is how people
//! solve Killers. The model also posts the cages the houses imply (the
//! "45 rule" of Killer solvers). The example solves the puzzle with these
//! cages and with the textbook decomposition of each (an AllDifferent plus
//! a bounds-consistent sum) and prints the search nodes of both.

use gridcsp::csp_core::{Grid, Model, SolveOutcome, Solver, Stats, Uniqueness, Value, VarId};
use std::error::Error;

/// The Killer Sudoku from Wikipedia's "Killer sudoku" article (puzzle drawn
/// by Toon Spin, public domain; also CSPLib problem 57's example). Each
/// letter is a cage; [`SUMS`] gives the cage totals.
pub(crate) const CAGES: &str = "
    a a b b b c d e f
    g g h h c c d e f
    g g i i c j k k f
    l m m i n j k o f
    l p p q n j o o r
    s p t q n u v v r
    s t t q w u u x x
    s y z w w A A x x
    s y z w B B B C C
";

/// The total of each cage of [`CAGES`].
pub(crate) const SUMS: [(char, i64); 29] = [
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

/// The published solution of the default puzzle, row by row.
pub(crate) const SOLUTION: [[Value; 9]; 9] = [
    [2, 1, 5, 6, 4, 7, 3, 9, 8],
    [3, 6, 8, 9, 5, 2, 1, 7, 4],
    [7, 9, 4, 3, 8, 1, 6, 5, 2],
    [5, 8, 6, 2, 7, 4, 9, 3, 1],
    [1, 4, 2, 5, 9, 3, 8, 6, 7],
    [9, 7, 3, 8, 1, 6, 4, 2, 5],
    [8, 2, 1, 7, 3, 9, 5, 4, 6],
    [6, 5, 9, 4, 2, 8, 7, 1, 3],
    [4, 3, 7, 1, 6, 5, 2, 8, 9],
];

/// How each cage is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CageRule {
    /// [`Model::all_different_sum`]: domain consistent on the combinations.
    DistinctSum,
    /// [`Model::all_different`] plus [`Model::sum_eq`] (bounds only).
    Decomposed,
}

/// Posts one cage: `cells` take distinct values adding up to `total`.
pub(crate) fn post_cage(
    model: &mut Model,
    cells: &[VarId],
    total: i64,
    rule: CageRule,
) -> Result<(), Box<dyn Error>> {
    match rule {
        CageRule::DistinctSum => {
            model.all_different_sum(cells, total)?;
        }
        CageRule::Decomposed => {
            model.all_different(cells)?;
            model.sum_eq(cells, total)?;
        }
    }
    Ok(())
}

/// The Killer Sudoku model: the grid, Sudoku's rules, one cage per letter
/// of `cages` with its total from `sums`, and the cages the houses imply.
pub(crate) fn model(
    cages: &str,
    sums: &[(char, i64)],
    rule: CageRule,
) -> Result<(Model, Grid), Box<dyn Error>> {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 9, 9, 1..=9)?;
    let houses: Vec<Vec<VarId>> = grid.lines().chain(grid.boxes(3, 3)?).collect();
    for house in &houses {
        model.all_different(house)?;
    }
    let mut printed = Vec::new();
    for (label, cells) in grid.regions_from_map(cages)? {
        let Some(&(_, total)) = sums.iter().find(|(l, _)| *l == label) else {
            return Err(format!("cage {label} has no total").into());
        };
        if !grid.is_connected(&cells) {
            return Err(format!("cage {label} is not connected").into());
        }
        post_cage(&mut model, &cells, total, rule)?;
        printed.push((cells, total));
    }
    for house in &houses {
        post_innies(&mut model, house, &printed, rule)?;
    }
    Ok((model, grid))
}

/// The "45 rule": a house adds up to 45, so its cells outside the cages
/// that lie wholly inside it (the innies) are a cage with the rest of 45;
/// and if the innies all belong to one cage, that cage's cells outside the
/// house are a cage too. Implied by the rules: it adds no solution and
/// removes none, but saves the search from guessing.
fn post_innies(
    model: &mut Model,
    house: &[VarId],
    cages: &[(Vec<VarId>, i64)],
    rule: CageRule,
) -> Result<(), Box<dyn Error>> {
    let inside: Vec<&(Vec<VarId>, i64)> = cages
        .iter()
        .filter(|(cells, _)| cells.iter().all(|c| house.contains(c)))
        .collect();
    let innies: Vec<VarId> = house
        .iter()
        .filter(|&c| !inside.iter().any(|(cells, _)| cells.contains(c)))
        .copied()
        .collect();
    if innies.is_empty() || innies.len() == house.len() {
        return Ok(());
    }
    let rest = 45 - inside.iter().map(|(_, total)| total).sum::<i64>();
    post_cage(model, &innies, rest, rule)?;
    if let Some((cells, total)) = cages.iter().find(|(cells, _)| cells.contains(&innies[0])) {
        let outside: Vec<VarId> = cells
            .iter()
            .filter(|c| !house.contains(c))
            .copied()
            .collect();
        if innies.iter().all(|c| cells.contains(c)) && !outside.is_empty() {
            post_cage(model, &outside, total - rest, rule)?;
        }
    }
    Ok(())
}

/// A solved grid, row by row.
pub(crate) type Rows = Vec<Vec<Value>>;

/// Solves the default puzzle with each cage posted by `rule`: its solution
/// and the search statistics.
pub(crate) fn solve_default(rule: CageRule) -> Result<(Rows, Stats), Box<dyn Error>> {
    let (model, grid) = model(CAGES, &SUMS, rule)?;
    let mut solver = Solver::new(&model);
    match solver.solve() {
        SolveOutcome::Solved(solution) => Ok((grid.values(&solution), solver.stats())),
        other => Err(format!("no solution: {other:?}").into()),
    }
}

/// Whether the default puzzle has exactly one solution.
pub(crate) fn default_is_unique() -> Result<bool, Box<dyn Error>> {
    let (model, _) = model(CAGES, &SUMS, CageRule::DistinctSum)?;
    Ok(matches!(
        Solver::new(&model).uniqueness(),
        Uniqueness::Unique(_)
    ))
}

fn main() -> Result<(), Box<dyn Error>> {
    let (solution, built_in) = solve_default(CageRule::DistinctSum)?;
    for row in &solution {
        let line: Vec<String> = row.iter().map(ToString::to_string).collect();
        println!("{}", line.join(" "));
    }
    let matches = solution.iter().zip(&SOLUTION).all(|(a, b)| a == b);
    println!("matches the published solution: {matches}");
    println!("unique: {}", default_is_unique()?);
    let (_, decomposed) = solve_default(CageRule::Decomposed)?;
    println!("with all_different_sum cages: {built_in}");
    println!("with AllDifferent + sum cages: {decomposed}");
    Ok(())
}
