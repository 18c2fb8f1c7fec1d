//! Arrows: the digits along an arrow sum to the number in its circle (a pill of several
//! cells reads as a decimal number, so only in grids up to 9x9).

use super::{Constraint, Solved};
use crate::variant::linear;
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// An arrow: the circle (one cell, or a pill of up to three read left to right) and the cells
/// along the arrow.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Arrow {
    /// The circle's cells, most significant digit first.
    pub circle: Vec<Pos>,
    /// The cells along the arrow (digits may repeat unless a house forbids it).
    pub cells: Vec<Pos>,
}

impl Constraint for Arrow {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        if self.circle.is_empty() || self.cells.is_empty() {
            return Err(b.error("an arrow needs a circle and cells".into()));
        }
        if self.circle.len() > 1 && (b.n > 9 || self.circle.len() > 3) {
            return Err(b.error("a pill of several cells is read as a decimal number: up to 3 cells, grids up to 9x9".into()));
        }
        let all: Vec<Pos> = self.circle.iter().chain(&self.cells).copied().collect();
        let cells = b.cells(&all)?;
        let k = self.circle.len();
        let weights = (0..cells.len())
            .map(|i| if i < k { -(10i64.pow((k - 1 - i) as u32)) } else { 1 })
            .collect();
        // Cells of the arrow that share a house differ: the sum knows it, and what a group of
        // them must hold leaves the cells that see the whole group.
        let sum = linear::DistinctSum::new(b, cells, weights, 0).with_seers(b);
        b.propagator(Box::new(sum));
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        let circle = self.circle.iter().fold(0u32, |v, &p| v * 10 + s.at(p));
        circle == self.cells.iter().map(|&p| s.at(p)).sum::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::build::digits;
    use crate::variant::{Puzzle, Rule, Shape};

    fn root_candidates(rules: Vec<Rule>) -> Vec<u32> {
        let puzzle = Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], rules).expect("valid");
        let mut cand = puzzle.model.root.clone();
        puzzle
            .model
            .propagate(&mut cand, &mut crate::variant::work::Work::default(), None)
            .expect("consistent");
        cand
    }

    fn mask(ds: impl IntoIterator<Item = u32>) -> u32 {
        ds.into_iter().fold(0, |m, d| m | 1 << d)
    }

    #[test]
    fn a_shaft_in_one_box_sums_to_at_least_one_two_three() {
        // Circle r1c1, shaft r2c2, r2c3, r3c3: all in box 1, so the shaft holds three different
        // digits (at least 6) and the circle, which sees them, is 6 to 9.
        let arrow = Arrow {
            circle: vec![Pos::new(0, 0)],
            cells: vec![Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 2)],
        };
        let cand = root_candidates(vec![Rule::Arrow(arrow)]);
        assert_eq!(digits(cand[0]), mask(6..=9));
        // The shaft: at most 9 - 1 - 2 = 6.
        for cell in [10, 11, 20] {
            assert_eq!(digits(cand[cell]), mask(1..=6), "cell {cell}");
        }
    }

    #[test]
    fn a_shaft_across_houses_may_repeat() {
        // r1c1 and r9c9 share no house: 1 + 1 = 2 is allowed, so the circle r5c1 may be 2.
        let arrow = Arrow {
            circle: vec![Pos::new(4, 0)],
            cells: vec![Pos::new(0, 1), Pos::new(8, 8)],
        };
        let cand = root_candidates(vec![Rule::Arrow(arrow)]);
        assert_eq!(digits(cand[36]), mask(2..=9));
    }

    #[test]
    fn what_a_shaft_in_one_box_must_hold_leaves_the_box() {
        // Circle r1c1 given 3, shaft r2c2 and r2c3 in box 1: the shaft is {1, 2}, so the rest
        // of box 1 and of row 2 holds neither; r2c2's column sees one shaft cell only.
        let arrow = Arrow {
            circle: vec![Pos::new(0, 0)],
            cells: vec![Pos::new(1, 1), Pos::new(1, 2)],
        };
        let mut givens = vec![0; 81];
        givens[0] = 3;
        let puzzle =
            Puzzle::new(Shape::square(9).expect("9x9"), givens, vec![Rule::Arrow(arrow)]).expect("valid");
        let mut cand = puzzle.model.root.clone();
        puzzle
            .model
            .propagate(&mut cand, &mut crate::variant::work::Work::default(), None)
            .expect("consistent");
        for cell in [10, 11] {
            assert_eq!(digits(cand[cell]), mask([1, 2]), "cell {cell}");
        }
        for cell in [1, 2, 9, 18, 19, 20, 12, 17] {
            assert_eq!(digits(cand[cell]) & mask([1, 2]), 0, "cell {cell}");
        }
        assert_eq!(digits(cand[37]) & mask([1, 2]), mask([1, 2]), "r5c2 sees r2c2 only");
    }
}
