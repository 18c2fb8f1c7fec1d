//! HoDoKu's uniqueness tests 1 to 4, over the rectangles of `rectangles` (four empty corners
//! in two rows, two columns and two boxes, on digits `a < b`), with HoDoKu's option "allow
//! missing candidates" (its reglib's `-2` cases) as
//! [`UniquenessTests1To4::allowing_missing_candidates`].
//!
//! Like HoDoKu, a rectangle counts only when one corner holds exactly `a` and `b`. The corners
//! holding nothing but `a` or `b` are "bare", the others have extras. Since the four corners
//! never all take `a` or `b` on a puzzle with one solution (see `rectangles`):
//! - test 1: three corners bare: `a` and `b` leave the fourth;
//! - test 2: two bare corners, the other two in one row or column with the same single extra
//!   `x`: one of them is `x`, so `x` leaves every cell that sees both;
//! - test 3: two bare corners; the two with extras act as one cell holding their extras, which
//!   with `k` more cells of a house they share (cells without `a` and `b`) hold `k + 1` digits:
//!   a naked set, whose digits leave the house's other cells (and the box's, when the set lies
//!   in one box of a row or column); HoDoKu checks every such set;
//! - test 4: two bare corners, the other two in one row or column, where no other cell that
//!   sees both holds `a`: one of them is `a`, so `b` leaves both (HoDoKu tries `a` first, then `b`).
//!
//! Sudoku Explainer's unique rectangles and loops (`unique_loop`) decide SE's path and differ
//! in details (loops, type 3 hidden sets, SE's pruning); this finder is HoDoKu's, for its
//! regression library. Steps use the unique loop techniques' ids, ratings and layouts (the
//! corners in loop order, then the corners with extras again, then a type 3 set's other cells;
//! a type 3 set of a row or column inside one box names that box as a second house).

use super::rectangles::{self, only, Corners};
use super::report;
use crate::board::{Candidates, Cell, Digit, House};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds HoDoKu's uniqueness tests 1 to 4 (unique rectangles).
#[derive(Debug, Clone, Copy)]
pub struct UniquenessTests1To4 {
    missing: bool,
}

impl UniquenessTests1To4 {
    /// Every corner must hold both digits.
    pub const STRICT: UniquenessTests1To4 = UniquenessTests1To4 { missing: false };

    /// HoDoKu's "allow missing candidates": a corner may have lost `a` or `b` if it does not
    /// see that digit placed (see `rectangles`); one corner still holds exactly `a` and `b`.
    pub const fn allowing_missing_candidates(self) -> UniquenessTests1To4 {
        UniquenessTests1To4 { missing: true }
    }
}

static TECHNIQUES: [Technique; 4] = [
    Technique::UniqueLoopType1,
    Technique::UniqueLoopType2,
    Technique::UniqueLoopType3Naked,
    Technique::UniqueLoopType4,
];

impl Finder for UniquenessTests1To4 {
    fn technique(&self) -> Technique {
        Technique::UniqueLoopType1
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
        let mut flow = ControlFlow::Continue(());
        rectangles::each(grid, self.missing, &mut |corners, a, b| {
            let rect = Rect {
                grid,
                ratings,
                corners,
                a,
                b,
            };
            flow = rect.steps(found);
            flow.is_continue()
        });
        flow
    }
}

/// One rectangle on `a` and `b`.
struct Rect<'a> {
    grid: &'a CandidateGrid,
    ratings: &'a Ratings,
    corners: Corners,
    a: Digit,
    b: Digit,
}

impl Rect<'_> {
    fn pair(&self) -> Candidates {
        Candidates::single(self.a).union(Candidates::single(self.b))
    }

    fn step(&self, technique: Technique) -> Step {
        let mut step = Step::new(technique, self.ratings.get(technique));
        step.cells = self.corners.to_vec();
        step.digits = vec![self.a, self.b];
        step
    }

    fn steps(&self, found: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
        let grid = self.grid;
        let pair = self.pair();
        if !self.corners.iter().any(|&c| grid.candidates(c) == pair) {
            return ControlFlow::Continue(());
        }
        let extras: Vec<Cell> = self
            .corners
            .iter()
            .copied()
            .filter(|&c| !only(grid, c, self.a, self.b))
            .collect();
        match extras[..] {
            [cell] => {
                let mut step = self.step(Technique::UniqueLoopType1);
                step.eliminations = [self.a, self.b]
                    .into_iter()
                    .filter(|&d| grid.candidates(cell).contains(d))
                    .map(|d| (cell, d))
                    .collect();
                if !step.eliminations.is_empty() {
                    report(found, step)?;
                }
                ControlFlow::Continue(())
            }
            [c1, c2] => {
                let in_line = c1.row() == c2.row() || c1.col() == c2.col();
                if in_line {
                    self.type_2(c1, c2, found)?;
                }
                let shared = [
                    (c1.row() == c2.row()).then_some(House::Row(c1.row())),
                    (c1.col() == c2.col()).then_some(House::Col(c1.col())),
                    (c1.block() == c2.block()).then_some(House::Block(c1.block())),
                ];
                for house in shared.into_iter().flatten() {
                    self.type_3(c1, c2, house, found)?;
                }
                if in_line {
                    self.type_4(c1, c2, found)?;
                }
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Continue(()),
        }
    }

    /// Both corners with extras hold the same single extra `x`.
    fn type_2(
        &self,
        c1: Cell,
        c2: Cell,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let pair = self.pair();
        let extra = self.grid.candidates(c1).union(self.grid.candidates(c2));
        let Some(x) = extra.difference(pair).single_digit() else {
            return ControlFlow::Continue(());
        };
        let seeing = CellSet::peers(c1)
            .intersection(CellSet::peers(c2))
            .intersection(self.grid.cells_with(x));
        if seeing.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut step = self.step(Technique::UniqueLoopType2);
        step.cells.extend([c1, c2]);
        step.digits.push(x);
        step.eliminations = seeing.iter().map(|c| (c, x)).collect();
        report(found, step)
    }

    /// Naked sets of `house` that take the two corners with extras as one cell.
    fn type_3(
        &self,
        c1: Cell,
        c2: Cell,
        house: House,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        let pair = self.pair();
        let extras = grid
            .candidates(c1)
            .union(grid.candidates(c2))
            .difference(pair);
        let rect: CellSet = self.corners.iter().copied().collect();
        let others: Vec<Cell> = CellSet::house(house)
            .intersection(grid.empty_cells())
            .difference(rect)
            .iter()
            .filter(|&c| grid.candidates(c).intersection(pair).is_empty())
            .collect();
        // Every non-empty subset of `others`, as HoDoKu's recursion visits them (there are at
        // most seven such cells, so at most 127 subsets).
        let mut chosen = Vec::with_capacity(others.len());
        self.type_3_from(&others, 0, extras, &mut chosen, [c1, c2], house, found)
    }

    #[allow(clippy::too_many_arguments)]
    fn type_3_from(
        &self,
        others: &[Cell],
        start: usize,
        digits: Candidates,
        chosen: &mut Vec<Cell>,
        pair_cells: [Cell; 2],
        house: House,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for i in start..others.len() {
            let cell = others[i];
            let digits = digits.union(self.grid.candidates(cell));
            chosen.push(cell);
            let set: Vec<Cell> = pair_cells.iter().chain(chosen.iter()).copied().collect();
            // A set in one line of a box was checked in that line.
            let checked = matches!(house, House::Block(_)) && in_one_line(&set);
            if !checked && digits.len() as usize == set.len() - 1 {
                self.type_3_step(&set, digits, house, found)?;
            }
            self.type_3_from(others, i + 1, digits, chosen, pair_cells, house, found)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }

    fn type_3_step(
        &self,
        set: &[Cell],
        digits: Candidates,
        house: House,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        let members: CellSet = set.iter().copied().collect();
        let mut houses = vec![house];
        let block = set[0].block();
        if !matches!(house, House::Block(_)) && set.iter().all(|c| c.block() == block) {
            houses.push(House::Block(block));
        }
        let mut eliminations = Vec::new();
        for &h in &houses {
            for cell in CellSet::house(h)
                .intersection(grid.empty_cells())
                .difference(members)
            {
                for d in grid.candidates(cell).intersection(digits).iter() {
                    if !eliminations.contains(&(cell, d)) {
                        eliminations.push((cell, d));
                    }
                }
            }
        }
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut step = self.step(Technique::UniqueLoopType3Naked);
        step.cells.extend(set.iter().copied());
        step.digits.extend(digits.iter());
        step.houses = houses;
        step.eliminations = eliminations;
        report(found, step)
    }

    /// No other cell that sees both corners with extras holds one digit: the other leaves them.
    fn type_4(
        &self,
        c1: Cell,
        c2: Cell,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        let seeing = CellSet::peers(c1).intersection(CellSet::peers(c2));
        let (lock, removed) = if seeing.intersection(grid.cells_with(self.a)).is_empty() {
            (self.a, self.b)
        } else if seeing.intersection(grid.cells_with(self.b)).is_empty() {
            (self.b, self.a)
        } else {
            return ControlFlow::Continue(());
        };
        let mut step = self.step(Technique::UniqueLoopType4);
        step.cells.extend([c1, c2]);
        step.digits = vec![lock, removed];
        step.houses = if c1.row() == c2.row() {
            vec![House::Row(c1.row())]
        } else {
            vec![House::Col(c1.col())]
        };
        step.eliminations = [c1, c2]
            .into_iter()
            .filter(|&c| grid.candidates(c).contains(removed))
            .map(|c| (c, removed))
            .collect();
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        report(found, step)
    }
}

/// Whether `cells` all lie in one row or in one column.
fn in_one_line(cells: &[Cell]) -> bool {
    let first = cells[0];
    cells.iter().all(|c| c.row() == first.row()) || cells.iter().all(|c| c.col() == first.col())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, elims};

    fn grid(line: &str) -> CandidateGrid {
        ReglibCase::parse(line).expect("valid line").grid()
    }

    fn elim_sets(finder: &UniquenessTests1To4, line: &str) -> Vec<Vec<String>> {
        all(finder, &grid(line)).iter().map(elims).collect()
    }

    #[test]
    fn type_1_removes_the_pair_from_the_fourth_corner() {
        // HoDoKu's reglib case 0600-1 on 2 and 3: expects both removed from r2c7.
        let line = ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::";
        let steps = all(&UniquenessTests1To4::STRICT, &grid(line));
        let step = steps
            .iter()
            .find(|s| elims(s) == ["2@r2c7", "3@r2c7"])
            .expect("the type 1 step");
        assert_eq!(step.technique, Technique::UniqueLoopType1);
        assert_eq!(step.cells.len(), 4);
        assert!(UniquenessTests1To4::STRICT.assumes_unique_solution());
    }

    #[test]
    fn missing_candidates_are_an_option() {
        // Case 0600-2 on 7 and 9: corner r4c7 has lost 7, so only with the option is the
        // rectangle a type 1 that removes 9 from r4c7.
        let line = ":0600-2:79:2+5+9.6+1+3.+4+13.+2.+5.9+6.+6..+9+3+51+2.1+65+3..+2.+9+8+5+67+24+3+1+3.+2+9+1.6.+56+9+1..+725+3+5..3+29+1+6+88+2+31+5+6.+4.:747:947::";
        let expected = vec!["9@r4c7".to_string()];
        assert!(!elim_sets(&UniquenessTests1To4::STRICT, line).contains(&expected));
        let missing = UniquenessTests1To4::STRICT.allowing_missing_candidates();
        assert!(elim_sets(&missing, line).contains(&expected));
    }

    #[test]
    fn type_4_locks_one_digit_in_the_line() {
        // Case 0603-1 on 1 and 4: no other cell that sees both r2c2 and r2c3 holds 4, so
        // one of them is 4 and 1 leaves both.
        let line = ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::";
        let steps = all(&UniquenessTests1To4::STRICT, &grid(line));
        let step = steps
            .iter()
            .find(|s| elims(s) == ["1@r2c2", "1@r2c3"])
            .expect("the type 4 step");
        assert_eq!(step.technique, Technique::UniqueLoopType4);
        assert_eq!(step.digits[0].get(), 4);
        assert_eq!(step.digits[1].get(), 1);
        // The unique loop layout: corners, then the two corners with extras again.
        assert_eq!(step.cells.len(), 6);
        assert_eq!(step.cells[4..], crate::logic::test_util::cells("r2c2 r2c3"));
        let text = crate::logic::explain::english(step);
        assert!(text.contains("(type 4)") && text.contains("r2c2"), "{text}");
    }

    #[test]
    fn type_3_is_a_naked_set_with_the_corners_as_one_cell() {
        // HoDoKu's reglib case 0602-1 on 8 and 9.
        let line = ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+9+1..4...+1+79..+371.+45.......36.::212 222 293 722 793::";
        let case = ReglibCase::parse(line).expect("valid line");
        let mut expected = case.eliminations.clone();
        expected.sort_unstable();
        let steps = all(&UniquenessTests1To4::STRICT, &case.grid());
        let step = steps
            .iter()
            .find(|s| s.eliminations == expected)
            .expect("the type 3 step");
        assert_eq!(step.technique, Technique::UniqueLoopType3Naked);
        // Corners, the two with extras again, then at least one more cell of the set.
        assert!(step.cells.len() > 6, "{step:?}");
        assert!(step.cells[4..6].iter().all(|c| step.cells[..4].contains(c)));
        assert!(!step.cells[6..].iter().any(|c| step.cells[..4].contains(c)));
        let text = crate::logic::explain::english(step);
        assert!(text.contains("naked set"), "{text}");
    }
}
