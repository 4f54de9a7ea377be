//! The plug-in constraint trait and the small types around it.

use crate::learn::{ExplainContext, Explaining};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// A handle to a constraint of a [`Model`](crate::Model), returned when the
/// constraint is added. Trace events name constraints by this id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ConstraintId(u32);

impl ConstraintId {
    /// The dense index of this constraint in its model (0-based).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) fn from_index(index: usize) -> Self {
        ConstraintId(index as u32)
    }
}

impl fmt::Display for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

/// A propagation failure: some variable would be left with no value, or a
/// fully fixed scope breaks its constraint. The search backtracks.
///
/// This is an ordinary value, not an error: constraints return it from
/// [`Constraint::propagate`] and the engine handles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict;

/// The kinds of domain change a constraint asks to be woken up for.
///
/// A constraint is queued for propagation when one of its variables changes
/// in a way it subscribed to. Every change is a `DOMAIN` change; a change of
/// the smallest or largest value is also a `BOUNDS` change; a change that
/// leaves one value is also a `FIXED` change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Events(u8);

impl Events {
    /// The variable became fixed (one value left).
    pub const FIXED: Events = Events(1);
    /// The smallest or the largest value changed (includes fixing).
    pub const BOUNDS: Events = Events(1 | 2);
    /// Any change at all.
    pub const DOMAIN: Events = Events(1 | 2 | 4);

    #[inline]
    pub(crate) fn bits(self) -> u8 {
        self.0
    }
}

/// When a constraint runs relative to others: lower levels run first.
///
/// The engine keeps one FIFO queue per level and always takes from the lowest
/// non-empty one, so cheap constraints reach their fixpoint before expensive
/// ones run (the cost classes of Gecode and Pumpkin). Puzzle crates also use
/// this to make the trace list easy deductions before hard ones: the Sudoku
/// grader gives each of its human techniques a level of its own, which is
/// why there are sixteen. The named levels are the ones engine code uses;
/// any level in `0..LEVELS` may be given with [`Priority::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Priority(u8);

impl Priority {
    /// Number of distinct levels.
    pub const LEVELS: usize = 16;
    /// Level 0: unary and binary constraints.
    pub const FASTEST: Priority = Priority(0);
    /// Level 1: linear-time global constraints (AllDifferent forward checking).
    pub const FAST: Priority = Priority(1);
    /// Level 3: the default for user constraints.
    pub const NORMAL: Priority = Priority(3);
    /// Level 5: super-linear propagators (AllDifferent matching).
    pub const SLOW: Priority = Priority(5);
    /// Level 15: the last to run.
    pub const SLOWEST: Priority = Priority(15);

    /// The priority of the given level, clamped to `0..LEVELS`.
    pub const fn new(level: u8) -> Priority {
        if (level as usize) < Self::LEVELS {
            Priority(level)
        } else {
            Priority(Self::LEVELS as u8 - 1)
        }
    }

    /// The level, `0..LEVELS`.
    pub fn level(self) -> usize {
        self.0 as usize
    }
}

impl Default for Priority {
    fn default() -> Self {
        Priority::NORMAL
    }
}

/// A constraint: a rule over a fixed list of variables (its *scope*).
///
/// Only two methods are required: [`scope`](Constraint::scope) and
/// [`is_satisfied`](Constraint::is_satisfied), the classic validity check.
/// With just those, the engine gives the constraint forward checking: once a
/// single variable of the scope is left unfixed, it removes that variable's
/// values that the check rejects, and a fully fixed scope that fails the check
/// fails the search node. Every solution the engine reports is also checked
/// against `is_satisfied`, so a constraint is never weaker than its check.
///
/// The other methods have defaults and exist to make a constraint stronger
/// or faster: override [`propagate`](Constraint::propagate) to prune more
/// (bounds reasoning, sums, ...), [`events`](Constraint::events) to be woken
/// up less often, [`priority`](Constraint::priority) to run earlier or later,
/// and [`name`](Constraint::name) for messages. The built-in AllDifferent and
/// relations are written against this same trait.
///
/// # Example: a sum cage
///
/// ```
/// use csp_core::{Constraint, Model, Solver, Value, VarId};
///
/// /// The variables add up to `total`.
/// #[derive(Debug)]
/// struct Sum { vars: Vec<VarId>, total: i64 }
///
/// impl Constraint for Sum {
///     fn scope(&self) -> &[VarId] { &self.vars }
///     fn is_satisfied(&self, values: &[Value]) -> bool {
///         values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
///     }
/// }
///
/// let mut model = Model::new();
/// let cage = model.new_vars(3, 1..=9)?;
/// model.all_different(&cage)?;
/// model.add(Sum { vars: cage.clone(), total: 7 })?; // 1 + 2 + 4 only
/// let mut solver = Solver::new(&model);
/// assert_eq!(solver.count(None).count, 6); // the 3! orders of {1, 2, 4}
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Constraint: fmt::Debug + Send + Sync {
    /// The variables this constraint is about, in the order
    /// [`is_satisfied`](Constraint::is_satisfied) receives their values.
    fn scope(&self) -> &[VarId];

    /// Whether the values (one per scope entry, in scope order) satisfy the
    /// constraint.
    fn is_satisfied(&self, values: &[Value]) -> bool;

    /// Removes values that cannot be part of any solution, or reports a
    /// [`Conflict`]. The default is forward checking on
    /// [`is_satisfied`](Constraint::is_satisfied) (see
    /// [`forward_check`](crate::forward_check)).
    ///
    /// It must be *sound*: never remove a value that some solution of this
    /// constraint (given the current domains) uses.
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        crate::forward_check(self, ctx)
    }

    /// The domain changes that queue this constraint. Default: any change.
    fn events(&self) -> Events {
        Events::DOMAIN
    }

    /// When this constraint runs relative to the others. Default: [`Priority::NORMAL`].
    fn priority(&self) -> Priority {
        Priority::NORMAL
    }

    /// Whether one call of [`propagate`](Constraint::propagate) always reaches
    /// this constraint's own fixpoint. If so, the engine does not queue the
    /// constraint again for changes it made itself. Default: `false` (safe).
    fn idempotent(&self) -> bool {
        false
    }

    /// A short name for messages and traces. Default: the type's name.
    fn name(&self) -> &str {
        std::any::type_name::<Self>()
    }

    /// How many words of *trailed state* this constraint keeps in each
    /// solver. Default: none.
    ///
    /// A constraint is shared by every solver of its model, so it cannot
    /// keep search state in `self`. Instead it asks for state words here;
    /// each solver reserves them, fills them once with
    /// [`init_state`](Constraint::init_state), and hands them to
    /// [`propagate`](Constraint::propagate) through
    /// [`PropagationContext::state`] and
    /// [`PropagationContext::set_state`]. Every write is recorded on the
    /// trail, so backtracking restores the state together with the domains
    /// (the live tuples of a table, the support counts of an automaton).
    fn state_words(&self) -> usize {
        0
    }

    /// Writes the initial state: `state` has
    /// [`state_words`](Constraint::state_words) words, all zero, and
    /// `domains` are the model's initial domains. Called when a solver is
    /// created; every run starts again from this state. Default: nothing.
    fn init_state(&self, domains: &crate::Domains<'_>, state: &mut [u64]) {
        let _ = (domains, state);
    }

    /// Explains one of this constraint's changes, or its failure, when the
    /// search learns from conflicts ([`Learning`](crate::Learning)): adds
    /// to `ctx` literals, true just before the change, that with this
    /// constraint's rule imply it (see [`ExplainContext`]). Asked only when
    /// a failure is traced back through the change.
    ///
    /// The default explains by the decisions made so far: always sound,
    /// but the search learns little from it. A constraint whose
    /// [`propagate`](Constraint::propagate) reads only the domains of its
    /// scope can do much better at once with
    /// `ctx.push_scope(self.scope())`, and better still by naming only
    /// the values its deduction used. Changes given a reason when made
    /// ([`PropagationContext::explained_by`]) are not asked about.
    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        let _ = what;
        ctx.push_decisions();
    }
}

impl<C: Constraint + ?Sized> Constraint for Box<C> {
    fn scope(&self) -> &[VarId] {
        (**self).scope()
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        (**self).is_satisfied(values)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        (**self).propagate(ctx)
    }
    fn events(&self) -> Events {
        (**self).events()
    }
    fn priority(&self) -> Priority {
        (**self).priority()
    }
    fn idempotent(&self) -> bool {
        (**self).idempotent()
    }
    fn name(&self) -> &str {
        (**self).name()
    }
    fn state_words(&self) -> usize {
        (**self).state_words()
    }
    fn init_state(&self, domains: &crate::Domains<'_>, state: &mut [u64]) {
        (**self).init_state(domains, state)
    }
    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        (**self).explain(ctx, what)
    }
}

impl<C: Constraint + ?Sized> Constraint for std::sync::Arc<C> {
    fn scope(&self) -> &[VarId] {
        (**self).scope()
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        (**self).is_satisfied(values)
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        (**self).propagate(ctx)
    }
    fn events(&self) -> Events {
        (**self).events()
    }
    fn priority(&self) -> Priority {
        (**self).priority()
    }
    fn idempotent(&self) -> bool {
        (**self).idempotent()
    }
    fn name(&self) -> &str {
        (**self).name()
    }
    fn state_words(&self) -> usize {
        (**self).state_words()
    }
    fn init_state(&self, domains: &crate::Domains<'_>, state: &mut [u64]) {
        (**self).init_state(domains, state)
    }
    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        (**self).explain(ctx, what)
    }
}

/// Read access to the domains: the domains now for a
/// [`PropagationContext`], the domains just before the change being
/// explained for an [`ExplainContext`]. A deduction written once over this
/// trait serves both [`Constraint::propagate`] and [`Constraint::explain`]:
/// run it again while explaining and it reads the domains it read when it
/// made the change.
///
/// ```
/// use csp_core::{ReadDomains, VarId};
///
/// /// The variables of `vars` fixed to 1.
/// fn ones(d: &impl ReadDomains, vars: &[VarId]) -> Vec<VarId> {
///     vars.iter().copied().filter(|&x| d.min(x) == 1).collect()
/// }
/// ```
pub trait ReadDomains {
    /// Whether `value` is in `var`'s domain.
    fn contains(&self, var: VarId, value: Value) -> bool;
    /// `var`'s domain as one word when it has one: the base and the mask
    /// (bit `i` is the value `base + i`); `None` for a domain over 64 values.
    fn mask(&self, var: VarId) -> Option<(Value, u64)>;
    /// The number of values in `var`'s domain.
    fn size(&self, var: VarId) -> u32;
    /// `var`'s value, if its domain holds one value.
    fn value(&self, var: VarId) -> Option<Value>;
    /// Whether `var`'s domain holds one value.
    fn is_fixed(&self, var: VarId) -> bool;
    /// `var`'s smallest value.
    fn min(&self, var: VarId) -> Value;
    /// `var`'s largest value.
    fn max(&self, var: VarId) -> Value;
}

/// Implements [`ReadDomains`] by the type's inherent methods of the same
/// names.
macro_rules! read_domains_by_inherent {
    ($ty:ty) => {
        impl ReadDomains for $ty {
            #[inline]
            fn contains(&self, var: VarId, value: Value) -> bool {
                <$ty>::contains(self, var, value)
            }
            #[inline]
            fn mask(&self, var: VarId) -> Option<(Value, u64)> {
                <$ty>::mask(self, var)
            }
            #[inline]
            fn size(&self, var: VarId) -> u32 {
                <$ty>::size(self, var)
            }
            #[inline]
            fn value(&self, var: VarId) -> Option<Value> {
                <$ty>::value(self, var)
            }
            #[inline]
            fn is_fixed(&self, var: VarId) -> bool {
                <$ty>::is_fixed(self, var)
            }
            #[inline]
            fn min(&self, var: VarId) -> Value {
                <$ty>::min(self, var)
            }
            #[inline]
            fn max(&self, var: VarId) -> Value {
                <$ty>::max(self, var)
            }
        }
    };
}

read_domains_by_inherent!(PropagationContext<'_>);
read_domains_by_inherent!(ExplainContext<'_>);
