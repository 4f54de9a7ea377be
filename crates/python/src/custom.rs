//! Constraints written in Python: a `scope` and an `is_satisfied`
//! callback, checked by the engine's forward checking (as a Rust
//! constraint with only `is_satisfied` is).
//!
//! The search calls the callback from its thread, taking the GIL for the
//! call. An exception in the callback cannot cross the engine (the method
//! returns a `bool`), so it is kept in the model's [`Hooks`], every search
//! of the model under way is cancelled, and the search's caller raises
//! it.

use csp_core::{Constraint, Value, VarId};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// What the Python constraints of one model share with its searches.
#[derive(Debug, Default)]
pub(crate) struct Hooks {
    /// The first exception a callback raised, not yet reported.
    error: Mutex<Option<PyErr>>,
    /// The cancellation flags of the searches under way.
    running: Mutex<Vec<Arc<AtomicBool>>>,
}

impl Hooks {
    /// Keeps `e` (the first one) and cancels every search under way.
    fn fail(&self, e: PyErr) {
        let mut error = self.error.lock().unwrap_or_else(PoisonError::into_inner);
        error.get_or_insert(e);
        let running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        for flag in running.iter() {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The exception a callback raised since the last call, if any.
    pub(crate) fn take_error(&self) -> Option<PyErr> {
        self.error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// Registers a search's cancellation flag until the guard is dropped.
    pub(crate) fn running(self: &Arc<Self>, flag: &Arc<AtomicBool>) -> Running {
        self.running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Arc::clone(flag));
        Running {
            hooks: Arc::clone(self),
            flag: Arc::clone(flag),
        }
    }
}

/// A search under way (see [`Hooks::running`]).
#[derive(Debug)]
pub(crate) struct Running {
    hooks: Arc<Hooks>,
    flag: Arc<AtomicBool>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut running = self
            .hooks
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = running.iter().position(|f| Arc::ptr_eq(f, &self.flag)) {
            running.swap_remove(i);
        }
    }
}

/// A constraint whose test is a Python callable.
#[derive(Debug)]
pub(crate) struct PyConstraint {
    scope: Vec<VarId>,
    /// Called with the scope's values (a list of ints); truthy when they
    /// satisfy the constraint.
    check: Py<PyAny>,
    name: String,
    hooks: Arc<Hooks>,
}

impl PyConstraint {
    pub(crate) fn new(
        scope: Vec<VarId>,
        check: Py<PyAny>,
        name: String,
        hooks: Arc<Hooks>,
    ) -> PyConstraint {
        PyConstraint {
            scope,
            check,
            name,
            hooks,
        }
    }
}

impl Constraint for PyConstraint {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        Python::attach(|py| {
            let verdict = self
                .check
                .call1(py, (values.to_vec(),))
                .and_then(|r| r.bind(py).is_truthy());
            verdict.unwrap_or_else(|e| {
                self.hooks.fail(e);
                false
            })
        })
    }

    fn name(&self) -> &str {
        &self.name
    }
}
