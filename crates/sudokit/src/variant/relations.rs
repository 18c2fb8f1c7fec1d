//! The non-consecutive fast path: a bitboard search for puzzles whose rules say "different"
//! (houses, sumless cages, anti-knight and anti-king pairs, even/odd restrictions) plus
//! non-consecutive (orthogonal neighbours differ by more than 1), on grids of up to 128 cells
//! (11x11) and 64 houses. [`Plan::new`] is only asked for such puzzles; the general engine
//! takes the rest.
//!
//! The state is one cell bitboard per digit and a board of placed cells, each a `u128` with
//! bit `r * n + c` for the cell in row r, column c, so the orthogonal neighbours of a whole
//! set of cells are four shifts:
//!
//! ```text
//!   board[d]  bit c = cell c may hold digit d + 1       (n boards, then `placed`)
//!   around(S) = (S << 1) & !first column  |  (S >> 1) & !last column
//!             | (S << n)                  |  (S >> n)                      (within the grid)
//! ```
//!
//! Propagation, to a fixed point: naked singles for all cells at once (the boards counted
//! bit-sliced, each digit's singles placed together); hidden singles in the houses of the
//! cells that lost a digit (marks are cells, turned into houses once per pass);
//! non-consecutive arc consistency for every digit at once: a cell whose digits all lie in
//! {e - 1, e, e + 1} (a placed e +- 1 among them) leaves no room for e beside it, so
//! `board[e]` loses `around(cells without a digit outside e - 1..=e + 1)`; and, per house and
//! digit d that hidden singles found with two places up to the house's limit (beyond it no
//! cell sees or touches them all), common peers (a cell that sees every place loses d) and
//! common neighbours (a cell that is or touches every place loses d - 1 and d + 1: whichever
//! place takes d is it or beside it). The passes take the size as a constant parameter, 9
//! for 9x9 grids. Where a test would branch on data (did this take remove anything, is
//! this house small), the passes compute both sides instead: mispredicted branches, not
//! instructions, were most of the time (`docs/design.md`, "Non-consecutive speed, third
//! round"). The search guesses on the cell with two digits, else three, that has the most open
//! cells beside it, else on a digit's two places in a house, else on a cell with fewest
//! digits; smallest digit first. Budget, guard and statistics mean what they mean in
//! [`super::Search`], which drives this.

use super::boards::{cells, full_grid, Dead, Frame, State, MAX_N};
use super::seen::PeerSets;
use super::Puzzle;
use super::Stopped;
use crate::solve::Stats;
use std::sync::Arc;

/// The houses of `set` (bit h for house h), lowest first.
fn houses(set: u64) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            h
        })
    })
}

/// What a puzzle structure compiles into for this path.
#[derive(Debug)]
pub(crate) struct Plan {
    n: usize,
    all: u128,
    /// Every cell but those of the first column, and of the last: the shifts' masks.
    not_first: u128,
    not_last: u128,
    peers: Vec<u128>,
    /// Per cell, itself and its orthogonal neighbours.
    touch: Vec<u128>,
    houses: Vec<u128>,
    /// Per cell, the houses it is in (bit h for house h).
    cell_houses: Vec<u64>,
    /// Per house, the most of its cells that one cell outside it sees, or one cell touches:
    /// with more places of a digit than that, the house has no common peers or neighbours.
    limit: Vec<u32>,
}

impl Plan {
    /// The tables for a grid of size `n` with these houses of N cells and these peers; `None`
    /// beyond 128 cells or 64 houses (the general engine takes those; sets of houses are
    /// `u64`, cheaper to walk than `u128`).
    pub(crate) fn new(n: usize, houses: &[Vec<usize>], peers: &PeerSets) -> Option<Plan> {
        if n * n > 128 || n > MAX_N || houses.len() > 64 || n < 2 {
            return None;
        }
        let cells = n * n;
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        let (mut first, mut last) = (0u128, 0u128);
        for r in 0..n {
            first |= 1 << (r * n);
            last |= 1 << (r * n + n - 1);
        }
        let mut plan = Plan {
            n,
            all,
            not_first: all & !first,
            not_last: all & !last,
            peers: Vec::with_capacity(cells),
            touch: Vec::with_capacity(cells),
            houses: Vec::with_capacity(houses.len()),
            cell_houses: vec![0; cells],
            limit: Vec::with_capacity(houses.len()),
        };
        for c in 0..cells {
            let words = peers.of(c);
            let lo = u128::from(words.first().copied().unwrap_or(0));
            let hi = u128::from(words.get(1).copied().unwrap_or(0));
            plan.peers.push(lo | hi << 64);
            let one = 1u128 << c;
            plan.touch.push(one | plan.around(one));
        }
        for (h, house) in houses.iter().enumerate() {
            let mut bits = 0u128;
            for &c in house {
                bits |= 1 << c;
                plan.cell_houses[c] |= 1 << h;
            }
            plan.houses.push(bits);
            let limit = (0..cells)
                .map(|c| {
                    let seen = if bits & (1 << c) == 0 {
                        (plan.peers[c] & bits).count_ones()
                    } else {
                        0
                    };
                    seen.max((plan.touch[c] & bits).count_ones())
                })
                .max()
                .unwrap_or(0);
            plan.limit.push(limit);
        }
        Some(plan)
    }

    /// The grid's size: `N`, or `n` when `N` is 0. The passes take the size as a constant
    /// parameter so that the 9x9 grid, the one that counts, gets loops of known length and
    /// shifts by a constant; 0 is the version for every other size.
    fn size<const N: usize>(&self) -> usize {
        debug_assert!(N == 0 || N == self.n);
        if N == 0 {
            self.n
        } else {
            N
        }
    }

    /// The orthogonal neighbours of the cells of `set` (the cells themselves only where they
    /// are neighbours of one another).
    fn around(&self, set: u128) -> u128 {
        self.around_in::<0>(set)
    }

    /// [`Plan::around`] for size `N` ([`Plan::size`]).
    fn around_in<const N: usize>(&self, set: u128) -> u128 {
        let n = self.size::<N>();
        (((set << 1) & self.not_first) | ((set >> 1) & self.not_last) | (set << n) | (set >> n))
            & self.all
    }

    /// The houses of the cells of `set`.
    fn houses_of(&self, set: u128) -> u64 {
        cells(set).fold(0, |h, c| h | self.cell_houses[c])
    }
}

/// A resumable search on this path, driven by [`super::Search`].
#[derive(Debug, Clone)]
pub(crate) struct Run {
    plan: Arc<Plan>,
    pending: Option<State>,
    stack: Vec<Frame>,
}

/// Per digit, the cells that lost it since hidden singles last looked (that pass looks again
/// at their houses, found once per pass rather than once per removal), and the houses that
/// pass found with few enough places for common peers and neighbours to look at (bit h for
/// house h).
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    hidden: [u128; MAX_N],
    small: [u64; MAX_N],
}

impl Marks {
    fn mark(&mut self, d: usize, cells: u128) {
        self.hidden[d] |= cells;
    }
}

/// Whether `set` has more than `k` cells.
fn more_than(mut set: u128, k: u32) -> bool {
    for _ in 0..k {
        set &= set.wrapping_sub(1);
    }
    set != 0
}

impl Run {
    /// A search from the root candidates `root` (bit d for digit d, as the model's).
    pub(crate) fn new(plan: &Arc<Plan>, root: &[u32]) -> Run {
        let n = plan.n;
        let mut state = [0u128; MAX_N + 1];
        for (c, &mask) in root.iter().enumerate() {
            for (d, board) in state[..n].iter_mut().enumerate() {
                if mask & (2 << d) != 0 {
                    *board |= 1 << c;
                }
            }
        }
        Run {
            plan: plan.clone(),
            pending: Some(state),
            stack: Vec::new(),
        }
    }

    /// The next solution, `Ok(None)` when there are no more; `budget` is asked before each
    /// guess (with the guesses so far) and stops the search when it answers.
    pub(crate) fn next(
        &mut self,
        puzzle: &Puzzle,
        stats: &mut Stats,
        mut budget: impl FnMut(u64) -> Option<Stopped>,
    ) -> Result<Option<Vec<u8>>, Stopped> {
        let t = &*self.plan;
        let n = t.n;
        loop {
            let mut marks = Marks::default();
            let mut state = match self.pending.take() {
                Some(state) => {
                    // The root: every house and digit is new.
                    (0..n).for_each(|d| marks.mark(d, t.all));
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
                    for (d, board) in state[..n].iter_mut().enumerate() {
                        if d != digit && *board & one != 0 {
                            *board &= !one;
                            marks.mark(d, one);
                        }
                    }
                    match frame.second.take() {
                        Some(second) => frame.cell = second,
                        None => frame.untried &= !bit,
                    }
                    state
                }
            };
            let next = if n == 9 {
                propagate::<9>(t, &mut state, &mut marks).map(|()| branch::<9>(t, &state))
            } else {
                propagate::<0>(t, &mut state, &mut marks).map(|()| branch::<0>(t, &state))
            };
            let Ok(next) = next else {
                continue;
            };
            match next {
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

/// Removes `gone` (cells that may hold `d`) from board `d` and marks them for hidden singles.
fn take(s: &mut State, m: &mut Marks, d: usize, gone: u128) -> bool {
    // No branch on `gone`: which way it goes is data, and a mispredicted branch costs more
    // than the two ANDs it would skip (so in the passes below).
    s[d] &= !gone;
    m.mark(d, gone);
    gone != 0
}

/// Places digit `d` (0-based) in cell `c`, which may hold it: the other digits leave `c`, `d`
/// leaves its peers, and `d - 1` and `d + 1` leave its neighbours.
fn place<const N: usize>(t: &Plan, s: &mut State, m: &mut Marks, c: usize, d: usize) {
    let n = t.size::<N>();
    let one = 1u128 << c;
    for (e, board) in s[..n].iter_mut().enumerate() {
        let lose = if e == d { 0 } else { *board & one };
        *board &= !lose;
        m.mark(e, lose);
    }
    let gone = s[d] & t.peers[c];
    take(s, m, d, gone);
    let beside = t.touch[c] & !one;
    if d > 0 {
        let gone = s[d - 1] & beside;
        take(s, m, d - 1, gone);
    }
    if d + 1 < n {
        let gone = s[d + 1] & beside;
        take(s, m, d + 1, gone);
    }
    s[n] |= one;
}

/// Propagates to a fixed point, or `Err` when the state has no solution; `m` marks the houses
/// changed since the last fixed point (all of them at the root).
fn propagate<const N: usize>(t: &Plan, s: &mut State, m: &mut Marks) -> Result<(), Dead> {
    loop {
        naked::<N>(t, s, m)?;
        if hidden::<N>(t, s, m)? {
            continue;
        }
        if apart::<N>(t, s, m) {
            continue;
        }
        if !common::<N>(t, s, m) {
            return Ok(());
        }
    }
}

/// Places every cell down to one digit, until none is left; `Err` when a cell has none.
fn naked<const N: usize>(t: &Plan, s: &mut State, m: &mut Marks) -> Result<(), Dead> {
    let n = t.size::<N>();
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
        // All singles of a digit at once. A single whose digit an earlier digit's
        // placements took is left empty and open: the next round finds it.
        for d in 0..n {
            let here = s[d] & singles;
            if here == 0 {
                continue;
            }
            let seen = cells(here).fold(0, |seen, c| seen | t.peers[c]);
            if seen & here != 0 {
                return Err(Dead);
            }
            take(s, m, d, s[d] & seen);
            let beside = t.around_in::<N>(here);
            if d > 0 {
                take(s, m, d - 1, s[d - 1] & beside);
            }
            if d + 1 < n {
                take(s, m, d + 1, s[d + 1] & beside);
            }
            s[n] |= here;
        }
    }
}

/// Places each digit with one open place left in a marked house; `Err` when a house lost a
/// digit. Whether anything was placed.
fn hidden<const N: usize>(t: &Plan, s: &mut State, m: &mut Marks) -> Result<bool, Dead> {
    let n = t.size::<N>();
    let mut placed = false;
    for d in 0..n {
        let marked = std::mem::take(&mut m.hidden[d]);
        for h in houses(t.houses_of(marked)) {
            let places = s[d] & t.houses[h];
            if places == 0 {
                return Err(Dead);
            }
            let rest = places & (places - 1);
            if (rest == 0) & (s[n] & places == 0) {
                place::<N>(t, s, m, places.trailing_zeros() as usize, d);
                placed = true;
            }
            let small = (rest != 0) & !more_than(rest, t.limit[h] - 1);
            m.small[d] |= u64::from(small) << h;
        }
    }
    Ok(placed)
}

/// Non-consecutive arc consistency for every digit at once (module docs); whether anything
/// was removed.
fn apart<const N: usize>(t: &Plan, s: &mut State, m: &mut Marks) -> bool {
    let n = t.size::<N>();
    // below[d]: the cells that may hold a digit under d (0-based), above[d]: over d.
    let mut below = [0u128; MAX_N + 1];
    let mut above = [0u128; MAX_N + 1];
    for d in 0..n {
        below[d + 1] = below[d] | s[d];
    }
    for d in (0..n).rev() {
        above[d] = above[d + 1] | s[d];
    }
    let mut changed = false;
    for e in 0..n {
        // The cells with a digit d such that |d - e| > 1 (d <= e - 2 or d >= e + 2).
        let far = below[e.saturating_sub(1)] | above.get(e + 2).copied().unwrap_or(0);
        let gone = s[e] & t.around_in::<N>(t.all & !far);
        changed |= take(s, m, e, gone);
    }
    changed
}

/// Per house and digit that hidden singles found with few places (two up to the house's
/// limit, under which nothing can be found): the cells that see every place lose the digit,
/// and the cells that are or touch every place lose its two neighbouring digits. Whether
/// anything was removed.
fn common<const N: usize>(t: &Plan, s: &mut State, m: &mut Marks) -> bool {
    let n = t.size::<N>();
    let mut changed = false;
    for d in 0..n {
        for h in houses(std::mem::take(&mut m.small[d])) {
            let house = t.houses[h];
            let places = s[d] & house;
            if places & (places.wrapping_sub(1)) == 0 {
                continue;
            }
            // Start outside the house: inside it, `d` has no place but `places`.
            let (mut seen, mut touched) = (t.all & !house, t.all);
            for c in cells(places) {
                seen &= t.peers[c];
                touched &= t.touch[c];
            }
            let gone = s[d] & seen;
            changed |= take(s, m, d, gone);
            if d > 0 {
                let gone = s[d - 1] & touched;
                changed |= take(s, m, d - 1, gone);
            }
            if d + 1 < n {
                let gone = s[d + 1] & touched;
                changed |= take(s, m, d + 1, gone);
            }
        }
    }
    changed
}

/// What to guess: the cell with two digits beside the most open cells; else a digit's two places in a house; else a cell
/// with the fewest digits (`(cell, digits, None)` or `(first, digit, Some(second))`, digit d
/// at bit d - 1); `None` when every cell is placed.
fn branch<const N: usize>(t: &Plan, s: &State) -> Option<(usize, u32, Option<usize>)> {
    let n = t.size::<N>();
    let open = t.all & !s[n];
    if open == 0 {
        return None;
    }
    let (mut once, mut twice, mut thrice, mut more) = (0u128, 0u128, 0u128, 0u128);
    for &board in &s[..n] {
        more |= thrice & board;
        thrice |= twice & board;
        twice |= once & board;
        once |= board;
    }
    let digits_of = |c: usize| {
        (0..n)
            .filter(|&d| s[d] & (1 << c) != 0)
            .fold(0u32, |m, d| m | (1 << d))
    };
    // Of the cells with two digits, else three, the one beside the most open cells: its
    // digit tells the most (its neighbours lose two or three digits, its other peers one).
    for few in [open & twice & !thrice, open & thrice & !more] {
        if few != 0 {
            let c = most_open_around::<N>(t, open, few).trailing_zeros() as usize;
            return Some((c, digits_of(c), None));
        }
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

/// The cells of `few` (not empty) with the most open orthogonal neighbours: the four
/// directions' open neighbours added bit-sliced into a count of 0 to 4 per cell, then `few`
/// narrowed by its high bit first.
fn most_open_around<const N: usize>(t: &Plan, open: u128, few: u128) -> u128 {
    let n = t.size::<N>();
    let (a, b) = ((open >> 1) & t.not_last, (open << 1) & t.not_first);
    let (c, d) = (open >> n, (open << n) & t.all);
    let (ab, cd) = (a ^ b, c ^ d);
    let (ab2, cd2) = (a & b, c & d);
    let ones = ab ^ cd;
    let carry = ab & cd;
    let twos = ab2 ^ cd2 ^ carry;
    let fours = (ab2 & cd2) | ((ab2 ^ cd2) & carry);
    let mut best = few;
    for plane in [fours, twos, ones] {
        if best & plane != 0 {
            best &= plane;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{NonConsecutive, Rule, Shape};

    /// The plan of an empty 9x9 non-consecutive grid and its full state.
    fn empty() -> (Arc<Plan>, State) {
        let puzzle = Puzzle::new(
            Shape::square(9).expect("9x9"),
            vec![0; 81],
            vec![Rule::NonConsecutive(NonConsecutive {})],
        )
        .expect("puzzle");
        let plan = puzzle.model.relations.clone().expect("the path's plan");
        let mut state = [0u128; MAX_N + 1];
        state[..9].fill(plan.all);
        (plan, state)
    }

    /// The 0-based digits cell `c` may hold.
    fn at(s: &State, c: usize) -> Vec<usize> {
        (0..9).filter(|&d| s[d] & (1 << c) != 0).collect()
    }

    #[test]
    fn around_stays_in_the_grid() {
        let (t, _) = empty();
        // r1c9's neighbours are r1c8 and r2c9, not r2c1; r9c1's are r8c1 and r9c2.
        assert_eq!(t.around(1 << 8), 1 << 7 | 1 << 17);
        assert_eq!(t.around(1 << 72), 1 << 63 | 1 << 73);
        assert_eq!(t.around(1 << 40), 1 << 31 | 1 << 39 | 1 << 41 | 1 << 49);
    }

    #[test]
    fn a_cell_of_two_digits_around_one_clears_it_beside() {
        // r5c5 holds 4 or 6: its four neighbours cannot hold 5, nothing else changes.
        let (t, mut s) = empty();
        for (d, board) in s[..9].iter_mut().enumerate() {
            if d != 3 && d != 5 {
                *board &= !(1 << 40);
            }
        }
        let mut m = Marks::default();
        assert!(apart::<0>(&t, &mut s, &mut m));
        for c in [31, 39, 41, 49] {
            assert_eq!(at(&s, c), [0, 1, 2, 3, 5, 6, 7, 8], "cell {c}");
        }
        for c in [30, 32, 22, 58, 0] {
            assert_eq!(at(&s, c).len(), 9, "cell {c}");
        }
        // A fixed point: a second pass changes nothing.
        assert!(!apart::<0>(&t, &mut s, &mut m));
    }

    #[test]
    fn a_spread_cell_clears_nothing() {
        // r5c5 holds 4 or 7: 5 beside it is fine next to 7.
        let (t, mut s) = empty();
        for (d, board) in s[..9].iter_mut().enumerate() {
            if d != 3 && d != 6 {
                *board &= !(1 << 40);
            }
        }
        assert!(!apart::<0>(&t, &mut s, &mut Marks::default()));
    }

    #[test]
    fn places_of_a_digit_clear_its_neighbours_from_cells_touching_all() {
        // 5 left at r1c1 and r2c2 of box 1: r1c2 and r2c1 touch both, so they lose 4 and 6;
        // r1c3 touches neither.
        let (t, mut s) = empty();
        for c in [1, 2, 9, 11, 18, 19, 20] {
            s[4] &= !(1 << c);
        }
        let mut m = Marks::default();
        m.small[4] = (1 << t.houses.len()) - 1;
        assert!(common::<0>(&t, &mut s, &mut m));
        for c in [1, 9] {
            assert_eq!(at(&s, c), [0, 1, 2, 6, 7, 8], "cell {c}");
        }
        assert_eq!(at(&s, 2).len(), 8, "r1c3 keeps 4 and 6");
        assert_eq!(at(&s, 0).len(), 9, "r1c1 keeps 4 and 6");
    }

    #[test]
    fn branching_takes_three_digit_cells_before_other_choices() {
        // No cell of two digits and no digit with two places in a house: of the two cells of
        // three digits, the one beside more open cells (r5c5, four, against r1c1's two).
        let (t, mut s) = empty();
        for (d, board) in s[..9].iter_mut().enumerate() {
            if ![0, 4, 8].contains(&d) {
                *board &= !(1 << 40);
            }
            if ![1, 5, 7].contains(&d) {
                *board &= !1;
            }
        }
        assert_eq!(branch::<0>(&t, &s), Some((40, 1 | 1 << 4 | 1 << 8, None)));
        // A cell of two digits comes first, wherever it is.
        for board in &mut s[2..9] {
            *board &= !(1 << 80);
        }
        assert_eq!(branch::<0>(&t, &s), Some((80, 0b11, None)));
    }

    #[test]
    fn placing_clears_peers_and_neighbours() {
        let (t, mut s) = empty();
        let mut m = Marks::default();
        place::<0>(&t, &mut s, &mut m, 40, 4);
        assert_eq!(at(&s, 40), [4]);
        assert_eq!(s[9], 1 << 40);
        for c in [31, 39, 41, 49] {
            assert_eq!(at(&s, c), [0, 1, 2, 6, 7, 8], "cell {c}");
        }
        assert_eq!(
            at(&s, 30),
            [0, 1, 2, 3, 5, 6, 7, 8],
            "a box mate loses 5 only"
        );
        assert_eq!(at(&s, 0).len(), 9);
    }
}
