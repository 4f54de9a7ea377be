//! The rules on a (partly) filled grid: conflicts, move legality,
//! candidates, and the clues that contradict each other before any search.

use crate::puzzle::{Cell, Link, Mode, Puzzle};
use std::fmt;

/// Clues (or entries) that break the rules, named by cell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Contradiction {
    /// The same value twice in a row.
    RepeatedInRow {
        /// The value.
        value: u8,
        /// The two cells.
        cells: [Cell; 2],
    },
    /// The same value twice in a column.
    RepeatedInColumn {
        /// The value.
        value: u8,
        /// The two cells.
        cells: [Cell; 2],
    },
    /// Two filled neighbours break the sign between them (`lo < hi` is false).
    BrokenSign {
        /// The cell the sign says is smaller.
        lo: Cell,
        /// Its value.
        lo_value: u8,
        /// The cell the sign says is greater.
        hi: Cell,
        /// Its value.
        hi_value: u8,
    },
    /// Adjacent mode: two filled neighbours break the bar (or its absence).
    BrokenBar {
        /// First cell.
        a: Cell,
        /// Its value.
        a_value: u8,
        /// Second cell.
        b: Cell,
        /// Its value.
        b_value: u8,
        /// Whether there is a bar (values must differ by 1).
        bar: bool,
    },
    /// Signs that go round in a circle: `cells[0] < cells[1] < ... < cells[0]`.
    SignCycle {
        /// The cells of the cycle, in increasing order of the signs.
        cells: Vec<Cell>,
    },
    /// A chain of signs (with the givens on it) leaves a cell no value:
    /// `chain` is ascending (`chain[0] < chain[1] < ...`) and passes `cell`.
    ImpossibleChain {
        /// The cell with no possible value.
        cell: Cell,
        /// Its given, if any.
        given: Option<u8>,
        /// The smallest value the chain below allows.
        min: usize,
        /// The largest value the chain above allows.
        max: usize,
        /// The chain, smallest cell first.
        chain: Vec<Cell>,
    },
    /// A move outside the grid or outside the values `1..=size`.
    OutOfRange {
        /// The cell.
        cell: Cell,
        /// The value.
        value: u8,
        /// The puzzle size.
        size: usize,
    },
}

impl Contradiction {
    /// Every cell the contradiction names (for highlighting).
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Contradiction::RepeatedInRow { cells, .. }
            | Contradiction::RepeatedInColumn { cells, .. } => cells.to_vec(),
            Contradiction::BrokenSign { lo, hi, .. } => vec![*lo, *hi],
            Contradiction::BrokenBar { a, b, .. } => vec![*a, *b],
            Contradiction::SignCycle { cells } => cells.clone(),
            Contradiction::ImpossibleChain { chain, .. } => chain.clone(),
            Contradiction::OutOfRange { cell, .. } => vec![*cell],
        }
    }
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::RepeatedInRow {
                value,
                cells: [a, b],
            } => {
                write!(f, "{value} appears twice in row {}: {a} and {b}", a.row + 1)
            }
            Contradiction::RepeatedInColumn {
                value,
                cells: [a, b],
            } => {
                write!(
                    f,
                    "{value} appears twice in column {}: {a} and {b}",
                    a.col + 1
                )
            }
            Contradiction::BrokenSign {
                lo,
                lo_value,
                hi,
                hi_value,
            } => write!(
                f,
                "the sign says {lo} < {hi}, but {lo} is {lo_value} and {hi} is {hi_value}"
            ),
            Contradiction::BrokenBar {
                a,
                a_value,
                b,
                b_value,
                bar: true,
            } => write!(
                f,
                "the bar says {a} and {b} differ by 1, but they are {a_value} and {b_value}"
            ),
            Contradiction::BrokenBar {
                a,
                a_value,
                b,
                b_value,
                bar: false,
            } => write!(
                f,
                "{a} and {b} have no bar, so they cannot differ by 1, but they are {a_value} and {b_value}"
            ),
            Contradiction::SignCycle { cells } => {
                let s: Vec<String> = cells
                    .iter()
                    .chain(cells.first())
                    .map(Cell::to_string)
                    .collect();
                write!(f, "the signs form a cycle: {}", s.join(" < "))
            }
            Contradiction::OutOfRange { cell, value, size } => {
                write!(
                    f,
                    "{cell} = {value} is outside the {size}x{size} grid or its values 1 to {size}"
                )
            }
            Contradiction::ImpossibleChain {
                cell,
                given,
                min,
                max,
                chain,
            } => {
                let s: Vec<String> = chain.iter().map(Cell::to_string).collect();
                match given {
                    Some(v) => write!(
                        f,
                        "{cell} is given as {v}, but the chain {} needs it between {min} and {max}",
                        s.join(" < ")
                    ),
                    None => write!(
                        f,
                        "the chain {} leaves {cell} no value (it would need at least {min} and at most {max})",
                        s.join(" < ")
                    ),
                }
            }
        }
    }
}

impl Puzzle {
    /// Repeated values and broken signs (or bars) among the filled cells.
    pub fn conflicts(&self) -> Vec<Contradiction> {
        let n = self.size();
        let v = self.values();
        let mut out = Vec::new();
        for r in 0..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let (a, b) = (v[r * n + c1], v[r * n + c2]);
                    if a != 0 && a == b {
                        out.push(Contradiction::RepeatedInRow {
                            value: a,
                            cells: [Cell::new(r, c1), Cell::new(r, c2)],
                        });
                    }
                }
            }
        }
        for c in 0..n {
            for r1 in 0..n {
                for r2 in r1 + 1..n {
                    let (a, b) = (v[r1 * n + c], v[r2 * n + c]);
                    if a != 0 && a == b {
                        out.push(Contradiction::RepeatedInColumn {
                            value: a,
                            cells: [Cell::new(r1, c), Cell::new(r2, c)],
                        });
                    }
                }
            }
        }
        for (a, b, link) in self.pairs() {
            let (x, y) = (v[a.index(n)], v[b.index(n)]);
            if x == 0 || y == 0 || link.holds(self.mode(), x, y) {
                continue;
            }
            out.push(match (self.mode(), link) {
                (Mode::Adjacent, _) | (_, Link::Bar | Link::None) => Contradiction::BrokenBar {
                    a,
                    a_value: x,
                    b,
                    b_value: y,
                    bar: link == Link::Bar,
                },
                (_, Link::Less) => Contradiction::BrokenSign {
                    lo: a,
                    lo_value: x,
                    hi: b,
                    hi_value: y,
                },
                (_, Link::Greater) => Contradiction::BrokenSign {
                    lo: b,
                    lo_value: y,
                    hi: a,
                    hi_value: x,
                },
            });
        }
        out
    }

    /// Whether writing `value` in `cell` keeps the grid free of conflicts
    /// with the other filled cells; the first conflict if not.
    pub fn check_move(&self, cell: Cell, value: u8) -> Result<(), Contradiction> {
        let mut p = self.clone();
        if p.set_given(cell, Some(value)).is_err() {
            return Err(Contradiction::OutOfRange {
                cell,
                value,
                size: self.size(),
            });
        }
        match p.conflicts().into_iter().find(|c| involves(c, cell)) {
            Some(c) => Err(c),
            None => Ok(()),
        }
    }

    /// Whether `value` may be written in `cell` (see [`check_move`](Self::check_move)).
    pub fn is_legal(&self, cell: Cell, value: u8) -> bool {
        self.check_move(cell, value).is_ok()
    }

    /// The values `cell` can take without a direct conflict with the filled
    /// cells (its row, its column and the marks to its neighbours). A filled
    /// cell has its own value only.
    pub fn candidates(&self, cell: Cell) -> Vec<u8> {
        if cell.row >= self.size() || cell.col >= self.size() {
            return Vec::new();
        }
        if let Some(v) = self.given(cell) {
            return vec![v];
        }
        (1..=self.size() as u8)
            .filter(|&v| self.is_legal(cell, v))
            .collect()
    }

    /// All contradictions visible before any search: [`conflicts`](Self::conflicts),
    /// cycles of signs, and givens or cells that a chain of signs leaves no
    /// value. `Ok(())` does not promise a solution; it says no clue
    /// contradicts another directly.
    pub fn check(&self) -> Result<(), Vec<Contradiction>> {
        let mut out = self.conflicts();
        if self.mode() == Mode::Standard {
            let cycle = self.sign_cycle();
            let had_cycle = cycle.is_some();
            out.extend(cycle);
            if out.is_empty() && !had_cycle {
                out.extend(self.chain_problem());
            }
        }
        if out.is_empty() { Ok(()) } else { Err(out) }
    }

    /// For each cell, the cells it must be greater than (its lesser neighbours).
    fn lesser_neighbours(&self) -> Vec<Vec<usize>> {
        let n = self.size();
        let mut below = vec![Vec::new(); n * n];
        for (a, b, link) in self.pairs() {
            match link {
                Link::Less => below[b.index(n)].push(a.index(n)),
                Link::Greater => below[a.index(n)].push(b.index(n)),
                _ => {}
            }
        }
        below
    }

    /// A cycle `x0 < x1 < ... < x0` of signs, if any.
    fn sign_cycle(&self) -> Option<Contradiction> {
        let n = self.size();
        let below = self.lesser_neighbours();
        // Iterative DFS with colours: 0 new, 1 on stack, 2 done.
        let mut colour = vec![0u8; n * n];
        let mut parent = vec![usize::MAX; n * n];
        for start in 0..n * n {
            if colour[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            colour[start] = 1;
            while let Some(&mut (x, ref mut k)) = stack.last_mut() {
                if let Some(&y) = below[x].get(*k) {
                    *k += 1;
                    if colour[y] == 0 {
                        colour[y] = 1;
                        parent[y] = x;
                        stack.push((y, 0));
                    } else if colour[y] == 1 {
                        // x > y and y >... > x: the cycle y -> ... -> x on the stack.
                        let mut cyc = vec![x];
                        let mut z = x;
                        while z != y {
                            z = parent[z];
                            cyc.push(z);
                        }
                        // cyc runs x, parent(x), ..., y, each greater than the next
                        // going towards the top? parent[z] > z, so cyc is x < parent(x) < ... < y.
                        let cells = cyc.into_iter().map(|i| Cell::from_index(i, n)).collect();
                        return Some(Contradiction::SignCycle { cells });
                    }
                } else {
                    colour[x] = 2;
                    stack.pop();
                }
            }
        }
        None
    }

    /// The first cell whose chain bounds (from signs and givens) cross.
    fn chain_problem(&self) -> Option<Contradiction> {
        let n = self.size();
        let below = self.lesser_neighbours();
        let mut above = vec![Vec::new(); n * n];
        for (x, lows) in below.iter().enumerate() {
            for &y in lows {
                above[y].push(x);
            }
        }
        let v = self.values();
        // Topological order (no cycles here): lesser cells first.
        let mut indeg: Vec<usize> = below.iter().map(Vec::len).collect();
        let mut order: Vec<usize> = (0..n * n).filter(|&i| indeg[i] == 0).collect();
        let mut k = 0;
        while k < order.len() {
            let y = order[k];
            k += 1;
            for &x in &above[y] {
                indeg[x] -= 1;
                if indeg[x] == 0 {
                    order.push(x);
                }
            }
        }
        // chain_lo: the least value the signs below allow (givens stop a chain).
        let mut chain_lo = vec![1usize; n * n];
        let mut lo_from = vec![usize::MAX; n * n];
        let bound = |x: usize, chain: &[usize]| {
            if v[x] != 0 {
                usize::from(v[x])
            } else {
                chain[x]
            }
        };
        for &x in &order {
            for &y in &below[x] {
                let b = bound(y, &chain_lo) + 1;
                if b > chain_lo[x] {
                    chain_lo[x] = b;
                    lo_from[x] = y;
                }
            }
        }
        let mut chain_hi = vec![n; n * n];
        let mut hi_from = vec![usize::MAX; n * n];
        for &x in order.iter().rev() {
            for &z in &above[x] {
                let b = bound(z, &chain_hi).saturating_sub(1);
                if b < chain_hi[x] {
                    chain_hi[x] = b;
                    hi_from[x] = z;
                }
            }
        }
        let bad = (0..n * n).find(|&x| {
            let (lo, hi) = (chain_lo[x], chain_hi[x]);
            match v[x] {
                0 => lo > hi,
                g => usize::from(g) < lo || usize::from(g) > hi,
            }
        })?;
        let mut chain = Vec::new();
        let mut z = lo_from[bad];
        while z != usize::MAX {
            chain.push(Cell::from_index(z, n));
            if v[z] != 0 {
                break;
            }
            z = lo_from[z];
        }
        chain.reverse();
        chain.push(Cell::from_index(bad, n));
        let mut z = hi_from[bad];
        while z != usize::MAX {
            chain.push(Cell::from_index(z, n));
            if v[z] != 0 {
                break;
            }
            z = hi_from[z];
        }
        Some(Contradiction::ImpossibleChain {
            cell: Cell::from_index(bad, n),
            given: (v[bad] != 0).then_some(v[bad]),
            min: chain_lo[bad],
            max: chain_hi[bad],
            chain,
        })
    }
}

fn involves(c: &Contradiction, cell: Cell) -> bool {
    match c {
        Contradiction::RepeatedInRow { cells, .. }
        | Contradiction::RepeatedInColumn { cells, .. } => cells.contains(&cell),
        Contradiction::BrokenSign { lo, hi, .. } => *lo == cell || *hi == cell,
        Contradiction::BrokenBar { a, b, .. } => *a == cell || *b == cell,
        Contradiction::SignCycle { cells }
        | Contradiction::ImpossibleChain { chain: cells, .. } => cells.contains(&cell),
        Contradiction::OutOfRange { cell: c, .. } => *c == cell,
    }
}
