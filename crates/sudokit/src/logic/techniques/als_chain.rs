//! ALS-XY-Chain (HoDoKu 0903) as HoDoKu's ALS solver finds it (`AlsSolver.getAlsXYChain`): a
//! chain of almost locked sets, each joined to the next by a restricted common digit (RC).
//!
//! **The idea.** An ALS holds `n + 1` digits in `n` cells of one house, so it lacks exactly one
//! of them. Suppose the first set `A` lacks a digit `z`: it is locked on its other digits, so it
//! holds the first RC `r1`, whose cells see every `r1` of the next set `B`; `B` lacks `r1` and is
//! locked on the rest, holds `r2`, and so on, up to the last set `Z`, which lacks its RC and so
//! holds `z`. So `z` is in `A` or in `Z`, and leaves every cell (outside both) that sees all
//! their `z`s. `z` must be a digit of both ends other than the first and the last RC, and two
//! links in a row must not use the same digit (a set cannot lack it and hold it).
//!
//! **HoDoKu's search, reproduced.** Sets are listed in HoDoKu's order
//! ([`als::in_hodoku_order`]); for each pair of sets (disjoint, unless overlap is allowed and
//! no RC cell lies in the overlap) the RCs are collected, one record per pair holding up to
//! two digits, and by default only towards a later set (HoDoKu's `rcOnlyForward`). From each
//! set a depth-first search follows the RCs, never revisiting a set, with HoDoKu's adjacency
//! rule (`RestrictedCommon.checkRC`): the first link picks one of its digits (a pair's two
//! digits are tried in turn), a later link uses whichever of its digits differ from the
//! previous link's (both if both do). From the third link on, every chain is checked for
//! eliminations. One step per set of eliminations is kept (the one whose sets have the fewest
//! cells, HoDoKu's `onlyOneAlsPerStep`), and steps are reported in HoDoKu's sort order (most
//! eliminations first, then the smallest index sum of the eliminations).
//!
//! The chain's length and the direction of the RCs are HoDoKu's options: its solver follows
//! RCs forward only with up to 50 links ([`AlsXyChain::HODOKU`], human mode's entry); its "all
//! steps" search reads two options, 6 links forward only by default
//! ([`AlsXyChain::ALL_STEPS`]); [`AlsXyChain::BOTH_WAYS`] follows RCs in both directions, which
//! finds the chains of HoDoKu's regression library that its defaults miss (docs/design.md,
//! "ALS-XY-Chain as HoDoKu's ALS solver finds it").
//!
//! **Bound.** The search walks simple paths over the sets, which can explode on an open grid;
//! it stops after [`AlsXyChain::budget`] links tried in one call and reports what it found.

use super::als::{self, Als};
use super::report;
use super::shared_house;
use crate::board::{Cell, Digit};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// Finds ALS-XY-Chains the way HoDoKu's ALS solver does, with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlsXyChain {
    /// Follow RCs to earlier sets too (HoDoKu: `allStepsAlsChainForwardOnly` off).
    both_ways: bool,
    /// The most links (RCs) in a chain.
    max_links: usize,
    /// Allow linked sets to share cells that hold no RC digit (`allowAlsOverlap`).
    overlap: bool,
    /// The most links tried in one search.
    budget: usize,
}

/// The links one search may try before it stops: far above what HoDoKu's solver settings
/// need on the hard puzzles measured (docs/design.md), and a bound on a hint's time.
const BUDGET: usize = 2_000_000;

impl AlsXyChain {
    /// HoDoKu's solver (its hints and solving path): RCs forward only, up to 50 links.
    pub const HODOKU: AlsXyChain = AlsXyChain {
        both_ways: false,
        max_links: 50,
        overlap: false,
        budget: BUDGET,
    };
    /// HoDoKu's "all steps" search with its default options, which its regression tester
    /// uses: RCs forward only, up to 6 links.
    pub const ALL_STEPS: AlsXyChain = AlsXyChain {
        both_ways: false,
        max_links: 6,
        overlap: false,
        budget: BUDGET,
    };
    /// RCs followed both ways (HoDoKu's `allStepsAlsChainForwardOnly` off), up to 6 links:
    /// the search that finds every ALS-XY-Chain of HoDoKu's regression library. Far slower
    /// than forward only (seconds on some grids, so not in human mode's list); its budget is
    /// ten times [`AlsXyChain::HODOKU`]'s.
    pub const BOTH_WAYS: AlsXyChain = AlsXyChain {
        both_ways: true,
        max_links: 6,
        overlap: false,
        budget: 10 * BUDGET,
    };

    /// The same search allowing linked sets to overlap where no RC digit is (HoDoKu's
    /// `allowAlsOverlap`, the reglib `-2` cases).
    pub const fn overlapping(self) -> AlsXyChain {
        AlsXyChain {
            overlap: true,
            ..self
        }
    }

    /// The same search with at most `links` links in a chain.
    pub const fn with_max_links(self, links: usize) -> AlsXyChain {
        AlsXyChain {
            max_links: links,
            ..self
        }
    }

    /// The same search stopping after `links` links tried.
    pub const fn with_budget(self, links: usize) -> AlsXyChain {
        AlsXyChain {
            budget: links,
            ..self
        }
    }

    /// The most links tried in one search.
    pub const fn budget(self) -> usize {
        self.budget
    }
}

/// A set no chain from the current start can end at in time.
const UNREACHABLE: usize = usize::MAX / 2;

/// The restricted common digits of one ordered pair of sets (HoDoKu's `RestrictedCommon`).
#[derive(Debug, Clone, Copy)]
struct Rc {
    /// The set linked to.
    to: usize,
    first: Digit,
    /// A second RC digit (with three or more, HoDoKu keeps the last).
    second: Option<Digit>,
}

/// Which digits of an [`Rc`] a link of the chain uses (HoDoKu's `actualRC` 1, 2, 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    First,
    Second,
    Both,
}

impl Rc {
    /// The digits the link uses.
    fn digits(self, used: Use) -> (Digit, Option<Digit>) {
        match (used, self.second) {
            (Use::Second, Some(second)) => (second, None),
            (Use::Both, second) => (self.first, second),
            _ => (self.first, None),
        }
    }

    /// The digit the next link is compared with. With both digits used HoDoKu compares the
    /// first only (`checkRC` passes `cand1` twice); the set after such a link lacks two digits,
    /// which no state allows, so the chain holds whatever follows.
    fn entry(self, used: Use) -> Digit {
        self.digits(used).0
    }

    /// How this link may follow a link into its set whose entry digit is `previous`; `None`
    /// if it may not. The first link (`previous` is `None`) uses its first digit on the first
    /// try and its second on the second.
    fn follows(self, previous: Option<Digit>, first_try: bool) -> Option<Use> {
        match (previous, self.second) {
            (None, Some(_)) if !first_try => Some(Use::Second),
            (None, _) => Some(Use::First),
            (Some(p), None) => (p != self.first).then_some(Use::First),
            (Some(p), Some(second)) if p == second => Some(Use::First),
            (Some(p), Some(_)) if p == self.first => Some(Use::Second),
            (Some(_), Some(_)) => Some(Use::Both),
        }
    }
}

/// One chain found: its eliminations (HoDoKu's order: by digit, then cell) and its links.
#[derive(Debug, Clone)]
struct Found {
    eliminations: Vec<(Cell, Digit)>,
    start: usize,
    links: Vec<(usize, Use)>,
    /// The cells of all its sets (counted once per set).
    cells: u32,
}

/// The sets, their RCs and the search state.
struct Search<'a> {
    sets: &'a [Als],
    /// Per set and digit: the cells outside the set holding the digit that see all the set's
    /// cells holding it (HoDoKu's `buddiesPerCandidat`).
    sees: Vec<[CellSet; 9]>,
    rcs: Vec<Rc>,
    /// The RCs of set `i` are `rcs[first_rc[i]..first_rc[i + 1]]`.
    first_rc: Vec<usize>,
    /// The sets with an RC to each set.
    linked_from: Vec<Vec<usize>>,
    /// For the current start: the fewest links from each set to a set the chain could end at
    /// with an elimination ([`UNREACHABLE`] if more than `max_links`).
    to_an_end: Vec<usize>,
    max_links: usize,
    budget: usize,
    start: usize,
    in_chain: Vec<bool>,
    /// The current chain: each link's RC (an index into `rcs`) and the digits it uses.
    chain: Vec<(usize, Use)>,
    found: Vec<Found>,
    /// The index in `found` of the chain kept for each set of eliminations.
    by_eliminations: HashMap<Vec<(Cell, Digit)>, usize>,
}

impl<'a> Search<'a> {
    fn new(grid: &CandidateGrid, sets: &'a [Als], finder: AlsXyChain) -> Search<'a> {
        let sees = sets
            .iter()
            .map(|set| {
                let mut sees = [CellSet::EMPTY; 9];
                for d in set.digits.iter() {
                    let common = set
                        .with(d)
                        .iter()
                        .fold(CellSet::ALL, |acc, c| acc & CellSet::peers(c));
                    sees[d.index()] = (common & grid.cells_with(d)).difference(set.cells);
                }
                sees
            })
            .collect();
        let mut rcs = Vec::new();
        let mut first_rc = Vec::with_capacity(sets.len() + 1);
        for (i, a) in sets.iter().enumerate() {
            first_rc.push(rcs.len());
            let from = if finder.both_ways { 0 } else { i + 1 };
            for (j, b) in sets.iter().enumerate().skip(from) {
                if i != j {
                    if let Some(rc) = restricted_common(a, b, j, finder.overlap) {
                        rcs.push(rc);
                    }
                }
            }
        }
        first_rc.push(rcs.len());
        let mut linked_from = vec![Vec::new(); sets.len()];
        for (i, w) in first_rc.windows(2).enumerate() {
            for rc in &rcs[w[0]..w[1]] {
                linked_from[rc.to].push(i);
            }
        }
        Search {
            sets,
            sees,
            rcs,
            first_rc,
            linked_from,
            to_an_end: vec![UNREACHABLE; sets.len()],
            max_links: finder.max_links,
            budget: finder.budget,
            start: 0,
            in_chain: vec![false; sets.len()],
            chain: Vec::new(),
            found: Vec::new(),
            by_eliminations: HashMap::new(),
        }
    }

    /// Every chain from every set, until the budget runs out.
    fn run(&mut self) {
        for start in 0..self.sets.len() {
            self.start = start;
            self.in_chain.fill(false);
            self.in_chain[start] = true;
            self.measure_to_an_end();
            if self.extend(start, None).is_break() {
                return;
            }
        }
    }

    /// Fills `to_an_end` for the current start: a breadth-first walk back along the RCs from
    /// the sets sharing with the start a digit both see a cell of (the only sets a chain can
    /// end at with an elimination). It ignores the adjacency rule and repeated sets, so it
    /// never says a set is further than it is: a chain cut by it eliminates nothing.
    fn measure_to_an_end(&mut self) {
        self.to_an_end.fill(UNREACHABLE);
        let a = &self.sets[self.start];
        let mut queue = std::collections::VecDeque::new();
        for (z, set) in self.sets.iter().enumerate() {
            let ends =
                a.digits.intersection(set.digits).iter().any(|d| {
                    !(self.sees[self.start][d.index()] & self.sees[z][d.index()]).is_empty()
                });
            if ends && z != self.start {
                self.to_an_end[z] = 0;
                queue.push_back(z);
            }
        }
        while let Some(z) = queue.pop_front() {
            let next = self.to_an_end[z] + 1;
            if next > self.max_links {
                continue;
            }
            for &y in &self.linked_from[z] {
                if self.to_an_end[y] == UNREACHABLE {
                    self.to_an_end[y] = next;
                    queue.push_back(y);
                }
            }
        }
    }

    /// Extends the chain, which ends at set `at` by a link whose entry digit is `previous`
    /// (`None` for the start set), by each RC of `at` in turn, depth first.
    fn extend(&mut self, at: usize, previous: Option<Digit>) -> ControlFlow<()> {
        if self.chain.len() >= self.max_links {
            return ControlFlow::Continue(());
        }
        let (mut i, end) = (self.first_rc[at], self.first_rc[at + 1]);
        let mut first_try = true;
        while i < end {
            let rc = self.rcs[i];
            let Some(used) = rc.follows(previous, first_try) else {
                i += 1;
                continue;
            };
            // The chain may not revisit a set, nor enter one too far from any end.
            if self.in_chain[rc.to] || self.to_an_end[rc.to] + self.chain.len() >= self.max_links {
                i += 1;
                continue;
            }
            if self.budget == 0 {
                return ControlFlow::Break(());
            }
            self.budget -= 1;
            self.chain.push((i, used));
            self.in_chain[rc.to] = true;
            if self.chain.len() >= 3 {
                self.check(rc.to);
            }
            let next = self.extend(rc.to, Some(rc.entry(used)));
            self.in_chain[rc.to] = false;
            self.chain.pop();
            next?;
            // A first link with two digits is tried once with each.
            if previous.is_none() && rc.second.is_some() && first_try {
                first_try = false;
            } else {
                first_try = true;
                i += 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// Records what the current chain, ending at set `end`, eliminates (if anything).
    fn check(&mut self, end: usize) {
        let (Some(&(first_rc, first_use)), Some(&(last_rc, last_use))) =
            (self.chain.first(), self.chain.last())
        else {
            return;
        };
        let (a, z) = (&self.sets[self.start], &self.sets[end]);
        let mut digits = a.digits.intersection(z.digits);
        for (rc, used) in [(first_rc, first_use), (last_rc, last_use)] {
            let (d, e) = self.rcs[rc].digits(used);
            digits.remove(d);
            if let Some(e) = e {
                digits.remove(e);
            }
        }
        let mut eliminations = Vec::new();
        for d in digits.iter() {
            let targets = self.sees[self.start][d.index()] & self.sees[end][d.index()];
            eliminations.extend(targets.iter().map(|c| (c, d)));
        }
        if eliminations.is_empty() {
            return;
        }
        let cells = a.cells.len()
            + self
                .chain
                .iter()
                .map(|&(rc, _)| self.sets[self.rcs[rc].to].cells.len())
                .sum::<u32>();
        let found = Found {
            eliminations,
            start: self.start,
            links: self.chain.clone(),
            cells,
        };
        let mut key = found.eliminations.clone();
        key.sort_unstable();
        match self.by_eliminations.get(&key) {
            Some(&kept) => {
                if self.found[kept].cells > cells {
                    self.found[kept] = found;
                }
            }
            None => {
                self.by_eliminations.insert(key, self.found.len());
                self.found.push(found);
            }
        }
    }

    /// The step of a chain found: its sets' cells and houses in chain order; digits: those
    /// eliminated, then each link's RC digits; links: the chain as an AIC, each set drawn
    /// from its entry digit's first cell ("off") to its exit digit's first cell ("on").
    fn step(&self, found: &Found, ratings: &Ratings) -> Step {
        let mut step = Step::new(Technique::AlsChain, ratings.get(Technique::AlsChain));
        let mut eliminations = found.eliminations.clone();
        eliminations.sort_unstable();
        let mut sets = vec![found.start];
        sets.extend(found.links.iter().map(|&(rc, _)| self.rcs[rc].to));
        for &s in &sets {
            step.cells.extend(self.sets[s].cells.iter());
            step.houses.push(self.sets[s].house());
        }
        let mut removed: Vec<Digit> = eliminations.iter().map(|&(_, d)| d).collect();
        removed.sort_unstable();
        removed.dedup();
        step.digits.extend(removed.iter().copied());
        for &(rc, used) in &found.links {
            let (d, e) = self.rcs[rc].digits(used);
            step.digits.push(d);
            step.digits.extend(e);
        }
        step.eliminations = eliminations;
        let Some(&z) = removed.first() else {
            return step;
        };
        let first_cell = |set: usize, d: Digit| {
            let set = &self.sets[set];
            set.with(d).first().or(set.cells.first())
        };
        let mut entry = z;
        for (k, &set) in sets.iter().enumerate() {
            let exit = found
                .links
                .get(k)
                .map_or(z, |&(rc, used)| self.rcs[rc].entry(used));
            let (Some(from), Some(to)) = (first_cell(set, entry), first_cell(set, exit)) else {
                continue;
            };
            step.links.push(Link {
                from: ChainNode {
                    cell: from,
                    digit: entry,
                    on: false,
                },
                to: ChainNode {
                    cell: to,
                    digit: exit,
                    on: true,
                },
                house: (from != to).then(|| self.sets[set].house()),
            });
            if let Some(&next) = sets.get(k + 1) {
                if let Some(next_cell) = first_cell(next, exit) {
                    step.links.push(Link {
                        from: ChainNode {
                            cell: to,
                            digit: exit,
                            on: true,
                        },
                        to: ChainNode {
                            cell: next_cell,
                            digit: exit,
                            on: false,
                        },
                        house: shared_house(to, next_cell),
                    });
                }
            }
            entry = exit;
        }
        step
    }
}

/// The RCs from set `a` to set `b` (index `to`), HoDoKu's way: disjoint sets (or, with
/// `overlap`, sets sharing only cells without the digit), a digit both hold whose cells in
/// both all see each other. `None` if there is none.
fn restricted_common(a: &Als, b: &Als, to: usize, overlap: bool) -> Option<Rc> {
    let shared = a.cells & b.cells;
    if !overlap && !shared.is_empty() {
        return None;
    }
    let mut rc: Option<Rc> = None;
    for x in a.digits.intersection(b.digits).iter() {
        let (ax, bx) = (a.with(x), b.with(x));
        if !((ax | bx) & shared).is_empty() {
            continue;
        }
        if !ax.iter().all(|c| bx.is_subset(CellSet::peers(c))) {
            continue;
        }
        match &mut rc {
            None => {
                rc = Some(Rc {
                    to,
                    first: x,
                    second: None,
                })
            }
            Some(rc) => rc.second = Some(x),
        }
    }
    rc
}

/// HoDoKu's `getIndexSumme`: each elimination's cell index weighted by its place in the list
/// (1, 81, 161, ...) plus its digit.
fn index_sum(eliminations: &[(Cell, Digit)]) -> usize {
    eliminations
        .iter()
        .enumerate()
        .map(|(i, &(c, d))| c.index() * (1 + 80 * i) + usize::from(d.get()))
        .sum()
}

impl Finder for AlsXyChain {
    fn technique(&self) -> Technique {
        Technique::AlsChain
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sets = als::in_hodoku_order(grid);
        let mut search = Search::new(grid, &sets, *self);
        search.run();
        let mut chains = std::mem::take(&mut search.found);
        // HoDoKu's `AlsComparator` on steps with distinct eliminations.
        chains.sort_by_key(|f| {
            (
                std::cmp::Reverse(f.eliminations.len()),
                index_sum(&f.eliminations),
            )
        });
        for chain in &chains {
            report(found, search.step(chain, ratings))?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, digit, elims};

    fn grid(line: &str) -> CandidateGrid {
        ReglibCase::parse(line).expect("valid line").grid()
    }

    /// reglib 0903-1 on 6 and 9 (line 1446): one chain removes 6 and 9 from r1c1, 9 from
    /// r1c2 and 9 from r2c7.
    const FOUR_AT_ONCE: &str = ":0903-1:69:..+1.3+7......2+1+8.577.....81.1.9+3+65....6..+74.3.....82.....87....44.....+78..37+8+415..:212 412 914 932 533 934 939 277 677 977 582 984 289 689 989:611 911 912 927::";

    #[test]
    fn one_chain_removes_every_candidate_its_ends_see() {
        let steps = all(&AlsXyChain::HODOKU, &grid(FOUR_AT_ONCE));
        let step = steps
            .iter()
            .find(|s| elims(s) == ["6@r1c1", "9@r1c1", "9@r1c2", "9@r2c7"])
            .unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.technique, Technique::AlsChain);
        // At least four sets: one house each, two links per set but the last.
        let sets = step.houses.len();
        assert!(sets >= 4, "{step:?}");
        assert_eq!(step.links.len(), 2 * sets - 1);
        assert!(step.cells.len() >= sets);
        // The digits removed first, then one RC digit (at least) per link between sets.
        assert_eq!(step.digits[..2], [digit(6), digit(9)]);
        assert!(step.digits.len() >= 2 + sets - 1);
        // An AIC from "6 is not in the first set" to "6 is in the last", alternating.
        let (Some(first), Some(last)) = (step.links.first(), step.links.last()) else {
            panic!("no links");
        };
        assert_eq!((first.from.digit, first.from.on), (digit(6), false));
        assert_eq!((last.to.digit, last.to.on), (digit(6), true));
        for (k, link) in step.links.iter().enumerate() {
            assert_eq!(link.is_strong(), k % 2 == 0, "{step:?}");
            if let Some(next) = step.links.get(k + 1) {
                assert_eq!(link.to, next.from);
            }
        }
        // The weak links join two sets by their RC digit, within a house.
        for link in step.links.iter().skip(1).step_by(2) {
            assert_eq!(link.from.digit, link.to.digit);
            assert!(link.house.is_some());
        }
    }

    #[test]
    fn forward_only_misses_what_both_ways_finds() {
        // reglib 0903-1 on 4 (line 1454): HoDoKu's default search, forward only, misses it
        // (Java HoDoKu 2.2.0 too); both ways finds it.
        let line = ":0903-1:4:..68.51....+8....36.1....8..+65+238.9..37+1.6..82+9+84.21.6...9..+8.4.84........+654.37.+8:715 915 221 426 231 734 436 574 584 784:415::";
        let grid = grid(line);
        let want = ["4@r1c5"];
        assert!(!all(&AlsXyChain::ALL_STEPS, &grid)
            .iter()
            .any(|s| elims(s) == want));
        assert!(!all(&AlsXyChain::HODOKU, &grid)
            .iter()
            .any(|s| elims(s) == want));
        let steps = all(&AlsXyChain::BOTH_WAYS, &grid);
        assert!(steps.iter().any(|s| elims(s) == want), "{steps:?}");
    }

    #[test]
    fn steps_come_in_hodokus_order_one_per_set_of_eliminations() {
        let steps = all(&AlsXyChain::BOTH_WAYS, &grid(FOUR_AT_ONCE));
        let mut seen = std::collections::HashSet::new();
        for step in &steps {
            assert!(seen.insert(step.eliminations.clone()), "{step:?} twice");
        }
        for pair in steps.windows(2) {
            assert!(pair[0].eliminations.len() >= pair[1].eliminations.len());
        }
    }

    #[test]
    fn links_follow_hodokus_adjacency_rule() {
        let (d1, d2, d3) = (digit(1), digit(2), digit(3));
        let one = Rc {
            to: 0,
            first: d1,
            second: None,
        };
        let two = Rc {
            to: 0,
            first: d1,
            second: Some(d2),
        };
        // The first link picks one digit per try.
        assert_eq!(one.follows(None, true), Some(Use::First));
        assert_eq!(two.follows(None, true), Some(Use::First));
        assert_eq!(two.follows(None, false), Some(Use::Second));
        // A later link may not use the digit the set was entered by.
        assert_eq!(one.follows(Some(d1), true), None);
        assert_eq!(one.follows(Some(d3), true), Some(Use::First));
        assert_eq!(two.follows(Some(d1), true), Some(Use::Second));
        assert_eq!(two.follows(Some(d2), true), Some(Use::First));
        assert_eq!(two.follows(Some(d3), true), Some(Use::Both));
        assert_eq!(two.entry(Use::Both), d1);
        assert_eq!(two.digits(Use::Second), (d2, None));
    }

    #[test]
    fn the_budget_bounds_the_search() {
        let grid = grid(FOUR_AT_ONCE);
        assert!(all(&AlsXyChain::HODOKU.with_budget(0), &grid).is_empty());
        let few = all(&AlsXyChain::BOTH_WAYS.with_budget(50), &grid);
        let full = all(&AlsXyChain::BOTH_WAYS, &grid);
        assert!(few.len() <= full.len());
        assert_eq!(AlsXyChain::HODOKU.budget(), BUDGET);
    }

    #[test]
    fn sets_are_listed_in_hodokus_order() {
        let grid = grid(FOUR_AT_ONCE);
        let ordered = als::in_hodoku_order(&grid);
        let mut plain: Vec<u128> = als::all(&grid).iter().map(|a| a.cells.bits()).collect();
        let mut same: Vec<u128> = ordered.iter().map(|a| a.cells.bits()).collect();
        plain.sort_unstable();
        same.sort_unstable();
        assert_eq!(plain, same, "the same sets");
        // Houses in order; within a house, depth first: by cell list, a prefix first.
        for pair in ordered.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            assert!(a.house <= b.house);
            if a.house == b.house {
                let pos = |s: &Als| -> Vec<usize> {
                    let cells = crate::logic::cell_set::HOUSE_CELLS[s.house];
                    (0..9).filter(|&i| s.cells.contains(cells[i])).collect()
                };
                assert!(pos(a) < pos(b), "{a:?} before {b:?}");
            }
        }
    }
}
