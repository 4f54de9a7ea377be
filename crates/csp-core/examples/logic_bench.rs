//! Measures the counting and logical constraints against plain user
//! constraints of the same strength (the engine's default forward checking
//! on `is_satisfied`, and a clause that scans every literal), and the two
//! gcc strengths against each other. Same searches, same node counts where
//! the strength is the same; the ratio of times is what to read.
//!
//! ```text
//! cargo run --release -p csp-core --example logic_bench [section]
//! ```
//!
//! Sections: `binairo6`, `binairo`, `sat`, `stars`, `gcc` (all by default).
//! `LOGIC_BENCH_REPS=1 valgrind --tool=cachegrind` gives instruction counts
//! that do not depend on the machine's load; `LOGIC_BENCH_ONLY=<part of a
//! label>` runs the Binairo variants with that label only.

use csp_core::{
    Conflict, Constraint, Events, GccOptions, GccStrength, Grid, Literal, Model,
    PropagationContext, SearchOptions, Solver, Value, ValueOrder, VarId, VariableOrder,
};
use std::time::{Duration, Instant};

/// `sum(vars) == total` on 0/1 variables, with only `is_satisfied`: the
/// engine forward-checks it (prunes once one variable is left).
#[derive(Debug)]
struct FcSum {
    vars: Vec<VarId>,
    total: i64,
}

impl Constraint for FcSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }
}

/// `sum(vars) == total` on 0/1 variables with the counting rule, written
/// as a user constraint that scans (the same strength as `exactly`).
#[derive(Debug)]
struct ScanSum {
    vars: Vec<VarId>,
    total: i64,
}

impl Constraint for ScanSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let (mut ones, mut open) = (0, 0);
        for &v in &self.vars {
            match ctx.value(v) {
                Some(1) => ones += 1,
                Some(_) => {}
                None => open += 1,
            }
        }
        if ones > self.total || ones + open < self.total {
            return Err(ctx.conflict());
        }
        if open > 0 && (ones == self.total || ones + open == self.total) {
            let fill = i32::from(ones != self.total);
            for &v in &self.vars {
                if !ctx.is_fixed(v) {
                    ctx.fix(v, fill)?;
                }
            }
        }
        Ok(())
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
}

/// A clause over 0/1 variables (`b` or `!b`) that scans all literals on
/// every call: unit propagation without watches.
#[derive(Debug)]
struct ScanClause {
    vars: Vec<VarId>,
    positive: Vec<bool>,
}

impl Constraint for ScanClause {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values
            .iter()
            .zip(&self.positive)
            .any(|(&v, &p)| (v == 1) == p)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut open = None;
        for (i, (&v, &p)) in self.vars.iter().zip(&self.positive).enumerate() {
            match ctx.value(v) {
                Some(x) if (x == 1) == p => return Ok(()),
                Some(_) => {}
                None if open.is_some() => return Ok(()),
                None => open = Some(i),
            }
        }
        match open {
            Some(i) => ctx.fix(self.vars[i], i32::from(self.positive[i])).map(drop),
            None => Err(ctx.conflict()),
        }
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
}

/// Best of `reps` runs of `f`, which returns (solutions, nodes).
fn time(reps: usize, mut f: impl FnMut() -> (u64, u64)) -> (Duration, u64, u64) {
    let mut best = Duration::MAX;
    let mut out = (0, 0);
    for _ in 0..reps {
        let t = Instant::now();
        out = f();
        best = best.min(t.elapsed());
    }
    (best, out.0, out.1)
}

/// Whether the variant `label` is to be run (`LOGIC_BENCH_ONLY`: a part of
/// its label; for instruction counts of one variant).
fn selected(label: &str) -> bool {
    std::env::var("LOGIC_BENCH_ONLY").map_or(true, |only| label.contains(&only))
}

fn row(label: &str, (t, sols, nodes): (Duration, u64, u64), base: Duration) {
    println!(
        "  {label:<50} {:>9.2} ms {:>6.2}x {sols:>9} sol {nodes:>9} nodes",
        t.as_secs_f64() * 1e3,
        t.as_secs_f64() / base.as_secs_f64()
    );
}

fn count(model: &Model, options: SearchOptions, limit: Option<u64>) -> (u64, u64) {
    let mut s = Solver::with_options(model, options);
    let c = s.count(limit);
    (c.count, s.stats().nodes)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Balance {
    Exactly,
    Gcc(GccStrength),
    ScanSum,
    FcSum,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Triples {
    Clauses,
    ScanClauses,
}

fn binairo(n: usize, balance: Balance, triples: Triples) -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
    let rows: Vec<Vec<VarId>> = grid.rows().collect();
    let cols: Vec<Vec<VarId>> = grid.columns().collect();
    let half = n / 2;
    for line in rows.iter().chain(&cols) {
        match balance {
            Balance::Exactly => {
                model.exactly(line, 1, half).unwrap();
            }
            Balance::Gcc(s) => {
                let o = GccOptions::default().closed().with_strength(s);
                model
                    .gcc_with(line, &[(0, half, half), (1, half, half)], o)
                    .unwrap();
            }
            Balance::ScanSum => {
                model
                    .add(ScanSum {
                        vars: line.clone(),
                        total: half as i64,
                    })
                    .unwrap();
            }
            Balance::FcSum => {
                model
                    .add(FcSum {
                        vars: line.clone(),
                        total: half as i64,
                    })
                    .unwrap();
            }
        }
        for w in line.windows(3) {
            for positive in [true, false] {
                match triples {
                    Triples::Clauses => {
                        let lits: Vec<Literal> = w
                            .iter()
                            .map(|&b| {
                                if positive {
                                    Literal::from(b)
                                } else {
                                    !Literal::from(b)
                                }
                            })
                            .collect();
                        model.clause(&lits).unwrap();
                    }
                    Triples::ScanClauses => {
                        model
                            .add(ScanClause {
                                vars: w.to_vec(),
                                positive: vec![positive; 3],
                            })
                            .unwrap();
                    }
                }
            }
        }
    }
    model.all_different_vectors(&rows).unwrap();
    model.all_different_vectors(&cols).unwrap();
    model
}

/// SplitMix64 for reproducible random instances.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random 3-SAT with `n` variables and `m` clauses (distinct variables
/// per clause).
fn three_sat(n: usize, m: usize, seed: u64, built_in: bool) -> Model {
    let mut rng = Rng(seed);
    let mut model = Model::new();
    let bs = model.new_bools(n).unwrap();
    for _ in 0..m {
        let mut vs = [0usize; 3];
        let mut k = 0;
        while k < 3 {
            let v = rng.below(n);
            if !vs[..k].contains(&v) {
                vs[k] = v;
                k += 1;
            }
        }
        let positive: Vec<bool> = (0..3).map(|_| rng.next() & 1 == 1).collect();
        if built_in {
            let lits: Vec<Literal> = vs
                .iter()
                .zip(&positive)
                .map(|(&v, &p)| {
                    if p {
                        Literal::from(bs[v])
                    } else {
                        !Literal::from(bs[v])
                    }
                })
                .collect();
            model.clause(&lits).unwrap();
        } else {
            model
                .add(ScanClause {
                    vars: vs.iter().map(|&v| bs[v]).collect(),
                    positive,
                })
                .unwrap();
        }
    }
    model
}

/// An n x n grid over values 1..=3 with each value n/3 times in every row
/// and column, under gcc of the given strength.
fn triple_latin(n: usize, strength: GccStrength) -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 1..=3).unwrap();
    let k = n / 3;
    let o = GccOptions::default().with_strength(strength);
    for line in grid.rows().chain(grid.columns()) {
        model
            .gcc_with(&line, &[(1, k, k), (2, k, k), (3, k, k)], o)
            .unwrap();
    }
    model
}

fn star_battle(n: usize, stars: usize, sums: bool) -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 0..=1).unwrap();
    for line in grid.rows().chain(grid.columns()) {
        if sums {
            model
                .add(ScanSum {
                    vars: line,
                    total: stars as i64,
                })
                .unwrap();
        } else {
            model.exactly(&line, 1, stars).unwrap();
        }
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let block: Vec<VarId> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                .iter()
                .map(|&(i, j)| grid.get(i, j).unwrap())
                .collect();
            if sums {
                // At most one: every pair is a clause (!a or !b).
                for i in 0..4 {
                    for j in i + 1..4 {
                        model
                            .add(ScanClause {
                                vars: vec![block[i], block[j]],
                                positive: vec![false, false],
                            })
                            .unwrap();
                    }
                }
            } else {
                model.at_most_one(&block).unwrap();
            }
        }
    }
    model
}

fn main() {
    // Best of `LOGIC_BENCH_REPS` runs (5); 1 for instruction counts under
    // `valgrind --tool=cachegrind`, which do not depend on the machine's load.
    let reps = std::env::var("LOGIC_BENCH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let default = SearchOptions::default;
    let only = std::env::args().nth(1);
    let wanted = |section: &str| only.as_deref().is_none_or(|s| s == section);

    // Binairo variants: (label, balance, no-three rule, distinct lines).
    let variants = [
        ("exactly, clauses", Balance::Exactly, Triples::Clauses),
        (
            "gcc counting, clauses",
            Balance::Gcc(GccStrength::Counting),
            Triples::Clauses,
        ),
        (
            "gcc flow, clauses",
            Balance::Gcc(GccStrength::DomainConsistent),
            Triples::Clauses,
        ),
        ("user ScanSum, clauses", Balance::ScanSum, Triples::Clauses),
        (
            "exactly, user ScanClause",
            Balance::Exactly,
            Triples::ScanClauses,
        ),
        (
            "user FcSum (forward checking), clauses",
            Balance::FcSum,
            Triples::Clauses,
        ),
    ];
    if wanted("binairo6") {
        println!(
            "Binairo 6x6, all 4140 grids (balanced lines, no three in a row, all_different_vectors):"
        );
        let mut base = None;
        for (label, b, t) in variants {
            if !selected(label) {
                continue;
            }
            let m = binairo(6, b, t);
            let r = time(reps, || count(&m, default(), None));
            let b0 = *base.get_or_insert(r.0);
            row(label, r, b0);
        }
    }
    if wanted("binairo") {
        for n in [8usize, 10, 14] {
            println!(
                "Binairo {n}x{n}, empty grid, first solution for seeds 0..20 (dom/wdeg, random values):"
            );
            let run = |m: &Model| {
                time(reps, || {
                    let mut nodes = 0;
                    let mut sols = 0;
                    for seed in 0..20 {
                        let o = SearchOptions::default()
                            .with_variable_order(VariableOrder::DomWdeg)
                            .with_value_order(ValueOrder::Random { seed });
                        let (c, k) = count(m, o, Some(1));
                        sols += c;
                        nodes += k;
                    }
                    (sols, nodes)
                })
            };
            let mut base = None;
            for (label, b, t) in variants.iter().take(5) {
                if !selected(label) {
                    continue;
                }
                let r = run(&binairo(n, *b, *t));
                let b0 = *base.get_or_insert(r.0);
                row(label, r, b0);
            }
        }
    }
    if wanted("sat") {
        println!(
            "Random 3-SAT, 80 variables, 340 clauses (ratio 4.25), 10 instances, all solutions:"
        );
        let run = |built_in: bool| {
            time(reps, || {
                let (mut sols, mut nodes) = (0, 0);
                for seed in 0..10 {
                    let m = three_sat(80, 340, seed, built_in);
                    let (c, k) = count(&m, default(), None);
                    sols += c;
                    nodes += k;
                }
                (sols, nodes)
            })
        };
        let mut base = None;
        for (label, built_in) in [
            ("model.clause", true),
            ("user ScanClause (scan every call)", false),
        ] {
            if selected(label) {
                let r = run(built_in);
                let b0 = *base.get_or_insert(r.0);
                row(label, r, b0);
            }
        }
    }
    if wanted("stars") {
        println!("Star Battle without regions, 9x9, 2 stars, all solutions:");
        let mut base = None;
        for (label, user) in [
            ("exactly + at_most_one per 2x2 block", false),
            ("user ScanSum + pairwise user ScanClause", true),
        ] {
            if selected(label) {
                let m = star_battle(9, 2, user);
                let r = time(reps, || count(&m, default(), None));
                let b0 = *base.get_or_insert(r.0);
                row(label, r, b0);
            }
        }
    }
    if wanted("gcc") {
        println!("Rows and columns with each of 1, 2, 3 exactly n/3 times (gcc):");
        for (n, limit) in [(6usize, Some(50_000)), (9, Some(20_000))] {
            let mut base = None;
            for strength in GccStrength::ALL {
                let label = format!("{n}x{n} {strength:?}, solution limit {limit:?}");
                if !selected(&label) {
                    continue;
                }
                let m = triple_latin(n, strength);
                let r = time(reps, || count(&m, default(), limit));
                let b0 = *base.get_or_insert(r.0);
                row(&label, r, b0);
            }
        }
        println!("Hard 9x9 Sudokus (3 puzzles, proving uniqueness), each unit as a closed gcc:");
        let mut base = None;
        for strength in GccStrength::ALL {
            let label = format!("sudoku gcc {strength:?}");
            if !selected(&label) {
                continue;
            }
            let r = time(reps, || {
                let (mut sols, mut nodes) = (0, 0);
                for puzzle in HARD_SUDOKUS {
                    let (c, k) = count(&sudoku_gcc(puzzle, strength), default(), None);
                    sols += c;
                    nodes += k;
                }
                (sols, nodes)
            });
            let b0 = *base.get_or_insert(r.0);
            row(&label, r, b0);
        }
    }
}

/// The hard Sudokus of csp-core's tests (`tests/support/problems.rs`).
const HARD_SUDOKUS: [&str; 3] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
];

/// A 9x9 Sudoku with every row, column and box a closed gcc (each digit
/// exactly once) of the given strength, and the puzzle's givens fixed.
fn sudoku_gcc(puzzle: &str, strength: GccStrength) -> Model {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 9, 9, 1..=9).unwrap();
    let once: Vec<(Value, usize, usize)> = (1..=9).map(|v| (v, 1, 1)).collect();
    let o = GccOptions::default().closed().with_strength(strength);
    let boxes = grid.boxes(3, 3).unwrap();
    for unit in grid.rows().chain(grid.columns()).chain(boxes) {
        model.gcc_with(&unit, &once, o).unwrap();
    }
    for (i, b) in puzzle.bytes().enumerate() {
        if b.is_ascii_digit() && b != b'0' {
            model.fix(grid.cells()[i], Value::from(b - b'0')).unwrap();
        }
    }
    model
}
