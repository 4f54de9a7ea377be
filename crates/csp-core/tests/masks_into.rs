//! `PropagationContext::masks_into` gives, for every list of variables, the
//! same answer as `mask` variable by variable: on its fast path
//! (consecutive one-word variables of one base, copied as one slice) and
//! off it (reordered or scattered lists, another base, a wider domain).

use csp_core::{Conflict, Constraint, Model, PropagationContext, Solver, Value, VarId};
use std::sync::atomic::{AtomicU64, Ordering};

/// Checks `masks_into` against `mask` on each of `lists` at every call.
#[derive(Debug)]
struct Compare {
    scope: Vec<VarId>,
    lists: Vec<Vec<VarId>>,
    checked: AtomicU64,
    mismatches: AtomicU64,
}

impl Constraint for Compare {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }
    fn is_satisfied(&self, _: &[Value]) -> bool {
        true
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut out = ctx.take_words();
        for list in &self.lists {
            out.clear();
            let got = ctx.masks_into(list, &mut out);
            let each: Vec<Option<(Value, u64)>> = list.iter().map(|&v| ctx.mask(v)).collect();
            let base = each[0].map(|(b, _)| b);
            let aligned = each
                .iter()
                .all(|m| m.is_some() && m.map(|(b, _)| b) == base);
            let expected = aligned.then(|| base.unwrap_or(0));
            let ok = got == expected
                && (got.is_none() || out.iter().copied().eq(each.iter().map(|m| m.unwrap().1)));
            self.mismatches.fetch_add(u64::from(!ok), Ordering::Relaxed);
            self.checked.fetch_add(1, Ordering::Relaxed);
        }
        ctx.give_back_words(out);
        Ok(())
    }
}

#[test]
fn masks_into_agrees_with_mask_on_and_off_its_fast_path() {
    let mut m = Model::new();
    let a = m.new_vars(5, 1..=9).unwrap();
    let b = m.new_var(0..=5).unwrap();
    let c = m.new_vars(3, 1..=9).unwrap();
    let wide = m.new_var(1..=100).unwrap();
    let e = m.new_var(1..=9).unwrap();
    // Some search, so the domains differ from call to call.
    for w in a.windows(2).chain(c.windows(2)) {
        m.not_equal(w[0], w[1]).unwrap();
    }
    let reversed: Vec<VarId> = a.iter().rev().copied().collect();
    let lists = vec![
        a.clone(),                        // fast path
        vec![a[2]],                       // one variable
        reversed,                         // not consecutive
        [a.clone(), c.clone()].concat(),  // scattered, one base
        [a.clone(), vec![b]].concat(),    // consecutive, another base
        [c.clone(), vec![wide]].concat(), // consecutive, the last wider
        vec![wide, e],                    // consecutive, the first wider
        [vec![b], c.clone()].concat(),    // consecutive, the first another base
        vec![a[0], a[1], a[1], a[2]],     // a repeat
    ];
    let scope: Vec<VarId> = lists.concat();
    let c = std::sync::Arc::new(Compare {
        scope,
        lists,
        checked: AtomicU64::new(0),
        mismatches: AtomicU64::new(0),
    });
    m.add(c.clone()).unwrap();
    let mut s = Solver::new(&m);
    assert!(s.solve().solution().is_some());
    assert!(
        c.checked.load(Ordering::Relaxed) >= 9,
        "the lists were checked"
    );
    assert_eq!(c.mismatches.load(Ordering::Relaxed), 0);
}
