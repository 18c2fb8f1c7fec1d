//! Fuzz target `pencilmarks`: arbitrary text read as a pencilmark state, then hinted and
//! explained under a small budget.
//!
//! The bytes are read as lossy UTF-8 and given to both readers of a candidate state:
//! `CandidateGrid::from_candidate_str` (729 characters, one per cell and digit) and
//! `CandidateGrid::from_pencilmark_grid` (a pasted grid of candidate lists). Neither may panic.
//! For every state that parses:
//! - `Rater::next_step` (the hint) under a budget of a few milliseconds and steps never panics,
//!   nor does rendering its step as English;
//! - when the state is consistent with a unique solution (`check_proper`: the placed digits keep
//!   the rules and have exactly one solution, and every empty cell still has that solution's
//!   digit as a candidate), the hint's step and every step of the explained path
//!   (`Rater::rate_state`, the same budget) places only that solution's digits and eliminates
//!   none of them; and applying the steps in turn leaves the solution possible.
//!
//! A state that is not consistent (contradictory candidates, several solutions) may get any
//! step or none; only "no panic" is checked there.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::Arc;
use std::time::Duration;
use sudokit::budget::Clock;
use sudokit::logic::{explain, CandidateGrid, Step};
use sudokit::rate::{check_proper, Budget, Rater};
use sudokit::{solve, Grid};

/// Time for each hint or explanation: small, so that a chain search on a hard state is cut
/// short (polled deadline) rather than slowing the fuzzer down.
const TIME: Duration = Duration::from_millis(20);
/// Steps an explanation may take.
const STEPS: usize = 40;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut states = Vec::new();
    match CandidateGrid::from_candidate_str(&text) {
        Ok(state) => states.push(state),
        Err(e) => {
            let _ = e.to_string();
        }
    }
    match CandidateGrid::from_pencilmark_grid(&text) {
        Ok(state) => states.push(state),
        Err(e) => {
            let _ = e.to_string();
        }
    }
    // The library never reads the time: the wall clock is ours to pass (without one, a time
    // limit counts as reached and nothing would be searched).
    let origin = std::time::Instant::now();
    let clock: Arc<dyn Clock> = Arc::new(move || origin.elapsed());
    let rater = Rater::new()
        .with_budget(Budget::UNLIMITED.with_time(TIME).with_steps(STEPS))
        .with_clock(&clock);
    for state in &states {
        check_state(&rater, state);
    }
});

fn check_state(rater: &Rater<'_>, state: &CandidateGrid) {
    let solution = match check_proper(state) {
        Ok(()) => match solve::solve(&state.to_grid()) {
            Some(solution) => Some(solution),
            None => panic!("check_proper accepted {state:?}, which has no solution"),
        },
        Err(_) => None,
    };

    if let Ok(Some(step)) = rater.next_step(state) {
        let _ = explain::english(&step);
        if let Some(solution) = &solution {
            assert_sound(&step, solution, state, "hint");
        }
    }

    let Some(solution) = solution else {
        // Not proper: the rater refuses it (never panics).
        let _ = rater.rate_state(state);
        return;
    };
    let Ok(rated) = rater.rate_state(state) else {
        return; // out of budget
    };
    let mut walked = state.clone();
    for step in &rated.path.steps {
        let _ = explain::english(step);
        assert_sound(step, &solution, &walked, "explanation");
        walked.apply(step);
    }
}

/// The step places only digits of `solution` and removes none of them from `state`.
fn assert_sound(step: &Step, solution: &Grid, state: &CandidateGrid, what: &str) {
    for &(cell, digit) in &step.placements {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "{what}: {step:?} places a wrong digit in {state:?}"
        );
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(
            solution.get(cell),
            Some(digit),
            "{what}: {step:?} eliminates the solution's digit in {state:?}"
        );
    }
}
