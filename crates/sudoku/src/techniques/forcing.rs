//! Forcing chains and forcing nets: the last techniques before guessing.
//!
//! # Background
//!
//! Assume a candidate true and follow the consequences with singles only
//! (a placed value leaves its peers; a cell with one candidate left, or a
//! value with one place left in a house, is placed): the consequences form
//! a *net* of implications.
//!
//! - If the net reaches a contradiction (a cell without candidates, a value
//!   without a place in a house), the candidate is false.
//! - *Cell forcing*: if every candidate of a cell, assumed true, leads to
//!   the same consequence, that consequence holds.
//! - *Region forcing*: the same over the places of a value in a house.
//!
//! *Forcing nets* do the same with locked candidates and naked and hidden
//! pairs applied inside the nets too, when singles alone are not enough.
//!
//! # Practical
//!
//! One call assumes every candidate in turn, keeping for each the set of
//! candidates its net places and removes, then intersects those sets over
//! each cell and each house. Each conclusion is rated as Sudoku Explainer
//! rates the chains that prove it, from the number of candidates in its
//! net (the ancestors of the conclusion, summed over the branches):
//! contradictions are *Nishio* chains (7.5), cell
//! and region forcing whose nets only use cells and houses that had two
//! candidates or places to begin with are *multiple forcing chains* (8.0),
//! the rest are *dynamic forcing chains* (8.5); forcing nets are Sudoku
//! Explainer's dynamic forcing chains "(+)" (9.0); each plus the length
//! bonus. The easiest conclusion is returned (or, batching, every
//! conclusion within the batch rating).
//!
//! # References
//!
//! - N. Juillerat, Sudoku Explainer, `Chaining.java`: the "dynamic" chains
//!   (implications on the grid as it changes), cell and region reductions,
//!   and the "(+)" rules.

use super::geometry::{Bits, Geometry, Small};
use super::{Found, Pattern, level, rules};
use crate::rating::{Rating, length_bonus};
use std::sync::Mutex;
use std::thread::ThreadId;

/// Forcing chains, then (if `nets`) forcing nets.
#[derive(Debug)]
pub(crate) struct Forcing {
    nets: bool,
    /// The nets of the last calls, by thread (see [`NetMemo`]); `None`
    /// without the memo.
    memo: Option<Mutex<Vec<(ThreadId, NetMemo)>>>,
}

impl Forcing {
    /// Forcing chains and (if `nets`) nets, reusing the nets whose inputs
    /// did not change since the last call if `memo`.
    pub(crate) fn new(geo: &Geometry, nets: bool, memo: bool) -> Forcing {
        let memo = memo && geo.small.is_some() && geo.n <= 16;
        Forcing {
            nets,
            memo: memo.then(|| Mutex::new(Vec::new())),
        }
    }
}

/// The outcome of each net (each candidate assumed true, with singles or
/// with the nets' rules) on the candidates of the last call, with what it
/// read, so that the next call reuses every net none of whose inputs
/// changed.
///
/// A net is a deterministic function of the candidates it reads: placing
/// `(c, d)` reads cell `c` and value `d` in the houses and peers of `c`
/// (its *zone*); removing `(c, e)` reads cell `c` and value `e` in the
/// zone of `c` (the places of `e` in its houses). Every read of the run
/// is of the grid's candidates less the run's own removals, and every
/// cell placed or removed from is on the run's lists; so if none of the
/// candidates read changed, every read gives what it gave, and the run
/// (its states, their causes and order, its contradiction, the
/// ancestors of any of its states) is the same. The rules of forcing
/// nets look at the whole grid: a net that got to them is not kept.
/// Reuse needs the inputs exactly the same (not a subset: a net's
/// outcome is not monotone in the candidates).
struct NetMemo {
    n: usize,
    nodes: usize,
    words: usize,
    /// The candidates the entries are for, and whether they are closed
    /// under singles.
    masks: Vec<u64>,
    closed: bool,
    /// For each cell, the cells of its houses and its peers, itself too.
    zone: Vec<u128>,
    /// Entry `nets * nodes + x`, the net of `x` (with the nets' rules if
    /// `nets`): `EMPTY`, `FAILED` or `HOLDS`.
    kind: Vec<u8>,
    /// A failed net's contradiction: the number of its ancestors.
    count: Vec<u32>,
    /// The cells a net touched (placed or removed a value of: it read
    /// them in full), and (`n` a net) those whose value `d` it touched (it
    /// read value `d` in their zones).
    cells: Vec<u128>,
    planes: Vec<u128>,
    /// A net that holds: its on states, then its off states, as bits
    /// (`2 * words` a net).
    states: Vec<u64>,
    /// The buffers of the last call's prober.
    scratch: Scratch,
    /// The Nishio pre-test by value (it depends on the value's places
    /// alone, which most calls leave as they were): the places it is for,
    /// the cells tested on them and those that failed.
    nishio: Vec<(u128, u128, u128)>,
}

impl std::fmt::Debug for NetMemo {
    /// The number of nets kept, not the nets (half a megabyte on a
    /// classic board).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NetMemo")
            .field("kept", &self.kind.iter().filter(|&&k| k != EMPTY).count())
            .finish_non_exhaustive()
    }
}

/// No net kept.
const EMPTY: u8 = 0;
/// A net that failed, kept while the candidates it read are the same.
const FAILED: u8 = 1;
/// A net of singles that held, kept while every candidate gone since it
/// ran is one it removed. Singles are monotone (a cell with one candidate
/// left, or a value with one place left, still has at most one with fewer
/// candidates), so the candidates they remove from a grid are its least
/// fixpoint: every consequence of the assumption and the grid is found,
/// in any order. The net's end state is such a fixpoint, reached from the
/// new grid (the old derivations still hold) and without a contradiction,
/// so the new net ends there too: its states are the old ones less those
/// the new grid knows already (a solved cell, a candidate gone), which
/// the forcing does not use. The order of the states, which rates a
/// conclusion, is found by running the net again.
const HOLDS: u8 = 2;

impl NetMemo {
    fn new(geo: &Geometry, small: &Small) -> NetMemo {
        let (n, cells) = (geo.n, geo.cells());
        let nodes = n * cells;
        let words = nodes.div_ceil(64);
        let zone = (0..cells)
            .map(|c| {
                geo.cell_houses[c]
                    .iter()
                    .fold(small.peers[c] | 1 << c, |z, &h| {
                        z | small.houses[usize::from(h)]
                    })
            })
            .collect();
        NetMemo {
            n,
            nodes,
            words,
            masks: vec![0; cells],
            closed: false,
            zone,
            kind: vec![EMPTY; 2 * nodes],
            count: vec![0; 2 * nodes],
            cells: vec![0; 2 * nodes],
            planes: vec![0; 2 * nodes * n],
            states: vec![0; 2 * nodes * 2 * words],
            scratch: Scratch::default(),
            nishio: vec![(0, 0, 0); n],
        }
    }

    /// Whether `masks` is closed under singles: no solved cell's value in
    /// a peer, no value with one place in a house where the cell holds
    /// others too (nor an empty cell, nor a value without a place).
    fn closed(&self, small: &Small, masks: &[u64]) -> bool {
        let n = self.n;
        let mut planes = [0u128; 16];
        let mut solved = 0u128;
        for (c, &m) in masks.iter().enumerate() {
            if m == 0 {
                return false;
            }
            if !m.several() {
                solved |= 1 << c;
            }
            for d in bits(m) {
                if let Some(p) = planes.get_mut(d) {
                    *p |= 1 << c;
                }
            }
        }
        let mut rest = solved;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let d = masks[c].trailing_zeros() as usize;
            if planes.get(d).is_none_or(|&p| p & small.peers[c] != 0) {
                return false;
            }
        }
        small.houses.iter().all(|&house| {
            planes[..n].iter().all(|&p| {
                let places = p & house;
                places.several() || (places != 0 && places & solved != 0)
            })
        })
    }

    /// Moves the memo to `masks` (on the board of `small`): drops every
    /// net that read a candidate that changed.
    fn update(&mut self, small: &Small, masks: &[u64]) {
        let (n, words) = (self.n, self.words);
        let mut cells = 0u128;
        let mut planes = [0u128; 16];
        // The candidates gone since (as bits of the nodes), and whether any
        // came back (another puzzle, or a search that backtracked).
        let mut gone = vec![0u64; words];
        let mut back = false;
        for (c, (&old, &new)) in self.masks.iter().zip(masks).enumerate() {
            let changed = old ^ new;
            if changed != 0 {
                back |= new & !old != 0;
                cells |= 1 << c;
                for d in bits(changed) {
                    if let Some(p) = planes.get_mut(d) {
                        *p |= 1 << c;
                    }
                    let x = c * n + d;
                    gone[x / 64] |= 1 << (x % 64);
                }
            }
        }
        if cells == 0 {
            return; // the same candidates, closed or not as they were
        }
        let closed = self.closed(small, masks);
        let was_closed = std::mem::replace(&mut self.closed, closed);
        self.masks.copy_from_slice(masks);
        if back {
            self.kind.fill(EMPTY);
            return;
        }
        // Nets that held on a grid closed under singles stay only on such
        // grids (see `HOLDS`).
        let holds = closed && was_closed;
        // A net read value `d` of a changed cell `c` if it touched
        // (placed or removed) value `d` in a cell of the zone of `c`, or
        // touched `c` itself (the zones are symmetric).
        for p in planes.iter_mut().take(n) {
            let mut zone = 0u128;
            let mut rest = *p;
            while rest != 0 {
                zone |= self.zone[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            *p = zone;
        }
        for e in 0..self.kind.len() {
            let keep = match self.kind[e] {
                EMPTY => continue,
                // A net that held is kept while every candidate gone since
                // is one it removed (see `HOLDS`).
                kind => {
                    let read = &self.planes[e * n..(e + 1) * n];
                    let same = self.cells[e] & cells == 0
                        && read.iter().zip(&planes).all(|(&r, &p)| r & p == 0);
                    same || kind == HOLDS && holds && {
                        let off = &self.states[e * 2 * words + words..(e + 1) * 2 * words];
                        gone.iter().zip(off).all(|(&g, &o)| g & !o == 0)
                    }
                }
            };
            if !keep {
                self.kind[e] = EMPTY;
            }
        }
    }

    /// Records the last run of `prober` (the net of `x`): failed with
    /// `count` ancestors, or holding with the states `held` (as bits).
    fn store(&mut self, prober: &Prober<'_>, x: u32, outcome: Result<&[u64], u32>) {
        if prober.whole {
            return;
        }
        let n = self.n;
        let w = 2 * self.words;
        let e = usize::from(prober.nets) * self.nodes + x as usize;
        // The values removed: gone from the planes (each removal takes its
        // cell out of its value's plane); then the values placed.
        let planes = &mut self.planes[e * n..(e + 1) * n];
        let plane = |p: &[u64]| u128::from(p[0]) | u128::from(p[1]) << 64;
        let mut cells = 0u128;
        let (base, now) = (&prober.s.base_planes, &prober.s.planes);
        for ((t, b), p) in planes
            .iter_mut()
            .zip(base.chunks_exact(2))
            .zip(now.chunks_exact(2))
        {
            *t = plane(b) & !plane(p);
            cells |= *t;
        }
        for &y in prober.on_list() {
            let (c, d) = (y as usize / n, y as usize % n);
            cells |= 1 << c;
            if let Some(t) = planes.get_mut(d) {
                *t |= 1 << c;
            }
        }
        self.cells[e] = cells;
        match outcome {
            Err(count) => {
                self.kind[e] = FAILED;
                self.count[e] = count;
            }
            Ok(_) if !self.closed => self.kind[e] = EMPTY,
            Ok(held) => {
                self.kind[e] = HOLDS;
                self.states[e * w..(e + 1) * w].copy_from_slice(held);
            }
        }
    }

    /// The net of `x`, if kept: `Err(count)` if it failed, else its
    /// states.
    fn get(&self, nets: bool, x: u32) -> Option<Result<&[u64], u32>> {
        let e = usize::from(nets) * self.nodes + x as usize;
        let w = 2 * self.words;
        match self.kind[e] {
            FAILED => Some(Err(self.count[e])),
            HOLDS => Some(Ok(&self.states[e * w..(e + 1) * w])),
            _ => None,
        }
    }
}

/// Cause of an on-state: the assumption.
const START: u32 = u32::MAX;
/// Cause of an on-state: the only candidate left in its cell.
const NAKED: u32 = u32::MAX - 1;
/// Cause of an off-state removed by a locked-candidates or pair rule in
/// a house: `ADVANCED | house`.
const ADVANCED: u32 = 1 << 31;

/// Why a net failed: the states whose ancestors prove it.
#[derive(Clone, Copy, Debug)]
enum Clash {
    /// Every candidate of a cell is off.
    EmptyCell(usize),
    /// A value has no place in a house.
    NoPlace(usize, usize),
    /// A candidate is both on and off.
    Both(u32),
}

/// A candidate's state in a [`Prober`] run: on or off in the run of epoch
/// `on_at` / `off_at`, and why.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    on_at: u32,
    off_at: u32,
    on_cause: u32,
    off_cause: u32,
}

/// A house of a cell: where the house's places start (`house * n`), the
/// house, and all bits but the cell's among them.
#[derive(Clone, Copy, Debug)]
struct Slot {
    place: u32,
    house: u32,
    keep: u64,
}

/// Propagation of one assumption with singles (and, for nets, locked
/// candidates and pairs), recording the cause of every state.
struct Prober<'g> {
    geo: &'g Geometry,
    n: usize,
    /// The buffers and the candidates of the run (see [`Scratch`]).
    s: Scratch,
    /// The candidates placed and removed in the last run, in order: the
    /// first `on_len` of `s.on_buf` and `off_len` of `s.off_buf`.
    on_len: usize,
    off_len: usize,
    nets: bool,
    /// Follow only the assumed value: a placed value leaves its peers, a
    /// value with one place left in a house is placed, and nothing else
    /// (Sudoku Explainer's Nishio chains).
    nishio: bool,
    /// The last run got to the nets' rules, which look at the whole grid.
    whole: bool,
}

/// What a [`Prober`] keeps from one call to the next (in the nets'
/// memo): its buffers, and what it derives from the geometry alone. The
/// states of its nodes and ancestor marks are of runs of epochs before
/// the next one, so they need no clearing.
#[derive(Default)]
struct Scratch {
    /// The candidates at the start and now.
    base: Vec<u64>,
    masks: Vec<u64>,
    /// The cells of house `h` holding value `d` (`h * n + d`), as bits of
    /// their indices in the house, at the start and now.
    base_places: Vec<u64>,
    places: Vec<u64>,
    /// On boards of up to 128 cells, the cells holding each value, at the
    /// start and now, two words per value (a placement takes its value
    /// out of its peers with one mask, not a look at each peer); empty on
    /// larger boards.
    base_planes: Vec<u64>,
    planes: Vec<u64>,
    epoch: u32,
    /// The state of each candidate in the current run.
    nodes: Vec<Node>,
    /// The houses of each cell, flat: cell `c`'s are
    /// `slots[from..to]` for `(from, to) = slot_range[c]`.
    slots: Vec<Slot>,
    slot_range: Vec<(u32, u32)>,
    /// The cells of house `h` are `house_cells[h * n..][..n]`.
    house_cells: Vec<u16>,
    /// The candidates placed and removed in a run, in order, as long as
    /// they can get (so that a run writes them without growing them).
    on_buf: Vec<u32>,
    off_buf: Vec<u32>,
    /// Placements to make: (node, cause), as long as they can get (each
    /// removal queues at most one more than its cell has houses).
    queue: Vec<(u32, u32)>,
    /// Every house lists its cells in ascending order (the order of the
    /// bits of a cell set).
    ascending: bool,
    /// Ancestor search.
    seen: Vec<u32>,
    seen_epoch: u32,
    stack: Vec<(u32, bool)>,
    /// The branches' states in [`Forcing::round`].
    arena: Vec<u64>,
    /// On boards of up to 128 cells, the cells with two candidates or
    /// more at the start holding each value; empty on larger boards.
    base_open: Vec<u128>,
}

impl<'g> Prober<'g> {
    /// A prober on the candidates `base`, with the buffers of `scratch`
    /// (from an earlier prober on the same geometry, or new).
    fn new(geo: &'g Geometry, base: &[u64], nets: bool, mut s: Scratch) -> Prober<'g> {
        let nodes = geo.cells() * geo.n;
        let n = geo.n;
        if s.nodes.len() != nodes || s.epoch > u32::MAX / 2 || s.seen_epoch > u32::MAX / 2 {
            let mut slots = Vec::new();
            let mut slot_range = Vec::with_capacity(geo.cells());
            let mut most = 0;
            for cell in &geo.slots {
                slots.extend(cell.iter().map(|&(h, j)| Slot {
                    place: u32::from(h) * n as u32,
                    house: u32::from(h),
                    keep: !(1 << j),
                }));
                most = most.max(cell.len());
                slot_range.push(((slots.len() - cell.len()) as u32, slots.len() as u32));
            }
            s = Scratch {
                epoch: 0,
                nodes: vec![Node::default(); nodes],
                slots,
                slot_range,
                house_cells: geo
                    .houses
                    .iter()
                    .flat_map(|h| h.cells.iter().copied())
                    .collect(),
                on_buf: vec![0; nodes],
                off_buf: vec![0; nodes],
                queue: vec![(0, 0); 1 + nodes * (1 + most)],
                ascending: geo
                    .houses
                    .iter()
                    .all(|h| h.cells.windows(2).all(|w| w[0] < w[1])),
                seen: vec![0; 2 * nodes],
                seen_epoch: 0,
                ..s
            };
        }
        s.base_places.clear();
        s.base_places.resize(geo.houses.len() * n, 0);
        for (h, house) in geo.houses.iter().enumerate() {
            for (j, &c) in house.cells.iter().enumerate() {
                for d in bits(base[usize::from(c)]) {
                    s.base_places[h * n + d] |= 1 << j;
                }
            }
        }
        s.base_planes.clear();
        s.base_open.clear();
        if geo.small.is_some() {
            s.base_planes.resize(2 * n, 0);
            s.base_open.resize(n, 0);
            for (c, &m) in base.iter().enumerate() {
                for d in bits(m) {
                    s.base_planes[2 * d + c / 64] |= 1 << (c % 64);
                    if m.several() {
                        s.base_open[d] |= 1 << c;
                    }
                }
            }
        }
        let copy = |to: &mut Vec<u64>, from: &[u64]| {
            to.clear();
            to.extend_from_slice(from);
        };
        copy(&mut s.base, base);
        copy(&mut s.masks, base);
        copy(&mut s.places, &s.base_places);
        copy(&mut s.planes, &s.base_planes);
        Prober {
            geo,
            n: geo.n,
            s,
            on_len: 0,
            off_len: 0,
            nets,
            nishio: false,
            whole: false,
        }
    }

    /// The buffers, for the next prober.
    fn into_scratch(self) -> Scratch {
        self.s
    }

    #[inline]
    fn is_off(&self, x: u32) -> bool {
        self.s.nodes[x as usize].off_at == self.s.epoch
    }

    /// The candidates placed in the last run, in order.
    fn on_list(&self) -> &[u32] {
        &self.s.on_buf[..self.on_len]
    }

    /// The candidates removed in the last run, in order.
    fn off_list(&self) -> &[u32] {
        &self.s.off_buf[..self.off_len]
    }

    /// Assumes `start` true and propagates; `Err` names the contradiction.
    fn run(&mut self, start: u32) -> Result<(), Clash> {
        self.s.epoch += 1;
        self.s.masks.copy_from_slice(&self.s.base);
        self.s.places.copy_from_slice(&self.s.base_places);
        self.s.planes.copy_from_slice(&self.s.base_planes);
        self.whole = false;
        let nets = self.nets;
        let mut s = State {
            geo: self.geo,
            n: self.n,
            epoch: self.s.epoch,
            nishio: self.nishio,
            ascending: self.s.ascending,
            masks: &mut self.s.masks,
            places: &mut self.s.places,
            planes: &mut self.s.planes,
            nodes: &mut self.s.nodes,
            slots: &self.s.slots,
            slot_range: &self.s.slot_range,
            house_cells: &self.s.house_cells,
            on_list: &mut self.s.on_buf,
            on_len: 0,
            off_list: &mut self.s.off_buf,
            off_len: 0,
            queue: &mut self.s.queue,
            queue_len: 0,
        };
        s.queue_now(start, START);
        let outcome = s.follow(nets, &mut self.whole);
        (self.on_len, self.off_len) = (s.on_len, s.off_len);
        outcome
    }

    /// The ancestors of the given states in the last run: how many, and
    /// whether any used a cell or a house with more than two candidates or
    /// places at the start ("dynamic").
    fn ancestors(&mut self, roots: &[(u32, bool)]) -> (usize, bool) {
        self.s.seen_epoch += 1;
        let n = self.n;
        let nodes = self.s.nodes.len() as u32;
        let geo = self.geo;
        let mut count = 0;
        let mut dynamic = false;
        self.s.stack.clear();
        self.s.stack.extend_from_slice(roots);
        while let Some((x, on)) = self.s.stack.pop() {
            let key = (x + if on { 0 } else { nodes }) as usize;
            if self.s.seen[key] == self.s.seen_epoch {
                continue;
            }
            self.s.seen[key] = self.s.seen_epoch;
            count += 1;
            let (c, d) = (x as usize / n, x as usize % n);
            if !on {
                let cause = self.s.nodes[x as usize].off_cause;
                if cause & ADVANCED != 0 && cause != START && cause != NAKED {
                    let h = (cause & !ADVANCED) as usize;
                    dynamic = true;
                    for &q in &geo.houses[h].cells {
                        let q = usize::from(q);
                        let mut gone = self.s.base[q] & !self.s.masks[q];
                        while gone != 0 {
                            let e = gone.trailing_zeros() as usize;
                            gone &= gone - 1;
                            let y = (q * n + e) as u32;
                            if self.is_off(y) && y != x {
                                self.s.stack.push((y, false));
                            }
                        }
                    }
                } else {
                    self.s.stack.push((cause, true));
                }
                continue;
            }
            match self.s.nodes[x as usize].on_cause {
                START => {}
                NAKED => {
                    if (self.s.base[c] & self.s.base[c].wrapping_sub(1)).several() {
                        dynamic = true;
                    }
                    let mut others = self.s.base[c] & !(1u64 << d);
                    while others != 0 {
                        let e = others.trailing_zeros() as usize;
                        others &= others - 1;
                        self.s.stack.push(((c * n + e) as u32, false));
                    }
                }
                h => {
                    if let (Some(small), Some(&open)) = (&geo.small, self.s.base_open.get(d)) {
                        // The same places as below, from the planes (in
                        // another order: the count and the flag are of the
                        // set of states reached, not of the order).
                        let places = open & small.houses[h as usize];
                        let mut rest = places & !(1u128 << c);
                        while rest != 0 {
                            let q = rest.trailing_zeros() as usize;
                            rest &= rest - 1;
                            self.s.stack.push(((q * n + d) as u32, false));
                        }
                        if places.count_ones() > 2 {
                            dynamic = true;
                        }
                        continue;
                    }
                    let bit = 1u64 << d;
                    let mut places = 0;
                    for &q in &geo.houses[h as usize].cells {
                        let q = usize::from(q);
                        if self.s.base[q] & bit != 0 && self.s.base[q].several() {
                            places += 1;
                            if q != c {
                                self.s.stack.push(((q * n + d) as u32, false));
                            }
                        }
                    }
                    if places > 2 {
                        dynamic = true;
                    }
                }
            }
        }
        (count, dynamic)
    }

    /// The states proving a contradiction.
    fn clash_roots(&self, clash: Clash) -> Vec<(u32, bool)> {
        let n = self.n;
        match clash {
            Clash::EmptyCell(c) => bits(self.s.base[c])
                .map(|e| ((c * n + e) as u32, false))
                .collect(),
            Clash::NoPlace(h, e) => self.geo.houses[h]
                .cells
                .iter()
                .map(|&q| usize::from(q))
                .filter(|&q| self.s.base[q] & (1u64 << e) != 0)
                .map(|q| ((q * n + e) as u32, false))
                .collect(),
            Clash::Both(x) => vec![(x, true), (x, false)],
        }
    }
}

/// A run of a [`Prober`], its state borrowed apart (the optimiser keeps
/// the slices' addresses and lengths, and the lists' lengths, in
/// registers instead of loading them again after each store).
struct State<'a> {
    geo: &'a Geometry,
    n: usize,
    epoch: u32,
    nishio: bool,
    ascending: bool,
    masks: &'a mut [u64],
    places: &'a mut [u64],
    planes: &'a mut [u64],
    nodes: &'a mut [Node],
    slots: &'a [Slot],
    slot_range: &'a [(u32, u32)],
    house_cells: &'a [u16],
    on_list: &'a mut [u32],
    on_len: usize,
    off_list: &'a mut [u32],
    off_len: usize,
    queue: &'a mut [(u32, u32)],
    queue_len: usize,
}

impl State<'_> {
    #[inline(always)]
    fn is_on(&self, x: usize) -> bool {
        self.nodes
            .get(x)
            .is_some_and(|node| node.on_at == self.epoch)
    }

    /// Queues the placement of `x` (the buffer is long enough for every
    /// placement a run can queue).
    #[inline(always)]
    fn queue_now(&mut self, x: u32, cause: u32) {
        if let Some(slot) = self.queue.get_mut(self.queue_len) {
            *slot = (x, cause);
            self.queue_len += 1;
        }
    }

    /// Makes the queued placements, then (if `nets`, after noting in
    /// `whole` that the run looks at the whole grid) the first rule of
    /// the nets that removes something, and so on to the end.
    fn follow(&mut self, nets: bool, whole: &mut bool) -> Result<(), Clash> {
        loop {
            let mut head = 0;
            while head < self.queue_len {
                let (x, cause) = self.queue[head];
                head += 1;
                self.place(x, cause)?;
            }
            self.queue_len = 0;
            if !nets {
                return Ok(());
            }
            *whole = true;
            if !self.advanced()? {
                return Ok(());
            }
        }
    }

    #[inline(always)]
    fn place(&mut self, x: u32, cause: u32) -> Result<(), Clash> {
        let Some(node) = self.nodes.get_mut(x as usize) else {
            return Ok(());
        };
        if node.on_at == self.epoch {
            return Ok(());
        }
        let n = self.n;
        let (c, d) = (x as usize / n, x as usize % n);
        let bit = 1u64 << d;
        node.on_at = self.epoch;
        node.on_cause = cause;
        if let Some(slot) = self.on_list.get_mut(self.on_len) {
            *slot = x;
            self.on_len += 1;
        }
        let m = self.masks[c];
        if m & bit == 0 {
            return Err(Clash::Both(x));
        }
        let mut others = if self.nishio { 0 } else { m & !bit };
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.remove(c, e, x)?;
        }
        let geo = self.geo;
        if let Some(small) = &geo.small {
            // The peers holding the value, in ascending order as below
            // (each removal only changes its own cell).
            let plane = u128::from(self.planes[2 * d]) | u128::from(self.planes[2 * d + 1]) << 64;
            let mut holders = plane & small.peers[c];
            while holders != 0 {
                let p = holders.trailing_zeros() as usize;
                holders &= holders - 1;
                self.remove(p, d, x)?;
            }
            return Ok(());
        }
        for &p in &geo.peers[c] {
            let p = usize::from(p);
            if self.masks[p] & bit != 0 {
                self.remove(p, d, x)?;
            }
        }
        Ok(())
    }

    /// Removes every value of `gone` from cell `c`, lowest first, each with
    /// `cause`; whether there was any.
    #[inline(always)]
    fn remove_all(&mut self, c: usize, mut gone: u64, cause: u32) -> Result<bool, Clash> {
        let any = gone != 0;
        while gone != 0 {
            let e = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            self.remove(c, e, cause)?;
        }
        Ok(any)
    }

    #[inline(always)]
    fn remove(&mut self, c: usize, e: usize, cause: u32) -> Result<(), Clash> {
        let n = self.n;
        let node = c * n + e;
        let m = self.masks[c] & !(1u64 << e);
        self.masks[c] = m;
        if let Some(word) = self.planes.get_mut(2 * e + c / 64) {
            *word &= !(1u64 << (c % 64));
        }
        if let Some(state) = self.nodes.get_mut(node) {
            state.off_at = self.epoch;
            state.off_cause = cause;
        }
        if let Some(slot) = self.off_list.get_mut(self.off_len) {
            *slot = node as u32;
            self.off_len += 1;
        }
        if m == 0 {
            return Err(Clash::EmptyCell(c));
        }
        if !self.nishio && m & (m - 1) == 0 {
            let y = c * n + m.trailing_zeros() as usize;
            if !self.is_on(y) {
                self.queue_now(y as u32, NAKED);
            }
        }
        let (from, to) = self.slot_range[c];
        let slots = self.slots;
        for slot in slots.get(from as usize..to as usize).unwrap_or_default() {
            let places = &mut self.places[slot.place as usize + e];
            *places &= slot.keep;
            let p = *places;
            if p == 0 {
                return Err(Clash::NoPlace(slot.house as usize, e));
            }
            if p & (p - 1) == 0 {
                let last = self.house_cells[slot.place as usize + p.trailing_zeros() as usize];
                let y = usize::from(last) * n + e;
                if !self.is_on(y) {
                    self.queue_now(y as u32, slot.house);
                }
            }
        }
        Ok(())
    }

    /// The first locked candidates, naked pair or hidden pair on the
    /// current masks that removes something (called with no placement
    /// pending, and stopping at the first change, so that every cell with
    /// one candidate is placed); whether anything was removed.
    fn advanced(&mut self) -> Result<bool, Clash> {
        if let (Some(small), true) = (&self.geo.small, self.ascending) {
            return self.advanced_small(small);
        }
        let geo = self.geo;
        let n = self.n;
        let mut changed = false;
        // The places of a value in a house, without allocating (a house
        // has at most 64 cells).
        let mut places = [0usize; 64];
        for (h, house) in geo.houses.iter().enumerate() {
            // Locked candidates: a value of this house confined to its
            // intersection with another house leaves the rest of that one.
            for d in 0..n {
                let bit = 1u64 << d;
                let mut len = 0;
                for &q in &house.cells {
                    let q = usize::from(q);
                    if self.masks[q] & bit != 0 && self.masks[q].several() {
                        places[len] = q;
                        len += 1;
                    }
                }
                let places = &places[..len];
                if places.len() < 2 {
                    continue;
                }
                for &g in &geo.cell_houses[places[0]] {
                    let g = usize::from(g);
                    if g == h
                        || !places
                            .iter()
                            .all(|&q| geo.cell_houses[q].contains(&(g as u16)))
                    {
                        continue;
                    }
                    for &q in &geo.houses[g].cells {
                        let q = usize::from(q);
                        if !places.contains(&q) && self.masks[q] & bit != 0 {
                            self.remove(q, d, ADVANCED | h as u32)?;
                            changed = true;
                        }
                    }
                    if changed {
                        return Ok(true);
                    }
                }
            }
            // Naked pairs.
            let cells = &house.cells;
            for (i, &a) in cells.iter().enumerate() {
                let a = usize::from(a);
                let m = self.masks[a];
                if !m.pair() {
                    continue;
                }
                for &b in &cells[i + 1..] {
                    let b = usize::from(b);
                    if self.masks[b] != m {
                        continue;
                    }
                    for &q in cells {
                        let q = usize::from(q);
                        if q != a && q != b {
                            changed |=
                                self.remove_all(q, self.masks[q] & m, ADVANCED | h as u32)?;
                        }
                    }
                    if changed {
                        return Ok(true);
                    }
                }
            }
            // Hidden pairs.
            for d1 in 0..n {
                let b1 = 1u64 << d1;
                let mut p1 = [0usize; 2];
                let mut len = 0;
                for &q in cells {
                    let q = usize::from(q);
                    if self.masks[q] & b1 != 0 {
                        if len < 2 {
                            p1[len] = q;
                        }
                        len += 1;
                    }
                }
                if len != 2 || self.masks[p1[0]] == b1 || self.masks[p1[1]] == b1 {
                    continue;
                }
                for d2 in d1 + 1..n {
                    let b2 = 1u64 << d2;
                    if p1.iter().all(|&q| self.masks[q] & b2 != 0)
                        && cells
                            .iter()
                            .filter(|&&q| self.masks[usize::from(q)] & b2 != 0)
                            .count()
                            == 2
                    {
                        for &q in &p1 {
                            let gone = self.masks[q] & !(b1 | b2);
                            changed |= self.remove_all(q, gone, ADVANCED | h as u32)?;
                        }
                        if changed {
                            return Ok(true);
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// [`advanced`](Prober::advanced) on a board of up to 128 cells whose
    /// houses list their cells in ascending order: the same rules in the
    /// same order, each removal the same, on the cells holding each value
    /// as bits (a house's places in one mask, not a look at each cell).
    fn advanced_small(&mut self, small: &Small) -> Result<bool, Clash> {
        let geo = self.geo;
        let n = self.n;
        let plane = |planes: &[u64], d: usize| {
            u128::from(planes[2 * d]) | u128::from(planes[2 * d + 1]) << 64
        };
        // The cells with two candidates or more.
        let mut open = 0u128;
        for (c, &m) in self.masks.iter().enumerate() {
            if m.several() {
                open |= 1 << c;
            }
        }
        for h in 0..geo.houses.len() {
            let house = small.houses[h];
            // Locked candidates.
            for d in 0..n {
                let places = plane(self.planes, d) & house & open;
                if !places.several() {
                    continue;
                }
                let first = places.trailing_zeros() as usize;
                for &g in &geo.cell_houses[first] {
                    let g = usize::from(g);
                    if g == h || places & !small.houses[g] != 0 {
                        continue;
                    }
                    let mut gone = plane(self.planes, d) & small.houses[g] & !places;
                    if gone == 0 {
                        continue;
                    }
                    while gone != 0 {
                        let q = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        self.remove(q, d, ADVANCED | h as u32)?;
                    }
                    return Ok(true);
                }
            }
            // Naked pairs.
            let mut pairs = house & open;
            while pairs != 0 {
                let a = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let m = self.masks[a];
                if !m.pair() {
                    continue;
                }
                let mut later = pairs;
                while later != 0 {
                    let b = later.trailing_zeros() as usize;
                    later &= later - 1;
                    if self.masks[b] != m {
                        continue;
                    }
                    let mut changed = false;
                    let mut rest = house & !(1u128 << a) & !(1u128 << b);
                    while rest != 0 {
                        let q = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        changed |= self.remove_all(q, self.masks[q] & m, ADVANCED | h as u32)?;
                    }
                    if changed {
                        return Ok(true);
                    }
                }
            }
            // Hidden pairs.
            for d1 in 0..n {
                let b1 = 1u64 << d1;
                let p1 = plane(self.planes, d1) & house;
                if !p1.pair() {
                    continue;
                }
                let q0 = p1.trailing_zeros() as usize;
                let q1 = (p1 & (p1 - 1)).trailing_zeros() as usize;
                if self.masks[q0] == b1 || self.masks[q1] == b1 {
                    continue;
                }
                for d2 in d1 + 1..n {
                    let b2 = 1u64 << d2;
                    if plane(self.planes, d2) & house != p1 {
                        continue;
                    }
                    let mut changed = false;
                    for q in [q0, q1] {
                        let gone = self.masks[q] & !(b1 | b2);
                        changed |= self.remove_all(q, gone, ADVANCED | h as u32)?;
                    }
                    if changed {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }
}

fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// Whether placing a value at `cell` fails by following that value
/// alone: `plane` holds its unsolved places; each placement takes it out of
/// the peers, and a house left with one place gets it; a house without a
/// place (and without the value placed) is a contradiction.
#[cfg(test)]
fn nishio_fails(geo: &Geometry, small: &Small, plane: u128, cell: usize) -> bool {
    nishio_fails_in(geo, small, plane, open_houses(small, plane), cell)
}

/// The houses with a place in `plane` (the others hold its value solved).
fn open_houses(small: &Small, plane: u128) -> u64 {
    let mut open = 0u64;
    for (h, &m) in small.houses.iter().enumerate() {
        if m & plane != 0 {
            open |= 1 << h;
        }
    }
    open
}

/// [`nishio_fails`] with the plane's open houses known.
///
/// After the first placement only the open houses that each placement
/// touches (`Small::touched`) are looked at again: the others have the places they had
/// when last looked at, which gave no contradiction and put their single
/// places in `pending` already.
fn nishio_fails_in(geo: &Geometry, small: &Small, plane: u128, mut open: u64, cell: usize) -> bool {
    let houses = &small.houses;
    let mut left = plane;
    let mut pending = 1u128 << cell;
    let mut first = true;
    while pending != 0 {
        let c = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        if left & (1 << c) == 0 {
            return true; // taken out of this cell already
        }
        left &= !small.peers[c];
        left &= !(1 << c);
        for &h in &geo.cell_houses[c] {
            open &= !(1 << h);
        }
        // Houses still open: none left is a contradiction, one is placed.
        let mut hs = if first { open } else { open & small.touched[c] };
        first = false;
        while hs != 0 {
            let h = hs.trailing_zeros() as usize;
            hs &= hs - 1;
            let m = left & houses[h];
            if m == 0 {
                return true;
            }
            if m & (m - 1) == 0 {
                pending |= m;
            }
        }
    }
    false
}

/// One conclusion and its rating.
#[derive(Clone, Copy, Debug)]
struct Conclusion {
    rating: u16,
    /// The candidate and whether it is placed (`true`) or removed.
    node: u32,
    on: bool,
    /// Where it comes from, for the words: a contradiction from a start, or
    /// forcing over a cell or a house value.
    from: Source,
}

#[derive(Clone, Copy, Debug)]
enum Source {
    Contradiction,
    Cell(usize),
    Region(usize, usize),
}

impl Forcing {
    /// The contradictions of Nishio chains: each candidate assumed true,
    /// following its own value only.
    fn nishio(
        &self,
        prober: &mut Prober<'_>,
        cands: &[u32],
        out: &mut Vec<Conclusion>,
        memo: Option<&mut NetMemo>,
    ) {
        prober.nishio = true;
        let geo = prober.geo;
        let n = geo.n;
        // On small boards (up to 128 cells and 64 houses) a bit-parallel
        // test finds the candidates that fail; only those are followed
        // again, with causes, to rate them. Both compute the fixpoint of
        // the same monotone rules, so they fail on the same candidates.
        let small = geo.small.as_ref().filter(|s| s.houses.len() <= 64);
        let planes: Option<Vec<(u128, u64)>> = small.map(|small| {
            (0..n)
                .map(|d| {
                    let plane = super::geometry::plane(&prober.s.base, 1 << d);
                    (plane, open_houses(small, plane))
                })
                .collect()
        });
        let mut kept = memo.map(|m| &mut m.nishio[..]);
        for &p in cands {
            if let (Some(small), Some(planes)) = (small, planes.as_ref()) {
                let (c, d) = (p as usize / n, p as usize % n);
                let (plane, open) = planes[d];
                let fails = match kept.as_deref_mut().and_then(|k| k.get_mut(d)) {
                    Some(entry) => {
                        if entry.0 != plane {
                            *entry = (plane, 0, 0);
                        }
                        if entry.1 & 1 << c == 0 {
                            entry.1 |= 1 << c;
                            if nishio_fails_in(geo, small, plane, open, c) {
                                entry.2 |= 1 << c;
                            }
                        }
                        entry.2 & 1 << c != 0
                    }
                    None => nishio_fails_in(geo, small, plane, open, c),
                };
                if !fails {
                    continue;
                }
            }
            if let Err(clash) = prober.run(p) {
                let roots = prober.clash_roots(clash);
                let (count, _) = prober.ancestors(&roots);
                out.push(Conclusion {
                    rating: 75 + length_bonus(count),
                    node: p,
                    on: false,
                    from: Source::Contradiction,
                });
            }
        }
        prober.nishio = false;
    }

    /// Cell and region forcing, and the contradictions, of nets made with
    /// `prober` (singles, or for forcing nets more). Static conclusions
    /// (8.0) go to `statics`, the others to `out`.
    fn round(
        &self,
        masks: &[u64],
        prober: &mut Prober<'_>,
        cands: &[u32],
        limit: u16,
        (statics, out): (&mut Vec<Conclusion>, &mut Vec<Conclusion>),
        mut memo: Option<&mut NetMemo>,
    ) {
        let geo = prober.geo;
        let n = geo.n;
        let cells = geo.cells();
        let nodes = cells * n;
        let nets = prober.nets;
        let words = nodes.div_ceil(64);
        let store = n <= 16;
        // The states of each branch's net, as bits (`2 * words` a branch;
        // those of failed branches are never read).
        let mut arena = std::mem::take(&mut prober.s.arena);
        if store {
            arena.resize(cands.len() * 2 * words, 0);
        }
        let mut failed = vec![false; nodes];
        let dynamic_rating = if nets { 90 } else { 85 };
        for (i, &p) in cands.iter().enumerate() {
            // One round on a large empty grid takes seconds: the time
            // limit is read per assumption (see `halt`); the contradictions
            // found so far are sound and stay.
            if super::halt::halted() {
                prober.s.arena = arena;
                return;
            }
            let kept = memo.as_deref().and_then(|m| m.get(nets, p));
            let outcome = match kept {
                Some(Err(count)) => Err(count as usize),
                Some(Ok(states)) => {
                    arena[i * 2 * words..(i + 1) * 2 * words].copy_from_slice(states);
                    continue;
                }
                None => prober.run(p).map_err(|clash| {
                    let roots = prober.clash_roots(clash);
                    let count = prober.ancestors(&roots).0;
                    if let Some(m) = memo.as_deref_mut() {
                        m.store(prober, p, Err(count as u32));
                    }
                    count
                }),
            };
            match outcome {
                Err(count) => {
                    failed[p as usize] = true;
                    out.push(Conclusion {
                        rating: dynamic_rating + length_bonus(count),
                        node: p,
                        on: false,
                        from: Source::Contradiction,
                    });
                }
                Ok(()) if store => {
                    let slot = &mut arena[i * 2 * words..(i + 1) * 2 * words];
                    slot.fill(0);
                    for &x in prober.on_list() {
                        slot[x as usize / 64] |= 1 << (x % 64);
                    }
                    for &x in prober.off_list() {
                        slot[words + x as usize / 64] |= 1 << (x % 64);
                    }
                    if let Some(m) = memo.as_deref_mut() {
                        m.store(prober, p, Ok(slot));
                    }
                }
                Ok(()) => {}
            }
        }
        // Batching within `limit`: contradictions that easy are as good as
        // any forcing (the puzzle's rating stays the same), and far
        // cheaper to find.
        if !store || out.iter().any(|c| c.rating <= limit) {
            prober.s.arena = arena;
            return;
        }
        let index_of = |x: u32| cands.binary_search(&x).ok();
        // Branch sets: cells (their candidates) and house values (their
        // places).
        // (The branches of all sets in one vector: set `i` is
        // `flat[ends[i - 1]..ends[i]]`.)
        let mut branch_sets: Vec<(Source, usize)> = Vec::new();
        let mut flat: Vec<u32> = Vec::with_capacity(2 * cands.len());
        for (c, &m) in masks.iter().enumerate() {
            if m.several() {
                flat.extend(bits(m).map(|d| (c * n + d) as u32));
                branch_sets.push((Source::Cell(c), flat.len()));
            }
        }
        for (h, house) in geo.houses.iter().enumerate() {
            for d in 0..n {
                let bit = 1u64 << d;
                if geo.placed(masks, h, bit) {
                    continue;
                }
                let start = flat.len();
                flat.extend(
                    house
                        .cells
                        .iter()
                        .map(|&q| usize::from(q))
                        .filter(|&q| masks[q] & bit != 0)
                        .map(|q| (q * n + d) as u32),
                );
                if flat.len() - start >= 2 {
                    branch_sets.push((Source::Region(h, d), flat.len()));
                } else {
                    flat.truncate(start);
                }
            }
        }
        let mut on_int = vec![0u64; words];
        let mut off_int = vec![0u64; words];
        let mut live: Vec<usize> = Vec::new();
        let mut found: Vec<(u32, bool)> = Vec::new();
        // The sets with conclusions: (source, end of its conclusions in
        // `all_found`), and what their branches must rate: (branch, index
        // in `all_found`, set).
        let mut sets: Vec<(Source, usize)> = Vec::new();
        let mut all_found: Vec<(u32, bool)> = Vec::new();
        let mut asks: Vec<(usize, usize, usize)> = Vec::new();
        let mut end_of_last = 0;
        for &(source, end) in &branch_sets {
            let branches = &flat[std::mem::replace(&mut end_of_last, end)..end];
            // A branch that fails is a contradiction of its own; the
            // forcing over the others waits until it is applied (as Sudoku
            // Explainer, whose failed branches stop at the contradiction).
            if branches.iter().any(|&x| failed[x as usize]) {
                continue;
            }
            live.clear();
            live.extend(branches.iter().filter_map(|&x| index_of(x)));
            if live.len() < 2 {
                continue;
            }
            on_int.fill(u64::MAX);
            off_int.fill(u64::MAX);
            for &i in &live {
                let slot = &arena[i * 2 * words..(i + 1) * 2 * words];
                for w in 0..words {
                    on_int[w] &= slot[w];
                    off_int[w] &= slot[words + w];
                }
            }
            found.clear();
            for w in 0..words {
                for (set, on) in [(on_int[w], true), (off_int[w], false)] {
                    let mut s = set;
                    while s != 0 {
                        let b = s.trailing_zeros() as usize;
                        s &= s - 1;
                        let x = w * 64 + b;
                        if x >= nodes {
                            continue;
                        }
                        let (c, d) = (x / n, x % n);
                        // Nothing about the branches' own candidates: a
                        // branch that failed shows up there.
                        let own = match source {
                            Source::Cell(b) => c == b,
                            Source::Region(h, v) => {
                                d == v && geo.cell_houses[c].contains(&(h as u16))
                            }
                            Source::Contradiction => false,
                        };
                        let useful = !own
                            && if on {
                                !masks[c].is_power_of_two()
                            } else {
                                masks[c] & (1u64 << d) != 0
                            };
                        if useful {
                            found.push((x as u32, on));
                        }
                    }
                }
            }
            if found.is_empty() {
                continue;
            }
            let first = all_found.len();
            all_found.extend_from_slice(&found);
            for &i in &live {
                asks.extend((first..all_found.len()).map(|k| (i, k, sets.len())));
            }
            sets.push((source, all_found.len()));
        }
        prober.s.arena = arena;
        // Rate each conclusion from the branches' nets: each branch is run
        // once for every set it is in (the sum over its sets is what
        // running it again for each set gave).
        asks.sort_unstable();
        let mut complexity = vec![0usize; all_found.len()];
        let mut dynamic = vec![nets; sets.len()];
        // The ancestors found in the current run, by conclusion.
        let mut rated: Vec<((u32, bool), (usize, bool))> = Vec::new();
        let mut a = 0;
        while a < asks.len() {
            let i = asks[a].0;
            let group = asks[a..].iter().take_while(|ask| ask.0 == i).count();
            let ok = prober.run(cands[i]).is_ok(); // always: the branch did not fail
            rated.clear();
            for &(_, k, set) in &asks[a..a + group] {
                if !ok {
                    break;
                }
                let key = all_found[k];
                let (count, dy) = match rated.iter().find(|r| r.0 == key) {
                    Some(&(_, v)) => v,
                    None => {
                        let v = prober.ancestors(&[key]);
                        rated.push((key, v));
                        v
                    }
                };
                complexity[k] += count;
                dynamic[set] |= dy;
            }
            a += group;
        }
        let mut first = 0;
        for (set, &(source, end)) in sets.iter().enumerate() {
            for k in std::mem::replace(&mut first, end)..end {
                let (x, on) = all_found[k];
                let dynamic = dynamic[set];
                let c = Conclusion {
                    rating: if dynamic { dynamic_rating } else { 80 } + length_bonus(complexity[k]),
                    node: x,
                    on,
                    from: source,
                };
                if dynamic {
                    out.push(c);
                } else {
                    statics.push(c);
                }
            }
        }
    }

    /// The conclusions of the first kind of forcing that has any, in
    /// Sudoku Explainer's order: Nishio chains, multiple (static) forcing
    /// chains, dynamic forcing chains, then (if enabled) forcing nets.
    /// Returns whether they are nets.
    fn conclusions(
        &self,
        geo: &Geometry,
        masks: &[u64],
        limit: u16,
        out: &mut Vec<Conclusion>,
        mut memo: Option<&mut NetMemo>,
    ) -> bool {
        let scratch = memo
            .as_deref_mut()
            .map(|m| std::mem::take(&mut m.scratch))
            .unwrap_or_default();
        let mut prober = Prober::new(geo, masks, false, scratch);
        let nets = self.conclusions_with(&mut prober, masks, limit, out, memo.as_deref_mut());
        if let Some(m) = memo {
            m.scratch = prober.into_scratch();
        }
        nets
    }

    /// [`conclusions`](Forcing::conclusions) with `prober` on `masks`.
    fn conclusions_with(
        &self,
        prober: &mut Prober<'_>,
        masks: &[u64],
        limit: u16,
        out: &mut Vec<Conclusion>,
        mut memo: Option<&mut NetMemo>,
    ) -> bool {
        let geo = prober.geo;
        let n = geo.n;
        let mut cands: Vec<u32> = Vec::with_capacity(geo.cells() * n);
        for (c, &m) in masks.iter().enumerate().take(geo.cells()) {
            if m.several() {
                let mut rest = m;
                while rest != 0 {
                    cands.push((c * n + rest.trailing_zeros() as usize) as u32);
                    rest &= rest - 1;
                }
            }
        }
        self.nishio(prober, &cands, out, memo.as_deref_mut());
        if !out.is_empty() {
            return false;
        }
        let mut statics = Vec::new();
        if let (Some(m), Some(small)) = (memo.as_deref_mut(), &geo.small) {
            m.update(small, masks);
        }
        self.round(
            masks,
            prober,
            &cands,
            limit,
            (&mut statics, out),
            memo.as_deref_mut(),
        );
        if !statics.is_empty() {
            *out = statics;
            return false;
        }
        if !out.is_empty() || !self.nets {
            return false;
        }
        prober.nets = true;
        self.round(masks, prober, &cands, limit, (&mut statics, out), memo);
        out.append(&mut statics);
        true
    }
}

impl Pattern for Forcing {
    fn name(&self) -> &'static str {
        "forcing chains"
    }

    fn level(&self) -> u8 {
        level::FORCING
    }

    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool {
        out.clear();
        let mut conclusions = Vec::new();
        let limit = batch.map_or(0, Rating::tenths);
        let nets = match (&self.memo, &geo.small) {
            (Some(memos), Some(small)) => {
                // This thread's memo, taken out while in use (a poisoned
                // lock only lost memos: start again).
                let me = std::thread::current().id();
                let mut mine = {
                    let mut memos = memos.lock().unwrap_or_else(|e| e.into_inner());
                    match memos.iter().position(|m| m.0 == me) {
                        Some(i) => memos.swap_remove(i).1,
                        None => NetMemo::new(geo, small),
                    }
                };
                let nets = self.conclusions(geo, masks, limit, &mut conclusions, Some(&mut mine));
                let mut memos = memos.lock().unwrap_or_else(|e| e.into_inner());
                if memos.len() >= 64 {
                    memos.remove(0); // threads long gone, most likely
                }
                memos.push((me, mine));
                nets
            }
            _ => self.conclusions(geo, masks, limit, &mut conclusions, None),
        };
        let Some(best) = conclusions
            .iter()
            .copied()
            .min_by_key(|c| (c.rating, !c.on))
        else {
            return false;
        };
        let limit = batch.map_or(0, Rating::tenths).max(best.rating);
        let n = geo.n;
        let mut rating = best.rating;
        let chosen: Vec<Conclusion> = if batch.is_some() {
            conclusions
                .iter()
                .copied()
                .filter(|c| c.rating <= limit)
                .collect()
        } else {
            vec![best]
        };
        for c in &chosen {
            rating = rating.max(c.rating);
            let (cell, d) = (c.node as usize / n, c.node as usize % n);
            if c.on {
                out.placements.push((cell as u16, 1 << d));
            } else {
                out.eliminate(cell, 1 << d);
            }
        }
        // A cell both placed and emptied of its value is a contradiction
        // of the batch (it cannot happen: every conclusion is sound).
        out.rating = Rating::from_tenths(rating);
        let table = if nets {
            &rules::FORCING_NET
        } else {
            &rules::FORCING_CHAIN
        };
        out.rule = rules::rated(table, out.rating);
        if text {
            let (cell, d) = (best.node as usize / n, best.node as usize % n);
            let what = if best.on {
                format!("{} = {}", geo.cell(cell), d + 1)
            } else {
                format!("{} is not {}", geo.cell(cell), d + 1)
            };
            let with = if nets {
                "singles, locked candidates and pairs"
            } else {
                "singles"
            };
            if let Source::Contradiction = best.from {
                out.assumed = Some((d as u8 + 1, with));
            }
            out.text = match best.from {
                Source::Contradiction => format!(
                    "assuming {} = {} leads, by {with}, to a contradiction, so {what}",
                    geo.cell(cell),
                    d + 1
                ),
                Source::Cell(c) => format!(
                    "each candidate of {} ({}), assumed true, leads by {with} to {what}",
                    geo.cell(c),
                    super::geometry::digits(masks[c])
                ),
                Source::Region(h, v) => format!(
                    "each place of {} in {}, assumed true, leads by {with} to {what}",
                    v + 1,
                    geo.houses[h].name
                ),
            };
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::geometry::classic_position;

    /// The forcing nets' locked candidates and pairs on cell sets remove
    /// the same candidates in the same order, with the same causes, as the
    /// look at each cell: every net of hard positions is the same.
    #[test]
    fn nets_on_cell_sets_are_the_same() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        let mut advanced = 0;
        for puzzle in puzzles {
            let (geo, masks) = classic_position(puzzle);
            let mut fast = Prober::new(&geo, &masks, true, Scratch::default());
            let mut slow = Prober::new(&geo, &masks, true, Scratch::default());
            assert!(fast.s.ascending);
            slow.s.ascending = false;
            for (c, &m) in masks.iter().enumerate() {
                if m.is_power_of_two() {
                    continue;
                }
                for d in bits(m) {
                    let x = (c * 9 + d) as u32;
                    let (a, b) = (fast.run(x), slow.run(x));
                    assert_eq!(format!("{a:?}"), format!("{b:?}"), "{puzzle}: {x}");
                    assert_eq!(fast.on_list(), slow.on_list(), "{puzzle}: {x}");
                    assert_eq!(fast.off_list(), slow.off_list(), "{puzzle}: {x}");
                    for &y in fast.on_list().iter().chain(fast.off_list()) {
                        let (p, q) = (fast.s.nodes[y as usize], slow.s.nodes[y as usize]);
                        assert_eq!((p.on_cause, p.off_cause), (q.on_cause, q.off_cause));
                        advanced += usize::from(q.off_cause & ADVANCED != 0 && q.off_cause < NAKED);
                    }
                }
            }
        }
        assert!(advanced > 0, "the nets use locked candidates or pairs");
    }

    /// Singles to their end on `masks` (as the grader applies them before
    /// any harder technique); `false` on a contradiction.
    fn singles(geo: &Geometry, masks: &mut [u64]) -> bool {
        loop {
            let mut changed = false;
            for c in 0..masks.len() {
                let m = masks[c];
                if m == 0 {
                    return false;
                }
                if m.is_power_of_two() {
                    for &p in &geo.peers[c] {
                        let p = usize::from(p);
                        if masks[p] & m != 0 {
                            masks[p] &= !m;
                            changed = true;
                        }
                    }
                }
            }
            for house in &geo.houses {
                for d in 0..9 {
                    let places: Vec<usize> = house
                        .cells
                        .iter()
                        .map(|&q| usize::from(q))
                        .filter(|&q| masks[q] & (1 << d) != 0)
                        .collect();
                    if places.is_empty() {
                        return false;
                    }
                    if let [q] = places[..] {
                        if masks[q] != 1 << d {
                            masks[q] = 1 << d;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The memo of nets changes no step: along the forcing steps of hard
    /// puzzles (each step applied, then singles to their end, as the
    /// grader takes them; one deduction a step, or batched), forcing with
    /// the memo finds exactly what it finds without, words included, and
    /// the memo keeps nets of both kinds (unchanged inputs, and nets that
    /// held, kept as the grid shrinks inside them).
    #[test]
    fn the_net_memo_changes_no_step() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        let (mut steps, mut kept) = (0, [0; 2]);
        for batch in [None, Some(Rating::from_tenths(85))] {
            for puzzle in puzzles {
                let (geo, mut masks) = classic_position(puzzle);
                assert!(singles(&geo, &mut masks));
                let with = Forcing::new(&geo, true, true);
                let without = Forcing::new(&geo, true, false);
                assert!(with.memo.is_some() && without.memo.is_none());
                loop {
                    // The nets kept from the last step (the find below
                    // moves the memo to the same candidates again: no
                    // change).
                    if let Some((_, memo)) = with.memo.as_ref().unwrap().lock().unwrap().first_mut()
                    {
                        memo.update(geo.small.as_ref().unwrap(), &masks);
                        kept[0] += memo.kind.iter().filter(|&&k| k == HOLDS).count();
                        kept[1] += memo.kind.iter().filter(|&&k| k == FAILED).count();
                    }
                    let (mut a, mut b) = (Found::default(), Found::default());
                    let found = with.find(&geo, &masks, batch, true, &mut a);
                    assert_eq!(found, without.find(&geo, &masks, batch, true, &mut b));
                    assert_eq!(a.eliminations, b.eliminations, "{puzzle}");
                    assert_eq!(a.placements, b.placements, "{puzzle}");
                    assert_eq!((a.rating, a.rule, &a.text), (b.rating, b.rule, &b.text));
                    if !found {
                        break;
                    }
                    steps += 1;
                    for &(c, m) in &a.eliminations {
                        masks[usize::from(c)] &= !m;
                    }
                    for &(c, m) in &a.placements {
                        masks[usize::from(c)] = m;
                    }
                    if !singles(&geo, &mut masks) || masks.iter().all(|m| m.is_power_of_two()) {
                        break;
                    }
                }
            }
        }
        assert!(steps >= 20, "{steps} forcing steps");
        assert!(kept[0] > 0 && kept[1] > 0, "{kept:?} nets kept");
    }

    /// The bit-parallel Nishio test only skips candidates whose Nishio
    /// chain (singles on the one value, followed with causes) does not
    /// fail: it never loses a contradiction, on hard positions.
    #[test]
    fn nishio_pre_test_keeps_every_contradiction() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        ];
        let mut failing = 0;
        for puzzle in puzzles {
            let (geo, masks) = classic_position(puzzle);
            let small = geo.small.as_ref().unwrap();
            let mut prober = Prober::new(&geo, &masks, false, Scratch::default());
            prober.nishio = true;
            for c in 0..81 {
                if masks[c].is_power_of_two() {
                    continue;
                }
                for d in bits(masks[c]) {
                    let plane = super::super::geometry::plane(&masks, 1 << d);
                    let slow = prober.run((c * 9 + d) as u32).is_err();
                    let fast = nishio_fails(&geo, small, plane, c);
                    assert!(
                        fast || !slow,
                        "{puzzle}: r{}c{} = {}",
                        c / 9 + 1,
                        c % 9 + 1,
                        d + 1
                    );
                    failing += usize::from(slow);
                }
            }
        }
        assert!(failing > 0, "the positions have Nishio contradictions");
    }
}
