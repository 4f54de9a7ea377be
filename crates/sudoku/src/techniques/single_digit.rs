//! The single-digit patterns of two strong links: skyscraper, two-string
//! kite and turbot fish.
//!
//! For one value `v`, a *strong link* is a house where `v` has exactly two
//! places: one of them holds `v`. Take two strong links `a = b` and
//! `c = d` whose inner ends `b` and `c` see each other (so they are not
//! both `v`): then `a` or `d` is `v`, and every cell seeing both `a` and
//! `d` loses `v`. Sudoku Explainer (in the SukakuExplainer fork) rates it
//! by the houses of the two links: both rows or both columns, a
//! *skyscraper*, 4.0; a row and a column, a *two-string kite*, 4.1; a box
//! involved, a *turbot fish*, 4.2.
//!
//! An *empty rectangle* (4.3) is the same with a grouped link: in a box
//! where `v` is confined to one row and one column, `v` is in that row or
//! in that column. With a strong link of `v` in another column, one end in
//! the box's row, the other end's row crossing the box's column outside
//! the box loses `v` (and the same with rows and columns swapped).
//!
//! A *grouped* skyscraper, kite or turbot fish (4.3) uses a strong link
//! with a group at one end: in a house where `v` is left in two places, one
//! of them several cells of one box and one line (all the group's cells
//! must see the other ends they are linked to).
//!
//! On boards of up to 128 cells every value's places are a `u128` bit set
//! and the searches are bit operations; empty rectangles and the grouped
//! patterns are only looked for there (up to 11 x 11, which covers the
//! 9 x 9 boards Sudoku Explainer rates; larger boards go on to the chains).

use super::geometry::{self, Bits, Geometry, HouseKind, Small};
use super::{Found, Pattern, level, rules};
use crate::logic::Technique;
use crate::rating::Rating;

/// Skyscrapers, two-string kites and turbot fish, the easiest first.
#[derive(Debug)]
pub(crate) struct SingleDigit {
    /// The hardest of the three to use.
    up_to: Technique,
}

impl SingleDigit {
    pub(crate) fn new(up_to: Technique) -> SingleDigit {
        SingleDigit { up_to }
    }
}

/// A strong link: the house and its two cells.
#[derive(Clone, Copy, Debug)]
struct Link {
    house: usize,
    a: usize,
    b: usize,
}

fn rating_of(a: HouseKind, b: HouseKind) -> (u16, &'static str, Technique) {
    use HouseKind::*;
    match (a, b) {
        (Row, Row) | (Column, Column) => (40, rules::SKYSCRAPER, Technique::Skyscraper),
        (Row, Column) | (Column, Row) => (41, rules::TWO_STRING_KITE, Technique::TwoStringKite),
        _ => (42, rules::TURBOT_FISH, Technique::TurbotFish),
    }
}

impl Pattern for SingleDigit {
    fn name(&self) -> &'static str {
        "single-digit patterns"
    }

    fn level(&self) -> u8 {
        level::HIDDEN_TRIPLE
    }

    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool {
        self.search(geo, masks, text, 0, out)
    }

    fn per_value(&self) -> bool {
        true
    }

    fn find_skipping(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        skip: u64,
        out: &mut Found,
    ) -> bool {
        self.search(geo, masks, false, skip, out)
    }
}

impl SingleDigit {
    /// The easiest deduction, leaving out the values of `skip`.
    fn search(
        &self,
        geo: &Geometry,
        masks: &[u64],
        text: bool,
        skip: u64,
        out: &mut Found,
    ) -> bool {
        out.clear();
        let mut links: Vec<Link> = Vec::new();
        // The best so far: (rating, value bit, first link, second link,
        // ends swapped).
        let mut best: Option<(u16, u64, Link, Link)> = None;
        let small = geo.small.as_ref();
        // On boards of up to 128 cells, each value's places and solved
        // cells as bit sets.
        let planes = small.map(|_| geometry::Planes::new(masks));
        for d in 0..geo.n {
            let bit = 1u64 << d;
            if skip & bit != 0 {
                continue;
            }
            links.clear();
            let (plane, solved) = match &planes {
                Some(p) => (p.unsolved[d], p.solved[d]),
                None => (0, 0),
            };
            for (h, house) in geo.houses.iter().enumerate() {
                if let Some(small) = small {
                    let p = plane & small.houses[h];
                    if p.pair() && solved & small.houses[h] == 0 {
                        let a = p.trailing_zeros() as usize;
                        let b = 127 - p.leading_zeros() as usize;
                        links.push(Link { house: h, a, b });
                    }
                    continue;
                }
                if geo.placed(masks, h, bit) {
                    continue;
                }
                let p = geo.places(masks, h, bit);
                if p.pair() {
                    let a = usize::from(house.cells[p.trailing_zeros() as usize]);
                    let b = usize::from(house.cells[63 - p.leading_zeros() as usize]);
                    links.push(Link { house: h, a, b });
                }
            }
            for (i, &l1) in links.iter().enumerate() {
                // On a small board: the ends of the first link and the
                // cells seeing one of them (a pair of links sharing a cell
                // is never a pattern, nor one whose ends see none of the
                // other's: both checks are the same for the four ways).
                let first = small.map(|small| {
                    (
                        1u128 << l1.a | 1u128 << l1.b,
                        small.peers[l1.a] | small.peers[l1.b],
                    )
                });
                for &l2 in &links[i + 1..] {
                    if let Some((ends1, near1)) = first {
                        let ends2 = 1u128 << l2.a | 1u128 << l2.b;
                        if ends1 & ends2 != 0 || near1 & ends2 == 0 {
                            continue;
                        }
                    }
                    let (r, _, t) = rating_of(geo.houses[l1.house].kind, geo.houses[l2.house].kind);
                    if best.is_some_and(|b| b.0 <= r) || t > self.up_to {
                        continue;
                    }
                    // Try the four ways of joining an end of each.
                    for (x, y) in [
                        (l1, l2),
                        (flip(l1), l2),
                        (l1, flip(l2)),
                        (flip(l1), flip(l2)),
                    ] {
                        // x = a-b, y = c-d, with b and c seeing each other.
                        let cells = [x.a, x.b, y.a, y.b];
                        if !distinct(cells) || !geo.sees(x.b, y.a) {
                            continue;
                        }
                        let any = match small {
                            Some(small) => {
                                let pattern = cells.iter().fold(0u128, |m, &c| m | 1 << c);
                                plane & small.peers[x.a] & small.peers[y.b] & !pattern != 0
                            }
                            None => eliminations(geo, masks, bit, x.a, y.b, &cells)
                                .next()
                                .is_some(),
                        };
                        if any {
                            best = Some((r, bit, x, y));
                            break;
                        }
                    }
                }
            }
        }
        let Some((r, bit, x, y)) = best else {
            return self.up_to >= Technique::EmptyRectangle
                && (empty_rectangle(geo, masks, text, skip, out)
                    || (self.up_to >= Technique::GroupedTurbot
                        && grouped(geo, masks, text, skip, out)));
        };
        let cells = [x.a, x.b, y.a, y.b];
        let gone: Vec<usize> = eliminations(geo, masks, bit, x.a, y.b, &cells).collect();
        for &z in &gone {
            out.eliminate(z, bit);
        }
        let (_, rule, _) = rating_of(geo.houses[x.house].kind, geo.houses[y.house].kind);
        out.rule = rule;
        out.rating = Rating::from_tenths(r);
        if text {
            let v = bit.trailing_zeros() + 1;
            let c = |i: usize| geo.cell(i);
            out.text = format!(
                "on {v}: strong links {}-{} ({}) and {}-{} ({}), with {} and {} seeing each other, so {} or {} is {v}",
                c(x.a),
                c(x.b),
                geo.houses[x.house].name,
                c(y.a),
                c(y.b),
                geo.houses[y.house].name,
                c(x.b),
                c(y.a),
                c(x.a),
                c(y.b),
            );
        }
        true
    }
}

fn flip(l: Link) -> Link {
    Link {
        house: l.house,
        a: l.b,
        b: l.a,
    }
}

fn distinct(c: [usize; 4]) -> bool {
    c[0] != c[1] && c[0] != c[2] && c[0] != c[3] && c[1] != c[2] && c[1] != c[3] && c[2] != c[3]
}

/// The cells (other than the pattern's) that hold `bit` and see both `a`
/// and `d`.
fn eliminations<'a>(
    geo: &'a Geometry,
    masks: &'a [u64],
    bit: u64,
    a: usize,
    d: usize,
    pattern: &'a [usize; 4],
) -> impl Iterator<Item = usize> + 'a {
    geo.peers[a]
        .iter()
        .map(|&z| usize::from(z))
        .filter(move |&z| {
            masks[z] & bit != 0
                && !masks[z].is_power_of_two()
                && !pattern.contains(&z)
                && geo.sees(z, d)
        })
}

/// The first empty rectangle with an elimination: see the module docs.
fn empty_rectangle(geo: &Geometry, masks: &[u64], text: bool, skip: u64, out: &mut Found) -> bool {
    let n = geo.n;
    let Some(small) = geo.small.as_ref() else {
        return false;
    };
    if geo.rows.len() != n || geo.cols.len() != n {
        return false;
    }
    let planes = geometry::Planes::new(masks);
    for d in 0..n {
        let bit = 1u64 << d;
        if skip & bit != 0 {
            continue;
        }
        let plane = planes.unsolved[d];
        for (b, house) in geo.houses.iter().enumerate() {
            if house.kind != HouseKind::Box || planes.solved[d] & small.houses[b] != 0 {
                continue;
            }
            let in_box = small.houses[b];
            let places = plane & in_box;
            if !places.several() {
                continue;
            }
            // The rows and columns crossing the box, in the order of its
            // cells (a small board has at most 11 of each).
            let (mut rows, mut cols) = ([0usize; 16], [0usize; 16]);
            let (mut nr, mut nc) = (0, 0);
            for &c in &house.cells {
                let c = usize::from(c);
                if !rows[..nr].contains(&(c / n)) {
                    rows[nr] = c / n;
                    nr += 1;
                }
                if !cols[..nc].contains(&(c % n)) {
                    cols[nc] = c % n;
                    nc += 1;
                }
            }
            for &er_r in &rows[..nr] {
                let row_part = small.houses[geo.rows[er_r]] & in_box;
                for &er_c in &cols[..nc] {
                    let col_part = small.houses[geo.cols[er_c]] & in_box;
                    let cross = row_part | col_part;
                    if places & !cross != 0 || places & !row_part == 0 || places & !col_part == 0 {
                        continue;
                    }
                    // A strong link in a column outside the box with an end
                    // in row er_r (and the transpose).
                    for transpose in [false, true] {
                        let lines = if transpose { &geo.rows } else { &geo.cols };
                        for &h in lines {
                            let p = plane & small.houses[h];
                            if !p.pair()
                                || p & in_box != 0
                                || planes.solved[d] & small.houses[h] != 0
                            {
                                continue;
                            }
                            let a = p.trailing_zeros() as usize;
                            let e = 127 - p.leading_zeros() as usize;
                            for (near, far) in [(a, e), (e, a)] {
                                let (nr, nc) = (near / n, near % n);
                                let (fr, fc) = (far / n, far % n);
                                // The near end in the box's line, the target
                                // where the far end's line crosses the other.
                                let target = if transpose {
                                    if nc != er_c {
                                        continue;
                                    }
                                    er_r * n + fc
                                } else {
                                    if nr != er_r {
                                        continue;
                                    }
                                    fr * n + er_c
                                };
                                if in_box & (1 << target) != 0
                                    || plane & (1 << target) == 0
                                    || target == far
                                {
                                    continue;
                                }
                                out.eliminate(target, bit);
                                out.rule = rules::EMPTY_RECTANGLE;
                                out.rating = Rating::from_tenths(43);
                                if text {
                                    out.text = format!(
                                        "on {}: in {} it lies in row {} or column {}; {}-{} is a strong link in {}, so {} or the box's line holds it",
                                        d + 1,
                                        house.name,
                                        er_r + 1,
                                        er_c + 1,
                                        geo.cell(near),
                                        geo.cell(far),
                                        geo.houses[h].name,
                                        geo.cell(far)
                                    );
                                }
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// The strong links of `plane` (the unsolved cells holding one value)
/// whose places split into two nodes, each one cell or a group of one box
/// and one line: `(house, node, node)`.
fn strong_links(geo: &Geometry, small: &Small, plane: u128, out: &mut Vec<(usize, u128, u128)>) {
    out.clear();
    for (h, house) in geo.houses.iter().enumerate() {
        let places = plane & small.houses[h];
        if !places.several() {
            continue;
        }
        if places.pair() {
            let low = places & places.wrapping_neg();
            out.push((h, low, places & !low));
            continue;
        }
        // Split by the other house each place lies in (a box for a line, a
        // row or a column for a box): two parts make a strong link.
        for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
            if kind == house.kind {
                continue;
            }
            let part = |c: usize| {
                geo.cell_houses[c]
                    .iter()
                    .map(|&g| usize::from(g))
                    .find(|&g| geo.houses[g].kind == kind)
            };
            let Some(g1) = part(places.trailing_zeros() as usize) else {
                continue;
            };
            let a = places & small.houses[g1];
            let b = places & !a;
            if b == 0 {
                continue;
            }
            let Some(g2) = part(b.trailing_zeros() as usize) else {
                continue;
            };
            if b & !small.houses[g2] == 0 {
                out.push((h, a, b));
            }
        }
    }
}

/// The first grouped skyscraper, kite or turbot fish with an elimination.
fn grouped(geo: &Geometry, masks: &[u64], text: bool, skip: u64, out: &mut Found) -> bool {
    let Some(small) = geo.small.as_ref() else {
        return false;
    };
    let mut links = Vec::new();
    let mut seen: Vec<(u128, u128)> = Vec::new();
    let planes = geometry::Planes::new(masks);
    for d in 0..geo.n {
        let bit = 1u64 << d;
        if skip & bit != 0
            || small
                .houses
                .iter()
                .all(|&house| planes.solved[d] & house != 0)
        {
            continue;
        }
        let plane = planes.unsolved[d];
        strong_links(geo, small, plane, &mut links);
        // The cells seeing all of each node, once per link.
        seen.clear();
        seen.extend(
            links
                .iter()
                .map(|&(_, p, q)| (small.common_peers(p), small.common_peers(q))),
        );
        for (i, &(h1, p, q)) in links.iter().enumerate() {
            let (seen_p, seen_q) = seen[i];
            for (&(h2, r, s), &(seen_r, seen_s)) in links[i + 1..].iter().zip(&seen[i + 1..]) {
                let plain = |x: u128, y: u128| x.count_ones() == 1 && y.count_ones() == 1;
                if h1 == h2 || (plain(p, q) && plain(r, s)) || (p | q) & (r | s) != 0 {
                    continue;
                }
                for (a, b, seen_a, seen_by_b) in [(p, q, seen_p, seen_q), (q, p, seen_q, seen_p)] {
                    for (c, e, seen_e) in [(r, s, seen_s), (s, r, seen_r)] {
                        if c & !seen_by_b != 0 {
                            continue;
                        }
                        let targets = plane & seen_a & seen_e & !(a | b | c | e);
                        if targets == 0 {
                            continue;
                        }
                        let mut t = targets;
                        while t != 0 {
                            out.eliminate(t.trailing_zeros() as usize, bit);
                            t &= t - 1;
                        }
                        out.rule = rules::GROUPED_TURBOT;
                        out.rating = Rating::from_tenths(43);
                        if text {
                            let names = |x: u128| {
                                let mut v = Vec::new();
                                let mut m = x;
                                while m != 0 {
                                    v.push(geo.cell(m.trailing_zeros() as usize).to_string());
                                    m &= m - 1;
                                }
                                v.join("+")
                            };
                            out.text = format!(
                                "on {}: strong links {}={} ({}) and {}={} ({}), with {} and {} seeing each other, so {} or {} holds {}",
                                d + 1,
                                names(a),
                                names(b),
                                geo.houses[h1].name,
                                names(c),
                                names(e),
                                geo.houses[h2].name,
                                names(b),
                                names(c),
                                names(a),
                                names(e),
                                d + 1
                            );
                        }
                        return true;
                    }
                }
            }
        }
    }
    false
}
