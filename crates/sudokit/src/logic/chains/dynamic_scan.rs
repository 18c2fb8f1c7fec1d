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
use super::graph::{cell_digit, houses_of, pot, removable, Graph, Pot};
use super::hint::{length_bonus, rating_of};
use super::node::{ChainNode, Link};
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
            let off = walks.walk(p, false);
            // No cell or region chain reuses a Nishio scan's "on" walk: it goes back at once.
            let once = nishio.then(|| walks.walk(p, true));
            if !nishio {
                walks.ensure(p);
            }
            let Some(on) = once.as_ref().or_else(|| walks.get(p)) else {
                continue;
            };
            if let Some((a, b)) = on.contradiction() {
                let complexity = measure(&[(on, a), (on, b)]);
                hint(Kind::Contradiction, (p, true), (p, false), complexity);
            }
            if let Some((a, b)) = off.contradiction() {
                let complexity = measure(&[(&off, a), (&off, b)]);
                if worth(graph, (p, true)) {
                    hint(Kind::Contradiction, (p, false), (p, true), complexity);
                }
            }
            if !nishio && pots.len() >= 3 {
                for state in [true, false] {
                    // What both walks imply, as one set operation: mostly nothing, and then
                    // the "on" walk's nodes need not be read.
                    let mut both = *on.set(state);
                    both.intersect(off.set(state));
                    if both.is_empty() {
                        continue;
                    }
                    for (q, i) in on.reached(state).filter(|&(q, _)| both.contains(q)) {
                        if let Some(j) = off.node(q, state) {
                            if worth(graph, (q, state)) {
                                let complexity = measure(&[(on, i), (&off, j)]);
                                hint(Kind::Double, (p, true), (q, state), complexity);
                            }
                        }
                    }
                }
            }
            walks.recycle(off);
            if let Some(net) = once {
                walks.recycle(net);
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
                    walks.ensure(place);
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
fn common(walks: &Walks<'_>, sources: &[Pot], out: &mut dyn FnMut((Pot, bool), u32)) {
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
