//! Level-0 dynamic walks kept from one scan to the next, per thread, while what they read is
//! unchanged.
//!
//! A plain dynamic walk (`Net::rewalk` with SE's dynamic rules at level 0) is a pure function
//! of its assumption and of the pencilmarks it reads, and it reads little: expanding a node of
//! candidate `d` in cell `c` looks at the candidates of `c` and at the places of `d` in the
//! box, row and column of `c` (its peers), in the working grid (the pencilmarks less the
//! candidates the walk itself turned off) and, for hidden parents, in the pencilmarks. So if
//! no pencilmark changed in a cell that holds a node of the walk, nor candidate `d` in a peer
//! of a cell that holds a node of digit `d`, a fresh walk on the new pencilmarks expands the
//! same nodes in the same order with the same parents: by induction on the expansions, each
//! one reads the same marks. Every node of the walk counts, expanded or not, so the test is
//! on a superset of what was read.
//!
//! The solver calls the dynamic finder once per step that reaches it, and in between applies
//! that step and the singles it opens; the walks (the "on" and "off" walk of every candidate
//! of a cell with two or more) whose nodes none of those changes touch are taken from here
//! instead of walked again. A scan takes the store out of the thread-local (so a re-entrant
//! scan runs without it), drops what the new pencilmarks invalidate, and gives every walk it
//! made back at its end, with the pencilmarks they hold in.

use super::{Graph, Net, Pot};
use crate::board::Cell;
use crate::logic::cell_set::CellSet;
use std::cell::RefCell;

/// A kept walk: the net and, per digit, the cells of its nodes of that digit.
struct Entry {
    net: Net,
    cells: [CellSet; 9],
}

/// The kept walks of one thread.
pub(super) struct Kept {
    /// The pencilmarks (candidates of each cell) every kept walk holds in; `None` before the
    /// first scan.
    marks: Option<[u16; 81]>,
    /// The walk from each potential assumed on (at `pot`) or off (at `729 + pot`).
    slots: Vec<Option<Entry>>,
}

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
            .unwrap_or_else(|| {
                Box::new(Kept {
                    marks: None,
                    slots: (0..2 * 729).map(|_| None).collect(),
                })
            });
        let marks: [u16; 81] = std::array::from_fn(|c| graph.cands(c));
        // The cells whose candidates changed, and per digit the cells whose reading of it
        // changed (a changed cell and its peers).
        let mut changed = CellSet::EMPTY;
        let mut near = [CellSet::EMPTY; 9];
        let all_changed = kept.marks.is_none();
        if let Some(old) = kept.marks {
            for (c, (&was, &is)) in old.iter().zip(&marks).enumerate() {
                let mut diff = was ^ is;
                if diff == 0 {
                    continue;
                }
                let Some(cell) = Cell::new(c) else { continue };
                changed.insert(cell);
                let around = CellSet::peers(cell) | CellSet::single(cell);
                while diff != 0 {
                    let d = diff.trailing_zeros() as usize;
                    diff &= diff - 1;
                    near[d % 9] |= around;
                }
            }
        }
        for entry in kept.slots.iter_mut() {
            let holds = entry.as_ref().is_some_and(|e| {
                !all_changed
                    && e.cells.iter().zip(&near).all(|(&mine, &moved)| {
                        (mine & changed).is_empty() && (mine & moved).is_empty()
                    })
            });
            if !holds {
                if let Some(e) = entry.take() {
                    spare.push(e.net);
                }
            }
        }
        kept.marks = Some(marks);
        kept
    }

    /// The kept walk from `(pot, on)`, taken out of the store.
    pub(super) fn walk(&mut self, pot: Pot, on: bool) -> Option<Net> {
        let net = self.slots.get_mut(slot(pot, on))?.take()?.net;
        #[cfg(test)]
        REUSED.with(|n| n.set(n.get() + 1));
        Some(net)
    }

    /// Keeps `net` (a walk on the pencilmarks of the last [`take`](Kept::take)); a net it
    /// replaces is handed back.
    pub(super) fn put(&mut self, net: Net) -> Option<Net> {
        let (start, on) = net.pot_of(0);
        let mut cells = [CellSet::EMPTY; 9];
        for (p, _) in net.reached(true).chain(net.reached(false)) {
            let index = usize::from(p);
            if let Some(cell) = Cell::new(index / 9) {
                cells[index % 9].insert(cell);
            }
        }
        let old = self
            .slots
            .get_mut(slot(start, on))?
            .replace(Entry { net, cells });
        old.map(|e| e.net)
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
