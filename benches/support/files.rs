//! What the benches over puzzle files share: the command line's name
//! filter, the rounds per puzzle, the files of a data folder, the records
//! of a file, timing one puzzle's uniqueness proof, and the table they
//! print (puzzles, puzzles per second, mean and worst microseconds, mean
//! search effort).
//!
//! Included by each bench with `#[path = "support/files.rs"] mod support;`
//! (a folder, so that cargo does not take it for a bench of its own).

use gridcsp::puzzles::{AnyFamily, Limits, Unique};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The allocator the CLI ships with, so that these benches time what a
/// batch run of `gridcsp` does (see `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The command line's arguments that are not options: only the files
/// whose name contains one of them are run (all files when there is none).
pub(crate) fn name_filter() -> Vec<String> {
    std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect()
}

/// How many times each puzzle is solved (its fastest time is kept): the
/// environment variable `var`, default 3, at least 1.
pub(crate) fn rounds(var: &str) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1)
}

/// The `.txt` files of `dir` whose name passes `filter`, sorted by name.
pub(crate) fn data_files(dir: &str, filter: &[String]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            filter.is_empty()
                || filter
                    .iter()
                    .any(|f| name.as_ref().is_some_and(|n| n.contains(f)))
        })
        .collect();
    files.sort();
    files
}

/// A file's name without its extension.
pub(crate) fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The records of a one-line format (game IDs): the non-empty lines that
/// are not `#` comments.
pub(crate) fn line_records(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The records of a text layout: blocks of non-comment lines between
/// blank lines.
pub(crate) fn block_records(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push_str(line);
            current.push('\n');
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// One puzzle of family `f` (parsed untimed), solved and proven unique
/// `rounds` times: its fastest time, nodes and decisions. The answer is
/// checked against the rules after the clock stops; a puzzle that is not
/// unique or an answer that breaks a rule stops the bench.
pub(crate) fn time_unique(f: &dyn AnyFamily, record: &str, rounds: u32) -> (Duration, Effort) {
    let puzzle = f.load(record).unwrap_or_else(|e| panic!("{e}\n{record}"));
    let mut best = Duration::MAX;
    let mut effort = Effort::default();
    for _ in 0..rounds {
        let start = Instant::now();
        let (outcome, stats) = puzzle.uniqueness(&Limits::default());
        let elapsed = start.elapsed();
        match outcome {
            Unique::Unique(s) => {
                let broken = puzzle
                    .check_solution(&s)
                    .unwrap_or_else(|e| panic!("unreadable answer: {e}\n{s}"));
                assert!(broken.is_empty(), "a wrong answer: {broken:?}\n{record}");
            }
            other => panic!("expected one solution, got {other:?}\n{record}"),
        }
        best = best.min(elapsed);
        effort = Effort {
            nodes: stats.nodes,
            decisions: stats.decisions,
        };
    }
    (best, effort)
}

/// A search's effort on one puzzle.
#[derive(Clone, Copy, Default)]
pub(crate) struct Effort {
    /// Search nodes.
    pub(crate) nodes: u64,
    /// Decisions.
    pub(crate) decisions: u64,
}

/// The table the file benches print, one row per file or class.
pub(crate) struct Table {
    /// Width of the first column.
    name_width: usize,
    /// Whether the mean nodes are a column (the decisions always are).
    nodes: bool,
}

impl Table {
    /// Prints the header and returns the table.
    pub(crate) fn new(name_width: usize, nodes: bool) -> Table {
        let mut head = format!(
            "| {:<name_width$} | {:>7} | {:>9} | {:>9} | {:>9} |",
            "file", "puzzles", "puzzles/s", "mean µs", "worst µs"
        );
        let mut rule = format!(
            "|{:-<w$}|{:->9}|{:->11}|{:->11}|{:->11}|",
            "",
            "",
            "",
            "",
            "",
            w = name_width + 2
        );
        if nodes {
            head.push_str(&format!(" {:>10} |", "mean nodes"));
            rule.push_str(&format!("{:->12}|", ""));
        }
        head.push_str(&format!(" {:>9} |", "mean dec."));
        rule.push_str(&format!("{:->11}|", ""));
        println!("{head}\n{rule}");
        Table { name_width, nodes }
    }

    /// Prints the row of `name` for the puzzles' times and efforts.
    pub(crate) fn row(&self, name: &str, runs: &[(Duration, Effort)]) {
        if runs.is_empty() {
            return;
        }
        let total: Duration = runs.iter().map(|r| r.0).sum();
        let worst = runs.iter().map(|r| r.0).max().unwrap_or_default();
        let n = runs.len() as f64;
        let mean = |f: fn(&Effort) -> u64| runs.iter().map(|r| f(&r.1)).sum::<u64>() as f64 / n;
        let w = self.name_width;
        let mut line = format!(
            "| {:<w$} | {:>7} | {:>9.0} | {:>9.1} | {:>9.1} |",
            name,
            runs.len(),
            n / total.as_secs_f64(),
            total.as_secs_f64() * 1e6 / n,
            worst.as_secs_f64() * 1e6,
        );
        if self.nodes {
            line.push_str(&format!(" {:>10.1} |", mean(|e| e.nodes)));
        }
        line.push_str(&format!(" {:>9.1} |", mean(|e| e.decisions)));
        println!("{line}");
    }
}
