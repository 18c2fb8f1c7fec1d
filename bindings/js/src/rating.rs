//! `rate`: Sudoku Explainer's ER/EP/ED and the HoDoKu-style score and level, from the
//! library's [`Rater`], its time limit measured by the clock given. The answer has the shape
//! of the HTTP API's `/api/rate`.

use crate::error::Failure;
use crate::input::{self, DEFAULT_MAX_GUESSES};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use sudokit::budget::Clock;
use sudokit::logic::techniques::{REGISTRY, WITH_NESTED};
use sudokit::rate::{Budget, PuzzleRating, Rater};
use sudokit::Grid;

/// The options of `rate`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RateOptions {
    /// Also use nested forcing chains, as serate does for the hardest puzzles.
    #[serde(default)]
    pub nested: bool,
    /// Milliseconds the rater may take per puzzle (default: no limit).
    pub time_limit: Option<f64>,
    /// Guesses of the uniqueness check (default [`DEFAULT_MAX_GUESSES`]).
    pub max_guesses: Option<u64>,
}

/// The answer of `rate` (as `POST /api/rate`): the rating's own fields (`er`, `ep`, `ed`,
/// `score`, `level`, `outcome`, `steps`, `hardest`) and the hardest technique's name.
#[derive(Debug, Serialize)]
pub struct Rated {
    /// The rating.
    #[serde(flatten)]
    pub rating: PuzzleRating,
    /// The display name of the hardest technique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardest_name: Option<&'static str>,
}

impl From<PuzzleRating> for Rated {
    fn from(rating: PuzzleRating) -> Rated {
        Rated {
            hardest_name: rating.hardest.map(|t| t.name()),
            rating,
        }
    }
}

/// Rates `text`, which must have exactly one solution.
pub fn rate(text: &str, options: &RateOptions, clock: Arc<dyn Clock>) -> Result<Rated, Failure> {
    let puzzle = input::puzzle(text)?;
    rate_grid(&puzzle.grid, options, clock)
}

/// Rates `grid`, which must have exactly one solution.
pub fn rate_grid(
    grid: &Grid,
    options: &RateOptions,
    clock: Arc<dyn Clock>,
) -> Result<Rated, Failure> {
    let time = input::time_limit(options.time_limit)?;
    // The rater's own uniqueness check has no guess budget: settle it here first, with one.
    input::proper(grid, options.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES))?;
    let budget = match time {
        Some(time) => Budget::UNLIMITED.with_time(time),
        None => Budget::UNLIMITED,
    };
    let finders = if options.nested {
        WITH_NESTED
    } else {
        REGISTRY
    };
    let rater = Rater::new()
        .with_finders(finders)
        .with_budget(budget)
        .with_clock(&clock);
    Ok(rater.rate(grid)?.rating.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Kind;
    use std::time::Duration;

    #[test]
    fn a_proper_puzzle_is_rated_as_the_rater_does_and_others_say_why_not() {
        let clock: Arc<dyn Clock> = Arc::new(|| Duration::from_secs(1));
        let line =
            "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6";
        let rated = rate(line, &RateOptions::default(), clock.clone()).expect("rated");
        assert_eq!(rated.rating.se.to_string(), "2.6/1.2/1.2");
        let json = serde_json::to_value(&rated).expect("serializes");
        assert_eq!(json["er"], 2.6);
        assert!(
            json["level"].is_string() && json["hardest_name"].is_string(),
            "{json}"
        );
        let empty = ".".repeat(81);
        let err = rate(&empty, &RateOptions::default(), clock.clone()).expect_err("many");
        assert_eq!(err.kind, Kind::NotUnique);
        let no_time = RateOptions {
            time_limit: Some(0.0),
            ..RateOptions::default()
        };
        let err = rate(line, &no_time, clock).expect_err("no time");
        assert_eq!(err.kind, Kind::TimeLimit);
    }
}
