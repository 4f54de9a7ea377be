//! The csp-core model of a Slitherlink grid.
//!
//! # Background
//!
//! One 0/1 variable per side of a cell, on the lattice of the cells'
//! corners ([`LoopLattice::around_cells`]), one 0/1 variable per corner
//! point (1: the loop passes there) and one 0/1 variable per cell (1:
//! inside the loop). The constraints, posted in this order (the order
//! [`describe`] relies on):
//!
//! 1. the sides set to 1 form one simple cycle through exactly the points
//!    set to 1
//!    ([`single_loop_with_vertices`](csp_core::Model::single_loop_with_vertices):
//!    two loop sides at every point or none, no loop closed while other
//!    loop sides or required points remain, no side that no cycle can
//!    use);
//! 2. each clue with the corners of its cell, as one
//!    [`table`](csp_core::Model::table) (domain consistent) over the
//!    cell's four sides and the other sides at its four corners: exactly
//!    that many of the four sides on the loop, and 0 or 2 loop sides at
//!    each corner, row-major;
//! 3. the colouring: a side is on the loop exactly when the cells on
//!    either side of it differ (beyond the border is outside), four
//!    three-literal [`clause`](csp_core::Model::clause)s per inner side
//!    and two per border side, horizontal sides row by row, then vertical
//!    ones.
//!
//! 4. the points a clue's loop sides must pass: all four corners of a 3
//!    (or 4) are fixed on the loop, at least three corners of a 2 (a
//!    clause per pair) and at least two of a 1 (a clause per three), so
//!    that rule (1) refuses to close a loop that leaves a clue unmet
//!    elsewhere (Tatham's "loop" deduction), row-major;
//! 5. in the grading model, [`Closing`]: a side that would close the
//!    loop sides so far into one cycle holding them all is off unless
//!    every clue is then met (the rest of Tatham's "loop" deduction, which
//!    the corners of (4) only approximate).
//!
//! The colouring is redundant given (1) (a simple cycle has an inside),
//! but it is the "inside/outside" reasoning of strong human solvers and
//! of Tatham's Hard level, it gives the cells variables for the solution,
//! and it lets parity travel across the grid.
//!
//! # Practical
//!
//! One model for every level: the ladder has two rungs, propagation
//! alone or search. Search branches on the sides only (the cells and
//! points follow from them), by dom/wdeg.
//!
//! The clue tables (2) and the required corners (4) are what make the
//! model fast, measured with `cargo bench --bench loops slitherlink` on
//! Tatham's puzzles: with `exactly` per clue and the plain loop, a 14x24
//! Hard puzzle took 28 s and 129,000 decisions on average; with them, tens
//! of milliseconds and about 200 decisions, and his Easy and Normal
//! puzzles need no search at all. The tables hold the local rules of
//! Slitherlink guides (a 3 in a corner of the grid, a 1 whose corner is
//! closed off, a line entering a 3's corner, the two sides at a corner
//! that cannot both be on), each at most 2^12 tuples. Two
//! [`connected`](csp_core::Model::connected) constraints over the cells
//! (inside connected, outside connected to the border: the Jordan curve
//! theorem) were tried as well and left out: they did not lower the
//! decisions and cost time.
//!
//! # References
//!
//! S. Tatham, *Simon Tatham's Portable Puzzle Collection*, `loopy.c`; T.
//! Yato, *Complexity and completeness of finding another solution and its
//! application to puzzles*, 2003 (Slitherlink is NP-complete).

use super::Puzzle;
use crate::families::words;
use crate::family::{Built, Cell, Reason, Rule, Spot};
use crate::generic::Progress;
use csp_core::constraints::LoopLattice;
use csp_core::{ConstraintId, Deduction, Literal, Model, ModelError, Value, VarId};

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
    /// A clause: the loop passes enough corners of the clue at cell `i`.
    Corners(usize, u8),
    /// [`Closing`]: a side that would close the loop must leave every clue
    /// met.
    Closing,
}

/// The clauses that make the loop pass the corners of a clue `k`: for
/// a 2, one per pair of corners (at least three of four); for a 1, one per
/// three corners (at least two). A 3 or a 4 fixes all four instead.
fn corner_clauses(k: u8) -> &'static [&'static [usize]] {
    match k {
        1 => &[&[1, 2, 3], &[0, 2, 3], &[0, 1, 3], &[0, 1, 2]],
        2 => &[&[0, 1], &[0, 2], &[0, 3], &[1, 2], &[1, 3], &[2, 3]],
        _ => &[],
    }
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
    for (i, k) in p.clues.iter().enumerate() {
        if let Some(k) = *k {
            out.extend(std::iter::repeat_n(
                Origin::Corners(i, k),
                corner_clauses(k).len(),
            ));
        }
    }
    out.push(Origin::Closing);
    out
}

/// The origins [`build`] kept beside `built`'s model, or `p`'s own for a
/// model built without them.
fn origins_of<'b>(p: &Puzzle, built: &'b Built) -> std::borrow::Cow<'b, [Origin]> {
    match built.data::<Vec<Origin>>() {
        Some(kept) => std::borrow::Cow::Borrowed(kept),
        None => std::borrow::Cow::Owned(origins(p)),
    }
}

/// A constraint of the model of `p` in words.
pub(crate) fn describe(p: &Puzzle, built: &Built, c: ConstraintId) -> String {
    let cell = |i: usize| Cell::new(i / p.cols, i % p.cols);
    match origins_of(p, built).get(c.index()) {
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
        Some(&Origin::Corners(i, k)) => format!(
            "the loop passes at least {} corners of the {k} at {}",
            if k == 1 { 2 } else { 3 },
            cell(i)
        ),
        Some(Origin::Closing) => "closing the loop there would leave a clue unmet".to_owned(),
        None => c.to_string(),
    }
}

/// Slitherlink's named deductions, easiest first.
pub(crate) static RULES: [Rule; 9] = [
    Rule::new(
        "clue",
        "a number with its lines (or crosses) all placed has the rest of its sides crossed (or lined), and the corners of its cell allow only some of its patterns",
        Some("Easy"),
    ),
    words::LOOP_RULES[0],
    words::LOOP_RULES[1],
    words::LOOP_RULES[2],
    words::LOOP_RULES[3],
    Rule::new(
        "closing the loop",
        "a line that would close the loop while a number is unmet has a cross",
        Some("Easy"),
    ),
    Rule::new(
        "clue corners",
        "the loop passes enough corners of a 1 or a 2 for it to be met",
        Some("Normal"),
    ),
    words::LOOP_RULES[4],
    Rule::new(
        "inside and outside",
        "a side is a line exactly when one of its two cells is inside the loop and the other outside (beyond the border is outside)",
        Some("Hard"),
    ),
];

/// What a variable of [`build`]'s model stands for: the sides come first
/// (the lattice's horizontal edges row by row, then its vertical ones),
/// then the corner points (`None`), then the cells.
pub(crate) fn spot(p: &Puzzle, built: &Built, var: VarId) -> Option<Spot> {
    let (rows, cols) = (p.rows, p.cols);
    let i = var.index();
    let across = (rows + 1) * cols;
    if i < across {
        return Some(Spot::Side {
            top: true,
            row: i / cols,
            col: i % cols,
        });
    }
    let down = rows * (cols + 1);
    if i < across + down {
        let k = i - across;
        return Some(Spot::Side {
            top: false,
            row: k / (cols + 1),
            col: k % (cols + 1),
        });
    }
    built.cell_of(var).map(Spot::Cell)
}

/// The deduction `d` of [`build`]'s model of `p` in the player's words.
pub(crate) fn reason(p: &Puzzle, built: &Built, d: &Deduction, now: &Progress) -> Reason {
    let cell = |i: usize| Cell::new(i / p.cols, i % p.cols);
    match origins_of(p, built).get(d.constraint.index()) {
        Some(Origin::Loop) => {
            let r = words::loop_reason(d, "dot");
            Reason::new(r.rule, r.cause.replace("a line there", "a line"), r.reads)
        }
        Some(&Origin::Clue(i, k)) => Reason::new(
            RULES[0].name,
            format!("the {k} at {} and the lines at its corners", cell(i)),
            vec![cell(i)],
        ),
        Some(Origin::Colour(s)) => {
            let side = Spot::Side {
                top: s.horizontal,
                row: s.r,
                col: s.c,
            };
            let state = |x: Option<usize>| -> String {
                match x {
                    None => "outside".to_owned(),
                    Some(i) => match built.var(cell(i)).and_then(|v| now.value(v)) {
                        Some(1) => format!("{} inside", cell(i)),
                        Some(_) => format!("{} outside", cell(i)),
                        None => cell(i).to_string(),
                    },
                }
            };
            let here = built.cell_of(d.var);
            let cause = match here {
                // A cell: the side's state and the cell across it.
                Some(h) => {
                    let other = s.cells.iter().copied().find(|&x| x.map(cell) != Some(h));
                    let line = side_var(p, built, s).and_then(|v| now.value(v)).map_or(
                        "a line or a cross",
                        |v| {
                            if v == 1 { "a line" } else { "a cross" }
                        },
                    );
                    match other.flatten() {
                        Some(o) => format!("{side} has {line} and {}", state(Some(o))),
                        None => format!("{side} has {line} on the border"),
                    }
                }
                None => format!("{} and {}", state(s.cells[0]), state(s.cells[1])),
            };
            let reads = s.cells.iter().flatten().map(|&i| cell(i)).collect();
            Reason::new(RULES[8].name, cause, reads)
        }
        Some(&Origin::Corners(i, k)) => Reason::new(
            RULES[6].name,
            format!("the loop passes enough corners of the {k} at {}", cell(i)),
            vec![cell(i)],
        ),
        _ => Reason::new(
            RULES[5].name,
            "a line there would close the loop with a number unmet",
            Vec::new(),
        ),
    }
}

/// The variable of a side (see [`spot`]).
fn side_var(p: &Puzzle, built: &Built, s: &Side) -> Option<VarId> {
    let (rows, cols) = (p.rows, p.cols);
    let i = if s.horizontal {
        s.r * cols + s.c
    } else {
        (rows + 1) * cols + s.r * (cols + 1) + s.c
    };
    built.model.vars().nth(i)
}

fn invalid(reason: String) -> ModelError {
    ModelError::InvalidArgument {
        constraint: "slitherlink".to_owned(),
        reason,
    }
}

/// The model of `p`: with `closing`, [`Closing`] too (the grading model,
/// where it keeps Tatham's Easy and Normal puzzles free of search; the
/// solving model leaves it out, as it cost a fifth more time on his Hard
/// puzzles and saved no search worth it).
pub(crate) fn build(p: &Puzzle, closing: bool) -> Result<Built, ModelError> {
    let (rows, cols) = (p.rows, p.cols);
    let mut model = Model::new();
    let lattice = LoopLattice::around_cells(&mut model, rows, cols)?;
    let on_loop = model.new_vars(lattice.point_rows() * lattice.point_cols(), 0..=1)?;
    let corners = |i: usize| -> Result<[VarId; 4], ModelError> {
        let (r, c) = (i / cols, i % cols);
        let at = |r: usize, c: usize| {
            lattice
                .point(r, c)
                .map(|v| on_loop[v])
                .ok_or_else(|| invalid(format!("no point at {r} {c}")))
        };
        Ok([at(r, c)?, at(r, c + 1)?, at(r + 1, c + 1)?, at(r + 1, c)?])
    };
    let inside: Vec<VarId> = (0..rows * cols)
        .map(|i| model.new_named_var(Cell::new(i / cols, i % cols).to_string(), 0..=1))
        .collect::<Result<_, _>>()?;
    let kept = origins(p);
    for &origin in &kept {
        match origin {
            Origin::Loop => {
                model.single_loop_with_vertices(lattice.edges(), lattice.graph(), &on_loop)?;
            }
            Origin::Clue(i, k) => {
                let (vars, tuples) = clue_with_corners(&lattice, i / cols, i % cols, k)
                    .ok_or_else(|| invalid(format!("no sides for cell {i}")))?;
                model.table(&vars, &tuples)?;
                if k >= 3 {
                    for y in corners(i)? {
                        model.fix(y, 1)?;
                    }
                }
            }
            Origin::Colour(_) | Origin::Corners(..) | Origin::Closing => {}
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
    for (i, k) in p.clues.iter().enumerate() {
        if let Some(k) = *k {
            let ys = corners(i)?;
            for clause in corner_clauses(k) {
                let lits: Vec<Literal> = clause.iter().map(|&j| Literal::eq(ys[j], 1)).collect();
                model.clause(&lits)?;
            }
        }
    }
    if closing {
        model.add(Closing::new(p, &lattice)?)?;
    }
    let mut built = Built::new(model, rows, cols);
    built.options = built.options.with_decision_vars(lattice.edges());
    built.cells = inside.into_iter().map(Some).collect();
    // Read by every step's words: kept, not rebuilt per deduction.
    Ok(built.with_data(kept))
}

/// A clue and the points at its cell's corners as one table: the cell's
/// four sides (exactly `k` on the loop) and the other sides at each of its
/// corners (0 or 2 loop sides at every corner), so that propagation is
/// domain consistent on their conjunction; `None` if the cell is not in
/// the lattice.
fn clue_with_corners(
    lattice: &LoopLattice,
    r: usize,
    c: usize,
    k: u8,
) -> Option<(Vec<VarId>, Vec<Vec<Value>>)> {
    let sides = lattice.cell_edges(r, c)?;
    let mut vars: Vec<VarId> = sides.to_vec();
    // Per corner: the positions in `vars` of the sides that meet there.
    let mut corners: Vec<Vec<usize>> = Vec::with_capacity(4);
    for (pr, pc) in [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)] {
        let mut at = Vec::with_capacity(4);
        for e in lattice.point_edges(pr, pc).into_iter().flatten() {
            let i = vars.iter().position(|&v| v == e).unwrap_or_else(|| {
                vars.push(e);
                vars.len() - 1
            });
            at.push(i);
        }
        corners.push(at);
    }
    let n = vars.len();
    let tuples = (0u32..1 << n)
        .filter(|bits| {
            (bits & 0b1111).count_ones() == u32::from(k)
                && corners.iter().all(|at| {
                    let d = at.iter().filter(|&&i| bits >> i & 1 == 1).count();
                    d == 0 || d == 2
                })
        })
        .map(|bits| (0..n).map(|i| Value::from(bits >> i & 1 == 1)).collect())
        .collect();
    Some((vars, tuples))
}

/// Tatham's "loop" deduction: a side that would close the loop sides
/// chosen so far into a cycle holding all of them ends the puzzle there
/// (a simple cycle contains no other), so it is off unless every clue is
/// then met. (The loop constraint already refuses a cycle that misses a
/// loop side or a required point; this looks at the clues too.)
#[derive(Debug)]
struct Closing {
    /// The sides, in the lattice's order.
    edges: Vec<VarId>,
    /// Each side's two points.
    ends: Vec<(u32, u32)>,
    /// Each side's clued cells (up to two), as indices into `clues`.
    clued: Vec<Vec<u32>>,
    /// The clues, in cell order.
    clues: Vec<u8>,
    /// Each point's sides (edge indices).
    incident: Vec<Vec<u32>>,
    points: usize,
}

impl Closing {
    fn new(p: &Puzzle, lattice: &LoopLattice) -> Result<Closing, ModelError> {
        let edges = lattice.edges().to_vec();
        let graph = lattice.graph();
        let mut ends = vec![(0, 0); edges.len()];
        let mut incident = vec![Vec::new(); graph.num_vertices()];
        for (v, at) in incident.iter_mut().enumerate() {
            for (u, e) in graph.incident_edges(v) {
                if let Some(end) = ends.get_mut(e) {
                    *end = (v as u32, u as u32);
                    at.push(e as u32);
                }
            }
        }
        let index = |v: VarId| edges.iter().position(|&x| x == v);
        let mut clued = vec![Vec::new(); edges.len()];
        let mut clues = Vec::new();
        for (i, k) in p.clues.iter().enumerate() {
            let Some(k) = *k else { continue };
            let sides = lattice
                .cell_edges(i / p.cols, i % p.cols)
                .ok_or_else(|| invalid(format!("no sides for cell {i}")))?;
            for v in sides {
                let e =
                    index(v).ok_or_else(|| invalid(format!("a side of cell {i} is no edge")))?;
                clued[e].push(clues.len() as u32);
            }
            clues.push(k);
        }
        Ok(Closing {
            edges,
            ends,
            clued,
            clues,
            incident,
            points: lattice.point_rows() * lattice.point_cols(),
        })
    }
}

impl csp_core::Constraint for Closing {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.edges
    }

    fn is_satisfied(&self, _: &[Value]) -> bool {
        true // implied by the loop and the clues
    }

    fn propagate(
        &self,
        ctx: &mut csp_core::PropagationContext<'_>,
    ) -> Result<(), csp_core::Conflict> {
        let (m, n) = (self.edges.len(), self.points);
        let mut s = ctx.take_scratch();
        // [loop sides per point n][loop sides per clue]
        s.indices.clear();
        s.indices.resize(n + self.clues.len(), 0);
        let (deg, yes) = s.indices.split_at_mut(n);
        let mut chosen = 0;
        for e in 0..m {
            if ctx.value(self.edges[e]) == Some(1) {
                chosen += 1;
                let (a, b) = self.ends[e];
                deg[a as usize] += 1;
                deg[b as usize] += 1;
            }
        }
        // One path (two ends, every other point of it with two sides) whose
        // ends an open side joins: the only side that can close the loop
        // (the loop constraint refuses the others).
        let mut ends = [usize::MAX; 2];
        let mut count = 0;
        let mut path = chosen > 0;
        for (v, &d) in deg.iter().enumerate() {
            if d == 1 {
                if count < 2 {
                    ends[count] = v;
                }
                count += 1;
            } else if d > 2 {
                path = false;
            }
        }
        let closing = (path && count == 2)
            .then(|| {
                self.incident[ends[0]].iter().copied().find(|&e| {
                    let (a, b) = self.ends[e as usize];
                    ctx.value(self.edges[e as usize]).is_none()
                        && (a as usize == ends[1] || b as usize == ends[1])
                })
            })
            .flatten();
        let mut result = Ok(());
        if let Some(e) = closing {
            // The path from one end holds every loop side, or there are
            // other pieces (refused by the loop constraint anyway).
            let (mut at, mut from, mut walked) = (ends[0], u32::MAX, 0);
            while let Some(&next) = self.incident[at]
                .iter()
                .find(|&&f| f != from && ctx.value(self.edges[f as usize]) == Some(1))
            {
                walked += 1;
                from = next;
                let (a, b) = self.ends[next as usize];
                at = if a as usize == at {
                    b as usize
                } else {
                    a as usize
                };
                if walked > chosen {
                    break;
                }
            }
            if walked == chosen {
                for f in 0..m {
                    if ctx.value(self.edges[f]) == Some(1) {
                        for &c in &self.clued[f] {
                            yes[c as usize] += 1;
                        }
                    }
                }
                for &c in &self.clued[e as usize] {
                    yes[c as usize] += 1;
                }
                // The loop with `e` is the whole loop: every clue met?
                let met = self
                    .clues
                    .iter()
                    .zip(yes.iter())
                    .all(|(&k, &y)| y == u32::from(k));
                if !met {
                    ctx.set_rule("closing the loop here leaves a clue unmet");
                    result = ctx.fix(self.edges[e as usize], 0).map(|_| ());
                }
            }
        }
        ctx.give_back_scratch(s);
        result
    }

    fn events(&self) -> csp_core::Events {
        csp_core::Events::FIXED
    }

    fn name(&self) -> &str {
        "closing the loop"
    }
}
