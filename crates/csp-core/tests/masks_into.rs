//! `PropagationContext::masks_into` gives, for every list of variables, the
//! same answer as `mask` variable by variable: on its fast path
//! (consecutive one-word variables of one base, copied as one slice) and
//! off it (reordered or scattered lists, another base, a wider domain);
//! `words_of_run` gives the same words for a run of consecutive variables
//! of one word each, whatever their bases, and `None` otherwise.

use csp_core::{Conflict, Constraint, Model, PropagationContext, Solver, Value, VarId};
use std::sync::atomic::{AtomicU64, Ordering};

/// Checks `masks_into` against `mask` on each of `lists`, and
/// `words_of_run` on each of `runs` (first variable, length), at every call.
#[derive(Debug)]
struct Compare {
    scope: Vec<VarId>,
    lists: Vec<Vec<VarId>>,
    runs: Vec<(VarId, usize)>,
    all: Vec<VarId>,
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
        for &(first, len) in &self.runs {
            let got = ctx.words_of_run(first, len).map(<[u64]>::to_vec);
            let at = self
                .all
                .iter()
                .position(|&v| v == first)
                .unwrap_or(self.all.len());
            let vars = self.all.get(at..at + len).filter(|_| len > 0);
            let expected = vars.and_then(|vars| {
                vars.iter()
                    .map(|&v| ctx.mask(v).map(|(_, w)| w))
                    .collect::<Option<Vec<u64>>>()
            });
            self.mismatches
                .fetch_add(u64::from(got != expected), Ordering::Relaxed);
            self.checked.fetch_add(1, Ordering::Relaxed);
        }
        ctx.give_back_words(out);
        Ok(())
    }
}

#[test]
fn masks_into_and_words_of_run_agree_with_mask() {
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
    let all: Vec<VarId> = [a.clone(), vec![b], c.clone(), vec![wide, e]].concat();
    let runs = vec![
        (a[0], 5), // one base
        (a[3], 2), // a part
        (a[0], 9), // two bases, one word each
        (c[0], 4), // the last wider
        (c[1], 2), // the last wider
        (wide, 2), // the first wider
        (e, 1),    // the last variable
        (e, 2),    // past the last variable
        (a[0], 0), // empty
    ];
    let scope: Vec<VarId> = lists.concat();
    let c = std::sync::Arc::new(Compare {
        scope,
        lists,
        runs,
        all,
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
