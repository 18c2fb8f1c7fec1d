//! `sudoku rate`: Sudoku Explainer's ER/EP/ED and a HoDoKu-style level for every puzzle, on
//! every core, printed in input order as each becomes ready.
//!
//! ```text
//!   reader thread          main thread                        workers (--threads)
//!   files/stdin -> Jobs => numbers jobs, keeps WINDOW  =====>  parse, check, rate
//!                          in flight; prints results   <=====  (number, result)
//!                          in number order as they come
//! ```
//!
//! Unlike the chunked pipeline of `solve` (`batch`), rating times vary from microseconds to
//! seconds per puzzle, so a chunk would wait for its slowest puzzle with the other cores idle.
//! Here each worker takes the next job as soon as it is free, and the main thread holds back
//! only the results that finished ahead of an earlier, slower puzzle. The window bounds both
//! memory and that backlog; a puzzle over `--time-limit` is reported as `gave_up` and the run
//! goes on.
//!
//! When the output goes away (`sudoku rate big.txt | head -1`), the main thread raises the
//! rater's cancel flag: workers drop the jobs still queued, and a rating in progress stops at
//! its next check (milliseconds). A closed pipe is noticed on the next write, or, while no
//! result is ready to print, by asking every [`FLUSH_EVERY`] whether stdout's reader is gone.

use crate::args::{RateArgs, ReportFormat, ScaleArg};
use crate::bands::Bands;
use crate::input::{Body, Job, Reader, Sources};
use crate::progress::Progress;
use crate::summary::RatingSpread;
use anyhow::Context;
use serde::Serialize;
use std::collections::{BTreeMap, VecDeque};
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use sudokit::budget::Clock;
use sudokit::format;
use sudokit::logic::Style;
use sudokit::rate::{Budget, PuzzleRating, RateError, Rater};

/// Jobs handed to the workers and not yet printed, at most: enough to keep every worker busy
/// behind one slow puzzle for a while, few enough to keep memory small.
const WINDOW: usize = 1024;

/// Write the output buffer out once it is this large...
const FLUSH_BYTES: usize = 64 * 1024;
/// ...or this long after the last write, so slow runs still stream.
const FLUSH_EVERY: Duration = Duration::from_millis(200);

/// A clock for the library's time limits: the time since it was made, by `Instant` (the
/// library never reads the time itself).
pub(crate) fn wall_clock() -> Arc<dyn Clock> {
    let origin = Instant::now();
    Arc::new(move || origin.elapsed())
}

/// A clock that reads the CPU time of the thread that asks (`--cpu-time`): a rating runs on
/// one worker thread from start to end, so its limit and its time are that puzzle's own CPU
/// time, whatever else the machine runs. `None` when the platform has no such clock.
pub(crate) fn thread_cpu_clock() -> Option<Arc<dyn Clock>> {
    cpu_time::ThreadTime::try_now().ok()?;
    // The clock worked above; should it fail later, the limit counts as reached (a rating
    // must not run unbounded), as the library does for a limit without a clock.
    Some(Arc::new(|| {
        cpu_time::ThreadTime::try_now().map_or(Duration::MAX, |t| t.as_duration())
    }))
}

/// The budget of one puzzle from the command line's limits; 0 means no limit, as it does for
/// `--max-guesses`.
pub(crate) fn budget_of(time_limit_ms: Option<u64>, max_steps: Option<usize>) -> Budget {
    Budget {
        time: time_limit_ms
            .filter(|&ms| ms > 0)
            .map(Duration::from_millis),
        steps: max_steps.filter(|&steps| steps > 0),
    }
}

/// The result for one job.
enum Verdict {
    /// Rated (solved, or stuck at 20.0).
    Rated(PuzzleRating),
    /// Not rated, and why.
    Refused(RateError),
    /// The record is not a puzzle.
    Bad {
        line: usize,
        column: usize,
        message: String,
    },
    /// The input could not be read.
    Unreadable(String),
}

impl Verdict {
    /// The `status` in JSON and the counters.
    fn status(&self) -> &'static str {
        match self {
            Verdict::Rated(r) if r.is_stuck() => "stuck",
            Verdict::Rated(_) => "rated",
            Verdict::Refused(RateError::Invalid(_)) => "invalid",
            Verdict::Refused(RateError::NoSolution) => "none",
            Verdict::Refused(RateError::MultipleSolutions) => "multiple",
            Verdict::Refused(RateError::GaveUp { .. }) => "gave_up",
            // `RateError` is non-exhaustive; a reason added later fails the record as an error.
            Verdict::Refused(_) | Verdict::Bad { .. } => "error",
            Verdict::Unreadable(_) => "unreadable",
        }
    }
}

/// One finished job.
struct Done {
    job: Job,
    /// The puzzle as an 81-character line, when it parsed.
    puzzle: Option<String>,
    verdict: Verdict,
    elapsed: Duration,
}

/// Rates one job; its time is read from `clock` (wall or this thread's CPU time).
fn rate_job(rater: &Rater<'_>, clock: &dyn Clock, job: Job) -> Done {
    let started = clock.now();
    let elapsed = || clock.now().saturating_sub(started);
    let parsed = match &job.body {
        Body::Record(parsed) => Ok(*parsed),
        Body::Plain(line) => Ok(line.parsed()),
        Body::Bad(err) => Err(err.clone()),
        Body::Unreadable(message) => {
            let verdict = Verdict::Unreadable(message.clone());
            return Done {
                job,
                puzzle: None,
                verdict,
                elapsed: elapsed(),
            };
        }
    };
    let (puzzle, verdict) = match parsed {
        Ok(parsed) => {
            let verdict = match rater.rate(&parsed.grid) {
                Ok(rated) => Verdict::Rated(rated.rating),
                Err(err) => Verdict::Refused(err),
            };
            (Some(format::to_line(&parsed.grid)), verdict)
        }
        Err(err) => (
            None,
            Verdict::Bad {
                line: err.line,
                column: err.column,
                message: err.kind.to_string(),
            },
        ),
    };
    Done {
        job,
        puzzle,
        verdict,
        elapsed: elapsed(),
    }
}

/// Runs `sudoku rate`; returns whether some input failed.
pub(crate) fn run(args: &RateArgs) -> anyhow::Result<bool> {
    let started = Instant::now();
    let sources = Sources::from_args(&args.input.files);
    let threads = match args.run.threads {
        Some(n) => usize::from(n),
        None => thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let typing = sources.reads_stdin() && io::stdin().is_terminal();
    if typing && io::stderr().is_terminal() {
        eprintln!("sudoku: reading puzzles from the terminal (end with Ctrl-D)");
    }
    let progress = Progress::new(
        io::stderr().is_terminal() && !typing && !args.run.no_progress,
        sources.total_bytes(),
    );
    let reader = Reader::spawn(&sources).context("cannot start the reader thread")?;
    let cancel = Arc::new(AtomicBool::new(false));
    let clock = if args.cpu_time {
        thread_cpu_clock().context("--cpu-time: this platform has no per-thread CPU clock")?
    } else {
        wall_clock()
    };
    let style = match args.scale {
        ScaleArg::Se => Style::Se,
        ScaleArg::Hodoku => Style::Human,
    };
    let rater = Rater::new()
        .with_style(style)
        .with_finders(args.logic.finders(style))
        .with_budget(budget_of(args.logic.time_limit, args.max_steps))
        .with_clock(&clock)
        .with_cancel(&cancel);
    let mut printer = Printer {
        format: args.report.format(),
        scale: args.scale,
        time: args.time,
        sources: &sources,
        progress,
        buf: Vec::with_capacity(FLUSH_BYTES + 4096),
        flushed: Instant::now(),
        tally: Tally::default(),
        clock_name: if args.cpu_time { "cpu" } else { "wall" },
    };

    let (job_tx, job_rx) = mpsc::channel::<(u64, Job)>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, Done)>();
    thread::scope(|scope| -> anyhow::Result<()> {
        for i in 0..threads {
            let (job_rx, done_tx, rater, cancel) = (&job_rx, done_tx.clone(), &rater, &cancel);
            let clock = &*clock;
            thread::Builder::new()
                .name(format!("sudoku-rater-{i}"))
                .spawn_scoped(scope, move || loop {
                    // A poisoned lock means another worker panicked: stop taking work.
                    let next = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((number, job)) = next else { return };
                    if cancel.load(Ordering::Relaxed) {
                        // The output is gone: drop the queued jobs without rating them.
                        return;
                    }
                    if done_tx.send((number, rate_job(rater, clock, job))).is_err() {
                        return;
                    }
                })
                .context("cannot start the worker threads")?;
        }
        drop(done_tx);
        let result = feed_and_print(&reader, &job_tx, &done_rx, &mut printer);
        if result.is_err() {
            // Nothing more can be printed: stop the ratings in progress and the queued jobs.
            cancel.store(true, Ordering::Relaxed);
        }
        // Hanging up the job channel lets the workers finish.
        drop(job_tx);
        result
    })?;
    printer.flush()?;
    printer.progress.finish();
    if args.run.stats {
        let summary = printer
            .tally
            .summary(started.elapsed(), threads, printer.clock_name);
        eprint!("{summary}");
    }
    Ok(printer.tally.failed())
}

/// The main thread's loop: keeps up to [`WINDOW`] jobs in flight and prints results in order.
fn feed_and_print(
    reader: &Reader,
    job_tx: &mpsc::Sender<(u64, Job)>,
    done_rx: &mpsc::Receiver<(u64, Done)>,
    printer: &mut Printer<'_>,
) -> anyhow::Result<()> {
    let mut pending: VecDeque<Job> = VecDeque::new();
    let mut ahead: BTreeMap<u64, Done> = BTreeMap::new();
    let (mut next_in, mut next_out) = (0u64, 0u64);
    let mut input_done = false;
    loop {
        let in_flight = next_in - next_out;
        // Wait for input only when nothing is in flight; otherwise take what is ready, so a
        // slow producer on a pipe still gets each answer as soon as it is known.
        if pending.is_empty() && !input_done && (in_flight as usize) < WINDOW {
            if in_flight == 0 {
                printer.flush()?;
                match reader.recv() {
                    Some(batch) => pending.extend(batch),
                    None => input_done = true,
                }
            } else if let Some(batch) = reader.try_recv() {
                pending.extend(batch);
            }
        }
        while ((next_in - next_out) as usize) < WINDOW {
            let Some(job) = pending.pop_front() else {
                break;
            };
            job_tx
                .send((next_in, job))
                .context("the rating workers stopped")?;
            next_in += 1;
        }
        if next_in == next_out {
            if input_done {
                return Ok(());
            }
            continue;
        }
        let (number, done) = match done_rx.recv_timeout(FLUSH_EVERY) {
            Ok(received) => received,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // Nothing to print yet: make sure someone is still reading.
                if crate::pipe::stdout_closed() {
                    return Err(io::Error::from(io::ErrorKind::BrokenPipe).into());
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("the rating workers stopped")
            }
        };
        ahead.insert(number, done);
        while let Some(done) = ahead.remove(&next_out) {
            printer.print(&done)?;
            next_out += 1;
        }
        printer.flush_if_due(next_out)?;
    }
}

/// Prints results into a buffer and keeps the counts.
struct Printer<'a> {
    format: ReportFormat,
    scale: ScaleArg,
    time: bool,
    sources: &'a Sources,
    progress: Progress,
    buf: Vec<u8>,
    flushed: Instant,
    tally: Tally,
    /// Which clock times the puzzles: "wall" or "cpu".
    clock_name: &'static str,
}

/// One result in JSON.
#[derive(Serialize)]
struct JsonRate<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<&'a str>,
    status: &'static str,
    #[serde(flatten)]
    rating: Option<&'a PuzzleRating>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_us: Option<f64>,
}

impl Printer<'_> {
    fn print(&mut self, done: &Done) -> io::Result<()> {
        let name = self.sources.name(done.job.source);
        self.tally.add(done, name);
        let line = done.job.line;
        match &done.verdict {
            Verdict::Unreadable(message) => {
                let note = format!("sudoku: {name}: {message}");
                return self.diagnostic(&note);
            }
            Verdict::Bad {
                line,
                column,
                message,
            } => {
                let note = format!("{name}:{line}:{column}: error: {message}");
                self.diagnostic(&note)?;
            }
            Verdict::Refused(err) if self.format == ReportFormat::Line => {
                self.diagnostic(&format!("{name}:{line}: {}", note_of(err)))?;
            }
            Verdict::Rated(_) | Verdict::Refused(_) => {}
        }
        match self.format {
            ReportFormat::Line => self.line(done)?,
            ReportFormat::Json => {
                let record = JsonRate {
                    file: name,
                    line,
                    input: done.puzzle.as_deref(),
                    status: done.verdict.status(),
                    rating: match &done.verdict {
                        Verdict::Rated(rating) => Some(rating),
                        _ => None,
                    },
                    error: match &done.verdict {
                        Verdict::Refused(err) => Some(err.to_string()),
                        Verdict::Bad {
                            line,
                            column,
                            message,
                        } => Some(format!("line {line}, column {column}: {message}")),
                        Verdict::Rated(_) | Verdict::Unreadable(_) => None,
                    },
                    time_us: self.time.then(|| round_micros(done.elapsed)),
                };
                serde_json::to_writer(&mut self.buf, &record)?;
                self.buf.push(b'\n');
            }
        }
        Ok(())
    }

    /// `PUZZLE<TAB>ER/EP/ED<TAB>LEVEL`, or `PUZZLE<TAB>STATUS[<TAB>REASON]` without a rating,
    /// or `error` for a record that is not a puzzle.
    fn line(&mut self, done: &Done) -> io::Result<()> {
        let puzzle = done.puzzle.as_deref().unwrap_or("");
        match &done.verdict {
            Verdict::Rated(rating) => {
                let level = if rating.is_stuck() {
                    "stuck".to_string()
                } else {
                    rating.hodoku.level.to_string()
                };
                match self.scale {
                    ScaleArg::Se => write!(self.buf, "{puzzle}\t{}\t{level}", rating.se)?,
                    ScaleArg::Hodoku => {
                        write!(self.buf, "{puzzle}\t{}\t{level}", rating.hodoku.score)?
                    }
                }
            }
            Verdict::Refused(err) => {
                write!(self.buf, "{puzzle}\t{}", done.verdict.status())?;
                match err {
                    RateError::Invalid(violation) => write!(self.buf, "\t{violation}")?,
                    RateError::GaveUp { limit, steps, .. } => {
                        write!(self.buf, "\t{limit} reached after {steps} steps")?;
                    }
                    RateError::NoSolution | RateError::MultipleSolutions => {}
                    other => write!(self.buf, "\t{other}")?,
                }
            }
            Verdict::Bad { .. } => self.buf.extend_from_slice(b"error"),
            Verdict::Unreadable(_) => return Ok(()),
        }
        if self.time {
            write!(self.buf, "\t{:.1}", done.elapsed.as_secs_f64() * 1e6)?;
        }
        self.buf.push(b'\n');
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            let buf = &self.buf;
            self.progress.suspend(|| {
                let mut out = io::stdout().lock();
                out.write_all(buf)?;
                out.flush()
            })?;
            self.buf.clear();
        }
        self.flushed = Instant::now();
        Ok(())
    }

    fn flush_if_due(&mut self, printed: u64) -> io::Result<()> {
        if self.buf.len() >= FLUSH_BYTES || self.flushed.elapsed() >= FLUSH_EVERY {
            self.flush()?;
            self.progress.update(printed, self.tally.offset);
        }
        Ok(())
    }

    fn diagnostic(&mut self, text: &str) -> io::Result<()> {
        self.flush()?;
        self.progress.suspend(|| {
            // A failing standard error is no reason to stop the answers on standard output.
            let _ = writeln!(io::stderr().lock(), "{text}");
        });
        Ok(())
    }
}

/// The standard-error note of a puzzle without a rating.
fn note_of(err: &RateError) -> String {
    match err {
        RateError::GaveUp { .. } => {
            format!("error: {err}; raise --time-limit or --max-steps")
        }
        _ => format!("error: {err}"),
    }
}

fn round_micros(elapsed: Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e7).round() / 10.0
}

/// The counts of a run, for `--stats` and the exit status.
#[derive(Debug, Default)]
struct Tally {
    records: u64,
    rated: u64,
    stuck: u64,
    gave_up: u64,
    multiple: u64,
    none: u64,
    invalid: u64,
    bad: u64,
    unreadable: u64,
    /// Rated puzzles by whole ER and level.
    spread: RatingSpread,
    /// Rated (and stuck) puzzles' counts and times by ER band.
    bands: Bands,
    /// The slowest puzzle: its time and place.
    slowest: Option<(Duration, String)>,
    total_time: Duration,
    /// Input bytes consumed by the jobs printed so far.
    offset: u64,
}

impl Tally {
    /// Counts one result, from the input called `name`.
    fn add(&mut self, done: &Done, name: &str) {
        self.offset = self.offset.max(done.job.offset);
        if let Verdict::Unreadable(_) = done.verdict {
            self.unreadable += 1;
            return;
        }
        self.records += 1;
        self.total_time += done.elapsed;
        if self.slowest.as_ref().is_none_or(|(t, _)| done.elapsed > *t) {
            let place = format!("{name}:{}", done.job.line);
            self.slowest = Some((done.elapsed, place));
        }
        match &done.verdict {
            Verdict::Rated(rating) if rating.is_stuck() => {
                self.stuck += 1;
                self.bands.add(rating.se.er, done.elapsed);
            }
            Verdict::Rated(rating) => {
                self.rated += 1;
                self.spread.add(rating);
                self.bands.add(rating.se.er, done.elapsed);
            }
            Verdict::Refused(RateError::GaveUp { .. }) => self.gave_up += 1,
            Verdict::Refused(RateError::MultipleSolutions) => self.multiple += 1,
            Verdict::Refused(RateError::NoSolution) => self.none += 1,
            Verdict::Refused(RateError::Invalid(_)) => self.invalid += 1,
            Verdict::Refused(_) | Verdict::Bad { .. } => self.bad += 1,
            Verdict::Unreadable(_) => {}
        }
    }

    /// Whether the run fails (exit status 1): some puzzle got no rating, or some input was bad.
    /// A stuck puzzle is rated (20.0, as serate does) and does not fail the run.
    fn failed(&self) -> bool {
        self.gave_up + self.multiple + self.none + self.invalid + self.bad + self.unreadable > 0
    }

    /// The `--stats` text; `clock` names what timed the puzzles ("wall" or "cpu").
    fn summary(&self, elapsed: Duration, threads: usize, clock: &str) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = self.records as f64 / secs.max(1e-9);
        let plural = if threads == 1 { "" } else { "s" };
        let mut out = format!(
            "puzzles    {} in {secs:.3} s ({rate:.1} puzzles/s, {threads} thread{plural})\n",
            self.records
        );
        out += &format!(
            "rated      {} solved, {} stuck (ER 20.0: no technique in use applies)\n",
            self.rated, self.stuck
        );
        if self.gave_up > 0 {
            out += &format!(
                "gave up    {} (over the time or step limit)\n",
                self.gave_up
            );
        }
        out += &format!(
            "not rated  {} multiple, {} none, {} invalid, {} bad input\n",
            self.multiple, self.none, self.invalid, self.bad
        );
        if self.unreadable > 0 {
            out += &format!("unreadable {} input(s)\n", self.unreadable);
        }
        // Writing to a String cannot fail.
        let _ = self.spread.write(&mut out, "");
        if let Some((time, place)) = &self.slowest {
            let mean = self.total_time.as_secs_f64() * 1e3 / (self.records.max(1)) as f64;
            out += &format!(
                "time       {mean:.3} ms per puzzle ({clock}); slowest {:.3} ms ({place})\n",
                time.as_secs_f64() * 1e3
            );
        }
        let _ = self.bands.write(&mut out, clock);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::rate::Limit;

    fn done(verdict: Verdict, micros: u64) -> Done {
        Done {
            job: Job {
                source: 0,
                line: 7,
                offset: 100,
                body: Body::Unreadable(String::new()),
            },
            puzzle: None,
            verdict,
            elapsed: Duration::from_micros(micros),
        }
    }

    #[test]
    fn the_summary_counts_every_kind_of_result() {
        let mut tally = Tally::default();
        tally.add(
            &done(Verdict::Refused(RateError::MultipleSolutions), 10),
            "a.txt",
        );
        tally.add(
            &done(
                Verdict::Refused(RateError::GaveUp {
                    limit: Limit::Steps(3),
                    steps: 3,
                    hardest: None,
                }),
                2000,
            ),
            "a.txt",
        );
        tally.add(&done(Verdict::Unreadable("gone".into()), 0), "b.txt");
        assert!(tally.failed());
        let text = tally.summary(Duration::from_secs(1), 2, "wall");
        assert!(
            text.starts_with("puzzles    2 in 1.000 s (2.0 puzzles/s, 2 threads)\n"),
            "{text}"
        );
        assert!(text.contains("gave up    1"), "{text}");
        assert!(text.contains("not rated  1 multiple, 0 none"), "{text}");
        assert!(text.contains("unreadable 1 input(s)"), "{text}");
        assert!(text.contains("slowest 2.000 ms (a.txt:7)"), "{text}");
        assert!(text.contains("per puzzle (wall)"), "{text}");
        // Nothing rated: no table by ER band.
        assert!(!text.contains("by ER"), "{text}");
        assert_eq!(tally.offset, 100);
        assert!(!Tally::default().failed());
    }

    #[test]
    fn budgets_come_from_the_limits() {
        assert_eq!(budget_of(None, None), Budget::UNLIMITED);
        // Issue 32, item 8: 0 is "no limit", as for --max-guesses, not "give up at once".
        assert_eq!(budget_of(Some(0), Some(0)), Budget::UNLIMITED);
        assert_eq!(
            budget_of(Some(250), Some(9)),
            Budget::UNLIMITED
                .with_time(Duration::from_millis(250))
                .with_steps(9)
        );
        assert_eq!(round_micros(Duration::from_nanos(1234)), 1.2);
    }
}
