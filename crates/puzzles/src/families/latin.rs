//! Latin squares, shared by the number-placement families whose rows and
//! columns each hold `1..=n` once (KenKen, Skyscrapers).

/// Whether `values` (row-major, `n * n` of them) is a Latin square on
/// `1..=n`: every row and every column holds each value once. One pass by
/// bit masks, with no allocation, for the checks' fast path; `false` for
/// a side outside `1..=64` or a grid of the wrong length.
pub(crate) fn is_latin_square<T: Copy + Into<u64>>(values: &[T], n: usize) -> bool {
    if n == 0 || n > 64 || values.len() != n * n {
        return false;
    }
    let full = u64::MAX >> (64 - n);
    let mut cols = [0u64; 64];
    for row in values.chunks_exact(n) {
        let mut in_row = 0u64;
        for (col, &v) in cols.iter_mut().zip(row) {
            let v: u64 = v.into();
            if v == 0 || v > n as u64 {
                return false;
            }
            let bit = 1u64 << (v - 1);
            in_row |= bit;
            *col |= bit;
        }
        if in_row != full {
            return false;
        }
    }
    cols[..n].iter().all(|&c| c == full)
}

/// Tatham's Latin-square forcing chains (his `latin_solver_forcing`, the
/// Extreme level of Towers): from a cell with two candidates, assume it
/// is not `v`, so it is its other value; a neighbour (same row or column)
/// with two candidates that holds that value must then be its own other
/// value, and so on breadth first. A cell that sees both the start and a
/// chain cell forced to `v` is not `v` either way, so `v` leaves it.
///
/// The scope is the `n * n` cells, row-major, with values `1..=n` (`n` up
/// to 64). Each call runs the chains to a fixpoint.
#[derive(Debug)]
pub(crate) struct LatinForcing {
    cells: Vec<csp_core::VarId>,
    n: usize,
}

/// Rule name of a forcing-chain removal.
pub(crate) const FORCING_CHAIN: &str = "forcing chain";

impl LatinForcing {
    pub(crate) fn new(cells: &[csp_core::VarId], n: usize) -> LatinForcing {
        LatinForcing {
            cells: cells.to_vec(),
            n,
        }
    }

    /// One removal, if a chain gives one.
    fn step(
        &self,
        ctx: &mut csp_core::PropagationContext<'_>,
        cand: &mut [u64],
        number: &mut [u64],
        queue: &mut Vec<usize>,
    ) -> Result<bool, csp_core::Conflict> {
        let n = self.n;
        for (i, &x) in self.cells.iter().enumerate() {
            cand[i] = ctx
                .iter(x)
                .filter(|&v| (1..=n as csp_core::Value).contains(&v))
                .fold(0, |m, v| m | 1u64 << (v - 1));
        }
        let pair = |m: u64| m != 0 && m & (m - 1) != 0 && (m & (m - 1)) & ((m & (m - 1)) - 1) == 0;
        for start in 0..n * n {
            if !pair(cand[start]) {
                continue;
            }
            let (sr, sc) = (start / n, start % n);
            let mut rest = cand[start];
            while rest != 0 {
                let orig = rest & rest.wrapping_neg();
                rest &= rest - 1;
                number.fill(0);
                queue.clear();
                number[start] = cand[start] & !orig;
                queue.push(start);
                let mut head = 0;
                while head < queue.len() {
                    let cur = queue[head];
                    head += 1;
                    let value = number[cur];
                    let (r, c) = (cur / n, cur % n);
                    let row = (0..n).map(|j| r * n + j);
                    let col = (0..n).map(|j| j * n + c);
                    for nb in row.chain(col) {
                        if nb == cur || number[nb] != 0 || cand[nb] & value == 0 {
                            continue;
                        }
                        if pair(cand[nb]) {
                            number[nb] = cand[nb] & !value;
                            queue.push(nb);
                        }
                        if value == orig && (nb / n == sr || nb % n == sc) {
                            ctx.set_rule(FORCING_CHAIN);
                            let v = orig.trailing_zeros() as csp_core::Value + 1;
                            // (Always a change: `nb` holds `v`, checked above.)
                            if ctx.remove(self.cells[nb], v)? {
                                return Ok(true);
                            }
                        }
                    }
                }
            }
        }
        Ok(false)
    }
}

impl csp_core::Constraint for LatinForcing {
    fn scope(&self) -> &[csp_core::VarId] {
        &self.cells
    }

    fn is_satisfied(&self, _: &[csp_core::Value]) -> bool {
        true // a reasoning rule, implied by the rows' and columns' rule
    }

    fn propagate(
        &self,
        ctx: &mut csp_core::PropagationContext<'_>,
    ) -> Result<(), csp_core::Conflict> {
        let cells = self.n * self.n;
        if self.n > 64 || self.cells.len() != cells {
            return Ok(());
        }
        let mut words = ctx.take_words();
        words.clear();
        words.resize(2 * cells, 0);
        let (cand, number) = words.split_at_mut(cells);
        let mut queue = Vec::with_capacity(cells);
        let result = loop {
            match self.step(ctx, cand, number, &mut queue) {
                Ok(true) => continue,
                Ok(false) => break Ok(()),
                Err(c) => break Err(c),
            }
        };
        ctx.give_back_words(words);
        result
    }

    fn events(&self) -> csp_core::Events {
        csp_core::Events::DOMAIN
    }

    fn priority(&self) -> csp_core::Priority {
        // After the cheaper rules of the level.
        csp_core::Priority::new(6)
    }

    fn name(&self) -> &str {
        FORCING_CHAIN
    }
}

#[cfg(test)]
mod tests {
    use super::{LatinForcing, is_latin_square};
    use csp_core::{Grid, Model, Solver, Strength};
    use rand::{Rng, SeedableRng};

    /// The forcing chains remove no solution: on random partial squares
    /// of sides 3 to 6, the count with them is the count without (every
    /// solution up to a cap), and so is every root domain they leave.
    #[test]
    fn forcing_chains_keep_every_solution() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for round in 0..300 {
            let n = 3 + round % 4;
            let givens: Vec<(usize, csp_core::Value)> = (0..rng.random_range(0..n * 2))
                .map(|_| {
                    (
                        rng.random_range(0..n * n),
                        rng.random_range(1..=n as csp_core::Value),
                    )
                })
                .collect();
            let count = |forcing: bool| {
                let mut m = Model::new();
                let grid = Grid::new_unnamed(&mut m, n, n, 1..=n as csp_core::Value).unwrap();
                for r in 0..n {
                    m.all_different_with(grid.row(r), Strength::HiddenSingles)
                        .unwrap();
                }
                for c in 0..n {
                    let col: Vec<_> = (0..n).map(|r| grid.cells()[r * n + c]).collect();
                    m.all_different_with(&col, Strength::HiddenSingles).unwrap();
                }
                for &(i, v) in &givens {
                    if m.fix(grid.cells()[i], v).is_err() {
                        return None;
                    }
                }
                if forcing {
                    m.add(LatinForcing::new(grid.cells(), n)).unwrap();
                }
                Some(Solver::new(&m).count(Some(5_000)).count)
            };
            assert_eq!(count(true), count(false), "n {n}, givens {givens:?}");
        }
    }

    #[test]
    fn tells_latin_squares_from_other_grids() {
        assert!(is_latin_square(&[1u8], 1));
        assert!(is_latin_square(&[1u8, 2, 2, 1], 2));
        assert!(is_latin_square(&[1u32, 2, 3, 2, 3, 1, 3, 1, 2], 3));
        // A repeated value in a column, in a row, out of range, empty.
        assert!(!is_latin_square(&[1u8, 2, 1, 2], 2));
        assert!(!is_latin_square(&[1u8, 1, 2, 2], 2));
        assert!(!is_latin_square(&[1u8, 3, 3, 1], 2));
        assert!(!is_latin_square(&[0u8, 2, 2, 1], 2));
        // The wrong length or side.
        assert!(!is_latin_square(&[1u8, 2, 2], 2));
        assert!(!is_latin_square::<u8>(&[], 0));
        let big: Vec<u32> = (0..65 * 65).map(|i| (i % 65 + 1) as u32).collect();
        assert!(!is_latin_square(&big, 65));
        let side64: Vec<u32> = (0..64 * 64)
            .map(|i| ((i / 64 + i % 64) % 64 + 1) as u32)
            .collect();
        assert!(is_latin_square(&side64, 64));
    }
}
