//! Errors as Python exceptions.
//!
//! The exception classes are written in Python (`gridcsp/_errors.py`), so
//! that `ParseError` and `ModelError` can also be `ValueError`s and carry
//! their attributes in a plain `__init__`; they are looked up once, from
//! the package that imported this extension.

use csp_core::{ModelError, StopReason};
use gridcsp_puzzles::{GenerateError, GradeError, ParseError};
use pyo3::BoundObject;
use pyo3::call::PyCallArgs;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// The module that defines the exception classes.
static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// An instance of the exception class `name` of `gridcsp._errors`, made
/// with `args`, as an error to raise (or the error met on the way).
fn raise<'py>(py: Python<'py>, name: &str, args: impl PyCallArgs<'py>) -> PyErr {
    let made = ERRORS
        .get_or_try_init(py, || py.import("gridcsp._errors").map(Bound::unbind))
        .and_then(|m| m.bind(py).getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// `gridcsp.ParseError` with the message and its line and column.
pub(crate) fn parse_error(py: Python<'_>, e: &ParseError) -> PyErr {
    raise(py, "ParseError", (e.to_string(), e.line, e.column))
}

/// `gridcsp.ModelError`.
pub(crate) fn model_error(py: Python<'_>, e: &ModelError) -> PyErr {
    raise(py, "ModelError", (e.to_string(),))
}

/// `gridcsp.ModelError` with a message of ours.
pub(crate) fn model_error_text(py: Python<'_>, text: String) -> PyErr {
    raise(py, "ModelError", (text,))
}

/// What a search stopped by `reason` raises: `KeyboardInterrupt` for a
/// cancelled one (Ctrl-C), else `gridcsp.LimitReached` with the reason
/// (`"node limit"`, `"time limit"`) and what was found so far.
pub(crate) fn stopped<'py>(
    py: Python<'py>,
    reason: StopReason,
    found: impl IntoPyObject<'py>,
) -> PyErr {
    let short = match reason {
        StopReason::NodeLimit => "node limit",
        StopReason::TimeLimit => "time limit",
        StopReason::SolutionLimit => "solution limit",
        StopReason::Cancelled => return PyKeyboardInterrupt::new_err("search cancelled"),
    };
    let message = format!("the search stopped: {reason}");
    match found.into_pyobject(py) {
        Ok(found) => raise(
            py,
            "LimitReached",
            (message, short, found.into_bound().into_any()),
        ),
        Err(e) => e.into(),
    }
}

/// What grading, explaining or hinting a puzzle raises.
pub(crate) fn grade_error(py: Python<'_>, e: GradeError) -> PyErr {
    match e {
        GradeError::NoSolution => raise(py, "NoSolution", (e.to_string(),)),
        GradeError::MultipleSolutions => raise(py, "MultipleSolutions", (e.to_string(),)),
        GradeError::Stopped(reason) => stopped(py, reason, py.None()),
        GradeError::Model(m) => model_error(py, &m),
        other => raise(py, "GridcspError", (other.to_string(),)),
    }
}

/// What a failed generation raises.
/// A generator stopped by its time limit raises `LimitReached` (with
/// nothing found), one stopped by Ctrl-C `KeyboardInterrupt`.
pub(crate) fn generate_error(py: Python<'_>, e: &GenerateError) -> PyErr {
    match e {
        GenerateError::Stopped(reason) => stopped(py, *reason, py.None()),
        other => raise(py, "GenerateError", (other.to_string(),)),
    }
}
