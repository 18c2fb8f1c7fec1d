//! Windoku (hyper Sudoku): the windows, boxes' shapes placed one cell in from the edges with
//! one cell between them (four in the 9x9, one in the 4x4), are houses.

use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::VariantError;

/// The windows (hyper boxes) are houses. Needs a grid with boxes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Windoku {}

/// The windows of a grid of size `n` with boxes of `rows` x `cols`.
pub(crate) fn windows(n: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let starts = |len: usize| (0..).map(move |k| 1 + k * (len + 1)).take_while(move |s| s + len < n + 1);
    let mut out = Vec::new();
    for r0 in starts(rows) {
        for c0 in starts(cols) {
            out.push((0..rows).flat_map(|r| (0..cols).map(move |c| (r0 + r) * n + c0 + c)).collect());
        }
    }
    out
}

impl Constraint for Windoku {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let (rows, cols) = b.shape.box_dims().ok_or_else(|| b.error("needs boxes, not irregular regions".into()))?;
        for w in windows(b.n, rows, cols) {
            b.house(w)?;
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        let Some((rows, cols)) = s.shape.box_dims() else { return false };
        windows(s.n, rows, cols).iter().all(|w| s.distinct(w.iter().map(|&c| s.shape.pos(c))))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn nine_by_nine_has_the_four_usual_windows() {
        let w = super::windows(9, 3, 3);
        assert_eq!(w.len(), 4);
        assert_eq!(w[0][..3], [10, 11, 12]);
        assert_eq!(w[3][8], 7 * 9 + 7);
        assert_eq!(super::windows(4, 2, 2), vec![vec![5, 6, 9, 10]]);
    }
}
