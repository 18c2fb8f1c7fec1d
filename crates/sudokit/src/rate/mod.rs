//! Difficulty: Sudoku Explainer's ER/EP/ED and a HoDoKu-style score and level, computed over
//! the [`logic`](crate::logic) solver's path.
//!
//! # Overview
//! - [`SeRating`]: ER (hardest step), EP (hardest up to the first placement) and ED (first
//!   step), with serate's semantics and 20.0 ([`STUCK`]) when the techniques run out;
//!   [`se_round`] is serate's print rounding.
//! - [`HodokuScore`]: the sum of per-step scores and a [`Level`] (easy to extreme) by a
//!   [`HodokuTable`], a table passed in (default: HoDoKu's numbers).
//! - [`PuzzleRating`]: both, with the outcome, the number of steps and the hardest technique;
//!   [`PuzzleRating::of`] rates any path, hand-made ones included.
//! - [`Rater`]: checks that the puzzle is valid and has exactly one solution (uniqueness
//!   techniques are sound only then), solves it step by step within a [`Budget`] of time and
//!   steps (time by a [`Clock`] passed in, see [`Rater::with_clock`]),
//!   or until cancelled ([`Rater::with_cancel`]), and rates the path; otherwise a [`RateError`] says why there is no rating
//!   ([`check_proper`] runs the same check alone).
//!
//! The path is the one Sudoku Explainer 1.2.1 takes (same techniques, order and ratings; see
//! [`logic`](crate::logic)), so ER/EP/ED match serate's as far as the techniques in use go.
//! A puzzle whose path reaches a state where none of them applies ends stuck, rated 20.0 like
//! serate does beyond its own techniques: [`PuzzleRating::outcome`] says so. With the default
//! [`REGISTRY`] that is every puzzle that needs a nested forcing chain (SE 9.5 and up); with
//! [`WITH_NESTED`](crate::logic::techniques::WITH_NESTED) (see [`Rater::with_finders`]) the
//! rater has every technique SE has, and a puzzle ends stuck only where serate's would.
//!
//! # Example
//! ```
//! use sudokit::rate::{Level, Rater};
//! use sudokit::format;
//!
//! let puzzle = format::parse(
//!     "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
//! )?.grid;
//! // Sudoku Explainer 1.2.1's ratings and HoDoKu's scores; `with_ratings` and `with_table`
//! // take others.
//! let rated = Rater::new().rate(&puzzle).expect("a proper puzzle");
//! println!("{} {}", rated.rating.se, rated.rating.hodoku.level); // ER/EP/ED and level
//! assert!(rated.rating.se.er >= rated.rating.se.ep.unwrap_or_default());
//! # Ok::<(), sudokit::format::ParseError>(())
//! ```

mod hodoku;
mod se;

pub use crate::budget::{Budget, Limit};
pub use hodoku::{HodokuEntry, HodokuScore, HodokuTable, Level, UnknownLevel};
pub use se::{se_round, SeRating, STUCK};

use crate::budget::{Clock, Guard};
use crate::logic::techniques::REGISTRY;
use crate::logic::{
    CandidateGrid, Finder, Outcome, Path, Rating, Ratings, Solver, Step, Style, Technique,
};
use crate::{solve, Cell, RuleViolation};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The difficulty of one solve path.
///
/// Serializes flat: `{"er":7.1,"ep":1.2,"ed":1.2,"score":812,"level":"unfair",
/// "outcome":"solved","steps":54,"hardest":"forcing_chain"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PuzzleRating {
    /// Sudoku Explainer's ER/EP/ED.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub se: SeRating,
    /// The HoDoKu-style score and level.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub hodoku: HodokuScore,
    /// Solved, or stuck (ER 20.0): the techniques present could not finish the puzzle.
    pub outcome: Outcome,
    /// How many steps the path has.
    pub steps: usize,
    /// The technique of the first step rated ER (`None` for a path without steps).
    pub hardest: Option<Technique>,
}

impl PuzzleRating {
    /// The rating of the path `steps` from `start`, which ended with `outcome`, scored by
    /// `table` (the start matters only to the HoDoKu score: see [`HodokuScore::of`]).
    pub fn of(
        start: &CandidateGrid,
        steps: &[Step],
        outcome: Outcome,
        table: &HodokuTable,
    ) -> PuzzleRating {
        let mut hardest: Option<&Step> = None;
        for step in steps {
            if hardest.is_none_or(|h| step.rating > h.rating) {
                hardest = Some(step);
            }
        }
        PuzzleRating {
            se: SeRating::of(steps, outcome),
            hodoku: HodokuScore::of(start, steps, outcome, table),
            outcome,
            steps: steps.len(),
            hardest: hardest.map(|s| s.technique),
        }
    }

    /// Whether the path got stuck (ER 20.0).
    pub fn is_stuck(&self) -> bool {
        self.outcome == Outcome::Stuck
    }
}

/// A rated puzzle: its rating and the path it was computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rated {
    /// The rating.
    pub rating: PuzzleRating,
    /// The solve path (its steps, outcome and final grid).
    pub path: Path,
}

/// Why a puzzle has no rating.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The givens (placed digits) break the rules.
    #[error("invalid puzzle: {0}")]
    Invalid(RuleViolation),
    /// The givens break no rule but have no solution (for a pencilmark state: or its
    /// candidates leave out the one solution of its placed digits).
    #[error("no solution")]
    NoSolution,
    /// Two or more solutions: a rating assumes one (uniqueness techniques rely on it).
    #[error("more than one solution")]
    MultipleSolutions,
    /// The budget ran out before the path was complete.
    #[error("gave up: {limit} reached after {steps} steps")]
    GaveUp {
        /// The limit that was reached.
        limit: Limit,
        /// Steps taken by then.
        steps: usize,
        /// The hardest step rating by then: a lower bound on ER.
        hardest: Option<Rating>,
    },
}

/// Rates puzzles: checks them, solves them within a budget, rates the path.
///
/// ```
/// use std::time::Duration;
/// use sudokit::rate::{Budget, Limit, RateError, Rater};
/// use sudokit::format;
/// let rater = Rater::new().with_budget(Budget::UNLIMITED.with_steps(3));
/// let puzzle = format::parse(
///     "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
/// )?.grid;
/// assert!(matches!(
///     rater.rate(&puzzle),
///     Err(RateError::GaveUp { limit: Limit::Steps(3), steps: 3, .. })
/// ));
/// let empty = sudokit::Grid::empty();
/// assert_eq!(rater.rate(&empty), Err(RateError::MultipleSolutions));
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Rater<'a> {
    ratings: &'a Ratings,
    /// `None`: HoDoKu's own numbers, [`HodokuTable::default`], made when a puzzle is rated.
    table: Option<&'a HodokuTable>,
    finders: &'a [&'a dyn Finder],
    style: Style,
    budget: Budget,
    clock: Option<&'a Arc<dyn Clock>>,
    cancel: Option<&'a Arc<AtomicBool>>,
}

impl<'a> Rater<'a> {
    /// A rater with the default techniques ([`REGISTRY`]: all but the nested forcing chains),
    /// Sudoku Explainer 1.2.1's ratings ([`Ratings::sudoku_explainer`]) and HoDoKu's scores
    /// ([`HodokuTable::hodoku`]), without a budget.
    pub fn new() -> Rater<'a> {
        Rater {
            ratings: Ratings::sudoku_explainer_ref(),
            table: None,
            finders: REGISTRY,
            style: Style::Se,
            budget: Budget::UNLIMITED,
            clock: None,
            cancel: None,
        }
    }

    /// The same rater with SE ratings from `ratings`.
    pub fn with_ratings(self, ratings: &'a Ratings) -> Rater<'a> {
        Rater { ratings, ..self }
    }

    /// The same rater with HoDoKu scores and levels from `table`.
    pub fn with_table(self, table: &'a HodokuTable) -> Rater<'a> {
        Rater {
            table: Some(table),
            ..self
        }
    }

    /// The same rater in another [`Style`]: [`Style::Human`] solves in HoDoKu's order, the
    /// easiest step of each technique first, so its HoDoKu score and level are computed over
    /// HoDoKu's own kind of path (the HoDoKu scale; its SE numbers then describe that path, not
    /// serate's). Its finders become the style's default list ([`Style::finders`]);
    /// [`with_finders`](Rater::with_finders) afterwards replaces them.
    pub fn with_style(self, style: Style) -> Rater<'a> {
        Rater {
            style,
            finders: style.finders(false),
            ..self
        }
    }

    /// The style in use.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The same rater using only `finders`, in the given order.
    pub fn with_finders(self, finders: &'a [&'a dyn Finder]) -> Rater<'a> {
        Rater { finders, ..self }
    }

    /// The same rater with a per-puzzle budget. Its time limit is measured by the clock of
    /// [`with_clock`](Rater::with_clock): without one it counts as reached at once.
    pub fn with_budget(self, budget: Budget) -> Rater<'a> {
        Rater { budget, ..self }
    }

    /// The same rater measuring the budget's time limit by `clock` (the library never reads
    /// the time itself). Native callers pass one made from `std::time::Instant`
    /// (`Arc::new(move || origin.elapsed())`), a browser one from `performance.now()`; this
    /// example's clock stands still:
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use sudokit::budget::Clock;
    /// use sudokit::logic::Ratings;
    /// use sudokit::rate::{Budget, HodokuTable, Rater};
    /// let clock: Arc<dyn Clock> = Arc::new(|| Duration::from_secs(3));
    /// let rater = Rater::new()
    ///     .with_budget(Budget::UNLIMITED.with_time(Duration::from_secs(5)))
    ///     .with_clock(&clock);
    /// let puzzle = sudokit::format::parse(
    ///     "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
    /// )?.grid;
    /// assert!(rater.rate(&puzzle).is_ok());
    /// # Ok::<(), sudokit::format::ParseError>(())
    /// ```
    pub fn with_clock(self, clock: &'a Arc<dyn Clock>) -> Rater<'a> {
        Rater {
            clock: Some(clock),
            ..self
        }
    }

    /// The same rater giving up ([`Limit::Cancelled`]) as soon as `flag` is set, by another
    /// thread say: checked before each technique's search and during the long chain searches.
    pub fn with_cancel(self, flag: &'a Arc<AtomicBool>) -> Rater<'a> {
        Rater {
            cancel: Some(flag),
            ..self
        }
    }

    /// The budget in force.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Rates `puzzle`.
    pub fn rate(&self, puzzle: &crate::Grid) -> Result<Rated, RateError> {
        self.rate_state(&CandidateGrid::from_grid(puzzle))
    }

    /// Rates a pencilmark state: the path from it, with its candidates as given. The state must
    /// have exactly one solution: its placed digits must have one, and its candidates must
    /// allow it. (When the placed digits have several, [`RateError::MultipleSolutions`] is
    /// reported even if the candidates happen to rule all but one out.)
    pub fn rate_state(&self, state: &CandidateGrid) -> Result<Rated, RateError> {
        let guard = self.guard();
        check_proper(state)?;
        let (path, spent) = self.guarded(&guard, |solver| solver.solve(state));
        if let (Some(limit), Outcome::Stuck) = (spent, path.outcome) {
            return Err(RateError::GaveUp {
                limit,
                steps: path.steps.len(),
                hardest: path.steps.iter().map(|s| s.rating).max(),
            });
        }
        let rating = match self.table {
            Some(table) => PuzzleRating::of(state, &path.steps, path.outcome, table),
            None => PuzzleRating::of(state, &path.steps, path.outcome, &HodokuTable::default()),
        };
        Ok(Rated { rating, path })
    }

    /// The step this rater's techniques take next in `state`, as [`Solver::next_step`] finds it
    /// (uniqueness techniques only after the solver's own check), within the budget's time
    /// limit: `Err` with the limit when it ran out before a step was found. Unlike
    /// [`rate_state`](Rater::rate_state) this does not require one solution, so a hint can be
    /// given for any position. `Ok(None)`: solved, or no technique in use applies.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use sudokit::budget::Clock;
    /// use sudokit::logic::{CandidateGrid, Technique};
    /// use sudokit::rate::{Budget, Limit, Rater};
    /// let puzzle = sudokit::format::parse(
    ///     "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
    /// )?.grid;
    /// let state = CandidateGrid::from_grid(&puzzle);
    /// let rater = Rater::new();
    /// let step = rater.next_step(&state).expect("no limit").expect("a step");
    /// assert_eq!(step.technique, Technique::HiddenSingleBox);
    /// let frozen: Arc<dyn Clock> = Arc::new(|| Duration::ZERO);
    /// let hurried = rater
    ///     .with_budget(Budget::UNLIMITED.with_time(Duration::ZERO))
    ///     .with_clock(&frozen);
    /// assert_eq!(hurried.next_step(&state), Err(Limit::Time(Duration::ZERO)));
    /// # Ok::<(), sudokit::format::ParseError>(())
    /// ```
    pub fn next_step(&self, state: &CandidateGrid) -> Result<Option<Step>, Limit> {
        match self.guarded(&self.guard(), |solver| solver.next_step(state)) {
            (None, Some(limit)) => Err(limit),
            (step, _) => Ok(step),
        }
    }

    /// A fresh guard over this rater's budget, its time counted from now.
    fn guard(&self) -> Guard {
        let mut guard = Guard::new(self.budget);
        if let Some(clock) = self.clock {
            guard = guard.with_clock(Arc::clone(clock));
        }
        if let Some(flag) = self.cancel {
            guard = guard.with_cancel(Arc::clone(flag));
        }
        guard
    }

    /// Runs `work` with a solver over this rater's finders, each wrapped by `guard`; returns
    /// its result and the limit that was hit, if any.
    fn guarded<T>(&self, guard: &Guard, work: impl FnOnce(&Solver<'_>) -> T) -> (T, Option<Limit>) {
        let wrapped = guard.wrap(self.finders);
        let finders: Vec<&dyn Finder> = wrapped.iter().map(|w| w as &dyn Finder).collect();
        let result = work(
            &Solver::new()
                .with_finders(&finders)
                .with_ratings(self.ratings)
                .with_pick(self.style),
        );
        (result, guard.spent())
    }
}

impl Default for Rater<'_> {
    /// [`Rater::new`].
    fn default() -> Self {
        Rater::new()
    }
}

impl std::fmt::Debug for Rater<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let techniques: Vec<_> = self.finders.iter().map(|f| f.technique()).collect();
        f.debug_struct("Rater")
            .field("techniques", &techniques)
            .field("style", &self.style)
            .field("budget", &self.budget)
            .field("clock", &self.clock.is_some())
            .field("cancel", &self.cancel)
            .finish_non_exhaustive()
    }
}

/// Checks that `state` is valid and has exactly one solution, as [`Rater`] does before rating:
/// the placed digits break no rule and have exactly one solution, and the candidates of every
/// empty cell allow it. (Placed digits with several solutions are reported as
/// [`RateError::MultipleSolutions`] even if the candidates happen to rule all but one out.)
///
/// ```
/// use sudokit::logic::CandidateGrid;
/// use sudokit::rate::{check_proper, RateError};
/// assert_eq!(check_proper(&CandidateGrid::new()), Err(RateError::MultipleSolutions));
/// ```
pub fn check_proper(state: &CandidateGrid) -> Result<(), RateError> {
    let grid = state.to_grid();
    grid.check_rules().map_err(RateError::Invalid)?;
    // Two solutions at most: the same search as `solve::count(&grid, 2)`, keeping the first.
    let found: Vec<crate::Grid> = solve::solutions(&grid).take(2).collect();
    let solution = match found.as_slice() {
        [] => return Err(RateError::NoSolution),
        [one] => one,
        _ => return Err(RateError::MultipleSolutions),
    };
    let allowed = Cell::all().all(|cell| {
        state.value(cell).is_some()
            || solution
                .get(cell)
                .is_some_and(|digit| state.candidates(cell).contains(digit))
    });
    if allowed {
        Ok(())
    } else {
        Err(RateError::NoSolution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn grid(line: &str) -> crate::Grid {
        format::parse(line).expect("a puzzle").grid
    }

    const EASY: &str =
        "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6";

    /// `Rater::new` uses SE 1.2.1's ratings and HoDoKu's table; `with_ratings` and
    /// `with_table` replace them.
    #[test]
    fn the_default_tables_are_se_and_hodoku_and_with_replaces_them() {
        let rated = Rater::new().rate(&grid(EASY)).expect("rated");
        let explicit = (Ratings::sudoku_explainer(), HodokuTable::hodoku());
        let same = Rater::new()
            .with_ratings(&explicit.0)
            .with_table(&explicit.1)
            .rate(&grid(EASY))
            .expect("rated");
        assert_eq!(rated, same);
        let mut ratings = Ratings::sudoku_explainer();
        let mut table = HodokuTable::hodoku();
        for &t in Technique::ALL {
            ratings.set(t, Rating::from_tenths(77));
            table.set(t, HodokuEntry::new(1, Level::Unfair));
        }
        let other = Rater::new()
            .with_ratings(&ratings)
            .with_table(&table)
            .rate(&grid(EASY))
            .expect("rated");
        assert_eq!(other.rating.se.er, Rating::from_tenths(77));
        assert_eq!(other.rating.hodoku.level, Level::Unfair);
        assert_eq!(other.rating.hodoku.score, other.path.steps.len() as u32);
    }

    #[test]
    fn a_proper_puzzle_is_rated_from_its_path() {
        let table = HodokuTable::default();
        let rated = Rater::new().rate(&grid(EASY)).expect("rated");
        let path = &rated.path;
        assert_eq!(path.outcome, Outcome::Solved);
        assert_eq!(
            rated.rating,
            PuzzleRating::of(
                &CandidateGrid::from_grid(&grid(EASY)),
                &path.steps,
                path.outcome,
                &table
            )
        );
        assert_eq!(rated.rating.steps, path.steps.len());
        let max = path.steps.iter().map(|s| s.rating).max();
        assert_eq!(Some(rated.rating.se.er), max);
        let hardest = path.steps.iter().find(|s| Some(s.rating) == max);
        assert_eq!(rated.rating.hardest, hardest.map(|s| s.technique));
    }

    #[test]
    fn puzzles_without_exactly_one_solution_are_not_rated() {
        let rater = Rater::new();
        assert_eq!(
            rater.rate(&crate::Grid::empty()),
            Err(RateError::MultipleSolutions)
        );
        let two_fives = grid(&format!("55{}", ".".repeat(79)));
        assert!(matches!(rater.rate(&two_fives), Err(RateError::Invalid(_))));
        // Valid givens without a solution: r1c1 can hold nothing (1-8 in its row, 9 in its
        // column).
        let dead = grid(&format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62)));
        assert_eq!(rater.rate(&dead), Err(RateError::NoSolution));
        assert_eq!(RateError::NoSolution.to_string(), "no solution");
    }

    #[test]
    fn a_state_whose_candidates_exclude_the_solution_has_none() {
        let puzzle = grid(EASY);
        let solution = solve::solve(&puzzle).expect("solvable");
        let mut state = CandidateGrid::from_grid(&puzzle);
        let cell = Cell::all()
            .find(|&c| puzzle.get(c).is_none())
            .expect("an empty cell");
        let digit = solution.get(cell).expect("solved");
        assert!(state.eliminate(cell, digit));
        let rater = Rater::new();
        assert_eq!(rater.rate_state(&state), Err(RateError::NoSolution));
    }

    #[test]
    fn the_budget_turns_a_long_solve_into_gave_up() {
        let rater = Rater::new();
        let full = rater.rate(&grid(EASY)).expect("rated");
        let steps = full.path.steps.len();
        // Exactly enough steps: rated; one fewer: gave up after that many.
        let enough = rater.with_budget(Budget::UNLIMITED.with_steps(steps));
        assert_eq!(enough.rate(&grid(EASY)), Ok(full.clone()));
        let short = rater.with_budget(Budget::UNLIMITED.with_steps(steps - 1));
        match short.rate(&grid(EASY)) {
            Err(RateError::GaveUp {
                limit: Limit::Steps(n),
                steps: taken,
                hardest,
            }) => {
                assert_eq!((n, taken), (steps - 1, steps - 1));
                assert!(hardest <= Some(full.rating.se.er));
            }
            other => panic!("expected gave up, got {other:?}"),
        }
        let frozen: Arc<dyn Clock> = Arc::new(|| std::time::Duration::from_secs(1));
        let no_time = rater
            .with_budget(Budget::UNLIMITED.with_time(std::time::Duration::ZERO))
            .with_clock(&frozen);
        assert!(matches!(
            no_time.rate(&grid(EASY)),
            Err(RateError::GaveUp {
                limit: Limit::Time(_),
                steps: 0,
                hardest: None
            })
        ));
    }

    #[test]
    fn a_set_cancellation_flag_makes_the_rater_give_up() {
        let flag = Arc::new(AtomicBool::new(false));
        let rater = Rater::new().with_cancel(&flag);
        let full = rater.rate(&grid(EASY)).expect("not cancelled");
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            rater.rate(&grid(EASY)),
            Err(RateError::GaveUp {
                limit: Limit::Cancelled,
                steps: 0,
                hardest: None
            })
        );
        assert_eq!(
            rater.next_step(&CandidateGrid::from_grid(&grid(EASY))),
            Err(Limit::Cancelled)
        );
        // Without the flag set, the same rating as a rater without one.
        let plain = Rater::new().rate(&grid(EASY));
        assert_eq!(plain, Ok(full));
    }

    #[test]
    fn a_rater_with_fewer_techniques_gets_stuck_and_says_so() {
        let singles: [&dyn Finder; 1] = [&crate::logic::techniques::FullHouse];
        let rater = Rater::new().with_finders(&singles);
        let rated = rater.rate(&grid(EASY)).expect("rated, stuck");
        assert!(rated.rating.is_stuck());
        assert_eq!(rated.rating.se.er, STUCK);
        assert_eq!(rated.rating.hodoku.level, Level::Extreme);
        assert!(format!("{rater:?}").contains("FullHouse"));
    }

    #[test]
    #[cfg(feature = "serde")]
    fn ratings_serialize_flat() {
        let rated = Rater::new().rate(&grid(EASY)).expect("rated");
        let json = serde_json::to_string(&rated.rating).expect("serializes");
        assert!(json.starts_with(r#"{"er":"#), "{json}");
        assert!(json.contains(r#""level":""#), "{json}");
        assert!(json.contains(r#""outcome":"solved""#), "{json}");
        let back: PuzzleRating = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, rated.rating);
    }
}
