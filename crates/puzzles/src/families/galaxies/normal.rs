//! The first rung's reasoning about a galaxy's shape: exactly Tatham's
//! Normal solver, no more.
//!
//! # Background
//!
//! Tatham's Normal level (`galaxies.c`, `solver_state` without its
//! recursion) knows which cells are associated with which dot and which
//! grid lines are drawn, and repeats four deductions to a fixpoint: the
//! cells a dot touches are its (the model fixes them), a cell's mirror
//! follows it (the model's clauses), a cell whose every open side leads
//! to one galaxy joins it ("rest are edges"), a cell that only one dot's
//! galaxy can reach by mirrored pairs of free cells joins it ("expansion"),
//! and a piece of a galaxy cut off from its dot with exactly one free
//! neighbour takes it ("exclave").
//!
//! With every drawn line derived from the associations (a line is drawn
//! between two galaxies, and mirrored about the galaxy on one side of
//! it), those are, over the model's domains (a cell keeps a dot's number
//! while the dot's galaxy can still reach it):
//!
//! - *out of reach*: a cell no path of cells that keep the dot's number
//!   joins to the dot loses it (his expansion: a pair of free cells his
//!   search reaches is a path of such cells, and a lone galaxy left for a
//!   cell is its "single possible dot"; a cell whose open sides all lead
//!   to one galaxy can reach no other);
//! - *one way out*: a piece of a galaxy's fixed cells that does not hold
//!   the dot, with exactly one neighbour not yet fixed (to any dot), takes
//!   that neighbour; with none, the node fails.
//!
//! csp-core's [`connected`](csp_core::Model::connected) is stronger than
//! the second: it keeps in the galaxy every cell the galaxy's cells can
//! only join through, however far from a cut-off piece, which decides
//! about half of Tatham's Unreasonable puzzles. The second rung (search)
//! keeps it.
//!
//! # Practical
//!
//! One constraint per dot over every cell's variable (a free neighbour is
//! free of any dot), woken by any change. Each call is one breadth-first
//! search from the dot over the cells that keep its number, then one over
//! the pieces of its fixed cells: `O(cells)` in the solver's scratch
//! buffers, no allocation.

use super::super::grid_cells;
use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Rule names in traces.
pub(super) mod rules {
    /// A cell no path of cells that can be in the galaxy joins to its dot.
    pub(in super::super) const OUT_OF_REACH: &str = "galaxies: out of reach";
    /// The one free neighbour of a piece of a galaxy cut off from its dot.
    pub(in super::super) const ONE_WAY_OUT: &str = "galaxies: one way out";
}

/// A dot's galaxy, reasoned about as Tatham's Normal solver does: cells out
/// of its reach leave it, and a piece cut off from the dot with one free
/// neighbour takes it. See the [module docs](self).
#[derive(Debug)]
pub(super) struct Reach {
    /// Every cell's variable, row-major.
    pub(super) scope: Vec<VarId>,
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The dot's number.
    pub(super) value: Value,
    /// The cells the dot touches.
    pub(super) home: Vec<usize>,
}

/// Bit `i` of a bitset in `words`.
fn get(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

fn set(words: &mut [u64], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

impl Reach {
    /// Marks in `seen` (cleared by the caller) the cells joined to the
    /// dot through cells that keep its number, with `queue` as work space.
    fn reach(&self, ctx: &PropagationContext<'_>, seen: &mut [u64], queue: &mut Vec<u32>) {
        queue.clear();
        for &h in &self.home {
            if ctx.contains(self.scope[h], self.value) && !get(seen, h) {
                set(seen, h);
                queue.push(h as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            for j in grid_cells::neighbours(self.rows, self.cols, i) {
                if !get(seen, j) && ctx.contains(self.scope[j], self.value) {
                    set(seen, j);
                    queue.push(j as u32);
                }
            }
        }
    }
}

impl Constraint for Reach {
    /// Explained by its scope's domains: it reads nothing else.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    /// The cells of the dot's number are one piece holding every cell the
    /// dot touches.
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.scope.len();
        let mut seen = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        for &h in &self.home {
            if values[h] != self.value {
                return false;
            }
            if !seen[h] {
                seen[h] = true;
                stack.push(h);
            }
        }
        while let Some(i) = stack.pop() {
            for j in grid_cells::neighbours(self.rows, self.cols, i) {
                if !seen[j] && values[j] == self.value {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        (0..n).all(|i| values[i] != self.value || seen[i])
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.scope.len();
        let words = n.div_ceil(64);
        let mut scratch = ctx.take_scratch();
        let result = self.run(ctx, &mut scratch.words, &mut scratch.indices, words);
        ctx.give_back_scratch(scratch);
        result
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    /// After the mirror clauses, as csp-core's `connected` runs.
    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn name(&self) -> &str {
        "galaxy reach"
    }
}

impl Reach {
    fn run(
        &self,
        ctx: &mut PropagationContext<'_>,
        bits: &mut Vec<u64>,
        queue: &mut Vec<u32>,
        words: usize,
    ) -> Result<(), Conflict> {
        let n = self.scope.len();
        bits.clear();
        bits.resize(2 * words, 0);
        let (seen, piece) = bits.split_at_mut(words);
        // Out of reach.
        self.reach(ctx, seen, queue);
        ctx.set_rule(rules::OUT_OF_REACH);
        for i in 0..n {
            if !get(seen, i) && ctx.contains(self.scope[i], self.value) {
                ctx.remove(self.scope[i], self.value)?;
            }
        }
        // One way out: each piece of fixed cells away from the dot.
        ctx.set_rule(rules::ONE_WAY_OUT);
        for &h in &self.home {
            set(piece, h);
        }
        for start in 0..n {
            if get(piece, start) || ctx.value(self.scope[start]) != Some(self.value) {
                continue;
            }
            queue.clear();
            set(piece, start);
            queue.push(start as u32);
            let mut home = false;
            let mut exit: Option<usize> = None;
            let mut exits_many = false;
            let mut head = 0;
            while head < queue.len() {
                let i = queue[head] as usize;
                head += 1;
                for j in grid_cells::neighbours(self.rows, self.cols, i) {
                    match ctx.value(self.scope[j]) {
                        Some(v) if v == self.value => {
                            if self.home.contains(&j) {
                                home = true;
                            } else if !get(piece, j) {
                                set(piece, j);
                                queue.push(j as u32);
                            }
                        }
                        Some(_) => {}
                        None => match exit {
                            None => exit = Some(j),
                            Some(e) if e != j => exits_many = true,
                            Some(_) => {}
                        },
                    }
                }
            }
            if home {
                continue;
            }
            match exit {
                None => return Err(ctx.conflict()),
                Some(j) if !exits_many => {
                    ctx.fix(self.scope[j], self.value)?;
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}
