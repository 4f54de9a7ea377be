// The page: choose a family, generate or type in a puzzle, play it, ask
// for hints, check a puzzle of one's own. All the puzzle work is the
// library's (gridcsp.js); this file keeps the player's state and wires the
// controls.

import init, * as api from './gridcsp.js';
import { Board } from './board.js';
import { playOf, keyValue } from './families.js';
import { parseClues, loopConflicts, loopSolution, linesOfSolution, lineAt, lineBeside } from './loops.js';

const $ = (id) => document.getElementById(id);
const STORE = 'gridcsp-page';

/// Everything about the puzzle being played.
const state = {
  family: 'sudoku',
  text: '', // the puzzle, in any form the family reads
  info: null, // puzzleInfo: rows, cols, cells, gameId
  play: null, // how the family is played (families.js)
  clues: [], // Slitherlink's numbers, Masyu's pearls
  entries: new Map(), // "r,c" -> value
  lines: new Map(), // line key -> 1 | -1
  undo: [],
  redo: [],
  selected: null,
  highlight: [],
  conflicts: [],
  solved: false,
  elapsed: 0, // ms played before `since`
  since: null, // when the clock last started, or null when stopped
  explain: null, // {steps, grade} of the puzzle, once asked
  step: -1,
  mode: 'play',
};

const board = new Board($('board'));
let families = [];

// ---- loading a puzzle --------------------------------------------------

/// Starts `text` as a puzzle of `family`; throws the library's error if it
/// is not one. `saved`: entries, lines and time to restore.
function start(family, text, saved = null) {
  const info = api.puzzleInfo(family, text);
  state.family = family;
  state.text = text;
  state.info = info;
  state.play = playOf(family);
  const loop = state.play.kind === 'sides' || state.play.kind === 'path';
  state.clues = loop ? parseClues(info.text) : [];
  state.entries = new Map(saved?.entries ?? []);
  state.lines = new Map(saved?.lines ?? []);
  state.undo = [];
  state.redo = [];
  state.selected = null;
  state.highlight = [];
  state.explain = null;
  state.step = -1;
  state.solved = false;
  state.elapsed = saved?.elapsed ?? 0;
  state.since = Date.now();
  $('family').value = family;
  fillLevels();
  $('size').value = `${info.rows}x${info.cols}`;
  $('rules').textContent = families.find((f) => f.name === family)?.rules ?? '';
  $('hint-text').textContent = '';
  $('explain-panel').hidden = true;
  $('setter-text').value = info.text;
  board.show(api.render(family, text), state.play.pitch ?? 1);
  update();
}

/// Tries `text` as a puzzle of the chosen family, then of every other
/// family (a game ID or a URL says which family it is by being readable
/// by that family alone). Returns the family that read it.
function loadAny(text) {
  const first = $('family').value;
  const order = [first, ...families.map((f) => f.name).filter((n) => n !== first)];
  let firstError = null;
  for (const name of order) {
    try {
      start(name, text);
      return name;
    } catch (e) {
      firstError ??= e;
    }
  }
  throw firstError;
}

/// A share link's puzzle: `#f=FAMILY&p=PUZZLE`.
function fromFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const [family, text] = [params.get('f'), params.get('p')];
  return family && text ? { family, text } : null;
}

// ---- the player's moves --------------------------------------------------

const isGiven = (r, c) => state.info.cells[r * state.info.cols + c]?.given != null;
const isPlayable = (r, c) => {
  const cell = state.info.cells[r * state.info.cols + c];
  return cell != null && cell.given == null;
};

/// Applies changes `[{map, key, after}]` as one move (undoable).
function move(changes) {
  const done = [];
  for (const ch of changes) {
    const map = state[ch.map];
    const before = map.has(ch.key) ? map.get(ch.key) : null;
    if (before === ch.after) continue;
    setIn(map, ch.key, ch.after);
    done.push({ ...ch, before });
  }
  if (!done.length) return;
  state.undo.push(done);
  state.redo = [];
  state.highlight = [];
  update();
}

function setIn(map, key, value) {
  if (value === null) map.delete(key);
  else map.set(key, value);
}

function undo() {
  const m = state.undo.pop();
  if (!m) return;
  for (const ch of [...m].reverse()) setIn(state[ch.map], ch.key, ch.before);
  state.redo.push(m);
  update();
}

function redo() {
  const m = state.redo.pop();
  if (!m) return;
  for (const ch of m) setIn(state[ch.map], ch.key, ch.after);
  state.undo.push(m);
  update();
}

function setCell(r, c, value) {
  if (!isPlayable(r, c)) return;
  move([{ map: 'entries', key: `${r},${c}`, after: value }]);
}

/// A click on a cell of a shading or placing family: marked, dot, empty
/// (`back`: the other way round).
function cycleCell(r, c, back = false) {
  if (!isPlayable(r, c)) return;
  const { on, off } = state.play;
  const now = state.entries.get(`${r},${c}`) ?? null;
  const order = back ? [null, off, on] : [null, on, off];
  setCell(r, c, order[(order.indexOf(now) + 1) % 3]);
}

function cycleLine(key, back = false) {
  if (!key) return;
  const now = state.lines.get(key) ?? null;
  const order = back ? [null, -1, 1] : [null, 1, -1];
  move([{ map: 'lines', key, after: order[(order.indexOf(now) + 1) % 3] }]);
}

function reset() {
  const changes = [
    ...[...state.entries.keys()].map((key) => ({ map: 'entries', key, after: null })),
    ...[...state.lines.keys()].map((key) => ({ map: 'lines', key, after: null })),
  ];
  move(changes);
  state.solved = false;
  state.elapsed = 0;
  state.since = Date.now();
  update();
}

/// Fills in the solution (one move: Undo takes it back).
function solve() {
  const s = api.solveValues(state.family, state.text);
  if (s.status !== 'solved') {
    $('hint-text').textContent = s.status === 'limit' ? 'The solver stopped at its limit.' : 'This puzzle has no solution.';
    return;
  }
  const { kind } = state.play;
  if (kind === 'sides' || kind === 'path') {
    // The loop's lines, and nothing else (no crosses).
    const lines = linesOfSolution(kind, state.info.rows, state.info.cols, s.solution);
    const changes = [...new Set([...lines.keys(), ...state.lines.keys()])].map((key) => ({ map: 'lines', key, after: lines.get(key) === 1 ? 1 : null }));
    move(changes);
    return;
  }
  const changes = [];
  s.values.forEach((v, i) => {
    const [r, c] = [Math.floor(i / state.info.cols), i % state.info.cols];
    if (v !== null && isPlayable(r, c)) changes.push({ map: 'entries', key: `${r},${c}`, after: v });
  });
  move(changes);
}

// ---- checking and drawing ------------------------------------------------

const entryList = () => [...state.entries].map(([k, v]) => [...k.split(',').map(Number), v]);

/// Re-checks the grid, redraws, saves.
function update() {
  const { kind } = state.play;
  const { rows, cols } = state.info;
  let conflicts;
  let solved = false;
  if (kind === 'sides' || kind === 'path') {
    conflicts = loopConflicts(kind, rows, cols, state.clues, state.lines);
    const text = conflicts.length ? null : loopSolution(kind, rows, cols, state.lines);
    solved = text !== null && api.checkSolution(state.family, state.text, text).length === 0;
  } else {
    conflicts = api.checkEntries(state.family, state.text, entryList());
    // Shading and placing: a cell left empty is an empty cell (a dot).
    const full = entryList();
    state.info.cells.forEach((cell, i) => {
      const [r, c] = [Math.floor(i / cols), i % cols];
      if (kind === 'binary' && cell && cell.given == null && !state.entries.has(`${r},${c}`)) full.push([r, c, state.play.off]);
    });
    const open = state.info.cells.filter((cell) => cell && cell.given == null).length > full.length;
    solved = !open && conflicts.length === 0 && api.solutionOfEntries(state.family, state.text, full) !== null;
  }
  state.conflicts = conflicts;
  if (solved && !state.solved) {
    state.elapsed += Date.now() - (state.since ?? Date.now());
    state.since = null;
  } else if (!solved && state.solved) {
    state.since = Date.now();
  }
  state.solved = solved;
  const list = $('conflicts');
  list.replaceChildren(...conflicts.map((v) => {
    const li = document.createElement('li');
    li.textContent = v.text;
    return li;
  }));
  const status = $('status');
  status.textContent = solved ? 'solved!' : '';
  status.className = solved ? 'solved' : '';
  $('undo').disabled = !state.undo.length;
  $('redo').disabled = !state.redo.length;
  drawBoard();
  tick();
  save();
}

function drawBoard() {
  if (!state.info) return;
  board.draw({
    kind: state.play.kind,
    look: state.play.look,
    on: state.play.on,
    off: state.play.off,
    rows: state.info.rows,
    cols: state.info.cols,
    entries: state.entries,
    lines: state.lines,
    conflicts: [...new Set(state.conflicts.flatMap((v) => v.cells).map(String))].map((k) => k.split(',').map(Number)),
    highlight: state.highlight,
    selected: state.selected,
  });
}

function tick() {
  const ms = state.elapsed + (state.since ? Date.now() - state.since : 0);
  const s = Math.floor(ms / 1000);
  $('timer').textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify({
      family: state.family,
      text: state.text,
      entries: [...state.entries],
      lines: [...state.lines],
      elapsed: state.elapsed + (state.since ? Date.now() - state.since : 0),
      mode: state.mode,
    }));
  } catch {
    // Storage full or off: the page works without it.
  }
}

// ---- hints and explanations -------------------------------------------------

function explanation() {
  state.explain ??= api.explainSteps(state.family, state.text);
  return state.explain;
}

/// The next deduction: the family's hint on a fresh grid; once cells are
/// filled, the first step of the family's explanation that places a value
/// the grid does not have yet, with the eliminations it rests on.
function hint() {
  if (state.conflicts.length) {
    const v = state.conflicts[0];
    showHint(`First put right: ${v.text}.`, v.cells);
    return;
  }
  const { kind } = state.play;
  const fresh = state.entries.size === 0 && state.lines.size === 0;
  if (!fresh && kind !== 'sides' && kind !== 'path') {
    const e = explanation();
    if (!e.error) {
      let since = 0;
      for (let i = 0; i < e.steps.length; i++) {
        const s = e.steps[i];
        if (s.placed === null || !s.cell) continue;
        const [r, c] = s.cell;
        if (isGiven(r, c) || state.entries.get(`${r},${c}`) === s.placed) {
          since = i + 1;
          continue;
        }
        const before = e.steps.slice(since, i).filter((b) => b.cell).map((b) => b.cell);
        showHint(s.text, [s.cell, ...before]);
        return;
      }
    }
  }
  const h = api.hintSteps(state.family, state.text);
  const cells = [h.cell, ...h.before.map((b) => b.cell)].filter(Boolean);
  showHint(h.kind === 'solved' && !state.solved ? 'Every cell follows from the givens; check your entries.' : h.text, cells);
}

function showHint(text, cells) {
  $('hint-text').textContent = text;
  state.highlight = cells;
  drawBoard();
}

function showExplain() {
  const e = explanation();
  const panel = $('explain-panel');
  panel.hidden = false;
  const list = $('steps');
  if (e.error) {
    list.replaceChildren();
    $('step-count').textContent = e.error;
    return;
  }
  list.replaceChildren(...e.steps.map((s) => {
    const li = document.createElement('li');
    li.textContent = s.text;
    return li;
  }));
  const grade = document.createElement('li');
  grade.textContent = `grade: ${e.grade}`;
  grade.className = 'grade';
  list.appendChild(grade);
  goToStep(0);
}

function goToStep(i) {
  const e = explanation();
  if (e.error || !e.steps.length) return;
  state.step = Math.max(0, Math.min(e.steps.length - 1, i));
  const items = $('steps').children;
  [...items].forEach((li, k) => li.classList.toggle('current', k === state.step));
  items[state.step].scrollIntoView({ block: 'nearest' });
  $('step-count').textContent = `step ${state.step + 1} of ${e.steps.length}`;
  const s = e.steps[state.step];
  state.highlight = s.cell ? [s.cell] : [];
  drawBoard();
}

// ---- the setter's mode ----------------------------------------------------

let setterTimer = null;

function setterCheck() {
  const text = $('setter-text').value;
  const out = $('setter-result');
  const pics = $('setter-solutions');
  pics.replaceChildren();
  const family = $('family').value;
  let info;
  try {
    info = api.puzzleInfo(family, text);
  } catch (e) {
    out.textContent = `Not a puzzle yet: ${e.message}`;
    return;
  }
  board.show(api.render(family, text), playOf(family).pitch ?? 1);
  const u = api.uniqueness(family, text);
  if (u.status === 'none') {
    const why = u.broken?.length ? `: ${u.broken.map((b) => b.text).join('; ')}` : '';
    out.textContent = `no solution${why}`;
  } else if (u.status === 'one') {
    out.textContent = `one solution; grade ${u.grade}`;
  } else if (u.status === 'several') {
    const [a, b] = u.values;
    const differ = [];
    a.forEach((v, i) => {
      if (v !== b[i]) differ.push([Math.floor(i / info.cols), i % info.cols]);
    });
    out.textContent = `several solutions: two of them differ in ${differ.length} cells (highlighted)`;
    for (const s of u.solutions) {
      const div = document.createElement('div');
      div.innerHTML = api.picture(family, text, differ, s);
      pics.appendChild(div);
    }
  } else {
    out.textContent = 'the search stopped at its limit: no answer yet';
  }
}

function setMode(mode) {
  state.mode = mode;
  $('play-panel').hidden = mode !== 'play';
  $('set-panel').hidden = mode !== 'set';
  document.querySelector(`input[name=mode][value=${mode}]`).checked = true;
  if (mode === 'set') {
    setterCheck();
  } else if (state.info) {
    board.show(api.render(state.family, state.text), state.play.pitch ?? 1);
    drawBoard();
  }
}

// ---- generating -------------------------------------------------------------

function fillFamilies() {
  $('family').replaceChildren(...families.map((f) => new Option(f.title, f.name)));
}

function fillLevels() {
  const f = families.find((x) => x.name === $('family').value);
  const before = $('level').value;
  $('level').replaceChildren(...f.levels.map((l, i) => {
    const o = new Option(l.name, String(i));
    o.title = l.about;
    return o;
  }));
  if ([...$('level').options].some((o) => o.value === before)) $('level').value = before;
}

function size() {
  const m = $('size').value.trim().match(/^(\d+)\s*(?:[xX×]\s*(\d+))?$/);
  return m ? [Number(m[1]), Number(m[2] ?? m[1])] : [0, 0];
}

function generate(seed = Math.floor(Math.random() * 1e9)) {
  const family = $('family').value;
  const [rows, cols] = size();
  const level = Number($('level').value || 0);
  $('status').textContent = 'generating…';
  // Let the browser paint the message before the (blocking) generator runs.
  setTimeout(() => {
    try {
      const g = api.generatePuzzle(family, level, seed, rows, cols);
      start(family, g.gameId ?? g.text);
      $('hint-text').textContent = `A new ${g.grade} puzzle (seed ${seed}).`;
      setMode('play');
    } catch (e) {
      $('status').textContent = '';
      $('hint-text').textContent = `Could not generate: ${e.message}`;
    }
  }, 20);
}

/// An empty grid of the chosen family and size, for families whose
/// puzzles are givens on a plain grid; the others start from the current
/// puzzle's text. Opens the setter's mode.
function blank() {
  const family = $('family').value;
  let [rows, cols] = size();
  const def = families.find((f) => f.name === family).size;
  if (!rows) [rows, cols] = def;
  const dashes = (n) => Array(n).fill('-').join(' ');
  const grid = () => [`${rows} ${cols}`, ...Array.from({ length: rows }, () => dashes(cols))].join('\n');
  const templates = {
    sudoku: () => '.'.repeat(rows * rows),
    futoshiki: () => `${rows}:${Array(rows * rows).fill('0').join(',')},`,
    'light-up': grid,
    binairo: grid,
    unruly: grid,
    slitherlink: grid,
    masyu: grid,
    skyscrapers: () => [`${rows} ${rows}`, ...Array(4).fill(dashes(rows)), ...Array.from({ length: rows }, () => dashes(rows))].join('\n'),
  };
  const text = templates[family]?.() ?? (state.family === family ? state.info.text : null);
  if (text === null) {
    $('hint-text').textContent = 'Generate a puzzle of this family first, then edit it in the setter’s mode.';
    return;
  }
  $('setter-text').value = text;
  setMode('set');
}

// ---- input -----------------------------------------------------------------

function select(r, c) {
  const { rows, cols } = state.info;
  state.selected = [Math.max(0, Math.min(rows - 1, r)), Math.max(0, Math.min(cols - 1, c))];
  drawBoard();
}

function nextOpen(step) {
  const { rows, cols } = state.info;
  const n = rows * cols;
  let i = state.selected ? state.selected[0] * cols + state.selected[1] : -step;
  for (let k = 0; k < n; k++) {
    i = (i + step + n) % n;
    const [r, c] = [Math.floor(i / cols), i % cols];
    const loop = state.play.kind === 'sides' || state.play.kind === 'path';
    if (loop || (isPlayable(r, c) && !state.entries.has(`${r},${c}`))) return [r, c];
  }
  return state.selected;
}

const ARROWS = { ArrowUp: [0, -1, 0], ArrowRight: [1, 0, 1], ArrowDown: [2, 1, 0], ArrowLeft: [3, 0, -1] };

function onKey(e) {
  if (state.mode !== 'play' || !state.info) return;
  // Typing into a text box, or pressing a focused button, is not a move.
  const tag = e.target?.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  if (tag === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
    e.preventDefault();
    if (e.shiftKey) redo();
    else undo();
    return;
  }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') {
    e.preventDefault();
    redo();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const { kind } = state.play;
  const [r, c] = state.selected ?? [0, 0];
  if (e.key in ARROWS) {
    e.preventDefault();
    const [dir, dr, dc] = ARROWS[e.key];
    if (!state.selected) {
      select(0, 0);
    } else if (e.shiftKey && (kind === 'sides' || kind === 'path')) {
      cycleLine(lineBeside(kind, state.info.rows, state.info.cols, r, c, dir));
      if (kind === 'path') select(r + dr, c + dc);
    } else {
      select(r + dr, c + dc);
    }
    return;
  }
  if (e.key === 'Tab') {
    // Tab moves between cells on the board, between controls elsewhere.
    if (e.target !== $('board') && e.target !== document.body) return;
    e.preventDefault();
    const [nr, nc] = nextOpen(e.shiftKey ? -1 : 1);
    select(nr, nc);
    return;
  }
  if (!state.selected) return;
  if (e.key === 'Backspace' || e.key === 'Delete') {
    e.preventDefault();
    if (kind === 'sides' || kind === 'path') {
      const keys = [0, 1, 2, 3].map((d) => lineBeside(kind, state.info.rows, state.info.cols, r, c, d)).filter((k) => k && state.lines.has(k));
      move(keys.map((key) => ({ map: 'lines', key, after: null })));
    } else {
      setCell(r, c, null);
    }
    return;
  }
  if (kind === 'binary') {
    if (e.key === ' ' || e.key === 'Enter') cycleCell(r, c);
    else if (e.key === '1' || e.key.toLowerCase() === 'x') setCell(r, c, state.play.on);
    else if (e.key === '0' || e.key === '.') setCell(r, c, state.play.off);
    else return;
    e.preventDefault();
    return;
  }
  if (kind === 'number') {
    const v = keyValue(e.key);
    if (v === null) return;
    e.preventDefault();
    setCell(r, c, v);
  }
}

let drag = null;

function onPointerDown(e) {
  if (state.mode !== 'play' || !state.info) return;
  $('board').focus();
  const at = board.locate(e);
  const { kind } = state.play;
  const back = e.button === 2;
  if (kind === 'sides' || kind === 'path') {
    const key = lineAt(kind, state.info.rows, state.info.cols, at.x, at.y);
    cycleLine(key, back);
    drag = kind === 'path' ? { row: at.row, col: at.col, value: state.lines.get(key) ?? null } : null;
    if (at.row >= 0 && at.col >= 0 && at.row < state.info.rows && at.col < state.info.cols) select(at.row, at.col);
    return;
  }
  if (at.row < 0 || at.col < 0 || at.row >= state.info.rows || at.col >= state.info.cols) return;
  select(at.row, at.col);
  if (kind === 'binary') cycleCell(at.row, at.col, back);
}

/// Masyu: dragging from cell to neighbouring cell draws the step between.
function onPointerMove(e) {
  if (!drag || !(e.buttons & 1)) return;
  const at = board.locate(e);
  const dr = at.row - drag.row;
  const dc = at.col - drag.col;
  if (Math.abs(dr) + Math.abs(dc) !== 1) return;
  const [r, c] = [Math.min(at.row, drag.row), Math.min(at.col, drag.col)];
  const key = dr ? `v,${r},${c}` : `h,${r},${c}`;
  move([{ map: 'lines', key, after: drag.value === null ? 1 : drag.value }]);
  drag.row = at.row;
  drag.col = at.col;
  select(at.row, at.col);
}

// ---- in and out ---------------------------------------------------------------

function download(name, blob) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/// The picture on screen (the puzzle with the player's marks) as SVG text.
function screenSvg() {
  const svg = board.svg.cloneNode(true);
  const css = [...document.styleSheets].flatMap((s) => [...s.cssRules]).map((r) => r.cssText).filter((t) => t.startsWith('#layer')).join('\n');
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = css;
  svg.appendChild(style);
  svg.querySelectorAll('rect.selected').forEach((n) => n.remove());
  return new XMLSerializer().serializeToString(svg);
}

function downloadPng() {
  const text = screenSvg();
  const vb = board.svg.viewBox.baseVal;
  const scale = 48;
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(vb.width * scale);
    canvas.height = Math.round(vb.height * scale);
    canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((b) => download(`${state.family}.png`, b), 'image/png');
  };
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
}

/// A printable booklet: six new puzzles of the chosen family and level,
/// then their solutions, in a window to print (or save as PDF).
function booklet() {
  const family = $('family').value;
  const level = Number($('level').value || 0);
  const [rows, cols] = size();
  const seed = Math.floor(Math.random() * 1e9);
  const made = [];
  for (let i = 0; i < 6; i++) {
    try {
      const g = api.generatePuzzle(family, level, seed + i, rows, cols);
      made.push(g);
    } catch {
      // A level the generator gives up on: fewer puzzles.
    }
  }
  const title = families.find((f) => f.name === family).title;
  const cell = (svg, caption) => `<figure style="display:inline-block;width:31%;margin:1%">${svg}<figcaption>${caption}</figcaption></figure>`;
  const puzzles = made.map((g, i) => cell(api.render(family, g.text), `${i + 1}. ${g.grade}`)).join('');
  const solutions = made.map((g, i) => cell(api.picture(family, g.text, [], g.solution), `${i + 1}.`)).join('');
  const w = window.open('', '_blank');
  if (!w) return;
  w.document.write(`<!doctype html><title>${title}</title><style>svg{width:100%;height:auto}</style>`
    + `<h1>${title}</h1><div class="booklet-page">${puzzles}</div><h2>Solutions</h2><div>${solutions}</div>`);
  w.document.close();
  w.print();
}

// ---- start -------------------------------------------------------------------

function wire() {
  $('family').addEventListener('change', () => {
    fillLevels();
    const f = families.find((x) => x.name === $('family').value);
    $('size').value = `${f.size[0]}x${f.size[1]}`;
    $('rules').textContent = f.rules;
    if (state.mode === 'set') blank();
  });
  $('generate').addEventListener('click', () => generate());
  $('blank').addEventListener('click', blank);
  document.querySelectorAll('input[name=mode]').forEach((r) => r.addEventListener('change', () => setMode(r.value)));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('reset').addEventListener('click', reset);
  $('solve').addEventListener('click', solve);
  $('hint').addEventListener('click', hint);
  $('explain').addEventListener('click', showExplain);
  $('step-prev').addEventListener('click', () => goToStep(state.step - 1));
  $('step-next').addEventListener('click', () => goToStep(state.step + 1));
  $('setter-text').addEventListener('input', () => {
    clearTimeout(setterTimer);
    setterTimer = setTimeout(setterCheck, 250);
  });
  $('setter-play').addEventListener('click', () => {
    try {
      start($('family').value, $('setter-text').value);
      setMode('play');
    } catch (e) {
      $('setter-result').textContent = `Not a puzzle: ${e.message}`;
    }
  });
  $('load').addEventListener('click', () => {
    let text = $('paste').value.trim();
    const ours = fromFragment(text.includes('#') ? text.slice(text.indexOf('#')) : '');
    try {
      const name = ours ? (start(ours.family, ours.text), ours.family) : loadAny(text);
      $('load-result').textContent = `loaded: ${families.find((f) => f.name === name).title}`;
      setMode('play');
    } catch (e) {
      $('load-result').textContent = `not a puzzle any family reads: ${e.message}`;
    }
  });
  $('share').addEventListener('click', () => {
    const p = state.info.gameId ?? state.text;
    const url = `${location.origin}${location.pathname}#${new URLSearchParams({ f: state.family, p })}`;
    $('share-url').value = url;
    history.replaceState(null, '', url);
    navigator.clipboard?.writeText(url).catch(() => {});
  });
  $('svg').addEventListener('click', () => download(`${state.family}.svg`, new Blob([screenSvg()], { type: 'image/svg+xml' })));
  $('png').addEventListener('click', downloadPng);
  $('booklet').addEventListener('click', booklet);
  const b = $('board');
  document.addEventListener('keydown', onKey);
  b.addEventListener('pointerdown', onPointerDown);
  b.addEventListener('pointermove', onPointerMove);
  b.addEventListener('pointerup', () => { drag = null; });
  b.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('hashchange', () => {
    const f = fromFragment(location.hash);
    if (f) start(f.family, f.text);
  });
  setInterval(() => {
    if (state.since) tick();
  }, 1000);
  window.addEventListener('pagehide', save);
}

async function main() {
  await init();
  families = api.families();
  fillFamilies();
  wire();
  const shared = fromFragment(location.hash);
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE) ?? 'null');
  } catch {
    saved = null;
  }
  try {
    if (shared) start(shared.family, shared.text);
    else if (saved) {
      start(saved.family, saved.text, saved);
      if (saved.mode === 'set') setMode('set');
    } else start('sudoku', api.generatePuzzle('sudoku', 0, 1).text);
  } catch {
    start('sudoku', api.generatePuzzle('sudoku', 0, 1).text);
  }
  // For the tests and the measurements in docs/web.md.
  window.gridcsp = { api, state, firstPuzzleMs: performance.now() };
  document.body.dataset.ready = 'true';
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

main();
