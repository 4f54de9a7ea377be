#!/bin/sh
# Tatham's own Towers solver on the files of benches/data/skyscrapers, one
# row per file, in the columns of `cargo bench --bench skyscrapers`
# (puzzles, puzzles/s, mean and worst microseconds; each puzzle the fastest
# of ROUNDS runs, default 5 like SKYSCRAPERS_BENCH_ROUNDS).
#
#   SGT=/path/to/sgtpuzzles benches/peers/towers_compare.sh [ROUNDS]
#
# SGT is a checkout of Simon Tatham's Portable Puzzle Collection (e.g.
# `git clone https://git.tartarus.org/simon/puzzles.git`); the harness
# benches/peers/tatham_towers.c includes its towers.c and is built with
# gcc -O2 into a temporary directory. The data files must hold Towers game
# IDs (`#` lines are skipped). Run on request only, never in CI; run it
# alternately with `cargo bench --bench skyscrapers` and compare within one
# session (ratios), as the machine may be shared.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../data/skyscrapers"
rounds=${1:-5}
: "${SGT:?set SGT to a checkout of Tatham's puzzles}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -w -I"$SGT" -o "$tmp/tatham_towers" "$here/tatham_towers.c" \
    "$SGT"/latin.c "$SGT"/malloc.c "$SGT"/matching.c "$SGT"/misc.c \
    "$SGT"/nullfe.c "$SGT"/random.c "$SGT"/tree234.c -lm
printf '| file       | puzzles | puzzles/s |   mean µs |  worst µs |\n'
printf '|------------|---------|-----------|-----------|-----------|\n'
for f in "$data"/*.txt; do
    printf '| %-10s | %s |\n' "$(basename "$f" .txt)" "$("$tmp/tatham_towers" "$rounds" < "$f")"
done
