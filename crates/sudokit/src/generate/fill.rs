//! Random solution grids: a randomised depth-first fill, then a uniformly random symmetry and
//! relabelling (see the module header of `generate` for how uniform that is).

use crate::canon::Transform;
use crate::rng::Rng;
use crate::solve;
use crate::Grid;

/// Gives up on one fill after this many dead ends and starts again with fresh random choices.
/// A fill with the fewest-candidates rule almost never meets one; the limit only guarantees
/// that a fill ends.
const MAX_DEAD_ENDS: u32 = 10_000;

/// How many fresh starts before falling back to the solver's grid (which never happens in
/// practice, but makes termination obvious).
const MAX_RESTARTS: u32 = 64;

/// A random solution grid.
pub(crate) fn random_solution(rng: &mut Rng) -> Grid {
    let base = (0..MAX_RESTARTS)
        .find_map(|_| Filler::new().run(rng))
        .or_else(|| solve::solve(&Grid::empty()))
        .unwrap_or_default();
    // The fill's choice of equivalence class is what it is; within the class, this makes every
    // grid equally likely.
    Transform::random_with(rng).apply(&base)
}

/// The state of one fill: values and the digits used in each row, column and box.
struct Filler {
    values: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    dead_ends: u32,
}

const ALL_DIGITS: u16 = 0x3FE;

impl Filler {
    fn new() -> Filler {
        Filler {
            values: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            dead_ends: 0,
        }
    }

    fn run(mut self, rng: &mut Rng) -> Option<Grid> {
        if self.fill(rng) {
            Grid::from_values(self.values)
        } else {
            None
        }
    }

    fn candidates(&self, cell: usize) -> u16 {
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        ALL_DIGITS & !(self.rows[r] | self.cols[c] | self.boxes[b])
    }

    fn toggle(&mut self, cell: usize, digit: u8) {
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        let bit = 1u16 << digit;
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
        self.values[cell] = if self.values[cell] == 0 { digit } else { 0 };
    }

    /// Fills the empty cells, the one with fewest candidates first, digits in random order;
    /// false on a dead end that cannot be undone or when the dead-end budget is spent.
    fn fill(&mut self, rng: &mut Rng) -> bool {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if self.values[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                best = Some((cell, candidates));
                if candidates.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, candidates)) = best else {
            return true;
        };
        let mut digits = [0u8; 9];
        let mut n = 0;
        for d in 1..=9u8 {
            if candidates & (1 << d) != 0 {
                digits[n] = d;
                n += 1;
            }
        }
        rng.shuffle(&mut digits[..n]);
        for &digit in &digits[..n] {
            self.toggle(cell, digit);
            if self.fill(rng) {
                return true;
            }
            self.toggle(cell, digit);
            if self.dead_ends >= MAX_DEAD_ENDS {
                return false;
            }
        }
        self.dead_ends += 1;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_are_solutions() {
        let mut rng = Rng::new(11);
        for _ in 0..50 {
            let grid = random_solution(&mut rng);
            assert!(grid.is_full());
            assert!(grid.check_rules().is_ok());
        }
    }

    #[test]
    fn fills_differ() {
        let mut rng = Rng::new(12);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert_ne!(a, b);
    }
}
