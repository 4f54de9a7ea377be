"""Grades (or solves, counts, checks) a large file of puzzles, one per
line, on a Dask cluster, sharded by line ranges; or generates puzzles
sharded by seed ranges. The output is the same, line for line, as one
`gridcsp` process would write.

    # Grade a million puzzles: shards of 20,000 lines.
    python3 grade_lines.py grade puzzles.txt --lines 20000 > grades.txt
    # Generate a million: puzzle i comes from seed S+i, so shard k makes
    # puzzles k*L .. k*L+L-1 from seed S + k*L.
    python3 grade_lines.py generate --count 1000000 --seed 7 --lines 10000 > puzzles.txt
    # On a real cluster:
    python3 grade_lines.py --scheduler tcp://10.0.0.5:8786 grade puzzles.txt

Each task runs `gridcsp --threads 1` on its shard (one core per Dask
worker thread); the results are gathered in shard order and written as
they arrive in that order.
"""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from pathlib import Path

from gridcsp_dask import client, find_gridcsp, run_gridcsp


def run_lines(binary: str, argv: list[str], lines: list[str]) -> str:
    return run_gridcsp(binary, argv + ["--threads", "1"], "".join(lines))


def run_generate(binary: str, argv: list[str], count: int, seed: int) -> str:
    return run_gridcsp(binary, argv + ["--threads", "1", "--count", str(count), "--seed", str(seed)], "")


def shards_of(path: str, size: int):
    with open(path) as f:
        while True:
            chunk = list(islice(f, size))
            if not chunk:
                return
            if not chunk[-1].endswith("\n"):
                chunk[-1] += "\n"
            yield chunk


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["grade", "solve", "count", "check", "generate"])
    ap.add_argument("input", nargs="?", help="puzzles, one per line (not for generate)")
    ap.add_argument("--family", default="sudoku")
    ap.add_argument("--lines", type=int, default=20000, help="lines (puzzles) per task")
    ap.add_argument("--count", type=int, default=0, help="generate: how many puzzles")
    ap.add_argument("--seed", type=int, default=1, help="generate: the first seed")
    ap.add_argument("--option", action="append", default=[], help="extra gridcsp option (repeatable), e.g. --option=--difficulty=hard")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler")
    ap.add_argument("--gridcsp", help="path of the gridcsp binary (the same on every worker)")
    ap.add_argument("--output", help="write here instead of standard output")
    args = ap.parse_args()

    binary = find_gridcsp(args.gridcsp)
    argv = [args.family, args.command] + args.option
    out = open(args.output, "w") if args.output else sys.stdout
    with client(args.scheduler, args.workers) as c:
        if args.command == "generate":
            starts = range(0, args.count, args.lines)
            futures = [
                c.submit(run_generate, binary, argv, min(args.lines, args.count - s), args.seed + s, pure=False)
                for s in starts
            ]
        else:
            if not args.input:
                ap.error("an input file is needed")
            # Every shard is submitted at once, its lines inside the task:
            # for a file larger than the client's memory, submit in waves.
            futures = [c.submit(run_lines, binary, argv, chunk, pure=False) for chunk in shards_of(args.input, args.lines)]
        for f in futures:
            out.write(f.result())
    if out is not sys.stdout:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
