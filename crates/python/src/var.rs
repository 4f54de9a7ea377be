//! Variables, literals and the conversions from Python values: domains
//! (a `range` or any ints), lists of variables (any iterable, or a grid),
//! comparison operators and propagation strengths as strings.

use csp_core::{Domain, GccStrength, LinearStrength, RelOp, Strength, Value, VarId};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyRange, PyRangeMethods};

/// An integer variable of a `Model` (a 0/1 variable is also a boolean).
/// Made by `Model.new_var`, `Model.new_vars`, `Model.new_bool` and grids;
/// a solution gives its value (`solution[var]`).
///
/// `var.eq(v)`, `var.ne(v)`, `var.le(v)`, `var.ge(v)`, `var.lt(v)` and
/// `var.gt(v)` are the literals `var == v` and so on, for clauses, counts
/// and reification; a variable itself, where a literal is expected, means
/// `var == 1`.
#[pyclass(frozen, eq, hash, from_py_object, module = "gridcsp", name = "Var")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Var {
    pub(crate) id: VarId,
    /// The Python model that made it (`Model::serial`).
    pub(crate) model: u64,
}

impl Var {
    pub(crate) fn new(id: VarId, model: u64) -> Var {
        Var { id, model }
    }
}

/// The literal `var op value` (`op` one of `OPS`).
fn literal(var: &Var, op: &'static str, value: Value) -> Literal {
    Literal {
        var: *var,
        op,
        value,
    }
}

#[pymethods]
impl Var {
    /// The variable's index in its model (0 for the first made).
    #[getter]
    fn index(&self) -> usize {
        self.id.index()
    }

    /// The literal `self == value`.
    fn eq(&self, value: Value) -> Literal {
        literal(self, "==", value)
    }

    /// The literal `self != value`.
    fn ne(&self, value: Value) -> Literal {
        literal(self, "!=", value)
    }

    /// The literal `self <= value`.
    fn le(&self, value: Value) -> Literal {
        literal(self, "<=", value)
    }

    /// The literal `self >= value`.
    fn ge(&self, value: Value) -> Literal {
        literal(self, ">=", value)
    }

    /// The literal `self < value`.
    fn lt(&self, value: Value) -> Literal {
        literal(self, "<", value)
    }

    /// The literal `self > value`.
    fn gt(&self, value: Value) -> Literal {
        literal(self, ">", value)
    }

    /// The literal `self == 0`: the negation of a boolean.
    fn __invert__(&self) -> Literal {
        literal(self, "==", 0)
    }

    fn __repr__(&self) -> String {
        format!("Var({})", self.id)
    }
}

/// A condition on one variable, `var op value` with `op` one of `==`,
/// `!=`, `<=`, `>=`, `<`, `>`: a term of a clause, a count or a
/// reification. Made by `Literal.eq(var, value)` (and `ne`, `le`, `ge`,
/// `lt`, `gt`) or the same methods of `Var`; `~literal` is its negation.
#[pyclass(frozen, eq, hash, module = "gridcsp", name = "Literal")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Literal {
    var: Var,
    op: &'static str,
    value: Value,
}

impl Literal {
    /// The engine's literal.
    pub(crate) fn to_core(self) -> csp_core::Literal {
        let (v, x) = (self.var.id, self.value);
        match self.op {
            "==" => csp_core::Literal::eq(v, x),
            "!=" => csp_core::Literal::ne(v, x),
            "<=" => csp_core::Literal::le(v, x),
            ">=" => csp_core::Literal::ge(v, x),
            "<" => csp_core::Literal::lt(v, x),
            _ => csp_core::Literal::gt(v, x),
        }
    }
}

#[pymethods]
impl Literal {
    /// `var == value`.
    #[staticmethod]
    #[pyo3(name = "eq")]
    fn make_eq(var: Var, value: Value) -> Literal {
        literal(&var, "==", value)
    }

    /// `var != value`.
    #[staticmethod]
    #[pyo3(name = "ne")]
    fn make_ne(var: Var, value: Value) -> Literal {
        literal(&var, "!=", value)
    }

    /// `var <= value`.
    #[staticmethod]
    #[pyo3(name = "le")]
    fn make_le(var: Var, value: Value) -> Literal {
        literal(&var, "<=", value)
    }

    /// `var >= value`.
    #[staticmethod]
    #[pyo3(name = "ge")]
    fn make_ge(var: Var, value: Value) -> Literal {
        literal(&var, ">=", value)
    }

    /// `var < value`.
    #[staticmethod]
    #[pyo3(name = "lt")]
    fn make_lt(var: Var, value: Value) -> Literal {
        literal(&var, "<", value)
    }

    /// `var > value`.
    #[staticmethod]
    #[pyo3(name = "gt")]
    fn make_gt(var: Var, value: Value) -> Literal {
        literal(&var, ">", value)
    }

    /// The variable.
    #[getter]
    fn var(&self) -> Var {
        self.var
    }

    /// The operator: `==`, `!=`, `<=`, `>=`, `<` or `>`.
    #[getter]
    fn op(&self) -> &'static str {
        self.op
    }

    /// The value compared with.
    #[getter]
    fn value(&self) -> Value {
        self.value
    }

    /// Whether the literal holds when its variable is `value`.
    fn holds(&self, value: Value) -> bool {
        self.to_core().holds(value)
    }

    /// The negation: `~var.eq(3)` is `var.ne(3)`, `~var.le(3)` is
    /// `var.gt(3)`.
    fn __invert__(&self) -> PyResult<Literal> {
        let (op, value) = match self.op {
            "==" => ("!=", self.value),
            "!=" => ("==", self.value),
            "<=" => (">", self.value),
            ">" => ("<=", self.value),
            ">=" => ("<", self.value),
            _ => (">=", self.value),
        };
        Ok(literal(&self.var, op, value))
    }

    fn __repr__(&self) -> String {
        format!("Literal({} {} {})", self.var.id, self.op, self.value)
    }
}

/// The variable `obj` (a `Var`), or a `TypeError`.
pub(crate) fn var_of(obj: &Bound<'_, PyAny>) -> PyResult<Var> {
    obj.cast::<Var>().map(|v| *v.get()).map_err(|_| {
        PyTypeError::new_err(format!("expected a gridcsp.Var, found {}", type_name(obj)))
    })
}

/// The name of `obj`'s type, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "an object".to_owned(), |n| n.to_string())
}

/// The variables of `obj`: any iterable of `Var`s, or a `Grid` (its cells,
/// row by row).
pub(crate) fn vars_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Var>> {
    if let Ok(grid) = obj.cast::<crate::grid::Grid>() {
        return Ok(grid.get().all_vars());
    }
    if obj.cast::<Var>().is_ok() {
        return Err(PyTypeError::new_err(
            "expected a list of variables, found one variable",
        ));
    }
    obj.try_iter()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "expected a list of variables, found {}",
                type_name(obj)
            ))
        })?
        .map(|item| var_of(&item?))
        .collect()
}

/// The literal `obj`: a `Literal`, or a `Var` (meaning `var == 1`).
pub(crate) fn literal_of(obj: &Bound<'_, PyAny>) -> PyResult<csp_core::Literal> {
    if let Ok(l) = obj.cast::<Literal>() {
        return Ok(l.get().to_core());
    }
    match obj.cast::<Var>() {
        Ok(v) => Ok(csp_core::Literal::from(v.get().id)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a gridcsp.Literal or Var, found {}",
            type_name(obj)
        ))),
    }
}

/// The literals of `obj`, any iterable of literals and variables.
pub(crate) fn literals_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<csp_core::Literal>> {
    obj.try_iter()?.map(|item| literal_of(&item?)).collect()
}

/// One domain value from a Python int.
fn value_of(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    obj.extract::<Value>().map_err(|e| {
        if obj.extract::<i64>().is_ok() || e.is_instance_of::<PyOverflowError>(obj.py()) {
            PyOverflowError::new_err("domain values must fit in 32 bits")
        } else {
            PyTypeError::new_err(format!("expected an int, found {}", type_name(obj)))
        }
    })
}

/// A domain: a `range` (of step 1: its bounds; else its values) or any
/// iterable of ints.
pub(crate) fn domain_of(obj: &Bound<'_, PyAny>) -> PyResult<Domain> {
    if let Ok(r) = obj.cast::<PyRange>() {
        if r.step()? == 1 {
            let fit = |v: isize| {
                Value::try_from(v)
                    .map_err(|_| PyOverflowError::new_err("domain values must fit in 32 bits"))
            };
            let (start, stop) = (r.start()?, r.stop()?);
            if stop <= start {
                return Ok(Domain::empty());
            }
            return Ok(Domain::range(fit(start)?, fit(stop - 1)?));
        }
    }
    if obj.extract::<i64>().is_ok() {
        return Err(PyTypeError::new_err(
            "a domain is a range or a list of ints, not one int (range(lo, hi + 1) for lo..hi)",
        ));
    }
    let values: Vec<Value> = obj
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "a domain is a range or a list of ints, not {}",
                type_name(obj)
            ))
        })?
        .map(|item| value_of(&item?))
        .collect::<PyResult<_>>()?;
    Ok(Domain::from_values(values))
}

/// A comparison operator: `<`, `<=`, `>`, `>=`, `==` (or `=`), `!=`.
pub(crate) fn rel_op(op: &str) -> PyResult<RelOp> {
    Ok(match op {
        "<" => RelOp::Lt,
        "<=" => RelOp::Le,
        ">" => RelOp::Gt,
        ">=" => RelOp::Ge,
        "==" | "=" => RelOp::Eq,
        "!=" => RelOp::Ne,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown operator {op:?}: use one of <, <=, >, >=, ==, !="
            )));
        }
    })
}

/// An AllDifferent strength by name.
pub(crate) fn strength(name: &str) -> PyResult<Strength> {
    Ok(match name {
        "forward_checking" => Strength::ForwardChecking,
        "hidden_singles" => Strength::HiddenSingles,
        "domain_consistent" => Strength::DomainConsistent,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown strength {name:?}: use forward_checking, hidden_singles or domain_consistent"
            )));
        }
    })
}

/// A linear constraint's strength by name.
pub(crate) fn linear_strength(name: &str) -> PyResult<LinearStrength> {
    Ok(match name {
        "bounds" => LinearStrength::Bounds,
        "domain" => LinearStrength::Domain,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown strength {name:?}: use bounds or domain"
            )));
        }
    })
}

/// A cardinality constraint's strength by name.
pub(crate) fn gcc_strength(name: &str) -> PyResult<GccStrength> {
    Ok(match name {
        "counting" => GccStrength::Counting,
        "domain_consistent" => GccStrength::DomainConsistent,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown strength {name:?}: use counting or domain_consistent"
            )));
        }
    })
}
