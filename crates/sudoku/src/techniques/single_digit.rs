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

use super::geometry::{Geometry, HouseKind};
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
        out.clear();
        let mut links: Vec<Link> = Vec::new();
        // The best so far: (rating, value bit, first link, second link,
        // ends swapped).
        let mut best: Option<(u16, u64, Link, Link)> = None;
        for d in 0..geo.n {
            let bit = 1u64 << d;
            links.clear();
            for (h, house) in geo.houses.iter().enumerate() {
                if geo.placed(masks, h, bit) {
                    continue;
                }
                let p = geo.places(masks, h, bit);
                if p.count_ones() == 2 {
                    let a = usize::from(house.cells[p.trailing_zeros() as usize]);
                    let b = usize::from(house.cells[63 - p.leading_zeros() as usize]);
                    links.push(Link { house: h, a, b });
                }
            }
            for (i, &l1) in links.iter().enumerate() {
                for &l2 in &links[i + 1..] {
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
                        if eliminations(geo, masks, bit, x.a, y.b, &cells)
                            .next()
                            .is_some()
                        {
                            best = Some((r, bit, x, y));
                            break;
                        }
                    }
                }
            }
        }
        let Some((r, bit, x, y)) = best else {
            return self.up_to >= Technique::EmptyRectangle
                && (empty_rectangle(geo, masks, text, out)
                    || (self.up_to >= Technique::GroupedTurbot && grouped(geo, masks, text, out)));
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
fn empty_rectangle(geo: &Geometry, masks: &[u64], text: bool, out: &mut Found) -> bool {
    let n = geo.n;
    if geo.rows.len() != n || geo.cols.len() != n {
        return false;
    }
    let row_col = |c: usize| (c / n, c % n);
    for d in 0..n {
        let bit = 1u64 << d;
        for (b, house) in geo.houses.iter().enumerate() {
            if house.kind != HouseKind::Box || geo.placed(masks, b, bit) {
                continue;
            }
            let places: Vec<usize> = house
                .cells
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| masks[c] & bit != 0 && !masks[c].is_power_of_two())
                .collect();
            if places.len() < 2 {
                continue;
            }
            let box_rows: Vec<usize> = house
                .cells
                .iter()
                .map(|&c| row_col(usize::from(c)).0)
                .collect();
            let box_cols: Vec<usize> = house
                .cells
                .iter()
                .map(|&c| row_col(usize::from(c)).1)
                .collect();
            for &er_r in &box_rows {
                for &er_c in &box_cols {
                    // The places lie in row er_r or column er_c, not all in one.
                    let in_cross = places.iter().all(|&c| {
                        let (r, k) = row_col(c);
                        r == er_r || k == er_c
                    });
                    let all_row = places.iter().all(|&c| row_col(c).0 == er_r);
                    let all_col = places.iter().all(|&c| row_col(c).1 == er_c);
                    if !in_cross || all_row || all_col {
                        continue;
                    }
                    // A strong link in a column outside the box with an end
                    // in row er_r (and the transpose).
                    for transpose in [false, true] {
                        let lines = if transpose { &geo.rows } else { &geo.cols };
                        for &h in lines {
                            if geo.placed(masks, h, bit) {
                                continue;
                            }
                            let p = geo.places(masks, h, bit);
                            if p.count_ones() != 2 {
                                continue;
                            }
                            let hc = &geo.houses[h].cells;
                            let ends = [
                                usize::from(hc[p.trailing_zeros() as usize]),
                                usize::from(hc[63 - p.leading_zeros() as usize]),
                            ];
                            if ends.iter().any(|e| house.cells.contains(&(*e as u16))) {
                                continue;
                            }
                            for (near, far) in [(ends[0], ends[1]), (ends[1], ends[0])] {
                                let (nr, nc) = row_col(near);
                                let (fr, fc) = row_col(far);
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
                                if house.cells.contains(&(target as u16))
                                    || masks[target] & bit == 0
                                    || masks[target].is_power_of_two()
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

/// A node of a grouped pattern: one cell, or several of one box and line.
type Node = Vec<usize>;

/// The strong links of value bit `bit` whose places split into two nodes,
/// at least one a group (the plain ones are the patterns above).
fn grouped_links(geo: &Geometry, masks: &[u64], bit: u64) -> Vec<(usize, Node, Node)> {
    let mut links = Vec::new();
    for (h, house) in geo.houses.iter().enumerate() {
        if geo.placed(masks, h, bit) {
            continue;
        }
        let places: Vec<usize> = house
            .cells
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| masks[c] & bit != 0 && !masks[c].is_power_of_two())
            .collect();
        if places.len() < 3 {
            continue;
        }
        // Split by the other house each place lies in (a box for a line, a
        // row or a column for a box): two parts make a strong link.
        for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
            if kind == house.kind {
                continue;
            }
            let key = |c: usize| {
                geo.cell_houses[c]
                    .iter()
                    .map(|&g| usize::from(g))
                    .find(|&g| geo.houses[g].kind == kind)
            };
            let first = key(places[0]);
            if first.is_none() {
                continue;
            }
            let (a, b): (Node, Node) = places.iter().partition(|&&c| key(c) == first);
            if b.is_empty() || !b.iter().all(|&c| key(c) == key(b[0])) {
                continue;
            }
            links.push((h, a, b));
        }
    }
    links
}

fn sees_all(geo: &Geometry, x: &[usize], y: &[usize]) -> bool {
    x.iter()
        .all(|&a| y.iter().all(|&b| a != b && geo.sees(a, b)))
}

/// The first grouped skyscraper, kite or turbot fish with an elimination.
fn grouped(geo: &Geometry, masks: &[u64], text: bool, out: &mut Found) -> bool {
    for d in 0..geo.n {
        let bit = 1u64 << d;
        let mut links = grouped_links(geo, masks, bit);
        // The plain links too: a grouped pattern may pair one with a group.
        for (h, house) in geo.houses.iter().enumerate() {
            if geo.placed(masks, h, bit) {
                continue;
            }
            let p = geo.places(masks, h, bit);
            if p.count_ones() == 2 {
                let a = usize::from(house.cells[p.trailing_zeros() as usize]);
                let b = usize::from(house.cells[63 - p.leading_zeros() as usize]);
                links.push((h, vec![a], vec![b]));
            }
        }
        for (i, l1) in links.iter().enumerate() {
            for l2 in &links[i + 1..] {
                if l1.0 == l2.0
                    || (l1.1.len() == 1 && l1.2.len() == 1 && l2.1.len() == 1 && l2.2.len() == 1)
                {
                    continue;
                }
                for (a, b) in [(&l1.1, &l1.2), (&l1.2, &l1.1)] {
                    for (c, e) in [(&l2.1, &l2.2), (&l2.2, &l2.1)] {
                        let all: Vec<usize> =
                            a.iter().chain(b).chain(c).chain(e).copied().collect();
                        let mut sorted = all.clone();
                        sorted.sort_unstable();
                        sorted.dedup();
                        if sorted.len() != all.len() || !sees_all(geo, b, c) {
                            continue;
                        }
                        let targets: Vec<usize> = (0..geo.cells())
                            .filter(|&z| {
                                masks[z] & bit != 0
                                    && !masks[z].is_power_of_two()
                                    && !all.contains(&z)
                                    && sees_all(geo, &[z], a)
                                    && sees_all(geo, &[z], e)
                            })
                            .collect();
                        if targets.is_empty() {
                            continue;
                        }
                        for z in targets {
                            out.eliminate(z, bit);
                        }
                        out.rule = rules::GROUPED_TURBOT;
                        out.rating = Rating::from_tenths(43);
                        if text {
                            let names = |x: &[usize]| {
                                let v: Vec<String> =
                                    x.iter().map(|&c| geo.cell(c).to_string()).collect();
                                v.join("+")
                            };
                            out.text = format!(
                                "on {}: strong links {}={} ({}) and {}={} ({}), with {} and {} seeing each other, so {} or {} holds {}",
                                d + 1,
                                names(a),
                                names(b),
                                geo.houses[l1.0].name,
                                names(c),
                                names(e),
                                geo.houses[l2.0].name,
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
