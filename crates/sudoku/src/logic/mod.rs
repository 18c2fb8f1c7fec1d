//! Human-style solving: pencilmarks, techniques that find one step at a time, a solver that
//! chains them in Sudoku Explainer's order, and plain-English explanations.
//!
//! # Overview
//! - [`CandidateGrid`]: the pencilmark state (a digit or a candidate set per cell), built from a
//!   [`Grid`](crate::Grid), from the 729-character candidate form, from a pencilmark grid as
//!   HoDoKu or Sudoku Explainer users paste it (nine rows of candidate tokens such as `1257`,
//!   framed or not; also what its `Display` prints) or from a HoDoKu regression-library line
//!   ([`ReglibCase`]).
//! - [`Step`]: one deduction as plain, serializable data: its [`Technique`], [`Rating`],
//!   placements, eliminations and the cells, houses and digits of its pattern.
//! - [`Finder`]: the trait of one technique; [`techniques`] holds one finder type per file and
//!   [`techniques::REGISTRY`], the one ordered list the solver walks.
//! - [`Ratings`]: the rating of each technique, a table passed in (default: Sudoku Explainer
//!   1.2.1).
//! - [`Solver`]: applies the first step of the first finder that has one, until solved or
//!   stuck, and returns the [`Path`].
//! - [`explain`]: words for a step, kept apart from finding.
//!
//! The techniques, their order and their ratings follow Sudoku Explainer 1.2.1 (specified in
//! `shared/docs/TECHNIQUES.md`), including its "direct" variants that combine an elimination
//! with the hidden single it creates, its "forcing chains and cycles" (X, Y and mixed, with the
//! length bonus), its aligned pair and triplet exclusions, its multiple (cell and region),
//! Nishio and dynamic forcing chains (plain and "(+)"); the chain engine is in `chains/`. SE's
//! nested forcing chains (levels 2 to 5), which only the hardest puzzles need and which take
//! seconds to minutes per step, are in [`techniques::NESTED`], outside the default registry: a
//! puzzle that needs them ends [`Outcome::Stuck`] unless the solver is given
//! [`techniques::WITH_NESTED`] (the registry and those levels, every technique SE has).
//! Uniqueness techniques (unique loops, BUG) run only on a puzzle the solver has checked to
//! have exactly one solution ([`Uniqueness`]).
//!
//! # Example
//! ```
//! use sudoku::logic::{explain, CandidateGrid, Outcome, Solver};
//! use sudoku::format;
//!
//! let puzzle = format::parse(
//!     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
//! )?.grid;
//! let solver = Solver::new(); // Sudoku Explainer 1.2.1's ratings; `with_ratings` for others
//! let grid = CandidateGrid::from_grid(&puzzle);
//! let hint = solver.next_step(&grid).expect("a first step");
//! println!("{}", explain::english(&hint));
//! let path = solver.solve(&grid);
//! let hardest = path.steps.iter().map(|s| s.rating).max();
//! println!("{:?} in {} steps, hardest {:?}", path.outcome, path.steps.len(), hardest);
//! # Ok::<(), sudoku::format::ParseError>(())
//! ```
//!
//! # Adding a technique
//! 1. A variant in [`Technique`] (its id, name, and what its step's `cells`/`houses`/`digits`
//!    hold), at its place in SE's order.
//! 2. Its rating in the default [`Ratings`] table.
//! 3. A file in `techniques/` with the finder type and its tests below it, and one entry in
//!    the list behind [`techniques::REGISTRY`] (`techniques::FINDERS`).
//! 4. Its sentence in [`explain`].

mod candidate_grid;
mod cell_set;
pub(crate) mod chains;
pub mod explain;
mod finder;
mod pencilmarks;
mod rating;
mod reglib;
mod solver;
mod step;
mod technique;
pub mod techniques;

#[cfg(test)]
mod test_util;

pub use candidate_grid::{CandidateGrid, PencilmarkError};
pub use cell_set::{CellSet, CellSetIter};
pub use chains::{ChainName, ChainNode, Link};
pub use finder::Finder;
pub use pencilmarks::{
    classify_line, PencilmarkGridError, PencilmarkGridErrorKind, PencilmarkLine,
};
pub use rating::{Rating, Ratings};
pub use reglib::{ReglibCase, ReglibError};
pub use solver::{Outcome, Path, Solver, Uniqueness};
pub use step::Step;
pub(crate) use technique::technique_table;
pub use technique::Technique;

/// Runs `work` (a [`Solver`] or finders) with a deadline for the long chain searches (Nishio,
/// dynamic and nested forcing chains) on this thread: a search that is still running when it
/// passes stops and reports nothing, so one search of several seconds cannot overrun a time
/// budget. Returns the result and whether a search was cut short (then the result may lack a
/// step a search would have found, and should be taken as "out of time").
///
/// The other finders are quick and do not look at the deadline; a caller that must also stop
/// between finders wraps them ([`rate::Rater`](crate::rate::Rater) does both with its budget).
///
/// ```
/// use std::time::Instant;
/// use sudoku::logic::{with_deadline, CandidateGrid, Outcome, Solver};
/// let puzzle = sudoku::format::parse(
///     "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
/// )?.grid;
/// // A deadline already past: the first dynamic chain search stops at once.
/// let (path, cut_short) =
///     with_deadline(Instant::now(), || Solver::new().solve(&CandidateGrid::from_grid(&puzzle)));
/// assert!(cut_short);
/// assert_eq!(path.outcome, Outcome::Stuck);
/// # Ok::<(), sudoku::format::ParseError>(())
/// ```
pub fn with_deadline<T>(deadline: std::time::Instant, work: impl FnOnce() -> T) -> (T, bool) {
    let guard = chains::cancel::set_deadline(Some(deadline));
    let result = work();
    (result, guard.cancelled())
}
