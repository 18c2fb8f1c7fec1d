//! Disjoint groups: the cells at the same place in each box form a house.

use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::VariantError;

/// Cells at the same place within their boxes differ. Needs a grid with boxes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Disjoint {}

fn groups(n: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| {
            (0..n / rows)
                .flat_map(|br| (0..n / cols).map(move |bc| (br * rows + r) * n + bc * cols + c))
                .collect()
        })
        .collect()
}

impl Constraint for Disjoint {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let (rows, cols) = b.shape.box_dims().ok_or_else(|| b.error("needs boxes, not irregular regions".into()))?;
        for g in groups(b.n, rows, cols) {
            b.house(g)?;
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        let Some((rows, cols)) = s.shape.box_dims() else { return false };
        groups(s.n, rows, cols).iter().all(|g| s.distinct(g.iter().map(|&c| s.shape.pos(c))))
    }
}
