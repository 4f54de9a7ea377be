//! Unique rectangles, types 1 to 4: valid only for a puzzle known to have
//! exactly one solution.
//!
//! Four cells at the corners of a rectangle, in two rows, two columns and
//! two boxes, that could all hold only `a` and `b` would form a *deadly
//! pattern*: the `a`s and `b`s could be swapped, giving a second solution.
//! So in a puzzle with one solution, some corner holds another value:
//!
//! - type 1 (Sudoku Explainer 4.5): three corners are exactly `{a, b}`; the
//!   fourth loses `a` and `b`;
//! - type 2 (4.5): two corners are `{a, b}` and the other two, in one
//!   house, are `{a, b, c}`: one of them is `c`, so every cell seeing both
//!   loses `c`;
//! - type 3 (4.6-4.8): as type 2 but with extra values `E`; the two
//!   corners act as one cell with candidates `E`, which with `k - 1` other
//!   cells of their house forms a naked subset of `k` values: the rest of
//!   the house loses them;
//! - type 4 (4.5): as type 2, and one of `a`, `b` has no other place in
//!   the corners' house than those two corners: the other value leaves
//!   both.

use super::geometry::{Bits, Geometry, HouseKind, digits};
use super::{Found, Pattern, level, rules};
use crate::logic::Technique;
use crate::rating::Rating;

/// Unique rectangles of types 1, 2 and 4 (4.5), then type 3.
#[derive(Debug)]
pub(crate) struct UniqueRectangles {
    /// The types used: those up to this technique.
    up_to: Technique,
}

impl UniqueRectangles {
    pub(crate) fn new(up_to: Technique) -> UniqueRectangles {
        UniqueRectangles { up_to }
    }
}

/// A rectangle: corners `[r1c1, r1c2, r2c1, r2c2]` and its two values.
#[derive(Clone, Copy, Debug)]
struct Rect {
    corners: [usize; 4],
    pair: u64,
}

impl UniqueRectangles {
    /// Every rectangle of unsolved cells in two rows, two columns and two
    /// boxes whose corners all hold the two values of `pair` (a pair held
    /// exactly by at least one corner).
    fn rectangles(geo: &Geometry, masks: &[u64], mut f: impl FnMut(Rect) -> bool) -> bool {
        let n = geo.n;
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    // The corners of column c1 first: a rectangle needs
                    // them unsolved and sharing two values.
                    let (a, b) = (masks[r1 * n + c1], masks[r2 * n + c1]);
                    if !a.several() || !b.several() || !(a & b).several() {
                        continue;
                    }
                    for c2 in c1 + 1..n {
                        let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        if corners.iter().any(|&c| !masks[c].several()) {
                            continue;
                        }
                        let common = corners.iter().fold(u64::MAX, |m, &c| m & masks[c]);
                        if !common.several() {
                            continue;
                        }
                        // No corner holding exactly two common values: no
                        // rectangle (checked before the boxes, which cost
                        // more).
                        if !corners.iter().any(|&c| {
                            let m = masks[c];
                            m.pair() && m & common == m
                        }) {
                            continue;
                        }
                        let mut distinct = corners.map(|c| geo.box_of(c));
                        distinct.sort_unstable();
                        let kinds = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
                        if kinds != 2 || distinct.contains(&None) {
                            continue;
                        }
                        // Each pair of the common values held exactly by
                        // some corner.
                        for &c in &corners {
                            let m = masks[c];
                            if m.pair() && m & common == m && f(Rect { corners, pair: m }) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }
}

impl Pattern for UniqueRectangles {
    fn name(&self) -> &'static str {
        "unique rectangles"
    }

    fn level(&self) -> u8 {
        level::UNIQUE
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
        // Types 1, 2 and 4 rate 4.5; type 3 from 4.6.
        for pass in 0..2 {
            let found = Self::rectangles(geo, masks, |rect| {
                out.clear();
                let up_to = self.up_to;
                let ok = if pass == 0 {
                    type_1(geo, masks, rect, text, out)
                        || (up_to >= Technique::UniqueRectangle2
                            && type_2(geo, masks, rect, text, out))
                        || (up_to >= Technique::UniqueRectangle4
                            && type_4(geo, masks, rect, text, out))
                } else {
                    up_to >= Technique::UniqueRectangle3 && type_3(geo, masks, rect, text, out)
                };
                if ok && text {
                    let c: Vec<String> = rect
                        .corners
                        .iter()
                        .map(|&i| geo.cell(i).to_string())
                        .collect();
                    out.text = format!(
                        "{{{}}} in {}: {}",
                        digits(rect.pair),
                        c.join(", "),
                        out.text
                    );
                }
                ok
            });
            if found {
                return true;
            }
        }
        out.clear();
        false
    }
}

/// The corners holding exactly the pair ("floor") and the others ("roof").
/// Returns the number of floor corners and the roof corners in order
/// (the rest of the array unused), without allocating.
fn split(masks: &[u64], rect: Rect) -> (usize, [usize; 4]) {
    let mut roof = [0usize; 4];
    let (mut floor, mut roofs) = (0, 0);
    for &c in &rect.corners {
        if masks[c] == rect.pair {
            floor += 1;
        } else {
            roof[roofs] = c;
            roofs += 1;
        }
    }
    (floor, roof)
}

fn type_1(geo: &Geometry, masks: &[u64], rect: Rect, text: bool, out: &mut Found) -> bool {
    let (floor, roof) = split(masks, rect);
    if floor != 3 {
        return false;
    }
    let c = roof[0];
    out.eliminate(c, rect.pair);
    out.rule = rules::UR_1;
    out.rating = Rating::from_tenths(45);
    if text {
        out.text = format!(
            "{} must hold another value, or {{{}}} could swap",
            geo.cell(c),
            digits(rect.pair)
        );
    }
    true
}

/// The house both roof cells are in, other than a box, if they share a
/// row or column.
fn roof_line(geo: &Geometry, a: usize, b: usize) -> Option<usize> {
    let (ra, ca) = geo.lines_of(a);
    let (rb, cb) = geo.lines_of(b);
    if ra.is_some() && ra == rb {
        ra
    } else if ca.is_some() && ca == cb {
        ca
    } else {
        None
    }
}

fn type_2(geo: &Geometry, masks: &[u64], rect: Rect, text: bool, out: &mut Found) -> bool {
    let (floor, roof) = split(masks, rect);
    if floor != 2 || roof_line(geo, roof[0], roof[1]).is_none() {
        return false;
    }
    let extra = masks[roof[0]] & !rect.pair;
    if extra.count_ones() != 1 || masks[roof[1]] != masks[roof[0]] {
        return false;
    }
    let (a, b) = (roof[0], roof[1]);
    for &z in &geo.peers[a] {
        let z = usize::from(z);
        if z != b && masks[z] & extra != 0 && geo.sees(z, b) {
            out.eliminate(z, extra);
        }
    }
    if out.is_empty() {
        return false;
    }
    out.rule = rules::UR_2;
    out.rating = Rating::from_tenths(45);
    if text {
        out.text = format!(
            "{} or {} is {}",
            geo.cell(a),
            geo.cell(b),
            extra.trailing_zeros() + 1
        );
    }
    true
}

fn type_4(geo: &Geometry, masks: &[u64], rect: Rect, text: bool, out: &mut Found) -> bool {
    let (floor, roof) = split(masks, rect);
    if floor != 2 {
        return false;
    }
    let (a, b) = (roof[0], roof[1]);
    // Any house holding both roof cells (their line, or their box).
    for &h in &geo.cell_houses[a] {
        let h = usize::from(h);
        if !geo.houses[h].cells.contains(&(b as u16)) {
            continue;
        }
        let mut pair = rect.pair;
        while pair != 0 {
            let v = pair & pair.wrapping_neg();
            pair &= pair - 1;
            let other = rect.pair & !v;
            let only_roof = geo.houses[h].cells.iter().all(|&c| {
                usize::from(c) == a || usize::from(c) == b || masks[usize::from(c)] & v == 0
            });
            if only_roof {
                out.eliminate(a, other);
                out.eliminate(b, other);
                out.rule = rules::UR_4;
                out.rating = Rating::from_tenths(45);
                if text {
                    out.text = format!(
                        "{} goes in {} or {} in {}, so neither can be {}",
                        v.trailing_zeros() + 1,
                        geo.cell(a),
                        geo.cell(b),
                        geo.houses[h].name,
                        other.trailing_zeros() + 1
                    );
                }
                return true;
            }
        }
    }
    false
}

fn type_3(geo: &Geometry, masks: &[u64], rect: Rect, text: bool, out: &mut Found) -> bool {
    let (floor, roof) = split(masks, rect);
    if floor != 2 {
        return false;
    }
    let (a, b) = (roof[0], roof[1]);
    let extra = (masks[a] | masks[b]) & !rect.pair;
    if !extra.several() {
        return false;
    }
    for &h in &geo.cell_houses[a] {
        let h = usize::from(h);
        let house = &geo.houses[h];
        if !house.cells.contains(&(b as u16)) || house.kind == HouseKind::Other {
            continue;
        }
        let others: Vec<usize> = house
            .cells
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| c != a && c != b && masks[c].several())
            .collect();
        // The virtual cell plus k - 1 others: k values, k from 2 to 4.
        for k in 2..=4usize {
            let items: Vec<u8> = (0..others.len() as u8).collect();
            let mut hit = None;
            super::any_combination(&items, k - 1, &mut |combo| {
                let union = combo
                    .iter()
                    .fold(extra, |m, &i| m | masks[others[usize::from(i)]]);
                if union.count_ones() as usize != k {
                    return false;
                }
                let members: Vec<usize> = combo.iter().map(|&i| others[usize::from(i)]).collect();
                let gone = others
                    .iter()
                    .any(|c| !members.contains(c) && masks[*c] & union != 0);
                if gone {
                    hit = Some((members, union));
                }
                gone
            });
            if let Some((members, union)) = hit {
                for &c in &others {
                    if !members.contains(&c) && masks[c] & union != 0 {
                        out.eliminate(c, union);
                    }
                }
                out.rule = rules::UR_3[k - 2];
                out.rating = Rating::from_tenths(44 + k as u16);
                if text {
                    let cells: Vec<String> =
                        members.iter().map(|&c| geo.cell(c).to_string()).collect();
                    out.text = format!(
                        "{} and {} hold one of {{{}}}, which with {} makes a naked subset {{{}}} in {}",
                        geo.cell(a),
                        geo.cell(b),
                        digits(extra),
                        cells.join(", "),
                        digits(union),
                        house.name
                    );
                }
                return true;
            }
        }
    }
    false
}

/// Bivalue universal grave plus one (Sudoku Explainer 5.6): if every
/// unsolved cell but one held exactly two candidates and every value
/// appeared twice in each house, the puzzle would have two solutions. When
/// one cell holds three candidates and the others two, the value of that
/// cell that appears three times in its houses must be its value.
#[derive(Debug)]
pub(crate) struct Bug;

impl Pattern for Bug {
    fn name(&self) -> &'static str {
        "bivalue universal grave"
    }

    fn level(&self) -> u8 {
        level::X_CHAINS
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
        let mut extra = None;
        for (c, &m) in masks.iter().enumerate() {
            match m.count_ones() {
                1 | 2 => {}
                3 if extra.is_none() => extra = Some(c),
                _ => return false,
            }
        }
        let Some(c) = extra else {
            return false;
        };
        // The value of c appearing three times in each of its houses; the
        // other values of every house appear exactly twice.
        let mut value = None;
        let mut m = masks[c];
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            let thrice = geo.cell_houses[c].iter().all(|&h| {
                geo.houses[usize::from(h)]
                    .cells
                    .iter()
                    .filter(|&&q| {
                        let q = usize::from(q);
                        masks[q] & bit != 0 && !masks[q].is_power_of_two()
                    })
                    .count()
                    == 3
            });
            if thrice {
                value = Some(bit);
            }
        }
        let Some(bit) = value else {
            return false;
        };
        // Every other (house, value) must appear twice, or the grave is not
        // universal.
        for (h, house) in geo.houses.iter().enumerate() {
            for d in 0..geo.n {
                let b = 1u64 << d;
                if geo.placed(masks, h, b) {
                    continue;
                }
                let count = geo.places(masks, h, b).count_ones();
                let in_c = house.cells.contains(&(c as u16)) && b == bit;
                if count != if in_c { 3 } else { 2 } {
                    return false;
                }
            }
        }
        out.placements.push((c as u16, bit));
        out.rule = rules::BUG;
        out.rating = Rating::from_tenths(56);
        if text {
            out.text = format!(
                "every unsolved cell but {} has two candidates: {} must be {}, or the grid would have two solutions",
                geo.cell(c),
                geo.cell(c),
                bit.trailing_zeros() + 1
            );
        }
        true
    }
}
