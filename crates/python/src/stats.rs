//! Search statistics as a Python object.

use pyo3::prelude::*;

/// What a search did: decisions, nodes, failures, propagator calls, depth,
/// solutions, restarts and time.
#[pyclass(frozen, module = "gridcsp", name = "Stats")]
#[derive(Clone, Debug)]
pub(crate) struct Stats {
    inner: csp_core::Stats,
}

impl From<csp_core::Stats> for Stats {
    fn from(inner: csp_core::Stats) -> Stats {
        Stats { inner }
    }
}

#[pymethods]
impl Stats {
    /// Branches `x = v` taken (what `node_limit` counts).
    #[getter]
    fn decisions(&self) -> u64 {
        self.inner.decisions
    }

    /// Nodes of the search tree (decisions and refutations).
    #[getter]
    fn nodes(&self) -> u64 {
        self.inner.nodes
    }

    /// Nodes whose propagation failed.
    #[getter]
    fn failures(&self) -> u64 {
        self.inner.failures
    }

    /// Propagator calls.
    #[getter]
    fn propagations(&self) -> u64 {
        self.inner.propagations
    }

    /// The deepest decision level reached.
    #[getter]
    fn max_depth(&self) -> u32 {
        self.inner.max_depth
    }

    /// Solutions found.
    #[getter]
    fn solutions(&self) -> u64 {
        self.inner.solutions
    }

    /// Restarts made.
    #[getter]
    fn restarts(&self) -> u64 {
        self.inner.restarts
    }

    /// Wall time of the search, in seconds.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.inner.elapsed.as_secs_f64()
    }

    /// CPU time of the search thread in seconds, when the solver was made
    /// with `cpu_time=True`; else `None`.
    #[getter]
    fn cpu_time(&self) -> Option<f64> {
        self.inner.cpu_time.map(|d| d.as_secs_f64())
    }

    /// The statistics as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("decisions", self.inner.decisions)?;
        d.set_item("nodes", self.inner.nodes)?;
        d.set_item("failures", self.inner.failures)?;
        d.set_item("propagations", self.inner.propagations)?;
        d.set_item("max_depth", self.inner.max_depth)?;
        d.set_item("solutions", self.inner.solutions)?;
        d.set_item("restarts", self.inner.restarts)?;
        d.set_item("elapsed", self.elapsed())?;
        d.set_item("cpu_time", self.cpu_time())?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let s = &self.inner;
        format!(
            "Stats(decisions={}, nodes={}, failures={}, propagations={}, max_depth={}, solutions={}, restarts={}, elapsed={:.6})",
            s.decisions,
            s.nodes,
            s.failures,
            s.propagations,
            s.max_depth,
            s.solutions,
            s.restarts,
            self.elapsed()
        )
    }
}
