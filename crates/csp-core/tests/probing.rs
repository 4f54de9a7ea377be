//! Failed-literal probing ([`SearchOptions::with_probing`]) against the
//! brute-force oracle on random small problems, under every variable and
//! value order, and against the same search without probing: the same
//! solutions (in the same order when the variable order does not look at
//! domain sizes), never more decisions, and the same results on every run.

#[path = "support/problems.rs"]
mod problems;

use csp_core::testing::check_against_brute_force;
use csp_core::{
    Model, Probing, SearchOptions, SearchStatus, Solver, Value, ValueOrder, VariableOrder,
};
use problems::{problem, queens_all_different, search_options};
use proptest::prelude::*;

fn solutions(model: &Model, options: SearchOptions) -> (Vec<Vec<Value>>, u64) {
    let mut solver = Solver::with_options(model, options);
    let mut iter = solver.solutions();
    let list: Vec<_> = iter.by_ref().map(|s| s.into_values()).collect();
    assert_eq!(iter.status(), Some(SearchStatus::Complete));
    (list, solver.stats().decisions)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Probing at the root or at every node keeps the oracle's solutions,
    /// counts and uniqueness, and prunes no solution's value.
    #[test]
    fn probing_matches_brute_force(p in problem(), options in search_options()) {
        let (model, _) = p.build();
        for probing in [Probing::Root, Probing::EveryNode] {
            check_against_brute_force(&model, options.clone().with_probing(probing));
        }
    }

    /// In input order with ascending values, probing finds the same
    /// solutions in the same order with at most as many decisions.
    #[test]
    fn probing_keeps_the_order_and_saves_decisions(p in problem()) {
        let (model, _) = p.build();
        let base = SearchOptions::default()
            .with_variable_order(VariableOrder::Input)
            .with_value_order(ValueOrder::Ascending);
        let (plain, plain_decisions) = solutions(&model, base.clone());
        for probing in [Probing::Root, Probing::EveryNode] {
            let (probed, decisions) = solutions(&model, base.clone().with_probing(probing));
            prop_assert_eq!(&probed, &plain);
            prop_assert!(decisions <= plain_decisions, "{:?}: {} > {}", probing, decisions, plain_decisions);
        }
    }
}

/// Every-node probing on the 8 queens (AllDifferent with forward checking
/// over the queens and their diagonals) needs fewer decisions than none,
/// finds all 92 solutions, and is the same on every run.
#[test]
fn probing_on_queens_is_exact_and_deterministic() {
    let (model, _) = queens_all_different(8, csp_core::Strength::ForwardChecking);
    let count = |probing| {
        let options = SearchOptions::default().with_probing(probing);
        let mut solver = Solver::with_options(&model, options);
        let count = solver.count(None);
        (count.count, solver.stats())
    };
    let (plain, plain_stats) = count(Probing::Off);
    let (probed, probed_stats) = count(Probing::EveryNode);
    assert_eq!(plain, 92);
    assert_eq!(probed, 92);
    assert!(probed_stats.decisions < plain_stats.decisions);
    let (again, again_stats) = count(Probing::EveryNode);
    assert_eq!(again, 92);
    assert_eq!(again_stats.decisions, probed_stats.decisions);
    assert_eq!(again_stats.propagations, probed_stats.propagations);
}

/// With a trace, probing is skipped: every traced removal has a reason.
#[test]
fn probing_is_skipped_when_tracing() {
    let (model, _) = queens_all_different(6, csp_core::Strength::ForwardChecking);
    let run = |trace| {
        let options = SearchOptions::default()
            .with_probing(Probing::EveryNode)
            .with_trace(trace);
        let mut solver = Solver::with_options(&model, options);
        let count = solver.count(None).count;
        (count, solver.stats().decisions)
    };
    let plain = {
        let mut solver = Solver::new(&model);
        solver.count(None);
        solver.stats().decisions
    };
    let (traced, traced_decisions) = run(true);
    let (probed, probed_decisions) = run(false);
    assert_eq!((traced, probed), (4, 4));
    assert_eq!(traced_decisions, plain);
    assert!(probed_decisions < plain);
}
