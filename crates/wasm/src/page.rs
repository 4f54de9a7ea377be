//! What the page needs beyond the tool's answers, as JSON: the families,
//! a puzzle's playable cells, the rules a player's entries break, the
//! solution they make, hints and explanations with their cells, the
//! uniqueness check of the setter's mode, and pictures with cells
//! highlighted or a solution drawn in.
//!
//! Cells are `[row, col]` pairs from 0; values are the model's (see
//! `gridcsp_puzzles::play`).

use crate::cli::{Failure, family, load};
use csp_core::{Limits, Value};
use gridcsp_puzzles::{
    AnyPuzzle, Cell, GenerateOptions, Hint, RenderOptions, Solved, Step, Unique, Violation,
};
use serde_json::{Value as Json, json};

fn cell(c: Cell) -> Json {
    json!([c.row, c.col])
}

fn violations(v: &[Violation]) -> Json {
    v.iter()
        .map(|v| json!({"rule": v.rule, "text": v.to_string(), "cells": v.cells.iter().copied().map(cell).collect::<Vec<_>>()}))
        .collect()
}

fn step(s: &Step) -> Json {
    json!({"text": s.text, "cell": s.cell.map(cell), "placed": s.placed})
}

/// Every family: name, title, rules, levels and default size.
pub fn families() -> String {
    let list: Vec<Json> = gridcsp_puzzles::families()
        .iter()
        .map(|f| {
            let i = f.info();
            json!({
                "name": i.name,
                "title": i.title,
                "rules": i.rules,
                "levels": i.levels.iter().map(|l| json!({"name": l.name, "about": l.about})).collect::<Vec<_>>(),
                "size": [i.default_size.0, i.default_size.1],
            })
        })
        .collect();
    Json::Array(list).to_string()
}

/// A puzzle as the page shows it: its text layout, game ID, playable
/// cells and the rules its givens break.
pub fn puzzle(name: &str, text: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let sheet = p.sheet().map_err(|e| e.to_string())?;
    let cells: Vec<Json> = sheet
        .cells
        .iter()
        .map(|c| match c {
            None => Json::Null,
            Some(c) => json!({"values": c.values, "given": c.given}),
        })
        .collect();
    Ok(json!({
        "text": p.write(),
        "gameId": p.game_id(),
        "rows": sheet.rows,
        "cols": sheet.cols,
        "cells": cells,
        "broken": violations(&p.check_givens()),
    })
    .to_string())
}

/// Reads `[[row, col, value], ...]`.
fn entries(json: &str) -> Result<Vec<(Cell, Value)>, Failure> {
    let list: Vec<(usize, usize, Value)> =
        serde_json::from_str(json).map_err(|e| format!("entries: {e}"))?;
    Ok(list
        .into_iter()
        .map(|(r, c, v)| (Cell::new(r, c), v))
        .collect())
}

/// The rules the entries break: `[{rule, text, cells}]`.
pub fn check_entries(name: &str, text: &str, entries_json: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let v = p
        .check_entries(&entries(entries_json)?)
        .map_err(|e| e.to_string())?;
    Ok(violations(&v).to_string())
}

/// The solution the entries make (`{"solution": text}`, `null` while
/// they do not make one).
pub fn solution_of_entries(name: &str, text: &str, entries_json: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let s = p
        .solution_of_entries(&entries(entries_json)?, &Limits::default())
        .map_err(|e| e.to_string())?;
    Ok(json!({ "solution": s }).to_string())
}

/// The rules a written solution breaks: `[{rule, text, cells}]`.
pub fn check_solution(name: &str, text: &str, solution: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let v = p.check_solution(solution).map_err(|e| e.to_string())?;
    Ok(violations(&v).to_string())
}

fn values_of(p: &dyn AnyPuzzle, solution: &str) -> Json {
    match p.solution_values(solution) {
        Ok(v) => json!(v),
        Err(_) => Json::Null,
    }
}

/// Solves: `{"status": "solved"|"unsolvable"|"limit", "solution", "values"}`.
pub fn solve(name: &str, text: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    if !p.check_givens().is_empty() {
        return Ok(json!({"status": "unsolvable"}).to_string());
    }
    Ok(match p.solve(&Limits::default()).0 {
        Solved::Solution(s) => {
            json!({"status": "solved", "values": values_of(&*p, &s), "solution": s})
        }
        Solved::Unsolvable => json!({"status": "unsolvable"}),
        Solved::Stopped(r) => json!({"status": "limit", "reason": r.to_string()}),
    }
    .to_string())
}

/// None, one or several solutions (two of them, with their values), and
/// the grade when there is one: the setter's mode.
pub fn uniqueness(name: &str, text: &str, node_limit: u64) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let limits = Limits {
        nodes: Some(node_limit),
        ..Limits::default()
    };
    let broken = violations(&p.check_givens());
    let (u, _) = p.uniqueness(&limits);
    let out = match u {
        Unique::None => json!({"status": "none", "broken": broken}),
        Unique::Unique(s) => {
            let grade = match p.grade(&limits) {
                Ok(g) => g.to_string(),
                Err(e) => e.to_string(),
            };
            json!({"status": "one", "solutions": [s], "values": [values_of(&*p, &s)], "grade": grade})
        }
        Unique::Multiple(a, b) => json!({
            "status": "several",
            "values": [values_of(&*p, &a), values_of(&*p, &b)],
            "solutions": [a, b],
        }),
        Unique::Stopped(r) => json!({"status": "limit", "reason": r.to_string()}),
    };
    Ok(out.to_string())
}

/// The family's hint: `{"kind": "step"|"guess"|"solved"|"error", "text",
/// "cell", "value", "before": [steps]}`.
pub fn hint(name: &str, text: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let out = match p.hint(&Limits::default()) {
        Ok(h) => {
            let words = h.to_string();
            match h {
                Hint::Step { step: s, before } => json!({
                    "kind": "step", "text": words, "cell": s.cell.map(cell), "value": s.placed,
                    "before": before.iter().map(step).collect::<Vec<_>>(),
                }),
                Hint::Guess { cell: c, value, .. } => {
                    json!({"kind": "guess", "text": words, "cell": cell(c), "value": value, "before": []})
                }
                _ => json!({"kind": "solved", "text": words, "before": []}),
            }
        }
        Err(e) => json!({"kind": "error", "text": e.to_string(), "before": []}),
    };
    Ok(out.to_string())
}

/// The family's explanation: `{"steps": [{text, cell, placed}], "grade"}`
/// or `{"error"}`.
pub fn explain(name: &str, text: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    Ok(match p.explain(&Limits::default()) {
        Ok(e) => json!({
            "steps": e.steps.iter().map(step).collect::<Vec<_>>(),
            "grade": e.grade.to_string(),
        }),
        Err(e) => json!({"error": e.to_string()}),
    }
    .to_string())
}

/// The picture with `highlight` (`[[row, col], ...]`) highlighted and,
/// when `solution` is not empty, that solution drawn in.
pub fn picture(
    name: &str,
    text: &str,
    highlight_json: &str,
    solution: &str,
) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    let cells: Vec<(usize, usize)> = if highlight_json.is_empty() {
        Vec::new()
    } else {
        serde_json::from_str(highlight_json).map_err(|e| format!("highlight: {e}"))?
    };
    let options = RenderOptions::default()
        .with_highlight(cells.into_iter().map(|(r, c)| Cell::new(r, c)).collect());
    if solution.is_empty() {
        Ok(p.render(&options, &Limits::default()))
    } else {
        p.render_solution(solution, &options)
            .map_err(|e| e.to_string())
    }
}

/// A generated puzzle: `{"text", "gameId", "solution", "grade"}`.
pub fn generate(
    name: &str,
    level: usize,
    seed: u64,
    rows: usize,
    cols: usize,
) -> Result<String, Failure> {
    let f = family(name)?;
    let (rows, cols) = if rows == 0 || cols == 0 {
        f.info().default_size
    } else {
        (rows, cols)
    };
    let options = GenerateOptions::new(rows, cols, level).with_seed(seed);
    let made = f.generate_text(&options).map_err(|e| e.to_string())?;
    Ok(json!({
        "text": made.puzzle,
        "gameId": made.game_id,
        "solution": made.solution,
        "grade": made.grade.to_string(),
    })
    .to_string())
}
