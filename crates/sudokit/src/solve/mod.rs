//! The exact solver: first solution, solution counts up to a limit, enumeration of all solutions,
//! and statistics.
//!
//! The public surface is small: [`solve`], [`count`] and [`solutions`] for everyday use, and
//! [`Search`] when the caller needs a work budget (a server answering strangers, a batch job that
//! must not stall on one pathological line) or the statistics of the search.
//!
//! Every function is correct for every [`Grid`]: an empty grid (6,670,903,752,021,072,936,960
//! solutions: ask for a limit), a full grid, givens that break the rules (no solution), puzzles
//! with no solution and puzzles with many.
//!
//! ```
//! use sudokit::{format, solve};
//! let puzzle = format::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )
//! .unwrap()
//! .grid;
//! let solution = solve::solve(&puzzle).unwrap();
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(solve::count(&puzzle, 2), solve::Count::Exact(1));
//! ```
//!
//! How it works is in the header of the `bands` module: digit-by-band bitboards, singles and
//! in-band locked candidates propagated to a fixed point, and guesses on a cell with the fewest
//! candidates.
//!
//! The search is compiled once per CPU path (AVX-512, AVX2, SSE4.1, the target's baseline)
//! and the
//! fastest path the CPU supports is chosen once per process; every path gives the same answers
//! and statistics. The project's tests and benchmark force one through `sudokit::internals`.

mod bands;
mod kernels;
mod simd;
mod tables;

use simd::{CpuPath, UnsupportedCpuPath};

/// The CPU-path types, for [`crate::internals`], the one place that exports them.
pub(crate) mod cpu_path {
    pub use super::simd::{CpuPath, UnsupportedCpuPath};
}

use crate::board::Grid;
use std::fmt;

/// Counters of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// How many times the search had to guess: the number of branch points it opened. A puzzle
    /// solved by propagation alone makes 0.
    pub guesses: u64,
    /// How many solutions the search has returned so far.
    pub solutions: u64,
}

/// The number of solutions of a puzzle, exact or bounded below by a search limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// The puzzle has exactly this many solutions.
    Exact(u64),
    /// The search stopped at the limit: the puzzle has at least this many solutions.
    AtLeast(u64),
}

impl Count {
    /// The number of solutions found (a lower bound for [`Count::AtLeast`]).
    pub fn found(self) -> u64 {
        match self {
            Count::Exact(n) | Count::AtLeast(n) => n,
        }
    }
}

impl fmt::Display for Count {
    /// `0`, `1`, `847`, or `at least 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, "at least {n}"),
        }
    }
}

/// The search ran out of its guess budget before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("search stopped after {guesses} guesses (budget exhausted)")]
pub struct BudgetExhausted {
    /// The guesses made, which is the budget.
    pub guesses: u64,
}

/// Returns the first solution found, or `None` if the puzzle has none.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    Search::new(puzzle).next_solution().ok().flatten()
}

/// Counts solutions, stopping once `limit` have been found.
///
/// `count(p, 2)` is the uniqueness check: `Exact(0)` no solution, `Exact(1)` unique,
/// `AtLeast(2)` several. A `limit` of 0 returns `AtLeast(0)` without searching.
pub fn count(puzzle: &Grid, limit: u64) -> Count {
    let mut search = Search::new(puzzle);
    let mut found = 0;
    while found < limit {
        match search.find_next() {
            Ok(true) => found += 1,
            // Without a budget the search cannot run out; either way this is exact.
            Ok(false) | Err(_) => return Count::Exact(found),
        }
    }
    Count::AtLeast(found)
}

/// An iterator over all solutions, in the search's order. Combine with `take(n)` for a limit.
///
/// ```
/// use sudokit::{solve, Grid};
/// let some: Vec<Grid> = solve::solutions(&Grid::empty()).take(3).collect();
/// assert_eq!(some.len(), 3);
/// assert!(some.iter().all(|s| s.is_solution_of(&Grid::empty())));
/// ```
pub fn solutions(puzzle: &Grid) -> Solutions {
    Solutions {
        search: Search::new(puzzle),
    }
}

/// The iterator returned by [`solutions`].
#[derive(Debug, Clone)]
pub struct Solutions {
    search: Search,
}

impl Solutions {
    /// The statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.search.next_solution().ok().flatten()
    }
}

/// A resumable search for the solutions of one puzzle, with an optional guess budget.
///
/// ```
/// use sudokit::{solve::Search, Grid};
/// // The empty grid has countless solutions; a budget keeps the work bounded.
/// let mut search = Search::new(&Grid::empty()).with_guess_budget(1000);
/// assert!(search.next_solution().unwrap().is_some());
/// // A budget of 0 allows no guess at all: the empty grid cannot be solved without one.
/// let mut search = Search::new(&Grid::empty()).with_guess_budget(0);
/// assert!(search.next_solution().is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Search {
    engine: bands::Engine,
    budget: Option<u64>,
    path: simd::Verified,
}

impl Search {
    /// A search for the solutions of `puzzle`, with no budget.
    pub fn new(puzzle: &Grid) -> Search {
        Search {
            engine: bands::Engine::new(puzzle),
            budget: None,
            path: simd::Verified::detected(),
        }
    }

    /// Runs the search on `path` instead of the detected one, or fails if this CPU lacks its
    /// features (for `internals::SearchCpuPath`).
    pub(crate) fn on_cpu_path(mut self, path: CpuPath) -> Result<Search, UnsupportedCpuPath> {
        self.path = simd::Verified::new(path)?;
        Ok(self)
    }

    /// The CPU path this search runs on (for `internals::SearchCpuPath`).
    pub(crate) fn path(&self) -> CpuPath {
        self.path.path()
    }

    /// Stops the search with [`BudgetExhausted`] once it has made `max_guesses` guesses.
    pub fn with_guess_budget(mut self, max_guesses: u64) -> Search {
        self.budget = Some(max_guesses);
        self
    }

    /// The next solution, `Ok(None)` when there are no more, or an error when the budget ran out
    /// first (later calls keep returning the error).
    pub fn next_solution(&mut self) -> Result<Option<Grid>, BudgetExhausted> {
        simd::next_solution::<Grid>(&mut self.engine, self.path, self.budget.unwrap_or(u64::MAX))
    }

    /// Moves on to the next solution without building it: `Ok(true)` if there is one, as
    /// [`Search::next_solution`] would have returned it. For counts and uniqueness checks,
    /// which need no grid (building one costs a few percent of a search that finds two
    /// solutions fast).
    ///
    /// ```
    /// use sudokit::{solve::Search, Grid};
    /// let mut search = Search::new(&Grid::empty());
    /// assert!(search.next_solution().unwrap().is_some());
    /// // A second solution exists: the empty grid is not a proper puzzle.
    /// assert_eq!(search.find_next(), Ok(true));
    /// ```
    pub fn find_next(&mut self) -> Result<bool, BudgetExhausted> {
        let found = simd::next_solution::<()>(
            &mut self.engine,
            self.path,
            self.budget.unwrap_or(u64::MAX),
        )?;
        Ok(found.is_some())
    }

    /// The statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }
}
