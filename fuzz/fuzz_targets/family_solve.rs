//! Every family's small puzzles, solved (the first line names the family):
//! no panic anywhere, and every answer passes the family's own checker.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridcsp_fuzz::family_solve(data));
