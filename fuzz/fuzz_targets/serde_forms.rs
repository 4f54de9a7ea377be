//! The serde forms of every family's puzzle and solution and of the
//! Sudoku and Futoshiki crates' types: what reads writes and reads back
//! to the same value.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridcsp_fuzz::serde_forms(data));
