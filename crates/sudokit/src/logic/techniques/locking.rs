//! Pointing and claiming (locked candidates): a digit confined to the intersection of a box and
//! a line in one of them leaves the rest of the other.
//!
//! SE's `Locking` scans (box, column), (box, row) pairs for pointing, then (column, box),
//! (row, box) for claiming; in each, first houses in order, then second houses, then digits.
//! The digit needs at least two places in the first house (one place is a hidden single).

use super::report;
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_MASKS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::{ControlFlow, Range};

const ROWS: Range<usize> = 0..9;
const COLUMNS: Range<usize> = 9..18;
const BOXES: Range<usize> = 18..27;

/// The house kinds SE pairs for pointing (box first) or claiming (line first), in scan order.
pub(super) fn scan_order(pointing: bool) -> [(Range<usize>, Range<usize>); 2] {
    if pointing {
        [(BOXES, COLUMNS), (BOXES, ROWS)]
    } else {
        [(COLUMNS, BOXES), (ROWS, BOXES)]
    }
}

/// Calls `visit(first, second, digit index, cells)` for every digit confined to the crossing of
/// houses `first` and `second` (in SE's order), where `cells` are its places in `first`.
///
/// A digit with two places or more in `first` lies in at most one house of each other kind,
/// the one holding its first place: so each (first house, digit) is tested once (not once per
/// crossing house, which was 1,458 tests a call, at every step of every rating), and the few
/// that are confined are visited sorted by SE's order (pair of kinds, first house, second
/// house, digit).
pub(super) fn confined(
    grid: &CandidateGrid,
    pointing: bool,
    visit: &mut dyn FnMut(usize, usize, usize, CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // Keys `kinds << 24 | first << 16 | second << 8 | digit`: at most one per (first, digit).
    let mut hits = [0u32; 2 * 27 * 9];
    let mut n = 0;
    for (kinds, (firsts, seconds)) in scan_order(pointing).into_iter().enumerate() {
        for h1 in firsts {
            for d in 0..9 {
                let bits = grid.house_digit(h1, d).bits();
                // Two places or more, without a population count (the release build has no
                // `popcnt`).
                if bits & bits.wrapping_sub(1) == 0 {
                    continue;
                }
                let c = bits.trailing_zeros() as usize % 81;
                let h2 = match seconds.start {
                    0 => c / 9,
                    9 => 9 + c % 9,
                    _ => 18 + c / 27 * 3 + c % 9 / 3,
                };
                if bits & !HOUSE_MASKS[h2 % 27] == 0 && n < hits.len() {
                    hits[n] =
                        (kinds as u32) << 24 | (h1 as u32) << 16 | (h2 as u32) << 8 | d as u32;
                    n += 1;
                }
            }
        }
    }
    let hits = &mut hits[..n];
    hits.sort_unstable();
    for &key in hits.iter() {
        let (h1, h2, d) = (
            (key >> 16 & 0xff) as usize,
            (key >> 8 & 0xff) as usize,
            (key & 0xff) as usize,
        );
        visit(h1, h2, d, grid.house_digit(h1, d))?;
    }
    ControlFlow::Continue(())
}

/// Finds pointing or claiming steps.
#[derive(Debug, Clone, Copy)]
pub struct Locking {
    pointing: bool,
}

impl Locking {
    /// Pointing: a box's digit confined to one line (SE 2.6).
    pub const POINTING: Locking = Locking { pointing: true };
    /// Claiming: a line's digit confined to one box (SE 2.8).
    pub const CLAIMING: Locking = Locking { pointing: false };
}

impl Finder for Locking {
    fn technique(&self) -> Technique {
        if self.pointing {
            Technique::Pointing
        } else {
            Technique::Claiming
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = self.technique();
        confined(grid, self.pointing, &mut |h1, h2, d, places| {
            let victims = grid
                .house_digit(h2, d)
                .difference(CellSet::from_bits(HOUSE_MASKS[h1]));
            if victims.is_empty() {
                return ControlFlow::Continue(());
            }
            let digit = DIGITS[d];
            let mut step = Step::new(technique, ratings.get(technique));
            step.eliminations = victims.iter().map(|c| (c, digit)).collect();
            step.cells = places.iter().collect();
            step.houses = vec![house(h1), house(h2)];
            step.digits.push(digit);
            report(found, step)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, confine, elims, first, house};

    /// SE's scan as it reads: every crossing of a first and a second house, every digit.
    fn confined_by_every_crossing(
        grid: &CandidateGrid,
        pointing: bool,
    ) -> Vec<(usize, usize, usize, CellSet)> {
        let mut out = Vec::new();
        for (firsts, seconds) in scan_order(pointing) {
            for h1 in firsts {
                for h2 in seconds.clone() {
                    let second = CellSet::from_bits(HOUSE_MASKS[h2]);
                    if (CellSet::from_bits(HOUSE_MASKS[h1]) & second).is_empty() {
                        continue;
                    }
                    for d in 0..9 {
                        let places = grid.house_digit(h1, d);
                        if places.len() > 1 && places.is_subset(second) {
                            out.push((h1, h2, d, places));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn confined_visits_what_every_crossing_finds_in_its_order() {
        // Along the solve paths of every 4th puzzle of the sample, and on grids with random
        // candidates removed (many confinements), pointing and claiming.
        let mut grids = Vec::new();
        let text = include_str!("../../../../../testdata/sample.txt");
        let solver = crate::logic::Solver::new();
        for line in text.lines().step_by(4).take(12) {
            let mut grid = crate::logic::test_util::puzzle(line.trim());
            while let Some(step) = solver.next_step(&grid) {
                grids.push(grid.clone());
                if !grid.apply(&step) {
                    break;
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..200 {
            let mut grid = CandidateGrid::new();
            for cell in crate::board::Cell::all() {
                for digit in crate::board::Digit::all() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(3) {
                        grid.eliminate(cell, digit);
                    }
                }
            }
            grids.push(grid);
        }
        let mut visits = 0;
        for grid in &grids {
            for pointing in [true, false] {
                let mut got = Vec::new();
                let _ = confined(grid, pointing, &mut |h1, h2, d, places| {
                    got.push((h1, h2, d, places));
                    ControlFlow::Continue(())
                });
                let expected = confined_by_every_crossing(grid, pointing);
                assert_eq!(got, expected, "{pointing} {grid:?}");
                visits += got.len();
            }
        }
        assert!(visits > 1_000, "{visits}");
    }

    #[test]
    fn pointing_removes_the_digit_from_the_rest_of_the_line() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "box 1", "r1c1 r1c2");
        let step = first(&Locking::POINTING, &grid).expect("7 points along row 1");
        assert_eq!(
            elims(&step),
            ["7@r1c4", "7@r1c5", "7@r1c6", "7@r1c7", "7@r1c8", "7@r1c9"]
        );
        assert_eq!(step.houses, [house("box 1"), house("row 1")]);
        assert_eq!(step.rating.to_string(), "2.6");
        assert!(first(&Locking::CLAIMING, &grid).is_none());
    }

    #[test]
    fn claiming_removes_the_digit_from_the_rest_of_the_box() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "row 1", "r1c1 r1c2");
        let step = first(&Locking::CLAIMING, &grid).expect("row 1 claims 7 for box 1");
        assert_eq!(elims(&step).len(), 6);
        assert_eq!(elims(&step)[0], "7@r2c1");
        assert_eq!(step.houses, [house("row 1"), house("box 1")]);
        assert_eq!(step.rating.to_string(), "2.8");
        assert!(first(&Locking::POINTING, &grid).is_none());
    }

    #[test]
    fn nothing_without_confinement_or_without_victims() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "box 1", "r1c1 r2c2");
        assert!(first(&Locking::POINTING, &grid).is_none());
        // Confined, but the rest of row 1 no longer holds 7.
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "row 1", "r1c1 r1c2");
        confine(&mut grid, 7, "box 1", "r1c1 r1c2");
        assert!(all(&Locking::POINTING, &grid).is_empty());
        assert!(all(&Locking::CLAIMING, &grid).is_empty());
    }
}
