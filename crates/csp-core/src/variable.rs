//! Variable identifiers and the value type.

use std::fmt;

/// The type of every variable's values.
///
/// Domains may hold negative values; arithmetic on values inside the engine is
/// done in `i64`, so offsets such as `x + c < y` never overflow.
pub type Value = i32;

/// A handle to a variable of a [`Model`](crate::Model).
///
/// `VarId`s are dense: the `n`-th variable created in a model has index `n`.
/// Each also carries the identity of the model that created it, so a
/// `VarId` from another model is rejected with
/// [`ModelError::ForeignVariable`](crate::ModelError::ForeignVariable)
/// wherever a model or a solver takes one, rather than quietly meaning
/// that model's variable of the same index. (The identity is never read on
/// the search path: propagators index by [`index`](Self::index) alone.)
///
/// ```
/// use csp_core::{Model, ModelError};
/// let mut a = Model::new();
/// let mut b = Model::new();
/// let x = a.new_var(1..=3)?;
/// let y = b.new_var(1..=3)?;
/// assert_eq!(x.index(), y.index());
/// assert_ne!(x, y);
/// assert!(matches!(
///     b.not_equal(x, y),
///     Err(ModelError::ForeignVariable(v)) if v == x
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId {
    /// The dense index (first, so ids of one model sort by index).
    index: u32,
    /// The creating model's identity ([`Model::tag`](crate::Model)).
    model: u32,
}

impl VarId {
    /// The id of the variable of index `index` in the model tagged `model`.
    #[inline]
    pub(crate) fn from_index(index: usize, model: u32) -> Self {
        debug_assert!(index <= u32::MAX as usize);
        VarId {
            index: index as u32,
            model,
        }
    }

    /// The dense index of this variable in its model (0-based).
    #[inline]
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// The identity of the model that created this variable.
    #[inline]
    pub(crate) fn model_tag(self) -> u32 {
        self.model
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.index)
    }
}

impl fmt::Debug for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VarId({})", self.index)
    }
}
