//! `sudoku canon` and `sudoku transform`: one output per input puzzle, streamed through the
//! reader thread, computed in parallel chunks and printed in input order.
//!
//! `canon --dedup` keeps one packed canonical form (41 bytes) per class seen, and drops a
//! puzzle whose form is already there; the check runs on the main thread in input order, so
//! the first puzzle of each class is the one kept whatever the thread count.

use crate::args::{CanonArgs, ReportFormat, RunArgs, SolveFormat, TransformArgs};
use crate::batch::CHUNK_JOBS;
use crate::input::{Body, Job, Reader, Sources};
use crate::progress::Progress;
use anyhow::Context;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};
use std::time::Instant;
use sudokit::canon::{self, Transform};
use sudokit::format::{self, ParseError};
use sudokit::Grid;

/// What to do with each puzzle.
#[derive(Debug, Clone, Copy)]
enum Action {
    Canon { dedup: bool, format: ReportFormat },
    Transform { seed: u64, format: SolveFormat },
}

/// The result for one job.
enum Outcome {
    /// The canonical form and automorphism count of the input.
    Canon {
        input: Grid,
        form: Grid,
        automorphisms: u64,
        /// Why the givens break the rules, if they do (the form is printed all the same).
        invalid: Option<String>,
    },
    /// The transformed puzzle.
    Transformed { input: Grid, output: Grid },
    /// The record could not be parsed.
    Bad(ParseError),
    /// The input could not be read.
    Unreadable(String),
}

/// Runs `sudoku canon`; returns whether some input was bad or unreadable.
pub(crate) fn canon(args: &CanonArgs) -> anyhow::Result<bool> {
    let what = Action::Canon {
        dedup: args.dedup,
        format: args.report.format(),
    };
    run(what, &args.run, &Sources::from_args(&args.input.files))
}

/// Runs `sudoku transform`; returns whether some input was bad or unreadable.
pub(crate) fn transform(args: &TransformArgs) -> anyhow::Result<bool> {
    let seed = args.seed.unwrap_or_else(crate::generate::random_seed);
    let what = Action::Transform {
        seed,
        format: args.output.format(),
    };
    run(what, &args.run, &Sources::from_args(&args.input.files))
}

fn run(what: Action, options: &RunArgs, sources: &Sources) -> anyhow::Result<bool> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.map_or(0, usize::from))
        .thread_name(|i| format!("sudoku-worker-{i}"))
        .build()
        .context("cannot start the worker threads")?;
    let typing = sources.reads_stdin() && io::stdin().is_terminal();
    let mut progress = Progress::new(
        io::stderr().is_terminal() && !typing && !options.no_progress,
        sources.total_bytes(),
    );
    let reader = Reader::spawn(sources).context("cannot start the reader thread")?;
    let mut printer = Printer {
        what,
        sources,
        buf: Vec::with_capacity(64 * 1024),
        notes: Vec::new(),
        seen: HashSet::new(),
        records: 0,
        printed: 0,
        dropped: 0,
        failed: false,
    };
    loop {
        let chunk = reader.next_chunk(1, CHUNK_JOBS);
        if chunk.is_empty() {
            break;
        }
        let base = printer.records;
        // Transform number K goes to record number K, counted over all inputs.
        let numbered: Vec<(u64, &Job)> = chunk
            .iter()
            .scan(base, |next, job| {
                let number = *next;
                if job.is_record() {
                    *next += 1;
                }
                Some((number, job))
            })
            .collect();
        let outcomes: Vec<Outcome> = pool.install(|| {
            numbered
                .par_iter()
                .map(|&(number, job)| outcome(what, number, job))
                .collect()
        });
        for (job, outcome) in chunk.iter().zip(&outcomes) {
            printer.print(job, outcome)?;
        }
        let notes = std::mem::take(&mut printer.notes);
        let buf = &printer.buf;
        progress.suspend(|| -> io::Result<()> {
            let mut out = io::stdout().lock();
            out.write_all(buf)?;
            out.flush()?;
            let mut err = io::stderr().lock();
            for note in &notes {
                // A failing standard error is no reason to stop the output.
                let _ = writeln!(err, "{note}");
            }
            Ok(())
        })?;
        printer.buf.clear();
        let offset = chunk.last().map_or(0, |job| job.offset);
        progress.update(printer.records, offset);
    }
    progress.finish();
    if options.stats {
        let secs = started.elapsed().as_secs_f64();
        let rate = printer.records as f64 / secs.max(1e-9);
        let threads = pool.current_num_threads();
        let plural = if threads == 1 { "" } else { "s" };
        eprintln!(
            "puzzles    {} in {secs:.3} s ({rate:.1} puzzles/s, {threads} thread{plural})",
            printer.records
        );
        match what {
            Action::Canon { dedup: true, .. } => eprintln!(
                "distinct   {} (dropped {} equivalent repeats)",
                printer.seen.len(),
                printer.dropped
            ),
            Action::Canon { .. } => {}
            Action::Transform { seed, .. } => eprintln!("seed       {seed}"),
        }
    }
    Ok(printer.failed)
}

/// The work for one job (record number `number`).
fn outcome(what: Action, number: u64, job: &Job) -> Outcome {
    let grid = match &job.body {
        Body::Record(parsed) => parsed.grid,
        Body::Plain(line) => line.parsed().grid,
        Body::Bad(err) => return Outcome::Bad(err.clone()),
        Body::Unreadable(message) => return Outcome::Unreadable(message.clone()),
    };
    match what {
        Action::Canon { .. } => {
            let found = canon::analyse(&grid);
            Outcome::Canon {
                input: grid,
                form: found.form,
                automorphisms: found.automorphisms,
                invalid: grid.check_rules().err().map(|why| why.to_string()),
            }
        }
        Action::Transform { seed, .. } => Outcome::Transformed {
            input: grid,
            output: Transform::random_indexed(seed, number).apply(&grid),
        },
    }
}

/// Prints the outcomes into a buffer, in input order.
struct Printer<'a> {
    what: Action,
    sources: &'a Sources,
    buf: Vec<u8>,
    /// Messages for standard error, written after the buffer.
    notes: Vec<String>,
    /// The packed forms seen so far, with `--dedup`.
    seen: HashSet<[u8; 41]>,
    records: u64,
    printed: u64,
    dropped: u64,
    failed: bool,
}

/// A JSON line of `canon`.
#[derive(Serialize)]
struct JsonCanon<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    automorphisms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A JSON line of `transform`.
#[derive(Serialize)]
struct JsonTransform<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl Printer<'_> {
    fn print(&mut self, job: &Job, outcome: &Outcome) -> io::Result<()> {
        let name = self.sources.name(job.source);
        match outcome {
            Outcome::Unreadable(message) => {
                self.failed = true;
                self.notes.push(format!("sudoku: {name}: {message}"));
                return Ok(());
            }
            Outcome::Bad(err) => {
                self.failed = true;
                self.notes.push(format!(
                    "{name}:{}:{}: error: {}",
                    err.line, err.column, err.kind
                ));
            }
            Outcome::Canon {
                invalid: Some(why), ..
            } => {
                self.failed = true;
                self.notes
                    .push(format!("{name}:{}: error: invalid givens: {why}", job.line));
            }
            Outcome::Canon { .. } | Outcome::Transformed { .. } => {}
        }
        self.records += 1;
        match self.what {
            Action::Canon { dedup, format } => self.canon(job, outcome, dedup, format),
            Action::Transform { seed, format } => self.transformed(job, outcome, seed, format),
        }
    }

    fn canon(
        &mut self,
        job: &Job,
        outcome: &Outcome,
        dedup: bool,
        format: ReportFormat,
    ) -> io::Result<()> {
        let found = match outcome {
            Outcome::Canon {
                input,
                form,
                automorphisms,
                ..
            } => Some((input, form, *automorphisms)),
            _ => None,
        };
        if let (true, Some((_, form, _))) = (dedup, found) {
            if !self.seen.insert(pack(form)) {
                self.dropped += 1;
                return Ok(());
            }
        }
        match format {
            ReportFormat::Line => {
                // Dedup output is a set of forms: nothing keeps a bad line's place there.
                if let Some((_, form, _)) = found {
                    self.buf.extend_from_slice(format::to_line(form).as_bytes());
                    self.buf.push(b'\n');
                } else if !dedup {
                    self.buf.push(b'\n');
                }
            }
            ReportFormat::Json => {
                let record = JsonCanon {
                    file: self.sources.name(job.source),
                    line: job.line,
                    input: found.map(|(input, _, _)| format::to_line(input)),
                    canonical: found.map(|(_, form, _)| format::to_line(form)),
                    clues: found.map(|(_, form, _)| form.count_filled()),
                    automorphisms: found.map(|(_, _, n)| n),
                    error: error_text(outcome),
                };
                serde_json::to_writer(&mut self.buf, &record)?;
                self.buf.push(b'\n');
            }
        }
        self.printed += 1;
        Ok(())
    }

    fn transformed(
        &mut self,
        job: &Job,
        outcome: &Outcome,
        seed: u64,
        format: SolveFormat,
    ) -> io::Result<()> {
        let pair = match outcome {
            Outcome::Transformed { input, output } => Some((input, output)),
            _ => None,
        };
        match format {
            SolveFormat::Line => {
                if let Some((_, output)) = pair {
                    self.buf
                        .extend_from_slice(format::to_line(output).as_bytes());
                }
                self.buf.push(b'\n');
            }
            SolveFormat::Grid => {
                if let Some((_, output)) = pair {
                    if self.printed > 0 {
                        self.buf.push(b'\n');
                    }
                    self.buf
                        .extend_from_slice(format::to_grid(output).as_bytes());
                }
            }
            SolveFormat::Json => {
                let record = JsonTransform {
                    file: self.sources.name(job.source),
                    line: job.line,
                    input: pair.map(|(input, _)| format::to_line(input)),
                    output: pair.map(|(_, output)| format::to_line(output)),
                    seed,
                    error: error_text(outcome),
                };
                serde_json::to_writer(&mut self.buf, &record)?;
                self.buf.push(b'\n');
            }
        }
        self.printed += 1;
        Ok(())
    }
}

fn error_text(outcome: &Outcome) -> Option<String> {
    match outcome {
        Outcome::Bad(err) => Some(err.to_string()),
        Outcome::Canon {
            invalid: Some(why), ..
        } => Some(format!("invalid givens: {why}")),
        _ => None,
    }
}

/// A grid in 41 bytes, two cells per byte: enough to tell forms apart at a fraction of the
/// size of a `Grid` or a string.
fn pack(grid: &Grid) -> [u8; 41] {
    let mut packed = [0u8; 41];
    for (i, &v) in grid.values().iter().enumerate() {
        packed[i / 2] |= v << (4 * (i % 2));
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_tells_grids_apart() {
        let mut values = [0u8; 81];
        let a = pack(&Grid::from_values(values).unwrap_or_default());
        values[80] = 9;
        let b = pack(&Grid::from_values(values).unwrap_or_default());
        values[80] = 0;
        values[79] = 9;
        let c = pack(&Grid::from_values(values).unwrap_or_default());
        assert_ne!(a, b);
        assert_ne!(b, c);
        assert_ne!(a, c);
    }
}
