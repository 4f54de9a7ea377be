//! Booleans and clauses: 0/1 variables, [`Literal`]s over integer
//! variables, clauses (`l1 or l2 or ...`) and implications.
//!
//! # Background
//!
//! A *literal* is an elementary condition on one integer variable:
//! `x == v`, `x != v`, `x <= v` or `x >= v` (and `x < v`, `x > v`, which
//! are the last two shifted by one). A 0/1 variable `b` stands for the
//! literal `b == 1`, so every method that takes literals also takes plain
//! variables. This is the vocabulary of lazy clause generation solvers
//! (Chuffed, Pumpkin): a literal is true when every value left satisfies
//! it, false when none does, and undecided otherwise.
//!
//! A [`Clause`] says that at least one of its literals holds. It propagates
//! with *two watched literals* (Moskewicz et al., Chaff, DAC 2001): it keeps
//! the positions of two literals that are not false in trailed state words.
//! A call looks at those two only; when one of them has become false it
//! looks for another literal that is not false, and when there is none, the
//! other watched literal must hold (unit propagation) or, if it is false
//! too, the node fails. Because the engine wakes a constraint on changes of
//! any variable of its scope (there are no per-literal wake-ups), the
//! watches do not save wake-ups, but they make a call O(1) instead of a scan
//! of the clause.
//!
//! # Practical
//!
//! - **Strength.** A clause is domain consistent: the only values without
//!   support are those of the last undecided literal's variable that make
//!   it false, and unit propagation removes exactly those. (With a variable
//!   in several literals of one clause it is still sound, but a value can
//!   survive that only the combination rules out.)
//! - **Cost.** Clauses of more than three literals: O(1) per call while
//!   both watched literals are undecided or one is true, O(n) for a call
//!   that moves a watch. Clauses of up to three literals keep no state and
//!   scan their literals instead: with so few, reading and trailing the
//!   watch word costs more than it saves: counting all solutions of ten
//!   random 3-SAT instances (80 variables, 340 clauses) ran 9% fewer
//!   instructions with the scan than with watches (465 against 511
//!   million, cachegrind on csp-core's `examples/logic_bench.rs sat`;
//!   a user constraint scanning with `ctx.value` ran 1,335 million). For a variable
//!   with a one-word domain a literal is a mask of the values satisfying
//!   it, computed when the clause is posted, so testing one is an AND and
//!   a compare, and making it true one masked write; 0/1 variables and
//!   every other word-sized domain take this path.
//! - **Wake-ups.** On any change of a variable with more than two values
//!   (for `==`/`!=` literals) or of its bounds (for `<=`/`>=`); a variable
//!   of at most two values wakes the clause only when it is fixed.
//! - Counting literals (at most one, exactly one, at most `k`) is in
//!   [`count`](super::count); reification (`b <-> x == v`,
//!   `b <-> x + c < y`) in [`reify`](super::reify).
//!
//! ```
//! # use csp_core::{Literal, Model, Solver};
//! let mut model = Model::new();
//! let [a, b, c] = [model.new_bool()?, model.new_bool()?, model.new_var(1..=3)?];
//! model.clause(&[Literal::from(a), !Literal::from(b), Literal::ge(c, 3)])?;
//! assert_eq!(Solver::new(&model).count(None).count, 12 - 2); // all but a = 0, b = 1, c < 3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! M. W. Moskewicz, C. F. Madigan, Y. Zhao, L. Zhang, S. Malik, *Chaff:
//! engineering an efficient SAT solver*, DAC 2001 (two watched literals).
//! O. Ohrimenko, P. J. Stuckey, M. Codish, *Propagation via lazy clause
//! generation*, Constraints 14(3), 2009 (literals `x = v`, `x <= v` over
//! integer variables).

use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::domain::Domains;
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use std::fmt;

/// Rule names used in traces.
pub mod rules {
    /// Every other literal of a clause is false, so the last one holds.
    pub const UNIT: &str = "clause: unit";
    /// Every literal of a clause is false.
    pub const FALSIFIED: &str = "clause: all literals false";
}

/// The test a [`Literal`] applies to its variable.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Test {
    Eq(Value),
    Ne(Value),
    /// `x <= t` (in `i64`, so `x < i32::MIN` is representable).
    Le(i64),
    /// `x >= t`.
    Ge(i64),
}

/// An elementary condition on one integer variable: `x == v`, `x != v`,
/// `x <= v` or `x >= v`.
///
/// Build one with [`Literal::eq`], [`ne`](Literal::ne), [`le`](Literal::le),
/// [`ge`](Literal::ge), [`lt`](Literal::lt) or [`gt`](Literal::gt); negate it
/// with `!`. A [`VarId`] converts into the literal `x == 1`, the truth of a
/// 0/1 variable.
///
/// ```
/// use csp_core::{Literal, Model};
/// let mut model = Model::new();
/// let x = model.new_var(0..=9)?;
/// let small = Literal::le(x, 3);
/// assert!(small.holds(3) && !small.holds(4));
/// assert_eq!(!small, Literal::ge(x, 4));
/// assert_eq!(Literal::from(x), Literal::eq(x, 1));
/// assert_eq!(small.to_string(), "x0 <= 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Literal {
    var: VarId,
    test: Test,
}

impl Literal {
    /// `var == value`.
    pub fn eq(var: VarId, value: Value) -> Literal {
        Literal {
            var,
            test: Test::Eq(value),
        }
    }

    /// `var != value`.
    pub fn ne(var: VarId, value: Value) -> Literal {
        Literal {
            var,
            test: Test::Ne(value),
        }
    }

    /// `var <= value`.
    pub fn le(var: VarId, value: Value) -> Literal {
        Literal {
            var,
            test: Test::Le(i64::from(value)),
        }
    }

    /// `var >= value`.
    pub fn ge(var: VarId, value: Value) -> Literal {
        Literal {
            var,
            test: Test::Ge(i64::from(value)),
        }
    }

    /// `var < value`.
    pub fn lt(var: VarId, value: Value) -> Literal {
        Literal {
            var,
            test: Test::Le(i64::from(value) - 1),
        }
    }

    /// `var > value`.
    pub fn gt(var: VarId, value: Value) -> Literal {
        Literal {
            var,
            test: Test::Ge(i64::from(value) + 1),
        }
    }

    /// The variable this literal is about.
    pub fn var(self) -> VarId {
        self.var
    }

    /// `Some(v)` if this is the literal `var == v`.
    pub fn eq_value(self) -> Option<Value> {
        match self.test {
            Test::Eq(v) => Some(v),
            _ => None,
        }
    }

    /// `Some(v)` if this is the literal `var != v`.
    pub fn ne_value(self) -> Option<Value> {
        match self.test {
            Test::Ne(v) => Some(v),
            _ => None,
        }
    }

    /// The test as the learning engine reads it: its kind and its bound
    /// (`x <= t`, `x >= t`) or value.
    pub(crate) fn test_parts(self) -> (crate::learn::Kind, i64) {
        use crate::learn::Kind;
        match self.test {
            Test::Eq(v) => (Kind::Eq, i64::from(v)),
            Test::Ne(v) => (Kind::Ne, i64::from(v)),
            Test::Le(t) => (Kind::Le, t),
            Test::Ge(t) => (Kind::Ge, t),
        }
    }

    /// Makes the literal true in the current domains (the search applies
    /// [assumptions](crate::Solver::assume) this way).
    pub(crate) fn impose(self, ctx: &mut PropagationContext<'_>) -> Result<bool, Conflict> {
        match self.test {
            Test::Eq(v) => ctx.fix(self.var, v),
            Test::Ne(v) => ctx.remove(self.var, v),
            Test::Le(t) => ctx.set_max(self.var, t),
            Test::Ge(t) => ctx.set_min(self.var, t),
        }
    }

    /// Whether the literal holds when its variable takes `value`.
    pub fn holds(self, value: Value) -> bool {
        match self.test {
            Test::Eq(v) => value == v,
            Test::Ne(v) => value != v,
            Test::Le(t) => i64::from(value) <= t,
            Test::Ge(t) => i64::from(value) >= t,
        }
    }

    /// The opposite literal (also written `!lit`).
    pub fn negate(self) -> Literal {
        let test = match self.test {
            Test::Eq(v) => Test::Ne(v),
            Test::Ne(v) => Test::Eq(v),
            Test::Le(t) => Test::Ge(t + 1),
            Test::Ge(t) => Test::Le(t - 1),
        };
        Literal {
            var: self.var,
            test,
        }
    }

    /// The mask of the values satisfying the literal in a one-word domain
    /// whose bit `i` is `base + i`.
    fn mask(self, base: Value) -> u64 {
        let below_or_at = |t: i64| {
            let off = t - i64::from(base);
            if off < 0 {
                0
            } else if off >= 63 {
                u64::MAX
            } else {
                (1u64 << (off + 1)) - 1
            }
        };
        let bit = |v: Value| {
            let off = i64::from(v) - i64::from(base);
            if (0..64).contains(&off) {
                1u64 << off
            } else {
                0
            }
        };
        match self.test {
            Test::Eq(v) => bit(v),
            Test::Ne(v) => !bit(v),
            Test::Le(t) => below_or_at(t),
            Test::Ge(t) => !below_or_at(t - 1),
        }
    }

    /// The events that can change this literal's truth, for a variable of
    /// `size` initial values.
    fn events(self, size: usize) -> Events {
        if size <= 2 {
            return Events::FIXED;
        }
        match self.test {
            Test::Eq(_) | Test::Ne(_) => Events::DOMAIN,
            Test::Le(_) | Test::Ge(_) => Events::BOUNDS,
        }
    }
}

impl From<VarId> for Literal {
    /// The literal `var == 1`: the truth of a 0/1 variable.
    fn from(var: VarId) -> Literal {
        Literal::eq(var, 1)
    }
}

impl std::ops::Not for Literal {
    type Output = Literal;
    fn not(self) -> Literal {
        self.negate()
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.test {
            Test::Eq(v) => write!(f, "{} == {v}", self.var),
            Test::Ne(v) => write!(f, "{} != {v}", self.var),
            Test::Le(t) => write!(f, "{} <= {t}", self.var),
            Test::Ge(t) => write!(f, "{} >= {t}", self.var),
        }
    }
}

impl fmt::Debug for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The truth of a literal under the current domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Truth {
    /// No value left satisfies it.
    False,
    /// Every value left satisfies it.
    True,
    /// Some values do, some do not.
    Undecided,
}

/// A literal prepared for propagation: for a variable with a one-word
/// domain, the mask of the values that satisfy it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lit {
    pub(crate) lit: Literal,
    /// Valid when the variable's domain is one word (then `ctx.mask` is
    /// `Some` with the base this mask was computed for).
    mask: u64,
}

impl Lit {
    /// The truth of the literal in `domains`.
    #[inline]
    pub(crate) fn truth(&self, domains: &Domains<'_>) -> Truth {
        let var = self.lit.var;
        if let Some((_, d)) = domains.mask(var) {
            let s = d & self.mask;
            return if s == 0 {
                Truth::False
            } else if s == d {
                Truth::True
            } else {
                Truth::Undecided
            };
        }
        self.truth_wide(domains)
    }

    /// [`truth`](Self::truth) for a multi-word domain.
    #[cold]
    #[inline(never)]
    fn truth_wide(&self, domains: &Domains<'_>) -> Truth {
        let var = self.lit.var;
        let (min, max) = (
            i64::from(domains.min(var).unwrap_or(0)),
            i64::from(domains.max(var).unwrap_or(0)),
        );
        let eq = |v: Value| {
            if !domains.contains(var, v) {
                Truth::False
            } else if min == max {
                Truth::True
            } else {
                Truth::Undecided
            }
        };
        let not = |t: Truth| match t {
            Truth::False => Truth::True,
            Truth::True => Truth::False,
            Truth::Undecided => Truth::Undecided,
        };
        match self.lit.test {
            Test::Eq(v) => eq(v),
            Test::Ne(v) => not(eq(v)),
            Test::Le(t) if max <= t => Truth::True,
            Test::Le(t) if min > t => Truth::False,
            Test::Ge(t) if min >= t => Truth::True,
            Test::Ge(t) if max < t => Truth::False,
            _ => Truth::Undecided,
        }
    }

    /// Makes the literal true (`holds`) or false; a conflict if no value
    /// is left.
    #[inline]
    pub(crate) fn set(
        &self,
        ctx: &mut PropagationContext<'_>,
        holds: bool,
    ) -> Result<bool, Conflict> {
        let var = self.lit.var;
        if let Some((base, _)) = ctx.mask(var) {
            let keep = if holds { self.mask } else { !self.mask };
            return ctx.intersect_mask(var, base, keep);
        }
        self.set_wide(ctx, holds)
    }

    /// [`set`](Self::set) for a multi-word domain.
    #[cold]
    #[inline(never)]
    fn set_wide(&self, ctx: &mut PropagationContext<'_>, holds: bool) -> Result<bool, Conflict> {
        let var = self.lit.var;
        let lit = if holds { self.lit } else { self.lit.negate() };
        match lit.test {
            Test::Eq(v) => ctx.fix(var, v),
            Test::Ne(v) => ctx.remove(var, v),
            Test::Le(t) => ctx.set_max(var, t),
            Test::Ge(t) => ctx.set_min(var, t),
        }
    }
}

impl crate::Model {
    /// Adds a 0/1 variable (a Boolean: `1` is true).
    pub fn new_bool(&mut self) -> Result<VarId, ModelError> {
        self.new_var(0..=1)
    }

    /// Adds `count` 0/1 variables.
    pub fn new_bools(&mut self, count: usize) -> Result<Vec<VarId>, ModelError> {
        self.new_vars(count, 0..=1)
    }

    /// Prepares literals for propagation, checking their variables.
    pub(crate) fn compile_literals<L: Into<Literal> + Copy>(
        &self,
        lits: &[L],
    ) -> Result<Vec<Lit>, ModelError> {
        lits.iter()
            .map(|&l| {
                let lit: Literal = l.into();
                self.check_var(lit.var)?;
                let l = self.layout[lit.var.index()];
                Ok(Lit {
                    lit,
                    mask: if l.words == 1 { lit.mask(l.base) } else { 0 },
                })
            })
            .collect()
    }

    /// The events that can change the truth of any of `lits`.
    pub(crate) fn literal_events(&self, lits: &[Lit]) -> Events {
        let d = self.initial_domains();
        lits.iter()
            .map(|l| l.lit.events(d.size(l.lit.var) as usize))
            .fold(Events::FIXED, union)
    }

    /// At least one of `lits` holds. Each entry is a [`Literal`] or a 0/1
    /// variable (`b` stands for `b == 1`). An empty clause is an
    /// [`EmptyScope`](ModelError::EmptyScope) error.
    ///
    /// ```
    /// # use csp_core::{Literal, Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.new_var(1..=5)?;
    /// model.clause(&[Literal::le(x, 1), Literal::eq(x, 4)])?;
    /// assert_eq!(Solver::new(&model).count(None).count, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clause<L: Into<Literal> + Copy>(
        &mut self,
        lits: &[L],
    ) -> Result<ConstraintId, ModelError> {
        let lits = self.compile_literals(lits)?;
        let events = self.literal_events(&lits);
        let scope = lits.iter().map(|l| l.lit.var).collect();
        self.post(
            Box::new(Clause {
                lits,
                scope,
                events,
            }),
            false,
        )
    }

    /// `a -> b`: if `a` holds, so does `b` (the clause `!a or b`). With a
    /// 0/1 variable as `a` this is a half-reification: `model.implies(b,
    /// Literal::eq(x, 3))` says `b = 1` forces `x = 3`.
    pub fn implies(
        &mut self,
        a: impl Into<Literal>,
        b: impl Into<Literal>,
    ) -> Result<ConstraintId, ModelError> {
        self.clause(&[!a.into(), b.into()])
    }
}

/// The union of two event sets (they are nested: FIXED within BOUNDS
/// within DOMAIN).
pub(crate) fn union(a: Events, b: Events) -> Events {
    if a.bits() >= b.bits() { a } else { b }
}

/// At least one literal holds. Create it with
/// [`Model::clause`](crate::Model::clause) or
/// [`Model::implies`](crate::Model::implies).
#[derive(Clone)]
pub struct Clause {
    lits: Vec<Lit>,
    scope: Vec<VarId>,
    events: Events,
}

impl Clause {
    /// The literals, in the order they were given.
    pub fn literals(&self) -> impl ExactSizeIterator<Item = Literal> + '_ {
        self.lits.iter().map(|l| l.lit)
    }

    /// Looks for a literal that is not false, other than positions `a` and
    /// `b`, starting after `a` and wrapping around.
    fn replacement(&self, d: &Domains<'_>, a: usize, b: usize) -> Option<(usize, Truth)> {
        let n = self.lits.len();
        (a + 1..n).chain(0..a).filter(|&i| i != b).find_map(|i| {
            let t = self.lits[i].truth(d);
            (t != Truth::False).then_some((i, t))
        })
    }
}

/// Clauses of at most this many literals scan them instead of watching two.
const SCAN_MAX: usize = 3;

impl Clause {
    /// Unit propagation by a scan of all literals (short clauses).
    fn scan(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let d = ctx.domains();
        let mut open = None;
        for (i, l) in self.lits.iter().enumerate() {
            match l.truth(&d) {
                Truth::True => return Ok(()),
                Truth::False => {}
                Truth::Undecided if open.is_some() => return Ok(()),
                Truth::Undecided => open = Some(i),
            }
        }
        match open {
            Some(i) => {
                ctx.set_rule(rules::UNIT);
                self.lits[i].set(ctx, true).map(drop)
            }
            None => {
                ctx.set_rule(rules::FALSIFIED);
                Err(ctx.conflict())
            }
        }
    }
}

impl fmt::Debug for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for l in &self.lits {
            if !first {
                f.write_str(" or ")?;
            }
            first = false;
            write!(f, "{}", l.lit)?;
        }
        Ok(())
    }
}

/// Two watch positions in one state word.
fn unpack(w: u64) -> (usize, usize) {
    ((w & 0xFFFF_FFFF) as usize, (w >> 32) as usize)
}

fn pack(a: usize, b: usize) -> u64 {
    a as u64 | (b as u64) << 32
}

impl Constraint for Clause {
    /// A literal made true (or the failure) because every other literal
    /// was false: their negations.
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        for l in &self.lits {
            if ctx.holds(l.lit) == Some(false) {
                ctx.push(!l.lit);
            }
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        self.lits.iter().zip(values).any(|(l, &v)| l.lit.holds(v))
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let d = ctx.domains();
        match self.lits.as_slice() {
            [l] => {
                ctx.set_rule(rules::UNIT);
                return l.set(ctx, true).map(drop);
            }
            [l0, l1] => {
                return match (l0.truth(&d), l1.truth(&d)) {
                    (Truth::False, Truth::False) => {
                        ctx.set_rule(rules::FALSIFIED);
                        Err(ctx.conflict())
                    }
                    (Truth::False, Truth::Undecided) => {
                        ctx.set_rule(rules::UNIT);
                        l1.set(ctx, true).map(drop)
                    }
                    (Truth::Undecided, Truth::False) => {
                        ctx.set_rule(rules::UNIT);
                        l0.set(ctx, true).map(drop)
                    }
                    _ => Ok(()),
                };
            }
            lits if lits.len() <= SCAN_MAX => return self.scan(ctx),
            _ => {}
        }
        let (mut a, mut b) = unpack(ctx.state()[0]);
        let mut ta = self.lits[a].truth(&d);
        if ta == Truth::True {
            return Ok(());
        }
        let mut tb = self.lits[b].truth(&d);
        if tb == Truth::True || (ta != Truth::False && tb != Truth::False) {
            return Ok(());
        }
        let before = (a, b);
        if ta == Truth::False {
            if let Some((i, t)) = self.replacement(&d, a, b) {
                (a, ta) = (i, t);
            }
        }
        if tb == Truth::False && ta == Truth::Undecided {
            if let Some((i, t)) = self.replacement(&d, b, a) {
                (b, tb) = (i, t);
            }
        }
        if (a, b) != before {
            ctx.set_state(0, pack(a, b));
        }
        match (ta, tb) {
            (Truth::False, Truth::False) => {
                ctx.set_rule(rules::FALSIFIED);
                Err(ctx.conflict())
            }
            (Truth::False, Truth::Undecided) => {
                ctx.set_rule(rules::UNIT);
                self.lits[b].set(ctx, true).map(drop)
            }
            (Truth::Undecided, Truth::False) => {
                ctx.set_rule(rules::UNIT);
                self.lits[a].set(ctx, true).map(drop)
            }
            _ => Ok(()),
        }
    }

    fn events(&self) -> Events {
        self.events
    }

    fn priority(&self) -> Priority {
        Priority::FASTEST
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "clause"
    }

    fn state_words(&self) -> usize {
        usize::from(self.lits.len() > SCAN_MAX)
    }

    fn init_state(&self, _: &Domains<'_>, state: &mut [u64]) {
        if let Some(w) = state.first_mut() {
            *w = pack(0, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Literal, Model, SearchOptions, Solver, VarId};

    fn root(model: &Model, vars: &[VarId]) -> Option<Vec<Vec<i32>>> {
        let mut s = Solver::new(model);
        let d = s.propagate().ok()?;
        Some(vars.iter().map(|&v| d.iter(v).collect()).collect())
    }

    #[test]
    fn literal_masks_match_holds() {
        let x = Model::new().new_var(0..=1).unwrap();
        for base in [-70, -3, 0, 5] {
            for v in -72..75 {
                for lit in [
                    Literal::eq(x, v),
                    Literal::ne(x, v),
                    Literal::le(x, v),
                    Literal::ge(x, v),
                    Literal::lt(x, v),
                    Literal::gt(x, v),
                ] {
                    let m = lit.mask(base);
                    for i in 0..64 {
                        assert_eq!(
                            m >> i & 1 == 1,
                            lit.holds(base + i),
                            "{lit} base {base} bit {i}"
                        );
                    }
                    assert_eq!(!lit.negate(), lit);
                    assert_eq!(lit.negate().mask(base), !m, "{lit}");
                }
            }
        }
    }

    #[test]
    fn unit_propagation_at_the_root() {
        // x in 1..=5, b in 0..=1, given b = 0: (b or x >= 4) leaves x in 4..=5.
        let mut m = Model::new();
        let b = m.new_bool().unwrap();
        let x = m.new_var(1..=5).unwrap();
        let y = m.new_var(1..=5).unwrap();
        m.clause(&[Literal::from(b), Literal::ge(x, 4), Literal::eq(y, 9)])
            .unwrap();
        m.fix(b, 0).unwrap();
        assert_eq!(root(&m, &[x]), Some(vec![vec![4, 5]]));
        // Falsified: x in 1..=2 too.
        m.remove_value(x, 4).unwrap();
        m.remove_value(x, 5).unwrap();
        assert_eq!(root(&m, &[x]), None);
    }

    #[test]
    fn watches_survive_backtracking() {
        // Every assignment of 6 Booleans but all-false: 63.
        let mut m = Model::new();
        let bs = m.new_bools(6).unwrap();
        m.clause(&bs).unwrap();
        for order in [crate::VariableOrder::Input, crate::VariableOrder::DomWdeg] {
            let opts = SearchOptions::default().with_variable_order(order);
            assert_eq!(Solver::with_options(&m, opts).count(None).count, 63);
        }
    }

    #[test]
    fn implication_and_negation() {
        let mut m = Model::new();
        let b = m.new_bool().unwrap();
        let x = m.new_var(-2..=2).unwrap();
        m.implies(b, Literal::lt(x, 0)).unwrap();
        // b = 0: 5 values; b = 1: x in {-2, -1}.
        assert_eq!(Solver::new(&m).count(None).count, 7);
        m.fix(x, 1).unwrap();
        let d = root(&m, &[b]).unwrap();
        assert_eq!(d, vec![vec![0]]);
    }

    #[test]
    fn empty_clause_is_an_error() {
        let mut m = Model::new();
        let none: [Literal; 0] = [];
        assert!(matches!(
            m.clause(&none),
            Err(crate::ModelError::EmptyScope { .. })
        ));
        let stranger = Model::new().new_var(0..=1).unwrap();
        assert_eq!(
            m.clause(&[stranger]),
            Err(crate::ModelError::ForeignVariable(stranger))
        );
    }
}
