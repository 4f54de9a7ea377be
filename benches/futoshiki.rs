//! Placeholder bench; replaced by its owner.

fn main() {}
