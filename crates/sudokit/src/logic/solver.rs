//! The step-by-step solver: repeatedly take the first step Sudoku Explainer would take, apply
//! it, until the grid is solved or no finder has a step.
//!
//! SE's rule (`Solver.getDifficulty` in 1.2.1) is "first hint found": the producers run in a
//! fixed order, each scans in its own fixed order, and the first hint that changes the grid is
//! applied. Because the order is by increasing rating (with few exceptions SE accepts, e.g. a
//! unique loop rated 5.0 tried before a 5.0 naked quad), this is almost always the easiest
//! available step, but it is the order, not a minimum over all steps, that matches SE's ratings.
//!
//! **Uniqueness.** Unique loops and BUG reason "otherwise the puzzle would have two solutions",
//! so they are only sound on a puzzle with exactly one. The solver never trusts the caller on
//! this: by default ([`Uniqueness::Check`]) it counts the solutions of the placed digits (up to
//! two) the first time such a finder's turn comes, and skips those finders unless the count is
//! exactly one. The candidates of a state only ever narrow its placed digits' solutions, so one
//! solution there means at most one for the state.

use super::techniques::REGISTRY;
use super::{CandidateGrid, Finder, Ratings, Step, Style};
use crate::solve::{self, Count};

/// Whether the solver may use techniques that assume the puzzle has exactly one solution
/// (unique loops, BUG; see [`Finder::assumes_unique_solution`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Uniqueness {
    /// Use them only after checking, with the exact solver, that the placed digits have
    /// exactly one solution (the default). A puzzle with several solutions (or none) never
    /// gets a uniqueness step.
    #[default]
    Check,
    /// Never use them (for a rating without uniqueness arguments).
    Never,
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// Every cell holds a digit.
    Solved,
    /// No finder in use has a step (SE rates this 20.0): the puzzle needs a technique not in
    /// use (the default registry leaves out the nested forcing chains, see
    /// [`techniques::WITH_NESTED`](super::techniques::WITH_NESTED)), or it has several
    /// solutions, or the grid is contradictory.
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
/// use sudokit::logic::{CandidateGrid, Outcome, Solver};
/// use sudokit::format;
/// let puzzle = format::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?.grid;
/// let path = Solver::new().solve(&CandidateGrid::from_grid(&puzzle));
/// assert_eq!(path.outcome, Outcome::Solved);
/// assert_eq!(path.steps.len(), 51); // one placement per empty cell
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Solver<'a> {
    finders: &'a [&'a dyn Finder],
    ratings: &'a Ratings,
    uniqueness: Uniqueness,
    style: Style,
}

impl<'a> Solver<'a> {
    /// A solver using the default techniques ([`REGISTRY`]: all but the nested forcing chains)
    /// in SE's order, rated by Sudoku Explainer 1.2.1's table ([`Ratings::sudoku_explainer`]).
    pub fn new() -> Solver<'a> {
        Solver {
            finders: REGISTRY,
            ratings: Ratings::sudoku_explainer_ref(),
            uniqueness: Uniqueness::Check,
            style: Style::Se,
        }
    }

    /// The same solver in another [`Style`]: its finders become the style's default list
    /// ([`Style::finders`], without the nested levels; [`with_finders`](Solver::with_finders)
    /// afterwards replaces them) and it picks steps the style's way ([`Style::pick`]).
    pub fn with_style(self, style: Style) -> Solver<'a> {
        Solver {
            style,
            finders: style.finders(false),
            ..self
        }
    }

    /// The same solver picking steps the way of `style`, keeping its finders.
    pub fn with_pick(self, style: Style) -> Solver<'a> {
        Solver { style, ..self }
    }

    /// The style in use.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The same solver using only `finders`, tried in the given order.
    pub fn with_finders(self, finders: &'a [&'a dyn Finder]) -> Solver<'a> {
        Solver { finders, ..self }
    }

    /// The same solver rating its steps by `ratings`.
    pub fn with_ratings(self, ratings: &'a Ratings) -> Solver<'a> {
        Solver { ratings, ..self }
    }

    /// The same solver with another [`Uniqueness`] policy.
    pub fn with_uniqueness(self, uniqueness: Uniqueness) -> Solver<'a> {
        Solver { uniqueness, ..self }
    }

    /// The step the solver would take next in `grid`: the first step of the first finder
    /// that has one. `None` if the grid is solved or no finder has a step.
    ///
    /// Under [`Uniqueness::Check`], reaching a uniqueness finder costs one solution count
    /// (usually well under a millisecond).
    pub fn next_step(&self, grid: &CandidateGrid) -> Option<Step> {
        self.next_step_with(grid, &mut None)
    }

    /// [`next_step`](Solver::next_step), with the answer to "may uniqueness finders run?"
    /// cached in `unique` (computed the first time a uniqueness finder's turn comes).
    fn next_step_with(&self, grid: &CandidateGrid, unique: &mut Option<bool>) -> Option<Step> {
        self.finders.iter().find_map(|finder| {
            if finder.assumes_unique_solution()
                && !*unique.get_or_insert_with(|| self.has_one_solution(grid))
            {
                return None;
            }
            self.style.pick(*finder, grid, self.ratings)
        })
    }

    /// Whether uniqueness finders may run on `grid` under this solver's policy.
    fn has_one_solution(&self, grid: &CandidateGrid) -> bool {
        match self.uniqueness {
            Uniqueness::Check => solve::count(&grid.to_grid(), 2) == Count::Exact(1),
            Uniqueness::Never => false,
        }
    }

    /// Solves from `grid` as far as the finders allow.
    ///
    /// Every step changes the grid (a placement, or at least one elimination), so this ends
    /// after at most 729 steps whatever the input.
    pub fn solve(&self, grid: &CandidateGrid) -> Path {
        let mut grid = grid.clone();
        let mut steps = Vec::new();
        // Checked once per solve: a sound step keeps the placed digits' solutions (it only
        // places digits of the one solution), so the answer stays true along the path.
        let mut unique = None;
        while !grid.is_solved() {
            let Some(step) = self.next_step_with(&grid, &mut unique) else {
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

impl Default for Solver<'_> {
    /// [`Solver::new`].
    fn default() -> Self {
        Solver::new()
    }
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let techniques: Vec<_> = self.finders.iter().map(|f| f.technique()).collect();
        f.debug_struct("Solver")
            .field("techniques", &techniques)
            .field("uniqueness", &self.uniqueness)
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

    /// `Solver::new` rates by SE 1.2.1's table without being handed it; `with_ratings` rates
    /// by the table it is given.
    #[test]
    fn the_default_ratings_are_se_and_with_ratings_replaces_them() {
        let grid = puzzle(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let step = Solver::new().next_step(&grid).expect("a step");
        assert_eq!(step.rating, Ratings::sudoku_explainer().get(step.technique));
        let mut custom = Ratings::sudoku_explainer();
        custom.set(step.technique, crate::logic::Rating::from_tenths(99));
        let rated = Solver::new().with_ratings(&custom).next_step(&grid);
        assert_eq!(rated.map(|s| s.rating.tenths()), Some(99));
        assert_eq!(Solver::default().next_step(&grid), Some(step));
    }

    #[test]
    fn an_easy_puzzle_is_solved_with_singles() {
        let grid = puzzle(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let path = Solver::new().solve(&grid);
        assert_eq!(path.outcome, Outcome::Solved);
        let solution = crate::solve::solve(&grid.to_grid()).expect("solvable");
        assert_eq!(path.grid.to_grid(), solution);
        assert_sound(&path, &solution);
        assert!(path.steps.iter().all(|s| s.placements.len() == 1));
        assert!(path.steps.iter().all(|s| s.rating.tenths() <= 23));
    }

    #[test]
    fn a_hard_puzzle_gets_stuck_without_chains_and_stays_sound() {
        // top1465 #1: needs dynamic chains, left out here.
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let grid = puzzle(line);
        let static_only: Vec<&dyn Finder> = REGISTRY
            .iter()
            .copied()
            .filter(|f| f.technique() < Technique::NishioForcingChains)
            .chain([&crate::logic::techniques::MultipleForcingChains as &dyn Finder])
            .collect();
        let solver = Solver::new().with_finders(&static_only);
        let path = solver.solve(&grid);
        assert_eq!(path.outcome, Outcome::Stuck);
        let solution = crate::solve::solve(&grid.to_grid()).expect("solvable");
        assert_sound(&path, &solution);
        let steps_taken = path.steps.len();
        assert_eq!(solver.next_step(&path.grid), None);
        assert!(steps_taken > 0);
    }

    #[test]
    fn the_first_finder_with_a_step_wins() {
        // r1c9 is both a full house (row 1) and a naked single.
        let grid = puzzle(&format!("12345678.{}", ".".repeat(72)));
        let only_singles: [&dyn Finder; 2] = [&NakedSingle, &FullHouse];
        let step = Solver::new()
            .with_finders(&only_singles)
            .next_step(&grid)
            .expect("a step");
        assert_eq!(step.technique, Technique::NakedSingle);
        let step = Solver::new().next_step(&grid).expect("a step");
        assert_eq!(step.technique, Technique::FullHouse);
    }

    #[test]
    fn a_solved_grid_needs_no_step() {
        let grid = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let path = Solver::new().solve(&grid);
        assert_eq!((path.outcome, path.steps.len()), (Outcome::Solved, 0));
        assert_eq!(Solver::new().next_step(&grid), None);
    }

    #[test]
    fn a_contradictory_grid_ends_stuck() {
        // Two 5s in row 1: the solver must still stop.
        let grid = puzzle(&format!("55{}", ".".repeat(79)));
        let path = Solver::new().solve(&grid);
        assert_eq!(path.outcome, Outcome::Stuck);
        assert!(path.steps.len() <= 729);
    }
}
