//! A house given by its cells: digits differ, and a house of N cells holds each digit once.

use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// Cells whose digits all differ (at most N of them).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct House {
    /// The cells.
    pub cells: Vec<Pos>,
}

impl Constraint for House {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let cells = b.cells(&self.cells)?;
        b.house(cells)
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        s.distinct(self.cells.iter().copied())
    }
}
