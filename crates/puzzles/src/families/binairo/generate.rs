//! The seeded Binairo and Unruly generator, after Tatham's recipe
//! (`unruly.c`): fill a random valid grid (csp-core's search with a seeded
//! random value order), then empty its cells in random order, keeping each
//! cell empty while the puzzle stays within the level asked for (solved by
//! that level's propagation, or unique for the top level). The result is
//! kept if it grades exactly at that level.
//!
//! Every candidate is checked on one model per level, built once for the
//! grid's size, with the givens as solver assumptions.
//!
//! Random numbers come from `ChaCha8Rng::seed_from_u64(seed)`, so a seed
//! gives the same puzzle on every machine.

use super::model::build_empty;
use super::{BinairoPuzzle, BinaryGrid, LEVELS, enough_lines};
use crate::families::quick_grade::Root;
use crate::family::{GenerateError, GenerateOptions, Generated, Grade};
use csp_core::{Model, SearchOptions, SolveOutcome, Solver, Uniqueness, Value, ValueOrder, VarId};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest side the generator makes.
pub const MAX_GENERATED_SIDE: usize = 40;

/// The models of one grid size, one per level.
struct Models {
    levels: Vec<(Model, Vec<VarId>)>,
    solve: (Model, Vec<VarId>),
}

impl Models {
    /// Root propagation at `level` with `givens` (0: empty).
    fn root(&self, level: usize, givens: &[u8]) -> Root {
        let (model, cells) = &self.levels[level];
        let mut s = Solver::with_options(model, crate::generic::default_search_options());
        if s.set_assumptions(&assumptions(cells, givens)).is_err() {
            return Root::Failed;
        }
        match s.propagate() {
            Ok(d) if cells.iter().all(|&v| d.is_fixed(v)) => Root::Solved,
            Ok(_) => Root::Open,
            Err(_) => Root::Failed,
        }
    }

    /// Whether `givens` have exactly one solution (search on the solving
    /// model).
    fn unique(&self, givens: &[u8]) -> bool {
        let (model, cells) = &self.solve;
        let mut s = Solver::with_options(model, crate::generic::default_search_options());
        s.set_assumptions(&assumptions(cells, givens)).is_ok()
            && matches!(s.uniqueness(), Uniqueness::Unique(_))
    }

    /// The lowest level whose propagation solves `givens`, the top level
    /// if none does but the solution is unique.
    fn level(&self, givens: &[u8]) -> Option<usize> {
        let top = LEVELS.len() - 1;
        for level in 0..top {
            match self.root(level, givens) {
                Root::Solved => return Some(level),
                Root::Failed => return None,
                Root::Open => {}
            }
        }
        self.unique(givens).then_some(top)
    }
}

fn assumptions(cells: &[VarId], givens: &[u8]) -> Vec<(VarId, Value)> {
    cells
        .iter()
        .zip(givens)
        .filter(|(_, g)| **g != 0)
        .map(|(&v, &g)| (v, Value::from(g)))
        .collect()
}

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 4 at the median and at most 11.
const ATTEMPTS: u32 = 1000;

pub(crate) fn generate(
    distinct: bool,
    o: &GenerateOptions,
) -> Result<Generated<BinairoPuzzle, BinaryGrid>, GenerateError> {
    let (rows, cols) = (o.rows, o.cols);
    let name = if distinct { "binairo" } else { "unruly" };
    let side = |n: usize| n % 2 == 0 && (4..=MAX_GENERATED_SIDE).contains(&n);
    if !side(rows) || !side(cols) {
        return Err(GenerateError::BadOptions(format!(
            "{name} puzzles are generated with even sides from 4 to {MAX_GENERATED_SIDE}, not {rows}x{cols}"
        )));
    }
    if distinct && !(enough_lines(cols, rows) && enough_lines(rows, cols)) {
        return Err(GenerateError::BadOptions(format!(
            "a {rows}x{cols} grid has more lines than there are distinct lines"
        )));
    }
    let Some(level) = LEVELS.get(o.level) else {
        return Err(GenerateError::BadOptions(format!(
            "no level {} for {name} (0 to {})",
            o.level,
            LEVELS.len() - 1
        )));
    };
    let top = LEVELS.len() - 1;
    let models = Models {
        levels: (0..top)
            .map(|l| build_empty(rows, cols, distinct, Some(l)))
            .collect::<Result<_, _>>()?,
        solve: build_empty(rows, cols, distinct, super::model::SOLVE)?,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    for attempt in 1..=o.attempts_or(ATTEMPTS) {
        o.check()?;
        let Some(full) = random_grid(&models, &mut rng) else {
            continue;
        };
        let mut givens = full.clone();
        let mut order: Vec<usize> = (0..givens.len()).collect();
        order.shuffle(&mut rng);
        for i in order {
            let v = givens[i];
            givens[i] = 0;
            let good = if o.level < top {
                models.root(o.level, &givens) == Root::Solved
            } else {
                models.unique(&givens)
            };
            if !good {
                givens[i] = v;
            }
        }
        if models.level(&givens) == Some(o.level) {
            return Ok(Generated {
                puzzle: BinairoPuzzle {
                    grid: BinaryGrid {
                        rows,
                        cols,
                        cells: givens,
                    },
                    distinct,
                },
                solution: BinaryGrid {
                    rows,
                    cols,
                    cells: full,
                },
                grade: Grade {
                    rank: o.level,
                    level: level.name,
                    technique: None,
                    decisions: 0,
                },
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts: o.attempts_or(ATTEMPTS),
    })
}

/// A random filled grid: the first solution of the empty grid's model
/// with a seeded random value order (within a node budget).
fn random_grid(models: &Models, rng: &mut ChaCha8Rng) -> Option<Vec<u8>> {
    let (model, cells) = &models.solve;
    let options = SearchOptions::default()
        .with_value_order(ValueOrder::Random { seed: rng.random() })
        .with_node_limit(100_000);
    match Solver::with_options(model, options).solve() {
        SolveOutcome::Solved(s) => cells.iter().map(|&v| s.get(v).map(|x| x as u8)).collect(),
        _ => None,
    }
}
