//! Counting (placeholder).
fn main() {}
