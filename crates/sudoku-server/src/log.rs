//! One log line per request, and the subscriber that writes it.
//!
//! The line is `METHOD PATH STATUS MILLISms CODE`, where CODE is the API error code (`-` on
//! success), e.g. `POST /api/solve 200 0.4ms -` or `POST /api/count 422 301.2ms
//! budget_exhausted`. It is written when the response is ready, so its status and time are
//! the real ones, errors and panics (caught below this layer) included.

use crate::error::ErrorCode;
use axum::extract::Request;
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

/// The middleware that logs each request once.
pub(crate) async fn one_line(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path: String = request.uri().path().chars().take(MAX_LOGGED_PATH).collect();
    let response = next.run(request).await;
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    let code = response
        .extensions()
        .get::<ErrorCode>()
        .map_or("-", |code| code.as_str());
    tracing::info!(
        "{method} {path} {} {millis:.1}ms {code}",
        response.status().as_u16()
    );
    response
}
