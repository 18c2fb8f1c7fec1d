//! `generate`: a seeded puzzle with a symmetry, minimality, a clue count and, optionally, a
//! difficulty level.
//!
//! A level is the library generator's difficulty target (`sudokit::generate::Difficulty`):
//! each candidate is rated with a cut that stops at the first step above the level, and near
//! misses are refined by local search. Puzzles `0, 1, 2, ...` of the seed are asked for until
//! one is made, so the answer is reproducible from `seed` and `index`. Every puzzle has an
//! attempt budget (rated candidates) and the whole request a time budget
//! (`budget_exhausted`), one library guard that also stops a candidate's rating midway. A puzzle the techniques cannot finish is never taken as extreme: its
//! rating is unknown.

use super::rating::{rate_grid, Rated};
use crate::error::ApiError;
use crate::Limits;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use sudokit::budget::{Budget, Guard};
use sudokit::format;
use sudokit::generate::{ClueRange, Difficulty, Generator, Options, Symmetry};
use sudokit::rate::Level;

/// The body of `POST /api/generate`; every field is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GenerateRequest {
    /// A symmetry name (`none`, `rot180`, `rot90`, `mirror`, ...); default `none`.
    symmetry: Option<String>,
    /// Only minimal puzzles (no clue can be removed).
    #[serde(default)]
    minimal: bool,
    /// A clue count `N` or range `A..B`.
    clues: Option<String>,
    /// A HoDoKu level: easy, medium, hard, unfair, extreme.
    level: Option<String>,
    /// The seed; a random one when left out.
    seed: Option<u64>,
}

impl crate::body::RequestBody for GenerateRequest {
    const SHAPE: &'static str = "the body must be a JSON object (every field optional: \
                                 `symmetry`, `minimal`, `clues`, `level`, `seed`)";
}

/// The answer of `POST /api/generate`.
#[derive(Debug, Serialize)]
pub(crate) struct Generated {
    puzzle: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
    /// `true` when proven minimal, `false` when proven not, absent when not checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    /// With `index`, what reproduces the puzzle: the same request with this seed gives the
    /// same puzzle.
    seed: u64,
    index: u64,
    /// The rating, when it could be computed within the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<Rated>,
}

/// Generates one puzzle to `request`.
pub(crate) fn generate(request: &GenerateRequest, limits: &Limits) -> Result<Generated, ApiError> {
    // One guard for the whole request: it stops the generator between candidates and inside
    // a candidate's rating once the time is up.
    let clock = super::wall_clock();
    let guard =
        Guard::new(Budget::UNLIMITED.with_time(limits.generate_time)).with_clock(clock.clone());
    let symmetry = match &request.symmetry {
        Some(name) => name
            .parse::<Symmetry>()
            .map_err(|e| ApiError::bad_request(e.to_string()))?,
        None => Symmetry::None,
    };
    let clues = match &request.clues {
        Some(text) => Some(
            text.parse::<ClueRange>()
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
        None => None,
    };
    let level = match &request.level {
        Some(name) => Some(
            name.parse::<Level>()
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
        None => None,
    };
    let options = Options {
        symmetry,
        clues,
        minimal: request.minimal,
        max_attempts: limits.generate_attempts,
        guess_budget: limits.guesses,
        difficulty: level.map(|level| Difficulty {
            level: Some(level),
            ..Difficulty::default()
        }),
        ..Options::default()
    };
    let seed = request.seed.unwrap_or_else(fresh_seed);
    let generator =
        Generator::new(seed, options).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let mut drawn = 0;
    for index in 0.. {
        if !guard.allows() {
            break;
        }
        drawn += 1;
        let Ok(made) = generator.puzzle_guarded(index, &guard, &mut |_| ControlFlow::Continue(()))
        else {
            continue;
        };
        let left = limits.generate_time.saturating_sub(clock.now());
        let rating = rate_grid(&made.puzzle, limits, left.min(limits.logic_time)).ok();
        // The generator met the level; the rater's word (under its time budget) is final.
        if let Some(level) = level {
            if rating.as_ref().map(|r| r.rating().hodoku.level) != Some(level) {
                continue;
            }
        }
        return Ok(Generated {
            puzzle: format::to_line(&made.puzzle),
            solution: format::to_line(&made.solution),
            clues: made.clues(),
            symmetry: symmetry.name(),
            minimal: made.minimal,
            seed,
            index,
            rating,
        });
    }
    let wanted = level.map_or(String::new(), |l| format!(" at level {l}"));
    Err(ApiError::budget(format!(
        "no puzzle{wanted} was found in {} ms ({drawn} drawn from seed {seed}); ask for less or \
         try another seed",
        limits.generate_time.as_millis()
    )))
}

/// A seed from the clock, kept below 2^53 so that JavaScript clients read it exactly.
pub(crate) fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_nanos();
    // Fold the high bits in: consecutive requests differ in the low ones anyway.
    let folded = (nanos ^ (nanos >> 64)) as u64;
    folded & ((1 << 53) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    use sudokit::rate::Rater;
    use sudokit::solve::{self, Count};

    #[test]
    fn a_seed_gives_the_same_unique_puzzle_with_the_asked_symmetry() {
        let limits = Limits::default();
        let request = GenerateRequest {
            symmetry: Some("rot180".into()),
            seed: Some(11),
            ..GenerateRequest::default()
        };
        let made = generate(&request, &limits).expect("generated");
        let again = generate(&request, &limits).expect("generated");
        assert_eq!((made.seed, made.index), (11, 0));
        assert_eq!(made.puzzle, again.puzzle);
        let grid = format::parse(&made.puzzle).expect("a line").grid;
        assert_eq!(solve::count(&grid, 2), Count::Exact(1));
        assert!(Symmetry::Rot180.holds_for(&grid));
        assert!(made.rating.is_some());
    }

    #[test]
    fn a_level_is_met_or_the_budget_says_so() {
        let limits = Limits::default();
        let request = GenerateRequest {
            level: Some("medium".into()),
            seed: Some(3),
            ..GenerateRequest::default()
        };
        let made = generate(&request, &limits).expect("medium puzzles are common");
        let level = made.rating.as_ref().map(|r| r.rating().hodoku.level);
        assert_eq!(level, Some(Level::Medium));
        let no_time = Limits {
            generate_time: Duration::ZERO,
            ..Limits::default()
        };
        let err = generate(&request, &no_time).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
    }

    #[test]
    fn every_level_is_met_and_rerated_by_the_rater() {
        // A generous time budget: this checks the levels, not the speed of a shared machine.
        let limits = Limits {
            generate_time: Duration::from_secs(120),
            ..Limits::default()
        };
        for (seed, level) in (20..).zip(Level::ALL) {
            let request = GenerateRequest {
                level: Some(level.name().into()),
                seed: Some(seed),
                ..GenerateRequest::default()
            };
            let made = generate(&request, &limits).expect("every level is reachable");
            let grid = format::parse(&made.puzzle).expect("a line").grid;
            assert_eq!(solve::count(&grid, 2), Count::Exact(1));
            let rated = Rater::new().rate(&grid).expect("proper");
            assert_eq!(rated.rating.hodoku.level, level, "{}", made.puzzle);
            assert!(!rated.rating.is_stuck(), "{}", made.puzzle);
        }
    }

    #[test]
    fn bad_options_are_bad_requests() {
        let limits = Limits::default();
        for request in [
            GenerateRequest {
                symmetry: Some("spiral".into()),
                ..GenerateRequest::default()
            },
            GenerateRequest {
                clues: Some("12".into()),
                ..GenerateRequest::default()
            },
            GenerateRequest {
                level: Some("trivial".into()),
                ..GenerateRequest::default()
            },
        ] {
            let err = generate(&request, &limits).expect_err("bad options");
            assert_eq!(err.code, ErrorCode::BadRequest, "{request:?}");
        }
    }
}
