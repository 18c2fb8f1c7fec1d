//! Multi-colors (HoDoKu's "Multi-Colors 1" and "Multi-Colors 2"): two clusters of simple
//! colors (see `simple_colors`) on the same digit, tied by a cell of one seeing a cell of the
//! other.
//!
//! With colours `a`/`A` of one cluster and `b`/`B` of the other: if a cell of `a` sees a cell
//! of `b`, the two colours cannot both be true, so `A` or `B` is; a cell that sees a cell of
//! `A` and a cell of `B` loses the digit (type 1). If cells of `a` see cells of both `b` and
//! `B`, then whichever of `b`, `B` is true makes `a` false: the digit leaves every cell of `a`
//! (type 2).

use super::report;
use super::simple_colors::{cells_of, seen_by, Cluster, Clusters};
use crate::board::Digit;
use crate::logic::cell_set::DIGITS;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds multi-colors steps of both types. Sudoku Explainer lacks them.
#[derive(Debug, Clone, Copy)]
pub struct MultiColors;

impl Finder for MultiColors {
    fn technique(&self) -> Technique {
        Technique::MultiColors1
    }

    fn techniques(&self) -> &'static [Technique] {
        &[Technique::MultiColors1, Technique::MultiColors2]
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in DIGITS {
            let cand = grid.cells_with(digit).bits();
            let clusters = Clusters::of(grid, digit);
            let list = clusters.list();
            for (i, first) in list.iter().enumerate() {
                for second in &list[i + 1..] {
                    let pair = (first, second);
                    // Type 2: one colour of either cluster sees both colours of the other.
                    for (one, other) in [(first, second), (second, first)] {
                        for &colour in one {
                            let sees = seen_by(colour);
                            if sees & other[0] != 0 && sees & other[1] != 0 {
                                let step = self.step(
                                    Technique::MultiColors2,
                                    colour,
                                    pair,
                                    digit,
                                    grid,
                                    &clusters,
                                    ratings,
                                );
                                report(found, step)?;
                            }
                        }
                    }
                    // Type 1: a colour of one sees a colour of the other; the complements
                    // then hold one true cell between them. As in HoDoKu, one step per pair
                    // of clusters removes what every such link allows.
                    let mut victims = 0;
                    for x in 0..2 {
                        for y in 0..2 {
                            if seen_by(first[x]) & second[y] != 0 {
                                let (ca, cb) = (first[1 - x], second[1 - y]);
                                victims |= cand & seen_by(ca) & seen_by(cb) & !(ca | cb);
                            }
                        }
                    }
                    if victims != 0 {
                        let step = self.step(
                            Technique::MultiColors1,
                            victims,
                            pair,
                            digit,
                            grid,
                            &clusters,
                            ratings,
                        );
                        report(found, step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl MultiColors {
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        technique: Technique,
        victims: u128,
        (first, second): (&Cluster, &Cluster),
        digit: Digit,
        grid: &CandidateGrid,
        clusters: &Clusters,
        ratings: &Ratings,
    ) -> Step {
        let mut step = Step::new(technique, ratings.get(technique));
        step.eliminations = cells_of(victims).map(|c| (c, digit)).collect();
        step.cells = [first[0], first[1], second[0], second[1]]
            .into_iter()
            .flat_map(cells_of)
            .collect();
        step.digits.push(digit);
        step.links = clusters.tree_links(first, digit, grid);
        step.links.extend(clusters.tree_links(second, digit, grid));
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tool::ReglibCase;
    use crate::logic::test_util::{all, elims};

    fn steps(line: &str, technique: Technique) -> Vec<Step> {
        let case = ReglibCase::parse(line).expect("valid line");
        all(&MultiColors, &case.grid())
            .into_iter()
            .filter(|s| s.technique == technique)
            .collect()
    }

    #[test]
    fn type_1_removes_what_sees_both_complementary_colours() {
        // HoDoKu's reglib case 0502 on digit 2: expects 2 removed from r4c5.
        let line = ":0502:2:.9..4187678.3..15441.8..329..91...6.1...6.9..674..851.967485231.4..12.95521......::245::";
        let found = steps(line, Technique::MultiColors1);
        let on_2: Vec<&Step> = found.iter().filter(|s| s.digits[0].get() == 2).collect();
        assert_eq!(on_2.len(), 1);
        assert_eq!(elims(on_2[0]), ["2@r4c5"]);
        assert_eq!(on_2[0].cells.len(), 6);
        assert_eq!(on_2[0].links.len(), 4, "two clusters of three cells");
    }

    #[test]
    fn type_2_removes_a_colour_that_sees_both_colours_of_another_cluster() {
        let line = ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::";
        let found = steps(line, Technique::MultiColors2);
        assert_eq!(found.len(), 1);
        assert_eq!(elims(&found[0]), ["8@r2c4", "8@r3c2"]);
        assert_eq!(found[0].rating.to_string(), "7.0");
    }
}
