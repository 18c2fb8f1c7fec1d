//! The streaming record splitter: lines in, one record per puzzle out, no IO.
//!
//! [`Records`] is a small state machine over lines. Each line is classified on its own (blank,
//! comment, start of a JSON board, an 81-cell line, a grid row, a separator, or neither), and the
//! state decides what that means: a grid row starts or continues a grid, a line puzzle ends an
//! unfinished grid, and so on. [`parse`](super::parse) runs the same machine over its text, so
//! a stream and a single text are split by the same rules.
//!
//! Recovery is the point of most of the rules: a bad line costs one error and the next puzzle
//! reads normally. A garbled line inside a grid takes the place of a row so the grid's other lines
//! stay together (one error for the grid), and a JSON board whose brackets never close is cut off
//! at the next line that is plainly a puzzle, or after [`MAX_RECORD_BYTES`].

use super::grid::{scan_row, RowProblem, RowScan};
use super::json::{is_comment_line, parse_json, BracketScanner};
use super::line::{parse_line, PlainLine};
use super::{grid_from_values, Layout, ParseError, ParseErrorKind, Parsed};
use std::mem;

/// The most text one record may hold, in bytes. A grid or JSON board needs a few hundred; the
/// limit keeps a stream whose JSON bracket never closes from growing without bound.
///
/// An 81-character line record is not limited (it is never accumulated): its text is the line
/// as the caller passed it.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// A line longer than this (in characters) that is neither a row nor a puzzle line is taken for
/// a broken puzzle line; a shorter one, inside a grid, for a broken grid row.
const MAX_ROW_CHARS: usize = 40;

/// One puzzle's text as found in a stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The 1-based number of its first line in the stream.
    pub line: usize,
    /// Its lines, joined with `\n` (without a final one), from the first to the last; comments
    /// and blank lines between them are kept so line numbers inside stay true.
    pub text: String,
}

impl Record {
    /// Parses the record. Errors carry absolute line numbers (counted from [`Record::line`]).
    ///
    /// A record returned by [`Records`] always parses.
    pub fn parse(&self) -> Result<Parsed, ParseError> {
        parse_at(&self.text, self.line)
    }
}

/// Splits a stream of lines into puzzle records, without doing any IO.
///
/// Feed it the lines with [`Records::push_line`] and call [`Records::finish`] at the end of the
/// input; each call returns the records (or errors) that the line completed, in input order.
/// Blank lines and `#` comments are skipped. A line whose first non-space character is `[`
/// starts a JSON board that lasts until its brackets balance; a line of 81 cells (possibly
/// followed by a separator and other fields) is a record on its own; lines of 9 cells make up a
/// 9-line grid, in which separator lines are skipped. A line that fits none of these is an error
/// for that line, and the splitter goes on with the next.
///
/// Memory stays bounded: a record that would grow past [`MAX_RECORD_BYTES`] is an error.
///
/// ```
/// use sudokit::format::Records;
///
/// let input = "# two puzzles\n\
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\t5.2\n\
///     oops\n\
///     [[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],\n\
///      [8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],\n\
///      [0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]\n";
/// let mut records = Records::new();
/// let mut found = Vec::new();
/// for line in input.lines() {
///     found.extend(records.push_line(line));
/// }
/// found.extend(records.finish());
///
/// assert_eq!(found.len(), 3);
/// let first = found[0].as_ref().unwrap();
/// let last = found[2].as_ref().unwrap();
/// assert_eq!((first.line, last.line), (2, 4));
/// assert_eq!(first.parse()?.grid, last.parse()?.grid);
/// let error = found[1].as_ref().unwrap_err();
/// assert_eq!(error.to_string(), "line 3, column 1: unexpected character 'o'");
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Records {
    /// The number of the last line pushed (0 before the first).
    line_no: usize,
    /// Whether no line has been pushed yet (a byte-order mark may start the first).
    fresh: bool,
    state: State,
    /// What the line being pushed completed; kept empty between calls and reused.
    found: Vec<Item>,
}

impl Default for Records {
    fn default() -> Records {
        Records::new()
    }
}

/// What the splitter is in the middle of.
#[derive(Debug, Clone)]
enum State {
    /// Between records. A separator line is kept as the possible top border of a grid.
    Idle {
        border: Option<(usize, String)>,
    },
    Grid(GridRecord),
    Json(JsonRecord),
    /// Skipping the rest of a JSON board that was too long, until its brackets balance.
    SkipJson(BracketScanner),
}

impl Default for State {
    fn default() -> State {
        State::Idle { border: None }
    }
}

/// A grid being assembled.
#[derive(Debug, Clone)]
struct GridRecord {
    first_line: usize,
    text: String,
    values: [u8; 81],
    /// One per line meant as a row, good or bad; at most 9.
    rows: Vec<RowSlot>,
}

#[derive(Debug, Clone)]
struct RowSlot {
    line: usize,
    /// `None` for a good row.
    problem: Option<RowProblem>,
    /// The error this line would have on its own, as a would-be 81-cell line: it is reported
    /// instead when it turns out not to be part of a grid.
    line_error: ParseError,
}

/// A JSON board being assembled.
#[derive(Debug, Clone)]
struct JsonRecord {
    first_line: usize,
    text: String,
    scanner: BracketScanner,
}

/// What one line is on its own.
enum LineKind {
    Blank,
    Comment,
    JsonStart,
    Line([u8; 81]),
    Separator,
    Row {
        values: [u8; 9],
        line_error: ParseError,
    },
    /// Short enough to be a broken grid row.
    BadRow {
        problem: RowProblem,
        line_error: ParseError,
    },
    /// Too long for a row: a broken puzzle line.
    BadLine(ParseError),
}

fn classify(line: &str, line_no: usize) -> LineKind {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return LineKind::Blank;
    }
    if trimmed.starts_with('#') {
        return LineKind::Comment;
    }
    if trimmed.starts_with('[') {
        return LineKind::JsonStart;
    }
    let line_error = match parse_line(line, line_no) {
        Ok(values) => return LineKind::Line(values),
        Err(error) => error,
    };
    match scan_row(line) {
        RowScan::Row(values) => LineKind::Row { values, line_error },
        RowScan::Separator => LineKind::Separator,
        RowScan::Bad(problem) => {
            if line.trim_end().chars().count() <= MAX_ROW_CHARS {
                LineKind::BadRow {
                    problem,
                    line_error,
                }
            } else {
                LineKind::BadLine(line_error)
            }
        }
    }
}

/// What the splitter yields internally: a record's place, its text and its parsed grid, so that
/// [`parse`](super::parse) does not parse twice.
type Item = Result<Found, ParseError>;

/// A record found, before the public methods shape it.
#[derive(Debug, Clone)]
struct Found {
    /// The number of its first line.
    line: usize,
    /// Its text, or `None` when it is the line being pushed: that one is copied only by the
    /// methods that return records' text.
    text: Option<String>,
    parsed: Parsed,
}

impl Found {
    /// The public record, `line` being the line that was pushed when it was found.
    fn into_record(self, line: &str) -> (Record, Parsed) {
        let record = Record {
            line: self.line,
            text: self.text.unwrap_or_else(|| line.to_owned()),
        };
        (record, self.parsed)
    }

    /// The number of its first line and its puzzle, without its text.
    fn into_puzzle(self, _line: &str) -> (usize, Parsed) {
        (self.line, self.parsed)
    }
}

/// Appends `line` to a record's text and says whether the text is still within the limit.
fn append(text: &mut String, line: &str) -> bool {
    if text.len() + 1 + line.len() > MAX_RECORD_BYTES {
        return false;
    }
    text.push('\n');
    text.push_str(line);
    true
}

fn too_long(first_line: usize) -> ParseError {
    ParseError::new(
        first_line,
        1,
        ParseErrorKind::TooLong {
            limit: MAX_RECORD_BYTES,
        },
    )
}

impl Records {
    /// A splitter at the start of a stream.
    pub fn new() -> Records {
        Records::starting_at(1)
    }

    /// A splitter whose first line is numbered `first_line`.
    fn starting_at(first_line: usize) -> Records {
        Records {
            line_no: first_line.saturating_sub(1),
            fresh: true,
            state: State::default(),
            found: Vec::new(),
        }
    }

    /// Feeds the next line (without its `\n`; a trailing `\r` is ignored). Returns the records
    /// this line completes, usually none or one, in input order.
    pub fn push_line(&mut self, line: &str) -> Vec<Result<Record, ParseError>> {
        let mut out = Vec::new();
        self.push_line_parsed_into(line, &mut out);
        out.into_iter()
            .map(|item| item.map(|(record, _)| record))
            .collect()
    }

    /// Ends the input: flushes a grid or JSON board in progress, as an error since it is
    /// incomplete. The splitter is then empty, ready for a new stream numbered from line 1.
    pub fn finish(&mut self) -> Vec<Result<Record, ParseError>> {
        self.finish_parsed()
            .into_iter()
            .map(|item| item.map(|(record, _)| record))
            .collect()
    }

    /// [`Records::push_line`], with each record's puzzle as the splitter parsed it, so that a
    /// caller need not parse the record's text again (a batch of easy puzzles spends as much
    /// time parsing as solving).
    ///
    /// ```
    /// use sudokit::format::{Layout, Records};
    /// let mut records = Records::new();
    /// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let found = records.push_line_parsed(line);
    /// let (record, parsed) = found[0].as_ref().unwrap();
    /// assert_eq!(record.parse().as_ref(), Ok(parsed));
    /// assert_eq!(parsed.layout, Layout::Line);
    /// ```
    pub fn push_line_parsed(&mut self, line: &str) -> Vec<Result<(Record, Parsed), ParseError>> {
        let mut out = Vec::new();
        self.push_line_parsed_into(line, &mut out);
        out
    }

    /// [`Records::push_line_parsed`], appending to `out`: a caller that feeds millions of
    /// lines can reuse one vector instead of receiving a new one per line.
    ///
    /// ```
    /// use sudokit::format::Records;
    /// let mut records = Records::new();
    /// let mut found = Vec::new();
    /// records.push_line_parsed_into("1".repeat(81).as_str(), &mut found);
    /// records.push_line_parsed_into("# a comment", &mut found);
    /// assert_eq!(found.len(), 1);
    /// ```
    pub fn push_line_parsed_into(
        &mut self,
        line: &str,
        out: &mut Vec<Result<(Record, Parsed), ParseError>>,
    ) {
        self.push_mapped(line, out, Found::into_record);
    }

    /// [`Records::finish`], with each record's parsed puzzle (see
    /// [`Records::push_line_parsed`]).
    pub fn finish_parsed(&mut self) -> Vec<Result<(Record, Parsed), ParseError>> {
        // Only a grid or a JSON board can be in progress, and they own their text.
        self.end_mapped(Found::into_record)
    }

    /// [`Records::push_line_parsed_into`] without the records' text: each record comes as the
    /// number of its first line and its parsed puzzle. For a caller that needs only the
    /// puzzles, such as a batch over millions of lines: the text of a one-line record, the
    /// usual kind, is then never copied (an allocation per line saved).
    ///
    /// ```
    /// use sudokit::format::{Layout, Records};
    /// let mut records = Records::new();
    /// let mut found = Vec::new();
    /// records.push_line_puzzles_into("# a comment", &mut found);
    /// records.push_line_puzzles_into("1".repeat(81).as_str(), &mut found);
    /// let (line, parsed) = found[0].as_ref().unwrap();
    /// assert_eq!((*line, parsed.layout), (2, Layout::Line));
    /// ```
    pub fn push_line_puzzles_into(
        &mut self,
        line: &str,
        out: &mut Vec<Result<(usize, Parsed), ParseError>>,
    ) {
        self.push_mapped(line, out, Found::into_puzzle);
    }

    /// Feeds a [`PlainLine`] (a [`tool`](super::tool) item) when the splitter is between
    /// records, where such a line is a record on its own: returns its line number, and its
    /// puzzle is [`PlainLine::parsed`].
    /// Returns `None`, having consumed nothing, inside a grid or a JSON board: push the line
    /// with [`Records::push_line_puzzles_into`] then.
    ///
    /// For a batch reader on one thread feeding solvers on others: the line is counted and
    /// checked here, in order, and converted later, in parallel.
    ///
    /// ```
    /// use sudokit::format::{tool::PlainLine, Records};
    /// let line = "1".repeat(81);
    /// let plain = PlainLine::new(line.as_bytes()).expect("plain");
    /// let mut records = Records::new();
    /// let mut found = Vec::new();
    /// records.push_line_puzzles_into("# a comment", &mut found);
    /// assert_eq!(records.push_plain_line(&plain), Some(2));
    /// records.push_line_puzzles_into("[[1,2,3,4,5,6,7,8,9],", &mut found);
    /// assert_eq!(records.push_plain_line(&plain), None);
    /// ```
    pub fn push_plain_line(&mut self, _line: &PlainLine) -> Option<usize> {
        // `idle` makes such a line a record and drops a pending top border, as here.
        if !matches!(self.state, State::Idle { .. }) {
            return None;
        }
        self.line_no = self.line_no.saturating_add(1);
        self.fresh = false;
        self.state = State::default();
        Some(self.line_no)
    }

    /// Whether the splitter is between records (no grid or JSON board in progress).
    pub(super) fn is_idle(&self) -> bool {
        matches!(self.state, State::Idle { .. })
    }

    /// [`Records::finish`] in the shape of [`Records::push_line_puzzles_into`].
    pub fn finish_puzzles(&mut self) -> Vec<Result<(usize, Parsed), ParseError>> {
        self.end_mapped(Found::into_puzzle)
    }

    /// Feeds `line` and appends what it completes to `out`, each record shaped by `shape`
    /// (which gets the line as read, the text of a record found without one).
    fn push_mapped<T>(
        &mut self,
        line: &str,
        out: &mut Vec<Result<T, ParseError>>,
        shape: impl Fn(Found, &str) -> T,
    ) {
        let mut found = mem::take(&mut self.found);
        let line = self.push_into(line, &mut found);
        out.extend(found.drain(..).map(|item| item.map(|f| shape(f, line))));
        self.found = found;
    }

    /// Ends the input (see [`Records::finish`]), each record shaped by `shape`.
    fn end_mapped<T>(&mut self, shape: impl Fn(Found, &str) -> T) -> Vec<Result<T, ParseError>> {
        self.end()
            .into_iter()
            .map(|item| item.map(|f| shape(f, "")))
            .collect()
    }

    fn push(&mut self, line: &str) -> Vec<Item> {
        let mut out = Vec::new();
        self.push_into(line, &mut out);
        out
    }

    /// Feeds one line; returns the line as the splitter reads it (without a trailing `\r`, or a
    /// byte-order mark at the start of the stream): the text of a record found with no text.
    fn push_into<'a>(&mut self, line: &'a str, out: &mut Vec<Item>) -> &'a str {
        self.line_no = self.line_no.saturating_add(1);
        let mut line = line.strip_suffix('\r').unwrap_or(line);
        if mem::take(&mut self.fresh) {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        let state = mem::take(&mut self.state);
        self.state = match state {
            State::Idle { border } => self.idle(border, line, out),
            State::Grid(grid) => self.in_grid(grid, line, out),
            State::Json(json) => self.in_json(json, line, out),
            State::SkipJson(scanner) => self.skipping_json(scanner, line, out),
        };
        line
    }

    fn end(&mut self) -> Vec<Item> {
        let mut out = Vec::new();
        match mem::take(&mut self.state) {
            State::Grid(grid) => finish_grid(grid, &mut out),
            State::Json(json) => out.push(Err(unclosed(&json))),
            State::Idle { .. } | State::SkipJson(_) => {}
        }
        *self = Records::new();
        out
    }

    fn idle(&self, border: Option<(usize, String)>, line: &str, out: &mut Vec<Item>) -> State {
        let line_no = self.line_no;
        match classify(line, line_no) {
            LineKind::Blank | LineKind::Comment => State::default(),
            LineKind::Separator => State::Idle {
                border: (line.len() <= MAX_RECORD_BYTES).then(|| (line_no, line.to_owned())),
            },
            LineKind::JsonStart => {
                let mut json = JsonRecord {
                    first_line: line_no,
                    text: String::new(),
                    scanner: BracketScanner::default(),
                };
                json.text.push_str(line);
                let closes = json.scanner.feed(line).is_some();
                if closes {
                    out.push(finish_json(json));
                    State::default()
                } else if json.text.len() > MAX_RECORD_BYTES {
                    out.push(Err(too_long(line_no)));
                    State::SkipJson(json.scanner)
                } else {
                    State::Json(json)
                }
            }
            LineKind::Line(values) => {
                out.push(Ok(Found {
                    line: line_no,
                    // The line being pushed: copied only if the caller asks for text.
                    text: None,
                    parsed: Parsed {
                        grid: grid_from_values(&values),
                        layout: Layout::Line,
                    },
                }));
                State::default()
            }
            LineKind::BadLine(error) => {
                out.push(Err(error));
                State::default()
            }
            kind @ (LineKind::Row { .. } | LineKind::BadRow { .. }) => {
                let (first_line, mut text) = border.unwrap_or((line_no, String::new()));
                let fits = if text.is_empty() {
                    text.push_str(line);
                    text.len() <= MAX_RECORD_BYTES
                } else {
                    append(&mut text, line)
                };
                if !fits {
                    out.push(Err(too_long(first_line)));
                    return State::default();
                }
                let mut grid = GridRecord {
                    first_line,
                    text,
                    values: [0; 81],
                    rows: Vec::with_capacity(9),
                };
                add_row(&mut grid, kind, line_no);
                State::Grid(grid)
            }
        }
    }

    fn in_grid(&self, mut grid: GridRecord, line: &str, out: &mut Vec<Item>) -> State {
        let kind = classify(line, self.line_no);
        let keep = match &kind {
            // A blank line may separate bands; anywhere else it ends the grid.
            LineKind::Blank => matches!(grid.rows.len(), 3 | 6),
            LineKind::Comment
            | LineKind::Separator
            | LineKind::Row { .. }
            | LineKind::BadRow { .. } => true,
            LineKind::JsonStart | LineKind::Line(_) | LineKind::BadLine(_) => false,
        };
        if !keep {
            finish_grid(grid, out);
            return match kind {
                LineKind::Blank => State::default(),
                _ => self.idle(None, line, out),
            };
        }
        if !append(&mut grid.text, line) {
            out.push(Err(too_long(grid.first_line)));
            return State::default();
        }
        add_row(&mut grid, kind, self.line_no);
        if grid.rows.len() == 9 {
            finish_grid(grid, out);
            State::default()
        } else {
            State::Grid(grid)
        }
    }

    fn in_json(&self, mut json: JsonRecord, line: &str, out: &mut Vec<Item>) -> State {
        if is_comment_line(line) {
            return if append(&mut json.text, line) {
                State::Json(json)
            } else {
                out.push(Err(too_long(json.first_line)));
                State::SkipJson(json.scanner)
            };
        }
        if is_plainly_a_puzzle(line, self.line_no) {
            out.push(Err(unclosed(&json)));
            return self.idle(None, line, out);
        }
        let closes = json.scanner.feed(line).is_some();
        if !append(&mut json.text, line) {
            out.push(Err(too_long(json.first_line)));
            return if closes {
                State::default()
            } else {
                State::SkipJson(json.scanner)
            };
        }
        if closes {
            out.push(finish_json(json));
            State::default()
        } else {
            State::Json(json)
        }
    }

    fn skipping_json(&self, mut scanner: BracketScanner, line: &str, out: &mut Vec<Item>) -> State {
        if is_comment_line(line) {
            return State::SkipJson(scanner);
        }
        if is_plainly_a_puzzle(line, self.line_no) {
            return self.idle(None, line, out);
        }
        if scanner.feed(line).is_some() {
            State::default()
        } else {
            State::SkipJson(scanner)
        }
    }
}

/// Whether a line met inside a JSON board is a puzzle line or a grid row, which no line of valid
/// JSON can be: the board was never closed, and the puzzles after it should still be read.
fn is_plainly_a_puzzle(line: &str, line_no: usize) -> bool {
    matches!(
        classify(line, line_no),
        LineKind::Line(_) | LineKind::Row { .. }
    )
}

/// Records a row line (good or bad) in a grid; other kinds are ignored.
fn add_row(grid: &mut GridRecord, kind: LineKind, line: usize) {
    let slot = match kind {
        LineKind::Row { values, line_error } => {
            let start = grid.rows.len() * 9;
            if let Some(cells) = grid.values.get_mut(start..start + 9) {
                cells.copy_from_slice(&values);
            }
            RowSlot {
                line,
                problem: None,
                line_error,
            }
        }
        LineKind::BadRow {
            problem,
            line_error,
        } => RowSlot {
            line,
            problem: Some(problem),
            line_error,
        },
        _ => return,
    };
    grid.rows.push(slot);
}

/// Yields a grid that has ended: the record if it is whole, else the errors that explain it.
fn finish_grid(grid: GridRecord, out: &mut Vec<Item>) {
    let first_bad = grid
        .rows
        .iter()
        .enumerate()
        .find_map(|(index, slot)| slot.problem.map(|p| (index, slot, p)));
    let all_bad = grid.rows.iter().all(|slot| slot.problem.is_some());
    match (grid.rows.as_slice(), first_bad) {
        ([], _) => {}
        // A lone line is not much of a grid: judge it as a line, unless it is a neat grid row.
        ([slot], _) => {
            let error = match (&slot.problem, &slot.line_error.kind) {
                (Some(_), _) | (None, ParseErrorKind::WrongCellCount { .. }) => {
                    slot.line_error.clone()
                }
                (None, _) => wrong_row_count(&grid),
            };
            out.push(Err(error));
        }
        // None of these lines was a row: they are separate bad lines.
        (rows, _) if all_bad => out.extend(rows.iter().map(|slot| Err(slot.line_error.clone()))),
        (_, Some((index, slot, problem))) => out.push(Err(problem.to_error(slot.line, index + 1))),
        (rows, None) if rows.len() == 9 => {
            let parsed = Parsed {
                grid: grid_from_values(&grid.values),
                layout: Layout::Grid,
            };
            out.push(Ok(Found {
                line: grid.first_line,
                text: Some(grid.text),
                parsed,
            }));
        }
        (_, None) => out.push(Err(wrong_row_count(&grid))),
    }
}

fn wrong_row_count(grid: &GridRecord) -> ParseError {
    ParseError::new(
        grid.first_line,
        1,
        ParseErrorKind::WrongRowCount {
            found: grid.rows.len(),
        },
    )
}

fn finish_json(json: JsonRecord) -> Item {
    let parsed = parse_json(&json.text, json.first_line)?;
    Ok(Found {
        line: json.first_line,
        text: Some(json.text),
        parsed,
    })
}

fn unclosed(json: &JsonRecord) -> ParseError {
    let column = json
        .text
        .find('[')
        .map_or(1, |byte| json.text[..byte].chars().count() + 1);
    ParseError::new(json.first_line, column, ParseErrorKind::UnclosedJson)
}

/// Parses the one puzzle in `text`, whose first line is numbered `first_line`.
pub(super) fn parse_at(text: &str, first_line: usize) -> Result<Parsed, ParseError> {
    let mut records = Records::starting_at(first_line);
    let mut found = None;
    let mut take = |items: Vec<Item>| -> Result<(), ParseError> {
        for item in items {
            if found.is_some() {
                let line = match &item {
                    Ok(found) => found.line,
                    Err(error) => error.line,
                };
                return Err(ParseError::new(line, 1, ParseErrorKind::TrailingText));
            }
            found = Some(item?.parsed);
        }
        Ok(())
    };
    for line in text.split('\n') {
        take(records.push(line))?;
    }
    take(records.end())?;
    found.ok_or(ParseError::new(first_line, 1, ParseErrorKind::Empty))
}

#[cfg(test)]
mod tests {
    // Some tests read JSON boards (the `json` feature); without it their helpers go unused.
    #![cfg_attr(not(feature = "json"), allow(unused_imports, dead_code))]
    use super::*;
    use crate::format::{parse, to_grid, to_json};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const OTHER: &str =
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

    /// What splitting `text` yields: `Ok((first line, layout))` or the error message.
    fn split(text: &str) -> Vec<Result<(usize, Layout), String>> {
        let mut records = Records::new();
        let mut out = Vec::new();
        for line in text.split('\n') {
            out.extend(records.push_line(line));
        }
        out.extend(records.finish());
        out.into_iter()
            .map(|item| match item {
                Ok(record) => {
                    let parsed = record.parse().map_err(|e| format!("record parse: {e}"))?;
                    Ok((record.line, parsed.layout))
                }
                Err(error) => Err(error.to_string()),
            })
            .collect()
    }

    fn grid_text(line: &str) -> String {
        to_grid(&parse(line).expect("valid").grid)
    }

    // Reads JSON boards, which need the `json` feature.

    #[cfg(feature = "json")]
    #[test]
    fn splits_a_mix_of_every_layout() {
        let puzzle = parse(PUZZLE).expect("valid").grid;
        let text = [
            "# a header comment",
            PUZZLE,
            "",
            &format!("{OTHER}\t7.5\tsome label"),
            &format!("{PUZZLE},534678912672195348198342567859761423426853791713924856961537284287419635345286179"),
            grid_text(OTHER).trim_end(),
            &to_json(&puzzle, Layout::JsonNumbers),
            "  [",
            &to_json(&puzzle, Layout::JsonStrings)[1..].replace("],", "],\n"),
            "53..7....\r",
            "6..195...\r",
            ".98....6.\r",
            "8...6...3\r",
            "4..8.3..1\r",
            "7...2...6\r",
            ".6....28.\r",
            "...419..5\r",
            "....8..79\r",
        ]
        .join("\n");
        assert_eq!(
            split(&text),
            [
                Ok((2, Layout::Line)),
                Ok((4, Layout::Line)),
                Ok((5, Layout::Line)),
                Ok((6, Layout::Grid)),
                Ok((17, Layout::JsonNumbers)),
                Ok((18, Layout::JsonStrings)),
                Ok((28, Layout::Grid)),
            ]
        );
    }

    #[test]
    fn records_hold_their_text() {
        let mut records = Records::new();
        assert!(records.push_line("# comment").is_empty());
        let line = format!("{PUZZLE}\t7.2");
        assert_eq!(
            records.push_line(&format!("{line}\r")),
            [Ok(Record {
                line: 2,
                text: line
            })]
        );
        let grid = grid_text(PUZZLE);
        let mut found = Vec::new();
        for row in grid.lines() {
            found.extend(records.push_line(row));
        }
        let expected = Record {
            line: 3,
            text: grid.trim_end().to_owned(),
        };
        assert_eq!(found, [Ok(expected)]);
        assert!(records.finish().is_empty());
    }

    #[test]
    fn a_grid_keeps_its_borders_comments_and_band_gaps() {
        let text = "\
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |

# the middle band
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
+-------+-------+-------+
║ . . 5 │ 3 . . │ . . . ║
║ 8 . . │ . . . │ . 2 . ║
║ . 7 . │ . 1 . │ 5 . . ║
╟───────┼───────┼───────╢
║ 4 . . │ . . 5 │ 3 . . ║
║ . 1 . │ . 7 . │ . . 6 ║
║ . . 3 │ 2 . . │ . 8 . ║
╟───────┼───────┼───────╢
║ . 6 . │ 5 . . │ . . 9 ║
║ . . 4 │ . . . │ . 3 . ║
║ . . . │ . . 9 │ 7 . . ║";
        let mut records = Records::new();
        let mut found = Vec::new();
        for line in text.lines() {
            found.extend(records.push_line(line));
        }
        found.extend(records.finish());
        let found: Vec<Record> = found.into_iter().map(|r| r.expect("a grid")).collect();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].line, 1);
        assert_eq!(found[0].text.lines().count(), 13);
        assert_eq!(
            parse(&found[0].text).map(|p| p.grid),
            parse(PUZZLE).map(|p| p.grid)
        );
        assert_eq!(found[1].line, 15);
        assert_eq!(
            found[1].parse().map(|p| p.grid),
            parse(OTHER).map(|p| p.grid)
        );
    }

    #[test]
    fn a_bad_line_costs_one_error() {
        let text = [PUZZLE, "oops", &PUZZLE[1..], OTHER, "53..7", "12", PUZZLE].join("\n");
        assert_eq!(
            split(&text),
            [
                Ok((1, Layout::Line)),
                Err("line 2, column 1: unexpected character 'o'".to_owned()),
                Err("line 3, column 81: expected 81 cells, found 80".to_owned()),
                Ok((4, Layout::Line)),
                Err("line 5, column 6: expected 81 cells, found 5".to_owned()),
                Err("line 6, column 3: expected 81 cells, found 2".to_owned()),
                Ok((7, Layout::Line)),
            ]
        );
    }

    #[test]
    fn a_header_row_is_one_error() {
        let text = format!("puzzle\tnum_solutions\tsolution\n{PUZZLE}\t1\t534\n");
        assert_eq!(
            split(&text),
            [
                Err("line 1, column 1: unexpected character 'p'".to_owned()),
                Ok((2, Layout::Line)),
            ]
        );
    }

    #[test]
    fn a_broken_row_is_one_error_and_the_next_grid_still_reads() {
        let broken = grid_text(PUZZLE).replacen("4 . . | 8 . 3 | . . 1", "4 . . | 8 . 3 | . .", 1);
        let text = format!("{broken}{}", grid_text(OTHER));
        assert_eq!(
            split(&text),
            [
                Err("line 6, column 20: row 5 has 8 cells, expected 9".to_owned()),
                Ok((12, Layout::Grid)),
            ]
        );
        let typo = grid_text(PUZZLE).replacen("7 . . |", "7 x . |", 1);
        let text = format!("{typo}{}", grid_text(OTHER));
        assert_eq!(
            split(&text),
            [
                Err("line 7, column 3: unexpected character 'x'".to_owned()),
                Ok((12, Layout::Grid)),
            ]
        );
    }

    // Reads JSON boards, which need the `json` feature.

    #[cfg(feature = "json")]
    #[test]
    fn an_unfinished_grid_is_one_error() {
        let rows: Vec<&str> = PUZZLE
            .as_bytes()
            .chunks(9)
            .filter_map(|r| std::str::from_utf8(r).ok())
            .collect();
        let four = rows[..4].join("\n");
        assert_eq!(
            split(&format!("{four}\n{OTHER}")),
            [
                Err("line 1, column 1: expected 9 rows, found 4".to_owned()),
                Ok((5, Layout::Line))
            ]
        );
        assert_eq!(
            split(&format!("{four}\n\n{OTHER}")),
            [
                Err("line 1, column 1: expected 9 rows, found 4".to_owned()),
                Ok((6, Layout::Line))
            ]
        );
        assert_eq!(
            split(&format!("{four}\n[[1]]")),
            [
                Err("line 1, column 1: expected 9 rows, found 4".to_owned()),
                Err("line 5, column 4: row 1 has 1 cell, expected 9".to_owned()),
            ]
        );
        assert_eq!(
            split(&four),
            [Err("line 1, column 1: expected 9 rows, found 4".to_owned())]
        );
        // A band gap keeps the grid open; the rest of the grid is simply missing.
        assert_eq!(
            split(&format!("{}\n\n{OTHER}", rows[..3].join("\n"))),
            [
                Err("line 1, column 1: expected 9 rows, found 3".to_owned()),
                Ok((5, Layout::Line))
            ]
        );
        // A lone row looks like a line that is too short, unless it is a spaced grid row.
        assert_eq!(
            split(rows[0]),
            [Err(
                "line 1, column 10: expected 81 cells, found 9".to_owned()
            )]
        );
        assert_eq!(
            split("5 3 . | . 7 . | . . ."),
            [Err("line 1, column 1: expected 9 rows, found 1".to_owned())]
        );
    }

    #[test]
    fn an_unclosed_json_board_ends_at_the_next_puzzle() {
        let text = format!("[[5,3,0,0,7,0,0,0,0],\n  [6,0,0\n{PUZZLE}\n[[1,2");
        assert_eq!(
            split(&text),
            [
                Err("line 1, column 1: JSON board is not closed: missing ']'".to_owned()),
                Ok((3, Layout::Line)),
                Err("line 4, column 1: JSON board is not closed: missing ']'".to_owned()),
            ]
        );
    }

    #[test]
    fn a_never_closing_json_board_stays_bounded() {
        let mut records = Records::new();
        let mut errors = Vec::new();
        errors.extend(records.push_line("[[1,"));
        for _ in 0..100_000 {
            errors.extend(records.push_line("\"1\","));
        }
        // Skipping after the error keeps nothing.
        if let State::SkipJson(_) = records.state {
        } else {
            panic!("expected to be skipping, state is {:?}", records.state);
        }
        errors.extend(records.push_line(PUZZLE));
        let errors: Vec<_> = errors
            .into_iter()
            .map(|r| r.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            errors,
            [
                Err("line 1, column 1: puzzle text is longer than 65536 bytes".to_owned()),
                Ok(Record {
                    line: 100_002,
                    text: PUZZLE.to_owned()
                }),
            ]
        );
        // The same for a board whose bracket closes after the limit: skipped to its end.
        let long = format!("[[{}1]]", " ".repeat(MAX_RECORD_BYTES));
        assert_eq!(
            split(&format!("[\n{long}\n{PUZZLE}")),
            [
                Err("line 1, column 1: puzzle text is longer than 65536 bytes".to_owned()),
                Ok((3, Layout::Line)),
            ]
        );
    }

    #[test]
    fn endless_separators_in_a_grid_stay_bounded() {
        let mut records = Records::new();
        let mut found = records.push_line("53..7....");
        for _ in 0..10_000 {
            found.extend(records.push_line("------+-------+------"));
        }
        let found: Vec<_> = found
            .into_iter()
            .map(|r| r.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            found,
            [Err(
                "line 1, column 1: puzzle text is longer than 65536 bytes".to_owned()
            )]
        );
    }

    // Reads JSON boards, which need the `json` feature.

    #[cfg(feature = "json")]
    #[test]
    fn errors_from_a_record_carry_absolute_lines() {
        let record = Record {
            line: 100,
            text: format!("# note\n{}", &PUZZLE[..80]),
        };
        assert_eq!(
            record.parse().map_err(|e| e.to_string()),
            Err("line 101, column 81: expected 81 cells, found 80".to_owned())
        );
        let record = Record {
            line: 7,
            text: "[[5,3],\n[1]]".to_owned(),
        };
        assert_eq!(
            record.parse().map_err(|e| e.to_string()),
            Err("line 7, column 6: row 1 has 2 cells, expected 9".to_owned())
        );
    }

    #[test]
    fn huge_line_numbers_do_not_overflow() {
        for text in [
            "[[1],\n[2",
            "[[1],\n[2]]",
            "\n\n[[x]]",
            "1\n2",
            "",
            "[[5,3],\n[1]]x",
        ] {
            let record = Record {
                line: usize::MAX,
                text: text.to_owned(),
            };
            assert!(record.parse().is_err(), "{text:?}");
        }
    }

    #[test]
    fn finish_starts_a_new_stream() {
        let mut records = Records::default();
        assert!(records.push_line("").is_empty());
        assert!(records.push_line("53..7....").is_empty());
        assert_eq!(
            records.finish(),
            [Err(ParseError::new(
                2,
                10,
                ParseErrorKind::WrongCellCount { found: 9 }
            ))]
        );
        assert!(records.finish().is_empty());
        assert_eq!(
            records.push_line(&format!("\u{feff}{PUZZLE}")),
            [Ok(Record {
                line: 1,
                text: PUZZLE.to_owned()
            })]
        );
    }

    /// Splits `text` handing plain lines over where the splitter takes them: the same lines,
    /// puzzles and errors as pushing every line.
    fn split_handing_over(text: &str) -> Vec<Result<(usize, Parsed), ParseError>> {
        let (mut every, mut plain) = (Records::new(), Records::new());
        let (mut expected, mut found) = (Vec::new(), Vec::new());
        let mut handed_over = 0;
        for line in text.split('\n') {
            every.push_line_puzzles_into(line, &mut expected);
            let cells = PlainLine::new(line.as_bytes());
            match cells.and_then(|cells| plain.push_plain_line(&cells).zip(Some(cells))) {
                Some((line_no, cells)) => {
                    handed_over += 1;
                    found.push(Ok((line_no, cells.parsed())));
                }
                None => plain.push_line_puzzles_into(line, &mut found),
            }
        }
        expected.extend(every.finish_puzzles());
        found.extend(plain.finish_puzzles());
        assert_eq!(found, expected, "{text:?}");
        assert!(handed_over > 0, "{text:?}");
        found
    }

    #[test]
    fn plain_lines_handed_over_split_as_pushed() {
        let grid_rows = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|row| String::from_utf8_lossy(row));
        let grid: Vec<String> = grid_rows.map(|row| row.into_owned()).collect();
        let cases = [
            format!("{PUZZLE}\n{OTHER}\r\n\n# c\n{PUZZLE},{OTHER}\n{OTHER} 3.4"),
            // A plain line inside a grid ends it (one error), and inside a JSON board too.
            format!("{}\n{OTHER}\n{PUZZLE}", grid[..4].join("\n")),
            format!("[[1,2,3,4,5,6,7,8,9],\n{PUZZLE}\n{OTHER}"),
            // A pending top border is dropped; a byte-order mark leaves it to the splitter.
            format!("------+-------+------\n{PUZZLE}\n\u{feff}{OTHER}"),
            format!("\u{feff}{PUZZLE}\n{OTHER}"),
            // A whole grid between plain lines.
            format!("{OTHER}\n{}\n{OTHER}", grid.join("\n")),
        ];
        for text in &cases {
            split_handing_over(text);
        }
        let found = split_handing_over(&cases[1]);
        assert_eq!(found.len(), 3);
        assert!(found[0].is_err());
    }
}
