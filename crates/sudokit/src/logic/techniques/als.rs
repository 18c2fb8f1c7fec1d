//! Almost locked sets (ALS) and their restricted common candidates, shared by ALS-XZ and
//! ALS-XY-Wing.
//!
//! An ALS is `n` cells of one house holding `n + 1` digits between them (a bivalue cell is the
//! smallest). A digit `x` is a restricted common candidate (RCC) of two disjoint sets when both
//! hold it and every cell of one holding `x` sees every cell of the other holding it: then at
//! most one of the two sets holds `x`, so the other is locked on its remaining `n` digits.

use crate::board::{Candidates, Cell, Digit};
use crate::logic::cell_set::{house, CellSet, HOUSE_CELLS};
use crate::logic::CandidateGrid;

/// One almost locked set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Als {
    pub(super) cells: CellSet,
    pub(super) digits: Candidates,
    /// The house (index 0..27) it was found in.
    pub(super) house: usize,
    /// The cells of the set holding each digit (index 0..9).
    pub(super) by_digit: [CellSet; 9],
}

impl Als {
    /// The set's cells holding `digit`.
    pub(super) fn with(&self, digit: Digit) -> CellSet {
        self.by_digit[digit.index()]
    }

    /// The cells (anywhere) that see every cell of `self` and `other` holding `digit`.
    pub(super) fn seeing_all(&self, other: &Als, digit: Digit) -> CellSet {
        (self.with(digit) | other.with(digit))
            .iter()
            .fold(CellSet::ALL, |acc, c| acc & CellSet::peers(c))
    }

    /// The house, for the step.
    pub(super) fn house(&self) -> crate::board::House {
        house(self.house)
    }
}

/// The most cells in a set: HoDoKu allows every size up to eight.
const MAX_SIZE: usize = 8;

/// Every ALS of `grid`, by house (rows, columns, boxes), each cell set once.
pub(super) fn all(grid: &CandidateGrid) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for (h, house_cells) in HOUSE_CELLS.iter().enumerate() {
        let empty: Vec<Cell> = house_cells
            .iter()
            .copied()
            .filter(|&c| grid.value(c).is_none())
            .collect();
        let n = empty.len();
        for mask in 1u32..(1 << n) {
            let size = mask.count_ones() as usize;
            if size > MAX_SIZE || size >= n {
                continue;
            }
            let mut digits = Candidates::from_bits(0);
            let mut cells = CellSet::EMPTY;
            for (i, &c) in empty.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    digits = digits.union(grid.candidates(c));
                    cells.insert(c);
                }
            }
            if digits.len() as usize != size + 1 || out.iter().any(|a| a.cells == cells) {
                continue;
            }
            let mut by_digit = [CellSet::EMPTY; 9];
            for d in digits.iter() {
                by_digit[d.index()] = cells & grid.cells_with(d);
            }
            out.push(Als {
                cells,
                digits,
                house: h,
                by_digit,
            });
        }
    }
    out
}

/// The restricted common candidates of two disjoint sets (empty if they overlap).
pub(super) fn rccs(a: &Als, b: &Als) -> Candidates {
    let mut out = Candidates::from_bits(0);
    if !(a.cells & b.cells).is_empty() {
        return out;
    }
    for x in a.digits.intersection(b.digits).iter() {
        let bx = b.with(x);
        if a.with(x).iter().all(|c| bx.is_subset(CellSet::peers(c))) {
            out.insert(x);
        }
    }
    out
}
