//! The 9x9 grid of digits and blanks, and the rule check on it.

use super::{Block, Candidates, Cell, Col, Digit, House, Row};
use std::fmt;

/// A 9x9 grid: each cell holds a digit or is blank.
///
/// A `Grid` is a puzzle (its digits are the givens), a partly solved board, or a solution. It
/// may break the rules (two equal digits in a house): [`Grid::check_rules`] says where.
///
/// ```
/// use sudokit::{Cell, Digit, Grid};
/// let mut grid = Grid::empty();
/// let cell = Cell::new(10).unwrap();
/// grid.set(cell, Digit::new(7));
/// assert_eq!(grid.get(cell), Digit::new(7));
/// assert_eq!(grid.count_filled(), 1);
/// assert!(grid.check_rules().is_ok());
///
/// // `FromStr` reads every layout `format::parse` does; `Display` prints the 81-character line.
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()?;
/// assert_eq!(puzzle.to_string().parse::<Grid>()?, puzzle);
/// assert!(format!("{puzzle:#}").starts_with("5 3 . | . 7 . | . . .\n"));
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    /// 0 for a blank, otherwise the digit; invariant: every value is 0..=9.
    values: [u8; 81],
}

impl Grid {
    /// The grid with every cell blank.
    pub const fn empty() -> Grid {
        Grid { values: [0; 81] }
    }

    /// The grid with these values in row-major order (0 for a blank), or `None` if a value is
    /// above 9.
    pub fn from_values(values: [u8; 81]) -> Option<Grid> {
        // A maximum over all 81 values rather than `all` with its early exit: the compiler
        // vectorises it (the solver builds every solution through here).
        if values.iter().fold(0, |max, &v| max.max(v)) <= 9 {
            Some(Grid { values })
        } else {
            None
        }
    }

    /// The values in row-major order, 0 for a blank.
    pub const fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The digit in `cell`, or `None` if it is blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// Puts `digit` in `cell`, or blanks it with `None`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.values[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// How many cells hold a digit (for a puzzle: the number of givens, or clues).
    pub fn count_filled(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits in one house, scanning rows, then columns, then boxes;
    /// `Ok` if the grid keeps the rules. A blank grid keeps them.
    pub fn check_rules(&self) -> Result<(), RuleViolation> {
        // Fast path: one pass with a digit mask per house; the slow scan below only runs to
        // name the first violation.
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut clash = false;
        for (index, &value) in self.values.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let bit = 1u16 << value;
            let (row, col) = (index / 9, index % 9);
            let block = (row / 3) * 3 + col / 3;
            clash |= (rows[row] | cols[col] | boxes[block]) & bit != 0;
            rows[row] |= bit;
            cols[col] |= bit;
            boxes[block] |= bit;
        }
        if !clash {
            return Ok(());
        }
        for house in House::all() {
            let mut first_seen: [Option<Cell>; 9] = [None; 9];
            for cell in house.cells() {
                if let Some(digit) = self.get(cell) {
                    match first_seen[digit.index()] {
                        Some(first) => {
                            return Err(RuleViolation {
                                first,
                                second: cell,
                                digit,
                                house,
                            })
                        }
                        None => first_seen[digit.index()] = Some(cell),
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether this grid is a solution of `puzzle`: full, keeping the rules, and holding every
    /// given of `puzzle` in its cell.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.is_full()
            && self.check_rules().is_ok()
            && puzzle
                .values
                .iter()
                .zip(self.values.iter())
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// The digits that no filled peer of `cell` holds (all nine for an isolated cell). For a
    /// filled cell this is computed the same way, ignoring its own digit.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        let used: Candidates = cell.peers().filter_map(|peer| self.get(peer)).collect();
        Candidates::ALL.difference(used)
    }

    /// The digits of one row, left to right.
    pub fn row(&self, row: Row) -> [Option<Digit>; 9] {
        House::Row(row).cells().map(|c| self.get(c))
    }

    /// The digits of one column, top to bottom.
    pub fn col(&self, col: Col) -> [Option<Digit>; 9] {
        House::Col(col).cells().map(|c| self.get(c))
    }

    /// The digits of one box, in reading order.
    pub fn block(&self, block: Block) -> [Option<Digit>; 9] {
        House::Block(block).cells().map(|c| self.get(c))
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl fmt::Debug for Grid {
    /// The 81-character line, `.` for blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line: String = self
            .values
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect();
        write!(f, "Grid({line})")
    }
}

/// Two cells of one house hold the same digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{first} and {second} both hold {digit} ({house})")]
pub struct RuleViolation {
    /// The earlier cell in the house's reading order.
    pub first: Cell,
    /// The later cell.
    pub second: Cell,
    /// The digit both hold.
    pub digit: Digit,
    /// The house they share (the first found: rows before columns before boxes).
    pub house: House,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid_with(placements: &[(usize, u8)]) -> Grid {
        let mut values = [0; 81];
        for &(i, v) in placements {
            values[i] = v;
        }
        Grid::from_values(values).expect("values are digits")
    }

    #[test]
    fn display_and_from_str_round_trip_in_both_forms() {
        let grid = grid_with(&[(0, 5), (40, 9), (80, 1)]);
        let line = grid.to_string();
        assert_eq!(line.len(), 81);
        assert_eq!(&line[..2], "5.");
        assert_eq!(line.parse::<Grid>(), Ok(grid));
        let picture = format!("{grid:#}");
        assert_eq!(picture.lines().count(), 11);
        assert_eq!(picture.parse::<Grid>(), Ok(grid));
        let error = "12345".parse::<Grid>().expect_err("too short");
        assert_eq!(
            error.to_string(),
            "line 1, column 6: expected 81 cells, found 5"
        );
    }

    #[test]
    fn rule_violation_names_both_cells_the_digit_and_the_house() {
        let grid = grid_with(&[(2, 5), (6, 5)]);
        let err = grid.check_rules().expect_err("row 1 holds 5 twice");
        assert_eq!(err.to_string(), "r1c3 and r1c7 both hold 5 (row 1)");
        let grid = grid_with(&[(0, 3), (20, 3)]);
        assert_eq!(
            grid.check_rules().map_err(|e| e.to_string()),
            Err("r1c1 and r3c3 both hold 3 (box 1)".to_string())
        );
        let grid = grid_with(&[(4, 9), (76, 9)]);
        assert_eq!(
            grid.check_rules().map_err(|e| e.to_string()),
            Err("r1c5 and r9c5 both hold 9 (column 5)".to_string())
        );
    }

    #[test]
    fn from_values_rejects_values_above_nine() {
        let mut values = [0; 81];
        values[80] = 10;
        assert!(Grid::from_values(values).is_none());
    }

    #[test]
    fn candidates_exclude_peer_digits() {
        let grid = grid_with(&[(1, 1), (9, 2), (27, 3), (80, 4)]);
        let cell = Cell::new(0).expect("in range");
        assert_eq!(grid.candidates(cell).to_string(), "456789");
    }
}
