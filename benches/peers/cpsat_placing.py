#!/usr/bin/env python3
"""Google OR-Tools CP-SAT, one worker, on the puzzles of gridcsp's placing bench.

Reads every ``benches/data/placing/<family>_<size>_<level>.txt`` (Light Up,
Tents, Binairo, Unruly, Norinori, Thermometers in gridcsp's text layouts, records separated by blank
lines, ``#`` lines are comments), the very files ``cargo bench --bench
placing`` reads, and for each puzzle, timed together: builds the natural
CP-SAT model of the family's rules, solves it with one search worker, then
adds a clause forbidding the found answer and solves again; the second solve
must be infeasible (the answer is unique). The answer is checked against the
rules by a checker that shares no code with the model (untimed). Prints one
row per file: puzzles, mean and worst milliseconds per puzzle (the fastest of
``--rounds`` runs of each puzzle, default 3 as the Rust bench).

Runs only on request, never in CI. See ``benches/peers/README.md``.

    pip install ortools
    python3 benches/peers/cpsat_placing.py [FILTER ...] [--rounds N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    import ortools
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("this script needs OR-Tools: pip install ortools (see benches/peers/README.md)")

DEFAULT_DATA = Path(__file__).resolve().parent.parent / "data" / "placing"


class FormatError(ValueError):
    """A record that does not follow its family's text layout."""


def records(text: str) -> list[list[str]]:
    """The records of a file: blocks of non-comment lines between blank lines."""
    out: list[list[str]] = []
    current: list[str] = []
    for line in text.split("\n"):
        if line.lstrip().startswith("#"):
            continue
        if not line.strip():
            if current:
                out.append(current)
                current = []
        else:
            current.append(line)
    if current:
        out.append(current)
    return out


def header(line: str) -> tuple[int, int, list[str]]:
    words = line.split()
    if len(words) < 2:
        raise FormatError(f"header {line!r}: expected ROWS COLS")
    return int(words[0]), int(words[1]), words[2:]


def grid(lines: list[str], rows: int, cols: int) -> list[list[str]]:
    if len(lines) != rows:
        raise FormatError(f"expected {rows} grid lines, got {len(lines)}")
    g = [line.split() for line in lines]
    if any(len(r) != cols for r in g):
        raise FormatError(f"expected {cols} tokens per grid line")
    return g


def solver() -> cp_model.CpSolver:
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    return s


def solve_unique(model: cp_model.CpModel, lits: list) -> list[int]:
    """Solves, forbids the answer over ``lits`` and proves it was the only one."""
    s = solver()
    status = s.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise AssertionError(f"no solution: {s.status_name(status)}")
    values = [int(s.boolean_value(x)) for x in lits]
    model.add_bool_or([x.Not() if v else x for x, v in zip(lits, values)])
    status = solver().solve(model)
    if status != cp_model.INFEASIBLE:
        raise AssertionError(f"a second solution: {cp_model.CpSolver().status_name(status)}")
    return values


# ---------------------------------------------------------------------------
# Light Up: `-` white, `x` black, `0`-`4` a numbered black cell.
# ---------------------------------------------------------------------------

DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def light_up_parse(rec: list[str]):
    rows, cols, _ = header(rec[0])
    return rows, cols, grid(rec[1:], rows, cols)


def light_up_segments(rows, cols, g):
    """Maximal row and column runs of white cells."""
    segs = []
    for r in range(rows):
        run = []
        for c in range(cols + 1):
            if c < cols and g[r][c] == "-":
                run.append((r, c))
            elif run:
                segs.append(run)
                run = []
    for c in range(cols):
        run = []
        for r in range(rows + 1):
            if r < rows and g[r][c] == "-":
                run.append((r, c))
            elif run:
                segs.append(run)
                run = []
    return segs


def light_up_solve(p) -> dict:
    rows, cols, g = p
    m = cp_model.CpModel()
    bulb = {(r, c): m.new_bool_var(f"b{r}_{c}") for r in range(rows) for c in range(cols) if g[r][c] == "-"}
    segs = light_up_segments(rows, cols, g)
    seen: dict = {cell: [] for cell in bulb}
    for seg in segs:
        m.add_at_most_one(bulb[x] for x in seg)
        for x in seg:
            seen[x].extend(seg)
    for cell, cells in seen.items():
        m.add_bool_or(bulb[x] for x in set(cells))
    for r in range(rows):
        for c in range(cols):
            if g[r][c].isdigit():
                near = [bulb[(r + dr, c + dc)] for dr, dc in DIRS if (r + dr, c + dc) in bulb]
                m.add(sum(near) == int(g[r][c]))
    cells = list(bulb)
    values = solve_unique(m, [bulb[x] for x in cells])
    return {x for x, v in zip(cells, values) if v}


def light_up_check(p, bulbs) -> None:
    rows, cols, g = p
    for seg in light_up_segments(rows, cols, g):
        assert sum(x in bulbs for x in seg) <= 1, "two bulbs see each other"
    lit = set()
    for seg in light_up_segments(rows, cols, g):
        if any(x in bulbs for x in seg):
            lit.update(seg)
    assert all((r, c) in lit for r in range(rows) for c in range(cols) if g[r][c] == "-"), "a dark cell"
    for r in range(rows):
        for c in range(cols):
            if g[r][c].isdigit():
                n = sum((r + dr, c + dc) in bulbs for dr, dc in DIRS)
                assert n == int(g[r][c]), f"clue at {r},{c}"


# ---------------------------------------------------------------------------
# Tents: column counts, row counts (`-`: none), then `x` a tree, `-` empty.
# ---------------------------------------------------------------------------


def tents_parse(rec: list[str]):
    rows, cols, _ = header(rec[0])
    if len(rec) != rows + 3:
        raise FormatError("expected the counts and the grid")
    col_counts = [None if t == "-" else int(t) for t in rec[1].split()]
    row_counts = [None if t == "-" else int(t) for t in rec[2].split()]
    if len(col_counts) != cols or len(row_counts) != rows:
        raise FormatError("wrong number of counts")
    return rows, cols, col_counts, row_counts, grid(rec[3:], rows, cols)


def tents_solve(p) -> set:
    rows, cols, col_counts, row_counts, g = p
    m = cp_model.CpModel()
    trees = [(r, c) for r in range(rows) for c in range(cols) if g[r][c] == "x"]
    # A tent may stand on an empty cell next to a tree.
    tent = {}
    for r, c in trees:
        for dr, dc in DIRS:
            x = (r + dr, c + dc)
            if 0 <= x[0] < rows and 0 <= x[1] < cols and g[x[0]][x[1]] != "x" and x not in tent:
                tent[x] = m.new_bool_var(f"t{x[0]}_{x[1]}")
    # Each tree points at one neighbour; a cell holds a tent exactly when one
    # tree points at it.
    into: dict = {x: [] for x in tent}
    for r, c in trees:
        edges = []
        for dr, dc in DIRS:
            x = (r + dr, c + dc)
            if x in tent:
                e = m.new_bool_var(f"e{r}_{c}_{x[0]}_{x[1]}")
                edges.append(e)
                into[x].append(e)
        m.add_exactly_one(edges)
    for x, edges in into.items():
        m.add(sum(edges) == tent[x])
    # No two tents touch, not even diagonally: at most one per 2x2 block.
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = [tent[y] for y in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if y in tent]
            if len(block) > 1:
                m.add_at_most_one(block)
    for r, k in enumerate(row_counts):
        if k is not None:
            m.add(sum(tent[x] for x in tent if x[0] == r) == k)
    for c, k in enumerate(col_counts):
        if k is not None:
            m.add(sum(tent[x] for x in tent if x[1] == c) == k)
    cells = list(tent)
    values = solve_unique(m, [tent[x] for x in cells])
    return {x for x, v in zip(cells, values) if v}


def tents_check(p, tents) -> None:
    rows, cols, col_counts, row_counts, g = p
    trees = [(r, c) for r in range(rows) for c in range(cols) if g[r][c] == "x"]
    assert len(trees) == len(tents), "as many tents as trees"
    for a in tents:
        for b in tents:
            assert a == b or max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1, "tents touch"
    for r, k in enumerate(row_counts):
        assert k is None or sum(x[0] == r for x in tents) == k, f"row {r}"
    for c, k in enumerate(col_counts):
        assert k is None or sum(x[1] == c for x in tents) == k, f"column {c}"
    # A perfect matching of trees to adjacent tents (augmenting paths).
    match: dict = {}

    def augment(t, seen) -> bool:
        for dr, dc in DIRS:
            x = (t[0] + dr, t[1] + dc)
            if x in tents and x not in seen:
                seen.add(x)
                if x not in match or augment(match[x], seen):
                    match[x] = t
                    return True
        return False

    assert all(augment(t, set()) for t in trees), "trees and tents do not pair up"


# ---------------------------------------------------------------------------
# Binairo and Unruly: `1`, `2`, `-`; rows and columns distinct for Binairo,
# and for Unruly when the header says `unique`.
# ---------------------------------------------------------------------------


def binary_parse(rec: list[str], distinct: bool):
    rows, cols, words = header(rec[0])
    return rows, cols, distinct or "unique" in words, grid(rec[1:], rows, cols)


def binary_lines(rows, cols):
    return [[(r, c) for c in range(cols)] for r in range(rows)], [[(r, c) for r in range(rows)] for c in range(cols)]


def binary_solve(p) -> dict:
    rows, cols, distinct, g = p
    m = cp_model.CpModel()
    # x[r, c] true: a 2.
    x = {(r, c): m.new_bool_var(f"x{r}_{c}") for r in range(rows) for c in range(cols)}
    for (r, c), v in x.items():
        if g[r][c] != "-":
            m.add(v == (g[r][c] == "2"))
    row_lines, col_lines = binary_lines(rows, cols)
    for line in row_lines + col_lines:
        m.add(sum(x[y] for y in line) == len(line) // 2)
        for i in range(len(line) - 2):
            w = [x[y] for y in line[i : i + 3]]
            m.add_bool_or(w)
            m.add_bool_or(v.Not() for v in w)
    if distinct:
        for lines in (row_lines, col_lines):
            for i in range(len(lines)):
                for j in range(i + 1, len(lines)):
                    diffs = []
                    for a, b in zip(lines[i], lines[j]):
                        d = m.new_bool_var("")
                        m.add(x[a] != x[b]).only_enforce_if(d)
                        diffs.append(d)
                    m.add_bool_or(diffs)
    cells = list(x)
    values = solve_unique(m, [x[y] for y in cells])
    return {y: 2 if v else 1 for y, v in zip(cells, values)}


def binary_check(p, s) -> None:
    rows, cols, distinct, g = p
    for (r, c), v in s.items():
        assert g[r][c] == "-" or int(g[r][c]) == v, "a given changed"
    row_lines, col_lines = binary_lines(rows, cols)
    for lines in (row_lines, col_lines):
        values = [tuple(s[y] for y in line) for line in lines]
        for line in values:
            assert line.count(1) == line.count(2), "unbalanced line"
            assert all(not (line[i] == line[i + 1] == line[i + 2]) for i in range(len(line) - 2)), "three in a line"
        if distinct:
            assert len(set(values)) == len(values), "two equal lines"


# ---------------------------------------------------------------------------
# Norinori: the givens (`x` shaded, `-` open), then the grid of region labels.
# ---------------------------------------------------------------------------


def norinori_parse(rec: list[str]):
    rows, cols, _ = header(rec[0])
    if len(rec) != 2 * rows + 1:
        raise FormatError("expected the givens and the regions")
    return rows, cols, grid(rec[1 : rows + 1], rows, cols), grid(rec[rows + 1 :], rows, cols)


def neighbours(r, c, rows, cols):
    return [(r + dr, c + dc) for dr, dc in DIRS if 0 <= r + dr < rows and 0 <= c + dc < cols]


def norinori_solve(p) -> set:
    rows, cols, given, regions = p
    m = cp_model.CpModel()
    s = {(r, c): m.new_bool_var(f"s{r}_{c}") for r in range(rows) for c in range(cols)}
    by_region: dict = {}
    for (r, c), v in s.items():
        by_region.setdefault(regions[r][c], []).append(v)
        if given[r][c] == "x":
            m.add(v == 1)
        # A shaded cell touches exactly one other shaded cell.
        m.add(sum(s[y] for y in neighbours(r, c, rows, cols)) == 1).only_enforce_if(v)
    for cells in by_region.values():
        m.add(sum(cells) == 2)
    cells = list(s)
    values = solve_unique(m, [s[x] for x in cells])
    return {x for x, v in zip(cells, values) if v}


def norinori_check(p, shaded) -> None:
    rows, cols, given, regions = p
    for r in range(rows):
        for c in range(cols):
            assert given[r][c] != "x" or (r, c) in shaded, "a given unshaded"
            if (r, c) in shaded:
                n = sum(y in shaded for y in neighbours(r, c, rows, cols))
                assert n == 1, f"cell {r},{c} is not in one domino"
    labels = {regions[r][c] for r in range(rows) for c in range(cols)}
    for label in labels:
        n = sum(regions[r][c] == label for r, c in shaded)
        assert n == 2, f"region {label} holds {n}"


# ---------------------------------------------------------------------------
# Thermometers: column counts, row counts (`-`: none), then each cell's `T.K`
# (thermometer T, position K from 1 at the bulb).
# ---------------------------------------------------------------------------


def thermometers_parse(rec: list[str]):
    rows, cols, _ = header(rec[0])
    if len(rec) != rows + 3:
        raise FormatError("expected the counts and the grid")
    col_counts = [None if t == "-" else int(t) for t in rec[1].split()]
    row_counts = [None if t == "-" else int(t) for t in rec[2].split()]
    if len(col_counts) != cols or len(row_counts) != rows:
        raise FormatError("wrong number of counts")
    cells = [[tuple(int(x) for x in t.split(".")) for t in row] for row in grid(rec[3:], rows, cols)]
    return rows, cols, col_counts, row_counts, cells


def thermometers_solve(p) -> set:
    rows, cols, col_counts, row_counts, cells = p
    m = cp_model.CpModel()
    f = {(r, c): m.new_bool_var(f"f{r}_{c}") for r in range(rows) for c in range(cols)}
    at = {cells[r][c]: (r, c) for r in range(rows) for c in range(cols)}
    # Filled from the bulb without gaps: position K+1 only after position K.
    for (t, k), x in at.items():
        if (t, k + 1) in at:
            m.add_implication(f[at[(t, k + 1)]], f[x])
    for r, k in enumerate(row_counts):
        if k is not None:
            m.add(sum(f[(r, c)] for c in range(cols)) == k)
    for c, k in enumerate(col_counts):
        if k is not None:
            m.add(sum(f[(r, c)] for r in range(rows)) == k)
    keys = list(f)
    values = solve_unique(m, [f[x] for x in keys])
    return {x for x, v in zip(keys, values) if v}


def thermometers_check(p, filled) -> None:
    rows, cols, col_counts, row_counts, cells = p
    for r in range(rows):
        for c in range(cols):
            t, k = cells[r][c]
            if (r, c) in filled and k > 1:
                nearer = [y for y in filled if cells[y[0]][y[1]] == (t, k - 1)]
                assert nearer, f"a gap below {r},{c}"
    for r, k in enumerate(row_counts):
        assert k is None or sum(x[0] == r for x in filled) == k, f"row {r}"
    for c, k in enumerate(col_counts):
        assert k is None or sum(x[1] == c for x in filled) == k, f"column {c}"


FAMILIES = {
    "light-up": (light_up_parse, light_up_solve, light_up_check),
    "tents": (tents_parse, tents_solve, tents_check),
    "binairo": (lambda r: binary_parse(r, True), binary_solve, binary_check),
    "unruly": (lambda r: binary_parse(r, False), binary_solve, binary_check),
    "norinori": (norinori_parse, norinori_solve, norinori_check),
    "thermometers": (thermometers_parse, thermometers_solve, thermometers_check),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("filter", nargs="*", help="only files whose name contains one of these")
    ap.add_argument("--rounds", type=int, default=3, help="runs per puzzle, the fastest kept")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = ap.parse_args()
    files = sorted(p for p in args.data.glob("*.txt") if not args.filter or any(f in p.name for f in args.filter))
    print(f"# OR-Tools {ortools.__version__}, CP-SAT, num_workers = 1, best of {args.rounds}")
    print(f"| {'file':<24} | {'puzzles':>7} | {'mean ms':>9} | {'worst ms':>9} |")
    print(f"|{'':-<26}|{'':->9}|{'':->11}|{'':->11}|")
    for path in files:
        name = path.stem.split("_")[0]
        if name not in FAMILIES:
            print(f"{path}: no family {name}, skipped", file=sys.stderr)
            continue
        parse, solve, check = FAMILIES[name]
        times = []
        for rec in records(path.read_text()):
            p = parse(rec)
            best = float("inf")
            for _ in range(max(1, args.rounds)):
                start = time.perf_counter()
                answer = solve(p)
                best = min(best, time.perf_counter() - start)
                check(p, answer)
            times.append(best)
        if times:
            mean = sum(times) / len(times) * 1e3
            print(f"| {path.stem:<24} | {len(times):>7} | {mean:>9.3f} | {max(times) * 1e3:>9.3f} |", flush=True)


if __name__ == "__main__":
    main()
