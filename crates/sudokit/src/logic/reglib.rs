//! The pencilmark state of a HoDoKu regression-library case (the line is parsed in
//! `format::tool`, which must not depend on `logic`).

use super::CandidateGrid;
use crate::format::tool::ReglibCase;

impl ReglibCase {
    /// The pencilmark state to run the technique on: the case's givens and placed digits,
    /// removed from their peers' candidates, and its deleted candidates removed.
    ///
    /// ```
    /// use sudokit::format::tool::ReglibCase;
    /// let line = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:";
    /// let grid = ReglibCase::parse(line)?.grid();
    /// assert_eq!(grid.empty_cells().len(), 9);
    /// # Ok::<(), sudokit::format::tool::ReglibError>(())
    /// ```
    ///
    /// Its `+` digits are marked as placed, not given ([`CandidateGrid::deduced_cells`]).
    pub fn grid(&self) -> CandidateGrid {
        let mut grid = CandidateGrid::from_pencilmarks(&self.pencilmarks);
        grid.mark_deduced(self.placed_cells.iter().copied().collect());
        grid
    }
}

#[cfg(test)]
mod tests {
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{cell, digit};
    use crate::logic::CandidateGrid;

    #[test]
    fn a_case_state_is_its_givens_minus_the_deleted_candidates() {
        let line = ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::\r";
        let case = ReglibCase::parse(line).expect("valid");
        let grid = case.grid();
        assert_eq!(grid.value(cell("r1c2")), Some(digit(9)));
        assert!(!grid.candidates(cell("r1c1")).contains(digit(8)));
        assert!(grid.candidates(cell("r1c1")).contains(digit(1)));
        // As the state was built before: the givens placed, then the deleted ones removed.
        let mut expected = CandidateGrid::from_grid(case.pencilmarks.placed());
        for (c, d) in [(cell("r1c1"), digit(8)), (cell("r1c5"), digit(5))] {
            expected.eliminate(c, d);
        }
        for token in ["715", "538", "761", "595", "795"] {
            let b = token.as_bytes();
            let c = cell(&format!("r{}c{}", b[1] as char, b[2] as char));
            expected.eliminate(c, digit(b[0] - b'0'));
        }
        // Its `+` digits are marked as placed, not given.
        assert!(grid.deduced_cells().contains(cell("r1c2")));
        assert!(!grid.deduced_cells().contains(cell("r1c3")));
        expected.mark_deduced(case.placed_cells.iter().copied().collect());
        assert_eq!(grid, expected);
    }
}
