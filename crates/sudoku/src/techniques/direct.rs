//! The easy end of the rating: singles, Sudoku Explainer's "direct"
//! techniques and the basic ones up to 4.0, taken easiest first as Sudoku
//! Explainer takes them.
//!
//! csp-core places a cell as soon as one candidate is left (a naked single
//! is part of propagation), so the order of the singles in the logic
//! model's trace says nothing about which ones a puzzle needs. Sudoku
//! Explainer rates them: a value that is the last in its house 1.0, a
//! hidden single in a box 1.2, in a row or column 1.5, a naked single 2.3;
//! and it has *direct* forms of three techniques, counted only when they
//! lead at once to a hidden single: pointing 1.7, claiming 1.9, hidden
//! pair 2.0, hidden triple 2.5. Between two harder steps it takes those
//! easy ones again, so the puzzles that need only pointing (2.6), claiming
//! (2.8), naked pairs (3.0), X-wings (3.2), hidden pairs (3.4), naked
//! triples (3.6), swordfish (3.8) and hidden triples (4.0) are rated by the
//! same replay. [`low_rating`] replays a puzzle with these alone, always
//! taking the easiest, and returns its grade if they finish it.
//!
//! The replay works on bit masks (the places of each value in each house)
//! and allocates only its state, so rating an easy puzzle this way is
//! cheaper than propagating the logic model.

use std::cell::{Cell, OnceCell};

use super::geometry::{Bits, Geometry, HouseKind};
use crate::logic::Technique;
use crate::rating::Rating;

/// The rating of a puzzle the replay finished, its hardest technique and
/// the number of steps of each technique.
#[derive(Clone, Debug)]
pub(crate) struct LowGrade {
    pub(crate) rating: Rating,
    pub(crate) hardest: Technique,
    pub(crate) counts: Vec<(Technique, usize)>,
}

/// The grade of a puzzle (its givens, row-major, 0 for a blank) if
/// singles, the direct techniques and the basic ones up to hidden triples
/// finish it.
pub(crate) fn low_rating(geo: &Geometry, givens: &[u8]) -> Option<LowGrade> {
    let n = geo.n;
    if n > 64 {
        return None;
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let houses = geo.houses.len();
    let mut s = State {
        geo,
        n,
        m: vec![full; geo.cells()],
        done: vec![false; geo.cells()],
        pos: vec![0; houses * n],
        open: vec![0; houses],
        placed: vec![0; houses],
        fruitless: OnceCell::new(),
    };
    // The places are computed from the candidates below
    // ([`refresh`](State::refresh)), so the givens set only those.
    for (c, &v) in givens.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1u64 << (v - 1);
        // (A cell placed already holds its value alone: another value of
        // it is gone from it.)
        if s.m[c] & bit == 0 {
            return None;
        }
        s.m[c] = bit;
        s.done[c] = true;
        for &p in &geo.peers[c] {
            let p = usize::from(p);
            if !s.done[p] {
                s.m[p] &= !bit;
                if s.m[p] == 0 {
                    return None;
                }
            }
        }
    }
    let mut hardest = (0u16, Technique::HiddenSingle);
    let mut counts: Vec<(Technique, usize)> = Vec::new();
    let mut found: Vec<(usize, u64)> = Vec::new();
    // The places once; each step then keeps them up to date.
    s.refresh();
    loop {
        if s.done.iter().all(|&d| d) {
            return Some(LowGrade {
                rating: Rating::from_tenths(hardest.0.max(10)),
                hardest: hardest.1,
                counts,
            });
        }
        #[cfg(debug_assertions)]
        {
            // The places kept up to date are those of the candidates.
            let kept = (s.pos.clone(), s.open.clone(), s.placed.clone());
            s.refresh();
            debug_assert!(kept == (s.pos.clone(), s.open.clone(), s.placed.clone()));
        }
        found.clear();
        let step = s.step(&mut found);
        #[cfg(debug_assertions)]
        {
            // The memo of fruitless searches skips only what finds nothing:
            // a state without it takes the same step.
            let mut again = Vec::new();
            let fresh = State {
                m: s.m.clone(),
                done: s.done.clone(),
                pos: s.pos.clone(),
                open: s.open.clone(),
                placed: s.placed.clone(),
                fruitless: OnceCell::new(),
                ..s
            };
            debug_assert!(fresh.step(&mut again) == step && again == found);
        }
        let (r, t, placing) = step?;
        if r > hardest.0 {
            hardest = (r, t);
        }
        // Each placement is a step; eliminations are one step.
        let steps = if placing { found.len() } else { 1 };
        match counts.iter_mut().find(|(u, _)| *u == t) {
            Some((_, k)) => *k += steps,
            None => counts.push((t, steps)),
        }
        for &(c, bits) in &found {
            let ok = if placing {
                s.place(c, bits)
            } else {
                s.remove(c, bits);
                s.m[c] != 0
            };
            if !ok {
                return None; // no solution
            }
        }
    }
}

/// Candidates, which cells are placed (a cell with one candidate left is
/// not placed until a naked single places it), and per house the places of
/// each value among the open cells.
struct State<'g> {
    geo: &'g Geometry,
    n: usize,
    m: Vec<u64>,
    done: Vec<bool>,
    /// `h * n + d`: the open cells of house `h` holding value bit `d`, as
    /// indices into the house.
    pos: Vec<u64>,
    /// The open cells of each house, as indices.
    open: Vec<u64>,
    /// The values placed in each house.
    placed: Vec<u64>,
    /// Where the searches last found nothing, and at which versions; made
    /// by the first search that uses it (a puzzle that singles and the
    /// direct locked candidates finish never pays for it).
    fruitless: OnceCell<Fruitless>,
}

/// The versions at which a search last found nothing in a house (or a
/// crossing, or a value): the replay skips the searches whose inputs are
/// unchanged since, which finds the same first pattern, since a search
/// that found nothing there would find nothing again. `0` is never (the
/// versions start at 1). `Cell`s, as the searches borrow the state shared.
struct Fruitless {
    /// Per house, a counter that grows whenever its places, open cells or
    /// placed values change (so a house whose counter is as it was has
    /// the same candidates in its open cells).
    version: Vec<u32>,
    /// Per value, a counter that grows whenever its places in some house,
    /// or the houses that hold it placed, change.
    value_version: Vec<u32>,
    /// Per crossing: no locked candidates (the sum of the two houses'
    /// versions; they only grow, so an equal sum means neither changed).
    locking: Vec<Cell<u32>>,
    /// Per `k - 2` (pairs, triples) and house.
    naked: [Vec<Cell<u32>>; 2],
    hidden: [Vec<Cell<u32>>; 2],
    direct_hidden: [Vec<Cell<u32>>; 2],
    /// Per `k - 2`, then rows-first or columns-first and value.
    fish: [Vec<Cell<u32>>; 2],
}

impl Fruitless {
    fn new(houses: usize, crossings: usize, n: usize) -> Self {
        let never = |len: usize| vec![Cell::new(0); len];
        Fruitless {
            version: vec![1; houses],
            value_version: vec![1; n],
            locking: never(crossings),
            naked: [never(houses), never(houses)],
            hidden: [never(houses), never(houses)],
            direct_hidden: [never(houses), never(houses)],
            fish: [never(2 * n), never(2 * n)],
        }
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

impl State<'_> {
    /// Places `bit` in cell `c`; `false` if that empties a cell.
    fn place(&mut self, c: usize, bit: u64) -> bool {
        if self.done[c] {
            return self.m[c] == bit;
        }
        if self.m[c] & bit == 0 {
            return false;
        }
        self.remove(c, !bit);
        self.done[c] = true;
        let geo = self.geo;
        let d = bit.trailing_zeros() as usize;
        for &(h, j) in &geo.slots[c] {
            let h = usize::from(h);
            self.open[h] &= !(1 << j);
            self.placed[h] |= bit;
            self.pos[h * self.n + d] &= !(1 << j);
        }
        if self.fruitless.get().is_some() {
            self.changed(c, bit);
        }
        for &p in &geo.peers[c] {
            let p = usize::from(p);
            if !self.done[p] {
                self.remove(p, bit);
                if self.m[p] == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Removes the values `gone` from cell `c`, and an open cell from
    /// their places (what [`refresh`](State::refresh) would find).
    #[inline]
    fn remove(&mut self, c: usize, gone: u64) {
        let gone = gone & self.m[c];
        if gone != 0 {
            self.remove_held(c, gone);
        }
    }

    /// [`remove`](State::remove) of values `gone` that cell `c` holds.
    #[inline(never)]
    fn remove_held(&mut self, c: usize, gone: u64) {
        self.m[c] &= !gone;
        if self.done[c] {
            return;
        }
        for &(h, j) in &self.geo.slots[c] {
            let at = usize::from(h) * self.n;
            for d in bits(gone) {
                self.pos[at + d] &= !(1 << j);
            }
        }
        if self.fruitless.get().is_some() {
            self.changed(c, gone);
        }
    }

    /// Counts the removal of the values `gone` from the open cell `c` in
    /// the memo's versions (kept out of line: most removals happen before
    /// there is a memo).
    #[inline(never)]
    fn changed(&mut self, c: usize, gone: u64) {
        if let Some(f) = self.fruitless.get_mut() {
            for &(h, _) in &self.geo.slots[c] {
                f.version[usize::from(h)] += 1;
            }
            for d in bits(gone) {
                f.value_version[d] += 1;
            }
        }
    }

    /// The memo of fruitless searches, made on first use (its versions
    /// count the changes from then on, and nothing is fruitless yet).
    fn fruitless(&self) -> &Fruitless {
        self.fruitless
            .get_or_init(|| Fruitless::new(self.geo.houses.len(), self.geo.crossings.len(), self.n))
    }

    /// Computes the places, the open cells and the placed values of every
    /// house from the candidates.
    fn refresh(&mut self) {
        let n = self.n;
        self.pos.fill(0);
        for (h, house) in self.geo.houses.iter().enumerate() {
            let (mut open, mut placed) = (0u64, 0u64);
            for (j, &c) in house.cells.iter().enumerate() {
                let c = usize::from(c);
                if self.done[c] {
                    placed |= self.m[c];
                } else {
                    open |= 1 << j;
                    for d in bits(self.m[c]) {
                        self.pos[h * n + d] |= 1 << j;
                    }
                }
            }
            self.open[h] = open;
            self.placed[h] = placed;
        }
    }

    #[inline]
    fn places(&self, h: usize, d: usize) -> u64 {
        self.pos[h * self.n + d]
    }

    #[inline]
    fn cell(&self, h: usize, j: usize) -> usize {
        usize::from(self.geo.houses[h].cells[j])
    }

    /// The index of cell `c` in house `h`, if it is there.
    fn index_in(&self, c: usize, h: usize) -> Option<usize> {
        self.geo.slots[c]
            .iter()
            .find(|s| usize::from(s.0) == h)
            .map(|s| usize::from(s.1))
    }

    /// The easiest step: placements (with `true`) or eliminations, in
    /// `out`, with its rating and technique; `None` if there is none.
    fn step(&self, out: &mut Vec<(usize, u64)>) -> Option<(u16, Technique, bool)> {
        if let Some((r, t)) = self.easiest(out) {
            return Some((r, t, true));
        }
        let (r, t) = self.basic(out)?;
        Some((r, t, false))
    }

    /// The easiest placing step (singles and the direct techniques):
    /// fills `out` with placements and returns its rating and technique.
    fn easiest(&self, out: &mut Vec<(usize, u64)>) -> Option<(u16, Technique)> {
        let n = self.n;
        // Hidden singles, by class: last value 1.0, box 1.2, line 1.5.
        let mut best = u16::MAX;
        for (h, house) in self.geo.houses.iter().enumerate() {
            let open = self.open[h];
            if open == 0 {
                continue;
            }
            let class = if open.is_power_of_two() {
                10
            } else if house.kind == HouseKind::Box {
                12
            } else {
                15
            };
            if class > best {
                continue;
            }
            for d in 0..n {
                let p = self.places(h, d);
                if p.is_power_of_two() && self.placed[h] & (1 << d) == 0 {
                    if class < best {
                        best = class;
                        out.clear();
                    }
                    out.push((self.cell(h, p.trailing_zeros() as usize), 1 << d));
                }
            }
        }
        if !out.is_empty() {
            return Some((best, Technique::HiddenSingle));
        }
        // Direct pointing (1.7) and claiming (1.9).
        for claiming in [false, true] {
            if let Some(p) = self.direct_locking(claiming) {
                out.push(p);
                return Some(if claiming {
                    (19, Technique::Claiming)
                } else {
                    (17, Technique::Pointing)
                });
            }
        }
        if let Some(p) = self.direct_hidden(2) {
            out.push(p);
            return Some((20, Technique::HiddenPair));
        }
        for c in 0..self.geo.cells() {
            if !self.done[c] && self.m[c].is_power_of_two() {
                out.push((c, self.m[c]));
            }
        }
        if !out.is_empty() {
            return Some((23, Technique::NakedSingle));
        }
        let p = self.direct_hidden(3)?;
        out.push(p);
        Some((25, Technique::HiddenTriple))
    }

    /// The locked candidates of every crossing, one value at a time:
    /// calls `f(a, b, d, gone)` with the places `gone` (indices of `b`)
    /// that lose `d`, until it returns something.
    fn lockings<T>(
        &self,
        claiming: bool,
        mut f: impl FnMut(usize, usize, usize, u64) -> Option<T>,
    ) -> Option<T> {
        let geo = self.geo;
        // The easiest steps use the memo only once a harder search made it.
        let memo = self.fruitless.get();
        for (x, &(a, b, in_a, in_b)) in geo.crossings.iter().enumerate() {
            let (a, b) = (usize::from(a), usize::from(b));
            let ka = geo.houses[a].kind;
            let kb = geo.houses[b].kind;
            let ok = if claiming {
                matches!(ka, HouseKind::Row | HouseKind::Column) && kb == HouseKind::Box
            } else {
                ka == HouseKind::Box && matches!(kb, HouseKind::Row | HouseKind::Column)
            };
            if !ok {
                continue;
            }
            let seen = memo.map(|m| (&m.locking[x], m.version[a] + m.version[b]));
            if seen.is_some_and(|(seen, at)| seen.get() == at) {
                continue;
            }
            let mut any = false;
            for d in 0..self.n {
                let pa = self.places(a, d);
                if !pa.several() || pa & !in_a != 0 {
                    continue;
                }
                let gone = self.places(b, d) & !in_b;
                if gone != 0 {
                    any = true;
                    if let Some(t) = f(a, b, d, gone) {
                        return Some(t);
                    }
                }
            }
            if let (false, Some((seen, at))) = (any, seen) {
                seen.set(at);
            }
        }
        None
    }

    /// Locked candidates (pointing from a box, or claiming from a line)
    /// whose eliminations leave a hidden single in a house of the first
    /// kind: its placement.
    fn direct_locking(&self, claiming: bool) -> Option<(usize, u64)> {
        let geo = self.geo;
        self.lockings(claiming, |a, b, d, gone| {
            let kind = geo.houses[a].kind;
            for j in bits(gone) {
                let g = self.cell(b, j);
                for &(h3, _) in &geo.slots[g] {
                    let h3 = usize::from(h3);
                    if h3 == a || geo.houses[h3].kind != kind {
                        continue;
                    }
                    // The cells that lose d, as indices of h3.
                    let mut lost = 0u64;
                    for jj in bits(gone) {
                        if let Some(i) = self.index_in(self.cell(b, jj), h3) {
                            lost |= 1 << i;
                        }
                    }
                    let p = self.places(h3, d);
                    let left = p & !lost;
                    if p.several() && left.is_power_of_two() && self.placed[h3] & (1 << d) == 0 {
                        return Some((self.cell(h3, left.trailing_zeros() as usize), 1u64 << d));
                    }
                }
            }
            None
        })
    }

    /// Calls `f(h, values, cells)` for every hidden subset of `k` values
    /// (as value bits and house indices) in a house with more than
    /// `min_open` open cells, until it returns something.
    fn hidden_subsets<T>(
        &self,
        k: usize,
        min_open: u32,
        fruitless: &[Cell<u32>],
        mut f: impl FnMut(usize, u64, u64) -> Option<T>,
    ) -> Option<T> {
        let n = self.n;
        let version = &self.fruitless().version;
        let mut values = [0usize; 64];
        for h in 0..self.geo.houses.len() {
            if self.open[h].count_ones() <= min_open || fruitless[h].get() == version[h] {
                continue;
            }
            let mut count = 0;
            for d in 0..n {
                let c = self.places(h, d).count_ones() as usize;
                if (1..=k).contains(&c) {
                    values[count] = d;
                    count += 1;
                }
            }
            let vals = &values[..count];
            let mut hit = None;
            combinations(count, k, &mut |idx| {
                let (mut vmask, mut cells) = (0u64, 0u64);
                for &i in idx {
                    vmask |= 1 << vals[i];
                    cells |= self.places(h, vals[i]);
                }
                if cells.count_ones() as usize != k {
                    return false;
                }
                hit = f(h, vmask, cells);
                hit.is_some()
            });
            if hit.is_some() {
                return hit;
            }
            fruitless[h].set(version[h]);
        }
        None
    }

    /// A hidden subset of `k` values whose eliminations leave a hidden
    /// single of another value in the same house: its placement.
    fn direct_hidden(&self, k: usize) -> Option<(usize, u64)> {
        let fruitless = &self.fruitless().direct_hidden[k - 2];
        self.hidden_subsets(k, k as u32, fruitless, |h, vmask, cells| {
            if !bits(cells).any(|j| self.m[self.cell(h, j)] & !vmask != 0) {
                return None;
            }
            for d in 0..self.n {
                let bit = 1u64 << d;
                if vmask & bit != 0 || self.placed[h] & bit != 0 {
                    continue;
                }
                let p = self.places(h, d);
                let left = p & !cells;
                if p.several() && left.is_power_of_two() {
                    return Some((self.cell(h, left.trailing_zeros() as usize), bit));
                }
            }
            None
        })
    }

    /// The easiest of the basic techniques from pointing (2.6) to hidden
    /// triples (4.0): fills `out` with eliminations and returns its rating
    /// and technique.
    fn basic(&self, out: &mut Vec<(usize, u64)>) -> Option<(u16, Technique)> {
        self.fruitless();
        for claiming in [false, true] {
            let hit = self.lockings(claiming, |_, b, d, gone| {
                for j in bits(gone) {
                    out.push((self.cell(b, j), 1u64 << d));
                }
                Some(())
            });
            if hit.is_some() {
                return Some(if claiming {
                    (28, Technique::Claiming)
                } else {
                    (26, Technique::Pointing)
                });
            }
        }
        let steps: [(u16, Technique, usize, u8); 6] = [
            (30, Technique::NakedPair, 2, 0),
            (32, Technique::XWing, 2, 1),
            (34, Technique::HiddenPair, 2, 2),
            (36, Technique::NakedTriple, 3, 0),
            (38, Technique::Swordfish, 3, 1),
            (40, Technique::HiddenTriple, 3, 2),
        ];
        for (r, t, k, kind) in steps {
            let found = match kind {
                0 => self.naked(k, out),
                1 => self.fish(k, out),
                _ => self.hidden(k, out),
            };
            if found {
                return Some((r, t));
            }
        }
        None
    }

    /// The first naked subset of `k` cells with eliminations.
    fn naked(&self, k: usize, out: &mut Vec<(usize, u64)>) -> bool {
        let mut cells = [0usize; 64];
        let memo = self.fruitless();
        let fruitless = &memo.naked[k - 2];
        for (h, seen) in fruitless.iter().enumerate() {
            if (self.open[h].count_ones() as usize) < 2 * k || seen.get() == memo.version[h] {
                continue;
            }
            let mut count = 0;
            for j in bits(self.open[h]) {
                let c = self.cell(h, j);
                if (2..=k as u32).contains(&self.m[c].count_ones()) {
                    cells[count] = c;
                    count += 1;
                }
            }
            let cs = &cells[..count];
            let found = combinations(count, k, &mut |idx| {
                let union = idx.iter().fold(0u64, |u, &i| u | self.m[cs[i]]);
                if union.count_ones() as usize != k {
                    return false;
                }
                for j in bits(self.open[h]) {
                    let c = self.cell(h, j);
                    if !idx.iter().any(|&i| cs[i] == c) && self.m[c] & union != 0 {
                        out.push((c, self.m[c] & union));
                    }
                }
                !out.is_empty()
            });
            if found {
                return true;
            }
            seen.set(memo.version[h]);
        }
        false
    }

    /// The first hidden subset of `k` values with eliminations.
    fn hidden(&self, k: usize, out: &mut Vec<(usize, u64)>) -> bool {
        let fruitless = &self.fruitless().hidden[k - 2];
        self.hidden_subsets(k, 2 * k as u32, fruitless, |h, vmask, cells| {
            for j in bits(cells) {
                let c = self.cell(h, j);
                if self.m[c] & !vmask != 0 {
                    out.push((c, self.m[c] & !vmask));
                }
            }
            (!out.is_empty()).then_some(())
        })
        .is_some()
    }

    /// The first fish of size `k` on rows and columns with eliminations.
    fn fish(&self, k: usize, out: &mut Vec<(usize, u64)>) -> bool {
        let geo = self.geo;
        if geo.rows.len() != self.n || geo.cols.len() != self.n {
            return false;
        }
        let mut lines = [0usize; 64];
        let memo = self.fruitless();
        let fruitless = &memo.fish[k - 2];
        for (side, (base, cover)) in [(&geo.rows, &geo.cols), (&geo.cols, &geo.rows)]
            .into_iter()
            .enumerate()
        {
            for d in 0..self.n {
                let seen = &fruitless[side * self.n + d];
                if seen.get() == memo.value_version[d] {
                    continue;
                }
                let bit = 1u64 << d;
                let mut count = 0;
                for (i, &h) in base.iter().enumerate() {
                    let c = self.places(h, d).count_ones();
                    if self.placed[h] & bit == 0 && (2..=k as u32).contains(&c) {
                        lines[count] = i;
                        count += 1;
                    }
                }
                let ls = &lines[..count];
                let found = combinations(count, k, &mut |idx| {
                    // A row's places are column numbers and the other way
                    // round.
                    let union = idx
                        .iter()
                        .fold(0u64, |u, &i| u | self.places(base[ls[i]], d));
                    if union.count_ones() as usize != k {
                        return false;
                    }
                    let base_set = idx.iter().fold(0u64, |u, &i| u | 1 << ls[i]);
                    for j in bits(union) {
                        let h = cover[j];
                        for i in bits(self.places(h, d) & !base_set) {
                            out.push((self.cell(h, i), bit));
                        }
                    }
                    !out.is_empty()
                });
                if found {
                    return true;
                }
                seen.set(memo.value_version[d]);
            }
        }
        false
    }
}

/// Calls `f` with every `k`-subset of `0..count` (ascending indices) until
/// it returns `true`; returns whether it did. No allocation.
fn combinations(count: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    if k == 0 || k > count || k > 8 {
        return false;
    }
    let mut idx = [0usize; 8];
    for (i, x) in idx.iter_mut().enumerate().take(k) {
        *x = i;
    }
    loop {
        if f(&idx[..k]) {
            return true;
        }
        // Next combination.
        let mut i = k;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if idx[i] < count - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_visit_each_subset_once() {
        let mut seen = Vec::new();
        combinations(5, 3, &mut |c| {
            seen.push(c.to_vec());
            false
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], [0, 1, 2]);
        assert_eq!(seen[9], [2, 3, 4]);
        assert!(!combinations(2, 3, &mut |_| true));
    }
}
