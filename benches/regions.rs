//! Release-mode bench of csp-core's region constraints on planted puzzles,
//! before the families that use them exist:
//!
//! - **Fillomino**: a random filling of an `n x n` grid (random regions,
//!   each cell relabelled with the size of its area until that settles),
//!   with a given number at about half the cells; modelled as one variable
//!   per cell (`1..=9`, givens fixed) and `region_size`;
//! - **Nurikabe**: a random shading (cells made island one by one, in a
//!   random order, while the sea stays connected and islands stay at most
//!   6 cells; kept if no 2 x 2 block is all sea), each island's size given
//!   at one of its cells; modelled as `islands` (with its connected sea)
//!   and a clause per 2 x 2 block.
//!
//! The planted answer is a solution, so each instance has one or more (these
//! are not published puzzles: the givens are random, not chosen for a
//! unique answer). For each it times the first solution and the uniqueness
//! check (a second solution, or the proof there is none) with a plain
//! depth-first search, with learning after 1000 failures (`Learning::AUTO`,
//! the families' default) and with learning from the start, each with a
//! node limit, and prints nodes and microseconds (wall clock).
//!
//! `cargo bench --bench regions` (set `REGIONS_BENCH_COUNT` for the number
//! of instances per size, default 4).

use gridcsp::csp_core::graph::Graph;
use gridcsp::csp_core::{Learning, Literal, Model, SearchOptions, Solver, Uniqueness, VarId};
use std::time::{Duration, Instant};

/// SplitMix64: a small deterministic generator.
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

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// The size of the area of equal `labels` holding each cell.
fn area_sizes(n: usize, same: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut piece = vec![usize::MAX; n * n];
    let mut sizes = Vec::new();
    for s in 0..n * n {
        if piece[s] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        piece[s] = id;
        let mut stack = vec![s];
        let mut size = 0;
        while let Some(v) = stack.pop() {
            size += 1;
            for u in neighbours(n, v) {
                if piece[u] == usize::MAX && same(v, u) {
                    piece[u] = id;
                    stack.push(u);
                }
            }
        }
        sizes.push(size);
    }
    piece.iter().map(|&p| sizes[p]).collect()
}

/// A planted filling: labels of an `n x n` grid, every area of label `v`
/// of `v` cells, all at most 9.
fn filling(n: usize, rng: &mut Rng) -> Vec<i32> {
    loop {
        let mut labels: Vec<i32> = (0..n * n).map(|_| 1 + rng.below(5) as i32).collect();
        for _ in 0..40 {
            let sizes = area_sizes(n, |a, b| labels[a] == labels[b]);
            let next: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
            if next == labels && labels.iter().all(|&l| l <= 9) {
                return labels;
            }
            // Break areas too big into random labels again.
            labels = next
                .iter()
                .map(|&s| if s > 9 { 1 + rng.below(5) as i32 } else { s })
                .collect();
        }
    }
}

/// A planted Nurikabe shading (`true`: sea) and its clues.
fn shading(n: usize, rng: &mut Rng) -> (Vec<bool>, Vec<(usize, u32)>) {
    loop {
        let mut sea = vec![true; n * n];
        let mut order: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut order);
        for &i in &order {
            sea[i] = false;
            let sea_ok = {
                let sizes = area_sizes(n, |a, b| sea[a] == sea[b]);
                let seas = sea.iter().filter(|&&s| s).count();
                seas == 0 || (0..n * n).any(|j| sea[j] && sizes[j] == seas)
            };
            let island = area_sizes(n, |a, b| !sea[a] && !sea[b])[i];
            if !sea_ok || island > 6 {
                sea[i] = true;
            }
        }
        let block = (0..n - 1).any(|r| {
            (0..n - 1).any(|c| {
                let i = r * n + c;
                sea[i] && sea[i + 1] && sea[i + n] && sea[i + n + 1]
            })
        });
        if block {
            continue;
        }
        let sizes = area_sizes(n, |a, b| !sea[a] && !sea[b]);
        let mut clued = vec![false; n * n];
        let mut clues = Vec::new();
        let mut cells: Vec<usize> = (0..n * n).filter(|&i| !sea[i]).collect();
        rng.shuffle(&mut cells);
        for &i in &cells {
            // One clue per island: the first of its cells in the order.
            let mut stack = vec![i];
            let mut seen = vec![i];
            let mut taken = false;
            while let Some(v) = stack.pop() {
                taken |= clued[v];
                for u in neighbours(n, v) {
                    if !sea[u] && !seen.contains(&u) {
                        seen.push(u);
                        stack.push(u);
                    }
                }
            }
            if !taken {
                clued[i] = true;
                clues.push((i, sizes[i] as u32));
            }
        }
        return (sea, clues);
    }
}

fn fillomino_model(n: usize, labels: &[i32], rng: &mut Rng) -> (Model, Vec<VarId>, usize) {
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 1..=9).expect("variables");
    m.region_size(&cells, &Graph::grid(n, n).expect("grid"))
        .expect("region size");
    let mut given = 0;
    for (i, &l) in labels.iter().enumerate() {
        if rng.below(2) == 0 {
            m.fix(cells[i], l).expect("a given");
            given += 1;
        }
    }
    (m, cells, given)
}

fn nurikabe_model(n: usize, clues: &[(usize, u32)]) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 0..=1).expect("variables");
    m.islands(&cells, &Graph::grid(n, n).expect("grid"), clues)
        .expect("islands");
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let i = r * n + c;
            let block: Vec<Literal> = [i, i + 1, i + n, i + n + 1]
                .iter()
                .map(|&j| Literal::eq(cells[j], 0))
                .collect();
            m.clause(&block).expect("2 x 2");
        }
    }
    (m, cells)
}

/// The node and time limits of each search (a search can thrash on a
/// loosely clued grid; the bench reports it rather than hang).
const NODE_LIMIT: u64 = 100_000;
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// Times the first solution and the uniqueness check under three searches
/// (plain depth-first, learning after 1000 failures as the families do,
/// learning from the start); checks the first solution with `ok`.
fn run(name: &str, model: &Model, ok: impl Fn(&[i32]) -> bool) {
    for (label, options) in [
        ("plain", SearchOptions::default()),
        (
            "auto",
            SearchOptions::default().with_learning(Learning::AUTO),
        ),
        ("learning", SearchOptions::default().learning()),
    ] {
        let mut solver = Solver::with_options(
            model,
            options
                .with_node_limit(NODE_LIMIT)
                .with_time_limit(TIME_LIMIT),
        );
        let t = Instant::now();
        let first = solver.solve().into_solution();
        let solve_us = t.elapsed().as_micros();
        let nodes_solve = solver.stats().nodes;
        let Some(first) = first else {
            println!(
                "{name:<26} {label:<8} solve: no solution within the limits ({nodes_solve} nodes, {solve_us} µs)"
            );
            continue;
        };
        assert!(ok(first.values()), "{name}: a wrong solution");
        let t = Instant::now();
        let unique = match solver.uniqueness() {
            Uniqueness::Unique(_) => "unique",
            Uniqueness::Multiple(..) => "several",
            Uniqueness::NoSolution => "none?",
            _ => "node limit",
        };
        let unique_us = t.elapsed().as_micros();
        println!(
            "{name:<26} {label:<8} solve {solve_us:>9} µs {nodes_solve:>7} nodes; \
             uniqueness {unique_us:>9} µs {:>7} nodes ({unique})",
            solver.stats().nodes
        );
    }
}

fn main() {
    let count: u64 = std::env::var("REGIONS_BENCH_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    for n in [6, 10] {
        for seed in 0..count {
            let mut rng = Rng(seed * 1000 + n as u64);
            let labels = filling(n, &mut rng);
            let (model, cells, given) = fillomino_model(n, &labels, &mut rng);
            let name = format!("fillomino {n}x{n} #{seed} ({given} g.)");
            run(&name, &model, |s| {
                let values: Vec<i32> = cells.iter().map(|c| s[c.index()]).collect();
                let sizes = area_sizes(n, |a, b| values[a] == values[b]);
                sizes.iter().zip(&values).all(|(&s, &v)| s as i32 == v)
            });
        }
    }
    println!();
    for n in [6, 10, 14] {
        for seed in 0..count {
            let mut rng = Rng(seed * 7919 + n as u64);
            let (_, clues) = shading(n, &mut rng);
            let (model, cells) = nurikabe_model(n, &clues);
            let name = format!("nurikabe {n}x{n} #{seed} ({} cl.)", clues.len());
            run(&name, &model, |s| {
                let values: Vec<i32> = cells.iter().map(|c| s[c.index()]).collect();
                let sizes = area_sizes(n, |a, b| values[a] == 0 && values[b] == 0);
                clues
                    .iter()
                    .all(|&(i, k)| values[i] == 0 && sizes[i] == k as usize)
            });
        }
    }
}
