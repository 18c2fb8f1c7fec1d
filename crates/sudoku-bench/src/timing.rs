//! Interleaved best-of-rounds timing, chunk by chunk.
//!
//! The machine this runs on is shared and noisy (other builds, frequency changes), and noise only
//! ever makes a run slower. So:
//!
//! - the set is cut into **chunks** of consecutive puzzles, each about one round's worth of work
//!   (`min_time / rounds`, estimated from the untimed check pass); a small set is one chunk;
//! - each chunk is timed in several **rounds**, and within a round the contestants take turns
//!   (round 1: A then B, round 2: B then A, ...), so both run on that chunk within a fraction of a
//!   second of each other and a slow patch of the machine hits both alike;
//! - a turn repeats the chunk until it has lasted at least `min_time / rounds / chunks`, so a
//!   49-puzzle set is solved thousands of times per turn and timer resolution does not matter;
//! - each contestant keeps its **fastest turn per chunk**, and its time for the set is the sum of
//!   those. Keeping the best per chunk rather than the best of whole passes means a burst of noise
//!   spoils one chunk's turn, not a whole multi-second pass, so big sets need no extra rounds.
//!
//! Every contestant thus solves the whole set `rounds` times at least.
//!
//! Turns are timed by the **thread's CPU time** ([`Clock::Cpu`], the default) rather than the
//! wall clock: with other processes competing for the cores, the wall clock also counts the time
//! slices spent waiting, which has nothing to do with either solver. (Cache pollution by the
//! neighbours remains, which is what the rounds are for.) [`Clock::Wall`] is there to compare.

use std::ops::Range;
use std::time::{Duration, Instant};

/// What a turn's duration is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Clock {
    /// CPU time consumed by this thread; falls back to the wall clock if the OS cannot tell.
    Cpu,
    /// Elapsed real time.
    Wall,
}

impl Clock {
    /// Whether this clock can be read here; `Cpu` may be unavailable on exotic systems.
    pub fn available(self) -> bool {
        match self {
            Clock::Cpu => cpu_time::ThreadTime::try_now().is_ok(),
            Clock::Wall => true,
        }
    }

    fn start(self) -> Stamp {
        Stamp {
            wall: Instant::now(),
            cpu: match self {
                Clock::Cpu => cpu_time::ThreadTime::try_now().ok(),
                Clock::Wall => None,
            },
        }
    }
}

/// A start time on both clocks (the wall clock is the fallback).
struct Stamp {
    wall: Instant,
    cpu: Option<cpu_time::ThreadTime>,
}

impl Stamp {
    fn elapsed(&self) -> Duration {
        self.cpu
            .and_then(|cpu| cpu.try_elapsed().ok())
            .unwrap_or_else(|| self.wall.elapsed())
    }
}

/// Where [`measure`] reads the time: a [`Clock`], or in the tests a clock they move by hand, so
/// that they check the arithmetic without sleeping or depending on the machine's speed.
trait TimeSource {
    /// A reading to measure from.
    type Start;
    fn start(&self) -> Self::Start;
    fn elapsed(&self, since: &Self::Start) -> Duration;
}

impl TimeSource for Clock {
    type Start = Stamp;
    fn start(&self) -> Stamp {
        Clock::start(*self)
    }
    fn elapsed(&self, since: &Stamp) -> Duration {
        since.elapsed()
    }
}

/// How long and how often to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Turns per contestant and chunk; the fastest one counts.
    pub rounds: u32,
    /// Total time to spend per contestant, split evenly over its rounds (every round solves the
    /// whole set at least once, so big sets take longer).
    pub min_time: Duration,
    /// The clock turns are timed with.
    pub clock: Clock,
}

impl Plan {
    /// How many consecutive items make a chunk, given a rough time per item: about one round's
    /// worth, and at least one.
    pub fn chunk_len(&self, per_item: Duration) -> usize {
        let round = self.min_time.as_secs_f64() / f64::from(self.rounds.max(1));
        let per_item = per_item.as_secs_f64();
        if per_item > 0.0 {
            // Saturating float-to-int cast: a huge quotient means "one chunk".
            ((round / per_item).ceil() as usize).max(1)
        } else {
            usize::MAX
        }
    }
}

/// The timing of one contestant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measured {
    /// Time for one pass over all items: the sum over chunks of the fastest turn's time per pass.
    pub best_pass: Duration,
    /// Passes over all items, over all rounds (turns on one chunk count as a share of a pass).
    pub passes: u64,
    /// Time spent in all turns.
    pub total: Duration,
}

/// Measures `contestants` contestants on `items` items cut into chunks of `chunk_len`, calling
/// `pass(who, range)` for one pass of contestant `who` over the items in `range`.
///
/// A pass may fail (a timed pass that disagrees with the checked answers); measuring stops at the
/// first error, which is returned.
pub fn measure<E>(
    plan: Plan,
    contestants: usize,
    items: usize,
    chunk_len: usize,
    pass: impl FnMut(usize, Range<usize>) -> Result<(), E>,
) -> Result<Vec<Measured>, E> {
    measure_on(&plan.clock, plan, contestants, items, chunk_len, pass)
}

/// [`measure`] with the time read from `time` (`plan.clock` is not read).
fn measure_on<E, T: TimeSource>(
    time: &T,
    plan: Plan,
    contestants: usize,
    items: usize,
    chunk_len: usize,
    mut pass: impl FnMut(usize, Range<usize>) -> Result<(), E>,
) -> Result<Vec<Measured>, E> {
    let rounds = plan.rounds.max(1);
    let chunk_len = chunk_len.max(1);
    let chunks: Vec<Range<usize>> = (0..items.div_ceil(chunk_len))
        .map(|i| i * chunk_len..(i + 1).saturating_mul(chunk_len).min(items))
        .collect();
    let chunk_count = u32::try_from(chunks.len()).unwrap_or(u32::MAX).max(1);
    let turn_target = plan.min_time / rounds / chunk_count;
    let mut best_sum = vec![Duration::ZERO; contestants];
    let mut passes = vec![0.0_f64; contestants];
    let mut total = vec![Duration::ZERO; contestants];
    for chunk in &chunks {
        let share = chunk.len() as f64 / items as f64;
        let mut best = vec![Duration::MAX; contestants];
        for round in 0..rounds as usize {
            // Rotate who goes first so that neither always runs right after the other.
            for turn in 0..contestants {
                let who = (turn + round) % contestants;
                let start = time.start();
                let mut repeats: u32 = 0;
                let elapsed = loop {
                    pass(who, chunk.clone())?;
                    repeats += 1;
                    let elapsed = time.elapsed(&start);
                    if elapsed >= turn_target {
                        break elapsed;
                    }
                };
                best[who] = best[who].min(elapsed / repeats);
                passes[who] += f64::from(repeats) * share;
                total[who] += elapsed;
            }
        }
        for (sum, best) in best_sum.iter_mut().zip(best) {
            *sum += best;
        }
    }
    Ok((0..contestants)
        .map(|who| Measured {
            best_pass: best_sum[who],
            passes: passes[who].round() as u64,
            total: total[who],
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::cell::Cell;

    fn plan(rounds: u32, millis: u64) -> Plan {
        Plan {
            rounds,
            min_time: Duration::from_millis(millis),
            // Not read: the tests time with a `Manual` clock.
            clock: Clock::Wall,
        }
    }

    /// A clock that moves only when a test says so: each pass advances it by the time that pass
    /// is meant to take, so the tests are exact and never sleep.
    #[derive(Default)]
    struct Manual(Cell<Duration>);

    impl Manual {
        fn advance(&self, by: Duration) {
            self.0.set(self.0.get() + by);
        }
    }

    impl TimeSource for Manual {
        type Start = Duration;
        fn start(&self) -> Duration {
            self.0.get()
        }
        fn elapsed(&self, since: &Duration) -> Duration {
            self.0.get() - *since
        }
    }

    #[test]
    fn contestants_take_turns_chunk_by_chunk() {
        let mut order = Vec::new();
        let measured = measure::<()>(plan(2, 0), 2, 5, 3, |who, range| {
            order.push((who, range));
            Ok(())
        });
        assert_eq!(
            order,
            vec![
                (0, 0..3),
                (1, 0..3),
                (1, 0..3),
                (0, 0..3),
                (0, 3..5),
                (1, 3..5),
                (1, 3..5),
                (0, 3..5)
            ]
        );
        let Ok(measured) = measured else {
            panic!("no error was raised");
        };
        assert!(measured.iter().all(|m| m.passes == 2));
    }

    #[test]
    fn short_passes_are_repeated_until_the_turn_lasts_long_enough() {
        // Each pass takes 3 ms; a turn must last 10 ms (20 ms over 2 rounds), so 4 passes.
        let clock = Manual::default();
        let measured = measure_on::<(), _>(&clock, plan(2, 20), 1, 10, 10, |_, _| {
            clock.advance(Duration::from_millis(3));
            Ok(())
        });
        let Ok(measured) = measured else {
            panic!("no error was raised");
        };
        assert_eq!(measured[0].passes, 8);
        assert_eq!(measured[0].total, Duration::from_millis(24));
        assert_eq!(measured[0].best_pass, Duration::from_millis(3));
    }

    #[test]
    fn the_time_for_the_set_is_the_sum_of_the_best_turns_per_chunk() {
        // Chunk 0 is slow in round 0 only, chunk 1 in round 1 only: the best turns are both fast.
        let mut calls = 0;
        let clock = Manual::default();
        let measured = measure_on::<(), _>(&clock, plan(2, 0), 1, 2, 1, |_, range| {
            calls += 1;
            let slow = (range.start == 0 && calls == 1) || (range.start == 1 && calls == 4);
            clock.advance(Duration::from_millis(if slow { 30 } else { 1 }));
            Ok(())
        });
        let Ok(measured) = measured else {
            panic!("no error was raised");
        };
        assert_eq!(calls, 4);
        assert_eq!(
            measured[0].best_pass,
            Duration::from_millis(2),
            "{measured:?}"
        );
        assert_eq!(measured[0].total, Duration::from_millis(62));
    }

    #[test]
    fn the_first_error_stops_measuring() {
        let mut calls = 0;
        let result = measure(plan(5, 0), 2, 4, 4, |who, _| {
            calls += 1;
            if who == 1 {
                Err("disagree")
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err("disagree"));
        assert_eq!(calls, 2);
    }

    #[test]
    fn the_cpu_clock_does_not_count_sleep() {
        assert!(Clock::Cpu.available());
        let start = Clock::Cpu.start();
        std::thread::sleep(Duration::from_millis(50));
        assert!(start.elapsed() < Duration::from_millis(25));
    }

    #[test]
    fn chunks_hold_about_one_round_of_work() {
        let p = plan(5, 300);
        assert_eq!(p.chunk_len(Duration::from_micros(100)), 600);
        assert_eq!(p.chunk_len(Duration::from_secs(1)), 1);
        assert_eq!(p.chunk_len(Duration::ZERO), usize::MAX);
    }
}
