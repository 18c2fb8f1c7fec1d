//! Sue de Coq (HoDoKu 1101), after the pattern Sue de Coq described on the Sudoku Players'
//! Forum: two or three empty cells `C` where a line meets a box, holding at least two digits
//! more than they have cells; a set `D` of other cells of the line and a set `E` of other
//! cells of the box, whose digits are disjoint, such that `C`, `D` and `E` together have as
//! many cells as digits.
//!
//! Why it holds: a digit of `D` can be at most once in `C ∪ D` (one line), a digit of `E` at
//! most once in `C ∪ E` (one box), and any other digit of `C` at most once in `C`; as no digit
//! is in both `D` and `E`, each digit is at most once in the three sets, and with as many digits
//! as cells each is there exactly once. So the digits of `C` and `D` that `E` lacks leave the
//! rest of the line, and those of `C` and `E` that `D` lacks leave the rest of the box.
//!
//! HoDoKu's form: any number of cells in `D` and `E` (a bivalue cell each in the classic
//! pattern), and their digits need not be `C`'s, as the count above does not ask it.

use super::report;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::cell_set::{house, CellSet};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds Sue de Coq steps. Sudoku Explainer lacks them.
#[derive(Debug, Clone, Copy, Default)]
pub struct SueDeCoq;

/// The empty cells of `cells` as a list.
fn empty_of(grid: &CandidateGrid, cells: CellSet) -> Vec<Cell> {
    cells.iter().filter(|&c| grid.value(c).is_none()).collect()
}

/// Every non-empty subset of `cells` (at most 2^9) with the union of its candidates.
fn subsets(grid: &CandidateGrid, cells: &[Cell]) -> Vec<(CellSet, Candidates)> {
    let mut out = Vec::new();
    for mask in 1u32..(1 << cells.len()) {
        let mut set = CellSet::EMPTY;
        let mut digits = Candidates::NONE;
        for (i, &c) in cells.iter().enumerate() {
            if mask & (1 << i) != 0 {
                set.insert(c);
                digits = digits.union(grid.candidates(c));
            }
        }
        out.push((set, digits));
    }
    out
}

/// Removes each of `digits` from the cells of `area` that hold it.
fn remove(grid: &CandidateGrid, area: CellSet, digits: Candidates, out: &mut Vec<(Cell, Digit)>) {
    for d in digits.iter() {
        out.extend((area & grid.cells_with(d)).iter().map(|c| (c, d)));
    }
}

impl Finder for SueDeCoq {
    fn technique(&self) -> Technique {
        Technique::SueDeCoq
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Lines 0..18 (rows then columns), boxes 18..27.
        for line in 0..18 {
            for b in 18..27 {
                let line_cells = CellSet::house(house(line));
                let box_cells = CellSet::house(house(b));
                let meet = line_cells & box_cells;
                if meet.is_empty() {
                    continue;
                }
                let meet_empty = empty_of(grid, meet);
                if meet_empty.len() < 2 {
                    continue;
                }
                let line_rest = subsets(grid, &empty_of(grid, line_cells.difference(meet)));
                let box_rest = subsets(grid, &empty_of(grid, box_cells.difference(meet)));
                for (c_cells, c_digits) in subsets(grid, &meet_empty) {
                    let n = c_cells.len();
                    if n < 2 || c_digits.len() < n + 2 {
                        continue;
                    }
                    for &(d_cells, d_digits) in &line_rest {
                        // D must take part: share a digit with C.
                        if d_digits.intersection(c_digits).is_empty() {
                            continue;
                        }
                        for &(e_cells, e_digits) in &box_rest {
                            if !e_digits.intersection(d_digits).is_empty()
                                || e_digits.intersection(c_digits).is_empty()
                            {
                                continue;
                            }
                            let all = c_digits.union(d_digits).union(e_digits);
                            if all.len() != n + d_cells.len() + e_cells.len() {
                                continue;
                            }
                            let set = c_cells | d_cells | e_cells;
                            let mut elims = Vec::new();
                            remove(
                                grid,
                                line_cells.difference(set),
                                c_digits.union(d_digits).difference(e_digits),
                                &mut elims,
                            );
                            remove(
                                grid,
                                box_cells.difference(set),
                                c_digits.union(e_digits).difference(d_digits),
                                &mut elims,
                            );
                            elims.sort_unstable();
                            elims.dedup();
                            if elims.is_empty() {
                                continue;
                            }
                            let mut step =
                                Step::new(Technique::SueDeCoq, ratings.get(Technique::SueDeCoq));
                            step.eliminations = elims;
                            step.cells = c_cells
                                .iter()
                                .chain(d_cells.iter())
                                .chain(e_cells.iter())
                                .collect();
                            step.houses = vec![house(line), house(b)];
                            step.digits = all.iter().collect();
                            report(found, step)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, elims};

    fn grid(line: &str) -> CandidateGrid {
        ReglibCase::parse(line).expect("valid line").grid()
    }

    #[test]
    fn the_line_and_the_box_lose_their_digits() {
        // HoDoKu's reglib case 1101 on 1, 5, 9 (the first with a bivalue cell in each set).
        let line = ":1101:159:+1+483+27..926+7+5+9+43+8+1.+3.+8+6+1+74+23+9+6+4521+787+14+6+38+9+25+85+2..+9....8.+2.6..7.+7..+852...+21..+3+8..::178 578 981 991::";
        let steps = all(&SueDeCoq, &grid(line));
        let step = steps
            .iter()
            .find(|s| elims(s) == ["1@r7c8", "5@r7c8", "9@r8c1", "9@r9c1"])
            .unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.houses.len(), 2);
        assert!(step.cells.len() >= 4);
        // Every step found is a true Sue de Coq: as many digits as cells.
        for s in &steps {
            assert_eq!(s.digits.len(), s.cells.len(), "{s:?}");
        }
    }

    #[test]
    fn an_intersection_without_two_extra_digits_finds_nothing() {
        // A solved grid but for one row's intersection: no cell set can have spare digits.
        let line = ":1101:7:..8..+6.91.62+13+9+58.+1+9...+8......+7+62+8+1+9+27+6+8+9+1+4358+19+45372+6+9346+2+71+5+8.+21+985....+8.+3+1+49.+2::733::";
        let steps = all(&SueDeCoq, &grid(line));
        assert!(steps.iter().any(|s| elims(s) == ["7@r3c3"]), "{steps:?}");
        let solved = CandidateGrid::from_grid(
            &crate::format::parse(
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            )
            .expect("valid")
            .grid,
        );
        assert!(all(&SueDeCoq, &solved).is_empty());
    }
}
