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

/// Every ALS of `grid` in HoDoKu's order (`SudokuStepFinder.getAlses`): houses as rows,
/// columns, boxes; within a house, subsets of its empty cells depth first (a cell, then the
/// subsets that extend it with later cells), each cell set once, where first found. The order
/// matters to chains that only link a set to later ones.
pub(super) fn in_hodoku_order(grid: &CandidateGrid) -> Vec<Als> {
    let mut walk = Walk {
        grid,
        house: 0,
        empty: Vec::new(),
        seen: std::collections::HashSet::new(),
        out: Vec::new(),
    };
    for (h, house_cells) in HOUSE_CELLS.iter().enumerate() {
        walk.house = h;
        walk.empty = house_cells
            .iter()
            .copied()
            .filter(|&c| grid.value(c).is_none())
            .collect();
        walk.extend(0, CellSet::EMPTY, Candidates::NONE);
    }
    walk.out
}

/// The state of [`in_hodoku_order`]'s walk over one house.
struct Walk<'a> {
    grid: &'a CandidateGrid,
    house: usize,
    empty: Vec<Cell>,
    /// The cell sets already listed (a set inside a box and a line is found twice).
    seen: std::collections::HashSet<CellSet>,
    out: Vec<Als>,
}

impl Walk<'_> {
    /// Lists `cells` (holding `digits`) extended by each cell of `empty[from..]` in turn, each
    /// followed by its own extensions: at most [`MAX_SIZE`] cells.
    fn extend(&mut self, from: usize, cells: CellSet, digits: Candidates) {
        if cells.len() as usize >= MAX_SIZE {
            return;
        }
        for i in from..self.empty.len() {
            let c = self.empty[i];
            let mut cells = cells;
            cells.insert(c);
            let digits = digits.union(self.grid.candidates(c));
            if digits.len() == cells.len() + 1 && self.seen.insert(cells) {
                let mut by_digit = [CellSet::EMPTY; 9];
                for d in digits.iter() {
                    by_digit[d.index()] = cells & self.grid.cells_with(d);
                }
                self.out.push(Als {
                    cells,
                    digits,
                    house: self.house,
                    by_digit,
                });
            }
            self.extend(i + 1, cells, digits);
        }
    }
}
