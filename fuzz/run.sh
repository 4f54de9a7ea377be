#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds (default 8) on its seed corpus
# in fuzz/corpus/TARGET, with cargo-fuzz (libFuzzer) on the nightly
# toolchain; new inputs go to a scratch directory, so the repository's
# corpus stays as committed. A crash (a panic, a failed check, a timeout
# of 10 s on one input, more than 2 GiB) stops the run and fails it; the
# input is left in fuzz/artifacts/TARGET/. Usage: fuzz/run.sh [SECONDS]
# [TARGET...]. Needs `cargo fuzz` on the PATH.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-8}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# One build for all the targets (release with debug assertions, the
# default of cargo fuzz).
cargo +nightly fuzz build
for t in "${targets[@]}"; do
    mkdir -p "$scratch/$t"
    echo "-- $t: ${seconds}s"
    set +e
    cargo +nightly fuzz run "$t" "$scratch/$t" "corpus/$t" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        > "$scratch/$t.log" 2>&1
    status=$?
    set -e
    grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units)" "$scratch/$t.log" || true
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$scratch/$t.log" >&2
        echo "fuzz target $t failed: its input is in fuzz/artifacts/$t/" >&2
        exit 1
    fi
done
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, no crash"
