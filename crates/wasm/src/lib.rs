//! gridcsp in the browser: every family of `gridcsp-puzzles` behind a
//! small WebAssembly interface, built by `web/build.sh` into
//! `web/dist/` for the page (`web/`) and for other JavaScript programs
//! (`gridcsp.js`, see `docs/web.md`).
//!
//! Two groups of functions, all taking the family's name as on the command
//! line (`sudoku`, `star-battle`) and a puzzle as text (any form the family
//! reads: its text layout, a Tatham game ID):
//!
//! - [`cli`]: the command-line tool's answers, as it prints them for a
//!   file holding that one puzzle (`solve`, `count`, `check`, `grade`,
//!   `explain`, `hint`, `generate`, `render`). Where the tool prints
//!   `invalid` or `failed` with a reason on standard error, JavaScript
//!   gets an `Error` with that reason.
//! - [`page`]: the page's own needs, as JSON (playable cells, the rules a
//!   player's entries break, hints with their cells, the setter's
//!   uniqueness check).
//!
//! The Rust functions are plain (testable natively); the `#[wasm_bindgen]`
//! wrappers below only convert numbers and errors.

pub mod cli;
pub mod page;

use wasm_bindgen::prelude::*;

/// A Rust error as a JavaScript `Error`.
fn js(result: Result<String, cli::Failure>) -> Result<String, JsError> {
    result.map_err(|e| JsError::new(&e))
}

/// A JavaScript number as a seed or a limit: whole, not negative, at most
/// 2^53 (what a number holds exactly).
fn whole(x: f64, what: &str) -> Result<u64, JsError> {
    const MAX: f64 = 9_007_199_254_740_992.0;
    if (0.0..=MAX).contains(&x) && x.fract() == 0.0 {
        // In range and whole: the conversion is exact.
        Ok(x as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number from 0 to 2^53, not {x}"
        )))
    }
}

/// Installs the panic hook (a panic then shows its message in the
/// console, not only `RuntimeError: unreachable`). Runs when the module
/// is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// `gridcsp FAMILY solve`.
#[wasm_bindgen]
pub fn solve(family: &str, text: &str) -> Result<String, JsError> {
    js(cli::solve(family, text))
}

/// `gridcsp FAMILY count [--limit LIMIT]`.
#[wasm_bindgen]
pub fn count(family: &str, text: &str, limit: Option<f64>) -> Result<String, JsError> {
    let limit = limit.map(|l| whole(l, "the limit")).transpose()?;
    js(cli::count(family, text, limit))
}

/// `gridcsp FAMILY check`.
#[wasm_bindgen]
pub fn check(family: &str, text: &str) -> Result<String, JsError> {
    js(cli::check(family, text))
}

/// `gridcsp FAMILY grade`.
#[wasm_bindgen]
pub fn grade(family: &str, text: &str) -> Result<String, JsError> {
    js(cli::grade(family, text, false))
}

/// `gridcsp FAMILY explain`.
#[wasm_bindgen]
pub fn explain(family: &str, text: &str) -> Result<String, JsError> {
    js(cli::grade(family, text, true))
}

/// `gridcsp FAMILY hint`.
#[wasm_bindgen]
pub fn hint(family: &str, text: &str) -> Result<String, JsError> {
    js(cli::hint(family, text))
}

/// `gridcsp FAMILY generate --difficulty LEVEL --seed SEED [--size
/// ROWSxCOLS]`; `level` and the size may be left out (`undefined`) for
/// the tool's defaults.
#[wasm_bindgen]
pub fn generate(
    family: &str,
    level: Option<String>,
    seed: f64,
    rows: Option<u32>,
    cols: Option<u32>,
) -> Result<String, JsError> {
    let seed = whole(seed, "the seed")?;
    let size = match (rows, cols) {
        (Some(r), Some(c)) => Some((r as usize, c as usize)),
        (Some(n), None) | (None, Some(n)) => Some((n as usize, n as usize)),
        (None, None) => None,
    };
    js(cli::generate(family, level.as_deref(), seed, size))
}

/// `gridcsp FAMILY render` (SVG).
#[wasm_bindgen]
pub fn render(family: &str, text: &str) -> Result<String, JsError> {
    js(cli::render(family, text))
}

/// The families (JSON).
#[wasm_bindgen(js_name = familiesJson)]
pub fn families_json() -> String {
    page::families()
}

/// A puzzle's playable cells (JSON, see [`page::puzzle`]).
#[wasm_bindgen(js_name = puzzleJson)]
pub fn puzzle_json(family: &str, text: &str) -> Result<String, JsError> {
    js(page::puzzle(family, text))
}

/// The rules a player's entries break (JSON).
#[wasm_bindgen(js_name = checkEntriesJson)]
pub fn check_entries_json(family: &str, text: &str, entries: &str) -> Result<String, JsError> {
    js(page::check_entries(family, text, entries))
}

/// The solution a player's entries make (JSON).
#[wasm_bindgen(js_name = solutionOfEntriesJson)]
pub fn solution_of_entries_json(
    family: &str,
    text: &str,
    entries: &str,
) -> Result<String, JsError> {
    js(page::solution_of_entries(family, text, entries))
}

/// The rules a written solution breaks (JSON).
#[wasm_bindgen(js_name = checkSolutionJson)]
pub fn check_solution_json(family: &str, text: &str, solution: &str) -> Result<String, JsError> {
    js(page::check_solution(family, text, solution))
}

/// A solution with each cell's value (JSON).
#[wasm_bindgen(js_name = solveJson)]
pub fn solve_json(family: &str, text: &str) -> Result<String, JsError> {
    js(page::solve(family, text))
}

/// None, one or several solutions, within `node_limit` decisions (JSON).
#[wasm_bindgen(js_name = uniquenessJson)]
pub fn uniqueness_json(family: &str, text: &str, node_limit: f64) -> Result<String, JsError> {
    let limit = whole(node_limit, "the node limit")?;
    js(page::uniqueness(family, text, limit))
}

/// The family's hint with its cells (JSON).
#[wasm_bindgen(js_name = hintJson)]
pub fn hint_json(family: &str, text: &str) -> Result<String, JsError> {
    js(page::hint(family, text))
}

/// The family's explanation with each step's cell (JSON).
#[wasm_bindgen(js_name = explainJson)]
pub fn explain_json(family: &str, text: &str) -> Result<String, JsError> {
    js(page::explain(family, text))
}

/// The picture with cells highlighted and a solution drawn in (SVG).
#[wasm_bindgen]
pub fn picture(
    family: &str,
    text: &str,
    highlight: &str,
    solution: &str,
) -> Result<String, JsError> {
    js(page::picture(family, text, highlight, solution))
}

/// A generated puzzle with its solution and grade (JSON).
#[wasm_bindgen(js_name = generateJson)]
pub fn generate_json(
    family: &str,
    level: u32,
    seed: f64,
    rows: u32,
    cols: u32,
) -> Result<String, JsError> {
    let seed = whole(seed, "the seed")?;
    js(page::generate(
        family,
        level as usize,
        seed,
        rows as usize,
        cols as usize,
    ))
}
