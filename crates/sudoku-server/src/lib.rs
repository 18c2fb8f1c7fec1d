//! The HTTP side of `sudoku serve`: a JSON API over the `sudoku` engine, and the web page that
//! uses it, embedded in the binary.
//!
//! # Overview
//! - [`router`]: the whole application as an axum [`Router`]: the API under `/api/` (solve,
//!   count, check, hint, explain, rate, generate, health, and its own OpenAPI document at
//!   `/api/openapi.json`) and the page at `/`. With a [`Site`] (`sudoku serve --site DIR`)
//!   the router also serves the static build's WebAssembly engine, and the page runs it in a
//!   Web Worker instead of calling the API.
//! - [`serve`]: binds an address and serves the router until Ctrl-C or SIGTERM, logging one
//!   line per request; this is all `sudoku serve` does. [`serve_on`] serves on a listener
//!   the caller bound, until a future it gives resolves.
//! - [`Config`] and [`Limits`]: the address, the guards (body size, worker slots, queue wait,
//!   hard timeout, header and body read timeouts) and the work budget of each request.
//!
//! Every request body is JSON and every answer too; a puzzle is given as `{"puzzle": "..."}`
//! in any format the CLI reads. Every failure is `{"error": {"code", "message", "line",
//! "column", "cells"}}` with the status of its code (see [`ErrorCode`]).
//!
//! **Guards.** A connection that has not sent a whole request head within
//! [`Config::header_timeout`] (also an idle keep-alive connection) is closed, and a body that
//! has not arrived within [`Config::body_timeout`] is refused (408), so slow or stalled
//! clients cannot hold connections (and file descriptors) open. Bodies above
//! [`Config::max_body`] are refused (413). CPU work runs on tokio's
//! blocking pool, at most [`Config::workers`] jobs at once; a request that cannot get a slot
//! within [`Config::queue_wait`] is refused (503). Each job's work is bounded by the
//! [`Limits`]: a guess budget for every exact search, a time budget for the logic solver and
//! the rater, a time and attempt budget for the generator (422 `budget_exhausted` when one runs
//! out). [`Config::timeout`] is a hard backstop behind them (504). No input can panic a worker;
//! if a bug did, the request gets a 500 and the server goes on.
//!
//! # Example
//! ```
//! use axum::body::Body;
//! use axum::http::Request;
//! use sudoku_server::{router, Config};
//! use tower::ServiceExt;
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let app = router(&Config::default());
//! let body = r#"{"puzzle": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}"#;
//! let request = Request::post("/api/solve").body(Body::from(body)).unwrap();
//! let response = app.oneshot(request).await.unwrap();
//! assert_eq!(response.status(), 200);
//! # });
//! ```

#![deny(missing_docs)]

mod assets;
mod body;
mod error;
mod log;
#[cfg(test)]
mod openapi;
mod routes;
mod site;
mod work;
mod workers;

pub use error::{ApiError, ErrorCode};
pub use site::{Site, SiteError};

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;

/// The work each request may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Guesses per exact search (solve, count, check, and the uniqueness checks before hint,
    /// explain, rate and generate). Proper puzzles need at most a few thousand.
    pub guesses: u64,
    /// The solution limit of `count` when the request gives none.
    pub default_count: u64,
    /// The highest solution limit a `count` request may ask for.
    pub max_count: u64,
    /// Wall-clock budget of the logic solver in `hint` and `explain`, and of the rater in
    /// `rate`.
    pub logic_time: Duration,
    /// Wall-clock budget of one `generate` request, drawing and rating included.
    pub generate_time: Duration,
    /// Solution grids the generator may try per drawn puzzle before drawing the next one.
    pub generate_attempts: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            guesses: 200_000,
            default_count: 1000,
            max_count: 100_000,
            logic_time: Duration::from_secs(10),
            generate_time: Duration::from_secs(5),
            generate_attempts: 50,
        }
    }
}

/// Where to listen and how to guard the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The address to bind; port 0 picks a free port (printed when serving).
    pub addr: SocketAddr,
    /// The largest request body accepted, in bytes.
    pub max_body: usize,
    /// How many CPU jobs may run at once.
    pub workers: usize,
    /// How long a request waits for a free worker before `overloaded` (503).
    pub queue_wait: Duration,
    /// The hard limit on one job before `timeout` (504); a backstop behind the [`Limits`].
    pub timeout: Duration,
    /// How long a connection may take to send a request's head (request line and headers),
    /// counted from the connection's start or the end of its previous response; then it is
    /// closed. Also ends idle keep-alive connections.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive once its head has, before
    /// `request_timeout` (408).
    pub body_timeout: Duration,
    /// The budgets of each request.
    pub limits: Limits,
    /// The engine of a static build to serve with the page, which then runs it in the
    /// browser (see [`Site`]); `None`: the page uses the API.
    pub site: Option<Site>,
}

/// The default address: loopback only, so serving is never public by accident.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            max_body: 64 * 1024,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_wait: Duration::from_secs(2),
            timeout: Duration::from_secs(30),
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(10),
            limits: Limits::default(),
            site: None,
        }
    }
}

/// The application: API, OpenAPI document and page, with every guard in place.
pub fn router(config: &Config) -> Router {
    routes::router(config)
}

/// Why the server could not start or stopped with an error. The OS error is the
/// [`source`](std::error::Error::source), not part of the message, so that a caller printing
/// the chain (`anyhow`'s `{:#}`) shows it once.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The async runtime could not be built.
    #[error("cannot start the async runtime")]
    Runtime(#[source] std::io::Error),
    /// The address could not be bound (in use, not local, no permission).
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The server failed while running.
    #[error("the server failed")]
    Serve(#[source] std::io::Error),
}

/// Serves [`router`] on `config.addr` until Ctrl-C or SIGTERM, then finishes the requests in
/// flight and returns.
///
/// Logs to standard error (one line per request; `RUST_LOG` sets the filter, default `info`)
/// and prints `listening on http://ADDR` to standard output once bound, with the real port
/// when `config.addr` asked for port 0, so a script can start it on a free port and read
/// where it went.
pub fn serve(config: Config) -> Result<(), ServeError> {
    log::init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(|source| ServeError::Bind {
                addr: config.addr,
                source,
            })?;
        let addr = listener.local_addr().map_err(ServeError::Serve)?;
        let shutdown = shutdown_signal();
        println!("listening on http://{addr}");
        tracing::info!(
            "serving on http://{addr} with {} workers",
            config.workers.max(1)
        );
        serve_on(listener, &config, shutdown).await;
        tracing::info!("stopped");
        Ok(())
    })
}

/// Serves [`router`] for `config` on `listener` (HTTP/1.1, with `config`'s header and body
/// timeouts) until `shutdown` resolves; then stops accepting, lets each connection finish the
/// request it is in, and returns once all are closed. Must run inside a tokio runtime with
/// its timer enabled. `config.addr` is not used: the listener is already bound.
pub async fn serve_on(listener: TcpListener, config: &Config, shutdown: impl Future<Output = ()>) {
    let app = router(config);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => stream,
                Err(err) => {
                    if !is_connection_error(&err) {
                        // Out of file descriptors, say: wait a moment rather than spin.
                        tracing::error!("cannot accept a connection: {err}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A client that went away or timed out: nothing to answer, nothing to log above
            // debug (aborted requests are logged by `log::one_line`).
            if let Err(err) = connection.await {
                tracing::debug!("connection closed: {err}");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// Whether an `accept` error concerns only that connection (the next accept may work).
fn is_connection_error(err: &std::io::Error) -> bool {
    matches!(
        err.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
            | std::io::ErrorKind::Interrupted
    )
}

/// Resolves on Ctrl-C or (on Unix) SIGTERM, whichever comes first.
///
/// The handlers are installed when this is called, not when the future is first polled: the
/// caller announces the server only after that, so a signal sent as soon as the address is
/// printed stops it gracefully instead of killing it with the default action.
#[cfg(unix)]
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    use tokio::signal::unix::{signal, SignalKind};
    let interrupt = signal(SignalKind::interrupt()).ok();
    let terminate = signal(SignalKind::terminate()).ok();
    async move {
        let wait = |stream: Option<tokio::signal::unix::Signal>| async move {
            match stream {
                Some(mut stream) => {
                    stream.recv().await;
                }
                // No handler: never resolve this branch, rely on the other one.
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            () = wait(interrupt) => {},
            () = wait(terminate) => {},
        }
    }
}

/// Resolves on Ctrl-C.
#[cfg(not(unix))]
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
