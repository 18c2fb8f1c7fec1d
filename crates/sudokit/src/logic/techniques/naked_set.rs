//! Naked pairs, triples and quads: `n` cells of a house whose candidates together are `n`
//! digits; those digits leave the rest of the house.
//!
//! SE's `NakedSet(n)`: boxes, then columns, then rows; only houses with at least `2n` empty
//! cells (with fewer, the complementary hidden set is smaller; [`NakedSet::unpruned`] drops this
//! condition); cell subsets in `Permutations` order; every cell of the subset must have two or
//! more candidates (SE's `CommonTuples`), so a filled cell or a naked single never joins a set.

use super::since::{self, Family};
use super::{digits_of, report, subsets};
use crate::board::Candidates;
use crate::logic::candidate_grid::Changes;
use crate::logic::cell_set::{house, HOUSE_CELLS, SE_HOUSE_ORDER};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds naked sets of one size.
#[derive(Debug, Clone, Copy)]
pub struct NakedSet {
    size: usize,
    technique: Technique,
    /// Whether to skip houses with fewer than `2 * size` empty cells, as SE does.
    pruned: bool,
}

impl NakedSet {
    /// Naked pairs (SE 3.0).
    pub const PAIR: NakedSet = NakedSet {
        size: 2,
        technique: Technique::NakedPair,
        pruned: true,
    };
    /// Naked triples (SE 3.6).
    pub const TRIPLE: NakedSet = NakedSet {
        size: 3,
        technique: Technique::NakedTriple,
        pruned: true,
    };
    /// Naked quads (SE 5.0).
    pub const QUAD: NakedSet = NakedSet {
        size: 4,
        technique: Technique::NakedQuad,
        pruned: true,
    };
}

impl NakedSet {
    /// The same finder without SE's house-size condition: it also reports the sets of houses
    /// with fewer than `2n` empty cells (whose complement is a smaller hidden set). Useful to
    /// list every instance; the registry keeps SE's condition, which shapes SE's solve path.
    pub const fn unpruned(self) -> NakedSet {
        NakedSet {
            pruned: false,
            ..self
        }
    }
}

impl Finder for NakedSet {
    fn technique(&self) -> Technique {
        self.technique
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Only the houses with a cell changed since this finder last found nothing (see
        // `since.rs`: a house's naked sets read only its cells).
        since::rescan(
            Family::NakedSet,
            self.size,
            self.pruned,
            grid,
            found,
            |changes, found| self.scan(grid, ratings, changes, found),
        )
    }
}

impl NakedSet {
    /// SE's scan, over the houses with a cell of `changes` only.
    pub(super) fn scan(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        changes: Changes,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.size;
        let houses = since::houses(changes);
        for h in SE_HOUSE_ORDER {
            if houses & 1 << h == 0 || self.pruned && (grid.empty_in(h) as usize) < 2 * n {
                continue;
            }
            let cells = HOUSE_CELLS[h];
            let sets = cells.map(|c| grid.candidates(c));
            // Positions whose cell could belong to a naked set of this size.
            let eligible = (0..9)
                .filter(|&i| (2..=n as u32).contains(&sets[i].len()))
                .fold(0u16, |m, i| m | 1 << i);
            for &subset in subsets(n) {
                if subset & !eligible != 0 {
                    continue;
                }
                let union = (0..9)
                    .filter(|&i| subset & 1 << i != 0)
                    .fold(Candidates::NONE, |u, i| u.union(sets[i]));
                if union.len() as usize != n {
                    continue;
                }
                let mut step = Step::new(self.technique, ratings.get(self.technique));
                for (i, &cell) in cells.iter().enumerate() {
                    if subset & 1 << i != 0 {
                        step.cells.push(cell);
                    } else {
                        for digit in sets[i].intersection(union).iter() {
                            step.eliminations.push((cell, digit));
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.houses.push(house(h));
                step.digits = digits_of(union.bits()).collect();
                report(found, step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, elims, first, house, keep};

    #[test]
    fn naked_pair_clears_its_digits_from_the_house() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r3c1", "27");
        keep(&mut grid, "r3c5", "27");
        let step = first(&NakedSet::PAIR, &grid).expect("pair in row 3");
        assert_eq!(step.cells, cells("r3c1 r3c5"));
        assert_eq!(step.houses, [house("row 3")]);
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [2, 7]
        );
        assert_eq!(elims(&step).len(), 14);
        assert_eq!(&elims(&step)[..2], ["2@r3c2", "7@r3c2"]);
        assert_eq!(step.rating.to_string(), "3.0");
    }

    #[test]
    fn triple_and_quad_need_not_have_every_digit_in_every_cell() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "14");
        keep(&mut grid, "r1c2", "48");
        keep(&mut grid, "r1c6", "18");
        assert!(first(&NakedSet::PAIR, &grid).is_none());
        let steps = all(&NakedSet::TRIPLE, &grid);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].cells, cells("r1c1 r1c2 r1c6"));
        assert_eq!(elims(&steps[0]).len(), 18);
        assert_eq!(steps[0].rating.to_string(), "3.6");

        let mut grid = CandidateGrid::new();
        for (c, k) in [
            ("r2c2", "12"),
            ("r4c2", "23"),
            ("r6c2", "34"),
            ("r9c2", "41"),
        ] {
            keep(&mut grid, c, k);
        }
        let step = first(&NakedSet::QUAD, &grid).expect("quad in column 2");
        assert_eq!(step.houses, [house("column 2")]);
        assert_eq!(step.rating.to_string(), "5.0");
    }

    #[test]
    fn se_skips_houses_with_fewer_than_2n_empty_cells() {
        // Row 1 has three empty cells; r1c7 and r1c8 form a naked pair there.
        let mut grid = crate::logic::test_util::puzzle(&format!("123456...{}", ".".repeat(72)));
        keep(&mut grid, "r1c7", "78");
        keep(&mut grid, "r1c8", "78");
        let row1 = |s: &Step| s.houses == [house("row 1")];
        assert!(!all(&NakedSet::PAIR, &grid).iter().any(row1));
        let step = all(&NakedSet::PAIR.unpruned(), &grid)
            .into_iter()
            .find(row1)
            .expect("found without pruning");
        assert_eq!(elims(&step), ["7@r1c9", "8@r1c9"]);
    }

    #[test]
    fn no_step_without_eliminations_or_with_a_stray_digit() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r3c1", "27");
        keep(&mut grid, "r3c5", "28");
        assert!(first(&NakedSet::PAIR, &grid).is_none());
        // A pair whose digits are already gone from the rest of the row.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r3c1", "27");
        keep(&mut grid, "r3c5", "27");
        for c in ["r3c2", "r3c3", "r3c4", "r3c6", "r3c7", "r3c8", "r3c9"] {
            keep(&mut grid, c, "13456");
        }
        assert!(all(&NakedSet::PAIR, &grid).is_empty());
    }
}
