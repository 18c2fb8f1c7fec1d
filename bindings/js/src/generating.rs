//! `generate`: puzzles `0..count` of a seed, as `sudoku generate --seed S -n N` makes them (the
//! same options give the same puzzles), each in the shape of the HTTP API's `/api/generate`.
//!
//! The time limit covers the whole call. The generator has no clock of its own: its observer,
//! called after each candidate, compares the clock with the deadline and stops the search,
//! so the limit is overrun by at most one candidate's work.

use crate::error::{Failure, Kind};
use crate::input::{self, DEFAULT_MAX_GUESSES};
use crate::rating::Rated;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::sync::Arc;
use sudokit::budget::Clock;
use sudokit::format;
use sudokit::generate::{
    ClueRange, Difficulty, Generator, Options, RatingRange, Symmetry, TechniqueTarget,
    DEFAULT_MAX_ATTEMPTS,
};
use sudokit::rate::Level;

/// The options of `generate`; every field is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GenerateOptions {
    /// How many puzzles (default 1).
    pub count: Option<u64>,
    /// The seed (the JS side draws one when left out).
    pub seed: Option<u64>,
    /// A symmetry name (`none`, `rot180`, `rot90`, `mirror`, ...).
    pub symmetry: Option<String>,
    /// Only minimal puzzles.
    #[serde(default)]
    pub minimal: bool,
    /// A clue count `N` or range `A..B`, as text or a number.
    pub clues: Option<ClueText>,
    /// The SE rating: `R`, `A..B` or `A..`.
    pub rating: Option<ClueText>,
    /// A HoDoKu level: easy, medium, hard, unfair, extreme.
    pub level: Option<String>,
    /// The technique of the hardest step (`x-wing`, `skyscraper`, ...).
    pub technique: Option<String>,
    /// Accept stuck puzzles for an open-ended target.
    #[serde(default)]
    pub accept_stuck: bool,
    /// Candidates per puzzle before giving up (default the CLI's).
    pub max_attempts: Option<u32>,
    /// Guesses per uniqueness check (default [`DEFAULT_MAX_GUESSES`]).
    pub max_guesses: Option<u64>,
    /// Milliseconds for the whole call (default: no limit).
    pub time_limit: Option<f64>,
}

/// A number or its text (`clues: 25` or `clues: "22..24"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum ClueText {
    /// A number.
    Number(f64),
    /// Text.
    Text(String),
}

impl ClueText {
    fn text(&self) -> String {
        match self {
            ClueText::Number(n) => n.to_string(),
            ClueText::Text(text) => text.clone(),
        }
    }
}

/// One generated puzzle (as `POST /api/generate`).
#[derive(Debug, Serialize)]
pub struct Generated {
    /// The puzzle as a line.
    pub puzzle: String,
    /// Its solution as a line.
    pub solution: String,
    /// How many clues.
    pub clues: usize,
    /// The symmetry's name.
    pub symmetry: &'static str,
    /// `true` when proven minimal, `false` when proven not, absent when not checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<bool>,
    /// With `index`, what reproduces the puzzle.
    pub seed: u64,
    /// Its index in the seed's stream.
    pub index: u64,
    /// The rating, with a difficulty target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rated>,
}

fn parsed<T: std::str::FromStr>(what: &str, text: Option<String>) -> Result<Option<T>, Failure>
where
    T::Err: std::fmt::Display,
{
    text.map(|text| {
        text.parse::<T>()
            .map_err(|e| Failure::option(format!("{what}: {e}")))
    })
    .transpose()
}

/// Makes puzzles `0..count` of the seed.
pub fn generate(
    options: &GenerateOptions,
    clock: Arc<dyn Clock>,
) -> Result<Vec<Generated>, Failure> {
    let started = clock.now();
    let deadline = input::time_limit(options.time_limit)?.map(|limit| started + limit);
    let symmetry =
        parsed::<Symmetry>("symmetry", options.symmetry.clone())?.unwrap_or(Symmetry::None);
    let clues = parsed::<ClueRange>("clues", options.clues.as_ref().map(ClueText::text))?;
    let rating = parsed::<RatingRange>("rating", options.rating.as_ref().map(ClueText::text))?;
    let level = parsed::<Level>("level", options.level.clone())?;
    let technique = parsed::<TechniqueTarget>("technique", options.technique.clone())?;
    let targeted =
        rating.is_some() || level.is_some() || technique.is_some() || options.accept_stuck;
    let generator_options = Options {
        symmetry,
        clues,
        pattern: None,
        minimal: options.minimal,
        max_attempts: options.max_attempts.unwrap_or(DEFAULT_MAX_ATTEMPTS),
        guess_budget: options.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES),
        difficulty: targeted.then_some(Difficulty {
            rating,
            level,
            technique,
            accept_stuck: options.accept_stuck,
        }),
    };
    let seed = options
        .seed
        .ok_or_else(|| Failure::option("seed is required"))?;
    let generator =
        Generator::new(seed, generator_options).map_err(|e| Failure::option(e.to_string()))?;
    let count = options.count.unwrap_or(1);
    let mut made = Vec::new();
    for index in 0..count {
        let mut late = false;
        let result = generator.puzzle_observed(index, &mut |_| {
            late = deadline.is_some_and(|deadline| clock.now() >= deadline);
            if late {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match result {
            Ok(puzzle) => made.push(Generated {
                puzzle: format::to_line(&puzzle.puzzle),
                solution: format::to_line(&puzzle.solution),
                clues: puzzle.clues(),
                symmetry: symmetry.name(),
                minimal: puzzle.minimal,
                seed,
                index,
                rating: puzzle.rating.map(Rated::from),
            }),
            Err(_) if late => {
                return Err(Failure::time_limit(
                    options.time_limit.unwrap_or_default(),
                    &format!("after {index} of {count} puzzles"),
                ))
            }
            Err(missed) => return Err(Failure::new(Kind::Missed, missed.to_string())),
        }
        // Between puzzles too: a puzzle made in one attempt never meets the observer late.
        if index + 1 < count && deadline.is_some_and(|deadline| clock.now() >= deadline) {
            return Err(Failure::time_limit(
                options.time_limit.unwrap_or_default(),
                &format!("after {} of {count} puzzles", index + 1),
            ));
        }
    }
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    fn frozen() -> Arc<dyn Clock> {
        Arc::new(|| Duration::from_secs(1))
    }

    #[test]
    fn a_seed_gives_the_generators_puzzles_in_order() {
        let options = GenerateOptions {
            count: Some(3),
            seed: Some(42),
            symmetry: Some("rot180".into()),
            ..GenerateOptions::default()
        };
        let made = generate(&options, frozen()).expect("generated");
        let generator = Generator::new(
            42,
            Options {
                symmetry: Symmetry::Rot180,
                ..Options::default()
            },
        )
        .expect("options");
        for (index, one) in made.iter().enumerate() {
            let expected = generator.puzzle(index as u64).expect("a puzzle");
            assert_eq!(one.puzzle, format::to_line(&expected.puzzle));
            assert_eq!(one.index, index as u64);
            assert!(one.rating.is_none());
        }
    }

    #[test]
    fn a_target_brings_its_rating_and_bad_options_are_named() {
        let options = GenerateOptions {
            seed: Some(3),
            level: Some("medium".into()),
            ..GenerateOptions::default()
        };
        let made = generate(&options, frozen()).expect("generated");
        let rating = made[0].rating.as_ref().map(|r| r.rating.hodoku.level);
        assert_eq!(rating, Some(Level::Medium));
        for bad in [
            r#"{"seed":1,"symmetry":"spiral"}"#,
            r#"{"seed":1,"clues":12}"#,
            r#"{"seed":1,"level":"trivial"}"#,
            r#"{"symmetry":"rot180"}"#,
        ] {
            let options: GenerateOptions = input::options(bad).expect("options");
            let err = generate(&options, frozen()).expect_err(bad);
            assert_eq!(err.kind, Kind::BadOption, "{bad}");
        }
    }

    #[test]
    fn the_time_limit_stops_generation() {
        // A clock that moves one second each time it is read: the deadline passes at once.
        let ticks = Arc::new(AtomicU64::new(0));
        let clock: Arc<dyn Clock> =
            Arc::new(move || Duration::from_secs(ticks.fetch_add(1, Ordering::Relaxed)));
        let options = GenerateOptions {
            seed: Some(1),
            count: Some(5),
            rating: Some(ClueText::Text("9..".into())),
            time_limit: Some(500.0),
            ..GenerateOptions::default()
        };
        let err = generate(&options, clock).expect_err("late");
        assert_eq!(err.kind, Kind::TimeLimit);
    }
}
