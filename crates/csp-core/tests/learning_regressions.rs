//! Searches with learning that once went wrong, kept as regressions.

use csp_core::{
    Conflict, Constraint, ExplainContext, Explaining, Learning, Literal, Model, PropagationContext,
    SearchOptions, SearchStatus, Solver, StopReason, Value, ValueOrder, VarId, VariableOrder,
    graph::Graph,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A 10 x 10 Nurikabe (janko.at's puzzle 29): an island of 37 cells
/// clued at r2c2 (the border ring and the clue), one of 36 at r3c3 (the
/// inner 6 x 6), and the ring of sea between them; unique.
fn two_big_islands() -> Model {
    let n = 10;
    let mut m = Model::new();
    let cells = m.new_bools(n * n).unwrap();
    m.islands(&cells, &Graph::grid(n, n).unwrap(), &[(11, 37), (22, 36)])
        .unwrap();
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let b = [
                r * n + c,
                r * n + c + 1,
                (r + 1) * n + c,
                (r + 1) * n + c + 1,
            ];
            m.clause(&b.map(|i| !Literal::from(cells[i]))).unwrap();
        }
    }
    m
}

/// The clause database was reduced between a conflict on a learned clause
/// and the analysis of that conflict; the reduction deleted the clause,
/// the analysis read its (emptied) literals as a failure that depends on
/// no decision, and the search answered "no solution, complete" after
/// 7,902 failures. (The puzzle is hard for today's island reasoning: the
/// search does not finish within this limit, which is not the point.)
#[test]
fn a_reduction_never_deletes_the_clause_of_a_pending_conflict() {
    let model = two_big_islands();
    let options = SearchOptions::default()
        .with_learning(Learning::AUTO)
        .with_node_limit(20_000);
    let result = Solver::with_options(&model, options).count(Some(2));
    assert!(
        result.count == 1 || result.status == SearchStatus::Stopped(StopReason::NodeLimit),
        "{result:?}"
    );
}

/// Two chains of booleans that a decision `d = 1` sets to 1 one after the
/// other (`d -> a1 -> ... -> an` and `d -> b1 -> ... -> bn`), and that may
/// not both reach their end: the analysis of that failure resolves every
/// link back to the decision, one lazy explanation per link. The first
/// explanation raises the cancellation flag, and counts go on.
#[derive(Debug)]
struct TwoChains {
    vars: Vec<VarId>, // d, a1..an, b1..bn
    n: usize,
    flag: Arc<AtomicBool>,
    explained: AtomicUsize,
}

impl TwoChains {
    /// The variable before `i` in its chain.
    fn before(&self, i: usize) -> usize {
        if i == 1 || i == self.n + 1 { 0 } else { i - 1 }
    }
}

impl Constraint for TwoChains {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.n;
        (1..values.len()).all(|i| values[self.before(i)] <= values[i])
            && !(values[n] == 1 && values[2 * n] == 1)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        for i in 1..self.vars.len() {
            if ctx.value(self.vars[self.before(i)]) == Some(1) {
                ctx.fix(self.vars[i], 1)?;
            }
        }
        let n = self.n;
        if ctx.value(self.vars[n]) == Some(1) && ctx.value(self.vars[2 * n]) == Some(1) {
            return Err(ctx.conflict());
        }
        Ok(())
    }
    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        self.explained.fetch_add(1, Ordering::Relaxed);
        self.flag.store(true, Ordering::Relaxed);
        match what {
            Explaining::Removal { var, .. } => {
                let i = self.vars.iter().position(|&v| v == var).unwrap();
                ctx.push(Literal::eq(self.vars[self.before(i)], 1));
            }
            _ => {
                ctx.push(Literal::eq(self.vars[self.n], 1));
                ctx.push(Literal::eq(self.vars[2 * self.n], 1));
            }
        }
    }
}

/// A conflict analysis ran to its end whatever the limits: on large
/// Fillomino, where one analysis rebuilds hundreds of region explanations,
/// a 2 s time limit stopped after 4.7 s. It now reads the time limit and
/// the cancellation flag every 16 literals it resolves.
#[test]
fn a_long_conflict_analysis_stops_at_the_cancellation() {
    let n = 1000;
    let mut m = Model::new();
    let vars = m.new_bools(2 * n + 1).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let chains = Arc::new(TwoChains {
        vars: vars.clone(),
        n,
        flag: flag.clone(),
        explained: AtomicUsize::new(0),
    });
    m.add(chains.clone()).unwrap();
    // Without the check: all 2n links and the failure.
    count_until_cancelled(&m, flag, &chains.explained);
}

/// Counts (at most 3) the solutions of `m` with learning on, in input
/// order, 1 first, and checks that the search stops at the cancellation
/// `flag` within two rounds of 16 `explained` explanations after it.
fn count_until_cancelled(m: &Model, flag: Arc<AtomicBool>, explained: &AtomicUsize) {
    let options = SearchOptions::default()
        .with_learning(Learning::On)
        .with_variable_order(VariableOrder::Input)
        .with_value_order(ValueOrder::Descending)
        .with_cancel_flag(flag);
    let outcome = Solver::with_options(m, options).count(Some(3));
    assert_eq!(
        outcome.status,
        SearchStatus::Stopped(StopReason::Cancelled),
        "{outcome:?}"
    );
    let explained = explained.load(Ordering::Relaxed);
    assert!(
        explained <= 2 * 16,
        "{explained} explanations after the cancellation"
    );
    assert!(explained > 1, "the analysis ran");
}

/// `p = 1` removes 0 from each of `a1..an` (values 0 to 2; each removal
/// explained lazily by `p = 1`); `q = 1` with no `a` at 0 fails. The
/// failure's analysis has one literal at its level (`q`) and `n` below it
/// (`a != 0`), each of which the minimisation explains. The first of
/// those explanations raises the cancellation flag.
#[derive(Debug)]
struct ManyBelow {
    vars: Vec<VarId>, // p, a1..an, q
    flag: Arc<AtomicBool>,
    explained: AtomicUsize,
}

impl ManyBelow {
    fn p(&self) -> VarId {
        self.vars[0]
    }
    fn q(&self) -> VarId {
        self.vars[self.vars.len() - 1]
    }
    fn a(&self) -> &[VarId] {
        &self.vars[1..self.vars.len() - 1]
    }
}

impl Constraint for ManyBelow {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (p, q) = (values[0], values[values.len() - 1]);
        let none = values[1..values.len() - 1].iter().all(|&a| a != 0);
        (p == 0 || none) && !(q == 1 && none)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.value(self.p()) == Some(1) {
            for &a in self.a() {
                ctx.remove(a, 0)?;
            }
        }
        if ctx.value(self.q()) == Some(1) && self.a().iter().all(|&a| !ctx.contains(a, 0)) {
            return Err(ctx.conflict());
        }
        Ok(())
    }
    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        self.explained.fetch_add(1, Ordering::Relaxed);
        match what {
            Explaining::Removal { .. } => {
                self.flag.store(true, Ordering::Relaxed);
                ctx.push(Literal::eq(self.p(), 1));
            }
            _ => {
                ctx.push(Literal::eq(self.q(), 1));
                for &a in self.a() {
                    ctx.push(Literal::ne(a, 0));
                }
            }
        }
    }
}

/// The minimisation of a learned clause explains each literal below the
/// conflict level, and read no limit: on a 20x36 Fillomino it ran 300-440
/// ms past a time limit. It now reads the limits every 16 literals too.
#[test]
fn a_long_clause_minimisation_stops_at_the_cancellation() {
    let n = 1000;
    let mut m = Model::new();
    let p = m.new_bool().unwrap();
    let mut vars = vec![p];
    vars.extend(m.new_vars(n, 0..=2).unwrap());
    vars.push(m.new_bool().unwrap());
    let flag = Arc::new(AtomicBool::new(false));
    let below = Arc::new(ManyBelow {
        vars,
        flag: flag.clone(),
        explained: AtomicUsize::new(0),
    });
    m.add(below.clone()).unwrap();
    // Without the check: the failure and all n literals below it.
    count_until_cancelled(&m, flag, &below.explained);
}
