//! HoDoKu's uniqueness test 5: a rectangle (see `rectangles`) on digits `a` and `b` whose
//! corners hold only `a` and `b` but for two diagonal corners, or three corners, that hold
//! `a`, `b` and one extra digit `x`, the same in each. Were none of them `x`, the four corners
//! would take `a` and `b` in the deadly pattern; so one of them is `x`, and `x` leaves every
//! cell that sees them all.
//!
//! Sudoku Explainer's unique rectangle type 2 takes any number of corners with one common
//! extra digit, so it finds these too (and human mode keeps it); this finder names them as
//! HoDoKu does, and with HoDoKu's "allow missing candidates" option finds the reglib's `-2`
//! cases, where a corner has lost `a` or `b`.

use super::rectangles::{self, Corners};
use super::report;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::{CandidateGrid, CellSet, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds uniqueness tests of type 5. Sudoku Explainer lacks the name (see the module doc).
#[derive(Debug, Clone, Copy)]
pub struct UniquenessType5 {
    missing: bool,
}

impl UniquenessType5 {
    /// Corners must hold both digits.
    pub const STRICT: UniquenessType5 = UniquenessType5 { missing: false };

    /// HoDoKu's "allow missing candidates" (see `rectangles`).
    pub const fn allowing_missing_candidates(self) -> UniquenessType5 {
        UniquenessType5 { missing: true }
    }
}

/// The one extra digit the corners other than `a` and `b` share, with those corners, if the
/// pattern is a type 5: two diagonal corners or three.
fn extra(
    grid: &CandidateGrid,
    corners: &Corners,
    a: Digit,
    b: Digit,
) -> Option<(Digit, Vec<Cell>)> {
    let mut pair = Candidates::NONE;
    pair.insert(a);
    pair.insert(b);
    let mut x = Candidates::NONE;
    let mut with = Vec::new();
    for &c in corners {
        let more = grid.candidates(c).difference(pair);
        if !more.is_empty() {
            x = x.union(more);
            with.push(c);
        }
    }
    let digit = x.single_digit()?;
    let diagonal =
        with.len() == 2 && with[0].row() != with[1].row() && with[0].col() != with[1].col();
    (diagonal || with.len() == 3).then_some((digit, with))
}

impl Finder for UniquenessType5 {
    fn technique(&self) -> Technique {
        Technique::UniquenessType5
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
            let Some((x, with)) = extra(grid, &corners, a, b) else {
                return true;
            };
            let seeing = with
                .iter()
                .fold(grid.cells_with(x), |acc, &c| acc & CellSet::peers(c));
            let rect: CellSet = corners.iter().copied().collect();
            let targets = seeing.difference(rect);
            if targets.is_empty() {
                return true;
            }
            let mut step = Step::new(
                Technique::UniquenessType5,
                ratings.get(Technique::UniquenessType5),
            );
            step.eliminations = targets.iter().map(|c| (c, x)).collect();
            step.cells = corners.to_vec();
            step.cells.extend(with);
            step.digits = vec![a, b, x];
            flow = report(found, step);
            flow.is_continue()
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
    fn the_extra_digit_leaves_the_cells_that_see_all_its_corners() {
        // HoDoKu's reglib case 0604-1 on 2 and 6: expects 4 removed from r4c8.
        let line = ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::";
        let steps = all(&UniquenessType5::STRICT, &grid(line));
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(elims(&steps[0]), ["4@r4c8"]);
        assert_eq!(
            steps[0].digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [2, 6, 4]
        );
        // Corners, then the two or three with the extra digit.
        assert!(matches!(steps[0].cells.len(), 6 | 7));
        assert!(UniquenessType5::STRICT.assumes_unique_solution());
    }

    #[test]
    fn missing_candidates_are_an_option() {
        // Case 0604-2 on 5 and 7: a corner has lost 5 or 7; only the option finds the step.
        let line = ":0604-2:57:1..+4..+93+2.2+6.7+3+1+4+5+4+3..2+1+6+78.4+3+2+1.7+8+6+7.+26.+4+35..+6.3.+7+4+2.6..14.2+9+3+2..+7+3...43.+4..+2..+7:812 815 563 573 586 886 592 892 994 595 895:883::";
        let strict = all(&UniquenessType5::STRICT, &grid(line));
        assert!(!strict.iter().any(|s| elims(s) == ["8@r8c3"]), "{strict:?}");
        let steps = all(
            &UniquenessType5::STRICT.allowing_missing_candidates(),
            &grid(line),
        );
        assert!(steps.iter().any(|s| elims(s) == ["8@r8c3"]), "{steps:?}");
    }

    #[test]
    fn two_corners_in_one_line_are_type_2_not_5() {
        // Case 0601-1 (a type 2): the extra digit's corners share a line.
        let line = ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::";
        assert!(all(&UniquenessType5::STRICT, &grid(line))
            .iter()
            .all(|s| elims(s) != ["7@r1c1", "7@r1c3", "7@r2c2", "7@r2c3", "7@r3c4", "7@r3c9"]));
    }
}
