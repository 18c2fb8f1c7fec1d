//! `sudoku generate`: seeded puzzles made in parallel and printed in index order.
//!
//! Puzzle `i` depends only on the seed, the options and `i` (the library derives its random
//! stream from them), so the output is the same for any `--threads`. Chunks of indices are made
//! in parallel and printed as each chunk completes, which keeps memory constant for any
//! `--count`.
//!
//! With a difficulty target (`--rating`, `--level`, `--technique`) the library rates every
//! candidate and returns the rating with the puzzle; without one, the JSON output still carries
//! a rating, computed here in the same parallel pass.

use crate::args::{GenerateArgs, SolveFormat};
use crate::progress::Progress;
use crate::summary::RatingSpread;
use anyhow::Context;
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};
use sudoku::format;
use sudoku::generate::{Difficulty, Generated, Generator, Missed, Options, Pattern};
use sudoku::rate::{PuzzleRating, Rater};

/// How many puzzles are made per parallel chunk: enough to keep the workers busy, few enough
/// that output and the progress bar move often.
const CHUNK: u64 = 64;

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
    let generator = Generator::new(seed, options).context("cannot generate such puzzles")?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.batch.threads.map_or(0, usize::from))
        .thread_name(|i| format!("sudoku-worker-{i}"))
        .build()
        .context("cannot start the worker threads")?;
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
        buf: Vec::with_capacity(64 * 1024),
        printed: 0,
    };
    let mut tally = Tally::default();
    let mut next = 0;
    while next < args.count {
        let end = next.saturating_add(CHUNK).min(args.count);
        let made: Vec<(Result<Generated, Missed>, Duration)> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|index| {
                    let clock = Instant::now();
                    let mut result = generator.puzzle(index);
                    if let Ok(made) = &mut result {
                        if rate_untargeted && made.rating.is_none() {
                            made.rating = rater.rate(&made.puzzle).ok().map(|r| r.rating);
                        }
                    }
                    (result, clock.elapsed())
                })
                .collect()
        });
        let mut notes = Vec::new();
        for (result, elapsed) in made {
            match result {
                Ok(puzzle) => {
                    tally.add(&puzzle, elapsed);
                    out.puzzle(&puzzle, elapsed)?;
                }
                Err(missed) => {
                    tally.missed += 1;
                    tally.attempts += u64::from(missed.attempts);
                    notes.push(format!(
                        "sudoku: {missed}; raise --max-attempts or widen the target"
                    ));
                }
            }
        }
        let buf = &out.buf;
        progress.suspend(|| -> io::Result<()> {
            let mut stdout = io::stdout().lock();
            stdout.write_all(buf)?;
            stdout.flush()?;
            let mut stderr = io::stderr().lock();
            for note in &notes {
                // A failing standard error is no reason to stop the puzzles on standard output.
                let _ = writeln!(stderr, "{note}");
            }
            Ok(())
        })?;
        out.buf.clear();
        next = end;
        progress.update(next, next);
    }
    progress.finish();
    if args.batch.stats {
        eprint!(
            "{}",
            Summary {
                tally: &tally,
                seed,
                target: generator.options().difficulty.as_ref(),
                elapsed: started.elapsed(),
                threads: pool.current_num_threads(),
            }
        );
    }
    Ok(tally.missed > 0)
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
            let mean = secs * 1e3 * self.threads as f64 / (t.made.max(1)) as f64;
            writeln!(
                f,
                "time       {mean:.3} ms per puzzle per thread; slowest {:.3} ms (puzzle {index})",
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
}
