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

use super::graph::{Graph, Mode, Pot, PotSet};
use std::ops::{ControlFlow, Range};

/// Marks the root of a search tree.
const ROOT: u32 = u32::MAX;

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
        graph.off_to_on(source, mode, |q| {
            if closer_count < closers.len() {
                closers[closer_count] = q;
                closer_count += 1;
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

    /// Runs the next round; `found` hears of each cycle closed in it, in SE's order, and may
    /// stop the round (the search then counts as done). Returns whether the forcing chain was
    /// found in this round.
    pub(super) fn advance(
        &mut self,
        graph: &Graph,
        nodes: &mut Vec<OnNode>,
        found: &mut CycleFound<'_>,
    ) -> bool {
        self.round += 1;
        let round = self.round;
        let level = self.level.clone();
        let start = nodes.len();
        let mut forcing_found = false;
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
            for &q in &offs[..n] {
                // SE expands q again for every p that turns it off, unless q is on p's chain
                // (`isParent`); but a second expansion only turns on nodes already on, so all
                // it can add is a cycle, when q leads back to the source.
                if round >= 2
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
    pub(super) fn advance(&mut self, graph: &Graph, nodes: &mut Vec<ForcingNode>) -> bool {
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
        let second = start..nodes.len();
        let next = nodes.len();
        for i in second {
            let p = nodes[i].pot;
            graph.on_to_off(p, self.mode.y, |q| {
                if !self.off_seen.contains(q) {
                    self.off_seen.insert(q);
                    nodes.push(ForcingNode {
                        pot: q,
                        parent: i as u32,
                    });
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
