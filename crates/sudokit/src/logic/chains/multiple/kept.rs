//! The multiple chains' implications kept from one scan to the next, per thread, while what
//! they read is unchanged (see `chains::kept` for why a kept walk equals a fresh one).
//!
//! A scan takes the store out of the thread-local (so a re-entrant scan runs without it),
//! drops what the new pencilmarks invalidate, reads the walks it needs from it, and gives every
//! walk it made back at its end.

use super::super::implications::Implications;
use super::super::kept::{Store, Walk};
use super::{Graph, Pot};
use std::cell::RefCell;

impl Walk for Implications {
    fn each_node(&self, f: &mut dyn FnMut(Pot)) {
        for (p, _) in self.reached() {
            f(p);
        }
    }
}

/// The kept implications of one thread, one slot per potential assumed on.
pub(super) type Kept = Store<Implications>;

thread_local! {
    static KEPT: RefCell<Option<Box<Kept>>> = const { RefCell::new(None) };
}

#[cfg(test)]
thread_local! {
    /// How many walks were read back from the store on this thread.
    static REUSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many walks were read back from the store on this thread so far.
#[cfg(test)]
pub(super) fn reused() -> usize {
    REUSED.with(std::cell::Cell::get)
}

/// Counts a walk read back (for the tests).
pub(super) fn count_reuse() {
    #[cfg(test)]
    REUSED.with(|n| n.set(n.get() + 1));
}

/// Forgets the kept implications of this thread.
#[cfg(test)]
pub(super) fn forget() {
    KEPT.with(|kept| *kept.borrow_mut() = None);
}

/// Takes the thread's store (a new one if there is none, or if another scan on this thread
/// holds it), with only the walks that hold in `graph`'s pencilmarks; the others are handed
/// to `dropped`.
pub(super) fn take(graph: &Graph, dropped: &mut dyn FnMut(Implications)) -> Box<Kept> {
    let mut kept = KEPT
        .try_with(|kept| kept.try_borrow_mut().ok()?.take())
        .ok()
        .flatten()
        .unwrap_or_else(|| Box::new(Store::new(729)));
    kept.refresh(graph, dropped);
    kept
}

/// Gives the store back to the thread for the next scan.
pub(super) fn give_back(kept: Box<Kept>) {
    let _ = KEPT.try_with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            if slot.is_none() {
                *slot = Some(kept);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::super::super::graph::pot;
    use super::super::super::implications::Queues;
    use super::*;
    use crate::logic::techniques::MultipleForcingChains;
    use crate::logic::test_util::{all, puzzle};
    use crate::logic::{Finder, Ratings, Solver};

    /// top1465 #1 and #3, and a 7.8 Nishio puzzle: their solve paths reach the multiple chains.
    const LINES: [&str; 3] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ];

    /// Nodes or a chain: `(potential, on)` pairs.
    type Nodes = Vec<(Pot, bool)>;

    /// What a walk holds: its nodes in order, both sets, and the chain to every node.
    fn summary(imp: &Implications) -> (Nodes, Vec<Nodes>) {
        let chains = (0..729u16)
            .flat_map(|p| [imp.chain_to(p, true), imp.chain_to(p, false)])
            .collect();
        let mut nodes: Vec<(Pot, bool)> = imp.reached().collect();
        for on in [true, false] {
            nodes.extend(
                (0..729u16)
                    .filter(|&p| imp.set(on).contains(p))
                    .map(|p| (p, on)),
            );
        }
        (nodes, chains)
    }

    #[test]
    fn kept_implications_equal_fresh_walks_along_solve_paths() {
        // At every state of each solve path, every walk the store still holds equals a fresh
        // walk on the new pencilmarks, node for node and chain for chain (about two in five
        // survive a step: a static walk reaches more cells than a dynamic one).
        let solver = Solver::new();
        let mut queues = Queues::default();
        let (mut compared, mut walked) = (0, 0);
        for line in LINES {
            let mut store: Box<Kept> = Box::new(Store::new(729));
            let mut grid = puzzle(line);
            for _ in 0..40 {
                let graph = Graph::new(&grid);
                store.refresh(&graph, &mut |_| {});
                for cell in grid.empty_cells() {
                    for digit in grid.candidates(cell).iter() {
                        let p = pot(cell, digit);
                        let mut fresh = Implications::empty();
                        fresh.rewalk(&graph, p, &mut queues);
                        match store.take(usize::from(p)) {
                            Some(kept) => {
                                assert_eq!(summary(&kept), summary(&fresh), "{line} {p}");
                                compared += 1;
                            }
                            None => walked += 1,
                        }
                        assert!(store.put(usize::from(p), fresh).is_none());
                    }
                }
                let Some(step) = solver.next_step(&grid) else {
                    break;
                };
                assert!(grid.apply(&step));
            }
        }
        assert!(compared > 5000, "{compared} kept, {walked} walked");
        assert!(walked > 1000, "{walked} walked");
    }

    #[test]
    fn the_finder_with_kept_walks_gives_the_scans_first_step_along_solve_paths() {
        // The first step with kept implications is the first of the full list (which keeps
        // none), at every state of each path, with the states taken in order on one thread.
        forget();
        let before = reused();
        let solver = Solver::new();
        let ratings = Ratings::default();
        let mut states = 0;
        for line in LINES {
            let mut grid = puzzle(line);
            for _ in 0..60 {
                let first = MultipleForcingChains.first(&grid, &ratings);
                let listed = all(&MultipleForcingChains, &grid);
                assert_eq!(first.as_ref(), listed.first(), "{line}: {grid:?}");
                states += 1;
                let Some(step) = solver.next_step(&grid) else {
                    break;
                };
                assert!(grid.apply(&step));
            }
        }
        assert!(states > 40);
        assert!(reused() > before, "kept walks were read back");
    }
}
