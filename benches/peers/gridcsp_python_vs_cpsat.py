#!/usr/bin/env python3
"""gridcsp's Python package against OR-Tools CP-SAT (one worker), from Python.

The models a new user writes in Python for CP-SAT (Kakuro, Star Battle,
Nonogram, Killer Sudoku, KenKen, SEND+MORE=MONEY, 4x4 magic squares: the
instances and CP-SAT models of ``cpsat_catalogue.py``, imported from it)
rewritten on ``gridcsp.Model`` (searched with dom/wdeg, as the Rust
catalogue bench searches them), both timed the same way from Python: the
model is built in Python and searched, every call included.

- Solve models: the time to build and find the solution (``solve``), and
  to build, find it and prove it unique (``+proof``): CP-SAT solves, then
  solves again with the solution forbidden (``cpsat_catalogue.run_solve``);
  gridcsp calls ``Solver.uniqueness()``, one search for two solutions.
- The same instances through the family API where the family reads the
  catalogue's file as it is (``gridcsp.parse(family, text)``, then
  ``solve()``; ``+proof`` adds ``is_unique()``): rows marked ``(family)``.
- Counting models: the time to build and collect every solution in Python
  (CP-SAT through a solution callback, gridcsp through
  ``Solver.solutions()``).

Every solution of both is checked with ``cpsat_catalogue``'s rule checkers
(untimed), and both must agree on the number of solutions. Times are the
best of ``--repeat`` runs; ``cpu`` is ``time.process_time`` over the same
span (the better measure on a loaded machine).

Runs only on request, never in CI. Needs both packages in one venv::

    python3 -m venv ~/peers-venv
    ~/peers-venv/bin/pip install ortools ./crates/python
    ~/peers-venv/bin/python benches/peers/gridcsp_python_vs_cpsat.py [--repeat 3] [--only kakuro]
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cpsat_catalogue as cat  # noqa: E402  (exits with a message without OR-Tools)

try:
    import gridcsp
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("this script needs the gridcsp package: pip install ./crates/python")


# ---------------------------------------------------------------------------
# The same models on gridcsp. Each returns (model, variables, decode), as
# cpsat_catalogue's builders do.
# ---------------------------------------------------------------------------


def g_kakuro(p: cat.Kakuro):
    m = gridcsp.Model()
    mask = [[cell == 0 for cell in row] for row in p.cells]
    grid = gridcsp.Grid(m, p.rows, p.cols, range(1, 10), mask=mask)
    for r in range(p.rows):
        for c in range(p.cols):
            clue = p.cells[r][c]
            if not isinstance(clue, tuple):
                continue
            for total, (dr, dc) in zip(clue, ((1, 0), (0, 1))):
                if total is None:
                    continue
                run, rr, cc = [], r + dr, c + dc
                while rr < p.rows and cc < p.cols and grid.get(rr, cc) is not None:
                    run.append(grid[rr, cc])
                    rr, cc = rr + dr, cc + dc
                m.all_different_sum(run, total)
    cells = grid.cells()
    where = [grid.position(v) for v in cells]
    return m, cells, cat._grid_decoder(p.rows, p.cols, where)


def g_nonogram(p: cat.Nonogram):
    m = gridcsp.Model()
    grid = gridcsp.Grid(m, p.rows, p.cols, range(2))
    for r in range(p.rows):
        m.nonogram_line(grid.row(r), p.row_clues[r])
    for c in range(p.cols):
        m.nonogram_line(grid.column(c), p.col_clues[c])
    return m, grid.cells(), _rows_of(p.rows, p.cols)


def g_star_battle(p: cat.StarBattle):
    m = gridcsp.Model()
    grid = gridcsp.Grid(m, p.rows, p.cols, range(2))
    for line in grid.lines():
        m.exactly(line, 1, p.stars)
    labels = [p.regions[r][c] for r in range(p.rows) for c in range(p.cols)]
    for region in grid.regions(labels):
        m.exactly(region, 1, p.stars)
    for window in grid.windows(2, 2):
        m.at_most_one(window)
    return m, grid.cells(), _rows_of(p.rows, p.cols)


def _latin(m, n):
    grid = gridcsp.Grid(m, n, n, range(1, n + 1))
    for line in grid.lines():
        m.all_different(line)
    return grid


def g_killer(p: cat.CagePuzzle):
    m = gridcsp.Model()
    grid = _latin(m, p.n)
    box = math.isqrt(p.n)
    for b in grid.boxes(box, box):
        m.all_different(b)
    for label, (total, _) in p.cages.items():
        m.all_different_sum(grid.group(p.cells(label)), total)
    return m, grid.cells(), _rows_of(p.n, p.n)


def g_kenken(p: cat.CagePuzzle):
    m = gridcsp.Model()
    grid = _latin(m, p.n)
    for label, (target, op) in p.cages.items():
        cells = grid.group(p.cells(label))
        if op == "+":
            m.sum_eq(cells, target)
        elif op == "x":
            m.product(cells, target)
        elif op == "-":
            m.difference(cells[0], cells[1], target)
        elif op == "/":
            m.quotient(cells[0], cells[1], target)
        else:
            m.fix(cells[0], target)
    return m, grid.cells(), _rows_of(p.n, p.n)


def g_send_more():
    m = gridcsp.Model()
    v = {ch: m.new_var(range(10), name=ch) for ch in cat.SEND_MORE_LETTERS}
    m.all_different(list(v.values()))
    m.remove_value(v["S"], 0)
    m.remove_value(v["M"], 0)

    def word(w, sign):
        return [(sign * 10 ** (len(w) - 1 - i), v[ch]) for i, ch in enumerate(w)]

    m.linear(word("SEND", 1) + word("MORE", 1) + word("MONEY", -1), "==", 0)
    variables = [v[ch] for ch in cat.SEND_MORE_LETTERS]
    return m, variables, lambda values: dict(zip(cat.SEND_MORE_LETTERS, values))


def g_magic_square(n: int):
    m = gridcsp.Model()
    grid = gridcsp.Grid(m, n, n, range(1, n * n + 1))
    magic = n * (n * n + 1) // 2
    m.all_different(grid)
    for line in grid.lines() + [grid.diagonal(), grid.anti_diagonal()]:
        m.sum_eq(line, magic)
    return m, grid.cells(), _rows_of(n, n)


def _rows_of(rows, cols):
    def decode(values):
        return [list(values[r * cols:(r + 1) * cols]) for r in range(rows)]

    return decode


GRIDCSP = {
    "kakuro": lambda p: g_kakuro(p),
    "nonogram": lambda p: g_nonogram(p),
    "star_battle": lambda p: g_star_battle(p),
    "killer_sudoku": lambda p: g_killer(p),
    "kenken": lambda p: g_kenken(p),
}


def instances(data: Path):
    """(name, kind, CP-SAT instance, gridcsp builder, checker) per model."""
    found = []
    for inst in cat.discover(data):
        if inst.name == "send_more_money":
            found.append((inst.name, inst.kind, inst, g_send_more))
        elif inst.name == "magic_square_4":
            found.append((inst.name, inst.kind, inst, lambda: g_magic_square(4)))
        else:
            read = cat.FAMILIES[inst.family][0]
            puzzle = read(data / f"{inst.name}.txt")
            found.append((inst.name, inst.kind, inst, lambda b=GRIDCSP[inst.family], p=puzzle: b(p)))
            family = FAMILY_OF.get(inst.family)
            text = (data / f"{inst.name}.txt").read_text()
            if family is not None:
                found.append((f"{inst.name} (family)", "family", inst, (family, text)))
    return found


# The search options of every engine model: dom/wdeg, as the Rust
# catalogue bench (benches/catalogue.rs) searches the same models.
OPTIONS = {"variable_order": "dom_wdeg"}

# The families whose text layout the catalogue's files share: the same
# instance read by ``gridcsp.parse`` and solved by the family (its own
# model, reasoning and search order).
FAMILY_OF = {"kakuro": "kakuro", "nonogram": "nonogram", "star_battle": "star-battle", "kenken": "kenken"}


# ---------------------------------------------------------------------------
# Runs.
# ---------------------------------------------------------------------------


def timed(work):
    t, c = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - t, time.process_time() - c


def gridcsp_solve(build, check):
    """(solve wall, solve cpu, +proof wall, +proof cpu, solutions, violations)."""
    def first():
        m, variables, decode = build()
        return decode(gridcsp.Solver(m, **OPTIONS).solve()[variables])

    solution, w1, c1 = timed(first)

    def proved():
        m, variables, decode = build()
        return [decode(s[variables]) for s in gridcsp.Solver(m, **OPTIONS).uniqueness()]

    found, w2, c2 = timed(proved)
    violations = check(solution) + [v for s in found for v in check(s)]
    if found and found[0] != solution:
        violations.append("uniqueness() found another first solution than solve()")
    return w1, c1, w2, c2, len(found), violations


def family_solve(family, text):
    """(solve wall, solve cpu, +proof wall, +proof cpu, solutions, violations)
    through the family API: parse and solve; parse, solve and prove unique."""
    _, w1, c1 = timed(lambda: gridcsp.parse(family, text).solve())

    def proved():
        p = gridcsp.parse(family, text)
        return p.solve(), p.is_unique()

    (solution, unique), w2, c2 = timed(proved)
    violations = [] if solution is not None else ["no solution"]
    return w1, c1, w2, c2, 1 if unique else 2, violations


def gridcsp_count(build, check):
    def collect():
        m, variables, decode = build()
        return m, variables, decode, [s[variables] for s in gridcsp.Solver(m, **OPTIONS).solutions()]

    (m, variables, decode, found), w, c = timed(collect)
    violations = []
    if len(set(map(tuple, found))) != len(found):
        violations.append("a solution came twice")
    for values in found:
        violations += check(decode(values))
    return w, c, len(found), violations[:10]


def best(xs):
    """The fastest run: on a shared machine the others waited for a core."""
    return min(xs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=cat.DEFAULT_DATA)
    ap.add_argument("--repeat", type=int, default=5, help="runs per model (the best is kept)")
    ap.add_argument("--only", nargs="*", default=[], help="models whose name contains one of these")
    ap.add_argument("--time-limit", type=float, default=3600.0, help="CP-SAT's per solve, seconds")
    args = ap.parse_args()
    cp_args = argparse.Namespace(workers=1, time_limit=args.time_limit, seed=None, repeat=1)

    print(f"# gridcsp {gridcsp.__version__}, OR-Tools {cat.ortools.__version__}, "
          f"Python {platform.python_version()}, {platform.machine()}, best of {args.repeat}")
    print("| model | solutions | CP-SAT s | gridcsp s | ratio | CP-SAT +proof s | gridcsp +proof s | ratio | cpu ratio (+proof) |")
    print("|---|---|---|---|---|---|---|---|---|")
    bad = 0
    cp_cache = {}
    for name, kind, inst, build in instances(args.data):
        if args.only and not any(o in name for o in args.only):
            continue
        if inst.name not in cp_cache:
            cp_cache[inst.name] = [cat.run(inst, cp_args) for _ in range(args.repeat)]
        cp_runs = cp_cache[inst.name]
        violations = [v for r in cp_runs for v in r["violations"]]
        if kind in ("solve", "family"):
            if kind == "solve":
                g_runs = [gridcsp_solve(build, inst.check) for _ in range(args.repeat)]
            else:
                g_runs = [family_solve(*build) for _ in range(args.repeat)]
            violations += [v for r in g_runs for v in r[5]]
            counts = {r[4] for r in g_runs} | {1 if r["unique"] else r["solutions"] for r in cp_runs}
            cp_solve = best([r["solve"]["wall_s"] for r in cp_runs])
            cp_both = best([r["solve"]["wall_s"] + r["proof"]["wall_s"] for r in cp_runs])
            cp_cpu = best([r["solve"]["cpu_s"] + r["proof"]["cpu_s"] for r in cp_runs])
            g_solve = best([r[0] for r in g_runs])
            g_both = best([r[2] for r in g_runs])
            g_cpu = best([r[3] for r in g_runs])
            print(f"| {name} | {'/'.join(map(str, sorted(counts)))} | {cp_solve:.4f} | {g_solve:.5f} | "
                  f"{cp_solve / g_solve:.0f}x | {cp_both:.4f} | {g_both:.5f} | {cp_both / g_both:.0f}x | "
                  f"{cp_cpu / max(g_cpu, 1e-6):.0f}x |")
        else:
            g_runs = [gridcsp_count(build, inst.check) for _ in range(args.repeat)]
            violations += [v for r in g_runs for v in r[3]]
            complete = all(r["complete"] for r in cp_runs)
            # A CP-SAT enumeration stopped by its time limit found fewer:
            # its ratio is then a lower bound.
            counts = {r[2] for r in g_runs} | ({r["solutions"] for r in cp_runs} if complete else set())
            cp_all = best([r["solve"]["wall_s"] for r in cp_runs])
            cp_cpu = best([r["solve"]["cpu_s"] for r in cp_runs])
            g_all = best([r[0] for r in g_runs])
            g_cpu = best([r[1] for r in g_runs])
            more = "" if complete else ">"
            cp_found = "" if complete else f" (CP-SAT stopped at {max(r['solutions'] for r in cp_runs)})"
            print(f"| {name} (count) | {'/'.join(map(str, sorted(counts)))}{cp_found} | {more}{cp_all:.2f} | "
                  f"{g_all:.3f} | {more}{cp_all / g_all:.0f}x | - | - | - | {more}{cp_cpu / max(g_cpu, 1e-6):.0f}x |")
        if len(counts) != 1:
            violations.append(f"the solvers disagree on the number of solutions: {sorted(counts)}")
        for v in violations:
            print(f"  {name}: {v}", file=sys.stderr)
        bad += bool(violations)
        sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
