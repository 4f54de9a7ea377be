//! The default implementations of [`Family`]'s solving, grading and hint
//! methods: csp-core runs on the family's model, and the trace of its
//! propagation is turned into steps.
//!
//! These are public so a family that overrides a method can still call the
//! default for the cases it does not handle.

use crate::family::{
    Built, Cell, Counted, Explanation, Family, GenerateError, GenerateOptions, Generated, Grade,
    GradeError, Hint, Level, Outcome, Reason, Solved, Spot, Step, Unique, UniqueOutcome,
};
use csp_core::{
    ConstraintId, Deduction, Limits, ModelError, SearchOptions, SolveOutcome, Solver, Stats,
    TraceEvent, Uniqueness, Value, VarId,
};
use rand_chacha::ChaCha8Rng;

fn solver<'b>(built: &'b Built, limits: &Limits, trace: bool) -> Solver<'b> {
    let options = built
        .options
        .clone()
        .with_limits(limits.clone())
        .with_trace(trace);
    let mut solver = Solver::with_options(&built.model, options);
    // The model's own givens are checked when it is built; assumptions the
    // family made from the puzzle lie in the initial domains by construction,
    // so an error here is a family bug: report no solution rather than panic.
    if solver.set_assumptions(&built.assumptions).is_err() {
        solver.clear_assumptions();
    }
    solver
}

/// Whether a model build failed: the puzzle cannot be solved as stated (a
/// given outside its cell's domain, an empty domain).
fn unbuildable() -> Stats {
    Stats::default()
}

/// Solves with the family's model. A model that cannot be built (givens
/// that contradict the domains) has no solution.
pub fn solve<F: Family + ?Sized>(family: &F, puzzle: &F::Puzzle, limits: &Limits) -> Outcome<F> {
    solve_built(family, puzzle, family.build(puzzle), limits)
}

/// [`solve`] on a model the family built already (for a family whose
/// solving model differs from [`Family::build`]'s, say with its givens in
/// the initial domains rather than as assumptions).
pub(crate) fn solve_built<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: Result<Built, ModelError>,
    limits: &Limits,
) -> Outcome<F> {
    let Ok(built) = built else {
        return (Solved::Unsolvable, unbuildable());
    };
    let mut s = solver(&built, limits, false);
    let outcome = match s.solve() {
        SolveOutcome::Solved(sol) => Solved::Solution(family.decode(puzzle, &built, &sol)),
        SolveOutcome::Unsatisfiable => Solved::Unsolvable,
        SolveOutcome::Stopped(r) => Solved::Stopped(r),
    };
    (outcome, s.stats())
}

/// Counts the solutions of the family's model.
pub fn count<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limit: Option<u64>,
    limits: &Limits,
) -> Counted {
    count_built(family.build(puzzle), limit, limits)
}

/// [`count`] on a model the family built already (see [`solve_built`]).
pub(crate) fn count_built(
    built: Result<Built, ModelError>,
    limit: Option<u64>,
    limits: &Limits,
) -> Counted {
    let Ok(built) = built else {
        let none = csp_core::Count {
            count: 0,
            status: csp_core::SearchStatus::Complete,
        };
        return (none, unbuildable());
    };
    let mut s = solver(&built, limits, false);
    let c = s.count(limit);
    (c, s.stats())
}

/// None, one or several solutions of the family's model.
pub fn uniqueness<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> UniqueOutcome<F> {
    uniqueness_built(family, puzzle, family.build(puzzle), limits)
}

/// [`uniqueness`] on a model the family built already (see
/// [`solve_built`]).
pub(crate) fn uniqueness_built<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: Result<Built, ModelError>,
    limits: &Limits,
) -> UniqueOutcome<F> {
    let Ok(built) = built else {
        return (Unique::None, unbuildable());
    };
    let mut s = solver(&built, limits, false);
    let u = match s.uniqueness() {
        Uniqueness::NoSolution => Unique::None,
        Uniqueness::Unique(a) => Unique::Unique(family.decode(puzzle, &built, &a)),
        Uniqueness::Multiple(a, b) => Unique::Multiple(
            family.decode(puzzle, &built, &a),
            family.decode(puzzle, &built, &b),
        ),
        Uniqueness::Unknown { reason, .. } => Unique::Stopped(reason),
    };
    (u, s.stats())
}

/// The unique solution, or why there is none.
fn unique_solution<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Result<(F::Solution, Stats), GradeError> {
    match family.uniqueness(puzzle, limits) {
        (Unique::Unique(s), stats) => Ok((s, stats)),
        (Unique::None, _) => Err(GradeError::NoSolution),
        (Unique::Multiple(..), _) => Err(GradeError::MultipleSolutions),
        (Unique::Stopped(r), _) => Err(GradeError::Stopped(r)),
    }
}

/// What root propagation at one level did.
struct LevelRun {
    steps: Vec<Step>,
    /// Whether every cell's variable ended fixed.
    solved: bool,
    /// The hardest rule the deductions used, for the grade's technique:
    /// the latest in [`Family::rules`] (easiest first), as
    /// [`hardest_step`] finds it in the steps; the engine's rule of the
    /// strongest constraint for a family without a list. Only when the
    /// level solves the puzzle or the steps are put into words.
    hardest: Option<String>,
}

/// Root propagation of the level's model, with the trace turned into steps
/// (when `words`; grading needs only whether it solves and, if it does,
/// the hardest rule).
fn run_level<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    level: usize,
    limits: &Limits,
    words: bool,
) -> Result<LevelRun, GradeError> {
    let built = family.build_for_level(puzzle, level)?;
    let mut s = solver(&built, limits, true);
    let solved = match s.propagate() {
        Ok(d) => built.cells.iter().flatten().all(|&v| d.is_fixed(v)),
        Err(_) => return Err(GradeError::NoSolution),
    };
    let (steps, hardest) = if family.rules().is_empty() {
        let steps = if words {
            steps_of(family, puzzle, &built, s.trace())
        } else {
            Vec::new()
        };
        (steps, engine_hardest(&built, s.trace()))
    } else if words {
        let steps = steps_of(family, puzzle, &built, s.trace());
        let hardest = hardest_step(family, &steps);
        (steps, hardest)
    } else if solved {
        (Vec::new(), hardest_rule(family, puzzle, &built, s.trace()))
    } else {
        (Vec::new(), None)
    };
    Ok(LevelRun {
        steps,
        solved,
        hardest,
    })
}

/// The hardest rule of the family's list ([`Family::rules`], easiest
/// first) that the deductions of `trace` on the grid used: what
/// [`hardest_step`] finds in [`steps_of`]'s steps, without putting them
/// into words (each deduction's [`Family::reason`], no step text; it stops
/// at the list's last rule). Each deduction is asked, not each kind of
/// deduction once: a family's rule may depend on the candidates around it
/// (Yajilin's "the line goes on" or "dead end" for one constraint).
fn hardest_rule<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    trace: &[TraceEvent],
) -> Option<String> {
    let rules = family.rules();
    let mut hardest: Option<usize> = None;
    let mut now = Progress::new(built);
    for e in trace {
        let (d, placed) = match e {
            TraceEvent::Removed(d) => (d, false),
            TraceEvent::Fixed(d) => (d, true),
            _ => {
                now.apply(e);
                continue;
            }
        };
        if family.spot(puzzle, built, d.var).is_some() {
            let rule = family.reason(puzzle, built, d, placed, &now).rule;
            let i = rules.iter().position(|r| r.name == rule);
            hardest = hardest.max(i);
            if hardest == Some(rules.len() - 1) {
                break;
            }
        }
        now.apply(e);
    }
    hardest.map(|i| rules[i].name.to_owned())
}

/// The engine's rule of the strongest (latest priority, then latest)
/// constraint that made a deduction on a cell: the grade's technique in a
/// family without a list of rules.
fn engine_hardest(built: &Built, trace: &[TraceEvent]) -> Option<String> {
    let mut hardest: Option<(usize, String)> = None;
    for e in trace {
        let (TraceEvent::Removed(d) | TraceEvent::Fixed(d)) = e else {
            continue;
        };
        if built.cell_of(d.var).is_none() {
            continue;
        }
        let priority = built
            .model
            .constraint(d.constraint)
            .map_or(0, |c| c.priority().level());
        if hardest.as_ref().is_none_or(|(p, _)| priority >= *p) {
            hardest = Some((priority, rule_name(built, d)));
        }
    }
    hardest.map(|(_, r)| r)
}

/// The candidates of every variable of a model at one point of a trace:
/// what a player sees on the grid when a deduction is made, for
/// [`Family::reason`].
#[derive(Clone, Debug)]
pub struct Progress {
    values: Vec<Vec<Value>>,
    /// The variables the rest of the current call of the constraint being
    /// read fixes, with their values (see [`Progress::settled`]).
    ahead: Vec<(VarId, Value)>,
}

impl Progress {
    /// The model's initial domains.
    fn new(built: &Built) -> Progress {
        let values = built
            .model
            .vars()
            .map(|v| {
                built
                    .model
                    .initial_domain(v)
                    .map_or_else(Vec::new, |d| d.iter().collect())
            })
            .collect();
        Progress {
            values,
            ahead: Vec::new(),
        }
    }

    /// Notes what the events of `trace` from `at` on fix while they come
    /// from the constraint of the event at `at`: one call of a propagator,
    /// whose deductions the engine reports together, not in the order
    /// they follow from one another (a house may clear the 1 of r1c1
    /// before it reports r8c1 fixed to 1).
    fn look_ahead(&mut self, trace: &[TraceEvent], at: usize) {
        let constraint = |e: &TraceEvent| match e {
            TraceEvent::Removed(d) | TraceEvent::Fixed(d) => Some(d.constraint),
            _ => None,
        };
        let here = trace.get(at).and_then(constraint);
        let before = at
            .checked_sub(1)
            .and_then(|i| trace.get(i))
            .and_then(constraint);
        if here.is_some() && here == before {
            return; // the same call: already noted
        }
        self.ahead.clear();
        for e in trace.get(at..).unwrap_or(&[]) {
            match e {
                TraceEvent::Fixed(d) if Some(d.constraint) == here => {
                    self.ahead.push((d.var, d.value));
                }
                TraceEvent::Removed(d) if Some(d.constraint) == here => {}
                _ => break,
            }
        }
    }

    /// Applies a trace event.
    fn apply(&mut self, e: &TraceEvent) {
        // The value, and whether it stays alone (else it leaves).
        let (var, value, alone) = match *e {
            TraceEvent::Given { var, value } => (var, value, true),
            TraceEvent::Fixed(d) => (d.var, d.value, true),
            TraceEvent::Removed(d) => (d.var, d.value, false),
            _ => return,
        };
        if let Some(values) = self.values.get_mut(var.index()) {
            values.retain(|&x| (x == value) == alone);
        }
    }

    /// The candidates of `var` (empty for a variable of another model).
    pub fn candidates(&self, var: VarId) -> &[Value] {
        self.values.get(var.index()).map_or(&[], Vec::as_slice)
    }

    /// The value of `var` if it has only one candidate.
    pub fn value(&self, var: VarId) -> Option<Value> {
        match self.candidates(var) {
            [v] => Some(*v),
            _ => None,
        }
    }

    /// The value of `var` if it has only one candidate, or else the value
    /// the constraint being read fixes it to in the same call (its
    /// deductions come in no causal order): the cell a step names as the
    /// cause ("column 1 has 1 at r8c1"), though its own step may come
    /// after.
    pub fn settled(&self, var: VarId) -> Option<Value> {
        self.value(var).or_else(|| {
            self.ahead
                .iter()
                .find(|&&(v, _)| v == var)
                .map(|&(_, value)| value)
        })
    }

    /// The value of the cell's variable, if it has one and only one
    /// candidate.
    pub fn at(&self, built: &Built, cell: Cell) -> Option<Value> {
        built.var(cell).and_then(|v| self.value(v))
    }
}

/// What one step does to one spot: the value placed, or the values
/// removed.
#[derive(Debug)]
struct Effect {
    spot: Spot,
    placed: Option<Value>,
    removed: Vec<Value>,
}

/// Deductions of one rule, on their way to a step: their reasons (one,
/// or several that read the same cells, settle the same spot or spread
/// from one another) and what they do.
struct Pending {
    reasons: Vec<Reason>,
    effects: Vec<Effect>,
}

impl Pending {
    /// Whether a deduction at `spot` for `reason` is part of this step:
    /// its reason is one of the step's, or it names the same rule and
    /// reads the same cells as one of them (the 7 at r1c7 clearing its
    /// column, then its box), or settles the cells the step settles
    /// (r2c3 losing its candidates one neighbour after another), or its
    /// rule spreads ([`Family::spreads`]) and it reads a cell the step
    /// settled or read.
    fn takes<F: Family + ?Sized>(
        &self,
        family: &F,
        built: &Built,
        spot: Spot,
        reason: &Reason,
    ) -> bool {
        if self.reasons.contains(reason) {
            return true;
        }
        if self.reasons.first().is_none_or(|r| r.rule != reason.rule) {
            return false;
        }
        let same_reads =
            !reason.reads.is_empty() && self.reasons.iter().any(|r| r.reads == reason.reads);
        let cells = spot.cells(built.rows, built.cols);
        let same_spot = !self.effects.is_empty()
            && self
                .effects
                .iter()
                .all(|e| e.spot.cells(built.rows, built.cols) == cells);
        let spreads = family.spreads(&reason.rule)
            && reason.reads.iter().any(|c| {
                self.reasons.iter().any(|r| r.reads.contains(c))
                    || self
                        .effects
                        .iter()
                        .any(|e| e.spot.cells(built.rows, built.cols).contains(c))
            });
        same_reads || same_spot || spreads
    }
}

impl Pending {
    /// The rule of the step.
    fn rule(&self) -> Option<&str> {
        self.reasons.first().map(|r| r.rule.as_str())
    }

    /// Whether the step places a value.
    fn places(&self) -> bool {
        self.effects.iter().any(|e| e.placed.is_some())
    }

    /// The cells the step's causes read, each once.
    fn reads(&self) -> Vec<Cell> {
        let mut reads: Vec<Cell> = Vec::new();
        for c in self.reasons.iter().flat_map(|r| &r.reads) {
            if !reads.contains(c) {
                reads.push(*c);
            }
        }
        reads
    }

    /// The cells the step settles, each once.
    fn settles(&self, built: &Built) -> Vec<Cell> {
        let mut settles: Vec<Cell> = Vec::new();
        for e in &self.effects {
            for c in e.spot.cells(built.rows, built.cols) {
                if !settles.contains(&c) {
                    settles.push(c);
                }
            }
        }
        settles
    }

    /// Whether `next`, the step right after this one, is the same
    /// deduction: both only remove, by one rule, reading the same cells
    /// or settling the same cells.
    fn joins(&self, next: &Pending, built: &Built) -> bool {
        if self.rule() != next.rule() || self.places() || next.places() {
            return false;
        }
        let reads = self.reads();
        (!reads.is_empty() && reads == next.reads()) || self.settles(built) == next.settles(built)
    }

    /// Takes `next`'s reasons and effects into this step.
    fn absorb(&mut self, next: Pending) {
        for r in next.reasons {
            if !self.reasons.contains(&r) {
                self.reasons.push(r);
            }
        }
        for e in next.effects {
            match self.effects.iter_mut().find(|x| x.spot == e.spot) {
                Some(x) => x.removed.extend(e.removed),
                None => self.effects.push(e),
            }
        }
    }
}

/// Turns a trace into steps, one per deduction as a player sees it:
/// consecutive deductions on the grid ([`Family::spot`]) with one reason
/// ([`Family::reason`]) are one step that lists every spot they settle,
/// however many cells and values the engine changed one by one; so are
/// consecutive deductions of one rule that read the same cells, that
/// settle the same cells, or that spread from one another (see
/// [`Family::spreads`]): the step then gives each of their causes.
/// Deductions on variables without a spot are skipped and do not split a
/// step, so no two steps in a row give the same reason.
pub fn steps_of<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    trace: &[TraceEvent],
) -> Vec<Step> {
    let mut done: Vec<Pending> = Vec::new();
    let mut pending: Option<Pending> = None;
    let mut now = Progress::new(built);
    for (at, e) in trace.iter().enumerate() {
        let (d, placed) = match e {
            TraceEvent::Removed(d) => (d, false),
            TraceEvent::Fixed(d) => (d, true),
            _ => {
                now.apply(e);
                continue;
            }
        };
        now.look_ahead(trace, at);
        let spot = family.spot(puzzle, built, d.var);
        let reason = spot.map(|_| family.reason(puzzle, built, d, placed, &now));
        now.apply(e);
        let (Some(spot), Some(reason)) = (spot, reason) else {
            continue;
        };
        if pending
            .as_ref()
            .is_some_and(|p| !p.takes(family, built, spot, &reason))
        {
            if let Some(p) = pending.take() {
                done.push(p);
            }
        }
        let p = pending.get_or_insert_with(|| Pending {
            reasons: Vec::new(),
            effects: Vec::new(),
        });
        if !p.reasons.contains(&reason) {
            p.reasons.push(reason);
        }
        let i = match p.effects.iter().position(|x| x.spot == spot) {
            Some(i) => i,
            None => {
                p.effects.push(Effect {
                    spot,
                    placed: None,
                    removed: Vec::new(),
                });
                p.effects.len() - 1
            }
        };
        let effect = &mut p.effects[i];
        if placed {
            // A placement says what the removals that led to it said.
            effect.placed = Some(d.value);
            effect.removed.clear();
        } else if effect.placed.is_none() {
            effect.removed.push(d.value);
        }
    }
    done.extend(pending);
    // Removals of one rule in a row that read the same cells or clear the
    // same cells are one deduction however the engine ordered them (r8c4
    // loses the 5 of row 8, then r8c5 its 4 and 5): one step.
    let mut merged: Vec<Pending> = Vec::new();
    for p in done {
        match merged.last_mut() {
            Some(last) if last.joins(&p, built) => last.absorb(p),
            _ => merged.push(p),
        }
    }
    merged
        .into_iter()
        .map(|p| step_text(family, puzzle, built, p))
        .collect()
}

/// A cause written for one cell ("every way left covers it", "it touches
/// the star at r2c3") told of several: "covers them", "they touch".
fn plural_pronouns(cause: &str) -> String {
    const PHRASES: [(&str, &str); 5] = [
        ("covers it", "covers them"),
        ("reaches it", "reaches them"),
        ("it touches", "they touch"),
        ("can reach it", "can reach them"),
        ("joins it to", "joins them to"),
    ];
    let mut out = cause.to_owned();
    for (one, many) in PHRASES {
        out = out.replace(one, many);
    }
    out
}

/// The causes of a step's reasons in one phrase: `a`, `a and b`, `a, b
/// and c`; past [`CAUSES`] of them, the first ones and how many more.
fn causes(reasons: &[Reason]) -> String {
    let mut all: Vec<&str> = Vec::new();
    for r in reasons {
        if !r.cause.is_empty() && !all.contains(&r.cause.as_str()) {
            all.push(&r.cause);
        }
    }
    if all.len() > CAUSES {
        let more = all.len() - (CAUSES - 1);
        let (prefix, rest) = common_subject(&all[..CAUSES - 1]);
        return format!("{prefix}{} and {more} more alike", rest.join(", "));
    }
    let (prefix, rest) = common_subject(&all);
    format!("{prefix}{}", and_list(&rest))
}

/// The words that every cause starts with, told once: "the region of
/// r1c3 has 2 at r3c3" and "the region of r1c3 has 4 at r2c3" are "the
/// region of r1c3 has " and ["2 at r3c3", "4 at r2c3"]. An article at the
/// end of the shared words stays with each cause ("next to the 2 at r3c3,
/// the 4 at r2c2"); fewer than two shared words are not worth it, and a
/// cause that would be left empty keeps the causes whole.
fn common_subject<'a>(causes: &[&'a str]) -> (String, Vec<&'a str>) {
    let whole = (String::new(), causes.to_vec());
    let [first, others @ ..] = causes else {
        return whole;
    };
    if others.is_empty() {
        return whole;
    }
    let mut shared: Vec<&str> = first.split(' ').collect();
    for c in others {
        let n = shared
            .iter()
            .zip(c.split(' '))
            .take_while(|(a, b)| **a == *b)
            .count();
        shared.truncate(n);
    }
    while shared
        .last()
        .is_some_and(|w| matches!(*w, "the" | "a" | "an"))
    {
        shared.pop();
    }
    if shared.len() < 2 {
        return whole;
    }
    // Byte length of the shared words and the space after them.
    let cut = shared.iter().map(|w| w.len() + 1).sum::<usize>();
    let mut rest = Vec::with_capacity(causes.len());
    for c in causes {
        match c.get(cut..) {
            Some(r) if !r.is_empty() => rest.push(r),
            _ => return whole,
        }
    }
    (first[..cut].to_owned(), rest)
}

/// The most causes a step names one by one.
const CAUSES: usize = 4;

/// `a`, `a and b`, `a, b and c`.
pub fn and_list<T: std::fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [a] => a.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("{} and {last}", rest.join(", "))
        }
    }
}

/// `3`, `3 or 4`, `3, 4 or 7`; a run of three or more values in a row is
/// written `4 to 9`.
fn or_values(values: &[Value]) -> String {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{} to {}", v[i], v[j]));
        } else {
            parts.extend(v[i..=j].iter().map(ToString::to_string));
        }
        i = j + 1;
    }
    match parts.as_slice() {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// What a player writes for `value` at `spot`, after the spot's name, for
/// one spot and for several: the family's [`Family::mark`] ("holds a
/// star", "hold stars"), or the digit ("is 5", "are 5").
pub fn placed_words<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    spot: Spot,
    value: Value,
) -> [String; 2] {
    family
        .mark_words(puzzle, spot, value)
        .unwrap_or_else(|| [format!("is {value}"), format!("are {value}")])
}

/// What a player learns when `values` leave `spot`, after the spot's
/// name, for one spot and for several, in the family's marks where it has
/// them: "is not +", "is neither + nor -", "holds no star"; "cannot be 3
/// or 4" for digits. Never an engine value where the family names its
/// values.
fn removed_words<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    spot: Spot,
    values: &[Value],
) -> [String; 2] {
    let marks: Option<Vec<String>> = values
        .iter()
        .map(|&v| family.mark_words(puzzle, spot, v).map(|[one, _]| one))
        .collect();
    let Some(mut marks) = marks.filter(|m| !m.is_empty()) else {
        let words = format!("cannot be {}", or_values(values));
        return [words.clone(), words];
    };
    marks.dedup();
    let states: Option<Vec<&str>> = marks.iter().map(|m| m.strip_prefix("is ")).collect();
    if let Some(states) = states {
        let not = match states.as_slice() {
            [a, b] => format!("neither {a} nor {b}"),
            _ => format!("not {}", or_list(&states)),
        };
        return [format!("is {not}"), format!("are {not}")];
    }
    if let [one] = marks.as_slice() {
        for (verb, plural) in [("holds", "hold"), ("has", "have")] {
            if let Some(thing) = one.strip_prefix(verb).and_then(|t| t.strip_prefix(" a ")) {
                return [format!("{verb} no {thing}"), format!("{plural} no {thing}")];
            }
        }
    }
    let quoted: Vec<String> = marks.iter().map(|m| format!("\"{m}\"")).collect();
    let words = format!("cannot be marked {}", or_list(&quoted));
    [words.clone(), words]
}

/// `a`, `a or b`, `a, b or c`.
fn or_list<T: std::fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [a] => a.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("{} or {last}", rest.join(", "))
        }
    }
}

/// The words of a step: what it writes, grouped (cells that get the same
/// mark or lose the same candidates are named together), then the cause
/// and the rule.
fn step_text<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    p: Pending,
) -> Step {
    // (words for one spot and for several, spots) in order of first
    // appearance.
    let mut groups: Vec<([String; 2], Vec<Spot>)> = Vec::new();
    for e in &p.effects {
        let words = match e.placed {
            Some(v) => placed_words(family, puzzle, e.spot, v),
            None if e.removed.is_empty() => continue,
            None => removed_words(family, puzzle, e.spot, &e.removed),
        };
        match groups.iter_mut().find(|(w, _)| *w == words) {
            Some((_, spots)) => spots.push(e.spot),
            None => groups.push((words, vec![e.spot])),
        }
    }
    let what: Vec<String> = groups
        .iter()
        .map(|([one, many], spots)| {
            let words = if spots.len() == 1 { one } else { many };
            format!("{} {words}", and_list(spots))
        })
        .collect();
    let mut text = what.join("; ");
    let mut cause = causes(&p.reasons);
    if p.effects.len() > 1 {
        cause = plural_pronouns(&cause);
    }
    let rule = p.rule().unwrap_or_default().to_owned();
    let reads = p.reads();
    if cause.is_empty() {
        text = format!("{text}: {rule}");
    } else {
        text = format!("{text}: {cause} ({rule})");
    }
    let settles = p.settles(built);
    let first = p.effects.iter().find(|e| e.placed.is_some());
    let cell = first
        .or(p.effects.first())
        .and_then(|e| e.spot.cells(built.rows, built.cols).first().copied());
    Step {
        text,
        cell,
        placed: first.and_then(|e| e.placed),
        rule,
        reads,
        settles,
    }
}

fn rule_name(built: &Built, d: &Deduction) -> String {
    if d.rule.is_empty() {
        built
            .model
            .constraint(d.constraint)
            .map_or_else(String::new, |c| c.name().to_owned())
    } else {
        d.rule.to_owned()
    }
}

/// The default [`Family::reason`]: the constraint as the family describes
/// it ([`Family::describe_constraint`]), under the engine's name for the
/// rule (the constraint's own name when it set none). It reads no cells.
pub fn reason<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    d: &Deduction,
) -> Reason {
    Reason::new(
        rule_name(built, d),
        family.describe_constraint(puzzle, built, d.constraint),
        Vec::new(),
    )
}

fn source<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    c: ConstraintId,
    rule: &str,
) -> String {
    let what = family.describe_constraint(puzzle, built, c);
    if rule.is_empty() {
        what
    } else {
        format!("{what} ({rule})")
    }
}

/// The default [`Family::describe`]: `"r2c3 = 5: <constraint> (<rule>)"` or
/// `"r2c3 cannot be 5: ..."`.
pub fn describe<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
) -> String {
    let cell = built
        .cell_of(d.var)
        .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
    let why = source(family, puzzle, built, d.constraint, d.rule);
    if placed {
        format!("{cell} = {}: {why}", d.value)
    } else {
        format!("{cell} cannot be {}: {why}", d.value)
    }
}

/// The hardest of `steps`' rules by the family's list (easiest first):
/// the one latest in [`Family::rules`]; the last step's rule for a family
/// without a list.
pub fn hardest_step<F: Family + ?Sized>(family: &F, steps: &[Step]) -> Option<String> {
    let rules = family.rules();
    if rules.is_empty() {
        return steps.last().map(|s| s.rule.clone());
    }
    steps
        .iter()
        .filter_map(|s| rules.iter().position(|r| r.name == s.rule))
        .max()
        .map(|i| rules[i].name.to_owned())
}

/// The default [`Family::explain`]: the lowest level of the ladder whose
/// propagation alone solves the puzzle, with its deductions; the top level
/// (search) with the decisions a search needed, when none does.
pub fn explain<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Result<Explanation, GradeError> {
    explain_with(family, puzzle, limits, true)
}

fn explain_with<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
    words: bool,
) -> Result<Explanation, GradeError> {
    let (_, stats) = unique_solution(family, puzzle, limits)?;
    let levels = family.info().levels;
    let top = levels.len().saturating_sub(1);
    let mut last = None;
    for (rank, level) in levels.iter().enumerate().take(top) {
        let run = run_level(family, puzzle, rank, limits, words)?;
        if run.solved {
            let grade = Grade {
                rank,
                level: level.name,
                technique: run.hardest,
                decisions: 0,
            };
            let hardest = hardest_step(family, &run.steps);
            return Ok(Explanation {
                steps: run.steps,
                grade,
                hardest,
            });
        }
        last = Some(run);
    }
    let steps = last.map(|r| r.steps).unwrap_or_default();
    let grade = Grade {
        rank: top,
        level: levels.get(top).map_or("search", |l| l.name),
        technique: Some("search".to_owned()),
        decisions: stats.nodes,
    };
    let hardest = hardest_step(family, &steps);
    Ok(Explanation {
        steps,
        grade,
        hardest,
    })
}

/// The default [`Family::grade`]: [`explain`]'s grade, without putting
/// the steps into words.
pub fn grade<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Result<Grade, GradeError> {
    explain_with(family, puzzle, limits, false).map(|e| e.grade)
}

/// The default [`Family::hint`]: the first step that places something, at
/// the lowest level whose propagation places anything, with every cell
/// that step settles and the steps (removals of candidates) before it; a
/// guess from the solution when no level places one.
pub fn hint<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Result<Hint, GradeError> {
    let (solution, _) = unique_solution(family, puzzle, limits)?;
    let top = family.info().levels.len().saturating_sub(1);
    for level in 0..top.max(1) {
        let mut run = run_level(family, puzzle, level, limits, true)?;
        if let Some(i) = run.steps.iter().position(|s| s.placed.is_some()) {
            let step = run.steps.swap_remove(i);
            run.steps.truncate(i);
            return Ok(Hint::Step {
                step,
                before: run.steps,
            });
        }
    }
    // Nothing placed: either every cell is given, or search is needed.
    let built = family.build(puzzle)?;
    let mut s = solver(&built, limits, false);
    let domains = s.propagate().map_err(|_| GradeError::NoSolution)?;
    let open = built
        .cells
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|v| (i, domains.size(v))))
        .filter(|&(_, size)| size > 1)
        .min_by_key(|&(i, size)| (size, i));
    match open {
        None => Ok(Hint::Solved),
        Some((i, _)) => {
            let cell = Cell::new(i / built.cols, i % built.cols);
            match family.value_at(&solution, cell) {
                Some(value) => Ok(Hint::guess(
                    cell,
                    value,
                    placed_words(family, puzzle, Spot::Cell(cell), value)[0].clone(),
                )),
                None => Ok(Hint::Solved),
            }
        }
    }
}

/// The search options every family starts from: dom/wdeg variable order
/// (csp-core's strongest general-purpose order on puzzles), and conflict
/// learning once a search has failed [`Learning::AUTO`] times, so that the
/// large, hard puzzles where plain search gets lost switch to clause
/// learning with activity-based branching, while ordinary puzzles never pay
/// for it.
///
/// [`Learning::AUTO`]: csp_core::Learning::AUTO
pub fn default_search_options() -> SearchOptions {
    SearchOptions::default()
        .with_variable_order(csp_core::VariableOrder::DomWdeg)
        .with_learning(csp_core::Learning::AUTO)
}

/// The level `options` asks a generator for, after checking that its
/// size lies in `sizes` (rows and columns both); errors in the words every
/// family's `generate` uses ("slant generates grids of 3 to 60 rows and
/// columns, not 2x5", "slant has levels 0 to 1, not 4").
pub(crate) fn generation_level(
    name: &str,
    options: &GenerateOptions,
    sizes: std::ops::RangeInclusive<usize>,
    levels: &'static [Level],
) -> Result<&'static Level, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    if !sizes.contains(&rows) || !sizes.contains(&cols) {
        return Err(GenerateError::BadOptions(format!(
            "{name} generates grids of {} to {} rows and columns, not {rows}x{cols}",
            sizes.start(),
            sizes.end()
        )));
    }
    levels.get(options.level).ok_or_else(|| {
        GenerateError::BadOptions(format!(
            "{name} has levels 0 to {}, not {}",
            levels.len().saturating_sub(1),
            options.level
        ))
    })
}

/// The loop every generator shares once its options are checked: up to
/// `attempts` candidates (or the user's [`GenerateOptions::attempts_or`]),
/// each drawn by `candidate` from one seeded generator and graded; the
/// first whose grade is the level asked is kept. `candidate` may return
/// `None` to skip an attempt (no candidate, or a cheap pre-check such as
/// `quick_grade::level_of` ruled it out). Grading and
/// the candidate's own searches stop at `nodes` decisions each.
///
/// The same options give the same puzzle: the generator is seeded from
/// [`GenerateOptions::seed`] and drawn only by `candidate`.
pub(crate) fn generate_graded<F: Family>(
    family: &F,
    options: &GenerateOptions,
    level: &Level,
    attempts: u32,
    nodes: u64,
    mut candidate: impl FnMut(&mut ChaCha8Rng, &Limits) -> Option<(F::Puzzle, F::Solution)>,
) -> Result<Generated<F::Puzzle, F::Solution>, GenerateError> {
    use rand::SeedableRng as _;
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let attempts = options.attempts_or(attempts);
    for attempt in 1..=attempts {
        options.check()?;
        let Some((puzzle, solution)) = candidate(&mut rng, &limits) else {
            continue;
        };
        let Ok(grade) = family.grade(&puzzle, &limits) else {
            continue;
        };
        if grade.rank == options.level {
            return Ok(Generated {
                puzzle,
                solution,
                grade,
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::GaveUp {
        level: level.name,
        attempts,
    })
}

/// The cells (row-major indices) that root propagation of the easiest
/// level leaves open, more than one value left: what a generator working
/// without search still has to settle. `None` if the model cannot be
/// built or propagation finds no solution.
pub(crate) fn open_cells<F: Family + ?Sized>(family: &F, puzzle: &F::Puzzle) -> Option<Vec<usize>> {
    let open = candidates(family, puzzle);
    if open.is_empty() || open.iter().flatten().any(Vec::is_empty) {
        return None;
    }
    Some(
        open.iter()
            .enumerate()
            .filter(|(_, v)| v.as_ref().is_some_and(|v| v.len() > 1))
            .map(|(i, _)| i)
            .collect(),
    )
}

/// Each cell's candidates after root propagation of the model of the
/// ladder's first level (the simplest deductions), row-major; `None` for
/// cells without a variable, an empty list for every cell when propagation
/// alone shows there is no solution. For pencil marks in pictures.
pub fn candidates<F: Family + ?Sized>(family: &F, puzzle: &F::Puzzle) -> Vec<Option<Vec<Value>>> {
    let Ok(built) = family.build_for_level(puzzle, 0) else {
        return Vec::new();
    };
    let mut s = solver(&built, &Limits::default(), false);
    match s.propagate() {
        Ok(d) => built
            .cells
            .iter()
            .map(|v| v.map(|v| d.iter(v).collect()))
            .collect(),
        Err(_) => built.cells.iter().map(|v| v.map(|_| Vec::new())).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::common_subject;

    /// The budget rule of [`super::generate_graded`]: a candidate whose
    /// uniqueness proof stops at the node budget is dropped like one with
    /// two solutions, never kept as unique. A 6x6 one-star grid whose
    /// regions are its rows has many solutions; at every budget, from one
    /// that stops the proof at once to one that lets it finish, the loop
    /// gives up rather than return it.
    #[test]
    fn a_stopped_or_failed_uniqueness_proof_drops_the_candidate() {
        use crate::families::shading::Regions;
        use crate::families::star_battle::{StarBattle, StarBattlePuzzle};
        use crate::{Family, GenerateError, GenerateOptions, Limits, Unique};
        let n = 6;
        let labels = (0..n * n).map(|i| (i / n) as u64).collect();
        let puzzle = StarBattlePuzzle::new(n, n, 1, Regions::new(n, n, labels).unwrap()).unwrap();
        let Unique::Multiple(solution, _) = StarBattle.uniqueness(&puzzle, &Limits::default()).0
        else {
            panic!("the rows-as-regions grid should have several solutions");
        };
        // A budget of one node stops the proof before it finds the second.
        let one = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        assert!(matches!(
            StarBattle.uniqueness(&puzzle, &one).0,
            Unique::Stopped(_)
        ));
        let top = StarBattle.info().levels.len() - 1;
        for nodes in [1, 2, 10, 1_000_000] {
            for level in 0..=top {
                let options = GenerateOptions::new(n, n, level).with_max_attempts(3);
                let out = super::generate_graded(
                    &StarBattle,
                    &options,
                    &StarBattle.info().levels[level],
                    3,
                    nodes,
                    |_, _| Some((puzzle.clone(), solution.clone())),
                );
                assert!(
                    matches!(out, Err(GenerateError::GaveUp { .. })),
                    "budget {nodes}, level {level}: {:?}",
                    out.map(|g| g.grade)
                );
            }
        }
    }

    #[test]
    fn the_words_every_cause_starts_with_are_told_once() {
        let (p, r) = common_subject(&[
            "the region of r1c3 has 2 at r3c3",
            "the region of r1c3 has 4 at r2c3",
        ]);
        assert_eq!(p, "the region of r1c3 has ");
        assert_eq!(r, ["2 at r3c3", "4 at r2c3"]);
        // An article stays with each cause.
        let (p, r) = common_subject(&["next to the 2 at r3c3", "next to the 4 at r2c2"]);
        assert_eq!(p, "next to ");
        assert_eq!(r, ["the 2 at r3c3", "the 4 at r2c2"]);
        // One shared word, no shared word, one cause, or a cause that
        // would be left empty: the causes stay whole.
        for causes in [
            &["r1c2 is shaded", "r1c3 is shaded"][..],
            &["the 2 at r1c1", "the 3 at r1c2"][..],
            &["row 1 is full"][..],
            &["next to r1c1", "next to r1c1 diagonally"][..],
        ] {
            let (p, r) = common_subject(causes);
            assert_eq!(p, "");
            assert_eq!(r, causes);
        }
    }
}
