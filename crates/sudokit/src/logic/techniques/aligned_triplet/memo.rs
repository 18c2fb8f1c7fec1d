//! Triplets known to remove nothing, kept from one call of the finder to the next.
//!
//! Whether a set of three base cells removes anything is a function of the candidates of the
//! three cells and of their common excluders, and of nothing else ([`exclusions`] reads only
//! those, and its answer does not depend on the order of the three cells). The solver runs the
//! finder once per step that reaches it, and between two such steps a few cells change while
//! most triplets tried again have the same cells and excluders as before. So each triplet that
//! removed nothing is remembered (per thread) with its excluders and the call that tried it;
//! at a later call it is skipped when its excluders are the same and none of its cells or
//! excluders has changed its candidates since. A memo of a pure function, checked against its
//! whole input, cannot change an answer.
//!
//! The table is direct-mapped (a slot per hash of the three cells, a newer triplet replacing
//! an older one in its slot): bounded memory, no allocation after the first call, and a lost
//! entry only costs the search it would have saved.
//!
//! [`exclusions`]: super::exclusions

use crate::board::Cell;
use crate::logic::cell_set::CellSet;
use crate::logic::CandidateGrid;
use std::cell::RefCell;

/// Slots in the table (a power of two). A hard step tries a few hundred to a few thousand
/// triplets; 8,192 slots of 32 bytes are 256 KB per thread.
const SLOTS: usize = 1 << 13;

/// One triplet that removed nothing.
#[derive(Clone, Copy)]
struct Entry {
    /// The three cells, sorted, packed as `a | b << 8 | c << 16`; `u32::MAX` in an empty slot.
    key: u32,
    /// The call that tried it.
    at: u32,
    /// Its common excluders then.
    excluders: CellSet,
}

const EMPTY: Entry = Entry {
    key: u32::MAX,
    at: 0,
    excluders: CellSet::EMPTY,
};

/// How many recent calls keep the set of cells changed since them ([`Memo::changed_after`]).
const RECENT: usize = 64;

/// The memo of one thread.
pub(super) struct Memo {
    /// The candidates of every cell at the last call.
    last: [u16; 81],
    /// The call at which each cell's candidates last changed.
    changed_at: [u32; 81],
    /// For each of the last [`RECENT`] calls `t` (at `t % RECENT`), the cells whose
    /// candidates changed at a later call: an entry of call `t` holds while none of its cells
    /// is in it, one AND instead of a look-up per cell.
    changed_after: [CellSet; RECENT],
    /// The current call, counted from 1.
    now: u32,
    slots: Vec<Entry>,
}

thread_local! {
    static MEMO: RefCell<Option<Box<Memo>>> = RefCell::new(Some(Box::new(Memo::new())));
}

impl Memo {
    fn new() -> Memo {
        Memo {
            last: [0; 81],
            changed_at: [0; 81],
            changed_after: [CellSet::EMPTY; RECENT],
            now: 0,
            slots: Vec::new(),
        }
    }

    /// Starts a call on `grid`: the cells whose candidates differ from the last call's are
    /// marked changed now.
    pub(super) fn begin(&mut self, grid: &CandidateGrid) {
        if self.slots.is_empty() {
            self.slots = vec![EMPTY; SLOTS];
        }
        if self.now == u32::MAX {
            // Call numbers would wrap: forget everything (every entry is older than now).
            self.slots.fill(EMPTY);
            self.changed_at = [0; 81];
            self.changed_after = [CellSet::EMPTY; RECENT];
            self.now = 0;
        }
        self.now += 1;
        let mut changed = CellSet::EMPTY;
        for cell in Cell::all() {
            let bits = grid.candidates(cell).bits();
            let i = cell.index();
            if self.last[i] != bits {
                self.last[i] = bits;
                self.changed_at[i] = self.now;
                changed.insert(cell);
            }
        }
        // On the first call every cell is marked changed at call 1, and no entry exists yet.
        if self.now == 1 {
            self.changed_at = [1; 81];
            changed = CellSet::ALL;
        }
        for after in &mut self.changed_after {
            *after |= changed;
        }
        self.changed_after[self.now as usize % RECENT] = CellSet::EMPTY;
    }

    /// Whether the triplet `cells` with common excluders `excluders` is known to remove
    /// nothing in the grid of this call.
    pub(super) fn known_empty(&self, cells: [Cell; 3], excluders: CellSet) -> bool {
        let key = key_of(cells);
        let Some(entry) = self.slots.get(slot_of(key)) else {
            return false;
        };
        if entry.key != key || entry.excluders != excluders {
            return false;
        }
        let involved = cells
            .into_iter()
            .fold(excluders, |set, c| set | CellSet::single(c));
        if self.now - entry.at < RECENT as u32 {
            return (involved & self.changed_after[entry.at as usize % RECENT]).is_empty();
        }
        involved
            .iter()
            .all(|c| self.changed_at[c.index()] <= entry.at)
    }

    /// Remembers that the triplet `cells` with common excluders `excluders` removes nothing in
    /// the grid of this call.
    pub(super) fn remember_empty(&mut self, cells: [Cell; 3], excluders: CellSet) {
        let key = key_of(cells);
        let at = self.now;
        if let Some(slot) = self.slots.get_mut(slot_of(key)) {
            *slot = Entry { key, at, excluders };
        }
    }
}

/// Takes this thread's memo; `None` while it is taken (a search further up the stack has
/// it) or when the thread is ending. Hand it back with [`give`]. No borrow of the thread's
/// cell outlives these two calls, so a finder that reports steps while holding the memo
/// cannot meet a borrowed cell.
pub(super) fn take() -> Option<Box<Memo>> {
    MEMO.try_with(|memo| memo.borrow_mut().take())
        .ok()
        .flatten()
}

/// Hands the memo back for the next call on this thread.
pub(super) fn give(memo: Box<Memo>) {
    let _ = MEMO.try_with(|kept| *kept.borrow_mut() = Some(memo));
}

/// The three cells, sorted, packed in one word.
fn key_of(cells: [Cell; 3]) -> u32 {
    let mut i = cells.map(|c| c.index() as u32);
    i.sort_unstable();
    i[0] | i[1] << 8 | i[2] << 16
}

/// The slot of a key (a multiplicative hash of the packed cells).
fn slot_of(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{cells, digit, keep};

    fn triplet(names: &str) -> [Cell; 3] {
        let c = cells(names);
        [c[0], c[1], c[2]]
    }

    fn set(names: &str) -> CellSet {
        cells(names).into_iter().collect()
    }

    /// A grid whose first row has three base cells r1c1-r1c3 and two excluders, r1c5 and r1c9.
    fn row_of_three() -> (CandidateGrid, [Cell; 3], CellSet) {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "13");
        keep(&mut grid, "r1c3", "234");
        keep(&mut grid, "r1c5", "123");
        keep(&mut grid, "r1c9", "14");
        (grid, triplet("r1c1 r1c2 r1c3"), set("r1c5 r1c9"))
    }

    #[test]
    fn an_entry_holds_while_its_cells_and_excluders_keep_their_candidates() {
        let (mut grid, three, excluders) = row_of_three();
        let mut memo = Memo::new();
        memo.begin(&grid);
        assert!(!memo.known_empty(three, excluders), "nothing is known yet");
        memo.remember_empty(three, excluders);
        // Known in any order of the three cells, in this call and in the next on the same grid.
        assert!(memo.known_empty(triplet("r1c3 r1c1 r1c2"), excluders));
        memo.begin(&grid);
        assert!(memo.known_empty(three, excluders));
        // Other excluders are another input.
        assert!(!memo.known_empty(three, set("r1c5")));
        assert!(!memo.known_empty(triplet("r1c1 r1c2 r1c4"), excluders));
        // A change elsewhere leaves it known.
        assert!(grid.eliminate(cells("r9c9")[0], digit(5)));
        memo.begin(&grid);
        assert!(memo.known_empty(three, excluders));
        // A change of an excluder, or of one of the three cells, forgets it for good (even if
        // the candidates come back: the entry says nothing about the grid in between).
        let mut changed = grid.clone();
        assert!(changed.eliminate(cells("r1c9")[0], digit(4)));
        memo.begin(&changed);
        assert!(!memo.known_empty(three, excluders));
        memo.begin(&grid);
        assert!(!memo.known_empty(three, excluders));
        memo.remember_empty(three, excluders);
        assert!(grid.eliminate(cells("r1c3")[0], digit(4)));
        memo.begin(&grid);
        assert!(!memo.known_empty(three, excluders));
    }

    #[test]
    fn an_entry_older_than_the_recent_calls_is_checked_cell_by_cell() {
        let (mut grid, three, excluders) = row_of_three();
        let mut memo = Memo::new();
        memo.begin(&grid);
        memo.remember_empty(three, excluders);
        let mut other = three;
        other[2] = cells("r1c4")[0];
        memo.remember_empty(other, excluders);
        // Changes elsewhere, then one in r1c4, over more calls than the recent window.
        for d in 1..=9 {
            assert!(grid.eliminate(cells("r9c9")[0], digit(d)));
            memo.begin(&grid);
            assert!(memo.known_empty(three, excluders));
        }
        assert!(grid.eliminate(cells("r1c4")[0], digit(9)));
        for _ in 0..RECENT {
            memo.begin(&grid);
            assert!(memo.known_empty(three, excluders));
            assert!(!memo.known_empty(other, excluders));
        }
        assert!(memo.now > RECENT as u32, "past the window");
        assert!(memo.known_empty(three, excluders));
        assert!(!memo.known_empty(other, excluders));
    }

    #[test]
    fn the_memo_is_lent_once() {
        let memo = take().expect("the thread's memo");
        assert!(take().is_none(), "taken while in use");
        give(memo);
        let again = take().expect("handed back");
        give(again);
    }
}
