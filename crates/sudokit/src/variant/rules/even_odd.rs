//! Even and odd cells (grey squares and circles).

use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// Cells that hold an even digit, and cells that hold an odd one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct EvenOdd {
    /// Cells with an even digit.
    #[cfg_attr(feature = "serde", serde(default))]
    pub even: Vec<Pos>,
    /// Cells with an odd digit.
    #[cfg_attr(feature = "serde", serde(default))]
    pub odd: Vec<Pos>,
}

/// Bits 2, 4, 6... of a mask.
const EVEN: u32 = 0x5555_5554;

impl Constraint for EvenOdd {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for &p in &self.even {
            let c = b.cell(p)?;
            b.restrict(c, EVEN);
        }
        for &p in &self.odd {
            let c = b.cell(p)?;
            b.restrict(c, !EVEN & !1);
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.even.iter().all(|&p| s.at(p).is_multiple_of(2)) && self.odd.iter().all(|&p| s.at(p) % 2 == 1)
    }
}
