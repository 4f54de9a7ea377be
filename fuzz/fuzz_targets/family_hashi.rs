//! `hashi`: its text layout and its one-line form (Tatham Bridges game
//! ID) through the family's parser; whatever parses must write and read
//! back unchanged.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridcsp_fuzz::family_text("hashi", data));
