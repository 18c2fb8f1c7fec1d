//! Everything one assumption implies when implications may use the grid as earlier
//! implications left it: Sudoku Explainer's `doChaining` in its dynamic mode (Nishio and
//! dynamic forcing chains), and, with a nesting level, with the level's rules (`nested`)
//! applied when the plain links run out.
//!
//! The walk is SE's: a pending "on" node is always expanded before the oldest pending "off"
//! node; an "on" node turns off the other candidates of its cell (unless links inside cells are
//! off, as for Nishio) and its digit in the peers, among the candidates *still present*; an
//! "off" node turns on the other candidate of its cell if two are left, and the other place of
//! its digit in its box, row and column where two are left; then (dynamic mode) the "off"
//! candidate leaves the working grid. A candidate that left the grid earlier and made the
//! "on" possible is a *hidden parent* of it: SE counts it in the chain's complexity, and so does
//! this. When some candidate would be both on and off, the walk stops at that contradiction
//! and keeps what it has.
//!
//! Nodes are kept once per (candidate, on/off), the first way they are reached, with all their
//! parents, so a chain is a DAG; its complexity is the number of distinct nodes it has.

use super::bits::{exactly_two, se_peer_masks};
use super::graph::{link_house, pot, removable, Graph, Pot, PotSet};
use crate::board::House;
use crate::logic::cell_set::{CellSet, PEER_MASKS};
use std::collections::VecDeque;

/// Marks a potential not reached (in the results of [`Net::on_node`] and friends).
const UNSEEN: u32 = u32::MAX;

/// Marks a potential not reached in the node tables (at most 1459 nodes: they fit in `u16`).
const NONE16: u16 = u16::MAX;

/// How an implication walk runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rules {
    /// Links inside cells (off for Nishio chains, which follow one digit at a time).
    pub(super) y: bool,
    /// Whether "off" candidates leave the working grid (SE's dynamic mode).
    pub(super) dynamic: bool,
    /// SE's nesting level: 0 plain; from 1 on, the level's rules (see `nested`) run on the
    /// working grid when the links run out.
    pub(super) level: u8,
}

/// A node of a walk: its potential, whether it is on, and where its parents are listed.
#[derive(Debug, Clone, Copy)]
struct Node {
    pot: Pot,
    on: bool,
    /// Why an "on" node holds (see [`Cause`]).
    cause: Cause,
    /// The nested chain that implied this node (an index into `Net::nested`), or `NONE32`.
    nested: u32,
    first_parent: u32,
    parent_count: u32,
}

/// No nested chain.
const NONE32: u32 = u32::MAX;

/// Why a node holds, as SE records it (`Potential.Cause`): what a nested chain's "on" nodes
/// need gone from the grid (see `nested`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cause {
    /// The assumption, or an "off" node.
    None,
    /// The last candidate of its cell.
    NakedSingle,
    /// The last place of its digit in this house.
    Hidden(House),
    /// A rule of a nesting level.
    Advanced,
}

/// A chain found by a nested rule, as it counts in the chains that use it: its complexity
/// (counted once per distinct chain) and what makes two of them the same chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Nested {
    /// SE's `getComplexity` of the nested hint.
    pub(super) complexity: u32,
    /// The nested hint's chains, node by node: equal keys are the same chain (SE's
    /// `FullChain`).
    pub(super) key: Vec<u32>,
}

/// A chain found by a nested rule: what it removes, the "on" nodes (with their causes) whose
/// premises the walk must have removed, its complexity and its identity.
#[derive(Debug, Clone)]
pub(super) struct NestedHint {
    pub(super) removable: Vec<Pot>,
    pub(super) causes: Vec<(Pot, Cause)>,
    pub(super) complexity: u32,
    pub(super) key: Vec<u32>,
}

impl NestedHint {
    /// The hint concluding `target` in `graph`, with the causes and identity its rule found.
    pub(super) fn new(
        graph: &Graph,
        target: (Pot, bool),
        causes: Vec<(Pot, Cause)>,
        complexity: u32,
        key: Vec<u32>,
    ) -> NestedHint {
        NestedHint {
            removable: removable(graph, target)
                .into_iter()
                .map(|(cell, digit)| pot(cell, digit))
                .collect(),
            causes,
            complexity,
            key,
        }
    }
}

/// The cause of "on" node `b` reached from "off" node `a` (SE's `getOffToOn`): the last
/// candidate of the cell, or the last place of the digit in the first of the box, row and
/// column of `a` where it had two.
pub(super) fn on_cause(graph: &Graph, a: Pot, b: Pot) -> Cause {
    if a / 9 == b / 9 {
        return Cause::NakedSingle;
    }
    link_house(graph, a, b, true).map_or(Cause::None, Cause::Hidden)
}

/// Encodes chain nodes as a key: `pot * 2 + on` each, then a separator.
pub(super) fn encode(nodes: &[(Pot, bool)], key: &mut Vec<u32>) {
    key.extend(
        nodes
            .iter()
            .map(|&(p, on)| u32::from(p) * 2 + u32::from(on)),
    );
    key.push(u32::MAX);
}

/// One "off" node derived by a nesting level's rule: the candidate, the "off" candidates of
/// the walk it relies on, and the nested chain that found it, if a chain did.
#[derive(Debug, Clone)]
pub(super) struct Derived {
    pub(super) pot: Pot,
    pub(super) parents: Vec<Pot>,
    pub(super) nested: Option<std::rc::Rc<Nested>>,
}

/// The working grid of a walk: the candidates left after the "off" nodes expanded so far.
#[derive(Debug, Clone)]
pub(super) struct Work {
    /// Candidates of each cell, 9-bit masks (empty for a placed cell).
    pub(super) cands: [u16; 81],
    /// The cells holding each digit as a candidate.
    pub(super) cells: [CellSet; 9],
}

impl Work {
    /// The working grid of `graph`'s pencilmarks, untouched.
    pub(super) fn of(graph: &Graph) -> Work {
        Work {
            cands: std::array::from_fn(|c| graph.cands(c)),
            cells: std::array::from_fn(|d| graph.cells_with(d)),
        }
    }

    fn remove(&mut self, p: Pot) {
        let (cell, d) = (usize::from(p) / 9 % 81, usize::from(p) % 9);
        self.cands[cell] &= !(1 << d);
        if let Some(c) = crate::board::Cell::new(cell) {
            self.cells[d].remove(c);
        }
    }
}

/// Extra "off" candidates a nesting level derives from the working grid: each with the "off"
/// candidates (already in the walk) it relies on. `base` is the grid before the assumption.
pub(super) type Advanced<'a> = &'a dyn Fn(&Work, &Work) -> Vec<Derived>;

/// The consequences of one assumption.
#[derive(Debug, Clone)]
pub(super) struct Net {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The node of each potential: "on" ones at `pot`, "off" ones at `729 + pot`.
    index: Vec<u16>,
    /// The "on" nodes in the order they were reached (SE's `toOn` set).
    on_order: Vec<u32>,
    /// The "off" nodes in the order they were reached (SE's `toOff` set).
    off_order: Vec<u32>,
    /// The potentials of the "off" nodes (`[0]`) and the "on" nodes (`[1]`) in the sets, for
    /// intersecting walks in one pass.
    sets: [PotSet; 2],
    /// The nested chains that derived nodes.
    nested: Vec<std::rc::Rc<Nested>>,
    /// Where it stopped: the "on" node and the "off" node of the same candidate (one of them
    /// outside the sets above, as SE does not add the node that meets its opposite).
    contradiction: Option<(u32, u32)>,
    /// The walk's own working memory, kept so that a recycled net walks without allocating.
    scratch: Option<Box<Scratch>>,
}

/// A walk's working memory: the grid it narrows, its queues and one expansion's nodes.
#[derive(Debug, Clone, Default)]
struct Scratch {
    work: Option<Work>,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    made: Made,
}

impl Net {
    /// What assuming `start` (on or off) implies in `base` under `rules`; `advanced` gives the
    /// nesting level's extra "off" candidates when the links run out (only used when
    /// `rules.level > 0`).
    #[cfg(test)]
    pub(super) fn walk(
        base: &Work,
        rules: Rules,
        start: (Pot, bool),
        advanced: Option<Advanced<'_>>,
    ) -> Net {
        let mut net = Net::empty();
        net.rewalk(base, rules, start, advanced);
        net
    }

    /// A net with nothing reached, its buffers allocated for a typical walk.
    pub(super) fn empty() -> Net {
        Net {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            index: vec![NONE16; 2 * 729],
            on_order: Vec::with_capacity(128),
            off_order: Vec::with_capacity(256),
            sets: Default::default(),
            contradiction: None,
            nested: Vec::new(),
            scratch: Some(Box::default()),
        }
    }

    /// Gives this net's working memory to `other` if it has none (a net kept for what it
    /// reached needs none, and `other` then walks without allocating its own).
    pub(super) fn lend_scratch(&mut self, other: &mut Net) {
        if other.scratch.is_none() {
            other.scratch = self.scratch.take();
        }
    }

    /// [`walk`](Net::walk) into this net, replacing what it held and reusing its buffers (the
    /// scans walk from every candidate at every step: allocating each walk anew cost about a
    /// tenth of the rating time).
    pub(super) fn rewalk(
        &mut self,
        base: &Work,
        rules: Rules,
        start: (Pot, bool),
        advanced: Option<Advanced<'_>>,
    ) {
        // Only the slots of the nodes reached were set.
        for &node in &self.nodes {
            let (pot, on) = (node.pot, node.on);
            let slot = usize::from(pot) % 729 + if on { 0 } else { 729 };
            self.index[slot] = NONE16;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.sets = Default::default();
        self.contradiction = None;
        self.nested.clear();
        let mut scratch = self.scratch.take().unwrap_or_default();
        match &mut scratch.work {
            Some(work) => work.clone_from(base),
            None => scratch.work = Some(base.clone()),
        }
        scratch.pending_on.clear();
        scratch.pending_off.clear();
        self.walk_with(base, rules, start, advanced, &mut scratch);
        self.scratch = Some(scratch);
    }

    fn walk_with(
        &mut self,
        base: &Work,
        rules: Rules,
        start: (Pot, bool),
        advanced: Option<Advanced<'_>>,
        scratch: &mut Scratch,
    ) {
        let net = self;
        let Scratch {
            work,
            pending_on,
            pending_off,
            made,
        } = scratch;
        let Some(work) = work.as_mut() else {
            return;
        };
        let first = net.add(start.0, start.1, Cause::None, &[]);
        if start.1 {
            pending_on.push_back(first);
        } else {
            pending_off.push_back(first);
        }
        loop {
            if let Some(i) = pending_on.pop_front() {
                made.clear();
                net.on_to_off(work, rules, i, made);
                for k in 0..made.len() {
                    let (q, _, parents) = made.get(k);
                    let on = net.on_at(q);
                    if on != UNSEEN {
                        let off = net.push(q, false, Cause::None, parents);
                        net.contradiction = Some((on, off));
                        return;
                    }
                    if net.off_at(q) == UNSEEN {
                        pending_off.push_back(net.add(q, false, Cause::None, parents));
                    }
                }
            } else if let Some(i) = pending_off.pop_front() {
                made.clear();
                net.off_to_on(base, work, rules, i, made);
                if rules.dynamic {
                    work.remove(net.nodes[i as usize].pot);
                }
                for k in 0..made.len() {
                    let (r, cause, parents) = made.get(k);
                    let off = net.off_at(r);
                    if off != UNSEEN {
                        let on = net.push(r, true, cause, parents);
                        net.contradiction = Some((on, off));
                        return;
                    }
                    if net.on_at(r) == UNSEEN {
                        pending_on.push_back(net.add(r, true, cause, parents));
                    }
                }
            } else {
                break;
            }
            if rules.level > 0 && pending_on.is_empty() && pending_off.is_empty() {
                if let Some(advanced) = advanced {
                    for derived in advanced(base, work) {
                        let q = derived.pot;
                        if net.off_at(q) != UNSEEN {
                            continue;
                        }
                        let ids: Vec<u32> = derived
                            .parents
                            .iter()
                            .map(|&p| net.off_at(p))
                            .filter(|&i| i != UNSEEN)
                            .collect();
                        let i = net.add(q, false, Cause::Advanced, &ids);
                        if let Some(nested) = derived.nested {
                            let id = match net.nested.iter().position(|n| *n == nested) {
                                Some(id) => id,
                                None => {
                                    net.nested.push(nested);
                                    net.nested.len() - 1
                                }
                            };
                            net.nodes[i as usize].nested = id as u32;
                        }
                        pending_off.push_back(i);
                    }
                }
            }
        }
    }

    /// Adds a node outside the sets (the one that meets its opposite).
    fn push(&mut self, pot: Pot, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            on,
            cause,
            nested: NONE32,
            first_parent: self.parents.len() as u32,
            parent_count: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        index
    }

    /// Adds a node to its set.
    fn add(&mut self, pot: Pot, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let index = self.push(pot, on, cause, parents);
        let slot = usize::from(pot) % 729;
        self.sets[usize::from(on)].insert(pot);
        if on {
            self.index[slot] = index as u16;
            self.on_order.push(index);
        } else {
            self.index[729 + slot] = index as u16;
            self.off_order.push(index);
        }
        index
    }

    /// SE's `getOnToOff` on the working grid: the candidates node `i` turns off.
    fn on_to_off(&self, work: &Work, rules: Rules, i: u32, out: &mut Made) {
        let p = usize::from(self.nodes[i as usize].pot);
        let (cell, d) = (p / 9 % 81, p % 9);
        if rules.y {
            let mut others = work.cands[cell] & !(1 << d);
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                out.push((cell * 9 + e) as Pot, Cause::None, &[i]);
            }
        }
        // The peers still holding `d`, in SE's peer order.
        for mut peers in se_peer_masks(cell, work.cells[d].bits() & PEER_MASKS[cell]) {
            while peers != 0 {
                let peer = peers.trailing_zeros() as usize;
                peers &= peers - 1;
                out.push((peer * 9 + d) as Pot, Cause::None, &[i]);
            }
        }
    }

    /// SE's `getOffToOn` on the working grid: the candidates node `i` turns on, each with its
    /// parents (node `i`, then the hidden parents: the candidates of the cell, or the places of
    /// the digit in the house, that left the grid earlier).
    fn off_to_on(&self, base: &Work, work: &Work, rules: Rules, i: u32, out: &mut Made) {
        let p = usize::from(self.nodes[i as usize].pot);
        let (cell, d) = (p / 9 % 81, p % 9);
        if rules.y {
            let cands = work.cands[cell];
            if exactly_two(u128::from(cands)) {
                let other = (cands & !(1 << d)).trailing_zeros() as usize;
                let mut parents = [i; 10];
                let mut n = 1;
                let mut gone = base.cands[cell] & !cands;
                while gone != 0 {
                    let e = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    let hidden = self.off_at((cell * 9 + e) as Pot);
                    if hidden != UNSEEN && n < parents.len() {
                        parents[n] = hidden;
                        n += 1;
                    }
                }
                out.push((cell * 9 + other) as Pot, Cause::NakedSingle, &parents[..n]);
            }
        }
        let Some(c) = crate::board::Cell::new(cell) else {
            return;
        };
        for house in super::graph::houses_of(c) {
            let in_house = CellSet::house(house);
            let places = work.cells[d] & in_house;
            if !exactly_two(places.bits()) {
                continue;
            }
            let Some(other) = places.iter().find(|&o| o != c) else {
                continue;
            };
            let r = (other.index() * 9 + d) as Pot;
            if out.has(r) {
                continue;
            }
            let mut parents = [i; 10];
            let mut n = 1;
            for gone in (base.cells[d] & in_house).difference(places) {
                let hidden = self.off_at((gone.index() * 9 + d) as Pot);
                if hidden != UNSEEN && n < parents.len() {
                    parents[n] = hidden;
                    n += 1;
                }
            }
            out.push(r, Cause::Hidden(house), &parents[..n]);
        }
    }

    /// The node of `(pot, on)` in the sets, if reached.
    pub(super) fn node(&self, pot: Pot, on: bool) -> Option<u32> {
        let i = if on {
            self.on_at(pot)
        } else {
            self.off_at(pot)
        };
        (i != UNSEEN).then_some(i)
    }

    /// The "on" node of `pot`, or `UNSEEN`.
    fn on_at(&self, pot: Pot) -> u32 {
        match self.index[usize::from(pot) % 729] {
            NONE16 => UNSEEN,
            i => u32::from(i),
        }
    }

    /// The "off" node of `pot`, or `UNSEEN`.
    fn off_at(&self, pot: Pot) -> u32 {
        match self.index[729 + usize::from(pot) % 729] {
            NONE16 => UNSEEN,
            i => u32::from(i),
        }
    }

    /// The potentials implied `on` (or off).
    pub(super) fn set(&self, on: bool) -> &PotSet {
        &self.sets[usize::from(on)]
    }

    /// The "on" (or "off") nodes implied, in the order they were reached.
    pub(super) fn reached(&self, on: bool) -> impl Iterator<Item = (Pot, u32)> + '_ {
        let order = if on { &self.on_order } else { &self.off_order };
        order.iter().map(|&i| (self.nodes[i as usize].pot, i))
    }

    /// The contradiction met, if any: the "on" node and the "off" node of one candidate.
    pub(super) fn contradiction(&self) -> Option<(u32, u32)> {
        self.contradiction
    }

    /// The potential and state of node `i`.
    pub(super) fn pot_of(&self, i: u32) -> (Pot, bool) {
        let node = self.nodes[i as usize];
        (node.pot, node.on)
    }

    fn parents_of(&self, i: u32) -> &[u32] {
        let node = self.nodes[i as usize];
        let start = node.first_parent as usize;
        &self.parents[start..start + node.parent_count as usize]
    }

    /// SE's `getAncestorCount`: the distinct nodes of the chain to node `i`, `i` included.
    pub(super) fn ancestor_count(&self, i: u32) -> u32 {
        // Every parent is older than its child (a lower index), so one pass down the node
        // indices from `i`, marking the parents of each marked node, meets every ancestor
        // once, with a bit set and no list (the scans measure every hint this way).
        let mut seen = [0u64; 23];
        let top = (i as usize >> 6) % 23;
        seen[top] = 1 << (i & 63);
        let mut count = 0;
        for w in (0..=top).rev() {
            while seen[w] != 0 {
                let b = 63 - seen[w].leading_zeros();
                seen[w] &= !(1 << b);
                count += 1;
                for &parent in self.parents_of((w as u32) << 6 | b) {
                    let (pw, pb) = ((parent as usize >> 6) % 23, parent & 63);
                    seen[pw] |= 1 << pb;
                }
            }
        }
        count
    }

    /// The nested chains among the ancestors of node `i`, in the order met.
    pub(super) fn nested_of(&self, i: u32) -> Vec<&std::rc::Rc<Nested>> {
        if self.nested.is_empty() {
            return Vec::new();
        }
        self.ancestors(i)
            .into_iter()
            .filter_map(|n| self.nested.get(self.nodes[n as usize].nested as usize))
            .collect()
    }

    /// The "on" nodes of the chain to node `i` that have a cause, breadth-first from `i`:
    /// `(potential, cause)` (what a chain used as a nested rule needs gone from the grid).
    pub(super) fn causes_of(&self, i: u32) -> Vec<(Pot, Cause)> {
        self.ancestors(i)
            .into_iter()
            .map(|n| self.nodes[n as usize])
            .filter(|n| n.on && n.cause != Cause::None)
            .map(|n| (n.pot, n.cause))
            .collect()
    }

    /// The chain to node `i` as a key: its nodes breadth-first, `pot * 2 + on` each.
    pub(super) fn key_of(&self, i: u32) -> Vec<u32> {
        self.ancestors(i)
            .into_iter()
            .map(|n| {
                u32::from(self.nodes[n as usize].pot) * 2 + u32::from(self.nodes[n as usize].on)
            })
            .collect()
    }

    /// The nodes of the chain to node `i` (itself first), each once, breadth-first.
    pub(super) fn ancestors(&self, i: u32) -> Vec<u32> {
        let mut order = Vec::new();
        self.collect_ancestors(i, &mut order);
        order
    }

    fn collect_ancestors(&self, i: u32, order: &mut Vec<u32>) {
        // At most 1458 nodes in the sets, plus the one that met its opposite.
        let mut seen = [0u64; 23];
        let mut mark = |n: u32| {
            let (w, b) = ((n as usize >> 6) % 23, n & 63);
            let new = seen[w] & (1 << b) == 0;
            seen[w] |= 1 << b;
            new
        };
        mark(i);
        order.push(i);
        let mut k = 0;
        while let Some(&n) = order.get(k) {
            k += 1;
            for &parent in self.parents_of(n) {
                if mark(parent) {
                    order.push(parent);
                }
            }
        }
    }

    /// The links of the chain to node `i`: `(parent, child)` node pairs, from the assumption
    /// on (each child after its parents).
    pub(super) fn links_to(&self, i: u32) -> Vec<((Pot, bool), (Pot, bool))> {
        let mut nodes = self.ancestors(i);
        // Nodes are created after their parents: index order is an order of implication.
        nodes.sort_unstable();
        let mut links = Vec::new();
        for n in nodes {
            for &parent in self.parents_of(n) {
                links.push((self.pot_of(parent), self.pot_of(n)));
            }
        }
        links
    }
}

/// The nodes one expansion makes, each with its parents, without an allocation per node.
#[derive(Debug, Clone, Default)]
struct Made {
    pots: Vec<(Pot, Cause, u32, u32)>,
    parents: Vec<u32>,
}

impl Made {
    fn clear(&mut self) {
        self.pots.clear();
        self.parents.clear();
    }

    fn len(&self) -> usize {
        self.pots.len()
    }

    fn push(&mut self, pot: Pot, cause: Cause, parents: &[u32]) {
        self.pots
            .push((pot, cause, self.parents.len() as u32, parents.len() as u32));
        self.parents.extend_from_slice(parents);
    }

    fn has(&self, pot: Pot) -> bool {
        self.pots.iter().any(|&(p, ..)| p == pot)
    }

    fn get(&self, k: usize) -> (Pot, Cause, &[u32]) {
        let (pot, cause, start, len) = self.pots[k];
        (
            pot,
            cause,
            &self.parents[start as usize..(start + len) as usize],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::puzzle;

    /// Every walk from every candidate of top1465 #1, dynamic or not.
    fn walks(dynamic: bool) -> Vec<Net> {
        let grid = puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let graph = Graph::new(&grid);
        let base = Work::of(&graph);
        let rules = Rules {
            y: true,
            dynamic,
            level: 0,
        };
        let mut nets = Vec::new();
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell).iter() {
                let p = super::super::graph::pot(cell, digit);
                nets.push(Net::walk(&base, rules, (p, true), None));
                nets.push(Net::walk(&base, rules, (p, false), None));
            }
        }
        nets
    }

    fn check(net: &Net) -> usize {
        let mut hidden = 0;
        for i in 0..net.nodes.len() as u32 {
            let parents = net.parents_of(i);
            assert!(parents.iter().all(|&p| p < i), "a parent comes first");
            // The count (one pass down the indices) is the list's length (a breadth-first
            // walk up the parents).
            assert_eq!(net.ancestor_count(i), net.ancestors(i).len() as u32);
            assert_eq!(
                parents.is_empty(),
                i == 0,
                "only the assumption has no parent"
            );
            let (_, on) = net.pot_of(i);
            if on && parents.len() > 1 {
                hidden += 1;
            }
            // An "on" node's hidden parents are "off" nodes.
            assert!(parents.iter().all(|&p| !on || !net.pot_of(p).1));
        }
        if let Some((a, b)) = net.contradiction() {
            assert_eq!(net.pot_of(a).0, net.pot_of(b).0);
            assert!(net.pot_of(a).1 && !net.pot_of(b).1);
        }
        hidden
    }

    /// What a walk found, in a comparable form: nodes, parents, node of each potential on and
    /// off, contradiction.
    type Found = (
        Vec<(Pot, bool, u32)>,
        Vec<u32>,
        Vec<u32>,
        Vec<u32>,
        Option<(u32, u32)>,
    );

    fn found(net: &Net) -> Found {
        let nodes = net
            .nodes
            .iter()
            .map(|n| (n.pot, n.on, n.parent_count))
            .collect();
        let on: Vec<u32> = (0..729).map(|p| net.on_at(p as Pot)).collect();
        let off: Vec<u32> = (0..729).map(|p| net.off_at(p as Pot)).collect();
        (nodes, net.parents.clone(), on, off, net.contradiction)
    }

    #[test]
    fn a_recycled_net_walks_as_a_new_one() {
        // One net walked from every assumption in turn (Nishio-like and dynamic rules) must
        // find what a fresh net finds each time: nothing of an earlier walk may leak.
        let grid = puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let graph = Graph::new(&grid);
        let base = Work::of(&graph);
        let mut recycled = Net::empty();
        let mut walks = 0;
        for y in [false, true] {
            let rules = Rules {
                y,
                dynamic: true,
                level: 0,
            };
            for cell in grid.empty_cells() {
                for digit in grid.candidates(cell).iter() {
                    let p = super::super::graph::pot(cell, digit);
                    for on in [true, false] {
                        recycled.rewalk(&base, rules, (p, on), None);
                        let fresh = Net::walk(&base, rules, (p, on), None);
                        assert_eq!(found(&recycled), found(&fresh), "{p} {on}");
                        walks += 1;
                    }
                }
            }
        }
        assert!(walks > 400);
    }

    #[test]
    fn only_dynamic_walks_have_hidden_parents() {
        let plain: usize = walks(false).iter().map(check).sum();
        assert_eq!(plain, 0);
        let dynamic = walks(true);
        let hidden: usize = dynamic.iter().map(check).sum();
        assert!(hidden > 0);
        // Some assumption of this puzzle leads to a contradiction.
        assert!(dynamic.iter().any(|n| n.contradiction().is_some()));
        // A node's chain counts each node once: never more than the nodes reached.
        for net in &dynamic {
            if let Some((a, b)) = net.contradiction() {
                assert!(net.ancestor_count(a) as usize <= net.nodes.len());
                assert_eq!(net.ancestors(b)[0], b);
                assert!(!net.links_to(b).is_empty());
            }
        }
    }
}
