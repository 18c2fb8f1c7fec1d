//! Aligned pair and triplet exclusions checked against the unique solution, not only where the
//! solver takes them but in every hard state: along each puzzle's path (with the techniques up
//! to aligned triplets, so the later chains do not hide the states where they matter), every
//! step either finder reports in a state where nothing easier than aligned pairs applies must
//! keep every true candidate.
//!
//! Puzzles: `testdata/sample.txt` always; with the shared data folder (`$SUDOKU_DATA`, else
//! `../shared/data`), all of `top1465.txt` and the first 2000 lines of
//! `sudoku_exchange_diabolical.txt`. Each test prints the states and steps it checked and
//! asserts a floor on them, so a finder that silently stops firing shows up.

mod common;

use common::{grid_from_line, report};
use rayon::prelude::*;
use sudokit::logic::techniques::{AlignedPairExclusion, AlignedTripletExclusion, REGISTRY};
use sudokit::logic::{CandidateGrid, Finder, Ratings, Solver, Technique};
use sudokit::solve::{self, Count};

/// What one puzzle gave: hard states seen, pair and triplet steps checked, wrong steps.
#[derive(Default)]
struct Tally {
    states: usize,
    pairs: usize,
    triplets: usize,
    wrong: Vec<String>,
}

fn check(line: &str) -> Tally {
    let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("not a puzzle line: {line}"));
    assert_eq!(
        solve::count(&puzzle, 2),
        Count::Exact(1),
        "not unique: {line}"
    );
    let solution = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution: {line}"));
    let ratings = Ratings::default();
    let upto = REGISTRY
        .iter()
        .position(|f| f.technique() == Technique::AlignedTripletExclusion)
        .expect("aligned triplets are registered");
    let solver = Solver::new().with_finders(&REGISTRY[..=upto]);
    let mut tally = Tally::default();
    let mut grid = CandidateGrid::from_grid(&puzzle);
    loop {
        let step = solver.next_step(&grid);
        let hard = step.as_ref().is_none_or(|s| s.rating.tenths() >= 62);
        if hard && !grid.is_solved() {
            tally.states += 1;
            let finders: [&dyn Finder; 2] = [&AlignedPairExclusion, &AlignedTripletExclusion];
            for finder in finders {
                for found in finder.all(&grid, &ratings) {
                    match found.technique {
                        Technique::AlignedPairExclusion => tally.pairs += 1,
                        _ => tally.triplets += 1,
                    }
                    if found
                        .eliminations
                        .iter()
                        .any(|&(cell, digit)| solution.get(cell) == Some(digit))
                    {
                        tally.wrong.push(format!("{line}: {found:?} in {grid:?}"));
                    }
                }
            }
        }
        match step {
            Some(step) if grid.apply(&step) => {}
            _ => break,
        }
    }
    tally
}

fn assert_sound(name: &str, lines: &[&str], min_triplets: usize) {
    let tallies: Vec<Tally> = lines.par_iter().map(|line| check(line)).collect();
    let mut total = Tally::default();
    for t in tallies {
        total.states += t.states;
        total.pairs += t.pairs;
        total.triplets += t.triplets;
        total.wrong.extend(t.wrong);
    }
    report(&format!(
        "logic_aligned_soundness {name}: {} puzzles, {} hard states, {} aligned pair and {} \
         aligned triplet steps checked, {} wrong",
        lines.len(),
        total.states,
        total.pairs,
        total.triplets,
        total.wrong.len()
    ));
    assert!(
        total.wrong.is_empty(),
        "wrong steps:\n{}",
        total.wrong.join("\n")
    );
    assert!(
        total.triplets >= min_triplets,
        "{name}: only {} aligned triplet steps, expected at least {min_triplets}",
        total.triplets
    );
}

/// The first `n` puzzle lines of a shared data file, or `None` (after saying so).
fn shared_lines(name: &str, n: usize) -> Option<Vec<String>> {
    let Some(dir) = common::shared_data() else {
        report(&format!(
            "logic_aligned_soundness {name}: skipped, no shared data folder (set SUDOKU_DATA)"
        ));
        return None;
    };
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Some(
        text.lines()
            .map(str::trim)
            .filter(|l| l.len() == 81)
            .take(n)
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn committed_sample_is_sound() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    assert_sound("testdata/sample.txt", &lines, 91);
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_is_sound() {
    if let Some(lines) = shared_lines("top1465.txt", 1465) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(lines.len(), 1465);
        assert_sound("top1465.txt", &lines, 572);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn diabolical_is_sound() {
    if let Some(lines) = shared_lines("sudoku_exchange_diabolical.txt", 2000) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(lines.len(), 2000);
        assert_sound("sudoku_exchange_diabolical.txt (first 2000)", &lines, 3341);
    }
}
