//! Skyscrapers: fill an `n x n` grid with building heights 1..=n, each once
//! per row and column (a Latin square). A clue outside the grid says how many
//! buildings are visible from there, looking along the row or column: a
//! building is visible when it is taller than every building before it.
//!
//! Run `cargo run --release --example skyscrapers`.
//!
//! The clue rule is a user constraint that csp-core does not ship,
//! [`Visible`]. Its [`is_satisfied`](Constraint::is_satisfied) counts the
//! visible buildings of a full line. Its [`propagate`](Constraint::propagate)
//! runs a small dynamic programme over the line, the way a `regular`
//! constraint does: the state after `i` buildings is *(tallest so far, number
//! visible)*. A forward pass collects the states reachable from the viewer,
//! a backward pass keeps those from which the clue can still be met, and a
//! height stays in a cell only if it is the label of some transition between
//! surviving states. This prunes every height that no line (with distinct
//! heights taken from the current domains, distinctness checked only against
//! the tallest so far) could use; the row and column AllDifferent constraints
//! do the rest.

use gridcsp::csp_core::{
    Conflict, Constraint, Grid, Model, PropagationContext, Solver, Stats, Uniqueness, Value, VarId,
    forward_check,
};
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

/// The buildings of a line, listed from the viewer, show exactly `seen`
/// buildings; heights are pairwise distinct.
#[derive(Clone, Debug)]
pub(crate) struct Visible {
    /// The cells, nearest the viewer first.
    pub(crate) cells: Vec<VarId>,
    /// How many buildings are visible.
    pub(crate) seen: usize,
}

/// Bits strictly above bit `b`.
fn above(b: u32) -> u64 {
    if b >= 63 { 0 } else { !((1u64 << (b + 1)) - 1) }
}

/// Bits strictly below bit `b`.
fn below(b: u32) -> u64 {
    (1u64 << b) - 1
}

/// The highest set bit of a non-zero mask.
fn highest(mask: u64) -> u32 {
    63 - mask.leading_zeros()
}

impl Constraint for Visible {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
        let mut tallest = None;
        let mut seen = 0;
        for &v in values {
            if tallest.is_none_or(|t| v > t) {
                tallest = Some(v);
                seen += 1;
            }
        }
        distinct && seen == self.seen
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        // The programme works on 64-bit masks with a common base: bit `b`
        // is the height `base + b`. Other domains get forward checking.
        let Some((base, _)) = self.cells.first().and_then(|&c| ctx.mask(c)) else {
            return forward_check(self, ctx);
        };
        let mut domain = Vec::with_capacity(self.cells.len());
        for &cell in &self.cells {
            match ctx.mask(cell) {
                Some((b, mask)) if b == base => domain.push(mask),
                _ => return forward_check(self, ctx),
            }
        }
        let k = domain.len();
        let t = self.seen;
        if t == 0 || t > k {
            return Err(ctx.conflict());
        }
        // states[i][c]: the set (a mask) of possible tallest heights after
        // the first i + 1 cells, with c buildings visible (c <= i + 1).
        let width = k + 2;
        let at = |i: usize, c: usize| i * width + c;
        let mut forward = vec![0u64; k * width];
        forward[at(0, 1)] = domain[0];
        for i in 1..k {
            let d = domain[i];
            for c in 1..=i {
                let tallest = forward[at(i - 1, c)];
                if tallest == 0 {
                    continue;
                }
                // Visible: a height above the lowest possible tallest.
                forward[at(i, c + 1)] |= d & above(tallest.trailing_zeros());
                // Hidden: the tallest stays, if some height is below it.
                forward[at(i, c)] |= tallest & above(d.trailing_zeros());
            }
        }
        // Backward: keep the states that can still end with `t` visible,
        // and collect the heights used on the way.
        let mut backward = vec![0u64; k * width];
        backward[at(k - 1, t)] = forward[at(k - 1, t)];
        let mut support = vec![0u64; k];
        for i in (1..k).rev() {
            let d = domain[i];
            for c in 1..=i {
                let tallest = forward[at(i - 1, c)];
                if tallest == 0 {
                    continue;
                }
                // Visible transitions into (height, c + 1).
                let next = d & backward[at(i, c + 1)];
                if next != 0 {
                    support[i] |= next & above(tallest.trailing_zeros());
                    backward[at(i - 1, c)] |= tallest & below(highest(next));
                }
                // Hidden transitions into (same tallest, c).
                let stay = tallest & backward[at(i, c)] & above(d.trailing_zeros());
                if stay != 0 {
                    support[i] |= d & below(highest(stay));
                    backward[at(i - 1, c)] |= stay;
                }
            }
        }
        support[0] = domain[0] & backward[at(0, 1)];

        ctx.set_rule("skyscraper visibility");
        for (&cell, &keep) in self.cells.iter().zip(&support) {
            if keep == 0 {
                return Err(ctx.conflict());
            }
            ctx.intersect_mask(cell, base, keep)?;
        }
        Ok(())
    }

    /// Every height left lies on a path of heights left, so one call reaches
    /// the fixpoint.
    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "skyscraper clue"
    }
}

/// The clues of one side, `None` where there is no clue.
pub(crate) type Side = Vec<Option<usize>>;

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

/// The Skyscrapers model: an `n x n` Latin square over 1..=n and one
/// [`Visible`] per clue.
pub(crate) fn model(n: usize, clues: &str) -> Result<(Model, Grid), Box<dyn Error>> {
    let [top, bottom, left, right] = parse_clues(clues, n)?;
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 1..=Value::try_from(n)?)?;
    for line in grid.lines() {
        model.all_different(&line)?;
    }
    let mut add = |cells: Vec<VarId>, clue: Option<usize>| match clue {
        Some(seen) => model.add(Visible { cells, seen }).map(|_| ()),
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
