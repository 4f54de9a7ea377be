//! `gridcsp.Solver`, its solutions and the iterator over all of them.
//!
//! A Python solver keeps the options and the assumptions; each search
//! makes an engine solver over the model (shared, not copied) on the
//! search thread of [`released`], so the model can be searched by several
//! solvers and threads at once.

use crate::custom::Hooks;
use crate::errors::{model_error, model_error_text, stopped};
use crate::grid::Grid;
use crate::model::Model;
use crate::run::{flag, limits, released};
use crate::stats::Stats;
use crate::var::{Var, literals_of, type_name, var_of, vars_of};
use csp_core::{
    Learning, ModelError, Objective, OptimizeOutcome, Probing, Restarts, SearchOptions,
    SearchStatus, SolveOutcome, StopReason, Uniqueness, Value, ValueOrder, VarId, VariableOrder,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

/// One full assignment: `solution[var]` is a variable's value (an int),
/// `solution[grid]` a grid's values (a list per row, `None` at holes),
/// `solution[[x, y, ...]]` the values of a list of variables (nested
/// lists too). After an optimisation, `objective` is the objective's value
/// and `optimal` says whether it is proven best.
#[pyclass(frozen, module = "gridcsp", name = "Solution")]
pub(crate) struct Solution {
    pub(crate) inner: csp_core::Solution,
    serial: u64,
    /// The objective's value, after an optimisation.
    #[pyo3(get)]
    objective: Option<Value>,
    /// Whether the objective's value is proven optimal, after an
    /// optimisation.
    #[pyo3(get)]
    optimal: Option<bool>,
}

impl Solution {
    fn new(inner: csp_core::Solution, serial: u64) -> Solution {
        Solution {
            inner,
            serial,
            objective: None,
            optimal: None,
        }
    }

    /// An error unless this solution is of the model `serial`.
    pub(crate) fn check_model(&self, serial: u64) -> PyResult<()> {
        if serial == self.serial {
            Ok(())
        } else {
            Err(PyValueError::new_err(
                "the variable (or grid) belongs to another model than the solution",
            ))
        }
    }

    fn value_of(&self, var: Var) -> PyResult<Value> {
        self.check_model(var.model)?;
        self.inner.get(var.id).ok_or_else(|| {
            PyValueError::new_err("the variable was made after this solution was found")
        })
    }

    fn lookup(&self, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = key.py();
        if let Ok(v) = key.cast::<Var>() {
            return Ok(self
                .value_of(*v.get())?
                .into_pyobject(py)?
                .into_any()
                .unbind());
        }
        if let Ok(g) = key.cast::<Grid>() {
            return Ok(g.get().values_in(self)?.into_pyobject(py)?.unbind());
        }
        let items = key.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "index a solution with a Var, a Grid or a list of them, not {}",
                type_name(key)
            ))
        })?;
        let values = items
            .map(|item| self.lookup(&item?))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(values.into_pyobject(py)?.unbind())
    }
}

#[pymethods]
impl Solution {
    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.lookup(key)
    }

    /// The value of `var`.
    fn value(&self, var: Var) -> PyResult<Value> {
        self.value_of(var)
    }

    /// Every variable's value, by variable index.
    #[getter]
    fn values(&self) -> Vec<Value> {
        self.inner.values().to_vec()
    }

    fn __len__(&self) -> usize {
        self.inner.values().len()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Solution>()
            .is_ok_and(|o| o.get().serial == self.serial && o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let values = self.inner.values();
        let shown: Vec<String> = values.iter().take(20).map(ToString::to_string).collect();
        let more = if values.len() > 20 { ", ..." } else { "" };
        let objective = self
            .objective
            .map(|o| format!(", objective={o}"))
            .unwrap_or_default();
        format!("Solution([{}{more}]{objective})", shown.join(", "))
    }
}

/// The variable order by name.
fn variable_order(name: &str) -> PyResult<VariableOrder> {
    Ok(match name {
        "mrv_degree" => VariableOrder::MrvDegree,
        "mrv" => VariableOrder::Mrv,
        "input" => VariableOrder::Input,
        "dom_wdeg" => VariableOrder::DomWdeg,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown variable_order {name:?}: use mrv_degree, mrv, input or dom_wdeg"
            )));
        }
    })
}

/// The value order by name.
fn value_order(name: &str, seed: u64) -> PyResult<ValueOrder> {
    Ok(match name {
        "ascending" => ValueOrder::Ascending,
        "descending" => ValueOrder::Descending,
        "random" => ValueOrder::Random { seed },
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown value_order {name:?}: use ascending, descending or random"
            )));
        }
    })
}

/// A restart schedule: `("luby", scale)` or `("geometric", base, factor)`.
fn restarts(obj: &Bound<'_, PyAny>) -> PyResult<Restarts> {
    if let Ok(("luby", scale)) = obj
        .extract::<(String, u64)>()
        .as_ref()
        .map(|(k, s)| (k.as_str(), *s))
    {
        return Ok(Restarts::Luby { scale });
    }
    if let Ok((kind, base, factor)) = obj.extract::<(String, u64, f64)>() {
        if kind == "geometric" {
            return Ok(Restarts::Geometric { base, factor });
        }
    }
    Err(PyValueError::new_err(
        "restarts is None, (\"luby\", scale) or (\"geometric\", base, factor)",
    ))
}

/// Probing by name.
fn probing(name: &str) -> PyResult<Probing> {
    Ok(match name {
        "off" => Probing::Off,
        "root" => Probing::Root,
        "every_node" => Probing::EveryNode,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown probing {name:?}: use off, root or every_node"
            )));
        }
    })
}

/// Learning from conflicts: `"off"`, `"on"`, `"auto"` (from the 1,000th
/// failure, as the families search) or a number of failures after which
/// to start.
fn learning(obj: &Bound<'_, PyAny>) -> PyResult<Learning> {
    if let Ok(after_failures) = obj.extract::<u64>() {
        return Ok(Learning::Auto { after_failures });
    }
    let name: String = obj.extract().map_err(|_| {
        PyTypeError::new_err("learning is \"off\", \"on\", \"auto\" or a number of failures")
    })?;
    Ok(match name.as_str() {
        "off" => Learning::Off,
        "on" => Learning::On,
        "auto" => Learning::AUTO,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown learning {name:?}: use off, on, auto or a number of failures"
            )));
        }
    })
}

/// Searches a `Model`.
///
/// Options: `variable_order` (`"mrv_degree"`, the default: fewest values
/// first, ties to the variable in most constraints; `"mrv"`, `"input"`,
/// `"dom_wdeg"`), `value_order` (`"ascending"`, `"descending"`,
/// `"random"` with `seed`), `restarts` (`("luby", scale)` or
/// `("geometric", base, factor)`, for `solve` and optimisation),
/// `probing` (`"off"`, `"root"`, `"every_node"`), `learning` (`"off"`,
/// the default; `"on"`; `"auto"`, from the 1,000th failure as the
/// families search; or a number of failures: conflict learning, which
/// then branches by activity), `decision_vars` (the
/// variables to branch on), `cpu_time` (measure the search thread's CPU
/// time into `stats`), `trace` (record every deduction: `trace()`), and
/// the limits `time_limit` (seconds) and
/// `node_limit` (decisions), which every search method also takes.
///
/// A search that a limit stops raises `LimitReached`; Ctrl-C raises
/// `KeyboardInterrupt`. The GIL is released while searching. The same
/// model, options and seed give the same answers on every machine.
#[pyclass(module = "gridcsp", name = "Solver")]
pub(crate) struct Solver {
    model: Py<Model>,
    options: SearchOptions,
    assumptions: Vec<csp_core::Literal>,
    stats: csp_core::Stats,
    /// The last search's trace (with `trace=True`), and its model's serial.
    trace: Vec<csp_core::TraceEvent>,
    trace_serial: u64,
}

/// What one search needs, taken from the Python objects before the GIL
/// is released.
struct Run {
    model: Arc<csp_core::Model>,
    hooks: Arc<Hooks>,
    serial: u64,
    options: SearchOptions,
    assumptions: Vec<csp_core::Literal>,
    cancel: Arc<AtomicBool>,
}

impl Solver {
    fn prepare(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
        solutions: Option<u64>,
    ) -> PyResult<Run> {
        let model = self.model.borrow(py);
        let cancel = flag();
        let mut l = limits(
            time_limit.or(self.options.limits.time.map(|d| d.as_secs_f64())),
            node_limit.or(self.options.limits.nodes),
            &cancel,
        )?;
        l.solutions = solutions;
        Ok(Run {
            model: Arc::clone(&model.inner),
            hooks: Arc::clone(&model.hooks),
            serial: model.serial,
            options: self.options.clone().with_limits(l),
            assumptions: self.assumptions.clone(),
            cancel,
        })
    }

    /// Runs `search` on a fresh engine solver of the model, without the
    /// GIL; raises what a Python constraint raised on the way.
    fn search<T: Send>(
        &mut self,
        py: Python<'_>,
        run: &Run,
        search: impl FnOnce(&mut csp_core::Solver<'_>) -> T + Send,
    ) -> PyResult<T> {
        let guard = run.hooks.running(&run.cancel);
        let outcome = released(py, &run.cancel, || {
            let mut solver = csp_core::Solver::with_options(&run.model, run.options.clone());
            solver.assume(&run.assumptions)?;
            let result = search(&mut solver);
            let trace = if run.options.trace {
                solver.trace().to_vec()
            } else {
                Vec::new()
            };
            Ok::<_, ModelError>((result, solver.stats(), trace))
        });
        drop(guard);
        if let Some(e) = run.hooks.take_error() {
            return Err(e);
        }
        let (result, stats, trace) = outcome?.map_err(|e| model_error(py, &e))?;
        self.stats = stats;
        self.trace = trace;
        self.trace_serial = run.serial;
        Ok(result)
    }

    fn optimize(
        &mut self,
        py: Python<'_>,
        objective: Objective,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Option<Solution>> {
        let run = self.prepare(py, time_limit, node_limit, None)?;
        let outcome = self.search(py, &run, |s| s.optimize(objective))?;
        let outcome = outcome.map_err(|e| model_error(py, &e))?;
        let optimal = outcome.is_proven();
        match outcome {
            OptimizeOutcome::Optimal { solution, value }
            | OptimizeOutcome::Best {
                solution, value, ..
            } => {
                let mut s = Solution::new(solution, run.serial);
                s.objective = Some(value);
                s.optimal = Some(optimal);
                Ok(Some(s))
            }
            OptimizeOutcome::Unsatisfiable => Ok(None),
            OptimizeOutcome::Stopped(reason) => Err(stopped(py, reason, py.None())),
        }
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (model, *, variable_order="mrv_degree", value_order="ascending", seed=0, restarts=None, probing="off", learning=None, decision_vars=None, cpu_time=false, trace=false, time_limit=None, node_limit=None))]
    #[expect(clippy::too_many_arguments, reason = "keyword arguments from Python")]
    fn new(
        model: Py<Model>,
        variable_order: &str,
        value_order: &str,
        seed: u64,
        restarts: Option<&Bound<'_, PyAny>>,
        probing: &str,
        learning: Option<&Bound<'_, PyAny>>,
        decision_vars: Option<&Bound<'_, PyAny>>,
        cpu_time: bool,
        trace: bool,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Solver> {
        let mut options = SearchOptions::default()
            .with_variable_order(self::variable_order(variable_order)?)
            .with_value_order(self::value_order(value_order, seed)?)
            .with_probing(self::probing(probing)?)
            .with_cpu_time(cpu_time)
            .with_trace(trace);
        if let Some(r) = restarts {
            options = options.with_restarts(self::restarts(r)?);
        }
        if let Some(l) = learning {
            options = options.with_learning(self::learning(l)?);
        }
        if let Some(vars) = decision_vars {
            let ids: Vec<VarId> = vars_of(vars)?.into_iter().map(|v| v.id).collect();
            options = options.with_decision_vars(&ids);
        }
        options.limits = limits(time_limit, node_limit, &flag())?;
        options.limits.cancel = None;
        Ok(Solver {
            model,
            options,
            assumptions: Vec::new(),
            stats: csp_core::Stats::default(),
            trace: Vec::new(),
            trace_serial: 0,
        })
    }

    /// The model searched.
    #[getter]
    fn model(&self, py: Python<'_>) -> Py<Model> {
        self.model.clone_ref(py)
    }

    /// The statistics of the last search.
    #[getter]
    fn stats(&self) -> Stats {
        self.stats.into()
    }

    /// The last search's trace (a solver made with `trace=True`): every
    /// step in order, as dicts with a `kind` and its fields. `"given"` and
    /// `"assumed"` (applied before the search: `var`, `value` or
    /// `literal`), `"decision"` and `"refutation"` (`depth`, `var`,
    /// `value`), `"removed"` and `"fixed"` (a constraint's deduction:
    /// `depth`, `var`, `value`, `constraint` (its id), `rule` (its name for
    /// the deduction, or `""`)), `"conflict"` (`depth`, `constraint` or
    /// `None`, `rule`), `"solution"` (`depth`), `"restart"` (`count`).
    fn trace<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let var = |v: VarId| Var::new(v, self.trace_serial);
        self.trace
            .iter()
            .map(|event| {
                let d = PyDict::new(py);
                use csp_core::TraceEvent as E;
                match *event {
                    E::Given { var: v, value } => {
                        d.set_item("kind", "given")?;
                        d.set_item("var", var(v))?;
                        d.set_item("value", value)?;
                    }
                    E::Assumed { literal } => {
                        d.set_item("kind", "assumed")?;
                        d.set_item("var", var(literal.var()))?;
                        d.set_item("literal", literal.to_string())?;
                    }
                    E::Decision {
                        depth,
                        var: v,
                        value,
                    }
                    | E::Refutation {
                        depth,
                        var: v,
                        value,
                    } => {
                        let kind = if matches!(event, E::Decision { .. }) {
                            "decision"
                        } else {
                            "refutation"
                        };
                        d.set_item("kind", kind)?;
                        d.set_item("depth", depth)?;
                        d.set_item("var", var(v))?;
                        d.set_item("value", value)?;
                    }
                    E::Removed(x) | E::Fixed(x) => {
                        let kind = if matches!(event, E::Removed(_)) {
                            "removed"
                        } else {
                            "fixed"
                        };
                        d.set_item("kind", kind)?;
                        d.set_item("depth", x.depth)?;
                        d.set_item("var", var(x.var))?;
                        d.set_item("value", x.value)?;
                        d.set_item("constraint", x.constraint.index())?;
                        d.set_item("rule", x.rule)?;
                    }
                    E::Conflict {
                        depth,
                        constraint,
                        rule,
                    } => {
                        d.set_item("kind", "conflict")?;
                        d.set_item("depth", depth)?;
                        d.set_item("constraint", constraint.map(|c| c.index()))?;
                        d.set_item("rule", rule)?;
                    }
                    E::Solution { depth } => {
                        d.set_item("kind", "solution")?;
                        d.set_item("depth", depth)?;
                    }
                    E::Restart { count } => {
                        d.set_item("kind", "restart")?;
                        d.set_item("count", count)?;
                    }
                    _ => d.set_item("kind", "other")?,
                }
                Ok(d)
            })
            .collect()
    }

    /// Restricts every following search to `var == value` for each pair
    /// `(var, value)` (givens that change between searches). Replaces the
    /// assumptions made before.
    fn set_assumptions(&mut self, py: Python<'_>, givens: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut lits = Vec::new();
        for item in givens.try_iter()? {
            let (v, x) = item?.extract::<(Bound<'_, PyAny>, Value)>()?;
            lits.push(csp_core::Literal::eq(var_of(&v)?.id, x));
        }
        self.set_literals(py, lits)
    }

    /// Restricts every following search to the literals (`var.eq(v)`,
    /// `var.ne(v)`, `var.le(v)`, ...). Replaces the assumptions made
    /// before.
    fn assume(&mut self, py: Python<'_>, literals: &Bound<'_, PyAny>) -> PyResult<()> {
        let lits = literals_of(literals)?;
        self.set_literals(py, lits)
    }

    /// Removes every assumption.
    fn clear_assumptions(&mut self) {
        self.assumptions.clear();
    }

    /// Propagates the constraints (and assumptions) once, without search:
    /// a dict from each variable to the values left in its domain, or
    /// `None` when propagation finds the model has no solution.
    fn propagate<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let run = self.prepare(py, None, None, None)?;
        let model = Arc::clone(&run.model);
        let domains = self.search(py, &run, move |s| {
            let domains = s.propagate().ok()?;
            Some(
                model
                    .vars()
                    .map(|v| (v, domains.domain(v).iter().collect::<Vec<Value>>()))
                    .collect::<Vec<_>>(),
            )
        })?;
        let Some(domains) = domains else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        for (v, values) in domains {
            d.set_item(Var::new(v, run.serial), values)?;
        }
        Ok(Some(d))
    }

    /// The first solution, or `None` when there is none.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Option<Solution>> {
        let run = self.prepare(py, time_limit, node_limit, None)?;
        match self.search(py, &run, |s| s.solve())? {
            SolveOutcome::Solved(s) => Ok(Some(Solution::new(s, run.serial))),
            SolveOutcome::Unsatisfiable => Ok(None),
            SolveOutcome::Stopped(reason) => Err(stopped(py, reason, py.None())),
        }
    }

    /// The number of solutions, counting up to `limit` (all when `None`).
    /// A time or node limit raises `LimitReached`, whose `found` is the
    /// count so far.
    #[pyo3(signature = (limit=None, *, time_limit=None, node_limit=None))]
    fn count(
        &mut self,
        py: Python<'_>,
        limit: Option<u64>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<u64> {
        let run = self.prepare(py, time_limit, node_limit, None)?;
        let c = self.search(py, &run, |s| s.count(limit))?;
        match c.status {
            SearchStatus::Complete | SearchStatus::Stopped(StopReason::SolutionLimit) => {
                Ok(c.count)
            }
            SearchStatus::Stopped(reason) => Err(stopped(py, reason, c.count)),
        }
    }

    /// The solutions found by a search for two: `[]` (none), `[s]` (exactly
    /// one) or `[s, t]` (two that differ: not unique).
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn uniqueness(
        &mut self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Vec<Solution>> {
        let run = self.prepare(py, time_limit, node_limit, None)?;
        let u = self.search(py, &run, |s| s.uniqueness())?;
        let wrap = |s| Solution::new(s, run.serial);
        match u {
            Uniqueness::NoSolution => Ok(Vec::new()),
            Uniqueness::Unique(s) => Ok(vec![wrap(s)]),
            Uniqueness::Multiple(a, b) => Ok(vec![wrap(a), wrap(b)]),
            Uniqueness::Unknown { found, reason } => Err(stopped(py, reason, found.map(wrap))),
        }
    }

    /// Whether the model has exactly one solution.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn is_unique(
        &mut self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<bool> {
        Ok(self.uniqueness(py, time_limit, node_limit)?.len() == 1)
    }

    /// An iterator over every solution, in search order (up to `limit`).
    /// The search runs as the iterator is read; while it is alive the
    /// model cannot change.
    #[pyo3(signature = (limit=None, *, time_limit=None, node_limit=None))]
    fn solutions(
        &mut self,
        py: Python<'_>,
        limit: Option<u64>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Solutions> {
        let run = self.prepare(py, time_limit, node_limit, limit)?;
        Solutions::start(run)
    }

    /// The solution with the smallest value of `objective` (a variable),
    /// by branch and bound: `None` when there is no solution; its
    /// `objective` is the value and `optimal` whether the search proved it
    /// best (a limit can stop the search after a first solution: then the
    /// best found, not proven).
    #[pyo3(signature = (objective, *, time_limit=None, node_limit=None))]
    fn minimize(
        &mut self,
        py: Python<'_>,
        objective: Var,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Option<Solution>> {
        self.optimize(
            py,
            Objective::Minimize(objective.id),
            time_limit,
            node_limit,
        )
    }

    /// The solution with the largest value of `objective`; as `minimize`.
    #[pyo3(signature = (objective, *, time_limit=None, node_limit=None))]
    fn maximize(
        &mut self,
        py: Python<'_>,
        objective: Var,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Option<Solution>> {
        self.optimize(
            py,
            Objective::Maximize(objective.id),
            time_limit,
            node_limit,
        )
    }

    fn __repr__(&self) -> String {
        "<gridcsp.Solver>".to_owned()
    }
}

impl Solver {
    fn set_literals(&mut self, py: Python<'_>, lits: Vec<csp_core::Literal>) -> PyResult<()> {
        // Checked now (variables of this model, values in their domains),
        // as the engine checks them.
        let model = Arc::clone(&self.model.borrow(py).inner);
        let mut probe = csp_core::Solver::new(&model);
        probe.assume(&lits).map_err(|e| model_error(py, &e))?;
        self.assumptions = lits;
        Ok(())
    }
}

/// What the search thread of a [`Solutions`] iterator sends back.
enum Reply {
    /// The next solution.
    Solution(csp_core::Solution, csp_core::Stats),
    /// No more: how the search ended.
    End(Result<Option<SearchStatus>, ModelError>, csp_core::Stats),
}

/// The solutions of a search, one at a time (`Solver.solutions`).
#[pyclass(module = "gridcsp", name = "Solutions")]
pub(crate) struct Solutions {
    /// Asks the search thread for the next solution (dropped: stop).
    request: Option<mpsc::Sender<()>>,
    reply: Mutex<mpsc::Receiver<Reply>>,
    worker: Option<JoinHandle<()>>,
    cancel: Arc<AtomicBool>,
    hooks: Arc<Hooks>,
    serial: u64,
    stats: csp_core::Stats,
    done: bool,
}

/// The search thread of a [`Solutions`] iterator: one solution per
/// request. The model is let go before the last reply, so that the model
/// can change as soon as the iterator is exhausted.
fn enumerate(
    model: Arc<csp_core::Model>,
    options: SearchOptions,
    assumptions: Vec<csp_core::Literal>,
    requests: mpsc::Receiver<()>,
    replies: mpsc::Sender<Reply>,
) {
    let end = {
        let mut solver = csp_core::Solver::with_options(&model, options);
        match solver.assume(&assumptions) {
            Err(e) => Reply::End(Err(e), csp_core::Stats::default()),
            Ok(()) => {
                let mut all = solver.solutions();
                loop {
                    if requests.recv().is_err() {
                        return;
                    }
                    match all.next() {
                        Some(s) => {
                            if replies.send(Reply::Solution(s, all.stats())).is_err() {
                                return;
                            }
                        }
                        None => break Reply::End(Ok(all.status()), all.stats()),
                    }
                }
            }
        }
    };
    drop(model);
    let _ = replies.send(end);
}

impl Solutions {
    fn start(run: Run) -> PyResult<Solutions> {
        let (request, requests) = mpsc::channel();
        let (replies, reply) = mpsc::channel();
        let Run {
            model,
            hooks,
            serial,
            options,
            assumptions,
            cancel,
        } = run;
        let guard_hooks = Arc::clone(&hooks);
        let guard_flag = Arc::clone(&cancel);
        let worker = std::thread::Builder::new()
            .name("gridcsp-solutions".into())
            .spawn(move || {
                let _running = guard_hooks.running(&guard_flag);
                enumerate(model, options, assumptions, requests, replies);
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a search thread: {e}")))?;
        Ok(Solutions {
            request: Some(request),
            reply: Mutex::new(reply),
            worker: Some(worker),
            cancel,
            hooks,
            serial,
            stats: csp_core::Stats::default(),
            done: false,
        })
    }

    /// Waits for the search thread's reply, checking for signals; a signal
    /// cancels the search, and its exception comes back with the reply.
    fn wait(&self, py: Python<'_>) -> (Option<Reply>, Option<PyErr>) {
        let (reply, cancel) = (&self.reply, &self.cancel);
        py.detach(|| {
            let reply = reply.lock().unwrap_or_else(PoisonError::into_inner);
            let mut interrupted = None;
            loop {
                match reply.recv_timeout(Duration::from_millis(20)) {
                    Ok(r) => return (Some(r), interrupted),
                    Err(mpsc::RecvTimeoutError::Disconnected) => return (None, interrupted),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if interrupted.is_none() {
                            if let Err(e) = Python::attach(|py| py.check_signals()) {
                                cancel.store(true, Ordering::Relaxed);
                                interrupted = Some(e);
                            }
                        }
                    }
                }
            }
        })
    }

    /// Ends the iteration: the search thread is joined (without the GIL,
    /// which a Python constraint on it may need).
    fn finish(&mut self, py: Python<'_>) {
        self.done = true;
        self.cancel.store(true, Ordering::Relaxed);
        self.request = None;
        if let Some(worker) = self.worker.take() {
            py.detach(|| {
                let _ = worker.join();
            });
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        if self.done {
            return Ok(None);
        }
        let asked = self.request.as_ref().is_some_and(|r| r.send(()).is_ok());
        let (reply, interrupted) = if asked { self.wait(py) } else { (None, None) };
        if let Some(e) = self.hooks.take_error() {
            self.finish(py);
            return Err(e);
        }
        if let Some(e) = interrupted {
            self.finish(py);
            return Err(e);
        }
        match reply {
            Some(Reply::Solution(s, stats)) => {
                self.stats = stats;
                Ok(Some(Solution::new(s, self.serial)))
            }
            Some(Reply::End(status, stats)) => {
                self.stats = stats;
                self.finish(py);
                match status {
                    Err(e) => Err(model_error(py, &e)),
                    Ok(Some(SearchStatus::Stopped(reason)))
                        if reason != StopReason::SolutionLimit =>
                    {
                        Err(stopped(py, reason, stats.solutions))
                    }
                    Ok(_) => Ok(None),
                }
            }
            None => {
                self.finish(py);
                Err(model_error_text(
                    py,
                    "gridcsp: the search thread ended early".into(),
                ))
            }
        }
    }

    /// The statistics of the search so far.
    #[getter]
    fn stats(&self) -> Stats {
        self.stats.into()
    }

    /// Stops the search (the iterator then ends).
    fn close(&mut self, py: Python<'_>) {
        self.finish(py);
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        if self.worker.is_some() {
            Python::attach(|py| self.finish(py));
        }
    }
}
