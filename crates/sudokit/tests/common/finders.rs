//! Soundness of finders along real solving paths, shared by the tests of the HoDoKu techniques.

use super::{grid_from_line, report};
use rayon::prelude::*;
use std::ops::ControlFlow;
use sudokit::logic::{CandidateGrid, Finder, Ratings, Solver};
use sudokit::solve::{self, Count};
use sudokit::Grid;

/// Along the default solver's path of each puzzle line (each must have one solution), every
/// state is given to every one of `finders`, and the first `per_finder` steps each reports
/// (not only the first) must place only true digits and remove only false candidates. The
/// solver's own placements are applied, so the grid knows them as placed, not given. Says the
/// totals on stderr under `label`, and fails listing every wrong step, or when no step at all
/// was checked.
pub(crate) fn assert_finders_sound(
    label: &str,
    lines: &[&str],
    finders: &[&dyn Finder],
    per_finder: usize,
) {
    let results: Vec<_> = lines
        .par_iter()
        .map(|line| check(line, finders, per_finder))
        .collect();
    let (mut states, mut steps, mut wrong) = (0, 0, Vec::new());
    for (s, n, w) in results {
        states += s;
        steps += n;
        wrong.extend(w);
    }
    report(&format!(
        "{label}: {} puzzles, {states} states, {steps} steps checked, {} wrong",
        lines.len(),
        wrong.len()
    ));
    assert!(wrong.is_empty(), "wrong steps:\n{}", wrong.join("\n"));
    assert!(steps > 0, "{label}: no step at all was checked");
}

/// (states checked, steps checked, wrong steps) for one puzzle.
fn check(line: &str, finders: &[&dyn Finder], per_finder: usize) -> (usize, usize, Vec<String>) {
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
    let (mut states, mut steps, mut wrong) = (0, 0, Vec::new());
    let mut grid = start;
    for (n, next) in path.steps.iter().enumerate() {
        states += 1;
        for finder in finders {
            let mut found = Vec::new();
            let _ = finder.find(&grid, &ratings, &mut |step| {
                found.push(step);
                if found.len() < per_finder {
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
