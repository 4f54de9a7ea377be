//! Region size: every connected area of equal values has as many cells as
//! its value (Fillomino, "Polyominous").
//!
//! # Background
//!
//! Each vertex of a graph (a cell of a grid, with the orthogonal
//! adjacency) holds a positive number. An *area* is a maximal connected
//! set of vertices holding the same number; [`RegionSize`] requires every
//! area holding `v` to have exactly `v` vertices. So two areas of one
//! value never touch (they would be one area), a 1 touches no other 1, and
//! a cell with no number given may belong to an area none of whose cells
//! is given (a "ghost" area).
//!
//! For each value `v` the propagator looks at the cells that can still
//! hold `v` (`M`) and those fixed to `v` (`F`); the connected pieces of
//! `F` are the *areas* of `v` found so far. It applies, value by value:
//!
//! - **too big**: an area of more than `v` cells fails; a cell next to
//!   areas of `v` whose sizes add up, with the cell, to more than `v`
//!   cannot be `v` (this closes an area of `v` cells: its neighbours lose
//!   `v`, and keeps two areas of one value from touching when together
//!   they would be too big);
//! - **cannot grow**: an area of `s < v` cells grows into cells of `M`
//!   only, at most `v - s` steps away; if fewer than `v` cells lie within
//!   reach, it fails;
//! - **only way**: a cell every completion of such an area needs (its
//!   removal leaves the area's side of the reachable cells with fewer than
//!   `v`) is fixed to `v`; these are articulation points of the reachable
//!   cells, found by one depth-first search with Tarjan's lowpoints;
//! - **unreachable**: a cell keeps `v` only if an area of `v` can reach it
//!   in time, or it lies among at least `v` connected cells of `M` that
//!   touch no cell fixed to `v` (room for a new area). Otherwise it loses
//!   `v`; in particular a cell no area can reach gets the values that can.
//!
//! These are the deductions of Tatham's Filling solver ("forced
//! expansion", "dropping in a one", "critical square" and the bitmap
//! deductions for ghost areas) written as one propagator over every
//! value. The propagation is not domain consistent (deciding whether a
//! partial Fillomino grid can be completed is NP-complete), but a fully
//! fixed scope is checked exactly.
//!
//! # Practical
//!
//! Each call works value by value over the values of the initial domains
//! (`lo..=hi`): one pass over the cells to read which can hold the value,
//! a search labelling the areas, then per unfinished area a breadth-first
//! search bounded by its remaining size and a depth-first search of what
//! it reached. Values that no cell is fixed to and that the same cells can
//! hold (a *run*: found from where each domain's intervals start and end)
//! are one analysis: with no area, a value's analysis is only
//! *unreachable*, which keeps it where the piece of those cells has that
//! many cells, so one search of the pieces serves the run, and each cell
//! loses the run's values above its piece's size in one change. Domains
//! wider than any area (Fillomino's numbers go up to the largest area with
//! no number given) then cost a few runs, not a pass per number. With `R`
//! runs and values held, `n` cells and `m` edges, a call costs
//! `O(R (n + m))` plus the bounded searches and a pass over the domains'
//! words; the buffers come from the solver's scratch, so nothing is
//! allocated per call. The constraint
//! wakes on any domain change and runs at priority level 5, after the
//! cheap rules of a model. It is not idempotent (fixing a cell for one
//! value can settle another), so the engine runs it again until nothing
//! changes.
//!
//! For learning, each deduction is explained by the cells it read: a
//! *too big* removal by the cells of the areas concerned (fixed to `v`),
//! the others by the piece of `M` that holds the cell, that is by the
//! cells fixed to `v` in it and the wall of cells around it that cannot
//! hold `v`. The explanation of a removal re-runs the analysis on the
//! domains of the moment, and only on that piece: the analysis of `v`
//! works piece by piece (an area, its growth and the room for new ones
//! stop at the cells that cannot hold `v`), so the piece alone gives the
//! same deductions on its cells at the cost of its size, not the grid's
//! (on a 20x36 grid, re-running every value on the whole grid for each
//! explanation had learning make about 30 decisions a second). A
//! failure's reason is built when it happens, from the domains of then,
//! and given with it. When the re-run does not reproduce a change (a
//! cell the same call fixed earlier changed the picture), the
//! explanation falls back to the scope's domains, which is sound but
//! names more than needed (in the oracle tests, a few dozen of the
//! explanations asked).
//!
//! ```
//! use csp_core::{Grid, Model, Solver, graph::Graph};
//! // A 1 x 3 strip: 1 2 2, 2 2 1 or 3 3 3 (1 1 1 has two 1s touching).
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 1..=3)?;
//! model.region_size(&cells, &Graph::grid(1, 3)?)?;
//! assert_eq!(Solver::new(&model).count(None).count, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! S. Tatham's Portable Puzzle Collection, `filling.c` (J. Kölker's
//! solver, whose deductions these are); R. E. Tarjan, *Depth-first search
//! and linear graph algorithms*, SIAM J. Computing 1(2), 1972
//! (articulation points).

use super::areas::{self, Bufs};
use crate::constraint::{Conflict, Constraint, Events, Priority, ReadDomains};
use crate::domain::Domains;
use crate::error::ModelError;
use crate::graph::Graph;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// An area (with the cell) would hold more cells than its number.
    pub const TOO_BIG: &str = "region size: too big";
    /// An area cannot reach as many cells as its number.
    pub const CANNOT_GROW: &str = "region size: cannot grow";
    /// A cell every completion of an area needs.
    pub const ONLY_WAY: &str = "region size: only way";
    /// No area of the number can take in the cell, and there is no room
    /// for a new one.
    pub const UNREACHABLE: &str = "region size: unreachable";
}

/// Every connected area of equal values holds as many cells as its value.
/// Post it with [`Model::region_size`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct RegionSize {
    cells: Vec<VarId>,
    graph: Graph,
    /// The smallest and largest value of the initial domains.
    lo: Value,
    hi: Value,
    /// Words of one cell bitset.
    words: usize,
    /// `(variable index, cell)` for every cell, by variable: which cell an
    /// explanation is asked about.
    by_var: Vec<(usize, usize)>,
}

/// No area.
const NONE: u32 = u32::MAX;
/// A free cell already searched (in `area`).
const DONE: u32 = u32::MAX - 1;

/// One deduction of the analysis of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// The cell loses the value.
    Remove(usize, &'static str),
    /// The cell gets the value.
    Fix(usize, &'static str),
    /// The constraint fails; the cell is one of the area's.
    Fail(usize, &'static str),
}

/// The buffers of one analysis.
struct Work<'a> {
    bufs: Bufs<'a>,
    /// The area of each cell, or [`NONE`] (or [`DONE`]).
    area: &'a mut [u32],
    /// The cells of the areas, area after area.
    members: &'a mut [u32],
    /// Where each area's cells start in `members` (one more entry).
    start: &'a mut [u32],
    /// Per area: the last cell that counted it.
    mark: &'a mut [u32],
    /// The cells some area can reach, or with room for a new one.
    live: &'a mut [u64],
}

#[inline]
fn bit(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 != 0
}

#[inline]
fn set_bit(set: &mut [u64], i: usize) {
    set[i / 64] |= 1 << (i % 64);
}

#[inline]
fn clear_bit(set: &mut [u64], i: usize) {
    set[i / 64] &= !(1 << (i % 64));
}

/// The cells of a bitset, in order.
fn ones(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let i = w.trailing_zeros() as usize;
                w &= w - 1;
                64 * k + i
            })
        })
    })
}

impl RegionSize {
    /// The graph over the cells.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The analysis of value `v` on the cells that can hold it (`m`, which
    /// it narrows by its own removals) and those fixed to it (`f`): every
    /// deduction goes to `act`, which may stop it with an error.
    fn analyse<E>(
        &self,
        v: Value,
        m: &mut [u64],
        f: &[u64],
        k: &mut Work<'_>,
        act: &mut impl FnMut(Action) -> Result<(), E>,
    ) -> Result<(), E> {
        let need = v as u32;
        // 1. The areas: the connected pieces of f.
        k.area.fill(NONE);
        let mut areas = 0usize;
        let mut filled = 0usize;
        for c in ones(f) {
            if k.area[c] != NONE {
                continue;
            }
            k.start[areas] = filled as u32;
            k.area[c] = areas as u32;
            k.members[filled] = c as u32;
            let mut head = filled;
            filled += 1;
            while head < filled {
                let x = k.members[head] as usize;
                head += 1;
                for &(u, _) in self.graph.incident(x) {
                    let u = u as usize;
                    if bit(f, u) && k.area[u] == NONE {
                        k.area[u] = areas as u32;
                        k.members[filled] = u as u32;
                        filled += 1;
                    }
                }
            }
            areas += 1;
        }
        k.start[areas] = filled as u32;
        let size = |start: &[u32], a: usize| start[a + 1] - start[a];
        for a in 0..areas {
            if size(k.start, a) > need {
                return act(Action::Fail(
                    k.members[k.start[a] as usize] as usize,
                    rules::TOO_BIG,
                ));
            }
        }
        // 2. Too big: a cell joining areas of more than v cells in all.
        k.mark[..areas].fill(NONE);
        let words = m.len();
        for w in 0..words {
            let mut open = m[w] & !f[w];
            while open != 0 {
                let c = 64 * w + open.trailing_zeros() as usize;
                open &= open - 1;
                let mut total = 1u32;
                for &(u, _) in self.graph.incident(c) {
                    let a = k.area[u as usize];
                    if a != NONE && k.mark[a as usize] != c as u32 {
                        k.mark[a as usize] = c as u32;
                        total += size(k.start, a as usize);
                    }
                }
                if total > need {
                    clear_bit(m, c);
                    act(Action::Remove(c, rules::TOO_BIG))?;
                }
            }
        }
        // 3. Each unfinished area: what it can reach, and what it needs.
        k.live.fill(0);
        for a in 0..areas {
            let s = size(k.start, a);
            if s >= need {
                continue;
            }
            let seeds = &k.members[k.start[a] as usize..k.start[a + 1] as usize];
            let count = areas::reach(&self.graph, seeds, need - s, |u| bit(m, u), &mut k.bufs);
            if (count as u32) < need {
                k.bufs.clear(count);
                return act(Action::Fail(seeds[0] as usize, rules::CANNOT_GROW));
            }
            for &c in &k.bufs.order[..count] {
                set_bit(k.live, c as usize);
            }
            let found = areas::critical_cells(&self.graph, count, need, &mut k.bufs, |y| {
                act(Action::Fix(y, rules::ONLY_WAY))
            });
            k.bufs.clear(count);
            found?;
        }
        // 4. Room for new areas: pieces of at least v open cells that
        // touch no cell fixed to v.
        let free = |u: usize, m: &[u64]| {
            bit(m, u)
                && !bit(f, u)
                && !self
                    .graph
                    .incident(u)
                    .iter()
                    .any(|&(x, _)| bit(f, x as usize))
        };
        for c in ones(m) {
            if k.area[c] != NONE || !free(c, m) {
                continue;
            }
            let count = areas::reach(
                &self.graph,
                &[c as u32],
                u32::MAX,
                |u| free(u, m),
                &mut k.bufs,
            );
            for &x in &k.bufs.order[..count] {
                k.area[x as usize] = DONE;
                if count as u32 >= need {
                    set_bit(k.live, x as usize);
                }
            }
            k.bufs.clear(count);
        }
        // 5. Unreachable: open cells neither reached nor with room.
        for w in 0..words {
            let mut dead = m[w] & !f[w] & !k.live[w];
            while dead != 0 {
                let c = 64 * w + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                act(Action::Remove(c, rules::UNREACHABLE))?;
            }
        }
        Ok(())
    }

    /// Marks in `edges` (bit `v - lo`, for the values `lo + 1..=hi`) each
    /// value `v` whose cells that can hold it differ from those of
    /// `v - 1`: a cell's domain enters or leaves there. The values between
    /// two marks have the same cells.
    fn edges(&self, d: &Domains<'_>, edges: &mut [u64]) {
        edges.fill(0);
        let (lo, hi) = (i64::from(self.lo), i64::from(self.hi));
        for &var in &self.cells {
            let (base, words) = d.slice(var);
            let mut carry = 0u64;
            // One word past the last: a domain holding its top value
            // leaves just above it.
            for (k, &w) in words.iter().chain(std::iter::once(&0)).enumerate() {
                let mut x = w ^ (w << 1 | carry);
                carry = w >> 63;
                while x != 0 {
                    let v = i64::from(base) + 64 * k as i64 + i64::from(x.trailing_zeros());
                    x &= x - 1;
                    if v > lo && v <= hi {
                        set_bit(edges, (v - lo) as usize);
                    }
                }
            }
        }
    }

    /// The values `v..=last`, whose cells are the same (`m`) and none of
    /// them fixed to any of these values: for each of them the analysis is
    /// only *unreachable* (no area to grow), which keeps the value where
    /// the piece of `m` around the cell has room for a new area (at least
    /// that many cells). One search of the pieces serves every value.
    fn unreached(
        &self,
        ctx: &mut PropagationContext<'_>,
        (v, last): (Value, Value),
        m: &[u64],
        k: &mut Work<'_>,
    ) -> Result<(), Conflict> {
        for c in ones(m) {
            if k.area[c] != NONE {
                continue;
            }
            let count = areas::reach(
                &self.graph,
                &[c as u32],
                u32::MAX,
                |u| bit(m, u),
                &mut k.bufs,
            );
            // The values above the piece's size lose all its cells.
            let from = v.max(
                Value::try_from(count)
                    .unwrap_or(Value::MAX)
                    .saturating_add(1),
            );
            for i in 0..count {
                let x = k.bufs.order[i] as usize;
                k.area[x] = DONE;
                if from <= last {
                    // One change per cell (learning reads a domain back
                    // through its changes: one per value would be slow).
                    ctx.set_rule(rules::UNREACHABLE);
                    ctx.remove_range(self.cells[x], from, last)?;
                }
            }
            k.bufs.clear(count);
        }
        Ok(())
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let n = self.cells.len();
        let w = self.words;
        let span = (i64::from(self.hi) - i64::from(self.lo) + 1) as usize;
        s.words.resize(3 * w + span.div_ceil(64), 0);
        Bufs::init(&mut s.indices, n);
        s.indices.resize(areas::BUFFERS * n + 4 * n + 1, 0);
        let (bufs, rest) = s.indices.split_at_mut(areas::BUFFERS * n);
        let (area, rest) = rest.split_at_mut(n);
        let (members, rest) = rest.split_at_mut(n);
        let (start, mark) = rest.split_at_mut(n + 1);
        let (m, rest) = s.words.split_at_mut(w);
        let (f, rest) = rest.split_at_mut(w);
        let (live, edges) = rest.split_at_mut(w);
        let mut k = Work {
            bufs: Bufs::split(bufs, n),
            area,
            members,
            start,
            mark,
            live,
        };
        // Runs of values with the same cells, from the domains at the
        // start of the call. A change this call makes to a later value's
        // cells (a cell fixed by "only way") leaves that run's analysis
        // sound, only weaker: the engine calls again after a change, and a
        // call that changes nothing saw exact runs (and exact fixings).
        self.edges(&ctx.domains(), edges);
        // Each cell's value if it is fixed (0, no value, if not), read
        // once: a cell this call fixes is seen as open by the values after
        // it, which leaves their analysis sound (its areas are parts of
        // the true ones, its room larger) and only weaker.
        let held = &mut s.values;
        held.clear();
        held.extend(self.cells.iter().map(|&c| ctx.value(c).unwrap_or(0)));
        let mut v = self.lo;
        while v <= self.hi {
            let mut last = v;
            while last < self.hi && !bit(edges, (last + 1 - self.lo) as usize) {
                last += 1;
            }
            m.fill(0);
            f.fill(0);
            let mut any = false;
            let mut fixed = false;
            for (i, &var) in self.cells.iter().enumerate() {
                if ctx.contains(var, v) {
                    set_bit(m, i);
                    any = true;
                    if held[i] == v {
                        set_bit(f, i);
                        fixed = true;
                    }
                }
            }
            if !any {
                v = last.saturating_add(1);
                if last == self.hi {
                    break;
                }
                continue;
            }
            if !fixed {
                k.area.fill(NONE);
                self.unreached(ctx, (v, last), m, &mut k)?;
                if last == self.hi {
                    break;
                }
                v = last + 1;
                continue;
            }
            // A value some cell is fixed to: its whole analysis (the run
            // goes on from the next value).
            self.analyse(v, m, f, &mut k, &mut |a| match a {
                Action::Remove(c, rule) => {
                    ctx.set_rule(rule);
                    ctx.remove(self.cells[c], v).map(drop)
                }
                Action::Fix(c, rule) => {
                    ctx.set_rule(rule);
                    ctx.fix(self.cells[c], v).map(drop)
                }
                Action::Fail(c, rule) => {
                    ctx.set_rule(rule);
                    if ctx.learning() {
                        let reason = self.failure_reason(ctx, v, c, rule);
                        ctx.explained_by(&reason);
                    }
                    Err(ctx.conflict())
                }
            })?;
            if v == self.hi {
                break;
            }
            v += 1;
        }
        Ok(())
    }
}

/// The cells of a piece of the cells that can hold a value (`m`), and
/// those of them fixed to it (`f`), as sets of cells.
struct PieceSets {
    m: Vec<u64>,
    f: Vec<u64>,
}

/// Explanations (for learning: see [`Constraint::explain`]), rebuilt from
/// the domains of the moment.
impl RegionSize {
    /// The cells that can hold `v` at the moment in the piece around `at`
    /// (those connected to it, `at` included if it can), and those of them
    /// fixed to `v`, as sets of cells: the analysis of `v` works piece by
    /// piece (an area, its growth and the room for new ones never reach
    /// past the cells that can hold `v`), so its deductions on a cell are
    /// those of the cell's piece alone, and reading that piece costs its
    /// size instead of the grid's.
    fn piece_sets(&self, ctx: &impl ReadDomains, v: Value, at: usize) -> PieceSets {
        let mut m = vec![0; self.words];
        let mut f = vec![0; self.words];
        if !ctx.contains(self.cells[at], v) {
            return PieceSets { m, f };
        }
        let mut seen = vec![0; self.words];
        set_bit(&mut seen, at);
        let mut stack = vec![at];
        while let Some(c) = stack.pop() {
            set_bit(&mut m, c);
            if ctx.is_fixed(self.cells[c]) {
                set_bit(&mut f, c);
            }
            for u in self.graph.neighbours(c) {
                if !bit(&seen, u) {
                    set_bit(&mut seen, u);
                    if ctx.contains(self.cells[u], v) {
                        stack.push(u);
                    }
                }
            }
        }
        PieceSets { m, f }
    }

    /// Runs the analysis of `v` on a piece until `stop` accepts an action;
    /// returns it.
    fn find_in(&self, sets: &PieceSets, v: Value, stop: impl Fn(Action) -> bool) -> Option<Action> {
        let n = self.cells.len();
        let mut indices = Vec::new();
        Bufs::init(&mut indices, n);
        indices.resize(areas::BUFFERS * n + 4 * n + 1, 0);
        let mut live = vec![0; self.words];
        let mut m = sets.m.clone();
        let (bufs, rest) = indices.split_at_mut(areas::BUFFERS * n);
        let (area, rest) = rest.split_at_mut(n);
        let (members, rest) = rest.split_at_mut(n);
        let (start, mark) = rest.split_at_mut(n + 1);
        let mut k = Work {
            bufs: Bufs::split(bufs, n),
            area,
            members,
            start,
            mark,
            live: &mut live,
        };
        self.analyse(v, &mut m, &sets.f, &mut k, &mut |a| {
            if stop(a) { Err(a) } else { Ok(()) }
        })
        .err()
    }

    /// The literals `cell == v` for each cell of the areas of `v` (fixed
    /// cells of the piece `sets`) holding or touching `at`.
    fn areas_reason(
        &self,
        sets: &PieceSets,
        v: Value,
        at: usize,
        touching: bool,
        out: &mut Vec<Literal>,
    ) {
        let f = &sets.f;
        let mut seen = vec![false; self.cells.len()];
        let mut stack: Vec<usize> = if touching {
            self.graph.neighbours(at).filter(|&c| bit(f, c)).collect()
        } else {
            [at].into_iter().filter(|&c| bit(f, c)).collect()
        };
        for &c in &stack {
            seen[c] = true;
        }
        while let Some(c) = stack.pop() {
            out.push(Literal::eq(self.cells[c], v));
            for u in self.graph.neighbours(c) {
                if !seen[u] && bit(f, u) {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
    }

    /// The piece `sets` of the cells that can hold `v`, as literals: its
    /// cells fixed to `v` and the wall of cells around it that cannot.
    fn piece_reason(&self, sets: &PieceSets, v: Value, out: &mut Vec<Literal>) {
        let mut walled = vec![0; self.words];
        for c in ones(&sets.m) {
            if bit(&sets.f, c) {
                out.push(Literal::eq(self.cells[c], v));
            }
            for u in self.graph.neighbours(c) {
                if !bit(&sets.m, u) && !bit(&walled, u) {
                    set_bit(&mut walled, u);
                    out.push(Literal::ne(self.cells[u], v));
                }
            }
        }
    }

    /// The reason of the failure `rule` found at `cell` by the analysis of
    /// `v`, read from the domains of now: given with the failure, so that
    /// learning need not run the analysis of every value again to find it.
    fn failure_reason(
        &self,
        ctx: &PropagationContext<'_>,
        v: Value,
        cell: usize,
        rule: &'static str,
    ) -> Vec<Literal> {
        let mut out = Vec::new();
        let sets = self.piece_sets(ctx, v, cell);
        if rule == rules::TOO_BIG {
            self.areas_reason(&sets, v, cell, false, &mut out);
        } else {
            self.piece_reason(&sets, v, &mut out);
        }
        out
    }

    fn explain_at(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) -> bool {
        match what {
            crate::Explaining::Removal { var, value } => {
                let Ok(k) = self.by_var.binary_search_by_key(&var.index(), |&(v, _)| v) else {
                    return false;
                };
                let x = self.by_var[k].1;
                let mut out = Vec::new();
                // The value's own analysis removed it (that of the cell's
                // piece: see `piece_sets`) ...
                let sets = self.piece_sets(ctx, value, x);
                if let Some(a) = self.find_in(
                    &sets,
                    value,
                    |a| matches!(a, Action::Remove(c, _) if c == x),
                ) {
                    if a == Action::Remove(x, rules::TOO_BIG) {
                        self.areas_reason(&sets, value, x, true, &mut out);
                    } else {
                        self.piece_reason(&sets, value, &mut out);
                    }
                    out.into_iter().for_each(|l| ctx.push(l));
                    return true;
                }
                // ... or another value's fixed the cell (a value with an
                // area: "only way" grows areas). Domains only shrink, so
                // that value is the cell's value now: a cell not fixed now
                // was not fixed by any (bounded work: two analyses at most).
                if let Some(v) = ctx.value_now(var).filter(|&v| v != value) {
                    let sets = self.piece_sets(ctx, v, x);
                    if self
                        .find_in(&sets, v, |a| a == Action::Fix(x, rules::ONLY_WAY))
                        .is_some()
                    {
                        self.piece_reason(&sets, v, &mut out);
                        out.into_iter().for_each(|l| ctx.push(l));
                        return true;
                    }
                }
                false
            }
            // A failure gives its reason when it happens (see
            // `failure_reason`), so it is never asked for later.
            crate::Explaining::Failure => false,
        }
    }
}

impl Constraint for RegionSize {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values.len();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if seen[start] {
                continue;
            }
            let v = values[start];
            seen[start] = true;
            stack.push(start);
            let mut size = 0i64;
            while let Some(c) = stack.pop() {
                size += 1;
                for u in self.graph.neighbours(c) {
                    if !seen[u] && values[u] == v {
                        seen[u] = true;
                        stack.push(u);
                    }
                }
            }
            if size != i64::from(v) {
                return false;
            }
        }
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        if !self.explain_at(ctx, what) {
            ctx.push_scope(self.scope());
        }
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::SLOW
    }

    fn name(&self) -> &str {
        "region size"
    }
}

impl Model {
    /// Every connected area of equal values holds as many cells as its
    /// value: the rule of Fillomino. `cells[i]` is vertex `i` of `graph`
    /// (use [`Graph::grid`] for a grid's orthogonal adjacency); the cells
    /// must be distinct, with positive values (an error names a cell that
    /// can be 0 or less).
    ///
    /// Propagation: areas too big, areas that cannot grow, the cells an
    /// area needs and the cells no area can reach; see
    /// [`constraints::region_size`](crate::constraints::region_size).
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// let mut model = Model::new();
    /// let cells = model.new_vars(4, 1..=4)?; // a 2 x 2 block
    /// model.region_size(&cells, &Graph::grid(2, 2)?)?;
    /// model.fix(cells[0], 3)?;
    /// model.fix(cells[3], 3)?;
    /// // 3 . / . 3: one of the two open cells joins them, the other is a 1.
    /// assert_eq!(Solver::new(&model).count(None).count, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn region_size(
        &mut self,
        cells: &[VarId],
        graph: &Graph,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "region size";
        self.check_distinct(NAME, cells)?;
        if graph.num_vertices() != cells.len() {
            return Err(ModelError::InvalidArgument {
                constraint: NAME.to_owned(),
                reason: format!(
                    "{} cells for a graph of {} vertices",
                    cells.len(),
                    graph.num_vertices()
                ),
            });
        }
        let domains = self.initial_domains();
        let mut lo = Value::MAX;
        let mut hi = Value::MIN;
        for &v in cells {
            let (Some(a), Some(b)) = (domains.min(v), domains.max(v)) else {
                continue;
            };
            if a < 1 {
                return Err(ModelError::InvalidArgument {
                    constraint: NAME.to_owned(),
                    reason: format!(
                        "variable {} can be {a}: an area's size is at least 1",
                        self.display_var(v)
                    ),
                });
            }
            lo = lo.min(a);
            hi = hi.max(b);
        }
        let c = RegionSize {
            cells: cells.to_vec(),
            graph: graph.clone(),
            lo,
            hi,
            words: cells.len().div_ceil(64),
            by_var: {
                let mut by_var: Vec<(usize, usize)> = cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (c.index(), i))
                    .collect();
                by_var.sort_unstable();
                by_var
            },
        };
        self.post_distinct(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    fn strip(n: usize) -> Graph {
        Graph::grid(1, n).unwrap()
    }

    #[test]
    fn strips_count_their_fillings() {
        // Fillings of a 1 x n strip: compositions of n into parts k, each
        // part holding k, no two equal neighbouring parts.
        fn brute(n: usize) -> u64 {
            fn go(left: usize, prev: usize) -> u64 {
                if left == 0 {
                    return 1;
                }
                (1..=left)
                    .filter(|&k| k != prev)
                    .map(|k| go(left - k, k))
                    .sum()
            }
            go(n, 0)
        }
        for n in 1..=7 {
            let mut m = Model::new();
            let x = m.new_vars(n, 1..=n as i32).unwrap();
            m.region_size(&x, &strip(n)).unwrap();
            assert_eq!(Solver::new(&m).count(None).count, brute(n), "strip {n}");
        }
    }

    #[test]
    fn a_closed_area_walls_itself_in() {
        // 2 2 _ _ _: the 2 is full, so r1c3 is not 2; the fillings are
        // 2 2 1 2 2 and 2 2 3 3 3.
        let mut m = Model::new();
        let x = m.new_vars(5, 1..=5).unwrap();
        m.region_size(&x, &strip(5)).unwrap();
        m.fix(x[0], 2).unwrap();
        m.fix(x[1], 2).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert!(!d.contains(x[2], 2));
        // Three cells left: nothing bigger than 3 fits.
        assert!(x[2..].iter().all(|&c| d.max(c) <= Some(3)));
        assert_eq!(Solver::new(&m).count(None).count, 2);
    }

    #[test]
    fn a_full_area_closes_and_small_room_limits_the_numbers() {
        // 3 3 _ / 3 _ _ on a 2 x 3 grid.
        let mut m = Model::new();
        let x = m.new_vars(6, 1..=6).unwrap();
        m.region_size(&x, &Graph::grid(2, 3).unwrap()).unwrap();
        m.fix(x[0], 3).unwrap();
        m.fix(x[1], 3).unwrap();
        m.fix(x[3], 3).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert!(!d.contains(x[2], 3) && !d.contains(x[4], 3));
        // Three open cells in an L: at most 3 each.
        assert!(x[2..].iter().all(|&c| d.max(c) <= Some(3)));
        // 1 / 2 2, 2 / 2 1 and ... : r1c3 1 with r2c2 r2c3 a 2; or r1c3 r2c3
        // a 2 with r2c2 a 1. Three cells of 3 would touch the 3.
        assert_eq!(Solver::new(&m).count(None).count, 2);
    }

    #[test]
    fn an_area_with_one_way_out_takes_it() {
        // 4 _ _ in a strip of 4 with the last cell a 1: the 4 cannot grow
        // (three cells) and fails.
        let mut m = Model::new();
        let x = m.new_vars(4, 1..=4).unwrap();
        m.region_size(&x, &strip(4)).unwrap();
        m.fix(x[0], 3).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        // 3 must take cells 1 and 2, then cell 3 is 1.
        assert_eq!(d.value(x[1]), Some(3));
        assert_eq!(d.value(x[2]), Some(3));
        assert_eq!(d.value(x[3]), Some(1));
        m.fix(x[3], 2).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn wide_numbers_are_cut_to_the_room_they_have() {
        // A strip of 7 with numbers up to 12 and a 1 in the middle: each
        // side has 3 cells, so no number above 3 is left anywhere; a cell
        // whose domain starts at 5 (a hole below) loses everything but
        // the numbers that fit, and one fixed to 3 keeps its 3.
        let mut m = Model::new();
        let x = m.new_vars(7, 1..=12).unwrap();
        m.region_size(&x, &strip(7)).unwrap();
        m.fix(x[3], 1).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        for (i, &c) in x.iter().enumerate() {
            assert!(d.max(c) <= Some(3), "cell {i}");
        }
        let mut m = Model::new();
        let mut x = vec![m.new_var(1..=1).unwrap()];
        x.push(m.new_var([2, 5, 6, 7, 8, 9, 10]).unwrap());
        x.extend(m.new_vars(5, 1..=10).unwrap());
        m.region_size(&x, &strip(7)).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        // Six cells after the 1: 2 or 5 or 6 at x1.
        assert_eq!(d.iter(x[1]).collect::<Vec<_>>(), vec![2, 5, 6]);
        assert!(x[2..].iter().all(|&c| d.max(c) <= Some(6)));
    }

    #[test]
    fn bad_input_is_rejected() {
        let mut m = Model::new();
        let x = m.new_vars(3, 0..=2).unwrap();
        let e = m.region_size(&x, &strip(3)).unwrap_err();
        assert!(e.to_string().contains("at least 1"), "{e}");
        let y = m.new_vars(3, 1..=3).unwrap();
        assert!(matches!(
            m.region_size(&y, &strip(4)),
            Err(ModelError::InvalidArgument { .. })
        ));
        assert!(matches!(
            m.region_size(&[y[0], y[0], y[1]], &strip(3)),
            Err(ModelError::DuplicateVariable { .. })
        ));
    }
}
