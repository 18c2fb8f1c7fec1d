//! Walks kept from one scan to the next while what they read is unchanged.
//!
//! A walk from one assumption, on the pencilmarks (the multiple chains' `Implications`) or on
//! a working grid that loses its "off" candidates (a level-0 dynamic `Net`), is a pure
//! function of the assumption and of the marks it reads, and it reads little: expanding a node
//! of candidate `d` in cell `c` looks at the candidates of `c` and at the places of `d` in the
//! box, row and column of `c` (its peers), and nothing else (for a dynamic walk: in the
//! pencilmarks less the candidates the walk itself turned off, and, for hidden parents, in the
//! pencilmarks). So if no mark changed in a cell that holds a node of the walk, nor candidate
//! `d` in a peer of a cell that holds a node of digit `d`, a fresh walk on the new marks
//! expands the same nodes in the same order with the same parents: by induction on the
//! expansions, each one reads the same marks. Every node of the walk counts, expanded or not,
//! so the test is on a superset of what was read.
//!
//! The solver calls a chain finder once per step that reaches it, and in between applies that
//! step and the singles it opens: the walks none of those changes touch are taken from a
//! [`Store`] instead of walked again. A store holds walks valid in one set of marks (those of
//! its last [`refresh`](Store::refresh)), so it serves any grid: a walk that does not hold in
//! the new marks is dropped, whatever grid came between.

use super::graph::{Graph, Pot};
use crate::board::Cell;
use crate::logic::cell_set::CellSet;

/// A walk whose nodes can be listed.
pub(super) trait Walk {
    /// Calls `f` with the potential of every node.
    fn each_node(&self, f: &mut dyn FnMut(Pot));
}

/// Where a walk's nodes are: per digit, the cells of its nodes of that digit.
type Footprint = [CellSet; 9];

fn footprint(walk: &dyn Walk) -> Footprint {
    let mut cells = [CellSet::EMPTY; 9];
    walk.each_node(&mut |p| {
        let index = usize::from(p);
        if let Some(cell) = Cell::new(index / 9) {
            cells[index % 9].insert(cell);
        }
    });
    cells
}

/// Walks kept per slot (a slot per assumption), each valid in the marks of the last refresh.
pub(super) struct Store<T> {
    /// The candidates of each cell that every kept walk holds in; `None` before the first
    /// refresh.
    marks: Option<[u16; 81]>,
    slots: Vec<Option<(T, Footprint)>>,
}

impl<T: Walk> Store<T> {
    /// A store of `slots` slots, all empty.
    pub(super) fn new(slots: usize) -> Store<T> {
        Store {
            marks: None,
            slots: (0..slots).map(|_| None).collect(),
        }
    }

    /// Keeps only the walks that hold in `graph`'s marks, handing the others to `dropped`.
    pub(super) fn refresh(&mut self, graph: &Graph, dropped: &mut dyn FnMut(T)) {
        let marks: [u16; 81] = std::array::from_fn(|c| graph.cands(c));
        // The cells whose candidates changed, and per digit the cells whose reading of it
        // changed (a changed cell and its peers).
        let mut changed = CellSet::EMPTY;
        let mut near = [CellSet::EMPTY; 9];
        let known = self.marks.is_some();
        if let Some(old) = self.marks {
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
        for slot in self.slots.iter_mut() {
            let holds = slot.as_ref().is_some_and(|(_, cells)| {
                known
                    && cells.iter().zip(&near).all(|(&mine, &moved)| {
                        (mine & changed).is_empty() && (mine & moved).is_empty()
                    })
            });
            if !holds {
                if let Some((walk, _)) = slot.take() {
                    dropped(walk);
                }
            }
        }
        self.marks = Some(marks);
    }

    /// The kept walk of `slot`, taken out of the store.
    pub(super) fn take(&mut self, slot: usize) -> Option<T> {
        Some(self.slots.get_mut(slot)?.take()?.0)
    }

    /// Keeps `walk` (made on the marks of the last refresh) in `slot`; a walk it replaces, or
    /// `walk` itself if there is no such slot, is handed back.
    pub(super) fn put(&mut self, slot: usize, walk: T) -> Option<T> {
        let Some(place) = self.slots.get_mut(slot) else {
            return Some(walk);
        };
        let cells = footprint(&walk);
        place.replace((walk, cells)).map(|(old, _)| old)
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::pot;
    use super::*;
    use crate::logic::test_util::{cell, digit, puzzle, remove};

    /// A walk given by its nodes.
    struct Nodes(Vec<Pot>);

    impl Walk for Nodes {
        fn each_node(&self, f: &mut dyn FnMut(Pot)) {
            self.0.iter().copied().for_each(f);
        }
    }

    /// Whether a walk with one node, `value` in `at`, outlives the removal of `gone` from
    /// `cells`.
    fn survives(at: &str, value: u8, gone: u8, cells: &str) -> bool {
        let mut grid = puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let mut store = Store::new(1);
        store.refresh(&Graph::new(&grid), &mut |_| {});
        assert!(store
            .put(0, Nodes(vec![pot(cell(at), digit(value))]))
            .is_none());
        remove(&mut grid, gone, cells);
        let mut dropped = 0;
        store.refresh(&Graph::new(&grid), &mut |_| dropped += 1);
        let kept = store.take(0).is_some();
        assert_eq!(kept, dropped == 0);
        kept
    }

    #[test]
    fn a_walk_is_dropped_exactly_when_a_mark_it_reads_changes() {
        // r1c2 holds 1, 2, 5, 6, 7, 8 and 9 in top1465 #1; a node of 2 there reads the cell and
        // the places of 2 in its row, column and box.
        assert!(!survives("r1c2", 2, 5, "r1c2"), "its own cell");
        assert!(!survives("r1c2", 2, 2, "r1c9"), "its digit in its row");
        assert!(!survives("r1c2", 2, 2, "r9c2"), "its digit in its column");
        assert!(!survives("r1c2", 2, 2, "r3c3"), "its digit in its box");
        assert!(survives("r1c2", 2, 5, "r1c9"), "another digit in its row");
        assert!(
            survives("r1c2", 2, 2, "r9c9"),
            "its digit outside its houses"
        );
    }

    #[test]
    fn a_store_drops_everything_at_its_first_refresh() {
        let grid = puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let graph = Graph::new(&grid);
        let mut store = Store::new(2);
        assert!(store.put(1, Nodes(vec![5])).is_none());
        let mut dropped = 0;
        store.refresh(&graph, &mut |_| dropped += 1);
        assert_eq!(dropped, 1);
        assert!(store.take(1).is_none());
        // A slot it does not have hands the walk back.
        assert!(store.put(7, Nodes(vec![5])).is_some());
    }
}
