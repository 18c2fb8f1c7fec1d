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
//!
//! The base cell selection and the combination test are SE's `AlignedExclusion` for any number
//! of cells, so [`base_cells`] and [`exclusions`] also serve the aligned triplet exclusion
//! (`aligned_triplet.rs`), where excluders may hold up to three candidates.

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
        let bases = base_cells(grid, 2);
        // SE enumerates pairs of indexes as 64-bit masks; a real puzzle has at most 64 empty
        // cells, and pairs are generated here directly so any grid works.
        for j in 1..bases.len() {
            for i in 0..j {
                let ((c0, ex0), (c1, ex1)) = (bases[i], bases[j]);
                let common = ex0 & ex1;
                if common.len() < 2 {
                    continue;
                }
                let removed = exclusions(grid, &[c0, c1], common);
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

/// The base cells of an aligned exclusion of `degree` cells (2 for pairs, 3 for triplets), in
/// row-major order, each with its *excluders*: its peers with 2 to `degree` candidates, the
/// cells a combination of `degree` digits can empty (SE's `AlignedExclusion` selection, shared
/// by pairs and triplets). A cell qualifies when it has two or more candidates, at least one
/// excluder, and no peer with a single candidate (SE skips those: a naked single is pending).
pub(super) fn base_cells(grid: &CandidateGrid, degree: u32) -> Vec<(Cell, CellSet)> {
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
            .filter(|&p| (2..=degree).contains(&grid.candidates(p).len()))
            .collect();
        if !excluders.is_empty() {
            bases.push((cell, excluders));
        }
    }
    bases
}

/// The most base cells an exclusion handles (a triplet).
const MAX_BASES: usize = 3;

/// The candidates of `cells` (at most three) that appear in no allowed combination, in
/// (cell, digit) order. A combination gives each cell one of its candidates; it is not allowed
/// when two cells that see each other get the same digit, or when its digits cover every
/// candidate of one of `excluders` (that cell would be left empty).
///
/// Same answer as trying every combination, as SE does, but faster: a partial combination that
/// already clashes or empties an excluder is dropped with everything that extends it, and the
/// search stops once every candidate has been used by an allowed combination.
pub(super) fn exclusions(
    grid: &CandidateGrid,
    cells: &[Cell],
    excluders: CellSet,
) -> Vec<(Cell, Digit)> {
    let n = cells.len().min(MAX_BASES);
    let cells = &cells[..n];
    let mut search = Combinations {
        n,
        candidates: [0; MAX_BASES],
        clashes: [0; MAX_BASES],
        excluders: [0; 20],
        excluder_count: 0,
        chosen: [0; MAX_BASES],
        used: [0; MAX_BASES],
    };
    for (k, &cell) in cells.iter().enumerate() {
        search.candidates[k] = grid.candidates(cell).bits();
        let peers = CellSet::peers(cell);
        for (j, &earlier) in cells[..k].iter().enumerate() {
            if peers.contains(earlier) {
                search.clashes[k] |= 1 << j;
            }
        }
    }
    // An excluder is emptied only by a combination holding all its candidates, so one with a
    // candidate none of the base cells has never rules anything out: it is left out of the
    // search (most common excluders of a triplet are such, and each was tested at every node).
    let reach = search.candidates[..n].iter().fold(0, |acc, &c| acc | c);
    // A cell's excluders are among its 20 peers, so a common set never holds more.
    for e in excluders.iter().take(20) {
        let mask = grid.candidates(e).bits();
        if mask & !reach == 0 {
            search.excluders[search.excluder_count] = mask;
            search.excluder_count += 1;
        }
    }
    search.walk(0, 0);
    let mut removed = Vec::new();
    for (k, &cell) in cells.iter().enumerate() {
        for d in grid.candidates(cell).iter() {
            if search.used[k] & 1 << d.index() == 0 {
                removed.push((cell, d));
            }
        }
    }
    removed
}

/// The state of the combination search of [`exclusions`].
struct Combinations {
    n: usize,
    /// The candidate mask of each base cell.
    candidates: [u16; MAX_BASES],
    /// Bit `j` of `clashes[k]`: base cells `j < k` and `k` see each other.
    clashes: [u8; MAX_BASES],
    /// The candidate masks of the excluders.
    excluders: [u16; 20],
    excluder_count: usize,
    /// The digit bit given to each base cell so far.
    chosen: [u16; MAX_BASES],
    /// The digits of each base cell used by some allowed combination.
    used: [u16; MAX_BASES],
}

impl Combinations {
    /// Gives base cell `k` each of its candidates in turn, `digits` being the digits given to
    /// the earlier cells; true once every candidate of every cell is used (nothing to remove).
    fn walk(&mut self, k: usize, digits: u16) -> bool {
        if k + 1 == self.n {
            return self.last(k, digits);
        }
        let mut rest = self.candidates[k];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let clash = (0..k).any(|j| self.clashes[k] & 1 << j != 0 && self.chosen[j] == bit);
            if clash {
                continue;
            }
            let union = digits | bit;
            let empties = self.excluders[..self.excluder_count]
                .iter()
                .any(|&e| e & !union == 0);
            if empties {
                continue;
            }
            self.chosen[k] = bit;
            if self.walk(k + 1, union) {
                return true;
            }
        }
        false
    }

    /// [`walk`](Combinations::walk) for the last base cell `k`: every candidate allowed there at
    /// once. A digit is allowed unless a clashing earlier cell holds it, or it is the one digit
    /// of some excluder not yet covered (a combination with it would empty that excluder).
    fn last(&mut self, k: usize, digits: u16) -> bool {
        let mut taken = 0u16;
        for j in 0..k {
            if self.clashes[k] & 1 << j != 0 {
                taken |= self.chosen[j];
            }
        }
        let mut allowed = self.candidates[k] & !taken;
        for &e in &self.excluders[..self.excluder_count] {
            let left = e & !digits;
            if left & left.wrapping_sub(1) == 0 {
                // One digit left (that digit is not allowed), or none (nothing is).
                allowed &= !left;
                if left == 0 {
                    allowed = 0;
                }
            }
        }
        if allowed == 0 {
            return false;
        }
        self.used[k] |= allowed;
        for i in 0..k {
            self.used[i] |= self.chosen[i];
        }
        // The entries past `n` are 0 in both arrays.
        self.used == self.candidates
    }
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

    /// What SE does: every combination of one candidate per base cell, kept when no two cells
    /// that see each other share a digit and no excluder loses every candidate.
    fn every_combination(
        grid: &CandidateGrid,
        cells: &[Cell],
        excluders: CellSet,
    ) -> Vec<(Cell, Digit)> {
        let masks: Vec<u16> = cells.iter().map(|&c| grid.candidates(c).bits()).collect();
        let mut used = vec![0u16; cells.len()];
        let mut chosen = vec![0u16; cells.len()];
        fn go(
            k: usize,
            g: &CandidateGrid,
            cells: &[Cell],
            masks: &[u16],
            ex: CellSet,
            chosen: &mut [u16],
            used: &mut [u16],
        ) {
            if k == cells.len() {
                let union = chosen.iter().fold(0, |a, &b| a | b);
                let clash = (0..k).any(|i| {
                    (0..i).any(|j| {
                        chosen[i] == chosen[j] && CellSet::peers(cells[i]).contains(cells[j])
                    })
                });
                let empties = ex.iter().any(|e| g.candidates(e).bits() & !union == 0);
                if !clash && !empties {
                    for (u, c) in used.iter_mut().zip(chosen.iter()) {
                        *u |= c;
                    }
                }
                return;
            }
            for d in 0..9 {
                if masks[k] & 1 << d != 0 {
                    chosen[k] = 1 << d;
                    go(k + 1, g, cells, masks, ex, chosen, used);
                }
            }
        }
        go(0, grid, cells, &masks, excluders, &mut chosen, &mut used);
        let mut removed = Vec::new();
        for (k, &cell) in cells.iter().enumerate() {
            for d in grid.candidates(cell).iter() {
                if used[k] & 1 << d.index() == 0 {
                    removed.push((cell, d));
                }
            }
        }
        removed
    }

    #[test]
    fn the_pruned_search_removes_what_every_combination_does() {
        // Random candidates for two or three base cells (peers or not) and up to six excluders
        // of two or three candidates: the pruned search (with its all-at-once last cell) must
        // remove exactly what trying every combination removes.
        let mut rng = crate::rng::Rng::new(37);
        let mut removing = 0;
        for trial in 0..4000 {
            let mut grid = CandidateGrid::new();
            let mut order: Vec<usize> = (0..81).collect();
            // Base cells and excluders from one small area, so most of them see each other.
            rng.shuffle(&mut order[..27]);
            let n = 2 + trial % 2;
            let cells: Vec<Cell> = order[..n].iter().filter_map(|&i| Cell::new(i)).collect();
            let excluders: CellSet = order[n..n + 2 + rng.index(5)]
                .iter()
                .filter_map(|&i| Cell::new(i))
                .collect();
            for (k, c) in order[..n + 6]
                .iter()
                .filter_map(|&i| Cell::new(i))
                .enumerate()
            {
                let size = if k < n {
                    2 + rng.index(5)
                } else {
                    2 + rng.index(2)
                };
                // Digits 1 to 5 only, so excluders often cover base digits.
                let keep: Vec<u8> = rng
                    .permutation::<9>()
                    .into_iter()
                    .filter(|&d| d < 5)
                    .take(size)
                    .collect();
                for d in Digit::all() {
                    if !keep.contains(&(d.index() as u8)) {
                        grid.eliminate(c, d);
                    }
                }
            }
            let expected = every_combination(&grid, &cells, excluders);
            assert_eq!(
                exclusions(&grid, &cells, excluders),
                expected,
                "trial {trial}"
            );
            removing += usize::from(!expected.is_empty());
        }
        // The trials do exercise removals, not only empty answers.
        assert!(removing > 300, "{removing}");
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
