//! Search options: variable order, value order, limits and tracing.

use super::probe::Probing;
use super::restarts::Restarts;
use crate::domain::Domains;
use crate::learn::Learning;
use crate::variable::{Value, VarId};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Chooses the next variable to branch on.
pub trait VariableSelector: fmt::Debug + Send + Sync {
    /// Returns an unfixed variable, or `None` when every variable is fixed.
    /// A fixed or unknown variable returned here is ignored and the first
    /// unfixed variable is used instead.
    fn select(&self, domains: &Domains<'_>) -> Option<VarId>;
}

/// Chooses the value to try first for a variable.
pub trait ValueSelector: fmt::Debug + Send + Sync {
    /// Returns a value of `var`'s current domain. A value outside the domain
    /// is ignored and the smallest value is used instead.
    fn select(&self, var: VarId, domains: &Domains<'_>) -> Value;
}

/// The order in which variables are branched on.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub enum VariableOrder {
    /// Minimum remaining values; ties go to the variable in the most
    /// constraints, then to the lowest index (the default).
    #[default]
    MrvDegree,
    /// Minimum remaining values; ties go to the lowest index.
    Mrv,
    /// The first unfixed variable in creation order.
    Input,
    /// Smallest domain size divided by weighted degree (Boussemart et al.,
    /// 2004): every failure adds one to the weight of the constraint that
    /// failed, and a variable's weighted degree is the sum over its
    /// constraints (initially its degree). The search learns where the
    /// problem is hard. Ties go to the lowest index. Weights restart at every
    /// run, so runs stay deterministic.
    DomWdeg,
    /// The variable most involved in recent conflicts (VSIDS: Moskewicz et
    /// al., Chaff, 2001): every conflict the search learns from bumps the
    /// activity of the variables in its analysis, and older bumps fade.
    /// Made for [learning](crate::Learning); without it (and before
    /// [`Learning::Auto`](crate::Learning::Auto) switches on) it is
    /// [`DomWdeg`](Self::DomWdeg). Ties go to the lowest index.
    Activity,
    /// Your own selector.
    Custom(Arc<dyn VariableSelector>),
}

/// The order in which a variable's values are tried.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub enum ValueOrder {
    /// Smallest first (the default).
    #[default]
    Ascending,
    /// Largest first.
    Descending,
    /// A value drawn uniformly from the domain with a seeded generator; the
    /// same seed gives the same search on every machine.
    Random {
        /// The seed.
        seed: u64,
    },
    /// The value the variable last had, if it is still in its domain, else
    /// the smallest (phase saving: Pipatsrisawat and Darwiche, SAT 2007).
    /// After a backjump or a restart, the search goes back to the
    /// assignment it had, less what the conflict ruled out. The values are
    /// remembered while the search [learns](crate::Learning); without it
    /// this is [`Ascending`](Self::Ascending).
    Saved,
    /// Your own selector.
    Custom(Arc<dyn ValueSelector>),
}

/// Limits on one search run. A run stopped by a limit returns an outcome that
/// says so; it is not an error.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop before the decision that would exceed this many decisions
    /// ([`Stats::decisions`](crate::Stats::decisions): the branches `x = v`;
    /// refutations and the root are not counted, so a limit of 0 still
    /// propagates the root and reports a solution found there). Counting
    /// decisions rather than all tree nodes keeps a limit's meaning
    /// independent of how many refutations fail.
    pub nodes: Option<u64>,
    /// Stop after this much wall time. The clock is read before decisions,
    /// about every 0.25 ms of search (the number of nodes between reads
    /// adapts to their cost), every 64 propagator runs within one
    /// propagation fixpoint (the root of a large grid can take long), and
    /// while learning also after every failure and every 16 literals a
    /// conflict analysis resolves (an analysis can rebuild many costly
    /// explanations), so a run overshoots its limit by about that, plus
    /// the propagator run under way. A run stopped within a fixpoint
    /// reports nothing from its unfinished domains: no failure, no
    /// solution. [`Solver::propagate`](crate::Solver::propagate) is the
    /// exception: it reaches its fixpoint whatever the limits, as its
    /// caller reads the domains.
    pub time: Option<Duration>,
    /// Stop after this many solutions (for [`Solver::solutions`](crate::Solver::solutions)).
    pub solutions: Option<u64>,
    /// Stop as soon as another thread sets this flag.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// Everything that steers a search.
///
/// ```
/// use csp_core::{SearchOptions, ValueOrder};
/// let options = SearchOptions::default()
///     .with_value_order(ValueOrder::Random { seed: 7 })
///     .with_node_limit(10_000);
/// assert_eq!(options.limits.nodes, Some(10_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// Variable order. Default: MRV with degree tie-break.
    pub variable_order: VariableOrder,
    /// Value order. Default: ascending.
    pub value_order: ValueOrder,
    /// Limits. Default: none.
    pub limits: Limits,
    /// Record a trace of every deduction ([`Solver::trace`](crate::Solver::trace)).
    pub trace: bool,
    /// The variables to branch on (see
    /// [`with_decision_vars`](Self::with_decision_vars)). Default: `None`,
    /// every variable.
    pub decision_vars: Option<Arc<[VarId]>>,
    /// Restart schedule for first-solution and optimisation runs
    /// ([`with_restarts`](Self::with_restarts)). Default: none.
    pub restarts: Option<Restarts>,
    /// Measure the search thread's CPU time into
    /// [`Stats::cpu_time`](crate::Stats::cpu_time). Default: off.
    pub cpu_time: bool,
    /// Failed-literal probing ([`with_probing`](Self::with_probing)).
    /// Default: off.
    pub probing: Probing,
    /// Learning from conflicts ([`with_learning`](Self::with_learning)).
    /// Default: off.
    pub learning: Learning,
}

impl SearchOptions {
    /// Probes values before branching (see [`Probing`]): at the root, or
    /// at every node. Removes every value whose propagation fails, so the
    /// search needs fewer decisions at the cost of more propagation per
    /// node. The solutions and counts do not change (their order can, with
    /// a variable order that looks at domain sizes).
    ///
    /// ```
    /// use csp_core::{Model, Probing, SearchOptions, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(3, 0..=1)?;
    /// model.all_different(&xs[..2])?;
    /// model.equal(xs[1], xs[2])?;
    /// let options = SearchOptions::default().with_probing(Probing::EveryNode);
    /// let mut solver = Solver::with_options(&model, options);
    /// assert_eq!(solver.count(None).count, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_probing(mut self, probing: Probing) -> Self {
        self.probing = probing;
        self
    }

    /// Sets the variable order.
    pub fn with_variable_order(mut self, order: VariableOrder) -> Self {
        self.variable_order = order;
        self
    }

    /// Sets the value order.
    pub fn with_value_order(mut self, order: ValueOrder) -> Self {
        self.value_order = order;
        self
    }

    /// Sets all limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the node limit: at most `nodes` decisions (see [`Limits::nodes`]).
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.limits.nodes = Some(nodes);
        self
    }

    /// Sets the time limit.
    pub fn with_time_limit(mut self, time: Duration) -> Self {
        self.limits.time = Some(time);
        self
    }

    /// Sets the cancellation flag.
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.limits.cancel = Some(flag);
        self
    }

    /// Branches on `vars` only, as long as one of them is unfixed: the
    /// variable order (MRV, MRV with degree, dom/wdeg, input) chooses among
    /// them, ties going to the one listed first, and [`VariableOrder::Input`]
    /// takes them in the order listed.
    ///
    /// Name the *decision variables* of a model, the ones whose values
    /// determine all the others: the series of an all-interval problem, not
    /// its differences; the queens, not their diagonals. Once they are all
    /// fixed, propagation has usually fixed the rest (auxiliary variables
    /// defined by them); any variable still open is then branched on with
    /// the same order, after them, so every solution reported is complete
    /// and the search stays exact (counts and uniqueness do not change).
    /// Branching on auxiliary variables as well can only make the tree
    /// larger: a decision on an auxiliary variable splits the solutions of
    /// the decision variables into more, smaller subtrees.
    ///
    /// Variables that do not belong to the model solved are ignored, and so
    /// is a repetition. An empty list is the same as listing none: every
    /// variable is branched on in the default way. A
    /// [`VariableOrder::Custom`] selector chooses among all variables; the
    /// list only orders the fallback when it declines.
    ///
    /// ```
    /// use csp_core::{Model, RelOp, SearchOptions, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(4, 0..=3)?;
    /// model.all_different(&xs)?;
    /// // Auxiliary variables, defined by the xs: ys[i] = xs[i] + 10.
    /// let ys = model.new_vars(4, 10..=13)?;
    /// for (&x, &y) in xs.iter().zip(&ys) {
    ///     model.relation(x, RelOp::Eq, y, 10)?;
    /// }
    /// let options = SearchOptions::default().with_decision_vars(&xs);
    /// let mut solver = Solver::with_options(&model, options);
    /// assert_eq!(solver.count(None).count, 24);
    /// for solution in solver.solutions() {
    ///     assert!(xs.iter().zip(&ys).all(|(&x, &y)| solution[y] == solution[x] + 10));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_decision_vars(mut self, vars: &[VarId]) -> Self {
        self.decision_vars = (!vars.is_empty()).then(|| vars.into());
        self
    }

    /// Restarts first-solution and optimisation runs from the root on a
    /// schedule of failure counts (see [`Restarts`]); counting, enumerating
    /// and uniqueness ignore it. Pair it with dom/wdeg or a random value
    /// order, so that attempts differ.
    ///
    /// ```
    /// use csp_core::{Model, Restarts, SearchOptions, Solver, ValueOrder, VariableOrder};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(8, 0..=7)?;
    /// model.all_different(&xs)?;
    /// let options = SearchOptions::default()
    ///     .with_variable_order(VariableOrder::DomWdeg)
    ///     .with_value_order(ValueOrder::Random { seed: 3 })
    ///     .with_restarts(Restarts::Luby { scale: 10 });
    /// let mut solver = Solver::with_options(&model, options);
    /// assert!(solver.solve().into_solution().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_restarts(mut self, restarts: Restarts) -> Self {
        self.restarts = Some(restarts);
        self
    }

    /// Learns from conflicts (see [`Learning`] and the
    /// [`learn`](crate::learn) module): every failure adds a clause that
    /// rules out its cause for the rest of the run, and the search jumps
    /// back to where that cause began. Counts, uniqueness, all solutions and
    /// optimisation stay exact. While it learns, the search restarts on
    /// [`with_restarts`](Self::with_restarts)'s schedule (Luby, 100 failures
    /// per unit, if none is set), in every kind of run, and does not probe.
    /// A run with the [trace](Self::with_trace) on does not learn (the trace
    /// records depth-first search, step by step).
    ///
    /// Usually paired with [`VariableOrder::Activity`] and
    /// [`ValueOrder::Saved`], as [`learning`](Self::learning) sets them.
    ///
    /// ```
    /// use csp_core::{Learning, Model, SearchOptions, Solver};
    /// let mut model = Model::new();
    /// let q = model.new_vars(8, 0..=7)?;
    /// model.all_different(&q)?;
    /// let diag: Vec<_> = q.iter().enumerate().map(|(i, &v)| (v, i as i32)).collect();
    /// model.all_different_offset(&diag)?;
    /// let anti: Vec<_> = q.iter().enumerate().map(|(i, &v)| (v, -(i as i32))).collect();
    /// model.all_different_offset(&anti)?;
    /// let options = SearchOptions::default().with_learning(Learning::On);
    /// assert_eq!(Solver::with_options(&model, options).count(None).count, 92);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_learning(mut self, learning: Learning) -> Self {
        self.learning = learning;
        self
    }

    /// The options for learning: [`Learning::On`] with the activity order
    /// ([`VariableOrder::Activity`]) and phase saving ([`ValueOrder::Saved`]),
    /// the other options as they are.
    pub fn learning(self) -> Self {
        self.with_learning(Learning::On)
            .with_variable_order(VariableOrder::Activity)
            .with_value_order(ValueOrder::Saved)
    }

    /// Turns the trace on or off.
    pub fn with_trace(mut self, trace: bool) -> Self {
        self.trace = trace;
        self
    }

    /// Measures the CPU time of the thread that runs the search
    /// ([`Stats::cpu_time`](crate::Stats::cpu_time)), for timing on a busy
    /// machine, where wall time counts other processes too. Off by
    /// default: on Linux each call of the solver then reads the thread's
    /// clock twice (a few microseconds, as much as a small puzzle's whole
    /// solve).
    ///
    /// ```
    /// use csp_core::{Model, SearchOptions, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(6, 1..=6)?;
    /// model.all_different(&xs)?;
    /// let mut solver = Solver::with_options(&model, SearchOptions::default().with_cpu_time(true));
    /// solver.count(None);
    /// if cfg!(target_os = "linux") {
    ///     assert!(solver.stats().cpu_time.is_some());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cpu_time(mut self, cpu_time: bool) -> Self {
        self.cpu_time = cpu_time;
        self
    }
}
