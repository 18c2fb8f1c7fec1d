//! XV: an X joins two digits that sum to 10, a V two that sum to 5. With `negative`, every orthogonally adjacent pair that has no mark
//! of this rule is neither.

use super::{adjacent, orthogonal_pairs, Constraint, Solved};
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
    fn marked(&self, a: Pos, b: Pos) -> bool {
        self.x.iter().chain(&self.v).any(|m| *m == [a, b] || *m == [b, a])
    }
}

impl Constraint for Xv {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for (marks, rel) in [(&self.x, first as fn(u32, u32) -> bool), (&self.v, second)] {
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
        self.x.iter().all(|[p, q]| first(s.at(*p), s.at(*q)))
            && self.v.iter().all(|[p, q]| second(s.at(*p), s.at(*q)))
            && (!self.negative
                || orthogonal_pairs(s.n)
                    .all(|(p, q)| self.marked(p, q) || !first(s.at(p), s.at(q)) && !second(s.at(p), s.at(q))))
    }
}
