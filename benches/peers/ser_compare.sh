#!/bin/sh
# Sudoku Explainer's rating (SER, the SukakuExplainer fork's `serate`) and
# `gridcsp sudoku grade` side by side on the same puzzles, in one run: the
# time each takes (one thread each) and how well the ratings agree
# (Spearman's rho, overall and at SER >= 4.2, and the largest gap).
#
#   SER=/path/to/SukakuExplainer benches/peers/ser_compare.sh PUZZLES [N]
#
# SER is a checkout of github.com/SudokuMonster/SukakuExplainer (its
# sources are compiled with javac into a temporary directory); PUZZLES has
# one 81-character puzzle a line, of which the first N (default: all) are
# rated. Needs java, javac, python3 and a release build of the CLI
# (`cargo build --release -p gridcsp-cli`). Run on request only, never in
# CI: SER takes about a second a hard puzzle.
set -eu
: "${SER:?set SER to a checkout of SukakuExplainer}"
[ $# -ge 1 ] || { echo "usage: $0 PUZZLES [N]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
gridcsp=${GRIDCSP:-$here/../../target/release/gridcsp}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -ge 2 ]; then head -n "$2" "$1"; else cat "$1"; fi |
    grep -v '^#' | cut -c1-81 > "$tmp/puzzles.txt"
(cd "$SER" && find diuf -name '*.java' > "$tmp/sources.txt" &&
    javac -nowarn -encoding ISO-8859-1 -d "$tmp/classes" @"$tmp/sources.txt" 2> /dev/null &&
    find diuf -type f ! -name '*.java' -exec cp --parents {} "$tmp/classes" \;)
stamp() { date +%s.%N; }
t0=$(stamp)
java -Xrs -Xmx2g -cp "$tmp/classes" diuf.sudoku.test.serate \
    --input="$tmp/puzzles.txt" --format='%r' --threads=1 > "$tmp/ser.txt" 2> /dev/null
t1=$(stamp)
"$gridcsp" sudoku grade -j 1 --no-progress "$tmp/puzzles.txt" > "$tmp/ours.txt" || true
t2=$(stamp)
python3 - "$tmp/ser.txt" "$tmp/ours.txt" "$t0" "$t1" "$t2" << 'EOF'
import sys
ser = [float(l.split()[0]) for l in open(sys.argv[1]) if l.strip()]
ours = [l.split() for l in open(sys.argv[2]) if l.strip()]
ours = [float(w[1]) if len(w) > 1 else float("nan") for w in ours]
t0, t1, t2 = map(float, sys.argv[3:6])
pairs = [(s, o) for s, o in zip(ser, ours) if o == o]

def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r

def rho(ps):
    if len(ps) < 3:
        return float("nan")
    a, b = ranks([p[0] for p in ps]), ranks([p[1] for p in ps])
    n = len(ps)
    ma, mb = sum(a) / n, sum(b) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a) ** 0.5
    vb = sum((y - mb) ** 2 for y in b) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")

hard = [p for p in pairs if p[0] >= 4.2]
gap = max((abs(s - o) for s, o in pairs), default=0.0)
print(f"puzzles {len(ser)} (graded by both: {len(pairs)})")
print(f"serate   {t1 - t0:8.2f} s (one thread, with the JVM's start)")
print(f"gridcsp  {t2 - t1:8.2f} s (one thread)")
print(f"ratio    {(t1 - t0) / max(t2 - t1, 1e-9):8.0f}x")
print(f"spearman {rho(pairs):.3f} overall, {rho(hard):.3f} at SER >= 4.2 ({len(hard)} puzzles)")
print(f"largest gap {gap:.1f}")
EOF
