//! Killer Sudoku: a Sudoku with no givens, where the grid is cut into cages;
//! the digits of a cage add up to the cage's total and do not repeat.
//!
//! Run `cargo run --release --example killer_sudoku`.
//!
//! The cage rule is a user constraint, [`CageSum`], written in the two steps
//! of the plug-in workflow:
//!
//! 1. the check, [`is_satisfied`](Constraint::is_satisfied): distinct values
//!    adding up to the total. With nothing else the engine forward-checks it
//!    (it prunes the last open cell of a cage);
//! 2. a stronger [`propagate`](Constraint::propagate): a fixed digit is
//!    removed from the rest of its cage, and a digit `v` stays in a cell only
//!    if the other open cells can still reach the total with distinct digits:
//!    their smallest possible sum (the smallest distinct digits left to them)
//!    and their largest possible sum must bracket `total - fixed - v`.
//!
//! The example solves the puzzle both ways and prints the decisions, which
//! is the benchmark that justifies step 2.

use gridcsp::csp_core::{
    Conflict, Constraint, Grid, Model, PropagationContext, SolveOutcome, Solver, Stats, Uniqueness,
    Value, VarId, forward_check,
};
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

/// A Killer cage: the cells take distinct values that add up to `total`.
#[derive(Clone, Debug)]
pub(crate) struct CageSum {
    /// The cells of the cage.
    pub(crate) cells: Vec<VarId>,
    /// Their sum.
    pub(crate) total: i64,
    /// Use the stronger `propagate` (otherwise: forward checking only).
    pub(crate) strong: bool,
}

/// The largest cage the mask-based propagation handles (a cage has at most
/// as many cells as there are digits anyway).
const MAX_CELLS: usize = 64;

impl Constraint for CageSum {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    /// Step 1, the rule itself: distinct values with the right sum.
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
        distinct && values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }

    /// Step 2: distinctness, then sum bounds that respect distinctness,
    /// repeated until nothing changes.
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if !self.strong {
            return forward_check(self, ctx);
        }
        let k = self.cells.len();
        // The bounds below work on 64-bit masks with a common base (digits
        // 1-9 always qualify); anything else gets the default behaviour.
        let Some((base, _)) = self.cells.first().and_then(|&c| ctx.mask(c)) else {
            return forward_check(self, ctx);
        };
        let aligned = self
            .cells
            .iter()
            .all(|&c| ctx.mask(c).is_some_and(|(b, _)| b == base));
        if !aligned || k > MAX_CELLS {
            return forward_check(self, ctx);
        }
        let value_of = |bit: u32| i64::from(base) + i64::from(bit);
        loop {
            let mut masks = [0u64; MAX_CELLS];
            for (mask, &cell) in masks.iter_mut().zip(&self.cells) {
                *mask = ctx.mask(cell).map_or(0, |(_, m)| m);
            }
            let masks = &mut masks[..k];

            // Distinctness: a digit placed in the cage is gone from its other cells.
            // Which cells are open is decided once per round: a cell that this
            // round narrows to one digit still counts as open until the next.
            let (mut taken, mut fixed_sum, mut open) = (0u64, 0i64, 0usize);
            let mut is_open = [false; MAX_CELLS];
            for (i, &m) in masks.iter().enumerate() {
                if m.is_power_of_two() {
                    if taken & m != 0 {
                        return Err(ctx.conflict());
                    }
                    taken |= m;
                    fixed_sum += value_of(m.trailing_zeros());
                } else {
                    is_open[i] = true;
                    open += 1;
                }
            }
            if open == 0 {
                return if fixed_sum == self.total {
                    Ok(())
                } else {
                    Err(ctx.conflict())
                };
            }
            for (m, _) in masks.iter_mut().zip(is_open).filter(|&(_, open)| open) {
                *m &= !taken;
            }

            // Sum bounds: for an open cell and a digit `v`, the other open
            // cells need distinct digits from what is left to them (not
            // taken, not `v`); their sum lies between the sum of the smallest
            // `open - 1` such digits and the sum of the largest.
            let others = open - 1;
            let mut new = [0u64; MAX_CELLS];
            for i in 0..k {
                let mine = masks[i];
                if !is_open[i] {
                    new[i] = mine;
                    continue;
                }
                let pool = (0..k)
                    .filter(|&j| j != i && is_open[j])
                    .fold(0u64, |acc, j| acc | masks[j]);
                let mut keep = 0u64;
                let mut bits = mine;
                while bits != 0 {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    let rest = pool & !(1u64 << bit);
                    let Some((low, high)) = extreme_sums(rest, others, value_of) else {
                        continue;
                    };
                    let need = self.total - fixed_sum - value_of(bit);
                    if low <= need && need <= high {
                        keep |= 1u64 << bit;
                    }
                }
                new[i] = keep;
            }

            ctx.set_rule("cage sum");
            let mut changed = false;
            for (&cell, &mask) in self.cells.iter().zip(&new) {
                if mask == 0 {
                    return Err(ctx.conflict());
                }
                changed |= ctx.intersect_mask(cell, base, mask)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// `propagate` loops to its own fixpoint.
    fn idempotent(&self) -> bool {
        self.strong
    }

    fn name(&self) -> &str {
        "cage sum"
    }
}

/// The sums of the `count` smallest and of the `count` largest values in
/// `pool`, or `None` if it holds fewer than `count` values.
fn extreme_sums(pool: u64, count: usize, value_of: impl Fn(u32) -> i64) -> Option<(i64, i64)> {
    if (pool.count_ones() as usize) < count {
        return None;
    }
    let (mut low, mut high) = (0, 0);
    let (mut from_low, mut from_high) = (pool, pool);
    for _ in 0..count {
        let lo = from_low.trailing_zeros();
        from_low &= from_low - 1;
        low += value_of(lo);
        let hi = 63 - from_high.leading_zeros();
        from_high &= !(1u64 << hi);
        high += value_of(hi);
    }
    Some((low, high))
}

/// The Killer Sudoku model: the grid, Sudoku's rules, and one [`CageSum`] per
/// cage of `cages` (a letter map) with totals from `sums`.
pub(crate) fn model(
    cages: &str,
    sums: &[(char, i64)],
    strong: bool,
) -> Result<(Model, Grid), Box<dyn Error>> {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 9, 9, 1..=9)?;
    for group in grid.lines().chain(grid.boxes(3, 3)?) {
        model.all_different(&group)?;
    }
    for (label, cells) in grid.regions_from_map(cages)? {
        let Some(&(_, total)) = sums.iter().find(|(l, _)| *l == label) else {
            return Err(format!("cage {label} has no total").into());
        };
        if !grid.is_connected(&cells) {
            return Err(format!("cage {label} is not connected").into());
        }
        model.add(CageSum {
            cells,
            total,
            strong,
        })?;
    }
    Ok((model, grid))
}

/// A solved grid, row by row.
pub(crate) type Rows = Vec<Vec<Value>>;

/// Solves the default puzzle: its solution and the search statistics, with
/// the strong propagation or forward checking only.
pub(crate) fn solve_default(strong: bool) -> Result<(Rows, Stats), Box<dyn Error>> {
    let (model, grid) = model(CAGES, &SUMS, strong)?;
    let mut solver = Solver::new(&model);
    match solver.solve() {
        SolveOutcome::Solved(solution) => Ok((grid.values(&solution), solver.stats())),
        other => Err(format!("no solution: {other:?}").into()),
    }
}

/// Whether the default puzzle has exactly one solution.
pub(crate) fn default_is_unique() -> Result<bool, Box<dyn Error>> {
    let (model, _) = model(CAGES, &SUMS, true)?;
    Ok(matches!(
        Solver::new(&model).uniqueness(),
        Uniqueness::Unique(_)
    ))
}

fn main() -> Result<(), Box<dyn Error>> {
    let (solution, strong) = solve_default(true)?;
    for row in &solution {
        let line: Vec<String> = row.iter().map(ToString::to_string).collect();
        println!("{}", line.join(" "));
    }
    let matches = solution.iter().zip(&SOLUTION).all(|(a, b)| a == b);
    println!("matches the published solution: {matches}");
    println!("unique: {}", default_is_unique()?);
    let (_, weak) = solve_default(false)?;
    println!("with cage-sum propagation: {strong}");
    println!("with forward checking only: {weak}");
    Ok(())
}
