#!/usr/bin/env python3
"""Google OR-Tools CP-SAT, one worker, on the puzzles of gridcsp's loops bench.

Reads every ``benches/data/loops/<family>_<size>_<level>.txt`` (Hitori,
Slitherlink and Masyu as Tatham's Singles, Loopy and Pearl game IDs, one a
line, ``#`` lines are comments), the very files ``cargo bench --bench loops``
reads, and for each puzzle, timed together: builds the natural CP-SAT model
of the family's rules, solves it with one search worker, then adds a clause
forbidding the found answer and solves again; the second solve must be
infeasible (the answer is unique). The answer is checked against the rules
by a checker that shares no code with the model (untimed). Prints one row per
file: puzzles, mean and worst milliseconds per puzzle (the fastest of
``--rounds`` runs of each puzzle, default 3 as the Rust bench).

The global rules are modelled the way CP-SAT users do:

* a single loop (Slitherlink over the corners of the cells, Masyu through
  the cells' centres) is ``add_circuit`` over both directions of every edge,
  with a self-loop literal per vertex the loop may skip;
* Hitori's "the unshaded cells are connected" is added lazily: solve, and
  while the unshaded cells fall apart, add for one cell ``a`` of a piece
  ``C`` and one unshaded cell ``b`` beyond it the vertex-separator cut
  "``a`` shaded, or ``b`` shaded, or some shaded neighbour of ``C``
  unshaded", and solve again. CP-SAT is not incremental: each round is a
  fresh solve of the grown model, and each is counted in the time.

Runs only on request, never in CI. See ``benches/peers/README.md``.

    pip install ortools
    python3 benches/peers/cpsat_loops.py [FILTER ...] [--rounds N]
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

DEFAULT_DATA = Path(__file__).resolve().parent.parent / "data" / "loops"

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class FormatError(ValueError):
    """A line that is not a game ID of its family."""


def records(text: str) -> list[str]:
    """The records of a file: its non-empty, non-comment lines."""
    return [line.strip() for line in text.split("\n") if line.strip() and not line.strip().startswith("#")]


def id_size(game_id: str) -> tuple[int, int, str]:
    """Rows, columns and description of a Tatham game ID ``WxH...:DESC``."""
    params, sep, desc = game_id.partition(":")
    if not sep:
        raise FormatError(f"{game_id!r}: expected PARAMS:DESC")
    w = ""
    i = 0
    while i < len(params) and params[i].isdigit():
        w += params[i]
        i += 1
    h = w
    if i < len(params) and params[i] == "x":
        i += 1
        h = ""
        while i < len(params) and params[i].isdigit():
            h += params[i]
            i += 1
    if not w or not h:
        raise FormatError(f"{game_id!r}: expected a size WxH")
    return int(h), int(w), desc


def runs(desc: str, rows: int, cols: int, symbol) -> list[list]:
    """Cells of a description where ``a``-``z`` are runs of empty cells."""
    cells: list = []
    for ch in desc:
        if "a" <= ch <= "z":
            cells.extend([None] * (ord(ch) - ord("a") + 1))
        else:
            cells.append(symbol(ch))
    if len(cells) != rows * cols:
        raise FormatError(f"the description covers {len(cells)} of {rows * cols} cells")
    return [cells[r * cols:(r + 1) * cols] for r in range(rows)]


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


def loop_check(vertices: set, edges: set) -> None:
    """The edges form one simple cycle through exactly ``vertices``."""
    degree: dict = {}
    for a, b in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    assert edges, "no loop"
    assert all(d == 2 for d in degree.values()), "a point of degree other than 2"
    assert set(degree) == vertices, "the loop's points"
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = next(iter(degree))
    seen = {start}
    todo = [start]
    while todo:
        v = todo.pop()
        for u in adj[v]:
            if u not in seen:
                seen.add(u)
                todo.append(u)
    assert seen == set(degree), "more than one loop"


# ---------------------------------------------------------------------------
# Hitori (Singles): `WxH[dD]:` one character per cell, 1-9 then a-z, A-Z.
# ---------------------------------------------------------------------------


def hitori_parse(game_id: str):
    rows, cols, desc = id_size(game_id)

    def number(ch: str) -> int:
        if ch.isdigit():
            return int(ch)
        if "a" <= ch <= "z":
            return ord(ch) - ord("a") + 10
        if "A" <= ch <= "Z":
            return ord(ch) - ord("A") + 36
        raise FormatError(f"bad number {ch!r}")

    if len(desc) != rows * cols:
        raise FormatError(f"the description covers {len(desc)} of {rows * cols} cells")
    return rows, cols, [[number(desc[r * cols + c]) for c in range(cols)] for r in range(rows)]


def neighbours(r, c, rows, cols):
    return [(r + dr, c + dc) for dr, dc in DIRS if 0 <= r + dr < rows and 0 <= c + dc < cols]


def pieces(cells: set, rows: int, cols: int) -> list[set]:
    """The orthogonally connected pieces of ``cells``."""
    out: list[set] = []
    left = set(cells)
    while left:
        start = left.pop()
        piece = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for x in neighbours(r, c, rows, cols):
                if x in left:
                    left.discard(x)
                    piece.add(x)
                    todo.append(x)
        out.append(piece)
    return out


def hitori_solve(p) -> set:
    rows, cols, g = p
    m = cp_model.CpModel()
    s = {(r, c): m.new_bool_var(f"s{r}_{c}") for r in range(rows) for c in range(cols)}
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        by_value: dict = {}
        for x in line:
            by_value.setdefault(g[x[0]][x[1]], []).append(x)
        for same in by_value.values():
            if len(same) > 1:
                m.add_at_most_one([s[x].Not() for x in same])
    for (r, c), x in s.items():
        for y in ((r + 1, c), (r, c + 1)):
            if y in s:
                m.add_bool_or([x.Not(), s[y].Not()])
    keys = list(s)

    def connected_solution(model) -> list[int] | None:
        """Solves with lazily added cuts until the unshaded cells connect."""
        while True:
            sv = solver()
            status = sv.solve(model)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return None
            values = [int(sv.boolean_value(s[x])) for x in keys]
            white = {x for x, v in zip(keys, values) if not v}
            parts = pieces(white, rows, cols)
            if len(parts) == 1:
                return values
            for piece in parts:
                border = {y for x in piece for y in neighbours(*x, rows, cols) if y not in piece}
                a = next(iter(piece))
                b = next(iter(white - piece))
                model.add_bool_or([s[a], s[b]] + [s[y].Not() for y in border])

    values = connected_solution(m)
    if values is None:
        raise AssertionError("no solution")
    m.add_bool_or([s[x].Not() if v else s[x] for x, v in zip(keys, values)])
    if connected_solution(m) is not None:
        raise AssertionError("a second solution")
    return {x for x, v in zip(keys, values) if v}


def hitori_check(p, shaded) -> None:
    rows, cols, g = p
    for r in range(rows):
        seen = [g[r][c] for c in range(cols) if (r, c) not in shaded]
        assert len(seen) == len(set(seen)), f"row {r} repeats a number"
    for c in range(cols):
        seen = [g[r][c] for r in range(rows) if (r, c) not in shaded]
        assert len(seen) == len(set(seen)), f"column {c} repeats a number"
    for r, c in shaded:
        assert not any(y in shaded for y in neighbours(r, c, rows, cols)), f"shaded cells touch at {r},{c}"
    white = {(r, c) for r in range(rows) for c in range(cols)} - set(shaded)
    assert len(pieces(white, rows, cols)) == 1, "the unshaded cells are not connected"


# ---------------------------------------------------------------------------
# Slitherlink (Loopy, square grid): `WxHt0[dD]:` clues 0-4, a-z empty runs.
# ---------------------------------------------------------------------------


def slitherlink_parse(game_id: str):
    rows, cols, desc = id_size(game_id)
    return rows, cols, runs(desc, rows, cols, int)


def slitherlink_edges(rows, cols):
    """The sides of the cells as pairs of corner points ``(r, c)``."""
    edges = [((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(cols)]
    edges += [((r, c), (r + 1, c)) for r in range(rows) for c in range(cols + 1)]
    return edges


def cell_sides(r, c):
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]


def circuit(m: cp_model.CpModel, points: list, edges: list, must_visit=()) -> dict:
    """One loop over ``edges``: ``add_circuit`` with both arcs of each edge
    and a self-loop for every point not in ``must_visit``; returns the 0/1
    literal of each edge."""
    index = {v: i for i, v in enumerate(points)}
    arcs = []
    lit = {}
    for a, b in edges:
        f = m.new_bool_var("")
        r = m.new_bool_var("")
        arcs.append((index[a], index[b], f))
        arcs.append((index[b], index[a], r))
        e = m.new_bool_var("")
        m.add(e == f + r)
        lit[(a, b)] = e
    visit = set(must_visit)
    for v, i in index.items():
        if v not in visit:
            arcs.append((i, i, m.new_bool_var("")))
    m.add_circuit(arcs)
    return lit


def slitherlink_solve(p) -> set:
    rows, cols, g = p
    m = cp_model.CpModel()
    points = [(r, c) for r in range(rows + 1) for c in range(cols + 1)]
    edges = slitherlink_edges(rows, cols)
    lit = circuit(m, points, edges)
    for r in range(rows):
        for c in range(cols):
            if g[r][c] is not None:
                m.add(sum(lit[e] for e in cell_sides(r, c)) == g[r][c])
    values = solve_unique(m, [lit[e] for e in edges])
    return {e for e, v in zip(edges, values) if v}


def slitherlink_check(p, loop) -> None:
    rows, cols, g = p
    points = {v for e in loop for v in e}
    loop_check(points, set(loop))
    for r in range(rows):
        for c in range(cols):
            if g[r][c] is not None:
                assert sum(e in loop for e in cell_sides(r, c)) == g[r][c], f"the clue at {r},{c}"


# ---------------------------------------------------------------------------
# Masyu (Pearl): `WxH[dD]:` `B` black, `W` white pearls, a-z empty runs.
# ---------------------------------------------------------------------------


def masyu_parse(game_id: str):
    rows, cols, desc = id_size(game_id)

    def pearl(ch: str) -> str:
        if ch not in "BW":
            raise FormatError(f"bad pearl {ch!r}")
        return ch

    return rows, cols, runs(desc, rows, cols, pearl)


def masyu_solve(p) -> set:
    rows, cols, g = p
    m = cp_model.CpModel()
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    edges = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    pearls = [(r, c) for r, c in cells if g[r][c] is not None]
    lit = circuit(m, cells, edges, pearls)
    false = m.new_constant(0)

    def e(a, d):
        """The literal of the edge from ``a`` one step in direction ``d``."""
        b = (a[0] + d[0], a[1] + d[1])
        if (a, b) in lit:
            return lit[(a, b)]
        if (b, a) in lit:
            return lit[(b, a)]
        return false

    def step(a, d):
        return (a[0] + d[0], a[1] + d[1])

    n, s_, w, e_ = DIRS
    for x in pearls:
        if g[x[0]][x[1]] == "B":
            # A turn here, and straight on through the next cell both ways.
            m.add_bool_or([e(x, n).Not(), e(x, s_).Not()])
            m.add_bool_or([e(x, w).Not(), e(x, e_).Not()])
            for d in DIRS:
                m.add_implication(e(x, d), e(step(x, d), d))
        else:
            # Straight through here, and a turn in at least one next cell.
            vertical = m.new_bool_var("")
            m.add_implication(vertical, e(x, n))
            m.add_implication(vertical, e(x, s_))
            m.add_implication(vertical.Not(), e(x, w))
            m.add_implication(vertical.Not(), e(x, e_))
            m.add_bool_or([vertical.Not(), e(step(x, n), n).Not(), e(step(x, s_), s_).Not()])
            m.add_bool_or([vertical, e(step(x, w), w).Not(), e(step(x, e_), e_).Not()])
    values = solve_unique(m, [lit[x] for x in edges])
    return {x for x, v in zip(edges, values) if v}


def masyu_check(p, loop) -> None:
    rows, cols, g = p
    points = {v for x in loop for v in x}
    loop_check(points, set(loop))

    def on(a, b):
        return (a, b) in loop or (b, a) in loop

    for r in range(rows):
        for c in range(cols):
            if g[r][c] is None:
                continue
            x = (r, c)
            assert x in points, f"the pearl at {r},{c} is off the loop"
            ways = [d for d in DIRS if on(x, (r + d[0], c + d[1]))]
            straight = ways[0][0] == -ways[1][0] and ways[0][1] == -ways[1][1]
            if g[r][c] == "B":
                assert not straight, f"no turn on the black pearl at {r},{c}"
                for d in ways:
                    y = (r + d[0], c + d[1])
                    assert on(y, (y[0] + d[0], y[1] + d[1])), f"the black pearl at {r},{c}: not straight on"
            else:
                assert straight, f"a turn on the white pearl at {r},{c}"
                turns = 0
                for d in ways:
                    y = (r + d[0], c + d[1])
                    turns += not on(y, (y[0] + d[0], y[1] + d[1]))
                assert turns > 0, f"the white pearl at {r},{c}: no turn next to it"


FAMILIES = {
    "hitori": (hitori_parse, hitori_solve, hitori_check),
    "slitherlink": (slitherlink_parse, slitherlink_solve, slitherlink_check),
    "masyu": (masyu_parse, masyu_solve, masyu_check),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("filter", nargs="*", help="only files whose name contains one of these")
    ap.add_argument("--rounds", type=int, default=3, help="runs per puzzle, the fastest kept")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = ap.parse_args()
    files = sorted(p for p in args.data.glob("*.txt") if not args.filter or any(f in p.name for f in args.filter))
    print(f"# OR-Tools {ortools.__version__}, CP-SAT, num_workers = 1, best of {args.rounds}")
    print(f"| {'file':<26} | {'puzzles':>7} | {'mean ms':>9} | {'worst ms':>9} |")
    print(f"|{'':-<28}|{'':->9}|{'':->11}|{'':->11}|")
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
            print(f"| {path.stem:<26} | {len(times):>7} | {mean:>9.3f} | {max(times) * 1e3:>9.3f} |", flush=True)


if __name__ == "__main__":
    main()
