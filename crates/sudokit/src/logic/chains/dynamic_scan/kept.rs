//! Level-0 dynamic walks kept from one scan to the next, per thread, while what they read is
//! unchanged (see `chains::kept` for why a kept walk equals a fresh one).
//!
//! Only the plain level-0 rules qualify: from level 1 on, a walk applies the level's rules to
//! the whole working grid when its links run out, so it reads more than its nodes' marks.
//! A scan takes the store out of the thread-local (so a re-entrant scan runs without it),
//! drops what the new pencilmarks invalidate, reads the "on" and "off" walks it needs from it,
//! and gives every walk it made back at its end.

use super::super::kept::{Store, Walk};
use super::{Graph, Net, Pot};
use std::cell::RefCell;

impl Walk for Net {
    fn each_node(&self, f: &mut dyn FnMut(Pot)) {
        for (p, _) in self.reached(true).chain(self.reached(false)) {
            f(p);
        }
    }
}

/// The kept walks of one thread: the walk from each potential assumed on (at `pot`) or off
/// (at `729 + pot`).
pub(super) struct Kept(Store<Net>);

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

/// Forgets the kept walks of this thread.
#[cfg(test)]
pub(super) fn forget() {
    KEPT.with(|kept| *kept.borrow_mut() = None);
}

/// The slot of `(pot, on)`.
fn slot(pot: Pot, on: bool) -> usize {
    usize::from(pot) % 729 + if on { 0 } else { 729 }
}

impl Kept {
    /// Takes the thread's store (a new one if there is none, or if another scan on this
    /// thread holds it: then this scan's walks are kept when it ends), with only the walks
    /// that hold in `graph`'s pencilmarks; the others are handed to `spare`.
    pub(super) fn take(graph: &Graph, spare: &mut Vec<Net>) -> Box<Kept> {
        let mut kept = KEPT
            .try_with(|kept| kept.borrow_mut().take())
            .ok()
            .flatten()
            .unwrap_or_else(|| Box::new(Kept(Store::new(2 * 729))));
        kept.0.refresh(graph, &mut |net| spare.push(net));
        kept
    }

    /// The kept walk from `(pot, on)`, taken out of the store.
    pub(super) fn walk(&mut self, pot: Pot, on: bool) -> Option<Net> {
        let net = self.0.take(slot(pot, on))?;
        #[cfg(test)]
        REUSED.with(|n| n.set(n.get() + 1));
        Some(net)
    }

    /// Keeps `net` (a walk on the pencilmarks of the last [`take`](Kept::take)); a net it
    /// replaces is handed back.
    pub(super) fn put(&mut self, net: Net) -> Option<Net> {
        let (start, on) = net.pot_of(0);
        self.0.put(slot(start, on), net)
    }

    /// Gives the store back to the thread for the next scan.
    pub(super) fn give_back(self: Box<Kept>) {
        let _ = KEPT.try_with(|kept| {
            let mut kept = kept.borrow_mut();
            if kept.is_none() {
                *kept = Some(self);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::{cell_pots, Family, Work};
    use super::*;
    use crate::logic::cell_set::CellSet;
    use crate::logic::techniques::DynamicForcingChains;
    use crate::logic::test_util::{all, puzzle};
    use crate::logic::{Finder, Ratings, Solver};

    /// top1465 #1 and #3, and a 7.8 Nishio puzzle: their solve paths reach the dynamic chains.
    const LINES: [&str; 3] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ];

    /// What a walk found, through the accessors the scans use: the nodes reached on and off in
    /// order (with their indices), the node of every potential, the contradiction, and for
    /// each node the chain to it (its ancestors breadth-first and its links, which list every
    /// ancestor's parents in order).
    fn found(net: &Net) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for on in [true, false] {
            out.push(
                net.reached(on)
                    .flat_map(|(p, i)| [u32::from(p), i])
                    .collect(),
            );
            out.push(
                (0..729)
                    .map(|p| net.node(p, on).unwrap_or(u32::MAX))
                    .collect(),
            );
        }
        let contradiction = net.contradiction();
        out.push(contradiction.map_or(vec![], |(a, b)| vec![a, b]));
        let ends = contradiction.into_iter().flat_map(|(a, b)| [a, b]);
        let nodes: Vec<u32> = net
            .reached(true)
            .chain(net.reached(false))
            .map(|(_, i)| i)
            .chain(ends)
            .collect();
        for i in nodes {
            out.push(net.ancestors(i));
            out.push(
                net.links_to(i)
                    .into_iter()
                    .flat_map(|((a, a_on), (b, b_on))| {
                        [u32::from(a), u32::from(a_on), u32::from(b), u32::from(b_on)]
                    })
                    .collect(),
            );
        }
        out
    }

    #[test]
    fn a_kept_walk_equals_a_fresh_walk_along_solve_paths() {
        // At every state of each solve path, every walk the store still holds after the
        // step equals a fresh walk on the new pencilmarks node for node, parents and order
        // included; then every walk of the state is made (or taken) and kept.
        let rules = Family::Dynamic(0).rules();
        let solver = Solver::new();
        let (mut compared, mut walked) = (0, 0);
        for line in LINES {
            forget();
            let mut grid = puzzle(line);
            for _ in 0..40 {
                let graph = Graph::new(&grid);
                let base = Work::of(&graph);
                let mut spare = Vec::new();
                let mut kept = Kept::take(&graph, &mut spare);
                for cell in CellSet::ALL {
                    let pots = cell_pots(&graph, cell);
                    if pots.len() < 2 {
                        continue;
                    }
                    for &p in pots.iter() {
                        for on in [true, false] {
                            let net = match kept.walk(p, on) {
                                Some(net) => {
                                    let fresh = Net::walk(&base, rules, (p, on), None);
                                    assert_eq!(found(&net), found(&fresh), "{line} {p} {on}");
                                    compared += 1;
                                    net
                                }
                                None => {
                                    walked += 1;
                                    Net::walk(&base, rules, (p, on), None)
                                }
                            };
                            assert!(kept.put(net).is_none());
                        }
                    }
                }
                kept.give_back();
                let Some(step) = solver.next_step(&grid) else {
                    break;
                };
                assert!(grid.apply(&step));
            }
        }
        // Most walks survive a step (singles change few cells), and some do not.
        assert!(compared > walked, "{compared} kept, {walked} walked");
        assert!(walked > 1000, "{walked} walked");
    }

    #[test]
    fn the_finder_with_kept_walks_gives_the_scans_first_step_along_solve_paths() {
        // The first step with kept walks is the first of the full list (which keeps none),
        // at every state of each path, with the states taken in order on one thread.
        forget();
        let before = reused();
        let solver = Solver::new();
        let ratings = Ratings::default();
        let mut states = 0;
        for line in LINES {
            let mut grid = puzzle(line);
            for _ in 0..60 {
                let first = DynamicForcingChains::PLAIN.first(&grid, &ratings);
                let listed = all(&DynamicForcingChains::PLAIN, &grid);
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
