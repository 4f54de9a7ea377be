//! The csp-core model of a Light Up grid, per level of the ladder, and the
//! middle level's technique.
//!
//! # Background
//!
//! One 0/1 variable per white cell (1: a bulb). The rules are three
//! families of catalogue constraints, posted in this order (the order
//! [`describe`] relies on):
//!
//! 1. every row or column *segment* (a maximal run of white cells between
//!    black cells or the edge) of two or more cells holds at most one bulb
//!    ([`at_most_one`](csp_core::Model::at_most_one));
//! 2. every white cell is lit: a [`clause`](csp_core::Model::clause) over
//!    the cells of its row and column segments;
//! 3. each numbered black cell has exactly its number of bulbs among its
//!    white neighbours ([`exactly`](csp_core::Model::exactly)).
//!
//! Each is domain consistent on its own, so root propagation is exactly
//! the deductions of Tatham's Easy level: a clue that needs all its free
//! neighbours or none, a cell that only one free cell can still light, and
//! the cells a bulb lights.
//!
//! The ladder's middle level adds [`Probe`], Tatham's "discount sets"
//! (lightup.c, credited there to Simon Tatham): a bulb at `D` is ruled out
//! when it would rule out every remaining way to light some dark cell, or
//! enough of a clue's free neighbours that the clue can no longer be met.
//! "Rules out" is one step of the rules: a bulb rules out the other cells
//! of its segments, and, when it is the last bulb a clue needs, the clue's
//! other free neighbours.
//!
//! # Practical
//!
//! The solving model is the first level's: the technique costs more per
//! node than the search it saves (on the bench files it did not pay), so
//! search does the rest. The technique makes one deduction per call and is
//! queued again, so the cheap rules reach their fixpoint between two of
//! its deductions, as a person would solve.
//!
//! # References
//!
//! S. Tatham, *Simon Tatham's Portable Puzzle Collection*, `lightup.c`
//! (the difficulty levels and the discount-set deduction).

use super::{Board, Square};
use crate::families::words;
use crate::family::{Built, Cell, Reason, Rule};
use crate::generic::Progress;
use csp_core::{
    Conflict, Constraint, ConstraintId, Deduction, Events, Model, ModelError, Priority, Probing,
    PropagationContext, Value, VarId,
};

/// The level whose model solves (the first: search does the rest).
pub(crate) const SOLVE: usize = 0;

/// Trace rule names of the technique.
pub mod rules {
    /// A bulb here would leave some white cell with no way to be lit.
    pub const DARK: &str = "a bulb here leaves a cell dark";
    /// A bulb here would leave some clue without enough free cells.
    pub const SHORT: &str = "a bulb here leaves a clue short";
}

/// The structure of a grid: its white cells, segments and clues.
#[derive(Debug)]
pub(crate) struct Layout {
    /// The white cells, row-major.
    pub(crate) whites: Vec<Cell>,
    /// The segments of two or more cells: across or down, and the cells.
    pub(crate) segments: Vec<(bool, Vec<u32>)>,
    /// For each white cell, its row segment and column segment (indices
    /// into `runs`, which also holds the one-cell segments).
    run_of: Vec<[u32; 2]>,
    runs: Vec<Vec<u32>>,
    /// The clues with at least one white neighbour: cell, number, the
    /// white neighbours.
    pub(crate) clues: Vec<(Cell, u8, Vec<u32>)>,
    /// Clues with no white neighbour and a number above 0 (unsatisfiable).
    pub(crate) stranded: Vec<Cell>,
}

impl Layout {
    pub(crate) fn new(board: &Board) -> Layout {
        let (rows, cols) = (board.rows(), board.cols());
        let mut index = vec![None; rows * cols];
        let mut whites = Vec::new();
        for (i, s) in board.squares().iter().enumerate() {
            if !s.is_black() {
                index[i] = Some(whites.len() as u32);
                whites.push(Cell::new(i / cols, i % cols));
            }
        }
        let mut runs: Vec<Vec<u32>> = Vec::new();
        let mut run_of = vec![[0u32; 2]; whites.len()];
        let mut segments = Vec::new();
        for across in [true, false] {
            let (outer, inner) = if across { (rows, cols) } else { (cols, rows) };
            for a in 0..outer {
                let mut current: Vec<u32> = Vec::new();
                for b in 0..=inner {
                    let here = (b < inner)
                        .then(|| if across { a * cols + b } else { b * cols + a })
                        .and_then(|p| index[p]);
                    match here {
                        Some(w) => current.push(w),
                        None if !current.is_empty() => {
                            let id = runs.len() as u32;
                            for &w in &current {
                                run_of[w as usize][usize::from(!across)] = id;
                            }
                            if current.len() >= 2 {
                                segments.push((across, current.clone()));
                            }
                            runs.push(std::mem::take(&mut current));
                        }
                        None => {}
                    }
                }
            }
        }
        let mut clues = Vec::new();
        let mut stranded = Vec::new();
        for (i, &s) in board.squares().iter().enumerate() {
            if let Square::Clue(k) = s {
                let cell = Cell::new(i / cols, i % cols);
                let nbrs: Vec<u32> = board
                    .neighbours(cell)
                    .filter_map(|n| index[n.row * cols + n.col])
                    .collect();
                if !nbrs.is_empty() {
                    clues.push((cell, k, nbrs));
                } else if k > 0 {
                    stranded.push(cell);
                }
            }
        }
        Layout {
            whites,
            segments,
            run_of,
            runs,
            clues,
            stranded,
        }
    }

    /// The white cells that light `w` or that `w` lights (its two
    /// segments), `w` included once.
    pub(crate) fn seen(&self, w: u32) -> impl Iterator<Item = u32> + '_ {
        let [across, down] = self.run_of[w as usize];
        self.runs[across as usize].iter().copied().chain(
            self.runs[down as usize]
                .iter()
                .copied()
                .filter(move |&x| x != w),
        )
    }
}

/// What each constraint of a level's model stands for, in posting order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    Segment(bool, Cell, Cell),
    Lit(Cell),
    Clue(Cell, u8),
    Probe,
}

fn origins(layout: &Layout, level: usize) -> Vec<Origin> {
    let cell = |w: u32| layout.whites[w as usize];
    let mut out: Vec<Origin> = layout
        .segments
        .iter()
        .map(|(across, s)| Origin::Segment(*across, cell(s[0]), cell(s[s.len() - 1])))
        .collect();
    out.extend(layout.whites.iter().map(|&c| Origin::Lit(c)));
    out.extend(layout.clues.iter().map(|&(c, k, _)| Origin::Clue(c, k)));
    if level >= 1 {
        out.push(Origin::Probe);
    }
    out
}

/// What each constraint of a model of `board` stands for: kept beside
/// the model by [`build`] (the models of every level are prefixes of
/// level 1's), rebuilt for a model built without them.
fn origins_of<'b>(board: &Board, built: &'b Built) -> std::borrow::Cow<'b, [Origin]> {
    match built.data::<Vec<Origin>>() {
        Some(kept) => std::borrow::Cow::Borrowed(kept),
        None => std::borrow::Cow::Owned(origins(&Layout::new(board), 1)),
    }
}

/// A constraint of the model of `board` (any level) in words.
pub(crate) fn describe(board: &Board, built: &Built, c: ConstraintId) -> String {
    match origins_of(board, built).get(c.index()) {
        Some(Origin::Segment(true, a, b)) => format!("the row segment {a}-{b} (one bulb at most)"),
        Some(Origin::Segment(false, a, b)) => {
            format!("the column segment {a}-{b} (one bulb at most)")
        }
        Some(Origin::Lit(cell)) => format!("{cell} must be lit"),
        Some(Origin::Clue(cell, k)) => format!("the {k} at {cell}"),
        Some(Origin::Probe) => "the cells a bulb would rule out".to_owned(),
        None => c.to_string(),
    }
}

/// Light Up's named deductions, easiest first.
pub(crate) static RULES: [Rule; 6] = [
    Rule::new(
        "lit by a bulb",
        "a bulb lights its row and column up to the next black cell: no other bulb there",
        Some("Easy"),
    ),
    Rule::new(
        "clue full",
        "a number with all its bulbs next to it: no bulb on its other neighbours",
        Some("Easy"),
    ),
    Rule::new(
        "clue needs every cell",
        "a number with only as many free neighbours as it needs bulbs: a bulb on each",
        Some("Easy"),
    ),
    Rule::new(
        "last way to light",
        "a dark cell that only one free cell can still light: a bulb there",
        Some("Easy"),
    ),
    Rule::new(
        "would leave a cell dark",
        "a bulb that would rule out every way left to light some cell: no bulb there",
        Some("Tricky"),
    ),
    Rule::new(
        "would leave a clue short",
        "a bulb that would rule out too many free neighbours of a number: no bulb there",
        Some("Tricky"),
    ),
];

/// The deduction `d` of a level's model of `board` in the player's words.
pub(crate) fn reason(board: &Board, built: &Built, d: &Deduction, now: &Progress) -> Reason {
    match origins_of(board, built).get(d.constraint.index()) {
        Some(Origin::Segment(across, a, b)) => {
            let at = words::holders(built, now, d.constraint, &Deduction { value: 1, ..*d });
            let line = if *across { "row" } else { "column" };
            let cause = match at.first() {
                Some(bulb) => format!("the bulb at {bulb} lights the {line} {a}-{b}"),
                None => format!("the {line} {a}-{b} has its bulb"),
            };
            Reason::new(RULES[0].name, cause, at)
        }
        Some(Origin::Lit(cell)) => Reason::new(
            RULES[3].name,
            format!("only one free cell can still light {cell}"),
            vec![*cell],
        ),
        Some(&Origin::Clue(cell, k)) => {
            let bulbs = if k == 1 { "bulb" } else { "bulbs" };
            if d.rule == csp_core::constraints::count::rules::FULL {
                Reason::new(
                    RULES[1].name,
                    format!("the {k} at {cell} has its {k} {bulbs}"),
                    vec![cell],
                )
            } else {
                Reason::new(
                    RULES[2].name,
                    format!("the {k} at {cell} has only {k} free neighbours"),
                    vec![cell],
                )
            }
        }
        _ if d.rule == rules::SHORT => Reason::new(
            RULES[5].name,
            "a bulb here would take too many free cells from a number",
            Vec::new(),
        ),
        _ => Reason::new(
            RULES[4].name,
            "a bulb here would rule out every way left to light some cell",
            Vec::new(),
        ),
    }
}

/// The model of `board` at ladder level `level` (0: the rules; 1: plus
/// [`Probe`]; above: the same as 1).
pub(crate) fn build(board: &Board, level: usize) -> Result<Built, ModelError> {
    let layout = Layout::new(board);
    if let Some(cell) = layout.stranded.first() {
        return Err(ModelError::InvalidArgument {
            constraint: "light up clue".to_owned(),
            reason: format!("the clue at {cell} has no white neighbour"),
        });
    }
    let mut model = Model::new();
    let vars = model.new_bools(layout.whites.len())?;
    let of = |ws: &[u32]| -> Vec<VarId> { ws.iter().map(|&w| vars[w as usize]).collect() };
    for (_, seg) in &layout.segments {
        model.at_most_one(&of(seg))?;
    }
    for w in 0..layout.whites.len() as u32 {
        let lits: Vec<VarId> = layout.seen(w).map(|x| vars[x as usize]).collect();
        model.clause(&lits)?;
    }
    for (_, k, nbrs) in &layout.clues {
        model.exactly(&of(nbrs), 1, usize::from(*k))?;
    }
    if level >= 1 {
        model.add(Probe::new(&layout, &vars))?;
    }
    let mut built = Built::new(model, board.rows(), board.cols());
    for (w, cell) in layout.whites.iter().enumerate() {
        built.cells[cell.row * board.cols() + cell.col] = Some(vars[w]);
    }
    // Probing once at the root (a bulb whose either state fails is
    // settled) leaves hard 14 x 14 puzzles without search: 200 of them in
    // 0.11 s against 0.18 s.
    built.options = built.options.clone().with_probing(Probing::Root);
    // Read by every step's words: built once here, not per deduction.
    Ok(built.with_data(origins(&layout, 1)))
}

/// Tatham's "discount sets" as a technique constraint over every white
/// cell: removes a bulb that would rule out every remaining way to light
/// some dark cell, or enough free neighbours of a clue that it cannot be
/// met. One deduction per call.
#[derive(Debug)]
struct Probe {
    /// The white cells' variables.
    scope: Vec<VarId>,
    /// For each white cell, the white cells of its two segments, itself
    /// first.
    seen: Vec<Vec<u32>>,
    /// For each white cell, its row and column segment ids.
    run_of: Vec<[u32; 2]>,
    /// For each white cell, the clues next to it (indices into `clues`).
    clues_of: Vec<Vec<u32>>,
    /// Each clue's number and white neighbours.
    clues: Vec<(u8, Vec<u32>)>,
}

/// The state of a white cell during one call: its value once fixed (0,
/// or 1 for a bulb), or `OPEN`.
const ON: Value = 1;
const OPEN: Value = 2;

impl Probe {
    fn new(layout: &Layout, vars: &[VarId]) -> Probe {
        let n = layout.whites.len();
        let mut clues_of = vec![Vec::new(); n];
        for (i, (_, _, nbrs)) in layout.clues.iter().enumerate() {
            for &w in nbrs {
                clues_of[w as usize].push(i as u32);
            }
        }
        Probe {
            scope: vars.to_vec(),
            seen: (0..n as u32)
                .map(|w| {
                    std::iter::once(w)
                        .chain(layout.seen(w).filter(|&x| x != w))
                        .collect()
                })
                .collect(),
            run_of: layout.run_of.clone(),
            clues_of,
            clues: layout
                .clues
                .iter()
                .map(|(_, k, nbrs)| (*k, nbrs.clone()))
                .collect(),
        }
    }
}

/// One call's view of the grid: each cell's state and each clue's need.
struct View<'p> {
    probe: &'p Probe,
    /// Each white cell: 0, [`ON`] or [`OPEN`].
    state: &'p [Value],
    /// Bulbs each clue still needs.
    need: &'p [i64],
}

impl View<'_> {
    fn open(&self, w: u32) -> bool {
        self.state[w as usize] == OPEN
    }

    /// Whether `a` and `b` share a segment.
    fn sees(&self, a: u32, b: u32) -> bool {
        let (a, b) = (self.probe.run_of[a as usize], self.probe.run_of[b as usize]);
        a[0] == b[0] || a[1] == b[1]
    }

    /// Whether a bulb at `d` would rule out a bulb at `s` (both open,
    /// distinct): they share a segment, or a clue next to both needs one
    /// bulb more. The relation is symmetric.
    fn rules_out(&self, d: u32, s: u32) -> bool {
        self.sees(d, s)
            || self.probe.clues_of[d as usize].iter().any(|&c| {
                self.need[c as usize] == 1 && self.probe.clues_of[s as usize].contains(&c)
            })
    }

    /// Calls `f` with every open cell a bulb at `s` would rule out (a cell
    /// may come twice, through two clues).
    fn shadow(&self, s: u32, mut f: impl FnMut(u32)) {
        for &t in &self.probe.seen[s as usize][1..] {
            if self.open(t) {
                f(t);
            }
        }
        for &c in &self.probe.clues_of[s as usize] {
            if self.need[c as usize] == 1 {
                for &t in &self.probe.clues[c as usize].1 {
                    if t != s && self.open(t) {
                        f(t);
                    }
                }
            }
        }
    }

    /// A cell whose bulb would leave the dark cell `x` with no way to be
    /// lit: one that rules out all of `x`'s open candidates without being
    /// one of them. (It must rule out the first candidate, so only that
    /// one's shadow is searched.)
    fn darkens(&self, x: u32) -> Option<u32> {
        let seen = &self.probe.seen[x as usize];
        let first = *seen.iter().find(|&&s| self.open(s))?;
        let mut found = None;
        self.shadow(first, |d| {
            if found.is_none()
                && !self.sees(d, x)
                && seen.iter().all(|&s| !self.open(s) || self.rules_out(d, s))
            {
                found = Some(d);
            }
        });
        found
    }

    /// Whether `x` is lit: a bulb on it or in one of its segments.
    fn lit(&self, x: u32) -> bool {
        self.probe.seen[x as usize]
            .iter()
            .any(|&s| self.state[s as usize] == ON)
    }
}

impl Constraint for Probe {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, _: &[Value]) -> bool {
        // A technique: the rules are the other constraints of the model.
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut scratch = ctx.take_scratch();
        let found = self.find(ctx, &mut scratch);
        ctx.give_back_scratch(scratch);
        match found {
            Some((w, rule)) => {
                ctx.set_rule(rule);
                ctx.fix(self.scope[w as usize], 0).map(|_| ())
            }
            None => Ok(()),
        }
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn name(&self) -> &str {
        "discount sets"
    }
}

impl Probe {
    /// The first open cell whose bulb is ruled out, with the rule.
    fn find(
        &self,
        ctx: &PropagationContext<'_>,
        scratch: &mut csp_core::Scratch,
    ) -> Option<(u32, &'static str)> {
        let csp_core::Scratch {
            values: state,
            ints: need,
            indices: count,
            words: touched,
            ..
        } = scratch;
        state.extend(
            self.scope
                .iter()
                .map(|&v| if ctx.is_fixed(v) { ctx.min(v) } else { OPEN }),
        );
        need.extend(self.clues.iter().map(|(k, nbrs)| {
            let on = nbrs.iter().filter(|&&w| state[w as usize] == ON).count();
            i64::from(*k) - on as i64
        }));
        let view = View {
            probe: self,
            state,
            need,
        };
        for x in 0..self.scope.len() as u32 {
            if !view.lit(x) {
                if let Some(d) = view.darkens(x) {
                    return Some((d, rules::DARK));
                }
            }
        }
        // A clue needing `m` bulbs from `n` open neighbours is starved by a
        // bulb that rules out `n - m + 1` of them (not counting itself).
        count.resize(self.scope.len(), 0);
        for (c, (_, nbrs)) in self.clues.iter().enumerate() {
            let m = view.need[c];
            let open = nbrs.iter().filter(|&&s| view.open(s)).count() as i64;
            if m <= 0 || open < m {
                continue;
            }
            let threshold = (open - m + 1) as u32;
            touched.clear();
            for &s in nbrs.iter().filter(|&&s| view.open(s)) {
                view.shadow(s, |d| {
                    if count[d as usize] == 0 {
                        touched.push(u64::from(d));
                    }
                    count[d as usize] = 1;
                });
            }
            let mut found = None;
            for &d in touched.iter() {
                let d = d as u32;
                count[d as usize] = 0;
                if found.is_none() {
                    let ruled = nbrs
                        .iter()
                        .filter(|&&s| s != d && view.open(s) && view.rules_out(d, s))
                        .count() as u32;
                    if ruled >= threshold {
                        found = Some(d);
                    }
                }
            }
            if let Some(d) = found {
                return Some((d, rules::SHORT));
            }
        }
        None
    }
}
