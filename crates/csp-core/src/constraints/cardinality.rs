//! Global cardinality (GCC): for each listed value, how many of the
//! variables take it, between a minimum and a maximum. Values not listed
//! are free, or forbidden when the constraint is *closed*.
//!
//! # Background
//!
//! `gcc(xs, [(v, lo_v, hi_v), ...])` generalises AllDifferent (every value
//! at most once) and Binairo's balance rule (each line holds `n/2` zeros
//! and `n/2` ones). Two strengths are offered:
//!
//! 1. [`GccStrength::Counting`]: per listed value `v`, count the variables
//!    fixed to `v` (`f_v`) and those that may take it (`p_v`); fail if
//!    `f_v > hi_v` or `p_v < lo_v`; remove `v` from the others when
//!    `f_v == hi_v`; fix every candidate to `v` when `p_v == lo_v`. Then
//!    the sum-of-bounds tests: the unfixed variables must cover the unmet
//!    minima (`sum max(0, lo_v - f_v) <= #unfixed`; when equal, each unfixed
//!    variable keeps only the values still short of their minimum) and,
//!    when closed, the remaining capacity must hold them (`sum
//!    (min(hi_v, p_v) - f_v) >= #unfixed`; when equal, every value with
//!    no more candidates than its maximum takes them all). Repeated to a
//!    fixpoint.
//! 2. [`GccStrength::DomainConsistent`]: Régin's flow algorithm. The
//!    variables are matched to values in a network `s -> x -> v -> t` where
//!    the edge `v -> t` carries between `lo_v` and `hi_v` units. A feasible
//!    flow is found by augmenting paths, first up to the minima (so they
//!    are met), then up to the maxima (augmenting never lowers the flow
//!    into `t`); none means failure. An edge `x -> v` outside the flow is
//!    used by some feasible flow exactly when `x` and `v` lie in one
//!    strongly connected component of the residual graph, so the others
//!    are removed. This removes every value that no solution of the
//!    constraint uses.
//!
//! # Practical
//!
//! - **Representation.** Both strengths work on 64-bit masks, one per
//!   variable: directly when every variable has a one-word domain with the
//!   same base (tables of the bounds per bit are built when the constraint
//!   is posted), otherwise through a compact numbering of the values left.
//!   Scopes with more than 64 variables or more than 64 distinct values
//!   use the counting rules value by value (without the sum tests).
//! - **Cost per call.** Counting: O(n m) word operations per round (n
//!   variables, m values left), usually one or two rounds. Flow: O(n (n +
//!   m)) for the n augmenting searches (each a breadth-first search on
//!   masks), plus O(m^2) for the reachability between values; for the
//!   small scopes of grid puzzles (a line of 6 to 20 cells) both are a few
//!   hundred operations. The flow is recomputed on each call (no state).
//! - **Which one.** Counting is cheaper per call; the flow prunes more
//!   when several values compete for few places. Instructions of whole
//!   runs (cachegrind on csp-core's `examples/logic_bench.rs gcc` and
//!   `binairo6`): the three hard Sudokus of the tests, every unit a closed
//!   gcc, need 375 nodes with the flow against 979 with counting, and 108
//!   against 163 million instructions; counting the 4140 Binairo 6x6 grids
//!   (two values) visits 8943 nodes either way and the flow costs 35% more
//!   (381 against 282 million); 20,000 solutions of a 9x9 grid whose rows
//!   and columns hold 1, 2 and 3 three times each: same nodes, the flow
//!   costs 62% more. Counting is the default; choose the flow for
//!   AllDifferent-like bounds (many values, small maxima).
//! - Quimper et al.'s bounds-consistent GCC is not implemented: it targets
//!   wide interval domains, where the masks above do not apply; the grid
//!   puzzles this engine serves have small domains, where the flow is
//!   cheap and stronger.
//!
//! ```
//! # use csp_core::{Model, Solver};
//! let mut model = Model::new();
//! let line = model.new_vars(4, 0..=1)?;
//! model.gcc(&line, &[(0, 2, 2), (1, 2, 2)])?; // two 0s and two 1s
//! assert_eq!(Solver::new(&model).count(None).count, 6); // 4 choose 2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! J.-C. Régin, *Generalized arc consistency for global cardinality
//! constraint*, AAAI 1996 (the flow algorithm). C.-G. Quimper, A.
//! Golynski, A. López-Ortiz, P. van Beek, *An efficient bounds consistency
//! algorithm for the global cardinality constraint*, CP 2003 / Constraints
//! 10(2), 2005 (the bounds-consistent alternative, not used here).

use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::error::ModelError;
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};

/// Rule names used in traces.
pub mod rules {
    /// Counting: a value reached its maximum, or is needed by all its
    /// candidates; or a sum-of-bounds test.
    pub const COUNTING: &str = "gcc: counting";
    /// A value that no feasible flow gives the variable.
    pub const FLOW: &str = "gcc: flow";
    /// A value not listed in a closed constraint.
    pub const CLOSED: &str = "gcc: value not allowed";
}

/// How hard a [`GlobalCardinality`] prunes. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GccStrength {
    /// Per-value counting and the sum-of-bounds tests (the default).
    #[default]
    Counting,
    /// Domain consistency by Régin's flow algorithm.
    DomainConsistent,
}

impl GccStrength {
    /// Every strength, weakest first.
    pub const ALL: [GccStrength; 2] = [GccStrength::Counting, GccStrength::DomainConsistent];
}

/// Options of [`Model::gcc_with`](crate::Model::gcc_with).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct GccOptions {
    /// Only the listed values are allowed.
    pub closed: bool,
    /// The propagation strength.
    pub strength: GccStrength,
}

impl GccOptions {
    /// Unlisted values are forbidden.
    pub fn closed(mut self) -> Self {
        self.closed = true;
        self
    }

    /// Propagates with `strength`.
    pub fn with_strength(mut self, strength: GccStrength) -> Self {
        self.strength = strength;
        self
    }
}

/// "No bound" in the per-bit tables.
const FREE: u32 = u32::MAX;

/// Per-bit bounds: value bit `b` is taken between `lo[b]` and `hi[b]`
/// times (`hi[b] == FREE`: no maximum).
#[derive(Clone, Debug)]
struct Bounds {
    lo: [u32; 64],
    hi: [u32; 64],
    /// The bits with `lo > 0`.
    demanded: u64,
}

impl Bounds {
    fn new() -> Self {
        Bounds {
            lo: [0; 64],
            hi: [FREE; 64],
            demanded: 0,
        }
    }

    fn set(&mut self, b: usize, lo: u32, hi: u32) {
        (self.lo[b], self.hi[b]) = (lo, hi);
        if lo > 0 {
            self.demanded |= 1 << b;
        }
    }
}

/// Per-bit bounds for scopes whose domains share one word layout.
#[derive(Clone, Debug)]
struct Aligned {
    base: Value,
    bounds: Bounds,
    /// The listed values inside the word.
    listed: u64,
    /// A listed value with a positive minimum lies outside the word: no
    /// variable can take it, so the constraint always fails.
    unreachable: bool,
}

/// For each listed value, between `min` and `max` of the variables take
/// it. Create it with [`Model::gcc`](crate::Model::gcc),
/// [`Model::gcc_closed`](crate::Model::gcc_closed) or
/// [`Model::gcc_with`](crate::Model::gcc_with).
#[derive(Clone, Debug)]
pub struct GlobalCardinality {
    vars: Vec<VarId>,
    /// Listed values, ascending, with their bounds (maxima capped at the
    /// number of variables).
    values: Vec<Value>,
    lo: Vec<u32>,
    hi: Vec<u32>,
    options: GccOptions,
    aligned: Option<Aligned>,
}

/// A domain wipe-out or a failed test; the caller reports the conflict.
struct Fail;

impl GlobalCardinality {
    /// The strength this constraint propagates with.
    pub fn strength(&self) -> GccStrength {
        self.options.strength
    }

    /// Whether unlisted values are forbidden.
    pub fn is_closed(&self) -> bool {
        self.options.closed
    }

    /// The listed values with their minimum and maximum counts.
    pub fn bounds(&self) -> impl ExactSizeIterator<Item = (Value, usize, usize)> + '_ {
        (0..self.values.len()).map(|i| (self.values[i], self.lo[i] as usize, self.hi[i] as usize))
    }

    fn listed(&self, v: Value) -> Option<usize> {
        self.values.binary_search(&v).ok()
    }

    /// Runs the mask algorithms of the chosen strength.
    fn filter(&self, masks: &mut [u64], bounds: &Bounds) -> Result<(), Fail> {
        counting(masks, bounds, self.options.closed)?;
        if self.options.strength == GccStrength::DomainConsistent {
            flow(masks, bounds)?;
        }
        Ok(())
    }

    /// The fast path: one-word domains with the aligned base.
    fn propagate_aligned(
        &self,
        ctx: &mut PropagationContext<'_>,
        a: &Aligned,
        buf: &mut Vec<u64>,
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        if a.unreachable {
            ctx.set_rule(rules::COUNTING);
            return Err(ctx.conflict());
        }
        // buf: [masks n][as read n]
        buf.extend_from_within(..n);
        if self.options.closed {
            ctx.set_rule(rules::CLOSED);
            for (i, &x) in self.vars.iter().enumerate() {
                if buf[i] & !a.listed != 0 {
                    ctx.intersect_mask(x, a.base, a.listed)?;
                    buf[i] &= a.listed;
                    buf[n + i] = buf[i];
                }
            }
        }
        let (masks, old) = buf.split_at_mut(n);
        let result = self.filter(masks, &a.bounds);
        ctx.set_rule(self.rule());
        if result.is_err() {
            return Err(ctx.conflict());
        }
        for (i, &x) in self.vars.iter().enumerate() {
            if masks[i] != old[i] {
                ctx.intersect_mask(x, a.base, masks[i])?;
            }
        }
        Ok(())
    }

    fn rule(&self) -> &'static str {
        match self.options.strength {
            GccStrength::Counting => rules::COUNTING,
            GccStrength::DomainConsistent => rules::FLOW,
        }
    }

    /// Through a compact numbering of the values left (at most 64).
    fn propagate_compact(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        if self.options.closed {
            ctx.set_rule(rules::CLOSED);
            for &x in &self.vars {
                ctx.retain(x, |_, v| self.values.binary_search(&v).is_ok())?;
            }
        }
        let mut values = ctx.take_values();
        for &x in &self.vars {
            values.extend(ctx.iter(x));
        }
        values.sort_unstable();
        values.dedup();
        if values.len() > 64 || n > 64 {
            ctx.give_back_values(values);
            return self.propagate_wide(ctx);
        }
        // A listed value nobody can take, with a positive minimum.
        let short = self
            .values
            .iter()
            .zip(&self.lo)
            .any(|(v, &lo)| lo > 0 && values.binary_search(v).is_err());
        let mut result = Ok(());
        if short {
            ctx.set_rule(rules::COUNTING);
            result = Err(ctx.conflict());
        } else {
            let mut bounds = Bounds::new();
            for (j, v) in values.iter().enumerate() {
                if let Some(i) = self.listed(*v) {
                    bounds.set(j, self.lo[i], self.hi[i]);
                }
            }
            let mut masks = [0u64; 64];
            for (i, &x) in self.vars.iter().enumerate() {
                for v in ctx.iter(x) {
                    if let Ok(j) = values.binary_search(&v) {
                        masks[i] |= 1 << j;
                    }
                }
            }
            let old = masks;
            ctx.set_rule(self.rule());
            if self.filter(&mut masks[..n], &bounds).is_err() {
                result = Err(ctx.conflict());
            } else {
                'vars: for (i, &x) in self.vars.iter().enumerate() {
                    let mut gone = old[i] & !masks[i];
                    while gone != 0 {
                        let b = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        if let Err(c) = ctx.remove(x, values[b]) {
                            result = Err(c);
                            break 'vars;
                        }
                    }
                }
            }
        }
        ctx.give_back_values(values);
        result
    }

    /// More than 64 variables or values: the counting rules, value by value.
    fn propagate_wide(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(rules::COUNTING);
        let n = self.vars.len() as u32;
        let total_lo: u64 = self.lo.iter().map(|&l| u64::from(l)).sum();
        if total_lo > u64::from(n) {
            return Err(ctx.conflict());
        }
        loop {
            let mut changed = false;
            for (j, &v) in self.values.iter().enumerate() {
                let (mut f, mut p) = (0u32, 0u32);
                for &x in &self.vars {
                    if ctx.contains(x, v) {
                        p += 1;
                        f += u32::from(ctx.is_fixed(x));
                    }
                }
                if f > self.hi[j] || p < self.lo[j] {
                    return Err(ctx.conflict());
                }
                if p == f {
                    continue;
                }
                if f == self.hi[j] {
                    for &x in &self.vars {
                        if !ctx.is_fixed(x) {
                            changed |= ctx.remove(x, v)?;
                        }
                    }
                } else if p == self.lo[j] {
                    for &x in &self.vars {
                        if ctx.contains(x, v) {
                            changed |= ctx.fix(x, v)?;
                        }
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The counting rules and sum-of-bounds tests on masks, to a fixpoint.
/// `lo`/`hi` are per bit (`hi == FREE`: unbounded); `closed`: every value
/// left is listed (the capacity test applies). Per round, one pass over
/// the variables per value of the union (no per-value tables to clear:
/// with two values, as in Binairo, that is two passes over a line).
fn counting(masks: &mut [u64], bounds: &Bounds, closed: bool) -> Result<(), Fail> {
    let (lo, hi, demanded) = (&bounds.lo, &bounds.hi, bounds.demanded);
    // (fixed to b, may take b) for the value bit `b`.
    let tally = |masks: &[u64], b: usize| {
        let bit = 1u64 << b;
        masks.iter().fold((0u32, 0u32), |(f, p), &d| {
            (f + u32::from(d == bit), p + u32::from(d & bit != 0))
        })
    };
    loop {
        let mut union = 0u64;
        let mut unfixed = 0u64;
        for &d in masks.iter() {
            if d == 0 {
                return Err(Fail);
            }
            union |= d;
            unfixed += u64::from(!d.is_power_of_two());
        }
        if demanded & !union != 0 {
            return Err(Fail);
        }
        let (mut full, mut forced, mut needy) = (0u64, 0u64, 0u64);
        let (mut demand, mut capacity) = (0u64, 0u64);
        let mut bits = union;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (f, p) = tally(masks, b);
            if f > hi[b] || p < lo[b] {
                return Err(Fail);
            }
            if lo[b] > f {
                demand += u64::from(lo[b] - f);
                needy |= 1 << b;
            }
            capacity += u64::from(p.min(hi[b]) - f);
            if p > f {
                if f == hi[b] {
                    full |= 1 << b;
                } else if p == lo[b] {
                    forced |= 1 << b;
                }
            }
        }
        if demand > unfixed || (closed && capacity < unfixed) {
            return Err(Fail);
        }
        // Every unfixed variable must serve an unmet minimum.
        let keep = if demand == unfixed { needy } else { u64::MAX };
        if closed && capacity == unfixed {
            // Every value is filled to min(hi, p): those with p <= hi take
            // all their candidates.
            let mut bits = union & !forced;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (f, p) = tally(masks, b);
                if p > f && p <= hi[b] {
                    forced |= 1 << b;
                }
            }
        }
        let mut changed = false;
        for d in masks.iter_mut() {
            if d.is_power_of_two() {
                continue;
            }
            let f = *d & forced;
            let new = if f != 0 {
                if !f.is_power_of_two() {
                    return Err(Fail);
                }
                f
            } else {
                *d & !full & keep
            };
            if new == 0 {
                return Err(Fail);
            }
            if new != *d {
                *d = new;
                changed = true;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

const NONE: u8 = u8::MAX;

/// A feasible flow of the variables into the values, as assignments.
struct Flow {
    assign: [u8; 64],
    load: [u32; 64],
    holders: [u64; 64],
}

impl Flow {
    /// Moves unassigned variable `start` into the flow along an augmenting
    /// path ending at a value `b` with `load[b] < cap[b]`. Breadth-first on
    /// masks: values reached from the frontier's variables, then the
    /// variables holding those values.
    fn augment(&mut self, start: usize, masks: &[u64], cap: &[u32; 64]) -> bool {
        let mut parent = [0u8; 64];
        let mut seen_vals = 0u64;
        let mut seen_vars = 1u64 << start;
        let mut frontier = seen_vars;
        loop {
            let mut reached = 0u64;
            while frontier != 0 {
                let x = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let mut new = masks[x] & !seen_vals & !reached;
                reached |= new;
                while new != 0 {
                    parent[new.trailing_zeros() as usize] = x as u8;
                    new &= new - 1;
                }
            }
            if reached == 0 {
                return false;
            }
            seen_vals |= reached;
            let mut bits = reached;
            let mut next = 0u64;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.load[b] < cap[b] {
                    self.load[b] += 1;
                    let mut b = b;
                    loop {
                        let x = parent[b] as usize;
                        let prev = self.assign[x];
                        self.assign[x] = b as u8;
                        self.holders[b] |= 1 << x;
                        if prev == NONE {
                            return true;
                        }
                        self.holders[prev as usize] &= !(1 << x);
                        b = prev as usize;
                    }
                }
                next |= self.holders[b];
            }
            frontier = next & !seen_vars;
            if frontier == 0 {
                return false;
            }
            seen_vars |= frontier;
        }
    }
}

/// Régin's filtering: a feasible flow, then the values reachable from each
/// other in the residual graph. `masks`: at most 64 variables.
fn flow(masks: &mut [u64], bounds: &Bounds) -> Result<(), Fail> {
    let (lo, hi) = (&bounds.lo, &bounds.hi);
    let n = masks.len();
    let mut fl = Flow {
        assign: [NONE; 64],
        load: [0; 64],
        holders: [0; 64],
    };
    // Phase 1: meet the minima (capacity lo), then phase 2: the rest
    // (capacity hi). Augmenting never lowers a value's load.
    if bounds.demanded != 0 {
        for i in 0..n {
            if fl.assign[i] == NONE {
                fl.augment(i, masks, lo);
            }
        }
        let mut bits = bounds.demanded;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if fl.load[b] < lo[b] {
                return Err(Fail);
            }
        }
    }
    for i in 0..n {
        if fl.assign[i] == NONE && !fl.augment(i, masks, hi) {
            return Err(Fail);
        }
    }
    // The residual graph between values: a -> b when a variable assigned
    // to a can move to b; a -> t when a can take one more (load < hi);
    // t -> a when a can give one up (load > lo).
    let union = masks.iter().fold(0u64, |m, &d| m | d);
    let mut adj = [0u64; 64];
    let (mut to_t, mut from_t) = (0u64, 0u64);
    let mut bits = union;
    while bits != 0 {
        let b = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if fl.load[b] < hi[b] {
            to_t |= 1 << b;
        }
        if fl.load[b] > lo[b] {
            from_t |= 1 << b;
        }
    }
    for (i, &d) in masks.iter().enumerate() {
        let a = fl.assign[i] as usize;
        adj[a] |= d & !(1 << a);
    }
    // reach[a]: the values reachable from a (a included).
    let mut reach = [0u64; 64];
    let mut bits = union;
    while bits != 0 {
        let a = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let mut r = 1u64 << a;
        let mut frontier = r;
        let mut via_t = false;
        loop {
            let mut next = 0u64;
            let mut f = frontier;
            while f != 0 {
                next |= adj[f.trailing_zeros() as usize];
                f &= f - 1;
            }
            if !via_t && (r | next) & to_t != 0 {
                via_t = true;
                next |= from_t;
            }
            next &= !r;
            if next == 0 {
                break;
            }
            r |= next;
            frontier = next;
        }
        reach[a] = r;
    }
    for (i, d) in masks.iter_mut().enumerate() {
        if d.is_power_of_two() {
            continue;
        }
        let a = fl.assign[i] as usize;
        let mut keep = 1u64 << a;
        let mut bits = *d & reach[a] & !keep;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if reach[b] & (1 << a) != 0 {
                keep |= 1 << b;
            }
        }
        *d &= keep;
    }
    Ok(())
}

impl Constraint for GlobalCardinality {
    /// Explained by its scope's domains (its propagation reads nothing else).
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, _what: crate::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        if self.options.closed && values.iter().any(|&v| self.listed(v).is_none()) {
            return false;
        }
        self.values.iter().enumerate().all(|(i, v)| {
            let c = values.iter().filter(|&x| x == v).count();
            self.lo[i] as usize <= c && c <= self.hi[i] as usize
        })
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if let Some(a) = &self.aligned {
            if self.vars.len() <= 64 {
                let mut buf = ctx.take_words();
                if ctx.masks_into(&self.vars, &mut buf) == Some(a.base) {
                    let result = self.propagate_aligned(ctx, a, &mut buf);
                    ctx.give_back_words(buf);
                    return result;
                }
                ctx.give_back_words(buf);
            }
        }
        self.propagate_compact(ctx)
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        match self.options.strength {
            GccStrength::Counting => Priority::FAST,
            GccStrength::DomainConsistent => Priority::SLOW,
        }
    }

    fn idempotent(&self) -> bool {
        // The counting fixpoint is reached within a call; the flow
        // filtering is domain consistent; the wide path loops to its
        // fixpoint too.
        true
    }

    fn name(&self) -> &str {
        "gcc"
    }
}

impl crate::Model {
    /// Global cardinality: for each `(value, min, max)` in `bounds`, between
    /// `min` and `max` of the variables `xs` take `value`; other values are
    /// free. Propagated with [`GccStrength::Counting`].
    ///
    /// The variables must be distinct; a value listed twice or with `min >
    /// max` is an [`InvalidArgument`](ModelError::InvalidArgument) error.
    pub fn gcc(
        &mut self,
        xs: &[VarId],
        bounds: &[(Value, usize, usize)],
    ) -> Result<ConstraintId, ModelError> {
        self.gcc_with(xs, bounds, GccOptions::default())
    }

    /// [`gcc`](Self::gcc), and the variables take only listed values.
    pub fn gcc_closed(
        &mut self,
        xs: &[VarId],
        bounds: &[(Value, usize, usize)],
    ) -> Result<ConstraintId, ModelError> {
        self.gcc_with(xs, bounds, GccOptions::default().closed())
    }

    /// [`gcc`](Self::gcc) with options: closed or open, and the strength.
    ///
    /// ```
    /// # use csp_core::{GccOptions, GccStrength, Model, Solver};
    /// let mut model = Model::new();
    /// let xs = model.new_vars(3, 1..=3)?;
    /// let options = GccOptions::default().closed().with_strength(GccStrength::DomainConsistent);
    /// model.gcc_with(&xs, &[(1, 2, 2), (3, 0, 1)], options)?; // two 1s and one 3
    /// assert_eq!(Solver::new(&model).count(None).count, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gcc_with(
        &mut self,
        xs: &[VarId],
        bounds: &[(Value, usize, usize)],
        options: GccOptions,
    ) -> Result<ConstraintId, ModelError> {
        self.check_distinct("gcc", xs)?;
        let n = xs.len();
        let clamp = |c: usize| c.min(n + 1) as u32;
        let mut sorted: Vec<(Value, u32, u32)> = Vec::with_capacity(bounds.len());
        for &(v, lo, hi) in bounds {
            if lo > hi {
                return Err(ModelError::InvalidArgument {
                    constraint: "gcc".into(),
                    reason: format!("value {v}: its minimum {lo} is above its maximum {hi}"),
                });
            }
            sorted.push((v, clamp(lo), clamp(hi).min(n as u32)));
        }
        sorted.sort_unstable_by_key(|b| b.0);
        if let Some(w) = sorted.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(ModelError::InvalidArgument {
                constraint: "gcc".into(),
                reason: format!("value {} is listed twice", w[0].0),
            });
        }
        // The per-bit tables when every domain is one word with one base.
        let layouts: Vec<_> = xs.iter().map(|x| self.layout[x.index()]).collect();
        let aligned = match layouts.first() {
            Some(first) if layouts.iter().all(|l| l.words == 1 && l.base == first.base) => {
                let base = first.base;
                let mut a = Aligned {
                    base,
                    bounds: Bounds::new(),
                    listed: 0,
                    unreachable: false,
                };
                for &(v, lo, hi) in &sorted {
                    let off = i64::from(v) - i64::from(base);
                    if (0..64).contains(&off) {
                        let b = off as usize;
                        a.bounds.set(b, lo, hi);
                        a.listed |= 1 << b;
                    } else if lo > 0 {
                        a.unreachable = true;
                    }
                }
                Some(a)
            }
            _ => None,
        };
        self.post(
            Box::new(GlobalCardinality {
                vars: xs.to_vec(),
                values: sorted.iter().map(|b| b.0).collect(),
                lo: sorted.iter().map(|b| b.1).collect(),
                hi: sorted.iter().map(|b| b.2).collect(),
                options,
                aligned,
            }),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Model, Solver};

    fn masks_of(sets: &[&[usize]]) -> Vec<u64> {
        sets.iter()
            .map(|s| s.iter().fold(0u64, |m, &b| m | 1 << b))
            .collect()
    }

    fn bounds(list: &[(usize, u32, u32)]) -> Bounds {
        let mut bounds = Bounds::new();
        for &(b, l, h) in list {
            bounds.set(b, l, h);
        }
        bounds
    }

    #[test]
    fn counting_removes_full_values_and_fixes_needed_ones() {
        // Value 0 at most once and already taken; value 2 needed twice and
        // only two candidates.
        let mut m = masks_of(&[&[0], &[0, 1], &[1, 2], &[2, 3]]);
        let bs = bounds(&[(0, 0, 1), (2, 2, 2)]);
        counting(&mut m, &bs, false).ok().unwrap();
        assert_eq!(m, masks_of(&[&[0], &[1], &[2], &[2]]));
    }

    #[test]
    fn sum_of_minima_restricts_the_unfixed() {
        // Three variables, values 0 and 1 each needed once, value 2 free:
        // x0 = 2 is fixed, so x1 and x2 must serve 0 and 1.
        let mut m = masks_of(&[&[2], &[0, 1, 2], &[0, 1, 2]]);
        let bs = bounds(&[(0, 1, 3), (1, 1, 3)]);
        counting(&mut m, &bs, false).ok().unwrap();
        assert_eq!(m, masks_of(&[&[2], &[0, 1], &[0, 1]]));
    }

    #[test]
    fn flow_finds_what_counting_misses() {
        // Values 0, 1 at most once each over x0, x1 in {0, 1} and x2 in
        // {0, 1, 2}: x0, x1 use both, so x2 = 2. Counting sees nothing
        // (closed, its capacity test would: 1 + 1 + 1 places for 3).
        let mut m = masks_of(&[&[0, 1], &[0, 1], &[0, 1, 2]]);
        let bs = bounds(&[(0, 0, 1), (1, 0, 1), (2, 0, 1)]);
        let mut c = m.clone();
        counting(&mut c, &bs, false).ok().unwrap();
        assert_eq!(c, m);
        counting(&mut c, &bs, true).ok().unwrap();
        assert_eq!(c, masks_of(&[&[0, 1], &[0, 1], &[2]]));
        flow(&mut m, &bs).ok().unwrap();
        assert_eq!(m, masks_of(&[&[0, 1], &[0, 1], &[2]]));
    }

    #[test]
    fn flow_meets_minima_through_augmenting_paths() {
        // Value 2 needs two of x0..x2; x0 can only be 0 or 2, x1 only 2 or
        // 1, x2 only 2: x2 = 2 and one of x0, x1 also takes 2.
        // With value 0 at most 0 times, x0 = 2, so x1 = 1.
        let mut m = masks_of(&[&[0, 2], &[1, 2], &[2]]);
        let bs = bounds(&[(0, 0, 0), (2, 2, 2)]);
        flow(&mut m, &bs).ok().unwrap();
        assert_eq!(m, masks_of(&[&[2], &[1], &[2]]));
        // Infeasible minima.
        let mut m = masks_of(&[&[0, 2], &[1], &[2]]);
        let bs = bounds(&[(0, 0, 0), (2, 3, 3)]);
        assert!(flow(&mut m, &bs).is_err());
    }

    #[test]
    fn flow_agrees_with_brute_force_on_small_masks() {
        // Every 3-variable scope over values 0..3 with bounds from a small
        // family: the flow keeps exactly the values some solution uses.
        let bound_sets = [
            [(0u32, 1u32), (0, 1), (0, 1)],
            [(1, 2), (0, 1), (0, 3)],
            [(0, 3), (2, 2), (0, 0)],
            [(1, 1), (1, 1), (1, 1)],
            [(0, 2), (0, 2), (1, 3)],
        ];
        for set in bound_sets {
            let mut bs = Bounds::new();
            for (b, &(l, h)) in set.iter().enumerate() {
                bs.set(b, l, h);
            }
            let (lo, hi) = (bs.lo, bs.hi);
            for code in 0..(7u32 * 7 * 7) {
                let doms = [code % 7 + 1, code / 7 % 7 + 1, code / 49 + 1].map(u64::from);
                // Brute force: supported values per variable.
                let mut supported = [0u64; 3];
                let mut any = false;
                for a in 0..3 {
                    for b in 0..3 {
                        for c in 0..3 {
                            let t = [a, b, c];
                            if (0..3).any(|i| doms[i] & 1 << t[i] == 0) {
                                continue;
                            }
                            let ok = (0..3).all(|v| {
                                let k = t.iter().filter(|&&x| x == v).count() as u32;
                                lo[v] <= k && k <= hi[v]
                            });
                            if ok {
                                any = true;
                                for i in 0..3 {
                                    supported[i] |= 1 << t[i];
                                }
                            }
                        }
                    }
                }
                let mut m = doms.to_vec();
                match flow(&mut m, &bs) {
                    Ok(()) => assert_eq!(m, supported.to_vec(), "{set:?} {doms:?}"),
                    Err(Fail) => assert!(!any, "{set:?} {doms:?} failed with solutions"),
                }
            }
        }
    }

    #[test]
    fn bad_bounds_are_errors() {
        let mut m = Model::new();
        let xs = m.new_vars(3, 0..=2).unwrap();
        assert!(matches!(
            m.gcc(&xs, &[(1, 2, 1)]),
            Err(ModelError::InvalidArgument { .. })
        ));
        assert!(matches!(
            m.gcc(&xs, &[(1, 0, 1), (1, 1, 2)]),
            Err(ModelError::InvalidArgument { .. })
        ));
        assert!(matches!(
            m.gcc(&[xs[0], xs[0]], &[(1, 0, 1)]),
            Err(ModelError::DuplicateVariable { .. })
        ));
    }

    #[test]
    fn closed_forbids_unlisted_values() {
        for strength in GccStrength::ALL {
            let mut m = Model::new();
            let xs = m.new_vars(3, [-5, 0, 7, 100]).unwrap();
            let options = GccOptions::default().closed().with_strength(strength);
            m.gcc_with(&xs, &[(0, 1, 2), (100, 0, 3)], options).unwrap();
            // Each variable in {0, 100}, with one or two 0s: 3 + 3 = 6.
            assert_eq!(Solver::new(&m).count(None).count, 6, "{strength:?}");
        }
    }
}
