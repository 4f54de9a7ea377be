//! The seeded generator: a random Latin square, cut into cages (dominoes
//! first, then the single cells folded into their neighbours), an
//! operation and target per cage from the square; kept when it has one
//! solution and grades at the level asked.

use super::{Cage, KenKen, KenKenPuzzle, KenKenSolution, LEVELS, Op};
use crate::family::{Cell, Family, GenerateError, GenerateOptions, Generated, GradeError};
use csp_core::{Grid, Limits, Model, SearchOptions, Solver, Value, ValueOrder};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sizes the generator makes.
pub(super) const SIZES: std::ops::RangeInclusive<usize> = 3..=9;

/// The largest cage made.
const MAX_CAGE: usize = 5;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, extreme, took 54 at the median and at most 194.
const ATTEMPTS: u32 = 2000;

pub(super) fn generate(
    family: &KenKen,
    o: &GenerateOptions,
) -> Result<Generated<KenKenPuzzle, KenKenSolution>, GenerateError> {
    let n = o.rows;
    if o.rows != o.cols {
        return Err(GenerateError::BadOptions(format!(
            "a KenKen grid is square, not {}x{}",
            o.rows, o.cols
        )));
    }
    if !SIZES.contains(&n) {
        return Err(GenerateError::BadOptions(format!(
            "KenKen puzzles are generated from {}x{0} to {}x{1}, not {n}x{n}",
            SIZES.start(),
            SIZES.end()
        )));
    }
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for kenken (0 to {})",
            o.level,
            LEVELS.len() - 1
        )));
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let limits = Limits::default();
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        let square = latin_square(n, rng.random())?;
        let cages = cut(n, &square, o.level, &mut rng);
        let Ok(puzzle) = KenKenPuzzle::from_cages(n, cages) else {
            continue;
        };
        match family.grade(&puzzle, &limits) {
            Ok(grade) if grade.rank == o.level => {
                let solution = KenKenSolution {
                    n,
                    values: square.iter().map(|&v| v as u8).collect(),
                };
                return Ok(Generated {
                    puzzle,
                    solution,
                    grade,
                    attempts: attempt,
                });
            }
            Ok(_) | Err(GradeError::MultipleSolutions | GradeError::NoSolution) => {}
            Err(GradeError::Model(e)) => return Err(GenerateError::Model(e)),
            Err(_) => {}
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts: o.attempts_or(ATTEMPTS),
    })
}

/// A random Latin square (row-major), from a search with random value order.
fn latin_square(n: usize, seed: u64) -> Result<Vec<Value>, GenerateError> {
    let mut m = Model::new();
    let grid = Grid::new_unnamed(&mut m, n, n, 1..=n as Value)?;
    for line in grid.lines() {
        m.all_different(&line)?;
    }
    let options = SearchOptions::default().with_value_order(ValueOrder::Random { seed });
    let mut s = Solver::with_options(&m, options);
    let solution = s
        .solve()
        .into_solution()
        .ok_or_else(|| GenerateError::BadOptions(format!("no {n}x{n} Latin square was found")))?;
    Ok(grid.cells().iter().map(|&v| solution[v]).collect())
}

/// Cuts the grid into cages and gives each an operation and a target.
///
/// Harder levels fold every single cell into a neighbouring cage (no
/// givens) and allow larger cages; easy ones keep a few givens.
fn cut(n: usize, square: &[Value], level: usize, rng: &mut ChaCha8Rng) -> Vec<Cage> {
    let cells = n * n;
    let mut cage = vec![usize::MAX; cells];
    let mut sizes: Vec<usize> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    shuffle(&mut order, rng);
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut out = [usize::MAX; 4];
        if r > 0 {
            out[0] = i - n;
        }
        if c + 1 < n {
            out[1] = i + 1;
        }
        if r + 1 < n {
            out[2] = i + n;
        }
        if c > 0 {
            out[3] = i - 1;
        }
        out
    };
    // Dominoes.
    for &i in &order {
        if cage[i] != usize::MAX || rng.random_range(0..4) == 0 {
            continue;
        }
        let free: Vec<usize> = neighbours(i)
            .into_iter()
            .filter(|&j| j != usize::MAX && cage[j] == usize::MAX)
            .collect();
        if free.is_empty() {
            continue;
        }
        let j = free[rng.random_range(0..free.len())];
        cage[i] = sizes.len();
        cage[j] = sizes.len();
        sizes.push(2);
    }
    // Single cells join a neighbouring cage, or stay givens.
    let keep_given = match level {
        0 => 3,
        1 => 6,
        _ => 0,
    };
    let max_cage = if level >= 2 { MAX_CAGE } else { 4 };
    for &i in &order {
        if cage[i] != usize::MAX {
            continue;
        }
        let options: Vec<usize> = neighbours(i)
            .into_iter()
            .filter(|&j| j != usize::MAX && cage[j] != usize::MAX && sizes[cage[j]] < max_cage)
            .collect();
        let stay = keep_given > 0 && rng.random_range(0..keep_given) == 0;
        if options.is_empty() || stay {
            cage[i] = sizes.len();
            sizes.push(1);
        } else {
            let j = options[rng.random_range(0..options.len())];
            cage[i] = cage[j];
            sizes[cage[j]] += 1;
        }
    }
    let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); sizes.len()];
    for (i, &k) in cage.iter().enumerate() {
        groups[k].push(Cell::new(i / n, i % n));
    }
    groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|cells| {
            let values: Vec<i64> = cells
                .iter()
                .map(|c| i64::from(square[c.row * n + c.col]))
                .collect();
            let (op, target) = clue(&values, n, rng);
            Cage { op, target, cells }
        })
        .collect()
}

/// An operation for a cage holding `values`, and its target.
fn clue(values: &[i64], n: usize, rng: &mut ChaCha8Rng) -> (Op, i64) {
    let sum: i64 = values.iter().sum();
    let product: i64 = values.iter().product();
    match values {
        [v] => (Op::Given, *v),
        [a, b] => {
            let (hi, lo) = ((*a).max(*b), (*a).min(*b));
            let mut ops = vec![(Op::Add, sum), (Op::Mul, product)];
            if hi - lo < n as i64 - 1 {
                ops.push((Op::Sub, hi - lo));
                ops.push((Op::Sub, hi - lo));
            }
            if hi % lo == 0 && 2 * (hi / lo) <= n as i64 {
                ops.push((Op::Div, hi / lo));
                ops.push((Op::Div, hi / lo));
            }
            ops[rng.random_range(0..ops.len())]
        }
        _ => {
            if rng.random_range(0..2) == 0 {
                (Op::Add, sum)
            } else {
                (Op::Mul, product)
            }
        }
    }
}

fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
