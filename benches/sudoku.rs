//! Criterion benches of the `sudoku` crate, one group per corpus kept in
//! the repository (`crates/sudoku/tests/data/`): solving a few puzzles of
//! each difficulty with one reused solver, uniqueness, grading, parsing and
//! generation.
//!
//! Run with `cargo bench --bench sudoku`.

use criterion::{Criterion, criterion_group, criterion_main};
use gridcsp::sudoku::{Board, Difficulty, Generator, Logic, Shape, SudokuModel, Variant};
use std::hint::black_box;

const EASY: &str = include_str!("../crates/sudoku/tests/data/easy.txt");
const TOP1465: &str = include_str!("../crates/sudoku/tests/data/top1465.txt");
const HARD: &str = include_str!("../crates/sudoku/tests/data/hard.txt");

fn puzzles(text: &str, count: usize) -> Vec<Board> {
    text.lines()
        .take(count)
        .map(|l| l.parse().expect("corpus puzzles parse"))
        .collect()
}

fn solving(c: &mut Criterion) {
    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).expect("classic model");
    for (name, text) in [("easy", EASY), ("top1465", TOP1465), ("hard", HARD)] {
        let boards = puzzles(text, 10);
        let mut group = c.benchmark_group(format!("sudoku/{name}"));
        let mut solver = model.solver();
        group.bench_function("solve 10", |b| {
            b.iter(|| {
                for p in &boards {
                    black_box(solver.solve(black_box(p)).expect("valid puzzle"));
                }
            })
        });
        group.bench_function("uniqueness 10", |b| {
            b.iter(|| {
                for p in &boards {
                    black_box(solver.uniqueness(black_box(p)).expect("valid puzzle"));
                }
            })
        });
        group.finish();
    }
}

fn logic(c: &mut Criterion) {
    let logic = Logic::new(Variant::classic(Shape::CLASSIC)).expect("classic logic");
    let mut group = c.benchmark_group("sudoku/logic");
    for (name, text) in [("easy", EASY), ("top1465", TOP1465)] {
        let boards = puzzles(text, 10);
        group.bench_function(format!("grade 10 {name}"), |b| {
            b.iter(|| {
                for p in &boards {
                    black_box(logic.grade(black_box(p)).ok());
                }
            })
        });
    }
    group.finish();
}

fn formats(c: &mut Criterion) {
    let lines: Vec<&str> = TOP1465.lines().take(100).collect();
    let boards = puzzles(TOP1465, 100);
    let mut group = c.benchmark_group("sudoku/formats");
    group.bench_function("parse 100 lines", |b| {
        b.iter(|| {
            for l in &lines {
                black_box(l.parse::<Board>().expect("parses"));
            }
        })
    });
    group.bench_function("pretty-print 100", |b| {
        b.iter(|| {
            for p in &boards {
                black_box(p.to_string());
            }
        })
    });
    group.finish();
}

fn generating(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku/generate");
    group.sample_size(10);
    let mut seed = 0;
    group.bench_function("complete grid", |b| {
        b.iter(|| {
            seed += 1;
            black_box(Generator::classic(seed).solution_grid().expect("grid"))
        })
    });
    for difficulty in [Difficulty::Easy, Difficulty::Medium] {
        group.bench_function(format!("{difficulty} puzzle"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(
                    Generator::classic(seed)
                        .generate(difficulty)
                        .expect("puzzle"),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solving, logic, formats, generating);
criterion_main!(benches);
