//! Death blossom (HoDoKu 0904): a stem cell and, for each of its candidates `d`, an almost
//! locked set (a "petal", see `als`) that holds `d` only in cells seeing the stem. Whatever
//! the stem takes, the petal of that digit loses it and is locked on its other digits. So a
//! digit `z` that every petal holds (and the stem does not) is placed in one of the petals,
//! and leaves every cell that sees all the petals' `z`s. One step removes every such `z` of
//! its petals, as HoDoKu's does.
//!
//! HoDoKu's default keeps the petals apart (its reglib's `-1` cases); its option "allow ALS
//! overlap" (`-2`) lets them share cells. The argument above never uses that they are apart,
//! so this finder always allows it, and finds both kinds.

use super::als::{self, Als};
use super::report;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::cell_set::{CellSet, DIGITS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds death blossoms. Sudoku Explainer lacks them.
#[derive(Debug, Clone, Copy, Default)]
pub struct DeathBlossom;

/// The most candidates a stem may have: HoDoKu's limit is the same.
const MAX_STEM: u32 = 4;

/// One stem and digit `z`: the petals to choose from, per stem digit.
struct Search<'a> {
    grid: &'a CandidateGrid,
    stem: Cell,
    z: Digit,
    choices: Vec<(Digit, Vec<&'a Als>)>,
}

impl<'a> Search<'a> {
    /// Chooses a petal for stem digit `i` onward, with `targets` the `z` cells seeing every
    /// `z` chosen so far; at the end reports a step.
    fn walk(
        &self,
        i: usize,
        targets: CellSet,
        chosen: &mut Vec<&'a Als>,
        report_step: &mut dyn FnMut(&[&'a Als], CellSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let Some((_, petals)) = self.choices.get(i) else {
            let used = chosen.iter().fold(CellSet::EMPTY, |acc, p| acc | p.cells);
            let left = targets.difference(used);
            if left.is_empty() {
                return ControlFlow::Continue(());
            }
            return report_step(chosen, left);
        };
        for &petal in petals {
            let seeing = petal
                .with(self.z)
                .iter()
                .fold(targets, |acc, c| acc & CellSet::peers(c));
            chosen.push(petal);
            let flow = self.walk(i + 1, seeing, chosen, report_step);
            chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// What the petals `chosen` remove: every digit they all hold and the stem (with candidates
/// `stem`) does not, from the cells outside them that see all their cells holding it.
fn eliminations(grid: &CandidateGrid, stem: Candidates, chosen: &[&Als]) -> Vec<(Cell, Digit)> {
    let used = chosen.iter().fold(CellSet::EMPTY, |acc, p| acc | p.cells);
    let common = chosen
        .iter()
        .fold(Candidates::ALL, |acc, p| acc.intersection(p.digits))
        .difference(stem);
    let mut out = Vec::new();
    for z in common.iter() {
        let seeing = chosen
            .iter()
            .flat_map(|p| p.with(z).iter())
            .fold(grid.cells_with(z), |acc, c| acc & CellSet::peers(c));
        out.extend(seeing.difference(used).iter().map(|c| (c, z)));
    }
    // Digit-major above; the step's order is by cell.
    out.sort_unstable();
    out
}

impl Finder for DeathBlossom {
    fn technique(&self) -> Technique {
        Technique::DeathBlossom
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sets = als::all(grid);
        for stem in grid.empty_cells().iter() {
            let digits = grid.candidates(stem);
            if digits.len() < 2 || digits.len() > MAX_STEM {
                continue;
            }
            let sees = CellSet::peers(stem);
            // Per stem digit, the sets holding it only where the stem sees them.
            let petals: Vec<(Digit, Vec<&Als>)> = digits
                .iter()
                .map(|d| {
                    let ok: Vec<&Als> = sets
                        .iter()
                        .filter(|a| {
                            !a.cells.contains(stem)
                                && !a.with(d).is_empty()
                                && a.with(d).is_subset(sees)
                        })
                        .collect();
                    (d, ok)
                })
                .collect();
            for z in DIGITS {
                if digits.contains(z) {
                    continue;
                }
                let choices: Vec<(Digit, Vec<&Als>)> = petals
                    .iter()
                    .map(|(d, ps)| {
                        (
                            *d,
                            ps.iter()
                                .copied()
                                .filter(|a| a.digits.contains(z))
                                .collect(),
                        )
                    })
                    .collect();
                if choices.iter().any(|(_, ps)| ps.is_empty()) {
                    continue;
                }
                let search = Search {
                    grid,
                    stem,
                    z,
                    choices,
                };
                search.walk(0, grid.cells_with(z), &mut Vec::new(), &mut |chosen, _| {
                    let mut step = Step::new(
                        Technique::DeathBlossom,
                        ratings.get(Technique::DeathBlossom),
                    );
                    step.eliminations = eliminations(search.grid, digits, chosen);
                    step.cells = vec![search.stem];
                    for petal in chosen {
                        step.cells.extend(petal.cells.iter());
                    }
                    step.houses = chosen.iter().map(|p| p.house()).collect();
                    step.digits = search.grid.candidates(search.stem).iter().collect();
                    let mut zs: Vec<Digit> = step.eliminations.iter().map(|&(_, d)| d).collect();
                    zs.sort_unstable();
                    zs.dedup();
                    step.digits.extend(zs);
                    report(found, step)
                })?;
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
    fn the_common_digit_leaves_the_cells_seeing_all_petals() {
        // HoDoKu's reglib case 0904-1 on 9: expects 9 removed from r6c6.
        let line = ":0904-1:9:8+7+14..6..5+42...7..+93+6+8+57+42+1.28.7.+3.....3.6+2....+3+21.54..1.7..+93.+3.9...8+72.+87..3+1.4:915 919 924 929 641 946 948 958 959 669 475 675 476 584 694:966::";
        let steps = all(&DeathBlossom, &grid(line));
        let step = steps
            .iter()
            .find(|s| elims(s) == ["9@r6c6"])
            .unwrap_or_else(|| panic!("{steps:?}"));
        // The stem's digits, then z; one house per petal.
        assert_eq!(step.digits.last().map(|d| d.get()), Some(9));
        assert_eq!(step.houses.len(), step.digits.len() - 1);
        assert!(step.cells.len() > step.houses.len());
        assert!(!step.digits[..step.digits.len() - 1]
            .iter()
            .any(|d| d.get() == 9));
    }

    #[test]
    fn overlapping_petals_are_allowed() {
        // Case 0904-2 on 3 (HoDoKu's "allow ALS overlap"): expects 3 removed from r8c4.
        let line = ":0904-2:3:5.+6.+281.3.2.6.....1..5..6.+2+9.7.6.+82.6.+38.2..9+48+2.9.3+6.+8.1.+57..6....+86.5.2+654....8:927 728 374 978 787 789 998:384::";
        let steps = all(&DeathBlossom, &grid(line));
        assert!(steps.iter().any(|s| elims(s) == ["3@r8c4"]), "{steps:?}");
    }

    #[test]
    fn one_step_removes_every_common_digit() {
        // Case 0904-2 on 6 and 7: the petals share both; both leave r5c2.
        let line = ":0904-2:67:+9..12.+4..24.3.8.1......4.7..24..38..5..+2...+94..94..32..1.7+4+9....8+25+31.49+4+9.+862...:513 519 619 523 627 631 632 533 633 539 639 657 761 579 679 399 599:652 752::";
        let steps = all(&DeathBlossom, &grid(line));
        let step = steps
            .iter()
            .find(|s| elims(s) == ["6@r5c2", "7@r5c2"])
            .unwrap_or_else(|| panic!("{steps:?}"));
        let n = step.houses.len();
        assert_eq!(
            step.digits[n..].iter().map(|d| d.get()).collect::<Vec<_>>(),
            [6, 7]
        );
    }
}
