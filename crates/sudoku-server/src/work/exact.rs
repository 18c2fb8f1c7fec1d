//! `solve`, `count` and `check`: the exact solver, every search under the guess budget.

use super::{out_of_guesses, solutions, Solutions};
use crate::body::in_layout;
use crate::error::{ApiError, ErrorCode};
use crate::Limits;
use serde::Serialize;
use serde_json::Value;
use sudokit::format::{self, Layout, Parsed};
use sudokit::solve::Search;

/// Is the solution the only one?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SolveStatus {
    /// The puzzle has exactly one solution.
    Unique,
    /// It has several; this is the first the search found.
    Multiple,
    /// A solution, but the budget ran out before uniqueness was proven.
    Solved,
}

/// The answer of `POST /api/solve`.
#[derive(Debug, Serialize)]
pub(crate) struct Solved {
    status: SolveStatus,
    /// The solution as an 81-character line.
    solution: String,
    /// The solution in the layout of the request (a 9-line grid string or a JSON board);
    /// left out for a line.
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Value>,
    guesses: u64,
}

/// Solves `puzzle` and says whether the solution is unique.
pub(crate) fn solve(puzzle: &Parsed, limits: &Limits) -> Result<Solved, ApiError> {
    puzzle.grid.check_rules()?;
    let (found, guesses) = solutions(&puzzle.grid, limits.guesses)?;
    let (status, solution) = match found {
        Solutions::None => {
            return Err(ApiError::new(
                ErrorCode::NoSolution,
                "the puzzle has no solution",
            ))
        }
        Solutions::Unique(grid) => (SolveStatus::Unique, grid),
        Solutions::Multiple(grid) => (SolveStatus::Multiple, grid),
        Solutions::Unproven(grid) => (SolveStatus::Solved, grid),
    };
    Ok(Solved {
        status,
        solution: format::to_line(&solution),
        board: (puzzle.layout != Layout::Line).then(|| in_layout(&solution, puzzle.layout)),
        guesses,
    })
}

/// The answer of `POST /api/count`.
#[derive(Debug, Serialize)]
pub(crate) struct Counted {
    /// Solutions found.
    count: u64,
    /// Whether that is all of them (false: the count stopped at the limit).
    exact: bool,
    limit: u64,
    guesses: u64,
}

/// Counts the solutions of `puzzle` up to `limit` (default [`Limits::default_count`]).
pub(crate) fn count(
    puzzle: &Parsed,
    limit: Option<u64>,
    limits: &Limits,
) -> Result<Counted, ApiError> {
    let limit = limit.unwrap_or(limits.default_count);
    if limit == 0 || limit > limits.max_count {
        return Err(ApiError::bad_request(format!(
            "limit must be between 1 and {}, not {limit}",
            limits.max_count
        )));
    }
    puzzle.grid.check_rules()?;
    let mut search = Search::new(&puzzle.grid).with_guess_budget(limits.guesses);
    let mut count = 0;
    while count < limit {
        match search.find_next() {
            Ok(true) => count += 1,
            Ok(false) => {
                return Ok(Counted {
                    count,
                    exact: true,
                    limit,
                    guesses: search.stats().guesses,
                })
            }
            Err(spent) => {
                let mut err = out_of_guesses(spent.guesses);
                err.message
                    .push_str(&format!("; {count} solutions found by then"));
                return Err(err);
            }
        }
    }
    Ok(Counted {
        count,
        exact: false,
        limit,
        guesses: search.stats().guesses,
    })
}

/// What `check` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CheckStatus {
    /// Exactly one solution: a proper puzzle.
    Unique,
    /// Several solutions.
    Multiple,
    /// No solution, though no rule is broken.
    None,
    /// The givens break the rules.
    Invalid,
}

/// The answer of `POST /api/check`.
#[derive(Debug, Serialize)]
pub(crate) struct Checked {
    status: CheckStatus,
    /// The puzzle as read, as an 81-character line (so a client can load text in any format).
    puzzle: String,
    /// How many cells are filled.
    clues: usize,
    /// The solution, when it is unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// For `invalid`: what is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    /// For `invalid`: the two cells holding the same digit in one house.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<usize>,
    guesses: u64,
}

/// Says whether `puzzle` is valid and has one, several or no solutions.
pub(crate) fn check(puzzle: &Parsed, limits: &Limits) -> Result<Checked, ApiError> {
    let clues = puzzle.grid.count_filled();
    if let Err(violation) = puzzle.grid.check_rules() {
        return Ok(Checked {
            status: CheckStatus::Invalid,
            puzzle: format::to_line(&puzzle.grid),
            clues,
            solution: None,
            message: Some(violation.to_string()),
            cells: vec![violation.first.index(), violation.second.index()],
            guesses: 0,
        });
    }
    let (found, guesses) = solutions(&puzzle.grid, limits.guesses)?;
    let (status, solution) = match found {
        Solutions::None => (CheckStatus::None, None),
        Solutions::Unique(grid) => (CheckStatus::Unique, Some(format::to_line(&grid))),
        Solutions::Multiple(_) => (CheckStatus::Multiple, None),
        // A check that cannot tell unique from multiple has no answer.
        Solutions::Unproven(_) => return Err(out_of_guesses(guesses)),
    };
    Ok(Checked {
        status,
        puzzle: format::to_line(&puzzle.grid),
        clues,
        solution,
        message: None,
        cells: Vec::new(),
        guesses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn parsed(text: &str) -> Parsed {
        format::parse(text).expect("a puzzle")
    }

    #[test]
    fn solve_proves_uniqueness_and_says_when_it_could_not() {
        let limits = Limits::default();
        let solved = solve(&parsed(EASY), &limits).expect("solved");
        assert_eq!(solved.status, SolveStatus::Unique);
        let grid = format::parse(&solved.solution).expect("a line").grid;
        assert!(grid.is_solution_of(&parsed(EASY).grid));
        let empty = parsed(&".".repeat(81));
        assert_eq!(
            solve(&empty, &limits).map(|s| s.status).ok(),
            Some(SolveStatus::Multiple)
        );
        let stingy = Limits {
            guesses: 0,
            ..Limits::default()
        };
        // The easy puzzle needs no guess; the empty grid needs one for its first solution.
        assert_eq!(
            solve(&parsed(EASY), &stingy).map(|s| s.status).ok(),
            Some(SolveStatus::Unique)
        );
        assert_eq!(
            solve(&empty, &stingy).map_err(|e| e.code).err(),
            Some(ErrorCode::BudgetExhausted)
        );
    }

    #[test]
    fn count_stops_at_the_limit_or_the_budget() {
        let limits = Limits::default();
        let empty = parsed(&".".repeat(81));
        let counted = count(&empty, Some(5), &limits).expect("counted");
        assert_eq!((counted.count, counted.exact), (5, false));
        let counted = count(&parsed(EASY), None, &limits).expect("counted");
        assert_eq!((counted.count, counted.exact), (1, true));
        let tight = Limits {
            guesses: 10,
            ..Limits::default()
        };
        let err = count(&empty, Some(1000), &tight).expect_err("out of guesses");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        assert!(
            err.message.contains("solutions found by then"),
            "{}",
            err.message
        );
        let err = count(&empty, Some(0), &limits).expect_err("no limit");
        assert_eq!(err.code, ErrorCode::BadRequest);
    }

    #[test]
    fn check_names_the_cells_of_a_broken_rule() {
        let limits = Limits::default();
        let two_fives = parsed(&format!("55{}", ".".repeat(79)));
        let checked = check(&two_fives, &limits).expect("checked");
        assert_eq!(checked.status, CheckStatus::Invalid);
        assert_eq!(checked.cells, vec![0, 1]);
        let checked = check(&parsed(EASY), &limits).expect("checked");
        assert_eq!(checked.status, CheckStatus::Unique);
        assert_eq!(checked.clues, 30);
        assert!(checked.solution.is_some());
    }
}
