//! Direct hidden pair and direct hidden triple (SE's `HiddenSet(n, true)`,
//! `DirectHiddenSetHint`).
//!
//! A hidden set whose cells, once stripped of their other candidates, leave some other digit
//! with a single place in the same house. SE searches houses with more than `n` empty cells,
//! takes the first such digit in increasing order, and the step **only places it**: its
//! `DirectHiddenSetHint` carries no eliminations, so the hidden set's own eliminations are not
//! applied. We do the same, so that the next steps (and the rating) follow SE's path.

use super::hidden_set::hidden_sets_in;
use super::since::{self, Family};
use super::{digits_of, report};
use crate::logic::candidate_grid::Changes;
use crate::logic::cell_set::{house, DIGITS, HOUSE_CELLS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds direct hidden pairs or triples.
#[derive(Debug, Clone, Copy)]
pub struct DirectHiddenSet {
    size: usize,
    technique: Technique,
}

impl DirectHiddenSet {
    /// Direct hidden pairs (SE 2.0).
    pub const PAIR: DirectHiddenSet = DirectHiddenSet {
        size: 2,
        technique: Technique::DirectHiddenPair,
    };
    /// Direct hidden triples (SE 2.5).
    pub const TRIPLE: DirectHiddenSet = DirectHiddenSet {
        size: 3,
        technique: Technique::DirectHiddenTriple,
    };
}

impl Finder for DirectHiddenSet {
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
        // `since.rs`: a house's step reads only the candidates of its nine cells).
        since::rescan(
            Family::DirectHiddenSet,
            self.size,
            true,
            grid,
            found,
            |changes, found| self.scan(grid, ratings, changes, found),
        )
    }
}

impl DirectHiddenSet {
    /// SE's scan, over the houses with a cell of `changes` only.
    pub(super) fn scan(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        changes: Changes,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        hidden_sets_in(
            grid,
            self.size,
            self.size as u32,
            since::houses(changes),
            &mut |h, digits, positions| {
                let single = (0..9).filter(|&d| digits & 1 << d == 0).find_map(|d| {
                    let places = grid.positions(h, d);
                    let left = places & !positions;
                    (places.count_ones() > 1 && left.count_ones() == 1)
                        .then(|| (left.trailing_zeros() as usize, d))
                });
                let Some((position, d)) = single else {
                    return ControlFlow::Continue(());
                };
                let cells = HOUSE_CELLS[h];
                let mut step = Step::new(self.technique, ratings.get(self.technique));
                step.placements.push((cells[position % 9], DIGITS[d]));
                step.cells = (0..9)
                    .filter(|&i| positions & 1 << i != 0)
                    .map(|i| cells[i])
                    .collect();
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
    use crate::logic::test_util::{cells, confine, first, house, places};

    #[test]
    fn direct_hidden_pair_places_the_single_and_eliminates_nothing() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "row 1", "r1c2 r1c5");
        confine(&mut grid, 6, "row 1", "r1c2 r1c5");
        confine(&mut grid, 4, "row 1", "r1c2 r1c5 r1c8");
        let step = first(&DirectHiddenSet::PAIR, &grid).expect("4 is left with r1c8");
        assert_eq!(places(&step), ["4@r1c8"]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.cells, cells("r1c2 r1c5"));
        assert_eq!(step.houses, [house("row 1")]);
        assert_eq!(step.rating.to_string(), "2.0");
    }

    #[test]
    fn direct_hidden_triple() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 1, "column 9", "r1c9 r5c9");
        confine(&mut grid, 2, "column 9", "r5c9 r9c9");
        confine(&mut grid, 3, "column 9", "r1c9 r9c9");
        confine(&mut grid, 8, "column 9", "r1c9 r2c9");
        assert!(first(&DirectHiddenSet::PAIR, &grid).is_none());
        let step = first(&DirectHiddenSet::TRIPLE, &grid).expect("8 is left with r2c9");
        assert_eq!(places(&step), ["8@r2c9"]);
        assert_eq!(step.rating.to_string(), "2.5");
    }

    #[test]
    fn no_step_when_no_single_follows() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "row 1", "r1c2 r1c5");
        confine(&mut grid, 6, "row 1", "r1c2 r1c5");
        confine(&mut grid, 4, "row 1", "r1c2 r1c7 r1c8");
        assert!(first(&DirectHiddenSet::PAIR, &grid).is_none());
    }
}
