//! `sudoku serve --site DIR`: the static build's engine files served next to the API, and the
//! page flagged to run them in the browser (the browser side is e2e/serve-site.test.mjs).

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use std::path::PathBuf;
use std::time::Duration;
use sudoku_server::{router, Config, Limits, Site, SiteError};
use tower::ServiceExt;

const FILES: [&str; 6] = [
    "sudokit/api.js",
    "sudokit/client.js",
    "sudokit/web.js",
    "sudokit/worker.js",
    "sudokit/wasm/sudokit_js.js",
    "sudokit/wasm/sudokit_js_bg.wasm",
];

/// A folder laid out as `scripts/site.sh`'s build, each file holding its own name (the module
/// with WebAssembly's magic first), removed on drop.
struct FakeSite(PathBuf);

impl FakeSite {
    fn new(tag: &str) -> FakeSite {
        let dir =
            std::env::temp_dir().join(format!("sudoku-site-test-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for name in FILES {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
            let body = if name.ends_with(".wasm") {
                format!("\0asm{name}")
            } else {
                format!("// {name}\n")
            };
            std::fs::write(&path, body).expect("written");
        }
        FakeSite(dir)
    }

    fn config(&self) -> Config {
        Config {
            site: Some(Site::load(&self.0).expect("a site")),
            ..Config::default()
        }
    }
}

impl Drop for FakeSite {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `GET path`: status, headers and body text.
async fn get(config: &Config, path: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let request = Request::get(path).body(Body::empty()).expect("a request");
    let response = router(config).oneshot(request).await.expect("a response");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

fn header_of(headers: &axum::http::HeaderMap, name: header::HeaderName) -> &str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

#[tokio::test]
async fn with_a_site_the_page_is_flagged_and_the_engine_files_are_served() {
    let fake = FakeSite::new("served");
    let config = Config {
        limits: Limits {
            logic_time: Duration::from_millis(1500),
            ..Limits::default()
        },
        ..fake.config()
    };
    let (status, _, page) = get(&config, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("<meta name=\"sudoku-engine\" content=\"wasm\">"),
        "{page}"
    );
    // The worker's budgets are the server's own.
    assert!(
        page.contains(
            "<meta name=\"sudoku-limits\" content=\"logic=1500 generate=5000 guesses=200000 attempts=50\">"
        ),
        "{page}"
    );
    for name in FILES {
        let (status, headers, body) = get(&config, &format!("/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        assert!(body.contains(name), "{name}: {body:?}");
        let kind = header_of(&headers, header::CONTENT_TYPE);
        let expected = if name.ends_with(".wasm") {
            "application/wasm"
        } else {
            "text/javascript"
        };
        assert!(kind.starts_with(expected), "{name}: {kind}");
        // The worker compiles the module under its own script's policy.
        let policy = header_of(&headers, header::CONTENT_SECURITY_POLICY);
        assert!(
            policy.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{name}: {policy}"
        );
    }
    let (status, _, worker) = get(&config, "/engine-worker.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(worker.contains("./sudokit/client.js"));
    // Only the package's files: nothing else of the folder.
    for path in [
        "/sudokit/",
        "/sudokit/index.js",
        "/sudokit/../Cargo.toml",
        "/index.html",
    ] {
        let (status, _, _) = get(&config, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    // And the API answers as ever.
    let request = Request::post("/api/solve")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            r#"{"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}"#,
        ))
        .expect("a request");
    let response = router(&config).oneshot(request).await.expect("a response");
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn without_a_site_the_page_uses_the_api_and_the_engine_files_are_not_found() {
    let config = Config::default();
    let (status, headers, page) = get(&config, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!page.contains("sudoku-engine"), "{page}");
    assert!(!page.contains("sudoku-limits"), "{page}");
    // The page itself never compiles WebAssembly.
    assert!(!header_of(&headers, header::CONTENT_SECURITY_POLICY).contains("wasm"));
    for name in FILES {
        let (status, _, body) = get(&config, &format!("/{name}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}");
        assert!(body.contains("--site"), "{name}: {body}");
    }
}

#[test]
fn a_folder_that_is_not_a_site_is_refused_at_start() {
    let fake = FakeSite::new("refused");
    std::fs::write(
        fake.0.join("sudokit/wasm/sudokit_js_bg.wasm"),
        "<!doctype html>",
    )
    .expect("w");
    let err = Site::load(&fake.0).expect_err("not a module");
    assert!(matches!(err, SiteError::NotWasm { .. }), "{err}");
    std::fs::remove_file(fake.0.join("sudokit/web.js")).expect("removed");
    let err = Site::load(&fake.0).expect_err("a file is missing");
    assert!(err.to_string().contains("web.js"), "{err}");
    assert!(Site::load(fake.0.join("nowhere")).is_err());
}
