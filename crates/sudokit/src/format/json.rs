//! JSON boards: nine arrays of nine cells, as one-character strings (LeetCode 37) or integers.
//!
//! The board is read with `serde_json` through hand-written visitors rather than into a
//! `Vec<Vec<Value>>`, so a shape error (8 rows, a row of 10, a value 12) is caught where it
//! occurs and `serde_json` attaches that line and column. The visitor leaves the structured
//! [`ParseErrorKind`] in a side slot so the caller gets the kind, not just a message.
//!
//! The reader is behind the `json` feature (the only user of `serde_json` in the library); the
//! bracket scanner that finds where a board ends is not, so that without the feature a board is
//! one located error and the records after it still read.

#[cfg(feature = "json")]
use super::line::is_field_separator;
#[cfg(feature = "json")]
use super::{cell_value, grid_from_values, Layout};
use super::{ParseError, ParseErrorKind, Parsed};
#[cfg(feature = "json")]
use serde::de::{self, DeserializeSeed, IgnoredAny, SeqAccess, Visitor};
#[cfg(feature = "json")]
use std::cell::RefCell;
#[cfg(feature = "json")]
use std::fmt;

/// Finds where a JSON value that starts with `[` ends, line by line, without parsing it.
///
/// The record splitter uses it to know when a multi-line board is complete; it only tracks
/// bracket depth outside strings, which is all that is needed for valid JSON, and any invalid
/// JSON is reported by the real parser afterwards.
#[derive(Debug, Clone, Default)]
pub(super) struct BracketScanner {
    depth: usize,
    in_string: bool,
    escaped: bool,
    started: bool,
}

impl BracketScanner {
    /// Scans the next piece of text. Returns the byte offset in `text` just past the bracket
    /// that closes the value, if it closes in this piece.
    pub(super) fn feed(&mut self, text: &str) -> Option<usize> {
        for (offset, byte) in text.bytes().enumerate() {
            if self.in_string {
                match byte {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'[' => {
                    self.started = true;
                    self.depth += 1;
                }
                b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.started && self.depth == 0 {
                        return Some(offset + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// Whether a line (inside a JSON board) is a comment. JSON strings cannot span lines, so such a
/// line can never be part of the JSON itself.
pub(super) fn is_comment_line(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

#[cfg(feature = "json")]
/// Parses a JSON board whose text starts at line `first_line` (its first non-blank character is
/// `[`). Comment lines inside are skipped; after the closing bracket, the rest of the line is
/// ignored if it starts with a separator, as after an 81-character line.
pub(super) fn parse_json(text: &str, first_line: usize) -> Result<Parsed, ParseError> {
    // Comment lines become empty lines so that serde_json's line numbers stay ours.
    let cleaned: Vec<&str> = text
        .split('\n')
        .map(|line| if is_comment_line(line) { "" } else { line })
        .collect();
    let cleaned = cleaned.join("\n");

    let Some(end) = BracketScanner::default().feed(&cleaned) else {
        let (line, column) = position_of_first_bracket(&cleaned);
        return Err(ParseError::new(
            first_line.saturating_add(line - 1),
            column,
            ParseErrorKind::UnclosedJson,
        ));
    };
    let (json, rest) = cleaned.split_at(end);

    let problem = RefCell::new(None);
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let board = BoardSeed { problem: &problem }
        .deserialize(&mut deserializer)
        .and_then(|board| deserializer.end().map(|()| board))
        .map_err(|error| json_error(&error, problem.take(), &cleaned, first_line))?;

    if let Some(ch) = rest.chars().next() {
        if !is_field_separator(ch) {
            let line_index = json.matches('\n').count();
            let line_start = json.rfind('\n').map_or(0, |i| i + 1);
            let column = json[line_start..].chars().count() + 1;
            return Err(ParseError::new(
                first_line.saturating_add(line_index),
                column,
                ParseErrorKind::BadCharacter { found: ch },
            ));
        }
    }
    Ok(Parsed {
        grid: grid_from_values(&board.values),
        layout: board.layout.unwrap_or(Layout::JsonNumbers),
    })
}

/// Without the `json` feature there is no JSON reader: a board is an error at its first bracket,
/// so that the record splitter still skips the whole board and goes on after it.
#[cfg(not(feature = "json"))]
pub(super) fn parse_json(text: &str, first_line: usize) -> Result<Parsed, ParseError> {
    let (line, column) = position_of_first_bracket(text);
    Err(ParseError::new(
        first_line.saturating_add(line - 1),
        column,
        ParseErrorKind::Json {
            reason: NO_JSON_FEATURE.to_owned(),
        },
    ))
}

/// The reason given for a JSON board when the `json` feature is off.
#[cfg(not(feature = "json"))]
const NO_JSON_FEATURE: &str = "JSON boards need the sudoku library's `json` feature";

/// The 1-based line and column of the first `[` in `text` (1, 1 if there is none).
fn position_of_first_bracket(text: &str) -> (usize, usize) {
    for (index, line) in text.split('\n').enumerate() {
        if let Some(byte) = line.find('[') {
            return (index + 1, line[..byte].chars().count() + 1);
        }
    }
    (1, 1)
}

#[cfg(feature = "json")]
/// Converts a serde_json error to ours: the structured kind if our visitor left one, and the
/// position with its byte column turned into a character column.
fn json_error(
    error: &serde_json::Error,
    problem: Option<ParseErrorKind>,
    text: &str,
    first_line: usize,
) -> ParseError {
    let kind = problem.unwrap_or_else(|| {
        let message = error.to_string();
        let suffix = format!(" at line {} column {}", error.line(), error.column());
        let reason = message.strip_suffix(&suffix).unwrap_or(&message).to_owned();
        ParseErrorKind::Json { reason }
    });
    let line = error.line().max(1);
    // serde_json counts bytes up to and including the last one it read; count characters.
    let line_text = text.split('\n').nth(line - 1).unwrap_or("");
    let mut bytes = error.column().min(line_text.len());
    while !line_text.is_char_boundary(bytes) {
        bytes -= 1;
    }
    let column = line_text[..bytes].chars().count().max(1);
    ParseError::new(first_line.saturating_add(line - 1), column, kind)
}

#[cfg(feature = "json")]
/// The kind of JSON value a cell was written as, which decides the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CellForm {
    String,
    Number,
    Null,
}

#[cfg(feature = "json")]
struct Board {
    values: [u8; 81],
    /// Decided by the first cell that is not `null`.
    layout: Option<Layout>,
}

#[cfg(feature = "json")]
/// Where a visitor leaves the structured error it reports to serde_json as a message.
type ProblemSlot<'a> = &'a RefCell<Option<ParseErrorKind>>;

#[cfg(feature = "json")]
fn report<E: de::Error>(problem: ProblemSlot<'_>, kind: ParseErrorKind) -> E {
    let error = E::custom(&kind);
    *problem.borrow_mut() = Some(kind);
    error
}

#[cfg(feature = "json")]
struct BoardSeed<'a> {
    problem: ProblemSlot<'a>,
}

#[cfg(feature = "json")]
impl<'de> DeserializeSeed<'de> for BoardSeed<'_> {
    type Value = Board;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Board, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

#[cfg(feature = "json")]
impl<'de> Visitor<'de> for BoardSeed<'_> {
    type Value = Board;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of 9 rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Board, A::Error> {
        let mut board = Board {
            values: [0; 81],
            layout: None,
        };
        let mut rows = 0usize;
        loop {
            let more = match board.values.chunks_exact_mut(9).nth(rows) {
                Some(cells) => {
                    let seed = RowSeed {
                        row: rows + 1,
                        cells,
                        layout: &mut board.layout,
                        problem: self.problem,
                    };
                    seq.next_element_seed(seed)?.is_some()
                }
                // Count extra rows without looking into them, for the message.
                None => seq.next_element::<IgnoredAny>()?.is_some(),
            };
            if !more {
                break;
            }
            rows += 1;
        }
        if rows != 9 {
            return Err(report(
                self.problem,
                ParseErrorKind::WrongRowCount { found: rows },
            ));
        }
        Ok(board)
    }
}

#[cfg(feature = "json")]
struct RowSeed<'a> {
    /// 1-based.
    row: usize,
    cells: &'a mut [u8],
    layout: &'a mut Option<Layout>,
    problem: ProblemSlot<'a>,
}

#[cfg(feature = "json")]
impl<'de> DeserializeSeed<'de> for RowSeed<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

#[cfg(feature = "json")]
impl<'de> Visitor<'de> for RowSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {} as an array of 9 cells", self.row)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut found = 0usize;
        loop {
            let more = if found < self.cells.len() {
                let seed = CellSeed {
                    row: self.row,
                    column: found + 1,
                    problem: self.problem,
                };
                match seq.next_element_seed(seed)? {
                    Some((value, form)) => {
                        if let Some(slot) = self.cells.get_mut(found) {
                            *slot = value;
                        }
                        if self.layout.is_none() {
                            *self.layout = match form {
                                CellForm::String => Some(Layout::JsonStrings),
                                CellForm::Number => Some(Layout::JsonNumbers),
                                CellForm::Null => None,
                            };
                        }
                        true
                    }
                    None => false,
                }
            } else {
                seq.next_element::<IgnoredAny>()?.is_some()
            };
            if !more {
                break;
            }
            found += 1;
        }
        if found != 9 {
            return Err(report(
                self.problem,
                ParseErrorKind::WrongRowLength {
                    row: self.row,
                    found,
                },
            ));
        }
        Ok(())
    }
}

#[cfg(feature = "json")]
struct CellSeed<'a> {
    row: usize,
    column: usize,
    problem: ProblemSlot<'a>,
}

#[cfg(feature = "json")]
impl CellSeed<'_> {
    fn bad<E: de::Error>(&self, value: String) -> E {
        report(
            self.problem,
            ParseErrorKind::BadValue {
                row: self.row,
                column: self.column,
                value,
            },
        )
    }

    fn number<E: de::Error>(&self, value: i128, text: String) -> Result<(u8, CellForm), E> {
        match u8::try_from(value) {
            Ok(digit) if digit <= 9 => Ok((digit, CellForm::Number)),
            _ => Err(self.bad(text)),
        }
    }
}

#[cfg(feature = "json")]
/// The longest string value quoted whole in an error message.
const MAX_QUOTED_CHARS: usize = 16;

#[cfg(feature = "json")]
fn quote(text: &str) -> String {
    let short: String = text.chars().take(MAX_QUOTED_CHARS).collect();
    let quoted = serde_json::to_string(&short).unwrap_or_else(|_| format!("{short:?}"));
    if short.len() < text.len() {
        format!("{quoted}...")
    } else {
        quoted
    }
}

#[cfg(feature = "json")]
impl<'de> DeserializeSeed<'de> for CellSeed<'_> {
    type Value = (u8, CellForm);

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

#[cfg(feature = "json")]
impl<'de> Visitor<'de> for CellSeed<'_> {
    type Value = (u8, CellForm);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a digit or a blank")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Self::Value, E> {
        self.number(i128::from(value), value.to_string())
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Self::Value, E> {
        self.number(i128::from(value), value.to_string())
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Self::Value, E> {
        Err(self.bad(format!("{value:?}")))
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Self::Value, E> {
        Err(self.bad(value.to_string()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok((0, CellForm::Null))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
        let mut chars = value.chars();
        let digit = match (chars.next(), chars.next()) {
            (None, _) | (Some(' '), None) => Some(0),
            (Some(ch), None) => cell_value(ch),
            _ => None,
        };
        digit
            .map(|digit| (digit, CellForm::String))
            .ok_or_else(|| self.bad(quote(value)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<Self::Value, A::Error> {
        Err(self.bad("[...]".to_owned()))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, _map: A) -> Result<Self::Value, A::Error> {
        Err(self.bad("{...}".to_owned()))
    }
}

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;

    const STRINGS: &str = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
    const NUMBERS: &str = "[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]";

    fn err(text: &str) -> String {
        match parse_json(text, 10) {
            Ok(parsed) => panic!("{text:?} should not parse, gave {parsed:?}"),
            Err(e) => e.to_string(),
        }
    }

    /// The numbers board with the text `from` replaced by `to` once.
    fn numbers_with(from: &str, to: &str) -> String {
        NUMBERS.replacen(from, to, 1)
    }

    #[test]
    fn reads_both_forms_as_the_same_grid() {
        let strings = parse_json(STRINGS, 1).expect("strings");
        let numbers = parse_json(NUMBERS, 1).expect("numbers");
        assert_eq!(strings.layout, Layout::JsonStrings);
        assert_eq!(numbers.layout, Layout::JsonNumbers);
        assert_eq!(strings.grid, numbers.grid);
        assert_eq!(&numbers.grid.values()[..9], &[5, 3, 0, 0, 7, 0, 0, 0, 0]);
    }

    #[test]
    fn accepts_other_blanks_nulls_and_whitespace() {
        let expected = parse_json(NUMBERS, 1).expect("numbers").grid;
        let strings = STRINGS
            .replacen(r#"".""#, r#""0""#, 1)
            .replacen(r#"".""#, r#""""#, 1);
        let strings = strings
            .replacen(r#"".""#, r#"" ""#, 1)
            .replacen(r#"".""#, r#""_""#, 1);
        assert_eq!(parse_json(&strings, 1).map(|p| p.grid), Ok(expected));
        let nulls = numbers_with("[5,3,0,0", "[5,3,null,0");
        assert_eq!(parse_json(&nulls, 1).map(|p| p.grid), Ok(expected));
        let spaced = format!("  {}\t# trailing fields", NUMBERS.replace(',', ", "));
        assert_eq!(parse_json(&spaced, 1).map(|p| p.grid), Ok(expected));
        let pretty = NUMBERS
            .replace("],", "],\n  # a comment\n")
            .replace("[[", "[\n[");
        assert_eq!(parse_json(&pretty, 1).map(|p| p.grid), Ok(expected));
    }

    #[test]
    fn layout_follows_the_first_cell_that_is_not_null() {
        let text = numbers_with("[5,3", r#"[null,"3""#);
        assert_eq!(
            parse_json(&text, 1).map(|p| p.layout),
            Ok(Layout::JsonStrings)
        );
        let blank = format!(
            "[{}]",
            ["[null,null,null,null,null,null,null,null,null]"; 9].join(",")
        );
        assert_eq!(
            parse_json(&blank, 1).map(|p| p.layout),
            Ok(Layout::JsonNumbers)
        );
    }

    #[test]
    fn shape_errors_name_the_row_and_column() {
        let eight_rows = NUMBERS.replacen("[5,3,0,0,7,0,0,0,0],", "", 1);
        assert_eq!(
            err(&eight_rows),
            "line 10, column 161: expected 9 rows, found 8"
        );
        let ten_rows = NUMBERS.replacen("[[", "[[1,2,3,4,5,6,7,8,9],[", 1);
        assert_eq!(
            err(&ten_rows),
            "line 10, column 201: expected 9 rows, found 10"
        );
        assert_eq!(
            err(&numbers_with("[0,9,8,0,", "[0,9,8,")),
            "line 10, column 58: row 3 has 8 cells, expected 9"
        );
        assert_eq!(
            err(&numbers_with("[6,0,0,1,9", "[6,0,0,1,9,9")),
            "line 10, column 42: row 2 has 10 cells, expected 9"
        );
        assert_eq!(
            err(&numbers_with("[6,0,0,1,9", "[6,0,0,1,12")),
            "line 10, column 32: value 12 at row 2, column 5 is not a digit or blank"
        );
        assert_eq!(
            err(&STRINGS.replacen(r#""3""#, r#""x""#, 1)),
            r#"line 10, column 9: value "x" at row 1, column 2 is not a digit or blank"#
        );
        for (cell, shown) in [
            ("-1", "-1"),
            ("5.0", "5.0"),
            ("true", "true"),
            ("[5]", "[...]"),
            (r#"{"a":1}"#, "{...}"),
            (r#""55""#, r#""55""#),
            (
                r#""abcdefghijklmnopqrstuvwxyz""#,
                r#""abcdefghijklmnop"..."#,
            ),
        ] {
            let message = err(&numbers_with("[5,3", &format!("[{cell},3")));
            assert!(
                message.ends_with(&format!(
                    "value {shown} at row 1, column 1 is not a digit or blank"
                )),
                "{cell}: {message}"
            );
        }
    }

    #[test]
    fn wrong_types_and_syntax_errors_come_from_serde_json() {
        assert_eq!(
            err(r#"["5","3"]"#),
            r#"line 10, column 4: invalid JSON board: invalid type: string "5", expected row 1 as an array of 9 cells"#
        );
        assert_eq!(
            err("[[5,3,0,0,7,0,0,0,0] [6]]"),
            "line 10, column 22: invalid JSON board: expected `,` or `]`"
        );
        assert_eq!(
            err("[\n[5,3,0,0,7,0,0,0,0],\n[6,,0]]"),
            "line 12, column 4: invalid JSON board: expected value"
        );
        // serde_json counts bytes; columns here count characters.
        assert_eq!(
            err(r#"["é"]"#),
            r#"line 10, column 4: invalid JSON board: invalid type: string "é", expected row 1 as an array of 9 cells"#
        );
    }

    #[test]
    fn text_after_the_board_must_be_separated() {
        assert_eq!(
            err(&format!("{NUMBERS}x")),
            "line 10, column 182: unexpected character 'x'"
        );
        assert_eq!(
            err(&format!("{NUMBERS}]")),
            "line 10, column 182: unexpected character ']'"
        );
        assert!(parse_json(&format!("{NUMBERS},{NUMBERS}"), 1).is_ok());
    }

    #[test]
    fn an_unclosed_board_points_at_its_first_bracket() {
        assert_eq!(
            err("  [[5,3,0,0,7,0,0,0,0],\n[6"),
            "line 10, column 3: JSON board is not closed: missing ']'"
        );
        assert_eq!(
            err(r#"[["]"]"#),
            "line 10, column 1: JSON board is not closed: missing ']'"
        );
    }

    #[test]
    fn bracket_scanner_ignores_brackets_in_strings() {
        let mut scanner = BracketScanner::default();
        assert_eq!(scanner.feed(r#"[["]", "\"[""#), None);
        assert_eq!(scanner.feed(r#", "\\"]] tail"#), Some(8));
    }
}

#[cfg(all(test, not(feature = "json")))]
mod without_json {
    use super::*;

    #[test]
    fn a_board_is_an_error_at_its_first_bracket() {
        let error = parse_json("\n  [[5,3,0]]", 4).expect_err("no JSON reader");
        assert_eq!((error.line, error.column), (5, 3));
        assert_eq!(
            error.kind,
            ParseErrorKind::Json {
                reason: NO_JSON_FEATURE.to_owned()
            }
        );
    }
}
