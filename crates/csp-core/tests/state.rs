//! Trailed constraint state: written by a propagator, restored with the
//! domains on backtracking, reset for every run, separate per solver.

use csp_core::{
    Conflict, Constraint, Domains, Model, PropagationContext, SearchOptions, Solver, Value, VarId,
    VariableOrder,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// Keeps, per variable, the domain mask it saw at its last call, and checks
/// on every call that each domain is a subset of it: along one branch
/// domains only shrink, so this holds exactly when backtracking restored
/// the state words together with the domains (and `init_state` set the
/// first masks: a zero mask would count as a violation).
#[derive(Debug)]
struct LastSeen {
    vars: Vec<VarId>,
    violations: AtomicU64,
}

impl Constraint for LastSeen {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, _: &[Value]) -> bool {
        true
    }
    fn state_words(&self) -> usize {
        self.vars.len()
    }
    fn init_state(&self, domains: &Domains<'_>, state: &mut [u64]) {
        assert!(state.iter().all(|&w| w == 0));
        for (w, &v) in state.iter_mut().zip(&self.vars) {
            *w = domains.mask(v).expect("word-sized").1;
        }
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        assert_eq!(ctx.state().len(), self.vars.len());
        for (i, &v) in self.vars.iter().enumerate() {
            let now = ctx.mask(v).expect("word-sized").1;
            if now & !ctx.state()[i] != 0 {
                self.violations.fetch_add(1, Ordering::Relaxed);
            }
            ctx.set_state(i, now);
        }
        Ok(())
    }
}

fn queens(n: i32) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let q = m.new_vars(n as usize, 0..n).unwrap();
    for i in 0..q.len() {
        for j in i + 1..q.len() {
            let d = (j - i) as Value;
            m.not_equal(q[i], q[j]).unwrap();
            m.relation(q[i], csp_core::RelOp::Ne, q[j], d).unwrap();
            m.relation(q[j], csp_core::RelOp::Ne, q[i], d).unwrap();
        }
    }
    (m, q)
}

#[test]
fn state_is_restored_on_backtrack_and_reset_per_run() {
    let (mut m, q) = queens(8);
    let c = std::sync::Arc::new(LastSeen {
        vars: q.clone(),
        violations: AtomicU64::new(0),
    });
    m.add(c.clone()).unwrap();
    for order in [VariableOrder::Input, VariableOrder::DomWdeg] {
        let mut s = Solver::with_options(&m, SearchOptions::default().with_variable_order(order));
        assert_eq!(s.count(None).count, 92);
        assert!(s.stats().failures > 10, "the search backtracked");
        // A second run starts from the initial state again.
        assert_eq!(s.count(None).count, 92);
        s.set_assumptions(&[(q[0], 0)]).unwrap();
        assert_eq!(s.count(None).count, 4);
    }
    assert_eq!(c.violations.load(Ordering::Relaxed), 0);
}

#[test]
fn solvers_of_one_model_keep_separate_state() {
    let (mut m, q) = queens(6);
    let c = std::sync::Arc::new(LastSeen {
        vars: q,
        violations: AtomicU64::new(0),
    });
    m.add(c.clone()).unwrap();
    let mut a = Solver::new(&m);
    let mut b = Solver::new(&m);
    // Interleave the two solvers' searches.
    let mut ia = a.solutions();
    assert!(ia.next().is_some());
    assert_eq!(b.count(None).count, 4);
    assert_eq!(ia.count(), 3);
    assert_eq!(a.count(None).count, 4);
    assert_eq!(c.violations.load(Ordering::Relaxed), 0);
}
