//! Counts with a closed form for the extensional constraints:
//! Fibonacci numbers (binary strings without two consecutive 1s, by an
//! automaton and by positive and negative tables), the unsigned Stirling
//! numbers of the first kind (permutations by their visible heights), the
//! placements of Nonogram runs (a binomial coefficient), and the involutions
//! (element over variables).

use csp_core::{Dfa, Model, SearchOptions, SearchStatus, Solver, ValueOrder, VariableOrder};

fn complete_count(model: &Model) -> u64 {
    let mut counts = Vec::new();
    for options in [
        SearchOptions::default(),
        SearchOptions::default().with_variable_order(VariableOrder::Input),
        SearchOptions::default()
            .with_variable_order(VariableOrder::DomWdeg)
            .with_value_order(ValueOrder::Random { seed: 7 }),
    ] {
        let c = Solver::with_options(model, options).count(None);
        assert_eq!(c.status, SearchStatus::Complete);
        counts.push(c.count);
    }
    assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
    counts[0]
}

fn fibonacci(n: usize) -> u64 {
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

/// The 0/1 strings of length `n` with no two consecutive 1s are
/// Fibonacci(n + 2) (Knuth, TAOCP vol. 4A, 7.1.3; OEIS A000045).
#[test]
fn strings_without_two_consecutive_ones_are_fibonacci() {
    let no_11 = Dfa::new(2, 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)]).unwrap();
    for n in 1..=20 {
        let want = fibonacci(n + 2);
        let mut m = Model::new();
        let xs = m.new_vars(n, 0..=1).unwrap();
        m.regular(&xs, &no_11).unwrap();
        assert_eq!(complete_count(&m), want, "regular, n = {n}");

        let mut m = Model::new();
        let xs = m.new_vars(n, 0..=1).unwrap();
        for w in xs.windows(2) {
            m.table(w, &[[0, 0], [0, 1], [1, 0]]).unwrap();
        }
        assert_eq!(complete_count(&m), want, "table, n = {n}");

        let mut m = Model::new();
        let xs = m.new_vars(n, 0..=1).unwrap();
        for w in xs.windows(2) {
            m.forbidden_tuples(w, &[[1, 1]]).unwrap();
        }
        assert_eq!(complete_count(&m), want, "forbidden tuples, n = {n}");
    }
}

/// Unsigned Stirling numbers of the first kind `c(n, k)`: the permutations
/// of `n` with `k` left-to-right maxima (Knuth, TAOCP vol. 1, 1.2.10;
/// OEIS A132393), by the recurrence `c(n, k) = c(n-1, k-1) + (n-1) c(n-1, k)`.
#[test]
fn permutations_by_visible_heights_are_stirling_numbers() {
    let mut c = vec![vec![0u64; 9]; 9];
    c[0][0] = 1;
    for n in 1..=8 {
        for k in 1..=n {
            c[n][k] = c[n - 1][k - 1] + (n as u64 - 1) * c[n - 1][k];
        }
    }
    for (n, row) in c.iter().enumerate().take(8).skip(1) {
        for k in 0..=n + 1 {
            let mut m = Model::new();
            let line = m.new_vars(n, 1..=n as i32).unwrap();
            m.visible_count(&line, k).unwrap();
            let want = row.get(k).copied().unwrap_or(0);
            assert_eq!(complete_count(&m), want, "c({n}, {k})");
        }
    }
    // Both ends at once: c(n - 1, a - 1 + b - 1) * C(a + b - 2, a - 1)
    // permutations of n show a from the left and b from the right
    // (the tallest splits the maxima; OEIS A008275 comments).
    let binom = |n: u64, k: u64| -> u64 { (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1)) };
    for n in 1..=6usize {
        for a in 1..=n {
            for b in 1..=n {
                let mut m = Model::new();
                let line = m.new_vars(n, 1..=n as i32).unwrap();
                let rev: Vec<_> = line.iter().rev().copied().collect();
                m.visible_count(&line, a).unwrap();
                m.visible_count(&rev, b).unwrap();
                let want = if a + b - 2 < n {
                    c[n - 1][a + b - 2] * binom((a + b - 2) as u64, (a - 1) as u64)
                } else {
                    0
                };
                assert_eq!(complete_count(&m), want, "n = {n}, {a} and {b} seen");
            }
        }
    }
}

/// `k` runs of total length `s` fit in a line of `n` cells in
/// `C(n - s + 1, k)` ways (stars and bars: the `n - s` empty cells, with a
/// run placed in `k` of their `n - s + 1` gaps).
#[test]
fn nonogram_placements_are_binomial() {
    let binom = |n: i64, k: i64| -> u64 {
        if k < 0 || n < k {
            return 0;
        }
        (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
    };
    for runs in [
        vec![],
        vec![1],
        vec![3],
        vec![2, 2],
        vec![1, 1, 1],
        vec![3, 1, 2],
        vec![5, 4],
    ] {
        for n in 1..=14usize {
            let s: usize = runs.iter().sum();
            let want = binom(n as i64 - s as i64 + 1, runs.len() as i64);
            let mut m = Model::new();
            let cells = m.new_vars(n, 0..=1).unwrap();
            m.nonogram_line(&cells, &runs).unwrap();
            assert_eq!(complete_count(&m), want, "{runs:?} in {n}");
            let mut m = Model::new();
            let cells = m.new_vars(n, 0..=1).unwrap();
            m.regular(&cells, &Dfa::nonogram(&runs).unwrap()).unwrap();
            assert_eq!(complete_count(&m), want, "{runs:?} in {n}, automaton");
        }
    }
}

/// The involutions of `n` (permutations with `p(p(i)) = i`) are the
/// telephone numbers 1, 2, 4, 10, 26, 76, 232, 764 (OEIS A000085), here
/// with `element_vars(p, p[i], i)`: the array holds the index variable.
#[test]
fn involutions_by_element_are_telephone_numbers() {
    let telephone = [1, 2, 4, 10, 26, 76, 232, 764];
    for (k, &want) in telephone.iter().enumerate() {
        let n = k + 1;
        let mut m = Model::new();
        let p = m.new_vars(n, 0..=n as i32 - 1).unwrap();
        for (i, &pi) in p.iter().enumerate() {
            let me = m.new_var(i as i32..=i as i32).unwrap();
            m.element_vars(&p, pi, me).unwrap();
        }
        assert_eq!(complete_count(&m), want, "n = {n}");
    }
}
