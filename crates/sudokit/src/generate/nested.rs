//! Targets only the nested forcing chains can reach (ER 10.0 and up, say): candidates are
//! judged with Sudoku Explainer's nested levels ([`WITH_NESTED`]), each under a *work budget*,
//! so that a hit carries the exact rating `sudoku rate --nested` gives, and no candidate can
//! take minutes.
//!
//! A nested rating takes seconds, and now and then minutes, so each candidate needs a budget.
//! A time budget would make the puzzles depend on the machine and its load: a candidate near
//! the limit would be a hit on a fast run and a miss on a slow one, and every later candidate
//! of that search would differ. So the budget counts *work*, not time: the checks of the
//! guard that the rating makes (before each finder's search, and every source cell of the
//! long chain searches: Nishio, dynamic and nested forcing chains, nested levels included).
//! They are a function of the candidate alone, so a search gives the same puzzles on any
//! machine, under any load and on any number of threads. The count is read through the
//! guard's [`Clock`]: a clock that moves one tick at each reading ([`WorkClock`]) turns the
//! guard's time limit into a limit on checks, with no change to the chain searches.
//!
//! A candidate whose rating runs out of work is a miss whose rating is unknown (its distance
//! is taken from the steps it had rated, plus the penalty of a cut-short candidate), never a
//! hit: every puzzle returned was rated to the end.
//!
//! The chain searches keep some results per thread between calls (the Nishio scan's per
//! digit, the nested levels' inner searches), read back without the checks of computing
//! them; [`work_guard`] forgets them before each candidate's rating, so a count never depends
//! on what the thread rated before (and so neither on the number of threads).

use super::{Generator, OptionsError};
use crate::budget::{Budget, Clock, Guard};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[cfg(doc)]
use crate::logic::techniques::WITH_NESTED;

/// The default work budget of one candidate's nested rating, in guard checks (see the module
/// documentation): about 10 CPU seconds of a release build, at the rate measured on a 10.3
/// puzzle's nested rating, 5,486 checks in 1.16 CPU seconds (`docs/design.md`, "Generator,
/// fourth round").
pub const DEFAULT_NESTED_WORK: u64 = 50_000;

/// A clock that moves one tick (a millisecond, for the guard's arithmetic) each time it is
/// read: a guard's time limit of N ms under it is a limit of N checks.
#[derive(Debug, Default)]
pub(crate) struct WorkClock {
    ticks: AtomicU64,
}

impl WorkClock {
    /// The checks counted so far.
    pub(crate) fn ticks(&self) -> u64 {
        self.ticks.load(Ordering::Relaxed)
    }
}

impl Clock for WorkClock {
    fn now(&self) -> Duration {
        Duration::from_millis(self.ticks.fetch_add(1, Ordering::Relaxed) + 1)
    }
}

/// A guard for one candidate's rating under `outer` (the caller's deadline, flag or steps
/// still stop it) that is spent after `work` checks, with the clock that counts them. It
/// also forgets what this thread's chain searches kept from earlier ratings
/// (`chains::forget_thread_caches`), so the count is a function of the candidate alone.
pub(crate) fn work_guard(outer: &Guard, work: u64) -> (Guard, Arc<WorkClock>) {
    crate::logic::chains::forget_thread_caches();
    let clock = Arc::new(WorkClock::default());
    let guard = outer
        .child(Budget::UNLIMITED.with_time(Duration::from_millis(work)))
        .with_clock(clock.clone());
    (guard, clock)
}

impl Generator {
    /// A generator for `seed` whose difficulty target is judged with the nested forcing chains
    /// too (every technique of Sudoku Explainer 1.2.1, as `sudoku rate --nested`), each
    /// candidate's rating within `work` checks of its guard (see the module documentation;
    /// [`DEFAULT_NESTED_WORK`] is about 10 CPU seconds). A candidate that runs out is a miss.
    /// Targets beyond the default techniques become possible: ER 10.0 and up, or a nested
    /// technique as the hardest step. Puzzle `i` of a seed is the same on any machine and any
    /// number of threads; `work` is part of the options (another budget may give others).
    /// Without a difficulty target this is [`Generator::new`].
    ///
    /// ```no_run
    /// use sudokit::generate::{Difficulty, Generator, Options, DEFAULT_NESTED_WORK};
    /// let options = Options {
    ///     difficulty: Some(Difficulty { rating: "10+".parse().ok(), ..Difficulty::default() }),
    ///     ..Options::default()
    /// };
    /// // Minutes per puzzle: see docs/design.md.
    /// let made = Generator::nested(1, options, DEFAULT_NESTED_WORK)?.puzzle(0);
    /// if let Ok(made) = made {
    ///     assert!(made.rating.expect("rated").se.er.tenths() >= 100);
    /// }
    /// # Ok::<(), sudokit::generate::OptionsError>(())
    /// ```
    pub fn nested(
        seed: u64,
        options: super::Options,
        work: u64,
    ) -> Result<Generator, OptionsError> {
        Generator::build(seed, options, Some(work.max(1)))
    }

    /// The work budget of each candidate's nested rating, when the nested levels are in use.
    pub fn nested_work(&self) -> Option<u64> {
        self.judge.as_ref().and_then(|judge| judge.work())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::judge::Judge;
    use crate::generate::{Difficulty, Options};
    use crate::logic::techniques::WITH_NESTED;
    use crate::rate::Rater;

    /// hardest_1106 #4, SE 10.3/10.3/9.8 (as in `tests/logic_dynamic.rs`): its path needs a
    /// level-2 nested forcing chain.
    const NESTED: &str =
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";

    fn ten_plus() -> Difficulty {
        Difficulty {
            rating: "10+".parse().ok(),
            ..Difficulty::default()
        }
    }

    /// With the nested levels a hit's rating is `rate --nested`'s, exactly; without them the
    /// puzzle is stuck (a miss); out of work, it is a miss of unknown rating, never a hit.
    #[test]
    fn a_nested_judge_rates_exactly_or_runs_out() {
        let puzzle = crate::format::parse(NESTED).expect("a puzzle").grid;
        let outer = Guard::new(Budget::UNLIMITED);
        let plain = Judge::new(ten_plus())
            .judge(&puzzle, &outer)
            .expect("no limit");
        assert!(plain.distance > 0);
        assert!(plain.rating.is_some_and(|r| r.is_stuck()), "{plain:?}");

        let want = Rater::new()
            .with_finders(WITH_NESTED)
            .rate(&puzzle)
            .expect("rated")
            .rating;
        assert_eq!(want.se.er.tenths(), 103);
        let judge = Judge::nested(ten_plus(), u64::MAX / 4);
        let (judged, work) = judge.judge_counted(&puzzle, &outer).expect("no limit");
        assert_eq!((judged.distance, judged.rating), (0, Some(want)));
        // The count is a function of the puzzle: the same again.
        let (_, again) = judge.judge_counted(&puzzle, &outer).expect("no limit");
        assert_eq!(work, again);
        assert!(work > 1_000, "{work} checks");
        // For the calibration of DEFAULT_NESTED_WORK (`cargo test ... -- --nocapture`).
        eprintln!("{NESTED}: {work} checks");

        // One check short of the work it takes: a miss with no rating, at least as far as
        // the steps rated before it ran out say.
        let short = Judge::nested(ten_plus(), work - 1);
        let (cut, used) = short.judge_counted(&puzzle, &outer).expect("no limit");
        assert_eq!(cut.rating, None);
        assert!(cut.distance > 0);
        assert!(used <= work, "{used} > {work}");
        // Exactly enough: the same hit.
        let (exact, _) = Judge::nested(ten_plus(), work)
            .judge_counted(&puzzle, &outer)
            .expect("no limit");
        assert_eq!(exact.rating, Some(want));
    }

    /// Nested techniques and bands above the default techniques are targets only with the
    /// nested levels.
    #[test]
    fn nested_targets_need_the_nested_levels() {
        let with = |difficulty: Difficulty| Options {
            difficulty: Some(difficulty),
            ..Options::default()
        };
        let technique = Difficulty {
            technique: "nested-contradiction-forcing-chains-2".parse().ok(),
            ..Difficulty::default()
        };
        assert!(matches!(
            Generator::new(1, with(technique.clone())),
            Err(OptionsError::NotOnRatingPaths(_))
        ));
        let nested = Generator::nested(1, with(technique), 10).expect("a nested target");
        assert_eq!(nested.nested_work(), Some(10));
        let twelve = Difficulty {
            rating: "12+".parse().ok(),
            ..Difficulty::default()
        };
        assert!(matches!(
            Generator::new(1, with(twelve.clone())),
            Err(OptionsError::Impossible { .. })
        ));
        assert!(Generator::nested(1, with(twelve), 10).is_ok());
        assert_eq!(
            Generator::new(1, with(ten_plus()))
                .expect("10+ is possible")
                .nested_work(),
            None
        );
    }

    /// A search whose every candidate runs out of work ends within its attempts with no
    /// puzzle: the closest has no rating, as none was rated to the end.
    #[test]
    fn a_search_out_of_work_misses() {
        let options = Options {
            difficulty: Some(ten_plus()),
            max_attempts: 4,
            ..Options::default()
        };
        let missed = Generator::nested(3, options, 1)
            .expect("options")
            .puzzle(0)
            .expect_err("no candidate can be rated in one check");
        assert_eq!(missed.attempts, 4);
        assert_eq!(missed.stopped, None);
        assert!(missed.closest.is_some_and(|c| c.rating.is_none()));
    }

    #[test]
    fn the_work_clock_counts_readings_and_spends_the_guard() {
        let (guard, clock) = work_guard(&Guard::new(Budget::UNLIMITED), 3);
        // The deadline was set from one reading; each check reads once.
        assert_eq!(clock.ticks(), 1);
        assert!(guard.allows());
        assert!(guard.allows());
        assert!(!guard.allows());
        assert_eq!(clock.ticks(), 4);
        assert!(matches!(guard.spent(), Some(crate::budget::Limit::Time(_))));
        // The caller's flag still stops it.
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let outer = Guard::new(Budget::UNLIMITED).with_cancel(flag);
        let (guard, _) = work_guard(&outer, 1_000);
        assert!(!guard.allows());
        assert!(guard.stopped_by_parent());
    }
}
