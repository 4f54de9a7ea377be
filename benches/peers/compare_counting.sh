#!/usr/bin/env bash
# Counts every solution of the classic problems of benches/counting.rs in
# gridcsp and in Gecode 6.2 (benches/peers/gecode_counting.cpp) back to
# back, so both columns come from one run on the same machine state, and
# checks that the counts agree. Run on request only (never in CI); needs
# g++ and Debian's libgecode-dev:
#   benches/peers/compare_counting.sh [FILTER]
# GRIDCSP_REPEAT / GECODE_REPEAT: runs per model (best kept, default 3).
set -euo pipefail
cd "$(dirname "$0")/../.."
filter=${1:-}
bin="${TMPDIR:-/tmp}/gecode_counting"
g++ -O2 -o "$bin" benches/peers/gecode_counting.cpp \
    -lgecodeminimodel -lgecodesearch -lgecodeint -lgecodekernel -lgecodesupport
out="${TMPDIR:-/tmp}/counting.$$"
echo "== gridcsp (cargo bench --bench counting)"
cargo bench -q --bench counting -- $filter | tee "$out.ours"
GRIDCSP_ORDER=wdeg cargo bench -q --bench counting -- $filter | tee "$out.ours-wdeg"
for ipl in val dom; do
    for order in size-min afc; do
        echo
        echo "== Gecode 6.2, distinct $ipl, $order"
        "$bin" "$ipl" "$order" $filter | tee "$out.gecode-$ipl-$order"
    done
done
echo
# The same counts on every side (column 2 of the model rows).
fail=0
for f in "$out".gecode-*; do
    # Ours: model, solutions, decisions, nodes, failures, ms; Gecode's rows
    # have no decisions column.
    if ! diff <(awk 'NR > 2 { print $(NF - 4) }' "$out.ours") \
              <(awk 'NR > 2 { print $(NF - 3) }' "$f") >/dev/null; then
        echo "counts differ: $f"
        fail=1
    fi
done
[ "$fail" = 0 ] && echo "counts agree on every side"
rm -f "$out".*
uptime
exit "$fail"
