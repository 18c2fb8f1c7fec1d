//! `solve`, `count` and `check` for other sizes and variant rules (`--size`, `--boxes`,
//! `--rules`, `--rules-file`, `--variant`): puzzles are read by `format::variant` (a line of
//! N * N characters or of numbers, our JSON document, f-puzzles JSON or links) and searched by
//! `sudokit::variant` under the `--max-guesses` budget. Without these options the classic
//! reader and solver run, unchanged.

use crate::summary::Tally;
use crate::work::Status;
use anyhow::{bail, Context};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;
use sudokit::format::variant::{self as text, Options, VariantLayout};
use sudokit::solve::Count;
use sudokit::variant::{Cut, Rule, Search, Shape, Stopped};

/// The variant options shared by solve, count and check.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct VariantArgs {
    /// Variant puzzles of size N (4, 6, 8, 9, 10, 12, 15, 16, 20, 25...) [default: from the input]
    #[arg(long, value_name = "N")]
    pub(crate) size: Option<usize>,

    /// Boxes of R rows by C columns, for variant puzzles (e.g. 2x3) [default: the most square]
    #[arg(long, value_name = "RxC")]
    pub(crate) boxes: Option<String>,

    /// Variant rules that need no data, comma-separated: diagonal, windoku, disjoint,
    /// anti-knight, anti-king, non-consecutive (and for generate, which makes their data:
    /// killer, thermo, arrow, kropki, xv, sandwich, even-odd, little-killer, jigsaw); rules with
    /// data go in --rules-file
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub(crate) rules: Vec<String>,

    /// A JSON array of rules (as in the variant JSON document) added to every puzzle
    #[arg(long, value_name = "FILE")]
    pub(crate) rules_file: Option<PathBuf>,

    /// Read the input as variant puzzles (any size, JSON documents, f-puzzles files and links)
    #[arg(long)]
    pub(crate) variant: bool,
}

impl VariantArgs {
    /// Whether the variant reader and engine are asked for.
    pub(crate) fn active(&self) -> bool {
        self.variant
            || self.size.is_some()
            || self.boxes.is_some()
            || !self.rules.is_empty()
            || self.rules_file.is_some()
    }

    /// The shape and rules the flags give.
    pub(crate) fn options(&self) -> anyhow::Result<Options> {
        let mut rules = Vec::new();
        for name in &self.rules {
            let name = name.trim();
            let Some(rule) = Rule::from_name(name) else {
                if Rule::NAMES.contains(&name) {
                    bail!(
                        "rule {name:?} needs data (its cells, sums or marks): give it in a \
                         --rules-file (a JSON array of rules, as in docs/variant.schema.json) or \
                         in the puzzle's JSON document{}",
                        match name {
                            "killer" => "; `sudoku generate --killer` (or `--rules killer`) \
                                         makes the cages"
                                .to_string(),
                            _ if Cut::from_name(name).is_some() => format!(
                                "; `sudoku generate --rules {name}` makes puzzles with its data"
                            ),
                            _ => String::new(),
                        }
                    );
                }
                if name == "jigsaw" {
                    bail!(
                        "jigsaw regions are part of the puzzle (the `regions` of its JSON \
                         document, f-puzzles and SudokuPad files); `sudoku generate --jigsaw` \
                         (or `--rules jigsaw`) makes puzzles with random regions"
                    );
                }
                bail!(
                    "unknown rule {name:?}: --rules takes diagonal, windoku, disjoint, \
                     anti-knight, anti-king, non-consecutive; rules with data ({}) go in \
                     --rules-file",
                    Rule::NAMES
                        .iter()
                        .filter(|n| Rule::from_name(n).is_none())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            };
            rules.push(rule);
        }
        if let Some(path) = &self.rules_file {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let more: Vec<Rule> = serde_json::from_str(&text)
                .with_context(|| format!("{}: not a JSON array of rules", path.display()))?;
            rules.extend(more);
        }
        let shape = match (&self.boxes, self.size) {
            (Some(boxes), size) => {
                let (r, c): (usize, usize) = boxes
                    .split_once(['x', 'X'])
                    .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
                    .with_context(|| format!("--boxes {boxes:?}: expected RxC, like 2x3"))?;
                let cells = r.saturating_mul(c);
                if cells == 0 || cells > sudokit::variant::MAX_SIZE {
                    bail!(
                        "--boxes {boxes}: boxes of {r}x{c} hold {cells} digits; the size R*C \
                         must be 1 to {}",
                        sudokit::variant::MAX_SIZE
                    );
                }
                let shape = Shape::boxes(r, c)?;
                if size.is_some_and(|n| n != shape.size()) {
                    bail!("--boxes {boxes} does not fit --size {}", size.unwrap_or(0));
                }
                Some(shape)
            }
            (None, Some(n)) => Some(Shape::square(n)?),
            (None, None) => None,
        };
        Ok(Options { shape, rules })
    }
}

/// What to do with each puzzle.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Job {
    /// Solve; with `prove`, check uniqueness too.
    Solve { prove: bool },
    /// List every solution, up to a limit (`solve --all`).
    List { limit: u64 },
    /// Count up to a limit.
    Count { limit: u64 },
    /// Say unique, multiple or none.
    Check,
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// Solutions in the input's layout (a line for a line, N lines of numbers for N lines, a
    /// document for a document); counts and statuses as one line.
    Input,
    /// Solutions as one line of N * N characters (`-f line`).
    Line,
    /// Solutions as N lines of numbers (`-f grid`).
    Grid,
    /// One JSON object per puzzle, the fields of the classic records.
    Json,
}

/// A run's job, output and limits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settings {
    pub(crate) job: Job,
    pub(crate) style: Style,
    /// The guess budget per puzzle (`None` or 0: no limit).
    pub(crate) max_guesses: Option<u64>,
    /// Whether to add each puzzle's time (`--time`).
    pub(crate) time: bool,
    /// Worker threads (`--threads`; `None`: all cores).
    pub(crate) threads: Option<u16>,
    /// Whether to print the classic `--stats` summary on standard error at the end.
    pub(crate) stats: bool,
}

#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "String::is_empty")]
    input: String,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// The solution as our JSON document, for a document, f-puzzles or SudokuPad input (as
    /// the classic records' `board` for JSON input).
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_exact: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_us: Option<u64>,
    /// The solutions as printed in text output.
    #[serde(skip)]
    printed: Vec<String>,
}

/// Puzzles per worker thread handed to the pool at a time: enough to keep every thread busy
/// past a slow puzzle, few enough that answers start printing early.
const CHUNK_PER_THREAD: usize = 32;

/// Runs the job on every puzzle of `files` (standard input for none or `-`); whether any
/// failed. A file that cannot be read is reported and the run goes on, as for classic puzzles.
/// The puzzles of a file are searched on `settings.threads` threads, a chunk at a time, and
/// printed in input order, so the output does not depend on the number of threads.
pub(crate) fn run(
    args: &VariantArgs,
    files: &[PathBuf],
    settings: Settings,
) -> anyhow::Result<bool> {
    let options = args.options()?;
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.threads.map_or(0, usize::from))
        .build()
        .context("cannot start the worker threads")?;
    let chunk = CHUNK_PER_THREAD * pool.current_num_threads();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    let mut printed_before = false;
    let mut tally = Tally::default();
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for path in files {
        let text = match read(path) {
            Ok(text) => text,
            Err(e) => {
                out.flush()?;
                eprintln!("sudoku: {e:#}");
                failed = true;
                tally.unreadable += 1;
                continue;
            }
        };
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else if is_link(path) {
            "<link>".to_string()
        } else {
            path.display().to_string()
        };
        let size = options.shape.as_ref().map(Shape::size);
        let puzzles = records(&text, size);
        for batch in puzzles.chunks(chunk.max(1)) {
            let answers: Vec<Record<'_>> = pool.install(|| {
                batch
                    .par_iter()
                    .map(|(line, record)| {
                        let started = Instant::now();
                        let mut answer = one(&name, *line, record, &options, settings);
                        if settings.time {
                            answer.time_us = Some(
                                u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
                            );
                        }
                        answer
                    })
                    .collect()
            });
            for record in &answers {
                failed |= match settings.job {
                    Job::Check => record.status != "unique",
                    _ => matches!(record.status, "none" | "invalid" | "gave_up" | "error"),
                };
                tally.add(tally_status(record), record.guesses.unwrap_or(0));
                if settings.style == Style::Json {
                    serde_json::to_writer(&mut out, record)?;
                    writeln!(out)?;
                } else {
                    write_text(&mut out, record, settings, &mut printed_before)?;
                }
            }
        }
    }
    out.flush()?;
    if settings.stats {
        eprint!(
            "{}",
            tally.summary(started.elapsed(), pool.current_num_threads())
        );
    }
    Ok(failed)
}

/// A record's status as the classic summary counts it: a count is unique, multiple or solved
/// (a limit of 1 reached) as `count` counts classic puzzles.
fn tally_status(record: &Record<'_>) -> Status {
    match record.status {
        "solved" => Status::Solved,
        "unique" => Status::Unique,
        "multiple" => Status::Multiple,
        "counted" => {
            let n = record.count.unwrap_or(0);
            Status::of_count(if record.count_exact == Some(true) {
                Count::Exact(n)
            } else {
                Count::AtLeast(n)
            })
        }
        "none" => Status::NoSolution,
        "invalid" => Status::Invalid,
        "gave_up" => Status::GaveUp,
        _ => Status::Error,
    }
}

/// Whether a FILE argument is an f-puzzles or SudokuPad link rather than a file.
fn is_link(path: &Path) -> bool {
    let arg = path.to_string_lossy();
    let link = arg.contains("://")
        || ["scl", "ctc", "fpuzzles"]
            .iter()
            .any(|p| arg.starts_with(p));
    link && !path.exists()
}

fn read(path: &Path) -> anyhow::Result<String> {
    let mut text = String::new();
    if is_link(path) {
        // An f-puzzles or SudokuPad link given on the command line is the puzzle itself.
        return Ok(path.to_string_lossy().into_owned());
    }
    if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(text::MAX_TEXT as u64 + 1)
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
    } else {
        std::fs::File::open(path)
            .with_context(|| format!("cannot open {}", path.display()))?
            .take(text::MAX_TEXT as u64 + 1)
            .read_to_string(&mut text)
            .with_context(|| format!("cannot read {}", path.display()))?;
    }
    Ok(text)
}

/// The puzzles of a text, each with its first line (see [`crate::variant_records`]).
fn records(text: &str, size: Option<usize>) -> Vec<(usize, String)> {
    crate::variant_records::records(text, size)
}

fn one<'a>(
    file: &'a str,
    line: usize,
    text_in: &str,
    options: &Options,
    settings: Settings,
) -> Record<'a> {
    let job = settings.job;
    let mut record = Record {
        file,
        line,
        input: String::new(),
        status: "error",
        solution: None,
        board: None,
        solutions: None,
        count: None,
        count_exact: None,
        guesses: None,
        error: None,
        time_us: None,
        printed: Vec::new(),
    };
    let parsed = match text::parse(text_in, options) {
        Ok(parsed) => parsed,
        Err(e) => {
            record.error = Some(e.to_string());
            return record;
        }
    };
    let puzzle = &parsed.puzzle;
    record.input = text::to_text(puzzle, puzzle.givens(), line_layout(parsed.layout));
    if let Some(conflict) = puzzle.given_conflict() {
        record.status = "invalid";
        record.error = Some(conflict.to_string());
        if let Job::Count { .. } = job {
            record.count = Some(0);
            record.count_exact = Some(true);
        }
        return record;
    }
    let mut search = Search::new(puzzle);
    if let Some(max) = settings.max_guesses.filter(|&m| m > 0) {
        search = search.with_guess_budget(max);
    }
    let limit = match job {
        Job::Solve { prove: false } => 1,
        Job::Solve { prove: true } | Job::Check => 2,
        Job::Count { limit } | Job::List { limit } => limit,
    };
    let keep = match job {
        Job::List { .. } => usize::MAX,
        _ => 1,
    };
    let mut grids: Vec<Vec<u8>> = Vec::new();
    let mut found = 0u64;
    let result: Result<Count, Stopped> = loop {
        if found >= limit {
            break Ok(Count::AtLeast(found));
        }
        match search.next_solution() {
            Ok(Some(grid)) => {
                found += 1;
                if grids.len() < keep {
                    grids.push(grid);
                }
            }
            Ok(None) => break Ok(Count::Exact(found)),
            Err(stopped) => break Err(stopped),
        }
    };
    record.guesses = Some(search.stats().guesses);
    let printed_layout = match settings.style {
        Style::Line => VariantLayout::Chars,
        Style::Grid => VariantLayout::Numbers,
        Style::Input | Style::Json => parsed.layout,
    };
    let print = |grid: &[u8]| {
        if printed_layout == VariantLayout::FPuzzles {
            // f-puzzles in, f-puzzles out: the same object or link with the cells filled.
            if let Ok(text) = text::fpuzzles_with_grid(text_in, grid) {
                return text;
            }
        }
        if printed_layout == VariantLayout::SudokuPad {
            // SudokuPad in, SudokuPad out: the same puzzle with its `metadata.solution`
            // (grids up to 9x9; bigger ones answer as our document).
            if let Ok(text) = text::sudokupad_with_grid(text_in, grid) {
                return text;
            }
        }
        let text = text::to_text(puzzle, grid, printed_layout);
        // A puzzle read from one line of numbers prints its solution on one line too.
        if printed_layout == VariantLayout::Numbers
            && settings.style == Style::Input
            && !text_in.trim().contains('\n')
        {
            text.replace('\n', " ")
        } else {
            text
        }
    };
    match result {
        Err(stopped) => {
            record.status = "gave_up";
            record.error = Some(stopped.to_string());
        }
        Ok(count) => {
            record.status = match (job, count) {
                (_, Count::Exact(0)) => "none",
                (Job::Solve { prove: false }, _) => "solved",
                (Job::Count { .. }, _) => "counted",
                (_, Count::Exact(1)) => "unique",
                _ => "multiple",
            };
            if let Job::Count { .. } | Job::List { .. } = job {
                record.count = Some(count.found());
                record.count_exact = Some(matches!(count, Count::Exact(_)));
            }
            if let Job::Solve { .. } | Job::List { .. } = job {
                let line = |g: &[u8]| text::to_text(puzzle, g, VariantLayout::Chars);
                record.printed = grids.iter().map(|g| print(g)).collect();
                if let Some(first) = grids.first() {
                    record.solution = Some(line(first));
                    if line_layout(parsed.layout) != parsed.layout {
                        record.board =
                            serde_json::to_value(text::Document::from_puzzle(puzzle, first)).ok();
                    }
                }
                if let Job::List { .. } = job {
                    record.solutions = Some(grids.iter().map(|g| line(g)).collect());
                }
            }
        }
    }
    record
}

/// JSON documents, f-puzzles and SudokuPad print their input as a line of characters in records.
fn line_layout(layout: VariantLayout) -> VariantLayout {
    match layout {
        VariantLayout::Json | VariantLayout::FPuzzles | VariantLayout::SudokuPad => {
            VariantLayout::Chars
        }
        other => other,
    }
}

/// Prints one record as text: solutions in their layout (an empty line when there is none,
/// as for classic puzzles), counts, or the status; the reason for a failure goes to standard
/// error as `FILE:LINE: error: ...`. Multi-line solutions are separated by an empty line.
fn write_text(
    out: &mut impl Write,
    record: &Record<'_>,
    settings: Settings,
    printed_before: &mut bool,
) -> io::Result<()> {
    let time = record.time_us.map(|t| format!("\t{t}")).unwrap_or_default();
    let report = |out: &mut dyn Write, reason: String| -> io::Result<()> {
        // Standard output first, so that messages and answers interleave in order.
        out.flush()?;
        eprintln!("{}:{}: error: {reason}", record.file, record.line);
        Ok(())
    };
    let reason = match (record.status, &record.error) {
        ("error", Some(e)) => Some(e.clone()),
        ("invalid", Some(e)) => Some(format!("invalid puzzle: {e}")),
        ("gave_up", Some(e)) => Some(format!("gave up: {e}")),
        ("none", _) => Some("no solution".to_string()),
        _ => None,
    };
    match settings.job {
        Job::Solve { .. } | Job::List { .. } => {
            if let Some(reason) = reason {
                report(out, reason)?;
                return writeln!(out, "{time}");
            }
            if record.status == "multiple" {
                if let Job::Solve { .. } = settings.job {
                    out.flush()?;
                    eprintln!(
                        "{}:{}: warning: several solutions; printed the first (`sudoku solve --all` lists them)",
                        record.file, record.line
                    );
                }
            }
            let multi_line = record.printed.iter().any(|p| p.contains('\n'));
            let list = matches!(settings.job, Job::List { .. });
            if !multi_line && !list {
                let solution = record.printed.first().map_or("", String::as_str);
                return writeln!(out, "{solution}{time}");
            }
            if *printed_before {
                writeln!(out)?;
            }
            for solution in &record.printed {
                writeln!(out, "{solution}")?;
            }
            if !time.is_empty() {
                writeln!(out, "# time: {} us", time.trim())?;
            }
            *printed_before = true;
            Ok(())
        }
        Job::Count { .. } => {
            if let Some(reason) =
                reason.filter(|_| record.count.is_none() || record.status == "invalid")
            {
                report(out, reason)?;
            }
            match (record.count, record.count_exact) {
                (Some(n), Some(true)) => writeln!(out, "{n}{time}"),
                (Some(n), _) => writeln!(out, "at least {n}{time}"),
                _ => writeln!(out, "{time}"),
            }
        }
        Job::Check => match (record.status, &record.error) {
            ("invalid", Some(e)) => writeln!(out, "invalid: {e}{time}"),
            ("gave_up", Some(e)) => writeln!(out, "gave_up: {e}{time}"),
            ("error", Some(e)) => {
                report(out, e.clone())?;
                writeln!(out, "error{time}")
            }
            (status, _) => writeln!(out, "{status}{time}"),
        },
    }
}
