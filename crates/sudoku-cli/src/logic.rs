//! `sudoku hint` and `sudoku explain`: the next human-style step of a puzzle, or its whole
//! solve path, in words or as JSON.
//!
//! Both read puzzles one at a time, in input order, on the main thread: a hint is instant and
//! an explanation is read by a person, so there is nothing to gain from the parallel batch
//! pipeline. Besides every puzzle format of `sudoku solve`, a line of 729 candidate characters
//! (the pencilmark form, see `sudokit::logic::CandidateGrid`) and a pencilmark grid (nine rows of
//! candidate tokens such as `1257`, framed as HoDoKu or Sudoku Explainer print them, or not) are
//! read as pencilmark states, so a position can be hinted from where a player is.
//!
//! The lines are read by the library's one streaming reader, `sudokit::format::Reader` (made
//! with `with_pencilmarks`), which tells a pencilmark grid from a puzzle grid written with
//! spaces and locates every error.

use crate::args::{ExplainArgs, HintArgs};
use crate::input::{feed_line, read_line_capped};
use crate::rate::{budget_of, wall_clock};
use serde::Serialize;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::PathBuf;
use sudokit::format::{self, Entry, ReadItem, Reader};
use sudokit::logic::{explain, CandidateGrid, Inconsistent, Outcome, Step};
use sudokit::rate::{check_proper, RateError, Rated, Rater};

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
    /// The item of what the reader found.
    fn from_read(item: ReadItem) -> Item {
        match item {
            Ok((line, Entry::Puzzle(parsed))) => Item::State {
                line,
                state: Box::new(CandidateGrid::from_grid(&parsed.grid)),
                input: format::to_line(&parsed.grid),
            },
            Ok((line, Entry::Pencilmarks(marks))) => {
                let state = CandidateGrid::from_pencilmarks(&marks);
                Item::State {
                    line,
                    input: state.to_candidate_string(),
                    state: Box::new(state),
                }
            }
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
    let mut lines = Reader::with_pencilmarks();
    let mut found = Vec::new();
    let mut buf = Vec::with_capacity(1024);
    loop {
        buf.clear();
        let (consumed, newline) = read_line_capped(&mut reader, &mut buf).map_err(ReadError::Io)?;
        if consumed == 0 {
            lines.finish(&mut found);
        } else {
            feed_line(&mut lines, &buf, consumed, newline, &mut found);
        }
        for item in found.drain(..) {
            each(name, Item::from_read(item)).map_err(ReadError::Output)?;
        }
        if consumed == 0 {
            return Ok(());
        }
    }
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
        // `RateError` is non-exhaustive: a reason added later is reported as an error.
        _ => "error",
    };
    (status, err.to_string())
}

/// The `status` and message of a pencilmark state whose candidates admit no solution though
/// its placed digits break no rule and have one (a cell lost its solution digit or every
/// candidate): it must get no step, which would be deduced from a false premise.
fn contradiction(state: &CandidateGrid) -> Option<(&'static str, String)> {
    match state.check_consistent(u64::MAX) {
        Err(
            err @ (Inconsistent::NoCandidate { .. }
            | Inconsistent::LostDigit { .. }
            | Inconsistent::NoneAllowed),
        ) => Some(("none", format!("no solution: {err}"))),
        // Rule breaks and dead givens are reported as before, by `check_proper`.
        _ => None,
    }
}

/// Runs `sudoku hint`; returns whether some input failed.
pub(crate) fn hint(args: &HintArgs) -> anyhow::Result<bool> {
    let clock = wall_clock();
    let style = args.style.style();
    let rater = Rater::new()
        .with_style(style)
        .with_finders(args.logic.finders(style))
        .with_budget(budget_of(args.logic.time_limit, None))
        .with_clock(&clock);
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
        let checked = match contradiction(&state) {
            Some(refused) => Err(refused),
            None => match check_proper(&state) {
                Err(err @ (RateError::Invalid(_) | RateError::NoSolution)) => Err(refusal(&err)),
                // Several solutions: a hint all the same, without uniqueness techniques.
                other => Ok(other.is_err()),
            },
        };
        let text = match checked {
            Err((status, message)) => {
                failed = true;
                eprintln!("{name}:{line}: error: {message}");
                record.status = status;
                record.error = Some(message);
                String::new()
            }
            Ok(several) => {
                if several && !args.json {
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
                        Ok(None) if several => {
                            // No technique applies, and none can be expected to: say that the
                            // puzzle is the problem, not the techniques in use.
                            record.status = "stuck";
                            record.error = Some(NOT_PROPER.to_string());
                            format!("No step found: {NOT_PROPER}.")
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

/// Why a puzzle with several solutions can leave every technique without a step.
const NOT_PROPER: &str = "the puzzle is not proper (it has several solutions), so logic alone \
                          cannot place its digits";

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
    rating: Option<&'a sudokit::rate::PuzzleRating>,
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
    let clock = wall_clock();
    let style = args.style.style();
    let rater = Rater::new()
        .with_style(style)
        .with_finders(args.logic.finders(style))
        .with_budget(budget_of(args.logic.time_limit, None))
        .with_clock(&clock);
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
        let result = match contradiction(&state) {
            Some(refused) => Err(refused),
            None => rater.rate_state(&state).map_err(|err| refusal(&err)),
        };
        if let Err((_, message)) = &result {
            failed = true;
            eprintln!("{name}:{line}: error: {message}");
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
                Err((status, message)) => JsonPath {
                    file: name,
                    line,
                    input: Some(&input),
                    status,
                    rating: None,
                    steps: None,
                    end: None,
                    error: Some(message.clone()),
                },
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
                Err((_, message)) => writeln!(out, "Not explained: {message}.")?,
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

    /// What the reader makes of `text`, read as `sudoku hint` reads a file: per item, its line
    /// and either the 81- or 729-character input or the error.
    fn split(text: &[u8]) -> Vec<(usize, Result<String, String>)> {
        let mut items = Vec::new();
        let mut each = |_: &str, item: Item| -> anyhow::Result<()> {
            items.push(match item {
                Item::State { line, input, .. } => (line, Ok(input)),
                Item::Bad {
                    line,
                    column,
                    message,
                } => (line, Err(format!("{column}: {message}"))),
            });
            Ok(())
        };
        let read = read_source("test", BufReader::new(text), &mut each);
        assert!(read.is_ok());
        items
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
            .filter(|l| l.contains(|c: char| c.is_ascii_digit()))
            .map(|l| format!("{}\n", l.replace('|', " ")))
            .collect();
        let text = format!("# positions\n{framed}{TOP1}\r\n\n{bare}{TOP1}");
        let pencils = state.to_candidate_string();
        assert_eq!(
            split(text.as_bytes()),
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
        let spaced = |row: &[u8]| {
            let cells: Vec<String> = row.iter().map(|&b| char::from(b).to_string()).collect();
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
            text.push_str(&spaced(row));
        }
        // And a grid with blanks whose first row is full.
        let mut puzzle = solution.to_string();
        puzzle.replace_range(9..81, &".".repeat(72));
        text.push('\n');
        for row in puzzle.as_bytes().chunks(9) {
            text.push_str(&spaced(row));
        }
        assert_eq!(
            split(text.as_bytes()),
            [(1, Ok(solution.to_string())), (13, Ok(puzzle))]
        );
    }

    #[test]
    fn a_broken_pencilmark_grid_is_one_located_error() {
        let framed = top1_state().to_string();
        let short: Vec<&str> = framed.lines().take(5).collect();
        assert_eq!(
            split(short.join("\n").as_bytes()),
            [(
                5,
                Err("1: pencilmarks: expected 9 rows of candidates, found 3".to_string())
            )]
        );
    }

    /// Issue 32, items 2 and 7, as `hint` reads: a cut line's true length, a bad byte.
    #[test]
    fn long_lines_and_bad_bytes_are_reported_as_they_are() {
        let mut text = "1".repeat(70_000).into_bytes();
        text.extend_from_slice(b"\n5\xff\n");
        assert_eq!(
            split(&text),
            [
                (
                    1,
                    Err(
                        "82: expected 81 cells, found at least 65536 in a line of 70000 bytes"
                            .to_string()
                    )
                ),
                (2, Err("2: unexpected byte 0xff (not UTF-8)".to_string())),
            ]
        );
    }
}
