//! Compare gridcsp's Sudoku ratings with reference ratings (Sudoku
//! Explainer's, "SER"): rank correlation overall and among the hard
//! puzzles, the SER span of each level, and how many puzzles need a guess.
//!
//! ```text
//! cargo run --release --example sudoku_rating                 # the committed calibration set
//! cargo run --release --example sudoku_rating -- rated.txt    # lines "<puzzle> <SER> [anything]"
//! cargo run --release --example sudoku_rating -- rated.txt -v # and one line per puzzle
//! ```
//!
//! Lines starting with `#` are comments. Output: the figures the issue
//! measures (Spearman's rho overall and for SER >= 4.2, the SER range of
//! each level, the share of puzzles under SER 9 that need a guess) and the
//! grading time.

use gridcsp::sudoku::{Board, Difficulty, Logic, Rating, Shape, Technique, Variant};
use std::process::ExitCode;
use std::time::Instant;

const CALIBRATION: &str = include_str!("../crates/sudoku/tests/data/ser_calibration.txt");

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let text = match args.iter().find(|a| *a != "-v") {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => CALIBRATION.to_owned(),
    };
    let logic = match Logic::new(Variant::classic(Shape::CLASSIC)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut rows: Vec<(f64, f64, Difficulty, bool)> = Vec::new();
    let started = Instant::now();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(puzzle), Some(ser)) = (words.next(), words.next()) else {
            eprintln!("line {}: expected \"<puzzle> <SER>\"", i + 1);
            return ExitCode::FAILURE;
        };
        let (board, ser) = match (puzzle.parse::<Board>(), ser.parse::<Rating>()) {
            (Ok(b), Ok(r)) => (b, r.value()),
            _ => {
                eprintln!("line {}: not a puzzle and a rating", i + 1);
                return ExitCode::FAILURE;
            }
        };
        match logic.grade(&board) {
            Ok(g) => {
                let guess = g.hardest == Some(Technique::Guess);
                if verbose {
                    let hardest = g.hardest.map(|t| t.to_string()).unwrap_or_default();
                    println!(
                        "{puzzle} SER {ser:.1} gridcsp {} {} {hardest}",
                        g.rating, g.difficulty
                    );
                }
                rows.push((ser, g.rating.value(), g.difficulty, guess));
            }
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let elapsed = started.elapsed();
    let hard: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.0 >= 4.2)
        .map(|r| (r.0, r.1))
        .collect();
    let all: Vec<(f64, f64)> = rows.iter().map(|r| (r.0, r.1)).collect();
    println!(
        "puzzles: {}   graded in {:.2} s ({:.2} ms each)",
        rows.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / rows.len().max(1) as f64
    );
    println!("Spearman rho, all:        {:.3}", spearman(&all));
    println!(
        "Spearman rho, SER >= 4.2: {:.3} ({} puzzles)",
        spearman(&hard),
        hard.len()
    );
    println!("level     puzzles  SER min  SER max  span");
    for d in Difficulty::ALL {
        let sers: Vec<f64> = rows.iter().filter(|r| r.2 == d).map(|r| r.0).collect();
        if sers.is_empty() {
            println!("{:<9} {:>7}", d.name(), 0);
            continue;
        }
        let lo = sers.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = sers.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        println!(
            "{:<9} {:>7}  {lo:>7.1}  {hi:>7.1}  {:>4.1}",
            d.name(),
            sers.len(),
            hi - lo
        );
    }
    let under: Vec<&(f64, f64, Difficulty, bool)> = rows.iter().filter(|r| r.0 < 9.0).collect();
    let guessed = under.iter().filter(|r| r.3).count();
    println!(
        "need a guess, SER < 9:    {guessed} of {} ({:.1}%)",
        under.len(),
        100.0 * guessed as f64 / under.len().max(1) as f64
    );
    ExitCode::SUCCESS
}

/// Spearman's rank correlation (ties get their average rank).
fn spearman(pairs: &[(f64, f64)]) -> f64 {
    let ranks = |key: &dyn Fn(&(f64, f64)) -> f64| -> Vec<f64> {
        let mut order: Vec<usize> = (0..pairs.len()).collect();
        order.sort_by(|&a, &b| key(&pairs[a]).total_cmp(&key(&pairs[b])));
        let mut r = vec![0.0; pairs.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && key(&pairs[order[j + 1]]) == key(&pairs[order[i]]) {
                j += 1;
            }
            let avg = (i + j) as f64 / 2.0 + 1.0;
            for &k in &order[i..=j] {
                r[k] = avg;
            }
            i = j + 1;
        }
        r
    };
    let a = ranks(&|p| p.0);
    let b = ranks(&|p| p.1);
    let n = pairs.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
