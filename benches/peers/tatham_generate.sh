#!/bin/sh
# Game IDs made by Simon Tatham's own generator for GAME (his file name:
# singles, tents, lightup, unruly, pearl, loopy, pattern, ...), COUNT of
# them for the encoded PARAMS, seeded by the string SEED (puzzle i from
# `SEED-i`), on standard output:
#
#   SGT=/path/to/sgtpuzzles benches/peers/tatham_generate.sh singles 8x8dk 30 s1
#
# SGT is a checkout of Tatham's Portable Puzzle Collection (e.g. the
# `upstream` branch of github.com/chrisboyle/sgtpuzzles); the harness
# benches/peers/tatham_generate.c includes $SGT/$GAME.c and is built with
# gcc -O2 into a temporary directory. Then, for instance,
# `gridcsp hitori grade` on the output should give `tricky` on every line.
# Run on request only, never in CI.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${SGT:?set SGT to a checkout of Tatham's puzzles}"
[ $# -eq 4 ] || { echo "usage: $0 GAME PARAMS COUNT SEED" >&2; exit 2; }
game=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
libs=""
for f in misc malloc random tree234 dsf nullfe latin matching findloop sort \
    version combi divvy laydomino grid loopgen penrose penrose-legacy hat tdq \
    spectre; do
    [ -f "$SGT/$f.c" ] && libs="$libs $SGT/$f.c"
done
# Loopy reads its grid types through the midend's preset menus.
[ "$game" = loopy ] && libs="$libs $SGT/midend.c"
# shellcheck disable=SC2086
gcc -O2 -w -I"$SGT" -DGAME_C="\"$SGT/$game.c\"" -o "$tmp/gen" \
    "$here/tatham_generate.c" $libs -lm
"$tmp/gen" "$2" "$3" "$4"
