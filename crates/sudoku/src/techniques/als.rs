//! WXYZ-wings and their larger kin: an almost locked set joined to a cell
//! with two candidates (ALS-XZ with a bivalue cell).
//!
//! # Background
//!
//! An *almost locked set* (ALS) is a group of `k` cells of one house that
//! hold `k + 1` candidates between them: if one value is taken out, the
//! other `k` fill the cells. Take a cell `Y` with candidates `{x, z}` outside
//! the set, such that every cell of the set holding `x` sees `Y`. If `Y` is
//! `x`, the set loses `x` and becomes locked, holding `z` somewhere; if `Y`
//! is not `x`, it is `z`. Either way `z` is in `Y` or in the set's
//! `z`-cells, so any cell seeing all of those loses `z`. With a set of one
//! cell this is the XY-wing; of two, the XYZ-wing.
//!
//! # Practical
//!
//! One constraint per set size, rated as SukakuExplainer rates them: three
//! cells (WXYZ-wing) 5.5, or 5.6 when the largest cell of the set holds
//! three candidates; four (VWXYZ-wing) 6.2 to 6.4, the middle sizes
//! harder; five (UVWXYZ-wing) 6.6; six (TUVWXYZ-wing) 7.5. When `z` is
//! restricted too (every set cell holding `z` sees `Y`), `x` is removed the
//! same way. Sets are grown one cell at a time and a partial set with more
//! than `k + 1` candidates is dropped; cell sets are `u128` bit sets, so
//! these wings are looked for on boards of up to 128 cells (up to 11 x 11,
//! which covers the 9 x 9 boards Sudoku Explainer's ratings are made for;
//! larger boards go on to the chains).
//!
//! # References
//!
//! - The ALS-XZ rule: the Sudoku Players' Forum (2005), and SudokuMonster's
//!   WXYZ- to TUVWXYZ-wings in SukakuExplainer (2019), whose ratings these
//!   follow.

use super::geometry::{Bits, Geometry, Small, digits};
use super::{Found, Pattern, level, rules};
use crate::logic::Technique;
use crate::rating::Rating;

/// ALS wings with sets of `size` cells (3 to 6).
#[derive(Debug)]
pub(crate) struct AlsWing {
    size: usize,
}

impl AlsWing {
    pub(crate) fn new(size: usize) -> AlsWing {
        AlsWing { size }
    }

    /// The technique of this size.
    pub(crate) fn technique(size: usize) -> Technique {
        match size {
            3 => Technique::WXYZWing,
            4 => Technique::VWXYZWing,
            5 => Technique::UVWXYZWing,
            _ => Technique::TUVWXYZWing,
        }
    }

    /// Sukaku Explainer's rating: the extremes of the largest cell's size
    /// are easier than the middle.
    fn rating(&self, largest: u32) -> u16 {
        let mid = |span: u32| -> u16 {
            let avg = (span + 2) / 2;
            ((span - avg) as i32 - (avg as i32 - largest as i32).abs()).max(0) as u16
        };
        match self.size {
            3 => 55 + mid(4),
            4 => 62 + mid(5),
            5 => 66,
            _ => 75,
        }
    }
}

impl Pattern for AlsWing {
    fn name(&self) -> &'static str {
        match self.size {
            3 => "WXYZ-wings",
            4 => "VWXYZ-wings",
            5 => "UVWXYZ-wings",
            _ => "TUVWXYZ-wings",
        }
    }

    fn level(&self) -> u8 {
        match self.size {
            3 | 4 => level::X_CHAINS,
            5 => level::XY_CHAINS,
            _ => level::AIC,
        }
    }

    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool {
        self.search(geo, masks, text, u128::MAX, out)
    }

    /// The sets of cells with two to `size + 1` candidates, and the cell
    /// `{x, z}` (two).
    fn pattern_cells(&self) -> Option<(u32, u32)> {
        Some((2, self.size as u32 + 1))
    }

    fn uses_changed(&self) -> bool {
        true
    }

    fn find_changed(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        changed: u128,
        out: &mut Found,
    ) -> bool {
        self.search(geo, masks, false, changed, out)
    }
}

impl AlsWing {
    /// The easiest wing, among those with a cell of `changed` (in the set
    /// or the cell `{x, z}`).
    fn search(
        &self,
        geo: &Geometry,
        masks: &[u64],
        text: bool,
        changed: u128,
        out: &mut Found,
    ) -> bool {
        out.clear();
        let Some(small) = geo.small.as_ref() else {
            return false;
        };
        let k = self.size;
        let bivalue: Vec<usize> = (0..geo.cells()).filter(|&c| masks[c].pair()).collect();
        if bivalue.is_empty() {
            return false;
        }
        // The cells {x, z}, all and by value (a small board has at most
        // 11 values).
        let mut pincers = 0u128;
        let mut pincers_with = [0u128; 16];
        for &c in &bivalue {
            pincers |= 1 << c;
            let mut m = masks[c] & 0xffff;
            while m != 0 {
                pincers_with[m.trailing_zeros() as usize] |= 1 << c;
                m &= m - 1;
            }
        }
        // The easiest (lowest rated) wing found: (rating, set, y, z, x).
        let mut best: Option<(u16, u128, usize, u64, u64)> = None;
        let mut cells = Vec::with_capacity(geo.n);
        // An old set makes a new wing only with a new cell {x, z} that sees
        // one of its cells: one of the cells seen by a new {x, z}.
        let near_new = bivalue
            .iter()
            .filter(|&&c| changed & (1 << c) != 0)
            .fold(0u128, |m, &c| m | small.peers[c]);
        for (h, house) in geo.houses.iter().enumerate() {
            if changed & small.houses[h] == 0 && near_new & small.houses[h] == 0 {
                continue; // only old sets, none seen by a new cell {x, z}
            }
            cells.clear();
            cells.extend(
                house
                    .cells
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| (2..=k as u32 + 1).contains(&ones(masks[c]))),
            );
            if cells.len() < k {
                continue;
            }
            let mut chosen = [0usize; 6];
            almost_locked(&cells, masks, k, 0, 0, &mut chosen, &mut |combo, union| {
                if ones(union) as usize != k + 1 {
                    return false;
                }
                let set = combo.iter().fold(0u128, |s, &c| s | 1 << c);
                let largest = combo.iter().map(|&c| ones(masks[c])).max().unwrap_or(0);
                let r = self.rating(largest);
                if best.as_ref().is_some_and(|b| b.0 <= r) {
                    return false;
                }
                let old_set = set & changed == 0;
                let holders = |bit: u64| {
                    combo
                        .iter()
                        .copied()
                        .filter(|&c| masks[c] & bit != 0)
                        .fold(0u128, |s, c| s | 1 << c)
                };
                // The cell Y {x, z} outside the set, seeing a cell of it,
                // with both values in the set (new if the set is old), in
                // ascending order.
                let near = combo.iter().fold(0u128, |m, &c| m | small.peers[c]);
                let mut ys = pincers & near & !set;
                if old_set {
                    ys &= changed;
                }
                let mut outside = !union & 0xffff;
                while outside != 0 {
                    ys &= !pincers_with[outside.trailing_zeros() as usize];
                    outside &= outside - 1;
                }
                while ys != 0 {
                    let y = ys.trailing_zeros() as usize;
                    ys &= ys - 1;
                    let ym = masks[y];
                    let (lo, hi) = (ym & ym.wrapping_neg(), ym & (ym - 1));
                    for (x, z) in [(lo, hi), (hi, lo)] {
                        // x restricted: every x of the set sees Y.
                        if holders(x) & !small.peers[y] != 0 {
                            continue;
                        }
                        if targets(small, masks, set, holders(z), y, z) != 0 {
                            best = Some((r, set, y, z, x));
                            return true;
                        }
                    }
                }
                false
            });
        }
        let Some((r, set, y, z, x)) = best else {
            return false;
        };
        let holders = |bit: u64| {
            (0..geo.cells())
                .filter(|&c| set & (1 << c) != 0 && masks[c] & bit != 0)
                .fold(0u128, |s, c| s | 1 << c)
        };
        let mut t = targets(small, masks, set, holders(z), y, z);
        while t != 0 {
            out.eliminate(t.trailing_zeros() as usize, z);
            t &= t - 1;
        }
        // Doubly linked: z restricted as well takes x out the same way.
        if holders(z) & !small.peers[y] == 0 {
            let mut t = targets(small, masks, set, holders(x), y, x);
            while t != 0 {
                out.eliminate(t.trailing_zeros() as usize, x);
                t &= t - 1;
            }
        }
        out.rating = Rating::from_tenths(r);
        out.rule = match self.size {
            3 => rules::rated(&rules::WXYZ_WING, out.rating),
            4 => rules::rated(&rules::VWXYZ_WING, out.rating),
            5 => rules::UVWXYZ_WING,
            _ => rules::TUVWXYZ_WING,
        };
        if text {
            let members: Vec<usize> = (0..geo.cells()).filter(|&c| set & (1 << c) != 0).collect();
            let list: Vec<String> = members
                .iter()
                .map(|&c| format!("{} {{{}}}", geo.cell(c), digits(masks[c])))
                .collect();
            let union = members.iter().fold(0u64, |u, &c| u | masks[c]);
            let (xv, zv) = (x.trailing_zeros() + 1, z.trailing_zeros() + 1);
            out.text = format!(
                "{} hold {{{}}} and {} holds {{{}}}; every {xv} of the set sees {}, so {zv} is in {} or in the set",
                list.join(", "),
                digits(union),
                geo.cell(y),
                digits(masks[y]),
                geo.cell(y),
                geo.cell(y)
            );
        }
        true
    }
}

/// Calls `f` with every set of `k` cells of `cells` (in order, the first
/// `depth` already in `chosen`, `union` their candidates) whose candidates
/// number at most `k + 1`, until it returns `true`; returns whether it did.
/// A partial set with more than `k + 1` candidates is not extended, which
/// is what makes the search for the larger sets affordable.
fn almost_locked(
    cells: &[usize],
    masks: &[u64],
    k: usize,
    depth: usize,
    union: u64,
    chosen: &mut [usize; 6],
    f: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    if depth == k {
        return f(&chosen[..k], union);
    }
    for (i, &c) in cells.iter().enumerate() {
        if cells.len() - i < k - depth {
            break;
        }
        let u = union | masks[c];
        if ones(u) as usize > k + 1 {
            continue;
        }
        chosen[depth] = c;
        if almost_locked(&cells[i + 1..], masks, k, depth + 1, u, chosen, f) {
            return true;
        }
    }
    false
}

/// The number of bits of `m`, by table for the candidates of a 9 x 9 board
/// (the ALS search counts a union at every step, and the portable build
/// has no population count instruction).
#[inline]
fn ones(m: u64) -> u32 {
    /// The bits of each 9-bit mask.
    const TABLE: [u8; 512] = {
        let mut t = [0u8; 512];
        let mut i = 1;
        while i < 512 {
            t[i] = t[i >> 1] + (i & 1) as u8;
            i += 1;
        }
        t
    };
    match TABLE.get(m as usize) {
        Some(&k) if m < 512 => u32::from(k),
        _ => m.count_ones(),
    }
}

/// The cells (outside the set and `y`) holding `z` that see `y` and every
/// cell of the set holding `z` (`holders`, not empty).
fn targets(small: &Small, masks: &[u64], set: u128, holders: u128, y: usize, z: u64) -> u128 {
    if holders == 0 {
        return 0;
    }
    // The unsolved cells holding z among the few cells seeing them all.
    let mut around = small.peers[y] & small.common_peers(holders) & !set & !(1 << y);
    let mut t = 0u128;
    while around != 0 {
        let c = around.trailing_zeros() as usize;
        around &= around - 1;
        if masks[c] & z != 0 && masks[c].several() {
            t |= 1 << c;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_counts_bits() {
        for m in [0u64, 1, 0b1011, 511, 512, 0b10_0000_0011, u64::MAX] {
            assert_eq!(ones(m), m.count_ones());
        }
    }
}
