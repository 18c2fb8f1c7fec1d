//! The fast path on grids of at most 128 cells (up to 11x11: the 9x9 rule sets, 4x4, 6x6):
//! the search of [`super`] (the same deductions to the same fixed point and the same guesses,
//! so the same guess counts) on one `u128` per digit board, bit `r * n + c` for the cell in
//! row r, column c, as in [`crate::variant::relations`]:
//!
//! ```text
//!   state[d]  bit c = cell c may hold digit d + 1       (n boards)
//!   state[n]  bit c = cell c is placed                  (its digit's board keeps bit c)
//!   state     [u128; 12], a copy per guess: no allocation, no loop over board words
//!   dirty[d]  bit c = cell c lost digit d + 1 since its houses were last looked at
//! ```
//!
//! Beyond the width, a node costs less than on the general path in three ways
//! (docs/design.md, "The engine's speed, seventh round"):
//! - the marks are cells, not houses: placing a digit or clearing a board only ORs the cells
//!   that lost it into `dirty` (no per-cell lookup of their houses), and the houses are found
//!   when they are looked at: a mask of the houses with a marked cell, one AND each and no
//!   branch (a branch per house was mispredicted often enough to be the scan's cost, "tenth
//!   round"), or from a per-cell table when at most [`FEW_MARKED`] cells are marked;
//! - hidden singles, a house that lost a digit and common peers are one pass per digit over
//!   the marked houses, each house's places found once;
//! - common peers start from the two places furthest apart (lowest and highest cell: in a
//!   row, different boxes; in a box, different rows and columns), which share the fewest
//!   peers, and stop as soon as no cell outside the house is left.

use super::super::boards::{cells, full_grid, Dead, Frame, State, MAX_N};
use super::super::seen::PeerSets;
use super::super::{Puzzle, Stopped};
use super::Plan;
use crate::solve::Stats;
use std::sync::Arc;

/// The most houses a plan has ([`super::Plan::new`] takes no more).
const MAX_HOUSES: usize = 128;

/// The most marked cells whose houses are taken from the table rather than found by a look
/// at every house.
const FEW_MARKED: usize = 4;

/// What a puzzle structure compiles into for this kernel.
#[derive(Debug)]
pub(crate) struct Tables {
    n: usize,
    all: u128,
    peers: Box<[u128; 128]>,
    houses: Vec<u128>,
    /// Per cell, the houses it is in (bit h % 64 of word h / 64 for house h).
    cell_houses: Box<[[u64; MAX_HOUSES / 64]; 128]>,
    /// Every house, likewise.
    every_house: [u64; MAX_HOUSES / 64],
}

impl Tables {
    /// The tables for a grid of size `n` with these houses of N cells and these peers; `None`
    /// beyond 128 cells.
    pub(super) fn new(n: usize, houses: &[Vec<usize>], peers: &PeerSets) -> Option<Tables> {
        if n * n > 128 || n > MAX_N {
            return None;
        }
        let cells = n * n;
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        let mut t = Tables {
            n,
            all,
            peers: Box::new([0; 128]),
            houses: Vec::with_capacity(houses.len()),
            cell_houses: Box::new([[0; MAX_HOUSES / 64]; 128]),
            every_house: [0; MAX_HOUSES / 64],
        };
        for c in 0..cells {
            let words = peers.of(c);
            let lo = u128::from(words.first().copied().unwrap_or(0));
            let hi = u128::from(words.get(1).copied().unwrap_or(0));
            t.peers[c] = lo | hi << 64;
        }
        for (h, house) in houses.iter().enumerate() {
            t.houses
                .push(house.iter().fold(0, |bits, &c| bits | 1 << c));
            for &c in house {
                t.cell_houses[c & 127][(h / 64) % (MAX_HOUSES / 64)] |= 1 << (h % 64);
            }
            t.every_house[(h / 64) % (MAX_HOUSES / 64)] |= 1 << (h % 64);
        }
        Some(t)
    }
}

/// One search on this kernel.
#[derive(Debug, Clone)]
pub(crate) struct Core {
    plan: Arc<Plan>,
    pending: Option<State>,
    stack: Vec<Frame>,
}

/// Per digit, the cells that lost it since their houses were last looked at (bit c for cell
/// c): a state that comes from a guess differs from its parent's fixed point only around the
/// guessed cell.
type Dirty = [u128; MAX_N];

impl Core {
    /// A search from the root candidates `root` (bit d for digit d, as the model's).
    pub(super) fn new(plan: Arc<Plan>, t: &Tables, root: &[u32]) -> Core {
        let mut state = [0u128; MAX_N + 1];
        for (c, &mask) in root.iter().enumerate() {
            for d in cells(u128::from(mask >> 1) & ((1 << t.n) - 1)) {
                state[d] |= 1 << c;
            }
        }
        Core {
            plan,
            pending: Some(state),
            stack: Vec::new(),
        }
    }

    /// The plan this search runs on.
    pub(super) fn plan(&self) -> Arc<Plan> {
        self.plan.clone()
    }

    /// The next solution, `Ok(None)` when there are no more; `budget` is asked before each
    /// guess (with the guesses so far) and stops the search when it answers.
    pub(super) fn next(
        &mut self,
        t: &Tables,
        puzzle: &Puzzle,
        stats: &mut Stats,
        mut budget: impl FnMut(u64) -> Option<Stopped>,
    ) -> Result<Option<Vec<u8>>, Stopped> {
        let n = t.n;
        loop {
            let mut dirty = [0u128; MAX_N];
            let mut state = match self.pending.take() {
                Some(state) => {
                    // The root: every house and digit is new.
                    dirty[..n].fill(t.all);
                    state
                }
                None => {
                    let Some(frame) = self.stack.last_mut() else {
                        return Ok(None);
                    };
                    if frame.untried == 0 {
                        self.stack.pop();
                        continue;
                    }
                    let bit = frame.untried & frame.untried.wrapping_neg();
                    let mut state = frame.state;
                    let digit = bit.trailing_zeros() as usize;
                    let one = 1u128 << frame.cell;
                    for d in (0..n).filter(|&d| d != digit) {
                        dirty[d] |= state[d] & one;
                        state[d] &= !one;
                    }
                    match frame.second.take() {
                        Some(second) => frame.cell = second,
                        None => frame.untried &= !bit,
                    }
                    state
                }
            };
            if propagate(t, &mut state, &mut dirty).is_err() {
                continue;
            }
            match branch(t, &state) {
                None => {
                    if let Some(grid) = full_grid(puzzle, &state[..n], n) {
                        stats.solutions += 1;
                        return Ok(Some(grid));
                    }
                }
                Some((cell, untried, second)) => {
                    if let Some(stopped) = budget(stats.guesses) {
                        return Err(stopped);
                    }
                    stats.guesses += 1;
                    self.stack.push(Frame {
                        state,
                        cell,
                        untried,
                        second,
                    });
                }
            }
        }
    }
}

/// Places digit `d` (0-based) in the cell of the one bit `one`, which may hold it: the other
/// digits leave it, `d` leaves its peers; the cells that lost a digit are marked for it.
fn place(t: &Tables, s: &mut State, dirty: &mut Dirty, one: u128, d: usize) {
    let c = one.trailing_zeros() as usize;
    // Every board, `d`'s too (then given back): a loop without a branch. The mark left on `d`
    // at `c` costs a look at houses where `d` is placed.
    for e in 0..t.n {
        dirty[e] |= s[e] & one;
        s[e] &= !one;
    }
    let gone = s[d] & t.peers[c & 127];
    s[d] = (s[d] & !gone) | one;
    dirty[d] |= gone;
    s[t.n] |= one;
}

/// Propagates to a fixed point, or `Err` when the state has no solution; `dirty` marks the
/// cells that lost a digit since the last fixed point (all of them at the root).
fn propagate(t: &Tables, s: &mut State, dirty: &mut Dirty) -> Result<(), Dead> {
    loop {
        naked(t, s, dirty)?;
        if !houses(t, s, dirty)? {
            return Ok(());
        }
    }
}

/// Places every cell down to one digit, until none is left; `Err` when a cell has none.
fn naked(t: &Tables, s: &mut State, dirty: &mut Dirty) -> Result<(), Dead> {
    let n = t.n;
    loop {
        let (mut once, mut twice) = (0u128, 0u128);
        for &board in &s[..n] {
            twice |= once & board;
            once |= board;
        }
        let open = t.all & !s[n];
        if open & !once != 0 {
            return Err(Dead);
        }
        let singles = open & once & !twice;
        if singles == 0 {
            return Ok(());
        }
        // Each single as its bit (no variable shift of a u128).
        let mut rest = singles;
        while rest != 0 {
            let one = rest & rest.wrapping_neg();
            rest ^= one;
            // An earlier single of this round may have taken this cell's digit.
            let d = (0..n).find(|&d| s[d] & one != 0).ok_or(Dead)?;
            // No other board has the cell: only the peers lose `d`.
            let gone = s[d] & t.peers[one.trailing_zeros() as usize & 127];
            s[d] &= !gone;
            dirty[d] |= gone;
            s[n] |= one;
        }
    }
}

/// Per digit, each house with a cell marked for it: `Err` when the digit has no place left
/// there; a hidden single when it has one; else the cells that see every place lose it
/// (common peers). Whether anything changed.
fn houses(t: &Tables, s: &mut State, dirty: &mut Dirty) -> Result<bool, Dead> {
    let n = t.n;
    let mut changed = false;
    for d in 0..n {
        let marked = std::mem::take(&mut dirty[d]);
        if marked == 0 {
            continue;
        }
        let looks = marked_houses(t, marked);
        for (chunk, &look) in t.houses.chunks(64).zip(&looks) {
            let mut look = look;
            while look != 0 {
                let house = chunk[look.trailing_zeros() as usize & 63];
                look &= look - 1;
                look_at(t, s, dirty, d, house, &mut changed)?;
            }
        }
    }
    Ok(changed)
}

/// The houses with a cell in `marked`, bit h % 64 of word h / 64 for house h: for up to
/// [`FEW_MARKED`] cells (often the cell just placed, marked for its other digits) the union of
/// their houses from the table; every house when every cell is (the first pass of a search);
/// else found without a branch per house (a branch on each was mispredicted often enough to
/// be the scan's cost).
#[inline]
fn marked_houses(t: &Tables, marked: u128) -> [u64; MAX_HOUSES / 64] {
    if marked == t.all {
        return t.every_house;
    }
    let mut look = [0u64; MAX_HOUSES / 64];
    let mut rest = marked;
    for _ in 0..FEW_MARKED {
        if rest == 0 {
            return look;
        }
        let houses = &t.cell_houses[rest.trailing_zeros() as usize & 127];
        for (word, &bits) in look.iter_mut().zip(houses) {
            *word |= bits;
        }
        rest &= rest - 1;
    }
    if rest == 0 {
        return look;
    }
    for (word, chunk) in look.iter_mut().zip(t.houses.chunks(64)) {
        for (h, &house) in chunk.iter().enumerate() {
            *word |= u64::from(house & marked != 0) << h;
        }
    }
    look
}

/// Digit `d` in `house`, one of the houses with a cell marked for it: `Err` when it has no
/// place left there; a hidden single when it has one; else common peers.
#[inline]
fn look_at(
    t: &Tables,
    s: &mut State,
    dirty: &mut Dirty,
    d: usize,
    house: u128,
    changed: &mut bool,
) -> Result<(), Dead> {
    let n = t.n;
    let places = s[d] & house;
    if places == 0 {
        return Err(Dead);
    }
    if places & (places - 1) == 0 {
        if s[n] & places == 0 {
            place(t, s, dirty, places, d);
            *changed = true;
        }
        return Ok(());
    }
    // The cells outside the house that may hold `d` (inside it, `d` has no cell but
    // `places`, none of which sees all of them) and see every place: the two places
    // furthest apart first, as they share the fewest peers, then the others while
    // any cell is left.
    let (first, last) = (
        places.trailing_zeros() as usize,
        127 - places.leading_zeros() as usize,
    );
    let mut left = s[d] & !house & t.peers[first & 127] & t.peers[last];
    // The places but the first; the highest of them (`last`) is not looked at again.
    let mut rest = places & (places - 1);
    while left != 0 && rest & (rest - 1) != 0 {
        left &= t.peers[rest.trailing_zeros() as usize & 127];
        rest &= rest - 1;
    }
    if left != 0 {
        s[d] &= !left;
        dirty[d] |= left;
        *changed = true;
    }
    Ok(())
}

/// What to guess, as [`super`] chooses: the cell with two digits that has the most open
/// peers (the first of those); else a digit's two places in a house; else a cell with the
/// fewest digits (`(cell, digits, None)` or `(first, digit, Some(second))`, digit d at bit
/// d - 1); `None` when every cell is placed.
fn branch(t: &Tables, s: &State) -> Option<(usize, u32, Option<usize>)> {
    let n = t.n;
    let open = t.all & !s[n];
    if open == 0 {
        return None;
    }
    let (mut once, mut twice, mut more) = (0u128, 0u128, 0u128);
    for &board in &s[..n] {
        more |= twice & board;
        twice |= once & board;
        once |= board;
    }
    let digits_of = |c: usize| {
        (0..n)
            .filter(|&d| s[d] & (1 << c) != 0)
            .fold(0u32, |m, d| m | (1 << d))
    };
    let mut best = None;
    let mut reach = 0;
    for c in cells(open & twice & !more) {
        let near = (t.peers[c & 127] & open).count_ones();
        if best.is_none() || near > reach {
            best = Some(c);
            reach = near;
        }
    }
    if let Some(c) = best {
        return Some((c, digits_of(c), None));
    }
    for &house in &t.houses {
        for (d, &board) in s[..n].iter().enumerate() {
            let places = board & house;
            if places.count_ones() == 2 {
                let a = places.trailing_zeros() as usize;
                let b = (places & (places - 1)).trailing_zeros() as usize;
                return Some((a, 1 << d, Some(b)));
            }
        }
    }
    let best = cells(open).min_by_key(|&c| digits_of(c).count_ones())?;
    Some((best, digits_of(best), None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::skeleton::{skeleton, Structure};
    use crate::variant::Shape;

    /// The tables of an empty 4x4 grid with boxes (rows, columns, boxes) and its full state.
    fn empty() -> (Tables, State) {
        let houses = Shape::square(4).expect("a square").houses();
        let structure = Structure {
            n: 4,
            boxes: true,
            houses: houses.clone(),
            groups: Vec::new(),
            differ: Vec::new(),
            pair_ends: Vec::new(),
        };
        let t = Tables::new(4, &houses, &skeleton(structure).peer_sets).expect("16 cells");
        let mut s = [0u128; MAX_N + 1];
        s[..4].fill(t.all);
        (t, s)
    }

    #[test]
    fn grids_of_up_to_128_cells_take_this_kernel() {
        let plan = |n: usize| {
            let shape = Shape::square(n).expect("a square");
            let puzzle = Puzzle::new(shape, vec![0; n * n], vec![]).expect("empty");
            puzzle.model.distinct.clone().expect("the fast path")
        };
        for n in [4, 6, 9] {
            assert!(matches!(&*plan(n), Plan::Small(_)), "{n}x{n}");
        }
        assert!(!matches!(&*plan(12), Plan::Small(_)));
    }

    #[test]
    fn the_marked_houses_are_those_with_a_marked_cell() {
        let (t, _) = empty();
        // From one marked cell to all of them, across the table's limit of few cells.
        let mut marked = 0u128;
        for c in [5, 0, 15, 10, 6, 9, 3, 12, 1, 2, 4, 7, 8, 11, 13, 14] {
            marked |= 1 << c;
            let expected = t
                .houses
                .iter()
                .enumerate()
                .filter(|&(_, &house)| house & marked != 0)
                .fold(0u64, |bits, (h, _)| bits | 1 << h);
            assert_eq!(marked_houses(&t, marked), [expected, 0], "{marked:#x}");
        }
        assert_eq!(t.every_house, [(1 << 12) - 1, 0]);
        // Cell 5 (row 1, column 1, box 0): houses 1, 4 + 1 and 8 + 0.
        assert_eq!(marked_houses(&t, 1 << 5), [1 << 1 | 1 << 5 | 1 << 8, 0]);
    }

    #[test]
    fn the_guess_is_the_two_digit_cell_with_the_most_open_peers() {
        let (t, mut s) = empty();
        // Cells 0 and 15 keep digits 1 and 2 (bits 0 and 1); every other cell all four.
        for c in [0, 15] {
            s[2] &= !(1 << c);
            s[3] &= !(1 << c);
        }
        // Seven open peers each: the first of them.
        assert_eq!(branch(&t, &s), Some((0, 0b11, None)));
        // Cells 1 and 2 (peers of cell 0, not of cell 15) placed: cell 15 reaches further.
        for (c, d) in [(1, 2), (2, 3)] {
            (0..4).filter(|&e| e != d).for_each(|e| s[e] &= !(1 << c));
            s[4] |= 1 << c;
        }
        assert_eq!(branch(&t, &s), Some((15, 0b11, None)));
    }

    #[test]
    fn common_peers_leave_the_cells_that_see_every_place() {
        // Digit 0 left in row 0 only at cells 0 and 1 (box 0): the rest of box 0 (cells 4
        // and 5) sees both and loses it; row 1 beyond the box (cells 6, 7) keeps it.
        let (t, mut s) = empty();
        s[0] &= !(1 << 2 | 1 << 3);
        let mut dirty = [0u128; MAX_N];
        dirty[0] = 1 << 2 | 1 << 3;
        assert!(matches!(houses(&t, &mut s, &mut dirty), Ok(true)));
        assert_eq!(s[0] & (1 << 4 | 1 << 5), 0);
        assert_eq!(s[0] & (1 << 6 | 1 << 7), 1 << 6 | 1 << 7);
        // The cells that lost it are marked for it, and nothing else.
        assert_eq!(dirty[0], 1 << 4 | 1 << 5);
        assert_eq!(dirty[1..], [0; MAX_N - 1]);
        (1..4).for_each(|d| assert_eq!(s[d], t.all));
        // Their houses hold nothing more to find.
        assert!(matches!(houses(&t, &mut s, &mut dirty), Ok(false)));
    }

    #[test]
    fn a_hidden_single_is_placed_and_a_lost_digit_is_dead() {
        // Digit 3 left in row 0 only at cell 3: placed there, its peers lose it.
        let (t, mut s) = empty();
        s[3] &= !0b0111;
        let mut dirty = [0u128; MAX_N];
        dirty[3] = 0b0111;
        assert!(matches!(houses(&t, &mut s, &mut dirty), Ok(true)));
        assert_eq!(s[4], 1 << 3);
        assert_eq!(s[3] & t.peers[3], 0);
        assert_eq!((0..3).filter(|&d| s[d] & 1 << 3 != 0).count(), 0);
        // Row 0 without digit 2 anywhere: no solution.
        let (t, mut s) = empty();
        s[2] &= !0b1111;
        dirty[2] = 0b1111;
        assert!(houses(&t, &mut s, &mut dirty).is_err());
    }
}
