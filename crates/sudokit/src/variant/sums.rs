//! The little killer fast path: a bitboard search for puzzles whose rules are little killer
//! clues plus rules that only say "different" (houses, sumless cages, anti-knight and
//! anti-king pairs, even/odd restrictions), on grids of up to 128 cells (11x11) and 128
//! houses, with every clue's largest sum below 128. [`Plan::new`] says which puzzles take it;
//! the general engine takes the rest.
//!
//! The state is one cell bitboard per digit and a board of placed cells, each a `u128` with
//! bit `r * n + c` (as in [`super::relations`]):
//!
//! ```text
//!   board[d]  bit c = cell c may hold digit d + 1       (n boards, then `placed`)
//!   sums      bit s = some choice of digits adds up to s  (one u64 per clue part; a u128
//!             for clues of 64 and more)
//! ```
//!
//! Propagation, to a fixed point: naked singles for all cells at once (the boards counted
//! bit-sliced); hidden singles per marked house and digit; each clue with a cell changed
//! since it last ran; when the clues removed nothing, common peers per marked house and digit
//! (a cell that sees every place of d in a house loses d: locked candidates and more). A
//! clue's cells are split into parts whose cells must all differ (a diagonal's cells in one
//! box); a part's possible sums are one word (the last cell's digits shifted by the sum of
//! the others, so a part of three cells costs at most 72 shifts), the parts' sums are joined
//! forward from 0 and backward from the clue, and each cell keeps the digits of the
//! assignments whose sums join (exact for the clue with its parts' distinctness, as
//! [`super::linear::DistinctSum`]). A digit
//! that every kept assignment of a part uses leaves every cell that sees the whole part.
//! Walks of parts of up to four cells are remembered by their cells' digits (`Memo`).
//! The search guesses on the open cell with the fewest digits per weight, the weight being 1
//! plus the failures of the clues it is in ("dom/wdeg", Boussemart, Hemery, Lecoutre and Sais,
//! "Boosting systematic search by weighting constraints", ECAI 2004); smallest digit first.
//! Budget, guard and statistics mean what they mean in [`super::Search`], which drives this.

use super::boards::{cells, full_grid, Dead, Frame, State, MAX_N};
use super::seen::PeerSets;
use super::{Puzzle, Rule, Stopped};
use crate::solve::Stats;
use std::sync::Arc;

/// The most cells of a clue (a diagonal of 11x11 has 11).
const MAX_CELLS: usize = 16;

/// The most search nodes one part's assignments may take in one pass; a part that needs more
/// is taken cell by cell (still exact for the sum, only without the part's distinctness).
const PART_NODES: u32 = 4096;

/// A set of sums, bit x for sum x: `u64` for the clues below 64 (every clue of 9x9 and
/// smaller; shifts of one word), `u128` for the others. Sums past the top bit are dropped,
/// which loses nothing for a clue below it (every digit is at least 1).
trait Sums:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::Not<Output = Self>
{
    const ZERO: Self;
    const ALL: Self;
    /// The sums of one cell: its digits (bit v for digit v).
    fn of(mask: u32) -> Self;
    /// Sum x alone.
    fn one(x: u32) -> Self;
    /// `self` shifted up by `by`, dropping what leaves the word.
    fn up(self, by: u32) -> Self;
    /// `self` shifted down by `by`.
    fn down(self, by: u32) -> Self;
    /// The sums below 32 (bit v for sum v), as digit masks are.
    fn low(self) -> u32;
    /// Takes out the smallest sum and returns it.
    fn pop(&mut self) -> Option<u32>;
    /// The set as one word, when it is one (`u64`).
    fn word(self) -> Option<u64>;
    /// A set of one word.
    fn from_word(word: u64) -> Self;
}

macro_rules! sums_for {
    ($t:ty) => {
        impl Sums for $t {
            const ZERO: Self = 0;
            const ALL: Self = <$t>::MAX;
            fn of(mask: u32) -> Self {
                <$t>::from(mask)
            }
            fn one(x: u32) -> Self {
                (1 as $t).checked_shl(x).unwrap_or(0)
            }
            fn up(self, by: u32) -> Self {
                self.checked_shl(by).unwrap_or(0)
            }
            fn down(self, by: u32) -> Self {
                self.checked_shr(by).unwrap_or(0)
            }
            fn low(self) -> u32 {
                self as u32
            }
            fn pop(&mut self) -> Option<u32> {
                (*self != 0).then(|| {
                    let x = self.trailing_zeros();
                    *self &= *self - 1;
                    x
                })
            }
            fn word(self) -> Option<u64> {
                u64::try_from(self).ok().filter(|_| <$t>::BITS == 64)
            }
            fn from_word(word: u64) -> Self {
                <$t>::from(word)
            }
        }
    };
}

sums_for!(u64);
sums_for!(u128);

/// Cells of one clue that must hold different digits, and the cells that see all of them.
#[derive(Debug, Clone)]
struct Part {
    cells: Vec<usize>,
    /// Cells outside the part that are peers of each of its cells (empty for one cell).
    seers: u128,
}

/// A little killer clue: its cells (as a board, for the changed-cell test) in parts.
#[derive(Debug, Clone)]
struct Clue {
    board: u128,
    parts: Vec<Part>,
    sum: u32,
}

/// What a puzzle compiles into for this path.
#[derive(Debug)]
pub(crate) struct Plan {
    n: usize,
    all: u128,
    peers: Vec<u128>,
    houses: Vec<u128>,
    /// Per cell, the houses it is in (bit h for house h).
    cell_houses: Vec<u128>,
    clues: Vec<Clue>,
    /// Per cell, the clues it is in.
    cell_clues: Vec<Vec<u32>>,
}

impl Plan {
    /// The tables for a puzzle of size `n` with these houses of N cells, peers and rules, when
    /// it can take this path: at least one little killer clue, `only_clues` (no rule but the
    /// clues added a relation or a propagator), at most 128 cells and houses, and every
    /// clue's cells times N below 128 (its sums fit a `u128`).
    pub(crate) fn new(
        n: usize,
        houses: &[Vec<usize>],
        peers: &PeerSets,
        rules: &[Rule],
        only_clues: bool,
    ) -> Option<Plan> {
        if !only_clues || n * n > 128 || n > MAX_N || houses.len() > 128 || n < 2 {
            return None;
        }
        let clues: Vec<_> = rules
            .iter()
            .filter_map(|rule| match rule {
                Rule::LittleKiller(clue) => Some(clue),
                _ => None,
            })
            .collect();
        if clues.is_empty() {
            return None;
        }
        let cells = n * n;
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        let mut plan = Plan {
            n,
            all,
            peers: Vec::with_capacity(cells),
            houses: Vec::with_capacity(houses.len()),
            cell_houses: vec![0; cells],
            clues: Vec::with_capacity(clues.len()),
            cell_clues: vec![Vec::new(); cells],
        };
        for c in 0..cells {
            let words = peers.of(c);
            let lo = u128::from(words.first().copied().unwrap_or(0));
            let hi = u128::from(words.get(1).copied().unwrap_or(0));
            plan.peers.push(lo | hi << 64);
        }
        for (h, house) in houses.iter().enumerate() {
            let mut bits = 0u128;
            for &c in house {
                bits |= 1 << c;
                plan.cell_houses[c] |= 1 << h;
            }
            plan.houses.push(bits);
        }
        for clue in clues {
            let mut list = Vec::with_capacity(clue.cells.len());
            for &pos in &clue.cells {
                // The model was built from these rules, so every cell is inside and once.
                let (r, c) = (usize::from(pos.row), usize::from(pos.col));
                if r >= n || c >= n || list.contains(&(r * n + c)) {
                    return None;
                }
                list.push(r * n + c);
            }
            if list.is_empty() || list.len() > MAX_CELLS || list.len() * n >= 128 {
                return None;
            }
            for &c in &list {
                plan.cell_clues[c].push(plan.clues.len() as u32);
            }
            plan.clues.push(plan.clue(&list, clue.sum));
        }
        Some(plan)
    }

    /// A clue over `list`, split into parts greedily in the clue's order (each cell joins
    /// the first part whose cells are all its peers), as [`super::linear::DistinctSum`] does.
    fn clue(&self, list: &[usize], sum: u32) -> Clue {
        let mut parts: Vec<Part> = Vec::new();
        for &c in list {
            match parts
                .iter_mut()
                .find(|p| p.cells.iter().all(|&x| self.peers[x] >> c & 1 != 0))
            {
                Some(part) => part.cells.push(c),
                None => parts.push(Part {
                    cells: vec![c],
                    seers: 0,
                }),
            }
        }
        for part in &mut parts {
            if part.cells.len() > 1 {
                part.seers = part.cells.iter().fold(self.all, |s, &c| s & self.peers[c]);
            }
        }
        Clue {
            board: list.iter().fold(0, |b, &c| b | 1 << c),
            parts,
            sum,
        }
    }

    /// The houses of the cells of `set`.
    fn houses_of(&self, set: u128) -> u128 {
        cells(set).fold(0, |h, c| h | self.cell_houses[c])
    }
}

/// What changed since the last pass: per digit, the houses to look at again for hidden
/// singles and for common peers (bit h for house h); the cells changed, for the clues.
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    hidden: [u128; MAX_N],
    common: [u128; MAX_N],
    cells: u128,
}

impl Marks {
    fn everything() -> Marks {
        Marks {
            hidden: [u128::MAX; MAX_N],
            common: [u128::MAX; MAX_N],
            cells: u128::MAX,
        }
    }
}

/// A resumable search on this path, driven by [`super::Search`].
#[derive(Debug, Clone)]
pub(crate) struct Run {
    plan: Arc<Plan>,
    /// Per clue, 1 plus the times its propagation found a state dead (for the branching).
    weights: Vec<u32>,
    memo: Memo,
    pending: Option<State>,
    stack: Vec<Frame>,
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
            weights: vec![1; plan.clues.len()],
            memo: Memo::new(),
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
                    marks = Marks::everything();
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
                            marks.hidden[d] |= t.cell_houses[frame.cell];
                            marks.common[d] |= t.cell_houses[frame.cell];
                        }
                    }
                    marks.cells |= one;
                    match frame.second.take() {
                        Some(second) => frame.cell = second,
                        None => frame.untried &= !bit,
                    }
                    state
                }
            };
            if propagate(t, &mut state, &mut marks, &mut self.weights, &mut self.memo).is_err() {
                continue;
            }
            match branch(t, &state, &self.weights) {
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

/// Removes `gone` (cells that may hold `d`) from board `d` and marks what changed.
fn take(t: &Plan, s: &mut State, m: &mut Marks, d: usize, gone: u128) -> bool {
    if gone == 0 {
        return false;
    }
    s[d] &= !gone;
    let houses = t.houses_of(gone);
    m.hidden[d] |= houses;
    m.common[d] |= houses;
    m.cells |= gone;
    true
}

/// Places digit `d` (0-based) in cell `c`, which may hold it: the other digits leave `c` and
/// `d` leaves its peers.
fn place(t: &Plan, s: &mut State, m: &mut Marks, c: usize, d: usize) {
    let n = t.n;
    let one = 1u128 << c;
    for (e, board) in s[..n].iter_mut().enumerate() {
        if e != d && *board & one != 0 {
            *board &= !one;
            m.hidden[e] |= t.cell_houses[c];
            m.common[e] |= t.cell_houses[c];
            m.cells |= one;
        }
    }
    let gone = s[d] & t.peers[c];
    take(t, s, m, d, gone);
    s[n] |= one;
}

/// Propagates to a fixed point, or `Err` when the state has no solution; `m` marks what
/// changed since the last fixed point (everything at the root).
fn propagate(
    t: &Plan,
    s: &mut State,
    m: &mut Marks,
    w: &mut [u32],
    memo: &mut Memo,
) -> Result<(), Dead> {
    loop {
        naked(t, s, m)?;
        if hidden(t, s, m)? {
            continue;
        }
        // The clues before the common peers: a clue pass removes more than a common-peer
        // pass, whose work then runs on fewer digits.
        if clues(t, s, m, w, memo)? {
            continue;
        }
        if !common(t, s, m) {
            return Ok(());
        }
    }
}

/// Places every cell down to one digit, until none is left; `Err` when a cell has none.
fn naked(t: &Plan, s: &mut State, m: &mut Marks) -> Result<(), Dead> {
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
        for c in cells(singles) {
            // An earlier single of this round may have taken this cell's digit.
            let d = (0..n).find(|&d| s[d] & (1 << c) != 0).ok_or(Dead)?;
            place(t, s, m, c, d);
        }
    }
}

/// Places each digit with one open place left in a marked house; `Err` when a house lost a
/// digit. Whether anything was placed.
fn hidden(t: &Plan, s: &mut State, m: &mut Marks) -> Result<bool, Dead> {
    let n = t.n;
    let mut placed = false;
    for d in 0..n {
        let marked = std::mem::take(&mut m.hidden[d]);
        for h in cells(marked) {
            let Some(&house) = t.houses.get(h) else {
                break;
            };
            let places = s[d] & house;
            if places == 0 {
                return Err(Dead);
            }
            if places & (places - 1) == 0 && s[n] & places == 0 {
                place(t, s, m, places.trailing_zeros() as usize, d);
                placed = true;
            }
        }
    }
    Ok(placed)
}

/// Per marked house and digit with two or more places, the cells that see every place lose
/// the digit. Whether anything was removed.
fn common(t: &Plan, s: &mut State, m: &mut Marks) -> bool {
    let n = t.n;
    let mut changed = false;
    for d in 0..n {
        let marked = std::mem::take(&mut m.common[d]);
        for h in cells(marked) {
            let Some(&house) = t.houses.get(h) else {
                break;
            };
            let places = s[d] & house;
            if places & places.wrapping_sub(1) == 0 {
                continue;
            }
            let mut seen = t.all;
            for c in cells(places) {
                seen &= t.peers[c];
                if seen == 0 {
                    break;
                }
            }
            let gone = s[d] & seen;
            changed |= take(t, s, m, d, gone);
        }
    }
    changed
}

/// Runs every clue with a cell changed since the clues last ran; `Err` when one has no
/// solution left, which counts one more failure for it in `w`. Whether anything was removed.
fn clues(
    t: &Plan,
    s: &mut State,
    m: &mut Marks,
    w: &mut [u32],
    memo: &mut Memo,
) -> Result<bool, Dead> {
    let mut changed = false;
    let mut dirty = std::mem::take(&mut m.cells);
    for (k, clue) in t.clues.iter().enumerate() {
        if clue.board & dirty == 0 {
            continue;
        }
        let before = m.cells;
        let pass = if clue.sum < 64 {
            clue_pass::<u64>(t, clue, s, m, memo)
        } else {
            clue_pass::<u128>(t, clue, s, m, memo)
        };
        match pass {
            Ok(c) => changed |= c,
            Err(Dead) => {
                if let Some(x) = w.get_mut(k) {
                    *x = x.saturating_add(1);
                }
                return Err(Dead);
            }
        }
        // What this clue removed can wake the clues after it in this same pass.
        dirty |= m.cells & !before;
    }
    Ok(changed)
}

/// The digits of cell `c` (bit v for digit v, as sums count them).
fn digits_of(s: &State, n: usize, c: usize) -> u32 {
    digits_at(s, n, c) << 1
}

/// The digits of cell `c`, bit d for digit d + 1: each board's word of `c` taken once, so
/// that the shifts are of one word.
fn digits_at(s: &State, n: usize, c: usize) -> u32 {
    let (high, at) = (c >= 64, (c % 64) as u32);
    let mut mask = 0u32;
    for (d, &board) in s[..n].iter().enumerate() {
        let word = if high {
            (board >> 64) as u64
        } else {
            board as u64
        };
        mask |= ((word >> at) as u32 & 1) << d;
    }
    mask
}

/// One clue's propagation (module docs); whether anything was removed.
fn clue_pass<B: Sums>(
    t: &Plan,
    clue: &Clue,
    s: &mut State,
    m: &mut Marks,
    memo: &mut Memo,
) -> Result<bool, Dead> {
    let n = t.n;
    let mut work = ClueWork {
        masks: [0; MAX_CELLS],
        len: 0,
        parts: [(0, 0, false, B::ZERO); MAX_CELLS],
        count: 0,
        sums: [B::ZERO; MAX_CELLS],
        first_allowed: [0; MAX_CELLS],
        first: [0; MAX_CELLS],
    };
    for part in &clue.parts {
        let base = work.len;
        for &c in &part.cells {
            work.masks[work.len] = digits_of(s, n, c);
            work.len += 1;
        }
        let masks = &work.masks[base..work.len];
        // Only the sums up to the clue's can join.
        let keep = !B::ALL.up(clue.sum.saturating_add(1));
        if let Some(walk) = (masks.len() > 1)
            .then(|| walked(masks, keep, memo))
            .flatten()
        {
            work.parts[work.count] = (base, masks.len(), true, walk.sums & keep);
            // Every sum kept (the common case) needs no second walk: these are its answers.
            work.first_allowed[base..work.len].copy_from_slice(&walk.allowed[..masks.len()]);
            work.first[work.count] = walk.every;
            work.count += 1;
        } else {
            // Cell by cell: a cell's sums are its digits.
            for (k, &mask) in masks.iter().enumerate() {
                work.parts[work.count] = (base + k, 1, false, B::of(mask));
                work.count += 1;
            }
        }
    }
    let target = clue.sum;
    if target >= 128 {
        return Err(Dead);
    }
    let count = work.count;
    // Bit x of forward[p]: the parts before p can sum to x.
    let mut forward = [B::ZERO; MAX_CELLS + 1];
    forward[0] = B::one(0);
    for p in 0..count {
        let mut next = B::ZERO;
        let mut rest = work.parts[p].3;
        while let Some(x) = rest.pop() {
            next |= forward[p].up(x);
        }
        forward[p + 1] = next;
    }
    let back = B::one(target);
    if back == B::ZERO || forward[count] & back == B::ZERO {
        return Err(Dead);
    }
    // Bit x of back: the parts after p can sum to target - x. Each part keeps the sums that
    // join a forward sum to a backward one.
    let mut back = back;
    for p in (0..count).rev() {
        let (mut keep, mut prev) = (B::ZERO, B::ZERO);
        let mut rest = work.parts[p].3;
        while let Some(x) = rest.pop() {
            if forward[p].up(x) & back != B::ZERO {
                keep |= B::one(x);
                prev |= back.down(x);
            }
        }
        if keep == B::ZERO {
            return Err(Dead);
        }
        work.sums[p] = work.parts[p].3;
        work.parts[p].3 = keep;
        back = prev;
    }
    // Each cell's digits in the kept assignments; what every kept assignment of a part uses.
    let mut allowed = [0u32; MAX_CELLS];
    let mut changed = false;
    let mut list = 0;
    for part in &clue.parts {
        let (base, len, whole, keep) = work.parts[list];
        if whole {
            list += 1;
            let masks = &work.masks[base..base + len];
            let mut every = work.first[list - 1];
            if keep == work.sums[list - 1] {
                allowed[base..base + len].copy_from_slice(&work.first_allowed[base..base + len]);
            } else {
                // The first walk finished, so this one does.
                let walk = walked(masks, keep, memo).ok_or(Dead)?;
                allowed[base..base + len].copy_from_slice(&walk.allowed[..len]);
                every = walk.every;
            }
            if every != 0 && every != u32::MAX && part.seers != 0 {
                let mut rest = every;
                while rest != 0 {
                    let v = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let gone = s[v - 1] & part.seers;
                    changed |= take(t, s, m, v - 1, gone);
                }
            }
        } else {
            for k in 0..part.cells.len() {
                allowed[base + k] = work.parts[list].3.low();
                list += 1;
            }
        }
    }
    for (k, &c) in clue.parts.iter().flat_map(|p| &p.cells).enumerate() {
        let gone = work.masks[k] & !allowed[k];
        let mut rest = gone;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            changed |= take(t, s, m, v - 1, 1 << c);
        }
    }
    Ok(changed)
}

/// One clue pass's lists (a clue has at most [`MAX_CELLS`] cells): the masks of its cells in part
/// order, and per part in the sums (first position, cells, whether listed whole, its sums).
struct ClueWork<B> {
    masks: [u32; MAX_CELLS],
    len: usize,
    parts: [(usize, usize, bool, B); MAX_CELLS],
    count: usize,
    /// Per part, its sums before the join kept some.
    sums: [B; MAX_CELLS],
    /// The first walk's digits per cell, and per part what every assignment used.
    first_allowed: [u32; MAX_CELLS],
    first: [u32; MAX_CELLS],
}

/// The assignments of different digits to one part's cells: their sums, and given the sums
/// to keep, each cell's digits in those assignments and the digits they all use.
struct Walk<'a, B> {
    masks: &'a [u32],
    keep: B,
    nodes: u32,
    sums: B,
    /// Kept assignments met so far (any count above 0 will do).
    found: u32,
    allowed: [u32; MAX_CELLS],
    every: u32,
}

impl<'a, B: Sums> Walk<'a, B> {
    fn new(masks: &'a [u32], keep: B) -> Walk<'a, B> {
        Walk {
            masks,
            keep,
            nodes: 0,
            sums: B::ZERO,
            found: 0,
            allowed: [0; MAX_CELLS],
            every: u32::MAX,
        }
    }

    /// Assigns cells `k..` (at least one) with `used` digits summing to `sum` so far; false
    /// when the node budget ran out. The last cell is taken whole: its free digits shifted
    /// by the sum.
    fn run(&mut self, k: usize, used: u32, sum: u32) -> bool {
        self.nodes += 1;
        if self.nodes > PART_NODES {
            return false;
        }
        let last = self.masks.len() - 1;
        if k == last {
            let free = self.masks[k] & !used;
            let sums = B::of(free).up(sum);
            self.sums |= sums;
            let kept = sums & self.keep;
            if kept != B::ZERO {
                let ds = kept.down(sum).low();
                self.allowed[k] |= ds;
                self.found += 1;
                // Used by every one of these: the others' digits, and the last cell's when
                // it has one.
                let own = if ds & (ds - 1) == 0 { ds } else { 0 };
                self.every &= used | own;
            }
            return true;
        }
        let mut rest = self.masks[k] & !used;
        while rest != 0 {
            let v = rest.trailing_zeros();
            rest &= rest - 1;
            let found = self.found;
            if !self.run(k + 1, used | 1 << v, sum + v) {
                return false;
            }
            if self.found != found {
                self.allowed[k] |= 1 << v;
            }
        }
        true
    }
}

/// What a part's walk found: its sums, each cell's digits in the kept assignments and the
/// digits they all use.
#[derive(Debug, Clone, Copy)]
struct Walked<B> {
    sums: B,
    allowed: [u32; MAX_CELLS],
    every: u32,
}

/// The most cells of a part whose walks are remembered.
const MEMO_CELLS: usize = 4;

/// Bits of one cell's digits in a memo key (bit v for digit v, v up to 11).
const MEMO_BITS: usize = 12;

/// Entries of the memo (a power of two).
const MEMO_SIZE: usize = 2048;

/// One remembered walk: the part's masks (12 bits a cell, its length above) and sums to keep,
/// and what the walk found (each cell's digits in 12 bits).
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    masks: u64,
    keep: u64,
    sums: u64,
    allowed: u64,
    every: u32,
}

/// Walks of short parts remembered by their cells' digits and the sums kept: a clue pass
/// walks every part of the clue while one cell of it changed, and the search meets the same
/// parts again and again. Direct-mapped; a walk is a function of its key, so answers do not
/// depend on what the memo holds.
#[derive(Debug, Clone)]
struct Memo {
    entries: Vec<Entry>,
}

impl Memo {
    fn new() -> Memo {
        Memo::sized(MEMO_SIZE)
    }

    /// A memo of `size` entries, a power of two.
    fn sized(size: usize) -> Memo {
        Memo {
            entries: vec![Entry::default(); size],
        }
    }
}

/// The walk of a part with these masks keeping `keep`, from the memo when it fits one (at
/// most [`MEMO_CELLS`] cells, sums in one word); `None` when the walk ran past its node
/// budget.
fn walked<B: Sums>(masks: &[u32], keep: B, memo: &mut Memo) -> Option<Walked<B>> {
    let word = keep.word().filter(|_| masks.len() <= MEMO_CELLS);
    let Some(keep_word) = word else {
        let mut walk = Walk::new(masks, keep);
        return walk.run(0, 0, 0).then_some(Walked {
            sums: walk.sums,
            allowed: walk.allowed,
            every: walk.every,
        });
    };
    let key = masks
        .iter()
        .enumerate()
        .fold(masks.len() as u64, |k, (i, &m)| {
            k | u64::from(m) << (MEMO_BITS * i + 3)
        });
    let hash = (key ^ keep_word.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let bits = memo.entries.len().trailing_zeros();
    let slot = hash.checked_shr(64 - bits).unwrap_or(0) as usize;
    let entry = &mut memo.entries[slot];
    if entry.masks == key && entry.keep == keep_word {
        let mut allowed = [0u32; MAX_CELLS];
        for (i, a) in allowed[..masks.len()].iter_mut().enumerate() {
            *a = (entry.allowed >> (MEMO_BITS * i)) as u32 & ((1 << MEMO_BITS) - 1);
        }
        return Some(Walked {
            sums: B::from_word(entry.sums),
            allowed,
            every: entry.every,
        });
    }
    let mut walk = Walk::new(masks, keep);
    if !walk.run(0, 0, 0) {
        return None;
    }
    *entry = Entry {
        masks: key,
        keep: keep_word,
        sums: walk.sums.word().unwrap_or(0),
        allowed: walk.allowed[..masks.len()]
            .iter()
            .enumerate()
            .fold(0, |a, (i, &x)| a | u64::from(x) << (MEMO_BITS * i)),
        every: walk.every,
    };
    Some(Walked {
        sums: walk.sums,
        allowed: walk.allowed,
        every: walk.every,
    })
}

/// What to guess: the open cell with the fewest digits per weight (dom/wdeg: 1 plus the
/// failures of the clues it is in, so that cells of clues that keep failing go first; ties
/// to the first cell), smallest digit first (digit d at bit d - 1); `None` when every cell
/// is placed.
fn branch(t: &Plan, s: &State, w: &[u32]) -> Option<(usize, u32, Option<usize>)> {
    let n = t.n;
    let open = t.all & !s[n];
    let mut best: Option<(usize, u32, u32)> = None;
    for c in cells(open) {
        let digits = digits_at(s, n, c);
        let weight = t.cell_clues[c]
            .iter()
            .fold(1u32, |sum, &k| sum.saturating_add(w[k as usize]));
        // digits / weight below the best's: digits * best weight < best digits * weight.
        let better = best.is_none_or(|(_, bd, bw)| {
            u64::from(digits.count_ones()) * u64::from(bw)
                < u64::from(bd.count_ones()) * u64::from(weight)
        });
        if better {
            best = Some((c, digits, weight));
        }
    }
    best.map(|(c, digits, _)| (c, digits, None))
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{LittleKiller, Pos, Shape};

    /// The plan of an empty 9x9 grid with these clues, and its full state.
    fn empty(clues: &[(&[(u8, u8)], u32)]) -> (Arc<Plan>, State) {
        let rules = clues
            .iter()
            .map(|&(cells, sum)| {
                Rule::LittleKiller(LittleKiller {
                    cells: cells.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
                    sum,
                })
            })
            .collect();
        let puzzle =
            Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], rules).expect("puzzle");
        let plan = puzzle.model.sums.clone().expect("the path's plan");
        let mut state = [0u128; MAX_N + 1];
        state[..9].fill(plan.all);
        (plan, state)
    }

    /// The digits (1-based) cell `c` may hold.
    fn at(s: &State, c: usize) -> Vec<u32> {
        (0..9u32)
            .filter(|&d| s[d as usize] & (1 << c) != 0)
            .map(|d| d + 1)
            .collect()
    }

    #[test]
    fn a_clue_of_three_cells_in_a_box_keeps_their_combination_and_clears_the_box() {
        // r1c1, r2c2, r3c3 sum to 7: 1 + 2 + 4 only. The other six cells of box 1 lose 1, 2
        // and 4; r1c4 (a peer of r1c1 alone) keeps them.
        let (t, mut s) = empty(&[(&[(0, 0), (1, 1), (2, 2)], 7)]);
        let mut m = Marks::everything();
        assert_eq!(
            clues(&t, &mut s, &mut m, &mut [1; 9], &mut Memo::new()),
            Ok(true)
        );
        for c in [0, 10, 20] {
            assert_eq!(at(&s, c), [1, 2, 4], "cell {c}");
        }
        for c in [1, 2, 9, 11, 18, 19] {
            assert_eq!(at(&s, c), [3, 5, 6, 7, 8, 9], "cell {c}");
        }
        assert_eq!(at(&s, 3).len(), 9);
        // A fixed point: the clue has nothing more to say.
        let mut m = Marks::everything();
        assert_eq!(
            clues(&t, &mut s, &mut m, &mut [1; 9], &mut Memo::new()),
            Ok(false)
        );
    }

    #[test]
    fn parts_in_two_boxes_join_their_sums() {
        // r1c1 + r2c2 (box 1) + r4c4 (box 5) = 4: the pair in box 1 differs, so it sums to 3
        // at least, and r4c4 is 1.
        let (t, mut s) = empty(&[(&[(0, 0), (1, 1), (3, 3)], 4)]);
        let mut m = Marks::everything();
        assert_eq!(
            clues(&t, &mut s, &mut m, &mut [1; 9], &mut Memo::new()),
            Ok(true)
        );
        assert_eq!(at(&s, 30), [1]);
        assert_eq!(at(&s, 0), [1, 2]);
        assert_eq!(at(&s, 10), [1, 2]);
        // 1 and 2 are in every assignment of the pair: box 1's other cells lose them.
        assert_eq!(at(&s, 1), [3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn a_sum_out_of_reach_is_dead() {
        let (t, mut s) = empty(&[(&[(0, 0), (1, 1), (2, 2)], 25)]);
        let mut m = Marks::everything();
        assert_eq!(
            clues(&t, &mut s, &mut m, &mut [1; 9], &mut Memo::new()),
            Err(Dead)
        );
    }

    #[test]
    fn walk_sums_and_supports_of_three_different_digits() {
        let mask = |ds: &[u32]| ds.iter().fold(0u32, |m, d| m | 1 << d);
        let masks = [mask(&[1, 2]), mask(&[1, 2]), mask(&[1, 2, 3, 9])];
        let mut walk = Walk::new(&masks, u128::MAX);
        assert!(walk.run(0, 0, 0));
        // 1 + 2 + 3 = 6 or 1 + 2 + 9 = 12.
        assert_eq!(walk.sums, 1 << 6 | 1 << 12);
        let mut walk = Walk::new(&masks, 1u128 << 12);
        assert!(walk.run(0, 0, 0));
        assert_eq!(
            walk.allowed[..3],
            [mask(&[1, 2]), mask(&[1, 2]), mask(&[9])]
        );
        assert_eq!(walk.every, mask(&[1, 2, 9]));
        // The same in one word.
        let mut walk = Walk::new(&masks, u64::MAX);
        assert!(walk.run(0, 0, 0));
        assert_eq!(walk.sums, 1 << 6 | 1 << 12);
        let mut walk = Walk::new(&masks, 1u64 << 12);
        assert!(walk.run(0, 0, 0));
        assert_eq!(walk.allowed[0], mask(&[1, 2]));
        assert_eq!(walk.every, mask(&[1, 2, 9]));
    }

    #[test]
    fn remembered_walks_agree_with_fresh_ones() {
        // Parts of 2-5 cells with random digits (bit v for digit v, up to 11), each walked
        // with several sums to keep, through a memo of one entry (every key overwrites the
        // last) and one of the path's size, twice each (a miss, then a hit unless
        // overwritten): what comes back is the fresh walk's.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut small, mut large) = (Memo::sized(1), Memo::new());
        for _ in 0..400 {
            let len = 2 + (next() % 4) as usize;
            let masks: Vec<u32> = (0..len)
                .map(|_| (next() as u32 & 0xffe) | 1 << (1 + next() % 11))
                .collect();
            let limit = next() % 64;
            let keeps = [
                !u64::MAX.up(limit as u32 + 1),
                next() & !u64::MAX.up(limit as u32 + 1),
                u64::MAX,
                1 << limit,
            ];
            for _ in 0..2 {
                for &keep in &keeps {
                    let mut fresh = Walk::new(&masks, keep);
                    let done = fresh.run(0, 0, 0);
                    for memo in [&mut small, &mut large] {
                        let got = walked(&masks, keep, memo);
                        assert_eq!(got.is_some(), done, "{masks:?} {keep:#x}");
                        let Some(got) = got else { continue };
                        assert_eq!(got.sums, fresh.sums, "{masks:?} {keep:#x}");
                        assert_eq!(got.allowed[..len], fresh.allowed[..len]);
                        assert_eq!(got.every, fresh.every, "{masks:?} {keep:#x}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_word_and_two_word_sums_agree() {
        // Clues of one to nine cells over three boxes, every sum they can or cannot make,
        // on the empty grid and on one with a few digits gone: the same answer and state.
        let line: Vec<(u8, u8)> = (0..9u8).map(|k| (k, k)).collect();
        for len in 1..=9usize {
            for sum in 0..=63u32 {
                let (t, mut s) = empty(&[(&line[..len], sum)]);
                // Some digits gone: r1c1 loses 1, r5c5 loses 5 and 9.
                s[0] &= !1;
                s[4] &= !(1 << 40);
                s[8] &= !(1 << 40);
                let clue = &t.clues[0];
                let (mut a, mut b) = (s, s);
                let (mut ma, mut mb) = (Marks::default(), Marks::default());
                let ra = clue_pass::<u64>(&t, clue, &mut a, &mut ma, &mut Memo::new());
                let rb = clue_pass::<u128>(&t, clue, &mut b, &mut mb, &mut Memo::new());
                assert_eq!(ra, rb, "{len} cells, sum {sum}");
                if ra.is_ok() {
                    assert_eq!(a, b, "{len} cells, sum {sum}");
                    assert_eq!(ma.cells, mb.cells);
                }
            }
        }
    }

    #[test]
    fn a_guess_leads_to_the_solution_of_a_full_clue_set() {
        // Every cell of the main diagonal given by its clue of one cell: placed by the root's
        // propagation, with peers cleared.
        let cells: Vec<[(u8, u8); 1]> = (0..9u8).map(|k| [(k, k)]).collect();
        let clues: Vec<(&[(u8, u8)], u32)> = cells
            .iter()
            .zip([1, 2, 3, 4, 5, 6, 7, 8, 9])
            .map(|(c, v)| (&c[..], v))
            .collect();
        let (t, mut s) = empty(&clues);
        let mut m = Marks::everything();
        assert_eq!(
            propagate(&t, &mut s, &mut m, &mut [1; 9], &mut Memo::new()),
            Ok(())
        );
        for k in 0..9 {
            assert_eq!(at(&s, k * 10), [k as u32 + 1]);
        }
        assert_eq!(s[9] & (1 << 40), 1 << 40, "r5c5 placed");
        assert!(!at(&s, 1).contains(&1), "r1c2 lost r1c1's 1");
    }
}
