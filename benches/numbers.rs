//! Release-mode speed of the number-placement families over files:
//! KenKen, Kakuro, Suguru, Killer and Jigsaw Sudoku.
//!
//! Reads every `benches/data/kenken/*.txt` (one Keen game ID per line, as
//! Tatham's generator printed them, one file per class) and the text-layout
//! records (separated by empty lines) of `benches/data/kakuro/*.txt`,
//! `suguru/`, `killer_sudoku/` and `jigsaw_sudoku/`, and for each puzzle, single-threaded: parses it (untimed),
//! then times building the model and proving the solution unique
//! (`Family::uniqueness`), and verifies the answer with `Family::check`
//! after the clock stops. That is the span the peer harness
//! (`benches/peers/tatham_keen.c`) times of Tatham's solver, and the one
//! the other file benches (`support::time_unique`) time; parsing a Keen ID
//! is timed on its own and printed as the last column. Each puzzle is
//! timed alone (the best of `NUMBERS_ROUNDS` runs, default 3, to damp a
//! noisy machine). Prints
//! per file: puzzles/s, mean and worst µs per puzzle, mean decisions, mean
//! µs to parse.
//!
//! `cargo bench --bench numbers [FILTER...]`: with filters, only the files
//! whose row name (`kenken/keen_4de`) contains one of them.

#[path = "support/files.rs"]
#[allow(
    dead_code,
    reason = "each file bench uses its part of the shared support"
)]
mod support;

use gridcsp_puzzles::families::jigsaw_sudoku::JigsawSudoku;
use gridcsp_puzzles::families::kakuro::Kakuro;
use gridcsp_puzzles::families::kenken::KenKen;
use gridcsp_puzzles::families::killer_sudoku::KillerSudoku;
use gridcsp_puzzles::families::suguru::Suguru;
use gridcsp_puzzles::{Family, Limits, Unique};
use std::path::Path;
use std::time::{Duration, Instant};

/// The timed span, kept out of line so that a profiler can count it alone
/// (`valgrind --tool=callgrind --toggle-collect='numbers::prove_unique*'`).
#[inline(never)]
fn prove_unique<F: Family>(
    family: &F,
    p: &F::Puzzle,
    limits: &Limits,
) -> gridcsp_puzzles::UniqueOutcome<F> {
    family.uniqueness(p, limits)
}

/// Build and prove unique (timed), then check: the time of the best of
/// `rounds` runs, the decisions of the search, and the best time to parse.
fn time_one<F: Family>(family: &F, text: &str, rounds: u32) -> (Duration, u64, Duration) {
    let limits = Limits::default();
    let (mut best, mut parse) = (Duration::MAX, Duration::MAX);
    let mut decisions = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let p = family.parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        parse = parse.min(start.elapsed());
        let start = Instant::now();
        let (unique, stats) = prove_unique(family, &p, &limits);
        best = best.min(start.elapsed());
        let Unique::Unique(s) = unique else {
            panic!("not unique: {text}");
        };
        assert!(family.check(&p, &s).is_empty(), "{text}");
        decisions = stats.decisions;
    }
    (best, decisions, parse)
}

fn report<F: Family>(family: &F, name: &str, records: &[String], rounds: u32) {
    let mut total = Duration::ZERO;
    let mut worst = Duration::ZERO;
    let mut parsing = Duration::ZERO;
    let mut decisions = 0u64;
    for r in records {
        let (t, d, p) = time_one(family, r, rounds);
        total += t;
        worst = worst.max(t);
        parsing += p;
        decisions += d;
    }
    let n = records.len().max(1) as f64;
    println!(
        "{name:<36} {:>5} {:>12.0} {:>10.1} {:>10.1} {:>9.1} {:>9.1}",
        records.len(),
        n / total.as_secs_f64(),
        total.as_secs_f64() * 1e6 / n,
        worst.as_secs_f64() * 1e6,
        decisions as f64 / n,
        parsing.as_secs_f64() * 1e6 / n
    );
}

fn files(dir: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .map(|p| {
                    let name = p
                        .file_stem()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned();
                    (name, std::fs::read_to_string(&p).unwrap_or_default())
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn main() {
    let only = support::name_filter();
    let rounds = support::rounds("NUMBERS_ROUNDS");
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.contains(o.as_str()));
    println!(
        "{:<36} {:>5} {:>12} {:>10} {:>10} {:>9} {:>9}",
        "file", "n", "puzzles/s", "mean µs", "worst µs", "decisions", "parse µs"
    );
    for (name, text) in files("benches/data/kenken") {
        let ids: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect();
        let name = format!("kenken/{name}");
        if wanted(&name) {
            report(&KenKen, &name, &ids, rounds);
        }
    }
    let wanted: &dyn Fn(&str) -> bool = &wanted;
    run_blocks(&Kakuro, "kakuro", "kakuro", wanted, rounds);
    run_blocks(&Suguru, "suguru", "suguru", wanted, rounds);
    run_blocks(
        &KillerSudoku,
        "killer_sudoku",
        "killer-sudoku",
        wanted,
        rounds,
    );
    run_blocks(
        &JigsawSudoku,
        "jigsaw_sudoku",
        "jigsaw-sudoku",
        wanted,
        rounds,
    );
}

/// The rows of a family whose files in `benches/data/{dir}` hold
/// text-layout records, named `{row}/{file}`.
fn run_blocks<F: Family>(
    family: &F,
    dir: &str,
    row: &str,
    wanted: &dyn Fn(&str) -> bool,
    rounds: u32,
) {
    for (name, text) in files(&format!("benches/data/{dir}")) {
        let name = format!("{row}/{name}");
        if wanted(&name) {
            report(family, &name, &blocks(&text), rounds);
        }
    }
}

/// The text-layout records of a file, separated by empty lines (a record
/// that starts with `#` is a comment).
fn blocks(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|r| !r.is_empty() && !r.starts_with('#'))
        .map(|r| format!("{r}\n"))
        .collect()
}
