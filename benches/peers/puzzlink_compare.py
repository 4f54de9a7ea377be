#!/usr/bin/env python3
"""Held-out puzz.link URLs made by an independent encoder (pzprjs itself,
under Node), decoded and solved by gridcsp: the share of puzzles solved
exactly as published, from the URL alone.

For each puzzle file below (published puzzles, Tatham-generated ones, and
for three genres gridcsp's own generator): gridcsp solves each puzzle in
its original form (the reference solution) and writes its text layout;
pzprjs (benches/peers/pzprjs_encode.js) sets that puzzle on its own board
and encodes the URL; `gridcsp solve` reads the URL with no family named
and solves it. A puzzle counts as solved exactly when the URL's solution
is the reference, byte for byte.

    python3 benches/peers/puzzlink_compare.py GRIDCSP PZPRJS_DIR [LIMIT]

GRIDCSP is the `gridcsp` binary, PZPRJS_DIR a build made by
pzprjs_build.js, LIMIT the most puzzles read per file (default 100). Not
run in CI. See benches/peers/README.md, "puzz.link".
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(ROOT, "benches", "data")
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "datasets")

# (family, file, where the puzzles come from)
FILES = [
    ("sudoku", os.path.join(SHARED, "sudoku", "top1465.txt"), "published"),
    ("sudoku", os.path.join(SHARED, "sudoku", "17_clue.txt"), "published"),
    ("kakuro", "kakuro/nikoli_hard.txt", "published (Nikoli)"),
    ("kakuro", "kakuro/generated_7x7_hard.txt", "gridcsp generator"),
    ("kakuro", "kakuro/generated_10x10_medium.txt", "gridcsp generator"),
    ("skyscrapers", "towers.txt", "Tatham"),
    ("skyscrapers", "skyscrapers/5h.txt", "Tatham"),
    ("suguru", "suguru/generated_8x8_hard.txt", "gridcsp generator"),
    ("suguru", "suguru/generated_6x6_medium.txt", "gridcsp generator"),
    ("star-battle", "star_battle/star_battle_dailyprogrammer351.txt", "published"),
    ("star-battle", "star_battle/star_battle_kattis_starbattles2_1.txt", "published"),
    ("nonogram", "nonogram/tatham_15x15.txt", "Tatham"),
    ("nonogram", "nonogram/tatham_20x10.txt", "Tatham"),
    ("nonogram", "catalogue/nonogram_webpbn6_cat.txt", "published (webpbn)"),
    ("nonogram", "catalogue/nonogram_webpbn16_knot.txt", "published (webpbn)"),
    ("light-up", "placing/light-up_10_hard.txt", "gridcsp generator"),
    ("light-up", "placing/light-up_14_tricky.txt", "gridcsp generator"),
    ("tents", "placing/tents_10_hard.txt", "gridcsp generator"),
    ("tents", "placing/tents_15_tricky.txt", "gridcsp generator"),
    # puzz.link's Norinori has no shaded givens, which gridcsp's generator
    # always leaves: its puzzles with the givens taken out, those still
    # with one solution.
    ("norinori", "placing/norinori_6_easy.txt", "gridcsp, no givens"),
    ("norinori", "placing/norinori_6_hard.txt", "gridcsp, no givens"),
    ("norinori", "placing/norinori_8_easy.txt", "gridcsp, no givens"),
    ("norinori", "placing/norinori_8_hard.txt", "gridcsp, no givens"),
    ("norinori", "placing/norinori_10_easy.txt", "gridcsp, no givens"),
    ("norinori", "placing/norinori_10_hard.txt", "gridcsp, no givens"),
    ("hitori", "loops/hitori_9x9_tricky.txt", "Tatham"),
    ("hitori", "loops/hitori_12x12_easy.txt", "Tatham"),
    ("slitherlink", "loops/slitherlink_10x10_hard.txt", "Tatham"),
    ("slitherlink", "loops/slitherlink_14x24_tricky.txt", "Tatham"),
    ("masyu", "loops/masyu_10x10_tricky.txt", "Tatham"),
    ("masyu", "loops/masyu_12x12_easy.txt", "Tatham"),
]


def run(cmd, stdin=None):
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return r.stdout


def answers(out):
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def first_records(family, path, limit, tmp):
    """The first `limit` puzzles of `path`, as gridcsp's text layouts,
    with their reference solutions."""
    converted = answers(run([GRIDCSP, "--json", family, "convert", "--to", "text", path]))
    converted = [a for a in converted if a["outcome"] == "converted"][:limit]
    texts = [a["output"] for a in converted]
    part = os.path.join(tmp, "part.txt")
    if family == "norinori":
        texts = [t.replace("x", "-") for t in texts]
        with open(part, "w") as f:
            f.write("\n\n".join(texts) + "\n")
        counts = answers(run([GRIDCSP, "--json", family, "count", "--limit", "2", part]))
        texts = [t for t, c in zip(texts, counts) if c.get("count") == 1]
    with open(part, "w") as f:
        f.write("\n\n".join(texts) + "\n")
    solved = answers(run([GRIDCSP, "--json", "--threads", "1", family, "solve", part]))
    return texts, [a.get("solution") for a in solved]


def main():
    global GRIDCSP
    GRIDCSP = os.path.abspath(sys.argv[1])
    pzprjs = sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    totals = {}
    print(f"{'family':<12} {'file':<45} {'source':<20} {'puzzles':>7} {'urls':>5} "
          f"{'decoded':>7} {'exact':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for family, rel, source in FILES:
            path = rel if os.path.isabs(rel) else os.path.join(DATA, rel)
            if not os.path.exists(path):
                print(f"{family:<12} {rel:<45} missing")
                continue
            texts, reference = first_records(family, path, limit, tmp)
            lines = "".join(json.dumps({"family": family, "text": t}) + "\n" for t in texts)
            urls = run(["node", os.path.join(HERE, "pzprjs_encode.js"), pzprjs], lines).splitlines()
            made = [u for u in urls if not u.startswith("error")]
            got = answers(run([GRIDCSP, "--json", "--threads", "1", "solve"], "\n".join(urls) + "\n"))
            decoded = exact = 0
            for url, ref, a in zip(urls, reference, got):
                if url.startswith("error"):
                    continue
                if a["outcome"] != "invalid":
                    decoded += 1
                if a.get("solution") is not None and a.get("solution") == ref:
                    exact += 1
                elif os.environ.get("VERBOSE"):
                    print(f"  {url}: {a.get('outcome')} {a.get('error', '')}")
            t = totals.setdefault(family, [0, 0, 0, 0])
            for i, v in enumerate([len(texts), len(made), decoded, exact]):
                t[i] += v
            name = os.path.relpath(path, DATA) if not os.path.isabs(rel) else os.path.basename(rel)
            print(f"{family:<12} {name:<45} {source:<20} {len(texts):>7} {len(made):>5} "
                  f"{decoded:>7} {exact:>6}")
    print()
    all_ = [0, 0, 0, 0]
    for family, t in totals.items():
        all_ = [a + b for a, b in zip(all_, t)]
        print(f"{family:<12} puzzles {t[0]:>5}  urls {t[1]:>5}  decoded {t[2]:>5}  "
              f"exact {t[3]:>5} ({100.0 * t[3] / max(t[0], 1):.1f}%)")
    print(f"{'all':<12} puzzles {all_[0]:>5}  urls {all_[1]:>5}  decoded {all_[2]:>5}  "
          f"exact {all_[3]:>5} ({100.0 * all_[3] / max(all_[0], 1):.1f}%)")


if __name__ == "__main__":
    main()
