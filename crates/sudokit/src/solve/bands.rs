//! The band solver: digit-by-band bitboards, propagated to a fixed point, with guesses on a cell
//! with the fewest candidates.
//!
//! # Idea
//! The grid is three horizontal bands of 27 cells. For each digit and band a 27-bit mask holds
//! the cells where the digit may still go (layout in [`super::tables`]). This layout comes from
//! the JCZSolve family of solvers (zhouyundong_2012, champagne, JasonLion on the Enjoy Sudoku
//! forum), which showed that one digit in one band is the right unit of work: a few table
//! lookups apply all of the band's locked-candidates logic at once. This is our own code built
//! on that idea, not a port.
//!
//! Propagation repeats three passes, cheapest first, until none changes anything:
//! 1. *Band update*, for each (digit, band) marked dirty: compress the band to its nine triads,
//!    keep only the cells on a triad permutation ([`super::tables::KEEP`]: pointing, claiming
//!    and box/row hidden singles inside the band), and for every row left with one candidate
//!    in a cell not yet placed, place the digit there: clear the column in the other two bands
//!    and the other digits in the cell, marking what changed as dirty. The updates run in
//!    waves (every dirty pair at once), so that the CPU overlaps them: the next update's index
//!    never waits for the previous update's result.
//! 2. *Naked singles*: count each cell's candidates over the nine digits with bit-sliced adds;
//!    an unsolved cell with none is a contradiction, one with exactly one is placed.
//! 3. *Stack pass*, the vertical twin of the band update's triad logic, on whole stacks: column
//!    hidden singles and box/column locked candidates.
//!
//! The search is generic over [`Kernels`] and inlined whole into each CPU path of
//! [`super::simd`], which compiles it with that path's features.
//!
//! When propagation stalls, the search guesses a digit of a cell with the fewest candidates (a
//! bivalue cell when there is one; the likeliest digit by counts of its candidates,
//! [`State::likeliest`], or in a dense puzzle's bivalue cell the one with more candidates
//! among the cell's peers) and pushes the alternative (the same state without that digit in
//! that cell) on an explicit stack. The explicit stack makes the search resumable, which
//! gives enumeration, counting and a guess budget for free. Among the cells with the fewest
//! candidates it takes the one whose branches remove the most ([`smallest_tree_key`]: a
//! smaller tree at a higher cost a node, scored in vector lanes on the AVX-512 paths; where no
//! cell is bivalue, weighed with how far the cell's likeliest digit stands out,
//! [`State::confident_tree_key`]), or in a dense puzzle the first.

use super::kernels::{Kernels, Order};
use super::tables::{stack_kept, BAND, BAND_PEERS, ROW, ROW_LOWEST, ROW_LOW_BITS, ROW_TOP_BIT};
use super::{OutOfGuesses, Stats};
use crate::board::Grid;
use std::cell::Cell;

/// One node of the search: the candidates left, and what has been placed.
#[derive(Debug, Clone, Copy)]
struct State {
    /// `cand[band][digit]`: 27-bit mask of the cells where the digit may go. A band's nine
    /// digits are contiguous, so the loops over them vectorise.
    cand: [[u32; 9]; 3],
    /// Per band, the cells not yet placed.
    unsolved: [u32; 3],
    /// Bit `9 * band + digit`: the (digit, band) pairs whose band update must run.
    dirty: u32,
    /// Bit `digit`: the digits whose candidates changed since the last stack pass. The pass
    /// runs when any is set (and then on all nine digits at once).
    stack_dirty: u16,
}

impl State {
    /// The root state of `puzzle` with its givens placed, or `None` if two givens see each
    /// other (then the puzzle has no solution).
    ///
    /// Built without a loop over the givens: the givens come as one band mask per digit
    /// ([`Kernels::givens`]), and every later step is the same few operations on each of the
    /// nine digits (which the compiler vectorises).
    #[inline(always)]
    fn new<K: Kernels>(puzzle: &Grid, kernels: K) -> Option<State> {
        // givens[band][digit]: the cells where the digit is given.
        let (givens, filled) = kernels.givens(puzzle.values());
        // Every loop below is the same operations on each of the nine digits (lanes).
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1ff;
        let spread = |x: u32| x | x << 9 | x << 18;
        let mut conflict = [0u32; 9];
        let mut columns = [0u32; 9];
        for digit in 0..9 {
            let [c0, c1, c2] = [
                fold(givens[0][digit]),
                fold(givens[1][digit]),
                fold(givens[2][digit]),
            ];
            // A column holds the digit in at most one band.
            conflict[digit] = c0 & c1 | c0 & c2 | c1 & c2;
            columns[digit] = spread(c0 | c1 | c2);
        }
        let mut cand = [[0u32; 9]; 3];
        for band in 0..3 {
            for digit in 0..9 {
                let own = givens[band][digit];
                let (r0, r1, r2) = (own & 0x1ff, (own >> 9) & 0x1ff, own >> 18);
                let triads = |row: u32| (row | row >> 1 | row >> 2) & 0o111;
                let (b0, b1, b2) = (triads(r0), triads(r1), triads(r2));
                // At most one given of the digit in a row, and the rows in distinct columns
                // and boxes.
                conflict[digit] |= r0 & r0.wrapping_sub(1)
                    | r1 & r1.wrapping_sub(1)
                    | r2 & r2.wrapping_sub(1)
                    | r0 & r1
                    | r0 & r2
                    | r1 & r2
                    | b0 & b1
                    | b0 & b2
                    | b1 & b2;
                let (h0, h1, h2) = (u32::from(r0 != 0), u32::from(r1 != 0), u32::from(r2 != 0));
                let row_peers = 0u32.wrapping_sub(h0) & ROW[0]
                    | 0u32.wrapping_sub(h1) & ROW[1]
                    | 0u32.wrapping_sub(h2) & ROW[2];
                let peers = row_peers | spread((b0 | b1 | b2) * 0b111) | columns[digit];
                // No cell seen by a given of the digit, and no filled cell but its own givens.
                cand[band][digit] = BAND & !(peers | filled[band]) | own;
            }
        }
        if conflict.iter().any(|&lane| lane != 0) {
            return None;
        }
        // The givens are placed already: not being unsolved, their rows skip the band update's
        // placement work.
        Some(State {
            cand,
            unsolved: filled.map(|f| BAND & !f),
            dirty: ALL_PAIRS,
            stack_dirty: 0x1ff,
        })
    }

    /// Propagates to a fixed point; `false` on a contradiction. The cheap passes run first:
    /// the stack pass only when band updates and naked singles are stuck, and never with
    /// [`Order::stacks_never`].
    ///
    /// `counts` is left holding the candidate counts of the final state, for
    /// [`State::choose_guess`], whenever it returns `true` on an unsolved state.
    ///
    /// On a CPU path with a whole-grid kernel ([`Kernels::SWEEPS`]), a wave with many dirty
    /// (digit, band) pairs (the root, or a cascade after a guess) hands over to it instead:
    /// same rules, same fixed point, all pairs at once. (On a path whose kernel takes only the
    /// root, [`State::propagate_root`] does that.) `order` orders the kernel's steps (the
    /// root's, or the one after a guess; every order ends in the same fixed point).
    #[inline(always)]
    fn propagate<K: Kernels>(
        &mut self,
        kernels: K,
        counts: &mut [[u32; 3]; 3],
        order: Order,
    ) -> bool {
        loop {
            // Band updates run in waves: a wave takes every dirty (digit, band) at once, so the
            // next update's index comes from the wave's own mask, not from what the previous
            // update marked. The updates then overlap in the CPU instead of waiting for each
            // other (`docs/design.md`, "Propagation: waves").
            // A bit marked again while still pending in the wave is cleared: the wave reaches
            // it later and sees the change anyway. The dirty bits live in locals during the
            // waves, so that no update waits on a store of the previous one to memory.
            let mut dirty = std::mem::take(&mut self.dirty);
            while dirty != 0 {
                if K::SWEEPS && K::SWEEP_CASCADES && dirty.count_ones() >= K::SWEEP_AT {
                    match kernels.propagate(&mut self.cand, &mut self.unsolved, counts, order) {
                        Some(fixed) => {
                            self.stack_dirty = 0;
                            return fixed;
                        }
                        None => {
                            // The kernel stopped early (it never does; see its bound): the
                            // band engine finishes from there, with every pair marked.
                            dirty = ALL_PAIRS;
                            self.stack_dirty = 0x1ff;
                        }
                    }
                }
                let mut batch = dirty;
                dirty = 0;
                let mut digits = 0u16;
                while batch != 0 {
                    let index = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    let (digit, band) = DIGIT_BAND[index & 31];
                    digits |= 1 << digit;
                    match self.update_band(index, usize::from(digit), usize::from(band), kernels) {
                        Some(marked) => dirty = (dirty | marked) & !batch,
                        None => return false,
                    }
                }
                self.stack_dirty |= digits;
            }
            if self.is_solved() {
                // Every cell is placed and every band update has run: nothing left to check.
                return true;
            }
            match self.place_naked_singles(kernels, counts) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.stack_dirty == 0 || order.stacks_never {
                return true;
            }
            match self.update_stacks(kernels) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// [`State::propagate`] for the root of a search: on a path whose sweep takes only the
    /// root ([`Kernels::SWEEP_CASCADES`] unset), the sweep does it when the puzzle has at least
    /// [`ROOT_SWEEP_GIVENS`] givens.
    #[inline(always)]
    fn propagate_root<K: Kernels>(&mut self, kernels: K, counts: &mut [[u32; 3]; 3]) -> bool {
        if K::SWEEPS && !K::SWEEP_CASCADES && self.placed() >= ROOT_SWEEP_GIVENS {
            match kernels.propagate(&mut self.cand, &mut self.unsolved, counts, Order::ROOT) {
                Some(fixed) => {
                    self.dirty = 0;
                    self.stack_dirty = 0;
                    return fixed;
                }
                None => {
                    // As in `propagate`: the band engine finishes, with every pair marked.
                    self.dirty = ALL_PAIRS;
                    self.stack_dirty = 0x1ff;
                }
            }
        }
        self.propagate(kernels, counts, Order::ROOT)
    }

    /// The band update of one digit in one band; `None` on a contradiction, otherwise the
    /// (digit, band) pairs it changed, as bits of [`State::dirty`]. The caller marks the digit
    /// for the stack pass.
    #[inline(always)]
    fn update_band<K: Kernels>(
        &mut self,
        index: usize,
        digit: usize,
        band: usize,
        kernels: K,
    ) -> Option<u32> {
        // `index` is `9 * band + digit`: the candidates are read at it directly, so that the
        // load does not wait for the lookup of the digit and band.
        let cells = self.cand.as_flattened()[index];
        let cells = cells & kernels.keep(cells);
        if cells == 0 {
            return None;
        }
        // The cells of rows left with a single candidate. KEEP left at least one cell in each
        // row, so subtracting 1 from each row's 9-bit field borrows only inside the field, and
        // clears the field exactly when it held a single cell.
        let rest = cells & cells.wrapping_sub(ROW_LOWEST);
        // Which rows' fields of `rest` are not empty, at each field's top bit: adding the
        // eight low bits to themselves carries into the top bit exactly when one was set, and
        // never out of the field. Then each such top bit is widened to its whole field.
        let nonzero = (((rest & ROW_LOW_BITS) + ROW_LOW_BITS) | rest) & ROW_TOP_BIT;
        let several = (nonzero << 1).wrapping_sub(nonzero >> 8);
        // Those that are new: a placed cell is no longer unsolved. (A solved cell keeps only
        // its own digit, so no other digit can find it single.) No table lookup, so the
        // branch below resolves early.
        let placed = cells & !several & self.unsolved[band];
        if placed == 0 {
            self.cand.as_flattened_mut()[index] = cells;
            return Some(0);
        }
        // Otherwise `cells` is stored at the end, after the band's nine masks are read as one
        // vector: a narrow store just before a wide load of the same bytes would stall the load
        // until the store retires (no store forwarding).
        let columns = (placed | placed >> 9 | placed >> 18) & 0x1ff;
        let placed_columns = columns | columns << 9 | columns << 18;
        self.unsolved[band] &= !placed;
        let mut marked = 0;
        for other_band in OTHER_BANDS[band % 3] {
            let before = self.cand[other_band][digit];
            let after = before & !placed_columns;
            self.cand[other_band][digit] = after;
            marked |= u32::from(after != before) << (9 * other_band + digit);
        }
        // Clear the placed cells for all nine digits, then give this digit its cells back.
        // Which digits lose a candidate is a kernel of the CPU path; the clearing loop
        // vectorises by itself.
        let band_cands = &mut self.cand[band];
        let changed = kernels.digits_meeting(band_cands, placed);
        for slot in band_cands.iter_mut() {
            *slot &= !placed;
        }
        self.cand.as_flattened_mut()[index] = cells;
        Some(marked | (changed & !(1 << digit)) << (9 * band))
    }

    /// The stack pass: the vertical twin of the band update's triad logic. In each stack (three
    /// columns), a digit takes one column in each band and each column once, so its (band,
    /// column) cells form a permutation matrix. This gives column hidden singles and box/column
    /// locked candidates. `None` on a contradiction, otherwise whether anything changed.
    #[inline(always)]
    fn update_stacks<K: Kernels>(&mut self, kernels: K) -> Option<bool> {
        // All nine digits in straight-line loops over arrays, which the compiler vectorises
        // (eight digits per AVX2 vector): cheaper than visiting only the digits marked in
        // `stack_dirty` one by one. The others are at the pass's fixed point already (their
        // candidates did not change since their last pass), so this changes nothing for them.
        self.stack_dirty = 0;
        // Bit 9 * band + column: the columns where the digit may go in each band.
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1ff;
        // Each stack's 3x3 (band, column) matrix keeps the cells that lie on a permutation
        // (`stack_kept`).
        let mut allowed = [0u32; 9];
        let mut broken = 0u32;
        for (digit, slot) in allowed.iter_mut().enumerate() {
            let columns = fold(self.cand[0][digit])
                | fold(self.cand[1][digit]) << 9
                | fold(self.cand[2][digit]) << 18;
            let kept = stack_kept(columns);
            // Every stack needs a cell left in the first band's row of its matrix (and then in
            // all three, as a kept cell lies on a whole permutation).
            let first = kept & 0x1ff;
            broken |= ((first | first >> 1 | first >> 2) & 0o111) ^ 0o111;
            *slot = kept;
        }
        if broken != 0 {
            return None;
        }
        let mut changed = 0u32;
        for (band, band_cands) in self.cand.iter_mut().enumerate() {
            let mut removed = [0u32; 9];
            for ((cells, &kept), removed) in band_cands.iter_mut().zip(&allowed).zip(&mut removed) {
                let band_columns = (kept >> (9 * band)) & 0x1ff;
                let after = *cells & (band_columns | band_columns << 9 | band_columns << 18);
                *removed = *cells & !after;
                *cells = after;
            }
            changed |= kernels.nonzero_digits(&removed) << (9 * band);
        }
        self.dirty |= changed;
        Some(changed != 0)
    }

    /// Places every unsolved cell with a single candidate. `None` on a contradiction (a cell
    /// with no candidate), otherwise whether anything was placed.
    #[inline(always)]
    ///
    /// `counts` receives, per band, the cells with at least one, two and three candidates;
    /// when nothing was placed they describe the state, and the guess uses them.
    fn place_naked_singles<K: Kernels>(
        &mut self,
        kernels: K,
        counts: &mut [[u32; 3]; 3],
    ) -> Option<bool> {
        let mut placed = false;
        for (band, band_counts) in counts.iter_mut().enumerate() {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &cells in &self.cand[band] {
                thrice |= twice & cells;
                twice |= once & cells;
                once |= cells;
            }
            *band_counts = [once, twice, thrice];
            let unsolved = self.unsolved[band];
            if unsolved & !once != 0 {
                return None;
            }
            let mut singles = unsolved & once & !twice;
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let digit = kernels
                    .digits_meeting(&self.cand[band], 1 << bit)
                    .trailing_zeros();
                self.assign(digit as usize % 9, band, bit);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Puts `digit` in the cell: clears the cell's row and box peers in its band; the band
    /// update then does the rest.
    #[inline(always)]
    fn assign(&mut self, digit: usize, band: usize, bit: usize) {
        self.cand[band][digit] &= !BAND_PEERS[bit];
        self.dirty |= 1 << (9 * band + digit);
    }

    /// Removes `digit` from the cell.
    #[inline(always)]
    fn eliminate(&mut self, digit: usize, band: usize, bit: usize) {
        self.cand[band][digit] &= !(1 << bit);
        self.dirty |= 1 << (9 * band + digit);
    }

    /// The cells placed (at the root: the givens).
    #[inline(always)]
    fn placed(&self) -> u32 {
        81 - self
            .unsolved
            .iter()
            .map(|band| band.count_ones())
            .sum::<u32>()
    }

    #[inline(always)]
    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to guess on, as `(band, bit)`. Only called on a propagated, unsolved state,
    /// where every unsolved cell has two or more candidates; `at_least` is that state's cells
    /// with at least one, two and three candidates per band, as [`State::propagate`] left them.
    ///
    /// The cell has the fewest candidates (two whenever a bivalue cell exists). Among those, a
    /// sparse puzzle's search takes the one whose branches remove the most
    /// ([`smallest_tree_key`], or with no bivalue cell [`State::confident_tree_key`]): a
    /// placement there removes many candidates, so both branches propagate further and the
    /// tree is smaller (`docs/design.md`, "Guess cell").
    ///
    /// A dense one's (`dense`) takes the first: its search makes a few guesses, each followed
    /// by a short cascade, and scoring a few dozen cells for the most unsolved peers cost more
    /// than the guesses it saved (`docs/design.md`, "Dense puzzles").
    #[inline(always)]
    fn choose_guess<K: Kernels>(
        &self,
        at_least: &[[u32; 3]; 3],
        kernels: K,
        dense: bool,
    ) -> (usize, usize) {
        // (A cell with two candidates is unsolved, as a placed cell keeps only its digit; the
        // mask says so anyway, for the guess score's kernels, which rely on it.)
        let mut bivalue = [0u32; 3];
        for ((cells, [_, twice, thrice]), unsolved) in
            bivalue.iter_mut().zip(at_least).zip(self.unsolved)
        {
            *cells = twice & !thrice & unsolved;
        }
        let (candidates, cells) = if bivalue != [0; 3] {
            (2, bivalue)
        } else {
            self.fewest_candidates()
        };
        if !dense {
            if candidates > 2 {
                return place_of_key(self.confident_tree_key(&cells, kernels));
            }
            if let Some(key) = kernels.bivalue_guess_key(&self.cand, &self.unsolved, &bivalue) {
                return place_of_key(key);
            }
            return place_of_key(smallest_tree_key(
                &self.cand,
                &self.unsolved,
                &cells,
                &bivalue,
                kernels,
            ));
        }
        // `cells` is not empty: the state is unsolved.
        let band = cells.iter().position(|&mask| mask != 0).unwrap_or(0);
        (band, cells[band].trailing_zeros() as usize % 32)
    }

    /// Among `digits` (a cell's candidates, bit `digit`), the one the search tries first: the
    /// highest `grid - weight * peers`, the lowest digit on a tie, where `grid` counts the
    /// digit's unsolved candidates in the whole grid and `peers` those among the peers of the
    /// cell at `bit` of `band`. The digit that, placed, removes few of its candidates for how
    /// many it has is the one the solution holds more often.
    ///
    /// At a node of the solution path, the first digit tried, when wrong, costs its whole
    /// subtree (searched in full whatever the order, as it has no solution); when right, it
    /// skips the alternative. A first solution's guesses are the sum of those costs, so the
    /// weights were fitted on them, on hardest_1905_11plus's path nodes first and checked on
    /// hardest_1106 in nine forms: `weight` 2 in a bivalue cell, 4 in a cell of three or more
    /// candidates (whose alternative, "not this digit", holds all the others). The figures are
    /// in `docs/design.md`, "Guess order".
    #[inline(always)]
    fn likeliest(&self, digits: u32, band: usize, bit: usize, weight: i32) -> usize {
        let mut best = (i32::MIN, 0);
        for digit in bit_iter(digits) {
            let digit = digit % 9;
            let key = self.unsolved_candidates(digit) as i32
                - weight * self.peer_candidates(digit, band, bit) as i32;
            if key > best.0 {
                best = (key, digit);
            }
        }
        best.1
    }

    /// The fewest candidates of an unsolved cell, and the cells that have that many, when no
    /// cell is bivalue (so three or more). Out of line: rare in a search, it would only crowd
    /// the guess's code (inlined, it made the dense search slower: `docs/design.md`, "Guess
    /// cell").
    ///
    /// The cells of three candidates come from bit-sliced counts over the nine digits, as the
    /// propagation counts up to three; the fewest are found cell by cell only when there is
    /// none (rare).
    #[cold]
    #[inline(never)]
    fn fewest_candidates(&self) -> (u32, [u32; 3]) {
        let mut trivalue = [0u32; 3];
        for ((cells, band_cands), unsolved) in
            trivalue.iter_mut().zip(&self.cand).zip(self.unsolved)
        {
            let (mut once, mut twice, mut thrice, mut more) = (0u32, 0u32, 0u32, 0u32);
            for &digit_cells in band_cands {
                more |= thrice & digit_cells;
                thrice |= twice & digit_cells;
                twice |= once & digit_cells;
                once |= digit_cells;
            }
            *cells = thrice & !more & unsolved;
        }
        if trivalue != [0; 3] {
            return (3, trivalue);
        }
        let fewest = (0..3)
            .flat_map(|band| bit_iter(self.unsolved[band]).map(move |bit| (band, bit)))
            .map(|(band, bit)| self.count_candidates(band, bit))
            .min()
            .unwrap_or(0);
        let mut cells = [0u32; 3];
        for (band, mask) in cells.iter_mut().enumerate() {
            for bit in bit_iter(self.unsolved[band]) {
                if self.count_candidates(band, bit) == fewest {
                    *mask |= 1 << bit;
                }
            }
        }
        (fewest, cells)
    }

    /// The guess score of a sparse puzzle's search where no cell is bivalue, over `cells` (the
    /// cells with the fewest candidates, three or more), as a key like [`smallest_tree_key`]'s:
    /// the cell with the highest `2 * tree + margin`, the first on a tie. `tree` is
    /// [`smallest_tree_key`]'s score (with no bivalue cell, `4 * peers + removed`), and
    /// `margin` how far the cell's likeliest digit ([`State::likeliest`], weight 4) is ahead of
    /// the next: the gap between the two highest `grid - 4 * peers` over the cell's digits.
    ///
    /// Such a guess tries one digit and pushes "not this digit", which holds all the others:
    /// when the digit tried first is right, that whole subtree is skipped. A cell whose
    /// likeliest digit stands out is more often right, so its search more often skips it
    /// (`docs/design.md`, "Guess cell").
    #[inline(always)]
    fn confident_tree_key<K: Kernels>(&self, cells: &[u32; 3], kernels: K) -> u32 {
        let others = OTHER_BANDS
            .map(|[a, b]| u64::from(self.unsolved[a]) | u64::from(self.unsolved[b]) << 32);
        let grid: [i32; 9] = std::array::from_fn(|digit| self.unsolved_candidates(digit) as i32);
        let mut best = 0u32;
        for (band, &mask) in cells.iter().enumerate() {
            for bit in bit_iter(mask & self.unsolved[band]) {
                let (band_peers, column) = PEERS[bit & 31];
                let peers = (self.unsolved[band] & band_peers).count_ones()
                    + (others[band] & column).count_ones();
                let mut tree = 4 * peers as i32;
                // The two highest keys of the cell's digits.
                let (mut first, mut second) = (i32::MIN, i32::MIN);
                for digit in bit_iter(kernels.digits_meeting(&self.cand[band], 1 << bit)) {
                    let removed = self.peer_candidates(digit % 9, band, bit) as i32;
                    tree += removed;
                    let key = grid[digit % 9] - 4 * removed;
                    if key > first {
                        (first, second) = (key, first);
                    } else if key > second {
                        second = key;
                    }
                }
                // At least 0: `cells` hold three or more candidates, so both keys are set.
                let score = (2 * tree + first.saturating_sub(second)).max(0) as u32;
                let place = (32 * band + bit) as u32;
                best = best.max(score << 7 | (127 - place));
            }
        }
        best
    }

    /// The unsolved candidates of `digit` in the whole grid (the `grid` of
    /// [`State::likeliest`]).
    #[inline(always)]
    fn unsolved_candidates(&self, digit: usize) -> u32 {
        (0..3)
            .map(|band| (self.cand[band][digit] & self.unsolved[band]).count_ones())
            .sum()
    }

    /// The candidates of `digit` among the peers of the cell at `bit` of `band`: its row and
    /// box in the band, its column in the two others.
    #[inline(always)]
    fn peer_candidates(&self, digit: usize, band: usize, bit: usize) -> u32 {
        let (band_peers, column) = PEERS[bit & 31];
        let [a, b] = OTHER_BANDS[band % 3];
        let others = u64::from(self.cand[a][digit]) | u64::from(self.cand[b][digit]) << 32;
        (self.cand[band][digit] & band_peers).count_ones() + (others & column).count_ones()
    }

    #[inline(always)]
    fn count_candidates(&self, band: usize, bit: usize) -> u32 {
        (0..9).map(|d| (self.cand[band][d] >> bit) & 1).sum::<u32>()
    }
}

/// `PEERS[bit]`, for the cell at `bit` of a band: its peers in that band (row and box,
/// [`BAND_PEERS`]), and its column in another band, twice: in the low and the high half of a
/// word that holds the two other bands (32 entries, so that a mask bounds the index).
const PEERS: [(u32, u64); 32] = {
    let mut t = [(0u32, 0u64); 32];
    let mut bit = 0;
    while bit < 27 {
        let column = (1u64 | 1 << 9 | 1 << 18) << (bit % 9);
        t[bit] = (BAND_PEERS[bit], column | column << 32);
        bit += 1;
    }
    t
};

/// The guess score of a sparse puzzle's search ([`State::choose_guess`]) over `cells` (the
/// cells with the fewest candidates), as the best key `score << 7 | (127 - place)`: the cell
/// with the highest `4 * (peers + singles) + removed`, the first (lowest `place`, which is
/// `32 * band + bit`) on a tie. Over the band masks `cand` and `unsolved`: `peers` counts the
/// cell's unsolved peers; over each digit of the cell (each branch of the guess), `removed`
/// counts the peers that lose the digit when it is placed and `singles` those of them that are
/// bivalue (`bivalue`, unsolved cells only), which become naked singles.
///
/// Both branches of such a cell propagate further, so the tree is smaller (`docs/design.md`,
/// "Guess cell").
/// Each cell's score is computed in full and the best kept as one packed key, without a
/// branch: filtering the cells first (by their peers) measured slower, as the branches
/// mispredict. With bivalue cells, the AVX-512 paths score them in vector lanes instead
/// ([`Kernels::bivalue_guess_key`]), to the same key.
#[inline(always)]
pub(crate) fn smallest_tree_key<K: Kernels>(
    cand: &[[u32; 9]; 3],
    unsolved: &[u32; 3],
    cells: &[u32; 3],
    bivalue: &[u32; 3],
    kernels: K,
) -> u32 {
    let others = OTHER_BANDS.map(|[a, b]| u64::from(unsolved[a]) | u64::from(unsolved[b]) << 32);
    let mut best = 0u32;
    for (band, &mask) in cells.iter().enumerate() {
        let [a, b] = OTHER_BANDS[band % 3];
        let bivalue_others = u64::from(bivalue[a]) | u64::from(bivalue[b]) << 32;
        for bit in bit_iter(mask & unsolved[band]) {
            let (band_peers, column) = PEERS[bit & 31];
            let peers =
                (unsolved[band] & band_peers).count_ones() + (others[band] & column).count_ones();
            let mut score = 4 * peers;
            for digit in bit_iter(kernels.digits_meeting(&cand[band], 1 << bit)) {
                let own = cand[band][digit] & band_peers;
                let across = (u64::from(cand[a][digit]) | u64::from(cand[b][digit]) << 32) & column;
                score += own.count_ones()
                    + across.count_ones()
                    + 4 * ((own & bivalue[band]).count_ones()
                        + (across & bivalue_others).count_ones());
            }
            let place = (32 * band + bit) as u32;
            best = best.max(score << 7 | (127 - place));
        }
    }
    best
}

/// The `(band, bit)` of a guess key's place (see [`smallest_tree_key`]).
#[inline(always)]
fn place_of_key(key: u32) -> (usize, usize) {
    let place = 127 - (key & 127) as usize;
    (place / 32, place % 32)
}

/// `DIGIT_BAND[index]`: the (digit, band) of a bit of `State::dirty` (which uses 27 bits; 32
/// entries let a mask bound the index).
const DIGIT_BAND: [(u8, u8); 32] = {
    let mut t = [(0u8, 0u8); 32];
    let mut index = 0;
    while index < 27 {
        t[index] = ((index % 9) as u8, (index / 9) as u8);
        index += 1;
    }
    t
};

/// Givens from which a path whose sweep takes only the root ([`Kernels::SWEEP_CASCADES`]
/// unset, SSE4.1) sweeps it. With many givens the root's cascade is over in a few sweeps; with
/// few it runs one round of singles per sweep, every sweep over all 27 pairs, and costs more
/// than it saves (instruction counts in `docs/design.md`, "Whole-grid sweeps").
const ROOT_SWEEP_GIVENS: u32 = 30;

/// Givens from which a puzzle is dense ([`Engine`]'s `dense`). A dense puzzle's cascades are
/// mostly singles, and the stack pass on every sweep costs it more than the sweeps it saves.
/// After its guesses the pass does not run at all ([`Order::stacks_never`]): it then makes more
/// guesses but takes less time; the root keeps the pass, which kaggle_10k's puzzles need to be
/// solved without a guess. Its guesses take the first cell with the fewest candidates
/// ([`State::choose_guess`]). There, trying first the digit with more candidates among the
/// cell's peers makes fewer guesses on every set but took more time on the sparse hard ones;
/// on serg_benchmark, whose puzzles have several solutions each, it took less. The figures are
/// in `docs/design.md`, "Dense puzzles" and "Guess order".
const DENSE_GIVENS: u32 = 30;

/// Every (digit, band) pair, as bits of [`State::dirty`].
const ALL_PAIRS: u32 = (1 << 27) - 1;

/// `OTHER_BANDS[band]`: the two other bands.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// Stack slots reserved at the first guess: enough for most searches of hard puzzles.
const INITIAL_STACK: usize = 16;

/// The most states a spare stack holds ([`give_back`]): 32 KiB. A deeper search's stack is
/// freed, not kept for the thread's life.
const SPARE_LIMIT: usize = 256;

/// The set bits of a mask, lowest first.
#[inline(always)]
fn bit_iter(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// What [`Engine::next_solution`] makes of a solved state: its grid, or nothing (`()`) for a
/// count, which needs none (building the grid is a few percent of a search that finds two
/// solutions fast).
pub(super) trait Solved: Sized {
    /// The answer for a solved state's candidates (`[band][digit]`, one digit a cell).
    fn of<K: Kernels>(cand: &[[u32; 9]; 3], kernels: K) -> Self;
}

impl Solved for Grid {
    /// The solution ([`Kernels::values`] turns the masks into values).
    #[inline(always)]
    fn of<K: Kernels>(cand: &[[u32; 9]; 3], kernels: K) -> Grid {
        Grid::from_values(kernels.values(cand)).unwrap_or_default()
    }
}

impl Solved for () {
    #[inline(always)]
    fn of<K: Kernels>(_: &[[u32; 9]; 3], _: K) {}
}

/// The resumable depth-first search over [`State`]s.
#[derive(Debug, Clone)]
pub(super) struct Engine {
    /// The puzzle, until the first call of [`Engine::next_solution`] builds its root state
    /// (there, so that each CPU path compiles the setup with its own features too).
    puzzle: Option<Grid>,
    /// The node to expand next; `None` means: pop the stack.
    current: Option<State>,
    /// Alternatives not yet explored, the most recent last.
    stack: Vec<State>,
    stats: Stats,
    /// Whether the puzzle has [`DENSE_GIVENS`] givens or more (set with the root state). A
    /// dense puzzle's guesses on a bivalue cell try first the digit with more candidates among
    /// the cell's peers, and its propagations after a guess skip the stack pass
    /// ([`Order::stacks_never`]); a sparse one's sweeps run the stack pass on every sweep
    /// ([`Order::stacks_always`]) on a path with [`Kernels::STACKS_ALWAYS`].
    dense: bool,
}

thread_local! {
    /// A search stack left by a finished search on this thread, empty, for the next search's
    /// first guess ([`spare_stack`]): one allocation a thread instead of one a search, which
    /// counts where puzzles take a few guesses each (`docs/design.md`, "Search memory and
    /// counting").
    static SPARE_STACK: Cell<Vec<State>> = const { Cell::new(Vec::new()) };
}

/// A stack for a search's first guess: this thread's spare one if there is one (taken, so
/// that searches alive at once never share one), otherwise a new one.
#[cold]
#[inline(never)]
fn spare_stack() -> Vec<State> {
    let mut stack = SPARE_STACK.try_with(Cell::take).unwrap_or_default();
    if stack.capacity() == 0 {
        // One allocation for most searches rather than a few doublings.
        stack.reserve(INITIAL_STACK);
    }
    stack
}

impl Drop for Engine {
    /// Leaves the search's stack, if it has one, to this thread's next search. (Kept apart
    /// from the search, and out of line, so that searches with no guess pay only the test.)
    #[inline(always)]
    fn drop(&mut self) {
        if self.stack.capacity() != 0 {
            give_back(std::mem::take(&mut self.stack));
        }
    }
}

/// Keeps `stack` emptied as this thread's spare (in place of any spare there), unless it grew
/// past [`SPARE_LIMIT`] states.
#[cold]
#[inline(never)]
fn give_back(mut stack: Vec<State>) {
    if stack.capacity() <= SPARE_LIMIT {
        stack.clear();
        // (After the thread's locals are gone, the stack is simply freed.)
        let _ = SPARE_STACK.try_with(|spare| spare.set(stack));
    }
}

impl Engine {
    pub(super) fn new(puzzle: &Grid) -> Engine {
        Engine {
            puzzle: Some(*puzzle),
            current: None,
            stack: Vec::new(),
            stats: Stats::default(),
            dense: false,
        }
    }

    pub(super) fn stats(&self) -> Stats {
        self.stats
    }

    /// The next solution within `budget` guesses, as `O` ([`Solved`]: its grid, or nothing
    /// when only the count matters). Always inlined, with everything it calls, so that each
    /// CPU path of [`super::simd`] compiles the whole search for its own features.
    ///
    /// The search is compiled twice, for dense puzzles and for the others: the guess score of
    /// the sparse ones made the search of dense ones slower when both were one function
    /// (`docs/design.md`, "Dense puzzles").
    #[inline(always)]
    pub(super) fn next_solution<K: Kernels, O: Solved>(
        &mut self,
        budget: u64,
        kernels: K,
    ) -> Result<Option<O>, OutOfGuesses> {
        // Whether `current` is the root, not yet propagated.
        let mut root = false;
        if let Some(puzzle) = self.puzzle.take() {
            self.current = State::new(&puzzle, kernels);
            self.dense = self
                .current
                .is_some_and(|state| state.placed() >= DENSE_GIVENS);
            root = true;
        }
        if self.dense {
            self.search::<K, O, true>(budget, kernels, root)
        } else {
            self.search::<K, O, false>(budget, kernels, root)
        }
    }

    /// [`Engine::next_solution`] after the root is built, for a dense puzzle or not.
    #[inline(always)]
    fn search<K: Kernels, O: Solved, const DENSE: bool>(
        &mut self,
        budget: u64,
        kernels: K,
        mut root: bool,
    ) -> Result<Option<O>, OutOfGuesses> {
        let mut state = match self.current.take().or_else(|| self.stack.pop()) {
            Some(state) => state,
            None => return Ok(None),
        };
        // The state stays in this local across guesses; only alternatives go to the stack.
        let mut counts = [[0u32; 3]; 3];
        loop {
            // (Only a path whose sweep takes just the root tells the root apart; on the others
            // this is `propagate`.)
            let fixed = if K::SWEEPS && !K::SWEEP_CASCADES && root {
                root = false;
                state.propagate_root(kernels, &mut counts)
            } else {
                let order = Order {
                    naked_with_rows: !root,
                    stacks_always: K::STACKS_ALWAYS && !DENSE,
                    stacks_never: DENSE && !root,
                };
                root = false;
                state.propagate(kernels, &mut counts, order)
            };
            if fixed {
                if state.is_solved() {
                    self.stats.solutions += 1;
                    return Ok(Some(O::of(&state.cand, kernels)));
                }
                if self.stats.guesses >= budget {
                    // Kept, so that a later call with a larger budget resumes here: it
                    // propagates this fixed point again (which changes nothing and gives the
                    // same counts) and makes the guess this call did not.
                    self.current = Some(state);
                    return Err(OutOfGuesses);
                }
                let (band, bit) = state.choose_guess(&counts, kernels, DENSE);
                // Which digit is tried first: the likeliest by counts (`likeliest`), except in
                // a dense puzzle's bivalue cell, where it is the one with more candidates among
                // the cell's peers (the lowest on a tie).
                let digits = kernels.digits_meeting(&state.cand[band], 1 << bit);
                let mut digit = digits.trailing_zeros() as usize % 9;
                if digits.count_ones() > 2 {
                    digit = state.likeliest(digits, band, bit, 4);
                } else if DENSE {
                    let other = (digits & (digits - 1)).trailing_zeros() as usize % 9;
                    if state.peer_candidates(other, band, bit)
                        > state.peer_candidates(digit, band, bit)
                    {
                        digit = other;
                    }
                } else {
                    digit = state.likeliest(digits, band, bit, 2);
                }
                if self.stack.capacity() == 0 {
                    self.stack = spare_stack();
                }
                // The alternative is "not `digit` here", made in place on the stack (one copy
                // of the state). In a bivalue cell (the usual guess) that is "the other digit
                // here", which propagates the same way but faster: placed at once instead of
                // found again as a naked single.
                self.stack.push(state);
                if let Some(alternative) = self.stack.last_mut() {
                    let others = digits & !(1 << digit);
                    if others != 0 && others & (others - 1) == 0 {
                        alternative.assign(others.trailing_zeros() as usize, band, bit);
                    } else {
                        alternative.eliminate(digit, band, bit);
                    }
                }
                state.assign(digit, band, bit);
                self.stats.guesses += 1;
                continue;
            }
            state = match self.stack.pop() {
                Some(state) => state,
                None => return Ok(None),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::kernels::Scalar;
    use crate::solve::simd::sweep_propagate;
    use crate::solve::CpuPath;

    /// A small xorshift generator: the walks below are the same on every run.
    struct Walk(u64);

    impl Walk {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Propagates `state` with the band engine and with the sweep of every CPU path that has
    /// one (AVX-512 on 512-bit and on 256-bit vectors, AVX2, SSE4.1) and that this CPU
    /// supports, in every order of its steps ([`Order::ALL`]: the root's, the one after a
    /// guess, which places naked singles with the row singles, and either with the stack pass
    /// on every sweep); all must agree on the outcome and, at a fixed point, on the whole state
    /// and the counts the guess reads. Returns the band engine's result.
    fn both_ways(state: &State) -> Option<State> {
        // The band engine's fixed points with the stack pass and without it (`stacks_never`).
        let [(fixed, banded, banded_counts), without] = [false, true].map(|stacks_never| {
            let mut banded = *state;
            let mut banded_counts = [[0u32; 3]; 3];
            let order = Order {
                stacks_never,
                ..Order::ROOT
            };
            let fixed = banded.propagate(Scalar, &mut banded_counts, order);
            (fixed, banded, banded_counts)
        });
        for (path, order) in [
            CpuPath::Avx512,
            CpuPath::Avx512Vbmi,
            CpuPath::Avx512Ymm,
            CpuPath::Avx2,
            CpuPath::Sse41,
        ]
        .into_iter()
        .flat_map(|path| Order::ALL.map(|order| (path, order)))
        {
            if !path.is_supported() {
                continue;
            }
            let mut swept = *state;
            let mut swept_counts = [[0u32; 3]; 3];
            let swept_fixed = sweep_propagate(
                path,
                &mut swept.cand,
                &mut swept.unsolved,
                &mut swept_counts,
                order,
            );
            // The sweep never stops early.
            let swept_fixed = swept_fixed.expect("a finished sweep");
            let (fixed, banded, banded_counts) = if order.stacks_never {
                without
            } else {
                (fixed, banded, banded_counts)
            };
            assert_eq!(swept_fixed, fixed, "{path:?} {order:?} {state:?}");
            if fixed {
                assert_eq!(swept.cand, banded.cand, "{path:?} {order:?} {state:?}");
                assert_eq!(
                    swept.unsolved, banded.unsolved,
                    "{path:?} {order:?} {state:?}"
                );
                if !banded.is_solved() {
                    assert_eq!(swept_counts, banded_counts, "{path:?} {order:?} {state:?}");
                }
            }
        }
        fixed.then_some(banded)
    }

    /// A finished search leaves its stack to the thread's next search, and searches alive at
    /// once each have their own.
    #[test]
    fn a_finished_search_leaves_its_stack_to_the_next() {
        // hardest_1106's first puzzle: its first solution takes guesses.
        let line =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let grid = crate::format::parse(line).expect("a puzzle").grid;
        let solve = |engine: &mut Engine| {
            let solution: Option<Grid> = engine.next_solution(u64::MAX, Scalar).expect("no budget");
            assert!(engine.stats().guesses > 0);
            solution.expect("a solution")
        };
        SPARE_STACK.with(|spare| spare.take());
        let mut first = Engine::new(&grid);
        let answer = solve(&mut first);
        let (kept, capacity) = (first.stack.as_ptr(), first.stack.capacity());
        drop(first);
        let mut second = Engine::new(&grid);
        assert_eq!(solve(&mut second), answer);
        assert_eq!(
            second.stack.as_ptr(),
            kept,
            "the spare stack was not reused"
        );
        assert_eq!(second.stack.capacity(), capacity);
        let mut third = Engine::new(&grid);
        assert_eq!(solve(&mut third), answer);
        assert_ne!(third.stack.as_ptr(), second.stack.as_ptr());
        // Both searches go on to the end, each on its own stack.
        assert_eq!(
            second.next_solution::<Scalar, Grid>(u64::MAX, Scalar),
            Ok(None)
        );
        assert_eq!(
            third.next_solution::<Scalar, Grid>(u64::MAX, Scalar),
            Ok(None)
        );
        drop(third);
        drop(second);
        // The last one dropped is the spare now, emptied.
        let spare = SPARE_STACK.with(|spare| spare.take());
        assert_eq!((spare.as_ptr(), spare.len()), (kept, 0));
    }

    /// From the root of every sample puzzle and of puzzles with a few clues removed or
    /// changed (many with no solution), random walks of guesses and eliminations, as the
    /// search makes them: the sweep reaches the band engine's fixed point, or fails with it,
    /// at every step.
    #[test]
    fn the_sweep_reaches_the_band_engines_fixed_point() {
        let sample = include_str!("../../../../testdata/sample.txt");
        let mut walk = Walk(0x853c_49e6_748f_ea9b);
        let mut compared = 0;
        for line in sample.lines().filter(|line| line.len() >= 81) {
            let grid = crate::format::parse(&line[..81])
                .expect("sample puzzle")
                .grid;
            for variant in 0..4 {
                let mut values = *grid.values();
                // Variant 0 is the puzzle; the others change a few cells (clues gone, or a
                // random digit in a random cell: often a contradiction).
                for _ in 0..variant * 2 {
                    let cell = walk.below(81);
                    values[cell] = if variant == 1 {
                        0
                    } else {
                        walk.below(10) as u8
                    };
                }
                let Some(grid) = Grid::from_values(values) else {
                    continue;
                };
                let Some(root) = State::new(&grid, Scalar) else {
                    continue;
                };
                let Some(mut state) = both_ways(&root) else {
                    compared += 1;
                    continue;
                };
                compared += 1;
                while !state.is_solved() {
                    let band = walk.below(3);
                    let Some(bit) = bit_iter(state.unsolved[band]).nth(walk.below(27)) else {
                        continue;
                    };
                    let digits: Vec<usize> = (0..9)
                        .filter(|&d| state.cand[band][d] >> bit & 1 == 1)
                        .collect();
                    let digit = digits[walk.below(digits.len())];
                    let mut next = state;
                    if walk.below(2) == 0 {
                        next.assign(digit, band, bit);
                    } else {
                        next.eliminate(digit, band, bit);
                    }
                    compared += 1;
                    match both_ways(&next) {
                        Some(after) => state = after,
                        None => break,
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} states compared");
    }
}
