//! Human-style solving: pencilmarks, techniques that find one step at a time, a solver that
//! chains them in Sudoku Explainer's order, and plain-English explanations.
//!
//! # Overview
//! - [`CandidateGrid`]: the pencilmark state (a digit or a candidate set per cell), built from a
//!   [`Grid`](crate::Grid), from the 729-character candidate form, from a pencilmark grid as
//!   HoDoKu or Sudoku Explainer users paste it (nine rows of candidate tokens such as `1257`,
//!   framed or not; also what its `Display` prints) or from a HoDoKu regression-library line
//!   (`format::tool::ReglibCase`). The text itself is parsed in [`format`](crate::format).
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
//! use sudokit::logic::{explain, CandidateGrid, Outcome, Solver};
//! use sudokit::format;
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
//! # Ok::<(), sudokit::format::ParseError>(())
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
mod consistency;
pub mod explain;
mod finder;
mod guarded;
mod pencilmarks;
mod rating;
mod reglib;
mod solver;
mod step;
mod style;
mod technique;
pub mod techniques;

#[cfg(test)]
mod test_util;

/// The pencilmark forms' errors, kept here where they were first defined (they live in
/// [`format`](crate::format), with the parsers).
pub use crate::format::{PencilmarkError, PencilmarkGridError, PencilmarkGridErrorKind};
pub use candidate_grid::CandidateGrid;
pub use cell_set::{CellSet, CellSetIter};
pub use chains::{ChainName, ChainNode, Link};
pub use consistency::{Consistent, Inconsistent};
pub use finder::Finder;
pub use guarded::Guarded;
pub use rating::{BadRating, Rating, Ratings};
pub use solver::{Outcome, Path, Solver, Uniqueness};
pub use step::Step;
pub use style::{Style, UnknownStyle};
pub(crate) use technique::technique_table;
pub use technique::Technique;
