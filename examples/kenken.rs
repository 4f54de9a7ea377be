//! KenKen: fill an `n x n` grid with 1..=n so that every row and column
//! holds each number once (a Latin square), and the numbers of each cage give
//! the cage's target under its operation: `+` (sum), `-` (difference of two),
//! `x` (product) or `/` (quotient of two). A one-cell cage is a given.
//!
//! Run `cargo run --release --example kenken`.
//!
//! Every cage is a csp-core built-in, each domain consistent: a sum is
//! [`Model::linear_with`] at [`LinearStrength::Domain`], a product
//! [`Model::product`], a difference [`Model::difference`] and a quotient
//! [`Model::quotient`]. None of them assumes the cells distinct: a cage may
//! repeat a number in cells that share no row or column.

use gridcsp::csp_core::{Grid, LinearStrength, Model, RelOp, Solver, Uniqueness, Value, VarId};
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

/// The KenKen model: an `n x n` Latin square over 1..=n and one cage per
/// letter of `cages`, with operation and target from `targets`.
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
        if !grid.is_connected(&cells) {
            return Err(format!("cage {label} ({}{target}) is not connected", op.symbol()).into());
        }
        post_cage(&mut model, &cells, op, target)?;
    }
    Ok((model, grid))
}

/// Posts one cage: the values of `cells` give `target` under `op`.
pub(crate) fn post_cage(
    model: &mut Model,
    cells: &[VarId],
    op: Op,
    target: i64,
) -> Result<(), Box<dyn Error>> {
    match (op, cells) {
        (Op::Add, _) => {
            let terms: Vec<(i64, VarId)> = cells.iter().map(|&x| (1, x)).collect();
            model.linear_with(&terms, RelOp::Eq, target, LinearStrength::Domain)?;
        }
        (Op::Mul, _) => {
            model.product(cells, target)?;
        }
        (Op::Sub, &[x, y]) => {
            model.difference(x, y, target)?;
        }
        (Op::Div, &[x, y]) => {
            model.quotient(x, y, target)?;
        }
        (Op::Given, &[x]) => {
            model.linear(&[(1, x)], RelOp::Eq, target)?;
        }
        _ => {
            let shape = format!("{} cells", cells.len());
            return Err(format!("a {}{target} cage cannot have {shape}", op.symbol()).into());
        }
    }
    Ok(())
}

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
