//! Aligned pair exclusion: Sudoku Explainer's `AlignedPairExclusion` (rated 6.2).
//!
//! Take two cells and list every way to fill them with one candidate each. A way is impossible
//! when it puts the same digit in both while they see each other, or when it takes both
//! candidates of a bivalue cell that sees both of them (that cell would be left empty). A
//! candidate of either cell that appears in no possible way is removed.
//!
//! # Search (as SE 1.2.1 does it)
//! Base cells: cells with two or more candidates, in row-major order, that see at least one
//! bivalue cell and no cell with a single candidate (SE skips those: a naked single is pending).
//! Pairs of base cells in `Permutations(2, n)` order (by the later cell, then the earlier), with
//! at least two bivalue cells both see (the *excluders*, in SE's peer order of the first cell).
//! The first pair that removes something is SE's step.

use super::report;
use crate::board::{Cell, Digit};
use crate::logic::cell_set::{CellSet, SE_PEERS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds aligned pair exclusions.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlignedPairExclusion;

impl Finder for AlignedPairExclusion {
    fn technique(&self) -> Technique {
        Technique::AlignedPairExclusion
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let bases = base_cells(grid);
        // SE enumerates pairs of indexes as 64-bit masks; a real puzzle has at most 64 empty
        // cells, and pairs are generated here directly so any grid works.
        for j in 1..bases.len() {
            for i in 0..j {
                let ((c0, ex0), (c1, ex1)) = (bases[i], bases[j]);
                let common = ex0 & ex1;
                if common.len() < 2 {
                    continue;
                }
                let removed = exclusions(grid, [c0, c1], common);
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(self.technique(), ratings.get(self.technique()));
                step.eliminations = removed;
                step.cells = vec![c0, c1];
                // The excluders in SE's peer order of the first cell.
                step.cells.extend(
                    SE_PEERS[c0.index()]
                        .iter()
                        .copied()
                        .filter(|&c| common.contains(c)),
                );
                report(found, step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The base cells in row-major order, each with its bivalue peers.
fn base_cells(grid: &CandidateGrid) -> Vec<(Cell, CellSet)> {
    let mut bases = Vec::new();
    for cell in grid.empty_cells() {
        if grid.candidates(cell).len() < 2 {
            continue;
        }
        let peers = &SE_PEERS[cell.index()];
        if peers.iter().any(|&p| grid.candidates(p).len() == 1) {
            continue;
        }
        let excluders: CellSet = peers
            .iter()
            .copied()
            .filter(|&p| grid.candidates(p).len() == 2)
            .collect();
        if !excluders.is_empty() {
            bases.push((cell, excluders));
        }
    }
    bases
}

/// The candidates of `cells` that appear in no allowed combination, in (cell, digit) order.
fn exclusions(grid: &CandidateGrid, cells: [Cell; 2], excluders: CellSet) -> Vec<(Cell, Digit)> {
    let [c0, c1] = cells;
    let see_each_other = CellSet::peers(c0).contains(c1);
    // Bit d of used[k]: digit index d of cell k appears in an allowed combination.
    let mut used = [0u16; 2];
    for p0 in grid.candidates(c0).iter() {
        for p1 in grid.candidates(c1).iter() {
            if p0 == p1 && see_each_other {
                continue;
            }
            let pair = (1u16 << p0.index()) | (1 << p1.index());
            let empties = excluders
                .iter()
                .any(|e| grid.candidates(e).bits() & !pair == 0);
            if !empties {
                used[0] |= 1 << p0.index();
                used[1] |= 1 << p1.index();
            }
        }
    }
    let mut removed = Vec::new();
    for (k, cell) in cells.into_iter().enumerate() {
        for d in grid.candidates(cell).iter() {
            if used[k] & 1 << d.index() == 0 {
                removed.push((cell, d));
            }
        }
    }
    removed
}

/// Pairs of `0..n` in SE's `Permutations(2, n)` order, for tests of the order above.
#[cfg(test)]
fn pair_order(n: usize) -> Vec<(usize, usize)> {
    super::unique_loop::masks(2, n)
        .map(|m| {
            let i = m.trailing_zeros() as usize;
            let j = 31 - m.leading_zeros() as usize;
            (i, j)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, elims, first, keep};

    #[test]
    fn a_value_that_empties_an_excluder_in_every_combination_goes() {
        // r9c7 {1,3,5,8,9} and r9c9 {1,3,5,7} both see r7c8 {1,5}, r9c1 {5,7} and r9c3 {3,5}:
        // r9c7 = 5 leaves r9c9 1, 3 or 7, and each empties one of them.
        let rows = [
            "1...5...........8.1.3.5...9......7....3.5...9...4.....1.3.56....2.......1.3.56...",
            ".....6.....3.5.7.91.3.5.7.9.23....89.23.5..89..3.5...91.3.5..8....4.....1.3.5....",
            "...4.......3.5.....2............6.....3.5..8.1..............7......5..8.........9",
            "1...5.7......5...9...4......2......9.2....7.9.....6...1...5...9..3.............8.",
            "..3...........67.91....67.9....5.......4............8.1....6..91.....7.9.2.......",
            ".......8..2...........56..91..........3...7.9..3.....9...4.........5...9....567..",
            "........9..3.56..........8....4.....1.3.56.........7...2.......1...5....1.3.5....",
            ".2.......1..........3.567....3....89..3.56.89..3.5...9..3.5..89....5.789...4.....",
            "....5.7.....4.......3.5......3....891.3.5..89.2.......1.3.5..89.....6...1.3.5.7..",
        ];
        let grid = CandidateGrid::from_candidate_str(&rows.concat()).expect("valid state");
        let step = first(&AlignedPairExclusion, &grid).expect("APE");
        assert_eq!(step.cells[..2], cells("r9c7 r9c9"));
        let mut excluders = step.cells[2..].to_vec();
        excluders.sort();
        assert_eq!(excluders, cells("r7c8 r9c1 r9c3"));
        assert_eq!(elims(&step), ["5@r9c7"]);
        assert_eq!(step.rating.to_string(), "6.2");
    }

    #[test]
    fn cells_that_see_each_other_cannot_share_a_digit() {
        // r1c1 {1,2} and r1c2 {1,2,3}; excluders r1c5 {1,3} and r1c9 {2,3}: r1c1 = 1 needs
        // r1c2 = 2 or 3 (not 1, same row), and 3 empties r1c5; r1c1 = 2 needs r1c2 = 1 or 3,
        // and 3 empties r1c9. So r1c2 = 3 never works. (The open cells of row 1 see the same
        // excluders and make steps of their own.)
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "123");
        keep(&mut grid, "r1c5", "13");
        keep(&mut grid, "r1c9", "23");
        let steps = all(&AlignedPairExclusion, &grid);
        let step = steps
            .iter()
            .find(|s| s.cells[..2] == cells("r1c1 r1c2"))
            .expect("a step on r1c1 and r1c2");
        assert_eq!(elims(step), ["3@r1c2"]);
        // The first pair in SE's order is r1c1 with r1c2.
        assert_eq!(steps[0], *step);
    }

    #[test]
    fn nothing_when_every_candidate_has_a_way_out() {
        // One bivalue cell: no pair has two excluders.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        assert!(all(&AlignedPairExclusion, &grid).is_empty());
        // r1c9 and r9c1 both see r1c1 {1,2} and r9c9 {3,4}, but each of their digits still
        // has a partner that empties neither.
        keep(&mut grid, "r9c9", "34");
        assert!(all(&AlignedPairExclusion, &grid).is_empty());
        // A pending naked single among a cell's peers: SE skips that cell as a base.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "123");
        keep(&mut grid, "r1c5", "13");
        keep(&mut grid, "r1c9", "23");
        keep(&mut grid, "r2c2", "7");
        let steps = all(&AlignedPairExclusion, &grid);
        assert!(!steps.is_empty());
        assert!(steps
            .iter()
            .all(|s| !s.cells[..2].contains(&cells("r1c2")[0])));
    }

    #[test]
    fn pairs_come_in_se_order() {
        assert_eq!(
            pair_order(4),
            [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]
        );
        // The finder's loops (later index outer, earlier inner) give the same order.
        let mut ours = Vec::new();
        for j in 1..4 {
            for i in 0..j {
                ours.push((i, j));
            }
        }
        assert_eq!(ours, pair_order(4));
    }
}
