#!/usr/bin/env python3
"""Google OR-Tools CP-SAT, one worker, on the models of gridcsp's catalogue bench.

Reads the instance files of ``benches/data/catalogue/`` (formats in that
folder's README.md), builds the natural CP-SAT model of each, solves it with a
single search worker, checks every solution against the puzzle's rules with a
checker that shares no code with the model, and prints one line per model.

Solve models (Kakuro, Nonogram, Star Battle, Killer Sudoku, KenKen,
SEND+MORE=MONEY) are solved, then solved again with the found solution
forbidden: an infeasible second solve proves the solution unique. Counting
models (4x4 magic squares) enumerate every solution with
``enumerate_all_solutions`` and a solution callback.

Runs only on request, never in CI. See ``benches/peers/README.md``.

    pip install ortools
    python3 benches/peers/cpsat_catalogue.py            # table
    python3 benches/peers/cpsat_catalogue.py --json     # JSON records
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

try:
    import ortools
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("this script needs OR-Tools: pip install ortools (see benches/peers/README.md)")

DEFAULT_DATA = Path(__file__).resolve().parent.parent / "data" / "catalogue"

Grid = list[list[int]]


class FormatError(ValueError):
    """A data file that does not follow its documented format."""


# ---------------------------------------------------------------------------
# Readers: one per file format of benches/data/catalogue/README.md.
# ---------------------------------------------------------------------------


def _lines(path: Path) -> list[str]:
    lines = path.read_text().split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _header(path: Path, lines: list[str], names: str) -> list[int]:
    want = len(names.split())
    if not lines:
        raise FormatError(f"{path}: empty file, expected a header '{names}'")
    try:
        nums = [int(t) for t in lines[0].split()]
    except ValueError:
        raise FormatError(f"{path}:1: expected a header '{names}' of numbers") from None
    if len(nums) != want or any(n < 1 for n in nums):
        raise FormatError(f"{path}:1: expected a header '{names}' of {want} positive numbers")
    return nums


def _rows(path: Path, lines: list[str], start: int, count: int, width: int, what: str) -> list[list[str]]:
    if len(lines) < start + count:
        raise FormatError(f"{path}: expected {count} rows of {what} after line {start}")
    rows = []
    for i in range(start, start + count):
        toks = lines[i].split()
        if len(toks) != width:
            raise FormatError(f"{path}:{i + 1}: expected {width} tokens of {what}, found {len(toks)}")
        rows.append(toks)
    return rows


@dataclass
class Kakuro:
    """Cells row by row: None a block, 0 a white cell, (down, right) a clue
    block whose parts are None when absent."""

    rows: int
    cols: int
    cells: list[list[object]]


def read_kakuro(path: Path) -> Kakuro:
    lines = _lines(path)
    rows, cols = _header(path, lines, "ROWS COLS")
    cells: list[list[object]] = []
    for r, toks in enumerate(_rows(path, lines, 1, rows, cols, "Kakuro cells")):
        row: list[object] = []
        for c, tok in enumerate(toks):
            where = f"{path}:{r + 2}: cell {c + 1}"
            if tok == "-":
                row.append(None)
            elif tok == "0":
                row.append(0)
            elif "," in tok:
                down, right = tok.split(",", 1)
                try:
                    parts = tuple(int(p) if p else None for p in (down, right))
                except ValueError:
                    raise FormatError(f"{where}: bad clue {tok!r}") from None
                if parts == (None, None) or any(p is not None and p < 1 for p in parts):
                    raise FormatError(f"{where}: bad clue {tok!r}")
                row.append(parts)
            else:
                raise FormatError(f"{where}: expected '-', '0' or a clue 'D,R', found {tok!r}")
        cells.append(row)
    if len(lines) > rows + 1:
        raise FormatError(f"{path}:{rows + 2}: unexpected text after the grid")
    return Kakuro(rows, cols, cells)


@dataclass
class Nonogram:
    rows: int
    cols: int
    col_clues: list[list[int]]
    row_clues: list[list[int]]


def read_nonogram(path: Path) -> Nonogram:
    lines = _lines(path)
    rows, cols = _header(path, lines, "ROWS COLS")
    if len(lines) != 1 + cols + rows:
        raise FormatError(f"{path}: expected {cols} column clue lines then {rows} row clue lines")
    clues = []
    for i in range(1, 1 + cols + rows):
        try:
            clue = [int(t) for t in lines[i].split()]
        except ValueError:
            raise FormatError(f"{path}:{i + 1}: expected run lengths") from None
        if clue == [0]:
            clue = []
        limit = rows if i <= cols else cols
        if not lines[i].split() or any(n < 1 for n in clue) or sum(clue) + len(clue) - 1 > limit:
            raise FormatError(f"{path}:{i + 1}: bad clue {lines[i]!r} for a line of {limit} cells")
        clues.append(clue)
    return Nonogram(rows, cols, clues[:cols], clues[cols:])


@dataclass
class StarBattle:
    rows: int
    cols: int
    stars: int
    regions: Grid


def read_star_battle(path: Path) -> StarBattle:
    lines = _lines(path)
    rows, cols, stars = _header(path, lines, "ROWS COLS STARS")
    regions = []
    for r, toks in enumerate(_rows(path, lines, 1, rows, cols, "region numbers")):
        try:
            regions.append([int(t) for t in toks])
        except ValueError:
            raise FormatError(f"{path}:{r + 2}: expected region numbers") from None
    if len(lines) > rows + 1:
        raise FormatError(f"{path}:{rows + 2}: unexpected text after the grid")
    return StarBattle(rows, cols, stars, regions)


@dataclass
class CagePuzzle:
    """An n x n grid cut into cages: Killer Sudoku (op always '+', the digits
    of a cage distinct) or KenKen (op '+', '-', 'x', '/' or '=')."""

    n: int
    labels: list[list[str]]
    cages: dict[str, tuple[int, str]] = field(default_factory=dict)

    def cells(self, label: str) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.n) for c in range(self.n) if self.labels[r][c] == label]


def read_cage_puzzle(path: Path, with_ops: bool) -> CagePuzzle:
    lines = _lines(path)
    rows, cols = _header(path, lines, "ROWS COLS")
    if rows != cols:
        raise FormatError(f"{path}:1: the grid must be square, found {rows} x {cols}")
    labels = _rows(path, lines, 1, rows, cols, "cage labels")
    puzzle = CagePuzzle(rows, labels)
    shape = "LABEL TARGET OP" if with_ops else "LABEL SUM"
    for i in range(rows + 1, len(lines)):
        toks = lines[i].split()
        if len(toks) != len(shape.split()):
            raise FormatError(f"{path}:{i + 1}: expected '{shape}'")
        label, target, op = toks[0], toks[1], (toks[2] if with_ops else "+")
        if op not in "+-x/=" or len(op) != 1 or not target.isdigit() or int(target) < 1:
            raise FormatError(f"{path}:{i + 1}: bad cage {lines[i].strip()!r}")
        if label in puzzle.cages:
            raise FormatError(f"{path}:{i + 1}: cage {label} listed twice")
        if not puzzle.cells(label):
            raise FormatError(f"{path}:{i + 1}: cage {label} has no cell in the grid")
        size = len(puzzle.cells(label))
        if (op in "-/" and size != 2) or (op == "=" and size != 1):
            raise FormatError(f"{path}:{i + 1}: cage {label} ({op}) has {size} cells")
        puzzle.cages[label] = (int(target), op)
    missing = sorted({l for row in labels for l in row} - puzzle.cages.keys())
    if missing:
        raise FormatError(f"{path}: cages without a target: {' '.join(missing)}")
    return puzzle


# ---------------------------------------------------------------------------
# CP-SAT models. Each builder returns (model, variables, decode), where
# decode maps the variables' values (in order) to the solution grid.
# ---------------------------------------------------------------------------

Built = tuple[cp_model.CpModel, list[cp_model.IntVar], Callable[[list[int]], object]]


def _grid_decoder(rows: int, cols: int, where: list[tuple[int, int]]) -> Callable[[list[int]], Grid]:
    def decode(values: list[int]) -> Grid:
        grid = [[0] * cols for _ in range(rows)]
        for (r, c), v in zip(where, values):
            grid[r][c] = v
        return grid

    return decode


def model_kakuro(p: Kakuro) -> Built:
    m = cp_model.CpModel()
    x: dict[tuple[int, int], cp_model.IntVar] = {}
    for r in range(p.rows):
        for c in range(p.cols):
            if p.cells[r][c] == 0:
                x[r, c] = m.new_int_var(1, 9, f"x{r}_{c}")
    for r in range(p.rows):
        for c in range(p.cols):
            clue = p.cells[r][c]
            if not isinstance(clue, tuple):
                continue
            for total, (dr, dc) in zip(clue, ((1, 0), (0, 1))):
                if total is None:
                    continue
                run, rr, cc = [], r + dr, c + dc
                while (rr, cc) in x:
                    run.append(x[rr, cc])
                    rr, cc = rr + dr, cc + dc
                if not run:
                    raise FormatError(f"Kakuro clue at row {r + 1}, column {c + 1} has no cell")
                m.add_all_different(run)
                m.add(sum(run) == total)
    where = list(x)
    return m, [x[k] for k in where], _grid_decoder(p.rows, p.cols, where)


def _nonogram_automaton(clue: list[int]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """The DFA of one line: 0* 1^a1 0+ 1^a2 ... 0*, states 0..m."""
    if not clue:
        return [(0, 0, 0)], [0]
    pattern: list[int] = []
    for i, a in enumerate(clue):
        pattern += [1] * a
        if i + 1 < len(clue):
            pattern.append(0)
    m = len(pattern)
    transitions = [(0, 0, 0), (m, 0, m)]
    for j, symbol in enumerate(pattern):
        transitions.append((j, symbol, j + 1))
        if symbol == 0:
            transitions.append((j + 1, 0, j + 1))
    return transitions, [m]


def model_nonogram(p: Nonogram) -> Built:
    m = cp_model.CpModel()
    x = [[m.new_bool_var(f"x{r}_{c}") for c in range(p.cols)] for r in range(p.rows)]
    lines = [(x[r], p.row_clues[r]) for r in range(p.rows)]
    lines += [([x[r][c] for r in range(p.rows)], p.col_clues[c]) for c in range(p.cols)]
    for cells, clue in lines:
        transitions, finals = _nonogram_automaton(clue)
        m.add_automaton(cells, 0, finals, transitions)
    where = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    return m, [x[r][c] for r, c in where], _grid_decoder(p.rows, p.cols, where)


def model_star_battle(p: StarBattle) -> Built:
    m = cp_model.CpModel()
    x = [[m.new_bool_var(f"x{r}_{c}") for c in range(p.cols)] for r in range(p.rows)]
    for r in range(p.rows):
        m.add(sum(x[r]) == p.stars)
    for c in range(p.cols):
        m.add(sum(x[r][c] for r in range(p.rows)) == p.stars)
    regions: dict[int, list[cp_model.IntVar]] = {}
    for r in range(p.rows):
        for c in range(p.cols):
            regions.setdefault(p.regions[r][c], []).append(x[r][c])
    for cells in regions.values():
        m.add(sum(cells) == p.stars)
    # No two stars touch, not even diagonally: two cells touch exactly when
    # they share a 2x2 window, so each window holds at most one star.
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            m.add_at_most_one(x[r][c], x[r][c + 1], x[r + 1][c], x[r + 1][c + 1])
    where = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    return m, [x[r][c] for r, c in where], _grid_decoder(p.rows, p.cols, where)


def _latin_square(m: cp_model.CpModel, n: int) -> list[list[cp_model.IntVar]]:
    x = [[m.new_int_var(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.add_all_different(x[i])
        m.add_all_different([x[r][i] for r in range(n)])
    return x


def model_killer(p: CagePuzzle) -> Built:
    box = math.isqrt(p.n)
    if box * box != p.n:
        raise FormatError(f"Killer Sudoku size {p.n} is not a square (no boxes)")
    m = cp_model.CpModel()
    x = _latin_square(m, p.n)
    for br in range(0, p.n, box):
        for bc in range(0, p.n, box):
            m.add_all_different([x[r][c] for r in range(br, br + box) for c in range(bc, bc + box)])
    for label, (total, _) in p.cages.items():
        cells = [x[r][c] for r, c in p.cells(label)]
        m.add_all_different(cells)
        m.add(sum(cells) == total)
    where = [(r, c) for r in range(p.n) for c in range(p.n)]
    return m, [x[r][c] for r, c in where], _grid_decoder(p.n, p.n, where)


def model_kenken(p: CagePuzzle) -> Built:
    m = cp_model.CpModel()
    x = _latin_square(m, p.n)
    for label, (target, op) in p.cages.items():
        cells = [x[r][c] for r, c in p.cells(label)]
        if op == "+":
            m.add(sum(cells) == target)
        elif op == "x":
            m.add_multiplication_equality(target, cells)
        elif op == "-":
            m.add_abs_equality(target, cells[0] - cells[1])
        elif op == "/":
            # Exact quotient of the larger by the smaller (CP-SAT's division
            # truncates, so state it as a product).
            hi = m.new_int_var(1, p.n, f"hi_{label}")
            lo = m.new_int_var(1, p.n, f"lo_{label}")
            m.add_max_equality(hi, cells)
            m.add_min_equality(lo, cells)
            m.add(hi == target * lo)
        else:  # "=": a given
            m.add(cells[0] == target)
    where = [(r, c) for r in range(p.n) for c in range(p.n)]
    return m, [x[r][c] for r, c in where], _grid_decoder(p.n, p.n, where)


SEND_MORE_LETTERS = "SENDMORY"


def model_send_more() -> Built:
    m = cp_model.CpModel()
    v = {ch: m.new_int_var(0, 9, ch) for ch in SEND_MORE_LETTERS}
    m.add_all_different(list(v.values()))
    m.add(v["S"] != 0)
    m.add(v["M"] != 0)

    def word(w: str) -> cp_model.LinearExpr:
        return sum(10 ** (len(w) - 1 - i) * v[ch] for i, ch in enumerate(w))

    m.add(word("SEND") + word("MORE") == word("MONEY"))
    variables = [v[ch] for ch in SEND_MORE_LETTERS]
    return m, variables, lambda values: dict(zip(SEND_MORE_LETTERS, values))


def model_magic_square(n: int) -> Built:
    m = cp_model.CpModel()
    x = [[m.new_int_var(1, n * n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    magic = n * (n * n + 1) // 2
    flat = [v for row in x for v in row]
    m.add_all_different(flat)
    for i in range(n):
        m.add(sum(x[i]) == magic)
        m.add(sum(x[r][i] for r in range(n)) == magic)
    m.add(sum(x[i][i] for i in range(n)) == magic)
    m.add(sum(x[i][n - 1 - i] for i in range(n)) == magic)
    where = [(r, c) for r in range(n) for c in range(n)]
    return m, flat, _grid_decoder(n, n, where)


# ---------------------------------------------------------------------------
# Checkers: the puzzle rules, read from the puzzle data alone (no code shared
# with the models above). Each returns the list of rules broken.
# ---------------------------------------------------------------------------


def _runs_of(line: list[int]) -> list[int]:
    runs, length = [], 0
    for v in line + [0]:
        if v:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    return runs


def check_kakuro(p: Kakuro, g: Grid) -> list[str]:
    bad = []
    white = [[p.cells[r][c] == 0 for c in range(p.cols)] for r in range(p.rows)]
    for r in range(p.rows):
        for c in range(p.cols):
            if white[r][c] and not 1 <= g[r][c] <= 9:
                bad.append(f"cell ({r + 1},{c + 1}) holds {g[r][c]}")
    # Every maximal run of white cells, across then down: distinct digits,
    # and the sum the clue block just before it asks for.
    lines = [("row", r, 1, [(r, c) for c in range(p.cols)]) for r in range(p.rows)]
    lines += [("column", c, 0, [(r, c) for r in range(p.rows)]) for c in range(p.cols)]
    for kind, index, part, cells in lines:
        j = 0
        while j < len(cells):
            if not white[cells[j][0]][cells[j][1]]:
                j += 1
                continue
            start = j
            while j < len(cells) and white[cells[j][0]][cells[j][1]]:
                j += 1
            digits = [g[r][c] for r, c in cells[start:j]]
            name = f"{kind} {index + 1} cells {start + 1}-{j}"
            if len(set(digits)) != len(digits):
                bad.append(f"{name} repeat a digit: {digits}")
            before = p.cells[cells[start - 1][0]][cells[start - 1][1]] if start > 0 else None
            total = before[part] if isinstance(before, tuple) else None
            if total is not None and sum(digits) != total:
                bad.append(f"{name} add up to {sum(digits)}, not {total}")
            if total is None and len(digits) > 1:
                bad.append(f"{name} have no clue")
    return bad


def check_nonogram(p: Nonogram, g: Grid) -> list[str]:
    bad = []
    for r in range(p.rows):
        if _runs_of(g[r]) != p.row_clues[r]:
            bad.append(f"row {r + 1} reads {_runs_of(g[r])}, not {p.row_clues[r]}")
    for c in range(p.cols):
        col = [g[r][c] for r in range(p.rows)]
        if _runs_of(col) != p.col_clues[c]:
            bad.append(f"column {c + 1} reads {_runs_of(col)}, not {p.col_clues[c]}")
    return bad


def check_star_battle(p: StarBattle, g: Grid) -> list[str]:
    bad = []
    for r in range(p.rows):
        if sum(g[r]) != p.stars:
            bad.append(f"row {r + 1} has {sum(g[r])} stars")
    for c in range(p.cols):
        if sum(g[r][c] for r in range(p.rows)) != p.stars:
            bad.append(f"column {c + 1} has the wrong number of stars")
    for region in {v for row in p.regions for v in row}:
        n = sum(g[r][c] for r in range(p.rows) for c in range(p.cols) if p.regions[r][c] == region)
        if n != p.stars:
            bad.append(f"region {region} has {n} stars")
    for r in range(p.rows):
        for c in range(p.cols):
            # The neighbours after (r, c) in reading order, so each pair once.
            for rr, cc in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                inside = 0 <= rr < p.rows and 0 <= cc < p.cols
                if inside and g[r][c] and g[rr][cc]:
                    bad.append(f"stars at ({r + 1},{c + 1}) and ({rr + 1},{cc + 1}) touch")
    return bad


def _check_latin(n: int, g: Grid) -> list[str]:
    bad = []
    want = list(range(1, n + 1))
    for i in range(n):
        if sorted(g[i]) != want:
            bad.append(f"row {i + 1} is not a permutation of 1..{n}")
        if sorted(g[r][i] for r in range(n)) != want:
            bad.append(f"column {i + 1} is not a permutation of 1..{n}")
    return bad


def check_killer(p: CagePuzzle, g: Grid) -> list[str]:
    bad = _check_latin(p.n, g)
    box = math.isqrt(p.n)
    for b in range(p.n):
        r0, c0 = box * (b // box), box * (b % box)
        digits = sorted(g[r][c] for r in range(r0, r0 + box) for c in range(c0, c0 + box))
        if digits != list(range(1, p.n + 1)):
            bad.append(f"box {b + 1} is not a permutation")
    for label, (total, _) in p.cages.items():
        digits = [g[r][c] for r, c in p.cells(label)]
        if len(set(digits)) != len(digits) or sum(digits) != total:
            bad.append(f"cage {label} holds {digits}, not distinct digits adding to {total}")
    return bad


def check_kenken(p: CagePuzzle, g: Grid) -> list[str]:
    bad = _check_latin(p.n, g)
    for label, (target, op) in p.cages.items():
        v = [g[r][c] for r, c in p.cells(label)]
        if op == "+":
            ok = sum(v) == target
        elif op == "x":
            ok = math.prod(v) == target
        elif op == "-":
            ok = abs(v[0] - v[1]) == target
        elif op == "/":
            ok = max(v) == target * min(v)
        else:
            ok = v == [target]
        if not ok:
            bad.append(f"cage {label} holds {v}, not {target}{op}")
    return bad


def check_send_more(s: dict[str, int]) -> list[str]:
    bad = []
    if len(set(s.values())) != len(s):
        bad.append("two letters share a digit")
    if s["S"] == 0 or s["M"] == 0:
        bad.append("a leading zero")
    send, more, money = (int("".join(str(s[ch]) for ch in w)) for w in ("SEND", "MORE", "MONEY"))
    if send + more != money:
        bad.append(f"{send} + {more} != {money}")
    return bad


def check_magic_square(n: int, g: Grid) -> list[str]:
    magic = n * (n * n + 1) // 2
    lines = [row for row in g] + [[g[r][c] for r in range(n)] for c in range(n)]
    lines += [[g[i][i] for i in range(n)], [g[i][n - 1 - i] for i in range(n)]]
    bad = [f"a line adds up to {sum(l)}" for l in lines if sum(l) != magic]
    if sorted(v for row in g for v in row) != list(range(1, n * n + 1)):
        bad.append(f"not a permutation of 1..{n * n}")
    return bad


# ---------------------------------------------------------------------------
# Instances and the runner.
# ---------------------------------------------------------------------------


@dataclass
class Instance:
    name: str
    family: str
    kind: str  # "solve" (solve, then prove unique) or "count" (all solutions)
    build: Callable[[], Built]
    check: Callable[[object], list[str]]
    show: Callable[[object], str]
    literature: str = ""  # what the literature says, for the reader only


def _show_grid(g: Grid, symbols: dict[int, str] | None = None) -> str:
    cell = (lambda v: symbols.get(v, str(v))) if symbols else str
    width = max(len(cell(v)) for row in g for v in row)
    return "\n".join(" ".join(cell(v).rjust(width) for v in row) for row in g)


def _show_kakuro(p: Kakuro, g: Grid) -> str:
    return "\n".join(
        " ".join(str(g[r][c]) if p.cells[r][c] == 0 else "." for c in range(p.cols)) for r in range(p.rows)
    )


FAMILIES = {
    "kakuro": (read_kakuro, model_kakuro, check_kakuro, _show_kakuro),
    "nonogram": (
        read_nonogram,
        model_nonogram,
        check_nonogram,
        lambda p, g: _show_grid(g, {0: ".", 1: "#"}),
    ),
    "star_battle": (
        read_star_battle,
        model_star_battle,
        check_star_battle,
        lambda p, g: _show_grid(g, {0: ".", 1: "*"}),
    ),
    "killer_sudoku": (
        lambda path: read_cage_puzzle(path, with_ops=False),
        model_killer,
        check_killer,
        lambda p, g: _show_grid(g),
    ),
    "kenken": (
        lambda path: read_cage_puzzle(path, with_ops=True),
        model_kenken,
        check_kenken,
        lambda p, g: _show_grid(g),
    ),
}


def discover(data: Path) -> list[Instance]:
    """The data files, by name prefix (see the data README), then the models
    that need no data."""
    found = []
    for path in sorted(data.glob("*.txt")):
        family = next((f for f in FAMILIES if path.stem.startswith(f + "_")), None)
        if family is None:
            continue
        read, build, check, show = FAMILIES[family]
        puzzle = read(path)
        found.append(
            Instance(
                path.stem,
                family,
                "solve",
                lambda b=build, p=puzzle: b(p),
                lambda s, c=check, p=puzzle: c(p, s),
                lambda s, sh=show, p=puzzle: sh(p, s),
            )
        )
    found.append(
        Instance(
            "send_more_money",
            "cryptarithm",
            "solve",
            model_send_more,
            check_send_more,
            lambda s: " ".join(f"{k}={v}" for k, v in s.items()),
            "unique: 9567 + 1085 = 10652",
        )
    )
    found.append(
        Instance(
            "magic_square_4",
            "magic square",
            "count",
            lambda: model_magic_square(4),
            lambda g: check_magic_square(4, g),
            _show_grid,
            "7040 (880 up to rotation and reflection, Frenicle 1693)",
        )
    )
    return found


def _params(solver: cp_model.CpSolver, args: argparse.Namespace) -> None:
    solver.parameters.num_workers = args.workers
    solver.parameters.max_time_in_seconds = args.time_limit
    if args.seed is not None:
        solver.parameters.random_seed = args.seed


def _stats(solver: cp_model.CpSolver, status: int, wall: float, cpu: float) -> dict[str, object]:
    return {
        "status": solver.status_name(status),
        "wall_s": wall,
        "cpu_s": cpu,
        "cpsat_wall_s": solver.wall_time,
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
    }


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, variables: list[cp_model.IntVar]) -> None:
        super().__init__()
        self.variables = variables
        self.solutions: list[tuple[int, ...]] = []

    def on_solution_callback(self) -> None:
        self.solutions.append(tuple(self.value(v) for v in self.variables))


def run_solve(inst: Instance, args: argparse.Namespace) -> dict[str, object]:
    """Build and solve; check the solution; then forbid it and solve again."""
    t0, c0 = time.perf_counter(), time.process_time()
    model, variables, decode = inst.build()
    solver = cp_model.CpSolver()
    _params(solver, args)
    status = solver.solve(model)
    first = _stats(solver, status, time.perf_counter() - t0, time.process_time() - c0)
    rec: dict[str, object] = {"solve": first, "violations": [], "solutions": 0, "unique": None}
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return rec
    values = [solver.value(v) for v in variables]
    solution = decode(values)
    rec["solution"] = solution
    rec["violations"] = inst.check(solution)
    rec["solutions"] = 1

    t1, c1 = time.perf_counter(), time.process_time()
    model.add_forbidden_assignments(variables, [values])
    prover = cp_model.CpSolver()
    _params(prover, args)
    status2 = prover.solve(model)
    rec["proof"] = _stats(prover, status2, time.perf_counter() - t1, time.process_time() - c1)
    if status2 == cp_model.INFEASIBLE:
        rec["unique"] = True
    elif status2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        rec["unique"] = False
        rec["solutions"] = 2  # at least
        other = decode([prover.value(v) for v in variables])
        rec["violations"] += [f"second solution: {v}" for v in inst.check(other)]
    return rec


def run_count(inst: Instance, args: argparse.Namespace) -> dict[str, object]:
    """Build and enumerate every solution; check each one."""
    t0, c0 = time.perf_counter(), time.process_time()
    model, variables, decode = inst.build()
    solver = cp_model.CpSolver()
    _params(solver, args)
    solver.parameters.enumerate_all_solutions = True
    collector = _Collector(variables)
    status = solver.solve(model, collector)
    first = _stats(solver, status, time.perf_counter() - t0, time.process_time() - c0)
    distinct = set(collector.solutions)
    violations = []
    if len(distinct) != len(collector.solutions):
        violations.append("the callback saw a solution twice")
    for values in distinct:
        violations += inst.check(decode(list(values)))
    rec: dict[str, object] = {
        "solve": first,
        "solutions": len(distinct),
        "complete": status == cp_model.OPTIMAL,  # the enumeration finished
        "violations": violations[:10],
        "unique": None,
    }
    if distinct:
        rec["solution"] = decode(list(min(distinct)))
    return rec


def run(inst: Instance, args: argparse.Namespace) -> dict[str, object]:
    runs = [(run_solve if inst.kind == "solve" else run_count)(inst, args) for _ in range(args.repeat)]
    rec = dict(runs[-1])
    rec.update(name=inst.name, family=inst.family, kind=inst.kind, literature=inst.literature)
    counts = {(r["solutions"], r["unique"]) for r in runs}
    if len(counts) != 1:
        rec["violations"] = list(rec["violations"]) + [f"runs disagree: {sorted(counts, key=str)}"]
    rec["runs"] = [{k: r[k] for k in ("solve", "proof") if k in r} for r in runs]
    for part in ("solve", "proof"):
        if part in rec:
            rec[part] = {k: _median([r[part][k] for r in runs]) for k in rec[part]}
    return rec


def _median(xs: list[object]) -> object:
    """The median of numbers (counts stay integers), or the last of others."""
    if all(isinstance(x, int) for x in xs):
        return statistics.median_low(xs)
    if all(isinstance(x, float) for x in xs):
        return statistics.median(xs)
    return xs[-1]


def _fmt(x: object) -> str:
    if isinstance(x, float):
        return f"{x:.3f}" if x < 100 else f"{x:.1f}"
    return str(x)


def table(records: list[dict[str, object]]) -> str:
    head = [
        "model",
        "kind",
        "solutions",
        "unique",
        "check",
        "solve s",
        "cp-sat s",
        "cpu s",
        "branches",
        "conflicts",
        "proof s",
        "proof cp-sat s",
        "proof branches",
        "proof conflicts",
    ]
    rows = []
    for r in records:
        s, p = r["solve"], r.get("proof", {})
        sols = str(r["solutions"]) + ("" if r.get("complete", True) else " (stopped)")
        if r["kind"] == "solve" and r["solve"]["status"] not in ("OPTIMAL", "FEASIBLE"):
            sols = "0 (" + r["solve"]["status"] + ")"
        unique = {True: "yes", False: "no", None: "-"}[r["unique"]]
        if r["kind"] == "solve" and r["unique"] is None and p:
            unique = "? (" + p["status"] + ")"
        rows.append(
            [
                r["name"],
                r["kind"],
                sols,
                unique,
                "ok" if not r["violations"] else "FAILED",
                _fmt(s["wall_s"]),
                _fmt(s["cpsat_wall_s"]),
                _fmt(s["cpu_s"]),
                _fmt(s["branches"]),
                _fmt(s["conflicts"]),
            ]
            + ([_fmt(p[k]) for k in ("wall_s", "cpsat_wall_s", "branches", "conflicts")] if p else ["-"] * 4)
        )
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    out = [line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows]
    return "\n".join(out)


def environment(args: argparse.Namespace) -> dict[str, object]:
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    return {
        "ortools": ortools.__version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "loadavg": load,
        "workers": args.workers,
        "repeat": args.repeat,
        "time_limit_s": args.time_limit,
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="instance folder (default: %(default)s)")
    ap.add_argument("--only", action="append", default=[], help="run models whose name contains this (repeatable)")
    ap.add_argument("--list", action="store_true", help="list the models and exit")
    ap.add_argument("--json", action="store_true", help="print JSON records instead of the table")
    ap.add_argument("--json-out", type=Path, help="also write the JSON records to this file")
    ap.add_argument("--show", action="store_true", help="print each solution found")
    ap.add_argument("--repeat", type=int, default=1, help="runs per model; times are medians (default 1)")
    ap.add_argument(
        "--workers", type=int, default=1, help="CP-SAT search workers, 0 for all cores (default 1: the comparison)"
    )
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds per solve (default 600)")
    ap.add_argument("--seed", type=int, default=None, help="CP-SAT random_seed (default: CP-SAT's)")
    args = ap.parse_args()
    if args.repeat < 1 or args.workers < 0:
        ap.error("--repeat must be at least 1 and --workers at least 0")

    try:
        instances = discover(args.data)
    except (FormatError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.only:
        instances = [i for i in instances if any(o in i.name for o in args.only)]
    if args.list:
        for i in instances:
            print(f"{i.name}\t{i.family}\t{i.kind}")
        return 0

    records = []
    for inst in instances:
        rec = run(inst, args)
        records.append(rec)
        if args.show and "solution" in rec:
            print(f"{inst.name}:\n{inst.show(rec['solution'])}\n", file=sys.stderr)
        for v in rec["violations"]:
            print(f"{inst.name}: RULE BROKEN: {v}", file=sys.stderr)

    env = environment(args)
    if not args.show:
        for r in records:
            r.pop("solution", None)
    document = json.dumps({"environment": env, "results": records}, indent=2)
    if args.json_out:
        args.json_out.write_text(document + "\n")
    if args.json:
        print(document)
    else:
        print(table(records))
        load = "n/a" if env["loadavg"] is None else " ".join(f"{x:.2f}" for x in env["loadavg"])
        print(
            f"\nOR-Tools {env['ortools']}, Python {env['python']}, {env['cpus']} CPUs, "
            f"load average {load}, {args.workers} worker(s), median of {args.repeat} run(s)"
        )
    return 1 if any(r["violations"] for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
