//! Skipping the values a per-value search already found nothing for.
//!
//! # Background
//!
//! Between two advanced steps the grader runs every cheaper technique
//! again (the easiest step first), and on hard puzzles almost all of those
//! runs find nothing. Several techniques look at one value at a time: fish,
//! the single-digit patterns (skyscraper, kites, turbot fish, empty
//! rectangles), simple colouring and X-chains. What such a search finds on
//! value `v` depends only on the cells holding `v` and on which of them are
//! solved with `v`: its *key*. So a value whose key is the same as when the
//! search last found nothing anywhere still gives nothing, and is skipped;
//! the search over the others returns exactly what the full search would
//! (the skipped values contribute no deduction to it).
//!
//! Other techniques are made of the cells with few candidates: XY-wings
//! and XYZ-wings of cells with two or three, XY-chains of cells with two;
//! their deductions remove candidates from other cells. While grading,
//! candidates only go (and the state words are trailed, so a stored key
//! always comes from a state with at least the current candidates): if
//! those cells and their candidates are what they were when the search
//! last found nothing, every pattern is one that was there then, and its
//! targets are among the ones it had, none. So the search is skipped.
//! The ALS wings (sets of cells with two to `k + 1` candidates and a cell
//! `{x, z}`) go further: when some of their cells changed, they look only
//! at the wings with a changed cell, and skip the houses without one when
//! no cell `{x, z}` is new. Alternating inference chains are made of
//! strong links (cells with two candidates, values with two places in a
//! house) and weak ones: while candidates only go and no strong link is
//! new, every chain (or loop) with a target is one that was there with
//! that target, so a fruitless search is skipped too.
//!
//! # Practical
//!
//! The keys of the last fruitless run are the constraint's state words
//! (trailed with the domains, so the memo is correct after backtracking
//! too): two bit sets of the cells per value. Computing the keys of the
//! current candidates is one pass over the cells.
//!
//! # References
//!
//! - C. Schulte and P. J. Stuckey, *Efficient Constraint Propagation
//!   Engines*, ACM TOPLAS 31(1), 2008: run a propagator again only on what
//!   changed since it last ran (here, per value, and keeping the ladder's
//!   order of steps exactly).

use super::geometry::{Bits, Geometry};
use csp_core::PropagationContext;

/// The per-value keys of a board of `cells` cells and `n` values.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueMemo {
    n: usize,
    /// Words per cell set.
    words: usize,
}

impl ValueMemo {
    pub(crate) fn new(n: usize, cells: usize) -> ValueMemo {
        ValueMemo {
            n,
            words: cells.div_ceil(64),
        }
    }

    /// State words the memo takes.
    pub(crate) fn state_words(&self) -> usize {
        2 * self.n * self.words
    }

    /// The keys of `masks` into `keys`: for value `d`, the cells holding it
    /// (`words` words from `2 * d * words`), then the cells solved with it.
    pub(crate) fn keys(&self, masks: &[u64], keys: &mut Vec<u64>) {
        keys.clear();
        keys.resize(self.state_words(), 0);
        let w = self.words;
        for (c, &m) in masks.iter().enumerate() {
            let (word, bit) = (c / 64, 1u64 << (c % 64));
            if m.is_power_of_two() {
                let d = m.trailing_zeros() as usize;
                if d < self.n {
                    keys[2 * d * w + word] |= bit;
                    keys[(2 * d + 1) * w + word] |= bit;
                }
                continue;
            }
            let mut rest = m;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if d < self.n {
                    keys[2 * d * w + word] |= bit;
                }
            }
        }
    }

    /// The values (as bits) whose key in `keys` is the one stored in
    /// `state` from word `offset`: nothing to find there.
    pub(crate) fn unchanged(&self, state: &[u64], offset: usize, keys: &[u64]) -> u64 {
        let span = 2 * self.words;
        let Some(stored) = state.get(offset..offset + self.state_words()) else {
            return 0;
        };
        let mut same = 0u64;
        for d in 0..self.n.min(64) {
            let r = d * span..(d + 1) * span;
            if stored[r.clone()] == keys[r] {
                same |= 1 << d;
            }
        }
        same
    }
}

/// The cells with `lo` to `hi` candidates and their candidates (one word a
/// cell, zero for the others), for a search made of such cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellMemo {
    lo: u32,
    hi: u32,
    cells: usize,
}

impl CellMemo {
    pub(crate) fn new(lo: u32, hi: u32, cells: usize) -> CellMemo {
        CellMemo { lo, hi, cells }
    }

    /// State words the memo takes.
    pub(crate) fn state_words(&self) -> usize {
        self.cells
    }

    /// The key of `masks` into `keys`.
    pub(crate) fn keys(&self, masks: &[u64], keys: &mut Vec<u64>) {
        keys.clear();
        keys.extend(masks.iter().map(|&m| {
            if (self.lo..=self.hi).contains(&m.count_ones()) {
                m
            } else {
                0
            }
        }));
    }

    /// Whether `keys` is the key stored in `state` from word `offset`.
    pub(crate) fn unchanged(&self, state: &[u64], offset: usize, keys: &[u64]) -> bool {
        state.get(offset..offset + self.cells) == Some(keys)
    }

    /// The cells (boards of up to 128 cells) whose key in `keys` is not
    /// the one stored in `state` from word `offset`: a pattern that is new
    /// since the last fruitless run has one of them (all cells if there
    /// are more than 128).
    pub(crate) fn changed(&self, state: &[u64], offset: usize, keys: &[u64]) -> u128 {
        let Some(stored) = state.get(offset..offset + self.cells) else {
            return u128::MAX;
        };
        if self.cells > 128 {
            return u128::MAX;
        }
        stored
            .iter()
            .zip(keys)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .fold(0u128, |m, (c, _)| m | 1 << c)
    }
}

/// The candidates of every cell, for a chain search whose strong links are
/// the cells with two candidates and the values with two places in a house
/// (alternating inference chains): while candidates only go and no strong
/// link is new, every chain is one that was there (its weak links too, and
/// its targets among the ones it had), so a search that found nothing
/// finds nothing again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LinkMemo {
    cells: usize,
}

impl LinkMemo {
    pub(crate) fn new(cells: usize) -> LinkMemo {
        LinkMemo { cells }
    }

    /// State words the memo takes.
    pub(crate) fn state_words(&self) -> usize {
        self.cells
    }

    /// Whether `masks` has no candidate and no strong link that the
    /// candidates stored in `state` from word `offset` lacked (a cell with
    /// two candidates had the same two, a value with two places in a house
    /// had the same two).
    pub(crate) fn unchanged(
        &self,
        geo: &Geometry,
        state: &[u64],
        offset: usize,
        masks: &[u64],
    ) -> bool {
        let Some(stored) = state.get(offset..offset + self.cells) else {
            return false;
        };
        if masks.len() != self.cells || geo.n > 64 {
            return false;
        }
        for (&now, &then) in masks.iter().zip(stored) {
            if now == 0 || now & !then != 0 || (now.pair() && now != then) {
                return false;
            }
        }
        // The places of each value in each house, now and then (as indices
        // into the house), and the values solved there now.
        let mut places = [[0u64; 64]; 2];
        for house in &geo.houses {
            let n = geo.n;
            places[0][..n].fill(0);
            places[1][..n].fill(0);
            let mut solved = 0u64;
            for (j, &c) in house.cells.iter().enumerate() {
                let c = usize::from(c);
                for (k, m) in [masks[c], stored[c]].into_iter().enumerate() {
                    if !m.several() {
                        if k == 0 {
                            solved |= m;
                        }
                        continue;
                    }
                    let mut rest = m;
                    while rest != 0 {
                        places[k][rest.trailing_zeros() as usize] |= 1 << j;
                        rest &= rest - 1;
                    }
                }
            }
            let [now, then] = &places;
            for (d, (&now, &then)) in now[..n].iter().zip(&then[..n]).enumerate() {
                if solved & (1 << d) == 0 && now.pair() && then != now {
                    return false;
                }
            }
        }
        true
    }
}

/// Stores `keys` from state word `offset`, writing only the words that
/// change.
pub(crate) fn store(ctx: &mut PropagationContext<'_>, offset: usize, keys: &[u64]) {
    for (i, &k) in keys.iter().enumerate() {
        if ctx.state().get(offset + i) != Some(&k) {
            ctx.set_state(offset + i, k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_keys_keep_only_the_small_cells() {
        let memo = CellMemo::new(2, 3, 4);
        let mut keys = Vec::new();
        memo.keys(&[0b1, 0b11, 0b111, 0b1111], &mut keys);
        assert_eq!(keys, vec![0, 0b11, 0b111, 0]);
        let state = [7, 0, 0b11, 0b111, 0];
        assert!(memo.unchanged(&state, 1, &keys));
        assert!(!memo.unchanged(&state, 0, &keys));
        assert_eq!(memo.changed(&state, 1, &keys), 0);
        // Cell 2 down to two candidates, cell 3 to three.
        memo.keys(&[0b1, 0b11, 0b101, 0b111], &mut keys);
        assert_eq!(memo.changed(&state, 1, &keys), 0b1100);
    }

    #[test]
    fn link_memo_sees_new_candidates_and_new_strong_links() {
        let (geo, masks) = super::super::geometry::classic_position(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let memo = LinkMemo::new(81);
        let mut state = vec![0u64];
        state.extend_from_slice(&masks);
        assert!(memo.unchanged(&geo, &state, 1, &masks));
        assert!(!memo.unchanged(&geo, &[0; 82], 1, &masks), "no memo yet");
        // A cell of three candidates down to two: a new strong link.
        let c = (0..81).find(|&c| masks[c].count_ones() == 3).unwrap();
        let mut fewer = masks.clone();
        fewer[c] &= fewer[c] - 1;
        assert!(!memo.unchanged(&geo, &state, 1, &fewer));
        // A candidate more than stored.
        let mut more = masks.clone();
        let c = (0..81).find(|&c| masks[c].count_ones() >= 4).unwrap();
        state[1 + c] &= state[1 + c] - 1;
        assert!(!memo.unchanged(&geo, &state, 1, &more));
        more[c] = state[1 + c];
        assert!(memo.unchanged(&geo, &state, 1, &more));
    }

    #[test]
    fn keys_split_held_and_solved_cells() {
        let memo = ValueMemo::new(4, 3);
        let mut keys = Vec::new();
        // Cell 0 solved with 1, cell 1 holds 1 and 2, cell 2 holds 3.
        memo.keys(&[0b0001, 0b0011, 0b0100], &mut keys);
        assert_eq!(keys.len(), memo.state_words());
        assert_eq!(&keys[0..2], &[0b011, 0b001]); // value 1
        assert_eq!(&keys[2..4], &[0b010, 0]); // value 2
        assert_eq!(&keys[4..6], &[0b100, 0b100]); // value 3 (solved)
        assert_eq!(&keys[6..8], &[0, 0]); // value 4
        // Only the key of value 2 changes when cell 1 loses 2... and that
        // of value 1 too (cell 1 is now solved with it).
        let mut later = Vec::new();
        memo.keys(&[0b0001, 0b0001, 0b0100], &mut later);
        let mut state = vec![9u64];
        state.extend_from_slice(&keys);
        assert_eq!(memo.unchanged(&state, 1, &later), 0b1100);
    }
}
