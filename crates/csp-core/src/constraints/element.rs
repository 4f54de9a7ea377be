//! Element: `array[index] == value`, with `array` a list of constants
//! ([`Model::element`]) or of variables ([`Model::element_vars`]).
//!
//! # Background
//!
//! Element is how a model looks a value up in a table chosen by a variable:
//! the cost of the `index`-th option, the cell a pointer variable names, a
//! permutation and its inverse. The index is **0-based**: `index = 0` picks
//! `array[0]`. An index value outside `0..array.len()` is removed from its
//! domain when the constraint is posted (if no value of the index's domain is
//! in range, the model is unsatisfiable, which is not an error).
//!
//! # Practical
//!
//! - Constants ([`Element`]): *domain consistent*. One call removes the
//!   index values `i` with `array[i]` not in `value`'s domain, then keeps
//!   in `value` only the constants `array[i]` of the index values left.
//!   That is the fixpoint (the call is idempotent). Cost per call:
//!   `O(|dom(index)| + w)` with `w` the domain words of the two variables.
//! - Variables ([`ElementVars`]): removes the index values `i` for which
//!   `array[i]`'s domain does not meet `value`'s, restricts `value` to the
//!   union of the domains of the `array[i]` left, and once the index is
//!   fixed to `i`, makes `value` and `array[i]` domain consistent as an
//!   equality (both get the intersection). When `index`, `value` and the
//!   array variables are pairwise distinct this is domain consistent: an
//!   array variable whose position is not the fixed index is free, any value
//!   left for it is supported by another index. With a variable repeated
//!   among them it stays sound, and is re-run until nothing changes. Cost
//!   per call: `O(sum over live i of min(|dom(array[i])|, |dom(value)|))`,
//!   word operations when the domains share a one-word layout.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut m = Model::new(); let (i, v) = (m.new_var(0..=9)?, m.new_var(0..=9)?);
//! m.element(&[10, 20, 30], i, v)?; // index pruned to 0..=2 at posting
//! assert_eq!(Solver::new(&m).count(None).count, 0); // 10, 20, 30 are not in 0..=9
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! P. Van Hentenryck, J.-P. Carillon, *Generality versus specificity: an
//! experience with AI and OR techniques*, AAAI 1988 (the element
//! constraint); the propagation rules for the variable case follow Gecode's
//! `int/element/` (Schulte and Tack) in their domain form.

use crate::Model;
use crate::constraint::{Conflict, Constraint, ConstraintId, Priority};
use crate::domain::{Domains, VarLayout};
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};

/// Rule names used in traces.
pub mod rules {
    /// An index whose entry cannot equal the value.
    pub const INDEX: &str = "element: index cannot match";
    /// A value that no index left gives.
    pub const VALUE: &str = "element: value not reachable";
    /// The index is fixed: the value equals that entry.
    pub const EQUAL: &str = "element: fixed index";
}

/// `array[index] == value` over constants. Create it with
/// [`Model::element`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Element {
    scope: [VarId; 2],
    array: Vec<Value>,
}

/// `array[index] == value` over variables. Create it with
/// [`Model::element_vars`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct ElementVars {
    /// `[index, value, array...]`.
    scope: Vec<VarId>,
    /// Whether `index`, `value` and the array variables are pairwise distinct.
    distinct: bool,
}

/// Bit `off` of a word-layout mask, if `off` is in range.
#[inline]
fn offset(l: VarLayout, value: i64) -> Option<usize> {
    let off = value - i64::from(l.base);
    (0..64 * i64::from(l.words))
        .contains(&off)
        .then_some(off as usize)
}

/// Writes `keep` (words in `var`'s layout) into `var`'s domain.
fn write(
    ctx: &mut PropagationContext<'_>,
    var: VarId,
    l: VarLayout,
    keep: &[u64],
) -> Result<bool, Conflict> {
    if l.words == 1 {
        ctx.intersect_mask(var, l.base, keep[0])
    } else {
        ctx.intersect_words(var, keep)
    }
}

/// Calls `f` with every value of `var`'s domain.
#[inline]
fn for_each_value(d: &Domains<'_>, var: VarId, mut f: impl FnMut(i64)) {
    let l = d.layout[var.index()];
    for (k, &w) in d.words[l.range()].iter().enumerate() {
        let mut bits = w;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            f(i64::from(l.base) + 64 * k as i64 + i64::from(b));
        }
    }
}

impl Element {
    /// The constants, indexed from 0.
    pub fn array(&self) -> &[Value] {
        &self.array
    }
}

impl Constraint for Element {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        match values {
            [i, v] => usize::try_from(*i)
                .ok()
                .and_then(|i| self.array.get(i))
                .is_some_and(|a| a == v),
            _ => false,
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let [index, value] = self.scope;
        let mut keep = ctx.take_words();
        let result = (|| {
            let d = ctx.domains();
            let (li, lv) = (d.layout[index.index()], d.layout[value.index()]);
            // Index values whose constant is in value's domain.
            keep.clear();
            keep.resize(li.words as usize, 0);
            for_each_value(&d, index, |i| {
                let ok = usize::try_from(i)
                    .ok()
                    .and_then(|i| self.array.get(i))
                    .is_some_and(|&a| d.contains(value, a));
                if ok {
                    if let Some(o) = offset(li, i) {
                        keep[o / 64] |= 1 << (o % 64);
                    }
                }
            });
            ctx.set_rule(rules::INDEX);
            write(ctx, index, li, &keep)?;
            // Values some index left gives.
            let d = ctx.domains();
            keep.clear();
            keep.resize(lv.words as usize, 0);
            for_each_value(&d, index, |i| {
                // In range: the index was just filtered.
                if let Some(o) = offset(lv, i64::from(self.array[i as usize])) {
                    keep[o / 64] |= 1 << (o % 64);
                }
            });
            ctx.set_rule(rules::VALUE);
            write(ctx, value, lv, &keep)?;
            Ok(())
        })();
        ctx.give_back_words(keep);
        result
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "element"
    }
}

/// Whether the domains of `a` and `b` share a value.
fn meet(d: &Domains<'_>, a: VarId, b: VarId) -> bool {
    let (la, lb) = (d.layout[a.index()], d.layout[b.index()]);
    if la.words == lb.words && la.base == lb.base {
        return d.words[la.range()]
            .iter()
            .zip(&d.words[lb.range()])
            .any(|(x, y)| x & y != 0);
    }
    let (small, large) = if d.size(a) <= d.size(b) {
        (a, b)
    } else {
        (b, a)
    };
    let mut found = false;
    for_each_value(d, small, |v| {
        found |= Value::try_from(v).is_ok_and(|v| d.contains(large, v));
    });
    found
}

impl ElementVars {
    /// The array variables, indexed from 0.
    pub fn array(&self) -> &[VarId] {
        &self.scope[2..]
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, keep: &mut Vec<u64>) -> Result<(), Conflict> {
        let (index, value) = (self.scope[0], self.scope[1]);
        let array = &self.scope[2..];
        let d = ctx.domains();
        let (li, lv) = (d.layout[index.index()], d.layout[value.index()]);
        keep.clear();
        keep.resize(li.words as usize, 0);
        for_each_value(&d, index, |i| {
            let ok = usize::try_from(i)
                .ok()
                .and_then(|i| array.get(i))
                .is_some_and(|&x| meet(&d, x, value));
            if ok {
                if let Some(o) = offset(li, i) {
                    keep[o / 64] |= 1 << (o % 64);
                }
            }
        });
        ctx.set_rule(rules::INDEX);
        write(ctx, index, li, keep)?;
        if let Some(i) = ctx.value(index) {
            // In range: the index was just filtered.
            let x = array[i as usize];
            ctx.set_rule(rules::EQUAL);
            ctx.retain(value, |d, v| d.contains(x, v))?;
            ctx.retain(x, |d, v| d.contains(value, v))?;
            return Ok(());
        }
        // The value is one of the live entries' values.
        let d = ctx.domains();
        keep.clear();
        keep.resize(lv.words as usize, 0);
        for_each_value(&d, index, |i| {
            let x = array[i as usize];
            let lx = d.layout[x.index()];
            if lx.base == lv.base && lx.words == lv.words {
                for (k, w) in keep.iter_mut().zip(&d.words[lx.range()]) {
                    *k |= w;
                }
            } else {
                for_each_value(&d, x, |v| {
                    if let Some(o) = offset(lv, v) {
                        keep[o / 64] |= 1 << (o % 64);
                    }
                });
            }
        });
        ctx.set_rule(rules::VALUE);
        write(ctx, value, lv, keep)?;
        Ok(())
    }
}

impl Constraint for ElementVars {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (i, v) = (values[0], values[1]);
        usize::try_from(i)
            .ok()
            .and_then(|i| values[2..].get(i))
            .is_some_and(|a| *a == v)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut keep = ctx.take_words();
        let result = self.run(ctx, &mut keep);
        ctx.give_back_words(keep);
        result
    }

    fn priority(&self) -> Priority {
        Priority::FAST
    }

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn name(&self) -> &str {
        "element"
    }
}

impl Model {
    /// Removes from `index`'s initial domain the values outside `0..len`,
    /// unless that would leave none (the constraint then fails at the root).
    fn restrict_index(&mut self, index: VarId, len: usize) {
        let l = self.layout[index.index()];
        let words = &mut self.init_words[l.range()];
        let mut kept = words.to_vec();
        for (k, w) in kept.iter_mut().enumerate() {
            let mut bits = *w;
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let i = i64::from(l.base) + 64 * k as i64 + i64::from(b);
                if !(0..len as i64).contains(&i) {
                    *w &= !(1 << b);
                }
            }
        }
        if kept.iter().any(|&w| w != 0) {
            words.copy_from_slice(&kept);
        }
    }

    /// `array[index] == value` for an array of constants, with a 0-based
    /// `index`; domain consistent (see
    /// [`constraints::element`](crate::constraints::element)).
    ///
    /// Index values outside `0..array.len()` are removed from `index`'s
    /// domain here. Errors: [`ModelError::ForeignVariable`].
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut m = Model::new();
    /// let (i, v) = (m.new_var(-5..=5)?, m.new_var(0..=9)?);
    /// m.element(&[4, 7, 4], i, v)?;
    /// let mut solver = Solver::new(&m);
    /// let d = solver.propagate().unwrap();
    /// assert_eq!((d.domain(i).len(), d.domain(v).iter().collect::<Vec<_>>()), (3, vec![4, 7]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element(
        &mut self,
        array: &[Value],
        index: VarId,
        value: VarId,
    ) -> Result<ConstraintId, ModelError> {
        self.check_var(index)?;
        self.check_var(value)?;
        self.restrict_index(index, array.len());
        let c = Element {
            scope: [index, value],
            array: array.to_vec(),
        };
        self.post(Box::new(c), false)
    }

    /// `array[index] == value` for an array of variables, with a 0-based
    /// `index` (see [`constraints::element`](crate::constraints::element)
    /// for the propagation). Variables may repeat (`value` may be one of
    /// the array's, for example); propagation is domain consistent when
    /// `index`, `value` and the array variables are pairwise distinct.
    ///
    /// Index values outside `0..array.len()` are removed from `index`'s
    /// domain here. Errors: [`ModelError::ForeignVariable`].
    ///
    /// ```
    /// # use csp_core::{Model, Solver};
    /// let mut m = Model::new();
    /// let xs = vec![m.new_var(1..=2)?, m.new_var(5..=6)?];
    /// let (i, v) = (m.new_var(0..=3)?, m.new_var(2..=5)?);
    /// m.element_vars(&xs, i, v)?;
    /// let mut solver = Solver::new(&m);
    /// let d = solver.propagate().unwrap();
    /// assert_eq!(d.domain(v).iter().collect::<Vec<_>>(), [2, 5]);
    /// assert_eq!(d.domain(i).iter().collect::<Vec<_>>(), [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element_vars(
        &mut self,
        array: &[VarId],
        index: VarId,
        value: VarId,
    ) -> Result<ConstraintId, ModelError> {
        self.check_var(index)?;
        self.check_var(value)?;
        self.check_vars(array)?;
        self.restrict_index(index, array.len());
        let mut scope = Vec::with_capacity(array.len() + 2);
        scope.extend([index, value]);
        scope.extend_from_slice(array);
        let mut sorted = scope.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let distinct = sorted.len() == scope.len();
        self.post(Box::new(ElementVars { scope, distinct }), false)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Model, Solver, Value, VarId};

    fn root(m: &Model, v: VarId, given: &[(VarId, Value)]) -> Option<Vec<Value>> {
        let mut s = Solver::new(m);
        s.set_assumptions(given).unwrap();
        s.propagate().ok().map(|d| d.iter(v).collect())
    }

    #[test]
    fn constants_prune_both_ways() {
        let mut m = Model::new();
        let (i, v) = (m.new_var(-3..=9).unwrap(), m.new_var(0..=5).unwrap());
        m.element(&[4, 7, 4, 1], i, v).unwrap();
        // Posting cut the index to 0..=3; 7 is not a value, so 1 goes.
        assert_eq!(m.initial_domain(i).unwrap().len(), 4);
        assert_eq!(root(&m, i, &[]).unwrap(), [0, 2, 3]);
        assert_eq!(root(&m, v, &[]).unwrap(), [1, 4]);
        assert_eq!(root(&m, i, &[(v, 4)]).unwrap(), [0, 2]);
        assert_eq!(root(&m, v, &[(i, 3)]).unwrap(), [1]);
    }

    #[test]
    fn an_index_that_can_never_be_in_range_is_unsatisfiable() {
        let mut m = Model::new();
        let (i, v) = (m.new_var(5..=6).unwrap(), m.new_var(0..=5).unwrap());
        m.element(&[1, 2], i, v).unwrap();
        assert!(root(&m, v, &[]).is_none());
    }

    #[test]
    fn variables_prune_index_and_value_and_link_a_fixed_index() {
        let mut m = Model::new();
        let a = m.new_var(1..=2).unwrap();
        let b = m.new_var(5..=6).unwrap();
        let c = m.new_var([3, 8]).unwrap();
        let (i, v) = (m.new_var(0..=2).unwrap(), m.new_var(2..=6).unwrap());
        m.element_vars(&[a, b, c], i, v).unwrap();
        assert_eq!(root(&m, i, &[]).unwrap(), [0, 1, 2]);
        assert_eq!(root(&m, v, &[]).unwrap(), [2, 3, 5, 6]);
        assert_eq!(root(&m, i, &[(v, 2)]).unwrap(), [0]);
        assert_eq!(root(&m, a, &[(v, 2)]).unwrap(), [2]);
        assert_eq!(root(&m, v, &[(i, 1), (b, 6)]).unwrap(), [6]);
        // c cannot take 8: v would be 8.
        assert_eq!(root(&m, c, &[(i, 2)]).unwrap(), [3]);
    }
}
