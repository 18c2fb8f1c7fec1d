//! Human mode's checks against a puzzle's solution, and what counts as a forcing chain.
//!
//! Shared by `tests/logic_human.rs` and by `sudoku-bench human` (the whole-set tool, which
//! includes this `common` folder by path), so that the test and the tool count the same thing
//! and flag the same steps: one definition, not two copies that can drift.

use sudokit::logic::{CandidateGrid, Path, Step, Technique};
use sudokit::{Cell, Grid};

/// Whether a step is one of SE's forcing chains (Nishio, cell/region, dynamic or nested
/// chains): the last resort in human mode, whose share of paths issue 36 counts.
pub(crate) fn is_forcing_chain(step: &Step) -> bool {
    (Technique::NishioForcingChains..=Technique::NestedRegionForcingChains5)
        .contains(&step.technique)
}

/// Whether any step of `path` is a forcing chain ([`is_forcing_chain`]).
pub(crate) fn uses_forcing_chains(path: &Path) -> bool {
    path.steps.iter().any(is_forcing_chain)
}

/// What is wrong with `step` against `solution`: a digit placed where the solution has
/// another, or a candidate removed that the solution needs. `None` for a sound step.
pub(crate) fn step_error(step: &Step, solution: &Grid) -> Option<String> {
    let placed = step
        .placements
        .iter()
        .find(|&&(c, d)| solution.get(c) != Some(d))
        .map(|&(c, d)| format!("places {d} at {c}, the solution has {:?}", solution.get(c)));
    let removed = || {
        step.eliminations
            .iter()
            .find(|&&(c, d)| solution.get(c) == Some(d))
            .map(|&(c, d)| format!("removes {d} from {c}, the solution's digit"))
    };
    placed.or_else(removed)
}

/// The cells where the grid at the end of a path disagrees with `solution`: a placed digit
/// that differs, or an open cell that lost the solution's digit.
pub(crate) fn final_state_errors(grid: &CandidateGrid, solution: &Grid) -> Vec<Cell> {
    Cell::all()
        .filter(|&cell| match grid.value(cell) {
            Some(digit) => solution.get(cell) != Some(digit),
            None => !solution
                .get(cell)
                .is_some_and(|d| grid.candidates(cell).contains(d)),
        })
        .collect()
}

/// Every wrong step of `path` (puzzle `line`, step numbers from 1) and every cell of its final
/// state that disagrees with `solution`, one message each.
pub(crate) fn wrong_steps(line: &str, path: &Path, solution: &Grid) -> Vec<String> {
    let mut wrong = Vec::new();
    for (n, step) in path.steps.iter().enumerate() {
        if step_error(step, solution).is_some() {
            wrong.push(format!("{line} step {}: {step:?}", n + 1));
        }
    }
    for cell in final_state_errors(&path.grid, solution) {
        wrong.push(format!("{line}: final state disagrees at {cell}"));
    }
    wrong
}
