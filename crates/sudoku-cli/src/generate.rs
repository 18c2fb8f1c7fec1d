//! `sudoku generate`: seeded puzzles made in parallel and printed in index order.
//!
//! Puzzle `i` depends only on the seed, the options and `i` (the library derives its random
//! stream from them), so the output is the same for any `--threads`. Each worker takes the
//! next index as soon as it is free, and the main thread writes each puzzle out (and flushes)
//! as soon as it and every earlier one are made, so a pipe or file gets every puzzle made so
//! far even if the run is then interrupted (Ctrl-C, SIGTERM). Workers stay at most [`WINDOW`]
//! indices ahead of the output, which keeps memory constant for any `--count`; once the output
//! is gone (a closed pipe) they stop taking indices.
//!
//! With a difficulty target (`--rating`, `--level`, `--technique`) the library rates every
//! candidate and returns the rating with the puzzle; without one, the JSON output still carries
//! a rating, computed here in the same parallel pass.

use crate::args::{GenerateArgs, SolveFormat};
use crate::progress::Progress;
use crate::summary::RatingSpread;
use anyhow::Context;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use sudokit::budget::{Budget, Guard};
use sudokit::format;
use sudokit::generate::{Attempted, Difficulty, Generated, Generator, Missed, Options, Pattern};
use sudokit::rate::{PuzzleRating, Rater};

/// How far (in indices) the workers may run ahead of the first puzzle not yet printed: enough
/// to keep them busy behind one slow puzzle, few enough to keep the held-back puzzles small.
const WINDOW: u64 = 256;

/// How often the main thread looks up from waiting, to move the progress bar and to notice a
/// closed output pipe.
const TICK: Duration = Duration::from_millis(200);

/// One made (or missed) puzzle, with the time it took.
type Made = (Result<Generated, Missed>, Duration);

/// What the workers share: the next index to take, how far the output has got, and whether to
/// stop.
struct Shared {
    /// (next index to take, first index not yet printed).
    cursor: Mutex<(u64, u64)>,
    /// Signalled when the output moves on or the run stops.
    moved: Condvar,
    /// Set to stop: the workers take no more indices, and the guard of each puzzle's search
    /// (which holds it) stops the search, even inside a candidate's rating.
    stop: Arc<AtomicBool>,
    /// What each worker's puzzle search is at, for the progress bar.
    searching: Mutex<Vec<Option<Attempted>>>,
}

impl Shared {
    /// The next index for a worker, waiting while it would be more than [`WINDOW`] ahead of
    /// the output; `None` when there is none left or the run stops.
    fn take(&self, count: u64) -> Option<u64> {
        let mut cursor = self.cursor.lock().ok()?;
        loop {
            if self.stop.load(Ordering::Relaxed) || cursor.0 >= count {
                return None;
            }
            if cursor.0 < cursor.1.saturating_add(WINDOW) {
                let index = cursor.0;
                cursor.0 += 1;
                return Some(index);
            }
            cursor = self.moved.wait(cursor).ok()?;
        }
    }

    /// Records that every index below `printed` is out.
    fn printed(&self, printed: u64) {
        if let Ok(mut cursor) = self.cursor.lock() {
            cursor.1 = printed;
        }
        self.moved.notify_all();
    }

    /// Records how worker `worker`'s search is going (`None`: it is between puzzles).
    fn searching(&self, worker: usize, state: Option<Attempted>) {
        if let Ok(mut all) = self.searching.lock() {
            if let Some(slot) = all.get_mut(worker) {
                *slot = state;
            }
        }
    }

    /// The progress message: puzzles made and missed, and, while the earliest puzzle in the
    /// works has taken more than one candidate, how its search is going.
    fn message(&self, tally: &Tally) -> String {
        let mut text = format!("{} made", tally.made);
        if tally.missed > 0 {
            text += &format!(", {} missed", tally.missed);
        }
        let earliest = self.searching.lock().ok().and_then(|all| {
            all.iter()
                .flatten()
                .filter(|a| a.attempts > 1)
                .min_by_key(|a| a.index)
                .copied()
        });
        if let Some(a) = earliest {
            text += &format!(
                "; puzzle {}: {} of {} attempts",
                a.index, a.attempts, a.max_attempts
            );
            match (a.closest_rating, a.closest_distance) {
                (Some(rating), _) => text += &format!(", closest {rating}"),
                (None, Some(distance)) => text += &format!(", closest {distance} away"),
                (None, None) => {}
            }
        }
        text
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        // Taking the lock orders the flag before any worker's next look at it.
        drop(self.cursor.lock());
        self.moved.notify_all();
    }
}

/// Runs `sudoku generate`; returns whether some puzzle missed its target (exit status 1).
pub(crate) fn run(args: &GenerateArgs) -> anyhow::Result<bool> {
    let started = Instant::now();
    let seed = args.seed.unwrap_or_else(random_seed);
    let pattern = match &args.pattern {
        Some(path) => Some(read_pattern(path)?),
        None => None,
    };
    let targeted = args.rating.is_some()
        || args.level.is_some()
        || args.technique.is_some()
        || args.accept_stuck;
    let difficulty = targeted.then(|| Difficulty {
        rating: args.rating,
        level: args.level,
        technique: args.technique.clone(),
        accept_stuck: args.accept_stuck,
    });
    let options = Options {
        symmetry: args.symmetry.symmetry(),
        clues: args.clues,
        pattern,
        minimal: args.minimal,
        max_attempts: args.max_attempts,
        guess_budget: args.batch.guess_budget().unwrap_or(u64::MAX),
        difficulty,
    };
    let generator = if args.nested {
        Generator::nested(seed, options, args.nested_work)
    } else {
        Generator::new(seed, options)
    }
    .context("cannot generate such puzzles")?;
    let threads = match args.batch.threads {
        Some(n) => usize::from(n),
        None => thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut progress = Progress::new(
        io::stderr().is_terminal() && !args.batch.no_progress,
        Some(args.count),
    );
    let format = args.output.format();
    // Puzzles made without a target are rated here for the JSON output, which always has it.
    let rate_untargeted = format == SolveFormat::Json && !targeted;
    let rater = Rater::new();
    let mut out = Output {
        format,
        show_rating: targeted,
        time: args.batch.time,
        seed,
        symmetry: generator.options().symmetry.name(),
        buf: Vec::with_capacity(4096),
        printed: 0,
    };
    let mut tally = Tally::default();
    let shared = Shared {
        cursor: Mutex::new((0, 0)),
        moved: Condvar::new(),
        stop: Arc::new(AtomicBool::new(false)),
        searching: Mutex::new(vec![None; threads]),
    };
    let (made_tx, made_rx) = mpsc::channel::<(u64, Made)>();
    let make = |worker: usize, index: u64| -> Made {
        let clock = Instant::now();
        let guard = Guard::new(Budget::UNLIMITED).with_cancel(shared.stop.clone());
        let mut result = generator.puzzle_guarded(index, &guard, &mut |state| {
            shared.searching(worker, Some(*state));
            ControlFlow::Continue(())
        });
        shared.searching(worker, None);
        if let Ok(made) = &mut result {
            if rate_untargeted && made.rating.is_none() {
                made.rating = rater.rate(&made.puzzle).ok().map(|r| r.rating);
            }
        }
        (result, clock.elapsed())
    };
    thread::scope(|scope| -> anyhow::Result<()> {
        for i in 0..threads {
            let (shared, made_tx, make) = (&shared, made_tx.clone(), &make);
            thread::Builder::new()
                .name(format!("sudoku-worker-{i}"))
                .spawn_scoped(scope, move || {
                    while let Some(index) = shared.take(args.count) {
                        if made_tx.send((index, make(i, index))).is_err() {
                            return;
                        }
                    }
                })
                .context("cannot start the worker threads")?;
        }
        drop(made_tx);
        let printed = print_in_order(&made_rx, &shared, &mut out, &mut tally, &mut progress);
        // Whether done or failed (a closed pipe), the workers stop taking indices.
        shared.stop();
        printed
    })?;
    progress.finish();
    if args.batch.stats {
        eprint!(
            "{}",
            Summary {
                tally: &tally,
                seed,
                target: generator.options().difficulty.as_ref(),
                elapsed: started.elapsed(),
                threads,
            }
        );
    }
    Ok(tally.missed > 0)
}

/// The main thread's loop: writes each puzzle as soon as it and every earlier one are made.
fn print_in_order(
    made_rx: &mpsc::Receiver<(u64, Made)>,
    shared: &Shared,
    out: &mut Output,
    tally: &mut Tally,
    progress: &mut Progress,
) -> anyhow::Result<()> {
    let mut ahead: BTreeMap<u64, Made> = BTreeMap::new();
    let mut next = 0u64;
    loop {
        match made_rx.recv_timeout(TICK) {
            Ok((index, made)) => {
                ahead.insert(index, made);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if crate::pipe::stdout_closed() {
                    return Err(io::Error::from(io::ErrorKind::BrokenPipe).into());
                }
                progress.update_with(next, || shared.message(tally));
                continue;
            }
            // Every worker is done.
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        }
        let before = next;
        while let Some((result, elapsed)) = ahead.remove(&next) {
            let note = match result {
                Ok(puzzle) => {
                    tally.add(&puzzle, elapsed);
                    out.puzzle(&puzzle, elapsed)?;
                    None
                }
                Err(missed) => {
                    tally.missed += 1;
                    tally.attempts += u64::from(missed.attempts);
                    Some(format!(
                        "sudoku: {missed}; raise --max-attempts or widen the target"
                    ))
                }
            };
            let buf = &out.buf;
            progress.suspend(|| -> io::Result<()> {
                let mut stdout = io::stdout().lock();
                stdout.write_all(buf)?;
                stdout.flush()?;
                if let Some(note) = &note {
                    // A failing standard error is no reason to stop the puzzles on stdout.
                    let _ = writeln!(io::stderr().lock(), "{note}");
                }
                Ok(())
            })?;
            out.buf.clear();
            next += 1;
        }
        if next > before {
            shared.printed(next);
            progress.update_with(next, || shared.message(tally));
        }
    }
}

/// A seed for a run without `--seed`: the standard library's per-process random hash keys,
/// so two runs differ without reading the clock.
pub(crate) fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

fn read_pattern(path: &std::path::Path) -> anyhow::Result<Pattern> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the pattern file {}", path.display()))?;
    Pattern::parse(&text).with_context(|| format!("{}: not a pattern", path.display()))
}

/// Prints generated puzzles into a buffer.
struct Output {
    format: SolveFormat,
    /// Whether line and grid output show the rating (with a difficulty target).
    show_rating: bool,
    time: bool,
    seed: u64,
    symmetry: &'static str,
    buf: Vec<u8>,
    printed: u64,
}

impl Output {
    fn puzzle(&mut self, made: &Generated, elapsed: Duration) -> io::Result<()> {
        let micros = elapsed.as_secs_f64() * 1e6;
        match self.format {
            SolveFormat::Line => {
                self.buf
                    .extend_from_slice(format::to_line(&made.puzzle).as_bytes());
                if let Some(rating) = made.rating.filter(|_| self.show_rating) {
                    let (se, level) = (rating.se, level_name(&rating));
                    write!(self.buf, "\t{se}\t{level}\t{}", made.clues())?;
                }
                if self.time {
                    write!(self.buf, "\t{micros:.1}")?;
                }
                self.buf.push(b'\n');
            }
            SolveFormat::Grid => {
                if self.printed > 0 {
                    self.buf.push(b'\n');
                }
                self.buf
                    .extend_from_slice(format::to_grid(&made.puzzle).as_bytes());
                if let Some(rating) = made.rating.filter(|_| self.show_rating) {
                    let (se, level) = (rating.se, level_name(&rating));
                    writeln!(self.buf, "# rating: {se} {level}, {} clues", made.clues())?;
                }
                if self.time {
                    writeln!(self.buf, "# time: {micros:.1} us")?;
                }
            }
            SolveFormat::Json => {
                let record = JsonPuzzle {
                    index: made.index,
                    seed: self.seed,
                    puzzle: format::to_line(&made.puzzle),
                    solution: format::to_line(&made.solution),
                    clues: made.clues(),
                    symmetry: self.symmetry,
                    minimal: made.minimal,
                    attempts: made.attempts,
                    rating: made.rating.as_ref(),
                    time_us: self.time.then_some((micros * 10.0).round() / 10.0),
                };
                serde_json::to_writer(&mut self.buf, &record)?;
                self.buf.push(b'\n');
            }
        }
        self.printed += 1;
        Ok(())
    }
}

/// One puzzle in the JSON format.
#[derive(Serialize)]
struct JsonPuzzle<'a> {
    index: u64,
    seed: u64,
    puzzle: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
    /// `null` when not checked.
    minimal: Option<bool>,
    attempts: u32,
    /// ER/EP/ED, score, level, outcome, steps, hardest (flat).
    #[serde(flatten)]
    rating: Option<&'a PuzzleRating>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_us: Option<f64>,
}

/// The level as printed: `stuck` for a puzzle the techniques cannot finish (as `sudoku rate`).
fn level_name(rating: &PuzzleRating) -> &'static str {
    if rating.is_stuck() {
        "stuck"
    } else {
        rating.hodoku.level.name()
    }
}

/// What a run made.
#[derive(Debug)]
struct Tally {
    made: u64,
    missed: u64,
    attempts: u64,
    /// Puzzles per clue count.
    by_clues: [u64; 82],
    /// Rated puzzles by whole ER and level (stuck ones apart).
    spread: RatingSpread,
    /// Puzzles the techniques could not finish (ER 20.0).
    stuck: u64,
    /// The slowest puzzle and its index.
    slowest: Option<(Duration, u64)>,
    /// The time spent on the puzzles made, each measured on its worker.
    total: Duration,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            made: 0,
            missed: 0,
            attempts: 0,
            by_clues: [0; 82],
            spread: RatingSpread::default(),
            stuck: 0,
            slowest: None,
            total: Duration::ZERO,
        }
    }
}

impl Tally {
    fn add(&mut self, made: &Generated, elapsed: Duration) {
        self.made += 1;
        self.attempts += u64::from(made.attempts);
        if let Some(slot) = self.by_clues.get_mut(made.clues()) {
            *slot += 1;
        }
        match made.rating {
            Some(rating) if rating.is_stuck() => self.stuck += 1,
            Some(rating) => self.spread.add(&rating),
            None => {}
        }
        self.total += elapsed;
        if self.slowest.is_none_or(|(t, _)| elapsed > t) {
            self.slowest = Some((elapsed, made.index));
        }
    }
}

/// The `--stats` report.
struct Summary<'a> {
    tally: &'a Tally,
    seed: u64,
    /// The difficulty asked for, if any.
    target: Option<&'a Difficulty>,
    elapsed: Duration,
    threads: usize,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.tally;
        let secs = self.elapsed.as_secs_f64();
        let rate = t.made as f64 / secs.max(1e-9);
        let plural = if self.threads == 1 { "" } else { "s" };
        writeln!(
            f,
            "puzzles    {} in {secs:.3} s ({rate:.1} puzzles/s, {} thread{plural})",
            t.made, self.threads
        )?;
        writeln!(f, "seed       {}", self.seed)?;
        if let Some(target) = self.target {
            writeln!(f, "target     {target}")?;
        }
        if t.made > 0 {
            let counts = t.by_clues.iter().enumerate().filter(|(_, &n)| n > 0);
            let total: u64 = counts.clone().map(|(c, &n)| c as u64 * n).sum();
            let min = counts.clone().map(|(c, _)| c).min().unwrap_or(0);
            let max = counts.clone().map(|(c, _)| c).max().unwrap_or(0);
            let mean = total as f64 / t.made as f64;
            writeln!(f, "clues      min {min}, mean {mean:.2}, max {max}")?;
            let spread: Vec<String> = counts.map(|(c, n)| format!("{c}:{n}")).collect();
            writeln!(f, "by clues   {}", spread.join(" "))?;
        }
        let stuck = if t.stuck > 0 {
            format!(" (stuck: {})", t.stuck)
        } else {
            String::new()
        };
        t.spread.write(f, &stuck)?;
        let per = t.attempts as f64 / (t.made.max(1)) as f64;
        writeln!(
            f,
            "attempts   {} ({per:.2} per puzzle made: grids, or rated candidates with a target)",
            t.attempts
        )?;
        if let Some((time, index)) = t.slowest {
            // The mean of the times measured per puzzle, so never above the slowest (the wall
            // clock times the threads was, for fewer puzzles than threads).
            let mean = t.total.as_secs_f64() * 1e3 / (t.made.max(1)) as f64;
            writeln!(
                f,
                "time       {mean:.3} ms per puzzle (on one thread); slowest {:.3} ms (puzzle {index})",
                time.as_secs_f64() * 1e3
            )?;
        }
        writeln!(f, "missed     {}", t.missed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_shows_the_spread_of_clues() {
        let mut tally = Tally {
            made: 3,
            attempts: 4,
            ..Tally::default()
        };
        tally.by_clues[22] = 1;
        tally.by_clues[25] = 2;
        let text = Summary {
            tally: &tally,
            seed: 9,
            target: None,
            elapsed: Duration::from_secs(1),
            threads: 2,
        }
        .to_string();
        assert!(text.starts_with("puzzles    3 in 1.000 s (3.0 puzzles/s, 2 threads)\n"));
        assert!(text.contains("seed       9\n"));
        assert!(text.contains("clues      min 22, mean 24.00, max 25\n"));
        assert!(text.contains("by clues   22:1 25:2\n"));
        assert!(text.contains("attempts   4 (1.33 per puzzle made: grids"));
        assert!(text.contains("missed     0\n"));
    }

    /// Issue 32, item 11: with fewer puzzles than threads the mean (wall clock times threads
    /// over puzzles) came out above the slowest puzzle.
    #[test]
    fn the_mean_time_is_never_above_the_slowest() {
        let mut tally = Tally::default();
        let made = Generated {
            puzzle: sudokit::Grid::empty(),
            solution: sudokit::Grid::empty(),
            index: 0,
            attempts: 1,
            minimal: None,
            rating: None,
        };
        tally.add(&made, Duration::from_millis(10));
        let text = Summary {
            tally: &tally,
            seed: 1,
            target: None,
            elapsed: Duration::from_millis(40),
            threads: 2,
        }
        .to_string();
        assert!(
            text.contains("time       10.000 ms per puzzle (on one thread); slowest 10.000 ms"),
            "{text}"
        );
    }
}
