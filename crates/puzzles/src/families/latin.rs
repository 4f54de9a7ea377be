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

#[cfg(test)]
mod tests {
    use super::is_latin_square;
    use csp_core::{Grid, Model, Solver, Strength};
    use rand::{Rng, SeedableRng};

    /// The forcing chains Skyscrapers and KenKen grade with (the futoshiki
    /// crate's) remove no solution: on random partial squares
    /// of sides 3 to 6, the count with them is the count without (every
    /// solution up to a cap).
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
                for col in grid.columns() {
                    m.all_different_with(&col, Strength::HiddenSingles).unwrap();
                }
                for &(i, v) in &givens {
                    if m.fix(grid.cells()[i], v).is_err() {
                        return None;
                    }
                }
                if forcing {
                    m.add(futoshiki::ForcingChains::new(n, grid.cells().to_vec()))
                        .unwrap();
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
