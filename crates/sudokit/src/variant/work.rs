//! Propagation's scratch state: the queue of cells whose digit is still to leave their peers,
//! and a log of the cells changed, from which each stage finds the houses and relations it
//! must look at again (a state after a guess differs from its parent's fixed point in one
//! cell, so rescanning every house and relation each round was most of a guess's cost).

use super::build::{Dead, DONE};
use std::cell::RefCell;

/// Lists indexed by a number (a cell, a house): `items[start[i]..start[i + 1]]`, one
/// allocation for all.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lists {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    /// `count` lists, filled from `(index, item)` pairs in any order.
    pub(crate) fn new(count: usize, entries: impl Iterator<Item = (usize, u32)> + Clone) -> Lists {
        let mut start = vec![0u32; count + 1];
        for (i, _) in entries.clone() {
            start[i + 1] += 1;
        }
        for i in 0..count {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut items = vec![0; start[count] as usize];
        for (i, item) in entries {
            items[fill[i] as usize] = item;
            fill[i] += 1;
        }
        Lists { start, items }
    }

    /// List `i`.
    pub(crate) fn get(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The scratch state of one search (kept between states to save allocations).
#[derive(Debug, Clone, Default)]
pub(crate) struct Work {
    /// Cells down to one digit that their peers may still hold.
    pub(crate) queue: Vec<usize>,
    /// Every cell changed in this propagation, in order (with repeats).
    pub(crate) log: Vec<u32>,
    /// A flag per house, crossing or relation, while a list of them is made.
    flags: Vec<bool>,
    /// Lists given back, for reuse.
    spare: Vec<Vec<u32>>,
    /// The candidates before a group propagator ran, to log what it changed.
    pub(crate) snapshot: Vec<u32>,
}

thread_local! {
    /// Scratch spaces of searches that ended on this thread: a search on a small grid spent as
    /// long allocating its lists as propagating.
    static POOL: RefCell<Vec<Work>> = const { RefCell::new(Vec::new()) };
}

/// How many scratch spaces a thread keeps (one per search alive at once is enough).
const POOLED: usize = 4;

impl Work {
    /// A scratch space from this thread's pool, or a new one. Every field is cleared before
    /// use ([`Work::clear`], [`Work::expand`]'s flags are all false between calls), so what a
    /// pooled one held never shows.
    pub(crate) fn take() -> Work {
        POOL.try_with(|pool| pool.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Returns this scratch space to the thread's pool.
    pub(crate) fn release(self) {
        let _ = POOL.try_with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < POOLED {
                pool.push(self);
            }
        });
    }

    /// Starts a propagation: nothing queued or logged.
    pub(crate) fn clear(&mut self) {
        self.queue.clear();
        self.log.clear();
    }

    /// The items that `of` lists for the cells logged from `from` on, each once, in the order
    /// first met; `size` is the number of items. Give the list back when done.
    pub(crate) fn touched(&mut self, from: usize, of: &Lists, size: usize) -> Vec<u32> {
        let log = std::mem::take(&mut self.log);
        let out = self.expand(&log[from..], of, size);
        self.log = log;
        out
    }

    /// The items that `of` lists for each of `keys`, each once, in the order first met;
    /// `size` is the number of items. Give the list back when done.
    pub(crate) fn expand(&mut self, keys: &[u32], of: &Lists, size: usize) -> Vec<u32> {
        // The flags are all false between calls (each call clears those it set), so they are
        // not cleared whole: a call after a guess touches a few of hundreds of crossings.
        if self.flags.len() < size {
            self.flags.resize(size, false);
        }
        let mut out = self.spare.pop().unwrap_or_default();
        out.clear();
        for &key in keys {
            for &item in of.get(key as usize) {
                let flag = &mut self.flags[item as usize];
                if !*flag {
                    *flag = true;
                    out.push(item);
                }
            }
        }
        for &item in &out {
            self.flags[item as usize] = false;
        }
        out
    }

    /// Gives back a list that [`Work::touched`] or [`Work::expand`] returned, for reuse.
    pub(crate) fn give_back(&mut self, list: Vec<u32>) {
        self.spare.push(list);
    }
}

/// Takes `gone` out of `cand[cell]`, logging the change and queueing the cell when one digit
/// is left; whether it changed.
pub(crate) fn remove(
    cand: &mut [u32],
    cell: usize,
    gone: u32,
    work: &mut Work,
) -> Result<bool, Dead> {
    let old = cand[cell];
    if old & gone == 0 {
        return Ok(false);
    }
    if old & DONE != 0 {
        return Err(Dead);
    }
    let new = old & !gone;
    if new == 0 {
        return Err(Dead);
    }
    cand[cell] = new;
    work.log.push(cell as u32);
    if new & (new - 1) == 0 {
        work.queue.push(cell);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_each_index_items_in_order() {
        let lists = Lists::new(3, [(2, 7), (0, 1), (2, 8), (0, 4)].into_iter());
        assert_eq!(lists.get(0), &[1, 4]);
        assert_eq!(lists.get(1), &[] as &[u32]);
        assert_eq!(lists.get(2), &[7, 8]);
    }

    #[test]
    fn touched_lists_each_item_once_from_the_cursor() {
        let of = Lists::new(3, [(0, 0), (0, 1), (1, 1), (2, 2)].into_iter());
        let mut work = Work {
            log: vec![2, 0, 1, 0],
            ..Work::default()
        };
        assert_eq!(work.touched(1, &of, 3), vec![0, 1]);
        assert_eq!(work.touched(0, &of, 3), vec![2, 0, 1]);
        assert_eq!(work.touched(4, &of, 3), Vec::<u32>::new());
    }

    #[test]
    fn removing_logs_queues_and_finds_dead_states() {
        let mut work = Work::default();
        let mut cand = vec![(1 << 2) | (1 << 3), (1 << 2) | DONE, 1 << 2];
        assert_eq!(remove(&mut cand, 0, 1 << 4, &mut work), Ok(false));
        assert_eq!(remove(&mut cand, 0, 1 << 2, &mut work), Ok(true));
        assert_eq!((work.log.clone(), work.queue.clone()), (vec![0], vec![0]));
        assert_eq!(remove(&mut cand, 1, 1 << 2, &mut work), Err(Dead));
        assert_eq!(remove(&mut cand, 2, 1 << 2, &mut work), Err(Dead));
    }
}
