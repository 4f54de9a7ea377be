//! The grade on Tatham's own ladder: what his Bridges solver (`bridges.c`,
//! `solve_sub`) deduces at each of his levels, no more.
//!
//! # Background
//!
//! His solver keeps, per link, the bridges laid so far, a most bridges
//! and a "no bridge" mark, per island whether it is full, and the groups
//! of islands the laid bridges join. A link's *possible* bridges are 0
//! when it is marked empty or crossed by a laid bridge, else the smallest
//! of its most and the two islands' numbers (their numbers, not what is
//! left of them); a link to a full island is *closed*. His levels add
//! stages, each run over every island, the loop going back to the first
//! stage as soon as one adds anything:
//!
//! 1. (Easy) an island as a whole: one whose number is its bridges plus
//!    all the room its open links have (each the least of its possible
//!    bridges, what the island misses and what the link's most leaves)
//!    gets all of it; one whose number is over twice its links with a
//!    possible bridge less one gets a bridge on each of them that has
//!    none; an island whose bridges reach its number is full;
//! 2. (Medium) each link of an island that is not full: without a bridge
//!    yet, it gets one when the island's other links (a closed link
//!    counts its bridges, an open one its possible ones) fall short of
//!    the island's number;
//! 3. (Hard) groups: for each open link of an island, one more bridge at a
//!    time up to its room: the first count that leaves the island and the
//!    far one full in a full group that is not all the islands, or leaves
//!    any island unable to reach its number (its room, or what its
//!    neighbours have left), bounds the link below it; and a link without
//!    a bridge gets one when filling all the island's other links to
//!    their room would close a full group.
//!
//! A puzzle's level is the first whose stages finish it. Our own rules
//! (the model's steps) are stronger in places (a link's room counts what
//! the far island has left, a bridge count is tried with everything that
//! follows from it), and weaker in others, so they do not give his level.

use super::Layout;

/// His largest number of bridges on a link (the `m2` of his IDs).
const MAXB: u32 = 2;

/// The state of his solver.
#[derive(Clone)]
struct Stages<'a> {
    lay: &'a Layout,
    /// Bridges laid per link.
    lines: Vec<u32>,
    /// The most bridges per link.
    most: Vec<u32>,
    /// Links marked "no bridge".
    none: Vec<bool>,
    /// Islands marked full.
    full: Vec<bool>,
    /// Possible bridges per link (see the module docs).
    poss: Vec<u32>,
    /// Union-find over islands joined by laid bridges.
    group: Vec<usize>,
}

impl<'a> Stages<'a> {
    fn new(lay: &'a Layout) -> Stages<'a> {
        let links = lay.links.len();
        let mut s = Stages {
            lay,
            lines: vec![0; links],
            most: vec![MAXB; links],
            none: vec![false; links],
            full: vec![false; lay.numbers.len()],
            poss: vec![0; links],
            group: (0..lay.numbers.len()).collect(),
        };
        s.update_possibles();
        s
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.group[i] != i {
            self.group[i] = self.group[self.group[i]];
            i = self.group[i];
        }
        i
    }

    fn far(&self, e: usize, i: usize) -> usize {
        let l = &self.lay.links[e];
        if l.a == i { l.b } else { l.a }
    }

    /// Lays `n` bridges on link `e` (joining its islands' groups when `n`
    /// is not 0).
    fn join(&mut self, e: usize, n: u32) {
        self.lines[e] = n;
        if n > 0 {
            let (a, b) = (self.lay.links[e].a, self.lay.links[e].b);
            let (ra, rb) = (self.find(a), self.find(b));
            if ra != rb {
                self.group[ra] = rb;
            }
        }
    }

    fn update_possibles(&mut self) {
        for (e, l) in self.lay.links.iter().enumerate() {
            let blocked = self.none[e] || self.lay.crosses[e].iter().any(|&f| self.lines[f] > 0);
            self.poss[e] = if blocked {
                0
            } else {
                self.most[e]
                    .min(self.lay.numbers[l.a])
                    .min(self.lay.numbers[l.b])
            };
        }
    }

    fn bridges(&self, i: usize) -> u32 {
        self.lay.at[i].iter().map(|&e| self.lines[e]).sum()
    }

    /// Whether link `e` reaches a full island.
    fn closed(&self, e: usize) -> bool {
        let l = &self.lay.links[e];
        self.full[l.a] || self.full[l.b]
    }

    /// More bridges link `e` can take for island `i`, which misses
    /// `missing` (0 on a closed link when `marks`).
    fn room(&self, e: usize, missing: u32, marks: bool) -> u32 {
        if marks && self.closed(e) {
            return 0;
        }
        self.poss[e]
            .min(missing)
            .min(self.most[e].saturating_sub(self.lines[e]))
    }

    fn rooms(&self, i: usize, marks: bool) -> u32 {
        let Some(missing) = self.lay.numbers[i].checked_sub(self.bridges(i)) else {
            return 0;
        };
        self.lay.at[i]
            .iter()
            .map(|&e| self.room(e, missing, marks))
            .sum()
    }

    /// Bridges link `e` may have as island `i` counts them.
    fn available(&self, e: usize) -> u32 {
        if self.closed(e) {
            self.lines[e]
        } else {
            self.poss[e]
        }
    }

    /// Stage 1 at island `i`; `None` on a contradiction.
    fn island(&mut self, i: usize) -> Option<bool> {
        let count = self.lay.numbers[i];
        let bridges = self.bridges(i);
        let mut did = false;
        if bridges > count {
            return None;
        } else if bridges == count {
            if !self.full[i] {
                self.full[i] = true;
                did = true;
            }
        } else if self.full[i] {
            return None;
        } else if count == bridges + self.rooms(i, true) {
            let missing = count - bridges;
            for k in 0..self.lay.at[i].len() {
                let e = self.lay.at[i][k];
                let more = self.room(e, missing, true);
                if more > 0 {
                    self.join(e, self.lines[e] + more);
                    did = true;
                }
            }
        } else {
            let links = self.lay.at[i]
                .iter()
                .filter(|&&e| self.available(e) > 0)
                .count() as u32;
            if count + MAXB > links * MAXB {
                for k in 0..self.lay.at[i].len() {
                    let e = self.lay.at[i][k];
                    if self.available(e) > 0 && self.lines[e] == 0 {
                        self.join(e, 1);
                        did = true;
                    }
                }
            }
        }
        if did {
            self.update_possibles();
        }
        Some(did)
    }

    /// Stage 2 at island `i` (not full).
    fn link(&mut self, i: usize) -> bool {
        let count = self.lay.numbers[i];
        let total: u32 = self.lay.at[i].iter().map(|&e| self.available(e)).sum();
        let mut did = false;
        for k in 0..self.lay.at[i].len() {
            let e = self.lay.at[i][k];
            let here = self.available(e);
            if self.lines[e] == 0 && here > 0 && total - here < count {
                self.join(e, 1);
                did = true;
            }
        }
        if did {
            self.update_possibles();
        }
        did
    }

    /// Whether island `i` is full, and the far island of link `e` (when
    /// given), in a group of full islands that is not all of them.
    fn closed_group(&mut self, i: usize, e: Option<usize>) -> bool {
        if self.bridges(i) < self.lay.numbers[i] {
            return false;
        }
        if let Some(e) = e {
            let j = self.far(e, i);
            if self.bridges(j) < self.lay.numbers[j] {
                return false;
            }
        }
        let root = self.find(i);
        let n = self.lay.numbers.len();
        let mut members = 0;
        for k in 0..n {
            if self.find(k) == root {
                members += 1;
                if self.bridges(k) != self.lay.numbers[k] {
                    return false;
                }
            }
        }
        members < n
    }

    /// Whether some island can no longer reach its number.
    fn any_impossible(&self) -> bool {
        (0..self.lay.numbers.len()).any(|i| {
            let count = self.lay.numbers[i];
            let bridges = self.bridges(i);
            if bridges > count || bridges + self.rooms(i, false) < count {
                return true;
            }
            let around: u32 = self.lay.at[i]
                .iter()
                .filter(|&&e| self.poss[e] > 0)
                .map(|&e| {
                    let j = self.far(e, i);
                    let free = self.lay.numbers[j].saturating_sub(self.bridges(j));
                    free.min(self.most[e].saturating_sub(self.lines[e]))
                })
                .sum();
            around < count - bridges
        })
    }

    /// Stage 3 at island `i`.
    fn groups(&mut self, i: usize) -> bool {
        let count = self.lay.numbers[i];
        let Some(missing) = count.checked_sub(self.bridges(i)).filter(|&m| m > 0) else {
            return false;
        };
        let mut did = false;
        for k in 0..self.lay.at[i].len() {
            let e = self.lay.at[i][k];
            let room = self.room(e, missing, true);
            if room == 0 {
                continue;
            }
            let curr = self.lines[e];
            let saved = self.group.clone();
            let mut bound = None;
            for n in curr + 1..=curr + room {
                self.join(e, n);
                self.update_possibles();
                if self.closed_group(i, Some(e)) || self.any_impossible() {
                    bound = Some(n - 1);
                    break;
                }
            }
            self.lines[e] = curr;
            self.group = saved;
            match bound {
                Some(0) => self.none[e] = true,
                Some(b) => self.most[e] = b,
                None => {}
            }
            did |= bound.is_some();
            self.update_possibles();
        }
        for k in 0..self.lay.at[i].len() {
            let e = self.lay.at[i][k];
            if self.room(e, missing, true) == 0 || self.lines[e] != 0 {
                continue;
            }
            let before: Vec<u32> = self.lay.at[i].iter().map(|&f| self.lines[f]).collect();
            let saved = self.group.clone();
            for (m, &f) in self.lay.at[i].iter().enumerate() {
                let room = self.room(f, missing, true);
                if f != e && room > 0 {
                    self.join(f, before[m] + room);
                }
            }
            self.update_possibles();
            let got = self.closed_group(i, None);
            for (m, &f) in self.lay.at[i].iter().enumerate() {
                self.lines[f] = before[m];
            }
            self.group = saved;
            if got {
                self.join(e, 1);
                did = true;
            }
            self.update_possibles();
        }
        did
    }

    /// His solver at `level` (0 easy, 1 medium, 2 hard): whether it
    /// finishes the puzzle.
    fn solve(&mut self, level: usize) -> bool {
        let n = self.lay.numbers.len();
        loop {
            let mut did = false;
            for i in 0..n {
                match self.island(i) {
                    Some(d) => did |= d,
                    None => return false,
                }
            }
            if did {
                continue;
            }
            if level < 1 {
                break;
            }
            for i in 0..n {
                if !self.full[i] {
                    did |= self.link(i);
                }
            }
            if did {
                continue;
            }
            if level < 2 {
                break;
            }
            for i in 0..n {
                did |= self.groups(i);
            }
            if !did {
                break;
            }
        }
        let root = if n > 0 { self.find(0) } else { 0 };
        (0..n).all(|i| self.bridges(i) == self.lay.numbers[i] && self.find(i) == root)
    }
}

/// The first of Tatham's levels (0 easy, 1 medium, 2 hard) whose stages
/// finish the puzzle, if any.
pub(super) fn level(lay: &Layout) -> Option<usize> {
    (0..3).find(|&d| Stages::new(lay).solve(d))
}
