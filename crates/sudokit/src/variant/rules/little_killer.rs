//! Little killer clues: the digits along a diagonal (or any line of cells) sum to the clue;
//! digits may repeat where no house forbids it.

use super::{Constraint, Solved};
use crate::variant::linear;
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// A little killer clue and the cells it sums.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct LittleKiller {
    /// The cells along the clue's diagonal.
    pub cells: Vec<Pos>,
    /// Their sum.
    pub sum: u32,
}

impl Constraint for LittleKiller {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let cells = b.cells(&self.cells)?;
        if cells.is_empty() {
            return Err(b.error("a little killer clue needs cells".into()));
        }
        let weights = vec![1; cells.len()];
        // Cells of the line that share a house (a box on a diagonal) differ: the sum knows it.
        let sum = linear::DistinctSum::new(b, cells, weights, i64::from(self.sum));
        b.propagator(Box::new(sum));
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.cells.iter().map(|&p| s.at(p)).sum::<u32>() == self.sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::build::digits;
    use crate::variant::{Puzzle, Rule, Shape};

    #[test]
    fn a_diagonal_with_three_cells_per_box_knows_they_differ() {
        // The main diagonal's first three cells are in box 1: a clue of 6 makes them 1, 2, 3,
        // where the sum alone would also allow 1 + 1 + 4 and 2 + 2 + 2.
        let clue = LittleKiller {
            cells: vec![Pos::new(0, 0), Pos::new(1, 1), Pos::new(2, 2)],
            sum: 6,
        };
        let puzzle = Puzzle::new(Shape::square(9).expect("9x9"), vec![0; 81], vec![Rule::LittleKiller(clue)])
            .expect("valid");
        let mut cand = puzzle.model.root.clone();
        puzzle
            .model
            .propagate(&mut cand, &mut crate::variant::work::Work::default(), None)
            .expect("consistent");
        for cell in [0, 10, 20] {
            assert_eq!(digits(cand[cell]), 0b1110, "cell {cell}");
        }
    }
}
