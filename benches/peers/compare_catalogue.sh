#!/usr/bin/env bash
# Runs the catalogue models in gridcsp and in OR-Tools CP-SAT (one worker)
# back to back, so both columns come from one run on the same machine state.
# Run on request only (never in CI):
#   PYTHON=/path/to/venv/bin/python benches/peers/compare_catalogue.sh
# needs `pip install ortools` in that Python.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
echo "== gridcsp (cargo bench --bench catalogue, fastest of \$CATALOGUE_ROUNDS=${CATALOGUE_ROUNDS:-3})"
cargo bench -q --bench catalogue
echo
echo "== OR-Tools CP-SAT, one worker (median of 3)"
"$PYTHON" benches/peers/cpsat_catalogue.py --repeat 3
echo
uptime
