//! The pencilmark state the techniques read and change: for each cell either a placed digit or
//! a set of candidates.
//!
//! Two views are kept in step: per cell a 9-bit [`Candidates`] mask, and per digit an 81-bit
//! [`CellSet`] of the cells where it is still a candidate. Cell-centred techniques (naked sets,
//! wings) read the first, house-centred ones (hidden sets, fish, intersections) the second, so
//! neither has to rebuild the other.

use super::cell_set::{CellSet, DIGITS, HOUSE_MASKS};
use super::Step;
use crate::board::{Candidates, Cell, Digit, Grid, House};
use std::fmt;

/// A pencilmark grid: each cell holds a digit or a set of candidates.
///
/// Invariants: a filled cell has no candidates, and the per-digit cell sets always agree with
/// the per-cell candidate sets. No method panics, whatever the state (a state may well be
/// contradictory, e.g. an empty cell without candidates; techniques then simply find less).
///
/// # The 729-character candidate form
///
/// 81 groups of 9 characters, one group per cell in row-major order. Character `k` (0-based) of
/// a group is the digit `k + 1` if it is a candidate and `.` or `0` if it is not, so
/// `1..4....9` means {1, 4, 9}. Whitespace anywhere is ignored, so the groups may be spread over
/// lines. A group with exactly one digit is a **placed** cell (the form cannot tell a given, a
/// placed digit and a naked single apart, and reading it as placed keeps a puzzle's givens from
/// being "found" again); its digit is then removed from its peers' candidates, as the basic
/// rule requires. A group with no digit is an error.
///
/// ```
/// use sudokit::logic::CandidateGrid;
/// use sudokit::{format, Cell, Digit};
/// let puzzle = format::parse(
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
/// )?.grid;
/// let grid = CandidateGrid::from_grid(&puzzle);
/// let r1c1 = Cell::new(0).unwrap();
/// assert_eq!(grid.candidates(r1c1).to_string(), "1269");
/// assert_eq!(grid.value(Cell::new(2).unwrap()), Digit::new(5));
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CandidateGrid {
    /// 0 for an empty cell, else the digit.
    values: [u8; 81],
    /// The candidates of each cell; empty for a filled cell.
    candidates: [Candidates; 81],
    /// For each digit (by index), the cells where it is a candidate.
    by_digit: [CellSet; 9],
    /// The filled cells whose digit a step placed ([`CandidateGrid::apply`]) or a loader
    /// marked as placed, rather than a given: only HoDoKu's avoidable rectangles read it.
    deduced: CellSet,
    /// The cells without a digit.
    empty: CellSet,
}

impl CandidateGrid {
    /// The empty board: no digit placed, every digit a candidate everywhere.
    pub fn new() -> CandidateGrid {
        CandidateGrid {
            values: [0; 81],
            candidates: [Candidates::ALL; 81],
            by_digit: [CellSet::ALL; 9],
            deduced: CellSet::EMPTY,
            empty: CellSet::ALL,
        }
    }

    /// The pencilmarks of a puzzle: its digits placed, and in each empty cell the digits that
    /// no filled peer holds.
    pub fn from_grid(grid: &Grid) -> CandidateGrid {
        let mut state = CandidateGrid::new();
        for cell in Cell::all() {
            if let Some(digit) = grid.get(cell) {
                state.place(cell, digit);
            }
        }
        state
    }

    /// The 729-character candidate form, without whitespace; a filled cell is written as the
    /// group holding only its digit.
    pub fn to_candidate_string(&self) -> String {
        let mut out = String::with_capacity(729);
        for cell in Cell::all() {
            let set = match self.value(cell) {
                Some(digit) => Candidates::single(digit),
                None => self.candidates(cell),
            };
            for digit in DIGITS {
                out.push(if set.contains(digit) {
                    digit.to_char()
                } else {
                    '.'
                });
            }
        }
        out
    }

    /// The placed digits as a [`Grid`] (candidates are dropped).
    pub fn to_grid(&self) -> Grid {
        let mut grid = Grid::empty();
        for cell in Cell::all() {
            grid.set(cell, self.value(cell));
        }
        grid
    }

    /// The digit placed in `cell`, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// The candidates of `cell` (empty if it holds a digit).
    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell.index()]
    }

    /// The cells where `digit` is still a candidate.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.by_digit[digit.index()]
    }

    /// The cells of `house` where `digit` is still a candidate.
    pub fn house_cells_with(&self, house: House, digit: Digit) -> CellSet {
        self.by_digit[digit.index()] & CellSet::house(house)
    }

    /// The filled cells known not to be givens: placed by a step ([`CandidateGrid::apply`])
    /// or marked by [`CandidateGrid::mark_deduced`]. Every other filled cell counts as a given
    /// (a grid cannot tell, so the safe reading is taken).
    pub fn deduced_cells(&self) -> CellSet {
        self.deduced
    }

    /// Marks the filled cells among `cells` as placed while solving, not given (as a
    /// HoDoKu regression case's `+` digits).
    pub fn mark_deduced(&mut self, cells: CellSet) {
        self.deduced |= cells.difference(self.empty);
    }

    /// The cells without a digit.
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// How many cells hold `digit`.
    pub fn placed_count(&self, digit: Digit) -> u32 {
        let value = digit.get();
        self.values.iter().filter(|&&v| v == value).count() as u32
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    /// Puts `digit` in `cell` (whether or not it is a candidate there), clears the cell's
    /// candidates and removes `digit` from the candidates of its peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        for other in self.candidates[i].iter() {
            self.by_digit[other.index()].remove(cell);
        }
        self.candidates[i] = Candidates::NONE;
        self.values[i] = digit.get();
        self.empty.remove(cell);
        let peers = self.by_digit[digit.index()] & CellSet::peers(cell);
        for peer in peers {
            self.candidates[peer.index()].remove(digit);
        }
        self.by_digit[digit.index()] = self.by_digit[digit.index()].difference(peers);
    }

    /// Removes candidate `digit` from `cell`; whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let set = &mut self.candidates[cell.index()];
        if set.contains(digit) {
            set.remove(digit);
            self.by_digit[digit.index()].remove(cell);
            true
        } else {
            false
        }
    }

    /// Applies `step`: its eliminations, then its placements. Whether the grid changed.
    pub fn apply(&mut self, step: &Step) -> bool {
        let mut changed = false;
        for &(cell, digit) in &step.eliminations {
            changed |= self.eliminate(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            changed |= self.value(cell) != Some(digit);
            self.place(cell, digit);
            self.deduced.insert(cell);
        }
        changed
    }

    // --- Fast paths for the finders, by house index (0..27) and digit index (0..9). ---

    /// The cells of house `h` where digit index `d` is a candidate.
    pub(crate) fn house_digit(&self, h: usize, d: usize) -> CellSet {
        CellSet::from_bits(HOUSE_MASKS[h % 27]) & self.by_digit[d % 9]
    }

    /// The positions (bit `i` = `HOUSE_CELLS[h][i]`) of house `h` where digit index `d` is a
    /// candidate: the column indexes in a row, the row indexes in a column.
    pub(crate) fn positions(&self, h: usize, d: usize) -> u16 {
        // Bit `9r + c` is cell (r, c): a row is nine adjacent bits, a box three runs of three
        // bits nine apart, a column one bit every nine.
        let bits = self.by_digit[d % 9].bits();
        let h = h % 27;
        let take = |at: usize, width: u32| (bits >> at) as u16 & ((1 << width) - 1);
        match h {
            0..=8 => take(9 * h, 9),
            9..=17 => (0..9).fold(0, |mask, r| mask | take(9 * r + h - 9, 1) << r),
            _ => {
                let b = h - 18;
                let corner = (b / 3) * 27 + (b % 3) * 3;
                (0..3).fold(0, |mask, k| mask | take(corner + 9 * k, 3) << (3 * k))
            }
        }
    }

    /// How many cells of house `h` are empty.
    pub(crate) fn empty_in(&self, h: usize) -> u32 {
        (self.empty & CellSet::from_bits(HOUSE_MASKS[h % 27])).len()
    }

    /// What differs between `before` and this grid: the cells whose candidates or digit
    /// differ, and the digits (bit `d` for digit index `d`) whose places differ or that were
    /// placed in or taken from a cell. A finder's answer for one house or one digit depends
    /// only on these, which is what lets it rescan only what changed (`techniques/since.rs`).
    pub(crate) fn changes_since(&self, before: &CandidateGrid) -> Changes {
        let mut cells = self.empty.bits() ^ before.empty.bits();
        let mut digits = 0u16;
        for (d, (now, then)) in self.by_digit.iter().zip(&before.by_digit).enumerate() {
            let moved = now.bits() ^ then.bits();
            if moved != 0 {
                cells |= moved;
                digits |= 1 << d;
            }
        }
        if self.values != before.values {
            for (i, (&now, &then)) in self.values.iter().zip(&before.values).enumerate() {
                if now != then {
                    cells |= 1 << i;
                    for value in [now, then].into_iter().filter(|&v| (1..=9).contains(&v)) {
                        digits |= 1 << (value - 1);
                    }
                }
            }
        }
        Changes {
            cells: CellSet::from_bits(cells),
            digits,
        }
    }
}

/// What changed between two grids ([`CandidateGrid::changes_since`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Changes {
    /// The cells whose candidates or digit differ.
    pub(crate) cells: CellSet,
    /// The digits (bit `d` for digit index `d`) whose places differ, or that a cell held in
    /// one grid and not in the other.
    pub(crate) digits: u16,
}

impl Changes {
    /// Everything changed (no earlier grid to compare with).
    pub(crate) const ALL: Changes = Changes {
        cells: CellSet::ALL,
        digits: 0x1ff,
    };
}

impl Default for CandidateGrid {
    fn default() -> Self {
        CandidateGrid::new()
    }
}

impl fmt::Debug for CandidateGrid {
    /// The 729-character candidate form, one row of the grid per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.to_candidate_string();
        f.write_str("CandidateGrid {")?;
        for row in text.as_bytes().chunks(81) {
            f.write_str("\n    ")?;
            for group in row.chunks(9) {
                f.write_str(std::str::from_utf8(group).map_err(|_| fmt::Error)?)?;
                f.write_str(" ")?;
            }
        }
        f.write_str("\n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::PencilmarkError;
    use crate::logic::cell_set::{house_index, HOUSE_CELLS};
    use crate::logic::test_util::{cell, digit, keep, puzzle};

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn from_grid_keeps_both_views_in_step() {
        let state = puzzle(LEETCODE);
        assert_eq!(state.value(cell("r1c1")), Some(digit(5)));
        assert!(state.candidates(cell("r1c1")).is_empty());
        assert_eq!(state.candidates(cell("r1c3")).to_string(), "124");
        for d in Digit::all() {
            for c in Cell::all() {
                assert_eq!(
                    state.cells_with(d).contains(c),
                    state.candidates(c).contains(d)
                );
            }
        }
        assert_eq!(state.empty_cells().len(), 81 - 30);
        assert_eq!(state.placed_count(digit(5)), 3);
        assert!(!state.is_solved());
    }

    #[test]
    fn candidate_string_round_trips() {
        // No naked single here: one would read back as a placed digit.
        let mut state = puzzle(&format!("12{}", ".".repeat(79)));
        keep(&mut state, "r5c5", "37");
        keep(&mut state, "r9c9", "1249");
        assert!(state
            .empty_cells()
            .iter()
            .all(|c| state.candidates(c).len() > 1));
        let text = state.to_candidate_string();
        assert_eq!(text.len(), 729);
        assert!(text.starts_with("1.........2......")); // r1c1 holds 1, r1c2 holds 2
        let back = CandidateGrid::from_candidate_str(&text).expect("reads back");
        assert_eq!(back, state);
        assert_eq!(back.to_grid(), state.to_grid());
        // Whitespace is ignored.
        let spaced: String = text
            .as_bytes()
            .chunks(9)
            .map(|g| String::from_utf8_lossy(g).into_owned())
            .collect::<Vec<_>>()
            .join(" \n");
        assert_eq!(CandidateGrid::from_candidate_str(&spaced), Ok(state));
    }

    #[test]
    fn a_single_candidate_group_is_a_placed_digit_that_clears_its_peers() {
        let mut text = "123456789".repeat(81);
        text.replace_range(0..9, "....5....");
        let state = CandidateGrid::from_candidate_str(&text).expect("valid");
        assert_eq!(state.value(cell("r1c1")), Some(digit(5)));
        assert!(!state.candidates(cell("r1c9")).contains(digit(5)));
        assert!(!state.candidates(cell("r9c1")).contains(digit(5)));
        assert!(state.candidates(cell("r9c9")).contains(digit(5)));
    }

    #[test]
    fn bad_candidate_strings_are_located_errors() {
        assert_eq!(
            CandidateGrid::from_candidate_str("123"),
            Err(PencilmarkError::Length { found: 3 })
        );
        let mut text = "123456789".repeat(81);
        text.replace_range(9..18, "21.......");
        let err = CandidateGrid::from_candidate_str(&text).expect_err("misplaced digit");
        assert_eq!(err.to_string(), "r1c2: found '2' where 1 or '.' belongs");
        let mut text = "123456789".repeat(81);
        text.replace_range(720..729, "000000000");
        assert_eq!(
            CandidateGrid::from_candidate_str(&text),
            Err(PencilmarkError::NoCandidate { cell: cell("r9c9") })
        );
    }

    #[test]
    fn place_eliminate_and_apply() {
        let mut state = CandidateGrid::new();
        state.place(cell("r5c5"), digit(7));
        assert_eq!(state.cells_with(digit(7)).len(), 81 - 21);
        assert!(state.eliminate(cell("r1c1"), digit(3)));
        assert!(!state.eliminate(cell("r1c1"), digit(3)));
        assert!(!state.eliminate(cell("r5c5"), digit(1)));
        let mut step = Step::new(
            crate::logic::Technique::NakedSingle,
            crate::logic::Rating::default(),
        );
        step.eliminations.push((cell("r1c2"), digit(3)));
        step.placements.push((cell("r9c9"), digit(1)));
        assert!(state.apply(&step));
        assert!(!state.candidates(cell("r1c2")).contains(digit(3)));
        assert_eq!(state.value(cell("r9c9")), Some(digit(1)));
        // Applying it again changes nothing.
        assert!(!state.apply(&step));
    }

    /// The bit arithmetic of `positions` equals testing each cell of the house.
    #[test]
    fn positions_are_the_house_cells_holding_the_digit() {
        let mut grid = puzzle(LEETCODE);
        for (i, cell) in Cell::all().enumerate().filter(|(i, _)| i % 7 == 3) {
            grid.eliminate(cell, DIGITS[i % 9]);
        }
        for (h, house) in HOUSE_CELLS.iter().enumerate() {
            for (d, &digit) in DIGITS.iter().enumerate() {
                let expected = house
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| grid.candidates(c).contains(digit))
                    .fold(0u16, |m, (i, _)| m | 1 << i);
                assert_eq!(grid.positions(h, d), expected, "house {h} digit {d}");
            }
        }
    }

    #[test]
    fn changes_since_names_the_cells_and_digits_that_moved() {
        let before = puzzle(LEETCODE);
        assert_eq!(
            before.changes_since(&before),
            Changes {
                cells: CellSet::EMPTY,
                digits: 0
            }
        );
        // An elimination: that cell and that digit.
        let mut after = before.clone();
        assert!(after.eliminate(cell("r1c3"), digit(4)));
        let changes = after.changes_since(&before);
        assert_eq!(changes.cells, CellSet::single(cell("r1c3")));
        assert_eq!(changes.digits, 1 << 3);
        assert_eq!(before.changes_since(&after), changes);
        // A placement: the cell, every digit it held, and the placed digit's peers.
        let mut after = before.clone();
        after.place(cell("r1c3"), digit(2));
        let changes = after.changes_since(&before);
        assert_eq!(changes.digits, 0b1011); // 1, 2 and 4 were r1c3's candidates
        assert!(changes.cells.contains(cell("r1c3")));
        assert!(changes.cells.contains(cell("r1c4"))); // lost 2
        assert!(!changes.cells.contains(cell("r9c9")));
        // A digit placed where it was no candidate and no peer has it still counts.
        let mut bare = CandidateGrid::new();
        for d in 1..=9 {
            assert!(bare.eliminate(cell("r5c5"), digit(d)));
        }
        let mut placed = bare.clone();
        for peer in CellSet::peers(cell("r5c5")) {
            bare.eliminate(peer, digit(7));
            placed.eliminate(peer, digit(7));
        }
        placed.place(cell("r5c5"), digit(7));
        let changes = placed.changes_since(&bare);
        assert_eq!(
            changes,
            Changes {
                cells: CellSet::single(cell("r5c5")),
                digits: 1 << 6
            }
        );
        assert_eq!(placed.placed_count(digit(7)), 1);
    }

    #[test]
    fn house_fast_paths() {
        let mut state = CandidateGrid::new();
        state.place(cell("r1c4"), digit(2));
        let row1 = house_index(House::Row(cell("r1c1").row()));
        assert_eq!(state.positions(row1, 1), 0);
        let col5 = house_index(House::Col(cell("r1c5").col()));
        // Column 5 has 2 everywhere but row 1 (r1c4 sees r1c5) and rows 2-3 (same box).
        assert_eq!(state.positions(col5, 1), 0b1_1111_1000);
        assert_eq!(state.house_digit(col5, 1).len(), 6);
        assert_eq!(state.empty_in(row1), 8);
    }
}
