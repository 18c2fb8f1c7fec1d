//! The nesting levels' inner searches, kept per thread and keyed by the grid they searched.
//!
//! When a walk's links run out, a nesting level runs SE's simpler rules on the grid the walk
//! has left (see the parent module): the level-1 finders, then whole chain searches (forcing
//! chains, multiple chains, dynamic chains, even nested ones). What such a search finds is a
//! function of that grid alone, and the same grid comes back often:
//! - in one step, the solver tries the levels in turn, and a level-3 walk is the level-2 walk
//!   of the same assumption until one of level 3's own rules fires, so it meets the same grids
//!   (the same for level 5 after level 4, and for the level-1 rules at every level);
//! - in one scan, "p on" and "q off" for the two candidates of a bivalue cell (or the two
//!   places of a digit in a house) walk to the same grids;
//! - from one step to the next, when the step only removed candidates that the walk removes
//!   anyway.
//!
//! So the results are kept here, by (search, grid), and read back: a cache keyed by the whole
//! input of a pure function cannot change an answer. A result cut short by the guard (a
//! cancelled dynamic scan finds nothing) is not kept.
//!
//! A lookup costs little next to a search, but there are many: every time a walk's links run
//! out, for each of the level's rules. So the grid is not copied to look it up, and it is
//! hashed by its candidates' bit sets only (the whole grid is compared on a hit).
//!
//! The memory is bounded by two generations: results go into the newer one until it holds
//! [`GENERATION_BYTES`] (an estimate of the entries' sizes); then the older one is dropped and
//! the newer one becomes the older. A result read from the older generation is copied into the
//! newer one, so what the current scan and the next level's scan read back stays: with one
//! generation dropped as a whole, a level-2 scan's own results filled it and the level-3 scan
//! of the same step, which walks to the same grids, found it empty.

use super::super::dynamic::{Cause, Nested};
use super::super::graph::Pot;
use crate::board::Digit;
use crate::logic::chains::cancel;
use crate::logic::{CandidateGrid, Step};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};
use std::rc::Rc;

/// Which inner search a result is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Search {
    /// The steps of group `n` of the level-1 rules (the rules are the program's one
    /// `SimpleRules` list, `techniques::dynamic_chains`).
    Simple(u8),
    /// SE's forcing chains and cycles.
    Static,
    /// SE's multiple forcing chains.
    Multiple,
    /// SE's dynamic forcing chains at a nesting level.
    Dynamic(u8),
}

/// A chain found by an inner search, as the walks use it: what it removes, the "on" nodes
/// whose premises a walk must have removed, and the chain itself (shared by every node it
/// derives, in every walk).
#[derive(Debug, Clone)]
pub(super) struct Chain {
    pub(super) removable: Vec<Pot>,
    pub(super) causes: Vec<(Pot, Cause)>,
    pub(super) nested: Rc<Nested>,
}

#[derive(Clone)]
enum Entry {
    Steps(Rc<[Step]>),
    Chains(Rc<[Chain]>),
}

/// The results kept for one grid: each search's, with its estimated size.
struct Kept {
    grid: CandidateGrid,
    results: Vec<(Search, Entry, usize)>,
}

/// The results kept since a generation began, by the hash of their grid ([`hash`]).
#[derive(Default)]
struct Generation {
    map: HashMap<u64, Vec<Kept>>,
    /// An estimate of the memory the entries hold.
    bytes: usize,
}

impl Generation {
    fn get(&self, hash: u64, search: Search, grid: &CandidateGrid) -> Option<(Entry, usize)> {
        let kept = self.map.get(&hash)?.iter().find(|k| k.grid == *grid)?;
        kept.results
            .iter()
            .find(|(s, _, _)| *s == search)
            .map(|(_, entry, bytes)| (entry.clone(), *bytes))
    }

    fn insert(
        &mut self,
        hash: u64,
        search: Search,
        grid: &CandidateGrid,
        entry: Entry,
        bytes: usize,
    ) {
        self.bytes += bytes;
        let bucket = self.map.entry(hash).or_default();
        match bucket.iter_mut().find(|k| k.grid == *grid) {
            Some(kept) => kept.results.push((search, entry, bytes)),
            None => {
                self.bytes += std::mem::size_of::<Kept>() + 64;
                bucket.push(Kept {
                    grid: grid.clone(),
                    results: vec![(search, entry, bytes)],
                });
            }
        }
    }
}

#[derive(Default)]
struct Memo {
    new: Generation,
    old: Generation,
}

impl Memo {
    /// Keeps `entry`, starting a new generation first if the newer one is full.
    fn insert(
        &mut self,
        hash: u64,
        search: Search,
        grid: &CandidateGrid,
        entry: Entry,
        bytes: usize,
    ) {
        if self.new.bytes + bytes > generation_bytes() {
            self.old = std::mem::take(&mut self.new);
        }
        self.new.insert(hash, search, grid, entry, bytes);
    }
}

/// The most memory (estimated) one generation of a thread's kept results may hold; the two
/// together hold at most twice that.
const GENERATION_BYTES: usize = 48 << 20;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

#[cfg(test)]
thread_local! {
    /// How many searches were run (not read back) on this thread.
    static RUN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
thread_local! {
    /// Whether the memo is off on this thread (every search runs, nothing is kept).
    static OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
thread_local! {
    /// The size of a generation on this thread, if a test set one.
    static CAP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Sets the size of a generation on this thread (`None`: [`GENERATION_BYTES`]).
#[cfg(test)]
fn set_generation_bytes(bytes: Option<usize>) {
    CAP.with(|c| c.set(bytes));
}

fn generation_bytes() -> usize {
    #[cfg(test)]
    if let Some(bytes) = CAP.with(std::cell::Cell::get) {
        return bytes;
    }
    GENERATION_BYTES
}

/// Turns the memo off (or on again) on this thread.
#[cfg(test)]
pub(crate) fn set_off(off: bool) {
    OFF.with(|o| o.set(off));
}

/// How many inner searches were run rather than read back on this thread so far.
#[cfg(test)]
pub(crate) fn runs() -> usize {
    RUN.with(std::cell::Cell::get)
}

/// Forgets every kept result of this thread.
pub(crate) fn forget() {
    MEMO.with(|memo| *memo.borrow_mut() = Memo::default());
}

/// The hash of `grid`'s candidates and empty cells: two grids of one puzzle that differ
/// differ there, and it reads ten words rather than the whole grid.
fn hash(grid: &CandidateGrid) -> u64 {
    let mut hasher = DefaultHasher::new();
    for digit in Digit::all() {
        hasher.write_u128(grid.cells_with(digit).bits());
    }
    hasher.write_u128(grid.empty_cells().bits());
    hasher.finish()
}

fn get(hash: u64, search: Search, grid: &CandidateGrid) -> Option<Entry> {
    #[cfg(test)]
    if OFF.with(std::cell::Cell::get) {
        return None;
    }
    MEMO.try_with(|memo| {
        let mut memo = memo.borrow_mut();
        if let Some((entry, _)) = memo.new.get(hash, search, grid) {
            return Some(entry);
        }
        let (entry, bytes) = memo.old.get(hash, search, grid)?;
        memo.insert(hash, search, grid, entry.clone(), bytes);
        Some(entry)
    })
    .ok()
    .flatten()
}

fn put(hash: u64, search: Search, grid: &CandidateGrid, entry: Entry, bytes: usize) {
    #[cfg(test)]
    RUN.with(|n| n.set(n.get() + 1));
    #[cfg(test)]
    if OFF.with(std::cell::Cell::get) {
        return;
    }
    if cancel::should_stop() {
        return;
    }
    let _ = MEMO.try_with(|memo| memo.borrow_mut().insert(hash, search, grid, entry, bytes));
}

/// The steps `run` finds on `grid` (`search` is one of the level-1 rules), run once per grid.
pub(super) fn steps(
    search: Search,
    grid: &CandidateGrid,
    run: impl FnOnce() -> Vec<Step>,
) -> Rc<[Step]> {
    let hash = hash(grid);
    if let Some(Entry::Steps(steps)) = get(hash, search, grid) {
        return steps;
    }
    let steps: Rc<[Step]> = run().into();
    let bytes = steps
        .iter()
        .map(|s| {
            std::mem::size_of::<Step>()
                + 4 * (s.cells.len() + s.houses.len() + s.digits.len())
                + 8 * (s.placements.len() + s.eliminations.len())
                + std::mem::size_of::<crate::logic::Link>() * s.links.len()
        })
        .sum();
    put(hash, search, grid, Entry::Steps(Rc::clone(&steps)), bytes);
    steps
}

/// The chains `run` finds on `grid` (`search` is a chaining rule), run once per grid.
pub(super) fn chains(
    search: Search,
    grid: &CandidateGrid,
    run: impl FnOnce() -> Vec<Chain>,
) -> Rc<[Chain]> {
    let hash = hash(grid);
    if let Some(Entry::Chains(chains)) = get(hash, search, grid) {
        return chains;
    }
    let chains: Rc<[Chain]> = run().into();
    let bytes = chains
        .iter()
        .map(|c| {
            std::mem::size_of::<Chain>()
                + std::mem::size_of::<Nested>()
                + 2 * c.removable.len()
                + std::mem::size_of::<(Pot, Cause)>() * c.causes.len()
                + 4 * c.nested.key.len()
        })
        .sum();
    put(hash, search, grid, Entry::Chains(Rc::clone(&chains)), bytes);
    chains
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Budget, Guard};
    use crate::logic::test_util::puzzle;
    use crate::logic::Technique;
    use std::sync::Arc;
    use std::time::Duration;

    fn one_step() -> Vec<Step> {
        vec![Step::new(Technique::NakedPair, Default::default())]
    }

    #[test]
    fn a_search_runs_once_per_grid_and_search() {
        forget();
        let grid = puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let before = runs();
        let first = steps(Search::Simple(0), &grid, one_step);
        let again = steps(Search::Simple(0), &grid, || panic!("kept: not run again"));
        assert!(Rc::ptr_eq(&first, &again));
        assert_eq!(runs(), before + 1);
        // Another search, or another grid, is another entry.
        assert!(steps(Search::Simple(1), &grid, Vec::new).is_empty());
        let mut other = grid.clone();
        let cell = other.empty_cells().iter().next().expect("an empty cell");
        let digit = other.candidates(cell).iter().next().expect("a candidate");
        other.eliminate(cell, digit);
        assert!(steps(Search::Simple(0), &other, Vec::new).is_empty());
        assert_eq!(runs(), before + 3);
    }

    #[test]
    fn a_result_lasts_one_full_generation_and_what_is_read_is_kept() {
        forget();
        // A generation of one entry (`one_step` on a grid not kept yet): each new result
        // starts a new one.
        set_generation_bytes(Some(
            std::mem::size_of::<Kept>() + 64 + std::mem::size_of::<Step>(),
        ));
        let grids: Vec<CandidateGrid> = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ]
        .into_iter()
        .map(puzzle)
        .collect();
        let [a, b, c] = [&grids[0], &grids[1], &grids[2]];
        let before = runs();
        steps(Search::Simple(0), a, one_step);
        steps(Search::Simple(0), b, one_step);
        // a is in the older generation, b in the newer: both are read back.
        steps(Search::Simple(0), b, || panic!("b is kept"));
        assert_eq!(runs(), before + 2);
        // Reading a copies it into the newer generation (b goes to the older one).
        steps(Search::Simple(0), a, || panic!("a is kept"));
        steps(Search::Simple(0), c, one_step);
        // c started a generation: a (read last) is still kept, b (not read since) is gone.
        steps(Search::Simple(0), a, || panic!("a was read, so kept"));
        assert_eq!(runs(), before + 3);
        steps(Search::Simple(0), b, one_step);
        assert_eq!(runs(), before + 4);
        set_generation_bytes(None);
        forget();
    }

    #[test]
    fn a_search_cut_short_by_the_guard_is_not_kept() {
        forget();
        let grid = puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let spent = Guard::new(Budget::UNLIMITED.with_time(Duration::ZERO))
            .with_clock(Arc::new(|| Duration::from_secs(1)));
        // A cancelled dynamic scan finds nothing: that empty result must not be read back.
        spent.run(|| assert!(chains(Search::Dynamic(0), &grid, Vec::new).is_empty()));
        let chain = Chain {
            removable: vec![3],
            causes: Vec::new(),
            nested: Rc::new(Nested {
                complexity: 4,
                key: vec![1, 2],
            }),
        };
        let found = chains(Search::Dynamic(0), &grid, || vec![chain.clone()]);
        assert_eq!(found.len(), 1);
    }
}
