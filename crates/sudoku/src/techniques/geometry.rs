//! The board geometry the whole-grid techniques share: houses, the houses
//! of each cell, peers, and a candidate snapshot read from the engine.

use crate::board::Cell;
use crate::rules::{GroupKind, Variant};
use csp_core::{PropagationContext, VarId};

/// What a house is, for naming patterns and for the ratings (Sudoku
/// Explainer rates a box-based pattern differently from a line-based one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum HouseKind {
    Row,
    Column,
    /// A box or a jigsaw region.
    Box,
    /// A diagonal.
    Other,
}

/// A group of `n` cells holding every value once.
#[derive(Clone, Debug)]
pub(crate) struct House {
    /// Cell indices (row-major), in the group's order.
    pub(crate) cells: Vec<u16>,
    pub(crate) kind: HouseKind,
    /// What it is called ("row 4").
    pub(crate) name: GroupKind,
}

/// The geometry of one variant, built once per model.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    /// Board size.
    pub(crate) n: usize,
    /// The variable of each cell, row-major.
    pub(crate) vars: Vec<VarId>,
    pub(crate) houses: Vec<House>,
    /// For each cell, the houses holding it.
    pub(crate) cell_houses: Vec<Vec<u16>>,
    /// For each cell, the cells sharing a group with it (any group,
    /// cages included), ascending.
    pub(crate) peers: Vec<Vec<u16>>,
    /// `see[a * words + b / 64]` bit `b % 64`: cells `a` and `b` share a
    /// group.
    see: Vec<u64>,
    words: usize,
    /// The rules have no cages and no diagonals: a rectangle of cells in
    /// two rows, two columns and two boxes can swap its values (unique
    /// rectangles).
    pub(crate) rectangles_swap: bool,
    /// For each cell, the houses holding it and its index in each.
    pub(crate) slots: Vec<Vec<(u16, u8)>>,
    /// Every ordered pair of houses sharing two or more cells (but not all):
    /// `(a, b, the shared cells as indices of a, the same as indices of b)`.
    pub(crate) crossings: Vec<(u16, u16, u64, u64)>,
    /// The house of each row and of each column, if the rows and columns
    /// are houses.
    pub(crate) rows: Vec<usize>,
    pub(crate) cols: Vec<usize>,
    /// Cell sets as `u128` bits, for boards of up to 128 cells.
    pub(crate) small: Option<Small>,
}

/// Cell sets of a board of at most 128 cells (up to 11 x 11) as the bits of
/// a `u128`: what the patterns that only matter for Sudoku Explainer's
/// 9 x 9 ratings (grouped turbot fish, empty rectangles, the larger wings)
/// work with.
#[derive(Clone, Debug)]
pub(crate) struct Small {
    /// The peers of each cell.
    pub(crate) peers: Vec<u128>,
    /// The cells of each house.
    pub(crate) houses: Vec<u128>,
    /// For each cell, the houses (up to 64) holding it or one of its peers:
    /// those whose places a placement there changes.
    pub(crate) touched: Vec<u64>,
}

impl Small {
    /// The cells sharing a group with every cell of `set`.
    #[inline]
    pub(crate) fn common_peers(&self, set: u128) -> u128 {
        let mut common = u128::MAX;
        let mut s = set;
        while s != 0 {
            common &= self.peers[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        common
    }
}

/// Small bit counts of candidate masks and cell sets without a population
/// count: the portable build (the x86-64 baseline) has no such instruction,
/// and there `count_ones` takes a dozen instructions where these take two
/// or three.
pub(crate) trait Bits: Copy {
    /// Two bits or more.
    fn several(self) -> bool;
    /// Exactly two bits.
    fn pair(self) -> bool;
}

macro_rules! bits_impl {
    ($($t:ty)*) => {$(
        impl Bits for $t {
            #[inline]
            fn several(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            #[inline]
            fn pair(self) -> bool {
                let rest = self & self.wrapping_sub(1);
                rest != 0 && rest & (rest - 1) == 0
            }
        }
    )*};
}
bits_impl!(u64 u128);

/// For each value of a board of up to 128 cells and 16 values, the unsolved
/// cells holding it and the cells solved with it: [`plane`] and [`solved`]
/// of every value in one pass over the cells.
pub(crate) struct Planes {
    pub(crate) unsolved: [u128; 16],
    pub(crate) solved: [u128; 16],
}

impl Planes {
    pub(crate) fn new(masks: &[u64]) -> Planes {
        let mut p = Planes {
            unsolved: [0; 16],
            solved: [0; 16],
        };
        for (c, &m) in masks.iter().enumerate().take(128) {
            let cell = 1u128 << c;
            if m.several() {
                let mut bits = m & 0xffff;
                while bits != 0 {
                    p.unsolved[bits.trailing_zeros() as usize] |= cell;
                    bits &= bits - 1;
                }
            } else if m != 0 && m < 1 << 16 {
                p.solved[m.trailing_zeros() as usize] |= cell;
            }
        }
        p
    }
}

/// The unsolved cells holding value bit `bit`, as a `u128` (boards of up to
/// 128 cells).
#[inline]
pub(crate) fn plane(masks: &[u64], bit: u64) -> u128 {
    let mut p = 0u128;
    for (c, &m) in masks.iter().enumerate().take(128) {
        if m & bit != 0 && m.several() {
            p |= 1 << c;
        }
    }
    p
}

impl Geometry {
    pub(crate) fn new(variant: &Variant, vars: &[VarId]) -> Geometry {
        let n = variant.size();
        let cells = n * n;
        let words = cells.div_ceil(64);
        let mut houses = Vec::new();
        let mut cell_houses = vec![Vec::new(); cells];
        let mut see = vec![0u64; cells * words];
        for group in variant.groups() {
            let idx: Vec<u16> = group
                .cells()
                .iter()
                .map(|c| (c.row * n + c.col) as u16)
                .collect();
            for &a in &idx {
                for &b in &idx {
                    if a != b {
                        see[usize::from(a) * words + usize::from(b) / 64] |=
                            1 << (usize::from(b) % 64);
                    }
                }
            }
            if group.is_house(n) {
                let kind = match group.kind() {
                    GroupKind::Row(_) => HouseKind::Row,
                    GroupKind::Column(_) => HouseKind::Column,
                    GroupKind::Box(_) | GroupKind::Region(_) => HouseKind::Box,
                    _ => HouseKind::Other,
                };
                for &c in &idx {
                    cell_houses[usize::from(c)].push(houses.len() as u16);
                }
                houses.push(House {
                    cells: idx,
                    kind,
                    name: group.kind(),
                });
            }
        }
        let peers: Vec<Vec<u16>> = (0..cells)
            .map(|a| {
                (0..cells)
                    .filter(|&b| see[a * words + b / 64] & (1 << (b % 64)) != 0)
                    .map(|b| b as u16)
                    .collect()
            })
            .collect();
        let mut slots = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for (j, &c) in house.cells.iter().enumerate() {
                slots[usize::from(c)].push((h as u16, j as u8));
            }
        }
        let mut crossings = Vec::new();
        for a in 0..houses.len() {
            for b in 0..houses.len() {
                if a == b {
                    continue;
                }
                let (mut in_a, mut in_b) = (0u64, 0u64);
                for (i, c) in houses[a].cells.iter().enumerate() {
                    if let Some(j) = houses[b].cells.iter().position(|d| d == c) {
                        in_a |= 1 << i;
                        in_b |= 1 << j;
                    }
                }
                if in_a.count_ones() >= 2 && (in_a.count_ones() as usize) < n {
                    crossings.push((a as u16, b as u16, in_a, in_b));
                }
            }
        }
        let find = |kind: HouseKind| -> Vec<usize> {
            (0..houses.len())
                .filter(|&h| houses[h].kind == kind)
                .collect()
        };
        let (rows, cols) = (find(HouseKind::Row), find(HouseKind::Column));
        let small = (cells <= 128).then(|| {
            let peers: Vec<u128> = peers
                .iter()
                .map(|p: &Vec<u16>| p.iter().fold(0u128, |m, &c| m | 1 << c))
                .collect();
            let houses: Vec<u128> = houses
                .iter()
                .map(|h| h.cells.iter().fold(0u128, |m, &c| m | 1 << c))
                .collect();
            let touched = (0..cells)
                .map(|c| {
                    let near = peers[c] | 1 << c;
                    (0..houses.len().min(64))
                        .filter(|&h| houses[h] & near != 0)
                        .fold(0u64, |m, h| m | 1 << h)
                })
                .collect();
            Small {
                peers,
                houses,
                touched,
            }
        });
        Geometry {
            n,
            vars: vars.to_vec(),
            houses,
            cell_houses,
            peers,
            see,
            words,
            rectangles_swap: variant.cages().is_empty() && !variant.has_diagonals(),
            slots,
            crossings,
            rows,
            cols,
            small,
        }
    }

    /// Number of cells.
    #[inline]
    pub(crate) fn cells(&self) -> usize {
        self.n * self.n
    }

    /// Whether two different cells share a group.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.see[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// The cell of an index.
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.n, i % self.n)
    }

    /// The box (or region) holding cell `i`, if any.
    pub(crate) fn box_of(&self, i: usize) -> Option<usize> {
        self.cell_houses[i]
            .iter()
            .map(|&h| usize::from(h))
            .find(|&h| self.houses[h].kind == HouseKind::Box)
    }

    /// The row and column house of cell `i`.
    pub(crate) fn lines_of(&self, i: usize) -> (Option<usize>, Option<usize>) {
        let mut row = None;
        let mut col = None;
        for &h in &self.cell_houses[i] {
            match self.houses[usize::from(h)].kind {
                HouseKind::Row => row = Some(usize::from(h)),
                HouseKind::Column => col = Some(usize::from(h)),
                _ => {}
            }
        }
        (row, col)
    }

    /// The candidate masks of every cell (bit `d` for value `d + 1`).
    pub(crate) fn read(&self, ctx: &PropagationContext<'_>, out: &mut Vec<u64>) {
        out.clear();
        out.extend(self.vars.iter().map(|&v| super::mask(ctx, v)));
    }

    /// The cells of house `h` where bit `bit` is a candidate of an unsolved
    /// cell, as indices into the house.
    #[inline]
    pub(crate) fn places(&self, masks: &[u64], h: usize, bit: u64) -> u64 {
        let mut p = 0u64;
        for (j, &c) in self.houses[h].cells.iter().enumerate() {
            let m = masks[usize::from(c)];
            if m & bit != 0 && m.several() {
                p |= 1 << j;
            }
        }
        p
    }

    /// Whether value bit `bit` is already placed in house `h`.
    #[inline]
    pub(crate) fn placed(&self, masks: &[u64], h: usize, bit: u64) -> bool {
        self.houses[h]
            .cells
            .iter()
            .any(|&c| masks[usize::from(c)] == bit)
    }
}

/// `{1,2}`-style candidate list of a mask.
pub(crate) fn digits(mask: u64) -> String {
    let mut s = String::new();
    let mut m = mask;
    while m != 0 {
        let d = m.trailing_zeros() as u8 + 1;
        m &= m - 1;
        s.push(crate::board::symbol(d));
    }
    s
}

/// The geometry of a classic board and the candidates of `puzzle`: every
/// value no peer holds (the position the techniques' tests start from).
#[cfg(test)]
pub(crate) fn classic_position(puzzle: &str) -> (Geometry, Vec<u64>) {
    use crate::{Board, Shape, Variant};
    use csp_core::{Domain, Model};
    let variant = Variant::classic(Shape::CLASSIC);
    let mut model = Model::new();
    let cells: Vec<_> = (0..81)
        .map(|_| model.new_var(Domain::from((1..=9).collect::<Vec<i32>>())))
        .collect::<Result<_, _>>()
        .unwrap();
    let geo = Geometry::new(&variant, &cells);
    let board: Board = puzzle.parse().unwrap();
    let values = board.values();
    let masks = (0..81)
        .map(|c| match values[c] {
            0 => geo.peers[c]
                .iter()
                .filter(|&&p| values[usize::from(p)] != 0)
                .fold(0x1ff, |m, &p| m & !(1 << (values[usize::from(p)] - 1))),
            v => 1 << (v - 1),
        })
        .collect();
    (geo, masks)
}
