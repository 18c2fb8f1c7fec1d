//! A per-puzzle budget (time, steps) and the finder wrapper that enforces it.
//!
//! The solver knows nothing about budgets: [`Watched`] wraps each finder, checks the budget
//! before the finder runs, and once it is spent makes every finder find nothing, so the solver
//! stops as if stuck; the rater then sees the spent [`Watch`] and reports "gave up" instead of
//! "stuck". So a budget is checked between finders without a hook in most techniques. The long
//! ones (Nishio and dynamic chains, seconds per search on hard grids) also poll the time limit
//! while they search: the wrapper sets it as the thread's search deadline
//! (`logic::chains::cancel`), a search past it reports nothing, and the wrapper marks the watch
//! spent.

use crate::logic::chains::cancel;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag that stops ratings from another thread: give it to a
/// [`Rater`](super::Rater::with_cancel), and once [`CancelFlag::cancel`] is called every rating
/// in progress with it stops within milliseconds (checked before each technique and inside
/// the long chain searches, like the time limit) and reports [`Limit::Cancelled`]. Clones share
/// the flag.
///
/// ```
/// use sudoku::rate::{CancelFlag, HodokuTable, Limit, RateError, Rater};
/// use sudoku::logic::Ratings;
/// let (ratings, table) = (Ratings::default(), HodokuTable::default());
/// let flag = CancelFlag::new();
/// let rater = Rater::new(&ratings, &table).with_cancel(&flag);
/// flag.cancel();
/// let puzzle = sudoku::format::parse(
///     "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
/// )?.grid;
/// assert!(matches!(rater.rate(&puzzle), Err(RateError::GaveUp { limit: Limit::Cancelled, .. })));
/// # Ok::<(), sudoku::format::ParseError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag not yet raised.
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    /// Raises the flag: every rating under it stops.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much work one puzzle may take before the rater gives up on it.
///
/// ```
/// use std::time::Duration;
/// use sudoku::rate::Budget;
/// let budget = Budget::UNLIMITED.with_time(Duration::from_millis(500)).with_steps(1000);
/// assert_eq!(budget.time, Some(Duration::from_millis(500)));
/// assert_eq!(budget.steps, Some(1000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Budget {
    /// Wall-clock time from the start of [`Rater::rate`](super::Rater::rate) (the uniqueness
    /// check included); `None` for no limit. Checked before each technique's search, and
    /// during the long chain searches (every few assumptions), so a rating overruns it by
    /// milliseconds at most.
    pub time: Option<Duration>,
    /// The most steps the solve may take; `None` for no limit. A solve always ends within 729
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

/// The limit that made the rater give up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// The time limit.
    Time(Duration),
    /// The step limit.
    Steps(usize),
    /// The caller raised the rater's [`CancelFlag`].
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

/// The state of one rating's budget, shared by the wrapped finders.
#[derive(Debug)]
pub(crate) struct Watch {
    budget: Budget,
    /// The caller's cancel flag, if any.
    cancel: Option<CancelFlag>,
    started: Instant,
    /// Steps reported by the finders so far (the solver takes each one it is given).
    steps: AtomicUsize,
    spent: AtomicBool,
    /// Which limit was hit, once spent: 0 none, 1 time, 2 steps.
    which: AtomicUsize,
}

impl Watch {
    /// A fresh watch over `budget`, its clock started at `started`.
    pub(crate) fn new(budget: Budget, started: Instant) -> Watch {
        Watch {
            budget,
            cancel: None,
            started,
            steps: AtomicUsize::new(0),
            spent: AtomicBool::new(false),
            which: AtomicUsize::new(0),
        }
    }

    /// The same watch, also stopped by `flag`.
    pub(crate) fn with_cancel(self, flag: Option<CancelFlag>) -> Watch {
        Watch {
            cancel: flag,
            ..self
        }
    }

    /// The limit that was hit, if any.
    pub(crate) fn spent(&self) -> Option<Limit> {
        if !self.spent.load(Ordering::Relaxed) {
            return None;
        }
        match self.which.load(Ordering::Relaxed) {
            1 => self.budget.time.map(Limit::Time),
            3 => Some(Limit::Cancelled),
            _ => self.budget.steps.map(Limit::Steps),
        }
    }

    /// Whether a finder may still run; marks the watch spent when not.
    fn allows(&self) -> bool {
        if self.spent.load(Ordering::Relaxed) {
            return false;
        }
        if self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            self.which.store(3, Ordering::Relaxed);
            self.spent.store(true, Ordering::Relaxed);
            return false;
        }
        let out_of_steps = self
            .budget
            .steps
            .is_some_and(|max| self.steps.load(Ordering::Relaxed) >= max);
        let out_of_time = self
            .budget
            .time
            .is_some_and(|max| self.started.elapsed() >= max);
        if out_of_time || out_of_steps {
            self.which
                .store(if out_of_time { 1 } else { 2 }, Ordering::Relaxed);
            self.spent.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }

    fn count(&self) {
        self.steps.fetch_add(1, Ordering::Relaxed);
    }

    /// The instant the time limit runs out, if there is one.
    fn deadline(&self) -> Option<Instant> {
        self.budget.time.map(|time| self.started + time)
    }

    /// Runs one finder's search under the time limit as the thread's search deadline; marks
    /// the watch spent when the search was cancelled by it.
    fn run<T>(&self, search: impl FnOnce() -> T) -> T {
        let guard = cancel::set_deadline(self.deadline());
        let flag = cancel::set_flag(self.cancel.as_ref().map(|flag| Arc::clone(&flag.0)));
        let result = search();
        drop(flag);
        if guard.cancelled() {
            let raised = self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled);
            self.which
                .store(if raised { 3 } else { 1 }, Ordering::Relaxed);
            self.spent.store(true, Ordering::Relaxed);
        }
        result
    }
}

/// A finder that runs only while its [`Watch`] allows, and counts the steps it reports.
pub(crate) struct Watched<'a> {
    pub(crate) inner: &'a dyn Finder,
    pub(crate) watch: &'a Watch,
}

impl Finder for Watched<'_> {
    fn technique(&self) -> Technique {
        self.inner.technique()
    }

    fn techniques(&self) -> &'static [Technique] {
        self.inner.techniques()
    }

    fn assumes_unique_solution(&self) -> bool {
        self.inner.assumes_unique_solution()
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.watch.allows() {
            return ControlFlow::Continue(());
        }
        self.watch.run(|| {
            self.inner.find(grid, ratings, &mut |step| {
                self.watch.count();
                found(step)
            })
        })
    }

    // Forwarded, not left to the default: a finder may have a faster "first" of its own.
    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        if !self.watch.allows() {
            return None;
        }
        let step = self.watch.run(|| self.inner.first(grid, ratings));
        if step.is_some() {
            self.watch.count();
        }
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::NakedSingle;

    #[test]
    fn a_watch_runs_out_of_steps_and_stays_spent() {
        let watch = Watch::new(Budget::UNLIMITED.with_steps(1), Instant::now());
        let finder = Watched {
            inner: &NakedSingle,
            watch: &watch,
        };
        let values: [u8; 81] = std::array::from_fn(|i| if i < 8 { (i + 1) as u8 } else { 0 });
        let grid = CandidateGrid::from_grid(&crate::Grid::from_values(values).expect("a grid"));
        let ratings = Ratings::default();
        assert!(finder.first(&grid, &ratings).is_some());
        assert_eq!(watch.spent(), None);
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(watch.spent(), Some(Limit::Steps(1)));
        assert!(finder.all(&grid, &ratings).is_empty());
        assert_eq!(Limit::Steps(1).to_string(), "step limit of 1");
    }

    #[test]
    fn a_long_chain_search_stops_at_the_deadline() {
        // Dynamic chains (+) from the raw top1465 puzzle rated 9.8: hundreds of assumptions,
        // each walked with the simple rules; far longer than the budget.
        let line =
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
        let puzzle = crate::format::parse(line).expect("a puzzle line").grid;
        let grid = CandidateGrid::from_grid(&puzzle);
        let ratings = Ratings::default();
        let plus = crate::logic::techniques::DynamicForcingChains::PLUS;
        let full = Instant::now();
        assert!(plus.first(&grid, &ratings).is_some());
        let full = full.elapsed();
        let budget = full / 10;
        let watch = Watch::new(Budget::UNLIMITED.with_time(budget), Instant::now());
        let finder = Watched {
            inner: &plus,
            watch: &watch,
        };
        // The search stops at the deadline (it would have found a step had it run to the
        // end), reports nothing, and the watch is spent.
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(watch.spent(), Some(Limit::Time(budget)));
        // The deadline is the wrapper's only: the same finder alone still finds its step.
        assert!(plus.first(&grid, &ratings).is_some());
    }

    #[test]
    fn a_raised_flag_stops_a_long_chain_search() {
        // The puzzle of the deadline test, whose dynamic (+) search takes far longer than the
        // check: the flag, raised by another thread once the search is under way, stops it.
        let line =
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
        let puzzle = crate::format::parse(line).expect("a puzzle line").grid;
        let grid = CandidateGrid::from_grid(&puzzle);
        let ratings = Ratings::default();
        let plus = crate::logic::techniques::DynamicForcingChains::PLUS;
        let flag = CancelFlag::new();
        let watch = Watch::new(Budget::UNLIMITED, Instant::now()).with_cancel(Some(flag.clone()));
        let finder = Watched {
            inner: &plus,
            watch: &watch,
        };
        // Raised before the search: it does not even start.
        flag.cancel();
        assert!(finder.first(&grid, &ratings).is_none());
        assert_eq!(watch.spent(), Some(Limit::Cancelled));
        // Raised during the search (polled inside it): the search reports nothing.
        let flag = CancelFlag::new();
        let inside = CancelFlag::new();
        let watch = Watch::new(Budget::UNLIMITED, Instant::now()).with_cancel(Some(flag.clone()));
        std::thread::scope(|scope| {
            let raiser = flag.clone();
            let started = inside.clone();
            scope.spawn(move || {
                // Raises the flag once the main thread is about to search. The search takes
                // far longer than this thread needs to wake up, so the flag goes up while it
                // runs; were it not polled inside, the search would end with its step.
                while !started.is_cancelled() {
                    std::thread::yield_now();
                }
                raiser.cancel();
            });
            let finder = Watched {
                inner: &plus,
                watch: &watch,
            };
            inside.cancel();
            assert!(finder.first(&grid, &ratings).is_none());
        });
        assert_eq!(watch.spent(), Some(Limit::Cancelled));
        assert_eq!(Limit::Cancelled.to_string(), "cancellation");
    }

    #[test]
    fn a_watch_runs_out_of_time() {
        // A zero limit is spent before the first search.
        let watch = Watch::new(Budget::UNLIMITED.with_time(Duration::ZERO), Instant::now());
        let finder = Watched {
            inner: &NakedSingle,
            watch: &watch,
        };
        let grid = CandidateGrid::new();
        assert!(finder.first(&grid, &Ratings::default()).is_none());
        assert_eq!(watch.spent(), Some(Limit::Time(Duration::ZERO)));
        assert_eq!(
            Limit::Time(Duration::from_millis(250)).to_string(),
            "time limit of 250 ms"
        );
        let unlimited = Watch::new(Budget::UNLIMITED, Instant::now());
        assert!(unlimited.allows());
        assert_eq!(unlimited.spent(), None);
    }
}
