//! The csp-core model of a Slitherlink grid.
//!
//! # Background
//!
//! One 0/1 variable per side of a cell, on the lattice of the cells'
//! corners ([`LoopLattice::around_cells`]), and one 0/1 variable per cell
//! (1: inside the loop). The constraints, posted in this order (the order
//! [`describe`] relies on):
//!
//! 1. the sides set to 1 form one simple cycle
//!    ([`single_loop`](csp_core::Model::single_loop): two loop sides at
//!    every point or none, no loop closed while other loop sides remain,
//!    no side that no cycle can use);
//! 2. each clue: exactly that many of the cell's four sides on the loop
//!    ([`exactly`](csp_core::Model::exactly)), row-major;
//! 3. the colouring: a side is on the loop exactly when the cells on
//!    either side of it differ (beyond the border is outside), four
//!    three-literal [`clause`](csp_core::Model::clause)s per inner side
//!    and two per border side, horizontal sides row by row, then vertical
//!    ones.
//!
//! The colouring is redundant given (1) (a simple cycle has an inside),
//! but it is the "inside/outside" reasoning of strong human solvers and
//! of Tatham's Hard level, it gives the cells variables for the solution,
//! and it lets parity travel across the grid.
//!
//! # Practical
//!
//! One model for every level: the ladder has two rungs, propagation
//! alone or search.
//!
//! # References
//!
//! S. Tatham, *Simon Tatham's Portable Puzzle Collection*, `loopy.c`; T.
//! Yato, *Complexity and completeness of finding another solution and its
//! application to puzzles*, 2003 (Slitherlink is NP-complete).

use super::Puzzle;
use crate::family::{Built, Cell};
use csp_core::constraints::LoopLattice;
use csp_core::{ConstraintId, Literal, Model, ModelError, VarId};

/// A side of a cell: horizontal (the top of cell `(r, c)`, `r` up to
/// ROWS) or vertical (the left of `(r, c)`, `c` up to COLS), and the
/// cells (row-major indices) on its two sides, `None` beyond the border.
#[derive(Clone, Copy, Debug)]
struct Side {
    horizontal: bool,
    r: usize,
    c: usize,
    cells: [Option<usize>; 2],
}

fn sides(p: &Puzzle) -> Vec<Side> {
    let (rows, cols) = (p.rows, p.cols);
    let at = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) if r < rows && c < cols => Some(r * cols + c),
        _ => None,
    };
    let mut out = Vec::new();
    for r in 0..=rows {
        for c in 0..cols {
            let cells = [at(r.checked_sub(1), Some(c)), at(Some(r), Some(c))];
            out.push(Side {
                horizontal: true,
                r,
                c,
                cells,
            });
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            let cells = [at(Some(r), c.checked_sub(1)), at(Some(r), Some(c))];
            out.push(Side {
                horizontal: false,
                r,
                c,
                cells,
            });
        }
    }
    out
}

/// What each constraint stands for, in posting order.
#[derive(Clone, Copy, Debug)]
enum Origin {
    Loop,
    Clue(usize, u8),
    Colour(Side),
}

fn origins(p: &Puzzle) -> Vec<Origin> {
    let mut out = vec![Origin::Loop];
    out.extend(
        p.clues
            .iter()
            .enumerate()
            .filter_map(|(i, k)| k.map(|k| Origin::Clue(i, k))),
    );
    for s in sides(p) {
        let clauses = if s.cells.iter().all(Option::is_some) {
            4
        } else {
            2
        };
        out.extend(std::iter::repeat_n(Origin::Colour(s), clauses));
    }
    out
}

/// A constraint of the model of `p` in words.
pub(crate) fn describe(p: &Puzzle, c: ConstraintId) -> String {
    let cell = |i: usize| Cell::new(i / p.cols, i % p.cols);
    match origins(p).get(c.index()) {
        Some(Origin::Loop) => "the loop is one closed loop".to_owned(),
        Some(&Origin::Clue(i, k)) => format!("the {k} at {}", cell(i)),
        Some(Origin::Colour(s)) => {
            let name =
                |x: Option<usize>| x.map_or_else(|| "outside".to_owned(), |i| cell(i).to_string());
            format!(
                "the side between {} and {} is on the loop when one is inside, the other outside",
                name(s.cells[0]),
                name(s.cells[1])
            )
        }
        None => c.to_string(),
    }
}

fn invalid(reason: String) -> ModelError {
    ModelError::InvalidArgument {
        constraint: "slitherlink".to_owned(),
        reason,
    }
}

/// The model of `p` (every level).
pub(crate) fn build(p: &Puzzle) -> Result<Built, ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let mut model = Model::new();
    let lattice = LoopLattice::around_cells(&mut model, rows, cols)?;
    let inside: Vec<VarId> = (0..rows * cols)
        .map(|i| model.new_named_var(Cell::new(i / cols, i % cols).to_string(), 0..=1))
        .collect::<Result<_, _>>()?;
    for origin in origins(p) {
        match origin {
            Origin::Loop => {
                model.single_loop(lattice.edges(), lattice.graph())?;
            }
            Origin::Clue(i, k) => {
                let edges = lattice
                    .cell_edges(i / cols, i % cols)
                    .ok_or_else(|| invalid(format!("no sides for cell {i}")))?;
                model.exactly(&edges, 1, usize::from(k))?;
            }
            Origin::Colour(_) => {}
        }
    }
    for s in sides(p) {
        let e = if s.horizontal {
            lattice.horizontal(s.r, s.c)
        } else {
            lattice.vertical(s.r, s.c)
        }
        .ok_or_else(|| invalid(format!("no side at {} {}", s.r, s.c)))?;
        let on = Literal::eq(e, 1);
        match s.cells {
            [Some(a), Some(b)] => {
                let (a, b) = (Literal::eq(inside[a], 1), Literal::eq(inside[b], 1));
                model.clause(&[!on, a, b])?;
                model.clause(&[!on, !a, !b])?;
                model.clause(&[on, !a, b])?;
                model.clause(&[on, a, !b])?;
            }
            [Some(a), None] | [None, Some(a)] => {
                let a = Literal::eq(inside[a], 1);
                model.clause(&[!on, a])?;
                model.clause(&[on, !a])?;
            }
            [None, None] => return Err(invalid("a side with no cell".to_owned())),
        }
    }
    let mut built = Built::new(model, rows, cols);
    built.cells = inside.into_iter().map(Some).collect();
    Ok(built)
}
