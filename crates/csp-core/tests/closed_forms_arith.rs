//! Counts with a published or closed-form answer for the arithmetic
//! constraints: magic squares of orders 3 and 4 (OEIS A006052: 1 and 880
//! up to the 8 symmetries of the square, so 8 and 7,040), the 384
//! pandiagonal magic squares of order 4 (48 up to symmetry; Rosser and
//! Walker, *The algebraic theory of diabolic magic squares*, Duke Math. J.
//! 1939), SEND + MORE = MONEY (one solution), partitions into distinct
//! parts (OEIS A000009), ordered factorisations into two and three factors
//! (OEIS A000005 and A007425), compositions (stars and bars), and pairs at
//! a distance. Plus the overflow check of linear constraints.

use csp_core::{
    LinearStrength, Model, ModelError, RelOp, SearchOptions, SearchStatus, Solver, Strength, Value,
    VarId, VariableOrder,
};

fn complete_count(model: &Model, options: SearchOptions) -> u64 {
    let count = Solver::with_options(model, options).count(None);
    assert_eq!(count.status, SearchStatus::Complete);
    count.count
}

/// The `n x n` grid of `1..=n^2`, all different, with rows, columns and
/// both diagonals adding up to the magic constant; with `pandiagonal`, the
/// broken diagonals too.
fn magic_square(
    n: usize,
    linear: LinearStrength,
    all_different: Strength,
    pandiagonal: bool,
) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(n * n, 1..=(n * n) as Value).unwrap();
    let magic = (n * (n * n + 1) / 2) as i64;
    model.all_different_with(&cells, all_different).unwrap();
    let mut lines: Vec<Vec<VarId>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|j| cells[i * n + j]).collect());
        lines.push((0..n).map(|j| cells[j * n + i]).collect());
    }
    let shifts = if pandiagonal { n } else { 1 };
    for k in 0..shifts {
        lines.push((0..n).map(|i| cells[i * n + (i + k) % n]).collect());
        lines.push((0..n).map(|i| cells[i * n + (n - 1 - i + k) % n]).collect());
    }
    for line in lines {
        let terms: Vec<(i64, VarId)> = line.iter().map(|&x| (1, x)).collect();
        model.linear_with(&terms, RelOp::Eq, magic, linear).unwrap();
    }
    model
}

#[test]
fn magic_squares_of_order_3_are_the_8_images_of_lo_shu() {
    for linear in LinearStrength::ALL {
        for all_different in Strength::ALL {
            let model = magic_square(3, linear, all_different, false);
            for order in [VariableOrder::MrvDegree, VariableOrder::Input] {
                let options = SearchOptions::default().with_variable_order(order);
                assert_eq!(
                    complete_count(&model, options),
                    8,
                    "{linear:?} {all_different:?}"
                );
            }
            let mut solver = Solver::new(&model);
            let centre = solver.solve().into_solution().unwrap().values()[4];
            assert_eq!(centre, 5);
        }
    }
}

#[test]
fn magic_squares_of_order_4_are_7040() {
    let model = magic_square(4, LinearStrength::Bounds, Strength::HiddenSingles, false);
    assert_eq!(complete_count(&model, SearchOptions::default()), 7040);
}

#[test]
fn pandiagonal_magic_squares_of_order_4_are_384() {
    let model = magic_square(4, LinearStrength::Domain, Strength::DomainConsistent, true);
    assert_eq!(complete_count(&model, SearchOptions::default()), 384);
}

#[test]
fn send_more_money_has_one_solution() {
    for strength in LinearStrength::ALL {
        let mut model = Model::new();
        let letters = model.new_vars(8, 0..=9).unwrap();
        let [s, e, n, d, m, o, r, y] = letters[..] else {
            unreachable!()
        };
        model.all_different(&letters).unwrap();
        model.linear(&[(1, s)], RelOp::Ne, 0).unwrap();
        model.linear(&[(1, m)], RelOp::Ne, 0).unwrap();
        // SEND + MORE - MONEY == 0, each letter repeated as it occurs.
        let terms = [
            (1000, s),
            (100, e),
            (10, n),
            (1, d),
            (1000, m),
            (100, o),
            (10, r),
            (1, e),
            (-10000, m),
            (-1000, o),
            (-100, n),
            (-10, e),
            (-1, y),
        ];
        model.linear_with(&terms, RelOp::Eq, 0, strength).unwrap();
        let mut solver = Solver::new(&model);
        let all: Vec<_> = solver.solutions().map(|s| s.into_values()).collect();
        assert_eq!(all, vec![vec![9, 5, 6, 7, 1, 0, 8, 2]], "{strength:?}");
    }
}

/// Partitions of `n` into distinct parts, OEIS A000009, `n = 0..=15`.
const DISTINCT_PARTITIONS: [u64; 16] = [1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 22, 27];

#[test]
fn distinct_sums_count_partitions_into_distinct_parts() {
    for n in 1..=15i64 {
        let mut total = 0;
        for k in 1..=5usize {
            let mut model = Model::new();
            let cells = model.new_vars(k, 1..=n as Value).unwrap();
            model.all_different_sum(&cells, n).unwrap();
            let ordered = complete_count(&model, SearchOptions::default());
            let orders: u64 = (1..=k as u64).product();
            assert_eq!(ordered % orders, 0);
            total += ordered / orders;
        }
        // Up to 5 parts suffice: 1 + 2 + ... + 6 = 21 > 15.
        assert_eq!(total, DISTINCT_PARTITIONS[n as usize], "n = {n}");
    }
}

/// Number of divisors, OEIS A000005, `n = 1..=24`.
const DIVISORS: [u64; 24] = [
    1, 2, 2, 3, 2, 4, 2, 4, 3, 4, 2, 6, 2, 4, 4, 5, 2, 6, 2, 6, 4, 4, 2, 8,
];
/// Ordered factorisations into three factors, OEIS A007425, `n = 1..=24`.
const DIVISORS3: [u64; 24] = [
    1, 3, 3, 6, 3, 9, 3, 10, 6, 9, 3, 18, 3, 9, 9, 15, 3, 18, 3, 18, 9, 9, 3, 30,
];

#[test]
fn products_count_ordered_factorisations() {
    for n in 1..=24i64 {
        for (k, want) in [(2, DIVISORS), (3, DIVISORS3)] {
            let mut model = Model::new();
            let xs = model.new_vars(k, 1..=n as Value).unwrap();
            model.product(&xs, n).unwrap();
            let got = complete_count(&model, SearchOptions::default());
            assert_eq!(got, want[n as usize - 1], "{k} factors of {n}");
        }
    }
}

#[test]
fn linear_sums_count_compositions() {
    // x_1 + ... + x_k == n with x_i >= 0: C(n + k - 1, k - 1).
    let binomial = |a: u64, b: u64| (0..b).fold(1u64, |acc, i| acc * (a - i) / (i + 1));
    for strength in LinearStrength::ALL {
        for k in 1..=4u64 {
            for n in 0..=8u64 {
                let mut model = Model::new();
                let xs = model.new_vars(k as usize, 0..=8).unwrap();
                let terms: Vec<(i64, VarId)> = xs.iter().map(|&x| (1, x)).collect();
                model
                    .linear_with(&terms, RelOp::Eq, n as i64, strength)
                    .unwrap();
                let want = binomial(n + k - 1, k - 1);
                assert_eq!(complete_count(&model, SearchOptions::default()), want);
            }
        }
    }
}

#[test]
fn differences_and_quotients_count_pairs() {
    for n in 1..=9i64 {
        for d in 0..=n {
            let mut model = Model::new();
            let xs = model.new_vars(2, 1..=n as Value).unwrap();
            model.difference(xs[0], xs[1], d).unwrap();
            let want = if d == 0 { n } else { 2 * (n - d) } as u64;
            assert_eq!(complete_count(&model, SearchOptions::default()), want);
        }
        for q in 2..=n {
            let mut model = Model::new();
            let xs = model.new_vars(2, 1..=n as Value).unwrap();
            model.quotient(xs[0], xs[1], q).unwrap();
            // y = q * x with x <= n / q, both ways round.
            let want = 2 * (n / q) as u64;
            assert_eq!(complete_count(&model, SearchOptions::default()), want);
        }
    }
}

#[test]
fn coefficients_that_overflow_are_rejected_when_posted() {
    let mut model = Model::new();
    let x = model.new_var(-500_000..=500_000).unwrap();
    let y = model.new_var(0..=9).unwrap();
    // 10^13 * 5 * 10^5 = 5 * 10^18 > 2^62.
    let err = model.linear(&[(10_000_000_000_000, x), (1, y)], RelOp::Eq, 5);
    assert_eq!(
        err,
        Err(ModelError::Overflow {
            constraint: "linear".to_owned()
        })
    );
    assert_eq!(
        err.unwrap_err().to_string(),
        "linear: its arithmetic could overflow 64-bit integers on these domains"
    );
    // Many moderate terms overflow together.
    let xs = model.new_vars(40, 0..=1_000_000).unwrap();
    let terms: Vec<(i64, VarId)> = xs.iter().map(|&x| (1 << 37, x)).collect();
    assert!(matches!(
        model.linear(&terms, RelOp::Le, 0),
        Err(ModelError::Overflow { .. })
    ));
    // Nothing was added by the failed calls.
    assert_eq!(model.num_constraints(), 0);
    // Large but safe coefficients propagate exactly.
    let big = 1i64 << 40;
    model
        .linear(&[(big, y), (1, x)], RelOp::Eq, 7 + 3 * big)
        .unwrap();
    let mut solver = Solver::new(&model);
    let d = solver.propagate().unwrap();
    assert_eq!((d.value(y), d.value(x)), (Some(3), Some(7)));
}
