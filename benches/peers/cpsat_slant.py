#!/usr/bin/env python3
"""Google OR-Tools CP-SAT, one worker, on Slant game IDs.

Reads files of Tatham Slant game IDs (``WxH[dD]:DESC``, one a line, ``#``
lines are comments; e.g. made by ``benches/peers/tatham_generate.sh slant``)
and for each puzzle, timed together: builds the natural CP-SAT model of the
rules, solves it with one search worker, then adds a clause forbidding the
found answer and solves again; the second solve must be infeasible (the
answer is unique). The answer is checked against the rules by a checker that
shares no code with the model (untimed). Prints one row per file: puzzles,
mean and worst milliseconds per puzzle (the fastest of ``--rounds`` runs).

The model: a Boolean per cell (true: ``\\``), a sum per corner clue, and the
no-loop rule as a forest with parent pointers, the way CP-SAT users write
acyclicity: every chosen diagonal is oriented (one of its corners is the
parent of the other), a corner has at most one parent, and an integer depth
per corner grows from parent to child, so a cycle of diagonals, which would
give each of its corners a parent on it, cannot be oriented.

Runs only on request, never in CI. See ``benches/peers/README.md``.

    pip install ortools
    python3 benches/peers/cpsat_slant.py FILE [FILE ...] [--rounds N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("this script needs OR-Tools: pip install ortools (see benches/peers/README.md)")


def parse(game_id: str) -> tuple[int, int, list[int | None]]:
    """Rows, columns and the corner clues (row-major, None: no clue)."""
    params, desc = game_id.split(":", 1)
    size = params.split("d")[0]
    w, _, h = size.partition("x")
    cols = int(w)
    rows = int(h) if h else cols
    clues: list[int | None] = []
    for ch in desc:
        if "a" <= ch <= "z":
            clues.extend([None] * (ord(ch) - ord("a") + 1))
        elif "0" <= ch <= "4":
            clues.append(int(ch))
        else:
            raise ValueError(f"{game_id}: bad character {ch!r}")
    if len(clues) != (rows + 1) * (cols + 1):
        raise ValueError(f"{game_id}: {len(clues)} corners")
    return rows, cols, clues


def around(rows: int, cols: int, i: int, j: int) -> list[tuple[int, bool]]:
    """The cells around corner (i, j), each with the diagonal touching it."""
    out = []
    if i > 0 and j > 0:
        out.append(((i - 1) * cols + j - 1, True))
    if i > 0 and j < cols:
        out.append(((i - 1) * cols + j, False))
    if i < rows and j > 0:
        out.append((i * cols + j - 1, False))
    if i < rows and j < cols:
        out.append((i * cols + j, True))
    return out


def ends(cols: int, cell: int, back: bool) -> tuple[int, int]:
    """The corners (row-major) a diagonal joins."""
    w = cols + 1
    r, c = divmod(cell, cols)
    if back:
        return r * w + c, (r + 1) * w + c + 1
    return r * w + c + 1, (r + 1) * w + c


def solve_twice(rows: int, cols: int, clues: list[int | None]) -> list[bool]:
    """The unique answer, proved unique by a second, infeasible solve."""
    m = cp_model.CpModel()
    n = (rows + 1) * (cols + 1)
    x = [m.new_bool_var(f"x{i}") for i in range(rows * cols)]
    for v, k in enumerate(clues):
        if k is None:
            continue
        i, j = divmod(v, cols + 1)
        m.add(sum(x[c] if b else x[c].Not() for c, b in around(rows, cols, i, j)) == k)
    depth = [m.new_int_var(0, n, f"d{v}") for v in range(n)]
    parents: list[list] = [[] for _ in range(n)]
    for c in range(rows * cols):
        for b in (True, False):
            chosen = x[c] if b else x[c].Not()
            a, z = ends(cols, c, b)
            up = m.new_bool_var("")  # a is z's parent
            down = m.new_bool_var("")  # z is a's parent
            m.add(up + down == 1).only_enforce_if(chosen)
            m.add(up + down == 0).only_enforce_if(chosen.Not())
            m.add(depth[z] >= depth[a] + 1).only_enforce_if(up)
            m.add(depth[a] >= depth[z] + 1).only_enforce_if(down)
            parents[z].append(up)
            parents[a].append(down)
    for p in parents:
        m.add_at_most_one(p)
    s = cp_model.CpSolver()
    s.parameters.num_search_workers = 1
    if s.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError("no solution")
    answer = [bool(s.value(v)) for v in x]
    m.add_bool_or([v.Not() if a else v for v, a in zip(x, answer)])
    if s.solve(m) != cp_model.INFEASIBLE:
        raise RuntimeError("a second solution")
    return answer


def check(rows: int, cols: int, clues: list[int | None], back: list[bool]) -> bool:
    """The rules, by union-find on the corners (no CP-SAT)."""
    for v, k in enumerate(clues):
        if k is None:
            continue
        i, j = divmod(v, cols + 1)
        if sum(back[c] == b for c, b in around(rows, cols, i, j)) != k:
            return False
    parent = list(range((rows + 1) * (cols + 1)))

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for c in range(rows * cols):
        a, z = (find(e) for e in ends(cols, c, back[c]))
        if a == z:
            return False
        parent[a] = z
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print("| file | puzzles | mean ms | worst ms |")
    print("|---|---|---|---|")
    for path in args.files:
        ids = [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
        times = []
        for game_id in ids:
            rows, cols, clues = parse(game_id)
            best = float("inf")
            for _ in range(args.rounds):
                t = time.perf_counter()
                answer = solve_twice(rows, cols, clues)
                best = min(best, time.perf_counter() - t)
            if not check(rows, cols, clues, answer):
                sys.exit(f"{game_id}: the answer breaks the rules")
            times.append(best * 1000)
        print(f"| {path.name} | {len(times)} | {sum(times) / len(times):.2f} | {max(times):.2f} |")


if __name__ == "__main__":
    main()
