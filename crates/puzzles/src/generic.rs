//! The default implementations of [`Family`]'s solving, grading and hint
//! methods: csp-core runs on the family's model, and the trace of its
//! propagation is turned into steps.
//!
//! These are public so a family that overrides a method can still call the
//! default for the cases it does not handle.

use crate::family::{
    Built, Cell, Counted, Explanation, Family, Grade, GradeError, Hint, Outcome, Solved, Step,
    Unique, UniqueOutcome,
};
use csp_core::{
    ConstraintId, Deduction, Limits, ModelError, SearchOptions, SolveOutcome, Solver, Stats,
    TraceEvent, Uniqueness,
};

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
    /// The rule of the strongest (latest priority) constraint that made a
    /// deduction, for the grade's technique.
    hardest: Option<String>,
}

/// Root propagation of the level's model, with the trace turned into steps.
fn run_level<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    level: usize,
    limits: &Limits,
) -> Result<LevelRun, GradeError> {
    let built = family.build_for_level(puzzle, level)?;
    let mut s = solver(&built, limits, true);
    let solved = match s.propagate() {
        Ok(d) => built.cells.iter().flatten().all(|&v| d.is_fixed(v)),
        Err(_) => return Err(GradeError::NoSolution),
    };
    let (steps, hardest) = steps_of(family, puzzle, &built, s.trace());
    Ok(LevelRun {
        steps,
        solved,
        hardest,
    })
}

/// Groups the trace's deductions on cells into steps: a placement is a step
/// of its own; consecutive removals by one constraint and rule are one step.
fn steps_of<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    trace: &[TraceEvent],
) -> (Vec<Step>, Option<String>) {
    let mut steps: Vec<Step> = Vec::new();
    let mut hardest: Option<(usize, String)> = None;
    let mut group: Vec<Deduction> = Vec::new();
    let flush = |group: &mut Vec<Deduction>, steps: &mut Vec<Step>| {
        if let Some(first) = group.first() {
            steps.push(Step {
                text: removals_text(family, puzzle, built, group),
                cell: built.cell_of(first.var),
                placed: None,
            });
            group.clear();
        }
    };
    for e in trace {
        let (d, placed) = match e {
            TraceEvent::Removed(d) => (d, false),
            TraceEvent::Fixed(d) => (d, true),
            _ => continue,
        };
        let Some(cell) = built.cell_of(d.var) else {
            continue;
        };
        let priority = built
            .model
            .constraint(d.constraint)
            .map_or(0, |c| c.priority().level());
        if hardest.as_ref().is_none_or(|(p, _)| priority >= *p) {
            hardest = Some((priority, rule_name(built, d)));
        }
        if placed {
            // A variable of two values is fixed by removing the other: one
            // deduction, told once (as the placement).
            if built
                .model
                .initial_domain(d.var)
                .is_some_and(|x| x.len() == 2)
            {
                group.retain(|g| g.var != d.var);
            }
            flush(&mut group, &mut steps);
            steps.push(Step {
                text: family.describe(puzzle, built, d, true),
                cell: Some(cell),
                placed: Some(d.value),
            });
        } else {
            if group
                .first()
                .is_some_and(|g| g.constraint != d.constraint || g.rule != d.rule)
            {
                flush(&mut group, &mut steps);
            }
            group.push(*d);
        }
    }
    flush(&mut group, &mut steps);
    (steps, hardest.map(|(_, r)| r))
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

fn removals_text<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    built: &Built,
    group: &[Deduction],
) -> String {
    if let [d] = group {
        return family.describe(puzzle, built, d, false);
    }
    // "1, 2 from r1c4; 3 from r2c2": the values grouped by cell, in order.
    let mut cells: Vec<(Cell, Vec<String>)> = Vec::new();
    for d in group {
        let Some(c) = built.cell_of(d.var) else {
            continue;
        };
        match cells.iter_mut().find(|(k, _)| *k == c) {
            Some((_, values)) => values.push(d.value.to_string()),
            None => cells.push((c, vec![d.value.to_string()])),
        }
    }
    let what: Vec<String> = cells
        .iter()
        .map(|(c, values)| format!("{} from {c}", values.join(", ")))
        .collect();
    format!(
        "{} removes {}",
        source(family, puzzle, built, group[0].constraint, group[0].rule),
        what.join("; ")
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

/// The default [`Family::explain`]: the lowest level of the ladder whose
/// propagation alone solves the puzzle, with its deductions; the top level
/// (search) with the decisions a search needed, when none does.
pub fn explain<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Result<Explanation, GradeError> {
    let (_, stats) = unique_solution(family, puzzle, limits)?;
    let levels = family.info().levels;
    let top = levels.len().saturating_sub(1);
    let mut last = None;
    for (rank, level) in levels.iter().enumerate().take(top) {
        let run = run_level(family, puzzle, rank, limits)?;
        if run.solved {
            let grade = Grade {
                rank,
                level: level.name,
                technique: run.hardest,
                decisions: 0,
            };
            return Ok(Explanation {
                steps: run.steps,
                grade,
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
    Ok(Explanation { steps, grade })
}

/// The default [`Family::hint`]: the first placement of the lowest level
/// whose propagation places a value, with the removals before it; a guess
/// from the solution when no level places one.
pub fn hint<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    limits: &Limits,
) -> Result<Hint, GradeError> {
    let (solution, _) = unique_solution(family, puzzle, limits)?;
    let top = family.info().levels.len().saturating_sub(1);
    for level in 0..top.max(1) {
        let mut run = run_level(family, puzzle, level, limits)?;
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
                Some(value) => Ok(Hint::Guess { cell, value }),
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

/// Each cell's candidates after root propagation of the model of the
/// ladder's first level (the simplest deductions), row-major; `None` for
/// cells without a variable, an empty list for every cell when propagation
/// alone shows there is no solution. For pencil marks in pictures.
pub fn candidates<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
) -> Vec<Option<Vec<csp_core::Value>>> {
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
