//! Little killer clues: the digits along a diagonal (or any line of cells) sum to the clue;
//! digits may repeat where no house forbids it.

use super::{Constraint, Solved};
use crate::variant::linear;
use crate::variant::build::{Builder, Dead, Propagator};
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

#[derive(Debug)]
struct Sum {
    cells: Vec<usize>,
    weights: Vec<i64>,
    sum: i64,
}

impl Propagator for Sum {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        linear::propagate(cand, &self.cells, &self.weights, self.sum)
    }
}

impl Constraint for LittleKiller {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let cells = b.cells(&self.cells)?;
        if cells.is_empty() {
            return Err(b.error("a little killer clue needs cells".into()));
        }
        let weights = vec![1; cells.len()];
        b.propagator(Box::new(Sum { cells, weights, sum: i64::from(self.sum) }));
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.cells.iter().map(|&p| s.at(p)).sum::<u32>() == self.sum
    }
}
