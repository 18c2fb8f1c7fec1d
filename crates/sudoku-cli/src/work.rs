//! The work done for one puzzle record: parse it, check its givens, search, and sum up the
//! result as an [`Answer`]. Pure functions of the record, so the batch runs them in parallel.
//!
//! `solve --all` streams its solutions instead of collecting them; it shares [`prepare`],
//! [`Status`] and [`Problem`] with the rest but drives its own loop (see `batch`).

use crate::input::{Body, Job};
use std::time::{Duration, Instant};
use sudokit::format::{ParseError, Parsed};
use sudokit::solve::{BudgetExhausted, Count, Search};
use sudokit::{Grid, RuleViolation};

/// What to find out about each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Task {
    /// Find a solution; with `prove`, also look for a second one.
    Solve {
        /// Look for a second solution to tell unique from multiple.
        prove: bool,
    },
    /// List solutions, up to `limit` (streamed, see `batch`).
    List {
        /// The most solutions listed per puzzle.
        limit: u64,
    },
    /// Count solutions up to `limit`.
    Count {
        /// Where counting stops.
        limit: u64,
    },
    /// Say unique, multiple, none or invalid.
    Check,
}

/// The verdict on one record. The names are the `status` values of the JSON output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// No solution, although the givens break no rule.
    NoSolution,
    /// A solution was found and uniqueness was not asked for (`--first`, or a count limit of 1).
    Solved,
    /// The givens break the rules.
    Invalid,
    /// The guess budget ran out before the answer was complete.
    GaveUp,
    /// The record could not be parsed.
    Error,
}

impl Status {
    /// The status as printed: `unique`, `multiple`, `none`, `solved`, `invalid`, `gave_up`,
    /// `error`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::NoSolution => "none",
            Status::Solved => "solved",
            Status::Invalid => "invalid",
            Status::GaveUp => "gave_up",
            Status::Error => "error",
        }
    }

    /// The status of a puzzle whose solutions were counted (or listed) up to a limit.
    pub(crate) fn of_count(count: Count) -> Status {
        match count {
            Count::Exact(0) | Count::AtLeast(0) => Status::NoSolution,
            Count::Exact(1) => Status::Unique,
            // Stopped at a limit of 1: there is a solution, uniqueness unknown.
            Count::AtLeast(1) => Status::Solved,
            Count::Exact(_) | Count::AtLeast(_) => Status::Multiple,
        }
    }

    /// Whether this status makes the run fail (exit status 1) for `task`.
    pub(crate) fn fails(self, task: Task) -> bool {
        match self {
            Status::Error | Status::GaveUp => true,
            Status::Unique => false,
            Status::Multiple | Status::Solved => matches!(task, Task::Check),
            // Givens that break the rules are bad input for every subcommand: `count` still
            // prints 0 (so lines stay aligned), but the run fails, as the README's rule says.
            Status::Invalid => true,
            Status::NoSolution => !matches!(task, Task::Count { .. }),
        }
    }
}

/// Why a record has no full answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Problem {
    /// The text is not a puzzle.
    Bad {
        /// 1-based line in the input.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The givens break the rules.
    Invalid(RuleViolation),
    /// The search ran out of guesses.
    Budget(BudgetExhausted),
}

impl Problem {
    /// A parse error; the library numbers lines in the input, not in the record.
    pub(crate) fn from_parse(err: &ParseError) -> Problem {
        Problem::Bad {
            line: err.line,
            column: err.column,
            message: err.kind.to_string(),
        }
    }

    /// The message of the JSON `error` field and of check's line output.
    pub(crate) fn message(&self) -> String {
        match self {
            Problem::Bad {
                line,
                column,
                message,
            } => format!("line {line}, column {column}: {message}"),
            Problem::Invalid(violation) => violation.to_string(),
            Problem::Budget(budget) => budget.to_string(),
        }
    }
}

/// The result for one record.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    /// The verdict.
    pub(crate) status: Status,
    /// The puzzle as parsed, unless the record was bad.
    pub(crate) puzzle: Option<Parsed>,
    /// The (first) solution found, if any.
    pub(crate) solution: Option<Grid>,
    /// The solution count, for `count`.
    pub(crate) count: Option<Count>,
    /// Guesses the search made.
    pub(crate) guesses: u64,
    /// Why there is no full answer, if so.
    pub(crate) problem: Option<Problem>,
    /// Time spent parsing and searching.
    pub(crate) elapsed: Duration,
}

impl Answer {
    /// An answer so far; `started` is when the work began, if it is timed.
    fn new(status: Status, puzzle: Option<Parsed>, started: Option<Instant>) -> Answer {
        Answer {
            status,
            puzzle,
            solution: None,
            count: None,
            guesses: 0,
            problem: None,
            elapsed: elapsed_since(started),
        }
    }
}

/// The time since `started`, or zero when the work is not timed.
fn elapsed_since(started: Option<Instant>) -> Duration {
    started.map_or(Duration::ZERO, |started| started.elapsed())
}

/// The outcome of the steps every task shares: parsing and the rule check.
pub(crate) enum Prepared {
    /// A puzzle ready to search.
    Ready(Parsed),
    /// No search needed: the answer is already known (bad record or invalid givens).
    Done(Answer),
}

/// Parses the record and checks its givens. `None` for a job that is not a record.
pub(crate) fn prepare(job: &Job, started: Option<Instant>) -> Option<Prepared> {
    let prepared = parse(job, started)?;
    if let Prepared::Ready(parsed) = &prepared {
        if let Err(violation) = parsed.grid.check_rules() {
            return Some(Prepared::Done(invalid(*parsed, violation, started)));
        }
    }
    Some(prepared)
}

/// The answer for givens that break the rules.
fn invalid(parsed: Parsed, violation: RuleViolation, started: Option<Instant>) -> Answer {
    let mut answer = Answer::new(Status::Invalid, Some(parsed), started);
    answer.problem = Some(Problem::Invalid(violation));
    answer
}

/// Parses the record, without the rule check. `None` for a job that is not a record.
fn parse(job: &Job, started: Option<Instant>) -> Option<Prepared> {
    match &job.body {
        Body::Record(parsed) => Some(Prepared::Ready(*parsed)),
        Body::Plain(line) => Some(Prepared::Ready(line.parsed())),
        Body::Bad(err) => {
            let mut answer = Answer::new(Status::Error, None, started);
            answer.problem = Some(Problem::from_parse(err));
            Some(Prepared::Done(answer))
        }
        Body::Unreadable(_) => None,
    }
}

/// A search of `grid` with the guess budget, if any.
pub(crate) fn search(grid: &Grid, budget: Option<u64>) -> Search {
    let search = Search::new(grid);
    match budget {
        Some(max) => search.with_guess_budget(max),
        None => search,
    }
}

/// Does `task` (any but [`Task::List`]) for one job; `None` for a job that is not a record.
///
/// The rule check runs only when the search finds no solution: a puzzle with a solution keeps
/// the rules, and the search alone rejects givens that see each other (at once, with no
/// guess), so checking first would only slow down the common case.
///
/// `timed`: measure the time spent (for `--time`); reading the clock twice per puzzle is a
/// measurable share of the work on easy puzzles, so it is skipped otherwise.
pub(crate) fn answer(job: &Job, task: Task, budget: Option<u64>, timed: bool) -> Option<Answer> {
    let started = timed.then(Instant::now);
    let parsed = match parse(job, started)? {
        Prepared::Ready(parsed) => parsed,
        Prepared::Done(answer) => return Some(answer),
    };
    let mut search = search(&parsed.grid, budget);
    let mut answer = Answer::new(Status::Error, Some(parsed), started);
    match task {
        Task::Solve { prove } => solve(&mut search, prove, &mut answer),
        Task::Count { limit } => {
            let count = count(&mut search, limit, &mut answer);
            answer.count = Some(count);
        }
        Task::Check => {
            count(&mut search, 2, &mut answer);
        }
        Task::List { limit } => {
            // Listing streams its output elsewhere; here it reduces to a count.
            let count = count(&mut search, limit, &mut answer);
            answer.count = Some(count);
        }
    }
    answer.guesses = search.stats().guesses;
    if answer.status == Status::NoSolution {
        if let Some(parsed) = &answer.puzzle {
            if let Err(violation) = parsed.grid.check_rules() {
                let mut invalid = invalid(*parsed, violation, started);
                if matches!(task, Task::Count { .. }) {
                    invalid.count = Some(Count::Exact(0));
                }
                return Some(invalid);
            }
        }
    }
    answer.elapsed = elapsed_since(started);
    Some(answer)
}

/// First solution, and with `prove` the search for a second.
fn solve(search: &mut Search, prove: bool, answer: &mut Answer) {
    let first = match search.next_solution() {
        Ok(Some(first)) => first,
        Ok(None) => {
            answer.status = Status::NoSolution;
            return;
        }
        Err(budget) => {
            answer.status = Status::GaveUp;
            answer.problem = Some(Problem::Budget(budget));
            return;
        }
    };
    answer.solution = Some(first);
    if !prove {
        answer.status = Status::Solved;
        return;
    }
    answer.status = match search.find_next() {
        Ok(false) => Status::Unique,
        Ok(true) => Status::Multiple,
        Err(budget) => {
            answer.problem = Some(Problem::Budget(budget));
            Status::GaveUp
        }
    };
}

/// Counts up to `limit`, keeping the first solution; sets the status.
fn count(search: &mut Search, limit: u64, answer: &mut Answer) -> Count {
    let mut found = 0;
    let count = loop {
        if found >= limit {
            break Count::AtLeast(found);
        }
        // Only the first solution is kept: the others are counted without being built.
        let next = if found == 0 {
            search.next_solution().map(|solution| {
                let some = solution.is_some();
                answer.solution = solution;
                some
            })
        } else {
            search.find_next()
        };
        match next {
            Ok(true) => found += 1,
            Ok(false) => break Count::Exact(found),
            Err(budget) => {
                answer.problem = Some(Problem::Budget(budget));
                answer.status = Status::GaveUp;
                return Count::AtLeast(found);
            }
        }
    };
    answer.status = Status::of_count(count);
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_map_to_statuses() {
        assert_eq!(Status::of_count(Count::Exact(0)), Status::NoSolution);
        assert_eq!(Status::of_count(Count::Exact(1)), Status::Unique);
        assert_eq!(Status::of_count(Count::AtLeast(1)), Status::Solved);
        assert_eq!(Status::of_count(Count::AtLeast(2)), Status::Multiple);
        assert_eq!(Status::of_count(Count::Exact(7)), Status::Multiple);
    }

    #[test]
    fn failures_depend_on_the_task() {
        let solve = Task::Solve { prove: true };
        let count = Task::Count { limit: 10 };
        assert!(!Status::Multiple.fails(solve));
        assert!(Status::Multiple.fails(Task::Check));
        assert!(Status::NoSolution.fails(solve));
        assert!(!Status::NoSolution.fails(count));
        assert!(Status::Invalid.fails(count));
        assert!(Status::Invalid.fails(Task::Check));
        assert!(Status::Error.fails(count));
        assert!(Status::GaveUp.fails(count));
    }

    #[test]
    fn parse_errors_keep_line_and_column() {
        let err = ParseError {
            line: 12,
            column: 5,
            kind: sudokit::format::ParseErrorKind::BadCharacter { found: 'x' },
        };
        let problem = Problem::from_parse(&err);
        assert_eq!(
            problem.message(),
            "line 12, column 5: unexpected character 'x'"
        );
    }
}
