"""Counts the solutions of ONE puzzle on a Dask cluster by subproblems.

1. `gridcsp FAMILY count --split N PUZZLE` cuts its search space into at
   least N subproblems (docs/formats/subproblems.md), locally;
2. the subproblem lines are cut into shards, and each shard is counted on a
   worker with `gridcsp FAMILY count --subproblems SHARD` (the puzzle is sent
   along as standard input, the shard file carries the puzzle's header);
3. the shards' counts are summed.

The sum is the puzzle's count: the subproblems partition its solutions.

    python3 count_subproblems.py --family sudoku --box 2x3 --grid puzzle.txt
    python3 count_subproblems.py --scheduler tcp://10.0.0.5:8786 ... puzzle.txt
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gridcsp_dask import client, find_gridcsp, run_gridcsp


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("puzzle", help="a file holding one puzzle")
    ap.add_argument("--family", default="sudoku")
    ap.add_argument("--box", help="sudoku box shape, e.g. 2x3")
    ap.add_argument("--grid", action="store_true", help="sudoku grid form")
    ap.add_argument("--split", type=int, default=2000, help="at least this many subproblems")
    ap.add_argument("--shards", type=int, default=0, help="tasks [default: 8 per worker]")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler")
    ap.add_argument("--gridcsp", help="path of the gridcsp binary (the same on every worker)")
    ap.add_argument("--check", action="store_true", help="also count in one process and compare")
    args = ap.parse_args()

    binary = find_gridcsp(args.gridcsp)
    family_args = [args.family]
    if args.box:
        family_args += ["--box", args.box]
    if args.grid:
        family_args += ["--grid"]
    # The sudoku options belong to the subcommand: put them after it.
    def command(sub: list[str]) -> list[str]:
        return [family_args[0]] + sub[:1] + family_args[1:] + sub[1:]

    puzzle = Path(args.puzzle).read_text()
    split = run_gridcsp(binary, command(["count", "--split", str(args.split)]), puzzle)
    header, *parts = split.strip("\n").split("\n")
    with client(args.scheduler, args.workers) as c:
        workers = max(1, len(c.scheduler_info()["workers"]))
        shards = args.shards or 8 * workers
        size = max(1, -(-len(parts) // shards))
        chunks = [parts[i : i + size] for i in range(0, len(parts), size)]
        texts = [header + "\n" + "\n".join(chunk) + "\n" for chunk in chunks]
        sub = command(["count"])
        futures = [
            c.submit(count_shard_cmd, binary, sub, puzzle, text, pure=False) for text in texts
        ]
        total = sum(c.gather(futures))
    print(f"{total}")
    print(f"{len(parts)} subproblems in {len(texts)} shards on {workers} workers", file=sys.stderr)
    if args.check:
        single = run_gridcsp(binary, command(["count", "--threads", "1"]), puzzle).strip()
        if single != str(total):
            print(f"MISMATCH: one process counts {single}", file=sys.stderr)
            return 1
        print(f"one process agrees: {single}", file=sys.stderr)
    return 0


def count_shard_cmd(binary: str, sub: list[str], puzzle: str, shard: str) -> int:
    """`sub` is the whole count command (family, `count`, its options)."""
    out = run_gridcsp(
        binary, sub + ["--threads", "1", "--subproblems", "{shard}"], puzzle, {"shard": shard}
    )
    total = 0
    for line in out.split():
        if not line.isdigit():
            raise RuntimeError(f"a subproblem was not counted: {line!r}")
        total += int(line)
    return total


if __name__ == "__main__":
    sys.exit(main())
