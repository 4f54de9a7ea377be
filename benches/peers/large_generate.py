#!/usr/bin/env python3
"""Large Norinori and Masyu puzzles, of any size, shaped like published ones,
for the measuring sets of benches/data/large/ (see its README).

    benches/peers/large_generate.py norinori 36x54 --count 2 --seed 7 --oracle "CMD"
    benches/peers/large_generate.py masyu 20x20 --count 5 --seed 3 --oracle "CMD"

gridcsp's own generators stop at 20x20 (Norinori, and its puzzles carry
shaded givens, which published ones do not) and are reliable only to about
7x7 (Masyu); Tatham's Pearl generator takes minutes of CPU at 20x20. So this
script plants a solution, builds a puzzle around it and repairs it until it
is unique, asking an *oracle* for another solution at every step:

- Norinori: dominoes planted at random (none side by side), one seed area
  per shaded cell grown at random over the grid, the areas paired into
  regions of two shaded cells (first each domino's two halves, then random
  swaps so that many dominoes cross a region border, as in published
  puzzles). While the oracle finds a solution S other than the plant, a
  cell S shades and the plant does not moves to a neighbouring region (its
  region stays in one piece): the plant's counts stay 2, S's break. Where no
  such move exists, a plant cell S leaves unshaded becomes a given (published
  puzzles have none: the data README says how many were needed).
- Masyu: a random loop through the cell centres (the border of a random
  snake-like region of the squares between centres), 30% of the pearls it
  allows. While the oracle finds a solution S other than the plant, up to
  three pearls the plant allows and S breaks are added (when there are none,
  S becomes the plant). Then each pearl, in random order, is removed if the
  puzzle stays unique (up to --removals tries).

The oracle is a command (split on spaces) run as `CMD other-masyu` or
`CMD other-norinori`: on stdin a puzzle in our text layout, a line `plant`,
then ROWS lines of ROWS x COLS numbers (Masyu: each centre's loop exits,
1 north, 2 south, 4 west, 8 east; Norinori: 1 shaded); on stdout one JSON
object, `{"outcome": "unique"}` when the plant is the only solution, else
`{"outcome": "multiple", "solution": [[...], ...]}` with another solution
in the same form. It is used only to build the puzzles; it should not be
gridcsp, so that what gridcsp finds hard is not filtered out of the set
(the sets were made with cspuz_core, see benches/peers/README.md). Every
puzzle written is unique by the oracle and is checked again by the
measurement. Deterministic for a given seed and oracle.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Oracle:
    def __init__(self, cmd: str):
        self.base = cmd.split()
        self.calls = 0
        self.seconds = 0.0

    def other_masyu(self, text: str, plant: dict) -> dict | None:
        """A solution of the Masyu other than the plant's loop (exits per
        centre), or None when the plant is the only one."""
        h, w = (int(v) for v in text.split("\n", 1)[0].split())
        masks = [[mask(plant.get((y, x), set())) for x in range(w)] for y in range(h)]
        sol = self.other("other-masyu", text, masks)
        return None if sol is None else exits_of(sol)

    def other_norinori(self, text: str, shaded: set) -> set | None:
        """A Norinori solution shading other cells than the plant, or None."""
        h, w = (int(v) for v in text.split("\n", 1)[0].split())
        sol = self.other("other-norinori", text, [[int((y, x) in shaded) for x in range(w)] for y in range(h)])
        return None if sol is None else {(y, x) for y, r in enumerate(sol) for x, v in enumerate(r) if v}

    def other(self, mode: str, text: str, plant: list[list[int]]) -> list | None:
        masks = "\n".join(" ".join(map(str, r)) for r in plant)
        self.calls += 1
        t = time.perf_counter()
        out = subprocess.run(self.base + [mode], input=f"{text}\nplant\n{masks}\n",
                             capture_output=True, text=True, check=False)
        self.seconds += time.perf_counter() - t
        try:
            j = json.loads(out.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            raise SystemExit(f"oracle gave no answer: {out.stderr.strip()[:300]}")
        if j.get("outcome") == "unique":
            return None
        if j.get("outcome") != "multiple":
            raise SystemExit(f"oracle: {j}")
        return j["solution"]


def mask(exits: set[tuple[int, int]]) -> int:
    return sum(b for b, d in ((1, (-1, 0)), (2, (1, 0)), (4, (0, -1)), (8, (0, 1))) if d in exits)


# ---------------------------------------------------------------- Norinori


def plant_dominoes(h: int, w: int, rng: random.Random) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    shaded = [[False] * w for _ in range(h)]
    cells = [(y, x) for y in range(h) for x in range(w)]
    rng.shuffle(cells)
    dominoes = []

    def free(y: int, x: int, partner: tuple[int, int]) -> bool:
        if not (0 <= y < h and 0 <= x < w) or shaded[y][x]:
            return False
        for dy, dx in DIRS:
            ny, nx = y + dy, x + dx
            if (ny, nx) != partner and 0 <= ny < h and 0 <= nx < w and shaded[ny][nx]:
                return False
        return True

    for y, x in cells:
        dirs = [(0, 1), (1, 0)]
        rng.shuffle(dirs)
        for dy, dx in dirs:
            a, b = (y, x), (y + dy, x + dx)
            if free(*a, b) and free(*b, a):
                shaded[a[0]][a[1]] = shaded[b[0]][b[1]] = True
                dominoes.append((a, b))
                break
    return dominoes


def grow(h: int, w: int, seeds: list[tuple[int, int]], rng: random.Random) -> list[list[int]]:
    """Areas grown at random from the seed cells until they cover the grid."""
    area = [[-1] * w for _ in range(h)]
    frontier = []
    for i, (y, x) in enumerate(seeds):
        area[y][x] = i
        frontier.append((y, x))
    while frontier:
        k = rng.randrange(len(frontier))
        y, x = frontier[k]
        opts = [(y + dy, x + dx) for dy, dx in DIRS
                if 0 <= y + dy < h and 0 <= x + dx < w and area[y + dy][x + dx] < 0]
        if not opts:
            frontier[k] = frontier[-1]
            frontier.pop()
            continue
        ny, nx = rng.choice(opts)
        area[ny][nx] = area[y][x]
        frontier.append((ny, nx))
    return area


def connected_without(region: list[list[int]], rid: int, cell: tuple[int, int]) -> bool:
    h, w = len(region), len(region[0])
    cells = [(y, x) for y in range(h) for x in range(w) if region[y][x] == rid and (y, x) != cell]
    if not cells:
        return False
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        y, x = stack.pop()
        for dy, dx in DIRS:
            n = (y + dy, x + dx)
            if n != cell and 0 <= n[0] < h and 0 <= n[1] < w and n not in seen and region[n[0]][n[1]] == rid:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def norinori_text(region: list[list[int]], givens: frozenset | set = frozenset()) -> str:
    h, w = len(region), len(region[0])
    lines = [f"{h} {w}"] + [" ".join("x" if (y, x) in givens else "-" for x in range(w)) for y in range(h)]
    width = len(str(max(max(r) for r in region)))
    lines += [" ".join(str(v).rjust(width) for v in row) for row in region]
    return "\n".join(lines)


def gen_norinori(h: int, w: int, rng: random.Random, oracle: Oracle, iters: int, verbose: bool = False) -> str | None:
    dominoes = plant_dominoes(h, w, rng)
    halves = [c for d in dominoes for c in d]
    area = grow(h, w, halves, rng)
    # Pair the areas: each domino's halves, then swaps (a1 a2)(b1 b2) ->
    # (a1 b1)(a2 b2) where those areas touch.
    partner = {}
    for i in range(0, len(halves), 2):
        partner[i], partner[i + 1] = i + 1, i
    touch: dict[int, set[int]] = {i: set() for i in range(len(halves))}
    for y in range(h):
        for x in range(w):
            for dy, dx in ((0, 1), (1, 0)):
                ny, nx = y + dy, x + dx
                if ny < h and nx < w and area[y][x] != area[ny][nx]:
                    touch[area[y][x]].add(area[ny][nx])
                    touch[area[ny][nx]].add(area[y][x])
    for _ in range(3 * len(halves)):
        a1 = rng.randrange(len(halves))
        a2 = partner[a1]
        opts = [b1 for b1 in touch[a1] if b1 not in (a1, a2) and partner[b1] in touch[a2] and partner[b1] != a1]
        if opts:
            b1 = rng.choice(sorted(opts))
            b2 = partner[b1]
            partner[a1], partner[b1] = b1, a1
            partner[a2], partner[b2] = b2, a2
    rid, ids = {}, 0
    for a in range(len(halves)):
        if a not in rid:
            rid[a] = rid[partner[a]] = ids
            ids += 1
    region = [[rid[area[y][x]] for x in range(w)] for y in range(h)]
    shaded = set(halves)

    # Until unique: a solution S other than the plant. A cell S shades and
    # the plant does not moves from its region A to a neighbouring region B
    # (A stays in one piece): the plant's counts stay 2, S's become 1 and 3,
    # so S is cut off. Where no such move exists, a plant cell S leaves
    # unshaded becomes a given (published puzzles have none; the README
    # gives how many were needed).
    givens: set[tuple[int, int]] = set()
    for step in range(iters):
        other = oracle.other_norinori(norinori_text(region, givens), shaded)
        if other is None:
            if verbose:
                print(f"  unique after {step} repairs, {len(givens)} givens, {oracle.calls} calls",
                      file=sys.stderr, flush=True)
            return norinori_text(region, givens)
        moves = []
        for y, x in sorted(other - shaded):
            a = region[y][x]
            for dy, dx in DIRS:
                ny, nx = y + dy, x + dx
                if 0 <= ny < h and 0 <= nx < w and region[ny][nx] != a:
                    moves.append(((y, x), region[ny][nx]))
        rng.shuffle(moves)
        for (y, x), b in moves:
            if connected_without(region, region[y][x], (y, x)):
                region[y][x] = b
                break
        else:
            givens.add(rng.choice(sorted(shaded - other - givens)))
    return None


# ------------------------------------------------------------------- Masyu


def loop_region(h: int, w: int, rng: random.Random, fill: float) -> set[tuple[int, int]]:
    """A random region of the (h-1)x(w-1) squares between centres, simply
    connected and without pinch points, grown snake-like so that its border
    (the loop) visits many centres."""
    H, W = h - 1, w - 1
    start = (rng.randrange(H), rng.randrange(W))
    region = {start}

    def ok(sq: tuple[int, int]) -> bool:
        y, x = sq
        # No pinch: each corner of the new square keeps its four squares
        # from holding exactly two diagonal ones.
        new = region | {sq}
        for cy in (y, y + 1):
            for cx in (x, x + 1):
                quad = [(cy - 1, cx - 1) in new, (cy - 1, cx) in new, (cy, cx) in new, (cy, cx - 1) in new]
                if quad == [True, False, True, False] or quad == [False, True, False, True]:
                    return False
        # No hole: the squares around sq outside the region stay connected
        # to the outside (checked by a flood from the border).
        return True

    def holes(new: set[tuple[int, int]]) -> bool:
        seen = set()
        stack = []
        for yy in range(-1, H + 1):
            for xx in (-1, W):
                stack.append((yy, xx))
        for xx in range(W):
            stack += [(-1, xx), (H, xx)]
        seen.update(stack)
        while stack:
            cy, cx = stack.pop()
            for dy, dx in DIRS:
                n = (cy + dy, cx + dx)
                if -1 <= n[0] <= H and -1 <= n[1] <= W and n not in seen and n not in new:
                    seen.add(n)
                    stack.append(n)
        return len(seen) + len(new) != (H + 2) * (W + 2)

    target = int(fill * H * W)
    stale = 0
    while len(region) < target and stale < 2000:
        cand = {}
        for y, x in region:
            for dy, dx in DIRS:
                n = (y + dy, x + dx)
                if 0 <= n[0] < H and 0 <= n[1] < W and n not in region:
                    cand[n] = cand.get(n, 0) + 1
        # Snake-like: squares touching the region on one side only, mostly.
        ones = sorted(c for c, k in cand.items() if k == 1)
        pool = ones if ones and rng.random() < 0.9 else sorted(cand)
        sq = rng.choice(pool)
        if ok(sq) and not holes(region | {sq}):
            region.add(sq)
            stale = 0
        else:
            stale += 1
    return region


def loop_of(h: int, w: int, region: set[tuple[int, int]]) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """Centre -> the directions the loop leaves it by (the region's border)."""
    exits: dict[tuple[int, int], set[tuple[int, int]]] = {}

    def edge(a: tuple[int, int], b: tuple[int, int]) -> None:
        exits.setdefault(a, set()).add((b[0] - a[0], b[1] - a[1]))
        exits.setdefault(b, set()).add((a[0] - b[0], a[1] - b[1]))

    # Square (y, x) has corners (centres) (y, x), (y, x+1), (y+1, x), (y+1, x+1).
    for y in range(h):
        for x in range(w - 1):  # step (y, x)-(y, x+1): between squares (y-1, x) and (y, x)
            if ((y - 1, x) in region) != ((y, x) in region):
                edge((y, x), (y, x + 1))
    for y in range(h - 1):
        for x in range(w):  # step (y, x)-(y+1, x): between squares (y, x-1) and (y, x)
            if ((y, x - 1) in region) != ((y, x) in region):
                edge((y, x), (y + 1, x))
    return exits


def pearl_options(exits) -> dict[tuple[int, int], str]:
    """The pearl each loop centre may carry: white where the loop goes
    straight and turns in a neighbour, black where it turns and goes
    straight through both next centres."""

    def straight(c) -> bool:
        e = exits.get(c, set())
        return e in ({(0, 1), (0, -1)}, {(1, 0), (-1, 0)})

    out = {}
    for c, e in exits.items():
        legs = [(c[0] + d[0], c[1] + d[1]) for d in e]
        if straight(c):
            if not all(straight(n) for n in legs):
                out[c] = "w"
        elif all(straight(n) for n in legs):
            out[c] = "b"
    return out


def masyu_text(h: int, w: int, pearls: dict[tuple[int, int], str]) -> str:
    return "\n".join([f"{h} {w}"] + [" ".join(pearls.get((y, x), "-") for x in range(w)) for y in range(h)])


def exits_of(solution: list[list[int]]) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """The oracle's solution (per centre: 1 north, 2 south, 4 west, 8 east)
    as exits."""
    bits = ((1, (-1, 0)), (2, (1, 0)), (4, (0, -1)), (8, (0, 1)))
    return {(y, x): {d for b, d in bits if v & b}
            for y, row in enumerate(solution) for x, v in enumerate(row) if v}


def gen_masyu(h: int, w: int, rng: random.Random, oracle: Oracle, removals: int,
              verbose: bool = False) -> str | None:
    plant = loop_of(h, w, loop_region(h, w, rng, fill=0.45))
    opts = pearl_options(plant)
    pearls = {c: opts[c] for c in sorted(opts) if rng.random() < 0.3}
    # Until unique: a solution S other than the plant; pearls the plant
    # allows and S breaks are added (each cuts S off; the plant stays a
    # solution). When the plant allows none that S breaks, S becomes the plant.
    switches = 0
    while True:
        other = oracle.other_masyu(masyu_text(h, w, pearls), plant)
        if other is None:
            break
        in_other = pearl_options(other)
        cand = sorted(c for c, k in opts.items() if c not in pearls and in_other.get(c) != k)
        if verbose:
            print(f"  {len(pearls)} pearls, {len(cand)} cuts, {oracle.calls} calls", file=sys.stderr, flush=True)
        if cand:
            for c in rng.sample(cand, min(len(cand), 3)):
                pearls[c] = opts[c]
        else:
            switches += 1
            if switches > 50:
                return None
            plant, opts = other, in_other
    order = sorted(pearls)
    rng.shuffle(order)
    for c in order[:removals]:
        kind = pearls.pop(c)
        if oracle.other_masyu(masyu_text(h, w, pearls), plant) is not None:
            pearls[c] = kind
    return masyu_text(h, w, pearls)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("family", choices=["norinori", "masyu"])
    ap.add_argument("size", help="ROWSxCOLS")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0, help="puzzle i is made from seed SEED+i")
    ap.add_argument("--oracle", required=True, help="the oracle command (see above)")
    ap.add_argument("--iters", type=int, default=400, help="Norinori: repair steps per attempt")
    ap.add_argument("--removals", type=int, default=400, help="Masyu: pearls tried for removal")
    ap.add_argument("-v", "--verbose", action="store_true", help="progress on stderr")
    ap.add_argument("--attempts", type=int, default=5, help="fresh plants per puzzle before giving up")
    args = ap.parse_args()
    h, w = (int(v) for v in args.size.lower().split("x"))
    oracle = Oracle(args.oracle)
    failed = 0
    for i in range(args.count):
        rng = random.Random(args.seed + i)
        text = None
        for _ in range(args.attempts):
            if args.family == "norinori":
                text = gen_norinori(h, w, rng, oracle, args.iters, args.verbose)
            else:
                text = gen_masyu(h, w, rng, oracle, args.removals, args.verbose)
            if text:
                break
        if text is None:
            print(f"puzzle {i} (seed {args.seed + i}): no unique puzzle in {args.attempts} attempts",
                  file=sys.stderr)
            failed += 1
            continue
        print(f"# {args.family} {args.size} seed {args.seed + i}")
        print(text + "\n", flush=True)
        print(f"puzzle {i}: {oracle.calls} oracle calls so far, {oracle.seconds:.1f} s", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
