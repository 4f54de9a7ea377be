//! `PropagationContext::remove_range` removes exactly the values of its
//! range, as `retain` with a range test does, and reports the same change
//! and the same failure: on one-word and multi-word domains, with a
//! negative base and holes, for ranges inside, across and outside the
//! domain, empty ones included.

use csp_core::{Conflict, Constraint, Model, PropagationContext, Solver, Value, VarId};

/// Removes `low..=high` from the first variable with `remove_range` and
/// from the second with `retain`; fails unless both report the same.
#[derive(Debug)]
struct Both {
    vars: [VarId; 2],
    low: Value,
    high: Value,
}

impl Constraint for Both {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, _: &[Value]) -> bool {
        true
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let (low, high) = (self.low, self.high);
        let [x, y] = self.vars;
        let by_range = ctx.remove_range(x, low, high);
        let by_retain = ctx.retain(y, |_, v| v < low || v > high);
        assert_eq!(by_range, by_retain, "{low}..={high}");
        by_range.map(|_| ())
    }
}

/// The domain's values after the removal, or `None` on failure.
fn after(values: &[Value], low: Value, high: Value) -> Option<(Vec<Value>, Vec<Value>)> {
    let mut model = Model::new();
    let (lo, hi) = (values[0], values[values.len() - 1]);
    let vars = [
        model.new_var(lo..=hi).unwrap(),
        model.new_var(lo..=hi).unwrap(),
    ];
    for v in lo..=hi {
        if !values.contains(&v) {
            for x in vars {
                model.remove_value(x, v).unwrap();
            }
        }
    }
    model.add(Both { vars, low, high }).unwrap();
    let mut solver = Solver::new(&model);
    let domains = solver.propagate().ok()?;
    let [x, y] = vars;
    Some((domains.iter(x).collect(), domains.iter(y).collect()))
}

#[test]
fn remove_range_removes_what_retain_removes() {
    let wide: Vec<Value> = (-70..=200).filter(|v| v % 7 != 3).collect();
    let narrow: Vec<Value> = (3..=40).filter(|v| v % 5 != 0).collect();
    let bounds: [Value; 22] = [
        -100, -71, -70, -69, -7, -6, 0, 1, 3, 4, 39, 40, 41, 57, 58, 63, 64, 127, 128, 199, 200,
        300,
    ];
    let mut checked = 0;
    for values in [&wide, &narrow] {
        for &low in &bounds {
            for &high in &bounds {
                let got = after(values, low, high);
                let kept: Vec<Value> = values
                    .iter()
                    .copied()
                    .filter(|&v| v < low || v > high)
                    .collect();
                match got {
                    Some((x, y)) => {
                        assert_eq!(x, kept, "{low}..={high}");
                        assert_eq!(y, kept, "{low}..={high}");
                    }
                    None => assert!(kept.is_empty(), "{low}..={high} failed"),
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * 22 * 22);
}
