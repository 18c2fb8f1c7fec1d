//! Nets kept between dynamic scans, per thread.
//!
//! A scan keeps one net per candidate it walked "on" (about 10-12 KB each). Allocating,
//! clearing and freeing those nets took about a third of the time of a level-4 rating
//! (`malloc`, `free`, `memset` in a profile) and a good part of the default rating's
//! allocation; every scan gives its nets back here when it ends (`Drop for Walks`), and the
//! next one, at any level, walks into them (a recycled net walks as a new one: `dynamic`'s
//! tests).

use super::Net;
use std::cell::RefCell;

/// The most nets kept per thread (a level-4 inner scan keeps a few hundred).
const MAX_NETS: usize = 1024;

thread_local! {
    static POOL: RefCell<Vec<Net>> = const { RefCell::new(Vec::new()) };
}

/// A net given back by an earlier scan, if any.
pub(super) fn take() -> Option<Net> {
    POOL.try_with(|pool| pool.borrow_mut().pop()).ok().flatten()
}

/// Keeps `nets` for later scans (up to [`MAX_NETS`]; the rest are dropped).
pub(super) fn give(nets: impl Iterator<Item = Net>) {
    let _ = POOL.try_with(|pool| {
        let mut pool = pool.borrow_mut();
        let room = MAX_NETS.saturating_sub(pool.len());
        pool.extend(nets.take(room));
    });
}
