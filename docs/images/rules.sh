#!/bin/sh
# Draws docs/images/rules/<family>-<rule>.svg: for each rule a family's
# steps name, the first step that uses it in the family's test puzzles
# (its golden sample, then the files scripts/explain_steps.sh reads), as
# `explain --svg` draws it (the cells it reads washed blue, those it
# settles yellow); Masyu's also show the lines and crosses of the steps up
# to that one, read from the steps' words. Then rewrite the pages' lists:
#
#   cargo build -p gridcsp-cli && GRIDCSP=target/debug/gridcsp sh docs/images/rules.sh
#   UPDATE_DOCS=1 cargo test -p gridcsp-puzzles --test explain_words
#
# With family names as arguments, only those families' pictures are
# redrawn (`sh docs/images/rules.sh slant magnets`).
set -eu
cd "$(dirname "$0")/../.."
GRIDCSP=${GRIDCSP:-gridcsp}
out=docs/images/rules
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
families=${*:-$(sh scripts/explain_steps.sh --families)}
for family in $families; do
    rm -f "$out/$family"-*.svg
    k=0
    for file in crates/puzzles/tests/golden/"$family".txt $(sh scripts/explain_steps.sh --corpus "$family"); do
        k=$((k + 1))
        [ "$file" = crates/puzzles/tests/golden/"$family".txt ] && [ "$k" -gt 1 ] && continue
        dir="$tmp/$family/$k"
        mkdir -p "$tmp/$family"
        # The first puzzles of each file are enough to find every rule's
        # first step (a whole file of published puzzles takes minutes);
        # the small files kept for the rules the others miss
        # (tests/data/*_generated.txt) are read whole.
        limit=${PUZZLES:-12}
        case $file in *_generated.txt) limit=1000 ;; esac
        python3 - "$file" "$limit" > "$dir.txt" <<'PY'
import re, sys
text = "".join(l for l in open(sys.argv[1]) if not l.startswith("#"))
blocks = [b for b in re.split(r"\n\s*\n", text) if b.strip()]
lines = text.strip().splitlines()
if len(blocks) == 1 and all(":" in l for l in lines):
    blocks = lines  # one game ID a line
print("\n\n".join(b.strip("\n") for b in blocks[: int(sys.argv[2])]))
PY
        "$GRIDCSP" --json --no-progress --threads 1 "$family" explain --svg "$dir" "$dir.txt" > "$dir.json" 2>/dev/null || true
        python3 - "$family" "$dir" "$out" <<'PY'
import json, os, re, shutil, sys
family, tmp, out = sys.argv[1:]
def slug(name):
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]", "-", name.lower())).strip("-")
def draw_lines(target, deductions, last):
    # Masyu's picture of step `last` with the lines and crosses of the
    # steps up to it drawn in (`explain --svg` draws the puzzle and the
    # cells only): each step's words before ": " name them, as in
    # "r1c4-r2c4 and r2c4-r3c4 have lines; r1c4-r1c5 has a cross".
    marks = []
    for d in deductions[: last + 1]:
        written = d["text"].split(": ", 1)[0]
        for clause in written.split("; "):
            kind = "line" if re.search(r"ha(s a|ve) lines?$", clause) else (
                "cross" if re.search(r"ha(s a|ve) cross(es)?$", clause) else None)
            for m in re.finditer(r"r(\d+)c(\d+)-r(\d+)c(\d+)", clause if kind else ""):
                r1, c1, r2, c2 = (int(g) - 1 for g in m.groups())
                marks.append((kind, r1, c1, r2, c2))
    svg = []
    for kind, r1, c1, r2, c2 in marks:
        if kind == "line":
            svg.append(f'<path class="loop" d="M{c1 + 0.5:g} {r1 + 0.5:g}L{c2 + 0.5:g} {r2 + 0.5:g}"/>')
        else:
            x, y = (c1 + c2) / 2 + 0.5, (r1 + r2) / 2 + 0.5
            svg.append(f'<path class="mark" d="M{x - 0.1:g} {y - 0.1:g}l0.2 0.2m0 -0.2l-0.2 0.2"/>')
    text = open(target).read()
    at = text.rindex("</svg>")
    open(target, "w").write(text[:at] + "".join(s + "\n" for s in svg) + text[at:])
for n, line in enumerate(open(tmp + ".json")):
    answer = json.loads(line)
    # Every family's answer carries `deductions` (rule, reads, settles), one
    # per step; an answer without them (an older binary) falls back to the
    # steps that end with the technique's name in brackets.
    rules = [d["rule"] for d in answer.get("deductions") or []] or [
        (m.group(1) if m else None)
        for m in (re.search(r"\(([^()]*)\)$", s) for s in answer.get("steps") or [])
    ]
    where = tmp if n == 0 else os.path.join(tmp, str(n + 1))
    for i, rule in enumerate(rules):
        if rule is None:
            continue
        target = os.path.join(out, f"{family}-{slug(rule)}.svg")
        picture = os.path.join(where, f"step-{i + 1:03}.svg")
        if not os.path.exists(target) and os.path.exists(picture):
            shutil.copyfile(picture, target)
            if family == "masyu":
                draw_lines(target, answer.get("deductions") or [], i)
PY
    done
done
ls "$out" | wc -l
