//! The houses' propagator allocates nothing per search node: once a solver
//! has counted a puzzle's solutions, counting again (search, propagation,
//! conflicts blamed on houses) makes no heap allocation. Same technique as
//! csp-core's `tests/no_alloc.rs` (a counting global allocator, one test per
//! binary).

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use sudoku::{Board, Shape, SudokuModel, Variant};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn counted<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let region = Region::new(GLOBAL);
    let result = f();
    let change = region.change();
    (result, change.allocations + change.reallocations)
}

#[test]
fn counting_again_allocates_nothing() {
    let (v, n) = counted(|| vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "the counter sees allocations");

    let model = SudokuModel::new(Variant::classic(Shape::CLASSIC)).unwrap();
    let mut solver = model.solver();
    // A hard puzzle (search with conflicts) and one with many solutions.
    let boards: Vec<Board> = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "1...............................................................................9",
    ]
    .iter()
    .map(|l| l.parse().unwrap())
    .collect();
    for board in &boards {
        let warm = solver.count(board, Some(20)).unwrap();
        let (count, allocations) = counted(|| solver.count(board, Some(20)).unwrap());
        assert_eq!(count.count, warm.count);
        // The process-wide counter may see the test harness's own thread.
        assert!(allocations <= 4, "{allocations} allocations");
    }
    // The second puzzle has more than 20 solutions: the count searched.
    assert_eq!(solver.count(&boards[1], Some(20)).unwrap().count, 20);
}
