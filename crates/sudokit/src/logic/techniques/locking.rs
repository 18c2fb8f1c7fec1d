//! Pointing and claiming (locked candidates): a digit confined to the intersection of a box and
//! a line in one of them leaves the rest of the other.
//!
//! SE's `Locking` scans (box, column), (box, row) pairs for pointing, then (column, box),
//! (row, box) for claiming; in each, first houses in order, then second houses, then digits.
//! The digit needs at least two places in the first house (one place is a hidden single).

use super::report;
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_MASKS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::{ControlFlow, Range};

const ROWS: Range<usize> = 0..9;
const COLUMNS: Range<usize> = 9..18;
const BOXES: Range<usize> = 18..27;

/// The house kinds SE pairs for pointing (box first) or claiming (line first), in scan order.
pub(super) fn scan_order(pointing: bool) -> [(Range<usize>, Range<usize>); 2] {
    if pointing {
        [(BOXES, COLUMNS), (BOXES, ROWS)]
    } else {
        [(COLUMNS, BOXES), (ROWS, BOXES)]
    }
}

/// Calls `visit(first, second, digit index, cells)` for every digit confined to the crossing of
/// houses `first` and `second` (in SE's order), where `cells` are its places in `first`.
pub(super) fn confined(
    grid: &CandidateGrid,
    pointing: bool,
    visit: &mut dyn FnMut(usize, usize, usize, CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (firsts, seconds) in scan_order(pointing) {
        for h1 in firsts {
            for h2 in seconds.clone() {
                let second = CellSet::from_bits(HOUSE_MASKS[h2]);
                if (CellSet::from_bits(HOUSE_MASKS[h1]) & second).is_empty() {
                    continue;
                }
                for d in 0..9 {
                    let places = grid.house_digit(h1, d);
                    if places.len() > 1 && places.is_subset(second) {
                        visit(h1, h2, d, places)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Finds pointing or claiming steps.
#[derive(Debug, Clone, Copy)]
pub struct Locking {
    pointing: bool,
}

impl Locking {
    /// Pointing: a box's digit confined to one line (SE 2.6).
    pub const POINTING: Locking = Locking { pointing: true };
    /// Claiming: a line's digit confined to one box (SE 2.8).
    pub const CLAIMING: Locking = Locking { pointing: false };
}

impl Finder for Locking {
    fn technique(&self) -> Technique {
        if self.pointing {
            Technique::Pointing
        } else {
            Technique::Claiming
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = self.technique();
        confined(grid, self.pointing, &mut |h1, h2, d, places| {
            let victims = grid
                .house_digit(h2, d)
                .difference(CellSet::from_bits(HOUSE_MASKS[h1]));
            if victims.is_empty() {
                return ControlFlow::Continue(());
            }
            let digit = DIGITS[d];
            let mut step = Step::new(technique, ratings.get(technique));
            step.eliminations = victims.iter().map(|c| (c, digit)).collect();
            step.cells = places.iter().collect();
            step.houses = vec![house(h1), house(h2)];
            step.digits.push(digit);
            report(found, step)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, confine, elims, first, house};

    #[test]
    fn pointing_removes_the_digit_from_the_rest_of_the_line() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "box 1", "r1c1 r1c2");
        let step = first(&Locking::POINTING, &grid).expect("7 points along row 1");
        assert_eq!(
            elims(&step),
            ["7@r1c4", "7@r1c5", "7@r1c6", "7@r1c7", "7@r1c8", "7@r1c9"]
        );
        assert_eq!(step.houses, [house("box 1"), house("row 1")]);
        assert_eq!(step.rating.to_string(), "2.6");
        assert!(first(&Locking::CLAIMING, &grid).is_none());
    }

    #[test]
    fn claiming_removes_the_digit_from_the_rest_of_the_box() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "row 1", "r1c1 r1c2");
        let step = first(&Locking::CLAIMING, &grid).expect("row 1 claims 7 for box 1");
        assert_eq!(elims(&step).len(), 6);
        assert_eq!(elims(&step)[0], "7@r2c1");
        assert_eq!(step.houses, [house("row 1"), house("box 1")]);
        assert_eq!(step.rating.to_string(), "2.8");
        assert!(first(&Locking::POINTING, &grid).is_none());
    }

    #[test]
    fn nothing_without_confinement_or_without_victims() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "box 1", "r1c1 r2c2");
        assert!(first(&Locking::POINTING, &grid).is_none());
        // Confined, but the rest of row 1 no longer holds 7.
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "row 1", "r1c1 r1c2");
        confine(&mut grid, 7, "box 1", "r1c1 r1c2");
        assert!(all(&Locking::POINTING, &grid).is_empty());
        assert!(all(&Locking::CLAIMING, &grid).is_empty());
    }
}
