//! Solves Numberlink puzzles with `Model::paths` and proves each unique
//! (or finds a second solution): the measurement of the constraint until
//! the `numberlink` family reads puzzles itself.
//!
//! ```text
//! cargo run --release -p csp-core --example numberlink -- FILE...
//! cargo run --release -p csp-core --example numberlink -- --random ROWSxCOLS COUNT [SEED]
//! ```
//!
//! A file holds one puzzle in janko.at's layout: `ROWS COLS`, then the
//! rows, `-` for an empty cell and a number for a terminal (each number
//! twice); cells may stay unused. `--random` makes `COUNT` solvable
//! boards instead: random "snakes" (self-avoiding walks that never touch
//! themselves sideways) laid until the grid is full, their ends numbered.
//! They are not made unique, so the uniqueness proof often ends with a
//! second solution. Prints, per puzzle, the pairs, the time to solve, the
//! time to build the model and decide uniqueness, the decisions of that
//! run and its verdict, then the mean and worst times. Each run stops
//! after `NUMBERLINK_SECONDS` seconds (10 by default);
//! `NUMBERLINK_DECIDE=edges` branches on the edges only,
//! `NUMBERLINK_LEARNING=off` turns learning off, `=on` learns from the
//! start (instead of after 1,000 failures), `NUMBERLINK_VALUES=desc` tries
//! the largest value first (a line before no line, a label before empty),
//! `NUMBERLINK_LUBY=N` restarts a learning search every N failures times
//! Luby's sequence (100 by default, as learning does),
//! `NUMBERLINK_PROBE=root` or `=node` probes every value at the root or at
//! every node (a search that learns does not probe).
//! Exits with an error when a solution found breaks a rule.
//!
//! `NUMBERLINK_NO_CHORDS=1` is an experiment, not a model of the rules:
//! it adds the *chord rule* (two neighbouring cells of one path are
//! consecutive on it), which solvers of published puzzles use. It keeps
//! a solution when there is one (cutting a path short along a chord gives
//! a solution with fewer cells, so a shortest one has no chord) but not
//! the count; the verdict stays exact by a check on the one chord-free
//! solution: any other solution shortens, chord by chord, to that one,
//! and its last step undoes a *detour* (a line `u - v` replaced by a
//! route through cells the solution leaves empty), which `has_detour`
//! looks for. On janko.at's first 40 published puzzles it saved a third
//! of the decisions and no time, and stopped as many puzzles (see
//! `docs/formats/numberlink.md`, "Speed").

use csp_core::graph::Graph;
use csp_core::{
    Learning, Literal, Model, Probing, Restarts, SearchOptions, Solver, Uniqueness, Value,
    ValueOrder, VarId, VariableOrder,
};
use std::time::{Duration, Instant};

/// A board: its size and the cells of each pair (cell `r * cols + c`).
struct Board {
    name: String,
    rows: usize,
    cols: usize,
    pairs: Vec<(usize, usize)>,
}

/// Reads janko.at's problem layout.
fn parse(name: &str, text: &str) -> Result<Board, String> {
    let mut tokens = text.split_whitespace();
    let mut size = || -> Result<usize, String> {
        tokens
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| "expected the header 'ROWS COLS'".to_owned())
    };
    let (rows, cols) = (size()?, size()?);
    let cells: Vec<&str> = text
        .split_whitespace()
        .skip(2)
        .take(rows * cols + 1)
        .collect();
    if cells.len() != rows * cols {
        return Err(format!(
            "expected {} cells, found {}",
            rows * cols,
            cells.len()
        ));
    }
    let mut seen: Vec<(u32, usize)> = Vec::new();
    let mut pairs = Vec::new();
    for (i, t) in cells.iter().enumerate() {
        if *t == "-" {
            continue;
        }
        let k: u32 = t.parse().map_err(|_| format!("cell {i}: '{t}'"))?;
        match seen.iter().position(|&(n, _)| n == k) {
            Some(p) => pairs.push((seen.remove(p).1, i)),
            None => seen.push((k, i)),
        }
    }
    if let Some((k, _)) = seen.first() {
        return Err(format!("the number {k} occurs once"));
    }
    Ok(Board {
        name: name.to_owned(),
        rows,
        cols,
        pairs,
    })
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

fn neighbours(rows: usize, cols: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    [
        (r > 0).then(|| i - cols),
        (r + 1 < rows).then(|| i + cols),
        (c > 0).then(|| i - 1),
        (c + 1 < cols).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random snakes laid until no free cell is left; the ends of each snake
/// of three cells or more become a pair.
fn random_board(rows: usize, cols: usize, rng: &mut Rng, name: String) -> Board {
    let n = rows * cols;
    let mut owner = vec![usize::MAX; n];
    let mut pairs = Vec::new();
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for (s, &start) in order.iter().enumerate() {
        if owner[start] != usize::MAX {
            continue;
        }
        owner[start] = s;
        let mut snake = vec![start];
        let limit = 3 + rng.below(rows + cols);
        while snake.len() < limit {
            let head = snake[snake.len() - 1];
            let next: Vec<usize> = neighbours(rows, cols, head)
                .filter(|&u| {
                    owner[u] == usize::MAX
                        && neighbours(rows, cols, u).all(|w| w == head || owner[w] != s)
                })
                .collect();
            if next.is_empty() {
                break;
            }
            let u = next[rng.below(next.len())];
            owner[u] = s;
            snake.push(u);
        }
        if snake.len() >= 3 {
            pairs.push((snake[0], snake[snake.len() - 1]));
        }
    }
    Board {
        name,
        rows,
        cols,
        pairs,
    }
}

/// The model: edge and label variables, and the labels.
fn model(b: &Board) -> (Model, Graph, Vec<VarId>, Vec<VarId>) {
    let g = Graph::grid(b.rows, b.cols).expect("a grid");
    let mut m = Model::new();
    let edges = m.new_bools(g.num_edges()).expect("edges");
    let labels = m
        .new_vars(b.rows * b.cols, 0..=b.pairs.len() as Value)
        .expect("labels");
    m.paths(&g, &edges, &labels, &b.pairs, false)
        .expect("a well-formed board");
    if no_chords() {
        // Two neighbouring cells of one path are consecutive on it.
        for (e, (u, v)) in g.edges().enumerate() {
            for i in 1..=b.pairs.len() as Value {
                m.clause(&[
                    Literal::eq(edges[e], 1),
                    Literal::ne(labels[u], i),
                    Literal::ne(labels[v], i),
                ])
                .expect("a clause");
            }
        }
    }
    (m, g, edges, labels)
}

/// `NUMBERLINK_NO_CHORDS=1`: the experiment of the chord rule (see the
/// module docs).
fn no_chords() -> bool {
    std::env::var("NUMBERLINK_NO_CHORDS").as_deref() == Ok("1")
}

/// Whether the solution whose edges are `chosen` has a *detour*: a used
/// edge `u - v` whose ends both have a neighbour, other than each other,
/// in one component of the unused cells. Replacing the edge by a route
/// through that component gives another solution.
fn has_detour(b: &Board, g: &Graph, chosen: &[bool]) -> bool {
    let n = b.rows * b.cols;
    let mut used = vec![false; n];
    for (e, (u, v)) in g.edges().enumerate() {
        if chosen[e] {
            used[u] = true;
            used[v] = true;
        }
    }
    // Components of the unused cells.
    let mut comp = vec![usize::MAX; n];
    for s in 0..n {
        if used[s] || comp[s] != usize::MAX {
            continue;
        }
        comp[s] = s;
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            for y in g.neighbours(x) {
                if !used[y] && comp[y] == usize::MAX {
                    comp[y] = s;
                    stack.push(y);
                }
            }
        }
    }
    let free = |x: usize| -> Vec<usize> {
        g.neighbours(x)
            .filter(|&y| !used[y])
            .map(|y| comp[y])
            .collect()
    };
    g.edges()
        .enumerate()
        .filter(|&(e, _)| chosen[e])
        .any(|(_, (u, v))| {
            let (cu, cv) = (free(u), free(v));
            cu.iter().any(|c| cv.contains(c))
        })
}

/// Whether the chosen edges join each pair by a simple path through
/// unnumbered cells and nothing else (by the rules, not the model).
fn follows_rules(b: &Board, g: &Graph, chosen: &[bool]) -> bool {
    let n = b.rows * b.cols;
    let mut adj = vec![Vec::new(); n];
    for (e, (u, v)) in g.edges().enumerate() {
        if chosen[e] {
            adj[u].push(v);
            adj[v].push(u);
        }
    }
    let mut terminal = vec![false; n];
    for &(a, c) in &b.pairs {
        terminal[a] = true;
        terminal[c] = true;
    }
    let mut on = vec![false; n];
    let mut used_edges = 0;
    for &(a, c) in &b.pairs {
        if adj[a].len() != 1 {
            return false;
        }
        let (mut prev, mut cur) = (a, adj[a][0]);
        on[a] = true;
        used_edges += 1;
        while cur != c {
            if on[cur] || terminal[cur] || adj[cur].len() != 2 {
                return false;
            }
            on[cur] = true;
            let next = if adj[cur][0] == prev {
                adj[cur][1]
            } else {
                adj[cur][0]
            };
            (prev, cur) = (cur, next);
            used_edges += 1;
        }
        on[c] = true;
    }
    used_edges == chosen.iter().filter(|&&x| x).count()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: u64 = std::env::var("NUMBERLINK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut boards = Vec::new();
    if args.first().map(String::as_str) == Some("--random") {
        let size = args.get(1).ok_or("--random needs ROWSxCOLS")?;
        let (r, c) = size.split_once('x').ok_or("ROWSxCOLS")?;
        let (rows, cols): (usize, usize) = (r.parse()?, c.parse()?);
        let count: usize = args.get(2).ok_or("--random needs COUNT")?.parse()?;
        let seed: u64 = args.get(3).map_or(Ok(1), |s| s.parse())?;
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for k in 0..count {
            boards.push(random_board(
                rows,
                cols,
                &mut rng,
                format!("{rows}x{cols}#{k}"),
            ));
        }
    } else {
        for path in &args {
            let text = std::fs::read_to_string(path)?;
            boards.push(parse(path, &text).map_err(|e| format!("{path}: {e}"))?);
        }
    }
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::DomWdeg)
        .with_learning(match std::env::var("NUMBERLINK_LEARNING").as_deref() {
            Ok("off") => Learning::Off,
            Ok("on") => Learning::On,
            _ => Learning::AUTO,
        })
        .with_value_order(match std::env::var("NUMBERLINK_VALUES").as_deref() {
            Ok("desc") => ValueOrder::Descending,
            _ => ValueOrder::Ascending,
        })
        .with_time_limit(Duration::from_secs(seconds));
    let options = options.with_probing(match std::env::var("NUMBERLINK_PROBE").as_deref() {
        Ok("root") => Probing::Root,
        Ok("node") => Probing::EveryNode,
        _ => Probing::Off,
    });
    let options = match std::env::var("NUMBERLINK_LUBY")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(scale) => options.with_restarts(Restarts::Luby { scale }),
        None => options,
    };
    // NUMBERLINK_DECIDE=edges: branch on the edges only.
    let on_edges = std::env::var("NUMBERLINK_DECIDE").as_deref() == Ok("edges");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (mut total, mut worst) = (Duration::ZERO, Duration::ZERO);
    let (mut unique, mut multiple, mut unknown) = (0, 0, 0);
    for b in &boards {
        let (m, g, edges, _) = model(b);
        let options = if on_edges {
            options.clone().with_decision_vars(&edges)
        } else {
            options.clone()
        };
        let start = Instant::now();
        let solved = Solver::with_options(&m, options.clone()).solve();
        let solve = start.elapsed();
        let Some(s) = solved.solution() else {
            println!("{}: {} pairs, no solution found", b.name, b.pairs.len());
            unknown += 1;
            continue;
        };
        let chosen: Vec<bool> = edges.iter().map(|&e| s.get(e) == Some(1)).collect();
        if !follows_rules(b, &g, &chosen) {
            return Err(format!("{}: the solution breaks a rule", b.name).into());
        }
        let start = Instant::now();
        let (m, _, _, _) = model(b);
        let mut solver = Solver::with_options(&m, options.clone());
        let verdict = match solver.uniqueness() {
            Uniqueness::Unique(s) if no_chords() => {
                let chosen: Vec<bool> = edges.iter().map(|&e| s.get(e) == Some(1)).collect();
                if has_detour(b, &g, &chosen) {
                    multiple += 1;
                    "multiple (a detour)"
                } else {
                    unique += 1;
                    "unique"
                }
            }
            Uniqueness::Unique(_) => {
                unique += 1;
                "unique"
            }
            Uniqueness::Multiple(..) => {
                multiple += 1;
                "multiple"
            }
            Uniqueness::NoSolution => return Err(format!("{}: no solution", b.name).into()),
            Uniqueness::Unknown { .. } => {
                unknown += 1;
                "unknown (stopped)"
            }
        };
        let whole = start.elapsed();
        total += whole;
        worst = worst.max(whole);
        println!(
            "{}: {} pairs, solve {:.2} ms, model + uniqueness {:.2} ms ({} decisions): {verdict}",
            b.name,
            b.pairs.len(),
            ms(solve),
            ms(whole),
            solver.stats().decisions
        );
    }
    if !boards.is_empty() {
        println!(
            "{} puzzles: {unique} unique, {multiple} multiple, {unknown} stopped; model + uniqueness mean {:.2} ms, worst {:.2} ms",
            boards.len(),
            ms(total / boards.len() as u32),
            ms(worst)
        );
    }
    Ok(())
}
