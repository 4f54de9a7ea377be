#!/bin/sh
# Draws docs/images/<family>.svg (the puzzle) and <family>-solved.svg (with
# its solution) for every family, from the small instances the golden
# picture tests use (crates/puzzles/tests/golden/<family>.txt).
#
#   cargo build -p gridcsp-cli && GRIDCSP=target/debug/gridcsp sh docs/images/gallery.sh
set -eu
cd "$(dirname "$0")/../.."
GRIDCSP=${GRIDCSP:-gridcsp}
for sample in crates/puzzles/tests/golden/*.txt; do
    name=$(basename "$sample" .txt)
    "$GRIDCSP" "$name" render "$sample" > "docs/images/$name.svg"
    "$GRIDCSP" "$name" render --solution "$sample" > "docs/images/$name-solved.svg"
done
