//! [`Pattern`]: a given set of clue positions.

use crate::format::{self, ParseError};
use crate::{Cell, Grid};

/// A set of cells that are to hold the clues.
///
/// ```
/// use sudokit::generate::Pattern;
/// use sudokit::Cell;
/// // `x` (or any digit) marks a clue, `.` or `0` a blank; every puzzle format works.
/// let line = format!("{}x", "x...".repeat(20));
/// let pattern = Pattern::parse(&line)?;
/// assert_eq!(pattern.len(), 21);
/// assert!(pattern.contains(Cell::new(4).unwrap()));
/// assert!(!pattern.contains(Cell::new(5).unwrap()));
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pattern {
    /// Bit `i` set: cell `i` holds a clue.
    bits: u128,
}

impl Pattern {
    /// The filled cells of `grid`.
    pub fn of(grid: &Grid) -> Pattern {
        let bits = grid
            .values()
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .fold(0u128, |bits, (i, _)| bits | 1 << i);
        Pattern { bits }
    }

    /// Reads a pattern written as a puzzle in any format of [`crate::format`], where `x` or `X`
    /// also marks a clue: the filled cells are the pattern. Errors point at the line and column.
    pub fn parse(text: &str) -> Result<Pattern, ParseError> {
        // One character for another keeps every line and column where it was.
        let text: String = text
            .chars()
            .map(|ch| if ch == 'x' || ch == 'X' { '1' } else { ch })
            .collect();
        format::parse(&text).map(|parsed| Pattern::of(&parsed.grid))
    }

    /// Whether `cell` is in the pattern.
    pub fn contains(&self, cell: Cell) -> bool {
        self.bits & (1 << cell.index()) != 0
    }

    /// The number of cells in the pattern.
    pub fn len(&self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the pattern has no cell.
    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }

    /// The cells of the pattern, in increasing order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(|&cell| self.contains(cell))
    }

    /// `grid` with every cell outside the pattern blanked.
    pub fn mask(&self, grid: &Grid) -> Grid {
        let mut values = *grid.values();
        for (i, value) in values.iter_mut().enumerate() {
            if self.bits & (1 << i) == 0 {
                *value = 0;
            }
        }
        // Values only became 0.
        Grid::from_values(values).unwrap_or_default()
    }

    /// The pattern as an 81-character line: `x` for a clue, `.` for a blank.
    pub fn to_line(&self) -> String {
        Cell::all()
            .map(|cell| if self.contains(cell) { 'x' } else { '.' })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_marks_are_clues() {
        let line = format!("x5X{}", ".".repeat(78));
        let pattern = Pattern::parse(&line).unwrap_or_default();
        assert_eq!(pattern.len(), 3);
        assert_eq!(pattern.to_line(), format!("xxx{}", ".".repeat(78)));
    }

    #[test]
    fn errors_keep_their_place() {
        let line = format!("x?{}", ".".repeat(79));
        let err = Pattern::parse(&line).err();
        assert_eq!(err.map(|e| (e.line, e.column)), Some((1, 2)));
    }

    #[test]
    fn mask_keeps_only_the_pattern() {
        let mut values = [0u8; 81];
        values[0] = 1;
        values[1] = 2;
        let grid = Grid::from_values(values).unwrap_or_default();
        let pattern = Pattern::parse(&format!("x{}", ".".repeat(80))).unwrap_or_default();
        assert_eq!(pattern.mask(&grid).values()[..2], [1, 0]);
        assert!(Pattern::default().is_empty());
    }
}
