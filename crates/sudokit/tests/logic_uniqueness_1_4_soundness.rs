//! HoDoKu's uniqueness tests 1-4 (`UniquenessTests1To4`), strict and with missing candidates
//! allowed, checked against real puzzles' solutions: along the default solver's path of each
//! puzzle, every state is given to both forms, and the first [`STEPS_PER_FINDER`] steps each
//! reports must remove only false candidates. Every puzzle has one solution, which the
//! uniqueness tests (and above all the missing-candidates option) assume.
//!
//! Quick tier: the first 12 puzzles of `testdata/sample.txt`. Data tier: the first 60 of
//! `top1465.txt` and the first 40 of `sudoku_exchange_diabolical.txt`.

mod common;

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use sudokit::logic::techniques::UniquenessTests1To4;
use sudokit::logic::{CandidateGrid, Finder, Ratings, Solver, Technique};

/// At most this many steps of each form per state.
const STEPS_PER_FINDER: usize = 40;

static MISSING: UniquenessTests1To4 = UniquenessTests1To4::STRICT.allowing_missing_candidates();

fn assert_sound(label: &str, lines: &[&str]) {
    let finders: [&dyn Finder; 2] = [&UniquenessTests1To4::STRICT, &MISSING];
    common::finders::assert_finders_sound(
        &format!("logic_uniqueness_1_4_soundness {label}"),
        lines,
        &finders,
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
        common::shared_first_lines("logic_uniqueness_1_4_soundness", "top1465.txt", 60)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("top1465.txt (first 60)", &lines);
        // The check above covers every type, each with and without missing candidates.
        let kinds = kinds_along_paths(&lines);
        common::report(&format!(
            "logic_uniqueness_1_4_soundness top1465.txt (first 60): (technique, needs the option) -> steps {kinds:?}"
        ));
        for technique in MISSING.techniques() {
            for needs_option in [false, true] {
                assert!(
                    kinds
                        .get(&(*technique, needs_option))
                        .is_some_and(|&n| n > 0),
                    "no {technique:?} step (needs the option: {needs_option}) was checked"
                );
            }
        }
    }
}

/// Along the same paths, the first [`STEPS_PER_FINDER`] steps of the option's form per state,
/// counted by technique and by whether the strict form lacks them.
fn kinds_along_paths(lines: &[&str]) -> BTreeMap<(Technique, bool), usize> {
    let ratings = Ratings::default();
    let mut kinds = BTreeMap::new();
    for line in lines {
        let puzzle = common::grid_from_line(line).expect("a puzzle line");
        let mut grid = CandidateGrid::from_grid(&puzzle);
        let path = Solver::new().solve(&grid);
        for next in &path.steps {
            let strict = UniquenessTests1To4::STRICT.all(&grid, &ratings);
            let mut steps = Vec::new();
            let _ = MISSING.find(&grid, &ratings, &mut |step| {
                steps.push(step);
                if steps.len() < STEPS_PER_FINDER {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            for step in steps {
                let needs_option = !strict
                    .iter()
                    .any(|s| s.eliminations == step.eliminations && s.cells == step.cells);
                *kinds.entry((step.technique, needs_option)).or_insert(0) += 1;
            }
            grid.apply(next);
        }
    }
    kinds
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn sudoku_exchange_diabolical_is_sound() {
    if let Some((lines, _)) = common::shared_first_lines(
        "logic_uniqueness_1_4_soundness",
        "sudoku_exchange_diabolical.txt",
        40,
    ) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound("sudoku_exchange_diabolical.txt (first 40)", &lines);
    }
}
