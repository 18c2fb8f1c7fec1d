//! What kropki dots and XV marks share: two kinds of mark, each a relation between the digits
//! of two orthogonal neighbours, and the negative constraint (every adjacent pair without a
//! mark of the rule satisfies neither relation).

use super::{adjacent, orthogonal_pairs, Solved};
use crate::variant::build::Builder;
use crate::variant::{Pos, VariantError};

/// The marks of one pair rule: `first` and `second` hold their relations; with `negative`,
/// unmarked neighbours hold neither.
pub(super) struct Marks<'a> {
    pub(super) first: &'a [[Pos; 2]],
    pub(super) second: &'a [[Pos; 2]],
    pub(super) negative: bool,
    pub(super) first_holds: fn(u32, u32) -> bool,
    pub(super) second_holds: fn(u32, u32) -> bool,
}

impl Marks<'_> {
    fn marked(&self, a: Pos, b: Pos) -> bool {
        self.first
            .iter()
            .chain(self.second)
            .any(|m| *m == [a, b] || *m == [b, a])
    }

    /// Adds one relation per mark and, with `negative`, one per unmarked neighbour pair.
    pub(super) fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        for (marks, rel) in [
            (self.first, self.first_holds),
            (self.second, self.second_holds),
        ] {
            for [p, q] in marks {
                let cells = b.cells(&[*p, *q])?;
                if !adjacent(*p, *q) {
                    return Err(b.error(format!("{p} and {q} are not neighbours")));
                }
                b.relation(cells[0], cells[1], rel);
            }
        }
        if self.negative {
            let (first, second) = (self.first_holds, self.second_holds);
            for (p, q) in orthogonal_pairs(b.n).collect::<Vec<_>>() {
                if !self.marked(p, q) {
                    let (x, y) = (b.cell(p)?, b.cell(q)?);
                    b.relation(x, y, |u, v| !first(u, v) && !second(u, v));
                }
            }
        }
        Ok(())
    }

    /// Whether a full grid keeps every mark and, with `negative`, every unmarked pair.
    pub(super) fn holds(&self, s: &Solved<'_>) -> bool {
        let (first, second) = (self.first_holds, self.second_holds);
        self.first.iter().all(|[p, q]| first(s.at(*p), s.at(*q)))
            && self.second.iter().all(|[p, q]| second(s.at(*p), s.at(*q)))
            && (!self.negative
                || orthogonal_pairs(s.n).all(|(p, q)| {
                    self.marked(p, q) || !first(s.at(p), s.at(q)) && !second(s.at(p), s.at(q))
                }))
    }
}
