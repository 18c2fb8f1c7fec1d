//! Cancellation of long chain searches: they poll [`should_stop`] every few sources, which
//! reads the [`Guard`](crate::budget::Guard) of the current thread, installed by
//! [`Guard::run`](crate::budget::Guard::run) (the finder wrapper
//! [`Guarded`](crate::logic::Guarded) calls it around each search), so that one search of
//! several seconds cannot overrun a time budget or ignore a cancellation. The thread-local
//! itself lives in [`budget`](crate::budget), below `logic`.

/// Whether the search running on this thread must stop: its guard is spent, or its deadline
/// has passed or its flag been set (which spends it).
pub(crate) fn should_stop() -> bool {
    crate::budget::current_should_stop()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{install, Budget, Guard, Limit};
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
