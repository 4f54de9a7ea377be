//! Solves Simon Tatham's Bridges (Hashi) game IDs with `edge_connected`
//! and proves each unique: the measurement of the constraint on puzzles
//! his generator makes, until the `hashi` family reads them itself.
//!
//! ```text
//! cargo run --release -p csp-core --example bridges < ids.txt
//! ```
//!
//! Each input line is an ID `PARAMS:DESCRIPTION` as his generator prints
//! it (`benches/peers/tatham_generate.sh bridges 15x15i30e10m2d2 20 s`;
//! lines starting with `#` are skipped). Prints, per line, the islands,
//! the time to solve, the time to build the model and prove the solution
//! unique (what `benches/peers/cpsat_bridges.py` times for CP-SAT) and the
//! decisions of that proof, then per parameter string the mean and the
//! worst of both times; each time is the fastest of `BRIDGES_ROUNDS` runs
//! (3 by default). Exits with an error if a puzzle has no solution, more
//! than one, or a solution that breaks a rule.

use csp_core::graph::Graph;
use csp_core::{Learning, Literal, Model, SearchOptions, Solver, Uniqueness, Value, VariableOrder};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// A Bridges board: islands `(row, col, number)`, the largest number of
/// bridges between two islands.
struct Board {
    islands: Vec<(usize, usize, Value)>,
    max_bridges: Value,
}

/// Reads `WxH[i..][e..][m..][d..]:desc` (his `decode_params` and
/// `new_game_sub`): digits and `A`-`G` are islands of 1 to 16, `a`-`z`
/// runs of 1 to 26 empty cells.
fn parse(id: &str) -> Result<Board, String> {
    let (params, desc) = id.split_once(':').ok_or("no ':' in the ID")?;
    let number = |s: &str| -> (usize, usize) {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        (s[..digits].parse().unwrap_or(0), digits)
    };
    let (w, k) = number(params);
    let mut rest = &params[k..];
    let mut h = w;
    if let Some(r) = rest.strip_prefix('x') {
        let (v, k) = number(r);
        h = v;
        rest = &r[k..];
    }
    let mut max_bridges = 2;
    while let Some(c) = rest.chars().next() {
        let (v, k) = number(&rest[1..]);
        match c {
            'm' => max_bridges = v as Value,
            'L' => return Err("no-loop puzzles (L) are not modelled here".into()),
            _ => {}
        }
        rest = &rest[1 + k..];
    }
    if w == 0 || h == 0 || max_bridges < 1 {
        return Err(format!("bad parameters {params}"));
    }
    let mut islands = Vec::new();
    let mut cell = 0usize;
    for c in desc.chars() {
        match c {
            '1'..='9' => {
                islands.push((cell / w, cell % w, c as Value - '0' as Value));
                cell += 1;
            }
            'A'..='G' => {
                islands.push((cell / w, cell % w, c as Value - 'A' as Value + 10));
                cell += 1;
            }
            'a'..='z' => cell += c as usize - 'a' as usize + 1,
            _ => return Err(format!("unexpected {c:?} in the description")),
        }
    }
    if cell != w * h {
        return Err(format!("{cell} cells for a {w}x{h} board"));
    }
    Ok(Board {
        islands,
        max_bridges,
    })
}

/// The model: a variable `0..=max` per pair of islands in line with only
/// water between, `edge_connected_with_degrees` over them, and a clause
/// per crossing pair. Returns the model, the pairs and their variables.
fn model(board: &Board) -> (Model, Vec<(usize, usize)>, Vec<csp_core::VarId>) {
    let isl = &board.islands;
    let mut pairs = Vec::new();
    for (i, &(r, c, _)) in isl.iter().enumerate() {
        let right = (0..isl.len())
            .filter(|&j| isl[j].0 == r && isl[j].1 > c)
            .min_by_key(|&j| isl[j].1);
        let below = (0..isl.len())
            .filter(|&j| isl[j].1 == c && isl[j].0 > r)
            .min_by_key(|&j| isl[j].0);
        pairs.extend(right.map(|j| (i, j)));
        pairs.extend(below.map(|j| (i, j)));
    }
    let g = Graph::new(isl.len(), &pairs).expect("a simple graph");
    let mut m = Model::new();
    let x = m
        .new_vars(pairs.len(), 0..=board.max_bridges)
        .expect("variables");
    let degrees: Vec<Value> = isl.iter().map(|i| i.2).collect();
    m.edge_connected_with_degrees(&x, &g, &degrees)
        .expect("degrees");
    for (e, &(a, b)) in pairs.iter().enumerate() {
        if isl[a].0 != isl[b].0 {
            continue; // e horizontal only
        }
        for (f, &(p, q)) in pairs.iter().enumerate() {
            let (row, c1, c2) = (isl[a].0, isl[a].1, isl[b].1);
            let (col, r1, r2) = (isl[p].1, isl[p].0, isl[q].0);
            if isl[p].1 == isl[q].1 && r1 < row && row < r2 && c1 < col && col < c2 {
                m.clause(&[Literal::le(x[e], 0), Literal::le(x[f], 0)])
                    .expect("a clause");
            }
        }
    }
    (m, pairs, x)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: u32 = std::env::var("BRIDGES_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::DomWdeg)
        .with_learning(Learning::AUTO);
    // Per parameter string: count, then total and worst of solve and of
    // model + unique.
    let mut summary: BTreeMap<String, (u32, Duration, Duration, Duration, Duration)> =
        BTreeMap::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let id = line.trim();
        if id.is_empty() || id.starts_with('#') {
            continue;
        }
        let board = parse(id).map_err(|e| format!("{id}: {e}"))?;
        let (m, _, _) = model(&board);
        let mut solve = Duration::MAX;
        let mut whole = Duration::MAX;
        let mut decisions = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            let solved = Solver::with_options(&m, options.clone()).solve();
            solve = solve.min(start.elapsed());
            if solved.solution().is_none() {
                return Err(format!("{id}: no solution").into());
            }
            // The model built again and the solution proved unique, timed
            // together (as the CP-SAT peer times its two solves).
            let start = Instant::now();
            let (m, _, _) = model(&board);
            let mut solver = Solver::with_options(&m, options.clone());
            let unique = solver.uniqueness();
            whole = whole.min(start.elapsed());
            decisions = solver.stats().decisions;
            let Uniqueness::Unique(s) = unique else {
                return Err(format!("{id}: not unique: {unique:?}").into());
            };
            if csp_core::testing::violated_constraint(&m, s.values()).is_some() {
                return Err(format!("{id}: a rule is broken").into());
            }
        }
        let params = id.split(':').next().unwrap_or("");
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{params:<24} {:>4} islands  solve {:>8.3} ms  model + unique {:>8.3} ms  {decisions:>4} decisions",
            board.islands.len(),
            ms(solve),
            ms(whole),
        );
        let entry = summary.entry(params.to_owned()).or_default();
        entry.0 += 1;
        entry.1 += solve;
        entry.2 = entry.2.max(solve);
        entry.3 += whole;
        entry.4 = entry.4.max(whole);
    }
    println!(
        "\nparams                   count  solve mean / worst (ms)  model + unique mean / worst (ms)"
    );
    for (params, (n, st, sw, ut, uw)) in &summary {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{params:<24} {n:>5}  {:>8.3} / {:>8.3}        {:>8.3} / {:>8.3}",
            ms(*st) / f64::from(*n),
            ms(*sw),
            ms(*ut) / f64::from(*n),
            ms(*uw)
        );
    }
    Ok(())
}
