//! The one error type of the API and its JSON shape.
//!
//! Every failure, from a malformed body to a worker that ran out of budget, becomes an
//! [`ApiError`]: a stable machine-readable [`ErrorCode`], a message a person can act on, and,
//! when the fault is in a piece of text, its 1-based line and column. It is written as
//!
//! ```json
//! {"error": {"code": "bad_puzzle", "message": "line 1, column 12: unexpected character 'x'",
//!            "line": 1, "column": 12}}
//! ```
//!
//! with the HTTP status of its code. The codes are part of the API (clients switch on them);
//! messages are for people and may be reworded.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sudokit::format::ParseError;
use sudokit::RuleViolation;

/// What went wrong, as a stable code with a fixed HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the body is not well-formed JSON.
    BadJson,
    /// 400: the JSON is well-formed but a field is missing, unknown or of the wrong type or
    /// range.
    BadRequest,
    /// 400: the puzzle text cannot be read (wrong number of cells or rows, a stray character).
    BadPuzzle,
    /// 404: no such route.
    NotFound,
    /// 405: the route exists but not for this method.
    MethodNotAllowed,
    /// 408: the request body did not arrive in time (a client that stopped sending).
    RequestTimeout,
    /// 413: the body is larger than the server accepts.
    TooLarge,
    /// 422: the givens break the rules (a digit twice in a house).
    InvalidPuzzle,
    /// 422: the grid has no solution (for an answer that needs one).
    NoSolution,
    /// 422: the puzzle does not have exactly one solution (for a rating, which needs one).
    NotUnique,
    /// 422: the request's work budget (guesses, time or attempts) ran out. The same request
    /// would run out again, so this is not a 5xx: ask for less.
    BudgetExhausted,
    /// 500: a bug; the request was not completed.
    Internal,
    /// 503: every worker is busy and none became free in time; retry later.
    Overloaded,
    /// 504: the work did not finish within the server's hard time limit (a backstop: the work
    /// budgets should end every request well before it).
    Timeout,
}

impl ErrorCode {
    /// Every code, in the order of the documentation.
    pub const ALL: [ErrorCode; 14] = [
        ErrorCode::BadJson,
        ErrorCode::BadRequest,
        ErrorCode::BadPuzzle,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::RequestTimeout,
        ErrorCode::TooLarge,
        ErrorCode::InvalidPuzzle,
        ErrorCode::NoSolution,
        ErrorCode::NotUnique,
        ErrorCode::BudgetExhausted,
        ErrorCode::Internal,
        ErrorCode::Overloaded,
        ErrorCode::Timeout,
    ];

    /// The HTTP status that goes with the code.
    pub fn status(self) -> StatusCode {
        match self {
            ErrorCode::BadJson | ErrorCode::BadRequest | ErrorCode::BadPuzzle => {
                StatusCode::BAD_REQUEST
            }
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::InvalidPuzzle
            | ErrorCode::NoSolution
            | ErrorCode::NotUnique
            | ErrorCode::BudgetExhausted => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Overloaded => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Timeout => StatusCode::GATEWAY_TIMEOUT,
        }
    }

    /// The code as it appears in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::BadPuzzle => "bad_puzzle",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::RequestTimeout => "request_timeout",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::InvalidPuzzle => "invalid_puzzle",
            ErrorCode::NoSolution => "no_solution",
            ErrorCode::NotUnique => "not_unique",
            ErrorCode::BudgetExhausted => "budget_exhausted",
            ErrorCode::Internal => "internal",
            ErrorCode::Overloaded => "overloaded",
            ErrorCode::Timeout => "timeout",
        }
    }
}

/// An API error: a code, a message, and where in the text the fault is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{code:?}: {message}")]
pub struct ApiError {
    /// The stable code; it fixes the HTTP status.
    pub code: ErrorCode,
    /// What is wrong, for a person.
    pub message: String,
    /// 1-based line of the fault in the text it is about (the body for `bad_json`, the puzzle
    /// text for `bad_puzzle`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The cells at fault, as indices 0..81 in row-major order (the two cells of a rule
    /// violation).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<usize>,
}

impl ApiError {
    /// An error with a message and no location.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            line: None,
            column: None,
            cells: Vec::new(),
        }
    }

    /// The same error located at `line`, `column`.
    pub fn at(self, line: usize, column: usize) -> ApiError {
        ApiError {
            line: Some(line),
            column: Some(column),
            ..self
        }
    }

    /// A `bad_request` error.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadRequest, message)
    }

    /// A `budget_exhausted` error.
    pub fn budget(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BudgetExhausted, message)
    }

    /// An `internal` error.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Internal, message)
    }
}

impl From<ParseError> for ApiError {
    fn from(err: ParseError) -> ApiError {
        ApiError::new(ErrorCode::BadPuzzle, format!("puzzle: {err}")).at(err.line, err.column)
    }
}

impl From<RuleViolation> for ApiError {
    fn from(violation: RuleViolation) -> ApiError {
        ApiError {
            cells: vec![violation.first.index(), violation.second.index()],
            ..ApiError::new(
                ErrorCode::InvalidPuzzle,
                format!("the givens break the rules: {violation}"),
            )
        }
    }
}

/// The JSON envelope: `{"error": {...}}`.
#[derive(Serialize)]
struct Envelope<'a> {
    error: &'a ApiError,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.code.status();
        let mut response = (status, axum::Json(Envelope { error: &self })).into_response();
        if self.code == ErrorCode::Overloaded {
            // A hint for well-behaved clients; the queue drains in well under a second.
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        // The request log line reads the code from here (see `log::one_line`).
        response.extensions_mut().insert(self.code);
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_serialize_as_their_names_and_map_to_4xx_or_5xx() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).expect("serializes");
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            let status = code.status();
            assert!(
                status.is_client_error() || status.is_server_error(),
                "{code:?}"
            );
        }
    }

    #[test]
    fn a_parse_error_keeps_its_position() {
        let err = sudokit::format::parse("12x").expect_err("not a puzzle");
        let api = ApiError::from(err.clone());
        assert_eq!(api.code, ErrorCode::BadPuzzle);
        assert_eq!((api.line, api.column), (Some(err.line), Some(err.column)));
        let json = serde_json::to_value(&api).expect("serializes");
        assert_eq!(json["code"], "bad_puzzle");
        assert!(json.get("cells").is_none(), "{json}");
    }
}
