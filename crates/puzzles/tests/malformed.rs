//! Malformed input never panics: every family's puzzles (its text layout
//! and its game ID), mutated at random (characters deleted, inserted or
//! changed, numbers made huge or negative, lines dropped, repeated or
//! swapped, the text cut short), are either rejected with an error or
//! taken and then solved, counted, graded, hinted, checked and drawn under
//! a node limit without a panic.
//!
//! Those that load must also get one story from every question: the
//! solution count (to three) decides what solving, the uniqueness check,
//! grading, explaining and hinting say, and every solution they give
//! passes the family's own rule check.
//!
//! The mutations come from a fixed seed, so a failure repeats; set
//! `MALFORMED_ROUNDS` for a longer run (the default keeps `cargo test`
//! quick).

use gridcsp_puzzles::{
    AnyFamily, AnyPuzzle, GenerateOptions, GradeError, Limits, RenderOptions, Solved, Unique,
    families,
};
use proptest::prelude::RngCore;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A seeded generator (proptest's ChaCha, used directly: the mutations
/// are a fixed list, not shrunk).
struct Rng(TestRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.0.next_u64() % n as u64) as usize
        }
    }
}

/// Characters the formats use, and a few they do not.
const ALPHABET: &[&str] = &[
    "0", "1", "2", "3", "9", "-", ",", ".", ":", "_", "x", "o", "a", "z", "R", "U", "L", "D", "S",
    "m", "d", "s", "/", " ", "\n", "\n\n", "\t", "é", "#",
];

/// Numbers that overflow, are negative, zero or just past a size.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "99",
    "255",
    "256",
    "65536",
    "4294967296",
    "99999999999999999999999",
    "-2147483648",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(s.len() + 1);
        match rng.below(9) {
            0 if !s.is_empty() => {
                s.remove(at.min(s.len() - 1));
            }
            1 => {
                let add = ALPHABET[rng.below(ALPHABET.len())];
                s.splice(at..at, add.chars());
            }
            2 if !s.is_empty() => {
                let add = ALPHABET[rng.below(ALPHABET.len())];
                let at = at.min(s.len() - 1);
                s.splice(at..at + 1, add.chars());
            }
            3 => {
                // A number replaced by an extreme one.
                let digits: Vec<usize> = (0..s.len()).filter(|&i| s[i].is_ascii_digit()).collect();
                if let Some(&i) = digits.get(rng.below(digits.len())) {
                    let end = (i..s.len())
                        .find(|&j| !s[j].is_ascii_digit())
                        .unwrap_or(s.len());
                    let add = NUMBERS[rng.below(NUMBERS.len())];
                    s.splice(i..end, add.chars());
                }
            }
            4 => s.truncate(at),
            _ => {
                // Whole lines: drop, repeat or swap.
                let text: String = s.iter().collect();
                let mut lines: Vec<&str> = text.lines().collect();
                if lines.is_empty() {
                    continue;
                }
                let i = rng.below(lines.len());
                let j = rng.below(lines.len());
                match rng.below(3) {
                    0 => {
                        lines.remove(i);
                    }
                    1 => lines.insert(j, lines[i]),
                    _ => lines.swap(i, j),
                }
                s = lines.join("\n").chars().collect();
            }
        }
    }
    s.into_iter().collect()
}

/// Everything a user can ask of a puzzle that loaded, under a node limit.
fn exercise(f: &dyn AnyFamily, text: &str) {
    let Ok(p) = f.load(text) else {
        return;
    };
    let limits = Limits {
        nodes: Some(200),
        ..Limits::default()
    };
    let written = p.write();
    let _ = f.load(&written);
    let _ = p.game_id();
    let _ = p.check_givens();
    let _ = p.solve(&limits);
    let _ = p.count(Some(3), &limits);
    let _ = p.uniqueness(&limits);
    let _ = p.grade(&limits);
    let _ = p.hint(&limits);
    let _ = p.check_solution(&written);
    let _ = p.check_solution(text);
    let _ = p.render(&RenderOptions::default().with_solution(true), &limits);
}

/// The rounds asked for in `MALFORMED_ROUNDS`, or `default`.
fn rounds(default: usize) -> usize {
    std::env::var("MALFORMED_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Layouts a generator does not write, mutated too: (family, text).
const LAYOUTS: &[(&str, &str)] = &[
    // janko.at's Skyscrapers with empty cells (heights 1..=4 of 5) and
    // diagonals (janko 271).
    (
        "skyscrapers",
        "5 5 4 D\n2 3 2 1 1\n2 1 2 4 3\n2 3 2 1 2\n1 1 3 2 3\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n",
    ),
];

/// Calls `each(family, name, text)` on `rounds` mutations of each of a
/// family's texts (a puzzle it generated with `seed`, its game ID, its
/// puzz.link URL and its [`LAYOUTS`]),
/// for every family, from a fixed seed of `salt`.
fn for_each_mutation(
    seed: u64,
    salt: u64,
    rounds: usize,
    mut each: impl FnMut(&dyn AnyFamily, &str, &str),
) {
    for f in families() {
        let name = f.info().name;
        let (rows, cols) = f.info().default_size;
        let made = f
            .generate_text(&GenerateOptions::new(rows, cols, 0).with_seed(seed))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut texts = vec![made.puzzle.clone()];
        texts.extend(made.game_id.clone());
        // Its puzz.link URL, where the family is on puzz.link (a broken
        // URL is an error like any other text).
        texts.extend(f.load(&made.puzzle).ok().and_then(|p| p.puzzlink().ok()));
        texts.extend(
            LAYOUTS
                .iter()
                .filter(|(n, _)| *n == name)
                .map(|(_, t)| t.to_string()),
        );
        let mut rng = Rng::new(salt ^ name.len() as u64);
        for text in &texts {
            for _ in 0..rounds {
                each(*f, name, &mutate(&mut rng, text));
            }
        }
    }
}

#[test]
fn mutated_puzzles_of_every_family_never_panic() {
    let mut failures = Vec::new();
    for_each_mutation(5, 0x5eed, rounds(400), |f, name, text| {
        if catch_unwind(AssertUnwindSafe(|| exercise(f, text))).is_err() {
            failures.push(format!("{name}: {text:?}"));
        }
    });
    assert!(failures.is_empty(), "panics on:\n{}", failures.join("\n"));
}

/// What is wrong with the answers to a puzzle that loaded: the count of
/// its solutions (up to three, when the search finished) against what
/// the other questions say. Empty when they agree (or a limit stopped a
/// search, or the text does not load).
fn disagreements(f: &dyn AnyFamily, text: &str) -> Vec<String> {
    let Ok(p) = f.load(text) else {
        return Vec::new();
    };
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let (count, _) = p.count(Some(3), &limits);
    if !count.status.is_complete() {
        return Vec::new();
    }
    let n = count.count;
    let mut wrong = Vec::new();
    let valid = |p: &dyn AnyPuzzle, s: &str| p.check_solution(s).is_ok_and(|v| v.is_empty());
    match p.solve(&limits).0 {
        Solved::Solution(s) if n == 0 || !valid(&*p, &s) => {
            wrong.push(format!("solve gave {s:?} ({n} solutions)"));
        }
        Solved::Unsolvable if n > 0 => wrong.push(format!("solve: unsolvable ({n} solutions)")),
        _ => {}
    }
    match p.uniqueness(&limits).0 {
        Unique::None if n != 0 => wrong.push(format!("uniqueness: none ({n} solutions)")),
        Unique::Unique(s) if n != 1 || !valid(&*p, &s) => {
            wrong.push(format!("uniqueness: unique {s:?} ({n} solutions)"));
        }
        Unique::Multiple(a, b) if n < 2 || a == b || !valid(&*p, &a) || !valid(&*p, &b) => {
            wrong.push(format!("uniqueness: several ({n} solutions)"));
        }
        _ => {}
    }
    // Grading, explaining and hinting need exactly one solution.
    let verdict = |what: &str, r: Result<(), GradeError>, wrong: &mut Vec<String>| {
        let agrees = match r {
            Ok(()) => n == 1,
            Err(GradeError::NoSolution) => n == 0,
            Err(GradeError::MultipleSolutions) => n >= 2,
            Err(GradeError::Stopped(_)) => true,
            // A model that cannot be built: the puzzle has no solution.
            Err(GradeError::Model(_)) => n == 0,
            Err(_) => false,
        };
        if !agrees {
            wrong.push(format!("{what}: {r:?} ({n} solutions)"));
        }
    };
    verdict("grade", p.grade(&limits).map(drop), &mut wrong);
    verdict("explain", p.explain(&limits).map(drop), &mut wrong);
    verdict("hint", p.hint(&limits).map(drop), &mut wrong);
    wrong
}

#[test]
fn mutated_puzzles_of_every_family_get_one_story() {
    let mut failures = Vec::new();
    for_each_mutation(9, 0xc0de, rounds(300) / 2, |f, name, text| {
        for w in disagreements(f, text) {
            failures.push(format!("{name}: {text:?}: {w}"));
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
