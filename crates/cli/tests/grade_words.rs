//! `grade` in the player's words, in every family: on a puzzle generated
//! at every level of every family's ladder (`tests/data/graded/`, seeds
//! fixed; see its README), `grade` and `grade --json` name the hardest
//! technique by a rule of the family's list ([`AnyFamily::rules`], the
//! Deductions of its docs page), or `search` for the level that needs
//! trial and error, and never by one of the engine's words.

use gridcsp_puzzles::{AnyFamily, families};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// The engine's words: its constraints' names and its trace's rule tags.
const ENGINE_WORDS: &[&str] = &[
    "clause",
    "count:",
    "overlap",
    "linear",
    "all-different",
    "placement:",
    "cover:",
    "single loop:",
    "acyclic:",
    "visibility:",
    "islands:",
    "connected:",
    "table:",
    "strip:",
    "region size:",
    "nonogram:",
    "cage sum",
];

/// The engine word in `text`, if any (`unit` as a word, the rest anywhere).
fn engine_word(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    if lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "unit")
    {
        return Some("unit");
    }
    ENGINE_WORDS.iter().copied().find(|w| lower.contains(w))
}

fn graded(family: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/graded")
        .join(format!("{family}.txt"))
}

/// `gridcsp FAMILY grade [--json] FILE`'s lines.
fn grade(family: &str, json: bool) -> Vec<String> {
    let mut args = vec![family, "grade"];
    if json {
        args.insert(0, "--json");
    }
    let file = graded(family);
    let out = Command::new(env!("CARGO_BIN_EXE_gridcsp"))
        .args(&args)
        .arg(&file)
        .output()
        .expect("run gridcsp");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{family}: {err}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// What is wrong with the graded puzzles of `family`, if anything.
fn faults(family: &dyn AnyFamily) -> Vec<String> {
    let name = family.info().name;
    let levels = family.info().levels;
    let rules: Vec<&str> = family.rules().iter().map(|r| r.name).collect();
    let mut faults = Vec::new();
    let text = grade(name, false);
    let json = grade(name, true);
    if text.len() != json.len() {
        return vec![format!(
            "{name}: {} text lines, {} JSON",
            text.len(),
            json.len()
        )];
    }
    let mut ranks = Vec::new();
    for (line, record) in text.iter().zip(&json) {
        if let Some(w) = engine_word(line) {
            faults.push(format!("{name}: engine word {w:?} in {line:?}"));
        }
        if let Some(w) = engine_word(record) {
            faults.push(format!("{name}: engine word {w:?} in {record}"));
        }
        let v: Value = serde_json::from_str(record).expect("one JSON object a line");
        // Sudoku's and Futoshiki's commands give no rank: the level's
        // place on the ladder.
        let level = v["level"].as_str().unwrap_or_default();
        let Some(rank) = levels.iter().position(|l| l.name == level) else {
            faults.push(format!("{name}: level {level:?} is not on the ladder"));
            continue;
        };
        ranks.push(rank);
        let top = rank + 1 == levels.len();
        match v["technique"].as_str() {
            Some("search") if top => {}
            Some(t) if rules.contains(&t) => {
                // The text says the level, then the technique (Sudoku puts
                // its rating between them).
                if !(line.starts_with(level) && line.ends_with(t)) {
                    faults.push(format!("{name}: {line:?} is not {level} ... {t}"));
                }
            }
            other => faults.push(format!(
                "{name}: technique {other:?} at level {rank} is not a rule of the family's list"
            )),
        }
    }
    ranks.sort_unstable();
    if ranks != (0..levels.len()).collect::<Vec<_>>() {
        faults.push(format!(
            "{name}: the puzzles' levels are {ranks:?}, not one per level"
        ));
    }
    faults
}

#[test]
fn grade_names_the_familys_rules_at_every_level() {
    let mut all = Vec::new();
    for &family in families::ALL {
        all.extend(faults(family));
    }
    assert!(all.is_empty(), "{} faults:\n{}", all.len(), all.join("\n"));
}

#[test]
fn engine_words_are_found() {
    assert_eq!(engine_word("easy clause: unit"), Some("unit"));
    assert_eq!(engine_word("easy count: maximum reached"), Some("count:"));
    assert_eq!(engine_word("hard connected: cut cell"), Some("connected:"));
    assert_eq!(engine_word("easy line full"), None);
    assert_eq!(engine_word("hard community"), None);
}
