#!/bin/sh
# Tatham's own Keen solver on the files of benches/data/kenken, one row per
# file, in the columns of the kenken/ rows of `cargo bench --bench numbers`
# (puzzles, puzzles/s, mean and worst microseconds; each puzzle the fastest
# of ROUNDS runs).
#
#   SGT=/path/to/sgtpuzzles benches/peers/keen_compare.sh [ROUNDS]
#
# SGT is a checkout of Simon Tatham's Portable Puzzle Collection (e.g.
# `git clone https://git.tartarus.org/simon/puzzles.git`); the harness
# benches/peers/tatham_keen.c includes its keen.c and is built with gcc -O2
# into a temporary directory. Run on request only, never in CI; run it
# alternately with `cargo bench --bench numbers` and compare within one
# session (ratios), as the machine may be shared.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../data/kenken"
rounds=${1:-3}
: "${SGT:?set SGT to a checkout of Tatham's puzzles}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -w -I"$SGT" -o "$tmp/tatham_keen" "$here/tatham_keen.c" \
    "$SGT"/dsf.c "$SGT"/latin.c "$SGT"/malloc.c "$SGT"/matching.c \
    "$SGT"/misc.c "$SGT"/nullfe.c "$SGT"/random.c "$SGT"/tree234.c -lm
printf '| file       | puzzles | puzzles/s |   mean µs |  worst µs |\n'
printf '|------------|---------|-----------|-----------|-----------|\n'
for f in "$data"/*.txt; do
    printf '| %-10s | %s |\n' "$(basename "$f" .txt)" "$("$tmp/tatham_keen" "$rounds" < "$f")"
done
