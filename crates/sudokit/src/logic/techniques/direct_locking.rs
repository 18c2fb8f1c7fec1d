//! Direct pointing and direct claiming (SE's `Locking(true)`, `DirectLockingHint`).
//!
//! A pointing (claiming) whose eliminations would leave a hidden single in another house of the
//! same kind as the first one: another box crossing the line (another line crossing the box)
//! where the digit had more than one place, all but one of them on the line (in the box). SE
//! rates it 1.7 (1.9), so a puzzle that needs nothing harder stays below the plain locked
//! candidates' 2.6.
//!
//! The step **only places that single**, eliminating nothing: SE 1.2.1's `DirectLockingHint`
//! hands an empty map of removable candidates to `IndirectHint`, so applying it just sets the
//! cell. (Some later forks apply the eliminations too; with placement only, our ER matches
//! serate 1.2.1.3 on all 323 puzzles of `top1465` we solve, against 322 otherwise.)
//!
//! For each confined digit (same scan as [`Locking`](super::Locking)) SE tries the other houses
//! of the first kind in increasing order and reports every one that yields a single.

use super::locking::confined;
use super::report;
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_MASKS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds direct pointing or direct claiming steps.
#[derive(Debug, Clone, Copy)]
pub struct DirectLocking {
    pointing: bool,
}

impl DirectLocking {
    /// Direct pointing (SE 1.7).
    pub const POINTING: DirectLocking = DirectLocking { pointing: true };
    /// Direct claiming (SE 1.9).
    pub const CLAIMING: DirectLocking = DirectLocking { pointing: false };
}

impl Finder for DirectLocking {
    fn technique(&self) -> Technique {
        if self.pointing {
            Technique::DirectPointing
        } else {
            Technique::DirectClaiming
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = self.technique();
        // Houses of the first kind: boxes when pointing, else lines of the first house's kind.
        confined(grid, self.pointing, &mut |h1, h2, d, places| {
            let second = CellSet::from_bits(HOUSE_MASKS[h2]);
            let kind = (h1 / 9) * 9..(h1 / 9) * 9 + 9;
            for h3 in kind {
                if h3 == h1 || (CellSet::from_bits(HOUSE_MASKS[h3]) & second).is_empty() {
                    continue;
                }
                let third = grid.house_digit(h3, d);
                if third.len() < 2 {
                    continue;
                }
                let Some(single) = third.difference(second).single_cell() else {
                    continue;
                };
                let digit = DIGITS[d];
                let mut step = Step::new(technique, ratings.get(technique));
                step.placements.push((single, digit));
                step.cells = places.iter().collect();
                step.houses = vec![house(h1), house(h2), house(h3)];
                step.digits.push(digit);
                report(found, step)?;
            }
            ControlFlow::Continue(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{cells, confine, first, house, places};

    #[test]
    fn direct_pointing_places_the_single_it_leaves() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 5, "box 1", "r1c1 r2c1");
        confine(&mut grid, 5, "box 4", "r4c1 r5c2");
        let step = first(&DirectLocking::POINTING, &grid).expect("box 4 keeps r5c2");
        assert_eq!(places(&step), ["5@r5c2"]);
        assert!(
            step.eliminations.is_empty(),
            "SE applies the placement only"
        );
        assert_eq!(step.cells, cells("r1c1 r2c1"));
        assert_eq!(
            step.houses,
            [house("box 1"), house("column 1"), house("box 4")]
        );
        assert_eq!(step.rating.to_string(), "1.7");
    }

    #[test]
    fn direct_claiming_places_the_single_it_leaves() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "row 1", "r1c1 r1c2");
        confine(&mut grid, 3, "row 2", "r2c3 r2c5");
        let step = first(&DirectLocking::CLAIMING, &grid).expect("row 2 keeps r2c5");
        assert_eq!(places(&step), ["3@r2c5"]);
        assert!(step.eliminations.is_empty());
        assert_eq!(
            step.houses,
            [house("row 1"), house("box 1"), house("row 2")]
        );
        assert_eq!(step.rating.to_string(), "1.9");
    }

    #[test]
    fn no_step_when_the_other_house_keeps_two_places() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 5, "box 1", "r1c1 r2c1");
        confine(&mut grid, 5, "box 4", "r4c2 r5c2");
        assert!(first(&DirectLocking::POINTING, &grid).is_none());
        // A plain pointing is there all the same.
        assert!(first(&super::super::Locking::POINTING, &grid).is_some());
    }
}
