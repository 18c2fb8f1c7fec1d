//! The web page: HTML, CSS and JavaScript compiled into the binary.
//!
//! The page loads nothing from anywhere else (no CDN, no web font), so `sudoku serve` works
//! offline as one file; the Content-Security-Policy sent with it makes the browser hold the
//! page to that. With a site (`--site`, see [`crate::site`]) the page is sent flagged to run
//! the engine in the browser; the engine's files then come from the site's folder.

use crate::routes::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

pub(crate) const INDEX: &str = include_str!("../static/index.html");
const SCRIPT: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/app.css");
const ENGINE: &str = include_str!("../static/engine.js");
const DRAW: &str = include_str!("../static/draw.js");
const CLOCK: &str = include_str!("../static/clock.js");
const SETTINGS: &str = include_str!("../static/settings.js");
const NOTES_LINK: &str = include_str!("../static/notes-link.js");
const ENGINE_WORKER: &str = include_str!("../static/engine-worker.js");

/// Only this origin; the favicon is an inline `data:` URL.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                      script-src 'self'; connect-src 'self'; base-uri 'none'; \
                      form-action 'none'; frame-ancestors 'none'";

fn asset(content_type: &'static str, body: impl IntoResponse) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            // The assets change only with the binary; revalidating costs one small request.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page; flagged to run the engine in the browser when the server has a site.
pub(crate) async fn index(State(app): State<AppState>) -> Response {
    match &app.site {
        Some((_, page)) => asset("text/html; charset=utf-8", page.to_string()),
        None => asset("text/html; charset=utf-8", INDEX),
    }
}

/// `GET /app.js`.
pub(crate) async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /app.css`.
pub(crate) async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// `GET /engine.js`: the page's one way to the engine (here, the JSON API).
pub(crate) async fn engine() -> Response {
    asset("text/javascript; charset=utf-8", ENGINE)
}

/// `GET /draw.js`: the chain overlay and the split of a step's words from its notation.
pub(crate) async fn draw() -> Response {
    asset("text/javascript; charset=utf-8", DRAW)
}

/// `GET /clock.js`: the player's clock.
pub(crate) async fn clock() -> Response {
    asset("text/javascript; charset=utf-8", CLOCK)
}

/// `GET /settings.js`: the player's settings in localStorage.
pub(crate) async fn settings() -> Response {
    asset("text/javascript; charset=utf-8", SETTINGS)
}

/// `GET /engine-worker.js`: engine.js's backend that runs the engine of a site in a Web Worker
/// (the page loads it only when flagged, see [`crate::site`]).
pub(crate) async fn engine_worker() -> Response {
    asset("text/javascript; charset=utf-8", ENGINE_WORKER)
}

/// `GET /notes-link.js`: the player's notes in the page's link.
pub(crate) async fn notes_link() -> Response {
    asset("text/javascript; charset=utf-8", NOTES_LINK)
}
