//! Cancellation of long chain searches: a deadline for the current thread, set by the rater's
//! budget (`rate::budget::Watched`) around one finder's search and polled by the dynamic chain
//! searches every few sources, so that one search of several seconds cannot overrun a time
//! budget.
//!
//! The state is thread-local and crate-private: a search runs on one thread, and callers other
//! than the rater never set a deadline, so the engine stays free of global state they can see.
//! Without a deadline, polling does not read the clock (the clock is not available on every
//! target, e.g. WebAssembly without a host).
//!
//! Beside the deadline, a search can be cancelled from another thread: the rater's caller may
//! hand it a [`CancelFlag`](crate::rate::CancelFlag) (say, the CLI once its output pipe is
//! closed), which the wrapper installs here for the finder's search with [`set_flag`], and
//! [`should_stop`] reads it as well.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

thread_local! {
    /// The deadline of the search running on this thread, if any.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether a search on this thread has been cancelled since the deadline was set.
    static CANCELLED: Cell<bool> = const { Cell::new(false) };
    /// A flag another thread may raise to stop the search running on this thread.
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Installs `flag` as this thread's cancel flag until the guard drops (then the previous one
/// is back).
pub(crate) struct FlagGuard {
    previous: Option<Arc<AtomicBool>>,
}

/// Lets searches on this thread be stopped by `flag` (none: only by the deadline) until the
/// guard drops.
pub(crate) fn set_flag(flag: Option<Arc<AtomicBool>>) -> FlagGuard {
    let previous = FLAG.with(|f| f.replace(flag));
    FlagGuard { previous }
}

impl Drop for FlagGuard {
    fn drop(&mut self) {
        let previous = self.previous.take();
        FLAG.with(|f| *f.borrow_mut() = previous);
    }
}

/// Sets the deadline of searches on this thread until the guard is dropped (then the previous
/// one is back, and the cancelled flag is cleared).
pub(crate) struct DeadlineGuard {
    previous: Option<Instant>,
    previous_cancelled: bool,
}

/// Runs searches on this thread under `deadline` (none: no limit) until the guard drops.
pub(crate) fn set_deadline(deadline: Option<Instant>) -> DeadlineGuard {
    let previous = DEADLINE.with(|d| d.replace(deadline));
    let previous_cancelled = CANCELLED.with(|c| c.replace(false));
    DeadlineGuard {
        previous,
        previous_cancelled,
    }
}

impl DeadlineGuard {
    /// Whether a search was cancelled under this guard.
    pub(crate) fn cancelled(&self) -> bool {
        CANCELLED.with(Cell::get)
    }
}

impl Drop for DeadlineGuard {
    fn drop(&mut self) {
        DEADLINE.with(|d| d.set(self.previous));
        CANCELLED.with(|c| c.set(self.previous_cancelled));
    }
}

/// Whether the search running on this thread must stop: its deadline has passed (or it was
/// already cancelled). Reads the clock only when a deadline is set.
pub(crate) fn should_stop() -> bool {
    if CANCELLED.with(Cell::get) {
        return true;
    }
    let raised = FLAG.with(|f| {
        f.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    });
    if raised {
        CANCELLED.with(|c| c.set(true));
        return true;
    }
    let Some(deadline) = DEADLINE.with(Cell::get) else {
        return false;
    };
    let stop = Instant::now() >= deadline;
    if stop {
        CANCELLED.with(|c| c.set(true));
    }
    stop
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_passed_deadline_cancels_until_the_guard_drops() {
        assert!(!should_stop());
        {
            let guard = set_deadline(Some(Instant::now()));
            assert!(should_stop());
            assert!(guard.cancelled());
            {
                // A nested guard with no deadline does not stop, and restores on drop.
                let inner = set_deadline(None);
                assert!(!should_stop());
                assert!(!inner.cancelled());
            }
            assert!(guard.cancelled());
        }
        assert!(!should_stop());
        let far = set_deadline(Some(Instant::now() + Duration::from_secs(3600)));
        assert!(!should_stop());
        assert!(!far.cancelled());
    }

    #[test]
    fn a_raised_flag_cancels_while_it_is_installed() {
        let flag = Arc::new(AtomicBool::new(false));
        let deadline = set_deadline(None);
        {
            let _installed = set_flag(Some(Arc::clone(&flag)));
            assert!(!should_stop());
            flag.store(true, Ordering::Relaxed);
            assert!(should_stop());
            assert!(deadline.cancelled());
        }
        drop(deadline);
        // Once the guards drop, the raised flag no longer reaches this thread's searches.
        assert!(!should_stop());
    }
}
