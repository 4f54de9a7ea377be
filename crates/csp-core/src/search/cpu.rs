//! The calling thread's CPU time, where the platform gives it.
//!
//! On Linux it is the first field of `/proc/thread-self/schedstat`: the
//! nanoseconds the thread has run on a CPU (scheduler accounting, so it
//! excludes time the thread waited while other processes ran). Some
//! kernels update a running thread's figure only at scheduler ticks (every
//! 1-4 ms), so it is a measure for runs of milliseconds and more, or for
//! sums over many runs. Other
//! platforms give `None`; std offers no portable thread clock, and a
//! `clock_gettime` binding would need `unsafe`, which the workspace forbids.

use std::thread::ThreadId;
use std::time::Duration;

/// The CPU time the calling thread has used so far.
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
        Some(Duration::from_nanos(ns))
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// A reading taken when a run starts: the thread and its CPU time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CpuMark {
    thread: ThreadId,
    at: Duration,
}

impl CpuMark {
    /// Reads the calling thread's clock (`None` where there is none).
    pub(crate) fn now() -> Option<CpuMark> {
        Some(CpuMark {
            thread: std::thread::current().id(),
            at: thread_cpu_time()?,
        })
    }

    /// The CPU time used since the mark, if the calling thread is the one
    /// that took it (a run whose calls moved between threads has no single
    /// thread clock to read).
    pub(crate) fn elapsed(self) -> Option<Duration> {
        if std::thread::current().id() != self.thread {
            return None;
        }
        Some(thread_cpu_time()?.saturating_sub(self.at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_clock_moves_forward_on_linux() {
        let mark = CpuMark::now();
        if cfg!(not(target_os = "linux")) {
            assert!(mark.is_none(), "only Linux has the thread clock");
            return;
        }
        let mark = mark.expect("Linux has a thread clock");
        // Busy for 50 ms of wall time: more than the coarsest accounting
        // tick (some kernels update a running thread's figure only then).
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(50) {
            for i in 0..10_000u64 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
            }
        }
        std::hint::black_box(x);
        let spent = mark.elapsed().expect("same thread");
        assert!(spent > Duration::ZERO);
        assert!(spent <= start.elapsed() + Duration::from_millis(10));
        let other = std::thread::spawn(move || mark.elapsed()).join().unwrap();
        assert_eq!(other, None, "another thread's clock is not this one's");
    }
}
