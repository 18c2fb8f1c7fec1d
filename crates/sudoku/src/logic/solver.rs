//! The step-by-step solver: repeatedly take the first step Sudoku Explainer would take, apply
//! it, until the grid is solved or no finder has a step.
//!
//! SE's rule (`Solver.getDifficulty` in 1.2.1) is "first hint found": the producers run in a
//! fixed order, each scans in its own fixed order, and the first hint that changes the grid is
//! applied. Because the order is by increasing rating (with few exceptions SE accepts, e.g. a
//! unique loop rated 5.0 tried before a 5.0 naked quad), this is almost always the easiest
//! available step, but it is the order, not a minimum over all steps, that matches SE's ratings.

use super::techniques::REGISTRY;
use super::{CandidateGrid, Finder, Ratings, Step};

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every cell holds a digit.
    Solved,
    /// No finder has a step: the puzzle needs a technique the solver lacks (SE rates this
    /// 20.0), or the grid is contradictory.
    Stuck,
}

/// The result of [`Solver::solve`]: the steps taken, how it ended, and the final grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The steps in the order they were applied.
    pub steps: Vec<Step>,
    /// Solved or stuck.
    pub outcome: Outcome,
    /// The grid after the last step.
    pub grid: CandidateGrid,
}

/// A human-style solver over an ordered list of finders and a ratings table.
///
/// ```
/// use sudoku::logic::{CandidateGrid, Outcome, Ratings, Solver};
/// use sudoku::format;
/// let puzzle = format::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?.grid;
/// let ratings = Ratings::default();
/// let path = Solver::new(&ratings).solve(&CandidateGrid::from_grid(&puzzle));
/// assert_eq!(path.outcome, Outcome::Solved);
/// assert_eq!(path.steps.len(), 51); // one placement per empty cell
/// # Ok::<(), sudoku::format::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Solver<'a> {
    finders: &'a [&'a dyn Finder],
    ratings: &'a Ratings,
}

impl<'a> Solver<'a> {
    /// A solver using every registered technique ([`REGISTRY`]) in SE's order.
    pub fn new(ratings: &'a Ratings) -> Solver<'a> {
        Solver {
            finders: REGISTRY,
            ratings,
        }
    }

    /// A solver using only `finders`, tried in the given order.
    pub fn with_finders(finders: &'a [&'a dyn Finder], ratings: &'a Ratings) -> Solver<'a> {
        Solver { finders, ratings }
    }

    /// The step the solver would take next in `grid`: the first step of the first finder
    /// that has one. `None` if the grid is solved or no finder has a step.
    pub fn next_step(&self, grid: &CandidateGrid) -> Option<Step> {
        self.finders
            .iter()
            .find_map(|finder| finder.first(grid, self.ratings))
    }

    /// Solves from `grid` as far as the finders allow.
    ///
    /// Every step changes the grid (a placement, or at least one elimination), so this ends
    /// after at most 729 steps whatever the input.
    pub fn solve(&self, grid: &CandidateGrid) -> Path {
        let mut grid = grid.clone();
        let mut steps = Vec::new();
        while !grid.is_solved() {
            let Some(step) = self.next_step(&grid) else {
                break;
            };
            // A finder only reports steps that change the grid; this guards the loop anyway.
            if !grid.apply(&step) {
                break;
            }
            steps.push(step);
        }
        let outcome = if grid.is_solved() {
            Outcome::Solved
        } else {
            Outcome::Stuck
        };
        Path {
            steps,
            outcome,
            grid,
        }
    }
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let techniques: Vec<_> = self.finders.iter().map(|f| f.technique()).collect();
        f.debug_struct("Solver")
            .field("techniques", &techniques)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::{FullHouse, NakedSingle};
    use crate::logic::test_util::puzzle;
    use crate::logic::Technique;

    /// Checks every step of `path` against `solution`: no wrong placement, no true candidate
    /// eliminated.
    fn assert_sound(path: &Path, solution: &crate::Grid) {
        for step in &path.steps {
            for &(cell, digit) in &step.placements {
                assert_eq!(solution.get(cell), Some(digit), "{step:?}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution.get(cell), Some(digit), "{step:?}");
            }
        }
    }

    #[test]
    fn an_easy_puzzle_is_solved_with_singles() {
        let grid = puzzle(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let ratings = Ratings::default();
        let path = Solver::new(&ratings).solve(&grid);
        assert_eq!(path.outcome, Outcome::Solved);
        let solution = crate::solve::solve(&grid.to_grid()).expect("solvable");
        assert_eq!(path.grid.to_grid(), solution);
        assert_sound(&path, &solution);
        assert!(path.steps.iter().all(|s| s.placements.len() == 1));
        assert!(path.steps.iter().all(|s| s.rating.tenths() <= 23));
    }

    #[test]
    fn a_hard_puzzle_gets_stuck_without_chains_and_stays_sound() {
        // top1465 #1: needs chains.
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let grid = puzzle(line);
        let ratings = Ratings::default();
        let path = Solver::new(&ratings).solve(&grid);
        assert_eq!(path.outcome, Outcome::Stuck);
        let solution = crate::solve::solve(&grid.to_grid()).expect("solvable");
        assert_sound(&path, &solution);
        let steps_taken = path.steps.len();
        assert_eq!(Solver::new(&ratings).next_step(&path.grid), None);
        assert!(steps_taken > 0);
    }

    #[test]
    fn the_first_finder_with_a_step_wins() {
        // r1c9 is both a full house (row 1) and a naked single.
        let grid = puzzle(&format!("12345678.{}", ".".repeat(72)));
        let ratings = Ratings::default();
        let only_singles: [&dyn Finder; 2] = [&NakedSingle, &FullHouse];
        let step = Solver::with_finders(&only_singles, &ratings)
            .next_step(&grid)
            .expect("a step");
        assert_eq!(step.technique, Technique::NakedSingle);
        let step = Solver::new(&ratings).next_step(&grid).expect("a step");
        assert_eq!(step.technique, Technique::FullHouse);
    }

    #[test]
    fn a_solved_grid_needs_no_step() {
        let grid = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let ratings = Ratings::default();
        let path = Solver::new(&ratings).solve(&grid);
        assert_eq!((path.outcome, path.steps.len()), (Outcome::Solved, 0));
        assert_eq!(Solver::new(&ratings).next_step(&grid), None);
    }

    #[test]
    fn a_contradictory_grid_ends_stuck() {
        // Two 5s in row 1: the solver must still stop.
        let grid = puzzle(&format!("55{}", ".".repeat(79)));
        let ratings = Ratings::default();
        let path = Solver::new(&ratings).solve(&grid);
        assert_eq!(path.outcome, Outcome::Stuck);
        assert!(path.steps.len() <= 729);
    }
}
