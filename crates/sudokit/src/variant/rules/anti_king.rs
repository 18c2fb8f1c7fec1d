//! Cells a chess king's move apart hold different digits.

use super::{offset_pairs, Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::VariantError;

/// Cells a chess king's move apart differ.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct AntiKing {}

const OFFSETS: &[(i32, i32)] = &[(0, 1), (1, -1), (1, 0), (1, 1)];

impl Constraint for AntiKing {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for (x, y) in offset_pairs(b.n, OFFSETS) {
            b.differ(x, y);
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        offset_pairs(s.n, OFFSETS).into_iter().all(|(x, y)| s.grid[x] != s.grid[y])
    }
}
