//! The fast path for puzzles whose rules only say "different": houses of N cells (rows,
//! columns, boxes or jigsaw regions, diagonals, windows, disjoint groups, user houses), groups
//! of fewer different digits and pairs of cells that differ (anti-knight, anti-king), with at
//! most unary restrictions (even/odd) on top. No group propagator and no binary relation other
//! than "different" may be present; [`Plan::new`] is only asked for such puzzles.
//!
//! The state is one cell bitboard per digit (the cells that may hold it, placed cells
//! included) and a board of placed cells, as in the classic 9x9 solver's representation:
//!
//! ```text
//!   board[d]  bit c = cell c may hold digit d + 1      (n boards)
//!   solved    bit c = cell c is placed                  (its digit's board keeps bit c)
//!   W words of 64 bits: 4 up to 16x16, 10 up to 25x25
//! ```
//!
//! Grids of at most 128 cells (up to 11x11) run the same search on one `u128` per board, in
//! [`small`].
//!
//! Propagation, to a fixed point: naked singles found for all cells at once by counting the
//! boards bit-sliced (placing d at c clears c's peers from board d and c from the others),
//! hidden singles by one AND and a count per house and digit, and eliminations by common
//! peers: a digit with two to [`MAX_PLACES`] places in a house is removed from every cell that
//! sees all of them (locked candidates between any two houses, and more with knight's or
//! king's move neighbours). On grids of 16x16 and wider, naked and hidden pairs in a house
//! ([`pairs`]) come last. The search guesses on a cell with two candidates (the one with the
//! most open peers, on grids of 16x16 and wider plus a weight for each dead end its guesses
//! met so far), else on a digit's two places in a house, else on a cell with fewest
//! candidates; smallest digit first.
//! Budget, guard and statistics mean what they mean in [`super::Search`], which drives this.

mod pairs;
mod small;

use super::seen::PeerSets;
use super::Puzzle;
use super::Stopped;
use crate::solve::compiled::{run_on, Compiled, Verified};
use crate::solve::Stats;
use std::sync::Arc;

/// The most places a digit may have in a house for its common peers to be looked for.
const MAX_PLACES: u32 = 25;

/// The narrowest grid whose fixed points include naked and hidden pairs: below it they cost
/// more than the guesses they save (docs/design.md, "The engine's speed, fifth round").
const PAIRS_FROM: usize = 16;

/// The narrowest grid whose search counts the dead ends of each guessed cell and guesses
/// first where it failed most (docs/design.md, "The engine's speed, seventh round").
const FAILS_FROM: usize = 16;

/// What a dead end of a cell's guess weighs against one open peer in the choice of the
/// branching cell.
const FAIL_WEIGHT: u32 = 4;

/// A set of cells: bit `c % 64` of word `c / 64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const EMPTY: Bits<W> = Bits([0; W]);

    #[inline(always)]
    fn has(&self, c: usize) -> bool {
        self.0[c / 64] & (1 << (c % 64)) != 0
    }

    #[inline(always)]
    fn set(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }

    #[inline(always)]
    fn clear(&mut self, c: usize) {
        self.0[c / 64] &= !(1 << (c % 64));
    }

    #[inline(always)]
    fn and(self, o: Bits<W>) -> Bits<W> {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a &= b;
        }
        r
    }

    #[inline(always)]
    fn or(self, o: Bits<W>) -> Bits<W> {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a |= b;
        }
        r
    }

    #[inline(always)]
    fn and_not(self, o: Bits<W>) -> Bits<W> {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a &= !b;
        }
        r
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell, if any.
    #[inline(always)]
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|w| w * 64 + self.0[w].trailing_zeros() as usize)
    }

    #[inline(always)]
    fn cells(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(w, word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

/// A house of N cells, with the words it touches (a row spans one or two of them).
#[derive(Debug, Clone)]
struct House<const W: usize> {
    lo: usize,
    hi: usize,
    bits: Bits<W>,
}

impl<const W: usize> House<W> {
    /// The cells of `board` in this house and how many there are.
    #[inline(always)]
    fn places(&self, board: &Bits<W>) -> (Bits<W>, u32) {
        let mut out = Bits::EMPTY;
        let mut count = 0;
        // Up to 4 words a fixed loop is cheaper than a house's own range.
        let (lo, hi) = if W <= 4 { (0, W) } else { (self.lo, self.hi) };
        for w in lo..hi {
            let x = board.0[w] & self.bits.0[w];
            out.0[w] = x;
            count += x.count_ones();
        }
        (out, count)
    }
}

/// What a puzzle structure compiles into for this path, with `W` words per board.
#[derive(Debug)]
pub(crate) struct Tables<const W: usize> {
    n: usize,
    all: Bits<W>,
    peers: Vec<Bits<W>>,
    houses: Vec<House<W>>,
    /// Per cell, the houses it is in (bit h for house h).
    cell_houses: Vec<u128>,
    /// Whether to look for naked and hidden pairs ([`pairs`]): on grids of 16x16 and wider.
    pairs: bool,
    /// Whether the search counts dead ends per guessed cell ([`Core::fails`]): on grids of
    /// 16x16 and wider.
    fails: bool,
}

impl<const W: usize> Tables<W> {
    fn new(n: usize, houses: &[Vec<usize>], peers: &PeerSets) -> Tables<W> {
        let cells = n * n;
        let mut cell_houses = vec![0u128; cells];
        for (h, house) in houses.iter().enumerate() {
            for &c in house {
                cell_houses[c] |= 1 << h;
            }
        }
        let mut all = Bits::EMPTY;
        (0..cells).for_each(|c| all.set(c));
        let peers = (0..cells)
            .map(|c| {
                let mut b = Bits::EMPTY;
                for (w, &word) in b.0.iter_mut().zip(peers.of(c)) {
                    *w = word;
                }
                b
            })
            .collect();
        let houses = houses
            .iter()
            .map(|h| {
                let mut bits = Bits::EMPTY;
                h.iter().for_each(|&c| bits.set(c));
                let lo = bits.0.iter().position(|&w| w != 0).unwrap_or(0);
                let hi = bits.0.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1);
                House { lo, hi, bits }
            })
            .collect();
        Tables {
            n,
            all,
            peers,
            houses,
            cell_houses,
            pairs: n >= PAIRS_FROM,
            fails: n >= FAILS_FROM,
        }
    }
}

/// The compiled tables of a structure whose rules all say "different", in the narrowest
/// board width that holds its cells: grids of up to 128 cells take [`small`]'s kernel.
#[derive(Debug)]
pub(crate) enum Plan {
    Small(small::Tables),
    W4(Tables<4>),
    W10(Tables<10>),
}

impl Plan {
    /// The tables for a grid of size `n` with these houses of N cells and these peers; `None`
    /// beyond 25x25 or 128 houses (the general engine takes those).
    pub(crate) fn new(n: usize, houses: &[Vec<usize>], peers: &PeerSets) -> Option<Plan> {
        if houses.len() > 128 || n > 25 {
            return None;
        }
        Some(match n * n {
            0..=128 => Plan::Small(small::Tables::new(n, houses, peers)?),
            129..=256 => Plan::W4(Tables::new(n, houses, peers)),
            257..=640 => Plan::W10(Tables::new(n, houses, peers)),
            _ => return None,
        })
    }
}

/// A state: `n` digit boards, then the placed cells.
type State<const W: usize> = Vec<Bits<W>>;

/// The state is impossible.
struct Dead;

/// A guess: the state before it, the cell guessed and its digits not tried yet (bit d for
/// digit d + 1); with `second`, a digit's two places in a house (`untried` is the digit).
#[derive(Debug, Clone)]
struct Frame<const W: usize> {
    state: State<W>,
    cell: usize,
    untried: u32,
    second: Option<usize>,
}

/// One search on one width.
#[derive(Debug, Clone)]
pub(crate) struct Core<const W: usize> {
    plan: Arc<Plan>,
    pending: Option<State<W>>,
    stack: Vec<Frame<W>>,
    spare: Vec<State<W>>,
    /// Per cell, how many guesses on it led to a contradiction so far (empty on narrow grids,
    /// see [`Tables::fails`]): a cell that failed often is a hard spot of the puzzle, and
    /// guessing there first finds the dead ends higher in the tree (the weighted-degree idea
    /// of constraint solvers, Boussemart et al. 2004, on cells).
    fails: Vec<u32>,
    /// The CPU path the search is compiled for ([`run_on`]): with `popcnt` (and AVX2's vectors
    /// for the four-word boards) the counts of places are one instruction each.
    path: Verified,
}

/// One call of [`Core::next`], to run on the core's CPU path.
struct Next<'a, const W: usize, B> {
    core: &'a mut Core<W>,
    t: &'a Tables<W>,
    puzzle: &'a Puzzle,
    stats: &'a mut Stats,
    budget: B,
}

impl<const W: usize, B: FnMut(u64) -> Option<Stopped>> Compiled for Next<'_, W, B> {
    type Out = Result<Option<Vec<u8>>, Stopped>;

    #[inline(always)]
    fn run(self) -> Self::Out {
        self.core.next(self.t, self.puzzle, self.stats, self.budget)
    }
}

/// A resumable search on the fast path, driven by [`super::Search`].
#[derive(Debug, Clone)]
pub(crate) enum Run {
    Small(small::Core),
    W4(Core<4>),
    W10(Core<10>),
}

impl Run {
    /// A search from the root candidates `root` (bit d for digit d, as the model's).
    pub(crate) fn new(plan: &Arc<Plan>, root: &[u32]) -> Run {
        match &**plan {
            Plan::Small(t) => Run::Small(small::Core::new(plan.clone(), t, root)),
            Plan::W4(t) => Run::W4(Core::new(plan.clone(), t, root)),
            Plan::W10(t) => Run::W10(Core::new(plan.clone(), t, root)),
        }
    }

    /// The next solution, `Ok(None)` when there are no more; `budget` is asked before each
    /// guess (with the guesses so far) and stops the search when it answers.
    pub(crate) fn next(
        &mut self,
        puzzle: &Puzzle,
        stats: &mut Stats,
        budget: impl FnMut(u64) -> Option<Stopped>,
    ) -> Result<Option<Vec<u8>>, Stopped> {
        match self {
            Run::Small(core) => match &*core.plan() {
                Plan::Small(t) => core.next(t, puzzle, stats, budget),
                _ => Ok(None),
            },
            Run::W4(core) => match &*core.plan.clone() {
                Plan::W4(t) => core.next_on_path(t, puzzle, stats, budget),
                _ => Ok(None),
            },
            Run::W10(core) => match &*core.plan.clone() {
                Plan::W10(t) => core.next_on_path(t, puzzle, stats, budget),
                _ => Ok(None),
            },
        }
    }
}

impl<const W: usize> Core<W> {
    fn new(plan: Arc<Plan>, t: &Tables<W>, root: &[u32]) -> Core<W> {
        let mut state = vec![Bits::EMPTY; t.n + 1];
        for (c, &mask) in root.iter().enumerate() {
            // Only the cell's own digits: a loop over all n boards per cell was a tenth of an
            // anti-knight puzzle's time.
            let mut rest = (mask >> 1) & ((1 << t.n) - 1);
            while rest != 0 {
                state[rest.trailing_zeros() as usize].set(c);
                rest &= rest - 1;
            }
        }
        Core {
            plan,
            pending: Some(state),
            stack: Vec::new(),
            spare: Vec::new(),
            fails: if t.fails {
                vec![0; t.n * t.n]
            } else {
                Vec::new()
            },
            path: Verified::detected(),
        }
    }

    /// [`Core::next`] compiled for the core's CPU path. Not inlined into [`Run::next`], so
    /// that the small boards' search compiles there as it did before the wide ones moved into
    /// the CPU path's wrappers (inlined there, they cost the small search instructions:
    /// docs/design.md, "The engine's speed, tenth round: 16x16").
    #[inline(never)]
    fn next_on_path(
        &mut self,
        t: &Tables<W>,
        puzzle: &Puzzle,
        stats: &mut Stats,
        budget: impl FnMut(u64) -> Option<Stopped>,
    ) -> Result<Option<Vec<u8>>, Stopped> {
        let path = self.path;
        run_on(
            path,
            Next {
                core: self,
                t,
                puzzle,
                stats,
                budget,
            },
        )
    }

    #[inline(always)]
    fn next(
        &mut self,
        t: &Tables<W>,
        puzzle: &Puzzle,
        stats: &mut Stats,
        mut budget: impl FnMut(u64) -> Option<Stopped>,
    ) -> Result<Option<Vec<u8>>, Stopped> {
        let mut marks = Marks::default();
        loop {
            marks.clear(t.n);
            // The cell whose guess made this state, if it is a guess.
            let mut guessed = None;
            let mut state = match self.pending.take() {
                Some(state) => {
                    // The root: every house and digit is new.
                    (0..t.n).for_each(|d| marks.mark(d, u128::MAX));
                    state
                }
                None => {
                    let Some(frame) = self.stack.last_mut() else {
                        return Ok(None);
                    };
                    if frame.untried == 0 {
                        if let Some(done) = self.stack.pop() {
                            self.spare.push(done.state);
                        }
                        continue;
                    }
                    let bit = frame.untried & frame.untried.wrapping_neg();
                    let mut state = match self.spare.pop() {
                        Some(mut state) => {
                            state.copy_from_slice(&frame.state);
                            state
                        }
                        None => frame.state.clone(),
                    };
                    let digit = bit.trailing_zeros() as usize;
                    guessed = Some(frame.cell);
                    for (d, board) in state[..t.n].iter_mut().enumerate() {
                        if d != digit && board.has(frame.cell) {
                            board.clear(frame.cell);
                            marks.mark(d, t.cell_houses[frame.cell]);
                        }
                    }
                    match frame.second.take() {
                        Some(second) => frame.cell = second,
                        None => frame.untried &= !bit,
                    }
                    state
                }
            };
            if propagate(t, &mut state, &mut marks).is_err() {
                if let Some(count) = guessed.and_then(|c| self.fails.get_mut(c)) {
                    *count = count.saturating_add(1);
                }
                self.spare.push(state);
                continue;
            }
            match branch(t, &state, &self.fails) {
                None => {
                    let mut grid = vec![0u8; t.n * t.n];
                    for (d, board) in state[..t.n].iter().enumerate() {
                        for c in board.cells() {
                            grid[c] = d as u8 + 1;
                        }
                    }
                    self.spare.push(state);
                    // Propagation is exact on a full grid; the check is a second line.
                    if puzzle.check(&grid).is_ok() {
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

/// The houses to look at again per digit, since the last pass (bit h for house h): for hidden
/// singles, and for common peers. A state that comes from a guess differs from its parent's
/// fixed point only around the guessed cell, so most houses need no second look.
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    hidden: [u128; 25],
    common: [u128; 25],
    /// For pairs: the houses whose places changed for any digit.
    pairs: u128,
}

impl Marks {
    fn mark(&mut self, d: usize, houses: u128) {
        self.hidden[d] |= houses;
        self.common[d] |= houses;
        self.pairs |= houses;
    }

    fn clear(&mut self, n: usize) {
        self.hidden[..n].fill(0);
        self.common[..n].fill(0);
        self.pairs = 0;
    }
}

/// The houses numbered in `mask`.
#[inline(always)]
fn houses_in(mask: u128) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            h
        })
    })
}

/// Places digit `d` (0-based) in cell `c`, which may hold it, marking the houses whose places
/// change.
#[inline(always)]
fn place<const W: usize>(t: &Tables<W>, s: &mut [Bits<W>], m: &mut Marks, c: usize, d: usize) {
    for (e, board) in s[..t.n].iter_mut().enumerate() {
        if e != d && board.has(c) {
            board.clear(c);
            m.mark(e, t.cell_houses[c]);
        }
    }
    let gone = s[d].and(t.peers[c]);
    if !gone.is_empty() {
        s[d] = s[d].and_not(gone);
        let mut houses = 0;
        for p in gone.cells() {
            houses |= t.cell_houses[p];
        }
        m.mark(d, houses);
    }
    s[t.n].set(c);
}

/// Propagates to a fixed point, or `Err` when the state has no solution; `m` marks the houses
/// changed since the last fixed point (all of them at the root). Naked and hidden pairs come
/// last, when nothing cheaper is left.
#[inline(always)]
fn propagate<const W: usize>(t: &Tables<W>, s: &mut [Bits<W>], m: &mut Marks) -> Result<(), Dead> {
    loop {
        naked(t, s, m)?;
        if hidden(t, s, m)? {
            continue;
        }
        if common_peers(t, s, m) {
            continue;
        }
        if t.pairs {
            let which = std::mem::take(&mut m.pairs);
            if pairs::pairs(t, s, m, which) {
                continue;
            }
        }
        return Ok(());
    }
}

/// Places every cell down to one digit, until none is left; `Err` when a cell has none.
#[inline(always)]
fn naked<const W: usize>(t: &Tables<W>, s: &mut [Bits<W>], m: &mut Marks) -> Result<(), Dead> {
    let n = t.n;
    loop {
        let (mut once, mut twice) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
        for board in &s[..n] {
            twice = twice.or(once.and(*board));
            once = once.or(*board);
        }
        let open = t.all.and_not(s[n]);
        if !open.and_not(once).is_empty() {
            return Err(Dead);
        }
        let singles = open.and(once).and_not(twice);
        if singles.is_empty() {
            return Ok(());
        }
        for c in singles.cells() {
            // An earlier single of this round may have taken this cell's digit.
            let d = (0..n).find(|&d| s[d].has(c)).ok_or(Dead)?;
            place(t, s, m, c, d);
        }
    }
}

/// Places each digit with one open place left in a marked house; `Err` when a house lost a
/// digit. Whether anything was placed.
#[inline(always)]
fn hidden<const W: usize>(t: &Tables<W>, s: &mut [Bits<W>], m: &mut Marks) -> Result<bool, Dead> {
    let n = t.n;
    let mut placed = false;
    for d in 0..n {
        let marked = std::mem::take(&mut m.hidden[d]);
        for h in houses_in(marked) {
            let Some(house) = t.houses.get(h) else {
                break;
            };
            let (places, count) = house.places(&s[d]);
            if count == 0 {
                return Err(Dead);
            }
            if count == 1 && s[n].and(places).is_empty() {
                if let Some(c) = places.first() {
                    place(t, s, m, c, d);
                    placed = true;
                }
            }
        }
    }
    Ok(placed)
}

/// Removes each digit with two or more places in a marked house from the cells that see all
/// of them; whether anything was removed.
#[inline(always)]
fn common_peers<const W: usize>(t: &Tables<W>, s: &mut [Bits<W>], m: &mut Marks) -> bool {
    let mut changed = false;
    for (d, board) in s[..t.n].iter_mut().enumerate() {
        let marked = std::mem::take(&mut m.common[d]);
        for h in houses_in(marked) {
            let Some(house) = t.houses.get(h) else {
                break;
            };
            let (places, count) = house.places(board);
            if !(2..=MAX_PLACES).contains(&count) {
                continue;
            }
            let mut common = t.all;
            for c in places.cells() {
                common = common.and(t.peers[c]);
            }
            let gone = board.and(common);
            if !gone.is_empty() {
                *board = board.and_not(common);
                for c in gone.cells() {
                    m.mark(d, t.cell_houses[c]);
                }
                changed = true;
            }
        }
    }
    changed
}

/// What to guess: the cell with two digits that has the most open peers (plus
/// [`FAIL_WEIGHT`] per dead end of its guesses so far, from `fails`, which may be empty); else
/// a digit's two places in a house; else a cell with the fewest digits (`(cell, digits,
/// None)` or `(first, digit, Some(second))`, digit d at bit d - 1); `None` when every cell is
/// placed.
#[inline(always)]
fn branch<const W: usize>(
    t: &Tables<W>,
    s: &[Bits<W>],
    fails: &[u32],
) -> Option<(usize, u32, Option<usize>)> {
    let n = t.n;
    let open = t.all.and_not(s[n]);
    let first = open.first()?;
    let (mut once, mut twice, mut more) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY, Bits::<W>::EMPTY);
    for board in &s[..n] {
        more = more.or(twice.and(*board));
        twice = twice.or(once.and(*board));
        once = once.or(*board);
    }
    let digits_of = |c: usize| {
        (0..n)
            .filter(|&d| s[d].has(c))
            .fold(0u32, |m, d| m | (1 << d))
    };
    // Of the cells with two digits, the one with the most open peers (the first of those):
    // its guess reaches furthest. 11-38% fewer guesses than the first such cell
    // (docs/design.md, "The engine's speed, sixth round"). On wide grids the cells whose
    // guesses failed come first: 1.9x fewer guesses on classic 16x16 ("seventh round").
    let mut best = None;
    let mut reach = 0;
    for c in open.and(twice).and_not(more).cells() {
        let failed = fails.get(c).map_or(0, |&f| f.saturating_mul(FAIL_WEIGHT));
        let near = failed.saturating_add(t.peers[c].and(open).count());
        if best.is_none() || near > reach {
            best = Some(c);
            reach = near;
        }
    }
    if let Some(c) = best {
        return Some((c, digits_of(c), None));
    }
    for house in &t.houses {
        for (d, board) in s[..n].iter().enumerate() {
            let (places, count) = house.places(board);
            if count == 2 {
                let mut cells = places.cells();
                if let (Some(a), Some(b)) = (cells.next(), cells.next()) {
                    return Some((a, 1 << d, Some(b)));
                }
            }
        }
    }
    let best = open
        .cells()
        .min_by_key(|&c| digits_of(c).count_ones())
        .unwrap_or(first);
    Some((best, digits_of(best), None))
}

#[cfg(test)]
mod tests {
    use super::{branch, Bits, Run, Tables};
    use crate::rng::Rng;
    use crate::solve::compiled::Verified;
    use crate::solve::cpu_path::CpuPath;
    use crate::solve::Stats;
    use crate::variant::skeleton::{skeleton, Structure};
    use crate::variant::{Puzzle, Search, Shape, Stopped};

    /// Up to `limit` solutions of `puzzle` on the fast path compiled for `path`, in the order
    /// found, with the statistics and how the search ended (a budget of `budget` guesses).
    fn on_path(
        puzzle: &Puzzle,
        path: CpuPath,
        limit: usize,
        budget: u64,
    ) -> (Vec<Vec<u8>>, Stats, Option<Stopped>) {
        let plan = puzzle
            .model
            .distinct
            .clone()
            .expect("a distinctness puzzle");
        let mut run = Run::new(&plan, &puzzle.model.root);
        let verified = Verified::new(path).expect("a supported path");
        match &mut run {
            Run::W4(core) => core.path = verified,
            Run::W10(core) => core.path = verified,
            Run::Small(_) => panic!("a grid of more than 128 cells"),
        }
        let mut stats = Stats::default();
        let mut out = Vec::new();
        while out.len() < limit {
            let over = |guesses| (guesses >= budget).then_some(Stopped::Guesses { guesses });
            match run.next(puzzle, &mut stats, over) {
                Ok(Some(grid)) => out.push(grid),
                Ok(None) => return (out, stats, None),
                Err(stopped) => return (out, stats, Some(stopped)),
            }
        }
        (out, stats, None)
    }

    #[test]
    fn every_cpu_path_finds_what_the_portable_path_finds_in_the_same_order() {
        let paths = CpuPath::supported();
        eprintln!(
            "variant fast path: testing {}",
            paths
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(", ")
        );
        // 16x16 takes four-word boards, 20x20 ten-word ones; a third to a half of the cells
        // given, so that the searches guess and some puzzles have many solutions.
        let (mut guesses, mut many, mut stopped) = (0, 0, 0);
        for case in 0..12u64 {
            let n = if case % 3 == 2 { 20 } else { 16 };
            let shape = Shape::square(n).expect("a square");
            let empty = Puzzle::new(shape.clone(), vec![0; n * n], vec![]).expect("empty");
            let grid = Search::new(&empty)
                .with_random_order(Rng::new(case))
                .next_solution()
                .expect("no budget")
                .expect("a grid");
            let mut rng = Rng::new(0x10_3e + case);
            let mut cells: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut cells);
            let mut givens = vec![0; n * n];
            let keep = n * n * 2 / 5 + rng.index(n * n / 10);
            for &c in &cells[..keep] {
                givens[c] = grid[c];
            }
            let puzzle = Puzzle::new(shape, givens, vec![]).expect("a puzzle");
            let budget = if case % 4 == 3 { 5 } else { u64::MAX };
            let portable = on_path(&puzzle, CpuPath::Portable, 50, budget);
            assert!(
                !portable.0.is_empty() || portable.2.is_some(),
                "case {case}"
            );
            for found in &portable.0 {
                assert!(puzzle.check(found).is_ok(), "case {case}");
            }
            for &path in &paths {
                let other = on_path(&puzzle, path, 50, budget);
                assert!(
                    other == portable,
                    "case {case}: {path} differs from portable"
                );
            }
            guesses += portable.1.guesses;
            many += usize::from(portable.0.len() > 1);
            stopped += usize::from(portable.2.is_some());
        }
        // The cases reach the guessing, several solutions and the budget's stop.
        assert!(
            guesses > 0 && many > 0 && stopped > 0,
            "{guesses} {many} {stopped}"
        );
    }

    #[test]
    fn the_guess_is_the_two_digit_cell_with_the_most_open_peers_and_dead_ends() {
        let structure = Structure {
            n: 4,
            boxes: true,
            houses: Shape::square(4).expect("a square").houses(),
            groups: Vec::new(),
            differ: Vec::new(),
            pair_ends: Vec::new(),
        };
        // Two words wide, as no plan is (grids this small take `small`'s kernel).
        let t = &Tables::<2>::new(4, &structure.houses, &skeleton(structure.clone()).peer_sets);
        // Cells 0 and 15 keep digits 1 and 2 (bits 0 and 1); every other cell all four.
        let mut s = vec![t.all; 4];
        s.push(Bits::EMPTY);
        for c in [0, 15] {
            s[2].clear(c);
            s[3].clear(c);
        }
        // Seven open peers each: the first of them.
        assert_eq!(branch(t, &s, &[]), Some((0, 0b11, None)));
        // Cells 1 and 2 (peers of cell 0, not of cell 15) placed: cell 15 reaches further.
        for (c, d) in [(1, 2), (2, 3)] {
            (0..4).filter(|&e| e != d).for_each(|e| s[e].clear(c));
            s[4].set(c);
        }
        assert_eq!(branch(t, &s, &[]), Some((15, 0b11, None)));
        // One dead end of a guess on cell 0 weighs more than cell 15's two more open peers;
        // a dead end anywhere else changes nothing.
        let mut fails = vec![0; 16];
        fails[5] = 1;
        assert_eq!(branch(t, &s, &fails), Some((15, 0b11, None)));
        fails[0] = 1;
        assert_eq!(branch(t, &s, &fails), Some((0, 0b11, None)));
    }
}
