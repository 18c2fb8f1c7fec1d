//! Whether a pencilmark state still admits a solution, before a technique is asked about it.
//!
//! The techniques assume the state is a real position: every cell's candidates hold its digit
//! of some solution of the placed digits. A state that lost such a digit (a client sent a
//! wrong elimination, a pasted pencilmark grid has a typo) is not rejected by any finder: they
//! go on deducing from a false premise and explain wrong digits as if they were right ("Naked
//! single: r1c2 can only be 7" where the solution has 9). [`CandidateGrid::check_consistent`]
//! is the one check every front end (CLI, server, bindings) runs first:
//!
//! 1. the placed digits break no rule;
//! 2. the exact solver ([`Search`]) solves the placed digits, with a guess budget, and no
//!    empty cell is left without a candidate;
//! 3. with exactly one solution, the first cell (row-major) whose candidates lack its solution
//!    digit is named; with several, the first one found that every candidate allows is kept,
//!    and when it does not fit, a small search over the candidates themselves (naked and
//!    hidden singles, then a guess on a cell with the fewest candidates, under the rest of the
//!    budget) decides whether any solution does.

use super::CandidateGrid;
use crate::board::{Cell, Digit, Grid, House};
use crate::solve::Search;
use crate::RuleViolation;

/// A state that admits a solution: one its candidates allow, and what is known of the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consistent {
    /// The placed digits have exactly one solution, and the candidates allow it.
    Unique(Grid),
    /// The placed digits have several solutions; this one is allowed by the candidates.
    Several(Grid),
    /// The budget ran out before the search could tell one solution from several; this one
    /// is allowed by the candidates.
    Unproven(Grid),
}

impl Consistent {
    /// The solution the candidates allow.
    pub fn solution(&self) -> &Grid {
        match self {
            Consistent::Unique(grid) | Consistent::Several(grid) | Consistent::Unproven(grid) => {
                grid
            }
        }
    }
}

/// Why a state admits no solution, or why the check could not tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistent {
    /// The placed digits break the rules.
    #[error("the placed digits break the rules: {0}")]
    Invalid(RuleViolation),
    /// The placed digits have a solution, but an empty cell has no candidate left.
    #[error("{cell} has no candidate left")]
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
    /// The placed digits have no solution (a given or an entry is wrong).
    #[error("the placed digits have no solution")]
    NoSolution,
    /// The placed digits have one solution, and this cell's candidates lack its digit.
    #[error("{cell} lost its {digit}, which the solution needs")]
    LostDigit {
        /// The first such cell, in row-major order.
        cell: Cell,
        /// Its digit in the solution.
        digit: Digit,
    },
    /// The placed digits have several solutions, and the candidates allow none of them.
    #[error("the candidates allow none of the solutions of the placed digits")]
    NoneAllowed,
    /// The guess budget ran out before the check was settled (not a contradiction).
    #[error("the check gave up after {guesses} guesses")]
    GaveUp {
        /// The guesses made.
        guesses: u64,
    },
}

impl Inconsistent {
    /// The cell the fault is visible in, if there is one.
    pub fn cell(&self) -> Option<Cell> {
        match *self {
            Inconsistent::NoCandidate { cell } | Inconsistent::LostDigit { cell, .. } => Some(cell),
            _ => None,
        }
    }
}

impl CandidateGrid {
    /// Checks that this state admits a solution (the placed digits solved exactly, then the
    /// candidates checked against the solution or searched), making at
    /// most `max_guesses` guesses in all (`u64::MAX`: no budget).
    ///
    /// ```
    /// use sudokit::logic::{CandidateGrid, Consistent, Inconsistent};
    /// use sudokit::{format, Cell, Digit};
    /// let puzzle = format::parse(
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    /// )?.grid;
    /// let mut state = CandidateGrid::from_grid(&puzzle);
    /// assert!(matches!(state.check_consistent(u64::MAX), Ok(Consistent::Unique(_))));
    /// let (r1c2, one) = (Cell::new(1).unwrap(), Digit::new(1).unwrap());
    /// state.eliminate(r1c2, one);
    /// let err = state.check_consistent(u64::MAX).unwrap_err();
    /// assert_eq!(err, Inconsistent::LostDigit { cell: r1c2, digit: one });
    /// assert_eq!(err.to_string(), "r1c2 lost its 1, which the solution needs");
    /// # Ok::<(), sudokit::format::ParseError>(())
    /// ```
    pub fn check_consistent(&self, max_guesses: u64) -> Result<Consistent, Inconsistent> {
        let givens = self.to_grid();
        givens.check_rules().map_err(Inconsistent::Invalid)?;
        let mut search = Search::new(&givens).with_guess_budget(max_guesses);
        let first = match search.next_solution() {
            Ok(Some(first)) => first,
            Ok(None) => return Err(Inconsistent::NoSolution),
            Err(spent) => {
                return Err(Inconsistent::GaveUp {
                    guesses: spent.guesses,
                })
            }
        };
        if let Some(cell) = self
            .empty_cells()
            .iter()
            .find(|&cell| self.candidates(cell).is_empty())
        {
            return Err(Inconsistent::NoCandidate { cell });
        }
        let second = search.find_next();
        let spent = search.stats().guesses;
        if second == Ok(false) {
            return match self.first_lost(&first) {
                Some((cell, digit)) => Err(Inconsistent::LostDigit { cell, digit }),
                None => Ok(Consistent::Unique(first)),
            };
        }
        if self.first_lost(&first).is_none() {
            return Ok(match second {
                Ok(_) => Consistent::Several(first),
                Err(_) => Consistent::Unproven(first),
            });
        }
        // The first solution does not fit the candidates: search the candidates themselves.
        let mut guesses = Guesses {
            made: spent,
            max: max_guesses,
        };
        match solve_candidates(self.clone(), &mut guesses) {
            // It fits where the first did not, so the two differ: there are several.
            Ok(Some(solution)) => Ok(Consistent::Several(solution)),
            Ok(None) => Err(Inconsistent::NoneAllowed),
            Err(()) => Err(Inconsistent::GaveUp {
                guesses: guesses.made,
            }),
        }
    }

    /// The first empty cell whose candidates lack its digit in `solution`.
    fn first_lost(&self, solution: &Grid) -> Option<(Cell, Digit)> {
        self.empty_cells().iter().find_map(|cell| {
            let digit = solution.get(cell)?;
            (!self.candidates(cell).contains(digit)).then_some((cell, digit))
        })
    }
}

/// The guesses made so far and the most allowed.
struct Guesses {
    made: u64,
    max: u64,
}

/// A solution that every candidate of `state` allows (`None`: there is none); `Err` when the
/// guess budget ran out. Depth is at most 81, one level per guessed cell.
fn solve_candidates(mut state: CandidateGrid, guesses: &mut Guesses) -> Result<Option<Grid>, ()> {
    if !propagate(&mut state) {
        return Ok(None);
    }
    let Some(cell) = state
        .empty_cells()
        .iter()
        .min_by_key(|&cell| state.candidates(cell).len())
    else {
        return Ok(Some(state.to_grid()));
    };
    for digit in state.candidates(cell).iter() {
        if guesses.made >= guesses.max {
            return Err(());
        }
        guesses.made += 1;
        let mut next = state.clone();
        next.place(cell, digit);
        if let Some(solution) = solve_candidates(next, guesses)? {
            return Ok(Some(solution));
        }
    }
    Ok(None)
}

/// Places naked and hidden singles until none is left; `false` on a contradiction (a cell
/// without candidates, or a digit with no place left in a house that lacks it).
fn propagate(state: &mut CandidateGrid) -> bool {
    loop {
        let mut placed = false;
        for cell in state.empty_cells().iter() {
            let candidates = state.candidates(cell);
            if candidates.is_empty() {
                return false;
            }
            if let Some(digit) = candidates.single_digit() {
                state.place(cell, digit);
                placed = true;
            }
        }
        for house in House::all() {
            for digit in Digit::all() {
                let cells = state.house_cells_with(house, digit);
                if cells.is_empty() {
                    if !house.cells().iter().any(|&c| state.value(c) == Some(digit)) {
                        return false;
                    }
                } else if let Some(cell) = cells.single_cell() {
                    state.place(cell, digit);
                    placed = true;
                }
            }
        }
        if !placed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{cell, digit, puzzle};

    /// The puzzle of issue 32's report; its solution has 1 in r1c2.
    const REPORTED: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_proper_puzzle_is_unique_and_a_lost_digit_is_named() {
        let mut state = puzzle(REPORTED);
        let solution = match state.check_consistent(u64::MAX) {
            Ok(Consistent::Unique(solution)) => solution,
            other => panic!("{other:?}"),
        };
        assert_eq!(solution.get(cell("r1c2")), Some(digit(1)));
        state.eliminate(cell("r1c2"), digit(1));
        // r1c3 loses its digit too; r1c2 comes first.
        let r1c3 = solution.get(cell("r1c3")).expect("solved");
        state.eliminate(cell("r1c3"), r1c3);
        let err = state.check_consistent(u64::MAX).expect_err("lost");
        assert_eq!(
            err,
            Inconsistent::LostDigit {
                cell: cell("r1c2"),
                digit: digit(1)
            }
        );
        assert_eq!(err.cell(), Some(cell("r1c2")));
        assert_eq!(err.to_string(), "r1c2 lost its 1, which the solution needs");
        // Removing a wrong candidate is fine.
        let mut fine = puzzle(REPORTED);
        let wrong = fine
            .candidates(cell("r1c2"))
            .iter()
            .find(|&d| d != digit(1))
            .expect("r1c2 has other candidates");
        fine.eliminate(cell("r1c2"), wrong);
        assert_eq!(
            fine.check_consistent(u64::MAX),
            Ok(Consistent::Unique(solution))
        );
    }

    #[test]
    fn rule_breaks_empty_cells_and_dead_givens_are_reported() {
        let two_fives = puzzle(&format!("5....5{}", ".".repeat(75)));
        assert!(matches!(
            two_fives.check_consistent(u64::MAX),
            Err(Inconsistent::Invalid(_))
        ));
        let mut empty_cell = puzzle(REPORTED);
        for d in Digit::all() {
            empty_cell.eliminate(cell("r9c9"), d);
        }
        assert_eq!(
            empty_cell.check_consistent(u64::MAX),
            Err(Inconsistent::NoCandidate { cell: cell("r9c9") })
        );
        // r1c1 sees 1-8 in its row and 9 in its column.
        let dead = puzzle(&format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62)));
        assert_eq!(
            dead.check_consistent(u64::MAX),
            Err(Inconsistent::NoSolution)
        );
    }

    #[test]
    fn several_solutions_pass_unless_the_candidates_allow_none() {
        let empty = CandidateGrid::new();
        let first = match empty.check_consistent(u64::MAX) {
            Ok(Consistent::Several(first)) => first,
            other => panic!("{other:?}"),
        };
        // Without the first solution's digit in r1c1, another solution is found.
        let mut other = CandidateGrid::new();
        let r1c1 = first.get(cell("r1c1")).expect("solved");
        other.eliminate(cell("r1c1"), r1c1);
        let found = match other.check_consistent(u64::MAX) {
            Ok(Consistent::Several(found)) => found,
            result => panic!("{result:?}"),
        };
        assert_ne!(found.get(cell("r1c1")), Some(r1c1));
        assert!(found.is_solution_of(&Grid::empty()));
        // No cell of row 1 keeps 9: every cell has candidates, but 9 has no place in the row.
        let mut none = CandidateGrid::new();
        for c in 0..9 {
            let here = Cell::new(c).expect("a cell");
            none.eliminate(here, digit(9));
        }
        assert_eq!(
            none.check_consistent(u64::MAX),
            Err(Inconsistent::NoneAllowed)
        );
        // A budget too small to settle it gives up instead of guessing an answer.
        assert!(matches!(
            none.check_consistent(0),
            Err(Inconsistent::GaveUp { .. })
        ));
    }
}
