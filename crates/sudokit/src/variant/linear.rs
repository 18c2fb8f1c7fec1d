//! Sums: which digits of each cell can take part in `sum(weights[i] * cells[i]) == target`,
//! by sets of reachable partial sums (forward from 0, backward from the target). A digit is
//! kept when some forward sum before its cell plus its weighted value is a backward sum
//! after it: generalised arc consistency for the sum alone, exact when all cells are placed.

use super::build::{digits, narrow, Dead};

/// A set of integers in `lo..lo + 64 * words.len()`.
#[derive(Clone, Debug)]
struct Sums {
    words: Vec<u64>,
}

impl Sums {
    fn new(width: usize) -> Sums {
        Sums {
            words: vec![0; width.div_ceil(64).max(1)],
        }
    }

    fn insert(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// `self |= src` shifted by `by` (positive: up), dropping what leaves the range.
    fn or_shifted(&mut self, src: &Sums, by: i64) {
        let len = self.words.len() as i64;
        let (whole, part) = (by.div_euclid(64), by.rem_euclid(64) as u32);
        for i in 0..len {
            // Bits of word i of the result come from words i - whole and i - whole - 1 of src.
            let j = i - whole;
            let hi = if (0..len).contains(&j) {
                src.words[j as usize]
            } else {
                0
            };
            let lo = if part != 0 && (0..len).contains(&(j - 1)) {
                src.words[(j - 1) as usize] >> (64 - part)
            } else {
                0
            };
            self.words[i as usize] |= (hi << part) | lo;
        }
    }

    fn intersects_shifted(&self, src: &Sums, by: i64) -> bool {
        let mut shifted = Sums::new(self.words.len() * 64);
        shifted.or_shifted(src, by);
        shifted
            .words
            .iter()
            .zip(&self.words)
            .any(|(a, b)| a & b != 0)
    }
}

/// Narrows the cells of `sum(weights[i] * cells[i]) == target` to the digits that can be
/// part of a solution of that equation; whether anything changed.
pub(crate) fn propagate(
    cand: &mut [u32],
    cells: &[usize],
    weights: &[i64],
    target: i64,
) -> Result<bool, Dead> {
    let masks: Vec<u32> = cells.iter().map(|&c| digits(cand[c])).collect();
    let supports = supports(&masks, weights, target)?;
    let mut changed = false;
    for (&c, &s) in cells.iter().zip(&supports) {
        changed |= narrow(cand, c, s)?;
    }
    Ok(changed)
}

/// For each position, the digits of `masks` that take part in some solution of the sum.
pub(crate) fn supports(masks: &[u32], weights: &[i64], target: i64) -> Result<Vec<u32>, Dead> {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (&m, &w) in masks.iter().zip(weights) {
        if m == 0 {
            return Err(Dead);
        }
        let (a, b) = (
            w * i64::from(m.trailing_zeros()),
            w * i64::from(31 - m.leading_zeros()),
        );
        lo += a.min(b).min(0);
        hi += a.max(b).max(0);
    }
    if target < lo || target > hi {
        return Err(Dead);
    }
    let width = (hi - lo + 1) as usize;
    let at = |s: i64| (s - lo) as usize;
    let mut forward = Vec::with_capacity(masks.len() + 1);
    let mut first = Sums::new(width);
    first.insert(at(0));
    forward.push(first);
    for (i, (&m, &w)) in masks.iter().zip(weights).enumerate() {
        let mut next = Sums::new(width);
        for_each_digit(m, |d| next.or_shifted(&forward[i], w * d));
        forward.push(next);
    }
    if !forward[masks.len()].contains(at(target)) {
        return Err(Dead);
    }
    let mut back = Sums::new(width);
    back.insert(at(target));
    let mut out = vec![0u32; masks.len()];
    for i in (0..masks.len()).rev() {
        let (m, w) = (masks[i], weights[i]);
        let mut keep = 0;
        for_each_digit(m, |d| {
            if back.intersects_shifted(&forward[i], w * d) {
                keep |= 1 << d;
            }
        });
        if keep == 0 {
            return Err(Dead);
        }
        out[i] = keep;
        let mut prev = Sums::new(width);
        for_each_digit(keep, |d| prev.or_shifted(&back, -w * d));
        back = prev;
        if back.is_empty() {
            return Err(Dead);
        }
    }
    Ok(out)
}

fn for_each_digit(mask: u32, mut f: impl FnMut(i64)) {
    let mut rest = mask;
    while rest != 0 {
        let d = rest.trailing_zeros();
        rest &= rest - 1;
        f(i64::from(d));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |m, d| m | 1 << d)
    }

    #[test]
    fn two_cells_summing_to_three_are_one_and_two() {
        let all = mask(&[1, 2, 3, 4]);
        assert_eq!(
            supports(&[all, all], &[1, 1], 3),
            Ok(vec![mask(&[1, 2]), mask(&[1, 2])])
        );
    }

    #[test]
    fn an_arrow_circle_is_the_sum_of_its_cells() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // circle - a - b == 0 with a, b in 1..=9, a = 8: circle is 9, b is 1.
        let got = supports(&[all, mask(&[8]), all], &[-1, 1, 1], 0);
        assert_eq!(got, Ok(vec![mask(&[9]), mask(&[8]), mask(&[1])]));
    }

    #[test]
    fn an_impossible_sum_is_dead() {
        let all = mask(&[1, 2, 3, 4]);
        assert_eq!(supports(&[all, all], &[1, 1], 9), Err(Dead));
        assert_eq!(supports(&[all, all], &[1, 1], 1), Err(Dead));
    }

    #[test]
    fn wide_sums_cross_word_boundaries() {
        // 25 cells of 1..=25 summing to 600: every cell is at least 600 - 24 * 25 = 0, so
        // anything goes but the total must be reachable past the first 64-bit words.
        let all = (1..=25).fold(0, |m, d| m | 1 << d);
        let masks = vec![all; 25];
        let weights = vec![1; 25];
        assert_eq!(supports(&masks, &weights, 600), Ok(vec![all; 25]));
        let got = supports(&masks, &weights, 624).expect("feasible");
        // 624 = 625 - 1: every cell is 25 but one, which is 24.
        assert!(got.iter().all(|&m| m == mask(&[24, 25])));
    }
}
