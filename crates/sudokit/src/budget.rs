//! One way to bound long work: a [`Budget`] of time and steps, a [`Clock`] the caller passes
//! in, and a cancellation flag, held together by a [`Guard`] that every long operation accepts.
//!
//! # Overview
//! - [`Budget`]: plain data, how much time and how many steps a piece of work may take.
//! - [`Clock`]: the time since an origin of the caller's choosing. The library never reads the
//!   time itself (`std::time::Instant` panics on `wasm32-unknown-unknown`), so a time limit
//!   is measured only against a clock given to the guard: native callers pass one made from
//!   `Instant`, a browser one from `performance.now()`, a test a fixed one. Any
//!   `Fn() -> Duration + Send + Sync` closure is a clock. A time limit without a clock cannot
//!   be measured, and counts as reached at the first check, so that forgetting the clock
//!   shows at once instead of leaving the work unbounded.
//! - [`Guard`]: the budget, the clock, an optional `Arc<AtomicBool>` another thread (or a
//!   closed pipe) sets to cancel, and the count of steps taken; once any limit is reached it
//!   stays spent and [`Guard::spent`] says which ([`Limit`]). Clones share that state.
//! - [`Guarded`](crate::logic::Guarded): a [`Finder`](crate::logic::Finder) wrapped so that it finds nothing once its guard is spent and
//!   counts the steps it reports; [`Guard::wrap`] wraps a whole finder list, so a
//!   [`Solver`](crate::logic::Solver) over it stops as if stuck when the budget runs out.
//!   [`Guard::run`] also makes the guard the one the long chain searches (Nishio, dynamic and
//!   nested forcing chains, seconds per search on hard grids) poll while they search.
//!
//! - [`Guard::child`]: a guard for one part of a larger piece of work, with a budget of its
//!   own, also spent when its parent is (the generator rates each candidate under a child of
//!   the caller's guard, so the caller's deadline stops a rating midway).
//!
//! The exact solver ([`Search::with_guard`](crate::solve::Search::with_guard): a step is a
//! guess), the rater ([`Rater::with_clock`](crate::rate::Rater::with_clock),
//! [`Rater::with_cancel`](crate::rate::Rater::with_cancel)), the generator
//! ([`Generator::puzzle_guarded`](crate::generate::Generator::puzzle_guarded): a step is a
//! candidate tried), the command-line tool and the server all go through these types.
//!
//! # Example
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! use sudokit::budget::{Budget, Guard, Limit};
//! use sudokit::logic::techniques::REGISTRY;
//! use sudokit::logic::{CandidateGrid, Finder, Outcome, Ratings, Solver};
//!
//! let puzzle = sudokit::format::parse(
//!     "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
//! )?.grid;
//! let ratings = Ratings::default();
//! // A clock that never moves: a deterministic stand-in for a real one.
//! let frozen = Arc::new(|| Duration::from_secs(7));
//! let guard = Guard::new(Budget::UNLIMITED.with_steps(3)).with_clock(frozen);
//! let wrapped = guard.wrap(REGISTRY);
//! let finders: Vec<&dyn Finder> = wrapped.iter().map(|f| f as &dyn Finder).collect();
//! let path = guard.run(|| Solver::new().with_finders(&finders).solve(&CandidateGrid::from_grid(&puzzle)));
//! assert_eq!((path.outcome, path.steps.len()), (Outcome::Stuck, 3));
//! assert_eq!(guard.spent(), Some(Limit::Steps(3)));
//! # Ok::<(), sudokit::format::ParseError>(())
//! ```

use std::cell::RefCell;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The time since an origin of the clock's choosing. It must not go backwards.
///
/// ```
/// use std::time::Duration;
/// use sudokit::budget::Clock;
/// let fixed = || Duration::from_millis(5);
/// assert_eq!(fixed.now(), Duration::from_millis(5));
/// ```
pub trait Clock: Send + Sync {
    /// The current time, as a duration since the clock's origin.
    fn now(&self) -> Duration;
}

impl<F: Fn() -> Duration + Send + Sync> Clock for F {
    fn now(&self) -> Duration {
        self()
    }
}

/// How much work one operation may take (for the rater: one puzzle) before it gives up.
///
/// ```
/// use std::time::Duration;
/// use sudokit::budget::Budget;
/// let budget = Budget::UNLIMITED.with_time(Duration::from_millis(500)).with_steps(1000);
/// assert_eq!(budget.time, Some(Duration::from_millis(500)));
/// assert_eq!(budget.steps, Some(1000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Budget {
    /// Time from the start of the work (for [`Rater::rate`](crate::rate::Rater::rate): the
    /// uniqueness check included), by the [`Clock`] given with it; `None` for no limit. The
    /// library does not read the time itself: without a clock, a time limit counts as
    /// reached at the first check.
    /// Checked before each technique's search, and during the long chain searches (every few
    /// assumptions), so work overruns it by milliseconds at most.
    pub time: Option<Duration>,
    /// The most steps the work may take; `None` for no limit. A solve always ends within 729
    /// steps, so this bounds the work of hard puzzles more than it prevents hangs.
    pub steps: Option<usize>,
}

impl Budget {
    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        time: None,
        steps: None,
    };

    /// The same budget with a time limit.
    pub const fn with_time(self, time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..self
        }
    }

    /// The same budget with a step limit.
    pub const fn with_steps(self, steps: usize) -> Budget {
        Budget {
            steps: Some(steps),
            ..self
        }
    }
}

/// The limit that stopped the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// The time limit.
    Time(Duration),
    /// The step limit.
    Steps(usize),
    /// The cancellation flag was set.
    Cancelled,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Time(time) => write!(f, "time limit of {} ms", time.as_millis()),
            Limit::Steps(steps) => write!(f, "step limit of {steps}"),
            Limit::Cancelled => f.write_str("cancellation"),
        }
    }
}

/// Why a guard is spent, in its state byte.
const NOT_SPENT: u8 = 0;
const SPENT_TIME: u8 = 1;
const SPENT_STEPS: u8 = 2;
const SPENT_CANCELLED: u8 = 3;
const SPENT_PARENT: u8 = 4;

/// What the clones of one guard share.
#[derive(Debug, Default)]
struct State {
    /// Steps counted so far.
    steps: AtomicUsize,
    /// `NOT_SPENT`, or the first limit reached.
    spent: AtomicU8,
}

/// A budget being spent: the [`Budget`], the [`Clock`] its time limit is measured by, an
/// optional cancellation flag, and the steps taken so far. Cheap to clone; clones share the
/// count and the spent state.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::sync::Arc;
/// use std::time::Duration;
/// use sudokit::budget::{Budget, Guard, Limit};
/// let flag = Arc::new(AtomicBool::new(false));
/// let guard = Guard::new(Budget::UNLIMITED).with_cancel(flag.clone());
/// assert!(guard.allows());
/// flag.store(true, Ordering::Relaxed);
/// assert!(!guard.allows());
/// assert_eq!(guard.spent(), Some(Limit::Cancelled));
///
/// // Time is measured only by the clock given: this one never moves past the deadline.
/// let timed = Guard::new(Budget::UNLIMITED.with_time(Duration::from_secs(1)))
///     .with_clock(Arc::new(|| Duration::ZERO));
/// assert!(timed.allows());
/// ```
#[derive(Clone)]
pub struct Guard {
    budget: Budget,
    clock: Option<Arc<dyn Clock>>,
    /// The clock's time when the time limit runs out.
    deadline: Option<Duration>,
    cancel: Option<Arc<AtomicBool>>,
    state: Arc<State>,
    /// The guard this one was made from ([`Guard::child`]): spent, it spends this one.
    parent: Option<Arc<Guard>>,
}

impl Guard {
    /// A fresh guard over `budget`, with no clock and no cancellation flag. A time limit needs
    /// a clock ([`with_clock`](Guard::with_clock)): without one it counts as reached.
    pub fn new(budget: Budget) -> Guard {
        Guard {
            budget,
            clock: None,
            deadline: None,
            cancel: None,
            state: Arc::new(State::default()),
            parent: None,
        }
    }

    /// A guard for one part of this guard's work, with a budget of its own: its own step
    /// count and time limit (by this guard's clock, from now), and spent also when this guard
    /// is (its deadline passed, its flag set or its steps used up). The parent is not spent
    /// by the child, and the child's steps are not counted on it.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use sudokit::budget::{Budget, Guard, Limit};
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let whole = Guard::new(Budget::UNLIMITED).with_cancel(flag.clone());
    /// let part = whole.child(Budget::UNLIMITED.with_steps(1));
    /// part.count_step();
    /// assert_eq!((part.allows(), whole.allows()), (false, true));
    /// let next = whole.child(Budget::UNLIMITED);
    /// flag.store(true, Ordering::Relaxed);
    /// assert!(!next.allows());
    /// assert_eq!(next.spent(), Some(Limit::Cancelled));
    /// ```
    pub fn child(&self, budget: Budget) -> Guard {
        let child = Guard {
            parent: Some(Arc::new(self.clone())),
            ..Guard::new(budget)
        };
        match &self.clock {
            Some(clock) => child.with_clock(clock.clone()),
            None => child,
        }
    }

    /// The same guard measuring its time limit by `clock`, from now (the clock is read once
    /// here, and then at each check).
    pub fn with_clock(self, clock: Arc<dyn Clock>) -> Guard {
        let deadline = self
            .budget
            .time
            .map(|time| clock.now().saturating_add(time));
        Guard {
            clock: Some(clock),
            deadline,
            ..self
        }
    }

    /// The same guard, also spent as soon as `flag` is set (by another thread, say).
    pub fn with_cancel(self, flag: Arc<AtomicBool>) -> Guard {
        Guard {
            cancel: Some(flag),
            ..self
        }
    }

    /// The budget in force.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The steps counted so far.
    pub fn steps(&self) -> usize {
        self.state.steps.load(Ordering::Relaxed)
    }

    /// Counts one step of work.
    pub fn count_step(&self) {
        self.count_steps(1);
    }

    /// Counts `n` steps of work (a search's guesses, counted a slice at a time).
    pub(crate) fn count_steps(&self, n: usize) {
        self.state.steps.fetch_add(n, Ordering::Relaxed);
    }

    /// The limit that was reached, if any.
    pub fn spent(&self) -> Option<Limit> {
        match self.state.spent.load(Ordering::Relaxed) {
            SPENT_TIME => self.budget.time.map(Limit::Time),
            SPENT_STEPS => self.budget.steps.map(Limit::Steps),
            SPENT_CANCELLED => Some(Limit::Cancelled),
            SPENT_PARENT => self.parent.as_ref().and_then(|parent| parent.spent()),
            _ => None,
        }
    }

    /// Whether more work may start: no limit has been reached (steps, time, cancellation).
    /// Marks the guard spent when one has.
    pub fn allows(&self) -> bool {
        if self.should_stop() {
            return false;
        }
        let out_of_steps = self.budget.steps.is_some_and(|max| self.steps() >= max);
        if out_of_steps {
            self.mark(SPENT_STEPS);
            return false;
        }
        if self.parent.as_ref().is_some_and(|parent| !parent.allows()) {
            self.mark(SPENT_PARENT);
            return false;
        }
        true
    }

    /// Whether work in progress must stop: the guard is spent, the flag set or the deadline
    /// passed (marks it spent then). Reads the clock only when there is a time limit. Steps
    /// are not checked: a step limit stops work between steps, not inside one.
    pub(crate) fn should_stop(&self) -> bool {
        if self.state.spent.load(Ordering::Relaxed) != NOT_SPENT {
            return true;
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            self.mark(SPENT_CANCELLED);
            return true;
        }
        let out_of_time = match (self.deadline, &self.clock) {
            (Some(deadline), Some(clock)) => clock.now() >= deadline,
            // A time limit that cannot be measured: spent, rather than silently unbounded.
            _ => self.budget.time.is_some(),
        };
        if out_of_time {
            self.mark(SPENT_TIME);
            return true;
        }
        if self
            .parent
            .as_ref()
            .is_some_and(|parent| parent.should_stop())
        {
            self.mark(SPENT_PARENT);
            return true;
        }
        false
    }

    /// Whether this guard was spent because its parent was ([`Guard::child`]).
    pub(crate) fn stopped_by_parent(&self) -> bool {
        self.state.spent.load(Ordering::Relaxed) == SPENT_PARENT
    }

    /// Records the first limit reached.
    fn mark(&self, why: u8) {
        // A lost race means another limit was recorded first; that one stands.
        let _ =
            self.state
                .spent
                .compare_exchange(NOT_SPENT, why, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Runs `work` on this thread with this guard polled by the long chain searches (Nishio,
    /// dynamic and nested forcing chains): a search still running when the guard's time runs
    /// out or its flag is set stops and reports nothing, and the guard is spent. The other
    /// finders are quick and do not look; wrap them ([`Guard::wrap`]) to stop between them.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use sudokit::budget::{Budget, Guard, Limit};
    /// use sudokit::logic::{CandidateGrid, Outcome, Ratings, Solver};
    /// let puzzle = sudokit::format::parse(
    ///     "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
    /// )?.grid;
    /// // No time at all: the first dynamic chain search stops at once.
    /// let guard = Guard::new(Budget::UNLIMITED.with_time(Duration::ZERO))
    ///     .with_clock(Arc::new(|| Duration::ZERO));
    /// let path = guard.run(|| Solver::new().solve(&CandidateGrid::from_grid(&puzzle)));
    /// assert_eq!(path.outcome, Outcome::Stuck);
    /// assert_eq!(guard.spent(), Some(Limit::Time(Duration::ZERO)));
    /// # Ok::<(), sudokit::format::ParseError>(())
    /// ```
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        let _installed = install(Some(self.clone()));
        work()
    }

    /// Marks the guard spent by a cancellation (a finder cap uses it: the step over the cap
    /// ends the solve as a raised flag would).
    pub(crate) fn cancel(&self) {
        self.mark(SPENT_CANCELLED);
    }
}

impl fmt::Debug for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Guard")
            .field("budget", &self.budget)
            .field("clock", &self.clock.is_some())
            .field("cancel", &self.cancel)
            .field("steps", &self.steps())
            .field("spent", &self.spent())
            .field("parent", &self.parent)
            .finish()
    }
}

thread_local! {
    /// The guard of the work running on this thread ([`Guard::run`]), if any: the one the long
    /// chain searches poll. Thread-local and crate-private: a search runs on one thread, and a
    /// caller hands its guard over explicitly, so the engine keeps no global state it can see.
    static CURRENT: RefCell<Option<Guard>> = const { RefCell::new(None) };
}

/// Makes a guard the thread's until dropped (then the previous one is back).
pub(crate) struct Installed {
    previous: Option<Guard>,
}

/// Runs work on this thread under `guard` (none: no limit) until the result drops.
pub(crate) fn install(guard: Option<Guard>) -> Installed {
    let previous = CURRENT.with(|g| g.replace(guard));
    Installed { previous }
}

impl Drop for Installed {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT.with(|g| g.replace(previous));
    }
}

/// Whether the work running on this thread must stop: its guard is spent, or its deadline has
/// passed or its flag been set (which spends it). Without a guard, nothing is read.
pub(crate) fn current_should_stop() -> bool {
    CURRENT.with(|g| g.borrow().as_ref().is_some_and(Guard::should_stop))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::NakedSingle;
    use crate::logic::{CandidateGrid, Finder, Ratings, Step};
    use std::sync::atomic::AtomicU64;

    /// A clock moved by hand, in milliseconds.
    fn manual() -> (Arc<AtomicU64>, Arc<dyn Clock>) {
        let millis = Arc::new(AtomicU64::new(0));
        let read = millis.clone();
        let clock = Arc::new(move || Duration::from_millis(read.load(Ordering::Relaxed)));
        (millis, clock)
    }

    fn eight_givens() -> CandidateGrid {
        let values: [u8; 81] = std::array::from_fn(|i| if i < 8 { (i + 1) as u8 } else { 0 });
        CandidateGrid::from_grid(&crate::Grid::from_values(values).expect("a grid"))
    }

    #[test]
    fn a_guard_runs_out_of_steps_and_stays_spent() {
        let guard = Guard::new(Budget::UNLIMITED.with_steps(1));
        let finder = &guard.wrap(&[&NakedSingle])[0];
        let (grid, ratings) = (eight_givens(), Ratings::default());
        assert!(finder.first(&grid, &ratings).is_some());
        assert_eq!(guard.spent(), None);
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(guard.spent(), Some(Limit::Steps(1)));
        assert!(finder.all(&grid, &ratings).is_empty());
        assert_eq!(Limit::Steps(1).to_string(), "step limit of 1");
    }

    #[test]
    fn the_time_limit_is_measured_by_the_clock_passed_in() {
        let (millis, clock) = manual();
        millis.store(1_000, Ordering::Relaxed);
        let guard =
            Guard::new(Budget::UNLIMITED.with_time(Duration::from_millis(250))).with_clock(clock);
        let finder = &guard.wrap(&[&NakedSingle])[0];
        let (grid, ratings) = (eight_givens(), Ratings::default());
        millis.store(1_249, Ordering::Relaxed);
        assert!(finder.first(&grid, &ratings).is_some());
        millis.store(1_250, Ordering::Relaxed);
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(guard.spent(), Some(Limit::Time(Duration::from_millis(250))));
        // Spent for good, even if the clock were to go back.
        millis.store(0, Ordering::Relaxed);
        assert!(!guard.allows());
        assert_eq!(
            Limit::Time(Duration::from_millis(250)).to_string(),
            "time limit of 250 ms"
        );
        // A time limit without a clock is reached at once (the library does not read the
        // time); no limit without a clock is no limit.
        let clockless = Guard::new(Budget::UNLIMITED.with_time(Duration::from_secs(60)));
        assert!(!clockless.allows());
        assert_eq!(
            clockless.spent(),
            Some(Limit::Time(Duration::from_secs(60)))
        );
        assert!(Guard::new(Budget::UNLIMITED).allows());
    }

    #[test]
    fn a_flag_set_elsewhere_cancels() {
        let flag = Arc::new(AtomicBool::new(false));
        let guard = Guard::new(Budget::UNLIMITED).with_cancel(flag.clone());
        let finder = &guard.wrap(&[&NakedSingle])[0];
        let (grid, ratings) = (eight_givens(), Ratings::default());
        assert!(finder.first(&grid, &ratings).is_some());
        std::thread::scope(|s| {
            s.spawn(|| flag.store(true, Ordering::Relaxed));
        });
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(guard.spent(), Some(Limit::Cancelled));
        assert_eq!(Limit::Cancelled.to_string(), "cancellation");
    }

    #[test]
    fn a_capped_finder_stops_at_the_first_step_over_the_cap() {
        let guard = Guard::new(Budget::UNLIMITED);
        let over = |step: &Step| step.rating.tenths() > 0;
        let finder = &guard.wrap_capped(&[&NakedSingle], &over)[0];
        let (grid, ratings) = (eight_givens(), Ratings::default());
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(guard.spent(), Some(Limit::Cancelled));
        assert_eq!(guard.steps(), 0);
    }

    #[test]
    fn a_long_chain_search_stops_when_the_clock_passes_the_deadline() {
        // Dynamic chains (+) from the raw top1465 puzzle rated 9.8: hundreds of assumptions,
        // each walked with the simple rules. The clock moves a millisecond each time it is
        // read, so the deadline passes after a fixed number of polls, well before the end.
        let line =
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
        let puzzle = crate::format::parse(line).expect("a puzzle line").grid;
        let grid = CandidateGrid::from_grid(&puzzle);
        let ratings = Ratings::default();
        let plus = crate::logic::techniques::DynamicForcingChains::PLUS;
        let ticks = Arc::new(AtomicU64::new(0));
        let read = ticks.clone();
        let ticking = Arc::new(move || Duration::from_millis(read.fetch_add(1, Ordering::Relaxed)));
        let guard =
            Guard::new(Budget::UNLIMITED.with_time(Duration::from_millis(5))).with_clock(ticking);
        let finder = &guard.wrap(&[&plus])[0];
        // The search stops at the deadline (it would have found a step had it run to the
        // end), reports nothing, and the guard is spent.
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(guard.spent(), Some(Limit::Time(Duration::from_millis(5))));
        assert!(ticks.load(Ordering::Relaxed) > 5);
        // The guard is the wrapper's only: the same finder alone still finds its step.
        assert!(plus.first(&grid, &ratings).is_some());
    }
}
