#!/bin/sh
# Builds the cspuz_core peer of large_baseline.py (benches/peers/cspuz_peer.rs)
# against semiexp/cspuz_core at the commit the figures were taken with.
# Run on request only, never in CI; see benches/peers/README.md.
#
#   benches/peers/cspuz_build.sh            # clones cspuz_core (and Glucose) from GitHub
#   CSPUZ_CORE_DIR=DIR benches/peers/cspuz_build.sh   # a checkout you have, submodule lib/glucose included
#
# Prints the peer binary's path; use it as `large_baseline.py --peer PATH`.
# Needs git, a C++17 compiler and cargo. Builds in target/cspuz_peer/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="$root/target/cspuz_peer"
commit=f52fcfa
mkdir -p "$build"
src=${CSPUZ_CORE_DIR:-$build/cspuz_core}
if [ ! -d "$src/cspuz_rs_puzzles" ]; then
    git clone --quiet https://github.com/semiexp/cspuz_core "$src"
    git -C "$src" checkout --quiet "$commit"
    git -C "$src" submodule update --init --quiet cspuz_core/lib/glucose
fi
if [ ! -f "$src/cspuz_core/lib/glucose/core/Solver.cc" ]; then
    echo "cspuz_build.sh: $src/cspuz_core/lib/glucose is empty (git submodule update --init)" >&2
    exit 1
fi
echo "cspuz_core: $(git -C "$src" log -1 --format='%h %cs' 2>/dev/null || echo "$src")" >&2
mkdir -p "$build/peer/src"
cp "$here/cspuz_peer.rs" "$build/peer/src/main.rs"
cat > "$build/peer/Cargo.toml" <<TOML
[package]
name = "cspuz-peer"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
cspuz_rs = { path = "$src/cspuz_rs", default-features = false }
cspuz_rs_puzzles = { path = "$src/cspuz_rs_puzzles" }

[profile.release]
debug = false

[workspace]
TOML
cargo build --quiet --release --manifest-path "$build/peer/Cargo.toml" >&2
echo "$build/peer/target/release/cspuz-peer"
