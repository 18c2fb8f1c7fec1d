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

use sudokit::logic::techniques::{AvoidableRectangle, DeathBlossom, SueDeCoq, UniquenessType5};
use sudokit::logic::Finder;

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

fn assert_sound(label: &str, lines: &[&str]) {
    common::finders::assert_finders_sound(
        &format!("logic_uniqueness_soundness {label}"),
        lines,
        &finders(),
        STEPS_PER_FINDER,
    );
}

#[test]
fn committed_sample_is_sound() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(12).collect();
    assert_eq!(lines.len(), 12);
    assert_sound("testdata/sample.txt (first 12)", &lines);
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_is_sound() {
    if let Some((lines, _)) =
        common::shared_first_lines("logic_uniqueness_soundness", "top1465.txt", 60)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 60)", &lines);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some((lines, _)) = common::shared_first_lines(
        "logic_uniqueness_soundness",
        "sudoku_exchange_diabolical.txt",
        40,
    ) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 40)", &lines);
    }
}
