//! Links the `gridcsp` binary as a position-dependent executable on Linux.
//!
//! A position-independent executable (the default) carries about 21,000
//! relative relocations (the vtables and string tables of the 33 families
//! and of clap), which the dynamic loader reads and applies at every start,
//! writing into about a hundred pages of the binary: most of the tool's
//! start-up time on an empty or one-puzzle input (`docs/performance.md`,
//! "Start-up"). A position-dependent executable has its addresses fixed at
//! link time and pages in only what a run touches. The libraries are
//! unaffected (they are compiled as before); only this binary's link
//! changes, and only with the GNU toolchain on Linux, where `-no-pie` is
//! the C compiler driver's standard flag.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
