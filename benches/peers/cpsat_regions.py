#!/usr/bin/env python3
"""Google OR-Tools CP-SAT, one worker, on the region and graph puzzles.

Reads ``benches/data/regions/<family>_<size>.txt`` (Nurikabe, Fillomino,
Shikaku, Heyawake, LITS, Galaxies, Kurodoko, Ripple Effect, Yajilin,
Battleships, Magnets, Dominosa in gridcsp's text layouts, the layouts of
``docs/formats/<family>.md``; ``#`` lines are comments) and for each puzzle,
timed together: builds the natural CP-SAT model of the family's rules, solves
it with one search worker, then adds a clause forbidding the found answer and
solves again; the second solve must be infeasible (the answer is unique). The
answer is checked against the rules by a checker that shares no code with the
model (untimed). Prints one row per file: puzzles, mean and worst
milliseconds per puzzle (the fastest of ``--rounds`` runs of each puzzle),
wall and CPU time; with ``--gridcsp BIN`` also gridcsp's own time per
puzzle on the same file (``count --limit 2 --json``) and the ratio.

"Connected" (Nurikabe's sea and islands, the unshaded cells of Heyawake and
Kurodoko, LITS's shaded cells, each galaxy) is added lazily by default, as
``cpsat_loops.py`` does for Hitori: solve, and while the set falls apart add
a cut per piece and solve again (every round counted). ``--connect depth``
posts instead the static encoding CP-SAT users also write: every cell of the
set but one root picks a parent among its neighbours in the set with a
smaller integer depth (the root a cell known to be in the set, or else the
set's first cell in reading order); it is much slower here. Yajilin's loop
is ``add_circuit`` with a self-loop per cell (a shaded cell).

Runs only on request, never in CI. See ``benches/peers/README.md``.

    pip install ortools
    python3 benches/peers/cpsat_regions.py [FILTER ...] [--rounds N] [--json]
        [--gridcsp BIN [--gridcsp-rounds N]] [--connect cuts|depth]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

try:
    import ortools
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("this script needs OR-Tools: pip install ortools (see benches/peers/README.md)")

DEFAULT_DATA = Path(__file__).resolve().parent.parent / "data" / "regions"

DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class FormatError(ValueError):
    """A record that does not follow its family's text layout."""


# ---------------------------------------------------------------------------
# Reading files
# ---------------------------------------------------------------------------


def blocks(text: str) -> list[list[str]]:
    """Blocks of non-comment lines between blank lines."""
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


def split_records(block: list[str], body_lines) -> list[list[str]]:
    """Records run together in a block: each header says how many lines follow."""
    out = []
    i = 0
    while i < len(block):
        rows = int(block[i].split()[0])
        n = 1 + body_lines(rows, block[i])
        if i + n > len(block):
            raise FormatError(f"record at {block[i]!r} is cut short")
        out.append(block[i : i + n])
        i += n
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


def number_grid(g):
    return [[None if t == "-" else int(t) for t in row] for row in g]


def cells_of(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


def neighbours(cell, rows, cols):
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in DIRS if 0 <= r + dr < rows and 0 <= c + dc < cols]


# ---------------------------------------------------------------------------
# Solving and the shared encodings
# ---------------------------------------------------------------------------


def solver() -> cp_model.CpSolver:
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    return s


# How "connected" is modelled: "cuts" (default) or "depth"; see the docstring.
CONNECT = "cuts"


def solve_cuts(model: cp_model.CpModel, cuts) -> cp_model.CpSolver | None:
    """Solves; while ``cuts`` (a function of the solver's answer) returns
    clauses the answer breaks, adds them and solves again. None: infeasible."""
    while True:
        s = solver()
        status = s.solve(model)
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise AssertionError(f"not solved: {s.status_name(status)}")
        clauses = cuts(s) if cuts is not None else []
        if not clauses:
            return s
        for clause in clauses:
            model.add_bool_or(clause)


def solve_unique(model: cp_model.CpModel, xs: list, ints: bool = False, cuts=None) -> list[int]:
    """Solves, forbids the answer over ``xs`` (Boolean variables, or integer
    ones with ``ints``) and proves it was the only one."""
    s = solve_cuts(model, cuts)
    if s is None:
        raise AssertionError("no solution")
    values = [int(s.value(x)) for x in xs]
    differs = []
    for x, v in zip(xs, values):
        if ints:
            d = model.new_bool_var("")
            model.add(x != v).only_enforce_if(d)
            differs.append(d)
        else:
            differs.append(x.Not() if v else x)
    model.add_bool_or(differs)
    if solve_cuts(model, cuts) is not None:
        raise AssertionError("a second solution")
    return values


def components(cells: set, rows: int, cols: int) -> list[set]:
    """The orthogonally connected pieces of a set of cells (the model's own)."""
    out: list[set] = []
    seen: set = set()
    for start in sorted(cells):
        if start in seen:
            continue
        piece, todo = set(), [start]
        seen.add(start)
        while todo:
            x = todo.pop()
            piece.add(x)
            for y in neighbours(x, rows, cols):
                if y in cells and y not in seen:
                    seen.add(y)
                    todo.append(y)
        out.append(piece)
    return out


def boundary(piece: set, rows: int, cols: int) -> set:
    return {y for x in piece for y in neighbours(x, rows, cols) if y not in piece}


def connect_cuts(inside: dict, rows: int, cols: int):
    """Lazy cuts for "the cells whose ``inside`` literal is true are
    connected": for each piece ``C`` of an answer that falls apart, a cell
    ``a`` of it and an inside cell ``b`` beyond it, "``a`` out, or ``b`` out,
    or a neighbour of ``C`` in" (the path from ``a`` to ``b`` leaves ``C``)."""

    def cuts(s):
        ins = {x for x, lit in inside.items() if s.boolean_value(lit)}
        parts = components(ins, rows, cols)
        if len(parts) < 2:
            return []
        out = []
        for i, piece in enumerate(parts):
            a, b = min(piece), min(parts[(i + 1) % len(parts)])
            out.append([inside[a].Not(), inside[b].Not()] + [inside[y] for y in boundary(piece, rows, cols)])
        return out

    return cuts


def anchored_cuts(member: dict, anchors: dict, rows: int, cols: int):
    """Lazy cuts for regions that each hold an anchor: ``member[x][k]`` is
    cell x in region k, ``anchors[k]`` the cells region k surely holds. For a
    piece ``C`` of region k without its anchor: "a cell of ``C`` not in k, or
    a neighbour of ``C`` in k"."""

    def cuts(s):
        by_region: dict = {}
        for x, lits in member.items():
            for k, lit in lits.items():
                if s.boolean_value(lit):
                    by_region.setdefault(k, set()).add(x)
        out = []
        for k, mine in by_region.items():
            for piece in components(mine, rows, cols):
                if not anchors[k] & piece:
                    a = min(piece)
                    out.append(
                        [member[a][k].Not()] + [member[y][k] for y in boundary(piece, rows, cols) if k in member[y]]
                    )
        return out

    return cuts


def both(*fs):
    fs = [f for f in fs if f is not None]
    return lambda s: [clause for f in fs for clause in f(s)]


def or_of(m, lits):
    """A new literal equal to the disjunction of ``lits``."""
    out = m.new_bool_var("")
    m.add_bool_or(lits).only_enforce_if(out)
    for lit in lits:
        m.add_implication(lit, out)
    return out


def and_of(m, lits):
    """A new literal equal to the conjunction of ``lits``."""
    out = m.new_bool_var("")
    m.add_bool_and(lits).only_enforce_if(out)
    m.add_bool_or([lit.Not() for lit in lits] + [out])
    return out


def add_connected(m, cells, inside: dict, rows, cols, root=None):
    """The cells whose ``inside`` literal is true are orthogonally connected:
    returns the lazy cuts (``CONNECT == "cuts"``), or posts the depth
    encoding and returns None.

    Depth: every inside cell but the root has a parent, an inside neighbour
    of smaller depth. The root is ``root`` (a cell known to be inside) or
    else the first inside cell in reading order."""
    if CONNECT == "cuts":
        return connect_cuts(inside, rows, cols)
    n = len(cells)
    depth = {x: m.new_int_var(0, n, "") for x in cells}
    if root is None:
        is_root = {}
        seen_before = None  # some earlier cell is inside
        for x in cells:
            is_root[x] = m.new_bool_var("")
            if seen_before is None:
                m.add(is_root[x] == inside[x])
            else:
                # root <=> inside and no earlier cell inside
                m.add_bool_and([inside[x], seen_before.Not()]).only_enforce_if(is_root[x])
                m.add_bool_or([inside[x].Not(), seen_before, is_root[x]])
            parts = [inside[x]] + ([seen_before] if seen_before is not None else [])
            seen_before = or_of(m, parts)
    else:
        is_root = {x: (x == root) for x in cells}
    for x in cells:
        if is_root[x] is True:
            m.add(depth[x] == 0)
            continue
        parents = []
        for y in neighbours(x, rows, cols):
            p = m.new_bool_var("")
            m.add_implication(p, inside[y])
            m.add(depth[y] < depth[x]).only_enforce_if(p)
            parents.append(p)
        need = [inside[x].Not()] + ([is_root[x]] if is_root[x] is not False else [])
        m.add_bool_or(need + parents)
    return None


def pieces(cells: set, rows: int, cols: int) -> list[set]:
    """The orthogonally connected pieces of a set of cells (the checkers' own)."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        piece = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if y in left:
                    left.remove(y)
                    piece.add(y)
                    stack.append(y)
        out.append(piece)
    return out


def no_2x2(cells: set, rows, cols) -> bool:
    return not any(
        {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= cells for r in range(rows - 1) for c in range(cols - 1)
    )


# ---------------------------------------------------------------------------
# Nurikabe: `-` or an island's size.
# ---------------------------------------------------------------------------


def nurikabe_parse(rec):
    rows, cols, _ = header(rec[0])
    return rows, cols, number_grid(grid(rec[1:], rows, cols))


def nurikabe_solve(p):
    rows, cols, g = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    s = {x: m.new_bool_var("") for x in cells}
    clues = [(x, g[x[0]][x[1]]) for x in cells if g[x[0]][x[1]] is not None]
    # a[x][k]: cell x belongs to the island of clue k (only within reach).
    a: dict = {x: {} for x in cells}
    for k, ((cr, cc), n) in enumerate(clues):
        for x in cells:
            far = abs(x[0] - cr) + abs(x[1] - cc)
            if far < n and (g[x[0]][x[1]] is None or x == (cr, cc)):
                a[x][k] = m.new_bool_var("")
        m.add(sum(a[x][k] for x in cells if k in a[x]) == n)
        m.add(a[(cr, cc)][k] == 1)
    for x in cells:
        m.add(sum(a[x].values()) + s[x] == 1)
        for y in neighbours(x, rows, cols):
            # Unshaded neighbours are in the same island.
            for k, lit in a[x].items():
                if k in a[y]:
                    m.add_bool_or([lit.Not(), s[y], a[y][k]])
                else:
                    m.add_bool_or([lit.Not(), s[y]])
    # Each island connected: lazily (an island piece without its number),
    # or every unshaded cell but the numbered ones has an unshaded neighbour
    # nearer (in depth) to its number.
    if CONNECT == "cuts":
        cuts = both(anchored_cuts(a, {k: {x} for k, (x, _) in enumerate(clues)}, rows, cols))
    else:
        depth = {x: m.new_int_var(0, rows * cols, "") for x in cells}
        for x in cells:
            if g[x[0]][x[1]] is not None:
                m.add(depth[x] == 0)
                continue
            parents = []
            for y in neighbours(x, rows, cols):
                par = m.new_bool_var("")
                m.add_implication(par, s[y].Not())
                m.add(depth[y] < depth[x]).only_enforce_if(par)
                parents.append(par)
            m.add_bool_or([s[x]] + parents)
        cuts = None
    sea = add_connected(m, cells, s, rows, cols)
    if sea is not None:
        cuts = both(cuts, sea)
    for r in range(rows - 1):
        for c in range(cols - 1):
            m.add_bool_or([s[y].Not() for y in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1))])
    values = solve_unique(m, [s[x] for x in cells], cuts=cuts)
    return {x for x, v in zip(cells, values) if v}


def nurikabe_check(p, shaded):
    rows, cols, g = p
    white = set(cells_of(rows, cols)) - shaded
    for island in pieces(white, rows, cols):
        nums = [g[r][c] for r, c in island if g[r][c] is not None]
        assert len(nums) == 1, f"an island with {len(nums)} numbers"
        assert nums[0] == len(island), f"an island of {len(island)} cells holds {nums[0]}"
    assert len(pieces(shaded, rows, cols)) <= 1, "the sea falls apart"
    assert no_2x2(shaded, rows, cols), "a shaded 2x2 block"


# ---------------------------------------------------------------------------
# Fillomino: `-` or a given number.
# ---------------------------------------------------------------------------


def fillomino_solve(p):
    rows, cols, g = p
    n = rows * cols
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    idx = {x: i for i, x in enumerate(cells)}
    v = {x: m.new_int_var(1, n, "") for x in cells}
    for x in cells:
        if g[x[0]][x[1]] is not None:
            m.add(v[x] == g[x[0]][x[1]])
    # same[x, y]: neighbours with equal numbers (then in one area).
    same = {}
    for x in cells:
        for y in neighbours(x, rows, cols):
            if idx[x] < idx[y]:
                e = m.new_bool_var("")
                m.add(v[x] == v[y]).only_enforce_if(e)
                m.add(v[x] != v[y]).only_enforce_if(e.Not())
                same[(x, y)] = same[(y, x)] = e
    # Each area is one tree: one root (the area's label is its root's
    # index, the smallest of the area's), every other cell one parent in the
    # area; sizes add up from the leaves, and the root's size is its number.
    label = {x: m.new_int_var(0, idx[x], "") for x in cells}
    root = {x: m.new_bool_var("") for x in cells}
    size = {x: m.new_int_var(1, n, "") for x in cells}
    parent = {}
    for x in cells:
        m.add(label[x] == idx[x]).only_enforce_if(root[x])
        m.add(label[x] != idx[x]).only_enforce_if(root[x].Not())
        m.add(size[x] == v[x]).only_enforce_if(root[x])
        m.add(size[x] <= v[x])
        for y in neighbours(x, rows, cols):
            par = m.new_bool_var("")
            m.add_implication(par, same[(x, y)])
            parent[(x, y)] = par
            if idx[x] < idx[y]:
                m.add(label[x] == label[y]).only_enforce_if(same[(x, y)])
        m.add(sum(parent[(x, y)] for y in neighbours(x, rows, cols)) + root[x] == 1)
    for x in cells:
        parts = []
        for y in neighbours(x, rows, cols):
            t = m.new_int_var(0, n, "")
            m.add(t == size[y]).only_enforce_if(parent[(y, x)])
            m.add(t == 0).only_enforce_if(parent[(y, x)].Not())
            parts.append(t)
        m.add(size[x] == 1 + sum(parts))
    values = solve_unique(m, [v[x] for x in cells], ints=True)
    return dict(zip(cells, values))


def fillomino_check(p, numbers):
    rows, cols, g = p
    for (r, c), k in numbers.items():
        assert g[r][c] is None or g[r][c] == k, "a given changed"
    for k in set(numbers.values()):
        for area in pieces({x for x, y in numbers.items() if y == k}, rows, cols):
            assert len(area) == k, f"an area of {k}s has {len(area)} cells"


# ---------------------------------------------------------------------------
# Shikaku: `-` or a rectangle's area.
# ---------------------------------------------------------------------------


def shikaku_solve(p):
    rows, cols, g = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    clues = [(x, g[x[0]][x[1]]) for x in cells if g[x[0]][x[1]] is not None]
    cover: dict = {x: [] for x in cells}
    rects = []
    for (cr, cc), n in clues:
        mine = []
        for h in range(1, n + 1):
            if n % h:
                continue
            w = n // h
            for r0 in range(max(0, cr - h + 1), min(cr, rows - h) + 1):
                for c0 in range(max(0, cc - w + 1), min(cc, cols - w) + 1):
                    inside = [(r, c) for r in range(r0, r0 + h) for c in range(c0, c0 + w)]
                    if sum(g[r][c] is not None for r, c in inside) != 1:
                        continue
                    lit = m.new_bool_var("")
                    rects.append((lit, (r0, c0, h, w)))
                    mine.append(lit)
                    for x in inside:
                        cover[x].append(lit)
        m.add_exactly_one(mine)
    for x in cells:
        m.add_exactly_one(cover[x])
    values = solve_unique(m, [lit for lit, _ in rects])
    return [rect for (_, rect), v in zip(rects, values) if v]


def shikaku_check(p, rects):
    rows, cols, g = p
    label = {}
    for i, (r0, c0, h, w) in enumerate(rects):
        for r in range(r0, r0 + h):
            for c in range(c0, c0 + w):
                assert (r, c) not in label, "two rectangles overlap"
                label[(r, c)] = i
    assert len(label) == rows * cols, "a cell in no rectangle"
    for i in set(label.values()):
        area = [x for x, k in label.items() if k == i]
        r_lo, r_hi = min(r for r, _ in area), max(r for r, _ in area)
        c_lo, c_hi = min(c for _, c in area), max(c for _, c in area)
        assert (r_hi - r_lo + 1) * (c_hi - c_lo + 1) == len(area), "not a rectangle"
        nums = [g[r][c] for r, c in area if g[r][c] is not None]
        assert nums == [len(area)], f"a rectangle of {len(area)} holds {nums}"


# ---------------------------------------------------------------------------
# Heyawake: the rooms' numbers, then the room names.
# ---------------------------------------------------------------------------


def heyawake_parse(rec):
    rows, cols, _ = header(rec[0])
    if len(rec) != 2 * rows + 1:
        raise FormatError("expected the numbers and the rooms")
    return rows, cols, number_grid(grid(rec[1 : rows + 1], rows, cols)), grid(rec[rows + 1 :], rows, cols)


def room_lines(rows, cols):
    return [[(r, c) for c in range(cols)] for r in range(rows)] + [[(r, c) for r in range(rows)] for c in range(cols)]


def heyawake_solve(p):
    rows, cols, nums, rooms = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    s = {x: m.new_bool_var("") for x in cells}
    by_room: dict = {}
    for r, c in cells:
        by_room.setdefault(rooms[r][c], []).append((r, c))
    for r, c in cells:
        if nums[r][c] is not None:
            m.add(sum(s[x] for x in by_room[rooms[r][c]]) == nums[r][c])
        for y in neighbours((r, c), rows, cols):
            m.add_bool_or([s[(r, c)].Not(), s[y].Not()])
    # No unshaded line from the cell before one border to the cell after the next.
    for line in room_lines(rows, cols):
        borders = [i for i in range(1, len(line)) if rooms[line[i - 1][0]][line[i - 1][1]] != rooms[line[i][0]][line[i][1]]]
        for b1, b2 in zip(borders, borders[1:]):
            m.add_bool_or([s[x] for x in line[b1 - 1 : b2 + 1]])
    cuts = add_connected(m, cells, {x: s[x].Not() for x in cells}, rows, cols)
    values = solve_unique(m, [s[x] for x in cells], cuts=cuts)
    return {x for x, v in zip(cells, values) if v}


def heyawake_check(p, shaded):
    rows, cols, nums, rooms = p
    for r in range(rows):
        for c in range(cols):
            if nums[r][c] is not None:
                k = sum(rooms[y][z] == rooms[r][c] for y, z in shaded)
                assert k == nums[r][c], f"room at {r},{c} holds {k}"
    for x in shaded:
        assert not any(y in shaded for y in neighbours(x, rows, cols)), "shaded cells touch"
    for line in room_lines(rows, cols):
        changes = 0
        for i, x in enumerate(line):
            if x in shaded:
                changes = 0
            elif i and line[i - 1] not in shaded and rooms[x[0]][x[1]] != rooms[line[i - 1][0]][line[i - 1][1]]:
                changes += 1
                assert changes < 2, "an unshaded line spans three rooms"
    assert len(pieces(set(cells_of(rows, cols)) - shaded, rows, cols)) == 1, "unshaded cells fall apart"


# ---------------------------------------------------------------------------
# LITS: region numbers.
# ---------------------------------------------------------------------------


def normal(shape):
    r0 = min(r for r, _ in shape)
    c0 = min(c for _, c in shape)
    return frozenset((r - r0, c - c0) for r, c in shape)


def orientations(shape):
    out = set()
    for _ in range(4):
        shape = [(c, -r) for r, c in shape]
        out.add(normal(shape))
        out.add(normal([(r, -c) for r, c in shape]))
    return out


TETROMINOES = {
    "L": orientations([(0, 0), (1, 0), (2, 0), (2, 1)]),
    "I": orientations([(0, 0), (1, 0), (2, 0), (3, 0)]),
    "T": orientations([(0, 0), (0, 1), (0, 2), (1, 1)]),
    "S": orientations([(0, 0), (0, 1), (1, 1), (1, 2)]),
}


def lits_parse(rec):
    rows, cols, _ = header(rec[0])
    return rows, cols, grid(rec[1:], rows, cols)


def lits_solve(p):
    rows, cols, regions = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    region = {(r, c): regions[r][c] for r, c in cells}
    cover: dict = {x: [] for x in cells}
    shape_of: dict = {}  # (region, letter) -> placements
    by_region: dict = {}
    for name in set(region.values()):
        for letter, forms in TETROMINOES.items():
            for form in forms:
                for r0 in range(rows):
                    for c0 in range(cols):
                        placed = [(r0 + r, c0 + c) for r, c in form]
                        if all(region.get(y) == name for y in placed):
                            lit = m.new_bool_var("")
                            by_region.setdefault(name, []).append(lit)
                            shape_of.setdefault((name, letter), []).append(lit)
                            for y in placed:
                                cover[y].append(lit)
    for name in set(region.values()):
        m.add_exactly_one(by_region.get(name, []))
    s = {}
    for x in cells:
        s[x] = m.new_bool_var("")
        m.add(sum(cover[x]) == s[x])
    shape = {}
    for (name, letter), lits in shape_of.items():
        shape[(name, letter)] = m.new_bool_var("")
        m.add(sum(lits) == shape[(name, letter)])
    for x in cells:
        for y in neighbours(x, rows, cols):
            if x < y and region[x] != region[y]:
                for letter in TETROMINOES:
                    a, b = shape.get((region[x], letter)), shape.get((region[y], letter))
                    if a is not None and b is not None:
                        m.add_bool_or([s[x].Not(), s[y].Not(), a.Not(), b.Not()])
    for r in range(rows - 1):
        for c in range(cols - 1):
            m.add_bool_or([s[y].Not() for y in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1))])
    cuts = add_connected(m, cells, s, rows, cols)
    values = solve_unique(m, [s[x] for x in cells], cuts=cuts)
    return {x for x, v in zip(cells, values) if v}


def lits_check(p, shaded):
    rows, cols, regions = p
    letter = {}
    for name in {t for row in regions for t in row}:
        mine = [x for x in shaded if regions[x[0]][x[1]] == name]
        form = normal(mine)
        found = [k for k, forms in TETROMINOES.items() if form in forms]
        assert len(mine) == 4 and found, f"region {name} holds no L, I, T or S"
        for x in mine:
            letter[x] = found[0]
    assert len(pieces(shaded, rows, cols)) == 1, "shaded cells fall apart"
    assert no_2x2(shaded, rows, cols), "a shaded 2x2 block"
    for x in shaded:
        for y in neighbours(x, rows, cols):
            if y in shaded and regions[x[0]][x[1]] != regions[y[0]][y[1]]:
                assert letter[x] != letter[y], "two equal tetrominoes touch"


# ---------------------------------------------------------------------------
# Galaxies: `-` or a dot code (0 centre, 1 right edge, 2 bottom edge, 3 corner).
# ---------------------------------------------------------------------------


def galaxies_parse(rec):
    rows, cols, _ = header(rec[0])
    g = grid(rec[1:], rows, cols)
    dots = []  # in doubled coordinates: cell (r, c) is at (2r, 2c)
    for r in range(rows):
        for c in range(cols):
            t = g[r][c]
            if t != "-":
                k = int(t)
                dots.append((2 * r + (k >> 1), 2 * c + (k & 1)))
    return rows, cols, dots


def dot_cells(dot):
    dr, dc = dot
    return {(r, c) for r in (dr // 2, (dr + 1) // 2) for c in (dc // 2, (dc + 1) // 2)}


def galaxies_solve(p):
    rows, cols, dots = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    a: dict = {x: {} for x in cells}
    for k, (dr, dc) in enumerate(dots):
        for r, c in cells:
            mr, mc = dr - r, dc - c
            if 0 <= mr < rows and 0 <= mc < cols:
                a[(r, c)][k] = m.new_bool_var("")
        for r, c in cells:
            if k in a[(r, c)]:
                m.add(a[(r, c)][k] == a[(dr - r, dc - c)][k])  # symmetric
        for x in dot_cells((dr, dc)):
            m.add(a[x][k] == 1)
    roots = set()
    for dot in dots:
        roots |= dot_cells(dot)
    for x in cells:
        m.add_exactly_one(a[x].values())
    cuts = None
    if CONNECT == "cuts":
        cuts = anchored_cuts(a, {k: dot_cells(dot) for k, dot in enumerate(dots)}, rows, cols)
    else:
        depth = {x: m.new_int_var(0, rows * cols, "") for x in cells}
        for x in cells:
            if x in roots:
                m.add(depth[x] == 0)
                continue
            parents = []
            for y in neighbours(x, rows, cols):
                par = m.new_bool_var("")
                m.add(depth[y] < depth[x]).only_enforce_if(par)
                for k, lit in a[x].items():
                    if k in a[y]:
                        m.add_bool_or([par.Not(), lit.Not(), a[y][k]])
                    else:
                        m.add_bool_or([lit.Not(), par.Not()])
                parents.append(par)
            m.add_bool_or(parents)
    keys = [(x, k) for x in cells for k in a[x]]
    values = solve_unique(m, [a[x][k] for x, k in keys], cuts=cuts)
    return {x: k for (x, k), v in zip(keys, values) if v}


def galaxies_check(p, label):
    rows, cols, dots = p
    assert len(label) == rows * cols, "a cell in no galaxy"
    for k, (dr, dc) in enumerate(dots):
        mine = {x for x, j in label.items() if j == k}
        assert dot_cells((dr, dc)) <= mine, f"dot {k}'s own cells are elsewhere"
        assert {(dr - r, dc - c) for r, c in mine} == mine, f"galaxy {k} is not symmetric"
        assert len(pieces(mine, rows, cols)) == 1, f"galaxy {k} falls apart"


# ---------------------------------------------------------------------------
# Kurodoko: `-` or how many cells a number sees.
# ---------------------------------------------------------------------------


def kurodoko_solve(p):
    rows, cols, g = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    s = {x: m.new_bool_var("") for x in cells}
    root = None
    for x in cells:
        for y in neighbours(x, rows, cols):
            m.add_bool_or([s[x].Not(), s[y].Not()])
        n = g[x[0]][x[1]]
        if n is None:
            continue
        root = root or x
        m.add(s[x] == 0)
        seen = []
        for dr, dc in DIRS:
            before = None
            r, c = x[0] + dr, x[1] + dc
            while 0 <= r < rows and 0 <= c < cols:
                parts = [s[(r, c)].Not()] + ([before] if before is not None else [])
                vis = and_of(m, parts)  # seen: unshaded, and all before it seen
                seen.append(vis)
                before = vis
                r, c = r + dr, c + dc
        m.add(1 + sum(seen) == n)
    cuts = add_connected(m, cells, {x: s[x].Not() for x in cells}, rows, cols, root=root)
    values = solve_unique(m, [s[x] for x in cells], cuts=cuts)
    return {x for x, v in zip(cells, values) if v}


def kurodoko_check(p, shaded):
    rows, cols, g = p
    for x in shaded:
        assert g[x[0]][x[1]] is None, "a number shaded"
        assert not any(y in shaded for y in neighbours(x, rows, cols)), "shaded cells touch"
    for r, c in cells_of(rows, cols):
        if g[r][c] is not None:
            n = 1
            for dr, dc in DIRS:
                y, z = r + dr, c + dc
                while 0 <= y < rows and 0 <= z < cols and (y, z) not in shaded:
                    n, y, z = n + 1, y + dr, z + dc
            assert n == g[r][c], f"the {g[r][c]} at {r},{c} sees {n}"
    assert len(pieces(set(cells_of(rows, cols)) - shaded, rows, cols)) == 1, "unshaded cells fall apart"


# ---------------------------------------------------------------------------
# Ripple Effect: givens, then region numbers.
# ---------------------------------------------------------------------------


def ripple_parse(rec):
    rows, cols, _ = header(rec[0])
    if len(rec) != 2 * rows + 1:
        raise FormatError("expected the givens and the regions")
    return rows, cols, number_grid(grid(rec[1 : rows + 1], rows, cols)), grid(rec[rows + 1 :], rows, cols)


def ripple_solve(p):
    rows, cols, given, regions = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    by_region: dict = {}
    for r, c in cells:
        by_region.setdefault(regions[r][c], []).append((r, c))
    size = {x: len(by_region[regions[x[0]][x[1]]]) for x in cells}
    b = {(x, d): m.new_bool_var("") for x in cells for d in range(1, size[x] + 1)}
    for x in cells:
        m.add_exactly_one(b[(x, d)] for d in range(1, size[x] + 1))
        if given[x[0]][x[1]] is not None:
            m.add(b[(x, given[x[0]][x[1]])] == 1)
    for members in by_region.values():
        for d in range(1, len(members) + 1):
            m.add_exactly_one(b[(x, d)] for x in members)
    # Two equal digits d in a line have at least d cells between them: at
    # most one d in any d + 1 cells in a row.
    for line in room_lines(rows, cols):
        for d in range(1, max(size.values()) + 1):
            for i in range(len(line)):
                window = [b[(x, d)] for x in line[i : i + d + 1] if (x, d) in b]
                if len(window) > 1:
                    m.add_at_most_one(window)
    keys = list(b)
    values = solve_unique(m, [b[k] for k in keys])
    return {x: d for (x, d), v in zip(keys, values) if v}


def ripple_check(p, digits):
    rows, cols, given, regions = p
    for (r, c), d in digits.items():
        assert given[r][c] is None or given[r][c] == d, "a given changed"
    for name in {t for row in regions for t in row}:
        mine = sorted(d for (r, c), d in digits.items() if regions[r][c] == name)
        assert mine == list(range(1, len(mine) + 1)), f"region {name} holds {mine}"
    for line in room_lines(rows, cols):
        for i, x in enumerate(line):
            for j in range(i + 1, len(line)):
                if digits[line[j]] == digits[x]:
                    assert j - i > digits[x], f"two {digits[x]}s too close"


# ---------------------------------------------------------------------------
# Yajilin: `-` empty, `x` black, `Nd` a clue (N shaded cells towards d).
# ---------------------------------------------------------------------------

ARROWS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


def yajilin_parse(rec):
    rows, cols, _ = header(rec[0])
    return rows, cols, grid(rec[1:], rows, cols)


def yajilin_solve(p):
    rows, cols, g = p
    m = cp_model.CpModel()
    free = [x for x in cells_of(rows, cols) if g[x[0]][x[1]] == "-"]
    index = {x: i for i, x in enumerate(free)}
    shaded = {x: m.new_bool_var("") for x in free}
    arcs = [(index[x], index[x], shaded[x]) for x in free]  # a shaded cell is off the loop
    edges = {}
    for x in free:
        for y in neighbours(x, rows, cols):
            if y in index and x < y:
                f, r, e = m.new_bool_var(""), m.new_bool_var(""), m.new_bool_var("")
                arcs += [(index[x], index[y], f), (index[y], index[x], r)]
                m.add(e == f + r)
                edges[(x, y)] = e
                m.add_bool_or([shaded[x].Not(), shaded[y].Not()])
    m.add_circuit(arcs)
    m.add_bool_or(edges.values())  # there is a loop
    for r, c in cells_of(rows, cols):
        t = g[r][c]
        if t not in ("-", "x"):
            dr, dc = ARROWS[t[-1]]
            along = []
            y, z = r + dr, c + dc
            while 0 <= y < rows and 0 <= z < cols:
                if (y, z) in shaded:
                    along.append(shaded[(y, z)])
                y, z = y + dr, z + dc
            m.add(sum(along) == int(t[:-1]))
    keys = list(edges)
    values = solve_unique(m, [edges[k] for k in keys])
    return {k for k, v in zip(keys, values) if v}


def yajilin_check(p, loop):
    rows, cols, g = p
    free = {x for x in cells_of(rows, cols) if g[x[0]][x[1]] == "-"}
    degree: dict = {}
    for a, b in loop:
        assert a in free and b in free, "the loop enters a clue"
        degree.setdefault(a, []).append(b)
        degree.setdefault(b, []).append(a)
    assert all(len(v) == 2 for v in degree.values()), "the loop branches or ends"
    start = next(iter(degree))
    seen, prev, at = {start}, None, start
    while True:
        nxt = degree[at][0] if degree[at][0] != prev else degree[at][1]
        if nxt == start:
            break
        seen.add(nxt)
        prev, at = at, nxt
    assert seen == set(degree), "more than one loop"
    shaded = free - set(degree)
    for x in shaded:
        assert not any(y in shaded for y in neighbours(x, rows, cols)), "shaded cells touch"
    for r, c in cells_of(rows, cols):
        t = g[r][c]
        if t not in ("-", "x"):
            dr, dc = ARROWS[t[-1]]
            n, y, z = 0, r + dr, c + dc
            while 0 <= y < rows and 0 <= z < cols:
                n, y, z = n + ((y, z) in shaded), y + dr, z + dc
            assert n == int(t[:-1]), f"clue {t} at {r},{c} sees {n}"


# ---------------------------------------------------------------------------
# Battleships: `ROWS COLS f1 f2 ...`, column totals, row totals, givens.
# ---------------------------------------------------------------------------


def battleships_parse(rec):
    rows, cols, fleet = header(rec[0])
    if len(rec) != rows + 3:
        raise FormatError("expected the totals and the givens")
    col_tot = [None if t == "-" else int(t) for t in rec[1].split()]
    row_tot = [None if t == "-" else int(t) for t in rec[2].split()]
    g = []
    for line in rec[3:]:
        toks = line.split()
        if len(toks) == 1 and cols > 1:
            toks = list(toks[0])
        g.append(toks)
    if any(len(row) != cols for row in g) or len(col_tot) != cols or len(row_tot) != rows:
        raise FormatError("wrong number of tokens")
    return rows, cols, [int(f) for f in fleet], col_tot, row_tot, g


def ship_roles(cells):
    """The part letter of each cell of a ship lying on ``cells``."""
    if len(cells) == 1:
        return ["o"]
    down = cells[0][1] == cells[1][1]
    first, last = ("n", "s") if down else ("w", "e")
    return [first] + ["m"] * (len(cells) - 2) + [last]


def battleships_solve(p):
    rows, cols, fleet, col_tot, row_tot, g = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    ship = {x: m.new_bool_var("") for x in cells}
    cover: dict = {x: [] for x in cells}
    role: dict = {}  # (cell, letter) -> placements
    for length, count in enumerate(fleet, start=1):
        mine = []
        for r, c in cells:
            for dr, dc in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
                placed = [(r + i * dr, c + i * dc) for i in range(length)]
                if not all(0 <= y < rows and 0 <= z < cols for y, z in placed):
                    continue
                lit = m.new_bool_var("")
                mine.append(lit)
                halo = {
                    (y + a, z + b) for y, z in placed for a in (-1, 0, 1) for b in (-1, 0, 1)
                } - set(placed)
                for h in halo:
                    if h in ship:
                        m.add_implication(lit, ship[h].Not())  # no ship touches it
                for y, letter in zip(placed, ship_roles(placed)):
                    cover[y].append(lit)
                    role.setdefault((y, letter), []).append(lit)
        m.add(sum(mine) == count)
    for r, c in cells:
        m.add(sum(cover[(r, c)]) == ship[(r, c)])
        t = g[r][c]
        if t == "x":
            m.add(ship[(r, c)] == 0)
        elif t != "-":
            m.add(sum(role.get(((r, c), t), [])) == 1)
    for r, k in enumerate(row_tot):
        if k is not None:
            m.add(sum(ship[(r, c)] for c in range(cols)) == k)
    for c, k in enumerate(col_tot):
        if k is not None:
            m.add(sum(ship[(r, c)] for r in range(rows)) == k)
    values = solve_unique(m, [ship[x] for x in cells])
    return {x for x, v in zip(cells, values) if v}


def battleships_check(p, parts):
    rows, cols, fleet, col_tot, row_tot, g = p
    for r, c in parts:
        for a in (-1, 1):
            for b in (-1, 1):
                assert (r + a, c + b) not in parts, "ships touch diagonally"
    lengths = []
    letters = {}
    for piece in pieces(parts, rows, cols):
        line = sorted(piece)
        assert len({r for r, _ in line}) == 1 or len({c for _, c in line}) == 1, "a bent ship"
        lengths.append(len(line))
        letters.update(zip(line, ship_roles(line)))
    want = [k for k, n in enumerate(fleet, start=1) for _ in range(n)]
    assert sorted(lengths) == sorted(want), f"fleet {sorted(lengths)}"
    for r, k in enumerate(row_tot):
        assert k is None or sum(y == r for y, _ in parts) == k, f"row {r}"
    for c, k in enumerate(col_tot):
        assert k is None or sum(z == c for _, z in parts) == k, f"column {c}"
    for r, c in cells_of(rows, cols):
        t = g[r][c]
        assert t == "-" or (t == "x" and (r, c) not in parts) or letters.get((r, c)) == t, f"given at {r},{c}"


# ---------------------------------------------------------------------------
# Magnets: clue lines (columns +, columns -, rows +, rows -), optional
# givens, then domino labels.
# ---------------------------------------------------------------------------


def magnets_parse(rec):
    rows, cols, _ = header(rec[0])
    clues = [[None if t == "-" else int(t) for t in line.split()] for line in rec[1:5]]
    if len(rec) == 5 + 2 * rows:
        givens = grid(rec[5 : 5 + rows], rows, cols)
        labels = grid(rec[5 + rows :], rows, cols)
    elif len(rec) == 5 + rows:
        givens = [["."] * cols for _ in range(rows)]
        labels = grid(rec[5:], rows, cols)
    else:
        raise FormatError("expected the clues, optional givens and the dominoes")
    return rows, cols, clues, givens, labels


def magnets_dominoes(rows, cols, labels):
    by_label: dict = {}
    for x in cells_of(rows, cols):
        by_label.setdefault(labels[x[0]][x[1]], []).append(x)
    return list(by_label.values())


def magnets_solve(p):
    rows, cols, (col_p, col_m, row_p, row_m), givens, labels = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    plus = {x: m.new_bool_var("") for x in cells}
    minus = {x: m.new_bool_var("") for x in cells}
    for x in cells:
        m.add_at_most_one([plus[x], minus[x]])
        t = givens[x[0]][x[1]]
        if t == "+":
            m.add(plus[x] == 1)
        elif t == "-":
            m.add(minus[x] == 1)
        elif t == "x":
            m.add(plus[x] + minus[x] == 0)
        for y in neighbours(x, rows, cols):
            m.add_bool_or([plus[x].Not(), plus[y].Not()])
            m.add_bool_or([minus[x].Not(), minus[y].Not()])
    for dom in magnets_dominoes(rows, cols, labels):
        if len(dom) == 1:
            m.add(plus[dom[0]] + minus[dom[0]] == 0)
        else:
            a, b = dom
            m.add(plus[a] == minus[b])
            m.add(minus[a] == plus[b])
    for lines, clue_p, clue_m in (
        ([[(r, c) for c in range(cols)] for r in range(rows)], row_p, row_m),
        ([[(r, c) for r in range(rows)] for c in range(cols)], col_p, col_m),
    ):
        for line, kp, km in zip(lines, clue_p, clue_m):
            if kp is not None:
                m.add(sum(plus[x] for x in line) == kp)
            if km is not None:
                m.add(sum(minus[x] for x in line) == km)
    xs = [plus[x] for x in cells] + [minus[x] for x in cells]
    values = solve_unique(m, xs)
    n = len(cells)
    return {x: "+" if values[i] else "-" if values[n + i] else "x" for i, x in enumerate(cells)}


def magnets_check(p, pole):
    rows, cols, (col_p, col_m, row_p, row_m), givens, labels = p
    for dom in magnets_dominoes(rows, cols, labels):
        ends = sorted(pole[x] for x in dom)
        assert ends in (["x"], ["x", "x"], ["+", "-"]), f"domino {dom} is {ends}"
    for x in cells_of(rows, cols):
        t = givens[x[0]][x[1]]
        assert t == "." or t == pole[x], "a given changed"
        for y in neighbours(x, rows, cols):
            assert pole[x] == "x" or pole[x] != pole[y], "like poles touch"
    for r in range(rows):
        line = [pole[(r, c)] for c in range(cols)]
        assert row_p[r] is None or line.count("+") == row_p[r], f"row {r} +"
        assert row_m[r] is None or line.count("-") == row_m[r], f"row {r} -"
    for c in range(cols):
        line = [pole[(r, c)] for r in range(rows)]
        assert col_p[c] is None or line.count("+") == col_p[c], f"column {c} +"
        assert col_m[c] is None or line.count("-") == col_m[c], f"column {c} -"


# ---------------------------------------------------------------------------
# Dominosa: numbers 0..N.
# ---------------------------------------------------------------------------


def dominosa_parse(rec):
    rows, cols, _ = header(rec[0])
    g = []
    for line in rec[1:]:
        toks = line.split()
        if len(toks) == 1 and cols > 1:
            toks = list(toks[0])
        g.append([int(t) for t in toks])
    if len(g) != rows or any(len(row) != cols for row in g):
        raise FormatError("wrong number of tokens")
    return rows, cols, g


def dominosa_solve(p):
    rows, cols, g = p
    m = cp_model.CpModel()
    cells = cells_of(rows, cols)
    at: dict = {x: [] for x in cells}
    pair: dict = {}
    edges = []
    for x in cells:
        for y in neighbours(x, rows, cols):
            if x < y:
                e = m.new_bool_var("")
                edges.append(((x, y), e))
                at[x].append(e)
                at[y].append(e)
                key = tuple(sorted((g[x[0]][x[1]], g[y[0]][y[1]])))
                pair.setdefault(key, []).append(e)
    for x in cells:
        m.add_exactly_one(at[x])
    top = max(max(row) for row in g)
    for a in range(top + 1):
        for b in range(a, top + 1):
            m.add_exactly_one(pair.get((a, b), []))
    values = solve_unique(m, [e for _, e in edges])
    return [k for (k, _), v in zip(edges, values) if v]


def dominosa_check(p, dominoes):
    rows, cols, g = p
    used = [c for d in dominoes for c in d]
    assert sorted(used) == cells_of(rows, cols), "cells not covered exactly once"
    for (a, b) in dominoes:
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, "a domino of cells apart"
    pairs = [tuple(sorted((g[a[0]][a[1]], g[b[0]][b[1]]))) for a, b in dominoes]
    assert len(set(pairs)) == len(pairs), "a domino used twice"


def plain(rec):
    rows, cols, _ = header(rec[0])
    return rows, cols, number_grid(grid(rec[1:], rows, cols))


def one_grid(rows, _head):
    return rows


def two_grids(rows, _head):
    return 2 * rows


# name -> (parse, solve, check, lines after the header of a record, or None:
# one record per blank-line separated block)
FAMILIES = {
    "nurikabe": (nurikabe_parse, nurikabe_solve, nurikabe_check, one_grid),
    "fillomino": (plain, fillomino_solve, fillomino_check, one_grid),
    "shikaku": (plain, shikaku_solve, shikaku_check, one_grid),
    "heyawake": (heyawake_parse, heyawake_solve, heyawake_check, two_grids),
    "lits": (lits_parse, lits_solve, lits_check, one_grid),
    "galaxies": (galaxies_parse, galaxies_solve, galaxies_check, one_grid),
    "kurodoko": (plain, kurodoko_solve, kurodoko_check, one_grid),
    "ripple-effect": (ripple_parse, ripple_solve, ripple_check, two_grids),
    "yajilin": (yajilin_parse, yajilin_solve, yajilin_check, one_grid),
    "battleships": (battleships_parse, battleships_solve, battleships_check, lambda rows, _h: rows + 2),
    "magnets": (magnets_parse, magnets_solve, magnets_check, None),
    "dominosa": (dominosa_parse, dominosa_solve, dominosa_check, one_grid),
}


def family_of(path: Path) -> str:
    return path.stem.rsplit("_", 1)[0]


def gridcsp_times(binary: str, family: str, path: Path, rounds: int) -> list[float]:
    """Milliseconds per puzzle of ``BIN --threads 1 FAMILY count --limit 2
    --json FILE`` (each record's own ``time_ms``: reading it, building the
    model, solving and proving it unique), the fastest of ``rounds`` runs;
    every puzzle must count exactly one solution."""
    best: list[float] = []
    for _ in range(max(1, rounds)):
        out = subprocess.run(
            [binary, "--threads", "1", family, "count", "--limit", "2", "--json", str(path)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        rows = [json.loads(line) for line in out.splitlines() if line.strip()]
        for row in rows:
            if row.get("count") != 1:
                raise AssertionError(f"{path}:{row.get('line')}: gridcsp counted {row.get('count')}")
        ms = [row["time_ms"] for row in rows]
        best = ms if not best else [min(a, b) for a, b in zip(best, ms)]
    return best


def ratio(a: float, b: float) -> str:
    r = a / max(b, 1e-6)
    return f"{r:.1f}" if r < 10 else f"{r:.0f}"


def stats(ms: list[float]) -> tuple[float, float]:
    return sum(ms) / len(ms), max(ms)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("filter", nargs="*", help="only files whose name contains one of these (e.g. a family)")
    ap.add_argument("--rounds", type=int, default=3, help="runs per puzzle, the fastest kept (default 3)")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of <family>_<size>.txt files")
    ap.add_argument("--json", action="store_true", help="one JSON object per file instead of the table")
    ap.add_argument("--gridcsp", metavar="BIN", help="also time this gridcsp binary on each file, side by side")
    ap.add_argument(
        "--gridcsp-rounds",
        type=int,
        default=10,
        help="runs of gridcsp per file, the fastest kept per puzzle (default 10: its in-process wall times are short and the noise of a loaded machine is large)",
    )
    ap.add_argument(
        "--connect",
        choices=("cuts", "depth"),
        default="cuts",
        help="how connectivity is modelled: lazy cuts (default) or parents with depths",
    )
    args = ap.parse_args()
    global CONNECT
    CONNECT = args.connect
    files = sorted(p for p in args.data.glob("*.txt") if not args.filter or any(f in p.name for f in args.filter))
    if not args.json:
        print(f"# OR-Tools {ortools.__version__}, CP-SAT, num_workers = 1, best of {args.rounds}, connect: {CONNECT}")
        if args.gridcsp:
            print(f"# gridcsp --threads 1 FAMILY count --limit 2 --json, best of {args.gridcsp_rounds}")
        head = "| file | puzzles | CP-SAT mean ms | worst ms | CP-SAT cpu mean ms | worst ms |"
        if args.gridcsp:
            head += " gridcsp mean ms | worst ms | CP-SAT cpu / gridcsp, mean | worst |"
        print(head)
        print("|---|" + "---:|" * (head.count("|") - 2))
    status = 0
    for path in files:
        name = family_of(path)
        if name not in FAMILIES:
            print(f"{path}: no family {name}, skipped", file=sys.stderr)
            continue
        parse, solve, check, body_lines = FAMILIES[name]
        try:
            recs = []
            for block in blocks(path.read_text()):
                recs += [block] if body_lines is None else split_records(block, body_lines)
            puzzles = [parse(rec) for rec in recs]
        except (FormatError, ValueError) as e:
            print(f"{path}: {e}", file=sys.stderr)
            return 2
        if not puzzles:
            continue
        wall, cpu = [], []
        for i, p in enumerate(puzzles):
            best_wall = best_cpu = float("inf")
            for _ in range(max(1, args.rounds)):
                start, start_cpu = time.perf_counter(), time.process_time()
                answer = solve(p)
                best_wall = min(best_wall, time.perf_counter() - start)
                best_cpu = min(best_cpu, time.process_time() - start_cpu)
                try:
                    check(p, answer)
                except AssertionError as e:
                    print(f"{path} puzzle {i + 1}: the answer breaks a rule: {e}", file=sys.stderr)
                    status = 1
            wall.append(best_wall * 1e3)
            cpu.append(best_cpu * 1e3)
        ours = gridcsp_times(args.gridcsp, name, path, args.gridcsp_rounds) if args.gridcsp else None
        if ours is not None and len(ours) != len(puzzles):
            print(f"{path}: gridcsp read {len(ours)} puzzles, this script {len(puzzles)}", file=sys.stderr)
            return 2
        if args.json:
            row = {"file": path.stem, "puzzles": len(puzzles), "cpsat_ms": wall, "cpsat_cpu_ms": cpu}
            if ours is not None:
                row["gridcsp_ms"] = ours
            print(json.dumps(row), flush=True)
            continue
        (mw, ww), (mc, wc) = stats(wall), stats(cpu)
        line = f"| {path.stem} | {len(puzzles)} | {mw:.2f} | {ww:.2f} | {mc:.2f} | {wc:.2f} |"
        if ours is not None:
            mo, wo = stats(ours)
            line += f" {mo:.3f} | {wo:.3f} | {ratio(mc, mo)} | {ratio(wc, wo)} |"
        print(line, flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
