//! `gridcsp.Model`: variables, their domains and the constraints, with
//! the constraint catalogue of `csp_core::Model` under the same names.

use crate::custom::{Hooks, PyConstraint};
use crate::errors::{model_error, model_error_text};
use crate::grid::{Dfa, Graph, Grid};
use crate::var::{
    Var, domain_of, gcc_strength, linear_strength, literal_of, literals_of, rel_op, type_name,
    var_of, vars_of,
};
use csp_core::{ConstraintId, CountBound, GccOptions, ModelError, Value, VarId};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The next model's serial number (a variable knows its model by it).
static NEXT_SERIAL: AtomicU64 = AtomicU64::new(1);

/// A constraint satisfaction problem: integer variables with finite
/// domains, and constraints over them. Hand it to a `Solver`.
///
/// Every constraint method checks its input and raises `ModelError`
/// (a variable of another model, a variable listed twice where that is
/// not allowed, an empty domain, ...) rather than building a wrong model,
/// and returns the constraint's id (an int). A model cannot change while
/// a search, or a solutions iterator not yet exhausted, uses it.
#[pyclass(module = "gridcsp", name = "Model")]
pub(crate) struct Model {
    /// Shared with the searches under way (see [`Model::core`]).
    pub(crate) inner: Arc<csp_core::Model>,
    pub(crate) serial: u64,
    pub(crate) hooks: Arc<Hooks>,
}

/// The ids of the variables `obj` lists.
fn ids(obj: &Bound<'_, PyAny>) -> PyResult<Vec<VarId>> {
    Ok(vars_of(obj)?.into_iter().map(|v| v.id).collect())
}

/// The pairs `(a, b)` of `obj`, any iterable of 2-tuples.
fn pairs<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    obj.try_iter()?
        .map(|item| {
            let item = item?;
            item.extract::<(Bound<'py, PyAny>, Bound<'py, PyAny>)>()
                .map_err(|_| {
                    PyTypeError::new_err(format!("expected a pair, found {}", type_name(&item)))
                })
        })
        .collect()
}

/// `[(var, offset), ...]`.
fn offset_terms(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(VarId, Value)>> {
    pairs(obj)?
        .into_iter()
        .map(|(v, o)| Ok((var_of(&v)?.id, o.extract()?)))
        .collect()
}

/// `[(coefficient, var), ...]`.
fn linear_terms(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(i64, VarId)>> {
    pairs(obj)?
        .into_iter()
        .map(|(c, v)| Ok((c.extract()?, var_of(&v)?.id)))
        .collect()
}

/// A count's bound: an int or a variable.
fn count_bound(obj: &Bound<'_, PyAny>) -> PyResult<CountBound> {
    if let Ok(k) = obj.extract::<i64>() {
        return Ok(CountBound::Const(k));
    }
    var_of(obj)
        .map(|v| CountBound::Var(v.id))
        .map_err(|_| PyTypeError::new_err("a count bound is an int or a gridcsp.Var"))
}

impl Model {
    /// The engine's model, to change: an error while a search or a
    /// solutions iterator holds it.
    pub(crate) fn core(&mut self, py: Python<'_>) -> PyResult<&mut csp_core::Model> {
        Arc::get_mut(&mut self.inner).ok_or_else(|| {
            model_error_text(
                py,
                "the model cannot change while a search or a solutions iterator uses it".into(),
            )
        })
    }

    /// Runs `post` on the model; its constraint id, or the error raised.
    fn post(
        &mut self,
        py: Python<'_>,
        post: impl FnOnce(&mut csp_core::Model) -> Result<ConstraintId, ModelError>,
    ) -> PyResult<usize> {
        let m = self.core(py)?;
        post(m)
            .map(ConstraintId::index)
            .map_err(|e| model_error(py, &e))
    }

    /// The Python object for the variable `id`.
    pub(crate) fn var(&self, id: VarId) -> Var {
        Var::new(id, self.serial)
    }

    fn vars_py(&self, ids: Vec<VarId>) -> Vec<Var> {
        ids.into_iter().map(|id| self.var(id)).collect()
    }

    /// Adds a Python constraint (`add` and `add_exact`).
    fn add_python(
        &mut self,
        py: Python<'_>,
        constraint: &Bound<'_, PyAny>,
        exact: bool,
    ) -> PyResult<usize> {
        let scope = ids(&constraint.getattr("scope").map_err(|_| {
            PyTypeError::new_err("a constraint needs a `scope`: the list of its variables")
        })?)?;
        let check = constraint.getattr("is_satisfied").map_err(|_| {
            PyTypeError::new_err(
                "a constraint needs an `is_satisfied(values)` method: the values of its scope, in order, in a list",
            )
        })?;
        if !check.is_callable() {
            return Err(PyTypeError::new_err("`is_satisfied` must be callable"));
        }
        let name = constraint.get_type().name()?.to_string();
        let c = PyConstraint::new(scope, check.unbind(), name, Arc::clone(&self.hooks));
        self.post(py, |m| if exact { m.add_exact(c) } else { m.add(c) })
    }
}

#[pymethods]
impl Model {
    /// An empty model.
    #[new]
    fn new() -> Model {
        Model {
            inner: Arc::new(csp_core::Model::new()),
            serial: NEXT_SERIAL.fetch_add(1, Ordering::Relaxed),
            hooks: Arc::new(Hooks::default()),
        }
    }

    /// Adds a variable. `domain` is a `range` or any ints
    /// (`range(1, 10)`, `[0, 2, 4]`); `name` is used in messages.
    #[pyo3(signature = (domain, name=None))]
    fn new_var(
        &mut self,
        py: Python<'_>,
        domain: &Bound<'_, PyAny>,
        name: Option<String>,
    ) -> PyResult<Var> {
        let domain = domain_of(domain)?;
        let m = self.core(py)?;
        let id = match name {
            Some(n) => m.new_named_var(n, domain),
            None => m.new_var(domain),
        }
        .map_err(|e| model_error(py, &e))?;
        Ok(self.var(id))
    }

    /// Adds `count` variables with the same domain.
    fn new_vars(
        &mut self,
        py: Python<'_>,
        count: usize,
        domain: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Var>> {
        let domain = domain_of(domain)?;
        let ids = self
            .core(py)?
            .new_vars(count, domain)
            .map_err(|e| model_error(py, &e))?;
        Ok(self.vars_py(ids))
    }

    /// Adds a boolean: a variable with the domain `{0, 1}`.
    fn new_bool(&mut self, py: Python<'_>) -> PyResult<Var> {
        let id = self.core(py)?.new_bool().map_err(|e| model_error(py, &e))?;
        Ok(self.var(id))
    }

    /// Adds `count` booleans.
    fn new_bools(&mut self, py: Python<'_>, count: usize) -> PyResult<Vec<Var>> {
        let ids = self
            .core(py)?
            .new_bools(count)
            .map_err(|e| model_error(py, &e))?;
        Ok(self.vars_py(ids))
    }

    /// Adds a grid of `rows x cols` variables over `domain` (cells named
    /// `r1c1`, ...); with `mask` (one bool per cell, row by row, or one
    /// list of bools per row), only the cells marked `True` get a
    /// variable. The same as `Grid(model, rows, cols, domain, mask)`.
    #[pyo3(signature = (rows, cols, domain, mask=None))]
    fn new_grid(
        slf: &Bound<'_, Model>,
        rows: usize,
        cols: usize,
        domain: &Bound<'_, PyAny>,
        mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Grid> {
        Grid::make(slf, rows, cols, domain, mask)
    }

    /// Fixes `var` to `value` before any search (a given).
    fn fix(&mut self, py: Python<'_>, var: Var, value: Value) -> PyResult<()> {
        self.core(py)?
            .fix(var.id, value)
            .map_err(|e| model_error(py, &e))
    }

    /// Removes `value` from `var`'s domain before any search.
    fn remove_value(&mut self, py: Python<'_>, var: Var, value: Value) -> PyResult<()> {
        self.core(py)?
            .remove_value(var.id, value)
            .map_err(|e| model_error(py, &e))
    }

    /// The number of variables.
    fn num_vars(&self) -> usize {
        self.inner.num_vars()
    }

    /// The number of constraints.
    fn num_constraints(&self) -> usize {
        self.inner.num_constraints()
    }

    /// Every variable, in the order they were made.
    fn vars(&self) -> Vec<Var> {
        self.inner.vars().map(|id| self.var(id)).collect()
    }

    /// `var`'s name (its own, or `r<row>c<col>` for a grid cell), if any.
    fn var_name(&self, var: Var) -> Option<String> {
        self.inner.var_name(var.id).map(|n| n.into_owned())
    }

    /// `var`'s name, or `x<index>` when it has none.
    fn display_var(&self, var: Var) -> String {
        self.inner.display_var(var.id)
    }

    /// `var`'s domain before any search, as a sorted list.
    fn initial_domain(&self, py: Python<'_>, var: Var) -> PyResult<Vec<Value>> {
        self.inner
            .initial_domain(var.id)
            .map(|d| d.iter().collect())
            .ok_or_else(|| model_error(py, &ModelError::ForeignVariable(var.id)))
    }

    // ----- AllDifferent --------------------------------------------------

    /// The variables take pairwise different values. `strength` is
    /// `"forward_checking"`, `"hidden_singles"` (the default) or
    /// `"domain_consistent"` (Régin's matching).
    #[pyo3(signature = (vars, strength=None))]
    fn all_different(
        &mut self,
        py: Python<'_>,
        vars: &Bound<'_, PyAny>,
        strength: Option<&str>,
    ) -> PyResult<usize> {
        let vars = ids(vars)?;
        match strength {
            None => self.post(py, |m| m.all_different(&vars)),
            Some(s) => {
                let s = crate::var::strength(s)?;
                self.post(py, |m| m.all_different_with(&vars, s))
            }
        }
    }

    /// `all_different` with an explicit strength.
    fn all_different_with(
        &mut self,
        py: Python<'_>,
        vars: &Bound<'_, PyAny>,
        strength: &str,
    ) -> PyResult<usize> {
        self.all_different(py, vars, Some(strength))
    }

    /// The values `var + offset` of the pairs `(var, offset)` are pairwise
    /// different (n-queens' diagonals).
    #[pyo3(signature = (terms, strength=None))]
    fn all_different_offset(
        &mut self,
        py: Python<'_>,
        terms: &Bound<'_, PyAny>,
        strength: Option<&str>,
    ) -> PyResult<usize> {
        let terms = offset_terms(terms)?;
        match strength {
            None => self.post(py, |m| m.all_different_offset(&terms)),
            Some(s) => {
                let s = crate::var::strength(s)?;
                self.post(py, |m| m.all_different_offset_with(&terms, s))
            }
        }
    }

    /// `all_different_offset` with an explicit strength.
    fn all_different_offset_with(
        &mut self,
        py: Python<'_>,
        terms: &Bound<'_, PyAny>,
        strength: &str,
    ) -> PyResult<usize> {
        self.all_different_offset(py, terms, Some(strength))
    }

    // ----- Relations -----------------------------------------------------

    /// `x + offset OP y`, with `op` one of `<`, `<=`, `>`, `>=`, `==`, `!=`.
    #[pyo3(signature = (x, op, y, offset=0))]
    fn relation(
        &mut self,
        py: Python<'_>,
        x: Var,
        op: &str,
        y: Var,
        offset: Value,
    ) -> PyResult<usize> {
        let op = rel_op(op)?;
        self.post(py, |m| m.relation(x.id, op, y.id, offset))
    }

    /// `x < y`.
    fn less_than(&mut self, py: Python<'_>, x: Var, y: Var) -> PyResult<usize> {
        self.post(py, |m| m.less_than(x.id, y.id))
    }

    /// `x <= y`.
    fn less_eq(&mut self, py: Python<'_>, x: Var, y: Var) -> PyResult<usize> {
        self.post(py, |m| m.less_eq(x.id, y.id))
    }

    /// `x > y`.
    fn greater_than(&mut self, py: Python<'_>, x: Var, y: Var) -> PyResult<usize> {
        self.post(py, |m| m.greater_than(x.id, y.id))
    }

    /// `x >= y`.
    fn greater_eq(&mut self, py: Python<'_>, x: Var, y: Var) -> PyResult<usize> {
        self.post(py, |m| m.greater_eq(x.id, y.id))
    }

    /// `x == y`.
    fn equal(&mut self, py: Python<'_>, x: Var, y: Var) -> PyResult<usize> {
        self.post(py, |m| m.equal(x.id, y.id))
    }

    /// `x != y`.
    fn not_equal(&mut self, py: Python<'_>, x: Var, y: Var) -> PyResult<usize> {
        self.post(py, |m| m.not_equal(x.id, y.id))
    }

    // ----- Sums and arithmetic ------------------------------------------

    /// `sum(coefficient * var) OP rhs` over the pairs `(coefficient, var)`.
    /// `strength` is `"bounds"` (the default) or `"domain"` (domain
    /// consistency for `==` too, on small scopes).
    #[pyo3(signature = (terms, op, rhs, strength=None))]
    fn linear(
        &mut self,
        py: Python<'_>,
        terms: &Bound<'_, PyAny>,
        op: &str,
        rhs: i64,
        strength: Option<&str>,
    ) -> PyResult<usize> {
        let terms = linear_terms(terms)?;
        let op = rel_op(op)?;
        match strength {
            None => self.post(py, |m| m.linear(&terms, op, rhs)),
            Some(s) => {
                let s = linear_strength(s)?;
                self.post(py, |m| m.linear_with(&terms, op, rhs, s))
            }
        }
    }

    /// `linear` with an explicit strength.
    fn linear_with(
        &mut self,
        py: Python<'_>,
        terms: &Bound<'_, PyAny>,
        op: &str,
        rhs: i64,
        strength: &str,
    ) -> PyResult<usize> {
        self.linear(py, terms, op, rhs, Some(strength))
    }

    /// `sum(vars) OP rhs`.
    fn sum(
        &mut self,
        py: Python<'_>,
        vars: &Bound<'_, PyAny>,
        op: &str,
        rhs: i64,
    ) -> PyResult<usize> {
        let vars = ids(vars)?;
        let op = rel_op(op)?;
        self.post(py, |m| m.sum(&vars, op, rhs))
    }

    /// `sum(vars) == rhs`.
    fn sum_eq(&mut self, py: Python<'_>, vars: &Bound<'_, PyAny>, rhs: i64) -> PyResult<usize> {
        let vars = ids(vars)?;
        self.post(py, |m| m.sum_eq(&vars, rhs))
    }

    /// The variables are pairwise different and sum to `total` (a Kakuro
    /// run, a Killer cage), propagated on the sets of digits that fit.
    fn all_different_sum(
        &mut self,
        py: Python<'_>,
        vars: &Bound<'_, PyAny>,
        total: i64,
    ) -> PyResult<usize> {
        let vars = ids(vars)?;
        self.post(py, |m| m.all_different_sum(&vars, total))
    }

    /// The product of the variables is `total` (a KenKen `x` cage).
    fn product(&mut self, py: Python<'_>, vars: &Bound<'_, PyAny>, total: i64) -> PyResult<usize> {
        let vars = ids(vars)?;
        self.post(py, |m| m.product(&vars, total))
    }

    /// `|x - y| == d`.
    fn difference(&mut self, py: Python<'_>, x: Var, y: Var, d: i64) -> PyResult<usize> {
        self.post(py, |m| m.difference(x.id, y.id, d))
    }

    /// `x / y == q` or `y / x == q`, exactly (a KenKen `/` cage).
    fn quotient(&mut self, py: Python<'_>, x: Var, y: Var, q: i64) -> PyResult<usize> {
        self.post(py, |m| m.quotient(x.id, y.id, q))
    }

    // ----- Extensional ---------------------------------------------------

    /// The values of `vars` form one of the `allowed` tuples.
    fn table(
        &mut self,
        py: Python<'_>,
        vars: &Bound<'_, PyAny>,
        allowed: Vec<Vec<Value>>,
    ) -> PyResult<usize> {
        let vars = ids(vars)?;
        self.post(py, |m| m.table(&vars, &allowed))
    }

    /// The values of `vars` form none of the `forbidden` tuples.
    fn forbidden_tuples(
        &mut self,
        py: Python<'_>,
        vars: &Bound<'_, PyAny>,
        forbidden: Vec<Vec<Value>>,
    ) -> PyResult<usize> {
        let vars = ids(vars)?;
        self.post(py, |m| m.forbidden_tuples(&vars, &forbidden))
    }

    /// `array[index] == value` for a list of ints, `index` from 0.
    fn element(
        &mut self,
        py: Python<'_>,
        array: Vec<Value>,
        index: Var,
        value: Var,
    ) -> PyResult<usize> {
        self.post(py, |m| m.element(&array, index.id, value.id))
    }

    /// `array[index] == value` for a list of variables, `index` from 0.
    fn element_vars(
        &mut self,
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        index: Var,
        value: Var,
    ) -> PyResult<usize> {
        let array = ids(array)?;
        self.post(py, |m| m.element_vars(&array, index.id, value.id))
    }

    /// The values of `vars`, in order, spell a word the automaton accepts.
    fn regular(&mut self, py: Python<'_>, vars: &Bound<'_, PyAny>, dfa: &Dfa) -> PyResult<usize> {
        let vars = ids(vars)?;
        self.post(py, |m| m.regular(&vars, &dfa.dfa))
    }

    /// The 0/1 `cells`, in order, hold runs of 1s of the lengths `runs`, in
    /// order, separated by 0s (a Nonogram line).
    fn nonogram_line(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        runs: Vec<usize>,
    ) -> PyResult<usize> {
        let cells = ids(cells)?;
        self.post(py, |m| m.nonogram_line(&cells, &runs))
    }

    // ----- Counting ------------------------------------------------------

    /// `(number of xs equal to value) OP k`, `k` an int or a variable.
    fn count(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        value: Value,
        op: &str,
        k: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        let op = rel_op(op)?;
        let k = count_bound(k)?;
        self.post(py, |m| m.count(&xs, value, op, k))
    }

    /// `(number of true literals) OP k`, `k` an int or a variable.
    fn count_literals(
        &mut self,
        py: Python<'_>,
        lits: &Bound<'_, PyAny>,
        op: &str,
        k: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let lits = literals_of(lits)?;
        let op = rel_op(op)?;
        let k = count_bound(k)?;
        self.post(py, |m| m.count_literals(&lits, op, k))
    }

    /// At most `k` of `xs` equal `value`.
    fn at_most(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        value: Value,
        k: usize,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        self.post(py, |m| m.at_most(&xs, value, k))
    }

    /// At least `k` of `xs` equal `value`.
    fn at_least(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        value: Value,
        k: usize,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        self.post(py, |m| m.at_least(&xs, value, k))
    }

    /// Exactly `k` of `xs` equal `value`.
    fn exactly(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        value: Value,
        k: usize,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        self.post(py, |m| m.exactly(&xs, value, k))
    }

    /// At most one of the literals is true.
    fn at_most_one(&mut self, py: Python<'_>, lits: &Bound<'_, PyAny>) -> PyResult<usize> {
        let lits = literals_of(lits)?;
        self.post(py, |m| m.at_most_one(&lits))
    }

    /// Exactly one of the literals is true.
    fn exactly_one(&mut self, py: Python<'_>, lits: &Bound<'_, PyAny>) -> PyResult<usize> {
        let lits = literals_of(lits)?;
        self.post(py, |m| m.exactly_one(&lits))
    }

    /// Global cardinality: for each `(value, lo, hi)` of `bounds`, between
    /// `lo` and `hi` of `xs` take `value`; other values are free.
    fn gcc(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        bounds: Vec<(Value, usize, usize)>,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        self.post(py, |m| m.gcc(&xs, &bounds))
    }

    /// `gcc`, and only the listed values are allowed.
    fn gcc_closed(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        bounds: Vec<(Value, usize, usize)>,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        self.post(py, |m| m.gcc_closed(&xs, &bounds))
    }

    /// `gcc` with options: `closed` (only the listed values) and `strength`
    /// (`"counting"`, the default, or `"domain_consistent"`).
    #[pyo3(signature = (xs, bounds, closed=false, strength="counting"))]
    fn gcc_with(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        bounds: Vec<(Value, usize, usize)>,
        closed: bool,
        strength: &str,
    ) -> PyResult<usize> {
        let xs = ids(xs)?;
        let mut options = GccOptions::default().with_strength(gcc_strength(strength)?);
        if closed {
            options = options.closed();
        }
        self.post(py, |m| m.gcc_with(&xs, &bounds, options))
    }

    // ----- Booleans, clauses, reification --------------------------------

    /// At least one of the literals is true (a `Var` means `var == 1`).
    fn clause(&mut self, py: Python<'_>, lits: &Bound<'_, PyAny>) -> PyResult<usize> {
        let lits = literals_of(lits)?;
        self.post(py, |m| m.clause(&lits))
    }

    /// `a` implies `b` (literals, or booleans).
    fn implies(
        &mut self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let (a, b) = (literal_of(a)?, literal_of(b)?);
        self.post(py, |m| m.implies(a, b))
    }

    /// The boolean `b` is 1 exactly when the literal holds.
    fn reify(&mut self, py: Python<'_>, b: Var, lit: &Bound<'_, PyAny>) -> PyResult<usize> {
        let lit = literal_of(lit)?;
        self.post(py, |m| m.reify(b.id, lit))
    }

    /// The boolean `b` is 1 exactly when `x + offset OP y`.
    #[pyo3(signature = (b, x, op, y, offset=0))]
    fn reify_relation(
        &mut self,
        py: Python<'_>,
        b: Var,
        x: Var,
        op: &str,
        y: Var,
        offset: Value,
    ) -> PyResult<usize> {
        let op = rel_op(op)?;
        self.post(py, |m| m.reify_relation(b.id, x.id, op, y.id, offset))
    }

    /// If the boolean `b` is 1 then `x + offset OP y`.
    #[pyo3(signature = (b, x, op, y, offset=0))]
    fn half_reify_relation(
        &mut self,
        py: Python<'_>,
        b: Var,
        x: Var,
        op: &str,
        y: Var,
        offset: Value,
    ) -> PyResult<usize> {
        let op = rel_op(op)?;
        self.post(py, |m| m.half_reify_relation(b.id, x.id, op, y.id, offset))
    }

    // ----- Vectors -------------------------------------------------------

    /// `xs` is lexicographically smaller than `ys`.
    fn lex_less(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        ys: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let (xs, ys) = (ids(xs)?, ids(ys)?);
        self.post(py, |m| m.lex_less(&xs, &ys))
    }

    /// `xs` is lexicographically smaller than or equal to `ys`.
    fn lex_less_eq(
        &mut self,
        py: Python<'_>,
        xs: &Bound<'_, PyAny>,
        ys: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let (xs, ys) = (ids(xs)?, ids(ys)?);
        self.post(py, |m| m.lex_less_eq(&xs, &ys))
    }

    /// The two vectors differ somewhere.
    fn vectors_differ(
        &mut self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let (a, b) = (ids(a)?, ids(b)?);
        self.post(py, |m| m.vectors_differ(&a, &b))
    }

    /// The vectors are pairwise different (no two Binairo rows alike); the
    /// ids of the constraints posted, one per pair.
    fn all_different_vectors(
        &mut self,
        py: Python<'_>,
        vectors: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        let vectors: Vec<Vec<VarId>> = vectors
            .try_iter()?
            .map(|v| ids(&v?))
            .collect::<PyResult<_>>()?;
        let m = self.core(py)?;
        m.all_different_vectors(&vectors)
            .map(|cs| cs.into_iter().map(ConstraintId::index).collect())
            .map_err(|e| model_error(py, &e))
    }

    // ----- Grids and graphs ----------------------------------------------

    /// The `cells`, seen in order from their first, hold pairwise
    /// different heights and exactly `seen` of them are visible (taller
    /// than every one before): a Skyscrapers clue.
    fn visible_count(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        seen: usize,
    ) -> PyResult<usize> {
        let cells = ids(cells)?;
        self.post(py, |m| m.visible_count(&cells, seen))
    }

    /// The 0/1 `cells` set to 1 form one connected set of `graph` (vertex
    /// `i` is `cells[i]`); none set also counts as connected.
    fn connected(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let cells = ids(cells)?;
        self.post(py, |m| m.connected(&cells, &graph.graph))
    }

    /// `connected`, and at least one cell is 1.
    fn connected_non_empty(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let cells = ids(cells)?;
        self.post(py, |m| m.connected_non_empty(&cells, &graph.graph))
    }

    /// The 0/1 cells of `grid` set to 1 form one orthogonally connected area.
    fn connected_grid(&mut self, py: Python<'_>, grid: &Grid) -> PyResult<usize> {
        self.post(py, |m| m.connected_grid(&grid.grid))
    }

    /// The 0/1 `edges` set to 1 form exactly one simple cycle of `graph`
    /// (edge `i` of the graph is `edges[i]`).
    fn single_loop(
        &mut self,
        py: Python<'_>,
        edges: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let edges = ids(edges)?;
        self.post(py, |m| m.single_loop(&edges, &graph.graph))
    }

    /// The 0/1 `edges` set to 1 form a forest of `graph`: no closed loop
    /// (edge `i` of the graph is `edges[i]`).
    fn acyclic(
        &mut self,
        py: Python<'_>,
        edges: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let edges = ids(edges)?;
        self.post(py, |m| m.acyclic(&edges, &graph.graph))
    }

    /// The edges whose variable is above 0 join all the vertices of
    /// `graph` (edge `i` of the graph has the multiplicity `edges[i]`, a
    /// variable whose values are at least 0: Hashi's bridges).
    fn edge_connected(
        &mut self,
        py: Python<'_>,
        edges: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let edges = ids(edges)?;
        self.post(py, |m| m.edge_connected(&edges, &graph.graph))
    }

    /// `edge_connected`, and the multiplicities of the edges at vertex `v`
    /// sum to `degrees[v]` (Hashi's numbers).
    fn edge_connected_with_degrees(
        &mut self,
        py: Python<'_>,
        edges: &Bound<'_, PyAny>,
        graph: &Graph,
        degrees: Vec<Value>,
    ) -> PyResult<usize> {
        let edges = ids(edges)?;
        self.post(py, |m| {
            m.edge_connected_with_degrees(&edges, &graph.graph, &degrees)
        })
    }

    /// The edges whose literal holds form a forest of `graph` (edge `i` is
    /// chosen when `lits[i]` holds; Slant's two diagonals of a cell are
    /// `x == 1` and `x == 0` of one variable).
    fn acyclic_literals(
        &mut self,
        py: Python<'_>,
        lits: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let lits = literals_of(lits)?;
        self.post(py, |m| m.acyclic_literals(&lits, &graph.graph))
    }

    /// `single_loop`, plus one 0/1 variable per vertex that is 1 exactly
    /// when the loop passes through it.
    fn single_loop_with_vertices(
        &mut self,
        py: Python<'_>,
        edges: &Bound<'_, PyAny>,
        graph: &Graph,
        on_loop: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let (edges, on_loop) = (ids(edges)?, ids(on_loop)?);
        self.post(py, |m| {
            m.single_loop_with_vertices(&edges, &graph.graph, &on_loop)
        })
    }

    // ----- Regions -------------------------------------------------------

    /// `|x - y| op d`, with `op` one of `>=`, `>`, `<=`, `<`: two values at
    /// least (or at most) `d` apart. (`|x - y| == d` is `difference`.)
    fn abs_diff(&mut self, py: Python<'_>, x: Var, y: Var, op: &str, d: i64) -> PyResult<usize> {
        let op = rel_op(op)?;
        self.post(py, |m| m.abs_diff(x.id, y.id, op, d))
    }

    /// In `line` (a row or a column, in order), two cells holding the same
    /// value `v` have at least `v` cells between them (Ripple Effect).
    fn equal_values_apart(&mut self, py: Python<'_>, line: &Bound<'_, PyAny>) -> PyResult<usize> {
        let line = ids(line)?;
        self.post(py, |m| m.equal_values_apart(&line))
    }

    /// The leading runs of 1s of the `arms` (lists of 0/1 cells, nearest
    /// first) add up to `total`: a clue that sees `total` open cells
    /// (Kurodoko: the four arms of the clue's cell and `clue - 1`).
    fn sight_count(
        &mut self,
        py: Python<'_>,
        arms: &Bound<'_, PyAny>,
        total: u32,
    ) -> PyResult<usize> {
        let arms = arms
            .try_iter()?
            .map(|arm| ids(&arm?))
            .collect::<PyResult<Vec<_>>>()?;
        self.post(py, |m| m.sight_count(&arms, total))
    }

    /// Every connected area of equal values has as many cells as its value
    /// (Fillomino): `cells[i]` is vertex `i` of `graph`, values from 1.
    fn region_size(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        graph: &Graph,
    ) -> PyResult<usize> {
        let cells = ids(cells)?;
        self.post(py, |m| m.region_size(&cells, &graph.graph))
    }

    /// Nurikabe's islands: `cells` are 0/1 (0 island, 1 sea), `cells[i]`
    /// vertex `i` of `graph`; `clues` are `(vertex, size)` pairs. Every
    /// island holds exactly one clue and as many cells as it says, and
    /// the sea is connected.
    fn islands(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        graph: &Graph,
        clues: Vec<(usize, u32)>,
    ) -> PyResult<usize> {
        let cells = ids(cells)?;
        self.post(py, |m| m.islands(&cells, &graph.graph, &clues))
    }

    /// Lays `pieces` on `cells`: each piece is `(value, placements)`, the
    /// placements being lists of indices into `cells`; a piece covers the
    /// cells of one of its placements, which take its value. With `empty`
    /// `None` every cell is covered exactly once (Shikaku); with a value,
    /// at most once, and the uncovered cells take `empty` (LITS). Returns
    /// one constraint index per piece. `gridcsp.rectangles` and
    /// `gridcsp.polyominoes` list common placements.
    #[pyo3(signature = (cells, pieces, empty=None))]
    fn placement(
        &mut self,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        pieces: Vec<(Value, Vec<Vec<usize>>)>,
        empty: Option<Value>,
    ) -> PyResult<Vec<usize>> {
        use csp_core::constraints::placement::{Cover, Piece};
        let cells = ids(cells)?;
        let pieces: Vec<Piece> = pieces
            .into_iter()
            .map(|(value, placements)| Piece::new(value, placements))
            .collect();
        let cover = empty.map_or(Cover::Exactly, |empty| Cover::AtMost { empty });
        let model = self.core(py)?;
        let posted = model
            .placement(&cells, &pieces, cover)
            .map_err(|e| model_error(py, &e))?;
        Ok(posted.into_iter().map(|c| c.index()).collect())
    }

    // ----- Constraints written in Python ----------------------------------

    /// Adds a constraint written in Python: an object with `scope` (its
    /// variables) and `is_satisfied(values)` (the scope's values in order,
    /// a list of ints; truthy when they satisfy it). The engine checks it
    /// by forward checking, calling `is_satisfied` once the scope is fixed,
    /// and once more on every solution. An exception raised by
    /// `is_satisfied` stops the search and is raised by it. (Slow next to
    /// the built-in constraints: a Python call per check.)
    fn add(&mut self, py: Python<'_>, constraint: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.add_python(py, constraint, false)
    }

    /// `add`, without the check on every solution.
    fn add_exact(&mut self, py: Python<'_>, constraint: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.add_python(py, constraint, true)
    }

    fn __repr__(&self) -> String {
        format!(
            "<gridcsp.Model: {} variables, {} constraints>",
            self.inner.num_vars(),
            self.inner.num_constraints()
        )
    }
}
