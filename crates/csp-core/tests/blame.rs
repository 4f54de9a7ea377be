//! `PropagationContext::conflict_on`: dom/wdeg adds a failure's weight to
//! the variables a constraint blames, not to its whole scope.

use csp_core::{
    Conflict, Constraint, Model, PropagationContext, SearchOptions, Solver, TraceEvent, Value,
    VarId, VariableOrder,
};

/// Fails whenever its first variable is 1, blaming `blame` (or, if `None`,
/// reporting a plain conflict, which blames the whole scope).
#[derive(Debug)]
struct FailOnOne {
    scope: Vec<VarId>,
    blame: Option<VarId>,
}

impl Constraint for FailOnOne {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values[0] != 1
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.value(self.scope[0]) == Some(1) {
            return Err(match self.blame {
                Some(v) => ctx.conflict_on(&[v]),
                None => ctx.conflict(),
            });
        }
        Ok(())
    }
}

/// The variables (indices) of the decisions of the first solution's search.
fn decisions(blame: bool) -> Vec<usize> {
    let mut m = Model::new();
    let x0 = m.new_var(1..=2).unwrap();
    let x1 = m.new_var(1..=3).unwrap();
    let x2 = m.new_var(1..=3).unwrap();
    m.add(FailOnOne {
        scope: vec![x0, x1, x2],
        blame: blame.then_some(x2),
    })
    .unwrap();
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::DomWdeg)
        .with_trace(true);
    let mut solver = Solver::with_options(&m, options);
    assert!(solver.solve().solution().is_some());
    solver
        .trace()
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Decision { var, .. } => Some(var.index()),
            _ => None,
        })
        .collect()
}

#[test]
fn dom_wdeg_weighs_the_blamed_variables() {
    // x0 (two values) goes first and fails at 1. Blamed on the whole scope,
    // x1 and x2 weigh the same and the tie goes to x1; blamed on x2, x2
    // weighs more and goes first.
    let plain = decisions(false);
    let blamed = decisions(true);
    assert_eq!(plain.len(), 3, "{plain:?}");
    assert_eq!(blamed.len(), 3, "{blamed:?}");
    assert_eq!(plain, [0, 1, 2]);
    assert_eq!(blamed, [0, 2, 1]);
}
