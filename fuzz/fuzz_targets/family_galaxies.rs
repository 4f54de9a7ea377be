//! `galaxies`: its text layout and its one-line form (Tatham Galaxies game
//! ID) through the family's parser; whatever parses must write and read
//! back unchanged.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridcsp_fuzz::family_text("galaxies", data));
