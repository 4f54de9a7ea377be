//! The time limit and cancellation flag of an analysis, for the
//! techniques: they are propagation, so the engine's limits (read before
//! each decision) never interrupt them, and on a large empty grid they can
//! run for a minute. The grader sets a [`Guard`] on the thread that
//! propagates (the analysis runs on the calling thread); every technique
//! asks [`halted`] before it searches, and once the deadline has passed or
//! the flag is raised it deduces nothing more, so propagation ends within
//! one technique call. The guard then says it fired, and the grader
//! reports the stop instead of a grade.

use csp_core::StopReason;
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A deadline and a cancellation flag.
type Limits = (Option<Instant>, Option<Arc<AtomicBool>>);

thread_local! {
    /// The deadline and flag in force on this thread.
    static LIMITS: RefCell<Option<Limits>> = const { RefCell::new(None) };
    /// Why the techniques stopped, once they have.
    static FIRED: Cell<Option<StopReason>> = const { Cell::new(None) };
}

/// The limits of one analysis, in force until dropped.
#[derive(Debug)]
pub(crate) struct Guard {
    before: Option<Limits>,
    fired_before: Option<StopReason>,
}

impl Guard {
    /// Puts `deadline` and `cancel` in force on this thread.
    pub(crate) fn new(deadline: Option<Instant>, cancel: Option<Arc<AtomicBool>>) -> Guard {
        let limits = (deadline.is_some() || cancel.is_some()).then_some((deadline, cancel));
        Guard {
            before: LIMITS.with(|l| l.replace(limits)),
            fired_before: FIRED.with(|f| f.replace(None)),
        }
    }

    /// Why the techniques stopped early, if they did.
    pub(crate) fn fired(&self) -> Option<StopReason> {
        FIRED.with(Cell::get)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        LIMITS.with(|l| *l.borrow_mut() = self.before.take());
        FIRED.with(|f| f.set(self.fired_before));
    }
}

/// Whether the techniques must stop: the deadline has passed or the flag
/// is raised (and from then on, for the rest of the analysis).
pub(crate) fn halted() -> bool {
    if FIRED.with(Cell::get).is_some() {
        return true;
    }
    let reason = LIMITS.with(|l| {
        let l = l.borrow();
        let (deadline, cancel) = l.as_ref()?;
        if cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        deadline
            .is_some_and(|d| Instant::now() >= d)
            .then_some(StopReason::TimeLimit)
    });
    if reason.is_some() {
        FIRED.with(|f| f.set(reason));
    }
    reason.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn fires_after_the_deadline_and_only_inside_the_guard() {
        assert!(!halted());
        {
            let guard = Guard::new(Some(Instant::now() + Duration::from_secs(60)), None);
            assert!(!halted());
            assert_eq!(guard.fired(), None);
        }
        {
            let guard = Guard::new(Some(Instant::now()), None);
            assert!(halted());
            assert_eq!(guard.fired(), Some(StopReason::TimeLimit));
        }
        assert!(!halted(), "the guard's limits end with it");
        let flag = Arc::new(AtomicBool::new(true));
        let guard = Guard::new(None, Some(flag));
        assert!(halted());
        assert_eq!(guard.fired(), Some(StopReason::Cancelled));
    }
}
