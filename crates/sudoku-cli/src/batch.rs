//! The batch pipeline: read, solve in parallel, print in input order.
//!
//! ```text
//!   reading (input::Jobs)        the pool (--threads N), one step per chunk, rayon::join of:
//!   files: read inline, a  ====> - chunk n + 1, in slices of SLICE_JOBS jobs: parse, check,
//!   chunk at a time                search, count, format (output bytes + notes)
//!   streams: a reader thread     - print chunk n in order, update the progress; read chunk
//!   sends batches of jobs          n + 2 when the input is read inline
//! ```
//!
//! Printing overlaps solving: while the pool solves chunk n + 1, one of its threads prints
//! chunk n (and a thread done with that takes slices of the chunk). The workers also format
//! what they solved ([`Slice`]), so printing only adds up counts and writes bytes: on easy
//! puzzles reading, parsing and printing cost as much as solving, and every step left to one
//! thread bounds how far the batch scales with cores.
//!
//! Regular files (named, or on standard input) are read by the pool's threads too, a chunk
//! ahead, so `--threads N` is N threads in all. Pipes and terminals are read by a thread of
//! their own, which sends the jobs in small batches whenever a read could wait, so that every
//! answer shows as soon as it is found ([`Jobs`]).
//!
//! Memory stays constant however long the input: a file is read one chunk ahead, a stream's
//! channel holds a bounded number of batches, and one chunk is solved at a time. Output order
//! is input order because the chunk's slices are mapped with an indexed parallel iterator and
//! written after they are collected, each with its notes for standard error where they fall
//! between the records.
//!
//! `solve --all` is the exception: one puzzle can have millions of solutions, so it works on one
//! puzzle at a time on the main thread and streams the solutions out as they are found.

use crate::args::BatchArgs;
use crate::input::{Body, Chunk, Job, Jobs, Sources};
use crate::output::{Format, Formatted, Printer, Style};
use crate::progress::Progress;
use crate::summary::Tally;
use crate::work::{self, Answer, Prepared, Problem, Status, Task};
use anyhow::Context;
use rayon::prelude::*;
use std::io::{self, IsTerminal};
use std::time::Instant;
use sudokit::solve::Count;

/// How many jobs are solved together. Large enough to keep every worker busy and make the
/// per-chunk costs (collecting, printing, progress) negligible; small enough to keep memory low
/// and output flowing.
pub(crate) const CHUNK_JOBS: usize = 4096;

/// How many jobs of a chunk a worker answers and formats together ([`Slice`]): few enough that
/// the chunk's slices share out evenly between the workers, enough that each slice's buffer and
/// counts cost little.
const SLICE_JOBS: usize = 64;

/// What one run does.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// The work per puzzle.
    pub(crate) task: Task,
    /// The output format; `None` picks grid when the input holds one puzzle and line otherwise.
    pub(crate) style: Option<Style>,
    /// Threads, budget, timing and reporting options.
    pub(crate) batch: BatchArgs,
}

/// Runs `plan` over `sources`; returns whether the run failed (exit status 1: an input was
/// unreadable or a record failed for the task, see [`Status::fails`]).
pub(crate) fn run(plan: &Plan, sources: &Sources) -> anyhow::Result<bool> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.batch.threads.map_or(0, usize::from))
        .thread_name(|i| format!("sudoku-worker-{i}"))
        .build()
        .context("cannot start the worker threads")?;
    let stderr_is_terminal = io::stderr().is_terminal();
    let typing = sources.reads_stdin() && io::stdin().is_terminal();
    if typing && stderr_is_terminal {
        eprintln!("sudoku: reading puzzles from the terminal (end with Ctrl-D)");
    }
    let mut reader = Jobs::open(sources).context("cannot start the reader thread")?;
    // Someone typing puzzles sees each answer at once; a bar would only get in the way.
    let progress = Progress::new(
        stderr_is_terminal && !typing && !plan.batch.no_progress,
        sources.total_bytes(),
    );

    // Looking ahead one record tells a single puzzle (printed as a grid) from a batch. Someone
    // typing gets grids at once: waiting for a second puzzle would leave the first unanswered.
    let lookahead = if plan.style.is_none() && !typing {
        2
    } else {
        1
    };
    let mut chunk = reader.next_chunk(lookahead, CHUNK_JOBS);
    let style = plan.style.unwrap_or_else(|| {
        if typing || chunk.iter().filter(|job| job.is_record()).count() < 2 {
            Style::Grid
        } else {
            Style::Line
        }
    });
    let mut printer = Printer::new(plan.task, style, plan.batch.time, sources, progress);
    let mut outcome = Outcome::default();
    let budget = plan.batch.guess_budget();

    if let Task::List { limit } = plan.task {
        while !chunk.is_empty() {
            // Listing prints as it goes, so each job is settled before the next one starts.
            for job in chunk.iter() {
                let answer = list(&mut printer, job, limit, budget)?;
                outcome.settle(&mut printer, plan.task, job, answer.as_ref())?;
            }
            outcome.finish_chunk(&mut printer, &chunk)?;
            chunk = reader.next_chunk(1, CHUNK_JOBS);
        }
    } else {
        // When the next chunk is ready, it is solved on the pool while one of the pool's
        // threads prints the last one, so printing does not leave the workers idle. When it
        // is not (someone typing, a slow pipe), the last chunk is printed before waiting for
        // more, so every answer shows as soon as it is found.
        let format = printer.format();
        // Whether a record went to the pool before: the first record's grid has no separator.
        let mut records_sent = false;
        let mut solved: Option<(Chunk, Vec<Slice>)> = None;
        let inline = reader.reads_inline();
        pool.install(|| -> io::Result<()> {
            loop {
                if chunk.is_empty() {
                    if let Some((jobs, slices)) = solved.take() {
                        outcome.print_chunk(&mut printer, &jobs, &slices)?;
                    }
                    chunk = reader.next_chunk(1, CHUNK_JOBS);
                    if chunk.is_empty() {
                        return Ok(());
                    }
                }
                let first = if records_sent {
                    None
                } else {
                    chunk.iter().position(Job::is_record)
                };
                records_sent |= first.is_some();
                // The chunk's slices are solved while the last chunk is printed and, when the
                // input is read inline, the next one read: a pool thread that is done with
                // either takes slices from the others.
                let (slices, (printed, next)) = rayon::join(
                    || {
                        chunk
                            .slices(SLICE_JOBS)
                            .into_par_iter()
                            .map(|(start, jobs)| {
                                let first = first.and_then(|first| first.checked_sub(start));
                                Slice::of(jobs, first, &format, plan.task, budget, plan.batch.time)
                            })
                            .collect::<io::Result<Vec<Slice>>>()
                    },
                    || {
                        let printed = match solved.take() {
                            Some((jobs, slices)) => {
                                outcome.print_chunk(&mut printer, &jobs, &slices)
                            }
                            None => Ok(()),
                        };
                        let next = inline.then(|| reader.ready_chunk(CHUNK_JOBS));
                        (printed, next)
                    },
                );
                printed?;
                solved = Some((std::mem::take(&mut chunk), slices?));
                // The reader thread's batches are taken once the chunk is solved: what came
                // in meanwhile makes the next chunk.
                chunk = next.unwrap_or_else(|| reader.ready_chunk(CHUNK_JOBS));
            }
        })?;
    }

    printer.flush()?;
    printer.finish_progress();
    if plan.batch.stats {
        let summary = outcome
            .tally
            .summary(started.elapsed(), pool.current_num_threads());
        eprint!("{summary}");
    }
    Ok(outcome.failed)
}

/// What the run has found so far.
#[derive(Debug, Default)]
struct Outcome {
    tally: Tally,
    /// Some input or record failed: exit status 1.
    failed: bool,
}

impl Outcome {
    /// Counts and prints the slices of a solved chunk, in order, then flushes and shows the
    /// progress.
    fn print_chunk(
        &mut self,
        printer: &mut Printer<'_>,
        jobs: &Chunk,
        slices: &[Slice],
    ) -> io::Result<()> {
        for slice in slices {
            self.tally.merge(&slice.outcome.tally);
            self.failed |= slice.outcome.failed;
            printer.formatted(&slice.formatted)?;
        }
        self.finish_chunk(printer, jobs)
    }

    /// Flushes the output of a chunk and moves the progress bar past it.
    fn finish_chunk(&mut self, printer: &mut Printer<'_>, jobs: &Chunk) -> io::Result<()> {
        printer.flush()?;
        let offset = jobs.last().map_or(0, |job| job.offset);
        printer.progress(self.tally.records, offset);
        Ok(())
    }

    /// Counts the result of one job: its answer, or the input it could not read (only
    /// unreadable inputs come without an answer).
    fn count(&mut self, task: Task, job: &Job, answer: Option<&Answer>) {
        if let Some(answer) = answer {
            self.tally.add(answer.status, answer.guesses);
            self.failed |= answer.status.fails(task);
        } else if let Body::Unreadable(_) = job.body {
            self.tally.unreadable += 1;
            self.failed = true;
        }
    }

    /// Counts and prints the result of one job (a list has printed itself already).
    fn settle(
        &mut self,
        printer: &mut Printer<'_>,
        task: Task,
        job: &Job,
        answer: Option<&Answer>,
    ) -> io::Result<()> {
        self.count(task, job, answer);
        match (answer, &job.body) {
            (Some(answer), _) if !matches!(task, Task::List { .. }) => printer.record(job, answer),
            (None, Body::Unreadable(message)) => printer.unreadable(job, message),
            _ => Ok(()),
        }
    }
}

/// A few consecutive jobs of a chunk, answered and formatted on a worker: printing only adds
/// up the counts and writes the bytes out. (Handing the printing thread each answer instead, a
/// few hundred bytes written by one core and read by the other, took that thread about 6% of
/// the CPU time on easy puzzles.)
struct Slice {
    formatted: Formatted,
    outcome: Outcome,
}

impl Slice {
    /// Answers and formats `jobs`; `first`: the index in `jobs` of the whole run's first
    /// record, if it is among them.
    fn of(
        jobs: &[Job],
        first: Option<usize>,
        format: &Format<'_>,
        task: Task,
        budget: Option<u64>,
        timed: bool,
    ) -> io::Result<Slice> {
        let mut slice = Slice {
            // About one line a record in the line format.
            formatted: Formatted::with_capacity(jobs.len() * 96),
            outcome: Outcome::default(),
        };
        for (index, job) in jobs.iter().enumerate() {
            let answer = work::answer(job, task, budget, timed);
            slice.outcome.count(task, job, answer.as_ref());
            match (&answer, &job.body) {
                (Some(answer), _) => {
                    let first = first == Some(index);
                    slice.formatted.record(format, job, answer, first)?;
                }
                (None, Body::Unreadable(message)) => {
                    slice.formatted.note(format.unreadable(job, message));
                }
                (None, _) => {}
            }
        }
        Ok(slice)
    }
}

/// `solve --all` for one job: streams up to `limit` solutions to the printer. `None` for a job
/// that is not a record.
fn list(
    printer: &mut Printer<'_>,
    job: &Job,
    limit: u64,
    budget: Option<u64>,
) -> io::Result<Option<Answer>> {
    let started = Instant::now();
    let parsed = match work::prepare(job, Some(started)) {
        None => return Ok(None),
        Some(Prepared::Done(answer)) => {
            printer.record(job, &answer)?;
            return Ok(Some(answer));
        }
        Some(Prepared::Ready(parsed)) => parsed,
    };
    printer.list_start(job)?;
    let mut search = work::search(&parsed.grid, budget);
    let mut found = 0;
    let mut problem = None;
    let count = loop {
        if found >= limit {
            break Count::AtLeast(found);
        }
        match search.next_solution() {
            Ok(Some(solution)) => {
                found += 1;
                printer.list_solution(job, found, &solution)?;
            }
            Ok(None) => break Count::Exact(found),
            Err(budget) => {
                problem = Some(Problem::Budget(budget));
                break Count::AtLeast(found);
            }
        }
    };
    let answer = Answer {
        status: match problem {
            Some(_) => Status::GaveUp,
            None => Status::of_count(count),
        },
        puzzle: Some(parsed),
        solution: None,
        count: Some(count),
        guesses: search.stats().guesses,
        problem,
        elapsed: started.elapsed(),
    };
    printer.list_end(job, &answer)?;
    Ok(Some(answer))
}
