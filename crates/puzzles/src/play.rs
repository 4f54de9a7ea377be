//! A grid as a player fills it in: which cells take a value and which
//! values ([`Sheet`]), the rules the values entered so far already break
//! ([`check_entries`]), and the solution they make once every cell holds
//! one ([`solution_of_entries`]).
//!
//! Everything here is read from the family's model ([`Family::build`]):
//! a cell is playable when it has a variable, its values are the
//! variable's initial domain, and an entry is that variable's value (the
//! number in a number family, 1 for a shaded cell, a bulb, a tent or a
//! star in a 0/1 family). So every family gets the same play interface
//! without code of its own. Lines drawn between cells (Slitherlink's
//! sides, Masyu's steps) are not cell values and are not covered here.
//!
//! # Which rules a partial grid breaks
//!
//! A constraint of the model is broken by the entries when no values of
//! its other variables satisfy it together with them: its cells can no
//! longer be completed, whatever is entered later. That is decided
//! exactly, by trying the values of the open variables in the
//! constraint's scope, when there are at most [`ENUMERATION_BUDGET`]
//! combinations; a constraint with more open combinations is checked
//! later, when fewer of its cells are open. All-different constraints
//! are checked at once for repeated values, whatever their size. The
//! cells reported are the fewest entries of the constraint that break it
//! on their own (the two equal digits of a row, not the whole row): an
//! entry is left out when the constraint stays broken without it.
//!
//! Only each constraint on its own is asked, never the model as a whole:
//! an entry that contradicts the solution but no single rule yet is not
//! reported (that is what hints are for).

use crate::family::{Cell, Family, ParseError, Violation};
use csp_core::{Limits, ModelError, SolveOutcome, Solver, Value, VarId};

/// A constraint's open variables are tried in all combinations of their
/// values when there are at most this many (for instance four 0/1 cells
/// beside a clue, or three cells of a Kakuro run).
pub const ENUMERATION_BUDGET: u64 = 4096;

/// The grid a player fills in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sheet {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Each cell, row-major: `None` for a cell that takes no value (a
    /// Kakuro block, a Light Up wall, a tree in Tents).
    pub cells: Vec<Option<SheetCell>>,
}

/// A cell that takes a value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SheetCell {
    /// The values it may take, in increasing order.
    pub values: Vec<Value>,
    /// Its value when the puzzle gives it.
    pub given: Option<Value>,
}

/// The cells of `puzzle` a player fills in, and the values each takes.
pub fn sheet<F: Family + ?Sized>(family: &F, puzzle: &F::Puzzle) -> Result<Sheet, ModelError> {
    let built = family.build(puzzle)?;
    let cells = built
        .cells
        .iter()
        .map(|v| {
            let var = (*v)?;
            let domain = built.model.initial_domain(var)?;
            let values: Vec<Value> = domain.iter().collect();
            let assumed = built
                .assumptions
                .iter()
                .find(|&&(a, _)| a == var)
                .map(|&(_, value)| value);
            let given = assumed.or(match values.as_slice() {
                [only] => Some(*only),
                _ => None,
            });
            Some(SheetCell { values, given })
        })
        .collect();
    Ok(Sheet {
        rows: built.rows,
        cols: built.cols,
        cells,
    })
}

/// What is known of one variable: its value, if fixed, and whether a
/// player's entry fixed it (rather than the puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Open,
    Given(Value),
    Entered(Value),
}

impl Known {
    fn value(self) -> Option<Value> {
        match self {
            Known::Open => None,
            Known::Given(v) | Known::Entered(v) => Some(v),
        }
    }
}

/// The rules that `entries` (cells and the values a player put there)
/// break on their own, with the entries that break each (see the
/// [module docs](self)). Entries on cells that take no value, or with a
/// value the cell cannot take, are violations too; an entry on a given
/// cell replaces the given.
pub fn check_entries<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    entries: &[(Cell, Value)],
) -> Result<Vec<Violation>, ModelError> {
    check_entries_except(family, puzzle, entries, &[])
}

/// [`check_entries`] without the constraints whose
/// [`name`](csp_core::Constraint::name) is in `skip` (those a family
/// checks better itself).
pub fn check_entries_except<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    entries: &[(Cell, Value)],
    skip: &[&str],
) -> Result<Vec<Violation>, ModelError> {
    let built = family.build(puzzle)?;
    let model = &built.model;
    let mut known = vec![Known::Open; model.num_vars()];
    for var in model.vars() {
        if let Some(d) = model.initial_domain(var)
            && d.len() == 1
            && let Some(value) = d.min()
        {
            known[var.index()] = Known::Given(value);
        }
    }
    for &(var, value) in &built.assumptions {
        known[var.index()] = Known::Given(value);
    }
    let mut violations = Vec::new();
    for &(cell, value) in entries {
        let fits = built
            .var(cell)
            .and_then(|v| model.initial_domain(v).map(|d| (v, d.contains(value))));
        match fits {
            Some((var, true)) => known[var.index()] = Known::Entered(value),
            Some((_, false)) => violations.push(Violation::new(
                format!("{cell} cannot hold {value}"),
                vec![cell],
            )),
            None => violations.push(Violation::new(format!("{cell} takes no value"), vec![cell])),
        }
    }
    for (id, constraint) in model.constraints() {
        let scope = constraint.scope();
        if skip.contains(&constraint.name()) {
            continue;
        }
        if !scope
            .iter()
            .any(|v| matches!(known[v.index()], Known::Entered(_)))
        {
            continue;
        }
        let blamed = if matches!(constraint.name(), "all different" | "all different sum") {
            repeated_entries(scope, &known)
        } else {
            broken_by(model, constraint, scope, &known)
        };
        if blamed.is_empty() {
            continue;
        }
        let mut cells: Vec<Cell> = blamed.iter().filter_map(|&v| built.cell_of(v)).collect();
        cells.sort();
        cells.dedup();
        let words = family.describe_constraint(puzzle, &built, id);
        let v = Violation::new(format!("{words}: broken"), cells);
        if !violations.contains(&v) {
            violations.push(v);
        }
    }
    Ok(violations)
}

/// The entered variables of `scope` whose value another variable of it
/// (entered or given) holds too.
fn repeated_entries(scope: &[VarId], known: &[Known]) -> Vec<VarId> {
    let value = |v: &VarId| known[v.index()].value();
    scope
        .iter()
        .filter(|v| matches!(known[v.index()], Known::Entered(_)))
        .filter(|v| {
            scope
                .iter()
                .any(|w| w != *v && value(w).is_some() && value(w) == value(v))
        })
        .copied()
        .collect()
}

/// The fewest entered variables of `scope` whose values leave
/// `constraint` unsatisfiable (empty: it can still be satisfied, or there
/// are too many combinations to tell).
fn broken_by(
    model: &csp_core::Model,
    constraint: &dyn csp_core::Constraint,
    scope: &[VarId],
    known: &[Known],
) -> Vec<VarId> {
    let kinds: Vec<Known> = scope.iter().map(|v| known[v.index()]).collect();
    let mut values: Vec<Option<Value>> = kinds.iter().map(|k| k.value()).collect();
    let domains: Vec<Vec<Value>> = scope
        .iter()
        .map(|&v| {
            model
                .initial_domain(v)
                .map(|d| d.iter().collect())
                .unwrap_or_default()
        })
        .collect();
    if satisfiable(constraint, &domains, &values) != Some(false) {
        return Vec::new();
    }
    // Leave out each entry in turn; keep it out when the constraint stays
    // broken without it.
    let mut blamed = Vec::new();
    for (i, kind) in kinds.iter().enumerate() {
        let Known::Entered(value) = *kind else {
            continue;
        };
        values[i] = None;
        if satisfiable(constraint, &domains, &values) != Some(false) {
            values[i] = Some(value);
            blamed.push(scope[i]);
        }
    }
    blamed
}

/// Whether some values of the open positions (from `domains`) satisfy
/// `constraint` with the known ones; `None` when there are more than
/// [`ENUMERATION_BUDGET`] combinations to try.
fn satisfiable(
    constraint: &dyn csp_core::Constraint,
    domains: &[Vec<Value>],
    known: &[Option<Value>],
) -> Option<bool> {
    let open: Vec<usize> = (0..known.len()).filter(|&i| known[i].is_none()).collect();
    let mut combinations: u64 = 1;
    for &i in &open {
        combinations = combinations.saturating_mul(domains[i].len() as u64);
        if combinations > ENUMERATION_BUDGET {
            return None;
        }
    }
    if combinations == 0 {
        return Some(false);
    }
    let mut values: Vec<Value> = known
        .iter()
        .enumerate()
        .map(|(i, k)| k.unwrap_or_else(|| domains[i][0]))
        .collect();
    let mut digits = vec![0usize; open.len()];
    loop {
        if constraint.is_satisfied(&values) {
            return Some(true);
        }
        // The next combination, as an odometer over the open positions.
        let mut k = 0;
        loop {
            let Some(&i) = open.get(k) else {
                return Some(false);
            };
            digits[k] += 1;
            if digits[k] < domains[i].len() {
                values[i] = domains[i][digits[k]];
                break;
            }
            digits[k] = 0;
            values[i] = domains[i][0];
            k += 1;
        }
    }
}

/// The solution that `entries` make, written as [`Family::write_solution`]
/// writes it, when they fill every cell that takes a value and the
/// puzzle's rules hold; `Ok(None)` otherwise (a cell left open, a rule
/// broken, an entry on a cell that takes no value).
pub fn solution_of_entries<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    entries: &[(Cell, Value)],
    limits: &Limits,
) -> Result<Option<String>, ModelError> {
    let built = family.build(puzzle)?;
    let mut fixed: Vec<(VarId, Value)> = built.assumptions.clone();
    for &(cell, value) in entries {
        let Some(var) = built.var(cell) else {
            return Ok(None);
        };
        fixed.retain(|&(v, _)| v != var);
        fixed.push((var, value));
    }
    // A cell is open unless an entry or the puzzle fixes it (as an
    // assumption, or in its initial domain).
    let open = built.cells.iter().flatten().any(|&v| {
        !fixed.iter().any(|&(f, _)| f == v)
            && built.model.initial_domain(v).is_none_or(|d| d.len() > 1)
    });
    if open {
        return Ok(None);
    }
    let mut solver = Solver::with_options(
        &built.model,
        built.options.clone().with_limits(limits.clone()),
    );
    if solver.set_assumptions(&fixed).is_err() {
        return Ok(None);
    }
    let SolveOutcome::Solved(s) = solver.solve() else {
        return Ok(None);
    };
    let solution = family.decode(puzzle, &built, &s);
    if !family.check(puzzle, &solution).is_empty() {
        return Ok(None);
    }
    Ok(Some(family.write_solution(puzzle, &solution)))
}

/// Each cell's value in `solution` (as [`Family::write_solution`] writes
/// it), row-major, in the values of [`sheet`]: `None` for cells that take
/// no value.
pub fn solution_values<F: Family + ?Sized>(
    family: &F,
    puzzle: &F::Puzzle,
    solution: &str,
) -> Result<Vec<Option<Value>>, ParseError> {
    let s = family.parse_solution(puzzle, solution)?;
    let built = family
        .build(puzzle)
        .map_err(|e| ParseError::new(e.to_string()))?;
    Ok((0..built.rows * built.cols)
        .map(|i| {
            let cell = Cell::new(i / built.cols, i % built.cols);
            built.var(cell).and_then(|_| family.value_at(&s, cell))
        })
        .collect())
}
