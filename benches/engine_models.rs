//! Release-mode measurements of the search engine on classic CSP models
//! that need auxiliary variables or shifted domains: all-interval series,
//! n-queens with diagonal variables, Langford pairings.
//!
//! Run with `cargo bench --bench engine_models` (optionally followed by
//! `-- FILTER` to run only the rows whose name contains FILTER). Each row
//! counts every solution of one model, prints the solutions, the decisions,
//! the search-tree nodes and the best of `GRIDCSP_REPEAT` runs (default 3)
//! in milliseconds. Rows that differ only in how the model is written (the
//! same problem, the same search order) run side by side, so their ratio is
//! measured in one run of the binary on the same machine state.
//!
//! - `all-interval n`: a series `x_0..x_{n-1}` over `0..n`, all different,
//!   whose differences `d_i = |x_{i+1} - x_i|` over `1..n` are all
//!   different too (CSPLib 7). Branching on every variable against
//!   branching on the series only (`SearchOptions::with_decision_vars`).
//! - `queens n`: a queen per row (`q_i` over `0..n`), with the diagonals as
//!   auxiliary variables `u_i = q_i + i` and `l_i = q_i - i` under three
//!   AllDifferent: "narrow" gives each auxiliary exactly its `n` values
//!   (`i..i+n`), "common" gives all of them one range (`0..2n-1`,
//!   `-(n-1)..n`).
//! - `queens n, relations` against `queens n, offsets`: the plain model with
//!   three `!=` relations per pair of rows, against three AllDifferent, the
//!   diagonals over offset values (`Model::all_different_offset`, no
//!   auxiliary variable), for n = 10..13.
//!
//! Then `time limit`: first-solution runs on an empty 35x35 Sudoku (boxes
//! of 5x7, dom/wdeg) under time limits of 1, 2, 5 and 10 ms, five runs
//! each: how long each run took and how many decisions it made. The
//! overshoot is the clock's read interval (about 0.25 ms) plus one node's
//! propagation, and whatever time the operating system gives to other
//! processes (on a busy machine, run it under `chrt -f 10`).
//! - `langford n`: the Langford pairings L(2, n): the two copies of each
//!   `k` in `1..=n` are `k` places apart in a sequence of `2n`; `f_k` and
//!   `s_k = f_k + k + 1` are the positions of the copies, all different.
//!   "narrow" gives `f_k` the range `0..2n-k-1` and `s_k` the range
//!   `k+1..2n`; "common" gives every position `0..2n`.

use gridcsp::csp_core::{
    Conflict, Constraint, Domains, Grid, Model, PropagationContext, RelOp, SearchOptions, Solver,
    Value, VarId, VariableOrder,
};
use std::time::{Duration, Instant};

/// `d = |x - y|`, domain consistent (every value kept has a support).
#[derive(Debug)]
struct AbsDiff {
    /// `[x, y, d]`.
    vars: [VarId; 3],
}

impl Constraint for AbsDiff {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        (i64::from(values[0]) - i64::from(values[1])).abs() == i64::from(values[2])
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let [x, y, d] = self.vars;
        // Values within i32: the differences of two domains' values are
        // computed in i64 and looked up with checked conversions.
        let has = |dom: &Domains<'_>, var: VarId, v: i64| {
            Value::try_from(v).is_ok_and(|v| dom.contains(var, v))
        };
        loop {
            let mut changed = false;
            changed |= ctx.retain(d, |dom, dv| {
                dom.iter(x).any(|a| {
                    let a = i64::from(a);
                    has(dom, y, a + i64::from(dv)) || has(dom, y, a - i64::from(dv))
                })
            })?;
            for (a, b) in [(x, y), (y, x)] {
                changed |= ctx.retain(a, |dom, av| {
                    dom.iter(d).any(|dv| {
                        let (av, dv) = (i64::from(av), i64::from(dv));
                        has(dom, b, av + dv) || has(dom, b, av - dv)
                    })
                })?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn idempotent(&self) -> bool {
        true
    }
}

/// The all-interval series of length `n`: the model and its series.
fn all_interval(n: usize) -> (Model, Vec<VarId>) {
    let top = n as Value;
    let mut model = Model::new();
    let xs = model.new_vars(n, 0..top).expect("domain");
    let ds = model.new_vars(n - 1, 1..top).expect("domain");
    model.all_different(&xs).expect("distinct");
    model.all_different(&ds).expect("distinct");
    for i in 0..n - 1 {
        model
            .add(AbsDiff {
                vars: [xs[i + 1], xs[i], ds[i]],
            })
            .expect("scope");
    }
    (model, xs)
}

/// How the auxiliary variables of a model get their domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Each auxiliary variable has exactly its own values.
    Narrow,
    /// All auxiliary variables of one group share one range.
    Common,
}

/// n-queens with the diagonals as auxiliary variables.
fn queens(n: usize, layout: Layout) -> (Model, Vec<VarId>) {
    let top = n as Value;
    let mut model = Model::new();
    let qs = model.new_vars(n, 0..top).expect("domain");
    let mut up = Vec::with_capacity(n);
    let mut down = Vec::with_capacity(n);
    for (i, &q) in qs.iter().enumerate() {
        let i = i as Value;
        let (u, l) = match layout {
            Layout::Narrow => (
                model.new_var(i..i + top).expect("domain"),
                model.new_var(-i..top - i).expect("domain"),
            ),
            Layout::Common => (
                model.new_var(0..2 * top - 1).expect("domain"),
                model.new_var(1 - top..top).expect("domain"),
            ),
        };
        // q + i == u, q - i == l
        model.relation(q, RelOp::Eq, u, i).expect("relation");
        model.relation(q, RelOp::Eq, l, -i).expect("relation");
        up.push(u);
        down.push(l);
    }
    model.all_different(&qs).expect("distinct");
    model.all_different(&up).expect("distinct");
    model.all_different(&down).expect("distinct");
    (model, qs)
}

/// n-queens without auxiliary variables: `!=` relations for every pair of
/// rows (`offsets == false`) or AllDifferent over offset values.
fn queens_plain(n: usize, offsets: bool) -> Model {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as Value).expect("domain");
    if offsets {
        model.all_different(&q).expect("distinct");
        let down: Vec<_> = (0..n).map(|i| (q[i], i as Value)).collect();
        let up: Vec<_> = (0..n).map(|i| (q[i], -(i as Value))).collect();
        model.all_different_offset(&down).expect("distinct");
        model.all_different_offset(&up).expect("distinct");
    } else {
        for i in 0..n {
            for j in i + 1..n {
                let d = (j - i) as Value;
                for c in [0, d, -d] {
                    model.relation(q[i], RelOp::Ne, q[j], c).expect("relation");
                }
            }
        }
    }
    model
}

/// Langford pairings L(2, n); the decision variables are the first copies.
fn langford(n: usize, layout: Layout) -> (Model, Vec<VarId>) {
    let len = 2 * n as Value;
    let mut model = Model::new();
    let mut firsts = Vec::with_capacity(n);
    let mut all = Vec::with_capacity(2 * n);
    for k in 1..=n as Value {
        let (f, s) = match layout {
            Layout::Narrow => (
                model.new_var(0..len - k - 1).expect("domain"),
                model.new_var(k + 1..len).expect("domain"),
            ),
            Layout::Common => (
                model.new_var(0..len).expect("domain"),
                model.new_var(0..len).expect("domain"),
            ),
        };
        model.relation(f, RelOp::Eq, s, k + 1).expect("relation");
        firsts.push(f);
        all.extend([f, s]);
    }
    model.all_different(&all).expect("distinct");
    (model, firsts)
}

/// One measured run: solutions, decisions, best time.
fn measure(name: &str, model: &Model, options: SearchOptions, repeat: usize) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..repeat {
        let mut solver = Solver::with_options(model, options.clone());
        let start = Instant::now();
        let count = solver.count(None);
        best = best.min(start.elapsed());
        result = Some((count.count, solver.stats()));
    }
    let (count, stats) = result.expect("at least one run");
    println!(
        "{name:<48} {count:>9} {:>10} {:>10} {:>10.1}",
        stats.decisions,
        stats.nodes,
        best.as_secs_f64() * 1e3
    );
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let repeat = std::env::var("GRIDCSP_REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3usize)
        .max(1);
    println!(
        "{:<48} {:>9} {:>10} {:>10} {:>10}",
        "model", "solutions", "decisions", "nodes", "best ms"
    );
    let mut rows: Vec<(String, Model, SearchOptions)> = Vec::new();
    let n = 12;
    let (model, xs) = all_interval(n);
    let series = SearchOptions::default().with_decision_vars(&xs);
    rows.push((
        format!("all-interval {n}, every variable"),
        all_interval(n).0,
        SearchOptions::default(),
    ));
    rows.push((format!("all-interval {n}, the series"), model, series));
    let n = 12;
    for layout in [Layout::Narrow, Layout::Common] {
        let (model, qs) = queens(n, layout);
        let name = format!("queens {n}, {layout:?} diagonals").to_lowercase();
        rows.push((
            name.clone() + ", every variable",
            queens(n, layout).0,
            SearchOptions::default(),
        ));
        let options = SearchOptions::default().with_decision_vars(&qs);
        rows.push((name + ", the queens", model, options));
    }
    for n in 10..=13 {
        for offsets in [false, true] {
            let kind = if offsets { "offsets" } else { "relations" };
            rows.push((
                format!("queens {n}, {kind}"),
                queens_plain(n, offsets),
                SearchOptions::default(),
            ));
        }
    }
    let n = 11;
    for layout in [Layout::Narrow, Layout::Common] {
        let (model, fs) = langford(n, layout);
        let name = format!("langford {n}, {layout:?} positions").to_lowercase();
        rows.push((
            name.clone() + ", every variable",
            langford(n, layout).0,
            SearchOptions::default(),
        ));
        let options = SearchOptions::default().with_decision_vars(&fs);
        rows.push((name + ", the first copies", model, options));
    }
    for (name, model, options) in &rows {
        if name.contains(&filter) {
            measure(name, model, options.clone(), repeat);
        }
    }
    if "time limit".contains(&filter) || filter.is_empty() {
        time_limits();
    }
}

/// How long runs stopped by a time limit take (see the module docs).
fn time_limits() {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 35, 35, 1..=35).expect("grid");
    let boxes = grid.boxes(5, 7).expect("5x7 boxes tile 35x35");
    for group in grid.rows().chain(grid.columns()).chain(boxes) {
        model.all_different(&group).expect("distinct");
    }
    println!("\ntime limit on an empty 35x35 Sudoku: ms taken (decisions), 5 runs");
    for ms in [1, 2, 5, 10] {
        let options = SearchOptions::default()
            .with_variable_order(VariableOrder::DomWdeg)
            .with_time_limit(Duration::from_millis(ms));
        let mut line = format!("{ms:>3} ms:");
        for _ in 0..5 {
            let mut solver = Solver::with_options(&model, options.clone());
            let start = Instant::now();
            let outcome = solver.solve();
            let taken = start.elapsed().as_secs_f64() * 1e3;
            let solved = if outcome.solution().is_some() {
                " solved"
            } else {
                ""
            };
            line += &format!(" {taken:.2} ({}{solved})", solver.stats().decisions);
        }
        println!("{line}");
    }
}
