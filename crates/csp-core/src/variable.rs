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
/// They are only meaningful for the model that created them; a `VarId` from
/// another model is rejected with [`ModelError::UnknownVariable`](crate::ModelError::UnknownVariable)
/// when it is out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(u32);

impl VarId {
    /// Creates the id of the variable with the given index.
    ///
    /// Returns `None` if `index` does not fit in a `u32`.
    pub fn new(index: usize) -> Option<Self> {
        u32::try_from(index).ok().map(VarId)
    }

    /// The dense index of this variable in its model (0-based).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) fn from_index(index: usize) -> Self {
        debug_assert!(index <= u32::MAX as usize);
        VarId(index as u32)
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

/// A per-variable container indexed by [`VarId`], so search code never mixes
/// up bare indices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VarMap<T> {
    items: Vec<T>,
}

impl<T> VarMap<T> {
    /// An empty map.
    pub fn new() -> Self {
        VarMap { items: Vec::new() }
    }

    /// A map with `len` copies of `value`.
    pub fn filled(len: usize, value: T) -> Self
    where
        T: Clone,
    {
        VarMap {
            items: vec![value; len],
        }
    }

    /// Appends the entry of the next variable.
    pub fn push(&mut self, value: T) {
        self.items.push(value);
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The entry of `var`, if it exists.
    pub fn get(&self, var: VarId) -> Option<&T> {
        self.items.get(var.index())
    }

    /// Iterates over `(VarId, &T)` in variable order.
    pub fn iter(&self) -> impl Iterator<Item = (VarId, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (VarId::from_index(i), t))
    }

    /// The entries as a slice, in variable order.
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }
}

impl<T> std::ops::Index<VarId> for VarMap<T> {
    type Output = T;
    #[inline]
    fn index(&self, var: VarId) -> &T {
        &self.items[var.index()]
    }
}

impl<T> std::ops::IndexMut<VarId> for VarMap<T> {
    #[inline]
    fn index_mut(&mut self, var: VarId) -> &mut T {
        &mut self.items[var.index()]
    }
}

impl<T> FromIterator<T> for VarMap<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        VarMap {
            items: iter.into_iter().collect(),
        }
    }
}
