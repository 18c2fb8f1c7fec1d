//! Printing results: the line, grid and JSON formats on standard output, and the diagnostics
//! (`FILE:LINE[:COLUMN]: error: ...`) on standard error.
//!
//! Standard output carries answers only, in input order. In the line format every puzzle record
//! gets exactly one line, empty when there is no answer to print, so output lines stay aligned
//! with input puzzles; why there is no answer goes to standard error. The `--all` lists are
//! blocks separated by an empty line, one block per puzzle.
//!
//! Output is collected in a buffer and written when a chunk is done (or the buffer is large), so
//! the progress bar can be moved out of the way once per write rather than once per line.

use crate::input::{Body, Job, Sources};
use crate::progress::Progress;
use crate::work::{Answer, Problem, Status, Task};
use serde::Serialize;
use std::io::{self, Write};
use std::time::Duration;
use sudokit::format::{self, Layout};
use sudokit::solve::Count;
use sudokit::Grid;

/// Write the buffer out once it is this large.
const FLUSH_BYTES: usize = 64 * 1024;

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// One line per puzzle (or per solution, with `--all`).
    Line,
    /// Pretty 9-line grids.
    Grid,
    /// One JSON object per puzzle, one per line.
    Json,
}

/// What the text of one record depends on: the task, the format, `--time` and the input names.
/// It has no state, so the batch's workers format the records of a chunk in parallel with it
/// (into [`Formatted`]) and the printing thread only writes their bytes out.
#[derive(Clone, Copy)]
pub(crate) struct Format<'a> {
    task: Task,
    style: Style,
    time: bool,
    sources: &'a Sources,
}

/// Records formatted together, off the printing thread: what goes to standard output, and the
/// notes for standard error with where each goes between those bytes.
#[derive(Debug, Default)]
pub(crate) struct Formatted {
    out: Vec<u8>,
    /// Each note, after the first `.0` bytes of `out`.
    notes: Vec<(usize, String)>,
    /// Records formatted (for the separators between grids).
    records: u64,
}

/// Prints the results of one run.
pub(crate) struct Printer<'a> {
    format: Format<'a>,
    progress: Progress,
    buf: Vec<u8>,
    /// Records printed so far, for the separators between grids and lists.
    printed: u64,
}

impl<'a> Printer<'a> {
    /// A printer for `task` in `style`; `time` adds each puzzle's time.
    pub(crate) fn new(
        task: Task,
        style: Style,
        time: bool,
        sources: &'a Sources,
        progress: Progress,
    ) -> Printer<'a> {
        Printer {
            format: Format {
                task,
                style,
                time,
                sources,
            },
            progress,
            buf: Vec::with_capacity(FLUSH_BYTES + 4096),
            printed: 0,
        }
    }

    /// How this printer writes each record, for formatting off its thread.
    pub(crate) fn format(&self) -> Format<'a> {
        self.format
    }

    /// Updates the progress display.
    pub(crate) fn progress(&mut self, puzzles: u64, offset: u64) {
        self.progress.update(puzzles, offset);
    }

    /// Writes what is buffered to standard output.
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let buf = &self.buf;
        self.progress.suspend(|| {
            let mut out = io::stdout().lock();
            out.write_all(buf)?;
            out.flush()
        })?;
        self.buf.clear();
        Ok(())
    }

    fn flush_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    /// Prints one line on standard error, after what standard output has pending (so the two
    /// interleave in order on a terminal).
    pub(crate) fn diagnostic(&mut self, text: &str) -> io::Result<()> {
        self.flush()?;
        self.progress.suspend(|| {
            // A failing standard error is no reason to stop the answers on standard output.
            let _ = writeln!(io::stderr().lock(), "{text}");
        });
        Ok(())
    }

    /// Removes the progress bar (before a final summary).
    pub(crate) fn finish_progress(&self) {
        self.progress.finish();
    }

    /// Reports an input that could not be opened or read.
    pub(crate) fn unreadable(&mut self, job: &Job, message: &str) -> io::Result<()> {
        self.diagnostic(&self.format.unreadable(job, message))
    }

    /// Writes records formatted elsewhere ([`Formatted::record`]), their notes in between.
    pub(crate) fn formatted(&mut self, formatted: &Formatted) -> io::Result<()> {
        let mut written = 0;
        for (at, note) in &formatted.notes {
            self.buf.extend_from_slice(&formatted.out[written..*at]);
            written = *at;
            self.diagnostic(note)?;
        }
        self.buf.extend_from_slice(&formatted.out[written..]);
        self.printed += formatted.records;
        self.flush_if_full()
    }

    /// Prints the result of one record (any task but [`Task::List`], and bad or invalid records
    /// of a list).
    pub(crate) fn record(&mut self, job: &Job, answer: &Answer) -> io::Result<()> {
        if let Task::List { .. } = self.format.task {
            self.list_start(job)?;
            return self.list_end(job, answer);
        }
        self.format
            .write(&mut self.buf, job, answer, self.printed == 0)?;
        self.printed += 1;
        if let Some(note) = self.format.note(job, answer) {
            self.diagnostic(&note)?;
        }
        self.flush_if_full()
    }

    /// Starts the list of solutions of one puzzle (`solve --all`).
    pub(crate) fn list_start(&mut self, job: &Job) -> io::Result<()> {
        match self.format.style {
            Style::Json => {
                self.buf.extend_from_slice(b"{\"file\":");
                serde_json::to_writer(&mut self.buf, self.format.sources.name(job.source))?;
                write!(self.buf, ",\"line\":{}", job.line)?;
                if let Some(input) = input_text(job) {
                    self.buf.extend_from_slice(b",\"input\":");
                    serde_json::to_writer(&mut self.buf, &input)?;
                }
                self.buf.extend_from_slice(b",\"solutions\":[");
            }
            Style::Line | Style::Grid => {
                if self.printed > 0 {
                    self.buf.push(b'\n');
                }
            }
        }
        Ok(())
    }

    /// Prints solution number `number` (from 1) of the list started last.
    pub(crate) fn list_solution(
        &mut self,
        job: &Job,
        number: u64,
        solution: &Grid,
    ) -> io::Result<()> {
        let line = format::to_line(solution);
        match self.format.style {
            Style::Json => {
                if number > 1 {
                    self.buf.push(b',');
                }
                serde_json::to_writer(&mut self.buf, &line)?;
            }
            Style::Line => {
                self.buf.extend_from_slice(line.as_bytes());
                self.buf.push(b'\n');
            }
            Style::Grid => {
                if number > 1 {
                    self.buf.push(b'\n');
                }
                let place = self.format.place(job);
                writeln!(self.buf, "# {place} solution {number}")?;
                self.buf
                    .extend_from_slice(format::to_grid(solution).as_bytes());
            }
        }
        self.flush_if_full()
    }

    /// Ends the list of solutions: status, count and notes.
    pub(crate) fn list_end(&mut self, job: &Job, answer: &Answer) -> io::Result<()> {
        match self.format.style {
            Style::Json => {
                write!(self.buf, "],\"status\":\"{}\"", answer.status.as_str())?;
                if let Some(count) = answer.count {
                    write!(
                        self.buf,
                        ",\"count\":{},\"count_exact\":{}",
                        count.found(),
                        matches!(count, Count::Exact(_))
                    )?;
                }
                if answer.status != Status::Error {
                    write!(self.buf, ",\"guesses\":{}", answer.guesses)?;
                }
                if let Some(problem) = &answer.problem {
                    self.buf.extend_from_slice(b",\"error\":");
                    serde_json::to_writer(&mut self.buf, &problem.message())?;
                }
                if self.format.time {
                    write!(self.buf, ",\"time_us\":{}", round_micros(answer.elapsed))?;
                }
                self.buf.extend_from_slice(b"}\n");
            }
            Style::Line | Style::Grid => {
                if self.format.time {
                    writeln!(self.buf, "# time: {:.1} us", micros(answer.elapsed))?;
                }
            }
        }
        self.printed += 1;
        if let Some(note) = self.format.note(job, answer) {
            self.diagnostic(&note)?;
        }
        let stopped_at_limit = answer.status != Status::GaveUp && self.format.style != Style::Json;
        if let (Some(Count::AtLeast(n)), true) = (answer.count, stopped_at_limit) {
            let place = self.format.place(job);
            self.diagnostic(&format!(
                "{place}: note: listed the first {n} solutions; there may be more (raise --limit)"
            ))?;
        }
        self.flush_if_full()
    }
}

impl Format<'_> {
    /// Appends the standard-output text of one record (any task but [`Task::List`]) to `buf`;
    /// `first`: no record was printed before it (no separator before a grid).
    pub(crate) fn write(
        &self,
        buf: &mut Vec<u8>,
        job: &Job,
        answer: &Answer,
        first: bool,
    ) -> io::Result<()> {
        match self.style {
            Style::Json => self.json(buf, job, answer),
            Style::Line => self.line(buf, answer),
            Style::Grid => self.grid(buf, answer, first),
        }
    }

    /// The message for an input that could not be opened or read.
    pub(crate) fn unreadable(&self, job: &Job, message: &str) -> String {
        format!("sudoku: {}: {message}", self.sources.name(job.source))
    }

    /// `FILE:LINE` of a job.
    fn place(&self, job: &Job) -> String {
        format!("{}:{}", self.sources.name(job.source), job.line)
    }

    fn line(&self, buf: &mut Vec<u8>, answer: &Answer) -> io::Result<()> {
        match self.task {
            Task::Solve { .. } | Task::List { .. } => {
                if let Some(solution) = &answer.solution {
                    buf.extend_from_slice(&format::tool::line_bytes(solution));
                }
            }
            Task::Count { .. } => {
                if let Some(count) = answer.count {
                    write!(buf, "{count}")?;
                }
            }
            Task::Check => {
                buf.extend_from_slice(answer.status.as_str().as_bytes());
                match &answer.problem {
                    Some(problem @ (Problem::Invalid(_) | Problem::Budget(_))) => {
                        write!(buf, ": {}", problem.message())?;
                    }
                    Some(Problem::Bad { .. }) | None => {}
                }
            }
        }
        if self.time {
            write!(buf, "\t{:.1}", micros(answer.elapsed))?;
        }
        buf.push(b'\n');
        Ok(())
    }

    fn grid(&self, buf: &mut Vec<u8>, answer: &Answer, first: bool) -> io::Result<()> {
        let Some(solution) = &answer.solution else {
            return Ok(());
        };
        if !first {
            buf.push(b'\n');
        }
        buf.extend_from_slice(format::to_grid(solution).as_bytes());
        if self.time {
            writeln!(buf, "# time: {:.1} us", micros(answer.elapsed))?;
        }
        Ok(())
    }

    fn json(&self, buf: &mut Vec<u8>, job: &Job, answer: &Answer) -> io::Result<()> {
        let counted = matches!(self.task, Task::Count { .. });
        // `count` and `check` give verdicts; only `solve` prints solutions.
        let solution = match self.task {
            Task::Solve { .. } => answer.solution.as_ref(),
            Task::Count { .. } | Task::Check | Task::List { .. } => None,
        };
        let record = JsonRecord {
            file: self.sources.name(job.source),
            line: job.line,
            input: input_text(job),
            status: answer.status.as_str(),
            solution: solution.map(format::to_line),
            board: solution
                .zip(answer.puzzle.as_ref())
                .and_then(|(solution, puzzle)| json_board(solution, puzzle.layout)),
            count: answer.count.filter(|_| counted).map(Count::found),
            count_exact: answer
                .count
                .filter(|_| counted)
                .map(|c| matches!(c, Count::Exact(_))),
            guesses: (answer.status != Status::Error).then_some(answer.guesses),
            error: answer.problem.as_ref().map(Problem::message),
            time_us: self.time.then(|| round_micros(answer.elapsed)),
        };
        serde_json::to_writer(&mut *buf, &record)?;
        buf.push(b'\n');
        Ok(())
    }

    /// The note of one record for standard error, if it has one. Bad input is always reported;
    /// the other notes only in the text formats (JSON carries them in `status` and `error`),
    /// and `check` has none since its output is the verdict itself.
    pub(crate) fn note(&self, job: &Job, answer: &Answer) -> Option<String> {
        if let Some(Problem::Bad {
            line,
            column,
            message,
        }) = &answer.problem
        {
            let name = self.sources.name(job.source);
            return Some(format!("{name}:{line}:{column}: error: {message}"));
        }
        if self.style == Style::Json {
            return None;
        }
        let problem = answer
            .problem
            .as_ref()
            .map(Problem::message)
            .unwrap_or_default();
        let note = match (self.task, answer.status) {
            (Task::Check, _) => None,
            (Task::Count { .. }, Status::Invalid) => Some(format!(
                "error: invalid puzzle: {problem}; counted 0 solutions"
            )),
            (Task::Count { .. }, Status::GaveUp) => Some(format!(
                "error: gave up: {problem}; the count is a lower bound; raise --max-guesses (0 means no limit)"
            )),
            (_, Status::Invalid) => Some(format!("error: invalid puzzle: {problem}")),
            (Task::Solve { .. } | Task::List { .. }, Status::NoSolution) => {
                Some("error: no solution".to_string())
            }
            (Task::Solve { .. }, Status::Multiple) => Some(
                "warning: several solutions; printed the first (`sudoku solve --all` lists them)"
                    .to_string(),
            ),
            (Task::Solve { .. } | Task::List { .. }, Status::GaveUp) => Some(format!(
                "error: gave up: {problem}; raise --max-guesses (0 means no limit)"
            )),
            _ => None,
        };
        note.map(|note| format!("{}: {note}", self.place(job)))
    }
}

impl Formatted {
    /// Nothing yet, with room for `bytes` of output.
    pub(crate) fn with_capacity(bytes: usize) -> Formatted {
        Formatted {
            out: Vec::with_capacity(bytes),
            ..Formatted::default()
        }
    }

    /// Appends one record as [`Printer::record`] prints it (`first` as for [`Format::write`]).
    pub(crate) fn record(
        &mut self,
        format: &Format<'_>,
        job: &Job,
        answer: &Answer,
        first: bool,
    ) -> io::Result<()> {
        format.write(&mut self.out, job, answer, first)?;
        self.records += 1;
        if let Some(note) = format.note(job, answer) {
            self.note(note);
        }
        Ok(())
    }

    /// Appends a note for standard error, after what was appended so far.
    pub(crate) fn note(&mut self, text: String) {
        self.notes.push((self.out.len(), text));
    }
}

/// One result in the JSON format.
#[derive(Serialize)]
struct JsonRecord<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_exact: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_us: Option<f64>,
}

/// The `input` of the JSON output: the puzzle as an 81-character line; none for a record that
/// could not be parsed (its `error` says where and why).
fn input_text(job: &Job) -> Option<String> {
    match &job.body {
        Body::Record(parsed) => Some(format::to_line(&parsed.grid)),
        Body::Plain(line) => Some(format::to_line(&line.parsed().grid)),
        Body::Bad(_) | Body::Unreadable(_) => None,
    }
}

/// The solution as a JSON board in the input's shape, when the input was a JSON board.
fn json_board(solution: &Grid, layout: Layout) -> Option<serde_json::Value> {
    match layout {
        Layout::JsonStrings | Layout::JsonNumbers => {
            serde_json::from_str(&format::to_json(solution, layout)).ok()
        }
        Layout::Line | Layout::Grid => None,
    }
}

fn micros(elapsed: Duration) -> f64 {
    elapsed.as_secs_f64() * 1e6
}

/// Microseconds to one decimal, for JSON.
fn round_micros(elapsed: Duration) -> f64 {
    (micros(elapsed) * 10.0).round() / 10.0
}
