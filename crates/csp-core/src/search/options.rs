//! Search options: variable order, value order, limits and tracing.

use crate::domain::Domains;
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
    /// Your own selector.
    Custom(Arc<dyn ValueSelector>),
}

/// Limits on one search run. A run stopped by a limit returns an outcome that
/// says so; it is not an error.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many decisions.
    pub nodes: Option<u64>,
    /// Stop after this much wall time (checked every few hundred nodes).
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
}

impl SearchOptions {
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

    /// Sets the node limit.
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

    /// Turns the trace on or off.
    pub fn with_trace(mut self, trace: bool) -> Self {
        self.trace = trace;
        self
    }
}
