//! Sudoku Explainer's unary searches from one source candidate, as breadth-first searches
//! that advance one round (an on half and an off half) at a time, so that the caller can run
//! every source in lockstep and stop as soon as no longer chain could win.
//!
//! - [`UnarySearch`] (SE's `doCycles`, and its `doForcingChains` from "source on"): from
//!   "source on", look for a way back to "source on" of at least four links (a cycle), and for
//!   "source off" (a forcing chain that removes the source). "On" nodes are each reached once
//!   (the first way found), but an "off" node is expanded again for each "on" node that turns
//!   it off, unless it is an ancestor of that "on" node on its chain; each expansion that leads
//!   back to the source closes a cycle. The re-expansions only ever reach "on" nodes already
//!   seen, so the "on" nodes come level by level in the very order of SE's separate forcing
//!   search from "source on", which is therefore folded in here: it ends at the first "on"
//!   node, in that order, that turns the source off.
//! - [`ForcingSearch`] (SE's `doForcingChains` from "source off"): each node once, until
//!   "source on" is implied: a forcing chain that places the source digit.
//!
//! A chain found in round `k` has `2k` distinct nodes, SE's "complexity" of the hint.
//!
//! The searches keep their nodes in a list the caller owns and may share between searches
//! (one allocation per scan rather than one per search): a search's round appends its new
//! nodes in one run, so each level is a range of that list, and nodes name their parents by
//! index in it.

use super::bits::exactly_two;
use super::graph::{Graph, Mode, Pot, PotSet};
use crate::logic::cell_set::{HOUSE_MASKS, PEER_MASKS};
use std::ops::{ControlFlow, Range};

/// Marks the root of a search tree.
const ROOT: u32 = u32::MAX;

/// The "off" potentials from which `Graph::off_to_on` turns something on, for each mode of
/// links: an "off" node outside them leads nowhere, so a search marks it seen and goes on
/// (most "off" nodes: a search reaches a digit's peers, few of them bivalue or in a conjugate
/// pair). Built once per grid.
pub(super) struct Links {
    /// Indexed by `usize::from(mode.y) | usize::from(mode.x) << 1`.
    by_mode: [PotSet; 4],
}

impl Links {
    pub(super) fn new(graph: &Graph) -> Links {
        let mut bivalue = 0u128;
        for cell in 0..81 {
            if exactly_two(u128::from(graph.cands(cell))) {
                bivalue |= 1 << cell;
            }
        }
        let mut by_mode = [PotSet::default(); 4];
        for d in 0..9 {
            let cells = graph.cells_with(d).bits();
            // Y: the digit in a bivalue cell; X: the digit in a house where it has two places.
            let y = bivalue & cells;
            let mut x = 0u128;
            for &house in &HOUSE_MASKS {
                let pair = cells & house;
                if exactly_two(pair) {
                    x |= pair;
                }
            }
            for (i, set) in by_mode.iter_mut().enumerate() {
                let mut mask = if i & 1 != 0 { y } else { 0 } | if i & 2 != 0 { x } else { 0 };
                while mask != 0 {
                    let cell = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    set.insert((cell * 9 + d) as Pot);
                }
            }
        }
        Links { by_mode }
    }

    /// The "off" nodes that turn something on with `mode`'s links.
    fn turning_on(&self, mode: Mode) -> &PotSet {
        &self.by_mode[usize::from(mode.y) | usize::from(mode.x) << 1]
    }
}

/// An "on" node of a unary search: its potential, the "off" potential that turned it on, and
/// the "on" node that turned that one off.
#[derive(Clone, Copy)]
pub(super) struct OnNode {
    pot: Pot,
    via: Pot,
    parent: u32,
}

/// SE's `doCycles` (and forcing chains from "source on") from one source, one round at a time.
pub(super) struct UnarySearch {
    source: Pot,
    mode: Mode,
    /// Whether to look for the forcing chain "source on implies source off" too.
    forcing: bool,
    on_seen: PotSet,
    off_seen: PotSet,
    /// The "off" nodes that turn the source on (its strong links): a cycle closes through
    /// them.
    closers: [Pot; 4],
    closer_count: usize,
    /// The closers' cells and digits: an "on" node in none of those cells, whose digit is
    /// none of theirs or whose cell sees none of them, turns no closer off.
    closer_cells: u128,
    closer_digits: u16,
    /// The "on" nodes to expand in the next round.
    level: Range<usize>,
    /// Rounds done so far.
    round: u32,
    /// The "on" node that turned the source off, once found.
    forcing_hit: Option<u32>,
}

/// What hears of each cycle a [`UnarySearch`] closes: the search, its node list and the end.
pub(super) type CycleFound<'a> =
    dyn FnMut(&UnarySearch, &[OnNode], CycleEnd) -> ControlFlow<()> + 'a;

/// Where a cycle closes: the last "on" node before the source, and the "off" node after it.
#[derive(Clone, Copy)]
pub(super) struct CycleEnd {
    on: u32,
    off: Pot,
}

impl UnarySearch {
    /// A search from `source` on in `graph`, not started; `forcing` also looks for "source
    /// off". Its root goes at the end of `nodes`.
    pub(super) fn new(
        graph: &Graph,
        nodes: &mut Vec<OnNode>,
        source: Pot,
        mode: Mode,
        forcing: bool,
    ) -> UnarySearch {
        // Strong links are symmetric: q off turns the source on iff the source off turns q on.
        let mut closers = [0 as Pot; 4];
        let mut closer_count = 0;
        let (mut closer_cells, mut closer_digits) = (0u128, 0u16);
        graph.off_to_on(source, mode, |q| {
            if closer_count < closers.len() {
                closers[closer_count] = q;
                closer_count += 1;
                closer_cells |= 1 << (q / 9);
                closer_digits |= 1 << (q % 9);
            }
        });
        let mut on_seen = PotSet::default();
        on_seen.insert(source);
        let root = nodes.len();
        nodes.push(OnNode {
            pot: source,
            via: source,
            parent: ROOT,
        });
        UnarySearch {
            source,
            mode,
            forcing,
            on_seen,
            off_seen: PotSet::default(),
            closers,
            closer_count,
            closer_cells,
            closer_digits,
            level: root..root + 1,
            round: 0,
            forcing_hit: None,
        }
    }

    /// Whether nothing is left to expand.
    pub(super) fn is_done(&self) -> bool {
        self.level.is_empty()
    }

    /// Whether the search still looks for the forcing chain from "source on".
    pub(super) fn wants_forcing(&self) -> bool {
        self.forcing && self.forcing_hit.is_none()
    }

    /// Whether "`p` on" may turn a closer off (if not, no cycle closes at `p`).
    fn near_closer(&self, p: Pot) -> bool {
        let (cell, digit) = (usize::from(p) / 9, usize::from(p) % 9);
        (self.mode.y && self.closer_cells & (1 << cell) != 0)
            || (self.closer_digits & (1 << digit) != 0
                && PEER_MASKS[cell % 81] & self.closer_cells != 0)
    }

    /// Runs the next round; `found` hears of each cycle closed in it, in SE's order, and may
    /// stop the round (the search then counts as done). Returns whether the forcing chain was
    /// found in this round.
    pub(super) fn advance(
        &mut self,
        graph: &Graph,
        links: &Links,
        nodes: &mut Vec<OnNode>,
        found: &mut CycleFound<'_>,
    ) -> bool {
        self.round += 1;
        let round = self.round;
        let level = self.level.clone();
        let start = nodes.len();
        let mut forcing_found = false;
        let turning_on = links.turning_on(self.mode);
        for i in level {
            let p = nodes[i];
            if self.wants_forcing() && graph.weak_link(p.pot, self.source, self.mode.y) {
                self.forcing_hit = Some(i as u32);
                forcing_found = true;
            }
            let mut offs = [0 as Pot; 32];
            let mut n = 0;
            graph.on_to_off(p.pot, self.mode.y, |q| {
                if n < offs.len() {
                    offs[n] = q;
                    n += 1;
                }
            });
            // Whether a cycle may close at `p` (one of its "off" nodes is a closer).
            let near = round >= 2 && self.near_closer(p.pot);
            for &q in &offs[..n] {
                // SE expands q again for every p that turns it off, unless q is on p's chain
                // (`isParent`); but a second expansion only turns on nodes already on, so all
                // it can add is a cycle, when q leads back to the source.
                if near
                    && self.closers[..self.closer_count].contains(&q)
                    && !is_ancestor(nodes, i as u32, q)
                {
                    let end = CycleEnd {
                        on: i as u32,
                        off: q,
                    };
                    if found(self, nodes, end).is_break() {
                        self.level = 0..0;
                        return forcing_found;
                    }
                }
                if self.off_seen.contains(q) {
                    continue;
                }
                self.off_seen.insert(q);
                // An "off" node that turns nothing on is only marked seen.
                if !turning_on.contains(q) {
                    continue;
                }
                graph.off_to_on(q, self.mode, |r| {
                    if !self.on_seen.contains(r) {
                        self.on_seen.insert(r);
                        nodes.push(OnNode {
                            pot: r,
                            via: q,
                            parent: i as u32,
                        });
                    }
                });
            }
        }
        self.level = start..nodes.len();
        forcing_found
    }

    /// The chain from the source to "on" node `i` of `nodes`: `(potential, on)` pairs,
    /// alternately on and off.
    fn path_to(nodes: &[OnNode], mut i: u32) -> Vec<(Pot, bool)> {
        let mut reversed = Vec::new();
        while let Some(node) = nodes.get(i as usize) {
            reversed.push((node.pot, true));
            if node.parent == ROOT {
                break;
            }
            reversed.push((node.via, false));
            i = node.parent;
        }
        reversed.reverse();
        reversed
    }

    /// The cycle ending at `end`, from the source: `(potential, on)` pairs, alternately on and
    /// off, the source first (and not repeated at the end).
    pub(super) fn cycle_path(&self, nodes: &[OnNode], end: CycleEnd) -> Vec<(Pot, bool)> {
        let mut path = Self::path_to(nodes, end.on);
        path.push((end.off, false));
        path
    }

    /// Each node of the cycle ending at `end`, from its end back to the source, as
    /// `(potential, on)`: the nodes of `cycle_path`, without building it.
    pub(super) fn cycle_nodes(nodes: &[OnNode], end: CycleEnd, mut f: impl FnMut(Pot, bool)) {
        f(end.off, false);
        let mut i = end.on;
        while let Some(node) = nodes.get(i as usize) {
            f(node.pot, true);
            if node.parent == ROOT {
                break;
            }
            f(node.via, false);
            i = node.parent;
        }
    }

    /// The forcing chain found, from "source on" to "source off".
    pub(super) fn forcing_path(&self, nodes: &[OnNode]) -> Vec<(Pot, bool)> {
        let Some(hit) = self.forcing_hit else {
            return Vec::new();
        };
        let mut path = Self::path_to(nodes, hit);
        path.push((self.source, false));
        path
    }
}

/// Whether "off" potential `q` is on the chain that led to "on" node `i` (SE's `isParent`).
fn is_ancestor(nodes: &[OnNode], mut i: u32, q: Pot) -> bool {
    while let Some(node) = nodes.get(i as usize) {
        if node.parent == ROOT {
            return false;
        }
        if node.via == q {
            return true;
        }
        i = node.parent;
    }
    false
}

/// A node of a forcing-chain search.
#[derive(Clone, Copy)]
pub(super) struct ForcingNode {
    pot: Pot,
    parent: u32,
}

/// SE's `doForcingChains` from "source off", one round at a time.
pub(super) struct ForcingSearch {
    source: Pot,
    mode: Mode,
    on_seen: PotSet,
    off_seen: PotSet,
    /// The "off" nodes to expand first in the next round.
    level: Range<usize>,
    /// The "off" node whose expansion turned the source on.
    hit: Option<u32>,
}

impl ForcingSearch {
    /// A search from `source` assumed off, not started. Its root goes at the end of `nodes`.
    pub(super) fn new(nodes: &mut Vec<ForcingNode>, source: Pot, mode: Mode) -> ForcingSearch {
        let mut off_seen = PotSet::default();
        off_seen.insert(source);
        let root = nodes.len();
        nodes.push(ForcingNode {
            pot: source,
            parent: ROOT,
        });
        ForcingSearch {
            source,
            // SE's forcing chains always use X links.
            mode: Mode { x: true, ..mode },
            on_seen: PotSet::default(),
            off_seen,
            level: root..root + 1,
            hit: None,
        }
    }

    /// Whether the search is over: it found its chain or ran out of nodes.
    pub(super) fn is_done(&self) -> bool {
        self.hit.is_some() || self.level.is_empty()
    }

    /// Runs the next round; returns whether the chain was found in it.
    pub(super) fn advance(
        &mut self,
        graph: &Graph,
        links: &Links,
        nodes: &mut Vec<ForcingNode>,
    ) -> bool {
        if self.is_done() {
            return false;
        }
        // The "off" half may meet "source on"; then the "on" half.
        let first = self.level.clone();
        let start = nodes.len();
        for i in first {
            let p = nodes[i].pot;
            let mut hit = false;
            graph.off_to_on(p, self.mode, |r| {
                hit |= r == self.source;
                if !hit && !self.on_seen.contains(r) {
                    self.on_seen.insert(r);
                    nodes.push(ForcingNode {
                        pot: r,
                        parent: i as u32,
                    });
                }
            });
            if hit {
                self.hit = Some(i as u32);
                return true;
            }
        }
        // An "off" node that turns nothing on is marked seen but not listed: its expansion
        // would add nothing.
        let turning_on = links.turning_on(self.mode);
        let second = start..nodes.len();
        let next = nodes.len();
        for i in second {
            let p = nodes[i].pot;
            graph.on_to_off(p, self.mode.y, |q| {
                if !self.off_seen.contains(q) {
                    self.off_seen.insert(q);
                    if turning_on.contains(q) {
                        nodes.push(ForcingNode {
                            pot: q,
                            parent: i as u32,
                        });
                    }
                }
            });
        }
        self.level = next..nodes.len();
        false
    }

    /// The chain found, from "source off" to "source on": `(potential, on)` pairs.
    pub(super) fn path(&self, nodes: &[ForcingNode]) -> Vec<(Pot, bool)> {
        let Some(hit) = self.hit else {
            return Vec::new();
        };
        let mut reversed = Vec::new();
        let mut i = hit;
        while let Some(node) = nodes.get(i as usize) {
            reversed.push(node.pot);
            if node.parent == ROOT {
                break;
            }
            i = node.parent;
        }
        reversed.reverse();
        // Off at even depths (the source's state), on at odd ones.
        let mut path: Vec<(Pot, bool)> = reversed
            .into_iter()
            .enumerate()
            .map(|(depth, p)| (p, depth % 2 == 1))
            .collect();
        path.push((self.source, true));
        path
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::pot;
    use super::super::reach::tests::states;
    use super::*;

    const MODES: [Mode; 3] = [
        Mode { y: false, x: true },
        Mode { y: true, x: false },
        Mode { y: true, x: true },
    ];

    #[test]
    fn the_nodes_turning_something_on_are_those_off_to_on_lists() {
        let mut turning = 0;
        for grid in states(40) {
            let graph = Graph::new(&grid);
            let links = Links::new(&graph);
            for mode in MODES {
                for p in 0..729u16 {
                    if graph.cands(usize::from(p) / 9) & 1 << (p % 9) == 0 {
                        continue;
                    }
                    let mut any = false;
                    graph.off_to_on(p, mode, |_| any = true);
                    assert_eq!(links.turning_on(mode).contains(p), any, "{p} {mode:?}");
                    turning += usize::from(any);
                }
            }
        }
        assert!(turning > 1000, "{turning}");
    }

    #[test]
    fn an_on_node_far_from_the_closers_turns_none_off() {
        // Every candidate of every state, from every source and mode: a node that turns a
        // closer off is near one.
        let (mut near, mut turning) = (0, 0);
        for grid in states(20) {
            let graph = Graph::new(&grid);
            let candidates: Vec<Pot> = grid
                .empty_cells()
                .iter()
                .flat_map(|cell| grid.candidates(cell).iter().map(move |d| pot(cell, d)))
                .collect();
            for mode in MODES {
                for &source in &candidates {
                    let mut nodes = Vec::new();
                    let search = UnarySearch::new(&graph, &mut nodes, source, mode, mode.x);
                    let closers = &search.closers[..search.closer_count];
                    for &p in &candidates {
                        let mut turns_closer_off = false;
                        graph.on_to_off(p, mode.y, |q| turns_closer_off |= closers.contains(&q));
                        let is_near = search.near_closer(p);
                        assert!(!turns_closer_off || is_near, "{source} {p} {mode:?}");
                        near += usize::from(is_near);
                        turning += usize::from(turns_closer_off);
                    }
                }
            }
        }
        // The test is selective: most nodes are far.
        assert!(turning > 10_000 && near < 3 * turning, "{near} {turning}");
    }
}
