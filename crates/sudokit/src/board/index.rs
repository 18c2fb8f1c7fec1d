//! Digits and positions as newtypes, so that a row index cannot be passed where a box index is
//! expected.
//!
//! Every type here is a small integer that is valid by construction: `Digit` is 1..=9, the
//! position types are 0-based (`Cell` 0..81 in row-major order, `Row`, `Col` and `Block` 0..9).
//! Constructors from raw numbers return `Option`, so no input can build an out-of-range value.
//! Their `Display` uses the 1-based names players use: `r1c3`, `row 1`, `column 3`, `box 5`.

use std::fmt;

/// A number out of range for a [`Digit`], [`Row`], [`Col`], [`Block`] or [`Cell`], from their
/// `TryFrom<u8>` (which deserializing goes through).
///
/// ```
/// use sudokit::board::{IndexKind, OutOfRange};
/// use sudokit::{Cell, Digit};
/// assert_eq!(Digit::try_from(0), Err(OutOfRange { kind: IndexKind::Digit, value: 0 }));
/// assert_eq!(Cell::try_from(81).unwrap_err().to_string(), "a cell index must be 0 to 80");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", kind.expected())]
pub struct OutOfRange {
    /// The type the number was meant for.
    pub kind: IndexKind,
    /// The number.
    pub value: u8,
}

/// Which of the board's number types an [`OutOfRange`] number was meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IndexKind {
    /// A [`Digit`], 1 to 9.
    Digit,
    /// A [`Row`] index, 0 to 8.
    Row,
    /// A [`Col`] index, 0 to 8.
    Col,
    /// A [`Block`] index, 0 to 8.
    Block,
    /// A [`Cell`] index, 0 to 80.
    Cell,
}

impl IndexKind {
    /// The rule the number broke, as the error's message.
    const fn expected(self) -> &'static str {
        match self {
            IndexKind::Digit => "a digit must be 1 to 9",
            IndexKind::Row => "a row index must be 0 to 8",
            IndexKind::Col => "a column index must be 0 to 8",
            IndexKind::Block => "a box index must be 0 to 8",
            IndexKind::Cell => "a cell index must be 0 to 80",
        }
    }
}

/// A Sudoku digit, 1 to 9. Serialized as its value; deserializing checks the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8"))]
pub struct Digit(u8);

impl TryFrom<u8> for Digit {
    type Error = OutOfRange;

    fn try_from(value: u8) -> Result<Digit, OutOfRange> {
        Digit::new(value).ok_or(OutOfRange {
            kind: IndexKind::Digit,
            value,
        })
    }
}

impl Digit {
    /// The digit `value`, or `None` unless `1 <= value <= 9`.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit whose 0-based index is `index` (0 is digit 1), or `None` unless `index < 9`.
    pub const fn from_index(index: usize) -> Option<Digit> {
        if index < 9 {
            Some(Digit(index as u8 + 1))
        } else {
            None
        }
    }

    /// The digit's value, 1 to 9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The digit's 0-based index, 0 to 8 (digit 1 is index 0).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// All nine digits in order.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).map(Digit)
    }

    /// The ASCII character of the digit, `'1'` to `'9'`.
    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident, $count:expr, $label:expr, $kind:ident) => {
        $(#[$doc])*
        ///
        /// Serialized as its 0-based index; deserializing checks the range.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(try_from = "u8"))]
        pub struct $name(u8);

        impl TryFrom<u8> for $name {
            type Error = OutOfRange;

            fn try_from(index: u8) -> Result<$name, OutOfRange> {
                $name::new(usize::from(index)).ok_or(OutOfRange {
                    kind: IndexKind::$kind,
                    value: index,
                })
            }
        }

        impl $name {
            #[doc = concat!("How many values of this type there are (", stringify!($count), ").")]
            pub const COUNT: usize = $count;

            /// The value with this 0-based index, or `None` if it is out of range.
            pub const fn new(index: usize) -> Option<$name> {
                if index < $count {
                    Some($name(index as u8))
                } else {
                    None
                }
            }

            /// The 0-based index.
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// All values in increasing order.
            pub fn all() -> impl Iterator<Item = $name> {
                (0..$count as u8).map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", $label, self.0 + 1)
            }
        }
    };
}

index_type!(
    /// A row, 0-based from the top. Displays as `row 1` to `row 9`.
    Row,
    9,
    "row",
    Row
);
index_type!(
    /// A column, 0-based from the left. Displays as `column 1` to `column 9`.
    Col,
    9,
    "column",
    Col
);
index_type!(
    /// A 3x3 box, 0-based in reading order (box 0 is top left, box 8 bottom right).
    /// Displays as `box 1` to `box 9`. Named `Block` so it does not shadow `std::boxed::Box`.
    Block,
    9,
    "box",
    Block
);

/// One of the 81 cells, 0-based in row-major order. Displays as `r1c1` to `r9c9`. Serialized
/// as its 0-based index; deserializing checks the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8"))]
pub struct Cell(u8);

impl TryFrom<u8> for Cell {
    type Error = OutOfRange;

    fn try_from(index: u8) -> Result<Cell, OutOfRange> {
        Cell::new(usize::from(index)).ok_or(OutOfRange {
            kind: IndexKind::Cell,
            value: index,
        })
    }
}

impl Cell {
    /// How many cells there are (81).
    pub const COUNT: usize = 81;

    /// The cell with this row-major index, or `None` unless `index < 81`.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < 81 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell at the crossing of `row` and `col`.
    pub const fn at(row: Row, col: Col) -> Cell {
        Cell(row.0 * 9 + col.0)
    }

    /// The row-major index, 0 to 80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell's row.
    pub const fn row(self) -> Row {
        Row(self.0 / 9)
    }

    /// The cell's column.
    pub const fn col(self) -> Col {
        Col(self.0 % 9)
    }

    /// The cell's box.
    pub const fn block(self) -> Block {
        Block((self.0 / 27) * 3 + (self.0 % 9) / 3)
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81u8).map(Cell)
    }

    /// The 20 cells that share a row, column or box with this one (its "peers").
    pub fn peers(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |&other| {
            other != self
                && (other.row() == self.row()
                    || other.col() == self.col()
                    || other.block() == self.block())
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 / 9 + 1, self.0 % 9 + 1)
    }
}

/// A house: a row, a column or a box, the nine cells that must hold each digit once.
/// Serialized as `{"row": 0}`, `{"col": 0}` or `{"block": 0}` (0-based indexes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum House {
    /// A row.
    Row(Row),
    /// A column.
    Col(Col),
    /// A box.
    Block(Block),
}

impl House {
    /// All 27 houses: the 9 rows, then the 9 columns, then the 9 boxes.
    pub fn all() -> impl Iterator<Item = House> {
        Row::all()
            .map(House::Row)
            .chain(Col::all().map(House::Col))
            .chain(Block::all().map(House::Block))
    }

    /// The nine cells of the house, in reading order.
    pub fn cells(self) -> [Cell; 9] {
        let mut cells = [Cell(0); 9];
        for (i, slot) in cells.iter_mut().enumerate() {
            let i = i as u8;
            *slot = match self {
                House::Row(r) => Cell(r.0 * 9 + i),
                House::Col(c) => Cell(i * 9 + c.0),
                House::Block(b) => Cell((b.0 / 3) * 27 + (b.0 % 3) * 3 + (i / 3) * 9 + i % 3),
            };
        }
        cells
    }

    /// Whether `cell` lies in this house.
    pub fn contains(self, cell: Cell) -> bool {
        match self {
            House::Row(r) => cell.row() == r,
            House::Col(c) => cell.col() == c,
            House::Block(b) => cell.block() == b,
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(r) => r.fmt(f),
            House::Col(c) => c.fmt(f),
            House::Block(b) => b.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_reject_out_of_range_values() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::new(9).map(Digit::index), Some(8));
        assert_eq!(Cell::new(81), None);
        assert_eq!(Row::new(9), None);
    }

    #[test]
    fn try_from_names_the_type_and_keeps_the_messages() {
        let cases: [(Result<(), OutOfRange>, IndexKind, u8, &str); 5] = [
            (
                Digit::try_from(10).map(drop),
                IndexKind::Digit,
                10,
                "a digit must be 1 to 9",
            ),
            (
                Row::try_from(9).map(drop),
                IndexKind::Row,
                9,
                "a row index must be 0 to 8",
            ),
            (
                Col::try_from(200).map(drop),
                IndexKind::Col,
                200,
                "a column index must be 0 to 8",
            ),
            (
                Block::try_from(9).map(drop),
                IndexKind::Block,
                9,
                "a box index must be 0 to 8",
            ),
            (
                Cell::try_from(81).map(drop),
                IndexKind::Cell,
                81,
                "a cell index must be 0 to 80",
            ),
        ];
        for (result, kind, value, message) in cases {
            let error = result.expect_err(message);
            assert_eq!(error, OutOfRange { kind, value });
            assert_eq!(error.to_string(), message);
        }
        assert_eq!(Digit::try_from(9).map(Digit::get), Ok(9));
        assert_eq!(Cell::try_from(80).map(Cell::index), Ok(80));
    }

    #[test]
    fn cell_geometry_and_names() {
        let cell = Cell::new(40).expect("in range");
        assert_eq!(cell.to_string(), "r5c5");
        assert_eq!(cell.block().index(), 4);
        let last = Cell::new(80).expect("in range");
        assert_eq!(last.block().to_string(), "box 9");
        assert_eq!(Cell::at(last.row(), last.col()), last);
        assert_eq!(cell.peers().count(), 20);
    }

    #[test]
    fn every_house_has_nine_distinct_cells_and_every_cell_three_houses() {
        let mut seen = [0u8; 81];
        for house in House::all() {
            let cells = house.cells();
            for (i, a) in cells.iter().enumerate() {
                assert!(house.contains(*a));
                assert!(cells[i + 1..].iter().all(|b| b != a));
                seen[a.index()] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }
}
