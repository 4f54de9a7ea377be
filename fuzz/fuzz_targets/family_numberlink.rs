//! `numberlink`: its text layout through the
//! family's parser; whatever parses must write and read back unchanged.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridcsp_fuzz::family_text("numberlink", data));
