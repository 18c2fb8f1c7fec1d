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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::routing::get;
    use axum::Router;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    use tower::ServiceExt;

    /// A log writer the test can read back.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let mut bytes = self
                .0
                .lock()
                .map_err(|_| std::io::Error::other("poisoned"))?;
            bytes.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Regression (issue 32): a request whose client went away was not logged, though
    /// `serve --help` promises one line per request.
    #[tokio::test]
    async fn a_request_dropped_before_its_answer_is_logged_as_aborted() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let app = Router::new()
            .route("/slow", get(std::future::pending::<&'static str>))
            .route("/fast", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn(one_line));
        let slow = Request::get("/slow")
            .body(Body::empty())
            .expect("a request");
        // Polled once, then dropped: what hyper does when the connection closes.
        let polled = tokio::time::timeout(Duration::ZERO, app.clone().oneshot(slow)).await;
        assert!(polled.is_err(), "the slow route never answers");
        let fast = Request::get("/fast")
            .body(Body::empty())
            .expect("a request");
        let response = app.oneshot(fast).await.expect("a response");
        assert_eq!(response.status(), 200);
        let text = String::from_utf8(captured.0.lock().map(|b| b.clone()).unwrap_or_default())
            .expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].contains("GET /slow 499 "), "{text}");
        assert!(lines[0].ends_with(" aborted"), "{text}");
        assert!(lines[1].contains("GET /fast 200 "), "{text}");
        assert!(lines[1].ends_with(" -"), "{text}");
    }
}
