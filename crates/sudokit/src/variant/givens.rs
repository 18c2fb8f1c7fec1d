//! Givens that break the rules by themselves ([`Puzzle::given_conflict`]): two equal givens in
//! a house or a group of different digits, a given a rule forbids in its cell, two givens a
//! relation (kropki, XV, thermometer, non-consecutive) does not allow, or a killer cage whose
//! givens already miss its sum. The CLI reports such a puzzle as `invalid` with the reason, as
//! it does for classic puzzles, rather than as a puzzle with no solution.
//!
//! Only the compiled model is read (houses, groups, pairs, root candidates), so every rule that
//! compiles into them is covered without a line per rule. The sums that only a propagator
//! checks (arrows, sandwiches, little killers) get a check of their own here, from bounds:
//! every digit is 1 to N, digits of a row or column differ, so a sum whose givens leave it out
//! of reach of the least and greatest completion is reported. Each check is a relaxation of
//! its rule (other rules and the other cells' candidates are left out), so a reported conflict
//! always means no solution; a sum that only a search shows impossible stays `none`.

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
    /// An arrow whose circle and shaft cannot be equal with their givens: the least and
    /// greatest value of each (blank cells 1 to N) do not meet.
    Arrow {
        /// The circle's first cell.
        circle: Pos,
        /// The least and greatest number the circle can read.
        circle_range: (u32, u32),
        /// The least and greatest sum of the shaft.
        shaft_range: (u32, u32),
    },
    /// A sandwich clue that no place of the 1 and the N left by the givens can make.
    Sandwich {
        /// `row 3` or `column 5`.
        line: String,
        /// The clue.
        sum: u32,
    },
    /// A little killer clue out of reach of its cells' givens (blank cells 1 to N).
    LittleKiller {
        /// The clue's first cell.
        first: Pos,
        /// The clue.
        sum: u32,
        /// The least and greatest sum of its cells.
        range: (u32, u32),
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
            GivenConflict::Arrow {
                circle,
                circle_range,
                shaft_range,
            } => write!(
                f,
                "the arrow from {circle} cannot hold: with the givens its circle reads {} and its shaft sums to {}",
                range_text(*circle_range),
                range_text(*shaft_range)
            ),
            GivenConflict::Sandwich { line, sum } => write!(
                f,
                "the sandwich clue {sum} on {line} cannot be met: no place of its 1 and its last digit left by the givens makes it"
            ),
            GivenConflict::LittleKiller { first, sum, range } => write!(
                f,
                "the little killer clue {sum} at {first} cannot be met: with the givens its cells sum to {}",
                range_text(*range)
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
            Rule::Arrow(arrow) => self.arrow_conflict(&arrow.circle, &arrow.cells),
            Rule::Sandwich(sandwich) => {
                self.sandwich_conflict(sandwich.row, sandwich.col, sandwich.sum)
            }
            Rule::LittleKiller(clue) => {
                let range = self.sum_range(&clue.cells);
                let first = clue.cells.first().copied().unwrap_or(Pos::new(0, 0));
                let sum = clue.sum;
                (sum < range.0 || sum > range.1).then_some(GivenConflict::LittleKiller {
                    first,
                    sum,
                    range,
                })
            }
            _ => None,
        })
    }

    /// The least and greatest sum of `cells` (a given counts as itself, a blank as 1 to N).
    fn sum_range(&self, cells: &[Pos]) -> (u32, u32) {
        let n = self.size() as u32;
        let shape = self.shape();
        cells
            .iter()
            .filter_map(|&p| shape.index(p))
            .fold((0, 0), |(lo, hi), c| match u32::from(self.givens()[c]) {
                0 => (lo + 1, hi + n),
                g => (lo + g, hi + g),
            })
    }

    /// An arrow whose circle (read as a decimal number) and shaft sum cannot meet.
    fn arrow_conflict(&self, circle: &[Pos], shaft: &[Pos]) -> Option<GivenConflict> {
        let n = self.size() as u64;
        let shape = self.shape();
        let (mut lo, mut hi) = (0u64, 0u64);
        for c in circle.iter().filter_map(|&p| shape.index(p)) {
            let (a, b) = match u64::from(self.givens()[c]) {
                0 => (1, n),
                g => (g, g),
            };
            // A pill has at most three cells (the rule refuses more), so this cannot overflow.
            (lo, hi) = (lo * 10 + a, hi * 10 + b);
        }
        let circle_range = (
            u32::try_from(lo).unwrap_or(u32::MAX),
            u32::try_from(hi).unwrap_or(u32::MAX),
        );
        let shaft_range = self.sum_range(shaft);
        let apart = circle_range.1 < shaft_range.0 || circle_range.0 > shaft_range.1;
        apart.then(|| GivenConflict::Arrow {
            circle: circle.first().copied().unwrap_or(Pos::new(0, 0)),
            circle_range,
            shaft_range,
        })
    }

    /// A sandwich clue on a row or column that no place of the 1 and the N can make: for each
    /// place the givens leave them, the digits between (different, 2 to N - 1, none given
    /// elsewhere on the line) must be able to reach the clue.
    fn sandwich_conflict(
        &self,
        row: Option<u8>,
        col: Option<u8>,
        sum: u32,
    ) -> Option<GivenConflict> {
        let n = self.size();
        if n < 3 {
            return None;
        }
        let (line, cells): (String, Vec<usize>) = match (row, col) {
            (Some(r), None) if (1..=n).contains(&usize::from(r)) => {
                let r = usize::from(r) - 1;
                (
                    format!("row {}", r + 1),
                    (0..n).map(|c| r * n + c).collect(),
                )
            }
            (None, Some(c)) if (1..=n).contains(&usize::from(c)) => {
                let c = usize::from(c) - 1;
                (
                    format!("column {}", c + 1),
                    (0..n).map(|r| r * n + c).collect(),
                )
            }
            _ => return None,
        };
        let givens = self.givens();
        let top = n as u8;
        let given_on_line = |d: u8| cells.iter().any(|&c| givens[c] == d);
        let can_hold =
            |i: usize, d: u8| givens[cells[i]] == d || (givens[cells[i]] == 0 && !given_on_line(d));
        // The digits 2 to N - 1 no cell of the line holds yet, smallest first.
        let free: Vec<u32> = (2..top)
            .filter(|&d| !given_on_line(d))
            .map(u32::from)
            .collect();
        let reachable = |lo: usize, hi: usize| {
            let between = &cells[lo + 1..hi];
            let given: u32 = between.iter().map(|&c| u32::from(givens[c])).sum();
            let blanks = between.iter().filter(|&&c| givens[c] == 0).count();
            if blanks > free.len() {
                return false;
            }
            let least: u32 = free[..blanks].iter().sum();
            let greatest: u32 = free[free.len() - blanks..].iter().sum();
            (given + least..=given + greatest).contains(&sum)
        };
        let possible = (0..n).any(|i| {
            can_hold(i, 1)
                && (0..n).any(|j| j != i && can_hold(j, top) && reachable(i.min(j), i.max(j)))
        });
        (!possible).then_some(GivenConflict::Sandwich { line, sum })
    }
}

/// `5` or `3 to 12`.
fn range_text((lo, hi): (u32, u32)) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo} to {hi}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{
        AntiKnight, Arrow, EvenOdd, Killer, Kropki, LittleKiller, Sandwich, Shape,
    };

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

    fn arrow(circle: &[(u8, u8)], cells: &[(u8, u8)]) -> Rule {
        let at = |ps: &[(u8, u8)]| ps.iter().map(|&(r, c)| Pos::new(r, c)).collect();
        Rule::Arrow(Arrow {
            circle: at(circle),
            cells: at(cells),
        })
    }

    #[test]
    fn arrows_whose_givens_break_the_sum_are_invalid() {
        // Circle r1c1, shaft r2c3 and r3c2 (4x4; cells 6 and 9).
        let rule = || arrow(&[(0, 0)], &[(1, 2), (2, 1)]);
        // The circle's 2 is less than the shaft's given 2 plus at least 1.
        let short = puzzle(&[(0, 2), (6, 2)], vec![rule()]).given_conflict();
        assert_eq!(
            short.map(|c| c.to_string()).as_deref(),
            Some("the arrow from r1c1 cannot hold: with the givens its circle reads 2 and its shaft sums to 3 to 6")
        );
        assert_eq!(
            puzzle(&[(0, 3), (6, 2)], vec![rule()]).given_conflict(),
            None
        );
        // A full arrow that misses, and one that holds.
        assert!(puzzle(&[(0, 4), (6, 1), (9, 2)], vec![rule()])
            .given_conflict()
            .is_some());
        assert_eq!(
            puzzle(&[(0, 4), (6, 1), (9, 3)], vec![rule()]).given_conflict(),
            None
        );
        // A shaft of two 4s cannot be reached by a circle of at most 4.
        assert!(puzzle(&[(6, 4), (9, 4)], vec![rule()])
            .given_conflict()
            .is_some());
        // Reachable: circle 4, shaft 1 + blank (1 to 4 gives 2 to 5).
        assert_eq!(
            puzzle(&[(0, 4), (6, 1)], vec![rule()]).given_conflict(),
            None
        );
        assert_eq!(puzzle(&[], vec![rule()]).given_conflict(), None);
    }

    #[test]
    fn sandwiches_whose_givens_break_the_sum_are_invalid() {
        let row1 = |sum| {
            Rule::Sandwich(Sandwich {
                row: Some(1),
                col: None,
                sum,
            })
        };
        // 1 and 4 side by side: only a clue of 0 holds.
        assert_eq!(
            puzzle(&[(0, 1), (1, 4)], vec![row1(0)]).given_conflict(),
            None
        );
        assert_eq!(
            puzzle(&[(0, 1), (1, 4)], vec![row1(2)])
                .given_conflict()
                .map(|c| c.to_string())
                .as_deref(),
            Some("the sandwich clue 2 on row 1 cannot be met: no place of its 1 and its last digit left by the givens makes it")
        );
        // 1 at r1c1, 4 at r1c4: 2 and 3 between, so only 5.
        assert_eq!(
            puzzle(&[(0, 1), (3, 4)], vec![row1(5)]).given_conflict(),
            None
        );
        assert!(puzzle(&[(0, 1), (3, 4)], vec![row1(4)])
            .given_conflict()
            .is_some());
        // No givens: 0, 2, 3 and 5 can be made (nothing, 2 or 3, or both between); 1, 4 and 6 not.
        assert_eq!(puzzle(&[], vec![row1(3)]).given_conflict(), None);
        assert!(puzzle(&[], vec![row1(6)]).given_conflict().is_some());
        assert!(puzzle(&[], vec![row1(1)]).given_conflict().is_some());
        assert!(puzzle(&[], vec![row1(4)]).given_conflict().is_some());
        // The 2 given at r1c1: the sandwich holds 3 or nothing, never 2.
        assert!(puzzle(&[(0, 2)], vec![row1(2)]).given_conflict().is_some());
        assert_eq!(puzzle(&[(0, 2)], vec![row1(3)]).given_conflict(), None);
        let column = Rule::Sandwich(Sandwich {
            row: None,
            col: Some(2),
            sum: 5,
        });
        assert_eq!(
            puzzle(&[(1, 1), (5, 4)], vec![column])
                .given_conflict()
                .map(|c| c.to_string())
                .as_deref(),
            Some("the sandwich clue 5 on column 2 cannot be met: no place of its 1 and its last digit left by the givens makes it")
        );
    }

    #[test]
    fn little_killers_whose_givens_break_the_sum_are_invalid() {
        let clue = |sum| {
            Rule::LittleKiller(LittleKiller {
                cells: vec![Pos::new(0, 1), Pos::new(1, 2), Pos::new(2, 3)],
                sum,
            })
        };
        // Givens 4 + 3 and a blank: 8 to 11.
        let givens = [(1, 4), (6, 3)];
        assert_eq!(
            puzzle(&givens, vec![clue(7)])
                .given_conflict()
                .map(|c| c.to_string())
                .as_deref(),
            Some("the little killer clue 7 at r1c2 cannot be met: with the givens its cells sum to 8 to 11")
        );
        assert_eq!(puzzle(&givens, vec![clue(8)]).given_conflict(), None);
        assert_eq!(puzzle(&givens, vec![clue(11)]).given_conflict(), None);
        assert!(puzzle(&givens, vec![clue(12)]).given_conflict().is_some());
        // All given and missing the clue.
        assert!(puzzle(&[(1, 4), (6, 3), (11, 1)], vec![clue(9)])
            .given_conflict()
            .is_some());
        assert_eq!(
            puzzle(&[(1, 4), (6, 3), (11, 1)], vec![clue(8)]).given_conflict(),
            None
        );
    }
}
