//! Full house: the last empty cell of a house takes the one digit still missing there.
//!
//! SE finds it inside its hidden-single producer (`isAlone`: the house has one empty cell), in
//! boxes, then columns, then rows, digits in increasing order.

use super::report;
use crate::logic::cell_set::{house, DIGITS, SE_HOUSE_ORDER};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds full houses.
#[derive(Debug, Clone, Copy, Default)]
pub struct FullHouse;

impl Finder for FullHouse {
    fn technique(&self) -> Technique {
        Technique::FullHouse
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for h in SE_HOUSE_ORDER {
            if grid.empty_in(h) != 1 {
                continue;
            }
            for digit in DIGITS {
                if let Some(cell) = grid.house_digit(h, digit.index()).single_cell() {
                    let mut step = Step::new(self.technique(), ratings.get(self.technique()));
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

    #[test]
    fn fills_the_last_cell_of_a_box_first() {
        // Row 1 lacks only 9 (in r1c9); box 5 lacks only 1 (in r5c5): boxes come first.
        let grid = puzzle(&format!(
            "12345678.{}...234......5.6......789...{}",
            ".".repeat(18),
            ".".repeat(27)
        ));
        let step = first(&FullHouse, &grid).expect("two full houses");
        assert_eq!(places(&step), ["1@r5c5"]);
        assert_eq!(step.houses, [house("box 5")]);
        assert_eq!(step.rating.to_string(), "1.0");
        let steps = all(&FullHouse, &grid);
        assert_eq!(steps.len(), 2);
        assert_eq!(places(&steps[1]), ["9@r1c9"]);
        assert_eq!(steps[1].houses, [house("row 1")]);
    }

    #[test]
    fn needs_exactly_one_empty_cell() {
        let grid = puzzle(&format!("1234567..{}", ".".repeat(72)));
        assert!(first(&FullHouse, &grid).is_none());
        let solved = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert!(first(&FullHouse, &solved).is_none());
    }
}
