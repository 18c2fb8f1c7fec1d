//! HoDoKu's nice loops and AICs over the graph of `aic.rs`: which chains it reports and what
//! each removes, so that human mode's grouped loops give HoDoKu's steps.
//!
//! HoDoKu (its `TablingSolver`) starts from every candidate of a cell, assumed true ("on") or
//! false ("off"), and follows the implications breadth first, keeping for each consequence the
//! first chain that reached it. A chain that comes back to its start cell is a nice loop; one
//! that starts off and ends on in another cell is an AIC. Both must be at least three links
//! long and must not cross themselves (a lasso), and HoDoKu keeps one chain, the shortest, per
//! set of eliminations. Its classification, for a loop from candidate `d` of cell `c` back to
//! candidate `e` of `c` (first link weak when `d` is assumed on, last link strong when `e`
//! comes out on):
//!
//! ```text
//!  first  last    digits   kind            removes
//!  weak   weak    d = e    discontinuous   d from c          (d on implies d off)
//!  strong strong  d = e    discontinuous   all but d from c  (d off implies d on)
//!  weak   strong  d != e   discontinuous   d from c          (d on implies e on)
//!  strong weak    d != e   discontinuous   e from c          (d off implies e off)
//!  weak   weak    d != e   continuous      when c holds only d and e
//!  strong strong  d != e   continuous
//!  mixed          d = e    continuous
//! ```
//!
//! A continuous loop turns every weak link strong: a digit weakly linked between two cells
//! leaves every cell that sees both ends of the link (not the loop's cells), and a cell entered
//! and left by strong links on two digits keeps only those two. An AIC on one digit removes it
//! from the cells that see both ends; on two digits (ends that see each other, each holding the
//! other's digit), each end's digit from the other end.
//!
//! Why a continuous loop makes every link "exactly one": the loop, closed, is a cycle of `2m`
//! nodes whose links alternate strong ("at least one of the two is true") and weak ("at most
//! one"). The `m` strong links pair the nodes one way and each pair holds at least one true
//! node, so at least `m` are true; the `m` weak links pair them the other way with at most one
//! true each, so at most `m` are. Hence exactly one node of every link is true (a node met
//! twice counts twice; the count holds). This is what every elimination of a continuous loop
//! rests on, so it holds for any link that is a true strong or weak link, including those of
//! almost locked sets (`aic.rs`): a set's node is "the digit is in one of the set's cells
//! holding it". A strong link between two digits `j` and `e` of a set then says the set lacks
//! exactly one of them, so it holds every other digit, which leaves each cell that sees all of
//! the set's cells holding it; a set's forcing link (without its entry digit the set forces a
//! cell) removes what `set_eliminations` says. HoDoKu's continuous loops through sets remove
//! the same (its `checkNiceLoop`).
//!
//! The walks here keep one chain per consequence as HoDoKu's tables do; the order in which
//! they meet links is the graph's, so where two chains of the same length lead to a
//! consequence the one kept may differ from HoDoKu's. Through almost locked sets they follow
//! HoDoKu's ALS nodes ([`Walk::run`]): a set's links count HoDoKu's penalty, a shorter chain
//! found later replaces a state's chain as in its `expandTables`, and a set is entered only
//! from a node of the same digit outside it.

use super::aic::{Graph, NodeKind};
use crate::board::{Cell, Digit};
use crate::logic::cell_set::CellSet;
use crate::logic::CandidateGrid;

/// A chain as states: `node * 2 + 1` for "node on", `node * 2` for "node off".
pub(super) type States = Vec<usize>;

/// The node of a state.
pub(super) fn node_of(state: usize) -> usize {
    state / 2
}

/// Whether a state says its node is on.
pub(super) fn is_on(state: usize) -> bool {
    state % 2 == 1
}

/// One chain found, with what it removes.
#[derive(Debug, Clone)]
pub(super) struct Found {
    pub(super) states: States,
    pub(super) eliminations: Vec<(Cell, Digit)>,
}

/// Walks over (node, on/off) states in HoDoKu's table order, reusing their memory from walk
/// to walk.
pub(super) struct Walk {
    parent: Vec<u32>,
    /// The length of each state's chain as HoDoKu counts it (links, with sets' penalties).
    dist: Vec<u32>,
    /// The walk that last reached each state (so a new walk needs no clearing).
    epoch: Vec<u32>,
    current: u32,
    /// The states reached, in the order reached (the start first).
    pub(super) order: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Walk {
    pub(super) fn new(graph: &Graph) -> Walk {
        let states = graph.nodes.len() * 2;
        Walk {
            parent: vec![NONE; states],
            dist: vec![0; states],
            epoch: vec![0; states],
            current: 0,
            order: Vec::with_capacity(states),
        }
    }

    /// Walks from `start` until every reachable state is reached: an "on" state leads over
    /// weak links to "off" states, an "off" state over strong links to "on" states.
    ///
    /// This is HoDoKu's `expandTables` for one table: the states are taken in the order first
    /// reached, each once; a state reached again by a shorter chain (links counted with
    /// [`Graph::next_weighted`]'s weights) takes that chain, unless the start reaches it
    /// directly, and what was reached from it before keeps its chain. Without almost locked
    /// sets every link counts 1, nothing is ever shortened, and this is a breadth-first walk.
    pub(super) fn run(&mut self, graph: &Graph, start: usize) {
        self.current += 1;
        self.order.clear();
        self.epoch[start] = self.current;
        self.parent[start] = NONE;
        self.dist[start] = 0;
        self.order.push(start as u32);
        let mut head = 0;
        while let Some(&s) = self.order.get(head) {
            head += 1;
            let s = s as usize;
            let node = node_of(s);
            let on = is_on(s);
            let base = self.dist[s];
            let entered = self.parent[s] != NONE && enters_set(graph, self.parent[s] as usize, s);
            for (to, weight, by_set) in graph.next_weighted(node, on) {
                if by_set && !entered {
                    continue;
                }
                let t = to * 2 + usize::from(!on);
                let dist = base + weight;
                if self.epoch[t] == self.current {
                    // Every weight is at least 1, so a shorter chain to `t` never runs
                    // through `t` itself: the parents stay a tree.
                    if t != start && self.parent[t] != start as u32 && dist < self.dist[t] {
                        self.parent[t] = s as u32;
                        self.dist[t] = dist;
                    }
                    continue;
                }
                self.epoch[t] = self.current;
                self.parent[t] = s as u32;
                self.dist[t] = dist;
                self.order.push(t as u32);
            }
        }
    }

    /// The chain of the last walk from its start to `state` (which it reached).
    pub(super) fn path(&self, state: usize) -> States {
        let mut out = vec![state];
        let mut cur = self.parent[state];
        while cur != NONE {
            out.push(cur as usize);
            cur = self.parent[cur as usize];
        }
        out.reverse();
        out
    }
}

/// Whether the link from state `from` to the "off" state `to` can enter an almost locked set
/// whose node `to` is: HoDoKu enters a set only from a node of the same digit outside it that
/// sees all the set's cells holding it, so a chain's start, or a weak link inside a cell, does
/// not lead on over a link only a set makes.
fn enters_set(graph: &Graph, from: usize, to: usize) -> bool {
    is_on(from) && !is_on(to) && graph.nodes[node_of(from)].digit == graph.nodes[node_of(to)].digit
}

/// Whether the chain crosses itself as HoDoKu judges it: a node's first cell is among the cells
/// of the nodes before its predecessor (for a nice loop, nodes whose first cell is the start
/// cell excepted, as the loop comes back to it). HoDoKu looks only at the first cell of a group or set that comes later,
/// and so does this; the chain stays sound either way, as each implication holds on its own.
fn is_lasso(graph: &Graph, states: &[usize], nice_loop: bool) -> bool {
    let first_cell = |k: usize| graph.nodes[node_of(states[k])].cells.first();
    let start_cell = first_cell(0);
    let mut seen = CellSet::EMPTY;
    for k in 1..states.len() {
        if first_cell(k).is_some_and(|c| seen.contains(c)) {
            return true;
        }
        if !nice_loop || first_cell(k - 1) != start_cell {
            seen |= graph.span[node_of(states[k - 1])];
        }
    }
    false
}

/// Whether HoDoKu would report the chain: at least three links, no lasso, and a nice loop's
/// first link leaving its start cell.
fn acceptable(graph: &Graph, states: &[usize], nice_loop: bool) -> bool {
    let first_cell = |k: usize| graph.nodes[node_of(states[k])].cells.first();
    states.len() >= 4
        && !(nice_loop && first_cell(1) == first_cell(0))
        && !is_lasso(graph, states, nice_loop)
}

/// The longest chain [`simple_path`] looks for, in links.
const MAX_LINKS: usize = 20;

/// How many steps the depth-first searches of one [`hodoku_chains`] call may take in all.
const SEARCH_BUDGET: u32 = 200_000;

/// How many steps one depth-first search may take.
const PATH_BUDGET: u32 = 5_000;

/// A chain from state `from` to state `to` that HoDoKu would accept, when the breadth-first
/// walk's own chain is a lasso: a depth-first search in link order, at most [`MAX_LINKS`]
/// links long, within [`PATH_BUDGET`] steps and what is left of `budget`. HoDoKu keeps only
/// the walk's chain, so this finds more than it does, never less.
fn simple_path(
    graph: &Graph,
    from: usize,
    to: usize,
    nice_loop: bool,
    budget: &mut u32,
) -> Option<States> {
    let mut steps = PATH_BUDGET.min(*budget);
    let start_cell = graph.nodes[node_of(from)].cells.first();
    let mut path = vec![from];
    let found = extend(
        graph,
        &mut path,
        CellSet::EMPTY,
        to,
        (nice_loop, start_cell),
        &mut steps,
    );
    *budget -= PATH_BUDGET.min(*budget) - steps;
    found.then_some(path)
}

/// One level of [`simple_path`]'s search: `seen` holds the cells of every node of `path` but
/// its last (the start cell's nodes left out for a nice loop).
fn extend(
    graph: &Graph,
    path: &mut Vec<usize>,
    seen: CellSet,
    to: usize,
    (nice_loop, start_cell): (bool, Option<Cell>),
    steps: &mut u32,
) -> bool {
    let Some(&last) = path.last() else {
        return false;
    };
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    let first_cell = |s: usize| graph.nodes[node_of(s)].cells.first();
    let on = is_on(last);
    let add = if nice_loop && first_cell(last) == start_cell {
        CellSet::EMPTY
    } else {
        graph.span[node_of(last)]
    };
    let entered = path.len() >= 2 && enters_set(graph, path[path.len() - 2], last);
    for (next, _, by_set) in graph.next_weighted(node_of(last), on) {
        if by_set && !entered {
            continue;
        }
        let t = next * 2 + usize::from(!on);
        if first_cell(t).is_some_and(|c| seen.contains(c))
            || (nice_loop && path.len() == 1 && first_cell(t) == start_cell)
        {
            continue;
        }
        if t == to {
            if path.len() >= 3 {
                path.push(t);
                return true;
            }
            continue;
        }
        if path.len() >= MAX_LINKS || path.contains(&t) {
            continue;
        }
        path.push(t);
        if extend(graph, path, seen | add, to, (nice_loop, start_cell), steps) {
            return true;
        }
        path.pop();
        if *steps == 0 {
            return false;
        }
    }
    false
}

/// Whether a node of the chain is a group or a set.
pub(super) fn is_grouped(graph: &Graph, states: &[usize]) -> bool {
    states
        .iter()
        .any(|&s| graph.kind[node_of(s)] != NodeKind::Single)
}

/// Whether the chain goes through an almost locked set: a node that only a set makes, or a
/// strong link that only a set makes (a set's node for a digit it holds in one cell, or in a
/// group's cells, is that cell's or group's node).
pub(super) fn uses_set(graph: &Graph, states: &[usize]) -> bool {
    states
        .iter()
        .any(|&s| graph.kind[node_of(s)] == NodeKind::Als)
        || states.windows(2).any(|w| {
            is_on(w[1])
                && graph
                    .set_link(node_of(w[0]), node_of(w[1]))
                    .is_some_and(|link| link.only)
        })
}

/// The cells that see every cell of `cells`.
fn seeing_all(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::ALL, |acc, c| acc & CellSet::peers(c))
}

/// Every nice loop and AIC HoDoKu would report from single-cell starts, one per set of
/// eliminations (the shortest), in the order found.
pub(super) fn hodoku_chains(
    graph: &Graph,
    grid: &CandidateGrid,
    keep: &dyn Fn(&Graph, &[usize]) -> bool,
) -> Vec<Found> {
    let mut walk = Walk::new(graph);
    let mut budget = SEARCH_BUDGET;
    let mut out: Vec<Found> = Vec::new();
    let mut by_elims: std::collections::HashMap<Vec<(Cell, Digit)>, usize> =
        std::collections::HashMap::new();
    let mut add = |found: Found, out: &mut Vec<Found>| {
        let mut key = found.eliminations.clone();
        key.sort_unstable();
        key.dedup();
        match by_elims.get(&key) {
            Some(&i) if out[i].states.len() <= found.states.len() => {}
            Some(&i) => out[i] = found,
            None => {
                by_elims.insert(key, out.len());
                out.push(found);
            }
        }
    };
    for start in 0..graph.nodes.len() {
        if graph.kind[start] != NodeKind::Single {
            continue;
        }
        for on in [true, false] {
            let s0 = start * 2 + usize::from(on);
            walk.run(graph, s0);
            for &t in &walk.order[1..] {
                let t = t as usize;
                let end = node_of(t);
                if graph.kind[end] != NodeKind::Single {
                    continue;
                }
                let same_cell = graph.nodes[end].cells == graph.nodes[start].cells;
                if same_cell {
                    let mut states = walk.path(t);
                    if !acceptable(graph, &states, true) {
                        match simple_path(graph, s0, t, true, &mut budget) {
                            Some(other) => states = other,
                            None => continue,
                        }
                    }
                    if let Some(found) = nice_loop(graph, grid, states) {
                        if keep(graph, &found.states) {
                            add(found, &mut out);
                        }
                    }
                } else if !on && is_on(t) {
                    if let Some(found) = aic(graph, grid, &walk, t, &mut budget) {
                        if keep(graph, &found.states) {
                            add(found, &mut out);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The AIC from the walk's start (off) to `end` (on, another cell), if HoDoKu reports it.
fn aic(
    graph: &Graph,
    grid: &CandidateGrid,
    walk: &Walk,
    end: usize,
    budget: &mut u32,
) -> Option<Found> {
    let first = node_of(walk.order[0] as usize);
    let (a, b) = (graph.nodes[first], graph.nodes[node_of(end)]);
    let (ca, cb) = (a.cells.first()?, b.cells.first()?);
    let mut elims = Vec::new();
    if a.digit == b.digit {
        let common = CellSet::peers(ca) & CellSet::peers(cb) & grid.cells_with(a.digit);
        if common.len() < 2 {
            return None;
        }
        elims.extend(common.iter().map(|c| (c, a.digit)));
    } else {
        if !CellSet::peers(ca).contains(cb)
            || !grid.candidates(cb).contains(a.digit)
            || !grid.candidates(ca).contains(b.digit)
        {
            return None;
        }
        elims.push((ca, b.digit));
        elims.push((cb, a.digit));
    }
    let mut states = walk.path(end);
    if !acceptable(graph, &states, false) {
        states = simple_path(graph, walk.order[0] as usize, end, false, budget)?;
    }
    Some(Found {
        states,
        eliminations: elims,
    })
}

/// The nice loop `states` (from a candidate of a cell back to that cell), if HoDoKu reports
/// it: classified by the table above, with its eliminations.
fn nice_loop(graph: &Graph, grid: &CandidateGrid, states: States) -> Option<Found> {
    let n = states.len();
    if n < 4 {
        return None;
    }
    let start = graph.nodes[node_of(states[0])];
    let cell = start.cells.first()?;
    let first_strong = is_on(states[1]);
    let last_strong = is_on(states[n - 1]);
    let (d, e) = (start.digit, graph.nodes[node_of(states[n - 1])].digit);
    let candidates = grid.candidates(cell);
    let mut elims = Vec::new();
    match (first_strong, last_strong) {
        // Discontinuous loops.
        (false, false) if d == e => elims.push((cell, d)),
        (true, true) if d == e => {
            elims.extend(candidates.iter().filter(|&x| x != d).map(|x| (cell, x)));
        }
        (false, true) if d != e => elims.push((cell, d)),
        (true, false) if d != e => elims.push((cell, e)),
        (false, false) if candidates.len() != 2 => return None,
        _ => elims = continuous_eliminations(graph, grid, &states, first_strong && last_strong),
    }
    if elims.is_empty() {
        return None;
    }
    Some(Found {
        states,
        eliminations: elims,
    })
}

/// What a continuous loop removes (HoDoKu's rules): every weak link between two cells becomes
/// strong, so its digit leaves the cells seeing both of its nodes (outside the loop's cells);
/// a cell entered and left by strong links on two digits keeps only those two.
fn continuous_eliminations(
    graph: &Graph,
    grid: &CandidateGrid,
    states: &[usize],
    start_strong_both: bool,
) -> Vec<(Cell, Digit)> {
    let n = states.len();
    let node = |k: usize| graph.nodes[node_of(states[k])];
    let loop_cells = states
        .iter()
        .fold(CellSet::EMPTY, |acc, &s| acc | graph.span[node_of(s)]);
    let mut out = Vec::new();
    let keep_two = |cell: Cell, a: Digit, b: Digit, out: &mut Vec<(Cell, Digit)>| {
        for x in grid.candidates(cell).iter() {
            if x != a && x != b {
                out.push((cell, x));
            }
        }
    };
    for k in 0..n {
        // A cell with two strong links: the start cell when the loop leaves and enters it by
        // strong links, or a cell entered by a strong link, left by a weak link inside it and
        // then a strong link out.
        if k == 0 {
            if start_strong_both {
                if let Some(cell) = node(0).cells.first() {
                    keep_two(cell, node(0).digit, node(n - 1).digit, &mut out);
                }
            }
        } else if is_on(states[k])
            && k + 2 < n
            && node(k - 1).cells != node(k).cells
            && !is_on(states[k + 1])
            && node(k).cells == node(k + 1).cells
            && is_on(states[k + 2])
            && node(k + 1).cells != node(k + 2).cells
        {
            if let Some(cell) = node(k).cells.single_cell() {
                keep_two(cell, node(k).digit, node(k + 1).digit, &mut out);
            }
        }
        // A strong link made by an almost locked set.
        if k > 0 && is_on(states[k]) {
            if let Some(link) = graph.set_link(node_of(states[k - 1]), node_of(states[k])) {
                set_eliminations(grid, link, [node(k - 1).digit, node(k).digit], &mut out);
            }
        }
        // A weak link between two cells.
        if k > 0 && !is_on(states[k]) && node(k - 1).cells != node(k).cells {
            let digit = node(k).digit;
            let targets = seeing_all(node(k - 1).cells | node(k).cells) & grid.cells_with(digit);
            let targets = targets.difference(loop_cells);
            out.extend(targets.iter().map(|c| (c, digit)));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// What a strong link made by an almost locked set removes in a continuous loop, where exactly
/// one of its two nodes is true (see the module's proof). Between two digits `j` and `e` of the
/// set: the set lacks exactly one of them, so every other digit is in it and leaves the cells
/// that see all of the set's cells holding it. A forcing (the set without its entry digit `j`
/// forces cell `x` to `f`): either the set lacks `j` (then it holds every other digit) or `x`
/// holds one of its other candidates `c`, which the set then lacks (`x` sees all its `c`
/// cells) while holding every other digit. So a digit of the set that is neither `j` nor a
/// candidate of `x` leaves the cells seeing all its cells in the set, and each other candidate
/// `c` of `x` leaves the cells that see `x` and all of the set's `c` cells.
fn set_eliminations(
    grid: &CandidateGrid,
    link: &super::aic::SetLink,
    digits: [Digit; 2],
    out: &mut Vec<(Cell, Digit)>,
) {
    let mut push = |cells: CellSet, digit: Digit| out.extend(cells.iter().map(|c| (c, digit)));
    match link.forcing {
        None => {
            for d in link.digits.iter().filter(|d| !digits.contains(d)) {
                push(link.seeing(grid, d), d);
            }
        }
        Some((entry, x)) => {
            let others = grid.candidates(x);
            for d in link.digits.iter().filter(|&d| d != entry) {
                if others.contains(d) {
                    if !digits.contains(&d) {
                        push(link.seeing(grid, d) & CellSet::peers(x), d);
                    }
                } else {
                    push(link.seeing(grid, d), d);
                }
            }
        }
    }
}

/// The step of `technique` for a chain found: cells in chain order (each once), the digits
/// used (the first node's first), the links between consecutive states.
pub(super) fn step(
    graph: &Graph,
    technique: crate::logic::Technique,
    ratings: &crate::logic::Ratings,
    found: &Found,
) -> crate::logic::Step {
    let mut step = crate::logic::Step::new(technique, ratings.get(technique));
    step.eliminations = found.eliminations.clone();
    let nodes: Vec<_> = found
        .states
        .iter()
        .map(|&s| graph.nodes[node_of(s)])
        .collect();
    for node in &nodes {
        for c in node.cells {
            if !step.cells.contains(&c) {
                step.cells.push(c);
            }
        }
    }
    if let Some(first) = nodes.first() {
        step.digits.push(first.digit);
        let mut rest: Vec<Digit> = nodes
            .iter()
            .map(|n| n.digit)
            .filter(|&d| d != first.digit)
            .collect();
        rest.sort_unstable();
        rest.dedup();
        step.digits.extend(rest);
    }
    for w in found.states.windows(2) {
        let (a, b) = (graph.nodes[node_of(w[0])], graph.nodes[node_of(w[1])]);
        let (Some(ca), Some(cb)) = (a.cells.first(), b.cells.first()) else {
            continue;
        };
        let strong = is_on(w[1]);
        step.links.push(crate::logic::Link {
            from: crate::logic::ChainNode {
                cell: ca,
                digit: a.digit,
                on: is_on(w[0]),
            },
            to: crate::logic::ChainNode {
                cell: cb,
                digit: b.digit,
                on: is_on(w[1]),
            },
            house: graph.link_house(node_of(w[0]), node_of(w[1]), strong),
        });
    }
    step
}

#[cfg(test)]
mod tests {
    use super::super::aic::SetLink;
    use crate::board::Candidates;
    use crate::logic::cell_set::CellSet;
    use crate::logic::test_util::{cell, digit};

    fn set(digits: &[u8], forcing: bool) -> SetLink {
        SetLink {
            cells: CellSet::single(cell("r1c1")),
            digits: digits.iter().fold(Candidates::NONE, |acc, &d| {
                acc.union(Candidates::single(digit(d)))
            }),
            forcing: forcing.then(|| (digit(digits[0]), cell("r5c5"))),
            only: true,
        }
    }

    #[test]
    fn set_links_count_hodokus_penalties() {
        // HoDoKu's `Als.getChainPenalty`: (digits - 1) * 2 from three digits on; a forced cell
        // one link more, plus the link into it.
        assert_eq!(set(&[1, 2, 3], false).weight(), 4);
        assert_eq!(set(&[1, 2, 3, 4], false).weight(), 6);
        assert_eq!(set(&[1, 2, 3, 4, 5], false).weight(), 8);
        assert_eq!(set(&[1, 2, 3], true).weight(), 6);
        assert_eq!(set(&[1, 2, 3, 4], true).weight(), 8);
    }
}
