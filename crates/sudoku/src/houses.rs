//! One propagator for all the houses of a board (rows, columns, boxes or
//! jigsaw regions, diagonals): naked singles, hidden singles and locked
//! candidates over the whole grid in one call, in place of one AllDifferent
//! per house.
//!
//! # Background
//!
//! A house is a group of `n` cells of an `n x n` board that holds each of
//! the digits `1..=n` exactly once. Three rules give most of the
//! propagation a Sudoku search needs (Norvig's constraint propagation, and
//! the box-line interactions the fast dedicated solvers such as JCZSolve,
//! tdoku and the `sudoku` crate apply with band-wise bit operations):
//!
//! - *naked single*: a digit placed in a cell leaves the cell's peers;
//! - *hidden single*: a digit with one possible cell left in a house is
//!   placed there;
//! - *locked candidates*: where two houses share two cells or more (a box
//!   and a row), a digit of the shared cells that the rest of one house
//!   lacks must be in the shared cells, so the rest of the other house
//!   loses it (pointing and claiming).
//!
//! With one AllDifferent per house, the engine wakes every house of every
//! changed cell, and each call re-reads its cells and re-derives which
//! digits are placed and which have one place left. Here one propagator
//! sees the whole board. It keeps, in trailed state words, the candidates
//! each cell had at its last fixpoint, so a call finds the cells that
//! changed since (typically the one cell of the decision). On a private
//! copy of the board it then removes each newly placed digit from the
//! peers (through precomputed peer lists), looks for hidden singles only
//! among the digits a house lost, and when both rules are done, makes one
//! locked-candidates pass over the house pairs (from the unions of their
//! shared cells, each cell read once per pass), going back to the singles
//! whenever something changed. Each changed cell is written once, at the
//! end.
//!
//! # Practical
//!
//! - Sound and exact: a fully fixed board passes only if every house holds
//!   distinct digits, so it is the only check of the houses the solver's
//!   model needs (`SudokuModel::new` posts it instead of the houses'
//!   AllDifferent; cages keep theirs). It reports a conflict when a cell
//!   loses every candidate, a house loses a digit, or one cell must take
//!   two hidden singles.
//! - Idempotent: one call reaches the common fixpoint of the three rules.
//! - Allocates nothing per call after the first: the board copy, the
//!   pending digits per house and the stack of placed cells live in the
//!   [`Scratch`](csp_core::Scratch) buffers.
//! - Boards of up to 63 digits (one domain word per cell); values outside
//!   `1..=n` are removed.
//! - With tracing on, its writes are named `"singles"` (the grader's
//!   technique models, which explain steps, keep one constraint per rule).
//!
//! # References
//!
//! - P. Norvig, "Solving Every Sudoku Puzzle", 2006,
//!   <https://norvig.com/sudoku.html>.
//! - H. Simonis, "Sudoku as a Constraint Problem", CP Workshop on Modeling
//!   and Reformulating Constraint Satisfaction Problems, 2005 (the rules as
//!   propagation strengths, and the box-line interactions as redundant
//!   constraints).
//! - J.-C. Zhang's JCZSolve (2012) and T. Dillon's tdoku (2019,
//!   <https://t-dillon.github.io/tdoku/>): the box-line rules in the
//!   fastest dedicated solvers.

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Scratch, Value, VarId};

/// Naked singles, hidden singles and locked candidates over every house of
/// a board (see the module documentation).
#[derive(Debug)]
pub(crate) struct Houses {
    /// The board's cells, row-major: the scope.
    cells: Vec<VarId>,
    /// Digits per house.
    n: usize,
    /// The cell indices (into `cells`) of each house, `n` per house.
    houses: Vec<u16>,
    /// The houses of cell `c`: `cell_houses[house_start[c]..house_start[c + 1]]`.
    cell_houses: Vec<u16>,
    house_start: Vec<u32>,
    /// The peers of cell `c` (the other cells of its houses, once each):
    /// `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// Cells packed per state word (`64 / n`).
    per_word: usize,
    /// Per pair of houses `a`, `b` meeting in two cells or more (a box and
    /// a row): their common cells, then the other cells of `a`, then the
    /// other cells of `b`, `n + k` cells in all if `k` are common:
    /// `pair_cells[pair_start[i]..pair_start[i + 1]]`, `pair_common[i] = k`.
    pair_cells: Vec<u16>,
    pair_start: Vec<u32>,
    pair_common: Vec<u16>,
    /// If every pair's other cells of `a` (and of `b`) are the common cells
    /// of other pairs (boxes and lines: the rest of a box row is the other
    /// two box rows), those pairs: side `s` of pair `i` is
    /// `cover[cover_start[2 i + s]..cover_start[2 i + s + 1]]`, so a pass
    /// reads each cell once, for the unions of the common cells.
    cover: Option<(Vec<u32>, Vec<u32>)>,
    /// Per pair, the house whose other cells lose digits when the rest of
    /// the other house lacks them: `[b, a]`, in the order of the two
    /// removals.
    pair_houses: Vec<[u16; 2]>,
    /// The variables of each house, `n` per house: what a conflict found in
    /// a house blames, for dom/wdeg.
    house_vars: Vec<VarId>,
}

impl Houses {
    /// The propagator of `houses` (each a list of `n` distinct indices into
    /// `cells`) over `cells`, whose domains are `1..=n`. `None` if `n` is 0
    /// or above 63, if a house does not have `n` distinct cells, or if an
    /// index is out of range.
    pub(crate) fn new(cells: Vec<VarId>, n: usize, houses: &[Vec<usize>]) -> Option<Houses> {
        let nc = cells.len();
        if n == 0 || n > 63 || nc > usize::from(u16::MAX) || houses.len() > usize::from(u16::MAX) {
            return None;
        }
        // Sized up front: this runs once per model, and a model is built
        // per puzzle on the family path, where growing these vectors one
        // push at a time was most of the model's build.
        let mut flat = Vec::with_capacity(houses.len() * n);
        let mut of_cell: Vec<Vec<u16>> = (0..nc).map(|_| Vec::with_capacity(4)).collect();
        for (h, house) in houses.iter().enumerate() {
            let mut sorted = house.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if house.len() != n || sorted.len() != n || sorted.last().is_some_and(|&c| c >= nc) {
                return None;
            }
            for &c in house {
                flat.push(c as u16);
                of_cell[c].push(h as u16);
            }
        }
        let (mut cell_houses, mut house_start) = (Vec::with_capacity(flat.len()), {
            let mut v = Vec::with_capacity(nc + 1);
            v.push(0u32);
            v
        });
        let (mut peers, mut peer_start) = (Vec::with_capacity(flat.len() * 2), {
            let mut v = Vec::with_capacity(nc + 1);
            v.push(0u32);
            v
        });
        let mut ps: Vec<u16> = Vec::with_capacity(4 * n);
        for (c, hs) in of_cell.iter().enumerate() {
            cell_houses.extend_from_slice(hs);
            house_start.push(cell_houses.len() as u32);
            ps.clear();
            ps.extend(
                hs.iter()
                    .flat_map(|&h| &flat[usize::from(h) * n..usize::from(h) * n + n])
                    .copied()
                    .filter(|&p| usize::from(p) != c),
            );
            ps.sort_unstable();
            ps.dedup();
            peers.extend_from_slice(&ps);
            peer_start.push(peers.len() as u32);
        }
        let (mut pair_cells, mut pair_start, mut pair_common) =
            (Vec::new(), vec![0u32], Vec::new());
        let mut pairs: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        let mut common: Vec<usize> = Vec::with_capacity(n);
        let mut pair_houses = Vec::new();
        for a in 0..houses.len() {
            for b in a + 1..houses.len() {
                let (ha, hb) = (&houses[a], &houses[b]);
                common.clear();
                common.extend(ha.iter().copied().filter(|c| hb.contains(c)));
                if common.len() < 2 || common.len() == n {
                    continue;
                }
                let common = common.clone();
                let rest = |h: &[usize]| -> Vec<u16> {
                    h.iter()
                        .filter(|c| !common.contains(c))
                        .map(|&c| c as u16)
                        .collect()
                };
                pair_cells.extend(common.iter().map(|&c| c as u16));
                pair_cells.extend(rest(ha));
                pair_cells.extend(rest(hb));
                pair_start.push(pair_cells.len() as u32);
                pair_common.push(common.len() as u16);
                pair_houses.push([b as u16, a as u16]);
                pairs.push((a, b, common));
            }
        }
        let cover = covers(houses, &pairs);
        let house_vars = flat.iter().map(|&c| cells[usize::from(c)]).collect();
        Some(Houses {
            cells,
            n,
            houses: flat,
            cell_houses,
            house_start,
            peers,
            peer_start,
            per_word: 64 / n,
            pair_cells,
            pair_start,
            pair_common,
            pair_houses,
            cover,
            house_vars,
        })
    }

    /// The digits `1..=n` as bits `0..n`.
    fn full(&self) -> u64 {
        (1u64 << self.n) - 1
    }

    /// The houses of cell `c`.
    #[inline]
    fn houses_of(&self, c: usize) -> &[u16] {
        &self.cell_houses[self.house_start[c] as usize..self.house_start[c + 1] as usize]
    }

    /// The peers of cell `c`.
    #[inline]
    fn peers_of(&self, c: usize) -> &[u16] {
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }

    /// A conflict in house `h`, blamed on its cells (so that dom/wdeg learns
    /// which houses are hard, as with one AllDifferent per house).
    #[cold]
    fn fail(&self, ctx: &mut PropagationContext<'_>, h: usize) -> Conflict {
        ctx.conflict_on(&self.house_vars[h * self.n..(h + 1) * self.n])
    }

    /// A house holding both cells `a` and `b` (peers), the first of `a`'s.
    fn shared_house(&self, a: usize, b: usize) -> usize {
        let n = self.n;
        self.houses_of(a)
            .iter()
            .map(|&h| usize::from(h))
            .find(|&h| self.houses[h * n..h * n + n].contains(&(b as u16)))
            .unwrap_or(0)
    }

    /// Records that cell `c` lost the digits `removed`: its houses must
    /// look for hidden singles among them again.
    #[inline]
    fn lost(&self, pending: &mut [u64], c: usize, removed: u64) {
        for &h in self.houses_of(c) {
            pending[usize::from(h)] |= removed;
        }
    }

    /// The propagation proper, on `s.words` = the board (`cells.len()`
    /// words), the board as the call found it, then per house the digits
    /// some of its cells lost since the house was last looked at; and on
    /// `s.indices` = the cells whose single digit is still to be removed
    /// from their peers.
    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let nc = self.cells.len();
        let n = self.n;
        let full = self.full();
        let words = &mut s.words;
        words.resize(2 * nc + self.houses.len() / n + self.pair_common.len(), 0);
        let (board, rest) = words.split_at_mut(nc);
        let (found, rest) = rest.split_at_mut(nc);
        let (pending, unions) = rest.split_at_mut(self.houses.len() / n);
        let stack = &mut s.indices;

        // Read the board (digit d at bit d - 1) and compare it with the
        // packed state, the board of the last fixpoint (all zero before the
        // first call: every cell changed, every digit is to be looked at).
        // A value outside `1..=n` (only in domains the caller built so) is
        // dropped here and removed from the domain at the end (`found`
        // then differs from the board).
        let (mut changed, mut stale, mut empty) = (false, false, false);
        {
            let state = ctx.state();
            let mut c = 0;
            for (i, &packed) in state.iter().enumerate() {
                let last = ((i + 1) * self.per_word).min(nc);
                let mut shift = 0;
                while c < last {
                    // Domains within `1..=n`, `n < 64`, are one word; `None`
                    // would mean a domain far outside it, with no digit.
                    let (b, w) = ctx.mask(self.cells[c]).unwrap_or((1, 0));
                    let (digits, exact) = if b == 1 {
                        (w & full, w & !full == 0)
                    } else {
                        let d = shift_in(w, b) & full;
                        (d, shift_out(d, b) == w)
                    };
                    empty |= digits == 0;
                    board[c] = digits;
                    found[c] = if exact { digits } else { u64::MAX };
                    changed |= !exact;
                    let before = (packed >> shift) & full;
                    shift += n;
                    if before != digits {
                        stale = true;
                        let removed = if before == 0 { full } else { before & !digits };
                        self.lost(pending, c, removed);
                        if digits.is_power_of_two() {
                            stack.push(c as u32);
                        }
                    }
                    c += 1;
                }
            }
        }
        if empty {
            return Err(ctx.conflict());
        }

        loop {
            // Naked singles: a placed digit leaves the cell's peers.
            while let Some(c) = stack.pop() {
                let d = board[c as usize];
                for &p in self.peers_of(c as usize) {
                    let p = usize::from(p);
                    let w = board[p];
                    if w & d != 0 {
                        let new = w & !d;
                        if new == 0 {
                            return Err(self.fail(ctx, self.shared_house(c as usize, p)));
                        }
                        board[p] = new;
                        self.lost(pending, p, d);
                        if new.is_power_of_two() {
                            stack.push(p as u32);
                        }
                        changed = true;
                    }
                }
            }
            // Hidden singles, among the digits each house lost.
            let mut placed_any = false;
            for h in 0..pending.len() {
                let digits = pending[h];
                if digits == 0 {
                    continue;
                }
                pending[h] = 0;
                let house = &self.houses[h * n..h * n + n];
                let (mut once, mut twice) = (0u64, 0u64);
                for &c in house {
                    let w = board[usize::from(c)];
                    twice |= once & w;
                    once |= w;
                }
                if once != full {
                    return Err(self.fail(ctx, h));
                }
                let mut hidden = once & !twice & digits;
                if hidden == 0 {
                    continue;
                }
                for &c in house {
                    let c = usize::from(c);
                    let w = board[c];
                    let single = w & hidden;
                    if single == 0 {
                        continue;
                    }
                    hidden &= !single;
                    if w == single {
                        continue; // already placed
                    }
                    if !single.is_power_of_two() {
                        return Err(self.fail(ctx, h));
                    }
                    board[c] = single;
                    self.lost(pending, c, w & !single);
                    stack.push(c as u32);
                    placed_any = true;
                    changed = true;
                    if hidden == 0 {
                        break;
                    }
                }
            }
            if placed_any {
                continue;
            }
            // Locked candidates: the digits of the common cells of two
            // houses that the rest of one house lacks must be in the common
            // cells, so the rest of the other house loses them.
            let mut removed_any = false;
            if self.cover.is_some() {
                for (i, u) in unions.iter_mut().enumerate() {
                    let k = usize::from(self.pair_common[i]);
                    let first = self.pair_start[i] as usize;
                    *u = self.pair_cells[first..first + k]
                        .iter()
                        .fold(0, |u, &c| u | board[usize::from(c)]);
                }
            }
            for (i, &k) in self.pair_common.iter().enumerate() {
                let cells =
                    &self.pair_cells[self.pair_start[i] as usize..self.pair_start[i + 1] as usize];
                let k = usize::from(k);
                let (common, rest) = cells.split_at(k);
                let (rest_a, rest_b) = rest.split_at(n - k);
                let union = |cs: &[u16]| cs.iter().fold(0u64, |u, &c| u | board[usize::from(c)]);
                // The digits each rest must lose (only those it still has).
                let (lose_b, lose_a) = match &self.cover {
                    Some((cover, start)) => {
                        let side = |s: usize| {
                            cover[start[2 * i + s] as usize..start[2 * i + s + 1] as usize]
                                .iter()
                                .fold(0u64, |u, &q| u | unions[q as usize])
                        };
                        let (inside, in_a, in_b) = (unions[i], side(0), side(1));
                        (inside & !in_a & in_b, inside & !in_b & in_a)
                    }
                    None => {
                        let (inside, in_a, in_b) = (union(common), union(rest_a), union(rest_b));
                        (inside & !in_a & in_b, inside & !in_b & in_a)
                    }
                };
                for (side, (lose, from)) in
                    [(lose_b, rest_b), (lose_a, rest_a)].into_iter().enumerate()
                {
                    if lose == 0 {
                        continue;
                    }
                    for &c in from {
                        let c = usize::from(c);
                        let w = board[c];
                        if w & lose != 0 {
                            let new = w & !lose;
                            if new == 0 {
                                return Err(self.fail(ctx, usize::from(self.pair_houses[i][side])));
                            }
                            board[c] = new;
                            self.lost(pending, c, w & lose);
                            if new.is_power_of_two() {
                                stack.push(c as u32);
                            }
                            removed_any = true;
                            changed = true;
                        }
                    }
                }
            }
            if !removed_any {
                break;
            }
        }

        if !changed && !stale {
            return Ok(());
        }
        if changed {
            ctx.set_rule("singles");
            for ((&v, &new), &old) in self.cells.iter().zip(board.iter()).zip(found.iter()) {
                if new != old {
                    let (base, _) = ctx.mask(v).unwrap_or((1, 0));
                    ctx.intersect_mask(v, base, shift_out(new, base))?;
                }
            }
        }
        // Remember the fixpoint.
        for i in 0..ctx.state().len() {
            let first = i * self.per_word;
            let last = (first + self.per_word).min(nc);
            let mut packed = 0u64;
            let mut shift = 0;
            for &w in &board[first..last] {
                packed |= w << shift;
                shift += n;
            }
            ctx.set_state(i, packed);
        }
        Ok(())
    }
}

/// For each pair `(a, b, common)` and each of its houses, other pairs whose
/// common cells partition the rest of that house, or `None` if some house
/// has no such partition (see [`Houses::cover`]).
fn covers(
    houses: &[Vec<usize>],
    pairs: &[(usize, usize, Vec<usize>)],
) -> Option<(Vec<u32>, Vec<u32>)> {
    let (mut cover, mut start) = (Vec::new(), vec![0u32]);
    let mut taken: Vec<usize> = Vec::new();
    for (i, (a, b, common)) in pairs.iter().enumerate() {
        for h in [*a, *b] {
            taken.clear();
            taken.extend_from_slice(common);
            for (j, (qa, qb, qc)) in pairs.iter().enumerate() {
                if j != i && (*qa == h || *qb == h) && qc.iter().all(|c| !taken.contains(c)) {
                    taken.extend_from_slice(qc);
                    cover.push(j as u32);
                }
            }
            if taken.len() != houses[h].len() {
                return None;
            }
            start.push(cover.len() as u32);
        }
    }
    Some((cover, start))
}

/// A domain word of base `base` as digits at bits `0..` (bit `d - 1` for
/// the digit `d`; values below 1 are dropped).
#[inline]
fn shift_in(w: u64, base: Value) -> u64 {
    let by = i64::from(base) - 1;
    match by {
        0 => w,
        _ if by < 0 => w.checked_shr(by.unsigned_abs() as u32).unwrap_or(0),
        _ => w.checked_shl(by as u32).unwrap_or(0),
    }
}

/// Digits at bits `0..` as a domain word of base `base` (the inverse of
/// [`shift_in`] on the values it keeps).
#[inline]
fn shift_out(w: u64, base: Value) -> u64 {
    let by = i64::from(base) - 1;
    match by {
        0 => w,
        _ if by < 0 => w.checked_shl(by.unsigned_abs() as u32).unwrap_or(0),
        _ => w.checked_shr(by as u32).unwrap_or(0),
    }
}

impl Constraint for Houses {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.n;
        values.len() == self.cells.len()
            && self.houses.chunks_exact(n).all(|house| {
                let mut seen = 0u64;
                house.iter().all(|&c| {
                    let v = values[usize::from(c)];
                    if !(1..=n as Value).contains(&v) {
                        return false;
                    }
                    let bit = 1u64 << (v - 1);
                    let fresh = seen & bit == 0;
                    seen |= bit;
                    fresh
                })
            })
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "houses"
    }

    fn state_words(&self) -> usize {
        self.cells.len().div_ceil(self.per_word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::testing::check_against_brute_force;
    use csp_core::{Model, SearchOptions, VariableOrder};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The rows, columns and boxes of an `n x n` board of `br x bc` boxes.
    fn classic_houses(br: usize, bc: usize) -> Vec<Vec<usize>> {
        let n = br * bc;
        let mut houses = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|j| i * n + j).collect());
            houses.push((0..n).map(|j| j * n + i).collect());
            let (r0, c0) = (i / br * br, i % br * bc);
            houses.push((0..n).map(|j| (r0 + j / bc) * n + c0 + j % bc).collect());
        }
        houses
    }

    /// A 4x4 board whose cells have random small domains (some with values
    /// outside `1..=4`), few enough assignments for brute force; with
    /// `planted`, each domain holds the value of one grid, so there is a
    /// solution.
    fn random_model(rng: &mut ChaCha8Rng, houses: &[Vec<usize>], planted: bool) -> Model {
        const GRID: [Value; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut digits: [Value; 4] = [1, 2, 3, 4];
        for i in (1..4).rev() {
            digits.swap(i, rng.random_range(0..=i));
        }
        let mut m = Model::new();
        let mut product = 1u64;
        let cells: Vec<VarId> = (0..16)
            .map(|i| {
                let size = if product * 4 <= 1_000_000 {
                    rng.random_range(1..=4)
                } else {
                    1
                };
                product *= size;
                let mut values: Vec<Value> = (0..size).map(|_| rng.random_range(0..=5)).collect();
                if planted {
                    values[0] = digits[GRID[i] as usize - 1];
                }
                m.new_var(values).unwrap()
            })
            .collect();
        m.add(Houses::new(cells, 4, houses).unwrap()).unwrap();
        m
    }

    #[test]
    fn agrees_with_brute_force_on_random_domains() {
        let houses = classic_houses(2, 2);
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut solved = 0;
        for k in 0..300 {
            let m = random_model(&mut rng, &houses, k % 2 == 0);
            for order in [VariableOrder::Mrv, VariableOrder::Input] {
                let options = SearchOptions::default().with_variable_order(order);
                solved += usize::from(check_against_brute_force(&m, options) > 0);
            }
        }
        // Not a vacuous check: some of the boards have solutions.
        assert!(solved > 0);
    }

    #[test]
    fn counts_every_grid_of_small_shapes() {
        // 4x4 grids: 288; 2x3 boxes (6x6): 28,200,960 is too many, so only
        // the 4x4 count is exact here; the 6x6 one is checked by prefix.
        let houses = classic_houses(2, 2);
        let mut m = Model::new();
        let cells = m.new_vars(16, 1..=4).unwrap();
        m.add(Houses::new(cells, 4, &houses).unwrap()).unwrap();
        let count = csp_core::Solver::new(&m).count(None);
        assert_eq!(count.count, 288);
        assert!(count.status.is_complete());
    }

    #[test]
    fn rejects_bad_houses() {
        let cells: Vec<VarId> = Model::new().new_vars(4, 1..=2).unwrap();
        assert!(Houses::new(cells.clone(), 2, &[vec![0, 1, 2]]).is_none());
        assert!(Houses::new(cells.clone(), 2, &[vec![0, 9]]).is_none());
        assert!(Houses::new(cells.clone(), 0, &[]).is_none());
        assert!(Houses::new(cells, 2, &[vec![0, 1], vec![2, 3]]).is_some());
    }

    #[test]
    fn is_satisfied_checks_every_house() {
        let houses = classic_houses(2, 2);
        let cells: Vec<VarId> = Model::new().new_vars(16, 1..=4).unwrap();
        let h = Houses::new(cells, 4, &houses).unwrap();
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(h.is_satisfied(&grid));
        let mut bad = grid;
        bad.swap(0, 1); // row 1 still fine, columns 1 and 2 repeat
        assert!(!h.is_satisfied(&bad));
        let mut out = grid;
        out[5] = 5;
        assert!(!h.is_satisfied(&out));
        assert!(!h.is_satisfied(&grid[..15]));
    }
}
