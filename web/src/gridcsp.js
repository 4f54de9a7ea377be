// gridcsp.js: every gridcsp puzzle family in JavaScript, on WebAssembly.
//
//   import init, { solve, grade, generate } from './gridcsp.js';
//   await init();                       // loads pkg/gridcsp_wasm_bg.wasm
//   solve('sudoku', '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
//
// Each function takes a family's name as on the command line (`sudoku`,
// `star-battle`, ...; `families()` lists them) and a puzzle in any form the
// family reads (its text layout, a Tatham game ID), and returns what
// `gridcsp FAMILY COMMAND` prints for a file holding that one puzzle:
// a solution, `unsolvable`, `multiple`, `limit`, a count, a grade, an SVG.
// Where the tool prints `invalid` or `failed` (the reason on standard
// error), these throw an Error whose message is the reason.
//
// The page (index.html) uses the JSON functions further down too.

import initWasm, * as wasm from './pkg/gridcsp_wasm.js';

let ready = null;

/// Loads and starts the WebAssembly module, once. `source` may be a URL,
/// a Response, bytes or a compiled WebAssembly.Module (in Node.js, pass
/// the bytes of pkg/gridcsp_wasm_bg.wasm); by default the file next to
/// this module is fetched.
export default function init(source) {
  if (!ready) {
    const module_or_path = source ?? new URL('./pkg/gridcsp_wasm_bg.wasm', import.meta.url);
    ready = initWasm({ module_or_path }).then(() => undefined);
  }
  return ready;
}

/// `gridcsp FAMILY solve`: the solution in the family's solution layout
/// (Sudoku: one line; Futoshiki: n*n symbols), or `unsolvable`, `limit`.
export function solve(family, text) {
  return wasm.solve(family, text);
}

/// `gridcsp FAMILY count --limit LIMIT`: the number of solutions, at most
/// `limit` (leave it out to count them all).
export function count(family, text, limit) {
  return wasm.count(family, text, limit ?? undefined);
}

/// `gridcsp FAMILY check`: `ok`, `complete` or `conflict ...` for the givens.
export function check(family, text) {
  return wasm.check(family, text);
}

/// `gridcsp FAMILY grade`: the level and the hardest technique, or
/// `unsolvable`, `multiple`.
export function grade(family, text) {
  return wasm.grade(family, text);
}

/// `gridcsp FAMILY explain`: the numbered deductions, then the grade.
export function explain(family, text) {
  return wasm.explain(family, text);
}

/// `gridcsp FAMILY hint`: the next deduction in words.
export function hint(family, text) {
  return wasm.hint(family, text);
}

/// `gridcsp FAMILY generate --difficulty LEVEL --seed SEED [--size SIZE]`:
/// a puzzle with one solution, in the form the tool writes (Sudoku: one
/// line; Futoshiki: a game ID; the others: their text layout). `level` is
/// a level's name (`families()` lists them) or undefined for the tool's
/// default; `size` is a number (a square) or `[rows, cols]`.
export function generate(family, level, seed, size) {
  const [rows, cols] = Array.isArray(size) ? size : [size, size];
  return wasm.generate(family, level ?? undefined, seed ?? 0, rows ?? undefined, cols ?? undefined);
}

/// `gridcsp FAMILY render`: the puzzle as an SVG document.
export function render(family, text) {
  return wasm.render(family, text);
}

/// The families: `[{name, title, rules, levels: [{name, about}], size}]`.
export function families() {
  return JSON.parse(wasm.familiesJson());
}

// The page's functions: JSON in and out, cells as [row, col] from 0.

/// A puzzle's text layout, game ID and playable cells:
/// `{text, gameId, rows, cols, cells: [{values, given} | null], broken}`.
export function puzzleInfo(family, text) {
  return JSON.parse(wasm.puzzleJson(family, text));
}

/// The rules that entries `[[row, col, value], ...]` break on their own:
/// `[{rule, text, cells}]`.
export function checkEntries(family, text, entries) {
  return JSON.parse(wasm.checkEntriesJson(family, text, JSON.stringify(entries)));
}

/// The solution that entries make once they fill the grid and keep the
/// rules (its text), else null.
export function solutionOfEntries(family, text, entries) {
  return JSON.parse(wasm.solutionOfEntriesJson(family, text, JSON.stringify(entries))).solution;
}

/// The rules a written solution breaks: `[{rule, text, cells}]`.
export function checkSolution(family, text, solution) {
  return JSON.parse(wasm.checkSolutionJson(family, text, solution));
}

/// Solves: `{status, solution, values}` (values row-major, null where a
/// cell takes none).
export function solveValues(family, text) {
  return JSON.parse(wasm.solveJson(family, text));
}

/// None, one or several solutions: `{status: 'none'|'one'|'several'|'limit',
/// solutions, values, grade}`, searching at most `nodeLimit` decisions.
export function uniqueness(family, text, nodeLimit = 200000) {
  return JSON.parse(wasm.uniquenessJson(family, text, nodeLimit));
}

/// The family's hint with its cells: `{kind, text, cell, value, before}`.
export function hintSteps(family, text) {
  return JSON.parse(wasm.hintJson(family, text));
}

/// The family's explanation: `{steps: [{text, cell, placed}], grade}` or
/// `{error}`.
export function explainSteps(family, text) {
  return JSON.parse(wasm.explainJson(family, text));
}

/// The picture with `highlight` cells highlighted and, if given, a
/// solution (as `solve` writes it) drawn in.
export function picture(family, text, highlight = [], solution = '') {
  return wasm.picture(family, text, JSON.stringify(highlight), solution);
}

/// A generated puzzle: `{text, gameId, solution, grade}`; `level` is an
/// index into the family's levels, rows and cols 0 for its default size.
export function generatePuzzle(family, level, seed, rows = 0, cols = 0) {
  return JSON.parse(wasm.generateJson(family, level, seed, rows, cols));
}
