//! Hidden pairs, triples and quads: `n` digits of a house confined to the same `n` cells; those
//! cells lose their other candidates.
//!
//! SE's `HiddenSet(n, false)`: boxes, then columns, then rows; only houses with more than `2n`
//! empty cells (otherwise the complementary naked set is no bigger; [`HiddenSet::unpruned`]
//! drops this condition); digit subsets in `Permutations` order; each digit needs at least two
//! places (SE's `CommonTuples`).

use super::since::{self, Family};
use super::{digits_of, report, subsets};
use crate::logic::candidate_grid::Changes;
use crate::logic::cell_set::{house, HOUSE_CELLS, SE_HOUSE_ORDER};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Calls `visit(house, digits, positions)` for every hidden set of `n` digits in every house
/// of `houses` (bit `h` for house index `h`) with more than `min_empty` empty cells, in SE's
/// order. `digits` has a bit per digit index, `positions` a bit per position of the house (see
/// `HOUSE_CELLS`).
pub(super) fn hidden_sets_in(
    grid: &CandidateGrid,
    n: usize,
    min_empty: u32,
    houses: u32,
    visit: &mut dyn FnMut(usize, u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for h in SE_HOUSE_ORDER {
        if houses & 1 << h == 0 || grid.empty_in(h) <= min_empty {
            continue;
        }
        let places: [u16; 9] = std::array::from_fn(|d| grid.positions(h, d));
        let eligible = (0..9)
            .filter(|&d| (2..=n as u32).contains(&places[d].count_ones()))
            .fold(0u16, |m, d| m | 1 << d);
        for &digits in subsets(n) {
            if digits & !eligible != 0 {
                continue;
            }
            let union = (0..9)
                .filter(|&d| digits & 1 << d != 0)
                .fold(0u16, |u, d| u | places[d]);
            if union.count_ones() as usize == n {
                visit(h, digits, union)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Finds hidden sets of one size.
#[derive(Debug, Clone, Copy)]
pub struct HiddenSet {
    size: usize,
    technique: Technique,
    /// Whether to skip houses with at most `2 * size` empty cells, as SE does.
    pruned: bool,
}

impl HiddenSet {
    /// Hidden pairs (SE 3.4).
    pub const PAIR: HiddenSet = HiddenSet {
        size: 2,
        technique: Technique::HiddenPair,
        pruned: true,
    };
    /// Hidden triples (SE 4.0).
    pub const TRIPLE: HiddenSet = HiddenSet {
        size: 3,
        technique: Technique::HiddenTriple,
        pruned: true,
    };
    /// Hidden quads (SE 5.4).
    pub const QUAD: HiddenSet = HiddenSet {
        size: 4,
        technique: Technique::HiddenQuad,
        pruned: true,
    };
}

impl HiddenSet {
    /// The same finder without SE's house-size condition: it also reports the sets of houses
    /// with at most `2n` empty cells (whose complement is a naked set no bigger). Useful to list
    /// every instance; the registry keeps SE's condition, which shapes SE's solve path.
    pub const fn unpruned(self) -> HiddenSet {
        HiddenSet {
            pruned: false,
            ..self
        }
    }
}

impl Finder for HiddenSet {
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
        // `since.rs`: a house's hidden sets read only its cells).
        since::rescan(
            Family::HiddenSet,
            self.size,
            self.pruned,
            grid,
            found,
            |changes, found| self.scan(grid, ratings, changes, found),
        )
    }
}

impl HiddenSet {
    /// SE's scan, over the houses with a cell of `changes` only.
    pub(super) fn scan(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        changes: Changes,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // With `n` empty cells or fewer, a hidden set of size `n` has nothing to eliminate.
        let min_empty = if self.pruned { 2 } else { 1 } * self.size as u32;
        let houses = since::houses(changes);
        hidden_sets_in(
            grid,
            self.size,
            min_empty,
            houses,
            &mut |h, digits, positions| {
                let mut step = Step::new(self.technique, ratings.get(self.technique));
                for (i, &cell) in HOUSE_CELLS[h].iter().enumerate() {
                    if positions & 1 << i != 0 {
                        step.cells.push(cell);
                        for digit in grid.candidates(cell).iter() {
                            if digits & 1 << digit.index() == 0 {
                                step.eliminations.push((cell, digit));
                            }
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                step.houses.push(house(h));
                step.digits = digits_of(digits).collect();
                report(found, step)
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, confine, elims, first, house};

    #[test]
    fn hidden_pair_strips_its_cells() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "column 4", "r2c4 r7c4");
        confine(&mut grid, 6, "column 4", "r2c4 r7c4");
        let step = first(&HiddenSet::PAIR, &grid).expect("3 and 6 in column 4");
        assert_eq!(step.cells, cells("r2c4 r7c4"));
        assert_eq!(step.houses, [house("column 4")]);
        assert_eq!(elims(&step).len(), 14);
        assert!(elims(&step)
            .iter()
            .all(|e| !e.starts_with('3') && !e.starts_with('6')));
        assert_eq!(step.rating.to_string(), "3.4");
    }

    #[test]
    fn triples_and_quads() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 2, "row 5", "r5c1 r5c4");
        confine(&mut grid, 5, "row 5", "r5c4 r5c9");
        confine(&mut grid, 8, "row 5", "r5c1 r5c9");
        assert!(first(&HiddenSet::PAIR, &grid).is_none());
        let steps = all(&HiddenSet::TRIPLE, &grid);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].cells, cells("r5c1 r5c4 r5c9"));
        assert_eq!(steps[0].rating.to_string(), "4.0");

        let mut grid = CandidateGrid::new();
        for (d, only) in [
            (1, "r1c1 r2c2"),
            (4, "r2c2 r3c3"),
            (5, "r3c3 r1c2"),
            (9, "r1c2 r1c1"),
        ] {
            confine(&mut grid, d, "box 1", only);
        }
        let step = first(&HiddenSet::QUAD, &grid).expect("quad in box 1");
        assert_eq!(step.cells, cells("r1c1 r1c2 r2c2 r3c3"));
        assert_eq!(step.rating.to_string(), "5.4");
    }

    #[test]
    fn no_step_in_small_houses_or_without_extra_candidates() {
        // Only four empty cells in row 1: SE leaves the pair to the naked-pair search.
        let mut grid = crate::logic::test_util::puzzle(&format!("12345....{}", ".".repeat(72)));
        confine(&mut grid, 6, "row 1", "r1c6 r1c7");
        confine(&mut grid, 7, "row 1", "r1c6 r1c7");
        assert!(all(&HiddenSet::PAIR, &grid)
            .iter()
            .all(|s| s.houses != [house("row 1")]));
        let unpruned = all(&HiddenSet::PAIR.unpruned(), &grid);
        assert!(unpruned.iter().any(|s| s.houses == [house("row 1")]));
        // A hidden pair whose cells hold nothing else is no step.
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "column 4", "r2c4 r7c4");
        confine(&mut grid, 6, "column 4", "r2c4 r7c4");
        crate::logic::test_util::keep(&mut grid, "r2c4", "36");
        crate::logic::test_util::keep(&mut grid, "r7c4", "36");
        assert!(all(&HiddenSet::PAIR, &grid).is_empty());
    }
}
