// The board: the library's picture of the puzzle (an SVG in cell units)
// with a layer on top for what the player entered, the cells that break a
// rule, the hint's cells and the selection.

import { symbol } from './families.js';
import { lineGeometry } from './loops.js';

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  /// `container`: the element the picture goes in.
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.layer = null;
    this.pitch = 1;
  }

  /// Shows a new picture (an SVG document as text).
  show(svgText, pitch) {
    this.container.innerHTML = svgText;
    this.svg = this.container.querySelector('svg');
    this.svg.removeAttribute('width');
    this.svg.removeAttribute('height');
    this.svg.setAttribute('class', 'puzzle');
    this.layer = el('g', { id: 'layer' }, this.svg);
    this.pitch = pitch;
  }

  /// The cell under a pointer event, with the point in cell units:
  /// `{row, col, x, y}` (x, y in the grid's own units, pitch 1).
  locate(event) {
    const pt = this.svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    const x = p.x / this.pitch;
    const y = p.y / this.pitch;
    return { row: Math.floor(y), col: Math.floor(x), x: p.x, y: p.y };
  }

  /// Redraws the layer. `view`: {kind, look, rows, cols, entries (Map
  /// "r,c" -> value), lines (Map), on, off, conflicts ([[r, c]]),
  /// highlight ([[r, c]]), selected ([r, c] or null)}.
  draw(view) {
    const g = this.layer;
    g.replaceChildren();
    const p = this.pitch;
    const cellRect = (r, c, cls, inset = 0) =>
      el('rect', { class: cls, x: c * p + inset, y: r * p + inset, width: 1 - 2 * inset, height: 1 - 2 * inset, 'data-cell': `${r},${c}` }, g);
    for (const [r, c] of view.highlight) cellRect(r, c, 'hint');
    for (const [r, c] of view.conflicts) cellRect(r, c, 'conflict');
    for (const [k, v] of view.entries) {
      const [r, c] = k.split(',').map(Number);
      const [x, y] = [c * p + 0.5, r * p + 0.5];
      if (view.kind === 'number') {
        const t = el('text', { class: 'entry', x, y, 'data-cell': k, 'data-value': v }, g);
        t.textContent = symbol(v);
      } else if (v === view.on) {
        this.object(view.look, r, c, k, v);
      } else if (view.look === 'slant') {
        // Slant's "off" is the other diagonal, `/`.
        el('line', { class: 'diagonal', x1: x + 0.4, y1: y - 0.4, x2: x - 0.4, y2: y + 0.4, 'data-cell': k, 'data-value': v }, g);
      } else {
        el('circle', { class: 'dot', cx: x, cy: y, r: 0.08, 'data-cell': k, 'data-value': v }, g);
      }
    }
    for (const [k, v] of view.lines) {
      const [x1, y1, x2, y2] = lineGeometry(view.kind, k);
      if (v === 1) {
        el('line', { class: 'line', x1, y1, x2, y2, 'data-line': k }, g);
      } else {
        const [mx, my, d] = [(x1 + x2) / 2, (y1 + y2) / 2, 0.08];
        el('path', { class: 'cross', d: `M${mx - d} ${my - d}L${mx + d} ${my + d}M${mx - d} ${my + d}L${mx + d} ${my - d}`, 'data-line': k }, g);
      }
    }
    if (view.selected) {
      const [r, c] = view.selected;
      cellRect(r, c, 'selected', 0.04);
    }
  }

  /// An object on a cell: shading, a bulb, a tent, a star, mercury, a
  /// diagonal `\` (Slant).
  object(look, r, c, k, v) {
    const g = this.layer;
    const p = this.pitch;
    const [x, y] = [c * p, r * p];
    const a = { 'data-cell': k, 'data-value': v };
    switch (look) {
      case 'bulb':
        el('circle', { class: 'bulb', cx: x + 0.5, cy: y + 0.5, r: 0.3, ...a }, g);
        break;
      case 'tent':
        el('path', { class: 'tent-mark', d: `M${x + 0.5} ${y + 0.15}L${x + 0.85} ${y + 0.85}L${x + 0.15} ${y + 0.85}Z`, ...a }, g);
        break;
      case 'star': {
        const pts = [];
        for (let i = 0; i < 10; i++) {
          const rad = i % 2 ? 0.16 : 0.38;
          const ang = -Math.PI / 2 + (i * Math.PI) / 5;
          pts.push(`${(x + 0.5 + rad * Math.cos(ang)).toFixed(3)},${(y + 0.5 + rad * Math.sin(ang)).toFixed(3)}`);
        }
        el('polygon', { class: 'star-mark', points: pts.join(' '), ...a }, g);
        break;
      }
      case 'slant':
        el('line', { class: 'diagonal', x1: x + 0.1, y1: y + 0.1, x2: x + 0.9, y2: y + 0.9, ...a }, g);
        break;
      case 'mercury':
        el('rect', { class: 'mercury', x: x + 0.2, y: y + 0.2, width: 0.6, height: 0.6, rx: 0.2, ...a }, g);
        break;
      default:
        el('rect', { class: 'shade', x, y, width: 1, height: 1, ...a }, g);
    }
  }
}
