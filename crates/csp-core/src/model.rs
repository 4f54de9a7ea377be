//! The model: variables, their initial domains and the constraints.

use crate::constraint::{Constraint, ConstraintId};
use crate::constraints::{RelOp, Relation};
use crate::domain::{Domain, Domains, VarLayout, word_contains};
use crate::error::ModelError;
use crate::variable::{Value, VarId};
use std::borrow::Cow;

/// One constraint of the model.
#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) constraint: Box<dyn Constraint>,
    /// User constraints are checked once more on every solution.
    pub(crate) check_solutions: bool,
}

/// A constraint satisfaction problem: variables with finite integer domains
/// and constraints over them.
///
/// Build it with `new_var` and the constraint methods (each checks its input
/// and returns a [`ModelError`] rather than panicking), then hand it to a
/// [`Solver`](crate::Solver). The solver borrows the model, so one model can
/// be solved many times, by several solvers at once.
#[derive(Debug)]
pub struct Model {
    /// This model's identity, carried by every [`VarId`] it creates.
    pub(crate) tag: u32,
    /// The names given one by one (`None` for the others, and for the
    /// variables past the end).
    pub(crate) names: Vec<Option<String>>,
    /// The grids whose cells are named `r<row>c<col>` from their position,
    /// on demand (one string per cell made at build time was a sixth of a
    /// 9x9 Sudoku's model build), by first variable.
    pub(crate) grid_names: Vec<GridNames>,
    pub(crate) layout: Vec<VarLayout>,
    pub(crate) init_words: Vec<u64>,
    pub(crate) constraints: Vec<Entry>,
    /// How many distinct constraints mention each variable (MRV tie-break).
    pub(crate) degree: Vec<u32>,
}

/// The variables `first..first + count` are the cells of a grid with
/// `cols` columns: variable `first + k` is at position `pos[k]` (row-major,
/// `row * cols + col`), or at `k` when `pos` is empty (no holes).
#[derive(Debug)]
pub(crate) struct GridNames {
    pub(crate) first: u32,
    pub(crate) count: u32,
    pub(crate) cols: u32,
    pub(crate) pos: Vec<u32>,
}

impl GridNames {
    /// The name of the `k`-th variable of the grid.
    fn name(&self, k: usize) -> String {
        let at = self.pos.get(k).map_or(k, |&p| p as usize);
        let cols = self.cols as usize;
        format!("r{}c{}", at / cols + 1, at % cols + 1)
    }
}

/// Scopes up to this size are checked for repeated variables pairwise
/// (at most 496 comparisons), larger ones by sorting a copy.
const SMALL_SCOPE: usize = 32;

/// Whether `vars` is in strictly increasing order (so lists no variable
/// twice): the scopes of rows, of columns and of whole grids are.
fn is_increasing(vars: &[VarId]) -> bool {
    vars.windows(2).all(|w| w[0] < w[1])
}

/// Strictly increasing or strictly decreasing (a grid line read from
/// either end, as the clues of Skyscrapers read them): no repeats.
pub(crate) fn is_monotone(vars: &[VarId]) -> bool {
    is_increasing(vars) || vars.windows(2).all(|w| w[0] > w[1])
}

/// The scope of `constraint`, or the error for an empty one (the model
/// posts no constraint without variables).
fn nonempty_scope(constraint: &dyn Constraint) -> Result<&[VarId], ModelError> {
    let scope = constraint.scope();
    if scope.is_empty() {
        return Err(ModelError::EmptyScope {
            constraint: constraint.name().to_owned(),
        });
    }
    Ok(scope)
}

/// The smallest variable listed twice in `vars`, if any.
pub(crate) fn first_repeat(vars: &[VarId]) -> Option<VarId> {
    if is_monotone(vars) {
        return None;
    }
    if vars.len() <= SMALL_SCOPE {
        return vars
            .iter()
            .enumerate()
            .filter(|&(i, v)| vars[..i].contains(v))
            .map(|(_, &v)| v)
            .min();
    }
    let mut sorted = vars.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
}

/// The next model identity (models made by one process get distinct ones,
/// until 2^32 of them have been made).
static NEXT_TAG: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

impl Default for Model {
    fn default() -> Self {
        Model {
            tag: NEXT_TAG.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            names: Vec::new(),
            grid_names: Vec::new(),
            layout: Vec::new(),
            init_words: Vec::new(),
            // Room for a small puzzle's constraints (a 4x4 Latin square's
            // eight lines and its cages or clues), so posting them does not
            // regrow the list from 4 to 8 to 16.
            constraints: Vec::with_capacity(16),
            degree: Vec::new(),
        }
    }
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Model::default()
    }

    /// Adds a variable with the given domain: a range (`1..=9`), an array,
    /// a slice or a `Vec` of values, or a [`Domain`].
    pub fn new_var(&mut self, domain: impl Into<Domain>) -> Result<VarId, ModelError> {
        self.push_var(None, &domain.into())
    }

    /// Adds a variable with a name used in messages and explanations.
    pub fn new_named_var(
        &mut self,
        name: impl Into<String>,
        domain: impl Into<Domain>,
    ) -> Result<VarId, ModelError> {
        self.push_var(Some(name.into()), &domain.into())
    }

    /// Adds `count` variables with the same domain.
    pub fn new_vars(
        &mut self,
        count: usize,
        domain: impl Into<Domain>,
    ) -> Result<Vec<VarId>, ModelError> {
        let domain = domain.into();
        let first = self.push_vars(count, &domain)?;
        let tag = self.tag;
        Ok((first..first + count)
            .map(|i| VarId::from_index(i, tag))
            .collect())
    }

    /// Adds `count` unnamed variables over `domain`, checked once; returns
    /// the index of the first. A grid's cells are made here, without the
    /// per-variable checks of [`push_var`](Self::push_var).
    pub(crate) fn push_vars(&mut self, count: usize, domain: &Domain) -> Result<usize, ModelError> {
        let first = self.layout.len();
        if count == 0 {
            return Ok(first);
        }
        let words = domain.words();
        let fits = |n: Option<usize>| n.is_some_and(|n| u32::try_from(n).is_ok());
        let all_words = count
            .checked_mul(words.len())
            .and_then(|w| w.checked_add(self.init_words.len()));
        if !fits(first.checked_add(count)) || !fits(all_words) {
            return Err(ModelError::TooManyVariables);
        }
        // Room for all of them first (the vectors are sized once), then the
        // first variable is checked as `push_var` checks each one.
        self.reserve_vars(count, domain);
        self.push_var(None, domain)?;
        let (base, len) = (domain.base(), words.len() as u32);
        let start = self.init_words.len() as u32;
        self.layout.extend((0..count as u32 - 1).map(|k| VarLayout {
            base,
            start: start + k * len,
            words: len,
        }));
        match words {
            // One word per variable (a board's cells): one fill, not a copy
            // per cell.
            &[w] => self.init_words.resize(self.init_words.len() + count - 1, w),
            _ => (1..count).for_each(|_| self.init_words.extend_from_slice(words)),
        }
        self.degree.resize(first + count, 0);
        Ok(first)
    }

    /// Makes room for `count` more variables over `domain` (so that a
    /// grid of them is added without growing the vectors cell by cell).
    pub(crate) fn reserve_vars(&mut self, count: usize, domain: &Domain) {
        self.layout.reserve(count);
        self.degree.reserve(count);
        self.init_words
            .reserve(count.saturating_mul(domain.words().len()));
    }

    pub(crate) fn push_var(
        &mut self,
        name: Option<String>,
        domain: &Domain,
    ) -> Result<VarId, ModelError> {
        if u32::try_from(self.layout.len()).is_err() {
            return Err(ModelError::TooManyVariables);
        }
        let id = VarId::from_index(self.layout.len(), self.tag);
        let shown = || {
            name.clone()
                .or_else(|| self.var_name(id).map(Cow::into_owned))
                .unwrap_or_else(|| id.to_string())
        };
        if let Some((min_value, max_value)) = domain.too_wide() {
            return Err(ModelError::DomainTooWide {
                name: shown(),
                min_value,
                max_value,
            });
        }
        if domain.is_empty() {
            return Err(ModelError::EmptyDomain { name: shown() });
        }
        let start =
            u32::try_from(self.init_words.len()).map_err(|_| ModelError::TooManyVariables)?;
        self.layout.push(VarLayout {
            base: domain.base(),
            start,
            words: domain.words().len() as u32,
        });
        self.init_words.extend_from_slice(domain.words());
        if let Some(name) = name {
            // Only models with named variables keep a slot per variable.
            self.names.resize_with(id.index(), || None);
            self.names.push(Some(name));
        }
        self.degree.push(0);
        Ok(id)
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.layout.len()
    }

    /// Number of constraints.
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// All variables, in creation order.
    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + use<> {
        let tag = self.tag;
        (0..self.layout.len()).map(move |i| VarId::from_index(i, tag))
    }

    /// The name given to `var`, if any: its own, or `r<row>c<col>` (from
    /// 1) for a cell of a named [`Grid`](crate::Grid), made on demand.
    pub fn var_name(&self, var: VarId) -> Option<Cow<'_, str>> {
        if var.model_tag() != self.tag {
            return None;
        }
        let i = var.index();
        if let Some(Some(name)) = self.names.get(i) {
            return Some(Cow::Borrowed(name));
        }
        let i = u32::try_from(i).ok()?;
        let g = self.grid_names.partition_point(|g| g.first <= i);
        let grid = &self.grid_names[..g].last()?;
        (i - grid.first < grid.count).then(|| Cow::Owned(grid.name((i - grid.first) as usize)))
    }

    /// `var`'s name, or `x<index>` when it has none.
    pub fn display_var(&self, var: VarId) -> String {
        self.var_name(var)
            .map_or_else(|| var.to_string(), Cow::into_owned)
    }

    /// Names the variables `first..first + count` (made in that order, by
    /// [`Grid`](crate::Grid)) as the cells of a grid of `cols` columns at
    /// the row-major positions `pos` (empty: `0..count`).
    pub(crate) fn name_grid(&mut self, first: usize, count: usize, cols: usize, pos: Vec<u32>) {
        if count == 0 {
            return;
        }
        debug_assert!(
            self.grid_names
                .last()
                .is_none_or(|g| (g.first as usize) < first)
        );
        // The sizes were checked by the grid (below `u32::MAX`).
        self.grid_names.push(GridNames {
            first: first as u32,
            count: count as u32,
            cols: cols as u32,
            pos,
        });
    }

    /// Undoes the last [`name_grid`](Self::name_grid) (its variables could
    /// not all be made).
    pub(crate) fn unname_last_grid(&mut self) {
        self.grid_names.pop();
    }

    /// The domains as they are before any search (after givens).
    pub fn initial_domains(&self) -> Domains<'_> {
        Domains {
            words: &self.init_words,
            layout: &self.layout,
            model: self.tag,
        }
    }

    /// `var`'s domain before any search, or `None` for an unknown variable.
    pub fn initial_domain(&self, var: VarId) -> Option<Domain> {
        self.check_var(var).ok()?;
        Some(self.initial_domains().domain(var))
    }

    /// The constraint with this id.
    pub fn constraint(&self, id: ConstraintId) -> Option<&dyn Constraint> {
        self.constraints.get(id.index()).map(|e| &*e.constraint)
    }

    /// All constraints with their ids, in the order they were added.
    pub fn constraints(&self) -> impl Iterator<Item = (ConstraintId, &dyn Constraint)> {
        self.constraints
            .iter()
            .enumerate()
            .map(|(i, e)| (ConstraintId::from_index(i), &*e.constraint))
    }

    pub(crate) fn check_var(&self, var: VarId) -> Result<(), ModelError> {
        if var.model_tag() == self.tag && var.index() < self.layout.len() {
            Ok(())
        } else {
            Err(ModelError::ForeignVariable(var))
        }
    }

    /// Checks that every variable of `vars` belongs to this model.
    pub(crate) fn check_vars(&self, vars: &[VarId]) -> Result<(), ModelError> {
        vars.iter().try_for_each(|&v| self.check_var(v))
    }

    /// Checks that `vars` belong to this model and none appears twice.
    pub(crate) fn check_distinct(
        &self,
        constraint: &str,
        vars: &[VarId],
    ) -> Result<(), ModelError> {
        self.check_vars(vars)?;
        match first_repeat(vars) {
            Some(v) => Err(ModelError::DuplicateVariable {
                constraint: constraint.to_owned(),
                name: self.display_var(v),
            }),
            None => Ok(()),
        }
    }

    /// Fixes `var` to `value` before any search (a given).
    pub fn fix(&mut self, var: VarId, value: Value) -> Result<(), ModelError> {
        self.check_var(var)?;
        let l = self.layout[var.index()];
        let words = &mut self.init_words[l.range()];
        if !word_contains(l.base, words, value) {
            return Err(ModelError::GivenOutsideDomain {
                name: self.display_var(var),
                value,
            });
        }
        let off = (i64::from(value) - i64::from(l.base)) as usize;
        words.fill(0);
        words[off / 64] = 1 << (off % 64);
        Ok(())
    }

    /// Removes `value` from `var`'s initial domain; an error if that empties it.
    pub fn remove_value(&mut self, var: VarId, value: Value) -> Result<(), ModelError> {
        self.check_var(var)?;
        let l = self.layout[var.index()];
        let words = &mut self.init_words[l.range()];
        if word_contains(l.base, words, value) {
            let off = (i64::from(value) - i64::from(l.base)) as usize;
            words[off / 64] &= !(1 << (off % 64));
            if words.iter().all(|&w| w == 0) {
                return Err(ModelError::EmptyDomain {
                    name: self.display_var(var),
                });
            }
        }
        Ok(())
    }

    /// Adds any constraint (built-in or your own). Its scope must be
    /// non-empty and name variables of this model.
    pub fn add(
        &mut self,
        constraint: impl Constraint + 'static,
    ) -> Result<ConstraintId, ModelError> {
        self.post(Box::new(constraint), true)
    }

    /// Adds a constraint whose propagator is *exact on a fixed scope*: once
    /// every variable of its scope is fixed, it fails exactly the
    /// assignments [`is_satisfied`](Constraint::is_satisfied) rejects. The
    /// engine then does not check it again on every solution, as with the
    /// built-in constraints. A constraint that breaks this promise lets
    /// wrong solutions through: use [`add`](Self::add) unless the promise
    /// is tested (for instance against the brute-force oracle,
    /// `csp_core::testing::check_against_brute_force`, which reports a
    /// non-solution).
    pub fn add_exact(
        &mut self,
        constraint: impl Constraint + 'static,
    ) -> Result<ConstraintId, ModelError> {
        self.post(Box::new(constraint), false)
    }

    /// Adds a constraint after checking its scope. Built-in constraints pass
    /// `check_solutions: false`: they are exact on fixed scopes, so the
    /// engine does not check them again on every solution.
    pub(crate) fn post(
        &mut self,
        constraint: Box<dyn Constraint>,
        check_solutions: bool,
    ) -> Result<ConstraintId, ModelError> {
        let scope = nonempty_scope(constraint.as_ref())?;
        for &v in scope {
            self.check_var(v)?;
        }
        if is_monotone(scope) {
            // Each variable once (the scopes of grid lines and of whole
            // grids are in creation order, or its reverse): nothing to
            // look for.
            for v in scope {
                self.degree[v.index()] += 1;
            }
        } else if scope.len() <= SMALL_SCOPE {
            // Each variable once, without sorting a copy (most scopes are
            // a line of a grid).
            for (i, v) in scope.iter().enumerate() {
                if !scope[..i].contains(v) {
                    self.degree[v.index()] += 1;
                }
            }
        } else {
            let mut seen: Vec<VarId> = scope.to_vec();
            seen.sort_unstable();
            seen.dedup();
            for v in seen {
                self.degree[v.index()] += 1;
            }
        }
        Ok(self.push_constraint(constraint, check_solutions))
    }

    /// [`post`](Self::post) for a constraint whose scope the caller has
    /// just checked with [`check_distinct`](Self::check_distinct) (known
    /// variables, none twice, so each counts once), not checked again.
    pub(crate) fn post_distinct(
        &mut self,
        constraint: Box<dyn Constraint>,
        check_solutions: bool,
    ) -> Result<ConstraintId, ModelError> {
        let scope = nonempty_scope(constraint.as_ref())?;
        debug_assert!(self.check_distinct("", scope).is_ok());
        for v in scope {
            if let Some(d) = self.degree.get_mut(v.index()) {
                *d += 1;
            }
        }
        Ok(self.push_constraint(constraint, check_solutions))
    }

    fn push_constraint(
        &mut self,
        constraint: Box<dyn Constraint>,
        check_solutions: bool,
    ) -> ConstraintId {
        let id = ConstraintId::from_index(self.constraints.len());
        self.constraints.push(Entry {
            constraint,
            check_solutions,
        });
        id
    }

    /// `x + offset OP y`, for example `relation(x, RelOp::Lt, y, 2)` for `x + 2 < y`.
    pub fn relation(
        &mut self,
        x: VarId,
        op: RelOp,
        y: VarId,
        offset: Value,
    ) -> Result<ConstraintId, ModelError> {
        self.check_var(x)?;
        self.check_var(y)?;
        self.post(Box::new(Relation::new(x, op, y, offset)), false)
    }

    /// `x < y`.
    pub fn less_than(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.relation(x, RelOp::Lt, y, 0)
    }

    /// `x <= y`.
    pub fn less_eq(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.relation(x, RelOp::Le, y, 0)
    }

    /// `x > y`.
    pub fn greater_than(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.relation(x, RelOp::Gt, y, 0)
    }

    /// `x >= y`.
    pub fn greater_eq(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.relation(x, RelOp::Ge, y, 0)
    }

    /// `x == y`.
    pub fn equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.relation(x, RelOp::Eq, y, 0)
    }

    /// `x != y`.
    pub fn not_equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.relation(x, RelOp::Ne, y, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_gives_typed_errors() {
        let mut m = Model::new();
        assert!(matches!(
            m.new_var(Domain::range(5, 4)),
            Err(ModelError::EmptyDomain { .. })
        ));
        assert!(matches!(
            m.new_named_var("wide", [i32::MIN, i32::MAX]),
            Err(ModelError::DomainTooWide { .. })
        ));
        let x = m.new_named_var("x", 1..=3).unwrap();
        let stranger = Model::new().new_var(0..=1).unwrap();
        assert_eq!(
            m.all_different(&[x, stranger]),
            Err(ModelError::ForeignVariable(stranger))
        );
        assert!(matches!(
            m.all_different(&[x, x]),
            Err(ModelError::DuplicateVariable { .. })
        ));
        assert!(matches!(
            m.all_different(&[]),
            Err(ModelError::EmptyScope { .. })
        ));
        assert!(matches!(
            m.fix(x, 9),
            Err(ModelError::GivenOutsideDomain { value: 9, .. })
        ));
        assert_eq!(
            m.less_than(x, stranger),
            Err(ModelError::ForeignVariable(stranger))
        );
        assert_eq!(
            m.fix(x, 9).unwrap_err().to_string(),
            "variable x cannot be 9: the value is not in its domain"
        );
        m.fix(x, 2).unwrap();
        assert!(m.remove_value(x, 2).is_err());
    }

    #[test]
    fn degree_counts_each_constraint_once() {
        let mut m = Model::new();
        let xs = m.new_vars(3, 1..=3).unwrap();
        m.all_different(&xs).unwrap();
        m.less_than(xs[0], xs[1]).unwrap();
        assert_eq!(m.degree, vec![2, 2, 1]);
    }

    /// Prunes nothing and accepts no assignment: what `add` catches on
    /// solutions and `add_exact` trusts the propagator for.
    #[derive(Debug)]
    struct Lenient(Vec<VarId>);

    impl Constraint for Lenient {
        fn scope(&self) -> &[VarId] {
            &self.0
        }
        fn is_satisfied(&self, _: &[Value]) -> bool {
            false
        }
        fn propagate(&self, _: &mut crate::PropagationContext<'_>) -> Result<(), crate::Conflict> {
            Ok(())
        }
    }

    #[test]
    fn add_checks_solutions_and_add_exact_does_not() {
        for exact in [false, true] {
            let mut m = Model::new();
            let x = m.new_var(1..=2).unwrap();
            let c = Lenient(vec![x]);
            if exact { m.add_exact(c) } else { m.add(c) }.unwrap();
            let count = crate::Solver::new(&m).count(None).count;
            assert_eq!(count, if exact { 2 } else { 0 });
        }
    }
}
