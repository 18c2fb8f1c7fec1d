//! Sudoku X: both main diagonals hold every digit once.

use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::VariantError;

/// Both main diagonals are houses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Diagonal {}

fn diagonals(n: usize) -> [Vec<usize>; 2] {
    [(0..n).map(|i| i * n + i).collect(), (0..n).map(|i| i * n + (n - 1 - i)).collect()]
}

impl Constraint for Diagonal {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for d in diagonals(b.n) {
            b.house(d)?;
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        diagonals(s.n).iter().all(|d| s.distinct(d.iter().map(|&c| s.shape.pos(c))))
    }
}
