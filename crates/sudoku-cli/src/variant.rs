//! `solve`, `count` and `check` for other sizes and variant rules (`--size`, `--boxes`,
//! `--rules`, `--rules-file`, `--variant`): puzzles are read by `format::variant` (a line of
//! N * N characters or of numbers, our JSON document, f-puzzles JSON or links) and searched by
//! `sudokit::variant` under the `--max-guesses` budget. Without these options the classic
//! reader and solver run, unchanged.

use anyhow::{bail, Context};
use clap::Args;
use serde::Serialize;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use sudokit::format::variant::{self as text, Options, VariantLayout};
use sudokit::solve::Count;
use sudokit::variant::{Rule, Search, Shape, Stopped};

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
    /// anti-knight, anti-king, non-consecutive
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
            let rule = Rule::from_name(name.trim()).with_context(|| {
                format!("unknown rule {name:?} (without data: diagonal, windoku, disjoint, anti-knight, anti-king, non-consecutive; others go in --rules-file)")
            })?;
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
                let (r, c) = boxes
                    .split_once(['x', 'X'])
                    .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
                    .with_context(|| format!("--boxes {boxes:?}: expected RxC, like 2x3"))?;
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
    /// Count up to a limit.
    Count { limit: u64 },
    /// Say unique, multiple or none.
    Check,
}

#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    line: usize,
    input: String,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_exact: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `job` on every puzzle of `files` (standard input for none or `-`); whether any failed.
pub(crate) fn run(
    args: &VariantArgs,
    files: &[PathBuf],
    job: Job,
    json: bool,
    max_guesses: Option<u64>,
) -> anyhow::Result<bool> {
    let options = args.options()?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for path in files {
        let text = read(path)?;
        let name = path.display().to_string();
        for (line, record) in records(&text) {
            let record = one(&name, line, record, &options, job, max_guesses);
            failed |= matches!(record.status, "none" | "invalid" | "gave_up" | "error");
            if json {
                serde_json::to_writer(&mut out, &record)?;
                writeln!(out)?;
            } else {
                write_text(&mut out, &record, job)?;
            }
        }
    }
    out.flush()?;
    Ok(failed)
}

fn read(path: &Path) -> anyhow::Result<String> {
    let mut text = String::new();
    let arg = path.to_string_lossy();
    let link = arg.contains("://")
        || ["scl", "ctc", "fpuzzles"]
            .iter()
            .any(|p| arg.starts_with(p));
    if link && !path.exists() {
        // An f-puzzles or SudokuPad link given on the command line is the puzzle itself.
        return Ok(arg.into_owned());
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

/// The puzzles of a text: the whole text when it is one JSON object, else each line that is
/// not blank or a `#` comment.
fn records(text: &str) -> Vec<(usize, &str)> {
    if text.trim_start().starts_with('{') {
        return vec![(1, text)];
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

fn one<'a>(
    file: &'a str,
    line: usize,
    text_in: &str,
    options: &Options,
    job: Job,
    max_guesses: Option<u64>,
) -> Record<'a> {
    let mut record = Record {
        file,
        line,
        input: String::new(),
        status: "error",
        solution: None,
        count: None,
        count_exact: None,
        guesses: None,
        error: None,
    };
    let parsed = match text::parse(text_in, options) {
        Ok(parsed) => parsed,
        Err(e) => {
            record.error = Some(e.to_string());
            return record;
        }
    };
    let puzzle = &parsed.puzzle;
    record.input = text::to_text(puzzle, puzzle.givens(), layout_for_line(parsed.layout));
    let mut search = Search::new(puzzle);
    if let Some(max) = max_guesses.filter(|&m| m > 0) {
        search = search.with_guess_budget(max);
    }
    let limit = match job {
        Job::Solve { prove: false } => 1,
        Job::Solve { prove: true } | Job::Check => 2,
        Job::Count { limit } => limit,
    };
    let mut first = None;
    let mut found = 0u64;
    let result: Result<Count, Stopped> = loop {
        if found >= limit {
            break Ok(Count::AtLeast(found));
        }
        match search.next_solution() {
            Ok(Some(grid)) => {
                found += 1;
                first.get_or_insert(grid);
            }
            Ok(None) => break Ok(Count::Exact(found)),
            Err(stopped) => break Err(stopped),
        }
    };
    record.guesses = Some(search.stats().guesses);
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
            if let Job::Count { .. } = job {
                record.count = Some(count.found());
                record.count_exact = Some(matches!(count, Count::Exact(_)));
            }
            if let (Job::Solve { .. }, Some(grid)) = (job, &first) {
                record.solution = Some(text::to_text(puzzle, grid, parsed.layout));
            }
        }
    }
    record
}

/// JSON documents, f-puzzles and SudokuPad print their input as a line of characters in records.
fn layout_for_line(layout: VariantLayout) -> VariantLayout {
    match layout {
        VariantLayout::Json | VariantLayout::FPuzzles | VariantLayout::SudokuPad => {
            VariantLayout::Chars
        }
        other => other,
    }
}

fn write_text(out: &mut impl Write, record: &Record<'_>, job: Job) -> io::Result<()> {
    if let Some(error) = &record.error {
        if record.status == "error" {
            eprintln!("sudoku: {}:{}: {error}", record.file, record.line);
            return writeln!(out, "error");
        }
    }
    match job {
        Job::Solve { .. } => match &record.solution {
            Some(solution) if record.status != "multiple" => writeln!(out, "{solution}"),
            Some(solution) => {
                eprintln!(
                    "sudoku: {}:{}: several solutions; the first is printed",
                    record.file, record.line
                );
                writeln!(out, "{solution}")
            }
            None => writeln!(out, "{}", record.status),
        },
        Job::Count { .. } => match (record.count, record.count_exact) {
            (Some(n), Some(true)) => writeln!(out, "{n}"),
            (Some(n), _) => writeln!(out, "at least {n}"),
            _ => writeln!(out, "{}", record.status),
        },
        Job::Check => writeln!(out, "{}", record.status),
    }
}
