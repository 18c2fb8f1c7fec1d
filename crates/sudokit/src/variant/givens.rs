//! Givens that break the rules by themselves ([`Puzzle::given_conflict`]): two equal givens in
//! a house or a group of different digits, a given a rule forbids in its cell, two givens a
//! relation (kropki, XV, thermometer, non-consecutive) does not allow, or a killer cage whose
//! givens already miss its sum. The CLI reports such a puzzle as `invalid` with the reason, as
//! it does for classic puzzles, rather than as a puzzle with no solution.
//!
//! Only the compiled model is read (houses, groups, pairs, root candidates), so every rule that
//! compiles into them is covered without a line per rule; rules checked only by a propagator
//! (sums of arrows, sandwiches, little killers) are left to the search, which finds no
//! solution.

use super::rules::Rule;
use super::shape::Pos;
use super::Puzzle;
use std::fmt;

/// Why the givens of a puzzle break its rules ([`Puzzle::given_conflict`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GivenConflict {
    /// Two givens with the same digit in one house or group of different digits.
    Same {
        /// The first cell.
        a: Pos,
        /// The second cell.
        b: Pos,
        /// The digit both hold.
        digit: u8,
        /// The house: `row 1`, `column 2`, `box 3`, `region 4`, or what the rules made.
        place: String,
    },
    /// A given that a rule on its own cell forbids (an even cell holding an odd digit).
    Cell {
        /// The cell.
        pos: Pos,
        /// Its given.
        digit: u8,
    },
    /// Two givens a relation between their cells does not allow.
    Relation {
        /// The first cell and its given.
        a: (Pos, u8),
        /// The second cell and its given.
        b: (Pos, u8),
    },
    /// A killer cage whose sum no different digits of the grid can make in its cells.
    CageSum {
        /// The cage's first cell.
        first: Pos,
        /// The cage's sum.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The least and the greatest sum of that many different digits.
        range: (u32, u32),
    },
    /// A killer cage whose givens already sum to more than its sum, or fill it with another.
    Sum {
        /// The cage's first cell.
        first: Pos,
        /// The cage's sum.
        sum: u32,
        /// What its givens add up to.
        found: u32,
    },
}

impl fmt::Display for GivenConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GivenConflict::Same { a, b, digit, place } => {
                write!(f, "{a} and {b} both hold {digit} ({place})")
            }
            GivenConflict::Cell { pos, digit } => {
                write!(f, "{pos} cannot hold {digit} (a rule on that cell)")
            }
            GivenConflict::Relation { a, b } => write!(
                f,
                "{} = {} and {} = {} break the rule between them",
                a.0, a.1, b.0, b.1
            ),
            GivenConflict::CageSum {
                first,
                sum,
                cells,
                range,
            } => write!(
                f,
                "the killer cage at {first} sums to {sum}, but {cells} different digits make {} to {}",
                range.0, range.1
            ),
            GivenConflict::Sum { first, sum, found } => write!(
                f,
                "the killer cage at {first} sums to {sum}, but its givens make {found}"
            ),
        }
    }
}

impl Puzzle {
    /// The first way the givens alone break the rules, or `None` (the puzzle may still have no
    /// solution: that takes a search).
    ///
    /// ```
    /// use sudokit::variant::{Puzzle, Shape};
    /// let mut givens = vec![0; 16];
    /// givens[0] = 1;
    /// givens[5] = 1; // r2c2: the same box as r1c1
    /// let puzzle = Puzzle::new(Shape::boxes(2, 2)?, givens, vec![])?;
    /// let conflict = puzzle.given_conflict().expect("two 1s in box 1");
    /// assert_eq!(conflict.to_string(), "r1c1 and r2c2 both hold 1 (box 1)");
    /// # Ok::<(), sudokit::variant::VariantError>(())
    /// ```
    pub fn given_conflict(&self) -> Option<GivenConflict> {
        let n = self.size();
        let shape = self.shape();
        let givens = self.givens();
        let model = &self.model;
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 && model.root[cell] & (1 << g) == 0 {
                return Some(GivenConflict::Cell {
                    pos: shape.pos(cell),
                    digit: g,
                });
            }
        }
        let region = if shape.box_dims().is_some() {
            "box"
        } else {
            "region"
        };
        let structure = model.structure();
        let houses = structure.houses.iter().enumerate().map(|(i, cells)| {
            let place = match i / n.max(1) {
                0 => format!("row {}", i + 1),
                1 => format!("column {}", i - n + 1),
                2 => format!("{region} {}", i - 2 * n + 1),
                _ => "a house of the rules".to_string(),
            };
            (cells, place)
        });
        let groups = structure
            .groups
            .iter()
            .map(|cells| (cells, "a cage or group of different digits".to_string()));
        for (cells, place) in houses.chain(groups) {
            let mut seen = [usize::MAX; 26];
            for &c in cells {
                let g = usize::from(givens[c]);
                if g == 0 {
                    continue;
                }
                if seen[g] != usize::MAX {
                    return Some(GivenConflict::Same {
                        a: shape.pos(seen[g]),
                        b: shape.pos(c),
                        digit: givens[c],
                        place,
                    });
                }
                seen[g] = c;
            }
        }
        for &(a, b) in &structure.differ {
            if givens[a] != 0 && givens[a] == givens[b] {
                return Some(GivenConflict::Same {
                    a: shape.pos(a.min(b)),
                    b: shape.pos(a.max(b)),
                    digit: givens[a],
                    place: "cells a rule keeps different".to_string(),
                });
            }
        }
        for pair in model.pairs() {
            let (x, y) = (givens[pair.a], givens[pair.b]);
            if x != 0 && y != 0 && pair.ab[usize::from(x)] & (1 << y) == 0 {
                return Some(GivenConflict::Relation {
                    a: (shape.pos(pair.a), x),
                    b: (shape.pos(pair.b), y),
                });
            }
        }
        self.rules().iter().find_map(|rule| match rule {
            Rule::Killer(cage) => {
                let sum = cage.sum?;
                let cells: Vec<usize> = cage.cells.iter().filter_map(|&p| shape.index(p)).collect();
                let first = cage.cells.first().copied().unwrap_or(Pos::new(0, 0));
                let k = cells.len() as u32;
                let least = k * (k + 1) / 2;
                let greatest = (n as u32 + 1 - k.min(n as u32)..=n as u32).sum::<u32>();
                if sum < least || sum > greatest {
                    return Some(GivenConflict::CageSum {
                        first,
                        sum,
                        cells: cells.len(),
                        range: (least, greatest),
                    });
                }
                let found: u32 = cells.iter().map(|&c| u32::from(givens[c])).sum();
                let full = cells.iter().all(|&c| givens[c] != 0);
                (found > sum || (full && found != sum)).then_some(GivenConflict::Sum {
                    first,
                    sum,
                    found,
                })
            }
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{AntiKnight, EvenOdd, Killer, Kropki, Shape};

    fn puzzle(givens: &[(usize, u8)], rules: Vec<Rule>) -> Puzzle {
        let mut grid = vec![0; 16];
        for &(c, g) in givens {
            grid[c] = g;
        }
        Puzzle::new(Shape::boxes(2, 2).expect("2x2"), grid, rules).expect("a puzzle")
    }

    #[test]
    fn rows_columns_and_boxes_are_named() {
        let row = puzzle(&[(0, 3), (3, 3)], vec![]).given_conflict();
        assert_eq!(
            row.map(|c| c.to_string()).as_deref(),
            Some("r1c1 and r1c4 both hold 3 (row 1)")
        );
        let column = puzzle(&[(1, 2), (13, 2)], vec![]).given_conflict();
        assert_eq!(
            column.map(|c| c.to_string()).as_deref(),
            Some("r1c2 and r4c2 both hold 2 (column 2)")
        );
        assert_eq!(puzzle(&[(0, 1), (5, 2)], vec![]).given_conflict(), None);
    }

    #[test]
    fn rule_houses_pairs_and_cells_are_found() {
        let diagonal = puzzle(
            &[(0, 4), (15, 4)],
            vec![Rule::from_name("diagonal").expect("rule")],
        );
        assert!(matches!(
            diagonal.given_conflict(),
            Some(GivenConflict::Same { digit: 4, .. })
        ));
        // r1c1 and r2c3 are a knight's move apart.
        let knight = puzzle(
            &[(0, 2), (6, 2)],
            vec![Rule::AntiKnight(AntiKnight::default())],
        );
        assert!(knight.given_conflict().is_some());
        assert_eq!(
            puzzle(&[(0, 2), (6, 2)], vec![]).given_conflict(),
            None,
            "without the rule the same givens are fine"
        );
        let kropki = Rule::Kropki(Kropki {
            white: vec![[Pos::new(0, 0), Pos::new(0, 1)]],
            black: vec![],
            negative: false,
        });
        let dot = puzzle(&[(0, 1), (1, 3)], vec![kropki.clone()]);
        assert_eq!(
            dot.given_conflict().map(|c| c.to_string()).as_deref(),
            Some("r1c1 = 1 and r1c2 = 3 break the rule between them")
        );
        assert_eq!(
            puzzle(&[(0, 1), (1, 2)], vec![kropki]).given_conflict(),
            None
        );
        let even = Rule::EvenOdd(EvenOdd {
            even: vec![Pos::new(0, 0)],
            odd: vec![],
        });
        assert_eq!(
            puzzle(&[(0, 3)], vec![even]).given_conflict(),
            Some(GivenConflict::Cell {
                pos: Pos::new(0, 0),
                digit: 3
            })
        );
    }

    #[test]
    fn killer_sums_are_checked_when_the_givens_decide_them() {
        let cage = |sum| {
            Rule::Killer(Killer {
                cells: vec![Pos::new(0, 0), Pos::new(0, 1)],
                sum: Some(sum),
            })
        };
        assert_eq!(
            puzzle(&[(0, 1), (1, 3)], vec![cage(5)]).given_conflict(),
            Some(GivenConflict::Sum {
                first: Pos::new(0, 0),
                sum: 5,
                found: 4
            })
        );
        assert!(puzzle(&[(0, 4)], vec![cage(3)]).given_conflict().is_some());
        assert_eq!(
            puzzle(&[], vec![cage(99)])
                .given_conflict()
                .map(|c| c.to_string())
                .as_deref(),
            Some("the killer cage at r1c1 sums to 99, but 2 different digits make 3 to 7")
        );
        assert!(puzzle(&[], vec![cage(2)]).given_conflict().is_some());
        assert_eq!(puzzle(&[], vec![cage(7)]).given_conflict(), None);
        assert_eq!(puzzle(&[(0, 1)], vec![cage(3)]).given_conflict(), None);
        assert_eq!(
            puzzle(&[(0, 1), (1, 2)], vec![cage(3)]).given_conflict(),
            None
        );
    }
}
