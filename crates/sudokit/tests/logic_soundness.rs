//! Every step of the human-style solver checked against the puzzle's unique solution: no digit
//! placed where the solution has another, no candidate eliminated that the solution needs.
//!
//! Puzzles: `testdata/sample.txt` (301 proper puzzles from every shared set) always, and, when
//! the shared data folder is present (`$SUDOKU_DATA`, else the repository's sibling
//! `shared/data`), the first 1000 lines of `17_clue.txt`, all of `top1465.txt` and the first
//! 2000 of `sudoku_exchange_diabolical.txt` (every line of each with `SUDOKU_SOUNDNESS_ALL=1`).
//! The solver is the default registry (no nested forcing chains). Each test prints how many
//! puzzles it solves to the end (the rest end "stuck": in the sample, puzzles of the forum's
//! hardest lists that need nested chains) and asserts zero wrong steps, plus a floor on the
//! solved count (every puzzle of the shared sets) so that a technique silently lost shows up.

mod common;

use common::report;

use common::grid_from_line;
use rayon::prelude::*;
use sudokit::logic::{CandidateGrid, Outcome, Ratings, Solver};
use sudokit::solve::{self, Count};
use sudokit::Grid;

/// What one set of puzzles gave.
#[derive(Default)]
struct Summary {
    puzzles: usize,
    solved: usize,
    steps: usize,
    /// One line per wrong step (or wrong final grid).
    wrong: Vec<String>,
}

/// Solves `puzzle` step by step and checks every step against its unique solution.
fn check(line: &str) -> (bool, usize, Vec<String>) {
    let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("not a puzzle line: {line}"));
    assert_eq!(
        solve::count(&puzzle, 2),
        Count::Exact(1),
        "not unique: {line}"
    );
    let solution: Grid = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution: {line}"));
    let path = Solver::new().solve(&CandidateGrid::from_grid(&puzzle));
    let mut wrong = Vec::new();
    for (n, step) in path.steps.iter().enumerate() {
        let bad_place = step
            .placements
            .iter()
            .any(|&(cell, digit)| solution.get(cell) != Some(digit));
        let bad_elim = step
            .eliminations
            .iter()
            .any(|&(cell, digit)| solution.get(cell) == Some(digit));
        if bad_place || bad_elim {
            wrong.push(format!("{line} step {}: {step:?}", n + 1));
        }
    }
    // The end state must still agree with the solution: placed digits right, true candidates
    // present.
    for cell in sudokit::Cell::all() {
        let ok = match path.grid.value(cell) {
            Some(digit) => solution.get(cell) == Some(digit),
            None => solution
                .get(cell)
                .is_some_and(|d| path.grid.candidates(cell).contains(d)),
        };
        if !ok {
            wrong.push(format!("{line}: final state disagrees at {cell}"));
        }
    }
    (path.outcome == Outcome::Solved, path.steps.len(), wrong)
}

fn check_all(lines: &[&str]) -> Summary {
    let results: Vec<_> = lines.par_iter().map(|line| check(line)).collect();
    let mut summary = Summary::default();
    for (solved, steps, wrong) in results {
        summary.puzzles += 1;
        summary.solved += usize::from(solved);
        summary.steps += steps;
        summary.wrong.extend(wrong);
    }
    summary
}

fn assert_sound(name: &str, lines: &[&str], min_solved: usize) {
    let summary = check_all(lines);
    report(&format!(
        "logic_soundness {name}: {} puzzles, {} solved by the current techniques, {} steps \
         checked, {} wrong",
        summary.puzzles,
        summary.solved,
        summary.steps,
        summary.wrong.len()
    ));
    assert!(
        summary.wrong.is_empty(),
        "wrong steps:\n{}",
        summary.wrong.join("\n")
    );
    assert!(
        summary.solved >= min_solved,
        "{name}: only {} solved, expected at least {min_solved}",
        summary.solved
    );
}

#[test]
fn committed_sample_is_sound() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    assert_eq!(lines.len(), 301);
    assert_sound("testdata/sample.txt", &lines, 209);
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn seventeen_clue_puzzles_are_sound() {
    if let Some((lines, title)) = common::shared_first_lines("logic_soundness", "17_clue.txt", 1000)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound(&title, &lines, lines.len());
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_puzzles_are_sound() {
    if let Some((lines, title)) = common::shared_first_lines("logic_soundness", "top1465.txt", 1465)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound(&title, &lines, lines.len());
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn diabolical_puzzles_are_sound() {
    if let Some((lines, title)) =
        common::shared_first_lines("logic_soundness", "sudoku_exchange_diabolical.txt", 2000)
    {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_sound(&title, &lines, lines.len());
    }
}

/// Unique loops and BUG assume the puzzle has one solution; on a puzzle with several, the
/// solver must never take such a step, even where the finders see a pattern. Puzzles: every
/// line of `testdata/counts.txt` with two or more solutions (tdoku's multi-solution tests,
/// serg_benchmark lines, a unique rectangle blanked out of a full grid, ...).
#[test]
fn several_solutions_never_get_a_uniqueness_step() {
    use sudokit::logic::techniques::REGISTRY;
    use sudokit::logic::Finder;
    let text = common::read_testdata("counts.txt");
    let ratings = Ratings::default();
    let solver = Solver::new();
    let uniqueness: Vec<&dyn Finder> = REGISTRY
        .iter()
        .copied()
        .filter(|f| f.assumes_unique_solution())
        .collect();
    assert!(uniqueness.len() >= 2, "unique loops and BUG are registered");
    let (mut puzzles, mut refused) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split(':');
        let (Some(puzzle), Some(count)) = (fields.next(), fields.next()) else {
            continue;
        };
        let several = count
            .trim_start_matches(">=")
            .parse::<u64>()
            .is_ok_and(|n| n >= 2);
        let Some(puzzle) = grid_from_line(puzzle).filter(|_| several) else {
            continue;
        };
        puzzles += 1;
        let mut grid = CandidateGrid::from_grid(&puzzle);
        while let Some(step) = solver.next_step(&grid) {
            // Where a uniqueness finder has a step, the solver must have taken something else.
            if uniqueness
                .iter()
                .any(|f| f.first(&grid, &ratings).is_some())
            {
                refused += 1;
            }
            assert!(
                !uniqueness
                    .iter()
                    .any(|f| f.techniques().contains(&step.technique)),
                "{line}: uniqueness step {step:?} on a puzzle with several solutions"
            );
            if !grid.apply(&step) {
                break;
            }
        }
    }
    report(&format!(
        "logic_soundness counts.txt: {puzzles} puzzles with several solutions, {refused} states \
         where a uniqueness pattern was seen and not used"
    ));
    assert!(
        puzzles >= 20,
        "only {puzzles} puzzles with several solutions"
    );
    assert!(
        refused > 0,
        "no uniqueness pattern met: the check is not exercised"
    );
}
