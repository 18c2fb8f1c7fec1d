//! One log line per request, and the subscriber that writes it.
//!
//! The line is `METHOD PATH STATUS MILLISms CODE`, where CODE is the API error code (`-` on
//! success), e.g. `POST /api/solve 200 0.4ms -` or `POST /api/count 422 301.2ms
//! budget_exhausted`. It is written when the response is ready, so its status and time are
//! the real ones, errors and panics (caught below this layer) included. A request whose
//! client went away first (the server drops its future when the connection closes) is
//! written when that happens, with status 499 (nginx's "client closed request") and the code
//! `aborted`: `POST /api/count 499 812.0ms aborted`.

use crate::error::ErrorCode;
use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use std::io::IsTerminal;
use std::time::Instant;

/// The longest path written to the log; longer ones are cut (a path is client-controlled).
const MAX_LOGGED_PATH: usize = 200;

/// Installs the stderr subscriber (filter from `RUST_LOG`, default `info`), unless the
/// process already has one.
pub(crate) fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // An embedding program may have set its own subscriber; keep it then.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .try_init();
}

/// The status logged for a request whose client closed the connection before the answer.
pub(crate) const ABORTED: u16 = 499;

/// The middleware that logs each request once.
pub(crate) async fn one_line(request: Request, next: Next) -> Response {
    let mut line = Line {
        method: request.method().clone(),
        path: request.uri().path().chars().take(MAX_LOGGED_PATH).collect(),
        started: Instant::now(),
        written: false,
    };
    // At debug level, the start too: a client (or a test) can tell its request is being
    // worked on, not still on its way.
    tracing::debug!("{} {} started", line.method, line.path);
    let response = next.run(request).await;
    let code = response
        .extensions()
        .get::<ErrorCode>()
        .map_or("-", |code| code.as_str());
    line.write(response.status().as_u16(), code);
    response
}

/// The log line of one request; written as aborted if it is dropped unwritten (the future of
/// `one_line` was dropped before the response was ready).
struct Line {
    method: Method,
    path: String,
    started: Instant,
    written: bool,
}

impl Line {
    fn write(&mut self, status: u16, code: &str) {
        self.written = true;
        let millis = self.started.elapsed().as_secs_f64() * 1000.0;
        tracing::info!(
            "{} {} {status} {millis:.1}ms {code}",
            self.method,
            self.path
        );
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        if !self.written {
            self.write(ABORTED, "aborted");
        }
    }
}
