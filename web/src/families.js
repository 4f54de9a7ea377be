// How a player marks each family's grid. Everything else about a family
// (its cells, their values, its rules) comes from the library; this table
// only says how the page draws and enters a cell's value.
//
// kinds:
// - number: digits typed into cells (values above 9 as letters, as
//   Sudoku's one-line form writes them);
// - binary: a cell is marked "on" (shaded, a bulb, a tent, a star) or
//   "off" (a dot: known empty); `on` and `off` are the model's values for
//   them (Hitori's variable says whether a cell is kept, so its "on", a
//   shaded cell, is 0); Slant's cells are binary too, `\` "on" and `/`
//   "off";
// - sides: Slitherlink, lines on the sides of cells;
// - path: Masyu, lines between the centres of neighbouring cells.

export const PLAY = {
  sudoku: { kind: 'number' },
  futoshiki: { kind: 'number', pitch: 1.5 },
  'light-up': { kind: 'binary', on: 1, off: 0, look: 'bulb' },
  tents: { kind: 'binary', on: 1, off: 0, look: 'tent' },
  binairo: { kind: 'number' },
  unruly: { kind: 'number' },
  'killer-sudoku': { kind: 'number' },
  'jigsaw-sudoku': { kind: 'number' },
  skyscrapers: { kind: 'number' },
  suguru: { kind: 'number' },
  nonogram: { kind: 'binary', on: 1, off: 0, look: 'shade' },
  kenken: { kind: 'number' },
  kakuro: { kind: 'number' },
  hitori: { kind: 'binary', on: 0, off: 1, look: 'shade' },
  slitherlink: { kind: 'sides' },
  masyu: { kind: 'path' },
  'star-battle': { kind: 'binary', on: 1, off: 0, look: 'star' },
  norinori: { kind: 'binary', on: 1, off: 0, look: 'shade' },
  thermometers: { kind: 'binary', on: 1, off: 0, look: 'mercury' },
  shikaku: { kind: 'number' },
  slant: { kind: 'binary', on: 1, off: 0, look: 'slant' },
};

/// How to play `family` (a number family if the table does not know it).
export function playOf(family) {
  return PLAY[family] ?? { kind: 'number' };
}

/// A value as a symbol: 1-9, then A-Z for 10-35.
export function symbol(value) {
  return value <= 9 ? String(value) : String.fromCharCode(55 + value);
}

/// The value a key stands for (`'7'` -> 7, `'b'` -> 11), or null.
export function keyValue(key) {
  if (/^[0-9]$/.test(key)) return Number(key);
  if (/^[a-zA-Z]$/.test(key)) return key.toUpperCase().charCodeAt(0) - 55;
  return null;
}
