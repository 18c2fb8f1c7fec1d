//! Uniqueness test 5, avoidable rectangles, Sue de Coq and death blossom (human mode's HoDoKu
//! techniques of this file's family) checked against real puzzles' solutions: along the default solver's path of
//! each puzzle, every state is given to each finder (uniqueness test 5 also with missing
//! candidates allowed), and the first [`STEPS_PER_FINDER`] steps each reports (not only the
//! first) must remove only false candidates. Every puzzle here has one solution, as the
//! uniqueness tests assume. Along the path the digits the solver placed are known as placed
//! (not givens), which the avoidable rectangles need.
//!
//! Quick tier: the first 12 puzzles of `testdata/sample.txt` (15 s in debug). Data tier: the
//! first 60 of `top1465.txt` and the first 40 of `sudoku_exchange_diabolical.txt` (every line
//! with `SUDOKU_SOUNDNESS_ALL=1`; run that with `--release`).

mod common;

use common::{grid_from_line, report};
use rayon::prelude::*;
use std::ops::ControlFlow;
use sudokit::logic::techniques::{AvoidableRectangle, DeathBlossom, SueDeCoq, UniquenessType5};
use sudokit::logic::{CandidateGrid, Finder, Ratings, Solver};
use sudokit::solve::{self, Count};
use sudokit::Grid;

/// At most this many steps of each finder per state: on an early state a finder may report
/// hundreds, so each is cut after its first steps in search order.
const STEPS_PER_FINDER: usize = 40;

/// The finders under test.
fn finders() -> Vec<&'static dyn Finder> {
    static UT5: UniquenessType5 = UniquenessType5::STRICT.allowing_missing_candidates();
    vec![
        &UniquenessType5::STRICT,
        &UT5,
        &AvoidableRectangle::TYPE_1,
        &AvoidableRectangle::TYPE_2,
        &SueDeCoq,
        &DeathBlossom,
    ]
}

/// (states checked, steps checked, wrong steps) for one puzzle.
fn check(line: &str) -> (usize, usize, Vec<String>) {
    let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("not a puzzle line: {line}"));
    assert_eq!(
        solve::count(&puzzle, 2),
        Count::Exact(1),
        "not unique: {line}"
    );
    let solution: Grid = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution: {line}"));
    let start = CandidateGrid::from_grid(&puzzle);
    let path = Solver::new().solve(&start);
    let ratings = Ratings::default();
    let finders = finders();
    let (mut states, mut steps, mut wrong) = (0, 0, Vec::new());
    let mut grid = start;
    for (n, next) in path.steps.iter().enumerate() {
        states += 1;
        for finder in &finders {
            let mut found = Vec::new();
            let _ = finder.find(&grid, &ratings, &mut |step| {
                found.push(step);
                if found.len() < STEPS_PER_FINDER {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            for step in found {
                steps += 1;
                let bad_place = step
                    .placements
                    .iter()
                    .any(|&(cell, digit)| solution.get(cell) != Some(digit));
                let bad_elim = step
                    .eliminations
                    .iter()
                    .any(|&(cell, digit)| solution.get(cell) == Some(digit));
                if bad_place || bad_elim {
                    wrong.push(format!("{line} before step {}: {step:?}", n + 1));
                }
            }
        }
        grid.apply(next);
    }
    (states, steps, wrong)
}

fn assert_sound(name: &str, lines: &[&str]) {
    let results: Vec<_> = lines.par_iter().map(|line| check(line)).collect();
    let (mut states, mut steps, mut wrong) = (0, 0, Vec::new());
    for (s, n, w) in results {
        states += s;
        steps += n;
        wrong.extend(w);
    }
    report(&format!(
        "logic_uniqueness_soundness {name}: {} puzzles, {states} states, {steps} steps checked, {} \
         wrong",
        lines.len(),
        wrong.len()
    ));
    assert!(wrong.is_empty(), "wrong steps:\n{}", wrong.join("\n"));
    assert!(steps > 0, "{name}: no step at all was checked");
}

#[test]
fn committed_sample_is_sound() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(12).collect();
    assert_eq!(lines.len(), 12);
    assert_sound("testdata/sample.txt (first 12)", &lines);
}

/// The first `n` puzzle lines of a shared data file (all with `SUDOKU_SOUNDNESS_ALL`).
fn first_lines(name: &str, n: usize) -> Option<Vec<String>> {
    let Some(dir) = common::shared_data() else {
        report(&format!(
            "logic_uniqueness_soundness {name}: skipped, no shared data folder (set SUDOKU_DATA)"
        ));
        return None;
    };
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let all = std::env::var_os("SUDOKU_SOUNDNESS_ALL").is_some();
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81)
        .take(if all { usize::MAX } else { n })
        .map(str::to_string)
        .collect();
    assert!(all || lines.len() == n, "{name} has fewer than {n} puzzles");
    Some(lines)
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_is_sound() {
    if let Some(lines) = first_lines("top1465.txt", 60) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 60)", &lines);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some(lines) = first_lines("sudoku_exchange_diabolical.txt", 40) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 40)", &lines);
    }
}
