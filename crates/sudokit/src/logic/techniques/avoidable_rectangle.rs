//! HoDoKu's avoidable rectangles: a rectangle of cells in two rows, two columns and two boxes
//! (see `rectangles`) where some corners hold digits placed while solving, not givens: `a` on
//! one diagonal and `b` on the other. Were the empty corners to take the same pattern, the four
//! cells could swap `a` and `b` without touching a given, a second solution; so they do not.
//!
//! - Type 1: three corners placed; the fourth cannot be the digit that completes the pattern.
//! - Type 2: two corners placed (one `a`, one `b`); the two empty corners each hold the digit
//!   that completes the pattern and one extra digit `x`, the same in both; one of them is `x`,
//!   so `x` leaves every cell that sees both.
//!
//! Only the grid knows which digits were placed rather than given
//! ([`CandidateGrid::deduced_cells`]): a step's placements, or a HoDoKu case's `+` digits. A
//! filled cell it does not know counts as a given, so on a bare puzzle state the pattern never
//! fires wrongly.

use super::rectangles::{self, Corners};
use super::report;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::{CandidateGrid, CellSet, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds avoidable rectangles of one type. Sudoku Explainer lacks them.
#[derive(Debug, Clone, Copy)]
pub struct AvoidableRectangle {
    technique: Technique,
}

impl AvoidableRectangle {
    /// Three corners placed.
    pub const TYPE_1: AvoidableRectangle = AvoidableRectangle {
        technique: Technique::AvoidableRectangle1,
    };
    /// Two corners placed, the other two with one common extra digit.
    pub const TYPE_2: AvoidableRectangle = AvoidableRectangle {
        technique: Technique::AvoidableRectangle2,
    };
}

/// The digits `[a, b]` of a pattern and its empty corners, each with the digit it lacks.
type Pattern = ([Digit; 2], Vec<(Cell, Digit)>);

/// The pattern's digits `[a, b]` (of the diagonals through corners 0 and 1) and the empty
/// corners with the digit each would need to complete it; `None` unless every filled corner
/// was placed while solving, each diagonal has one, and they agree.
fn pattern(grid: &CandidateGrid, corners: &Corners) -> Option<Pattern> {
    let deduced = grid.deduced_cells();
    let mut values: [Option<Digit>; 2] = [None, None];
    for (i, &c) in corners.iter().enumerate() {
        let Some(v) = grid.value(c) else {
            continue;
        };
        if !deduced.contains(c) || values[i % 2].is_some_and(|w| w != v) {
            return None;
        }
        values[i % 2] = Some(v);
    }
    let (a, b) = (values[0]?, values[1]?);
    if a == b {
        return None;
    }
    let empty: Vec<(Cell, Digit)> = corners
        .iter()
        .enumerate()
        .filter(|&(_, &c)| grid.value(c).is_none())
        .map(|(i, &c)| (c, if i % 2 == 0 { a } else { b }))
        .collect();
    let possible = empty.iter().all(|&(c, d)| grid.candidates(c).contains(d));
    possible.then_some(([a, b], empty))
}

impl Finder for AvoidableRectangle {
    fn technique(&self) -> Technique {
        self.technique
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
        if grid.deduced_cells().len() < 2 {
            return ControlFlow::Continue(());
        }
        let type_1 = self.technique == Technique::AvoidableRectangle1;
        for corners in rectangles::two_box_rectangles() {
            let Some((digits, empty)) = pattern(grid, &corners) else {
                continue;
            };
            let mut step = Step::new(self.technique, ratings.get(self.technique));
            match (type_1, &empty[..]) {
                (true, &[(cell, d)]) => step.eliminations.push((cell, d)),
                (false, &[(c1, d1), (c2, d2)]) => {
                    let extra = |c: Cell, d: Digit| {
                        grid.candidates(c)
                            .difference(Candidates::single(d))
                            .single_digit()
                    };
                    let (Some(x), Some(y)) = (extra(c1, d1), extra(c2, d2)) else {
                        continue;
                    };
                    if x != y {
                        continue;
                    }
                    let seeing = CellSet::peers(c1) & CellSet::peers(c2) & grid.cells_with(x);
                    step.eliminations = seeing.iter().map(|c| (c, x)).collect();
                    step.digits.push(x);
                }
                _ => continue,
            }
            if step.eliminations.is_empty() {
                continue;
            }
            step.digits.splice(0..0, digits);
            step.cells = corners.to_vec();
            step.cells.extend(empty.iter().map(|&(c, _)| c));
            report(found, step)?;
        }
        ControlFlow::Continue(())
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

    /// The same line with every `+` dropped: all its digits are givens.
    fn all_given(line: &str) -> CandidateGrid {
        grid(&line.replace('+', ""))
    }

    #[test]
    fn type_1_keeps_the_fourth_corner_off_the_pattern() {
        // HoDoKu's reglib case 0607-1 on 1 and 9: expects 9 removed from r5c1.
        let line = ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::";
        let steps = all(&AvoidableRectangle::TYPE_1, &grid(line));
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(elims(&steps[0]), ["9@r5c1"]);
        assert_eq!(steps[0].cells.len(), 5);
        // With the same digits as givens, swapping them is no second solution.
        assert!(all(&AvoidableRectangle::TYPE_1, &all_given(line)).is_empty());
        assert!(AvoidableRectangle::TYPE_1.assumes_unique_solution());
    }

    #[test]
    fn type_2_removes_the_common_extra_digit() {
        // Case 0608-1 on 3 and 7: expects 9 removed from r4c3, r7c2 and r8c2.
        let line = ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::";
        let steps = all(&AvoidableRectangle::TYPE_2, &grid(line));
        assert!(
            steps
                .iter()
                .any(|s| elims(s) == ["9@r4c3", "9@r7c2", "9@r8c2"]),
            "{steps:?}"
        );
        assert!(all(&AvoidableRectangle::TYPE_2, &all_given(line)).is_empty());
    }

    #[test]
    fn a_state_built_from_a_puzzle_has_no_placed_digits() {
        let line = ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::";
        let case = ReglibCase::parse(line).expect("valid line");
        let from_puzzle = CandidateGrid::from_grid(case.pencilmarks.placed());
        assert!(from_puzzle.deduced_cells().is_empty());
        assert!(all(&AvoidableRectangle::TYPE_1, &from_puzzle).is_empty());
    }
}
