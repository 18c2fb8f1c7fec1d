//! Cancellation of long chain searches: the [`Guard`] of the current thread, installed by
//! [`Guard::run`] (which the finder wrapper [`Guarded`](crate::budget::Guarded) calls around
//! each search) and polled by the dynamic chain searches every few sources, so that one search
//! of several seconds cannot overrun a time budget or ignore a cancellation.
//!
//! The state is thread-local and crate-private: a search runs on one thread, and a caller
//! passes its guard explicitly ([`Guard::run`]), so the engine keeps no global state it can
//! see. Without a guard, polling reads nothing; with one, the clock is read only when the
//! guard has a time limit (the clock is the caller's: the library never reads the time).

use crate::budget::Guard;
use std::cell::RefCell;

thread_local! {
    /// The guard of the search running on this thread, if any.
    static GUARD: RefCell<Option<Guard>> = const { RefCell::new(None) };
}

/// Makes a guard the thread's until dropped (then the previous one is back).
pub(crate) struct Installed {
    previous: Option<Guard>,
}

/// Runs searches on this thread under `guard` (none: no limit) until the result drops.
pub(crate) fn install(guard: Option<Guard>) -> Installed {
    let previous = GUARD.with(|g| g.replace(guard));
    Installed { previous }
}

impl Drop for Installed {
    fn drop(&mut self) {
        let previous = self.previous.take();
        GUARD.with(|g| g.replace(previous));
    }
}

/// Whether the search running on this thread must stop: its guard is spent, or its deadline
/// has passed or its flag been set (which spends it).
pub(crate) fn should_stop() -> bool {
    GUARD.with(|g| g.borrow().as_ref().is_some_and(Guard::should_stop))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Budget, Limit};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn a_passed_deadline_cancels_until_the_guard_is_uninstalled() {
        let now = Arc::new(|| Duration::from_secs(10));
        assert!(!should_stop());
        {
            let spent =
                Guard::new(Budget::UNLIMITED.with_time(Duration::ZERO)).with_clock(now.clone());
            let _installed = install(Some(spent.clone()));
            assert!(should_stop());
            assert_eq!(spent.spent(), Some(Limit::Time(Duration::ZERO)));
            {
                // A nested install with no guard does not stop, and restores on drop.
                let _inner = install(None);
                assert!(!should_stop());
            }
            assert!(should_stop());
        }
        assert!(!should_stop());
        let far =
            Guard::new(Budget::UNLIMITED.with_time(Duration::from_secs(3600))).with_clock(now);
        let _installed = install(Some(far.clone()));
        assert!(!should_stop());
        assert_eq!(far.spent(), None);
    }
}
