//! Locked pairs and triples (HoDoKu's "Locked Pair" and "Locked Triple", reglib 0110/0111):
//! a naked pair or triple whose cells lie in one box and on one line. Its digits leave both
//! houses at once, where a naked set clears one house a step.
//!
//! HoDoKu's rule (its `SimpleSolver`, read as a description): the set is locked when it
//! removes a candidate from the box and one from the line outside the box; a naked set in a
//! box-line crossing that clears only one of them stays a naked pair or triple. HoDoKu looks
//! for them in boxes, before pointing and claiming; this finder scans each box's crossings
//! with its rows, then its columns, and subsets of the crossing's cells in cell order.

use super::{digits_of, report};
use crate::board::Candidates;
use crate::logic::cell_set::{house, CellSet, HOUSE_MASKS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds locked pairs or locked triples.
#[derive(Debug, Clone, Copy)]
pub struct LockedSet {
    size: u32,
}

impl LockedSet {
    /// Locked pair (HoDoKu 1000, score 40).
    pub const PAIR: LockedSet = LockedSet { size: 2 };
    /// Locked triple (HoDoKu 1100, score 60).
    pub const TRIPLE: LockedSet = LockedSet { size: 3 };
}

impl Finder for LockedSet {
    fn technique(&self) -> Technique {
        if self.size == 2 {
            Technique::LockedPair
        } else {
            Technique::LockedTriple
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = self.technique();
        for (block, &box_mask) in HOUSE_MASKS.iter().enumerate().skip(18) {
            let box_cells = CellSet::from_bits(box_mask);
            for (line, &line_mask) in HOUSE_MASKS.iter().enumerate().take(18) {
                let line_cells = CellSet::from_bits(line_mask);
                let crossing: Vec<_> = (box_cells & line_cells)
                    .iter()
                    .filter(|&c| (2..=self.size).contains(&grid.candidates(c).len()))
                    .collect();
                for set in subsets(&crossing, self.size as usize) {
                    let digits = set
                        .iter()
                        .fold(Candidates::NONE, |u, c| u.union(grid.candidates(c)));
                    if digits.len() != self.size {
                        continue;
                    }
                    let removals = |cells: CellSet| -> Vec<_> {
                        cells
                            .difference(set)
                            .iter()
                            .flat_map(|c| {
                                grid.candidates(c)
                                    .intersection(digits)
                                    .iter()
                                    .map(move |d| (c, d))
                            })
                            .collect()
                    };
                    let in_box = removals(box_cells);
                    let in_line = removals(line_cells.difference(box_cells));
                    if in_box.is_empty() || in_line.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(technique, ratings.get(technique));
                    step.cells = set.iter().collect();
                    step.houses = vec![house(block), house(line)];
                    step.digits = digits_of(digits.bits()).collect();
                    step.eliminations = in_box;
                    step.eliminations.extend(in_line);
                    step.eliminations.sort_unstable();
                    report(found, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The subsets of `size` cells of `cells` (two or three of them), in order.
fn subsets(cells: &[crate::board::Cell], size: usize) -> Vec<CellSet> {
    let mut out = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            let pair = CellSet::single(a) | CellSet::single(b);
            if size == 2 {
                out.push(pair);
            } else {
                out.extend(cells[j + 1..].iter().map(|&c| pair | CellSet::single(c)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, elims, first, house, keep};

    #[test]
    fn locked_pair_clears_its_box_and_its_line() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "27");
        keep(&mut grid, "r1c2", "27");
        let step = first(&LockedSet::PAIR, &grid).expect("pair in box 1 and row 1");
        assert_eq!(step.technique, Technique::LockedPair);
        assert_eq!(step.cells, cells("r1c1 r1c2"));
        assert_eq!(step.houses, [house("box 1"), house("row 1")]);
        // 2 and 7 leave the other 7 cells of box 1 and the 6 cells of row 1 outside it.
        assert_eq!(elims(&step).len(), 2 * (7 + 6));
        assert!(elims(&step).contains(&"2@r1c3".to_string()));
        assert!(elims(&step).contains(&"7@r1c9".to_string()));
        assert!(elims(&step).contains(&"7@r3c3".to_string()));
        assert_eq!(step.rating.to_string(), "3.0");
        assert!(
            crate::logic::explain::english(&step).starts_with(
                "Locked pair 2,7 in r1c1 and r1c2 removes 2 and 7 from r1c3, r1c4, r1c5"
            ),
            "{}",
            crate::logic::explain::english(&step)
        );
        assert!(crate::logic::explain::english(&step).ends_with(
            "These cells hold only 2 and 7 between them and lie in both box 1 and row 1, so no \
             other cell of either can."
        ));
        assert_eq!(all(&LockedSet::PAIR, &grid).len(), 1);
        assert!(first(&LockedSet::TRIPLE, &grid).is_none());
    }

    #[test]
    fn a_set_that_clears_only_one_house_is_not_locked() {
        // The pair's digits are gone from the rest of row 1: only the box loses them, so it is a
        // plain naked pair.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "27");
        keep(&mut grid, "r1c2", "27");
        for c in ["r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"] {
            keep(&mut grid, c, "1345");
        }
        assert!(first(&LockedSet::PAIR, &grid).is_none());
        // And the other way round: nothing to clear in the box.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "27");
        keep(&mut grid, "r1c2", "27");
        for c in ["r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"] {
            keep(&mut grid, c, "1345");
        }
        assert!(first(&LockedSet::PAIR, &grid).is_none());
    }

    #[test]
    fn locked_triple_needs_three_digits_in_the_three_cells() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r4c7", "14");
        keep(&mut grid, "r5c7", "48");
        keep(&mut grid, "r6c7", "18");
        assert!(first(&LockedSet::PAIR, &grid).is_none());
        let steps = all(&LockedSet::TRIPLE, &grid);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].technique, Technique::LockedTriple);
        assert_eq!(steps[0].cells, cells("r4c7 r5c7 r6c7"));
        assert_eq!(steps[0].houses, [house("box 6"), house("column 7")]);
        assert_eq!(elims(&steps[0]).len(), 3 * (6 + 6));
        assert_eq!(steps[0].rating.to_string(), "3.6");
    }
}
