//! Errors in building a model. Unsatisfiability is not an error: it is a
//! normal search outcome ([`SolveOutcome::Unsatisfiable`](crate::SolveOutcome)).

use crate::variable::{Value, VarId};

/// A model that cannot make sense.
///
/// Every method of [`Model`](crate::Model) that adds something checks its
/// input and returns one of these instead of panicking.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A variable was given an empty domain.
    #[error("variable {name} has an empty domain")]
    EmptyDomain {
        /// The name the variable would have had.
        name: String,
    },
    /// The values of a domain are too far apart to store as a bitset.
    #[error(
        "variable {name}: its domain spans more than {max} values (from {min_value} to {max_value})",
        max = crate::domain::MAX_DOMAIN_SPAN
    )]
    DomainTooWide {
        /// The name the variable would have had.
        name: String,
        /// The smallest value asked for.
        min_value: Value,
        /// The largest value asked for.
        max_value: Value,
    },
    /// A variable id that another model created (ids carry their model's
    /// identity, so they are never mistaken for this model's variable of
    /// the same index).
    #[error("variable {0} belongs to another model")]
    ForeignVariable(VarId),
    /// The same variable appears twice in the scope of a constraint that
    /// needs distinct variables (AllDifferent).
    #[error("{constraint}: variable {name} appears more than once")]
    DuplicateVariable {
        /// The constraint being added.
        constraint: String,
        /// The repeated variable's name.
        name: String,
    },
    /// A constraint was given no variables.
    #[error("{constraint}: the scope is empty")]
    EmptyScope {
        /// The constraint being added.
        constraint: String,
    },
    /// A given (or an assumption) names a value outside the variable's domain.
    #[error("variable {name} cannot be {value}: the value is not in its domain")]
    GivenOutsideDomain {
        /// The variable's name.
        name: String,
        /// The value asked for.
        value: Value,
    },
    /// The constraint's arithmetic (sums of coefficients times bounds,
    /// products, ...) could overflow `i64` on the variables' domains.
    #[error("{constraint}: its arithmetic could overflow 64-bit integers on these domains")]
    Overflow {
        /// The constraint being added.
        constraint: String,
    },
    /// An argument that makes no sense for the constraint (tuples of the
    /// wrong arity, an automaton state out of range, mismatched lengths...).
    #[error("{constraint}: {reason}")]
    InvalidArgument {
        /// The constraint being added.
        constraint: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// More variables than a [`VarId`] can index.
    #[error("too many variables (at most {} are supported)", u32::MAX)]
    TooManyVariables,
}
