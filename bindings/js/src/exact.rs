//! `solve`, `count`, `check` and `canon`: the exact solver, each search under a guess budget.
//! The answers have the shapes of the HTTP API's `/api/solve`, `/api/count` and `/api/check`.

use crate::error::{Failure, Kind};
use crate::input::{self, Solutions, DEFAULT_MAX_GUESSES};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sudokit::format::{self, Layout};
use sudokit::solve::Search;
use sudokit::{canon, Grid};

/// The options of `solve` and `check`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SearchOptions {
    /// Guesses per search (default [`DEFAULT_MAX_GUESSES`]).
    pub max_guesses: Option<u64>,
}

/// The options of `count`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CountOptions {
    /// Stop counting at this many solutions (default 2).
    pub limit: Option<u64>,
    /// Guesses for the whole count (default [`DEFAULT_MAX_GUESSES`]).
    pub max_guesses: Option<u64>,
}

/// Is the solution the only one?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SolveStatus {
    /// Exactly one solution.
    Unique,
    /// Several; this is the first the search found.
    Multiple,
    /// A solution, but the budget ran out before uniqueness was proven.
    Solved,
}

/// The answer of `solve` (as `POST /api/solve`).
#[derive(Debug, Serialize)]
pub struct Solved {
    /// Unique, multiple or solved.
    pub status: SolveStatus,
    /// The solution as an 81-character line.
    pub solution: String,
    /// The solution in the layout of the input (a 9-line grid string or a JSON board); left
    /// out for a line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Value>,
    /// Guesses the search made.
    pub guesses: u64,
}

/// Solves `text` and says whether the solution is unique.
pub fn solve(text: &str, options: &SearchOptions) -> Result<Solved, Failure> {
    let puzzle = input::puzzle(text)?;
    puzzle.grid.check_rules()?;
    let budget = options.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES);
    let (found, guesses) = input::solutions(&puzzle.grid, budget)?;
    let (status, solution) = match found {
        Solutions::None => {
            return Err(Failure::new(Kind::NoSolution, "the puzzle has no solution"));
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

/// `grid` written in `layout`, as JSON: a string for a line or a grid, an array for a board.
fn in_layout(grid: &Grid, layout: Layout) -> Value {
    match layout {
        Layout::Line => Value::String(format::to_line(grid)),
        Layout::Grid => Value::String(format::to_grid(grid)),
        Layout::JsonStrings | Layout::JsonNumbers => {
            serde_json::from_str(&format::to_json(grid, layout))
                .unwrap_or_else(|_| Value::String(format::to_line(grid)))
        }
    }
}

/// The answer of `count` (as `POST /api/count`).
#[derive(Debug, Serialize)]
pub struct Counted {
    /// Solutions found.
    pub count: u64,
    /// Whether that is all of them (false: the count stopped at the limit).
    pub exact: bool,
    /// The limit in force.
    pub limit: u64,
    /// Guesses the search made.
    pub guesses: u64,
}

impl CountOptions {
    /// The limit in force (default 2), or an error for 0.
    pub fn limit(&self) -> Result<u64, Failure> {
        match self.limit {
            Some(0) => Err(Failure::option("limit must be 1 or more")),
            limit => Ok(limit.unwrap_or(2)),
        }
    }
}

/// Counts the solutions of `text` up to the limit.
pub fn count(text: &str, options: &CountOptions) -> Result<Counted, Failure> {
    let limit = options.limit()?;
    let puzzle = input::puzzle(text)?;
    puzzle.grid.check_rules()?;
    let budget = options.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES);
    let mut search = Search::new(&puzzle.grid).with_guess_budget(budget);
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
                let mut err = Failure::out_of_guesses(spent.guesses);
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
pub enum CheckStatus {
    /// Exactly one solution: a proper puzzle.
    Unique,
    /// Several solutions.
    Multiple,
    /// No solution, though no rule is broken.
    None,
    /// The givens break the rules.
    Invalid,
}

/// The answer of `check` (as `POST /api/check`).
#[derive(Debug, Serialize)]
pub struct Checked {
    /// Unique, multiple, none or invalid.
    pub status: CheckStatus,
    /// The puzzle as read, as an 81-character line.
    pub puzzle: String,
    /// How many cells are filled.
    pub clues: usize,
    /// The solution, when it is unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// For `invalid`: what is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// For `invalid`: the two cells holding the same digit in one house.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<usize>,
    /// Guesses the search made.
    pub guesses: u64,
}

/// Says whether `text` is valid and has one, several or no solutions.
pub fn check(text: &str, options: &SearchOptions) -> Result<Checked, Failure> {
    let puzzle = input::puzzle(text)?;
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
    let budget = options.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES);
    let (found, guesses) = input::solutions(&puzzle.grid, budget)?;
    let (status, solution) = match found {
        Solutions::None => (CheckStatus::None, None),
        Solutions::Unique(grid) => (CheckStatus::Unique, Some(format::to_line(&grid))),
        Solutions::Multiple(_) => (CheckStatus::Multiple, None),
        // A check that cannot tell unique from multiple has no answer.
        Solutions::Unproven(_) => return Err(Failure::out_of_guesses(guesses)),
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

/// The canonical form of `text` as an 81-character line (as `sudoku canon`): equivalent
/// puzzles (by the validity-preserving symmetries and relabelling) have the same form.
pub fn canon(text: &str) -> Result<String, Failure> {
    let puzzle = input::puzzle(text)?;
    puzzle.grid.check_rules()?;
    Ok(format::to_line(&canon::canonical(&puzzle.grid)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn solve_proves_uniqueness_and_keeps_the_layout() {
        let solved = solve(EASY, &SearchOptions::default()).expect("solved");
        assert_eq!(solved.status, SolveStatus::Unique);
        assert!(solved.board.is_none());
        let grid = format::parse(&solved.solution).expect("a line").grid;
        assert!(grid.is_solution_of(&input::puzzle(EASY).expect("a puzzle").grid));
        let board = format::to_json(
            &input::puzzle(EASY).expect("a puzzle").grid,
            Layout::JsonNumbers,
        );
        let solved = solve(&board, &SearchOptions::default()).expect("solved");
        assert_eq!(
            solved.board.map(|b| b.to_string()),
            Some(format::to_json(&grid, Layout::JsonNumbers).replace([' ', '\n'], ""))
        );
        let empty = ".".repeat(81);
        let solved = solve(&empty, &SearchOptions::default()).expect("solved");
        assert_eq!(solved.status, SolveStatus::Multiple);
        let stingy = SearchOptions {
            max_guesses: Some(0),
        };
        assert_eq!(
            solve(&empty, &stingy).map_err(|e| e.kind).err(),
            Some(Kind::BudgetExhausted)
        );
        let two_fives = format!("55{}", ".".repeat(79));
        let err = solve(&two_fives, &SearchOptions::default()).expect_err("invalid");
        assert_eq!((err.kind, err.cells), (Kind::InvalidPuzzle, vec![0, 1]));
    }

    #[test]
    fn count_stops_at_the_limit_and_check_names_the_status() {
        let empty = ".".repeat(81);
        let five = CountOptions {
            limit: Some(5),
            ..CountOptions::default()
        };
        let counted = count(&empty, &five).expect("counted");
        assert_eq!((counted.count, counted.exact), (5, false));
        let counted = count(EASY, &CountOptions::default()).expect("counted");
        assert_eq!((counted.count, counted.exact, counted.limit), (1, true, 2));
        let zero = CountOptions {
            limit: Some(0),
            ..CountOptions::default()
        };
        assert_eq!(
            count(EASY, &zero).map_err(|e| e.kind).err(),
            Some(Kind::BadOption)
        );
        let checked = check(&empty, &SearchOptions::default()).expect("checked");
        assert_eq!(checked.status, CheckStatus::Multiple);
        let checked = check(EASY, &SearchOptions::default()).expect("checked");
        assert_eq!((checked.status, checked.clues), (CheckStatus::Unique, 30));
    }

    #[test]
    fn equivalent_puzzles_have_one_canonical_form() {
        let grid = input::puzzle(EASY).expect("a puzzle").grid;
        let other = format::to_line(&canon::transform(&grid, 7));
        assert_ne!(other, EASY);
        assert_eq!(canon(&other), canon(EASY));
    }
}
