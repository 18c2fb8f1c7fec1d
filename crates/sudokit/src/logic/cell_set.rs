//! Sets of cells as 81-bit masks, and the fixed geometry tables the techniques scan.
//!
//! ```text
//!   bit:  0  1  2 ...  8 | 9 10 ... 17 | ... | 72 ... 80 | 81 ... 127
//!  cell: r1c1 r1c2 .. r1c9 | r2c1 .. r2c9 | ... | r9c1 .. r9c9 | always 0
//! ```
//!
//! A house, the peers of a cell and the cells where a digit is still a candidate are all
//! `CellSet`s, so "the cells of box 4 that can hold 7" is one AND. Houses are also numbered
//! 0..27 internally, in the order of [`House::all`]: rows 0..9, columns 9..18, boxes 18..27.

use crate::board::{Block, Cell, Col, Digit, House, Row};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

const ALL_BITS: u128 = (1u128 << 81) - 1;

/// A set of cells, stored as an 81-bit mask (bit `i` is the cell with index `i`).
///
/// ```
/// use sudokit::logic::CellSet;
/// use sudokit::{Cell, House, Row};
/// let row = CellSet::house(House::Row(Row::new(0).unwrap()));
/// let peers = CellSet::peers(Cell::new(40).unwrap());
/// assert_eq!(row.len(), 9);
/// assert_eq!(peers.len(), 20);
/// assert_eq!((row & peers).len(), 1); // r1c5, above r5c5
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(ALL_BITS);

    /// The set with these bits (bit `i` is cell `i`); bits above 80 are dropped.
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ALL_BITS)
    }

    /// The bitmask (bit `i` is cell `i`).
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `cell`.
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1 << cell.index())
    }

    /// The nine cells of `house`.
    pub fn house(house: House) -> CellSet {
        CellSet(HOUSE_MASKS[house_index(house)])
    }

    /// The 20 peers of `cell` (the cells sharing a row, column or box with it).
    pub fn peers(cell: Cell) -> CellSet {
        CellSet(PEER_MASKS[cell.index()])
    }

    /// How many cells the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `cell`.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1 << cell.index()) != 0
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell.index();
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell.index());
    }

    /// The cells in both sets.
    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// The cells in either set.
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// The cells of `self` that are not in `other`.
    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// Whether every cell of `self` is in `other`.
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The first cell in row-major order, if any.
    pub fn first(self) -> Option<Cell> {
        self.iter().next()
    }

    /// The only cell of the set, if it holds exactly one.
    pub fn single_cell(self) -> Option<Cell> {
        if self.len() == 1 {
            self.first()
        } else {
            None
        }
    }

    /// The cells in row-major order.
    pub const fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

/// The iterator of [`CellSet::iter`]: cells in row-major order.
#[derive(Debug, Clone)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Cell::new(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;

    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, other: CellSet) -> CellSet {
        self.intersection(other)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, other: CellSet) -> CellSet {
        self.union(other)
    }
}

impl BitAndAssign for CellSet {
    fn bitand_assign(&mut self, other: CellSet) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for CellSet {
    fn bitor_assign(&mut self, other: CellSet) {
        self.0 |= other.0;
    }
}

impl fmt::Debug for CellSet {
    /// The cells by name, e.g. `{r1c1, r4c7}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(DisplayAsDebug))
            .finish()
    }
}

/// Shows a cell by its `Display` name inside `Debug` output.
struct DisplayAsDebug(Cell);

impl fmt::Debug for DisplayAsDebug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

// ---------------------------------------------------------------------------------------------
// Geometry tables, computed at compile time. A `None` from a board constructor inside these const
// fns would be a compile error (const panic), so none of this can fail at run time.

/// The house index (0..27, in [`House::all`] order) of `house`.
pub(crate) const fn house_index(house: House) -> usize {
    match house {
        House::Row(r) => r.index(),
        House::Col(c) => 9 + c.index(),
        House::Block(b) => 18 + b.index(),
    }
}

const fn cell_at(index: usize) -> Cell {
    match Cell::new(index) {
        Some(cell) => cell,
        None => panic!("cell index out of range"),
    }
}

const fn house_at(index: usize) -> House {
    if index < 9 {
        match Row::new(index) {
            Some(r) => House::Row(r),
            None => panic!("row out of range"),
        }
    } else if index < 18 {
        match Col::new(index - 9) {
            Some(c) => House::Col(c),
            None => panic!("column out of range"),
        }
    } else {
        match Block::new(index - 18) {
            Some(b) => House::Block(b),
            None => panic!("box out of range"),
        }
    }
}

/// The cell index of the `i`-th cell (reading order) of house `h`.
const fn house_cell_index(h: usize, i: usize) -> usize {
    if h < 9 {
        h * 9 + i
    } else if h < 18 {
        i * 9 + (h - 9)
    } else {
        let b = h - 18;
        (b / 3) * 27 + (b % 3) * 3 + (i / 3) * 9 + i % 3
    }
}

const fn build_houses() -> [House; 27] {
    let mut out = [house_at(0); 27];
    let mut h = 0;
    while h < 27 {
        out[h] = house_at(h);
        h += 1;
    }
    out
}

const fn build_house_cells() -> [[Cell; 9]; 27] {
    let mut out = [[cell_at(0); 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            out[h][i] = cell_at(house_cell_index(h, i));
            i += 1;
        }
        h += 1;
    }
    out
}

const fn build_house_masks() -> [u128; 27] {
    let mut out = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            out[h] |= 1 << house_cell_index(h, i);
            i += 1;
        }
        h += 1;
    }
    out
}

const fn build_cell_houses() -> [[usize; 3]; 81] {
    let mut out = [[0usize; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        out[c] = [r, 9 + col, 18 + (r / 3) * 3 + col / 3];
        c += 1;
    }
    out
}

const fn build_peer_masks() -> [u128; 81] {
    let houses = build_cell_houses();
    let masks = build_house_masks();
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let [r, col, b] = houses[c];
        out[c] = (masks[r] | masks[col] | masks[b]) & !(1 << c);
        c += 1;
    }
    out
}

/// SE's peer order for a cell (`Cell.getHouseCells`): the box in reading order, then the row,
/// then the column, each cell once, the cell itself left out. XY-Wing search order depends on it.
const fn build_se_peers() -> [[Cell; 20]; 81] {
    let houses = build_cell_houses();
    let mut out = [[cell_at(0); 20]; 81];
    let mut c = 0;
    while c < 81 {
        let [r, col, b] = houses[c];
        let order = [b, r, col];
        let mut seen = 1u128 << c;
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let mut i = 0;
            while i < 9 {
                let other = house_cell_index(order[k], i);
                if seen & (1 << other) == 0 {
                    seen |= 1 << other;
                    out[c][n] = cell_at(other);
                    n += 1;
                }
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    out
}

const fn build_digits() -> [Digit; 9] {
    let mut out = [match Digit::new(1) {
        Some(d) => d,
        None => panic!("digit"),
    }; 9];
    let mut i = 0;
    while i < 9 {
        out[i] = match Digit::from_index(i) {
            Some(d) => d,
            None => panic!("digit"),
        };
        i += 1;
    }
    out
}

/// The 27 houses by index: rows, columns, boxes.
pub(crate) const HOUSES: [House; 27] = build_houses();
/// The nine cells of each house, in reading order (so "position `i`" of a house is
/// `HOUSE_CELLS[h][i]`: the column in a row, the row in a column).
pub(crate) const HOUSE_CELLS: [[Cell; 9]; 27] = build_house_cells();
/// The cells of each house as a mask.
pub(crate) const HOUSE_MASKS: [u128; 27] = build_house_masks();
/// The peers of each cell as a mask.
pub(crate) const PEER_MASKS: [u128; 81] = build_peer_masks();
/// The peers of each cell in Sudoku Explainer's order (box, row, column).
pub(crate) const SE_PEERS: [[Cell; 20]; 81] = build_se_peers();
/// The nine digits by index.
pub(crate) const DIGITS: [Digit; 9] = build_digits();

/// The order in which Sudoku Explainer scans houses for singles and subsets: boxes, then
/// columns, then rows (each in increasing order).
pub(crate) const SE_HOUSE_ORDER: [usize; 27] = {
    let mut out = [0usize; 27];
    let mut i = 0;
    while i < 27 {
        out[i] = if i < 9 {
            18 + i
        } else if i < 18 {
            i
        } else {
            i - 18
        };
        i += 1;
    }
    out
};

/// The house with index `h` (0..27); `h` out of range wraps, which no caller does.
pub(crate) fn house(h: usize) -> House {
    HOUSES[h % 27]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_board_types() {
        for (h, house) in House::all().enumerate() {
            assert_eq!(HOUSES[h], house);
            assert_eq!(house_index(house), h);
            assert_eq!(HOUSE_CELLS[h], house.cells());
            assert_eq!(CellSet::house(house), house.cells().into_iter().collect());
        }
        for cell in Cell::all() {
            let peers: CellSet = cell.peers().collect();
            assert_eq!(CellSet::peers(cell), peers);
            let se: CellSet = SE_PEERS[cell.index()].iter().copied().collect();
            assert_eq!(se, peers);
            let [r, c, b] = build_cell_houses()[cell.index()];
            assert_eq!(HOUSES[r], House::Row(cell.row()));
            assert_eq!(HOUSES[c], House::Col(cell.col()));
            assert_eq!(HOUSES[b], House::Block(cell.block()));
        }
        assert_eq!(DIGITS.map(Digit::get), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn se_peer_order_starts_with_the_box() {
        let r5c5 = cell_at(40);
        let names: Vec<String> = SE_PEERS[40][..10].iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            ["r4c4", "r4c5", "r4c6", "r5c4", "r5c6", "r6c4", "r6c5", "r6c6", "r5c1", "r5c2"]
        );
        assert!(!SE_PEERS[40].contains(&r5c5));
    }

    #[test]
    fn set_operations_and_iteration() {
        let a: CellSet = [0, 5, 80].iter().filter_map(|&i| Cell::new(i)).collect();
        let b = CellSet::from_bits(1 | (1 << 7) | (u128::MAX << 81));
        assert_eq!(b.len(), 2);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a | b).len(), 4);
        assert_eq!(a.difference(b).len(), 2);
        assert_eq!(a.iter().map(Cell::index).collect::<Vec<_>>(), [0, 5, 80]);
        assert_eq!(format!("{a:?}"), "{r1c1, r1c6, r9c9}");
        assert_eq!(CellSet::single(cell_at(3)).single_cell(), Some(cell_at(3)));
        assert!(CellSet::EMPTY.first().is_none());
        assert!(a.intersection(b).is_subset(a));
        assert_eq!(CellSet::ALL.len(), 81);
        assert_eq!(SE_HOUSE_ORDER[0], 18);
        assert_eq!(SE_HOUSE_ORDER[9], 9);
        assert_eq!(SE_HOUSE_ORDER[26], 8);
    }
}
