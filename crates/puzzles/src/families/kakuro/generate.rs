//! The seeded generator: a random block pattern (the top row and left
//! column are blocks; runs of 2 to 9 cells), a random filling of its
//! runs with distinct digits, the sums from it as clues; kept when it has
//! one solution and grades at the level asked.

use super::{Kakuro, KakuroPuzzle, KakuroSolution, LEVELS, Square};
use crate::family::{Family, GenerateError, GenerateOptions, Generated, GradeError, Unique};
use csp_core::{Limits, Model, SearchOptions, Solver, ValueOrder, VarId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The search nodes a candidate's uniqueness proof or grade may take.
const MAX_NODES: u64 = 20_000;

/// The sizes made (rows and columns, clue row and column included).
const SIZES: std::ops::RangeInclusive<usize> = 3..=10;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 5,046 at the median and at most 11,127.
const ATTEMPTS: u32 = 100_000;

pub(super) fn generate(
    family: &Kakuro,
    o: &GenerateOptions,
) -> Result<Generated<KakuroPuzzle, KakuroSolution>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    if !SIZES.contains(&rows) || !SIZES.contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "Kakuro puzzles are generated from {0}x{0} to {1}x{1}, not {rows}x{cols}",
            SIZES.start(),
            SIZES.end()
        )));
    }
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for kakuro (0 to {})",
            o.level,
            LEVELS.len() - 1
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    // A candidate whose search runs long is dropped, not waited for.
    let limits = Limits {
        nodes: Some(MAX_NODES),
        ..Limits::default()
    };
    let attempts = o.attempts_or(ATTEMPTS);
    for attempt in 1..=attempts {
        o.check()?;
        let mut white = pattern(rows, cols, o.level, &mut rng);
        let Some(values) = fill(rows, cols, &white, rng.random())? else {
            continue;
        };
        // While two solutions differ, block a cell where they do (its runs
        // split; the filling stays valid on what is left).
        let min_white = (rows - 1) * (cols - 1) / 4;
        for _ in 0..rows * cols {
            if white.iter().filter(|&&w| w).count() < min_white {
                break;
            }
            let Some(puzzle) = clues(rows, cols, &white, &values) else {
                break;
            };
            match family.uniqueness(&puzzle, &limits).0 {
                Unique::Unique(_) => {}
                Unique::Multiple(a, b) => {
                    let differ: Vec<usize> = (0..rows * cols)
                        .filter(|&i| a.values[i] != b.values[i])
                        .collect();
                    if differ.is_empty() {
                        break;
                    }
                    white[differ[rng.random_range(0..differ.len())]] = false;
                    prune(rows, cols, &mut white);
                    continue;
                }
                _ => break,
            }
            match family.grade(&puzzle, &limits) {
                Ok(grade) if grade.rank == o.level => {
                    let values = values
                        .iter()
                        .zip(&white)
                        .map(|(&v, &w)| if w { v } else { 0 })
                        .collect();
                    let solution = KakuroSolution { rows, cols, values };
                    return Ok(Generated {
                        puzzle,
                        solution,
                        grade,
                        attempts: attempt,
                    });
                }
                // Too hard: a block more shortens runs and makes it easier.
                Ok(grade) if grade.rank > o.level => {
                    let cells: Vec<usize> = (0..rows * cols).filter(|&i| white[i]).collect();
                    white[cells[rng.random_range(0..cells.len())]] = false;
                    prune(rows, cols, &mut white);
                }
                Err(GradeError::Model(e)) => return Err(GenerateError::Model(e)),
                _ => break,
            }
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts,
    })
}

/// A block pattern, symmetric under a half turn of the white area: every
/// white cell is in a right run and a down run of 2 to 9 cells.
fn pattern(rows: usize, cols: usize, level: usize, rng: &mut ChaCha8Rng) -> Vec<bool> {
    let mut white = vec![false; rows * cols];
    // Easy puzzles have more blocks (shorter runs, tighter sums).
    let block_in = [3, 8, 10][level.min(2)];
    for r in 1..rows {
        for c in 1..cols {
            white[r * cols + c] = true;
        }
    }
    for r in 1..rows {
        for c in 1..cols {
            if rng.random_range(0..block_in) == 0 {
                white[r * cols + c] = false;
                // The half turn of the area r >= 1, c >= 1.
                let (mr, mc) = (rows - r, cols - c);
                white[mr * cols + mc] = false;
            }
        }
    }
    prune(rows, cols, &mut white);
    white
}

/// Blocks the cells in runs of one and cuts runs of ten or more, until
/// every run has 2 to 9 cells.
fn prune(rows: usize, cols: usize, white: &mut [bool]) {
    loop {
        let mut changed = false;
        for r in 1..rows {
            for c in 1..cols {
                if !white[r * cols + c] {
                    continue;
                }
                let across = run_len(white, cols, r, c, 0, 1);
                let down = run_len(white, cols, r, c, 1, 0);
                if !(2..=9).contains(&across) || !(2..=9).contains(&down) {
                    white[r * cols + c] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// The length of the run through `r, c` in direction `(dr, dc)`.
fn run_len(white: &[bool], cols: usize, r: usize, c: usize, dr: usize, dc: usize) -> usize {
    let rows = white.len() / cols;
    let mut len = 1;
    let (mut rr, mut cc) = (r, c);
    while rr >= dr && cc >= dc && white[(rr - dr) * cols + (cc - dc)] {
        rr -= dr;
        cc -= dc;
        len += 1;
    }
    let (mut rr, mut cc) = (r + dr, c + dc);
    while rr < rows && cc < cols && white[rr * cols + cc] {
        rr += dr;
        cc += dc;
        len += 1;
    }
    len
}

/// Random distinct digits in every run (row-major, `0` on blocks); `None`
/// if the pattern has no white cell.
fn fill(
    rows: usize,
    cols: usize,
    white: &[bool],
    seed: u64,
) -> Result<Option<Vec<u8>>, GenerateError> {
    if !white.contains(&true) {
        return Ok(None);
    }
    let mut m = Model::new();
    let mut vars: Vec<Option<VarId>> = vec![None; rows * cols];
    for (i, &w) in white.iter().enumerate() {
        if w {
            vars[i] = Some(m.new_var(1..=9)?);
        }
    }
    let mut run = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0)] {
        for r in 0..rows {
            for c in 0..cols {
                let starts =
                    white[r * cols + c] && (r < dr || c < dc || !white[(r - dr) * cols + (c - dc)]);
                if !starts {
                    continue;
                }
                run.clear();
                let (mut rr, mut cc) = (r, c);
                while rr < rows && cc < cols && white[rr * cols + cc] {
                    run.extend(vars[rr * cols + cc]);
                    rr += dr;
                    cc += dc;
                }
                m.all_different(&run)?;
            }
        }
    }
    let options = SearchOptions::default().with_value_order(ValueOrder::Random { seed });
    let mut s = Solver::with_options(&m, options);
    Ok(s.solve()
        .into_solution()
        .map(|sol| vars.iter().map(|v| v.map_or(0, |v| sol[v] as u8)).collect()))
}

/// The puzzle whose clues are the sums of `values`' runs.
fn clues(rows: usize, cols: usize, white: &[bool], values: &[u8]) -> Option<KakuroPuzzle> {
    let sum_from = |r: usize, c: usize, dr: usize, dc: usize| -> Option<u8> {
        let (mut rr, mut cc) = (r + dr, c + dc);
        let mut total = 0u8;
        while rr < rows && cc < cols && white[rr * cols + cc] {
            total += values[rr * cols + cc];
            rr += dr;
            cc += dc;
        }
        (total > 0).then_some(total)
    };
    let mut squares = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            squares.push(if white[r * cols + c] {
                Square::White
            } else {
                match (sum_from(r, c, 1, 0), sum_from(r, c, 0, 1)) {
                    (None, None) => Square::Block,
                    (down, right) => Square::Clue { down, right },
                }
            });
        }
    }
    KakuroPuzzle::new(rows, cols, squares).ok()
}
