//! Judging a candidate puzzle against a [`Difficulty`]: rate it, but stop as soon as the answer
//! is known to be "too hard", and say how far from the target it is.
//!
//! Rating is most of a targeted generator's work, and the expensive part of a rating is the
//! hard end of the path (chains). Two cuts skip it when it cannot matter:
//!
//! - **A shorter registry.** The solver takes the first step of the first finder (in SE's
//!   order) that has one. So a solver given only a *prefix* of the registry takes exactly the
//!   full solver's steps for as long as the prefix has a step, and gets stuck where the full
//!   one would use a later finder. When every finder after some point is out of the target
//!   (its techniques' base ratings are all above the band's top, or their levels above the
//!   level asked for, or it comes after every finder of the technique asked for), the solve
//!   runs on the prefix only: a stuck prefix means "too hard", and a solved one is the full
//!   path, so its rating is exact.
//! - **A cap on each step.** A wrapper around each finder stops the solve at the first step
//!   rated above the band's top, or at a level above the one asked for (ER is the hardest
//!   step, the level at least the hardest step's level), instead of finishing the path.
//!
//! The prefix cut for a technique target is a heuristic: a later finder's step could in
//! principle be rated below the target technique's hardest step (a long unique loop rated 5.1
//! before a naked quad at 5.0), and such a puzzle is rejected although it qualifies. That
//! costs a candidate, never a wrong answer: an accepted puzzle always has its full path.
//!
//! The distance to the target, in tenths of a rating (ten per level), steers the local search
//! in [`super::refine`]: 0 is a hit.

use super::target::{Difficulty, CHAIN_NAMES, CHAIN_TECHNIQUES};
use crate::budget::{Budget, Guard, Limit};
use crate::logic::techniques::{REGISTRY, WITH_NESTED};
use crate::logic::{CandidateGrid, ChainName, Finder, Outcome, Rating, Ratings, Solver, Step};
use crate::logic::{Path, Technique};
use crate::rate::{HodokuTable, Level, PuzzleRating, STUCK};
use crate::Grid;
use std::fmt;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};

/// The distance given to a stuck puzzle when the target does not accept one: it might be in
/// the band, but nobody can tell (two whole ratings, a level and a bit).
const STUCK_DISTANCE: u32 = 20;

/// Added to the distance of a puzzle cut short as too hard. Its distance comes from a lower
/// bound (the step that went over, or the cheapest technique left out), and the real rating
/// is often far above it (a cut at "hidden pair, 3.4" may hide a 7.2): without the penalty a
/// climb would take such puzzles for near misses and wander among very hard ones.
const CUT_PENALTY: u32 = 5;

/// The verdict on one candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Judgement {
    /// 0 when the puzzle meets the target; otherwise how far it is (in tenths of a rating).
    pub(crate) distance: u32,
    /// The full rating, when the solve ran to its end (always for a hit).
    pub(crate) rating: Option<PuzzleRating>,
}

/// Rates candidates against one [`Difficulty`].
#[derive(Clone)]
pub(crate) struct Judge {
    difficulty: Difficulty,
    ratings: Ratings,
    table: HodokuTable,
    /// Every finder the judge may use: [`REGISTRY`], or [`WITH_NESTED`] with the nested levels.
    all: &'static [&'static dyn Finder],
    /// The prefix of `all` that is run.
    finders: Vec<&'static dyn Finder>,
    /// Whether `finders` is the whole of `all`.
    whole: bool,
    /// With the nested levels: the work budget of each candidate's rating, in guard checks
    /// (see `generate::nested`).
    work: Option<u64>,
    /// The lowest base rating among the finders left out: ER is at least this when the prefix
    /// gets stuck.
    dropped_floor: Option<Rating>,
    /// The lowest and highest base ratings of the target techniques (for the distance of a
    /// technique miss).
    technique_band: Option<(Rating, Rating)>,
}

impl fmt::Debug for Judge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Judge")
            .field("difficulty", &self.difficulty)
            .field("finders", &self.finders.len())
            .field("whole", &self.whole)
            .field("work", &self.work)
            .finish_non_exhaustive()
    }
}

impl Judge {
    /// A judge for `difficulty`, with SE's ratings and HoDoKu's table.
    pub(crate) fn new(difficulty: Difficulty) -> Judge {
        Judge::with_finders(difficulty, REGISTRY, None)
    }

    /// A judge for `difficulty` that uses the nested levels too, each candidate's rating within
    /// `work` checks of its guard.
    pub(crate) fn nested(difficulty: Difficulty, work: u64) -> Judge {
        Judge::with_finders(difficulty, WITH_NESTED, Some(work))
    }

    /// The work budget of each rating, with the nested levels.
    pub(crate) fn work(&self) -> Option<u64> {
        self.work
    }

    /// A judge that runs a prefix of `all` (a list in SE's order).
    fn with_finders(
        difficulty: Difficulty,
        all: &'static [&'static dyn Finder],
        work: Option<u64>,
    ) -> Judge {
        let ratings = Ratings::default();
        let table = HodokuTable::default();
        let base = |finder: &dyn Finder| {
            finder
                .techniques()
                .iter()
                .map(|&t| ratings.get(t))
                .min()
                .unwrap_or_default()
        };
        let out_of_target = |position: usize, finder: &dyn Finder| {
            let too_hard = difficulty
                .rating
                .and_then(|r| r.max())
                .is_some_and(|max| base(finder) > max);
            let too_high = difficulty
                .level
                .is_some_and(|level| lowest_level(finder, &table) > level);
            let past_technique = difficulty.technique.as_ref().is_some_and(|target| {
                all.iter().skip(position).all(|f| {
                    !f.techniques()
                        .iter()
                        .any(|t| target.techniques().contains(t))
                })
            });
            too_hard || too_high || past_technique
        };
        // The shortest prefix after which every finder is out of the target.
        let mut keep = all.len();
        while keep > 0 && out_of_target(keep - 1, all[keep - 1]) {
            keep -= 1;
        }
        let dropped_floor = all[keep..].iter().map(|&f| base(f)).min();
        let technique_band = difficulty.technique.as_ref().and_then(|target| {
            let bases = target.techniques().iter().map(|&t| ratings.get(t));
            Some((bases.clone().min()?, bases.max()?))
        });
        Judge {
            all,
            finders: all[..keep].to_vec(),
            whole: keep == all.len(),
            work,
            dropped_floor,
            technique_band,
            difficulty,
            ratings,
            table,
        }
    }

    /// The full rating of `puzzle` (every technique, no cut), or `None` when the puzzle does not
    /// have exactly one solution.
    /// `None` too when the caller's `outer` guard stopped the rating.
    pub(crate) fn full_rating(&self, puzzle: &Grid, outer: &Guard) -> Option<PuzzleRating> {
        if crate::solve::count(puzzle, 2) != crate::solve::Count::Exact(1) {
            return None;
        }
        let guard = self.guard(outer);
        let guarded = guard.wrap(self.all);
        let finders: Vec<&dyn Finder> = guarded.iter().map(|f| f as &dyn Finder).collect();
        let start = CandidateGrid::from_grid(puzzle);
        let path = Solver::new()
            .with_finders(&finders)
            .with_ratings(&self.ratings)
            .solve(&start);
        if guard.spent().is_some() {
            return None;
        }
        Some(PuzzleRating::of(
            &start,
            &path.steps,
            path.outcome,
            &self.table,
        ))
    }

    /// Judges the unique puzzle `puzzle`, or `None` when the caller's `outer` guard stopped
    /// the rating before the verdict.
    pub(crate) fn judge(&self, puzzle: &Grid, outer: &Guard) -> Option<Judgement> {
        self.judge_counted(puzzle, outer)
            .map(|(judgement, _)| judgement)
    }

    /// [`Judge::judge`], with the work the rating took (its guard's checks; 0 without the
    /// nested levels, which count none).
    pub(crate) fn judge_counted(&self, puzzle: &Grid, outer: &Guard) -> Option<(Judgement, u64)> {
        let (guard, clock) = match self.work {
            Some(work) => {
                let (guard, clock) = super::nested::work_guard(outer, work);
                (guard, Some(clock))
            }
            None => (outer.child(Budget::UNLIMITED), None),
        };
        let judgement = self.judge_under(puzzle, &guard)?;
        Some((judgement, clock.map_or(0, |clock| clock.ticks())))
    }

    /// Judges `puzzle` under `guard`, the rating's own guard.
    fn judge_under(&self, puzzle: &Grid, guard: &Guard) -> Option<Judgement> {
        let cap = Cap {
            rating: self.difficulty.rating.and_then(|r| r.max()),
            level: self.difficulty.level.filter(|&l| l != Level::Extreme),
            table: &self.table,
            over_rating: AtomicU16::new(0),
            over_level: AtomicU8::new(0),
        };
        // The guard stops the solve (every finder finds nothing from then on) at the first
        // step over the cap.
        let over = |step: &Step| cap.check(step);
        let capped = guard.wrap_capped(&self.finders, &over);
        let finders: Vec<&dyn Finder> = capped.iter().map(|c| c as &dyn Finder).collect();
        let start = CandidateGrid::from_grid(puzzle);
        let path = Solver::new()
            .with_finders(&finders)
            .with_ratings(&self.ratings)
            .solve(&start);
        if guard.stopped_by_parent() {
            return None;
        }
        let over = cap.over_rating.load(Ordering::Relaxed);
        if path.outcome != Outcome::Solved && out_of_work(guard) {
            // The nested rating ran out of work: a miss of unknown rating, at least as hard as
            // the steps it had rated.
            let er_at_least = path
                .steps
                .iter()
                .map(|s| s.rating)
                .max()
                .unwrap_or_default();
            let mut distance = CUT_PENALTY;
            if let Some(band) = self.difficulty.rating {
                distance += band.distance(er_at_least);
            }
            if let Some((low, high)) = self.technique_band {
                distance += band_distance(er_at_least, low, high);
            }
            return Some(Judgement {
                distance,
                rating: None,
            });
        }
        if path.outcome == Outcome::Solved {
            let rating = PuzzleRating::of(&start, &path.steps, path.outcome, &self.table);
            let distance = self.distance_solved(&rating, &path);
            return Some(Judgement {
                distance,
                rating: Some(rating),
            });
        }
        if over == 0 && self.whole {
            // Stuck with every technique: the rating is exact (20.0) but means "unknown".
            let rating = PuzzleRating::of(&start, &path.steps, path.outcome, &self.table);
            let distance = if self.difficulty.accept_stuck && self.difficulty.open_ended() {
                0
            } else {
                self.distance_stuck()
            };
            return Some(Judgement {
                distance,
                rating: Some(rating),
            });
        }
        // Cut short: a lower bound on ER and on the level.
        let er_at_least = if over > 0 {
            Rating::from_tenths(over)
        } else {
            self.dropped_floor.unwrap_or(STUCK)
        };
        let level_at_least = match cap.over_level.load(Ordering::Relaxed) {
            0 => self.difficulty.level.and_then(Level::harder),
            n => Level::ALL.get(usize::from(n - 1)).copied(),
        };
        let mut distance = 0;
        if let Some(band) = self.difficulty.rating {
            distance += band.distance(er_at_least);
        }
        if let (Some(target), Some(at_least)) = (self.difficulty.level, level_at_least) {
            distance += 10 * level_gap(at_least, target);
        }
        if let Some((low, high)) = self.technique_band {
            distance += band_distance(er_at_least, low, high);
        }
        Some(Judgement {
            distance: distance + CUT_PENALTY,
            rating: None,
        })
    }

    /// The guard of one rating under the caller's `outer`: with the nested levels, spent after
    /// the work budget.
    fn guard(&self, outer: &Guard) -> Guard {
        match self.work {
            Some(work) => super::nested::work_guard(outer, work).0,
            None => outer.child(Budget::UNLIMITED),
        }
    }

    /// The distance of a fully rated puzzle.
    fn distance_solved(&self, rating: &PuzzleRating, path: &Path) -> u32 {
        let er = rating.se.er;
        let mut distance = 0;
        if let Some(band) = self.difficulty.rating {
            distance += band.distance(er);
        }
        if let Some(target) = self.difficulty.level {
            distance += 10 * level_gap(rating.hodoku.level, target);
        }
        if let Some(target) = &self.difficulty.technique {
            if !hardest_matches(target.techniques(), target.chain_name(), er, &path.steps) {
                let (low, high) = self.technique_band.unwrap_or((er, er));
                distance += band_distance(er, low, high).max(1);
            }
        }
        distance
    }

    /// The distance of a puzzle stuck with every technique, when stuck puzzles are not taken.
    fn distance_stuck(&self) -> u32 {
        let mut distance = STUCK_DISTANCE;
        if let Some(max) = self.difficulty.rating.and_then(|r| r.max()) {
            distance = distance.max(u32::from(STUCK.tenths().saturating_sub(max.tenths())));
        }
        distance
    }
}

/// Whether `guard` (a rating's own, not stopped by its parent) ran out of its work budget.
fn out_of_work(guard: &Guard) -> bool {
    matches!(guard.spent(), Some(Limit::Time(_)))
}

/// Whether the first step rated `er` is one of `techniques` (and has the common name `chain`,
/// when given).
pub(crate) fn hardest_matches(
    techniques: &[Technique],
    chain: Option<ChainName>,
    er: Rating,
    steps: &[Step],
) -> bool {
    steps.iter().find(|s| s.rating == er).is_some_and(|step| {
        techniques.contains(&step.technique)
            && chain.is_none_or(|name| ChainName::of(step) == Some(name))
    })
}

/// How many levels apart `a` and `b` are.
fn level_gap(a: Level, b: Level) -> u32 {
    (a as u32).abs_diff(b as u32)
}

/// How far `r` is from `low..=high`, in tenths.
fn band_distance(r: Rating, low: Rating, high: Rating) -> u32 {
    u32::from(low.tenths().saturating_sub(r.tenths()))
        + u32::from(r.tenths().saturating_sub(high.tenths()))
}

/// The lowest level a step of `finder` can have by `table` (a chain may be scored by its
/// common name, which can be lower than its technique's entry).
fn lowest_level(finder: &dyn Finder, table: &HodokuTable) -> Level {
    let mut lowest = Level::Extreme;
    for &t in finder.techniques() {
        lowest = lowest.min(table.get(t).level);
        if CHAIN_TECHNIQUES.contains(&t) {
            for name in CHAIN_NAMES {
                if let Some(entry) = table.chain_name(name) {
                    lowest = lowest.min(entry.level);
                }
            }
        }
    }
    lowest
}

/// The limits of one judged solve, and what exceeded them.
struct Cap<'a> {
    rating: Option<Rating>,
    /// Below extreme (extreme has no step above it).
    level: Option<Level>,
    table: &'a HodokuTable,
    /// The rating of the first step over a limit, in tenths (0: none yet).
    over_rating: AtomicU16,
    /// 1 + the level of that step (0: none yet).
    over_level: AtomicU8,
}

impl Cap<'_> {
    /// Whether `step` is over a limit; if so, remembers it.
    fn check(&self, step: &Step) -> bool {
        let level = self.table.entry(step).level;
        let over = self.rating.is_some_and(|max| step.rating > max)
            || self.level.is_some_and(|max| level > max);
        if over {
            // A step rated 0.0 would read as "none": no technique is rated that low.
            self.over_rating
                .store(step.rating.tenths().max(1), Ordering::Relaxed);
            self.over_level.store(level as u8 + 1, Ordering::Relaxed);
        }
        over
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{RatingRange, TechniqueTarget};

    /// Whether the full rating meets `want` (the definition the cuts must agree with).
    fn meets(want: &Difficulty, rating: &PuzzleRating, steps: &[Step]) -> bool {
        !rating.is_stuck()
            && want.rating.is_none_or(|band| band.contains(rating.se.er))
            && want.level.is_none_or(|level| rating.hodoku.level == level)
            && want.technique.as_ref().is_none_or(|t| {
                hardest_matches(t.techniques(), t.chain_name(), rating.se.er, steps)
            })
    }

    #[test]
    fn the_cuts_agree_with_the_full_rating() {
        let band = |text: &str| Difficulty {
            rating: text.parse::<RatingRange>().ok(),
            ..Difficulty::default()
        };
        let level = |level| Difficulty {
            level: Some(level),
            ..Difficulty::default()
        };
        let technique = |name: &str| Difficulty {
            technique: name.parse::<TechniqueTarget>().ok(),
            ..Difficulty::default()
        };
        let targets = [
            band("1..1.9"),
            band("2..4"),
            band("4..6.9"),
            band("7.."),
            level(Level::Easy),
            level(Level::Medium),
            level(Level::Hard),
            technique("x-wing"),
            technique("hidden-pair"),
        ];
        let judges: Vec<Judge> = targets.iter().cloned().map(Judge::new).collect();
        // The cuts really cut: easy bands and levels run on a short prefix.
        assert!(!judges[0].whole && !judges[4].whole);
        assert!(judges[3].whole);
        let table = HodokuTable::default();
        let mut hits = vec![0; targets.len()];
        for seed in 0..100 {
            let puzzle = crate::generate::puzzle(seed).puzzle;
            let start = CandidateGrid::from_grid(&puzzle);
            let path = Solver::new().solve(&start);
            let full = PuzzleRating::of(&start, &path.steps, path.outcome, &table);
            for (i, judge) in judges.iter().enumerate() {
                let judged = judge
                    .judge(&puzzle, &Guard::new(Budget::UNLIMITED))
                    .expect("no guard limit");
                let want = &targets[i];
                if judged.distance == 0 {
                    hits[i] += 1;
                    assert_eq!(judged.rating, Some(full), "{want}: seed {seed}");
                    assert!(meets(want, &full, &path.steps), "{want}: seed {seed}");
                } else if want.technique.is_none() {
                    // Rating and level cuts are exact: a miss is a real miss.
                    assert!(!meets(want, &full, &path.steps), "{want}: seed {seed}");
                }
                if let Some(rating) = judged.rating {
                    assert_eq!(rating, full, "{want}: a finished solve is the full path");
                }
            }
        }
        // Random puzzles are often this easy: the test saw hits, not only misses.
        assert!(hits[0] > 0 && hits[4] > 0, "{hits:?}");
    }

    #[test]
    fn distances_point_toward_the_band() {
        let judge = Judge::new(Difficulty {
            rating: "3..4".parse::<RatingRange>().ok(),
            ..Difficulty::default()
        });
        assert_eq!(
            band_distance(
                Rating::from_tenths(25),
                Rating::from_tenths(30),
                Rating::from_tenths(40)
            ),
            5
        );
        assert_eq!(level_gap(Level::Easy, Level::Unfair), 3);
        assert_eq!(judge.distance_stuck(), 160);
        assert!(format!("{judge:?}").starts_with("Judge"));
    }
}
