//! Regular: a sequence of variables spells a word accepted by a
//! deterministic finite automaton ([`Dfa`], posted with [`Model::regular`]).
//!
//! # Background
//!
//! Many line rules of grid puzzles are regular languages: the runs of a
//! Nonogram line, "no three in a row", "at most one gap", patterns of
//! stretches in rostering. Pesant's propagator (CP 2004) unfolds the
//! automaton over the `n` positions into a layered graph: layer `i` holds
//! the automaton's states, and an arc `s -> t` labelled `a` between layers
//! `i` and `i + 1` exists when `δ(s, a) = t` and `a` is in the domain of the
//! `i`-th variable. The words of the constraint are exactly the paths from
//! the start state in layer 0 to an accepting state in layer `n`. A forward
//! pass marks the states reachable from the start, a backward pass keeps
//! those from which an accepting state is reachable, and a value `a` stays
//! in the `i`-th domain iff some arc labelled `a` joins two kept states.
//! This is *domain consistent* (generalised arc consistent), and fails
//! exactly when no word is left.
//!
//! # Practical
//!
//! - State sets are bitsets (`ceil(states / 64)` words per layer); every
//!   call recomputes the layers in scratch buffers
//!   ([`PropagationContext::take_scratch`]), so there is no trailed state
//!   and no allocation per call. Cost per call: `O(sum over positions of
//!   |live states| * |domain|)` transition look-ups, at most `n * q * d`.
//!   For Nonogram lines, [`Model::nonogram_line`] uses a specialised line
//!   solver with the same strength that is faster (see
//!   [`constraints::nonogram`](crate::constraints::nonogram)).
//! - Values outside the automaton's alphabet are removed at the first call.
//!   One call reaches the fixpoint when the variables are distinct
//!   ([`idempotent`](Constraint::idempotent)); a repeated variable is
//!   allowed (the propagation is then sound but may need another call).
//! - A [`Dfa`] is checked when it is built: state numbers out of range and
//!   two different transitions on one (state, value) are
//!   [`ModelError::InvalidArgument`]. Missing transitions lead to an
//!   implicit dead state.
//!
//! ```
//! # use csp_core::{Dfa, Model, Solver};
//! let no_11 = Dfa::new(2, 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)])?; // no two 1s in a row
//! let mut m = Model::new(); let xs = m.new_vars(5, 0..=1)?; m.regular(&xs, &no_11)?;
//! assert_eq!(Solver::new(&m).count(None).count, 13); // Fibonacci(5 + 2)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! G. Pesant, *A regular language membership constraint for finite sequences
//! of variables*, CP 2004. The Nonogram automaton follows the one Pesant
//! and, later, Gecode's `examples/nonogram.cpp` use (a chain of states per
//! run with a looping gap state after each).

use crate::Model;
use crate::constraint::{Conflict, Constraint, ConstraintId, Priority};
use crate::domain::Domains;
use crate::error::ModelError;
use crate::propagation::{PropagationContext, Scratch};
use crate::variable::{Value, VarId};

/// Rule names used in traces.
pub mod rules {
    /// A value lies on no accepted word.
    pub const NO_PATH: &str = "regular: on no accepted word";
}

/// No transition.
const NONE: u32 = u32::MAX;
/// The most states an automaton may have.
const MAX_STATES: usize = 1 << 26;
/// The most (state, value) entries of the transition table.
const MAX_TABLE: usize = 1 << 28;

/// A deterministic finite automaton over integer values: states `0..n`, a
/// start state, accepting states, and at most one transition per (state,
/// value). Build it with [`Dfa::new`] (checked) or [`Dfa::nonogram`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    states: usize,
    start: u32,
    accepting: Vec<bool>,
    /// The values with a transition, sorted and distinct.
    alphabet: Vec<Value>,
    /// `next[s * alphabet.len() + a]`: the state after reading
    /// `alphabet[a]` in state `s`, or `NONE`.
    next: Vec<u32>,
}

fn invalid(reason: String) -> ModelError {
    ModelError::InvalidArgument {
        constraint: "automaton".to_owned(),
        reason,
    }
}

impl Dfa {
    /// The automaton with states `0..states`, the given start and accepting
    /// states, and `transitions` as `(from, value, to)` triples. A (state,
    /// value) without a transition rejects the word.
    ///
    /// Errors ([`ModelError::InvalidArgument`]): no states or more than
    /// 2^26 (or more than 2^28 (state, value) pairs), a start,
    /// accepting or transition state not below `states`, or two
    /// transitions from one state on one value that go to different states
    /// (the automaton would not be deterministic; repeating the same
    /// transition is fine).
    ///
    /// ```
    /// # use csp_core::Dfa;
    /// // Words over {0, 1} with an even number of 1s.
    /// let even = Dfa::new(2, 0, &[0], &[(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)])?;
    /// assert!(even.accepts(&[1, 0, 1]) && !even.accepts(&[1, 1, 1]));
    /// assert!(Dfa::new(2, 0, &[2], &[]).is_err()); // no state 2
    /// # Ok::<(), csp_core::ModelError>(())
    /// ```
    pub fn new(
        states: usize,
        start: usize,
        accepting: &[usize],
        transitions: &[(usize, Value, usize)],
    ) -> Result<Dfa, ModelError> {
        if states == 0 {
            return Err(invalid("an automaton needs at least one state".into()));
        }
        if states > MAX_STATES {
            return Err(invalid(format!(
                "{states} states are too many (at most {MAX_STATES})"
            )));
        }
        let check = |what: &str, s: usize| {
            if s < states {
                Ok(())
            } else {
                Err(invalid(format!(
                    "{what} state {s} is out of range (the states are 0..{states})"
                )))
            }
        };
        check("start", start)?;
        let mut acc = vec![false; states];
        for &s in accepting {
            check("accepting", s)?;
            acc[s] = true;
        }
        for &(from, _, to) in transitions {
            check("transition", from)?;
            check("transition", to)?;
        }
        let mut alphabet: Vec<Value> = transitions.iter().map(|t| t.1).collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        let a = alphabet.len();
        if states.saturating_mul(a) > MAX_TABLE {
            return Err(invalid(format!(
                "{states} states times {a} values is too large a transition table"
            )));
        }
        let mut next = vec![NONE; states * a];
        for &(from, value, to) in transitions {
            let k = from * a + alphabet.binary_search(&value).unwrap_or(0);
            if next[k] != NONE && next[k] != to as u32 {
                return Err(invalid(format!(
                    "state {from} has two transitions on {value} (to {} and {to}): not deterministic",
                    next[k]
                )));
            }
            next[k] = to as u32;
        }
        Ok(Dfa {
            states,
            start: start as u32,
            accepting: acc,
            alphabet,
            next,
        })
    }

    /// The automaton of a Nonogram line over 0/1 cells whose runs of 1s
    /// have the given lengths, in order, separated by at least one 0 (an
    /// empty slice, or `[0]`, is a line of 0s). It has `sum(runs) +
    /// runs.len() + 1` states: one for the leading 0s, then for each run a
    /// chain of one state per cell and a gap state that loops on 0.
    ///
    /// Errors ([`ModelError::InvalidArgument`]): a run of length 0 among
    /// others, or runs adding up to more than 2^26 cells.
    ///
    /// ```
    /// # use csp_core::Dfa;
    /// let line = Dfa::nonogram(&[3, 1, 2])?;
    /// assert_eq!(line.num_states(), 6 + 3 + 1);
    /// assert!(line.accepts(&[0, 1, 1, 1, 0, 1, 0, 0, 1, 1]));
    /// assert!(!line.accepts(&[1, 1, 1, 1, 0, 1, 1, 0, 0, 0]));
    /// # Ok::<(), csp_core::ModelError>(())
    /// ```
    pub fn nonogram(runs: &[usize]) -> Result<Dfa, ModelError> {
        let runs = crate::constraints::nonogram::check_runs(runs)?;
        let states = runs
            .iter()
            .try_fold(runs.len() + 1, |acc, &r| acc.checked_add(r))
            .filter(|&s| s <= MAX_STATES)
            .ok_or_else(|| invalid("the runs are too long for an automaton".into()))?;
        let mut transitions = Vec::with_capacity(2 * states);
        // State 0: leading 0s.
        transitions.push((0, 0, 0));
        let mut previous_gap = 0;
        let mut at = 1;
        for &r in &runs {
            // Cells of run j: states at..at + r; then the gap state.
            transitions.push((previous_gap, 1, at));
            for m in 0..r - 1 {
                transitions.push((at + m, 1, at + m + 1));
            }
            let full = at + r - 1;
            let gap = at + r;
            transitions.push((full, 0, gap));
            transitions.push((gap, 0, gap));
            previous_gap = gap;
            at = gap + 1;
        }
        debug_assert_eq!(at, states);
        let accepting: Vec<usize> = if runs.is_empty() {
            vec![0]
        } else {
            vec![states - 2, states - 1]
        };
        Dfa::new(states, 0, &accepting, &transitions)
    }

    /// Number of states.
    pub fn num_states(&self) -> usize {
        self.states
    }

    /// The start state.
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Whether `state` is accepting (`false` for a state out of range).
    pub fn is_accepting(&self, state: usize) -> bool {
        self.accepting.get(state).copied().unwrap_or(false)
    }

    /// The state after reading `value` in `state`, if there is a transition.
    pub fn next(&self, state: usize, value: Value) -> Option<usize> {
        let a = self.alphabet.binary_search(&value).ok()?;
        if state >= self.states {
            return None;
        }
        match self.next[state * self.alphabet.len() + a] {
            NONE => None,
            t => Some(t as usize),
        }
    }

    /// Whether the automaton accepts `word`.
    pub fn accepts(&self, word: &[Value]) -> bool {
        let mut s = self.start as usize;
        for &v in word {
            match self.next(s, v) {
                Some(t) => s = t,
                None => return false,
            }
        }
        self.accepting[s]
    }
}

/// A sequence of variables accepted by a [`Dfa`]. Create it with
/// [`Model::regular`]; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Regular {
    vars: Vec<VarId>,
    dfa: Dfa,
    /// Per position, the values of the initial domain that the automaton
    /// reads: `(bit offset in the variable's domain words, letter)`, in
    /// `letters[letter_start[i]..letter_start[i + 1]]`.
    letters: Vec<(u32, u32)>,
    letter_start: Vec<u32>,
    /// Words per state set.
    qw: usize,
    /// The accepting states as a bitset.
    accept: Vec<u64>,
    /// The most domain words of a variable of the scope.
    max_words: usize,
    distinct: bool,
}

impl Regular {
    pub(crate) fn new(domains: &Domains<'_>, vars: &[VarId], dfa: &Dfa) -> Regular {
        let mut letters = Vec::new();
        let mut letter_start = vec![0u32];
        let mut max_words = 0;
        for &v in vars {
            let l = domains.layout[v.index()];
            max_words = max_words.max(l.words as usize);
            for x in domains.iter(v) {
                if let Ok(a) = dfa.alphabet.binary_search(&x) {
                    let bit = (i64::from(x) - i64::from(l.base)) as u32;
                    letters.push((bit, a as u32));
                }
            }
            letter_start.push(letters.len() as u32);
        }
        let qw = dfa.states.div_ceil(64);
        let mut accept = vec![0u64; qw];
        for (s, _) in dfa.accepting.iter().enumerate().filter(|(_, a)| **a) {
            accept[s / 64] |= 1 << (s % 64);
        }
        let mut sorted = vars.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Regular {
            vars: vars.to_vec(),
            dfa: dfa.clone(),
            letters,
            letter_start,
            qw,
            accept,
            max_words,
            distinct: sorted.len() == vars.len(),
        }
    }

    /// The automaton.
    pub fn dfa(&self) -> &Dfa {
        &self.dfa
    }

    /// The letters of position `i` still in its variable's domain (`words`).
    #[inline]
    fn live_letters<'a>(
        &'a self,
        words: &'a [u64],
        i: usize,
    ) -> impl Iterator<Item = (u32, usize)> + 'a {
        let (a, b) = (self.letter_start[i] as usize, self.letter_start[i + 1]);
        self.letters[a..b as usize]
            .iter()
            .filter(move |(bit, _)| words[(bit / 64) as usize] & (1 << (bit % 64)) != 0)
            .map(|&(bit, a)| (bit, a as usize))
    }

    fn run(&self, ctx: &mut PropagationContext<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        let n = self.vars.len();
        let (qw, na) = (self.qw, self.dfa.alphabet.len());
        let next = &self.dfa.next;
        // [forward layers (n + 1) * qw][backward: current qw, next qw][keep]
        let layers = (n + 1) * qw;
        s.words.resize(layers + 2 * qw + self.max_words, 0);
        let (fwd, rest) = s.words.split_at_mut(layers);
        let (back, keep) = rest.split_at_mut(2 * qw);
        let start = self.dfa.start as usize;
        fwd[start / 64] |= 1 << (start % 64);
        ctx.set_rule(rules::NO_PATH);
        {
            let d = ctx.domains();
            for i in 0..n {
                let (cur, nxt) = fwd[i * qw..(i + 2) * qw].split_at_mut(qw);
                let l = d.layout[self.vars[i].index()];
                for (_, a) in self.live_letters(&d.words[l.range()], i) {
                    for (k, &w) in cur.iter().enumerate() {
                        let mut bits = w;
                        while bits != 0 {
                            let st = 64 * k + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let t = next[st * na + a];
                            if t != NONE {
                                nxt[t as usize / 64] |= 1 << (t % 64);
                            }
                        }
                    }
                }
                if nxt.iter().all(|&w| w == 0) {
                    return Err(ctx.conflict());
                }
            }
        }
        let (bcur, bnext) = back.split_at_mut(qw);
        let mut any = false;
        for (k, b) in bnext.iter_mut().enumerate() {
            *b = fwd[n * qw + k] & self.accept[k];
            any |= *b != 0;
        }
        if !any {
            return Err(ctx.conflict());
        }
        for i in (0..n).rev() {
            let var = self.vars[i];
            let l = ctx.domains().layout[var.index()];
            let keep = &mut keep[..l.words as usize];
            keep.fill(0);
            bcur.fill(0);
            {
                let d = ctx.domains();
                let cur = &fwd[i * qw..(i + 1) * qw];
                for (bit, a) in self.live_letters(&d.words[l.range()], i) {
                    let mut used = false;
                    for (k, &w) in cur.iter().enumerate() {
                        let mut bits = w;
                        while bits != 0 {
                            let b = bits.trailing_zeros();
                            bits &= bits - 1;
                            let st = 64 * k + b as usize;
                            let t = next[st * na + a];
                            if t != NONE && bnext[t as usize / 64] & (1 << (t % 64)) != 0 {
                                bcur[k] |= 1 << b;
                                used = true;
                            }
                        }
                    }
                    if used {
                        keep[(bit / 64) as usize] |= 1 << (bit % 64);
                    }
                }
            }
            if l.words == 1 {
                ctx.intersect_mask(var, l.base, keep[0])?;
            } else {
                ctx.intersect_words(var, keep)?;
            }
            bnext.copy_from_slice(bcur);
        }
        Ok(())
    }
}

impl Constraint for Regular {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        self.dfa.accepts(values)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn priority(&self) -> Priority {
        Priority::NORMAL
    }

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn name(&self) -> &str {
        "regular"
    }
}

impl Model {
    /// The values of `vars`, in order, spell a word that `dfa` accepts;
    /// domain consistent by Pesant's layered graph (see
    /// [`constraints::regular`](crate::constraints::regular)). A variable
    /// may appear more than once.
    ///
    /// Errors: [`ModelError::InvalidArgument`] for an empty `vars`;
    /// [`ModelError::ForeignVariable`].
    ///
    /// ```
    /// # use csp_core::{Dfa, Model, Solver};
    /// // 1 2 3 repeated: each value is followed by the next one, mod 3.
    /// let cycle = Dfa::new(4, 0, &[1, 2, 3], &[(0, 1, 1), (0, 2, 2), (0, 3, 3),
    ///     (1, 2, 2), (2, 3, 3), (3, 1, 1)])?;
    /// let mut m = Model::new();
    /// let xs = m.new_vars(4, 1..=3)?;
    /// m.regular(&xs, &cycle)?;
    /// m.fix(xs[2], 1)?;
    /// let mut solver = Solver::new(&m);
    /// let d = solver.propagate().unwrap();
    /// assert_eq!(d.value(xs[0]), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn regular(&mut self, vars: &[VarId], dfa: &Dfa) -> Result<ConstraintId, ModelError> {
        if vars.is_empty() {
            return Err(ModelError::InvalidArgument {
                constraint: "regular".to_owned(),
                reason: "the scope is empty".to_owned(),
            });
        }
        self.check_vars(vars)?;
        let c = Regular::new(&self.initial_domains(), vars, dfa);
        self.post(Box::new(c), false)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Dfa, Model, ModelError, Solver, Value};

    #[test]
    fn bad_automata_are_invalid_arguments() {
        let bad = |r: Result<Dfa, ModelError>| matches!(r, Err(ModelError::InvalidArgument { .. }));
        assert!(bad(Dfa::new(0, 0, &[], &[])));
        assert!(bad(Dfa::new(2, 2, &[], &[])));
        assert!(bad(Dfa::new(2, 0, &[5], &[])));
        assert!(bad(Dfa::new(2, 0, &[1], &[(0, 1, 2)])));
        assert!(bad(Dfa::new(2, 0, &[1], &[(0, 1, 1), (0, 1, 0)])));
        assert!(Dfa::new(2, 0, &[1], &[(0, 1, 1), (0, 1, 1)]).is_ok());
        assert!(bad(Dfa::nonogram(&[2, 0, 1])));
        assert!(bad(Dfa::nonogram(&[usize::MAX, 1])));
        assert!(bad(Dfa::nonogram(&[1 << 27])));
        assert!(bad(Dfa::new(1 << 27, 0, &[], &[])));
        let mut m = Model::new();
        assert!(matches!(
            m.regular(&[], &Dfa::nonogram(&[1]).unwrap()),
            Err(ModelError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn keeps_only_values_on_accepted_words() {
        // "a b* c" over a = 1, b = 2, c = 3, on 4 variables: 1 2 2 3.
        let dfa = Dfa::new(3, 0, &[2], &[(0, 1, 1), (1, 2, 1), (1, 3, 2)]).unwrap();
        let mut m = Model::new();
        let xs = m.new_vars(4, 0..=4).unwrap();
        m.regular(&xs, &dfa).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        let got: Vec<Value> = xs.iter().map(|&x| d.value(x).unwrap()).collect();
        assert_eq!(got, [1, 2, 2, 3]);
        // On 1 variable nothing is accepted.
        let mut m = Model::new();
        let x = m.new_var(0..=4).unwrap();
        m.regular(&[x], &dfa).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn the_nonogram_automaton_has_the_announced_size() {
        for runs in [vec![], vec![1], vec![3, 1, 2], vec![1, 1, 1, 1]] {
            let dfa = Dfa::nonogram(&runs).unwrap();
            assert_eq!(
                dfa.num_states(),
                runs.iter().sum::<usize>() + runs.len() + 1
            );
        }
        let dfa = Dfa::nonogram(&[2, 1]).unwrap();
        assert!(dfa.accepts(&[1, 1, 0, 1]) && dfa.accepts(&[0, 1, 1, 0, 0, 1, 0]));
        assert!(!dfa.accepts(&[1, 1, 1]) && !dfa.accepts(&[1, 0, 1, 1]) && !dfa.accepts(&[]));
        assert!(Dfa::nonogram(&[0]).unwrap().accepts(&[0, 0]));
    }
}
