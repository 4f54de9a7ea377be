//! Release-mode bench of csp-core's graph constraints on generated puzzles:
//!
//! - **Hitori 17x17**: a planted shading (no two shaded cells adjacent,
//!   unshaded cells connected) over a shuffled Latin square whose shaded
//!   cells copy a number of their row or column; modelled as one 0/1
//!   "unshaded" variable per cell, "not both shaded" for neighbours, "at
//!   most one unshaded" per group of equal numbers in a row or column, and
//!   `connected_grid` over the unshaded cells;
//! - **Slitherlink 10x10**: a planted loop (the boundary of a random
//!   hole-free region), with the clue of about half the cells; modelled as
//!   a `LoopLattice`, `single_loop`, and "these four edges sum to the clue"
//!   per clue.
//!
//! For each instance it times the first solution and the uniqueness check
//! (a second solution, or the proof there is none), checks every answer
//! against the puzzle's rules, and prints nodes, propagator calls and
//! microseconds. Times are the thread's CPU time where Linux provides it.
//!
//! `cargo bench --bench connect` (set `CONNECT_BENCH_COUNT` for the number
//! of instances per family, default 8).

use gridcsp::csp_core::{
    Conflict, Constraint, Events, Grid, LoopLattice, Model, PropagationContext, Solution, Solver,
    Stats, Uniqueness, Value, VarId,
};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------
// Small user constraints (the catalogue's linear and count constraints are
// not part of csp-core yet)
// ---------------------------------------------------------------------------

/// At most one of the 0/1 variables is 1 (`Hitori`: of the cells with one
/// number in a row, at most one stays unshaded).
#[derive(Debug)]
struct AtMostOne {
    vars: Vec<VarId>,
}

impl Constraint for AtMostOne {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().filter(|&&v| v == 1).count() <= 1
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut one = None;
        for &v in &self.vars {
            if ctx.value(v) == Some(1) {
                if one.is_some() {
                    return Err(ctx.conflict());
                }
                one = Some(v);
            }
        }
        if let Some(one) = one {
            for &v in &self.vars {
                if v != one {
                    ctx.fix(v, 0)?;
                }
            }
        }
        Ok(())
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
    fn idempotent(&self) -> bool {
        true
    }
}

/// At least one of the 0/1 variables is 1 (`Hitori`: two neighbours are
/// not both shaded).
#[derive(Debug)]
struct AtLeastOne {
    vars: Vec<VarId>,
}

impl Constraint for AtLeastOne {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.contains(&1)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut open = None;
        for &v in &self.vars {
            match ctx.value(v) {
                Some(1) => return Ok(()),
                Some(_) => {}
                None if open.is_some() => return Ok(()),
                None => open = Some(v),
            }
        }
        match open {
            Some(v) => ctx.fix(v, 1).map(|_| ()),
            None => Err(ctx.conflict()),
        }
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
    fn idempotent(&self) -> bool {
        true
    }
}

/// The 0/1 variables add up to `total` (a Slitherlink clue).
#[derive(Debug)]
struct CountOnes {
    vars: Vec<VarId>,
    total: usize,
}

impl Constraint for CountOnes {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().filter(|&&v| v == 1).count() == self.total
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let ones = self
            .vars
            .iter()
            .filter(|&&v| ctx.value(v) == Some(1))
            .count();
        let open = self.vars.iter().filter(|&&v| !ctx.is_fixed(v)).count();
        if ones > self.total || ones + open < self.total {
            return Err(ctx.conflict());
        }
        if open > 0 && (ones == self.total || ones + open == self.total) {
            let value = Value::from(ones < self.total);
            for &v in &self.vars {
                if !ctx.is_fixed(v) {
                    ctx.fix(v, value)?;
                }
            }
        }
        Ok(())
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
    fn idempotent(&self) -> bool {
        true
    }
}

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

/// SplitMix64: the same instances on every machine.
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
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Whether the cells with `inside[i]` are orthogonally connected.
fn connected(rows: usize, cols: usize, inside: &[bool]) -> bool {
    let Some(start) = inside.iter().position(|&x| x) else {
        return true;
    };
    let mut seen = vec![false; inside.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut count = 1;
    while let Some(p) = stack.pop() {
        let (r, c) = (p / cols, p % cols);
        let mut visit = |q: usize| {
            if inside[q] && !seen[q] {
                seen[q] = true;
                count += 1;
                stack.push(q);
            }
        };
        if r > 0 {
            visit(p - cols);
        }
        if r + 1 < rows {
            visit(p + cols);
        }
        if c > 0 {
            visit(p - 1);
        }
        if c + 1 < cols {
            visit(p + 1);
        }
    }
    count == inside.iter().filter(|&&x| x).count()
}

/// A Hitori of `n x n`: the numbers, and the planted shading (true = shaded).
fn hitori(n: usize, seed: u64) -> (Vec<Value>, Vec<bool>) {
    let mut rng = Rng(seed);
    let mut shaded = vec![false; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for &p in &order {
        let (r, c) = (p / n, p % n);
        let touches = (r > 0 && shaded[p - n])
            || (r + 1 < n && shaded[p + n])
            || (c > 0 && shaded[p - 1])
            || (c + 1 < n && shaded[p + 1]);
        if touches || rng.below(100) >= 45 {
            continue;
        }
        shaded[p] = true;
        let white: Vec<bool> = shaded.iter().map(|&s| !s).collect();
        if !connected(n, n, &white) {
            shaded[p] = false;
        }
    }
    // A shuffled cyclic Latin square for the unshaded cells.
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<Value> = (1..=n as Value).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut symbols);
    let mut numbers: Vec<Value> = (0..n * n)
        .map(|p| symbols[(rows[p / n] + cols[p % n]) % n])
        .collect();
    // A shaded cell repeats the number of an unshaded cell of its row or column.
    for p in 0..n * n {
        if shaded[p] {
            let (r, c) = (p / n, p % n);
            let peers: Vec<usize> = (0..n)
                .map(|k| r * n + k)
                .chain((0..n).map(|k| k * n + c))
                .filter(|&q| q != p && !shaded[q])
                .collect();
            numbers[p] = numbers[peers[rng.below(peers.len())]];
        }
    }
    (numbers, shaded)
}

/// A Slitherlink of `rows x cols` cells: the clues (`None` for none) and
/// the planted region whose boundary is the loop. About `percent` of the
/// cells get their clue; then, while the puzzle has a second solution,
/// clues where it differs from the planted loop are added (so the puzzle
/// is unique).
fn slitherlink(
    rows: usize,
    cols: usize,
    percent: usize,
    seed: u64,
) -> (Vec<Option<usize>>, Vec<bool>) {
    let mut rng = Rng(seed);
    let n = rows * cols;
    let mut region = vec![false; n];
    region[rng.below(n)] = true;
    let target = n * 11 / 20;
    let mut size = 1;
    let mut attempts = 0;
    while size < target && attempts < 50 * n {
        attempts += 1;
        let p = rng.below(n);
        if region[p] {
            continue;
        }
        let (r, c) = (p / cols, p % cols);
        let adjacent = (r > 0 && region[p - cols])
            || (r + 1 < rows && region[p + cols])
            || (c > 0 && region[p - 1])
            || (c + 1 < cols && region[p + 1]);
        if !adjacent {
            continue;
        }
        region[p] = true;
        if is_simple_boundary(rows, cols, &region) {
            size += 1;
        } else {
            region[p] = false;
        }
    }
    let inside = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < rows
            && (c as usize) < cols
            && region[r as usize * cols + c as usize]
    };
    let full: Vec<usize> = (0..n)
        .map(|p| {
            let (r, c) = ((p / cols) as isize, (p % cols) as isize);
            let here = inside(r, c);
            [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                .iter()
                .filter(|&&(rr, cc)| inside(rr, cc) != here)
                .count()
        })
        .collect();
    let mut clues: Vec<Option<usize>> = (0..n)
        .map(|p| (rng.below(100) < percent).then_some(full[p]))
        .collect();
    loop {
        let (model, lattice) = slitherlink_model(rows, cols, &clues);
        let Uniqueness::Multiple(a, b) = Solver::new(&model).uniqueness() else {
            return (clues, region);
        };
        let mut differ: Vec<usize> = (0..n)
            .filter(|&p| clues[p].is_none())
            .filter(|&p| {
                let edges = lattice.cell_edges(p / cols, p % cols).expect("a cell");
                let count = |s: &Solution| edges.iter().filter(|&&e| s[e] == 1).count();
                count(&a) != full[p] || count(&b) != full[p]
            })
            .collect();
        if differ.is_empty() {
            // Both loops agree with every cell count: give everything.
            differ = (0..n).filter(|&p| clues[p].is_none()).collect();
            if differ.is_empty() {
                return (clues, region);
            }
        }
        let p = differ[rng.below(differ.len())];
        clues[p] = Some(full[p]);
    }
}

/// Whether the boundary of `region` is one simple loop: the region and its
/// complement (with the outside) are connected and no lattice point is
/// touched by two diagonal region cells only.
fn is_simple_boundary(rows: usize, cols: usize, region: &[bool]) -> bool {
    if !connected(rows, cols, region) {
        return false;
    }
    // The complement plus a ring of outside cells.
    let (r2, c2) = (rows + 2, cols + 2);
    let outside: Vec<bool> = (0..r2 * c2)
        .map(|q| {
            let (r, c) = (q / c2, q % c2);
            r == 0 || c == 0 || r == r2 - 1 || c == c2 - 1 || !region[(r - 1) * cols + (c - 1)]
        })
        .collect();
    if !connected(r2, c2, &outside) {
        return false;
    }
    for r in 0..=rows {
        for c in 0..=cols {
            let cell = |dr: usize, dc: usize| {
                let (rr, cc) = (r + dr, c + dc);
                rr >= 1 && cc >= 1 && rr <= rows && cc <= cols && region[(rr - 1) * cols + cc - 1]
            };
            let (a, b, x, y) = (cell(0, 0), cell(0, 1), cell(1, 0), cell(1, 1));
            if (a && y && !b && !x) || (b && x && !a && !y) {
                return false;
            }
        }
    }
    true
}

// ---------------------------------------------------------------------------
// Models and checks
// ---------------------------------------------------------------------------

/// The Hitori model; its grid's cells are 1 when unshaded.
fn hitori_model(n: usize, numbers: &[Value]) -> (Model, Grid) {
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, n, n, 0..=1).expect("grid");
    for (a, b) in grid.adjacent_pairs() {
        model.add(AtLeastOne { vars: vec![a, b] }).expect("pair");
    }
    for line in 0..2 * n {
        let cells: Vec<usize> = (0..n)
            .map(|k| {
                if line < n {
                    line * n + k
                } else {
                    k * n + line - n
                }
            })
            .collect();
        for value in 1..=n as Value {
            let same: Vec<VarId> = cells
                .iter()
                .filter(|&&p| numbers[p] == value)
                .map(|&p| grid.cells()[p])
                .collect();
            if same.len() > 1 {
                model.add(AtMostOne { vars: same }).expect("group");
            }
        }
    }
    model.connected_grid(&grid).expect("0/1 cells");
    (model, grid)
}

fn check_hitori(n: usize, numbers: &[Value], grid: &Grid, s: &Solution) {
    let white: Vec<bool> = grid.cells().iter().map(|&v| s[v] == 1).collect();
    assert!(connected(n, n, &white), "unshaded cells not connected");
    for p in 0..n * n {
        let (r, c) = (p / n, p % n);
        if !white[p] {
            assert!(c + 1 == n || white[p + 1], "two shaded cells touch");
            assert!(r + 1 == n || white[p + n], "two shaded cells touch");
        }
        for q in p + 1..n * n {
            let same_line = q / n == r || q % n == c;
            if same_line && white[p] && white[q] {
                assert_ne!(numbers[p], numbers[q], "a repeated number stays unshaded");
            }
        }
    }
}

fn slitherlink_model(rows: usize, cols: usize, clues: &[Option<usize>]) -> (Model, LoopLattice) {
    let mut model = Model::new();
    let lattice = LoopLattice::around_cells(&mut model, rows, cols).expect("lattice");
    model
        .single_loop(lattice.edges(), lattice.graph())
        .expect("0/1 edges");
    for (p, clue) in clues.iter().enumerate() {
        if let Some(total) = *clue {
            let vars = lattice
                .cell_edges(p / cols, p % cols)
                .expect("a cell")
                .to_vec();
            model.add(CountOnes { vars, total }).expect("clue");
        }
    }
    (model, lattice)
}

fn check_slitherlink(cols: usize, clues: &[Option<usize>], lattice: &LoopLattice, s: &Solution) {
    for (p, clue) in clues.iter().enumerate() {
        if let Some(total) = *clue {
            let edges = lattice.cell_edges(p / cols, p % cols).expect("a cell");
            let count = edges.iter().filter(|&&e| s[e] == 1).count();
            assert_eq!(count, total, "clue of cell {p}");
        }
    }
    // One loop: walk it from one edge and count.
    let g = lattice.graph();
    let chosen: Vec<usize> = (0..g.num_edges())
        .filter(|&e| s[lattice.edges()[e]] == 1)
        .collect();
    let on = |e: usize| s[lattice.edges()[e]] == 1;
    let (start, mut at) = g.edge(chosen[0]).expect("an edge");
    let (mut prev, mut walked) = (chosen[0], 1);
    while at != start {
        let (next_v, next_e) = g
            .incident_edges(at)
            .find(|&(_, e)| e != prev && on(e))
            .expect("degree 2");
        prev = next_e;
        at = next_v;
        walked += 1;
    }
    assert_eq!(walked, chosen.len(), "more than one loop");
}

// ---------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------

fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Runs `f` repeatedly for at least 100 ms; returns its result and the
/// mean time per run.
fn timed<R>(mut f: impl FnMut() -> R) -> (R, Duration) {
    let start = Instant::now();
    let cpu = cpu_time();
    let mut runs = 0u32;
    let result = loop {
        let r = f();
        runs += 1;
        if start.elapsed() >= Duration::from_millis(100) {
            break r;
        }
    };
    let spent = match (cpu, cpu_time()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => start.elapsed(),
    };
    (result, spent / runs)
}

struct Row {
    name: String,
    solve: Duration,
    solve_stats: Stats,
    second: Duration,
    second_stats: Stats,
    answer: String,
}

/// What the second measurement does: prove uniqueness, or count solutions
/// up to a limit.
#[derive(Clone, Copy)]
enum Second {
    Uniqueness,
    Count(u64),
}

fn run(name: String, model: &Model, second: Second, check: impl Fn(&Solution)) -> Row {
    let mut solver = Solver::new(model);
    let (outcome, solve) = timed(|| solver.solve());
    let solve_stats = solver.stats();
    check(
        &outcome
            .into_solution()
            .expect("the planted solution exists"),
    );
    let (answer, second_time) = match second {
        Second::Uniqueness => {
            let (uniq, t) = timed(|| solver.uniqueness());
            let answer = match uniq {
                Uniqueness::Unique(s) => {
                    check(&s);
                    "unique".to_owned()
                }
                Uniqueness::Multiple(a, b) => {
                    check(&a);
                    check(&b);
                    "several".to_owned()
                }
                other => panic!("{name}: {other:?}"),
            };
            (answer, t)
        }
        Second::Count(limit) => {
            let (count, t) = timed(|| solver.count(Some(limit)));
            for s in solver.solutions().take(20) {
                check(&s);
            }
            (format!("{} sol.", count.count), t)
        }
    };
    let second_stats = match second {
        Second::Uniqueness => {
            solver.uniqueness();
            solver.stats()
        }
        Second::Count(limit) => {
            solver.count(Some(limit));
            solver.stats()
        }
    };
    Row {
        name,
        solve,
        solve_stats,
        second: second_time,
        second_stats,
        answer,
    }
}

fn print(title: &str, rows: &[Row]) {
    println!(
        "{:<26} | {:>7} {:>7} {:>9} | {:>7} {:>8} {:>10} {:>9} {:>9}",
        "instance", "nodes", "props", "solve µs", "nodes", "props", title, "µs/node", "answer"
    );
    for r in rows {
        let us = r.second.as_secs_f64() * 1e6;
        println!(
            "{:<26} | {:>7} {:>7} {:>9.1} | {:>7} {:>8} {:>10.1} {:>9.2} {:>9}",
            r.name,
            r.solve_stats.nodes,
            r.solve_stats.propagations,
            r.solve.as_secs_f64() * 1e6,
            r.second_stats.nodes,
            r.second_stats.propagations,
            us,
            us / r.second_stats.nodes.max(1) as f64,
            r.answer
        );
    }
    let mean = |f: &dyn Fn(&Row) -> f64| rows.iter().map(f).sum::<f64>() / rows.len() as f64;
    println!(
        "{:<26} | {:>7.0} {:>7.0} {:>9.1} | {:>7.0} {:>8.0} {:>10.1}",
        "mean",
        mean(&|r| r.solve_stats.nodes as f64),
        mean(&|r| r.solve_stats.propagations as f64),
        mean(&|r| r.solve.as_secs_f64() * 1e6),
        mean(&|r| r.second_stats.nodes as f64),
        mean(&|r| r.second_stats.propagations as f64),
        mean(&|r| r.second.as_secs_f64() * 1e6),
    );
}

/// Hitori-like boards have many solutions: the second measurement counts
/// this many (a search through many nodes, most of the work being the
/// connectivity rule).
const HITORI_COUNT: u64 = 200;

fn main() {
    let count: u64 = std::env::var("CONNECT_BENCH_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);

    let n = 17;
    let mut rows = Vec::new();
    for seed in 0..count {
        let (numbers, shaded) = hitori(n, seed);
        let (model, grid) = hitori_model(n, &numbers);
        let black = shaded.iter().filter(|&&s| s).count();
        let name = format!("hitori {n}x{n} #{seed} ({black} sh.)");
        let check = |s: &Solution| check_hitori(n, &numbers, &grid, s);
        rows.push(run(name, &model, Second::Count(HITORI_COUNT), check));
    }
    print("count µs", &rows);
    println!();

    let (r, c) = (10, 10);
    let mut rows = Vec::new();
    for seed in 0..count {
        let (clues, region) = slitherlink(r, c, 30, seed);
        let (model, lattice) = slitherlink_model(r, c, &clues);
        let given = clues.iter().filter(|x| x.is_some()).count();
        let inside = region.iter().filter(|&&x| x).count();
        let name = format!("slither {r}x{c} #{seed} ({given}/{inside})");
        let check = |s: &Solution| check_slitherlink(c, &clues, &lattice, s);
        rows.push(run(name, &model, Second::Uniqueness, check));
    }
    print("unique µs", &rows);
}
