//! Hard targets from hard seeds: for ER 9.0 and up, each search starts in the vicinity of a
//! known hard puzzle instead of among fresh random ones.
//!
//! Random minimal puzzles are easy: about 6 in 10,000 rate 9.0 or more, so even with climbs
//! (`refine`) most of a 9+ search was spent rating fresh candidates that were far from the
//! band. Hard puzzles cluster: the neighbours of a 9+ puzzle ("-k +m": a clue or two of the
//! solution added, then dug again, as hard-puzzle hunters walk their vicinity) are often 9+
//! themselves. So for such a target a search takes one of [`SEEDS`] (hard minimal puzzles
//! this generator made, listed in `hard_seeds.txt` with their ER and the command that made
//! them), under a random symmetry and relabelling drawn from the puzzle's own stream, and
//! climbs from it: a neighbour within [`SEED_SLACK`] of the band (or, from a seed below the
//! band, no farther than the seed) replaces the current puzzle, one in the band is the
//! answer. The seed is drawn by ER first, uniformly among the ERs of the seeds near the band,
//! then among the seeds of that ER, so that the few harder seeds are walked as often as the
//! many 9.0 ones and the hits' ERs spread (see [`seeds_for`]). A seed itself is never the answer (it is the climb's start, not rated), so
//! every puzzle returned is a new one, rated in full by the judge like any other candidate.
//! After [`MAX_STALL`](super::refine::MAX_STALL) moves without getting closer the next seed
//! is drawn.
//!
//! The seeds are used only when they fit the request: no symmetry, no pattern and no clue
//! range (the seeds are minimal, asymmetric and have the clue counts they have, and their
//! neighbours stay minimal and asymmetric), and a rating band starting at [`SEEDED_FROM`] or
//! higher, with no level or technique asked for. Every other request is searched as before,
//! so its puzzles for a seed are unchanged.
//!
//! The cost of the speed, plainly: the puzzles lean toward the neighbourhoods of the seeds
//! (each is unique and minimal, and two searches rarely meet, as a puzzle has thousands of
//! neighbours and every move is random; but they are less spread over all 9+ puzzles than
//! fresh ones would be). The figures are in `docs/design.md` ("Generator: hard seeds").

use super::refine::Closest;
use super::Generated;
use super::Generator;
use super::RatingRange;
use crate::canon::Transform;
use crate::logic::Rating;
use crate::rng::Rng;
use crate::{format, solve};

/// The hard seeds, one 81-character puzzle a line, then its ER (`#` starts a comment line).
const SEEDS: &str = include_str!("hard_seeds.txt");

/// The lowest band floor that starts from the seeds: ER 9.0.
pub(crate) const SEEDED_FROM: Rating = Rating::from_tenths(90);

/// How far below the band (in tenths) a neighbour may be and still replace the current puzzle
/// of a climb from a seed.
pub(crate) const SEED_SLACK: u32 = 5;

/// The seeds' lines.
fn seed_lines() -> impl Iterator<Item = &'static str> {
    SEEDS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// A seed line's puzzle (its first field).
fn seed_puzzle(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or_default()
}

/// A seed line's ER (its second field), in tenths; 0 when missing or unreadable.
fn seed_er(line: &str) -> u16 {
    line.split_whitespace()
        .nth(1)
        .and_then(|er| er.parse::<f64>().ok())
        .and_then(|er| Rating::try_from(er).ok())
        .map_or(0, |er| er.tenths())
}

/// The seeds a search for a band starting at `min` draws from: those rated within
/// [`SEED_SLACK`] below it or higher; for a band above every seed, the hardest seeds (within
/// [`SEED_SLACK`] of the hardest).
fn seeds_for(min: Rating) -> Vec<&'static str> {
    let hardest = seed_lines().map(seed_er).max().unwrap_or_default();
    let floor = min.tenths().min(hardest);
    let floor = u32::from(floor).saturating_sub(SEED_SLACK);
    seed_lines()
        .filter(|line| u32::from(seed_er(line)) >= floor)
        .collect()
}

impl Generator {
    /// Whether this request searches from the hard seeds (see the module documentation).
    pub(super) fn seeded(&self) -> bool {
        let options = &self.options;
        let Some(difficulty) = &options.difficulty else {
            return false;
        };
        seed_lines().next().is_some()
            && options.symmetry == super::Symmetry::None
            && options.pattern.is_none()
            && options.clues.is_none()
            && difficulty.level.is_none()
            && difficulty.technique.is_none()
            && difficulty
                .rating
                .is_some_and(|band| band.min() >= SEEDED_FROM)
    }

    /// A climb's start: a seed drawn from `rng` among [`seeds_for`] the band (an ER of theirs
    /// first, then a seed of that ER), under a random
    /// symmetry and relabelling, at distance [`SEED_SLACK`] or its real distance if farther;
    /// `None` if the seed cannot be read or solved (a broken list).
    pub(super) fn seed_start(&self, rng: &mut Rng, index: u64) -> Option<(u32, Generated)> {
        let min = self
            .options
            .difficulty
            .as_ref()
            .and_then(|d| d.rating)
            .map_or(SEEDED_FROM, |band| band.min());
        let seeds = seeds_for(min);
        // An ER first, uniformly among the seeds' ERs, then a seed of that ER: the few harder
        // seeds are drawn as often as the many 9.0 ones, which spreads the hits' ERs.
        let mut ers: Vec<u16> = seeds.iter().map(|line| seed_er(line)).collect();
        ers.sort_unstable();
        ers.dedup();
        if ers.is_empty() {
            return None;
        }
        let er = ers[rng.index(ers.len())];
        let tier: Vec<&str> = seeds
            .into_iter()
            .filter(|line| seed_er(line) == er)
            .collect();
        let line = tier[rng.index(tier.len())];
        // A seed below the band starts at its real distance (a climb toward 10+ from a 9.0
        // seed walks through every 9.x neighbour), one in it at the slack.
        let band = RatingRange::at_least(min);
        let distance = match seed_er(line) {
            0 => SEED_SLACK,
            er => SEED_SLACK.max(band.distance(Rating::from_tenths(er))),
        };
        let seed = format::parse(seed_puzzle(line)).ok()?.grid;
        let transform = Transform::random_with(rng);
        let puzzle = transform.apply(&seed);
        let solution = solve::solve(&puzzle)?;
        let start = Generated {
            puzzle,
            solution,
            index,
            attempts: 0,
            minimal: Some(true),
            rating: None,
        };
        Some((distance, start))
    }

    /// Climbs from seeds until a hit, the end of the attempts or the observer's stop.
    pub(super) fn hunt_from_seeds(
        &self,
        judge: &super::judge::Judge,
        rng: &mut Rng,
        index: u64,
        tried: &mut u32,
        closest: &mut Closest,
        tracker: &mut super::Tracker<'_>,
    ) -> Option<Generated> {
        while *tried < self.options.max_attempts && !tracker.stopped {
            let start = self.seed_start(rng, index)?;
            let seed = crate::canon::canonical(&start.1.puzzle);
            let before = *tried;
            let hit = self.climb(judge, start, rng, tried, closest, tracker);
            // A climb may walk back to its seed (a move undone by a later one): that is no
            // new puzzle, so the search goes on from the next seed.
            if let Some(made) = hit.filter(|made| crate::canon::canonical(&made.puzzle) != seed) {
                return Some(made);
            }
            if *tried == before {
                // No move changed the seed: count the climb as an attempt, so that the search
                // ends within `max_attempts` whatever the seeds are.
                *tried += 1;
                tracker.guard.count_step();
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{dig, Difficulty, Options, RatingRange, Symmetry};
    use crate::rate::Rater;

    /// Every seed is a unique, minimal puzzle that rates ER 9.0 or more (the data tier checks
    /// the whole list in release; here, the first three).
    #[test]
    fn the_seeds_are_hard_minimal_and_unique() {
        let lines: Vec<&str> = seed_lines().collect();
        assert!(lines.len() >= 32, "{} seeds", lines.len());
        for line in &lines {
            let grid = format::parse(seed_puzzle(line))
                .expect("a seed parses")
                .grid;
            assert_eq!(solve::count(&grid, 2), solve::Count::Exact(1), "{line}");
            assert_eq!(dig::is_minimal(&grid, 1_000_000), Ok(true), "{line}");
            assert!(seed_er(line) >= SEEDED_FROM.tenths(), "{line}");
        }
        for line in lines.iter().take(3) {
            let grid = format::parse(seed_puzzle(line))
                .expect("a seed parses")
                .grid;
            let rated = Rater::new().rate(&grid).expect("a seed rates");
            assert_eq!(
                rated.rating.se.er.tenths(),
                seed_er(line),
                "{line}: {}",
                rated.rating.se
            );
        }
    }

    /// A band draws the seeds rated within the slack below it, or the hardest ones when it
    /// lies above them all; the list has seeds of three ERs at least (the spread of 9+).
    #[test]
    fn a_band_draws_the_seeds_near_it() {
        let all = seed_lines().count();
        assert_eq!(seeds_for(SEEDED_FROM).len(), all);
        let hardest = seed_lines().map(seed_er).max().unwrap_or_default();
        let top = seeds_for(Rating::from_tenths(150));
        assert!(!top.is_empty(), "{} of {all}", top.len());
        for line in &top {
            assert!(u32::from(seed_er(line)) + SEED_SLACK >= u32::from(hardest));
        }
        let mut ers: Vec<u16> = seed_lines().map(seed_er).collect();
        ers.sort_unstable();
        ers.dedup();
        assert!(ers.len() >= 3, "{ers:?}");
        assert_eq!(
            (seed_er("x 9.4"), seed_er("x"), seed_er("x nine")),
            (94, 0, 0)
        );
    }

    fn nine_plus(max_attempts: u32) -> Generator {
        let difficulty = Difficulty {
            rating: Some("9+".parse::<RatingRange>().expect("a band")),
            ..Difficulty::default()
        };
        let options = Options {
            difficulty: Some(difficulty),
            max_attempts,
            ..Options::default()
        };
        Generator::new(1, options).expect("options")
    }

    /// A seeded search's puzzle is new (not a seed), unique, minimal, rated exactly as the
    /// rater rates it, and the same from another generator with the same seed.
    /// Regression: puzzle 5 of seed 1 was a seed, reached back by a climb from it.
    #[test]
    fn a_seeded_puzzle_is_exactly_rated_and_reproducible() {
        let generator = nine_plus(1000);
        assert!(generator.seeded());
        let made = generator
            .puzzle(5)
            .expect("a 9+ puzzle within 1000 candidates");
        assert_eq!(solve::count(&made.puzzle, 2), solve::Count::Exact(1));
        assert_eq!(dig::is_minimal(&made.puzzle, 1_000_000), Ok(true));
        let rating = made.rating.expect("a hit carries its rating");
        let rated = Rater::new().rate(&made.puzzle).expect("it rates");
        assert_eq!(rating, rated.rating);
        assert!(rating.se.er >= SEEDED_FROM, "{}", rating.se);
        let canon = crate::canon::canonical;
        let seeds: Vec<_> = seed_lines()
            .map(|line| {
                canon(
                    &format::parse(seed_puzzle(line))
                        .expect("a seed parses")
                        .grid,
                )
            })
            .collect();
        assert!(!seeds.contains(&canon(&made.puzzle)), "a seed came back");
        let again = nine_plus(1000).puzzle(5).expect("the same search");
        assert_eq!(again.puzzle, made.puzzle);
    }

    /// Every climb counts toward the attempts, so a search ends within them.
    #[test]
    fn a_seeded_search_keeps_to_its_attempts() {
        for max in [1, 2, 5] {
            match nine_plus(max).puzzle(3) {
                Ok(made) => assert!(made.attempts <= max),
                Err(missed) => assert!(missed.attempts <= max, "{} > {max}", missed.attempts),
            }
        }
    }

    #[test]
    fn only_plain_hard_rating_targets_are_seeded() {
        let with = |band: &str, symmetry: Symmetry| {
            let difficulty = Difficulty {
                rating: Some(band.parse::<RatingRange>().expect("a band")),
                ..Difficulty::default()
            };
            let options = Options {
                symmetry,
                difficulty: Some(difficulty),
                ..Options::default()
            };
            Generator::new(1, options).expect("options").seeded()
        };
        assert!(with("9+", Symmetry::None));
        assert!(with("9.2..9.6", Symmetry::None));
        assert!(!with("8.9+", Symmetry::None));
        assert!(!with("9+", Symmetry::Rot180));
        assert!(!Generator::new(1, Options::default())
            .expect("options")
            .seeded());
    }
}
