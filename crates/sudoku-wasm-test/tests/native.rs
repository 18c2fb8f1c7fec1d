//! The cases of `cases.tsv` rated natively: the answers the WebAssembly build must give too.
//!
//! Time limits are measured by a clock that moves one millisecond each time it is read, so the
//! cases that give up do so on every machine (in the WebAssembly run the clock is
//! `performance.now()`, and the puzzles with a time limit take far longer than it).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use sudoku_wasm_test::rate_line;

/// `(puzzle, time limit, expected answer)` for each case line.
fn cases() -> Vec<(&'static str, Option<Duration>, &'static str)> {
    include_str!("../cases.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "three fields in {line:?}");
            let time = match fields[1] {
                "-" => None,
                ms => Some(Duration::from_millis(ms.parse().expect("milliseconds"))),
            };
            (fields[0], time, fields[2])
        })
        .collect()
}

#[test]
fn every_case_rates_natively_as_the_table_says() {
    let cases = cases();
    assert!(cases.len() >= 6);
    assert!(cases.iter().any(|c| c.2.starts_with("gave up")));
    for (puzzle, time, expected) in cases {
        let ticks = Arc::new(AtomicU64::new(0));
        let clock = Arc::new(move || Duration::from_millis(ticks.fetch_add(1, Ordering::Relaxed)));
        assert_eq!(
            rate_line(puzzle, time, clock),
            expected,
            "{puzzle} within {time:?}"
        );
    }
}
