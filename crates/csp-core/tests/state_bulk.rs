//! `PropagationContext::set_states`: several trailed state words written at
//! once behave as the same words written one by one with `set_state`
//! (restored on backtracking, reset per run), and a range past the
//! constraint's state is a bug caught by a panic.

use csp_core::{
    Conflict, Constraint, Domains, Model, PropagationContext, RelOp, SearchOptions, Solver, Value,
    VarId, VariableOrder,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// Keeps, per variable, the domain mask it saw at its last call, behind
/// `offset` leading words, saved with one `set_states` call; counts the
/// calls where a domain is not a subset of its saved mask (along a branch
/// domains only shrink, so that happens only if backtracking did not
/// restore the words).
#[derive(Debug)]
struct LastSeenBulk {
    vars: Vec<VarId>,
    offset: usize,
    /// Words past the state: a deliberate bug, to check the panic.
    overrun: usize,
    violations: AtomicU64,
}

impl Constraint for LastSeenBulk {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, _: &[Value]) -> bool {
        true
    }
    fn state_words(&self) -> usize {
        self.offset + self.vars.len()
    }
    fn init_state(&self, domains: &Domains<'_>, state: &mut [u64]) {
        for (w, &v) in state[self.offset..].iter_mut().zip(&self.vars) {
            *w = domains.mask(v).expect("word-sized").1;
        }
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut now = ctx.take_words();
        for (i, &v) in self.vars.iter().enumerate() {
            let mask = ctx.mask(v).expect("word-sized").1;
            if mask & !ctx.state()[self.offset + i] != 0 {
                self.violations.fetch_add(1, Ordering::Relaxed);
            }
            now.push(mask);
        }
        now.extend(std::iter::repeat_n(0, self.overrun));
        ctx.set_states(self.offset, &now);
        // The leading words are never written: still zero.
        assert!(ctx.state()[..self.offset].iter().all(|&w| w == 0));
        assert_eq!(&ctx.state()[self.offset..], &now[..self.vars.len()]);
        ctx.give_back_words(now);
        Ok(())
    }
}

fn queens(n: i32, offset: usize, overrun: usize) -> (Model, std::sync::Arc<LastSeenBulk>) {
    let mut m = Model::new();
    let q = m.new_vars(n as usize, 0..n).unwrap();
    for i in 0..q.len() {
        for j in i + 1..q.len() {
            let d = (j - i) as Value;
            m.not_equal(q[i], q[j]).unwrap();
            m.relation(q[i], RelOp::Ne, q[j], d).unwrap();
            m.relation(q[j], RelOp::Ne, q[i], d).unwrap();
        }
    }
    let c = std::sync::Arc::new(LastSeenBulk {
        vars: q,
        offset,
        overrun,
        violations: AtomicU64::new(0),
    });
    m.add(c.clone()).unwrap();
    (m, c)
}

#[test]
fn bulk_state_is_restored_on_backtrack_and_reset_per_run() {
    for offset in [0, 3] {
        let (m, c) = queens(8, offset, 0);
        for order in [VariableOrder::Input, VariableOrder::DomWdeg] {
            let mut s =
                Solver::with_options(&m, SearchOptions::default().with_variable_order(order));
            assert_eq!(s.count(None).count, 92);
            assert!(s.stats().failures > 10, "the search backtracked");
            assert_eq!(s.count(None).count, 92);
        }
        assert_eq!(c.violations.load(Ordering::Relaxed), 0);
    }
}

#[test]
#[should_panic(expected = "out of range")]
fn bulk_state_past_the_end_panics() {
    let (m, _) = queens(4, 1, 1);
    Solver::new(&m).count(None);
}
