//! Everything one assumption implies, as Sudoku Explainer's `doChaining` computes it for its
//! multiple forcing chains: from "candidate on", follow every link (in cells and in houses)
//! until nothing new is implied, or until some candidate would be both on and off.
//!
//! The order is SE's, and it is not breadth-first: a pending "on" node is always expanded
//! before the oldest pending "off" node. Each node keeps the first way it was reached, so the
//! order decides each chain's length, and so the rating. On a contradiction SE stops and keeps
//! what it has so far; so does this.

use super::graph::{Graph, Mode, Pot, PotSet};
use std::collections::VecDeque;

/// Marks the assumption, which has no parent.
const ROOT: u32 = u32::MAX;

/// Marks a potential not reached.
const UNSEEN: u16 = u16::MAX;

/// The queues of a walk, kept by the caller for the next one.
#[derive(Debug, Default)]
pub(super) struct Queues {
    on: VecDeque<u32>,
    off: VecDeque<u32>,
}

/// A node reached: its potential, whether it is on, and the node that implied it.
#[derive(Debug, Clone, Copy)]
struct Node {
    pot: Pot,
    on: bool,
    parent: u32,
}

/// The consequences of one assumption.
#[derive(Debug, Clone)]
pub(super) struct Implications {
    nodes: Vec<Node>,
    /// For each potential, the index of its "on" node, if reached (at most 1458 nodes).
    on_index: Vec<u16>,
    /// For each potential, the index of its "off" node, if reached.
    off_index: Vec<u16>,
    on_set: PotSet,
    off_set: PotSet,
}

impl Implications {
    /// Nothing implied yet, with room for a typical walk.
    pub(super) fn empty() -> Implications {
        Implications {
            nodes: Vec::with_capacity(256),
            on_index: vec![UNSEEN; 729],
            off_index: vec![UNSEEN; 729],
            on_set: PotSet::default(),
            off_set: PotSet::default(),
        }
    }

    /// Replaces what this held by what "`source` on" implies in `graph`, reusing its buffers
    /// and the queues in `queues` (a multiple chains scan walks from a few hundred sources at
    /// every step: five allocations each were a tenth of the scan).
    pub(super) fn rewalk(&mut self, graph: &Graph, source: Pot, queues: &mut Queues) {
        // Only the slots of the nodes reached were set.
        for node in &self.nodes {
            let slot = usize::from(node.pot) % 729;
            if node.on {
                self.on_index[slot] = UNSEEN;
            } else {
                self.off_index[slot] = UNSEEN;
            }
        }
        self.nodes.clear();
        self.on_set = PotSet::default();
        self.off_set = PotSet::default();
        let result = self;
        result.push(source, true, ROOT);
        let mode = Mode { y: true, x: true };
        let Queues {
            on: pending_on,
            off: pending_off,
        } = queues;
        pending_on.clear();
        pending_off.clear();
        pending_on.push_back(0);
        let mut contradiction = false;
        while !contradiction {
            if let Some(i) = pending_on.pop_front() {
                let p = result.nodes[i as usize].pot;
                graph.on_to_off(p, true, |q| {
                    if contradiction {
                        return;
                    }
                    if result.on_set.contains(q) {
                        contradiction = true;
                    } else if !result.off_set.contains(q) {
                        pending_off.push_back(result.push(q, false, i));
                    }
                });
            } else if let Some(i) = pending_off.pop_front() {
                let p = result.nodes[i as usize].pot;
                graph.off_to_on(p, mode, |r| {
                    if contradiction {
                        return;
                    }
                    if result.off_set.contains(r) {
                        contradiction = true;
                    } else if !result.on_set.contains(r) {
                        pending_on.push_back(result.push(r, true, i));
                    }
                });
            } else {
                break;
            }
        }
    }

    fn push(&mut self, pot: Pot, on: bool, parent: u32) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node { pot, on, parent });
        let (set, table) = if on {
            (&mut self.on_set, &mut self.on_index)
        } else {
            (&mut self.off_set, &mut self.off_index)
        };
        set.insert(pot);
        // Each potential is reached at most once on and once off: at most 1458 nodes.
        table[usize::from(pot) % 729] = index as u16;
        index
    }

    /// The potentials implied to be `on` (or off).
    pub(super) fn set(&self, on: bool) -> &PotSet {
        if on {
            &self.on_set
        } else {
            &self.off_set
        }
    }

    /// The nodes implied, in the order they were reached: `(potential, on)`.
    pub(super) fn reached(&self) -> impl Iterator<Item = (Pot, bool)> + '_ {
        self.nodes.iter().map(|n| (n.pot, n.on))
    }

    fn index(&self, pot: Pot, on: bool) -> Option<u32> {
        let table = if on { &self.on_index } else { &self.off_index };
        table
            .get(usize::from(pot))
            .copied()
            .filter(|&i| i != UNSEEN)
            .map(u32::from)
    }

    /// How many nodes the chain to `(pot, on)` has, both ends included (SE's ancestor count);
    /// 0 if it was not reached.
    pub(super) fn chain_len(&self, pot: Pot, on: bool) -> u32 {
        let Some(mut i) = self.index(pot, on) else {
            return 0;
        };
        let mut n = 1;
        while let Some(node) = self.nodes.get(i as usize) {
            if node.parent == ROOT {
                break;
            }
            n += 1;
            i = node.parent;
        }
        n
    }

    /// The chain from the assumption to `(pot, on)`: `(potential, on)` pairs.
    pub(super) fn chain_to(&self, pot: Pot, on: bool) -> Vec<(Pot, bool)> {
        let mut reversed = Vec::new();
        let mut next = self.index(pot, on);
        while let Some(node) = next.and_then(|i| self.nodes.get(i as usize)) {
            reversed.push((node.pot, node.on));
            next = (node.parent != ROOT).then_some(node.parent);
        }
        reversed.reverse();
        reversed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::puzzle;

    /// What a walk holds, to compare two: every node in order, both sets, every chain length.
    fn summary(imp: &Implications) -> (Vec<(Pot, bool)>, PotSet, PotSet, Vec<u32>) {
        let lengths = (0..729u16)
            .flat_map(|p| [imp.chain_len(p, true), imp.chain_len(p, false)])
            .collect();
        (
            imp.reached().collect(),
            *imp.set(true),
            *imp.set(false),
            lengths,
        )
    }

    #[test]
    fn a_walk_into_a_used_one_equals_a_fresh_walk() {
        // Two states of top1465 #1: walks of the first are rewalked in the second.
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut grid = puzzle(line);
        let first = Graph::new(&grid);
        let step = crate::logic::Solver::new()
            .next_step(&grid)
            .expect("a step");
        assert!(grid.apply(&step));
        let second = Graph::new(&grid);
        let mut queues = Queues::default();
        let pots = |g: &Graph| -> Vec<Pot> {
            (0..729u16)
                .filter(|&p| g.cands(usize::from(p) / 9) & 1 << (p % 9) != 0)
                .collect()
        };
        let mut used: Vec<Implications> = pots(&first)
            .into_iter()
            .map(|p| {
                let mut imp = Implications::empty();
                imp.rewalk(&first, p, &mut queues);
                imp
            })
            .collect();
        let mut compared = 0;
        for (k, p) in pots(&second).into_iter().enumerate() {
            let mut fresh = Implications::empty();
            fresh.rewalk(&second, p, &mut Queues::default());
            let recycled = &mut used[k % 7];
            recycled.rewalk(&second, p, &mut queues);
            assert_eq!(summary(recycled), summary(&fresh), "source {p}");
            assert!(fresh.reached().count() > 1);
            compared += 1;
        }
        assert!(compared > 100);
    }
}
