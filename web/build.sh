#!/usr/bin/env bash
# Builds the page into web/dist/: the crate gridcsp-wasm compiled to
# WebAssembly, wasm-bindgen's JavaScript glue, and the page's own files.
#
#   web/build.sh            # release build (what docs/web.md measures)
#   GRIDCSP_WASM_ROUTE=debian web/build.sh   # the fallback route below
#
# On a fresh machine it first installs what it needs, and skips what is
# there already:
# - the wasm32-unknown-unknown target (`rustup target add`), or, when
#   rustup cannot get it, Debian's rustc-web with the standard library
#   built from source (-Zbuild-std), as ../shared/guide/wasm.md describes;
# - wasm-bindgen-cli of exactly the version Cargo.lock has for the
#   wasm-bindgen crate, compiled once (about 7 minutes on 2 cores) into
#   $GRIDCSP_TOOLS/wasm-bindgen-VERSION (default ~/.local/gridcsp-tools,
#   the root .ci/run installs its other tools into), which later runs and
#   CI reuse.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
dist=$here/dist
tools=${GRIDCSP_TOOLS:-$HOME/.local/gridcsp-tools}
# The wasm build has a target directory of its own: it never invalidates
# the native one (different target, different flags).
target_dir=${GRIDCSP_WASM_TARGET_DIR:-$root/target/wasm}
# Whole-program optimisation for the browser (the release profile with
# fat LTO and one codegen unit; the native release build is not touched).
export CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
crate=gridcsp_wasm

say() { echo "web/build.sh: $*" >&2; }

# 1. A compiler for wasm32-unknown-unknown.
build_wasm() {
    # GRIDCSP_WASM_ROUTE=debian takes the fallback even where rustup works
    # (to test it). rustup's download is no package registry: where it
    # cannot be reached, give up after 5 minutes rather than hang.
    if [ "${GRIDCSP_WASM_ROUTE:-}" != debian ] && {
        rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
            || timeout 300 rustup target add wasm32-unknown-unknown >&2
    }; then
        say "building with rustup's wasm32-unknown-unknown target"
        cargo build --release --locked --target wasm32-unknown-unknown \
            -p gridcsp-wasm --target-dir "$target_dir" >&2
        return
    fi
    say "Debian's rustc-web with -Zbuild-std (GRIDCSP_WASM_ROUTE=${GRIDCSP_WASM_ROUTE:-}, or rustup has no wasm32 target here)"
    if ! dpkg -s rustc-web rust-web-src >/dev/null 2>&1; then
        apt-get update >&2
        # rust-web-llvm's /usr/bin/rust-lld links to lld-NN without
        # depending on it: NN is the version of the llvm-NN it depends on.
        local nn
        nn=$(apt-cache depends rust-web-llvm | sed -n 's/.*llvm-\([0-9][0-9]*\).*/\1/p' | head -n1)
        apt-get install -y --no-install-recommends rustc-web cargo-web rust-web-src \
            rust-web-llvm ${nn:+"lld-$nn"} >&2
    fi
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
        cargo build --release --locked --target wasm32-unknown-unknown \
        -Zbuild-std=std,panic_abort -p gridcsp-wasm --target-dir "$target_dir" >&2
}

# 2. wasm-bindgen-cli, the version of the wasm-bindgen crate in Cargo.lock.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' \
    "$root/Cargo.lock")
bindgen_root=$tools/wasm-bindgen-$bindgen_version
bindgen=$bindgen_root/bin/wasm-bindgen
if [ ! -x "$bindgen" ] || ! "$bindgen" --version | grep -qF "$bindgen_version"; then
    say "installing wasm-bindgen-cli $bindgen_version into $bindgen_root (once; minutes)"
    # Not --locked: some versions' lock files name a yanked crate.
    cargo install wasm-bindgen-cli --version "=$bindgen_version" --root "$bindgen_root" >&2
fi

build_wasm

# 3. The glue and the page.
rm -rf "$dist.tmp"
mkdir -p "$dist.tmp/pkg"
"$bindgen" --target web --no-typescript --out-dir "$dist.tmp/pkg" \
    "$target_dir/wasm32-unknown-unknown/release/$crate.wasm"
cp "$here"/src/* "$dist.tmp/"
# The service worker caches every file of the page for offline use; a new
# build gets a new cache name, so a browser drops the old files.
stamp=$(cat "$dist.tmp"/pkg/* "$dist.tmp"/*.* | cksum | cut -d' ' -f1)
sed -i "s/@BUILD@/$stamp/" "$dist.tmp/sw.js"
rm -rf "$dist"
mv "$dist.tmp" "$dist"
say "built $dist ($(du -sh "$dist" | cut -f1); the wasm: $(wc -c < "$dist/pkg/${crate}_bg.wasm") bytes, \
$(gzip -9 < "$dist/pkg/${crate}_bg.wasm" | wc -c) gzipped)"
