#!/bin/sh
# CP-SAT (one worker) and gridcsp (one thread) side by side on the region and
# graph puzzles of benches/data/regions/ (issues 36 and 37). Run on request
# only, never in CI; see benches/peers/README.md.
#
#   benches/peers/regions_compare.sh [FILTER ...]
#
# GRIDCSP: the gridcsp binary (default target/release/gridcsp, built when
# missing); PYTHON: a Python with OR-Tools (default ~/peers-venv/bin/python);
# ROUNDS: CP-SAT runs per puzzle, the fastest kept (default 3); GRIDCSP_ROUNDS:
# gridcsp runs of each file (default 10).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
GRIDCSP=${GRIDCSP:-$root/target/release/gridcsp}
PYTHON=${PYTHON:-$HOME/peers-venv/bin/python}
ROUNDS=${ROUNDS:-3}
GRIDCSP_ROUNDS=${GRIDCSP_ROUNDS:-10}
if [ ! -x "$GRIDCSP" ]; then
    (cd "$root" && cargo build --release -p gridcsp-cli)
fi
echo "# $(uname -m), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "# gridcsp: $GRIDCSP ($("$GRIDCSP" --version))"
"$PYTHON" "$here/cpsat_regions.py" --rounds "$ROUNDS" --gridcsp-rounds "$GRIDCSP_ROUNDS" --gridcsp "$GRIDCSP" "$@"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg) at the end"
