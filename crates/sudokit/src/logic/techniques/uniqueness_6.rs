//! HoDoKu's uniqueness test 6: a rectangle (see `rectangles`) on digits `a` and `b` whose two
//! diagonal corners hold only `a` and `b` and whose other two corners hold more, where one of
//! the digits, `u`, lies in both rows (or both columns) of the rectangle only in its corners.
//! Then `u` sits on one diagonal or the other; on the diagonal with the extra candidates it
//! would force the other diagonal to the other digit, the deadly pattern. So `u` leaves the
//! two corners with extra candidates.

use super::rectangles::{self, confined, only};
use super::report;
use crate::board::House;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds uniqueness tests of type 6. Sudoku Explainer lacks them.
#[derive(Debug, Clone, Copy)]
pub struct UniquenessType6 {
    missing: bool,
}

impl UniquenessType6 {
    /// Corners must hold both digits.
    pub const STRICT: UniquenessType6 = UniquenessType6 { missing: false };

    /// HoDoKu's "allow missing candidates": a corner may have lost `a` or `b` if it does not
    /// see that digit placed (see `rectangles`).
    pub const fn allowing_missing_candidates(self) -> UniquenessType6 {
        UniquenessType6 { missing: true }
    }
}

impl Finder for UniquenessType6 {
    fn technique(&self) -> Technique {
        Technique::UniquenessType6
    }

    fn assumes_unique_solution(&self) -> bool {
        true
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut flow = ControlFlow::Continue(());
        rectangles::each(grid, self.missing, &mut |corners, a, b| {
            let bare = corners.map(|c| only(grid, c, a, b));
            for start in 0..2 {
                // Corners `start` and `start + 2` bare, the other diagonal with extras.
                let diagonal = bare[start] && bare[start + 2];
                let other = bare[start + 1] || bare[(start + 3) % 4];
                if !diagonal || other {
                    continue;
                }
                let extra = [corners[start + 1], corners[(start + 3) % 4]];
                let rows = [House::Row(corners[0].row()), House::Row(corners[2].row())];
                let cols = [House::Col(corners[0].col()), House::Col(corners[1].col())];
                for (u, v) in [(a, b), (b, a)] {
                    let lines = if confined(grid, u, &rows, &corners) {
                        rows
                    } else if confined(grid, u, &cols, &corners) {
                        cols
                    } else {
                        continue;
                    };
                    let mut step = Step::new(
                        Technique::UniquenessType6,
                        ratings.get(Technique::UniquenessType6),
                    );
                    step.eliminations = extra
                        .iter()
                        .filter(|&&c| grid.candidates(c).contains(u))
                        .map(|&c| (c, u))
                        .collect();
                    if step.eliminations.is_empty() {
                        continue;
                    }
                    step.cells = corners.to_vec();
                    step.houses = lines.to_vec();
                    step.digits = vec![u, v];
                    flow = report(found, step);
                    if flow.is_break() {
                        return false;
                    }
                }
            }
            true
        });
        flow
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, elims};

    fn grid(line: &str) -> CandidateGrid {
        ReglibCase::parse(line).expect("valid line").grid()
    }

    #[test]
    fn the_confined_digit_leaves_the_corners_with_extras() {
        // HoDoKu's reglib case 0605-1 on 6 and 7: expects 6 removed from r7c5 and r8c7.
        let line = ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687::";
        let steps = all(&UniquenessType6::STRICT, &grid(line));
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(elims(&steps[0]), ["6@r7c5", "6@r8c7"]);
        assert_eq!(steps[0].cells.len(), 4);
        assert_eq!(steps[0].digits[0].get(), 6);
        assert!(UniquenessType6::STRICT.assumes_unique_solution());
    }

    #[test]
    fn missing_candidates_are_an_option() {
        // Case 0605-2: a corner has lost 3 or 8; only the option finds the step.
        let line = ":0605-2:38:+4+9+3+168+57+252+8...9+6+1+1+6+7+9+2+5...+3+51.7+2+6+9.+6+8+95..2.+7+74+2+6...+5.8.+5....+269.+42.+6..+5+2.6.+5..3+9:437 839 365 366 867:339 367::";
        assert!(all(&UniquenessType6::STRICT, &grid(line)).is_empty());
        let steps = all(
            &UniquenessType6::STRICT.allowing_missing_candidates(),
            &grid(line),
        );
        assert!(
            steps.iter().any(|s| elims(s) == ["3@r3c9", "3@r6c7"]),
            "{steps:?}"
        );
    }
}
