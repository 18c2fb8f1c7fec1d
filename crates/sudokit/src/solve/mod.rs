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

/// The detected CPU path and the wrapper that compiles a computation for it, for the engines
/// outside `solve` (the variant fast path).
pub(crate) mod compiled {
    pub(crate) use super::simd::compiled::{run_on, Compiled};
    pub(crate) use super::simd::Verified;
}

use crate::board::Grid;
use crate::budget::{Guard, Limit};
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

/// The search stopped before it could answer: its guess budget or its guard ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("search stopped after {guesses} guesses ({})", stop_reason(limit))]
pub struct BudgetExhausted {
    /// The guesses made.
    pub guesses: u64,
    /// The limit reached: [`Limit::Steps`] for the guess budget or a guard's step limit (for a
    /// search, a step is a guess), or the guard's time limit or cancellation.
    pub limit: Limit,
}

/// Why a search stopped, in its error message: a step limit is the budget.
fn stop_reason(limit: &Limit) -> String {
    match limit {
        Limit::Steps(_) => "budget exhausted".to_string(),
        other => other.to_string(),
    }
}

/// The engine stopped at the guess count it was given; it resumes from there when called again
/// with a larger one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutOfGuesses;

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

/// A resumable search for the solutions of one puzzle, with an optional guess budget and
/// [`Guard`].
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
    /// The guard and where it stopped the search, if the search has one. Boxed, so that the
    /// everyday search (no guard: `solve`, `count`, most of the benchmark) stays as small to
    /// build and move as it was; a few percent on puzzles solved in half a microsecond.
    guarding: Option<Box<Guarding>>,
    /// An unguarded search ran out of its guess budget: later calls return the error again.
    exhausted: bool,
}

/// A search's guard, and why it stopped the search once it has.
#[derive(Debug, Clone)]
struct Guarding {
    guard: Guard,
    stopped: Option<BudgetExhausted>,
}

/// How many guesses a guarded search makes between two looks at its guard: a few hundred
/// microseconds of search, so a deadline or a cancellation is seen within a millisecond or
/// so, while the look (an atomic load, a clock read) costs nothing measurable.
const GUARD_SLICE: u64 = 1024;

impl Search {
    /// A search for the solutions of `puzzle`, with no budget.
    pub fn new(puzzle: &Grid) -> Search {
        Search {
            engine: bands::Engine::new(puzzle),
            budget: None,
            path: simd::Verified::detected(),
            guarding: None,
            exhausted: false,
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

    /// Stops the search with [`BudgetExhausted`] once `guard` is spent: its cancellation flag
    /// set, its time limit passed (by its clock), or its step limit reached, where each guess
    /// counts as a step (on the guard, which clones share: one guard can bound several
    /// searches together). The guard is looked at every thousand guesses or so; a search
    /// that is never stopped gives the same answers and statistics as one without a guard.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use sudokit::budget::{Budget, Guard, Limit};
    /// use sudokit::{solve::Search, Grid};
    /// let cancel = Arc::new(AtomicBool::new(false));
    /// let guard = Guard::new(Budget::UNLIMITED).with_cancel(cancel.clone());
    /// let mut search = Search::new(&Grid::empty()).with_guard(guard.clone());
    /// assert!(search.next_solution().unwrap().is_some());
    /// cancel.store(true, Ordering::Relaxed); // from another thread, say
    /// let stopped = search.next_solution().unwrap_err();
    /// assert_eq!(stopped.limit, Limit::Cancelled);
    /// assert_eq!(guard.spent(), Some(Limit::Cancelled));
    /// ```
    pub fn with_guard(mut self, guard: Guard) -> Search {
        self.guarding = Some(Box::new(Guarding {
            guard,
            stopped: None,
        }));
        self
    }

    /// The next solution, `Ok(None)` when there are no more, or an error when the budget ran out
    /// first (later calls keep returning the error).
    pub fn next_solution(&mut self) -> Result<Option<Grid>, BudgetExhausted> {
        self.advance::<Grid>()
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
        Ok(self.advance::<()>()?.is_some())
    }

    /// The next solution as `O`, within the budget and the guard.
    #[inline]
    fn advance<O: bands::Solved>(&mut self) -> Result<Option<O>, BudgetExhausted> {
        let max = self.budget.unwrap_or(u64::MAX);
        if let Some(mut guarding) = self.guarding.take() {
            let found = match guarding.stopped {
                Some(stopped) => Err(stopped),
                None => self.guarded::<O>(&guarding.guard, max),
            };
            guarding.stopped = found.as_ref().err().copied();
            self.guarding = Some(guarding);
            return found;
        }
        if self.exhausted {
            return Err(self.out_of_guesses(max));
        }
        simd::next_solution::<O>(&mut self.engine, self.path, max).map_err(|OutOfGuesses| {
            self.exhausted = true;
            self.out_of_guesses(max)
        })
    }

    /// [`Search::advance`] under `guard`: the engine runs a slice of guesses at a time, and the
    /// guard is looked at (and the slice's guesses counted on it) between slices.
    fn guarded<O: bands::Solved>(
        &mut self,
        guard: &Guard,
        max: u64,
    ) -> Result<Option<O>, BudgetExhausted> {
        loop {
            if !guard.allows() {
                return Err(BudgetExhausted {
                    guesses: self.engine.stats().guesses,
                    limit: guard.spent().unwrap_or(Limit::Cancelled),
                });
            }
            let before = self.engine.stats().guesses;
            // The guard's steps left, so that a step limit stops at its exact guess.
            let left = guard.budget().steps.map_or(u64::MAX, |steps| {
                u64::try_from(steps.saturating_sub(guard.steps())).unwrap_or(u64::MAX)
            });
            let until = max
                .min(before.saturating_add(GUARD_SLICE))
                .min(before.saturating_add(left));
            let found = simd::next_solution::<O>(&mut self.engine, self.path, until);
            let made = self.engine.stats().guesses - before;
            guard.count_steps(usize::try_from(made).unwrap_or(usize::MAX));
            match found {
                Ok(found) => return Ok(found),
                Err(OutOfGuesses) if until >= max => return Err(self.out_of_guesses(max)),
                // The slice or the guard's steps ran out: the loop's check says which.
                Err(OutOfGuesses) => {}
            }
        }
    }

    /// The error for a search stopped by its guess budget `max`.
    fn out_of_guesses(&self, max: u64) -> BudgetExhausted {
        BudgetExhausted {
            guesses: self.engine.stats().guesses,
            limit: Limit::Steps(usize::try_from(max).unwrap_or(usize::MAX)),
        }
    }

    /// The statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::simd::Verified;

    /// Every puzzle of the sample file (301 puzzles, from easy to ones needing many guesses),
    /// and the empty grid.
    fn puzzles() -> Vec<Grid> {
        let text = include_str!("../../../../testdata/sample.txt");
        let mut puzzles: Vec<Grid> = text
            .lines()
            .map(|line| crate::format::parse(line).expect("a sample puzzle").grid)
            .collect();
        assert_eq!(puzzles.len(), 301);
        puzzles.push(Grid::empty());
        puzzles
    }

    /// The first `limit` solutions of a search and its guesses, running the engine with
    /// `step` more guesses than so far as its limit, again and again after each stop.
    fn walk(puzzle: &Grid, path: Verified, limit: usize, step: u64) -> (Vec<Grid>, Stats) {
        let mut engine = bands::Engine::new(puzzle);
        let mut found = Vec::new();
        let mut stops = 0u64;
        while found.len() < limit {
            let until = engine.stats().guesses.saturating_add(step);
            match simd::next_solution::<Grid>(&mut engine, path, until) {
                Ok(Some(solution)) => found.push(solution),
                Ok(None) => break,
                Err(OutOfGuesses) => {
                    assert_eq!(engine.stats().guesses, until, "stopped short of its limit");
                    stops += 1;
                    assert!(stops < 1_000_000, "no progress");
                }
            }
        }
        (found, engine.stats())
    }

    /// A search stopped by its guess limit and resumed with a larger one goes on exactly as
    /// if it had never stopped: the same solutions in the same order, the same guesses, on
    /// every CPU path this machine has. (Guarded searches rely on it: they run a slice of
    /// guesses at a time.)
    #[test]
    fn a_search_resumed_after_its_guess_limit_is_the_same_search() {
        let paths: Vec<Verified> = CpuPath::supported()
            .into_iter()
            .filter_map(|path| Verified::new(path).ok())
            .collect();
        let mut resumed = 0;
        for puzzle in puzzles() {
            for &path in &paths {
                let whole = walk(&puzzle, path, 20, u64::MAX);
                for step in [1, 7] {
                    let (solutions, stats) = walk(&puzzle, path, 20, step);
                    assert_eq!(
                        (&solutions, stats),
                        (&whole.0, whole.1),
                        "{puzzle} step {step}"
                    );
                }
                if whole.1.guesses > 1 {
                    resumed += 1;
                }
            }
        }
        // Most sample puzzles need guesses, so most walks above really stopped and resumed.
        assert!(resumed > 150 * paths.len(), "only {resumed} walks resumed");
    }
}
