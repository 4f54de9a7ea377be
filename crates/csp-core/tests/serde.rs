//! The serde forms (feature `serde`) of what a search returns: every outcome
//! of a real search survives a JSON round trip unchanged, and the forms are
//! the documented ones (snake-case tags, a solution as a plain array).

use csp_core::{
    Count, Model, OptimizeOutcome, SearchOptions, SearchStatus, SolveOutcome, Solver, Stats,
    StopReason, Uniqueness,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// Serialises `value` to JSON and back, checks nothing was lost, and returns
/// the JSON text.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(&back, value, "round trip through {json}");
    json
}

/// `n` variables over `1..=n`, all different: n! solutions.
fn permutations(n: i32) -> Model {
    let mut model = Model::new();
    let xs = model.new_vars(n as usize, 1..=n).expect("vars");
    model.all_different(&xs).expect("all different");
    model
}

#[test]
fn outcomes_of_real_searches_round_trip() {
    let model = permutations(4);
    let mut solver = Solver::new(&model);
    let solved = solver.solve();
    let SolveOutcome::Solved(solution) = &solved else {
        panic!("4 values, 4 variables: solvable")
    };
    assert_eq!(round_trip(solution), "[1,2,3,4]");
    assert!(round_trip(&solved).starts_with(r#"{"solved":"#));
    round_trip(&solver.stats());

    let count = solver.count(None);
    assert_eq!(count.count, 24);
    assert_eq!(round_trip(&count), r#"{"count":24,"status":"complete"}"#);

    let two = solver.uniqueness();
    assert!(matches!(two, Uniqueness::Multiple(..)));
    assert!(round_trip(&two).starts_with(r#"{"multiple":[["#));

    let mut one = Model::new();
    let x = one.new_var(3..=3).expect("var");
    let mut solver = Solver::new(&one);
    assert!(matches!(
        round_trip(&solver.uniqueness()).as_str(),
        r#"{"unique":[3]}"#
    ));
    let best = solver.maximize(x).expect("maximize");
    assert!(matches!(best, OptimizeOutcome::Optimal { value: 3, .. }));
    round_trip(&best);
}

#[test]
fn stopped_and_unsatisfiable_round_trip() {
    // Pigeonhole: 5 variables, 4 values, all different.
    let model = permutations(4);
    let mut bigger = Model::new();
    let xs = bigger.new_vars(5, 1..=4).expect("vars");
    bigger.all_different(&xs).expect("all different");
    let unsat = Solver::new(&bigger).solve();
    assert_eq!(round_trip(&unsat), r#""unsatisfiable""#);
    assert_eq!(
        round_trip(&Solver::new(&bigger).uniqueness()),
        r#""no_solution""#
    );

    let mut options = SearchOptions::default();
    options.limits.solutions = Some(1);
    let mut limited = Solver::with_options(&model, options);
    let count = limited.count(None);
    assert_eq!(
        count.status,
        SearchStatus::Stopped(StopReason::SolutionLimit)
    );
    assert_eq!(
        round_trip(&count),
        r#"{"count":1,"status":{"stopped":"solution_limit"}}"#
    );
    for reason in [
        StopReason::NodeLimit,
        StopReason::TimeLimit,
        StopReason::SolutionLimit,
        StopReason::Cancelled,
    ] {
        round_trip(&SolveOutcome::Stopped(reason));
        round_trip(&Uniqueness::Unknown {
            found: None,
            reason,
        });
    }
}

#[test]
fn stats_read_with_missing_fields_default_to_zero() {
    // `Stats` may gain counters; JSON written before reads with them zero.
    let stats: Stats = serde_json::from_str(r#"{"decisions":7,"nodes":15}"#).expect("reads");
    assert_eq!((stats.decisions, stats.nodes, stats.failures), (7, 15, 0));
    assert_eq!(stats.cpu_time, None);
    let count: Result<Count, _> = serde_json::from_str(r#"{"count":1}"#);
    assert!(count.is_err(), "a count needs its status");
}
