//! Keeps `openapi.json` true: it documents exactly the routes of the table, each documented
//! operation reaches a handler, every `$ref` resolves, and its error codes are the server's.

use crate::error::ErrorCode;
use crate::routes::{table, OPENAPI};
use crate::{router, Config};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::Value;
use std::collections::BTreeSet;
use tower::ServiceExt;

fn document() -> Value {
    serde_json::from_str(OPENAPI).expect("openapi.json is JSON")
}

/// The (METHOD, path) pairs the document describes.
fn documented() -> BTreeSet<(String, String)> {
    let doc = document();
    let paths = doc["paths"].as_object().expect("a paths object");
    let mut ops = BTreeSet::new();
    for (path, item) in paths {
        let item = item.as_object().expect("a path item");
        for method in item.keys() {
            ops.insert((method.to_uppercase(), path.clone()));
        }
    }
    ops
}

#[test]
fn the_document_lists_exactly_the_routes_of_the_router() {
    let routed: BTreeSet<(String, String)> = table()
        .iter()
        .map(|route| (route.method.to_string(), route.path.to_string()))
        .collect();
    let documented = documented();
    let undocumented: Vec<_> = routed.difference(&documented).collect();
    let unrouted: Vec<_> = documented.difference(&routed).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from openapi.json: {undocumented:?}"
    );
    assert!(
        unrouted.is_empty(),
        "documented but not routed: {unrouted:?}"
    );
    assert!(documented.len() >= 12, "{documented:?}");
}

#[tokio::test]
async fn every_documented_operation_reaches_a_handler() {
    // With a site, so that its files are served too (without one they answer 404).
    let fake = crate::site::tests::FakeSite::new("openapi");
    let config = Config {
        site: Some(crate::Site::load(&fake.0).expect("a site")),
        ..Config::default()
    };
    for (method, path) in documented() {
        let app = router(&config);
        let method = Method::from_bytes(method.as_bytes()).expect("a method");
        // An empty body: POST handlers answer 400 (missing field) or 200 (generate), never
        // the router's 404 or 405.
        let request = Request::builder()
            .method(method.clone())
            .uri(&path)
            .body(Body::empty())
            .expect("a request");
        let response = app.oneshot(request).await.expect("a response");
        let status = response.status();
        assert!(
            status != StatusCode::NOT_FOUND && status != StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}: {status}"
        );
    }
    // And the converse for a path and a method that are not documented.
    let app = router(&Config::default());
    let request = Request::get("/api/nothing-here")
        .body(Body::empty())
        .expect("a request");
    let response = app.oneshot(request).await.expect("a response");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let app = router(&Config::default());
    let request = Request::delete("/api/solve")
        .body(Body::empty())
        .expect("a request");
    let response = app.oneshot(request).await.expect("a response");
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
}

/// Every `"$ref"` string in `value`.
fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("$ref", Value::String(target)) => out.push(target),
                    _ => refs(inner, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves_and_the_error_codes_are_the_servers() {
    let doc = document();
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 20, "{}", found.len());
    for target in found {
        let pointer = target.strip_prefix('#').expect("a local reference");
        assert!(doc.pointer(pointer).is_some(), "{target} does not resolve");
    }
    let codes: Vec<&str> = doc
        .pointer("/components/schemas/Error/properties/error/properties/code/enum")
        .and_then(Value::as_array)
        .expect("the code enum")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let ours: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(codes, ours);
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
}
