#!/usr/bin/env bash
# Tests the Dask recipes on a LocalCluster against one gridcsp process:
# a count by subproblems, a grading job sharded by lines and a generation
# job sharded by seeds must give exactly the single-process output.
#
# Makes a virtual environment with dask[distributed] (in $GRIDCSP_DASK_VENV,
# default $TMPDIR/gridcsp-dask-venv, reused when it exists) and uses the
# gridcsp binary found by gridcsp_dask.find_gridcsp ($GRIDCSP, or the
# workspace's release or debug build).
set -euo pipefail
cd "$(dirname "$0")"

venv=${GRIDCSP_DASK_VENV:-${TMPDIR:-/tmp}/gridcsp-dask-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check "dask[distributed]"
py="$venv/bin/python"
bin=$("$py" -c 'import gridcsp_dask; print(gridcsp_dask.find_gridcsp(None))')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== count by subproblems (6x6 Sudoku, 4 givens)"
printf '1.....\n..2...\n......\n...3..\n......\n.....4\n' > "$tmp/puzzle.txt"
"$py" count_subproblems.py --family sudoku --box 2x3 --grid --split 200 --check "$tmp/puzzle.txt"

echo "== grading sharded by lines"
"$bin" sudoku generate --count 60 --seed 3 --threads 1 > "$tmp/puzzles.txt"
"$py" grade_lines.py grade "$tmp/puzzles.txt" --lines 11 > "$tmp/dask.txt"
"$bin" sudoku grade --threads 1 "$tmp/puzzles.txt" > "$tmp/one.txt"
cmp "$tmp/dask.txt" "$tmp/one.txt"
echo "$(wc -l < "$tmp/one.txt") grades agree"

echo "== generation sharded by seeds"
"$py" grade_lines.py generate --count 24 --seed 9 --lines 5 > "$tmp/gen.txt"
"$bin" sudoku generate --count 24 --seed 9 --threads 1 > "$tmp/gen_one.txt"
cmp "$tmp/gen.txt" "$tmp/gen_one.txt"
echo "$(wc -l < "$tmp/gen_one.txt") generated puzzles agree"
echo "Dask recipes: OK"
