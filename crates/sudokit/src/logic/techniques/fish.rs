//! Basic fish: X-Wing, Swordfish and Jellyfish. A digit whose places in `n` base lines all lie in
//! `n` cover lines of the other direction leaves the rest of those cover lines.
//!
//! SE's `Fisherman(n)`: first columns as base lines (eliminating along rows), then rows; base
//! line subsets in `Permutations` order, digits in increasing order inside each subset; each
//! base line needs at least two places (SE's `CommonTuples`); and a digit is only tried while at
//! most `9 - 2n` cells hold it (with more, the complementary fish in the other direction is
//! smaller and makes the same eliminations; [`Fish::unpruned`] drops this condition).

use super::since::{self, Family};
use super::{report, subsets};
use crate::logic::candidate_grid::Changes;
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_MASKS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds basic fish of one size.
#[derive(Debug, Clone, Copy)]
pub struct Fish {
    size: usize,
    technique: Technique,
    /// Whether to skip digits held by more than `9 - 2 * size` cells, as SE does.
    pruned: bool,
}

impl Fish {
    /// X-Wing: two lines (SE 3.2).
    pub const X_WING: Fish = Fish {
        size: 2,
        technique: Technique::XWing,
        pruned: true,
    };
    /// Swordfish: three lines (SE 3.8).
    pub const SWORDFISH: Fish = Fish {
        size: 3,
        technique: Technique::Swordfish,
        pruned: true,
    };
    /// Jellyfish: four lines (SE 5.2).
    pub const JELLYFISH: Fish = Fish {
        size: 4,
        technique: Technique::Jellyfish,
        pruned: true,
    };
}

impl Fish {
    /// The same finder without SE's placed-digit condition: it also reports fish whose
    /// complement in the other direction is smaller. Useful to list every instance; the
    /// registry keeps SE's condition, which shapes SE's solve path.
    pub const fn unpruned(self) -> Fish {
        Fish {
            pruned: false,
            ..self
        }
    }
}

impl Finder for Fish {
    fn technique(&self) -> Technique {
        self.technique
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Only the digits whose places changed since this finder last found nothing (see
        // `since.rs`: a digit's fish read only its places and its placed count).
        since::rescan(
            Family::Fish,
            self.size,
            self.pruned,
            grid,
            found,
            |changes, found| self.scan(grid, ratings, changes, found),
        )
    }
}

impl Fish {
    /// SE's scan, over the digits of `changes` only.
    pub(super) fn scan(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        changes: Changes,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.size;
        let tried: [bool; 9] = DIGITS.map(|d| {
            changes.digits & 1 << d.index() != 0
                && (!self.pruned || grid.placed_count(d) as usize + 2 * n <= 9)
        });
        // Each line's places of each digit, read once: the subsets below read them 126 times
        // over (sizes 2 to 4), and fish run at every step that gets this far.
        let mut positions = [[0u16; 9]; 18];
        for (h, line) in positions.iter_mut().enumerate() {
            for (d, places) in line.iter_mut().enumerate() {
                if tried[d] {
                    *places = grid.positions(h, d);
                }
            }
        }
        // The lines (bit i: line `base + i`) where each digit has two places or more: SE's
        // `CommonTuples` needs every base line to be one, so a subset with another line is
        // skipped at once (most are).
        let mut eligible = [[0u16; 9]; 2];
        for (k, base) in [9, 0].into_iter().enumerate() {
            for (d, lines) in eligible[k].iter_mut().enumerate() {
                for i in 0..9 {
                    if positions[base + i][d].count_ones() >= 2 {
                        *lines |= 1 << i;
                    }
                }
            }
        }
        // Base lines: columns (house indexes 9..18), then rows (0..9); covers the other kind.
        for (k, (base, cover)) in [(9, 0), (0, 9)].into_iter().enumerate() {
            for &lines in subsets(n) {
                for d in (0..9).filter(|&d| tried[d]) {
                    if lines & !eligible[k][d] != 0 {
                        continue;
                    }
                    let mut union = 0u16;
                    let mut ok = true;
                    for i in (0..9).filter(|&i| lines & 1 << i != 0) {
                        let places = positions[base + i][d];
                        ok &= places.count_ones() >= 2;
                        union |= places;
                    }
                    if !ok || union.count_ones() as usize != n {
                        continue;
                    }
                    let base_cells = (0..9)
                        .filter(|&i| lines & 1 << i != 0)
                        .fold(CellSet::EMPTY, |s, i| {
                            s | CellSet::from_bits(HOUSE_MASKS[base + i])
                        });
                    let cover_cells = (0..9)
                        .filter(|&i| union & 1 << i != 0)
                        .fold(CellSet::EMPTY, |s, i| {
                            s | CellSet::from_bits(HOUSE_MASKS[cover + i])
                        });
                    let digit = DIGITS[d];
                    let here = grid.cells_with(digit);
                    let victims = (here & cover_cells).difference(base_cells);
                    if victims.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(self.technique, ratings.get(self.technique));
                    step.eliminations = victims.iter().map(|c| (c, digit)).collect();
                    step.cells = (here & base_cells).iter().collect();
                    step.houses = (0..9)
                        .filter(|&i| lines & 1 << i != 0)
                        .map(|i| house(base + i))
                        .chain(
                            (0..9)
                                .filter(|&i| union & 1 << i != 0)
                                .map(|i| house(cover + i)),
                        )
                        .collect();
                    step.digits.push(digit);
                    report(found, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, confine, elims, first, house, puzzle};

    #[test]
    fn x_wing_on_rows_clears_the_columns() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        confine(&mut grid, 4, "row 7", "r7c3 r7c8");
        let step = first(&Fish::X_WING, &grid).expect("X-Wing on 4");
        assert_eq!(step.cells, cells("r2c3 r2c8 r7c3 r7c8"));
        assert_eq!(
            step.houses,
            [
                house("row 2"),
                house("row 7"),
                house("column 3"),
                house("column 8")
            ]
        );
        assert_eq!(elims(&step).len(), 14);
        assert_eq!(elims(&step)[0], "4@r1c3");
        assert_eq!(step.rating.to_string(), "3.2");
    }

    #[test]
    fn columns_are_searched_first() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        confine(&mut grid, 4, "row 7", "r7c3 r7c8");
        confine(&mut grid, 9, "column 1", "r1c1 r5c1");
        confine(&mut grid, 9, "column 6", "r1c6 r5c6");
        let steps = all(&Fish::X_WING, &grid);
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].houses[0], house("column 1"));
        assert_eq!(steps[1].houses[0], house("row 2"));
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 5, "row 1", "r1c2 r1c5");
        confine(&mut grid, 5, "row 4", "r4c5 r4c7");
        confine(&mut grid, 5, "row 8", "r8c2 r8c7");
        assert!(first(&Fish::X_WING, &grid).is_none());
        let step = first(&Fish::SWORDFISH, &grid).expect("swordfish on 5");
        assert_eq!(step.houses.len(), 6);
        assert_eq!(elims(&step).len(), 18);
        assert_eq!(step.rating.to_string(), "3.8");

        let mut grid = CandidateGrid::new();
        confine(&mut grid, 6, "row 1", "r1c1 r1c3");
        confine(&mut grid, 6, "row 3", "r3c3 r3c5");
        confine(&mut grid, 6, "row 5", "r5c5 r5c7");
        confine(&mut grid, 6, "row 7", "r7c7 r7c1");
        assert!(first(&Fish::SWORDFISH, &grid).is_none());
        let step = first(&Fish::JELLYFISH, &grid).expect("jellyfish on 6");
        assert_eq!(step.cells.len(), 8);
        assert_eq!(step.rating.to_string(), "5.2");
    }

    #[test]
    fn a_digit_placed_too_often_is_left_to_the_smaller_fish() {
        // 6 placed twice: a jellyfish would be the complement of a smaller fish.
        let mut rows = vec![".".repeat(9); 9];
        rows[1] = "........6".to_string(); // r2c9
        rows[8] = ".......6.".to_string(); // r9c8
        let mut grid = puzzle(&rows.concat());
        confine(&mut grid, 6, "row 1", "r1c1 r1c3");
        confine(&mut grid, 6, "row 3", "r3c3 r3c5");
        confine(&mut grid, 6, "row 5", "r5c5 r5c7");
        confine(&mut grid, 6, "row 7", "r7c7 r7c1");
        assert!(all(&Fish::JELLYFISH, &grid).is_empty());
        assert_eq!(all(&Fish::JELLYFISH.unpruned(), &grid).len(), 1);
    }

    #[test]
    fn no_fish_without_victims() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        confine(&mut grid, 4, "row 7", "r7c3 r7c8");
        confine(&mut grid, 4, "column 3", "r2c3 r7c3");
        confine(&mut grid, 4, "column 8", "r2c8 r7c8");
        assert!(all(&Fish::X_WING, &grid).is_empty());
    }
}
