//! Allocation counting shared by the `no_alloc*` tests (included with
//! `#[path]`). Each of those binaries installs `stats_alloc`'s counting
//! allocator as its global allocator and passes it here: an allocator of
//! our own needs `unsafe impl GlobalAlloc`, and the workspace forbids
//! `unsafe_code`.

#![allow(dead_code, reason = "each test binary uses a part of this module")]

use stats_alloc::{Region, StatsAlloc};
use std::alloc::System;

/// Runs `f` once and returns its result with the number of allocations
/// and reallocations the process made meanwhile (for figures that are
/// printed, such as a cold run's, not asserted).
pub(crate) fn counted<R>(global: &'static StatsAlloc<System>, f: impl FnOnce() -> R) -> (R, usize) {
    let region = Region::new(global);
    let result = f();
    let change = region.change();
    (result, change.allocations + change.reallocations)
}

/// The fewest allocations of three runs of `f`, with the result of the
/// last. Search is deterministic, so a run that allocates does so every
/// time; the counters are process-wide, though, and the test harness's
/// own thread allocates now and then (a few allocations at moments that
/// vary from run to run, seen in one run in five on a loaded 2-core
/// machine, inside runs that made none), which one count cannot tell
/// apart from the code's.
pub(crate) fn fewest<R>(
    global: &'static StatsAlloc<System>,
    mut f: impl FnMut() -> R,
) -> (R, usize) {
    let (_, a) = counted(global, &mut f);
    let (_, b) = counted(global, &mut f);
    let (r, c) = counted(global, &mut f);
    (r, a.min(b).min(c))
}
