//! Nets kept between the inner scans of the nesting levels, per thread.
//!
//! From level 4 on, a walk whose links run out runs a whole dynamic scan on the grid it has
//! left (see `nested`), and such a scan keeps one net per candidate it walked "on" (about 10 KB
//! each, for the cell and region chains). Allocating, clearing and freeing those nets for every
//! inner scan took about a third of the time of a level-4 rating (`malloc`, `free`, `memset`
//! in a profile); an inner scan gives its nets back here when it ends, and the next one walks
//! into them (a recycled net walks as a new one: `dynamic`'s tests).

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
