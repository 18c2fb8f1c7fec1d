//! HoDoKu's hidden rectangle: a rectangle (see `rectangles`) on digits `a` and `b` with a
//! corner `x` holding only `a` and `b`. Take the corner `d` diagonal to it: if a digit `u` of
//! the two lies in `d`'s row and in `d`'s column only in the rectangle's corners, `d` cannot
//! be the other digit `v`. Were it `v`, `u` would go in both of `d`'s neighbours in the
//! rectangle, `x` would see both and be `v`: the deadly pattern.

use super::rectangles::{self, confined, only};
use super::report;
use crate::board::House;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds hidden rectangles. Sudoku Explainer lacks them.
#[derive(Debug, Clone, Copy)]
pub struct HiddenRectangle {
    missing: bool,
}

impl HiddenRectangle {
    /// Corners must hold both digits.
    pub const STRICT: HiddenRectangle = HiddenRectangle { missing: false };

    /// HoDoKu's "allow missing candidates" (see `rectangles`).
    pub const fn allowing_missing_candidates(self) -> HiddenRectangle {
        HiddenRectangle { missing: true }
    }
}

impl Finder for HiddenRectangle {
    fn technique(&self) -> Technique {
        Technique::HiddenRectangle
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
            for x in 0..4 {
                if !only(grid, corners[x], a, b) {
                    continue;
                }
                let d = corners[(x + 2) % 4];
                let lines = [House::Row(d.row()), House::Col(d.col())];
                for (u, v) in [(a, b), (b, a)] {
                    if !grid.candidates(d).contains(v) {
                        continue;
                    }
                    if !confined(grid, u, &lines, &corners) {
                        continue;
                    }
                    let mut step = Step::new(
                        Technique::HiddenRectangle,
                        ratings.get(Technique::HiddenRectangle),
                    );
                    step.eliminations.push((d, v));
                    step.cells = (0..4).map(|i| corners[(x + i) % 4]).collect();
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
    fn the_diagonal_corner_loses_the_other_digit() {
        // HoDoKu's reglib case 0606-1 on 3 and 9: expects 9 removed from r6c6.
        let line = ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::";
        let steps = all(&HiddenRectangle::STRICT, &grid(line));
        // Another hidden rectangle, on 5 and 9, is there too.
        let on_3_9: Vec<&Step> = steps
            .iter()
            .filter(|s| s.digits.iter().map(|d| d.get()).collect::<Vec<_>>() == [3, 9])
            .collect();
        assert_eq!(on_3_9.len(), 1, "{steps:?}");
        let step = on_3_9[0];
        assert_eq!(elims(step), ["9@r6c6"]);
        assert_eq!(step.cells[2].to_string(), "r6c6");
        assert_eq!(step.digits[1].get(), 9);
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn the_must_not_fire_case_finds_nothing_with_or_without_missing_candidates() {
        let line = ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395:435::";
        assert!(all(&HiddenRectangle::STRICT, &grid(line)).is_empty());
        let missing = HiddenRectangle::STRICT.allowing_missing_candidates();
        assert!(all(&missing, &grid(line)).is_empty());
    }

    #[test]
    fn missing_candidates_are_an_option() {
        // Case 0606-2 on 5 and 6: expects 6 removed from r1c3.
        let line = ":0606-2:56:....17.3+22+7+3+4+6+58+9+1....3+2+7+5..+8.6+5+32+19+531+7+2+9..+8+6+2+9+1..+3+75.4+2+3+9.+58.9..2..+1.+3+3..5..+9+2.:813 431 632 833 683 793 699:613::";
        let missing = HiddenRectangle::STRICT.allowing_missing_candidates();
        let steps = all(&missing, &grid(line));
        assert!(steps.iter().any(|s| elims(s) == ["6@r1c3"]), "{steps:?}");
        assert!(!all(&HiddenRectangle::STRICT, &grid(line))
            .iter()
            .any(|s| elims(s) == ["6@r1c3"]));
    }
}
