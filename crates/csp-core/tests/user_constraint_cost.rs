//! What the first step of a user constraint costs: counting the 4 x 4 magic
//! squares (the guide's "Writing your own constraint") with a check-only sum
//! and with the same sum propagating bounds. Both find the same squares; the
//! bounds take far fewer decisions.
//!
//! The full count (7,040 squares) takes about a minute with the check-only
//! sum even in release mode, so it is `#[ignore]`d: the figures quoted in
//! `docs/guide.md` come from
//! `cargo test --release -p csp-core --test user_constraint_cost -- --ignored --nocapture`.
//! The test that always runs counts the squares with a given first row.

use csp_core::{
    Conflict, Constraint, Events, Model, PropagationContext, Solver, Stats, Value, VarId,
    forward_check,
};
use std::time::Instant;

/// The variables add up to `total`: the check only.
#[derive(Debug)]
struct CheckedSum {
    vars: Vec<VarId>,
    total: i64,
}

impl Constraint for CheckedSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }
}

/// The same sum with the guide's bounds reasoning.
#[derive(Debug)]
struct BoundsSum {
    vars: Vec<VarId>,
    total: i64,
}

impl Constraint for BoundsSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        forward_check(self, ctx)?;
        let low: i64 = self.vars.iter().map(|&v| i64::from(ctx.min(v))).sum();
        let high: i64 = self.vars.iter().map(|&v| i64::from(ctx.max(v))).sum();
        for &v in &self.vars {
            let (lo, hi) = (i64::from(ctx.min(v)), i64::from(ctx.max(v)));
            ctx.set_min(v, self.total - (high - hi))?;
            ctx.set_max(v, self.total - (low - lo))?;
        }
        Ok(())
    }
    fn events(&self) -> Events {
        Events::BOUNDS
    }
}

/// The 4 x 4 magic squares: 1..=16 once each, every row, column and both
/// diagonals adding up to 34.
fn magic_square(bounds: bool) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(16, 1..=16).unwrap();
    model.all_different(&cells).unwrap();
    let mut lines: Vec<Vec<VarId>> = Vec::new();
    for i in 0..4 {
        lines.push((0..4).map(|j| cells[4 * i + j]).collect());
        lines.push((0..4).map(|j| cells[4 * j + i]).collect());
    }
    lines.push((0..4).map(|i| cells[5 * i]).collect());
    lines.push((0..4).map(|i| cells[4 * i + 3 - i]).collect());
    for vars in lines {
        if bounds {
            model.add(BoundsSum { vars, total: 34 }).unwrap();
        } else {
            model.add(CheckedSum { vars, total: 34 }).unwrap();
        }
    }
    model
}

/// Counts with each sum (check only, then bounds), the first row given if
/// `row` is, and returns the statistics of both.
fn count_both(row: Option<[Value; 4]>, expected: Option<u64>) -> (Stats, Stats) {
    let mut figures = Vec::new();
    let mut counts = Vec::new();
    for bounds in [false, true] {
        let model = magic_square(bounds);
        let mut solver = Solver::new(&model);
        if let Some(row) = row {
            let first: Vec<_> = model.vars().zip(row).collect();
            solver.set_assumptions(&first).unwrap();
        }
        let start = Instant::now();
        let count = solver.count(None);
        let elapsed = start.elapsed();
        assert!(count.status.is_complete());
        if let Some(n) = expected {
            assert_eq!(count.count, n, "the 4 x 4 magic squares");
        }
        counts.push(count.count);
        println!(
            "{}: {} ({:.1} ms)",
            if bounds { "bounds" } else { "check only" },
            solver.stats(),
            elapsed.as_secs_f64() * 1e3
        );
        figures.push(solver.stats());
    }
    assert_eq!(counts[0], counts[1], "both sums find the same squares");
    assert!(counts[0] > 0);
    (figures[0], figures[1])
}

#[test]
fn bounds_reasoning_pays_for_itself_with_a_given_row() {
    let (check, bounds) = count_both(Some([1, 15, 14, 4]), None);
    assert!(
        bounds.decisions * 5 < check.decisions,
        "check only {check}, bounds {bounds}"
    );
}

#[test]
#[ignore = "about a minute in release mode: the figures for docs/guide.md"]
fn bounds_reasoning_pays_for_itself_on_all_magic_squares() {
    let (check, bounds) = count_both(None, Some(7040));
    assert!(
        bounds.decisions * 10 < check.decisions,
        "check only {check}, bounds {bounds}"
    );
}
