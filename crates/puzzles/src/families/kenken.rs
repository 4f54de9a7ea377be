//! KenKen (Simon Tatham's Keen): fill an `n x n` grid with `1..=n`, each
//! number once per row and column, so that the numbers of every cage give
//! the cage's target under its operation.
//!
//! Puzzles are read in the text layout of `docs/formats/kenken.md` (a
//! header, the cage labels, one line per cage) and as Tatham's Keen game
//! IDs (`4:a_6baa_aa_a__,a3m4a5a7s2m8d2s2`, the format in `docs/formats/kenken.md`).
//!
//! # Model
//!
//! One variable per cell (`1..=n`), an AllDifferent per row and column,
//! and one catalogue constraint per cage:
//! [`Model::all_different_sum`](csp_core::Model::all_different_sum) for a
//! sum whose cells share a row or a column (so they are distinct too), a
//! [`Model::table`](csp_core::Model::table) of the cage's layouts for
//! other sums and for products (the fillings that meet the clue with
//! different numbers in cells that share a line: domain consistent on the
//! cage *with* the Latin rule inside it, as Tatham's solver reasons; a
//! cage of more than 65,536 table values keeps
//! [`Model::linear_with`](csp_core::Model::linear_with) or
//! [`Model::product`](csp_core::Model::product)),
//! [`Model::difference`](csp_core::Model::difference) and
//! [`Model::quotient`](csp_core::Model::quotient); one-cell cages are
//! givens. The grade ladder (Tatham's five levels) changes the strengths:
//! the easy level reads each cage by the numbers its layouts use
//! (`CageUnion`), the hard level adds his Hard rule (`CageLines`), the
//! extreme level his Latin-square forcing chains (`futoshiki::ForcingChains`); see
//! [`LEVELS`] and `docs/formats/kenken.md`.

mod generate;
mod keen_id;

use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::{Reader, Token};
use csp_core::{ConstraintId, Grid, LinearStrength, Model, ModelError, RelOp, Strength, Value};
use std::collections::BTreeMap;
use std::fmt;

/// The largest grid the text layout and game IDs are read for.
pub const MAX_SIZE: usize = 32;

/// KenKen through the [`Family`] trait.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KenKen;

impl KenKen {
    /// The family (it has no options).
    pub const STANDARD: KenKen = KenKen;
}

/// A cage's operation (serde: `"add"`, `"sub"`, `"mul"`, `"div"`,
/// `"given"`, `"any"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Op {
    /// The numbers add up to the target.
    Add,
    /// Two numbers: the larger minus the smaller is the target.
    Sub,
    /// The numbers multiply to the target.
    Mul,
    /// Two numbers: the larger is the target times the smaller.
    Div,
    /// One cell holding the target.
    Given,
    /// Not given: the numbers reach the target under one of the others
    /// (`+` or `x`, and for two cells `-` or `/` too). janko.at prints such
    /// a clue as a bare number on a cage of two or more cells.
    Any,
}

impl Op {
    /// The symbol in the text layout: `+ - x / = ?`.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "x",
            Op::Div => "/",
            Op::Given => "=",
            Op::Any => "?",
        }
    }

    /// The symbol as printed in a cage's corner (`× ÷ −`, nothing for a
    /// given or an operation not given).
    fn printed(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "\u{2212}",
            Op::Mul => "\u{d7}",
            Op::Div => "\u{f7}",
            Op::Given | Op::Any => "",
        }
    }

    /// Reads an operation symbol (ASCII or the printed signs).
    fn from_symbol(s: &str) -> Option<Op> {
        Some(match s {
            "+" => Op::Add,
            "-" | "\u{2212}" | "\u{2013}" => Op::Sub,
            "x" | "X" | "*" | "\u{d7}" => Op::Mul,
            "/" | "\u{f7}" | ":" => Op::Div,
            "=" => Op::Given,
            "?" => Op::Any,
            _ => return None,
        })
    }
}

/// A cage: its operation, its target and its cells (in reading order).
///
/// With the `serde` feature: `{"op": "add", "target": 7, "cells": [...]}`;
/// a cage without cells is refused, and [`KenKenPuzzle::from_cages`]
/// checks the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "CageForm"))]
pub struct Cage {
    op: Op,
    target: i64,
    cells: Vec<Cell>,
}

impl Cage {
    /// The operation.
    pub fn op(&self) -> Op {
        self.op
    }

    /// The target.
    pub fn target(&self) -> i64 {
        self.target
    }

    /// The cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The clue as printed: `11+`, `2÷`, `3` for a given or a cage whose
    /// operation is not given.
    pub fn clue(&self) -> String {
        format!("{}{}", self.target, self.op.printed())
    }

    /// Whether `values` (one per cell, in order) meet the clue.
    pub fn holds(&self, values: &[i64]) -> bool {
        Cage::meets(self.op, self.target, values)
    }

    /// Whether `values` reach `target` under `op`.
    fn meets(op: Op, target: i64, values: &[i64]) -> bool {
        match (op, values) {
            (Op::Add, _) => values.iter().sum::<i64>() == target,
            (Op::Mul, _) => {
                let mut p: i128 = 1;
                for &v in values {
                    p = p.saturating_mul(i128::from(v));
                }
                p == i128::from(target)
            }
            (Op::Sub, &[a, b]) => (a - b).abs() == target,
            (Op::Div, &[a, b]) => {
                let (hi, lo) = (a.max(b), a.min(b));
                lo > 0 && target.checked_mul(lo) == Some(hi)
            }
            (Op::Given, &[a]) => a == target,
            (Op::Any, _) => [Op::Add, Op::Mul, Op::Sub, Op::Div]
                .into_iter()
                .any(|op| Cage::meets(op, target, values)),
            _ => false,
        }
    }

    /// The cage with another operation (cells and target kept).
    fn with_op(&self, op: Op) -> Cage {
        Cage {
            op,
            target: self.target,
            cells: self.cells.clone(),
        }
    }

    /// Whether every cell lies in one row or one column.
    fn in_one_line(&self) -> bool {
        let first = self.cells[0];
        self.cells.iter().all(|c| c.row == first.row)
            || self.cells.iter().all(|c| c.col == first.col)
    }
}

impl fmt::Display for Cage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the cage at {} ({})", self.cells[0], self.clue())
    }
}

/// The fields of a [`Cage`] as read, before the check that it has cells.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct CageForm {
    op: Op,
    target: i64,
    cells: Vec<Cell>,
}

#[cfg(feature = "serde")]
impl TryFrom<CageForm> for Cage {
    type Error = String;

    fn try_from(form: CageForm) -> Result<Cage, String> {
        if form.cells.is_empty() {
            return Err("a cage has no cells".to_owned());
        }
        Ok(Cage {
            op: form.op,
            target: form.target,
            cells: form.cells,
        })
    }
}

/// A KenKen puzzle: the size and the cages, which cover the grid.
///
/// With the `serde` feature it is a string, its game ID (Tatham's Keen),
/// or the text layout where no ID holds the puzzle exactly; either is read
/// back by [`KenKen`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KenKenPuzzle {
    n: usize,
    /// In the order of their first cells.
    cages: Vec<Cage>,
    /// The cage of each cell, row-major.
    cage_of: Vec<u32>,
}

impl KenKenPuzzle {
    /// A puzzle of size `n` from its cages, in any order. Every cell must
    /// be in exactly one cage, each cage connected (through shared sides),
    /// `-` and `/` cages of two cells, `=` cages of one; the message says
    /// what is wrong otherwise.
    pub fn from_cages(n: usize, mut cages: Vec<Cage>) -> Result<KenKenPuzzle, String> {
        if !(1..=MAX_SIZE).contains(&n) {
            return Err(format!("the size {n} is out of range (1 to {MAX_SIZE})"));
        }
        let mut cage_of = vec![u32::MAX; n * n];
        for cage in &mut cages {
            cage.cells.sort();
            if cage.cells.is_empty() {
                return Err("a cage has no cells".into());
            }
            for c in &cage.cells {
                if c.row >= n || c.col >= n {
                    return Err(format!("{c} is outside the {n}x{n} grid"));
                }
            }
        }
        cages.sort_by_key(|c| c.cells[0]);
        for (k, cage) in cages.iter().enumerate() {
            for c in &cage.cells {
                let slot = &mut cage_of[c.row * n + c.col];
                if *slot != u32::MAX {
                    return Err(format!("{c} is in two cages"));
                }
                *slot = k as u32;
            }
            let len = cage.cells.len();
            match cage.op {
                Op::Sub | Op::Div if len != 2 => {
                    return Err(format!(
                        "a '{}' cage has two cells; {cage} has {len}",
                        cage.op.symbol()
                    ));
                }
                Op::Given if len != 1 => {
                    return Err(format!("a '=' cage has one cell; {cage} has {len}"));
                }
                Op::Any if len < 2 => {
                    return Err(format!(
                        "a '?' cage (operation not given) has two cells or more; {cage} has one"
                    ));
                }
                _ => {}
            }
            if cage.target < 1 {
                return Err(format!("{cage}: a target is at least 1"));
            }
        }
        if let Some(i) = cage_of.iter().position(|&k| k == u32::MAX) {
            return Err(format!("{} is in no cage", Cell::new(i / n, i % n)));
        }
        let p = KenKenPuzzle { n, cages, cage_of };
        for (k, cage) in p.cages.iter().enumerate() {
            if let Some(c) = p.disconnected_cell(k) {
                return Err(format!(
                    "{cage} is not connected: {c} does not touch the rest of it"
                ));
            }
        }
        Ok(p)
    }

    /// A cell of cage `k` that cannot be reached from its first cell.
    fn disconnected_cell(&self, k: usize) -> Option<Cell> {
        let cells = &self.cages[k].cells;
        if cells.len() <= 64 {
            // The same search on one word of flags.
            let mut seen = 1u64;
            let mut stack = 1u64;
            while stack != 0 {
                let i = stack.trailing_zeros() as usize;
                stack &= stack - 1;
                let c = cells[i];
                for (j, d) in cells.iter().enumerate() {
                    if seen & (1 << j) == 0 && c.row.abs_diff(d.row) + c.col.abs_diff(d.col) == 1 {
                        seen |= 1 << j;
                        stack |= 1 << j;
                    }
                }
            }
            let unseen = !seen & (u64::MAX >> (64 - cells.len()));
            return (unseen != 0).then(|| cells[unseen.trailing_zeros() as usize]);
        }
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            let c = cells[i];
            for (j, d) in cells.iter().enumerate() {
                if !seen[j] && c.row.abs_diff(d.row) + c.col.abs_diff(d.col) == 1 {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().position(|s| !s).map(|i| cells[i])
    }

    /// The size `n` (the grid is `n x n`, numbers `1..=n`).
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cages, in the order of their first cells (reading order).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage a cell belongs to.
    pub fn cage_at(&self, cell: Cell) -> Option<&Cage> {
        if cell.row < self.n && cell.col < self.n {
            Some(&self.cages[self.cage_index(cell.row * self.n + cell.col)])
        } else {
            None
        }
    }

    fn cage_index(&self, pos: usize) -> usize {
        self.cage_of[pos] as usize
    }
}

/// A filled (or partly filled) grid: `0` for an empty cell.
///
/// With the `serde` feature it is a string: `N N`, then the rows of values
/// and `-` (empty) of the solution layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KenKenSolution {
    n: usize,
    values: Vec<u8>,
}

impl KenKenSolution {
    /// A grid of `n x n` values, row-major (`0` = empty); `None` if the
    /// length is wrong.
    pub fn new(n: usize, values: Vec<u8>) -> Option<KenKenSolution> {
        (values.len() == n * n).then_some(KenKenSolution { n, values })
    }

    /// The value at a cell (`None`: empty or outside).
    pub fn value(&self, cell: Cell) -> Option<u8> {
        if cell.row >= self.n || cell.col >= self.n {
            return None;
        }
        match self.values[cell.row * self.n + cell.col] {
            0 => None,
            v => Some(v),
        }
    }

    /// The values, row-major (`0` = empty).
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(KenKenPuzzle, KenKen::STANDARD);

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for KenKenSolution {
    fn to_text(&self) -> String {
        crate::serde_text::write_grid(self.n, self.n, |i| match self.values[i] {
            0 => "-".to_owned(),
            v => v.to_string(),
        })
    }

    fn from_text(text: &str) -> Result<KenKenSolution, ParseError> {
        let (rows, cols, values) =
            crate::serde_text::read_numbers(text, "a value", 1, |n, _| n as i64, Some(0))?;
        if rows != cols {
            return Err(ParseError::at_line(
                1,
                format!("a KenKen grid is square, not {rows}x{cols}"),
            ));
        }
        Ok(KenKenSolution { n: rows, values })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(KenKenSolution);

/// The difficulty ladder: Tatham's Keen levels, each a model of stronger
/// propagation (see `docs/formats/kenken.md`).
pub const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "singles in rows and columns, and the numbers any layout of each cage still uses",
    },
    Level {
        name: "normal",
        about: "plus every cage's combinations cell by cell",
    },
    Level {
        name: "hard",
        about: "plus naked and hidden subsets in rows and columns, and the numbers every layout of a cage puts in a row or column",
    },
    Level {
        name: "extreme",
        about: "plus single-value fish across rows and columns, and forcing chains",
    },
    Level {
        name: "unreasonable",
        about: "needs trial and error (still one solution)",
    },
];

fn lines_after(_: &str) -> Option<usize> {
    // The number of cage lines is not in the header: a record ends at the
    // next empty line.
    None
}

fn is_game_id(line: &str) -> bool {
    line.contains(':')
}

static INFO: FamilyInfo = FamilyInfo {
    name: "kenken",
    title: "KenKen",
    rules: "Fill the n x n grid with 1..n once per row and column so that the numbers in each \
            cage give its target under its operation (+, -, x, /).",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: lines_after,
        one_line: is_game_id,
    },
    default_size: (6, 6),
};

/// How strongly each part of the model propagates (one ladder level).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    lines: Strength,
    /// Cages domain consistent (else: sums by bounds).
    full_cages: bool,
    /// The value-by-value view (fish).
    fish: bool,
}

impl Plan {
    fn of_level(level: usize) -> Plan {
        match level {
            0 => Plan {
                lines: Strength::HiddenSingles,
                full_cages: false,
                fish: false,
            },
            1 => Plan {
                lines: Strength::HiddenSingles,
                full_cages: true,
                fish: false,
            },
            2 => Plan {
                lines: Strength::DomainConsistent,
                full_cages: true,
                fish: false,
            },
            _ => Plan {
                lines: Strength::DomainConsistent,
                full_cages: true,
                fish: true,
            },
        }
    }

    /// The solving model.
    const SOLVE: Plan = Plan {
        lines: Strength::HiddenSingles,
        full_cages: true,
        fish: false,
    };
}

/// Posts the model of `p` at `plan`'s strengths.
fn build(p: &KenKenPuzzle, plan: Plan) -> Result<Built, ModelError> {
    let n = p.n;
    let mut m = Model::new();
    let grid = Grid::new_unnamed(&mut m, n, n, 1..=n as Value)?;
    let var = |c: Cell| grid.cells()[c.row * n + c.col];
    for cage in &p.cages {
        if cage.cells.len() == 1 {
            m.fix(var(cage.cells[0]), value_of(cage.target)?)?;
        }
    }
    for r in 0..n {
        m.all_different_with(grid.row(r), plan.lines)?;
    }
    let mut col = Vec::with_capacity(n);
    for c in 0..n {
        col.clear();
        col.extend((0..n).map(|r| grid.cells()[r * n + c]));
        m.all_different_with(&col, plan.lines)?;
    }
    let mut vars = Vec::with_capacity(n);
    // Room for a small board's largest cage table, so the first cages do not
    // regrow it.
    let mut tuples = Vec::with_capacity(256);
    let mut scratch = WalkScratch::default();
    for cage in &p.cages {
        if cage.cells.len() == 1 {
            continue;
        }
        vars.clear();
        vars.extend(cage.cells.iter().map(|&c| var(c)));
        if !plan.full_cages {
            if let Some(layouts) = layouts(cage, n, &mut tuples, &mut scratch) {
                m.add(CageUnion {
                    scope: vars.clone(),
                    layouts,
                })?;
                continue;
            }
        }
        match cage.op {
            Op::Add if plan.full_cages && cage.in_one_line() => {
                m.all_different_sum(&vars, cage.target)?;
            }
            Op::Add | Op::Mul
                if plan.full_cages && cage_table(cage, n, &mut tuples, &mut scratch) =>
            {
                let rows: Vec<&[Value]> = tuples.chunks_exact(vars.len()).collect();
                m.table(&vars, &rows)?;
            }
            Op::Add => {
                let terms: Vec<(i64, csp_core::VarId)> = vars.iter().map(|&x| (1, x)).collect();
                let strength = if plan.full_cages {
                    LinearStrength::Domain
                } else {
                    LinearStrength::Bounds
                };
                m.linear_with(&terms, RelOp::Eq, cage.target, strength)?;
            }
            Op::Mul => {
                m.product(&vars, cage.target)?;
            }
            Op::Sub => {
                m.difference(vars[0], vars[1], cage.target)?;
            }
            Op::Div => {
                m.quotient(vars[0], vars[1], cage.target)?;
            }
            Op::Any => match layouts(cage, n, &mut tuples, &mut scratch) {
                Some(layouts) => {
                    let rows: Vec<&[Value]> = layouts.chunks_exact(vars.len()).collect();
                    m.table(&vars, &rows)?;
                }
                None => {
                    m.add(AnyCage {
                        scope: vars.clone(),
                        target: cage.target,
                    })?;
                }
            },
            Op::Given => {
                // One-cell cages are givens, fixed above; `from_cages`
                // keeps '=' to one cell.
            }
        }
    }
    if plan.lines == Strength::DomainConsistent {
        // Tatham's Hard rule, one constraint per cage of two cells or more
        // (in the cages' order, as `describe_constraint` counts them).
        for cage in p.cages.iter().filter(|c| c.cells.len() > 1) {
            m.add(CageLines::new(
                cage,
                n,
                grid.cells(),
                &mut tuples,
                &mut scratch,
            ))?;
        }
    }
    if plan.fish {
        post_fish(&mut m, &grid, n)?;
        // Tatham's Extreme also has the Latin-square forcing chains.
        m.add(futoshiki::ForcingChains::new(n, grid.cells().to_vec()))?;
    }
    let cells = grid.cells().iter().map(|&v| Some(v)).collect();
    Ok(Built::with_cells(m, n, n, cells))
}

/// Every layout of `cage` (`k` values each), or `None` if there are too many
/// to list (see [`cage_table`]).
fn layouts(
    cage: &Cage,
    n: usize,
    tuples: &mut Vec<Value>,
    scratch: &mut WalkScratch,
) -> Option<Vec<Value>> {
    match cage.op {
        Op::Add | Op::Mul if cage_table(cage, n, tuples, scratch) => Some(tuples.clone()),
        Op::Sub | Op::Div if cage.cells.len() == 2 => {
            let mut out = Vec::new();
            for a in 1..=n as i64 {
                for b in 1..=n as i64 {
                    if a != b && cage.holds(&[a, b]) {
                        out.extend([a as Value, b as Value]);
                    }
                }
            }
            Some(out)
        }
        Op::Any if cage.cells.len() >= 2 => {
            // The layouts of every operation the clue may stand for, each
            // once (a layout may meet the target under two of them).
            let k = cage.cells.len();
            let mut all = Vec::new();
            for op in [Op::Add, Op::Mul, Op::Sub, Op::Div] {
                if matches!(op, Op::Sub | Op::Div) && k != 2 {
                    continue;
                }
                all.extend(layouts(&cage.with_op(op), n, tuples, scratch)?);
            }
            let mut rows: Vec<&[Value]> = all.chunks_exact(k).collect();
            rows.sort_unstable();
            rows.dedup();
            if rows.len() * k > MAX_TABLE_VALUES {
                return None;
            }
            Some(rows.concat())
        }
        _ => None,
    }
}

/// A cage whose operation is not given, too large for a table of its
/// layouts: checked once all its cells are filled (the search does the
/// rest). Posted only where [`layouts`] gives up.
#[derive(Debug)]
struct AnyCage {
    scope: Vec<csp_core::VarId>,
    target: i64,
}

impl csp_core::Constraint for AnyCage {
    /// Explained by its scope's domains: it reads nothing else.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[csp_core::VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let values: Vec<i64> = values.iter().map(|&v| i64::from(v)).collect();
        Cage::meets(Op::Any, self.target, &values)
    }

    fn propagate(
        &self,
        ctx: &mut csp_core::PropagationContext<'_>,
    ) -> Result<(), csp_core::Conflict> {
        // Nothing to check (and nothing allocated) until the last cell is
        // filled: most calls stop here.
        if self.scope.iter().any(|&x| ctx.value(x).is_none()) {
            return Ok(());
        }
        let values: Vec<i64> = self
            .scope
            .iter()
            .filter_map(|&x| ctx.value(x).map(i64::from))
            .collect();
        if Cage::meets(Op::Any, self.target, &values) {
            return Ok(());
        }
        ctx.set_rule("the cage's numbers reach its target under no operation");
        Err(ctx.conflict())
    }

    fn events(&self) -> csp_core::Events {
        csp_core::Events::FIXED
    }

    fn name(&self) -> &str {
        "cage with its operation not given"
    }
}

/// Whether every cell of `cells` (a cage's, in order) still holds its
/// value in `layout`.
fn fits(
    ctx: &csp_core::PropagationContext<'_>,
    cells: &[csp_core::VarId],
    layout: &[Value],
) -> bool {
    layout.iter().zip(cells).all(|(&v, &x)| ctx.contains(x, v))
}

/// Tatham's Keen Easy reading of a cage: the numbers of every layout still
/// possible, together, are all each of its cells may hold (not which cell
/// takes which: that is the normal level's table). Posted at the easy
/// level instead of the cage's arithmetic.
#[derive(Debug)]
struct CageUnion {
    scope: Vec<csp_core::VarId>,
    /// The layouts, `scope.len()` values each.
    layouts: Vec<Value>,
}

impl csp_core::Constraint for CageUnion {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[csp_core::VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        self.layouts
            .chunks_exact(self.scope.len().max(1))
            .any(|l| l == values)
    }

    fn propagate(
        &self,
        ctx: &mut csp_core::PropagationContext<'_>,
    ) -> Result<(), csp_core::Conflict> {
        let k = self.scope.len();
        if k == 0 {
            return Ok(());
        }
        let mut union = 0u64;
        for layout in self.layouts.chunks_exact(k) {
            if fits(ctx, &self.scope, layout) {
                for &v in layout {
                    union |= 1u64 << (v as u64 & 63);
                }
            }
        }
        if union == 0 {
            ctx.set_rule("no layout of the cage fits");
            return Err(ctx.conflict());
        }
        ctx.set_rule("the numbers the cage's layouts use");
        for &x in &self.scope {
            ctx.retain(x, |_, v| (0..64).contains(&v) && union >> v & 1 == 1)?;
        }
        Ok(())
    }

    fn events(&self) -> csp_core::Events {
        csp_core::Events::DOMAIN
    }

    fn name(&self) -> &str {
        "cage layouts (any cell)"
    }
}

/// Tatham's Keen Hard rule: a number that every layout of a cage still
/// possible puts in the cage's part of a row (or column) is in no other
/// cell of that row. Posted from the hard level on, one per cage of two
/// cells or more; a cage with too many layouts for a table does nothing.
#[derive(Debug)]
struct CageLines {
    /// The cage's cells, then the other cells of every row and column it
    /// meets.
    scope: Vec<csp_core::VarId>,
    /// Cells in the cage.
    k: usize,
    /// The layouts, `k` values each (empty: too many to list).
    layouts: Vec<Value>,
    /// Per line the cage meets: the cage's cells in it (positions in the
    /// cage) and the line's other cells (positions in `scope`).
    lines: Vec<(Vec<usize>, Vec<usize>)>,
}

impl CageLines {
    fn new(
        cage: &Cage,
        n: usize,
        cells: &[csp_core::VarId],
        tuples: &mut Vec<Value>,
        scratch: &mut WalkScratch,
    ) -> CageLines {
        let k = cage.cells.len();
        let layouts = layouts(cage, n, tuples, scratch).unwrap_or_default();
        let mut scope: Vec<csp_core::VarId> = cage
            .cells
            .iter()
            .map(|c| cells[c.row * n + c.col])
            .collect();
        let mut lines = Vec::new();
        let mut rows: Vec<usize> = cage.cells.iter().map(|c| c.row).collect();
        let mut cols: Vec<usize> = cage.cells.iter().map(|c| c.col).collect();
        rows.sort_unstable();
        rows.dedup();
        cols.sort_unstable();
        cols.dedup();
        let lines_of = rows
            .into_iter()
            .map(|r| (true, r))
            .chain(cols.into_iter().map(|c| (false, c)));
        for (across, i) in lines_of {
            let inside: Vec<usize> = (0..k)
                .filter(|&j| {
                    let c = cage.cells[j];
                    if across { c.row == i } else { c.col == i }
                })
                .collect();
            let mut others = Vec::new();
            for j in 0..n {
                let cell = if across {
                    Cell::new(i, j)
                } else {
                    Cell::new(j, i)
                };
                if !cage.cells.contains(&cell) {
                    others.push(scope.len());
                    scope.push(cells[cell.row * n + cell.col]);
                }
            }
            lines.push((inside, others));
        }
        CageLines {
            scope,
            k,
            layouts,
            lines,
        }
    }
}

impl csp_core::Constraint for CageLines {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[csp_core::VarId] {
        &self.scope
    }

    fn is_satisfied(&self, _: &[Value]) -> bool {
        true // implied by the cage and the Latin rule
    }

    fn propagate(
        &self,
        ctx: &mut csp_core::PropagationContext<'_>,
    ) -> Result<(), csp_core::Conflict> {
        if self.layouts.is_empty() || self.k == 0 {
            return Ok(());
        }
        let mut forced = ctx.take_words();
        forced.clear();
        forced.resize(self.lines.len(), u64::MAX);
        let mut any = false;
        for layout in self.layouts.chunks_exact(self.k) {
            if !fits(ctx, &self.scope, layout) {
                continue;
            }
            any = true;
            for (f, (inside, _)) in forced.iter_mut().zip(&self.lines) {
                let mut used = 0u64;
                for &j in inside {
                    used |= 1u64 << (layout[j] as u64 & 63);
                }
                *f &= used;
            }
        }
        let mut result = Ok(());
        if any {
            ctx.set_rule("a number every layout puts in this line's part of the cage");
            'lines: for (&f, (_, others)) in forced.iter().zip(&self.lines) {
                if f == u64::MAX {
                    continue;
                }
                for &o in others {
                    let mut bits = f;
                    while bits != 0 {
                        let v = bits.trailing_zeros() as Value;
                        bits &= bits - 1;
                        if let Err(c) = ctx.remove(self.scope[o], v) {
                            result = Err(c);
                            break 'lines;
                        }
                    }
                }
            }
        }
        ctx.give_back_words(forced);
        result
    }

    fn events(&self) -> csp_core::Events {
        csp_core::Events::DOMAIN
    }

    fn name(&self) -> &str {
        "cage layouts in lines"
    }
}

/// The value-by-value view of a Latin square: for each value `v` and row
/// `r`, the column where `v` sits (`1..=n`), all different over the rows
/// (domain consistent: every single-value fish), channelled to the cells
/// by `cell(r, c) == v <=> col_v(r) == c` (one `element` per row and
/// value: the cell at that column holds `v`, and clauses for the converse).
fn post_fish(m: &mut Model, grid: &Grid, n: usize) -> Result<(), ModelError> {
    let cells = grid.cells().to_vec();
    for v in 1..=n as Value {
        let mut where_v = Vec::with_capacity(n);
        for r in 0..n {
            let x = m.new_var(0..n as Value)?;
            where_v.push(x);
            for c in 0..n {
                let cell = cells[r * n + c];
                let lit_cell = csp_core::Literal::eq(cell, v);
                let lit_col = csp_core::Literal::eq(x, c as Value);
                m.clause(&[lit_cell.negate(), lit_col])?;
                m.clause(&[lit_cell, lit_col.negate()])?;
            }
        }
        m.all_different_with(&where_v, Strength::DomainConsistent)?;
    }
    Ok(())
}

/// The most values a cage's table may hold (tuples times cells); a cage
/// with more keeps its arithmetic constraint.
const MAX_TABLE_VALUES: usize = 1 << 16;

/// Fills `out` with every filling of `cage` that meets its clue and puts
/// different numbers in its cells that share a row or a column (the cage's
/// layouts, as Tatham's solver enumerates them). Returns `false` (and
/// `out` is not to be used) if there are more than [`MAX_TABLE_VALUES`].
///
/// A table over the layouts is domain consistent on the cage *with* the
/// Latin rule inside it, which `product` and `linear` alone are not: an
/// L-shaped `6+` cage on `1..=4` allows no 2 in its corner cell, since the
/// corner sees both other cells (2 + 2 + 2 is ruled out, and so is every
/// layout with 2 in the corner).
fn cage_table(cage: &Cage, n: usize, out: &mut Vec<Value>, scratch: &mut WalkScratch) -> bool {
    out.clear();
    let k = cage.cells.len();
    // For each cell, the earlier cells it must differ from: the indices
    // `sees[from[j]..from[j + 1]]`.
    let WalkScratch {
        sees,
        from,
        current,
    } = scratch;
    sees.clear();
    from.clear();
    for j in 0..k {
        from.push(sees.len());
        let b = cage.cells[j];
        sees.extend((0..j).filter(|&i| {
            let a = cage.cells[i];
            a.row == b.row || a.col == b.col
        }));
    }
    from.push(sees.len());
    current.clear();
    current.resize(k, 0);
    let budget = MAX_TABLE_VALUES / k.max(1);
    let walk = Walk {
        cage,
        n: n as i64,
        sees,
        from,
        budget,
    };
    walk.fill(0, cage.target, current, out)
}

/// The buffers of [`cage_table`], kept from one cage to the next so a
/// model's cages share one set of allocations.
#[derive(Default)]
struct WalkScratch {
    sees: Vec<usize>,
    from: Vec<usize>,
    current: Vec<Value>,
}

/// The depth-first enumeration behind [`cage_table`].
struct Walk<'a> {
    cage: &'a Cage,
    n: i64,
    /// The earlier cells each cell must differ from (see [`cage_table`]).
    sees: &'a [usize],
    from: &'a [usize],
    /// The most tuples.
    budget: usize,
}

impl Walk<'_> {
    /// Cells `j..` of every filling, given the earlier ones in `current`:
    /// `rest` is what the remaining cells must add up to (or multiply
    /// to). Appends each tuple to `out` (flat, `current.len()` values
    /// each); `false` once there are more than the budget.
    fn fill(&self, j: usize, rest: i64, current: &mut [Value], out: &mut Vec<Value>) -> bool {
        let k = current.len();
        if j >= k {
            return true; // no cells (a cage has at least one)
        }
        // Bit v: cell j may hold v (1..=n, none that a cell it sees holds;
        // n <= MAX_SIZE < 64).
        let mut free = (u64::MAX >> (63 - self.n)) & !1;
        for &i in &self.sees[self.from[j]..self.from[j + 1]] {
            free &= !(1u64 << (current[i] as u32 & 63));
        }
        let left = (k - j - 1) as i64;
        if left == 0 {
            // The last cell holds what is left, for a sum as for a product.
            if (1..=self.n).contains(&rest) && free >> rest & 1 == 1 {
                if out.len() >= self.budget * k {
                    return false;
                }
                current[j] = rest as Value;
                out.extend_from_slice(current);
            }
            return true;
        }
        if self.cage.op != Op::Mul {
            // The cells after this one add up to `left..=left * n`.
            let (lo, hi) = (rest - left * self.n, rest - left);
            if hi < 1 {
                return true;
            }
            free &= u64::MAX << lo.clamp(0, 63);
            free &= u64::MAX >> (63 - hi.min(63));
        }
        while free != 0 {
            let v = i64::from(free.trailing_zeros());
            free &= free - 1;
            let next = match self.cage.op {
                Op::Mul if rest % v != 0 => continue,
                Op::Mul => rest / v,
                _ => rest - v,
            };
            current[j] = v as Value;
            if !self.fill(j + 1, next, current, out) {
                return false;
            }
        }
        true
    }
}

fn value_of(target: i64) -> Result<Value, ModelError> {
    Value::try_from(target).map_err(|_| ModelError::Overflow {
        constraint: "kenken given".to_owned(),
    })
}

/// The text layout's cage labels: `a`-`z`, `A`-`Z`, then `aa`, `ab`, ...
fn label(mut k: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if k < LETTERS.len() {
        return char::from(LETTERS[k]).to_string();
    }
    k -= LETTERS.len();
    let mut width = 2;
    let mut span = 26 * 26;
    while k >= span {
        k -= span;
        width += 1;
        span *= 26;
    }
    let mut out = vec![b'a'; width];
    for slot in out.iter_mut().rev() {
        *slot = b'a' + (k % 26) as u8;
        k /= 26;
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Reads the text layout.
fn parse_text(text: &str) -> Result<KenKenPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let header_line = r.line_no();
    let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIZE)?;
    if rows != cols {
        return Err(ParseError::at_line(
            header_line,
            format!(
                "a KenKen grid is square: ROWS and COLS must be equal, found {rows} and {cols}"
            ),
        ));
    }
    let n = rows;
    if is_janko_layout(text, n) {
        return parse_janko(r, n);
    }
    // Labels in order of first appearance, with their cells.
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let mut groups: Vec<(Token<'_>, Vec<Cell>)> = Vec::new();
    for row in 0..n {
        let tokens = r.row(n, &format!("row {} of cage labels", row + 1))?;
        for (col, t) in tokens.into_iter().enumerate() {
            if t.is_empty_cell() {
                return Err(t.error("every cell belongs to a cage: '-' is not a cage label"));
            }
            let k = *index.entry(t.text.to_owned()).or_insert_with(|| {
                groups.push((t, Vec::new()));
                groups.len() - 1
            });
            groups[k].1.push(Cell::new(row, col));
        }
    }
    let mut clues: Vec<Option<(Op, i64)>> = vec![None; groups.len()];
    while !r.at_end() {
        let line = r.line_no();
        let tokens = r.line("a cage line 'LABEL TARGET OP'")?;
        if tokens.is_empty() {
            continue;
        }
        let label = tokens[0];
        let Some(&k) = index.get(label.text) else {
            return Err(label.error(format!(
                "no cell of the grid has the cage label '{}'",
                label.text
            )));
        };
        if clues[k].is_some() {
            return Err(label.error(format!("cage '{}' has a second line", label.text)));
        }
        let size = groups[k].1.len();
        // TARGET OP, or TARGETOP in one token, or TARGET alone for one cell.
        let (target_token, op) = match tokens.len() {
            2 | 3 => {
                let t = tokens[1];
                let (num, attached) = split_attached_op(t.text);
                let op = match (tokens.get(2), attached) {
                    (Some(o), None) => Some(Op::from_symbol(o.text).ok_or_else(|| {
                        o.error(format!(
                            "expected an operation (+, -, x, / or =), found '{}'",
                            o.text
                        ))
                    })?),
                    (Some(o), Some(_)) => {
                        return Err(o.error("the cage's operation is already given"));
                    }
                    (None, a) => a,
                };
                (Token { text: num, ..t }, op)
            }
            _ => {
                return Err(ParseError::at_line(
                    line,
                    format!(
                        "expected a cage line 'LABEL TARGET OP', found {} tokens",
                        tokens.len()
                    ),
                ));
            }
        };
        let target = target_token.number("a cage target", 1, i64::MAX)?;
        let op = match (op, size) {
            (None | Some(Op::Given | Op::Add | Op::Any), 1) => Op::Given,
            (None, _) => {
                return Err(target_token.error(format!(
                    "cage '{}' has {size} cells: its line needs an operation (+, -, x or /)",
                    label.text
                )));
            }
            (Some(Op::Given), _) => {
                return Err(target_token.error(format!(
                    "'=' is for a one-cell cage; cage '{}' has {size} cells",
                    label.text
                )));
            }
            (Some(op @ (Op::Sub | Op::Div)), s) if s != 2 => {
                return Err(target_token.error(format!(
                    "a '{}' cage has two cells; cage '{}' has {s}",
                    op.symbol(),
                    label.text
                )));
            }
            (Some(op), _) => op,
        };
        clues[k] = Some((op, target));
    }
    let mut cages = Vec::with_capacity(groups.len());
    for ((token, cells), clue) in groups.into_iter().zip(clues) {
        let Some((op, target)) = clue else {
            return Err(token.error(format!(
                "cage '{}' (first cell {}) has no line 'LABEL TARGET OP'",
                token.text, cells[0]
            )));
        };
        cages.push((token, Cage { op, target, cells }));
    }
    for (token, cage) in &cages {
        let probe = KenKenPuzzle {
            n,
            cages: vec![cage.clone()],
            cage_of: Vec::new(),
        };
        if let Some(c) = probe.disconnected_cell(0) {
            return Err(token.error(format!(
                "cage '{}' is not connected: {c} does not touch the rest of it",
                token.text
            )));
        }
    }
    KenKenPuzzle::from_cages(n, cages.into_iter().map(|(_, c)| c).collect())
        .map_err(ParseError::new)
}

/// Whether the lines after the header are janko.at's layout: exactly `2n`
/// lines of `n` tokens each, the last `n` of them all numbers (the cage
/// grid). The layout of cage lines cannot take this shape: its cage lines
/// have two or three tokens, a third one an operation, so `n` all-number
/// cage lines would be `n = 2` lines `LABEL TARGET` of one-cell cages, two
/// cages for four cells.
fn is_janko_layout(text: &str, n: usize) -> bool {
    let mut lines: Vec<&str> = text.lines().skip(1).collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines.len() == 2 * n
        && lines.iter().enumerate().all(|(i, line)| {
            let mut count = 0;
            let numbers = line.split_whitespace().all(|t| {
                count += 1;
                i < n || t.bytes().all(|b| b.is_ascii_digit())
            });
            numbers && count == n
        })
}

/// Reads janko.at's layout after its header: `n` rows of clues (`-` or
/// `.` none; a target with its operation attached, `24*`; a bare number,
/// a one-cell cage's value or a cage whose operation is not given) and
/// `n` rows of cage numbers. Each cage has exactly one clue, in any cell.
fn parse_janko(mut r: Reader<'_>, n: usize) -> Result<KenKenPuzzle, ParseError> {
    let mut clues: Vec<Option<(Token<'_>, i64, Option<Op>)>> = Vec::with_capacity(n * n);
    for row in 0..n {
        for t in r.row(n, &format!("row {} of clues", row + 1))? {
            if t.text == "-" || t.text == "." {
                clues.push(None);
                continue;
            }
            let (num, op) = split_attached_op(t.text);
            if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
                return Err(t.error(format!(
                    "expected '-', '.' or a clue (a target with its operation attached: \
                     '7+', '3-', '24*', '2/'; or a number alone), found '{}'",
                    t.text
                )));
            }
            let target = Token { text: num, ..t }.number("a clue's target", 1, i64::MAX)?;
            clues.push(Some((t, target, op)));
        }
    }
    // Cage numbers in order of first appearance, with their cells.
    let mut index: BTreeMap<i64, usize> = BTreeMap::new();
    let mut groups: Vec<(Token<'_>, i64, Vec<Cell>)> = Vec::new();
    for row in 0..n {
        for (col, t) in r
            .row(n, &format!("row {} of cage numbers", row + 1))?
            .into_iter()
            .enumerate()
        {
            let number = t.number("a cage number", 0, i64::MAX)?;
            let k = *index.entry(number).or_insert_with(|| {
                groups.push((t, number, Vec::new()));
                groups.len() - 1
            });
            groups[k].2.push(Cell::new(row, col));
        }
    }
    r.end()?;
    let mut cages = Vec::with_capacity(groups.len());
    for (first, number, cells) in groups {
        let mut clue: Option<(Token<'_>, i64, Option<Op>)> = None;
        for c in &cells {
            if let Some(here) = clues[c.row * n + c.col] {
                if let Some((one, _, _)) = clue {
                    return Err(here.0.error(format!(
                        "cage {number} has a second clue (its first, '{}', is at line {}, column {})",
                        one.text, one.line, one.column
                    )));
                }
                clue = Some(here);
            }
        }
        let Some((token, target, op)) = clue else {
            return Err(first.error(format!(
                "cage {number} (first cell {}) has no clue in the clue grid",
                cells[0]
            )));
        };
        let size = cells.len();
        let op = match (op, size) {
            (None | Some(Op::Given | Op::Add | Op::Any), 1) => Op::Given,
            (None, _) => Op::Any,
            (Some(Op::Given), _) => {
                return Err(token.error(format!(
                    "'=' is for a one-cell cage; cage {number} has {size} cells"
                )));
            }
            (Some(op @ (Op::Sub | Op::Div)), s) if s != 2 => {
                return Err(token.error(format!(
                    "a '{}' clue is for a cage of two cells; cage {number} has {s}",
                    op.symbol()
                )));
            }
            (Some(op), _) => op,
        };
        let cage = Cage { op, target, cells };
        let probe = KenKenPuzzle {
            n,
            cages: vec![cage.clone()],
            cage_of: Vec::new(),
        };
        if let Some(c) = probe.disconnected_cell(0) {
            return Err(first.error(format!(
                "cage {number} is not connected: {c} does not touch the rest of it"
            )));
        }
        cages.push(cage);
    }
    KenKenPuzzle::from_cages(n, cages).map_err(ParseError::new)
}

/// `"11+"` as (`"11"`, `Some(Add)`); a bare number as itself and `None`.
fn split_attached_op(text: &str) -> (&str, Option<Op>) {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    if digits > 0 && digits < text.len() {
        if let Some(op) = Op::from_symbol(&text[digits..]) {
            return (&text[..digits], Some(op));
        }
    }
    (text, None)
}

fn write_text(p: &KenKenPuzzle) -> String {
    let n = p.n;
    let labels: Vec<String> = (0..p.cages.len()).map(label).collect();
    let width = labels.iter().map(String::len).max().unwrap_or(1);
    let mut out = format!("{n} {n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| format!("{:<width$}", labels[p.cage_index(r * n + c)]))
            .collect();
        out.push_str(row.join(" ").trim_end());
        out.push('\n');
    }
    for (cage, l) in p.cages.iter().zip(&labels) {
        out.push_str(&format!("{l} {} {}\n", cage.target, cage.op.symbol()));
    }
    out
}

fn write_grid(n: usize, values: &[u8]) -> String {
    let mut out = format!("{n} {n}\n");
    let width = if n >= 10 { 2 } else { 1 };
    for row in values.chunks(n.max(1)) {
        let t: Vec<String> = row
            .iter()
            .map(|&v| {
                let s = if v == 0 {
                    "-".to_owned()
                } else {
                    v.to_string()
                };
                format!("{s:>width$}")
            })
            .collect();
        out.push_str(&t.join(" "));
        out.push('\n');
    }
    out
}

/// Whether a filled grid breaks no rule: [`KenKen`]'s `check` would find
/// nothing. One pass over the values by bit masks and one over the cages,
/// with no allocation, for the common case of a right answer; the rules
/// are read one by one, with their messages, only for a wrong one.
fn holds(puzzle: &KenKenPuzzle, solution: &KenKenSolution) -> bool {
    let n = puzzle.n;
    let values = &solution.values;
    if solution.n != n || !super::latin::is_latin_square(values, n) {
        return false;
    }
    let mut buf = [0i64; 8];
    puzzle.cages.iter().all(|cage| {
        let k = cage.cells.len();
        let value = |c: &Cell| i64::from(values[c.row * n + c.col]);
        if k <= buf.len() {
            for (slot, c) in buf.iter_mut().zip(&cage.cells) {
                *slot = value(c);
            }
            cage.holds(&buf[..k])
        } else {
            cage.holds(&cage.cells.iter().map(value).collect::<Vec<i64>>())
        }
    })
}

const HOUSE: [crate::Rule; 4] = super::words::house_rules(Some("Easy"), Some("Hard"));

/// KenKen's named deductions, easiest first, with the level of Tatham's
/// Keen each belongs to.
static RULES: [crate::Rule; 9] = [
    HOUSE[0],
    HOUSE[1],
    HOUSE[2],
    crate::Rule::new(
        "cage numbers",
        "a cell of a cage holds only numbers that some way to fill the cage (its sum, product, difference or quotient) still uses",
        Some("Easy"),
    ),
    crate::Rule::new(
        "cage fillings",
        "a cell of a cage holds only numbers of the fillings still possible, cells of the cage that share a line being different",
        Some("Normal"),
    ),
    HOUSE[3],
    crate::Rule::new(
        "cage in a line",
        "a number that every filling of a cage puts in its part of a row or column is in no other cell of that line",
        Some("Hard"),
    ),
    crate::Rule::new(
        "single-number fish",
        "a number's places in k rows lying in k columns leave the rest of those columns (X-wing, swordfish)",
        Some("Extreme"),
    ),
    crate::Rule::new(
        "forcing chain",
        "every value of a cell with two numbers left leads to the same removal",
        Some("Extreme"),
    ),
];

impl Family for KenKen {
    type Puzzle = KenKenPuzzle;
    type Solution = KenKenSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<KenKenPuzzle, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        if let (Some((i, line)), None) = (lines.next(), lines.next()) {
            if is_game_id(line) {
                return keen_id::parse(line).map_err(|e| e.relocated(i + 1));
            }
        }
        parse_text(text)
    }

    fn write(&self, puzzle: &KenKenPuzzle) -> String {
        write_text(puzzle)
    }

    fn write_game_id(&self, puzzle: &KenKenPuzzle) -> Option<String> {
        // Keen has no cage without an operation.
        if puzzle.cages.iter().any(|c| c.op == Op::Any) {
            return None;
        }
        Some(keen_id::write(puzzle))
    }

    fn build(&self, puzzle: &KenKenPuzzle) -> Result<Built, ModelError> {
        build(puzzle, Plan::SOLVE)
    }

    fn build_for_level(&self, puzzle: &KenKenPuzzle, level: usize) -> Result<Built, ModelError> {
        build(puzzle, Plan::of_level(level))
    }

    fn decode(
        &self,
        puzzle: &KenKenPuzzle,
        built: &Built,
        s: &csp_core::Solution,
    ) -> KenKenSolution {
        let values = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u8))
            .collect();
        KenKenSolution {
            n: puzzle.n,
            values,
        }
    }

    fn write_solution(&self, puzzle: &KenKenPuzzle, solution: &KenKenSolution) -> String {
        write_grid(puzzle.n, &solution.values)
    }

    fn parse_solution(
        &self,
        puzzle: &KenKenPuzzle,
        text: &str,
    ) -> Result<KenKenSolution, ParseError> {
        let n = puzzle.n;
        let mut r = Reader::new(text);
        let header_line = r.line_no();
        let [rows, cols] = r.header("ROWS COLS", 1, MAX_SIZE)?;
        if (rows, cols) != (n, n) {
            return Err(ParseError::at_line(
                header_line,
                format!("expected a solution of {n} {n}, found {rows} {cols}"),
            ));
        }
        let mut values = Vec::with_capacity(n * n);
        for row in 0..n {
            for t in r.row(n, &format!("row {} of the solution", row + 1))? {
                values.push(if t.is_empty_cell() {
                    0
                } else {
                    t.number("a number", 1, n as i64)? as u8
                });
            }
        }
        r.end()?;
        Ok(KenKenSolution { n, values })
    }

    fn check(&self, puzzle: &KenKenPuzzle, solution: &KenKenSolution) -> Vec<Violation> {
        let n = puzzle.n;
        let mut out = Vec::new();
        if holds(puzzle, solution) {
            return out;
        }
        if solution.n != n {
            out.push(Violation::new(
                format!("the solution is {0}x{0}, the puzzle {n}x{n}", solution.n),
                Vec::new(),
            ));
            return out;
        }
        let at = |r: usize, c: usize| solution.values[r * n + c];
        let empty: Vec<Cell> = (0..n * n)
            .filter(|&i| solution.values[i] == 0 || usize::from(solution.values[i]) > n)
            .map(|i| Cell::new(i / n, i % n))
            .collect();
        if !empty.is_empty() {
            out.push(Violation::new(
                format!("every cell holds a number from 1 to {n}"),
                empty,
            ));
        }
        for (what, line_of) in [("row", true), ("column", false)] {
            for i in 0..n {
                let cell = |j: usize| {
                    if line_of {
                        Cell::new(i, j)
                    } else {
                        Cell::new(j, i)
                    }
                };
                for j in 0..n {
                    let a = cell(j);
                    let v = at(a.row, a.col);
                    if v == 0 {
                        continue;
                    }
                    if let Some(k) = (j + 1..n).find(|&k| {
                        let b = cell(k);
                        at(b.row, b.col) == v
                    }) {
                        out.push(Violation::new(
                            format!("{what} {} holds {v} twice", i + 1),
                            vec![a, cell(k)],
                        ));
                    }
                }
            }
        }
        // One buffer for every cage's values.
        let mut values: Vec<i64> = Vec::new();
        for cage in &puzzle.cages {
            values.clear();
            values.extend(cage.cells.iter().map(|c| i64::from(at(c.row, c.col))));
            if values.contains(&0) || cage.holds(&values) {
                continue;
            }
            let shown: Vec<String> = values.iter().map(i64::to_string).collect();
            let rule = match cage.op {
                Op::Add => format!("{cage} must add up to {}", cage.target),
                Op::Mul => format!("{cage} must multiply to {}", cage.target),
                Op::Sub => format!("{cage} must have a difference of {}", cage.target),
                Op::Div => format!("{cage} must have a quotient of {}", cage.target),
                Op::Given => format!("{cage} must hold {}", cage.target),
                Op::Any => format!(
                    "{cage} must reach {} by adding, multiplying, subtracting or dividing",
                    cage.target
                ),
            };
            out.push(Violation::new(
                format!("{rule} (it holds {})", shown.join(", ")),
                cage.cells.clone(),
            ));
        }
        out
    }

    fn check_givens(&self, puzzle: &KenKenPuzzle) -> Vec<Violation> {
        let n = puzzle.n as i64;
        let mut out = Vec::new();
        let mut given = vec![0i64; puzzle.n * puzzle.n];
        for cage in &puzzle.cages {
            let k = cage.cells.len() as i64;
            let t = cage.target;
            let sum = k <= t && t <= k.saturating_mul(n);
            let product = divides_into(t, n, cage.cells.len());
            let possible = match cage.op {
                Op::Given | Op::Add | Op::Mul | Op::Any if k == 1 => (1..=n).contains(&t),
                Op::Add => sum,
                Op::Sub => t < n,
                Op::Div => t >= 2 && t <= n,
                Op::Mul | Op::Given => product,
                // A difference below n, a quotient up to n.
                Op::Any => sum || product || (k == 2 && t <= n),
            };
            if !possible {
                out.push(Violation::new(
                    format!("{cage} cannot be met with numbers from 1 to {n}"),
                    cage.cells.clone(),
                ));
            } else if k == 1 {
                let c = cage.cells[0];
                given[c.row * puzzle.n + c.col] = t;
            }
        }
        let solution = KenKenSolution {
            n: puzzle.n,
            values: given.iter().map(|&v| v as u8).collect(),
        };
        // Givens that clash in a row or column.
        let clashes = self.check(
            &KenKenPuzzle {
                n: puzzle.n,
                cages: Vec::new(),
                cage_of: puzzle.cage_of.clone(),
            },
            &solution,
        );
        out.extend(
            clashes
                .into_iter()
                .filter(|v| !v.rule.starts_with("every cell")),
        );
        out
    }

    fn value_at(&self, solution: &KenKenSolution, cell: Cell) -> Option<Value> {
        solution.value(cell).map(Value::from)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn reason(
        &self,
        puzzle: &KenKenPuzzle,
        built: &Built,
        d: &csp_core::Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        use super::words;
        use csp_core::constraints::{all_different::rules as ad, all_different_sum, table};
        let n = puzzle.n;
        let i = d.constraint.index();
        let what = self.describe_constraint(puzzle, built, d.constraint);
        let reads = words::scope_cells(built, d.constraint);
        let k = puzzle
            .cages
            .iter()
            .filter(|cage| cage.cells.len() > 1)
            .count();
        if i < 2 * n {
            return words::house_reason(built, now, d, placed, &what);
        }
        let j = i - 2 * n;
        if j < k {
            if d.rule == table::rules::NO_SUPPORT || d.rule == all_different_sum::rules::SUM {
                return crate::Reason::new(
                    RULES[4].name,
                    format!("{what}: the ways to fill it that are left"),
                    reads,
                );
            }
            if d.rule == ad::ELIMINATION {
                return words::house_reason(built, now, d, placed, &what);
            }
            return crate::Reason::new(
                RULES[3].name,
                format!("{what}: the numbers its possible fillings use"),
                reads,
            );
        }
        if j < 2 * k {
            return crate::Reason::new(
                RULES[6].name,
                format!(
                    "every filling of {}",
                    what.trim_start_matches("the layouts of ")
                ),
                reads,
            );
        }
        if j < 2 * k + n * (2 * n * n + 1) {
            return crate::Reason::new(
                RULES[7].name,
                "a number's places in some lines lie in as many crossing lines",
                Vec::new(),
            );
        }
        crate::Reason::new(
            RULES[8].name,
            "each value of a cell with two numbers left leads to the same result",
            Vec::new(),
        )
    }

    fn describe_constraint(&self, puzzle: &KenKenPuzzle, _: &Built, c: ConstraintId) -> String {
        let n = puzzle.n;
        let i = c.index();
        if i < n {
            return format!("row {}", i + 1);
        }
        if i < 2 * n {
            return format!("column {}", i - n + 1);
        }
        let mut cages = puzzle.cages.iter().filter(|cage| cage.cells.len() > 1);
        let k = cages.clone().count();
        match i - 2 * n {
            j if j < k => cages
                .nth(j)
                .map_or_else(String::new, |cage| cage.to_string()),
            // From the hard level on: one per cage, then the fish (per
            // number, two clauses a cell and one all-different), then the
            // forcing chains.
            j if j < 2 * k => cages.nth(j - k).map_or_else(String::new, |cage| {
                format!("the layouts of {cage} in its rows and columns")
            }),
            j if j < 2 * k + n * (2 * n * n + 1) => {
                "the positions of one number across the rows".to_owned()
            }
            _ => "a forcing chain of cells with two numbers left".to_owned(),
        }
    }

    fn render(
        &self,
        puzzle: &KenKenPuzzle,
        solution: Option<&KenKenSolution>,
        options: &RenderOptions,
    ) -> String {
        let n = puzzle.n;
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        let mut c = Canvas::new(n, n, &format!("KenKen {n}x{n}"));
        c.highlights(options);
        c.grid_lines();
        c.region_borders(|r, col| puzzle.cage_of[r * n + col]);
        for cage in &puzzle.cages {
            let first = cage.cells[0];
            c.raw(&format!(
                "<text class=\"corner\" x=\"{}\" y=\"{}\" font-size=\"0.26\">{}</text>",
                first.col as f64 + 0.1,
                first.row as f64 + 0.3,
                crate::render::escape(&cage.clue())
            ));
        }
        for r in 0..n {
            for col in 0..n {
                let cell = Cell::new(r, col);
                if let Some(v) = solution.and_then(|s| s.value(cell)) {
                    c.text_at(
                        col as f64 + 0.5,
                        r as f64 + 0.58,
                        &v.to_string(),
                        Ink::Filled,
                        0.55,
                    );
                } else if let Some(Some(values)) =
                    candidates.as_ref().and_then(|k| k.get(r * n + col))
                {
                    if values.len() < n {
                        let text: Vec<String> = values.iter().map(ToString::to_string).collect();
                        c.text_at(
                            col as f64 + 0.5,
                            r as f64 + 0.78,
                            &text.join(""),
                            Ink::Candidate,
                            (0.9 / text.len().max(3) as f64).min(0.24),
                        );
                    }
                }
            }
        }
        c.finish(options.cell_size)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<KenKenPuzzle, KenKenSolution>, GenerateError> {
        generate::generate(self, options)
    }
}

/// Whether `t` could be a product of `k` numbers from `1..=n`: it is at
/// most `n^k` and has no prime factor above `n` (necessary conditions, so
/// a cage flagged here is certainly impossible).
fn divides_into(t: i64, n: i64, k: usize) -> bool {
    if t < 1 {
        return false;
    }
    let mut bound: i128 = 1;
    for _ in 0..k {
        bound = bound.saturating_mul(i128::from(n));
        if bound >= i128::from(t) {
            break;
        }
    }
    if i128::from(t) > bound {
        return false;
    }
    let mut rest = t;
    for f in 2..=n.max(1) {
        while rest % f == 0 {
            rest /= f;
        }
    }
    rest == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_distinct_and_short() {
        let all: Vec<String> = (0..2000).map(label).collect();
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len());
        assert_eq!(all[0], "a");
        assert_eq!(all[51], "Z");
        assert_eq!(all[52], "aa");
        assert_eq!(all[52 + 676], "aaa");
    }

    #[test]
    fn attached_operations_split() {
        assert_eq!(split_attached_op("11+"), ("11", Some(Op::Add)));
        assert_eq!(split_attached_op("240x"), ("240", Some(Op::Mul)));
        assert_eq!(split_attached_op("7"), ("7", None));
        assert_eq!(split_attached_op("x"), ("x", None));
    }

    #[test]
    fn products_of_k_numbers() {
        assert!(divides_into(240, 6, 4)); // 6 * 5 * 4 * 2
        assert!(!divides_into(7, 6, 3)); // a prime above 6
        assert!(!divides_into(37, 6, 2));
        assert!(!divides_into(64, 6, 2)); // more than 6 * 6
        assert!(divides_into(36, 6, 2));
    }
}
