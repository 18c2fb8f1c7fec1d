//! Naked single: an empty cell has one candidate left. SE scans cells in row-major order.

use super::report;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds naked singles.
#[derive(Debug, Clone, Copy, Default)]
pub struct NakedSingle;

impl Finder for NakedSingle {
    fn technique(&self) -> Technique {
        Technique::NakedSingle
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for cell in grid.empty_cells() {
            if let Some(digit) = grid.candidates(cell).single_digit() {
                let mut step = Step::new(self.technique(), ratings.get(self.technique()));
                step.placements.push((cell, digit));
                step.cells.push(cell);
                step.digits.push(digit);
                report(found, step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, first, keep, places};

    #[test]
    fn finds_cells_with_one_candidate_in_row_major_order() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r9c9", "4");
        keep(&mut grid, "r2c3", "7");
        keep(&mut grid, "r1c1", "12");
        let step = first(&NakedSingle, &grid).expect("two naked singles");
        assert_eq!(places(&step), ["7@r2c3"]);
        assert!(step.houses.is_empty());
        assert_eq!(step.rating.to_string(), "2.3");
        assert_eq!(all(&NakedSingle, &grid).len(), 2);
    }

    #[test]
    fn ignores_filled_cells_and_cells_with_more_candidates() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        grid.place(
            crate::logic::test_util::cell("r5c5"),
            crate::logic::test_util::digit(3),
        );
        assert!(first(&NakedSingle, &grid).is_none());
    }
}
