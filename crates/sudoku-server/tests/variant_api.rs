//! `/api/variant/...` end to end in process, through the real router: every input form (a
//! line with `size`/`boxes`/`rules`, our JSON document as a string or an object, f-puzzles and
//! SudokuPad links), the answers' shapes, errors with their codes and reasons, budgets, and
//! seeded generation whose puzzles the engine proves unique. The classic endpoints keep
//! refusing variant fields.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use sudokit::format::variant::{self, Options};
use sudokit::solve::Count;
use sudoku_server::{router, Config, Limits};
use tower::ServiceExt;

async fn call(config: &Config, path: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = router(config).oneshot(request).await.expect("a response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {bytes:?}"));
    (status, json)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    call(&Config::default(), path, &body.to_string()).await
}

fn error(reply: (StatusCode, Value), status: StatusCode, code: &str) -> String {
    let (got, json) = reply;
    assert_eq!(got, status, "{json}");
    assert_eq!(json["error"]["code"], code, "{json}");
    json["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

const KILLER_DOC: &str = r#"{"size": 4, "givens": "1.....2...3.4...",
    "rules": [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}]}"#;

#[tokio::test]
async fn a_document_as_a_string_or_an_object_solves() {
    let object: Value = serde_json::from_str(KILLER_DOC).expect("JSON");
    for puzzle in [Value::String(KILLER_DOC.into()), object] {
        let (status, json) = post("/api/variant/solve", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{json}");
        assert_eq!(json["size"], 4);
        let solution = json["solution"].as_str().expect("a line");
        assert_eq!(solution.len(), 16);
        assert!(solution.starts_with("12"), "{solution}");
        assert_eq!(json["puzzle"]["rules"][0]["type"], "killer");
        assert!(["unique", "multiple"].contains(&json["status"].as_str().unwrap_or("")));
    }
}

#[tokio::test]
async fn a_line_takes_size_boxes_and_rules_from_fields() {
    let empty = ".".repeat(16);
    let (status, json) = post("/api/variant/count", json!({ "puzzle": empty })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(
        (json["count"].as_u64(), json["exact"].as_bool()),
        (Some(288), Some(true))
    );
    let (_, json) = post(
        "/api/variant/count",
        json!({ "puzzle": empty, "rules": ["diagonal"] }),
    )
    .await;
    assert_eq!(json["count"], 48);
    let (_, json) = post(
        "/api/variant/count",
        json!({ "puzzle": ".".repeat(36), "boxes": "3x2", "limit": 10 }),
    )
    .await;
    assert_eq!(
        (json["count"].as_u64(), json["exact"].as_bool()),
        (Some(10), Some(false))
    );
    let (_, json) = post(
        "/api/variant/check",
        json!({ "puzzle": "1234341221434321", "rules": [{"type": "anti-king"}] }),
    )
    .await;
    assert_eq!(json["status"], "none", "{json}");
}

#[tokio::test]
async fn f_puzzles_and_sudokupad_links_check() {
    let fpuzzles = r#"{"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{"value":2},{}],[{},{},{"value":3},{}],[{"value":4},{},{},{}]]}"#;
    let link = format!("https://f-puzzles.com/?load={}", lz_string(fpuzzles));
    let (status, json) = post("/api/variant/check", json!({ "puzzle": link })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["givens"], "1.....2...3.4...");
    assert_eq!(json["clues"], 4);
    let scl = format!(
        "https://sudokupad.app/scl{}",
        lz_string(
            "{ce:[[{v:1},,,],[,,{v:2},],[,,{v:3},],[{v:4},,,]],\
             re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
             [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}"
        )
    );
    let (status, same) = post("/api/variant/check", json!({ "puzzle": scl })).await;
    assert_eq!(status, StatusCode::OK, "{same}");
    assert_eq!(
        (same["givens"].clone(), same["status"].clone()),
        (json["givens"].clone(), json["status"].clone())
    );
}

/// lz-string's base64 form, through the library's reader's own dependency.
fn lz_string(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

#[tokio::test]
async fn bad_input_says_where_and_why() {
    let message = error(
        post(
            "/api/variant/solve",
            json!({ "puzzle": "5..............." }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
    assert!(message.contains("cell 1"), "{message}");
    let message = error(
        post(
            "/api/variant/solve",
            json!({ "puzzle": "https://sudokupad.app/abc123" }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
    assert!(message.contains("offline"), "{message}");
    let message = error(
        post(
            "/api/variant/count",
            json!({ "puzzle": ".".repeat(16), "rules": ["x-sums"] }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert!(message.contains("rules[0]"), "{message}");
    let message = error(
        post(
            "/api/variant/solve",
            json!({ "puzzle": ".".repeat(16), "colour": 1 }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert!(message.contains("colour"), "{message}");
    error(
        post(
            "/api/variant/solve",
            json!({ "puzzle": "12..21..........", "size": 4 }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no_solution",
    );
    // The classic endpoints keep their shape: a variant field is refused there.
    error(
        post(
            "/api/solve",
            json!({ "puzzle": ".".repeat(81), "rules": ["diagonal"] }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
}

#[tokio::test]
async fn budgets_bound_every_search() {
    let tight = Config {
        limits: Limits {
            guesses: 20,
            ..Limits::default()
        },
        ..Config::default()
    };
    let body = json!({ "puzzle": ".".repeat(625), "limit": 100000 }).to_string();
    let message = error(
        call(&tight, "/api/variant/count", &body).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "budget_exhausted",
    );
    assert!(message.contains("guesses"), "{message}");
    let no_time = Config {
        limits: Limits {
            generate_time: std::time::Duration::ZERO,
            ..Limits::default()
        },
        ..Config::default()
    };
    error(
        call(&no_time, "/api/variant/generate", "{}").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "budget_exhausted",
    );
}

#[tokio::test]
async fn generate_is_seeded_unique_and_carries_its_rules() {
    let body = json!({ "boxes": "2x3", "rules": ["anti-knight"], "killer": true, "seed": 12 });
    let (status, json) = post("/api/variant/generate", body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    let (_, again) = post("/api/variant/generate", body).await;
    assert_eq!(json, again);
    assert_eq!(
        (json["seed"].as_u64(), json["index"].as_u64()),
        (Some(12), Some(0))
    );
    let document = json["puzzle"].to_string();
    let puzzle = variant::parse(&document, &Options::default())
        .expect("a document")
        .puzzle;
    assert!(puzzle.rules().iter().any(|r| r.name() == "killer"));
    assert!(puzzle.rules().iter().any(|r| r.name() == "anti-knight"));
    assert_eq!(sudokit::variant::count(&puzzle, 2), Count::Exact(1));
    let solution: Vec<u8> = json["solution"]
        .as_str()
        .expect("a line")
        .bytes()
        .map(|b| b - b'0')
        .collect();
    assert_eq!(puzzle.check(&solution), Ok(()));
    let (status, json) = post(
        "/api/variant/generate",
        json!({ "size": 4, "rules": ["anti-king"] }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{json}");
    assert_eq!(json["error"]["code"], "no_solution");
}
