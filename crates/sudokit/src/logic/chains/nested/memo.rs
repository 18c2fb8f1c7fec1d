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
//! cancelled dynamic scan finds nothing) is not kept. The memory is bounded: past
//! [`MAX_BYTES`] (an estimate of the entries' sizes) everything kept is dropped.

use super::super::dynamic::{Cause, Nested};
use super::super::graph::Pot;
use crate::logic::chains::cancel;
use crate::logic::{CandidateGrid, Step};
use std::cell::RefCell;
use std::collections::HashMap;
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

#[derive(Default)]
struct Memo {
    map: HashMap<(Search, CandidateGrid), Entry>,
    /// An estimate of the memory the entries hold.
    bytes: usize,
}

/// The most memory (estimated) the kept results of one thread may hold before they are
/// dropped.
const MAX_BYTES: usize = 48 << 20;

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

fn get(search: Search, grid: &CandidateGrid) -> Option<Entry> {
    #[cfg(test)]
    if OFF.with(std::cell::Cell::get) {
        return None;
    }
    MEMO.try_with(|memo| memo.borrow().map.get(&(search, grid.clone())).cloned())
        .ok()
        .flatten()
}

fn put(search: Search, grid: &CandidateGrid, entry: Entry, bytes: usize) {
    #[cfg(test)]
    RUN.with(|n| n.set(n.get() + 1));
    #[cfg(test)]
    if OFF.with(std::cell::Cell::get) {
        return;
    }
    if cancel::should_stop() {
        return;
    }
    let _ = MEMO.try_with(|memo| {
        let mut memo = memo.borrow_mut();
        let bytes = bytes + std::mem::size_of::<CandidateGrid>() + 64;
        if memo.bytes + bytes > MAX_BYTES {
            memo.map = HashMap::new();
            memo.bytes = 0;
        }
        memo.bytes += bytes;
        memo.map.insert((search, grid.clone()), entry);
    });
}

/// The steps `run` finds on `grid` (`search` is one of the level-1 rules), run once per grid.
pub(super) fn steps(
    search: Search,
    grid: &CandidateGrid,
    run: impl FnOnce() -> Vec<Step>,
) -> Rc<[Step]> {
    if let Some(Entry::Steps(steps)) = get(search, grid) {
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
    put(search, grid, Entry::Steps(Rc::clone(&steps)), bytes);
    steps
}

/// The chains `run` finds on `grid` (`search` is a chaining rule), run once per grid.
pub(super) fn chains(
    search: Search,
    grid: &CandidateGrid,
    run: impl FnOnce() -> Vec<Chain>,
) -> Rc<[Chain]> {
    if let Some(Entry::Chains(chains)) = get(search, grid) {
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
    put(search, grid, Entry::Chains(Rc::clone(&chains)), bytes);
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
