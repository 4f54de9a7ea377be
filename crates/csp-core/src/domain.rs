//! Domains: finite sets of integer values stored as bitsets.
//!
//! Every variable's domain is a bitset over `base ..= base + 64 * words - 1`,
//! stored in one flat `Vec<u64>` shared by all variables. A domain of up to 64
//! consecutive values (every grid puzzle's) is a single machine word: reading
//! its size, minimum or maximum and removing values are one or two
//! instructions, and the AllDifferent propagator works on whole words. Wider
//! domains (up to [`MAX_DOMAIN_SPAN`] between smallest and largest value) use
//! several words and the same code paths, just with loops.

use crate::variable::{Value, VarId};
use std::fmt;

/// The largest allowed distance between the smallest and the largest value of
/// one domain, plus one (2^20 values).
pub const MAX_DOMAIN_SPAN: u32 = 1 << 20;

/// A finite set of values: the initial domain of a variable, or a snapshot of
/// a current one.
///
/// Build one from a range (`1..=9`, `-5..5`), an array, a slice or a `Vec` of
/// values. Order and repetitions in the input do not matter.
///
/// ```
/// use csp_core::Domain;
/// let d = Domain::from(1..=9);
/// assert_eq!(d.len(), 9);
/// let odd = Domain::from([7, -1, 3, 3]);
/// assert_eq!(odd.iter().collect::<Vec<_>>(), vec![-1, 3, 7]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Domain {
    base: Value,
    words: Vec<u64>,
    /// The smallest and largest value asked for, when they are too far apart
    /// to store; reported by the model as
    /// [`ModelError::DomainTooWide`](crate::ModelError::DomainTooWide).
    too_wide: Option<(Value, Value)>,
}

impl Domain {
    /// The empty domain (a model rejects it, but it is a valid value).
    pub fn empty() -> Self {
        Domain {
            base: 0,
            words: Vec::new(),
            too_wide: None,
        }
    }

    /// All values from `lo` to `hi`, both included; empty if `lo > hi`.
    pub fn range(lo: Value, hi: Value) -> Self {
        if lo > hi {
            return Domain::empty();
        }
        let span = i64::from(hi) - i64::from(lo) + 1;
        if span > i64::from(MAX_DOMAIN_SPAN) {
            return Domain {
                base: lo,
                words: Vec::new(),
                too_wide: Some((lo, hi)),
            };
        }
        let span = span as usize;
        let mut words = vec![u64::MAX; span.div_ceil(64)];
        let rem = span % 64;
        if rem != 0 {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << rem) - 1;
            }
        }
        Domain {
            base: lo,
            words,
            too_wide: None,
        }
    }

    /// The set of the given values.
    pub fn from_values<I: IntoIterator<Item = Value>>(values: I) -> Self {
        let mut values: Vec<Value> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        let (Some(&lo), Some(&hi)) = (values.first(), values.last()) else {
            return Domain::empty();
        };
        let span = i64::from(hi) - i64::from(lo) + 1;
        if span > i64::from(MAX_DOMAIN_SPAN) {
            return Domain {
                base: lo,
                words: Vec::new(),
                too_wide: Some((lo, hi)),
            };
        }
        let mut words = vec![0u64; (span as usize).div_ceil(64)];
        for v in values {
            let off = (i64::from(v) - i64::from(lo)) as usize;
            words[off / 64] |= 1 << (off % 64);
        }
        Domain {
            base: lo,
            words,
            too_wide: None,
        }
    }

    pub(crate) fn from_parts(base: Value, words: &[u64]) -> Self {
        Domain {
            base,
            words: words.to_vec(),
            too_wide: None,
        }
    }

    pub(crate) fn too_wide(&self) -> Option<(Value, Value)> {
        self.too_wide
    }

    pub(crate) fn base(&self) -> Value {
        self.base
    }

    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the domain holds no value.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether `value` belongs to the domain.
    pub fn contains(&self, value: Value) -> bool {
        word_contains(self.base, &self.words, value)
    }

    /// The smallest value, if any.
    pub fn min(&self) -> Option<Value> {
        words_min(self.base, &self.words)
    }

    /// The largest value, if any.
    pub fn max(&self) -> Option<Value> {
        words_max(self.base, &self.words)
    }

    /// The values in ascending order.
    pub fn iter(&self) -> ValueIter<'_> {
        ValueIter::new(self.base, &self.words)
    }
}

impl fmt::Debug for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl From<std::ops::RangeInclusive<Value>> for Domain {
    fn from(r: std::ops::RangeInclusive<Value>) -> Self {
        Domain::range(*r.start(), *r.end())
    }
}

impl From<std::ops::Range<Value>> for Domain {
    fn from(r: std::ops::Range<Value>) -> Self {
        if r.start >= r.end {
            Domain::empty()
        } else {
            Domain::range(r.start, r.end - 1)
        }
    }
}

impl From<&[Value]> for Domain {
    fn from(values: &[Value]) -> Self {
        Domain::from_values(values.iter().copied())
    }
}

impl From<Vec<Value>> for Domain {
    fn from(values: Vec<Value>) -> Self {
        Domain::from_values(values)
    }
}

impl<const N: usize> From<[Value; N]> for Domain {
    fn from(values: [Value; N]) -> Self {
        Domain::from_values(values)
    }
}

/// Ascending iterator over the values of a bitset domain.
#[derive(Clone, Debug)]
pub struct ValueIter<'a> {
    base: i64,
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl<'a> ValueIter<'a> {
    pub(crate) fn new(base: Value, words: &'a [u64]) -> Self {
        let current = words.first().copied().unwrap_or(0);
        ValueIter {
            base: i64::from(base),
            words,
            index: 0,
            current,
        }
    }
}

impl Iterator for ValueIter<'_> {
    type Item = Value;
    #[inline]
    fn next(&mut self) -> Option<Value> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros();
                self.current &= self.current - 1;
                return Some((self.base + 64 * self.index as i64 + i64::from(bit)) as Value);
            }
            self.index += 1;
            self.current = *self.words.get(self.index)?;
        }
    }
}

#[inline]
pub(crate) fn word_contains(base: Value, words: &[u64], value: Value) -> bool {
    let off = i64::from(value) - i64::from(base);
    if off < 0 {
        return false;
    }
    let off = off as u64;
    match words.get((off / 64) as usize) {
        Some(w) => w & (1 << (off % 64)) != 0,
        None => false,
    }
}

#[inline]
pub(crate) fn words_min(base: Value, words: &[u64]) -> Option<Value> {
    let (i, w) = words.iter().enumerate().find(|(_, w)| **w != 0)?;
    Some((i64::from(base) + 64 * i as i64 + i64::from(w.trailing_zeros())) as Value)
}

#[inline]
pub(crate) fn words_max(base: Value, words: &[u64]) -> Option<Value> {
    let (i, w) = words.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
    Some((i64::from(base) + 64 * i as i64 + 63 - i64::from(w.leading_zeros())) as Value)
}

/// Where one variable's domain lives in the flat word store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct VarLayout {
    pub(crate) base: Value,
    pub(crate) start: u32,
    pub(crate) words: u32,
}

impl VarLayout {
    #[inline]
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.words) as usize
    }
}

/// A read-only view of the current domains of all variables.
///
/// Propagators see it through
/// [`PropagationContext`](crate::PropagationContext), which dereferences to
/// it; user-written variable and value selectors receive it directly.
#[derive(Clone, Copy)]
pub struct Domains<'a> {
    pub(crate) words: &'a [u64],
    pub(crate) layout: &'a [VarLayout],
    /// The model's identity (for the ids [`vars`](Self::vars) makes).
    pub(crate) model: u32,
}

impl fmt::Debug for Domains<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries((0..self.layout.len()).map(|i| {
                let v = VarId::from_index(i, self.model);
                (v, self.domain(v))
            }))
            .finish()
    }
}

impl<'a> Domains<'a> {
    #[inline]
    pub(crate) fn slice(&self, var: VarId) -> (Value, &'a [u64]) {
        let l = self.layout[var.index()];
        (l.base, &self.words[l.range()])
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.layout.len()
    }

    /// Every variable of the model, in creation order (what a
    /// [`VariableSelector`](crate::VariableSelector) chooses among).
    pub fn vars(&self) -> impl DoubleEndedIterator<Item = VarId> + ExactSizeIterator + use<> {
        let model = self.model;
        (0..self.layout.len()).map(move |i| VarId::from_index(i, model))
    }

    /// Number of values left in `var`'s domain.
    #[inline]
    pub fn size(&self, var: VarId) -> u32 {
        let l = self.layout[var.index()];
        if l.words == 1 {
            self.words[l.start as usize].count_ones()
        } else {
            self.words[l.range()].iter().map(|w| w.count_ones()).sum()
        }
    }

    /// Whether `var` has exactly one value left.
    #[inline]
    pub fn is_fixed(&self, var: VarId) -> bool {
        let l = self.layout[var.index()];
        if l.words == 1 {
            self.words[l.start as usize].is_power_of_two()
        } else {
            // Stops at the second value (wide domains: Fillomino's).
            let mut one = false;
            for &w in &self.words[l.range()] {
                if w != 0 {
                    if one || !w.is_power_of_two() {
                        return false;
                    }
                    one = true;
                }
            }
            one
        }
    }

    /// The value of `var` if it is fixed.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<Value> {
        if self.is_fixed(var) {
            self.min(var)
        } else {
            None
        }
    }

    /// The smallest value left in `var`'s domain (`None` only for an empty
    /// domain, which a propagator never observes).
    #[inline]
    pub fn min(&self, var: VarId) -> Option<Value> {
        let (base, words) = self.slice(var);
        words_min(base, words)
    }

    /// The largest value left in `var`'s domain.
    #[inline]
    pub fn max(&self, var: VarId) -> Option<Value> {
        let (base, words) = self.slice(var);
        words_max(base, words)
    }

    /// Whether `value` is still in `var`'s domain.
    #[inline]
    pub fn contains(&self, var: VarId, value: Value) -> bool {
        let (base, words) = self.slice(var);
        word_contains(base, words, value)
    }

    /// The values left in `var`'s domain, ascending.
    pub fn iter(&self, var: VarId) -> ValueIter<'a> {
        let (base, words) = self.slice(var);
        ValueIter::new(base, words)
    }

    /// The fast path for word-sized domains: `Some((base, mask))` where bit
    /// `i` of `mask` stands for the value `base + i`, or `None` when `var`'s
    /// domain spans more than 64 values.
    #[inline]
    pub fn mask(&self, var: VarId) -> Option<(Value, u64)> {
        let l = self.layout[var.index()];
        (l.words == 1).then(|| (l.base, self.words[l.start as usize]))
    }

    /// A copy of `var`'s current domain.
    pub fn domain(&self, var: VarId) -> Domain {
        let (base, words) = self.slice(var);
        Domain::from_parts(base, words)
    }

    /// Whether every variable is fixed.
    pub fn all_fixed(&self) -> bool {
        self.vars().all(|v| self.is_fixed(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_sets_exactly_the_values() {
        for (lo, hi) in [(1, 9), (-3, 3), (0, 63), (0, 64), (-100, 1000)] {
            let d = Domain::range(lo, hi);
            assert_eq!(d.len() as i64, i64::from(hi) - i64::from(lo) + 1);
            assert_eq!(d.min(), Some(lo));
            assert_eq!(d.max(), Some(hi));
            assert!(!d.contains(lo - 1) && !d.contains(hi + 1));
            assert_eq!(d.iter().collect::<Vec<_>>(), (lo..=hi).collect::<Vec<_>>());
        }
    }

    #[test]
    fn from_values_dedups_and_sorts() {
        let d = Domain::from(vec![5, -2, 5, 130]);
        assert_eq!(d.iter().collect::<Vec<_>>(), vec![-2, 5, 130]);
        assert_eq!(d.len(), 3);
        assert!(Domain::from(Vec::new()).is_empty());
        assert!(Domain::from(3..3).is_empty());
    }

    #[test]
    fn too_wide_is_flagged_not_allocated() {
        let d = Domain::from([i32::MIN, i32::MAX]);
        assert_eq!(d.too_wide(), Some((i32::MIN, i32::MAX)));
        assert!(
            Domain::range(0, MAX_DOMAIN_SPAN as i32)
                .too_wide()
                .is_some()
        );
        assert!(
            Domain::range(1, MAX_DOMAIN_SPAN as i32)
                .too_wide()
                .is_none()
        );
    }
}
