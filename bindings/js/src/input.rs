//! Reading what JS passes in: puzzle text (any format the CLI reads) and the options object
//! (JSON text, camelCase keys), and the budgets the options set.

use crate::error::{Failure, Kind};
use serde::de::DeserializeOwned;
use std::time::Duration;
use sudokit::format::{self, Entry, ParseError, ParseErrorKind, Parsed};
use sudokit::logic::CandidateGrid;
use sudokit::solve::Search;
use sudokit::Grid;

/// The guess budget of every exact search when the options set none: the CLI's default.
pub const DEFAULT_MAX_GUESSES: u64 = 10_000_000;

/// Reads a puzzle: an 81-character line, a 9-line grid or a JSON board (as text); pencilmarks
/// are not a puzzle here.
pub fn puzzle(text: &str) -> Result<Parsed, Failure> {
    match format::parse_entry(text)? {
        Entry::Puzzle(parsed) => Ok(parsed),
        Entry::Pencilmarks(_) => Err(ParseError {
            line: 1,
            column: 1,
            kind: ParseErrorKind::NotAPuzzle,
        }
        .into()),
    }
}

/// Reads a pencilmark state (the 729-character form or a pencilmark grid) or any puzzle (its
/// digits placed, every other candidate open).
pub fn state(text: &str) -> Result<CandidateGrid, Failure> {
    Ok(match format::parse_entry(text)? {
        Entry::Pencilmarks(marks) => CandidateGrid::from_pencilmarks(&marks),
        Entry::Puzzle(parsed) => CandidateGrid::from_grid(&parsed.grid),
    })
}

/// Reads the options object of a call (JSON text; empty text reads as `{}`).
pub fn options<T: DeserializeOwned>(json: &str) -> Result<T, Failure> {
    let json = if json.trim().is_empty() { "{}" } else { json };
    serde_json::from_str(json).map_err(|err| {
        let message = err.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(head, _)| head);
        Failure::option(format!("options: {message}"))
    })
}

/// A time limit in milliseconds: `None` stays no limit; a negative or non-finite one is an
/// error.
pub fn time_limit(ms: Option<f64>) -> Result<Option<Duration>, Failure> {
    match ms {
        None => Ok(None),
        Some(ms) => Duration::try_from_secs_f64(ms / 1000.0)
            .map(Some)
            .map_err(|_| {
                Failure::option(format!(
                    "timeLimit must be a number of milliseconds, 0 or more, not {ms}"
                ))
            }),
    }
}

/// What a budgeted search learnt about a grid's solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solutions {
    /// No solution.
    None,
    /// Exactly one.
    Unique(Grid),
    /// Two or more; the first found.
    Multiple(Grid),
    /// One found, and the budget ran out looking for a second.
    Unproven(Grid),
}

/// Looks for up to two solutions of `grid` within `guesses`; also returns the guesses made.
/// An error only when the budget ran out before the first solution.
pub fn solutions(grid: &Grid, guesses: u64) -> Result<(Solutions, u64), Failure> {
    let mut search = Search::new(grid).with_guess_budget(guesses);
    let first = match search.next_solution() {
        Ok(Some(first)) => first,
        Ok(None) => return Ok((Solutions::None, search.stats().guesses)),
        Err(spent) => return Err(Failure::out_of_guesses(spent.guesses)),
    };
    let found = match search.find_next() {
        Ok(false) => Solutions::Unique(first),
        Ok(true) => Solutions::Multiple(first),
        Err(_) => Solutions::Unproven(first),
    };
    Ok((found, search.stats().guesses))
}

/// Fails unless `grid` keeps the rules and has exactly one solution, proven within `guesses`.
pub fn proper(grid: &Grid, guesses: u64) -> Result<(), Failure> {
    grid.check_rules()?;
    match solutions(grid, guesses)?.0 {
        Solutions::Unique(_) => Ok(()),
        Solutions::None => Err(Failure::new(Kind::NoSolution, "the puzzle has no solution")),
        Solutions::Multiple(_) => Err(Failure::new(
            Kind::NotUnique,
            "the puzzle has more than one solution",
        )),
        Solutions::Unproven(_) => Err(Failure::new(
            Kind::BudgetExhausted,
            "the search ran out of guesses before it could prove the solution unique",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_puzzle_is_located_and_pencilmarks_are_no_puzzle() {
        let err = puzzle("12x").expect_err("not a puzzle");
        assert_eq!(err.kind, Kind::InvalidPuzzle);
        assert_eq!(err.code, "bad_puzzle");
        assert_eq!((err.line, err.column), (Some(1), Some(3)));
        let err = puzzle(&"123456789".repeat(81)).expect_err("pencilmarks");
        assert_eq!(err.code, "bad_puzzle");
        assert!(state(&"123456789".repeat(81)).is_ok());
    }

    #[test]
    fn options_are_checked_and_time_limits_must_be_durations() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)] // read through Debug only
        struct Some1 {
            limit: Option<u64>,
        }
        assert!(options::<Some1>("").is_ok());
        let err = options::<Some1>(r#"{"limti": 3}"#).expect_err("unknown");
        assert_eq!(err.kind, Kind::BadOption);
        assert!(err.message.contains("limti"), "{}", err.message);
        assert_eq!(
            time_limit(Some(-1.0)).map_err(|e| e.kind),
            Err(Kind::BadOption)
        );
        assert_eq!(
            time_limit(Some(f64::NAN)).map_err(|e| e.kind),
            Err(Kind::BadOption)
        );
        assert_eq!(
            time_limit(Some(1500.0)),
            Ok(Some(Duration::from_millis(1500)))
        );
    }
}
