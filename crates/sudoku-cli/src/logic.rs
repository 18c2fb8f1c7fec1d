//! `sudoku hint` and `sudoku explain`: the next human-style step of a puzzle, or its whole
//! solve path, in words or as JSON.
//!
//! Both read puzzles one at a time, in input order, on the main thread: a hint is instant and
//! an explanation is read by a person, so there is nothing to gain from the parallel batch
//! pipeline. Besides every puzzle format of `sudoku solve`, a line of 729 candidate characters
//! (the pencilmark form, see `sudoku::logic::CandidateGrid`) and a pencilmark grid (nine rows of
//! candidate tokens such as `1257`, framed as HoDoKu or Sudoku Explainer print them, or not) are
//! read as pencilmark states, so a position can be hinted from where a player is.
//!
//! A pencilmark grid is told from a puzzle grid written with spaces by its rows: nine tokens of
//! distinct digits, at least one token with two or more. Lines that may start one are held back
//! from the puzzle splitter until that is settled (a held block without any candidate set is
//! handed to the splitter unchanged, so `5 3 4 | 6 7 8 | 9 1 2` rows still read as a grid).

use crate::args::{ExplainArgs, HintArgs};
use crate::rate::budget_of;
use serde::Serialize;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use sudoku::format::{self, ParseError, Records};
use sudoku::logic::{classify_line, explain, CandidateGrid, Outcome, PencilmarkLine, Step};
use sudoku::rate::{check_proper, RateError, Rated, Rater};

/// The longest line kept, in bytes (no format needs a fraction of it); the rest is dropped, so
/// a file without newlines cannot exhaust memory.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// One input as named on the command line.
struct Input {
    /// The name in messages and JSON: the path as given, or `<stdin>`.
    name: String,
    /// `None` for standard input.
    path: Option<PathBuf>,
}

/// The inputs named on the command line: none, or `-`, means standard input.
fn inputs(files: &[PathBuf]) -> Vec<Input> {
    let stdin = || Input {
        name: "<stdin>".to_string(),
        path: None,
    };
    if files.is_empty() {
        return vec![stdin()];
    }
    files
        .iter()
        .map(|path| {
            if path.as_os_str() == "-" {
                stdin()
            } else {
                Input {
                    name: path.display().to_string(),
                    path: Some(path.clone()),
                }
            }
        })
        .collect()
}

/// What the reader found: a puzzle (or pencilmark state), or why there is none.
enum Item {
    /// A state to work on, with the line it starts on and its text as an 81- or 729-character
    /// line.
    State {
        line: usize,
        state: Box<CandidateGrid>,
        input: String,
    },
    /// Text that is not a puzzle.
    Bad {
        line: usize,
        column: usize,
        message: String,
    },
}

impl Item {
    /// The item of one record from the splitter.
    fn from_record(record: Result<format::Record, ParseError>) -> Item {
        let parsed = record.and_then(|record| record.parse().map(|parsed| (record.line, parsed)));
        match parsed {
            Ok((line, parsed)) => Item::State {
                line,
                state: Box::new(CandidateGrid::from_grid(&parsed.grid)),
                input: format::to_line(&parsed.grid),
            },
            Err(err) => Item::Bad {
                line: err.line,
                column: err.column,
                message: err.kind.to_string(),
            },
        }
    }
}

/// Reads every input in order and hands each item to `each` with its input's name. Returns
/// whether some input could not be read (already reported on standard error).
fn read_items(
    files: &[PathBuf],
    mut each: impl FnMut(&str, Item) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let mut unreadable = false;
    for input in inputs(files) {
        let result = match &input.path {
            None => read_source(&input.name, BufReader::new(io::stdin()), &mut each),
            Some(path) => match File::open(path) {
                Ok(file) if file.metadata().is_ok_and(|m| m.is_dir()) => {
                    Err(ReadError::Io(io::Error::other("is a directory")))
                }
                Ok(file) => read_source(&input.name, BufReader::new(file), &mut each),
                Err(err) => Err(ReadError::Io(err)),
            },
        };
        match result {
            Ok(()) => {}
            Err(ReadError::Io(err)) => {
                unreadable = true;
                eprintln!("sudoku: {}: {err}", input.name);
            }
            Err(ReadError::Output(err)) => return Err(err),
        }
    }
    Ok(unreadable)
}

/// Why reading an input stopped.
enum ReadError {
    /// The input could not be read.
    Io(io::Error),
    /// Handling an item failed (output error): fatal.
    Output(anyhow::Error),
}

fn read_source<R: Read>(
    name: &str,
    mut reader: BufReader<R>,
    each: &mut impl FnMut(&str, Item) -> anyhow::Result<()>,
) -> Result<(), ReadError> {
    let mut splitter = Splitter::default();
    let mut buf = Vec::with_capacity(1024);
    loop {
        buf.clear();
        if read_line_capped(&mut reader, &mut buf).map_err(ReadError::Io)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(trim_newline(&buf));
        for item in splitter.push_line(&text) {
            each(name, item).map_err(ReadError::Output)?;
        }
    }
    for item in splitter.finish() {
        each(name, item).map_err(ReadError::Output)?;
    }
    Ok(())
}

/// Splits lines into items: the library's puzzle splitter ([`Records`]), plus the two
/// pencilmark forms, which it does not know. Every line reaches `records` exactly once (a line
/// taken by a pencilmark form as a blank line), so its line numbers stay those of the input.
#[derive(Default)]
struct Splitter {
    records: Records,
    /// The lines read so far.
    line_no: usize,
    /// Lines held back while they may be a pencilmark grid: frame lines and rows of nine
    /// tokens, with their line numbers.
    held: Vec<(usize, String)>,
    /// How many rows `held` has.
    held_rows: usize,
    /// Whether a held row has a candidate set (so the block is a pencilmark grid).
    held_sets: bool,
    /// Just after a pencilmark grid: its closing frame lines are dropped.
    after_grid: bool,
    /// Just after a pencilmark grid cut short by a bad row: the rest of its rows and frames
    /// are dropped too, so one broken grid gives one error.
    after_bad_row: bool,
}

impl Splitter {
    /// The items that line `text` completes.
    fn push_line(&mut self, text: &str) -> Vec<Item> {
        self.line_no += 1;
        let mut out = Vec::new();
        if is_pencilmark_line(text) {
            (self.after_grid, self.after_bad_row) = (false, false);
            self.release(&mut out);
            // The splitter sees a blank line instead, which keeps its line count in step (and
            // ends whatever it was in the middle of).
            self.pass("", &mut out);
            out.push(pencilmark_item(self.line_no, text));
            return out;
        }
        let kind = classify_line(text);
        if self.after_bad_row {
            if matches!(kind, PencilmarkLine::Frame | PencilmarkLine::Row { .. }) {
                self.pass("", &mut out);
                return out;
            }
            self.after_bad_row = false;
        }
        match kind {
            PencilmarkLine::Frame if self.after_grid => self.pass("", &mut out),
            PencilmarkLine::Frame => self.held.push((self.line_no, text.to_string())),
            PencilmarkLine::Row { cells: 9, has_set } => {
                self.after_grid = false;
                self.held.push((self.line_no, text.to_string()));
                self.held_rows += 1;
                self.held_sets |= has_set;
                if self.held_rows == 9 {
                    if self.held_sets {
                        out.extend(self.take_grid());
                        self.after_grid = true;
                    } else {
                        self.release(&mut out);
                    }
                }
            }
            kind => {
                self.after_grid = false;
                if self.held_sets {
                    // A pencilmark grid cut short: a row of the wrong length (or with a stray
                    // character) belongs to it, and the error points at it.
                    let part_of_it = matches!(kind, PencilmarkLine::Row { .. })
                        || (kind == PencilmarkLine::Other && text.contains('|'));
                    if part_of_it {
                        self.held.push((self.line_no, text.to_string()));
                        out.extend(self.take_grid());
                        self.after_bad_row = true;
                        return out;
                    }
                    out.extend(self.take_grid());
                } else {
                    self.release(&mut out);
                }
                self.pass(text, &mut out);
            }
        }
        out
    }

    /// The items at the end of the input.
    fn finish(mut self) -> Vec<Item> {
        let mut out = Vec::new();
        if self.held_sets {
            out.extend(self.take_grid());
        } else {
            self.release(&mut out);
        }
        out.extend(self.records.finish().into_iter().map(Item::from_record));
        out
    }

    /// Hands `line` to the puzzle splitter.
    fn pass(&mut self, line: &str, out: &mut Vec<Item>) {
        out.extend(
            self.records
                .push_line(line)
                .into_iter()
                .map(Item::from_record),
        );
    }

    /// Hands the held lines to the puzzle splitter: they were not a pencilmark grid.
    fn release(&mut self, out: &mut Vec<Item>) {
        for (_, line) in std::mem::take(&mut self.held) {
            self.pass(&line, out);
        }
        self.held_rows = 0;
        self.held_sets = false;
    }

    /// Reads the held lines as one pencilmark grid (or its error).
    fn take_grid(&mut self) -> Vec<Item> {
        let held = std::mem::take(&mut self.held);
        self.held_rows = 0;
        self.held_sets = false;
        let mut out = Vec::new();
        for _ in &held {
            self.pass("", &mut out);
        }
        let Some(&(first, _)) = held.first() else {
            return out;
        };
        let text: Vec<&str> = held.iter().map(|(_, line)| line.as_str()).collect();
        out.push(
            match CandidateGrid::from_pencilmark_grid_at(&text.join("\n"), first) {
                Ok(state) => Item::State {
                    line: first,
                    input: state.to_candidate_string(),
                    state: Box::new(state),
                },
                Err(err) => Item::Bad {
                    line: err.line,
                    column: err.column,
                    message: format!("pencilmarks: {}", err.kind),
                },
            },
        );
        out
    }
}

/// Whether `text` holds 729 non-space characters: the one-line pencilmark form.
fn is_pencilmark_line(text: &str) -> bool {
    !text.trim_start().starts_with('#')
        && text.chars().filter(|c| !c.is_whitespace()).count() == 729
}

fn pencilmark_item(line: usize, text: &str) -> Item {
    match CandidateGrid::from_candidate_str(text) {
        Ok(state) => Item::State {
            line,
            input: state.to_candidate_string(),
            state: Box::new(state),
        },
        Err(err) => Item::Bad {
            line,
            column: 1,
            message: format!("pencilmarks: {err}"),
        },
    }
}

/// Reads one line (through its `\n`) into `buf`, keeping at most [`MAX_LINE_BYTES`] of it;
/// returns the bytes consumed (0 at the end of the input).
fn read_line_capped<R: BufRead>(reader: &mut R, buf: &mut Vec<u8>) -> io::Result<usize> {
    let mut consumed = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(consumed);
        }
        let (take, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
        buf.extend_from_slice(&available[..take.min(room)]);
        reader.consume(take);
        consumed += take;
        if done {
            return Ok(consumed);
        }
    }
}

fn trim_newline(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// A step in JSON: the step's data and its sentence.
#[derive(Serialize)]
struct JsonStep<'a> {
    #[serde(flatten)]
    step: &'a Step,
    text: String,
}

impl<'a> JsonStep<'a> {
    fn new(step: &'a Step) -> JsonStep<'a> {
        JsonStep {
            step,
            text: explain::english(step),
        }
    }
}

/// One `hint` result in JSON.
#[derive(Serialize)]
struct JsonHint<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<&'a str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<JsonStep<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The `status` of a puzzle that got no rating or hint, and its message.
fn refusal(err: &RateError) -> (&'static str, String) {
    let status = match err {
        RateError::Invalid(_) => "invalid",
        RateError::NoSolution => "none",
        RateError::MultipleSolutions => "multiple",
        RateError::GaveUp { .. } => "gave_up",
    };
    (status, err.to_string())
}

/// Runs `sudoku hint`; returns whether some input failed.
pub(crate) fn hint(args: &HintArgs) -> anyhow::Result<bool> {
    let rater = Rater::new()
        .with_finders(args.logic.finders())
        .with_budget(budget_of(args.logic.time_limit, None));
    let mut failed = false;
    let mut out = io::stdout().lock();
    let unreadable = read_items(&args.input.files, |name, item| {
        let (line, state, input) = match item {
            Item::State { line, state, input } => (line, state, input),
            Item::Bad {
                line,
                column,
                message,
            } => {
                failed = true;
                eprintln!("{name}:{line}:{column}: error: {message}");
                if args.json {
                    let record = JsonHint {
                        file: name,
                        line,
                        input: None,
                        status: "error",
                        step: None,
                        error: Some(format!("line {line}, column {column}: {message}")),
                    };
                    serde_json::to_writer(&mut out, &record)?;
                }
                writeln!(out)?;
                return Ok(());
            }
        };
        let mut record = JsonHint {
            file: name,
            line,
            input: Some(&input),
            status: "step",
            step: None,
            error: None,
        };
        let step;
        let text = match check_proper(&state) {
            Err(err @ (RateError::Invalid(_) | RateError::NoSolution)) => {
                failed = true;
                let (status, message) = refusal(&err);
                eprintln!("{name}:{line}: error: {message}");
                record.status = status;
                record.error = Some(message);
                String::new()
            }
            checked => {
                if checked.is_err() && !args.json {
                    eprintln!(
                        "{name}:{line}: warning: several solutions; hints skip the uniqueness \
                         techniques"
                    );
                }
                if state.is_solved() {
                    record.status = "solved";
                    "The puzzle is solved: there is no step left.".to_string()
                } else {
                    match rater.next_step(&state) {
                        Ok(Some(found)) => {
                            step = found;
                            record.step = Some(JsonStep::new(&step));
                            explain::english(&step)
                        }
                        Ok(None) => {
                            record.status = "stuck";
                            stuck_note(args.logic.nested).to_string()
                        }
                        Err(limit) => {
                            failed = true;
                            let message = format!("gave up: {limit} reached");
                            eprintln!("{name}:{line}: error: {message}; raise --time-limit");
                            record.status = "gave_up";
                            record.error = Some(message);
                            String::new()
                        }
                    }
                }
            }
        };
        if args.json {
            serde_json::to_writer(&mut out, &record)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{text}")?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(failed || unreadable)
}

/// What `hint` says when no technique in use has a step.
fn stuck_note(nested: bool) -> &'static str {
    if nested {
        "No step found: no technique applies, nested forcing chains included."
    } else {
        "No step found: no technique in use applies (nested forcing chains are tried only with \
         --nested)."
    }
}

/// One `explain` result in JSON.
#[derive(Serialize)]
struct JsonPath<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<&'a str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<&'a sudoku::rate::PuzzleRating>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<JsonStep<'a>>>,
    /// The pencilmarks where a stuck path ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `sudoku explain`; returns whether some input failed.
pub(crate) fn explain_paths(args: &ExplainArgs) -> anyhow::Result<bool> {
    let rater = Rater::new()
        .with_finders(args.logic.finders())
        .with_budget(budget_of(args.logic.time_limit, None));
    let mut failed = false;
    let mut printed = 0u64;
    let mut out = io::stdout().lock();
    let unreadable = read_items(&args.input.files, |name, item| {
        let (line, state, input) = match item {
            Item::State { line, state, input } => (line, state, input),
            Item::Bad {
                line,
                column,
                message,
            } => {
                failed = true;
                eprintln!("{name}:{line}:{column}: error: {message}");
                if args.json {
                    let record = JsonPath {
                        file: name,
                        line,
                        input: None,
                        status: "error",
                        rating: None,
                        steps: None,
                        end: None,
                        error: Some(format!("line {line}, column {column}: {message}")),
                    };
                    serde_json::to_writer(&mut out, &record)?;
                    writeln!(out)?;
                }
                return Ok(());
            }
        };
        let result = rater.rate_state(&state);
        if let Err(err) = &result {
            failed = true;
            eprintln!("{name}:{line}: error: {err}");
        }
        if args.json {
            let record = match &result {
                Ok(rated) => JsonPath {
                    file: name,
                    line,
                    input: Some(&input),
                    status: outcome_status(rated.path.outcome),
                    rating: Some(&rated.rating),
                    steps: Some(rated.path.steps.iter().map(JsonStep::new).collect()),
                    end: (rated.path.outcome == Outcome::Stuck)
                        .then(|| rated.path.grid.to_candidate_string()),
                    error: None,
                },
                Err(err) => {
                    let (status, message) = refusal(err);
                    JsonPath {
                        file: name,
                        line,
                        input: Some(&input),
                        status,
                        rating: None,
                        steps: None,
                        end: None,
                        error: Some(message),
                    }
                }
            };
            serde_json::to_writer(&mut out, &record)?;
            writeln!(out)?;
        } else {
            if printed > 0 {
                writeln!(out)?;
            }
            printed += 1;
            writeln!(out, "# {name}:{line} {input}")?;
            match &result {
                Ok(rated) => write_path(&mut out, rated, args.logic.nested)?,
                Err(err) => writeln!(out, "Not explained: {err}.")?,
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(failed || unreadable)
}

fn outcome_status(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Solved => "solved",
        Outcome::Stuck => "stuck",
    }
}

/// The text form of a path: one numbered line per step, then a summary (`nested`: whether the
/// nested forcing chains were in use).
fn write_path(out: &mut impl Write, rated: &Rated, nested: bool) -> io::Result<()> {
    let steps = &rated.path.steps;
    let width = steps.len().to_string().len();
    for (i, step) in steps.iter().enumerate() {
        writeln!(
            out,
            "{:>width$}. ({}) {}",
            i + 1,
            step.rating,
            explain::english(step)
        )?;
    }
    let rating = &rated.rating;
    let hardest = match rating.hardest {
        Some(technique) => format!("; hardest step: {technique}"),
        None => String::new(),
    };
    let plural = if steps.len() == 1 { "" } else { "s" };
    match rated.path.outcome {
        Outcome::Solved => writeln!(
            out,
            "Solved in {} step{plural}. ER/EP/ED {}; level {} (HoDoKu-style score {}){hardest}.",
            steps.len(),
            rating.se,
            rating.hodoku.level,
            rating.hodoku.score
        ),
        Outcome::Stuck => writeln!(
            out,
            "Stuck after {} step{plural}: no technique in use applies{}, so it rates {} as \
             Sudoku Explainer rates a puzzle beyond its techniques. Pencilmarks now: {}",
            steps.len(),
            if nested {
                ", nested forcing chains included"
            } else {
                " (nested forcing chains are tried only with --nested)"
            },
            rating.se,
            rated.path.grid.to_candidate_string()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pencilmark_lines_are_told_from_puzzles() {
        let pencils = "123456789".repeat(81);
        assert!(is_pencilmark_line(&pencils));
        assert!(is_pencilmark_line(&format!(
            "  {} ",
            "1.3.5.7.9 ".repeat(81)
        )));
        assert!(!is_pencilmark_line(&".".repeat(81)));
        assert!(!is_pencilmark_line(&format!("#{}", "1".repeat(729))));
        match pencilmark_item(3, &"1".repeat(729)) {
            Item::Bad { line, message, .. } => {
                assert_eq!(line, 3);
                assert!(message.starts_with("pencilmarks: "), "{message}");
            }
            Item::State { .. } => panic!("a digit in the wrong slot is an error"),
        }
    }

    /// What the splitter makes of `text`: per item, its line and either the 81- or
    /// 729-character input or the error.
    fn split(text: &str) -> Vec<(usize, Result<String, String>)> {
        let mut splitter = Splitter::default();
        let mut items = Vec::new();
        for line in text.lines() {
            items.extend(splitter.push_line(line));
        }
        items.extend(splitter.finish());
        items
            .into_iter()
            .map(|item| match item {
                Item::State { line, input, .. } => (line, Ok(input)),
                Item::Bad {
                    line,
                    column,
                    message,
                } => (line, Err(format!("{column}: {message}"))),
            })
            .collect()
    }

    const TOP1: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn top1_state() -> CandidateGrid {
        let puzzle = format::parse(TOP1).expect("a puzzle").grid;
        CandidateGrid::from_grid(&puzzle)
    }

    #[test]
    fn pencilmark_grids_are_read_among_other_puzzles() {
        let state = top1_state();
        let framed = state.to_string();
        let bare: String = framed
            .lines()
            .filter(|l| classify_line(l) != PencilmarkLine::Frame)
            .map(|l| format!("{}\n", l.replace('|', " ")))
            .collect();
        let text = format!("# positions\n{framed}{TOP1}\n\n{bare}{TOP1}\n");
        let pencils = state.to_candidate_string();
        assert_eq!(
            split(&text),
            [
                (2, Ok(pencils.clone())),
                (15, Ok(TOP1.to_string())),
                (17, Ok(pencils)),
                (26, Ok(TOP1.to_string())),
            ]
        );
    }

    #[test]
    fn a_spaced_puzzle_grid_with_full_rows_is_still_a_puzzle() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let spaced = |row: &str| {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            format!(
                "{} | {} | {}\n",
                cells[..3].join(" "),
                cells[3..6].join(" "),
                cells[6..].join(" ")
            )
        };
        let rule = "------+-------+------\n";
        let mut text = String::new();
        for (i, row) in solution.as_bytes().chunks(9).enumerate() {
            if i == 3 || i == 6 {
                text.push_str(rule);
            }
            text.push_str(&spaced(std::str::from_utf8(row).expect("ASCII")));
        }
        // And a grid with blanks whose first row is full.
        let mut puzzle = solution.to_string();
        puzzle.replace_range(9..81, &".".repeat(72));
        text.push('\n');
        for row in puzzle.as_bytes().chunks(9) {
            text.push_str(&spaced(std::str::from_utf8(row).expect("ASCII")));
        }
        assert_eq!(
            split(&text),
            [(1, Ok(solution.to_string())), (13, Ok(puzzle))]
        );
    }

    #[test]
    fn a_broken_pencilmark_grid_is_one_located_error() {
        let framed = top1_state().to_string();
        let mut lines: Vec<String> = framed.lines().map(String::from).collect();
        // Row 3 (line 4) loses its last cell.
        let row = lines[3].trim_end().trim_end_matches('|').to_string();
        let stack = row.rfind('|').map_or(0, |i| i + 1);
        let mut cells: Vec<&str> = row[stack..].split_whitespace().collect();
        cells.pop();
        lines[3] = format!("{}| {} |", &row[..stack - 1], cells.join(" "));
        let text = format!("{}\n{TOP1}\n", lines.join("\n"));
        let items = split(&text);
        assert_eq!(items.len(), 2, "{items:?}");
        let (line, error) = &items[0];
        assert_eq!(*line, 4);
        let error = error.as_ref().expect_err("an error");
        assert!(
            error.ends_with("pencilmarks: row 3 has 8 cells, expected 9"),
            "{error}"
        );
        assert_eq!(items[1], (14, Ok(TOP1.to_string())));
        // A grid cut short by the end of the input, or by a blank line.
        let short: Vec<&str> = framed.lines().take(5).collect();
        assert_eq!(
            split(&short.join("\n")),
            [(
                5,
                Err("1: pencilmarks: expected 9 rows of candidates, found 3".to_string())
            )]
        );
        let items = split(&format!("{}\n\n{TOP1}\n", short.join("\n")));
        assert_eq!(items[1], (7, Ok(TOP1.to_string())));
    }

    #[test]
    fn lines_are_capped_and_trimmed() {
        let long = format!("{}\nnext\r\n", "x".repeat(MAX_LINE_BYTES + 10));
        let mut reader = io::Cursor::new(long.into_bytes());
        let mut buf = Vec::new();
        let consumed = read_line_capped(&mut reader, &mut buf).expect("reads");
        assert_eq!((consumed, buf.len()), (MAX_LINE_BYTES + 11, MAX_LINE_BYTES));
        buf.clear();
        read_line_capped(&mut reader, &mut buf).expect("reads");
        assert_eq!(trim_newline(&buf), b"next");
    }
}
