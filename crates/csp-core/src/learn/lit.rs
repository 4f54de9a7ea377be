//! Literals as the learning engine stores them: a variable, a test and one
//! bit of the variable's domain words, normalised against the initial
//! domains so that two spellings of one condition on the same values
//! compare equal where it matters (`x <= 7` and `x <= 8` on a domain
//! without 8 are the same literal).

use crate::constraints::Literal;
use crate::domain::VarLayout;
use crate::variable::{Value, VarId};

/// The test of a [`Lit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// `x != v`: the bit's value is gone (an *atom*: every domain change
    /// makes atoms true, and every other literal is a conjunction of them).
    Ne = 0,
    /// `x == v`: every other value is gone.
    Eq = 1,
    /// `x <= v`: every value above the bit's is gone.
    Le = 2,
    /// `x >= v`: every value below the bit's is gone.
    Ge = 3,
}

/// A literal over the variable of index `var`: `kind` applied to the value
/// of bit `bit` of the variable's domain words (`base + bit`).
///
/// Normalised: the bit is in the initial domain, and the literal is neither
/// always true nor always false there ([`Norm`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Lit {
    pub(crate) var: u32,
    pub(crate) kind: Kind,
    pub(crate) bit: u32,
}

/// A literal after normalisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Norm {
    /// Holds for every value of the initial domain.
    True,
    /// Holds for none.
    False,
    /// Depends on the search.
    Lit(Lit),
}

/// The initial domains (the model's, before any assumption) and the
/// layouts: what literals are normalised against.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Space<'a> {
    pub(crate) layout: &'a [VarLayout],
    pub(crate) init: &'a [u64],
    pub(crate) model: u32,
}

impl<'a> Space<'a> {
    /// The initial domain words of variable `var`.
    #[inline]
    pub(crate) fn words(&self, var: u32) -> &'a [u64] {
        &self.init[self.layout[var as usize].range()]
    }

    /// The lowest initial bit of `var` at or above `bit`.
    pub(crate) fn next_at_or_above(&self, var: u32, bit: u32) -> Option<u32> {
        next_set(self.words(var), bit)
    }

    /// The highest initial bit of `var` at or below `bit`.
    pub(crate) fn prev_at_or_below(&self, var: u32, bit: u32) -> Option<u32> {
        prev_set(self.words(var), bit)
    }

    /// The bit of `value` in `var`'s words, if it is in the initial domain.
    fn bit_of(&self, var: u32, value: i64) -> Option<u32> {
        let l = self.layout[var as usize];
        let off = value - i64::from(l.base);
        if off < 0 || off >= 64 * i64::from(l.words) {
            return None;
        }
        let off = off as u32;
        (self.words(var)[(off / 64) as usize] & (1 << (off % 64)) != 0).then_some(off)
    }

    /// `literal` normalised.
    pub(crate) fn norm(&self, literal: Literal) -> Norm {
        let var = literal.var();
        let v = var.index() as u32;
        if var.model_tag() != self.model || var.index() >= self.layout.len() {
            // Not a variable of this model: an explanation with such a
            // literal is wrong, and false makes the analysis distrust it
            // (it then falls back to the decisions).
            return Norm::False;
        }
        let l = self.layout[var.index()];
        let top = 64 * l.words - 1;
        let (kind, t) = literal.test_parts();
        match kind {
            Kind::Eq => match self.bit_of(v, t) {
                Some(bit) => {
                    if self.is_single(v) {
                        Norm::True
                    } else {
                        Norm::Lit(Lit { var: v, kind, bit })
                    }
                }
                None => Norm::False,
            },
            Kind::Ne => match self.bit_of(v, t) {
                Some(bit) => {
                    if self.is_single(v) {
                        Norm::False
                    } else {
                        Norm::Lit(Lit { var: v, kind, bit })
                    }
                }
                None => Norm::True,
            },
            Kind::Le => {
                // The largest initial value <= t.
                let off = t - i64::from(l.base);
                if off < 0 {
                    return Norm::False;
                }
                let off = off.min(i64::from(top)) as u32;
                match self.prev_at_or_below(v, off) {
                    None => Norm::False,
                    Some(bit) => {
                        if self.next_at_or_above(v, bit + 1).is_none() {
                            Norm::True
                        } else {
                            Norm::Lit(Lit { var: v, kind, bit })
                        }
                    }
                }
            }
            Kind::Ge => {
                let off = t - i64::from(l.base);
                if off > i64::from(top) {
                    return Norm::False;
                }
                let off = off.max(0) as u32;
                match self.next_at_or_above(v, off) {
                    None => Norm::False,
                    Some(bit) => {
                        if bit == 0 || self.prev_at_or_below(v, bit - 1).is_none() {
                            Norm::True
                        } else {
                            Norm::Lit(Lit { var: v, kind, bit })
                        }
                    }
                }
            }
        }
    }

    /// Whether `var`'s initial domain has one value.
    fn is_single(&self, var: u32) -> bool {
        self.words(var).iter().map(|w| w.count_ones()).sum::<u32>() == 1
    }

    /// The opposite of `lit` (never always true or false, as `lit` is not).
    pub(crate) fn negate(&self, lit: Lit) -> Lit {
        let kind = match lit.kind {
            Kind::Ne => Kind::Eq,
            Kind::Eq => Kind::Ne,
            Kind::Le => {
                let bit = self
                    .next_at_or_above(lit.var, lit.bit + 1)
                    .unwrap_or(lit.bit);
                return Lit {
                    var: lit.var,
                    kind: Kind::Ge,
                    bit,
                };
            }
            Kind::Ge => {
                let bit = lit
                    .bit
                    .checked_sub(1)
                    .and_then(|b| self.prev_at_or_below(lit.var, b))
                    .unwrap_or(lit.bit);
                return Lit {
                    var: lit.var,
                    kind: Kind::Le,
                    bit,
                };
            }
        };
        Lit { kind, ..lit }
    }

    /// `lit` as a public [`Literal`].
    pub(crate) fn literal(&self, lit: Lit) -> Literal {
        let var = VarId::from_index(lit.var as usize, self.model);
        let value = self.value(lit);
        match lit.kind {
            Kind::Ne => Literal::ne(var, value),
            Kind::Eq => Literal::eq(var, value),
            Kind::Le => Literal::le(var, value),
            Kind::Ge => Literal::ge(var, value),
        }
    }

    /// The value of `lit`'s bit.
    #[inline]
    pub(crate) fn value(&self, lit: Lit) -> Value {
        (i64::from(self.layout[lit.var as usize].base) + i64::from(lit.bit)) as Value
    }
}

/// Whether `lit` holds for every value left in `words` (the variable's
/// current domain words), for none, or for some.
#[inline]
pub(crate) fn truth(lit: Lit, words: &[u64]) -> Option<bool> {
    let (w, b) = ((lit.bit / 64) as usize, lit.bit % 64);
    if words.len() == 1 {
        let d = words[0];
        let m = mask(lit, b);
        let s = d & m;
        return if s == 0 {
            Some(false)
        } else if s == d {
            Some(true)
        } else {
            None
        };
    }
    let (mut any_in, mut any_out) = (false, false);
    for (i, &d) in words.iter().enumerate() {
        let m = match lit.kind {
            Kind::Eq | Kind::Ne => {
                let bit = if i == w { 1u64 << b } else { 0 };
                if lit.kind == Kind::Eq { bit } else { !bit }
            }
            Kind::Le => match i.cmp(&w) {
                std::cmp::Ordering::Less => u64::MAX,
                std::cmp::Ordering::Equal => below_or_at(b),
                std::cmp::Ordering::Greater => 0,
            },
            Kind::Ge => match i.cmp(&w) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => !below_or_at(b) | (1 << b),
                std::cmp::Ordering::Greater => u64::MAX,
            },
        };
        any_in |= d & m != 0;
        any_out |= d & !m != 0;
    }
    match (any_in, any_out) {
        (false, _) => Some(false),
        (true, false) => Some(true),
        (true, true) => None,
    }
}

/// The mask of the values satisfying `lit` in a one-word domain (bit `b`).
#[inline]
fn mask(lit: Lit, b: u32) -> u64 {
    match lit.kind {
        Kind::Eq => 1 << b,
        Kind::Ne => !(1 << b),
        Kind::Le => below_or_at(b),
        Kind::Ge => !below_or_at(b) | (1 << b),
    }
}

/// Bits `0..=b`.
#[inline]
pub(crate) fn below_or_at(b: u32) -> u64 {
    if b >= 63 {
        u64::MAX
    } else {
        (1u64 << (b + 1)) - 1
    }
}

/// The bits of `words` (bit `k` of word `i` is bit `64 i + k`) that make
/// `lit` false when removed... that is, the values `lit` excludes: for
/// `x == v` every other value, for `x <= v` the values above, for `x >= v`
/// the values below, for `x != v` the value itself. `lit` holds once all of
/// them are gone; calls `f(word index, mask)` for each word with some.
pub(crate) fn excluded(lit: Lit, init: &[u64], mut f: impl FnMut(usize, u64)) {
    let (w, b) = ((lit.bit / 64) as usize, lit.bit % 64);
    for (i, &d) in init.iter().enumerate() {
        let m = match lit.kind {
            Kind::Ne => {
                if i == w {
                    1 << b
                } else {
                    0
                }
            }
            Kind::Eq => {
                if i == w {
                    !(1 << b)
                } else {
                    u64::MAX
                }
            }
            Kind::Le => match i.cmp(&w) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => !below_or_at(b),
                std::cmp::Ordering::Greater => u64::MAX,
            },
            Kind::Ge => match i.cmp(&w) {
                std::cmp::Ordering::Less => u64::MAX,
                std::cmp::Ordering::Equal => below_or_at(b) & !(1 << b),
                std::cmp::Ordering::Greater => 0,
            },
        } & d;
        if m != 0 {
            f(i, m);
        }
    }
}

/// The lowest set bit of `words` at or above `bit`.
pub(crate) fn next_set(words: &[u64], bit: u32) -> Option<u32> {
    let (mut i, b) = ((bit / 64) as usize, bit % 64);
    let mut w = words.get(i)? & !((1u64 << b) - 1);
    loop {
        if w != 0 {
            return Some(64 * i as u32 + w.trailing_zeros());
        }
        i += 1;
        w = *words.get(i)?;
    }
}

/// The highest set bit of `words` at or below `bit`.
pub(crate) fn prev_set(words: &[u64], bit: u32) -> Option<u32> {
    let (i, b) = ((bit / 64) as usize, bit % 64);
    let mut i = i.min(words.len().checked_sub(1)?);
    let mut w = if i == (bit / 64) as usize {
        words[i] & below_or_at(b)
    } else {
        words[i]
    };
    loop {
        if w != 0 {
            return Some(64 * i as u32 + 63 - w.leading_zeros());
        }
        i = i.checked_sub(1)?;
        w = words[i];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Model;

    #[test]
    fn literals_normalise_against_the_initial_domain() {
        let mut m = Model::new();
        let x = m.new_var([1, 3, 5, 7]).unwrap();
        let b = m.new_bool().unwrap();
        let s = Space {
            layout: &m.layout,
            init: &m.init_words,
            model: m.tag,
        };
        assert_eq!(s.norm(Literal::ne(x, 2)), Norm::True);
        assert_eq!(s.norm(Literal::eq(x, 2)), Norm::False);
        assert_eq!(s.norm(Literal::le(x, 7)), Norm::True);
        assert_eq!(s.norm(Literal::le(x, 0)), Norm::False);
        assert_eq!(s.norm(Literal::ge(x, 1)), Norm::True);
        assert_eq!(s.norm(Literal::le(x, 6)), s.norm(Literal::le(x, 5)));
        assert_eq!(s.norm(Literal::ge(x, 4)), s.norm(Literal::ge(x, 5)));
        let Norm::Lit(le4) = s.norm(Literal::le(x, 4)) else {
            panic!()
        };
        assert_eq!(s.literal(s.negate(le4)), Literal::ge(x, 5));
        let Norm::Lit(ge5) = s.norm(Literal::ge(x, 5)) else {
            panic!()
        };
        assert_eq!(s.literal(s.negate(ge5)), Literal::le(x, 3));
        let Norm::Lit(t) = s.norm(Literal::from(b)) else {
            panic!()
        };
        assert_eq!(s.literal(s.negate(t)), Literal::ne(b, 1));
    }

    #[test]
    fn truth_and_excluded_values_agree_on_wide_domains() {
        let mut m = Model::new();
        let x = m.new_var(0..=150).unwrap();
        let s = Space {
            layout: &m.layout,
            init: &m.init_words,
            model: m.tag,
        };
        let init = s.words(0).to_vec();
        for literal in [
            Literal::eq(x, 70),
            Literal::ne(x, 3),
            Literal::le(x, 100),
            Literal::ge(x, 64),
        ] {
            let Norm::Lit(lit) = s.norm(literal) else {
                panic!()
            };
            // Removing the excluded values makes it true.
            let mut words = init.clone();
            excluded(lit, &init, |i, m| words[i] &= !m);
            assert_eq!(truth(lit, &words), Some(true), "{literal}");
            assert_eq!(truth(lit, &init), None, "{literal}");
            // Keeping only excluded values makes it false.
            let mut only = vec![0; init.len()];
            excluded(lit, &init, |i, m| only[i] = m);
            assert_eq!(truth(lit, &only), Some(false), "{literal}");
        }
    }
}
