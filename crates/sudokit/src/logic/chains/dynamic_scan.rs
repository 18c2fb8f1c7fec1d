//! Sudoku Explainer's Nishio forcing chains (`Chaining(false, true, true, 0)`) and dynamic
//! forcing chains (`Chaining(true, true, false, level)`): the scan over assumptions, the hints it
//! collects, and SE's choice among them.
//!
//! SE's scan, kept exactly because it decides which hint comes first: cells row by row, those
//! with two or more candidates; for each candidate in increasing order,
//! 1. "candidate on" and then "candidate off" are walked (see `dynamic`); a walk that meets a
//!    contradiction proves the opposite of its assumption (Nishio walks follow one digit at a
//!    time);
//! 2. (dynamic, cells of three or more candidates) a candidate implied on, then one implied
//!    off, by both walks, in the order the "on" walk reached them ("double" chains);
//! 3. (dynamic) for the box, row and column in turn where the cell is the first place of the
//!    digit, what every place of the digit there implies (region chains);
//!
//! and after the last candidate, what every candidate of the cell implies (cell chains), "on"
//! conclusions first. Each hint is rated `base + length bonus(complexity)`, the complexity being
//! the number of distinct nodes of all its chains (hidden parents included); hints are sorted
//! by difficulty, complexity and kind (double 1, cell 5, region 6, contradiction 7), ties kept
//! in discovery order, and SE applies the first.

use super::cancel;
use super::dynamic::{Advanced, Cause, Nested, NestedHint, Net, Rules, Work};
use super::graph::{cell_digit, houses_of, pot, removable, Graph, Pot, PotSet};
use super::hint::{length_bonus, rating_of};
use super::node::{ChainNode, Link};
use super::reach::{self, Links, Reached, Reacher};
use crate::board::{Cell, Digit, House};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Ratings, Step, Technique};
use std::cmp::Ordering;

mod nishio;
pub(super) use nishio::forget as forget_nishio;
mod pool;

/// Which of SE's chaining rules runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// Nishio forcing chains: contradictions, one digit at a time.
    Nishio,
    /// Dynamic forcing chains at a nesting level (0: plain; 1: "(+)", with simple rules).
    Dynamic(u8),
}

impl Family {
    fn rules(self) -> Rules {
        match self {
            Family::Nishio => Rules {
                y: false,
                dynamic: true,
                level: 0,
            },
            Family::Dynamic(level) => Rules {
                y: true,
                dynamic: true,
                level,
            },
        }
    }

    /// The technique of a hint of `kind`.
    fn technique(self, kind: Kind) -> Technique {
        use Technique as T;
        let level = match self {
            Family::Nishio => return T::NishioForcingChains,
            Family::Dynamic(level) => level,
        };
        let [contradiction, double, cell, region] = match level {
            0 => [
                T::DynamicContradictionChains,
                T::DynamicDoubleChains,
                T::DynamicCellForcingChains,
                T::DynamicRegionForcingChains,
            ],
            1 => [
                T::DynamicPlusContradictionChains,
                T::DynamicPlusDoubleChains,
                T::DynamicPlusCellForcingChains,
                T::DynamicPlusRegionForcingChains,
            ],
            2 => [
                T::NestedContradictionChains2,
                T::NestedDoubleChains2,
                T::NestedCellForcingChains2,
                T::NestedRegionForcingChains2,
            ],
            3 => [
                T::NestedContradictionChains3,
                T::NestedDoubleChains3,
                T::NestedCellForcingChains3,
                T::NestedRegionForcingChains3,
            ],
            4 => [
                T::NestedContradictionChains4,
                T::NestedDoubleChains4,
                T::NestedCellForcingChains4,
                T::NestedRegionForcingChains4,
            ],
            _ => [
                T::NestedContradictionChains5,
                T::NestedDoubleChains5,
                T::NestedCellForcingChains5,
                T::NestedRegionForcingChains5,
            ],
        };
        match kind {
            Kind::Contradiction => contradiction,
            Kind::Double => double,
            Kind::Cell(_) => cell,
            Kind::Region(..) => region,
        }
    }
}

/// What a hint starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One assumption (`Hint::source`) leads to a contradiction.
    Contradiction,
    /// A candidate on and the same candidate off (`Hint::source`) imply the same.
    Double,
    /// Every candidate of a cell implies the same.
    Cell(Cell),
    /// Every place of a digit in a house implies the same.
    Region(House, Digit),
}

impl Kind {
    /// SE's `getSortKey`.
    fn sort_key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::Cell(_) => 5,
            Kind::Region(..) => 6,
            Kind::Contradiction => 7,
        }
    }
}

/// One hint, as ranked.
#[derive(Debug, Clone, Copy)]
struct Hint {
    kind: Kind,
    /// The assumption of a contradiction or double chain.
    source: (Pot, bool),
    /// What is concluded: a candidate on (placed) or off (removed).
    target: (Pot, bool),
    complexity: u32,
    difficulty: f64,
}

impl Hint {
    fn cmp(&self, other: &Hint) -> Ordering {
        self.difficulty
            .total_cmp(&other.difficulty)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.kind.sort_key().cmp(&other.kind.sort_key()))
    }
}

/// The walks of one scan, each computed once.
struct Walks<'a> {
    base: Work,
    rules: Rules,
    advanced: Option<Advanced<'a>>,
    /// Where the walk from each potential assumed on is in `nets` (`NO_WALK`: not walked).
    on: Vec<u32>,
    /// The walks from potentials assumed on (a dense list: 729 empty slots of nets cost more
    /// to allocate and clear than the walks they skip).
    nets: Vec<Net>,
    /// Nets done with, to walk into again without allocating.
    spare: Vec<Net>,
    /// Where the walk from each potential assumed off is in `off_nets`, for the chains of the
    /// hints a scan found (empty until [`ensure_off`](Walks::ensure_off) is first called).
    off: Vec<u32>,
    /// The walks from potentials assumed off, kept: a nested level's rule reads the chains of
    /// every hint, and many double chains share their source.
    off_nets: Vec<Net>,
    /// The links of the reaches that stand in for walks until a hint may need them (see
    /// `reach`): at level 0, where a walk's sets are a fixpoint of its links, and at level 1,
    /// where they are inside the fixpoint of its links and looser forms of its rules (so the
    /// level-1 rules handed in, `advanced`, must be SE's: locking, hidden and naked pairs,
    /// X-wings).
    filter: Option<Links>,
    /// The working memory of the reaches.
    reacher: Reacher,
    /// Where the reach from each potential assumed on is in `reached` (`NO_WALK`: not yet).
    reach_at: Vec<u32>,
    /// What the potentials assumed on reach.
    reached: Vec<Reached>,
}

/// A walk the scan does not keep (from "off", or any Nishio walk): what it reaches and, when
/// it met a contradiction or a hint may need its chains, the walk itself.
struct Once {
    reached: Reached,
    net: Option<Net>,
}

impl Once {
    /// The potentials reached `on` (or off).
    fn set(&self, on: bool) -> &PotSet {
        match &self.net {
            Some(net) => net.set(on),
            None => self.reached.set(on),
        }
    }
}

impl Drop for Walks<'_> {
    /// Hands the nets to the thread's pool (`pool`) for the next scan: a net is walked into
    /// afresh before it is read (`Net::rewalk` clears what it held), so a net of an earlier
    /// scan, of any grid, serves as well as a new one.
    fn drop(&mut self) {
        let nets = std::mem::take(&mut self.nets);
        let spare = std::mem::take(&mut self.spare);
        let off = std::mem::take(&mut self.off_nets);
        pool::give(nets.into_iter().chain(spare).chain(off));
    }
}

/// Marks a potential not walked yet in `Walks::on`.
const NO_WALK: u32 = u32::MAX;

impl<'a> Walks<'a> {
    fn new(graph: &Graph, family: Family, advanced: Option<Advanced<'a>>) -> Walks<'a> {
        Walks {
            base: Work::of(graph),
            rules: family.rules(),
            advanced,
            on: vec![NO_WALK; 729],
            nets: Vec::new(),
            spare: Vec::new(),
            off: Vec::new(),
            off_nets: Vec::new(),
            filter: match family.rules().level {
                0 => Some(Links::Dynamic {
                    y: family.rules().y,
                }),
                1 => Some(Links::Plus),
                _ => None,
            },
            reacher: Reacher::default(),
            reach_at: vec![NO_WALK; 729],
            reached: Vec::new(),
        }
    }

    /// Makes what "`p` on" reaches known ([`set_of`](Walks::set_of)), with the walk itself
    /// when there is no filter or the walk meets a contradiction (a hint).
    fn reach(&mut self, p: Pot) {
        let Some(links) = self.filter else {
            self.ensure(p);
            return;
        };
        let slot = usize::from(p) % 729;
        if self.reach_at[slot] != NO_WALK {
            return;
        }
        let mut reached = Reached::default();
        self.reacher
            .reach(&self.base, links, (p, true), &mut reached);
        self.reach_at[slot] = self.reached.len() as u32;
        self.reached.push(reached);
        if reached.contradiction() {
            self.ensure(p);
        }
    }

    /// The potentials "`p` on" reaches `on` (or off), once [`reach`](Walks::reach)ed: the
    /// walk's set if it was walked, else the reach's (the same when it met no contradiction).
    fn set_of(&self, p: Pot, on: bool) -> Option<&PotSet> {
        if let Some(net) = self.get(p) {
            return Some(net.set(on));
        }
        let at = *self.reach_at.get(usize::from(p) % 729)?;
        self.reached.get(at as usize).map(|r| r.set(on))
    }

    /// What "`p` on" (or off) reaches, with the walk when it met a contradiction or there is no
    /// filter; not kept.
    fn once(&mut self, p: Pot, on: bool) -> Once {
        let mut once = Once {
            reached: Reached::default(),
            net: None,
        };
        match self.filter {
            Some(links) => {
                self.reacher
                    .reach(&self.base, links, (p, on), &mut once.reached);
                if once.reached.contradiction() {
                    once.net = Some(self.walk(p, on));
                }
            }
            None => once.net = Some(self.walk(p, on)),
        }
        once
    }

    /// Walks `once` fully if it is not yet.
    fn complete(&mut self, once: &mut Once, p: Pot, on: bool) {
        if once.net.is_none() {
            once.net = Some(self.walk(p, on));
        }
    }

    /// A spare net: one done with in this scan, or one from an earlier scan.
    fn spare_net(&mut self) -> Option<Net> {
        self.spare.pop().or_else(pool::take)
    }

    /// Computes the walk from "`p` off" if it is not kept yet.
    fn ensure_off(&mut self, p: Pot) {
        if self.off.is_empty() {
            self.off = vec![NO_WALK; 729];
        }
        let slot = usize::from(p) % 729;
        if self.off[slot] == NO_WALK {
            let net = self.walk(p, false);
            self.off[slot] = self.off_nets.len() as u32;
            self.off_nets.push(net);
        }
    }

    /// The walk from "`p` off", once [`ensure_off`](Walks::ensure_off)d.
    fn get_off(&self, p: Pot) -> Option<&Net> {
        let slot = *self.off.get(usize::from(p) % 729)?;
        self.off_nets.get(slot as usize)
    }

    /// Computes the walk from "`p` on" if it is not known yet.
    fn ensure(&mut self, p: Pot) {
        let slot = usize::from(p) % 729;
        if self.on[slot] == NO_WALK {
            let mut net = self.spare_net().unwrap_or_else(|| {
                let mut net = Net::empty();
                if let Some(kept) = self.nets.last_mut() {
                    kept.lend_scratch(&mut net);
                }
                net
            });
            net.rewalk(&self.base, self.rules, (p, true), self.advanced);
            self.on[slot] = self.nets.len() as u32;
            self.nets.push(net);
        }
    }

    /// The walk from "`p` on", once [`ensure`](Walks::ensure)d.
    fn get(&self, p: Pot) -> Option<&Net> {
        self.nets.get(self.on[usize::from(p) % 729] as usize)
    }

    /// The walk from "`p` on" or off, not kept (hand it back with [`recycle`](Walks::recycle)
    /// when done).
    fn walk(&mut self, p: Pot, on: bool) -> Net {
        let mut net = self.spare_net().unwrap_or_else(Net::empty);
        net.rewalk(&self.base, self.rules, (p, on), self.advanced);
        net
    }

    /// Keeps a net done with for the next walk.
    fn recycle(&mut self, net: Net) {
        self.spare.push(net);
    }
}

/// At most nine potentials (a cell's candidates, a digit's places in a house), without
/// allocating: the scan lists them for every cell and house at every step.
#[derive(Clone, Copy)]
struct Pots {
    pots: [Pot; 9],
    len: usize,
}

impl Pots {
    fn new(from: impl Iterator<Item = Pot>) -> Pots {
        let mut pots = Pots {
            pots: [0; 9],
            len: 0,
        };
        for p in from.take(9) {
            pots.pots[pots.len] = p;
            pots.len += 1;
        }
        pots
    }
}

impl std::ops::Deref for Pots {
    type Target = [Pot];
    fn deref(&self) -> &[Pot] {
        &self.pots[..self.len.min(9)]
    }
}

/// The candidates of `cell` in `graph`, as potentials in increasing digit order.
fn cell_pots(graph: &Graph, cell: Cell) -> Pots {
    let mut mask = graph.cands(cell.index());
    Pots::new(std::iter::from_fn(|| {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            (cell.index() * 9 + d) as Pot
        })
    }))
}

/// The places of `digit` in `house`, as potentials in house order.
fn region_pots(graph: &Graph, house: House, digit: Digit) -> Pots {
    let places = graph.cells_with(digit.index()) & CellSet::house(house);
    Pots::new(places.iter().map(|c| pot(c, digit)))
}

/// SE's `isWorth` for a conclusion: "off" always removes; "on" removes the cell's others.
fn worth(graph: &Graph, (target, on): (Pot, bool)) -> bool {
    !on || graph.cands(usize::from(target) / 9 % 81).count_ones() > 1
}

/// Runs the scan, handing every hint to `found` in SE's discovery order. Returns `false` if
/// the search was cancelled (then some hints may be missing).
fn scan(
    graph: &Graph,
    family: Family,
    ratings: &Ratings,
    walks: &mut Walks<'_>,
    found: &mut dyn FnMut(Hint),
) -> bool {
    let nishio = family == Family::Nishio;
    let base = |kind: Kind| f64::from(ratings.get(family.technique(kind)).tenths()) / 10.0;
    let mut hint = |kind: Kind, source, target, complexity: u32| {
        found(Hint {
            kind,
            source,
            target,
            complexity,
            difficulty: base(kind) + length_bonus(complexity),
        });
    };
    for cell in CellSet::ALL {
        let pots = cell_pots(graph, cell);
        if pots.len() < 2 {
            continue;
        }
        if cancel::should_stop() {
            return false;
        }
        for &p in pots.iter() {
            let mut off = walks.once(p, false);
            // No cell or region chain reuses a Nishio scan's "on" walk: it goes back at once.
            let once = nishio.then(|| walks.once(p, true));
            if !nishio {
                walks.reach(p);
            }
            // A walk that meets a contradiction is always walked (see `Walks::reach`).
            let on_net = match &once {
                Some(once) => once.net.as_ref(),
                None => walks.get(p),
            };
            if let Some((on, (a, b))) = on_net.and_then(|n| Some((n, n.contradiction()?))) {
                let complexity = measure(&[(on, a), (on, b)]);
                hint(Kind::Contradiction, (p, true), (p, false), complexity);
            }
            if let Some((net, (a, b))) =
                off.net.as_ref().and_then(|n| Some((n, n.contradiction()?)))
            {
                let complexity = measure(&[(net, a), (net, b)]);
                if worth(graph, (p, true)) {
                    hint(Kind::Contradiction, (p, false), (p, true), complexity);
                }
            }
            if !nishio && pots.len() >= 3 {
                // Whether both walks imply something, from their sets alone: mostly not, and
                // then neither needs its chains.
                let meet = [true, false].into_iter().any(|state| {
                    walks.set_of(p, state).is_some_and(|set| {
                        let mut both = *set;
                        both.intersect(off.set(state));
                        !both.is_empty()
                    })
                });
                if meet {
                    walks.ensure(p);
                    walks.complete(&mut off, p, false);
                }
                if let (true, Some(on), Some(off)) = (meet, walks.get(p), off.net.as_ref()) {
                    for state in [true, false] {
                        // What both walks imply, as one set operation.
                        let mut both = *on.set(state);
                        both.intersect(off.set(state));
                        if both.is_empty() {
                            continue;
                        }
                        for (q, i) in on.reached(state).filter(|&(q, _)| both.contains(q)) {
                            if let Some(j) = off.node(q, state) {
                                if worth(graph, (q, state)) {
                                    let complexity = measure(&[(on, i), (off, j)]);
                                    hint(Kind::Double, (p, true), (q, state), complexity);
                                }
                            }
                        }
                    }
                }
            }
            if let Some(net) = off.net {
                walks.recycle(net);
            }
            if let Some(once) = once {
                if let Some(net) = once.net {
                    walks.recycle(net);
                }
                continue;
            }
            let Some((_, digit)) = cell_digit(p) else {
                continue;
            };
            for house in houses_of(cell) {
                let places = region_pots(graph, house, digit);
                if places.len() < 2 || places.first() != Some(&p) {
                    continue;
                }
                for &place in places.iter() {
                    walks.reach(place);
                }
                common(walks, &places, &mut |target, complexity| {
                    if worth(graph, target) {
                        hint(Kind::Region(house, digit), (p, true), target, complexity);
                    }
                });
            }
        }
        if !nishio {
            common(walks, &pots, &mut |target, complexity| {
                if worth(graph, target) {
                    hint(Kind::Cell(cell), (pots[0], true), target, complexity);
                }
            });
        }
    }
    true
}

/// Hands `out` what every walk from the `sources` (each assumed on, at most nine) implies:
/// "on" conclusions first, each in the order the first walk reached it, with the total
/// complexity of the chains. (The walks must be [`ensure`](Walks::ensure)d.)
fn common(walks: &mut Walks<'_>, sources: &[Pot], out: &mut dyn FnMut((Pot, bool), u32)) {
    // Whether every walk implies something, from their sets alone (the walks' own sets where
    // they met a contradiction): most sources have nothing in common, and then no walk needs
    // its chains.
    let seen = &*walks;
    if !reach::meet(sources, |s, on| seen.set_of(s, on)) {
        return;
    }
    for &s in sources {
        walks.ensure(s);
    }
    let walks = &*walks;
    let mut nets: [Option<&Net>; 9] = [None; 9];
    let mut count = 0;
    for net in sources.iter().filter_map(|&s| walks.get(s)).take(9) {
        nets[count] = Some(net);
        count += 1;
    }
    let (Some(first), rest) = (nets[0], &nets[1..count.max(1)]) else {
        return;
    };
    let mut ends: [(&Net, u32); 9] = [(first, 0); 9];
    for state in [true, false] {
        // What every walk implies, as one set operation: most sources have nothing in
        // common, and then the first walk's nodes need not be read at all.
        let mut all = *first.set(state);
        for net in rest.iter().flatten() {
            all.intersect(net.set(state));
        }
        if all.is_empty() {
            continue;
        }
        for (q, i) in first.reached(state) {
            if !all.contains(q) {
                continue;
            }
            ends[0] = (first, i);
            let mut n = 1;
            for net in rest.iter().flatten() {
                if let Some(j) = net.node(q, state) {
                    ends[n] = (net, j);
                    n += 1;
                }
            }
            out((q, state), measure(&ends[..n]));
        }
    }
}

/// SE's `getComplexity` of a hint whose chains end at these nodes: the distinct nodes of each
/// chain, plus the complexity of each distinct nested chain they use.
fn measure(ends: &[(&Net, u32)]) -> u32 {
    let mut total = 0;
    let mut nested: Vec<&Nested> = Vec::new();
    for &(net, i) in ends {
        total += net.ancestor_count(i);
        for chain in net.nested_of(i) {
            if !nested.iter().any(|n| **n == **chain) {
                nested.push(chain);
                total += chain.complexity;
            }
        }
    }
    total
}

/// The first hint SE would apply in `grid` with `family`'s rule, as a step; `None` if there is
/// none or the search was cancelled.
pub(crate) fn first_step(
    grid: &CandidateGrid,
    ratings: &Ratings,
    family: Family,
    advanced: Option<Advanced<'_>>,
) -> Option<Step> {
    let graph = Graph::shared(grid);
    let mut walks = Walks::new(&graph, family, advanced);
    let best = if family == Family::Nishio {
        nishio::best(&graph, ratings, &mut walks)?
    } else {
        let mut best: Option<Hint> = None;
        let complete = scan(&graph, family, ratings, &mut walks, &mut |hint| {
            if best.is_none_or(|b| hint.cmp(&b) == Ordering::Less) {
                best = Some(hint);
            }
        });
        if !complete {
            return None;
        }
        best
    };
    best.map(|hint| to_step(&graph, family, &mut walks, hint))
}

/// Every hint SE finds in `grid` with `family`'s rule, in its order, each removal set once;
/// empty if the search was cancelled.
pub(crate) fn all_steps(
    grid: &CandidateGrid,
    ratings: &Ratings,
    family: Family,
    advanced: Option<Advanced<'_>>,
) -> Vec<Step> {
    distinct_hints(grid, ratings, family, advanced, |graph, walks, hints| {
        hints
            .into_iter()
            .map(|hint| to_step(graph, family, walks, hint))
            .collect()
    })
    .unwrap_or_default()
}

/// Scans `grid` with `family`'s rule, sorts the hints in SE's order and keeps the first of each
/// removal set, then hands them to `finish` with the graph and walks they refer to; `None` if
/// the search was cancelled.
fn distinct_hints<T>(
    grid: &CandidateGrid,
    ratings: &Ratings,
    family: Family,
    advanced: Option<Advanced<'_>>,
    finish: impl FnOnce(&Graph, &mut Walks<'_>, Vec<Hint>) -> T,
) -> Option<T> {
    let graph = Graph::new(grid);
    let mut walks = Walks::new(&graph, family, advanced);
    let mut hints = Vec::new();
    if !scan(&graph, family, ratings, &mut walks, &mut |hint| {
        hints.push(hint)
    }) {
        return None;
    }
    hints.sort_by(Hint::cmp);
    let mut seen = std::collections::HashSet::new();
    hints.retain(|hint| seen.insert(removable(&graph, hint.target)));
    Some(finish(&graph, &mut walks, hints))
}

/// The hint as a step: the conclusion, the pattern (see [`Technique`]'s documentation of each
/// dynamic technique) and the links of each chain in turn.
fn to_step(graph: &Graph, family: Family, walks: &mut Walks<'_>, hint: Hint) -> Step {
    let mut step = Step::new(family.technique(hint.kind), rating_of(hint.difficulty));
    let (target, on) = hint.target;
    if let Some((cell, digit)) = cell_digit(target) {
        if on {
            step.placements.push((cell, digit));
        } else {
            step.eliminations.push((cell, digit));
        }
    }
    match hint.kind {
        Kind::Contradiction | Kind::Double => {
            if let Some((cell, digit)) = cell_digit(hint.source.0) {
                step.cells.push(cell);
                step.digits.push(digit);
            }
        }
        Kind::Cell(cell) => {
            step.cells.push(cell);
            step.digits.extend(
                cell_pots(graph, cell)
                    .iter()
                    .copied()
                    .filter_map(cell_digit)
                    .map(|(_, d)| d),
            );
        }
        Kind::Region(house, digit) => {
            step.houses.push(house);
            step.digits.push(digit);
            step.cells.extend(
                region_pots(graph, house, digit)
                    .iter()
                    .copied()
                    .filter_map(cell_digit)
                    .map(|(c, _)| c),
            );
        }
    }
    let mut links = Vec::new();
    chain_ends(graph, walks, hint, &mut |net, end| {
        links.extend(net.links_to(end))
    });
    for ((a, a_on), (b, b_on)) in links {
        if let (Some((ac, ad)), Some((bc, bd))) = (cell_digit(a), cell_digit(b)) {
            step.links.push(Link {
                from: ChainNode {
                    cell: ac,
                    digit: ad,
                    on: a_on,
                },
                to: ChainNode {
                    cell: bc,
                    digit: bd,
                    on: b_on,
                },
                house: shared_house(ac, bc),
            });
        }
    }
    step
}

/// Calls `visit` with the walk of each of a hint's chains and the node it ends at, in SE's
/// order of its chains.
fn chain_ends(graph: &Graph, walks: &mut Walks<'_>, hint: Hint, visit: &mut dyn FnMut(&Net, u32)) {
    let (target, on) = hint.target;
    let (source, source_on) = hint.source;
    match hint.kind {
        Kind::Contradiction => {
            let net = if source_on {
                walks.ensure(source);
                walks.get(source)
            } else {
                walks.ensure_off(source);
                walks.get_off(source)
            };
            if let Some((net, (a, b))) = net.and_then(|n| Some((n, n.contradiction()?))) {
                visit(net, a);
                visit(net, b);
            }
        }
        Kind::Double => {
            walks.ensure(source);
            walks.ensure_off(source);
            if let (Some(on_net), Some(off_net)) = (walks.get(source), walks.get_off(source)) {
                if let (Some(i), Some(j)) = (on_net.node(target, on), off_net.node(target, on)) {
                    visit(on_net, i);
                    visit(off_net, j);
                }
            }
        }
        Kind::Cell(_) | Kind::Region(..) => {
            let sources = match hint.kind {
                Kind::Cell(cell) => cell_pots(graph, cell),
                Kind::Region(house, digit) => region_pots(graph, house, digit),
                _ => Pots::new(std::iter::empty()),
            };
            for &p in sources.iter() {
                walks.ensure(p);
            }
            for &p in sources.iter() {
                if let Some((net, i)) = walks.get(p).and_then(|n| Some((n, n.node(target, on)?))) {
                    visit(net, i);
                }
            }
        }
    }
}

/// Every hint of `family`'s rule in `grid`, in SE's order, each removal set once, as a rule
/// of a higher nesting level sees it (see `nested`); empty if the search was cancelled.
pub(super) fn nested_hints(
    grid: &CandidateGrid,
    ratings: &Ratings,
    family: Family,
    advanced: Option<Advanced<'_>>,
) -> Vec<NestedHint> {
    distinct_hints(grid, ratings, family, advanced, |graph, walks, hints| {
        hints
            .into_iter()
            .map(|hint| {
                let mut causes = Vec::new();
                let mut key = Vec::new();
                chain_ends(graph, walks, hint, &mut |net, end| {
                    let root = net.pot_of(0).0;
                    causes.extend(net.causes_of(end));
                    // A cell or region chain's assumptions hold as the last candidate of the cell,
                    // or the last place of the digit in the house.
                    match hint.kind {
                        Kind::Cell(_) => causes.push((root, Cause::NakedSingle)),
                        Kind::Region(house, _) => causes.push((root, Cause::Hidden(house))),
                        Kind::Contradiction | Kind::Double => {}
                    }
                    key.extend(net.key_of(end));
                    key.push(u32::MAX);
                });
                NestedHint::new(graph, hint.target, causes, hint.complexity, key)
            })
            .collect()
    })
    .unwrap_or_default()
}

/// The first of the box, row and column of `a` that holds `b`; `None` in one cell.
fn shared_house(a: Cell, b: Cell) -> Option<House> {
    if a == b {
        return None;
    }
    houses_of(a).into_iter().find(|&h| h.contains(b))
}

#[cfg(test)]
mod tests {
    use super::super::reach::tests::states;
    use super::*;
    use crate::logic::techniques::SIMPLE_RULES;

    /// A hint as comparable data: kind, source, target, complexity, difficulty's bits.
    type Found = (Kind, (Pot, bool), (Pot, bool), u32, u64);

    /// Every hint of one scan in its order, and how many walks from "on" it made, with or
    /// without the reaches before the walks.
    fn hints(
        graph: &Graph,
        family: Family,
        advanced: Option<Advanced<'_>>,
        filter: bool,
    ) -> (Vec<Found>, usize) {
        let mut walks = Walks::new(graph, family, advanced);
        if !filter {
            walks.filter = None;
        }
        let mut found = Vec::new();
        let complete = scan(graph, family, &Ratings::default(), &mut walks, &mut |h| {
            found.push((
                h.kind,
                h.source,
                h.target,
                h.complexity,
                h.difficulty.to_bits(),
            ));
        });
        assert!(complete);
        (found, walks.nets.len())
    }

    #[test]
    fn the_reaches_keep_every_hint_of_the_walks_in_order() {
        let (mut hinted, mut walked, mut walked_unfiltered) = (0, 0, 0);
        for grid in states(40) {
            let graph = Graph::new(&grid);
            for family in [Family::Dynamic(0), Family::Nishio] {
                let (filtered, nets) = hints(&graph, family, None, true);
                let (full, all_nets) = hints(&graph, family, None, false);
                assert_eq!(filtered, full, "{family:?} {grid:?}");
                hinted += full.len();
                walked += nets;
                walked_unfiltered += all_nets;
            }
        }
        assert!(hinted > 1_000, "{hinted} hints");
        // More than half the walks from "on" are left out (10,553 of 24,644 are walked: those
        // that meet a contradiction, or share a conclusion with their partners).
        assert!(
            walked * 2 < walked_unfiltered,
            "{walked} of {walked_unfiltered}"
        );
    }

    #[test]
    fn the_plus_reaches_keep_every_hint_of_the_walks_in_order() {
        // Level 1 ("(+)"): the reaches hold the walks' sets (with the simple rules in a looser
        // form), so filtering by them must keep every hint of the scan, in order.
        let (mut hinted, mut walked, mut walked_unfiltered) = (0, 0, 0);
        for grid in states(25) {
            let graph = Graph::new(&grid);
            let rules =
                |b: &Work, w: &Work| super::super::nested::rules(&grid, 1, SIMPLE_RULES, b, w);
            let (filtered, nets) = hints(&graph, Family::Dynamic(1), Some(&rules), true);
            let (full, all_nets) = hints(&graph, Family::Dynamic(1), Some(&rules), false);
            assert_eq!(filtered, full, "{grid:?}");
            hinted += full.len();
            walked += nets;
            walked_unfiltered += all_nets;
        }
        assert!(hinted > 500, "{hinted} hints");
        assert!(
            walked < walked_unfiltered,
            "{walked} of {walked_unfiltered}"
        );
        eprintln!("level 1: {hinted} hints, {walked} of {walked_unfiltered} walks from on");
    }
}
