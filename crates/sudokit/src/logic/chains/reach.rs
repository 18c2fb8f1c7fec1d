//! What a walk reaches, without how: the cheap test the chain scans run before the walks that
//! keep parents (`dynamic::Net`, `implications::Implications`).
//!
//! # The idea
//! Most walks of a scan give no hint: a walk only counts when it meets a contradiction or when
//! what it implies meets what its partner walks imply (the same candidate off, every candidate
//! of a cell, every place of a digit in a house). Whether that happens depends on the *sets*
//! of nodes reached, and those do not depend on the order SE expands the nodes in:
//!
//! - **Dynamic walks** (`dynamic`, level 0). An "on" node turns off every candidate of the
//!   grid before the assumption (`base`) that it rules out: those still in the working grid
//!   become "off" nodes, and those gone from it already are "off" nodes. An "off" node turns on
//!   the last candidate of its cell, or the last place of its digit in a house, once every
//!   other one of `base` (at least two in all) is off. These rules are monotone, so they have
//!   a least fixpoint. A walk that meets no contradiction ends closed under them with only
//!   nodes they imply, so it reaches exactly that fixpoint; a walk that meets one has found
//!   an "on" and an "off" node of one candidate, both in the fixpoint; and when the fixpoint
//!   holds both nodes of a candidate (or a cell or house of two places or more with all of
//!   them off, which makes the last one both) the walk cannot have run to its end without
//!   one. So the fixpoint says exactly whether the walk meets a contradiction, and, when it
//!   does not, gives exactly the walk's sets.
//! - **Dynamic walks of level 1** ("(+)"). When the links run out, the walk applies SE's
//!   simple rules (locking, hidden and naked pairs, X-wings) to the working grid, taking only
//!   patterns that need a candidate the walk removed. Looser forms of those patterns are
//!   monotone too, so the fixpoint of the links and the loose patterns holds every node the
//!   walk reaches: a *superset* of the walk's sets, and a contradiction whenever the walk
//!   meets one (its flag is also set on things the walk might survive, which only costs a
//!   walk).
//! - **Static walks** (`implications`, multiple forcing chains). The links do not change as
//!   the walk goes, so the walk reaches a subset of what its assumption reaches in the graph of
//!   links (all of it, unless it stops at a contradiction). That closure is a *superset* of
//!   the walk's sets: an empty intersection of closures proves an empty intersection of walks.
//!
//! The fixpoint is computed with per-digit cell masks (`u128`), with no node index, no parents
//! and no order, so a scan can reach from every assumption and walk fully only from those
//! whose sets can take part in a hint. The static closures need no walk at all: the links
//! of the pencilmarks form one fixed graph (a 2-SAT implication graph), so [`Closures`] finds
//! its strongly connected components once (Tarjan) and gives each component the union of its
//! nodes and of its successors' closures, in the order Tarjan completes them (successors
//! first): every assumption's closure from one pass, where a reach per assumption went over
//! the same large closures again and again.

use super::bits::{at_least_two, exactly_two, CELL_HOUSES};
use super::dynamic::Work;
use super::graph::{Closures, Graph, Pot, PotSet};
use crate::logic::cell_set::{HOUSE_MASKS, PEER_MASKS};

/// Whether, "on" or "off", the sets of all the `sources` that have one (`set(source, on)`)
/// share a potential: the test a group of walks must pass before its chains are needed.
pub(super) fn meet<'a>(sources: &[Pot], set: impl Fn(Pot, bool) -> Option<&'a PotSet>) -> bool {
    [true, false].into_iter().any(|on| {
        let mut sets = sources.iter().filter_map(|&s| set(s, on));
        let Some(mut all) = sets.next().copied() else {
            return false;
        };
        for other in sets {
            all.intersect(other);
        }
        !all.is_empty()
    })
}

/// Which links a reach follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Links {
    /// SE's dynamic walk at nesting level 0 (`y`: links inside cells; off for Nishio).
    Dynamic {
        /// Links inside cells.
        y: bool,
    },
    /// The dynamic walk of level 1 ("(+)", links inside cells), whose rules, when the links
    /// run out, are locking, hidden pairs, naked pairs and X-wings on the working grid: the
    /// reach applies their patterns in a looser form (see [`Reacher::simple_rules`]), so its
    /// sets hold the walk's and its contradiction flag is set whenever the walk meets one,
    /// but not only then.
    Plus,
}

impl Links {
    /// Whether the links inside cells are followed.
    fn y(self) -> bool {
        match self {
            Links::Dynamic { y } => y,
            Links::Plus => true,
        }
    }
}

/// The nodes an assumption reaches, as sets.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Reached {
    /// The potentials reached off (`[0]`) and on (`[1]`), as `Net::set` and
    /// `Implications::set` index them. For a dynamic reach that met a contradiction, only what
    /// was reached before it (not the walk's sets).
    sets: [PotSet; 2],
    /// Whether some candidate is reached both on and off.
    contradiction: bool,
}

impl Reached {
    /// The potentials reached `on` (or off).
    pub(super) fn set(&self, on: bool) -> &PotSet {
        &self.sets[usize::from(on)]
    }

    /// Whether some candidate was reached both on and off (the walk meets a contradiction).
    pub(super) fn contradiction(&self) -> bool {
        self.contradiction
    }
}

/// The working memory of reaches, kept from one to the next.
#[derive(Debug, Clone)]
pub(super) struct Reacher {
    /// Per digit, the cells reached on.
    on: [u128; 9],
    /// Per digit, the cells reached off.
    off: [u128; 9],
    /// Per cell, the digits reached on.
    on_cell: [u16; 81],
    /// Per cell, the digits reached off.
    off_cell: [u16; 81],
    /// Nodes reached and not expanded yet: `pot * 2 + on` (each node enters once, so at most
    /// 1,458 entries).
    stack: Vec<u16>,
}

impl Default for Reacher {
    fn default() -> Reacher {
        Reacher {
            on: [0; 9],
            off: [0; 9],
            on_cell: [0; 81],
            off_cell: [0; 81],
            stack: Vec::with_capacity(2 * 729),
        }
    }
}

impl Reacher {
    /// What assuming `start` (on or off) reaches in `base` by `links`, into `out`, stopping at
    /// the first contradiction (for [`Links::Plus`], at the first thing its looser rules take
    /// for one).
    pub(super) fn reach(
        &mut self,
        base: &Work,
        links: Links,
        start: (Pot, bool),
        out: &mut Reached,
    ) {
        self.on = [0; 9];
        self.off = [0; 9];
        self.on_cell = [0; 81];
        self.off_cell = [0; 81];
        self.stack.clear();
        *out = Reached::default();
        let (p, on) = (usize::from(start.0) % 729, start.1);
        if on {
            self.mark_on(p / 9, p % 9, out);
        } else {
            self.mark_off(p / 9, p % 9, out);
        }
        loop {
            while let Some(node) = self.stack.pop() {
                let p = usize::from(node >> 1) % 729;
                let (c, d) = (p / 9, p % 9);
                if node & 1 == 1 {
                    self.expand_on(base, links, c, d, out);
                } else {
                    self.expand_off(base, links, c, d, out);
                }
                if out.contradiction {
                    return;
                }
            }
            if links != Links::Plus {
                return;
            }
            self.simple_rules(base, out);
            if out.contradiction || self.stack.is_empty() {
                return;
            }
        }
    }

    /// Reaches `d` on in cell `c` (a contradiction if it is off).
    fn mark_on(&mut self, c: usize, d: usize, out: &mut Reached) {
        let bit = 1u128 << c;
        if self.off[d] & bit != 0 {
            out.contradiction = true;
        }
        if self.on[d] & bit == 0 {
            self.on[d] |= bit;
            self.on_cell[c] |= 1 << d;
            let p = (c * 9 + d) as Pot;
            out.sets[1].insert(p);
            self.stack.push(p * 2 + 1);
        }
    }

    /// Reaches `d` off in cell `c` (a contradiction if it is on).
    fn mark_off(&mut self, c: usize, d: usize, out: &mut Reached) {
        let bit = 1u128 << c;
        if self.on[d] & bit != 0 {
            out.contradiction = true;
        }
        if self.off[d] & bit == 0 {
            self.off[d] |= bit;
            self.off_cell[c] |= 1 << d;
            let p = (c * 9 + d) as Pot;
            out.sets[0].insert(p);
            self.stack.push(p * 2);
        }
    }

    /// "`d` in `c` on" turns off what it rules out in `base`: the cell's other candidates
    /// (unless links inside cells are off) and the digit in the cell's peers.
    fn expand_on(&mut self, base: &Work, links: Links, c: usize, d: usize, out: &mut Reached) {
        if links.y() {
            let mut others = base.cands[c] & !(1 << d) & !self.off_cell[c];
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                self.mark_off(c, e, out);
            }
        }
        let mut peers = PEER_MASKS[c] & base.cells[d].bits() & !self.off[d];
        while peers != 0 {
            let q = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            self.mark_off(q, d, out);
        }
    }

    /// "`d` in `c` off" turns on the cell's last candidate and the digit's last place in each
    /// of the cell's houses: the last one not reached off.
    fn expand_off(&mut self, base: &Work, links: Links, c: usize, d: usize, out: &mut Reached) {
        let cands = base.cands[c];
        let places = base.cells[d].bits();
        if links.y() && at_least_two(u128::from(cands)) {
            let left = cands & !self.off_cell[c];
            if left == 0 {
                out.contradiction = true;
            } else if !at_least_two(u128::from(left)) {
                self.mark_on(c, left.trailing_zeros() as usize, out);
            }
        }
        for h in CELL_HOUSES[c % 81] {
            let in_house = places & HOUSE_MASKS[h];
            if !at_least_two(in_house) {
                continue;
            }
            let left = in_house & !self.off[d];
            if left == 0 {
                out.contradiction = true;
            } else if !at_least_two(left) {
                self.mark_on(left.trailing_zeros() as usize, d, out);
            }
        }
    }
}

impl Reacher {
    /// Level 1's rules (`Links::Plus`) on the working grid, `base` without what is reached
    /// off: marks off what a pattern rules out, and sets the contradiction flag when a digit
    /// has no place left in a house where `base` has one, or a cell no candidate left.
    ///
    /// Each pattern is a looser form of its finder's: pointing and claiming (a digit's places
    /// in a box within one line, or in a line within one box), naked pairs (two cells of a
    /// house with at most two digits left between them), hidden pairs (two digits with at
    /// most two places left between them in a house) and X-wings (two lines whose places of a
    /// digit lie in at most two crossing lines). Each holds on any grid with fewer
    /// candidates, so it is monotone, and every elimination a walk's finder makes on its
    /// working grid (which keeps more candidates than the reach's) is one of these. A walk
    /// takes a pattern only if it needs a candidate the walk removed (its parents, see
    /// `nested`): the digit's places in the base houses (locking, fish), the pair's digits
    /// elsewhere in the house (hidden pair), the cells' other candidates (naked pair); so the
    /// reach looks only at patterns with one of those reached off. The reach's fixpoint thus
    /// holds every node the walk derives. It may hold more (degenerate patterns), which only
    /// costs walks: a scan uses the reach's sets to rule walks out, never as hints.
    fn simple_rules(&mut self, base: &Work, out: &mut Reached) {
        let base_places: [u128; 9] = std::array::from_fn(|d| base.cells[d].bits());
        self.locking(&base_places, out);
        if out.contradiction {
            return;
        }
        self.pairs(base, &base_places, out);
        if out.contradiction {
            return;
        }
        self.x_wings(&base_places, out);
    }

    /// Marks off digit `d` in the cells of `cells`.
    fn mark_all_off(&mut self, d: usize, mut cells: u128, out: &mut Reached) {
        cells &= !self.off[d];
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            self.mark_off(c, d, out);
        }
    }

    /// Pointing and claiming, in the houses where the digit has a place reached off.
    fn locking(&mut self, base_places: &[u128; 9], out: &mut Reached) {
        for (d, &all) in base_places.iter().enumerate() {
            let mut houses = houses_of(self.off[d]);
            while houses != 0 {
                let h = houses.trailing_zeros() as usize % 27;
                houses &= houses - 1;
                let house = HOUSE_MASKS[h];
                let places = all & !self.off[d] & house;
                if places == 0 {
                    out.contradiction = true;
                    return;
                }
                let [row, col, block] = CELL_HOUSES[places.trailing_zeros() as usize % 81];
                // A box's places within a row or a column; a line's within a box.
                let covers = if h >= 18 { [row, col] } else { [block, block] };
                for cover in covers.into_iter().take(if h >= 18 { 2 } else { 1 }) {
                    let cover = HOUSE_MASKS[cover];
                    if places & !cover == 0 {
                        self.mark_all_off(d, all & cover & !house, out);
                    }
                }
            }
        }
    }

    /// Naked and hidden pairs, in the houses with a candidate reached off.
    fn pairs(&mut self, base: &Work, base_places: &[u128; 9], out: &mut Reached) {
        let unsolved = base_places.iter().fold(0, |m, &p| m | p);
        let mut houses = houses_of(self.off.iter().fold(0, |m, &p| m | p));
        while houses != 0 {
            let house = HOUSE_MASKS[houses.trailing_zeros() as usize % 27];
            houses &= houses - 1;
            // The cells with at most two candidates left.
            let mut small = [0usize; 9];
            let mut n = 0;
            let mut cells = unsolved & house;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize % 81;
                cells &= cells - 1;
                let left = base.cands[c] & !self.off_cell[c];
                if left == 0 {
                    out.contradiction = true;
                    return;
                }
                if at_most_two(u128::from(left)) {
                    small[n % 9] = c;
                    n += 1;
                }
            }
            for i in 0..n.min(9) {
                for j in i + 1..n.min(9) {
                    let (a, b) = (small[i], small[j]);
                    if self.off_cell[a] | self.off_cell[b] == 0 {
                        continue;
                    }
                    let digits =
                        (base.cands[a] & !self.off_cell[a]) | (base.cands[b] & !self.off_cell[b]);
                    if !at_most_two(u128::from(digits)) {
                        continue;
                    }
                    let pair = 1u128 << a | 1u128 << b;
                    let mut rest = digits;
                    while rest != 0 {
                        let e = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        self.mark_all_off(e, base_places[e] & house & !pair, out);
                    }
                }
            }
            // The digits with at most two places left.
            let mut small = [0usize; 9];
            let mut n = 0;
            for (d, &all) in base_places.iter().enumerate() {
                if all & house == 0 {
                    continue;
                }
                let places = all & !self.off[d] & house;
                if places == 0 {
                    out.contradiction = true;
                    return;
                }
                if at_most_two(places) {
                    small[n % 9] = d;
                    n += 1;
                }
            }
            for i in 0..n.min(9) {
                for j in i + 1..n.min(9) {
                    let (a, b) = (small[i], small[j]);
                    if (self.off[a] | self.off[b]) & house == 0 {
                        continue;
                    }
                    let mut cells =
                        (base_places[a] & !self.off[a] | base_places[b] & !self.off[b]) & house;
                    if !at_most_two(cells) {
                        continue;
                    }
                    let keep = 1u16 << a | 1u16 << b;
                    while cells != 0 {
                        let c = cells.trailing_zeros() as usize % 81;
                        cells &= cells - 1;
                        let mut others = base.cands[c] & !self.off_cell[c] & !keep;
                        while others != 0 {
                            let e = others.trailing_zeros() as usize;
                            others &= others - 1;
                            self.mark_off(c, e, out);
                        }
                    }
                }
            }
        }
    }

    /// X-wings, on rows and on columns, with a base line where the digit has a place reached
    /// off.
    fn x_wings(&mut self, base_places: &[u128; 9], out: &mut Reached) {
        for (d, &all) in base_places.iter().enumerate() {
            if self.off[d] == 0 {
                continue;
            }
            for rows in [true, false] {
                let first = if rows { 0 } else { 9 };
                // The lines with at most two places left, with the crossing lines they lie in.
                let mut small = [(0usize, 0u16); 9];
                let mut n = 0;
                for (line, &mask) in HOUSE_MASKS.iter().enumerate().skip(first).take(9) {
                    if all & mask == 0 {
                        continue;
                    }
                    let mut places = all & !self.off[d] & mask;
                    if places == 0 {
                        out.contradiction = true;
                        return;
                    }
                    if !at_most_two(places) {
                        continue;
                    }
                    let mut cross = 0u16;
                    while places != 0 {
                        let c = places.trailing_zeros() as usize;
                        places &= places - 1;
                        cross |= 1 << if rows { c % 9 } else { c / 9 % 9 };
                    }
                    small[n % 9] = (line, cross);
                    n += 1;
                }
                for i in 0..n.min(9) {
                    for j in i + 1..n.min(9) {
                        let ((a, ca), (b, cb)) = (small[i], small[j]);
                        let bases = HOUSE_MASKS[a] | HOUSE_MASKS[b];
                        let mut cross = ca | cb;
                        if self.off[d] & bases == 0 || !at_most_two(u128::from(cross)) {
                            continue;
                        }
                        while cross != 0 {
                            let k = cross.trailing_zeros() as usize;
                            cross &= cross - 1;
                            let cover = HOUSE_MASKS[if rows { 9 + k } else { k }];
                            self.mark_all_off(d, all & cover & !bases, out);
                        }
                    }
                }
            }
        }
    }
}

/// The houses (rows, then columns, then boxes, as `HOUSE_MASKS` numbers them) holding a cell
/// of `cells`, as a 27-bit mask.
fn houses_of(mut cells: u128) -> u32 {
    let mut houses = 0u32;
    while cells != 0 {
        let c = cells.trailing_zeros() as usize % 81;
        cells &= cells - 1;
        for h in CELL_HOUSES[c] {
            houses |= 1 << h;
        }
    }
    houses
}

/// Whether `x` has at most two set bits.
#[inline]
fn at_most_two(x: u128) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest & rest.wrapping_sub(1) == 0
}

/// The nodes of a static graph: `pot * 2 + on`.
const NODES: usize = 2 * 729;

/// Marks a node not visited yet, or not in a component yet.
const NONE: u16 = u16::MAX;

impl Graph {
    /// What every node reaches by the links of the pencilmarks, links inside cells included
    /// (as the multiple forcing chains follow them): one pass over the graph, at the first
    /// call.
    pub(super) fn closures(&self) -> &Closures {
        self.closures
            .get_or_init(|| Closures::of(&Work::of(self), true))
    }
}

impl Closures {
    /// The closures of the static links of `base`, with the links inside cells if `y`.
    pub(super) fn of(base: &Work, y: bool) -> Closures {
        let (start, edges) = static_links(base, y);
        let mut component = vec![NONE; NODES];
        let mut sets: Vec<[PotSet; 2]> = Vec::new();
        // Tarjan's algorithm without recursion: `frames` holds the depth-first path, each
        // node with its next edge; `stack` the nodes visited and not yet in a component.
        let mut index = vec![NONE; NODES];
        let mut low = vec![0u16; NODES];
        let mut stack: Vec<u16> = Vec::with_capacity(NODES);
        let mut frames: Vec<(u16, u32)> = Vec::with_capacity(NODES);
        // The last component whose closure took each component's (one union per pair).
        let mut taken_by = vec![NONE; NODES];
        let mut visited = 0u16;
        for root in 0..NODES {
            if index[root] != NONE || !is_candidate(base, root) {
                continue;
            }
            index[root] = visited;
            low[root] = visited;
            visited += 1;
            stack.push(root as u16);
            frames.push((root as u16, start[root]));
            while let Some(frame) = frames.last_mut() {
                let v = usize::from(frame.0);
                if frame.1 < start[v + 1] {
                    let w = usize::from(edges[frame.1 as usize]);
                    frame.1 += 1;
                    if index[w] == NONE {
                        index[w] = visited;
                        low[w] = visited;
                        visited += 1;
                        stack.push(w as u16);
                        frames.push((w as u16, start[w]));
                    } else if component[w] == NONE {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                frames.pop();
                if let Some(&(u, _)) = frames.last() {
                    let u = usize::from(u);
                    low[u] = low[u].min(low[v]);
                }
                if low[v] != index[v] {
                    continue;
                }
                // `v` roots a component: the nodes above it on the stack. Every node they
                // link to is in it or in a component completed before.
                let k = sets.len() as u16;
                let first = stack
                    .iter()
                    .rposition(|&x| usize::from(x) == v)
                    .unwrap_or(0);
                let mut closure = [PotSet::default(); 2];
                for &x in &stack[first..] {
                    component[usize::from(x)] = k;
                    closure[usize::from(x & 1)].insert(x >> 1);
                }
                for &x in &stack[first..] {
                    let x = usize::from(x);
                    for &w in &edges[start[x] as usize..start[x + 1] as usize] {
                        let j = usize::from(component[usize::from(w)]);
                        match taken_by.get_mut(j) {
                            Some(taken) if *taken != k => *taken = k,
                            _ => continue,
                        }
                        if let Some(reached) = sets.get(j) {
                            for (into, from) in closure.iter_mut().zip(reached) {
                                into.union(from);
                            }
                        }
                    }
                }
                stack.truncate(first);
                sets.push(closure);
            }
        }
        Closures { component, sets }
    }
}

/// Whether node `node` (`pot * 2 + on`) is a candidate of `base`.
fn is_candidate(base: &Work, node: usize) -> bool {
    let p = node / 2 % 729;
    base.cands[p / 9] & (1 << (p % 9)) != 0
}

/// The static links of `base` as lists: node `n`'s successors are
/// `edges[start[n]..start[n + 1]]`. From "on", the cell's other candidates (if `y`) and the
/// digit in the cell's peers go off; from "off", the other candidate of a bivalue cell (if
/// `y`) and the other place of the digit in a house where it has two go on.
fn static_links(base: &Work, y: bool) -> (Vec<u32>, Vec<u16>) {
    let mut start = Vec::with_capacity(NODES + 1);
    let mut edges: Vec<u16> = Vec::with_capacity(8 * NODES);
    for node in 0..NODES {
        start.push(edges.len() as u32);
        if !is_candidate(base, node) {
            continue;
        }
        let p = node / 2 % 729;
        let (c, d) = (p / 9, p % 9);
        let cands = base.cands[c];
        let places = base.cells[d].bits();
        if node & 1 == 1 {
            let mut others = if y { cands & !(1 << d) } else { 0 };
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                edges.push(((c * 9 + e) * 2) as u16);
            }
            let mut peers = PEER_MASKS[c] & places;
            while peers != 0 {
                let q = peers.trailing_zeros() as usize;
                peers &= peers - 1;
                edges.push(((q * 9 + d) * 2) as u16);
            }
        } else {
            let other = cands & !(1 << d);
            if y && exactly_two(u128::from(cands)) && other != 0 {
                edges.push(((c * 9 + other.trailing_zeros() as usize) * 2 + 1) as u16);
            }
            for h in CELL_HOUSES[c] {
                let in_house = places & HOUSE_MASKS[h];
                let other = in_house & !(1u128 << c);
                if exactly_two(in_house) && other != 0 {
                    edges.push(((other.trailing_zeros() as usize * 9 + d) * 2 + 1) as u16);
                }
            }
        }
    }
    start.push(edges.len() as u32);
    (start, edges)
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::dynamic::{Net, Rules};
    use super::super::graph::{Graph, Mode};
    use super::super::implications::{Implications, Queues};
    use super::*;
    use crate::logic::test_util::puzzle;
    use crate::logic::{CandidateGrid, Solver};

    /// The states along the solve paths of top1465 #1, #3 and #2 (the rating's states: every
    /// chain scan of those ratings runs on one of them), at most `limit` per puzzle.
    pub(in crate::logic::chains) fn states(limit: usize) -> Vec<CandidateGrid> {
        let mut states = Vec::new();
        for line in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ] {
            let mut grid = puzzle(line);
            let solver = Solver::new();
            for _ in 0..limit {
                let Some(step) = solver.next_step(&grid) else {
                    break;
                };
                states.push(grid.clone());
                assert!(grid.apply(&step));
            }
        }
        states
    }

    /// A potential that is no candidate of `graph` (a placed cell's).
    fn pot_not_candidate(graph: &Graph) -> Pot {
        (0..729u16)
            .find(|&p| graph.cands(usize::from(p) / 9) & 1 << (p % 9) == 0)
            .expect("a placed cell")
    }

    /// Every candidate of `graph`.
    fn pots(graph: &Graph) -> Vec<Pot> {
        (0..729u16)
            .filter(|&p| graph.cands(usize::from(p) / 9) & 1 << (p % 9) != 0)
            .collect()
    }

    #[test]
    fn a_dynamic_reach_is_the_walks_sets_or_its_contradiction() {
        let (mut walks, mut contradictions) = (0, 0);
        let mut reacher = Reacher::default();
        let mut reached = Reached::default();
        for grid in states(40) {
            let graph = Graph::new(&grid);
            let base = Work::of(&graph);
            for y in [true, false] {
                let rules = Rules {
                    y,
                    dynamic: true,
                    level: 0,
                };
                for p in pots(&graph) {
                    for on in [true, false] {
                        let net = Net::walk(&base, rules, (p, on), None);
                        reacher.reach(&base, Links::Dynamic { y }, (p, on), &mut reached);
                        let what = (p, on, y);
                        assert_eq!(
                            reached.contradiction(),
                            net.contradiction().is_some(),
                            "{what:?}"
                        );
                        if reached.contradiction() {
                            contradictions += 1;
                        } else {
                            assert_eq!(reached.set(true), net.set(true), "{what:?}");
                            assert_eq!(reached.set(false), net.set(false), "{what:?}");
                        }
                        walks += 1;
                    }
                }
            }
        }
        assert!(
            walks > 10_000 && contradictions > 500,
            "{walks} {contradictions}"
        );
    }

    #[test]
    fn a_plus_reach_holds_the_walks_sets_and_sees_its_contradictions() {
        // Level 1: the walk's rules (SE's locking, pairs and X-wings, by the registry's
        // finders) derive nothing the reach's looser patterns do not.
        let (mut walks, mut contradictions, mut larger) = (0, 0, 0);
        let mut reacher = Reacher::default();
        let mut reached = Reached::default();
        let rules = Rules {
            y: true,
            dynamic: true,
            level: 1,
        };
        for grid in states(25) {
            let graph = Graph::new(&grid);
            let base = Work::of(&graph);
            let advanced = |b: &Work, w: &Work| {
                super::super::nested::rules(&grid, 1, crate::logic::techniques::SIMPLE_RULES, b, w)
            };
            for p in pots(&graph) {
                for on in [true, false] {
                    let net = Net::walk(&base, rules, (p, on), Some(&advanced));
                    reacher.reach(&base, Links::Plus, (p, on), &mut reached);
                    let what = (p, on);
                    if net.contradiction().is_some() {
                        assert!(reached.contradiction(), "{what:?}");
                    }
                    if reached.contradiction() {
                        contradictions += 1;
                    } else {
                        for state in [true, false] {
                            assert!(net.set(state).is_subset(reached.set(state)), "{what:?}");
                        }
                        larger += usize::from(
                            net.set(true) != reached.set(true)
                                || net.set(false) != reached.set(false),
                        );
                    }
                    walks += 1;
                }
            }
        }
        assert!(
            walks > 5_000 && contradictions > 500,
            "{walks} {contradictions}"
        );
        eprintln!("{walks} walks, {contradictions} reach contradictions, {larger} larger sets");
    }

    /// What `start` reaches by the graph's own links (`on_to_off`, `off_to_on`; inside cells
    /// too if `y`), one node at a time: the closure the components must give, and whether it
    /// holds a candidate both on and off.
    fn closure_by_search(graph: &Graph, start: (Pot, bool), y: bool) -> ([PotSet; 2], bool) {
        let mode = Mode { y, x: true };
        let mut sets = [PotSet::default(); 2];
        let mut todo = vec![start];
        sets[usize::from(start.1)].insert(start.0);
        while let Some((q, on)) = todo.pop() {
            let mut next = Vec::new();
            if on {
                graph.on_to_off(q, y, |r| next.push(r));
            } else {
                graph.off_to_on(q, mode, |r| next.push(r));
            }
            for r in next {
                if !sets[usize::from(!on)].contains(r) {
                    sets[usize::from(!on)].insert(r);
                    todo.push((r, !on));
                }
            }
        }
        let mut both = sets[0];
        both.intersect(&sets[1]);
        (sets, !both.is_empty())
    }

    #[test]
    fn the_static_closures_hold_the_walks_sets() {
        let (mut walks, mut equal) = (0, 0);
        let mut queues = Queues::default();
        let mut imp = Implications::empty();
        for grid in states(40) {
            let graph = Graph::new(&grid);
            for y in [true, false] {
                let closures = Closures::of(&Work::of(&graph), y);
                for p in pots(&graph) {
                    for start_on in [true, false] {
                        let start = (p, start_on);
                        let (search, _) = closure_by_search(&graph, start, y);
                        for on in [true, false] {
                            let closure = closures.reached_from(start, on);
                            assert_eq!(closure, Some(&search[usize::from(on)]), "{start:?} {y}");
                        }
                    }
                    if !y {
                        continue;
                    }
                    // The multiple chains' walks: from "on", links inside cells included.
                    let (_, contradiction) = closure_by_search(&graph, (p, true), y);
                    imp.rewalk(&graph, p, &mut queues);
                    for on in [true, false] {
                        let closure = closures.reached(p, on).expect("a candidate");
                        assert!(imp.set(on).is_subset(closure), "{p} {on}");
                    }
                    // Without a contradiction, the walk reaches all of it.
                    if !contradiction {
                        assert_eq!(closures.reached(p, true), Some(imp.set(true)), "{p}");
                        assert_eq!(closures.reached(p, false), Some(imp.set(false)), "{p}");
                        equal += 1;
                    }
                    walks += 1;
                }
                assert_eq!(closures.reached(pot_not_candidate(&graph), true), None);
            }
        }
        assert!(
            walks > 3_000 && equal > 100 && equal < walks,
            "{walks} {equal}"
        );
    }
}
