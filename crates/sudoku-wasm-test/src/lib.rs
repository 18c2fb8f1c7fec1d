//! Proof that the engine rates puzzles on `wasm32-unknown-unknown`, where there is no OS and
//! `std::time::Instant::now()` panics: the rater's time limit is measured by a clock passed in,
//! here `performance.now()` from JS.
//!
//! # Overview
//! - [`rate_line`]: rates one puzzle line with the default rater, an optional time limit and
//!   a clock, and answers in one line: `ER/EP/ED`, `gave up: LIMIT` or `error: WHY`.
//! - `rate` (built for `wasm32` only): the same, exported to JS with `wasm-bindgen`, the clock
//!   being `performance.now()`.
//! - `cases.tsv`: puzzles (easy to dynamic forcing chains, and time limits that make the rater
//!   give up) with their native answers. `tests/native.rs` checks them natively;
//!   `tests/node.mjs`, run by `scripts/wasm-test.sh`, checks them in the WebAssembly build under
//!   Node and fails on any difference or panic (a panic is a `RuntimeError: unreachable` there).
//!
//! # Example
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! use sudoku_wasm_test::rate_line;
//! let frozen = Arc::new(|| Duration::from_secs(1));
//! let line = "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6";
//! assert_eq!(rate_line(line, None, frozen.clone()), "2.6/1.2/1.2");
//! assert_eq!(rate_line(line, Some(Duration::ZERO), frozen), "gave up: time limit of 0 ms");
//! ```

use std::sync::Arc;
use std::time::Duration;
use sudokit::budget::{Budget, Clock};
use sudokit::rate::{RateError, Rater};

/// Rates the puzzle `line` with the default techniques, within `time` (none: no limit) by
/// `clock`: `ER/EP/ED`, `gave up: LIMIT` (without the step count, which depends on the speed
/// of the machine) or `error: WHY`.
pub fn rate_line(line: &str, time: Option<Duration>, clock: Arc<dyn Clock>) -> String {
    let puzzle = match sudokit::format::parse(line) {
        Ok(parsed) => parsed.grid,
        Err(err) => return format!("error: {err}"),
    };
    let budget = match time {
        Some(time) => Budget::UNLIMITED.with_time(time),
        None => Budget::UNLIMITED,
    };
    let rater = Rater::new().with_budget(budget).with_clock(&clock);
    match rater.rate(&puzzle) {
        Ok(rated) => rated.rating.se.to_string(),
        Err(RateError::GaveUp { limit, .. }) => format!("gave up: {limit}"),
        Err(err) => format!("error: {err}"),
    }
}

#[cfg(target_arch = "wasm32")]
pub use js::rate;

/// The JS side: `rate(line, timeMs)` with `performance.now()` as the clock.
#[cfg(target_arch = "wasm32")]
mod js {
    use std::sync::Arc;
    use std::time::Duration;
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// `performance.now()`: milliseconds since the page (or Node process) started, never
        /// going back.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    /// The time since the JS clock's origin.
    fn now() -> Duration {
        Duration::try_from_secs_f64(performance_now() / 1000.0).unwrap_or(Duration::ZERO)
    }

    /// Rates `line` within `time_ms` milliseconds (negative or not a number: no limit), by
    /// `performance.now()`; see [`rate_line`](super::rate_line).
    #[wasm_bindgen]
    pub fn rate(line: &str, time_ms: f64) -> String {
        let time = (time_ms >= 0.0)
            .then(|| Duration::try_from_secs_f64(time_ms / 1000.0).ok())
            .flatten();
        super::rate_line(line, time, Arc::new(now))
    }
}
