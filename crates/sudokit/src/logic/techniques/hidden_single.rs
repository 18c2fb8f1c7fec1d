//! Hidden single: a digit has one possible cell left in a house.
//!
//! SE scans boxes, then columns, then rows, digits in increasing order, and leaves out houses
//! with a single empty cell (that is a full house, rated lower and found before).

use super::report;
use crate::logic::cell_set::{house, DIGITS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds hidden singles in one kind of house.
#[derive(Debug, Clone, Copy)]
pub struct HiddenSingle {
    technique: Technique,
    /// The first of the nine house indexes scanned, in order.
    first_house: usize,
}

impl HiddenSingle {
    /// Hidden singles in boxes (SE 1.2).
    pub const BOX: HiddenSingle = HiddenSingle {
        technique: Technique::HiddenSingleBox,
        first_house: 18,
    };
    /// Hidden singles in columns (SE 1.5).
    pub const COLUMN: HiddenSingle = HiddenSingle {
        technique: Technique::HiddenSingleColumn,
        first_house: 9,
    };
    /// Hidden singles in rows (SE 1.5).
    pub const ROW: HiddenSingle = HiddenSingle {
        technique: Technique::HiddenSingleRow,
        first_house: 0,
    };
}

impl Finder for HiddenSingle {
    fn technique(&self) -> Technique {
        self.technique
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for h in self.first_house..self.first_house + 9 {
            if grid.empty_in(h) == 1 {
                continue;
            }
            for digit in DIGITS {
                if let Some(cell) = grid.house_digit(h, digit.index()).single_cell() {
                    let mut step = Step::new(self.technique, ratings.get(self.technique));
                    step.placements.push((cell, digit));
                    step.cells.push(cell);
                    step.houses.push(house(h));
                    step.digits.push(digit);
                    report(found, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, first, house, places, puzzle};

    /// 1 is placed in rows 2 and 3 and columns 2 and 3, outside box 1: only r1c1 is left for
    /// it in box 1 (and, as it happens, in row 1 and column 1).
    fn position() -> CandidateGrid {
        let mut rows = vec![".".repeat(9); 9];
        rows[1] = "...1.....".to_string(); // r2c4
        rows[2] = "......1..".to_string(); // r3c7
        rows[3] = ".1.......".to_string(); // r4c2
        rows[6] = "..1......".to_string(); // r7c3
        puzzle(&rows.concat())
    }

    #[test]
    fn finds_the_single_place_in_a_box() {
        let step = first(&HiddenSingle::BOX, &position()).expect("box 1 has one place for 1");
        assert_eq!(places(&step), ["1@r1c1"]);
        assert_eq!(step.houses, [house("box 1")]);
        assert_eq!(step.rating.to_string(), "1.2");
        assert_eq!(all(&HiddenSingle::BOX, &position()).len(), 1);
    }

    #[test]
    fn each_kind_of_house_has_its_own_finder() {
        // In this position r1c1 is also the only place for 1 in column 1 and in row 1.
        let step = first(&HiddenSingle::COLUMN, &position()).expect("column 1");
        assert_eq!(places(&step), ["1@r1c1"]);
        assert_eq!(step.houses, [house("column 1")]);
        assert_eq!(step.rating.to_string(), "1.5");
        let step = first(&HiddenSingle::ROW, &position()).expect("row 1");
        assert_eq!(step.houses, [house("row 1")]);
        assert_eq!(step.rating.to_string(), "1.5");
        let open = CandidateGrid::new();
        for finder in [HiddenSingle::BOX, HiddenSingle::COLUMN, HiddenSingle::ROW] {
            assert!(first(&finder, &open).is_none());
        }
    }

    #[test]
    fn a_house_with_one_empty_cell_is_left_to_full_house() {
        let grid = puzzle(&format!("12345678.{}", ".".repeat(72)));
        assert!(all(&HiddenSingle::ROW, &grid)
            .iter()
            .all(|s| s.houses != [house("row 1")]));
    }
}
