//! Kropki dots: a white dot joins consecutive digits, a black dot a digit and its double. With `negative`, every orthogonally adjacent pair that has no mark
//! of this rule is neither.

use super::{adjacent, orthogonal_pairs, Constraint, Solved};
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
    fn marked(&self, a: Pos, b: Pos) -> bool {
        self.white.iter().chain(&self.black).any(|m| *m == [a, b] || *m == [b, a])
    }
}

impl Constraint for Kropki {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for (marks, rel) in [(&self.white, first as fn(u32, u32) -> bool), (&self.black, second)] {
            for [p, q] in marks {
                let cells = b.cells(&[*p, *q])?;
                if !adjacent(*p, *q) {
                    return Err(b.error(format!("{p} and {q} are not neighbours")));
                }
                b.relation(cells[0], cells[1], rel);
            }
        }
        if self.negative {
            for (p, q) in orthogonal_pairs(b.n).collect::<Vec<_>>() {
                if !self.marked(p, q) {
                    let (x, y) = (b.cell(p)?, b.cell(q)?);
                    b.relation(x, y, |u, v| !first(u, v) && !second(u, v));
                }
            }
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        self.white.iter().all(|[p, q]| first(s.at(*p), s.at(*q)))
            && self.black.iter().all(|[p, q]| second(s.at(*p), s.at(*q)))
            && (!self.negative
                || orthogonal_pairs(s.n)
                    .all(|(p, q)| self.marked(p, q) || !first(s.at(p), s.at(q)) && !second(s.at(p), s.at(q))))
    }
}
