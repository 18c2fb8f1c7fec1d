//! Arrows: the digits along an arrow sum to the number in its circle (a pill of several
//! cells reads as a decimal number, so only in grids up to 9x9).

use super::{Constraint, Solved};
use crate::variant::linear;
use crate::variant::build::{Builder, Dead, Propagator};
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

#[derive(Debug)]
struct Sum {
    cells: Vec<usize>,
    weights: Vec<i64>,
}

impl Propagator for Sum {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        linear::propagate(cand, &self.cells, &self.weights, 0)
    }
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
        b.propagator(Box::new(Sum { cells, weights }));
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        let circle = self.circle.iter().fold(0u32, |v, &p| v * 10 + s.at(p));
        circle == self.cells.iter().map(|&p| s.at(p)).sum::<u32>()
    }
}
