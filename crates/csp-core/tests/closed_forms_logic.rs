//! Counts with a closed form (or a published sequence) for the counting and
//! logical constraints: 0/1 matrices with fixed row and column sums, balanced
//! strings, strings without three equal symbols in a row, Binairo lines,
//! permutations with no two adjacent entries touching (a one-star Star
//! Battle), n-queens on Booleans, Eulerian numbers through reification,
//! multinomials through gcc, and ordered or distinct rows through lex and
//! different vectors. Each model is counted under several search orders.

use csp_core::{
    GccOptions, GccStrength, Grid, Literal, Model, RelOp, SearchOptions, SearchStatus, Solver,
    ValueOrder, VarId, VariableOrder,
};

fn orders() -> [SearchOptions; 3] {
    [
        SearchOptions::default(),
        SearchOptions::default()
            .with_variable_order(VariableOrder::Input)
            .with_value_order(ValueOrder::Descending),
        SearchOptions::default()
            .with_variable_order(VariableOrder::DomWdeg)
            .with_value_order(ValueOrder::Random { seed: 3 }),
    ]
}

fn count(model: &Model) -> u64 {
    let mut counts = orders().into_iter().map(|o| {
        let c = Solver::with_options(model, o).count(None);
        assert_eq!(c.status, SearchStatus::Complete);
        c.count
    });
    let first = counts.next().unwrap();
    assert!(counts.all(|c| c == first), "orders disagree");
    first
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// How a line's "exactly k ones" rule is posted.
#[derive(Clone, Copy, Debug)]
enum LineRule {
    Exactly,
    Gcc(GccStrength),
    /// `count(line, 1) == k` with `k` a variable fixed by the model.
    CountVar,
}

const RULES: [LineRule; 4] = [
    LineRule::Exactly,
    LineRule::Gcc(GccStrength::Counting),
    LineRule::Gcc(GccStrength::DomainConsistent),
    LineRule::CountVar,
];

fn ones(model: &mut Model, line: &[VarId], k: usize, rule: LineRule) {
    match rule {
        LineRule::Exactly => {
            model.exactly(line, 1, k).unwrap();
        }
        LineRule::Gcc(strength) => {
            let n = line.len();
            let options = GccOptions::default().closed().with_strength(strength);
            model
                .gcc_with(line, &[(0, n - k, n - k), (1, k, k)], options)
                .unwrap();
        }
        LineRule::CountVar => {
            let kv = model.new_var(k as i32..=k as i32 + 1).unwrap();
            model.remove_value(kv, k as i32 + 1).unwrap();
            model.count(line, 1, RelOp::Eq, kv).unwrap();
        }
    }
}

/// n x n 0/1 matrices with k ones in every row and column.
fn fixed_margins(n: usize, k: usize, rule: LineRule) -> u64 {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
    for line in grid.rows().chain(grid.columns()) {
        ones(&mut model, &line, k, rule);
    }
    count(&model)
}

#[test]
fn zero_one_matrices_with_two_ones_per_row_and_column() {
    // OEIS A001499: 1, 6, 90, 2040 for n = 2..=5.
    for rule in RULES {
        for (n, want) in [(2, 1), (3, 6), (4, 90), (5, 2040)] {
            assert_eq!(fixed_margins(n, 2, rule), want, "{rule:?} n = {n}");
        }
    }
}

#[test]
fn zero_one_matrices_with_three_ones_per_row_and_column() {
    // OEIS A008300: 1, 24, 2040 for n = 3..=5.
    for rule in RULES {
        for (n, want) in [(3, 1), (4, 24), (5, 2040)] {
            assert_eq!(fixed_margins(n, 3, rule), want, "{rule:?} n = {n}");
        }
    }
}

#[test]
fn permutation_matrices_through_exactly_one() {
    // n! permutation matrices.
    for n in 1..=6 {
        let mut model = Model::new();
        let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
        for line in grid.rows().chain(grid.columns()) {
            model.exactly_one(&line).unwrap();
        }
        assert_eq!(count(&model), factorial(n as u64), "n = {n}");
    }
}

#[test]
fn balanced_strings() {
    // Strings of n zeros and n ones: C(2n, n) (OEIS A000984).
    for rule in RULES {
        for n in 1..=6usize {
            let mut model = Model::new();
            let line = model.new_bools(2 * n).unwrap();
            ones(&mut model, &line, n, rule);
            assert_eq!(
                count(&model),
                binomial(2 * n as u64, n as u64),
                "{rule:?} {n}"
            );
        }
    }
}

/// Posts "no three equal in a row" on a 0/1 line with two clauses per
/// window: some cell is 1 and some cell is 0.
fn no_three_in_a_row(model: &mut Model, line: &[VarId]) {
    for w in line.windows(3) {
        model.clause(w).unwrap();
        let zeros: Vec<Literal> = w.iter().map(|&b| !Literal::from(b)).collect();
        model.clause(&zeros).unwrap();
    }
}

#[test]
fn strings_without_three_equal_in_a_row() {
    // Runs of length 1 or 2: compositions of n into 1s and 2s (Fibonacci
    // F(n+1)), times 2 for the first symbol: 2, 4, 6, 10, 16, 26, ...
    let mut fib = [1u64, 1];
    for n in 1..=14usize {
        let mut model = Model::new();
        let line = model.new_bools(n).unwrap();
        no_three_in_a_row(&mut model, &line);
        assert_eq!(count(&model), 2 * fib[1], "n = {n}");
        fib = [fib[1], fib[0] + fib[1]];
    }
}

#[test]
fn binairo_lines_match_an_independent_enumeration() {
    // Balanced lines without three equal in a row, against a plain loop
    // over all bit patterns (14 lines of length 6, the rows of 6x6 Binairo).
    for n in [2usize, 4, 6, 8, 10, 12] {
        let want = (0u32..1 << n)
            .filter(|&bits| bits.count_ones() as usize == n / 2)
            .filter(|&bits| {
                (0..n - 2).all(|i| {
                    let w = bits >> i & 7;
                    w != 0 && w != 7
                })
            })
            .count() as u64;
        for rule in RULES {
            let mut model = Model::new();
            let line = model.new_bools(n).unwrap();
            ones(&mut model, &line, n / 2, rule);
            no_three_in_a_row(&mut model, &line);
            assert_eq!(count(&model), want, "{rule:?} n = {n}");
        }
        if n == 6 {
            assert_eq!(want, 14);
        }
    }
}

#[test]
fn one_star_battle_is_hertzsprungs_problem() {
    // One star per row and column, no two stars touching (not even
    // diagonally): permutations with |p(i) - p(i+1)| != 1, OEIS A002464:
    // 1, 0, 0, 2, 14, 90, 646 for n = 1..=7. "Not touching" is at most one
    // star in every 2x2 block.
    for (n, want) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 14), (6, 90), (7, 646)] {
        let mut model = Model::new();
        let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
        for line in grid.rows().chain(grid.columns()) {
            model.exactly(&line, 1, 1).unwrap();
        }
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let block = [
                    grid.get(r, c).unwrap(),
                    grid.get(r, c + 1).unwrap(),
                    grid.get(r + 1, c).unwrap(),
                    grid.get(r + 1, c + 1).unwrap(),
                ];
                model.at_most_one(&block).unwrap();
            }
        }
        assert_eq!(count(&model), want, "n = {n}");
    }
}

#[test]
fn queens_on_booleans() {
    // n-queens, OEIS A000170: 2, 10, 4, 40, 92 for n = 4..=8. Exactly one
    // queen per row and column, at most one per diagonal.
    for (n, want) in [(4usize, 2u64), (5, 10), (6, 4), (7, 40), (8, 92)] {
        let mut model = Model::new();
        let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
        for line in grid.rows().chain(grid.columns()) {
            model.exactly_one(&line).unwrap();
        }
        for d in 0..2 * n - 1 {
            let down: Vec<VarId> = (0..n)
                .filter(|&r| d >= r && d - r < n)
                .map(|r| grid.get(r, d - r).unwrap())
                .collect();
            let up: Vec<VarId> = (0..n)
                .filter(|&r| d + r >= n - 1 && d + r - (n - 1) < n)
                .map(|r| grid.get(r, d + r - (n - 1)).unwrap())
                .collect();
            for diag in [down, up] {
                if diag.len() > 1 {
                    model.at_most_one(&diag).unwrap();
                }
            }
        }
        assert_eq!(count(&model), want, "n = {n}");
    }
}

#[test]
fn eulerian_numbers_through_reified_ascents() {
    // Permutations of 1..=n with exactly k ascents: the Eulerian numbers
    // (OEIS A008292), n = 5: 1, 26, 66, 26, 1. Each ascent is a reified
    // relation b_i <-> x_i < x_{i+1}; the count of ascents a variable.
    let n = 5;
    let eulerian = [1u64, 26, 66, 26, 1];
    for (k, &want) in eulerian.iter().enumerate() {
        for half in [false, true] {
            let mut model = Model::new();
            let xs = model.new_vars(n, 1..=n as i32).unwrap();
            model.all_different(&xs).unwrap();
            let bs = model.new_bools(n - 1).unwrap();
            for (i, &b) in bs.iter().enumerate() {
                if half {
                    // b -> ascent and !b -> descent: the same as full.
                    model
                        .half_reify_relation(b, xs[i], RelOp::Lt, xs[i + 1], 0)
                        .unwrap();
                    let nb = model.new_bool().unwrap();
                    model.reify(nb, Literal::eq(b, 0)).unwrap();
                    model
                        .half_reify_relation(nb, xs[i], RelOp::Gt, xs[i + 1], 0)
                        .unwrap();
                } else {
                    model
                        .reify_relation(b, xs[i], RelOp::Lt, xs[i + 1], 0)
                        .unwrap();
                }
            }
            let ascents = model.new_var(0..=n as i32).unwrap();
            model.count(&bs, 1, RelOp::Eq, ascents).unwrap();
            model.fix(ascents, k as i32).unwrap();
            assert_eq!(count(&model), want, "k = {k}, half = {half}");
        }
    }
}

#[test]
fn multinomials_through_gcc() {
    // Words of length 6 over {1, 2, 3} with each letter twice: 6!/(2!2!2!)
    // = 90; with at most one 3 and the rest free among 1 and 2 (closed):
    // 2^6 + 6 * 2^5 = 256. All different as a gcc: n!.
    for strength in GccStrength::ALL {
        let options = GccOptions::default().with_strength(strength);
        let mut model = Model::new();
        let xs = model.new_vars(6, 1..=3).unwrap();
        model
            .gcc_with(&xs, &[(1, 2, 2), (2, 2, 2), (3, 2, 2)], options)
            .unwrap();
        assert_eq!(count(&model), 90, "{strength:?}");

        let mut model = Model::new();
        let xs = model.new_vars(6, 0..=5).unwrap();
        model
            .gcc_with(&xs, &[(1, 0, 6), (2, 0, 6), (3, 0, 1)], options.closed())
            .unwrap();
        assert_eq!(count(&model), 64 + 6 * 32, "{strength:?}");

        for n in 1..=6usize {
            let mut model = Model::new();
            let xs = model.new_vars(n, -2..=n as i32 - 3).unwrap();
            let bounds: Vec<_> = (-2..=n as i32 - 3).map(|v| (v, 0, 1)).collect();
            model.gcc_with(&xs, &bounds, options).unwrap();
            assert_eq!(count(&model), factorial(n as u64), "{strength:?} n = {n}");
        }
    }
}

#[test]
fn ordered_and_distinct_rows() {
    // m rows of L bits: strictly increasing in lex order, C(2^L, m); weakly
    // increasing, C(2^L + m - 1, m) (multisets); pairwise different,
    // 2^L (2^L - 1) ... (2^L - m + 1).
    for (len, m) in [(2usize, 2usize), (2, 4), (3, 3), (3, 4)] {
        let rows_of = |model: &mut Model| -> Vec<Vec<VarId>> {
            (0..m).map(|_| model.new_bools(len).unwrap()).collect()
        };
        let cells = 1u64 << len;
        let mut strict = Model::new();
        let rows = rows_of(&mut strict);
        for w in rows.windows(2) {
            strict.lex_less(&w[0], &w[1]).unwrap();
        }
        assert_eq!(count(&strict), binomial(cells, m as u64), "{len} {m} <lex");

        let mut weak = Model::new();
        let rows = rows_of(&mut weak);
        for w in rows.windows(2) {
            weak.lex_less_eq(&w[0], &w[1]).unwrap();
        }
        assert_eq!(
            count(&weak),
            binomial(cells + m as u64 - 1, m as u64),
            "{len} {m} <=lex"
        );

        let mut distinct = Model::new();
        let rows = rows_of(&mut distinct);
        distinct.all_different_vectors(&rows).unwrap();
        let want: u64 = (0..m as u64).map(|i| cells - i).product();
        assert_eq!(count(&distinct), want, "{len} {m} distinct");
    }
}

#[test]
fn counts_against_a_variable_bound() {
    // count(xs, 1) <= k over 6 Booleans with k in 0..=2: sum over k of
    // the strings with at most k ones; count(xs, 1) != k: 2^6 * 3 minus
    // the strings with exactly k ones.
    let n = 6u64;
    let at_most = |k: u64| (0..=k).map(|i| binomial(n, i)).sum::<u64>();
    for op in [
        RelOp::Le,
        RelOp::Lt,
        RelOp::Ge,
        RelOp::Gt,
        RelOp::Eq,
        RelOp::Ne,
    ] {
        let mut model = Model::new();
        let xs = model.new_bools(n as usize).unwrap();
        let k = model.new_var(0..=2).unwrap();
        model.count(&xs, 1, op, k).unwrap();
        let want: u64 = (0..=2u64)
            .map(|k| match op {
                RelOp::Le => at_most(k),
                RelOp::Lt => at_most(k) - binomial(n, k),
                RelOp::Ge => (1 << n) - at_most(k) + binomial(n, k),
                RelOp::Gt => (1 << n) - at_most(k),
                RelOp::Eq => binomial(n, k),
                RelOp::Ne => (1 << n) - binomial(n, k),
            })
            .sum();
        assert_eq!(count(&model), want, "{op:?}");
    }
}

/// The n x n Binairo grids by plain enumeration: rows drawn from the
/// valid lines (balanced, no three equal in a row), pairwise different,
/// whose columns are valid lines too and pairwise different.
fn binairo_grids_by_enumeration(n: usize) -> u64 {
    let valid = |bits: u32| {
        bits.count_ones() as usize == n / 2 && (0..n - 2).all(|i| !matches!(bits >> i & 7, 0 | 7))
    };
    let lines: Vec<u32> = (0u32..1 << n).filter(|&b| valid(b)).collect();
    fn extend(n: usize, lines: &[u32], rows: &mut Vec<u32>, valid: &dyn Fn(u32) -> bool) -> u64 {
        let column = |rows: &[u32], c: usize| {
            rows.iter()
                .enumerate()
                .fold(0u32, |m, (r, &row)| m | (row >> c & 1) << r)
        };
        if rows.len() == n {
            let cols: Vec<u32> = (0..n).map(|c| column(rows, c)).collect();
            let distinct = (0..n).all(|i| (0..i).all(|j| cols[i] != cols[j]));
            return u64::from(cols.iter().all(|&c| valid(c)) && distinct);
        }
        let mut total = 0;
        for &line in lines {
            if rows.contains(&line) {
                continue;
            }
            rows.push(line);
            // Prune on column prefixes: no three equal, at most n/2 ones.
            let k = rows.len();
            let ok = (0..n).all(|c| {
                let col = column(rows, c);
                let ones = col.count_ones() as usize;
                ones <= n / 2
                    && k - ones <= n / 2
                    && (k < 3 || !matches!(col >> (k - 3) & 7, 0 | 7))
            });
            if ok {
                total += extend(n, lines, rows, valid);
            }
            rows.pop();
        }
        total
    }
    extend(n, &lines, &mut Vec::new(), &valid)
}

#[test]
fn binairo_grids_match_an_independent_enumeration() {
    // 72 grids of 4x4 and 4140 of 6x6 (the enumeration recomputes them).
    for n in [4usize, 6] {
        let want = binairo_grids_by_enumeration(n);
        for rule in RULES {
            let mut model = Model::new();
            let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
            let rows: Vec<Vec<VarId>> = grid.rows().collect();
            let cols: Vec<Vec<VarId>> = grid.columns().collect();
            for line in rows.iter().chain(&cols) {
                ones(&mut model, line, n / 2, rule);
                no_three_in_a_row(&mut model, line);
            }
            model.all_different_vectors(&rows).unwrap();
            model.all_different_vectors(&cols).unwrap();
            assert_eq!(count(&model), want, "{rule:?} n = {n}");
        }
        assert_eq!(want, if n == 4 { 72 } else { 4140 });
    }
}
