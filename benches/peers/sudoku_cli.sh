#!/usr/bin/env bash
# Times the real CLI, `gridcsp sudoku solve --threads 1 FILE > /dev/null`,
# on the files of benches/sudoku_peers.rs, so that the gap between the CLI
# and the bench binary (the same library path, minus reading, framing and
# printing) is known. Best of $CLI_RUNS runs (default 3) per file; prints
# puzzles per second. Run on request only (never in CI):
#   benches/peers/sudoku_cli.sh [FILTER]
# GRIDCSP_CLI=/path/to/gridcsp uses that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/../.."
filter=${1:-}
runs=${CLI_RUNS:-3}
dir=../shared/datasets/sudoku
if [ -z "${GRIDCSP_CLI:-}" ]; then
    cargo build -q --release -p gridcsp-cli
    GRIDCSP_CLI="${CARGO_TARGET_DIR:-target}/release/gridcsp"
fi
printf '%-24s %8s %12s\n' file puzzles "CLI puzzles/s"
for name in top1465 forum_hardest_1106 kaggle_20k 17_clue; do
    case "$name" in *"$filter"*) ;; *) continue ;; esac
    file="$dir/$name.txt"
    if [ ! -e "$file" ]; then
        printf '%-24s (missing, skipped)\n' "$name"
        continue
    fi
    puzzles=$(grep -cE '^[0-9.]{81}\s*$' "$file" || true)
    best=
    for _ in $(seq "$runs"); do
        # bash's clock, read without starting a process (two `date`
        # processes added about 4 ms a run: 7 % of forum_hardest_1106).
        start=$EPOCHREALTIME
        "$GRIDCSP_CLI" sudoku solve --threads 1 "$file" > /dev/null || true
        end=$EPOCHREALTIME
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf '%-24s %8s %12.0f\n' "$name" "$puzzles" "$(echo "$puzzles / $best" | bc -l)"
done
