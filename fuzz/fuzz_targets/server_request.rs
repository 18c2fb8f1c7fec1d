//! Fuzz target `server_request`: arbitrary HTTP requests through the server's public router,
//! in process (`sudoku_server::router` driven by `tower::ServiceExt::oneshot`, no socket).
//!
//! The bytes are decoded (with `arbitrary::Unstructured`) into a method (the usual ones, or a
//! made-up token), a path (every route, near misses, or arbitrary text), a query string, up to
//! four headers (content type, length, encoding, accept, or arbitrary names and values) and a
//! body: arbitrary bytes, or a JSON object with a `puzzle` (the tutorial puzzle with cells
//! replaced, a 729-character candidate string, or arbitrary text) and other fields of arbitrary
//! JSON values (`limit`, `eliminated`, `count`, `seed`, `rating`, ...). A request that `http`
//! itself refuses to build (a bad method or path) is skipped. Checks, on shape only (another
//! change may reword messages):
//! - no panic, and no 500: the router's panic catcher turns a handler panic into 500
//!   `internal`, so a 500 is a panic or another bug;
//! - every answer under `/api/` and every error is JSON: an error is
//!   `{"error": {"code": C, "message": M, ...}}` where `C` is one of `ErrorCode::ALL` and the
//!   response's status is that code's, and `M` is a non-empty string; an API success is a JSON
//!   object without an `error` field (HEAD answers have no body to check).
//!
//! The server runs with small work budgets (time and guesses) so that each input takes
//! milliseconds.
#![no_main]

use axum::body::Body;
use axum::http::{HeaderName, HeaderValue, Method, Request};
use axum::Router;
use http_body_util::BodyExt;
use libfuzzer_sys::arbitrary::{Result as ArbitraryResult, Unstructured};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Map, Value};
use std::sync::OnceLock;
use std::time::Duration;
use sudoku_server::{router, Config, ErrorCode, Limits};
use tower::ServiceExt;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const PATHS: &[&str] = &[
    "/",
    "/app.js",
    "/app.css",
    "/api/health",
    "/api/openapi.json",
    "/api/solve",
    "/api/count",
    "/api/check",
    "/api/hint",
    "/api/explain",
    "/api/rate",
    "/api/generate",
    "/api",
    "/api/",
    "/api/solve/",
    "/api//solve",
    "/API/solve",
    "/api/solve/x",
    "/index.html",
];

const METHODS: &[&str] = &["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"];

const HEADERS: &[&str] = &[
    "content-type",
    "content-length",
    "content-encoding",
    "transfer-encoding",
    "accept",
    "accept-encoding",
    "expect",
];

const CONTENT_TYPES: &[&str] = &[
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "",
];

const FIELDS: &[&str] = &[
    "puzzle",
    "limit",
    "eliminated",
    "candidates",
    "count",
    "seed",
    "rating",
    "level",
    "symmetry",
    "clues",
    "technique",
    "minimal",
    "nested",
    "format",
];

/// The runtime and the router, made once: a current-thread runtime (whose blocking pool runs
/// the server's CPU work) and one worker with small budgets.
fn server() -> &'static (tokio::runtime::Runtime, Router) {
    static SERVER: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => panic!("no tokio runtime: {e}"),
        };
        let config = Config {
            workers: 1,
            queue_wait: Duration::from_secs(10),
            timeout: Duration::from_secs(20),
            limits: Limits {
                guesses: 5_000,
                default_count: 100,
                max_count: 1_000,
                logic_time: Duration::from_millis(20),
                generate_time: Duration::from_millis(50),
                generate_attempts: 4,
            },
            ..Config::default()
        };
        let app = runtime.block_on(async { router(&config) });
        (runtime, app)
    })
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok((method, path, request)) = request(&mut u) else {
        return;
    };
    let (runtime, app) = server();
    let (status, bytes) = runtime.block_on(async {
        let response = match app.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let status = response.status();
        let bytes = match response.into_body().collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(e) => panic!("{method} {path}: the body fails: {e}"),
        };
        (status, bytes)
    });
    let code = status.as_u16();
    assert_ne!(
        code,
        500,
        "{method} {path}: 500 {:?}",
        String::from_utf8_lossy(&bytes)
    );
    let under_api = path.starts_with("/api/");
    if method == Method::HEAD || (!under_api && status.is_success()) {
        return;
    }
    let value: Value = match serde_json::from_slice(&bytes) {
        Ok(value) => value,
        Err(e) => panic!(
            "{method} {path}: {code} with a body that is not JSON ({e}): {:?}",
            String::from_utf8_lossy(&bytes)
        ),
    };
    let Some(object) = value.as_object() else {
        panic!("{method} {path}: {code} with JSON that is no object: {value}");
    };
    if status.is_success() {
        assert!(
            !object.contains_key("error"),
            "{method} {path}: {code} with an error: {value}"
        );
        return;
    }
    let Some(error) = object.get("error").and_then(Value::as_object) else {
        panic!("{method} {path}: {code} without an error object: {value}");
    };
    let known = ErrorCode::ALL
        .into_iter()
        .find(|c| serde_json::to_value(c).ok().as_ref() == error.get("code"));
    let Some(known) = known else {
        panic!("{method} {path}: {code} with an unknown error code: {value}");
    };
    assert_eq!(known.status(), status, "{method} {path}: {value}");
    assert!(
        error
            .get("message")
            .and_then(Value::as_str)
            .is_some_and(|m| !m.is_empty()),
        "{method} {path}: {code} without a message: {value}"
    );
});

/// Decodes a request; `Err` when the bytes run out in a way `arbitrary` reports, or when
/// `http` refuses what was decoded (then the input is skipped).
fn request(u: &mut Unstructured<'_>) -> ArbitraryResult<(Method, String, Request<Body>)> {
    let method = if u.ratio(1, 16)? {
        let token: String = u.arbitrary()?;
        Method::from_bytes(token.as_bytes()).map_err(|_| arbitrary_error())?
    } else {
        Method::from_bytes(u.choose(METHODS)?.as_bytes()).map_err(|_| arbitrary_error())?
    };
    let mut path = if u.ratio(1, 8)? {
        let text: String = u.arbitrary()?;
        format!("/{text}")
    } else {
        (*u.choose(PATHS)?).to_string()
    };
    if u.ratio(1, 8)? {
        let query: String = u.arbitrary()?;
        path = format!("{path}?{query}");
    }
    let mut builder = Request::builder().method(method.clone()).uri(path.as_str());
    for _ in 0..u.int_in_range(0..=4)? {
        let name = if u.ratio(1, 4)? {
            let text: String = u.arbitrary()?;
            HeaderName::from_bytes(text.as_bytes()).map_err(|_| arbitrary_error())?
        } else {
            HeaderName::from_static(u.choose(HEADERS).copied()?)
        };
        let value = if name == "content-type" && u.ratio(3, 4)? {
            HeaderValue::from_static(u.choose(CONTENT_TYPES).copied()?)
        } else {
            let bytes: Vec<u8> = u.arbitrary()?;
            HeaderValue::from_bytes(&bytes).map_err(|_| arbitrary_error())?
        };
        builder = builder.header(name, value);
    }
    let body = if u.ratio(1, 4)? {
        let rest = u.len();
        u.bytes(rest)?.to_vec()
    } else {
        json_body(u)?.to_string().into_bytes()
    };
    let request = builder
        .body(Body::from(body))
        .map_err(|_| arbitrary_error())?;
    Ok((method, path, request))
}

/// A JSON object with a puzzle and a few other fields.
fn json_body(u: &mut Unstructured<'_>) -> ArbitraryResult<Value> {
    let mut object = Map::new();
    if !u.ratio(1, 8)? {
        object.insert("puzzle".into(), puzzle(u)?);
    }
    for _ in 0..u.int_in_range(0..=3)? {
        let field = (*u.choose(FIELDS)?).to_string();
        object.insert(field, json_value(u, 2)?);
    }
    Ok(Value::Object(object))
}

/// The tutorial puzzle with a few cells changed, a candidate string, or arbitrary text.
fn puzzle(u: &mut Unstructured<'_>) -> ArbitraryResult<Value> {
    Ok(match u.int_in_range(0..=3)? {
        0 | 1 => {
            let mut bytes = EASY.as_bytes().to_vec();
            for _ in 0..u.int_in_range(0..=12)? {
                let cell = u.int_in_range(0..=80)?;
                bytes[cell] = *u.choose(b"123456789.0 x")?;
            }
            json!(String::from_utf8_lossy(&bytes))
        }
        2 => {
            let mut bytes = vec![b'0'; 729];
            for cell in 0..81 {
                let given = EASY.as_bytes()[cell];
                for digit in 0..9u8 {
                    let keep = if given == b'.' {
                        true
                    } else {
                        given == b'1' + digit
                    };
                    if keep {
                        bytes[cell * 9 + usize::from(digit)] = b'1' + digit;
                    }
                }
            }
            for _ in 0..u.int_in_range(0..=40)? {
                let at = u.int_in_range(0..=728)?;
                bytes[at] = *u.choose(b"0123456789.")?;
            }
            json!(String::from_utf8_lossy(&bytes))
        }
        _ => json_value(u, 2)?,
    })
}

/// An arbitrary JSON value, nested at most `depth` deep.
fn json_value(u: &mut Unstructured<'_>, depth: u32) -> ArbitraryResult<Value> {
    let kind = if depth == 0 {
        u.int_in_range(0..=4)?
    } else {
        u.int_in_range(0..=6)?
    };
    Ok(match kind {
        0 => Value::Null,
        1 => json!(u.arbitrary::<bool>()?),
        2 => json!(u.arbitrary::<i64>()?),
        3 => json!(u.int_in_range(0..=100u64)?),
        4 => {
            let text: String = u.arbitrary()?;
            json!(text)
        }
        5 => {
            let mut items = Vec::new();
            for _ in 0..u.int_in_range(0..=4)? {
                items.push(json_value(u, depth - 1)?);
            }
            Value::Array(items)
        }
        _ => {
            let mut object = Map::new();
            for _ in 0..u.int_in_range(0..=3)? {
                let key: String = u.arbitrary()?;
                object.insert(key, json_value(u, depth - 1)?);
            }
            Value::Object(object)
        }
    })
}

/// The error that makes the fuzzer skip an input that does not decode to a request.
fn arbitrary_error() -> libfuzzer_sys::arbitrary::Error {
    libfuzzer_sys::arbitrary::Error::IncorrectFormat
}
