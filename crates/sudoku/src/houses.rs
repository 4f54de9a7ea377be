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
//! sees the whole board, as per-digit bitboards (the representation of
//! JCZSolve, tdoku and the `sudoku` crate, here over any list of houses):
//! for each digit, the set of cells that may still hold it, one bit per
//! cell; the houses, the peers of each cell and the shared cells of house
//! pairs are bitboards too. A placement of `d` in `c` clears `d` from
//! `c`'s peers in a few word operations; the cells with one digit left are
//! those in exactly one digit's bitboard (counted bit-sliced: `twice |=
//! once & x; once |= x`); a hidden single is a house whose intersection
//! with a digit's bitboard is one open cell; the locked candidates of a
//! pair are three intersections.
//!
//! The propagator keeps, in trailed state words, the board of its last
//! fixpoint (the bitboards, and each cell's digits), so a call reads
//! the domains, patches into the bitboards only the cells that changed
//! since (typically the one cell of the decision), and looks for hidden
//! singles and locked candidates only in the houses and pairs of the cells
//! each digit lost. It applies naked singles until no cell is newly single,
//! then hidden singles, going back to the naked ones whenever a digit was
//! placed, and when both are done, one locked-candidates pass, going back
//! whenever a candidate went. Each changed cell is written once, at the
//! end.
//!
//! # Practical
//!
//! - Sound and exact: a fully fixed board passes only if every house holds
//!   distinct digits, so it is the only check of the houses the solver's
//!   model needs (`SudokuModel::new` posts it with
//!   [`Model::add_exact`](csp_core::Model::add_exact) instead of the
//!   houses' AllDifferent, so the engine does not check it again on each
//!   solution; cages keep theirs). It reports a conflict when a cell loses
//!   every candidate, a house loses a digit, or two peers take one digit.
//! - Idempotent: one call reaches the common fixpoint of the three rules.
//! - A board whose cells are consecutive variables with domains of base 1
//!   (as [`SudokuModel`](crate::SudokuModel) makes them) is read as one slice
//!   ([`PropagationContext::words_of_run`]) and compared with the last
//!   fixpoint eight cells at a time (one state word per cell, so nothing
//!   is packed or unpacked); its state is saved with
//!   [`PropagationContext::set_states`]: the bitboards, and the cells from
//!   the first to the last that changed.
//! - Allocates nothing per call after the first: the bitboards live in the
//!   [`Scratch`](csp_core::Scratch) words, the cells' digits in the word
//!   buffer of [`PropagationContext::take_words`].
//! - Boards of up to 63 digits (one domain word per cell) and 4,096 cells;
//!   a bitboard has 1, 2, 4, 16 or 64 words, each a compiled copy of the
//!   propagation (9x9: 2 words). Values outside `1..=n` are removed.
//! - On a classic 9x9 board (the houses are exactly its rows, columns and
//!   boxes), a digit's hidden singles are found for all 27 houses at once,
//!   the board as one 128-bit number counted bit-sliced per three cells
//!   (as the band-wise solvers do); other boards look house by house.
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

use std::sync::{Arc, OnceLock};

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Scratch, Value, VarId};

/// The most words a bitboard may have (so at most 4,096 cells).
const MAX_WORDS: usize = 64;

/// Naked singles, hidden singles and locked candidates over every house of
/// a board (see the module documentation).
///
/// The propagator is its scope and the blame lists over a shared
/// [`HouseTables`]: the tables depend on the house lists alone, so a
/// board shape's are built once and shared by every model of that shape
/// (a model is built per puzzle on the family path).
#[derive(Debug)]
pub(crate) struct Houses {
    /// The board's cells, row-major: the scope.
    cells: Vec<VarId>,
    /// The variables of each house, `n` per house: what a conflict found in
    /// a house blames, for dom/wdeg. Made on the first conflict: a model is
    /// built per puzzle on the family path, and most puzzles of a small
    /// board never fail.
    house_vars: OnceLock<Vec<VarId>>,
    /// Whether the cells are consecutive variables (a board's, made at
    /// once), so their domains may be read as one slice.
    consecutive: bool,
    tables: Arc<HouseTables>,
}

impl std::ops::Deref for Houses {
    type Target = HouseTables;

    /// The tables, read as the propagator's own fields.
    fn deref(&self) -> &HouseTables {
        &self.tables
    }
}

/// What the houses' propagator derives from the house lists alone (see
/// [`Houses`]).
#[derive(Debug)]
pub(crate) struct HouseTables {
    /// How many cells the board has.
    cell_count: usize,
    /// Digits per house.
    n: usize,
    /// Words per bitboard: the least of 1, 2, 4, 16 and 64 that gives each
    /// cell a bit (each is a compiled copy of the propagation).
    words: usize,
    /// The cell indices (into `cells`) of each house, `n` per house.
    houses: Vec<u16>,
    /// The houses of cell `c`: `cell_houses[house_start[c]..house_start[c + 1]]`.
    cell_houses: Vec<u16>,
    house_start: Vec<u32>,
    /// Every cell, as one bitboard (`words` words).
    all: Vec<u64>,
    /// One bitboard per house: its cells.
    house_masks: Vec<u64>,
    /// One bitboard per cell: its peers (the other cells of its houses).
    peer_masks: Vec<u64>,
    /// Words per set of houses, and the houses of each cell as such a set
    /// (`house_words` words per cell).
    house_words: usize,
    cell_house_bits: Vec<u64>,
    /// Words per set of pairs, and the pairs each cell belongs to (either
    /// house of the pair holds it) as such a set.
    pair_words: usize,
    cell_pair_bits: Vec<u64>,
    /// Three bitboards per pair of houses `a`, `b` that share two cells or
    /// more but not all of them (a box and a row): the shared cells, the
    /// other cells of `a`, the other cells of `b`.
    pair_masks: Vec<u64>,
    /// Whether the houses are exactly the rows, columns and boxes of a
    /// classic 9x9 board (in any order): its hidden singles are then found
    /// for all 27 houses at once (see [`classic_hidden`]).
    classic: bool,
}

impl HouseTables {
    /// The tables of `houses` (each a list of `n` distinct indices into a
    /// board of `nc` cells, whose domains are `1..=n`). `None` if `n` is 0
    /// or above 63, if there are more than 4,096 cells, if a house does not
    /// have `n` distinct cells, or if an index is out of range.
    pub(crate) fn new(nc: usize, n: usize, houses: &[Vec<usize>]) -> Option<HouseTables> {
        if n == 0 || n > 63 || nc > 64 * MAX_WORDS || houses.len() > usize::from(u16::MAX) {
            return None;
        }
        let words = match nc.div_ceil(64) {
            0 | 1 => 1,
            2 => 2,
            3 | 4 => 4,
            5..=16 => 16,
            _ => MAX_WORDS,
        };
        // Sized up front: this runs once per model, and a model is built
        // per puzzle on the family path.
        let mut flat = Vec::with_capacity(houses.len() * n);
        let mut of_cell: Vec<Vec<u16>> = (0..nc).map(|_| Vec::with_capacity(4)).collect();
        let mut house_masks = vec![0u64; houses.len() * words];
        for (h, house) in houses.iter().enumerate() {
            if house.len() != n {
                return None;
            }
            let mask = &mut house_masks[h * words..(h + 1) * words];
            for &c in house {
                if c >= nc || mask[c / 64] & (1 << (c % 64)) != 0 {
                    return None;
                }
                mask[c / 64] |= 1 << (c % 64);
                flat.push(c as u16);
                of_cell[c].push(h as u16);
            }
        }
        let mut cell_houses = Vec::with_capacity(flat.len());
        let mut house_start = Vec::with_capacity(nc + 1);
        house_start.push(0u32);
        let mut peer_masks = vec![0u64; nc * words];
        for (c, hs) in of_cell.iter().enumerate() {
            cell_houses.extend_from_slice(hs);
            house_start.push(cell_houses.len() as u32);
            let peers = &mut peer_masks[c * words..(c + 1) * words];
            for &h in hs {
                let h = usize::from(h);
                for (p, &m) in peers
                    .iter_mut()
                    .zip(&house_masks[h * words..(h + 1) * words])
                {
                    *p |= m;
                }
            }
            peers[c / 64] &= !(1 << (c % 64));
        }
        let mut pair_masks = Vec::new();
        for a in 0..houses.len() {
            let ma = &house_masks[a * words..(a + 1) * words];
            for b in a + 1..houses.len() {
                let mb = &house_masks[b * words..(b + 1) * words];
                let shared: u32 = ma.iter().zip(mb).map(|(x, y)| (x & y).count_ones()).sum();
                if shared < 2 || shared as usize == n {
                    continue;
                }
                pair_masks.extend(ma.iter().zip(mb).map(|(x, y)| x & y));
                pair_masks.extend(ma.iter().zip(mb).map(|(x, y)| x & !y));
                pair_masks.extend(ma.iter().zip(mb).map(|(x, y)| y & !x));
            }
        }
        let pairs = pair_masks.len() / (3 * words);
        let (house_words, pair_words) = (houses.len().div_ceil(64), pairs.div_ceil(64));
        let mut cell_house_bits = vec![0u64; nc * house_words];
        let mut cell_pair_bits = vec![0u64; nc * pair_words];
        for (c, hs) in of_cell.iter().enumerate() {
            for &h in hs {
                let h = usize::from(h);
                cell_house_bits[c * house_words + h / 64] |= 1 << (h % 64);
            }
            for i in 0..pairs {
                let union = &pair_masks[3 * i * words..3 * (i + 1) * words];
                if union
                    .chunks_exact(words)
                    .any(|m| m[c / 64] & (1 << (c % 64)) != 0)
                {
                    cell_pair_bits[c * pair_words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        let mut all = vec![0u64; words];
        for c in 0..nc {
            all[c / 64] |= 1 << (c % 64);
        }
        let classic = nc == 81 && n == 9 && words == 2 && {
            let as_u128 = |m: &[u64]| u128::from(m[0]) | u128::from(m[1]) << 64;
            let mut found: Vec<u128> = house_masks.chunks_exact(2).map(as_u128).collect();
            let mut want: Vec<u128> = (0..9)
                .flat_map(|i| {
                    let (r0, c0) = (i / 3 * 3, i % 3 * 3);
                    [
                        0x1FFu128 << (9 * i),
                        ROW_STARTS << i,
                        BOX_CELLS << (9 * r0 + c0),
                    ]
                })
                .collect();
            found.sort_unstable();
            want.sort_unstable();
            found == want
        };
        Some(HouseTables {
            classic,
            cell_count: nc,
            n,
            words,
            house_words,
            cell_house_bits,
            pair_words,
            cell_pair_bits,
            houses: flat,
            cell_houses,
            house_start,
            all,
            house_masks,
            peer_masks,
            pair_masks,
        })
    }
}

impl Houses {
    /// The propagator of `houses` (each a list of `n` distinct indices into
    /// `cells`) over `cells`, whose domains are `1..=n`: `None` where
    /// [`HouseTables::new`] is.
    #[cfg(test)]
    pub(crate) fn new(cells: Vec<VarId>, n: usize, houses: &[Vec<usize>]) -> Option<Houses> {
        let tables = HouseTables::new(cells.len(), n, houses)?;
        Houses::with_tables(cells, Arc::new(tables))
    }

    /// The propagator of the houses `tables` describes over `cells`;
    /// `None` if the tables are for another number of cells.
    pub(crate) fn with_tables(cells: Vec<VarId>, tables: Arc<HouseTables>) -> Option<Houses> {
        if cells.len() != tables.cell_count {
            return None;
        }
        let consecutive =
            !cells.is_empty() && cells.windows(2).all(|w| w[1].index() == w[0].index() + 1);
        Some(Houses {
            cells,
            house_vars: OnceLock::new(),
            consecutive,
            tables,
        })
    }

    /// How many houses.
    fn house_count(&self) -> usize {
        self.houses.len() / self.n
    }

    /// How many pairs of houses share cells.
    fn pair_count(&self) -> usize {
        self.pair_masks.len() / (3 * self.words)
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

    /// A conflict in house `h`, blamed on its cells (so that dom/wdeg learns
    /// which houses are hard, as with one AllDifferent per house).
    #[cold]
    fn fail(&self, ctx: &mut PropagationContext<'_>, h: usize) -> Conflict {
        let vars = self.house_vars.get_or_init(|| {
            self.houses
                .iter()
                .map(|&c| self.cells[usize::from(c)])
                .collect()
        });
        ctx.conflict_on(&vars[h * self.n..(h + 1) * self.n])
    }

    /// A conflict at cell `c`, blamed on its first house.
    #[cold]
    fn fail_at(&self, ctx: &mut PropagationContext<'_>, c: usize) -> Conflict {
        match self.houses_of(c).first() {
            Some(&h) => self.fail(ctx, usize::from(h)),
            None => ctx.conflict(),
        }
    }

    /// A house holding both cells `a` and `b` (peers), the first of `a`'s.
    #[cold]
    fn shared_house(&self, a: usize, b: usize) -> usize {
        let n = self.n;
        self.houses_of(a)
            .iter()
            .map(|&h| usize::from(h))
            .find(|&h| self.houses[h * n..h * n + n].contains(&(b as u16)))
            .unwrap_or(0)
    }

    /// The propagation proper on bitboards of `W` words (`W == self.words`),
    /// with `board` for the cells' digits, one word per cell.
    ///
    /// The state is the board of the last fixpoint (the full board before
    /// the first call, see [`init_state`](Constraint::init_state)), twice:
    /// per digit the cells that may hold it, then per cell its digits (one
    /// word each). The cells whose domain differs from it are patched into the
    /// bitboards, and only the houses and pairs of the cells a digit lost
    /// since are looked at again for that digit.
    #[expect(
        clippy::incompatible_msrv,
        reason = "`as_chunks` (Rust 1.88) reads a bitboard with one bound check, a sixth of \
                  the propagator's instructions; the manifests state no rust-version, and CI's \
                  toolchain is the current stable"
    )]
    fn run<const W: usize>(
        &self,
        ctx: &mut PropagationContext<'_>,
        s: &mut Scratch,
        board: &mut Vec<u64>,
    ) -> Result<(), Conflict> {
        let n = self.n;
        let full = self.full();
        let (hw, pw) = (self.house_words, self.pair_words);
        s.words.resize(5 * n * W + 2 * hw.max(pw), 0);
        // Bitboard `d` of a list is words `d * W..(d + 1) * W` (see `load`).
        let (bitboards, sets) = s.words.split_at_mut(5 * n * W);
        // Two sets of houses or pairs: those to look at, and those where a
        // digit is placed.
        let (hit, placed_in) = sets.split_at_mut(hw.max(pw));
        // Per digit: its cells now, as read, and the cells it lost that
        // the hidden singles and the locked candidates have not seen.
        // As arrays of `W` words, so a bitboard is read with one bound check.
        let bitboards = bitboards.as_chunks_mut::<W>().0;
        let (cand, rest) = bitboards.split_at_mut(n);
        let (found, rest) = rest.split_at_mut(n);
        let (hidden_lost, rest) = rest.split_at_mut(n);
        // Per digit, the union of the later digits' cells (naked singles).
        let (locked_lost, after) = rest.split_at_mut(n);
        let house_masks = self.house_masks.as_chunks::<W>().0;
        let peer_masks = self.peer_masks.as_chunks::<W>().0;
        let pair_masks = self.pair_masks.as_chunks::<W>().0;

        // Read the board (digit d at bit d - 1). A value outside `1..=n`
        // (only in domains the caller built so) is dropped, and the cell is
        // written at the end; bit 63, never a digit, marks it here.
        // The cells' domains as one slice if they are consecutive one-word
        // domains whose bases `init_state` found to be 1 (its last word).
        let run = match (self.consecutive, ctx.state().last()) {
            (true, Some(1)) => ctx.words_of_run(self.cells[0], self.cells.len()),
            _ => None,
        };
        let uniform = match run {
            Some(words) => {
                board.extend_from_slice(words);
                true
            }
            None => ctx.masks_into(&self.cells, board) == Some(1),
        };
        if !uniform {
            board.clear();
            for &v in &self.cells {
                // Domains within `1..=n`, `n < 64`, are one word; `None`
                // would mean a domain far outside it, with no digit.
                let (b, w) = ctx.mask(v).unwrap_or((1, 0));
                let d = shift_in(w, b) & full;
                board.push(if shift_out(d, b) == w { d } else { d | 1 << 63 });
            }
        }
        let mut inexact = Bits::<W>::EMPTY;
        let (mut dirty, mut empty) = (0u64, false);
        // The cells whose domains differ from the last fixpoint's: their
        // state words are saved again at the end.
        let mut seen = Bits::<W>::EMPTY;
        let done_before = {
            let state = ctx.state();
            let (old, last) = state.split_at(n * W);
            let (mut once, mut twice) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
            let old = old.as_chunks::<W>().0;
            cand.copy_from_slice(old);
            for d in 0..n {
                let o = load::<W>(old, d);
                twice = twice.or(once.and(o));
                once = once.or(o);
            }
            // Eight cells at a time: most are as they were, skipped whole
            // (the words as read differ from the saved digits wherever a
            // digit went or a bit outside the digits is set).
            const CHUNK: usize = 8;
            for (i, (cells, olds)) in board
                .chunks_mut(CHUNK)
                .zip(last[..self.cell_count].chunks(CHUNK))
                .enumerate()
            {
                let differ = cells.iter().zip(olds).fold(0u64, |a, (&w, &o)| a | (w ^ o));
                if differ == 0 {
                    continue;
                }
                for (j, (w, &o)) in cells.iter_mut().zip(olds).enumerate() {
                    if *w == o {
                        continue;
                    }
                    let digits = *w & full;
                    let mut diff = o ^ digits;
                    let c = i * CHUNK + j;
                    seen.insert(c);
                    empty |= digits == 0;
                    if *w != digits {
                        inexact.insert(c);
                        *w = digits;
                    }
                    dirty |= diff;
                    let (k, bit) = (c / 64, 1u64 << (c % 64));
                    while diff != 0 {
                        let d = diff.trailing_zeros() as usize;
                        cand[d][k] ^= bit;
                        hidden_lost[d][k] |= bit;
                        diff &= diff - 1;
                    }
                }
            }
            // The cells single at the last fixpoint were taken from their
            // peers then.
            once.minus(twice)
        };
        if empty {
            return Err(ctx.conflict());
        }
        if dirty == 0 && inexact.is_empty() {
            return Ok(());
        }
        let mut done = done_before;
        found.copy_from_slice(cand);
        locked_lost.copy_from_slice(hidden_lost);

        let all = load::<W>(self.all.as_chunks::<W>().0, 0);
        let (mut hidden_dirty, mut locked_dirty) = (dirty, dirty);
        // Digit `d` lost the cells `lost`.
        macro_rules! lost {
            ($d:expr, $lost:expr) => {{
                let (d, lost): (usize, Bits<W>) = ($d, $lost);
                store(hidden_lost, d, load(hidden_lost, d).or(lost));
                store(locked_lost, d, load(locked_lost, d).or(lost));
                hidden_dirty |= 1 << d;
                locked_dirty |= 1 << d;
            }};
        }
        loop {
            // Naked singles: a cell with one digit left takes it from its
            // peers, until no cell is newly single.
            loop {
                let (mut once, mut twice) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
                for d in 0..n {
                    let x = load::<W>(cand, d);
                    twice = twice.or(once.and(x));
                    once = once.or(x);
                }
                if let Some(c) = all.minus(once).first() {
                    return Err(self.fail_at(ctx, c));
                }
                let new = once.minus(twice).minus(done);
                if new.is_empty() {
                    break;
                }
                done = done.or(new);
                let mut later = Bits::<W>::EMPTY;
                for d in (0..n).rev() {
                    store(after, d, later);
                    later = later.or(load(cand, d));
                }
                // The cells of the digits before `d`, as this round left them.
                let mut earlier = Bits::<W>::EMPTY;
                for d in 0..n {
                    let before = load::<W>(cand, d);
                    let placed = before.and(new);
                    if placed.is_empty() {
                        earlier = earlier.or(before);
                        continue;
                    }
                    let others = earlier.or(load(after, d));
                    let mut x = before;
                    for c in placed.cells() {
                        board[c] = 1 << d;
                        let p = load::<W>(peer_masks, c);
                        // A peer left with no digit: the conflict is in a
                        // house of both.
                        if let Some(q) = x.and(p).minus(others).first() {
                            return Err(self.fail(ctx, self.shared_house(c, q)));
                        }
                        x = x.minus(p);
                    }
                    earlier = earlier.or(x);
                    if x != before {
                        store(cand, d, x);
                        lost!(d, before.minus(x));
                    }
                }
            }
            if done == all {
                break; // solved: each house holds distinct digits
            }
            // Hidden singles, in the houses of the cells each digit lost: a
            // house with one open cell left for a digit places it there.
            let mut placed_any = false;
            let mut todo = std::mem::take(&mut hidden_dirty);
            while todo != 0 {
                let d = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let x = load::<W>(cand, d);
                let hit = &mut hit[..hw];
                let lost = load::<W>(hidden_lost, d);
                store(hidden_lost, d, Bits::<W>::EMPTY);
                // A hidden single of `d` in cell `c`: the other digits leave it.
                macro_rules! place {
                    ($c:expr) => {{
                        let c: usize = $c;
                        for e in 0..n {
                            let mut y = load::<W>(cand, e);
                            if e != d && y.contains(c) {
                                y.remove(c);
                                store(cand, e, y);
                                let mut one = Bits::<W>::EMPTY;
                                one.insert(c);
                                lost!(e, one);
                            }
                        }
                        placed_any = true;
                    }};
                }
                // Every house of a classic board at once, when every house
                // would be looked at: the cells alone in a house, less the
                // cells where `d` is placed (alone in theirs), are the same
                // hidden singles, and placing them in cell order has the
                // same effect. A house lacking `d` goes the general way, so
                // that the conflict blames the same house.
                if self.classic {
                    let (alone, lacking) = classic_hidden(to_u128(x));
                    if !lacking {
                        for c in from_u128::<W>(alone).minus(done).cells() {
                            place!(c);
                        }
                        continue;
                    }
                }
                let every = gather(&self.cell_house_bits, lost, self.house_count(), hit);
                // The houses where `d` is placed (a cell of `done` holds it)
                // have no hidden single of `d` and cannot lack it: skipped
                // when every house is looked at (few otherwise).
                let placed = &mut placed_in[..hw];
                if every {
                    union_of(&self.cell_house_bits, x.and(done), placed);
                } else {
                    placed.fill(0);
                }
                for (k, (&word, &placed)) in hit.iter().zip(placed.iter()).enumerate() {
                    let mut word = word & !placed;
                    while word != 0 {
                        let h = k * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let m = x.and(load(house_masks, h));
                        if m.is_empty() {
                            return Err(self.fail(ctx, h));
                        }
                        let Some(c) = m.single() else { continue };
                        place!(c);
                    }
                }
            }
            if placed_any {
                continue;
            }
            // Locked candidates, in the pairs of the cells each digit lost:
            // where the shared cells of two houses hold a digit that the
            // rest of one house lacks, the digit is in the shared cells, so
            // the rest of the other house loses it.
            let mut removed_any = false;
            let mut todo = std::mem::take(&mut locked_dirty);
            while todo != 0 {
                let d = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let before = load::<W>(cand, d);
                let changed = load::<W>(locked_lost, d);
                store(locked_lost, d, Bits::<W>::EMPTY);
                if before.minus(done).is_empty() {
                    continue; // placed everywhere: its houses lack it nowhere
                }
                let hit = &mut hit[..pw];
                let every = gather(&self.cell_pair_bits, changed, self.pair_count(), hit);
                // A pair with a cell where `d` is placed is skipped (when
                // every pair is looked at): the naked singles took `d` from
                // that cell's peers, so the shared cells or both rests lack it.
                let placed = &mut placed_in[..pw];
                if every {
                    union_of(&self.cell_pair_bits, before.and(done), placed);
                } else {
                    placed.fill(0);
                }
                let mut x = before;
                for (k, (&word, &placed)) in hit.iter().zip(placed.iter()).enumerate() {
                    let mut word = word & !placed;
                    while word != 0 {
                        let i = k * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let pair = pair_masks;
                        if x.and(load(pair, 3 * i)).is_empty() {
                            continue;
                        }
                        let (rest_a, rest_b) = (load(pair, 3 * i + 1), load(pair, 3 * i + 2));
                        let (in_a, in_b) = (!x.and(rest_a).is_empty(), !x.and(rest_b).is_empty());
                        if in_a != in_b {
                            x = x.minus(if in_a { rest_a } else { rest_b });
                        }
                    }
                }
                if x != before {
                    store(cand, d, x);
                    lost!(d, before.minus(x));
                    removed_any = true;
                }
            }
            if !removed_any {
                break;
            }
        }

        // Write each changed cell once, then remember the fixpoint. The
        // cells placed here have their digit in `board` already; the others
        // lose the digits their bitboards lost.
        let placed = done.minus(done_before);
        let mut changed = inexact;
        for d in 0..n {
            let lost = load::<W>(found, d).minus(load(cand, d));
            if lost.is_empty() {
                continue;
            }
            changed = changed.or(lost);
            for c in lost.minus(placed).cells() {
                board[c] &= !(1 << d);
            }
        }
        if !changed.is_empty() {
            ctx.set_rule("singles");
            for c in changed.cells() {
                let v = self.cells[c];
                let base = if uniform {
                    1
                } else {
                    ctx.mask(v).map_or(1, |(b, _)| b)
                };
                ctx.intersect_mask(v, base, shift_out(board[c], base))?;
            }
        }
        ctx.set_states(0, cand.as_flattened());
        // Each cell's digits as they are now, over the cells from the first
        // to the last that changed (only the words that differ are trailed).
        let touched = seen.or(changed);
        if let (Some(lo), Some(hi)) = (touched.first(), touched.last()) {
            ctx.set_states(n * W + lo, &board[lo..=hi]);
        }
        Ok(())
    }
}

/// Column 0 of a classic 9x9 board (cell `9 r + c` at bit `9 r + c`):
/// the first cell of each row.
const ROW_STARTS: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};

/// The top-left box of a classic 9x9 board.
const BOX_CELLS: u128 = 0x7 | 0x7 << 9 | 0x7 << 18;

/// The top-left cells of the nine boxes of a classic 9x9 board.
const BOX_STARTS: u128 = (1 | 1 << 3 | 1 << 6) * (1 | 1 << 27 | 1 << 54);

/// The first two words of a bitboard as one number (a classic 9x9 board
/// has 81 cells, so two words).
#[inline(always)]
fn to_u128<const W: usize>(b: Bits<W>) -> u128 {
    b.0.iter()
        .take(2)
        .enumerate()
        .fold(0, |v, (i, &w)| v | u128::from(w) << (64 * i))
}

/// The bitboard of [`to_u128`]'s number.
#[inline(always)]
fn from_u128<const W: usize>(v: u128) -> Bits<W> {
    Bits(std::array::from_fn(|i| {
        if i < 2 { (v >> (64 * i)) as u64 } else { 0 }
    }))
}

/// Counts bit-sliced the bits of three numbers, per bit position: at least
/// one, at least two.
#[inline(always)]
fn once_twice(a: u128, b: u128, c: u128) -> (u128, u128) {
    (a | b | c, (a & b) | (c & (a | b)))
}

/// Hidden singles of one digit on a classic 9x9 board, all 27 houses at
/// once: `x` is the digit's cells (cell `9 r + c` at bit `9 r + c`). The
/// cells are counted bit-sliced (at least one, at least two) per three
/// cells of a row, then three of those per row and per box; likewise per
/// three cells of a column, then per column. The houses with one cell are
/// spread back over their cells with one multiplication (the houses of a
/// kind are disjoint, so nothing carries). Gives the cells alone in a row,
/// column or box, and whether a house has none.
#[inline(always)]
fn classic_hidden(x: u128) -> (u128, bool) {
    // Per three cells of a row, at columns 0, 3 and 6.
    const TRIPLES: u128 = ROW_STARTS * (1 | 1 << 3 | 1 << 6);
    let (once, twice) = once_twice(x & TRIPLES, (x >> 1) & TRIPLES, (x >> 2) & TRIPLES);
    // Rows: the row's three triples, at column 0.
    let (p, q, r) = (
        once & ROW_STARTS,
        (once >> 3) & ROW_STARTS,
        (once >> 6) & ROW_STARTS,
    );
    let (row_once, row_twice) = once_twice(p, q, r);
    let row_twice = row_twice | ((twice | twice >> 3 | twice >> 6) & ROW_STARTS);
    let rows = x & ((row_once & !row_twice) * 0x1FF);
    // Boxes: the box's three triples, at its top-left cell.
    let (p, q, r) = (
        once & BOX_STARTS,
        (once >> 9) & BOX_STARTS,
        (once >> 18) & BOX_STARTS,
    );
    let (box_once, box_twice) = once_twice(p, q, r);
    let box_twice = box_twice | ((twice | twice >> 9 | twice >> 18) & BOX_STARTS);
    let boxes = x & ((box_once & !box_twice) * BOX_CELLS);
    // Per three cells of a column, at rows 0, 3 and 6; then the columns,
    // at row 0.
    const ROW: u128 = 0x1FF;
    const THIRDS: u128 = ROW | ROW << 27 | ROW << 54;
    let (once, twice) = once_twice(x & THIRDS, (x >> 9) & THIRDS, (x >> 18) & THIRDS);
    let (p, q, r) = (once & ROW, (once >> 27) & ROW, (once >> 54) & ROW);
    let (col_once, col_twice) = once_twice(p, q, r);
    let col_twice = col_twice | ((twice | twice >> 27 | twice >> 54) & ROW);
    let columns = x & ((col_once & !col_twice) * ROW_STARTS);
    let lacking = (ROW_STARTS & !row_once) | (BOX_STARTS & !box_once) | (ROW & !col_once);
    (rows | boxes | columns, lacking != 0)
}

/// Bitboard `i` of a list of bitboards of `W` words.
#[inline(always)]
fn load<const W: usize>(list: &[[u64; W]], i: usize) -> Bits<W> {
    Bits(list[i])
}

/// Writes bitboard `i` of a list of bitboards of `W` words.
#[inline(always)]
fn store<const W: usize>(list: &mut [[u64; W]], i: usize, bits: Bits<W>) {
    list[i] = bits.0;
}

/// Into `hit`, the union of the sets `of` gives the cells of `cells`
/// (`hit.len()` words per cell), or all the `count` sets if `cells` has so
/// many cells that testing every set is cheaper than gathering (the first
/// call, a placement's twenty peers): true in that case.
#[inline(always)]
fn gather<const W: usize>(of: &[u64], cells: Bits<W>, count: usize, hit: &mut [u64]) -> bool {
    if cells.more_than(count / 4) {
        for (k, h) in hit.iter_mut().enumerate() {
            let left = count - 64 * k;
            *h = if left >= 64 {
                u64::MAX
            } else {
                (1 << left) - 1
            };
        }
        return true;
    }
    if let [one] = hit {
        // One word per set (at most 64 houses or pairs): no inner loop.
        *one = cells.cells().fold(0, |h, c| h | of[c]);
        return false;
    }
    union_of(of, cells, hit);
    false
}

/// Into `out`, the union of the sets `of` gives the cells of `cells`
/// (`out.len()` words per cell).
#[inline(always)]
fn union_of<const W: usize>(of: &[u64], cells: Bits<W>, out: &mut [u64]) {
    let words = out.len();
    out.fill(0);
    for c in cells.cells() {
        for (h, &m) in out.iter_mut().zip(&of[c * words..(c + 1) * words]) {
            *h |= m;
        }
    }
}

/// A set of cells as a bitboard of `W` words: cell `c` is bit `c % 64` of
/// word `c / 64`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const EMPTY: Self = Bits([0; W]);

    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| {
            let (a, b) = (self.0[i], o.0[i]);
            a & b
        }))
    }

    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| {
            let (a, b) = (self.0[i], o.0[i]);
            a | b
        }))
    }

    /// The cells of `self` not in `o`.
    #[inline(always)]
    fn minus(self, o: Self) -> Self {
        Bits(std::array::from_fn(|i| {
            let (a, b) = (self.0[i], o.0[i]);
            a & !b
        }))
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }

    #[inline(always)]
    fn contains(self, c: usize) -> bool {
        self.0[c / 64] & (1 << (c % 64)) != 0
    }

    #[inline(always)]
    fn insert(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }

    #[inline(always)]
    fn remove(&mut self, c: usize) {
        self.0[c / 64] &= !(1 << (c % 64));
    }

    /// The first cell.
    #[inline(always)]
    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// The last cell.
    #[inline(always)]
    fn last(self) -> Option<usize> {
        self.0
            .iter()
            .rposition(|&w| w != 0)
            .map(|i| i * 64 + 63 - self.0[i].leading_zeros() as usize)
    }

    /// Whether there are more than `k` cells (without counting them all:
    /// the sets tested are mostly a cell or two).
    #[inline(always)]
    fn more_than(self, k: usize) -> bool {
        let mut left = k;
        for &w in &self.0 {
            let mut w = w;
            while w != 0 {
                if left == 0 {
                    return true;
                }
                left -= 1;
                w &= w - 1;
            }
        }
        false
    }

    /// The one cell, if there is exactly one (without counting: one word
    /// with one bit, the others empty).
    #[inline(always)]
    fn single(self) -> Option<usize> {
        let mut found = None;
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                if found.is_some() || w & (w - 1) != 0 {
                    return None;
                }
                found = Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        found
    }

    /// The cells, in increasing order.
    #[inline(always)]
    fn cells(self) -> Cells<W> {
        Cells {
            bits: self.0,
            word: 0,
        }
    }
}

/// The cells of a bitboard, in increasing order.
struct Cells<const W: usize> {
    bits: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Cells<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.bits[self.word];
            if w != 0 {
                self.bits[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
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
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

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
        let (mut s, mut board) = (ctx.take_scratch(), ctx.take_words());
        let result = match self.words {
            1 => self.run::<1>(ctx, &mut s, &mut board),
            2 => self.run::<2>(ctx, &mut s, &mut board),
            4 => self.run::<4>(ctx, &mut s, &mut board),
            16 => self.run::<16>(ctx, &mut s, &mut board),
            _ => self.run::<MAX_WORDS>(ctx, &mut s, &mut board),
        };
        ctx.give_back_words(board);
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
        self.n * self.words + self.cells.len() + 1
    }

    /// The full board (every digit in every cell): a fixpoint of the three
    /// rules, so the first call patches in only the cells whose domains
    /// are smaller (the givens), as any later call does.
    ///
    /// Its last word, never written again, is 1 if every cell has a
    /// one-word domain of base 1 (the layouts do not change), so a call
    /// may read the domains as they are.
    fn init_state(&self, domains: &csp_core::Domains<'_>, state: &mut [u64]) {
        let (n, w, nc) = (self.n, self.words, self.cells.len());
        let (state, based) = state.split_at_mut(state.len() - 1);
        based[0] = u64::from(
            self.cells
                .iter()
                .all(|&v| domains.mask(v).is_some_and(|(b, _)| b == 1)),
        );
        let (bitboards, cells) = state.split_at_mut(n * w);
        match self.all.as_slice() {
            // Up to 64 cells: one word per digit, all the same.
            &[all] => bitboards.fill(all),
            all => bitboards
                .chunks_exact_mut(w)
                .for_each(|bits| bits.copy_from_slice(all)),
        }
        cells[..nc].fill(self.full());
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
        // Posted as the solver's model posts it: exact, so the oracle would
        // see a non-solution the propagator let through.
        m.add_exact(Houses::new(cells, 4, houses).unwrap()).unwrap();
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
        m.add_exact(Houses::new(cells, 4, &houses).unwrap())
            .unwrap();
        let count = csp_core::Solver::new(&m).count(None);
        assert_eq!(count.count, 288);
        assert!(count.status.is_complete());
    }

    #[test]
    fn classic_hidden_agrees_with_counting_each_house() {
        let houses = classic_houses(3, 3);
        let tables = HouseTables::new(81, 9, &houses).unwrap();
        assert!(tables.classic);
        // Not classic: a house list with the diagonals added.
        let mut x_houses = houses.clone();
        x_houses.push((0..9).map(|i| 10 * i).collect());
        assert!(!HouseTables::new(81, 9, &x_houses).unwrap().classic);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for k in 0..2000 {
            // Sparse to dense sets of cells, so that houses with none, one
            // and several cells all occur.
            let density = 1 + k % 8;
            let x: u128 = (0..81)
                .filter(|_| rng.random_range(0..10) < density)
                .fold(0, |v, c| v | 1 << c);
            let (mut alone, mut lacking) = (0u128, false);
            for house in &houses {
                let cells: Vec<usize> =
                    house.iter().copied().filter(|&c| x >> c & 1 == 1).collect();
                lacking |= cells.is_empty();
                if let [c] = cells[..] {
                    alone |= 1 << c;
                }
            }
            assert_eq!(classic_hidden(x), (alone, lacking), "cells {x:#x}");
        }
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
