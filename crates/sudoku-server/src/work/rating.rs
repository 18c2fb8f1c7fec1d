//! `rate`: Sudoku Explainer's ER/EP/ED and the HoDoKu-style score and level, from the
//! library's [`Rater`] with a time budget.

use super::{solutions, Solutions};
use crate::error::{ApiError, ErrorCode};
use crate::Limits;
use serde::Serialize;
use sudokit::format::Parsed;
use sudokit::logic::Style;
use sudokit::rate::{Budget, PuzzleRating, RateError, Rater};
use sudokit::Grid;

/// The answer of `POST /api/rate`: the rating's own fields (`er`, `ep`, `ed`, `score`,
/// `level`, `outcome`, `steps`, `hardest`) and the hardest technique's display name.
#[derive(Debug, Serialize)]
pub(crate) struct Rated {
    #[serde(flatten)]
    rating: PuzzleRating,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest_name: Option<&'static str>,
}

impl Rated {
    pub(crate) fn rating(&self) -> &PuzzleRating {
        &self.rating
    }
}

/// The scale of `POST /api/rate`: `"se"` (the default: ER/EP/ED over Sudoku Explainer's path)
/// or `"hodoku"` (HoDoKu's score and level over human mode's path; the answer's shape is the
/// same, its numbers describe that path).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Scale {
    #[default]
    Se,
    Hodoku,
}

impl Scale {
    fn style(self) -> Style {
        match self {
            Scale::Se => Style::Se,
            Scale::Hodoku => Style::Human,
        }
    }
}

/// Rates `puzzle`, which must have exactly one solution, on `scale`.
pub(crate) fn rate(puzzle: &Parsed, scale: Scale, limits: &Limits) -> Result<Rated, ApiError> {
    rate_grid_in(&puzzle.grid, limits, limits.logic_time, scale.style())
}

/// Rates `grid` within `time` on Sudoku Explainer's path.
pub(crate) fn rate_grid(
    grid: &Grid,
    limits: &Limits,
    time: std::time::Duration,
) -> Result<Rated, ApiError> {
    rate_grid_in(grid, limits, time, Style::Se)
}

/// Rates `grid` within `time`, solving in `style`.
fn rate_grid_in(
    grid: &Grid,
    limits: &Limits,
    time: std::time::Duration,
    style: Style,
) -> Result<Rated, ApiError> {
    grid.check_rules()?;
    // The rater's own uniqueness check has no guess budget: settle it here first, with one.
    match solutions(grid, limits.guesses)?.0 {
        Solutions::Unique(_) => {}
        Solutions::None => return Err(RateError::NoSolution.into()),
        Solutions::Multiple(_) => return Err(RateError::MultipleSolutions.into()),
        Solutions::Unproven(_) => {
            return Err(ApiError::budget(
                "the search ran out of guesses before it could prove the solution unique",
            ))
        }
    }
    let clock = super::wall_clock();
    let rater = Rater::new()
        .with_style(style)
        .with_budget(Budget::UNLIMITED.with_time(time))
        .with_clock(&clock);
    let rated = rater.rate(grid)?;
    Ok(Rated {
        hardest_name: rated.rating.hardest.map(|t| t.name()),
        rating: rated.rating,
    })
}

impl From<RateError> for ApiError {
    fn from(err: RateError) -> ApiError {
        match err {
            RateError::Invalid(violation) => violation.into(),
            RateError::NoSolution => {
                ApiError::new(ErrorCode::NoSolution, "the puzzle has no solution")
            }
            RateError::MultipleSolutions => ApiError::new(
                ErrorCode::NotUnique,
                "the puzzle has more than one solution; only a proper puzzle can be rated",
            ),
            RateError::GaveUp { .. } => ApiError::budget(format!("the rater {err}")),
            // `RateError` is non-exhaustive: a reason added later is reported, not hidden.
            _ => ApiError::internal(format!("the puzzle cannot be rated: {err}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use sudokit::format;

    #[test]
    fn a_proper_puzzle_is_rated_and_others_say_why_not() {
        let limits = Limits::default();
        let easy = format::parse(
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        )
        .expect("a puzzle");
        let rated = rate(&easy, Scale::Se, &limits).expect("rated");
        assert!(rated.rating().se.er >= rated.rating().se.ed.unwrap_or_default());
        let json = serde_json::to_value(&rated).expect("serializes");
        assert!(
            json["er"].is_number() && json["level"].is_string(),
            "{json}"
        );
        let empty = format::parse(&".".repeat(81)).expect("a puzzle");
        assert_eq!(
            rate(&empty, Scale::Se, &limits).map_err(|e| e.code).err(),
            Some(ErrorCode::NotUnique)
        );
        let err = rate_grid(&easy.grid, &limits, Duration::ZERO).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
    }
}
