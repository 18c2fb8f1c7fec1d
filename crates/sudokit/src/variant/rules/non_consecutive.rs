//! Non-consecutive: orthogonal neighbours differ by more than 1.
//!
//! Each neighbour pair is a relation (arc consistency, in the model). On top of it, a
//! propagator over the houses: when every place left for digit `d` in a house (two or three
//! of them) is a given cell or one of its orthogonal neighbours, that cell holds neither
//! `d - 1` nor `d + 1` (whichever place takes `d` is it or touches it). Two places of `d` on a
//! box's diagonal clear `d - 1` and `d + 1` from the box's two other cells beside both.

use super::{orthogonal_pairs, Constraint, Solved};
use crate::variant::build::{all_digits, digits, narrow, Builder, Dead, Propagator};
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
        // The houses of N cells built so far (rows, columns and regions at least).
        let houses = b.houses.clone();
        b.propagator(Box::new(AroundPlaces { n: b.n, houses }));
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        orthogonal_pairs(s.n).all(|(x, y)| s.at(x).abs_diff(s.at(y)) != 1)
    }
}

/// The house propagator (module docs): digits next to every place of a digit in a house.
#[derive(Debug)]
struct AroundPlaces {
    n: usize,
    /// Houses of N cells: each digit has a place in each.
    houses: Vec<Vec<usize>>,
}

impl AroundPlaces {
    /// Whether cells `a` and `b` are the same cell or orthogonal neighbours.
    fn touch(&self, a: usize, b: usize) -> bool {
        let n = self.n;
        (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n) <= 1
    }
}

impl Propagator for AroundPlaces {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        let n = self.n;
        let all = all_digits(n);
        let mut changed = false;
        for house in &self.houses {
            // Digits with at least one, two, three and four places in the house.
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for &c in house {
                let m = digits(cand[c]);
                four |= three & m;
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            // Two or three places: more rarely touch one cell (only a box's centre touches
            // four of its cells), and scanning for them costs more than they find.
            let mut few = two & !four;
            while few != 0 {
                let d = few.trailing_zeros() as usize;
                let bit = few & few.wrapping_neg();
                few &= few - 1;
                let mut at = [0usize; 3];
                let mut count = 0;
                for &c in house {
                    if cand[c] & bit != 0 {
                        if let Some(slot) = at.get_mut(count) {
                            *slot = c;
                        }
                        count += 1;
                    }
                }
                let at = &at[..count.min(at.len())];
                let next = ((1u32 << (d - 1)) | (1u32 << (d + 1))) & all;
                let Some(&first) = at.first() else { continue };
                let around = [
                    Some(first),
                    first.checked_sub(n),
                    (first + n < n * n).then_some(first + n),
                    first.checked_sub(1).filter(|_| first % n > 0),
                    (first % n + 1 < n).then_some(first + 1),
                ];
                for cell in around.into_iter().flatten() {
                    if cand[cell] & next != 0 && at.iter().all(|&p| self.touch(cell, p)) {
                        changed |= narrow(cand, cell, !next)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Shape;

    fn mask(ds: impl IntoIterator<Item = u32>) -> u32 {
        ds.into_iter().fold(0, |m, d| m | 1 << d)
    }

    /// The candidates after the propagator alone, on `cand`.
    fn around(cand: &mut [u32]) -> Result<bool, Dead> {
        let shape = Shape::square(9).expect("9x9");
        AroundPlaces {
            n: 9,
            houses: shape.houses(),
        }
        .propagate(cand)
    }

    #[test]
    fn two_places_on_a_box_diagonal_clear_the_cells_beside_both() {
        // 5 is left only at r1c1 and r2c2 in box 1: r1c2 and r2c1 touch both, so they hold
        // neither 4 nor 6. Other cells keep them.
        let all = all_digits(9);
        let mut cand = vec![all; 81];
        for c in [1, 2, 9, 11, 18, 19, 20] {
            cand[c] &= !mask([5]);
        }
        assert_eq!(around(&mut cand), Ok(true));
        assert_eq!(cand[1], all & !mask([4, 5, 6]));
        assert_eq!(cand[9], all & !mask([4, 5, 6]));
        assert_eq!(cand[0], all);
        assert_eq!(cand[10], all);
        assert_eq!(cand[2], all & !mask([5]));
        assert_eq!(cand[11], all & !mask([5]), "r2c3 touches r2c2 only");
    }

    #[test]
    fn places_in_a_row_clear_the_cell_between_them() {
        // 1 is left at r1c4 and r1c6 only in row 1: r1c5 touches both, so it is not 2 (0 is
        // no digit).
        let all = all_digits(9);
        let mut cand = vec![all; 81];
        for c in (0..9).filter(|&c| c != 3 && c != 5) {
            cand[c] &= !mask([1]);
        }
        assert_eq!(around(&mut cand), Ok(true));
        assert_eq!(cand[4], all & !mask([1, 2]));
        assert_eq!(cand[3], all, "r1c4 does not touch r1c6");
        assert_eq!(cand[13], all, "r2c5 touches r1c5 only");
    }

    #[test]
    fn spread_places_clear_nothing() {
        // 5 left at r1c1 and r3c3 in box 1: no cell touches both.
        let all = all_digits(9);
        let mut cand = vec![all; 81];
        for c in [1, 2, 9, 10, 11, 18, 19] {
            cand[c] &= !mask([5]);
        }
        let before = cand.clone();
        assert_eq!(around(&mut cand), Ok(false));
        assert_eq!(cand, before);
    }

    #[test]
    fn an_empty_cell_is_dead() {
        // r1c2 down to {4, 6} while 5 sits on r1c1 or r2c2 only: nothing is left for it.
        let all = all_digits(9);
        let mut cand = vec![all; 81];
        for c in [2, 11, 18, 19, 20, 9] {
            cand[c] &= !mask([5]);
        }
        cand[1] = mask([4, 6]);
        assert_eq!(around(&mut cand), Err(Dead));
    }
}
