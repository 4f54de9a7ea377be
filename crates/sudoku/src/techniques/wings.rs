//! XY-wing and XYZ-wing.
//!
//! XY-wing (Sudoku Explainer 4.2): a pivot with candidates `{x, y}` sees a
//! pincer `{x, z}` and a pincer `{y, z}`. Whatever the pivot holds, one
//! pincer is `z`, so every cell seeing both pincers loses `z`.
//!
//! XYZ-wing (4.4): the pivot holds `{x, y, z}`; whatever it holds, the
//! pivot or a pincer is `z`, so a cell seeing all three loses `z`.

use super::geometry::{Bits, Geometry, digits};
use super::{Found, Pattern, level, rules};
use crate::logic::Technique;
use crate::rating::Rating;

/// XY-wings first, then XYZ-wings.
#[derive(Debug)]
pub(crate) struct Wings {
    /// XYZ-wings only if this is at least [`Technique::XYZWing`].
    up_to: Technique,
}

impl Wings {
    pub(crate) fn new(up_to: Technique) -> Wings {
        Wings { up_to }
    }
}

impl Pattern for Wings {
    fn name(&self) -> &'static str {
        "wings"
    }

    fn level(&self) -> u8 {
        level::WINGS
    }

    /// Pivots of two or three candidates, pincers of two.
    fn pattern_cells(&self) -> Option<(u32, u32)> {
        Some((2, 3))
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

impl Wings {
    /// The first wing with an elimination, among those with a pivot or a
    /// pincer in `changed` (cell bits; all cells past 128).
    fn search(
        &self,
        geo: &Geometry,
        masks: &[u64],
        text: bool,
        changed: u128,
        out: &mut Found,
    ) -> bool {
        let is_new = |c: usize| c >= 128 || changed & (1 << c) != 0;
        out.clear();
        // The cells with two candidates, as a set on small boards.
        let bivalue = geo.small.as_ref().map(|_| {
            masks
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m.pair())
                .fold(0u128, |s, (c, _)| s | 1 << c)
        });
        // The pivot's peers with two candidates, ascending.
        let mut pincers: Vec<usize> = Vec::with_capacity(geo.n * 3);
        for xyz in [false, true] {
            if xyz && self.up_to < Technique::XYZWing {
                break;
            }
            for pivot in 0..geo.cells() {
                let pm = masks[pivot];
                let size_ok = if xyz {
                    (pm & pm.wrapping_sub(1)).pair()
                } else {
                    pm.pair()
                };
                if !size_ok {
                    continue;
                }
                pincers.clear();
                match (&geo.small, bivalue) {
                    (Some(small), Some(bivalue)) => {
                        let mut m = bivalue & small.peers[pivot];
                        while m != 0 {
                            pincers.push(m.trailing_zeros() as usize);
                            m &= m - 1;
                        }
                    }
                    _ => pincers.extend(
                        geo.peers[pivot]
                            .iter()
                            .map(|&p| usize::from(p))
                            .filter(|&p| masks[p].pair()),
                    ),
                }
                for (i, &a) in pincers.iter().enumerate() {
                    let am = masks[a];
                    for &b in &pincers[i + 1..] {
                        let bm = masks[b];
                        if am == bm {
                            continue;
                        }
                        if !(is_new(pivot) || is_new(a) || is_new(b)) {
                            continue; // an old wing, without targets
                        }
                        // The pincers share z; together with the pivot's
                        // values they cover only the pivot's (plus z).
                        let z = am & bm;
                        if z == 0 || z.several() {
                            continue;
                        }
                        let ok = if xyz {
                            am | bm == pm
                        } else {
                            pm & z == 0 && (am | bm) & !z == pm
                        };
                        if !ok {
                            continue;
                        }
                        let mut any = false;
                        for &c in &geo.peers[a] {
                            let c = usize::from(c);
                            if c == pivot || c == b || masks[c] & z == 0 || !geo.sees(c, b) {
                                continue;
                            }
                            if xyz && !geo.sees(c, pivot) {
                                continue;
                            }
                            out.eliminate(c, z);
                            any = true;
                        }
                        if !any {
                            continue;
                        }
                        out.rule = if xyz { rules::XYZ_WING } else { rules::XY_WING };
                        out.rating = Rating::from_tenths(if xyz { 44 } else { 42 });
                        if text {
                            let v = z.trailing_zeros() + 1;
                            out.text = format!(
                                "pivot {} {{{}}}, pincers {} {{{}}} and {} {{{}}}: {} is {v}",
                                geo.cell(pivot),
                                digits(pm),
                                geo.cell(a),
                                digits(am),
                                geo.cell(b),
                                digits(bm),
                                if xyz {
                                    "the pivot or a pincer"
                                } else {
                                    "one of the pincers"
                                }
                            );
                        }
                        return true;
                    }
                }
            }
        }
        false
    }
}
