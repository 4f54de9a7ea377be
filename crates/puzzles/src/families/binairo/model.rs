//! The csp-core model of a Binairo or Unruly puzzle, per level of the
//! ladder, and the top deductive level's technique.
//!
//! # Background
//!
//! One variable over `{1, 2}` per cell. The constraints, posted in this
//! order (the order [`describe`] relies on):
//!
//! 1. each row, then each column, holds exactly half 1s
//!    ([`exactly`](csp_core::Model::exactly); the 2s follow) — at the
//!    first level a forward-checking [`Balance`] instead, which only fills
//!    a line's last empty cell (Tatham's Trivial "single gap");
//! 2. for each window of three cells along a row, then along a column:
//!    not three 1s, not three 2s (two three-literal
//!    [`clause`](csp_core::Model::clause)s);
//! 3. Binairo (and Unruly's unique mode), from the second level on: every
//!    pair of rows, then of columns, differs somewhere
//!    ([`all_different_vectors`](csp_core::Model::all_different_vectors));
//! 4. at the third level, [`Line`] on every row and column.
//!
//! Clause and count propagation are domain consistent, so the second level
//! is Tatham's Easy: two equal neighbours (or equal cells around a gap)
//! force the other symbol, and a line with all its 1s (or 2s) placed is
//! completed. [`Line`] makes each line domain consistent on its own
//! (count and no three alike together), which includes Tatham's Normal
//! deduction: a line one symbol short where three empty-or-equal cells
//! would otherwise take it.
//!
//! # Practical
//!
//! The solving model is the second level's (catalogue constraints only);
//! [`Line`] costs a dynamic program per line per call and did not pay for
//! itself in search on the bench files.
//!
//! # References
//!
//! S. Tatham, L. Sprong, *Unruly* in *Simon Tatham's Portable Puzzle
//! Collection*, `unruly.c` (the difficulty levels). G. Pesant, *A regular
//! language membership constraint for finite sequences of variables*, CP
//! 2004 (forward and backward reachability, which [`Line`] specialises to
//! counted lines without three alike).

use super::BinairoPuzzle;
use crate::families::words;
use crate::family::{Built, Cell, Reason, Rule};
use csp_core::{
    Conflict, Constraint, ConstraintId, Deduction, Events, Literal, Model, ModelError, Priority,
    Probing, PropagationContext, Value, VarId,
};

/// Trace rule names of the techniques.
pub mod rules {
    /// A line's last empty cell takes the symbol the line is short of.
    pub const LAST_CELL: &str = "the line's last empty cell";
    /// Every way to complete the line has this symbol here.
    pub const LINE: &str = "every way to complete the line";
    /// The symbol would make the line equal to another.
    pub const TWINS: &str = "it would make two lines equal";
}

/// The model that solves: the second level's rules without its technique.
pub(crate) const SOLVE: Option<usize> = None;

/// What each constraint stands for, in posting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Count(bool, usize),
    Three(bool, Cell, Value),
    Differ(bool, usize, usize),
    Twins,
    Line(bool, usize),
}

fn origins(rows: usize, cols: usize, distinct: bool, level: Option<usize>) -> Vec<Origin> {
    let mut out = Vec::new();
    out.extend((0..rows).map(|i| Origin::Count(true, i)));
    out.extend((0..cols).map(|i| Origin::Count(false, i)));
    for r in 0..rows {
        for c in 0..cols.saturating_sub(2) {
            out.push(Origin::Three(true, Cell::new(r, c), 1));
            out.push(Origin::Three(true, Cell::new(r, c), 2));
        }
    }
    for c in 0..cols {
        for r in 0..rows.saturating_sub(2) {
            out.push(Origin::Three(false, Cell::new(r, c), 1));
            out.push(Origin::Three(false, Cell::new(r, c), 2));
        }
    }
    if distinct && level != Some(0) {
        for (across, n) in [(true, rows), (false, cols)] {
            for a in 0..n {
                for b in a + 1..n {
                    out.push(Origin::Differ(across, a, b));
                }
            }
        }
        if level.is_some() {
            out.push(Origin::Twins);
        }
    }
    if level.is_some_and(|l| l >= 2) {
        out.extend((0..rows).map(|i| Origin::Line(true, i)));
        out.extend((0..cols).map(|i| Origin::Line(false, i)));
    }
    out
}

/// Binairo's and Unruly's named deductions, easiest first.
pub(crate) static RULES: [Rule; 5] = [
    Rule::new(
        "no three in a line",
        "two equal symbols side by side, or with a gap between them, take the other symbol next to them or in the gap",
        Some("Trivial"),
    ),
    Rule::new(
        "last empty cell",
        "a line with one empty cell left takes the symbol it is short of",
        Some("Trivial"),
    ),
    Rule::new(
        "line has half",
        "a line with all its 1s (or 2s) has the other symbol everywhere else",
        Some("Easy"),
    ),
    Rule::new(
        "lines differ",
        "a symbol that would make a line equal to a full one goes the other way (Binairo, and Unruly's unique option)",
        Some("Easy"),
    ),
    Rule::new(
        "every way to complete the line",
        "every way left to fill a line, counts and no three alike, agrees on a cell",
        Some("Normal"),
    ),
];

/// The deduction `d` of a level's model of `p` in the player's words.
pub(crate) fn reason(p: &BinairoPuzzle, d: &Deduction, placed: bool) -> Reason {
    let (rows, cols) = (p.grid.rows(), p.grid.cols());
    let v = if placed { d.value } else { 3 - d.value };
    let other = 3 - v;
    let line = |across: bool, i: usize| words::line_name(across, i);
    let cells = |across: bool, i: usize| words::line_cells(across, i, rows, cols);
    match origins(rows, cols, p.distinct, Some(2)).get(d.constraint.index()) {
        Some(&Origin::Count(across, i)) if d.rule == rules::LAST_CELL => Reason::new(
            RULES[1].name,
            format!("{} is short of one {v}", line(across, i)),
            cells(across, i),
        ),
        // "row 3 has all its 2s", as the rule's words say: no count
        // before the symbol ("its 3 2s").
        Some(&Origin::Count(across, i)) => Reason::new(
            RULES[2].name,
            format!("{} has all its {other}s", line(across, i)),
            cells(across, i),
        ),
        Some(&Origin::Three(across, start, _)) => {
            let window: Vec<Cell> = (0..3)
                .map(|k| {
                    if across {
                        Cell::new(start.row, start.col + k)
                    } else {
                        Cell::new(start.row + k, start.col)
                    }
                })
                .collect();
            Reason::new(
                RULES[0].name,
                format!("{}-{} would hold three {other}s", window[0], window[2]),
                window,
            )
        }
        Some(&Origin::Differ(across, a, b)) => {
            let what = if across { "rows" } else { "columns" };
            let mut reads = cells(across, a);
            reads.extend(cells(across, b));
            Reason::new(
                RULES[3].name,
                format!("{what} {} and {} would be equal", a + 1, b + 1),
                reads,
            )
        }
        Some(&Origin::Line(across, i)) => Reason::new(
            RULES[4].name,
            format!("every way left to fill {} agrees", line(across, i)),
            cells(across, i),
        ),
        _ => Reason::new(
            RULES[3].name,
            "the other symbol would make this line equal to another",
            Vec::new(),
        ),
    }
}

/// A constraint of the model of `p` (any level) in words.
pub(crate) fn describe(p: &BinairoPuzzle, c: ConstraintId) -> String {
    let (rows, cols) = (p.grid.rows(), p.grid.cols());
    let line = |across: bool, i: usize| {
        if across {
            format!("row {}", i + 1)
        } else {
            format!("column {}", i + 1)
        }
    };
    match origins(rows, cols, p.distinct, Some(2)).get(c.index()) {
        Some(Origin::Count(across, i)) => format!("{} (as many 1s as 2s)", line(*across, *i)),
        Some(Origin::Three(across, start, v)) => {
            let end = if *across {
                Cell::new(start.row, start.col + 2)
            } else {
                Cell::new(start.row + 2, start.col)
            };
            format!("{start}-{end} (no three {v}s in a line)")
        }
        Some(Origin::Differ(across, a, b)) => {
            let what = if *across { "rows" } else { "columns" };
            format!("{what} {} and {} (they must differ)", a + 1, b + 1)
        }
        Some(Origin::Twins) => "the lines one symbol away from an equal one".to_owned(),
        Some(Origin::Line(across, i)) => {
            format!("{} (every way to complete it)", line(*across, *i))
        }
        None => c.to_string(),
    }
}

/// The model of an empty `rows x cols` grid: the rules alone (`level`
/// `None`, for solving), or ladder level `level` (0: forward-checked
/// counts, no distinct lines; 1: exact counts, distinct lines and
/// [`Twins`]; 2 and above: plus [`Line`]), with its cells' variables
/// row-major.
pub(crate) fn build_empty(
    rows: usize,
    cols: usize,
    distinct: bool,
    level: Option<usize>,
) -> Result<(Model, Vec<VarId>), ModelError> {
    let mut model = Model::new();
    let cells = model.new_vars(rows * cols, 1..=2)?;
    let row = |r: usize| -> Vec<VarId> { (0..cols).map(|c| cells[r * cols + c]).collect() };
    let col = |c: usize| -> Vec<VarId> { (0..rows).map(|r| cells[r * cols + c]).collect() };
    let lines: Vec<Vec<VarId>> = (0..rows).map(row).chain((0..cols).map(col)).collect();
    for line in &lines {
        if level == Some(0) {
            model.add(Balance {
                cells: line.clone(),
            })?;
        } else {
            model.exactly(line, 1, line.len() / 2)?;
        }
    }
    for across in [true, false] {
        let set = if across {
            &lines[..rows]
        } else {
            &lines[rows..]
        };
        for line in set {
            for w in line.windows(3) {
                for v in [1, 2] {
                    let lits: Vec<Literal> = w.iter().map(|&x| Literal::ne(x, v)).collect();
                    model.clause(&lits)?;
                }
            }
        }
    }
    if distinct && level != Some(0) {
        model.all_different_vectors(&lines[..rows])?;
        model.all_different_vectors(&lines[rows..])?;
        if level.is_some() {
            model.add(Twins::new(&cells, rows, cols))?;
        }
    }
    if level.is_some_and(|l| l >= 2) {
        for line in &lines {
            model.add(Line {
                cells: line.clone(),
            })?;
        }
    }
    Ok((model, cells))
}

/// The model of `p` (see [`build_empty`]), its givens as assumptions.
pub(crate) fn build(p: &BinairoPuzzle, level: Option<usize>) -> Result<Built, ModelError> {
    let (rows, cols) = (p.grid.rows(), p.grid.cols());
    let (model, cells) = build_empty(rows, cols, p.distinct, level)?;
    let mut built = Built::new(model, rows, cols);
    built.assumptions = p
        .grid
        .cells()
        .iter()
        .zip(&cells)
        .filter(|(g, _)| **g != 0)
        .map(|(&g, &v)| (v, Value::from(g)))
        .collect();
    built.cells = cells.into_iter().map(Some).collect();
    if !p.distinct {
        // Unruly (no unique-lines rule) leaves more to search: probing
        // once at the root settles cells whose either colour fails, and
        // on 14 x 14 generated puzzles takes a third off the time to find
        // and prove the solution (normal: 0.93 s -> 0.59 s for 200 puzzles;
        // probing at every node costs more than it saves).
        built.options = built.options.clone().with_probing(Probing::Root);
    }
    Ok(built)
}

/// Half the line's cells are 1s, checked only once all cells but one are
/// known (forward checking): Tatham's Trivial "single gap".
#[derive(Debug)]
struct Balance {
    cells: Vec<VarId>,
}

impl Constraint for Balance {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        2 * values.iter().filter(|&&v| v == 1).count() == values.len()
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut open = None;
        let mut ones = 0;
        for &v in &self.cells {
            match ctx.value(v) {
                Some(1) => ones += 1,
                Some(_) => {}
                None if open.is_some() => return Ok(()),
                None => open = Some(v),
            }
        }
        let half = self.cells.len() / 2;
        if ones > half {
            return Err(ctx.conflict());
        }
        let short = half - ones;
        match open {
            None if 2 * ones == self.cells.len() => Ok(()),
            Some(v) if short <= 1 => {
                ctx.set_rule(rules::LAST_CELL);
                ctx.fix(v, if short == 1 { 1 } else { 2 }).map(|_| ())
            }
            _ => Err(ctx.conflict()),
        }
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn name(&self) -> &str {
        "line balance"
    }
}

/// Tatham's unique-rows deduction: when a line has all its `X`s placed and
/// another line (same direction) has all but one of its `X`s placed, each
/// where the first has one, the second's last `X` cannot go to the first's
/// remaining `X` place: the lines would be equal.
#[derive(Debug)]
struct Twins {
    /// Every cell, row-major.
    cells: Vec<VarId>,
    /// Rows, then columns, as indices into `cells`.
    lines: Vec<Vec<u32>>,
    rows: usize,
}

impl Twins {
    fn new(cells: &[VarId], rows: usize, cols: usize) -> Twins {
        let mut lines: Vec<Vec<u32>> = (0..rows)
            .map(|r| (0..cols).map(|c| (r * cols + c) as u32).collect())
            .collect();
        lines.extend((0..cols).map(|c| (0..rows).map(|r| (r * cols + c) as u32).collect()));
        Twins {
            cells: cells.to_vec(),
            lines,
            rows,
        }
    }
}

impl Constraint for Twins {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, _: &[Value]) -> bool {
        // A technique: the rules are the other constraints of the model.
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let is = |ctx: &PropagationContext<'_>, i: u32, v: Value| {
            ctx.value(self.cells[i as usize]) == Some(v)
        };
        for group in [&self.lines[..self.rows], &self.lines[self.rows..]] {
            for v in [1, 2] {
                let count = |line: &[u32]| line.iter().filter(|&&i| is(ctx, i, v)).count();
                for a in group {
                    let half = a.len() / 2;
                    if count(a) != half {
                        continue;
                    }
                    for b in group {
                        if std::ptr::eq(a, b) || half == 0 || count(b) != half - 1 {
                            continue;
                        }
                        let inside = a
                            .iter()
                            .zip(b)
                            .all(|(&x, &y)| !is(ctx, y, v) || is(ctx, x, v));
                        if !inside {
                            continue;
                        }
                        let mut gap = a
                            .iter()
                            .zip(b)
                            .filter(|&(&x, &y)| is(ctx, x, v) && !is(ctx, y, v));
                        if let (Some((_, &y)), None) = (gap.next(), gap.next()) {
                            let var = self.cells[y as usize];
                            if !ctx.is_fixed(var) {
                                ctx.set_rule(rules::TWINS);
                                ctx.remove(var, v)?;
                                return Ok(());
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn name(&self) -> &str {
        "binairo twins"
    }
}

/// One line's count and "no three alike", domain consistent: for each
/// cell and symbol, some completion of the line has it there.
#[derive(Debug)]
struct Line {
    cells: Vec<VarId>,
}

/// The states of the line's program: before the first cell, or the last
/// symbol (1 or 2) and how many of it end the prefix (1 or 2).
const STATES: usize = 5;

/// The state after `state` when the next cell holds `v`, if allowed.
fn step(state: usize, v: Value) -> Option<usize> {
    // 0: start; 1: one 1; 2: two 1s; 3: one 2; 4: two 2s.
    match (state, v) {
        (0 | 3 | 4, 1) => Some(1),
        (1, 1) => Some(2),
        (0..=2, 2) => Some(3),
        (3, 2) => Some(4),
        _ => None,
    }
}

impl Constraint for Line {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        2 * values.iter().filter(|&&v| v == 1).count() == values.len()
            && !values.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut words = ctx.take_words();
        let result = self.run(ctx, &mut words);
        ctx.give_back_words(words);
        result
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn name(&self) -> &str {
        "binairo line"
    }
}

impl Line {
    /// `words[p * STATES + s]` (forward, `p` in `0..=n`): bit `j` says the
    /// first `p` cells can hold `j` 1s ending in state `s`; the second
    /// half (backward): bit `t` says cells `p..` can hold `t` 1s after a
    /// prefix ending in state `s`.
    fn run(&self, ctx: &mut PropagationContext<'_>, words: &mut Vec<u64>) -> Result<(), Conflict> {
        let n = self.cells.len();
        let half = n / 2;
        if half >= 63 {
            return Ok(());
        }
        let keep = (1u64 << (half + 1)) - 1;
        let width = (n + 1) * STATES;
        words.resize(2 * width, 0);
        let (fwd, bwd) = words.split_at_mut(width);
        fwd[0] = 1;
        for p in 0..n {
            let var = self.cells[p];
            for s in 0..STATES {
                let f = fwd[p * STATES + s];
                if f == 0 {
                    continue;
                }
                for v in [1, 2] {
                    if let Some(t) = step(s, v).filter(|_| ctx.contains(var, v)) {
                        let shifted = if v == 1 { (f << 1) & keep } else { f };
                        fwd[(p + 1) * STATES + t] |= shifted;
                    }
                }
            }
        }
        for s in 0..STATES {
            bwd[n * STATES + s] = 1;
        }
        for p in (0..n).rev() {
            let var = self.cells[p];
            for s in 0..STATES {
                let mut b = 0;
                for v in [1, 2] {
                    if let Some(t) = step(s, v).filter(|_| ctx.contains(var, v)) {
                        let next = bwd[(p + 1) * STATES + t];
                        b |= if v == 1 { (next << 1) & keep } else { next };
                    }
                }
                bwd[p * STATES + s] = b;
            }
        }
        let meets = |before: u64, after: u64| {
            (0..=half).any(|j| before >> j & 1 == 1 && after >> (half - j) & 1 == 1)
        };
        if !meets(1, bwd[0]) {
            return Err(ctx.conflict());
        }
        for p in 0..n {
            let var = self.cells[p];
            if ctx.is_fixed(var) {
                continue;
            }
            for v in [1, 2] {
                let supported = (0..STATES).any(|s| {
                    let f = fwd[p * STATES + s];
                    f != 0
                        && step(s, v).is_some_and(|t| {
                            let f = if v == 1 { (f << 1) & keep } else { f };
                            meets(f, bwd[(p + 1) * STATES + t])
                        })
                });
                if !supported {
                    ctx.set_rule(rules::LINE);
                    ctx.remove(var, v)?;
                }
            }
        }
        Ok(())
    }
}
