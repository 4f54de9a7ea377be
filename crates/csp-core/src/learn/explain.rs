//! What a constraint sees when it is asked to explain one of its changes.

use super::lit::below_or_at;
use super::recorder::{NONE, Recorder};
use crate::constraints::Literal;
use crate::domain::VarLayout;
use crate::variable::{Value, VarId};

/// What a constraint is asked to explain (see
/// [`Constraint::explain`](crate::Constraint::explain)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Explaining {
    /// Why the constraint removed `value` from `var`'s domain.
    Removal {
        /// The variable.
        var: VarId,
        /// The value removed.
        value: Value,
    },
    /// Why the constraint failed (reported a conflict, or would have
    /// emptied a domain: then each removal is explained on its own and
    /// this is not asked).
    Failure,
}

/// The domains as they were just before the change being explained, and
/// the list the explanation is written to.
///
/// An explanation is a conjunction of [`Literal`]s that were all true
/// before the change and that, together with the constraint's rule, imply
/// it: for a removal of `v` from `x`, no assignment allowed by the
/// constraint and by the literals gives `x` the value `v`; for a failure,
/// no assignment allowed by the constraint satisfies the literals. Read the
/// domains of that moment through this context ([`contains`](Self::contains),
/// [`min`](Self::min), [`max`](Self::max), [`value`](Self::value),
/// [`mask`](Self::mask)), and add literals with [`push`](Self::push), or
/// describe whole domains with [`push_domain`](Self::push_domain) and
/// [`push_scope`](Self::push_scope).
///
/// The smaller the explanation, the more the search learns from it: name
/// only the values the deduction really depended on.
pub struct ExplainContext<'a> {
    pub(crate) words: &'a [u64],
    pub(crate) recorder: &'a Recorder,
    pub(crate) layout: &'a [VarLayout],
    pub(crate) init: &'a [u64],
    pub(crate) model: u32,
    /// The event being explained (the domains are those before it), or
    /// the number of events for "now".
    pub(crate) time: u32,
    /// This explanation's generation in [`Recorder::past`]: the words
    /// read so far.
    pub(crate) generation: u32,
    /// The decision literals of the levels up to the change's.
    pub(crate) decisions: &'a [Literal],
    pub(crate) out: &'a mut Vec<Literal>,
    /// Whether [`push_decisions`](Self::push_decisions) was called (the
    /// explanation then holds for the model, not for the constraint alone).
    pub(crate) used_decisions: bool,
}

impl std::fmt::Debug for ExplainContext<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExplainContext")
            .field("time", &self.time)
            .field("reason", &self.out)
            .finish_non_exhaustive()
    }
}

impl ExplainContext<'_> {
    /// Word `i` of `var`'s domain at the time.
    #[inline]
    fn word(&self, var: VarId, i: usize) -> u64 {
        let l = self.layout[var.index()];
        let pos = l.start as usize + i;
        let mut e = self.recorder.last[var.index()];
        if e == NONE || e < self.time {
            // Unchanged since.
            return self.words[pos];
        }
        self.recorder.past.get(self.generation, pos, || {
            let mut w = self.words[pos];
            while e != NONE && e >= self.time {
                let ev = &self.recorder.events[e as usize];
                w |= ev.removed_in(&self.recorder.masks, i);
                e = ev.prev;
            }
            w
        })
    }

    /// `var`'s domain at the time as one word, if it has one word: the
    /// base and the mask (bit `i` is the value `base + i`), as
    /// [`PropagationContext::mask`](crate::PropagationContext::mask) gives it.
    #[inline]
    pub fn mask(&self, var: VarId) -> Option<(Value, u64)> {
        let l = self.layout[var.index()];
        (l.words == 1).then(|| (l.base, self.word(var, 0)))
    }

    /// Whether `value` was in `var`'s domain.
    pub fn contains(&self, var: VarId, value: Value) -> bool {
        let l = self.layout[var.index()];
        let off = i64::from(value) - i64::from(l.base);
        if off < 0 || off >= 64 * i64::from(l.words) {
            return false;
        }
        let (i, bit) = ((off / 64) as usize, 1 << (off % 64));
        // Domains only shrink: a value there now was there then.
        self.words[l.start as usize + i] & bit != 0 || self.word(var, i) & bit != 0
    }

    /// The number of values `var` had.
    pub fn size(&self, var: VarId) -> u32 {
        let l = self.layout[var.index()];
        (0..l.words as usize)
            .map(|i| self.word(var, i).count_ones())
            .sum()
    }

    /// Whether `var` had one value.
    pub fn is_fixed(&self, var: VarId) -> bool {
        self.value(var).is_some()
    }

    /// `var`'s value, if it had one value.
    pub fn value(&self, var: VarId) -> Option<Value> {
        let l = self.layout[var.index()];
        let e = self.recorder.last[var.index()];
        if e != NONE && e >= self.time && self.words[l.range()].iter().any(|&w| w != 0) {
            // A change since removed a value and left at least one: the
            // domain then held two or more. (Without this, a wide domain
            // is rebuilt word by word through its changes.)
            return None;
        }
        if l.words == 1 {
            let w = self.word(var, 0);
            return w
                .is_power_of_two()
                .then(|| (i64::from(l.base) + i64::from(w.trailing_zeros())) as Value);
        }
        // Word by word, stopping at the second value (wide domains).
        let mut found = None;
        for i in 0..l.words as usize {
            let w = self.word(var, i);
            if w != 0 {
                if found.is_some() || !w.is_power_of_two() {
                    return None;
                }
                found = Some(
                    (i64::from(l.base) + 64 * i as i64 + i64::from(w.trailing_zeros())) as Value,
                );
            }
        }
        found
    }

    /// `var`'s value now, at the end of the trail (not at the time of the
    /// change explained), if it has one value: domains only shrink, so a
    /// change that fixed `var` fixed it to this value.
    pub(crate) fn value_now(&self, var: VarId) -> Option<Value> {
        crate::domain::Domains {
            words: self.words,
            layout: self.layout,
            model: self.model,
        }
        .value(var)
    }

    /// `var`'s smallest value.
    pub fn min(&self, var: VarId) -> Value {
        let l = self.layout[var.index()];
        for i in 0..l.words as usize {
            let w = self.word(var, i);
            if w != 0 {
                return (i64::from(l.base) + 64 * i as i64 + i64::from(w.trailing_zeros()))
                    as Value;
            }
        }
        l.base
    }

    /// `var`'s largest value.
    pub fn max(&self, var: VarId) -> Value {
        let l = self.layout[var.index()];
        for i in (0..l.words as usize).rev() {
            let w = self.word(var, i);
            if w != 0 {
                return (i64::from(l.base) + 64 * i as i64 + 63 - i64::from(w.leading_zeros()))
                    as Value;
            }
        }
        l.base
    }

    /// Whether `literal` held for every value its variable had (`Some(true)`),
    /// for none (`Some(false)`), or for some (`None`).
    pub fn holds(&self, literal: Literal) -> Option<bool> {
        let var = literal.var();
        let (kind, t) = literal.test_parts();
        use super::lit::Kind;
        let (lo, hi) = (i64::from(self.min(var)), i64::from(self.max(var)));
        match kind {
            Kind::Eq | Kind::Ne => {
                let present = i32::try_from(t).is_ok_and(|v| self.contains(var, v));
                let eq = if !present {
                    Some(false)
                } else if lo == hi {
                    Some(true)
                } else {
                    None
                };
                if kind == Kind::Eq { eq } else { eq.map(|b| !b) }
            }
            Kind::Le => {
                if hi <= t {
                    Some(true)
                } else if lo > t {
                    Some(false)
                } else {
                    None
                }
            }
            Kind::Ge => {
                if lo >= t {
                    Some(true)
                } else if hi < t {
                    Some(false)
                } else {
                    None
                }
            }
        }
    }

    /// Adds a literal to the explanation.
    #[inline]
    pub fn push(&mut self, literal: Literal) {
        self.out.push(literal);
    }

    /// Adds the literals that say `var` had none of the values of its
    /// initial domain that `pred` accepts, as few as possible: one bound
    /// if they are all below (or all above) the others, `var == w` if `w`
    /// is the only other value, else `var != u` for each of them. The
    /// explanation of a removal by a binary relation: the other variable
    /// had lost every value that supports the removed one.
    pub fn push_none_of(&mut self, var: VarId, pred: impl Fn(Value) -> bool) {
        let l = self.layout[var.index()];
        let init = &self.init[l.range()];
        let values = crate::domain::ValueIter::new(l.base, init);
        let (mut max_yes, mut min_yes, mut max_no, mut min_no) = (None, None, None, None);
        let (mut no, mut only_no) = (0usize, None);
        for v in values.clone() {
            if pred(v) {
                min_yes = min_yes.or(Some(v));
                max_yes = Some(v);
            } else {
                no += 1;
                min_no = min_no.or(Some(v));
                max_no = Some(v);
                only_no = Some(v);
            }
        }
        let (Some(min_yes), Some(max_yes)) = (min_yes, max_yes) else {
            return; // nothing to exclude
        };
        match (min_no, max_no) {
            (Some(min_no), _) if max_yes < min_no => self.out.push(Literal::gt(var, max_yes)),
            (_, Some(max_no)) if min_yes > max_no => self.out.push(Literal::lt(var, min_yes)),
            _ if no == 1 => {
                if let Some(w) = only_no {
                    self.out.push(Literal::eq(var, w));
                }
            }
            _ => {
                for v in values.filter(|&v| pred(v)) {
                    self.out.push(Literal::ne(var, v));
                }
            }
        }
    }

    /// Adds the literals that say `var` had no value outside its domain at
    /// the time: `var == v` if it had one value `v`, else its bounds and
    /// the holes between them (only what differs from its initial domain).
    pub fn push_domain(&mut self, var: VarId) {
        let l = self.layout[var.index()];
        let init = &self.init[l.range()];
        if l.words == 1 {
            let d = self.word(var, 0);
            let d0 = init[0];
            if d == d0 {
                return;
            }
            let value = |b: u32| (i64::from(l.base) + i64::from(b)) as Value;
            if d.is_power_of_two() {
                self.out.push(Literal::eq(var, value(d.trailing_zeros())));
                return;
            }
            if d == 0 {
                return;
            }
            let (lo, hi) = (d.trailing_zeros(), 63 - d.leading_zeros());
            if d0 & !below_or_at(hi) != 0 {
                self.out.push(Literal::le(var, value(hi)));
            }
            if lo > 0 && d0 & below_or_at(lo - 1) != 0 {
                self.out.push(Literal::ge(var, value(lo)));
            }
            let mut holes = d0 & !d & below_or_at(hi) & !below_or_at(lo);
            while holes != 0 {
                let b = holes.trailing_zeros();
                holes &= holes - 1;
                self.out.push(Literal::ne(var, value(b)));
            }
            return;
        }
        // Wide domains: bounds and holes the same way, word by word.
        let (lo, hi) = (self.min(var), self.max(var));
        let (min0, max0) = (
            crate::domain::words_min(l.base, init).unwrap_or(lo),
            crate::domain::words_max(l.base, init).unwrap_or(hi),
        );
        if lo == hi {
            self.out.push(Literal::eq(var, lo));
            return;
        }
        if hi < max0 {
            self.out.push(Literal::le(var, hi));
        }
        if lo > min0 {
            self.out.push(Literal::ge(var, lo));
        }
        for (i, &d0) in init.iter().enumerate() {
            let mut holes = d0 & !self.word(var, i);
            while holes != 0 {
                let b = holes.trailing_zeros();
                holes &= holes - 1;
                let v = i64::from(l.base) + 64 * i as i64 + i64::from(b);
                if v > i64::from(lo) && v < i64::from(hi) {
                    self.out.push(Literal::ne(var, v as Value));
                }
            }
        }
    }

    /// [`push_domain`](Self::push_domain) for every variable of `vars`:
    /// the explanation of any deduction that depends on these domains only
    /// (sound for any constraint whose propagation reads nothing but its
    /// scope, though larger than a precise one).
    pub fn push_scope(&mut self, vars: &[VarId]) {
        for &v in vars {
            self.push_domain(v);
        }
    }

    /// Adds the decisions made before the change: the explanation of
    /// anything the search deduced, the weakest but always sound (what a
    /// constraint that does not explain itself gets).
    pub fn push_decisions(&mut self) {
        self.used_decisions = true;
        self.out.extend_from_slice(self.decisions);
    }

    /// The variable with index `index` of the model (for constraints that
    /// keep indices).
    pub fn var(&self, index: usize) -> VarId {
        VarId::from_index(index, self.model)
    }
}
