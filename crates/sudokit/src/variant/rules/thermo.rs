//! Thermometers: digits strictly increase from the bulb along the thermometer.

use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// A thermometer, bulb first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Thermo {
    /// The cells from the bulb to the tip.
    pub cells: Vec<Pos>,
}

impl Constraint for Thermo {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let cells = b.cells(&self.cells)?;
        // Steps of one relation each: arc consistency along the chain gives the bounds
        // (cell i is at least i + 1 and at most N - (len - 1 - i)) and every gap.
        for w in cells.windows(2) {
            b.relation(w[0], w[1], |x, y| x < y);
        }
        for (i, &x) in cells.iter().enumerate() {
            for &y in cells.iter().skip(i + 2) {
                b.relation(x, y, |p, q| p < q);
            }
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.cells.windows(2).all(|w| s.at(w[0]) < s.at(w[1]))
    }
}
