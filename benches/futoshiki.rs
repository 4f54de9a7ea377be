//! Criterion benches for the futoshiki crate: solving (with proof of
//! uniqueness) per difficulty on generated 7x7 and 9x9 puzzles, grading,
//! parsing and generating.
//!
//! `cargo bench --bench futoshiki`

use criterion::{Criterion, criterion_group, criterion_main};
use futoshiki::{Difficulty, GenerateOptions, Puzzle, PuzzleModel, generate};
use std::hint::black_box;

const EXAMPLE_5X5: &str = "5:0,0L,0,0,0,0,0,0L,0D,0,0,0,0U,3,0D,0,0,0,0,0D,4U,0U,0,0,2,";

fn set(size: usize, difficulty: Difficulty, count: u64) -> Vec<Puzzle> {
    (0..count)
        .filter_map(|seed| {
            generate(&GenerateOptions::new(size, difficulty).with_seed(seed))
                .ok()
                .map(|g| g.puzzle)
        })
        .collect()
}

fn solving(c: &mut Criterion) {
    for size in [7usize, 9] {
        let mut group = c.benchmark_group(format!("futoshiki_solve_{size}x{size}"));
        for difficulty in Difficulty::ALL {
            let count = if difficulty == Difficulty::Recursive {
                3
            } else {
                8
            };
            let puzzles = set(size, difficulty, count);
            if difficulty == Difficulty::Recursive {
                group.sample_size(10);
            }
            group.bench_function(difficulty.name(), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        let model = PuzzleModel::new(black_box(p)).ok();
                        black_box(model.map(|m| m.uniqueness()));
                    }
                })
            });
        }
        group.finish();
    }
}

fn grading_and_formats(c: &mut Criterion) {
    let p = Puzzle::from_game_id(EXAMPLE_5X5).ok();
    let mut group = c.benchmark_group("futoshiki_misc");
    group.bench_function("parse_game_id_5x5", |b| {
        b.iter(|| black_box(Puzzle::from_game_id(black_box(EXAMPLE_5X5)).ok()))
    });
    if let Some(p) = p {
        let grid = p.to_grid();
        group.bench_function("parse_grid_5x5", |b| {
            b.iter(|| black_box(Puzzle::from_grid(black_box(&grid)).ok()))
        });
        group.bench_function("grade_5x5_tricky", |b| b.iter(|| black_box(p.grade().ok())));
        group.bench_function("explain_5x5_tricky", |b| {
            b.iter(|| black_box(p.explain().ok()))
        });
    }
    group.sample_size(10);
    group.bench_function("generate_6x6_tricky", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(generate(&GenerateOptions::new(6, Difficulty::Tricky).with_seed(seed)).ok())
        })
    });
    group.finish();
}

criterion_group!(benches, solving, grading_and_formats);
criterion_main!(benches);
