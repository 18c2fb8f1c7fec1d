//! Sudoku Explainer's multiple forcing chains (`Chaining(true, false, false, 0)`): cell forcing
//! chains (whatever candidate a cell takes, the same conclusion follows) and region forcing
//! chains (wherever a digit goes in a house, the same conclusion follows), rated 8.0 plus the
//! length bonus of all the branches' nodes together.
//!
//! SE's scan, kept exactly because it decides which hint comes first: cells row by row, only
//! those with three or more candidates (so a region is examined only when the first cell
//! holding its digit, in house order, has three or more); for each candidate in increasing
//! order the region hints of its box, row and column, then, after the last candidate, the cell
//! hints. Within one of those groups, conclusions come "on" first, each in the order the first
//! branch reached it. All hints are then sorted by difficulty, total length, and kind (cell
//! before region), ties kept in that order.

use super::graph::{cell_digit, cell_digits, houses_of, link_house, pot, removable, Graph, Pot};
use super::hint::{length_bonus, rating_of};
use super::implications::{Implications, Queues};
use super::node::{ChainNode, Link};
use super::reach;
use crate::board::{Cell, Digit, House};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Ratings, Step, Technique};
use std::cmp::Ordering;

/// What a multiple forcing chain starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// Every candidate of a cell.
    Cell(Cell),
    /// Every place of a digit in a house.
    Region(House, Digit),
}

impl Origin {
    /// The assumptions, one per branch, in SE's order.
    fn sources(self, graph: &Graph) -> Vec<Pot> {
        match self {
            Origin::Cell(cell) => cell_digits(graph, cell)
                .into_iter()
                .map(|d| pot(cell, d))
                .collect(),
            Origin::Region(house, digit) => {
                let places = graph.cells_with(digit.index());
                house
                    .cells()
                    .into_iter()
                    .filter(|&c| places.contains(c))
                    .map(|c| pot(c, digit))
                    .collect()
            }
        }
    }

    fn technique(self) -> Technique {
        match self {
            Origin::Cell(_) => Technique::CellForcingChains,
            Origin::Region(..) => Technique::RegionForcingChains,
        }
    }

    /// SE's sort key: cell forcing (5) before region forcing (6).
    fn sort_key(self) -> u8 {
        match self {
            Origin::Cell(_) => 5,
            Origin::Region(..) => 6,
        }
    }
}

/// One multiple forcing chain, as ranked (its chains are read from the implications when it
/// becomes a step).
#[derive(Debug, Clone, Copy)]
struct Hint {
    origin: Origin,
    /// The conclusion: a potential forced on (placed) or off (removed).
    target: (Pot, bool),
    complexity: u32,
    difficulty: f64,
}

impl Hint {
    fn cmp(&self, other: &Hint) -> Ordering {
        self.difficulty
            .total_cmp(&other.difficulty)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.origin.sort_key().cmp(&other.origin.sort_key()))
    }

    /// The hint as a step. cells: the cell, or the digit's cells in the house; houses: none, or
    /// `[house]`; digits: the cell's candidates, or `[digit]`; links: each branch's chain in
    /// turn, from its assumption to the conclusion.
    fn to_step(self, graph: &Graph, cache: &Cache) -> Step {
        let mut step = Step::new(self.origin.technique(), rating_of(self.difficulty));
        let (target, on) = self.target;
        if let Some((cell, digit)) = cell_digit(target) {
            if on {
                step.placements.push((cell, digit));
            } else {
                step.eliminations.push((cell, digit));
            }
        }
        let sources = self.origin.sources(graph);
        match self.origin {
            Origin::Cell(cell) => {
                step.cells.push(cell);
                step.digits = cell_digits(graph, cell);
            }
            Origin::Region(house, digit) => {
                step.cells = sources
                    .iter()
                    .filter_map(|&p| cell_digit(p))
                    .map(|(c, _)| c)
                    .collect();
                step.houses.push(house);
                step.digits.push(digit);
            }
        }
        for source in sources {
            let Some(branch) = cache.get(source) else {
                continue;
            };
            for pair in branch.chain_to(target, on).windows(2) {
                let [(a, a_on), (b, b_on)] = [pair[0], pair[1]];
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
                        house: link_house(graph, a, b, !a_on),
                    });
                }
            }
        }
        step
    }
}

/// The implications of each potential assumed on, computed when first needed: a dense list
/// with a 729-entry position table (a table of 729 empty `Option<Implications>` slots was
/// about 240 KB to allocate and clear at every call).
struct Cache {
    /// Where the implications of each potential are in `list` (`NOT_YET`: not computed).
    at: Vec<u32>,
    list: Vec<Implications>,
    queues: Queues,
    /// Whether origins are tested on the graph's closures before their branches are walked
    /// (the tests compare with the scan that walks every branch).
    filter: bool,
}

/// The most implications kept per thread for the next scan (a scan walks from at most 729
/// sources; about 3.5 KB each).
const MAX_KEPT: usize = 729;

thread_local! {
    /// Implications of earlier scans on this thread, walked into again by the next scan
    /// (`Implications::rewalk` clears what one held, so any earlier one serves).
    static SPARE: std::cell::RefCell<Vec<Implications>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Cache {
    /// Hands the implications to the thread's spares for the next scan.
    fn drop(&mut self) {
        let list = std::mem::take(&mut self.list);
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                let room = MAX_KEPT.saturating_sub(spare.len());
                spare.extend(list.into_iter().take(room));
            }
        });
    }
}

/// Marks a potential whose implications are not computed yet in `Cache::at`.
const NOT_YET: u32 = u32::MAX;

impl Cache {
    fn new() -> Cache {
        Cache {
            at: vec![NOT_YET; 729],
            list: Vec::new(),
            queues: Queues::default(),
            filter: true,
        }
    }

    /// Computes what "`source` on" implies, if not known yet.
    fn ensure(&mut self, graph: &Graph, source: Pot) {
        if let Some(slot) = self.at.get_mut(usize::from(source)) {
            if *slot == NOT_YET {
                *slot = self.list.len() as u32;
                let spare = SPARE
                    .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
                    .ok()
                    .flatten();
                let mut implications = spare.unwrap_or_else(Implications::empty);
                implications.rewalk(graph, source, &mut self.queues);
                self.list.push(implications);
            }
        }
    }

    /// What "`source` on" implies, once [`ensure`](Cache::ensure)d.
    fn get(&self, source: Pot) -> Option<&Implications> {
        let at = *self.at.get(usize::from(source))?;
        self.list.get(at as usize)
    }
}

/// Runs SE's scan of `grid`, handing every hint to `found` in SE's discovery order.
fn scan(graph: &Graph, ratings: &Ratings, cache: &mut Cache, found: &mut dyn FnMut(Hint)) {
    for cell in CellSet::ALL {
        let candidates = graph.cands(cell.index());
        if candidates.count_ones() < 3 {
            continue;
        }
        for digit in cell_digits(graph, cell) {
            for house in houses_of(cell) {
                let places = graph.cells_with(digit.index()) & CellSet::house(house);
                if places.len() < 2 || first_in_house(house, places) != Some(cell) {
                    continue;
                }
                conclude(graph, ratings, cache, Origin::Region(house, digit), found);
            }
        }
        conclude(graph, ratings, cache, Origin::Cell(cell), found);
    }
}

/// The multiple forcing chain SE would apply in `grid`, if any.
pub(crate) fn first_step(grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
    let graph = Graph::shared(grid);
    let mut cache = Cache::new();
    let mut best: Option<Hint> = None;
    scan(&graph, ratings, &mut cache, &mut |hint| {
        // A stable sort keeps the first of equals.
        if best.is_none_or(|b| hint.cmp(&b) == Ordering::Less) {
            best = Some(hint);
        }
    });
    best.map(|hint| hint.to_step(&graph, &cache))
}

/// Every multiple forcing chain SE finds in `grid`, in the order it sorts them, each removal
/// set once (SE treats hints that remove the same candidates as one, and keeps the first).
pub(crate) fn all_steps(grid: &CandidateGrid, ratings: &Ratings) -> Vec<Step> {
    let graph = Graph::new(grid);
    let mut cache = Cache::new();
    let mut hints = Vec::new();
    scan(&graph, ratings, &mut cache, &mut |hint| hints.push(hint));
    hints.sort_by(Hint::cmp);
    let mut seen = std::collections::HashSet::new();
    hints
        .iter()
        .filter(|hint| seen.insert(removable(&graph, hint.target)))
        .map(|hint| hint.to_step(&graph, &cache))
        .collect()
}

/// The first cell of `house`, in house order, among `places`.
fn first_in_house(house: House, places: CellSet) -> Option<Cell> {
    house.cells().into_iter().find(|&c| places.contains(c))
}

/// Hands `found` the hints of one origin: every node implied by all its branches, "on" ones
/// first, each in the order the first branch reached it.
fn conclude(
    graph: &Graph,
    ratings: &Ratings,
    cache: &mut Cache,
    origin: Origin,
    found: &mut dyn FnMut(Hint),
) {
    let sources = origin.sources(graph);
    // Whether every branch can imply something, from what each reaches by the static links,
    // links inside cells included (a superset of what it implies; see `reach::Closures`):
    // mostly not, and then no branch is walked.
    if cache.filter {
        let closures = graph.closures();
        if !reach::meet(&sources, |s, on| closures.reached(s, on)) {
            return;
        }
    }
    for &source in &sources {
        cache.ensure(graph, source);
    }
    let branches: Vec<&Implications> = sources.iter().filter_map(|&s| cache.get(s)).collect();
    let Some((first, rest)) = branches.split_first() else {
        return;
    };
    let base = f64::from(ratings.get(origin.technique()).tenths()) / 10.0;
    for want_on in [true, false] {
        // What every branch implies, as one set operation: most origins have nothing in
        // common, and then the first branch's nodes need not be read at all.
        let mut common = *first.set(want_on);
        for branch in rest {
            common.intersect(branch.set(want_on));
        }
        if common.is_empty() {
            continue;
        }
        for (target, on) in first.reached() {
            if on != want_on || !common.contains(target) {
                continue;
            }
            // SE's `isWorth`: an "off" conclusion removes the candidate; an "on" one removes
            // the cell's others, if it has any.
            let worth = !on || graph.cands(usize::from(target) / 9).count_ones() > 1;
            if !worth {
                continue;
            }
            let complexity: u32 = branches.iter().map(|b| b.chain_len(target, on)).sum();
            found(Hint {
                origin,
                target: (target, on),
                complexity,
                difficulty: base + length_bonus(complexity),
            });
        }
    }
}

/// Every multiple forcing chain SE finds in `grid`, in its order, each removal set once, as a
/// nested rule of SE's nesting level 3 sees it (see `nested`).
pub(super) fn nested_hints(
    grid: &CandidateGrid,
    ratings: &Ratings,
) -> Vec<super::dynamic::NestedHint> {
    use super::dynamic::Cause;
    let graph = Graph::new(grid);
    let mut cache = Cache::new();
    let mut hints = Vec::new();
    scan(&graph, ratings, &mut cache, &mut |hint| hints.push(hint));
    hints.sort_by(Hint::cmp);
    let mut seen = std::collections::HashSet::new();
    hints.retain(|hint| seen.insert(removable(&graph, hint.target)));
    hints
        .iter()
        .map(|hint| {
            let (target, on) = hint.target;
            let mut causes = Vec::new();
            let mut key = Vec::new();
            for source in hint.origin.sources(&graph) {
                let Some(branch) = cache.get(source) else {
                    continue;
                };
                let chain = branch.chain_to(target, on);
                // The assumption holds as the cell's last candidate or the digit's last place.
                let root = match hint.origin {
                    Origin::Cell(_) => Cause::NakedSingle,
                    Origin::Region(house, _) => Cause::Hidden(house),
                };
                causes.push((source, root));
                for pair in chain.windows(2) {
                    let [(a, _), (b, b_on)] = [pair[0], pair[1]];
                    if b_on {
                        causes.push((b, super::dynamic::on_cause(&graph, a, b)));
                    }
                }
                super::dynamic::encode(&chain, &mut key);
            }
            super::dynamic::NestedHint::new(&graph, hint.target, causes, hint.complexity, key)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::reach::tests::states;
    use super::*;

    /// A hint as comparable data: origin, target, complexity, difficulty's bits.
    type Found = (Origin, (Pot, bool), u32, u64);

    /// Every hint of one scan in its order, and how many branches it walked, with or without
    /// the reaches before the walks.
    fn hints(graph: &Graph, filter: bool) -> (Vec<Found>, usize) {
        let mut cache = Cache::new();
        cache.filter = filter;
        let mut found = Vec::new();
        scan(graph, &Ratings::default(), &mut cache, &mut |h| {
            found.push((h.origin, h.target, h.complexity, h.difficulty.to_bits()));
        });
        (found, cache.list.len())
    }

    #[test]
    fn the_reaches_keep_every_hint_of_the_walks_in_order() {
        let (mut hinted, mut walked, mut walked_unfiltered) = (0, 0, 0);
        for grid in states(40) {
            let graph = Graph::new(&grid);
            let (filtered, walks) = hints(&graph, true);
            let (full, all_walks) = hints(&graph, false);
            assert_eq!(filtered, full, "{grid:?}");
            hinted += full.len();
            walked += walks;
            walked_unfiltered += all_walks;
        }
        assert!(hinted > 100, "{hinted} hints");
        assert!(
            walked < walked_unfiltered,
            "{walked} of {walked_unfiltered}"
        );
    }
}
