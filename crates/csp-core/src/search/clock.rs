//! The wall clock the search reads for time limits and statistics.
//!
//! `std::time::Instant` everywhere but in a browser: on
//! `wasm32-unknown-unknown` std has no clock (`Instant::now()` panics), so
//! there the `web-time` crate's `Instant` reads `performance.now()`. Both
//! have the same methods, so the search is written once against this one.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
