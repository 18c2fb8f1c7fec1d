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

use sudokit::logic::techniques::{AlsXyWingOverlapping, GroupedNiceLoop};
use sudokit::logic::Finder;

const FINDERS: &[&dyn Finder] = &[
    &GroupedNiceLoop::PLAIN,
    &GroupedNiceLoop::ALS,
    &AlsXyWingOverlapping,
];

fn assert_sound(label: &str, lines: &[&str]) {
    common::finders::assert_finders_sound(
        &format!("logic_chains_soundness {label}"),
        lines,
        FINDERS,
        usize::MAX,
    );
}

#[test]
fn committed_sample_is_sound() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(3).collect();
    assert_eq!(lines.len(), 3);
    assert_sound("testdata/sample.txt (first 3)", &lines);
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_is_sound() {
    if let Some((lines, _)) =
        common::shared_first_lines("logic_chains_soundness", "top1465.txt", 20)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 20)", &lines);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some((lines, _)) = common::shared_first_lines(
        "logic_chains_soundness",
        "sudoku_exchange_diabolical.txt",
        20,
    ) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 20)", &lines);
    }
}
