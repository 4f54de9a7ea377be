#!/usr/bin/env python3
"""Today's engine on the large puzzle sets: one `gridcsp FAMILY count --limit 2
--threads 1` per puzzle, with a per-puzzle CPU-time limit, and a table per
family (puzzles, solved and proven unique, timeouts, mean, median and worst
CPU seconds), then the slowest puzzles by file and line.

    benches/peers/large_baseline.py                      # every benches/data/large/*.txt
    benches/peers/large_baseline.py masyu slitherlink    # some families
    benches/peers/large_baseline.py --timeout 10 --json-out /tmp/base.json

With `--peer CMD`, a second solver runs on every puzzle right after gridcsp
(one process each, the same CPU limit), and a second table with the same
columns, and the per-family ratio of total CPU times, follow. CMD is split on
spaces and gets the family name as its last argument; it reads one puzzle in
our text layout (or game ID) on standard input and prints one JSON object
with `outcome`: `unique`, `multiple` or `none` (see benches/peers/README.md).

Each puzzle runs in a process of its own, so its CPU time (user + system,
from the kernel's accounting of the finished child) covers starting the
process, parsing, building the model and the search. A puzzle that reaches
the CPU limit is killed (RLIMIT_CPU) and counted as a timeout; a wall-clock
backstop (`--time-limit` for gridcsp, and a kill) of several times the limit
catches a process that does not get the CPU at all. Timeouts enter the mean
and median at the limit, so those are lower bounds when there are timeouts.

Run on request only, never in CI. Standard library only (Python 3.9+).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DATA = ROOT / "benches" / "data" / "large"


@dataclass
class Record:
    """One puzzle of a file: where it starts, its text, its size."""

    file: str
    line: int
    text: str
    size: str


@dataclass
class Run:
    """One solver on one puzzle."""

    outcome: str  # unique, multiple, none, timeout, error
    cpu: float
    wall: float
    detail: dict = field(default_factory=dict)


def size_of(text: str) -> str:
    """ROWSxCOLS from a text header `R C ...` or a Tatham ID `WxH...:`."""
    first = text.split("\n", 1)[0]
    m = re.match(r"^(\d+)(?:x(\d+))?[^:]*:", first)
    if m:  # Tatham: width first
        w = int(m.group(1))
        h = int(m.group(2) or m.group(1))
        return f"{h}x{w}"
    nums = first.split()
    if len(nums) >= 2 and nums[0].isdigit() and nums[1].isdigit():
        return f"{nums[0]}x{nums[1]}"
    if nums and nums[0].isdigit():
        return f"{nums[0]}x{nums[0]}"
    return "?"


def records(path: Path) -> list[Record]:
    """Cut a file into puzzles: blocks separated by blank lines, `#` lines
    skipped; a block of game IDs (lines holding `:`) is one puzzle a line."""
    out: list[Record] = []
    block: list[tuple[int, str]] = []

    def flush() -> None:
        if not block:
            return
        if all(":" in t for _, t in block):
            for n, t in block:
                out.append(Record(path.name, n, t, size_of(t)))
        else:
            text = "\n".join(t for _, t in block)
            out.append(Record(path.name, block[0][0], text, size_of(text)))
        block.clear()

    for n, raw in enumerate(path.read_text().splitlines(), start=1):
        t = raw.rstrip()
        if t.lstrip().startswith("#"):
            flush()
        elif not t.strip():
            flush()
        else:
            block.append((n, t))
    flush()
    return out


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_one(cmd: list[str], text: str, limit: float, backstop: float) -> tuple[str, str, float, float, int]:
    """Run cmd on text with a CPU limit; stdout, stderr, CPU and wall seconds, return code."""
    cpu_limit = max(1, int(limit + 0.999))

    def preexec() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 2))

    before = child_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=preexec,
    )
    try:
        out, err = proc.communicate(text + "\n", timeout=backstop)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    wall = time.perf_counter() - start
    return out, err, child_cpu() - before, wall, proc.returncode


def run_gridcsp(binary: str, family: str, rec: Record, limit: float, backstop: float) -> Run:
    cmd = [
        binary, family, "count", "--limit", "2", "--threads", "1", "--json",
        "--no-progress", "--time-limit", f"{backstop:.0f}",
    ]
    out, err, cpu, wall, rc = run_one(cmd, rec.text, limit, backstop + 10)
    lines = [l for l in out.splitlines() if l.strip()]
    if rc < 0 or cpu >= limit or not lines:
        if rc < 0 or cpu >= limit:
            return Run("timeout", cpu, wall)
        return Run("error", cpu, wall, {"stderr": err.strip()[:300], "rc": rc})
    if len(lines) != 1:
        return Run("error", cpu, wall, {"stderr": f"{len(lines)} answers for one puzzle"})
    j = json.loads(lines[0])
    o = j.get("outcome")
    detail = {k: j.get(k) for k in ("decisions", "nodes", "time_ms")}
    if o == "counted":
        c = j.get("count")
        outcome = {0: "none", 1: "unique"}.get(c, "multiple")
        if c == 1 and not j.get("exact", False):
            outcome = "error"
        return Run(outcome, cpu, wall, detail)
    if o == "limit":
        return Run("timeout", min(cpu, limit), wall, detail)
    detail["error"] = j.get("error")
    return Run("error", cpu, wall, detail)


def run_peer(peer: list[str], family: str, rec: Record, limit: float, backstop: float) -> Run:
    out, err, cpu, wall, rc = run_one(peer + [family], rec.text, limit, backstop + 10)
    if rc < 0 or cpu >= limit:
        return Run("timeout", min(cpu, limit), wall)
    lines = [l for l in out.splitlines() if l.strip()]
    try:
        j = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        return Run("error", cpu, wall, {"stderr": err.strip()[:300], "rc": rc})
    o = j.get("outcome")
    if o not in ("unique", "multiple", "none"):
        return Run("error", cpu, wall, {"stderr": (j.get("error") or err.strip())[:300]})
    return Run(o, cpu, wall, {k: v for k, v in j.items() if k != "outcome"})


def summary(runs: list[Run], limit: float) -> dict:
    cpus = [limit if r.outcome == "timeout" else r.cpu for r in runs]
    return {
        "puzzles": len(runs),
        "unique": sum(r.outcome == "unique" for r in runs),
        "multiple": sum(r.outcome == "multiple" for r in runs),
        "none": sum(r.outcome == "none" for r in runs),
        "timeouts": sum(r.outcome == "timeout" for r in runs),
        "errors": sum(r.outcome == "error" for r in runs),
        "total": sum(cpus),
        "mean": statistics.fmean(cpus) if cpus else 0.0,
        "median": statistics.median(cpus) if cpus else 0.0,
        "worst": max(cpus) if cpus else 0.0,
    }


def table(title: str, rows: list[tuple[str, dict]]) -> str:
    head = (
        f"{title}\n\n"
        "| family | puzzles | unique | timeouts | other | total s | mean s | median s | worst s |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    )
    body = "".join(
        f"| {name} | {s['puzzles']} | {s['unique']} | {s['timeouts']} | "
        f"{s['multiple'] + s['none'] + s['errors']} | {s['total']:.2f} | {s['mean']:.3f} | "
        f"{s['median']:.3f} | {s['worst']:.2f} |\n"
        for name, s in rows
    )
    return head + body


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("families", nargs="*", help="families (file stems of DATA) to run; default all")
    ap.add_argument("--data", type=Path, default=DATA, help="folder of <family>.txt files")
    ap.add_argument("--gridcsp", default=str(ROOT / "target" / "release" / "gridcsp"),
                    help="the binary (default: this tree's target/release/gridcsp)")
    ap.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per puzzle (default 60)")
    ap.add_argument("--backstop", type=float, default=4.0,
                    help="wall-clock kill at this many times the timeout (default 4)")
    ap.add_argument("--peer", help="a second solver's command (family appended), run after gridcsp on each puzzle")
    ap.add_argument("--no-gridcsp", action="store_true", help="run the peer alone")
    ap.add_argument("--sizes", action="store_true", help="also one row per family and size")
    ap.add_argument("--slowest", type=int, default=15, help="list this many slowest puzzles (default 15)")
    ap.add_argument("--first", type=int, help="only the first N puzzles of each file")
    ap.add_argument("--json-out", type=Path, help="write every puzzle's runs as JSON here")
    ap.add_argument("--from-json", type=Path, action="append",
                    help="print the tables of earlier --json-out files (repeatable: merged) instead of running")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress line per puzzle on stderr")
    args = ap.parse_args()

    if args.from_json:
        results, loads, peer_name = [], [], args.peer or "peer"
        for f in args.from_json:
            j = json.loads(f.read_text())
            args.timeout = j["timeout"]
            loads += j["load"]
            peer_name = j.get("peer") or peer_name
            results += [e for e in j["results"] if not args.families or e["family"] in args.families]
        tools = [t for t in ("gridcsp", "peer") if results and t in results[0]]
        report(args, results, tools, peer_name, loads[0], loads[-1])
        return 0

    files = sorted(args.data.glob("*.txt"))
    if args.families:
        files = [f for f in files if f.stem in args.families]
        missing = set(args.families) - {f.stem for f in files}
        if missing:
            print(f"no file for: {', '.join(sorted(missing))} in {args.data}", file=sys.stderr)
            return 2
    if not args.no_gridcsp and not os.access(args.gridcsp, os.X_OK):
        print(f"{args.gridcsp}: not found (cargo build --release -p gridcsp-cli)", file=sys.stderr)
        return 2
    peer = args.peer.split() if args.peer else None
    backstop = args.timeout * args.backstop
    tools = ([] if args.no_gridcsp else ["gridcsp"]) + (["peer"] if peer else [])

    results: list[dict] = []
    load0 = os.getloadavg()
    for f in files:
        family = f.stem
        recs = records(f)
        if args.first:
            recs = recs[: args.first]
        for i, rec in enumerate(recs):
            entry = {"family": family, "file": rec.file, "line": rec.line, "size": rec.size}
            for tool in tools:
                if tool == "gridcsp":
                    r = run_gridcsp(args.gridcsp, family, rec, args.timeout, backstop)
                else:
                    r = run_peer(peer, family, rec, args.timeout, backstop)
                entry[tool] = {"outcome": r.outcome, "cpu": round(r.cpu, 4),
                               "wall": round(r.wall, 4), **r.detail}
            results.append(entry)
            if not args.quiet:
                msg = "  ".join(f"{t} {entry[t]['outcome']} {entry[t]['cpu']:.2f}s" for t in tools)
                print(f"[{family} {i + 1}/{len(recs)}] {rec.file}:{rec.line} {rec.size}  {msg}",
                      file=sys.stderr, flush=True)
    load1 = os.getloadavg()
    if args.json_out:
        args.json_out.write_text(json.dumps({"timeout": args.timeout, "load": [load0, load1], "peer": args.peer,
                                             "results": results}, indent=1) + "\n")
    report(args, results, tools, args.peer, load0, load1)
    bad = [e for e in results for t in tools if e[t]["outcome"] in ("none", "error")]
    for e in bad[:20]:
        print(f"problem: {e['file']}:{e['line']}: " + json.dumps({t: e[t] for t in tools}), file=sys.stderr)
    return 1 if bad else 0


def report(args, results: list[dict], tools: list[str], peer_name: str | None, load0, load1) -> None:
    """The tables, the ratios and the slowest puzzles."""

    def runs_of(tool: str, pred) -> list[Run]:
        return [Run(e[tool]["outcome"], e[tool]["cpu"], e[tool]["wall"]) for e in results if pred(e)]

    families = sorted({e["family"] for e in results})
    print(f"CPU limit {args.timeout:g} s per puzzle; load average {load0[0]:.1f} at the start, "
          f"{load1[0]:.1f} at the end\n")
    for tool in tools:
        name = "gridcsp count --limit 2 --threads 1" if tool == "gridcsp" else f"peer: {peer_name}"
        rows = [(fam, summary(runs_of(tool, lambda e, fam=fam: e["family"] == fam), args.timeout))
                for fam in families]
        if args.sizes:
            sized = []
            for fam, s in rows:
                sized.append((fam, s))
                sizes = sorted({e["size"] for e in results if e["family"] == fam},
                               key=lambda z: [int(x) if x.isdigit() else 0 for x in z.split("x")])
                for z in sizes:
                    sized.append((f"  {fam} {z}", summary(
                        runs_of(tool, lambda e, fam=fam, z=z: e["family"] == fam and e["size"] == z),
                        args.timeout)))
            rows = sized
        print(table(name, rows))
    if len(tools) == 2:
        print("| family | gridcsp total s | peer total s | gridcsp / peer |\n|---|---:|---:|---:|")
        for fam in families:
            g = summary(runs_of("gridcsp", lambda e, fam=fam: e["family"] == fam), args.timeout)["total"]
            p = summary(runs_of("peer", lambda e, fam=fam: e["family"] == fam), args.timeout)["total"]
            print(f"| {fam} | {g:.2f} | {p:.2f} | {g / p if p else float('inf'):.2f} |")
        print()
    if args.slowest and tools:
        key = tools[0]
        worst = sorted(results, key=lambda e: -e[key]["cpu"])[: args.slowest]
        print(f"Slowest puzzles for {key} (file:line, size, outcome, CPU s"
              + (", peer" if len(tools) > 1 else "") + ")\n")
        for e in worst:
            extra = f"  peer {e['peer']['outcome']} {e['peer']['cpu']:.2f}" if len(tools) > 1 else ""
            print(f"- {e['file']}:{e['line']} {e['size']} {e[key]['outcome']} {e[key]['cpu']:.2f}{extra}")
        print()


if __name__ == "__main__":
    sys.exit(main())
