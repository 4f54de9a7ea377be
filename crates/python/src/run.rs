//! Running a search without the GIL, and stopping it on Ctrl-C.
//!
//! Python runs signal handlers (Ctrl-C's `KeyboardInterrupt`) only on its
//! main thread, and only when that thread asks. So a search runs on a
//! helper thread while the calling thread, with the GIL released, waits for
//! it and checks for signals every few milliseconds; a signal raises the
//! search's cancellation flag (`Limits::cancel`), the search stops at its
//! next node, and the signal's exception is raised. Other Python threads
//! run meanwhile, and a constraint written in Python takes the GIL from
//! the helper thread when the search calls it.

use csp_core::Limits;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How often the waiting thread checks for signals.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// The limits of one search: `time_limit` in seconds, `node_limit` in
/// decisions, and the search's cancellation flag.
pub(crate) fn limits(
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    cancel: &Arc<AtomicBool>,
) -> PyResult<Limits> {
    let time = time_limit.map(seconds).transpose()?;
    Ok(Limits {
        nodes: node_limit,
        time,
        solutions: None,
        cancel: Some(Arc::clone(cancel)),
    })
}

/// `time_limit`, a number of seconds, as a duration.
pub(crate) fn seconds(time_limit: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(time_limit).map_err(|_| {
        PyValueError::new_err(format!(
            "time_limit must be a number of seconds, 0 or more: {time_limit}"
        ))
    })
}

/// A fresh cancellation flag.
pub(crate) fn flag() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

/// Runs `work` with the GIL released, on a helper thread, while this
/// thread checks for signals; a signal sets `cancel` (which `work`'s
/// search must watch), waits for `work` to stop and raises the signal's
/// exception.
pub(crate) fn released<T, F>(py: Python<'_>, cancel: &Arc<AtomicBool>, work: F) -> PyResult<T>
where
    F: FnOnce() -> T + Send,
    T: Send,
{
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let helper = std::thread::Builder::new()
                .name("gridcsp-search".into())
                .spawn_scoped(scope, move || {
                    let result = work();
                    // The receiver waits until this is sent (or the sender
                    // is dropped, if `work` panicked).
                    let _ = done.send(());
                    result
                })
                .map_err(|e| {
                    PyRuntimeError::new_err(format!("cannot start a search thread: {e}"))
                })?;
            let mut interrupted = None;
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(SIGNAL_CHECK) {
                if interrupted.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        interrupted = Some(e);
                    }
                }
            }
            let result = helper
                .join()
                .map_err(|_| PyRuntimeError::new_err("gridcsp: internal error in a search"))?;
            match interrupted {
                Some(e) => Err(e),
                None => Ok(result),
            }
        })
    })
}
