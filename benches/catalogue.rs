//! The constraint catalogue on published puzzles, modelled directly on
//! csp-core (no puzzle crate), solved and counted in one process: each
//! puzzle is solved and proven unique; the 4 x 4 magic squares are counted.
//! The same instances (`benches/data/catalogue/`, sources in its README)
//! and models are run by OR-Tools CP-SAT in `benches/peers/cpsat_catalogue.py`;
//! `docs/performance.md` puts both columns side by side.
//!
//! `cargo bench --bench catalogue [NAME...]` prints, per model: solutions,
//! decisions, failures, and the fastest of `CATALOGUE_ROUNDS` runs (default
//! 3) in milliseconds, model build included. Every solution is checked
//! against the puzzle's rules by code independent of the model.

use csp_core::{
    Grid, Literal, Model, RelOp, SearchOptions, Solution, Solver, Stats, Uniqueness, Value, VarId,
    VariableOrder,
};
use std::time::{Duration, Instant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/catalogue");

/// A model ready to run, with the check of its answers.
struct Built {
    model: Model,
    options: SearchOptions,
    /// Checks a solution against the puzzle's rules.
    check: Box<dyn Fn(&Solution) -> bool>,
}

/// A named model maker; `true` to count every solution.
type Job = (String, Box<dyn Fn() -> Built>, bool);

/// What a run found.
struct Run {
    solutions: u64,
    stats: Stats,
    ok: bool,
}

/// Reads whitespace-separated tokens, line by line, skipping blank lines.
fn lines(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|l| !l.is_empty())
        .collect()
}

fn number(t: &str) -> i64 {
    t.parse()
        .unwrap_or_else(|_| panic!("bad number {t:?} in a bench file"))
}

fn options() -> SearchOptions {
    SearchOptions::default().with_variable_order(VariableOrder::DomWdeg)
}

/// Kakuro: `-` block, `0` white, `D,R` clues. Runs are distinct digits with
/// the clue's sum: one `all_different_sum` each.
fn kakuro(text: &str) -> Built {
    let rows = lines(text);
    let (h, w) = (number(rows[0][0]) as usize, number(rows[0][1]) as usize);
    let cells = &rows[1..];
    let white: Vec<bool> = cells.iter().flatten().map(|&t| t == "0").collect();
    let mut model = Model::new();
    let grid = Grid::with_mask_unnamed(&mut model, h, w, 1..=9, &white).expect("grid");
    let mut runs: Vec<(Vec<VarId>, i64)> = Vec::new();
    for (r, row) in cells.iter().enumerate() {
        for (c, t) in row.iter().enumerate() {
            let Some((d, a)) = t.split_once(',') else {
                continue;
            };
            if !a.is_empty() {
                let run: Vec<VarId> = (c + 1..w).map_while(|cc| grid.get(r, cc)).collect();
                runs.push((run, number(a)));
            }
            if !d.is_empty() {
                let run: Vec<VarId> = (r + 1..h).map_while(|rr| grid.get(rr, c)).collect();
                runs.push((run, number(d)));
            }
        }
    }
    for (run, sum) in &runs {
        model.all_different_sum(run, *sum).expect("run");
    }
    let check = move |s: &Solution| {
        runs.iter().all(|(run, sum)| {
            let v: Vec<Value> = run.iter().map(|&x| s[x]).collect();
            let mut sorted = v.clone();
            sorted.sort_unstable();
            sorted.dedup();
            sorted.len() == v.len() && v.iter().map(|&x| i64::from(x)).sum::<i64>() == *sum
        })
    };
    Built {
        model,
        options: options(),
        check: Box::new(check),
    }
}

/// Nonogram: column clues, then row clues; one exact line solver per line.
fn nonogram(text: &str) -> Built {
    let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let head: Vec<usize> = all[0]
        .split_whitespace()
        .map(|t| number(t) as usize)
        .collect();
    let (h, w) = (head[0], head[1]);
    let clue = |l: &str| -> Vec<usize> {
        l.split_whitespace()
            .map(|t| number(t) as usize)
            .filter(|&n| n > 0)
            .collect()
    };
    let cols: Vec<Vec<usize>> = all[1..=w].iter().map(|l| clue(l)).collect();
    let rows: Vec<Vec<usize>> = all[w + 1..=w + h].iter().map(|l| clue(l)).collect();
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, h, w, 0..=1).expect("grid");
    for (r, runs) in rows.iter().enumerate() {
        model.nonogram_line(grid.row(r), runs).expect("row");
    }
    for (c, runs) in cols.iter().enumerate() {
        model.nonogram_line(&grid.column(c), runs).expect("column");
    }
    let runs_of = |line: Vec<Value>| -> Vec<usize> {
        line.split(|&v| v == 0)
            .map(<[Value]>::len)
            .filter(|&n| n > 0)
            .collect()
    };
    let check = move |s: &Solution| {
        let at = |r: usize, c: usize| s[grid.get(r, c).expect("in grid")];
        (0..h).all(|r| runs_of((0..w).map(|c| at(r, c)).collect()) == rows[r])
            && (0..w).all(|c| runs_of((0..h).map(|r| at(r, c)).collect()) == cols[c])
    };
    Built {
        model,
        options: options(),
        check: Box::new(check),
    }
}

/// Star Battle: STARS per row, column and region; at most one star in every
/// 2 x 2 window (no two stars touch, not even diagonally).
fn star_battle(text: &str) -> Built {
    let rows = lines(text);
    let (h, w, k) = (
        number(rows[0][0]) as usize,
        number(rows[0][1]) as usize,
        number(rows[0][2]) as usize,
    );
    let region: Vec<i64> = rows[1..].iter().flatten().map(|t| number(t)).collect();
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, h, w, 0..=1).expect("grid");
    let mut labels: Vec<i64> = region.clone();
    labels.sort_unstable();
    labels.dedup();
    let mut groups: Vec<Vec<VarId>> = grid.rows().chain(grid.columns()).collect();
    for l in &labels {
        groups.push(
            (0..h * w)
                .filter(|&i| region[i] == *l)
                .map(|i| grid.cells()[i])
                .collect(),
        );
    }
    for g in &groups {
        model.exactly(g, 1, k).expect("count");
    }
    for window in grid.windows(2, 2) {
        model.at_most_one(&window).expect("window");
    }
    let pairs = grid.adjacent_pairs_in(csp_core::Neighbourhood::King);
    let check = move |s: &Solution| {
        groups
            .iter()
            .all(|g| g.iter().filter(|&&x| s[x] == 1).count() == k)
            && pairs.iter().all(|&(a, b)| s[a] + s[b] <= 1)
    };
    Built {
        model,
        options: options(),
        check: Box::new(check),
    }
}

/// A 9 x 9 grid of cage labels then `LABEL SUM` lines, or (KenKen) an n x n
/// grid then `LABEL TARGET OP` lines.
fn cages(text: &str) -> (usize, Vec<usize>, Vec<Vec<&str>>) {
    let rows = lines(text);
    let n = number(rows[0][0]) as usize;
    let grid: Vec<&str> = rows[1..=n].iter().flatten().copied().collect();
    let mut names: Vec<&str> = Vec::new();
    let label: Vec<usize> = grid
        .iter()
        .map(|g| match names.iter().position(|x| x == g) {
            Some(i) => i,
            None => {
                names.push(g);
                names.len() - 1
            }
        })
        .collect();
    let mut specs: Vec<Vec<&str>> = vec![Vec::new(); names.len()];
    for l in &rows[n + 1..] {
        let i = names
            .iter()
            .position(|x| *x == l[0])
            .expect("cage label in the grid");
        specs[i] = l[1..].to_vec();
    }
    (n, label, specs)
}

fn latin(model: &mut Model, n: usize) -> Grid {
    let grid = Grid::new_unnamed(model, n, n, 1..=n as Value).expect("grid");
    for line in grid.lines() {
        model.all_different(&line).expect("line");
    }
    grid
}

fn cage_cells(grid: &Grid, label: &[usize], k: usize) -> Vec<VarId> {
    (0..label.len())
        .filter(|&i| label[i] == k)
        .map(|i| grid.cells()[i])
        .collect()
}

/// Killer Sudoku: rows, columns, boxes; every cage `all_different_sum`.
fn killer(text: &str) -> Built {
    let (n, label, specs) = cages(text);
    let mut model = Model::new();
    let grid = latin(&mut model, n);
    for b in grid.boxes(3, 3).expect("9x9") {
        model.all_different(&b).expect("box");
    }
    let cages: Vec<(Vec<VarId>, i64)> = (0..specs.len())
        .map(|k| (cage_cells(&grid, &label, k), number(specs[k][0])))
        .collect();
    for (cells, sum) in &cages {
        model.all_different_sum(cells, *sum).expect("cage");
    }
    let check = move |s: &Solution| {
        cages
            .iter()
            .all(|(cells, sum)| cells.iter().map(|&x| i64::from(s[x])).sum::<i64>() == *sum)
    };
    Built {
        model,
        options: options(),
        check: Box::new(check),
    }
}

/// KenKen: a Latin square; `+` a sum, `x` a product, `-` a difference,
/// `/` a quotient, `=` a given.
fn kenken(text: &str) -> Built {
    let (n, label, specs) = cages(text);
    let mut model = Model::new();
    let grid = latin(&mut model, n);
    let mut cages: Vec<(Vec<VarId>, i64, String)> = Vec::new();
    for (k, spec) in specs.iter().enumerate() {
        let cells = cage_cells(&grid, &label, k);
        let target = number(spec[0]);
        let op = spec.get(1).copied().unwrap_or("=");
        match op {
            "+" => drop(model.sum_eq(&cells, target).expect("sum")),
            "x" | "*" => drop(model.product(&cells, target).expect("product")),
            "-" => drop(
                model
                    .difference(cells[0], cells[1], target)
                    .expect("difference"),
            ),
            "/" => drop(
                model
                    .quotient(cells[0], cells[1], target)
                    .expect("quotient"),
            ),
            _ => model.fix(cells[0], target as Value).expect("given"),
        }
        cages.push((cells, target, op.to_owned()));
    }
    let check = move |s: &Solution| {
        cages.iter().all(|(cells, t, op)| {
            let v: Vec<i64> = cells.iter().map(|&x| i64::from(s[x])).collect();
            match op.as_str() {
                "+" => v.iter().sum::<i64>() == *t,
                "x" | "*" => v.iter().product::<i64>() == *t,
                "-" => (v[0] - v[1]).abs() == *t,
                "/" => v[0].max(v[1]) == *t * v[0].min(v[1]),
                _ => v[0] == *t,
            }
        })
    };
    Built {
        model,
        options: options(),
        check: Box::new(check),
    }
}

/// 4 x 4 magic squares: 1..16 all different, rows, columns and both
/// diagonals sum to 34.
fn magic_square() -> Built {
    let mut model = Model::new();
    let grid = Grid::new_unnamed(&mut model, 4, 4, 1..=16).expect("grid");
    model.all_different(grid.cells()).expect("distinct");
    let mut lines: Vec<Vec<VarId>> = grid.lines().collect();
    lines.push(grid.diagonal());
    lines.push(grid.anti_diagonal());
    for l in &lines {
        model.sum_eq(l, 34).expect("line");
    }
    let check = move |s: &Solution| {
        lines
            .iter()
            .all(|l| l.iter().map(|&x| s[x]).sum::<Value>() == 34)
    };
    Built {
        model,
        options: options(),
        check: Box::new(check),
    }
}

/// SEND + MORE = MONEY as one linear equation over distinct digits.
fn send_more_money() -> Built {
    let mut model = Model::new();
    let l: Vec<VarId> = model.new_vars(8, 0..=9).expect("letters");
    let [s, e, n, d, m, o, r, y] = [l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]];
    model.all_different(&l).expect("distinct");
    model.clause(&[Literal::ne(s, 0)]).expect("S");
    model.clause(&[Literal::ne(m, 0)]).expect("M");
    #[rustfmt::skip]
    let terms = [
        (1000, s), (100, e), (10, n), (1, d),
        (1000, m), (100, o), (10, r), (1, e),
        (-10000, m), (-1000, o), (-100, n), (-10, e), (-1, y),
    ];
    model.linear(&terms, RelOp::Eq, 0).expect("sum");
    let check = move |sol: &Solution| {
        let v = |x: VarId| i64::from(sol[x]);
        let word = |xs: &[VarId]| xs.iter().fold(0, |a, &x| a * 10 + v(x));
        word(&[s, e, n, d]) + word(&[m, o, r, e]) == word(&[m, o, n, e, y])
    };
    Built {
        model,
        options: SearchOptions::default(),
        check: Box::new(check),
    }
}

/// Solves and proves uniqueness (`count == false`), or counts every
/// solution, checking each one.
fn run(b: &Built, count: bool) -> Run {
    let mut solver = Solver::with_options(&b.model, b.options.clone());
    if count {
        let mut solutions = 0;
        let mut ok = true;
        for s in solver.solutions() {
            ok &= (b.check)(&s);
            solutions += 1;
        }
        return Run {
            solutions,
            stats: solver.stats(),
            ok,
        };
    }
    let (solutions, ok) = match solver.uniqueness() {
        Uniqueness::Unique(s) => (1, (b.check)(&s)),
        Uniqueness::Multiple(a, b2) => (2, (b.check)(&a) && (b.check)(&b2)),
        _ => (0, true),
    };
    Run {
        solutions,
        stats: solver.stats(),
        ok,
    }
}

fn main() {
    let rounds: u32 = std::env::var("CATALOGUE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut jobs: Vec<Job> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(DATA)
        .expect("benches/data/catalogue")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for path in files {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned();
        let text = std::fs::read_to_string(&path).expect("read");
        let make: fn(&str) -> Built = match name.split('_').next() {
            Some("kakuro") => kakuro,
            Some("nonogram") => nonogram,
            Some("star") => star_battle,
            Some("killer") => killer,
            Some("kenken") => kenken,
            _ => continue,
        };
        jobs.push((name, Box::new(move || make(&text)), false));
    }
    jobs.push((
        "magic_square_4 (count all)".into(),
        Box::new(magic_square),
        true,
    ));
    jobs.push(("send_more_money".into(), Box::new(send_more_money), false));
    println!(
        "{:<36} {:>9} {:>10} {:>10} {:>10}",
        "model", "solutions", "decisions", "failures", "ms"
    );
    let mut all_ok = true;
    for (name, make, count) in &jobs {
        if !only.is_empty() && !only.iter().any(|o| name.contains(o.as_str())) {
            continue;
        }
        let mut best = Duration::MAX;
        let mut last = None;
        for _ in 0..rounds.max(1) {
            let start = Instant::now();
            let built = make();
            let r = run(&built, *count);
            best = best.min(start.elapsed());
            last = Some(r);
        }
        let r = last.expect("one round");
        all_ok &= r.ok && (r.solutions == 1 || *count);
        println!(
            "{:<36} {:>9} {:>10} {:>10} {:>10.3}{}",
            name,
            r.solutions,
            r.stats.nodes,
            r.stats.failures,
            best.as_secs_f64() * 1e3,
            if r.ok { "" } else { "  WRONG ANSWER" }
        );
    }
    if !all_ok {
        eprintln!("catalogue: a model gave a wrong or non-unique answer");
        std::process::exit(1);
    }
}
