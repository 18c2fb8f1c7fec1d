//! Human mode's chain finders (grouped nice loops and AICs, ALS chains, and the ALS-XY-Wing with
//! overlapping sets) checked against real puzzles' solutions: along Sudoku Explainer's path of
//! each puzzle, every state is given to each finder, and every step it reports must remove
//! only false candidates (and place only true digits). Unlike the other finders these report
//! one step per set of eliminations, so all of them are checked.
//!
//! Quick tier: the first 3 puzzles of `testdata/sample.txt`. Data tier: the first 20 of
//! `top1465.txt` and of `sudoku_exchange_diabolical.txt` (every line with
//! `SUDOKU_SOUNDNESS_ALL=1`; run that with `--release`).

mod common;

use common::{grid_from_line, report};
use rayon::prelude::*;
use sudokit::logic::techniques::{AlsXyWingOverlapping, GroupedNiceLoop};
use sudokit::logic::{CandidateGrid, Finder, Ratings, Solver};
use sudokit::solve;
use sudokit::Grid;

const FINDERS: &[&dyn Finder] = &[
    &GroupedNiceLoop::PLAIN,
    &GroupedNiceLoop::ALS,
    &AlsXyWingOverlapping,
];

/// (states checked, steps checked, wrong steps) for one puzzle.
fn check(line: &str) -> (usize, usize, Vec<String>) {
    let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("not a puzzle line: {line}"));
    let solution: Grid = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution: {line}"));
    let start = CandidateGrid::from_grid(&puzzle);
    let path = Solver::new().solve(&start);
    let ratings = Ratings::default();
    let (mut states, mut steps, mut wrong) = (0, 0, Vec::new());
    let mut grid = start;
    for (n, next) in path.steps.iter().enumerate() {
        states += 1;
        for finder in FINDERS {
            for step in finder.all(&grid, &ratings) {
                steps += 1;
                let bad = step
                    .placements
                    .iter()
                    .any(|&(cell, digit)| solution.get(cell) != Some(digit))
                    || step
                        .eliminations
                        .iter()
                        .any(|&(cell, digit)| solution.get(cell) == Some(digit));
                if bad {
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
        "logic_chains_soundness {name}: {} puzzles, {states} states, {steps} steps checked, {} \
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
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(3).collect();
    assert_eq!(lines.len(), 3);
    assert_sound("testdata/sample.txt (first 3)", &lines);
}

/// The first `n` puzzle lines of a shared data file (all with `SUDOKU_SOUNDNESS_ALL`).
fn first_lines(name: &str, n: usize) -> Option<Vec<String>> {
    let Some(dir) = common::shared_data() else {
        common::skip(&format!(
            "logic_chains_soundness {name}: no shared data folder"
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
    if let Some(lines) = first_lines("top1465.txt", 20) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 20)", &lines);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some(lines) = first_lines("sudoku_exchange_diabolical.txt", 20) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 20)", &lines);
    }
}
