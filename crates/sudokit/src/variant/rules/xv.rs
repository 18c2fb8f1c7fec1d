//! XV: an X joins two digits that sum to 10, a V two that sum to 5. With `negative`, every orthogonally adjacent pair that has no mark
//! of this rule is neither.

use super::pairs::Marks;
use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// The marks of one puzzle and whether all of them are given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Xv {
    /// Pairs with an X (digits summing to 10).
    #[cfg_attr(feature = "serde", serde(default))]
    pub x: Vec<[Pos; 2]>,
    /// Pairs with a V (digits summing to 5).
    #[cfg_attr(feature = "serde", serde(default))]
    pub v: Vec<[Pos; 2]>,
    /// The negative constraint: adjacent pairs without a mark satisfy neither relation.
    #[cfg_attr(feature = "serde", serde(default))]
    pub negative: bool,
}

fn first(x: u32, y: u32) -> bool {
    x + y == 10
}

fn second(x: u32, y: u32) -> bool {
    x + y == 5
}

impl Xv {
    fn marks(&self) -> Marks<'_> {
        Marks {
            first: &self.x,
            second: &self.v,
            negative: self.negative,
            first_holds: first,
            second_holds: second,
        }
    }
}

impl Constraint for Xv {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        self.marks().build(b)
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.marks().holds(s)
    }
}
