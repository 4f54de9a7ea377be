#!/usr/bin/env python3
"""CP-SAT on the Nonogram family's bench files, through cpsat_catalogue.py.

``split`` writes every puzzle of ``benches/data/nonogram/*.txt`` (Tatham game
IDs or text-layout records) as one catalogue file (the text layout, see
``benches/data/catalogue/README.md``) named ``nonogram_<file>_<index>.txt``;
``summary`` reads the JSON records of ``cpsat_catalogue.py --json-out`` and
prints, per bench file, the mean and worst time per puzzle (solve plus the
uniqueness proof, model build included). Given clue squares of game IDs are
dropped (none of the bench files has any).

    python3 benches/peers/nonogram_cpsat.py split /tmp/nonogram_cpsat
    python3 benches/peers/cpsat_catalogue.py --data /tmp/nonogram_cpsat \\
        --only nonogram --json-out /tmp/nonogram_cpsat.json
    python3 benches/peers/nonogram_cpsat.py summary /tmp/nonogram_cpsat.json
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "nonogram"


def records(text: str) -> list[str]:
    """The records of a bench file, each in the text layout."""
    out: list[str] = []
    block: list[str] = []
    for line in text.splitlines():
        if not block and (not line.strip() or line.startswith("#")):
            continue
        if not block and ":" in line:
            params, desc = line.strip().split(":", 1)
            w, _, h = params.partition("x")
            clues = desc.split(",")[0].split("/")
            body = [c.replace(".", " ") if c else "0" for c in clues]
            out.append(f"{h or w} {w}\n" + "\n".join(body) + "\n")
        elif not line.strip():
            out.append("\n".join(block) + "\n")
            block = []
        else:
            block.append(line)
    if block:
        out.append("\n".join(block) + "\n")
    return out


def split(dst: Path) -> None:
    dst.mkdir(parents=True, exist_ok=True)
    for f in sorted(DATA.glob("*.txt")):
        for i, r in enumerate(records(f.read_text())):
            (dst / f"nonogram_{f.stem}_{i:03}.txt").write_text(r)


def summary(path: Path) -> None:
    data = json.loads(path.read_text())
    groups: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for r in data["results"]:
        m = re.fullmatch(r"nonogram_(.*)_\d+", r["name"])
        if not m:
            continue
        if r.get("unique") is not True or r["violations"]:
            print(f"{r['name']}: not proven unique or a broken rule", file=sys.stderr)
        proof = r.get("proof", {})
        wall = r["solve"]["wall_s"] + proof.get("wall_s", 0.0)
        cpu = r["solve"]["cpu_s"] + proof.get("cpu_s", 0.0)
        groups[m.group(1)].append((wall, cpu))
    print(f"CP-SAT {data['environment'].get('ortools')}, {data['environment'].get('workers')} worker(s)")
    print("| file | puzzles | mean us (wall) | worst us (wall) | mean us (CPU) | worst us (CPU) |")
    print("|------|---------|----------------|-----------------|---------------|----------------|")
    for k in sorted(groups):
        wall = [w for w, _ in groups[k]]
        cpu = [c for _, c in groups[k]]
        print(
            f"| {k} | {len(wall)} | {1e6 * sum(wall) / len(wall):.0f} | {1e6 * max(wall):.0f} "
            f"| {1e6 * sum(cpu) / len(cpu):.0f} | {1e6 * max(cpu):.0f} |"
        )


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("split", "summary"):
        sys.exit(__doc__)
    (split if sys.argv[1] == "split" else summary)(Path(sys.argv[2]))
