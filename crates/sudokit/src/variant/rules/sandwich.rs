//! Sandwich sums: the digits between the 1 and the N of a row or column sum to the clue.
//!
//! Propagation tries every pair of places for the 1 and the N that the candidates allow,
//! keeps the digits the cells between them can take to reach the sum (as a killer cage's
//! matchable combinations, since they share the line; reachable sums, as in `linear`, when
//! there are too many to list), and keeps in each cell the union over the pairs that work.

use super::{killer, Constraint, Solved};
use crate::variant::linear;
use crate::variant::build::{digits, narrow, Builder, Dead, Propagator};
use crate::variant::VariantError;

/// A sandwich clue on one row or one column (1-based, exactly one of the two).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Sandwich {
    /// The row, from 1.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub row: Option<u8>,
    /// The column, from 1.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub col: Option<u8>,
    /// The sum of the digits between the 1 and the N.
    pub sum: u32,
}

impl Sandwich {
    fn line(&self, n: usize) -> Option<Vec<usize>> {
        match (self.row, self.col) {
            (Some(r), None) if (1..=n).contains(&usize::from(r)) => {
                let r = usize::from(r) - 1;
                Some((0..n).map(|c| r * n + c).collect())
            }
            (None, Some(c)) if (1..=n).contains(&usize::from(c)) => {
                let c = usize::from(c) - 1;
                Some((0..n).map(|r| r * n + c).collect())
            }
            _ => None,
        }
    }
}

#[derive(Debug)]
struct Line {
    cells: Vec<usize>,
    n: u32,
    sum: i64,
}

impl Propagator for Line {
    fn propagate(&self, cand: &mut [u32]) -> Result<bool, Dead> {
        let (one, top) = (1u32 << 1, 1u32 << self.n);
        let masks: Vec<u32> = self.cells.iter().map(|&c| digits(cand[c])).collect();
        let mut allowed = vec![0u32; masks.len()];
        for (i, &mi) in masks.iter().enumerate() {
            if mi & one == 0 {
                continue;
            }
            for (j, &mj) in masks.iter().enumerate() {
                if j == i || mj & top == 0 {
                    continue;
                }
                let (lo, hi) = (i.min(j), i.max(j));
                let mut inside_buf = [0u32; 32];
                let inside = &mut inside_buf[..hi - lo - 1];
                for (slot, m) in inside.iter_mut().zip(&masks[lo + 1..hi]) {
                    *slot = m & !(one | top);
                }
                let outside_ok = (0..masks.len())
                    .filter(|&k| k != i && k != j && (k < lo || k > hi))
                    .all(|k| masks[k] & !(one | top) != 0);
                if !outside_ok {
                    continue;
                }
                let mut kept_buf = [0u32; 32];
                let kept = &mut kept_buf[..inside.len()];
                if inside.is_empty() {
                    if self.sum != 0 {
                        continue;
                    }
                } else if let Some(combos) = u32::try_from(self.sum)
                    .ok()
                    .and_then(|sum| killer::combinations(inside, sum))
                {
                    // The cells between share the line, so their digits differ: the sets of
                    // different digits with that sum that can be matched to them, as a cage.
                    if combos.contains(&0) {
                        continue;
                    }
                    kept.copy_from_slice(&combos);
                } else {
                    let ones = &[1i64; 32][..inside.len()];
                    match linear::supports_small(inside, ones, self.sum, kept) {
                        Ok(true) => {}
                        Ok(false) => match linear::supports(inside, ones, self.sum) {
                            Ok(wide) => kept.copy_from_slice(&wide),
                            Err(Dead) => continue,
                        },
                        Err(Dead) => continue,
                    }
                }
                allowed[i] |= one;
                allowed[j] |= top;
                for (k, m) in masks.iter().enumerate() {
                    if k != i && k != j && (k < lo || k > hi) {
                        allowed[k] |= m & !(one | top);
                    }
                }
                for (k, s) in kept.iter().enumerate() {
                    allowed[lo + 1 + k] |= s;
                }
            }
        }
        let mut changed = false;
        for (&c, &a) in self.cells.iter().zip(&allowed) {
            changed |= narrow(cand, c, a)?;
        }
        Ok(changed)
    }
}

impl Constraint for Sandwich {
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
        if b.n < 2 {
            return Err(b.error("needs a grid of size 2 or more".into()));
        }
        let cells = self.line(b.n).ok_or_else(|| b.error("needs one row or one column inside the grid".into()))?;
        b.propagator(Box::new(Line { cells, n: b.n as u32, sum: i64::from(self.sum) }));
        Ok(())
    }

    fn holds(&self, s: &Solved<'_>) -> bool {
        let Some(cells) = self.line(s.n) else { return false };
        let values: Vec<u32> = cells.iter().map(|&c| u32::from(s.grid[c])).collect();
        let at = |d: u32| values.iter().position(|&v| v == d);
        match (at(1), at(s.n as u32)) {
            (Some(i), Some(j)) => values[i.min(j) + 1..i.max(j)].iter().sum::<u32>() == self.sum,
            _ => false,
        }
    }
}
