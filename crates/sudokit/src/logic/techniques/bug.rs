//! Bivalue universal grave (BUG), types 1 to 4: Sudoku Explainer's `BivalueUniversalGrave`.
//!
//! A grid where every empty cell holds two candidates and every candidate appears exactly twice
//! in each house it is in has no solution or several (its candidates split into two
//! interchangeable colourings). So in a puzzle with one solution, when removing a few *extra*
//! candidates from a few *BUG cells* would leave such a grid, one of those extras is true:
//!
//! - **type 1**: one BUG cell; it takes one of its extras and loses its other candidates.
//! - **type 2**: all extras are one digit `x`; one BUG cell is `x`, so `x` leaves every cell
//!   that sees them all.
//! - **type 3**: the BUG cells share a house; their extras act as one cell that forms a naked
//!   set with other cells of the house (rated 5.7 + 0.1 per digit of the set beyond the first).
//! - **type 4**: two BUG cells share a house where a digit `x`, not an extra, is only in them;
//!   one of them is `x` and the other takes its extra, so both lose their remaining candidate.
//!
//! # Detection (as SE 1.2.1 does it)
//! Houses by kind (boxes, rows, columns), digits 1 to 9: where a digit has neither zero nor two
//! places in a house, exactly one of those places must be a cell with three or more candidates,
//! which becomes a BUG cell with that digit as an extra (two or more such cells: left to another
//! house; none: not a BUG). Early out when two BUG cells with two extra digits between them
//! see no common cell. Then, with the extras removed, every empty cell must be bivalue and every
//! digit must have zero or two places in every house. Hints come in SE's order: type 1; or, for
//! one extra digit, type 2 then type 4; or type 4 then type 3 (sets of 2 to 6 digits, in
//! `Permutations` order over the shared house's cells in SE's peer order).
//!
//! Only sound on a puzzle with exactly one solution: [`Finder::assumes_unique_solution`] is
//! true, and the [`Solver`](crate::logic::Solver) checks before using it.

use super::report;
use super::unique_loop::{masks, RegionType};
use crate::board::{Candidates, Cell};
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_CELLS, SE_PEERS};
use crate::logic::{CandidateGrid, Finder, Rating, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds BUG types 1 to 4, in Sudoku Explainer's order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bug;

/// The techniques this finder reports, in [`Technique::ALL`] order.
const TECHNIQUES: [Technique; 4] = [
    Technique::BugType1,
    Technique::BugType2,
    Technique::BugType3,
    Technique::BugType4,
];

impl Finder for Bug {
    fn technique(&self) -> Technique {
        Technique::BugType1
    }

    fn techniques(&self) -> &'static [Technique] {
        &TECHNIQUES
    }

    fn assumes_unique_solution(&self) -> bool {
        true
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(bug) = Pattern::detect(grid) else {
            return ControlFlow::Continue(());
        };
        let ctx = Context {
            grid,
            ratings,
            bug: &bug,
        };
        if let [cell] = bug.cells[..] {
            report(found, ctx.type1(cell))?;
        } else if bug.all_extras.len() == 1 {
            if let Some(step) = ctx.type2() {
                report(found, step)?;
            }
            if bug.cells.len() == 2 {
                ctx.type4(found)?;
            }
        } else if !bug.common.is_empty() {
            if bug.cells.len() == 2 {
                ctx.type4(found)?;
            }
            ctx.type3(found)?;
        }
        ControlFlow::Continue(())
    }
}

/// A BUG found in a grid: the BUG cells (in the order found), their extras, and the cells
/// that see them all.
struct Pattern {
    cells: Vec<Cell>,
    /// The extra candidates of each cell (by index); empty for non-BUG cells.
    extras: [Candidates; 81],
    /// Every extra digit.
    all_extras: Candidates,
    /// The cells that see every BUG cell, in SE's peer order of the first BUG cell (box, row,
    /// column), BUG cells left out.
    common: Vec<Cell>,
}

impl Pattern {
    /// The BUG pattern of `grid`, if it has one (see the module docs).
    fn detect(grid: &CandidateGrid) -> Option<Pattern> {
        let mut bug = Pattern {
            cells: Vec::new(),
            extras: [Candidates::NONE; 81],
            all_extras: Candidates::NONE,
            common: Vec::new(),
        };
        let mut common: Option<Vec<Cell>> = None;
        for kind in RegionType::ALL {
            for i in 0..9 {
                let h = match kind {
                    RegionType::Block => 18 + i,
                    RegionType::Row => i,
                    RegionType::Column => 9 + i,
                };
                for digit in DIGITS {
                    let places = grid.house_digit(h, digit.index());
                    if places.is_empty() || places.len() == 2 {
                        continue;
                    }
                    let mut wide = HOUSE_CELLS[h]
                        .iter()
                        .copied()
                        .filter(|&c| places.contains(c) && grid.candidates(c).len() >= 3);
                    let (Some(cell), None) = (wide.next(), wide.next()) else {
                        if places.iter().all(|c| grid.candidates(c).len() < 3) {
                            // Too many places, but no cell to blame: not a BUG.
                            return None;
                        }
                        continue; // several candidates for the blame: another house decides
                    };
                    if !bug.cells.contains(&cell) {
                        bug.cells.push(cell);
                    }
                    bug.extras[cell.index()].insert(digit);
                    bug.all_extras.insert(digit);
                    let peers = CellSet::peers(cell);
                    let shared = common.get_or_insert_with(|| SE_PEERS[cell.index()].to_vec());
                    shared.retain(|&c| peers.contains(c) && !bug.cells.contains(&c));
                    if bug.cells.len() > 1 && bug.all_extras.len() > 1 && shared.is_empty() {
                        return None; // none of types 1, 2 or 3
                    }
                }
            }
        }
        bug.common = common.unwrap_or_default();
        bug.is_grave_without_extras(grid).then_some(bug)
    }

    /// Whether removing the extras leaves every empty cell bivalue and every digit with zero
    /// or two places in each house.
    fn is_grave_without_extras(&self, grid: &CandidateGrid) -> bool {
        let remaining = |c: Cell| grid.candidates(c).difference(self.extras[c.index()]);
        if grid.empty_cells().iter().any(|c| remaining(c).len() != 2) {
            return false;
        }
        (0..27).all(|h| {
            DIGITS.into_iter().all(|digit| {
                let n = HOUSE_CELLS[h]
                    .iter()
                    .filter(|&&c| remaining(c).contains(digit))
                    .count();
                n == 0 || n == 2
            })
        })
    }

    /// The house of `kind` holding every BUG cell, if there is one.
    fn shared_house(&self, kind: RegionType) -> Option<usize> {
        let first = kind.house_of(*self.cells.first()?);
        self.cells
            .iter()
            .all(|&c| kind.house_of(c) == first)
            .then_some(first)
    }
}

/// What the hint builders need.
struct Context<'a> {
    grid: &'a CandidateGrid,
    ratings: &'a Ratings,
    bug: &'a Pattern,
}

impl Context<'_> {
    fn step(&self, technique: Technique, bonus: u16) -> Step {
        let base = self.ratings.get(technique).tenths();
        Step::new(technique, Rating::from_tenths(base.saturating_add(bonus)))
    }

    /// Type 1: the one BUG cell keeps only its extras.
    fn type1(&self, cell: Cell) -> Step {
        let mut step = self.step(Technique::BugType1, 0);
        let extras = self.bug.all_extras;
        step.eliminations = (self.grid.candidates(cell).difference(extras).iter())
            .map(|d| (cell, d))
            .collect();
        step.cells.push(cell);
        step.digits.extend(extras.iter());
        step
    }

    /// Type 2: the one extra digit leaves the cells that see every BUG cell.
    fn type2(&self) -> Option<Step> {
        let x = self.bug.all_extras.iter().next()?;
        let mut step = self.step(Technique::BugType2, 0);
        step.eliminations = (self.bug.common.iter())
            .filter(|&&c| self.grid.candidates(c).contains(x))
            .map(|&c| (c, x))
            .collect();
        if step.eliminations.is_empty() {
            return None;
        }
        step.cells = self.bug.cells.clone();
        step.digits.push(x);
        Some(step)
    }

    /// Type 3: naked sets of 2 to 6 digits made of the BUG cells' extras (as one cell) and
    /// other cells of a house holding every BUG cell.
    fn type3(&self, found: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
        let grid = self.grid;
        let bug = self.bug;
        for kind in RegionType::ALL {
            let Some(h) = bug.shared_house(kind) else {
                continue;
            };
            let region_cells: Vec<Cell> = (bug.common.iter().copied())
                .filter(|&c| kind.house_of(c) == h)
                .collect();
            for degree in 2..=6usize {
                if region_cells.len() < degree {
                    continue;
                }
                for chosen in masks(degree - 1, region_cells.len()) {
                    let naked: Vec<Cell> = (0..region_cells.len())
                        .filter(|&i| chosen & 1 << i != 0)
                        .map(|i| region_cells[i])
                        .collect();
                    let held: Vec<Candidates> = naked.iter().map(|&c| grid.candidates(c)).collect();
                    let others = held.iter().fold(Candidates::NONE, |u, &c| u.union(c));
                    let set = others.union(bug.all_extras);
                    let all_open = held.iter().all(|c| c.len() > 1) && bug.all_extras.len() > 1;
                    if others.len() as usize != degree || !all_open || set.len() as usize != degree
                    {
                        continue;
                    }
                    let mut step = self.step(Technique::BugType3, set.len() as u16 - 1);
                    for &cell in &region_cells {
                        if naked.contains(&cell) {
                            continue;
                        }
                        for d in grid.candidates(cell).intersection(set).iter() {
                            step.eliminations.push((cell, d));
                        }
                    }
                    if step.eliminations.is_empty() {
                        continue;
                    }
                    step.cells = bug.cells.clone();
                    step.cells.extend_from_slice(&naked);
                    step.houses.push(house(h));
                    step.digits.extend(set.iter());
                    report(found, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Type 4: two BUG cells sharing a house, with one common candidate that is not an extra:
    /// both lose their other non-extra candidate. One step per shared house kind, as SE.
    fn type4(&self, found: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
        let [c1, c2] = self.bug.cells[..] else {
            return ControlFlow::Continue(());
        };
        let grid = self.grid;
        let common = grid
            .candidates(c1)
            .intersection(grid.candidates(c2))
            .difference(self.bug.all_extras);
        let Some(x) = common.single_digit() else {
            return ControlFlow::Continue(());
        };
        for kind in RegionType::ALL {
            let Some(h) = self.bug.shared_house(kind) else {
                continue;
            };
            let mut step = self.step(Technique::BugType4, 0);
            for cell in [c1, c2] {
                let keep = self.bug.extras[cell.index()].union(Candidates::single(x));
                for d in grid.candidates(cell).difference(keep).iter() {
                    step.eliminations.push((cell, d));
                }
            }
            step.cells = vec![c1, c2];
            step.houses.push(house(h));
            step.digits.push(x);
            report(found, step)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, cells, elims, first, house, puzzle};

    fn state(rows: [&str; 9]) -> CandidateGrid {
        CandidateGrid::from_candidate_str(&rows.concat()).expect("valid state")
    }

    #[test]
    fn type1_keeps_the_extra_candidate() {
        // HoDoKu's first BUG+1 case: r7c3 {3,4,6} is the only cell with three candidates.
        let line = ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::";
        let case = ReglibCase::parse(line).expect("valid line");
        let steps = all(&Bug, &case.grid());
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].technique, Technique::BugType1);
        assert_eq!(elims(&steps[0]), ["3@r7c3", "6@r7c3"]);
        assert_eq!(steps[0].cells, cells("r7c3"));
        assert_eq!(
            steps[0].digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [4]
        );
        assert_eq!(steps[0].rating.to_string(), "5.6");
    }

    #[test]
    fn type2_removes_the_common_extra_from_cells_seeing_every_bug_cell() {
        // r7c1 {2,3,8} and r9c9 {1,2,9} both have the extra 2.
        let grid = state([
            "......7...2.......1...........4.......3.............8.........9....5.........6...",
            "....5............9...4..........6...1.........2.............7....3.............8.",
            ".....6.....3.............8.....5.7..........9....5.7.....4.....12.......12.......",
            "1.............6....2....7...2..5........5.7..........9.......8....4.......3......",
            ".2.....8.......78...3.......2....7.....4.....1.............6...........9....5....",
            "...4.........5............9..3.............8......6...12.......12.............7..",
            ".23....8.1......8..2..5............9.....6.....3.5....12.............7.....4.....",
            "..3.....9...4..........6...1.........2....7....3...7......5...........8..2......9",
            ".2......91.....7......5.7.........8..2..5.......4.......3...........6...12......9",
        ]);
        let step = first(&Bug, &grid).expect("BUG type 2");
        assert_eq!(step.technique, Technique::BugType2);
        assert_eq!(step.cells, cells("r7c1 r9c9"));
        assert_eq!(elims(&step), ["2@r7c7", "2@r9c1"]);
        assert_eq!(step.rating.to_string(), "5.7");
    }

    #[test]
    fn type3_naked_set_with_the_extras_rated_by_its_size() {
        // Row 3: r3c6 {5,6,8} (extra 6) and r3c8 {3,4,7} (extra 7); with r3c1 {7,9} and
        // r3c3 {6,9} the extras make a naked triple.
        let grid = state([
            "....5.......4......2.........3............7..1.............6...........9.......8.",
            ".....67.........8...3..............9...4.6....2...........5.......4..7..1........",
            "......7.91.............6..9.....6.8....45........56.8..2.........34..7....3...7..",
            ".....6..9..3.............8..2............6..9......7.....4.....1............5....",
            "1............5..........7.9...4...8...3.....9...4...8...3...7...2............6...",
            "...4......2............67..1..........3.5........56..........8...3...7..........9",
            ".2............6......4.........5....1................9..3...7.........8...3...7..",
            ".......8.........9....5..........7...2.........3......1.............6......4.....",
            "..3............7..1...........4.6..........8....4.6...........9....5.....2.......",
        ]);
        let steps = all(&Bug, &grid);
        assert_eq!(steps.len(), 3);
        let step = &steps[0];
        assert_eq!(step.technique, Technique::BugType3);
        assert_eq!(step.cells, cells("r3c6 r3c8 r3c1 r3c3"));
        assert_eq!(step.houses, [house("row 3")]);
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [6, 7, 9]
        );
        assert_eq!(elims(step), ["6@r3c4", "7@r3c9"]);
        assert_eq!(step.rating.to_string(), "5.9");
        // Then the quads, 6.0.
        assert!(steps[1..].iter().all(|s| s.rating.to_string() == "6.0"));
    }

    #[test]
    fn type4_comes_before_type3_for_two_cells() {
        // Column 1: r6c1 {1,5,8} (extra 8) and r8c1 {1,6,7} (extra 6); 1 is only in them.
        let grid = state([
            "...4....9..34.....1............5...........8..2.........3.....9.....67.......67..",
            "....5...9..3.5...........8.......7..1.............6....2......9.23.........4.....",
            ".2.............7.......6...........9...4.......3......1...............8.....5....",
            "..3......1....6......4......2.....8.......7..........9....5....1....6....2.....8.",
            ".....6.8.........9......7..1.........23..........5.....23.........4..........6.8.",
            "1...5..8.....5..8..2.........3....8......6......4...........7..1.3..............9",
            "...4.6....2.4.......3.......2...6...........9......7.........8.....5....1........",
            "1....67..1....6...........9..3..6.......5...........8....4......2....7...23......",
            "......78..2.....8.....5.......4......23......1.............6...........9..3...7..",
        ]);
        let steps = all(&Bug, &grid);
        assert_eq!(steps[0].technique, Technique::BugType4);
        assert_eq!(elims(&steps[0]), ["5@r6c1", "7@r8c1"]);
        assert_eq!(steps[0].houses, [house("column 1")]);
        assert_eq!(
            steps[0].digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [1]
        );
        assert_eq!(steps[1].technique, Technique::BugType3);
        assert_eq!(elims(&steps[1]), ["6@r7c1", "8@r9c1"]);
        assert_eq!(steps[1].rating.to_string(), "5.8");
    }

    #[test]
    fn nothing_without_a_grave() {
        // HoDoKu's BUG+1 fail cases, and a fresh puzzle.
        for line in [
            ":0610-x::+9+5+2..+17+3+6..8+5+76+249476+9+2+3+18+5+78..92+5+61+69+17.5+42.2.+516.+97..2.+6.+981786+92+1+73+5+4..7...+6+9+2:391 392 494 395 495::",
            ":0610-x::.+7+5+9.6+4+32+9+6+234571+8.4+3+27.+5+6952.+7+6.3+41+4.+6.+5+3+2+9+73.7.+2.+6857+5..3..2+6+631592+8+7+42.+46.+7.+5+3:874 176::",
        ] {
            let case = ReglibCase::parse(line).expect("valid line");
            assert!(all(&Bug, &case.grid()).is_empty(), "{line}");
        }
        let grid = puzzle(
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        );
        assert!(all(&Bug, &grid).is_empty());
        // A solved grid has no BUG cell.
        let solved = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert!(all(&Bug, &solved).is_empty());
    }
}
