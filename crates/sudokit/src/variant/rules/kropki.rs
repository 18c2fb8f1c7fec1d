//! Kropki dots: a white dot joins consecutive digits, a black dot a digit and its double. With `negative`, every orthogonally adjacent pair that has no mark
//! of this rule is neither.

use super::pairs::Marks;
use super::{Constraint, Solved};
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// The marks of one puzzle and whether all of them are given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Kropki {
    /// Pairs with a white dot (consecutive digits).
    #[cfg_attr(feature = "serde", serde(default))]
    pub white: Vec<[Pos; 2]>,
    /// Pairs with a black dot (one digit is double the other).
    #[cfg_attr(feature = "serde", serde(default))]
    pub black: Vec<[Pos; 2]>,
    /// The negative constraint: adjacent pairs without a mark satisfy neither relation.
    #[cfg_attr(feature = "serde", serde(default))]
    pub negative: bool,
}

fn first(x: u32, y: u32) -> bool {
    x.abs_diff(y) == 1
}

fn second(x: u32, y: u32) -> bool {
    x == 2 * y || y == 2 * x
}

impl Kropki {
    fn marks(&self) -> Marks<'_> {
        Marks {
            first: &self.white,
            second: &self.black,
            negative: self.negative,
            first_holds: first,
            second_holds: second,
        }
    }
}

impl Constraint for Kropki {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        self.marks().build(b)
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.marks().holds(s)
    }
}
