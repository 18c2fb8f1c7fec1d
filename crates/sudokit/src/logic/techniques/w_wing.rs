//! W-Wing (HoDoKu 0803): two bivalue cells `A` and `B` holding the same digits `x` and `y`,
//! and a strong link on `x` (the only two places of `x` in a house) with one end seeing `A`
//! and the other seeing `B`. One end of the link is `x`, so `A` or `B` is not `x` and holds
//! `y`: `y` leaves every cell that sees both.

use super::report;
use crate::board::{Cell, Digit};
use crate::logic::cell_set::{house, CellSet};
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds W-Wings.
#[derive(Debug, Clone, Copy, Default)]
pub struct WWing;

impl Finder for WWing {
    fn technique(&self) -> Technique {
        Technique::WWing
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let bivalue: Vec<Cell> = grid
            .empty_cells()
            .iter()
            .filter(|&c| grid.candidates(c).len() == 2)
            .collect();
        for (i, &a) in bivalue.iter().enumerate() {
            let pair = grid.candidates(a);
            for &b in &bivalue[i + 1..] {
                if grid.candidates(b) != pair || CellSet::peers(a).contains(b) {
                    continue;
                }
                let digits: Vec<Digit> = pair.iter().collect();
                for (k, &x) in digits.iter().enumerate() {
                    let y = digits[1 - k];
                    let targets = CellSet::peers(a) & CellSet::peers(b) & grid.cells_with(y);
                    if targets.is_empty() {
                        continue;
                    }
                    for h in 0..27 {
                        let ends = grid.house_digit(h, x.index());
                        if ends.len() != 2 || ends.contains(a) || ends.contains(b) {
                            continue;
                        }
                        let mut it = ends.iter();
                        let (Some(e1), Some(e2)) = (it.next(), it.next()) else {
                            continue;
                        };
                        for (c, d) in [(e1, e2), (e2, e1)] {
                            if !CellSet::peers(a).contains(c) || !CellSet::peers(b).contains(d) {
                                continue;
                            }
                            let technique = Technique::WWing;
                            let mut step = Step::new(technique, ratings.get(technique));
                            step.eliminations = targets.iter().map(|t| (t, y)).collect();
                            step.cells = vec![a, c, d, b];
                            step.houses = vec![house(h)];
                            step.digits = vec![x, y];
                            let node = |cell, digit, on| ChainNode { cell, digit, on };
                            step.links = vec![
                                Link {
                                    from: node(a, y, false),
                                    to: node(a, x, true),
                                    house: None,
                                },
                                Link {
                                    from: node(a, x, true),
                                    to: node(c, x, false),
                                    house: None,
                                },
                                Link {
                                    from: node(c, x, false),
                                    to: node(d, x, true),
                                    house: Some(house(h)),
                                },
                                Link {
                                    from: node(d, x, true),
                                    to: node(b, x, false),
                                    house: None,
                                },
                                Link {
                                    from: node(b, x, false),
                                    to: node(b, y, true),
                                    house: None,
                                },
                            ];
                            report(found, step)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}
