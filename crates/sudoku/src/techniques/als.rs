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
//! same way.
//!
//! # References
//!
//! - The ALS-XZ rule: the Sudoku Players' Forum (2005), and SudokuMonster's
//!   WXYZ- to TUVWXYZ-wings in SukakuExplainer (2019), whose ratings these
//!   follow.

use super::geometry::{Geometry, digits};
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
        out.clear();
        let k = self.size;
        // The easiest (lowest rated) wing found: (rating, set, y, z, x).
        let mut best: Option<(u16, Vec<usize>, usize, u64, u64)> = None;
        let mut cells = Vec::with_capacity(geo.n);
        let mut chosen = [0usize; 8];
        for house in &geo.houses {
            cells.clear();
            cells.extend(
                house
                    .cells
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| (2..=k as u32 + 1).contains(&masks[c].count_ones())),
            );
            if cells.len() < k {
                continue;
            }
            let idx: Vec<u8> = (0..cells.len() as u8).collect();
            super::any_combination(&idx, k, &mut |combo| {
                let union = combo
                    .iter()
                    .fold(0u64, |u, &i| u | masks[cells[usize::from(i)]]);
                if union.count_ones() as usize != k + 1 {
                    return false;
                }
                for (j, &i) in combo.iter().enumerate() {
                    chosen[j] = cells[usize::from(i)];
                }
                let set = &chosen[..k];
                let largest = set
                    .iter()
                    .map(|&c| masks[c].count_ones())
                    .max()
                    .unwrap_or(0);
                let r = self.rating(largest);
                if best.as_ref().is_some_and(|b| b.0 <= r) {
                    return false;
                }
                // The cell Y {x, z} outside the set.
                for y in 0..geo.cells() {
                    let ym = masks[y];
                    if ym.count_ones() != 2 || ym & !union != 0 || set.contains(&y) {
                        continue;
                    }
                    if !set.iter().any(|&c| geo.sees(c, y)) {
                        continue;
                    }
                    for (x, z) in [
                        (ym & ym.wrapping_neg(), ym & (ym - 1)),
                        (ym & (ym - 1), ym & ym.wrapping_neg()),
                    ] {
                        let restricted = set.iter().all(|&c| masks[c] & x == 0 || geo.sees(c, y));
                        if !restricted || union & z == 0 || union & x == 0 {
                            continue;
                        }
                        if eliminations(geo, masks, set, y, z).next().is_some() {
                            best = Some((r, set.to_vec(), y, z, x));
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
        let gone: Vec<usize> = eliminations(geo, masks, &set, y, z).collect();
        for c in gone {
            out.eliminate(c, z);
        }
        // Doubly linked: z restricted as well takes x out the same way.
        if set.iter().all(|&c| masks[c] & z == 0 || geo.sees(c, y)) {
            let more: Vec<usize> = eliminations(geo, masks, &set, y, x).collect();
            for c in more {
                out.eliminate(c, x);
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
            let list: Vec<String> = set
                .iter()
                .map(|&c| format!("{} {{{}}}", geo.cell(c), digits(masks[c])))
                .collect();
            let union = set.iter().fold(0u64, |u, &c| u | masks[c]);
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

/// The cells (outside the set and `y`) holding `z` that see `y` and every
/// cell of the set holding `z`.
fn eliminations<'a>(
    geo: &'a Geometry,
    masks: &'a [u64],
    set: &'a [usize],
    y: usize,
    z: u64,
) -> impl Iterator<Item = usize> + 'a {
    geo.peers[y]
        .iter()
        .map(|&c| usize::from(c))
        .filter(move |&c| {
            masks[c] & z != 0
                && !masks[c].is_power_of_two()
                && !set.contains(&c)
                && set.iter().all(|&s| masks[s] & z == 0 || geo.sees(c, s))
        })
}
