//! Seeded generation of puzzles with exactly one solution: minimal, symmetric, with a clue
//! count, or on a given pattern of clue positions.
//!
//! # Overview
//! - [`puzzle`]: one random unique (and minimal) puzzle for a seed, with its solution.
//! - [`Generator`]: puzzles made to [`Options`] ([`Symmetry`], a [`ClueRange`], a
//!   [`Pattern`], minimality, a [`Difficulty`]: a [`RatingRange`] of SE ratings, a HoDoKu
//!   level, a [`TechniqueTarget`] for the hardest step), puzzle `i` of a seed being always the
//!   same.
//! - [`is_minimal`]: whether no clue of a puzzle can be removed.
//! - [`random_solution`]: a random solution grid.
//!
//! # How a puzzle is made
//! 1. **A random solution grid.** A randomised depth-first fill (the empty cell with the fewest
//!    candidates first, its digits in random order, backtracking on dead ends) gives a grid,
//!    and a uniformly random one of the 3,359,232 symmetries and 9! relabellings (see
//!    [`crate::canon::Transform`]) is applied to it.
//!
//!    *How uniform this is, honestly:* within each class of equivalent grids the result is
//!    exactly uniform, thanks to the random symmetry and relabelling. *Across* the
//!    5,472,730,538 classes it is not proven uniform: a class is drawn with the probability
//!    that the randomised fill ends in it, which depends on how many dead ends lie near it, not
//!    only on its size. An exactly uniform sampler would need completion counts of partial
//!    grids (the empty grid has 6.67 x 10^21 completions), which are far too costly to compute
//!    per puzzle. The fill's bias between classes is small in practice (every class can be
//!    reached, and the fill rarely backtracks at all), but it is not zero.
//! 2. **Digging.** The cells (or, with a [`Symmetry`], the orbits of cells that must be clues
//!    together) are visited once in random order, and each is blanked if the puzzle still has
//!    exactly one solution (`count(puzzle, 2) == 1`, within the guess budget). One pass is
//!    enough: a clue whose removal once broke uniqueness still breaks it after more clues are
//!    gone, since removing clues only adds solutions. So without symmetry every puzzle is
//!    **minimal** (no clue can be removed) by construction, and the check costs nothing extra.
//!    With a symmetry the pass only proves that no *orbit* can be removed; [`Options::minimal`]
//!    then also tries each clue of a multi-cell orbit alone and rejects the puzzle if one can go.
//! 3. **Targets.** With a [`ClueRange`] the digging stops at the range's lower end, and a
//!    puzzle that ends above the range is rejected. With a [`Pattern`], a random grid is
//!    restricted to the pattern and kept if that puzzle is unique. A rejected attempt starts
//!    again from a new grid, up to [`Options::max_attempts`]; if none fits, the result is a
//!    [`Missed`] error that carries the closest puzzle found.
//! 4. **Difficulty.** With a [`Difficulty`], each candidate is rated with cuts that stop the
//!    solve once the puzzle is known to be too hard (`judge`), and the closest misses are
//!    refined by hill climbing on the distance to the target (`refine`); every rated
//!    candidate counts as an attempt. The rating comes with the puzzle
//!    ([`Generated::rating`]).
//!
//! *Cost.* Measured with `sudoku generate -n N --seed 5 --threads 1` (release build, one core
//! of a shared 2-core machine, CPU time): a default (minimal) puzzle takes about 0.22 ms and a
//! rot180 one (orbit-minimal) about 0.13 ms. Minimal *and* symmetric puzzles are rare among the
//! dug ones, so they cost more: the near misses are refined by moves (take out the orbit of a
//! clue that can go alone, add orbits back until unique, dig again) before the grid is dropped.
//! That takes about 4 ms for rot180, 80 ms for rot90, 250 ms for bimirror and a second for
//! dihedral.
//!
//! Puzzle `i` of seed `s` is made with its own random stream, derived from `(s, i)` by
//! SplitMix64, so it is the same whichever other puzzles are made, in whatever order, on
//! however many threads. The random generator is written here (xoshiro256**), not taken from
//! a crate, so that the puzzles of a seed never change with a dependency's version.
//!
//! Every search has a guess budget ([`Options::guess_budget`]) and every request an attempt
//! budget, so no request can hang. A check that runs out of guesses counts as "not unique" (the
//! clue stays), so the puzzles are unique whatever happens; only the minimality proof is lost.
//!
//! # Example
//! ```
//! use sudokit::generate::{self, ClueRange, Difficulty, Generator, Options, Symmetry};
//! use sudokit::solve;
//!
//! let made = generate::puzzle(42);
//! assert_eq!(solve::count(&made.puzzle, 2), solve::Count::Exact(1));
//! assert_eq!(made.minimal, Some(true));
//!
//! let options = Options {
//!     symmetry: Symmetry::Rot180,
//!     clues: Some(ClueRange::new(24, 28).unwrap()),
//!     ..Options::default()
//! };
//! let generator = Generator::new(7, options)?;
//! let made = generator.puzzle(0).expect("24 to 28 clues with rot180 symmetry are common");
//! assert!(Symmetry::Rot180.holds_for(&made.puzzle));
//! assert!((24..=28).contains(&made.clues()));
//! // The same seed and index give the same puzzle.
//! assert_eq!(generator.puzzle(0).map(|m| m.puzzle), Ok(made.puzzle));
//!
//! // A puzzle whose hardest step is an X-Wing (SE 3.2), with its rating.
//! let options = Options {
//!     difficulty: Some(Difficulty {
//!         technique: "x-wing".parse().ok(),
//!         ..Difficulty::default()
//!     }),
//!     ..Options::default()
//! };
//! let made = Generator::new(3, options)?.puzzle(0).expect("found within the default attempts");
//! let rating = made.rating.expect("rated");
//! assert_eq!(rating.hardest, Some(sudokit::logic::Technique::XWing));
//! assert_eq!(rating.se.er.to_string(), "3.2");
//! # Ok::<(), sudokit::generate::OptionsError>(())
//! ```

mod dig;
mod fill;
mod judge;
mod nested;
mod pattern;
mod refine;
mod target;
mod vicinity;

pub use crate::board::{Symmetry, UnknownSymmetry};
pub use dig::is_minimal;
pub use nested::DEFAULT_NESTED_WORK;
pub use pattern::Pattern;
pub use target::{
    BadRatingRange, BadRatingRangeKind, Difficulty, Impossible, RatingRange, TechniqueTarget,
    UnknownTechnique,
};

use crate::budget::{Budget, Guard, Limit};
use crate::rate::PuzzleRating;
use crate::rng::Rng;
use crate::{Cell, Grid};
use dig::Verdict;
use judge::Judge;
use refine::Closest;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// No puzzle with fewer clues has exactly one solution (McGuire, Tugemann and Civario, 2012).
pub const MIN_CLUES: usize = 17;

/// The default of [`Options::max_attempts`].
pub const DEFAULT_MAX_ATTEMPTS: u32 = 1000;

/// The default of [`Options::guess_budget`]: far more than any check of a puzzle dug from a
/// full grid needs (they take a handful of guesses).
pub const DEFAULT_GUESS_BUDGET: u64 = 1_000_000;

/// How many repair moves a symmetric puzzle gets to become minimal before its grid is dropped
/// (see `dig::make_minimal`).
const MAX_REPAIR_MOVES: u32 = 50;

/// An inclusive range of clue counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClueRange {
    min: u8,
    max: u8,
}

impl ClueRange {
    /// The counts `min..=max`, or `None` if the range is empty or goes past 81.
    pub fn new(min: usize, max: usize) -> Option<ClueRange> {
        if min > max || max > 81 {
            return None;
        }
        // Both are at most 81.
        Some(ClueRange {
            min: min as u8,
            max: max as u8,
        })
    }

    /// Exactly `n` clues, or `None` if `n` is above 81.
    pub fn exactly(n: usize) -> Option<ClueRange> {
        ClueRange::new(n, n)
    }

    /// The smallest count in the range.
    pub fn min(&self) -> usize {
        usize::from(self.min)
    }

    /// The largest count in the range.
    pub fn max(&self) -> usize {
        usize::from(self.max)
    }

    /// Whether `n` is in the range.
    pub fn contains(&self, n: usize) -> bool {
        (self.min()..=self.max()).contains(&n)
    }

    /// How far `n` is from the range (0 inside it).
    pub fn distance(&self, n: usize) -> usize {
        self.min().saturating_sub(n) + n.saturating_sub(self.max())
    }
}

impl fmt::Display for ClueRange {
    /// `24`, or `20..25` (both ends included).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// The text is not a clue count or range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid clue count {text:?} (expected N or A..B with 0 <= A <= B <= 81, e.g. 24 or 20..25)"
)]
#[non_exhaustive]
pub struct BadClueRange {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub kind: BadClueRangeKind,
}

/// What is wrong with the text of a [`BadClueRange`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BadClueRangeKind {
    /// A count is not a whole number.
    NotANumber,
    /// A count is above 81.
    TooMany,
    /// The lower end is above the upper one.
    Empty,
}

impl FromStr for ClueRange {
    type Err = BadClueRange;

    /// Reads `N`, `A..B` or `A..=B` (both ends included either way).
    fn from_str(text: &str) -> Result<ClueRange, BadClueRange> {
        let bad = |kind| BadClueRange {
            text: text.to_string(),
            kind,
        };
        let number = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| bad(BadClueRangeKind::NotANumber))
        };
        let (min, max) = match text.split_once("..") {
            None => {
                let n = number(text)?;
                (n, n)
            }
            Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
        };
        ClueRange::new(min, max).ok_or_else(|| {
            bad(if max > 81 {
                BadClueRangeKind::TooMany
            } else {
                BadClueRangeKind::Empty
            })
        })
    }
}

/// What to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// The number of clues wanted, if any (best effort: see [`Missed`]).
    pub clues: Option<ClueRange>,
    /// The clue positions wanted, if any. The symmetry and clue range, when given, must agree
    /// with it.
    pub pattern: Option<Pattern>,
    /// Only puzzles from which no clue can be removed (always so without symmetry and target).
    pub minimal: bool,
    /// How many solution grids to try per puzzle before giving up on a target (with a
    /// [`Difficulty`]: how many candidates to rate, fresh or refined). At least 1.
    pub max_attempts: u32,
    /// The guess budget of each uniqueness check.
    pub guess_budget: u64,
    /// The difficulty wanted, if any (see [`Difficulty`]). With one, every candidate rated
    /// (a fresh grid or a refinement move) counts as one of the `max_attempts`.
    pub difficulty: Option<Difficulty>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            symmetry: Symmetry::None,
            clues: None,
            pattern: None,
            minimal: false,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            guess_budget: DEFAULT_GUESS_BUDGET,
            difficulty: None,
        }
    }
}

/// The options ask for something no puzzle can be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// The clue range lies below [`MIN_CLUES`].
    #[error("no puzzle with fewer than 17 clues has a unique solution (asked for {0})")]
    TooFewClues(ClueRange),
    /// No union of orbits of the symmetry has a count in the range.
    #[error("no clue pattern with {symmetry} symmetry has {clues} clues")]
    Unreachable {
        /// The symmetry.
        symmetry: Symmetry,
        /// The range asked for.
        clues: ClueRange,
    },
    /// The pattern has fewer than [`MIN_CLUES`] cells.
    #[error("a pattern of {0} cells cannot hold a unique puzzle (17 at least)")]
    SparsePattern(usize),
    /// The pattern does not have the symmetry asked for.
    #[error("the pattern does not have {0} symmetry")]
    AsymmetricPattern(Symmetry),
    /// The pattern's size is outside the clue range.
    #[error("the pattern has {size} cells, outside the clue range {clues}")]
    PatternSize {
        /// The pattern's size.
        size: usize,
        /// The range asked for.
        clues: ClueRange,
    },
    /// `max_attempts` is 0.
    #[error("at least one attempt is needed")]
    NoAttempts,
    /// Stuck puzzles were accepted for a target that is not open-ended.
    #[error(
        "stuck puzzles (ER 20.0, rating unknown) can only be accepted for an open-ended target \
         (a rating band without an upper end, or level extreme, and no technique): asked for {0}"
    )]
    StuckNotOpenEnded(Difficulty),
    /// No technique of the target is on rating paths (the nested forcing chains, which the
    /// default rater does not use: [`Generator::nested`] does), so no rated puzzle's hardest
    /// step can be one.
    #[error(
        "the rater does not use {0:?} (the nested forcing chains are outside its techniques), \
         so no puzzle's hardest step can be one; judge with the nested levels for it \
         (Generator::nested, --nested)"
    )]
    NotOnRatingPaths(String),
    /// The rating tables rule the difficulty target out (see [`Difficulty::impossible`]).
    #[error("no puzzle can meet the target {target}: {why}")]
    Impossible {
        /// The target.
        target: Difficulty,
        /// Why.
        why: Impossible,
    },
}

/// One generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its index in the generator's stream.
    pub index: u64,
    /// How many solution grids were tried for it (1 unless a target rejected some).
    pub attempts: u32,
    /// `Some(true)` when proven minimal (no clue can be removed), `Some(false)` when proven
    /// not, `None` when not checked (a symmetric puzzle without [`Options::minimal`], a pattern,
    /// or digging that stopped at a clue target).
    pub minimal: Option<bool>,
    /// Its rating, with a [`Difficulty`] target (always for a puzzle that met one; for a
    /// [`Missed`] request's closest puzzle when it could be rated); `None` without a target.
    pub rating: Option<PuzzleRating>,
}

impl Generated {
    /// The number of clues.
    pub fn clues(&self) -> usize {
        self.puzzle.count_filled()
    }
}

/// No attempt met the request; the closest puzzle found, if any, comes along.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("puzzle {index}: no attempt met the request in {attempts} tries{}", closest_note(.closest.as_deref()))]
pub struct Missed {
    /// The index of the puzzle in the generator's stream.
    pub index: u64,
    /// The attempts made.
    pub attempts: u32,
    /// The unique puzzle closest to the clue or difficulty target (and minimal if that was
    /// asked), if any; with a difficulty target it carries its rating.
    pub closest: Option<Box<Generated>>,
    /// What stopped the search before its attempts ran out, if anything: the guard's limit
    /// ([`Generator::puzzle_guarded`]), or [`Limit::Cancelled`] when the observer said stop.
    pub stopped: Option<Limit>,
}

fn closest_note(closest: Option<&Generated>) -> String {
    closest.map_or_else(String::new, |made| {
        let rating = made.rating.map_or_else(String::new, |r| {
            let level = if r.is_stuck() {
                "stuck".to_string()
            } else {
                r.hodoku.level.to_string()
            };
            format!(", rating {} ({level})", r.se)
        });
        format!("; the closest had {} clues{rating}", made.clues())
    })
}

/// How the search for one puzzle is going, reported after each candidate (see
/// [`Generator::puzzle_observed`]): for progress displays, and to stop a long search early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempted {
    /// The index of the puzzle.
    pub index: u64,
    /// Candidates tried so far (solution grids, or rated candidates with a difficulty target).
    pub attempts: u32,
    /// The attempt budget ([`Options::max_attempts`]).
    pub max_attempts: u32,
    /// How far the closest miss so far is from the target (in tenths of a rating with a
    /// difficulty target, in clues without one); `None` before the first miss.
    pub closest_distance: Option<u32>,
    /// The closest miss's rating, when it was rated to the end (a candidate cut short as too
    /// hard has none).
    pub closest_rating: Option<crate::rate::SeRating>,
}

/// The observer and the guard of one puzzle's search, and whether either asked to stop.
pub(crate) struct Tracker<'o> {
    observe: &'o mut dyn FnMut(&Attempted) -> ControlFlow<()>,
    /// The caller's guard: each candidate tried is a step on it.
    pub(crate) guard: &'o Guard,
    /// The observer or the guard said stop: the search ends as if out of attempts.
    pub(crate) stopped: bool,
}

impl Tracker<'_> {
    /// Tells the observer about the candidate just tried.
    pub(crate) fn report(
        &mut self,
        index: u64,
        attempts: u32,
        max_attempts: u32,
        closest: Option<(u32, &Generated)>,
    ) {
        let seen = Attempted {
            index,
            attempts,
            max_attempts,
            closest_distance: closest.map(|(d, _)| d),
            closest_rating: closest.and_then(|(_, made)| made.rating).map(|r| r.se),
        };
        if (self.observe)(&seen).is_break() {
            self.stopped = true;
        }
        if !self.guard.allows() {
            self.stopped = true;
        }
    }

    /// Why the search stopped early, if it did.
    pub(crate) fn stop_reason(&self) -> Option<Limit> {
        self.stopped
            .then(|| self.guard.spent().unwrap_or(Limit::Cancelled))
    }
}

/// Makes puzzles to a set of [`Options`] from one seed.
#[derive(Debug, Clone)]
pub struct Generator {
    seed: u64,
    options: Options,
    orbits: Vec<Vec<Cell>>,
    /// The cells whose orbit has more than one cell (checked alone for minimality).
    shared: Vec<Cell>,
    /// The rater of candidates, with a difficulty target.
    judge: Option<Judge>,
}

impl Generator {
    /// A generator for `seed`, or an error if the options ask for the impossible.
    pub fn new(seed: u64, options: Options) -> Result<Generator, OptionsError> {
        Generator::build(seed, options, None)
    }

    /// [`Generator::new`], with the nested levels in the judge and this work budget per
    /// candidate when `nested` is given ([`Generator::nested`]).
    fn build(seed: u64, options: Options, nested: Option<u64>) -> Result<Generator, OptionsError> {
        let finders = match nested {
            Some(_) => crate::logic::techniques::WITH_NESTED,
            None => crate::logic::techniques::REGISTRY,
        };
        if options.max_attempts == 0 {
            return Err(OptionsError::NoAttempts);
        }
        let orbits = options.symmetry.orbits();
        if let Some(clues) = options.clues {
            if clues.max() < MIN_CLUES {
                return Err(OptionsError::TooFewClues(clues));
            }
        }
        match (options.pattern, options.clues) {
            (Some(pattern), clues) => {
                let size = pattern.len();
                if size < MIN_CLUES {
                    return Err(OptionsError::SparsePattern(size));
                }
                if !options.symmetry.holds_for(&pattern.mask(&full_grid())) {
                    return Err(OptionsError::AsymmetricPattern(options.symmetry));
                }
                if let Some(clues) = clues.filter(|c| !c.contains(size)) {
                    return Err(OptionsError::PatternSize { size, clues });
                }
            }
            (None, Some(clues)) => {
                let reachable = reachable_counts(&orbits);
                if !(clues.min().max(MIN_CLUES)..=clues.max()).any(|n| reachable & (1 << n) != 0) {
                    return Err(OptionsError::Unreachable {
                        symmetry: options.symmetry,
                        clues,
                    });
                }
            }
            (None, None) => {}
        }
        if let Some(difficulty) = &options.difficulty {
            if difficulty.accept_stuck && !difficulty.open_ended() {
                return Err(OptionsError::StuckNotOpenEnded(difficulty.clone()));
            }
            if let Some(target) = &difficulty.technique {
                if !target
                    .techniques()
                    .iter()
                    .any(|&t| target::on_paths(t, finders))
                {
                    return Err(OptionsError::NotOnRatingPaths(target.name().to_string()));
                }
            }
            if let Some(why) = difficulty.impossible_on(finders) {
                return Err(OptionsError::Impossible {
                    target: difficulty.clone(),
                    why,
                });
            }
        }
        let judge = options.difficulty.clone().map(|difficulty| match nested {
            Some(work) => Judge::nested(difficulty, work),
            None => Judge::new(difficulty),
        });
        let shared = orbits
            .iter()
            .filter(|orbit| orbit.len() > 1)
            .flatten()
            .copied()
            .collect();
        Ok(Generator {
            seed,
            options,
            orbits,
            shared,
            judge,
        })
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Puzzle number `index` of this seed: always the same for the same seed and options.
    pub fn puzzle(&self, index: u64) -> Result<Generated, Missed> {
        self.puzzle_observed(index, &mut |_| ControlFlow::Continue(()))
    }

    /// [`Generator::puzzle`], calling `observe` after each candidate with how the search is
    /// going (the same puzzle comes out: observing changes nothing). When `observe` breaks,
    /// the search stops there and the result is a [`Missed`] with the attempts made so far.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sudokit::generate::{Difficulty, Generator, Options, Symmetry};
    /// // Symmetric, so that fresh candidates are tried (a 9+ target with no symmetry climbs
    /// // from hard seeds and is usually met at once).
    /// let options = Options {
    ///     symmetry: Symmetry::Rot180,
    ///     difficulty: Some(Difficulty { rating: "9+".parse().ok(), ..Difficulty::default() }),
    ///     ..Options::default()
    /// };
    /// let generator = Generator::new(1, options)?;
    /// let mut seen = 0;
    /// let stopped = generator.puzzle_observed(0, &mut |progress| {
    ///     seen = progress.attempts;
    ///     if progress.attempts == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!((seen, stopped.map_err(|missed| missed.attempts)), (3, Err(3)));
    /// # Ok::<(), sudokit::generate::OptionsError>(())
    /// ```
    pub fn puzzle_observed(
        &self,
        index: u64,
        observe: &mut dyn FnMut(&Attempted) -> ControlFlow<()>,
    ) -> Result<Generated, Missed> {
        self.puzzle_guarded(index, &Guard::new(Budget::UNLIMITED), observe)
    }

    /// [`Generator::puzzle_observed`] under `guard`: the search stops, with a [`Missed`]
    /// that says why ([`Missed::stopped`]), once the guard is spent: its flag set, its time
    /// limit passed (by its clock; a candidate being rated then is dropped, not judged on a
    /// cut-short rating), or its step limit reached, where each candidate tried is a step.
    /// A guard that is never spent changes nothing: the same puzzle comes out.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sudokit::budget::{Budget, Guard, Limit};
    /// use sudokit::generate::{Difficulty, Generator, Options, Symmetry};
    /// // Symmetric, so that fresh candidates are tried (a 9+ target with no symmetry climbs
    /// // from hard seeds and is usually met at once).
    /// let options = Options {
    ///     symmetry: Symmetry::Rot180,
    ///     difficulty: Some(Difficulty { rating: "9+".parse().ok(), ..Difficulty::default() }),
    ///     ..Options::default()
    /// };
    /// let generator = Generator::new(1, options)?;
    /// let guard = Guard::new(Budget::UNLIMITED.with_steps(2));
    /// let missed = generator.puzzle_guarded(0, &guard, &mut |_| ControlFlow::Continue(()));
    /// let missed = missed.unwrap_err();
    /// assert_eq!((missed.attempts, missed.stopped), (2, Some(Limit::Steps(2))));
    /// # Ok::<(), sudokit::generate::OptionsError>(())
    /// ```
    pub fn puzzle_guarded(
        &self,
        index: u64,
        guard: &Guard,
        observe: &mut dyn FnMut(&Attempted) -> ControlFlow<()>,
    ) -> Result<Generated, Missed> {
        let mut tracker = Tracker {
            observe,
            guard,
            stopped: !guard.allows(),
        };
        match &self.judge {
            Some(judge) => self.targeted(judge, index, &mut tracker),
            None => self.untargeted(index, &mut tracker),
        }
    }

    /// A puzzle of the target difficulty: fresh candidates, the closest misses refined by local
    /// search (see `refine`), until one meets the request or the attempts run out.
    fn targeted(
        &self,
        judge: &Judge,
        index: u64,
        tracker: &mut Tracker<'_>,
    ) -> Result<Generated, Missed> {
        let mut rng = Rng::for_item(self.seed, index);
        let mut closest: Closest = None;
        let mut tried = 0;
        if let Some(hit) = self.hunt(judge, &mut rng, index, &mut tried, &mut closest, tracker) {
            return Ok(hit);
        }
        let stopped = tracker.stop_reason();
        let closest = closest.map(|(_, mut made)| {
            if made.rating.is_none() && stopped.is_none() {
                // It was cut short as too hard: say how hard it really is.
                made.rating = judge.full_rating(&made.puzzle, tracker.guard);
            }
            Box::new(made)
        });
        Err(Missed {
            index,
            attempts: tried,
            closest,
            stopped,
        })
    }

    /// A puzzle without a difficulty target.
    fn untargeted(&self, index: u64, tracker: &mut Tracker<'_>) -> Result<Generated, Missed> {
        let mut rng = Rng::for_item(self.seed, index);
        let mut closest: Option<(usize, Generated)> = None;
        let mut tried = 0;
        for attempts in 1..=self.options.max_attempts {
            if tracker.stopped {
                break;
            }
            tried = attempts;
            tracker.guard.count_step();
            let made = self.attempt(&mut rng, index, attempts);
            if let Some(made) = made {
                let distance = self.options.clues.map_or(0, |c| c.distance(made.clues()));
                let wanted = !self.options.minimal || made.minimal == Some(true);
                if wanted && distance == 0 {
                    return Ok(made);
                }
                if wanted && closest.as_ref().is_none_or(|(d, _)| distance < *d) {
                    closest = Some((distance, made));
                }
            }
            let best = closest
                .as_ref()
                .map(|(d, made)| (u32::try_from(*d).unwrap_or(u32::MAX), made));
            tracker.report(index, attempts, self.options.max_attempts, best);
        }
        Err(Missed {
            index,
            attempts: tried,
            closest: closest.map(|(_, made)| Box::new(made)),
            stopped: tracker.stop_reason(),
        })
    }

    /// The puzzles of indices 0, 1, 2, ... in order.
    pub fn puzzles(&self) -> impl Iterator<Item = Result<Generated, Missed>> + '_ {
        (0..).map(|index| self.puzzle(index))
    }

    /// One try from a fresh solution grid; `None` when a pattern's puzzle is not unique.
    fn attempt(&self, rng: &mut Rng, index: u64, attempts: u32) -> Option<Generated> {
        let budget = self.options.guess_budget;
        let solution = fill::random_solution(rng);
        let (puzzle, minimal) = match &self.options.pattern {
            Some(pattern) => {
                let puzzle = pattern.mask(&solution);
                if dig::verdict(&puzzle, budget) != Verdict::Unique {
                    return None;
                }
                let minimal = self
                    .options
                    .minimal
                    .then(|| dig::clues_needed(&puzzle, Cell::all(), budget))
                    .flatten();
                (puzzle, minimal)
            }
            None => {
                let dug = dig::dig(&solution, &self.orbits, self.floor(), budget, rng);
                self.finish(dug, &solution, rng)?
            }
        };
        Some(Generated {
            puzzle,
            solution,
            index,
            attempts,
            minimal,
            rating: None,
        })
    }
}

/// A random unique puzzle for `seed`, minimal, with its solution: puzzle 0 of a generator
/// with the default options.
pub fn puzzle(seed: u64) -> Generated {
    let mut rng = Rng::for_item(seed, 0);
    let solution = fill::random_solution(&mut rng);
    let orbits = Symmetry::None.orbits();
    let dug = dig::dig(&solution, &orbits, 0, DEFAULT_GUESS_BUDGET, &mut rng);
    Generated {
        puzzle: dug.puzzle,
        solution,
        index: 0,
        attempts: 1,
        minimal: dug.orbit_minimal.then_some(true),
        rating: None,
    }
}

/// A random solution grid for `seed` (see the module documentation for how uniform it is).
pub fn random_solution(seed: u64) -> Grid {
    fill::random_solution(&mut Rng::new(seed))
}

/// Every cell filled (with any digit): to test a pattern's symmetry on its positions.
fn full_grid() -> Grid {
    Grid::from_values([1; 81]).unwrap_or_default()
}

/// Bit `n` set when some union of orbits has `n` cells.
fn reachable_counts(orbits: &[Vec<Cell>]) -> u128 {
    orbits
        .iter()
        .fold(1u128, |reach, orbit| reach | reach << orbit.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_ranges_parse() {
        assert_eq!(
            "24".parse(),
            Ok(ClueRange::exactly(24).unwrap_or(ClueRange { min: 0, max: 0 }))
        );
        let range: Result<ClueRange, _> = "20..25".parse();
        assert_eq!(range.map(|r| (r.min(), r.max())), Ok((20, 25)));
        let range: Result<ClueRange, _> = " 20 ..= 25".parse();
        assert_eq!(range.map(|r| (r.min(), r.max())), Ok((20, 25)));
        use BadClueRangeKind::{Empty, NotANumber, TooMany};
        for (bad, kind) in [
            ("", NotANumber),
            ("x", NotANumber),
            ("25..20", Empty),
            ("82", TooMany),
            ("20..82", TooMany),
            ("-1", NotANumber),
            ("1..2..3", NotANumber),
        ] {
            let text = bad.to_string();
            assert_eq!(
                bad.parse::<ClueRange>(),
                Err(BadClueRange { text, kind }),
                "{bad:?}"
            );
        }
        assert_eq!(
            "25..20".parse::<ClueRange>().map_err(|e| e.to_string()),
            Err(
                "invalid clue count \"25..20\" (expected N or A..B with 0 <= A <= B <= 81, e.g. \
                 24 or 20..25)"
                    .to_string()
            )
        );
    }

    #[test]
    fn distances_to_a_range() {
        let range = ClueRange::new(20, 25).unwrap_or(ClueRange { min: 0, max: 0 });
        assert_eq!(range.distance(18), 2);
        assert_eq!(range.distance(22), 0);
        assert_eq!(range.distance(27), 2);
        assert_eq!(range.to_string(), "20..25");
    }

    #[test]
    fn impossible_requests_are_refused() {
        let with = |symmetry, clues: &str| Options {
            symmetry,
            clues: clues.parse().ok(),
            ..Options::default()
        };
        assert_eq!(
            Generator::new(0, with(Symmetry::None, "16")).err(),
            Some(OptionsError::TooFewClues(ClueRange { min: 16, max: 16 }))
        );
        // Quarter-turn orbits have 4 cells, plus the centre: counts are 0 or 1 modulo 4.
        assert!(matches!(
            Generator::new(0, with(Symmetry::Rot90, "26..27")),
            Err(OptionsError::Unreachable { .. })
        ));
        assert!(Generator::new(0, with(Symmetry::Rot90, "24..25")).is_ok());
        let none = Options {
            max_attempts: 0,
            ..Options::default()
        };
        assert_eq!(
            Generator::new(0, none).err(),
            Some(OptionsError::NoAttempts)
        );
    }

    #[test]
    fn patterns_are_checked_against_the_other_options() {
        let corner =
            Pattern::parse(&format!("{}{}", "x".repeat(20), ".".repeat(61))).unwrap_or_default();
        let with = |symmetry, clues: Option<ClueRange>| Options {
            symmetry,
            clues,
            pattern: Some(corner),
            ..Options::default()
        };
        assert_eq!(
            Generator::new(0, with(Symmetry::Rot180, None)).err(),
            Some(OptionsError::AsymmetricPattern(Symmetry::Rot180))
        );
        assert!(matches!(
            Generator::new(0, with(Symmetry::None, ClueRange::exactly(30))),
            Err(OptionsError::PatternSize { size: 20, .. })
        ));
        let sparse = Options {
            pattern: Pattern::parse(&format!("{}{}", "x".repeat(16), ".".repeat(65))).ok(),
            ..Options::default()
        };
        assert_eq!(
            Generator::new(0, sparse).err(),
            Some(OptionsError::SparsePattern(16))
        );
    }
}
