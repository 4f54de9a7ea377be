//! KenKen: fill an `n x n` grid with 1..=n so that every row and column
//! holds each number once (a Latin square), and the numbers of each cage give
//! the cage's target under its operation: `+` (sum), `-` (difference of two),
//! `x` (product) or `/` (quotient of two). A one-cell cage is a given.
//!
//! Run `cargo run --release --example kenken`.
//!
//! The cage rule is a user constraint, [`Cage`]. Its
//! [`is_satisfied`](Constraint::is_satisfied) is the rule as printed; its
//! [`propagate`](Constraint::propagate) makes the cage *domain consistent*:
//! it lists every combination of the cells' current values that reaches the
//! target (cutting a branch as soon as a partial sum overshoots or a partial
//! product stops dividing the target) and keeps exactly the values that occur
//! in one. Cages have a handful of cells, so the enumeration is cheap, and
//! one pass reaches the constraint's fixpoint.

use gridcsp::csp_core::{
    Conflict, Constraint, Grid, Model, PropagationContext, Solver, Uniqueness, Value, VarId,
    forward_check,
};
use std::error::Error;

/// The 6 x 6 example of Wikipedia's "KenKen" article. Each letter is a cage;
/// [`TARGETS`] gives its operation and target.
pub(crate) const CAGES: &str = "
    a b b c d d
    a e e c f d
    g g h h f d
    g g i j k k
    l l i j j m
    n n n o o m
";

/// The target and operation of each cage of [`CAGES`], as `label=target`
/// followed by `+`, `-`, `x` or `/` (nothing for a one-cell cage).
pub(crate) const TARGETS: &str = "
    a=11+ b=2/ c=20x d=6x e=3- f=3/ g=240x h=6x
    i=6x j=7+ k=30x l=6x m=9+ n=8+ o=2/
";

/// The published solution of the default puzzle.
pub(crate) const SOLUTION: [[Value; 6]; 6] = [
    [5, 6, 3, 4, 1, 2],
    [6, 1, 4, 5, 2, 3],
    [4, 5, 2, 3, 6, 1],
    [3, 4, 1, 2, 5, 6],
    [2, 3, 6, 1, 4, 5],
    [1, 2, 5, 6, 3, 4],
];

/// A cage's operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// The cells add up to the target.
    Add,
    /// Two cells whose difference is the target.
    Sub,
    /// The cells multiply to the target.
    Mul,
    /// Two cells whose quotient (larger by smaller) is the target.
    Div,
    /// One cell equal to the target.
    Given,
}

impl Op {
    /// The operation written after a target (`""` for a one-cell cage).
    pub(crate) fn from_symbol(symbol: &str) -> Option<Op> {
        Some(match symbol {
            "+" => Op::Add,
            "-" => Op::Sub,
            "x" | "*" => Op::Mul,
            "/" => Op::Div,
            "" => Op::Given,
            _ => return None,
        })
    }

    /// The symbol printed in a cage.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "x",
            Op::Div => "/",
            Op::Given => "",
        }
    }
}

/// A KenKen cage: the cells' values combine to `target` under `op`.
#[derive(Clone, Debug)]
pub(crate) struct Cage {
    /// The cells.
    pub(crate) cells: Vec<VarId>,
    /// The operation.
    pub(crate) op: Op,
    /// The target.
    pub(crate) target: i64,
}

/// The most cells a cage may have for the enumerating `propagate` (beyond
/// this it falls back to forward checking).
const MAX_CELLS: usize = 10;

impl Cage {
    /// Whether a full tuple of values meets the target.
    fn holds(&self, values: &[i64]) -> bool {
        match (self.op, values) {
            (Op::Add, _) => values.iter().sum::<i64>() == self.target,
            (Op::Mul, _) => values.iter().product::<i64>() == self.target,
            (Op::Sub, &[a, b]) => (a - b).abs() == self.target,
            (Op::Div, &[a, b]) => {
                let (small, large) = (a.min(b), a.max(b));
                small != 0 && large == small * self.target
            }
            (Op::Given, &[a]) => a == self.target,
            _ => false,
        }
    }

    /// Depth-first enumeration of the tuples that meet the target, marking
    /// in `support[i]` the values cell `i` takes in at least one of them.
    /// `acc` is the sum or product so far; `bounds[i]` the smallest and
    /// largest sum the cells from `i` on can still add.
    fn enumerate(
        &self,
        domains: &[Vec<i64>],
        bounds: &[(i64, i64)],
        path: &mut Vec<i64>,
        acc: i64,
        support: &mut [Vec<bool>],
    ) {
        let i = path.len();
        if i == domains.len() {
            if self.holds(path) {
                for (j, &v) in path.iter().enumerate() {
                    if let Some(k) = domains[j].iter().position(|&w| w == v) {
                        support[j][k] = true;
                    }
                }
            }
            return;
        }
        for &v in &domains[i] {
            let next = match self.op {
                Op::Add => {
                    let sum = acc + v;
                    let (low, high) = bounds[i + 1];
                    if sum + low > self.target || sum + high < self.target {
                        continue;
                    }
                    sum
                }
                Op::Mul => {
                    let product = acc.saturating_mul(v);
                    if product == 0 || self.target % product != 0 {
                        continue;
                    }
                    product
                }
                Op::Sub | Op::Div | Op::Given => acc,
            };
            path.push(v);
            self.enumerate(domains, bounds, path, next, support);
            path.pop();
        }
    }
}

impl Constraint for Cage {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let values: Vec<i64> = values.iter().map(|&v| i64::from(v)).collect();
        self.holds(&values)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        // The product pruning assumes positive values (KenKen's 1..=n).
        let positive = self.cells.iter().all(|&c| ctx.min(c) >= 1);
        if self.cells.len() > MAX_CELLS || (self.op == Op::Mul && !positive) {
            return forward_check(self, ctx);
        }
        let domains: Vec<Vec<i64>> = self
            .cells
            .iter()
            .map(|&c| ctx.iter(c).map(i64::from).collect())
            .collect();
        // bounds[i]: the least and most the cells i.. can add (for `+`).
        let mut bounds = vec![(0, 0); domains.len() + 1];
        for i in (0..domains.len()).rev() {
            let (low, high) = bounds[i + 1];
            let first = domains[i].first().copied().unwrap_or(0);
            let last = domains[i].last().copied().unwrap_or(0);
            bounds[i] = (low + first, high + last);
        }
        let mut support: Vec<Vec<bool>> = domains.iter().map(|d| vec![false; d.len()]).collect();
        let start = if self.op == Op::Mul { 1 } else { 0 };
        self.enumerate(&domains, &bounds, &mut Vec::new(), start, &mut support);

        ctx.set_rule("cage arithmetic");
        for ((&cell, values), supported) in self.cells.iter().zip(&domains).zip(&support) {
            for (&v, &ok) in values.iter().zip(supported) {
                if !ok {
                    // Values come from the domain, so they fit a `Value`.
                    ctx.remove(cell, v as Value)?;
                }
            }
        }
        Ok(())
    }

    /// Every value left has a supporting tuple made of values left, so one
    /// call reaches the fixpoint.
    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "kenken cage"
    }
}

/// Parses targets written like [`TARGETS`] into `(label, op, target)`.
pub(crate) fn parse_targets(spec: &str) -> Result<Vec<(char, Op, i64)>, String> {
    spec.split_whitespace()
        .map(|item| {
            let bad = || format!("bad cage target {item:?} (expected e.g. a=12+)");
            let (label, rest) = item.split_once('=').ok_or_else(bad)?;
            let mut chars = label.chars();
            let (Some(label), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let target = rest[..digits].parse().map_err(|_| bad())?;
            let op = Op::from_symbol(&rest[digits..]).ok_or_else(bad)?;
            Ok((label, op, target))
        })
        .collect()
}

/// The KenKen model: an `n x n` Latin square over 1..=n and one [`Cage`]
/// per letter of `cages`, with operation and target from `targets`.
pub(crate) fn model(n: usize, cages: &str, targets: &str) -> Result<(Model, Grid), Box<dyn Error>> {
    let targets = parse_targets(targets)?;
    let mut model = Model::new();
    let top = Value::try_from(n)?;
    let grid = Grid::new(&mut model, n, n, 1..=top)?;
    for line in grid.lines() {
        model.all_different(&line)?;
    }
    for (label, cells) in grid.regions_from_map(cages)? {
        let Some(&(_, op, target)) = targets.iter().find(|(l, ..)| *l == label) else {
            return Err(format!("cage {label} has no target").into());
        };
        let arity_ok = match op {
            Op::Sub | Op::Div => cells.len() == 2,
            Op::Given => cells.len() == 1,
            Op::Add | Op::Mul => true,
        };
        if !arity_ok || !grid.is_connected(&cells) {
            return Err(format!("cage {label} ({}{target}) has a wrong shape", op.symbol()).into());
        }
        model.add(Cage { cells, op, target })?;
    }
    Ok((model, grid))
}

/// Solves the default puzzle and proves the solution unique: the solution
/// row by row, or `None` if the puzzle does not have exactly one.
pub(crate) fn solve_default() -> Result<Option<Vec<Vec<Value>>>, Box<dyn Error>> {
    let (model, grid) = model(6, CAGES, TARGETS)?;
    Ok(match Solver::new(&model).uniqueness() {
        Uniqueness::Unique(solution) => Some(grid.values(&solution)),
        _ => None,
    })
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("cages:{CAGES}targets:{TARGETS}");
    match solve_default()? {
        Some(solution) => {
            for row in &solution {
                let line: Vec<String> = row.iter().map(ToString::to_string).collect();
                println!("{}", line.join(" "));
            }
            let matches = solution.iter().zip(&SOLUTION).all(|(a, b)| a == b);
            println!("unique solution; matches the published one: {matches}");
        }
        None => println!("the puzzle does not have exactly one solution"),
    }
    Ok(())
}
