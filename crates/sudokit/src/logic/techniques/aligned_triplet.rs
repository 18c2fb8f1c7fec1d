//! Aligned triplet exclusion: Sudoku Explainer's `AlignedExclusion(3)` (rated 7.5).
//!
//! The aligned pair exclusion with three cells: list every way to fill three cells with one
//! candidate each. A way is impossible when it puts the same digit in two of them that see
//! each other, or when its digits cover every candidate of a cell (with two or three
//! candidates) that sees all three. A candidate of the three cells that appears in no possible
//! way is removed.
//!
//! # Search (as SE 1.2.1 does it)
//! Base cells are chosen as for pairs (see `aligned_pair.rs`), except that a peer with two
//! *or three* candidates counts as an excluder. SE then walks pairs of base cells in
//! `Permutations(2, n)` order (by the later cell, then the earlier); for each pair it takes as
//! third cell every other base cell that is an excluder of the first or the second cell (its
//! *twin area*), in this order: the first cell's excluders in SE's peer order, then the second
//! cell's excluders that are not the first's, in the same order. So the third cell is always a
//! peer of one of the first two with at most three candidates; the first two may be anywhere.
//! A triplet needs at least two excluders that see all three cells. The first triplet that
//! removes something is SE's step.
//!
//! # Speed
//! SE tries every triplet and every combination of digits, which is why it is slow. Here, with
//! the same answers: a pair whose two cells share fewer than two excluders is skipped with all
//! its third cells (a triplet's common excluders are among the pair's); a set of three cells met
//! again from a later pair is skipped (its result does not depend on the order of its cells,
//! and the first meeting already reported it or found nothing; whether a set was met before is
//! read from the excluder sets, without a memory of the sets seen); and the combination search
//! prunes as soon as a partial combination fails, and stops once nothing can be removed.

use super::aligned_pair::{base_cells, exclusions};
use super::report;
use super::since::{self, Family};
use crate::board::Cell;
use crate::logic::candidate_grid::Changes;
use crate::logic::cell_set::{CellSet, HOUSE_MASKS, SE_PEERS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

mod memo;

/// Finds aligned triplet exclusions.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlignedTripletExclusion;

impl Finder for AlignedTripletExclusion {
    fn technique(&self) -> Technique {
        Technique::AlignedTripletExclusion
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Only the sets of three cells near a cell changed since this finder last found
        // nothing (see `near`).
        since::rescan(
            Family::AlignedTriplet,
            3,
            true,
            grid,
            found,
            |changes, found| search(grid, ratings, changes, found),
        )
    }
}

/// SE's search over the sets of three cells [`near`] the cells of `changes`.
pub(super) fn search(
    grid: &CandidateGrid,
    ratings: &Ratings,
    changes: Changes,
    found: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let bases = base_cells(grid, 3);
    if bases.len() < 3 {
        return ControlFlow::Continue(());
    }
    let mut memo = memo::take();
    if let Some(memo) = memo.as_mut() {
        memo.begin(grid);
    }
    let near = near(changes.cells);
    let flow = scan(grid, ratings, &bases, near, memo.as_deref_mut(), found);
    if let Some(mut memo) = memo {
        memo.finish();
        memo::give(memo);
    }
    flow
}

/// The cells of `changed` and their peers. Whether SE's scan reaches a set of three cells, in
/// which order, with which common excluders, and what it removes, is read from the candidates
/// of the three cells and of their peers only (a base cell's status and excluders are its own
/// candidates and its peers' counts; the twin area and the first meeting, the three cells'
/// excluders; the combinations, the three cells' candidates and the common excluders'). So a
/// set with no cell here gives what it gave in a grid where only `changed` differs.
fn near(changed: CellSet) -> CellSet {
    if changed.len() > 40 {
        return CellSet::ALL;
    }
    changed
        .iter()
        .fold(changed, |near, cell| near | CellSet::peers(cell))
}

/// SE's scan over the triplets of `bases`, skipping those `memo` knows remove nothing and
/// remembering the new ones that do not.
fn scan(
    grid: &CandidateGrid,
    ratings: &Ratings,
    bases: &[(Cell, CellSet)],
    near: CellSet,
    mut memo: Option<&mut memo::Memo>,
    found: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let technique = Technique::AlignedTripletExclusion;
    let base_set: CellSet = bases.iter().map(|&(cell, _)| cell).collect();
    let mut excluders_of = [CellSet::EMPTY; 81];
    let mut index_of = [0usize; 81];
    for (k, &(cell, excluders)) in bases.iter().enumerate() {
        excluders_of[cell.index()] = excluders;
        index_of[cell.index()] = k;
    }
    for j in 1..bases.len() {
        for i in 0..j {
            let ((c0, ex0), (c1, ex1)) = (bases[i], bases[j]);
            let pair_common = ex0 & ex1;
            if pair_common.len() < 2 {
                continue;
            }
            // Away from the changes, only a third cell near them makes a set worth trying.
            let thirds = if near.contains(c0) || near.contains(c1) {
                base_set
            } else {
                base_set & near
            };
            if ((ex0 | ex1) & thirds).is_empty() {
                continue;
            }
            for c2 in twin_area(c0, ex0, c1, ex1, thirds) {
                let ex2 = excluders_of[c2.index()];
                let common = pair_common & ex2;
                if common.len() < 2 || met_before(i, j, index_of[c2.index()], bases, ex2) {
                    continue;
                }
                let triplet = [c0, c1, c2];
                let at = memo::order(c0, c1, c2);
                if memo
                    .as_mut()
                    .is_some_and(|m| m.known_empty(at, triplet, common))
                {
                    continue;
                }
                let removed = exclusions(grid, &triplet, common);
                if removed.is_empty() {
                    if let Some(memo) = memo.as_mut() {
                        memo.remember_empty(at, triplet, common);
                    }
                    continue;
                }
                let mut step = Step::new(technique, ratings.get(technique));
                step.eliminations = removed;
                step.cells = vec![c0, c1, c2];
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
    }
    ControlFlow::Continue(())
}

/// Whether SE's scan meets the three base cells `i < j` and `k` (indexes into `bases`, `k`
/// being `i` and `j`'s third cell; `ex_k` its excluders) from an earlier pair than `(i, j)`.
/// Pairs come by their later index, then their earlier one, so of the pairs of `x < y < z` the
/// scan reaches `(x, y)`, then `(x, z)`, then `(y, z)`, and a pair meets the third cell when
/// that cell is an excluder of one of the two. A set's result does not depend on which pair
/// met it, so only the first meeting counts.
fn met_before(i: usize, j: usize, k: usize, bases: &[(Cell, CellSet)], ex_k: CellSet) -> bool {
    let ((ci, ex_i), (cj, ex_j)) = (bases[i], bases[j]);
    if k > j {
        // (i, j) is the set's first pair.
        false
    } else if k > i {
        // (i, k) came first, and met j if j is an excluder of i or k.
        (ex_i | ex_k).contains(cj)
    } else {
        // (k, i) came first, then (k, j).
        (ex_i | ex_k).contains(cj) || (ex_j | ex_k).contains(ci)
    }
}

/// The third cells SE tries with the pair `c0`, `c1` (whose excluders are `ex0`, `ex1`): the
/// base cells among `c0`'s excluders in SE's peer order of `c0`, then those among `c1`'s that
/// are not `c0`'s, in SE's peer order of `c1`; never `c0` or `c1` themselves.
fn twin_area(
    c0: Cell,
    ex0: CellSet,
    c1: Cell,
    ex1: CellSet,
    bases: CellSet,
) -> impl Iterator<Item = Cell> {
    let first = (ex0 & bases).difference(CellSet::single(c1));
    let second = (ex1 & bases)
        .difference(ex0)
        .difference(CellSet::single(c0));
    in_se_peer_order(c0, first).chain(in_se_peer_order(c1, second))
}

/// The cells of `peers` (peers of `cell`) in SE's peer order of `cell` (`SE_PEERS`): its box,
/// then the rest of its row, then the rest of its column, each part by increasing index. Reads
/// only the set's bits, where filtering `SE_PEERS` tests all twenty peers.
fn in_se_peer_order(cell: Cell, peers: CellSet) -> impl Iterator<Item = Cell> {
    let [row, col, block] = [
        cell.row().index(),
        9 + cell.col().index(),
        18 + cell.block().index(),
    ]
    .map(|h| CellSet::from_bits(HOUSE_MASKS[h]));
    let in_block = peers & block;
    let in_row = (peers & row).difference(block);
    let in_col = (peers & col).difference(block);
    in_block.iter().chain(in_row).chain(in_col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Digit;
    use crate::logic::test_util::{all, cells, elims, first, keep};

    #[test]
    fn a_three_candidate_excluder_rules_out_combinations() {
        // r1c1 {1,2}, r1c2 {1,3} and r1c3 {2,3,4} all see the excluders r1c5 {1,2,3} and
        // r1c9 {1,4}. The combinations without a repeat (all three share row 1) are 1-3-2,
        // 1-3-4, 2-1-3, 2-1-4, 2-3-4: {1,2,3} empties r1c5 and {1,3,4}, {1,2,4} empty r1c9,
        // so only 2-3-4 is left and r1c1 loses 1, r1c2 loses 1, r1c3 loses 2 and 3.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "13");
        keep(&mut grid, "r1c3", "234");
        keep(&mut grid, "r1c5", "123");
        keep(&mut grid, "r1c9", "14");
        let steps = all(&AlignedTripletExclusion, &grid);
        let step = steps
            .iter()
            .find(|s| {
                let mut base = s.cells[..3].to_vec();
                base.sort();
                base == cells("r1c1 r1c2 r1c3")
            })
            .expect("a step on r1c1, r1c2 and r1c3");
        assert_eq!(elims(step), ["1@r1c1", "1@r1c2", "2@r1c3", "3@r1c3"]);
        let mut excluders = step.cells[3..].to_vec();
        excluders.sort();
        assert_eq!(excluders, cells("r1c5 r1c9"));
        assert_eq!(step.rating.to_string(), "7.5");
        // Every reported step removes something and names distinct cell sets.
        let mut sets: Vec<Vec<Cell>> = steps
            .iter()
            .map(|s| {
                assert!(!s.eliminations.is_empty());
                let mut base = s.cells[..3].to_vec();
                base.sort();
                base
            })
            .collect();
        let n = sets.len();
        sets.sort();
        sets.dedup();
        assert_eq!(sets.len(), n, "a set of three cells is reported once");
    }

    #[test]
    fn a_triplet_where_no_cell_is_another_ones_excluder_is_never_tried() {
        // r1c1 {5,6,7,9}, r1c2 {1,2,3,4} and r1c3 {5,6,7,8} all see r1c4 {1,9}, r1c5 {2,9},
        // r1c6 {3,9} and r1c7 {4,9}: with r1c1 = 9, every digit of r1c2 empties one of them,
        // so the exclusion logic alone removes 9 from r1c1. But none of the three has at most
        // three candidates, so none is in another's twin area and SE never tries this set.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "5679");
        keep(&mut grid, "r1c2", "1234");
        keep(&mut grid, "r1c3", "5678");
        for (cell, digits) in [
            ("r1c4", "19"),
            ("r1c5", "29"),
            ("r1c6", "39"),
            ("r1c7", "49"),
        ] {
            keep(&mut grid, cell, digits);
        }
        let excluders: CellSet = cells("r1c4 r1c5 r1c6 r1c7").into_iter().collect();
        let removed = exclusions(&grid, &cells("r1c1 r1c2 r1c3"), excluders);
        assert!(removed.contains(&(cells("r1c1")[0], crate::logic::test_util::digit(9))));
        let steps = all(&AlignedTripletExclusion, &grid);
        assert!(
            !steps.is_empty(),
            "triplets with an excluder among them still fire"
        );
        for step in &steps {
            let mut base = step.cells[..3].to_vec();
            base.sort();
            assert_ne!(base, cells("r1c1 r1c2 r1c3"));
        }
    }

    #[test]
    fn the_twin_area_follows_se_order() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "13");
        keep(&mut grid, "r5c1", "14");
        keep(&mut grid, "r1c9", "123");
        keep(&mut grid, "r9c9", "45");
        let bases = base_cells(&grid, 3);
        let base_set: CellSet = bases.iter().map(|&(c, _)| c).collect();
        let of = |name: &str| {
            let c = cells(name)[0];
            let ex = bases.iter().find(|b| b.0 == c).expect("a base cell").1;
            (c, ex)
        };
        // r1c1's excluders: r1c2 (box), r1c9 (row), r5c1 (column); r9c9's: r1c9 (column).
        let (c0, ex0) = of("r1c1");
        let (c1, ex1) = of("r9c9");
        let tails: Vec<Cell> = twin_area(c0, ex0, c1, ex1, base_set).collect();
        assert_eq!(tails, cells("r1c2 r1c9 r5c1"));
        // From r9c9 first: its own excluder, then r1c1's others.
        let tails: Vec<Cell> = twin_area(c1, ex1, c0, ex0, base_set).collect();
        assert_eq!(tails, cells("r1c9 r1c2 r5c1"));
    }

    /// The mask order equals filtering `SE_PEERS`, for every cell and many sets of its peers.
    #[test]
    fn se_peer_order_by_masks_equals_the_peer_table() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for cell in Cell::all() {
            for _ in 0..64 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let peers: CellSet = SE_PEERS[cell.index()]
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| seed >> k & 1 != 0)
                    .map(|(_, &c)| c)
                    .collect();
                let expected: Vec<Cell> = SE_PEERS[cell.index()]
                    .into_iter()
                    .filter(|&c| peers.contains(c))
                    .collect();
                let ours: Vec<Cell> = in_se_peer_order(cell, peers).collect();
                assert_eq!(ours, expected, "{cell}");
            }
        }
    }

    /// The memo's list is read with a cursor, so `memo::order` must grow along SE's scan:
    /// every pair in scan order and every third cell of its twin area, on the states along
    /// the solve paths of some of the committed sample's puzzles.
    #[test]
    fn the_memo_order_grows_along_the_scan() {
        use crate::logic::test_util::puzzle;
        use crate::logic::Solver;
        let sample = include_str!("../../../../../testdata/sample.txt");
        let solver = Solver::new();
        let mut met = 0;
        for line in sample.lines().filter(|l| l.len() == 81).step_by(7) {
            let mut grid = puzzle(line);
            while let Some(step) = solver.next_step(&grid) {
                let bases = base_cells(&grid, 3);
                let base_set: CellSet = bases.iter().map(|&(c, _)| c).collect();
                let mut last = None;
                for j in 1..bases.len() {
                    for i in 0..j {
                        let ((c0, ex0), (c1, ex1)) = (bases[i], bases[j]);
                        for c2 in twin_area(c0, ex0, c1, ex1, base_set) {
                            let at = memo::order(c0, c1, c2);
                            assert!(last < Some(at), "{c0} {c1} {c2}");
                            last = Some(at);
                            met += 1;
                        }
                    }
                }
                if !grid.apply(&step) {
                    break;
                }
            }
        }
        assert!(met > 10_000, "only {met} triplets");
    }

    #[test]
    fn nothing_without_two_common_excluders_or_with_a_pending_single() {
        // Only r1c9 and r9c1 see both excluders r1c1 and r9c9: no third cell sees them too.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r9c9", "123");
        let step = first(&AlignedTripletExclusion, &grid);
        assert!(step.is_none(), "{step:?}");
        // The first test's pattern with a naked single in row 1: no base cell there.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "13");
        keep(&mut grid, "r1c3", "234");
        keep(&mut grid, "r1c5", "123");
        keep(&mut grid, "r1c9", "14");
        keep(&mut grid, "r1c7", "5");
        let steps = all(&AlignedTripletExclusion, &grid);
        let row1 = |c: &Cell| c.row() == cells("r1c1")[0].row();
        assert!(steps.iter().all(|s| !s.cells[..3].iter().any(row1)));
    }

    #[test]
    fn a_top1465_puzzle_rated_7_5_by_sudoku_explainer_needs_one() {
        // top1465: 4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.
        // SE rates it 7.5 (ER); without aligned triplets our path needs multiple forcing
        // chains (8.4). The state below is where the plain chains run out, one row of the
        // grid per string.
        let rows = [
            "...4......23..6...........912....7..12...67..12...67......5..........78...3...78.",
            "1.3..6.....3.56...1...56..........8.....567.....4....9..34....9...4..7.9.2.......",
            "......7...2..5...........8...3.......2..5.......4....9...4.6..91..4....91..4.6..9",
            ".23..6..9..3.56..9.2..56...12......9...4.....12...6.8.......7..1......891.3....89",
            ".23.....9.......8....4..7......5....123...7..12....7...234....9.....6...1.34....9",
            ".23..6..91...........4..7...2....7.9.23..678..2...678..234...89....5......34...89",
            ".......89...4..7.9..3...........6.........78.....5.78.1.........2..........45.7.9",
            "....5.......4.67..12.......12...............9..3.........4.6.8....4..78....4.678.",
            "12...6.89.....67.912...6......4.....12....78.12..5.78......6..9..3..........567.9",
        ];
        let grid = CandidateGrid::from_candidate_str(&rows.concat()).expect("valid state");
        let step = first(&AlignedTripletExclusion, &grid).expect("an aligned triplet");
        assert_eq!(step.cells[..3], cells("r9c1 r9c2 r9c3"));
        assert_eq!(step.cells[3..], cells("r7c1 r7c2 r8c2 r8c3 r9c7"));
        assert_eq!(elims(&step), ["9@r9c2"]);
        assert_eq!(
            crate::logic::explain::english(&step),
            "Aligned triplet exclusion on r9c1, r9c2 and r9c3 removes 9 from r9c2. Filling these \
             three cells with one digit twice in cells that see each other, or with all the \
             digits of a cell that sees all three (r7c1, r7c2, r8c2, r8c3, r9c7), is impossible, \
             and no other way to fill them uses the removed candidates."
        );
        // The solution has 9 elsewhere in row 9.
        let puzzle = crate::format::parse(
            "4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.",
        )
        .expect("a puzzle")
        .grid;
        let solution = crate::solve::solve(&puzzle).expect("solvable");
        assert_ne!(
            solution.get(cells("r9c2")[0]),
            Some(crate::logic::test_util::digit(9))
        );
        // The whole path, as SE rates it: 7.5 at most.
        let path = crate::logic::Solver::new().solve(&CandidateGrid::from_grid(&puzzle));
        let hardest = path.steps.iter().map(|s| s.rating).max();
        assert_eq!(hardest.map(|r| r.to_string()).as_deref(), Some("7.5"));
        assert!(path
            .steps
            .iter()
            .any(|s| s.technique == Technique::AlignedTripletExclusion));
    }

    /// A hint as cells (in step order) and eliminations.
    type Hint = (Vec<Cell>, Vec<(Cell, Digit)>);

    /// SE's procedure written plainly, without the pruning and the set memory of the finder:
    /// every (pair, third cell) in SE's order, every combination of digits. Each hint as its
    /// cells (in step order) and eliminations (sorted).
    fn se_reference(grid: &CandidateGrid) -> Vec<Hint> {
        let len = |c: Cell| grid.candidates(c).len();
        let mut bases: Vec<(Cell, Vec<Cell>)> = Vec::new();
        for cell in Cell::all().filter(|&c| len(c) >= 2) {
            let peers = SE_PEERS[cell.index()];
            let excluders: Vec<Cell> = peers
                .into_iter()
                .filter(|&p| (2..=3).contains(&len(p)))
                .collect();
            if !peers.iter().any(|&p| len(p) == 1) && !excluders.is_empty() {
                bases.push((cell, excluders));
            }
        }
        let is_base = |c: Cell| bases.iter().any(|b| b.0 == c);
        let mut hints = Vec::new();
        if bases.len() < 3 {
            return hints;
        }
        for j in 1..bases.len() {
            for i in 0..j {
                let ((c0, ex0), (c1, ex1)) = (&bases[i], &bases[j]);
                let mut twin: Vec<Cell> = ex0.clone();
                twin.extend(ex1.iter().filter(|c| !ex0.contains(c)));
                twin.retain(|&c| is_base(c) && c != *c0 && c != *c1);
                for c2 in twin {
                    let ex2 = &bases.iter().find(|b| b.0 == c2).expect("a base").1;
                    let common: Vec<Cell> = ex0
                        .iter()
                        .copied()
                        .filter(|c| ex1.contains(c) && ex2.contains(c))
                        .collect();
                    if common.len() < 2 {
                        continue;
                    }
                    let cells3 = [*c0, *c1, c2];
                    let mut allowed = Vec::new();
                    for a in grid.candidates(cells3[0]).iter() {
                        for b in grid.candidates(cells3[1]).iter() {
                            for c in grid.candidates(cells3[2]).iter() {
                                let digits = [a, b, c];
                                let clash = (0..3).any(|x| {
                                    (x + 1..3).any(|y| {
                                        digits[x] == digits[y]
                                            && CellSet::peers(cells3[x]).contains(cells3[y])
                                    })
                                });
                                let empties = common.iter().any(|&e| {
                                    grid.candidates(e).iter().all(|d| digits.contains(&d))
                                });
                                if !clash && !empties {
                                    allowed.push(digits);
                                }
                            }
                        }
                    }
                    let mut removed = Vec::new();
                    for (k, &cell) in cells3.iter().enumerate() {
                        for d in grid.candidates(cell).iter() {
                            if !allowed.iter().any(|combo| combo[k] == d) {
                                removed.push((cell, d));
                            }
                        }
                    }
                    if !removed.is_empty() {
                        removed.sort_unstable();
                        let mut cells = cells3.to_vec();
                        cells.extend(common);
                        hints.push((cells, removed));
                    }
                }
            }
        }
        hints
    }

    #[test]
    fn the_finder_matches_se_plain_procedure_on_real_states() {
        // States along the paths of the committed sample's puzzles (the solver without the
        // techniques after aligned triplets, so that the hard states where they matter are
        // reached). The finder must list SE's hints in SE's order, each set of cells once.
        use crate::logic::techniques::REGISTRY;
        use crate::logic::test_util::puzzle;
        use crate::logic::Solver;
        let upto = REGISTRY
            .iter()
            .position(|f| f.technique() == Technique::AlignedTripletExclusion)
            .expect("registered");
        let finders = &REGISTRY[..=upto];
        let solver = Solver::new().with_finders(finders);
        let sample = include_str!("../../../../../testdata/sample.txt");
        let (mut states, mut with_hints) = (0, 0);
        for line in sample.lines().filter(|l| l.len() == 81).step_by(3) {
            let mut grid = puzzle(line);
            while let Some(step) = solver.next_step(&grid) {
                if step.rating.tenths() >= 62 {
                    states += 1;
                    let mut expected = se_reference(&grid);
                    let mut seen: Vec<Vec<Cell>> = Vec::new();
                    expected.retain(|(cells, _)| {
                        let mut set = cells[..3].to_vec();
                        set.sort();
                        let new = !seen.contains(&set);
                        seen.push(set);
                        new
                    });
                    let ours: Vec<Hint> = all(&AlignedTripletExclusion, &grid)
                        .into_iter()
                        .map(|s| (s.cells, s.eliminations))
                        .collect();
                    assert_eq!(ours, expected, "{line}: {grid:?}");
                    with_hints += usize::from(!ours.is_empty());
                }
                if !grid.apply(&step) {
                    break;
                }
            }
        }
        assert!(states >= 50, "only {states} hard states");
        assert!(
            with_hints >= 5,
            "only {with_hints} states with an aligned triplet"
        );
    }
}
