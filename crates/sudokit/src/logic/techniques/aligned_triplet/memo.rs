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
//! The entries are kept as a list in the scan's order ([`order`], which a set of three cells
//! keeps while its cells keep their candidates): a call reads the last call's list with a
//! cursor, sequentially, as the scan meets its triplets, and writes the list for the next
//! call as it goes (the entries it met or learnt and those it passed by, in order; an entry
//! whose cells or excluders changed is dropped, as it can never hold again). A hashed table
//! (a random, cold slot per triplet: the chain searches run between two calls) did the same
//! until the eighth round (see `docs/design.md`). Memory is bounded by the entries that hold
//! in the current grid.
//!
//! [`exclusions`]: super::exclusions

use crate::board::Cell;
use crate::logic::cell_set::CellSet;
use crate::logic::CandidateGrid;
use std::cell::RefCell;

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
    /// Whether a call has begun and not finished.
    open: bool,
    /// The entries at the end of the last call, by increasing [`order`].
    list: Vec<Listed>,
    /// How far this call has read `list`.
    cursor: usize,
    /// The list for the next call, by increasing [`order`].
    next: Vec<Listed>,
}

/// One entry of the list in scan order.
#[derive(Clone, Copy)]
struct Listed {
    /// Where the scan meets the triplet ([`order`]).
    order: u32,
    /// The three cells, sorted, packed as `a | b << 8 | c << 16`.
    key: u32,
    /// The call that tried it.
    at: u32,
    /// Its common excluders then.
    excluders: CellSet,
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
            open: false,
            list: Vec::new(),
            cursor: 0,
            next: Vec::new(),
        }
    }

    /// Starts a call on `grid`: the cells whose candidates differ from the last call's are
    /// marked changed now.
    pub(super) fn begin(&mut self, grid: &CandidateGrid) {
        if self.open {
            self.finish();
        }
        self.open = true;
        if self.now == u32::MAX {
            // Call numbers would wrap: forget everything (every entry is older than now).
            self.list.clear();
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

    /// Whether none of the cells `involved` has changed its candidates since call `at`.
    fn holds(&self, at: u32, involved: CellSet) -> bool {
        if self.now - at < RECENT as u32 {
            return (involved & self.changed_after[at as usize % RECENT]).is_empty();
        }
        involved.iter().all(|c| self.changed_at[c.index()] <= at)
    }

    /// Whether the triplet `cells` with common excluders `excluders`, which the scan meets at
    /// `order` (see [`order`]; a call asks in increasing order), is known to remove nothing
    /// in the grid of this call.
    pub(super) fn known_empty(&mut self, order: u32, cells: [Cell; 3], excluders: CellSet) -> bool {
        let key = key_of(cells);
        let involved = cells
            .into_iter()
            .fold(excluders, |set, c| set | CellSet::single(c));
        // The list up to this place: entries before it are passed on, one here is read.
        while let Some(&listed) = self.list.get(self.cursor) {
            if listed.order > order {
                break;
            }
            self.cursor += 1;
            if listed.order < order {
                if self.holds(listed.at, involved_of(listed.key, listed.excluders)) {
                    self.pass_on(listed);
                }
                continue;
            }
            if listed.key == key && listed.excluders == excluders && self.holds(listed.at, involved)
            {
                self.pass_on(listed);
                return true;
            }
            break;
        }
        false
    }

    /// Remembers that the triplet `cells` with common excluders `excluders`, met at `order`,
    /// removes nothing in the grid of this call.
    pub(super) fn remember_empty(&mut self, order: u32, cells: [Cell; 3], excluders: CellSet) {
        let key = key_of(cells);
        let at = self.now;
        self.pass_on(Listed {
            order,
            key,
            at,
            excluders,
        });
    }

    /// Ends a call: the rest of the last call's list that still holds is passed on, and the
    /// list written in this call is the one the next call reads.
    pub(super) fn finish(&mut self) {
        while let Some(&listed) = self.list.get(self.cursor) {
            self.cursor += 1;
            if self.holds(listed.at, involved_of(listed.key, listed.excluders)) {
                self.pass_on(listed);
            }
        }
        std::mem::swap(&mut self.list, &mut self.next);
        self.next.clear();
        self.cursor = 0;
        self.open = false;
    }

    /// Adds an entry to the next call's list, unless it would break the list's order (it is
    /// then lost, which costs only the search it would have saved).
    fn pass_on(&mut self, listed: Listed) {
        if self
            .next
            .last()
            .is_none_or(|last| last.order < listed.order)
        {
            self.next.push(listed);
        }
    }
}

/// Where SE's scan meets the triplet of the pair `c0`, `c1` (`c0` first in the base cells'
/// order, i.e. by index) and the third cell `c2`, as a number that grows along the scan: the
/// pairs come by `c1`, then `c0`; the third cells that see `c0` first, those that see only
/// `c1` after, each by the house they share with that cell (box, row, column), then by index
/// (`twin_area`'s order). It depends on the three cells alone, so it is the same from one
/// call to the next.
pub(super) fn order(c0: Cell, c1: Cell, c2: Cell) -> u32 {
    let (side, to) = if CellSet::peers(c0).contains(c2) {
        (0, c0)
    } else {
        (1, c1)
    };
    let part = if to.block() == c2.block() {
        0
    } else if to.row() == c2.row() {
        1
    } else {
        2
    };
    (c1.index() as u32) << 24
        | (c0.index() as u32) << 16
        | side << 9
        | part << 7
        | c2.index() as u32
}

/// The three cells of a key and the excluders.
fn involved_of(key: u32, excluders: CellSet) -> CellSet {
    let bits = [key & 0xff, key >> 8 & 0xff, key >> 16]
        .into_iter()
        .fold(0u128, |bits, i| bits | 1u128.checked_shl(i).unwrap_or(0));
    excluders | CellSet::from_bits(bits)
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

    /// `known_empty` with the triplet's place in the scan taken from its cells.
    fn known(memo: &mut Memo, t: [Cell; 3], excluders: CellSet) -> bool {
        memo.known_empty(order(t[0], t[1], t[2]), t, excluders)
    }

    /// `remember_empty` likewise.
    fn remember(memo: &mut Memo, t: [Cell; 3], excluders: CellSet) {
        memo.remember_empty(order(t[0], t[1], t[2]), t, excluders);
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
        assert!(!known(&mut memo, three, excluders), "nothing is known yet");
        remember(&mut memo, three, excluders);
        // Known in the next call on the same grid.
        memo.begin(&grid);
        assert!(known(&mut memo, three, excluders));
        // Other excluders are another input.
        assert!(!known(&mut memo, three, set("r1c5")));
        assert!(!known(&mut memo, triplet("r1c1 r1c2 r1c4"), excluders));
        // A change elsewhere leaves it known.
        assert!(grid.eliminate(cells("r9c9")[0], digit(5)));
        memo.begin(&grid);
        assert!(known(&mut memo, three, excluders));
        // A change of an excluder, or of one of the three cells, forgets it for good (even if
        // the candidates come back: the entry says nothing about the grid in between).
        let mut changed = grid.clone();
        assert!(changed.eliminate(cells("r1c9")[0], digit(4)));
        memo.begin(&changed);
        assert!(!known(&mut memo, three, excluders));
        memo.begin(&grid);
        assert!(!known(&mut memo, three, excluders));
        remember(&mut memo, three, excluders);
        assert!(grid.eliminate(cells("r1c3")[0], digit(4)));
        memo.begin(&grid);
        assert!(!known(&mut memo, three, excluders));
    }

    #[test]
    fn an_entry_older_than_the_recent_calls_is_checked_cell_by_cell() {
        let (mut grid, three, excluders) = row_of_three();
        let mut memo = Memo::new();
        memo.begin(&grid);
        remember(&mut memo, three, excluders);
        let mut other = three;
        other[2] = cells("r1c4")[0];
        remember(&mut memo, other, excluders);
        // Changes elsewhere, then one in r1c4, over more calls than the recent window.
        for d in 1..=9 {
            assert!(grid.eliminate(cells("r9c9")[0], digit(d)));
            memo.begin(&grid);
            assert!(known(&mut memo, three, excluders));
        }
        assert!(grid.eliminate(cells("r1c4")[0], digit(9)));
        for _ in 0..RECENT {
            memo.begin(&grid);
            assert!(known(&mut memo, three, excluders));
            assert!(!known(&mut memo, other, excluders));
        }
        memo.begin(&grid);
        assert!(memo.now > RECENT as u32, "past the window");
        assert!(known(&mut memo, three, excluders));
        assert!(!known(&mut memo, other, excluders));
    }

    /// The list answers in scan order, passes on the entries a call does not meet, and
    /// forgets an entry whose cells or excluders changed.
    #[test]
    fn the_list_in_scan_order_answers_and_forgets_what_changed() {
        let (mut grid, three, excluders) = row_of_three();
        let others = [
            (triplet("r1c1 r1c2 r1c4"), excluders),
            (triplet("r2c1 r2c2 r2c3"), set("r2c5 r2c9")),
            (triplet("r5c5 r5c6 r6c5"), set("r4c4 r4c6")),
        ];
        let mut all = vec![(three, excluders)];
        all.extend(others);
        all.sort_by_key(|(t, _)| order(t[0], t[1], t[2]));
        let mut memo = Memo::new();
        memo.begin(&grid);
        for &(t, ex) in &all {
            assert!(!known(&mut memo, t, ex));
            remember(&mut memo, t, ex);
        }
        memo.finish();
        // Read back in order: every entry is known.
        memo.begin(&grid);
        for &(t, ex) in &all {
            assert!(known(&mut memo, t, ex));
        }
        memo.finish();
        // A call that meets only the last one passes the others on.
        memo.begin(&grid);
        let &(t, ex) = all.last().expect("four");
        assert!(known(&mut memo, t, ex));
        memo.finish();
        assert_eq!(memo.list.len(), all.len());
        // Other excluders at the same place are another input, and drop the entry.
        memo.begin(&grid);
        assert!(!known(&mut memo, three, set("r1c5")));
        memo.finish();
        memo.begin(&grid);
        assert!(!known(&mut memo, three, excluders));
        memo.finish();
        // A changed excluder forgets the triplets it excludes for, not the others.
        remember_all(&mut memo, &grid, &all);
        assert!(grid.eliminate(cells("r1c9")[0], digit(4)));
        memo.begin(&grid);
        for &(t, ex) in &all {
            assert_eq!(known(&mut memo, t, ex), !ex.contains(cells("r1c9")[0]));
        }
        memo.finish();
        // A changed base cell, met or passed by, likewise (and for good).
        remember_all(&mut memo, &grid, &all);
        assert!(grid.eliminate(cells("r5c6")[0], digit(7)));
        for _ in 0..2 {
            memo.begin(&grid);
            memo.finish();
        }
        memo.begin(&grid);
        for &(t, ex) in &all {
            assert_eq!(known(&mut memo, t, ex), !t.contains(&cells("r5c6")[0]));
        }
        memo.finish();
    }

    /// One call that remembers every triplet of `all` (in order) on `grid`.
    fn remember_all(memo: &mut Memo, grid: &CandidateGrid, all: &[([Cell; 3], CellSet)]) {
        memo.begin(grid);
        for &(t, ex) in all {
            if !known(memo, t, ex) {
                remember(memo, t, ex);
            }
        }
        memo.finish();
    }

    /// Over many calls on changing grids, with triplets met in scan order, partly, and
    /// sometimes out of order or in calls not finished by `finish`: the memo says "known" only for a
    /// triplet remembered with the same excluders at a call since which none of its cells and
    /// excluders has changed (checked against the grids' whole history), and it knows most
    /// of those.
    #[test]
    fn the_memo_knows_only_what_was_remembered_on_unchanged_cells() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let cell = |i: u64| Cell::new(i as usize).expect("a cell");
        // Triplets of cells of the first three rows, each with two excluder sets.
        let mut universe: Vec<(u32, [Cell; 3], CellSet)> = Vec::new();
        while universe.len() < 120 {
            let t = [cell(next(27)), cell(next(27)), cell(next(27))];
            if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
                continue;
            }
            let at = order(t[0], t[1], t[2]);
            if universe.iter().any(|u| u.0 == at) {
                continue;
            }
            let ex = [cell(27 + next(9)), cell(36 + next(9))]
                .into_iter()
                .collect();
            universe.push((at, t, ex));
        }
        universe.sort_by_key(|u| u.0);
        let mut grid = CandidateGrid::new();
        let mut history: Vec<[u16; 81]> = Vec::new();
        let mut remembered: Vec<(u32, CellSet, usize)> = Vec::new();
        let mut memo = Memo::new();
        let (mut hits, mut valid) = (0, 0);
        for _ in 0..400 {
            match next(20) {
                0 => grid = CandidateGrid::new(),
                1..=9 => {
                    let c = cell(next(45));
                    let d = digit(1 + next(9) as u8);
                    if grid.candidates(c).len() > 2 {
                        grid.eliminate(c, d);
                    }
                }
                _ => {}
            }
            memo.begin(&grid);
            history.push(
                Cell::all()
                    .map(|c| grid.candidates(c).bits())
                    .collect::<Vec<_>>()
                    .try_into()
                    .expect("81 cells"),
            );
            let now = history.len() - 1;
            let shuffled = next(10) == 0;
            for k in 0..universe.len() {
                let (at, t, base_ex) = universe[if shuffled { next(120) as usize } else { k }];
                if next(3) == 0 {
                    continue;
                }
                let ex = if next(8) == 0 {
                    base_ex | CellSet::single(cell(50))
                } else {
                    base_ex
                };
                let key = key_of(t);
                let involved = t.into_iter().fold(ex, |s, c| s | CellSet::single(c));
                let holds = remembered.iter().any(|&(k2, ex2, then)| {
                    k2 == key
                        && ex2 == ex
                        && involved.iter().all(|c| {
                            history[then..=now]
                                .iter()
                                .all(|g| g[c.index()] == history[then][c.index()])
                        })
                });
                let known = memo.known_empty(at, t, ex);
                assert!(!known || holds, "known without a holding entry: {t:?}");
                valid += usize::from(holds);
                hits += usize::from(known);
                if !known && next(2) == 0 {
                    memo.remember_empty(at, t, ex);
                    remembered.push((key, ex, now));
                }
            }
            if next(10) != 0 {
                memo.finish();
            }
        }
        assert!(valid > 1000, "only {valid} holding entries met");
        assert!(hits * 10 >= valid * 6, "{hits} hits of {valid}");
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
