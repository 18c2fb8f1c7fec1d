//! Reading request bodies: JSON with located errors, and the `puzzle` field in any format.
//!
//! axum's own `Json` extractor answers bad input with plain-text rejections; [`ApiJson`] reads
//! the body itself so that every failure is an [`ApiError`] in the API's JSON shape, with the
//! line and column serde reports, in the API's own words (no Rust type names). The
//! `Content-Type` header is not checked, so `curl -d '{"puzzle":"..."}'` works as written.
//! Reading the body is bounded in time as well as in size: a client that stops sending in the
//! middle gets `request_timeout` (408) after [`Config::body_timeout`](crate::Config).

use crate::error::{ApiError, ErrorCode};
use crate::routes::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::Value;
use sudokit::format::{self, Entry, Layout, ParseError, ParseErrorKind, Parsed};
use sudokit::logic::CandidateGrid;

/// A request body type, with the shape it must have in the API's words (for the message when
/// the body is JSON but not an object).
pub(crate) trait RequestBody: DeserializeOwned {
    /// E.g. "the body must be a JSON object with a `puzzle` string".
    const SHAPE: &'static str;
}

/// A JSON request body of type `T`; the size limit is the router's `DefaultBodyLimit`.
#[derive(Debug)]
pub(crate) struct ApiJson<T>(pub(crate) T);

impl<T: RequestBody> FromRequest<AppState> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let wait = state.body_timeout;
        let bytes = match tokio::time::timeout(wait, Bytes::from_request(req, state)).await {
            Ok(read) => read.map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::new(
                        ErrorCode::TooLarge,
                        "the request body is larger than the server accepts",
                    )
                } else {
                    ApiError::bad_request(format!("cannot read the request body: {rejection}"))
                }
            })?,
            Err(_) => {
                return Err(ApiError::new(
                    ErrorCode::RequestTimeout,
                    format!(
                        "the request body did not arrive within {} ms",
                        wait.as_millis()
                    ),
                ))
            }
        };
        // An empty body reads as `{}`: a generate request needs no field, and for the others
        // "no `puzzle` field" says more than "EOF while parsing".
        let bytes: &[u8] = if bytes.trim_ascii().is_empty() {
            b"{}"
        } else {
            &bytes
        };
        parse_json(bytes).map(ApiJson)
    }
}

/// Parses a JSON body: syntax errors are `bad_json`, located; a body that is not an object,
/// or an object without the expected fields, is `bad_request`, in the API's words.
pub(crate) fn parse_json<T: RequestBody>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|err| {
        located(
            ErrorCode::BadJson,
            "the request body is not valid JSON",
            &err,
        )
    })?;
    if !value.is_object() {
        return Err(ApiError::bad_request(format!(
            "{}, not {}",
            T::SHAPE,
            kind(&value)
        )));
    }
    // Again from the text, so that a field's error keeps its line and column.
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let what = if path == "." {
            format!("{}; {}", T::SHAPE, plain(&message_of(&inner)))
        } else {
            format!("`{path}`: {}", plain(&message_of(&inner)))
        };
        ApiError::bad_request(what).at(inner.line(), inner.column())
    })
}

/// An error of `code` at serde's position, with `what` before serde's message.
fn located(code: ErrorCode, what: &str, err: &serde_json::Error) -> ApiError {
    ApiError::new(code, format!("{what}: {}", plain(&message_of(err)))).at(err.line(), err.column())
}

/// serde's message without its trailing "at line L column C" (the position has its own fields).
fn message_of(err: &serde_json::Error) -> String {
    let message = err.to_string();
    message
        .rsplit_once(" at line ")
        .map_or(message.as_str(), |(head, _)| head)
        .to_string()
}

/// serde's words for JSON values and Rust types replaced by the API's: "expected u64" is
/// "expected a whole number", "sequence" is "array", "map" is "object".
fn plain(message: &str) -> String {
    let (head, expected) = match message.rsplit_once(", expected ") {
        Some((head, expected)) => (head, Some(expected)),
        None => (message, None),
    };
    let head = head
        .replace("invalid type: sequence", "invalid type: array")
        .replace("invalid type: map", "invalid type: object")
        .replace("invalid type: unit value", "invalid type: null")
        .replace("invalid type: floating point", "invalid type: number")
        .replace("integer `", "number `");
    let Some(expected) = expected else {
        return head;
    };
    let expected = match expected {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64" | "i128"
        | "isize" => "a whole number (0 or more, in range)",
        "f32" | "f64" => "a number",
        "a sequence" => "an array",
        "a map" => "an object",
        "a tuple of size 2" => "a [cell, digit] pair",
        other if other.starts_with("struct ") || other.starts_with("tuple struct ") => "an object",
        other => other,
    };
    format!("{head}, expected {expected}")
}

/// Reads the `puzzle` field: a string in any text format the CLI reads (an 81-character line, a
/// 9-line grid, a JSON board written as a string), or a JSON board given directly as an array.
pub(crate) fn read_puzzle(value: &Value) -> Result<Parsed, ApiError> {
    let text = match value {
        Value::String(text) => text.clone(),
        Value::Array(_) => value.to_string(),
        other => {
            return Err(ApiError::bad_request(format!(
                "puzzle must be a string (a line or a grid) or a JSON board, not {}",
                kind(other)
            )))
        }
    };
    // The library's one entry point for a text; pencilmarks are not a puzzle here.
    match format::parse_entry(&text)? {
        Entry::Puzzle(parsed) => Ok(parsed),
        Entry::Pencilmarks(_) => Err(ParseError {
            line: 1,
            column: 1,
            kind: ParseErrorKind::NotAPuzzle,
        }
        .into()),
    }
}

/// Reads the `puzzle` field of `hint` and `explain` as a pencilmark state: the 729-character
/// candidate form, a pencilmark grid (nine rows of candidate tokens such as `1257`, framed or
/// not), or any puzzle format of [`read_puzzle`] (its digits placed, every other candidate
/// open). The one place the server decides between the forms.
pub(crate) fn read_state(value: &Value) -> Result<CandidateGrid, ApiError> {
    if let Value::String(text) = value {
        if let Entry::Pencilmarks(marks) = format::parse_entry(text)? {
            return Ok(CandidateGrid::from_pencilmarks(&marks));
        }
    }
    read_puzzle(value).map(|parsed| CandidateGrid::from_grid(&parsed.grid))
}

/// The puzzle's grid written back in the layout it came in, as JSON: a string for a line or a
/// grid, an array for a JSON board.
pub(crate) fn in_layout(grid: &sudokit::Grid, layout: Layout) -> Value {
    match layout {
        Layout::Line => Value::String(format::to_line(grid)),
        Layout::Grid => Value::String(format::to_grid(grid)),
        Layout::JsonStrings | Layout::JsonNumbers => {
            serde_json::from_str(&format::to_json(grid, layout))
                .unwrap_or_else(|_| Value::String(format::to_line(grid)))
        }
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)] // read through Debug only
    struct Body {
        puzzle: Value,
        limit: Option<u64>,
    }

    impl RequestBody for Body {
        const SHAPE: &'static str = "the body must be a JSON object with a `puzzle` string";
    }

    #[test]
    fn syntax_errors_are_located_and_shape_errors_are_bad_requests() {
        let err = parse_json::<Body>(b"{\n  \"puzzle\": \"1\",,\n}").expect_err("bad JSON");
        assert_eq!(err.code, ErrorCode::BadJson);
        assert_eq!(err.line, Some(2));
        assert!(!err.message.contains(" at line "), "{}", err.message);
        let err = parse_json::<Body>(b"{\"limit\": 1}").expect_err("missing field");
        assert_eq!(err.code, ErrorCode::BadRequest);
        assert!(
            err.message.contains("missing field `puzzle`"),
            "{}",
            err.message
        );
        let err = parse_json::<Body>(b"[1, 2, 3]").expect_err("not an object");
        assert_eq!(err.code, ErrorCode::BadRequest);
        assert_eq!(err.message, format!("{}, not an array", Body::SHAPE));
        let err = parse_json::<Body>(b"{\"puzzle\": \"1\",\n \"limit\": \"3\"}")
            .expect_err("a string for a number");
        assert_eq!(err.code, ErrorCode::BadRequest);
        assert_eq!(
            err.message,
            "`limit`: invalid type: string \"3\", expected a whole number (0 or more, in range)"
        );
        assert_eq!(err.line, Some(2));
    }

    #[test]
    fn a_puzzle_is_a_string_in_any_layout_or_a_json_board() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let parsed = read_puzzle(&Value::String(line.into())).expect("a line");
        assert_eq!(parsed.layout, Layout::Line);
        let grid = format::to_grid(&parsed.grid);
        assert_eq!(
            read_puzzle(&Value::String(grid)).map(|p| p.grid),
            Ok(parsed.grid)
        );
        let board: Value =
            serde_json::from_str(&format::to_json(&parsed.grid, Layout::JsonNumbers))
                .expect("JSON");
        let again = read_puzzle(&board).expect("a board");
        assert_eq!(
            (again.grid, again.layout),
            (parsed.grid, Layout::JsonNumbers)
        );
        assert_eq!(in_layout(&again.grid, again.layout), board);
        let err = read_puzzle(&Value::Bool(true)).expect_err("not a puzzle");
        assert!(err.message.contains("not a boolean"), "{}", err.message);
    }

    #[test]
    fn pencilmarks_are_read_and_refused_as_not_a_puzzle() {
        let marks = Value::String("123456789".repeat(81));
        let err = read_puzzle(&marks).expect_err("pencilmarks");
        assert!(err.message.contains("found pencilmarks"), "{}", err.message);
    }
}
