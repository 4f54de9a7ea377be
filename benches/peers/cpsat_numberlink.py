#!/usr/bin/env python3
"""CP-SAT (one worker) on janko.at's Numberlink (Arukone), beside gridcsp.

The model a SAT user would write: per cell a one-hot colour (0 = empty,
k = the path of pair k), per grid edge a 0/1 line, a number's cell has
one line and its own colour, any other cell two lines or none, and a
line joins two cells of one colour. Closed loops are not forbidden in
the model (that needs a flow or a cut per pair); an answer with a loop
is repaired afterwards (the loop's cells left empty, which janko.at's
rules allow) and the loop forbidden by a clause before asking again,
so the verdict is exact: "unique" when no second set of lines exists.

    ~/peers-venv/bin/python benches/peers/cpsat_numberlink.py \\
        DATA/NumberLink/NumberLink_dataset.json [--time-limit 10] [--first N]

Prints one line per puzzle (index, size, verdict, seconds) and a summary.
Needs `ortools` (benches/peers/README.md, "CP-SAT"). Run on request,
never in CI.
"""

import argparse
import json
import time

from ortools.sat.python import cp_model


def parse(text):
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    rows, cols = int(lines[0][0]), int(lines[0][1])
    grid = lines[1:1 + rows]
    if len(grid) != rows or any(len(r) != cols for r in grid):
        raise ValueError("bad grid")
    return rows, cols, grid


def components(n, chosen):
    """Vertex sets of the components of the chosen edges (with an edge)."""
    parent = list(range(n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for (u, v) in chosen:
        parent[find(u)] = find(v)
    groups = {}
    for (u, v) in chosen:
        groups.setdefault(find(u), set()).update((u, v))
    return list(groups.values())


def solve(text, limit):
    rows, cols, grid = parse(text)
    n = rows * cols
    numbers = {}
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != "-":
                numbers.setdefault(grid[r][c], []).append(r * cols + c)
    pairs = list(numbers.values())
    if any(len(p) != 2 for p in pairs):
        return "unread"
    k = len(pairs)
    clue = {v: i + 1 for i, p in enumerate(pairs) for v in p}
    m = cp_model.CpModel()
    edges = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                edges.append((r * cols + c, r * cols + c + 1))
            if r + 1 < rows:
                edges.append((r * cols + c, (r + 1) * cols + c))
    e = [m.NewBoolVar("") for _ in edges]
    x = [[m.NewBoolVar("") for _ in range(k + 1)] for _ in range(n)]
    at = [[] for _ in range(n)]
    for i, (u, v) in enumerate(edges):
        at[u].append(e[i])
        at[v].append(e[i])
        for col in range(k + 1):
            m.Add(x[u][col] == x[v][col]).OnlyEnforceIf(e[i])
        m.AddImplication(e[i], x[u][0].Not())
    for v in range(n):
        m.AddExactlyOne(x[v])
        if v in clue:
            m.Add(x[v][clue[v]] == 1)
            m.Add(sum(at[v]) == 1)
        else:
            m.Add(sum(at[v]) == 2).OnlyEnforceIf(x[v][0].Not())
            m.Add(sum(at[v]) == 0).OnlyEnforceIf(x[v][0])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    start = time.perf_counter()
    found = []
    while True:
        left = limit - (time.perf_counter() - start)
        if left <= 0:
            return "limit"
        solver.parameters.max_time_in_seconds = left
        status = solver.Solve(m)
        if status == cp_model.INFEASIBLE:
            return ["none", "unique"][min(len(found), 1)]
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "limit"
        chosen = [edges[i] for i in range(len(edges)) if solver.Value(e[i])]
        loops = [g for g in components(n, chosen) if not any(v in clue for v in g)]
        index = {ed: i for i, ed in enumerate(edges)}
        for g in loops:
            # Forbid this loop: not all of its edges together.
            m.AddBoolOr([e[index[ed]].Not() for ed in chosen if ed[0] in g])
        kept = frozenset(ed for ed in chosen if not any(ed[0] in g for g in loops))
        if kept not in found:
            found.append(kept)
            if len(found) == 2:
                return "multiple"
            # Ask for any other set of lines.
            m.AddBoolOr([e[index[ed]].Not() for ed in kept]
                        + [e[i] for i in range(len(edges)) if edges[i] not in kept])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--first", type=int, default=None)
    ap.add_argument("--only", type=str, default=None,
                    help="comma-separated 0-based indices")
    args = ap.parse_args()
    data = list(json.load(open(args.dataset))["data"].values())
    indices = range(len(data))
    if args.only:
        indices = [int(i) for i in args.only.split(",")]
    elif args.first:
        indices = range(min(args.first, len(data)))
    tally, total, worst = {}, 0.0, 0.0
    for i in indices:
        text = data[i]["problem"]
        start = time.perf_counter()
        try:
            verdict = solve(text, args.time_limit)
        except ValueError:
            verdict = "unread"
        t = time.perf_counter() - start
        total += t
        worst = max(worst, t)
        tally[verdict] = tally.get(verdict, 0) + 1
        size = text.split("\n", 1)[0]
        print(f"{i}\t{size}\t{verdict}\t{t:.3f}", flush=True)
    print(f"# {sum(tally.values())} puzzles: {tally}; total {total:.1f} s, worst {worst:.2f} s")


if __name__ == "__main__":
    main()
