//! Release-mode measurements behind the choices of csp-core's extensional
//! constraints (`docs/performance.md` quotes them):
//!
//! 1. **Towers** (Skyscrapers), Tatham's puzzles of 5 x 5 to 9 x 9
//!    (`benches/data/towers.txt`): nodes and time to prove each solution
//!    unique with the clue rule as (a) the private constraint the
//!    Skyscrapers example used to define (`ExampleVisible` below, kept here
//!    as the baseline), (b) the built-in `visible_count`, (c) a positive
//!    table of the permutations with that many visible per clue.
//! 2. **Nonograms**, Tatham's 25 x 25 to 50 x 50 puzzles
//!    (`benches/data/nonograms.txt`) and random 30 x 30 pictures drawn as
//!    in Wolter's survey (each cell filled with probability 1/2): time to
//!    prove uniqueness with every line as (a) `nonogram_line` (the word line
//!    solver) and (b) `regular` on `Dfa::nonogram` (the layered graph). Both
//!    are domain consistent, so the node counts must agree.
//! 3. **Support masks**: the negative table's counting kernel (how many live
//!    tuples does a support mask hold?) on flat words, as `Table` stores
//!    them, against one `FixedBitSet` per mask.
//!
//! 4. **Random tables**: random CSPs of ternary positive tables (model RB
//!    style: 30 variables over 8 values, 60 tables of 230 random tuples
//!    each), first solution or proof of none.
//!
//! `cargo bench --bench extensional [towers|nonograms|masks|tables]`
//! (`EXTENSIONAL_ROUNDS` repeats each measurement, default 3, and keeps the
//! fastest; `EXTENSIONAL_MAX_TOWERS` skips the larger Towers sizes).

use csp_core::{
    Conflict, Constraint, Dfa, Grid, Model, PropagationContext, SearchOptions, SearchStatus,
    Solver, Uniqueness, Value, VarId, VariableOrder, forward_check,
};
use std::hint::black_box;

/// Node limit per Nonogram search (random pictures can need long searches).
const NODE_LIMIT: u64 = 20_000;
use std::time::{Duration, Instant};

/// CPU time of this thread where Linux provides it (a busy machine does not
/// inflate it), else `None`.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Runs `f` `rounds` times and returns its result and the fastest time.
fn timed<R>(rounds: u32, mut f: impl FnMut() -> R) -> (R, Duration) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..rounds {
        let (wall, cpu) = (Instant::now(), cpu_time());
        let r = f();
        let t = match (cpu, cpu_time()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => wall.elapsed(),
        };
        best = best.min(t);
        result = Some(r);
    }
    (result.expect("at least one round"), best)
}

// ---------------------------------------------------------------------------
// Towers

/// The Skyscrapers example's former clue constraint, verbatim in behaviour:
/// the (tallest, count) programme without the pigeonhole tests, allocating
/// its tables per call.
#[derive(Clone, Debug)]
struct ExampleVisible {
    cells: Vec<VarId>,
    seen: usize,
}

fn above(b: u32) -> u64 {
    if b >= 63 { 0 } else { !((1u64 << (b + 1)) - 1) }
}

fn below(b: u32) -> u64 {
    (1u64 << b) - 1
}

fn highest(mask: u64) -> u32 {
    63 - mask.leading_zeros()
}

impl Constraint for ExampleVisible {
    fn scope(&self) -> &[VarId] {
        &self.cells
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
        let mut tallest = None;
        let mut seen = 0;
        for &v in values {
            if tallest.is_none_or(|t| v > t) {
                tallest = Some(v);
                seen += 1;
            }
        }
        distinct && seen == self.seen
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let Some((base, _)) = self.cells.first().and_then(|&c| ctx.mask(c)) else {
            return forward_check(self, ctx);
        };
        let mut domain = Vec::with_capacity(self.cells.len());
        for &cell in &self.cells {
            match ctx.mask(cell) {
                Some((b, mask)) if b == base => domain.push(mask),
                _ => return forward_check(self, ctx),
            }
        }
        let k = domain.len();
        let t = self.seen;
        if t == 0 || t > k {
            return Err(ctx.conflict());
        }
        let width = k + 2;
        let at = |i: usize, c: usize| i * width + c;
        let mut forward = vec![0u64; k * width];
        forward[at(0, 1)] = domain[0];
        for i in 1..k {
            let d = domain[i];
            for c in 1..=i {
                let tallest = forward[at(i - 1, c)];
                if tallest == 0 {
                    continue;
                }
                forward[at(i, c + 1)] |= d & above(tallest.trailing_zeros());
                forward[at(i, c)] |= tallest & above(d.trailing_zeros());
            }
        }
        let mut backward = vec![0u64; k * width];
        backward[at(k - 1, t)] = forward[at(k - 1, t)];
        let mut support = vec![0u64; k];
        for i in (1..k).rev() {
            let d = domain[i];
            for c in 1..=i {
                let tallest = forward[at(i - 1, c)];
                if tallest == 0 {
                    continue;
                }
                let next = d & backward[at(i, c + 1)];
                if next != 0 {
                    support[i] |= next & above(tallest.trailing_zeros());
                    backward[at(i - 1, c)] |= tallest & below(highest(next));
                }
                let stay = tallest & backward[at(i, c)] & above(d.trailing_zeros());
                if stay != 0 {
                    support[i] |= d & below(highest(stay));
                    backward[at(i - 1, c)] |= stay;
                }
            }
        }
        support[0] = domain[0] & backward[at(0, 1)];
        for (&cell, &keep) in self.cells.iter().zip(&support) {
            if keep == 0 {
                return Err(ctx.conflict());
            }
            ctx.intersect_mask(cell, base, keep)?;
        }
        Ok(())
    }

    fn idempotent(&self) -> bool {
        true
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClueRule {
    Example,
    VisibleCount,
    PermutationTable,
}

struct Towers {
    id: String,
    n: usize,
    /// top, bottom, left, right.
    clues: [Vec<Option<usize>>; 4],
    givens: Vec<(usize, Value)>,
}

fn parse_towers(line: &str) -> Towers {
    let (n, rest) = line.split_once(':').expect("n:");
    let n: usize = n.parse().expect("size");
    let (clues, givens) = rest.split_once(',').unwrap_or((rest, ""));
    let all: Vec<Option<usize>> = clues
        .split('/')
        .map(|c| (!c.is_empty()).then(|| c.parse().expect("clue")))
        .collect();
    assert_eq!(all.len(), 4 * n, "{line}");
    let side = |s: usize| all[s * n..(s + 1) * n].to_vec();
    let mut cells = Vec::new();
    let mut at = 0;
    for ch in givens.chars() {
        match ch {
            'a'..='z' => at += ch as usize - 'a' as usize + 1,
            '_' => {}
            '1'..='9' => {
                cells.push((at, ch as Value - '0' as Value));
                at += 1;
            }
            _ => panic!("bad given {ch} in {line}"),
        }
    }
    Towers {
        id: line.to_owned(),
        n,
        clues: [side(0), side(1), side(2), side(3)],
        givens: cells,
    }
}

/// The permutations of `1..=n` with `k` visible from the start.
fn permutations_seen(n: usize, k: usize) -> Vec<Vec<Value>> {
    fn go(n: usize, k: usize, line: &mut Vec<Value>, used: u32, out: &mut Vec<Vec<Value>>) {
        if line.len() == n {
            let mut tallest = 0;
            let seen = line
                .iter()
                .filter(|&&h| {
                    let v = h > tallest;
                    tallest = tallest.max(h);
                    v
                })
                .count();
            if seen == k {
                out.push(line.clone());
            }
            return;
        }
        for h in 1..=n as Value {
            if used & (1 << h) == 0 {
                line.push(h);
                go(n, k, line, used | (1 << h), out);
                line.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, k, &mut Vec::new(), 0, &mut out);
    out
}

fn towers_model(p: &Towers, rule: ClueRule) -> (Model, Grid) {
    let n = p.n;
    let mut model = Model::new();
    let grid = Grid::new(&mut model, n, n, 1..=n as Value).expect("grid");
    for line in grid.lines() {
        model.all_different(&line).expect("distinct");
    }
    let mut tables: Vec<Option<Vec<Vec<Value>>>> = vec![None; n + 1];
    let [top, bottom, left, right] = &p.clues;
    for i in 0..n {
        let column = grid.column(i);
        let row = grid.row(i).to_vec();
        let rev = |v: &[VarId]| v.iter().rev().copied().collect::<Vec<_>>();
        for (cells, clue) in [
            (column.clone(), top[i]),
            (rev(&column), bottom[i]),
            (row.clone(), left[i]),
            (rev(&row), right[i]),
        ] {
            let Some(k) = clue else { continue };
            match rule {
                ClueRule::Example => {
                    model.add(ExampleVisible { cells, seen: k }).expect("scope");
                }
                ClueRule::VisibleCount => {
                    model.visible_count(&cells, k).expect("scope");
                }
                ClueRule::PermutationTable => {
                    let t = tables[k].get_or_insert_with(|| permutations_seen(n, k));
                    model.table(&cells, t).expect("scope");
                }
            }
        }
    }
    for &(at, v) in &p.givens {
        model.fix(grid.cells()[at], v).expect("given in domain");
    }
    (model, grid)
}

fn bench_towers(rounds: u32) {
    let text = include_str!("data/towers.txt");
    let max_n: usize = std::env::var("EXTENSIONAL_MAX_TOWERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let puzzles: Vec<Towers> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(parse_towers)
        .filter(|p| p.n <= max_n)
        .collect();
    println!("Towers: nodes and time to prove the solution unique (sum over 10 puzzles)");
    println!(
        "{:<10} | {:>9} {:>10} | {:>9} {:>10} | {:>9} {:>10} {:>9}",
        "set", "example", "ms", "visible", "ms", "table", "ms", "build ms"
    );
    let rules = [
        ClueRule::Example,
        ClueRule::VisibleCount,
        ClueRule::PermutationTable,
    ];
    let names = ["h", "x", "u"];
    let (mut last_n, mut level) = (0, 0);
    for chunk in puzzles.chunks(10) {
        let n = chunk[0].n;
        level = if n == last_n { level + 1 } else { 0 };
        last_n = n;
        let diff = names[level.min(2)];
        let mut nodes = [0u64; 3];
        let mut times = [Duration::ZERO; 3];
        let mut build = Duration::ZERO;
        for p in chunk {
            let mut answer = None;
            for (r, &rule) in rules.iter().enumerate() {
                let start = Instant::now();
                let (model, grid) = towers_model(p, rule);
                if rule == ClueRule::PermutationTable {
                    build += start.elapsed();
                }
                let mut solver = Solver::new(&model);
                let (u, t) = timed(rounds, || solver.uniqueness());
                let Uniqueness::Unique(s) = u else {
                    panic!("{}: {rule:?} did not find a unique solution: {u:?}", p.id)
                };
                let values = grid.values(&s);
                assert!(answer.get_or_insert(values.clone()) == &values);
                nodes[r] += solver.stats().nodes;
                times[r] += t;
            }
        }
        println!(
            "{:<10} | {:>9} {:>10.2} | {:>9} {:>10.2} | {:>9} {:>10.2} {:>9.1}",
            format!("{n}x{n} {diff}"),
            nodes[0],
            times[0].as_secs_f64() * 1e3,
            nodes[1],
            times[1].as_secs_f64() * 1e3,
            nodes[2],
            times[2].as_secs_f64() * 1e3,
            build.as_secs_f64() * 1e3,
        );
    }
}

// ---------------------------------------------------------------------------
// Nonograms

struct Nonogram {
    name: String,
    cols: Vec<Vec<usize>>,
    rows: Vec<Vec<usize>>,
}

fn parse_pattern(line: &str) -> Nonogram {
    let (size, rest) = line.split_once(':').expect("WxH:");
    let (w, h) = size.split_once('x').expect("WxH");
    let (w, h): (usize, usize) = (w.parse().expect("W"), h.parse().expect("H"));
    let clues: Vec<Vec<usize>> = rest
        .split('/')
        .map(|c| {
            c.split('.')
                .map(|r| r.parse().expect("run"))
                .filter(|&r| r > 0)
                .collect()
        })
        .collect();
    assert_eq!(clues.len(), w + h, "{size}");
    Nonogram {
        name: size.to_owned(),
        cols: clues[..w].to_vec(),
        rows: clues[w..].to_vec(),
    }
}

/// Clues of a random `n x n` picture (each cell filled with probability
/// 1/2, as in Wolter's random 30 x 30 test set), from a xorshift seed.
fn random_picture(n: usize, seed: u64) -> Nonogram {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut bit = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s & 1 == 1
    };
    let pic: Vec<Vec<bool>> = (0..n).map(|_| (0..n).map(|_| bit()).collect()).collect();
    let runs = |line: &mut dyn Iterator<Item = bool>| {
        let mut out = Vec::new();
        let mut r = 0;
        for b in line.chain(std::iter::once(false)) {
            if b {
                r += 1;
            } else if r > 0 {
                out.push(r);
                r = 0;
            }
        }
        out
    };
    Nonogram {
        name: format!("random {n}x{n} #{seed}"),
        rows: (0..n).map(|i| runs(&mut pic[i].iter().copied())).collect(),
        cols: (0..n)
            .map(|j| runs(&mut (0..n).map(|i| pic[i][j])))
            .collect(),
    }
}

fn nonogram_model(p: &Nonogram, automaton: bool) -> Model {
    let (w, h) = (p.cols.len(), p.rows.len());
    let mut model = Model::new();
    let grid = Grid::new(&mut model, h, w, 0..=1).expect("grid");
    let mut add = |cells: &[VarId], runs: &[usize]| {
        if automaton {
            let dfa = Dfa::nonogram(runs).expect("runs");
            model.regular(cells, &dfa).expect("line");
        } else {
            model.nonogram_line(cells, runs).expect("line");
        }
    };
    for (i, runs) in p.rows.iter().enumerate() {
        add(grid.row(i), runs);
    }
    for (j, runs) in p.cols.iter().enumerate() {
        add(&grid.column(j), runs);
    }
    model
}

fn bench_nonograms(rounds: u32) {
    let text = include_str!("data/nonograms.txt");
    let mut sets: Vec<(String, Vec<Nonogram>)> = Vec::new();
    for p in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(parse_pattern)
    {
        let key = format!("Tatham {}", p.name);
        match sets.last_mut() {
            Some((k, v)) if *k == key => v.push(p),
            _ => sets.push((key, vec![p])),
        }
    }
    sets.push((
        "random 30x30".to_owned(),
        (1..=10).map(|seed| random_picture(30, seed)).collect(),
    ));
    println!();
    println!(
        "Nonograms: time to prove uniqueness (or find two solutions; at most {NODE_LIMIT} \
         nodes, dom/wdeg order), per set"
    );
    println!(
        "{:<16} {:>4} | {:>9} {:>10} {:>7} {:>7} | {:>11} {:>9} {:>12} {:>7}",
        "set",
        "n",
        "nodes",
        "calls",
        "unique",
        "stopped",
        "line ms",
        "nodes",
        "automaton ms",
        "ratio"
    );
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::DomWdeg)
        .with_node_limit(NODE_LIMIT);
    for (name, puzzles) in &sets {
        let (mut nodes, mut calls, mut unique, mut stopped) = (0u64, 0u64, 0usize, 0usize);
        let mut dfa_nodes = 0u64;
        let (mut line_t, mut dfa_t) = (Duration::ZERO, Duration::ZERO);
        for p in puzzles {
            let mut found = [0u64; 2];
            for (a, automaton) in [false, true].into_iter().enumerate() {
                let model = nonogram_model(p, automaton);
                let mut solver = Solver::with_options(&model, options.clone());
                let (count, t) = timed(rounds, || solver.count(Some(2)));
                found[a] = solver.stats().nodes;
                if a == 0 {
                    line_t += t;
                    nodes += solver.stats().nodes;
                    calls += solver.stats().propagations;
                    let complete = count.status == SearchStatus::Complete;
                    unique += usize::from(count.count == 1 && complete);
                    stopped += usize::from(count.count < 2 && !complete);
                    assert!(count.count >= 1 || !complete, "{}: no solution", p.name);
                } else {
                    dfa_t += t;
                }
            }
            // dom/wdeg weighs the constraint that fails first, which depends
            // on the order the two propagators write their cells in: node
            // counts may differ (the fixpoints are the same; see the oracle
            // tests).
            dfa_nodes += found[1];
        }
        println!(
            "{:<16} {:>4} | {:>9} {:>10} {:>7} {:>7} | {:>11.2} {:>9} {:>12.2} {:>7.2}",
            name,
            puzzles.len(),
            nodes,
            calls,
            unique,
            stopped,
            line_t.as_secs_f64() * 1e3,
            dfa_nodes,
            dfa_t.as_secs_f64() * 1e3,
            dfa_t.as_secs_f64() / line_t.as_secs_f64(),
        );
    }
}

// ---------------------------------------------------------------------------
// Support masks: flat words against FixedBitSet

fn bench_support_store() {
    use fixedbitset::FixedBitSet;
    let (rows, tuples) = (200usize, 4096usize);
    let words = tuples / 64;
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    // Sparse masks (1/16 of the tuples each) and a live set with few bits
    // left, so most checks scan many words.
    let flat: Vec<u64> = (0..rows * words)
        .map(|_| next() & next() & next() & next())
        .collect();
    let live: Vec<u64> = (0..words)
        .map(|w| {
            if w % 16 == 15 {
                next() & next() & next()
            } else {
                0
            }
        })
        .collect();
    let sets: Vec<FixedBitSet> = (0..rows)
        .map(|r| {
            let mut b = FixedBitSet::with_capacity(tuples);
            for t in 0..tuples {
                if flat[r * words + t / 64] & (1 << (t % 64)) != 0 {
                    b.insert(t);
                }
            }
            b
        })
        .collect();
    let mut live_set = FixedBitSet::with_capacity(tuples);
    for t in 0..tuples {
        if live[t / 64] & (1 << (t % 64)) != 0 {
            live_set.insert(t);
        }
    }
    let reps = 2000;
    let (a, ta) = timed(3, || {
        let mut supported = 0usize;
        for _ in 0..reps {
            let live = black_box(&live);
            for r in 0..rows {
                let row = black_box(&flat[r * words..(r + 1) * words]);
                supported += row
                    .iter()
                    .zip(live)
                    .map(|(x, y)| (x & y).count_ones() as usize)
                    .sum::<usize>();
            }
        }
        supported
    });
    let (b, tb) = timed(3, || {
        let mut supported = 0usize;
        for _ in 0..reps {
            let live_set = black_box(&live_set);
            for set in &sets {
                supported += black_box(set).intersection_count(live_set);
            }
        }
        supported
    });
    assert_eq!(a, b);
    println!();
    println!(
        "Support masks ({rows} masks of {tuples} tuples, {reps} rounds): flat words {:.2} ms, \
         FixedBitSet per mask {:.2} ms (ratio {:.2})",
        ta.as_secs_f64() * 1e3,
        tb.as_secs_f64() * 1e3,
        tb.as_secs_f64() / ta.as_secs_f64()
    );
}

// ---------------------------------------------------------------------------
// Random tables

fn bench_random_tables(rounds: u32) {
    let (n, d, m, t) = (30usize, 8 as Value, 60usize, 230usize);
    let mut total_nodes = 0;
    let mut total = Duration::ZERO;
    let mut sat = 0;
    for seed in 1..=10u64 {
        let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move |below: u64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % below
        };
        let mut model = Model::new();
        let xs = model.new_vars(n, 0..d).expect("vars");
        for _ in 0..m {
            let mut scope = Vec::new();
            while scope.len() < 3 {
                let v = xs[next(n as u64) as usize];
                if !scope.contains(&v) {
                    scope.push(v);
                }
            }
            let tuples: Vec<[Value; 3]> = (0..t)
                .map(|_| {
                    [
                        next(d as u64) as Value,
                        next(d as u64) as Value,
                        next(d as u64) as Value,
                    ]
                })
                .collect();
            model.table(&scope, &tuples).expect("table");
        }
        let options = SearchOptions::default()
            .with_variable_order(VariableOrder::DomWdeg)
            .with_node_limit(200_000);
        let mut solver = Solver::with_options(&model, options);
        let (outcome, time) = timed(rounds, || solver.solve());
        sat += usize::from(outcome.solution().is_some());
        total_nodes += solver.stats().nodes;
        total += time;
    }
    println!();
    println!(
        "Random ternary tables (10 instances): {sat} satisfiable, {total_nodes} nodes, {:.2} ms",
        total.as_secs_f64() * 1e3
    );
}

fn main() {
    let rounds: u32 = std::env::var("EXTENSIONAL_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let only = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let run = |what: &str| only.as_deref().is_none_or(|o| o == what);
    if run("towers") {
        bench_towers(rounds);
    }
    if run("nonograms") {
        bench_nonograms(rounds);
    }
    if run("masks") {
        bench_support_store();
    }
    if run("tables") {
        bench_random_tables(rounds);
    }
}
