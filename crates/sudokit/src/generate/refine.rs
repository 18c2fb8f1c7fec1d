//! Meeting a difficulty target: judge each candidate cheaply, and refine near misses by local
//! search instead of only throwing them away.
//!
//! Each candidate is rated by the [`Judge`], which stops the solve as soon as the puzzle is
//! known to be too hard, so most misses cost a fraction of a rating. Fresh candidates (a new
//! solution grid, dug) come first: for the common bands a hit comes within a few of them.
//! After every [`FRESH_PER_CLIMB`] misses, the closest of them starts a hill climb on the
//! distance to the target:
//!
//! - **A move** adds one or two random blank orbits back (digits from the solution, so the
//!   puzzle stays unique), then digs again, trying the old clues first and the added ones
//!   last (digging the added ones first would just undo the move). The result is a neighbour
//!   a few clues away ("-k +m", as in the vicinity searches of hard-puzzle hunters), unique,
//!   orbit-minimal again (so minimal when there is no symmetry), with the same solution. A
//!   move that changes nothing is not rated.
//! - **Acceptance.** A neighbour at most as far from the target as the current puzzle replaces
//!   it (sideways moves let the climb cross the wide plateaus of equal rating); one at
//!   distance 0 is the answer. After [`MAX_STALL`] moves without getting closer the climb
//!   ends and fresh candidates resume.
//!
//! *Why this mix.* For the common bands a hit usually comes before the first climb, so they
//! run at rejection speed: measured on the release build (`--threads 2`, seed 1, 100 to 200
//! puzzles each), ER 1.0-7.9 and every level took 3.2 to 14.7 candidates per puzzle, ER
//! 8.0-8.9 took 27.8. For the rare bands climbing wins: 6 of 10,000 random puzzles rate 9.0 or
//! more, and ER 9.0+ took 1,071 candidates and 4.1 CPU seconds per puzzle by plain rejection
//! (12 puzzles) against 188 candidates and 1.25 CPU seconds with the climbs (40 puzzles).
//! Climbed candidates are harder, so slower to rate: the gain in time is smaller than in
//! candidates.
//!
//! Tried and not kept, as no better in CPU time on 20 and 40 puzzles of ER 9.0+: climbing
//! longer (100 moves without progress instead of 25), climbing after every 8 fresh misses
//! instead of 32, and moves that change the solution (one clue orbit out, one of the
//! solutions that leaves drawn, orbits of it added back until unique, dug again), alone or
//! mixed half and half with the moves above. Where a climb starts matters little (of 93
//! climbs toward 9.0+, 7 of 38 from ER 7.2-7.3 hit, and 7 of 41 from ER 8.3-8.5): it works
//! more as a walk among hard puzzles' neighbours than as a climb.
//!
//! Every rated candidate (fresh or moved) counts as one attempt of
//! [`Options::max_attempts`](super::Options::max_attempts), so a request no puzzle can meet
//! ends within a known amount of work, with the closest puzzle found. Everything is drawn from
//! the puzzle's own random stream, so the result is the same on any number of threads.
//!
//! A caveat: climbed puzzles are not uniformly drawn from the puzzles of their band (they lean
//! toward the neighbourhoods the climb visits). Each is still unique, and minimal or symmetric
//! as asked.

use super::dig::{self, Dug};
use super::judge::Judge;
use super::{Generated, Generator, Tracker};
use crate::rng::Rng;
use crate::{Cell, Grid};

/// Fresh candidates between two climbs (each from the closest of them).
pub(crate) const FRESH_PER_CLIMB: u32 = 32;

/// Moves without getting closer before a climb gives up.
pub(crate) const MAX_STALL: u32 = 25;

/// The best miss so far: its distance and the puzzle.
pub(crate) type Closest = Option<(u32, Generated)>;

impl Generator {
    /// Looks for a puzzle that meets the target with fresh candidates, climbing from the
    /// closest of every [`FRESH_PER_CLIMB`] misses; rates at most `max_attempts - *tried`
    /// candidates. Keeps the closest miss in `closest`.
    pub(super) fn hunt(
        &self,
        judge: &Judge,
        rng: &mut Rng,
        index: u64,
        tried: &mut u32,
        closest: &mut Closest,
        tracker: &mut Tracker<'_>,
    ) -> Option<Generated> {
        if self.seeded() {
            // ER 9.0 and up: climb from the hard seeds (see `vicinity`).
            return self.hunt_from_seeds(judge, rng, index, tried, closest, tracker);
        }
        let mut batch_best: Closest = None;
        let mut fresh = 0;
        while *tried < self.options.max_attempts && !tracker.stopped {
            let Some(mut made) = self.attempt(rng, index, *tried + 1) else {
                *tried += 1;
                tracker.guard.count_step();
                continue;
            };
            let distance = self.judge_candidate(judge, &mut made, tried, closest, tracker);
            if distance == 0 {
                return Some(made);
            }
            if batch_best.as_ref().is_none_or(|(d, _)| distance < *d) {
                batch_best = Some((distance, made));
            }
            fresh += 1;
            // A pattern fixes the clue positions: no move is possible.
            if fresh % FRESH_PER_CLIMB == 0 && self.options.pattern.is_none() {
                if let Some(start) = batch_best.take() {
                    let hit = self.climb(judge, start, rng, tried, closest, tracker);
                    if hit.is_some() {
                        return hit;
                    }
                }
            }
        }
        None
    }

    /// Hill-climbs from `start` (a candidate and its distance from the target) until a hit,
    /// [`MAX_STALL`] moves without getting closer, the end of the attempts, or the observer's
    /// stop.
    pub(super) fn climb(
        &self,
        judge: &Judge,
        start: (u32, Generated),
        rng: &mut Rng,
        tried: &mut u32,
        closest: &mut Closest,
        tracker: &mut Tracker<'_>,
    ) -> Option<Generated> {
        let (mut distance, mut current) = start;
        let mut stall = 0;
        while *tried < self.options.max_attempts && stall < MAX_STALL && !tracker.stopped {
            let Some(mut next) = self.neighbour(&current, rng) else {
                stall += 1;
                continue;
            };
            let d = self.judge_candidate(judge, &mut next, tried, closest, tracker);
            if d == 0 {
                return Some(next);
            }
            if d < distance {
                stall = 0;
            } else {
                stall += 1;
            }
            if d <= distance {
                current = next;
                distance = d;
            }
        }
        None
    }

    /// Rates `made` as attempt number `*tried + 1`, records its rating and returns its
    /// distance to the request (0 for a hit); a miss closer than `closest` replaces it.
    fn judge_candidate(
        &self,
        judge: &Judge,
        made: &mut Generated,
        tried: &mut u32,
        closest: &mut Closest,
        tracker: &mut Tracker<'_>,
    ) -> u32 {
        *tried += 1;
        tracker.guard.count_step();
        made.attempts = *tried;
        let Some(judged) = judge.judge(&made.puzzle, tracker.guard) else {
            // The caller's guard stopped the rating: no verdict on this candidate.
            tracker.stopped = true;
            return u32::MAX;
        };
        made.rating = judged.rating;
        let mut distance = judged.distance;
        if let Some(clues) = self.options.clues {
            distance += 5 * u32::try_from(clues.distance(made.clues())).unwrap_or(u32::MAX / 8);
        }
        if self.options.minimal && made.minimal != Some(true) {
            distance += 1;
        }
        if distance > 0 && closest.as_ref().is_none_or(|(d, _)| distance < *d) {
            *closest = Some((distance, made.clone()));
        }
        let best = closest.as_ref().map(|(d, made)| (*d, made));
        tracker.report(made.index, *tried, self.options.max_attempts, best);
        distance
    }

    /// A neighbour of `current` (see the module documentation), or `None` when the move
    /// changed nothing or failed.
    fn neighbour(&self, current: &Generated, rng: &mut Rng) -> Option<Generated> {
        let values = current.puzzle.values();
        let is_clue = |o: &Vec<Cell>| o.iter().all(|c| values[c.index()] != 0);
        let mut clues: Vec<usize> = (0..self.orbits.len())
            .filter(|&o| is_clue(&self.orbits[o]))
            .collect();
        let mut blank: Vec<usize> = (0..self.orbits.len())
            .filter(|&o| !is_clue(&self.orbits[o]))
            .collect();
        if blank.is_empty() {
            return None;
        }
        rng.shuffle(&mut clues);
        rng.shuffle(&mut blank);
        let added = 1 + rng.index(2).min(blank.len() - 1);
        let mut start = *values;
        let solution = current.solution.values();
        for &o in &blank[..added] {
            for cell in &self.orbits[o] {
                start[cell.index()] = solution[cell.index()];
            }
        }
        let start = Grid::from_values(start)?;
        // Old clues first: digging the added ones first would just undo the move.
        clues.extend_from_slice(&blank[..added]);
        let dug = dig::dig_in_order(
            &start,
            &self.orbits,
            &clues,
            self.floor(),
            self.options.guess_budget,
        );
        let (puzzle, minimal) = self.finish(dug, &current.solution, rng)?;
        (puzzle != current.puzzle).then_some(Generated {
            puzzle,
            solution: current.solution,
            index: current.index,
            attempts: current.attempts,
            minimal,
            rating: None,
        })
    }

    /// The clue count digging stops at: a clue target's lower end, unless minimal puzzles are
    /// asked for (they must be dug to the end).
    pub(super) fn floor(&self) -> usize {
        match self.options.clues {
            Some(clues) if !self.options.minimal => clues.min(),
            _ => 0,
        }
    }

    /// A dug puzzle and what is known of its minimality, made minimal when that is asked for
    /// and the symmetry needs repairs; `None` when the repairs fail.
    pub(super) fn finish(
        &self,
        dug: Dug,
        solution: &Grid,
        rng: &mut Rng,
    ) -> Option<(Grid, Option<bool>)> {
        if !dug.orbit_minimal {
            Some((dug.puzzle, None))
        } else if self.shared.is_empty() {
            Some((dug.puzzle, Some(true)))
        } else if self.options.minimal {
            dig::make_minimal(
                dug.puzzle,
                solution,
                &self.orbits,
                &self.shared,
                super::MAX_REPAIR_MOVES,
                self.options.guess_budget,
                rng,
            )
            .map(|puzzle| (puzzle, Some(true)))
        } else {
            Some((dug.puzzle, None))
        }
    }
}
