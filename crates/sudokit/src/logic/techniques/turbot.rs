//! HoDoKu's single-digit patterns: skyscraper, 2-string kite and turbot fish (two strong links
//! on one digit joined by a weak link), and the empty rectangle (a box whose candidates lie on
//! one row and one column, joined to a strong link).
//!
//! The logic is the X-chain's, cut short: with strong links `a1-a2` and `b1-b2` and `a2` seeing
//! `b1`, either `a1` or `b2` holds the digit (if `a1` does not, `a2` does, so `b1` does not,
//! so `b2` does). The three finders split the shapes as HoDoKu does: a skyscraper's strong
//! links lie in two parallel lines, a kite's in a row and a column whose near ends share a
//! box, and a turbot fish is any other such pair (one strong link in a box). Idea and names:
//! HoDoKu's `SingleDigitPatternSolver` (reference only).

use super::report;
use super::shared_house;
use crate::board::{Cell, Digit, House};
use crate::logic::cell_set::{house, CellSet, DIGITS, HOUSE_MASKS};
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Which pattern a [`TurbotFamily`] finder reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Skyscraper,
    Kite,
    Turbot,
}

/// Finds skyscrapers, 2-string kites or turbot fish (one finder per shape).
#[derive(Debug, Clone, Copy)]
pub struct TurbotFamily {
    shape: Shape,
}

impl TurbotFamily {
    /// Skyscraper: strong links in two parallel lines (HoDoKu 0400).
    pub const SKYSCRAPER: TurbotFamily = TurbotFamily {
        shape: Shape::Skyscraper,
    };
    /// 2-String Kite: a row and a column joined in a box (HoDoKu 0401).
    pub const KITE: TurbotFamily = TurbotFamily { shape: Shape::Kite };
    /// Turbot fish: any other pair of strong links joined by a weak link (HoDoKu 0403).
    pub const TURBOT: TurbotFamily = TurbotFamily {
        shape: Shape::Turbot,
    };
}

/// A strong link on one digit: the house where the digit has exactly two places, and them.
#[derive(Clone, Copy)]
struct Strong {
    house: usize,
    cells: [Cell; 2],
}

/// Every strong link of `digit` index `d`, houses in index order (rows, columns, boxes).
fn strong_links(grid: &CandidateGrid, d: usize) -> Vec<Strong> {
    (0..27)
        .filter_map(|h| {
            let cells = grid.house_digit(h, d);
            (cells.len() == 2).then(|| {
                let mut it = cells.iter();
                let (a, b) = (it.next(), it.next());
                a.zip(b).map(|(a, b)| Strong {
                    house: h,
                    cells: [a, b],
                })
            })?
        })
        .collect()
}

/// Whether two cells share a house.
fn sees(a: Cell, b: Cell) -> bool {
    a != b && CellSet::peers(a).contains(b)
}

/// The links of the chain a1 = a2 - b1 = b2 on `digit`.
pub(super) fn chain_links(digit: Digit, cells: [Cell; 4], houses: [House; 2]) -> Vec<Link> {
    let node = |cell, on| ChainNode { cell, digit, on };
    let [a1, a2, b1, b2] = cells;
    vec![
        Link {
            from: node(a1, false),
            to: node(a2, true),
            house: Some(houses[0]),
        },
        Link {
            from: node(a2, true),
            to: node(b1, false),
            house: shared_house(a2, b1),
        },
        Link {
            from: node(b1, false),
            to: node(b2, true),
            house: Some(houses[1]),
        },
    ]
}

impl TurbotFamily {
    fn shape_of(a: &Strong, b: &Strong, a2: Cell, b1: Cell) -> Shape {
        let (ka, kb) = (a.house / 9, b.house / 9);
        if ka < 2 && ka == kb {
            // Two parallel lines; the near ends meet in a crossing line.
            let crossing = if ka == 0 {
                a2.col() == b1.col()
            } else {
                a2.row() == b1.row()
            };
            if crossing {
                return Shape::Skyscraper;
            }
        }
        if ka < 2 && kb < 2 && ka != kb && a2.block() == b1.block() {
            return Shape::Kite;
        }
        Shape::Turbot
    }
}

impl Finder for TurbotFamily {
    fn technique(&self) -> Technique {
        match self.shape {
            Shape::Skyscraper => Technique::Skyscraper,
            Shape::Kite => Technique::TwoStringKite,
            Shape::Turbot => Technique::TurbotFish,
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = self.technique();
        for (d, &digit) in DIGITS.iter().enumerate() {
            let with = grid.cells_with(digit);
            let links = strong_links(grid, d);
            for (i, a) in links.iter().enumerate() {
                for b in &links[i + 1..] {
                    if a.cells.iter().any(|c| b.cells.contains(c)) {
                        continue;
                    }
                    // Each orientation: which end of each link is the near one.
                    for (a1, a2) in [(a.cells[0], a.cells[1]), (a.cells[1], a.cells[0])] {
                        for (b1, b2) in [(b.cells[0], b.cells[1]), (b.cells[1], b.cells[0])] {
                            if !sees(a2, b1) || Self::shape_of(a, b, a2, b1) != self.shape {
                                continue;
                            }
                            // A turbot fish needs one strong link in a box: two lines whose
                            // far ends also see each other form an X-Wing-like loop instead.
                            if sees(a1, b2) && self.shape != Shape::Turbot {
                                continue;
                            }
                            let targets = (CellSet::peers(a1) & CellSet::peers(b2) & with)
                                .difference(CellSet::from_iter([a1, a2, b1, b2]));
                            if targets.is_empty() {
                                continue;
                            }
                            let houses = [house(a.house), house(b.house)];
                            let mut step = Step::new(technique, ratings.get(technique));
                            step.eliminations = targets.iter().map(|c| (c, digit)).collect();
                            step.cells = vec![a1, a2, b1, b2];
                            step.houses = houses.to_vec();
                            step.digits = vec![digit];
                            step.links = chain_links(digit, [a1, a2, b1, b2], houses);
                            report(found, step)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Finds empty rectangles (HoDoKu 0402).
#[derive(Debug, Clone, Copy, Default)]
pub struct EmptyRectangle;

impl Finder for EmptyRectangle {
    fn technique(&self) -> Technique {
        Technique::EmptyRectangle
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = Technique::EmptyRectangle;
        for (d, &digit) in DIGITS.iter().enumerate() {
            let with = grid.cells_with(digit);
            let links = strong_links(grid, d);
            for b in 0..9 {
                let in_box = grid.house_digit(18 + b, d);
                if in_box.len() < 2 {
                    continue;
                }
                let (r0, c0) = (b / 3 * 3, b % 3 * 3);
                for (r, &row_mask) in HOUSE_MASKS.iter().enumerate().skip(r0).take(3) {
                    for c in c0..c0 + 3 {
                        let row = CellSet::from_bits(row_mask);
                        let col = CellSet::from_bits(HOUSE_MASKS[9 + c]);
                        if !in_box.is_subset(row | col) {
                            continue;
                        }
                        // Not all on the row or all on the column (that is a pointing), and
                        // the box's cells on the row or column alone must not be its only ones.
                        if in_box.is_subset(row) || in_box.is_subset(col) {
                            continue;
                        }
                        for link in &links {
                            if link.house >= 18 || link.cells.iter().any(|&x| in_box.contains(x)) {
                                continue;
                            }
                            for (near, far) in [
                                (link.cells[0], link.cells[1]),
                                (link.cells[1], link.cells[0]),
                            ] {
                                // A column link with its near end on the ER's row removes the
                                // digit where the far end's row crosses the ER's column; the
                                // same with rows and columns swapped.
                                let target = if link.house >= 9 && near.row().index() == r {
                                    Cell::new(far.row().index() * 9 + c)
                                } else if link.house < 9 && near.col().index() == c {
                                    Cell::new(r * 9 + far.col().index())
                                } else {
                                    None
                                };
                                let Some(target) = target else { continue };
                                if !with.contains(target)
                                    || in_box.contains(target)
                                    || target == far
                                    || target.block().index() == b
                                {
                                    continue;
                                }
                                let mut step = Step::new(technique, ratings.get(technique));
                                step.eliminations = vec![(target, digit)];
                                step.cells = in_box.iter().chain([near, far]).collect();
                                step.houses =
                                    vec![house(18 + b), house(r), house(9 + c), house(link.house)];
                                step.digits = vec![digit];
                                report(found, step)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}
