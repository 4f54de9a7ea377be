#!/usr/bin/env python3
"""Google OR-Tools CP-SAT, one worker, on Bridges (Hashi) game IDs.

Reads files of Tatham Bridges game IDs (``WxH[i..][e..][m..][d..]:DESC``, one
a line, ``#`` lines are comments; e.g. ``benches/data/bridges``, made by
``benches/peers/tatham_generate.sh bridges``) and for each puzzle, timed
together: builds the natural CP-SAT model of the rules, solves it with one
search worker, then adds a clause forbidding the found answer and solves
again; the second solve must be infeasible (the answer is unique). The
answer is checked against the rules by a checker that shares no code with
the model (untimed). Prints one row per file: puzzles, mean and worst
milliseconds per puzzle (the fastest of ``--rounds`` runs). The gridcsp side
is ``crates/csp-core/examples/bridges.rs`` (its "model + unique" column).

The model: an integer ``0..=m`` per pair of islands in line with only water
between, a Boolean "present" tied to it being above 0, the island numbers as
sums, a clause per crossing pair, and connectivity as a single-commodity
flow, the way CP-SAT users write it: island 0 sends one unit to every other
island, along present bridges only (capacity ``n - 1`` each way).

Runs only on request, never in CI. See ``benches/peers/README.md``.

    pip install ortools
    python3 benches/peers/cpsat_bridges.py FILE [FILE ...] [--rounds N]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("this script needs OR-Tools: pip install ortools (see benches/peers/README.md)")

Island = tuple[int, int, int]  # row, column, number


def parse(game_id: str) -> tuple[list[Island], int]:
    """The islands (row-major) and the most bridges between two islands."""
    params, desc = game_id.split(":", 1)
    found = re.match(r"(\d+)(?:x(\d+))?", params)
    if not found:
        raise ValueError(f"{game_id}: bad parameters")
    cols = int(found.group(1))
    rows = int(found.group(2) or cols)
    if "L" in params:
        raise ValueError(f"{game_id}: no-loop puzzles are not modelled")
    most = re.search(r"m(\d+)", params)
    maxb = int(most.group(1)) if most else 2
    islands: list[Island] = []
    cell = 0
    for ch in desc:
        if "a" <= ch <= "z":
            cell += ord(ch) - ord("a") + 1
        elif "1" <= ch <= "9" or "A" <= ch <= "G":
            k = int(ch) if ch.isdigit() else ord(ch) - ord("A") + 10
            islands.append((cell // cols, cell % cols, k))
            cell += 1
        else:
            raise ValueError(f"{game_id}: bad character {ch!r}")
    if cell != rows * cols:
        raise ValueError(f"{game_id}: {cell} cells")
    return islands, maxb


def pairs_of(islands: list[Island]) -> list[tuple[int, int]]:
    """Each island with the nearest one to its right and below."""
    out = []
    for i, (r, c, _) in enumerate(islands):
        right = [j for j, (r2, c2, _) in enumerate(islands) if r2 == r and c2 > c]
        below = [j for j, (r2, c2, _) in enumerate(islands) if c2 == c and r2 > r]
        if right:
            out.append((i, min(right, key=lambda j: islands[j][1])))
        if below:
            out.append((i, min(below, key=lambda j: islands[j][0])))
    return out


def crossings(islands: list[Island], pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs of bridges (a horizontal one, a vertical one) that cross."""
    out = []
    for e, (a, b) in enumerate(pairs):
        if islands[a][0] != islands[b][0]:
            continue
        row, c1, c2 = islands[a][0], islands[a][1], islands[b][1]
        for f, (p, q) in enumerate(pairs):
            col, r1, r2 = islands[p][1], islands[p][0], islands[q][0]
            if islands[p][1] == islands[q][1] and r1 < row < r2 and c1 < col < c2:
                out.append((e, f))
    return out


def solve_twice(islands: list[Island], maxb: int) -> list[int]:
    """The unique answer (bridges per pair), proved unique by a second solve."""
    n = len(islands)
    pairs = pairs_of(islands)
    m = cp_model.CpModel()
    x = [m.new_int_var(0, maxb, f"x{e}") for e in range(len(pairs))]
    present = [m.new_bool_var(f"p{e}") for e in range(len(pairs))]
    for v, p in zip(x, present):
        m.add(v >= 1).only_enforce_if(p)
        m.add(v == 0).only_enforce_if(p.Not())
    for i, (_, _, k) in enumerate(islands):
        m.add(sum(x[e] for e, (a, b) in enumerate(pairs) if i in (a, b)) == k)
    for e, f in crossings(islands, pairs):
        m.add_bool_or([present[e].Not(), present[f].Not()])
    # Flow: one unit from island 0 to each other island.
    inflow: list[list] = [[] for _ in range(n)]
    outflow: list[list] = [[] for _ in range(n)]
    for e, (a, b) in enumerate(pairs):
        for s, t in ((a, b), (b, a)):
            f = m.new_int_var(0, n - 1, "")
            m.add(f <= (n - 1) * present[e])
            outflow[s].append(f)
            inflow[t].append(f)
    for i in range(n):
        m.add(sum(outflow[i]) - sum(inflow[i]) == (n - 1 if i == 0 else -1))
    s = cp_model.CpSolver()
    s.parameters.num_search_workers = 1
    if s.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError("no solution")
    answer = [s.value(v) for v in x]
    differs = []
    for v, a in zip(x, answer):
        d = m.new_bool_var("")
        m.add(v != a).only_enforce_if(d)
        differs.append(d)
    m.add_bool_or(differs)
    if s.solve(m) != cp_model.INFEASIBLE:
        raise RuntimeError("a second solution")
    return answer


def check(islands: list[Island], maxb: int, answer: list[int]) -> bool:
    """The rules, by sums and union-find (no CP-SAT)."""
    pairs = pairs_of(islands)
    if any(not 0 <= v <= maxb for v in answer):
        return False
    for i, (_, _, k) in enumerate(islands):
        if sum(v for v, (a, b) in zip(answer, pairs) if i in (a, b)) != k:
            return False
    if any(answer[e] and answer[f] for e, f in crossings(islands, pairs)):
        return False
    parent = list(range(len(islands)))

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for v, (a, b) in zip(answer, pairs):
        if v:
            parent[find(a)] = find(b)
    return len({find(i) for i in range(len(islands))}) == 1


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
            islands, maxb = parse(game_id)
            best = float("inf")
            for _ in range(args.rounds):
                t = time.perf_counter()
                answer = solve_twice(islands, maxb)
                best = min(best, time.perf_counter() - t)
            if not check(islands, maxb, answer):
                sys.exit(f"{game_id}: the answer breaks the rules")
            times.append(best * 1000)
        print(f"| {path.name} | {len(times)} | {sum(times) / len(times):.2f} | {max(times):.2f} |")


if __name__ == "__main__":
    main()
