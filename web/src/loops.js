// Lines on the grid: Slitherlink's sides and Masyu's steps.
//
// A line is keyed `h,r,c` or `v,r,c` and marked 1 (drawn) or -1 (crossed
// out: known not to be on the loop).
// - Slitherlink (`sides`): `h,r,c` is the side from corner (r, c) to
//   (r, c+1), the top of cell (r, c); `v,r,c` from corner (r, c) to
//   (r+1, c), the left of cell (r, c). Corners run 0..rows and 0..cols.
// - Masyu (`path`): `h,r,c` joins cell (r, c) to (r, c+1); `v,r,c` joins
//   (r, c) to (r+1, c).
//
// The rules checked here as lines are drawn are the ones a partly drawn
// loop can already break (the library checks cell values, not lines);
// the finished loop is written in the family's solution layout and
// checked by the library against every rule.

/// The clues of a puzzle from its text layout (`ROWS COLS`, then a row of
/// tokens per line): a number (Slitherlink), `b`/`w` (Masyu), or null.
export function parseClues(text) {
  const lines = text.trim().split('\n');
  const [rows, cols] = lines[0].trim().split(/\s+/).map(Number);
  const clues = [];
  for (let r = 0; r < rows; r++) {
    const line = (lines[r + 1] ?? '').trim();
    const tokens = line.includes(' ') ? line.split(/\s+/) : [...line];
    for (let c = 0; c < cols; c++) {
      const t = (tokens[c] ?? '-').toLowerCase();
      clues.push(/^[0-4]$/.test(t) ? Number(t) : t === 'b' || t === 'w' ? t : null);
    }
  }
  return clues;
}

const key = (k, r, c) => `${k},${r},${c}`;

/// The lines at a Slitherlink corner or a Masyu cell: [up, right, down,
/// left] keys (null beyond the grid).
function around(kind, rows, cols, r, c) {
  if (kind === 'sides') {
    return [
      r > 0 ? key('v', r - 1, c) : null,
      c < cols ? key('h', r, c) : null,
      r < rows ? key('v', r, c) : null,
      c > 0 ? key('h', r, c - 1) : null,
    ];
  }
  return [
    r > 0 ? key('v', r - 1, c) : null,
    c + 1 < cols ? key('h', r, c) : null,
    r + 1 < rows ? key('v', r, c) : null,
    c > 0 ? key('h', r, c - 1) : null,
  ];
}

/// The two ends of a line: corners (sides) or cells (path).
function ends(k) {
  const [d, r, c] = k.split(',');
  const [R, C] = [Number(r), Number(c)];
  return d === 'h' ? [[R, C], [R, C + 1]] : [[R, C], [R + 1, C]];
}

/// The cells around a Slitherlink corner.
function cellsAtCorner(rows, cols, r, c) {
  const out = [];
  for (const [dr, dc] of [[-1, -1], [-1, 0], [0, -1], [0, 0]]) {
    const [a, b] = [r + dr, c + dc];
    if (a >= 0 && b >= 0 && a < rows && b < cols) out.push([a, b]);
  }
  return out;
}

/// The cells a line touches (a side's two cells, a step's two cells).
function cellsOfLine(kind, rows, cols, k) {
  if (kind === 'path') return ends(k);
  const [d, r, c] = k.split(',').map((x, i) => (i ? Number(x) : x));
  const cand = d === 'h' ? [[r - 1, c], [r, c]] : [[r, c - 1], [r, c]];
  return cand.filter(([a, b]) => a >= 0 && b >= 0 && a < rows && b < cols);
}

/// The rules the lines drawn so far break: `[{text, cells}]`.
export function loopConflicts(kind, rows, cols, clues, lines) {
  const out = [];
  const on = (k) => k !== null && lines.get(k) === 1;
  const off = (k) => k === null || lines.get(k) === -1;
  const [pr, pc] = kind === 'sides' ? [rows + 1, cols + 1] : [rows, cols];
  const name = (r, c) => `r${r + 1}c${c + 1}`;
  // A corner or cell with three or four lines: the loop branches.
  for (let r = 0; r < pr; r++) {
    for (let c = 0; c < pc; c++) {
      const n = around(kind, rows, cols, r, c).filter(on).length;
      if (n > 2) {
        const cells = kind === 'sides' ? cellsAtCorner(rows, cols, r, c) : [[r, c]];
        out.push({ text: `the loop branches ${kind === 'sides' ? 'at a corner of' : 'in'} ${cells.map(([a, b]) => name(a, b)).join(' ')}`, cells });
      }
    }
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const clue = clues[r * cols + c];
      if (clue === null || clue === undefined) continue;
      if (kind === 'sides') {
        const sides = [key('h', r, c), key('h', r + 1, c), key('v', r, c), key('v', r, c + 1)];
        const drawn = sides.filter((k) => lines.get(k) === 1).length;
        const crossed = sides.filter((k) => lines.get(k) === -1).length;
        if (drawn > clue || 4 - crossed < clue) {
          out.push({ text: `the ${clue} at ${name(r, c)} has ${drawn} sides on the loop`, cells: [[r, c]] });
        }
        continue;
      }
      const [u, ri, d, l] = around(kind, rows, cols, r, c);
      const straight = (on(u) && on(d)) || (on(l) && on(ri));
      const turns = (on(u) || on(d)) && (on(l) || on(ri));
      if (clue === 'b' && straight) {
        out.push({ text: `the loop goes straight through the black pearl at ${name(r, c)}`, cells: [[r, c]] });
      }
      if (clue === 'w' && turns) {
        out.push({ text: `the loop turns on the white pearl at ${name(r, c)}`, cells: [[r, c]] });
      }
      if (clue === 'b') {
        // Each leg goes straight through the next cell.
        const legs = [[u, -1, 0], [ri, 0, 1], [d, 1, 0], [l, 0, -1]];
        for (const [leg, dr, dc] of legs) {
          if (!on(leg)) continue;
          const [nr, nc] = [r + dr, c + dc];
          const [nu, nri, nd, nl] = around(kind, rows, cols, nr, nc);
          const turned = dr !== 0 ? on(nl) || on(nri) : on(nu) || on(nd);
          if (turned) {
            out.push({ text: `the loop turns right after the black pearl at ${name(r, c)}`, cells: [[r, c], [nr, nc]] });
          }
        }
      }
      if (clue === 'w' && straight) {
        // It turns in at least one of the two cells beside it on the loop.
        const beside = on(u) && on(d) ? [[r - 1, c], [r + 1, c]] : [[r, c - 1], [r, c + 1]];
        const straightOn = ([a, b]) => {
          const [nu, nri, nd, nl] = around(kind, rows, cols, a, b);
          return (on(nu) && on(nd)) || (on(nl) && on(nri));
        };
        if (beside.every(straightOn)) {
          out.push({ text: `the loop turns neither before nor after the white pearl at ${name(r, c)}`, cells: [[r, c], ...beside] });
        }
      }
    }
  }
  // A closed loop while other lines (or pearls) are left out of it.
  const drawn = [...lines].filter(([, v]) => v === 1).map(([k]) => k);
  const loops = closedLoops(drawn);
  for (const loop of loops) {
    const elsewhere = drawn.length > loop.length;
    let pearlOff = false;
    if (kind === 'path' && !elsewhere) {
      const visited = new Set(loop.flatMap(ends).map(([a, b]) => `${a},${b}`));
      pearlOff = clues.some((p, i) => (p === 'b' || p === 'w') && !visited.has(`${Math.floor(i / cols)},${i % cols}`));
    }
    if (elsewhere || pearlOff) {
      const cells = unique(loop.flatMap((k) => cellsOfLine(kind, rows, cols, k)));
      out.push({ text: elsewhere ? 'a loop closes while other lines are outside it' : 'the loop closes without passing every pearl', cells });
    }
  }
  // Off lines must not leave a drawn end with no way on.
  for (let r = 0; r < pr; r++) {
    for (let c = 0; c < pc; c++) {
      const a = around(kind, rows, cols, r, c);
      const n = a.filter(on).length;
      const open = a.filter((k) => !on(k) && !off(k)).length;
      if (n === 1 && open === 0) {
        const cells = kind === 'sides' ? cellsAtCorner(rows, cols, r, c) : [[r, c]];
        out.push({ text: `a line ends ${kind === 'sides' ? 'at a corner of' : 'in'} ${cells.map(([x, y]) => name(x, y)).join(' ')}`, cells });
      }
    }
  }
  return out;
}

function unique(cells) {
  const seen = new Set();
  return cells.filter(([a, b]) => {
    const k = `${a},${b}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/// The cycles among the drawn lines whose every point has two lines.
function closedLoops(drawn) {
  const byPoint = new Map();
  for (const k of drawn) {
    for (const [a, b] of ends(k)) {
      const p = `${a},${b}`;
      if (!byPoint.has(p)) byPoint.set(p, []);
      byPoint.get(p).push(k);
    }
  }
  const seen = new Set();
  const loops = [];
  for (const start of drawn) {
    if (seen.has(start)) continue;
    const component = [];
    const stack = [start];
    seen.add(start);
    let closed = true;
    while (stack.length) {
      const k = stack.pop();
      component.push(k);
      for (const [a, b] of ends(k)) {
        const at = byPoint.get(`${a},${b}`);
        if (at.length !== 2) closed = false;
        for (const n of at) {
          if (!seen.has(n)) {
            seen.add(n);
            stack.push(n);
          }
        }
      }
    }
    if (closed) loops.push(component);
  }
  return loops;
}

/// The finished loop in the family's solution layout, or null when the
/// lines do not make one closed loop yet.
export function loopSolution(kind, rows, cols, lines) {
  const drawn = [...lines].filter(([, v]) => v === 1).map(([k]) => k);
  const loops = closedLoops(drawn);
  if (loops.length !== 1 || loops[0].length !== drawn.length) return null;
  const on = (k) => lines.get(k) === 1;
  const header = `${rows} ${cols}`;
  const out = [header];
  if (kind === 'sides') {
    // Inside: an odd number of loop sides to the left of the cell.
    const inside = [];
    for (let r = 0; r < rows; r++) {
      let parity = false;
      for (let c = 0; c < cols; c++) {
        if (on(key('v', r, c))) parity = !parity;
        inside.push(parity);
      }
    }
    // Every drawn side must be a border between inside and outside.
    const at = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols && inside[r * cols + c];
    for (const k of drawn) {
      const [d, r, c] = k.split(',').map((x, i) => (i ? Number(x) : x));
      const [a, b] = d === 'h' ? [at(r - 1, c), at(r, c)] : [at(r, c - 1), at(r, c)];
      if (a === b) return null;
    }
    for (let r = 0; r < rows; r++) {
      out.push(inside.slice(r * cols, (r + 1) * cols).map((x) => (x ? 'x' : '-')).join(' '));
    }
    return out.join('\n');
  }
  for (let r = 0; r < rows; r++) {
    const tokens = [];
    for (let c = 0; c < cols; c++) {
      const [u, ri, d, l] = around(kind, rows, cols, r, c);
      let t = '';
      if (on(u)) t += 'n';
      if (on(d)) t += 's';
      if (on(ri)) t += 'e';
      if (on(l)) t += 'w';
      tokens.push(t || '-');
    }
    out.push(tokens.join(' '));
  }
  return out.join('\n');
}

/// The lines of a solution in the family's solution layout.
export function linesOfSolution(kind, rows, cols, solution) {
  const rowsText = solution.trim().split('\n').slice(1).map((l) => l.trim().split(/\s+/));
  const lines = new Map();
  if (kind === 'sides') {
    const at = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols && rowsText[r][c] === 'x';
    for (let r = 0; r <= rows; r++) {
      for (let c = 0; c < cols; c++) lines.set(key('h', r, c), at(r - 1, c) !== at(r, c) ? 1 : -1);
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c <= cols; c++) lines.set(key('v', r, c), at(r, c - 1) !== at(r, c) ? 1 : -1);
    }
    return lines;
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const t = rowsText[r][c];
      if (c + 1 < cols) lines.set(key('h', r, c), t.includes('e') ? 1 : -1);
      if (r + 1 < rows) lines.set(key('v', r, c), t.includes('s') ? 1 : -1);
    }
  }
  return lines;
}

/// The line nearest to point (x, y) in cell units, or null.
export function lineAt(kind, rows, cols, x, y) {
  if (kind === 'sides') {
    const [hr, hc] = [Math.round(y), Math.floor(x)];
    const [vr, vc] = [Math.floor(y), Math.round(x)];
    const dh = Math.abs(y - hr);
    const dv = Math.abs(x - vc);
    if (dh <= dv && hr >= 0 && hr <= rows && hc >= 0 && hc < cols) return key('h', hr, hc);
    if (vr >= 0 && vr < rows && vc >= 0 && vc <= cols) return key('v', vr, vc);
    return null;
  }
  // Masyu: across the nearest border between two cells.
  const [br, bc] = [Math.floor(y), Math.round(x)];
  const [ar, ac] = [Math.round(y), Math.floor(x)];
  const dv = Math.abs(x - bc);
  const dh = Math.abs(y - ar);
  if (dv <= dh && bc >= 1 && bc < cols && br >= 0 && br < rows) return key('h', br, bc - 1);
  if (ar >= 1 && ar < rows && ac >= 0 && ac < cols) return key('v', ar - 1, ac);
  return null;
}

/// The line on side `dir` (0 up, 1 right, 2 down, 3 left) of cell (r, c):
/// Slitherlink's side of the cell, Masyu's step to the neighbour.
export function lineBeside(kind, rows, cols, r, c, dir) {
  if (kind === 'sides') {
    return [key('h', r, c), key('v', r, c + 1), key('h', r + 1, c), key('v', r, c)][dir];
  }
  return around(kind, rows, cols, r, c)[dir];
}

/// The endpoints of a line in cell units, for drawing.
export function lineGeometry(kind, k) {
  const [[r1, c1], [r2, c2]] = ends(k);
  const o = kind === 'sides' ? 0 : 0.5;
  return [c1 + o, r1 + o, c2 + o, r2 + o];
}
