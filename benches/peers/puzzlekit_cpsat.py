#!/usr/bin/env python3
"""A second opinion on puzzlekit puzzles gridcsp calls "not unique": CP-SAT.

Reads the `--json-out` file of `puzzlekit_check.py`, takes every puzzle of
the families below whose count was not 1, and counts its solutions (up to
two) with an independent CP-SAT model of the published rules, once as
written and, for the Sudoku families, once more with both main diagonals
holding every digit (janko.at's "X" variants, which the dataset's layout
does not mark). A row per puzzle: gridcsp's count, CP-SAT's, CP-SAT's with
diagonals.

    benches/peers/puzzlekit_check.py DATA killer-sudoku jigsaw-sudoku kakuro \\
        norinori --json-out run.json
    ~/peers-venv/bin/python benches/peers/puzzlekit_cpsat.py DATA run.json

Needs `ortools` (benches/peers/README.md, "CP-SAT"). Run on request,
never in CI.
"""

import ast
import json
import sys

from ortools.sat.python import cp_model

GENRE = {"killer-sudoku": "KillerSudoku", "jigsaw-sudoku": "JigsawSudoku",
         "kakuro": "Kakuro", "norinori": "Norinori"}


def grid(text):
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    rows, cols = int(lines[0][0]), int(lines[0][1])
    return rows, cols, lines[1:]


def latin(m, n, diagonals):
    x = [[m.NewIntVar(1, n, "") for _ in range(n)] for _ in range(n)]
    for i in range(n):
        m.AddAllDifferent(x[i])
        m.AddAllDifferent([x[r][i] for r in range(n)])
    if diagonals:
        m.AddAllDifferent([x[i][i] for i in range(n)])
        m.AddAllDifferent([x[i][n - 1 - i] for i in range(n)])
    return x


def groups(labels, n):
    out = {}
    for r in range(n):
        for c in range(n):
            out.setdefault(labels[r][c], []).append((r, c))
    return out.values()


def killer(m, text, diagonals):
    n, _, rows = grid(text)
    clues, labels = rows[:n], rows[n:2 * n]
    x = latin(m, n, diagonals)
    box = int(n ** 0.5)
    for br in range(0, n, box):
        for bc in range(0, n, box):
            m.AddAllDifferent([x[r][c] for r in range(br, br + box) for c in range(bc, bc + box)])
    for cells in groups(labels, n):
        total = [int(clues[r][c]) for r, c in cells if clues[r][c] not in "-."]
        m.Add(sum(x[r][c] for r, c in cells) == total[0])
        m.AddAllDifferent([x[r][c] for r, c in cells])


def jigsaw(m, text, diagonals):
    n, _, rows = grid(text)
    givens, labels = rows[:n], rows[n:2 * n]
    x = latin(m, n, diagonals)
    for r in range(n):
        for c in range(n):
            if givens[r][c] not in "-.":
                m.Add(x[r][c] == int(givens[r][c], 36))
    for cells in groups(labels, n):
        m.AddAllDifferent([x[r][c] for r, c in cells])


def kakuro(m, text, _diagonals):
    rows, cols, g = grid(text)
    x = {(r, c): m.NewIntVar(1, 9, "") for r in range(rows) for c in range(cols) if g[r][c] == "0"}
    for r in range(rows):
        for c in range(cols):
            if "," not in g[r][c]:
                continue
            for total, (dr, dc) in zip(g[r][c].split(","), ((1, 0), (0, 1))):
                if total:
                    run, (rr, cc) = [], (r + dr, c + dc)
                    while (rr, cc) in x:
                        run.append(x[rr, cc])
                        rr, cc = rr + dr, cc + dc
                    m.Add(sum(run) == int(total))
                    m.AddAllDifferent(run)


def norinori(m, text, _diagonals):
    rows, cols, g = grid(text)
    x = {(r, c): m.NewBoolVar("") for r in range(rows) for c in range(cols)}
    regions = {}
    for (r, c), v in x.items():
        regions.setdefault(g[r][c], []).append(v)
        near = [x[q] for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if q in x]
        m.Add(sum(near) == 1).OnlyEnforceIf(v)
    for cells in regions.values():
        m.Add(sum(cells) == 2)


MODELS = {"killer-sudoku": killer, "jigsaw-sudoku": jigsaw, "kakuro": kakuro, "norinori": norinori}


class Stop2(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__()
        self.count = 0

    def on_solution_callback(self):
        self.count += 1
        if self.count >= 2:
            self.StopSearch()


def count(family, text, diagonals=False):
    m = cp_model.CpModel()
    MODELS[family](m, text, diagonals)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    cb = Stop2()
    solver.Solve(m, cb)
    return cb.count


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    data_dir, run = sys.argv[1], sys.argv[2]
    cache = {}
    print("| family | puzzle | gridcsp | CP-SAT | CP-SAT, diagonals |\n|---|---|---:|---:|---:|")
    for r in json.load(open(run, encoding="utf-8")):
        family = r.get("family")
        if family not in MODELS or r.get("count") in (None, 1):
            continue
        genre = GENRE[family]
        if genre not in cache:
            with open(f"{data_dir}/{genre}/{genre}_dataset.json", encoding="utf-8") as f:
                data = json.load(f)["data"]
            cache[genre] = ast.literal_eval(data) if isinstance(data, str) else data
        text = cache[genre][r["name"]]["problem"]
        diag = count(family, text, True) if family.endswith("sudoku") else "-"
        print(f"| {family} | {r['name']} | {r['count']} | {count(family, text)} | {diag} |", flush=True)


if __name__ == "__main__":
    main()
