//! Non-consecutive: orthogonal neighbours differ by more than 1.

use super::{orthogonal_pairs, Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::VariantError;

/// Orthogonal neighbours are not consecutive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct NonConsecutive {}

impl Constraint for NonConsecutive {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for (x, y) in orthogonal_pairs(b.n).collect::<Vec<_>>() {
            let (x, y) = (b.cell(x)?, b.cell(y)?);
            b.relation(x, y, |p, q| p.abs_diff(q) != 1);
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        orthogonal_pairs(s.n).all(|(x, y)| s.at(x).abs_diff(s.at(y)) != 1)
    }
}
