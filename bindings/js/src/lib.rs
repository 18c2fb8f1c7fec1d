//! The sudokit engine for JavaScript: the functions of the npm package `sudokit`, built to
//! WebAssembly with `wasm-bindgen`, answering in the JSON shapes of the HTTP API.
//!
//! # Overview
//! The JS side (`bindings/js/npm/`) calls two exports: [`call`] (one puzzle) and
//! [`call_many`] (a batch), each with a function name, puzzle text and the options object as
//! JSON text, and gets back JSON text: `{"ok": ANSWER}` or `{"error": FAILURE}`, which it
//! turns into a plain object or a thrown `Error`. Crossing the boundary as JSON keeps the
//! answers byte-for-byte those of the server's endpoints and the glue small.
//!
//! - [`exact`]: `solve`, `count`, `check`, `canon` (the exact solver, a guess budget).
//! - [`logic`]: `hint`, `explain` (the human-style solver under a [`Guard`] with a time limit).
//! - [`rating`]: `rate` (the [`Rater`](sudokit::rate::Rater) with a time limit).
//! - [`generating`]: `generate` (seeded; the time limit checked after each candidate).
//! - [`error`]: [`Failure`], the error as JS sees it: `kind`, the HTTP API's `code`, `message`,
//!   and `line`/`column` or `cells`.
//!
//! The library never reads the time: every time limit is measured by a [`Clock`] passed in,
//! on wasm32 `performance.now()` (where `std::time::Instant` panics).
//!
//! [`Guard`]: sudokit::budget::Guard
//!
//! # Example
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! let clock = Arc::new(|| Duration::ZERO);
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let answer = sudokit_js::call("count", line, "{}", clock.clone());
//! assert_eq!(answer, r#"{"ok":{"count":1,"exact":true,"limit":2,"guesses":0}}"#);
//! let answer = sudokit_js::call("solve", "12x", "{}", clock);
//! assert!(answer.starts_with(r#"{"error":{"kind":"invalid_puzzle","code":"bad_puzzle""#));
//! ```

pub mod error;
pub mod exact;
pub mod generating;
pub mod input;
pub mod logic;
pub mod rating;

use error::Failure;
use serde::Serialize;
use std::sync::Arc;
use sudokit::budget::Clock;

/// The JSON envelope of one answer.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Envelope<T> {
    Ok(T),
    Error(Failure),
}

impl<T> From<Result<T, Failure>> for Envelope<T> {
    fn from(result: Result<T, Failure>) -> Self {
        match result {
            Ok(answer) => Envelope::Ok(answer),
            Err(failure) => Envelope::Error(failure),
        }
    }
}

/// One item of a batch's answer: the answer itself, or `{"error": FAILURE}` in its place.
#[derive(Serialize)]
#[serde(untagged)]
enum Item<T> {
    Ok(T),
    Error { error: Failure },
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|err| {
        format!(
            r#"{{"error":{{"kind":"internal","code":"internal","message":{:?}}}}}"#,
            err.to_string()
        )
    })
}

/// Runs `function` (`solve`, `count`, `check`, `hint`, `explain`, `rate`, `canon`,
/// `generate`) on `puzzle` (ignored by `generate`) with `options` (a JSON object; empty text
/// reads as `{}`), time limits measured by `clock`: `{"ok": ANSWER}` or `{"error": FAILURE}`.
pub fn call(function: &str, puzzle: &str, options: &str, clock: Arc<dyn Clock>) -> String {
    fn env<T: Serialize>(result: Result<T, Failure>) -> String {
        to_json(&Envelope::from(result))
    }
    let opts = options;
    match function {
        "solve" => env(input::options(opts).and_then(|o| exact::solve(puzzle, &o))),
        "count" => env(input::options(opts).and_then(|o| exact::count(puzzle, &o))),
        "check" => env(input::options(opts).and_then(|o| exact::check(puzzle, &o))),
        "canon" => env(exact::canon(puzzle)),
        "hint" => env(input::options(opts).and_then(|o| logic::hint(puzzle, &o, clock))),
        "explain" => env(input::options(opts).and_then(|o| logic::explain(puzzle, &o, clock))),
        "rate" => env(input::options(opts).and_then(|o| rating::rate(puzzle, &o, clock))),
        "generate" => env(input::options(opts).and_then(|o| generating::generate(&o, clock))),
        other => env::<()>(Err(Failure::option(format!("no function {other:?}")))),
    }
}

/// Runs `function` (`solve`, `count` or `rate`) on each of `puzzles` with the same `options`:
/// `{"ok": [ITEM, ...]}` in input order, each item the answer of [`call`] or
/// `{"error": FAILURE}` for that puzzle alone; a bad option fails the whole call.
pub fn call_many(
    function: &str,
    puzzles: &[String],
    options: &str,
    clock: Arc<dyn Clock>,
) -> String {
    fn each<T: Serialize>(
        puzzles: &[String],
        mut one: impl FnMut(&str) -> Result<T, Failure>,
    ) -> Result<Vec<Item<T>>, Failure> {
        Ok(puzzles
            .iter()
            .map(|puzzle| match one(puzzle) {
                Ok(answer) => Item::Ok(answer),
                Err(error) => Item::Error { error },
            })
            .collect())
    }
    fn env<T: Serialize>(result: Result<Vec<Item<T>>, Failure>) -> String {
        to_json(&Envelope::from(result))
    }
    let opts = options;
    match function {
        "solve" => env(input::options(opts)
            .and_then(|o: exact::SearchOptions| each(puzzles, |p| exact::solve(p, &o)))),
        "count" => env(input::options(opts).and_then(|o: exact::CountOptions| {
            o.limit()?;
            each(puzzles, |p| exact::count(p, &o))
        })),
        "rate" => env(input::options(opts).and_then(|o: rating::RateOptions| {
            input::time_limit(o.time_limit)?;
            each(puzzles, |p| rating::rate(p, &o, clock.clone()))
        })),
        other => env::<()>(Err(Failure::option(format!("no batch function {other:?}")))),
    }
}

#[cfg(target_arch = "wasm32")]
pub use js::{call_js, call_many_js};

/// The wasm exports, with `performance.now()` as the clock.
#[cfg(target_arch = "wasm32")]
mod js {
    use std::sync::Arc;
    use std::time::Duration;
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// `performance.now()`: milliseconds since the page (or Node process, or worker)
        /// started, never going back.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    /// The time since the JS clock's origin.
    fn now() -> Duration {
        Duration::try_from_secs_f64(performance_now() / 1000.0).unwrap_or(Duration::ZERO)
    }

    /// [`call`](super::call) for JS.
    #[wasm_bindgen(js_name = call)]
    pub fn call_js(function: &str, puzzle: &str, options: &str) -> String {
        super::call(function, puzzle, options, Arc::new(now))
    }

    /// [`call_many`](super::call_many) for JS.
    #[wasm_bindgen(js_name = callMany)]
    pub fn call_many_js(function: &str, puzzles: Vec<String>, options: &str) -> String {
        super::call_many(function, &puzzles, options, Arc::new(now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn frozen() -> Arc<dyn Clock> {
        Arc::new(|| Duration::ZERO)
    }

    #[test]
    fn a_batch_keeps_order_and_puts_errors_in_place() {
        let puzzles = [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "12x",
            "",
        ]
        .map(String::from);
        let answer: serde_json::Value =
            serde_json::from_str(&call_many("solve", &puzzles, "{}", frozen())).expect("JSON");
        let items = answer["ok"].as_array().expect("an array");
        assert_eq!(items.len(), 3);
        assert_eq!(items[0]["status"], "unique");
        assert_eq!(items[1]["error"]["kind"], "invalid_puzzle");
        assert_eq!(items[1]["error"]["column"], 3);
        assert_eq!(items[2]["error"]["kind"], "invalid_puzzle");
        let bad = call_many("solve", &puzzles, r#"{"limit": 3}"#, frozen());
        assert!(bad.starts_with(r#"{"error":{"kind":"bad_option""#), "{bad}");
        let bad = call_many("count", &puzzles, r#"{"limit": 0}"#, frozen());
        assert!(bad.starts_with(r#"{"error":{"kind":"bad_option""#), "{bad}");
        let bad = call_many("rate", &puzzles, r#"{"timeLimit": -5}"#, frozen());
        assert!(bad.starts_with(r#"{"error":{"kind":"bad_option""#), "{bad}");
        let unknown = call("sovle", "", "{}", frozen());
        assert!(unknown.contains(r#""kind":"bad_option""#), "{unknown}");
    }
}
