//! Generated puzzles keep every promise of the options: exactly one solution, minimal when
//! asked (checked clue by clue here, independently of the generator's proof), symmetric when
//! asked, the requested clue count or pattern, and the same puzzles for the same seed.

use proptest::prelude::*;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use sudokit::budget::{Budget, Clock, Guard, Limit};
use sudokit::generate::{
    self, ClueRange, Generated, Generator, Missed, Options, OptionsError, Pattern, Symmetry,
};
use sudokit::solve::{self, Count};
use sudokit::Grid;

/// Exactly one solution, and it is the one reported.
fn assert_proper(made: &Generated) {
    let count = solve::count(&made.puzzle, 2);
    assert_eq!(count, Count::Exact(1), "{:?}", made.puzzle);
    assert!(made.solution.is_solution_of(&made.puzzle));
    assert_eq!(made.clues(), made.puzzle.count_filled());
}

/// Every clue is needed: blanking any one of them gives a second solution.
fn assert_minimal(puzzle: &Grid) {
    let values = puzzle.values();
    for i in (0..81).filter(|&i| values[i] != 0) {
        let mut fewer = *values;
        fewer[i] = 0;
        let fewer = Grid::from_values(fewer).expect("values stay digits");
        assert_eq!(
            solve::count(&fewer, 2),
            Count::AtLeast(2),
            "clue {i} of {puzzle:?} can go"
        );
    }
}

fn generator(seed: u64, options: Options) -> Generator {
    Generator::new(seed, options).expect("the options are possible")
}

fn make(generator: &Generator, count: u64) -> Vec<Generated> {
    (0..count)
        .map(|i| generator.puzzle(i).expect("the request is reachable"))
        .collect()
}

#[test]
fn default_puzzles_are_unique_and_minimal() {
    let made = make(&generator(1, Options::default()), 40);
    for m in &made {
        assert_proper(m);
        assert_eq!(m.minimal, Some(true));
        assert_eq!(m.attempts, 1);
        assert_minimal(&m.puzzle);
    }
}

#[test]
fn the_free_function_is_index_zero_of_the_default_generator() {
    let made = generate::puzzle(99);
    assert_eq!(
        generator(99, Options::default())
            .puzzle(0)
            .map(|m| m.puzzle),
        Ok(made.puzzle)
    );
    assert_eq!(generate::is_minimal(&made.puzzle, 1_000_000), Ok(true));
}

#[test]
fn every_symmetry_is_kept_and_minimal_means_minimal() {
    for symmetry in Symmetry::ALL {
        for minimal in [false, true] {
            // Minimal puzzles with the larger symmetries take hundreds of grids each, and with
            // all eight symmetries of the square over a thousand.
            let options = Options {
                symmetry,
                minimal,
                max_attempts: 20_000,
                ..Options::default()
            };
            let count = match (minimal, symmetry) {
                (false, _) => 4,
                (true, Symmetry::Dihedral) => 1,
                (true, _) => 2,
            };
            for m in make(&generator(5, options), count) {
                assert_proper(&m);
                assert!(symmetry.holds_for(&m.puzzle), "{symmetry}: {:?}", m.puzzle);
                if minimal {
                    assert_eq!(m.minimal, Some(true));
                    assert_minimal(&m.puzzle);
                }
            }
        }
    }
}

#[test]
fn symmetric_puzzles_without_the_minimal_option_are_not_claimed_minimal() {
    let options = Options {
        symmetry: Symmetry::Rot180,
        ..Options::default()
    };
    for m in make(&generator(6, options), 10) {
        assert_eq!(m.minimal, None);
    }
}

#[test]
fn clue_counts_are_met() {
    for (symmetry, clues) in [
        (Symmetry::None, "30"),
        (Symmetry::None, "40"),
        (Symmetry::None, "23..25"),
        (Symmetry::Rot180, "27"),
        (Symmetry::Rot90, "28..29"),
        (Symmetry::Diagonal, "22..26"),
    ] {
        let range: ClueRange = clues.parse().expect("a valid range");
        let options = Options {
            symmetry,
            clues: Some(range),
            ..Options::default()
        };
        for m in make(&generator(7, options), 5) {
            assert_proper(&m);
            assert!(range.contains(m.clues()), "{clues}: got {}", m.clues());
            assert!(symmetry.holds_for(&m.puzzle));
        }
    }
}

#[test]
fn minimal_puzzles_with_a_clue_count() {
    let options = Options {
        clues: ClueRange::exactly(24),
        minimal: true,
        ..Options::default()
    };
    for m in make(&generator(8, options), 5) {
        assert_proper(&m);
        assert_eq!(m.clues(), 24);
        assert_minimal(&m.puzzle);
    }
}

#[test]
fn an_unreached_target_reports_the_closest_puzzle() {
    // Random minimal puzzles have 17 clues about never: two attempts cannot find one.
    let options = Options {
        clues: ClueRange::exactly(17),
        max_attempts: 2,
        ..Options::default()
    };
    let missed: Missed = generator(9, options)
        .puzzle(0)
        .expect_err("17 clues is too few");
    assert_eq!(missed.attempts, 2);
    let closest = missed.closest.as_deref().expect("some puzzle was made");
    assert_proper(closest);
    assert!(closest.clues() > 17);
    assert!(missed.to_string().contains("the closest had"));
}

#[test]
fn puzzles_follow_a_pattern() {
    // The clue positions of the LeetCode 37 puzzle (30 clues).
    let pattern = Pattern::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .expect("a puzzle is a pattern");
    let options = Options {
        pattern: Some(pattern),
        ..Options::default()
    };
    for m in make(&generator(10, options), 5) {
        assert_proper(&m);
        assert_eq!(Pattern::of(&m.puzzle), pattern);
    }
}

#[test]
fn impossible_options_are_refused() {
    let options = Options {
        symmetry: Symmetry::Dihedral,
        clues: ClueRange::exactly(22),
        ..Options::default()
    };
    // Dihedral orbits have 1, 4 or 8 cells, with one orbit of 1: counts are 0 or 1 mod 4.
    assert!(matches!(
        Generator::new(0, options),
        Err(OptionsError::Unreachable { .. })
    ));
}

#[test]
fn the_same_seed_gives_the_same_puzzles_in_any_order() {
    let options = Options {
        symmetry: Symmetry::Rot180,
        clues: "24..30".parse().ok(),
        ..Options::default()
    };
    let g = generator(11, options);
    let forward: Vec<Grid> = (0..6)
        .map(|i| g.puzzle(i).expect("reachable").puzzle)
        .collect();
    let backward: Vec<Grid> = (0..6)
        .rev()
        .map(|i| g.puzzle(i).expect("reachable").puzzle)
        .collect();
    assert!(forward.iter().eq(backward.iter().rev()));
    let other = generator(12, g.options().clone());
    assert_ne!(other.puzzle(0).map(|m| m.puzzle), Ok(forward[0]));
    assert_ne!(forward[0], forward[1]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_seed_gives_a_unique_minimal_puzzle(seed in any::<u64>()) {
        let made = generate::puzzle(seed);
        prop_assert_eq!(solve::count(&made.puzzle, 2), Count::Exact(1));
        prop_assert!(made.solution.is_solution_of(&made.puzzle));
        prop_assert_eq!(generate::is_minimal(&made.puzzle, 1_000_000), Ok(true));
        prop_assert!(made.clues() >= 17);
    }

    #[test]
    fn random_solutions_are_valid(seed in any::<u64>()) {
        let grid = generate::random_solution(seed);
        prop_assert!(grid.is_full());
        prop_assert!(grid.check_rules().is_ok());
    }

    #[test]
    fn any_symmetry_and_index(index in 0u64..1000, which in 0usize..10) {
        let symmetry = Symmetry::ALL[which];
        let made = generator(13, Options { symmetry, ..Options::default() })
            .puzzle(index)
            .expect("no target: the first attempt is kept");
        prop_assert_eq!(solve::count(&made.puzzle, 2), Count::Exact(1));
        prop_assert!(symmetry.holds_for(&made.puzzle));
        prop_assert_eq!(made.index, index);
    }
}

// ---- Difficulty targets ----------------------------------------------------------------------

use sudokit::generate::{Difficulty, RatingRange, TechniqueTarget};
use sudokit::logic::{ChainName, Technique};
use sudokit::rate::{Level, PuzzleRating, Rater};

/// The rating of `puzzle` by the public rater: every technique, its own uniqueness check.
fn rerate(puzzle: &Grid) -> (PuzzleRating, Vec<sudokit::logic::Step>) {
    let rated = Rater::new()
        .rate(puzzle)
        .expect("a generated puzzle is proper");
    (rated.rating, rated.path.steps)
}

fn targeted(difficulty: Difficulty) -> Options {
    Options {
        difficulty: Some(difficulty),
        ..Options::default()
    }
}

fn band(text: &str) -> Difficulty {
    Difficulty {
        rating: Some(text.parse().expect("a rating band")),
        ..Difficulty::default()
    }
}

/// Checks a targeted puzzle: proper, its reported rating is the rater's, and it meets `want`.
fn assert_meets(made: &Generated, want: &Difficulty) {
    assert_proper(made);
    let (rating, steps) = rerate(&made.puzzle);
    assert_eq!(made.rating, Some(rating), "{:?}", made.puzzle);
    assert!(!rating.is_stuck() || want.accept_stuck);
    if let Some(band) = want.rating {
        assert!(band.contains(rating.se.er), "{band}: got {}", rating.se);
    }
    if let Some(level) = want.level {
        assert_eq!(rating.hodoku.level, level, "{}", rating.se);
    }
    if let Some(target) = &want.technique {
        // The hardest step is the first one rated ER.
        let hardest = steps
            .iter()
            .find(|s| s.rating == rating.se.er)
            .expect("a step rated ER");
        assert_eq!(rating.hardest, Some(hardest.technique));
        assert!(
            target.techniques().contains(&hardest.technique),
            "{target}: got {:?}",
            hardest.technique
        );
        if let Some(name) = target.chain_name() {
            assert_eq!(ChainName::of(hardest), Some(name));
        }
    }
}

#[test]
fn rating_bands_are_met_and_the_rating_is_the_raters() {
    // The hard bands take many more candidates each: one puzzle of them.
    for (seed, text, count) in [
        (20, "1.0..1.9", 3),
        (21, "2..3.9", 3),
        (22, "4..5.9", 3),
        (23, "6..6.9", 3),
        (25, "7..7.9", 1),
        (26, "8..8.9", 1),
    ] {
        let want = band(text);
        let g = generator(seed, targeted(want.clone()));
        for made in make(&g, count) {
            assert_meets(&made, &want);
            assert_eq!(made.minimal, Some(true));
            assert_minimal(&made.puzzle);
        }
    }
}

#[test]
fn a_single_rating_is_met_exactly() {
    let want = band("2.6");
    for made in make(&generator(24, targeted(want.clone())), 3) {
        assert_meets(&made, &want);
        assert_eq!(made.rating.map(|r| r.se.er.tenths()), Some(26));
    }
}

#[test]
fn levels_are_met() {
    for (seed, level) in [
        (30, Level::Easy),
        (31, Level::Medium),
        (32, Level::Hard),
        (33, Level::Unfair),
        (34, Level::Extreme),
    ] {
        let want = Difficulty {
            level: Some(level),
            ..Difficulty::default()
        };
        for made in make(&generator(seed, targeted(want.clone())), 3) {
            assert_meets(&made, &want);
        }
    }
}

#[test]
fn accepting_stuck_puzzles_keeps_the_open_target() {
    // Stuck puzzles are rare among random ones: what this checks is that accepting them
    // does not let anything else through (every puzzle is extreme, or stuck).
    let want = Difficulty {
        level: Some(Level::Extreme),
        accept_stuck: true,
        ..Difficulty::default()
    };
    for made in make(&generator(45, targeted(want.clone())), 2) {
        assert_meets(&made, &want);
    }
}

#[test]
fn the_hardest_step_is_the_technique_asked_for() {
    for (seed, name) in [
        (40, "x-wing"),
        (41, "xy-wing"),
        (42, "naked-pair"),
        (43, "unique-rectangle"),
        (44, "skyscraper"),
    ] {
        let want = Difficulty {
            technique: Some(name.parse().expect("a technique")),
            ..Difficulty::default()
        };
        for made in make(&generator(seed, targeted(want.clone())), 2) {
            assert_meets(&made, &want);
        }
    }
}

#[test]
fn targets_combine_with_symmetry_minimality_and_clue_counts() {
    let want = band("2..4.5");
    let options = Options {
        symmetry: Symmetry::Rot180,
        minimal: true,
        ..targeted(want.clone())
    };
    for made in make(&generator(50, options), 2) {
        assert_meets(&made, &want);
        assert!(Symmetry::Rot180.holds_for(&made.puzzle));
        assert_minimal(&made.puzzle);
    }
    let options = Options {
        clues: ClueRange::new(27, 29),
        ..targeted(want.clone())
    };
    for made in make(&generator(51, options), 2) {
        assert_meets(&made, &want);
        assert!((27..=29).contains(&made.clues()));
    }
    let both = Difficulty {
        level: Some(Level::Medium),
        ..band("2..3")
    };
    for made in make(&generator(52, targeted(both.clone())), 2) {
        assert_meets(&made, &both);
    }
}

#[test]
fn a_pattern_with_a_target_is_only_drawn_not_refined() {
    let pattern = Pattern::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .expect("a pattern");
    let want = band("1..2");
    let options = Options {
        pattern: Some(pattern),
        ..targeted(want.clone())
    };
    for made in make(&generator(53, options), 2) {
        assert_meets(&made, &want);
        assert_eq!(Pattern::of(&made.puzzle), pattern);
    }
}

#[test]
fn targeted_puzzles_do_not_depend_on_order() {
    let g = generator(60, targeted(band("3..6")));
    let forward: Vec<Generated> = make(&g, 4);
    let backward: Vec<Generated> = (0..4)
        .rev()
        .map(|i| g.puzzle(i).expect("reachable"))
        .collect();
    assert!(forward.iter().eq(backward.iter().rev()));
}

#[test]
fn an_unmet_target_ends_with_the_closest_puzzle_and_its_rating() {
    // ER 1.1 does not exist (full house 1.0, hidden single in a box 1.2), so nothing meets it.
    let options = Options {
        max_attempts: 40,
        ..targeted(band("1.1"))
    };
    let missed = generator(70, options)
        .puzzle(0)
        .expect_err("no puzzle is rated 1.1");
    assert_eq!(missed.attempts, 40);
    let closest = missed.closest.as_deref().expect("a closest puzzle");
    assert_proper(closest);
    let (rating, _) = rerate(&closest.puzzle);
    assert_eq!(closest.rating, Some(rating));
    assert!(missed.to_string().contains(", rating "), "{missed}");
}

#[test]
fn impossible_difficulties_are_refused() {
    let closed = Difficulty {
        accept_stuck: true,
        ..band("8..9")
    };
    assert!(matches!(
        Generator::new(0, targeted(closed)),
        Err(OptionsError::StuckNotOpenEnded(_))
    ));
    let with_technique = Difficulty {
        accept_stuck: true,
        technique: Some(TechniqueTarget::technique(Technique::XWing)),
        rating: Some(RatingRange::at_least(sudokit::logic::Rating::from_tenths(
            30,
        ))),
        ..Difficulty::default()
    };
    assert!(Generator::new(0, targeted(with_technique)).is_err());
    // Regression: a nested forcing chain was accepted as a target, and every attempt missed
    // (the rater never runs those finders).
    let nested = Difficulty {
        technique: "nested-double-forcing-chains-2".parse().ok(),
        ..Difficulty::default()
    };
    assert!(nested.technique.is_some());
    assert!(matches!(
        Generator::new(0, targeted(nested)),
        Err(OptionsError::NotOnRatingPaths(_))
    ));
    let open = Difficulty {
        accept_stuck: true,
        ..band("9..")
    };
    assert!(Generator::new(0, targeted(open)).is_ok());
}

/// A clock that moves `step` each time it is read, from zero: deterministic time.
fn ticking(step: Duration) -> (Arc<dyn Clock>, Arc<AtomicU64>) {
    let reads = Arc::new(AtomicU64::new(0));
    let counter = reads.clone();
    let clock = Arc::new(move || {
        let n = counter.fetch_add(1, Ordering::Relaxed);
        step.saturating_mul(u32::try_from(n).unwrap_or(u32::MAX))
    });
    (clock, reads)
}

fn hard_target(accept_stuck: bool) -> Options {
    Options {
        difficulty: Some(Difficulty {
            rating: "8.5+".parse().ok(),
            accept_stuck,
            ..Difficulty::default()
        }),
        max_attempts: 40,
        ..Options::default()
    }
}

/// A guard that is never spent changes nothing: with and without a difficulty target, the
/// puzzle (or the miss) is the one the unguarded generator makes.
#[test]
fn a_guard_that_never_stops_changes_no_puzzle() {
    let (clock, reads) = ticking(Duration::from_micros(1));
    for options in [Options::default(), hard_target(false)] {
        for seed in 0..3 {
            let generator = generator(seed, options.clone());
            let guard = Guard::new(Budget::UNLIMITED.with_time(Duration::from_secs(1 << 30)))
                .with_clock(clock.clone())
                .with_cancel(Arc::new(AtomicBool::new(false)));
            let plain = generator.puzzle(0);
            let guarded = generator.puzzle_guarded(0, &guard, &mut |_| ControlFlow::Continue(()));
            assert_eq!(guarded, plain, "seed {seed}");
            assert!(guard.steps() >= 1);
            assert_eq!(guard.spent(), None);
        }
    }
    assert!(
        reads.load(Ordering::Relaxed) > 0,
        "the clock was never read"
    );
}

/// A deadline that passes while a candidate is being rated stops the search with a miss
/// that says why, and never accepts that candidate on its cut-short rating (with stuck
/// puzzles accepted, a rating stopped midway would look like a stuck one). Every deadline
/// from very short to long enough for some hits.
#[test]
fn a_deadline_never_passes_a_half_rated_candidate() {
    let mut stopped = 0;
    for (seed, millis) in (0..12).zip([1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]) {
        let generator = generator(seed, hard_target(true));
        let (clock, _) = ticking(Duration::from_micros(200));
        let guard = Guard::new(Budget::UNLIMITED.with_time(Duration::from_millis(millis)))
            .with_clock(clock);
        match generator.puzzle_guarded(0, &guard, &mut |_| ControlFlow::Continue(())) {
            Ok(made) => {
                // A hit is a puzzle the unguarded generator's judge agrees with.
                let rating = made.rating.expect("a targeted puzzle is rated");
                let full = Rater::new().rate(&made.puzzle).expect("unique").rating;
                assert_eq!(rating, full, "seed {seed}, {millis} ms");
                assert!(
                    guard.spent().is_none()
                        || guard.spent() == Some(Limit::Time(Duration::from_millis(millis)))
                );
            }
            Err(missed) => {
                if missed.stopped.is_some() {
                    stopped += 1;
                    assert_eq!(
                        missed.stopped,
                        Some(Limit::Time(Duration::from_millis(millis)))
                    );
                    assert!(missed.attempts < 40, "seed {seed}");
                }
            }
        }
    }
    assert!(
        stopped >= 3,
        "only {stopped} searches were stopped by their deadline"
    );
}

/// A cancellation flag stops the search at the next candidate, and a step limit counts
/// candidates.
#[test]
fn a_flag_or_a_step_limit_stops_the_search() {
    let hard = generator(7, hard_target(false));
    let flag = Arc::new(AtomicBool::new(false));
    let guard = Guard::new(Budget::UNLIMITED).with_cancel(flag.clone());
    let raised = flag.clone();
    let missed = hard
        .puzzle_guarded(0, &guard, &mut |seen| {
            if seen.attempts == 2 {
                raised.store(true, Ordering::Relaxed);
            }
            ControlFlow::Continue(())
        })
        .expect_err("stopped");
    assert_eq!(
        (missed.attempts, missed.stopped),
        (2, Some(Limit::Cancelled))
    );

    let plain = generator(
        3,
        Options {
            max_attempts: 5,
            clues: "17".parse().ok(),
            ..Options::default()
        },
    );
    let guard = Guard::new(Budget::UNLIMITED.with_steps(3));
    let missed = plain
        .puzzle_guarded(0, &guard, &mut |_| ControlFlow::Continue(()))
        .expect_err("17 clues are not reached in 3 tries");
    assert_eq!(
        (missed.attempts, missed.stopped),
        (3, Some(Limit::Steps(3)))
    );
    // Out of attempts, not stopped: no reason.
    let missed = plain.puzzle(0).expect_err("nor in 5");
    assert_eq!((missed.attempts, missed.stopped), (5, None));
}
