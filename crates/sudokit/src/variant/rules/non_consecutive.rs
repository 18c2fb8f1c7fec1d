//! Non-consecutive: orthogonal neighbours differ by more than 1.
//!
//! Each neighbour pair is a relation (arc consistency, in the model). On top of it, a
//! propagator over the houses: when every place left for digit `d` in a house (two or three
//! of them) is a given cell or one of its orthogonal neighbours, that cell holds neither
//! `d - 1` nor `d + 1` (whichever place takes `d` is it or touches it). Two places of `d` on a
//! box's diagonal clear `d - 1` and `d + 1` from the box's two other cells beside both.
//!
//! And a propagator over the neighbour pairs ([`DigitInPair`]): the two cells of a pair take
//! two different digits that are not consecutive, so when every such choice left uses digit
//! `y` (cells {4, 5, 8} and {4, 5, 8}: 4 and 5 cannot go together, so one of them is 8), `y`
//! is in the pair, and every cell that sees both cells loses it (jcbonsai's "two adjacent
//! cells with all their candidates among {X, X+1, Y}: Y is locked in one of them").

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
        b.propagator(Box::new(DigitInPair::new(b)?));
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

/// The pair propagator (module docs): a digit that every choice of a neighbour pair uses
/// leaves the cells that see both.
#[derive(Debug)]
struct DigitInPair {
    /// Each orthogonal pair `(a, b)` and the end of its seers in `seers`.
    pairs: Vec<(usize, usize, usize)>,
    /// The cells that share a house or a group with both cells of a pair, pair after pair.
    seers: Vec<usize>,
}

impl DigitInPair {
    fn new(b: &Builder<'_>) -> Result<DigitInPair, VariantError> {
        let cells = b.n * b.n;
        // The houses and groups (cells that differ) of each cell, built so far.
        let mut sets_of = vec![Vec::new(); cells];
        for (k, set) in b.houses.iter().chain(&b.groups).enumerate() {
            for &c in set {
                if let Some(list) = sets_of.get_mut(c) {
                    list.push(k);
                }
            }
        }
        let all_sets: Vec<&Vec<usize>> = b.houses.iter().chain(&b.groups).collect();
        let mut pairs = Vec::new();
        let mut seers = Vec::new();
        let mut mark = vec![false; cells];
        for (x, y) in orthogonal_pairs(b.n) {
            let (x, y) = (b.cell(x)?, b.cell(y)?);
            let start = seers.len();
            for &k in &sets_of[x] {
                for &c in all_sets[k] {
                    mark[c] = c != x && c != y;
                }
            }
            for &k in &sets_of[y] {
                for &c in all_sets[k] {
                    if mark[c] {
                        seers.push(c);
                        mark[c] = false;
                    }
                }
            }
            for &k in &sets_of[x] {
                for &c in all_sets[k] {
                    mark[c] = false;
                }
            }
            seers[start..].sort_unstable();
            pairs.push((x, y, seers.len()));
        }
        Ok(DigitInPair { pairs, seers })
    }
}

/// The digits that every choice of two different, non-consecutive digits from `a` and `b`
/// uses; `Err` when there is no such choice.
fn digits_in_every_choice(a: u32, b: u32) -> Result<u32, Dead> {
    let mut every = u32::MAX;
    let mut any = false;
    let mut rest = a;
    while rest != 0 {
        let d = rest.trailing_zeros();
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let with = b & !(bit | bit << 1 | bit >> 1);
        if with == 0 {
            continue;
        }
        any = true;
        // Every choice with `d` in `a` uses `d`, and the digit of `b` when it has one left.
        let single = if with & (with - 1) == 0 { with } else { 0 };
        every &= 1 << d | single;
        if every == 0 {
            return Ok(0);
        }
    }
    if any {
        Ok(every)
    } else {
        Err(Dead)
    }
}

impl Propagator for DigitInPair {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        let mut changed = false;
        let mut start = 0;
        for &(a, b, end) in &self.pairs {
            let seers = &self.seers[start..end];
            start = end;
            let (ma, mb) = (digits(cand[a]), digits(cand[b]));
            // A decided cell already cleared its digit from its peers (and the relation the
            // other cell): the pair says nothing more.
            if ma & (ma - 1) == 0 || mb & (mb - 1) == 0 {
                continue;
            }
            let every = digits_in_every_choice(ma, mb)?;
            if every == 0 {
                continue;
            }
            for &c in seers {
                if cand[c] & every != 0 {
                    changed |= narrow(cand, c, !every)?;
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

    /// The candidates after the pair propagator alone, on `cand`.
    fn in_pair(cand: &mut [u32]) -> Result<bool, Dead> {
        let shape = Shape::square(9).expect("9x9");
        let b = Builder {
            shape: &shape,
            n: 9,
            houses: shape.houses(),
            groups: Vec::new(),
            differ: Vec::new(),
            pairs: Vec::new(),
            unary: vec![all_digits(9); 81],
            props: Vec::new(),
            rule: "",
        };
        DigitInPair::new(&b).expect("9x9 pairs").propagate(cand)
    }

    #[test]
    fn a_digit_every_choice_of_a_pair_uses_leaves_its_seers() {
        // r1c1 and r1c2 both {4, 5, 8}: 4 and 5 cannot sit side by side, so one of them is 8,
        // and the rest of row 1 and of box 1 lose 8; column 1 sees r1c1 only and keeps it.
        let all = all_digits(9);
        let mut cand = vec![all; 81];
        cand[0] = mask([4, 5, 8]);
        cand[1] = mask([4, 5, 8]);
        assert_eq!(in_pair(&mut cand), Ok(true));
        for c in [2, 3, 8, 9, 10, 11, 18, 19, 20] {
            assert_eq!(cand[c], all & !mask([8]), "cell {c}");
        }
        for c in [27, 72, 28, 37] {
            assert_eq!(cand[c], all, "cell {c} sees one of the pair at most");
        }
        assert_eq!(cand[0], mask([4, 5, 8]));
        assert_eq!(cand[1], mask([4, 5, 8]));
    }

    #[test]
    fn a_pair_with_a_free_choice_clears_nothing() {
        // {4, 5, 8} and {4, 5, 8, 1}: 1 next to 4 or 5 needs no 8.
        let all = all_digits(9);
        let mut cand = vec![all; 81];
        cand[0] = mask([4, 5, 8]);
        cand[9] = mask([1, 4, 5, 8]);
        let before = cand.clone();
        assert_eq!(in_pair(&mut cand), Ok(false));
        assert_eq!(cand, before);
    }

    #[test]
    fn a_pair_with_no_choice_is_dead() {
        // {4, 5} beside {4, 5}: no two different, non-consecutive digits.
        let mut cand = vec![all_digits(9); 81];
        cand[40] = mask([4, 5]);
        cand[41] = mask([4, 5]);
        assert_eq!(in_pair(&mut cand), Err(Dead));
    }

    #[test]
    fn digits_every_choice_uses() {
        // {2, 4} beside {3}: 2 and 4 both touch 3, so no choice.
        assert_eq!(digits_in_every_choice(mask([2, 4]), mask([3])), Err(Dead));
        // {1, 2} beside {4, 5}: 1-4, 1-5, 2-4, 2-5 are all fine, nothing is in every one.
        assert_eq!(digits_in_every_choice(mask([1, 2]), mask([4, 5])), Ok(0));
        // {1, 7} beside {2, 7}: 1-7 or 7-2 (1-2 touch, 7-7 repeat): 7 is in both.
        assert_eq!(digits_in_every_choice(mask([1, 7]), mask([2, 7])), Ok(mask([7])));
        // 9 beside {1, 8}: only 9-1.
        assert_eq!(digits_in_every_choice(mask([9]), mask([1, 8])), Ok(mask([1, 9])));
    }
}
