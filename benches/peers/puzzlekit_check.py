#!/usr/bin/env python3
"""Published puzzles through gridcsp, checked against their published solutions.

The puzzlekit dataset (github.com/SmilingWayne/puzzlekit-dataset, a
collection of about 41,000 puzzles of 130 genres, most of them from
janko.at with their solutions, some from puzz.link) keeps each genre in
`assets/data/GENRE/GENRE_dataset.json`: `{"data": {NAME: {"problem": TEXT,
"solution": TEXT, "source": URL}}}`, the texts in janko.at's layouts, which
are the CLI's text layouts. Per family, three runs of the release CLI over
one file of every puzzle of the genre, one thread:

1. `count --limit 2 --json --time-limit T`: parsed or not, unique or not,
   the time of each (`time_ms`: parse, model, solve, prove unique);
2. `check --solutions`: the published solutions against gridcsp's checker
   (a refused one is a fault of the checker, the solution reader, or the
   publication);
3. `solve --json`: gridcsp's answer compared, token by token, with the
   published one.

    git clone https://github.com/SmilingWayne/puzzlekit-dataset
    benches/peers/puzzlekit_check.py puzzlekit-dataset/assets/data \\
        --gridcsp target/release/gridcsp [--time-limit 10s] [FAMILY...]

Prints one table row per family and, below it, the first few puzzles of
each kind of failure (name and source address). Run on request, never in
CI: the dataset is not kept in this repository.
"""

import argparse
import bisect
import json
import os
import re
import subprocess
import sys
import tempfile
import time

# Dataset genre folder -> gridcsp family.
GENRES = {
    "Akari": "light-up",
    "Battleship": "battleships",
    "Binairo": "binairo",
    "Dominos": "dominosa",
    "Fillomino": "fillomino",
    "Galaxies": "galaxies",
    "GokigenNaname": "slant",
    "Hakyuu": "ripple-effect",
    "Hashi": "hashi",
    "Heyawake": "heyawake",
    "Hitori": "hitori",
    "JigsawSudoku": "jigsaw-sudoku",
    "Kakuro": "kakuro",
    "KenKen": "kenken",
    "KillerSudoku": "killer-sudoku",
    "Kuromasu": "kurodoko",
    "LITS": "lits",
    "Magnetic": "magnets",
    "Masyu": "masyu",
    "Nonogram": "nonogram",
    "Norinori": "norinori",
    "NumberLink": "numberlink",
    "Nurikabe": "nurikabe",
    "Shikaku": "shikaku",
    "Skyscraper": "skyscrapers",
    "Slitherlink": "slitherlink",
    "Starbattle": "star-battle",
    "Sudoku": "sudoku",
    "Suguru": "suguru",
    "Tent": "tents",
    "Thermometer": "thermometers",
    "Yajilin": "yajilin",
}


def records(path):
    """(name, problem, solution, source) of every puzzle of a genre file."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)["data"]
    items = data.items() if isinstance(data, dict) else enumerate(data)
    out = []
    for name, d in items:
        p = (d.get("problem") or "").strip()
        # A few published solutions carry a second copy after a line
        # `[solution]` (JigsawSudoku 463): one block per puzzle keeps the
        # solutions in step with the puzzles.
        s = (d.get("solution") or "").split("[solution]")[0].strip()
        # Fillomino 29's solution ends in a stray line `unit 30`, which
        # shifted every later solution by one record.
        lines = s.splitlines()
        if lines and re.fullmatch(r"unit \d+", lines[-1].strip()):
            s = "\n".join(lines[:-1]).strip()
        if p:
            out.append((str(name), p, s, d.get("source", "")))
    return out


def clean(text):
    """One puzzle block: no blank line inside (the CLI's record separator)."""
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip())


def run(cmd, stdin_path):
    start = time.perf_counter()
    with open(stdin_path, encoding="utf-8") as f:
        r = subprocess.run(cmd, stdin=f, capture_output=True, text=True)
    return r, time.perf_counter() - start


def json_lines(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


# Families whose solutions label regions: any labelling is the same
# answer (janko.at numbers Shikaku's column by column, gridcsp in order of
# first appearance, row by row), so both are renumbered before comparing.
LABELLED = {"dominosa", "galaxies", "shikaku"}


def tokens(text, family=""):
    out = text.split()
    if family == "sudoku":
        # gridcsp writes the solved grid as one line; janko.at as `9 9`
        # and rows: compare the values.
        # Values past 9 are `A`, `B`... in gridcsp's line, `10`, `11`...
        # in janko.at's rows.
        if len(out) >= 2 and out[0] == out[1] and out[0].isdigit():
            return [str(int(t)) if t.isdigit() else t for t in out[2:]]
        return [str(int(ch, 36)) for ch in "".join(out)]
    if family == "skyscrapers" and len(out) >= 2:
        # janko.at writes a plain puzzle's header `5 5 5`, gridcsp the
        # shortest that says it, `5 5`: compare the grids.
        rows = text.strip().splitlines()[1:]
        return " ".join(rows).split()
    if family in LABELLED and out:
        # The header (`R C`) stays; the labels after it are renumbered.
        head, labels, names = out[:2], out[2:], {}
        out = head + [names.setdefault(t, str(len(names) + 1)) for t in labels]
    return out


def starts_of(blocks):
    """The 1-based line on which each block starts in the joined file."""
    out, line = [], 1
    for b in blocks:
        out.append(line)
        line += b.count("\n") + 2  # its lines and the blank line after
    return out


def by_record(results, starts):
    """Each record's first result, found by the line it reports: a record
    the CLI cut into several (a stray line inside it) gets its first piece,
    and never shifts the results of the records after it."""
    out = [None] * len(starts)
    split = [False] * len(starts)
    for r in results:
        i = bisect.bisect_right(starts, r.get("line", 0)) - 1
        if i < 0:
            continue
        if out[i] is None:
            out[i] = r
        else:
            split[i] = True
    return out, split


HEADER = ("| family | genre | puzzles | unique | unread | not unique | no solution | "
          "limit | published refused | answer differs | total s | worst s |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def row_text(r):
    return "| " + " | ".join(str(x) if not isinstance(x, float) else f"{x:.2f}"
                            for x in r[:12]) + " |"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", help="the dataset's assets/data folder")
    ap.add_argument("families", nargs="*", help="gridcsp family names (default: all mapped)")
    ap.add_argument("--gridcsp", default="target/release/gridcsp")
    ap.add_argument("--time-limit", default="10s")
    ap.add_argument("--show", type=int, default=3, help="failures listed per kind")
    ap.add_argument("--json-out", help="write every puzzle's outcome here")
    args = ap.parse_args()

    wanted = set(args.families)
    rows, every = [], []
    for genre, family in sorted(GENRES.items(), key=lambda g: g[1]):
        if wanted and family not in wanted:
            continue
        path = os.path.join(args.data, genre, f"{genre}_dataset.json")
        if not os.path.exists(path):
            continue
        recs = records(path)
        with tempfile.TemporaryDirectory() as tmp:
            puzzles = os.path.join(tmp, "p.txt")
            sols = os.path.join(tmp, "s.txt")
            blocks = [clean(p) for _, p, _, _ in recs]
            starts = starts_of(blocks)
            with open(puzzles, "w", encoding="utf-8") as f:
                f.write("\n\n".join(blocks) + "\n")
            with open(sols, "w", encoding="utf-8") as f:
                f.write("\n\n".join(clean(s) or "-" for _, _, s, _ in recs) + "\n")
            g = [args.gridcsp, "--threads", "1", family]
            counted, _ = run(g + ["count", "--limit", "2", "--json",
                                  "--time-limit", args.time_limit], puzzles)
            checked, _ = run(g + ["check", "--json", "--solutions", sols], puzzles)
            solved, _ = run(g + ["solve", "--json", "--time-limit", args.time_limit], puzzles)
        counts, split = by_record(json_lines(counted.stdout), starts)
        checks, _ = by_record(json_lines(checked.stdout), starts)
        answers, _ = by_record(json_lines(solved.stdout), starts)
        kinds = {k: [] for k in ("unread", "not unique", "no solution", "limit",
                                 "published refused", "differs")}
        times = []
        for i, (name, _, sol, src) in enumerate(recs):
            c = counts[i] or {}
            k = checks[i] or {}
            a = answers[i] or {}
            outcome = c.get("outcome")
            if split[i]:
                c = dict(c, outcome="invalid", error="read as several records")
                outcome = "invalid"
            item = {"family": family, "name": name, "source": src, "outcome": outcome,
                    "count": c.get("count"), "time_ms": c.get("time_ms"),
                    "decisions": c.get("decisions"), "error": c.get("error")}
            if c.get("time_ms") is not None:
                times.append(c["time_ms"])
            if outcome in ("invalid", "error") or c.get("error"):
                kinds["unread"].append(item)
            elif outcome == "limit" or c.get("exact") is False and c.get("count", 0) < 2:
                kinds["limit"].append(item)
            elif c.get("count") == 0:
                kinds["no solution"].append(item)
            elif c.get("count", 0) >= 2:
                kinds["not unique"].append(item)
            if sol and k and k.get("outcome") not in ("valid", "ok", "checked") and \
                    (k.get("violations") or k.get("error") or k.get("valid") is False):
                item["check"] = k.get("violations") or k.get("error")
                kinds["published refused"].append(item)
            if sol and a.get("solution") and tokens(a["solution"], family) != tokens(clean(sol), family):
                kinds["differs"].append(item)
            every.append(item)
        unique = sum(1 for i, c in enumerate(counts)
                     if c and not split[i] and c.get("count") == 1 and c.get("exact"))
        if not rows:
            print(HEADER, flush=True)
        rows.append((family, genre, len(recs), unique, len(kinds["unread"]),
                     len(kinds["not unique"]), len(kinds["no solution"]), len(kinds["limit"]),
                     len(kinds["published refused"]), len(kinds["differs"]),
                     sum(times) / 1000, max(times, default=0) / 1000, kinds))
        print(row_text(rows[-1]), flush=True)

    print()
    print(HEADER)
    for r in rows:
        print(row_text(r))
    for r in rows:
        for kind, items in r[12].items():
            for item in items[:args.show]:
                why = item.get("error") or item.get("check") or ""
                print(f"{r[0]} {kind}: {item['name']} {item['source']} {str(why)[:200]}")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(every, f)


if __name__ == "__main__":
    main()
