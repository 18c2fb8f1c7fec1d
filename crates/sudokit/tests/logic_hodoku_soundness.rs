//! The HoDoKu techniques Sudoku Explainer lacks (`techniques::FISH_COLORING_UNIQUENESS`: fish,
//! coloring, uniqueness) checked against real puzzles' solutions: along the default solver's
//! path of each puzzle, every state is given to every one of those finders, and the first
//! [`STEPS_PER_FINDER`] steps each reports (not only the first) must place only true digits and remove only false
//! candidates. The uniqueness finders run too, as every puzzle here has one solution.
//!
//! Quick tier: the first 12 puzzles of `testdata/sample.txt` (15 s in debug). Data tier: the
//! first 60 of `top1465.txt` and the first 40 of `sudoku_exchange_diabolical.txt` (every line
//! with `SUDOKU_SOUNDNESS_ALL=1`; run that with `--release`).

mod common;

use sudokit::logic::techniques::{HiddenRectangle, UniquenessType6, FISH_COLORING_UNIQUENESS};
use sudokit::logic::Finder;

/// At most this many steps of each finder per state: Franken and mutant fish finders report
/// thousands of fish on an early state (8.2 million steps on the first 12 sample puzzles),
/// so each is cut after its first steps in search order.
const STEPS_PER_FINDER: usize = 40;

/// The finders under test: the list, and the uniqueness finders with missing candidates.
fn finders() -> Vec<&'static dyn Finder> {
    static UT6: UniquenessType6 = UniquenessType6::STRICT.allowing_missing_candidates();
    static HR: HiddenRectangle = HiddenRectangle::STRICT.allowing_missing_candidates();
    let mut out: Vec<&'static dyn Finder> = FISH_COLORING_UNIQUENESS.to_vec();
    out.push(&UT6);
    out.push(&HR);
    out
}

fn assert_sound(label: &str, lines: &[&str]) {
    common::finders::assert_finders_sound(
        &format!("logic_hodoku_soundness {label}"),
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
        common::shared_first_lines("logic_hodoku_soundness", "top1465.txt", 60)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 60)", &lines);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some((lines, _)) = common::shared_first_lines(
        "logic_hodoku_soundness",
        "sudoku_exchange_diabolical.txt",
        40,
    ) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 40)", &lines);
    }
}
