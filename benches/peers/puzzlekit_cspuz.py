#!/usr/bin/env python3
"""janko.at's published puzzles through gridcsp and cspuz_core, side by side.

For each puzzle of a puzzlekit genre (see `puzzlekit_check.py`), one run
of `gridcsp FAMILY count --limit 2 --json --threads 1 --time-limit T` and
one of the cspuz_core peer (`cspuz_build.sh` builds it; it prints
`unique`, `multiple` or `none` from cspuz_core's irrefutable facts), each
with the same limit, one after the other on the same puzzle, so a ratio
holds on a shared machine. Times are wall clock per process (start-up
included: a few milliseconds for either).

    PEER=$(benches/peers/cspuz_build.sh)
    benches/peers/puzzlekit_cspuz.py DATA nurikabe --peer "$PEER" \\
        --gridcsp target/release/gridcsp --time-limit 10s [--only run.json] [--first N]

`--only` takes a `puzzlekit_check.py --json-out` file and keeps the
puzzles it stopped on (`limit`); `--first N` the first N puzzles. Prints
one row per family: puzzles, answered by each (unique or not, before the
limit), each one's total and worst time, and the puzzles where the two
disagree. Run on request, never in CI.
"""

import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from puzzlekit_check import GENRES, clean, records  # noqa: E402


def seconds(text):
    text = text.strip()
    for suffix, scale in (("ms", 1e-3), ("s", 1.0), ("m", 60.0)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * scale
    return float(text)


def timed(cmd, text, timeout):
    start = time.perf_counter()
    try:
        r = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=timeout)
        out = r.stdout
    except subprocess.TimeoutExpired:
        out = ""
    return out, time.perf_counter() - start


def ours(binary, family, text, limit):
    out, t = timed([binary, "--threads", "1", family, "count", "--limit", "2", "--json",
                    "--time-limit", f"{limit}s"], text, limit + 5)
    try:
        d = json.loads(out.splitlines()[0])
    except (IndexError, ValueError):
        return "error", t
    if d.get("outcome") != "counted":
        return d.get("outcome", "error"), t
    return {0: "none", 1: "unique"}.get(d.get("count"), "multiple"), t


def peer(binary, family, text, limit):
    # cspuz_core has no limit of its own: the process is stopped at it.
    out, t = timed([binary, family], text, limit)
    if t >= limit:
        return "limit", t
    try:
        return json.loads(out.splitlines()[0]).get("outcome", "error"), t
    except (IndexError, ValueError):
        return "limit" if not out else "error", t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("families", nargs="+")
    ap.add_argument("--peer", required=True)
    ap.add_argument("--gridcsp", default="target/release/gridcsp")
    ap.add_argument("--time-limit", default="10s")
    ap.add_argument("--only", help="a puzzlekit_check.py --json-out file: its 'limit' puzzles")
    ap.add_argument("--first", type=int, help="the first N puzzles only")
    args = ap.parse_args()
    limit = seconds(args.time_limit)
    only = None
    if args.only:
        with open(args.only, encoding="utf-8") as f:
            only = {(r["family"], r["name"]) for r in json.load(f) if r["outcome"] == "limit"}
    by_family = {f: g for g, f in GENRES.items()}
    print("| family | puzzles | gridcsp answered | cspuz_core answered | gridcsp total s "
          "| cspuz_core total s | gridcsp worst s | cspuz_core worst s | disagree |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for family in args.families:
        genre = by_family[family]
        recs = records(os.path.join(args.data, genre, f"{genre}_dataset.json"))
        if only is not None:
            recs = [r for r in recs if (family, r[0]) in only]
        if args.first:
            recs = recs[: args.first]
        rows, disagree = [], []
        for name, problem, _, _ in recs:
            text = clean(problem) + "\n"
            a, ta = ours(args.gridcsp, family, text, limit)
            b, tb = peer(args.peer, family, text, limit)
            rows.append((a, ta, b, tb))
            done = ("unique", "multiple", "none")
            if a in done and b in done and a != b:
                disagree.append((name, a, b))
            print(f"{family} {name}: gridcsp {a} {ta:.2f} s, cspuz_core {b} {tb:.2f} s",
                  file=sys.stderr, flush=True)
        answered = lambda k: sum(1 for r in rows if r[k] in ("unique", "multiple", "none"))
        print(f"| {family} | {len(rows)} | {answered(0)} | {answered(2)} | "
              f"{sum(r[1] for r in rows):.2f} | {sum(r[3] for r in rows):.2f} | "
              f"{max((r[1] for r in rows), default=0):.2f} | "
              f"{max((r[3] for r in rows), default=0):.2f} | {len(disagree)} |", flush=True)
        for name, a, b in disagree:
            print(f"{family} disagree: {name}: gridcsp {a}, cspuz_core {b}")


if __name__ == "__main__":
    main()
