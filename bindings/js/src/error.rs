//! The one error type of the JS API: what the JS side throws as an `Error` with these fields.

use serde::Serialize;
use sudokit::budget::Limit;
use sudokit::format::ParseError;
use sudokit::rate::RateError;
use sudokit::RuleViolation;

/// Why a call failed, for a program to switch on. The HTTP API's code travels along in
/// [`Failure::code`], so one switch serves both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The text is not a puzzle (with a line and column), or its givens break the rules (with
    /// the two cells).
    InvalidPuzzle,
    /// The grid has no solution.
    NoSolution,
    /// The puzzle has more than one solution, and the call needs exactly one.
    NotUnique,
    /// The time limit passed before the work was done.
    TimeLimit,
    /// The work was cancelled (the worker client's `cancel()`; set on the JS side).
    Cancelled,
    /// The search ran out of guesses (`maxGuesses`).
    BudgetExhausted,
    /// The generator tried its `maxAttempts` candidates without meeting the target.
    Missed,
    /// An option is wrong (a name, a range, a type).
    BadOption,
    /// A bug: the work could not be done.
    Internal,
}

/// An error as JSON: `{"kind", "code", "message", "line"?, "column"?, "cells"?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The kind.
    pub kind: Kind,
    /// The HTTP API's error code for the same failure (`bad_puzzle`, `invalid_puzzle`,
    /// `no_solution`, `not_unique`, `budget_exhausted`, `bad_request`, `internal`).
    pub code: &'static str,
    /// What is wrong, for a person.
    pub message: String,
    /// 1-based line of a fault in the puzzle text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The cells at fault (indices 0..81): the two cells of a rule violation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<usize>,
}

impl Failure {
    /// A failure with a message and no location.
    pub fn new(kind: Kind, message: impl Into<String>) -> Failure {
        let code = match kind {
            Kind::InvalidPuzzle => "invalid_puzzle",
            Kind::NoSolution => "no_solution",
            Kind::NotUnique => "not_unique",
            Kind::TimeLimit | Kind::Cancelled | Kind::BudgetExhausted | Kind::Missed => {
                "budget_exhausted"
            }
            Kind::BadOption => "bad_request",
            Kind::Internal => "internal",
        };
        Failure {
            kind,
            code,
            message: message.into(),
            line: None,
            column: None,
            cells: Vec::new(),
        }
    }

    /// A bad option.
    pub fn option(message: impl Into<String>) -> Failure {
        Failure::new(Kind::BadOption, message)
    }

    /// A search that ran out of guesses.
    pub fn out_of_guesses(guesses: u64) -> Failure {
        Failure::new(
            Kind::BudgetExhausted,
            format!("the search gave up after {guesses} guesses (maxGuesses)"),
        )
    }

    /// The time limit of `ms` milliseconds passed, after `what`.
    pub fn time_limit(ms: f64, what: &str) -> Failure {
        Failure::new(
            Kind::TimeLimit,
            format!("the time limit of {ms} ms passed {what}"),
        )
    }
}

impl From<ParseError> for Failure {
    fn from(err: ParseError) -> Failure {
        Failure {
            code: "bad_puzzle",
            line: Some(err.line),
            column: Some(err.column),
            ..Failure::new(Kind::InvalidPuzzle, format!("puzzle: {err}"))
        }
    }
}

impl From<RuleViolation> for Failure {
    fn from(violation: RuleViolation) -> Failure {
        Failure {
            cells: vec![violation.first.index(), violation.second.index()],
            ..Failure::new(
                Kind::InvalidPuzzle,
                format!("the givens break the rules: {violation}"),
            )
        }
    }
}

impl From<RateError> for Failure {
    fn from(err: RateError) -> Failure {
        match err {
            RateError::Invalid(violation) => violation.into(),
            RateError::NoSolution => Failure::new(Kind::NoSolution, "the puzzle has no solution"),
            RateError::MultipleSolutions => Failure::new(
                Kind::NotUnique,
                "the puzzle has more than one solution; only a proper puzzle can be rated",
            ),
            RateError::GaveUp { limit, .. } => {
                let kind = match limit {
                    Limit::Cancelled => Kind::Cancelled,
                    Limit::Time(_) | Limit::Steps(_) => Kind::TimeLimit,
                };
                Failure::new(kind, format!("the rater {err}"))
            }
            // `RateError` is non-exhaustive: a reason added later is reported, not hidden.
            _ => Failure::new(Kind::Internal, format!("the puzzle cannot be rated: {err}")),
        }
    }
}
