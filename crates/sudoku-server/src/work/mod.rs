//! The work behind each endpoint, as plain synchronous functions over the engine.
//!
//! Nothing here knows about HTTP beyond [`ApiError`]: each function takes a parsed request and
//! the [`Limits`](crate::Limits), does bounded work and returns a serializable answer, so it
//! can be tested without a server and run on a blocking worker by the routes.
//!
//! - [`exact`]: solve, count and check with the exact solver and a guess budget.
//! - [`logic`]: hint and explain with the human-style solver and a time budget.
//! - [`rating`]: SE and HoDoKu ratings with the rater's time budget.
//! - [`generating`]: seeded generation, with an optional difficulty level.
//! - [`variant`]: solve, count, check and generate for other sizes and variant rules.

pub(crate) mod exact;
pub(crate) mod generating;
pub(crate) mod logic;
pub(crate) mod rating;
pub(crate) mod variant;

use crate::error::ApiError;
use std::sync::Arc;
use std::time::Instant;
use sudokit::budget::Clock;
use sudokit::solve::Search;
use sudokit::Grid;

/// A clock for the library's time limits: the time since it was made, by `Instant` (the
/// library never reads the time itself).
pub(crate) fn wall_clock() -> Arc<dyn Clock> {
    let origin = Instant::now();
    Arc::new(move || origin.elapsed())
}

/// What a budgeted search learnt about a grid's solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Solutions {
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
pub(crate) fn solutions(grid: &Grid, guesses: u64) -> Result<(Solutions, u64), ApiError> {
    let mut search = Search::new(grid).with_guess_budget(guesses);
    let first = match search.next_solution() {
        Ok(Some(first)) => first,
        Ok(None) => return Ok((Solutions::None, search.stats().guesses)),
        Err(spent) => return Err(out_of_guesses(spent.guesses)),
    };
    let found = match search.find_next() {
        Ok(false) => Solutions::Unique(first),
        Ok(true) => Solutions::Multiple(first),
        Err(_) => Solutions::Unproven(first),
    };
    Ok((found, search.stats().guesses))
}

/// The error of a search that ran out of guesses.
pub(crate) fn out_of_guesses(guesses: u64) -> ApiError {
    ApiError::budget(format!(
        "the search gave up after {guesses} guesses (the server's budget per request)"
    ))
}
