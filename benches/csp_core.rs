//! Criterion benches of the generic engine, `csp-core`:
//!
//! - `propagation`: root propagation (givens, then every constraint to a
//!   fixpoint) of 9x9 Sudoku models, for each AllDifferent strength;
//! - `solve`: whole searches (first solution and proof of uniqueness) of
//!   hard Sudokus for each strength, and counting the 92 8-queens solutions;
//! - `trail`: undo through `csp_core::trail::Trail` against copying the
//!   domain store per branch (a fresh `Vec` clone, or a copy into a
//!   preallocated stack), on a simulated depth-first search: the check of the
//!   trail choice.
//!
//! Run with `cargo bench --bench csp_core` (about two minutes on 2 cores).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gridcsp::csp_core::trail::Trail;
use gridcsp::csp_core::{Grid, Model, RelOp, Solver, Strength, Value, VarId};
use std::hint::black_box;
use std::time::Duration;

/// (name, puzzle): two of the 2011 forum "hardest" list, a classic hard one
/// and a 17-clue puzzle (17_clue.txt, line 1).
const SUDOKUS: [(&str, &str); 4] = [
    (
        "hardest_1106_1",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ),
    (
        "hardest_1106_2",
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
    ),
    (
        "norvig_hard",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ),
    (
        "17_clue_1",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ),
];

fn strength_name(s: Strength) -> &'static str {
    match s {
        Strength::ForwardChecking => "fc",
        Strength::HiddenSingles => "hidden_singles",
        Strength::DomainConsistent => "regin",
    }
}

/// A 9x9 Sudoku model and its givens as assumptions.
fn sudoku(puzzle: &str, strength: Strength) -> (Model, Vec<(VarId, Value)>) {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 9, 9, 1..=9).expect("grid");
    let boxes = grid.boxes(3, 3).expect("boxes");
    for group in grid.rows().chain(grid.columns()).chain(boxes) {
        model
            .all_different_with(&group, strength)
            .expect("distinct cells");
    }
    let givens = puzzle
        .bytes()
        .enumerate()
        .filter(|(_, b)| b.is_ascii_digit() && *b != b'0')
        .map(|(i, b)| (grid.cells()[i], Value::from(b - b'0')))
        .collect();
    (model, givens)
}

fn queens(n: usize) -> Model {
    let mut m = Model::new();
    let qs = m.new_vars(n, 0..=n as Value - 1).expect("domain");
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as Value;
            for offset in [0, d, -d] {
                m.relation(qs[i], RelOp::Ne, qs[j], offset)
                    .expect("known vars");
            }
        }
    }
    m
}

fn queens_all_different(n: usize, strength: Strength) -> Model {
    let mut m = Model::new();
    let n_v = n as Value;
    let qs = m.new_vars(n, 0..=n_v - 1).expect("domain");
    let ups = m.new_vars(n, 0..=2 * n_v - 2).expect("domain");
    let downs = m.new_vars(n, -(n_v - 1)..=n_v - 1).expect("domain");
    for i in 0..n {
        m.relation(qs[i], RelOp::Eq, ups[i], i as Value)
            .expect("known vars");
        m.relation(qs[i], RelOp::Eq, downs[i], -(i as Value))
            .expect("known vars");
    }
    for group in [&qs, &ups, &downs] {
        m.all_different_with(group, strength).expect("distinct");
    }
    m
}

fn propagation(c: &mut Criterion) {
    let mut group = c.benchmark_group("propagation");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for (name, puzzle) in [SUDOKUS[0], SUDOKUS[3]] {
        for strength in Strength::ALL {
            let (model, givens) = sudoku(puzzle, strength);
            let mut solver = Solver::new(&model);
            solver.set_assumptions(&givens).expect("givens in domain");
            assert!(solver.propagate().is_ok());
            let id = BenchmarkId::new(strength_name(strength), name);
            group.bench_function(id, |b| b.iter(|| black_box(solver.propagate().is_ok())));
        }
    }
    group.finish();
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for (name, puzzle) in SUDOKUS {
        for strength in Strength::ALL {
            let (model, givens) = sudoku(puzzle, strength);
            let mut solver = Solver::new(&model);
            solver.set_assumptions(&givens).expect("givens in domain");
            // Solve and prove uniqueness, as a puzzle checker does.
            assert_eq!(solver.count(Some(2)).count, 1, "{name}");
            eprintln!(
                "solve/{}/{name}: {}",
                strength_name(strength),
                solver.stats()
            );
            let id = BenchmarkId::new(format!("sudoku_{}", strength_name(strength)), name);
            group.bench_function(id, |b| b.iter(|| black_box(solver.count(Some(2)).count)));
        }
    }
    let model = queens(8);
    let mut solver = Solver::new(&model);
    assert_eq!(solver.count(None).count, 92);
    group.bench_function("queens_8_count/relations", |b| {
        b.iter(|| black_box(solver.count(None).count))
    });
    for strength in Strength::ALL {
        let model = queens_all_different(8, strength);
        let mut solver = Solver::new(&model);
        assert_eq!(solver.count(None).count, 92);
        let id = BenchmarkId::new(
            "queens_8_count",
            format!("all_different_{}", strength_name(strength)),
        );
        group.bench_function(id, |b| b.iter(|| black_box(solver.count(None).count)));
    }
    group.finish();
}

/// A simulated depth-first search over a store of `words` words: a binary
/// tree of the given depth; every node changes `writes` words (positions
/// from a fixed generator) and both children are explored. Returns a
/// checksum so nothing is optimised away.
struct Sim {
    words: usize,
    depth: u32,
    writes: usize,
}

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

impl Sim {
    fn change(&self, store: &mut [u64], rng: &mut u64, mut record: impl FnMut(u32, u64)) {
        for _ in 0..self.writes {
            let r = next(rng);
            let i = (r % self.words as u64) as usize;
            record(i as u32, store[i]);
            store[i] &= !(1 << (r >> 58));
        }
    }

    /// Undo through the trail: record (index, old word), restore on the way back.
    fn trail(&self) -> u64 {
        let mut store = vec![u64::MAX; self.words];
        let mut trail: Trail<(u32, u64)> =
            Trail::with_capacity(self.writes * (self.depth as usize + 1));
        trail.reserve_levels(self.depth as usize + 1);
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let mut sum = 0u64;
        self.trail_node(&mut store, &mut trail, &mut rng, 0, &mut sum);
        sum
    }

    fn trail_node(
        &self,
        store: &mut [u64],
        trail: &mut Trail<(u32, u64)>,
        rng: &mut u64,
        level: u32,
        sum: &mut u64,
    ) {
        if level == self.depth {
            *sum = sum.wrapping_add(store[(*rng % self.words as u64) as usize]);
            return;
        }
        for _ in 0..2 {
            let l = trail.level();
            trail.new_checkpoint();
            self.change(store, rng, |i, old| trail.push((i, old)));
            self.trail_node(store, trail, rng, level + 1, sum);
            trail.restore_to(l, |(i, old)| store[i as usize] = old);
        }
    }

    /// Copy per branch: clone the whole store before each child.
    fn clone_per_branch(&self) -> u64 {
        let mut store = vec![u64::MAX; self.words];
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let mut sum = 0u64;
        self.clone_node(&mut store, &mut rng, 0, &mut sum);
        sum
    }

    fn clone_node(&self, store: &mut Vec<u64>, rng: &mut u64, level: u32, sum: &mut u64) {
        if level == self.depth {
            *sum = sum.wrapping_add(store[(*rng % self.words as u64) as usize]);
            return;
        }
        for _ in 0..2 {
            let saved = store.clone();
            self.change(store, rng, |_, _| {});
            self.clone_node(store, rng, level + 1, sum);
            *store = saved;
        }
    }

    /// Copy per branch into a preallocated stack of stores (no allocation).
    fn copy_per_branch(&self) -> u64 {
        let mut stack = vec![vec![u64::MAX; self.words]; self.depth as usize + 1];
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let mut sum = 0u64;
        self.copy_node(&mut stack, &mut rng, 0, &mut sum);
        sum
    }

    fn copy_node(&self, stack: &mut [Vec<u64>], rng: &mut u64, level: u32, sum: &mut u64) {
        let l = level as usize;
        if level == self.depth {
            *sum = sum.wrapping_add(stack[l][(*rng % self.words as u64) as usize]);
            return;
        }
        for _ in 0..2 {
            let (below, above) = stack.split_at_mut(l + 1);
            above[0].copy_from_slice(&below[l]);
            self.change(&mut above[0], rng, |_, _| {});
            self.copy_node(stack, rng, level + 1, sum);
        }
    }
}

fn trail(c: &mut Criterion) {
    let mut group = c.benchmark_group("trail");
    group
        .sample_size(15)
        .warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    // 81 words: a 9x9 grid with one word per cell; 8 words changed per
    // node is a typical Sudoku propagation. 729 words: a larger model.
    for (words, writes) in [(81, 8), (729, 8), (729, 64)] {
        let sim = Sim {
            words,
            depth: 12,
            writes,
        };
        let param = format!("{words}w_{writes}writes");
        assert_eq!(sim.trail(), sim.clone_per_branch());
        assert_eq!(sim.trail(), sim.copy_per_branch());
        group.bench_function(BenchmarkId::new("trail", &param), |b| {
            b.iter(|| black_box(sim.trail()))
        });
        group.bench_function(BenchmarkId::new("clone_per_branch", &param), |b| {
            b.iter(|| black_box(sim.clone_per_branch()))
        });
        group.bench_function(BenchmarkId::new("copy_per_branch", &param), |b| {
            b.iter(|| black_box(sim.copy_per_branch()))
        });
    }
    group.finish();
}

criterion_group!(benches, propagation, solve, trail);
criterion_main!(benches);
