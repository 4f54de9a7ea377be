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
            return false;
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
