//! Killer cages: the digits of a cage differ and, when the cage has a sum, add up to it.
//!
//! Propagation keeps, in each cell, the digits of the combinations (sets of different digits
//! with the cage's size and sum) that can be matched to the cage's cells (a bipartite matching
//! of cells to the combination's digits). Cages whose combinations are too many to list
//! (more than [`COMBINATION_NODES`] search nodes, only in wide grids with long cages) fall
//! back to the reachable-sum propagation of `linear`.

use super::{Constraint, Solved};
use crate::variant::linear;
use crate::variant::build::{digits, narrow, Builder, Dead, Propagator};
use crate::variant::{Pos, VariantError};

/// A cage: different digits, summing to `sum` when it is given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Killer {
    /// The cells of the cage.
    pub cells: Vec<Pos>,
    /// The sum, or `None` for a cage without a clue.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub sum: Option<u32>,
}

/// The most combination-search nodes one propagation of one cage may take.
const COMBINATION_NODES: usize = 4096;

#[derive(Debug)]
struct Cage {
    cells: Vec<usize>,
    sum: u32,
    weights: Vec<i64>,
}

impl Constraint for Killer {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        let cells = b.cells(&self.cells)?;
        if cells.is_empty() {
            return Err(b.error("a cage needs cells".into()));
        }
        b.house(cells.clone())?;
        if let Some(sum) = self.sum {
            let weights = vec![1; cells.len()];
            b.propagator(Box::new(Cage { cells, sum, weights }));
        }
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        s.distinct(self.cells.iter().copied())
            && self.sum.is_none_or(|sum| self.cells.iter().map(|&p| s.at(p)).sum::<u32>() == sum)
    }
}

impl Propagator for Cage {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        let masks: Vec<u32> = self.cells.iter().map(|&c| digits(cand[c])).collect();
        if masks.iter().all(|m| m & (m - 1) == 0) {
            let total: u32 = masks.iter().map(|m| m.trailing_zeros()).sum();
            return if total == self.sum { Ok(false) } else { Err(Dead) };
        }
        let allowed = match combinations(&masks, self.sum) {
            Some(allowed) => allowed,
            None => return linear::propagate(cand, &self.cells, &self.weights, i64::from(self.sum)),
        };
        let mut changed = false;
        for (&c, &a) in self.cells.iter().zip(&allowed) {
            changed |= narrow(cand, c, a)?;
        }
        Ok(changed)
    }
}

/// For each cell, the digits of the matchable combinations; `None` when there are too many
/// to list (`Some` of all zeros when there are none).
pub(super) fn combinations(masks: &[u32], sum: u32) -> Option<Vec<u32>> {
    let union = masks.iter().fold(0, |u, m| u | m);
    let mut search = Combos {
        masks,
        allowed: vec![0; masks.len()],
        nodes: 0,
    };
    search.walk(union, 31, masks.len(), sum, 0).then_some(search.allowed)
}

struct Combos<'a> {
    masks: &'a [u32],
    allowed: Vec<u32>,
    nodes: usize,
}

impl Combos<'_> {
    /// Chooses `left` more digits of `avail` below `below` summing to `sum`; false when
    /// the node budget ran out.
    fn walk(&mut self, avail: u32, below: u32, left: usize, sum: u32, chosen: u32) -> bool {
        self.nodes += 1;
        if self.nodes > COMBINATION_NODES {
            return false;
        }
        if left == 0 {
            if sum == 0 && matchable(self.masks, chosen) {
                for (a, m) in self.allowed.iter_mut().zip(self.masks) {
                    *a |= m & chosen;
                }
            }
            return true;
        }
        let mut rest = avail & ((1u32 << below) - 1);
        // Bounds: the `left` largest and smallest digits still available.
        let (mut hi, mut lo, mut r) = (0, 0, rest);
        for _ in 0..left {
            if r == 0 {
                return true;
            }
            let top = 31 - r.leading_zeros();
            hi += top;
            r &= !(1 << top);
        }
        let mut r = rest;
        for _ in 0..left {
            lo += r.trailing_zeros();
            r &= r - 1;
        }
        if sum < lo || sum > hi {
            return true;
        }
        while rest != 0 {
            let d = 31 - rest.leading_zeros();
            rest &= !(1 << d);
            if d <= sum && !self.walk(avail, d, left - 1, sum - d, chosen | 1 << d) {
                return false;
            }
        }
        true
    }
}

/// Whether each cell can take a different digit of `chosen` (as many digits as cells).
fn matchable(masks: &[u32], chosen: u32) -> bool {
    // owner[d] = the cell that holds digit d in the matching so far.
    let mut owner = [usize::MAX; 32];
    for cell in 0..masks.len() {
        let mut seen = 0u32;
        if !augment(masks, chosen, cell, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(masks: &[u32], chosen: u32, cell: usize, owner: &mut [usize; 32], seen: &mut u32) -> bool {
    let mut options = masks[cell] & chosen & !*seen;
    while options != 0 {
        let d = options.trailing_zeros() as usize;
        options &= options - 1;
        *seen |= 1 << d;
        if owner[d] == usize::MAX || augment(masks, chosen, owner[d], owner, seen) {
            owner[d] = cell;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |m, d| m | 1 << d)
    }

    #[test]
    fn a_two_cell_cage_of_seventeen_is_eight_and_nine() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(combinations(&[all, all], 17), Some(vec![mask(&[8, 9]); 2]));
    }

    #[test]
    fn combinations_that_cannot_be_matched_are_dropped() {
        // 1 + 2 + 6 = 1 + 3 + 5 = 2 + 3 + 4 = 9, but two cells can only hold 1 or 2: the third
        // takes the rest of a combination with both, so 1 + 2 + 6.
        let got = combinations(&[mask(&[1, 2]), mask(&[1, 2]), mask(&[3, 4, 5, 6])], 9);
        assert_eq!(got, Some(vec![mask(&[1, 2]), mask(&[1, 2]), mask(&[6])]));
    }

    #[test]
    fn linear_sums_ignore_repeats_but_combinations_do_not() {
        let all = mask(&[1, 2, 3, 4]);
        // 2 + 2 = 4 is no cage: only 1 + 3.
        assert_eq!(combinations(&[all, all], 4), Some(vec![mask(&[1, 3]); 2]));
    }
}
