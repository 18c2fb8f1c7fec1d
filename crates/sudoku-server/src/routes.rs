//! The route table, the handlers, and the router with its guards.
//!
//! **Invariant:** every route is an entry of [`table`] and the router is built from that table
//! alone, so the OpenAPI test, which compares the table with `openapi.json` and probes the
//! router with each documented operation, covers every route.
//!
//! A handler only reads its body (located JSON errors, puzzle parsing) and hands the work to
//! a worker slot; the work itself is in [`crate::work`].

use crate::assets;
use crate::body::{read_puzzle, read_state, ApiJson, RequestBody};
use crate::error::{ApiError, ErrorCode};
use crate::log;
use crate::site::{self, Site};
use crate::work::{exact, generating, logic, rating, variant};
use crate::workers::Workers;
use crate::{Config, Limits};
use axum::extract::{DefaultBodyLimit, State};
use axum::handler::Handler;
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use axum::routing::{on, MethodFilter, MethodRouter};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;

/// What every handler shares.
#[derive(Debug, Clone)]
pub(crate) struct AppState {
    limits: Arc<Limits>,
    workers: Workers,
    /// How long a request body may take to arrive (see [`ApiJson`]).
    pub(crate) body_timeout: Duration,
    /// The static build's engine, and the page flagged to run it (see [`crate::site`]).
    pub(crate) site: Option<(Site, Arc<str>)>,
}

/// One route: a method, a path, and the handler behind them.
pub(crate) struct Route {
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the OpenAPI test"))]
    pub(crate) method: Method,
    pub(crate) path: &'static str,
    handler: MethodRouter<AppState>,
}

fn get<H, T>(path: &'static str, handler: H) -> Route
where
    H: Handler<T, AppState>,
    T: 'static,
{
    Route {
        method: Method::GET,
        path,
        handler: on(MethodFilter::GET, handler),
    }
}

fn post<H, T>(path: &'static str, handler: H) -> Route
where
    H: Handler<T, AppState>,
    T: 'static,
{
    Route {
        method: Method::POST,
        path,
        handler: on(MethodFilter::POST, handler),
    }
}

/// Every route of the server.
pub(crate) fn table() -> Vec<Route> {
    vec![
        get("/", assets::index),
        get("/app.js", assets::script),
        get("/app.css", assets::style),
        get("/engine.js", assets::engine),
        get("/draw.js", assets::draw),
        get("/clock.js", assets::clock),
        get("/settings.js", assets::settings),
        get("/notes-link.js", assets::notes_link),
        get("/engine-worker.js", assets::engine_worker),
        get("/sudokit/api.js", |s: State<AppState>| site_file(s, 0)),
        get("/sudokit/client.js", |s: State<AppState>| site_file(s, 1)),
        get("/sudokit/web.js", |s: State<AppState>| site_file(s, 2)),
        get("/sudokit/worker.js", |s: State<AppState>| site_file(s, 3)),
        get("/sudokit/wasm/sudokit_js.js", |s: State<AppState>| {
            site_file(s, 4)
        }),
        get("/sudokit/wasm/sudokit_js_bg.wasm", |s: State<AppState>| {
            site_file(s, 5)
        }),
        get("/api/health", health),
        get("/api/openapi.json", openapi),
        post("/api/solve", solve),
        post("/api/count", count),
        post("/api/check", check),
        post("/api/hint", hint),
        post("/api/explain", explain),
        post("/api/rate", rate),
        post("/api/generate", generate),
        post("/api/variant/solve", variant_solve),
        post("/api/variant/count", variant_count),
        post("/api/variant/check", variant_check),
        post("/api/variant/generate", variant_generate),
    ]
}

/// The OpenAPI document, kept true by the tests in `openapi.rs`.
pub(crate) const OPENAPI: &str = include_str!("openapi.json");

/// The application with its guards: body limit, caught panics, one log line per request.
pub(crate) fn router(config: &Config) -> Router {
    let state = AppState {
        limits: Arc::new(config.limits.clone()),
        workers: Workers::new(config.workers, config.queue_wait, config.timeout),
        body_timeout: config.body_timeout,
        site: config.site.clone().map(|site| {
            let page = site::flagged_index(assets::INDEX, &config.limits);
            (site, Arc::from(page))
        }),
    };
    let mut router = Router::new();
    for route in table() {
        router = router.route(route.path, route.handler);
    }
    router
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(CatchPanicLayer::custom(
            |_: Box<dyn std::any::Any + Send>| {
                ApiError::internal("the request failed; this is a bug").into_response()
            },
        ))
        .layer(axum::middleware::from_fn(log::one_line))
}

/// `GET /sudokit/...`: file `index` of [`site::FILES`], if the server has a site.
async fn site_file(State(app): State<AppState>, index: usize) -> Response {
    match &app.site {
        Some((site, _)) => site.file(index),
        None => ApiError::new(
            ErrorCode::NotFound,
            "no engine files here: the server was started without --site",
        )
        .into_response(),
    }
}

async fn not_found() -> ApiError {
    ApiError::new(
        ErrorCode::NotFound,
        "no such route; the API is described at /api/openapi.json",
    )
}

async fn method_not_allowed(method: Method) -> ApiError {
    ApiError::new(
        ErrorCode::MethodNotAllowed,
        format!("{method} is not allowed here; the API is described at /api/openapi.json"),
    )
}

/// The body of solve and check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    puzzle: Value,
}

impl RequestBody for PuzzleRequest {
    const SHAPE: &'static str = "the body must be a JSON object with a `puzzle` string";
}

/// The body of rate.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RateRequest {
    puzzle: Value,
    #[serde(default)]
    scale: rating::Scale,
}

impl RequestBody for RateRequest {
    const SHAPE: &'static str = "the body must be a JSON object with a `puzzle` string and \
                                 optionally a `scale`, \"se\" or \"hodoku\"";
}

/// The body of count.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CountRequest {
    puzzle: Value,
    limit: Option<u64>,
}

impl RequestBody for CountRequest {
    const SHAPE: &'static str =
        "the body must be a JSON object with a `puzzle` string and optionally a `limit`";
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    version: &'static str,
    workers: usize,
}

async fn health(State(app): State<AppState>) -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        workers: app.workers.capacity(),
    })
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

type Answer<T> = Result<Json<T>, ApiError>;

async fn solve(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Answer<exact::Solved> {
    let puzzle = read_puzzle(&req.puzzle)?;
    let limits = app.limits.clone();
    app.workers
        .run(move || exact::solve(&puzzle, &limits))
        .await
        .map(Json)
}

async fn count(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<CountRequest>,
) -> Answer<exact::Counted> {
    let puzzle = read_puzzle(&req.puzzle)?;
    let limits = app.limits.clone();
    app.workers
        .run(move || exact::count(&puzzle, req.limit, &limits))
        .await
        .map(Json)
}

async fn check(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Answer<exact::Checked> {
    let puzzle = read_puzzle(&req.puzzle)?;
    let limits = app.limits.clone();
    app.workers
        .run(move || exact::check(&puzzle, &limits))
        .await
        .map(Json)
}

async fn hint(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<logic::StateRequest>,
) -> Answer<logic::Hint> {
    let state = read_state(&req.puzzle)?;
    let limits = app.limits.clone();
    app.workers
        .run(move || logic::hint(&req, state, &limits))
        .await
        .map(Json)
}

async fn explain(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<logic::StateRequest>,
) -> Answer<logic::Explained> {
    let state = read_state(&req.puzzle)?;
    let limits = app.limits.clone();
    app.workers
        .run(move || logic::explain(&req, state, &limits))
        .await
        .map(Json)
}

async fn rate(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<RateRequest>,
) -> Answer<rating::Rated> {
    let puzzle = read_puzzle(&req.puzzle)?;
    let limits = app.limits.clone();
    let scale = req.scale;
    app.workers
        .run(move || rating::rate(&puzzle, scale, &limits))
        .await
        .map(Json)
}

async fn generate(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<generating::GenerateRequest>,
) -> Answer<generating::Generated> {
    let limits = app.limits.clone();
    app.workers
        .run(move || generating::generate(&req, &limits))
        .await
        .map(Json)
}

async fn variant_solve(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<variant::PuzzleRequest>,
) -> Answer<variant::Solved> {
    let limits = app.limits.clone();
    app.workers
        .run(move || variant::solve(&req, &limits))
        .await
        .map(Json)
}

async fn variant_count(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<variant::CountRequest>,
) -> Answer<variant::Counted> {
    let limits = app.limits.clone();
    app.workers
        .run(move || variant::count(&req, &limits))
        .await
        .map(Json)
}

async fn variant_check(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<variant::PuzzleRequest>,
) -> Answer<variant::Checked> {
    let limits = app.limits.clone();
    app.workers
        .run(move || variant::check(&req, &limits))
        .await
        .map(Json)
}

async fn variant_generate(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<variant::GenerateRequest>,
) -> Answer<variant::Generated> {
    let limits = app.limits.clone();
    app.workers
        .run(move || variant::generate(&req, &limits))
        .await
        .map(Json)
}
