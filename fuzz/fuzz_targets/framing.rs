//! The CLI's record framing (`crates/cli/src/framing.rs`) with every
//! family's record shape: records in order, each holding exactly its
//! lines, within the limits, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridcsp_fuzz::framing(data));
