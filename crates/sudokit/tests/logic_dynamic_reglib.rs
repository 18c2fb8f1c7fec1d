//! Nishio and dynamic forcing chains on HoDoKu's regression library positions: HoDoKu has no
//! cases for its forcing chains and nets (codes 1301-1304 are empty headers), so these positions
//! serve as a soundness check from states SE's own path would not reach. On every position,
//! every step the Nishio and dynamic finders list must agree with the puzzle's unique solution.
//!
//! Positions: `testdata/reglib_sample.txt` and `testdata/reglib_chains_sample.txt` always; the
//! whole library (`techniques/reglib-1.3.txt` in the shared data folder) when
//! `SUDOKU_REGLIB_DYNAMIC_ALL=1` is set (a release run: it takes minutes in a debug build).

mod common;

use common::{read_testdata, report};
use rayon::prelude::*;
use sudokit::format::tool::ReglibCase;
use sudokit::logic::techniques::{DynamicForcingChains, NishioForcingChains};
use sudokit::logic::{Finder, Ratings};
use sudokit::solve;

/// Checks every listed step on every position of `text`; returns (positions, steps checked).
fn check(text: &str) -> (usize, usize) {
    let cases: Vec<ReglibCase> = text
        .lines()
        .filter(|l| l.starts_with(':'))
        .filter_map(|l| ReglibCase::parse(l).ok())
        .collect();
    let finders: [&dyn Finder; 2] = [&NishioForcingChains, &DynamicForcingChains::PLAIN];
    let results: Vec<(usize, Vec<String>)> = cases
        .par_iter()
        .map(|case| {
            let grid = case.grid();
            let Some(solution) = solve::solve(&grid.to_grid()) else {
                return (0, Vec::new());
            };
            // Only positions whose candidates still allow the solution.
            let consistent = sudokit::Cell::all().all(|cell| {
                let digit = solution.get(cell);
                grid.value(cell) == digit
                    || digit.is_some_and(|d| grid.candidates(cell).contains(d))
            });
            if !consistent {
                return (0, Vec::new());
            }
            let ratings = Ratings::default();
            let mut steps = 0;
            let mut wrong = Vec::new();
            for finder in finders {
                for step in finder.all(&grid, &ratings) {
                    steps += 1;
                    let bad = step
                        .placements
                        .iter()
                        .any(|&(c, d)| solution.get(c) != Some(d))
                        || step
                            .eliminations
                            .iter()
                            .any(|&(c, d)| solution.get(c) == Some(d));
                    if bad {
                        wrong.push(format!("{}: {step:?}", case.code));
                    }
                }
            }
            (steps, wrong)
        })
        .collect();
    let steps = results.iter().map(|(n, _)| n).sum();
    let wrong: Vec<&String> = results.iter().flat_map(|(_, w)| w).collect();
    assert!(wrong.is_empty(), "{} wrong steps: {wrong:#?}", wrong.len());
    (cases.len(), steps)
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn dynamic_steps_on_reglib_positions_are_sound() {
    let mut text = read_testdata("reglib_sample.txt");
    text.push_str(&read_testdata("reglib_chains_sample.txt"));
    let (positions, steps) = check(&text);
    report(&format!(
        "logic_dynamic_reglib: {positions} sample positions, {steps} steps, all sound"
    ));
    // What was measured when the test was last updated: a finder that stops listing steps
    // shows up.
    assert!(
        positions == 104 && steps >= 7366,
        "{positions} positions, {steps} steps"
    );
    if std::env::var_os("SUDOKU_REGLIB_DYNAMIC_ALL").is_none() {
        return;
    }
    let Some(text) = common::read_shared("logic_dynamic_reglib", "techniques/reglib-1.3.txt")
    else {
        return;
    };
    let (positions, steps) = check(&text);
    report(&format!(
        "logic_dynamic_reglib: {positions} library positions, {steps} steps, all sound"
    ));
}
