//! No heap allocation per search node for the extensional constraints: a
//! counting global allocator around searches that use positive and negative
//! tables, element over constants and variables, regular and Nonogram lines
//! and the visibility clue. Once a solver has run once (its trail, queue
//! and scratch buffers have their final size), counting allocates nothing,
//! and a run that returns solutions allocates one vector per solution.
//!
//! One test in this binary, so no other test thread allocates while it
//! counts (the counters are process-wide). `--nocapture` prints the figures. The harness's own
//! thread still allocates now and then, so each warm figure is the fewest
//! of three runs (`alloc_count::fewest`).

use csp_core::{Dfa, Model, SearchOptions, Solver, Uniqueness, Value, VarId, VariableOrder};
#[path = "support/alloc_count.rs"]
mod alloc_count;

use alloc_count::{counted, fewest};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Runs a warm-up count, then checks that counting, solving, uniqueness
/// and root propagation allocate nothing beyond the returned solutions.
/// Returns the nodes of the count.
fn measure(name: &str, model: &Model, options: SearchOptions) -> u64 {
    let mut solver = Solver::with_options(model, options);
    let (first, cold) = counted(GLOBAL, || solver.count(Some(3)));
    let (again, count) = fewest(GLOBAL, || solver.count(Some(3)));
    assert_eq!(first, again, "{name}");
    let nodes = solver.stats().nodes;
    let (outcome, solve) = fewest(GLOBAL, || solver.solve());
    let (unique, uniqueness) = fewest(GLOBAL, || solver.uniqueness());
    let (_, propagate) = fewest(GLOBAL, || solver.propagate().is_ok());
    let returned = usize::from(outcome.solution().is_some());
    let kept = match &unique {
        Uniqueness::Unique(_) => 1,
        Uniqueness::Multiple(..) => 2,
        _ => 0,
    };
    println!(
        "{name:<40} nodes {nodes:>6} solutions {:>2} cold {cold:>5} count {count} solve {solve} \
         uniqueness {uniqueness} propagate {propagate}",
        first.count
    );
    assert_eq!(count, 0, "{name}: count() allocated");
    assert_eq!(propagate, 0, "{name}: propagate() allocated");
    assert_eq!(
        solve, returned,
        "{name}: solve() allocated more than its solution"
    );
    assert_eq!(
        uniqueness, kept,
        "{name}: uniqueness() allocated more than its solutions"
    );
    nodes
}

/// The permutations of `1..=n` with `k` visible from the start.
fn permutations_seen(n: usize, k: usize) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    let mut line: Vec<Value> = (1..=n as Value).collect();
    // Heap's algorithm.
    let mut c = vec![0usize; n];
    let mut push = |line: &[Value]| {
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
            out.push(line.to_vec());
        }
    };
    push(&line);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                line.swap(0, i);
            } else {
                line.swap(c[i], i);
            }
            push(&line);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

/// A Towers grid with the clues of a Tatham 6 x 6 'extreme' puzzle
/// (from `benches/data/towers.txt`), as tables of permutations or as
/// visibility constraints.
fn towers(tables: bool) -> Model {
    let desc = "6:/4///4/////4///1/3/5/4///4////3/3";
    let n = 6;
    let clues: Vec<Option<usize>> = desc[2..]
        .split('/')
        .map(|c| (!c.is_empty()).then(|| c.parse().unwrap()))
        .collect();
    let mut m = Model::new();
    let cells: Vec<VarId> = m.new_vars(n * n, 1..=n as Value).unwrap();
    let row = |i: usize| (0..n).map(|j| cells[i * n + j]).collect::<Vec<_>>();
    let col = |j: usize| (0..n).map(|i| cells[i * n + j]).collect::<Vec<_>>();
    for i in 0..n {
        m.all_different(&row(i)).unwrap();
        m.all_different(&col(i)).unwrap();
    }
    for i in 0..n {
        let rev = |v: Vec<VarId>| v.into_iter().rev().collect::<Vec<_>>();
        let lines = [col(i), rev(col(i)), row(i), rev(row(i))];
        for (side, line) in lines.into_iter().enumerate() {
            if let Some(k) = clues[side * n + i] {
                if tables {
                    m.table(&line, &permutations_seen(n, k)).unwrap();
                } else {
                    m.visible_count(&line, k).unwrap();
                }
            }
        }
    }
    m
}

/// n-queens with one negative table per pair of queens.
fn queens_forbidden(n: usize) -> Model {
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as Value).unwrap();
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as Value;
            let forbidden: Vec<[Value; 2]> = (0..n as Value)
                .flat_map(|a| (0..n as Value).map(move |b| [a, b]))
                .filter(|&[a, b]| a == b || (a - b).abs() == d)
                .collect();
            m.forbidden_tuples(&[q[i], q[j]], &forbidden).unwrap();
        }
    }
    m
}

/// Involutions of 7 (element over variables) with a cost lookup (element
/// over constants) bounding the first entries.
fn involutions() -> Model {
    let n = 7;
    let mut m = Model::new();
    let p = m.new_vars(n, 0..n as Value).unwrap();
    for (i, &pi) in p.iter().enumerate() {
        let me = m.new_var(i as Value..=i as Value).unwrap();
        m.element_vars(&p, pi, me).unwrap();
    }
    let costs = [5, 3, 8, 1, 9, 2, 7];
    for &pi in &p[..3] {
        let c = m.new_var(1..=7).unwrap();
        m.element(&costs, pi, c).unwrap();
    }
    m
}

/// A 15 x 15 Nonogram from a random picture (it needs search), as line
/// solvers or as automata.
fn nonogram(automaton: bool) -> Model {
    let n = 15;
    let mut s = 0x1234_5678_9abc_def1u64;
    let pic: Vec<bool> = (0..n * n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % 2 == 0
        })
        .collect();
    let runs = |line: &[bool]| {
        let mut out = Vec::new();
        let mut r = 0;
        for &b in line.iter().chain(std::iter::once(&false)) {
            if b {
                r += 1;
            } else if r > 0 {
                out.push(r);
                r = 0;
            }
        }
        out
    };
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 0..=1).unwrap();
    let mut lines: Vec<(Vec<VarId>, Vec<usize>)> = Vec::new();
    for i in 0..n {
        let row: Vec<bool> = pic[i * n..(i + 1) * n].to_vec();
        let col: Vec<bool> = (0..n).map(|k| pic[k * n + i]).collect();
        lines.push((cells[i * n..(i + 1) * n].to_vec(), runs(&row)));
        lines.push(((0..n).map(|k| cells[k * n + i]).collect(), runs(&col)));
    }
    for (vars, clue) in lines {
        if automaton {
            m.regular(&vars, &Dfa::nonogram(&clue).unwrap()).unwrap();
        } else {
            m.nonogram_line(&vars, &clue).unwrap();
        }
    }
    m
}

#[test]
fn extensional_search_allocates_nothing_after_setup() {
    let (v, n) = counted(GLOBAL, || vec![1u8; 100]);
    assert!(v.len() == 100 && n >= 1, "the counter sees allocations");
    let orders = [
        ("mrv", SearchOptions::default()),
        (
            "dom/wdeg",
            SearchOptions::default().with_variable_order(VariableOrder::DomWdeg),
        ),
    ];
    let mut searched = 0;
    for (label, options) in orders {
        let cases = [
            ("towers 6x6, permutation tables", towers(true)),
            ("towers 6x6, visible count", towers(false)),
            ("8-queens, forbidden tuples", queens_forbidden(8)),
            ("involutions, element", involutions()),
            ("nonogram 15x15, line solver", nonogram(false)),
            ("nonogram 15x15, automaton", nonogram(true)),
        ];
        for (name, model) in &cases {
            let nodes = measure(&format!("{name} ({label})"), model, options.clone());
            searched += usize::from(nodes > 0);
        }
    }
    assert!(searched >= 8, "most cases should need search");
}
