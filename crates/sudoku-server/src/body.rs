//! Reading request bodies: JSON with located errors, and the `puzzle` field in any format.
//!
//! axum's own `Json` extractor answers bad input with plain-text rejections; [`ApiJson`] reads
//! the body itself so that every failure is an [`ApiError`] in the API's JSON shape, with the
//! line and column serde reports. The `Content-Type` header is not checked, so
//! `curl -d '{"puzzle":"..."}'` works as written.

use crate::error::{ApiError, ErrorCode};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::Value;
use sudoku::format::{self, Entry, Layout, ParseError, ParseErrorKind, Parsed};

/// A JSON request body of type `T`; the size limit is the router's `DefaultBodyLimit`.
#[derive(Debug)]
pub(crate) struct ApiJson<T>(pub(crate) T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    ErrorCode::TooLarge,
                    "the request body is larger than the server accepts",
                )
            } else {
                ApiError::bad_request(format!("cannot read the request body: {rejection}"))
            }
        })?;
        // An empty body reads as `{}`: a generate request needs no field, and for the others
        // "missing field `puzzle`" says more than "EOF while parsing".
        let bytes: &[u8] = if bytes.trim_ascii().is_empty() {
            b"{}"
        } else {
            &bytes
        };
        parse_json(bytes).map(ApiJson)
    }
}

/// Parses a JSON body, locating syntax errors (`bad_json`) and shape errors (`bad_request`).
pub(crate) fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|err| {
        let code = match err.classify() {
            serde_json::error::Category::Data => ErrorCode::BadRequest,
            _ => ErrorCode::BadJson,
        };
        let what = match code {
            ErrorCode::BadRequest => "the request does not have the expected fields",
            _ => "the request body is not valid JSON",
        };
        // serde's message ends with "at line L column C"; the position goes in its own fields.
        let message = err.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(head, _)| head);
        ApiError::new(code, format!("{what}: {message}")).at(err.line(), err.column())
    })
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

/// The puzzle's grid written back in the layout it came in, as JSON: a string for a line or a
/// grid, an array for a JSON board.
pub(crate) fn in_layout(grid: &sudoku::Grid, layout: Layout) -> Value {
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
    #[allow(dead_code)] // read through Debug only
    struct Body {
        puzzle: Value,
    }

    #[test]
    fn syntax_errors_are_located_and_shape_errors_are_bad_requests() {
        let err = parse_json::<Body>(b"{\n  \"puzzle\": \"1\",,\n}").expect_err("bad JSON");
        assert_eq!(err.code, ErrorCode::BadJson);
        assert_eq!(err.line, Some(2));
        assert!(!err.message.contains(" at line "), "{}", err.message);
        let err = parse_json::<Body>(b"{\"puzle\": 1}").expect_err("missing field");
        assert_eq!(err.code, ErrorCode::BadRequest);
        assert!(
            err.message.contains("missing field `puzzle`"),
            "{}",
            err.message
        );
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
